"""Facts a game may declare about a deal, typed, for readers outside ``games/``.

Some games are played for a contract won in an auction (Briscola Chiamata, Brisca Rematada).
What a reader is told about them (who won the auction and must take how many points, who
passed, whether the contract was made) is the same kind of fact in every such game, though
each game keeps it in its own :class:`~cardrules.engine.Details` and
:class:`~cardrules.engine.Result`. A game module says it through three hooks of
:class:`~cardrules.engine.Rules`, whose defaults mean "no such fact":

* :meth:`Rules.bidding <cardrules.engine.Rules.bidding>` gives the :class:`Auction` as it
  stands;
* :meth:`Rules.contract <cardrules.engine.Rules.contract>` gives the :class:`Contract` once the
  auction is won;
* :meth:`Rules.settlement <cardrules.engine.Rules.settlement>` gives how a finished deal came
  out for its contract (:class:`Settlement`);
* :meth:`Rules.rank_bid <cardrules.engine.Rules.rank_bid>` says a bid of an auction by ranks
  as a :class:`RankBid` (Chiamata's Italian auction), and
  :attr:`Rules.contract_alone <cardrules.engine.Rules.contract_alone>` whether the auction's
  winner plays alone against all the others.

Front ends read these, never a game's fields by name.

Examples:
    >>> auction = Auction().after(0, 70).after(1, None).after(2, 75)
    >>> auction.high, auction.high_seat, sorted(auction.passed)
    (75, 2, [1])
    >>> auction.next_bidder(2, 3)
    0
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from ..core.actions import Move
from ..core.cards import Card

if TYPE_CHECKING:
    from .table import Table


@dataclass(frozen=True)
class Auction:
    """An auction as everyone heard it: every call in order, the high bid, who passed.

    A game with an auction keeps one in its details and shows it through
    :meth:`Rules.bidding <cardrules.engine.Rules.bidding>`.
    """

    calls: tuple[tuple[int, int | None], ...] = ()
    """Every call in order: ``(seat, bid)``, a pass as ``(seat, None)``."""
    high: int | None = None
    """The highest bid so far (``None``: nobody has bid)."""
    high_seat: int | None = None
    """Who made it."""
    passed: frozenset[int] = frozenset()
    """The seats that have passed."""

    def after(self, seat: int, bid: int | None) -> Auction:
        """The auction once ``seat`` has bid ``bid`` (``None``: passed)."""
        if bid is None:
            return replace(self, calls=(*self.calls, (seat, None)),
                           passed=self.passed | {seat})
        return replace(self, calls=(*self.calls, (seat, bid)), high=bid, high_seat=seat)

    def next_bidder(self, seat: int, players: int) -> int:
        """The next seat after ``seat`` that has not passed."""
        for k in range(1, players + 1):
            nxt = (seat + k) % players
            if nxt not in self.passed:
                return nxt
        return seat


@dataclass(frozen=True)
class Contract:
    """What the winner of an auction has undertaken.

    Examples:
        >>> Contract(holder=0, points=81, alone=False)
        Contract(holder=0, points=81, alone=False, called=None)
    """

    holder: int
    """The seat that won the auction (Chiamata's caller, Rematada's declarer)."""
    points: int
    """The points the holder's side must take (the winning bid, or what it stands for)."""
    alone: bool
    """True when the contract is played by the holder against all the others (Rematada's
    declarer); false when the holder plays with a partner he calls (Chiamata's caller, even if
    he calls a card of his own: the sides tell that once they are known)."""
    called: Card | None = None
    """The card the holder called to make his partner, once called (else ``None``)."""


class TrumpExchange(Protocol):
    """The exchange of the turned-up card for a low trump, as a game that has one declares it
    (:meth:`Rules.trump_exchange <cardrules.engine.Rules.trump_exchange>`): which tradition's
    rule and timing are in force, and the move that makes it, so that a reader (the practice
    exercises) can say why an exchange is or is not allowed without naming a game's classes.
    """

    @property
    def rule(self) -> str:
        """The tradition's rule: ``"italian"``, ``"spanish"``, ``"puerto-rico"``..."""
        ...

    @property
    def timing(self) -> str:
        """When it may be made: ``"any-time"``, ``"own-turn"``, ``"first-trick"``,
        ``"before-penultimate"``."""
        ...

    @property
    def needs_trick(self) -> bool:
        """Whether the exchanger must have won a trick first."""
        ...

    @property
    def seven_waits(self) -> str:
        """Puerto Rico: whether the 7 waits for the 2's turn always or only while the 2 is
        held (``"always"``, ``"while-two-held"``)."""
        ...

    def cards(self, game: Table) -> tuple[Card, ...]:
        """The trumps that may take the turned-up card now, whoever holds them."""
        ...

    def move(self, card: Card) -> Move:
        """The move that gives ``card`` for the turned-up card."""
        ...


@dataclass(frozen=True)
class RankBid:
    """A bid of an auction by ranks as a table says it: a rank ("king"), or, once the plain two
    is bid, a two at more points ("two at 64").

    Examples:
        >>> RankBid(12), RankBid(2, points=64)
        (RankBid(rank=12, points=None), RankBid(rank=2, points=64))
    """

    rank: int
    """The card number the bid names (``1`` the ace ... ``12`` the king)."""
    points: int | None = None
    """The card points a two is bid at, after the plain two (``None``: the rank alone)."""


@dataclass(frozen=True)
class Settlement:
    """How a finished deal came out for its contract.

    Examples:
        >>> Settlement(void=True)
        Settlement(void=True, contract=None, made=False, taken=0)
    """

    void: bool = False
    """True when nobody took a contract (everyone passed): no play and no score."""
    contract: Contract | None = None
    """The contract played (``None`` when the deal was void). The holder's side is always the
    first of the result's :attr:`~cardrules.engine.Result.sides`."""
    made: bool = False
    """Whether the holder's side took at least :attr:`Contract.points`."""
    taken: int = 0
    """The points the holder's side took."""


__all__ = ["Auction", "Contract", "RankBid", "Settlement"]
