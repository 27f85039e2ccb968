"""The engine's speed, measured against a peer in one run.

Usage: python benchmarks/engine_speed.py [--rounds R] [--seconds S]

* **Deals per second**: random-vs-random 2-player Brisca deals through each engine's public
  API, cardrules against naipes 0.1.0 (a 2-player Brisca engine on PyPI: ``pip install
  naipes==0.1.0``). Each deal: a new seeded game, then the player to act picks uniformly among
  its legal actions until the deal ends, then the score is read. naipes plays Brisca without the
  trump exchange, so the like-for-like line plays cardrules' Brisca with ``exchange="none"``;
  the lines after it show cardrules' default Brisca (the Spanish exchange, offered all through
  the stock) and Briscola. The engines take turns for ``R`` rounds of ``S`` seconds each, so both
  see the same machine; the ratio of the medians is printed. Time is the process's CPU time
  (``time.process_time``), not the wall clock: on a machine shared with other work the wall
  clock also counts the time the process waited for a core, which swamps the difference
  between the engines (``--wall`` measures the wall clock instead).
* **clone()**: the cost of :meth:`Game.clone <cardrules.engine.Game.clone>` on games part-way
  through a deal, as a share of one random deal.
* **sample()**: the cost of :meth:`SeatView.sample <cardrules.engine.SeatView.sample>` (a whole
  world consistent with one seat's view), for 2-player Brisca and the other games.

Figures, not tests: the suite never times anything.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import cardrules

CLOCK: Callable[[], float] = time.process_time
"""The clock every figure is read from (``--wall``: ``time.perf_counter``)."""
LIKE_NAIPES = {"exchange": "none"}
"""Brisca as naipes plays it: no trump exchange."""


def cardrules_deals(
    seconds: float, seed: int = 0, game_id: str = "brisca", options: dict[str, str] | None = None
) -> float:
    """Random 2-player deals per second through cardrules' public API."""
    rnd = random.Random(seed).random
    deals = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        for _ in range(100):
            game = cardrules.new_game(game_id, players=2, seed=seed + deals, options=options)
            while not game.is_over:
                cards = game.legal_actions()
                game.play(cards[int(rnd() * len(cards))])
            assert game.result is not None
            deals += 1
        now = CLOCK()
        if now >= deadline:
            return deals / (now - start)


def naipes_deals(seconds: float, seed: int = 0) -> float:
    """Random deals per second through naipes' public API (``GameState``)."""
    from naipes.games.brisca import GameState, Player

    rnd = random.Random(seed).random
    deals = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        for _ in range(100):
            game = GameState.new(seed + deals)
            while not game.is_finished():
                player = game.leader if game.pending_leader is None else game.pending_leader.other()
                hand = game.hand_of(player)
                game.play_card(player, int(rnd() * len(hand)))
            game.score_of(Player.HUMAN)
            deals += 1
        now = CLOCK()
        if now >= deadline:
            return deals / (now - start)


def mid_games(game_id: str, players: int, count: int, seed: int = 1) -> list[cardrules.Game]:
    """Games stopped at random points of random deals."""
    rnd = random.Random(seed)
    games = []
    for i in range(count):
        game = cardrules.new_game(game_id, players=players, seed=seed * 100_000 + i)
        for _ in range(rnd.randrange(40)):
            if game.is_over:
                break
            game.play(rnd.choice(game.legal_actions()))
        if not game.is_over:
            games.append(game)
    return games


def per_call(action: Callable[[], object], repeat: int) -> float:
    """Microseconds per call of ``action``, the best of three batches."""
    best = float("inf")
    for _ in range(3):
        start = CLOCK()
        for _ in range(repeat):
            action()
        best = min(best, (CLOCK() - start) / repeat)
    return best * 1e6


def sample_cost(views: list[cardrules.SeatView]) -> float:
    """Microseconds per :meth:`SeatView.sample` call over these views."""
    rng = random.Random(3)
    views_it = iter(views * 10)
    return per_call(lambda: next(views_it).sample(rng), len(views) * 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--wall", action="store_true",
                        help="time by the wall clock instead of the process's CPU time")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    try:
        import naipes  # noqa: F401
    except ImportError:
        naipes_ok = False
    else:
        naipes_ok = True
    cardrules_deals(0.3, options=LIKE_NAIPES)  # warm-up
    ours: list[float] = []
    theirs: list[float] = []
    default: list[float] = []
    italian: list[float] = []
    for r in range(args.rounds):
        seed = r * 1_000_000
        ours.append(cardrules_deals(args.seconds, seed=seed, options=LIKE_NAIPES))
        if naipes_ok:
            theirs.append(naipes_deals(args.seconds, seed=seed))
        default.append(cardrules_deals(args.seconds / 2, seed=seed))
        italian.append(cardrules_deals(args.seconds / 2, seed=seed, game_id="briscola"))
    mine = statistics.median(ours)
    clock = "wall-clock" if args.wall else "CPU"
    print(f"2-player Brisca, random play, {args.rounds} rounds of {args.seconds:g} {clock} s"
          " each")
    print(f"  cardrules     {mine:9,.0f} deals/s  (rounds: {min(ours):,.0f}-{max(ours):,.0f};"
          " no exchange, as naipes)")
    if naipes_ok:
        peer = statistics.median(theirs)
        print(f"  naipes 0.1.0  {peer:9,.0f} deals/s  (rounds: {min(theirs):,.0f}-"
              f"{max(theirs):,.0f})")
        print(f"  ratio         {mine / peer:9.2f}x")
    else:
        print("  naipes 0.1.0 is not installed (pip install naipes==0.1.0): no ratio")
    print(f"  cardrules, Brisca with its exchange:   {statistics.median(default):9,.0f} deals/s")
    print(f"  cardrules, Italian Briscola:           {statistics.median(italian):9,.0f} deals/s")
    deal_us = 1e6 / mine
    games = mid_games("brisca", 2, 400)
    it = iter(games * 50)
    clone_us = per_call(lambda: next(it).clone(), len(games) * 15)
    print(f"clone(): {clone_us:.2f} us per call = {clone_us / deal_us:.1%} of one random "
          f"2-player deal ({deal_us:.1f} us)")
    for game_id, players in (("brisca", 2), ("brisca", 4), ("alcalde", 3), ("aluette", 4)):
        games = mid_games(game_id, players, 200, seed=7)
        views = [g.view(g.current_player or 0) for g in games]
        sample_us = sample_cost(views)
        print(f"sample(): {game_id} {players}p: {sample_us:,.0f} us per call "
              f"({sample_us / deal_us:.1f} random 2-player deals)")


if __name__ == "__main__":
    main()
