"""The search bot's playouts on the compact model (``World.play_guided``) play the cards the
engine's playout (``cardrules.bots.playout.playout``) plays, at every position of every game
the model covers, and the worlds the bot deals there (``Start.deal_all``) agree with its view."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardrules import GAMES, Card, Game, new_game, rules_for
from cardrules.bots import COMPACT_LEVELS, LEVELS, GreedyBot, PimcBot, make_bot
from cardrules.bots.compact import CARDS, Start, World, covers, plain_play
from cardrules.bots.endgame import SEARCH_PLAYS, outcome, plays_left, search, search_world
from cardrules.bots.playout import careful_seats, playout

COVERED = [(game, players) for game, rules in GAMES.items() for players in rules.player_counts
           if covers(rules_for(game, players))]
"""Every game and player count whose play the compact model covers, at the default options."""


def _positions(game: str, players: int, seed: int) -> list[Game]:
    """Every position of plain card play of a deal played by the greedy bot (seeded by the
    deal), each a copy: leads, middle seats and last seats, the stock full to empty."""
    world = new_game(game, players=players, seed=seed)
    greedy = GreedyBot()
    found = []
    while not world.is_over:
        if plain_play(world):
            found.append(world.clone())
        seat = world.current_player
        assert seat is not None
        world.play(greedy.choose(world.view(seat)))
    return found


def _briscola_after(tricks: int, seed: int) -> Game:
    """A two-player Briscola deal played by the greedy bot until ``tricks`` tricks are done."""
    game = new_game("briscola", players=2, seed=seed)
    greedy = GreedyBot()
    while len(game.tricks) < tricks:
        game.play(greedy.choose(game.view(game.current_player)))  # type: ignore[arg-type]
    return game


def _models(world: Game) -> list[tuple[float, frozenset[int], frozenset[int] | None]]:
    """The playouts the bots ask for at ``world``: (noise, allies, careful seats): the search
    bot of the seat to play and of the next seat (its side careful, its opponents greedy, at
    random with some noise or none) and the hint (every seat careful)."""
    seat = world.current_player
    assert seat is not None
    models: list[tuple[float, frozenset[int], frozenset[int] | None]] = []
    for who in (seat, (seat + 1) % world.players):
        side = next((s for s in world.sides if who in s), (who,))
        allies = frozenset(side)
        models += [(0.0, allies, None), (0.3, allies, None)]
    models.append((0.0, frozenset((seat,)), frozenset(range(world.players))))
    return models


@pytest.mark.parametrize(("game", "players"), COVERED)
def test_the_compact_playout_plays_the_engines_cards(game: str, players: int) -> None:
    positions = 0
    for seed in range(8):
        found = _positions(game, players, seed)
        # Every other position (leads and replies both come round), or every one where plain
        # play comes only at the end (an exchange open while the stock lasts).
        for world in found[::2] if len(found) > 12 else found:
            start = Start.of_world(world)
            assert start is not None
            positions += 1
            for k, (noise, allies, careful) in enumerate(_models(world)):
                engine = world.clone()
                playout(engine, random.Random(k), noise, allies, careful)
                # Of a whole world, the deal draws nothing: the playout has the same chances.
                compact = start.deal(random.Random(k))
                plays = compact.play_guided(noise, allies,
                                            careful_seats(world.rules, allies, careful))
                cards = [CARDS[i] for i in compact.played[len(world.trick):]]
                assert cards == engine.log[len(world.log):]
                assert plays == len(cards)
                assert compact.over and compact.points == engine.points
                for seat in range(players):
                    assert compact.outcome(seat) == outcome(engine, seat)
        if positions >= 30:
            break
    assert positions >= 30


@pytest.mark.parametrize(("game", "players"), [("briscola", 2), ("briscas", 4), ("brisca", 3)])
def test_the_compact_endgame_search_finds_the_engines_figures(game: str, players: int) -> None:
    searched = 0
    for seed in range(3):
        for world in _positions(game, players, seed):
            if plays_left(world) > SEARCH_PLAYS:
                continue
            seat = world.current_player
            assert seat is not None
            side = frozenset(next((s for s in world.sides if seat in s), (seat,)))
            start = Start.of_world(world)
            assert start is not None
            for noise in (0.0, 0.4):
                engine = search(world.clone(), seat, side, noise)
                compact = search_world(start.deal(random.Random(0)), seat, side, noise)
                assert compact == engine
                searched += 1
    assert searched >= 20


def test_a_whole_world_dealt_at_once_agrees_with_the_view() -> None:
    game = _briscola_after(5, seed=11)
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    start = Start.of_view(view, view.sample(random.Random(1)))
    unseen = view.unseen()
    assert start is not None and unseen is not None
    other = 1 - seat
    unseen_indexes = {c.index for c in unseen}
    rng = random.Random(3)
    in_hand: Counter[int] = Counter()
    on_top: Counter[int] = Counter()
    worlds = 2000
    for _ in range(worlds):
        hands, stock = start.deal_all(rng)
        assert sorted(hands[seat]) == sorted(c.index for c in view.hand)
        assert len(hands[other]) == len(game.hands[other])
        assert len(stock) == game.stock_size
        assert stock[-1] == view.turned_up.index  # type: ignore[union-attr]
        dealt = [*hands[other], *stock[:-1]]
        assert sorted(dealt) == sorted(unseen_indexes)  # every unseen card once
        in_hand.update(hands[other])
        on_top[stock[0]] += 1
        # The world plays out to the end from a copy of its hands, every card once.
        world = World(start, [hand.copy() for hand in hands], [], rng.random, stock)
        world.play_guided(0.0, frozenset((seat,)), frozenset((seat,)))
        assert world.over and sum(world.points) == 120
    # Each unseen card as likely in the other hand, and on top of the stock.
    for counts, share in ((in_hand, len(hands[other]) * worlds / len(unseen)),
                          (on_top, worlds / len(unseen))):
        assert set(counts) == unseen_indexes
        assert all(abs(n - share) < 5 * share ** 0.5 for n in counts.values())


def test_the_search_bot_deals_on_the_model_only_where_it_applies() -> None:
    # Two-player Briscola far from the end: the compact form. A bot of either form weighs every
    # card, repeats itself for a seed, and, with many worlds, rates the cards alike.
    game = _briscola_after(3, seed=4)
    greedy = GreedyBot()
    view = game.view(game.current_player)  # type: ignore[arg-type]
    fast = PimcBot(worlds=300, seed=5).evaluate(view)
    again = PimcBot(worlds=300, seed=5).evaluate(view)
    slow = PimcBot(worlds=300, seed=5, compact=False).evaluate(view)
    assert fast == again
    assert [e.action for e in fast] == [e.action for e in slow] == list(view.legal_actions)
    assert fast != slow  # other worlds: the model deals them itself
    for a, b in zip(fast, slow, strict=True):
        assert a.worlds == b.worlds == 300
        assert abs(a.value - b.value) < 0.12
    # In the first trick (an exchange open), the worlds sampled and played as on the engine
    # until plain play begins, then on the model: the same figures. Near the end, the worlds
    # searched on the model: the same figures as the engine's search of other worlds, within
    # their noise; solved exactly (on the engine), the same figures.
    compared = 0
    for seed in range(2):
        game = new_game("briscola", players=2, seed=seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            if len(view.legal_actions) > 1 and not game.tricks:
                assert PimcBot(worlds=12, seed=6).evaluate(view) == PimcBot(
                    worlds=12, seed=6, compact=False).evaluate(view)
            elif len(view.legal_actions) > 1 and game.stock_size + len(game.trick) <= 2:
                assert PimcBot(worlds=12, seed=6, exact=True).evaluate(view) == PimcBot(
                    worlds=12, seed=6, exact=True, compact=False).evaluate(view)
                if game.stock_size == 2 and not game.trick:
                    fast = PimcBot(worlds=200, seed=6).evaluate(view)
                    slow = PimcBot(worlds=200, seed=6, compact=False).evaluate(view)
                    assert [e.action for e in fast] == [e.action for e in slow]
                    assert fast != slow
                    assert all(abs(a.value - b.value) < 0.12
                               for a, b in zip(fast, slow, strict=True))
                    compared += 1
            game.play(greedy.choose(view))
    assert compared == 2
    tute = new_game("tute", players=2, seed=4)
    view = tute.view(tute.current_player)  # type: ignore[arg-type]
    assert not covers(tute.rules)
    assert PimcBot(worlds=6, seed=6).evaluate(view) == PimcBot(
        worlds=6, seed=6, compact=False).evaluate(view)
    assert all(isinstance(e.action, Card) for e in PimcBot(worlds=6, seed=6).evaluate(view))


def test_the_levels_weigh_twice_the_worlds_on_the_compact_model() -> None:
    # Far from the end of two-player Briscola: the compact model, the level's compact worlds;
    # the first trick (on the engine while the exchange is open) and Tute: the level's worlds.
    assert all(COMPACT_LEVELS[level] >= LEVELS[level] for level in LEVELS)
    plain = _briscola_after(3, seed=4)
    first = new_game("briscola", players=2, seed=4)
    tute = new_game("tute", players=2, seed=4)
    bot = make_bot("pimc", seed=1, level="normal")
    assert isinstance(bot, PimcBot)
    view = plain.view(plain.current_player)  # type: ignore[arg-type]
    assert {e.worlds for e in bot.evaluate(view)} == {COMPACT_LEVELS["normal"]}
    # The first trick, an exchange open, and Tute's long deals: the level's worlds, as far as
    # its work budget allows, as the bot with only those worlds weighs them.
    bot = make_bot("pimc", seed=1, level="easy")
    assert isinstance(bot, PimcBot) and bot.compact_worlds == LEVELS["easy"] == 12
    bot.compact_worlds = 24  # as if the easy level had more worlds on the model
    for game in (first, tute):
        view = game.view(game.current_player)  # type: ignore[arg-type]
        engine = PimcBot(worlds=LEVELS["easy"], seed=1)
        assert ({e.worlds for e in bot.evaluate(view)}
                == {e.worlds for e in engine.evaluate(view)})
    # A number of worlds asked for is the number on either model.
    asked = make_bot("pimc", seed=1, worlds=30)
    assert isinstance(asked, PimcBot)
    view = plain.view(plain.current_player)  # type: ignore[arg-type]
    assert {e.worlds for e in asked.evaluate(view)} == {30}
