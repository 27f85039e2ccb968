"""A deal as one viewer is shown it, step by step, for the widget's stepper.

:func:`deal_steps` reads a deal record and returns **every** step of the deal as one viewer is
shown it: the open account (``view="all"``: every hand, the record's notes) or one seat's
(only what that seat may see). The answer is made from ONE account of the deal for that viewer
(:func:`cardrules.account.deal.account`) and nothing else: every step's sentences, the hands
(a card the viewer may not see is ``null``, drawn as a back), the trick on the table with each
play's label, the score table as that viewer counts it (by side or by seat, decided by the
account), each seat's part in a contract as the viewer knows it, which seats show their side.
Stepping forward and back never calls Python again; another view is another call (the page
keeps each view it was sent). Nothing here words a step itself or replays a deal by itself;
the page derives nothing from it: it draws.

Each public function takes and returns JSON text, the cheapest thing to pass between a worker
and the page; the ``*_data`` functions return the same as plain dicts, for Python callers and
tests. Nothing here returns HTML: the page puts every string in with DOM text APIs.

Examples:
    >>> import json
    >>> answer = json.loads(deal_steps(open("examples/brisca-2p.json").read(), "es"))
    >>> answer["ok"], answer["steps"][0]["text"]
    (True, 'Se reparten las cartas; la carta vuelta es el as de oros: triunfo, oros.')
    >>> final = answer["steps"][-1]["score"]
    >>> final["by"], [row["points"] for row in final["rows"]]
    ('side', [80, 40])
    >>> seat = json.loads(deal_steps(open("examples/brisca-2p.json").read(), "en", "1"))
    >>> seat["view"], seat["steps"][0]["hands"][0]
    (1, [None, None, None])
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from ..account.deal import AuctionCall, DealAccount, StepAccount, account
from ..account.narration import Narrator
from ..account.score import HandShown, ScoreTable
from ..core.actions import Deal, Decision
from ..core.cards import Card
from ..core.errors import CardrulesError, Lang
from ..core.packs import Pack
from ..engine import Game
from ..record import load_record, notes_in, notes_of, replay
from ..words import N_, Count, known, words
from .answers import answer_text, failure
from .chrome import WORDS, said
from .schema import AuctionJSON, DealJSON, ResultJSON, ScoreJSON, SeatJSON, StepJSON

__all__ = [
    "MAX_RECORD_CHARS",
    "RESULT_KEYS",
    "auction_json",
    "deal_data",
    "deal_steps",
    "new_deal",
    "new_deal_data",
    "replayed",
    "result_json",
    "side_colours",
    "steps_data",
    "table_json",
    "viewer_of",
]

MAX_RECORD_CHARS: Final = 200_000
"""The longest record text :func:`deal_steps` reads (a pasted record is untrusted input)."""
RESULT_KEYS: Final = frozenset(ResultJSON.__annotations__) - {"text"}
"""The fields of a result the page is sent (every game's; a game's own are told in words)."""


class ViewError(CardrulesError):
    """A view that is neither ``"all"`` nor a seat of the deal."""


def viewer_of(view: object, players: int) -> int | None:
    """The seat a view keeps to (``None``: the open account) from ``"all"``, a seat number or
    its digits.

    Raises:
        ViewError: anything else, or a seat the deal does not have.
    """
    if view == "all" or view is None:
        return None
    seat: int | None = None
    if isinstance(view, int) and not isinstance(view, bool):
        seat = view
    elif isinstance(view, str) and view.isascii() and view.isdigit() and len(view) < 4:
        seat = int(view)
    if seat is None or not 0 <= seat < players:
        raise ViewError("seat {seat}: choose a seat from 0 to {last}", seat=str(view)[:20],
                        last=players - 1)
    return seat


def replayed(record: str | Mapping[str, Any]) -> tuple[Mapping[str, Any], Game]:
    """A record read (no longer than :data:`MAX_RECORD_CHARS` as text) and its deal replayed."""
    if isinstance(record, str) and len(record) > MAX_RECORD_CHARS:
        raise CardrulesError("the record is too long (over {limit} characters)",
                             limit=Count(MAX_RECORD_CHARS))
    data = load_record(record)
    return data, replay(data)


def steps_data(record: str | Mapping[str, Any], lang: str = "en",
               view: str | int = "all") -> dict[str, Any]:
    """Every step of a recorded deal as ``view`` is shown it (see :func:`deal_data`), or
    ``{"ok": False, "error": message}`` for a bad record or view."""
    language = known(lang)
    try:
        data, game = replayed(record)
        return deal_data(game, language, data, viewer_of(view, game.players))
    except (CardrulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        return failure(error, language)


def deal_steps(record_json: str, lang: str = "en", view: str = "all") -> str:
    """Every step of a recorded deal as one viewer is shown it, as JSON text.

    Args:
        record_json: the deal record as JSON text.
        lang: ``"en"`` or ``"es"``: the language of every sentence in the answer.
        view: ``"all"`` (the open account: every hand, the record's notes) or a seat's number
            (what that seat may see).

    Returns:
        JSON text: ``{"ok": true, "steps": [...], ...}`` (see :func:`deal_data`) or
        ``{"ok": false, "error": ...}``.
    """
    return answer_text(steps_data(record_json, lang, view))


def deal_data(game: Game, lang: Lang, data: Mapping[str, Any],
              viewer: int | None) -> dict[str, Any]:
    """The deal for the stepper as ``viewer`` is shown it (``None``: the open account), from
    one account of the deal.

    Returns:
        ``{"ok": True, "game", "title", "players", "view" ("all" or the seat), "seats"
        ([{"name", "dealer"}]), "style", "trump", "trump_name", "scored_by", "draws",
        "auction", "talon", "face_down", "steps",
        "tricks", "noted", "result", "cards", "record", "record_text", "link"}`` (see
        :class:`~cardrules.web.schema.DealJSON` for each field).
    """
    rules = game.rules
    steps = list(game.steps())
    notes = notes_of(data) if "notes" in data else {}
    told = account(game, lang, viewer=viewer, steps=steps,
                   notes=notes_in(notes, lang) if viewer is None else None)
    narrator = Narrator(rules, game.names, lang)
    shared = _Shared(told.players)
    out = [_step(told, step, shared, trumps) for step, trumps in zip(
        told.steps, _trumps_said(told, narrator), strict=True)]
    record = game.to_record()
    for key in ("title", "comment"):
        if isinstance(data.get(key), str):
            record[key] = data[key]
    if notes:
        record["notes"] = {str(step): {"en": en, "es": es} for step, (en, es) in sorted(
            notes.items())}
    deal = steps[0].action
    assert isinstance(deal, Deal)
    trump = told.trump
    from .links import link_token

    answer: DealJSON = {
        "ok": True,
        "game": rules.id,
        "title": told.title,
        "players": told.players,
        "view": "all" if viewer is None else viewer,
        "seats": _seats(told),
        "style": rules.pack.face.style,
        "trump": trump.value if trump is not None else None,
        "trump_name": narrator.suit(trump) if trump is not None else None,
        "scored_by": "tricks" if told.scored_by_tricks else "points",
        "draws": any(rules.draw_counts),
        "auction": auction_json(told.calls) if told.auction is not None else None,
        "talon": None if told.talon is None else {
            "cards": [c.code for c in told.talon.cards], "step": told.talon.step,
            "seat": told.talon.seat},
        # Cards put face down: their owner and the open account see them, the others a back.
        "face_down": [[f.seat, f.card.code if viewer in (None, f.seat) else None, f.step]
                      for f in told.face_down],
        "steps": out,
        "tricks": list(told.trick_steps),
        "noted": sorted(notes),
        "result": result_json(told),
        "cards": _card_names(rules.pack, lang, tuple(sorted(deal.cards, key=lambda c: c.index))),
        "record": record,
        # The record as text, for the page to show and copy: JSON.parse would round a seed
        # beyond 2**53 (and the pasted copy would then be refused).
        "record_text": json.dumps(record, indent=1, ensure_ascii=False),
        "link": link_token(record),
    }
    return cast(dict[str, Any], answer)


_NAMED: dict[tuple[int, str], tuple[Pack, dict[str, str]]] = {}


def _card_names(pack: Pack, lang: Lang, cards: tuple[Card, ...]) -> dict[str, str]:
    """Each card's name (the same for every deal of a pack: worked out once a language)."""
    kept = _NAMED.get((id(pack), lang))
    if kept is None or kept[0] is not pack:
        kept = (pack, {c.code: pack.card_name(c, lang) for c in pack.cards})
        _NAMED[(id(pack), lang)] = kept
    names = kept[1]
    return {c.code: names.get(c.code) or pack.card_name(c, lang) for c in cards}


def _trumps_said(told: DealAccount, narrator: Narrator) -> list[str]:
    """Each step's trumps in words: the suit, or what will make trumps later in the deal (the
    call of a partner's card, the auction's winner naming them), or none."""
    def say(key: str) -> str:  # the widget's own words (its chrome), in the account's language
        text = said(WORDS[key], told.lang)
        assert isinstance(text, str)
        return text

    # The move that made trumps after the deal, if one did (else there are none until the end).
    made = next((step for step in told.steps if step.trump is not None), None)
    w = words(told.lang)
    if made is None or made.index == 0:
        none = w._(N_("No trumps"))
    elif made.decision is Decision.CALL:
        none = w._(N_("No trumps until the call"))
    elif made.decision is Decision.TRUMPS:
        none = w._(N_("No trumps until the auction's winner names them"))
    else:
        none = say("noTrumpsYet")
    suit = say("trumps")
    return [suit.format(suit=narrator.suit(step.trump)) if step.trump is not None else none
            for step in told.steps]


def result_json(told: DealAccount) -> ResultJSON | None:
    """The result of an account's deal: its common fields and its ``text`` (the verdict and
    what it scores); ``None`` while the deal is not over."""
    result = told.result
    if result is None:
        return None
    said = [told.verdict, told.scored]
    # The result's common fields only: a game's own (a bid, a caller) are told in words.
    common = {key: value for key, value in result.to_json().items() if key in RESULT_KEYS}
    return cast(ResultJSON, {**common, "text": " ".join(line for line in said if line)})


def _seats(told: DealAccount) -> list[SeatJSON]:
    """Each player: the name, the dealer, and the partners (the other seats of the side, when
    a side has several and the game has no contract that names the parts instead)."""
    players = told.players
    side_of = {seat: side for side in told.sides for seat in side}
    partnered = len(told.sides) < players and not any(told.roles)
    return [{"name": told.names[seat], "dealer": seat == players - 1,
             "partners": [s for s in side_of.get(seat, ()) if s != seat] if partnered else []}
            for seat in range(players)]


def side_colours(table: ScoreTable, players: int) -> list[int | None]:
    """The side colour each seat shows in a score table (``None``: none: the viewer does not
    know the sides yet, or the seat plays on its own)."""
    colours: list[int | None] = [None] * players
    for row in table.rows:
        for seat in row.seats:
            colours[seat] = row.side
    return colours


def table_json(step: StepAccount) -> list[list[int | str | None]]:
    """The trick on the table after a step: ``[seat, card, label]`` a play."""
    return [[play.seat, play.card.code, play.label.value if play.label else None]
            for play in step.table]


def auction_json(calls: Sequence[AuctionCall]) -> AuctionJSON:
    """The auction's calls so far: ``[seat, bid or None (a pass), step, round]``, and how many
    rounds they fill."""
    return {"calls": [[c.seat, c.bid, c.step, c.round] for c in calls],
            "rounds": max((c.round + 1 for c in calls), default=0)}


class _Shared:
    """What steps share, made once a deal: the account tells an unchanged score table or hand
    again as the same object, and its JSON is the same too."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.tables: dict[int, tuple[ScoreTable, ScoreJSON, list[int | None]]] = {}
        self.hands: dict[int, tuple[HandShown, list[str | None]]] = {}

    def table(self, table: ScoreTable) -> tuple[ScoreJSON, list[int | None]]:
        """The table as JSON, and each seat's side colour in it."""
        kept = self.tables.get(id(table))
        if kept is None or kept[0] is not table:
            kept = (table, cast(ScoreJSON, table.to_json()), side_colours(table, self.players))
            self.tables[id(table)] = kept
        return kept[1], kept[2]

    def hand(self, hand: HandShown) -> list[str | None]:
        """A hand's codes; a hand the viewer does not see, as many backs (None) as it holds."""
        kept = self.hands.get(id(hand))
        if kept is None or kept[0] is not hand:
            codes: list[str | None] = ([c.code for c in hand.cards] if hand.cards is not None
                                       else [None] * hand.count)
            kept = (hand, codes)
            self.hands[id(hand)] = kept
        return kept[1]


def _step(told: DealAccount, step: StepAccount, shared: _Shared, trumps: str) -> StepJSON:
    """One step as the account's viewer is shown it."""
    said = step.said
    score, colours = shared.table(step.score_table)
    item: StepJSON = {
        "actor": step.seat,
        "action": step.notation,
        "text": said.action,
        "trick_text": said.trick,
        "draw_text": " ".join(said.draws),
        "news_text": " ".join(said.news),
        "label": step.label.value if step.label is not None else None,
        "hands": [shared.hand(hand) for hand in step.hands_shown],
        "turn_up": step.turn_up.code if step.turn_up is not None else None,
        "stock": step.stock,
        "aside": step.aside,
        "table": table_json(step),
        "trick": step.trick,
        "done": step.done,
        "winner": step.winner,
        "taking": step.taking,
        "turn": step.turn,
        "phase": step.phase.value,
        "trump": step.trump.value if step.trump is not None else None,
        "trumps": trumps,
        "talon": step.talon,
        "side_of": colours,
        "score": score,
    }
    if any(told.roles):
        item["roles"] = list(step.roles)
    if step.note is not None:
        item["note"] = step.note
    return item


def new_deal_data(game: str, players: int, seed: int | None = None, lang: str = "en",
                  view: str | int = "all") -> dict[str, Any]:
    """A new deal of ``game``, played to the end by the package's bots, as ``view`` is shown it.

    Even seats play :class:`~cardrules.bots.GreedyBot`, odd seats
    :class:`~cardrules.bots.RandomBot` (seeded from the deal's seed), so the same seed gives the
    same deal and the same play.

    Args:
        game: a game id such as ``"brisca"``.
        players: the number of players.
        seed: the deal's seed; ``None`` draws one.
        lang: ``"en"`` or ``"es"``.
        view: ``"all"`` or a seat's number.

    Returns:
        What :func:`steps_data` returns, with the ``record`` of the new deal (its ``seed``
        included); or ``{"ok": False, "error": message}`` for a bad game, count or seed.
    """
    from ..bots import Bot, GreedyBot, RandomBot, play_out
    from ..record import new_game

    language = known(lang)
    try:
        played = new_game(game, players=players, seed=seed)
        base = played.seed if played.seed is not None else 0
        bots: list[Bot] = [
            GreedyBot() if s % 2 == 0 else RandomBot(seed=(base + s) % 2**32)
            for s in range(played.players)
        ]
        play_out(played, bots)
        return deal_data(played, language, {}, viewer_of(view, played.players))
    except (CardrulesError, ValueError, TypeError, RecursionError) as error:
        return failure(error, language)


def new_deal(game: str, players: int, seed: int | None = None, lang: str = "en",
             view: str = "all") -> str:
    """:func:`new_deal_data` as JSON text."""
    return answer_text(new_deal_data(game, players, seed, lang, view))
