"""The deal of the day: one deal per game and date, the same for everyone, made from the date
alone (no server, no clock but the reader's).

The seed is the first eight bytes of the SHA-256 of ``"cardrules daily GAME PLAYERS
YYYY-MM-DD"``, below :data:`~cardrules.core.rng.MAX_SEED`; the players are the game's smallest
number unless said. A result line says the points and the bot in the seat's points, and nothing
about the cards (:func:`cardrules.account.review.daily_line`).

Examples:
    >>> import datetime
    >>> day = datetime.date(2026, 11, 27)
    >>> daily_record(day, "brisca") == daily_record(day, "brisca")
    True
    >>> daily_record(day, "brisca")["seed"] != daily_record(day, "briscola")["seed"]
    True
    >>> daily_record(day, "brisca")["players"]
    2
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any

from ..core.rng import MAX_SEED
from ..games import GAMES, game_id
from ..games import rules_for as _rules_for

__all__ = ["daily_record", "daily_seed"]


def daily_seed(day: datetime.date, game: str, players: int) -> int:
    """The seed of the deal of the day (see the module docstring)."""
    text = f"cardrules daily {game} {players} {day.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % (MAX_SEED + 1)


def daily_record(day: datetime.date, game: str, players: int | None = None) -> dict[str, Any]:
    """The deal of the day of ``game`` on ``day``, as a record with no actions yet (play it
    with :func:`cardrules.replay`).

    Raises:
        OptionError: an unknown game or a number of players it is not played by.
    """
    name = game_id(game)
    count = players if players is not None else GAMES[name].player_counts[0]
    _rules_for(name, count)  # refuses a count the game is not played by
    return {"format": "cardrules/1", "game": name, "players": count,
            "seed": daily_seed(day, name, count), "title": f"{name} {day.isoformat()}",
            "actions": []}
