"""Suits, cards and card codes.

A card code is the card's number followed by its suit letter: ``1O`` is the ace of coins, ``12E``
the king of swords. Numbers follow the Spanish pack: 1-7, then 10 (sota, jack, fante), 11
(caballo, knight, cavallo; the queen of a French pack) and 12 (rey, king, re); 8 and 9 exist only
in the 48-card pack. Suits: ``O`` oros/coins, ``C`` copas/cups, ``E`` espadas/swords,
``B`` bastos/clubs. The codes are fixed: other tools rely on them.

Cards are interned: there is exactly one :class:`Card` object per code, so ``is`` and ``==`` agree
and a card is cheap to hash and compare (the engine leans on that for speed).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from .errors import CardCodeError
from .quoted import Quoted


class Suit(enum.Enum):
    """The four suits, valued by their code letter."""

    OROS = "O"
    """Oros: coins (Italian denari, French diamonds)."""
    COPAS = "C"
    """Copas: cups (Italian coppe, French hearts)."""
    ESPADAS = "E"
    """Espadas: swords (Italian spade, French spades)."""
    BASTOS = "B"
    """Bastos: clubs or batons (Italian bastoni, French clubs)."""

    @property
    def letter(self) -> str:
        """The suit's code letter."""
        return self.value

    @classmethod
    def parse(cls, letter: str) -> Suit:
        """The suit for a code letter (``"O"``, ``"C"``, ``"E"`` or ``"B"``, any case)."""
        suit = _SUIT_BY_LETTER.get(letter.strip().upper())
        if suit is None:
            raise CardCodeError(
                "unknown suit {letter}: use O (coins), C (cups), E (swords) or B (clubs)",
                letter=Quoted(letter))
        return suit


SUITS: Final[tuple[Suit, ...]] = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
"""The suits in display order."""

_SUIT_BY_LETTER: Final = {s.value: s for s in Suit}

NUMBERS: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
"""Every card number of the 48-card Spanish pack, lowest code first."""


class Card:
    """One card: a number (1-12) and a suit. Immutable and interned.

    Build cards with :func:`parse_card` (``parse_card("1O")``) or ``Card(1, Suit.OROS)``; both
    return the same shared object. ``str(card)`` is its code.
    """

    __slots__ = ("code", "index", "number", "suit")

    number: int
    """The number on the Spanish card: 1-7, 8, 9 (48-card pack only), 10, 11, 12."""
    suit: Suit
    """The card's suit."""
    index: int
    """A dense index 0-47 (suit-major), for tables indexed by card."""
    code: str
    """The card code, e.g. ``"1O"``."""

    def __new__(cls, number: int, suit: Suit) -> Card:
        card = _BY_KEY.get((number, suit))
        if card is None:
            raise CardCodeError("there is no card {number} of {suit}: numbers run 1-12",
                                number=Quoted(number), suit=Quoted(suit))
        return card

    @classmethod
    def _make(cls, number: int, suit: Suit, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "number", number)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "code", f"{number}{suit.value}")
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def sort_key(self) -> tuple[int, int]:
        """A key that sorts cards by suit (O, C, E, B) and then by number, for display."""
        return (SUITS.index(self.suit), self.number)


_BY_KEY: dict[tuple[int, Suit], Card] = {}
_BY_CODE: dict[str, Card] = {}
def _build() -> tuple[Card, ...]:
    cards = []
    for s, suit in enumerate(SUITS):
        for n, number in enumerate(NUMBERS):
            card = Card._make(number, suit, s * len(NUMBERS) + n)
            _BY_KEY[(number, suit)] = card
            _BY_CODE[card.code] = card
            cards.append(card)
    return tuple(cards)


ALL_CARDS: Final[tuple[Card, ...]] = _build()
"""All 48 cards of the Spanish pack, in index order."""


def parse_card(code: str) -> Card:
    """The card for a code such as ``"1O"`` or ``"12e"`` (case and surrounding spaces ignored).

    Raises:
        CardCodeError: the code names no card; the message says which part is wrong.

    Examples:
        >>> parse_card("12E")
        Card('12E')
        >>> str(parse_card(" 3c "))
        '3C'
    """
    if not isinstance(code, str):
        raise CardCodeError("a card code must be text like '1O', not {value}", value=Quoted(code))
    text = code.strip().upper()
    card = _BY_CODE.get(text)
    if card is not None:
        return card
    number_part, suit_part = text[:-1], text[-1:]
    if not text or suit_part not in _SUIT_BY_LETTER:
        raise CardCodeError(
            "bad card code {code}: end it with a suit letter O, C, E or B (e.g. '1O', '12E')",
            code=Quoted(code))
    raise CardCodeError(
        "bad card code {code}: the number must be 1-7, 10, 11, 12 (or 8, 9 in the 48-card "
        "pack), not {number}", code=Quoted(code), number=Quoted(number_part))


def format_card(card: Card) -> str:
    """The code of a card; the inverse of :func:`parse_card`."""
    return card.code


def parse_cards(codes: Iterable[str] | str) -> list[Card]:
    """Cards from a list of codes or a string of codes separated by spaces or commas."""
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    return [parse_card(c) for c in codes]


def format_cards(cards: Iterable[Card]) -> str:
    """Codes separated by spaces; the inverse of :func:`parse_cards`."""
    return " ".join(c.code for c in cards)
