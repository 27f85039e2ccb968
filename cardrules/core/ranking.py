"""Rank orders and card points as data, so that regional scorings are just other tables.

A :class:`Ranking` lists the card numbers from strongest to weakest and gives each number its
card points. The engine turns it into two tables indexed by :attr:`Card.index
<cardrules.core.cards.Card.index>` (strength and points) so that comparing cards costs one lookup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import ALL_CARDS, Card


@dataclass(frozen=True)
class Ranking:
    """A rank order (strongest first) and the card points of each number."""

    id: str
    """Identifier, used as an option value (``"standard"``, ``"lombard"``...)."""
    order: tuple[int, ...]
    """Card numbers from strongest to weakest (8 and 9 included for the 48-card pack)."""
    points: dict[int, int]
    """Card points by number; numbers not listed score nothing."""

    @property
    def strength(self) -> list[int]:
        """Strength by card index: higher beats lower (0 for a number not in :attr:`order`)."""
        rank = {n: len(self.order) - i for i, n in enumerate(self.order)}
        return [rank.get(c.number, 0) for c in ALL_CARDS]

    @property
    def card_points(self) -> list[int]:
        """Card points by card index."""
        return [self.points.get(c.number, 0) for c in ALL_CARDS]

    def points_of(self, card: Card) -> int:
        """The card points of one card."""
        return self.points.get(card.number, 0)

    def beats(self, a: Card, b: Card) -> bool:
        """Whether ``a`` outranks ``b`` by number alone (suits are the rules' business)."""
        return self.order.index(a.number) < self.order.index(b.number)


_ORDER: Final = (1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2)

STANDARD: Final = Ranking("standard", _ORDER, {1: 11, 3: 10, 12: 4, 11: 3, 10: 2})
"""The usual order and points: ace 11, three 10, king 4, knight 3, jack 2 (120 in all)."""

LOMBARD: Final = Ranking("lombard", _ORDER, {1: 11, 7: 10, 12: 4, 11: 3, 10: 2})
"""Parts of Lombardy and Piedmont: the seven is worth 10 points and the three nothing; the order
stays the usual one."""

TUSCAN: Final = Ranking(
    "tuscan", (1, 3, 12, 10, 11, 9, 8, 7, 6, 5, 4, 2), {1: 11, 3: 10, 12: 4, 10: 3, 11: 2}
)
"""Parts of Tuscany, one reading: jack and knight swap their values (jack 3, knight 2) and their
places in the order too."""

TUSCAN_POINTS: Final = Ranking(
    "tuscan-points", _ORDER, {1: 11, 3: 10, 12: 4, 10: 3, 11: 2}
)
"""Parts of Tuscany, as Wikipedia's Brisca article words it ("the values of the Jack and Knight
are reversed"): the jack is worth 3 and the knight 2; the order stays the usual one."""

CHILEAN: Final = Ranking(
    "chilean", (1, 2, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3), {1: 11, 2: 10, 12: 4, 11: 3, 10: 2}
)
"""Chile: the two takes the three's place (second in rank, 10 points); the three is worthless
and lowest. With a removal of 2s (three or six players in some traditions) a deal is then worth
less than 120: the sources do not adjust it, and neither does the engine."""

RANKINGS: Final[dict[str, Ranking]] = {
    r.id: r for r in (STANDARD, LOMBARD, TUSCAN, TUSCAN_POINTS, CHILEAN)
}
"""The rankings by id."""
