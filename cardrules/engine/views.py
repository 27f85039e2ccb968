"""What one seat may see: :class:`SeatView`, built in one place by :func:`observe`.

A view holds the seat's own hand and everything public (the turned-up card, a talon once shown,
every action but the cards others put face down, who took which trick, who drew from the stock)
plus the private messages the seat has received. Bots and the widget get views, never the game.

A view also says enough for :meth:`SeatView.sample` to deal a whole world that agrees with it:
which stock positions went to which seat and when, the cards this seat drew, and the duties
(follow suit...) each play was made under, from which it infers what others cannot hold.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.actions import Action, Move, Trick
from ..core.cards import Card, Suit
from .legality import CardRule
from .state import Details, Phase, Sides

if TYPE_CHECKING:
    from .game import Game
    from .rules import Rules

Duty = tuple[int, int, CardRule, int]
"""A play made under a duty: ``(log index, seat, card rule, hand size before the play)``."""
Receipt = tuple[int, int, int]
"""A card position that went to a hand: ``(position, seat, time)``. Positions number the
deal's cards as :attr:`Deal.cards <cardrules.core.actions.Deal.cards>` lists them (hands, stock,
talon); the time is the number of actions in the log when the card was received."""


@dataclass(frozen=True)
class SeatView:
    """What one seat may see at one moment. Bots decide from this alone.

    Examples:
        >>> from cardrules import new_game
        >>> view = new_game("brisca", players=2, seed=3).view(1)
        >>> len(view.hand), view.hand_sizes, view.stock_size
        (3, (3, 3), 34)
        >>> world = view.sample(random.Random(0))  # a whole deal that agrees with the view
        >>> world.view(1).hand == view.hand and world.view(1).turn_up == view.turn_up
        True
    """

    rules: Rules
    """The rules of the deal (public: options, card tables, how tricks are won)."""
    seat: int
    """The seat that sees."""
    names: tuple[str, ...]
    """Player names by seat."""
    phase: Phase
    """Where the deal stands."""
    current_player: int | None
    """The seat to act (:data:`~cardrules.engine.CHANCE` before the deal, ``None`` at the
    end)."""
    legal_actions: tuple[Action, ...]
    """What this seat may do now (moves allowed out of turn included)."""
    hand: tuple[Card, ...]
    """This seat's hand."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    visible_hands: Mapping[int, tuple[Card, ...]]
    """Other hands this seat is allowed to see (open hands, partners who show their cards),
    each in card order."""
    trump: Suit | None
    """The trump suit, once known."""
    turn_up: Card | None
    """The turned-up card while it is still under the stock."""
    stock_size: int
    """Cards left to draw, the turned-up card included."""
    talon: tuple[Card, ...]
    """The talon as dealt, once shown to everyone (else empty), even after it is taken."""
    talon_size: int
    """Cards in the talon."""
    leader: int
    """The seat that leads (led) the current trick."""
    trick: tuple[tuple[int, Card], ...]
    """The trick on the table so far."""
    tricks: tuple[Trick, ...]
    """Every finished trick (tricks are turned face down, but everyone saw them)."""
    points: tuple[int, ...]
    """Points each seat has taken as far as this seat can count them."""
    sides: Sides
    """The sides, if this seat knows them (``()`` while it does not: a hidden partner)."""
    partners: tuple[int, ...]
    """The seats this seat knows to be on its side (not itself)."""
    details: Details
    """The game's own state as this seat may see it (bids, the call, declarations...)."""
    messages: tuple[tuple[int, int, str], ...]
    """Private messages this seat has seen: ``(trick number, from seat, text)``."""
    history: tuple[tuple[int, Action], ...]
    """Every action after the deal as this seat saw it, with the seat that made it (others'
    face-down cards :class:`~cardrules.core.actions.Masked`)."""
    dealt: tuple[Card, ...]
    """This seat's cards as dealt."""
    turned_up: Card | None
    """The card turned up at the deal (everyone saw it), even once exchanged or drawn."""
    received: tuple[Receipt, ...]
    """Stock and talon positions that went to a hand, to whom and when (public)."""
    drawn: tuple[tuple[int, Card], ...]
    """The positions this seat received and the card in each (it saw them)."""
    duties: tuple[Duty, ...]
    """Every play made under a duty (follow suit...), with the duty's public terms."""

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.hand_sizes)

    def side_of(self, seat: int) -> int | None:
        """The index in :attr:`sides` of ``seat``'s side, or ``None`` if this seat does not
        know it."""
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        return None

    def same_side(self, seat: int) -> bool:
        """Whether ``seat`` is known to be on this seat's side (itself included)."""
        return seat == self.seat or seat in self.partners

    def sample(self, rng: random.Random) -> Game:
        """A complete game consistent with everything this seat has seen: its hand and draws,
        every card played, the turned-up card, a shown talon, hand sizes, and what the duties
        of past plays rule out (a seat that did not follow suit holds none of it).

        The hidden cards are dealt at random among the places they may be; the world replays
        every action of the real deal, so ``world.view(seat)`` shows exactly this view. Search
        bots play out many such worlds.

        Raises:
            ValueError: no world agrees with the view (a view edited by hand).
        """
        return self.rules.sample_world(self, rng)


def observe(game: Game, seat: int) -> SeatView:
    """The view of ``seat``: the one place where a seat's view of a game is built.

    The rules say what their game shows beyond the common parts (:meth:`Rules.visible_hands
    <cardrules.engine.Rules.visible_hands>`, ``messages_for``, ``sides_known_to``,
    ``points_seen_by``, ``details_seen_by``, and each move rule's ``seen_by``).
    """
    rules = game.rules
    if not 0 <= seat < rules.players:
        raise ValueError(f"no seat {seat} in a {rules.players}-player game")
    sides, partners = rules.sides_known_to(game, seat)
    history: list[tuple[int, Action]] = []
    log = game.log
    actors = game.actors()
    for i in range(1, len(log)):
        action = log[i]
        if isinstance(action, Move):
            rule = rules.rule_for(action)
            if rule is not None:
                action = rule.seen_by(seat, actors[i], action)
        history.append((actors[i], action))
    received = game.receipts()
    deal = game.dealt
    drawn = tuple(
        (position, card)
        for position, who, _ in received
        if who == seat and (card := game.card_at(position)) is not None
    )
    return SeatView(
        rules=rules,
        seat=seat,
        names=game.names,
        phase=game.phase,
        current_player=game.current_player,
        legal_actions=tuple(game.legal_actions(seat)),
        hand=tuple(game.hands[seat]),
        hand_sizes=tuple(len(h) for h in game.hands),
        visible_hands={
            other: tuple(sorted(cards, key=_by_index))
            for other, cards in rules.visible_hands(game, seat).items()
        },
        trump=game.trump,
        turn_up=game.turn_up,
        stock_size=game.stock_size,
        talon=deal.talon if game.talon_shown and deal is not None else (),
        talon_size=len(game.talon),
        leader=game.leader,
        trick=game.trick_plays,
        tricks=tuple(game.tricks),
        points=rules.points_seen_by(game, seat),
        sides=sides,
        partners=partners,
        details=rules.details_seen_by(game, seat),
        messages=rules.messages_for(game, seat),
        history=tuple(history),
        dealt=deal.hands[seat] if deal is not None else (),
        turned_up=deal.stock[-1] if deal is not None and rules.turns_up and deal.stock else None,
        received=received,
        drawn=drawn,
        duties=tuple(game.duties),
    )


def _by_index(card: Card) -> int:
    return card.index
