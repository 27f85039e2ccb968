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
from collections.abc import Mapping, Sequence
from typing import Any

from .core.actions import Deal
from .core.errors import CardrulesError, IllegalActionError, OptionError, RecordError, shown
from .core.labels import trick_labels
from .core.options import Options
from .core.rng import MAX_SEED, random_seed
from .engine import FORMAT, Game
from .games import ALIASES, GAMES, rules_for

# The json module's messages, in Spanish.
_JSON_ES = (
    ("Expecting value", "se esperaba un valor"),
    ("Expecting property name", "se esperaba un nombre de clave entre comillas dobles"),
    ("Expecting ',' delimiter", "se esperaba una coma"),
    ("Expecting ':' delimiter", "se esperaban dos puntos"),
    ("Extra data", "sobran datos tras el objeto"),
    ("Unterminated string", "hay un texto sin cerrar"),
    ("Invalid control character", "hay un carácter de control no válido"),
    ("Invalid \\escape", "hay una secuencia de escape no válida"),
    ("Illegal trailing comma", "sobra una coma final"),
)

MAX_RECORD_CHARS = 1_000_000
"""The longest record text read (a deal's record is a few kilobytes)."""

_KEYS = {"format", "game", "players", "options", "seed", "deal", "actions", "title", "comment",
         "notes"}

MAX_NOTE_CHARS = 2000
"""The longest note on an action, in each language."""


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
        RecordError: a bad seed, or a seed and a deal that disagree.

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
    else:
        count = players  # type: ignore[assignment]  # a str is refused by rules_for
    opts = options.to_dict() if isinstance(options, Options) else options
    rules = rules_for(game, count, opts)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed <= MAX_SEED):
        raise RecordError(
            f"a seed is a whole number from 0 to 2**64-1, not {shown(seed)}",
            f"una semilla es un número entero de 0 a 2**64-1, no {shown(seed, 'es')}",
        )
    played = Game(rules, names=names, seed=seed)
    if deal is None:
        if seed is None:
            played.seed = seed = random_seed()
        played.deal(rules.deal_from_seed(seed), checked=True)
    else:
        if seed is not None and rules.deal_from_seed(seed) != deal:
            raise RecordError("seed and deal disagree: the seed makes another deal",
                              "la semilla y el reparto no coinciden: la semilla da otro reparto")
        played.play(deal)
    return played


def _fail(where: str, en: str, es: str) -> RecordError:
    return RecordError(f"{where}: {en}", f"{where}: {es}")


def load_record(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A record as a dict, from JSON text or a mapping (raises :class:`RecordError`).

    Text longer than :data:`MAX_RECORD_CHARS` is refused unread; so are JSON nested deeper
    than Python can read and numbers of more than 4,300 digits.
    """
    if isinstance(source, (str, bytes)):
        if len(source) > MAX_RECORD_CHARS:
            raise RecordError(
                f"the record is too long: over {MAX_RECORD_CHARS:,} characters",
                f"el registro es demasiado largo: más de {MAX_RECORD_CHARS:,} caracteres"
                .replace(",", "."),
            )
        try:
            data = json.loads(source)
        except json.JSONDecodeError as error:
            spanish = next((es for en, es in _JSON_ES if error.msg.startswith(en)), error.msg)
            raise RecordError(
                f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
                f"no es JSON válido: {spanish} en la línea {error.lineno}, columna {error.colno}",
            ) from None
        except UnicodeDecodeError:
            raise RecordError("not UTF-8 text", "no es texto UTF-8") from None
        except RecursionError:
            raise RecordError("the JSON is nested too deeply", "el JSON está anidado a demasiada "
                              "profundidad") from None
        except ValueError:  # a number too long to convert
            raise RecordError("a number in the record has too many digits (over 4,300)",
                              "un número del registro tiene demasiadas cifras (más de 4.300)"
                              ) from None
    else:
        data = source
    if not isinstance(data, Mapping):
        raise RecordError("a deal record must be a JSON object")
    for key in data:
        if not isinstance(key, str):
            raise RecordError(f"the record's keys must be text, not {shown(key)}",
                              f"las claves del registro deben ser texto, no {shown(key, 'es')}")
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
        raise RecordError(
            f"unknown key {shown(unknown[0])}; a record has: {', '.join(sorted(_KEYS))}",
            f"clave desconocida {shown(unknown[0], 'es')}; un registro tiene: "
            f"{', '.join(sorted(_KEYS))}",
        )
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise _fail("game", "missing or not a game id such as \"briscola\"",
                    "falta o no es un identificador de juego como \"briscola\"")
    game_id = ALIASES.get(game_id, game_id)
    if game_id not in GAMES:
        known = ", ".join(GAMES)
        raise _fail("game", f"unknown game {shown(game_id)}; the games are: {known}",
                    f"juego desconocido {shown(game_id, 'es')}; los juegos son: {known}")
    for key in ("title", "comment"):
        if key in data and not isinstance(data[key], str):
            raise _fail(key, "must be text", "debe ser un texto")
    players = data.get("players")
    if players is None:
        raise _fail("players", "missing (a number of players or a list of names)",
                    "falta (un número de jugadores o una lista de nombres)")
    if isinstance(players, list):
        if not all(isinstance(p, str) for p in players):
            raise _fail("players", "names must be text", "los nombres deben ser texto")
    elif isinstance(players, bool) or not isinstance(players, int):
        raise _fail("players", "must be a number or a list of names",
                    "debe ser un número o una lista de nombres")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _fail("options", "must be an object", "debe ser un objeto")
    if data.get("format", FORMAT) != FORMAT:
        raise _fail("format", f"unsupported format {shown(data['format'])} (this is {FORMAT})",
                    f"formato no admitido {shown(data['format'], 'es')} (este es {FORMAT})")
    seed = data.get("seed")
    if "deal" not in data and seed is None:
        raise RecordError("the record needs a \"seed\" or a \"deal\"",
                          "el registro necesita una \"seed\" (semilla) o un \"deal\" (reparto)")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise _fail("actions", "must be a list of actions in notation",
                    "debe ser una lista de acciones en notación")
    count = len(players) if isinstance(players, list) else players
    for field, chosen in (("players", None), ("options", options)):  # the count first
        try:
            rules_for(game_id, count, chosen)
        except OptionError as error:
            raise _fail(field, error.en, error.es) from None
    deal = Deal.from_json(data["deal"]) if "deal" in data else None
    try:
        game = new_game(game_id, players=players, seed=seed, options=options, deal=deal)
    except IllegalActionError as error:  # the explicit deal does not fit the game
        raise _fail("deal", error.en, error.es) from None
    except RecordError as error:  # a bad seed
        raise _fail("seed", error.en, error.es) from None
    notes_of(data, len(actions))  # checked before the play: a bad note names its field
    for i, action in enumerate(actions):
        try:
            game.play(action)
        except CardrulesError as error:
            raise RecordError(f"actions[{i}] ({shown(action)}): {error.en}",
                              f"actions[{i}] ({shown(action, 'es')}): {error.es}") from None
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
        raise _fail("notes", "must be an object: step number -> {en, es}",
                    "debe ser un objeto: número de paso -> {en, es}")
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
            raise _fail(where, f"a note is on step 0 (the deal) to {actions}, by its number",
                        f"una nota va en un paso del 0 (el reparto) al {actions}, por su número")
        if not isinstance(note, dict) or set(note) != {"en", "es"}:
            raise _fail(where, "must be an object with en and es", "debe ser un objeto con en y es")
        for lang in ("en", "es"):
            text = note[lang]
            if not isinstance(text, str) or not text.strip() or len(text) > MAX_NOTE_CHARS:
                raise _fail(f"{where}.{lang}", f"must be text of 1 to {MAX_NOTE_CHARS} characters",
                            f"debe ser un texto de 1 a {MAX_NOTE_CHARS} caracteres")
        notes[int(key)] = (note["en"], note["es"])
    return notes


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
