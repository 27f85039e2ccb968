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
its plays are often not the greedy ones. So does ISMCTS (:class:`~cardrules.bots.IsmctsBot`),
and against it the reading cost the search bot more than it gained: the bot no longer uses it
unless asked (``PimcBot(noise=None)``). :func:`read_opponents` weighs a third way of playing
too, the careful rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb

from ..core.cards import Card, Suit
from ..engine import Rules, SeatView
from .playout import TRUMP_WORTH
from .simple import key_for_trumps

LAPSE = 0.05
"""How often the greedy model lets a careful player slip and play any card: no single play,
however unlikely for the greedy rule, then settles the question alone."""


@dataclass(frozen=True)
class Reading:
    """How ``view``'s seat reads its opponents (:func:`read_opponents`): the probability of
    each of three ways of playing, from the cards they played freely."""

    greedy: float
    """The greedy rule (:func:`~cardrules.bots.playout.greedy_card`)."""
    careful: float
    """The careful rule (:func:`~cardrules.bots.playout.careful_card`): a player who keeps its
    trumps and counts the points of the trick, as the search bot and most people do."""
    random: float
    """Any card, as likely as any other."""


def read_opponents(view: SeatView) -> Reading:
    """The probabilities, from what ``view``'s seat has seen, that its opponents play by the
    greedy rule, by the careful rule, or at random (a third each before any evidence).

    :func:`carelessness` weighs only the greedy rule against random play; a player who plays
    well but not greedily (a person, a search) reads as careless there, and as careful here.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=7)
        >>> read_opponents(game.view(0)).careful
        0.333...
        >>> _ = game.play("6B")  # seat 0 leads the six of clubs (trumps are cups)
        >>> _ = game.play("10B")  # seat 1 takes it with its cheapest winning card
        >>> reading = read_opponents(game.view(0))
        >>> reading.random < 1 / 3 < reading.greedy
        True
    """
    weights = [1.0, 1.0, 1.0]
    for greedy, careful, hand in _chances(view):
        weights[0] *= (1 - LAPSE) * greedy + LAPSE / hand
        weights[1] *= (1 - LAPSE) * careful + LAPSE / hand
        weights[2] /= hand
        top = max(weights)
        weights = [w / top for w in weights]  # away from underflow
    total = sum(weights)
    return Reading(weights[0] / total, weights[1] / total, weights[2] / total)


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
    for chance, _, hand in _chances(view):
        greedy *= (1 - LAPSE) * chance + LAPSE / hand
        careless /= hand
        top = max(greedy, careless)
        greedy, careless = greedy / top, careless / top  # away from underflow
    return careless / (greedy + careless)


def _chances(view: SeatView) -> Iterator[tuple[float, float, int]]:
    """For each card an opponent played freely: the chances that the greedy rule and the
    careful rule would have chosen it from the hand it held, and that hand's size."""
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
        careful = _keeps_careful_choice(card, before, seat, trump, rules, same_side)
        if careful is None:
            careful_fits = fits
        else:
            careful_fits = sum(1 for c in pool if careful(c))
        total = comb(len(pool), others)
        yield comb(fits, others) / total, comb(careful_fits, others) / total, hand


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


def _keeps_careful_choice(
    card: Card,
    before: tuple[tuple[int, Card], ...],
    seat: int,
    trump: Suit | None,
    rules: Rules,
    same_side: Callable[[int, int], bool],
) -> Callable[[Card], bool] | None:
    """Which other cards in the hand leave ``card`` the careful choice (as
    :func:`~cardrules.bots.playout.careful_card` plays); ``None`` where the careful rule plays
    greedy (between the first and the last seat of the trick)."""
    strength, points = rules.strength, rules.card_points
    size = len(before)
    if 0 < size < rules.players - 1:
        return None

    def spent(c: Card) -> int:
        return TRUMP_WORTH + strength[c.index] // 2 if c.suit is trump else 0

    def key(c: Card) -> tuple[int, int, int]:
        return (points[c.index] + spent(c), strength[c.index], c.index)

    if not size:
        mine = key(card)
        return lambda other: key(other) > mine
    cards = [c for _, c in before]
    taken = sum(points[c.index] for c in cards)
    trick_winner = rules.trick_winner

    def rank(c: Card) -> tuple[int, tuple[int, int, int]]:
        best = trick_winner([*cards, c], trump)
        swing = taken + points[c.index]
        ours = best is not None and same_side(before[best][0] if best < size else seat, seat)
        return (-((swing if ours else -swing) - spent(c)), key(c))

    placed = rank(card)
    return lambda other: rank(other) > placed


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

