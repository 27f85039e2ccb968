"""The compact model of plain card play (``cardrules.bots.compact``) plays every game it covers
as the engine does, deals only worlds that agree with the seat's view, and the ISMCTS that runs
on it plays as the one on the engine does."""

from __future__ import annotations

import dataclasses
import random
import typing
from collections import Counter

import pytest

from cardrules import GAMES, Card, Game, new_game, rules_for
from cardrules.bots import GreedyBot, IsmctsBot
from cardrules.bots.compact import CARDS, Start, World, covers, plain_play

COVERED = [(game, players) for game, rules in GAMES.items() for players in rules.player_counts
           if covers(rules_for(game, players))]
"""Every game and player count whose play the compact model covers, at the default options."""


def _to_plain_play(game: str, players: int, seed: int,
                   options: dict[str, object] | None = None) -> Game | None:
    """A deal of ``game`` played at random (seeded) until plain play begins; ``None`` if it
    ended first (with the claim, a move stays possible to the end: the engine plays it all)."""
    world = new_game(game, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not plain_play(world):
        if world.is_over:
            return None
        legal = world.legal_actions()
        world.play(legal[rng.randrange(len(legal))])
    return world


def _worth(world: Game) -> tuple[float, ...]:
    result = world.result
    assert result is not None
    if result.winner is None:
        return (0.5,) * world.players
    return tuple(1.0 if s in result.sides[result.winner] else 0.0 for s in range(world.players))


def _same(compact: World, world: Game) -> None:
    assert compact.over == world.is_over
    assert compact.points == world.points
    assert [sorted(h) for h in compact.hands] == [sorted(c.index for c in h) for h in world.hands]
    if not world.is_over:
        assert compact.seat == world.current_player


def test_the_covered_games_are_the_free_play_games_with_a_stock_or_none() -> None:
    assert {("briscola", 2), ("brisca", 4), ("briscas", 3), ("chiamata", 5)} <= set(COVERED)
    assert not {g for g, _ in COVERED} & {"tute", "guinote", "alcalde", "aluette", "rematada"}


def _variants(game: str, players: int) -> list[dict[str, object]]:
    """Each option of ``game`` set, one at a time, to each of its other values that keeps its
    play covered by the compact model (the scoring ones among them: the cards taken read on a
    tie, marriages counted at the end, the regional values...)."""
    options = type(rules_for(game, players).options)
    hints = typing.get_type_hints(options)
    found: list[dict[str, object]] = []
    for field in dataclasses.fields(options):
        values: list[object] = []
        for kind in typing.get_args(hints[field.name]) or (hints[field.name],):
            if kind is bool:
                values += [True, False]
            elif typing.get_origin(kind) is typing.Literal:
                values += typing.get_args(kind)
        for value in values:
            if value != field.default:
                try:
                    rules = new_game(game, players=players, options={field.name: value}).rules
                except ValueError:  # not a value for this many players
                    continue
                if covers(rules):
                    found.append({field.name: value})
    return found


@pytest.mark.parametrize(("game", "players", "options"), [
    *((g, n, None) for g, n in COVERED),
    *(("briscola", 2, variant) for variant in _variants("briscola", 2)),
])
def test_the_compact_model_plays_as_the_engine_does(game: str, players: int,
                                                    options: dict[str, object] | None) -> None:
    reached = 0
    for seed in range(4):
        world = _to_plain_play(game, players, seed, options)
        if world is None:
            continue
        reached += 1
        start = Start.of_world(world)
        assert start is not None and start.pool == ()
        rng = random.Random(seed)
        # Card by card, through the engine's legal cards...
        compact = start.deal(rng)
        engine = world.clone()
        _same(compact, engine)
        while not engine.is_over:
            legal = [c for c in engine.legal_actions() if isinstance(c, Card)]
            assert len(legal) == len(engine.legal_actions())  # no move in plain play
            assert sorted(c.index for c in legal) == sorted(compact.hands[compact.seat])
            card = legal[rng.randrange(len(legal))]
            engine.play(card)
            compact.play(card.index)
            _same(compact, engine)
        assert compact.rewards() == _worth(engine)
        # ... and a playout of its own, replayed on the engine.
        compact = start.deal(rng)
        compact.play_out()
        engine = world.clone()
        for index in compact.played[len(world.trick):]:
            engine.play(CARDS[index])
        _same(compact, engine)
        assert compact.takers == [t.winner for t in engine.tricks[len(world.tricks):]]
        assert compact.rewards() == _worth(engine)
    assert reached or options == {"claim": True}


def test_a_position_of_a_view_deals_only_worlds_that_agree_with_it() -> None:
    game = new_game("briscola", players=2, seed=28)
    greedy = GreedyBot()
    exchanged = False
    while len(game.tricks) < 4:
        seat = game.current_player
        assert seat is not None
        action = greedy.choose(game.view(seat))
        exchanged = exchanged or not isinstance(action, Card)
        game.play(action)
    seat = game.current_player
    assert seat == 0 and exchanged  # seat 1 took the turned-up card for the 2 of trumps
    view = game.view(seat)
    start = Start.of_view(view, view.sample(random.Random(1)))
    assert start is not None
    unseen = view.unseen()
    assert unseen is not None
    other = 1 - seat
    held = [c.index for c in game.hands[other] if c not in unseen]  # seen going into the hand
    assert held == [view.turned_up.index]  # type: ignore[union-attr]
    rng = random.Random(2)
    counts: Counter[int] = Counter()
    worlds = 3000
    for _ in range(worlds):
        world = start.deal(rng)
        assert sorted(world.hands[seat]) == sorted(c.index for c in view.hand)
        assert len(world.hands[other]) == len(game.hands[other])
        assert set(held) <= set(world.hands[other])
        counts.update(i for i in world.hands[other] if i not in held)
        world.play_out()
        # Every card of the deal played once: the hands, the stock and the turned-up card.
        assert len(world.played) == len(set(world.played)) == 40 - 2 * len(game.tricks)
    # The unseen cards each as likely in the other hand.
    share = (len(game.hands[other]) - len(held)) * worlds / len(unseen)
    assert set(counts) == {c.index for c in unseen}
    assert all(abs(n - share) < 5 * share ** 0.5 for n in counts.values())


@pytest.mark.parametrize(("plays", "guided"), [
    (1, False), (5, False), (13, False),  # the first trick (its exchange open), then plain
    (5, True), (13, True),  # the guided form: the search bot's playouts on either model
])
def test_the_compact_form_searches_as_the_engine_form_does(plays: int, guided: bool) -> None:
    game = new_game("briscola", players=2, seed=8)
    greedy = GreedyBot()
    for _ in range(plays):
        seat = game.current_player
        assert seat is not None
        game.play(greedy.choose(game.view(seat)))
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    visits = []
    for compact in (True, False):
        bot = IsmctsBot(iterations=600, seed=3, compact=compact, guided=guided)
        bot.choose(view)
        assert sum(bot.last_visits.values()) == 600
        visits.append(bot.last_visits)
    # Both forms put most of their visits on the same action (positions where one stands out:
    # elsewhere ISMCTS at 600 iterations varies from seed to seed, in either form).
    assert visits[0].keys() == visits[1].keys() == set(view.legal_actions)
    best = [max(v, key=v.__getitem__) for v in visits]
    assert best[0] == best[1]
    assert all(v[best[0]] > 300 for v in visits)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_ismcts_plays_every_game_on_the_model_or_the_engine(game: str) -> None:
    players = GAMES[game].player_counts[0]
    deal = new_game(game, players=players, seed=5)
    bots = [IsmctsBot(iterations=3, seed=s) for s in range(players)]
    while not deal.is_over:
        seat = deal.current_player
        assert seat is not None
        view = deal.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        deal.play(action)
    assert deal.result is not None
