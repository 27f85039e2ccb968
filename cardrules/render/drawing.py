"""The rulebook's drawn examples: a piece of a deal in progress, drawn from its account.

A game page of the rulebook shows its worked examples twice: as the Python that builds a
position (which the test suite runs) and drawn, as card pictures. The drawing is this
module's: the MkDocs hook ``docs/hooks/examples.py`` only finds the ```` ```draw ```` blocks,
runs the page's Python and calls a :class:`Drawing` with what a block names. Every drawing is
made of the account of the game (:func:`cardrules.account.deal.account`, built once per
drawing) and of the deal diagrams' HTML pieces (:class:`~cardrules.render.diagram.AccountHtml`):
the same sentences, the same score table, the same CSS classes (``cr-card``, ``cr-seat``,
``cr-play``, ``cr-label``, ``cr-side-N``, ``cr-score``, ``cr-auction``...), in a
``<figure class="cr-drawing cr-drawing--KIND">``.

The kinds of drawing: :meth:`Drawing.trick` (a finished trick), :meth:`Drawing.table` (the
position: hands, the turned-up card, the stock, the trick being played, what a player may do),
:meth:`Drawing.cards` (a row of cards), :meth:`Drawing.score` (the result),
:meth:`Drawing.auction` (the auction so far and what followed it), :meth:`Drawing.deal` (a
whole deal diagram) and :meth:`Drawing.analysis` (the analysis of a player's decisions).

Examples:
    >>> import cardrules
    >>> game = cardrules.new_game("brisca", players=2, seed=3)
    >>> for _ in range(2):
    ...     _ = game.play(game.legal_actions()[0])
    >>> html = Drawing("en").trick(game)
    >>> html.startswith('<figure class="cr-drawing cr-drawing--trick" lang="en">')
    True
    >>> "Ana takes trick 1 (13 points)." in html
    True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape

from ..account.deal import DealAccount, StepAccount, account
from ..account.narration import Narrator
from ..account.review import Review
from ..analysis import Analysis
from ..core.actions import Move
from ..core.cards import Card, parse_card
from ..core.packs import SPANISH_48, Pack
from ..engine import Game
from ..words import Lang, words
from .analysis import chance_svg, chance_table
from .diagram import AccountHtml, card_picture, glossary_titles, render_deal

__all__ = ["Drawing"]


class Drawing:
    """The HTML of the rulebook's drawings, in one language, for a page at ``base`` from the
    site root.

    Args:
        lang: a language of the catalogue.
        base: the relative URL from the page to the site root (``"../../"``).
        definitions: the title of each glossary link by term (default: the glossary's).
    """

    def __init__(self, lang: Lang, base: str = "",
                 definitions: Mapping[str, str] | None = None) -> None:
        self.lang = lang
        self.w = words(lang)
        self.base = base
        self.definitions = (dict(definitions) if definitions is not None
                            else glossary_titles(lang))

    def _html(self, game: Game) -> tuple[DealAccount, AccountHtml]:
        told = account(game, self.lang)
        return told, AccountHtml(told, game.rules.pack, self.base, self.definitions)

    def figure(self, kind: str, inner: str, caption: str | None) -> str:
        """A drawing: ``<figure class="cr-drawing cr-drawing--KIND">``, with its caption."""
        cap = (f'<figcaption class="cr-drawing__caption">{escape(caption)}</figcaption>'
               if caption else "")
        return (f'<figure class="cr-drawing cr-drawing--{kind}" lang="{self.lang}">'
                f"{inner}{cap}</figure>")

    # The drawings -------------------------------------------------------------------------
    def trick(self, game: Game, number: int | None = None, caption: str | None = None) -> str:
        """A finished trick of ``game`` (``number`` from 1; default: the last): who led it,
        the trumps, each card with who played it and its label, the card that took it, and
        who took it for how many points.

        Raises:
            ValueError: no trick is finished, or there is no such trick.
        """
        told, html = self._html(game)
        finished = [step for step in told.steps if step.done]
        if not finished:
            raise ValueError("show: trick, but no trick has been finished")
        index = len(finished) - 1 if number is None else number - 1
        if not 0 <= index < len(finished):
            raise ValueError(f"trick: {number}, but {len(finished)} tricks were played")
        step = finished[index]
        head = (f'<div class="cr-trick__head"><span class="cr-trick__lead">'
                f'{escape(step.lead)}</span><span class="cr-trump">'
                f"{escape(self._trumps_of(game, step))}</span></div>")
        result = f'<p class="cr-trick__result">{escape(step.said.trick)}</p>'
        return self.figure("trick", head + html.plays(step) + result, caption)

    def _trumps_of(self, game: Game, step: StepAccount) -> str:
        w, trump = self.w, step.trump
        if trump is None:
            return w._("No trumps")
        return w._("Trumps: {suit}", suit=game.rules.pack.suit_name(trump, self.lang))

    def table(self, game: Game, hands: Collection[int] | None = None,
              chooser: int | None = None, caption: str | None = None) -> str:
        """The position: every player (``hands``: the seats whose hands are shown face up;
        ``None``: all), the turned-up card and the stock, the trick being played, and, for
        ``chooser``, the cards he may play (the others dimmed) and any other move he may
        make."""
        told, html = self._html(game)
        now = told.steps[-1]
        w = self.w
        narrator = Narrator(game.rules, game.names, self.lang)
        shown = set(range(told.players)) if hands is None else set(hands)
        over = now.turn is None
        allowed: set[Card] = set()
        others: list[str] = []
        if chooser is not None and not over:
            for action in game.legal_actions(chooser):
                if isinstance(action, Card):
                    allowed.add(action)
                elif isinstance(action, Move):
                    # The exchange's English choice reads "take the turned-up the five of
                    # coins" (its template puts "the turned-up" before a card with its article).
                    text = narrator.choice(action, now.turn_up, now.trump)
                    others.append(text.replace("turned-up the ", "turned-up "))
        seats = []
        for seat, hand in enumerate(now.hands):
            if seat in shown:
                pictures = "".join(
                    html.card(card, "cr-card" + ("" if seat != chooser or over else
                                                 " cr-card--legal" if card in allowed
                                                 else " cr-card--dim"))
                    for card in hand)
            else:
                pictures = html.back() * len(hand)
            to_play = [w.p_("beside a player's name", "to play")] if seat == now.turn else []
            active = " cr-seat--active" if seat == now.turn else ""
            seats.append(html.seat(seat, pictures, to_play, active))
        parts = [f'<div class="cr-seats">{"".join(seats)}</div>',
                 self._stock_line(game, html, now)]
        if over:
            parts.append(f'<p class="cr-trick__result">{escape(w._("The deal is over."))}</p>')
        elif now.table and not now.done:
            on_table = escape(w._("On the table"))
            parts.append(f'<div class="cr-drawing__trick"><span class="cr-note">{on_table}'
                         f"</span>{html.plays(now)}</div>")
        if chooser is not None and not over:
            choices = [w._("play {card}", card=narrator.card(card))
                       for card in now.hands[chooser] if card in allowed]
            items = "".join(f"<li>{escape(choice)}</li>" for choice in choices + others)
            may = escape(w._("What {who} may do:", who=told.names[chooser]))
            parts.append(f'<div class="cr-choices"><span>{may}</span><ul>{items}</ul></div>')
        return self.figure("table", "".join(parts), caption)

    def _stock_line(self, game: Game, html: AccountHtml, now: StepAccount) -> str:
        """The turned-up card, the trumps and what is left of the stock."""
        w = self.w
        parts = []
        if now.turn_up is not None:
            note = escape(w._("turned up"))
            parts.append(f'<span class="cr-turnup">{html.card(now.turn_up)}'
                         f'<span class="cr-turnup__label">{note}</span></span>')
        text = self._trumps_of(game, now)
        stock = now.stock
        if stock and not any(game.rules.draw_counts):  # nobody draws them (Aluette)
            text += " · " + w.n_("{n} card left over", "{n} cards left over", stock)
        elif stock:
            text += " · " + w.n_("{n} card in the stock", "{n} cards in the stock", stock)
        elif now.turn_up is not None:
            text += " · " + w._("the stock is used up")
        parts.append(f'<span class="cr-trump">{escape(text)}</span>')
        return f'<div class="cr-drawing__table">{"".join(parts)}</div>'

    def cards(self, cards: Iterable[Card | str], notes: Sequence[str] | None = None,
              pack: Pack | None = None, caption: str | None = None) -> str:
        """A row of cards (codes or cards) of ``pack`` (default: the Spanish pack), each
        with its note.

        Raises:
            ValueError: not as many notes as cards.
        """
        chosen = [card if isinstance(card, Card) else parse_card(card) for card in cards]
        if notes is not None and len(notes) != len(chosen):
            raise ValueError(f"{len(chosen)} cards but {len(notes)} notes")
        look = pack or SPANISH_48
        items = []
        for i, card in enumerate(chosen):
            picture = card_picture(look, card, self.lang, self.base)
            note = (f'<span class="cr-note">{escape(str(notes[i]))}</span>'
                    if notes is not None else "")
            items.append(f'<li class="cr-play" data-card="{card.code}">{picture}{note}</li>')
        return self.figure("cards", f'<ol class="cr-plays">{"".join(items)}</ol>', caption)

    def score(self, game: Game, caption: str | None = None) -> str:
        """The result of a finished deal: the account's score table and its verdict.

        Raises:
            ValueError: the deal is not over.
        """
        told, html = self._html(game)
        if told.result is None:
            raise ValueError("show: score, but the deal is not over")
        return self.figure("score", html.score(told.score_table), caption)

    def auction(self, game: Game, caption: str | None = None) -> str:
        """The auction so far, as a table of rounds, and what followed it before the first
        card (the call, the talon shown and taken, the discards, the trumps named).

        Raises:
            ValueError: the game has no auction, or nobody has spoken yet.
        """
        told, html = self._html(game)
        if told.auction is None:
            raise ValueError("show: auction, but the game has no auction (or nobody has bid)")
        after: list[str] = []
        for step in told.steps[1:]:
            if step.played is not None:
                break
            after.extend(html.before_play(step))
        return self.figure("auction", html.auction(after, summary=False), caption)

    def analysis(self, analysis: Analysis, caption: str | None = None) -> str:
        """The analysis of one player's decisions (:mod:`cardrules.analysis`): the graph of
        the chance to win after each decision and its table (:mod:`cardrules.render.analysis`),
        with ``caption`` under them (default: the summary of the marks)."""
        inner = chance_svg(analysis, self.lang) + chance_table(analysis, self.lang)
        return self.figure("analysis", inner, caption or Review(analysis, self.lang).summary())

    def deal(self, game: Game, tricks: tuple[int, int] | None = None, open_hands: bool = True,
             caption: str | None = None) -> str:
        """A whole finished deal: its diagram (:func:`~cardrules.render.diagram.render_deal`),
        with ``caption`` under it."""
        html = render_deal(game.to_record(), self.lang, base_url_to_site_root=self.base,
                           tricks=tricks, open_hands=open_hands, definitions=self.definitions)
        if caption:
            html = html.replace("</figure>", f'<p class="cr-drawing__caption">'
                                f"{escape(caption)}</p></figure>", 1)
        return html
