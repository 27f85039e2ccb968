"""Reading the opponents: do they play carefully or at random? Judged from their cards.

The search bot plays its worlds out with every opponent greedy, except that an opponent plays
at random with some probability, the *noise* (:func:`~cardrules.bots.playout.playout`). The
right noise depends on who sits across the table: a careful opponent is modelled best by the
greedy rule, a careless one by random play, and the bot wins more against each when its
playouts expect the one it meets (against the random bot, 90.7% of two-player Briscola deals
instead of 88-89% with a fixed guess; see ``benchmarks/strength.py``).

:func:`carelessness` weighs the two models by the evidence. Each card an opponent played is
more or less likely under the greedy rule, depending on the hand it may have held: a greedy
player leads a three only when its other cards are dearer still, which few hands allow, while
a random player leads it as often as any other card of its hand. The rest of the hand is
hidden, but the cards it may have held are known to the viewing seat (those it has not seen
elsewhere), so the chance that the greedy rule chose the card is the chance that every other
card of the hand lies among the cards that keep it the greedy choice. Bayes' rule turns these
chances into the probability that the opponents play at random.

A player who plays neither way (a person, or the search bot itself) soon reads as careless:
its plays are often not the greedy ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from math import comb, exp
from typing import Final

from ..core.actions import CardMove, Decision
from ..core.cards import ALL_CARDS, Card, Suit
from ..engine import Rules, SeatView
from .playout import tables
from .simple import key_for_trumps

LAPSE = 0.05
"""How often the greedy model lets a careful player slip and play any card: no single play,
however unlikely for the greedy rule, then settles the question alone."""


def carelessness(view: SeatView) -> float:
    """The probability, from what ``view``'s seat has seen, that its opponents play at random
    rather than by the greedy rule (even odds before any evidence).

    Plays made under a duty (follow suit...) are left out, and so are all plays while the
    viewing seat does not know the sides (a hidden partner might be helping it).

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=7)
        >>> carelessness(game.view(0))
        0.5
        >>> _ = game.play("6B")  # seat 0 leads the six of clubs (bastos; trumps are cups)
        >>> _ = game.play("10B")  # seat 1 wins it with its cheapest winning card: greedy
        >>> round(carelessness(game.view(0)), 2)
        0.34
    """
    greedy = careless = 1.0
    for chance, hand in _greedy_chances(view):
        greedy *= (1 - LAPSE) * chance + LAPSE / hand
        careless /= hand
        top = max(greedy, careless)
        greedy, careless = greedy / top, careless / top  # away from underflow
    return careless / (greedy + careless)


def _greedy_chances(view: SeatView) -> Iterator[tuple[float, int]]:
    """For each card an opponent played freely: the chance that the greedy rule would have
    chosen it from the hand it held, and that hand's size."""
    rules = view.rules
    trick_winner = rules.trick_winner
    plays = _card_plays(view)
    mine = {*view.dealt, *(card for _, card in view.drawn), *view.hand}
    shown = {card for cards in view.visible_hands.values() for card in cards}
    shown.update(view.talon)
    constrained = {index for index, *_ in view.duties}
    receipts = view.received
    sizes = view.hand_sizes
    turned_up = view.turned_up
    sides = view.sides

    def same_side(a: int, b: int) -> bool:
        return a == b or any(a in side and b in side for side in sides)

    unseen = set(rules.cards) - mine - shown
    played: set[Card] = set()
    for n, (index, seat, card, before, trump) in enumerate(plays):
        if n:
            played.add(plays[n - 1][2])
        if seat == view.seat or seat in view.partners or index in constrained:
            continue
        if not sides and view.players > 2:
            continue  # a hidden partner: the seat might be helping the viewer's side
        later = [(s, c) for _, s, c, _, _ in plays[n + 1:]]
        own_later = [c for s, c in later if s == seat]
        hand = (sizes[seat] + len(own_later) + 1
                - sum(1 for _, who, time in receipts if who == seat and time > index))
        if hand <= 1:
            continue
        pool = unseen - played
        pool.difference_update(c for s, c in later if s != seat)
        pool.discard(card)
        if turned_up is not None and turned_up not in own_later:
            pool.discard(turned_up)
        others = hand - 1
        if len(pool) < others:
            continue  # the view was edited, or a move this reading does not follow

        key = key_for_trumps(rules, trump)
        allowed = _keeps_greedy_choice(card, before, seat, trump, key, trick_winner, same_side)
        fits = sum(1 for c in pool if allowed(c))
        yield comb(fits, others) / comb(len(pool), others), hand


def _keeps_greedy_choice(
    card: Card,
    before: tuple[tuple[int, Card], ...],
    seat: int,
    trump: Suit | None,
    key: Callable[[Card], tuple[int, bool, int, int]],
    trick_winner: Callable[[list[Card], Suit | None], int | None],
    same_side: Callable[[int, int], bool],
) -> Callable[[Card], bool]:
    """Which other cards in the hand leave ``card`` the greedy choice (as GreedyBot plays)."""
    mine = key(card)
    if not before:
        return lambda other: key(other) > mine  # the lead: the cheapest card
    cards = [c for _, c in before]
    best = trick_winner(cards, trump)
    if best is not None and same_side(before[best][0], seat):
        return lambda other: key(other) > mine  # its side heads: the cheapest card
    size = len(cards)

    def wins(other: Card) -> bool:
        return trick_winner([*cards, other], trump) == size

    if wins(card):
        return lambda other: not (wins(other) and key(other) < mine)
    return lambda other: not wins(other) and key(other) > mine


_Play = tuple[int, int, Card, tuple[tuple[int, Card], ...], Suit | None]
"""A card played to a trick: ``(log index, seat, card, the trick before it, trumps)``."""


def _card_plays(view: SeatView) -> list[_Play]:
    """Every card played to a trick: ``(log index, seat, card, the trick before it, trumps)``."""
    tricks = [(t.plays, t.trump) for t in view.tricks]
    tricks.append((view.trick, view.trump))
    found = [(i + 1, seat, action) for i, (seat, action) in enumerate(view.history)
             if action.__class__ is Card]
    plays: list[_Play] = []
    at = 0
    for trick_plays, trump in tricks:
        for position, (seat, card) in enumerate(trick_plays):
            while at < len(found) and found[at][2] != card:
                at += 1  # a card shown or discarded, not played to a trick
            if at == len(found):
                return plays
            plays.append((found[at][0], seat, card, trick_plays[:position], trump))
            at += 1
    return plays



SWING_WEIGHT: Final = 0.2
""":class:`HandReading`'s model of an opponent playing second to a trick: each card is played
with a probability in proportion to ``exp(SWING_WEIGHT * swing - TRUMP_WEIGHT * spent)``, where
the swing is the trick's points, counted for it when the card takes the trick and against it
when not, and ``spent`` is what the careful rule counts a trump as costing beyond its points
(:data:`~cardrules.bots.playout.TRUMP_WORTH` plus half its strength; 0 for another card).
Fitted to ISMCTS's second cards (1,500 iterations, self-play, 30 deals of two-player Briscola,
568 cards with a choice): a mean log-likelihood of -0.833 a card, against -1.077 for any card
alike and -0.906 for the careful rule's card with a lapse of one half."""

TRUMP_WEIGHT: Final = 0.15
"""See :data:`SWING_WEIGHT`."""

RECENT: Final = 6
"""The most cards :class:`HandReading` takes the rest of an earlier hand from: the plays it
reads are the ones since the stock ran out and the few before them, whose hands the world
tells best (and that cost little to weigh)."""


class HandReading:
    """How likely the opponent's past plays were, in a two-player deal, given the hand a world
    deals it now: the weight of a world for the search bot's inference
    (:class:`~cardrules.bots.PimcBot`'s ``infer``: worlds drawn in proportion to it).

    The model of the opponent: playing second to a trick, a card of its hand is played with a
    probability in proportion to ``exp(SWING_WEIGHT * swing - TRUMP_WEIGHT * spent)`` (see
    :data:`SWING_WEIGHT`: take the trick when its points are worth it, keep the trumps). Its
    leads are left out: ISMCTS led the careful rule's card 35% of the time from three cards
    (the greedy rule's 32%), hardly more than chance, so a lead says little about the hand.

    The hand it held at an earlier play is only partly known from a world: with no discards,
    every card it held then is either played by it since (the view shows which) or still in
    its hand (the world deals it), but which of those came in with its draws since is not
    known. The approximation: the other cards of that hand are any of those cards alike (a
    card known to have come in later, the turned-up card drawn last, left out), and the chance
    of the play is its average over them. After the stock is gone it is exact: no draw since,
    the hand is those cards. Only plays whose other cards come from at most :data:`RECENT`
    cards are read (the last two or three tricks before the stock ran out, and every one
    since): a play further back tells little of the hand held now. The plays are taken as
    independent (their product is the weight). Plays before the opponent's own trump
    exchange are left out (the exchanged card left its hand unplayed).

    How much it tells of ISMCTS's hand: over 544 positions of ISMCTS playing itself (1,500
    iterations, 16 deals of two-player Briscola), the opponent's true hand weighed on average
    ``exp(0.004)`` times the mean weight of 200 worlds dealt from the view: next to nothing
    (``benchmarks/results/ismcts-log.md``, sixth session).

    Only the seat's view is read; :meth:`weight` reads the hand a world dealt from that view.
    """

    __slots__ = ("_memo", "plays", "seat")

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        seat = 1 - view.seat
        self.seat = seat
        """The opponent's seat."""
        plays = _card_plays(view)
        receipts = view.received
        late: dict[int, int] = {}  # a card known to have come to the opponent, and when
        after = 0  # the opponent's plays before this log index are left out
        last = view.turned_up  # the card lying at the stock's last place
        for i, (who, action) in enumerate(view.history):
            if isinstance(action, CardMove) and action.decision is Decision.EXCHANGE:
                if who == seat and view.turned_up is not None:
                    late[view.turned_up.index] = i + 1
                    after = i + 1
                last = action.card
        if view.stock_size == 0 and last is not None and receipts:
            _, who, time = max(receipts)
            if who == seat:
                late[last.index] = time
        unseen = {c.index for c in view.unseen() or ()}
        reading: list[tuple[float, list[float], frozenset[int], tuple[int, ...], int]] = []
        for n, (index, who, card, before, trump) in enumerate(plays):
            if who != seat or len(before) != 1 or index < after:
                continue
            own_later = [c.index for _, s, c, _, _ in plays[n + 1:] if s == seat]
            held = (view.hand_sizes[seat] + len(own_later) + 1
                    - sum(1 for _, whom, time in receipts if whom == seat and time > index))
            excluded = frozenset(c for c, time in late.items() if time > index)
            known = tuple(c for c in own_later if c not in excluded)
            if held <= 1 or len(known) + view.hand_sizes[seat] > RECENT:
                continue
            odds = _odds(before[0][1], trump, rules)
            if len({odds[c] for c in unseen - excluded}) < 2:
                continue  # the worlds' hands cannot change the odds: the play tells nothing
            reading.append((odds[card.index], odds, excluded, known, held - 1))
        self.plays = tuple(reading)
        """The plays read: ``(the card played's odds, every card's odds, cards known to have
        come in after it, the opponent's later plays that count, the other cards of that
        hand)``."""
        self._memo: dict[tuple[int, ...], float] = {}

    def weight(self, hand: Sequence[int]) -> float:
        """The likelihood (up to a factor the same in every world) of the opponent's past plays
        if it holds ``hand`` now (card indexes): positive, 1 when no play tells anything.

        Examples:
            >>> from cardrules import Deal, new_game, parse_cards
            >>> hands = (tuple(parse_cards("1O 4B 5B")), tuple(parse_cards("3O 6B 7E")))
            >>> stock = tuple(parse_cards("7O 4C 4E 4O 5C 5E 5O 6O 6C 6E 7C 7B 10O 10C 10E "
            ...     "10B 11O 11C 11E 11B 12O 1C 12E 12B 1E 1B 2O 2C 2B 2E 3C 3E 3B 12C"))
            >>> game = new_game("briscola", players=2, deal=Deal(hands, stock))  # cups trumps
            >>> _ = game.play("4B")
            >>> _ = game.play("3O")  # ten points thrown away on a pointless lead
            >>> reading = HandReading(game.view(0))
            >>> cheap = [c.index for c in parse_cards("6B 7E 4O")]
            >>> dear = [c.index for c in parse_cards("1C 3E 1E")]
            >>> reading.weight(cheap) < reading.weight(dear)
            True
        """
        key = tuple(sorted(hand))
        found = self._memo.get(key)
        if found is not None:
            return found
        weight = 1.0
        for mine, odds, excluded, known, others in self.plays:
            pool = [odds[c] for c in (*known, *key) if c not in excluded]
            if len(pool) < others:
                continue
            chance = 0.0
            count = 0
            for rest in combinations(pool, others):
                chance += mine / (mine + sum(rest))
                count += 1
            weight *= chance / count
        self._memo[key] = weight
        return weight


def _odds(led: Card, trump: Suit | None, rules: Rules) -> list[float]:
    """For every card index: the odds that :class:`HandReading`'s model plays that card second
    to a trick led by ``led`` (see :data:`SWING_WEIGHT`)."""
    points = rules.card_points
    spent = tables(rules.strength, points, trump).spent
    winner = rules.trick_winner
    odds = []
    for other in ALL_CARDS:
        i = other.index
        swing = points[led.index] + points[i]
        takes = winner([led, other], trump) == 1
        odds.append(exp(SWING_WEIGHT * (swing if takes else -swing) - TRUMP_WEIGHT * spent[i]))
    return odds
