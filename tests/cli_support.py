"""What the CLI test files share: running ``cardrules`` in-process."""

from __future__ import annotations

import io
import sys

import pytest

from cardrules.cli import main


def run(
    capsys: pytest.CaptureFixture[str], *args: str, stdin: str | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    """Run ``main`` in-process; the exit status, stdout and stderr."""
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err
