"""The analysis of a deal (cardrules.analysis): planted blunders are marked, known positions go
to the exact solver, the marks follow the thresholds, the JSON says what the issue asks, the
bot in the seat and the deal of the day, the graph, and ``cardrules analyse`` with bad input.

Deal counts are kept small (a few imagined deals a decision): the benchmark
(benchmarks/analysis.py) measures the analysis at its real size."""

from __future__ import annotations

import datetime
import io
import json
import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from cli_support import run
from examples_share import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import new_game, replay
from cardrules.account.narration import Narrator
from cardrules.account.review import Review, daily_line
from cardrules.analysis import (
    EXTEND,
    FORMAT,
    THRESHOLDS,
    Decision,
    Mark,
    Thresholds,
    analyse,
    bot_in_seat,
    daily_record,
    is_known,
    mark_for,
    weighings,
)
from cardrules.bots import GreedyBot, hint_bot, make_bot, play_out
from cardrules.bots.endgame import solve
from cardrules.cli.analyse import offer_analysis
from cardrules.engine import Game
from cardrules.render.analysis import analysis_figure, chance_svg

ROOT = Path(__file__).resolve().parent.parent
BRISCOLA = ROOT / "examples" / "briscola-2p.json"
BEFORE_PIECES = ROOT / "tests" / "analysis_before_pieces.json"
"""The exact figures of two analyses ("example seat worlds": the example deal, the seat, the
imagined deals a decision), as the analysis made them in one piece, before it gave a decision
in doubt in pieces (:func:`cardrules.analysis.weighings`): made at 11d6299, the search bot's
worlds dealt on the lean model of the cards and the analysis not yet in pieces (the two changes
were made side by side and merged; the pieces' settled figures equal it); remade from
``analyse()`` when the search bot's decisions with the trump exchange still open moved onto the
lean model too (the decisions of plain play came out the same, bit for bit). Each decision: index,
worlds, exact, mark, made, best, chance lost, points lost, their errors, and every choice's
notation, chance, points and value, floats in full."""


def _finish(game: Game) -> None:
    play_out(game, [GreedyBot()] * game.players)


def _solved(game: Game, action: Any, seat: int) -> tuple[float, float]:
    child = game.clone()
    child.play(action)
    (won, points, _), _ = solve(child, seat)
    return won, points


def _planted_known() -> tuple[dict[str, Any], int, int, tuple[float, float, float, float]]:
    """A two-player Briscola deal in which, the stock gone, the seat to play throws away at
    least 20 points by the solver's reckoning (a blunder), then the greedy bot finishes it:
    the record, the seat, the action's index, and (won, points) of the best and the made play."""
    for seed in range(200):
        game = new_game("briscola", players=2, seed=seed)
        greedy = GreedyBot()
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            if is_known(view) and len(view.legal_actions) == 3:
                values = {a: _solved(game, a, seat) for a in view.legal_actions}
                best = max(values, key=lambda a: values[a][0] + values[a][1] / 240)
                worst = min(values, key=lambda a: values[a][1])
                if values[best][1] - values[worst][1] >= 20:
                    index = len(game.log) - 1
                    game.play(worst)
                    _finish(game)
                    return (game.to_record(), seat, index,
                            (*values[best], *values[worst]))
                break
            game.play(greedy.choose(view))
    raise AssertionError("no deal to plant a blunder in")


def test_a_blunder_planted_in_a_known_position_is_marked_by_the_exact_solver() -> None:
    record, seat, index, (best_won, best_points, made_won, made_points) = _planted_known()
    analysis = analyse(record, seat, worlds=4)
    decision = next(d for d in analysis.decisions if d.index == index)
    assert decision.exact and decision.worlds == 1
    assert decision.made.notation == record["actions"][index]
    assert decision.points_lost == pytest.approx(best_points - made_points)
    assert decision.mark is Mark.BLUNDER
    assert decision.chance_error == decision.points_error == 0
    review = Review(analysis, "en")
    assert "the exact solver" in " ".join(review.decision(decision))
    assert review.better(decision).endswith(f"would have kept {round(best_points - made_points)}"
                                            " points.")
    del best_won, made_won


def test_a_blunder_planted_in_the_search_is_marked_on_the_same_deals() -> None:
    # The worst play, as 60 imagined deals of a seed of its own weigh it, three tricks before
    # the stock runs out, where it costs at least 30 points of chance; the analysis (on other
    # imagined deals) must mark it.
    for seed in range(100):
        game = new_game("briscola", players=2, seed=seed)
        while game.stock_size > 6:
            game.play(GreedyBot().choose(game.view(game.current_player or 0)))
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)
        estimates = hint_bot(60, seed=99).evaluate(view, list(view.legal_actions))
        best = max(estimates, key=lambda e: e.value)
        worst = min(estimates, key=lambda e: e.value)
        if best.wins - worst.wins < 0.3:
            continue
        index = len(game.log) - 1
        game.play(worst.action)
        _finish(game)
        analysis = analyse(game.to_record(), seat, worlds=40, seed=1)
        decision = next(d for d in analysis.decisions if d.index == index)
        assert not decision.exact and decision.worlds in {40 * k for k in range(1, EXTEND + 2)}
        assert decision.made.action == worst.action
        assert decision.mark.rank >= Mark.MISTAKE.rank
        assert decision.chance_lost > THRESHOLDS.errors * decision.chance_error
        return
    raise AssertionError("no deal to plant a blunder in")


def test_a_clear_decision_stops_early_and_a_mark_never_does() -> None:
    """At 40 deals a decision the one early look is at 20 (a quarter is under EARLY_MIN). Beside
    the same analysis that never stops early (the same deals: each decision's own seed), a
    decision weighed in fewer deals stopped at that look, with no mark and no other choice
    within three standard errors of one; every other decision is weighed alike."""
    game = new_game("briscola", players=2, seed=4)
    play_out(game, [make_bot("greedy"), make_bot("random", seed=3)])
    record = game.to_record()
    # (The last tricks, from action 24 on, to keep it quick: where this deal's early stop is.)
    quick = analyse(record, 0, worlds=40, seed=2, first=24)
    never = analyse(record, 0, worlds=40, seed=2, first=24,
                    thresholds=Thresholds(clear=math.inf))
    stopped = 0
    for early, full in zip(quick.decisions, never.decisions, strict=True):
        if early.worlds == full.worlds:
            assert early == full
            continue
        stopped += 1
        assert early.worlds == 20 < full.worlds and early.mark is Mark.NONE
        for choice in early.choices:
            assert choice.chance - early.made.chance < THRESHOLDS.chance[0]
            assert choice.points - early.made.points < THRESHOLDS.points[0] * quick.deal_points
    assert 0 < stopped < len(quick.decisions)


def _figures(decisions: list[Decision]) -> list[Any]:
    """Every figure of the decisions, as :data:`BEFORE_PIECES` keeps them."""
    figures: list[Any] = json.loads(json.dumps([
        [d.index, d.worlds, d.exact, d.mark.value, d.made.notation, d.best.notation,
         d.chance_lost, d.points_lost, d.chance_error, d.points_error,
         [[c.notation, c.chance, c.points, c.value] for c in d.choices]]
        for d in decisions]))
    return figures


def test_weighing_in_pieces_changes_no_figure_and_gives_only_decisions_in_doubt() -> None:
    """The widget shows a decision in doubt after its first imagined deals and again after
    each extension: the settled decisions are, bit for bit, the analysis made before it did
    (the extensions add deals, they draw none again); a piece not settled is a decision in
    doubt then (a loss that reaches a first threshold but not beyond its uncertainty), marked
    by what is beyond its uncertainty, in fewer deals than its settled self, which comes after
    it and before the next decision."""
    before = json.loads(BEFORE_PIECES.read_text(encoding="utf-8"))
    doubted = 0
    for key, expected in before.items():
        name, seat, worlds = key.split()
        record = json.loads((ROOT / "examples" / f"{name}.json").read_text(encoding="utf-8"))
        game = replay(record)
        assert game.result is not None
        deal_points = sum(game.result.side_points)
        pieces = list(weighings(game, int(seat), worlds=int(worlds)))
        assert _figures([w.decision for w in pieces if w.settled]) == expected, key
        for k, piece in enumerate(pieces):
            if piece.settled:
                continue
            doubted += 1
            decision, following = piece.decision, pieces[k + 1].decision
            assert following.index == decision.index and following.worlds > decision.worlds
            assert ((THRESHOLDS.chance[0] <= decision.chance_lost
                     <= THRESHOLDS.errors * decision.chance_error)
                    or (THRESHOLDS.points[0] * deal_points <= decision.points_lost
                        <= THRESHOLDS.errors * decision.points_error))
            assert decision.mark is mark_for(decision.chance_lost, decision.points_lost,
                                             decision.chance_error, decision.points_error,
                                             deal_points)
    assert doubted >= 5  # (12 pieces in these two analyses)
    # analyse() itself, on the cheapest: the same figures.
    record = json.loads(BRISCOLA.read_text(encoding="utf-8"))
    assert _figures(list(analyse(record, 1, worlds=40).decisions)) == before["briscola-2p 1 40"]


def test_the_json_gives_each_decision_its_action_index_plays_chances_points_and_mark() -> None:
    record = json.loads(BRISCOLA.read_text(encoding="utf-8"))
    data = json.loads(json.dumps(analyse(record, 1, worlds=3).to_json()))
    assert data["format"] == FORMAT and data["seat"] == 1 and data["game"] == "briscola"
    assert data["player"] == replay(record).names[1]
    game = replay(record)
    actors = game.actors()
    assert data["decisions"]
    for decision in data["decisions"]:
        index = decision["index"]
        assert actors[index + 1] == 1  # the action is the seat's own
        assert decision["made"]["action"] == record["actions"][index]
        for choice in (decision["made"], decision["best"]):
            assert set(choice) == {"action", "chance", "points"}
            assert 0 <= choice["chance"] <= 1 and 0 <= choice["points"] <= 120
        assert decision["mark"] in {"none", "inaccuracy", "mistake", "blunder"}
    summary = data["summary"]
    assert summary["decisions"] == len(data["decisions"])
    assert sum(d["mark"] == "mistake" for d in data["decisions"]) == summary["mistake"]


@given(st.floats(0, 1), st.floats(0, 60), st.floats(0, 0.5), st.floats(0, 30),
       st.floats(0, 1))
@settings(max_examples=examples(200), deadline=None)
def test_marks_follow_the_thresholds_and_the_uncertainty(
        chance: float, points: float, chance_error: float, points_error: float,
        more: float) -> None:
    mark = mark_for(chance, points, chance_error, points_error, 120)
    level = 0
    if chance > THRESHOLDS.errors * chance_error:
        level = sum(chance >= t for t in THRESHOLDS.chance)
    if points > THRESHOLDS.errors * points_error:
        level = max(level, sum(points / 120 >= t for t in THRESHOLDS.points))
    assert mark.rank == level
    # A larger loss with the same uncertainty is never marked lower.
    assert mark_for(chance + more, points + 60 * more, chance_error, points_error, 120).rank \
        >= mark.rank


@given(st.integers(0, 10_000), st.sampled_from([("briscola", 2), ("brisca", 3)]))
@settings(max_examples=examples(6), deadline=None)
def test_the_best_choice_is_worth_at_least_the_one_made_on_the_same_deals(
        seed: int, game_and_players: tuple[str, int]) -> None:
    name, players = game_and_players
    game = new_game(name, players=players, seed=seed)
    play_out(game, [make_bot("random", seed=seed + s) for s in range(players)])
    analysis = analyse(game.to_record(), seed % players, worlds=2, seed=seed)
    for decision in analysis.decisions:
        assert decision.best.value >= decision.made.value
        assert decision.chance_lost == pytest.approx(
            max(0.0, decision.best.chance - decision.made.chance))
        assert decision.points_lost == pytest.approx(
            max(0.0, decision.best.points - decision.made.points))
        assert decision.mark is mark_for(decision.chance_lost, decision.points_lost,
                                         decision.chance_error, decision.points_error,
                                         analysis.deal_points)
        assert decision.choices[0] == decision.best and decision.made in decision.choices
        assert decision.exact == (decision.worlds == 1 and players == 2)


def test_the_bot_in_the_seat_replays_the_record_while_it_agrees_with_it() -> None:
    game = new_game("briscola", players=2, seed=12)
    play_out(game, [make_bot("pimc", seed=3, level="easy"), GreedyBot()])
    same = bot_in_seat(game.to_record(), 0, level="easy", seed=3)
    assert same.diverged is None and same.bot_points == same.player_points
    assert same.record["actions"] == game.to_record()["actions"]
    other = bot_in_seat(game.to_record(), 1, level="easy", others="greedy", seed=5)
    assert other.diverged is not None
    assert other.record["actions"][:other.diverged] == game.to_record()["actions"][:other.diverged]
    assert replay(other.record).result is not None


def test_the_bot_in_the_seat_makes_its_moves_out_of_turn_as_at_the_table() -> None:
    """Briscas, seed 0: Bruno (seat 1) may take the turned-up card with the 2 of trumps before
    Ana's first play. The bot in his seat is asked, as the bots at the table are
    (``bots.interjection``): the player's own exchange out of turn stays as recorded when the
    bot makes it too; where the player let it pass, the bot makes it, and the deal differs
    there."""
    exchanged = new_game("briscas", players=2, seed=0)
    play_out(exchanged, [GreedyBot(), make_bot("pimc", seed=3, level="easy")])
    record = exchanged.to_record()
    assert record["actions"][0] == "exchange:2B" and exchanged.actors()[1] == 1
    same = bot_in_seat(record, 1, level="easy", others="greedy", seed=3)
    assert same.diverged is None and same.record["actions"] == record["actions"]
    waited = new_game("briscas", players=2, seed=0)
    play_out(waited, [GreedyBot(), GreedyBot()])  # the greedy bot never moves out of turn
    assert "exchange:2B" not in waited.to_record()["actions"][:1]
    bot = bot_in_seat(waited.to_record(), 1, level="easy", others="greedy", seed=3)
    assert bot.diverged == 0 and bot.record["actions"][0] == "exchange:2B"
    replayed = replay(bot.record)
    assert replayed.result is not None and replayed.actors()[1] == 1
    # Taken over after that moment (``first``), the seat's earlier actions stay as recorded.
    later = bot_in_seat(waited.to_record(), 1, level="easy", others="greedy", seed=3, first=2)
    assert later.record["actions"][:2] == waited.to_record()["actions"][:2]


def test_the_deal_of_the_day_is_the_date_s_and_its_line_spoils_nothing() -> None:
    day = datetime.date(2026, 11, 27)
    record = daily_record(day, "brisca")
    assert record == daily_record(day, "brisca")
    assert record["seed"] != daily_record(day + datetime.timedelta(days=1), "brisca")["seed"]
    game = replay(record)
    line = daily_line(game.rules, day, 78, 71, "es")
    assert line == "Brisca (España), 27 nov 2026: 78 puntos; el bot en mi lugar, 71"
    narrator = Narrator(game.rules, game.names, "es")
    for hand in game.hands:
        for card in hand:
            assert narrator.card_name(card) not in line and card.code not in line


def test_the_graph_and_its_table_hold_the_same_figures_and_escape_names() -> None:
    record = json.loads(BRISCOLA.read_text(encoding="utf-8"))
    record["players"] = ["<b>Ana</b>", "Bruno"]
    analysis = analyse(record, 0, worlds=2)
    svg = ET.fromstring(chance_svg(analysis, "en"))
    ns = "{http://www.w3.org/2000/svg}"
    title = svg.find(f"{ns}title")
    assert title is not None and "<b>Ana</b>" in (title.text or "")  # text, not markup
    line = svg.find(f"{ns}polyline")
    assert line is not None and len(line.get("points", "").split()) == len(analysis.series())
    figure = ET.fromstring(analysis_figure(analysis, "es"))
    rows = figure.findall(".//tbody/tr")
    assert len(rows) == len(analysis.decisions) + 1
    chances = [row.findall("td")[2].text for row in rows]
    spanish = Review(analysis, "es")
    assert chances == [spanish.chance(c) for _, c in analysis.series()]
    assert chances[0] == f"{round(analysis.series()[0][1] * 100)}\u00a0%"


def test_analyse_prints_the_analysis_in_spanish_and_as_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    cheap = ("--worlds", "2", "--level", "easy", "--others", "greedy")
    status, out, err = run(capsys, "analyse", str(BRISCOLA), *cheap, "--lang", "es")
    assert status == 0 and err == ""
    assert out.startswith("Las decisiones de Ana, examinadas por la búsqueda\n")
    assert "Probabilidades de ganar de Ana tras cada decisión:" in out
    assert "el bot en su lugar se llevó" in out
    status, out, err = run(capsys, "analyse", str(BRISCOLA), "--seat", "1", *cheap, "--json")
    data = json.loads(out)
    assert status == 0 and data["seat"] == 1 and data["bot_in_seat"]["seat"] == 1


@pytest.mark.parametrize(("args", "needles"), [
    (("analyse", "no-such-file.json"), ("no-such-file.json",)),
    (("analyse", str(BRISCOLA), "--seat", "2"), ("--seat", "0 to 1")),
    (("analyse", str(BRISCOLA), "--seat", "uno"), ("--seat",)),
    (("analyse", str(BRISCOLA), "--worlds", "0", "--lang", "es"), ("--worlds debe estar",)),
    (("analyse", str(ROOT / "README.md")), ("README.md",)),
    (("play", "--daily", "--seed", "3"), ("--daily",)),
    (("play", "--daily", "no-such-game"), ("no-such-game",)),
    (("play",), ("required",)),
])
def test_bad_input_is_one_line_and_no_traceback(
        capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
        needles: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    for needle in needles:
        assert needle in err, err


def test_play_daily_deals_the_cards_of_the_day(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "briscola", "--daily", "--auto", "--bot", "greedy")
    assert status == 0
    today = daily_record(datetime.date.today(), "briscola")
    assert f"seed {today['seed']}\n" in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_offer_to_analyse_is_made_only_at_a_terminal_after_a_finished_deal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game("briscola", players=2, seed=3)
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return "n"

    offer_analysis(game, 0, "en", answer)  # not over: not asked
    _finish(game)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    offer_analysis(game, 0, "en", answer)  # not a terminal: not asked
    offer_analysis(game, None, "en", answer)  # nobody's seat: not asked
    assert asked == []
    monkeypatch.setattr(sys, "stdin", _Terminal(""))
    offer_analysis(game, 0, "es", answer)
    assert asked == ["¿Repasamos tus decisiones? [s/N] "]
    assert capsys.readouterr().out == ""  # declined: nothing printed
