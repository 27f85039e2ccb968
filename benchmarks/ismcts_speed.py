"""How fast the project's ISMCTS thinks, in its compact form and on the engine, and whether the
two forms play alike.

Usage: python benchmarks/ismcts_speed.py [--game briscola-2] [--deals 6] [--iterations 400]
                                         [--seed 1] [--bot ismcts|pimc] [--worlds 160]

The positions are every decision with a choice in ``--deals`` deals played by the greedy bot
(seeded: the same positions every run). At each position, in turns, :class:`IsmctsBot` decides
with ``--iterations`` iterations in its compact form (the default, :mod:`cardrules.bots.compact`)
and on the engine (``compact=False``), each with two seeds, and once as it was before the
compact form: on the engine, its view making its sampling plan anew for every world (the
views now keep theirs); the process's CPU time of each decision is counted. The run prints
each form's iterations per millisecond of CPU and their ratios, and how often the forms chose
the same action: the compact form against the engine form (same seed, then the other), beside
the engine form against itself with another seed, the agreement a second run of the same
algorithm reaches. The same algorithm in two forms agrees with the engine as often as the
engine agrees with itself.

``--bot pimc`` times the search bot (:class:`~cardrules.bots.PimcBot`, ``--worlds`` a
decision) the same way: on the compact model where it applies (the default) and on the engine
(``compact=False``), each with two seeds, in turns, and prints the CPU per decision of each and
how often they chose alike (no "before" column).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
import time
from collections.abc import Sequence

import cardrules
from cardrules.bots import GreedyBot, IsmctsBot, PimcBot
from cardrules.engine import Game, SeatView
from cardrules.engine.sampling import sample_world


@dataclasses.dataclass(frozen=True)
class FreshPlanView(SeatView):
    """A view that makes its sampling plan anew for every world, as every view did before the
    views kept theirs: the ISMCTS of before the compact form, as it ran."""

    def sample(self, rng: random.Random, quick: bool = False) -> Game:
        return sample_world(self, rng, self._new_world)

    @classmethod
    def of(cls, view: SeatView) -> FreshPlanView:
        return cls(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})


def positions(game: str, players: int, deals: int, seed: int) -> list[SeatView]:
    """The view of the seat to act at every decision with a choice of ``deals`` greedy deals."""
    views: list[SeatView] = []
    greedy = GreedyBot()
    for k in range(deals):
        deal = cardrules.new_game(game, players=players, seed=seed * 1000 + k)
        while not deal.is_over:
            seat = deal.current_player
            assert seat is not None
            view = deal.view(seat)
            if len(view.legal_actions) > 1:
                views.append(view)
            deal.play(greedy.choose(view))
    return views


def wilson(hits: int, total: int, z: float = 1.96) -> tuple[float, float, float]:
    """The rate and Wilson's 95% interval."""
    if not total:
        return 0.0, 0.0, 0.0
    p = hits / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return p, centre - half, centre + half


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="briscola-2", help="a game and its players")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=("ismcts", "pimc"), default="ismcts")
    parser.add_argument("--worlds", type=int, default=160, help="the search bot's worlds")
    args = parser.parse_args(argv)
    name, _, players = args.game.rpartition("-")
    views = positions(name, int(players), args.deals, args.seed)
    if args.bot == "pimc":
        return search_bot(args, views)
    cpu = {True: 0.0, False: 0.0, None: 0.0}  # compact, engine, before (None)
    iterations = {True: 0, False: 0, None: 0}
    chose: dict[tuple[bool, int], list[cardrules.Action]] = {
        (compact, s): [] for compact in (True, False) for s in (0, 1)}
    for n, view in enumerate(views, 1):
        for s in (0, 1):
            for compact in ((True, False) if (n + s) % 2 else (False, True)):  # in turns
                bot = IsmctsBot(iterations=args.iterations, seed=args.seed * 7919 + 2 * n + s,
                                compact=compact)
                start = time.process_time()
                action = bot.choose(view)
                cpu[compact] += time.process_time() - start
                iterations[compact] += bot.last_iterations
                chose[compact, s].append(action)
        before = IsmctsBot(iterations=args.iterations, seed=args.seed * 7919 + 2 * n,
                           compact=False)
        fresh = FreshPlanView.of(view)
        start = time.process_time()
        before.choose(fresh)
        cpu[None] += time.process_time() - start
        iterations[None] += before.last_iterations
        sys.stderr.write(f"\r{n}/{len(views)} positions")
        sys.stderr.flush()
    sys.stderr.write("\n")
    rate = {form: iterations[form] / (1000 * cpu[form]) for form in (True, False, None)}
    print(f"{args.game}: {len(views)} positions of {args.deals} greedy deals, "
          f"{args.iterations} iterations a decision, each form twice")
    print(f"  compact form: {rate[True]:.1f} iterations per ms of CPU "
          f"({1000 * cpu[True] / (2 * len(views)):.1f} ms a decision)")
    print(f"  engine form: {rate[False]:.1f} iterations per ms of CPU "
          f"({1000 * cpu[False] / (2 * len(views)):.1f} ms a decision)")
    print(f"  before (engine, a plan per world): {rate[None]:.1f} iterations per ms of CPU "
          f"({1000 * cpu[None] / len(views):.1f} ms a decision)")
    print(f"  ratios: the compact form makes {rate[True] / rate[False]:.1f} times as many "
          f"iterations per ms as the engine form, {rate[True] / rate[None]:.1f} times as many "
          f"as before")

    agreement(chose)
    return 0


def agreement(chose: dict[tuple[bool, int], list[cardrules.Action]]) -> None:
    """Print how often the forms (compact or not, seed 0 or 1) chose the same action."""
    def agree(a: tuple[bool, int], b: tuple[bool, int]) -> str:
        hits = sum(x == y for x, y in zip(chose[a], chose[b], strict=True))
        total = len(chose[a])
        p, low, high = wilson(hits, total)
        return f"{hits}/{total}, {100 * p:.1f}% ({100 * low:.1f}-{100 * high:.1f})"

    print(f"  same choice, compact v engine, same seed:   {agree((True, 0), (False, 0))}")
    print(f"  same choice, compact v engine, other seed:  {agree((True, 0), (False, 1))}")
    print(f"  same choice, engine v engine, other seed:   {agree((False, 0), (False, 1))}")
    print(f"  same choice, compact v compact, other seed: {agree((True, 0), (True, 1))}")


def search_bot(args: argparse.Namespace, views: list[SeatView]) -> int:
    """``--bot pimc``: the search bot's two forms at the same positions, in turns."""
    cpu = {True: 0.0, False: 0.0}
    chose: dict[tuple[bool, int], list[cardrules.Action]] = {
        (compact, s): [] for compact in (True, False) for s in (0, 1)}
    for n, view in enumerate(views, 1):
        for s in (0, 1):
            for compact in ((True, False) if (n + s) % 2 else (False, True)):  # in turns
                bot = PimcBot(worlds=args.worlds, seed=args.seed * 7919 + 2 * n + s,
                              compact=compact)
                start = time.process_time()
                chose[compact, s].append(bot.choose(view))
                cpu[compact] += time.process_time() - start
        sys.stderr.write(f"\r{n}/{len(views)} positions")
        sys.stderr.flush()
    sys.stderr.write("\n")
    ms = {form: 1000 * cpu[form] / (2 * len(views)) for form in cpu}
    print(f"{args.game}: {len(views)} positions of {args.deals} greedy deals, the search bot "
          f"with {args.worlds} worlds a decision, each form twice")
    print(f"  compact form: {ms[True]:.1f} ms of CPU a decision; engine form: {ms[False]:.1f} ms"
          f" ({ms[False] / ms[True]:.2f} times as much)")
    agreement(chose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
