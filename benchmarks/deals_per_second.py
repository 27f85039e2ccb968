"""Random-vs-random 2-player Briscola deals per second, through the public API.

Usage: python benchmarks/deals_per_second.py [--seconds S] [--game G] [--players N]

Each deal: new_game with a seed, then the player to act picks uniformly among legal_actions()
until the game is over, then the result is read. One core, no replay.
"""

from __future__ import annotations

import argparse
import random
import time

import cardrules


def run(game: str, players: int, seconds: float) -> tuple[int, float]:
    """Play deals for about ``seconds``; return (deals, elapsed)."""
    rnd = random.Random(0).random
    deals = 0
    start = time.perf_counter()
    deadline = start + seconds
    seed = 0
    while True:
        for _ in range(200):
            g = cardrules.new_game(game, players=players, seed=seed)
            seed += 1
            while not g.is_over:
                actions = g.legal_actions()
                g.play(actions[int(rnd() * len(actions))])
            assert g.result is not None
            deals += 1
        now = time.perf_counter()
        if now >= deadline:
            return deals, now - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default="briscola")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    run(args.game, args.players, 0.5)  # warm-up
    deals, elapsed = run(args.game, args.players, args.seconds)
    print(f"{args.game} {args.players}p random vs random: {deals / elapsed:,.0f} deals/s "
          f"({deals} deals in {elapsed:.2f} s)")


if __name__ == "__main__":
    main()
