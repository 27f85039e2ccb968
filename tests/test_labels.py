"""Play labels named by the glossary of seed 002 (asistir, montar, fallar, pisar, contrafallar,
arrastrar), the rulings of cardrules/core/labels.py where the definitions overlap, and
mano/postre."""

from __future__ import annotations

import pytest
from game_helpers import play, start

import cardrules
from cardrules import PlayLabel, Suit, Trick, label_play, mano, parse_card, parse_cards, postre
from cardrules.core.ranking import CHILEAN, STANDARD, TUSCAN

A = PlayLabel.ARRASTRAR
AS = PlayLabel.ASISTIR
M = PlayLabel.MONTAR
F = PlayLabel.FALLAR
P = PlayLabel.PISAR
C = PlayLabel.CONTRAFALLAR


@pytest.mark.parametrize(
    ("before", "card", "label", "why"),
    [
        ("", "4O", A, "leading a trump is arrastrar"),
        ("", "1C", None, "leading a plain card has no label: the leader is the mano"),
        ("1C", "4C", AS, "following suit without heading the trick"),
        ("4C", "1C", M, "following suit and heading the trick"),
        ("2C", "7C", M, "a 7 heads a 2 (rank, not points)"),
        ("7C", "2C", AS, "a 2 does not head a 7"),
        ("4C", "2O", F, "a trump on a plain lead"),
        ("4C 2O", "5O", P, "a trump above the highest trump so far"),
        ("4C 5O", "2O", F, "ruling: a trump under a higher trump on a plain lead is fallar"),
        ("4C 5O 7O", "6O", F, "under the highest trump, though above another one"),
        ("4C 5O 7O", "1O", P, "above every trump so far"),
        ("4C 2O", "1C", AS, "ruling: the suit led after a trump cannot head the trick"),
        ("4C", "1E", C, "another plain suit: none of the other terms"),
        ("4C 2O", "1E", C, "another plain suit after a trump"),
        ("4O", "1O", M, "ruling: a higher trump on a trump lead is montar (following suit first)"),
        ("1O", "4O", AS, "a lower trump on a trump lead is asistir"),
        ("4O", "1C", C, "a plain card on a trump lead"),
        ("4C 1E", "5C", M, "an off-suit ace does not head the trick"),
        ("4C 1E", "2C", AS, "below the card that heads"),
        ("4C 5C", "4E", C, "a plain card of another suit"),
    ],
)
def test_label_play(before: str, card: str, label: PlayLabel | None, why: str) -> None:
    assert label_play(parse_cards(before), parse_card(card), Suit.OROS) is label, why


def test_without_a_trump_suit_nothing_is_a_trump() -> None:
    assert label_play([], parse_card("4O"), None) is None
    assert label_play(parse_cards("4C"), parse_card("4O"), None) is C
    assert label_play(parse_cards("4C"), parse_card("5C"), None) is M


def test_labels_follow_the_game_order() -> None:
    jack, knight = parse_card("10C"), parse_card("11C")
    assert label_play([knight], jack, Suit.OROS, STANDARD.strength) is AS
    assert label_play([knight], jack, Suit.OROS, TUSCAN.strength) is M
    two, three = parse_card("2C"), parse_card("3C")
    assert label_play([three], two, Suit.OROS, STANDARD.strength) is AS
    assert label_play([three], two, Suit.OROS, CHILEAN.strength) is M
    rules = cardrules.rules_for("briscola", 2, {"scoring": "tuscan"})
    assert label_play([knight], jack, Suit.OROS, rules.strength) is M


def test_terms() -> None:
    assert {label.term for label in PlayLabel} == {
        "arrastrar", "asistir", "montar", "fallar", "pisar", "contrafallar",
    }
    assert all(label.term == label.value for label in PlayLabel)


def test_trick_labels_mano_and_postre_in_play() -> None:
    hands = ["4C 5E 6E", "5C 7E 10E", "1C 2O 12E", "6C 3O 3E"]
    game = start("briscola", 4, hands, top="1B 2B 3B 4B", turn_up="7O",
                 options={"exchange": "none"})
    first = play(game, "4C 5C 1C 6C")[-1].trick
    assert first is not None
    assert cardrules.trick_labels(first, game.rules.strength) == (None, M, M, AS)
    assert mano(first) == 0 and postre(first) == 3
    # Seat 2 won: it leads the next trick and seat 1 plays last.
    second = play(game, "2O 3O 5E 7E")[-1].trick
    assert second is not None
    assert mano(second) == 2 and postre(second) == 1
    assert [s for s, _ in second.plays] == [2, 3, 0, 1]
    assert cardrules.trick_labels(second) == (A, M, C, C)
    assert second.winner == 3


def test_trick_labels_of_a_built_trick() -> None:
    plays = tuple(zip((1, 2, 3, 0), parse_cards("4C 2O 1C 5O")))
    trick = Trick(number=0, leader=1, plays=plays, winner=0, points=11, trump=Suit.OROS)
    assert cardrules.trick_labels(trick) == (None, F, AS, P)
    assert mano(trick) == 1
    assert postre(trick) == 0


def test_summary_labels_match_trick_labels() -> None:
    game = cardrules.new_game("brisca", players=4, seed=5)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    summary = cardrules.summary(game)
    assert len(summary["tricks"]) == len(game.tricks) == 10
    for entry, trick in zip(summary["tricks"], game.tricks):
        labels = cardrules.trick_labels(trick, game.rules.strength)
        assert entry["labels"] == [label.value if label else None for label in labels]
        assert entry["labels"][0] in (None, "arrastrar")
        assert all(x != "arrastrar" for x in entry["labels"][1:])
