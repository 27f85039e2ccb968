"""Auctions: bidding round the table until all but one have passed.

Briscola Chiamata and Brisca Rematada open with an auction: from seat 0, round and round, each
player either bids higher than the current bid or passes, and a pass is final. What a bid is (card
points, or a rank) and how an auction ends differ by game; :class:`Auction` (the public record
every view shows, :class:`cardrules.engine.Auction`, which a game shows readers through
:meth:`Rules.bidding <cardrules.engine.Rules.bidding>`) and :class:`AuctionRules` carry what they
share, and each game says the rest.

Notation: ``bid:N`` and ``pass``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from ..core.actions import Decision, Move, NumberMove, Phrases, Trick
from ..engine import (
    Auction,
    Details,
    MoveRule,
    Phase,
    Result,
    Rules,
    Table,
    TalliedTable,
    Tally,
    Why,
)
from ..words import N_

AUCTION = Phase("auction", N_("the auction"))
"""The players bid in turn or pass."""


@dataclass(frozen=True)
class Bid(NumberMove):
    """Bid ``number`` (card points, or in Chiamata's rank auction a card's number)."""

    keyword: ClassVar[str] = "bid"
    decision: ClassVar[Decision] = Decision.BID
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} bids {number}."),
        N_("You bid {number}."),
        choice=N_("bid {number}"),
    )


@dataclass(frozen=True)
class Pass(Move):
    """Pass: a player who passes bids no more in this auction."""

    keyword: ClassVar[str] = "pass"
    decision: ClassVar[Decision] = Decision.PASS
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} passes."),
        N_("You pass."),
        choice=N_("pass (you bid no more)"),
    )


class AuctionRules:
    """What an auction needs to know from its game: its bids and its end.

    A game's rules implement these three methods and install :class:`BidRule` and
    :class:`PassRule`."""

    def auction_of(self, game: Table) -> Auction:
        """The auction as it stands."""
        raise NotImplementedError

    def bid_refusal(self, game: Table, seat: int, bid: int) -> Why | None:
        """Why ``seat`` may not bid ``bid`` now (``None``: it may)."""
        raise NotImplementedError

    def bids_offered(self, game: Table, seat: int) -> Iterable[int]:
        """The bids to offer ``seat`` (the check decides: offer generously but finitely)."""
        raise NotImplementedError

    def pass_refusal(self, game: Table, seat: int) -> Why | None:
        """Why ``seat`` may not pass now (a forced bid), or ``None``."""
        return None

    def lowest_bid(self, game: Table) -> int:
        """The lowest bid in points allowed now (for refusal messages)."""
        raise NotImplementedError

    def after_call(self, game: Table, seat: int, auction: Auction) -> None:
        """Record ``auction`` (the call of ``seat`` made) and move on: the next bidder, or the
        end of the auction."""
        raise NotImplementedError


class BidRule(MoveRule[Bid]):
    """A bid in an auction: the game's :class:`AuctionRules` says which bids are allowed."""

    move_type = Bid
    phases = (AUCTION,)
    closed = Why(N_("there is no auction now"))

    def __init__(self, rules: AuctionRules) -> None:
        self.rules = rules

    def offers(self, game: Table, seat: int) -> Iterable[Bid]:
        return [Bid(n) for n in self.rules.bids_offered(game, seat)]

    def check(self, game: Table, seat: int | None, move: Bid) -> Why | None:
        assert seat is not None
        return self.rules.bid_refusal(game, seat, move.number)

    def apply(self, game: Table, seat: int, move: Bid) -> Trick | None:
        auction = self.rules.auction_of(game).after(seat, move.number)
        self.rules.after_call(game, seat, auction)
        return None

    def fields(self, game: Table, seat: int | None, move: Bid) -> dict[str, object]:
        fields = super().fields(game, seat, move)
        auction = self.rules.auction_of(game)
        fields.update(number=move.number, high=auction.high, low=self.rules.lowest_bid(game))
        return fields


class PassRule(MoveRule[Pass]):
    """A pass in an auction: final."""

    move_type = Pass
    phases = (AUCTION,)
    closed = BidRule.closed

    def __init__(self, rules: AuctionRules) -> None:
        self.rules = rules

    def offers(self, game: Table, seat: int) -> Iterable[Pass]:
        return (Pass(),)

    def check(self, game: Table, seat: int | None, move: Pass) -> Why | None:
        assert seat is not None
        return self.rules.pass_refusal(game, seat)

    def apply(self, game: Table, seat: int, move: Pass) -> Trick | None:
        auction = self.rules.auction_of(game).after(seat, None)
        self.rules.after_call(game, seat, auction)
        return None


__all__ = ["AUCTION", "Auction", "AuctionRules", "Bid", "BidRule", "Pass", "PassRule"]


def tallied_contract(rules: Rules, tally: Tally, team: tuple[int, ...],
                     details: Details) -> Result:
    """The result of a contract played with real cards (:meth:`Rules.result_of_tally
    <cardrules.engine.Rules.result_of_tally>`): the holder's ``team`` took the points entered,
    the other side the rest of the pack."""
    assert tally.holder is not None
    others = tuple(s for s in range(rules.players) if s not in team)
    points = [0] * rules.players
    points[tally.holder] = tally.taken
    pack = sum(rules.card_points[card.index] for card in rules.cards)
    points[others[0]] = max(0, pack - tally.taken)
    return rules.result(TalliedTable((team, others), points, details).table())
