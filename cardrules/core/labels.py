"""Labels for plays, named by their Spanish glossary terms, and the *mano* and *postre* of a trick.

=================  =================================================================
label              the play
=================  =================================================================
``arrastrar``      led a trump
``asistir``        followed the suit led, without heading the trick
``montar``         followed the suit led and now heads the trick
``fallar``         played a trump to a non-trump lead, not over another trump
``pisar``          played a trump above the highest trump already in the trick
``contrafallar``   none of these: a card of another suit that is not a trump
=================  =================================================================

Rulings where the definitions overlap (the terms come from José's Puerto Rico page's glossary):

* Following a trump lead with a higher trump is *montar* (following suit comes first).
* A trump played under a higher trump on a non-trump lead is *fallar*: it is a trump on a
  non-trump lead, and it is not *pisar*, which needs a higher trump.
* A card of the led suit after someone has trumped cannot head the trick: *asistir*.
* Leading a card that is not a trump has no label (``None``): the leader is simply the *mano*.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from .actions import Trick
from .cards import Card, Suit
from .ranking import STANDARD


class PlayLabel(enum.Enum):
    """The glossary term for a play; the value is the term."""

    ARRASTRAR = "arrastrar"
    ASISTIR = "asistir"
    MONTAR = "montar"
    FALLAR = "fallar"
    PISAR = "pisar"
    CONTRAFALLAR = "contrafallar"

    @property
    def term(self) -> str:
        """The glossary word."""
        return self.value


def label_play(
    before: Sequence[Card],
    card: Card,
    trump: Suit | None,
    strength: Sequence[int] = STANDARD.strength,
) -> PlayLabel | None:
    """The label of playing ``card`` to a trick that already holds ``before``.

    ``strength`` ranks cards by index (``game.rules.strength``), so that labels follow the
    game's own order, regional options included; by default the usual Briscola order.

    Examples:
        >>> from cardrules.core.cards import parse_cards, parse_card, Suit
        >>> label_play(parse_cards("4C"), parse_card("1C"), Suit.OROS)
        <PlayLabel.MONTAR: 'montar'>
        >>> label_play(parse_cards("4C 2O"), parse_card("5O"), Suit.OROS)
        <PlayLabel.PISAR: 'pisar'>
    """
    if not before:
        return PlayLabel.ARRASTRAR if card.suit is trump else None
    led = before[0].suit
    best = before[0]
    for other in before[1:]:
        if other.suit is best.suit:
            if strength[other.index] > strength[best.index]:
                best = other
        elif other.suit is trump:
            best = other
    if card.suit is led:
        heads = best.suit is led and strength[card.index] > strength[best.index]
        return PlayLabel.MONTAR if heads else PlayLabel.ASISTIR
    if card.suit is trump:
        if best.suit is trump and strength[card.index] > strength[best.index]:
            return PlayLabel.PISAR
        return PlayLabel.FALLAR
    return PlayLabel.CONTRAFALLAR


def trick_labels(
    trick: Trick, strength: Sequence[int] = STANDARD.strength
) -> tuple[PlayLabel | None, ...]:
    """The label of every play of a finished trick, in order of play."""
    cards = trick.cards
    return tuple(label_play(cards[:i], cards[i], trick.trump, strength) for i in range(len(cards)))


def mano(trick: Trick) -> int:
    """The *mano*: the seat that led the trick."""
    return trick.leader


def postre(trick: Trick) -> int:
    """The *postre*: the seat that played last to the trick."""
    return trick.plays[-1][0]
