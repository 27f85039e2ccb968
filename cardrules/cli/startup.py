"""What the command reads before anything else: its language, and Ctrl-C during its start.

Importing the package takes a moment; a Ctrl-C in that moment would show Python's
``KeyboardInterrupt`` traceback. When this process is the ``cardrules`` command (the script, or
``python -m cardrules``), :func:`guard_start_up` makes such a Ctrl-C print one line and exit with
status 130 instead; :func:`cardrules.cli.main` ends the guard as it starts (from then on a
Ctrl-C is a ``KeyboardInterrupt`` that the command handles: an interrupted game still saves its
record). A program that merely imports the package keeps Python's own handling.

This module imports nothing of the package and next to nothing of Python, so that it can run
first (:mod:`cardrules.cli` imports it before anything else, and so should the package's
``__init__``). The command's language is read here too: :func:`lang_in_argv` and
:func:`env_lang`, any language of the catalogue (:func:`cardrules.words.languages`, imported
when they are called, under the guard).
"""

from __future__ import annotations

import os
import signal
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only: importing typing would slow the start this guards
    from collections.abc import Mapping, Sequence
    from types import FrameType

__all__ = ["INTERRUPTED", "end_start_up", "env_lang", "guard_start_up", "interrupted_line",
           "is_the_command", "lang_in_argv"]

def N_(message: str) -> str:
    """Mark ``message`` for the catalogue (:func:`cardrules.words.N_`, which this module does
    not import before the guard is on)."""
    return message


INTERRUPTED = N_("cardrules: interrupted (Ctrl-C)")
"""The one line a Ctrl-C prints outside a game (in a game: *Game abandoned.*): a message of the
catalogue, printed as it is (in English) if the Ctrl-C comes while the catalogue itself loads."""

INTERRUPTED_STATUS = 130
"""The exit status after a Ctrl-C (128 + SIGINT, as shells report it)."""


def lang_in_argv(argv: Sequence[str]) -> str | None:
    """The language named by ``--lang`` on the command line (the last one of the catalogue's
    languages wins), read before parsing so that argparse's own help and errors come out in it.

    Examples:
        >>> lang_in_argv(["play", "brisca", "--lang", "es"]), lang_in_argv(["--lang=en"])
        ('es', 'en')
        >>> lang_in_argv(["games", "--", "--lang", "es"]) is None
        True
    """
    from ..words import languages

    known = languages()
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in known:
            found = value
    return found


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: the locale's (``LC_ALL``, ``LC_MESSAGES`` or
    ``LANG``, the first one set) when the catalogue has it, else English.

    Examples:
        >>> env_lang({"LANG": "es_AR.UTF-8"}), env_lang({"LC_ALL": "C", "LANG": "es_ES"})
        ('es', 'en')
    """
    from ..words import SOURCE, languages

    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in languages() else SOURCE
    return SOURCE


def interrupted_line(lang: str) -> str:
    """The line a Ctrl-C prints, in ``lang``: the one line a Ctrl-C prints outside a game (in a
    game: *Game abandoned.*).

    Examples:
        >>> interrupted_line("es")
        'cardrules: interrumpido (Ctrl-C)'
    """
    from ..words import words

    return words(lang)._(INTERRUPTED)


def is_the_command(argv: Sequence[str] | None = None,
                   orig_argv: Sequence[str] | None = None) -> bool:
    """Whether this process is the ``cardrules`` command: the installed script, or
    ``python -m cardrules`` (while the package is imported, ``sys.argv[0]`` is still ``-m``;
    ``sys.orig_argv`` tells which module)."""
    argv = sys.argv if argv is None else argv
    orig: Sequence[str] = getattr(sys, "orig_argv", []) if orig_argv is None else orig_argv
    name = os.path.basename(argv[0]) if argv else ""
    if name in ("cardrules", "cardrules.exe", "cardrules-script.py"):
        return True
    for i, arg in enumerate(orig):
        if arg == "-m":
            return list(orig[i + 1:i + 2]) == ["cardrules"]
        if arg.startswith("-m") and not arg.startswith("--"):
            return arg == "-mcardrules"
    return False


def _quit(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C during the start: nothing is under way yet, so say so and leave at once."""
    argv = sys.argv[1:] if sys.argv else []
    try:
        line = interrupted_line(lang_in_argv(argv) or env_lang()) + "\n"
    except Exception:  # the catalogue was still loading (ImportError, NameError...)
        line = INTERRUPTED + "\n"
    try:  # noqa: SIM105  # (contextlib is not imported yet)
        os.write(2, line.encode("utf-8", "replace"))
    except OSError:  # standard error closed: leave quietly all the same
        pass
    os._exit(INTERRUPTED_STATUS)


def guard_start_up() -> None:
    """When this process is the ``cardrules`` command and Ctrl-C still has Python's default
    handling, make a Ctrl-C print one line and exit with status 130 until :func:`end_start_up`.
    """
    if not is_the_command():
        return
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _quit)
    except ValueError:  # not the main thread: leave Ctrl-C alone
        pass


def end_start_up() -> None:
    """The command has started: from now on a Ctrl-C raises ``KeyboardInterrupt`` again."""
    try:
        if signal.getsignal(signal.SIGINT) is _quit:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:
        pass


guard_start_up()
