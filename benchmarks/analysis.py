"""The analysis of a deal (:mod:`cardrules.analysis`): does it find planted mistakes, does it
leave the strong bot's play alone, and what does it cost.

Usage: python benchmarks/analysis.py [--planted N] [--hard N] [--speed N] [--worlds W[,W...]]

* **Planted mistakes** (``--planted N``: N records of each kind and game). Deals of two-player
  Briscola, two-player Brisca and four-player Brisca are played by the greedy bot until one seat
  meets the kind's position, where it makes a known losing play instead; the rest of the deal
  is played by the greedy bot. The kinds:

  - ``last-tricks``: points given away in the last three tricks (the stock gone): the choice the
    reference weighs worst;
  - ``wasted-trump``: a trump of 10 or 11 points played on a trick that holds no points yet,
    while the seat has a card of another suit (the stock not gone);
  - ``lost-exchange``: the turned-up card not taken when the exchange is offered; the seat plays
    the card the reference weighs best among its cards instead.

  A play is *known* to lose when a reference weighs it so: the exact solver in a known position,
  else 1,000 imagined deals from the seat's view (with a seed of its own, so that the analysis
  does not weigh the same deals again), which must find the loss at the mistake thresholds
  (10 points of 120, or 10 points of chance) and beyond three paired standard errors. The
  analysis then weighs the record at its default (160 deals; ``--worlds 80,160``: at each of
  those, the browser's 80 included) and must mark each planted play.
* **The hard bot's own play** (``--hard N``): N deals of two-player Briscola, the hard-level
  search bot in seat 0 against the normal level; every decision of seat 0 analysed; the share
  marked a mistake or a blunder (the goal: at most 2%).
* **Speed** (``--speed N``): N deals each of two-player Briscola and four-player Brisca played
  by the normal bot; seat 0's analysis timed in CPU (``time.process_time``), its first decision
  and the whole seat, against the CPU the normal bot spends choosing at the same decisions (the
  same views), in the same run: the ratio.

Figures, not tests: the suite runs a smoke size (``tests/test_analysis.py``).
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import cardrules
from cardrules.analysis import (
    THRESHOLDS,
    Mark,
    Thresholds,
    analyse,
    decisions,
    is_known,
    mark_for,
)
from cardrules.bots import GreedyBot, PimcBot, hint_bot, make_bot, play_out
from cardrules.bots.endgame import solve
from cardrules.core.actions import Action, Decision
from cardrules.core.cards import Card
from cardrules.engine import Game, SeatView

KINDS = ("last-tricks", "wasted-trump", "lost-exchange")
"""The kinds of planted mistake."""
GAMES = (("briscola", 2), ("brisca", 2), ("brisca", 4))
"""The games the mistakes are planted in."""
REFERENCE_WORLDS = 1000
"""The imagined deals a planted play is confirmed in."""


@dataclass(frozen=True)
class Planted:
    """A record in which ``seat`` made a known losing play at ``index`` (of its actions)."""

    kind: str
    record: dict[str, Any]
    seat: int
    index: int
    made: str
    best: str
    loss: float
    """The reference's points lost."""


def _reference(game: Game, view: SeatView, actions: Sequence[Action],
               seed: int) -> list[list[tuple[float, float]]]:
    """Each world's (won, points) for each action: the solver's one world where every card is
    known, else :data:`REFERENCE_WORLDS` imagined deals."""
    if is_known(view):
        row = []
        for action in actions:
            child = game.clone()
            child.play(action)
            (won, got, _), _ = solve(child, view.seat)
            row.append((won, got))
        return [row]
    bot = hint_bot(REFERENCE_WORLDS, seed=seed)
    bot.budget = 0  # every world, however long the game
    return [[(o[0], o[1]) for o in row] for row in bot.outcomes(view, list(actions))]


def _losing(table: list[list[tuple[float, float]]], made: int, best: int,
            deal_points: int) -> float | None:
    """The points lost by ``made`` against ``best`` when the reference is sure it is a mistake
    (at least the mistake thresholds, beyond three paired standard errors), else ``None``."""
    for part, need in ((1, THRESHOLDS.points[1] * deal_points), (0, THRESHOLDS.chance[1])):
        diffs = [row[best][part] - row[made][part] for row in table]
        mean = sum(diffs) / len(diffs)
        error = (statistics.stdev(diffs) / math.sqrt(len(diffs))) if len(diffs) > 1 else 0.0
        if mean >= need and mean > 3 * error:
            points = [row[best][1] - row[made][1] for row in table]
            return sum(points) / len(points)
    return None


def _candidate(kind: str, game: Game, view: SeatView) -> tuple[Action, ...] | None:
    """The plays worth trying as the planted one at this decision (``None``: the kind's position
    is not here). For a lost exchange the exchange comes first (it is the best)."""
    legal = view.legal_actions
    cards = [a for a in legal if isinstance(a, Card)]
    if kind == "last-tricks":
        return tuple(cards) if view.stock_size == 0 and 2 <= len(view.hand) <= 3 else None
    if kind == "wasted-trump":
        points = view.rules.card_points
        if (view.stock_size == 0 or not view.trick or view.trump is None
                or sum(points[c.index] for _, c in view.trick) > 0):
            return None
        high = [c for c in cards if c.suit is view.trump and points[c.index] >= 10]
        other = [c for c in cards if c.suit is not view.trump]
        return (*other, high[0]) if high and other else None
    exchanges = [a for a in legal if not isinstance(a, Card) and a.decision is Decision.EXCHANGE]
    return (exchanges[0], *cards) if exchanges and cards else None


def plant(kind: str, game_id: str, players: int, seed: int) -> Planted | None:
    """A deal of ``game_id`` with a ``kind`` mistake planted, or ``None`` if none was found."""
    game = cardrules.new_game(game_id, players=players, seed=seed)
    greedy = GreedyBot()
    deal_points = 120
    while not game.is_over:
        seat = game.current_player
        assert seat is not None and seat >= 0
        view = game.view(seat)
        options = _candidate(kind, game, view) if len(view.legal_actions) > 1 else None
        if options:
            table = _reference(game, view, options, seed * 7 + 1)
            n = len(options)
            mean = [sum(row[k][1] for row in table) / len(table) for k in range(n)]
            if kind == "last-tricks":
                best = max(range(n), key=mean.__getitem__)
                made = min(range(n), key=mean.__getitem__)
            elif kind == "wasted-trump":
                best, made = max(range(n - 1), key=mean.__getitem__), n - 1
            else:
                best, made = 0, max(range(1, n), key=mean.__getitem__)
            loss = _losing(table, made, best, deal_points)
            if loss is not None:
                index = len(game.log) - 1
                game.play(options[made])
                play_out(game, [greedy] * players)
                return Planted(kind, game.to_record(), seat, index, str(options[made]),
                               str(options[best]), loss)
        game.play(greedy.choose(view))
    return None


def planted_run(count: int, worlds: Sequence[int]) -> int:
    """Plant ``count`` mistakes of each kind in each game and analyse them at each number of
    ``worlds`` (the same records): print each kind's marks; 0 when every one is marked."""
    missed = 0
    for kind in KINDS:
        for game_id, players in GAMES:
            found: list[Planted] = []
            seed = 0
            while len(found) < count and seed < 40 * count:
                seed += 1
                planted = plant(kind, game_id, players, seed)
                if planted is not None:
                    found.append(planted)
            for n in worlds:
                marks = []
                for p in found:
                    analysis = analyse(p.record, p.seat, worlds=n, seed=1)
                    decision = next(d for d in analysis.decisions if d.index == p.index)
                    marks.append(decision.mark)
                    if decision.mark is Mark.NONE:
                        missed += 1
                        print(f"  missed at {n} deals: {kind} {game_id}-{players} seed in "
                              f"record {p.record.get('seed')} action {p.index} {p.made} (best "
                              f"{p.best}, reference loss {p.loss:.1f}; analysis lost "
                              f"{decision.points_lost:.1f} ± {decision.points_error:.1f}, "
                              f"chance {decision.chance_lost:.2f} ± "
                              f"{decision.chance_error:.2f})")
                counts = {m.value: marks.count(m) for m in Mark}
                print(f"{kind:13} {game_id}-{players}, {n} deals: {len(found)} planted, "
                      f"{sum(m is not Mark.NONE for m in marks)} marked {counts}", flush=True)
    return 1 if missed else 0


STRICTER = Thresholds(errors=3.0)
"""The same thresholds with three standard errors instead of two: the hard bot's marks are
counted under both (recomputed from each decision's losses and errors, no new search)."""


def hard_deal(i: int, worlds: int = 160) -> tuple[int, int, int]:
    """One deal of the hard bot (seat 0) against the normal one: its decisions, those marked a
    mistake or a blunder, and those so marked under :data:`STRICTER`."""
    game = cardrules.new_game("briscola", players=2, seed=10_000 + i)
    play_out(game, [make_bot("pimc", seed=i, level="hard"),
                    make_bot("pimc", seed=i + 1, level="normal")])
    analysis = analyse(game.to_record(), 0, worlds=worlds, seed=i)
    stricter = sum(mark_for(d.chance_lost, d.points_lost, d.chance_error, d.points_error,
                            analysis.deal_points, STRICTER).rank >= Mark.MISTAKE.rank
                   for d in analysis.decisions)
    return (len(analysis.decisions),
            sum(d.mark.rank >= Mark.MISTAKE.rank for d in analysis.decisions), stricter)


def hard_run(deals: int, worlds: int, workers: int = 1) -> None:
    """The hard bot's own decisions: the share marked a mistake or a blunder."""
    decided = marked = strict = 0
    with multiprocessing.Pool(workers) as pool:
        for done, (n, m, k) in enumerate(pool.imap_unordered(
                functools.partial(hard_deal, worlds=worlds), range(deals)), 1):
            decided += n
            marked += m
            strict += k
            if done % 10 == 0 or done == deals:
                print(f"  {done} deals: {marked} of {decided} decisions marked a mistake or a "
                      f"blunder ({100 * marked / max(1, decided):.2f}%; at three standard "
                      f"errors {strict}, {100 * strict / max(1, decided):.2f}%)", flush=True)
    print(f"hard bot, two-player Briscola, {deals} deals: {marked} of {decided} decisions "
          f"marked a mistake or a blunder ({100 * marked / max(1, decided):.2f}%); at three "
          f"standard errors {strict} ({100 * strict / max(1, decided):.2f}%)")


def speed_run(deals: int, worlds: int) -> None:
    """CPU of a seat's analysis against the normal bot's at the same decisions."""
    for game_id, players in (("briscola", 2), ("brisca", 4)):
        first, whole, bot_time, counted = [], [], [], 0
        for i in range(deals):
            game = cardrules.new_game(game_id, players=players, seed=500 + i)
            play_out(game, [make_bot("pimc", seed=i * 10 + s, level="normal")
                            for s in range(players)])
            start = time.process_time()
            stream = decisions(game, 0, worlds=worlds, seed=i)
            next(stream)
            first.append(time.process_time() - start)
            counted += 1 + sum(1 for _ in stream)
            whole.append(time.process_time() - start)
            position = game.fresh()
            bot = PimcBot(seed=i)
            actors = game.actors()
            spent = 0.0
            for k, action in enumerate(game.log):
                if k and actors[k] == 0 and position.current_player == 0:
                    view = position.view(0)
                    if len(view.legal_actions) > 1:
                        start = time.process_time()
                        bot.choose(view)
                        spent += time.process_time() - start
                position.play(action)
            bot_time.append(spent)
        print(f"{game_id}-{players}, seat 0, {deals} deals ({counted} decisions, {worlds} "
              f"deals a decision): first decision {statistics.median(first):.2f} s, whole seat "
              f"{statistics.median(whole):.2f} s CPU (median); the normal bot at the same "
              f"decisions {statistics.median(bot_time):.2f} s; ratio "
              f"{sum(whole) / max(1e-9, sum(bot_time)):.2f}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen parts (all three at their default sizes when none is chosen)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--planted", type=int, default=0, help="records of each kind and game")
    parser.add_argument("--hard", type=int, default=0, help="deals of the hard bot")
    parser.add_argument("--speed", type=int, default=0, help="deals of each game timed")
    parser.add_argument("--worlds", default="160",
                        help="deals a decision (for --planted, several: 80,160)")
    parser.add_argument("--workers", type=int, default=1, help="processes for --hard")
    args = parser.parse_args(argv)
    worlds = [int(n) for n in str(args.worlds).split(",")]
    if not (args.planted or args.hard or args.speed):
        args.planted, args.hard, args.speed = 5, 100, 3
    status = 0
    if args.planted:
        status = planted_run(args.planted, worlds)
    if args.speed:
        speed_run(args.speed, worlds[0])
    if args.hard:
        hard_run(args.hard, worlds[0], args.workers)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
