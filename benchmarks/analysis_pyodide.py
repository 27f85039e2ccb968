"""How long the widget's analysis of a deal takes inside Pyodide, the browser's Python.

The page calls :mod:`cardrules.web.analysis` a piece at a time: ``start``, then ``step`` (a
decision weighed, or one in doubt as it stands before more deals are weighed) until done,
``finish`` (the summary, the graph and its table), then ``seat_bot`` (the bot in the seat, a
slice a call) until done. This benchmark runs the site's Pyodide under Node
(``node_modules/pyodide``) with the built wheel, as ``benchmarks/bot_pyodide.py`` does, plays
deals with the normal search bot at every seat, and analyses seat 0 of each at the widget's
defaults, timing (inside Python, wall clock):

* **first marks**: from ``start`` to the first answer about a decision (what the page shows
  first: settled, or still being weighed), and **settled**: to the first settled decision;
* **the analysis**: to ``finish`` (every decision, the summary and the graph);
* **with the bot in the seat**: to its last slice (``--no-bot`` leaves it out);
* **the longest call**: how long a Stop (or a new deal) may wait for the worker;
* the ratio of the analysis to the time the normal bot spent choosing at seat 0's decisions
  in the same deal, in the same run;
* the first marks of the deals whose first decision was in doubt (weighed in more deals than
  asked), and a digest of each deal's analysis (its JSON): with ``--wheel`` given twice or
  more, the wheels run in turns, round after round (``--rounds``), on the same deals, and the
  digests say whether they analysed every deal alike.

The targets (issue 33): in the site's Pyodide, first marks within 1 s and the whole deal within
5 s for two-player Briscola; a four-player Brisca seat within 8 s. The exit status is 0
whatever the figures (a measurement, not a test).

    python benchmarks/analysis_pyodide.py [--deals 3] [--games briscola-2,brisca-4] [--seed 1]
        [--wheel A.whl --wheel B.whl] [--rounds 1] [--no-bot]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bot_pyodide import parse_games, run_script

TARGETS_S = {"briscola-2": 5.0, "brisca-4": 8.0}
"""The whole analysis of a seat, in seconds, by game."""


def measure(games: list[tuple[str, int]], deals: int, seed: int, wheel: Path | None = None,
            bot: bool = True) -> dict[str, Any]:
    """Run the Node script in its analysis mode on ``wheel`` (the built one by default); its
    JSON answer."""
    return run_script({"analysis": {"games": games, "deals": deals, "seed": seed, "bot": bot}},
                      "analysis_pyodide", wheel)


def _seconds(values: list[float]) -> str:
    return ", ".join(f"{v / 1000:.2f}" for v in values) or "-"


def report(label: str, games: dict[str, list[dict[str, Any]]]) -> None:
    """Print one wheel's medians by game (its deals of every round)."""
    print(label)
    head = (f"{'game':<12} {'decisions':>9} {'first marks':>11} {'settled':>8} "
            f"{'analysis':>9} {'+ bot':>7} {'longest call':>12} {'vs bot':>7}")
    print(head)
    print("-" * len(head))
    for name, deals in games.items():
        def median(key: str, deals: list[dict[str, Any]] = deals) -> float:
            values = [d[key] for d in deals if d.get(key) is not None]
            return float(statistics.median(values)) if values else float("nan")
        ratio = statistics.median(d["analysis_ms"] / d["bot_ms"] for d in deals)
        print(f"{name:<12} {median('decisions'):>9.0f} {median('first_ms') / 1000:>10.2f}s "
              f"{median('first_settled_ms') / 1000:>7.2f}s "
              f"{median('analysis_ms') / 1000:>8.2f}s {median('with_bot_ms') / 1000:>6.2f}s "
              f"{max(d['longest_call_ms'] for d in deals) / 1000:>11.2f}s {ratio:>6.2f}x")
        doubt = [d for d in deals if d.get("first_in_doubt")]
        print(f"  first decision in doubt in {len(doubt)} of {len(deals)}: first marks "
              f"{_seconds([d['first_ms'] for d in doubt])} s, settled "
              f"{_seconds([d['first_settled_ms'] for d in doubt])} s")
        if doubt:
            # Over the time the normal bot took at seat 0 in the same deal of the same run.
            print("  there, first marks over the bot's time: median "
                  f"{statistics.median(d['first_ms'] / d['bot_ms'] for d in doubt):.3f}, "
                  "settled: median "
                  f"{statistics.median(d['first_settled_ms'] / d['bot_ms'] for d in doubt):.3f}")
        target = TARGETS_S.get(name)
        if target is not None:
            worst = max(d["analysis_ms"] for d in deals) / 1000
            verdict = "meets" if worst <= target else "misses"
            print(f"  slowest deal {worst:.2f} s: {verdict} the target of {target:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per game (default: 3)")
    parser.add_argument("--games", default="briscola-2,brisca-4",
                        help="games as id-players, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--wheel", type=Path, action="append",
                        help="a wheel to time (again for another, run in turns; default: "
                             "the built one)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="times each wheel runs, in turns (default: 1)")
    parser.add_argument("--no-bot", action="store_true",
                        help="leave out the bot in the seat")
    args = parser.parse_args(argv)
    games = parse_games(args.games)
    wheels: list[Path | None] = list(args.wheel or [None])
    began = time.perf_counter()
    runs: dict[int, dict[str, list[dict[str, Any]]]] = {k: {} for k in range(len(wheels))}
    answer: dict[str, Any] = {}
    for _ in range(args.rounds):
        for k, wheel in enumerate(wheels):
            answer = measure(games, args.deals, args.seed, wheel, bot=not args.no_bot)
            for name, deals in answer["games"].items():
                runs[k].setdefault(name, []).extend(deals)
    print(f"The widget's analysis of seat 0 in Pyodide {answer['pyodide']} (Python "
          f"{answer['python']}) under Node, {args.deals} deals per game played by the normal "
          f"bot, {args.rounds} round(s) of each wheel in turns; medians over the deals and "
          "rounds, wall clock")
    for k, wheel in enumerate(wheels):
        report(f"\nwheel {k + 1}: {wheel or 'the built one'}", runs[k])
    if len(wheels) > 1:
        digests = [[d["analysis"] for name in sorted(runs[k]) for d in runs[k][name]]
                   for k in range(len(wheels))]
        same = all(d == digests[0] for d in digests)
        print(f"\nThe analyses (their JSON) are {'the same' if same else 'NOT the same'} "
              "with every wheel, deal by deal.")
    print(f"({time.perf_counter() - began:.0f} s in all)")
    print(json.dumps({str(k): runs[k] for k in runs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
