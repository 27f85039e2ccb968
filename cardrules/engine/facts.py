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

A score pad (:mod:`cardrules.web.scorepad`) scores deals played with real cards from the figures
the players enter: :meth:`Rules.tally_form <cardrules.engine.Rules.tally_form>` says what it
asks of a deal (:class:`TallyForm`), and :meth:`Rules.result_of_tally
<cardrules.engine.Rules.result_of_tally>` scores what was entered (:class:`Tally`) by the game's
own :meth:`~cardrules.engine.Rules.result`, on a :class:`TalliedTable`.

A game whose duties on card play are the Tute family's says which of them it plays through
:meth:`Rules.trick_duties <cardrules.engine.Rules.trick_duties>` (:class:`TrickDuties`), so that
a search's compact model of the play (:mod:`cardrules.bots.compact`) carries them out without
asking the game's duty at every card.

Front ends read these, never a game's fields by name.

Examples:
    >>> auction = Auction().after(0, 70).after(1, None).after(2, 75)
    >>> auction.high, auction.high_seat, sorted(auction.passed)
    (75, 2, [1])
    >>> auction.next_bidder(2, 3)
    0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast

from ..core.actions import Move
from ..core.cards import Card, Suit

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
        """The tradition's rule: ``"italian"``, ``"spanish"``, ``"puerto-rico"``, ``"seven"``
        (the 7 of trumps takes any turned-up card), ``"seven-high"`` (one above it)."""
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
    def needs_side_trick(self) -> bool:
        """Whether the exchanger's side must have won a trick first (his own or a partner's)."""
        ...

    @property
    def seven_waits(self) -> str:
        """Puerto Rico: whether the 7 waits for the 2's turn always or only while the 2 is
        held (``"always"``, ``"while-two-held"``)."""
        ...

    @property
    def two_until(self) -> str:
        """Puerto Rico: until when the 2 of trumps goes before the 7 on a high turned-up card
        (``"first-card"``, ``"first-trick"``)."""
        ...

    def cards(self, game: Table) -> tuple[Card, ...]:
        """The trumps that may take the turned-up card now, whoever holds them."""
        ...

    def move(self, card: Card) -> Move:
        """The move that gives ``card`` for the turned-up card."""
        ...

    @property
    def taker(self) -> Callable[[int, bool, int, int, bool], int]:
        """The game's own decision of which trump may take the turned-up card, as a function of
        small values, so that a reader that keeps no :class:`Table` (the bots' compact model)
        asks the game instead of deciding again: ``taker(up, high, tricks, on_table,
        two_held)`` is the number of that trump (2 or 7), 0 for none; ``up`` the turned-up
        card's number, ``high`` whether it ranks above the 7 of trumps, ``tricks`` the tricks
        finished, ``on_table`` the cards of the trick being played, ``two_held`` whether the 2
        of trumps is in a hand."""
        ...

    @property
    def reads_two(self) -> bool:
        """Whether :attr:`taker` reads where the 2 of trumps is (its ``two_held``: Puerto Rico's
        7 waiting only while the 2 is in a hand); then the seats' own offers tell where the 2
        lies, which a reader that deals the unseen cards evenly must not ignore."""
        ...

    @property
    def timely(self) -> Callable[[int, int, bool, bool, bool, bool], bool]:
        """The game's own decision of whether the timing lets the holder of the card
        :attr:`taker` names exchange now, as a function of small values: ``timely(tricks,
        on_table, own_turn, exchanged_now, last_draw, won_last)``: the tricks finished, the
        cards of the trick being played, whether it is his turn to play, whether an exchange
        was made during this trick, whether the stock is down to its last draw, whether he won
        the last trick."""
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


@dataclass(frozen=True)
class TallyForm:
    """What a score pad asks of a deal of this game, played with real cards.

    Examples:
        >>> form = TallyForm(low_bid=61, partner=True, void=True)
        >>> form.kind, form.total, form.tute
        ('points', None, False)
    """

    kind: Literal["points", "tricks"] = "points"
    """What the players count: each side's card points, or each seat's tricks."""
    total: int | None = None
    """The card points all the sides' points add up to (``None``: no such check, as when
    Tute's cantes count besides the cards)."""
    low_bid: int | None = None
    """The lowest bid of the game's contract (``None``: no contract). With a contract the pad
    asks who holds it, the bid and the points his side took, instead of the sides' points."""
    partner: bool = False
    """A contract's holder calls a partner (Chiamata): the pad asks who it was."""
    void: bool = False
    """A deal may be void, everybody passing (Chiamata): the pad offers that."""
    tute: bool = False
    """The pad asks which side declared a tute, if any, and which took the last trick."""
    last: bool = False
    """The pad asks which side took the last trick (Guiñote: it settles a deal in which both
    sides reach the target), a side always named."""
    tricks: int = 0
    """With ``kind == "tricks"``: the tricks of a deal (a spoiled trick is nobody's); the pad
    asks also who reached the top number first and whether it was a mordienne."""
    surrender: bool = False
    """The pad asks whether a side offered to surrender, and the answer."""
    cantes: bool = False
    """The pad asks whether anybody declared a marriage (*cante*) in the deal, which the
    scoring reads (Tute's ``two_games`` option ``"121-with-cantes"``)."""


@dataclass(frozen=True)
class Tally:
    """A deal's figures as the players entered them, checked against the :class:`TallyForm`.

    Seats are the deal's seats, sides the game's :meth:`~cardrules.engine.Rules.initial_sides`.
    """

    points: tuple[int, ...] = ()
    """The card points of each side (``kind == "points"``, no contract)."""
    tricks: tuple[int, ...] = ()
    """The tricks of each seat (``kind == "tricks"``)."""
    holder: int | None = None
    """The seat that held the contract."""
    partner: int | None = None
    """The partner he called (himself, if he called his own card)."""
    bid: int = 0
    """The contract's bid."""
    taken: int = 0
    """The points the holder's side took."""
    void: bool = False
    """Everybody passed: no deal."""
    tute: int | None = None
    """The side that declared a tute (``None``: nobody)."""
    last: int | None = None
    """The side that took the last trick (``None``: not entered)."""
    first: int | None = None
    """The seat that reached the top number of tricks first (``None``: nobody did)."""
    mordienne: bool = False
    """The top player won none of the first tricks, then every one to the last."""
    surrender: tuple[int, Literal["accepted", "refused"]] | None = None
    """The side that offered to surrender and the answer (``None``: none offered)."""
    cantes: bool = False
    """Somebody declared a marriage (*cante*) in the deal."""


@dataclass
class _Trick:
    winner: int | None
    number: int


@dataclass
class TalliedTable:
    """What a game's :meth:`~cardrules.engine.Rules.result` reads of a finished deal, as the
    players entered it: the points (or tricks) of each seat, the sides, the game's own details,
    the tricks' winners when the scoring looks at them. Card-level facts the players do not
    enter (the cards each side took) are empty: the entered points already count them.

    Examples:
        >>> table = TalliedTable(((0,), (1,)), [70, 50], None)
        >>> table.side_of(1), table.taken
        (1, [[], []])
    """

    sides: tuple[tuple[int, ...], ...]
    """The sides of the deal."""
    points: list[int]
    """Each seat's points (or tricks)."""
    details: Any
    """The game's own details, as its ``result`` reads them."""
    winners: Sequence[int | None] = ()
    """The winner of each trick the scoring looks at, in order (``None``: spoiled)."""
    trump: Suit | None = None
    end_reason: str | None = None

    @classmethod
    def by_sides(cls, sides: Sequence[tuple[int, ...]], points: Sequence[int], details: Any,
                 winners: Sequence[int | None] = ()) -> TalliedTable:
        """The table of a deal whose points were entered by side (each side's on its first
        seat)."""
        by_seat = [0] * (max((max(side) for side in sides), default=-1) + 1)
        for side, value in zip(sides, points, strict=True):
            by_seat[side[0]] = value
        return cls(tuple(sides), by_seat, details, winners)

    def __post_init__(self) -> None:
        self.tricks = [_Trick(winner, number) for number, winner in enumerate(self.winners)]
        self.taken: list[list[Card]] = [[] for _ in self.points]

    def side_of(self, seat: int) -> int:
        """The side ``seat`` is on."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def table(self) -> Table:
        """This stand-in as the table a game's ``result`` reads."""
        return cast("Table", self)


StockDuty = Literal["full", "follow", "trumps", "free"]
"""What the duties ask while cards remain to draw (see :class:`TrickDuties`)."""


@dataclass(frozen=True)
class TrickDuties:
    """The duties on card play of the Tute family, as a game that plays them declares them
    (:meth:`Rules.trick_duties <cardrules.engine.Rules.trick_duties>`), under the default trick
    winner (the highest trump, else the highest card of the suit led).

    The full duty: holding the suit led, play it, and one that heads the trick when one of
    yours would (a trick already trumped cannot be headed with the suit led: then any of it);
    with none of the suit led, a trump that heads the trick when one of yours would; otherwise
    any card, or with :attr:`must_trump` a trump when you hold one.

    Examples:
        >>> TrickDuties().stock, TrickDuties(stock="follow").must_trump
        ('full', False)
    """

    must_trump: bool = False
    """With none of the suit led and no trump that heads the trick, a trump all the same."""
    stock: StockDuty = "full"
    """While cards remain to draw (the turned-up card counted): ``"full"``, the full duty;
    ``"follow"``, follow suit when you can, nothing more; ``"trumps"``, only a trump lead must
    be followed (with a trump); ``"free"``: any card (Guiñote's, with two or four players; the
    others two-player Tute's)."""
    partner_follows: bool = False
    """Four players: when the card heading the trick is your partner's (seats opposite), only
    follow suit."""


__all__ = ["Auction", "Contract", "RankBid", "Settlement", "TalliedTable", "Tally", "TallyForm",
           "TrickDuties"]
