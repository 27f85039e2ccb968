"""The rulebook site, built once per test run and shared by every test that needs it.

The build (``scripts/build_site.sh``: the wheel, both languages, ``--strict``) takes the better
part of a minute, so the browser tests and ``tests/test_site.py`` share one. Under pytest-xdist
each worker is its own process: the first to ask builds into the run's shared temporary folder
while holding a lock, the others wait and reuse it (a failed build is remembered too, so every
worker reports the same failure instead of building again).

``CARDRULES_SITE=<folder>`` skips the build and uses a site built beforehand.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's temporary folder, the same for every xdist worker of the run."""
    base = tmp_path_factory.getbasetemp()
    # Each worker gets <run>/popen-gw<N>; their parent belongs to this run only.
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the built site (built by the first caller of the run, then reused).

    Fails the calling test, with the end of the build's output, if the site does not build.
    """
    given = os.environ.get("CARDRULES_SITE")
    if given:
        return Path(given)
    folder = _shared_folder(tmp_path_factory)
    out = folder / "site"
    outcome = folder / "site-build.json"
    with (folder / "site-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # held while building: the other workers wait here
        if not outcome.exists():
            env = {**os.environ, "PYTHON": sys.executable, "NO_MKDOCS_2_WARNING": "1"}
            done = subprocess.run(["bash", str(ROOT / "scripts" / "build_site.sh"), str(out)],
                                  cwd=ROOT, env=env, capture_output=True, text=True,
                                  timeout=600, check=False)
            outcome.write_text(json.dumps({"code": done.returncode,
                                           "output": (done.stdout + done.stderr)[-6000:]}))
    result = json.loads(outcome.read_text())
    if result["code"] != 0:
        pytest.fail(f"the site does not build:\n{result['output']}", pytrace=False)
    return out
