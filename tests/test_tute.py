"""Tute: worked examples for every rule of the game, and invariants over random deals.

Written from the rulebook's Tute page: seats in order of play from the dealer's right (seat 0
leads first, the dealer is the last seat), four players in partnerships (seats 0 and 2 against 1
and 3). Notation: card codes, ``declare:S`` (a marriage), ``declare:tute`` (the four kings,
else the four knights), ``exchange:CODE``. The duties are checked against a reference written
here from the rules, not from the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from examples_share import examples
from game_helpers import play, refused
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import ALL_CARDS, Card, Deal, Game, IllegalActionError, parse_card, parse_cards
from cardrules.account.narration import Narrator, end_reason
from cardrules.core.actions import format_action
from cardrules.games.tute_game import DeclareTute, TuteDetails
from cardrules.match import Match

POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
ORDER = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)


def points_of(cards: Any) -> int:
    return sum(POINTS.get(c.number, 0) for c in cards)


def cards_allowed(game: Game) -> set[str]:
    return {a.code for a in game.legal_actions() if isinstance(a, Card)}


def four(hands: list[str], options: dict[str, Any] | None = None) -> Game:
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), (), ())
    return cardrules.new_game("tute", players=4, deal=deal, options=options)


# Seat 3 (Diego) deals; his last card, 5B, fixes trumps: clubs.
HANDS = [
    "1O 3O 4O 1C 3C 12E 11E 2E 7B 12B",      # Ana
    "12O 5O 6O 12C 11C 10C 7C 6C 1B 3B",     # Bruno: king and knight of cups
    "11O 10O 7O 2O 4C 5C 1E 3E 10E 7E",      # Carmen, Ana's partner
    "2C 6E 5E 4E 11B 10B 6B 4B 2B 5B",       # Diego, Bruno's partner, the dealer
]

# Ana holds the four kings; Diego's last card, 2B, fixes trumps.
TUTE_HANDS = [
    "12O 12C 12E 12B 1O 3O 1C 3C 1E 3E",
    "11O 10O 7O 6O 11C 10C 7C 6C 11E 10E",
    "5O 4O 2O 5C 4C 2C 7E 6E 5E 4E",
    "2E 1B 3B 11B 10B 7B 6B 5B 4B 2B",
]


# The deal ---------------------------------------------------------------------------------------

def test_four_players_get_ten_cards_each_and_the_dealers_last_card_fixes_trumps() -> None:
    game = four(HANDS)
    assert game.trump is cardrules.Suit.BASTOS
    assert game.details.trump_card == parse_card("5B")  # type: ignore[attr-defined]
    assert parse_card("5B") in game.hands[3]  # the dealer keeps it
    assert game.sides == ((0, 2), (1, 3))
    assert game.current_player == 0 and game.stock_size == 0


@pytest.mark.parametrize("players", [3, 4])
def test_a_seats_imagined_deals_keep_the_dealers_shown_card(players: int) -> None:
    """Everyone saw the dealer's last card: every world a seat imagines (for its bot) gives
    the dealer that card, in that place, and so the same trumps."""
    game = cardrules.new_game("tute", players=players, seed=9)
    shown = game.details.trump_card  # type: ignore[attr-defined]
    rng = random.Random(1)
    for _ in range(3):
        game.play(game.legal_actions()[0])
    for seat in range(players - 1):  # not the dealer, who holds it
        for _ in range(20):
            world = game.view(seat).sample(rng)
            assert world.trump is game.trump and world.dealt is not None
            assert world.dealt.hands[-1][-1] == shown


def test_seeded_deals_of_each_size() -> None:
    two = cardrules.new_game("tute", players=2, seed=4)
    assert [len(h) for h in two.hands] == [8, 8] and two.stock_size == 24
    assert two.turn_up is not None and two.trump is two.turn_up.suit
    three = cardrules.new_game("tute", players=3, seed=4)
    assert [len(h) for h in three.hands] == [12, 12, 12]
    assert not any(c.number == 2 for h in three.hands for c in h)
    assert three.trump is three.hands[2][-1].suit
    forty = cardrules.new_game("tute", players=3, seed=4, options={"three_player_pack": "all-40"})
    assert [len(h) for h in forty.hands] == [13, 13, 13] and forty.stock_size == 1
    assert forty.turn_up is not None and forty.trump is forty.turn_up.suit


def test_a_three_player_turn_up_stays_out_of_play() -> None:
    game = cardrules.new_game("tute", players=3, seed=9, options={"three_player_pack": "all-40"})
    turn_up = game.turn_up
    assert turn_up is not None
    rng = random.Random(1)
    while not game.is_over:
        cards = [a for a in game.legal_actions() if isinstance(a, Card)]
        game.play(rng.choice(cards))
    assert len(game.tricks) == 13 and game.turn_up == turn_up
    assert all(turn_up not in taken for taken in game.taken)
    assert sum(game.points) == 130 - POINTS.get(turn_up.number, 0)


# The duties ---------------------------------------------------------------------------------

def test_follow_suit_and_head_the_trick() -> None:
    game = four(HANDS)
    play(game, "4O")
    assert cards_allowed(game) == {"12O", "5O", "6O"}  # all three beat the four
    play(game, "5O")
    assert cards_allowed(game) == {"11O", "10O", "7O"}  # not the 2, which does not head
    assert "must head the trick" in refused(game, "2O")
    assert "must follow suit" in refused(game, "4C")
    play(game, "7O")
    assert cards_allowed(game) == {"11B", "10B", "6B", "4B", "2B", "5B"}  # no coins: trump
    assert "must trump" in refused(game, "6E")


def test_a_trumped_trick_leaves_any_card_of_the_suit_and_no_overtrump_is_forced_low() -> None:
    game = four(HANDS)
    play(game, "4O 12O 2O 2B")  # Diego trumps with his 2 and takes it
    assert game.tricks[-1].winner == 3
    play(game, "6E")  # Diego leads a sword
    assert cards_allowed(game) == {"12E", "11E"}  # Ana must head the six
    play(game, "11E")
    assert cards_allowed(game) == {"1B", "3B"}  # Bruno: no swords, must trump
    play(game, "3B")
    assert cards_allowed(game) == {"1E", "3E", "10E", "7E"}  # trumped: any sword will do
    play(game, "7E")
    assert game.tricks[-1].winner == 1


def test_the_duties_hold_when_your_partner_heads_the_trick_unless_the_option_says() -> None:
    strict = four(HANDS)
    play(strict, "4O 12O 2O")  # Bruno heads; Diego, his partner, has no coins
    assert cards_allowed(strict) == {"11B", "10B", "6B", "4B", "2B", "5B"}
    exempt = four(HANDS, {"partner_exempt": True})
    play(exempt, "4O 12O 2O")
    assert cards_allowed(exempt) == {c.code for c in exempt.hands[3]}
    play(exempt, "2C")  # Diego throws a cup; Bruno's king takes the trick
    assert exempt.tricks[-1].winner == 1
    play(exempt, "10C 4C")  # Bruno leads and heads; Carmen cannot beat him
    assert cards_allowed(exempt) == {c.code for c in exempt.hands[3]}  # Diego, his partner
    play(exempt, "6E")
    assert cards_allowed(exempt) == {"1C", "3C"}  # an opponent heads: Ana must beat him


# Diego (the dealer) has no coins and only low trumps (his last card, 2B: clubs are trumps).
LOW_TRUMPS = [
    "1O 3O 12O 11O 10O 7O 6O 1C 3C 12C",     # Ana
    "1B 3B 12B 11B 10B 11C 10C 7C 6C 5C",    # Bruno: no coins
    "5O 4O 2O 4C 2C 1E 3E 12E 11E 10E",      # Carmen
    "7E 6E 5E 4E 2E 7B 6B 5B 4B 2B",         # Diego: no coins, trumps below the ace
]


def test_with_trumps_too_low_to_win_any_card_unless_the_option_says_trump_all_the_same() -> None:
    game = four(LOW_TRUMPS)
    play(game, "1O 1B 2O")  # Bruno trumps with the ace: Diego cannot overtrump
    assert cards_allowed(game) == {c.code for c in game.hands[3]}
    always = four(LOW_TRUMPS, {"trump_duty": "always"})
    play(always, "1O 1B 2O")
    assert cards_allowed(always) == {"7B", "6B", "5B", "4B", "2B"}
    assert refused(always, "7E") == "Diego has no coins and must trump: not 7E"
    play(always, "2B")
    assert always.tricks[-1].winner == 1


def test_trumping_all_the_same_forces_nothing_on_a_player_without_trumps() -> None:
    game = four(LOW_TRUMPS, {"trump_duty": "always"})
    play(game, "1O")
    assert cards_allowed(game) == {"1B", "3B", "12B", "11B", "10B"}  # Bruno: trump, any wins
    play(game, "1B 2O 2B 3B")  # Bruno takes it and leads a trump
    assert cards_allowed(game) == {c.code for c in game.hands[2]}  # Carmen has none: anything


def two_player_game(options: dict[str, Any] | None = None) -> Game:
    hands = (parse_cards("1O 3C 4E 5E 6E 7E 12B 11B"), parse_cards("2O 4O 12C 11C 2E 3E 7B 2B"))
    turn_up = parse_card("1B")
    used = {*hands[0], *hands[1], turn_up}
    stock = (*(c for c in ALL_CARDS if c not in used and c.number not in (8, 9)), turn_up)
    deal = Deal((tuple(hands[0]), tuple(hands[1])), stock, ())
    return cardrules.new_game("tute", players=2, deal=deal, options=options)


@pytest.mark.parametrize(("duty", "after_4e", "after_12b"), [
    ("follow", {"2E", "3E"}, {"7B", "2B"}),
    ("full", {"3E"}, {"7B", "2B"}),
    ("trumps", None, {"7B", "2B"}),
    ("free", None, None),
])
def test_two_players_while_the_stock_lasts(duty: str, after_4e: set[str] | None,
                                           after_12b: set[str] | None) -> None:
    everything = {"2O", "4O", "12C", "11C", "2E", "3E", "7B", "2B"}
    game = two_player_game({"stock_duty": duty})
    play(game, "4E")
    assert cards_allowed(game) == (after_4e or everything)
    game = two_player_game({"stock_duty": duty})
    play(game, "12B")
    assert cards_allowed(game) == (after_12b or everything)


def test_two_players_every_duty_holds_once_the_stock_is_gone() -> None:
    for seed in range(1, 6):
        game = cardrules.new_game("tute", players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.trick and game.stock_size == 0:
                hand = game.hands[game.current_player or 0]
                expected = reference_allowed(list(game.trick), hand, game.trump)
                assert cards_allowed(game) == {c.code for c in expected}
            game.play(rng.choice(game.legal_actions()))


# Marriages and the tute -----------------------------------------------------------------------

def test_a_marriage_is_declared_by_the_winner_of_the_last_trick_before_he_leads() -> None:
    game = four(HANDS)
    assert "winner of the last trick" in refused(game, "declare:C")
    play(game, "4O 12O 2O 2B")  # Diego takes it
    assert "needs the king and the knight" in refused(game, "declare:C")  # Diego's turn
    play(game, "6E 11E 3B 7E")  # Bruno takes it with a trump
    before = game.points[1]
    play(game, "declare:C")
    assert game.points[1] == before + 20  # cups are not trumps: las veinte
    assert "one declaration per trick won" in refused(game, "declare:O")


def test_the_marriage_in_trumps_is_worth_forty() -> None:
    game = two_player_game()
    play(game, "4E 3E")  # Bruno takes it: he draws first
    play(game, "2O 1O")  # Ana takes it with the ace
    assert game.tricks[-1].winner == 0
    play(game, "declare:B")  # king and knight of clubs, trumps
    assert game.points[0] == 11 + 40


def test_a_tute_wins_the_deal_outright() -> None:
    game = four(TUTE_HANDS)
    assert "winner of the last trick" in refused(game, "declare:tute")
    play(game, "1E 10E 4E 2E")
    assert game.tricks[-1].winner == 0
    assert cardrules.parse_card("12B") in game.hands[0]
    play(game, "declare:tute")
    details = game.details
    assert isinstance(details, TuteDetails) and details.tute == (0, 12)  # the four kings
    result = game.result
    assert game.is_over and result is not None
    assert result.reason == "tute" and result.winner == 0
    assert result.game_points == (2, 0)
    assert result.to_json()["tute"] == 0
    assert sum(result.points) == 11 + 2  # the cards taken, and no diez de últimas


# Ana holds the four knights (and not the four kings), then both.
KNIGHT_HANDS = [
    "11O 11C 11E 11B 1O 3O 1C 3C 1E 3E",
    "12O 10O 7O 6O 12C 10C 7C 6C 12E 10E",
    TUTE_HANDS[2],
    "2E 1B 3B 12B 10B 7B 6B 5B 4B 2B",
]
BOTH_HANDS = [
    "12O 12C 12E 12B 11O 11C 11E 11B 1E 3E",
    "1O 3O 10O 7O 6O 1C 3C 10C 7C 10E",
    "5O 4O 2O 6C 5C 4C 7E 6E 5E 4E",
    "2C 2E 1B 3B 10B 7B 6B 5B 4B 2B",
]


@pytest.mark.parametrize(("hands", "number"), [(KNIGHT_HANDS, 11), (BOTH_HANDS, 12)])
def test_the_hand_says_which_four_the_tute_is(hands: list[str], number: int) -> None:
    """``declare:tute`` names no four: the kings when the declarer holds them, else the
    knights."""
    game = four(hands)
    play(game, "1E 10E 4E 2E")
    assert game.tricks[-1].winner == 0
    play(game, "declare:tute")
    details = game.details
    assert isinstance(details, TuteDetails) and details.tute == (0, number)
    assert game.result is not None and game.result.winner == 0


def test_a_tute_needs_four_kings_or_four_knights() -> None:
    game = four(HANDS)
    play(game, "4O 12O 2O 2B")  # Diego takes it, with no four of a kind
    assert game.tricks[-1].winner == 3
    assert "needs the four kings or the four knights" in refused(game, "declare:tute")


def test_one_declaration_per_trick_won_the_tute_included() -> None:
    # The record of issue 32: a marriage, then a tute, on the same trick won.
    record: dict[str, Any] = {
        "game": "tute", "players": 4, "options": {},
        "deal": {"hands": [h.split() for h in [
            "12O 12C 12E 12B 1O 3O 1C 3C 1E 11E", "11O 10O 7O 6O 11C 10C 7C 6C 3E 10E",
            "5O 4O 2O 5C 4C 2C 7E 6E 5E 4E", "2E 1B 3B 11B 10B 7B 6B 5B 4B 2B"]], "stock": []},
        "actions": ["1E", "10E", "4E", "2E", "declare:E"],
    }
    game = cardrules.replay(record)
    assert refused(game, "declare:tute") == "one declaration per trick won"
    assert DeclareTute() not in game.legal_actions()
    with pytest.raises(cardrules.RecordError, match="one declaration per trick won"):
        cardrules.replay({**record, "actions": [*record["actions"], "declare:tute"]})
    tute_first = cardrules.replay({**record, "actions": record["actions"][:4]})
    play(tute_first, "declare:tute")  # the tute alone on that trick: the deal is won
    assert tute_first.result is not None and tute_first.result.reason == "tute"


def test_the_tute_can_be_left_out() -> None:
    game = four(TUTE_HANDS, {"tute": False})
    play(game, "1E 10E 4E 2E")
    assert "not played" in refused(game, "declare:tute")


def test_the_notation_of_a_tute_reads_and_writes_back() -> None:
    rules = cardrules.rules_for("tute", 4)
    for text in ("declare:tute", " Declare:TUTE "):
        move = rules.parse(text)
        assert isinstance(move, DeclareTute) and move.notation() == "declare:tute"
    assert format_action(rules.parse("declare:O")) == "declare:O"  # a marriage still
    for text in ("tute:kings", "declare:kings", "declare:queens"):
        with pytest.raises(IllegalActionError):
            rules.parse(text)


# The exchange (two players) ---------------------------------------------------------------------

def test_two_players_may_get_six_cards_each() -> None:
    game = cardrules.new_game("tute", players=2, seed=6, options={"two_player_cards": 6})
    assert [len(hand) for hand in game.hands] == [6, 6]
    assert game.stock_size == 40 - 12 and game.turn_up is not None
    rng = random.Random(6)
    while not game.is_over:
        assert len(game.hands[0]) + len(game.hands[1]) <= 12
        game.play(rng.choice(game.legal_actions()))
    assert len(game.tricks) == 20
    with pytest.raises(cardrules.OptionError, match=r"cannot be 7; choose 8\|6"):
        cardrules.new_game("tute", players=2, options={"two_player_cards": 7})


def random_two_player_deals(options: dict[str, Any]) -> Any:
    """Two-player deals played at random, a deal a seed: each position, as it comes."""
    for seed in range(1, 13):
        game = cardrules.new_game("tute", players=2, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over:
            yield game
            game.play(rng.choice(game.legal_actions()))


def test_no_cantes_once_the_stock_is_gone_when_the_option_says() -> None:
    late = 0
    for game in random_two_player_deals({"cantes_after_stock": False}):
        if game.stock_size or not game.tricks or game.trick:
            continue
        declarations = [a for a in game.legal_actions() if not isinstance(a, Card)]
        assert declarations == []
        record = game.to_record()
        allowed = cardrules.replay({**record, "options": {}})
        seat = game.current_player
        assert seat is not None
        pairs = [suit for suit in "OCEB" if {f"12{suit}", f"11{suit}"} <= {
            c.code for c in game.hands[seat]}]
        for suit in pairs:
            if allowed.refusal(f"declare:{suit}") is None:
                late += 1
                assert refused(game, f"declare:{suit}") == (
                    "nothing is declared once the stock is gone")
    assert late  # by default those marriages could have been declared


def test_a_capote_after_the_stock_wins_the_deal_as_a_tute_does() -> None:
    options = {"two_player_cards": 6}
    game = cardrules.new_game("tute", players=2, seed=25, options=options)
    rng = random.Random(25)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    record = game.to_record()
    assert game.result is not None
    assert game.result.side_points == (62, 68) and game.result.winner == 1  # on points
    assert {trick.winner for trick in game.tricks[-6:]} == {0}  # Ana took every late trick
    capote = cardrules.replay({**record, "options": {**options, "capote": "after-stock"}})
    assert capote.result is not None
    assert (capote.result.reason, capote.result.winner) == ("capote", 0)
    assert capote.result.game_points == (2, 0)
    assert end_reason(capote.result, "en", capote.rules) == (
        "Capote: one side took every trick and wins the deal outright.")
    every = cardrules.replay({**record, "options": {**options, "capote": "all-tricks"}})
    assert every.result is not None and every.result.reason == "points"  # Bruno took some


def test_every_trick_is_a_capote_with_four_players() -> None:
    # Diego's last card, 2O, makes coins trumps; Ana holds the other nine and the ace of cups.
    hands = ["1O 3O 12O 11O 10O 7O 6O 5O 4O 1C",
             "1B 3B 12B 11B 10B 7B 6B 5B 4B 2B",
             "3C 12C 11C 10C 7C 6C 5C 4C 2C 1E",
             "3E 12E 11E 10E 7E 6E 5E 4E 2E 2O"]
    game = four(hands, {"capote": "all-tricks", "scoring": "points"})
    while not game.is_over:
        game.play(game.legal_actions()[0])
    assert {trick.winner for trick in game.tricks} == {0}
    assert game.result is not None and game.result.reason == "capote"
    assert game.result.game_points == (130, 0)
    plain = four(hands, {"scoring": "points"})
    while not plain.is_over:
        plain.play(plain.legal_actions()[0])
    assert plain.result is not None and plain.result.reason == "points"


def test_two_games_need_121_when_cantes_were_declared_if_the_option_says() -> None:
    results = []
    for options in ({}, {"two_games": "121-with-cantes"}):
        game = cardrules.new_game("tute", players=4, seed=24, options=options)
        rng = random.Random(24)
        while not game.is_over:
            actions = game.legal_actions()
            declarations = [a for a in actions if not isinstance(a, Card)]
            game.play(declarations[0] if declarations else rng.choice(actions))
        assert game.result is not None and game.details.marriages  # type: ignore[attr-defined]
        results.append(game.result)
    assert results[0].side_points == results[1].side_points == (34, 116)
    assert results[0].game_points == (0, 2)  # over 100
    assert results[1].game_points == (0, 1)  # 116 is not 121


def test_the_seven_of_trumps_takes_a_turned_up_ace_after_winning_a_trick_when_leading() -> None:
    game = two_player_game()
    play(game, "4E")
    assert "win a trick" in refused(game, "exchange:7B")
    play(game, "3E")  # Bruno takes the trick and leads next
    assert game.turn_up == parse_card("1B")
    play(game, "exchange:7B")
    assert parse_card("1B") in game.hands[1] and game.turn_up == parse_card("7B")
    assert "nobody holds" in refused(game, "exchange:7B")  # it is the turned-up card now


def test_the_exchange_waits_for_the_lead() -> None:
    game = two_player_game()
    play(game, "4E 3E 2O 1O")  # Bruno won trick 1 but Ana won trick 2
    assert "before he leads" in refused(game, "exchange:7B")
    none = two_player_game({"exchange": "none"})
    play(none, "4E 3E")
    assert "not played" in refused(none, "exchange:7B")


# The count ------------------------------------------------------------------------------------

def test_the_last_trick_is_worth_ten_more() -> None:
    game = four(HANDS)
    rng = random.Random(3)
    while not game.is_over:
        cards = [a for a in game.legal_actions() if isinstance(a, Card)]
        game.play(rng.choice(cards))
    last = game.tricks[-1].winner
    assert last is not None
    assert game.points[last] == points_of(game.taken[last]) + 10
    assert sum(game.points) == 130


def test_a_match_goes_to_four_games_or_to_101_points() -> None:
    match = Match("tute", players=2, seed=11)
    assert match.target == 4
    match.play_out(lambda g: g.legal_actions()[0])
    assert max(match.scores) >= 4
    points = Match("tute", players=4, seed=11, options={"scoring": "points"})
    assert points.target == 101
    points.play_out(lambda g: g.legal_actions()[0])
    totals = [0] * 4
    for seats, result in points.results:
        for seat, person in enumerate(seats):
            side = next(i for i, s in enumerate(result.sides) if seat in s)
            totals[person] += result.side_points[side]
    assert points.scores == totals and max(totals) >= 101


# Invariants over random deals -----------------------------------------------------------------

def reference_allowed(trick: list[Card], hand: Any, trump: Any,
                      must_trump: bool = False) -> list[Card]:
    """The Tute duties, from the rules: follow and head; else trump, overtrumping; else any
    card (``must_trump``: else any trump, when you hold one)."""
    if not trick:
        return list(hand)
    led = trick[0].suit

    def beats(card: Card, head: Card) -> bool:
        if card.suit is head.suit:
            return ORDER.index(card.number) < ORDER.index(head.number)
        return card.suit is trump

    head = trick[0]
    for card in trick[1:]:
        if beats(card, head):
            head = card
    suit = [c for c in hand if c.suit is led]
    if suit:
        winners = [c for c in suit if beats(c, head)]
        return winners or suit
    trumps = [c for c in hand if c.suit is trump and beats(c, head)]
    low = [c for c in hand if c.suit is trump] if must_trump else []
    return trumps or low or list(hand)


@settings(max_examples=examples(60), deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(1, 10**6),
       options=st.fixed_dictionaries({
           "stock_duty": st.sampled_from(["follow", "full", "free", "trumps"]),
           "scoring": st.sampled_from(["games", "single", "points"]),
           "tie": st.sampled_from(["last-trick", "draw"]),
           "three_player_pack": st.sampled_from(["no-2s", "all-40"]),
           "trump_duty": st.sampled_from(["to-win", "always"]),
           "two_player_cards": st.sampled_from([8, 6]),
           "cantes_after_stock": st.booleans(),
           "capote": st.sampled_from(["none", "all-tricks", "after-stock"]),
           "two_games": st.sampled_from(["over-100", "121-with-cantes"]),
       }))
def test_random_deals_keep_the_rules(players: int, seed: int, options: dict[str, Any]) -> None:
    game = cardrules.new_game("tute", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    full = players > 2 or options["stock_duty"] == "full"
    must_trump = options["trump_duty"] == "always"
    quiet = players == 2 and not options["cantes_after_stock"]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        if game.trick and (full or game.stock_size == 0):
            expected = reference_allowed(list(game.trick), game.hands[seat], game.trump,
                                         must_trump)
            assert cards_allowed(game) == {c.code for c in expected}
        actions = game.legal_actions()
        declarations = [a for a in actions if not isinstance(a, Card)
                        and not a.notation().startswith("exchange")]
        if quiet and game.stock_size == 0:
            assert declarations == []  # nothing is declared once the stock is gone
        so_far: Any = game.details
        if any(number == len(game.tricks) - 1 for _, _, number in so_far.marriages):
            assert declarations == []  # one declaration per trick won, the tute included
        # declare when allowed, half the time: declarations must come up to be checked
        game.play(rng.choice(declarations) if declarations and rng.random() < 0.5
                  else rng.choice(actions))
    result = game.result
    assert result is not None
    details: Any = game.details
    cantes = sum(40 if suit is game.trump else 20 for _, suit, _ in details.marriages)
    taken = sum(points_of(cards) for cards in game.taken)
    if result.reason == "tute":
        assert result.winner is not None
        assert result.to_json()["tute"] in result.sides[result.winner]
        assert sum(game.points) == taken + cantes
        return
    aside = points_of([game.turn_up]) if game.turn_up is not None else 0
    assert taken == 120 - aside
    assert sum(game.points) == 120 - aside + 10 + cantes
    late = game.tricks
    if options["capote"] == "after-stock" and players == 2:
        late = late[-options["two_player_cards"]:]
    capote_sides = {i for i, side in enumerate(result.sides) for t in late if t.winner in side}
    if options["capote"] != "none" and len(capote_sides) == 1:
        side = capote_sides.pop()
        assert (result.reason, result.winner) == ("capote", side)
        if options["scoring"] == "games":
            assert result.game_points[side] == 2
        return
    assert result.reason == "points"
    top = max(result.side_points)
    leaders = [i for i, p in enumerate(result.side_points) if p == top]
    if len(leaders) == 1:
        assert result.winner == leaders[0]
    elif options["tie"] == "draw":
        assert result.winner is None
    else:
        last = game.tricks[-1].winner
        by_last = [i for i in leaders if last in result.sides[i]]
        assert result.winner == (by_last[0] if by_last else None)
    if options["scoring"] == "points":
        assert result.game_points == result.side_points
    elif result.winner is not None:
        over = 120 if options["two_games"] == "121-with-cantes" and cantes else 100
        big = result.side_points[result.winner] > over and options["scoring"] == "games"
        assert result.game_points[result.winner] == (2 if big else 1)
        assert sum(result.game_points) == result.game_points[result.winner]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_bot_plays_tute(players: int) -> None:
    from cardrules.bots import GreedyBot, play_out
    from cardrules.bots.pimc import PimcBot

    game = cardrules.new_game("tute", players=players, seed=21)
    play_out(game, [PimcBot(seed=1, worlds=4) if s == 0 else GreedyBot()
                    for s in range(players)])
    assert game.is_over and game.result is not None


# The narration ----------------------------------------------------------------------------------

def test_the_narration_names_the_dealers_shown_card_and_the_tute() -> None:
    game = four(TUTE_HANDS)
    deal = next(iter(game.steps()))
    said = Narrator(game.rules, game.names, "en").deal(deal)
    assert said == ("The cards are dealt; Diego, the dealer, shows the last card, the two of "
                    "clubs: clubs are trumps.")
    assert "Diego, que da, enseña su última carta, el dos de bastos" in Narrator(
        game.rules, game.names, "es").deal(deal)
    assert "you show your last card" in Narrator(game.rules, game.names, "en", viewer=3,
                                                 you=3).deal(deal)
    play(game, "1E 10E 4E 2E declare:tute")
    assert game.result is not None
    said = end_reason(game.result, "en", game.rules)
    assert said == "A tute was declared: the deal is won outright."
    assert end_reason(game.result, "es", game.rules) == "Se cantó tute: la mano se gana sin más."


def test_a_playout_declares_the_tute_before_a_marriage_of_the_same_trick() -> None:
    from cardrules.bots.playout import playout

    record = {"game": "tute", "players": 4, "options": {}, "deal": {"hands": [h.split() for h in [
        "12O 12C 12E 12B 1O 3O 1C 3C 1E 11E", "11O 10O 7O 6O 11C 10C 7C 6C 3E 10E",
        "5O 4O 2O 5C 4C 2C 7E 6E 5E 4E", "2E 1B 3B 11B 10B 7B 6B 5B 4B 2B"]], "stock": []},
        "actions": ["1E", "10E", "4E", "2E"]}
    game = cardrules.replay(record)
    moves = [format_action(a) for a in game.legal_actions() if not isinstance(a, Card)]
    assert moves == ["declare:tute", "declare:E"]
    playout(game, random.Random(1))
    assert game.result is not None and game.result.reason == "tute"


def test_the_deal_passes_to_the_right_the_first_dealer_drawn_from_the_seed() -> None:
    names = ["Ana", "Bruno", "Carmen", "Diego"]
    dealers = set()
    for seed in range(8):
        match = Match("tute", players=names, seed=seed, deals=3)
        dealers.add(match.game.names[-1])
        match.play_out(lambda g: g.legal_actions()[0])
        for before, after in zip(match.games, match.games[1:], strict=False):
            # the next dealer is the player at the dealer's right: the first to lead before
            assert after.names[-1] == before.names[0]
            assert after.names == (*before.names[1:], before.names[0])
    assert len(dealers) > 1  # the first dealer is drawn, not fixed
