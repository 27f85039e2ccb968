"""Brisca Rematada (Chile): three players, an auction from 100, a talon, and Tute's duties.

A 32-card Spanish pack (no 2s, no 4s): ten cards each and two face down, the talon. From seat 0
(the dealer's right), round and round, each player bids at least 100, higher than the last bid,
or passes for good; once two have passed, the third has won (if the first two pass without a
bid, the third must bid). The winner, the *declarer*, shows the talon to everyone, takes it,
puts two cards face down on his own pile (they count for him; the others do not see them) and
names trumps. Then ten tricks under Tute's duties (follow suit and head the trick; with none of
the suit, trump and overtrump). The last trick is worth 10 more, and king and knight of a suit,
declared by the winner of a trick before he leads, 40 in trumps or 20. Nobody is a partner.
The declarer makes his contract when his points reach his bid.

Scoring (two readings, an option): the declarer scores his bid, or the other two share it; or
1 game point to him, or 1 to each of them. Two who reach the match's target together play on
until one leads alone (option). Another reading (option ``duties="none"``) plays with no duty
at all, as in every Brisca.

Notation: ``bid:N``, ``pass``, ``discard:CODE`` (twice), ``trump:S``, ``declare:S``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from ..core.actions import CardMove, Decision, Move, Phrases, SuitMove, Trick
from ..core.cards import ALL_CARDS, Card, Suit
from ..core.options import Options, option
from ..core.packs import Pack, Style, pack_for
from ..core.ranking import RANKINGS
from ..engine import (
    Contract,
    Details,
    MoveRule,
    Phase,
    Result,
    Rules,
    Settlement,
    Sides,
    Table,
    Tally,
    TallyForm,
    Title,
    TrickDuties,
    Why,
)
from ..words import N_
from .auction import (
    AUCTION,
    Auction,
    AuctionRules,
    Bid,
    BidRule,
    Pass,
    PassRule,
    tallied_contract,
)
from .tute import Declare, MarriageRule, TuteDuty, marriages

DISCARD = Phase("discard", N_("the discards"))
"""The declarer puts two cards face down on his own pile."""
TRUMP = Phase("trump", N_("naming trumps"))
"""The declarer names trumps."""

MINIMUM_BID = 100
"""The lowest bid (Wikipedia's Brisca article)."""
LAST_TRICK = 10
"""The bonus for the last trick (*diez de últimas*)."""


@dataclass(frozen=True)
class Discard(CardMove):
    """The declarer puts ``card`` face down on his own pile (it counts for him)."""

    keyword: ClassVar[str] = "discard"
    decision: ClassVar[Decision] = Decision.BANK
    face_down: ClassVar[bool] = True
    leaves_hand: ClassVar[bool] = True
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} puts {card} face down on his own pile."),
        N_("You put {card} face down on your own pile."),
        hidden=N_("{who} puts a card face down on his own pile."),
        choice=N_("put {card} on your own pile"),
    )


@dataclass(frozen=True)
class Trump(SuitMove):
    """The declarer names ``suit`` trumps."""

    keyword: ClassVar[str] = "trump"
    decision: ClassVar[Decision] = Decision.TRUMPS
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} names {suit} trumps."),
        N_("You name {suit} trumps."),
        choice=N_("name {suit} trumps"),
    )


@dataclass(frozen=True)
class RematadaOptions(Options):
    """Options of Brisca Rematada."""

    scoring: Literal["bid", "game"] = option(
        "bid",
        N_("bid: the declarer scores his bid, or the others share it; game: 1 game point"),
        tally=True,
    )
    """``"bid"`` (Wikipedia's Brisca article): a made contract scores the bid to the declarer; a
    failed one gives each of the other two half the bid (an odd bid gives halves). ``"game"``
    (Grokipedia's): made, 1 game point to the declarer; failed, 1 to each of the other two."""

    first_lead: Literal["dealer-right", "declarer"] = option(
        "dealer-right",
        N_("who leads the first trick: the dealer's right (seat 0) or the declarer"),
    )
    """Our reading: seat 0, the dealer's right, leads as in every Brisca; Grokipedia's text has
    the declarer lead (``"declarer"``)."""

    duties: Literal["tute", "none"] = option(
        "tute",
        N_("tute: follow suit, head the trick, trump and overtrump; none: any card, as in Brisca"),
    )
    """``"tute"`` (our reading of Wikipedia's Brisca article, whose remark on "boarding" only
    makes sense under Tute's duties): follow suit and head the trick when you can; with none of
    the suit led, trump, overtrumping when you can. ``"none"`` (Grokipedia's text: "no
    obligation to follow suit"): any card, as in every Brisca."""

    match_tie: Literal["play-on", "shared"] = option(
        "play-on",
        N_("when two players reach the match target together: play-on (deal again until one leads "
           "alone) or shared (both win)"),
        tally=True,
    )
    """A failed contract scores for both defenders, so two of them often reach the target in the
    same deal. ``"play-on"`` (our reading, as Grokipedia's Brisca article settles an overall
    tie, "by additional play"): the deals go on until one player leads alone. ``"shared"``: the
    match ends and they share it."""

    match_target: int | None = option(
        None,
        N_("the score that wins a match (default: 3 game points, or 1000 with bid scoring)"),
        low=1, high=10_000, tally=True,
    )
    """Grokipedia plays to 3 game points; with the bid scoring no source gives a target, and
    1000 is our default."""

    pack: Style | None = option(
        None,
        N_("the look of the cards: spanish (default), italian or french"),
    )
    """Only names and pictures change: codes, ranks and points stay the same."""


@dataclass(frozen=True)
class RematadaDetails(Details):
    """What a deal of Brisca Rematada remembers beyond the cards (all public)."""

    auction: Auction = field(default_factory=Auction)
    """The auction as everyone heard it."""
    declarer: int | None = None
    """The auction's winner."""
    bid: int | None = None
    """His contract."""
    discarded: int = 0
    """How many cards he has put on his pile (which ones, only he knows)."""
    marriages: tuple[tuple[int, Suit, int], ...] = ()
    """Marriages declared: ``(seat, suit, trick just won)``."""


def _details(game: Table) -> RematadaDetails:
    details = game.details
    assert isinstance(details, RematadaDetails)
    return details


@dataclass(frozen=True)
class RematadaResult(Result):
    """A Rematada deal's result: game points by seat, and the contract."""

    bid: int | None = None
    declarer: int | None = None

    def seat_game_points(self) -> tuple[float, ...]:
        """:attr:`game_points` is already by seat."""
        return tuple(self.game_points)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.update(bid=self.bid, declarer=self.declarer)
        return out


_LOW = Why(N_("a bid is at least 100 and above the last bid: not {number}"))
_FORCED = Why(N_("the first two have passed: {who} must bid (at least 100)"),
              N_("the first two have passed: you must bid (at least 100)"))
_NOT_HELD = Why(N_("{who} does not hold {card}"))


class DiscardRule(MoveRule[Discard]):
    """The declarer's two cards face down on his own pile."""

    move_type = Discard
    phases = (DISCARD,)
    closed = Why(N_("only the declarer discards, after taking the talon"))

    def offers(self, game: Table, seat: int) -> Iterable[Discard]:
        return [Discard(card) for card in game.hands[seat]]

    def check(self, game: Table, seat: int | None, move: Discard) -> Why | None:
        if seat is None or move.card not in game.hands[seat]:
            return _NOT_HELD
        return None

    def apply(self, game: Table, seat: int, move: Discard) -> Trick | None:
        game.hand_to_pile(seat, move.card, seat)
        discarded = _details(game).discarded + 1
        game.update_details(discarded=discarded)
        game.begin_phase(DISCARD if discarded < 2 else TRUMP, seat)
        return None


class TrumpRule(MoveRule[Trump]):
    """The declarer names trumps; the play starts."""

    move_type = Trump
    phases = (TRUMP,)
    closed = Why(N_("only the declarer names trumps, after his discards"))

    def __init__(self, rules: Rematada) -> None:
        self.rules = rules

    def offers(self, game: Table, seat: int) -> Iterable[Trump]:
        return [Trump(suit) for suit in Suit]

    def apply(self, game: Table, seat: int, move: Trump) -> Trick | None:
        game.set_trump(move.suit)
        game.start_play(seat if self.rules.opts.first_lead == "declarer" else 0)
        return None


class RematadaMarriageRule(MarriageRule):
    """Tute's marriages, closed for good once none is possible any more."""

    def __init__(self, pack: Pack) -> None:
        super().__init__(pack)
        self._pairs = tuple((suit, *(card.index for card in self.move_type(suit).shown()))
                            for suit in Suit)
        """Each suit's pair by index (looked at after every trick while a marriage may be
        declared: a card's own equality, and making the cards, cost more)."""

    def still_possible(self, game: Table) -> bool:
        """Whether a marriage may still be declared: in a suit not declared yet whose king and
        knight are both in one hand (nothing is drawn in the play: a card played, or on the
        declarer's pile, is gone for good). Once none may, the play is plain card play (a
        search plays it on its compact model)."""
        declared = {suit for _, suit, _ in marriages(game)}
        pairs = [(king, knight) for suit, king, knight in self._pairs if suit not in declared]
        for hand in game.hands:
            held = {card.index for card in hand}
            if any(king in held and knight in held for king, knight in pairs):
                return True
        return False


class Rematada(Rules, AuctionRules):
    """Brisca Rematada: three players each on his own; the declarer against the other two."""

    id = "rematada"
    title = Title(N_("Brisca Rematada (Chile)"))
    player_counts: ClassVar[tuple[int, ...]] = (3,)
    options_type: ClassVar[type[Options]] = RematadaOptions
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase.DEAL, AUCTION, DISCARD, TRUMP, Phase.PLAY, Phase.OVER
    )
    move_types: ClassVar[tuple[type[Move], ...]] = (Bid, Pass, Discard, Trump, Declare)
    details_type = RematadaDetails
    contract_alone = True
    opts: RematadaOptions

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        assert isinstance(options, RematadaOptions)
        self.opts = options
        self.pack = pack_for(options.pack or "spanish", 40)
        self.cards = tuple(c for c in ALL_CARDS if c.number in (1, 3, 5, 6, 7, 10, 11, 12))
        self.hand_sizes = (10,) * 3
        self.talon_size = 2
        self.draw_counts = (0,) * 3
        self.turn_sizes = (1,) * 3
        self.turns_up = False
        ranking = RANKINGS["standard"]
        self.strength = ranking.strength
        self.card_points = ranking.card_points
        self.free_play = options.duties == "none"  # else Tute's duties
        # Pass is offered first: a player who always takes the first legal action passes.
        self.move_rules = (
            PassRule(self), BidRule(self), DiscardRule(), TrumpRule(self),
            RematadaMarriageRule(self.pack),
        )

    def initial_sides(self) -> Sides | None:
        """Unknown at the deal: the auction makes them."""
        return None

    def match_length(self) -> tuple[int | None, int | None]:
        """To the ``match_target`` option: 3 game points, or 1000 with the bid scoring."""
        target = self.opts.match_target
        if target is None:
            target = 3 if self.opts.scoring == "game" else 1000
        return (None, target)

    def match_over(self, scores: Sequence[float], target: int) -> bool:
        """Whether a match whose best score has reached ``target`` is over: at once with the
        ``match_tie`` option ``"shared"``; with ``"play-on"``, only when one player leads
        alone.

        Examples:
            >>> rules = Rematada(3, RematadaOptions(scoring="game"))
            >>> rules.match_over((3, 3, 1), 3), rules.match_over((4, 3, 1), 3)
            (False, True)
        """
        if self.opts.match_tie == "shared":
            return True
        best = max(scores)
        return best >= target and list(scores).count(best) == 1

    # The auction ----------------------------------------------------------------------------
    def after_deal(self, game: Table) -> None:
        game.begin_phase(AUCTION, 0)

    def auction_of(self, game: Table) -> Auction:
        return _details(game).auction

    def _lowest(self, auction: Auction) -> int:
        return MINIMUM_BID if auction.high is None else max(MINIMUM_BID, auction.high + 1)

    def bid_refusal(self, game: Table, seat: int, bid: int) -> Why | None:
        return None if bid >= self._lowest(self.auction_of(game)) else _LOW

    def lowest_bid(self, game: Table) -> int:
        return self._lowest(self.auction_of(game))

    def bids_offered(self, game: Table, seat: int) -> Iterable[int]:
        """From the lowest bid allowed up to 170 (the most a declarer can take is 170: 120 in
        cards, 40 for a marriage in trumps and 10 for the last trick); any higher bid is
        accepted too."""
        low = self._lowest(self.auction_of(game))
        return range(low, max(low, 170) + 1)

    def pass_refusal(self, game: Table, seat: int) -> Why | None:
        auction = self.auction_of(game)
        if len(auction.passed) == self.players - 1 and auction.high is None:
            return _FORCED
        return None

    def after_call(self, game: Table, seat: int, auction: Auction) -> None:
        game.update_details(auction=auction)
        if len(auction.passed) == self.players - 1 and auction.high_seat is not None:
            declarer = auction.high_seat
            game.update_details(declarer=declarer, bid=auction.high)
            game.set_sides(((declarer,), tuple(s for s in range(self.players) if s != declarer)))
            game.show_talon()
            game.give_talon(declarer)
            game.begin_phase(DISCARD, declarer)
        else:
            game.begin_phase(AUCTION, auction.next_bidder(seat, self.players))

    # The play ---------------------------------------------------------------------------------
    def card_rule(self, game: Table, seat: int) -> TuteDuty | None:
        trick = game.trick
        name = None
        if trick:
            led = trick[0].suit
            name = self.pack.suit_word(led)
        return TuteDuty.for_trick(trick, game.trump, self.strength, name)

    def trick_duties(self) -> TrickDuties | None:
        """The duties of :meth:`card_rule` (Tute's, no trump when none heads the trick), for a
        search's compact model; ``None`` with ``duties="none"`` (free play)."""
        return None if self.free_play else TrickDuties()

    def before_result(self, game: Table) -> None:
        """Ten more for the last trick (*diez de últimas*)."""
        if game.tricks and game.tricks[-1].winner is not None:
            game.add_points(game.tricks[-1].winner, LAST_TRICK)

    # What a seat sees -------------------------------------------------------------------------
    def points_seen_by(self, game: Table, seat: int) -> tuple[int, ...]:
        """The declarer's discards count for him, but only he knows what they are worth."""
        declarer = _details(game).declarer
        points = list(game.points)
        if declarer is not None and seat != declarer:
            points[declarer] -= sum(self.card_points[c.index] for c in self.discards(game))
        return tuple(points)

    def discards(self, game: Table) -> tuple[Card, ...]:
        """The declarer's discards (hidden from the others)."""
        return tuple(a.card for a in game.log if isinstance(a, Discard))

    # Facts for readers ----------------------------------------------------------------------
    def bidding(self, details: Details) -> Auction | None:
        """The auction (every deal of Rematada has one)."""
        assert isinstance(details, RematadaDetails)
        return details.auction

    def contract(self, details: Details) -> Contract | None:
        """The declarer's contract once the auction is won: his bid, alone against the other
        two."""
        assert isinstance(details, RematadaDetails)
        if details.declarer is None or details.bid is None:
            return None
        return Contract(holder=details.declarer, points=details.bid, alone=True)

    def settlement(self, result: Result) -> Settlement | None:
        """The declarer's contract, made when his points reach his bid."""
        assert isinstance(result, RematadaResult)
        assert result.declarer is not None and result.bid is not None
        contract = Contract(holder=result.declarer, points=result.bid, alone=True)
        return Settlement(contract=contract, made=result.winner == 0,
                          taken=result.side_points[0])

    # The score pad ---------------------------------------------------------------------------
    def tally_form(self) -> TallyForm:
        """The declarer, his bid and the points he took."""
        return TallyForm(low_bid=MINIMUM_BID)

    def result_of_tally(self, tally: Tally) -> Result:
        declarer = tally.holder
        assert declarer is not None
        return tallied_contract(self, tally, (declarer,),
                                RematadaDetails(declarer=declarer, bid=tally.bid))

    # The result ------------------------------------------------------------------------------
    def result(self, game: Table) -> Result:
        details = _details(game)
        declarer, bid = details.declarer, details.bid
        assert declarer is not None and bid is not None
        sides = game.sides
        totals = tuple(sum(game.points[s] for s in side) for side in sides)
        made = game.points[declarer] >= bid
        scores: list[float] = [0] * self.players
        for seat in range(self.players):
            if self.opts.scoring == "bid":
                if seat == declarer:
                    scores[seat] = bid if made else 0
                else:
                    scores[seat] = 0 if made else (bid // 2 if bid % 2 == 0 else bid / 2)
            else:
                scores[seat] = (1 if made else 0) if seat == declarer else (0 if made else 1)
        return RematadaResult(
            points=tuple(game.points), sides=sides, side_points=totals,
            winner=0 if made else 1, game_points=tuple(scores), reason="points",
            bid=bid, declarer=declarer,
        )
