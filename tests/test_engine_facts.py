"""The typed facts a game declares for readers (cardrules.engine.facts) and the kinds of moves.

Worked examples on the two sample deals with an auction, then a property over random deals:
at every step the hooks say what the game's own details and result say.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Card, Decision, Game, Move, replay
from cardrules.engine import Auction, Contract, RankBid, Rules, Settlement, Tally, TallyForm

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def sample(name: str) -> Game:
    return replay(json.loads((EXAMPLES / name).read_text(encoding="utf-8")))


def test_chiamata_sample_declares_its_auction_contract_and_settlement() -> None:
    game = sample("chiamata-5p.json")
    rules = game.rules
    auction = rules.bidding(game.details)
    assert isinstance(auction, Auction)
    assert auction.calls[:5] == ((0, 61), (1, None), (2, None), (3, 62), (4, 63))
    assert (auction.high, auction.high_seat) == (81, 0)
    assert auction.passed == frozenset({1, 2, 3, 4})
    assert rules.contract(game.details) == Contract(
        holder=0, points=81, alone=False, called=Card(12, cardrules.Suit.OROS))
    result = game.result
    assert result is not None
    assert rules.settlement(result) == Settlement(
        contract=Contract(0, 81, False, Card(12, cardrules.Suit.OROS)), made=True, taken=120)


def test_chiamata_contract_appears_when_the_auction_is_won_and_the_call_fills_it() -> None:
    game = sample("chiamata-5p.json")
    rules = game.rules
    contracts = [rules.contract(step.after.details) for step in game.steps()]
    first = next(i for i, c in enumerate(contracts) if c is not None)
    # The auction is won at its 25th call (the deal is step 0): no card is called yet.
    assert first == 25
    assert contracts[first] == Contract(holder=0, points=81, alone=False)
    called = contracts[first + 1]
    assert called is not None and called.called == Card(12, cardrules.Suit.OROS)


def test_rematada_sample_declares_a_contract_played_alone() -> None:
    game = sample("rematada-3p.json")
    rules = game.rules
    auction = rules.bidding(game.details)
    assert auction is not None and auction.high == 114 and auction.high_seat == 0
    assert auction.passed == frozenset({1, 2})
    assert auction.calls[:3] == ((0, 100), (1, 101), (2, None))
    assert rules.contract(game.details) == Contract(holder=0, points=114, alone=True)
    result = game.result
    assert result is not None
    assert rules.settlement(result) == Settlement(
        contract=Contract(0, 114, True), made=True, taken=122)


def test_a_void_chiamata_deal_is_settled_void() -> None:
    game = cardrules.new_game("chiamata", players=5, seed=1)
    for _ in range(5):
        game.play("pass")
    assert game.result is not None
    assert game.rules.settlement(game.result) == Settlement(void=True)
    assert game.rules.contract(game.details) is None
    auction = game.rules.bidding(game.details)
    assert auction is not None and auction.high is None and len(auction.passed) == 5


@pytest.mark.parametrize("game_id", ["briscola", "brisca", "briscas", "alcalde",
                                     "alcalde-variation", "aluette"])
def test_games_without_an_auction_declare_no_such_facts(game_id: str) -> None:
    game = cardrules.new_game(game_id, seed=5)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    rules = game.rules
    assert rules.bidding(game.details) is None
    assert rules.contract(game.details) is None
    assert game.result is not None and rules.settlement(game.result) is None


def test_the_default_hooks_mean_no_such_fact() -> None:
    assert Rules.bidding is not type(cardrules.rules_for("chiamata", 5)).bidding
    rules = cardrules.rules_for("briscola", 2)
    assert type(rules).contract is Rules.contract
    assert rules.rank_bid(12) is None and not rules.contract_alone
    assert rules.seating_cards(None) == ()


def test_each_game_declares_what_a_score_pad_asks_of_a_deal() -> None:
    assert cardrules.rules_for("briscola", 2).tally_form() == TallyForm(total=120)
    tute = cardrules.rules_for("tute", 4).tally_form()
    assert tute.tute and tute.total is None and tute.low_bid is None
    chiamata = cardrules.rules_for("chiamata", 5).tally_form()
    assert (chiamata.low_bid, chiamata.partner, chiamata.void) == (61, True, True)
    rematada = cardrules.rules_for("rematada", 3).tally_form()
    assert (rematada.low_bid, rematada.partner, rematada.void) == (100, False, False)
    aluette = cardrules.rules_for("aluette", 4).tally_form()
    assert (aluette.kind, aluette.tricks, aluette.low_bid) == ("tricks", 9, None)


def test_a_tally_is_scored_by_the_games_own_result() -> None:
    briscola = cardrules.rules_for("briscola", 2).result_of_tally(Tally(points=(50, 70)))
    assert (briscola.side_points, briscola.winner) == ((50, 70), 1)
    chiamata = cardrules.rules_for("chiamata", 5)
    result = chiamata.result_of_tally(Tally(holder=1, partner=3, bid=70, taken=65))
    settled = chiamata.settlement(result)
    assert settled is not None and settled.contract is not None
    assert result.sides[0] == (1, 3) and settled.contract.points == 70
    assert (settled.made, settled.taken) == (False, 65)
    void = chiamata.settlement(chiamata.result_of_tally(Tally(void=True)))
    assert void is not None and void.void


def test_a_rank_auction_declares_its_bids_as_ranks() -> None:
    ranks = cardrules.rules_for("chiamata", 5, {"auction": "ranks"})
    assert [ranks.rank_bid(b) for b in (1, 12, 2, 64)] == [
        RankBid(1), RankBid(12), RankBid(2), RankBid(2, points=64)]
    assert cardrules.rules_for("chiamata", 5).rank_bid(64) is None
    assert cardrules.rules_for("rematada", 3).rank_bid(64) is None


def _agree(rules: Rules, details: Any) -> None:
    """The hooks say what the details say (the games' own field names, read only here)."""
    auction = rules.bidding(details)
    assert auction is details.auction
    contract = rules.contract(details)
    holder = details.caller if rules.id == "chiamata" else details.declarer
    points = details.contract if rules.id == "chiamata" else details.bid
    if holder is None:
        assert contract is None
        return
    assert contract is not None
    assert (contract.holder, contract.points) == (holder, points)
    assert contract.alone is (rules.id == "rematada") is rules.contract_alone
    assert contract.called == getattr(details, "called", None)
    assert contract.holder == auction.high_seat


SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("chiamata", {}), ("chiamata", {"auction": "ranks"}), ("chiamata", {"buia": True}),
    ("chiamata", {"call_own_card": False}), ("rematada", {}), ("rematada", {"scoring": "game"}),
]


@settings(max_examples=40, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(min_value=0, max_value=2**64 - 1),
       choices=st.randoms())
def test_the_hooks_agree_with_the_details_over_random_deals(
        setup: tuple[str, dict[str, Any]], seed: int, choices: random.Random) -> None:
    game_id, options = setup
    game = cardrules.new_game(game_id, seed=seed, options=options)
    rules = game.rules
    while not game.is_over:
        _agree(rules, game.details)
        for seat in range(game.players):  # what each seat sees of them too
            _agree(rules, game.view(seat).details)
        legal = game.legal_actions()
        game.play(legal[int(choices.random() * len(legal))])
    _agree(rules, game.details)
    result = game.result
    assert result is not None
    settled = rules.settlement(result)
    assert settled is not None
    if settled.void:
        assert result.reason == "void" and settled.contract is None
        return
    assert settled.contract == rules.contract(game.details)
    assert settled.made is (result.winner == 0)
    assert settled.contract is not None and settled.contract.holder in result.sides[0]
    assert settled.taken == result.side_points[0]
    assert settled.made is (settled.taken >= settled.contract.points)


def _kinds(rules_type: type[Rules]) -> dict[str, Decision]:
    return {m.keyword: m.decision for m in rules_type.move_types}


def test_every_move_says_what_kind_of_decision_it_is() -> None:
    assert _kinds(type(cardrules.rules_for("chiamata", 5))) == {
        "bid": Decision.BID, "pass": Decision.PASS, "call": Decision.CALL}
    assert _kinds(type(cardrules.rules_for("rematada", 3))) == {
        "bid": Decision.BID, "pass": Decision.PASS, "discard": Decision.BANK,
        "trump": Decision.TRUMPS, "declare": Decision.DECLARE}
    assert _kinds(type(cardrules.rules_for("brisca", 2))) == {
        "exchange": Decision.EXCHANGE, "arrastro": Decision.DECLARED_PLAY,
        "claim": Decision.CLAIM}
    aluette = _kinds(type(cardrules.rules_for("aluette", 4)))
    assert aluette["discard"] is Decision.DISCARD and aluette["surrender"] is Decision.CONCEDE
    assert aluette["accept"] is aluette["refuse"] is Decision.ANSWER
    assert aluette["chant"] is aluette["signal"] is Decision.OTHER
    assert Move.decision is Decision.OTHER


@pytest.mark.parametrize(("game", "players", "rule"), [
    ("briscola", 2, "italian"), ("brisca", 4, "spanish"), ("briscas", 3, "puerto-rico"),
    ("alcalde", 3, "puerto-rico"), ("tute", 2, "spanish"),
    ("tute", 4, None), ("chiamata", 5, None), ("rematada", 3, None), ("aluette", 4, None),
])
def test_the_trump_exchange_is_declared_by_the_games_that_have_one(
        game: str, players: int, rule: str | None) -> None:
    declared = cardrules.rules_for(game, players).trump_exchange()
    assert (declared.rule if declared is not None else None) == rule
    switched_off = cardrules.rules_for(game, players, {"exchange": "none"}) if rule else None
    assert switched_off is None or switched_off.trump_exchange() is None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(["briscola", "brisca", "briscas"]))
def test_the_declared_exchange_moves_are_the_games_own(seed: int, game: str) -> None:
    # Every legal exchange the engine offers is the declared rule's move for one of the cards
    # the rule says may take the turned-up card now, and the other way round.
    played = cardrules.new_game(game, players=2, seed=seed)
    rng = random.Random(seed)
    while not played.is_over:
        declared = played.rules.trump_exchange()
        assert declared is not None
        takers = declared.cards(played)
        offered = {a for a in played.legal_actions() if isinstance(a, Move)
                   and a.decision is Decision.EXCHANGE}
        assert offered <= {declared.move(card) for card in takers}
        for action in offered:
            assert played.refusal(action) is None
        played.play(rng.choice(played.legal_actions()))
