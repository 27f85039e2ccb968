"""Deal records: a game as JSON, and back.

A deal record is a JSON object::

    {
      "format": "cardrules/1",              (optional)
      "game": "briscola",                   a game id (see `cardrules games`)
      "players": 2,                         a number of players, or a list of their names
      "options": {"exchange": "none"},      (optional) options that differ from the defaults
      "seed": 42,                           either a seed (0 <= seed < 2**64) ...
      "deal": {"hands": [["1O", ...], ...], ... or the deal itself: each seat's cards,
               "stock": ["7C", ..., "4B"]},   the stock top first, the turned-up card last
      "actions": ["3C", "exchange:2O", ...]  every action after the deal, in notation
    }

With both ``seed`` and ``deal``, the deal must be the one the seed makes. ``title`` and
``comment`` may hold free text. Anything else is an error, so that a misspelt key is not
silently ignored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from . import games
from .core.actions import Deal
from .core.errors import CardrulesError, IllegalActionError, OptionError, RecordError, shown
from .core.labels import trick_labels
from .core.options import Options
from .core.quoted import Quoted
from .core.rng import MAX_SEED, random_seed
from .engine import FORMAT, Game
from .games import rules_for
from .words import N_, Count, Lang, Message, words

# The json module's messages (the start of each), as the catalogue of words knows them.
_JSON = (
    N_("Expecting value"),
    N_("Expecting property name"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Extra data"),
    N_("Unterminated string"),
    N_("Invalid control character"),
    N_("Invalid \\escape"),
    N_("Illegal trailing comma"),
)

MAX_RECORD_CHARS = 1_000_000
"""The longest record text read (a deal's record is a few kilobytes)."""

_KEYS = {"format", "game", "players", "options", "seed", "deal", "actions", "title", "comment",
         "notes"}

MAX_NOTE_CHARS = 2000
"""The longest note on an action, in each language."""

MAX_NAME_CHARS = 40
"""The longest player's name (the terminal shows names up to this length; the page wraps
them)."""

MAX_NESTING = 16
"""The deepest a record's JSON may nest objects and lists (a record needs four levels: the
record, its deal, the hands, a hand). Deeper text is refused before it is parsed: in the
browser, Python's JSON parser would exhaust the page's stack long before Python's own limit."""

# A JSON string (its closing quote may be missing: the parser then says what is wrong).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}

# What free text of a record (a name, a title, a note) may not hold: lone surrogates (not
# characters at all) and the controls of writing direction, which would turn the sentence that
# names a player around ("Ann .snioc fo eerht eht syalp").
_NOT_TEXT = re.compile("[\ud800-\udfff]")
_DIRECTION = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class _Twice(Exception):
    """A key given twice in one JSON object."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused (:class:`_Twice`) when it gives a key twice."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return data


def nesting(text: str) -> int:
    """How deep the JSON ``text`` nests objects and lists, read without parsing it (strings
    skipped).

    Examples:
        >>> nesting('{"a": [[1, "]]]"], {}]}'), nesting("[" * 5000), nesting("7")
        (3, 5000, 0)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(_DEPTH[ch] for ch in brackets), default=0)


def check_text(where: str, text: str) -> None:
    """Refuse free text of a record (a player's name, a title, a note) that is not what it
    seems: a lone surrogate, or a control of writing direction (:class:`RecordError` naming the
    field ``where``).

    Examples:
        >>> try:
        ...     check_text("players[0]", "Ann\u202e")
        ... except RecordError as error:
        ...     print(error.message("en").split(",")[0])
        players[0]: holds '\\u202e'
    """
    found = _NOT_TEXT.search(text)
    if found is not None:
        raise _fail(where, N_("holds {char}, half of a character (a lone surrogate); remove it"),
                    char=Quoted(found.group()))
    found = _DIRECTION.search(text)
    if found is not None:
        raise _fail(where, N_("holds {char}, a control of writing direction that would turn the "
                              "sentence around it; remove it"), char=Quoted(found.group()))


class _Thousands(Message):
    """A big number written with the reader's thousands separator ("1,000,000";
    "1 000 000")."""

    def __init__(self, number: int) -> None:
        super().__init__("{number}", {"number": number})

    def say(self, lang: Lang = "en") -> str:
        number: int = self.fields["number"]  # type: ignore[assignment]
        return words(lang).number(number)


def new_game(
    game: str,
    *,
    players: int | Sequence[str] | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | Options | None = None,
    deal: Deal | None = None,
) -> Game:
    """Start a deal of ``game`` (an id such as ``"briscola"``), dealt and ready to play.

    Args:
        game: the game id.
        players: the number of players, or their names (one per seat); by default the
            smallest number the game allows.
        seed: deals the same cards on every Python version; without one (and without ``deal``)
            a fresh random seed is drawn.
        options: option values by name (see ``cardrules games``); unnamed ones take defaults.
        deal: an explicit deal instead of a seeded one (with a seed too, it must be the seed's).

    Raises:
        OptionError: unknown game, unsupported player count or bad option.
        IllegalActionError: an explicit deal that does not fit the game.
        RecordError: a bad seed, a seed and a deal that disagree, or a name over
            :data:`MAX_NAME_CHARS` characters.

    Examples:
        >>> game = new_game("briscola", players=2, seed=7)
        >>> game.current_player, len(game.legal_actions())
        (0, 3)
    """
    if (players.__class__ is int and seed.__class__ is int and not isinstance(options, Options)
            and deal is None and 0 <= seed <= MAX_SEED):
        # The common case, made cheap.
        rules = rules_for(game, players, options)
        played = Game(rules, seed=seed)
        played.deal(rules.deal_from_seed(seed), checked=True)
        return played
    names: Sequence[str] | None = None
    count: int | None
    if isinstance(players, Sequence) and not isinstance(players, str):
        names = [str(n) for n in players]
        count = len(names)
        for seat, name in enumerate(names):
            _check_name(seat, name)
    else:
        count = players  # type: ignore[assignment]  # a str is refused by rules_for
    opts = options.to_dict() if isinstance(options, Options) else options
    rules = rules_for(game, count, opts)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed <= MAX_SEED):
        raise RecordError("a seed is a whole number from 0 to 2**64-1, not {seed}",
                          seed=Quoted(seed))
    played = Game(rules, names=names, seed=seed)
    if deal is None:
        if seed is None:
            played.seed = seed = random_seed()
        played.deal(rules.deal_from_seed(seed), checked=True)
    else:
        if seed is not None and rules.deal_from_seed(seed) != deal:
            raise RecordError("seed and deal disagree: the seed makes another deal")
        played.play(deal)
    return played


def _check_name(seat: int, name: str) -> None:
    """Refuse a name over :data:`MAX_NAME_CHARS` characters (it would stretch every line and
    every page that shows it)."""
    if len(name) > MAX_NAME_CHARS:
        raise _fail(f"players[{seat}]", N_("a name has at most {limit} characters, not {count}"),
                    limit=MAX_NAME_CHARS, count=Count(len(name)))


def _fail(where: str, problem: str | Message, **fields: object) -> RecordError:
    """A record error at the field ``where``: "players: names must be text" (``problem``: a
    sentence of the catalogue, marked where it is written, with its ``fields``)."""
    said = problem if isinstance(problem, Message) else Message(problem, fields)
    return RecordError("{where}: {problem}", where=where, problem=said)


def load_record(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A record as a dict, from JSON text or a mapping (raises :class:`RecordError`).

    Text longer than :data:`MAX_RECORD_CHARS` is refused unread; so are JSON nested deeper
    than :data:`MAX_NESTING` (before it is parsed), numbers of more than 4,300 digits and an
    object that gives a key twice. A byte-order mark at the start is skipped.

    Examples:
        >>> load_record('\ufeff{"game": "brisca", "seed": 1}')
        {'game': 'brisca', 'seed': 1}
        >>> load_record('{"seed": 1, "seed": 2}')
        Traceback (most recent call last):
        ...
        cardrules.core.errors.RecordError: the key 'seed' is given twice; a key may be given once
    """
    if isinstance(source, (str, bytes)):
        if len(source) > MAX_RECORD_CHARS:
            raise RecordError("the record is too long: over {limit} characters",
                              limit=_Thousands(MAX_RECORD_CHARS))
        if isinstance(source, bytes):
            try:  # as json.loads reads bytes: UTF-8 (with or without its mark), -16 or -32
                text = source.decode(json.detect_encoding(source), "surrogatepass")
            except UnicodeDecodeError:
                raise RecordError("not UTF-8 text") from None
        else:
            text = source
        text = text.removeprefix("\ufeff")
        if nesting(text) > MAX_NESTING:
            raise RecordError("the JSON is nested too deeply: a deal record has at most {limit} "
                              "levels of objects and lists", limit=MAX_NESTING)
        try:
            data = json.loads(text, object_pairs_hook=_object)
        except json.JSONDecodeError as error:
            known = next((m for m in _JSON if error.msg.startswith(m)), None)
            raise RecordError(
                "not valid JSON: {problem} at line {line}, column {column}",
                problem=Message(known) if known is not None else error.msg, line=error.lineno,
                column=error.colno,
            ) from None
        except _Twice as twice:
            raise RecordError("the key {key} is given twice; a key may be given once",
                              key=Quoted(twice.key)) from None
        except RecursionError:
            raise RecordError("the JSON is nested too deeply: a deal record has at most {limit} "
                              "levels of objects and lists", limit=MAX_NESTING) from None
        except ValueError:  # a number too long to convert
            raise RecordError("a number in the record has too many digits (over {limit})",
                              limit=_Thousands(4300)) from None
    else:
        data = source
    if not isinstance(data, Mapping):
        raise RecordError("a deal record must be a JSON object")
    for key in data:
        if not isinstance(key, str):
            raise RecordError("the record's keys must be text, not {key}", key=Quoted(key))
    return dict(data)


def replay(record: str | bytes | Mapping[str, Any]) -> Game:
    """The game a deal record describes, with every action replayed.

    Accepts the record as a dict or as JSON text. No seed is needed when the record holds the
    deal.

    Raises:
        RecordError: the record is malformed or an action is illegal; the message names the
            field (``actions[12]``, ``deal.hands[1][0]``...) and says what is wrong.
    """
    data = load_record(record)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RecordError("unknown key {key}; a record has: {keys}", key=Quoted(unknown[0]),
                          keys=", ".join(sorted(_KEYS)))
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise _fail("game", N_("missing or not a game id such as \"briscola\""))
    try:
        game_id = games.game_id(game_id)
    except OptionError as error:
        raise _fail("game", error.said) from None
    for key in ("title", "comment"):
        if key in data:
            if not isinstance(data[key], str):
                raise _fail(key, N_("must be text"))
            check_text(key, data[key])
    players = data.get("players")
    if players is None:
        raise _fail("players", N_("missing (a number of players or a list of names)"))
    if isinstance(players, list):
        if not all(isinstance(p, str) for p in players):
            raise _fail("players", N_("names must be text"))
        for seat, name in enumerate(players):
            check_text(f"players[{seat}]", name)
            _check_name(seat, name)
    elif isinstance(players, bool) or not isinstance(players, int):
        raise _fail("players", N_("must be a number or a list of names"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _fail("options", N_("must be an object"))
    if data.get("format", FORMAT) != FORMAT:
        raise _fail("format", N_("unsupported format {format} (this is {ours})"),
                    format=Quoted(data["format"]), ours=FORMAT)
    seed = data.get("seed")
    if "deal" not in data and seed is None:
        raise RecordError("the record needs a \"seed\" or a \"deal\"")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise _fail("actions", N_("must be a list of actions in notation"))
    count = len(players) if isinstance(players, list) else players
    for field, chosen in (("players", None), ("options", options)):  # the count first
        try:
            rules_for(game_id, count, chosen)
        except OptionError as error:
            raise _fail(field, error.said) from None
    deal = Deal.from_json(data["deal"]) if "deal" in data else None
    try:
        game = new_game(game_id, players=players, seed=seed, options=options, deal=deal)
    except IllegalActionError as error:  # the explicit deal does not fit the game
        raise _fail("deal", error.said) from None
    except RecordError as error:  # a bad seed
        raise _fail("seed", error.said) from None
    notes_of(data, len(actions))  # checked before the play: a bad note names its field
    for i, action in enumerate(actions):
        try:
            game.play(action)
        except CardrulesError as error:
            raise RecordError("{where} ({action}): {problem}", where=f"actions[{i}]",
                              action=Quoted(action), problem=error.said) from None
    return game


def notes_of(data: Mapping[str, Any], actions: int | None = None) -> dict[int, tuple[str, str]]:
    """A record's notes: a comment in English and in Spanish on any step, the deal (0) or the
    ``n``-th action (``n`` from 1), as ``{"notes": {"12": {"en": "...", "es": "..."}}}``.

    Returns ``{step: (en, es)}``.

    Raises:
        RecordError: a note that is malformed, too long, or on a step the record does not have.
    """
    raw = data.get("notes", {})
    if not isinstance(raw, dict):
        raise _fail("notes", N_("must be an object: step number -> an object with en and es"))
    if actions is None:
        listed = data.get("actions", [])
        actions = len(listed) if isinstance(listed, list) else 0
    notes: dict[int, tuple[str, str]] = {}
    for key, note in raw.items():
        where = f"notes[{shown(key)}]"
        # ASCII digits only ("²" is a digit to str.isdigit but not to int), no leading zero
        # (two keys for one step).
        if (not isinstance(key, str) or not key.isascii() or not key.isdigit() or len(key) > 6
                or (len(key) > 1 and key[0] == "0") or int(key) > actions):
            raise _fail(where, N_("a note is on step 0 (the deal) to {last}, by its number"),
                        last=actions)
        if not isinstance(note, dict) or set(note) != {"en", "es"}:
            raise _fail(where, N_("must be an object with en and es"))
        for lang in ("en", "es"):
            text = note[lang]
            if not isinstance(text, str) or not text.strip() or len(text) > MAX_NOTE_CHARS:
                raise _fail(f"{where}.{lang}", N_("must be text of 1 to {limit} characters"),
                            limit=MAX_NOTE_CHARS)
            check_text(f"{where}.{lang}", text)
        notes[int(key)] = (note["en"], note["es"])
    return notes


def notes_in(notes: Mapping[int, tuple[str, str]], lang: str) -> dict[int, str]:
    """The notes (from :func:`notes_of`) in the language a reader reads: a record's notes are
    written in English and Spanish, so a reader of another language reads the English.

    Examples:
        >>> notes_in({3: ("A fine trump.", "Un buen triunfo.")}, "es")
        {3: 'Un buen triunfo.'}
    """
    which = 1 if lang == "es" else 0
    return {step: pair[which] for step, pair in notes.items()}


def summary(game: Game) -> dict[str, Any]:
    """The replay JSON of a game: every trick (leader, plays, winner, points, labels) and the
    result (``null`` while the game is not over)."""
    strength = game.rules.strength
    tricks = []
    for trick in game.tricks:
        # The labels describe following suit and trumping: they mean nothing without trumps.
        labels = trick_labels(trick, strength) if trick.trump else (None,) * len(trick.plays)
        tricks.append({
            "leader": trick.leader,
            "plays": [[seat, card.code] for seat, card in trick.plays],
            "winner": trick.winner,
            "points": trick.points,
            "labels": [label.value if label else None for label in labels],
        })
    result = game.result
    return {
        "game": game.rules.id,
        "players": game.rules.players,
        "trump": game.trump.value if game.trump else None,
        "tricks": tricks,
        "result": result.to_json() if result else None,
        "over": game.is_over,
    }
