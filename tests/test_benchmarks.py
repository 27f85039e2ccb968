"""The benchmark scripts run (a smoke size; their figures go in the closing notes, never asserted
as times)."""

from __future__ import annotations

import doctest
import importlib.util
import random
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cardrules

ROOT = Path(__file__).resolve().parent.parent


def script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # multiprocessing pickles the script's tasks by module name
    spec.loader.exec_module(module)
    return module


def test_strength_plays_mirrored_pairs_and_writes_both_tables(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = script("strength")
    code = strength.main(["--pairs", "2", "--games", "briscola-2,rematada-3",
                          "--against", "random", "--workers", "1", "--level", "easy",
                          "--table", str(tmp_path)])
    assert code == 0
    out = capsys.readouterr().out
    # One line per game: a rate with its interval, and wins-losses that add up with the draws.
    lines = re.findall(r"(\d+)-(\d+), (\d+) draws", out)
    assert len(lines) == 2
    for wins, losses, draws in lines:
        assert int(wins) + int(losses) + int(draws) == 4  # 2 pairs = 4 deals
    english = (tmp_path / "strength.en.md").read_text(encoding="utf-8")
    spanish = (tmp_path / "strength.es.md").read_text(encoding="utf-8")
    assert "| Briscola (Italy), 2 | easy | the random bot |" in english
    assert "| Brisca rematada (Chile), 3 | fácil | el bot al azar |" in spanish
    assert "2 mirrored pairs (4 deals)" in english
    assert "2 parejas de manos espejo (4 manos)" in spanish


def test_strength_plays_a_guinote_game_on_de_vueltas(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Guiñote deal where nobody reaches 101 goes on de vueltas, each side bringing its
    points, so that every measured game has a winner (before, about half were draws)."""
    strength = script("strength")
    dealt: list[dict[str, int] | None] = []
    new_game = cardrules.new_game

    def recorded(*args: Any, **kwargs: Any) -> cardrules.Game:
        dealt.append(kwargs.get("options"))
        return new_game(*args, **kwargs)

    monkeypatch.setattr(cardrules, "new_game", recorded)
    tally = strength.Tally()
    for seed in range(1, 5):
        tally.add(strength.play_pair(strength.Task("guinote", 2, "random", "easy", "random",
                                                   seed)))
    assert (tally.wins + tally.losses, tally.draws) == (8, 0)
    carried = [options for options in dealt if options]
    assert carried and all(set(o) == {"vueltas_first", "vueltas_second"} for o in carried)
    assert len(dealt) == 8 + len(carried)


def test_strength_sets_the_two_forms_of_ismcts_against_each_other(
        capsys: pytest.CaptureFixture[str]) -> None:
    strength = script("strength")
    code = strength.main(["--pairs", "1", "--games", "briscola-2", "--bot", "ismcts:6",
                          "--against", "ismcts-engine:6", "--workers", "1"])
    assert code == 0
    wins, losses, draws = map(int, re.findall(r"against ismcts-engine:6 .* (\d+)-(\d+), "
                                              r"(\d+) draws", capsys.readouterr().out)[0])
    assert wins + losses + draws == 2


def test_strength_gives_ismcts_the_cpu_of_each_level_side_by_side(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = script("strength")
    # Two cheap levels (2 and 4 worlds a decision) in one run, as --level easy,normal,hard.
    code = strength.main(["--pairs", "1", "--games", "briscola-2", "--against", "ismcts",
                          "--calibrate", "1", "--workers", "1", "--level", "w2,w4",
                          "--table", str(tmp_path)])
    assert code == 0
    out = capsys.readouterr().out
    # The calibration times both bots and sets the iterations each level's pairs then use.
    found = dict(re.findall(r"(w\d) [\d.]+ ms, ISMCTS \d+ iterations [\d.]+ ms per decision: "
                            r"ISMCTS gets (\d+) iterations", out))
    assert set(found) == {"w2", "w4"}
    for level, iterations in found.items():
        assert f"{level}     against ismcts:{iterations} " in out
        english = (tmp_path / "strength.en.md").read_text(encoding="utf-8")
        assert f"| {level} | ISMCTS, {iterations} iterations (equal CPU) |" in english
    measured = re.findall(r"CPU per decision ([\d.]+) ms, opponent ([\d.]+)", out)
    assert len(measured) == 2 and all(float(a) > 0 < float(b) for a, b in measured)
    side_by_side = re.search(r"against ismcts: w2 [\d.]+% \([\d.]+-[\d.]+\) v ismcts:\d+; "
                             r"w4 [\d.]+% \([\d.]+-[\d.]+\) v ismcts:\d+$", out, re.M)
    assert side_by_side is not None


def test_speed_times_the_search_bots_two_forms_at_the_same_positions(
        capsys: pytest.CaptureFixture[str]) -> None:
    speed = script("ismcts_speed")
    assert speed.main(["--bot", "pimc", "--deals", "1", "--worlds", "2"]) == 0
    out = capsys.readouterr().out
    positions = int(re.search(r"(\d+) positions of 1 greedy deals", out).group(1))  # type: ignore[union-attr]
    assert positions > 10
    assert re.search(r"compact form: [\d.]+ ms of CPU a decision; engine form: [\d.]+ ms", out)
    # Four agreements, each over every position.
    assert re.findall(r"(\d+)/(\d+), ", out) and all(
        int(total) == positions and int(hits) <= positions
        for hits, total in re.findall(r"(\d+)/(\d+), ", out))
    assert len(re.findall(r"same choice", out)) == 4


def test_wilson_interval_holds_the_rate() -> None:
    strength = script("strength")
    p, low, high = strength.wilson(60, 100)
    assert p == 0.6 and low < 0.6 < high
    assert round(low, 3) == 0.502 and round(high, 3) == 0.691


def test_suite_cpu_reports_each_file_and_its_tests(capsys: pytest.CaptureFixture[str]) -> None:
    suite_cpu = script("suite_cpu")
    assert doctest.testmod(suite_cpu).failed == 0
    code = suite_cpu.main(["--workers", "1", "--top", "2", "-p", "no:cacheprovider",
                           "tests/test_cards.py", "tests/test_match.py"])
    assert code == 0
    out = capsys.readouterr().out
    files = re.findall(r"^ +(\d+\.\d) +(\d+\.\d)% +\d+\.\d +(\d+)  (tests/\S+)$", out, re.M)
    assert sorted(f[3] for f in files) == ["tests/test_cards.py", "tests/test_match.py"]
    # Each file's share of the CPU; the tests counted are those pytest ran.
    assert abs(sum(float(f[1]) for f in files) - 100) < 0.5
    ran = int(re.search(r"^(\d+) tests, ", out, re.M).group(1))  # type: ignore[union-attr]
    assert ran == sum(int(f[2]) for f in files) > 100
    assert len(re.findall(r"^ +\d+\.\d +\d+\.\d  tests/\S+::", out, re.M)) == 2


def test_a_table_of_a_run_stopped_early_counts_each_lines_pairs() -> None:
    strength = script("strength")
    rows = [strength.Row("Briscola (Italy), 2", "normal", "ismcts", "ismcts:400",
                         strength.Tally(wins=30, losses=20, pairs=25)),
            strength.Row("Briscola (Italy), 2", "hard", "ismcts", "ismcts:800",
                         strength.Tally(wins=14, losses=10, pairs=12))]
    english = strength.table(rows, "en", "pimc")
    assert "| normal | ISMCTS, 400 iterations (equal CPU) | 60.0% |" in english
    assert "| 50 | 0 |" in english and "| 24 | 0 |" in english  # each line's own deals
    assert "half the deals of each line" in english
    spanish = strength.table(rows[:1], "es", "pimc")
    assert "| difícil |" not in spanish and "25 parejas de manos espejo (50 manos)" in spanish


def test_the_browser_speed_table_says_each_games_times_in_both_languages() -> None:
    """``bot_pyodide.py --table`` writes what a run measured (here a made-up run, no Node): a
    line per game with its decisions' percentiles, the Spanish with decimal commas."""
    speed = script("bot_pyodide")
    assert doctest.testmod(speed).failed == 0
    run = {"level": "hard", "pyodide": "9.9", "games": {
        "briscola-2": {"all": [float(n) for n in range(1, 101)],
                       "cpu": [float(n) / 2 for n in range(1, 101)]},
        "guinote-4": {"all": [5.0], "cpu": [4.0]}}}
    english = speed.speed_table(run, "en", 3).splitlines()
    assert english[2] == "| Briscola (Italy), 2 | 100 | 50.5 | 95.0 | 47.5 | 50.0 |"
    assert english[3] == "| Guiñote (Aragón), 4 | 1 | 5.0 | 5.0 | 4.0 | 4.0 |"
    assert "at the hard level" in english[-1] and "3 deals a game" in english[-1]
    spanish = speed.speed_table(run, "es", 3).splitlines()
    assert spanish[2] == "| Briscola (Italia), 2 | 100 | 50,5 | 95,0 | 47,5 | 50,0 |"
    assert "nivel difícil" in spanish[-1] and "Pyodide 9.9" in spanish[-1]


def test_the_hybrid_candidate_hands_the_endgame_to_the_level() -> None:
    strength = script("strength")
    from cardrules.bots import IsmctsBot, PimcBot
    from cardrules.bots.endgame import plays_left

    game = cardrules.new_game("briscola", players=2, seed=11)
    # Before the level's solved endgame (ten cards left), the guided tree decides.
    hybrid = strength.player("hybrid:8", "hard", 3)
    tree = IsmctsBot(iterations=8, seed=3, guided=True)
    # (A view keeps how it deals its worlds once asked: each bot gets a view of its own.)
    seat = game.current_player
    assert seat is not None
    assert hybrid.choose(game.view(seat)) == tree.choose(game.view(seat))
    # From ten cards left, the hard level's own search, its endgame solved.
    rng = random.Random(5)
    while plays_left(game) > 10:
        game.play(rng.choice(game.legal_actions()))
    while len(game.legal_actions()) < 2:
        game.play(game.legal_actions()[0])
    seat = game.current_player
    assert seat is not None
    level = strength.player("pimc", "hard", 3 + 7919)
    assert isinstance(level, PimcBot) and level.solve_endgame
    assert strength.player("hybrid:8", "hard", 3).choose(game.view(seat)) == level.choose(
        game.view(seat))


def test_the_model_candidate_fixes_the_opponents_model() -> None:
    strength = script("strength")
    greedy = strength.player("pimc-model:greedy", "hard", 1)
    careful = strength.player("pimc-model:careful", "hard", 1)
    mixed = strength.player("pimc-model:0.25", "w8", 1)
    assert (greedy.noise, greedy.careful_opponents) == (0.0, False)
    assert (careful.noise, careful.careful_opponents) == (0.0, True)
    assert (mixed.noise, mixed.careful_opponents, mixed.worlds) == (0.25, False, 8)
    # The level's other settings are the level's (its solved endgame).
    assert greedy.solve_endgame and greedy.search_plays == strength.player(
        "pimc", "hard", 1).search_plays


def test_the_sampled_candidate_is_the_hard_level_without_its_draws_as_chance() -> None:
    strength = script("strength")
    assert "pimc-sampled" in strength.CANDIDATES
    sampled = strength.player("pimc-sampled", "hard", 1)
    level = strength.player("pimc", "hard", 1)
    assert level.chance_endgame and not sampled.chance_endgame
    assert (sampled.worlds, sampled.compact_worlds, sampled.search_plays,
            sampled.solve_endgame) == (
        level.worlds, level.compact_worlds, level.search_plays, level.solve_endgame)
