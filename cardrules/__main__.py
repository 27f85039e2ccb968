"""``python -m cardrules``: the same as the ``cardrules`` command (see :mod:`cardrules.cli`).

A Ctrl-C while it starts prints one line and exits with status 130 (:mod:`cardrules.cli.startup`
guards the start: ``sys.orig_argv`` tells it that this is ``-m cardrules``).
"""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
