"""``python -m cardrules``: the same as the ``cardrules`` command (see :mod:`cardrules.cli`)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
