"""The subcommands: ``games``, ``replay``, ``play`` and ``term``.

Each takes the parsed arguments and the language, prints its output and returns the exit
status; a user mistake raises :class:`~cardrules.cli.arguments.Failure`.

Input is never trusted: a record is read up to :data:`~cardrules.record.MAX_RECORD_CHARS` bytes
and no further (``cardrules replay /dev/zero`` stops there), file names and values are quoted
with :func:`~cardrules.core.errors.shown`, and a record's free text (its title, the players' names)
is shown with its control characters escaped. ``play --save FILE`` checks the file before the
deal starts (it must not exist, unless ``--force``; its folder must take a new file) and writes
it atomically at the end: a temporary file in the same folder, then renamed over ``FILE``, so
that a failed write leaves ``FILE`` as it was; the record is then printed instead.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import secrets
import stat
import sys
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, make_bot
from ..core.errors import SHOWN_LIMIT, CardrulesError, Lang, shown
from ..games import GAMES, rules_for
from ..record import MAX_RECORD_CHARS, load_record, new_game, replay, summary
from .arguments import (
    MESSAGE_LIMIT,
    PROG,
    Failure,
    option_value_text,
    parse_options,
    whole_number,
)
from .render import Renderer
from .session import Advisor, Session, echoing_input
from .text import text, visible

FILE_LIMIT = 200
"""How many characters of a file name a message quotes at most."""

TITLE_LIMIT = 200
"""How many characters of a record's title a replay shows at most."""


def file_shown(file: str, lang: Lang) -> str:
    """A file name as a message quotes it: in quotes, control characters escaped, cut at
    :data:`FILE_LIMIT` characters."""
    return shown(file, lang, limit=FILE_LIMIT)

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
    from ..learn.glossary import term_command  # the glossary data is read only for this command

    status, out = term_command(args.word, lang)
    if status:  # it quotes the word as typed: escape and cut it here
        raise Failure(visible(out, MESSAGE_LIMIT))
    print(out)
    return 0


# cardrules replay ------------------------------------------------------------------------------


def replay_command(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules replay FILE [--json]``: how a recorded deal went, step by step in the
    narration's words, or the replay JSON (:func:`cardrules.summary`)."""
    name = "<stdin>" if args.file == "-" else file_shown(args.file, lang)
    raw = _read_input(args.file, name, lang)
    try:
        data = load_record(raw)
        _check_actions_are_text(data, name, lang)
        game = replay(data)
    except CardrulesError as error:
        raise Failure(text("bad_record", lang, file=name, message=error.message(lang))) from None
    except Failure:
        raise
    except Exception:  # the engine's own errors say what is wrong; not this one: a fault
        raise Failure(text("unreadable_record", lang, file=name)) from None
    if args.json:
        print(json.dumps(summary(game), indent=2, ensure_ascii=False))
        return 0
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        print(visible(title.strip(), TITLE_LIMIT))
    names = [visible(player, SHOWN_LIMIT) for player in game.names]
    render = Renderer(game.rules, names, lang, me=None, out=sys.stdout)
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
                message = text("action_not_text", lang, i=i, value=shown(action, lang))
                raise Failure(text("bad_record", lang, file=name, message=message))


def _read_input(file: str, name: str, lang: Lang) -> bytes:
    """The bytes of ``file`` (``-``: standard input), at most one more than a record may have:
    a longer input is refused without reading the rest."""
    most = MAX_RECORD_CHARS + 1
    try:
        if file == "-":
            stdin = sys.stdin
            if stdin is None:  # file descriptor 0 closed
                raise Failure(text("stdin_closed", lang))
            buffer = getattr(stdin, "buffer", None)
            if buffer is not None:
                data: bytes = buffer.read(most)
            else:
                data = stdin.read(most).encode("utf-8")
        else:
            with open(file, "rb") as stream:
                data = stream.read(most)
    except OSError as error:
        raise Failure(text("cannot_read", lang, file=name, reason=os_reason(error, lang))) from None
    except ValueError:  # a NUL in the name; a closed stream
        reason = text("os_enoent", lang) if file != "-" else text("stdin_closed", lang)
        raise Failure(text("cannot_read", lang, file=name, reason=reason)) from None
    if len(data) > MAX_RECORD_CHARS:
        limit = f"{MAX_RECORD_CHARS:,}".replace(",", "." if lang == "es" else ",")
        raise Failure(text("record_too_long", lang, file=name, limit=limit))
    return data


_OS_REASONS = {
    errno.ENOENT: "os_enoent", errno.EACCES: "os_eacces", errno.EPERM: "os_eacces",
    errno.EISDIR: "os_eisdir", errno.ENOSPC: "os_enospc", errno.EROFS: "os_erofs",
    errno.ENOTDIR: "os_enotdir", errno.ENAMETOOLONG: "os_enametoolong",
}


def os_reason(error: OSError, lang: Lang) -> str:
    """Why a file could not be read or written, in ``lang``: in words for the common cases,
    else the system's words in English and the error's name in Spanish."""
    key = _OS_REASONS.get(error.errno or 0)
    if key is not None:
        return text(key, lang)
    if lang == "en" and error.strerror:
        return error.strerror[:1].lower() + error.strerror[1:]
    number = errno.errorcode.get(error.errno or 0, str(error.errno))
    return text("os_other", lang, number=number)


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
        raise Failure(text("bad_seat", lang, last=n - 1, seat=shown(me, lang)))
    save = None if args.save is None else SaveTarget.check(args.save, args.force, lang)
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
    if save is not None:
        record = json.dumps(game.to_record(), indent=2, ensure_ascii=False) + "\n"
        try:
            save.write(record)
        except OSError as error:
            reason = os_reason(error, lang)
            message = text("save_failed", lang, file=save.shown, reason=reason)
            if sys.stderr is not None:
                print(f"{PROG} play: {text('error', lang)}: {message}", file=sys.stderr)
            print(record, end="")
            return 1
        print(text("saved" if game.is_over else "saved_unfinished", lang, file=save.shown))
    return status


def _bots(name: str, level: str, seed: int | None, players: int) -> list[Bot]:
    """One bot per seat, each seeded from the deal's seed and its seat (the same command plays
    the same deal the same way); ``level`` is the search bot's strength."""
    base = seed if seed is not None else 0
    params = {"level": level} if name == "pimc" else {}
    return [make_bot(name, seed=None if name == "greedy" else base * 8 + s, **params)
            for s in range(players)]


@dataclass(frozen=True)
class SaveTarget:
    """Where ``--save`` writes the record, checked before the deal starts.

    Attributes:
        path: the file written: the one named, or the file a symbolic link named points to
            (the link stays).
        shown: the name as the user gave it, quoted for messages.
        mode: the permissions of the file replaced (``None``: a new file, as the umask says).
    """

    path: str
    shown: str
    mode: int | None

    @classmethod
    def check(cls, file: str, force: bool, lang: Lang) -> SaveTarget:
        """The target ``file``, or :class:`Failure` if the record could not be written there:
        a folder, a file that exists (without ``force``), a device or a pipe, a file or a
        folder this user may not write (a new file is tried in the folder)."""
        named = file_shown(file, lang)
        if os.path.isdir(file):
            raise Failure(text("save_is_dir", lang, file=named))
        path, mode = file, None
        if os.path.lexists(file):
            if not force:
                raise Failure(text("save_exists", lang, file=named))
            path = os.path.realpath(file)
            try:
                info = os.stat(path)
            except OSError:  # a link to nothing: write where it points
                info = None
            if info is not None:
                if not stat.S_ISREG(info.st_mode):
                    raise Failure(text("save_not_a_file", lang, file=named))
                mode = stat.S_IMODE(info.st_mode)
                try:  # opened for writing, not truncated: nothing changes
                    os.close(os.open(path, os.O_WRONLY))
                except OSError as error:
                    reason = os_reason(error, lang)
                    raise Failure(text("cannot_write", lang, file=named, reason=reason)) from None
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            raise Failure(text("save_dir_missing", lang, file=named,
                               folder=file_shown(folder, lang)))
        target = cls(path, named, mode)
        try:
            descriptor, temporary = target._temporary()
        except OSError as error:
            reason = os_reason(error, lang)
            raise Failure(text("cannot_write", lang, file=named, reason=reason)) from None
        try:
            os.close(descriptor)
        finally:
            with contextlib.suppress(OSError):
                os.remove(temporary)
        return target

    def _temporary(self) -> tuple[int, str]:
        """A new, empty file next to the target (the same folder, so the same disk)."""
        folder, base = os.path.split(self.path)
        name = f".{base[:100]}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        temporary = os.path.join(folder, name)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        descriptor = os.open(temporary, flags, 0o666 if self.mode is None else 0o600)
        return descriptor, temporary

    def write(self, content: str) -> None:
        """Write ``content`` to the target atomically: all of it, or nothing changed (raises
        ``OSError``, the temporary file removed)."""
        descriptor, temporary = self._temporary()
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as stream:
                if self.mode is not None and hasattr(os, "fchmod"):
                    os.fchmod(stream.fileno(), self.mode)
                stream.write(content)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.remove(temporary)
            raise
