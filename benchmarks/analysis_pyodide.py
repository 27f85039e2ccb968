"""How long the widget's analysis of a deal takes inside Pyodide, the browser's Python.

The page calls :mod:`cardrules.web.analysis` a piece at a time: ``start``, then ``step`` (one
decision weighed) until done, ``finish`` (the summary, the graph and its table), then
``seat_bot`` (the bot in the seat, a slice a call) until done. This benchmark runs the site's
Pyodide under Node (``node_modules/pyodide``) with the built wheel, as
``benchmarks/bot_pyodide.py`` does, plays deals with the normal search bot at every seat, and
analyses seat 0 of each at the widget's defaults, timing (inside Python, wall clock):

* **first marks**: from ``start`` to the first decision weighed (what the page shows first);
* **the analysis**: to ``finish`` (every decision, the summary and the graph);
* **with the bot in the seat**: to its last slice;
* **the longest call**: how long a Stop (or a new deal) may wait for the worker;
* the ratio of the analysis to the time the normal bot spent choosing at seat 0's decisions
  in the same deal, in the same run.

The targets (issue 33): in the site's Pyodide, first marks within 1 s and the whole deal within
5 s for two-player Briscola; a four-player Brisca seat within 8 s. The exit status is 0
whatever the figures (a measurement, not a test).

    python benchmarks/analysis_pyodide.py [--deals 3] [--games briscola-2,brisca-4] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from bot_pyodide import parse_games, run_script

TARGETS_S = {"briscola-2": 5.0, "brisca-4": 8.0}
"""The whole analysis of a seat, in seconds, by game."""


def measure(games: list[tuple[str, int]], deals: int, seed: int) -> dict[str, Any]:
    """Run the Node script in its analysis mode; its JSON answer."""
    return run_script({"analysis": {"games": games, "deals": deals, "seed": seed}},
                      "analysis_pyodide")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per game (default: 3)")
    parser.add_argument("--games", default="briscola-2,brisca-4",
                        help="games as id-players, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    args = parser.parse_args(argv)
    games = parse_games(args.games)
    began = time.perf_counter()
    answer = measure(games, args.deals, args.seed)
    print(f"The widget's analysis of seat 0 in Pyodide {answer['pyodide']} (Python "
          f"{answer['python']}) under Node, {args.deals} deals per game played by the normal "
          "bot; medians over the deals, wall clock")
    head = (f"{'game':<12} {'decisions':>9} {'first marks':>11} {'analysis':>9} "
            f"{'+ bot':>7} {'longest call':>12} {'vs bot':>7}")
    print(head)
    print("-" * len(head))
    for name, deals in answer["games"].items():
        def median(key: str, deals: list[dict[str, float]] = deals) -> float:
            return float(statistics.median(d[key] for d in deals))
        ratio = statistics.median(d["analysis_ms"] / d["bot_ms"] for d in deals)
        print(f"{name:<12} {median('decisions'):>9.0f} {median('first_ms') / 1000:>10.2f}s "
              f"{median('analysis_ms') / 1000:>8.2f}s {median('with_bot_ms') / 1000:>6.2f}s "
              f"{max(d['longest_call_ms'] for d in deals) / 1000:>11.2f}s {ratio:>6.1f}x")
        target = TARGETS_S.get(name)
        if target is not None:
            worst = max(d["analysis_ms"] for d in deals) / 1000
            verdict = "meets" if worst <= target else "misses"
            print(f"  slowest deal {worst:.2f} s: {verdict} the target of {target:.0f} s")
    print(f"({time.perf_counter() - began:.0f} s in all)")
    print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
