"""What one seat may see: :class:`View`, the data of a seat's view.

:meth:`Game.view <cardrules.engine.Game.view>` builds it in one place, as a
:class:`~cardrules.engine.SeatView` (a view that can also deal worlds that agree with it).

A view holds the seat's own hand and everything public (the turned-up card, a talon once shown,
every action but the cards others put face down, who took which trick, who drew from the stock)
plus the private messages the seat has received. Bots and the widget get views, never the game.

A view also says enough for :meth:`SeatView.sample <cardrules.engine.SeatView.sample>` to deal a
whole world that agrees with it:
which stock positions went to which seat and when, the cards this seat drew, and the duties
(follow suit...) each play was made under, from which it infers what others cannot hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core.actions import Action, Trick
from ..core.cards import Card, Suit
from .legality import Duty
from .rules import Rules
from .state import Details, Phase, Receipt, Sides


@dataclass(frozen=True)
class View:
    """What one seat may see at one moment. Bots decide from this alone (as a
    :class:`~cardrules.engine.SeatView`, which :meth:`Game.view <cardrules.engine.Game.view>`
    gives).

    Examples:
        >>> from cardrules import new_game
        >>> view = new_game("brisca", players=2, seed=3).view(1)
        >>> len(view.hand), view.hand_sizes, view.stock_size
        (3, (3, 3), 34)
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
    """What this seat may do now: ``game.legal_actions(seat)``. For the seat to act, everything
    it may play; for another seat, only its moves out of turn (see :attr:`out_of_turn`), most
    often none."""
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
    def out_of_turn(self) -> bool:
        """Whether this seat may act although another seat is to act: its :attr:`legal_actions`
        are then only moves whose rule allows them out of turn (:attr:`MoveRule.out_of_turn
        <cardrules.engine.MoveRule.out_of_turn>`), which it may make or let pass
        (:meth:`Game.out_of_turn_actions <cardrules.engine.Game.out_of_turn_actions>`)."""
        return bool(self.legal_actions) and self.current_player != self.seat

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


__all__ = ["Duty", "Receipt", "View"]
