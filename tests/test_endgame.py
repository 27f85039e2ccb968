"""The endgame search of the search bot (cardrules.bots.endgame): in a world with few cards left,
the bot's own plays are searched instead of played out greedily.

- Against the greedy model of the opponents, the search is worth at least what the greedy playout
  is (it may choose the greedy play at every turn), and at most what the bot would get if every
  seat played for it.
- With every seat careless (noise 1) the opponents' plays are averaged, each as likely.
- Once nothing is hidden (two players, the stock empty) the hint is exact: the same whatever the
  bot's random seed.
"""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest
from examples_share import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Game
from cardrules.bots import SOLVED_ENDGAMES, PimcBot, make_bot
from cardrules.bots.compact import UNSEEN, Start, World
from cardrules.bots.endgame import (
    SEARCH_PLAYS,
    Table,
    chances,
    duels,
    outcome,
    plays_left,
    search,
    solve,
    solve_chance,
    solve_duel,
    solve_world,
)
from cardrules.bots.pimc import MIN_WORLDS
from cardrules.bots.playout import playout

GAMES = [("briscola", 2), ("brisca", 2), ("briscas", 2), ("briscola", 3), ("brisca", 4),
         ("rematada", 3), ("tute", 2)]


def endgame(game_id: str, players: int, seed: int) -> Game | None:
    """A deal played at random until at most SEARCH_PLAYS cards are left to play (None if it
    ends first)."""
    rng = random.Random(seed)
    game = cardrules.new_game(game_id, players=players, seed=seed)
    while not game.is_over and plays_left(game) > SEARCH_PLAYS:
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    return None if game.is_over else game


@settings(max_examples=examples(120), deadline=None)
@given(which=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_the_search_is_between_the_playout_and_everyone_helping(
    which: tuple[str, int], seed: int
) -> None:
    game = endgame(*which, seed)
    if game is None or game.current_player is None:
        return
    seat = game.current_player
    side = next((s for s in game.sides if seat in s), (seat,))
    allies = frozenset(side)
    greedy = game.clone()
    playout(greedy, random.Random(0), 0.0, allies)
    played = outcome(greedy, seat)
    (won, points, value), nodes = search(game.clone(), seat, allies, 0.0)
    best, _ = search(game.clone(), seat, frozenset(range(which[1])), 0.0)
    assert played[2] <= value + 1e-9 <= best[2] + 2e-9
    assert 0 <= won <= 1 and points >= 0 and nodes >= 1


def test_careless_opponents_are_averaged() -> None:
    """Noise 1: at the opponent's last card choice, each of its plays counts the same."""
    for seed in range(40):
        game = endgame("briscola", 2, seed)
        if game is None or game.current_player is None:
            continue
        seat = game.current_player
        other = 1 - seat
        # Play the bot's cards greedily until the opponent chooses among several cards.
        while not game.is_over and (game.current_player != other
                                    or len(game.legal_actions()) < 2):
            game.play(game.legal_actions()[0])
        if game.is_over:
            continue
        children = []
        for action in game.legal_actions():
            child = game.clone()
            child.play(action)
            children.append(search(child, seat, frozenset({seat}), 1.0)[0])
        got, _ = search(game.clone(), seat, frozenset({seat}), 1.0)
        assert got[2] == pytest.approx(sum(c[2] for c in children) / len(children))
        return
    pytest.fail("no deal reached an opponent's choice")


def test_with_nothing_hidden_the_hint_is_exact() -> None:
    """Two players, the stock empty: every world is the real deal, so any seed gives the same
    ratings, and the bot plays the best of them."""
    rng = random.Random(5)
    game = cardrules.new_game("briscola", players=2, seed=5)
    while game.stock_size:
        game.play(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
    while len(game.legal_actions()) < 2:
        game.play(game.legal_actions()[0])
    view = game.view(game.current_player or 0)
    ratings = [[(e.action, round(e.value, 9)) for e in PimcBot(worlds=10, seed=s).evaluate(view)]
               for s in range(4)]
    assert all(r == ratings[0] for r in ratings)
    best = max(ratings[0], key=lambda r: r[1])[1]
    chosen = PimcBot(worlds=10, seed=9).choose(view)
    assert dict(ratings[0])[chosen] == best


@pytest.mark.parametrize("which", ["exact", "hard"])
def test_the_bot_plays_a_known_endgame_at_its_minimax(which: str) -> None:
    # Two players, the stock gone: every card is known, and PimcBot(exact=True), or the hard
    # level (its endgame solved on the model from ten cards left), weighs each play by the
    # minimax of the position (solve), not by its model of the opponent.
    checked = 0
    for seed in range(6):
        game = endgame("briscola", 2, seed)
        assert game is not None
        while game.stock_size and not game.is_over:
            game.play(game.legal_actions()[0])
        seat = game.current_player
        if game.is_over or seat is None or len(game.legal_actions()) < 2:
            continue
        bot = (PimcBot(worlds=3, seed=seed, noise=0.0, exact=True) if which == "exact"
               else make_bot("pimc", seed=seed, level="hard"))
        assert isinstance(bot, PimcBot)
        for estimate in bot.evaluate(game.view(seat)):
            trial = game.clone()
            trial.play(estimate.action)
            assert estimate.value == pytest.approx(solve(trial, seat)[0][2])  # the same worlds
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game_id", ["briscola", "brisca"])
def test_the_compact_solve_finds_the_engines_minimax(game_id: str) -> None:
    # Every position with at most twelve cards left of deals played at random (Brisca's with
    # the exchange still open near the end), each play of the seat to play solved on the
    # model, the plays of one position sharing a transposition table: the engine's minimax,
    # figure for figure (a table that took a bound for the exact figure failed here); and so
    # does the two-player solve on small values (solve_duel), its own table shared alike.
    solved = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = cardrules.new_game(game_id, players=2, seed=seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            legal = game.legal_actions()
            if plays_left(game) <= 12 and len(legal) > 1:
                table: Table = {}
                duel_table: Table = {}
                for action in legal:
                    child = game.clone()
                    child.play(action)
                    if child.is_over:
                        continue
                    start = Start.of_world(child, exchange=True)
                    assert start is not None
                    on_model, nodes = solve_world(start.deal(random.Random(0)), seat, table)
                    assert on_model == solve(child.clone(), seat)[0]
                    assert nodes >= 1
                    assert solve_duel(start.deal(random.Random(0)), seat, duel_table)[0] == on_model
                    solved += 1
            game.play(legal[rng.randrange(len(legal))])
    assert solved >= 60


def test_only_the_hard_level_solves_its_endgame() -> None:
    assert SOLVED_ENDGAMES == {"hard": 10}
    for level in ("easy", "normal", "hard"):
        bot = make_bot("pimc", seed=1, level=level)
        assert isinstance(bot, PimcBot)
        solved = (bot.search_plays, bot.solve_endgame, bot.chance_endgame)
        assert solved == ((10, True, True) if level == "hard" else (SEARCH_PLAYS, False, False))


def test_a_solved_endgame_of_many_worlds_stays_within_the_budget() -> None:
    # Twelve cards left, five of them unseen in the stock: hundreds of different worlds, each
    # solved from there; the positions count against the budget, and the decision stops early.
    game = cardrules.new_game("briscola", players=2, seed=4)
    while plays_left(game) > 13:
        game.play(game.legal_actions()[0])
    seat = game.current_player
    assert seat is not None
    bot = PimcBot(worlds=320, compact_worlds=640, seed=2, search_plays=12, solve_endgame=True)
    estimates = bot.evaluate(game.view(seat))
    assert len(estimates) == 3
    assert MIN_WORLDS <= estimates[0].worlds < 640


DUEL_GAMES = [("briscola", {}), ("brisca", {}), ("briscas", {}), ("briscola", {"mariaje": True}),
              ("briscola", {"tie": "more-cards"}), ("brisca", {"aim": "at-most-11"})]
"""Two-player games whose endgames the bot solves: as dealt, and under options whose result
reads the cards taken (the marriages, a tie broken by the cards) or wins by the fewest points."""


@settings(max_examples=examples(40), deadline=None)
@given(which=st.sampled_from(DUEL_GAMES), seed=st.integers(0, 10**6), left=st.integers(2, 14),
       seat=st.integers(0, 1))
def test_the_duel_solve_finds_the_models_minimax(
    which: tuple[str, dict[str, object]], seed: int, left: int, seat: int
) -> None:
    # A deal played at random to at most ``left`` cards; each card the seat to play holds,
    # played on the model and solved for ``seat`` by solve_duel (one table for them all, as
    # the bot shares it between its actions in a world): solve_world's figure, a fresh table
    # each. Two-player Briscola, its exchange over after the first trick, is solved on small
    # values; where the exchange is open, or the result reads the cards, solve_world answers.
    game_id, options = which
    rng = random.Random(seed)
    game = cardrules.new_game(game_id, players=2, seed=seed, options=options)
    while not game.is_over and plays_left(game) > left:
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    start = Start.of_world(game, exchange=True)
    if start is None:
        return  # the deal is over
    table: Table = {}
    mover = start.deal(random.Random(0)).seat
    for card in start.hands[mover]:
        world = start.deal(random.Random(0))
        world.play(card)
        if world.over:
            continue
        if which == ("briscola", {}):
            assert duels(world)
        twin = start.deal(random.Random(0))
        twin.play(card)
        expected = solve_world(twin, seat)[0]
        assert solve_duel(world, seat, table)[0] == expected


def test_the_duel_solve_weighs_the_exchange_as_the_model_does() -> None:
    # Two-player Brisca played at random, cards only (the exchange left open), to positions
    # with at most 12 cards left where the seat to play may exchange the 7 (or the 2) of trumps
    # for the turned-up card: solve_duel (the exchange a choice among its cards) finds
    # solve_world's figure; without the exchange it misses it at most of them.
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        game = cardrules.new_game("brisca", players=2, seed=seed)
        while not game.is_over:
            start = Start.of_world(game, exchange=True) if plays_left(game) <= 12 else None
            if start is not None and start.deal(random.Random(0)).offer() >= 0:
                seat = game.current_player
                assert seat is not None
                world = start.deal(random.Random(0))
                assert duels(world)
                expected = solve_world(start.deal(random.Random(0)), seat)[0]
                assert solve_duel(world, seat)[0] == expected
                checked += 1
            cards = [a for a in game.legal_actions() if isinstance(a, cardrules.Card)]
            game.play(cards[rng.randrange(len(cards))])
    assert checked >= 6


def briscola_at(seed: int, left: int) -> Game:
    """Two-player Briscola played at random until ``left`` cards are left to play."""
    rng = random.Random(seed)
    game = cardrules.new_game("briscola", players=2, seed=seed)
    while plays_left(game) > left:
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    return game


def stock_unseen(game: Game, hidden: int | None = None) -> tuple[Start, World]:
    """``game``'s position with the stock's first ``hidden`` cards (all but the turned-up card:
    ``None``) unseen, and its world: every hand as dealt, those cards in the pool."""
    start = Start(game, frozenset(c.index for c in game.stock[:hidden]))
    world = start.deal(random.Random(0))
    assert chances(world) and UNSEEN not in world.hands[0] + world.hands[1]
    return start, world


def test_the_chance_solve_with_one_world_is_the_duel_solve() -> None:
    # Nothing left to chance: no unseen card in the stock, or a single one (the pool's one
    # card, wherever it lies): each play's figure is solve_duel's of the world as dealt.
    checked = 0
    for seed in range(6):
        for left in (10, 9, 8, 7):
            game = briscola_at(seed, left)
            seat = game.current_player
            assert seat is not None
            for hidden in (0, 1):
                _, world = stock_unseen(game, hidden)
                table: Table = {}
                for card in world.hands[seat]:
                    dealt = Start(game).deal(random.Random(0))
                    dealt.play(card)
                    expected = solve_duel(dealt, seat)[0]
                    assert solve_chance(world.copy(), seat, table, card)[0] == expected
                    checked += 1
    assert checked >= 120


def draw_orders(game: Game) -> list[Game]:
    """``game`` once for each order of its stock's cards above the turned-up card (its record
    replayed with that stock)."""
    record = game.to_record()
    dealt = record["deal"]["stock"]
    drawn = len(dealt) - game.stock_size
    assert dealt[drawn:-1] == [str(card) for card in game.stock]  # (the turned-up card last)
    del record["seed"]
    return [cardrules.replay({**record, "deal": {**record["deal"], "stock": [
        *dealt[:drawn], *order, dealt[-1]]}}) for order in itertools.permutations(
            dealt[drawn:-1])]


def expectimax(games: list[Game], seat: int, memo: dict[object, float]) -> float:
    """The naive figure of a position (``games``: the same position under each draw order
    still possible, each as likely) for ``seat``: at each turn the mover plays the same card in
    all of them (it cannot tell them apart), the most for ``seat`` or the least; a play whose
    draws tell them apart averages the groups it makes, by their sizes."""
    game = games[0]
    if game.is_over:
        return sum(outcome(g, seat)[2] for g in games) / len(games)
    key = (tuple(frozenset(h) for h in game.hands), tuple(game.trick), tuple(game.points),
           game.current_player, frozenset(game.stock), len(games))
    if key not in memo:
        values = [after(games, action, seat, memo) for action in game.legal_actions()]
        memo[key] = max(values) if game.current_player == seat else min(values)
    return memo[key]


def after(games: list[Game], action: cardrules.Action, seat: int,
          memo: dict[object, float]) -> float:
    """:func:`expectimax` after ``action``: the groups of games its draws tell apart."""
    groups: dict[object, list[Game]] = {}
    for game in games:
        child = game.clone()
        child.play(action)
        groups.setdefault(tuple(frozenset(h) for h in child.hands), []).append(child)
    return sum(len(g) * expectimax(g, seat, memo) for g in groups.values()) / len(games)


@pytest.mark.parametrize(("seed", "left"), [(0, 10), (1, 9), (2, 10), (3, 9), (5, 8)])
def test_the_chance_solve_is_the_expectimax_over_the_draws(seed: int, left: int) -> None:
    # A naive search on the engine itself: the position under every order of the stock's
    # unseen cards, each as likely, played card by card, every seat seeing the hands but not
    # the stock to come. Each play of the seat to play: the same figure as solve_chance's.
    game = briscola_at(seed, left)
    seat = game.current_player
    assert seat is not None
    _, world = stock_unseen(game)
    games = draw_orders(game)
    assert len(games) == (6 if left > 8 else 1)
    memo: dict[object, float] = {}
    table: Table = {}
    for action in game.legal_actions():
        assert isinstance(action, cardrules.Card)
        got = solve_chance(world.copy(), seat, table, action.index)[0][2]
        assert got == pytest.approx(after(games, action, seat, memo), abs=1e-12)


def test_a_draw_to_come_changes_the_choice() -> None:
    # Ten cards left, trumps swords, the 5 of swords turned up, 33 points to 58: the seat holds
    # the 2 of clubs, the 10 of cups and the 5 of coins, the opponent (known here) the 5 of
    # clubs, the 3 of swords and the knight of cups; the stock's 3 of clubs, 4 of swords and
    # king of clubs are unseen. Solved in each of the six stock orders and averaged (sampling
    # the stock), the 2 of clubs looks best: each order's plan knows its draws. With the draws
    # searched as chance, no play knowing them, the 5 of coins is best.
    game = briscola_at(4, 10)
    seat = game.current_player
    assert seat is not None
    assert ([str(c) for c in game.hands[seat]], [str(c) for c in game.hands[1 - seat]],
            [str(c) for c in game.stock], str(game.turn_up), game.points) == (
        ["2B", "10C", "5O"], ["5B", "3E", "11C"], ["3B", "4E", "12B"], "5E", [33, 58])
    start, world = stock_unseen(game)
    cards = world.hands[seat]
    chance = {card: solve_chance(world.copy(), seat, None, card)[0][2] for card in cards}
    sampled = dict.fromkeys(cards, 0.0)
    for order in itertools.permutations(world.pool):
        for card in cards:
            dealt = World(start, [h.copy() for h in world.hands], [], random.random,
                          [*order, start.stock[-1]])
            dealt.play(card)
            sampled[card] += solve_duel(dealt, seat)[0][2] / 6
    names = {card.index: str(card) for card in game.hands[seat]}
    assert names[max(cards, key=sampled.__getitem__)] == "2B"
    assert names[max(cards, key=chance.__getitem__)] == "5O"
    # (Knowing the draws helps the opponent too: here every sampled figure is the lower.)
    assert all(sampled[card] < chance[card] for card in cards)


@pytest.mark.parametrize(("left", "unseen_cards", "held"), [(8, 4, 3), (9, 5, 2)])
def test_the_chance_candidate_enumerates_the_opponents_hands(
    left: int, unseen_cards: int, held: int
) -> None:
    # The hard level, with eight cards left (one unseen card in the stock, three in the
    # opponent's hand) or nine (the seat to answer a lead: three unseen in the stock, two in
    # the opponent's hand): every hand the opponent may hold once, each play's figure the
    # average of solve_chance's in each, alone (the bot shares one table among them all); the
    # same from any seed.
    game = briscola_at(1, left)
    seat = game.current_player
    assert seat is not None and len(game.trick) == left % 2
    unseen = game.view(seat).unseen()
    assert unseen is not None and len(unseen) == unseen_cards
    ratings = []
    for seed in (1, 2):
        bot = make_bot("pimc", seed=seed, level="hard")
        assert isinstance(bot, PimcBot) and bot.chance_endgame
        ratings.append([(e.action, e.worlds, round(e.value, 12))
                        for e in bot.evaluate(game.view(seat))])
    assert ratings[0] == ratings[1]
    for action, worlds, value in ratings[0]:
        assert isinstance(action, cardrules.Card) and worlds == comb(unseen_cards, held)
        total = 0.0
        for hand in itertools.combinations(unseen, held):
            world = game.clone()
            world.hands[1 - seat] = [*(c for c in world.hands[1 - seat] if c not in unseen),
                                     *hand]
            start = Start(world)
            stock = [UNSEEN] * len(game.stock) + [start.stock[-1]]  # the turned-up card last
            dealt = World(start, [list(h) for h in start.hands],
                          [c.index for c in unseen if c not in hand], random.random, stock)
            total += solve_chance(dealt, seat, None, action.index)[0][2]
        assert value == pytest.approx(total / worlds, abs=1e-12)


def test_the_hands_searched_as_chance_count_against_the_budget() -> None:
    # Ten cards left, the seat to lead: 20 hands the opponent may hold, each searched to the
    # end. The hard level's budget takes them all; a budget spent by the first hand's
    # positions stops after MIN_WORLDS hands, with the figures of the hands it searched.
    game = briscola_at(3, 10)
    seat = game.current_player
    assert seat is not None and not game.trick
    view = game.view(seat)
    unseen = view.unseen()
    assert unseen is not None and len(unseen) == 6  # three in the opponent's hand
    hard = make_bot("pimc", seed=1, level="hard")
    assert isinstance(hard, PimcBot)
    whole = hard.evaluate(view)
    assert {e.worlds for e in whole} == {comb(6, 3)}
    short = PimcBot(worlds=320, compact_worlds=640, seed=1, search_plays=10,
                    solve_endgame=True, chance_endgame=True, budget=1)
    cut = short.evaluate(game.view(seat))
    assert {e.worlds for e in cut} == {MIN_WORLDS}
    assert [e.action for e in cut] == [e.action for e in whole]
