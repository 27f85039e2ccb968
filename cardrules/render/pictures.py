"""Card pictures as self-contained SVG, drawn from code: no image files, fonts or downloads.

Every picture is drawn here with plain SVG shapes: the four Latin suits (coins, cups, swords,
clubs) for the Spanish and Italian packs, the French suits for a French pack. A card shows what
its pack prints in the corners (a Spanish king prints 12, an Italian one 10, a French one K), its
suit symbols laid out by number, and a simple figure on the face cards. Spanish cards also carry
the *pinta*: breaks in the frame that tell the suit at a glance (none for coins, one for cups,
two for swords, three for clubs).

Examples:
    >>> from cardrules.core.packs import ITALIAN_40
    >>> svg = card_svg("12O", ITALIAN_40)
    >>> svg.startswith("<svg") and ">10</text>" in svg
    True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from ..core.cards import Card, Suit, parse_card
from ..core.errors import CardCodeError
from ..core.packs import SPANISH_40, NameLang, Pack
from ..words import words

WIDTH: Final = 120
"""Width of a card picture in SVG units (the ``viewBox``)."""
HEIGHT: Final = 180
"""Height of a card picture in SVG units (the ``viewBox``)."""

_PAPER: Final = "#fffdf6"
_EDGE: Final = "#857b68"
_SKIN: Final = "#f3d2b3"
_FONT: Final = "font-family=\"Georgia, 'DejaVu Serif', 'Times New Roman', serif\""


@dataclass(frozen=True)
class _Ink:
    main: str
    """The symbol's fill."""
    dark: str
    """Outlines, and the corner index."""
    light: str
    """A second fill (a blade, a rim)."""


_LATIN_INK: Final = {
    Suit.OROS: _Ink("#f2b600", "#8a5a00", "#ffd95a"),
    Suit.COPAS: _Ink("#c62828", "#7f1414", "#f2b600"),
    Suit.ESPADAS: _Ink("#1f5fbf", "#123a78", "#c9d6e6"),
    Suit.BASTOS: _Ink("#4f8f2f", "#2c5219", "#8c6a3f"),
}
_FRENCH_INK: Final = {
    Suit.OROS: _Ink("#d32f2f", "#9a1c1c", "#d32f2f"),
    Suit.COPAS: _Ink("#d32f2f", "#9a1c1c", "#d32f2f"),
    Suit.ESPADAS: _Ink("#222222", "#111111", "#222222"),
    Suit.BASTOS: _Ink("#222222", "#111111", "#222222"),
}

# Suit symbols, centred on (0, 0) in a box of about 40 x 40 units. ------------------------------


def _coin(ink: _Ink) -> str:
    rays = "".join(
        f'<rect x="-1" y="-17" width="2" height="4" fill="{ink.dark}" '
        f'transform="rotate({a})"/>'
        for a in range(0, 360, 30)
    )
    return (
        f'<circle r="18" fill="{ink.main}" stroke="{ink.dark}" stroke-width="2"/>'
        f'<circle r="11.5" fill="{ink.light}" stroke="{ink.dark}" stroke-width="1.5"/>'
        f"{rays}"
        f'<circle r="5" fill="#c62828" stroke="{ink.dark}" stroke-width="1.2"/>'
    )


def _cup(ink: _Ink) -> str:
    return (
        f'<path d="M-14,-16 H14 C14,-3 8,3 0,4 C-8,3 -14,-3 -14,-16 Z" fill="{ink.main}" '
        f'stroke="{ink.dark}" stroke-width="1.6"/>'
        f'<ellipse cy="-16" rx="14" ry="3.2" fill="{ink.light}" stroke="{ink.dark}" '
        'stroke-width="1.4"/>'
        f'<rect x="-2.5" y="4" width="5" height="9" fill="{ink.light}" stroke="{ink.dark}" '
        'stroke-width="1.2"/>'
        f'<ellipse cy="8" rx="4.5" ry="2.4" fill="{ink.main}" stroke="{ink.dark}" '
        'stroke-width="1.2"/>'
        f'<path d="M-11,19 C-11,14 -5,12.5 0,12.5 C5,12.5 11,14 11,19 Z" fill="{ink.light}" '
        f'stroke="{ink.dark}" stroke-width="1.4"/>'
    )


def _sword(ink: _Ink) -> str:
    return (
        f'<path d="M0,-21 L3.4,-15 L3.4,8 L-3.4,8 L-3.4,-15 Z" fill="{ink.light}" '
        f'stroke="{ink.dark}" stroke-width="1.3"/>'
        f'<line x1="0" y1="-15" x2="0" y2="7" stroke="{ink.dark}" stroke-width="0.8"/>'
        f'<path d="M-12,8 Q0,5 12,8 L12,11.5 Q0,8.5 -12,11.5 Z" fill="{ink.main}" '
        f'stroke="{ink.dark}" stroke-width="1.2"/>'
        f'<rect x="-2.3" y="11" width="4.6" height="7" fill="{ink.main}" stroke="{ink.dark}" '
        'stroke-width="1.1"/>'
        f'<circle cy="20" r="2.8" fill="{ink.main}" stroke="{ink.dark}" stroke-width="1.1"/>'
    )


def _club(ink: _Ink) -> str:
    return (
        '<g transform="rotate(-18)">'
        f'<path d="M-2.6,21 L2.6,21 L7,-13 C7.5,-21 -7.5,-21 -7,-13 Z" fill="{ink.main}" '
        f'stroke="{ink.dark}" stroke-width="1.6" stroke-linejoin="round"/>'
        f'<path d="M-5.6,-6 L-10,-10 L-8.6,-12 L-4.4,-9 Z" fill="{ink.main}" '
        f'stroke="{ink.dark}" stroke-width="1.2"/>'
        f'<path d="M4.4,2 L9,-1 L10,1.5 L4,5 Z" fill="{ink.main}" stroke="{ink.dark}" '
        'stroke-width="1.2"/>'
        f'<ellipse cx="-1.5" cy="-12" rx="1.6" ry="2.6" fill="{ink.light}"/>'
        f'<ellipse cx="1.2" cy="8" rx="1.2" ry="2" fill="{ink.light}"/>'
        f'<line x1="-2.5" y1="-2" x2="-1.4" y2="16" stroke="{ink.dark}" stroke-width="0.8"/>'
        "</g>"
    )


def _diamond(ink: _Ink) -> str:
    return f'<path d="M0,-20 L14,0 L0,20 L-14,0 Z" fill="{ink.main}"/>'


def _heart(ink: _Ink) -> str:
    return (
        '<path d="M0,18 C-23,2 -19,-17 -8.5,-17 C-3.5,-17 0,-13 0,-9 C0,-13 3.5,-17 8.5,-17 '
        f'C19,-17 23,2 0,18 Z" fill="{ink.main}"/>'
    )


def _spade(ink: _Ink) -> str:
    return (
        '<path d="M0,-19 C-23,-2 -18,13 -7.5,13 C-4,13 -1.5,10.5 -1,9 L-3.5,19 H3.5 L1,9 '
        f'C1.5,10.5 4,13 7.5,13 C18,13 23,-2 0,-19 Z" fill="{ink.main}"/>'
    )


def _french_club(ink: _Ink) -> str:
    return (
        f'<circle cy="-9" r="7.6" fill="{ink.main}"/>'
        f'<circle cx="-9" cy="3" r="7.6" fill="{ink.main}"/>'
        f'<circle cx="9" cy="3" r="7.6" fill="{ink.main}"/>'
        f'<path d="M-1.6,0 L-4,19 H4 L1.6,0 Z" fill="{ink.main}"/>'
    )


_LATIN_SYMBOLS: Final[dict[Suit, Callable[[_Ink], str]]] = {
    Suit.OROS: _coin,
    Suit.COPAS: _cup,
    Suit.ESPADAS: _sword,
    Suit.BASTOS: _club,
}
_FRENCH_SYMBOLS: Final[dict[Suit, Callable[[_Ink], str]]] = {
    Suit.OROS: _diamond,
    Suit.COPAS: _heart,
    Suit.ESPADAS: _spade,
    Suit.BASTOS: _french_club,
}

# Pip layouts: centres for 1-9 symbols on a 120 x 180 card. ------------------------------------

_L, _C, _R = 42, 60, 78
_LAYOUTS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((_C, 90),),
    2: ((_C, 50), (_C, 130)),
    3: ((_C, 46), (_C, 90), (_C, 134)),
    4: ((_L, 52), (_R, 52), (_L, 128), (_R, 128)),
    5: ((_L, 50), (_R, 50), (_C, 90), (_L, 130), (_R, 130)),
    6: ((_L, 50), (_R, 50), (_L, 90), (_R, 90), (_L, 130), (_R, 130)),
    7: ((_L, 46), (_R, 46), (_C, 68), (_L, 90), (_R, 90), (_L, 134), (_R, 134)),
    8: ((_L, 44), (_R, 44), (_L, 75), (_R, 75), (_L, 105), (_R, 105), (_L, 136), (_R, 136)),
    9: ((_L, 44), (_R, 44), (_L, 75), (_R, 75), (_C, 90), (_L, 105), (_R, 105), (_L, 136),
        (_R, 136)),
}


def _ink(pack: Pack, suit: Suit) -> _Ink:
    return (_FRENCH_INK if pack.face.style == "french" else _LATIN_INK)[suit]


def _symbol(pack: Pack, suit: Suit) -> str:
    table = _FRENCH_SYMBOLS if pack.face.style == "french" else _LATIN_SYMBOLS
    return table[suit](_ink(pack, suit))


def _place(symbol: str, x: float, y: float, scale: float, flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g}){turn}">{symbol}</g>'


def _pips(pack: Pack, card: Card) -> str:
    symbol = _symbol(pack, card.suit)
    if card.number == 1:
        return _place(symbol, _C, 90, 1.75)
    layout = _LAYOUTS[card.number]
    scale = 0.72 if card.number <= 6 else 0.6
    # French pips in the lower half are printed upside down, as on real cards.
    flip_lower = pack.face.style == "french"
    return "".join(_place(symbol, x, y, scale, flip_lower and y > 92) for x, y in layout)


# Face cards: a simple standing figure holding the suit symbol. ----------------------------------


def _headwear(number: int, ink: _Ink) -> str:
    if number == 12:  # a crown
        return (
            '<path d="M47,55 L47,41 L53.5,48 L60,38 L66.5,48 L73,41 L73,55 Z" fill="#f2b600" '
            'stroke="#8a5a00" stroke-width="1.4" stroke-linejoin="round"/>'
            '<circle cx="60" cy="38" r="2" fill="#c62828"/>'
        )
    if number == 11:  # a helmet with a plume
        return (
            f'<path d="M47,57 C47,42 73,42 73,57 Z" fill="{ink.light}" stroke="{ink.dark}" '
            'stroke-width="1.4"/>'
            f'<path d="M60,45 C62,34 74,31 80,36 C72,36 66,40 63,46 Z" fill="{ink.main}" '
            f'stroke="{ink.dark}" stroke-width="1.2"/>'
        )
    return (  # a cap
        f'<path d="M46,55 C46,44 74,44 74,55 C66,52 54,52 46,55 Z" fill="{ink.main}" '
        f'stroke="{ink.dark}" stroke-width="1.4"/>'
        f'<path d="M70,49 C76,46 81,48 82,52 C78,50 74,51 71,53 Z" fill="{ink.light}" '
        f'stroke="{ink.dark}" stroke-width="1"/>'
    )


def _figure(pack: Pack, card: Card) -> str:
    ink = _ink(pack, card.suit)
    robe = ink.main if pack.face.style != "french" else ("#c62828" if card.suit in (
        Suit.OROS, Suit.COPAS) else "#1f3f7f")
    initial = pack.face.faces[pack.face.native][card.number - 10][:1].upper()
    parts = [
        # panel behind the figure
        '<rect x="30" y="30" width="60" height="120" rx="5" fill="#f4ecd8" stroke="#d8ccb0" '
        'stroke-width="1"/>',
        # robe and arms
        f'<path d="M46,70 C46,66 74,66 74,70 L84,146 L36,146 Z" fill="{robe}" '
        'stroke="#3a3328" stroke-width="1.4" stroke-linejoin="round"/>',
        '<path d="M45,72 C36,86 34,100 40,108" fill="none" stroke="#3a3328" stroke-width="5" '
        'stroke-linecap="round"/>',
        f'<path d="M45,72 C36,86 34,100 40,108" fill="none" stroke="{robe}" stroke-width="3" '
        'stroke-linecap="round"/>',
        # belt and the initial of the face's name in the pack's own language
        '<rect x="40" y="104" width="40" height="5" fill="#f2b600" stroke="#8a5a00" '
        'stroke-width="0.8"/>',
        f'<text x="60" y="134" text-anchor="middle" font-size="20" font-weight="700" '
        f'fill="#fffdf6" {_FONT}>{escape(initial)}</text>',
        # head
        f'<circle cx="60" cy="58" r="11" fill="{_SKIN}" stroke="#3a3328" stroke-width="1.4"/>',
        '<circle cx="56.5" cy="57" r="1.1" fill="#3a3328"/>',
        '<circle cx="63.5" cy="57" r="1.1" fill="#3a3328"/>',
        '<path d="M56.5,62.5 Q60,65 63.5,62.5" fill="none" stroke="#3a3328" stroke-width="1"/>',
        _headwear(card.number, ink),
        # the suit symbol held up in the right hand
        _place(_symbol(pack, card.suit), 82, 86, 0.55),
        f'<circle cx="76" cy="96" r="3.2" fill="{_SKIN}" stroke="#3a3328" stroke-width="1"/>',
    ]
    return "".join(parts)


def _pinta(suit: Suit, ink: _Ink) -> str:
    """The Spanish frame with its breaks: 0 for coins, 1 for cups, 2 for swords, 3 for clubs."""
    gaps = {Suit.OROS: (), Suit.COPAS: (60,), Suit.ESPADAS: (46, 74), Suit.BASTOS: (36, 60, 84)}
    cuts = "".join(
        f'<rect x="{x - 5}" y="{y}" width="10" height="5" fill="{_PAPER}"/>'
        for x in gaps[suit]
        for y in (3, HEIGHT - 8)
    )
    return (
        f'<rect x="5.5" y="5.5" width="{WIDTH - 11}" height="{HEIGHT - 11}" rx="6" fill="none" '
        f'stroke="{ink.dark}" stroke-width="1.3"/>{cuts}'
    )


def _corner(pack: Pack, card: Card, ink: _Ink) -> str:
    printed = escape(pack.printed(card))
    size = 19 if len(printed) < 2 else 17
    mini = _place(_symbol(pack, card.suit), 17, 38, 0.3)
    index = (
        f'<text x="17" y="25" text-anchor="middle" font-size="{size}" font-weight="700" '
        f'fill="{ink.dark}" {_FONT}>{printed}</text>{mini}'
    )
    return f'{index}<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{index}</g>'


def card_svg(
    card: Card | str,
    pack: Pack = SPANISH_40,
    *,
    lang: NameLang = "en",
    title: str | None = None,
) -> str:
    """A self-contained SVG picture of one card of a pack.

    Args:
        card: the card, or its code (``"11C"``).
        pack: the pack whose look to draw: its suit symbols (Latin or French), what its corners
            print (``10``/``11``/``12``, ``8``/``9``/``10`` or ``J``/``Q``/``K``) and its faces.
        lang: the language of the picture's ``<title>`` (the card's name).
        title: a ``<title>`` of your own instead of the card's name (escaped like any text).

    Returns:
        An ``<svg>`` element as text, 120 x 180 units, with no external reference.

    Raises:
        CardCodeError: the code names no card, or the card is not in this pack (an 8 in a
            40-card pack).

    Examples:
        >>> svg = card_svg("1O")
        >>> "<title>ace of coins</title>" in svg
        True
        >>> "<title>as de oros</title>" in card_svg("1O", lang="es")
        True
    """
    if isinstance(card, str):
        card = parse_card(card)
    if card.number not in pack.numbers:
        raise CardCodeError("{code} is not in the {pack} pack", code=card.code, pack=pack.id)
    ink = _ink(pack, card.suit)
    name = title if title is not None else pack.card_name(card, lang)
    body = _figure(pack, card) if card.number >= 10 else _pips(pack, card)
    frame = _pinta(card.suit, ink) if pack.face.style == "spanish" else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label={quoteattr(name)}>'
        f"<title>{escape(name)}</title>"
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="9" fill="{_PAPER}" '
        f'stroke="{_EDGE}" stroke-width="1.6"/>'
        f"{frame}{body}{_corner(pack, card, ink)}</svg>"
    )


def back_svg(*, title: str = "card back") -> str:
    """A self-contained SVG picture of the back of a card (the same for every pack).

    Args:
        title: the picture's ``<title>`` (escaped).
    """
    lattice = "".join(
        f'<path d="M{x},14 L{x + 46},60 M{x},60 L{x + 46},14" stroke="#e9c46a" '
        'stroke-width="1" fill="none"/>'
        for x in range(-38, 110, 12)
    )
    diamonds = "".join(
        f'<path d="M{x},{y - 6} L{x + 5},{y} L{x},{y + 6} L{x - 5},{y} Z" fill="#e9c46a"/>'
        for x in (30, 60, 90)
        for y in (28, 90, 152)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label={quoteattr(title)}>'
        f"<title>{escape(title)}</title>"
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="9" fill="{_PAPER}" '
        f'stroke="{_EDGE}" stroke-width="1.6"/>'
        f'<rect x="8" y="8" width="{WIDTH - 16}" height="{HEIGHT - 16}" rx="5" fill="#7a1f2b"/>'
        f'<g opacity="0.55">{_lattice_rows(lattice)}</g>{diamonds}'
        f'<rect x="12" y="12" width="{WIDTH - 24}" height="{HEIGHT - 24}" rx="3" fill="none" '
        'stroke="#e9c46a" stroke-width="1.5"/>'
        "</svg>"
    )


def _lattice_rows(row: str) -> str:
    # One band of crossing lines repeated down the card, clipped by the inner margin.
    bands = "".join(f'<g transform="translate(0 {dy})">{row}</g>' for dy in (0, 46, 92, 138))
    return f'<svg x="12" y="12" width="{WIDTH - 24}" height="{HEIGHT - 24}" ' \
        f'viewBox="12 12 {WIDTH - 24} {HEIGHT - 24}">{bands}</svg>'


def card_files(pack: Pack = SPANISH_40, *, lang: NameLang = "en") -> dict[str, str]:
    """Every picture of a pack by file name: ``"<code>.svg"`` per card, and ``"back.svg"``.

    Examples:
        >>> files = card_files()
        >>> len(files), "1O.svg" in files, "8O.svg" in files
        (41, True, False)
    """
    files = {f"{card.code}.svg": card_svg(card, pack, lang=lang) for card in pack.cards}
    files["back.svg"] = back_svg(title=words(lang)._("card back"))
    return files


def write_card_files(
    directory: str | os.PathLike[str], pack: Pack = SPANISH_40, *, lang: NameLang = "en"
) -> list[Path]:
    """Write one SVG file per card of ``pack`` (``1O.svg``...) and ``back.svg`` into a directory.

    The directory is created if needed; existing files of the same names are replaced.

    Returns:
        The paths written, cards first (in pack order), ``back.svg`` last.
    """
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, svg in card_files(pack, lang=lang).items():
        path = folder / name
        path.write_text(svg, encoding="utf-8")
        written.append(path)
    return written
