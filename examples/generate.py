"""Write the sample deal records in this folder: one per game and number of players.

Usage: python examples/generate.py [OUTPUT_FOLDER]

Each record is a deal of Briscola, Brisca or Briscas for 2, 3, 4 or 6 players, of Alcalde and
its variation (3 players) and of Aluette (4), played to the end by a fixed mix of bots
(:class:`~cardrules.bots.GreedyBot` at the even seats, :class:`~cardrules.bots.RandomBot` at the
odd ones, seeded by the deal's seed and the seat). For each game and player count the script
takes the first seed, counting from 1, whose deal suits it: for two players and for Alcalde, a
deal in which the trump card is exchanged (``exchange:...``); for Aluette, a deal played out to
the ninth trick with at least one spoiled trick; so that the samples show those rules.
The auction games get several samples each, one per rule worth seeing (a made contract, a
failed one, a lone caller, a void deal, *Chiamata buia*, a marriage, a forced bid), with the
bots' choices steered where a rule needs it (see :data:`AUCTION_SAMPLES`).
Everything is deterministic: running the script again writes identical files.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardrules import Action, Exchange, Game, SeatView, new_game
from cardrules.bots import Bot, GreedyBot, RandomBot, play_out
from cardrules.games.auction import Pass
from cardrules.games.chiamata import Call

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


class Steered:
    """A greedy bot whose choice is replaced where ``steer`` says (``None``: its own)."""

    def __init__(self, steer: Callable[[SeatView], Action | None]) -> None:
        self.steer = steer
        self.greedy = GreedyBot()

    def choose(self, view: SeatView) -> Action:
        return self.steer(view) or self.greedy.choose(view)


def _no_steer(view: SeatView) -> Action | None:
    return None


def _all_pass(view: SeatView) -> Action | None:
    return next((a for a in view.legal_actions if isinstance(a, Pass)), None)


def _call_own(view: SeatView) -> Action | None:
    own = [a for a in view.legal_actions if isinstance(a, Call) and a.card in view.hand]
    return max(own, key=lambda c: view.rules.strength[c.card.index]) if own else None


Sample = tuple[str, str, dict[str, Any], Callable[[SeatView], Action | None],
               Callable[[Game], bool], str]
AUCTION_SAMPLES: tuple[Sample, ...] = (
    ("chiamata-5p", "chiamata", {}, _no_steer,
     lambda g: _made(g) and g.result is not None and g.result.to_json()["partner"] != g.result
     .to_json()["caller"], "the caller and his hidden partner make the contract"),
    ("chiamata-failed", "chiamata", {}, _no_steer, lambda g: not _made(g),
     "the caller's side falls short of the bid"),
    ("chiamata-alone", "chiamata", {}, _call_own, lambda g: _made(g) is not None,
     "the caller calls a card of his own and plays alone"),
    ("chiamata-void", "chiamata", {}, _all_pass, lambda g: True,
     "all five pass: a void deal"),
    ("chiamata-buia", "chiamata", {"buia": True}, _no_steer, lambda g: _made(g) is not None,
     "Chiamata buia: the call after a first trick without trumps"),
    ("rematada-3p", "rematada", {}, _no_steer,
     lambda g: _made(g) is True and bool(g.details.marriages),  # type: ignore[attr-defined]
     "the declarer makes his bid, with a marriage"),
    ("rematada-failed", "rematada", {}, _no_steer, lambda g: _made(g) is False,
     "the declarer falls short: the other two share the bid"),
    ("rematada-forced", "rematada", {"scoring": "game"},
     lambda v: _all_pass(v) if v.seat < 2 else None, lambda g: _made(g) is not None,
     "the first two pass: the third must bid (game-point scoring)"),
)
"""``(file name, game, options, steering, what the deal must show, title)`` for each sample of
the auction games."""


def _made(game: Game) -> bool | None:
    """Whether the contract was made (``None``: a void deal)."""
    result = game.result
    if result is None or result.winner is None:
        return None
    return result.winner == 0


def auction_record(sample: Sample) -> dict[str, Any]:
    """The first seeded deal, played by the steered greedy bots, that shows the sample."""
    _, game_id, options, steer, shows, about = sample
    for seed in range(1, MAX_SEED):
        game = new_game(game_id, seed=seed, options=options)
        play_out(game, [Steered(steer) for _ in range(game.players)])
        if shows(game):
            title = f"{game.rules.title['en']}, seed {seed}: {about} (GreedyBot at every seat)"
            return {"title": title, **game.to_record()}
    raise RuntimeError(f"no seed below {MAX_SEED} shows {about}")


def generate(folder: Path) -> list[Path]:
    """Write every sample into ``folder``; return the paths written."""
    written = []
    records = [(f"{game_id}-{players}p", record(game_id, players))
               for game_id, players in SAMPLES]
    records += [(sample[0], auction_record(sample)) for sample in AUCTION_SAMPLES]
    for name, data in records:
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parent
    for path in generate(folder):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
