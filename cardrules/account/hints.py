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
    >>> estimates = [Estimate(Pass(), 0.3, 40.0, 0.5, 12),
    ...              Estimate(Bid(61), 0.7, 70.0, 0.9, 12),
    ...              Estimate(Bid(70), 0.6, 75.0, 0.8, 12),
    ...              Estimate(Bid(80), 0.4, 78.0, 0.6, 12)]
    >>> summary = bid_summary(estimates)
    >>> summary.passing.wins, summary.even.action.number, summary.best.action.number
    (0.3, 70, 61)
    >>> for line in summary_lines(summary, "en", by_tricks=False): print(line)
    Pass: 30% to win.
    The highest bid that keeps at least an even chance: 70 (60% to win).
    The best bid: 61 (70% to win, 70.0 points on average).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..bots import Estimate
from ..core.actions import Decision, Move, NumberMove
from ..words import Lang, words

__all__ = ["EVEN", "MIN_BIDS", "BidSummary", "bid_summary", "summary_lines"]

MIN_BIDS: Final = 3
"""A hint summarises the bids from this many on (fewer are listed as they are)."""
EVEN: Final = 0.5
"""An even chance of winning the deal."""


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
    """The summary in ``lang``, a sentence a line."""
    w = words(lang)

    def share(estimate: Estimate) -> str:
        return w._("{n}%", n=round(estimate.wins * 100))

    lines = []
    if summary.passing is not None:
        lines.append(w._("Pass: {wins} to win.", wins=share(summary.passing)))
    if summary.even is not None:
        lines.append(w._("The highest bid that keeps at least an even chance: {bid} ({wins} to "
                         "win).", bid=_bid_number(summary.even), wins=share(summary.even)))
    else:
        lines.append(w._("No bid keeps an even chance."))
    average = f"{summary.best.points:.1f}".replace(".", w.p_("the decimal separator", "."))
    if by_tricks:
        lines.append(w._("The best bid: {bid} ({wins} to win, {points} tricks on average).",
                         bid=_bid_number(summary.best), wins=share(summary.best),
                         points=average))
    else:
        lines.append(w._("The best bid: {bid} ({wins} to win, {points} points on average).",
                         bid=_bid_number(summary.best), wins=share(summary.best),
                         points=average))
    return lines
