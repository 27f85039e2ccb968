"""Deal diagrams: a deal record drawn as plain HTML, in English or Spanish.

:func:`render_deal` draws the steps of a recorded deal (:meth:`Game.steps
<cardrules.engine.Game.steps>`) with no JavaScript: the players and their sides (or their parts in
a contract: declarer, caller, partner...), every hand as dealt (card pictures, the card code as
``alt`` text), the turned-up card, the trump suit (or what will make it), a talon face down; in
the games with an auction, the auction as a table of rounds (each seat's bid or pass), then what
followed it (the call, the talon face up and who took it, the discards, the trumps); then each
trick (who led it, each play with its glossary label, who took it and for how many points) and
the moves between them, and finally the score (by side; by seat, with what the points are made
of, where the seats play each on their own) and the winner. Every sentence comes from the
narration (:class:`cardrules.account.narration.Narrator`); the diagram adds only its headings and
labels,
and the record's notes (:func:`cardrules.record.notes_of`), each in the diagram's language where
its step is drawn: a note on the deal under the hands, on a card under its trick, on another move
after it. A note is written by someone who sees every card, so only a diagram with the hands shown
draws the notes.

The rulebook site turns a fenced block into a diagram at build time::

    ```deal
    examples/brisca-2p.json
    tricks: 1-3
    open: false
    ```

(:func:`parse_deal_block` reads such a block.) The HTML has stable class names (``cr-deal``,
``cr-seat``, ``cr-auction``, ``cr-talon``, ``cr-trick``, ``cr-play``, ``cr-score``...) and
``data-`` attributes (the record's path in ``data-record``, seats, cards, points) so that a script
can later make it interactive. Every piece of data is HTML-escaped: player names and comments are
arbitrary text.

Card pictures are expected at ``<site root>/assets/cards/<style>/<code>.svg`` (see
:mod:`cardrules.render.pictures`), glossary entries at ``<site root>/glossary/#<term>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from ..account.deal import AuctionCall, DealAccount, ScoreTable, StepAccount, account
from ..account.narration import ONLOOKER
from ..account.score import part_name
from ..core.actions import Decision
from ..core.cards import Card, Suit
from ..core.labels import PlayLabel
from ..core.packs import Pack
from ..record import load_record, notes_in, notes_of, replay
from ..words import Words, known, words

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


# The diagram's own words (headings, column heads) are messages of the catalogue; every sentence
# about the deal comes from the account (cardrules.account.deal).

def glossary_titles(lang: str) -> dict[str, str]:
    """The tooltip of each term a diagram links to (the play labels and *mano*), in ``lang``:
    the term's gloss and its definition, without Markdown emphasis.

    Examples:
        >>> glossary_titles("en")["pisar"]
        'to overtrump: To play a trump higher than the best trump already in the trick.'
    """
    from ..learn import glossary  # the glossary data is only read when a diagram needs it

    language = known(lang)
    titles = {}
    for term_id in [label.value for label in PlayLabel] + ["mano"]:
        term = glossary.get(term_id)
        text = f"{term.gloss[language]}: {term.definition[language]}"
        titles[term_id] = text.replace("*", "")
    return titles


def term_language(term_id: str) -> str | None:
    """The language of a glossary term a diagram links to (``None`` if it is no term), so that
    the word is marked with it on a page in another language.

    Examples:
        >>> term_language("fallar"), term_language("no-such-term")
        ('es', None)
    """
    from ..learn import glossary

    try:
        return glossary.get(term_id.lower()).lang
    except KeyError:
        return None


def auction_rounds(calls: Sequence[AuctionCall], players: int) -> list[list[str | bool | None]]:
    """An auction as a table of rounds, one row per time round the table, one cell per seat:
    the seat's bid as the table says it (:attr:`AuctionCall.said`: "81", and in Chiamata's rank
    auction "king", "two", "two at 61"), ``None`` for a pass, ``False`` where the seat did not
    speak (it had passed, or the auction was over).

    Examples:
        >>> calls = [AuctionCall(0, 100, 1, 0), AuctionCall(1, None, 2, 0),
        ...          AuctionCall(2, 101, 3, 0), AuctionCall(0, None, 4, 1)]
        >>> auction_rounds(calls, 3)
        [['100', None, '101'], [None, False, False]]
        >>> auction_rounds([AuctionCall(0, 12, 1, 0, "king"), AuctionCall(1, 61, 2, 0,
        ...                 "two at 61")], 2)
        [['king', 'two at 61']]
    """
    rows: list[list[str | bool | None]] = []
    for call in calls:
        while len(rows) <= call.round:
            rows.append([False] * players)
        rows[call.round][call.seat] = (None if call.bid is None
                                       else call.said or str(call.bid))
    return rows


def card_picture(pack: Pack, card: Card, lang: str, base: str = "", css: str = "cr-card") -> str:
    """A card's picture: ``<img class="cr-card">``, its name (in ``lang``) as ``alt`` text.

    Examples:
        >>> from cardrules.core.packs import SPANISH_40
        >>> from cardrules.core.cards import parse_card
        >>> card_picture(SPANISH_40, parse_card("1O"), "es", "../")[:62]
        '<img class="cr-card" src="../assets/cards/spanish/1O.svg" alt='
    """
    src = f"{base}{CARD_DIR}/{pack.face.style}/{card.code}.svg"
    return (f'<img class="{css}" src="{escape(src)}" alt="{escape(pack.card_name(card, lang))}" '
            f'data-card="{card.code}" loading="lazy" width="120" height="180">')


class AccountHtml:
    """The HTML pieces of a deal's account (its sentences escaped, in the diagrams' chrome):
    cards, seats, plays, the auction, the score. The deal diagrams (:func:`render_deal`) and
    the rulebook's drawings (:mod:`cardrules.render.drawing`) are made of them, so they share
    one vocabulary of CSS classes (``cr-card``, ``cr-seat``, ``cr-play``, ``cr-label``,
    ``cr-side-N``, ``cr-score``, ``cr-auction``...).

    Args:
        told: the account drawn.
        pack: the deal's pack (the look of its cards).
        base: the relative URL from the page to the site root.
        definitions: the title of each glossary link by term.
    """

    def __init__(
        self,
        told: DealAccount,
        pack: Pack,
        base: str,
        definitions: Mapping[str, str],
    ) -> None:
        self.told = told
        self.w = words(told.lang)
        self.lang = told.lang
        self.base = base
        self.pack = pack
        self.players = told.players
        self.sides = told.sides
        # The seats' parts in a contract (caller, partner, declarer...) stand for sides; a seat
        # with none plays on its own and shows no side colour.
        self.roles = told.roles
        self.side_of = {seat: i for i, side in enumerate(told.sides) for seat in side
                        if not any(self.roles) or self.roles[seat]}
        self.definitions = {k.lower(): v for k, v in definitions.items()}

    # Small pieces ---------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return escape(self.told.names[seat])

    def card(self, card: Card, css: str = "cr-card") -> str:
        """A card's picture (:func:`card_picture`)."""
        return card_picture(self.pack, card, self.lang, self.base, css)

    def back(self, css: str = "cr-card cr-card--back") -> str:
        src = f"{self.base}{CARD_DIR}/{self.pack.face.style}/back.svg"
        return f'<img class="{css}" src="{escape(src)}" alt="" width="120" height="180">'

    def term(self, term: str, css: str = "cr-label") -> str:
        href = f"{self.base}{GLOSSARY_PAGE}#{term}"
        definition = self.definitions.get(term.lower())
        title = f' title="{escape(definition)}"' if definition else ""
        word = escape(term)
        spoken = term_language(term)
        if spoken is not None and spoken != self.lang:  # said as it is said (WCAG 3.1.2):
            word = f'<i lang="{spoken}">{word}</i>'  # <i>, HTML's element for a foreign word
        return (
            f'<a class="{css}" data-label="{escape(term)}" href="{escape(href)}"{title}>'
            f"{word}</a>"
        )

    def side_class(self, seat: int) -> str:
        side = self.side_of.get(seat)
        return "" if side is None else f" cr-side-{side}"

    def seat_meta(self, seat: int) -> str:
        """What a player's name is followed by: the part in a contract, the partners ("partner
        of Bea"), the dealer. Never a seat number."""
        w = self.w
        parts = []
        if any(self.roles):
            if self.roles[seat]:
                parts.append(self.roles[seat])
        elif len(self.sides) < self.players and seat in self.side_of:
            partners = [s for s in self.sides[self.side_of[seat]] if s != seat]
            if partners:
                parts.append(w._("partner of {names}",
                                 names=w.join(self.told.names[s] for s in partners)))
        if seat == self.players - 1:
            parts.append(w.p_("beside a player's name", "dealer"))
        return " · ".join(parts)

    # Parts of the diagram -----------------------------------------------------------------
    def trump_line(self, trump: Suit | None) -> str:
        """The trumps at the deal, or what will make them (a call, the declarer's choice)."""
        w = self.w
        later, source = self.told.trump, self.told.trump_from
        if trump is not None:
            suit = escape(self.pack.suit_name(trump, self.lang))
            return (f'<p class="cr-trump" data-trump="{trump.value}">'
                    f'{w._("Trumps: {suit}", suit=suit)}</p>')
        if later is None or source is None:
            return f'<p class="cr-trump" data-trump="">{w._("No trumps")}</p>'
        suit = escape(self.pack.suit_name(later, self.lang))
        if source == "call":
            text = w._("No trumps until the call: then {suit}", suit=suit)
        elif source == "trump":
            text = w._("No trumps until the auction's winner names them: {suit}", suit=suit)
        else:
            text = w._("No trumps yet; later, {suit}", suit=suit)
        return (f'<p class="cr-trump cr-trump--later" data-trump="" '
                f'data-later="{later.value}">{text}</p>')

    def seat(self, seat: int, cards: str, extra: Sequence[str] = (), css: str = "") -> str:
        """A player: his name, what follows it (:meth:`seat_meta`, then ``extra``), and his
        hand (``cards``: card pictures or backs)."""
        role = f' data-role="{escape(self.roles[seat])}"' if any(self.roles) else ""
        meta = " · ".join(part for part in (self.seat_meta(seat), *extra) if part)
        meta_html = f' <span class="cr-seat__meta">{escape(meta)}</span>' if meta else ""
        return (
            f'<div class="cr-seat{self.side_class(seat)}{css}" data-seat="{seat}"{role}>'
            f'<div class="cr-seat__head"><span class="cr-seat__name">{self.name(seat)}</span>'
            f'{meta_html}</div><div class="cr-hand">{cards}</div></div>'
        )

    def setup(self, dealt: StepAccount, open_hands: bool) -> str:
        """The hands as dealt, the turned-up card, the trumps, the talon face down."""
        w = self.w
        seats = [self.seat(seat, "".join(self.card(c) for c in hand) if open_hands
                           else self.back() * len(hand))
                 for seat, hand in enumerate(dealt.hands)]
        hidden = "" if open_hands else (
            f' <span class="cr-note">({w._("hands not shown")})</span>')
        table = [
            f'<div class="cr-deal__hands"><p class="cr-heading">{w._("Hands as dealt")}'
            f'{hidden}</p><div class="cr-seats">{"".join(seats)}</div></div>'
        ]
        info = []
        if dealt.turn_up is not None:
            turned = dealt.turn_up
            info.append(
                f'<div class="cr-turnup" data-card="{turned.code}">{self.card(turned)}'
                f'<span class="cr-turnup__label">{w._("Turned-up card")}</span></div>'
            )
        info.append(self.trump_line(dealt.trump))
        if dealt.talon:  # face down at the deal, whatever the view
            info.append(
                f'<div class="cr-talon" data-cards="{dealt.talon}">'
                f'<div class="cr-talon__cards">{self.back() * dealt.talon}</div>'
                f'<span class="cr-talon__label">{w._("Talon, face down")}</span></div>'
            )
        if dealt.turn_up is None and dealt.stock:
            aside = w.n_("{n} card aside", "{n} cards aside", dealt.stock)
            info.append(f'<p class="cr-note">{aside}</p>')
        table.append(f'<div class="cr-deal__trump">{"".join(info)}</div>')
        return f'<div class="cr-deal__setup">{"".join(table)}</div>'

    def move(self, step: StepAccount) -> str:
        """A step that is not a card play (an exchange, a declaration, a discard...), or ``""``
        when the account says nothing of it to this diagram's viewer. A move with a card
        shows it (a card the viewer may not see, as a card back)."""
        text = step.said.action
        if not text:
            return ""
        if step.card is not None:
            picture = self.card(step.card, "cr-card cr-card--small")
        elif step.face_down:
            picture = self.back("cr-card cr-card--back cr-card--small")
        else:
            picture = ""
        return (
            f'<li class="cr-move" data-seat="{step.seat}" '
            f'data-action="{escape(step.notation)}">{picture}{escape(text)}</li>'
        )

    def note(self, step: int, text: str, tag: str = "li") -> str:
        """A note of the record's on a step (escaped: a note is arbitrary text)."""
        return (f'<{tag} class="cr-comment" data-step="{step}" lang="{self.lang}">'
                f'<span class="cr-comment__label">{self.w._("Note")}</span> '
                f'<span class="cr-comment__text">{escape(text)}</span></{tag}>')

    def news(self, lines: Sequence[str]) -> str:
        """What a step led to (the auction won, the sides learnt), one item per sentence."""
        return "".join(f'<li class="cr-news">{escape(line)}</li>' for line in lines)

    def talon(self, step: StepAccount) -> str:
        """The talon face up, as everyone saw it, and who took it."""
        talon = self.told.talon
        assert talon is not None
        cards = "".join(self.card(c, "cr-card cr-card--small") for c in talon.cards)
        return (f'<li class="cr-news cr-talon-shown" data-cards="'
                f'{" ".join(c.code for c in talon.cards)}">'
                f'<span class="cr-talon__cards">{cards}</span>{escape(step.talon_said)}</li>')

    def auction(self, after: Sequence[str], summary: bool) -> str:
        """The auction as a table of rounds (seat by seat: the bid, or a pass), with what
        followed it; ``summary``: only what came of it (a diagram of later tricks)."""
        w = self.w
        head = f'<p class="cr-heading">{w._("Auction")}</p>'
        if summary:
            return (f'<div class="cr-deal__auction cr-deal__auction--summary">{head}'
                    f'<ul class="cr-after">{"".join(after)}</ul></div>')
        auction = self.told.auction
        assert auction is not None
        calls = self.told.calls
        names = "".join(f'<th scope="col" data-seat="{s}">{self.name(s)}</th>'
                        for s in range(self.players))
        rows = []
        high_row = None
        if auction.high_seat is not None:
            high_row = sum(1 for call in calls if call.seat == auction.high_seat) - 1
            # the winner's last call is his bid unless he passed after it (he cannot)
        numbers = {(call.round, call.seat): call.bid for call in calls}
        for n, row in enumerate(auction_rounds(calls, self.players)):
            cells = []
            for seat, call in enumerate(row):
                if call is False:
                    cells.append(f'<td data-seat="{seat}"></td>')
                elif call is None:
                    cells.append(f'<td class="cr-auction__pass" data-seat="{seat}" '
                                 f'data-bid="pass">{w.p_("auction call", "pass")}</td>')
                elif isinstance(call, str):
                    high = (" cr-auction__high" if seat == auction.high_seat and n == high_row
                            else "")
                    cells.append(f'<td class="cr-auction__bid{high}" data-seat="{seat}" '
                                 f'data-bid="{numbers[(n, seat)]}">{escape(call)}</td>')
            rows.append(f'<tr><th scope="row">{n + 1}</th>{"".join(cells)}</tr>')
        round_ = w.p_("auction column", "Round")
        table = (f'<table class="cr-auction"><thead><tr><th scope="col">{round_}</th>'
                 f'{names}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
        followed = "".join(after)
        listed = f'<ul class="cr-after">{followed}</ul>' if followed else ""
        return f'<div class="cr-deal__auction">{head}{table}{listed}</div>'

    def plays(self, step: StepAccount) -> str:
        """The cards on the table after ``step`` (``<ol class="cr-plays">``): each with who
        played it and its label, the card that took a finished trick marked."""
        winner, taking = step.winner, step.taking
        plays = []
        for i, play in enumerate(step.table):
            css = f"cr-play{self.side_class(play.seat)}"
            if play.seat == winner and (taking is None or i == taking):
                css += " cr-play--winner"
            tag = self.term(play.label.value) if play.label else ""
            plays.append(
                f'<li class="{css}" data-seat="{play.seat}" data-card="{play.card.code}">'
                f'{self.card(play.card)}<span class="cr-play__who">{self.name(play.seat)}</span>'
                f'{tag}</li>'
            )
        return f'<ol class="cr-plays">{"".join(plays)}</ol>'

    def before_play(self, step: StepAccount) -> list[str]:
        """What a step before the first card says under the auction's table (not a bid or a
        pass, which the table shows): the move (a call, a discard...), its news, the talon
        shown, the record's note."""
        said = [line for line in step.said.news if line != step.talon_said]
        items = []
        if step.move is not None and step.decision not in (Decision.BID, Decision.PASS):
            items.append(self.move(step))
        items.append(self.news(said))
        if step.talon_said:
            items.append(self.talon(step))
        if step.note is not None:  # after the auction table's own step: a bid, a call...
            items.append(self.note(step.index, step.note))
        return items

    def trick(self, step: StepAccount, news: Sequence[str] = (),
              notes: Sequence[str] = ()) -> str:
        leader, winner = step.table[0].seat, step.winner
        mano = (self.term("mano", "cr-term") if "mano" in self.definitions
                else self.w.p_("the trick's leader", "mano"))
        said = escape(step.said.trick)
        result = f'<span class="cr-trick__spoiled">{said}</span>' if winner is None else said
        if step.said.draws:
            result += (f' <span class="cr-trick__draws">{escape(" ".join(step.said.draws))}'
                       "</span>")
        told = "".join(f'<p class="cr-trick__news">{escape(line)}</p>' for line in news)
        return (
            f'<li class="cr-trick" data-trick="{step.trick}" data-leader="{leader}" '
            f'data-winner="{"" if winner is None else winner}" data-points="{step.points}">'
            f'<div class="cr-trick__head"><span class="cr-trick__number">'
            f'{self.w.p_("trick heading", "Trick {n}", n=step.trick)}</span>'
            f'<span class="cr-trick__lead">{escape(step.lead)} ({mano})</span></div>'
            f"{self.plays(step)}{told}"
            f'<div class="cr-trick__result">{result}</div>{"".join(notes)}</li>'
        )

    def score(self, table: ScoreTable) -> str:
        """The account's score table (by side, or by seat with what the points are made of: a
        part this diagram's viewer may not see shows as "?"), then the verdict."""
        w = self.w
        reason_html = (f' <span class="cr-score__reason">{escape(table.reason)}</span>'
                       if table.reason else "")
        scored_html = (f'<p class="cr-note cr-score__game">{escape(table.scored)}</p>'
                       if table.scored else "")
        winner_attr = "" if table.winner is None else str(table.winner)
        return (
            f'<div class="cr-score" data-winner="{winner_attr}">'
            f'<p class="cr-heading">{w._("Score")}</p>{score_table_html(table, w)}'
            f'<p class="cr-score__winner">{escape(table.outcome)}{reason_html}</p>'
            f"{scored_html}</div>"
        )


def score_table_html(table: ScoreTable, w: Words) -> str:
    """A score table as an HTML ``<table>`` (``data-by="side"`` or ``"seat"``): a row per side
    or seat with its players, its parts by kind when the table has any, its points (or
    tricks) and the game points it scores when a row shows them; a side's colour
    (``cr-side-N``) and the winners (``cr-score--winner``) as classes."""
    heads = [f"<th>{escape(w.p_('score column', 'Players'))}</th>"]
    kinds = table.kinds
    for kind in kinds:
        label = w._(part_name(kind))
        heads.append(f'<th data-part="{escape(kind)}">{escape(label)}</th>')
    total = "Tricks" if table.unit == "tricks" else "Points"
    heads.append(f"<th>{escape(w.p_('score column', total))}</th>")
    game = table.shows_game_points
    if game:
        heads.append(f"<th>{escape(w.p_('score column', 'Game points'))}</th>")
    hidden_title = escape(w._("not shown: only its owner sees it"))
    rows = []
    for i, row in enumerate(table.rows):
        cells = [f"<td>{escape(row.name)}</td>"]
        for kind, points in row.parts:
            if points is None:
                cells.append(f'<td data-part="{escape(kind)}" class="cr-score__hidden" '
                             f'title="{hidden_title}">?</td>')
            else:
                cells.append(f'<td data-part="{escape(kind)}">{points}</td>')
        cells.append(f"<td>{row.points}</td>")
        if game:
            cells.append(f"<td>{escape(row.game_points_said)}</td>")
        css = " ".join(([f"cr-side-{row.side}"] if row.side is not None else [])
                       + (["cr-score--winner"] if row.winner else []))
        attr = f' class="{css}"' if css else ""
        key = f'data-side="{i}"' if table.by == "side" else f'data-seat="{row.seats[0]}"'
        rows.append(f'<tr{attr} {key} data-points="{row.points}">{"".join(cells)}</tr>')
    return (f'<table data-by="{table.by}"><thead><tr>{"".join(heads)}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


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

    The diagram draws the account of the deal (:func:`cardrules.account.deal.account`): with
    the hands shown it tells everything (a discard names its card, the holder of a called card
    is named at the call); with the hands hidden it tells what an onlooker sees
    (:data:`~cardrules.account.narration.ONLOOKER`: a discard is "a card", a hidden partner is
    named when the table learns it).

    In a game with an auction, the auction comes under its own heading, as a table of rounds,
    with what followed it before the first trick (the call, the talon shown and taken, the
    discards, the trumps). A diagram that starts at a later trick shows only what came of the
    auction.

    Args:
        record: the deal record, as a mapping or JSON text; it must describe a finished deal.
        lang: a language of the catalogue: the language of every word in the diagram.
        base_url_to_site_root: the relative URL from the page to the site root (``"../"`` for a
            page at ``games/brisca/``), put before card picture and glossary links.
        tricks: the first and last trick to show, counted from 1 (default: every trick).
            The hands, the score and the winner are shown either way.
        open_hands: show the hands as dealt (``False``: card backs, and the narration keeps
            face-down cards hidden; the record's notes are left out).
        source: the record's path, kept in the ``data-record`` attribute.
        definitions: the title of each glossary link (play labels, *mano*) by term; by default
            the term's gloss and definition from :mod:`cardrules.learn.glossary`.

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
    language = known(lang)
    if definitions is None:
        definitions = glossary_titles(language)
    data = load_record(record)
    game = replay(data)
    if not game.is_over or game.result is None:
        raise ValueError("a deal diagram needs a finished deal")
    # The notes tell the open account: a diagram with hidden hands leaves them out.
    notes = notes_in(notes_of(data), language) if open_hands else {}
    told = account(game, language, viewer=None if open_hands else ONLOOKER, notes=notes)
    total = len(told.trick_steps)
    first, last = tricks if tricks is not None else (1, total)
    if tricks is not None and not 1 <= first <= last <= total:
        raise ValueError(f"tricks {first}-{last}: the deal has {total} tricks")
    renderer = AccountHtml(told, game.rules.pack, base_url_to_site_root, definitions)
    w = renderer.w

    # In a game with an auction, everything before the first card played comes under the
    # auction's heading; the moves after it (exchanges, declarations...) stand between the
    # tricks, where they were made.
    steps = told.steps
    has_auction = told.auction is not None
    opening = 0  # the first step with a card played, in a game with an auction
    if has_auction:
        opening = next((s.index for s in steps if s.played is not None), len(steps))
    after: list[str] = []  # what followed the auction, before the play
    items: list[str] = []
    done = 0
    plays_news: list[str] = []  # what the plays of the trick being played led to
    trick_notes: list[int] = []  # the steps of that trick's plays that have a note
    summary = has_auction and first > 1
    for step in steps[1:]:
        index = step.index
        news = list(step.said.news)
        if index < opening:
            if summary:  # only what came of the auction: who won it, the talon, trumps
                said = list(news)
                if step.move is not None and step.trump != steps[index - 1].trump:
                    said.insert(0, step.said.action)
                after.append(renderer.news(said))
                continue
            after.extend(renderer.before_play(step))
            continue
        if step.played is not None:
            plays_news.extend(news)
            if step.note is not None:
                trick_notes.append(index)
        shown = first <= done + 1 <= last or done == last == total
        if step.move is not None and shown:
            items.append(renderer.move(step))
            if step.played is None:
                items.append(renderer.news(news))
        if step.played is None and shown and step.note is not None:
            items.append(renderer.note(index, step.note))
        if step.done:
            if first <= done + 1 <= last:
                items.append(renderer.trick(step, plays_news,
                                            [renderer.note(i, notes[i], "p")
                                             for i in trick_notes]))
            plays_news = []
            trick_notes = []
            done += 1
    if first <= done + 1 <= last:  # plays of a trick the deal ended before it was finished
        items.extend(renderer.note(i, notes[i]) for i in trick_notes)
    caption = (
        f'<figcaption class="cr-deal__caption"><span class="cr-deal__game">'
        f"{escape(told.title)}</span> · "
        f"{w.n_('{n} player', '{n} players', told.players)}</figcaption>"
    )
    shown_note = ""
    if (first, last) != (1, total):
        shown_note = (f'<p class="cr-note">'
                      f'{w._("Tricks {a}–{b} of {total} shown.", a=first, b=last, total=total)}'
                      "</p>")
    record_attr = f' data-record="{escape(source)}"' if source is not None else ""
    per_trick = len(game.rules.turn_order(0))
    auction_html = renderer.auction(after, summary) if has_auction else ""
    play_html = ""
    if total or items:
        play_html = (f'<div class="cr-deal__play"><p class="cr-heading">{w._("Tricks")}'
                     f'</p>{shown_note}<ol class="cr-tricks">{"".join(items)}</ol></div>')
    return (
        f'<figure class="cr-deal" data-game="{escape(told.game)}" '
        f'data-players="{told.players}" data-lang="{language}"{record_attr} '
        f'style="--cr-cards: {per_trick}">'
        f"{caption}{renderer.setup(steps[0], open_hands)}"
        f"{renderer.note(0, notes[0], 'p') if 0 in notes else ''}"
        f"{auction_html}{play_html}"
        f"{renderer.score(told.score_table)}</figure>"
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
    from ..core.cards import parse_cards
    from ..core.packs import PACKS

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
    from ..core.errors import CardCodeError
    from ..core.packs import PACKS

    language = known(lang)
    pack = PACKS[block.pack]
    cards = [c for c in pack.cards] if not block.cards else []
    for code in block.cards:
        card = next((c for c in pack.cards if c.code == code), None)
        if card is None:
            raise CardCodeError("{code} is not in the {pack} pack", code=code, pack=pack.id)
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
