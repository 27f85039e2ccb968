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

from ..account.narration import ONLOOKER, Narrator
from ..core.actions import Deal, Masked, Move, format_action
from ..core.cards import Card, Suit
from ..core.errors import Lang
from ..core.labels import PlayLabel
from ..engine import Game, Result, Sides, Step
from ..games.auction import Auction
from ..record import load_record, notes_of, replay

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
# narration (cardrules.account.narration.Narrator).

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
        "trump_call": "No trumps until the call: then {suit}",
        "trump_named": "No trumps until the auction's winner names them: {suit}",
        "trump_later": "No trumps yet; later, {suit}",
        "talon": "Talon, face down",
        "aside": "{n} cards aside",
        "auction": "Auction",
        "round": "Round",
        "pass": "pass",
        "talon_up": "The talon",
        "tricks": "Tricks",
        "trick": "Trick {n}",
        "shown": "Tricks {a}–{b} of {total} shown.",
        "score": "Score",
        "players_col": "Players",
        "points_col": "Points",
        "tricks_col": "Tricks",
        "game_col": "Deal score",
        "cards_col": "Cards won",
        "total_col": "Points",
        "part_discard": "Discards",
        "part_declare": "Marriages",
        "part_last": "Last trick",
        "part_end": "At the end",
        "part_other": "Other",
        "hidden_part": "not shown: only its owner sees it",
        "mano": "mano",
        "note": "Note",
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
        "trump_call": "Sin triunfo hasta la llamada: luego, {suit}",
        "trump_named": "Sin triunfo hasta que lo elige quien gana la subasta: {suit}",
        "trump_later": "Aún sin triunfo; más adelante, {suit}",
        "talon": "Talón, boca abajo",
        "aside": "{n} cartas apartadas",
        "auction": "Subasta",
        "round": "Vuelta",
        "pass": "paso",
        "talon_up": "El talón",
        "tricks": "Bazas",
        "trick": "Baza {n}",
        "shown": "Se muestran las bazas {a}–{b} de {total}.",
        "score": "Tanteo",
        "players_col": "Jugadores",
        "points_col": "Puntos",
        "tricks_col": "Bazas",
        "game_col": "Tantos de la mano",
        "cards_col": "Cartas ganadas",
        "total_col": "Puntos",
        "part_discard": "Descartes",
        "part_declare": "Cantes",
        "part_last": "Diez de últimas",
        "part_end": "Al final",
        "part_other": "Otros",
        "hidden_part": "oculto: solo lo ve su dueño",
        "mano": "mano",
        "note": "Nota",
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
    from ..learn import glossary  # the glossary data is only read when a diagram needs it

    language = _lang(lang)
    titles = {}
    for term_id in [label.value for label in PlayLabel] + ["mano"]:
        term = glossary.get(term_id)
        text = f"{term.gloss[language]}: {term.definition[language]}"
        titles[term_id] = text.replace("*", "")
    return titles


def point_parts(step: Step) -> dict[str, list[int]]:
    """Where the points a step gave each seat came from, by kind: ``"cards"`` (the card
    points of the trick it completed, to the trick's winner), a move's keyword (``"discard"``:
    cards put on one's own pile; ``"declare"``: a marriage...), ``"last"`` (what the end of the
    deal gave the winner of the last trick, and only him: the last trick's bonus), ``"end"``
    (anything else the end of the deal gave) or ``"other"``. Read from the step's states only.

    Examples:
        >>> import json
        >>> from cardrules import replay
        >>> steps = list(replay(json.load(open("examples/rematada-3p.json"))).steps())
        >>> point_parts(steps[18]), point_parts(steps[-1])
        ({'discard': [10, 0, 0]}, {'cards': [25, 0, 0], 'last': [10, 0, 0]})
    """
    delta = [a - b for a, b in zip(step.after.points, step.before.points, strict=True)]
    parts: dict[str, list[int]] = {}
    if not any(delta):
        return parts

    def add(kind: str, seat: int, points: int) -> None:
        parts.setdefault(kind, [0] * len(delta))[seat] += points
        delta[seat] -= points

    trick = step.trick
    if trick is not None and trick.winner is not None and trick.points:
        add("cards", trick.winner, trick.points)
    if not any(delta):
        return parts
    action = step.action
    if isinstance(action, Move) and not isinstance(action, Deal):
        kind = action.keyword
    elif step.after.result is not None and step.before.result is None:
        tricks = step.after.tricks
        last = tricks[-1].winner if tricks else None
        only_last = last is not None and all(d == 0 for s, d in enumerate(delta) if s != last)
        kind = "last" if only_last else "end"
    else:
        kind = "other"
    for seat, points in enumerate(list(delta)):
        if points:
            add(kind, seat, points)
    return parts


def trump_source(steps: Sequence[Step]) -> str | None:
    """The keyword of the move that set trumps after the deal (``"call"``, ``"trump"``...), or
    ``None`` when trumps were set at the deal or never."""
    for step in steps[1:]:
        if step.before.trump is None and step.after.trump is not None:
            action = step.action
            return action.keyword if isinstance(action, Move) else ""
    return None


def auction_rounds(auction: Auction, players: int) -> list[list[int | bool | None]]:
    """An auction as a table of rounds, one row per time round the table, one cell per seat:
    the seat's bid, ``None`` for a pass, ``False`` where the seat did not speak (it had
    passed, or the auction was over).

    Examples:
        >>> auction_rounds(Auction(((0, 100), (1, None), (2, 101), (0, None))), 3)
        [[100, None, 101], [None, False, False]]
    """
    rows: list[list[int | bool | None]] = []
    spoken = [0] * players
    for seat, bid in auction.calls:
        n = spoken[seat]
        spoken[seat] += 1
        while len(rows) <= n:
            rows.append([False] * players)
        rows[n][seat] = bid
    return rows


def plays_on_own(roles: Sequence[str], sides: Sides) -> bool:
    """Whether the deal's score is by seat: no sides (a void deal), or a contract whose sides
    count only for the contract (seats with no part in it play each on their own: see
    :meth:`Narrator.roles <cardrules.account.narration.Narrator.roles>`)."""
    return not sides or (any(roles) and not all(roles))


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
        # The seats' parts in a contract (caller, partner, declarer...), shown instead of side
        # numbers; a seat with none plays on its own and shows no side colour.
        self.roles = narrator.roles(game.details, sides)
        self.by_seat = plays_on_own(self.roles, sides)
        self.side_of = {seat: i for i, side in enumerate(sides) for seat in side
                        if not any(self.roles) or self.roles[seat]}
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
        if any(self.roles):
            if self.roles[seat]:
                parts.append(self.roles[seat])
        elif len(self.sides) < self.rules.players and seat in self.side_of:
            parts.append(self.t["side"].format(n=self.side_of[seat] + 1))
        if seat == self.rules.players - 1:
            parts.append(self.t["dealer"])
        return " · ".join(parts)

    # Parts of the diagram -----------------------------------------------------------------
    def trump_line(self, trump: Suit | None, later: Suit | None, source: str | None) -> str:
        """The trumps at the deal, or what will make them (a call, the declarer's choice)."""
        if trump is not None:
            suit = escape(self.words.suit(trump))
            return (f'<p class="cr-trump" data-trump="{trump.value}">'
                    f'{self.t["trump"].format(suit=suit)}</p>')
        if later is None or source is None:
            return f'<p class="cr-trump" data-trump="">{self.t["no_trump"]}</p>'
        key = {"call": "trump_call", "trump": "trump_named"}.get(source, "trump_later")
        text = self.t[key].format(suit=escape(self.words.suit(later)))
        return (f'<p class="cr-trump cr-trump--later" data-trump="" '
                f'data-later="{later.value}">{text}</p>')

    def setup(self, step: Step, open_hands: bool, later: Suit | None,
              source: str | None) -> str:
        deal = step.action
        assert isinstance(deal, Deal)
        seats = []
        for seat, hand in enumerate(deal.hands):
            cards = "".join(self.card(c) for c in hand) if open_hands else self.back() * len(hand)
            role = f' data-role="{escape(self.roles[seat])}"' if any(self.roles) else ""
            seats.append(
                f'<div class="cr-seat{self.side_class(seat)}" data-seat="{seat}"{role}>'
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
        info = []
        if dealt.turn_up is not None:
            turned = dealt.turn_up
            info.append(
                f'<div class="cr-turnup" data-card="{turned.code}">{self.card(turned)}'
                f'<span class="cr-turnup__label">{self.t["turn_up"]}</span></div>'
            )
        info.append(self.trump_line(dealt.trump, later, source))
        if deal.talon:  # face down at the deal, whatever the view
            info.append(
                f'<div class="cr-talon" data-cards="{len(deal.talon)}">'
                f'<div class="cr-talon__cards">{self.back() * len(deal.talon)}</div>'
                f'<span class="cr-talon__label">{self.t["talon"]}</span></div>'
            )
        if dealt.turn_up is None and deal.stock:
            info.append(f'<p class="cr-note">{self.t["aside"].format(n=len(deal.stock))}</p>')
        table.append(f'<div class="cr-deal__trump">{"".join(info)}</div>')
        return f'<div class="cr-deal__setup">{"".join(table)}</div>'

    def move(self, step: Step) -> str:
        """A step that is not a card play (an exchange, a declaration, a discard...), or ``""``
        when the narration says nothing of it to this diagram's viewer. A move with a card
        shows it (a card the viewer may not see, as a card back)."""
        text = self.words.action(step)
        if not text:
            return ""
        seen = self.words.seen(step)
        card = getattr(seen, "card", None)
        if isinstance(card, Card):
            picture = self.card(card, "cr-card cr-card--small")
        elif isinstance(seen, Masked) and seen.hides_card:
            picture = self.back().replace("cr-card cr-card--back", "cr-card cr-card--back "
                                          "cr-card--small")
        else:
            picture = ""
        return (
            f'<li class="cr-move" data-seat="{step.seat}" '
            f'data-action="{escape(format_action(seen))}">{picture}{escape(text)}</li>'
        )

    def note(self, step: int, text: str, tag: str = "li") -> str:
        """A note of the record's on a step (escaped: a note is arbitrary text)."""
        return (f'<{tag} class="cr-comment" data-step="{step}" lang="{self.lang}">'
                f'<span class="cr-comment__label">{self.t["note"]}</span> '
                f'<span class="cr-comment__text">{escape(text)}</span></{tag}>')

    def news(self, lines: Sequence[str]) -> str:
        """What a step led to (the auction won, the sides learnt), one item per sentence."""
        return "".join(f'<li class="cr-news">{escape(line)}</li>' for line in lines)

    def talon(self, step: Step, said: str) -> str:
        """The talon face up, as everyone saw it, and who took it."""
        cards = "".join(self.card(c, "cr-card cr-card--small") for c in step.before.talon)
        return (f'<li class="cr-news cr-talon-shown" data-cards="'
                f'{" ".join(c.code for c in step.before.talon)}">'
                f'<span class="cr-talon__cards">{cards}</span>{escape(said)}</li>')

    def auction(self, auction: Auction, after: Sequence[str], summary: bool) -> str:
        """The auction as a table of rounds (seat by seat: the bid, or a pass), with what
        followed it; ``summary``: only what came of it (a diagram of later tricks)."""
        head = f'<p class="cr-heading">{self.t["auction"]}</p>'
        if summary:
            return (f'<div class="cr-deal__auction cr-deal__auction--summary">{head}'
                    f'<ul class="cr-after">{"".join(after)}</ul></div>')
        players = self.rules.players
        names = "".join(f'<th scope="col" data-seat="{s}">{self.name(s)}</th>'
                        for s in range(players))
        rows = []
        high_row = None
        if auction.high_seat is not None:
            high_row = sum(1 for seat, _ in auction.calls if seat == auction.high_seat) - 1
            # the winner's last call is his bid unless he passed after it (he cannot)
        for n, row in enumerate(auction_rounds(auction, players)):
            cells = []
            for seat, call in enumerate(row):
                if call is False:
                    cells.append(f'<td data-seat="{seat}"></td>')
                elif call is None:
                    cells.append(f'<td class="cr-auction__pass" data-seat="{seat}" '
                                 f'data-bid="pass">{self.t["pass"]}</td>')
                else:
                    high = (" cr-auction__high" if seat == auction.high_seat and n == high_row
                            else "")
                    cells.append(f'<td class="cr-auction__bid{high}" data-seat="{seat}" '
                                 f'data-bid="{call}">{call}</td>')
            rows.append(f'<tr><th scope="row">{n + 1}</th>{"".join(cells)}</tr>')
        table = (f'<table class="cr-auction"><thead><tr><th scope="col">{self.t["round"]}</th>'
                 f'{names}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
        followed = "".join(after)
        listed = f'<ul class="cr-after">{followed}</ul>' if followed else ""
        return f'<div class="cr-deal__auction">{head}{table}{listed}</div>'

    def trick(self, step: Step, labels: Sequence[str | None], news: Sequence[str] = (),
              notes: Sequence[str] = ()) -> str:
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
        told = "".join(f'<p class="cr-trick__news">{escape(line)}</p>' for line in news)
        number = trick.number + 1
        return (
            f'<li class="cr-trick" data-trick="{number}" data-leader="{leader}" '
            f'data-winner="{"" if winner is None else winner}" data-points="{trick.points}">'
            f'<div class="cr-trick__head"><span class="cr-trick__number">'
            f'{self.t["trick"].format(n=number)}</span>'
            f'<span class="cr-trick__lead">{lead} ({mano})</span></div>'
            f'<ol class="cr-plays">{"".join(plays)}</ol>{told}'
            f'<div class="cr-trick__result">{result}</div>{"".join(notes)}</li>'
        )

    def score(self, result: Result, parts: Mapping[str, Sequence[int]],
              hidden: Mapping[str, set[int]]) -> str:
        """The score: by side, or by seat with what the points are made of (``parts``: by
        kind, see :func:`point_parts`; ``hidden``: the seats whose part of a kind this
        diagram's viewer may not see)."""
        verdict = escape(self.words.outcome(result))
        reason = self.words.end(result)
        reason_html = f' <span class="cr-score__reason">{escape(reason)}</span>' if reason else ""
        scored = self.words.game_points(result)
        scored_html = f'<p class="cr-note cr-score__game">{escape(scored)}</p>' if scored else ""
        winner_attr = "" if result.winner is None else str(result.winner)
        table = self.seat_table(result, parts, hidden) if self.by_seat else self.side_table(result)
        return (
            f'<div class="cr-score" data-winner="{winner_attr}">'
            f'<p class="cr-heading">{self.t["score"]}</p>{table}'
            f'<p class="cr-score__winner">{verdict}{reason_html}</p>{scored_html}</div>'
        )

    def side_table(self, result: Result) -> str:
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
        return (f'<table><thead><tr><th>{self.t["players_col"]}</th><th>{head}</th>{game_head}'
                f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")

    def seat_table(self, result: Result, parts: Mapping[str, Sequence[int]],
                   hidden: Mapping[str, set[int]]) -> str:
        """One row per seat: its card points, each extra (discards, marriages, the last
        trick...), and its total; a part the viewer may not see shows as "?"."""
        kinds = [k for k in parts if k != "cards"]
        extra = bool(kinds)
        heads = [f"<th>{self.t['players_col']}</th>"]
        if extra:
            heads.append(f'<th data-part="cards">{self.t["cards_col"]}</th>')
            for kind in kinds:
                label = self.t.get(f"part_{kind}", self.t["part_other"])
                heads.append(f'<th data-part="{escape(kind)}">{label}</th>')
        heads.append(f'<th>{self.t["total_col"] if extra else self.t["points_col"]}</th>')
        winners = set(result.sides[result.winner]) if result.winner is not None else set()
        rows = []
        for seat in range(self.rules.players):
            cells = [f"<td>{self.name(seat)}</td>"]
            if extra:
                cards = parts.get("cards", [0] * self.rules.players)[seat]
                cells.append(f'<td data-part="cards">{cards}</td>')
                for kind in kinds:
                    if seat in hidden.get(kind, set()):
                        cells.append(f'<td data-part="{escape(kind)}" class="cr-score__hidden" '
                                     f'title="{self.t["hidden_part"]}">?</td>')
                    else:
                        cells.append(f'<td data-part="{escape(kind)}">{parts[kind][seat]}</td>')
            cells.append(f"<td>{result.points[seat]}</td>")
            css = (self.side_class(seat) + (" cr-score--winner" if seat in winners else "")).strip()
            attr = f' class="{css}"' if css else ""
            rows.append(f'<tr{attr} data-seat="{seat}" '
                        f'data-points="{result.points[seat]}">{"".join(cells)}</tr>')
        return (f'<table data-by="seat"><thead><tr>{"".join(heads)}</tr></thead>'
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

    The diagram draws the deal's steps (:meth:`Game.steps <cardrules.engine.Game.steps>`) and
    takes every sentence from :class:`~cardrules.account.narration.Narrator`: with the hands shown
    it
    tells everything (a discard names its card, the holder of a called card is named at the
    call); with the hands hidden it tells what an onlooker sees
    (:data:`~cardrules.account.narration.ONLOOKER`: a discard is "a card", a hidden partner is named
    when the table learns it).

    In a game with an auction, the auction comes under its own heading, as a table of rounds,
    with what followed it before the first trick (the call, the talon shown and taken, the
    discards, the trumps). A diagram that starts at a later trick shows only what came of the
    auction.

    Args:
        record: the deal record, as a mapping or JSON text; it must describe a finished deal.
        lang: ``"en"`` or ``"es"``: the language of every word in the diagram.
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
    language = _lang(lang)
    if definitions is None:
        definitions = glossary_titles(language)
    data = load_record(record)
    game = replay(data)
    # The notes tell the open account: a diagram with hidden hands leaves them out.
    notes = {step: pair[0 if language == "en" else 1] for step, pair in notes_of(data).items()
             if open_hands}
    if not game.is_over or game.result is None:
        raise ValueError("a deal diagram needs a finished deal")
    result = game.result
    steps = list(game.steps())
    total = sum(1 for step in steps if step.trick is not None)
    first, last = tricks if tricks is not None else (1, total)
    if tricks is not None and not 1 <= first <= last <= total:
        raise ValueError(f"tricks {first}-{last}: the deal has {total} tricks")
    viewer = None if open_hands else ONLOOKER
    narrator = Narrator(game.rules, game.names, language, viewer=viewer)
    renderer = _Renderer(game, narrator, result.sides, base_url_to_site_root, definitions)
    final = steps[-1].after

    # In a game with an auction, everything before the first card played comes under the
    # auction's heading; the moves after it (exchanges, declarations...) stand between the
    # tricks, where they were made.
    auction = getattr(final.details, "auction", None)
    has_auction = isinstance(auction, Auction) and bool(auction.calls)
    opening = 0  # the first step with a card played, in a game with an auction
    if has_auction:
        opening = next((i for i, step in enumerate(steps) if step.played is not None),
                       len(steps))
    after: list[str] = []  # what followed the auction, before the play
    items: list[str] = []
    done = 0
    labels: list[str | None] = []  # the labels of the plays of the trick being played
    trick_news: list[str] = []  # what the plays of that trick led to
    trick_notes: list[int] = []  # the steps of that trick's plays that have a note
    parts: dict[str, list[int]] = {}
    hidden: dict[str, set[int]] = {}
    summary = has_auction and first > 1
    for index, step in enumerate(steps[1:], start=1):
        previous = steps[index - 1]
        for kind, points in point_parts(step).items():
            total_points = parts.setdefault(kind, [0] * game.players)
            for seat, n in enumerate(points):
                total_points[seat] += n
        seen = narrator.seen(step)
        if isinstance(seen, Masked) and seen.hides_card and isinstance(step.action, Move):
            hidden.setdefault(step.action.keyword, set()).add(step.seat)
        news = narrator.news(step, previous)
        if index < opening:
            talon = narrator.talon(step)
            if summary:  # only what came of the auction: who won it, the talon, trumps
                said = list(news)
                if isinstance(step.action, Move) and step.after.trump != step.before.trump:
                    said.insert(0, narrator.action(step))
                after.append(renderer.news(said))
                continue
            said = [line for line in news if line != talon]
            if isinstance(step.action, Move) and step.action.keyword not in ("bid", "pass"):
                after.append(renderer.move(step))
            after.append(renderer.news(said))
            if talon:
                after.append(renderer.talon(step, talon))
            if index in notes:  # after the auction table's own step: a bid, a call...
                after.append(renderer.note(index, notes[index]))
            continue
        if step.played is not None:
            labels.append(step.label.value if step.label is not None else None)
            trick_news.extend(news)
            if index in notes:
                trick_notes.append(index)
        shown = first <= done + 1 <= last or done == last == total
        if isinstance(step.action, Move) and shown:
            items.append(renderer.move(step))
            if step.played is None:
                items.append(renderer.news(news))
        if step.played is None and shown and index in notes:
            items.append(renderer.note(index, notes[index]))
        if step.trick is not None:
            if first <= done + 1 <= last:
                items.append(renderer.trick(step, labels, trick_news,
                                            [renderer.note(i, notes[i], "p") for i in trick_notes]))
            labels = []
            trick_news = []
            trick_notes = []
            done += 1
    if first <= done + 1 <= last:  # plays of a trick the deal ended before it was finished
        items.extend(renderer.note(i, notes[i]) for i in trick_notes)
    game_title = game.rules.title.get(language, game.rules.id)
    caption = (
        f'<figcaption class="cr-deal__caption"><span class="cr-deal__game">'
        f"{escape(game_title)}</span> · {renderer.t['players'].format(n=game.rules.players)}"
        "</figcaption>"
    )
    shown_note = ""
    if (first, last) != (1, total):
        shown_note = (f'<p class="cr-note">'
                      f'{renderer.t["shown"].format(a=first, b=last, total=total)}</p>')
    record_attr = f' data-record="{escape(source)}"' if source is not None else ""
    per_trick = len(game.rules.turn_order(0))
    auction_html = ""
    if has_auction:
        assert isinstance(auction, Auction)
        auction_html = renderer.auction(auction, after, summary)
    play_html = ""
    if total or items:
        play_html = (f'<div class="cr-deal__play"><p class="cr-heading">{renderer.t["tricks"]}'
                     f'</p>{shown_note}<ol class="cr-tricks">{"".join(items)}</ol></div>')
    return (
        f'<figure class="cr-deal" data-game="{escape(game.rules.id)}" '
        f'data-players="{game.rules.players}" data-lang="{language}"{record_attr} '
        f'style="--cr-cards: {per_trick}">'
        f"{caption}{renderer.setup(steps[0], open_hands, final.trump, trump_source(steps))}"
        f"{renderer.note(0, notes[0], 'p') if 0 in notes else ''}"
        f"{auction_html}{play_html}"
        f"{renderer.score(result, parts, hidden)}</figure>"
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
