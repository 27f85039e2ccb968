"""Deal diagrams: a deal record drawn as plain HTML, in English or Spanish.

:func:`render_deal` draws the steps of a recorded deal (:meth:`Game.steps
<cardrules.engine.Game.steps>`) with no JavaScript: the players and their sides, every hand as
dealt (card pictures, the card code as ``alt`` text), the turned-up card and the trump suit, then
each trick (who led it, each play with its glossary label, who took it and for how many points)
and the moves between them, and finally the score of each side and the winner. Every sentence
comes from the narration (:class:`cardrules.narration.Narrator`); the diagram adds only its
headings and labels.

The rulebook site turns a fenced block into a diagram at build time::

    ```deal
    examples/brisca-2p.json
    tricks: 1-3
    open: false
    ```

(:func:`parse_deal_block` reads such a block.) The HTML has stable class names (``cr-deal``,
``cr-seat``, ``cr-trick``, ``cr-play``, ``cr-score``...) and ``data-`` attributes (the record's path
in ``data-record``, seats, cards, points) so that a script can later make it interactive. Every
piece of data is HTML-escaped: player names and comments are arbitrary text.

Card pictures are expected at ``<site root>/assets/cards/<style>/<code>.svg`` (see
:mod:`cardrules.pictures`), glossary entries at ``<site root>/glossary/#<term>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from .actions import Deal, Move, format_action
from .cards import Card
from .engine import Game, Result, Sides, Step
from .errors import Lang
from .labels import PlayLabel
from .narration import ONLOOKER, Narrator
from .record import replay

CARD_DIR: Final = "assets/cards"
"""Where the card pictures live, relative to the site root."""
GLOSSARY_PAGE: Final = "glossary/"
"""The glossary page, relative to the site root."""


@dataclass(frozen=True)
class DealBlock:
    """What a ```` ```deal ```` block asks for."""

    path: str
    """The record's path (relative to the project root in the rulebook)."""
    tricks: tuple[int, int] | None = None
    """The first and last trick to show, counted from 1 (``None``: all of them)."""
    open: bool = True
    """Whether the hands are shown face up."""


def parse_deal_block(text: str) -> DealBlock:
    """Read the body of a ```` ```deal ```` block: a record path on the first line, then optional
    ``tricks: 2-4`` (or ``tricks: 3``) and ``open: false`` lines.

    Raises:
        ValueError: no path, an unknown key, or a bad value (the message says which).

    Examples:
        >>> parse_deal_block("examples/brisca-2p.json\\ntricks: 1-3")
        DealBlock(path='examples/brisca-2p.json', tricks=(1, 3), open=True)
    """
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines or lines[0].partition(":")[0].strip() in ("tricks", "open"):
        raise ValueError("a deal block starts with the path of a deal record")
    path, tricks, shown = lines[0], None, True
    for line in lines[1:]:
        key, sep, value = (part.strip() for part in line.partition(":"))
        if not sep:
            raise ValueError(f"expected 'key: value' in a deal block, got {line!r}")
        if key == "tricks":
            first, _, last = value.partition("-")
            try:
                tricks = (int(first), int(last or first))
            except ValueError:
                raise ValueError(f"tricks: expected a range like 1-3, got {value!r}") from None
            if not 1 <= tricks[0] <= tricks[1]:
                raise ValueError(f"tricks: {value!r} is not a range of tricks counted from 1")
        elif key == "open":
            if value.lower() not in ("true", "false", "yes", "no"):
                raise ValueError(f"open: expected true or false, got {value!r}")
            shown = value.lower() in ("true", "yes")
        else:
            raise ValueError(f"unknown key {key!r} in a deal block (use tricks, open)")
    return DealBlock(path, tricks, shown)


# Chrome: the diagram's headings and labels. Every sentence about the deal comes from the
# narration (cardrules.narration.Narrator).

_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "players": "{n} players",
        "seat": "seat {n}",
        "side": "side {n}",
        "dealer": "dealer",
        "hands": "Hands as dealt",
        "hidden": "hands not shown",
        "turn_up": "Turned-up card",
        "trump": "Trumps: {suit}",
        "no_trump": "No trumps",
        "aside": "{n} cards aside",
        "tricks": "Tricks",
        "trick": "Trick {n}",
        "shown": "Tricks {a}–{b} of {total} shown.",
        "score": "Score",
        "players_col": "Players",
        "points_col": "Points",
        "tricks_col": "Tricks",
        "game_col": "Deal score",
        "mano": "mano",
    },
    "es": {
        "players": "{n} jugadores",
        "seat": "asiento {n}",
        "side": "bando {n}",
        "dealer": "da las cartas",
        "hands": "Las manos del reparto",
        "hidden": "manos ocultas",
        "turn_up": "Carta vuelta",
        "trump": "Triunfo: {suit}",
        "no_trump": "Sin triunfo",
        "aside": "{n} cartas apartadas",
        "tricks": "Bazas",
        "trick": "Baza {n}",
        "shown": "Se muestran las bazas {a}–{b} de {total}.",
        "score": "Tanteo",
        "players_col": "Jugadores",
        "points_col": "Puntos",
        "tricks_col": "Bazas",
        "game_col": "Tantos de la mano",
        "mano": "mano",
    },
}


def _lang(lang: str) -> Lang:
    return "es" if lang == "es" else "en"


def glossary_titles(lang: str) -> dict[str, str]:
    """The tooltip of each term a diagram links to (the play labels and *mano*), in ``lang``:
    the term's gloss and its definition, without Markdown emphasis.

    Examples:
        >>> glossary_titles("en")["pisar"]
        'to overtrump: To play a trump higher than the best trump already in the trick.'
    """
    from . import glossary  # the glossary data is only read when a diagram needs it

    language = _lang(lang)
    titles = {}
    for term_id in [label.value for label in PlayLabel] + ["mano"]:
        term = glossary.get(term_id)
        text = f"{term.gloss[language]}: {term.definition[language]}"
        titles[term_id] = text.replace("*", "")
    return titles


class _Renderer:
    """The diagram's HTML: the narration's sentences (escaped) in the diagram's chrome."""

    def __init__(
        self,
        game: Game,
        narrator: Narrator,
        sides: Sides,
        base: str,
        definitions: Mapping[str, str],
    ) -> None:
        self.game = game
        self.words = narrator
        self.lang = narrator.lang
        self.t = _TEXT[narrator.lang]
        self.base = base
        self.rules = game.rules
        self.pack = game.rules.pack
        self.sides = sides
        self.side_of = {seat: i for i, side in enumerate(sides) for seat in side}
        self.definitions = {k.lower(): v for k, v in definitions.items()}

    # Small pieces ---------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return escape(self.game.names[seat])

    def card(self, card: Card, css: str = "cr-card") -> str:
        src = f"{self.base}{CARD_DIR}/{self.pack.face.style}/{card.code}.svg"
        return (
            f'<img class="{css}" src="{escape(src)}" alt="{card.code}" '
            f'title="{escape(self.words.card_name(card))}" data-card="{card.code}" '
            'loading="lazy" width="120" height="180">'
        )

    def back(self) -> str:
        src = f"{self.base}{CARD_DIR}/{self.pack.face.style}/back.svg"
        return f'<img class="cr-card cr-card--back" src="{escape(src)}" alt="" width="120" ' \
            'height="180">'

    def term(self, term: str, css: str = "cr-label") -> str:
        href = f"{self.base}{GLOSSARY_PAGE}#{term}"
        definition = self.definitions.get(term.lower())
        title = f' title="{escape(definition)}"' if definition else ""
        return (
            f'<a class="{css}" data-label="{escape(term)}" href="{escape(href)}"{title}>'
            f"{escape(term)}</a>"
        )

    def side_class(self, seat: int) -> str:
        side = self.side_of.get(seat)
        return "" if side is None else f" cr-side-{side}"

    def seat_meta(self, seat: int) -> str:
        parts = [self.t["seat"].format(n=seat)]
        if len(self.sides) < self.rules.players and seat in self.side_of:
            parts.append(self.t["side"].format(n=self.side_of[seat] + 1))
        if seat == self.rules.players - 1:
            parts.append(self.t["dealer"])
        return " · ".join(parts)

    # Parts of the diagram -----------------------------------------------------------------
    def setup(self, step: Step, open_hands: bool) -> str:
        deal = step.action
        assert isinstance(deal, Deal)
        seats = []
        for seat, hand in enumerate(deal.hands):
            cards = "".join(self.card(c) for c in hand) if open_hands else self.back() * len(hand)
            seats.append(
                f'<div class="cr-seat{self.side_class(seat)}" data-seat="{seat}">'
                f'<div class="cr-seat__head"><span class="cr-seat__name">{self.name(seat)}</span>'
                f' <span class="cr-seat__meta">{escape(self.seat_meta(seat))}</span></div>'
                f'<div class="cr-hand">{cards}</div></div>'
            )
        hidden = "" if open_hands else f' <span class="cr-note">({self.t["hidden"]})</span>'
        table = [
            f'<div class="cr-deal__hands"><p class="cr-heading">{self.t["hands"]}{hidden}</p>'
            f'<div class="cr-seats">{"".join(seats)}</div></div>'
        ]
        dealt = step.after
        trump = dealt.trump
        info = []
        if dealt.turn_up is not None:
            turned = dealt.turn_up
            info.append(
                f'<div class="cr-turnup" data-card="{turned.code}">{self.card(turned)}'
                f'<span class="cr-turnup__label">{self.t["turn_up"]}</span></div>'
            )
        if trump is not None:
            suit = escape(self.words.suit(trump))
            info.append(
                f'<p class="cr-trump" data-trump="{trump.value}">'
                f'{self.t["trump"].format(suit=suit)}</p>'
            )
        else:
            info.append(f'<p class="cr-trump" data-trump="">{self.t["no_trump"]}</p>')
        if dealt.turn_up is None and deal.stock:
            info.append(f'<p class="cr-note">{self.t["aside"].format(n=len(deal.stock))}</p>')
        table.append(f'<div class="cr-deal__trump">{"".join(info)}</div>')
        return f'<div class="cr-deal__setup">{"".join(table)}</div>'

    def move(self, step: Step) -> str:
        """A step that is not a card play (an exchange, a declaration, a discard...), or ``""``
        when the narration says nothing of it to this diagram's viewer."""
        text = self.words.action(step)
        if not text:
            return ""
        return (
            f'<li class="cr-move" data-seat="{step.seat}" '
            f'data-action="{escape(format_action(self.words.seen(step)))}">{escape(text)}</li>'
        )

    def trick(self, step: Step, labels: Sequence[str | None]) -> str:
        trick = step.trick
        assert trick is not None
        leader, winner = trick.leader, trick.winner
        taking = self.rules.trick_winner(trick.cards, trick.trump) if winner is not None else None
        plays = []
        for i, ((seat, card), label) in enumerate(zip(trick.plays, labels)):
            css = f"cr-play{self.side_class(seat)}"
            if seat == winner and (taking is None or i == taking):
                css += " cr-play--winner"
            tag = self.term(label) if label else ""
            plays.append(
                f'<li class="{css}" data-seat="{seat}" data-card="{card.code}">{self.card(card)}'
                f'<span class="cr-play__who">{self.name(seat)}</span>{tag}</li>'
            )
        mano = self.term("mano", "cr-term") if "mano" in self.definitions else self.t["mano"]
        lead = escape(self.words.leads(leader))
        said = escape(self.words.trick(trick))
        if winner is None:
            result = f'<span class="cr-trick__spoiled">{said}</span>'
        else:
            result = said
        draws = self.words.draws(step)
        if draws:
            result += f' <span class="cr-trick__draws">{escape(" ".join(draws))}</span>'
        number = trick.number + 1
        return (
            f'<li class="cr-trick" data-trick="{number}" data-leader="{leader}" '
            f'data-winner="{"" if winner is None else winner}" data-points="{trick.points}">'
            f'<div class="cr-trick__head"><span class="cr-trick__number">'
            f'{self.t["trick"].format(n=number)}</span>'
            f'<span class="cr-trick__lead">{lead} ({mano})</span></div>'
            f'<ol class="cr-plays">{"".join(plays)}</ol>'
            f'<div class="cr-trick__result">{result}</div></li>'
        )

    def score(self, result: Result) -> str:
        by_tricks = self.rules.scores_tricks
        head = self.t["tricks_col"] if by_tricks else self.t["points_col"]
        show_game = by_tricks and any(result.game_points)
        rows = []
        for i, side in enumerate(result.sides):
            names = ", ".join(self.name(s) for s in side)
            css = f"cr-side-{i}" + (" cr-score--winner" if result.winner == i else "")
            game_cell = f"<td>{result.game_points[i]}</td>" if show_game else ""
            rows.append(
                f'<tr class="{css}" data-side="{i}" data-points="{result.side_points[i]}">'
                f"<td>{names}</td><td>{result.side_points[i]}</td>{game_cell}</tr>"
            )
        game_head = f"<th>{self.t['game_col']}</th>" if show_game else ""
        verdict = escape(self.words.outcome(result))
        reason = self.words.end(result)
        reason_html = f' <span class="cr-score__reason">{escape(reason)}</span>' if reason else ""
        scored = self.words.game_points(result)
        scored_html = f'<p class="cr-note cr-score__game">{escape(scored)}</p>' if scored else ""
        winner_attr = "" if result.winner is None else str(result.winner)
        return (
            f'<div class="cr-score" data-winner="{winner_attr}">'
            f'<p class="cr-heading">{self.t["score"]}</p>'
            f'<table><thead><tr><th>{self.t["players_col"]}</th><th>{head}</th>{game_head}'
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f'<p class="cr-score__winner">{verdict}{reason_html}</p>{scored_html}</div>'
        )


def render_deal(
    record: Mapping[str, Any] | str,
    lang: str = "en",
    *,
    base_url_to_site_root: str = "",
    tricks: tuple[int, int] | None = None,
    open_hands: bool = True,
    source: str | None = None,
    definitions: Mapping[str, str] | None = None,
) -> str:
    """The HTML diagram of a deal record.

    The diagram draws the deal's steps (:meth:`Game.steps <cardrules.engine.Game.steps>`) and
    takes every sentence from :class:`~cardrules.narration.Narrator`: with the hands shown it
    tells everything (a discard names its card); with the hands hidden it tells what an
    onlooker sees (:data:`~cardrules.narration.ONLOOKER`: a discard is "a card").

    Args:
        record: the deal record, as a mapping or JSON text; it must describe a finished deal.
        lang: ``"en"`` or ``"es"``: the language of every word in the diagram.
        base_url_to_site_root: the relative URL from the page to the site root (``"../"`` for a
            page at ``games/brisca/``), put before card picture and glossary links.
        tricks: the first and last trick to show, counted from 1 (default: every trick).
            The hands, the score and the winner are shown either way.
        open_hands: show the hands as dealt (``False``: card backs, and the narration keeps
            face-down cards hidden).
        source: the record's path, kept in the ``data-record`` attribute.
        definitions: the title of each glossary link (play labels, *mano*) by term; by default
            the term's gloss and definition from :mod:`cardrules.glossary`.

    Returns:
        A ``<figure class="cr-deal">`` element.

    Raises:
        RecordError: the record is malformed.
        ValueError: the deal is not finished, or ``tricks`` is out of range.

    Examples:
        >>> import json
        >>> record = json.load(open("examples/brisca-2p.json"))
        >>> html = render_deal(record, "es", base_url_to_site_root="../")
        >>> html.startswith('<figure class="cr-deal"') and "Baza 1" in html
        True
    """
    language = _lang(lang)
    if definitions is None:
        definitions = glossary_titles(language)
    game = replay(record)
    if not game.is_over or game.result is None:
        raise ValueError("a deal diagram needs a finished deal")
    result = game.result
    steps = list(game.steps())
    total = sum(1 for step in steps if step.trick is not None)
    first, last = tricks if tricks is not None else (1, total)
    if tricks is not None and not 1 <= first <= last <= total:
        raise ValueError(f"tricks {first}-{last}: the deal has {total} tricks")
    narrator = Narrator(game.rules, game.names, language,
                        viewer=None if open_hands else ONLOOKER)
    renderer = _Renderer(game, narrator, result.sides, base_url_to_site_root, definitions)

    # The moves (exchanges, declarations...) stand between the tricks, where they were made.
    items: list[str] = []
    done = 0
    labels: list[str | None] = []  # the labels of the plays of the trick being played
    for step in steps[1:]:
        if step.played is not None:
            labels.append(step.label.value if step.label is not None else None)
        if isinstance(step.action, Move) and (first <= done + 1 <= last or done == last == total):
            items.append(renderer.move(step))
        if step.trick is not None:
            if first <= done + 1 <= last:
                items.append(renderer.trick(step, labels))
            labels = []
            done += 1
    game_title = game.rules.title.get(language, game.rules.id)
    caption = (
        f'<figcaption class="cr-deal__caption"><span class="cr-deal__game">'
        f"{escape(game_title)}</span> · {renderer.t['players'].format(n=game.rules.players)}"
        "</figcaption>"
    )
    shown = ""
    if (first, last) != (1, total):
        shown = f'<p class="cr-note">{renderer.t["shown"].format(a=first, b=last, total=total)}</p>'
    record_attr = f' data-record="{escape(source)}"' if source is not None else ""
    per_trick = len(game.rules.turn_order(0))
    return (
        f'<figure class="cr-deal" data-game="{escape(game.rules.id)}" '
        f'data-players="{game.rules.players}" data-lang="{language}"{record_attr} '
        f'style="--cr-cards: {per_trick}">'
        f"{caption}{renderer.setup(steps[0], open_hands)}"
        f'<div class="cr-deal__play"><p class="cr-heading">{renderer.t["tricks"]}</p>{shown}'
        f'<ol class="cr-tricks">{"".join(items)}</ol></div>'
        f"{renderer.score(result)}</figure>"
    )


@dataclass(frozen=True)
class CardsBlock:
    """What a ```` ```cards ```` block asks for."""

    pack: str = "spanish-40"
    """The pack's id (see :data:`cardrules.PACKS`): its look, and its cards for ``all``."""
    cards: tuple[str, ...] = ()
    """Card codes, in order (empty: every card of the pack)."""
    caption: str = "name"
    """Under each card: ``name`` (code and name), ``code`` or ``none``."""


def parse_cards_block(text: str) -> CardsBlock:
    """Read the body of a ```` ```cards ```` block: ``key: value`` lines, all optional.

    ``pack: italian-40`` (default ``spanish-40``), ``cards: 1O 11C 12E`` (default ``all``, the
    whole pack) and ``caption: name`` (or ``code``, ``none``).

    Raises:
        ValueError: an unknown key or pack, a bad card code or caption.

    Examples:
        >>> parse_cards_block("pack: italian-40\\ncards: 10O 11O 12O")
        CardsBlock(pack='italian-40', cards=('10O', '11O', '12O'), caption='name')
    """
    from .cards import parse_cards
    from .packs import PACKS

    values: dict[str, str] = {}
    for line in text.strip().splitlines():
        if not line.strip():
            continue
        key, sep, value = (part.strip() for part in line.partition(":"))
        if not sep or key not in ("pack", "cards", "caption"):
            raise ValueError(f"expected 'pack:', 'cards:' or 'caption:' in a cards block, "
                             f"got {line!r}")
        values[key] = value
    block = CardsBlock()
    pack_id = values.get("pack", block.pack)
    if pack_id not in PACKS:
        raise ValueError(f"unknown pack {pack_id!r}; the packs are: {', '.join(PACKS)}")
    caption = values.get("caption", block.caption)
    if caption not in ("name", "code", "none"):
        raise ValueError(f"caption: expected name, code or none, got {caption!r}")
    listed = values.get("cards", "all")
    codes = () if listed == "all" else tuple(c.code for c in parse_cards(listed))
    return CardsBlock(pack_id, codes, caption)


def render_cards(
    block: CardsBlock, lang: str = "en", *, base_url_to_site_root: str = ""
) -> str:
    """A row of card pictures (``<div class="cr-pack">``), each with an optional caption.

    Raises:
        CardCodeError: a card is not in the block's pack.

    Examples:
        >>> html = render_cards(CardsBlock("spanish-40", ("1O",)), "es")
        >>> 'alt="1O"' in html and "as de oros" in html
        True
    """
    from .errors import CardCodeError
    from .packs import PACKS

    language = _lang(lang)
    pack = PACKS[block.pack]
    cards = [c for c in pack.cards] if not block.cards else []
    for code in block.cards:
        card = next((c for c in pack.cards if c.code == code), None)
        if card is None:
            raise CardCodeError(
                f"{code} is not in the {pack.id} pack", f"el {code} no está en la baraja {pack.id}"
            )
        cards.append(card)
    figures = []
    for card in cards:
        name = pack.card_name(card, language)
        src = f"{base_url_to_site_root}{CARD_DIR}/{pack.face.style}/{card.code}.svg"
        if block.caption == "name":
            caption = f"<figcaption><code>{card.code}</code> {escape(name)}</figcaption>"
        elif block.caption == "code":
            caption = f"<figcaption><code>{card.code}</code></figcaption>"
        else:
            caption = ""
        figures.append(
            f'<figure class="cr-pack__card" data-card="{card.code}">'
            f'<img src="{escape(src)}" alt="{card.code}" title="{escape(name)}" width="120" '
            f'height="180" loading="lazy">{caption}</figure>'
        )
    return f'<div class="cr-pack" data-pack="{pack.id}">{"".join(figures)}</div>'
