"""The widget's deal JSON, measured against one account of the same deal in one run.

Usage: python benchmarks/widget_json.py [--rounds R] [--record PATH]...

For each record (by default five-player Chiamata, the deal with the most seats and a hidden
partner, and two-player Brisca), in turns for ``R`` rounds: the time of one account of the
deal (:func:`cardrules.account.deal.account`, the deal's steps walked once, the open account),
and of the stepper's whole answer for a viewer (:func:`cardrules.web.steps.deal_data`: its one
account for that viewer, and the JSON made from it), for the open account and for a seat.
Medians of the process's CPU time and their ratio to one account are printed: the widget's
JSON should cost little more than the account it is made from.

Figures, not tests: the suite never times anything.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardrules import replay
from cardrules.account.deal import account
from cardrules.record import load_record
from cardrules.web.answers import answer_text
from cardrules.web.steps import deal_data

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ("examples/chiamata-5p.json", "examples/brisca-2p.json")


def _time(work: Callable[[], Any], repeat: int) -> float:
    """Milliseconds of CPU time per call, over ``repeat`` calls."""
    began = time.process_time()
    for _ in range(repeat):
        work()
    return (time.process_time() - began) * 1000 / repeat


def measure(path: Path, rounds: int, repeat: int) -> dict[str, float]:
    """The median time of each candidate for one record, in turns."""
    data = load_record(json.loads(path.read_text(encoding="utf-8")))
    game = replay(data)
    candidates: dict[str, Callable[[], Any]] = {
        "one account": lambda: account(game, "en"),
        "JSON, every hand": lambda: answer_text(deal_data(game, "en", data, None)),
        "JSON, seat 1": lambda: answer_text(deal_data(game, "en", data, 1)),
    }
    times: dict[str, list[float]] = {name: [] for name in candidates}
    for _ in range(rounds):
        for name, work in candidates.items():
            times[name].append(_time(work, repeat))
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--record", action="append", type=Path)
    args = parser.parse_args()
    for path in args.record or [ROOT / r for r in RECORDS]:
        medians = measure(path, args.rounds, args.repeat)
        base = medians["one account"]
        print(path.name)
        for name, ms in medians.items():
            print(f"  {name:<18} {ms:7.2f} ms  {ms / base:5.2f}x one account")


if __name__ == "__main__":
    main()
