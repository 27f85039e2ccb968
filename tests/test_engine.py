"""The engine's own guarantees, over random deals of every game, player count and option set:

* one source of legality: an action is in the legal actions exactly when ``play`` accepts it
  (and ``refusal`` says nothing), for every card and every move any rule can offer any seat;
* duties are monotone, as views rely on to infer what others cannot hold;
* ``clone()`` copies without replaying and shares nothing mutable;
* ``steps()`` and ``play_step()`` tell what happened (labels, tricks, draws) as the game saw it;
* a seat's view holds nothing that seat may not know, and ``SeatView.sample`` deals whole worlds
  that show that seat exactly the same view;
* sides are deal state: nothing in a shared ``Rules`` object changes during a deal.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from game_helpers import FAMILY, GAME_COUNTS
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import ALL_CARDS, Action, Card, Game, Phase
from cardrules.core.labels import label_play
from cardrules.engine import CardRule

FAMILY_OPTIONS: list[dict[str, Any]] = [
    {},
    {"exchange": "spanish", "exchange_timing": "own-turn"},
    {"exchange": "puerto-rico", "exchange_timing": "before-penultimate"},
    {"exchange_needs_trick": False, "exchange_timing": "any-time"},
    {"follow_suit": True},
    {"arrastro": True, "claim": True},
    {"muerte_al_tres": True, "follow_suit": True},
    {"arrastro": True, "muerte_al_tres": True, "follow_suit": True, "claim": True},
    {"open_hands": True},
    {"scoring": "chilean", "trump_suit": "C"},
]
OTHER_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "alcalde": [{}, {"partners_see": False}, {"exchange": "spanish"}],
    "alcalde-variation": [{}, {"partners_see": True}],
    "aluette": [{}, {"chant": True}, {"chant": True, "signals": True},
                {"spoiled": "next-winner", "mordienne": True, "signals": True}],
    "chiamata": [{}, {"auction": "ranks"}, {"buia": True, "call_own_card": False}],
    "rematada": [{}, {"scoring": "game", "first_lead": "declarer"}],
}


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, int, dict[str, Any], int]:
    game_id, players = draw(st.sampled_from(GAME_COUNTS))
    pool = FAMILY_OPTIONS if game_id in FAMILY else OTHER_OPTIONS.get(game_id, [{}])
    options = draw(st.sampled_from(pool))
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
    return game_id, players, options, seed


def every_offer(game: Game) -> list[Action]:
    """Every action anyone might name now: each card of the pack, and each move any rule offers
    any seat (whether or not the check would pass)."""
    found: list[Action] = list(ALL_CARDS)
    for rule in game.rules.move_rules:
        for seat in range(game.players):
            found.extend(rule.offers(game, seat))
    return found


def legal_union(game: Game) -> set[str]:
    legal = {cardrules.format_action(a) for a in game.legal_actions()}
    for seat in range(game.players):
        legal |= {cardrules.format_action(a) for a in game.legal_actions(seat)}
    return legal


def random_moment(setup: tuple[str, int, dict[str, Any], int], rnd: random.Random) -> Game:
    game_id, players, options, seed = setup
    game = cardrules.new_game(game_id, players=players, seed=seed, options=options)
    for _ in range(rnd.randrange(70)):
        if game.is_over:
            break
        legal = [a for s in range(players) for a in game.legal_actions(s)]
        game.play(rnd.choice(legal or game.legal_actions()))
    return game


@settings(max_examples=600, deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_legal_actions_are_exactly_what_play_accepts(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    game = random_moment(setup, rnd)
    legal = legal_union(game)
    for action in every_offer(game):
        notation = cardrules.format_action(action)
        refused = game.refusal(action)
        trial = game.clone()
        try:
            trial.play(action)
            accepted = True
        except cardrules.IllegalActionError:
            accepted = False
        assert accepted == (refused is None), notation
        assert accepted == (notation in legal), (notation, refused)
    if game.is_over:
        assert not legal


@settings(max_examples=150, deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_duties_are_monotone(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    """A card is refused from a hand exactly when some other card of that hand, held beside it
    alone, would refuse it: what views infer from a play (the cards that player did not hold)
    rests on this."""
    game = random_moment(setup, rnd)
    if game.phase is not Phase.PLAY or game.rules.free_play:
        return
    seat = game.current_player
    assert seat is not None
    duty = game.rules.card_rule(game, seat)
    if duty is None:
        return
    assert isinstance(duty, CardRule)
    pool = [c for c in game.rules.cards if c not in game.trick]
    for _ in range(20):
        hand = rnd.sample(pool, rnd.randrange(2, 8))
        for card in hand:
            whole = duty.check(card, hand) is None
            pairs = all(duty.check(card, (card, x)) is None for x in hand if x is not card)
            assert whole == pairs, (card, hand)
        assert duty.allowed(hand) == [c for c in hand if duty.check(c, hand) is None]


@settings(max_examples=120, deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_clone_is_an_independent_copy(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    game = random_moment(setup, rnd)
    twin = game.clone()
    assert twin.snapshot() == game.snapshot()
    assert twin.to_record() == game.to_record()
    before = game.snapshot()
    # Play the twin to the end: the original does not move.
    while not twin.is_over:
        twin.play(rnd.choice(twin.legal_actions()))
    assert game.snapshot() == before
    # The same continuation on both gives the same deal.
    again = game.clone()
    for action in twin.log[len(game.log):]:
        again.play(action)
    assert again.result == twin.result and again.tricks == twin.tricks
    assert cardrules.replay(twin.to_record()).result == twin.result


def test_clone_does_not_replay_the_log() -> None:
    game = cardrules.new_game("brisca", players=2, seed=4)
    for _ in range(20):
        game.play(game.legal_actions()[0])
    calls = 0
    original = Game.play

    def counting(self: Game, action: Action | str) -> cardrules.Event:
        nonlocal calls
        calls += 1
        return original(self, action)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Game, "play", counting)
        twin = game.clone()
    assert calls == 0 and twin.snapshot() == game.snapshot()


@settings(max_examples=100, deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_steps_tell_what_the_game_saw(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    game = random_moment(setup, rnd)
    steps = list(game.steps())
    assert [s.action for s in steps] == game.log
    assert steps[0].seat == cardrules.CHANCE and steps[0].is_deal
    assert steps[-1].after == game.snapshot(steps[-1].after.last)
    assert [s.seat for s in steps] == game.actors()
    tricks = [s.trick for s in steps if s.trick is not None]
    assert tricks == game.tricks
    for step in steps:
        assert step.before.step == step.index and step.after.step == step.index + 1
        if step.played is not None and step.before.trump is not None:
            on_table = [c for _, c in step.before.trick]
            assert step.label == label_play(on_table, step.played, step.before.trump,
                                            game.rules.strength)
        drawn = sum(len(h) for h in step.after.hands) - sum(len(h) for h in step.before.hands)
        if step.draws:
            for seat, card in step.draws:
                assert card in step.after.hands[seat]
            assert step.after.stock_size == step.before.stock_size - len(step.draws)
        elif step.trick is None and isinstance(step.action, Card):
            assert drawn == -1
    # play_step gives the same steps as they happen.
    live = game.fresh()
    for step in steps:
        assert live.play_step(step.action) == step


@settings(max_examples=400, deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_a_sampled_world_shows_the_seat_exactly_its_view(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    game = random_moment(setup, rnd)
    if game.is_over:
        return
    seat = rnd.randrange(game.players)
    view = game.view(seat)
    world = view.sample(random.Random(rnd.random()))
    assert world.view(seat) == view
    assert world.log[1:] != [] or len(game.log) == 1
    # A real game: its record replays, and it can be played to the end.
    assert cardrules.replay(world.to_record()).snapshot() == world.snapshot()
    while not world.is_over:
        world.play(rnd.choice(world.legal_actions()))


@settings(max_examples=60, deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_a_view_sampled_again_deals_as_a_fresh_copy_of_it_does(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    """A view's sampling plan is worked out once for all its worlds: the second world of one
    view is the world a fresh copy of the view (a plan of its own) deals from the same seed."""
    game = random_moment(setup, rnd)
    if game.is_over:
        return
    view = game.view(rnd.randrange(game.players))
    seed = rnd.random()
    view.sample(random.Random(seed + 1))
    again = view.sample(random.Random(seed))
    fresh = dataclasses.replace(view).sample(random.Random(seed))
    assert again.snapshot() == fresh.snapshot()


def test_sampled_worlds_vary_the_hidden_cards_and_keep_the_seen_ones() -> None:
    game = cardrules.new_game("brisca", players=4, seed=11)
    for _ in range(9):
        game.play(game.legal_actions()[0])
    view = game.view(1)
    rng = random.Random(0)
    others = set()
    for _ in range(30):
        world = view.sample(rng)
        assert tuple(world.hands[1]) == view.hand
        assert world.tricks == game.tricks and world.turn_up == game.turn_up
        assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
        others.add(tuple(world.hands[0]))
    assert len(others) > 20  # the hidden hands really are drawn


def test_a_seat_that_did_not_follow_suit_is_void_in_every_world() -> None:
    """With the duty to follow suit, a seat that played another suit holds none of the suit
    led: no sampled world may give it one (once the stock is out, nothing can refill it)."""
    rng = random.Random(3)
    checked = 0
    for seed in range(100):
        game = cardrules.new_game("briscola", players=2, seed=seed,
                                  options={"follow_suit": True, "exchange": "none"})
        void: tuple[int, Card] | None = None
        while not game.is_over and void is None:
            empty = game.stock_size == 0  # no draw after this trick can refill a hand
            lead = rng.choice(game.legal_actions())
            game.play(lead)
            follower = game.current_player
            if game.is_over or follower is None:
                break
            reply = rng.choice(game.legal_actions())
            game.play(reply)
            assert isinstance(lead, Card) and isinstance(reply, Card)
            if reply.suit is not lead.suit and empty and not game.is_over:
                void = (follower, lead)
        if void is None:
            continue
        follower, lead = void
        view = game.view(1 - follower)
        for _ in range(10):
            world = view.sample(rng)
            assert all(c.suit is not lead.suit for c in world.hands[follower])
        checked += 1
    assert checked >= 10


@settings(max_examples=400, deadline=None)
@given(setup=setups(), rnd=st.randoms(use_true_random=True))
def test_a_view_holds_nothing_the_seat_may_not_know(
    setup: tuple[str, int, dict[str, Any], int], rnd: random.Random
) -> None:
    """Swap a card another seat holds (and never showed) with an undrawn stock card in the
    deal, replay the same actions: the seat must see exactly the same view."""
    game = random_moment(setup, rnd)
    seat = rnd.randrange(game.players)
    view = game.view(seat)
    deal = game.dealt
    assert deal is not None
    shown = {c for _, a in view.history for c in [a if isinstance(a, Card) else
                                                   getattr(a, "card", None)] if c is not None}
    hidden_hands = [s for s in range(game.players)
                    if s != seat and s not in view.visible_hands and game.hands[s]]
    undrawn = [c for c in game.stock if c not in shown]
    if not hidden_hands or not undrawn:
        return
    other = rnd.choice(hidden_hands)
    candidates = [c for c in game.hands[other] if c not in shown and c in deal.hands[other]]
    if not candidates:
        return
    a, b = rnd.choice(candidates), rnd.choice(undrawn)
    swap = {a: b, b: a}
    swapped = cardrules.Deal(
        tuple(tuple(swap.get(c, c) for c in hand) for hand in deal.hands),
        tuple(swap.get(c, c) for c in deal.stock),
        deal.talon,
    )
    twin = Game(game.rules, names=game.names, seed=None)
    try:
        for action in [swapped, *game.log[1:]]:
            twin.play(action)
    except cardrules.IllegalActionError:
        return  # the swap made a later play illegal (a duty): not the same history
    assert twin.hands[other] != game.hands[other]
    twin_view = twin.view(seat)
    if twin_view.legal_actions != view.legal_actions:
        return  # a rule that reads hidden cards (a claim needs the side's top trumps)
    assert twin_view == view
    # What others signalled to their own partners stays unseen.
    signals = getattr(view.details, "signals", ())
    assert all(s % 2 == seat % 2 for _, s, _ in signals)
    assert all((m[1] + 2) % 4 == seat for m in view.messages)


def test_rules_do_not_change_during_a_deal() -> None:
    for game_id, players in GAME_COUNTS:
        rules = cardrules.rules_for(game_id, players)
        before = copy.copy(vars(rules))
        game = cardrules.new_game(game_id, players=players, seed=3)
        while not game.is_over:
            game.play(game.legal_actions()[0])
        assert game.rules is rules
        assert {k: v for k, v in vars(rules).items() if k in before} == before
        assert not hasattr(rules, "sides")


def test_game_details_are_typed_and_immutable() -> None:
    for game_id, players in GAME_COUNTS:
        game = cardrules.new_game(game_id, players=players, seed=8)
        details = game.details
        assert dataclasses.is_dataclass(details)
        params = getattr(type(details), "__dataclass_params__")  # noqa: B009
        assert params.frozen
        hash(details)  # every field holds an immutable value


def test_notation_is_per_game() -> None:
    brisca = cardrules.rules_for("brisca", 2)
    aluette = cardrules.rules_for("aluette", 4)
    assert cardrules.format_action(brisca.parse("exchange:7o")) == "exchange:7O"
    assert cardrules.format_action(aluette.parse(" chant ")) == "chant"
    for rules, text in ((brisca, "chant"), (aluette, "exchange:7O"), (brisca, "discard:1O")):
        try:
            rules.parse(text)
        except cardrules.IllegalActionError as error:
            assert error.en and error.es
        else:
            raise AssertionError(f"{rules.id} read {text!r}")
