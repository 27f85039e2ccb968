"""Briscola Chiamata and Brisca Rematada: worked examples for every rule of the contract, and
invariants over random deals.

Written from the rules notes: seats in order of play from the dealer's right (seat 0 speaks and
leads first), ``bid:N``/``pass``/``call:CODE``/``discard:CODE``/``trump:S``/``declare:S``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from game_helpers import play, refused
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Card, Deal, Game, IllegalActionError, Masked, parse_card, parse_cards
from cardrules.bots import GreedyBot, RandomBot, play_out
from cardrules.match import Match, replay_match

POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}


def points_of(cards: Any) -> int:
    return sum(POINTS.get(c.number, 0) for c in cards)


# Briscola Chiamata -------------------------------------------------------------------------

CHIAMATA_HANDS = [
    "1B 3B 12B 1O 3O 4O 5O 6O",      # seat 0
    "11B 10B 7B 1C 3C 4C 5C 6C",     # seat 1
    "6B 5B 4B 1E 3E 4E 5E 6E",       # seat 2
    "2B 12O 11O 10O 7O 2O 12C 11C",  # seat 3
    "10C 7C 2C 12E 11E 10E 7E 2E",   # seat 4: the dealer
]


def chiamata(options: dict[str, Any] | None = None, hands: list[str] | None = None) -> Game:
    deal = Deal(tuple(tuple(parse_cards(h)) for h in (hands or CHIAMATA_HANDS)), ())
    return cardrules.new_game("chiamata", players=5, deal=deal, options=options)


def test_chiamata_deals_forty_cards_eight_each_no_stock_no_trumps() -> None:
    game = cardrules.new_game("chiamata", players=5, seed=3)
    assert [len(h) for h in game.hands] == [8] * 5
    assert game.stock_size == 0 and game.turn_up is None and game.trump is None
    assert len({c for h in game.hands for c in h}) == 40
    assert game.phase == cardrules.Phase("auction") and game.current_player == 0
    assert game.rules.pack.id == "italian-40"  # the Italian look by default
    assert cardrules.rules_for("bastarda", 5) is cardrules.rules_for("chiamata", 5)


def test_chiamata_bids_run_from_61_to_120_and_each_beats_the_last() -> None:
    game = chiamata()
    assert "61" in refused(game, "bid:60")
    refused(game, "bid:121")
    refused(game, "1B")  # no card is played during the auction
    play(game, "bid:61")
    refused(game, "bid:61")  # a bid must be higher
    play(game, "bid:62 pass")
    assert game.current_player == 3
    play(game, "bid:120")
    assert [cardrules.format_action(a) for a in game.legal_actions()] == ["pass"]
    play(game, "pass pass")  # seats 4 and 0
    assert game.current_player == 1  # seat 2 has passed: skipped
    play(game, "pass")
    assert game.phase == cardrules.Phase("call") and game.current_player == 3
    assert game.details.caller == 3 and game.details.contract == 120  # type: ignore[attr-defined]


def test_all_five_passing_makes_the_deal_void() -> None:
    game = chiamata()
    play(game, "pass pass pass pass")
    assert not game.is_over and game.current_player == 4  # the last may still bid
    play(game, "pass")
    result = game.result
    assert game.is_over and result is not None
    json = result.to_json()
    assert json["void"] is True and json["winner"] is None and json["game_points"] == [0] * 5
    assert game.tricks == []
    refused(game, "bid:70")
    refused(game, "1B")


def test_the_last_bidder_wins_when_the_others_have_passed() -> None:
    game = chiamata()
    play(game, "pass pass pass pass bid:61")
    assert game.phase == cardrules.Phase("call") and game.current_player == 4


def test_the_call_sets_trumps_and_a_partner_only_he_knows() -> None:
    game = chiamata()
    play(game, "bid:70 pass pass pass pass call:1C")  # seat 0 calls the ace of cups: seat 1
    assert game.trump is cardrules.Suit.COPAS
    assert game.sides == ((0, 1), (2, 3, 4))
    assert game.current_player == 0  # seat 0, the dealer's right, leads
    assert game.view(1).sides == game.sides and game.view(1).partners == (0,)
    for seat in (0, 2, 3, 4):  # nobody else knows, the caller included
        view = game.view(seat)
        assert view.sides == () and view.partners == ()
        assert "partner" not in repr(view.details)
    play(game, "1B 11B")  # seat 1 has not shown the ace of cups yet
    assert game.view(0).sides == ()
    play(game, "6B 2B 12E")  # seat 0 takes the first trick with the ace of clubs
    assert game.tricks[0].winner == 0
    play(game, "3O 1C")  # seat 0 leads the three of coins, seat 1 trumps with the called card
    assert game.view(0).sides == game.sides and game.view(0).partners == (1,)
    assert game.view(3).sides == game.sides and game.view(3).partners == (2, 4)


def test_a_caller_who_calls_his_own_card_plays_alone_for_four() -> None:
    game = chiamata()
    play(game, "bid:61 pass pass pass pass call:1B")
    assert game.sides == ((0,), (1, 2, 3, 4))
    assert game.view(0).sides == game.sides  # he knows he is alone
    assert game.view(1).sides == ()
    while not game.is_over:
        game.play(game.legal_actions()[0])
    result = game.result
    assert result is not None
    json = result.to_json()
    assert json["partner"] == 0 and json["caller"] == 0 and json["called"] == "1B"
    made = result.points[0] >= 61
    assert json["game_points"] == ([4, -1, -1, -1, -1] if made else [-4, 1, 1, 1, 1])
    forbidden = chiamata({"call_own_card": False})
    play(forbidden, "bid:61 pass pass pass pass")
    assert "own" in refused(forbidden, "call:1B")
    play(forbidden, "call:1C")


def test_chiamata_scoring_made_and_failed() -> None:
    for bid, made in ((61, True), (120, False)):
        game = chiamata()
        play(game, f"bid:{bid} pass pass pass pass call:1C")  # 0 and 1 against 2, 3, 4
        rnd = random.Random(bid)
        while not game.is_over:
            game.play(rnd.choice(game.legal_actions()))
        result = game.result
        assert result is not None
        team = result.points[0] + result.points[1]
        assert result.side_points == (team, 120 - team)
        assert (team >= bid) == (result.winner == 0)
        expected = [2, 1, -1, -1, -1] if team >= bid else [-2, -1, 1, 1, 1]
        assert list(result.game_points) == expected
        assert result.to_json()["bid"] == bid and result.to_json()["partner"] == 1
        if made:
            assert team >= 61 or result.winner == 1


def test_the_caller_leads_with_the_option() -> None:
    game = chiamata({"first_lead": "caller"})
    play(game, "pass bid:70 pass pass pass call:1B")
    assert game.current_player == 1


def test_chiamata_buia_calls_after_a_first_trick_without_trumps() -> None:
    game = chiamata({"buia": True})
    play(game, "bid:70 pass pass pass pass")
    assert game.phase is cardrules.Phase.PLAY and game.trump is None
    play(game, "1O 1C 1E 2B 2E")  # no trumps: the ace of coins (led) takes it
    assert game.tricks[0].winner == 0
    assert game.phase == cardrules.Phase("call") and game.current_player == 0
    assert "played" in refused(game, "call:1C")  # played in the first trick
    play(game, "call:3C")
    assert game.trump is cardrules.Suit.COPAS and game.current_player == 0
    assert game.sides == ((0, 1), (2, 3, 4))


def test_the_rank_auction_bids_ranks_down_then_points_after_the_two() -> None:
    game = chiamata({"auction": "ranks"})
    refused(game, "bid:70")  # points come only after a 2
    play(game, "bid:1 bid:3 pass")
    refused(game, "bid:1")  # not lower than the three
    play(game, "bid:12 bid:2 bid:61 bid:64 pass pass")  # seats 3, 4, 0, 1, then 3 and 4 pass
    assert game.current_player == 0
    play(game, "pass")
    details = game.details
    assert details.caller == 1 and details.contract == 64  # type: ignore[attr-defined]
    assert details.rank == 2  # type: ignore[attr-defined]
    assert "number" in refused(game, "call:1C")
    play(game, "call:2O")
    ranked = chiamata({"auction": "ranks"})
    play(ranked, "bid:3 pass pass pass pass")
    assert ranked.details.contract == 61 and ranked.details.rank == 3  # type: ignore[attr-defined]
    refused(ranked, "call:1C")
    play(ranked, "call:3C")


def test_the_plain_two_is_61_and_two_at_61_outbids_it() -> None:
    """The rulebook's wording (issue 20): every card bid is worth 61; the plain two is the last
    card bid, and "two at 61" (``bid:61``) outbids it at the same 61, as each card bid outbids
    the one before; after that every points bid is higher than the last."""
    plain = chiamata({"auction": "ranks"})
    play(plain, "bid:2 pass pass pass pass")
    assert plain.details.contract == 61 and plain.details.rank == 2  # type: ignore[attr-defined]
    game = chiamata({"auction": "ranks"})
    play(game, "bid:2")
    refused(game, "bid:60")  # below 61: no contract
    refused(game, "bid:3")  # no card above the two once it is bid
    play(game, "bid:61")  # Bruno: two at 61
    refused(game, "bid:61")  # now a points bid must be higher
    play(game, "pass pass pass pass")
    details = game.details
    assert (details.caller, details.contract, details.rank) == (1, 61, 2)  # type: ignore[attr-defined]


def test_chiamata_replays_and_refuses_actions_after_the_end() -> None:
    game = cardrules.new_game("chiamata", players=5, seed=8)
    play_out(game, [GreedyBot()] * 5)
    again = cardrules.replay(game.to_record())
    assert again.result == game.result
    record = game.to_record()
    record["game"] = "bastarda"
    assert cardrules.replay(record).result == game.result
    record["actions"] = [*record["actions"], "pass"]
    with pytest.raises(cardrules.RecordError):
        cardrules.replay(record)



# Six and seven at the table: the dealer (and with seven the player before him) sits out ----

def test_with_six_the_dealer_sits_out_and_five_play_as_usual() -> None:
    game = cardrules.new_game("chiamata", players=6, seed=3)
    assert [len(h) for h in game.hands] == [8, 8, 8, 8, 8, 0]  # seat 5, the dealer: no cards
    play(game, "bid:61 pass pass pass bid:62 bid:70")  # seat 4 bids, seat 0 answers: 5 skipped
    assert [seat for seat, _ in game.details.auction.calls] == [0, 1, 2, 3, 4, 0]  # type: ignore[attr-defined]
    play(game, "pass")
    assert game.current_player == 0 and game.details.caller == 0  # type: ignore[attr-defined]
    play(game, f"call:{game.hands[1][0].code}")
    assert game.sides == ((0, 1), (2, 3, 4))  # the dealer is on neither side
    while not game.is_over:
        assert game.current_player != 5
        game.play(game.legal_actions()[0])
    result = game.result
    assert result is not None and len(game.tricks) == 8
    assert all(len(t.plays) == 5 for t in game.tricks)
    assert result.game_points[5] == 0 and sum(result.game_points) == 0
    assert cardrules.replay(game.to_record()).result == result


def test_with_seven_the_dealer_and_the_player_before_him_sit_out() -> None:
    game = cardrules.new_game("chiamata", players=7, seed=4)
    assert [len(h) for h in game.hands] == [8, 8, 8, 8, 8, 0, 0]
    play(game, "pass pass pass pass pass")  # all five who play pass: void, nobody else asked
    result = game.result
    assert result is not None and result.to_json()["void"]
    assert result.game_points == (0,) * 7


def test_five_player_deals_are_unchanged_by_the_larger_tables() -> None:
    five = cardrules.new_game("chiamata", players=5, seed=3)
    six = cardrules.new_game("chiamata", players=6, seed=3)
    assert six.hands[:5] == five.hands  # the same deal to the five who play


def test_at_a_table_of_six_each_deal_the_dealer_sits_out_in_turn() -> None:
    people = ["Ana", "Bea", "Ciro", "Dora", "Elio", "Fede"]
    match = Match("chiamata", players=people, seed=5, deals=6)
    rnd = random.Random(5)
    match.play_out(lambda game: rnd.choice(game.legal_actions()))
    out = [seats[-1] for seats, _ in match.results]
    assert sorted(out) == list(range(6))  # six deals: everyone sat out once
    for _, result in match.results:
        assert result.seat_game_points()[5] == 0


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([6, 7]), seed=st.integers(0, 2**64 - 1),
       rnd=st.randoms(use_true_random=True))
def test_who_sits_out_never_bids_plays_nor_scores(
    players: int, seed: int, rnd: random.Random
) -> None:
    game = cardrules.new_game("chiamata", players=players, seed=seed)
    while not game.is_over:
        assert game.current_player is not None and game.current_player < 5
        game.play(rnd.choice(game.legal_actions()))
    result = game.result
    assert result is not None
    assert all(result.game_points[s] == 0 for s in range(5, players))
    assert all(s < 5 for side in result.sides for s in side)
    if not result.to_json()["void"]:
        assert sum(result.game_points) == 0 and sum(result.points) == 120
        for seat in range(players):  # every seat, sitting out or not, may be shown a view
            assert game.view(seat).sides == result.sides

# Brisca Rematada ---------------------------------------------------------------------------

REMATADA_HANDS = [
    "1O 3O 12O 11O 10O 7O 6O 5O 1C 3C",       # seat 0
    "12C 11C 10C 7C 6C 5C 1E 3E 12E 11E",     # seat 1
    "10E 7E 6E 5E 1B 3B 12B 11B 10B 7B",      # seat 2: the dealer
]
TALON = "6B 5B"


def rematada(options: dict[str, Any] | None = None, hands: list[str] | None = None,
             talon: str = TALON) -> Game:
    deal = Deal(tuple(tuple(parse_cards(h)) for h in (hands or REMATADA_HANDS)), (),
                tuple(parse_cards(talon)))
    return cardrules.new_game("rematada", players=3, deal=deal, options=options)


def test_rematada_deals_32_cards_ten_each_and_a_talon_of_two() -> None:
    game = cardrules.new_game("rematada", players=3, seed=5)
    deal = game.dealt
    assert deal is not None and len(deal.talon) == 2
    assert [len(h) for h in game.hands] == [10, 10, 10]
    cards = set(deal.cards)
    assert len(cards) == 32 and not any(c.number in (2, 4, 8, 9) for c in cards)
    assert game.to_record()["deal"]["stock"] == []
    assert len(game.to_record()["deal"]["talon"]) == 2
    assert all(v.talon == () and v.talon_size == 2 for v in map(game.view, range(3)))


def test_rematada_bids_start_at_100_and_the_third_wins_after_two_passes() -> None:
    game = rematada()
    refused(game, "bid:99")
    play(game, "bid:100")
    refused(game, "bid:100")
    play(game, "pass pass")
    assert game.details.declarer == 0 and game.details.bid == 100  # type: ignore[attr-defined]
    assert game.phase == cardrules.Phase("discard")


def test_the_third_must_bid_when_the_first_two_pass() -> None:
    game = rematada()
    play(game, "pass pass")
    assert "must bid" in refused(game, "pass")
    first = cardrules.format_action(game.legal_actions()[0])
    assert first == "bid:100"  # and no pass
    play(game, "bid:105")
    assert game.details.declarer == 2  # type: ignore[attr-defined]


def test_the_talon_is_shown_then_two_discards_stay_hidden_then_trumps() -> None:
    game = rematada()
    play(game, "pass bid:100 pass")  # seat 1 declares
    talon = tuple(parse_cards(TALON))
    assert all(game.view(s).talon == talon for s in range(3))
    assert set(talon) <= set(game.hands[1]) and len(game.hands[1]) == 12
    refused(game, "trump:O")
    refused(game, "discard:1O")  # not his
    play(game, "discard:3E discard:6B")
    assert len(game.hands[1]) == 10 and game.points[1] == 10  # the three counts for him
    seen_by_0 = [a for _, a in game.view(0).history if isinstance(a, Masked)]
    assert len(seen_by_0) == 2  # the others see two cards go face down, not which
    assert game.view(0).points[1] == 0 and game.view(1).points[1] == 10
    assert game.phase == cardrules.Phase("trump") and game.current_player == 1
    play(game, "trump:B")
    assert game.trump is cardrules.Suit.BASTOS and game.current_player == 0
    assert game.sides == ((1,), (0, 2))


def test_tute_duties_follow_head_trump_and_overtrump() -> None:
    game = rematada()
    play(game, "pass bid:100 pass discard:3E discard:6B trump:B")  # seat 1 kept the 5 of clubs
    play(game, "5O")
    # Seat 1 has no coins, and its one trump wins the trick: it must trump.
    assert set(game.legal_actions()) == {parse_card("5B")}
    assert "must trump" in refused(game, "12C")
    play(game, "5B")
    # Seat 2 has no coins either, and clubs above the 5: it must overtrump.
    assert set(game.legal_actions()) == set(parse_cards("1B 3B 12B 11B 10B 7B"))
    assert "overtrump" in refused(game, "10E")
    play(game, "7B")
    assert game.tricks[0].winner == 2
    # Seat 2 leads the ace of trumps: nobody else has a trump, nor can win: any card.
    play(game, "1B")
    assert set(game.legal_actions()) == set(game.hands[0])
    play(game, "3O")
    assert set(game.legal_actions()) == set(game.hands[1])
    play(game, "5C")
    # Seat 2 leads the jack of swords; seat 0 has no swords and no trumps: any card.
    play(game, "10E")
    assert set(game.legal_actions()) == set(game.hands[0])
    play(game, "6O")
    # Seat 1 holds swords and each of them heads the jack: it must follow with one.
    assert "follow" in refused(game, "6C")
    assert set(game.legal_actions()) == set(parse_cards("1E 12E 11E"))


def test_the_no_duty_reading_lets_any_card_be_played() -> None:
    # The same position as above, under Grokipedia's "no obligation to follow suit".
    game = rematada({"duties": "none"})
    play(game, "pass bid:100 pass discard:3E discard:6B trump:B 5O")
    assert set(game.legal_actions()) == set(game.hands[1])  # no duty to trump
    play(game, "12C")
    assert set(game.legal_actions()) == set(game.hands[2])
    play(game, "10E")  # no duty to overtrump either
    assert game.tricks[0].winner == 0  # the 5 of coins, unbeaten
    assert rematada().rules.free_play is False  # the default keeps Tute's duties


def random_rematada_match(seed: int, tie: str) -> Match:
    match = Match("rematada", players=["Ana", "Bruno", "Carmen"], seed=seed,
                  options={"scoring": "game", "match_tie": tie})
    pick = random.Random(seed)
    match.play_out(lambda game: pick.choice(game.legal_actions()))
    return match


def test_two_players_reaching_the_target_together_play_on() -> None:
    # Seed 0: after four deals a failed contract takes both defenders to 3 game points.
    shared = random_rematada_match(0, "shared")
    assert shared.scores == [2, 3, 3] and shared.winners == (1, 2)
    # By default they play on until one leads alone (the same first four deals).
    match = random_rematada_match(0, "play-on")
    assert len(match.results) == 7 and match.scores == [3, 6, 5]
    assert [r for _, r in match.results[:4]] == [r for _, r in shared.results]
    assert len(match.winners) == 1 and max(match.scores) >= 3
    assert replay_match(match.to_record()).scores == match.scores


def test_no_random_rematada_match_ends_in_a_tie() -> None:
    ties = 0
    for seed in range(20):
        ties += len(random_rematada_match(seed, "shared").winners) > 1
        assert len(random_rematada_match(seed, "play-on").winners) == 1
    assert ties > 0  # the tie the option settles does happen


def test_a_trumped_trick_lets_any_card_of_the_suit_led() -> None:
    duty = cardrules.engine.CardRule  # the duty type, for the annotation below
    assert duty is not None
    from cardrules.core.ranking import STANDARD
    from cardrules.games.tute import TuteDuty

    trick = parse_cards("5O 7B")  # coins led, trumped with clubs
    rule = TuteDuty.for_trick(trick, cardrules.Suit.BASTOS, STANDARD.strength)
    hand = parse_cards("1O 6O 3E")
    assert rule.allowed(hand) == parse_cards("1O 6O")  # no coin can win: either will do
    hand = parse_cards("3E 12B 1B")  # no coins: a higher trump must overtrump
    assert rule.allowed(hand) == parse_cards("12B 1B")
    hand = parse_cards("3E 6B")  # the 6 of clubs cannot beat the 7: no forced under-trump
    assert rule.allowed(hand) == parse_cards("3E 6B")


def test_marriages_by_the_trick_winner_before_he_leads_and_the_last_trick() -> None:
    game = rematada()
    play(game, "bid:100 pass pass")  # seat 0 declares: he holds 12O 11O
    play(game, "discard:1C discard:3C trump:O")
    assert "declare:O" not in [cardrules.format_action(a) for a in game.legal_actions()]
    refused(game, "declare:O")  # never before trick 1
    play(game, "10O 5C 5E")  # seat 0 wins trick 1 (a trump)
    assert game.tricks[0].winner == 0 and game.current_player == 0
    legal = [cardrules.format_action(a) for a in game.legal_actions()]
    assert "declare:O" in legal
    before = game.points[0]
    play(game, "declare:O")
    assert game.points[0] == before + 40  # in trumps
    refused(game, "declare:O")
    while not game.is_over:
        game.play(game.legal_actions()[0])
    result = game.result
    assert result is not None
    last = game.tricks[-1].winner
    assert last is not None
    extras = {s: 0 for s in range(3)}
    extras[last] += 10
    extras[0] += 40
    discards = points_of(parse_cards("1C 3C"))
    for seat in range(3):
        taken = points_of([c for t in game.tricks if t.winner == seat for c in t.cards])
        assert result.points[seat] == taken + extras[seat] + (discards if seat == 0 else 0)
    assert sum(result.points) == 120 + 10 + 40
    assert all(t.points == points_of(t.cards) for t in game.tricks)  # tricks: card points only


def test_rematada_scoring_readings() -> None:
    for scoring in ("bid", "game"):
        game = rematada({"scoring": scoring})
        play(game, "bid:101 pass pass discard:1C discard:3C trump:O")
        while not game.is_over:
            game.play(game.legal_actions()[0])
        result = game.result
        assert result is not None
        made = result.points[0] >= 101
        assert result.sides == ((0,), (1, 2))
        assert result.winner == (0 if made else 1)
        json = result.to_json()
        assert json["bid"] == 101 and json["declarer"] == 0
        if scoring == "bid":
            assert json["game_points"] == ([101, 0, 0] if made else [0, 50.5, 50.5])
        else:
            assert json["game_points"] == ([1, 0, 0] if made else [0, 1, 1])


def test_the_declarer_leads_with_the_option() -> None:
    game = rematada({"first_lead": "declarer"})
    play(game, "pass bid:100 pass discard:3E discard:6B trump:B")
    assert game.current_player == 1


# Invariants over random deals -------------------------------------------------------------

SETUPS = [
    ("chiamata", {}), ("chiamata", {"auction": "ranks"}), ("chiamata", {"buia": True}),
    ("chiamata", {"call_own_card": False, "first_lead": "caller"}),
    ("rematada", {}), ("rematada", {"scoring": "game", "first_lead": "declarer"}),
]


@settings(max_examples=150, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**64 - 1),
       rnd=st.randoms(use_true_random=True))
def test_random_auction_deals_keep_every_invariant(
    setup: tuple[str, dict[str, Any]], seed: int, rnd: random.Random
) -> None:
    game_id, options = setup
    game = cardrules.new_game(game_id, seed=seed, options=options)
    deal = game.dealt
    assert deal is not None
    every = sorted(deal.cards, key=lambda c: c.index)
    for _ in range(600):
        # Cards are conserved.
        held = [c for h in game.hands for c in h] + list(game.trick) + list(game.talon)
        held += [c for pile in game.taken for c in pile] + list(game.aside)
        assert sorted(held, key=lambda c: c.index) == every
        # The hidden partner never shows in another seat's view before the card is played.
        if game_id == "chiamata" and game.sides and len(game.sides[0]) == 2:
            called = game.details.called  # type: ignore[attr-defined]
            shown = called in game.trick or any(called in t.cards for t in game.tricks)
            partner = game.rules.partner(game)  # type: ignore[attr-defined]
            for seat in range(5):
                view = game.view(seat)
                if not shown and seat != partner:
                    assert view.sides == () and view.partners == ()
        if game.is_over:
            break
        legal = game.legal_actions()
        passes = [a for a in legal if cardrules.format_action(a) == "pass"]
        action = passes[0] if passes and rnd.random() < 0.4 else rnd.choice(legal)
        if rnd.random() < 0.2:  # an illegal action changes nothing
            tries: list[cardrules.Action | str] = [
                *cardrules.ALL_CARDS, "bid:1", "bid:500", "pass", "call:1O", "trump:O",
                "declare:C", "discard:1O"]
            wrong = rnd.choice(tries)
            if game.refusal(wrong) is not None:
                before = game.snapshot()
                with pytest.raises(IllegalActionError):
                    game.play(wrong)
                assert game.snapshot() == before
        game.play(action)
    assert game.is_over
    result = game.result
    assert result is not None
    json = result.to_json()
    if json.get("void"):
        assert game.tricks == [] and json["winner"] is None
    elif game_id == "chiamata":
        assert sum(result.points) == 120 and len(game.tricks) == 8
        assert sum(result.game_points) == 0  # what the callers win, the others lose
        assert json["partner"] in result.sides[0]
    else:
        marriages = game.details.marriages  # type: ignore[attr-defined]
        declared = sum(40 if suit is game.trump else 20 for _, suit, _ in marriages)
        assert sum(result.points) == 120 + 10 + declared
        assert len(game.tricks) == 10
    again = cardrules.replay(game.to_record())
    assert again.result == result and again.tricks == game.tricks


@pytest.mark.parametrize("game_id", ["chiamata", "rematada"])
def test_every_bot_bids_calls_discards_and_names_trumps(game_id: str) -> None:
    for seed in range(20):
        game = cardrules.new_game(game_id, seed=seed)
        n = game.players
        play_out(game, [GreedyBot() if s % 2 else RandomBot(seed + s) for s in range(n)])
        assert game.is_over


def test_greedy_bids_within_its_hand_estimate() -> None:
    bids = []
    for seed in range(40):
        game = cardrules.new_game("rematada", seed=seed)
        play_out(game, [GreedyBot()] * 3)
        bid = game.details.bid  # type: ignore[attr-defined]
        bids.append(bid)
    assert all(100 <= b <= 170 for b in bids)
    assert len(set(bids)) > 1  # the estimate depends on the hand


@pytest.mark.parametrize("game_id", ["chiamata", "rematada"])
def test_matches_play_both_games_to_their_targets(game_id: str) -> None:
    match = Match(game_id, seed=2)
    bots = [GreedyBot()] * match.rules.players
    match.play_out(lambda game: bots[0].choose(game.view(game.current_player or 0)))
    assert match.is_over and match.target is not None
    assert max(match.scores) >= match.target
    assert replay_match(match.to_record()).scores == match.scores


def test_mexican_brisca_wins_with_eleven_points_or_fewer() -> None:
    counts = {None: 0, 0: 0, 1: 0}
    for seed in range(60):
        game = cardrules.new_game("brisca", players=2, seed=seed, options={"aim": "at-most-11"})
        while not game.is_over:
            game.play(game.legal_actions()[-1])
        result = game.result
        assert result is not None
        low = min(result.side_points)
        if result.winner is not None:
            assert result.side_points[result.winner] == low <= 11
        else:
            assert low > 11 or result.side_points.count(low) > 1
        counts[result.winner] += 1
    assert counts[None] > 0


def test_the_four_deal_match_rotates_trumps() -> None:
    bot = GreedyBot()

    def choose(game: Game) -> cardrules.Action:
        return bot.choose(game.view(game.current_player or 0))

    for mode in ("deals", "points"):
        match = Match("briscola", players=["Ana", "Bea"], seed=6, rotate_trumps=mode)
        match.play_out(choose)
        assert [g.trump.value for g in match.games if g.trump] == ["O", "C", "E", "B"]
        assert len(match.results) == 4
        if mode == "points":
            assert sum(match.scores) == 4 * 120
        else:
            assert sum(match.scores) == sum(r.winner is not None for _, r in match.results)
        assert replay_match(match.to_record()).scores == match.scores


def test_chiamata_worlds_keep_the_partner_hidden() -> None:
    game = chiamata()
    play(game, "bid:70 pass pass pass pass call:1C")
    view = game.view(3)
    partners = set()
    rng = random.Random(1)
    for _ in range(40):
        world = view.sample(rng)
        assert world.view(3) == view
        partners.add(world.rules.partner(world))  # type: ignore[attr-defined]
    # Anyone but seat 3 (the caller may have called his own card, as far as seat 3 knows).
    assert partners <= {0, 1, 2, 4} and len(partners) >= 3
    assert Card(1, cardrules.Suit.COPAS) in game.hands[1]
