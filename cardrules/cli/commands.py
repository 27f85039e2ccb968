"""The subcommands: ``games``, ``replay``, ``play`` and ``term``.

Each takes the parsed arguments and the language, prints its output and returns the exit
status; a user mistake raises :class:`~cardrules.cli.arguments.Failure`.
"""

from __future__ import annotations

import argparse
import errno
import json
import sys
from pathlib import Path
from typing import Any

from ..bots import Bot, make_bot
from ..errors import CardrulesError, Lang
from ..games import GAMES, rules_for
from ..record import load_record, new_game, replay, summary
from .arguments import PROG, Failure, option_value_text, parse_options, whole_number
from .render import Renderer
from .session import Advisor, Session, echoing_input
from .text import text

# cardrules games -------------------------------------------------------------------------------


def games(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules games [GAME]``: each game's id, title, player counts and options."""
    ids: list[str] = list(GAMES)
    if args.game is not None:
        if args.game not in GAMES:
            try:
                rules_for(args.game)
            except CardrulesError as error:
                raise Failure(error.message(lang)) from None
        ids = [args.game]
    for n, game_id in enumerate(ids):
        rules_type = GAMES[game_id]
        if n:
            print()
        print(f"{game_id}  {rules_type.title.get(lang, game_id)}")
        counts = ", ".join(str(c) for c in rules_type.player_counts)
        print("  " + text("players_line", lang, counts=counts))
        rows = rules_type.options_type.help(lang)
        if not rows:
            print("  " + text("no_options", lang))
            continue
        print("  " + text("options_head", lang))
        for name, choices, default, help_line in rows:
            print("    " + text("option_line", lang, name=name, choices=choices,
                                default=option_value_text(default)))
            if help_line:
                print("        " + help_line)
    return 0


# cardrules term --------------------------------------------------------------------------------


def term(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules term WORD``: a word of the games explained, from the glossary."""
    from ..glossary import term_command  # the glossary data is read only for this command

    status, out = term_command(args.word, lang)
    if status:
        raise Failure(out)
    print(out)
    return 0


# cardrules replay ------------------------------------------------------------------------------


def replay_command(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules replay FILE [--json]``: how a recorded deal went, step by step in the
    narration's words, or the replay JSON (:func:`cardrules.summary`)."""
    name = "<stdin>" if args.file == "-" else args.file
    raw = _read_input(args.file, lang)
    try:
        data = load_record(raw)
        _check_actions_are_text(data, name, lang)
        game = replay(data)
    except CardrulesError as error:
        raise Failure(text("bad_record", lang, file=name, message=error.message(lang))) from None
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError) as error:
        # Not a user-facing engine error, but still a record the engine could not read.
        detail = f"{type(error).__name__}: {error}"
        raise Failure(text("malformed_record", lang, file=name, detail=detail)) from None
    if args.json:
        print(json.dumps(summary(game), indent=2, ensure_ascii=False))
        return 0
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        print(title.strip())
    render = Renderer(game.rules, game.names, lang, me=None, out=sys.stdout)
    steps = game.steps()
    render.intro(next(steps), seed=game.seed, show_hands=True)
    for step in steps:
        render.step(step)
    render.end(game.result)
    return 0


def _check_actions_are_text(data: dict[str, Any], name: str, lang: Lang) -> None:
    """Refuse non-text actions here: the engine would fail on them with an internal error."""
    actions = data.get("actions")
    if isinstance(actions, list):
        for i, action in enumerate(actions):
            if not isinstance(action, str):
                message = text("action_not_text", lang, i=i, value=json.dumps(action))
                raise Failure(text("bad_record", lang, file=name, message=message))


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
        raise Failure(text("cannot_read", lang, file=file, reason=os_reason(error, lang))) from None


def os_reason(error: OSError, lang: Lang) -> str:
    """Why a file could not be read or written, in ``lang`` for the common cases."""
    keys = {errno.ENOENT: "os_enoent", errno.EACCES: "os_eacces", errno.EISDIR: "os_eisdir"}
    key = keys.get(error.errno or 0)
    if key is not None:
        return text(key, lang)
    return error.strerror or str(error)


# cardrules play --------------------------------------------------------------------------------


def play(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules play GAME ...``: a deal in the terminal against bots (``--auto``: bots in
    every seat), its record saved with ``--save``."""
    players = whole_number(args.players, "--players", lang)
    seed = whole_number(args.seed, "--seed", lang)
    seat = whole_number(args.seat, "--seat", lang)
    options = parse_options(args.option, lang)
    try:
        game = new_game(args.game, players=players, seed=seed, options=options)
    except CardrulesError as error:
        raise Failure(error.message(lang)) from None
    n = game.players
    me: int | None = None if args.auto else seat
    if me is not None and not 0 <= me < n:
        raise Failure(text("bad_seat", lang, last=n - 1, seat=me))
    if args.save is not None:
        _check_save_path(args.save, lang)
    bots = _bots(args.bot, args.level, game.seed, n)
    hint_seed = (game.seed if game.seed is not None else 0) * 8 + 7
    names = [text("you", lang) if s == me else text("bot_name", lang, n=s) for s in range(n)]
    bot_kind = text(f"bot_{args.bot}", lang, level=text(f"level_{args.level}", lang))
    if me is None:
        players_line = text("auto_bots", lang, bot=bot_kind)
    else:
        players_line = text("you_are", lang, seat=me, bot=bot_kind)
    render = Renderer(game.rules, names, lang, me=me, out=sys.stdout)
    session = Session(game, render, bots, players_line=players_line, read_line=echoing_input(),
                      advisor=Advisor(args.level, hint_seed))
    status = session.run()
    if args.save is not None:
        try:
            Path(args.save).write_text(
                json.dumps(game.to_record(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )
        except OSError as error:
            reason = os_reason(error, lang)
            print(f"{PROG} play: {text('error', lang)}: "
                  f"{text('cannot_write', lang, file=args.save, reason=reason)}", file=sys.stderr)
            return 1
        print(text("saved" if game.is_over else "saved_unfinished", lang, file=args.save))
    return status


def _bots(name: str, level: str, seed: int | None, players: int) -> list[Bot]:
    """One bot per seat, each seeded from the deal's seed and its seat (the same command plays
    the same deal the same way); ``level`` is the search bot's strength."""
    base = seed if seed is not None else 0
    params = {"level": level} if name == "pimc" else {}
    return [make_bot(name, seed=None if name == "greedy" else base * 8 + s, **params)
            for s in range(players)]


def _check_save_path(file: str, lang: Lang) -> None:
    path = Path(file)
    if path.is_dir():
        raise Failure(text("save_is_dir", lang, file=file))
    folder = path.parent
    if not folder.is_dir():
        raise Failure(text("save_dir_missing", lang, file=file, folder=str(folder)))
