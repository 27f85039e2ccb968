"""The trump-card exchange: Italian, Spanish and Puerto Rican rules, the timing options.

Sources: seed 003 (Italy: the 2 of trumps, at the start or in the first trick), seed 004
(Spain: the 7 takes a turn-up above 7, the 2 one of 7 or below; the exchanger must have won a
trick; any time, even during a trick, before the last stock card is drawn), seed 002 (Puerto
Rico: the 7 takes 10/11/12/1/3 at any time, the 2 too before the very first trick, with
precedence; the 2 takes 7/6/5/4 at any time), and the timing options' docstrings.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Literal

import pytest
from game_helpers import hand_codes, play, start, words

import cardrules
from cardrules import Card, Exchange, Game, IllegalActionError, parse_card, parse_cards
from cardrules.games.exchange import (
    ExchangeRuleName,
    ExchangeTiming,
    exchange_taker,
    exchange_timely,
)


def exchanges(game: Game, seat: int | None = None) -> list[str]:
    """The exchanges in ``legal_actions(seat)``, in notation."""
    return [a.notation() for a in game.legal_actions(seat) if isinstance(a, Exchange)]


def assert_refused(game: Game, action: str, message: str) -> None:
    before = (game.to_record(), game.snapshot())
    with pytest.raises(IllegalActionError) as info:
        game.play(action)
    assert message in info.value.en, info.value.en
    assert info.value.es
    assert (game.to_record(), game.snapshot()) == before


def assert_replays(game: Game) -> None:
    again = cardrules.replay(game.to_record())
    assert again.snapshot() == game.snapshot()
    assert again.log == game.log
    assert list(game.states())[-1].hands == game.snapshot().hands


# Italian (seed 003) ---------------------------------------------------------------------------


def italian_game() -> Game:
    return start("briscola", 2, ["7O 5C 6C", "2O 4E 5E"], top="1B 2B", turn_up="12O")


def test_italian_two_takes_the_turn_up_at_the_start_even_out_of_turn() -> None:
    game = italian_game()
    assert game.current_player == 0
    assert exchanges(game) == []  # seat 0's 7 of trumps cannot exchange in Italy
    assert exchanges(game, 1) == ["exchange:2O"]
    assert_refused(game, "exchange:7O", "7O cannot take the turned-up 12O")
    event = game.play("exchange:2O")
    assert event.seat == 1
    assert event.trick is None
    assert game.turn_up == parse_card("2O")
    assert hand_codes(game, 1) == {"12O", "4E", "5E"}
    assert game.current_player == 0  # the turn did not move
    assert game.to_record()["actions"] == ["exchange:2O"]
    assert exchanges(game, 0) == exchanges(game, 1) == []
    assert_refused(game, "exchange:2O", "")
    assert_replays(game)


def test_italian_exchange_during_the_first_trick() -> None:
    game = italian_game()
    play(game, "5C")
    assert exchanges(game) == ["exchange:2O"]
    game.play("exchange:2O")
    assert game.current_player == 1
    assert_replays(game)


def test_italian_exchange_closes_after_the_first_trick() -> None:
    game = italian_game()
    play(game, "5C 4E")
    assert game.turn_up == parse_card("12O")
    assert exchanges(game, 0) == exchanges(game, 1) == []
    assert_refused(game, "exchange:2O", "not allowed at this moment")


def test_a_turn_up_that_is_no_trump_cannot_be_exchanged_and_the_refusal_says_why() -> None:
    # Trumps fixed to coins by the option; the turned-up king of clubs is no trump.
    game = start("brisca", 2, ["1C 5C 7O", "2O 4E 5E"], top="7B 10B 11B", turn_up="12B",
                 options={"trump_suit": "O", "exchange_needs_trick": False})
    assert game.trump is cardrules.Suit.OROS
    assert exchanges(game, 0) == exchanges(game, 1) == []
    with pytest.raises(IllegalActionError) as info:
        game.play("exchange:2O")
    assert info.value.en == ("the turned-up 12B is not a trump (trumps are coins): it cannot be "
                             "exchanged")
    assert info.value.es == ("la carta vuelta, el 12B, no es de triunfo (el palo de triunfo es "
                             "oros): no se puede cambiar")


def test_a_wrong_card_for_the_exchange_is_refused_in_words_of_the_turn_up() -> None:
    game = italian_game()
    with pytest.raises(IllegalActionError) as info:
        game.play("exchange:7O")
    assert info.value.es == "el 7O no puede cambiarse por la carta vuelta, el 12O"


# Spanish (seed 004) ---------------------------------------------------------------------------


def test_spanish_exchanger_must_have_won_a_trick_and_may_act_out_of_turn() -> None:
    game = start("brisca", 2, ["1C 5C 7O", "4C 4E 5E"], top="2O 7B 10B 11B", turn_up="12O")
    assert exchanges(game, 0) == []
    assert_refused(game, "exchange:7O", "must win a trick")
    play(game, "1C 4C")  # seat 0 wins and draws 2O
    assert exchanges(game) == ["exchange:7O"]
    play(game, "5C")
    assert game.current_player == 1
    assert exchanges(game, 0) == ["exchange:7O"]  # out of turn, during the trick
    assert exchanges(game, 1) == []
    event = game.play("exchange:7O")
    assert event.seat == 0
    assert game.current_player == 1
    assert game.turn_up == parse_card("7O")
    assert hand_codes(game, 0) == {"12O", "2O"}
    # The rule applies to whatever is turned up now: the 2 may take the 7.
    assert exchanges(game, 0) == ["exchange:2O"]
    game.play("exchange:2O")
    assert game.turn_up == parse_card("2O")
    assert hand_codes(game, 0) == {"12O", "7O"}
    assert exchanges(game, 0) == []
    assert game.to_record()["actions"] == ["1C", "4C", "5C", "exchange:7O", "exchange:2O"]
    assert_replays(game)


@pytest.mark.parametrize(
    ("turn_up", "taker", "not_taker"),
    [
        ("12O", "7O", "2O"),
        ("1O", "7O", "2O"),
        ("3O", "7O", "2O"),
        ("10O", "7O", "2O"),
        ("11O", "7O", "2O"),
        ("7O", "2O", None),  # 7 or below: the 2
        ("6O", "2O", "7O"),
        ("4O", "2O", "7O"),
        ("5O", "2O", "7O"),
    ],
)
def test_spanish_which_card_takes_which_turn_up(
    turn_up: str, taker: str, not_taker: str | None
) -> None:
    mine = [taker] + ([not_taker] if not_taker else ["6C"])
    game = start("brisca", 2, [f"1C {' '.join(mine)}", "4C 4E 5E"], top="7B 10B",
                 turn_up=turn_up)
    play(game, "1C 4C")
    assert exchanges(game) == [f"exchange:{taker}"]
    if not_taker:
        assert_refused(game, f"exchange:{not_taker}", "cannot take")


@pytest.mark.parametrize("turn_up", ["8O", "9O"])
def test_spanish_48_card_pack_eight_and_nine_are_above_seven(turn_up: str) -> None:
    hands = ["1C 7O 2O", "2C 5E 6E", "4C 8E 9E", "5C 10E 11E", "6C 12E 1E", "7C 2E 3E"]
    game = start("brisca", 6, hands, turn_up=turn_up)
    event = play(game, "1C 2C 4C 5C 6C 7C")[-1]
    assert event.trick is not None and event.trick.winner == 0
    assert exchanges(game) == ["exchange:7O"]


def test_no_exchange_once_the_turn_up_is_drawn() -> None:
    game = start("brisca", 2, ["1C 5C 7O", "4C 4E 5E"], top="7B 10B", turn_up="12O",
                 options={"exchange_needs_trick": False})
    while game.turn_up is not None:
        game.play(next(a for a in game.legal_actions() if isinstance(a, Card)))
    assert all(exchanges(game, s) == [] for s in range(2))
    assert_refused(game, "exchange:7O", "already been drawn")


# Timing options -------------------------------------------------------------------------------

# Seat 0 keeps 7O (and 12O once it has it) and wins every trick: it leads clubs, 1E and low
# trumps, and seat 1 only ever holds cups and swords below the ace until the last draw.
_SCAN_HANDS = ["7O 2O 4B", "1C 2C 3C"]
_SCAN_DRAWS0 = words("1B 2B 3B 5B 6B 7B 10B 11B 12B 1E 1O 3O 4O 5O 6O 10O")
_SCAN_DRAWS1 = words("4C 5C 6C 7C 10C 11C 12C 2E 3E 4E 5E 6E 7E 10E 11E 12E")
_SCAN_TOP = " ".join([c for pair in zip(_SCAN_DRAWS0, _SCAN_DRAWS1) for c in pair] + ["11O"])
_KEEP = {"7O", "2O", "12O"}


def scan_game(options: dict[str, object] | None = None, game_id: str = "brisca") -> Game:
    return start(game_id, 2, _SCAN_HANDS, top=_SCAN_TOP, turn_up="12O", options=options)


def scan_choice(game: Game) -> Card:
    hand = game.hands[game.current_player or 0]
    if game.current_player == 0:
        return next((c for c in hand if c.code not in _KEEP), hand[0])
    return hand[0]


Window = Callable[[Game], bool]


def won(game: Game) -> bool:
    return any(t.winner == 0 for t in game.tricks)


@pytest.mark.parametrize(
    ("options", "window"),
    [
        ({}, won),  # Spanish default: any time once a trick is won
        ({"exchange_timing": "any-time"}, won),
        ({"exchange_timing": "own-turn"}, lambda g: won(g) and g.current_player == 0),
        ({"exchange_timing": "before-penultimate"}, lambda g: won(g) and g.stock_size > 2),
        ({"exchange_timing": "first-trick", "exchange_needs_trick": False},
         lambda g: not g.tricks),
        ({"exchange_needs_trick": False}, lambda g: True),
        ({"exchange_timing": "own-turn", "exchange_needs_trick": False},
         lambda g: g.current_player == 0),
    ],
)
def test_exchange_timing_windows(options: dict[str, object], window: Window) -> None:
    game = scan_game(options)
    seen = {True: 0, False: 0}
    while game.turn_up is not None:
        expected = window(game)
        seen[expected] += 1
        assert ("exchange:7O" in exchanges(game, 0)) is expected, (
            len(game.tricks), len(game.trick), game.stock_size)
        trial = game.copy()
        if expected:
            trial.play("exchange:7O")
            assert trial.turn_up == parse_card("7O")
        else:
            with pytest.raises(IllegalActionError):
                trial.play("exchange:7O")
        event = game.play(scan_choice(game))
        assert event.trick is None or event.trick.winner == 0
    assert seen[True] > 0
    assert parse_card("12O") in game.hands[1]  # the last seat to draw took the turn-up
    assert_refused(game, "exchange:7O", "already been drawn")


def test_own_turn_allows_one_exchange_per_trick() -> None:
    game = scan_game({"exchange_timing": "own-turn"})
    play(game, "4B 1C")  # seat 0 wins the first trick and leads
    assert exchanges(game) == ["exchange:7O"]
    game.play("exchange:7O")
    assert game.turn_up == parse_card("7O")
    assert "exchange:2O" not in exchanges(game)  # once per trick
    assert_refused(game, "exchange:2O", "not allowed at this moment")
    game.play(scan_choice(game))
    game.play(scan_choice(game))
    assert game.current_player == 0
    assert exchanges(game) == ["exchange:2O"]
    game.play("exchange:2O")
    assert game.turn_up == parse_card("2O")
    assert_replays(game)


def test_own_turn_refuses_out_of_turn() -> None:
    game = scan_game({"exchange_timing": "own-turn"})
    play(game, "4B 1C 1B")
    assert game.current_player == 1
    assert exchanges(game, 0) == []
    assert_refused(game, "exchange:7O", "not allowed at this moment")


def test_exchange_none() -> None:
    for game_id in ("briscola", "brisca", "briscas"):
        game = scan_game({"exchange": "none"}, game_id)
        while not game.is_over:
            assert all(exchanges(game, s) == [] for s in range(2))
            game.play(scan_choice(game))
        game = scan_game({"exchange": "none"}, game_id)
        assert_refused(game, "exchange:2O", "exchange=none")
        assert_refused(game, "exchange:7O", "exchange=none")


# Puerto Rico (seed 002) -----------------------------------------------------------------------


def test_puerto_rico_two_has_precedence_before_the_first_trick() -> None:
    game = start("briscas", 2, ["7O 5C 6C", "2O 4E 5E"], turn_up="12O")
    assert exchanges(game, 0) == []  # the 7 waits while the 2 may still exchange
    assert exchanges(game, 1) == ["exchange:2O"]
    assert_refused(game, "exchange:7O", "only the 2 of trumps")  # the reason is the 2's turn
    game.play("exchange:2O")
    assert game.turn_up == parse_card("2O")
    assert hand_codes(game, 1) == {"12O", "4E", "5E"}
    assert exchanges(game, 0) == exchanges(game, 1) == []
    assert_replays(game)


def test_puerto_rico_seven_once_play_has_begun() -> None:
    game = start("briscas", 2, ["7O 5C 6C", "2O 4E 5E"], turn_up="12O")
    play(game, "5C")
    assert exchanges(game, 1) == []  # the 2 only takes a high card before the first trick
    assert exchanges(game, 0) == ["exchange:7O"]  # out of turn, no trick needed
    game.play("exchange:7O")
    assert game.turn_up == parse_card("7O")
    # Now a 7 is turned up: the 2 takes it at any time.
    assert exchanges(game, 1) == ["exchange:2O"]
    game.play("exchange:2O")
    assert hand_codes(game, 1) == {"7O", "4E", "5E"}
    assert_replays(game)


def test_puerto_rico_two_keeps_its_turn_through_the_first_trick_with_the_option() -> None:
    # "Before the very first hand is played": a hand read as the first trick, not its first card.
    options = {"exchange_two_until": "first-trick"}
    game = start("briscas", 2, ["7O 5C 6C", "2O 4E 5E"], turn_up="12O", top="4B 5B",
                 options=options)
    play(game, "5C")
    assert exchanges(game, 1) == ["exchange:2O"]  # the first trick is not over
    assert_refused(game, "exchange:7O", "until the first trick is over")
    play(game, "4E")
    assert exchanges(game, 1) == []  # the first trick is over: the 2's turn is gone
    assert exchanges(game, 0) == ["exchange:7O"]
    assert_replays(game)


def test_puerto_rico_seven_waits_for_the_first_card_wherever_the_two_is() -> None:
    """The rulebook's reading, one a table can follow: until the first card is led only the 2
    may take a high card, even when the 2 is still in the stock; the option
    ``exchange_seven_waits="while-two-held"`` lets the 7 take it at once then."""
    game = start("briscas", 2, ["7O 5C 6C", "3C 4E 5E"], top="2O", turn_up="10O")
    assert exchanges(game, 0) == exchanges(game, 1) == []
    assert_refused(game, "exchange:7O", "the 7 waits for the first card")
    play(game, "5C")
    assert exchanges(game, 0) == ["exchange:7O"]
    held = start("briscas", 2, ["7O 5C 6C", "3C 4E 5E"], top="2O", turn_up="10O",
                 options={"exchange_seven_waits": "while-two-held"})
    assert exchanges(held, 0) == ["exchange:7O"]  # nobody holds the 2: the 7 need not wait
    holder = start("briscas", 2, ["7O 5C 6C", "2O 4E 5E"], turn_up="10O",
                   options={"exchange_seven_waits": "while-two-held"})
    assert exchanges(holder, 0) == []  # the 2 is in a hand: the 7 waits
    assert_refused(holder, "exchange:7O", "precedence")


@pytest.mark.parametrize("turn_up", ["10O", "11O", "12O", "1O", "3O"])
def test_puerto_rico_seven_takes_a_high_card_at_any_time(turn_up: str) -> None:
    game = start("briscas", 2, ["4C 5C 6C", "7O 4E 5E"], top="1B 2B 3B 4B 5B 6B",
                 turn_up=turn_up)
    play(game, "4C 4E 5C 5E")  # seat 1 has won nothing: no trick needed in Puerto Rico
    assert exchanges(game, 1) == ["exchange:7O"]
    assert not won_by(game, 1)


def won_by(game: Game, seat: int) -> bool:
    return any(t.winner == seat for t in game.tricks)


@pytest.mark.parametrize("turn_up", ["4O", "5O", "6O", "7O"])
def test_puerto_rico_two_takes_a_low_card_at_any_time(turn_up: str) -> None:
    seven = "7O" if turn_up != "7O" else "3C"
    game = start("briscas", 2, ["4C 5C 6C", f"2O {seven} 5E"], top="1B 2B 3B 4B 5B 6B",
                 turn_up=turn_up)
    assert exchanges(game, 1) == ["exchange:2O"]
    play(game, "4C 5E 5C 2B 6C 4B")
    assert exchanges(game, 1) == ["exchange:2O"]
    if seven == "7O":
        assert_refused(game, "exchange:7O", "cannot take")


# Exchanges in records ---------------------------------------------------------------------------


def test_exchange_notation_is_tolerant() -> None:
    game = italian_game()
    game.play(" exchange : 2o ")
    assert game.turn_up == parse_card("2O")
    assert game.to_record()["actions"] == ["exchange:2O"]


def test_exchange_move_object_and_unknown_holder() -> None:
    game = italian_game()
    assert_refused(game, "exchange:2B", "nobody holds 2B")  # it is in the stock
    game.play(Exchange(parse_card("2O")))
    assert game.log[-1] == Exchange(parse_card("2O"))
    assert str(game.log[-1]) == "exchange:2O"


def test_exchanges_replay_in_a_whole_deal() -> None:
    game = scan_game({"exchange_timing": "own-turn"})
    play(game, "4B 1C exchange:7O")
    while not game.is_over:
        game.play(scan_choice(game))
    record = game.to_record()
    assert "exchange:7O" in record["actions"]
    again = cardrules.replay(record)
    assert again.result == game.result
    assert again.tricks == game.tricks
    assert parse_cards("12O")[0] in {c for t in game.tricks for c in t.cards}


# The decision itself (shared by the engine and the bots' compact model) -------------------------


@pytest.mark.parametrize("game_id", ["brisca", "briscas"])
def test_a_turned_up_two_is_never_taken_even_where_it_ranks_above_the_seven(
        game_id: str) -> None:
    # Chile's scoring ranks the 2 second, above the 7: it is still the 2, which the 7 does not
    # take (the 7 takes the cards above it, the 2 those below).
    options = {"scoring": "chilean", "exchange_needs_trick": False}
    game = start(game_id, 2, ["1C 5C 7O", "4C 4E 5E"], top="7B 10B", turn_up="2O",
                 options=options)
    assert exchanges(game) == []
    assert_refused(game, "exchange:7O", "cannot take")


RULES: tuple[ExchangeRuleName, ...] = (
    "none", "italian", "spanish", "puerto-rico", "seven", "seven-high")
UNTIL: tuple[Literal["first-card", "first-trick"], ...] = ("first-card", "first-trick")
WAITS: tuple[Literal["always", "while-two-held"], ...] = ("always", "while-two-held")


def test_the_taker_over_every_input() -> None:
    # Every rule and reading, every number turned up, high or not, every moment of the first
    # tricks: what the rules say, and nothing read that a rule does not name.
    for rule, until, waits in itertools.product(RULES, UNTIL, WAITS):
        taker = exchange_taker(rule, until, waits)
        for up, high, tricks, on_table, held in itertools.product(
                range(1, 13), (False, True), range(3), range(4), (False, True)):
            got = taker(up, high, tricks, on_table, held)
            if rule in ("seven", "seven-high"):
                assert got == (7 if up != 7 and (high or rule == "seven") else 0)
                continue
            if rule == "none" or up == 2:  # the 2 is taken by nothing
                assert got == 0
                continue
            if rule == "italian" or not high:
                assert got == 2
                continue
            if rule == "spanish" or tricks or (on_table and until == "first-card"):
                assert got == 7  # Puerto Rico: once the 2's turn is over
                continue
            # Puerto Rico's 2's turn: the 7 waits (wherever the 2 is, or while it is held)
            assert got == (2 if waits == "always" or held else 7)
            other = {2: 7, 7: 2}[got]  # where the 2 is matters only while the 7 waits for it
            assert taker(up, high, tricks, on_table, not held) == (
                got if waits == "always" else other)


@pytest.mark.parametrize(("timing", "opened"), [
    ("any-time", lambda *_: True),
    ("first-trick", lambda tricks, *_: not tricks),
    ("own-turn", lambda tricks, on_table, own, now, *_: own and not now),
    ("after-win", lambda tricks, on_table, own, now, last, won: not on_table and won),
    ("before-penultimate", lambda tricks, on_table, own, now, last, won: not last),
])
def test_the_timing_reads_only_what_it_names(
        timing: ExchangeTiming, opened: Callable[..., bool]) -> None:
    timely = exchange_timely(timing)
    both = (False, True)
    for tricks, on_table, own, now, last, won in itertools.product(
            range(3), range(3), both, both, both, both):
        assert timely(tricks, on_table, own, now, last, won) == opened(
            tricks, on_table, own, now, last, won)
