"""How strong the bots are: mirrored deals, in parallel, with 95% confidence intervals.

Usage: python benchmarks/strength.py [--pairs N] [--bot pimc] [--level normal[,hard]]
                                      [--games all|briscola-2,...]
                                      [--against greedy,random,ismcts]
                                      [--workers K] [--table FOLDER]

Each deal is played twice with the seats swapped (a *mirrored pair*): once with the bot on one
side and the opponent on the other, once the other way round, so that the luck of the cards
cancels out. In a game of partners the bot plays every seat of its side; in an auction game
(where the sides are made by the bidding) it plays seat 0, then seat 1, against opponents at
every other seat. A deal counts for the bot when its side wins it; draws are left out of the
rate ("decided deals"), and the 95% interval is Wilson's.

``--against ismcts`` is the project's single-observer ISMCTS (:mod:`cardrules.bots.ismcts`, written
from Cowling, Powley and Whitehouse, 2012) at *equal CPU per decision*: before the measured pairs,
a few calibration pairs (``--calibrate``, their own deals) time both bots' decisions that had a
choice, in CPU time of the process that plays them, and ISMCTS gets the number of iterations
that costs what a decision of the bot's level costs (a fixed number, so every pair is
reproducible for its seed); the run prints the CPU per decision each side then spent.
``ismcts:4000`` fixes the iterations instead; ``--bot ismcts:N --against ismcts-engine:N``
plays ISMCTS's compact form against its form on the engine (the same algorithm: about half).
``--level normal,hard`` measures each level in turn and prints their lines side by side.

The pairs run over every core (``--workers``), with a progress bar on standard error. With
``--table FOLDER`` the figures are also written as Markdown tables, in English and Spanish,
into ``FOLDER/strength.en.md`` and ``FOLDER/strength.es.md`` for the rulebook to include.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cardrules
from cardrules import Action, SeatView
from cardrules.bots import COMPACT_LEVELS, LEVELS, Bot, IsmctsBot, PimcBot, make_bot

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
    choices: int = 0  # the bot's decisions with two or more legal actions
    choice_seconds: float = 0.0
    their_choices: int = 0  # the same for the opponent
    their_seconds: float = 0.0
    pairs: int = 0

    def add(self, other: Tally) -> None:
        self.pairs += other.pairs
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.choices += other.choices
        self.choice_seconds += other.choice_seconds
        self.their_choices += other.their_choices
        self.their_seconds += other.their_seconds

    def ms(self) -> float:
        """The bot's CPU milliseconds per decision with a choice."""
        return 1000 * self.choice_seconds / max(self.choices, 1)

    def their_ms(self) -> float:
        """The opponent's CPU milliseconds per decision with a choice."""
        return 1000 * self.their_seconds / max(self.their_choices, 1)


def side_seats(game: cardrules.Game, turn: int) -> tuple[int, ...]:
    """The seats the bot plays in the ``turn``-th deal of a pair (0 or 1)."""
    if game.sides and len(game.sides) >= 2:
        return game.sides[turn]
    return (turn,)


class Timed:
    """A bot whose decisions are counted and timed in CPU time (the process's: a worker plays
    one deal at a time, so it is the bot's, whatever else the machine runs)."""

    def __init__(self, bot: Bot, tally: Tally, mine: bool = True) -> None:
        self.bot = bot
        self.tally = tally
        self.mine = mine

    def choose(self, view: cardrules.SeatView) -> cardrules.Action:
        start = time.process_time()
        action = self.bot.choose(view)
        spent = time.process_time() - start
        tally = self.tally
        choice = len(view.legal_actions) > 1
        if self.mine:
            tally.seconds += spent
            tally.decisions += 1
            if choice:
                tally.choices += 1
                tally.choice_seconds += spent
        elif choice:
            tally.their_choices += 1
            tally.their_seconds += spent
        return action

    def interject(self, view: cardrules.SeatView) -> cardrules.Action | None:
        start = time.perf_counter()
        action = self.bot.interject(view)
        self.tally.seconds += time.perf_counter() - start
        return action


GUIDED_ITERATIONS = 2
"""The guided ISMCTS candidate's iterations per world of a level (about the CPU of the level)."""

CANDIDATES = ("pimc-exact", "pimc-careful", "ismcts-guided", "pimc-infer", "pimc-model:greedy",
              "hybrid:1200", "pimc-sampled")
"""Searches measured against ISMCTS beside the shipped bot (``--bot``): ``pimc-exact``, the
search bot expecting the greedy card in its playouts (no reading of carelessness) and solving
the endgame exactly; ``pimc-careful``, the same expecting the careful card of every seat in its
playouts (as the hint does); ``ismcts-guided``, ISMCTS with the search bot's playouts, reward
and exact endgame (:class:`~cardrules.bots.IsmctsBot` with ``guided=True``); and
``pimc-solve:N``, the level with a two-player endgame solved on the model from N cards left
(:class:`~cardrules.bots.PimcBot` with ``search_plays=N, solve_endgame=True``); ``pimc-infer``,
the level as it is made (:func:`make_bot`) with its worlds drawn in proportion to how likely the
opponent's plays were in them (``infer=True``: :class:`~cardrules.bots.opponents.HandReading`;
not better than the hard level against ISMCTS: ``benchmarks/results/ismcts-log.md``, runs
29-31); ``pimc-model:M``, the level with its model of the opponents fixed (``greedy``: never
at random; ``careful``: the careful rule; a number: that chance of a random card), instead of
read from their plays (runs 41-44); ``hybrid:N``, the guided ISMCTS with N iterations until the
level solves its endgame exactly (:class:`Hybrid`; runs 39-40); ``pimc-sampled``, the level as
made with ``chance_endgame=False``: the hard level before the stock's unseen draws were searched
as chance, its endgame solved in sampled worlds (runs 33-52; as ``pimc-chance``, the level with
``chance_endgame=True``, runs 53-59, measured the hard level of today)."""


def worlds(level: str) -> int:
    """The worlds of ``level``: a level of the search bot, or ``wN`` (N worlds: a cheaper level
    for screening candidates)."""
    return int(level[1:]) if level.startswith("w") else LEVELS[level]


def player(name: str, level: str, seed: int) -> Bot:
    """The bot measured: ``pimc`` at ``level``, a candidate of :data:`CANDIDATES` at the work
    of that level, or another bot of :func:`make_bot`."""
    if name == "pimc":  # a level as the levels are made (its worlds on the compact model too)
        if level in LEVELS:
            return make_bot("pimc", seed=seed, level=level)
        return make_bot("pimc", seed=seed, worlds=worlds(level))
    if name == "pimc-exact":
        return PimcBot(worlds=worlds(level), seed=seed, noise=0.0, exact=True)
    if name == "pimc-careful":
        return PimcBot(worlds=worlds(level), seed=seed, noise=0.0, exact=True,
                       careful_opponents=True)
    if name.startswith("pimc-solve:"):  # the level, its endgame solved from N cards left
        return PimcBot(worlds=worlds(level), compact_worlds=COMPACT_LEVELS.get(level),
                       seed=seed, search_plays=int(name.split(":", 1)[1]), solve_endgame=True)
    if name == "pimc-infer":  # the level as made, the worlds weighed by the opponent's plays
        bot = as_made(level, seed)
        bot.infer = True
        return bot
    if name == "pimc-sampled":  # the level as made, its endgame solved in sampled worlds only
        bot = as_made(level, seed)
        bot.chance_endgame = False
        return bot
    if name == "ismcts-guided":
        return IsmctsBot(iterations=GUIDED_ITERATIONS * worlds(level), seed=seed, guided=True)
    if name.startswith("ismcts:"):  # the yardstick itself, N iterations (its compact form)
        return IsmctsBot(iterations=int(name.split(":", 1)[1]), seed=seed)
    if name.startswith("pimc-model:"):  # the level, its opponents' model fixed
        model = name.split(":", 1)[1]
        bot = as_made(level, seed)
        bot.noise = 0.0 if model in ("greedy", "careful") else float(model)
        bot.careful_opponents = model == "careful"
        return bot
    if name.startswith("hybrid:"):  # guided ISMCTS, N iterations; the level's PIMC near the end
        return Hybrid(int(name.split(":", 1)[1]), level, seed)
    return make_bot(name, seed=seed)


def as_made(level: str, seed: int) -> PimcBot:
    """The search bot at ``level`` as :func:`make_bot` makes it (``wN``: N worlds), for a
    candidate to change."""
    bot = (make_bot("pimc", seed=seed, level=level) if level in LEVELS
           else make_bot("pimc", seed=seed, worlds=worlds(level)))
    assert isinstance(bot, PimcBot)
    return bot


class Hybrid:
    """A candidate: the guided ISMCTS (a tree over the seat's information, the search bot's
    playouts and weighing) until the level's search bot solves its endgame exactly (a level
    without a solved endgame: the tree to the end). Whether a tree over what the seat knows
    does better than the level's worlds before the endgame: not against ISMCTS (runs 39-40)."""

    def __init__(self, iterations: int, level: str, seed: int) -> None:
        self.tree = IsmctsBot(iterations=iterations, seed=seed, guided=True)
        self.end = as_made(level, seed + 7919)
        self.solve_from = self.end.search_plays if self.end.solve_endgame else 0

    def interject(self, view: SeatView) -> Action | None:
        """The tree's answer out of turn (the guided ISMCTS's)."""
        return self.tree.interject(view)

    def choose(self, view: SeatView) -> Action:
        """The level's choice once its endgame is solved, the tree's before."""
        # The cards still to play, as endgame.plays_left counts them, read off the view.
        if sum(view.hand_sizes) + view.stock_size <= self.solve_from:
            return self.end.choose(view)
        return self.tree.choose(view)


def opponent(name: str, seed: int) -> Bot:
    """The opponent called ``name``: a bot of :func:`make_bot`, ``ismcts:N`` (ISMCTS with N
    iterations a decision), or ``ismcts-engine:N`` (the same on the engine, ``compact=False``:
    ``--bot ismcts:N --against ismcts-engine:N`` sets the two forms against each other)."""
    if name.startswith("ismcts:"):
        return IsmctsBot(iterations=int(name.split(":", 1)[1]), seed=seed)
    if name.startswith("ismcts-engine:"):
        return IsmctsBot(iterations=int(name.split(":", 1)[1]), seed=seed, compact=False)
    return make_bot(name, seed=seed)


CARRIED_DEALS = 3
"""The most deals one measured game may take: a deal that ends with nobody winning and a score
for the next deal to carry (Guiñote's deal *de vueltas*) is played on, as at the table."""


def play_pair(task: Task) -> Tally:
    """One mirrored pair: the deal of ``task.seed`` twice, the bot's seats swapped. A deal that
    ends with nobody winning while the game carries its score into the next deal (the rules'
    ``carried_options``: Guiñote's deal *de vueltas* after one where nobody reached 101) goes on
    with that next deal, dealt alike in both games of the pair (at most :data:`CARRIED_DEALS`
    deals), so the game is decided as at the table instead of counting as a draw."""
    tally = Tally(pairs=1)
    for turn in (0, 1):
        game = cardrules.new_game(task.game, players=task.players, seed=task.seed)
        mine = side_seats(game, turn)
        bot = Timed(player(task.bot, task.level, task.seed * 2 + turn), tally)
        other = Timed(opponent(task.against, task.seed * 2 + turn + 1), tally, mine=False)
        bots: list[Bot] = [bot if s in mine else other for s in range(task.players)]
        cardrules.bots.play_out(game, bots)
        result = game.result
        assert result is not None
        for deal in range(1, CARRIED_DEALS):
            carried = game.rules.carried_options(result, lambda seat: seat)  # the same seats
            if result.winner is not None or not carried:
                break
            game = cardrules.new_game(task.game, players=task.players,
                                      seed=task.seed * CARRIED_DEALS + deal, options=carried)
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


def progress(done: int, total: int, start: float, label: str,
             tallies: dict[str, Tally]) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - start, 1e-9)
    left = (total - done) / rate if rate else 0
    # The running score too: a long run stopped early still tells what it has measured.
    score = "; ".join(f"{level} {t.wins}-{t.losses}-{t.draws} ({t.ms():.0f}/{t.their_ms():.0f} ms)"
                      for level, t in tallies.items())
    sys.stderr.write(f"\r{label:<22} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
                     f" pairs, {left:,.0f} s left; {score} ")
    sys.stderr.flush()


def _tagged(task: Task) -> tuple[str, Tally]:
    return task.level, play_pair(task)


def run(tasks: Sequence[Task], workers: int, label: str) -> dict[str, Tally]:
    """Play ``tasks`` (their levels interleaved, so that a run stopped early has figures for
    each); the tally of each level."""
    totals = {task.level: Tally() for task in tasks}
    start = time.perf_counter()
    # One pair at a time to a worker (a pair takes seconds): each counts as soon as it ends.
    try:
        if workers <= 1:
            results: Iterator[tuple[str, Tally]] = map(_tagged, tasks)
            for done, (level, tally) in enumerate(results, 1):
                totals[level].add(tally)
                progress(done, len(tasks), start, label, totals)
        else:
            with multiprocessing.Pool(workers) as pool:
                for done, (level, tally) in enumerate(pool.imap_unordered(_tagged, tasks), 1):
                    totals[level].add(tally)
                    progress(done, len(tasks), start, label, totals)
    except KeyboardInterrupt:
        # Stopped early (Ctrl-C, kill): what was measured still counts, with its pairs.
        sys.stderr.write("\nstopped: the figures cover the pairs played so far")
    sys.stderr.write("\n")
    return totals


OPPONENTS = {
    "en": {"greedy": "the greedy bot", "random": "the random bot", "pimc": "the search bot",
           "ismcts": "ISMCTS, {n} iterations (equal CPU)",
           "ismcts:": "ISMCTS, {n} iterations"},
    "es": {"greedy": "el bot codicioso", "random": "el bot al azar", "pimc": "el bot de búsqueda",
           "ismcts": "ISMCTS, {n} iteraciones (mismo tiempo de CPU)",
           "ismcts:": "ISMCTS, {n} iteraciones"},
}
"""How the table names each bot (an opponent, or the bot measured)."""
LEVELS_ES = {"easy": "fácil", "normal": "normal", "hard": "difícil"}

CALIBRATION_GUESS = 2
"""The ISMCTS iterations the calibration pairs start from, per world of the level (about the
same CPU: 320 iterations for the normal level)."""


@dataclass(frozen=True)
class Row:
    """One line of the figures: a game, a level, an opponent, what was measured."""

    game: str
    level: str
    against: str  # as asked: greedy, random, ismcts (equal CPU) or ismcts:N
    played: str  # the opponent as played: ismcts:N for both ISMCTS forms
    tally: Tally


def opponent_name(row: Row, lang: str) -> str:
    """How the table names ``row``'s opponent in ``lang``."""
    names = OPPONENTS[lang]
    if row.played.startswith("ismcts:"):
        n = int(row.played.split(":", 1)[1])
        key = "ismcts" if row.against == "ismcts" else "ismcts:"
        return names[key].format(n=n)
    return names.get(row.against, row.against)


def table(rows: list[Row], lang: str, bot: str) -> str:
    """The figures as a Markdown table in ``lang``, with a line saying how they were made."""
    head = {
        "en": ("Game, players", "Level", "Against", "Deals won", "95% interval", "Deals",
               "Draws", "CPU ms per decision (bot / opponent)"),
        "es": ("Juego, jugadores", "Nivel", "Contra", "Manos ganadas", "Intervalo del 95 %",
               "Manos", "Empates", "ms de CPU por decisión (bot / rival)"),
    }[lang]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]

    def pct(x: float) -> str:
        return f"{100 * x:.1f} %".replace(".", ",") if lang == "es" else f"{100 * x:.1f}%"

    for row in rows:
        t = row.tally
        p, low, high = wilson(t.wins, t.wins + t.losses)
        level = LEVELS_ES.get(row.level, row.level) if lang == "es" else row.level
        lines.append(f"| {row.game} | {level} | {opponent_name(row, lang)} | {pct(p)} | "
                     f"{pct(low)} – {pct(high)} | {t.wins + t.losses + t.draws} | {t.draws} | "
                     f"{t.ms():.0f} / {t.their_ms():.0f} |")
    name = OPPONENTS[lang].get(bot, bot)
    player = name[0].upper() + name[1:]
    counts = {row.tally.pairs for row in rows}
    pairs = counts.pop() if len(counts) == 1 else None  # a run stopped early: its own per line
    each = {
        "en": f"{pairs:,} mirrored pairs ({2 * pairs:,} deals) per line" if pairs is not None
        else "mirrored pairs, half the deals of each line",
        "es": f"{pairs} parejas de manos espejo ({2 * pairs} manos) por línea"
        if pairs is not None else "parejas de manos espejo, la mitad de las manos de cada línea",
    }[lang]
    made = {
        "en": f"*{player}; {each}; a rate counts decided deals only; CPU time per decision that "
              f"had a choice; made by `benchmarks/strength.py`.*",
        "es": f"*{player}; {each}; el porcentaje cuenta solo las manos con ganador; tiempo de "
              f"CPU por decisión con más de una jugada posible; lo genera "
              f"`benchmarks/strength.py`.*",
    }[lang]
    return "\n".join(lines) + "\n\n" + made + "\n"


def calibrate(game: str, players: int, bot: str, levels: Sequence[str], pairs: int,
              workers: int, seed: int) -> dict[str, int]:
    """For each level, the ISMCTS iterations whose CPU per decision equals the bot's at that
    level, timed on ``pairs`` calibration pairs (deals of their own, not among the measured
    ones)."""
    guesses = {level: CALIBRATION_GUESS * worlds(level) for level in levels}
    tasks = [Task(game, players, bot, level, f"ismcts:{guesses[level]}",
                  seed * 10**6 + 900_000 + i) for i in range(pairs) for level in levels]
    tallies = run(tasks, workers, f"{game} {players}p calibration")
    found = {}
    for level, tally in tallies.items():
        guess = guesses[level]
        found[level] = max(1, round(guess * tally.ms() / max(tally.their_ms(), 1e-9)))
        print(f"  calibration ({pairs} pairs): {level} {tally.ms():.1f} ms, ISMCTS {guess} "
              f"iterations {tally.their_ms():.1f} ms per decision: ISMCTS gets "
              f"{found[level]} iterations", flush=True)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200, help="mirrored pairs per line")
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--level", default="normal", help="a level, or several: normal,hard")
    parser.add_argument("--games", default="all", help="all, or e.g. briscola-2,chiamata-5")
    parser.add_argument("--against", default="greedy,random",
                        help="greedy, random, ismcts (equal CPU), ismcts:N (N iterations)")
    parser.add_argument("--calibrate", type=int, default=6,
                        help="calibration pairs for ISMCTS at equal CPU")
    parser.add_argument("--calibrated", default=None,
                        help="ISMCTS's iterations at equal CPU from an earlier calibration on "
                             "this machine, e.g. normal=429,hard=869 (no calibration pairs)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", type=Path, default=None)
    args = parser.parse_args(argv)
    # Stopping a run (Ctrl-C, kill -INT or kill, even when started in the background, where the
    # shell ignores Ctrl-C) keeps what it measured: see run().
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    games = GAMES
    if args.games != "all":
        wanted = {tuple(g.rsplit("-", 1)) for g in args.games.split(",")}
        games = tuple(g for g in GAMES if (g[0], str(g[1])) in wanted)
    levels = args.level.split(",")
    rows: list[Row] = []
    print(f"{args.bot} ({args.level}), {args.pairs} mirrored pairs per line, "
          f"{args.workers} workers")
    for game, players in games:
        title = cardrules.rules_for(game, players).title
        for against in args.against.split(","):
            side_by_side: list[str] = []
            played = {level: against for level in levels}
            if against == "ismcts":
                if args.calibrated:
                    iterations = {k: int(v) for k, v in
                                  (item.split("=") for item in args.calibrated.split(","))}
                else:
                    iterations = calibrate(game, players, args.bot, levels, args.calibrate,
                                           args.workers, args.seed)
                played = {level: f"ismcts:{n}" for level, n in iterations.items()}
            tasks = [Task(game, players, args.bot, level, played[level], args.seed * 10**6 + i)
                     for i in range(args.pairs) for level in levels]
            tallies = run(tasks, args.workers, f"{game} {players}p v {against}")
            for level in levels:
                tally = tallies[level]
                p, low, high = wilson(tally.wins, tally.wins + tally.losses)
                line = (f"{tally.pairs} pairs, {100 * p:5.1f}% of decided deals (95%: "
                        f"{100 * low:.1f}-{100 * high:.1f}), {tally.wins}-{tally.losses}, "
                        f"{tally.draws} draws; "
                        f"CPU per decision {tally.ms():.1f} ms, opponent {tally.their_ms():.1f}")
                print(f"{game:>9} {players}p {level:<6} against {played[level]:<12} {line}",
                      flush=True)
                side_by_side.append(f"{level} {100 * p:.1f}% ({100 * low:.1f}-{100 * high:.1f})"
                                    f" v {played[level]}")
                rows.append(Row(f"{title['en']}, {players}", level, against, played[level],
                                tally))
            if len(levels) > 1:
                print(f"{game:>9} {players}p against {against}: " + "; ".join(side_by_side),
                      flush=True)
    if args.table is not None:
        args.table.mkdir(parents=True, exist_ok=True)
        for lang in ("en", "es"):
            named = [r if lang == "en" else Row(_spanish_title(r.game), r.level, r.against,
                                                r.played, r.tally) for r in rows]
            path = args.table / f"strength.{lang}.md"
            path.write_text(table(named, lang, args.bot), encoding="utf-8")
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
