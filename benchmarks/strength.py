"""How strong the bots are: mirrored deals, in parallel, with 95% confidence intervals.

Usage: python benchmarks/strength.py [--pairs N] [--bot pimc] [--level normal]
                                      [--games all|briscola-2,...] [--against greedy,random]
                                      [--workers K] [--table FOLDER]

Each deal is played twice with the seats swapped (a *mirrored pair*): once with the bot on one
side and the opponent on the other, once the other way round, so that the luck of the cards
cancels out. In a game of partners the bot plays every seat of its side; in an auction game
(where the sides are made by the bidding) it plays seat 0, then seat 1, against opponents at
every other seat. A deal counts for the bot when its side wins it; draws are left out of the
rate ("decided deals"), and the 95% interval is Wilson's.

The pairs run over every core (``--workers``), with a progress bar on standard error. With
``--table FOLDER`` the figures are also written as Markdown tables, in English and Spanish,
into ``FOLDER/strength.en.md`` and ``FOLDER/strength.es.md`` for the rulebook to include.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cardrules
from cardrules.bots import Bot, make_bot

GAMES: tuple[tuple[str, int], ...] = (
    ("briscola", 2), ("brisca", 2), ("briscas", 2), ("brisca", 4), ("briscola", 3),
    ("alcalde", 3), ("aluette", 4), ("chiamata", 5), ("rematada", 3), ("tute", 2), ("tute", 4),
    ("guinote", 4), ("guinote", 2),
)
"""Every game and player count the table covers."""


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    bot: str
    level: str
    against: str
    seed: int


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        self.decisions += other.decisions
        self.seconds += other.seconds


def side_seats(game: cardrules.Game, turn: int) -> tuple[int, ...]:
    """The seats the bot plays in the ``turn``-th deal of a pair (0 or 1)."""
    if game.sides and len(game.sides) >= 2:
        return game.sides[turn]
    return (turn,)


class Timed:
    """A bot whose decisions are counted and timed."""

    def __init__(self, bot: Bot, tally: Tally) -> None:
        self.bot = bot
        self.tally = tally

    def choose(self, view: cardrules.SeatView) -> cardrules.Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        self.tally.seconds += time.perf_counter() - start
        self.tally.decisions += 1
        return action

    def interject(self, view: cardrules.SeatView) -> cardrules.Action | None:
        start = time.perf_counter()
        action = self.bot.interject(view)
        self.tally.seconds += time.perf_counter() - start
        return action


def play_pair(task: Task) -> Tally:
    """One mirrored pair: the deal of ``task.seed`` twice, the bot's seats swapped."""
    tally = Tally()
    for turn in (0, 1):
        game = cardrules.new_game(task.game, players=task.players, seed=task.seed)
        mine = side_seats(game, turn)
        params = {"level": task.level} if task.bot == "pimc" else {}
        bot = Timed(make_bot(task.bot, seed=task.seed * 2 + turn, **params), tally)
        other = make_bot(task.against, seed=task.seed * 2 + turn + 1)
        bots: list[Bot] = [bot if s in mine else other for s in range(task.players)]
        cardrules.bots.play_out(game, bots)
        result = game.result
        assert result is not None
        if result.winner is None:
            tally.draws += 1
        elif mine[0] in result.sides[result.winner]:
            tally.wins += 1
        else:
            tally.losses += 1
    return tally


def wilson(wins: int, total: int, z: float = 1.96) -> tuple[float, float, float]:
    """The rate and Wilson's 95% interval."""
    if total == 0:
        return 0.0, 0.0, 0.0
    p = wins / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return p, centre - half, centre + half


def progress(done: int, total: int, start: float, label: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - start, 1e-9)
    left = (total - done) / rate if rate else 0
    sys.stderr.write(f"\r{label:<22} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
                     f" pairs, {left:,.0f} s left ")
    sys.stderr.flush()


def run(tasks: Sequence[Task], workers: int, label: str) -> Tally:
    total = Tally()
    start = time.perf_counter()
    chunk = max(1, len(tasks) // (workers * 20))
    if workers <= 1:
        results: Iterator[Tally] = map(play_pair, tasks)
        for done, tally in enumerate(results, 1):
            total.add(tally)
            progress(done, len(tasks), start, label)
    else:
        with multiprocessing.Pool(workers) as pool:
            for done, tally in enumerate(pool.imap_unordered(play_pair, tasks, chunk), 1):
                total.add(tally)
                progress(done, len(tasks), start, label)
    sys.stderr.write("\n")
    return total


OPPONENTS = {
    "en": {"greedy": "the greedy bot", "random": "the random bot", "pimc": "the search bot"},
    "es": {"greedy": "el bot codicioso", "random": "el bot al azar", "pimc": "el bot de búsqueda"},
}
"""How the table names each bot (an opponent, or the bot measured)."""
LEVELS_ES = {"easy": "fácil", "normal": "normal", "hard": "difícil"}


def table(rows: list[tuple[str, str, Tally]], lang: str, bot: str, level: str,
          pairs: int) -> str:
    """The figures as a Markdown table in ``lang``, with a line saying how they were made."""
    head = {
        "en": ("Game, players", "Against", "Deals won", "95% interval", "Deals", "Draws",
               "ms per decision"),
        "es": ("Juego, jugadores", "Contra", "Manos ganadas", "Intervalo del 95 %", "Manos",
               "Empates", "ms por decisión"),
    }[lang]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for game, against, t in rows:
        p, low, high = wilson(t.wins, t.wins + t.losses)
        ms = 1000 * t.seconds / max(t.decisions, 1)

        def pct(x: float) -> str:
            return f"{100 * x:.1f} %".replace(".", ",") if lang == "es" else f"{100 * x:.1f}%"

        name = OPPONENTS[lang].get(against, against)
        lines.append(f"| {game} | {name} | {pct(p)} | {pct(low)} – {pct(high)} | "
                     f"{t.wins + t.losses + t.draws} | {t.draws} | {ms:.0f} |")
    name = OPPONENTS[lang].get(bot, bot)
    player = name[0].upper() + name[1:]
    made = {
        "en": f"*{player} at the {level} level; {pairs} mirrored pairs ({2 * pairs} deals) per "
              f"line; a rate counts decided deals only; made by `benchmarks/strength.py`.*",
        "es": f"*{player} en el nivel {LEVELS_ES.get(level, level)}; {pairs} parejas de "
              f"manos espejo ({2 * pairs} manos) por línea; el porcentaje cuenta solo las manos "
              f"con ganador; lo genera `benchmarks/strength.py`.*",
    }[lang]
    return "\n".join(lines) + "\n\n" + made + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200, help="mirrored pairs per line")
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", default="all", help="all, or e.g. briscola-2,chiamata-5")
    parser.add_argument("--against", default="greedy,random")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", type=Path, default=None)
    args = parser.parse_args(argv)
    games = GAMES
    if args.games != "all":
        wanted = {tuple(g.rsplit("-", 1)) for g in args.games.split(",")}
        games = tuple(g for g in GAMES if (g[0], str(g[1])) in wanted)
    rows: list[tuple[str, str, Tally]] = []
    print(f"{args.bot} ({args.level}), {args.pairs} mirrored pairs per line, "
          f"{args.workers} workers")
    for game, players in games:
        for against in args.against.split(","):
            tasks = [Task(game, players, args.bot, args.level, against, args.seed * 10**6 + i)
                     for i in range(args.pairs)]
            tally = run(tasks, args.workers, f"{game} {players}p v {against}")
            p, low, high = wilson(tally.wins, tally.wins + tally.losses)
            ms = 1000 * tally.seconds / max(tally.decisions, 1)
            print(f"{game:>9} {players}p against {against:<7} {100 * p:5.1f}% of decided deals "
                  f"(95%: {100 * low:.1f}-{100 * high:.1f}), {tally.wins}-{tally.losses}, "
                  f"{tally.draws} draws; {ms:.1f} ms per decision", flush=True)
            title = cardrules.rules_for(game, players).title
            rows.append((f"{title['en']}, {players}", against, tally))
    if args.table is not None:
        args.table.mkdir(parents=True, exist_ok=True)
        for lang in ("en", "es"):
            named = [(r[0] if lang == "en" else _spanish_title(r[0]), r[1], r[2]) for r in rows]
            path = args.table / f"strength.{lang}.md"
            path.write_text(table(named, lang, args.bot, args.level, args.pairs),
                            encoding="utf-8")
            print(f"wrote {path}")
    return 0


def _spanish_title(english: str) -> str:
    name, _, players = english.rpartition(", ")
    for rules in cardrules.GAMES.values():
        if rules.title["en"] == name:
            return f"{rules.title['es']}, {players}"
    return english


if __name__ == "__main__":
    raise SystemExit(main())
