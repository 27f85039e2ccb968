"""Matches: the deal passing round, keeping the deal in Alcalde, scores and lengths."""

from __future__ import annotations

import random

import pytest

from cardrules import IllegalActionError
from cardrules.bots import GreedyBot
from cardrules.match import Match


def finish(match: Match, seed: int = 0) -> None:
    pick = random.Random(seed)
    match.play_out(lambda game: pick.choice(game.legal_actions()))


def test_briscola_is_best_of_three_and_the_deal_passes_to_seat_0() -> None:
    match = Match("briscola", players=["A", "B"], seed=4)
    finish(match)
    assert max(match.scores) == 2
    for (seats, _), (next_seats, _) in zip(match.results, match.results[1:]):
        assert next_seats[-1] == seats[0]  # the next dealer is this deal's seat 0


def test_alcalde_keeps_the_deal_while_he_wins_or_ties() -> None:
    match = Match("alcalde", players=["Ana", "Luis", "Eva"], seed=12)
    finish(match)
    assert len(match.results) == 6
    for (seats, result), (next_seats, _) in zip(match.results, match.results[1:]):
        alcalde = seats[2]
        expected = alcalde if result.winner == 1 else seats[0]
        assert next_seats[2] == expected


def test_the_first_alcalde_comes_from_the_seed() -> None:
    firsts = {Match("alcalde", players=3, seed=s).seats[2] for s in range(30)}
    assert firsts == {0, 1, 2}
    assert Match("alcalde", players=3, seed=7).seats == Match("alcalde", players=3, seed=7).seats


def test_aluette_starts_with_the_seating_draw_and_plays_five_deals() -> None:
    match = Match("aluette", players=["N", "E", "S", "W"], seed=21)
    seating = match.seating
    assert match.seats[3] == seating.roles["madame"]  # type: ignore[attr-defined]
    finish(match)
    assert len(match.results) == 5
    first_to_5 = Match("aluette", players=4, seed=21, options={"match": "first-to-5"})
    finish(first_to_5)
    assert max(first_to_5.scores) >= 5


def test_next_deal_refuses_an_unfinished_deal() -> None:
    match = Match("brisca", players=4, seed=1)
    with pytest.raises(IllegalActionError):
        match.next_deal()


def test_scores_go_to_every_member_of_the_winning_side() -> None:
    match = Match("brisca", players=4, seed=2, deals=3, target=99)
    finish(match, 3)
    assert len(match.results) == 3
    assert match.scores[0] == match.scores[2] and match.scores[1] == match.scores[3]
    record = match.to_record()
    assert len(record["deals"]) == 3 and record["scores"] == match.scores


def test_a_match_record_replays_and_checks_the_seating() -> None:
    from cardrules import RecordError
    from cardrules.match import replay_match

    match = Match("aluette", players=["N", "E", "S", "W"], seed=33)
    finish(match, 4)
    record = match.to_record()
    again = replay_match(record)
    assert again.scores == match.scores and len(again.results) == len(match.results)
    assert [g.log for g in again.games] == [g.log for g in match.games]
    forged = dict(record, seating=[[0, "3O"], [1, "3C"], [2, "2O"], [3, "2C"]])
    with pytest.raises(RecordError, match="seating"):
        replay_match(forged)
    bad = dict(record, deals=[dict(record["deals"][0], actions=["1O", "1O"])])
    with pytest.raises(RecordError, match=r"deals\[0\]"):
        replay_match(bad)


def test_an_unfinished_match_record_replays() -> None:
    from cardrules.match import replay_match

    match = Match("alcalde", players=3, seed=5)
    game = match.game
    for _ in range(5):
        game.play(game.legal_actions()[0])
    again = replay_match(match.to_record())
    assert again.game.log == game.log and not again.is_over


def test_the_four_deal_match_counts_victories_not_game_points() -> None:
    # Seed 12 with the big win on: Bea wins one deal, Ana three, two of them by more than 100
    # card points (two game points each). "The most victories" counts deals: 3 to 1, not 5 to 1.
    match = Match("briscola", players=["Ana", "Bea"], seed=12, rotate_trumps="deals",
                  options={"big_win": True})
    finish_greedy(match)
    assert any(max(result.game_points) == 2 for _, result in match.results)
    won = [0, 0]
    for seats, result in match.results:
        if result.winner is not None:
            for seat in result.sides[result.winner]:
                won[seats[seat]] += 1
    assert match.scores == won == [3, 1]
    assert match.winners == (0,)


def test_a_drawn_deal_is_nobodys_victory_in_the_four_deal_match() -> None:
    # Seed 6: Bea wins two deals, Ana one, and the fourth ends 60-60.
    match = Match("briscola", players=["Ana", "Bea"], seed=6, rotate_trumps="deals")
    finish_greedy(match)
    assert [result.winner for _, result in match.results][-1] is None
    assert match.scores == [1, 2]


def finish_greedy(match: Match) -> None:
    bot = GreedyBot()
    match.play_out(lambda game: bot.choose(game.view(game.current_player or 0)))
