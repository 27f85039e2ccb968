"""How long the search bot takes to decide inside Pyodide, the browser's Python.

The widget's play mode runs the bots in the reader's browser, in a Web Worker, on the site's own
Pyodide. This benchmark runs the same runtime under Node (``node_modules/pyodide``, ``npm ci``)
with the built wheel (``dist/``, ``scripts/build_widget.py``), plays whole deals with
``make_bot("pimc", level=...)`` at every seat, and prints, per game, the p50 and p95 of:

* **every decision** (the seat's view and the bot's choice, timed inside Python; a single legal
  action or an auction decision costs next to nothing);
* **searched decisions** only (two or more actions weighed by playouts: the slow ones);
* **the widget's call** ``cardrules.web.play.advance`` (a decision, its narration and the seat's
  state as JSON), which is what the page waits for;
* **the CPU** of every decision and of the searched ones (the Node process's CPU time, which the
  other jobs of a shared machine do not inflate as they do the wall clock).

The target (issue 11): p95 of a decision at the default strength at most 200 ms on 2-player
Briscola. The exit status is 0 whatever the figures (a measurement, not a test).

    python benchmarks/bot_pyodide.py [--level normal] [--deals 6] [--games briscola-2,...]
                                     [--seed 1] [--json] [--table FOLDER]

With ``--table FOLDER`` the figures are also written as Markdown tables, in English and Spanish,
into ``FOLDER/speed.en.md`` and ``FOLDER/speed.es.md`` for the rulebook to include.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cardrules.games import GAMES as REGISTRY

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bot_pyodide.mjs"
RUNTIME = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"


def default_games() -> tuple[str, ...]:
    """The games timed by default (``id-players``): every registered game at every number of
    players it takes (a game added to the registry is timed with no edit here; three-handed
    Briscola, between two and six, was once the slowest of all)."""
    return tuple(f"{game}-{n}" for game, rules in REGISTRY.items()
                 for n in sorted(rules.player_counts))


GAMES = default_games()
"""The games timed by default (see :func:`default_games`)."""
TARGET_MS = 200.0
"""The p95 a decision at the default strength must stay under, on 2-player Briscola."""


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile (0 to 1) of ``values``, by linear interpolation."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    position = share * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def built_wheel() -> Path:
    """The wheel the site serves, built (or found up to date) by scripts/build_widget.py."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_widget.py")], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit("bot_pyodide: scripts/build_widget.py failed:\n" + done.stderr[-2000:])
    manifest = json.loads((ROOT / "dist" / "widget.json").read_text(encoding="utf-8"))
    return ROOT / "dist" / str(manifest["wheel"])


def parse_games(text: str) -> list[tuple[str, int]]:
    """Games as ``id-players``, comma-separated: ``[(id, players), ...]``."""
    games = []
    for item in text.split(","):
        name, _, players = item.strip().rpartition("-")
        games.append((name, int(players)))
    return games


def run_script(settings: dict[str, Any], who: str = "bot_pyodide",
               wheel: Path | None = None) -> dict[str, Any]:
    """Run the Node script with these settings on ``wheel`` (by default the built one); its
    JSON answer (``who`` names the benchmark in what it says of a failure)."""
    node = shutil.which("node")
    if node is None or not RUNTIME.is_file():
        raise SystemExit(f"{who}: needs Node.js and node_modules/pyodide (npm ci)")
    done = subprocess.run([node, str(SCRIPT), str(wheel or built_wheel()), json.dumps(settings)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{who}: the Node script failed:\n" + done.stderr[-4000:])
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def measure(games: list[tuple[str, int]], deals: int, level: str, seed: int) -> dict[str, Any]:
    """Run the Node script; its JSON answer."""
    return run_script({"games": games, "deals": deals, "level": level, "seed": seed,
                       "warmup": 5})


def speed_table(answer: dict[str, Any], lang: str, deals: int) -> str:
    """The figures of a run as a Markdown table in ``lang`` (``"en"`` or ``"es"``), a line per
    game with every decision's time by the clock (half of them, 95 of 100) and by the
    processor (95 of 100, and the slowest), with a line saying how they were made.

    Examples:
        >>> run = {"level": "normal", "pyodide": "0.1", "games": {"tute-2": {
        ...     "all": [10.0, 30.0], "cpu": [9.0, 29.5], "searched": [], "advance": []}}}
        >>> print(speed_table(run, "es", 3).splitlines()[2])
        | Tute (España), 2 | 2 | 20,0 | 29,0 | 28,5 | 29,5 |
    """
    head = {
        "en": ("Game, players", "Decisions", "Half under (ms)", "95% under (ms)",
               "95% under (ms of CPU)", "The slowest (ms of CPU)"),
        "es": ("Juego, jugadores", "Decisiones", "La mitad, en menos de (ms)",
               "El 95 %, en menos de (ms)", "El 95 %, en menos de (ms de CPU)",
               "La más lenta (ms de CPU)"),
    }[lang]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]

    def ms(x: float) -> str:
        return f"{x:.1f}".replace(".", ",") if lang == "es" else f"{x:.1f}"

    for name, figures in answer["games"].items():
        game, _, players = name.rpartition("-")
        every, cpu = figures["all"], figures["cpu"]
        lines.append(f"| {REGISTRY[game].title[lang]}, {players} | {len(every)} | "
                     f"{ms(percentile(every, .5))} | {ms(percentile(every, .95))} | "
                     f"{ms(percentile(cpu, .95))} | {ms(max(cpu, default=float('nan')))} |")
    level = {"en": answer["level"], "es": {"easy": "fácil", "hard": "difícil"}.get(
        answer["level"], answer["level"])}[lang]
    made = {
        "en": f"*The search bot at the {level} level in every seat; {deals} deals a game, in the "
              f"site's Python (Pyodide {answer['pyodide']}) under Node; every decision, timed "
              f"by the clock and by the processor time it took; made by "
              f"`benchmarks/bot_pyodide.py`.*",
        "es": f"*El bot de búsqueda en el nivel {level} en todos los puestos; {deals} manos por "
              f"juego, en el Python del sitio (Pyodide {answer['pyodide']}) bajo Node; todas "
              f"las decisiones, cronometradas con el reloj y por el tiempo de procesador que "
              f"gastaron; lo genera `benchmarks/bot_pyodide.py`.*",
    }[lang]
    return "\n".join(lines) + "\n\n" + made + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="normal", help="the bots' strength (default: normal)")
    parser.add_argument("--deals", type=int, default=6, help="deals per game (default: 6)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="games as id-players, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--table", type=Path, default=None,
                        help="also write the figures as Markdown tables (en, es) into FOLDER")
    args = parser.parse_args(argv)
    games = parse_games(args.games)
    began = time.perf_counter()
    answer = measure(games, args.deals, args.level, args.seed)
    if args.table is not None:
        args.table.mkdir(parents=True, exist_ok=True)
        for lang in ("en", "es"):
            path = args.table / f"speed.{lang}.md"
            path.write_text(speed_table(answer, lang, args.deals), encoding="utf-8")
            print(f"wrote {path}", file=sys.stderr)
    if args.json:
        print(json.dumps(answer))
        return 0
    print(f"PimcBot level {answer['level']} ({answer['worlds']} worlds) in Pyodide "
          f"{answer['pyodide']} (Python {answer['python']}) under Node, {args.deals} deals "
          f"per game, every seat a bot; times in ms")
    head = (f"{'game':<12} {'decisions':>9} {'p50':>7} {'p95':>7}   {'searched':>8} {'p50':>7} "
            f"{'p95':>7} {'max':>7}   {'advance p50':>11} {'p95':>7}   {'CPU p95':>7} "
            f"{'searched':>8}")
    print(head)
    print("-" * len(head))
    for name, figures in answer["games"].items():
        every, searched, advance = figures["all"], figures["searched"], figures["advance"]
        print(f"{name:<12} {len(every):>9} {percentile(every, .5):>7.1f} "
              f"{percentile(every, .95):>7.1f}   {len(searched):>8} "
              f"{percentile(searched, .5):>7.1f} {percentile(searched, .95):>7.1f} "
              f"{max(searched, default=float('nan')):>7.1f}   "
              f"{percentile(advance, .5):>11.1f} {percentile(advance, .95):>7.1f}   "
              f"{percentile(figures['cpu'], .95):>7.1f} "
              f"{percentile(figures['cpu_searched'], .95):>8.1f}")
    target = answer["games"].get("briscola-2")
    if target is not None:
        p95 = percentile(target["all"], .95)
        verdict = "meets" if p95 <= TARGET_MS else "misses"
        print(f"\n2-player Briscola: p95 of a decision {p95:.1f} ms, which {verdict} the target "
              f"of {TARGET_MS:.0f} ms (searched decisions only: "
              f"{percentile(target['searched'], .95):.1f} ms; the widget's advance call: "
              f"{percentile(target['advance'], .95):.1f} ms).")
    print(f"({time.perf_counter() - began:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
