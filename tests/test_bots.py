"""The bots: GreedyBot's choices in hand-made positions, legality of every bot action over many
seeded deals of every game, and play_out."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import cardrules
from cardrules import (
    Action,
    Card,
    Claim,
    Deal,
    Exchange,
    Game,
    Move,
    new_game,
    parse_card,
    parse_cards,
    rules_for,
)
from cardrules.bots import (
    HINT_NOISE,
    Bot,
    GreedyBot,
    RandomBot,
    cheapest_key,
    hint_bot,
    make_bot,
    play_out,
    wins_now,
)
from cardrules.bots.endgame import EXACT_PLAYS, known_endgame, plays_left, solve_choices
from cardrules.bots.pimc import LEVELS, MIN_WORLDS, PimcBot
from cardrules.bots.playout import (
    CardRule,
    _duel_card,
    careful_card,
    greedy_card,
    playout,
    tables,
)

GAME_COUNTS = [(g, n) for g, rules in cardrules.GAMES.items() for n in rules.player_counts]


def deal_for(
    game_id: str,
    players: int,
    hands: Sequence[str],
    *,
    turn_up: str = "",
    options: Mapping[str, Any] | None = None,
) -> Deal:
    """An explicit deal: these hands; the stock is every other card of the game in index order,
    then the turned-up card (for games that turn one up)."""
    rules = rules_for(game_id, players, options)
    dealt = [tuple(parse_cards(h)) for h in hands]
    used = {c for h in dealt for c in h}
    if turn_up:
        used.add(parse_card(turn_up))
    rest = [c for c in rules.cards if c not in used]
    stock = (*rest, parse_card(turn_up)) if turn_up else tuple(rest)
    return Deal(tuple(dealt), stock)


def start(
    game_id: str,
    players: int,
    hands: Sequence[str],
    plays: str = "",
    *,
    turn_up: str = "",
    options: Mapping[str, Any] | None = None,
) -> Game:
    deal = deal_for(game_id, players, hands, turn_up=turn_up, options=options)
    game = new_game(game_id, players=players, deal=deal, options=options)
    for action in plays.split():
        game.play(action)
    return game


def greedy(game: Game) -> Action:
    seat = game.current_player
    assert seat is not None and seat >= 0
    return GreedyBot().choose(game.view(seat))


# GreedyBot in hand-made positions --------------------------------------------------------------


def test_greedy_takes_the_cheapest_winning_card() -> None:
    # Trumps are clubs (7B turned up). Seat 1 answers the 4 of cups: the three (10 points) and the
    # king (4 points) both win; the king is cheaper. The 2 of swords cannot win.
    game = start("briscola", 2, ["4C 1O 5O", "3C 12C 2E"], "4C", turn_up="7B")
    assert greedy(game) is parse_card("12C")


def test_greedy_prefers_a_worthless_card_of_the_suit_to_a_trump() -> None:
    # The 6 of cups and the 4 of clubs (a trump) both beat the 4 of cups and are worth nothing:
    # a trump is dearer than a plain card, even a stronger one.
    game = start("briscola", 2, ["4C 1O 5O", "6C 4B 3O"], "4C", turn_up="7B")
    assert greedy(game) is parse_card("6C")


def test_greedy_trumps_rather_than_spend_points() -> None:
    # Winning with the three of cups costs 10 points, with the 6 of clubs (trump) nothing.
    game = start("briscola", 2, ["4C 1O 5O", "3C 6B 12O"], "4C", turn_up="7B")
    assert greedy(game) is parse_card("6B")


def test_greedy_throws_the_cheapest_card_when_nothing_wins() -> None:
    # Nothing beats the ace of cups without a trump: throw the card worth least.
    game = start("briscola", 2, ["1C 1O 5O", "3C 12O 5E"], "1C", turn_up="7B")
    assert greedy(game) is parse_card("5E")


def test_greedy_leads_its_cheapest_card() -> None:
    # Leading, every card heads the trick: the cheapest is a worthless non-trump.
    game = start("briscola", 2, ["1O 6B 4C", "3C 12O 5E"], turn_up="7B")
    assert greedy(game) is parse_card("4C")
    # With only points and trumps in hand, the lowest-scoring card is led.
    game = start("briscola", 2, ["1O 6B 12C", "3C 12O 5E"], turn_up="7B")
    assert greedy(game) is parse_card("6B")


def test_greedy_does_not_overtake_its_partner() -> None:
    # Four players: seats 0 and 2 are partners. Seat 0's ace of cups heads the trick; seat 2
    # could trump it with the 2 of clubs but plays its cheapest card instead.
    hands = ["1C 4O 5O", "4C 6O 7O", "2B 3O 6E", "5C 10O 11O"]
    game = start("brisca", 4, hands, "1C 4C", turn_up="7B")
    assert greedy(game) is parse_card("6E")
    # Seat 3, an opponent of seat 0, would win with a trump if it had one; it has not: cheapest.
    game.play("6E")
    assert greedy(game) is parse_card("5C")


def test_greedy_overtakes_an_opponent() -> None:
    # Same cards, but now seat 1 (an opponent of seat 2) heads the trick with the ace of cups.
    hands = ["4C 4O 5O", "1C 6O 7O", "2B 3O 6E", "5C 10O 11O"]
    game = start("brisca", 4, hands, "4C 1C", turn_up="7B")
    assert greedy(game) is parse_card("2B")


# The search bot's playout rule for its own side, in hand-made positions ------------------------


def card_by(rule: CardRule, game: Game) -> Card:
    """The card a playout rule picks among the seat to act's playable cards."""
    rules = game.rules
    cards = [a for a in game.legal_actions() if isinstance(a, Card)]
    return rule(game, cards, rules.strength, rules.card_points)


def careful(game: Game) -> Card:
    return card_by(careful_card, game)


def greedy_card_of(game: Game) -> Card:
    return card_by(greedy_card, game)


def test_careful_spends_no_trump_on_a_pointless_trick() -> None:
    # Trumps are clubs (7B turned up). The 4 of cups is worth nothing: the greedy rule takes it
    # with the 2 of trumps, the careful rule throws the worthless 5 of swords and keeps the trump.
    game = start("briscola", 2, ["4C 1O 5O", "2B 5E 12O"], "4C", turn_up="7B")
    assert greedy_card_of(game) is parse_card("2B")
    assert careful(game) is parse_card("5E")


def test_careful_takes_a_plain_lead_with_its_ace() -> None:
    # Last to play, the ace of coins over the 4 of coins is safe and brings 11 points; the
    # greedy rule would spend the 2 of trumps instead.
    game = start("briscola", 2, ["4O 1C 5C", "1O 2B 5E"], "4O", turn_up="7B")
    assert greedy_card_of(game) is parse_card("2B")
    assert careful(game) is parse_card("1O")


def test_careful_trumps_a_trick_worth_the_trump() -> None:
    # The three of cups (10 points) is worth more than the cheapest trump: the 2, not the king.
    game = start("briscola", 2, ["3C 1O 5O", "2B 12B 5E"], "3C", turn_up="7B")
    assert careful(game) is parse_card("2B")
    # Nothing wins without a trump and no trump: the card worth least goes.
    game = start("briscola", 2, ["3C 1O 5O", "12O 5E 11E"], "3C", turn_up="7B")
    assert careful(game) is parse_card("5E")


def test_careful_leads_a_figure_before_a_trump() -> None:
    # The greedy rule leads its lowest-scoring card, the 2 of trumps; the careful rule gives up
    # the king of coins (4 points) rather than a trump, and a plain low card before either.
    game = start("briscola", 2, ["12O 2B 1C", "3C 4O 5E"], turn_up="7B")
    assert greedy_card_of(game) is parse_card("2B")
    assert careful(game) is parse_card("12O")
    game = start("briscola", 2, ["12O 2B 5E", "3C 4O 6E"], turn_up="7B")
    assert careful(game) is parse_card("5E")


def test_the_two_seat_careful_card_is_the_careful_rules_card() -> None:
    # The playouts of two careful seats choose inline (_duel_card): at every position of whole
    # deals of two-player Briscola and Brisca, whoever leads, it is careful_card's card.
    checked = 0
    for game_id in ("briscola", "brisca"):
        for seed in range(12):
            game = new_game(game_id, players=2, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                rules = game.rules
                cards = [a for a in game.legal_actions() if isinstance(a, Card)]
                weights = tables(rules.strength, rules.card_points, game.trump)
                inline = _duel_card(game.trick, cards, rules.strength, rules.card_points,
                                    game.trump, weights)
                assert inline is careful(game), (game_id, seed, len(game.log))
                checked += 1
                # Played on at random, so that both seats lead and answer every kind of card.
                game.play(rng.choice(game.legal_actions()))
    assert checked > 900


def test_careful_loads_points_on_its_partners_trick() -> None:
    # Four players: seats 1 and 3 are partners. Last to play, seat 3 sees its partner's 7 of cups
    # head the trick and gives it its ace of coins; the greedy rule plays its cheapest card.
    hands = ["4C 4O 5O", "7C 6O 7O", "5C 3O 6E", "1O 2E 11O"]
    game = start("brisca", 4, hands, "4C 7C 5C", turn_up="7B")
    assert greedy_card_of(game) is parse_card("2E")
    assert careful(game) is parse_card("1O")


def test_careful_plays_greedy_where_the_trick_may_change_hands() -> None:
    # Third of four, the trick is still open to seat 3: the careful rule is the greedy rule.
    hands = ["4C 4O 5O", "1C 6O 7O", "2B 3O 6E", "5C 10O 11O"]
    game = start("brisca", 4, hands, "4C 1C", turn_up="7B")
    assert careful(game) is greedy_card_of(game) is parse_card("2B")


@pytest.mark.parametrize(("game_id", "players"), [("aluette", 4), ("tute", 2), ("rematada", 3)])
def test_playouts_are_greedy_where_the_careful_rule_does_not_apply(
    game_id: str, players: int
) -> None:
    # Aluette counts tricks, not card points; Tute and Rematada bind the cards by duties (and
    # Tute's marriages reward any trick won): the bot's side plays its worlds out greedy there.
    for seed in range(3):
        game = new_game(game_id, players=players, seed=seed)
        mine, theirs = game.clone(), game.clone()
        playout(mine, random.Random(seed), 0.0, frozenset({0, 2}))
        playout(theirs, random.Random(seed), 0.0)
        assert mine.log == theirs.log


def test_greedy_takes_the_exchange() -> None:
    # Briscola: the 2 of trumps takes the turned-up card during the first trick.
    game = start("briscola", 2, ["2B 4C 5O", "3C 12O 5E"], turn_up="12B")
    assert Exchange(parse_card("2B")) in game.legal_actions()
    assert greedy(game) == Exchange(parse_card("2B"))


def test_greedy_takes_a_claim() -> None:
    # Spanish claims: play seeded deals with greedy card play until a claim is offered.
    found = 0
    for seed in range(60):
        game = new_game("brisca", players=2, seed=seed, options={"claim": True})
        while not game.is_over:
            if Claim() in game.legal_actions():
                assert greedy(game) == Claim()
                found += 1
                break
            actions = game.legal_actions()
            cards = [a for a in actions if isinstance(a, Card)]
            key = cheapest_key(game.view(game.current_player or 0))
            game.play(min(cards, key=key))
    assert found >= 3


def test_a_spoiled_trick_does_not_count_as_winning() -> None:
    # Aluette: an ace ties with the ace led and spoils the trick (trick_winner is None), which is
    # not a win; nothing else in seat 1's hand beats the ace, so it throws its weakest card.
    hands = [
        "1O 4O 4C 4E 4B 5O 5C 5E 5B",
        "1C 1E 1B 12O 12C 12E 12B 11O 11C",
        "6O 6C 6E 6B 7O 7C 7E 7B 8O",
        "8C 8E 8B 9B 10O 10C 10E 10B 11E",
    ]
    game = start("aluette", 4, hands, "1O")
    view = game.view(1)
    assert not wins_now(view, parse_card("1C"))
    assert game.rules.trick_winner(parse_cards("1O 1C"), None) is None
    assert greedy(game) is parse_card("11O")
    assert any(isinstance(a, Move) for a in game.legal_actions())  # surrender is ignored


def test_a_seat_that_plays_twice_does_not_overtake_itself() -> None:
    # Alcalde: the Alcalde (seat 2) plays two cards in a row. His ace of cups heads the trick,
    # so his second card is his cheapest (the 2 of swords), not the 4 of clubs that would trump.
    hands = ["4C 4O 5O", "5C 6O 7O", "1C 4B 2E 12C 6E 3O"]
    game = start("alcalde", 3, hands, "4C 5C 1C", turn_up="7B")
    assert game.current_player == 2
    assert greedy(game) is parse_card("2E")


def test_cheapest_key_orders_points_then_trumps_then_strength() -> None:
    game = start("briscola", 2, ["4C 1O 5O", "3C 12C 2E"], turn_up="7B")
    key = cheapest_key(game.view(0))
    cards = parse_cards("1O 3B 12E 2B 4C 5C 2O 11B")
    ordered = [c.code for c in sorted(cards, key=key)]
    assert ordered == ["2O", "4C", "5C", "2B", "11B", "12E", "3B", "1O"]


# Every bot action is legal, in every game ------------------------------------------------------

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("brisca", {"arrastro": True, "claim": True}),
    ("briscola", {"follow_suit": True}),
    ("briscas", {"muerte_al_tres": True, "exchange_timing": "own-turn"}),
    ("aluette", {"chant": True, "mordienne": True}),
]


def checked_play_out(game: Game, bots: Sequence[Bot]) -> int:
    """Play out like play_out, checking that each choice is legal; the number of actions."""
    steps = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None and seat >= 0
        view = game.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        assert action in game.legal_actions()
        game.play(action)
        steps += 1
        assert steps < 1000
    return steps


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_bots_only_play_legal_actions(game_id: str, players: int) -> None:
    moves: Counter[str] = Counter()
    for seed in range(40):
        game = new_game(game_id, players=players, seed=seed)
        bots: list[Bot] = [
            GreedyBot() if (seat + seed) % 2 else RandomBot(seed * 10 + seat)
            for seat in range(players)
        ]
        checked_play_out(game, bots)
        assert game.result is not None
        moves.update(a.keyword for a in game.log[1:] if isinstance(a, Move))
    if game_id in ("brisca", "briscas", "briscola") and players == 2:
        assert moves["exchange"] > 0  # the bots do make moves, and legal ones


@pytest.mark.parametrize(("game_id", "options"), OPTION_SETS)
def test_bots_only_play_legal_actions_with_restrictive_options(
    game_id: str, options: dict[str, Any]
) -> None:
    players = rules_for(game_id).player_counts[-1 if game_id != "aluette" else 0]
    for seed in range(40):
        for bot_kind in ("greedy", "random"):
            game = new_game(game_id, players=players, seed=seed, options=options)
            bots: list[Bot] = [
                GreedyBot() if bot_kind == "greedy" else RandomBot(seed + seat)
                for seat in range(players)
            ]
            checked_play_out(game, bots)
            assert game.is_over


def test_random_bot_is_uniform_and_repeatable() -> None:
    game = new_game("briscola", players=2, seed=7)
    view = game.view(0)
    bot = RandomBot(seed=5)
    picks = Counter(bot.choose(view) for _ in range(3000))
    assert set(picks) == set(view.legal_actions)
    for count in picks.values():
        assert abs(count - 3000 / len(view.legal_actions)) < 150
    first, again = RandomBot(seed=9), RandomBot(seed=9)
    picks_a = [first.choose(view) for _ in range(50)]
    picks_b = [again.choose(view) for _ in range(50)]
    assert picks_a == picks_b
    assert len(set(picks_a)) > 1


def test_bots_refuse_a_seat_with_nothing_to_do() -> None:
    game = new_game("brisca", players=2, seed=1)
    view = game.view(1)  # not seat 1's turn: no legal action
    assert view.legal_actions == ()
    with pytest.raises(ValueError, match="no legal action"):
        GreedyBot().choose(view)
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot(1).choose(view)


def test_bots_satisfy_the_protocol() -> None:
    assert isinstance(GreedyBot(), Bot)
    assert isinstance(RandomBot(1), Bot)
    assert not isinstance(object(), Bot)


# play_out --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_play_out_finishes_every_game(game_id: str, players: int) -> None:
    game = new_game(game_id, players=players, seed=123)
    play_out(game, [GreedyBot() if s % 2 else RandomBot(s) for s in range(players)])
    assert game.is_over
    assert game.result is not None
    assert game.current_player is None
    # The record replays to the same result.
    assert cardrules.replay(game.to_record()).result == game.result


def test_play_out_is_deterministic_with_seeded_bots() -> None:
    logs = []
    for _ in range(2):
        game = new_game("briscas", players=4, seed=99)
        play_out(game, [RandomBot(1), RandomBot(2), GreedyBot(), RandomBot(3)])
        logs.append(game.to_record())
    assert logs[0] == logs[1]


def test_play_out_needs_one_bot_per_seat() -> None:
    game = new_game("brisca", players=2, seed=1)
    with pytest.raises(ValueError, match="1 bots for 2 players"):
        play_out(game, [GreedyBot()])
    assert len(game.log) == 1  # nothing was played


def test_greedy_beats_random_more_often_than_not() -> None:
    # Not a rule, but a sanity check that "greedy" is a strategy: over 200 two-player deals
    # the greedy seat wins clearly more than half of the decided ones.
    wins = decided = 0
    for seed in range(200):
        game = new_game("briscola", players=2, seed=seed)
        greedy_seat = seed % 2
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed)]
        bots[greedy_seat] = GreedyBot()
        play_out(game, bots)
        assert game.result is not None
        if game.result.winner is not None:
            decided += 1
            wins += game.result.winner == greedy_seat
    assert wins > decided * 0.55


def test_a_playout_makes_the_seats_it_is_told_careful() -> None:
    # The position above, seat 1 to play on a pointless trick (it first exchanges its 2 of
    # trumps for the turned-up 7, as every playout does). Seat 0 searching: its opponent, seat
    # 1, plays greedy (takes the trick with the 7 of trumps); in a hint's playouts every seat is
    # careful, so seat 1 keeps its trump and throws the 5 of swords.
    def first_reply(careful: frozenset[int] | None) -> object:
        game = start("briscola", 2, ["4C 1O 5O", "2B 5E 12O"], "4C", turn_up="7B")
        before = len(game.log)
        playout(game, random.Random(0), 0.0, frozenset({0}), careful)
        return next(a for a in game.log[before:] if isinstance(a, Card))

    assert first_reply(None) == parse_card("7B")
    assert first_reply(frozenset({0, 1})) == parse_card("5E")


def test_the_hint_imagines_careful_players_on_every_side() -> None:
    hint = hint_bot(worlds=12, seed=1)
    assert hint.careful_opponents and hint.noise == HINT_NOISE
    assert not make_bot("pimc", seed=1).careful_opponents  # type: ignore[attr-defined]
    # Its figures: an even first trick of two-player Briscola is not flattered into a sure win.
    view = cardrules.new_game("briscola", players=2, seed=11).view(0)
    assert max(e.wins for e in hint.evaluate(view)) < 0.75


def test_the_hint_works_a_known_endgame_out_exactly() -> None:
    # Two-player Briscola, random play: once the stock is gone the reader knows every card
    # left, and from EXACT_PLAYS cards on the hint's figures are the solver's on the real
    # deal (one world, each choice won, drawn or lost, both sides at their best), where the
    # careful players it imagines before may give another figure.
    differs = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = new_game("briscola", players=2, seed=seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            legal = view.legal_actions
            known = game.stock_size == 0 and plays_left(game) <= EXACT_PLAYS
            assert known_endgame(view) == known
            if len(legal) > 1 and (known or rng.random() < 0.1):
                estimates = hint_bot(worlds=16, seed=seed).evaluate(view, legal)
                assert all(e.exact == known for e in estimates)
                if known:
                    exact = solve_choices(game, seat, legal)
                    assert [(e.wins, e.points, e.value, e.worlds) for e in estimates] == [
                        (*figure, 1) for figure in exact]
                    careful = PimcBot(worlds=16, seed=seed, noise=0.0,
                                      careful_opponents=True).evaluate(view, legal)
                    differs += [e.points for e in careful] != [e.points for e in estimates]
                else:
                    assert MIN_WORLDS <= estimates[0].worlds <= 16
            game.play(legal[rng.randrange(len(legal))])
    assert differs > 0


def test_the_work_budget_counts_the_dealing_of_each_world_on_the_engine() -> None:
    # Late in a deal of seven-player Chiamata (weighed on the engine), a world's playout is a
    # few plays, but dealing it replays every action so far: counted as work, the dealing stops
    # the normal level before its 160 worlds (it played them all when only the playouts
    # counted); with no budget it plays them all. Either way a seeded bot repeats itself.
    game = new_game("chiamata", players=7, seed=3)
    greedy = GreedyBot()
    while plays_left(game) > 14 or game.trick:
        game.play(greedy.choose(game.view(game.current_player)))  # type: ignore[arg-type]
    view = game.view(game.current_player)  # type: ignore[arg-type]
    assert len(view.history) > 50 and len(view.legal_actions) > 1
    budgeted = PimcBot(seed=1).evaluate(view)
    assert budgeted == PimcBot(seed=1).evaluate(view)
    assert MIN_WORLDS <= budgeted[0].worlds < LEVELS["normal"]
    assert PimcBot(seed=1, budget=0).evaluate(view)[0].worlds == LEVELS["normal"]
