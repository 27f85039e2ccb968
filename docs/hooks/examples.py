"""MkDocs hook: worked examples drawn as cards, from the very code that Sybil runs.

A game page shows each worked example twice: drawn (the trick or the position as card pictures)
and, in a tab or a fold next to it, as the Python that makes it, which Sybil runs under pytest
(``docs/conftest.py``). The drawing is made at build time by running that same Python: this hook
runs a page's ```` ```python ```` and ```` ```pycon ```` fences in page order, in one namespace
(as Sybil does), and replaces each ```` ```draw ```` fence with a picture of what the **next**
Python fence of the page has built::

    === "At the table"

        ```draw
        show: trick
        ```

    === "In Python"

        ```python
        game = start(["4C 10B", "5C 10E"], turn_up="6O")
        play(game, "4C 5C")
        ```

A ``draw`` block is a few ``key: value`` lines, all optional:

``show``
    ``trick`` (default): one finished trick, its cards in order of play with who played them,
    the name of each play (a glossary link: *fallar*, *pisar*...), the winner marked and the
    narrator's sentence (who took it, for how many points).
    ``table``: the position: every hand (``hands``), the turned-up card and the stock, the trick
    being played, and who is to play; with ``legal: true``, the cards that player may play stand
    out and the others are dimmed, and any other move he may make is listed (``legal: 1``: the
    same for seat 1, which may act out of turn, as when exchanging the turned-up card).
    ``deal``: a whole finished deal (:func:`cardrules.render.diagram.render_deal`; ``tricks: 2-4``,
    ``open: false``).
    ``cards``: a row of cards (``cards``), each with an optional note (``notes``).
    ``score``: the result of a finished deal: each side's points and the verdict.
    ``auction``: the auction so far, as a table of rounds (each seat's bid or pass, the winning
    bid marked), then what followed it before the first card, in the narrator's words: the
    auction won, the talon shown (with its cards), the discards, the call and the sides it
    made, the trumps named.
``game``
    The Python expression of the game to draw (default ``game``).
``trick``
    ``show: trick``: which finished trick, counted from 1 (default: the last one).
``hands``
    ``show: table``: ``all`` (default), ``none`` or the seats whose hands are shown face up (the
    others face down).
``cards``, ``notes``
    ``show: cards``: Python expressions giving the cards (``Card`` objects or codes) and, if
    wanted, one short text per card; ``game`` may then name a game or its ``Rules``, whose pack
    gives the cards their look (default: the Spanish pack).
``caption``
    A sentence under the drawing, in the page's language.

Players are shown by their names (a game nobody named is played by Ana, Bruno...: see
:mod:`cardrules.core.players`), never by seat numbers. Every word comes from
:class:`cardrules.account.narration.Narrator` or from the catalogue of words
(:mod:`cardrules.words`), in the build's language, and every piece of text is HTML-escaped.
Card pictures are those ``docs/hooks/deals.py`` puts at ``assets/cards/<style>/<code>.svg``.

The hook also adds its stylesheet (``docs/assets/rulebook.css``: the drawings, the header box of
the game pages) to the build. A page without ``draw`` blocks runs no code. A failing example, an
unknown key or a drawing of something that is not there fails the build with the page, the line
and the reason.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import itertools
import os
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from _shared import (
    Block,
    Placer,
    asset,
    build_language,
    find_blocks,
    project_root,
    run_first_index,
    to_site_root,
)
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from cardrules.account.deal import account
from cardrules.account.narration import Narrator
from cardrules.core.actions import Move, Trick
from cardrules.core.cards import Card, parse_card
from cardrules.core.packs import SPANISH_48, Pack
from cardrules.engine import Game, Rules
from cardrules.render.diagram import (
    CARD_DIR,
    GLOSSARY_PAGE,
    auction_rounds,
    glossary_titles,
    render_deal,
    term_language,
)
from cardrules.words import Lang, words

STYLESHEET = "rulebook.css"
"""The stylesheet, ``docs/assets/rulebook.css``: at ``assets/rulebook.css`` in the site
(``mkdocs.yml`` lists it in ``extra_css``)."""

BLOCKS = ("python", "pycon", "draw")
"""The info strings of the blocks this hook reads: the examples and the drawings."""

_KEYS = ("show", "game", "trick", "hands", "legal", "cards", "notes", "caption", "tricks", "open")
_SHOWS = ("trick", "table", "deal", "cards", "score", "auction")


# Reading a page -------------------------------------------------------------------------------
def parse_draw(body: str) -> dict[str, str]:
    """The settings of a ``draw`` block (``key: value`` lines).

    Raises:
        ValueError: an unknown key, or an unknown ``show``.
    """
    settings: dict[str, str] = {}
    for line in body.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = (part.strip() for part in line.partition(":"))
        if not sep or key not in _KEYS:
            raise ValueError(f"expected one of {', '.join(_KEYS)} (key: value), got {line!r}")
        settings[key] = value
    show = settings.setdefault("show", "trick")
    if show not in _SHOWS:
        raise ValueError(f"show: expected one of {', '.join(_SHOWS)}, got {show!r}")
    return settings


def _run(block: Block, namespace: dict[str, Any], where: str) -> None:
    """Run a Python fence (as a script) or a pycon fence (each ``>>>`` example, output
    ignored) in the page's namespace."""
    if block.info == "python":
        code = compile(block.body, where, "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)  # the rulebook's own examples
        return
    for example in doctest.DocTestParser().get_examples(block.body, where):
        code = compile(example.source, where, "single")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)


# Drawing --------------------------------------------------------------------------------------
class Drawer:
    """The HTML of a drawing, in one language, for a page at ``base`` from the site root."""

    def __init__(self, lang: Lang, base: str, definitions: dict[str, str]) -> None:
        self.lang = lang
        self.w = words(lang)
        self.base = base
        self.definitions = definitions

    def names(self, game: Game) -> tuple[str, ...]:
        return tuple(game.names)

    def narrator(self, game: Game) -> Narrator:
        return Narrator(game.rules, self.names(game), self.lang)

    def card(self, game: Game | Pack | None, card: Card, css: str = "") -> str:
        pack = game.rules.pack if isinstance(game, Game) else game or SPANISH_48
        style = pack.face.style
        name = pack.card_name(card, self.lang)
        src = f"{self.base}{CARD_DIR}/{style}/{card.code}.svg"
        klass = f"cr-ex__card {css}".strip()
        return (f'<img class="{klass}" src="{escape(src)}" alt="{escape(card.code)}" '
                f'title="{escape(name)}" width="120" height="180" loading="lazy">')

    def back(self, game: Game) -> str:
        src = f"{self.base}{CARD_DIR}/{game.rules.pack.face.style}/back.svg"
        return (f'<img class="cr-ex__card cr-ex__card--back" src="{escape(src)}" alt="" '
                'width="120" height="180" loading="lazy">')

    def label(self, term: str) -> str:
        href = f"{self.base}{GLOSSARY_PAGE}#{term}"
        title = self.definitions.get(term)
        title_attr = f' title="{escape(title)}"' if title else ""
        word = escape(term)
        spoken = term_language(term)
        if spoken is not None and spoken != self.lang:  # said as it is said (WCAG 3.1.2)
            word = f'<i lang="{spoken}">{word}</i>'
        return (f'<a class="cr-ex__label" href="{escape(href)}"{title_attr} '
                f'data-label="{escape(term)}">{word}</a>')

    @staticmethod
    def side_of(game: Game, seat: int) -> int | None:
        sides = game.sides
        if not sides or all(len(side) == 1 for side in sides):
            return None
        return next((i for i, side in enumerate(sides) if seat in side), None)

    def side_class(self, game: Game, seat: int) -> str:
        side = self.side_of(game, seat)
        return "" if side is None else f" cr-ex--side-{side}"

    def figure(self, kind: str, inner: str, caption: str | None) -> str:
        cap = f'<figcaption class="cr-ex__caption">{escape(caption)}</figcaption>' if caption \
            else ""
        return f'<figure class="cr-ex cr-ex--{kind}" lang="{self.lang}">{inner}{cap}</figure>'

    def columns(self) -> dict[str, str]:
        """The headings of the score tables' columns."""
        w = self.w
        return {
            "players": w.p_("score column", "Players"),
            "card points": w.p_("score column", "Card points"),
            "points": w.p_("score column", "Points"),
            "tricks": w.p_("score column", "Tricks"),
            "game points": w.p_("score column", "Game points"),
        }

    def trump_line(self, game: Game, turn_up: Card | None, stock: int | None) -> str:
        words = self.narrator(game)
        parts = []
        if turn_up is not None:
            note = escape(self.w._("turned up"))
            parts.append(f'<span class="cr-ex__turnup">{self.card(game, turn_up)}'
                         f'<span class="cr-ex__small">{note}</span></span>')
        trump = game.trump
        w = self.w
        text = w._("Trumps: {suit}", suit=words.suit(trump)) if trump is not None \
            else w._("No trumps")
        if stock and not any(game.rules.draw_counts):  # nobody draws them (Aluette)
            text += " · " + w.n_("{n} card left over", "{n} cards left over", stock)
        elif stock:
            text += " · " + w.n_("{n} card in the stock", "{n} cards in the stock", stock)
        elif stock == 0 and turn_up is not None:
            text += " · " + w._("the stock is used up")
        parts.append(f'<span class="cr-ex__trumps">{escape(text)}</span>')
        return f'<div class="cr-ex__table">{"".join(parts)}</div>'

    def plays(self, game: Game, plays: Sequence[tuple[int, Card, str | None]],
              winner_index: int | None) -> str:
        names = self.names(game)
        items = []
        for i, (seat, card, label) in enumerate(plays):
            css = "cr-ex__play" + self.side_class(game, seat)
            if i == winner_index:
                css += " cr-ex__play--winner"
            tag = self.label(label) if label else '<span class="cr-ex__nolabel"></span>'
            items.append(f'<li class="{css}" data-seat="{seat}" data-card="{card.code}">'
                         f'<span class="cr-ex__who">{escape(names[seat])}</span>'
                         f"{self.card(game, card)}{tag}</li>")
        return f'<ol class="cr-ex__plays">{"".join(items)}</ol>'

    # The drawings ---------------------------------------------------------------------------
    def trick(self, game: Game, number: str | None, caption: str | None) -> str:
        """A finished trick of ``game``."""
        finished: list[tuple[Trick, list[str | None]]] = []
        labels: list[str | None] = []
        for step in game.steps():
            if step.played is not None:
                labels.append(step.label.value if step.label is not None else None)
            if step.trick is not None:
                finished.append((step.trick, labels))
                labels = []
        if not finished:
            raise ValueError("show: trick, but no trick has been finished")
        if number in (None, "", "last"):
            index = len(finished) - 1
        else:
            index = int(str(number)) - 1
            if not 0 <= index < len(finished):
                raise ValueError(f"trick: {number}, but {len(finished)} tricks were played")
        trick, trick_labels = finished[index]
        plays = [(seat, card, label)
                 for (seat, card), label in zip(trick.plays, trick_labels, strict=True)]
        winner_index = None
        if trick.winner is not None and trick.cards:
            winner_index = game.rules.trick_winner(trick.cards, trick.trump)
        words = self.narrator(game)
        trumps = (self.w._("Trumps: {suit}", suit=words.suit(trick.trump))
                  if trick.trump is not None else self.w._("No trumps"))
        lead = words.leads(trick.leader)
        head = (f'<div class="cr-ex__head"><span>{escape(lead)}</span>'
                f'<span class="cr-ex__trumps">{escape(trumps)}</span></div>')
        result = f'<p class="cr-ex__result">{escape(words.trick(trick))}</p>'
        return self.figure("trick", head + self.plays(game, plays, winner_index) + result,
                           caption)

    def table(self, game: Game, hands: str, legal: str, caption: str | None) -> str:
        """The position: the hands, the turned-up card and the stock, the trick being played."""
        names = self.names(game)
        words = self.narrator(game)
        shown: set[int]
        if hands in ("", "all"):
            shown = set(range(game.players))
        elif hands == "none":
            shown = set()
        else:
            shown = {int(part) for part in hands.replace(",", " ").split()}
        to_act = None if game.is_over else game.current_player
        chooser = None
        if legal.lower() in ("true", "yes"):
            chooser = to_act
        elif legal.isdigit():
            chooser = int(legal)
        elif legal.lower() not in ("", "false", "no"):
            raise ValueError(f"legal: expected true, false or a seat, got {legal!r}")
        allowed: set[str] = set()
        others: list[str] = []
        if chooser is not None and not game.is_over:
            for action in game.legal_actions(chooser):
                if isinstance(action, Card):
                    allowed.add(action.code)
                elif isinstance(action, Move):
                    # The exchange's English choice reads "take the turned-up the five of
                    # coins" (its template puts "the turned-up" before a card with its article).
                    text = words.choice(action, game.turn_up, game.trump)
                    others.append(text.replace("turned-up the ", "turned-up "))
                else:
                    others.append(str(action))
        seats = []
        for seat in range(game.players):
            meta = []
            if seat == game.players - 1:
                meta.append(self.w.p_("beside a player's name", "dealer"))
            if seat == to_act:
                meta.append(self.w.p_("beside a player's name", "to play"))
            hand = game.hands[seat]
            if seat in shown:
                cards = []
                for card in hand:
                    css = ""
                    if seat == chooser:
                        css = "cr-ex__card--legal" if card.code in allowed else \
                            "cr-ex__card--dim"
                    cards.append(self.card(game, card, css))
                pictures = "".join(cards)
            else:
                pictures = self.back(game) * len(hand)
            meta_html = (f' <span class="cr-ex__meta">{escape(" · ".join(meta))}</span>'
                         if meta else "")
            active = " cr-ex__seat--active" if seat == to_act else ""
            seats.append(f'<li class="cr-ex__seat{self.side_class(game, seat)}{active}" '
                         f'data-seat="{seat}"><span class="cr-ex__who">{escape(names[seat])}'
                         f'</span>{meta_html}<span class="cr-ex__hand">{pictures}</span></li>')
        parts = [f'<ul class="cr-ex__seats">{"".join(seats)}</ul>',
                 self.trump_line(game, game.turn_up, game.stock_size)]
        current: list[tuple[int, Card, str | None]] = []
        for step in game.steps():
            if step.played is not None:
                current.append((step.seat, step.played,
                                step.label.value if step.label is not None else None))
            if step.trick is not None:
                current = []
        w = self.w
        if game.is_over:
            over = escape(w._("The deal is over."))
            parts.append(f'<p class="cr-ex__result">{over}</p>')
        elif current:
            on_table = escape(w._("On the table"))
            parts.append(f'<div class="cr-ex__trick"><span class="cr-ex__small">{on_table}</span>'
                         f"{self.plays(game, current, None)}</div>")
        if chooser is not None and not game.is_over:
            choices = [w._("play {card}", card=words.card(c))
                       for c in game.hands[chooser] if c.code in allowed]
            items = "".join(f"<li>{escape(choice)}</li>" for choice in choices + others)
            may = escape(w._("What {who} may do:", who=names[chooser]))
            parts.append(f'<div class="cr-ex__choices"><span>{may}</span><ul>{items}</ul></div>')
        return self.figure("table", "".join(parts), caption)

    def cards(self, pack: Pack | None, cards: Iterable[Any], notes: Sequence[str] | None,
              caption: str | None) -> str:
        items = []
        chosen = [card if isinstance(card, Card) else parse_card(str(card)) for card in cards]
        if notes is not None and len(notes) != len(chosen):
            raise ValueError(f"{len(chosen)} cards but {len(notes)} notes")
        for i, card in enumerate(chosen):
            note = (f'<span class="cr-ex__note">{escape(str(notes[i]))}</span>'
                    if notes is not None else "")
            items.append(f'<li class="cr-ex__play" data-card="{card.code}">'
                         f"{self.card(pack, card)}{note}</li>")
        return self.figure("cards", f'<ol class="cr-ex__plays">{"".join(items)}</ol>', caption)

    def score(self, game: Game, caption: str | None) -> str:
        result = game.result
        if result is None:
            raise ValueError("show: score, but the deal is not over")
        words = self.narrator(game)
        by_tricks = game.rules.scores_tricks
        if by_tricks:  # each player's tricks count, not the side's (Aluette)
            return self.trick_score(game, caption)
        if len(result.game_points) == game.players != len(result.sides):
            return self.seat_score(game, caption)  # game points by seat (an auction game)
        rows = []
        show_game = any(result.game_points) and (by_tricks or max(result.game_points) > 1)
        for i, side in enumerate(result.sides):
            css = f"cr-ex--side-{i}" if len(result.sides) > 1 else ""
            if result.winner == i:
                css += " cr-ex__row--winner"
            cells = [f"<td>{escape(words.side(side))}</td>",
                     f"<td>{result.side_points[i]:g}</td>"]
            if show_game:
                cells.append(f"<td>{result.game_points[i]:g}</td>")
            rows.append(f'<tr class="{css.strip()}">{"".join(cells)}</tr>')
        column = self.columns()
        heads = [column["players"], column["tricks" if by_tricks else "card points"]]
        if show_game:
            heads.append(column["game points"])
        head = "".join(f"<th>{escape(h)}</th>" for h in heads)
        verdict = words.verdict(result)
        extra = words.game_points(result)
        said = verdict + (f" {extra}" if extra else "")
        table = (f'<div class="cr-ex__scroll"><table class="cr-ex__score"><thead><tr>{head}'
                 f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
        return self.figure("score", table + f'<p class="cr-ex__result">{escape(said)}</p>',
                           caption)


    def seat_score(self, game: Game, caption: str | None) -> str:
        """The result of a game scored seat by seat (Chiamata, Rematada): each player's points,
        his side shown by its colour, and the game points he scores."""
        result = game.result
        assert result is not None
        words = self.narrator(game)
        names = self.names(game)
        rows = []
        for seat in range(game.players):
            css = self.side_class(game, seat).strip()
            side = self.side_of(game, seat)
            if side is not None and side == result.winner:
                css += " cr-ex__row--winner"
            score = result.game_points[seat]
            shown = f"{score:+g}".replace("-", "\N{MINUS SIGN}") if score else "0"
            rows.append(f'<tr class="{css.strip()}"><td>{escape(names[seat])}</td>'
                        f"<td>{result.points[seat]:g}</td><td>{escape(shown)}</td></tr>")
        column = self.columns()
        heads = [column["players"], column["points"], column["game points"]]
        head = "".join(f"<th>{escape(h)}</th>" for h in heads)
        table = (f'<div class="cr-ex__scroll"><table class="cr-ex__score"><thead><tr>{head}'
                 f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
        said = words.verdict(result)
        return self.figure("score", table + f'<p class="cr-ex__result">{escape(said)}</p>',
                           caption)

    def trick_score(self, game: Game, caption: str | None) -> str:
        """The result of a game won by one player's tricks: each player's tricks, by side."""
        result = game.result
        assert result is not None
        words = self.narrator(game)
        names = self.names(game)
        rows = []
        for seat in range(game.players):
            css = self.side_class(game, seat).strip()
            rows.append(f'<tr class="{css}"><td>{escape(names[seat])}</td>'
                        f"<td>{result.points[seat]:g}</td></tr>")
        column = self.columns()
        head = f"<th>{escape(column['players'])}</th><th>{escape(column['tricks'])}</th>"
        table = (f'<div class="cr-ex__scroll"><table class="cr-ex__score"><thead><tr>{head}'
                 f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
        return self.figure("score", table + f'<p class="cr-ex__result">'
                           f"{escape(words.verdict(result))}</p>", caption)


    def auction(self, game: Game, caption: str | None) -> str:
        """The auction of ``game`` so far, and what followed it before the first card."""
        auction = game.rules.bidding(game.details)
        if auction is None or not auction.calls:
            raise ValueError("show: auction, but the game has no auction (or nobody has bid)")
        names = self.names(game)
        words = self.narrator(game)
        high_row = None
        if auction.high_seat is not None:
            high_row = sum(1 for seat, _ in auction.calls if seat == auction.high_seat) - 1
        passed = escape(self.w.p_("auction call", "pass"))
        rows = []
        calls = account(game, self.lang).calls
        for n, row in enumerate(auction_rounds(calls, game.players)):
            cells = []
            for seat, call in enumerate(row):
                if call is False:
                    cells.append("<td></td>")
                elif call is None:
                    cells.append(f'<td class="cr-ex__pass">{passed}</td>')
                else:
                    high = seat == auction.high_seat and n == high_row
                    css = ' class="cr-ex__high"' if high else ""
                    cells.append(f"<td{css}>{call}</td>")
            rows.append(f'<tr><th scope="row">{n + 1}</th>{"".join(cells)}</tr>')
        head = "".join(f'<th scope="col">{escape(name)}</th>' for name in names)
        round_ = escape(self.w.p_("auction column", "Round"))
        table = (f'<div class="cr-ex__scroll"><table class="cr-ex__auction"><thead><tr>'
                 f'<th scope="col">{round_}</th>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table></div>')
        items: list[str] = []
        steps = list(game.steps())
        talon = game.dealt.talon if game.dealt is not None else ()
        for previous, step in itertools.pairwise(steps):
            if step.played is not None:
                break
            said: list[str] = []
            pictures = ""
            action = step.action
            if isinstance(action, Move) and action.keyword not in ("bid", "pass"):
                said.append(words.action(step))
                card = getattr(action, "card", None)
                if isinstance(card, Card):
                    pictures = self.card(game, card)
            news = words.news(step, previous)
            said.extend(news)
            if talon and words.talon(step):
                pictures += "".join(self.card(game, card) for card in talon)
            if said:
                cards = f'<span class="cr-ex__hand">{pictures}</span>' if pictures else ""
                text = " ".join(escape(line) for line in said)
                items.append(f"<li>{cards}<span>{text}</span></li>")
        after = f'<ul class="cr-ex__after">{"".join(items)}</ul>' if items else ""
        return self.figure("auction", table + after, caption)


def draw(settings: dict[str, str], namespace: dict[str, Any], drawer: Drawer) -> str:
    """The HTML of one ``draw`` block, from the page's namespace."""

    def value(expression: str) -> Any:
        return eval(expression, namespace)  # the rulebook's own expressions

    show = settings["show"]
    caption = settings.get("caption") or None
    game_expr = settings.get("game", "game")
    if show == "cards":
        owner = value(game_expr) if "game" in settings else None
        pack = (owner.rules.pack if isinstance(owner, Game) else
                owner.pack if isinstance(owner, Rules) else None)
        if "cards" not in settings:
            raise ValueError("show: cards needs a 'cards:' expression")
        cards = value(settings["cards"])
        if isinstance(cards, str):
            cards = cards.split()
        notes = [str(n) for n in value(settings["notes"])] if "notes" in settings else None
        return drawer.cards(pack, cards, notes, caption)
    game = value(game_expr)
    if not isinstance(game, Game):
        raise ValueError(f"game: {game_expr!r} is not a game but {type(game).__name__}")
    if show == "trick":
        return drawer.trick(game, settings.get("trick"), caption)
    if show == "table":
        return drawer.table(game, settings.get("hands", "all"), settings.get("legal", ""), caption)
    if show == "score":
        return drawer.score(game, caption)
    if show == "auction":
        return drawer.auction(game, caption)
    # show: deal
    tricks = None
    if settings.get("tricks"):
        first, _, last = settings["tricks"].partition("-")
        tricks = (int(first), int(last or first))
    open_hands = settings.get("open", "true").lower() not in ("false", "no")
    html = render_deal(game.to_record(), drawer.lang, base_url_to_site_root=drawer.base,
                       tricks=tricks, open_hands=open_hands)
    if caption:
        html = html.replace("</figure>", f'<p class="cr-ex__caption">{escape(caption)}</p>'
                            "</figure>", 1)
    return html


# MkDocs events --------------------------------------------------------------------------------
_placer = Placer("draw", "a drawing")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The title of the heading anchors (the ``toc`` extension's ``permalink_title``) in the
    build's language. Material translates its own strings (``theme.language``), not this one, and
    ``INHERIT`` replaces the list of Markdown extensions rather than merging it: so it is set
    here."""
    toc = config.mdx_configs.setdefault("toc", {})
    toc["permalink_title"] = words(build_language(config))._("Permanent link")
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    files.append(asset(config, STYLESHEET))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    blocks = find_blocks(markdown, BLOCKS)
    if not any(block.info == "draw" for block in blocks):
        return markdown
    lang = build_language(config)
    drawer = Drawer(lang, to_site_root(page.url), glossary_titles(lang))
    namespace: dict[str, Any] = {"__name__": "__rulebook__"}
    waiting: list[tuple[Block, dict[str, str]]] = []
    rendered: list[tuple[Block, str]] = []

    def where(block: Block) -> str:
        return f"{page.file.src_uri}, line {block.start + 1}"

    def flush() -> None:
        for block, settings in waiting:
            try:
                rendered.append((block, draw(settings, namespace, drawer)))
            except Exception as error:  # a bad block or a failing expression
                raise PluginError(f"{where(block)}: draw block: {type(error).__name__}: "
                                  f"{error}") from None
        waiting.clear()

    here = os.getcwd()
    os.chdir(project_root(config))  # the examples open files relative to the project, as under
    try:                            # pytest
        code = [b for b in blocks if b.info != "draw"]
        first = run_first_index(markdown, [b.start for b in code])
        if first is not None:  # the helpers, shown in the closing section, run first
            blocks = [code[first], *(b for b in blocks if b is not code[first])]
        for block in blocks:
            if block.info == "draw":
                try:
                    waiting.append((block, parse_draw(block.body)))
                except ValueError as error:
                    raise PluginError(f"{where(block)}: draw block: {error}") from None
                continue
            try:
                _run(block, namespace, where(block))
            except Exception as error:
                raise PluginError(f"{where(block)}: the example fails: "
                                  f"{type(error).__name__}: {error}") from None
            flush()
        flush()
    finally:
        os.chdir(here)
    return _placer.put(markdown, page.file.src_uri, rendered)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    return _placer.place(html, page.file.src_uri)
