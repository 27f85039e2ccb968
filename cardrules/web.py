"""The Python side of the rulebook's in-browser widget (run by Pyodide in a Web Worker).

The widget asks Python for whole answers and then works in JavaScript: :func:`deal_steps`
replays a deal record once and returns **every** state of the deal (hands, turned-up card and
trumps, stock, the trick on the table with each play's label, points and tricks per side), so
that stepping forward and back never calls Python again. Each public function takes and returns
JSON text, the cheapest thing to pass between a worker and the page; the ``*_data`` functions
return the same as plain dicts, for Python callers and tests.

Nothing here returns HTML: the page puts every string in with DOM text APIs.

==========================================  ==============================================
function                                    answer
==========================================  ==============================================
``deal_steps(record_json, lang)``           every state of a recorded deal
``new_deal(game, players, seed, lang)``     a fresh deal played out by the bots, its record
                                            and every state
``lookup(text, lang)``                      a glossary term: glosses, definition, example
``run_example(term_id, lang)``              runs a term's example and says whether it passed
``catalog(lang)``                           the games, their player counts, the play labels
==========================================  ==============================================

An answer is ``{"ok": true, ...}`` or ``{"ok": false, "error": "<message in lang>"}``.

Examples:
    >>> import json
    >>> answer = json.loads(deal_steps(open("examples/brisca-2p.json").read(), "es"))
    >>> answer["ok"], answer["steps"][0]["text"]
    (True, 'Se reparten las cartas; la muestra es el as de oros: triunfo, oros.')
    >>> answer["steps"][-1]["sides"] == answer["result"]["side_points"] == [80, 40]
    True
"""

from __future__ import annotations

import contextlib
import io
import json
import time
import traceback
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .actions import Action, Deal, Trick, format_action
from .cards import Card
from .engine import Game, Phase, Result
from .errors import CardrulesError, Lang
from .games import GAMES
from .labels import label_play
from .record import load_record, replay

__all__ = [
    "MAX_RECORD_CHARS",
    "catalog",
    "catalog_data",
    "deal_steps",
    "lookup",
    "lookup_data",
    "new_deal",
    "new_deal_data",
    "run_example",
    "run_example_data",
    "steps_data",
]

MAX_RECORD_CHARS: Final = 200_000
"""The longest record text :func:`deal_steps` reads (a pasted record is untrusted input)."""

_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "deal_turn": "The cards are dealt; the {card} is turned up: {suit} are trumps.",
        "deal_trump": "The cards are dealt; {suit} are trumps.",
        "deal": "The cards are dealt.",
        "play": "{name} plays the {card}.",
        "exchange": "{name} gives the {card} for the turned-up {turn_up}.",
        "arrastro": "{name} plays the {card} and declares arrastro.",
        "claim": "{name} claims the remaining tricks.",
        "chant": "{name} agrees to the chant.",
        "no-chant": "{name} refuses the chant.",
        "discard": "{name} puts a card aside.",
        "surrender": "{name} offers to surrender.",
        "accept": "{name} accepts the surrender.",
        "refuse": "{name} refuses the surrender.",
        "move": "{name}: {notation}.",
        "takes": "{name} takes trick {n}",
        "takes_points": "{name} takes trick {n} ({points}).",
        "spoiled": "Trick {n} is spoiled: nobody takes it.",
        "points": "{n} points",
        "point": "1 point",
        "win": "{names} win the deal, {score}.",
        "win_one": "{names} wins the deal, {score}.",
        "draw": "A draw, {score}: nobody wins the deal.",
        "and": " and ",
        "side": "side {n}",
    },
    "es": {
        "deal_turn": "Se reparten las cartas; la muestra es {article} {card}: triunfo, {suit}.",
        "deal_trump": "Se reparten las cartas; triunfo: {suit}.",
        "deal": "Se reparten las cartas.",
        "play": "{name} juega {article} {card}.",
        "exchange": "{name} cambia {article} {card} por la muestra ({turn_up}).",
        "arrastro": "{name} juega {article} {card} y canta arrastro.",
        "claim": "{name} reclama las bazas que quedan.",
        "chant": "{name} acepta el chant.",
        "no-chant": "{name} rechaza el chant.",
        "discard": "{name} aparta una carta.",
        "surrender": "{name} ofrece rendirse.",
        "accept": "{name} acepta la rendición.",
        "refuse": "{name} rechaza la rendición.",
        "move": "{name}: {notation}.",
        "takes": "{name} se lleva la baza {n}",
        "takes_points": "{name} se lleva la baza {n} ({points}).",
        "spoiled": "La baza {n} es nula: no se la lleva nadie.",
        "points": "{n} puntos",
        "point": "1 punto",
        "win": "Ganan la mano {names}, {score}.",
        "win_one": "Gana la mano {names}, {score}.",
        "draw": "Empate, {score}: nadie gana la mano.",
        "and": " y ",
        "side": "bando {n}",
    },
}

_FEMININE: Final = ("sota", "jota", "reina")
"""Spanish card names that take *la* (the rest take *el*)."""


def _lang(lang: str) -> Lang:
    return "es" if lang == "es" else "en"


def _answer(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _failure(error: BaseException, lang: Lang) -> dict[str, Any]:
    if isinstance(error, CardrulesError):
        message = error.message(lang)
    else:
        message = f"{type(error).__name__}: {error}"
    return {"ok": False, "error": message}


class _Words:
    """Names of players and cards and the wording of each step, in one language."""

    def __init__(self, game: Game, lang: Lang) -> None:
        self.game = game
        self.lang = lang
        self.t = _TEXT[lang]
        self.pack = game.rules.pack

    def card(self, card: Card) -> str:
        return self.pack.card_name(card, self.lang)

    def article(self, card: Card) -> str:
        return "la" if self.card(card).startswith(_FEMININE) else "el"

    def name(self, seat: int) -> str:
        return self.game.names[seat]

    def points(self, n: int) -> str:
        return self.t["point"] if n == 1 else self.t["points"].format(n=n)

    def deal(self, deal: Deal) -> str:
        rules = self.game.rules
        trump = self.game.trump
        if trump is None:
            return self.t["deal"]
        suit = self.pack.suit_name(trump, self.lang)
        if rules.turn_up and deal.stock:
            card = deal.stock[-1]
            return self.t["deal_turn"].format(
                card=self.card(card), article=self.article(card), suit=suit
            )
        return self.t["deal_trump"].format(suit=suit)

    def action(self, seat: int, action: Action, turn_up: Card | None) -> str:
        name = self.name(seat) if seat >= 0 else ""
        if isinstance(action, Card):
            return self.t["play"].format(
                name=name, card=self.card(action), article=self.article(action)
            )
        card = getattr(action, "card", None)
        keyword = action.keyword
        if isinstance(card, Card) and keyword in ("exchange", "arrastro"):
            return self.t[keyword].format(
                name=name,
                card=self.card(card),
                article=self.article(card),
                turn_up=self.card(turn_up) if turn_up is not None else "?",
            )
        if keyword in ("claim", "chant", "no-chant", "discard", "surrender", "accept", "refuse"):
            return self.t[keyword].format(name=name)
        return self.t["move"].format(name=name, notation=format_action(action))

    def trick(self, trick: Trick, scored_by_tricks: bool) -> str:
        n = trick.number + 1
        if trick.winner is None:
            return self.t["spoiled"].format(n=n)
        name = self.name(trick.winner)
        if scored_by_tricks:
            return self.t["takes"].format(name=name, n=n) + "."
        return self.t["takes_points"].format(name=name, n=n, points=self.points(trick.points))

    def side(self, side: Sequence[int]) -> str:
        """The names of a side's players: "Ana", "Ana and Bea", "Ana, Bea and Carmen"."""
        names = [self.name(s) for s in side]
        if len(names) <= 2:
            return self.t["and"].join(names)
        return ", ".join(names[:-1]) + self.t["and"] + names[-1]

    def verdict(self, result: Result, by_tricks: bool) -> str:
        """Who won and by how much, then how the deal ended if it was not by the count.

        In a game scored by tricks the score is the deal's game points (a surrender can win
        a deal with fewer tricks)."""
        sides = self.game.rules.sides
        shown = result.game_points if by_tricks and result.game_points else result.side_points
        score = "–".join(str(p) for p in shown)
        if result.winner is None:
            text = self.t["draw"].format(score=score)
        else:
            key = "win_one" if len(sides[result.winner]) == 1 else "win"
            text = self.t[key].format(names=self.side(sides[result.winner]), score=score)
        reason = result.describe(self.lang)
        return f"{text} {reason}" if reason else text


def _play_label(game: Game, before: Sequence[Card], card: Card) -> str | None:
    """The glossary label of playing ``card`` onto ``before`` (none without trumps)."""
    if game.trump is None:
        return None
    label = label_play(before, card, game.trump, game.rules.strength)
    return label.value if label is not None else None


def _seats_meta(game: Game) -> list[dict[str, Any]]:
    rules = game.rules
    seats = []
    for seat in range(rules.players):
        seats.append({
            "name": game.names[seat],
            "side": rules.side_of(seat),
            "dealer": seat == rules.players - 1,
        })
    return seats


def steps_data(record: str | Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """Every state of a recorded deal, for the widget (see :func:`deal_steps`).

    Args:
        record: the deal record, as JSON text or a mapping.
        lang: ``"en"`` or ``"es"``: the language of every sentence in the answer.

    Returns:
        ``{"ok": True, "game", "title", "players", "seats", "sides", "side_names", "style",
        "trump", "trump_name", "scored_by", "draws", "steps", "tricks", "result", "cards",
        "record"}``. Each step has ``actor``, ``action`` (notation), ``text``, ``label``,
        ``hands``, ``turn_up``, ``stock``, ``table`` (``[seat, code, label]`` plays),
        ``trick`` (the number shown, from 1), ``done`` (the table shows a finished trick),
        ``winner`` (the seat), ``taking`` (the index in ``table`` of the card that took the
        trick), ``trick_text``, ``sides`` (points per side: tricks in a game scored by tricks),
        ``side_tricks``, ``turn``,
        ``phase`` and ``see`` (for each seat, the other seats whose hands it may see).
        ``tricks`` gives the step at which each trick was finished; ``result`` the final score.
        On a bad record: ``{"ok": False, "error": message}``.
    """
    language = _lang(lang)
    try:
        if isinstance(record, str) and len(record) > MAX_RECORD_CHARS:
            raise CardrulesError(
                f"the record is too long (over {MAX_RECORD_CHARS} characters)",
                f"el registro es demasiado largo (más de {MAX_RECORD_CHARS} caracteres)",
            )
        data = load_record(record)
        game = replay(data)
        return _steps(game, language, data)
    except (CardrulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        return _failure(error, language)


def _steps(game: Game, lang: Lang, data: Mapping[str, Any]) -> dict[str, Any]:
    rules = game.rules
    words = _Words(game, lang)
    by_tricks = rules.scores_tricks
    sides = rules.sides
    side_of = [rules.side_of(s) for s in range(rules.players)]
    fresh = Game(rules, names=game.names, seed=game.seed)
    steps: list[dict[str, Any]] = []
    trick_steps: list[int] = []
    side_tricks = [0] * len(sides)
    codes: set[Card] = set()
    looks = False  # does any seat ever see another's hand?
    for action in game.log:
        turn_up = fresh.turn_up
        before = list(fresh.trick)
        event = fresh.play(action)
        seat = event.seat
        label = None
        if isinstance(action, Deal):
            text = words.deal(action)
            codes.update(action.cards)
        else:
            played = action if isinstance(action, Card) else getattr(action, "card", None)
            if isinstance(played, Card) and (
                isinstance(action, Card) or action.keyword == "arrastro"
            ):
                label = _play_label(fresh, before, played)
            text = words.action(seat, action, turn_up)
        trick = event.trick
        if trick is not None:
            table = _table(fresh, trick.plays)
            trick_steps.append(len(steps))
            if trick.winner is not None:
                side_tricks[side_of[trick.winner]] += 1
            number, done, winner = trick.number + 1, True, trick.winner
            trick_text = words.trick(trick, by_tricks)
            taking = rules.trick_winner(trick.cards, trick.trump) if winner is not None else None
        else:
            plays = fresh.trick_plays
            table = _table(fresh, plays)
            number, done, winner, trick_text = len(fresh.tricks) + 1, False, None, ""
            taking = None
        see = [sorted(rules.visible_hands(fresh, s)) for s in range(rules.players)]
        looks = looks or any(see)
        steps.append({
            "actor": seat,
            "action": format_action(action) if not isinstance(action, Deal) else "deal",
            "text": text,
            "label": label,
            "hands": [[c.code for c in hand] for hand in fresh.hands],
            "turn_up": fresh.turn_up.code if fresh.turn_up is not None else None,
            "stock": fresh.stock_size,
            "table": table,
            "trick": number,
            "done": done,
            "winner": winner,
            "taking": taking,
            "trick_text": trick_text,
            "sides": list(side_tricks) if by_tricks
            else [sum(fresh.points[s] for s in side) for side in sides],
            "side_tricks": list(side_tricks),
            "turn": fresh.current_player if fresh.phase is not Phase.OVER else None,
            "phase": fresh.phase.value,
            "see": see,
        })
    if not looks:
        for step in steps:
            del step["see"]
    result_json: dict[str, Any] | None = None
    result = fresh.result
    if result is not None:
        steps[-1]["sides"] = list(result.side_points)
        result_json = {
            **result.to_json(),
            "text": words.verdict(result, by_tricks),
        }
    trump = fresh.trump
    record = game.to_record()
    for key in ("title", "comment"):
        if isinstance(data.get(key), str):
            record[key] = data[key]
    return {
        "ok": True,
        "game": rules.id,
        "title": rules.title.get(lang, rules.id),
        "players": rules.players,
        "seats": _seats_meta(game),
        "sides": [list(side) for side in sides],
        "side_names": [words.side(side) for side in sides],
        "style": rules.pack.face.style,
        "trump": trump.value if trump is not None else None,
        "trump_name": rules.pack.suit_name(trump, lang) if trump is not None else None,
        "scored_by": "tricks" if by_tricks else "points",
        "draws": any(rules.draws),
        "steps": steps,
        "tricks": trick_steps,
        "result": result_json,
        "cards": {c.code: words.card(c) for c in sorted(codes, key=lambda c: c.index)},
        "record": record,
    }


def _table(game: Game, plays: Sequence[tuple[int, Card]]) -> list[list[Any]]:
    """The plays of a trick with their labels, as ``[seat, code, label]``."""
    cards = [card for _, card in plays]
    return [
        [seat, card.code, _play_label(game, cards[:i], card)]
        for i, (seat, card) in enumerate(plays)
    ]


def deal_steps(record_json: str, lang: str = "en") -> str:
    """Every state of a recorded deal, as JSON text (see :func:`steps_data`).

    Args:
        record_json: the deal record as JSON text.
        lang: ``"en"`` or ``"es"``.

    Returns:
        JSON text: ``{"ok": true, "steps": [...], ...}`` or ``{"ok": false, "error": ...}``.
    """
    return _answer(steps_data(record_json, lang))


def new_deal_data(
    game: str, players: int, seed: int | None = None, lang: str = "en"
) -> dict[str, Any]:
    """A new deal of ``game``, played to the end by the package's bots, and every state of it.

    Even seats play :class:`~cardrules.bots.GreedyBot`, odd seats
    :class:`~cardrules.bots.RandomBot` (seeded from the deal's seed), so the same seed gives the
    same deal and the same play.

    Args:
        game: a game id such as ``"brisca"``.
        players: the number of players.
        seed: the deal's seed; ``None`` draws one.
        lang: ``"en"`` or ``"es"``.

    Returns:
        What :func:`steps_data` returns, with the ``record`` of the new deal (its ``seed``
        included); or ``{"ok": False, "error": message}`` for a bad game, count or seed.
    """
    from .bots import Bot, GreedyBot, RandomBot, play_out
    from .record import new_game

    language = _lang(lang)
    try:
        played = new_game(game, players=players, seed=seed)
        base = played.seed if played.seed is not None else 0
        bots: list[Bot] = [
            GreedyBot() if s % 2 == 0 else RandomBot(seed=(base + s) % 2**32)
            for s in range(played.players)
        ]
        play_out(played, bots)
        return _steps(played, language, {})
    except (CardrulesError, ValueError, TypeError, RecursionError) as error:
        return _failure(error, language)


def new_deal(game: str, players: int, seed: int | None = None, lang: str = "en") -> str:
    """:func:`new_deal_data` as JSON text."""
    return _answer(new_deal_data(game, players, seed, lang))


def _plain(text: str) -> str:
    """Glossary text without its Markdown emphasis."""
    return text.replace("*", "")


def lookup_data(text: str, lang: str = "en") -> dict[str, Any]:
    """The glossary term that ``text`` names (any form, any case, accents optional).

    Args:
        text: what the reader typed or clicked.
        lang: the page's language.

    Returns:
        ``{"ok": True, "found": True, "id", "word", "lang", "lang_name", "gloss": {"en",
        "es"}, "definition", "forms", "games", "see": [{"id", "word"}], "example", "others"}``
        (``others``: further terms that match the text); or ``{"ok": True, "found": False,
        "suggestions": [words]}``.
    """
    from . import glossary

    language = _lang(lang)
    query = text.strip()[:100]
    term = glossary.lookup(query) if query else None
    matches = glossary.search(query, language) if query else ()
    if term is None and matches:
        term = matches[0]
    if term is None:
        return {"ok": True, "found": False, "query": query, "suggestions": _close(query)}
    return {
        "ok": True,
        "found": True,
        "query": query,
        "id": term.id,
        "word": term.word,
        "lang": term.lang,
        "lang_name": glossary.TERM_LANGS[term.lang][language],
        "gloss": {"en": term.gloss.en, "es": term.gloss.es},
        "definition": _plain(term.definition[language]),
        "forms": list(term.forms),
        "games": [glossary.game_title(g, language) for g in term.games],
        "see": [{"id": i, "word": glossary.get(i).word} for i in term.see],
        "example": term.example.strip("\n"),
        "others": [{"id": t.id, "word": t.word} for t in matches if t.id != term.id][:5],
    }


def _close(query: str, limit: int = 3) -> list[str]:
    """Glossary words close to a misspelt query."""
    import difflib

    from . import glossary

    names: dict[str, str] = {}
    for term in glossary.terms():
        for name in term.names:
            names.setdefault(name.lower(), term.word)
    close = difflib.get_close_matches(query.lower(), list(names), n=limit * 3, cutoff=0.7)
    return list(dict.fromkeys(names[c] for c in close))[:limit]


def lookup(text: str, lang: str = "en") -> str:
    """:func:`lookup_data` as JSON text."""
    return _answer(lookup_data(text, lang))


def run_example_data(term_id: str, lang: str = "en") -> dict[str, Any]:
    """Run the example of a glossary term, in a namespace of its own.

    Returns:
        ``{"ok": True, "id", "passed": bool, "ms": float, "output": printed text,
        "error": the last lines of the traceback, or ""}``; ``{"ok": False, "error"}`` for an
        unknown term.
    """
    from . import glossary

    language = _lang(lang)
    try:
        term = glossary.get(term_id)
    except KeyError:
        message = (f"no hay ningún término «{term_id}»" if language == "es"
                   else f"no glossary term {term_id!r}")
        return {"ok": False, "error": message}
    out = io.StringIO()
    namespace: dict[str, Any] = {"__name__": f"glossary_example_{term.id.replace('-', '_')}"}
    start = time.perf_counter()
    error = ""
    try:
        code = compile(term.example, f"<glossary example: {term.id}>", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
    except Exception:  # the example failed: say how, the way Python would
        lines = traceback.format_exc().strip().splitlines()
        error = "\n".join(lines[-3:])
    ms = (time.perf_counter() - start) * 1000
    return {
        "ok": True,
        "id": term.id,
        "passed": not error,
        "ms": round(ms, 1),
        "output": out.getvalue()[:2000],
        "error": error,
    }


def run_example(term_id: str, lang: str = "en") -> str:
    """:func:`run_example_data` as JSON text."""
    return _answer(run_example_data(term_id, lang))


def catalog_data(lang: str = "en") -> dict[str, Any]:
    """What the widget's controls offer, in ``lang``: the games with their player counts, and
    each play label's term with its gloss and definition.

    The rulebook's build writes this into each page, so the page needs no Python to show its
    menus or to explain a label.
    """
    from . import glossary
    from .labels import PlayLabel

    language = _lang(lang)
    games = [
        {"id": g.id, "title": g.title.get(language, g.id), "players": list(g.player_counts)}
        for g in GAMES.values()
    ]
    labels = {}
    for term_id in [label.value for label in PlayLabel] + ["mano"]:
        term = glossary.get(term_id)
        labels[term_id] = {
            "word": term.word,
            "gloss": term.gloss[language],
            "definition": _plain(term.definition[language]),
        }
    terms = [{"id": t.id, "word": t.word} for t in glossary.terms()]
    return {"ok": True, "games": games, "labels": labels, "terms": terms}


def catalog(lang: str = "en") -> str:
    """:func:`catalog_data` as JSON text."""
    return _answer(catalog_data(lang))
