"""The subcommands: ``games``, ``replay``, ``play`` and ``term``.

Each takes the parsed arguments and the language, prints its output and returns the exit
status; a user mistake raises :class:`~cardrules.cli.arguments.Failure`.

Input is never trusted: a record is read up to :data:`~cardrules.record.MAX_RECORD_CHARS` bytes
and no further (``cardrules replay /dev/zero`` stops there), file names and values are quoted
with :func:`~cardrules.core.errors.shown`, and a record's free text (its title, the players' names)
is shown with its control characters escaped. ``play --save FILE`` checks the file before the
deal starts (a name, not too long; it must not exist, unless ``--force``; its folder must take
a new file) and writes it at the end, whether the deal ended, was quit, lost its input or was
stopped (Ctrl-C, ``SIGTERM``, ``SIGHUP``). A new file is created exclusively then: a file that
appeared under that name during the deal is left as it is, and the record is printed instead.
A file replaced with ``--force`` is written atomically: a temporary file in the same folder,
then renamed over ``FILE``, so that a failed write leaves ``FILE`` as it was (the record is
then printed instead). Nothing is left behind in a folder that only takes new files (an
append-only one): no temporary file there.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import errno
import json
import os
import secrets
import signal
import stat
import sys
from collections.abc import Iterator
from typing import Any

from ..analysis.daily import daily_record
from ..bots import Bot, make_bot
from ..core.errors import SHOWN_LIMIT, CardrulesError, shown
from ..engine import Game
from ..games import GAMES, game_id
from ..record import MAX_RECORD_CHARS, load_record, new_game, replay, summary
from ..words import N_, SOURCE, Lang, words
from .arguments import (
    MESSAGE_LIMIT,
    PROG,
    Failure,
    option_value_text,
    parse_options,
    whole_number,
)
from .render import Printer
from .session import Advisor, Session, echoing_input
from .text import visible

FILE_LIMIT = 200
"""How many characters of a file name a message quotes at most."""

TITLE_LIMIT = 200
"""How many characters of a record's title a replay shows at most."""


DAILY_GAME = "brisca"
"""The game of ``play --daily`` when none is named."""

BOT_KINDS = {
    "pimc": N_("pimc, level {level} (a search bot)"),
    "greedy": N_("greedy (the cheapest card that wins)"),
    "random": N_("random (any allowed card)"),
}
"""How the intro names each bot of ``--bot``."""

LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""The search bot's levels in words."""


def file_shown(file: str, lang: Lang) -> str:
    """A file name as a message quotes it: in quotes, control characters escaped, cut at
    :data:`FILE_LIMIT` characters."""
    return shown(file, lang, limit=FILE_LIMIT)

# cardrules games -------------------------------------------------------------------------------


def games(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules games [GAME]``: each game's id, title, player counts and options."""
    w = words(lang)
    ids: list[str] = list(GAMES)
    if args.game is not None:
        try:
            ids = [game_id(args.game)]  # an id, or another name of a game ("bastarda")
        except CardrulesError as error:
            raise Failure(error.message(lang)) from None
    for n, name in enumerate(ids):
        rules_type = GAMES[name]
        if n:
            print()
        title = rules_type.title.get(lang) or rules_type.title.get("en") or name
        print(f"{name}  {title}")
        counts = ", ".join(str(c) for c in rules_type.player_counts)
        print("  " + w._("players: {counts}", counts=counts))
        rows = rules_type.options_type.help(lang)
        if not rows:
            print("  " + w._("no options"))
            continue
        print("  " + w._("options (--option NAME=VALUE):"))
        for name, choices, default, help_line in rows:
            print("    " + w._("{name}: {choices} (default: {default})", name=name,
                             choices=choices, default=option_value_text(default)))
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
    data, game = read_record(args.file, lang)
    if args.json:
        print(json.dumps(summary(game), indent=2, ensure_ascii=False))
        return 0
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        print(visible(title.strip(), TITLE_LIMIT))
    names = _record_names(game)
    printer = Printer(game.rules, names, lang, me=None, out=sys.stdout)
    steps = game.steps()
    printer.intro(next(steps), seed=game.seed, show_hands=True)
    for step in steps:
        printer.step(step)
    printer.end(game.result)
    return 0


def read_record(file: str, lang: Lang) -> tuple[dict[str, Any], Game]:
    """The record in ``file`` (``-``: standard input) and its deal replayed; a record that
    cannot be read raises :class:`Failure` with the reason in ``lang``."""
    w = words(lang)
    name = "<stdin>" if file == "-" else file_shown(file, lang)
    raw = _read_input(file, name, lang)
    try:
        data = load_record(raw)
        _check_actions_are_text(data, name, lang)
        return data, replay(data)
    except CardrulesError as error:
        raise Failure(w._("{file}: {message}", file=name, message=error.message(lang))) from None
    except Failure:
        raise
    except Exception:  # the engine's own errors say what is wrong; not this one: a fault
        raise Failure(w._("{file}: this deal record could not be read (a fault in cardrules "
                          "itself: please report it, with the file)", file=name)) from None


def _record_names(game: Game) -> list[str]:
    """The players' names a replay shows: the record's, escaped and cut (a record that names
    none is played by :data:`cardrules.core.players.PLAYER_NAMES`)."""
    return [visible(player, SHOWN_LIMIT) for player in game.names]


def _check_actions_are_text(data: dict[str, Any], name: str, lang: Lang) -> None:
    """Refuse non-text actions here: the engine would fail on them with an internal error."""
    actions = data.get("actions")
    if isinstance(actions, list):
        for i, action in enumerate(actions):
            if not isinstance(action, str):
                w = words(lang)
                message = w._('actions[{i}]: an action is text such as "1O" or "exchange:7O", '
                              "not {value}", i=i, value=shown(action, lang))
                raise Failure(w._("{file}: {message}", file=name, message=message))


def _read_input(file: str, name: str, lang: Lang) -> bytes:
    """The bytes of ``file`` (``-``: standard input), at most one more than a record may have:
    a longer input is refused without reading the rest."""
    w = words(lang)
    most = MAX_RECORD_CHARS + 1
    try:
        if file == "-":
            stdin = sys.stdin
            if stdin is None:  # file descriptor 0 closed
                raise Failure(w._(STDIN_CLOSED))
            buffer = getattr(stdin, "buffer", None)
            if buffer is not None:
                data: bytes = buffer.read(most)
            else:
                data = stdin.read(most).encode("utf-8")
        else:
            with open(file, "rb") as stream:
                data = stream.read(most)
    except OSError as error:
        reason = os_reason(error, lang)
        raise Failure(w._("cannot read {file}: {reason}", file=name, reason=reason)) from None
    except ValueError:  # a NUL in the name; a closed stream
        why = STDIN_CLOSED if file == "-" else _OS_REASONS[errno.ENOENT]
        reason = w._(why)
        raise Failure(w._("cannot read {file}: {reason}", file=name, reason=reason)) from None
    if len(data) > MAX_RECORD_CHARS:
        limit = w.number(MAX_RECORD_CHARS)
        raise Failure(w._("{file}: too long for a deal record (over {limit} bytes; a deal's "
                          "record takes a few kilobytes)", file=name, limit=limit))
    return data


STDIN_CLOSED = N_("cannot read standard input: it is closed")
"""Why standard input could not be read when it is closed."""

_OS_REASONS = {
    errno.ENOENT: N_("no such file"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENAMETOOLONG: N_("the name is too long"),
}
"""The reasons of the common system errors, in words (messages of the catalogue)."""


def os_reason(error: OSError, lang: Lang) -> str:
    """Why a file could not be read or written, in ``lang``: in words for the common cases,
    else the system's own words in English (the system speaks English), the error's number and
    name in the other languages.

    Examples:
        >>> import errno
        >>> os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"), "es")
        'no existe'
        >>> os_reason(OSError(errno.EIO, "Input/output error"), "es")
        'error del sistema 5 (EIO)'
    """
    w = words(lang)
    number = error.errno or 0
    reason = _OS_REASONS.get(number)
    if reason is not None:
        return w._(reason)
    if lang == SOURCE and error.strerror:
        return error.strerror[:1].lower() + error.strerror[1:]
    name = errno.errorcode.get(number, "?")
    return w._("system error {number} ({name})", number=number, name=name)


# cardrules play --------------------------------------------------------------------------------


def play(args: argparse.Namespace, lang: Lang) -> int:
    """``cardrules play GAME ...``: a deal in the terminal against bots (``--auto``: bots in
    every seat), its record saved with ``--save``."""
    w = words(lang)
    players = whole_number(args.players, "--players", lang)
    seed = whole_number(args.seed, "--seed", lang)
    seat = whole_number(args.seat, "--seat", lang)
    options = parse_options(args.option, lang)
    if args.game is None and not args.daily:
        raise Failure(w._("the following arguments are required: {names}", names="GAME"))
    try:
        if args.daily:
            if seed is not None:
                raise Failure(w._("--daily deals the cards of the day: it takes no --seed"))
            seed = daily_record(datetime.date.today(), args.game or DAILY_GAME,
                                players)["seed"]
        game = new_game(args.game or DAILY_GAME, players=players, seed=seed, options=options)
    except CardrulesError as error:
        raise Failure(error.message(lang)) from None
    n = game.players
    me: int | None = None if args.auto else seat
    if me is not None and not 0 <= me < n:
        raise Failure(w._("--seat must be a seat from 0 to {last}, not {seat}", last=n - 1,
                          seat=shown(me, lang)))
    save = None if args.save is None else SaveTarget.check(args.save, args.force, lang)
    try:
        return _play(args, lang, game, me, save)
    finally:
        if save is not None:
            save.close()


def _play(args: argparse.Namespace, lang: Lang, game: Game, me: int | None,
          save: SaveTarget | None) -> int:
    """The deal of ``play``, then its record saved (see :func:`play`)."""
    w = words(lang)
    n = game.players
    bots = _bots(args.bot, args.level, game.seed, n)
    hint_seed = (game.seed if game.seed is not None else 0) * 8 + 7
    names = [w._("You") if s == me else game.names[s] for s in range(n)]
    bot_kind = w._(BOT_KINDS[args.bot], level=w._(LEVEL_WORDS[args.level]))
    if me is None:
        players_line = w._("Every player is a bot: {bot}.", bot=bot_kind)
    else:
        bots_named = [names[s] for s in range(n) if s != me]
        players_line = w.n_("{names} is a bot: {bot}.", "{names} are bots: {bot}.",
                            len(bots_named), names=w.join(bots_named), bot=bot_kind)
    printer = Printer(game.rules, names, lang, me=me, out=sys.stdout)
    session = Session(game, printer, bots, players_line=players_line, read_line=echoing_input(),
                      advisor=Advisor(args.level, hint_seed))
    stopped: list[int] = []
    lost: OSError | None = None
    with _stopping_signals(stopped):
        try:
            status = session.run()
        except OSError as error:  # the terminal went away (a hang-up): the record is kept
            if save is None:
                raise
            lost, status = error, 1
    if stopped:  # as a shell reports a process a signal ended: 128 + its number
        status = 128 + stopped[0]
    if save is not None:
        with _signals_held():
            status = _save(game, save, lang) or status
    if lost is not None:
        raise lost
    if not stopped and status == 0:
        from .analyse import offer_analysis  # it reads records as replay does: imported late

        others = args.level if args.bot == "pimc" else args.bot
        if args.daily and me is not None and game.is_over:
            _daily_result(game, me, lang, others)
        offer_analysis(game, me, lang, echoing_input(), others)
    return status


def _daily_result(game: Game, seat: int, lang: Lang, others: str) -> None:
    """The deal of the day's result line (it spoils nothing: points only)."""
    from ..account.review import daily_line
    from ..analysis import bot_in_seat

    mine = bot_in_seat(game.to_record(), seat, others=others)
    print(daily_line(game.rules, datetime.date.today(), mine.player_points, mine.bot_points,
                     lang))


def _save(game: Game, save: SaveTarget, lang: Lang) -> int:
    """Save the record of ``game`` to ``save``, or print it: 0, or 1 when it was printed."""
    w = words(lang)
    record = json.dumps(game.to_record(), indent=2, ensure_ascii=False) + "\n"
    try:
        save.write(record)
    except FileExistsError:
        message = w._("{file} appeared during the deal and is left as it is; the record is "
                      "printed below instead", file=save.shown)
    except OSError as error:
        reason = os_reason(error, lang)
        message = w._("cannot write {file}: {reason}; the record is printed below instead",
                      file=save.shown, reason=reason)
    else:
        if game.is_over:
            print(w._("Deal record saved to {file}.", file=save.shown))
        else:
            print(w._("Unfinished deal record saved to {file}.", file=save.shown))
        return 0
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(w._("{prog}: error: {message}", prog=f"{PROG} play", message=message),
                  file=sys.stderr)
    print(record, end="")
    return 1


STOPPING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that stop a deal as Ctrl-C does (its record still saved): a ``kill``, a closed
terminal."""


class _Stopped(KeyboardInterrupt):
    """A stopping signal came: the deal is abandoned as after Ctrl-C."""


@contextlib.contextmanager
def _stopping_signals(stopped: list[int]) -> Iterator[None]:
    """While the deal is played, :data:`STOPPING` signals abandon it as Ctrl-C does (their
    numbers added to ``stopped``), so that its record is still saved."""

    def stop(signum: int, frame: object) -> None:
        stopped.append(signum)
        raise _Stopped

    previous = {}
    try:
        for number in STOPPING:
            previous[number] = signal.signal(number, stop)
    except ValueError:  # not the main thread: signals are not ours to take
        pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """While the record is written, Ctrl-C and the stopping signals wait (a record half
    written helps nobody): they are delivered once it is done."""
    held = (signal.SIGINT, *STOPPING)
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    try:
        mask(signal.SIG_BLOCK, held)
    except (OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        mask(signal.SIG_UNBLOCK, held)


def _bots(name: str, level: str, seed: int | None, players: int) -> list[Bot]:
    """One bot per seat, each seeded from the deal's seed and its seat (the same command plays
    the same deal the same way); ``level`` is the search bot's strength."""
    base = seed if seed is not None else 0
    params = {"level": level} if name == "pimc" else {}
    return [make_bot(name, seed=None if name == "greedy" else base * 8 + s, **params)
            for s in range(players)]


class SaveTarget:
    """Where ``--save`` writes the record, checked before the deal starts.

    A new file is created exclusively when the record is written (:meth:`write`), so that a
    file that appeared meanwhile is not overwritten; in a folder that only takes new files (an
    append-only folder: the check's own empty file cannot be removed) the file created by the
    check is kept open and written. A file replaced with ``--force`` is replaced atomically.

    Attributes:
        path: the file written: the one named, or the file a symbolic link named points to
            (the link stays).
        shown: the name as the user gave it, quoted for messages.
        mode: the permissions of the file replaced (``None``: a new file, as the umask says).
    """

    def __init__(self, path: str, shown: str, mode: int | None,
                 held: int | None = None) -> None:
        self.path = path
        self.shown = shown
        self.mode = mode
        self._held = held  # the new file the check created and could not remove

    @classmethod
    def check(cls, file: str, force: bool, lang: Lang) -> SaveTarget:
        """The target ``file``, or :class:`Failure` if the record could not be written there:
        no name, a name too long, a folder, a file that exists (without ``force``), a device or
        a pipe, a file or a folder this user may not write (a new file is tried in the
        folder)."""
        w = words(lang)
        named = file_shown(file, lang)
        if not file:
            raise Failure(w._("--save needs a file name"))
        if file == "-":  # standard output is the game's own (replay - reads standard input)
            raise Failure(w._("--save - cannot write the record to standard output, where the "
                              "game is shown: give a file name (./- for a file named -)"))
        if os.path.isdir(file):
            raise Failure(w._("cannot save to {file}: it is a folder", file=named))
        path, mode = file, None
        try:
            exists = os.path.lexists(file)
        except ValueError:  # a NUL in the name
            raise Failure(w._("cannot write {file}: {reason}", file=named,
                              reason=w._(_OS_REASONS[errno.ENOENT]))) from None
        if exists:
            if not force:
                raise Failure(w._("{file} already exists: give another name, or add --force "
                                  "to replace it", file=named))
            path = os.path.realpath(file)
            try:
                info = os.stat(path)
            except OSError:  # a link to nothing: write where it points
                info = None
            if info is not None:
                if not stat.S_ISREG(info.st_mode):
                    raise Failure(w._("cannot save to {file}: it is not an ordinary file (a "
                                      "device, a pipe...)", file=named))
                mode = stat.S_IMODE(info.st_mode)
                try:  # opened for writing, not truncated: nothing changes
                    os.close(os.open(path, os.O_WRONLY))
                except OSError as error:
                    reason = os_reason(error, lang)
                    raise Failure(w._("cannot write {file}: {reason}", file=named,
                                      reason=reason)) from None
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            raise Failure(w._("cannot save to {file}: the folder {folder} does not exist",
                              file=named, folder=file_shown(folder, lang)))
        target = cls(path, named, mode)
        try:
            target._try()
        except OSError as error:
            reason = os_reason(error, lang)
            raise Failure(w._("cannot write {file}: {reason}", file=named, reason=reason)) from None
        return target

    def _try(self) -> None:
        """Create the file the record will take (a new one: the file itself; one replaced: a
        temporary file beside it), and remove it; in a folder that will not let it go, keep the
        new file open for :meth:`write`, or write the replaced one in place."""
        if self.mode is None and not os.path.lexists(self.path):
            descriptor = self._create(self.path)
            try:
                os.remove(self.path)
            except OSError:  # an append-only folder: the file stays, and is ours
                self._held = descriptor
                return
            os.close(descriptor)
            return
        if _append_only(os.path.dirname(self.path) or "."):
            return  # no temporary file could be removed there: written in place
        descriptor, temporary = self._temporary()
        os.close(descriptor)
        os.remove(temporary)

    def _create(self, path: str) -> int:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        return os.open(path, flags, 0o666 if self.mode is None else 0o600)

    def _temporary(self) -> tuple[int, str]:
        """A new, empty file next to the target (the same folder, so the same disk)."""
        folder, base = os.path.split(self.path)
        name = f".{base[:100]}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        temporary = os.path.join(folder, name)
        return self._create(temporary), temporary

    def write(self, content: str) -> None:
        """Write ``content`` to the target: a new file created exclusively
        (``FileExistsError`` if one appeared meanwhile, left as it is), a replaced one
        atomically (all of it, or nothing changed). Raises ``OSError``; a partial file of its
        own is removed."""
        data = content.encode("utf-8")
        if self._held is not None:
            descriptor, self._held = self._held, None
            self._fill(descriptor, data, self.path)
        elif self.mode is None and not os.path.lexists(self.path):
            self._fill(self._create(self.path), data, self.path)
        elif _append_only(os.path.dirname(self.path) or "."):
            flags = os.O_WRONLY | os.O_TRUNC | getattr(os, "O_BINARY", 0)
            self._fill(os.open(self.path, flags), data, None)
        elif self.mode is None:
            raise FileExistsError(errno.EEXIST, "File exists", self.path)
        else:
            descriptor, temporary = self._temporary()
            self._fill(descriptor, data, temporary)
            try:
                os.replace(temporary, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.remove(temporary)
                raise

    def _fill(self, descriptor: int, data: bytes, own: str | None) -> None:
        """Write ``data`` into ``descriptor`` and close it; on failure remove ``own`` (a file
        this target created) and raise."""
        try:
            with os.fdopen(descriptor, "wb") as stream:
                if self.mode is not None and hasattr(os, "fchmod"):
                    os.fchmod(stream.fileno(), self.mode)
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
        except BaseException:
            if own is not None:
                with contextlib.suppress(OSError):
                    os.remove(own)
            raise

    def close(self) -> None:
        """Let go of a new file the check kept open and nothing was written to (it stays,
        empty: its folder will not let it go)."""
        if self._held is not None:
            with contextlib.suppress(OSError):
                os.close(self._held)
            self._held = None


def _append_only(folder: str) -> bool:
    """Whether ``folder`` only takes new files (Linux's append-only attribute: nothing in it
    may be removed or renamed); ``False`` where that cannot be told."""
    try:
        import array
        import fcntl
    except ImportError:  # not a POSIX system
        return False
    flags = array.array("l", [0])
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.ioctl(descriptor, 0x80086601, flags, True)  # FS_IOC_GETFLAGS
    except OSError:
        return False
    finally:
        os.close(descriptor)
    return bool(flags[0] & 0x20)  # FS_APPEND_FL
