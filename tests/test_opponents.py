"""How the search bot reads its opponents (cardrules.bots.opponents): careful or careless?"""

from __future__ import annotations

import random
import statistics

import pytest
from examples_share import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Deal, Game, new_game, parse_cards
from cardrules.bots import Bot, GreedyBot, RandomBot
from cardrules.bots.compact import Start
from cardrules.bots.opponents import HandReading, carelessness
from cardrules.bots.pimc import _weighed_deal
from cardrules.core.cards import ALL_CARDS

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


# The inference of the hard level's candidate: worlds weighed by the opponent's plays.

CUPS_DEAL = Deal(
    (tuple(parse_cards("1O 4B 5B")), tuple(parse_cards("3O 6B 7E"))),
    tuple(parse_cards("7O 4C 4E 4O 5C 5E 5O 6O 6C 6E 7C 7B 10O 10C 10E 10B 11O 11C 11E 11B "
                      "12O 1C 12E 12B 1E 1B 2O 2C 2B 2E 3C 3E 3B 12C")))
"""Two-player Briscola, cups trumps (the 12 of cups turned up); seat 1 holds 3O 6B 7E."""


def cheap_cards(game: Game, hand: list[int]) -> int:
    """The cards of ``hand`` worth no points and not trumps: what a player throws away."""
    points = game.rules.card_points
    return sum(1 for c in hand if not points[c] and ALL_CARDS[c].suit is not game.trump)


def test_points_thrown_away_lean_the_worlds_to_hands_without_cheap_cards() -> None:
    game = new_game("briscola", players=2, deal=CUPS_DEAL)
    game.play("4B")  # a pointless lead
    game.play("3O")  # ten points thrown to it, which a hand of cheap cards would not do
    view = game.view(0)
    reading = HandReading(view)
    assert reading.seat == 1 and len(reading.plays) == 1
    weight = reading.weight
    index = [c.index for c in parse_cards("6B 7E 4O 1C 3E 1E")]
    assert weight(index[:3]) < weight(index[:2] + index[4:]) < weight(index[3:])
    rng = random.Random(1)
    start = Start.of_view(view, view.sample(rng), exchange=True)
    assert start is not None
    draws = 4000
    plain = sum(cheap_cards(game, start.deal_all(rng)[0][1]) for _ in range(draws)) / draws
    weighed = sum(cheap_cards(game, _weighed_deal(start, reading, rng)[0][1])
                  for _ in range(draws)) / draws
    assert weighed < plain - 0.02  # about 0.99 against 1.04 cheap cards in the other hand


def test_a_lead_and_a_known_hand_tell_nothing() -> None:
    game = new_game("briscola", players=2, deal=CUPS_DEAL)
    game.play("4B")
    assert not HandReading(game.view(1)).plays  # its own plays are not read
    game.play("6B")  # seat 1 takes the trick, draws the 7 of coins and leads next
    assert len(HandReading(game.view(0)).plays) == 1  # the reply
    game.play("7E")
    assert len(HandReading(game.view(0)).plays) == 1  # the reply, not the lead


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(2, 38), careless=st.booleans())
def test_the_weighed_worlds_keep_to_the_view(seed: int, steps: int, careless: bool) -> None:
    rng = random.Random(seed)
    game = new_game("briscola", players=2, seed=seed)
    bots: list[Bot] = [GreedyBot(), RandomBot(seed) if careless else GreedyBot()]
    for _ in range(steps):
        if game.is_over:
            return
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    reading = HandReading(view)
    start = Start.of_view(view, view.sample(rng), exchange=True)
    if start is None:
        return
    unseen = {c.index for c in view.unseen() or ()}
    other = 1 - seat
    # No peeking: a world dealt from the view, seen from the seat, reads the same.
    twin = HandReading(view.sample(rng).view(seat))
    for _ in range(20):
        hands, stock = _weighed_deal(start, reading, rng)
        assert sorted(hands[seat]) == sorted(c.index for c in view.hand)
        assert set(hands[other]) - unseen <= set(start.hands[other])
        assert set(hands[other]).isdisjoint(stock)
        assert sorted([*hands[other], *(c for c in stock if c in unseen)]) == sorted(
            [*unseen, *(c for c in start.hands[other] if c not in unseen)])
        assert 0 < reading.weight(hands[other]) == twin.weight(hands[other])
