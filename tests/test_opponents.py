"""How the search bot reads its opponents (cardrules.bots.opponents): careful or careless?"""

from __future__ import annotations

import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import Game, new_game
from cardrules.bots import Bot, GreedyBot, RandomBot
from cardrules.bots.opponents import carelessness, read_opponents

GAME_COUNTS = [(g, n) for g, rules in cardrules.GAMES.items() for n in rules.player_counts]


def readings(opponent: str, seeds: range, at_play: int) -> list[float]:
    """Seat 0 (greedy) reads seat 1 after ``at_play`` of seat 1's cards, in 2-player Briscola."""
    found = []
    for seed in seeds:
        game = new_game("briscola", players=2, seed=seed)
        bots: list[Bot] = [GreedyBot(), GreedyBot() if opponent == "greedy" else RandomBot(seed)]
        plays = 0
        while not game.is_over and plays < at_play:
            seat = game.current_player
            assert seat is not None
            action = bots[seat].choose(game.view(seat))
            game.play(action)
            plays += seat == 1 and isinstance(action, cardrules.Card)
        found.append(carelessness(game.view(0)))
    return found


def test_a_careful_opponent_reads_as_careful() -> None:
    assert statistics.median(readings("greedy", range(30), 12)) < 0.2


def test_a_careless_opponent_reads_as_careless() -> None:
    assert statistics.median(readings("random", range(30), 12)) > 0.8


def test_the_reading_sharpens_as_the_cards_come() -> None:
    early = statistics.mean(readings("random", range(30), 2))
    late = statistics.mean(readings("random", range(30), 15))
    assert 0.5 < early < late


def test_one_play_moves_the_reading_its_way() -> None:
    # Trumps are cups; seat 0 leads the six of clubs and seat 1 holds 10B, 4E and 2B.
    def after(answer: str) -> float:
        game = new_game("briscola", players=2, seed=7)
        game.play("6B")
        game.play(answer)
        return carelessness(game.view(0))

    assert after("10B") < 0.5  # the cheapest card that wins: what the greedy rule plays
    assert after("4E") > 0.5  # lets the trick go though some hands could take it
    assert after("4E") > after("2B") > after("10B")


def test_a_hidden_partner_is_not_read() -> None:
    game = new_game("chiamata", players=5, seed=3)
    bots = [GreedyBot() for _ in range(5)]
    while not game.is_over and not game.tricks:
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    blind = [view for view in map(game.view, range(5)) if not view.sides]
    assert blind and game.tricks  # seats that saw a whole trick without knowing the sides
    for view in blind:
        assert carelessness(view) == 0.5


def play_to(game: Game, steps: int, rng: random.Random) -> Game:
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        game.play(rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80))
def test_the_reading_is_a_probability_in_every_game(game_id: str, players: int, seed: int,
                                                    steps: int) -> None:
    game = play_to(new_game(game_id, players=players, seed=seed), steps, random.Random(seed))
    for seat in range(players):
        assert 0.0 <= carelessness(game.view(seat)) <= 1.0


def test_the_three_way_reading_tells_random_play_from_either_rule() -> None:
    def read(opponent: str, seed: int) -> tuple[float, float, float]:
        game = new_game("briscola", players=2, seed=seed)
        bots: list[Bot] = [GreedyBot(), GreedyBot() if opponent == "greedy" else RandomBot(seed)]
        while len(game.tricks) < 12:
            seat = game.current_player
            assert seat is not None
            game.play(bots[seat].choose(game.view(seat)))
        reading = read_opponents(game.view(0))
        assert abs(reading.greedy + reading.careful + reading.random - 1) < 1e-9
        return reading.greedy, reading.careful, reading.random

    careful = [read("greedy", seed) for seed in range(10)]
    careless = [read("random", seed) for seed in range(10)]
    assert statistics.median(r[2] for r in careful) < 0.2
    assert statistics.median(r[2] for r in careless) > 0.8
    # The greedy rule and the careful one often agree; together they explain a greedy player.
    assert statistics.median(r[0] + r[1] for r in careful) > 0.8
