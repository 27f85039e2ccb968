"""Playing a deal in the browser: the Python side of the widget's play mode.

The reader plays one seat and the package's bots play the others. The deal itself (the
:class:`~cardrules.engine.Game`) stays here, in the Web Worker that runs Pyodide; the page
receives only what the reader's seat may see: its :class:`~cardrules.engine.SeatView` (its hand,
the table, the tricks, the score as it can count it, the hands the rules show it), the legal
actions with, for each card of its hand it may not play, why not (the player's refusal:
:func:`cardrules.account.refusals.refusal`, as the terminal says it), and every step told by a
:class:`~cardrules.account.narration.Narrator` that keeps to that seat's view and calls it *you*.
Other hands are never sent until their cards are played (the record, at the end, holds the
deal). Every sentence comes from the catalogue of words, in the session's language.

The bots are seeded: each decision is made by a bot seeded from the session's seed and the
point of the deal, so the same deal, seed and play give the same answers, after an undo too.

Each public function takes and returns JSON text, like :mod:`cardrules.web.steps`; the ``*_data``
functions return plain dicts, for Python callers and tests.

==========================================  ==============================================
function                                    answer
==========================================  ==============================================
``start(settings_json, lang)``              a new session: a fresh deal, or a record taken
                                            over at one of its steps, as one seat
``act(session, action)``                    the reader's action, played
``advance(session)``                        one bot's action (the page calls it while a bot
                                            is to act, one step at a time)
``go_on(session)``                          the reader lets pass a move out of turn
``undo(session)``                           back to before the reader's last action
``hint(session)``                           the search bot's estimate of each legal action
``close(session)``                          forgets the session
``options(game, lang)``                     a game's options, for the page's setup
==========================================  ==============================================

An answer is ``{"ok": true, ...}`` or ``{"ok": false, "error": "<message in lang>"}`` (an
action the seat may not make: the refusal said to the player, e.g. "You can't play a card now:
the bidding is on.").

Examples:
    >>> import json
    >>> settings = {"game": "briscola", "players": 2, "seat": 0, "seed": 7, "level": "easy"}
    >>> answer = json.loads(start(json.dumps(settings), "en"))
    >>> answer["ok"], answer["log"][0]["text"]  # doctest: +ELLIPSIS
    (True, 'The cards are dealt; ... is turned up: ... are trumps.')
    >>> state = answer["state"]
    >>> state["your_turn"], len(state["hand"])
    (True, 3)
    >>> played = json.loads(act(answer["session"], state["hand"][0]))
    >>> played["steps"][0]["text"].startswith("You play")
    True
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..account.deal import AuctionCall, StepAccount, Teller, account
from ..account.hints import (
    MIN_BIDS,
    bid_summary,
    estimate_words,
    out_of_turn_hint,
    ranked,
    summary_lines,
)
from ..account.narration import Narrator
from ..account.refusals import refusal
from ..bots import LEVELS, Bot, hint_bot, interjection, make_bot, not_let_pass
from ..core.actions import (
    Action,
    CardMove,
    Decision,
    Move,
    NumberMove,
    SuitMove,
    format_action,
)
from ..core.cards import Card, Suit, parse_card
from ..core.errors import CardrulesError
from ..core.options import option_values
from ..core.quoted import Quoted
from ..core.rng import MAX_WEB_SEED
from ..engine import Game, SeatView, Step
from ..games import GAMES, game_id
from ..record import MAX_NESTING, load_record, nesting, new_game, replay
from ..words import N_, Lang, known, words
from .steps import RESULT_KEYS, auction_json, side_colours, table_json

__all__ = [
    "BOT_NAMES",
    "DEFAULT_LEVEL",
    "MAX_SESSIONS",
    "act",
    "act_data",
    "advance",
    "advance_data",
    "close",
    "go_on",
    "go_on_data",
    "hint",
    "hint_data",
    "options",
    "options_data",
    "start",
    "start_data",
    "undo",
    "undo_data",
]

DEFAULT_LEVEL: Final = "normal"
"""The bots' strength unless the reader chooses another (a :data:`~cardrules.bots.LEVELS`
name)."""
BOT_NAMES: Final = ("pimc", "greedy", "random")
"""The bots a session may seat (``pimc`` at a level by default)."""
HINT_LEVEL: Final = "normal"
"""The least strength a hint searches at (a stronger session's level is used as it is)."""
BID_HINT_SECONDS: Final = 3.0
"""A hint on a bid stops sampling worlds after this long (every bid is played out in each)."""
MAX_SESSIONS: Final = 8
"""Sessions kept at once (the oldest is forgotten beyond that)."""


class PlayError(CardrulesError):
    """A request the session cannot serve (no such session, a seat out of range...)."""


_SEEDS: Final = MAX_WEB_SEED + 1
"""The bots' seeds are taken below this: the session's ``bot_seed`` goes to the page, whose
JavaScript reads it exactly."""
_BAD_SETTINGS: Final = N_("the settings must be a JSON object with a game or a record")
_page_lang: list[Lang] = ["en"]
"""The language the page last started a session in: a request for a session that is gone is
answered in it (the page's language, as its sessions')."""
_HINT_HEAD: Final = N_("For each choice, {worlds} deals that agree with what you can see (the "
                       "hidden cards dealt at random) played out to the end:")
_HINT_HEAD_EXACT: Final = N_("Every card left is known: each choice worked out to the end, "
                             "both sides playing their best:")
_HINT_HEAD_SIDE: Final = N_("For each choice, {worlds} deals that agree with what you can see "
                            "(the hidden cards dealt at random) played out to the end; points "
                            "are your side's:")


@dataclass
class _Session:
    """One deal being played: the game, the reader's seat and what the page has been told."""

    id: int
    game: Game
    seat: int
    lang: Lang
    bot: str
    level: str
    seed: int
    teller: Teller
    """The account of the deal for the reader's seat (its narrator words every step)."""
    start: int
    """Actions in the log when the reader took the seat (undo goes no further back)."""
    log: list[dict[str, Any]] = field(default_factory=list)
    """Every step as the reader's seat was told it, by log index (the deal first)."""
    marks: list[int] = field(default_factory=list)
    """The log's length before each of the reader's actions."""
    told: StepAccount | None = None
    """The last step as the reader's seat was told it (what the table shows now)."""
    calls: list[AuctionCall] = field(default_factory=list)
    """The auction's calls so far (bids are said aloud: every seat hears them)."""
    waved: set[Action] = field(default_factory=set)
    """The reader's moves out of turn that the reader let pass (:func:`go_on`): not offered
    again while they stay possible (they are among the choices at the reader's own turn)."""


_sessions: dict[int, _Session] = {}
_counter = [0]


def _answer(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _failure(error: BaseException, lang: Lang) -> dict[str, Any]:
    """An answer that says what went wrong, in the session's language (what Python itself
    says of an unexpected error is given as it is, after a sentence in that language)."""
    if isinstance(error, CardrulesError):
        return {"ok": False, "error": error.message(lang)}
    detail = f"{type(error).__name__}: {error}"
    return {"ok": False, "error": words(lang)._("Python could not do it: {error}", error=detail)}


def _session(session: int) -> _Session:
    found = _sessions.get(session) if isinstance(session, int) else None
    if found is None:
        raise PlayError("This game is no longer open: start a new one.")
    return found


# Starting ---------------------------------------------------------------------------------------


def start_data(settings: str | Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """A new session (see :func:`start`)."""
    language = _page_lang[0] = known(lang)
    try:
        if isinstance(settings, str) and nesting(settings) > MAX_NESTING + 1:  # a record's, in
            raise PlayError("the settings are nested too deeply: at most {limit} levels of "
                            "objects and lists", limit=MAX_NESTING + 1)
        try:
            data = json.loads(settings) if isinstance(settings, str) else settings
        except ValueError:
            raise PlayError(_BAD_SETTINGS) from None
        if not isinstance(data, Mapping):
            raise PlayError(_BAD_SETTINGS)
        return _start(data, language)
    except (CardrulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        return _failure(error, language)


def start(settings_json: str, lang: str = "en") -> str:
    """Start playing a deal as one seat.

    Args:
        settings_json: a JSON object: either ``game``, ``players`` (a count), ``seed`` (the
            deal's; none: a random one) and ``options``, for a fresh deal; or ``record`` (a deal
            record, as an object or as JSON text) and ``step`` (the step of that deal to play
            on from: 0 is the deal, ``k`` the state after its ``k``-th action; by default 0).
            Beside them: ``seat`` (the reader's, 0 by default), ``level`` (the bots'
            strength: ``"easy"``, ``"normal"``, ``"hard"``), ``bot`` (``"pimc"`` by default;
            ``"greedy"`` or ``"random"``) and ``bot_seed`` (seeds the bots; by default the
            deal's seed).
        lang: the language of every sentence of the session (``"en"``, ``"es"``: any
            language of the catalogue of words; English for another).

    Returns:
        JSON text: ``{"ok": true, "session", "game", "title", "players", "seat", "seats"
        ([{"name", "dealer"}]), "style", "scored_by", "draws", "level", "bot", "bot_seed",
        "taken" (the record's actions played before the reader took the seat: 0 for a fresh
        deal; what the analysis of the reader's play starts from), "log" (every step so far,
        as the seat was told it: see :func:`act`), "state"}`` (the seat's view: see
        :func:`act`), or ``{"ok": false, "error"}``.
    """
    return _answer(start_data(settings_json, lang))


def _seed_of(value: object) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PlayError("seed {seed}: a whole number from 0", seed=Quoted(value))
    return value


def _start(data: Mapping[str, Any], lang: Lang) -> dict[str, Any]:
    bot = data.get("bot", "pimc")
    if bot not in BOT_NAMES:
        raise PlayError("bot {bot}: choose {bots}", bot=Quoted(bot), bots=", ".join(BOT_NAMES))
    level = data.get("level") or DEFAULT_LEVEL
    if not isinstance(level, str) or level not in LEVELS:
        raise PlayError("bots' strength {level}: choose {levels}", level=Quoted(level),
                        levels=", ".join(LEVELS))
    if "record" in data and data["record"] is not None:
        source = replay(load_record(data["record"]))
        step = data.get("step", 0)
        if isinstance(step, bool) or not isinstance(step, int) or not (
                0 <= step < len(source.log)):
            raise PlayError("step {step}: the deal has steps 0 to {last}", step=Quoted(step),
                            last=len(source.log) - 1)
        actions = source.log[:step + 1]
        game = source.fresh()
    elif isinstance(data.get("game"), str):
        seed = _seed_of(data.get("seed"))
        if seed is None:
            # A page's JavaScript reads the seed in the record exactly up to MAX_WEB_SEED.
            seed = random.SystemRandom().randint(0, MAX_WEB_SEED)
        dealt = new_game(data["game"], players=data.get("players"), seed=seed,
                         options=data.get("options"))
        actions = dealt.log[:1]
        game = dealt.fresh()
    else:
        raise PlayError(_BAD_SETTINGS)
    seat = data.get("seat", 0)
    players = game.rules.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise PlayError("seat {seat}: choose a seat from 0 to {last}", seat=Quoted(seat),
                        last=players - 1)
    bot_seed = _seed_of(data.get("bot_seed"))
    if bot_seed is None:
        bot_seed = (game.seed or 0) % _SEEDS
    _counter[0] += 1
    session = _Session(
        id=_counter[0], game=game, seat=seat, lang=lang, bot=bot, level=level,
        seed=bot_seed % _SEEDS,
        teller=_teller(game, seat, lang),
        start=len(actions),
    )
    for action in actions:
        session.log.append(_told(session, game.play_step(action)))
    if game.is_over:
        raise PlayError("The deal is over at this step: choose an earlier one.")
    _sessions[session.id] = session
    while len(_sessions) > MAX_SESSIONS:
        del _sessions[min(_sessions)]
    rules = game.rules
    return {
        "ok": True,
        "session": session.id,
        "game": rules.id,
        "title": rules.title[lang],
        "players": players,
        "seat": seat,
        "seats": [{"name": game.names[s], "dealer": s == players - 1} for s in range(players)],
        "style": rules.pack.face.style,
        "scored_by": "tricks" if rules.scores_tricks else "points",
        "draws": any(rules.draw_counts),
        "level": level,
        "bot": bot,
        "bot_seed": session.seed,
        "taken": session.start - 1,
        "log": list(session.log),
        "state": _state(session),
    }


# What the seat is told --------------------------------------------------------------------------


def _told(session: _Session, step: Step) -> dict[str, Any]:
    """A step as the reader's seat was told it (the account of the deal for that seat, one
    step at a time), with the table as it then stood."""
    told = session.teller.tell(step)
    session.told = told
    action = step.action
    if isinstance(action, Move) and action.decision in (Decision.BID, Decision.PASS):
        bid = action.number if isinstance(action, NumberMove) else None
        spoken = sum(call.seat == step.seat for call in session.calls)
        session.calls.append(AuctionCall(step.seat, bid, step.index, spoken))
    return {
        "index": step.index,
        "actor": told.seat,
        "action": told.notation,
        "text": told.said.action,
        "trick_text": told.said.trick,
        "draw_text": " ".join(told.said.draws),
        "label": told.label.value if told.label is not None else None,
        "table": table_json(told),
        "trick": told.trick,
        "done": told.done,
        "winner": told.winner,
        "taking": told.taking,
    }


def _teller(game: Game, seat: int, lang: Lang) -> Teller:
    """The account of the deal for the reader's seat, addressed as *you*."""
    return Teller(game.rules, game.names, lang, viewer=seat, you=seat)


def _state(session: _Session) -> dict[str, Any]:
    """What the reader's seat sees now, and what it may do."""
    game = session.game
    seat = session.seat
    view = game.view(seat)
    narrator = session.teller.narrator
    lang = session.lang
    legal = list(view.legal_actions)
    to_act = view.current_player if not game.is_over else None
    your_turn = to_act == seat
    hand = sorted(view.hand, key=lambda c: c.sort_key)
    cards: list[dict[str, Any]] = []
    for card in hand:
        why = None if card in legal else refusal(game, seat, card)
        cards.append({"code": card.code, "play": card.code if card in legal else None,
                      "why": why.say(lang) if why is not None else None})
    # A card clicked may stand for the one move that names it when no card is played now (a
    # discard): the move's buttons are there too.
    if not any(isinstance(a, Card) for a in legal):
        naming: dict[str, list[str]] = {}
        for action in legal:
            if isinstance(action, CardMove) and action.leaves_hand:
                naming.setdefault(action.card.code, []).append(format_action(action))
        for item in cards:
            chosen = naming.get(item["code"], [])
            if len(chosen) == 1:
                item["play"], item["why"] = chosen[0], None
    moves = [_move(narrator, action, view) for action in legal if isinstance(action, Move)]
    call = _chooser(narrator, view, legal) if your_turn else None
    playable = [item["code"] for item in cards if item["play"]]
    last = session.log[-1]
    result = game.result
    told = _position(session)
    table = told.score_table
    # Each seat's side colour and partners as the seat is shown them (the account's table).
    side_of = side_colours(table, view.players)
    teamed = len(table.sides) < view.players  # a side of several players
    partners = [[p for p in table.sides[colour] if p != member]
                if colour is not None and teamed else []
                for member, colour in enumerate(side_of)]
    state: dict[str, Any] = {
        "step": len(game.log) - 1,
        "phase": view.phase.value,
        "turn": to_act,
        "your_turn": your_turn,
        "over": game.is_over,
        "hand": [c.code for c in hand],
        "cards": cards,
        "moves": moves,
        "hand_sizes": list(view.hand_sizes),
        "visible": {str(s): [c.code for c in h] for s, h in sorted(view.visible_hands.items())},
        "turn_up": view.turn_up.code if view.turn_up is not None else None,
        "trump": view.trump.value if view.trump is not None else None,
        "trump_name": narrator.suit(view.trump) if view.trump is not None else None,
        "stock": view.stock_size,
        "talon": [c.code for c in view.talon],
        "table": last["table"],
        "trick": last["trick"],
        "done": last["done"],
        "winner": last["winner"],
        "taking": last["taking"],
        "side_of": side_of,
        "partners": partners,
        "score": table.to_json(),
        "auction": auction_json(session.calls) if session.calls else None,
        "situation": narrator.situation(view),
        "call": call,
        "may_play": _may_play(narrator, playable, len(hand)) if your_turn else "",
        "can_undo": bool(session.marks),
        "interject": _interject_words(session),
        "result": None,
        "record": None,
        "record_text": None,
    }
    if result is not None:
        said = [narrator.verdict(result), narrator.game_points(result)]
        # The result's common fields only: a game's own (a bid, a caller) are told in words.
        common = {k: v for k, v in result.to_json().items() if k in RESULT_KEYS}
        state["result"] = {**common, "text": " ".join(line for line in said if line)}
        record = game.to_record()
        state["record"] = record
        state["record_text"] = record_text(record)
    state["names"] = _names(narrator, state, session.log)
    state["spoken"] = _spoken(narrator, state["names"], view.trump, lang)
    return state


def _position(session: _Session) -> StepAccount:
    """The position as the reader's seat is told it: as the deal goes, the seat's account so
    far; once it is over, the last step of the account of the whole deal for that seat (the
    stepper's for that seat: the same score table)."""
    game = session.game
    if game.is_over:
        return account(game, session.lang, viewer=session.seat).steps[-1]
    assert session.told is not None
    return session.told


def _may_play(narrator: Narrator, playable: list[str], held: int) -> str:
    """What the reader may play now, in words (``""``: no card)."""
    w = narrator.w
    if not playable:
        return ""
    if len(playable) == held and held > 1:
        return w._("You may play any of your cards.")
    return w._("You may play {cards}.",
               cards=w.join(narrator.card(parse_card(code)) for code in playable))


def _spoken(narrator: Narrator, names: Mapping[str, str], trump: Suit | None,
            lang: Lang) -> dict[str, str]:
    """Each card's name as a screen reader says it: "three of cups, trump" for a trump."""
    w = words(lang)
    return {code: w._("{card}, trump", card=name) if trump is not None
            and parse_card(code).suit == trump else name for code, name in names.items()}


def _chooser(narrator: Narrator, view: SeatView, legal: Iterable[Action]
             ) -> dict[str, Any] | None:
    """The cards the reader may call (a partner's card), by suit and rank, the reader's own
    marked, with what calling one of them means; ``None`` when no card is to be called."""
    calls = [a for a in legal if isinstance(a, CardMove) and a.decision is Decision.CALL]
    if not calls:
        return None
    w = narrator.w
    pack = view.rules.pack
    others = w.join(view.names[s] for s in range(view.players) if s != view.seat)
    suits: dict[Suit, list[dict[str, Any]]] = {}
    order = list(Suit)
    for move in sorted(calls, key=lambda m: (order.index(m.card.suit), m.card.number)):
        card = move.card
        yours = card in view.hand
        suits.setdefault(card.suit, []).append({
            "action": format_action(move),
            "code": card.code,
            "printed": pack.printed(card),
            "name": narrator.card_name(card),
            "yours": yours,
            "confirm": (w._("Call {card} and play alone", card=narrator.card(card)) if yours
                        else w._("Call {card}", card=narrator.card(card))),
            "warning": (w._("You hold {card}: call it and you play alone, you against "
                            "{others}.", card=narrator.card(card), others=others)
                        if yours else ""),
        })
    return {
        "suits": [{"suit": suit.value, "name": narrator.suit(suit), "cards": items}
                  for suit, items in suits.items()],
        "note": w._("Your own cards are marked. Calling a card you hold means you play alone: "
                    "one against {others}.", others=others),
    }


def _move(narrator: Narrator, action: Move, view: SeatView) -> dict[str, Any]:
    """A legal move as a choice: its notation, its kind and its words."""
    item: dict[str, Any] = {
        "action": format_action(action),
        "kind": action.keyword,
        "text": narrator.choice(action, view.turn_up, view.trump) or format_action(action),
    }
    if isinstance(action, CardMove):
        item["card"] = action.card.code
    if isinstance(action, NumberMove):
        item["number"] = action.number
    if isinstance(action, SuitMove):
        item["suit"] = action.suit.value
    return item


def _names(narrator: Narrator, state: Mapping[str, Any],
           log: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """The names of the cards the answer shows (and of no other card)."""
    codes: set[str] = set(state["hand"]) | set(state["talon"])
    for hand in state["visible"].values():
        codes.update(hand)
    if state["turn_up"]:
        codes.add(state["turn_up"])
    for move in state["moves"]:
        if "card" in move:
            codes.add(move["card"])
    for entry in log:
        codes.update(code for _, code, _ in entry["table"])
    return {code: narrator.card_name(parse_card(code)) for code in sorted(codes)}


# Playing ----------------------------------------------------------------------------------------


def _bot(session: _Session) -> Bot:
    """The bot for the next decision, seeded from the session's seed and the point of the deal
    (so an undone and replayed deal gets the same answers)."""
    seed = (session.seed * 1_000_003 + len(session.game.log) * 7_919) % _SEEDS
    if session.bot == "pimc":
        return make_bot("pimc", seed=seed, level=session.level)
    if session.bot == "random":
        return make_bot("random", seed=seed)
    return make_bot("greedy")


def _waiting(session: _Session) -> list[Action]:
    """The reader's moves out of turn the bots wait for, not yet let pass (the reader may make
    one, or let the seat to act play on: :func:`go_on`); empty when there are none."""
    return not_let_pass(session.game, session.seat, session.waved)


def _interject_words(session: _Session) -> dict[str, str] | None:
    """While the bots wait for the reader's move out of turn: what the page says and its
    button to let the play go on."""
    turn = session.game.current_player
    if turn is None or not _waiting(session):
        return None
    w = words(session.lang)
    who = session.teller.narrator.who(turn)
    return {"text": w._("Before {who} plays, you may make a move out of turn.", who=who),
            "go_on": w._("Let {who} play", who=who)}


def _moved(session: _Session, steps: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"ok": True, "session": session.id, "steps": steps, "state": _state(session), **extra}


def act_data(session: int, action: str) -> dict[str, Any]:
    """The reader's action (see :func:`act`)."""
    lang: Lang = _page_lang[0]
    try:
        found = _session(session)
        lang = found.lang
        game = found.game
        seat = found.seat
        why = refusal(game, seat, action if isinstance(action, str) else str(action))
        if why is not None:
            raise PlayError(why)
        chosen = game.parse(action)
        mark = len(game.log)
        step = game.play_step(chosen)
        found.marks.append(mark)
        told = _told(found, step)
        found.log.append(told)
        return _moved(found, [told])
    except (CardrulesError, ValueError, TypeError) as error:
        return _failure(error, lang)


def act(session: int, action: str) -> str:
    """Play the reader's action.

    Args:
        session: the session's number (from :func:`start`).
        action: the action in notation (a card code such as ``"1O"``, or a move such as
            ``"bid:75"``): one of the seat's legal actions, which may be a move allowed out of
            turn.

    Returns:
        JSON text: ``{"ok": true, "session", "steps": [step], "state"}``. A step, as the seat
        was told it: ``index`` (in the deal's log), ``actor``, ``action`` (notation; a card
        put face down by another seat shows as ``discard:?``), ``text``, ``trick_text``,
        ``draw_text`` (the narration's sentences), ``label`` (a play's label), ``table``
        (``[seat, card, label]`` plays on the table after it), ``trick`` (its number, from 1),
        ``done`` (the table shows a finished trick), ``winner``, ``taking`` (the index in
        ``table`` of the card that took it). The state: ``step``, ``phase``, ``turn`` (the
        seat to act), ``your_turn``, ``over``, ``hand``, ``cards`` (for each card of the hand:
        ``code``, ``play`` (the action a click makes, or null) and ``why`` (why it may not be
        played now)), ``moves`` (``action``, ``kind``, ``text``, and ``card``, ``suit`` or
        ``number``), ``hand_sizes``, ``visible`` (other hands the seat sees), ``turn_up``,
        ``trump``, ``trump_name``, ``stock``, ``talon``, the table as in the last step,
        ``side_of`` and ``partners`` (each seat's side colour and partners as the seat knows
        them), ``score`` (the score table of the seat's account:
        :meth:`ScoreTable.to_json <cardrules.account.score.ScoreTable.to_json>`; at the end
        the stepper's for that seat), ``auction`` (the calls so far),
        ``situation`` (an auction's state in words), ``can_undo``, ``interject`` (while the bots
        wait for the reader's move out of turn: ``text``, what to say, and ``go_on``, the
        button that lets the play go on (:func:`go_on`); else null), and at the end ``result``
        (with its ``text``), ``record`` and ``record_text`` (the record as JSON text, for the
        page to show and copy as it is); ``names``: the name of each card the answer shows.
        ``{"ok": false, "error"}`` for an action the seat may not make (the game is unchanged).
    """
    return _answer(act_data(session, action))


def advance_data(session: int) -> dict[str, Any]:
    """One bot's action (see :func:`advance`)."""
    lang: Lang = _page_lang[0]
    try:
        found = _session(session)
        lang = found.lang
        game = found.game
        turn = game.current_player
        if game.is_over or turn is None or turn == found.seat or turn < 0 or _waiting(found):
            return _moved(found, [], ms=0.0)
        began = time.perf_counter()
        bots: list[Bot | None] = [None if s == found.seat else _bot(found)
                                  for s in range(game.players)]
        interjected = interjection(game, bots)
        action = (_bot(found).choose(game.view(turn)) if interjected is None
                  else interjected[1])
        ms = (time.perf_counter() - began) * 1000
        told = _told(found, game.play_step(action))
        found.log.append(told)
        return _moved(found, [told], ms=round(ms, 1))
    except (CardrulesError, ValueError, TypeError) as error:
        return _failure(error, lang)


def advance(session: int) -> str:
    """Let the bot whose turn it is act, once (or a bot make a move out of turn first:
    :func:`cardrules.bots.interjection`).

    Returns:
        JSON text: as :func:`act`, with the step of the bot (none when the reader is to act,
        the bots wait for the reader's move out of turn (the state's ``interject``), or the
        deal is over) and ``ms``, the time the bot took to decide.
    """
    return _answer(advance_data(session))


def go_on_data(session: int) -> dict[str, Any]:
    """The reader lets the play go on (see :func:`go_on`)."""
    lang: Lang = _page_lang[0]
    try:
        found = _session(session)
        lang = found.lang
        found.waved.update(_waiting(found))
        return _moved(found, [])
    except (CardrulesError, ValueError, TypeError) as error:
        return _failure(error, lang)


def go_on(session: int) -> str:
    """The reader makes none of the moves out of turn offered now (the state's ``interject``):
    the bots play on, and those moves are not offered again while they stay possible.

    Returns:
        JSON text: as :func:`act`, with no step.
    """
    return _answer(go_on_data(session))


def undo_data(session: int) -> dict[str, Any]:
    """Back to before the reader's last action (see :func:`undo`)."""
    lang: Lang = _page_lang[0]
    try:
        found = _session(session)
        lang = found.lang
        if not found.marks:
            raise PlayError("There is nothing of yours to undo.")
        keep = found.marks.pop()
        game = found.game
        back = game.fresh()
        for action in game.log[:keep]:
            back.play(action)
        found.game = back
        # The account is told again from the deal, so that it remembers what it did then.
        found.teller = _teller(back, found.seat, lang)
        found.calls = []
        found.log = [_told(found, step) for step in back.steps()]
        return {"ok": True, "session": found.id, "log": list(found.log),
                "state": _state(found)}
    except (CardrulesError, ValueError, TypeError) as error:
        return _failure(error, lang)


def undo(session: int) -> str:
    """Take back the reader's last action and the bots' replies after it.

    Returns:
        JSON text: ``{"ok": true, "session", "log" (every step now standing), "state"}``.
    """
    return _answer(undo_data(session))


def hint_data(session: int) -> dict[str, Any]:
    """The search bot's estimates for the reader (see :func:`hint`)."""
    lang: Lang = _page_lang[0]
    try:
        found = _session(session)
        lang = found.lang
        game = found.game
        seat = found.seat
        narrator = found.teller.narrator
        w = words(lang)
        view = game.view(seat)
        level = found.level if LEVELS[found.level] > LEVELS[HINT_LEVEL] else HINT_LEVEL
        seed = (found.seed * 1_000_003 + len(game.log) * 7_919 + 1) % _SEEDS
        if not game.is_over and view.out_of_turn and view.legal_actions:
            # Another seat is to act: whether the bots would make a move out of turn now.
            move, text = out_of_turn_hint(hint_bot(LEVELS[level], seed), view, narrator)
            return {"ok": True, "text": text, "estimates": [],
                    **({} if move is None else {"best": format_action(move)})}
        if game.is_over or view.current_player != seat or not view.legal_actions:
            return {"ok": True, "text": w._("No hint now: it is not your turn."),
                    "estimates": []}
        legal = view.legal_actions
        if len(legal) == 1:
            choice = _choice_words(narrator, legal[0], view)
            return {"ok": True, "text": w._("You have only one choice: {choice}.", choice=choice),
                    "best": format_action(legal[0]), "estimates": []}
        bidding = sum(isinstance(a, NumberMove) and a.decision is Decision.BID
                      for a in legal) >= MIN_BIDS
        # Bids are weighed too (each played out after the rest of the auction), in fewer
        # worlds and a few seconds at most: there are many of them.
        bot = (hint_bot(LEVELS["easy"], seed, time_limit=BID_HINT_SECONDS) if bidding
               else hint_bot(LEVELS[level], seed))
        began = time.perf_counter()
        estimates = bot.evaluate(view, legal) if bidding else bot.evaluate(view)
        if len(estimates) < 2:
            chosen = bot.choose(view)
            ms = (time.perf_counter() - began) * 1000
            return {"ok": True, "best": format_action(chosen),
                    "text": w._("The bots would choose: {choice}.",
                                choice=_choice_words(narrator, chosen, view)),
                    "estimates": [], "ms": round(ms, 1)}
        ms = (time.perf_counter() - began) * 1000
        rows = ranked(estimates)
        best = rows[0]
        sides = view.sides
        teamed = any(len(side) > 1 and seat in side for side in sides) or bool(view.partners)
        by_tricks = game.rules.scores_tricks
        worlds = estimates[0].worlds
        shown = []
        for estimate in rows:
            shown.append({
                "action": format_action(estimate.action),
                "card": estimate.action.code if isinstance(estimate.action, Card) else None,
                "choice": _choice_words(narrator, estimate.action, view),
                "wins": round(estimate.wins, 3),
                "points": round(estimate.points, 1),
                "best": estimate is best,
                "text": estimate_words(estimate, lang, by_tricks=by_tricks),
            })
        head = (w._(_HINT_HEAD_EXACT) if best.exact
                else w._(_HINT_HEAD_SIDE if teamed else _HINT_HEAD, worlds=worlds))
        summary = bid_summary(estimates)
        return {"ok": True, "best": format_action(best.action),
                "text": w._("Best: {choice}.",
                            choice=_choice_words(narrator, best.action, view)),
                "summary": (summary_lines(summary, lang, by_tricks=by_tricks)
                            if summary is not None else []),
                "head": head, "worlds": worlds, "exact": best.exact, "estimates": shown,
                "ms": round(ms, 1)}
    except (CardrulesError, ValueError, TypeError) as error:
        return _failure(error, lang)


def hint(session: int) -> str:
    """The bot's evaluation of each legal action for the reader's seat, worded in the
    session's language.

    A search bot (:meth:`PimcBot.evaluate <cardrules.bots.PimcBot.evaluate>`, at the session's
    strength and at least ``"normal"``) plays each card (and each move it weighs) out in deals
    that agree with what the seat sees. Where it weighs nothing by search (calls,
    discards, trumps) the hint is the bots' own choice; an auction's bids are weighed too (in
    fewer worlds), and summarised (:mod:`cardrules.account.hints`): passing, the highest bid
    that keeps an even chance, the best bid.

    Returns:
        JSON text: ``{"ok": true, "text" (the hint in one sentence), "best" (an action),
        "summary" (a bid hint's summary, a sentence each; else empty), "head", "worlds",
        "exact" (every card known: each choice worked out exactly, in the one deal there is),
        "estimates": [{"action", "card", "choice", "wins" (the share of
        deals won, 0 to 1), "points" (on average: the seat's side's, tricks in a game scored
        by tricks), "best", "text"}], "ms"}``, best first.
    """
    return _answer(hint_data(session))


def close(session: int) -> str:
    """Forget a session (its game). Returns ``{"ok": true}``."""
    if isinstance(session, int):
        _sessions.pop(session, None)
    return _answer({"ok": True})


def record_text(record: Mapping[str, Any]) -> str:
    """A record as JSON text to read, copy or save: one line per key, the lists of cards and
    actions on their line. The page shows and copies this text as it is (a seed beyond what
    JavaScript numbers hold exactly stays intact)."""
    lines = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
             for key, value in record.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


def options_data(game: str, lang: str = "en") -> dict[str, Any]:
    """A game's options for the page's setup (see :func:`options`)."""
    language = known(lang)
    try:
        rules_type = GAMES[game_id(game)]
        cls = rules_type.options_type
        rows = []
        for item in dataclasses.fields(cls):
            values = option_values(cls, item.name)
            if values is None:
                continue
            said = item.metadata.get("help")
            rows.append({"name": item.name, "help": words(language)._(said) if said else "",
                         "default": item.default, "values": values})
        return {"ok": True, "game": rules_type.id, "options": rows}
    except (CardrulesError, ValueError, TypeError) as error:
        return _failure(error, language)


def options(game: str, lang: str = "en") -> str:
    """The options of ``game`` that a page may offer as menus and check boxes.

    Returns:
        JSON text: ``{"ok": true, "game", "options": [{"name", "help" (in ``lang``),
        "default", "values" (every value it takes; ``null`` for the game's own default)}]}``.
    """
    return _answer(options_data(game, lang))


def _choice_words(narrator: Narrator, action: Action, view: SeatView) -> str:
    if isinstance(action, Card):
        return narrator.card(action)
    return narrator.choice(action, view.turn_up, view.trump) or format_action(action)
