"""The deal as the rules see it: :class:`Table`, what a rule may read and the operations it may
call.

A game's :class:`~cardrules.engine.Rules` and its move rules (:class:`~cardrules.engine.MoveRule`)
receive the deal being played as a ``Table``: its state, read-only, and the operations that
change it. Rules never edit the state's lists; they call the operations, which keep the
bookkeeping right (who received which card and when, what a view may show, what a copy must
carry). :class:`~cardrules.engine.Game` is the one table the engine makes; the rules need only
its shape, so they are written against this protocol and the engine's files do not depend on
each other in a circle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..core.actions import Action, Trick
from ..core.cards import Card, Suit
from .state import Details, Phase, Sides


class Table(Protocol):
    """The deal being played, as the rules see it (see the module docstring)."""

    # Reading the state ---------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """Player names by seat."""
        ...

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """Each seat's hand."""
        ...

    @property
    def turn_up(self) -> Card | None:
        """The turned-up card while it lies under the stock."""
        ...

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once known."""
        ...

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turned-up card included."""
        ...

    @property
    def sides(self) -> Sides:
        """The seats that score together, once known."""
        ...

    @property
    def trick(self) -> Sequence[Card]:
        """Cards played to the current trick, in order."""
        ...

    @property
    def tricks(self) -> Sequence[Trick]:
        """Finished tricks."""
        ...

    @property
    def taken(self) -> Sequence[Sequence[Card]]:
        """Cards each seat has taken in tricks or put on its own pile."""
        ...

    @property
    def points(self) -> Sequence[int]:
        """Points each seat has taken."""
        ...

    @property
    def log(self) -> Sequence[Action]:
        """Every action so far, the deal first."""
        ...

    @property
    def details(self) -> Details:
        """The game's own state (bids, the call, declarations...)."""
        ...

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to act (``-1`` before the deal, ``None`` once it is over)."""
        ...

    @property
    def end_reason(self) -> str | None:
        """How the rules ended the deal early, if they did."""
        ...

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` of the side ``seat`` belongs to."""
        ...

    # Operations for the rules ----------------------------------------------------------------
    def start_play(self, leader: int = 0) -> None:
        """Start (or restart) the play: the next trick is led by ``leader``."""
        ...

    def resume_play(self) -> None:
        """Go back to the play where it stopped (after an answer out of the turn order)."""
        ...

    def begin_phase(self, phase: Phase, seat: int) -> None:
        """Enter a phase of the game's own with ``seat`` to act."""
        ...

    def finish(self, reason: str | None = None) -> None:
        """End the deal now and compute the result."""
        ...

    def play_from_hand(self, card: Card) -> Trick | None:
        """Put ``card`` from the hand of the seat to play on the trick (a declared play)."""
        ...

    def draw(self, seat: int, count: int = 1) -> int:
        """``seat`` draws up to ``count`` cards from the stock; returns how many it drew."""
        ...

    def give_talon(self, seat: int) -> None:
        """The talon goes into ``seat``'s hand."""
        ...

    def show_talon(self) -> None:
        """Turn the talon face up: every view shows it from now on."""
        ...

    def exchange_turn_up(self, seat: int, card: Card) -> None:
        """``seat`` gives ``card`` from its hand for the turned-up card."""
        ...

    def hand_to_aside(self, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand, out of play."""
        ...

    def hand_to_pile(self, holder: int, card: Card, seat: int) -> None:
        """``card`` leaves ``holder``'s hand for ``seat``'s pile, its points to ``seat``."""
        ...

    def aside_to_pile(self, card: Card, seat: int) -> None:
        """``card`` goes from the cards out of play to ``seat``'s pile."""
        ...

    def add_points(self, seat: int, points: int) -> None:
        """Add points to ``seat``."""
        ...

    def set_sides(self, sides: Sides) -> None:
        """The sides become known."""
        ...

    def set_trump(self, suit: Suit | None) -> None:
        """Trumps become ``suit``."""
        ...

    def update_details(self, **changes: Any) -> None:
        """Change fields of the game's own state (:attr:`details`)."""
        ...


__all__ = ["Table"]
