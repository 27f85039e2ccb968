"""Packs as data: which cards a pack holds and what its own faces and suits are called.

The card codes never change (see :mod:`cardrules.core.cards`); a pack only says which numbers it
holds
and how they are named and printed. The Italian pack prints its faces as 8, 9, 10 (fante, cavallo,
re) and a French pack stripped to 40 uses J, Q, K: their codes are still 10, 11, 12.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .cards import ALL_CARDS, Card, Suit
from .errors import Lang, OptionError

Style = Literal["spanish", "italian", "french"]
"""The look of a pack: Spanish, Italian or French suits and faces."""

NameLang = str
"""Languages that card names come in (Italian and French only for their own packs)."""

# Number words, used for the names of pip cards.
_NUMBER_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "en": ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    "es": ("", "as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"),
    "it": ("", "asso", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"),
    "fr": ("", "as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
}
_OF: Final[dict[str, str]] = {"en": "of", "es": "de", "it": "di", "fr": "de"}


@dataclass(frozen=True)
class FaceStyle:
    """Names of suits and faces in one style of pack, per language."""

    style: Style
    native: NameLang
    """The pack's own language (``"es"``, ``"it"`` or ``"en"`` for the Anglo-French pack)."""
    suits: dict[str, tuple[str, str, str, str]]
    """Suit names per language, in the order O, C, E, B."""
    faces: dict[str, tuple[str, str, str]]
    """Face names (codes 10, 11, 12) per language."""
    printed_faces: tuple[str, str, str]
    """What the corner of the card shows for codes 10, 11, 12."""


SPANISH_STYLE: Final = FaceStyle(
    "spanish",
    "es",
    suits={
        "en": ("coins", "cups", "swords", "clubs"),
        "es": ("oros", "copas", "espadas", "bastos"),
    },
    faces={"en": ("jack", "knight", "king"), "es": ("sota", "caballo", "rey")},
    printed_faces=("10", "11", "12"),
)
ITALIAN_STYLE: Final = FaceStyle(
    "italian",
    "it",
    suits={
        "en": ("coins", "cups", "swords", "clubs"),
        "es": ("oros", "copas", "espadas", "bastos"),
        "it": ("denari", "coppe", "spade", "bastoni"),
    },
    faces={
        "en": ("jack", "knight", "king"),
        "es": ("sota", "caballo", "rey"),
        "it": ("fante", "cavallo", "re"),
    },
    printed_faces=("8", "9", "10"),
)
FRENCH_STYLE: Final = FaceStyle(
    "french",
    "en",
    suits={
        "en": ("diamonds", "hearts", "spades", "clubs"),
        "es": ("diamantes", "corazones", "picas", "tréboles"),
        "fr": ("carreau", "cœur", "pique", "trèfle"),
    },
    faces={
        "en": ("jack", "queen", "king"),
        "es": ("jota", "reina", "rey"),
        "fr": ("valet", "dame", "roi"),
    },
    printed_faces=("J", "Q", "K"),
)
STYLES: Final[dict[str, FaceStyle]] = {
    s.style: s for s in (SPANISH_STYLE, ITALIAN_STYLE, FRENCH_STYLE)
}

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

    def suit_name(self, suit: Suit, lang: NameLang = "en") -> str:
        """The suit's name in this pack (``"bastos"``, ``"bastoni"``, ``"clubs"``...)."""
        return self.face.suits.get(lang, self.face.suits["en"])[_SUIT_POS[suit]]

    def card_name(self, card: Card, lang: NameLang = "en") -> str:
        """The card's full name: ``"knight of cups"``, ``"caballo de copas"``, ``"re di spade"``.

        Languages: ``en`` and ``es`` for every pack, plus the pack's own (``it``, ``fr``).
        """
        key: NameLang = lang if lang in self.face.faces else "en"
        if card.number >= 10:
            rank = self.face.faces[key][card.number - 10]
        else:
            rank = _NUMBER_WORDS[key][card.number]
        return f"{rank} {_OF[key]} {self.suit_name(card.suit, key)}"


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
        raise OptionError(
            f"there is no {size}-card {style} pack",
            f"no existe una baraja {_STYLE_ES.get(style, style)} de {size} cartas",
        )
    return pack


_STYLE_ES: Final = {"spanish": "española", "italian": "italiana", "french": "francesa"}


def card_name(card: Card, lang: Lang = "en", pack: Pack = SPANISH_48) -> str:
    """Shortcut: the name of a card in a pack (the Spanish pack by default)."""
    return pack.card_name(card, lang)
