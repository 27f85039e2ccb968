"""Alcalde and the Alcalde variation: worked examples of each rule (seeds 000 and 002)."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import Deal, Exchange, Game, IllegalActionError, parse_card, parse_cards
from cardrules.core.cards import ALL_CARDS, Card


def build_deal(hands: list[str], turn_up: str, top: str = "") -> Deal:
    """A 40-card deal: the given hands, ``top`` on top of the stock, ``turn_up`` last, the rest
    of the pack in between in pack order."""
    used = {c for h in hands for c in parse_cards(h)}
    used |= set(parse_cards(top)) | {parse_card(turn_up)}
    middle = [c for c in ALL_CARDS if c.number not in (8, 9) and c not in used]
    stock = (*parse_cards(top), *middle, parse_card(turn_up))
    return Deal(tuple(tuple(parse_cards(h)) for h in hands), stock)


def alcalde_game(hands: list[str], turn_up: str, top: str = "", **options: object) -> Game:
    return cardrules.new_game("alcalde", players=3, deal=build_deal(hands, turn_up, top),
                              options=options)


def test_the_alcalde_is_dealt_six_and_plays_two_cards_a_turn() -> None:
    game = cardrules.new_game("alcalde", players=3, seed=5)
    assert [len(h) for h in game.hands] == [3, 3, 6]
    assert game.stock_size == 28
    assert game.order == (0, 1, 2, 2)  # seat 0 (the Alcalde's right) leads; he plays twice
    game.play(game.hands[0][0])
    game.play(game.hands[1][0])
    assert game.current_player == 2
    game.play(game.hands[2][0])
    assert game.current_player == 2  # his second card of the same turn
    event = game.play(game.hands[2][0])
    assert event.trick is not None and len(event.trick.plays) == 4


def test_seeded_alcalde_deals_one_at_a_time_and_two_to_the_alcalde() -> None:
    rules = cardrules.rules_for("alcalde", 3)
    assert rules.deal_packets() == [(0, 1), (1, 1), (2, 2)] * 3


def test_the_alcalde_draws_two_and_the_winner_draws_first() -> None:
    # Trumps are coins (turn-up 4O). Seat 1 wins with the 1 of cups.
    game = alcalde_game(["5C 6E 7B", "1C 2E 3B", "4C 5E 6B 7E 2B 4B"], "4O", top="10O 11O 12O 10C")
    for code in ("5C", "1C", "4C", "5E"):
        game.play(code)
    trick = game.tricks[0]
    assert trick.winner == 1 and trick.points == 11
    # Winner first (seat 1 takes the top card), then seat 2 (two cards), then seat 0.
    assert parse_card("10O") in game.hands[1]
    assert {parse_card("11O"), parse_card("12O")} <= set(game.hands[2])
    assert parse_card("10C") in game.hands[0]
    assert [len(h) for h in game.hands] == [3, 3, 6]
    assert game.order == (1, 2, 2, 0)  # the winner leads; the Alcalde still plays twice


def test_when_the_alcalde_leads_his_first_card_sets_the_suit() -> None:
    game = alcalde_game(["6C 6E 7B", "2E 4E 3B", "1C 5E 4C 1E 2B 4B"], "4O", top="5B 6B 7C 7E")
    for code in ("6C", "2E", "1C", "2B"):  # the Alcalde wins the first trick with the ace
        game.play(code)
    assert game.tricks[0].winner == 2 and game.order == (2, 2, 0, 1)
    for code in ("4C", "1E", "7C", "7E"):  # he leads 4C then 1E: cups were led, so 7C wins
        game.play(code)
    assert game.tricks[1].winner == 0


@pytest.mark.parametrize(
    ("points", "winner"),
    [((30, 30, 60), 1), ((31, 30, 59), 0), ((10, 20, 90), 1), ((0, 61, 59), 0)],
)
def test_most_points_wins_and_60_60_goes_to_the_alcalde(
    points: tuple[int, int, int], winner: int
) -> None:
    game = cardrules.new_game("alcalde", players=3, seed=1)
    game.points = list(points)
    result = game.rules.result(game)
    assert result.sides == ((0, 1), (2,))
    assert result.side_points == (points[0] + points[1], points[2])
    assert result.winner == winner


def test_the_variation_keeps_the_alcaldes_last_card_and_needs_31() -> None:
    game = cardrules.new_game("alcalde-variation", players=3, seed=8)
    assert [len(h) for h in game.hands] == [3, 3, 4]
    assert game.order == (0, 1, 2)
    pick = random.Random(8)
    while not game.is_over:
        actions = [a for a in game.legal_actions() if isinstance(a, Card)]
        game.play(pick.choice(actions))
    assert len(game.tricks) == 13
    kept = game.details.kept  # type: ignore[attr-defined]
    assert len(kept) == 1 and kept[0] in game.taken[2]
    result = game.result
    assert result is not None and sum(result.points) == 120
    assert result.winner == (1 if result.points[2] >= 31 else 0)


def test_partners_may_see_each_other_but_not_in_the_variation() -> None:
    game = cardrules.new_game("alcalde", players=3, seed=2)
    in_order = {s: tuple(sorted(h, key=lambda c: c.index)) for s, h in enumerate(game.hands)}
    assert game.view(0).visible_hands == {1: in_order[1]}  # in card order
    assert game.view(1).visible_hands == {0: in_order[0]}
    assert game.view(2).visible_hands == {}
    hidden = cardrules.new_game("alcalde", players=3, seed=2, options={"partners_see": False})
    assert hidden.view(0).visible_hands == {}
    variation = cardrules.new_game("alcalde-variation", players=3, seed=2)
    assert variation.view(0).visible_hands == {}


def test_the_exchange_is_like_in_briscas() -> None:
    # Turn-up 12O (high): the 7 of coins takes it once the first card is led (until then it is
    # the 2's turn, wherever the 2 is), at any time after.
    game = alcalde_game(["7O 6E 7B", "1C 2E 3B", "4C 5E 6B 7E 2B 4B"], "12O")
    assert Exchange(parse_card("7O")) not in game.legal_actions(0)
    game.play("6E")
    assert Exchange(parse_card("7O")) in game.legal_actions(0)
    game.play("exchange:7O")
    assert game.turn_up == parse_card("7O") and parse_card("12O") in game.hands[0]
    # With exchange=none it is refused and nothing changes.
    game = alcalde_game(["7O 6E 7B", "1C 2E 3B", "4C 5E 6B 7E 2B 4B"], "12O", exchange="none")
    before = game.to_record()
    with pytest.raises(IllegalActionError):
        game.play("exchange:7O")
    assert game.to_record() == before


def test_random_alcalde_deals_conserve_cards_and_replay() -> None:
    pick = random.Random(3)
    for game_id in ("alcalde", "alcalde-variation"):
        for seed in range(60):
            game = cardrules.new_game(game_id, players=3, seed=seed)
            while not game.is_over:
                game.play(pick.choice(game.legal_actions()))
            assert game.result is not None and sum(game.result.points) == 120
            assert sum(len(t) for t in game.taken) == 40
            again = cardrules.replay(game.to_record())
            assert again.result == game.result and again.log == game.log
