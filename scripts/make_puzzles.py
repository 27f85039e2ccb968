"""Write the endgame puzzles' positions: cardrules/learn/puzzles.json.

Seeded two-player deals of each game of ``cardrules.learn.puzzles.GAMES`` (every game of the
registry with a two-player deal and a stock), played by the search bot (``make_bot("pimc",
level="easy")``, seeded) in both seats; in each, the positions once the stock is gone where
:func:`cardrules.learn.puzzles.solve` finds a puzzle (exactly one best first play for a goal);
from each deal at most one, the one with the most cards left (the first), which has the most
first plays to choose from. The same arguments write the same file.

    python scripts/make_puzzles.py [--per-game 60] [--seed 1] [--jobs 2]

Prints how many puzzles each game has, and by grade (how many first plays fail).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections import Counter
from pathlib import Path

from cardrules import new_game, replay
from cardrules.bots import make_bot
from cardrules.learn.puzzles import DATA, GAMES, solve

OUT = Path(__file__).resolve().parent.parent / "cardrules" / "learn" / DATA
NAMES = ["Ana", "Luis"]
MAX_DEALS = 400
"""How many deals a game may take to give its puzzles."""


def puzzles_of(game_id: str, seed: int) -> dict[str, object] | None:
    """The first puzzle of a seeded deal played by the search bots, as a record cut there."""
    game = new_game(game_id, players=NAMES, seed=seed)
    bots = [make_bot("pimc", seed=seed * 2 + k, level="easy") for k in range(2)]
    while not game.is_over:
        if solve(game) is not None:
            record = game.to_record()
            if record.get("seed") is not None:
                record.pop("deal", None)  # the seed deals it again
            return record
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat)))
    return None


def game_puzzles(job: tuple[int, str, int, int]) -> tuple[list[dict[str, object]], str]:
    """The puzzles of one game (its index among the games, its id, how many, the run's seed),
    and a line that says how many by grade."""
    g, game_id, wanted, seed = job
    mine: list[dict[str, object]] = []
    grades: Counter[int] = Counter()
    for deal in range(MAX_DEALS):
        if len(mine) == wanted:
            break
        record = puzzles_of(game_id, seed * 1_000_000 + g * 10_000 + deal)
        if record is None:
            continue
        solution = solve(replay(record))
        assert solution is not None
        grades[solution.fails] += 1
        mine.append(record)
    return mine, (f"{game_id}: {len(mine)} puzzles from {deal + 1} deals; by failing first "
                  f"plays: {dict(sorted(grades.items()))}")


def file_text(found: list[dict[str, object]], arguments: str) -> str:
    """The positions' file: a JSON object, one position a line."""
    about = json.dumps(f"Endgame puzzles' positions: scripts/make_puzzles.py {arguments}")
    lines = [json.dumps(record, ensure_ascii=False, separators=(",", ":")) for record in found]
    return '{"about":' + about + ',"puzzles":[\n' + ",\n".join(lines) + "\n]}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games searched side by side")
    args = parser.parse_args(argv)
    jobs = [(g, game_id, args.per_game, args.seed) for g, game_id in enumerate(GAMES)]
    with multiprocessing.Pool(args.jobs) as pool:
        done = pool.map(game_puzzles, jobs, chunksize=1)
    found: list[dict[str, object]] = []
    for mine, said in done:
        print(said, file=sys.stderr)
        found.extend(mine)
    OUT.write_text(file_text(found, f"--per-game {args.per_game} --seed {args.seed}"),
                   encoding="utf-8")
    print(f"{len(found)} puzzles in {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
