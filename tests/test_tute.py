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


def play(game: Game, actions: str) -> None:
    for action in actions.split():
        game.play(action)


def refused(game: Game, action: str) -> str:
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as error:
        game.play(action)
    assert game.snapshot() == before  # nothing changed
    assert error.value.en and error.value.es
    return error.value.en


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

def reference_allowed(trick: list[Card], hand: Any, trump: Any) -> list[Card]:
    """The Tute duties, from the rules: follow and head; else trump, overtrumping; else any."""
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
    return trumps or list(hand)


@settings(max_examples=examples(60), deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(1, 10**6),
       options=st.fixed_dictionaries({
           "stock_duty": st.sampled_from(["follow", "full", "free", "trumps"]),
           "scoring": st.sampled_from(["games", "single", "points"]),
           "tie": st.sampled_from(["last-trick", "draw"]),
           "three_player_pack": st.sampled_from(["no-2s", "all-40"]),
       }))
def test_random_deals_keep_the_rules(players: int, seed: int, options: dict[str, Any]) -> None:
    game = cardrules.new_game("tute", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    full = players > 2 or options["stock_duty"] == "full"
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        if game.trick and (full or game.stock_size == 0):
            expected = reference_allowed(list(game.trick), game.hands[seat], game.trump)
            assert cards_allowed(game) == {c.code for c in expected}
        game.play(rng.choice(game.legal_actions()))
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
        big = result.side_points[result.winner] > 100 and options["scoring"] == "games"
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
    assert end_reason(game.result, "en") == "A tute was declared: the deal is won outright."
    assert end_reason(game.result, "es") == "Se cantó tute: la mano se gana sin más."
