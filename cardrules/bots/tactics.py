"""Decisions beyond playing a card, for any bot: bidding, calling, discarding, naming trumps.

The auction games ask more of a player than which card to play. These rules of thumb answer
from a seat's view alone, with a hand-strength estimate:

* **Bidding** (:func:`hand_estimate`): the card points a hand can expect to take. A bot bids the
  lowest bid allowed while that bid is within its estimate, and passes otherwise (a player
  forced to bid bids the minimum).
* **Calling** (Briscola Chiamata): trumps in the suit the hand is longest and strongest in,
  calling the best card of it the hand lacks (the ace, else the three...), so that the partner
  holds a strong trump; a hand holding all of them calls its own and plays alone.
* **Discarding** (Brisca Rematada): two cards of the side suits, preferring point cards the hand
  cannot protect (they count for the declarer on his pile), else the weakest.
* **Trumps**: the longest and strongest suit.
* **Declarations**: a marriage is always declared.

:func:`decide` returns the decision for the moves a view offers, or ``None`` when only card
plays are in question (or nothing here applies). It knows moves by their kind
(:attr:`Move.decision <cardrules.core.actions.Move.decision>`), not by their class, so a new
game's bids, calls, discards and trumps need nothing here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from ..core.actions import Action, CardMove, Decision, Move, NumberMove, SuitMove
from ..core.cards import Card, Suit
from ..engine import SeatView

M = TypeVar("M", bound=Move)

RANK_ORDER = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)
"""Card numbers from strongest to weakest (the Briscola order, which is also the order of
Chiamata's rank auction)."""


def suit_strength(view: SeatView, hand: Sequence[Card], suit: Suit) -> float:
    """How good ``suit`` would be as trumps for ``hand``: its cards count, and their strength
    and points count too."""
    rules = view.rules
    cards = [c for c in hand if c.suit is suit]
    return sum(3 + rules.strength[c.index] / 2 + rules.card_points[c.index] / 3 for c in cards)


def best_suit(view: SeatView, hand: Sequence[Card]) -> Suit:
    """The suit ``hand`` is longest and strongest in (ties: the pack's suit order)."""
    return max(Suit, key=lambda s: (suit_strength(view, hand, s), -list(Suit).index(s)))


def hand_estimate(view: SeatView) -> int:
    """The card points ``view``'s hand can expect to take as the auction's winner.

    Its own card points, plus what its trumps-to-be can capture, plus a share of the rest: in
    Chiamata the partner's cards join, in Rematada the talon, the last trick and any marriage.
    """
    hand = view.hand
    rules = view.rules
    points = sum(rules.card_points[c.index] for c in hand)
    trump = best_suit(view, hand)
    trumps = [c for c in hand if c.suit is trump]
    top_trumps = sum(1 for c in trumps if c.number in (1, 3, 12))
    if rules.contract_alone:  # Rematada's declarer
        marriages = sum(20 for s in Suit if Card(12, s) in hand and Card(11, s) in hand)
        if Card(12, trump) in hand and Card(11, trump) in hand:
            marriages += 20
        return int(points * 1.1 + 6 * len(trumps) + 5 * top_trumps + marriages + 15)
    # Chiamata: a partner holding the called card adds his points and his trump.
    return int(points + 5 * len(trumps) + 6 * top_trumps + 20)


DECIDED: Final = frozenset({Decision.DECLARE, Decision.BID, Decision.PASS, Decision.CALL,
                           Decision.BANK, Decision.TRUMPS})
"""The kinds of move :func:`decide` weighs (for any other, it answers ``None``)."""


def decide(view: SeatView) -> Action | None:
    """The decision for the non-card moves ``view`` offers, or ``None``."""
    legal = view.legal_actions
    declares = _of_kind(legal, Decision.DECLARE, SuitMove)
    if declares:
        return max(declares, key=lambda d: d.suit is view.trump)
    bids = _of_kind(legal, Decision.BID, NumberMove)
    passes = _of_kind(legal, Decision.PASS, Move)
    if bids or passes:
        return _bid(view, bids, passes)
    calls = _of_kind(legal, Decision.CALL, CardMove)
    if calls:
        return _call(view, calls)
    discards = _of_kind(legal, Decision.BANK, CardMove)
    if discards:
        return _discard(view, discards)
    trumps = _of_kind(legal, Decision.TRUMPS, SuitMove)
    if trumps:
        suit = best_suit(view, view.hand)
        return next(t for t in trumps if t.suit is suit)
    return None


def _of_kind(actions: Sequence[Action], kind: Decision, shape: type[M]) -> list[M]:
    """The moves among ``actions`` that are decisions of ``kind`` (and of the move shape their
    kind has: a :class:`NumberMove` for a bid...)."""
    return [a for a in actions if isinstance(a, shape) and a.decision is kind]


def _bid(view: SeatView, bids: Sequence[NumberMove], passes: Sequence[Move]) -> Action:
    if not bids:
        return passes[0]
    estimate = hand_estimate(view)
    points = sorted((b for b in bids if b.number > 12), key=lambda b: b.number)
    ranks = [b for b in bids if b.number <= 12]
    if ranks:  # Chiamata's rank auction: bid the rank of the card we would call
        wanted = _wanted_rank(view)
        fitting = [b for b in ranks if RANK_ORDER.index(b.number) >= RANK_ORDER.index(wanted)]
        if fitting and estimate >= 61:
            return min(fitting, key=lambda b: RANK_ORDER.index(b.number))
    if points and (points[0].number <= estimate or not passes):
        return points[0]
    return passes[0] if passes else min(bids, key=lambda b: b.number)


def _wanted_rank(view: SeatView) -> int:
    trump = best_suit(view, view.hand)
    for number in RANK_ORDER:
        if Card(number, trump) not in view.hand:
            return number
    return 2


def _call(view: SeatView, calls: Sequence[CardMove]) -> Action:
    trump = best_suit(view, view.hand)
    for number in RANK_ORDER:
        for call in calls:
            if call.card.suit is trump and call.card.number == number and \
                    call.card not in view.hand:
                return call
    for number in RANK_ORDER:  # every card of the suit in hand: call one's own, or the best
        for call in calls:
            if call.card.suit is trump and call.card.number == number:
                return call
    return calls[0]


def _discard(view: SeatView, discards: Sequence[CardMove]) -> Action:
    rules = view.rules
    hand = view.hand
    trump = best_suit(view, hand)

    def keep_value(card: Card) -> tuple[int, int, int]:
        """Lower: the better to discard."""
        suit = [c for c in hand if c.suit is card.suit]
        higher = [c for c in suit if rules.strength[c.index] > rules.strength[card.index]]
        protected = card.number == 1 or (card.number == 3 and Card(1, card.suit) in hand)
        at_risk = rules.card_points[card.index] > 0 and not protected and not higher
        return (card.suit is trump, 0 if at_risk else 1,
                rules.strength[card.index] - rules.card_points[card.index])

    return min(discards, key=lambda d: keep_value(d.card))
