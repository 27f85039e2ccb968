"""The players' names when nobody names them: players are named, never numbered.

A deal whose record gives only a count of players is played by these, in seat order, in every
front end (the terminal, the widget, the diagrams, the narration): "Ana plays the ace of
coins", never "P0" or "seat 0". Seat numbers stay in the API and in records.
"""

from __future__ import annotations

from typing import Final

PLAYER_NAMES: Final = ("Ana", "Bruno", "Carmen", "Diego", "Elena", "Félix", "Gloria", "Hugo")
"""The names, in seat order (enough for every game's largest table)."""


def default_names(players: int) -> tuple[str, ...]:
    """The names of ``players`` players nobody named.

    Examples:
        >>> default_names(3)
        ('Ana', 'Bruno', 'Carmen')
    """
    return PLAYER_NAMES[:players]
