"""Guiñote: worked examples for its rules, and invariants over random deals.

Written from the rule texts (the project's notes, GUINOTE-FACTS.md): seats in order of play from
the dealer's right (seat 0 leads first), four players in partnerships (seats 0 and 2 against 1
and 3). Notation: card codes, ``declare:S`` (a cante), ``exchange:7S``. The duties of the
*arrastre* are checked against a reference written here from the rules, not from the engine.
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
from cardrules import Card, Deal, Game, parse_card, parse_cards
from cardrules.account.narration import Narrator
from cardrules.bots import GreedyBot, interjection, make_bot
from cardrules.match import Match

# Ace, three, king, JACK, KNIGHT, then the blanks: the jack above the knight.
ORDER = (1, 3, 12, 10, 11, 9, 8, 7, 6, 5, 4, 2)
POINTS = {1: 11, 3: 10, 12: 4, 10: 3, 11: 2}

# Clubs are trumps (the ace of clubs is turned up, the last card of the stock).
HANDS = [
    "11O 4O 12C 10C 5E 3B",   # Ana: the king and the jack of cups, a cante of 20
    "10O 5O 4E 7E 2E 4B",     # Bruno
    "12O 6O 12E 11E 2C 5B",   # Carmen, Ana's partner: king and KNIGHT of swords, no cante
    "7B 7O 2O 3O 4C 5C",      # Diego, Bruno's partner, the dealer: the 7 of trumps
]
STOCK = "1O 1C 3C 6C 7C 11C 1E 3E 6E 10E 2B 6B 10B 11B 12B 1B"


def four(options: dict[str, Any] | None = None) -> Game:
    deal = Deal(tuple(tuple(parse_cards(h)) for h in HANDS), tuple(parse_cards(STOCK)), ())
    return cardrules.new_game("guinote", players=4, deal=deal, options=options)


def test_the_deal_six_cards_each_in_threes_the_turned_up_card_fixes_trumps() -> None:
    game = cardrules.new_game("guinote", players=4, seed=7)
    assert [len(h) for h in game.hands] == [6, 6, 6, 6]
    assert game.stock_size == 16 and game.turn_up is not None
    assert game.trump is game.turn_up.suit
    assert game.sides == ((0, 2), (1, 3))
    assert [len(h) for h in cardrules.new_game("guinote", players=2, seed=7).hands] == [6, 6]
    assert game.rules.deal_packets() == [(0, 3), (1, 3), (2, 3), (3, 3)] * 2
    for cards, numbers in ((48, 12), (36, 9)):
        rules = cardrules.rules_for("guinote", 4, {"cards": cards})
        assert len(rules.cards) == 4 * numbers
        assert sum(rules.card_points[c.index] for c in rules.cards) == 120


def test_rank_and_points_the_jack_above_the_knight() -> None:
    rules = cardrules.rules_for("guinote", 4)
    cards = [Card(n, cardrules.Suit.OROS) for n in ORDER if n not in (8, 9)]
    strengths = [rules.strength[c.index] for c in cards]
    assert strengths == sorted(strengths, reverse=True)
    assert [rules.card_points[c.index] for c in cards] == [POINTS.get(c.number, 0) for c in cards]
    # The jack (sota) takes the knight (caballo), unlike Tute.
    assert rules.trick_winner(parse_cards("11O 10O"), cardrules.Suit.BASTOS) == 1
    assert cardrules.rules_for("tute", 4).trick_winner(parse_cards("11O 10O"), None) == 0


def test_while_the_stock_lasts_any_card_and_the_king_takes_the_first_trick() -> None:
    game = four()
    play(game, "11O 10O")
    # Carmen holds coins but need not follow: no duty while the stock lasts.
    assert set(game.legal_actions()) >= set(parse_cards("12O 6O 12E 11E 2C 5B"))
    play(game, "12O 2O")
    trick = game.tricks[0]
    assert trick.winner == 2 and trick.points == 2 + 3 + 4
    # The winner draws first, then the others in turn.
    assert parse_card("1O") in game.hands[2] and parse_card("6C") in game.hands[1]
    assert game.current_player == 2


def test_a_cante_is_king_and_jack_declared_by_either_partner_after_the_side_wins() -> None:
    game = four()
    assert "after the side wins a trick" in refused(game, "declare:C")
    play(game, "11O 10O 12O 2O")  # Carmen takes the trick
    # Carmen's king and knight of swords make no cante in Guiñote.
    assert "king and the jack of swords" in refused(game, "declare:E")
    # Carmen is to lead; Ana may sing out of turn, and every way of asking says so alike.
    cante = game.parse("declare:C")
    assert game.current_player == 2 and cante not in game.legal_actions()
    assert game.out_of_turn_actions() == {0: [cante]}
    assert game.view(0).legal_actions == (cante,) and game.view(0).out_of_turn
    assert not game.view(2).out_of_turn and not game.view(1).out_of_turn
    # The search bot in Ana's seat sings; the greedy bot acts in turn only.
    bots: list[Any] = [make_bot("pimc", seed=1, worlds=4) for _ in range(4)]
    assert interjection(game, bots) == (0, cante)
    assert interjection(game, [GreedyBot()] * 4) is None
    # Ana, Carmen's partner, sings out of turn: her king and jack of cups, 20.
    event = game.play("declare:C")
    assert event.seat == 0 and game.points[0] == 20
    said = Narrator(game.rules, game.names, "en").step(list(game.steps())[-1]).action
    assert said == "Ana declares king and jack of cups: 20 points."
    spanish = Narrator(game.rules, game.names, "es").step(list(game.steps())[-1]).action
    assert spanish == "Ana canta las veinte en copas (rey y sota)."
    assert "declared" in refused(game, "declare:C")  # once per suit
    # Bruno's side did not win the trick.
    assert game.current_player == 2 and game.legal_actions(1) == []


def test_cante_options_the_trick_winner_only_and_tutes_pair() -> None:
    game = four({"cante_by": "winner"})
    play(game, "11O 10O 12O 2O")
    # Only Carmen, the trick's winner, may sing, and she lacks the pair; Ana may not.
    assert refused(game, "declare:C") == "Carmen needs the king and the jack of cups to declare"
    assert game.legal_actions(0) == []
    knight = four({"cante_pair": "king-knight"})
    play(knight, "11O 10O 12O 2O")
    knight.play("declare:E")  # Carmen's king and knight of swords
    assert knight.points[2] == 9 + 20
    assert refused(knight, "declare:C") == "Carmen has declared on this trick already"


def test_forty_in_trumps() -> None:
    hands = ["12B 10B 4O 5O 6O 7O", "1O 3O 2C 4C 5C 6C", "2O 7C 2E 4E 5E 6E",
             "7E 10E 11E 12E 1E 3E"]
    stock = "1C 3C 10C 11C 12C 10O 11O 12O 2B 3B 4B 5B 6B 7B 11B 1B"
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards(stock)), ())
    game = cardrules.new_game("guinote", players=4, deal=deal)
    play(game, "7O 2C 2O 7E")  # Ana's seven of coins takes the trick
    game.play("declare:B")  # her king and jack of clubs, trumps
    assert game.points[0] == 40 and "las cuarenta" in Narrator(
        game.rules, game.names, "es").step(list(game.steps())[-1]).action


def test_the_seven_of_trumps_takes_the_turned_up_card_once_the_side_has_won_a_trick() -> None:
    game = four()
    assert "must win a trick" in refused(game, "exchange:7B")
    play(game, "11O 10O 12O 2O")
    assert "must win a trick" in refused(game, "exchange:7B")  # Carmen's side won it
    play(game, "2C 1C 4O 5O")  # Diego's ace of cups takes the second trick
    game.play("exchange:7B")
    assert parse_card("1B") in game.hands[3] and game.turn_up == parse_card("7B")


def arrastre(options: dict[str, Any] | None = None) -> Game:
    """The HANDS deal played to the end of the stock (four tricks); Bruno leads the first trick
    of the arrastre holding 4E 7E 6C 1E 6B 10B; Carmen 12E 11E 5B 3E 6E 11B; Diego 7B 4C 5C 7C
    10E 12B; Ana 12C 10C 3B 3C 11C 1B (she draws the turned-up ace of clubs)."""
    game = four(options)
    play(game, "11O 10O 12O 2O 2C 1C 4O 5O 7O 5E 2E 1O 6O 3O 2B 4B")
    assert game.stock_size == 0 and game.current_player == 1
    assert set(game.hands[0]) == set(parse_cards("12C 10C 3B 3C 11C 1B"))
    return game


def allowed(game: Game) -> set[str]:
    return {a.code for a in game.legal_actions() if isinstance(a, Card)}


def test_the_arrastre_follow_and_beat_trump_and_the_partners_trick() -> None:
    game = arrastre()
    game.play("7E")
    # Carmen holds swords and an opponent heads: follow and beat (the 6 does not beat the 7).
    assert allowed(game) == {"12E", "11E", "3E"}
    game.play("11E")
    # Diego's jack beats Carmen's knight: the jack (sota) ranks above the knight (caballo).
    assert allowed(game) == {"10E"}
    game.play("10E")
    # Ana has no swords and an opponent heads: trump (either trump wins).
    assert allowed(game) == {"3B", "1B"}
    assert "must trump" in refused(game, "11C")
    game.play("3B")
    assert game.tricks[-1].winner == 0 and game.tricks[-1].points == 2 + 3 + 10
    game.play("11C")  # Ana leads the knight of cups
    assert allowed(game) == {"6C"}  # Bruno follows; he cannot beat it
    game.play("6C")
    # Carmen has no cups, but her partner heads the trick: any card, no need to trump.
    assert allowed(game) == {"12E", "3E", "6E", "5B", "11B"}
    strict = arrastre({"partner_exempt": False})
    play(strict, "7E 11E 10E 3B 11C 6C")
    assert allowed(strict) == {"5B", "11B"}  # off: she must trump her partner's trick


def test_exchange_options_own_trick_and_no_low_card() -> None:
    for after, allowed in (("side-trick", True), ("own-trick", False)):
        game = four({"exchange_after": after})
        play(game, "11O 10O 12O 2O 2C 4C 4O 6C")  # Bruno's six of cups takes trick 2
        assert game.tricks[-1].winner == 1 and game.current_player == 1
        # Diego, Bruno's partner, holds the 7: out of turn, as the side's trick allows.
        assert (game.parse("exchange:7B") in game.legal_actions(3)) is allowed
    swap = {"6B": "1B", "1B": "6B"}
    low = " ".join(swap.get(code, code) for code in STOCK.split())  # a 6 turned up
    deal = Deal(tuple(tuple(parse_cards(h)) for h in HANDS), tuple(parse_cards(low)), ())
    for exchange_low in (True, False):
        game = cardrules.new_game("guinote", players=4, deal=deal,
                                  options={"exchange_low": exchange_low})
        play(game, "11O 10O 12O 2O 2C 1C 4O 5O")  # Diego's ace of cups
        assert (game.parse("exchange:7B") in game.legal_actions()) is exchange_low


def test_de_vueltas_the_first_side_to_101_wins_at_once() -> None:
    game = four({"vueltas_first": 95, "vueltas_second": 35})
    play(game, "11O 10O 12O 2O")  # 9 points: Ana and Carmen reach 104
    result = game.result
    assert result is not None and game.is_over
    assert result.reason == "vueltas" and result.winner == 0
    assert result.side_points == (104, 35) and result.game_points == (1, 0)
    verdict = Narrator(game.rules, game.names, "es").verdict(result)
    assert "llega a 101 de vueltas" in verdict
    dealt = Narrator(game.rules, game.names, "en").deal(next(iter(game.steps())))
    assert dealt.endswith("Each side brings its points from the deal before: Ana and Carmen, "
                          "95; Bruno and Diego, 35.")
    assert Narrator(four().rules, game.names, "en").deal(next(iter(four().steps()))) == (
        "The cards are dealt; the ace of clubs is turned up: clubs are trumps.")
    on_a_cante = four({"vueltas_first": 80, "vueltas_second": 35})
    play(on_a_cante, "11O 10O 12O 2O")
    assert not on_a_cante.is_over  # 89
    on_a_cante.play("declare:C")  # 109: the cante ends it
    assert on_a_cante.is_over and on_a_cante.result is not None
    assert on_a_cante.result.reason == "vueltas"
    with pytest.raises(cardrules.OptionError):
        four({"vueltas_first": 80})


def test_a_match_plays_de_vueltas_after_a_deal_without_101_and_goes_to_three_games() -> None:
    match = Match("guinote", players=["Ana", "Bruno", "Carmen", "Diego"], seed=5)
    rnd = random.Random(1)
    match.play_out(lambda g: rnd.choice(g.legal_actions()))
    assert max(match.scores) == 3
    for (seats, result), after in zip(match.results, match.games[1:], strict=False):
        options = after.rules.opts  # type: ignore[attr-defined]
        if result.reason != "ida":
            assert options.vueltas_first is None
            continue
        # Each side brings its points: the side of the next deal's seat 0 first.
        nxt = match.games.index(after)
        people = match.results[nxt][0]
        brought = {p: result.side_points[next(i for i, side in enumerate(result.sides)
                                              if seats.index(p) in side)] for p in seats}
        assert (options.vueltas_first, options.vueltas_second) == (brought[people[0]],
                                                                    brought[people[1]])
    assert any(r.reason == "vueltas" for _, r in match.results)
    again = cardrules.match.replay_match(match.to_record())
    assert again.scores == match.scores


# The reference duties of the arrastre, from the rule texts -----------------------------------

def reference_allowed(game: Game, seat: int) -> set[Card]:
    hand = list(game.hands[seat])
    trick = list(game.trick)
    if not trick or game.stock_size:
        return set(hand)
    rules = game.rules
    strength, trump = rules.strength, game.trump
    led = trick[0].suit
    head = trick[0]
    for card in trick[1:]:
        if (card.suit is head.suit and strength[card.index] > strength[head.index]) or (
                card.suit is trump and head.suit is not trump):
            head = card
    leader = game.tricks[-1].winner if game.tricks else 0
    assert leader is not None
    head_seat = (leader + trick.index(head)) % game.players
    follow = [c for c in hand if c.suit is led]
    partner = game.players == 4 and head_seat == (seat + 2) % 4
    if partner and rules.opts.partner_exempt:  # type: ignore[attr-defined]
        return set(follow or hand)

    def beats(card: Card) -> bool:
        if card.suit is head.suit:
            return strength[card.index] > strength[head.index]
        return card.suit is trump

    if follow:
        return {c for c in follow if beats(c)} or set(follow)
    return {c for c in hand if c.suit is trump and beats(c)} or set(hand)


@settings(max_examples=examples(120), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([4, 2]),
       pack=st.sampled_from([40, 48, 36]), exempt=st.booleans(),
       by=st.sampled_from(["side", "winner"]), vueltas=st.none() | st.integers(30, 100).flatmap(
           lambda a: st.tuples(st.just(a), st.integers(130 - a, 100))))
def test_random_deals_keep_the_invariants(seed: int, players: int, pack: int, exempt: bool,
                                          by: str, vueltas: tuple[int, int] | None) -> None:
    options: dict[str, Any] = {"cards": pack, "partner_exempt": exempt, "cante_by": by}
    if vueltas is not None:  # what a deal without 101 leaves: 130 at least between the sides
        options.update(vueltas_first=vueltas[0], vueltas_second=vueltas[1])
    game = cardrules.new_game("guinote", players=players, seed=seed, options=options)
    rnd = random.Random(seed)
    deal = game.dealt
    assert deal is not None
    dealt = set(deal.cards)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        # Sometimes a partner's out-of-turn cante first.
        others = [a for s in range(players) if s != seat for a in game.legal_actions(s)]
        if others and rnd.random() < 0.5:
            game.play(rnd.choice(others))
            continue
        legal = game.legal_actions()
        cards = {a for a in legal if isinstance(a, Card)}
        assert cards == reference_allowed(game, seat)
        game.play(rnd.choice(legal))
    result = game.result
    assert result is not None
    declared: tuple[tuple[int, cardrules.Suit, int], ...] = getattr(  # noqa: B009
        game.details, "marriages")
    cantes = sum(40 if suit is game.trump else 20 for _, suit, _ in declared)
    carried = vueltas or (0, 0)
    totals = tuple(sum(result.points[s] for s in side) + carried[i]
                   for i, side in enumerate(result.sides))
    assert result.side_points == totals
    if result.reason == "vueltas":
        assert vueltas is not None and totals[result.winner or 0] >= 101
        assert sum(t >= 101 for t in totals) == 1  # it ended as soon as one side reached 101
    else:
        # Played out: every card played once, 120 + the cantes + the ten of the last trick.
        played = [c for t in game.tricks for c in t.cards]
        assert len(played) == len(set(played)) and set(played) == dealt
        assert sum(result.points) == 120 + cantes + 10
        over = [i for i, t in enumerate(totals) if t >= 101]
        if not over:
            assert vueltas is None and result.winner is None and result.reason == "ida"
        else:
            last = game.tricks[-1].winner
            assert last is not None
            expected = over[0] if len(over) == 1 else game.side_of(last)
            assert result.winner == expected and result.game_points[expected] == 1
    again = cardrules.replay(game.to_record())
    assert again.result == result and again.log == game.log
