"""The ``cardrules`` command: list the games, replay a deal record, play a deal against bots.

Every message comes in English and Spanish (``--lang es``, or a Spanish locale in ``LC_ALL``,
``LC_MESSAGES`` or ``LANG``; ``--lang`` wins). The commands:

* ``cardrules games [GAME]``: each game's id, title, player counts and options;
* ``cardrules replay FILE [--json]``: replay a deal record (``-`` reads standard input) and tell
  how the deal went, or print :func:`cardrules.summary` as JSON;
* ``cardrules play GAME --players N [--seed S] [--seat K] [--bot pimc|greedy|random]
  [--level easy|normal|hard] [--option NAME=VALUE ...] [--save FILE] [--auto]``: play a deal in
  the terminal against bots (the search bot, pimc, by default; ``--auto``: bots play every seat),
  with ``hint`` at the prompt for the search bot's view of each choice;
* ``cardrules term WORD``: explain a word of the games from the glossary (any form: ``arrastro``,
  ``pourrie``), with its definition, games and an example.

A user mistake (a missing file, a malformed record, an unknown game, a bad option) prints one line
on standard error and exits with status 2; no traceback.

The package follows the flow record → game → steps → narration → terminal:

* :mod:`~cardrules.cli.arguments`: the parser, its Spanish, and the values it reads;
* :mod:`~cardrules.cli.commands`: the four subcommands;
* :mod:`~cardrules.cli.session`: a deal played at the terminal (bots, the prompt, the answers);
* :mod:`~cardrules.cli.render`: printing steps in the narration's words, the status, the end;
* :mod:`~cardrules.cli.text`: the command's own messages (the narration has its own).

Examples:
    >>> main(["games", "brisca", "--lang", "es"])  # doctest: +ELLIPSIS
    brisca  Brisca (España)
      jugadores: 2, 3, 4, 6
    ...
    0
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from ..errors import Lang
from . import commands
from .arguments import PROG, Failure, UsageError, build_parser, lang_in_argv, translate_argparse
from .text import env_lang, text

__all__ = ["main"]

_COMMANDS: dict[str, Callable[[argparse.Namespace, Lang], int]] = {
    "games": commands.games,
    "replay": commands.replay_command,
    "play": commands.play,
    "term": commands.term,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardrules`` command line.

    Args:
        argv: the arguments, without the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0 for success, 2 for a user mistake (bad arguments, a malformed
        record), 1 when an interactive game ends because its input closed.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = lang_in_argv(args_list) or env_lang()
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
    try:
        return _COMMANDS[args.command](args, lang)
    except Failure as failure:
        _error_line(f"{PROG} {args.command}", failure.message, lang)
        return 2
    except BrokenPipeError:  # e.g. `cardrules replay x.json | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _error_line(prog: str, message: str, lang: Lang, *, hint: bool = False) -> None:
    line = f"{prog}: {text('error', lang)}: {message}"
    if hint:
        line += f" ({text('see_help', lang, prog=prog)})"
    print(" ".join(line.split("\n")), file=sys.stderr)


def _tolerant_output() -> None:
    """Never crash on a card name the terminal cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a closed or odd stream
                reconfigure(errors="replace")
