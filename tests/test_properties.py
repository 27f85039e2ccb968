"""Invariants over random deals of every game and player count, with random legal actions
(out-of-turn moves such as the Spanish exchange included).

Hypothesis draws the game, the options, the seed and a random source for the choices. The
default profile (tests/conftest.py) keeps this file well under a minute.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from examples_share import examples
from game_helpers import FAMILY, GAME_COUNTS, ORDER, all_cards_now, without_last
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import (
    Action,
    Arrastro,
    Card,
    Deal,
    Exchange,
    Game,
    IllegalActionError,
    Move,
    Phase,
)

FAMILY_OPTIONS: list[dict[str, Any]] = [
    {},
    {"exchange": "none"},
    {"exchange": "spanish"},
    {"exchange": "italian"},
    {"exchange": "puerto-rico"},
    {"exchange": "spanish", "exchange_timing": "own-turn"},
    {"exchange": "puerto-rico", "exchange_timing": "before-penultimate"},
    {"exchange_needs_trick": False, "exchange_timing": "any-time"},
    {"follow_suit": True},
    {"arrastro": True},
    {"claim": True},
    {"muerte_al_tres": True},
    {"mariaje": True},
    {"open_hands": True},
    {"scoring": "lombard"},
    {"scoring": "tuscan"},
    {"scoring": "chilean"},
    {"trump_suit": "E"},
    {"tie": "more-cards", "big_win": True},
    {"redeal_ace_or_three": False, "pack": "french"},
    {"arrastro": True, "claim": True, "follow_suit": True, "exchange_timing": "any-time"},
]

BAD_NOTATIONS = ["13O", "1X", "", "exchange:", "exchange:13O", "claim:x", "arrastro:", "foo",
                 "foo:bar", "deal", "8O 9O"]


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, int, dict[str, Any], int]:
    game_id, players = draw(st.sampled_from(GAME_COUNTS))
    options = draw(st.sampled_from(FAMILY_OPTIONS)) if game_id in FAMILY else {}
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
    return game_id, players, options, seed


def choices(game: Game) -> list[tuple[int | None, Action]]:
    """Every action anyone may take now: the player to act's, then other seats' (out of turn)."""
    found: list[tuple[int | None, Action]] = [(None, a) for a in game.legal_actions()]
    current = game.current_player
    for seat in range(game.players):
        if seat != current:
            found.extend((seat, a) for a in game.legal_actions(seat))
    return found


def partly_played(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random, steps: int
) -> Game:
    """A new game of ``setup`` after up to ``steps`` random actions from :func:`choices`."""
    game_id, players, options, seed = setup
    game = cardrules.new_game(game_id, players=players, seed=seed, options=options)
    for _ in range(steps):
        if game.is_over:
            break
        found = choices(game)
        game.play(found[rnd.randrange(len(found))][1])
    return game


def check_cards(game: Game, deal: Counter[Card]) -> None:
    now = all_cards_now(game)
    assert now == deal, (now - deal, deal - now)


def check_views(game: Game, open_hands: bool) -> None:
    out_of_turn = game.out_of_turn_actions()
    for seat in range(game.players):
        view = game.view(seat)
        assert view.seat == seat
        assert view.hand == tuple(game.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in game.hands)
        assert view.current_player == game.current_player
        assert view.phase is game.phase
        assert view.legal_actions == tuple(game.legal_actions(seat))
        # Whose move it is: the seat to act's moves are the game's; another seat's are only
        # moves out of turn, which the game lists too.
        if seat == game.current_player:
            assert view.legal_actions == tuple(game.legal_actions()) and not view.out_of_turn
        else:
            assert view.out_of_turn == bool(view.legal_actions)
            assert out_of_turn.get(seat, []) == list(view.legal_actions)
            for action in view.legal_actions:
                assert isinstance(action, Move)
                rule = game.rules.rule_for(action)
                assert rule is not None and rule.out_of_turn, action
        assert view.turn_up == game.turn_up
        assert view.stock_size == game.stock_size
        public = set(view.hand) | {c for t in view.tricks for c in t.cards}
        public |= {c for _, c in view.trick}
        if view.turn_up is not None:
            public.add(view.turn_up)
        for other, hand in view.visible_hands.items():
            assert other != seat
            assert hand == tuple(sorted(game.hands[other], key=lambda c: c.index))
        for other in range(game.players):
            if other == seat:
                continue
            if open_hands:
                assert view.visible_hands.get(other) == tuple(
                    sorted(game.hands[other], key=lambda c: c.index))
            elif other not in view.visible_hands:
                assert not public & set(game.hands[other]), (seat, other)
        if not open_hands and game.rules.id in FAMILY:
            assert view.visible_hands == {}


def check_refusals(game: Game, rnd: random.Random) -> None:
    """A card not in the hand, or a bad notation, is refused and changes nothing."""
    before = (game.to_record(), game.snapshot(), len(game.log))
    current = game.current_player
    attempts: list[Action | str] = [rnd.choice(BAD_NOTATIONS)]
    if current is not None and current >= 0:
        hand = set(game.hands[current])
        outside = [c for c in cardrules.ALL_CARDS if c not in hand]
        attempts.append(rnd.choice(outside))
    else:
        attempts.append(rnd.choice(cardrules.ALL_CARDS))
    for attempt in attempts:
        try:
            game.play(attempt)
        except IllegalActionError as error:
            assert error.en and error.es
        else:
            raise AssertionError(f"{attempt!r} was accepted")
        assert (game.to_record(), game.snapshot(), len(game.log)) == before


def rank(card: Card) -> int:
    """Position in the standard order, 0 for the ace (lower is stronger)."""
    return ORDER.index(card.number)


def expected_exchanges(game: Game, seat: int) -> set[str]:
    """The exchanges the tradition's default allows ``seat`` now, from seeds 002, 003, 004."""
    up, trump = game.turn_up, game.trump
    if up is None or trump is None or up.suit is not trump or up.number == 2:
        return set()
    two, seven = Card(2, trump), Card(7, trump)
    high = rank(up) < rank(seven)
    hand = game.hands[seat]
    if game.rules.id == "briscola":  # the 2 of trumps, at the start or in the first trick
        allowed = [two] if not game.tricks else []
    elif game.rules.id == "brisca":  # 7 above 7, else 2; after winning a trick
        won = any(t.winner == seat for t in game.tricks)
        allowed = [(seven if high else two)] if won else []
    else:  # Puerto Rico: 2 for a low card; for a high one, only the 2 until the first card is
        # led (wherever the 2 is: the 7 waits), then the 7
        if not high or (not game.tricks and not game.trick):
            allowed = [two]
        else:
            allowed = [seven]
    return {f"exchange:{c.code}" for c in allowed if c in hand}


def check_rules_oracle(game: Game, options: dict[str, Any], arrastro_trick: int | None) -> None:
    """Independent checks of what the player to act may do, for a few options."""
    if game.rules.id not in FAMILY or game.is_over:
        return
    if not options:
        for seat in range(game.players):
            actual = {a.notation() for a in game.legal_actions(seat) if isinstance(a, Exchange)}
            assert actual == expected_exchanges(game, seat), seat
    current = game.current_player
    assert current is not None
    hand = game.hands[current]
    cards = {a for a in game.legal_actions() if isinstance(a, Card)}
    trump = game.trump
    if arrastro_trick == len(game.tricks) and game.trick:
        trumps = [c for c in hand if c.suit is trump]
        pool = trumps or hand
        best = min(rank(c) for c in pool)
        assert cards == {c for c in pool if rank(c) == best}
    elif options == {"muerte_al_tres": True} and trump is not None:
        ace, three = Card(1, trump), Card(3, trump)
        out = three in game.trick or any(three in t.cards for t in game.tricks)
        if ace in hand:
            assert (ace in cards) == (out or len(hand) == 1)
        assert cards | {ace} >= set(hand)
    elif options == {"follow_suit": True} and game.trick:
        led = game.trick[0].suit
        same = {c for c in hand if c.suit is led}
        assert cards == (same or set(hand))
    elif not any(options.get(k) for k in ("follow_suit", "arrastro", "muerte_al_tres")):
        assert cards == set(hand)  # no duty to follow suit


@settings(max_examples=examples(1500), deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_invariants_of_random_deals(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    game_id, players, options, seed = setup
    game = cardrules.new_game(game_id, players=players, seed=seed, options=options)
    deal = game.log[0]
    assert isinstance(deal, Deal)
    dealt = Counter(deal.cards)
    assert set(dealt.values()) == {1}
    open_hands = bool(options.get("open_hands"))
    bound = len(dealt) + 3 if game_id in FAMILY else 3 * len(dealt) + 50
    arrastro_trick: int | None = None
    for _ in range(bound + 1):
        check_cards(game, dealt)
        check_rules_oracle(game, options, arrastro_trick)
        if rnd.random() < 0.25:
            check_views(game, open_hands)
        if rnd.random() < 0.1:
            check_refusals(game, rnd)
        if game.is_over:
            break
        assert game.current_player is not None
        legal = game.legal_actions()
        assert legal, "a game that is not over must offer an action"
        options_now = choices(game)
        _, action = options_now[rnd.randrange(len(options_now))]
        if isinstance(action, Arrastro):
            arrastro_trick = len(game.tricks)
        game.play(action)
    else:
        raise AssertionError(f"no end after {bound} actions")
    assert len(game.log) - 1 <= bound

    # Over: nobody acts, nothing is legal, the result is set.
    assert game.phase is Phase.OVER
    assert game.current_player is None
    assert game.legal_actions() == []
    assert all(game.legal_actions(s) == [] for s in range(players))
    result = game.result
    assert result is not None
    check_views(game, open_hands)
    check_refusals(game, rnd)

    if game_id in FAMILY:
        rules = game.rules
        assert result.points == tuple(game.points)
        assert result.points == tuple(
            sum(rules.card_points[c.index] for c in pile) for pile in game.taken
        )
        if result.reason in ("points", "claim"):
            assert sum(result.points) == sum(rules.card_points[c.index] for c in dealt)
            if options.get("scoring", "standard") == "standard":
                assert sum(result.points) == 120
        if not options.get("mariaje"):
            assert result.side_points == tuple(
                sum(result.points[s] for s in side) for side in result.sides
            )

    # The record replays to the same game.
    record = game.to_record()
    again = cardrules.replay(record)
    assert again.log == game.log
    assert again.tricks == game.tricks
    assert again.result == result
    assert again.snapshot() == game.snapshot()

    # One state per log entry; the last is the game now.
    states = list(game.states())
    assert len(states) == len(game.log)
    assert [s.step for s in states] == list(range(1, len(game.log) + 1))
    assert states[-1].last is not None
    assert without_last(states[-1]) == game.snapshot()


@settings(max_examples=examples(300), deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True),
       steps=st.integers(min_value=0, max_value=60))
def test_partial_games_replay_and_copy(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random, steps: int
) -> None:
    game = partly_played(setup, rnd, steps)
    again = cardrules.replay(game.to_record())
    assert again.snapshot() == game.snapshot()
    assert again.legal_actions() == game.legal_actions()
    copy = game.copy()
    assert copy.snapshot() == game.snapshot()
    states = list(game.states())
    assert without_last(states[-1]) == game.snapshot()
    # Every legal action of the player to act is accepted (on a copy).
    for action in game.legal_actions()[:6]:
        trial = game.copy()
        trial.play(action)
        assert len(trial.log) == len(game.log) + 1


@settings(max_examples=examples(200), deadline=None)
@given(setup=setups())
def test_seeded_deals_are_valid_explicit_deals(setup: tuple[str, int, dict[str, Any], int]) -> None:
    game_id, players, options, seed = setup
    game = cardrules.new_game(game_id, players=players, seed=seed, options=options)
    deal = game.log[0]
    assert isinstance(deal, Deal)
    explicit = cardrules.new_game(game_id, players=players, options=options, deal=deal)
    assert explicit.snapshot() == game.snapshot()
    assert cardrules.new_game(game_id, players=players, seed=seed, options=options).log[0] == deal


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=4) | st.sampled_from(["1O", "7O", "exchange:2O", "claim", "deal"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=2),
    max_leaves=4,
)

_BASE = cardrules.new_game("brisca", players=2, seed=5)
for _ in range(7):
    _BASE.play(_BASE.legal_actions()[0])
_BASE_RECORD = _BASE.to_record()


@settings(max_examples=examples(400), deadline=None)
@given(where=st.sampled_from(["key", "delete", "hand", "card", "stock", "action", "option"]),
       value=JSON, index=st.integers(min_value=0, max_value=40))
def test_mutated_records_fail_with_the_package_errors(where: str, value: Any, index: int) -> None:
    """Whatever is wrong in a record, replay() raises one of the package's errors (all
    ValueErrors with English and Spanish messages), never a bare Python error."""
    record: dict[str, Any] = json.loads(json.dumps(_BASE_RECORD))
    keys = sorted(record)
    if where == "key":
        record[keys[index % len(keys)]] = value
    elif where == "delete":
        del record[keys[index % len(keys)]]
    elif where == "hand":
        record["deal"]["hands"][index % 2] = value
    elif where == "card":
        record["deal"]["hands"][index % 2][index % 3] = value
    elif where == "stock":
        record["deal"]["stock"][index % 34] = value
    elif where == "action":
        record["actions"][index % len(record["actions"])] = value
    else:
        name = sorted(cardrules.rules_for("brisca").options.to_dict())[index % 17]
        record["options"] = {name: value}
    try:
        cardrules.replay(record)
    except cardrules.CardrulesError as error:
        assert error.en and error.es


@settings(max_examples=examples(300), deadline=None)
@given(setup=setups(), junk=st.text(max_size=8) | st.sampled_from(BAD_NOTATIONS),
       steps=st.integers(min_value=0, max_value=30), rnd=st.randoms(use_true_random=True))
def test_play_accepts_only_legal_text(
    setup: tuple[str, int, dict[str, Any], int], junk: str, steps: int, rnd: random.Random
) -> None:
    game = partly_played(setup, rnd, steps)
    legal = {cardrules.format_action(a) for _, a in choices(game)}
    before = (game.to_record(), game.snapshot())
    try:
        game.play(junk)
    except IllegalActionError as error:
        assert error.en and error.es
        assert (game.to_record(), game.snapshot()) == before
    else:
        assert cardrules.format_action(game.log[-1]) in legal
