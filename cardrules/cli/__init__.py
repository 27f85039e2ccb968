"""The ``cardrules`` command: list the games, replay a deal record, play a deal against bots.

Every message comes in each language of the catalogue of words (:mod:`cardrules.words`:
English, Spanish...), chosen with ``--lang es`` or by the locale in ``LC_ALL``, ``LC_MESSAGES``
or ``LANG`` (``--lang`` wins). The commands:

* ``cardrules games [GAME]``: each game's id, title, player counts and options;
* ``cardrules replay FILE [--json]``: replay a deal record (``-`` reads standard input) and tell
  how the deal went, or print :func:`cardrules.summary` as JSON;
* ``cardrules analyse RECORD [--seat N] [--worlds W] [--json]``: weigh one player's decisions
  in a recorded deal (:mod:`~cardrules.cli.analyse`);
* ``cardrules play [GAME] [--daily] --players N [--seed S] [--seat K] [--bot pimc|greedy|random]
  [--level easy|normal|hard] [--option NAME=VALUE ...] [--save FILE [--force]] [--auto]``: play a
  deal in the terminal against bots (the search bot, pimc, by default; ``--auto``: bots play every
  seat), with ``hint`` at the prompt for the search bot's view of each choice;
* ``cardrules term WORD``: explain a word of the games from the glossary (any form: ``arrastro``,
  ``pourrie``), with its definition, games and an example.

A user mistake (a missing file, a malformed record, an unknown game, a bad option, a ``--save``
file that exists) prints one line on standard error and exits with status 2; no traceback. What
the line quotes of the input is escaped and cut (:func:`cardrules.core.errors.shown`). A record is
read up to :data:`cardrules.record.MAX_RECORD_CHARS` bytes, never more. Ctrl-C prints one line and
exits with status 130 at any moment (:mod:`~cardrules.cli.startup`); in a game it abandons the
deal, whose record ``--save`` still writes.

The package follows the flow record → game → steps → narration → terminal:

* :mod:`~cardrules.cli.startup`: the language and Ctrl-C, read before anything else;
* :mod:`~cardrules.cli.arguments`: the parser, in the reader's language, and the values it reads;
* :mod:`~cardrules.cli.commands`: the four subcommands;
* :mod:`~cardrules.cli.session`: a deal played at the terminal (bots, the prompt, the answers);
* :mod:`~cardrules.cli.render`: printing steps in the narration's words, the status, the end;
* :mod:`~cardrules.cli.text`: input shown safely (the command's sentences are the catalogue's).

Examples:
    >>> main(["games", "brisca", "--lang", "es"])  # doctest: +ELLIPSIS
    brisca  Brisca (España)
      jugadores: 2, 3, 4, 6
    ...
    0
"""

from __future__ import annotations

# First: guard Ctrl-C while the rest is imported (see .startup).
from .startup import end_start_up, env_lang, interrupted_line, lang_in_argv

# isort: split
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..words import Lang

__all__ = ["main"]

# The package's modules are imported by main(), after the start-up guard (see .startup).


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardrules`` command line.

    Args:
        argv: the arguments, without the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0 for success, 2 for a user mistake (bad arguments, a malformed
        record, a ``--save`` file that exists), 1 when an interactive game ends because its
        input closed or its record could not be written, or when standard output is closed
        or full, 130 after Ctrl-C (143 after ``SIGTERM``, 129 after ``SIGHUP`` in a game).
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang: Lang = lang_in_argv(args_list) or env_lang()
    try:
        end_start_up()
        return _run(args_list, lang)
    except (KeyboardInterrupt, Exception) as error:
        if not _interrupted(error):
            raise
        _to_stderr(interrupted_line(lang))
        return 130


def _interrupted(error: BaseException) -> bool:
    """Whether ``error`` is a Ctrl-C or was caused by one: Python 3.11 wraps one that comes while
    a class is being made (in ``__set_name__``) in a ``RuntimeError``."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _run(args_list: list[str], lang: Lang) -> int:
    from ..words import words
    from . import analyse, commands
    from .arguments import PROG, Failure, UsageError, build_parser, translate_argparse

    _tolerant_output()
    parser = build_parser(lang)
    try:
        args = parser.parse_args(args_list)
    except UsageError as error:
        _error_line(error.prog, translate_argparse(error.message, lang), lang, hint=True)
        return 2
    except SystemExit as stop:  # -h / --help
        return stop.code if isinstance(stop.code, int) else 0
    lang = args.lang or lang
    run = {
        "games": commands.games,
        "replay": commands.replay_command,
        "analyse": analyse.analyse_command,
        "play": commands.play,
        "term": commands.term,
    }[args.command]
    if sys.stdout is None:  # file descriptor 1 was closed before Python started (`>&-`)
        message = words(lang)._("cannot write to standard output: it is closed")
        _error_line(f"{PROG} {args.command}", message, lang)
        return 1
    try:
        return run(args, lang)
    except Failure as failure:
        _error_line(f"{PROG} {args.command}", failure.message, lang)
        return 2
    except BrokenPipeError:  # e.g. `cardrules replay x.json | head`
        _silence_stdout()
        return 1
    except OSError as error:  # standard output is full, or gone (`> /dev/full`)
        _silence_stdout()
        reason = commands.os_reason(error, lang)
        message = words(lang)._("cannot write to standard output: {reason}", reason=reason)
        _error_line(f"{PROG} {args.command}", message, lang)
        return 1


def _silence_stdout() -> None:
    """Send what is left of the output nowhere (so that Python's exit does not fail on it)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _error_line(prog: str, message: str, lang: Lang, *, hint: bool = False) -> None:
    from ..words import words

    w = words(lang)
    line = w._("{prog}: error: {message}", prog=prog, message=message)
    if hint:
        line += " " + w._("(see {prog} -h)", prog=prog)
    _to_stderr(" ".join(line.split("\n")))


def _to_stderr(line: str) -> None:
    """Print ``line`` on standard error; nowhere if it is closed (``print`` would take standard
    output instead) or failing."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr)


def _tolerant_output() -> None:
    """Never crash on a card name the terminal cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a closed or odd stream
                reconfigure(errors="replace")
