"""Write the sample deal records in this folder: one per game and number of players.

Usage: python examples/generate.py [OUTPUT_FOLDER]

Each record is a deal of Briscola, Brisca or Briscas for 2, 3, 4 or 6 players, of Alcalde and
its variation (3 players) and of Aluette (4), played to the end by a fixed mix of bots
(:class:`~cardrules.bots.GreedyBot` at the even seats, :class:`~cardrules.bots.RandomBot` at the
odd ones, seeded by the deal's seed and the seat). For each game and player count the script
takes the first seed, counting from 1, whose deal suits it: for two players and for Alcalde, a
deal in which the trump card is exchanged (``exchange:...``); for Aluette, a deal played out to
the ninth trick with at least one spoiled trick; so that the samples show those rules.
Everything is deterministic: running the script again writes identical files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cardrules import Exchange, Game, new_game
from cardrules.bots import Bot, GreedyBot, RandomBot, play_out

SAMPLES: tuple[tuple[str, int], ...] = (
    *((game, n) for game in ("briscola", "brisca", "briscas") for n in (2, 3, 4, 6)),
    ("alcalde", 3),
    ("alcalde-variation", 3),
    ("aluette", 4),
)
"""Every (game, number of players) that gets a sample."""
MAX_SEED = 10_000


def bots_for(players: int, seed: int) -> list[Bot]:
    """GreedyBot at the even seats, RandomBot at the odd ones."""
    return [GreedyBot() if s % 2 == 0 else RandomBot(seed * 10 + s) for s in range(players)]


def bot_names(players: int) -> str:
    return ", ".join(
        f"seat {s} {'GreedyBot' if s % 2 == 0 else 'RandomBot'}" for s in range(players)
    )


def sample(game_id: str, players: int) -> tuple[Game, int]:
    """The first seeded deal, played out by the bots, that suits the sample."""
    for seed in range(1, MAX_SEED):
        game = new_game(game_id, players=players, seed=seed)
        play_out(game, bots_for(players, seed))
        if suits(game):
            return game, seed
    raise RuntimeError(f"no seed below {MAX_SEED} suits {game_id} for {players}")


def suits(game: Game) -> bool:
    """Whether a finished deal shows what its sample should show (see the module docstring)."""
    if game.rules.id == "aluette":
        return len(game.tricks) == 9 and any(t.winner is None for t in game.tricks)
    if game.rules.players == 2 or game.rules.id.startswith("alcalde"):
        return any(isinstance(a, Exchange) for a in game.log)
    return True


def record(game_id: str, players: int) -> dict[str, Any]:
    """The sample record, with a ``title`` saying how it was played."""
    game, seed = sample(game_id, players)
    title = f"{game.rules.title['en']}, {players} players, seed {seed}: {bot_names(players)}"
    exchanges = [a.notation() for a in game.log if isinstance(a, Exchange)]
    if exchanges:
        title += f"; trump card exchanged ({', '.join(exchanges)})"
    return {"title": title, **game.to_record()}


def generate(folder: Path) -> list[Path]:
    """Write every sample into ``folder``; return the paths written."""
    written = []
    for game_id, players in SAMPLES:
        path = folder / f"{game_id}-{players}p.json"
        text = json.dumps(record(game_id, players), indent=2, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parent
    for path in generate(folder):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
