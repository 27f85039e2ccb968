"""The ``cardrules`` command: list the games, replay a deal record, play a deal against bots.

Every message comes in English and Spanish (``--lang es``, or a Spanish locale in ``LC_ALL``,
``LC_MESSAGES`` or ``LANG``; ``--lang`` wins). The commands:

* ``cardrules games [GAME]``: each game's id, title, player counts and options;
* ``cardrules replay FILE [--json]``: replay a deal record (``-`` reads standard input) and tell
  how the deal went, or print :func:`cardrules.summary` as JSON;
* ``cardrules play GAME --players N [--seed S] [--seat K] [--bot greedy|random]
  [--option NAME=VALUE ...] [--save FILE] [--auto]``: play a deal in the terminal against bots
  (``--auto``: bots play every seat);
* ``cardrules term WORD``: explain a word of the games from the glossary (any form: ``arrastro``,
  ``pourrie``), with its definition, games and an example.

A user mistake (a missing file, a malformed record, an unknown game, a bad option) prints one line
on standard error and exits with status 2; no traceback.

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
import errno
import json
import os
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from .actions import (
    Action,
    Arrastro,
    Claim,
    Deal,
    Event,
    Exchange,
    Move,
    format_action,
    parse_action,
)
from .bots import Bot, GreedyBot, RandomBot
from .cards import Card
from .cli_text import ARGPARSE_ES, MESSAGES, env_lang, text
from .engine import Game, Phase, Rules
from .errors import CardrulesError, IllegalActionError, Lang
from .games import GAMES, rules_for
from .labels import label_play
from .record import load_record, new_game, replay, summary

if TYPE_CHECKING:
    from argparse import _MutuallyExclusiveGroup

__all__ = ["main"]

PROG = "cardrules"

_Input = Callable[[str], str]


# Entry point -----------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardrules`` command line.

    Args:
        argv: the arguments, without the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0 for success, 2 for a user mistake (bad arguments, a malformed
        record), 1 when an interactive game ends because its input closed.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_in_argv(args_list) or env_lang()
    _tolerant_output()
    parser = _build_parser(lang)
    try:
        args = parser.parse_args(args_list)
    except _UsageError as error:
        _error_line(error.prog, _translate_argparse(error.message, lang), lang, hint=True)
        return 2
    except SystemExit as stop:  # -h / --help
        return stop.code if isinstance(stop.code, int) else 0
    lang = args.lang or lang
    run: Callable[[argparse.Namespace, Lang], int] = args.run
    try:
        return run(args, lang)
    except _Failure as failure:
        _error_line(f"{PROG} {args.command}", failure.message, lang)
        return 2
    except BrokenPipeError:  # e.g. `cardrules replay x.json | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


class _Failure(Exception):
    """A user mistake, already worded in the chosen language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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


def _lang_in_argv(argv: Sequence[str]) -> Lang | None:
    """The language named by ``--lang`` on the command line, read before parsing (so that
    argparse's own help and errors come out in it)."""
    found: Lang | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value == "en":
            found = "en"
        elif value == "es":
            found = "es"
    return found


# The parser ------------------------------------------------------------------------------------


class _UsageError(Exception):
    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog
        self.message = message


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are raised (and printed by :func:`main` on one line)."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(self.prog, message)


def _translate_argparse(message: str, lang: Lang) -> str:
    if lang == "es":
        for pattern, replacement in ARGPARSE_ES:
            if re.fullmatch(pattern, message):
                return re.sub(pattern, replacement, message)
    return message


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


def _build_parser(lang: Lang) -> _Parser:
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
        metavar="{games,replay,play,term}",
    )

    def command(name: str, help_key: str, run: Callable[[argparse.Namespace, Lang], int]) -> Any:
        sub = commands.add_parser(
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
        sub.set_defaults(run=run)
        return sub

    games = command("games", "help_games", _cmd_games)
    games.add_argument("game", nargs="?", help=text("help_games_game", lang))

    rep = command("replay", "help_replay", _cmd_replay)
    rep.add_argument("file", metavar="FILE", help=text("help_replay_file", lang))
    rep.add_argument("--json", action="store_true", help=text("help_replay_json", lang))

    play = command("play", "help_play", _cmd_play)
    play.add_argument("game", metavar="GAME", help=text("help_play_game", lang,
                                                        games=", ".join(GAMES)))
    play.add_argument("--players", metavar="N", help=text("help_players", lang))
    play.add_argument("--seed", metavar="S", help=text("help_seed", lang))
    play.add_argument("--seat", metavar="K", default="0", help=text("help_seat", lang))
    play.add_argument("--bot", choices=("greedy", "random"), default="greedy",
                      help=text("help_bot", lang))
    play.add_argument("--option", metavar="NAME=VALUE", action="append", default=[],
                      help=text("help_option", lang))
    play.add_argument("--save", metavar="FILE", help=text("help_save", lang))
    play.add_argument("--auto", action="store_true", help=text("help_auto", lang))

    term = command("term", "help_term", _cmd_term)
    term.add_argument("word", metavar="WORD", help=text("help_term_word", lang))
    return parser


# cardrules term --------------------------------------------------------------------------------


def _cmd_term(args: argparse.Namespace, lang: Lang) -> int:
    from .glossary import term_command  # the glossary data is read only for this command

    status, out = term_command(args.word, lang)
    if status:
        raise _Failure(out)
    print(out)
    return 0


# cardrules games -------------------------------------------------------------------------------


def _cmd_games(args: argparse.Namespace, lang: Lang) -> int:
    ids: list[str] = list(GAMES)
    if args.game is not None:
        if args.game not in GAMES:
            try:
                rules_for(args.game)
            except CardrulesError as error:
                raise _Failure(error.message(lang)) from None
        ids = [args.game]
    out = sys.stdout
    for n, game_id in enumerate(ids):
        rules_type = GAMES[game_id]
        if n:
            print(file=out)
        print(f"{game_id}  {rules_type.title.get(lang, game_id)}", file=out)
        counts = ", ".join(str(c) for c in rules_type.player_counts)
        print("  " + text("players_line", lang, counts=counts), file=out)
        rows = rules_type.options_type.help(lang)
        if not rows:
            print("  " + text("no_options", lang), file=out)
            continue
        print("  " + text("options_head", lang), file=out)
        for name, choices, default, help_line in rows:
            line = text("option_line", lang, name=name, choices=choices,
                        default=_json_value(default))
            print("    " + line, file=out)
            if help_line:
                print("        " + help_line, file=out)
    return 0


def _json_value(value: Any) -> str:
    """An option value as written on the command line: null, true, 3, spanish."""
    if isinstance(value, str):
        return value
    return json.dumps(value)


# cardrules replay ------------------------------------------------------------------------------


def _cmd_replay(args: argparse.Namespace, lang: Lang) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    raw = _read_input(args.file, lang)
    try:
        data = load_record(raw)
        _check_actions_are_text(data, name, lang)
        game = replay(data)
    except CardrulesError as error:
        raise _Failure(text("bad_record", lang, file=name, message=error.message(lang))) from None
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError) as error:
        # Not a user-facing engine error, but still a record the engine could not read.
        detail = f"{type(error).__name__}: {error}"
        raise _Failure(text("malformed_record", lang, file=name, detail=detail)) from None
    if args.json:
        print(json.dumps(summary(game), indent=2, ensure_ascii=False))
        return 0
    names = list(game.names)
    narrator = _Narrator(game.rules, lang, names, me=None, out=sys.stdout)
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        print(title.strip())
    fresh = Game(game.rules, names=game.names, seed=game.seed)
    deal = game.log[0]
    assert isinstance(deal, Deal)
    fresh.deal(deal, checked=True)
    narrator.intro(fresh, seed=game.seed, show_hands=True)
    for action in game.log[1:]:
        narrator.trick_header(fresh)
        narrator.act(fresh, action)
    narrator.result(fresh)
    return 0


def _check_actions_are_text(data: dict[str, Any], name: str, lang: Lang) -> None:
    """Refuse non-text actions here: the engine would fail on them with an internal error."""
    actions = data.get("actions")
    if isinstance(actions, list):
        for i, action in enumerate(actions):
            if not isinstance(action, str):
                message = text("action_not_text", lang, i=i, value=json.dumps(action))
                raise _Failure(text("bad_record", lang, file=name, message=message))


def _read_input(file: str, lang: Lang) -> bytes:
    if file == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is not None:
            data: bytes = buffer.read()
            return data
        return sys.stdin.read().encode("utf-8")
    try:
        return Path(file).read_bytes()
    except OSError as error:
        reason = _os_reason(error, lang)
        raise _Failure(text("cannot_read", lang, file=file, reason=reason)) from None


def _os_reason(error: OSError, lang: Lang) -> str:
    keys = {errno.ENOENT: "os_enoent", errno.EACCES: "os_eacces", errno.EISDIR: "os_eisdir"}
    key = keys.get(error.errno or 0)
    if key is not None:
        return text(key, lang)
    return error.strerror or str(error)


# cardrules play --------------------------------------------------------------------------------


def _cmd_play(args: argparse.Namespace, lang: Lang) -> int:
    players = _whole_number(args.players, "--players", lang)
    seed = _whole_number(args.seed, "--seed", lang)
    seat = _whole_number(args.seat, "--seat", lang)
    options = _parse_options(args.option, lang)
    try:
        game = new_game(args.game, players=players, seed=seed, options=options)
    except CardrulesError as error:
        raise _Failure(error.message(lang)) from None
    n = game.players
    me: int | None = None if args.auto else seat
    if me is not None and not 0 <= me < n:
        raise _Failure(text("bad_seat", lang, last=n - 1, seat=me))
    if args.save is not None:
        _check_save_path(args.save, lang)
    base = game.seed if game.seed is not None else 0
    bots: list[Bot] = [
        GreedyBot() if args.bot == "greedy" else RandomBot(seed=base * 8 + s) for s in range(n)
    ]
    if me is None:
        names = [text("bot_name", lang, n=s) for s in range(n)]
    else:
        names = [text("you", lang) if s == me else text("bot_name", lang, n=s) for s in range(n)]
    session = _Session(game, lang, names, me, bots, args.bot, input_line=_input_line())
    status = session.run()
    if args.save is not None:
        try:
            Path(args.save).write_text(
                json.dumps(game.to_record(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        except OSError as error:
            reason = _os_reason(error, lang)
            print(f"{PROG} play: {text('error', lang)}: "
                  f"{text('cannot_write', lang, file=args.save, reason=reason)}", file=sys.stderr)
            return 1
        print(text("saved" if game.is_over else "saved_unfinished", lang, file=args.save))
    return status


def _whole_number(value: str | None, flag: str, lang: Lang) -> int | None:
    if value is None:
        return None
    if not re.fullmatch(r"\s*[+-]?\d+\s*", value):
        raise _Failure(text("bad_number", lang, flag=flag, text=value))
    return int(value)


def _parse_options(items: Sequence[str], lang: Lang) -> dict[str, Any]:
    """``NAME=VALUE`` pairs; values ``true``/``false``, integers, ``null``, else text."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise _Failure(text("bad_option_syntax", lang, text=item))
        options[name] = _option_value(raw.strip())
    return options


def _option_value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "null":
        return None
    if re.fullmatch(r"[+-]?\d+", raw):
        return int(raw)
    return raw


def _check_save_path(file: str, lang: Lang) -> None:
    path = Path(file)
    if path.is_dir():
        raise _Failure(text("save_is_dir", lang, file=file))
    folder = path.parent
    if not folder.is_dir():
        raise _Failure(text("save_dir_missing", lang, file=file, folder=str(folder)))


def _input_line() -> _Input:
    """``input``, echoing what was typed when standard input is not a terminal (so that a
    scripted session reads like a typed one)."""

    def read(prompt: str) -> str:
        line = input(prompt)
        try:
            interactive = sys.stdin.isatty()
        except (AttributeError, ValueError):
            interactive = False
        if not interactive:
            print(line)
        return line

    return read


class _Abandon(Exception):
    def __init__(self, key: str, status: int) -> None:
        super().__init__(key)
        self.key = key
        self.status = status


class _Session:
    """One deal in the terminal: bots play their seats, the user (if any) types the rest."""

    def __init__(
        self,
        game: Game,
        lang: Lang,
        names: list[str],
        me: int | None,
        bots: Sequence[Bot],
        bot_kind: str,
        input_line: _Input,
    ) -> None:
        self.game = game
        self.lang = lang
        self.me = me
        self.bots = bots
        self.bot_kind = bot_kind
        self.input_line = input_line
        self.out = sys.stdout
        self.narrator = _Narrator(game.rules, lang, names, me=me, out=self.out)

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def run(self) -> int:
        """Play the deal to its end; the exit status (0, or 1 if the input closed)."""
        game = self.game
        narrator = self.narrator
        bot_text = text(f"bot_{self.bot_kind}", self.lang)
        if self.me is None:
            line = text("auto_bots", self.lang, bot=bot_text)
        else:
            line = text("you_are", self.lang, seat=self.me, bot=bot_text)
        narrator.intro(game, seed=game.seed, show_hands=self.me is None, players_line=line)
        try:
            while not game.is_over:
                seat = game.current_player
                assert seat is not None and seat >= 0
                narrator.trick_header(game)
                if seat == self.me:
                    action = self.ask()
                else:
                    action = self.bots[seat].choose(game.view(seat), game.rules)
                narrator.act(game, action)
        except _Abandon as stop:
            self.say()
            self.say(text(stop.key, self.lang))
            return stop.status
        except KeyboardInterrupt:
            self.say()
            self.say(text("quit", self.lang))
            return 130
        narrator.result(game)
        return 0

    # The user's turn ----------------------------------------------------------------------------
    def ask(self) -> Action:
        """Show the user's position and read an action until a legal one is typed."""
        options = self.narrator.status(self.game, self.me_seat)
        cards = [a for a in options if isinstance(a, Card)]
        example = cards[0].code if cards else "7O"
        numbers = "1" if len(options) == 1 else f"1-{len(options)}"
        if cards:
            prompt = text("prompt", self.lang, numbers=numbers, example=example)
        else:
            prompt = text("prompt_moves", self.lang, numbers=numbers)
        while True:
            try:
                line = self.input_line(prompt)
            except EOFError:
                raise _Abandon("eof", 1) from None
            answer = line.strip()
            if not answer:
                continue
            word = answer.lower()
            if word in ("h", "?", "help", "ayuda"):
                for help_line in textwrap.wrap(text("help_text", self.lang), width=78):
                    self.say(help_line)
                continue
            if word in ("q", "quit", "exit", "salir"):
                raise _Abandon("quit", 0)
            action, problem = self.understand(answer, options, example)
            if action is not None:
                return action
            self.say(problem)

    @property
    def me_seat(self) -> int:
        assert self.me is not None
        return self.me

    def understand(
        self, answer: str, options: Sequence[Action], example: str
    ) -> tuple[Action | None, str]:
        """The legal action an answer names, or ``None`` and what is wrong with it."""
        lang = self.lang
        last = len(options)
        if re.fullmatch(r"\d+", answer):
            number = int(answer)
            if not 1 <= number <= last:
                return None, text("no_such_number", lang, n=number, last=last)
            chosen = options[number - 1]
        else:
            try:
                chosen = parse_action(answer)
            except IllegalActionError:
                return None, text("not_understood", lang, text=answer, last=last, example=example)
        game = self.game
        seat = self.me_seat
        legal = game.legal_actions(seat)
        if chosen in legal:
            return chosen, ""
        # Explain the refusal without leaking hidden cards: a card that is not ours is simply
        # "not in your hand"; only for our own cards do we ask the rules why (on a copy).
        card = chosen if isinstance(chosen, Card) else getattr(chosen, "card", None)
        if isinstance(card, Card) and card not in game.hands[seat]:
            return None, text("not_in_hand", lang, card=self.narrator.card(card))
        try:
            game.copy().play(chosen)
        except CardrulesError as error:
            return None, text("not_allowed", lang, reason=error.message(lang))
        return None, text("not_allowed_now", lang, action=format_action(chosen))


# Telling the deal ------------------------------------------------------------------------------


class _Narrator:
    """Prints a deal as it is played, in one language, from one seat's point of view (or from
    above, when ``me`` is ``None``)."""

    def __init__(
        self, rules: Rules, lang: Lang, names: Sequence[str], *, me: int | None, out: TextIO
    ) -> None:
        self.rules = rules
        self.lang = lang
        self.names = list(names)
        self.me = me
        self.out = out
        self.headed = -1
        self.just_headed = False
        """True right after a trick header, until something is told."""
        self.single = all(len(side) == 1 for side in rules.sides)
        self.by_tricks = not any(rules.card_points)
        """True for games scored by tricks rather than card points (Aluette)."""

    # Words --------------------------------------------------------------------------------------
    def say(self, line: str = "", indent: int = 0) -> None:
        print(" " * indent + line, file=self.out)
        self.just_headed = False

    def t(self, key: str, **fields: object) -> str:
        return text(key, self.lang, **fields)

    def by(self, key: str, seat: int, **fields: object) -> str:
        """The message ``key`` about ``seat``: its second-person form for the user's seat."""
        if seat == self.me:
            return self.t(key + "_you", **fields)
        return _capital(self.t(key, who=self.names[seat], **fields))

    def card(self, card: Card) -> str:
        return f"{card.code} ({self.rules.pack.card_name(card, self.lang)})"

    def points(self, n: int) -> str:
        """``n`` in the deal's unit: card points, or tricks in a game scored by tricks."""
        unit = "tricks" if self.by_tricks else "points"
        return self.t(f"{unit}_1") if n == 1 else self.t(f"{unit}_n", n=n)

    def cards_count(self, n: int) -> str:
        return self.t("cards_1") if n == 1 else self.t("cards_n", n=n)

    def suit(self, game_trump: Any) -> str:
        return self.rules.pack.suit_name(game_trump, self.lang)

    def side_label(self, index: int) -> str:
        side = self.rules.sides[index]
        if len(side) == 1:
            return self.names[side[0]]
        if self.me is not None and len(self.rules.sides) == 2:
            return self.t("your_side" if self.me in side else "other_side")
        return self.t("side_name", n=index + 1)

    def members(self, index: int) -> str:
        return ", ".join(self.names[s] for s in self.rules.sides[index])

    def per_side(self, points: Sequence[int]) -> str:
        """Points per side: ``You 11 · Bot 1 4``."""
        parts = []
        for i, side in enumerate(self.rules.sides):
            parts.append(f"{self.side_label(i)} {sum(points[s] for s in side)}")
        return " · ".join(parts)

    # The start ----------------------------------------------------------------------------------
    def intro(
        self, game: Game, *, seed: int | None, show_hands: bool, players_line: str = ""
    ) -> None:
        rules = self.rules
        title = rules.title.get(self.lang, rules.id)
        if seed is not None:
            self.say(self.t("header_seed", title=title, players=rules.players, seed=seed))
        else:
            self.say(self.t("header", title=title, players=rules.players))
        defaults = type(rules.options)().to_dict()
        changed = {k: v for k, v in rules.options.to_dict().items() if defaults.get(k) != v}
        if changed:
            shown = ", ".join(f"{k}={_json_value(v)}" for k, v in changed.items())
            self.say(self.t("options_set", options=shown))
        if players_line:
            self.say(players_line)
        if not self.single:
            sides = self.t("against").join(
                _capital(self.t("and").join(self.names[s] for s in side)) for side in rules.sides
            )
            self.say(self.t("sides_line", sides=sides))
        if game.trump is None:
            self.say(self.t("no_trump"))
        elif game.turn_up is not None:
            self.say(self.t("trump_line", suit=self.suit(game.trump), card=self.card(game.turn_up)))
        else:
            self.say(self.t("trump_only", suit=self.suit(game.trump)))
        if show_hands:
            self.say(self.t("hands_head"))
            for seat, hand in enumerate(game.hands):
                cards = " ".join(c.code for c in sorted(hand, key=_display_order))
                self.say(self.t("hand_of", who=self.names[seat], cards=cards), indent=2)

    # Each action --------------------------------------------------------------------------------
    def trick_header(self, game: Game) -> None:
        """Print ``── Trick N ──`` once, when a trick is about to start."""
        number = len(game.tricks)
        if not game.trick and number != self.headed and game.phase is Phase.PLAY:
            self.headed = number
            self.say()
            self.say(self.t("trick_head", n=number + 1))
            self.just_headed = True

    def act(self, game: Game, action: Action) -> Event:
        """Play ``action`` on ``game`` and tell what happened."""
        before = list(game.trick)
        turn_up = game.turn_up
        stock_before = game.stock_size
        mine = list(game.hands[self.me]) if self.me is not None else []
        trump = game.trump
        event = game.play(action)
        seat = event.seat
        if isinstance(action, Card):
            # The labels' words (fallar, pisar...) presuppose trumps: none without them.
            label = label_play(before, action, trump, self.rules.strength) if trump else None
            if label is None:
                self.say(self.by("plays", seat, card=self.card(action)), indent=2)
            else:
                self.say(self.by("plays_label", seat, card=self.card(action),
                                 label=self.t(f"label_{label.value}")), indent=2)
        elif isinstance(action, Arrastro):
            self.say(self.by("arrastro", seat, card=self.card(action.card)), indent=2)
        elif isinstance(action, Exchange):
            taken = self.card(turn_up) if turn_up is not None else "?"
            self.say(self.by("exchanges", seat, given=self.card(action.card), taken=taken),
                     indent=2)
        elif isinstance(action, Claim):
            self.say(self.by("claims", seat), indent=2)
        elif isinstance(action, Move):
            self.say(self.said(action, seat), indent=2)
        trick = event.trick
        if trick is not None:
            if trick.winner is None:
                self.say(self.t("spoiled", who=self.names[game.leader]), indent=2)
            elif self.by_tricks:
                self.say(self.by("takes_trick_plain", trick.winner), indent=2)
            else:
                self.say(self.by("takes_trick", trick.winner, points=self.points(trick.points)),
                         indent=2)
            self.tell_draws(game, mine, turn_up, stock_before)
        return event

    def said(self, move: Move, seat: int) -> str:
        """A move other than a card play, in words (its notation for a move we do not know)."""
        key = f"said_{move.keyword}"
        card = getattr(move, "card", None)
        fields: dict[str, object] = {}
        if isinstance(card, Card):
            fields["card"] = self.card(card)
            if self.me is not None and seat != self.me and f"{key}_hidden" in MESSAGES:
                key = f"{key}_hidden"  # a card put face down: the user does not see it
        if key in MESSAGES:
            if key.endswith("_hidden"):
                return _capital(self.t(key, who=self.names[seat]))
            return self.by(key, seat, **fields)
        return self.by("other_move", seat, move=format_action(move))

    def tell_draws(
        self, game: Game, mine_before: list[Card], turn_up: Card | None, stock_before: int
    ) -> None:
        if self.me is not None:
            for card in game.hands[self.me]:
                if card not in mine_before:
                    self.say(self.t("draw_you", card=self.card(card)), indent=2)
        if turn_up is not None and game.turn_up is None:
            holder = next((s for s, h in enumerate(game.hands) if turn_up in h), None)
            if holder is not None and holder != self.me:
                self.say(_capital(self.t("draws_turn_up", who=self.names[holder],
                                         card=self.card(turn_up))), indent=2)
        if stock_before and not game.stock_size:
            self.say(self.t("stock_out"), indent=2)

    # The user's view ----------------------------------------------------------------------------
    def status(self, game: Game, seat: int) -> list[Action]:
        """Print what ``seat`` sees before it plays; return the numbered choices."""
        view = game.view(seat)
        if not self.just_headed:
            self.say()
        parts = []
        if view.trump is not None:
            parts.append(self.t("status_trump", suit=self.suit(view.trump)))
        if view.turn_up is not None:
            parts.append(self.t("status_turn_up", card=self.card(view.turn_up)))
        if any(self.rules.draws):
            if view.stock_size:
                parts.append(self.t("status_stock", stock=self.cards_count(view.stock_size)))
            else:
                parts.append(self.t("status_stock_out"))
        if parts:
            self.say(_capital(" · ".join(parts)))
        legal = set(view.legal_actions)
        card_turn = any(isinstance(a, Card) for a in legal)
        moves = [a for a in view.legal_actions if isinstance(a, Move)]
        # Moves that give up one of our cards (discards) are listed in the order of the hand.
        hand_order = {c: i for i, c in enumerate(sorted(view.hand, key=_display_order))}

        def rank(move: Move) -> int:
            card = getattr(move, "card", None)
            return hand_order.get(card, -1) if isinstance(card, Card) else -1

        moves.sort(key=rank)
        by_card = not card_turn and bool(moves) and all(rank(m) >= 0 for m in moves)
        if game.phase is not Phase.PLAY:
            pass  # no trick played yet: no score to show
        elif self.by_tricks:
            won = [t.winner for t in view.tricks]
            shown = " · ".join(f"{name} {won.count(s)}" for s, name in enumerate(self.names))
            self.say(self.t("status_tricks", points=shown))
        else:
            self.say(self.t("status_points", points=self.per_side(view.points)))
        for other, hand in sorted(view.visible_hands.items()):
            cards = " ".join(c.code for c in sorted(hand, key=_display_order))
            self.say(self.t("visible_hand", who=self.names[other], cards=cards))
        if view.trick:
            plays = " · ".join(f"{self.names[s]}: {self.card(c)}" for s, c in view.trick)
            self.say(self.t("table", plays=plays))
        elif card_turn:
            self.say(self.t("table_empty"))
        choices: list[Action] = []
        if not by_card:
            self.say(self.t("your_hand"))
        for card in sorted(view.hand, key=_display_order):
            if by_card:  # the moves below name every card
                break
            if not card_turn:  # nothing to play now (a setup phase, an answer): no numbers
                name = self.rules.pack.card_name(card, self.lang)
                self.say(f"    {card.code:<5}{name}", indent=2)
                continue
            choices.append(card)
            marks = []
            if card.suit is view.trump:
                marks.append(self.t("trump_mark"))
            if card not in legal:
                marks.append(self.t("not_now_mark"))
            suffix = f"  [{', '.join(marks)}]" if marks else ""
            name = self.rules.pack.card_name(card, self.lang)
            self.say(f"{len(choices):>2}) {card.code:<5}{name}{suffix}", indent=2)
        for move in moves:
            choices.append(move)
            about = self.describe(move, view.turn_up)
            self.say(f"{len(choices):>2}) {format_action(move)}  {about}", indent=2)
        return choices

    def describe(self, move: Move, turn_up: Card | None) -> str:
        if isinstance(move, Exchange) and turn_up is not None:
            return self.t("move_exchange", given=move.card.code, taken=self.card(turn_up))
        if isinstance(move, Arrastro):
            return self.t("move_arrastro", card=self.card(move.card))
        if isinstance(move, Claim):
            return self.t("move_claim")
        key = f"move_{move.keyword}"
        if key in MESSAGES:
            card = getattr(move, "card", None)
            return self.t(key, card=self.card(card) if isinstance(card, Card) else "")
        return ""

    # The end ------------------------------------------------------------------------------------
    def result(self, game: Game) -> None:
        self.say()
        result = game.result
        if result is None:
            self.say(self.t("not_over"))
            return
        self.say(self.t("end_head"))
        reason_key = f"reason_{result.reason}"
        if reason_key in MESSAGES:
            self.say(self.t(reason_key))
        elif result.reason not in ("points", "tricks"):
            self.say(self.t("reason_other", reason=result.reason))
        if self.by_tricks:  # each seat's tricks, then the sides'
            parts = [f"{self.names[s]} {p}" for s, p in enumerate(result.points)]
            self.say(self.t("status_tricks", points=" · ".join(parts)))
        elif self.single:
            parts = [f"{self.side_label(i)} {p}" for i, p in enumerate(result.side_points)]
            self.say(self.t("final_points", points=" · ".join(parts)))
        if not self.single:
            for i, p in enumerate(result.side_points):
                if len(result.sides[i]) == 1:
                    line = self.t("seat_points", side=self.side_label(i), points=self.points(p))
                else:
                    line = self.t("side_points", side=self.side_label(i),
                                  members=self.members(i), points=self.points(p))
                self.say(_capital(line))
        winner = result.winner
        if winner is None:
            self.say(self.t("draw"))
        elif self.single:
            self.say(self.by("wins", result.sides[winner][0]))
        elif self.me is not None and self.me in result.sides[winner]:
            self.say(self.t("your_side_wins"))
        else:
            self.say(_capital(self.t("side_wins", side=self.side_label(winner))))
        if result.game_points and (max(result.game_points) > 1 or self.by_tricks):
            for i, g in enumerate(result.game_points):
                if not g:
                    continue
                amount = self.t("game_points_1") if g == 1 else self.t("game_points_n", n=g)
                side = result.sides[i]
                if self.me is not None and self.me in side:
                    key = "game_points_you" if len(side) == 1 else "your_side_scores"
                    self.say(self.t(key, points=amount))
                else:
                    self.say(_capital(self.t("game_points", side=self.side_label(i),
                                             points=amount)))


def _capital(line: str) -> str:
    return line[:1].upper() + line[1:]


def _display_order(card: Card) -> tuple[int, int]:
    return card.sort_key
