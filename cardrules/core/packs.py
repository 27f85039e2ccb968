"""Packs as data: which cards a pack holds and what its own faces and suits are called.

The card codes never change (see :mod:`cardrules.core.cards`); a pack only says which numbers
it holds and how they are named and printed. The Italian pack prints its faces as 8, 9, 10
(fante, cavallo, re) and a French pack stripped to 40 uses J, Q, K: their codes are still 10,
11, 12.

The names a reader sees are words of the catalogue (:mod:`cardrules.words`), said in the
reader's language; the Italian and French packs also know their own names.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from ..words import Lang, Message, languages
from .cards import ALL_CARDS, Card, Suit
from .errors import OptionError
from .quoted import p_

Style = Literal["spanish", "italian", "french"]
"""The look of a pack: Spanish, Italian or French suits and faces."""

NameLang = str
"""A language card names come in: any language of the catalogue, and a pack's own language
(Italian, French) for its own names."""


_NUMBERS: Final = (
    p_("card number", "ace"), p_("card number", "two"), p_("card number", "three"),
    p_("card number", "four"), p_("card number", "five"), p_("card number", "six"),
    p_("card number", "seven"), p_("card number", "eight"), p_("card number", "nine"),
)
"""The names of the pip cards 1 to 9, in every pack."""


@dataclass(frozen=True)
class OwnNames:
    """A pack's names in its own language when that language is no language of the catalogue
    (the Italian pack's *fante di bastoni*, the French pack's *valet de trèfle*): pack data."""

    lang: NameLang
    """The language (``"it"``, ``"fr"``)."""
    suits: tuple[str, str, str, str]
    """Suit names, in the order O, C, E, B."""
    faces: tuple[str, str, str]
    """Face names (codes 10, 11, 12)."""
    numbers: tuple[str, ...]
    """Names of the numbers 1 to 9."""
    of: str
    """The word between the rank and the suit (``"di"``)."""

    def card_name(self, card: Card) -> str:
        """The card's name in this language: ``"re di spade"``."""
        rank = self.faces[card.number - 10] if card.number >= 10 else self.numbers[card.number - 1]
        return f"{rank} {self.of} {self.suits[_SUIT_POS[card.suit]]}"


@dataclass(frozen=True)
class FaceStyle:
    """How the suits and faces of one style of pack are named and printed.

    The names are English words of the catalogue of words, in the sense "Latin-suited cards"
    (Spanish and Italian packs) or "French-suited cards" (the same word may name two things:
    the Latin and the French clubs), said in any language it has; a pack whose own language
    has no catalogue (Italian, French) also carries its own names (:class:`OwnNames`).
    """

    style: Style
    native: NameLang
    """The pack's own language (``"es"``, ``"it"`` or ``"en"`` for the Anglo-French pack)."""
    suit_words: tuple[Message, Message, Message, Message]
    """Suit names in the catalogue, in the order O, C, E, B."""
    face_words: tuple[Message, Message, Message]
    """Face names (codes 10, 11, 12) in the catalogue."""
    printed_faces: tuple[str, str, str]
    """What the corner of the card shows for codes 10, 11, 12."""
    own: OwnNames | None = None
    """The names in the pack's own language, when the catalogue does not have it."""

    @property
    def suits(self) -> dict[str, tuple[str, ...]]:
        """Suit names per language (the catalogue's languages and the pack's own), in the order
        O, C, E, B."""
        found = {lang: tuple(w.say(lang) for w in self.suit_words) for lang in languages()}
        if self.own is not None:
            found[self.own.lang] = self.own.suits
        return found

    @property
    def faces(self) -> dict[str, tuple[str, ...]]:
        """Face names (codes 10, 11, 12) per language, as :attr:`suits`."""
        found = {lang: tuple(w.say(lang) for w in self.face_words) for lang in languages()}
        if self.own is not None:
            found[self.own.lang] = self.own.faces
        return found


SPANISH_STYLE: Final = FaceStyle(
    "spanish",
    "es",
    suit_words=(
        p_("Latin-suited cards", "coins"),
        p_("Latin-suited cards", "cups"),
        p_("Latin-suited cards", "swords"),
        p_("Latin-suited cards", "clubs"),
    ),
    face_words=(
        p_("Latin-suited cards", "jack"),
        p_("Latin-suited cards", "knight"),
        p_("Latin-suited cards", "king"),
    ),
    printed_faces=("10", "11", "12"),
)
ITALIAN_STYLE: Final = FaceStyle(
    "italian",
    "it",
    suit_words=SPANISH_STYLE.suit_words,
    face_words=SPANISH_STYLE.face_words,
    printed_faces=("8", "9", "10"),
    own=OwnNames(
        "it", ("denari", "coppe", "spade", "bastoni"), ("fante", "cavallo", "re"),
        ("asso", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"), "di",
    ),
)
FRENCH_STYLE: Final = FaceStyle(
    "french",
    "en",
    suit_words=(
        p_("French-suited cards", "diamonds"),
        p_("French-suited cards", "hearts"),
        p_("French-suited cards", "spades"),
        p_("French-suited cards", "clubs"),
    ),
    face_words=(
        p_("French-suited cards", "jack"),
        p_("French-suited cards", "queen"),
        p_("French-suited cards", "king"),
    ),
    printed_faces=("J", "Q", "K"),
    own=OwnNames(
        "fr", ("carreau", "cœur", "pique", "trèfle"), ("valet", "dame", "roi"),
        ("as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"), "de",
    ),
)

_SUIT_POS: Final = {Suit.OROS: 0, Suit.COPAS: 1, Suit.ESPADAS: 2, Suit.BASTOS: 3}


@dataclass(frozen=True)
class Pack:
    """A pack: a face style and the card numbers it holds (40 or 48 cards)."""

    id: str
    """Identifier, e.g. ``"spanish-40"``."""
    face: FaceStyle
    """How its suits and faces look and are named."""
    numbers: tuple[int, ...]
    """The code numbers present in every suit."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the pack, suit by suit."""
        return tuple(c for c in ALL_CARDS if c.number in self.numbers)

    def __len__(self) -> int:
        return 4 * len(self.numbers)

    def printed(self, card: Card) -> str:
        """What the card's corner shows: the Italian king prints 10, the French knight Q."""
        if card.number >= 10:
            return self.face.printed_faces[card.number - 10]
        return "A" if card.number == 1 and self.face.style == "french" else str(card.number)

    def suit_word(self, suit: Suit) -> Message:
        """The suit's name in this pack, to be said in any language of the catalogue."""
        return self.face.suit_words[_SUIT_POS[suit]]

    def card_word(self, card: Card) -> Message:
        """The card's full name in this pack, to be said in any language of the catalogue."""
        rank = (self.face.face_words[card.number - 10] if card.number >= 10
                else _NUMBERS[card.number - 1])
        return replace(_CARD, fields={"rank": rank, "suit": self.suit_word(card.suit)})

    def suit_name(self, suit: Suit, lang: NameLang = "en") -> str:
        """The suit's name in this pack in ``lang``: ``"clubs"``, ``"bastos"``; in an Italian
        or French pack also in its own language (``"bastoni"``). A language without a catalogue
        gets the English name.

        Examples:
            >>> SPANISH_40.suit_name(Suit.BASTOS, "es"), FRENCH_40.suit_name(Suit.BASTOS, "es")
            ('bastos', 'tréboles')
        """
        own = self.face.own
        if own is not None and lang == own.lang:
            return own.suits[_SUIT_POS[suit]]
        return self.suit_word(suit).say(lang)

    def card_name(self, card: Card, lang: NameLang = "en") -> str:
        """The card's full name: ``"knight of cups"``, ``"caballo de copas"``, ``"re di spade"``.

        Languages: every language of the catalogue (English for any other), plus the pack's own
        (``it``, ``fr``).

        Examples:
            >>> from cardrules.core.cards import parse_card
            >>> ITALIAN_40.card_name(parse_card("10B"), "es")
            'sota de bastos'
        """
        own = self.face.own
        if own is not None and lang == own.lang:
            return own.card_name(card)
        return self.card_word(card).say(lang)


_CARD: Final = p_("card name", "{rank} of {suit}")
"""A card's name from its rank and suit."""


FORTY: Final = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
FORTY_EIGHT: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)

SPANISH_40: Final = Pack("spanish-40", SPANISH_STYLE, FORTY)
"""The Spanish 40-card pack (no 8s and 9s)."""
SPANISH_48: Final = Pack("spanish-48", SPANISH_STYLE, FORTY_EIGHT)
"""The Spanish 48-card pack."""
ITALIAN_40: Final = Pack("italian-40", ITALIAN_STYLE, FORTY)
"""The Italian 40-card pack; faces fante, cavallo, re printed 8, 9, 10."""
FRENCH_40: Final = Pack("french-40", FRENCH_STYLE, FORTY)
"""A French 52-card pack stripped of 8s, 9s and 10s; J, Q, K take codes 10, 11, 12."""
FRENCH_48: Final = Pack("french-48", FRENCH_STYLE, FORTY_EIGHT)
"""A French pack stripped of its 10s only (48 cards), standing in for the Spanish 48."""

PACKS: Final[dict[str, Pack]] = {
    p.id: p for p in (SPANISH_40, SPANISH_48, ITALIAN_40, FRENCH_40, FRENCH_48)
}


def pack_for(style: Style, size: int) -> Pack:
    """The pack of a style with 40 or 48 cards (the Italian pack has no 48-card form)."""
    pack = PACKS.get(f"{style}-{size}")
    if pack is None:
        raise OptionError("there is no {size}-card {style} pack", size=size,
                          style=_STYLE_WORDS.get(style, style))
    return pack


_STYLE_WORDS: Final[dict[str, object]] = {
    "spanish": p_("pack", "Spanish"), "italian": p_("pack", "Italian"),
    "french": p_("pack", "French"),
}


def card_name(card: Card, lang: Lang = "en", pack: Pack = SPANISH_48) -> str:
    """Shortcut: the name of a card in a pack (the Spanish pack by default)."""
    return pack.card_name(card, lang)
