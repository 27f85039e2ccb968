"""A hint on a bid, summarised: the search bot weighs every bid of an auction (61 to 120 in
Briscola Chiamata), and most of them come out alike; a player needs three facts, not sixty
lines. The terminal's ``hint`` and the widget's Hint both say them, and show the whole list on
request.

The three facts:

- passing: its chance of winning the deal;
- the highest bid that keeps at least an even chance (none, if no bid does);
- the best bid (the highest chance, then the most points).

Examples:
    >>> from cardrules.bots import Estimate
    >>> from cardrules.games.auction import Bid, Pass
    >>> estimates = [Estimate(Pass(), 0.3, 40.0, 0.5, 40),
    ...              Estimate(Bid(61), 0.7, 70.0, 0.9, 40),
    ...              Estimate(Bid(70), 0.6, 75.0, 0.8, 40),
    ...              Estimate(Bid(80), 0.4, 78.0, 0.6, 40)]
    >>> summary = bid_summary(estimates)
    >>> summary.passing.wins, summary.even.action.number, summary.best.action.number
    (0.3, 70, 61)
    >>> for line in summary_lines(summary, "en", by_tricks=False): print(line)
    Pass: 30% to win.
    The highest bid that keeps at least an even chance: 70 (60% to win).
    The best bid: 61 (70% to win, 70.0 points on average).

A chance weighed in fewer than :data:`FEW_DEALS` deals is given as the deals won ("won 4 of
12 deals"), not as a percentage that would look surer than so few deals allow (:func:`wins_words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..bots import Bot, Estimate
from ..core.actions import Action, Decision, Move, NumberMove, format_action
from ..core.cards import Card
from ..engine import SeatView
from ..words import N_, Lang, Words, decimal, words
from .narration import Narrator

__all__ = [
    "EVEN",
    "FEW_DEALS",
    "MIN_BIDS",
    "BidSummary",
    "bid_summary",
    "chance_words",
    "estimate_words",
    "few_deals",
    "out_of_turn_hint",
    "ranked",
    "summary_lines",
    "wins_words",
    "won_of",
]

MIN_BIDS: Final = 3
"""A hint summarises the bids from this many on (fewer are listed as they are)."""
EVEN: Final = 0.5
"""An even chance of winning the deal."""
FEW_DEALS: Final = 20
"""Below this many deals a hint gives the deals won ("won 5 of 6"), not a percentage: in a long
game the work budget leaves the search bot few deals early on (four-player Tute: 6 to 19), and
"100%" of six deals looks surer than it is."""


def few_deals(estimate: Estimate) -> bool:
    """Whether ``estimate`` was weighed in fewer than :data:`FEW_DEALS` deals."""
    return estimate.worlds < FEW_DEALS


def ranked(estimates: Sequence[Estimate]) -> list[Estimate]:
    """A hint's choices best first, as the hint shows them: by the chance of winning as it is
    said (a whole percentage, or the deals won of few: :func:`wins_words`; win, draw or loss
    when worked out exactly), then by the points; choices alike in both keep their order. So a
    choice shown with the same chance and more points is never listed below another for a
    difference the hint does not show.

    Examples:
        >>> from cardrules.bots import Estimate
        >>> from cardrules.core.cards import parse_card
        >>> rows = ranked([Estimate(parse_card("10E"), 0.084, 50.9, 1.0, 320),
        ...                Estimate(parse_card("12B"), 0.080, 52.4, 1.0, 320),
        ...                Estimate(parse_card("11B"), 0.300, 40.0, 1.0, 320)])
        >>> [str(e.action) for e in rows]
        ['11B', '12B', '10E']
    """
    def shown(estimate: Estimate) -> float:
        if estimate.exact:
            return estimate.wins
        if few_deals(estimate):
            return won_of(estimate)[0] / max(1, estimate.worlds)
        return round(estimate.wins * 100) / 100

    return sorted(estimates, key=lambda e: (-shown(e), -e.points))


def won_of(estimate: Estimate) -> tuple[int, int]:
    """The deals ``estimate``'s choice won and the deals it was tried in (a draw is half a win:
    rounded).

    Examples:
        >>> from cardrules.bots import Estimate
        >>> from cardrules.core.cards import parse_card
        >>> won_of(Estimate(parse_card("1O"), 5 / 6, 80.0, 1.1, 6))
        (5, 6)
    """
    return round(estimate.wins * estimate.worlds), estimate.worlds


def wins_words(estimate: Estimate, lang: Lang) -> str:
    """How often ``estimate``'s choice won, in ``lang``: a percentage, or the deals won of the
    deals tried when they are few (:data:`FEW_DEALS`).

    Examples:
        >>> from cardrules.bots import Estimate
        >>> from cardrules.core.cards import parse_card
        >>> wins_words(Estimate(parse_card("1O"), 0.75, 80.0, 1.1, 160), "en")
        '75%'
        >>> wins_words(Estimate(parse_card("1O"), 5 / 6, 80.0, 1.1, 6), "es")
        '5 de 6'
    """
    w = words(lang)
    if few_deals(estimate):
        won, deals = won_of(estimate)
        return w._("{won} of {deals}", won=won, deals=deals)
    return w._("{n}%", n=round(estimate.wins * 100))


def chance_words(estimate: Estimate, lang: Lang, share: str, few: str, **fields: object) -> str:
    """A sentence about how often ``estimate``'s choice won, in ``lang``: the message ``share``
    (marked with ``N_``; its ``{wins}`` a percentage) or, weighed in few deals
    (:data:`FEW_DEALS`), the message ``few`` (its ``{won}`` and ``{deals}``); ``fields`` fill
    the rest of either.

    Examples:
        >>> from cardrules.bots import Estimate
        >>> from cardrules.core.cards import parse_card
        >>> share, few = "{wins} to win", "won {won} of {deals}"
        >>> chance_words(Estimate(parse_card("1O"), 0.75, 80.0, 1.1, 160), "en", share, few)
        '75% to win'
        >>> chance_words(Estimate(parse_card("1O"), 5 / 6, 80.0, 1.1, 6), "en", share, few)
        'won 5 of 6'
    """
    w = words(lang)
    if few_deals(estimate):
        won, deals = won_of(estimate)
        return w._(few, won=won, deals=deals, **fields)
    return w._(share, wins=wins_words(estimate, lang), **fields)


_CHOICE_WORDS: Final = {  # scored by tricks? -> (a percentage's message, few deals' message)
    False: (N_("{wins} to win · {points} points on average"),
            N_("won {won} of {deals} · {points} points on average")),
    True: (N_("{wins} to win · {points} tricks on average"),
           N_("won {won} of {deals} · {points} tricks on average")),
}
_BEST_BID_WORDS: Final = {
    False: (N_("The best bid: {bid} ({wins} to win, {points} points on average)."),
            N_("The best bid: {bid} (won {won} of {deals} deals, {points} points on average).")),
    True: (N_("The best bid: {bid} ({wins} to win, {points} tricks on average)."),
           N_("The best bid: {bid} (won {won} of {deals} deals, {points} tricks on average).")),
}


def estimate_words(estimate: Estimate, lang: Lang, *, by_tricks: bool) -> str:
    """The hint's words for one choice, in ``lang``: how often it won and what it brought on
    average ("75% to win · 71.3 points on average"; "won 5 of 6 · ..." when weighed in few
    deals: :data:`FEW_DEALS`); worked out exactly (:attr:`Estimate.exact
    <cardrules.bots.Estimate.exact>`), whether it wins and what it brings ("wins · 64
    points"). The one wording of a hint's choice: the terminal
    (:meth:`Printer.hint <cardrules.cli.render.Printer.hint>`) and the widget's play mode
    (``cardrules.web.play.hint_data``: each estimate's ``"text"``) both say this.

    Examples:
        >>> from cardrules.bots import Estimate
        >>> from cardrules.core.cards import parse_card
        >>> estimate_words(Estimate(parse_card("1O"), 0.75, 71.34, 1.1, 160), "en",
        ...                by_tricks=False)
        '75% to win · 71.3 points on average'
        >>> estimate_words(Estimate(parse_card("1O"), 5 / 6, 3.0, 1.1, 6), "es", by_tricks=True)
        'ganó 5 de 6 · 3,0 bazas de media'
        >>> estimate_words(Estimate(parse_card("1O"), 0.0, 49.0, 0.2, 1, exact=True), "es",
        ...                by_tricks=False)
        'pierde · 49 puntos'
    """
    if estimate.exact:
        return _exact_words(estimate, words(lang), by_tricks)
    share, few = _CHOICE_WORDS[by_tricks]
    return chance_words(estimate, lang, share, few, points=decimal(estimate.points, lang, 1))


def _exact_words(estimate: Estimate, w: Words, by_tricks: bool) -> str:
    """:func:`estimate_words` of a choice worked out exactly: whether it wins, then the points
    (or tricks) the side ends with."""
    n = round(estimate.points)
    if by_tricks:
        if estimate.wins == 1.0:
            return w.n_("wins · {n} trick", "wins · {n} tricks", n)
        if estimate.wins == 0.0:
            return w.n_("loses · {n} trick", "loses · {n} tricks", n)
        return w.n_("a draw · {n} trick", "a draw · {n} tricks", n)
    if estimate.wins == 1.0:
        return w.n_("wins · {n} point", "wins · {n} points", n)
    if estimate.wins == 0.0:
        return w.n_("loses · {n} point", "loses · {n} points", n)
    return w.n_("a draw · {n} point", "a draw · {n} points", n)


@dataclass(frozen=True)
class BidSummary:
    """What a hint says of an auction's choices."""

    passing: Estimate | None
    """Passing, if the player may pass."""
    even: Estimate | None
    """The highest bid that keeps at least an even chance (``None``: no bid does)."""
    best: Estimate
    """The best bid: the highest chance of winning, then the most points."""
    bids: int
    """How many bids were weighed."""


def _bid_number(estimate: Estimate) -> int | None:
    action = estimate.action
    if isinstance(action, NumberMove) and action.decision is Decision.BID:
        return action.number
    return None


def bid_summary(estimates: Sequence[Estimate]) -> BidSummary | None:
    """The summary of a hint whose choices are bids (and a pass), or ``None`` when they are
    not (a card to play, a call) or too few to summarise (:data:`MIN_BIDS`)."""
    bids = [(number, e) for e in estimates if (number := _bid_number(e)) is not None]
    if len(bids) < MIN_BIDS:
        return None
    passing = next((e for e in estimates if isinstance(e.action, Move)
                    and e.action.decision is Decision.PASS), None)
    even = max(((n, e) for n, e in bids if e.wins >= EVEN), key=lambda item: item[0],
               default=None)
    best = max(bids, key=lambda item: (item[1].wins, item[1].points, -item[0]))[1]
    return BidSummary(passing, even[1] if even is not None else None, best, len(bids))


def summary_lines(summary: BidSummary, lang: Lang, *, by_tricks: bool) -> list[str]:
    """The summary in ``lang``, a sentence a line (the deals won of the deals tried, when they
    are few: :data:`FEW_DEALS`).

    Examples:
        >>> from cardrules.bots import Estimate
        >>> from cardrules.games.auction import Bid, Pass
        >>> few = bid_summary([Estimate(Pass(), 0.25, 40.0, 0.4, 12),
        ...                    Estimate(Bid(61), 0.75, 70.0, 0.9, 12),
        ...                    Estimate(Bid(70), 0.5, 75.0, 0.8, 12),
        ...                    Estimate(Bid(80), 0.25, 78.0, 0.5, 12)])
        >>> for line in summary_lines(few, "en", by_tricks=False): print(line)
        Pass: won 3 of 12 deals.
        The highest bid that keeps at least an even chance: 70 (won 6 of 12 deals).
        The best bid: 61 (won 9 of 12 deals, 70.0 points on average).
    """
    w = words(lang)
    average = decimal(summary.best.points, lang, 1)
    lines = []
    if summary.passing is not None:
        lines.append(chance_words(summary.passing, lang, N_("Pass: {wins} to win."),
                                  N_("Pass: won {won} of {deals} deals.")))
    if summary.even is None:
        lines.append(w._("No bid keeps an even chance."))
    else:
        lines.append(chance_words(
            summary.even, lang,
            N_("The highest bid that keeps at least an even chance: {bid} ({wins} to win)."),
            N_("The highest bid that keeps at least an even chance: {bid} (won {won} of "
               "{deals} deals)."),
            bid=_bid_number(summary.even)))
    share, few = _BEST_BID_WORDS[by_tricks]
    lines.append(chance_words(summary.best, lang, share, few, bid=_bid_number(summary.best),
                              points=average))
    return lines


def out_of_turn_hint(bot: Bot, view: SeatView, narrator: Narrator) -> tuple[Action | None, str]:
    """The hint while a seat may make a move out of turn (``view.out_of_turn``, the seat to
    act about to play): the move ``bot`` would make now (its
    :meth:`~cardrules.bots.Bot.interject`, as the bots at the table are asked), or ``None``
    when it would let the seat to act play on; and that, in ``narrator``'s language. The
    terminal's ``hint`` and the widget's Hint both say it.

    Examples:
        >>> from cardrules import new_game
        >>> from cardrules.bots import hint_bot
        >>> game = new_game("briscas", players=2, seed=0)  # seat 1 may take the 4 with its 2
        >>> narrator = Narrator(game.rules, game.names, "en")
        >>> move, said = out_of_turn_hint(hint_bot(4, seed=1), game.view(1), narrator)
        >>> str(move)
        'exchange:2B'
        >>> said.split(": ")[0]
        'The bots would make this move out of turn now'
        >>> said.split(": ")[1]
        'take the turned-up card, the four of clubs, for your two of clubs.'
    """
    move = bot.interject(view) if view.out_of_turn else None
    w = words(narrator.lang)
    if move is None:
        turn = view.current_player
        who = narrator.who(turn) if turn is not None else ""
        return None, w._("The bots would make no move out of turn now: they would let {who} "
                         "play.", who=who)
    said = (narrator.card(move) if isinstance(move, Card)
            else narrator.choice(move, view.turn_up, view.trump) or format_action(move))
    return move, w._("The bots would make this move out of turn now: {choice}.", choice=said)
