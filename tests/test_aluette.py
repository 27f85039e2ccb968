"""Aluette: the ranking, spoiled tricks, scoring (the five worked examples), chant, surrender,
and the seating draw."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import Deal, Game, IllegalActionError, Trick, parse_card, parse_cards
from cardrules.core.cards import ALL_CARDS
from cardrules.games.aluette import STRENGTH, seating_draw, seating_from_cards

SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}  # clockwise; N-S are seats 0 and 2 (side 0)


def scored(winners: str, **options: object) -> cardrules.Result:
    """The result of a deal whose tricks were won as written (X = spoiled)."""
    game = cardrules.new_game("aluette", players=4, seed=0, options=options)
    game.tricks = [
        Trick(i, 0, (), None if w == "X" else SEAT[w], 0) for i, w in enumerate(winners)
    ]
    return game.rules.result(game)


@pytest.mark.parametrize(
    ("winners", "side", "points"),
    [
        ("SENWSEXNW", 0, 1),  # everyone has 2; S reached 2 first
        ("SENWENWNW", 0, 1),  # N and W have 3; N reached 3 first
        ("SXENXSWWW", 1, 2),  # W: nothing early, then the last three: mordienne
        ("XSENXWSSS", 0, 1),  # S won trick 2, so the final run is no mordienne
        ("EXWEWNNNX", 0, 1),  # the last trick is spoiled: no mordienne
    ],
)
def test_the_five_worked_examples(winners: str, side: int, points: int) -> None:
    result = scored(winners, mordienne=True)
    assert result.winner == side
    assert result.game_points[side] == points
    assert result.game_points[1 - side] == 0


def test_without_the_mordienne_option_a_late_run_scores_1() -> None:
    result = scored("SXENXSWWW")
    assert result.winner == 1 and result.game_points == (0, 1)


def test_points_per_seat_are_tricks_won() -> None:
    result = scored("SENWSEXNW")
    assert result.points == (2, 2, 2, 2)
    assert result.side_points == (4, 4)


def test_the_19_classes() -> None:
    order = ["3O", "3C", "2O", "2C", "9C", "9O", "2B", "2E", "1B", "12O", "11C", "10E", "9E",
             "8O", "7C", "6E", "5B", "4O", "3E"]
    strengths = [STRENGTH[parse_card(c).index] for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 19
    assert STRENGTH[parse_card("1O").index] == STRENGTH[parse_card("1C").index]
    assert STRENGTH[parse_card("9B").index] == STRENGTH[parse_card("9E").index]
    assert STRENGTH[parse_card("3B").index] == min(STRENGTH)


def aluette_game(hands: list[str], **options: object) -> Game:
    used = {c for h in hands for c in parse_cards(h)}
    stock = tuple(c for c in ALL_CARDS if c not in used)
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), stock)
    return cardrules.new_game("aluette", players=4, deal=deal, options=options)


HANDS = [
    "1O 3O 4B 5B 6B 7B 8B 10B 11B",
    "1C 2O 4C 5C 6C 7C 8C 10C 11C",
    "4O 2C 4E 5E 6E 7E 8E 10E 11E",
    "5O 9C 6O 7O 8O 10O 11O 12O 12C",
]


def test_a_tie_for_the_highest_card_spoils_the_trick_and_the_leader_leads_again() -> None:
    game = aluette_game(HANDS)
    for code in ("1O", "1C", "4O", "5O"):  # two aces on top
        game.play(code)
    trick = game.tricks[0]
    assert trick.winner is None
    assert game.leader == 0 and game.current_player == 0
    assert set(game.aside) == set(parse_cards("1O 1C 4O 5O"))
    assert cardrules.summary(game)["tricks"][0]["winner"] is None


def test_the_highest_card_wins_whatever_its_suit_and_lower_ties_do_not_spoil() -> None:
    game = aluette_game(HANDS)
    for code in ("4B", "4C", "4E", "9C"):  # three 4s tie below the grand-neuf
        game.play(code)
    assert game.tricks[0].winner == 3 and game.leader == 3


def test_next_winner_takes_the_spoiled_tricks() -> None:
    game = aluette_game(HANDS, spoiled="next-winner", mordienne=True)
    for code in ("1O", "1C", "4O", "5O", "3O", "2O", "2C", "9C"):
        game.play(code)
    assert game.tricks[1].winner == 0
    assert len(game.taken[0]) == 8 and not game.aside
    credits = game.rules.credits(game)  # type: ignore[attr-defined]
    assert credits[:2] == [(0, 1), (0, 1)]


def test_the_chant_gives_the_twelve_to_the_dealers_left_and_the_dealer() -> None:
    game = cardrules.new_game("aluette", players=4, seed=4, options={"chant": True})
    assert game.phase == cardrules.Phase("chant")
    stock = list(game.stock)  # top first
    for answering in range(4):
        assert game.current_player == answering
        game.play("chant")
    assert [len(h) for h in game.hands] == [15, 9, 9, 15]
    assert set(stock[0::2]) <= set(game.hands[0]) and set(stock[1::2]) <= set(game.hands[3])
    with pytest.raises(IllegalActionError):
        game.play(game.hands[1][0])  # no card may be played during the chant
    assert game.phase == cardrules.Phase("discard")
    while game.phase == cardrules.Phase("discard"):
        seat = game.current_player
        assert seat == 0 or seat == 3
        game.play(f"discard:{game.hands[seat][0].code}")
    assert [len(h) for h in game.hands] == [9, 9, 9, 9] and len(game.aside) == 12
    assert game.current_player == 0


def test_one_refusal_cancels_the_chant() -> None:
    game = cardrules.new_game("aluette", players=4, seed=4, options={"chant": True})
    game.play("chant")
    game.play("no-chant")
    assert game.phase is cardrules.Phase.PLAY and [len(h) for h in game.hands] == [9] * 4


def test_surrender_accepted_and_refused() -> None:
    game = cardrules.new_game("aluette", players=4, seed=6)
    game.play("surrender")  # seat 0 (N-S) offers; seat 1 answers
    assert game.current_player == 1
    with pytest.raises(IllegalActionError):
        game.play(game.hands[1][0])
    game.play("accept")
    assert game.result is not None
    assert game.result.winner == 1 and game.result.game_points == (0, 1)

    game = cardrules.new_game("aluette", players=4, seed=6)
    game.play("surrender")
    game.play("refuse")
    assert game.current_player == 0
    with pytest.raises(IllegalActionError):
        game.play("surrender")  # once per deal
    while not game.is_over:
        game.play(game.legal_actions()[0])
    result = game.result
    assert result is not None and 2 in result.game_points
    replayed = cardrules.replay(game.to_record())
    assert replayed.result == result


def test_the_seating_draw() -> None:
    seating = seating_from_cards(parse_cards("5O 3C 12B 2O 1E 3O 7C 2C"))
    # Persons in turn, skipping top-card holders: 0:5O 1:3C 2:12B 3:2O 0:1E 2:3O 0:7C 0:2C
    assert seating.roles == {"madame": 1, "borgne": 3, "monsieur": 2, "vache": 0}
    assert seating.seats == (3, 2, 0, 1)  # Madame deals (last seat); Monsieur sits opposite
    with pytest.raises(IllegalActionError):
        seating_from_cards(parse_cards("5O 3C 2O"))
    with pytest.raises(IllegalActionError):
        seating_from_cards(parse_cards("3O 3C 2O 2C 5B"))
    drawn = seating_draw(99)
    assert drawn == seating_draw(99)
    assert sorted(drawn.roles) == ["borgne", "madame", "monsieur", "vache"]
    assert sorted(drawn.seats) == [0, 1, 2, 3]


def test_random_aluette_deals_conserve_cards_and_replay() -> None:
    pick = random.Random(5)
    for options in ({}, {"chant": True, "spoiled": "next-winner", "mordienne": True},
                    {"signals": True}):
        for seed in range(40):
            game = cardrules.new_game("aluette", players=4, seed=seed, options=options)
            while not game.is_over:
                game.play(pick.choice(game.legal_actions()))
            held = sum(len(h) for h in game.hands) + len(game.stock) + len(game.trick)
            assert held + len(game.aside) + sum(len(t) for t in game.taken) == 48
            assert cardrules.replay(game.to_record()).result == game.result


def test_live_points_count_tricks_as_the_result_does() -> None:
    pick = random.Random(8)
    for options in ({}, {"spoiled": "next-winner"}):
        for seed in range(30):
            game = cardrules.new_game("aluette", players=4, seed=seed, options=options)
            while not game.is_over:
                game.play(pick.choice(game.legal_actions()))
                assert sum(game.points) <= len(game.tricks)
            assert game.result is not None and tuple(game.points) == game.result.points


def test_partners_signal_and_only_the_partner_sees() -> None:
    game = cardrules.new_game("aluette", players=4, seed=9, options={"signals": True})
    assert "signal:monsieur" in [cardrules.format_action(a) for a in game.legal_actions()]
    game.play("signal:aces")
    with pytest.raises(IllegalActionError):
        game.play("signal:nothing")  # one signal per trick
    assert game.view(2).messages == ((0, 0, "aces"),)  # the partner
    assert game.view(1).messages == () and game.view(3).messages == ()  # the opponents
    state_before = game.snapshot()
    game.play(game.hands[0][0])
    game.play("signal:madame")  # seat 1, to seat 3
    assert game.view(3).messages == ((0, 1, "madame"),)
    assert state_before.details.signals == ((0, 0, "aces"),)  # type: ignore[attr-defined]
    replayed = cardrules.replay(game.to_record())
    assert replayed.view(2).messages == game.view(2).messages


def test_signals_are_off_by_default_and_notation_is_checked() -> None:
    game = cardrules.new_game("aluette", players=4, seed=9)
    assert not any(str(a).startswith("signal") for a in game.legal_actions())
    with pytest.raises(IllegalActionError):
        game.play("signal:aces")
    with pytest.raises(IllegalActionError):
        game.parse("signal:queen")
