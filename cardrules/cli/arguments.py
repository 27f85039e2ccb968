"""The command line's arguments: the parser, in the reader's language, and the values it reads.

The parser is :mod:`argparse`, localised: its titles, help lines and usage prefix are messages of
the catalogue of words (:mod:`cardrules.words`), and so are its error messages
(:data:`ARGPARSE`: argparse itself speaks English only), tidied (:func:`tidy`: what they quote of
the command line is escaped and cut). The language is read from the command line before parsing
(:func:`~cardrules.cli.startup.lang_in_argv`), so that ``--help`` and usage errors already speak
it; ``--lang`` takes every language of the catalogue (:func:`cardrules.words.languages`).

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
from typing import TYPE_CHECKING, Any, Final, NoReturn

from ..analysis.seat import OTHERS
from ..bots import LEVELS
from ..core.errors import SHOWN_LIMIT, shown
from ..games import GAMES
from ..words import N_, Lang, languages, words
from .text import visible

if TYPE_CHECKING:
    from argparse import _MutuallyExclusiveGroup

PROG = "cardrules"
"""The command's name, as it shows in usage lines and errors."""

COMMANDS = ("games", "replay", "analyse", "play", "term")
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


ARGPARSE: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern), message) for pattern, message in (
        (r"the following arguments are required: (?P<names>.*)",
         N_("the following arguments are required: {names}")),
        (r"unrecognized arguments: (?P<names>.*)", N_("unrecognized arguments: {names}")),
        (r"argument (?P<name>.+?): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)",
         N_("argument {name}: invalid choice: {value} (choose from {choices})")),
        (r"argument (?P<name>.+?): expected one argument",
         N_("argument {name}: expected one argument")),
        (r"argument (?P<name>.+?): expected at most one argument",
         N_("argument {name}: expected at most one argument")),
        (r"argument (?P<name>.+?): ignored explicit argument (?P<value>.*)",
         N_("argument {name}: ignored explicit argument {value}")),
        (r"argument (?P<name>.+?): invalid \S+ value: (?P<value>.*)",
         N_("argument {name}: invalid value: {value}")),
        (r"ambiguous option: (?P<name>\S+) could match (?P<choices>.*)",
         N_("ambiguous option: {name} could match {choices}")),
        (r"argument (?P<name>.+?): not allowed with argument (?P<other>.*)",
         N_("argument {name}: not allowed with argument {other}")),
    )
)
"""argparse's error messages as messages of the catalogue: a regular expression that reads
one (argparse speaks English only), and the message that says it, with the same fields."""


def translate_argparse(message: str, lang: Lang) -> str:
    """argparse's error ``message`` in ``lang``, tidied; as argparse wrote it when the
    catalogue has no such message.

    Examples:
        >>> translate_argparse("unrecognized arguments: --fast", "es")
        'argumentos no reconocidos: --fast'
    """
    message = tidy(message)
    for pattern, said in ARGPARSE:
        found = pattern.fullmatch(message)
        if found is not None:
            return words(lang)._(said, **found.groupdict())
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
    said = " ".join(visible(word, SHOWN_LIMIT) for word in message.split(" "))
    return visible(said, MESSAGE_LIMIT)


def language_names() -> str:
    """Every language of the catalogue, by code and by its own name: ``en (English), es
    (español)``.

    Examples:
        >>> language_names()
        'en (English), es (español)'
    """
    named = []
    for code in languages():
        name = words(code).p_("the name of this language, in it", "English")
        named.append(f"{code} ({name})")
    return ", ".join(named)


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
                prefix = words(lang)._("usage: ")
            super().add_usage(usage, actions, groups, prefix)

    return Formatter


def _localize(parser: argparse.ArgumentParser, lang: Lang) -> None:
    w = words(lang)
    parser._positionals.title = w._("arguments")
    parser._optionals.title = w._("options")
    parser.add_argument("-h", "--help", action="help", help=w._("show this help and exit"))


def build_parser(lang: Lang) -> argparse.ArgumentParser:
    """The ``cardrules`` parser, its help in ``lang``. The chosen subcommand is in
    ``args.command``; usage mistakes raise :class:`UsageError`."""
    w = words(lang)
    formatter = _formatter(lang)
    parser = _Parser(
        prog=PROG,
        description=textwrap.fill(w._(
            "Play and replay Spanish-deck trick-taking games: Briscola, Brisca, Briscas, "
            "Alcalde, Aluette..."), 78),
        epilog=w._(
            "examples:\n"
            "  cardrules games                               the games and their options\n"
            "  cardrules play brisca --players 2 --seed 3    a deal against a bot\n"
            "  cardrules play briscas --players 4 --auto     watch four bots play\n"
            "  cardrules replay examples/brisca-2p.json      how a recorded deal went\n"
            "  cardrules replay deal.json --json             the same as JSON"),
        formatter_class=formatter,
        add_help=False,
        allow_abbrev=False,
    )
    _localize(parser, lang)
    lang_help = w._("language of the messages: {languages}; default: from the LANG environment "
                    "variable, else English", languages=language_names())
    parser.add_argument("--lang", choices=languages(), default=None, help=lang_help)
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        title=w._("commands"),
        metavar="{" + ",".join(COMMANDS) + "}",
    )

    def command(name: str, about: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(
            name,
            help=about,
            description=textwrap.fill(about, 78),
            formatter_class=formatter,
            add_help=False,
            allow_abbrev=False,
        )
        _localize(sub, lang)
        sub.add_argument("--lang", choices=languages(), default=argparse.SUPPRESS, help=lang_help)
        return sub

    games = command("games", w._("list the games, their player counts and their options"))
    games.add_argument("game", nargs="?", help=w._("show only this game"))

    replay = command("replay", w._("replay a deal record and tell how the deal went"))
    replay.add_argument("file", metavar="FILE",
                        help=w._("the deal record (a JSON file); - reads standard input"))
    replay.add_argument("--json", action="store_true",
                        help=w._("print the tricks and the result as one JSON object"))

    analyse = command("analyse", w._(
        "weigh every decision of one player in a recorded deal with the search, and mark the "
        "inaccuracies, mistakes and blunders"))
    analyse.add_argument("file", metavar="RECORD",
                         help=w._("the deal record (a JSON file); - reads standard input"))
    analyse.add_argument("--seat", metavar="N", default="0", help=w._(
        "the player's seat, from 0 (seat 0 leads the first trick); default 0"))
    analyse.add_argument("--worlds", metavar="W", default=str(LEVELS["normal"]), help=w._(
        "imagined deals to weigh each decision in (fewer in long games); default {worlds}",
        worlds=LEVELS["normal"]))
    analyse.add_argument("--level", choices=tuple(LEVELS), default="normal", help=w._(
        "the level of the bot in the player's seat: easy, normal or hard; default normal"))
    analyse.add_argument("--others", choices=OTHERS, default="normal", help=w._(
        "for the bot in the player's seat: the bots in the other seats once its deal differs "
        "from the record (easy, normal, hard: the search bot; greedy; random); default normal"))
    analyse.add_argument("--json", action="store_true", help=w._(
        "print the analysis as one JSON object"))

    play = command("play", w._("play a deal in the terminal against bots"))
    play.add_argument("game", metavar="GAME", nargs="?", help=w._(
        "the game: {games} (see the games command); with --daily, default brisca",
        games=", ".join(GAMES)))
    play.add_argument("--daily", action="store_true", help=w._(
        "play the deal of the day: the same cards for everyone today (from the date)"))
    play.add_argument("--players", metavar="N",
                      help=w._("number of players (default: the smallest the game allows)"))
    play.add_argument("--seed", metavar="S", help=w._(
        "deal from this seed (0 to 2**64-1) to get the same cards again"))
    play.add_argument("--seat", metavar="K", default="0", help=w._(
        "your seat, from 0 (seat 0 leads the first trick); default 0"))
    play.add_argument("--bot", choices=PLAY_BOTS, default="pimc", help=w._(
        "how the bots play: pimc (a search: plays out deals that fit what it can see), greedy "
        "(the cheapest card that wins) or random; default pimc"))
    play.add_argument("--level", choices=tuple(LEVELS), default="normal", help=w._(
        "how strong the pimc bots and the hints are: easy, normal or hard (the stronger, the "
        "more deals played out per decision, and the slower); default normal"))
    play.add_argument("--option", metavar="NAME=VALUE", action="append", default=[], help=w._(
        "set a game option, e.g. --option exchange=none (repeatable; values: true, false, "
        "numbers, null or text)"))
    play.add_argument("--save", metavar="FILE", help=w._(
        "write the deal record (JSON) to this file at the end, even if the game is abandoned; "
        "the file must not exist yet (see --force)"))
    play.add_argument("--force", action="store_true",
                      help=w._("with --save: replace the file if it already exists"))
    play.add_argument("--auto", action="store_true",
                      help=w._("bots play every seat; print the whole deal"))

    term = command("term", w._(
        "explain a word of the games (from the glossary), in any of its forms"))
    term.add_argument("word", metavar="WORD",
                      help=w._("the word, e.g. arrastro, fallar, pourrie, carico"))
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
    if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", value):  # ASCII digits, as a link's
        raise Failure(words(lang)._("{flag} must be a whole number, not {text}", flag=flag,
                                    text=shown(value, lang)))
    return read_whole_number(value.strip(), flag, lang)


def read_whole_number(digits: str, flag: str, lang: Lang) -> int:
    """``digits`` (an optional sign, then digits) as a number; too many digits raise
    :class:`Failure` naming ``flag`` (what the number was given for)."""
    count = len(digits.lstrip("+-").lstrip("0"))
    too_long = Failure(words(lang).n_("{flag} is far too big: a number of {n} digit",
                                      "{flag} is far too big: a number of {n} digits", count,
                                      flag=flag))
    if count > MAX_DIGITS:
        raise too_long
    try:
        return int(digits)
    except ValueError:  # a lower limit set for this Python (PYTHONINTMAXSTRDIGITS)
        raise too_long from None


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
            raise Failure(words(lang)._("--option {text}: write NAME=VALUE, e.g. exchange=none",
                                        text=shown(item, lang)))
        options[name] = _option_value(raw.strip(), f"--option {shown(name, lang)}", lang)
    return options


def _option_value(raw: str, flag: str, lang: Lang) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "null":
        return None
    if re.fullmatch(r"[+-]?[0-9]+", raw):
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
