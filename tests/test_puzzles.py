"""The endgame puzzles (cardrules.learn.puzzles): every stored position is a puzzle, re-solved.

Each stored position is solved again by the exact solver, and its exercise made in English and
in Spanish: exactly one first play reaches the goal, the goal is what the solver says the
player can make sure of, and the solution the exercise's record plays out reaches it; every
statement the exercise makes is checked against the solver afresh
(``test_practice_claims.check_puzzle_claims``). The solver's alpha-beta is checked against a
plain minimax, and against the zero-sum identity of the points.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_practice_claims import check

import cardrules
from cardrules.bots import Bot, GreedyBot, RandomBot
from cardrules.bots.endgame import exact
from cardrules.engine import Game
from cardrules.learn import puzzles
from cardrules.learn.practice import generate

MIN_PUZZLES = 200


def plain_minimax(game: Game, seat: int, score: Callable[[Game], float]) -> float:
    """Minimax without pruning, for checking :func:`exact`."""
    if game.is_over:
        return score(game)
    ours = game.current_player in next(s for s in game.sides if seat in s)
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.play(action)
        values.append(plain_minimax(child, seat, score))
    return max(values) if ours else min(values)


def endgame(game_id: str, seed: int, cards: int) -> Game:
    """A two-player deal played by seeded greedy and random bots until the stock is gone and a
    hand holds ``cards`` cards or fewer, or until the deal is over before that (a Tute deal ends
    at once when a player declares the four kings or horses)."""
    game = cardrules.new_game(game_id, players=2, seed=seed)
    bots: list[Bot] = [GreedyBot(), RandomBot(seed)]
    while not game.is_over and (game.stock_size
                                or max(len(hand) for hand in game.hands) > cards):
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    return game


def test_enough_puzzles_from_every_two_player_game() -> None:
    found = puzzles.positions()
    assert len(found) >= MIN_PUZZLES
    counts = puzzles.counts(found)
    assert set(counts) == set(puzzles.GAMES) and min(counts.values()) >= 40, counts
    # Each position once, every one a different deal.
    assert len({(p.record["game"], p.record["seed"]) for p in found}) == len(found)


@pytest.mark.parametrize("part", range(4))
def test_every_puzzle_is_solved_again_in_both_languages(part: int) -> None:
    """Every stored position, a quarter per test: its exercise in English and Spanish, every
    claim re-checked by the solver (the goal, the one answer, the failing plays, the solution
    reaching the goal)."""
    grades = set()
    for index in range(part, len(puzzles.positions()), 4):
        check("puzzle", index)
        drill = generate("puzzle", index, "en")
        grades.add(next(c.about for c in drill.claims if c.fact == "grade"))
    assert grades == {(1, 2), (2, 3)}  # one of two first plays fails, or two of three


def test_the_same_puzzle_in_both_languages_and_round_again() -> None:
    count = len(puzzles.positions())
    english, spanish = generate("puzzle", 7, "en"), generate("puzzle", 7, "es")
    assert english.record == spanish.record and english.answer == spanish.answer
    assert english.prompt != spanish.prompt and english.rule != spanish.rule
    again = generate("puzzle", 7 + count, "en")
    assert again.id == f"puzzle-{7 + count}" and again.record == english.record
    assert again.prompt == english.prompt and again.rule == english.rule


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(puzzles.GAMES), seed=st.integers(0, 2**31 - 1),
       cards=st.integers(1, 3))
@example(game_id="tute", seed=158061, cards=1)  # a deal over (the four kings) before the stock
def test_the_solver_is_an_exact_minimax(game_id: str, seed: int, cards: int) -> None:
    """Alpha-beta gives the plain minimax; and the points are zero-sum: what one player can make
    sure of and what the other can make sure of add up to every point of the deal."""
    game = endgame(game_id, seed, cards)
    if game.is_over:
        return
    ends = game.clone()
    rng = random.Random(seed)
    while not ends.is_over:
        ends.play(rng.choice(ends.legal_actions()))
    assert ends.result is not None
    total = sum(ends.result.side_points)
    sides = game.sides

    def points(seat: int) -> Callable[[Game], float]:
        side = next(i for i, s in enumerate(sides) if seat in s)
        return lambda end: float(end.result.side_points[side])  # type: ignore[union-attr]

    mine = exact(game.clone(), 0, points(0))
    assert mine == plain_minimax(game.clone(), 0, points(0))
    left = puzzles.left_to_win(game)
    assert total - sum(game.points) in left
    if len(left) == 1:  # (a marriage still to declare adds points to one side only)
        assert mine + exact(game.clone(), 1, points(1)) == total


def test_no_puzzle_before_the_stock_is_gone_or_with_big_hands() -> None:
    game = cardrules.new_game("briscola", players=2, seed=3)
    assert not puzzles.is_position(game) and puzzles.solve(game) is None
    tute = endgame("tute", 5, 8)
    assert tute.stock_size == 0 and not puzzles.is_position(tute)
    three = endgame("brisca", 5, 3)
    assert puzzles.is_position(three) is (len(three.legal_actions()) >= 2)


def test_a_stock_game_of_two_comes_in_by_itself() -> None:
    """The puzzles' games are read from the registry: every game with a two-player deal and a
    stock, and no other."""
    for game_id, rules_type in cardrules.games.GAMES.items():
        two = 2 in rules_type.player_counts
        stock = two and any(cardrules.rules_for(game_id, 2).draw_counts)
        assert (game_id in puzzles.GAMES) is stock
    assert "guinote" in puzzles.GAMES and "aluette" not in puzzles.GAMES


def test_guinote_endgame_solved_with_its_last_ten_its_cantes_and_its_duties() -> None:
    """Guiñote once the stock is gone: the last trick's ten and a cante still to declare are in
    what is left to win (no points goal then), and the solver, alpha-beta against the plain
    minimax, plays only what the arrastre's duties allow."""
    game = endgame("guinote", 25, 4)  # a hand still holds a king and a jack: a cante to come
    values = game.rules.card_points
    in_play = sum(values[c.index] for hand in game.hands for c in hand)
    left = puzzles.left_to_win(game)
    assert min(left) == in_play + 10 and len(left) > 1
    assert all((n - min(left)) in (0, 20, 40, 60) for n in left)
    solution = puzzles.solve(game)
    assert solution is None or solution.goal == "win"
    for seat in (0, 1):
        def points(end: Game, side: int = seat) -> float:
            assert end.result is not None
            return float(end.result.side_points[side])

        assert exact(game.clone(), seat, points) == plain_minimax(game.clone(), seat, points)
    # The follower's plays in the arrastre: what the duty allows, no more.
    led = game.clone()
    led.play(led.legal_actions()[0])
    follower = led.current_player
    assert follower is not None
    legal = led.legal_actions()
    hand = led.hands[follower]
    assert set(legal) <= set(hand)
    suit = led.trick_plays[0][1].suit
    if any(c.suit is suit for c in hand):
        assert all(isinstance(c, cardrules.Card) and c.suit is suit for c in legal)
