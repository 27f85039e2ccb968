"""The rulebook's app icon: the package's own card pictures on the palette's red.

The site's web app manifest (``docs/hooks/table.py``) names this picture as the icon a phone
shows on its home screen: the ace of coins and the ace of cups (:func:`cardrules.render.pictures
.card_svg`), fanned, on a square of the site's primary colour, with a margin that a round or
rounded mask (``"purpose": "maskable"``) leaves whole.

Examples:
    >>> svg = app_icon()
    >>> svg.startswith("<svg") and PRIMARY in svg and "ace of coins" in svg
    True
"""

from __future__ import annotations

import re
from typing import Final

from ..core.cards import Card, Suit
from .pictures import card_svg

__all__ = ["BACKGROUND", "PRIMARY", "app_icon"]

PRIMARY: Final = "#b71c1c"
"""The palette's primary colour (``docs/assets/cardrules.css``: ``--md-primary-fg-color``)."""
BACKGROUND: Final = "#ffffff"
"""The palette's background (the page's, in the light scheme)."""

_OPEN_TAG = re.compile(r"^<svg\b[^>]*>")


def _inner(card: Card) -> str:
    """A card's picture without its outer ``<svg>`` element (its own 120 x 180 units)."""
    svg = card_svg(card)
    return _OPEN_TAG.sub("", svg, count=1).removesuffix("</svg>")


def app_icon() -> str:
    """The icon, a 512-unit square SVG: two aces on the primary colour."""
    back = _inner(Card(1, Suit.COPAS))
    front = _inner(Card(1, Suit.OROS))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">'
        f'<rect width="512" height="512" fill="{PRIMARY}"/>'
        '<g transform="translate(150 118) rotate(-12 60 90) scale(1.45)">'
        f"{back}</g>"
        '<g transform="translate(190 128) rotate(10 60 90) scale(1.45)">'
        f"{front}</g></svg>"
    )
