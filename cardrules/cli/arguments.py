"""The command line's arguments: the parser, in English or Spanish, and the values it reads.

The parser is :mod:`argparse`, localised: its titles, help lines and usage prefix come from the
CLI's catalogue (:mod:`cardrules.cli.text`), and its error messages are translated into Spanish
by :data:`~cardrules.cli.text.ARGPARSE_ES` and tidied (:func:`tidy`: what they quote of the
command line is escaped and cut). The language is read from the command line before parsing
(:func:`~cardrules.cli.startup.lang_in_argv`), so that ``--help`` and usage errors already speak
it.

Values argparse leaves as text are read here: whole numbers (:func:`whole_number`, for
``--players``, ``--seed``, ``--seat``) and game options (:func:`parse_options`, for
``--option NAME=VALUE``). A bad value raises :class:`Failure`, a user mistake already worded,
which quotes the value with :func:`cardrules.core.errors.shown`.
"""

from __future__ import annotations

import argparse
import json
import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from ..bots import LEVELS
from ..core.errors import SHOWN_LIMIT, Lang, shown
from ..games import GAMES
from .text import ARGPARSE_ES, text, visible

if TYPE_CHECKING:
    from argparse import _MutuallyExclusiveGroup

PROG = "cardrules"
"""The command's name, as it shows in usage lines and errors."""

COMMANDS = ("games", "replay", "play", "term")
"""The subcommands, in the order the help lists them."""

MAX_DIGITS = 4300
"""The longest whole number read from the command line or the prompt, in digits (Python's own
limit for reading a number; no seed, player count or seat comes near it)."""

PLAY_BOTS = ("pimc", "greedy", "random")
"""The bots ``--bot`` offers, the default first (the names :func:`cardrules.bots.make_bot`
knows)."""


class Failure(Exception):
    """A user mistake, already worded in the chosen language: :func:`cardrules.cli.main` prints
    it on one line and exits with status 2."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        """The message, in the user's language."""


class UsageError(Exception):
    """A mistake argparse found in the arguments (printed with a pointer to ``-h``)."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog
        """The command it is about: ``cardrules`` or ``cardrules play``..."""
        self.message = message
        """argparse's own message, in English."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are raised rather than printed."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.prog, message)


def translate_argparse(message: str, lang: Lang) -> str:
    """argparse's error ``message`` in ``lang`` (argparse only speaks English), tidied.

    Examples:
        >>> translate_argparse("unrecognized arguments: --fast", "es")
        'argumentos no reconocidos: --fast'
    """
    message = tidy(message)
    if lang == "es":
        for pattern, replacement in ARGPARSE_ES:
            if re.fullmatch(pattern, message):
                return re.sub(pattern, replacement, message)
    return message


MESSAGE_LIMIT = 300
"""The longest argparse message shown, in characters (it quotes the command line)."""


def tidy(message: str) -> str:
    """argparse's ``message`` with what it quotes of the command line made safe to print: control
    characters escaped, every word cut at :data:`~cardrules.core.errors.SHOWN_LIMIT` characters and
    the whole at :data:`MESSAGE_LIMIT`.

    Examples:
        >>> tidy("unrecognized arguments: \x1b[2J " + "x" * 60)
        'unrecognized arguments: \\\\x1b[2J xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    """
    words = " ".join(visible(word, SHOWN_LIMIT) for word in message.split(" "))
    return visible(words, MESSAGE_LIMIT)


def _formatter(lang: Lang) -> type[argparse.HelpFormatter]:
    class Formatter(argparse.RawDescriptionHelpFormatter):
        def add_usage(
            self,
            usage: str | None,
            actions: Iterable[argparse.Action],
            groups: Iterable[_MutuallyExclusiveGroup],
            prefix: str | None = None,
        ) -> None:
            if prefix is None:
                prefix = text("usage_prefix", lang)
            super().add_usage(usage, actions, groups, prefix)

    return Formatter


def _localize(parser: argparse.ArgumentParser, lang: Lang) -> None:
    parser._positionals.title = text("positionals_title", lang)
    parser._optionals.title = text("options_title", lang)
    parser.add_argument("-h", "--help", action="help", help=text("help_help", lang))


def build_parser(lang: Lang) -> argparse.ArgumentParser:
    """The ``cardrules`` parser, its help in ``lang``. The chosen subcommand is in
    ``args.command``; usage mistakes raise :class:`UsageError`."""
    formatter = _formatter(lang)
    parser = _Parser(
        prog=PROG,
        description=textwrap.fill(text("prog_description", lang), 78),
        epilog=text("prog_epilog", lang),
        formatter_class=formatter,
        add_help=False,
        allow_abbrev=False,
    )
    _localize(parser, lang)
    parser.add_argument("--lang", choices=("en", "es"), default=None, help=text("help_lang", lang))
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        title=text("commands_title", lang),
        metavar="{" + ",".join(COMMANDS) + "}",
    )

    def command(name: str, help_key: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(
            name,
            help=text(help_key, lang),
            description=textwrap.fill(text(help_key, lang), 78),
            formatter_class=formatter,
            add_help=False,
            allow_abbrev=False,
        )
        _localize(sub, lang)
        sub.add_argument(
            "--lang", choices=("en", "es"), default=argparse.SUPPRESS, help=text("help_lang", lang)
        )
        return sub

    games = command("games", "help_games")
    games.add_argument("game", nargs="?", help=text("help_games_game", lang))

    replay = command("replay", "help_replay")
    replay.add_argument("file", metavar="FILE", help=text("help_replay_file", lang))
    replay.add_argument("--json", action="store_true", help=text("help_replay_json", lang))

    play = command("play", "help_play")
    play.add_argument("game", metavar="GAME", help=text("help_play_game", lang,
                                                        games=", ".join(GAMES)))
    play.add_argument("--players", metavar="N", help=text("help_players", lang))
    play.add_argument("--seed", metavar="S", help=text("help_seed", lang))
    play.add_argument("--seat", metavar="K", default="0", help=text("help_seat", lang))
    play.add_argument("--bot", choices=PLAY_BOTS, default="pimc", help=text("help_bot", lang))
    play.add_argument("--level", choices=tuple(LEVELS), default="normal",
                      help=text("help_level", lang))
    play.add_argument("--option", metavar="NAME=VALUE", action="append", default=[],
                      help=text("help_option", lang))
    play.add_argument("--save", metavar="FILE", help=text("help_save", lang))
    play.add_argument("--force", action="store_true", help=text("help_force", lang))
    play.add_argument("--auto", action="store_true", help=text("help_auto", lang))

    term = command("term", "help_term")
    term.add_argument("word", metavar="WORD", help=text("help_term_word", lang))
    return parser


def whole_number(value: str | None, flag: str, lang: Lang) -> int | None:
    """The whole number given to ``flag`` (``None`` if it was not given).

    Raises:
        Failure: the value is not a whole number, or has over :data:`MAX_DIGITS` digits.

    Examples:
        >>> whole_number(" 7", "--seed", "en"), whole_number(None, "--seed", "en")
        (7, None)
        >>> whole_number("two", "--players", "es")
        Traceback (most recent call last):
        ...
        cardrules.cli.arguments.Failure: --players debe ser un número entero, no 'two'
        >>> whole_number("9" * 5000, "--seed", "en")
        Traceback (most recent call last):
        ...
        cardrules.cli.arguments.Failure: --seed is far too big: a number of 5000 digits
    """
    if value is None:
        return None
    if not re.fullmatch(r"\s*[+-]?\d+\s*", value):
        raise Failure(text("bad_number", lang, flag=flag, text=shown(value, lang)))
    return read_whole_number(value.strip(), flag, lang)


def read_whole_number(digits: str, flag: str, lang: Lang) -> int:
    """``digits`` (an optional sign, then digits) as a number; too many digits raise
    :class:`Failure` naming ``flag`` (what the number was given for)."""
    count = len(digits.lstrip("+-").lstrip("0"))
    if count > MAX_DIGITS:
        raise Failure(text("number_too_long", lang, flag=flag, digits=count))
    try:
        return int(digits)
    except ValueError:  # a lower limit set for this Python (PYTHONINTMAXSTRDIGITS)
        raise Failure(text("number_too_long", lang, flag=flag, digits=count)) from None


def parse_options(items: Sequence[str], lang: Lang) -> dict[str, Any]:
    """Game options from ``NAME=VALUE`` pairs: ``true``/``false``, whole numbers and ``null``
    are read as such, anything else is text (the game checks the values).

    Raises:
        Failure: an item is not ``NAME=VALUE``, or its value is a number of over
            :data:`MAX_DIGITS` digits.

    Examples:
        >>> parse_options(["claim=true", "exchange = none", "tie=null", "cards=40"], "en")
        {'claim': True, 'exchange': 'none', 'tie': None, 'cards': 40}
    """
    options: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise Failure(text("bad_option_syntax", lang, text=shown(item, lang)))
        options[name] = _option_value(raw.strip(), f"--option {shown(name, lang)}", lang)
    return options


def _option_value(raw: str, flag: str, lang: Lang) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "null":
        return None
    if re.fullmatch(r"[+-]?\d+", raw):
        return read_whole_number(raw, flag, lang)
    return raw


def option_value_text(value: Any) -> str:
    """An option value as written on the command line: ``null``, ``true``, ``3``, ``spanish``.

    Examples:
        >>> [option_value_text(v) for v in (None, True, 3, "spanish")]
        ['null', 'true', '3', 'spanish']
    """
    if isinstance(value, str):
        return value
    return json.dumps(value)
