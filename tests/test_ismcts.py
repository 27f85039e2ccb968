"""The project's ISMCTS (the yardstick of ``benchmarks/strength.py``) and its guided form: they
decide from the seat's view alone and repeat themselves for a seed."""

from __future__ import annotations

import random

import pytest

from cardrules import Game, new_game
from cardrules.bots import GreedyBot, IsmctsBot
from cardrules.bots.endgame import SEARCH_PLAYS, plays_left
from cardrules.core.actions import Action


def _after(seed: int, plays: int) -> Game:
    """Two-player Briscola after ``plays`` greedy plays."""
    game = new_game("briscola", players=2, seed=seed)
    greedy = GreedyBot()
    for _ in range(plays):
        seat = game.current_player
        assert seat is not None
        game.play(greedy.choose(game.view(seat)))
    return game


@pytest.mark.parametrize("guided", [False, True])
def test_ismcts_decides_from_the_seats_view_alone(guided: bool) -> None:
    for seed, plays in ((3, 0), (4, 9), (5, 25)):
        game = _after(seed, plays)
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        # Another deal that agrees with everything the seat has seen, its hidden cards dealt
        # otherwise: the search cannot tell the two apart, visit for visit.
        other = view.sample(random.Random(seed))
        assert other.view(seat) == view
        assert (other.hands[1 - seat], other.stock) != (game.hands[1 - seat], game.stock)
        bots = [IsmctsBot(iterations=40, seed=7, guided=guided) for _ in range(2)]
        choices = [bot.choose(g.view(seat)) for bot, g in zip(bots, (game, other), strict=True)]
        assert choices[0] == choices[1] and choices[0] in game.legal_actions()
        assert bots[0].last_visits == bots[1].last_visits
        assert sum(bots[0].last_visits.values()) == 40


def test_the_guided_form_solves_the_endgame_and_grows_no_tree_there() -> None:
    game = _after(6, 0)
    greedy = GreedyBot()
    while plays_left(game) > SEARCH_PLAYS:
        seat = game.current_player
        assert seat is not None
        game.play(greedy.choose(game.view(seat)))
    seat = game.current_player
    assert seat is not None
    bot = IsmctsBot(iterations=40, seed=1, guided=True)
    assert bot.choose(game.view(seat)) in game.legal_actions() and bot.last_visits == {}
    plain = IsmctsBot(iterations=40, seed=1)
    plain.choose(game.view(seat))
    assert sum(plain.last_visits.values()) == 40


@pytest.mark.parametrize("guided", [False, True])
def test_ismcts_repeats_its_plays_for_its_seeds(guided: bool) -> None:
    def plays(seeds: tuple[int, int]) -> list[Action]:
        game = new_game("briscola", players=2, seed=9)
        bots = [IsmctsBot(iterations=12, seed=s, guided=guided) for s in seeds]
        for _ in range(14):
            seat = game.current_player
            assert seat is not None
            game.play(bots[seat].choose(game.view(seat)))
        return [action for _, action in game.view(0).history]

    assert plays((1, 2)) == plays((1, 2))
    assert plays((1, 2)) != plays((3, 4))  # the seeds are what it repeats, not a fixed line
