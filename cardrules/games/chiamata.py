"""Briscola Chiamata, or Briscola Bastarda: five players, an auction, a called card and a hidden
partner (six or seven at the table: the dealer, and with seven the player before him, sit out).

All 40 cards are dealt, 8 each: no stock, no turned-up card, no trumps until the call. From
seat 0 (the dealer's right), round and round, each player bids the card points he thinks he can
win, higher than the last bid, or passes for good; the auction ends when all but one have
passed (all five passing makes the deal void). The winner, the *caller*, then calls a card: its
suit is trumps and its holder is his partner, two against three, though nobody but the holder
knows who that is until the card is played. Tricks are won as in Briscola, with no duty to follow
suit. If the caller's side takes at least the bid, the caller scores 2, his partner 1 and the
others lose 1 each; otherwise the caller loses 2, his partner 1 and the others win 1 each. A
caller who calls his own card plays alone, for 4. The first to 15 wins the match.

The options give the other readings: the Italian rank auction, a forbidden own card, the caller
leading, and *Chiamata buia* (the call after the first trick).

Notation: ``bid:N``, ``pass``, ``call:CODE`` (``call:1B``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal

from ..core.actions import CardMove, Decision, Move, Phrases, Trick
from ..core.cards import ALL_CARDS, Card
from ..core.options import Options, option
from ..core.packs import Style, pack_for
from ..core.ranking import RANKINGS
from ..engine import (
    Contract,
    Details,
    MoveRule,
    Phase,
    RankBid,
    Result,
    Rules,
    Settlement,
    Sides,
    Table,
    TalliedTable,
    Tally,
    TallyForm,
    Title,
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

CALL = Phase("call", N_("the call"))
"""The auction's winner calls a card."""

PLAYING: Final = 5
"""The seats that play a deal: always five. At a table of six the dealer sits out each deal
(pagat's Briscola Chiamata page); at a table of seven, our reading of the same rule, the dealer
and the player before him (the seats after the first five, in order of play)."""

RANKS: Final = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)
"""The rank auction's bids, boldest first: ace, three, king... two."""


@dataclass(frozen=True)
class Call(CardMove):
    """Call ``card``: its suit becomes trumps and its holder the caller's hidden partner."""

    keyword: ClassVar[str] = "call"
    decision: ClassVar[Decision] = Decision.CALL
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} calls {card}: {card_suit} are trumps."),
        N_("You call {card}: {card_suit} are trumps."),
        choice=N_("call {card}"),
    )


@dataclass(frozen=True)
class ChiamataOptions(Options):
    """Options of Briscola Chiamata."""

    auction: Literal["points", "ranks"] = option(
        "points",
        N_("points: bid card points (61-120); ranks: bid a rank, lower each time, then points"),
    )
    """``"points"`` (the English source's Briscola Bastarda, and *Chiamata a punti*): each bid is
    a number of card points, higher than the last. ``"ranks"`` (the Italian auction): each bid
    names a card number, lower than the last (ace, three, king, knight, jack, 7... 2), written
    ``bid:1``, ``bid:3``, ``bid:12``...; the winner calls a card of that number and must take
    61; after the plain two the bids go on in points (``bid:61`` to ``bid:120``: "two at 61", which
    outbids the plain two at the same 61 as each card bid outbids the one before, then higher),
    and the winner calls a 2 and must take that many."""

    minimum_bid: int = option(
        61,
        N_("the lowest points bid (61 makes a bid mean more than half the points)"),
        low=61, high=120, tally=True,
    )
    """The lowest bid in points (our reading: 61, the least that wins a deal; one peer starts
    above 70), from 61 to 120 (the highest bid is always 120)."""

    call_own_card: bool = option(
        True,
        N_("the caller may call a card of his own hand (he then plays alone, 1 against 4)"),
    )
    """Our reading: allowed, and the caller then plays alone against four, for double stakes.
    ``False`` forbids it."""

    first_lead: Literal["dealer-right", "caller"] = option(
        "dealer-right",
        N_("who leads the first trick: the dealer's right (seat 0) or the caller"),
    )
    """Our reading: as in every Briscola, the player at the dealer's right (seat 0) leads;
    ``"caller"``: the caller leads."""

    buia: bool = option(
        False,
        N_("Chiamata buia: the card is called after the first trick (played without trumps)"),
    )
    """*Chiamata buia* (Wikipedia's list of variations): the first trick is played with no
    trumps, led as ``first_lead`` says; then the auction's winner calls a card not yet played,
    and the winner of the first trick leads the second."""

    pack: Style | None = option(
        None,
        N_("the look of the cards: italian (default), spanish or french"),
    )
    """Only names and pictures change: codes, ranks and points stay the same."""


@dataclass(frozen=True)
class ChiamataDetails(Details):
    """What a deal of Briscola Chiamata remembers beyond the cards (all of it public: the
    partner is not here, only in the sides, which only he knows)."""

    auction: Auction = field(default_factory=Auction)
    """The auction as everyone heard it."""
    caller: int | None = None
    """The auction's winner."""
    contract: int | None = None
    """The card points the caller's side must take."""
    rank: int | None = None
    """Rank auction: the number the called card must have."""
    called: Card | None = None
    """The card called."""
    void: bool = False
    """True when all five passed: no play, no score."""


def _details(game: Table) -> ChiamataDetails:
    details = game.details
    assert isinstance(details, ChiamataDetails)
    return details


@dataclass(frozen=True)
class ChiamataResult(Result):
    """A Chiamata deal's result: game points by seat, and the contract."""

    bid: int | None = None
    """The card points the caller's side had to take."""
    caller: int | None = None
    called: Card | None = None
    partner: int | None = None
    """The holder of the called card (the caller himself when he played alone)."""
    void: bool = False

    def seat_game_points(self) -> tuple[float, ...]:
        """:attr:`game_points` is already by seat."""
        return tuple(self.game_points)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.update(bid=self.bid, caller=self.caller,
                   called=self.called.code if self.called is not None else None,
                   partner=self.partner, void=self.void)
        return out


_RANGE = Why(N_("a bid is from {low} to 120 points, above the last: not {number}"))
_RANK = Why(N_("bid a card number lower than the last bid (1, 3, 12, 11, 10, 7... 2), or points "
               "after a 2: not {number}"))
_NOT_IN_PACK = Why(N_("{card} is not in the pack"))
_OWN = Why(N_("calling a card of your own hand is not allowed (option call_own_card)"))
_WRONG_RANK = Why(N_("the auction was won on the number {rank}: call a card of that number"))
_PLAYED = Why(N_("{card} has been played already: call a card still in a hand"))


class CallRule(MoveRule[Call]):
    """The call: the auction's winner names a card."""

    move_type = Call
    phases = (CALL,)
    closed = Why(N_("no card is called now"))

    def __init__(self, rules: Chiamata) -> None:
        self.rules = rules

    def offers(self, game: Table, seat: int) -> Iterable[Call]:
        return [Call(card) for card in self.rules.cards]

    def check(self, game: Table, seat: int | None, move: Call) -> Why | None:
        card = move.card
        if card not in self.rules.cards:
            return _NOT_IN_PACK
        details = _details(game)
        if details.rank is not None and card.number != details.rank:
            return _WRONG_RANK
        if any(card in t.cards for t in game.tricks) or card in game.trick:
            return _PLAYED
        if seat is not None and not self.rules.opts.call_own_card and card in game.hands[seat]:
            return _OWN
        return None

    def apply(self, game: Table, seat: int, move: Call) -> Trick | None:
        card = move.card
        holder = next(s for s, hand in enumerate(game.hands) if card in hand)
        game.set_trump(card.suit)
        team = (seat,) if holder == seat else tuple(sorted((seat, holder)))
        game.set_sides((team, tuple(s for s in range(PLAYING) if s not in team)))
        game.update_details(called=card)
        if game.tricks:  # Chiamata buia: the first trick's winner leads on
            winner = game.tricks[0].winner
            game.start_play(winner if winner is not None else game.tricks[0].leader)
        else:
            game.start_play(self.rules.first_leader(game))
        return None

    def fields(self, game: Table, seat: int | None, move: Call) -> dict[str, object]:
        fields = super().fields(game, seat, move)
        fields["rank"] = _details(game).rank
        return fields


class Chiamata(Rules, AuctionRules):
    """Briscola Chiamata (Bastarda): five players, an auction, a called card."""

    id = "chiamata"
    title = Title(N_("Briscola Chiamata (Bastarda)"))
    player_counts: ClassVar[tuple[int, ...]] = (5, 6, 7)
    options_type: ClassVar[type[Options]] = ChiamataOptions
    phases: ClassVar[tuple[Phase, ...]] = (Phase.DEAL, AUCTION, CALL, Phase.PLAY, Phase.OVER)
    move_types: ClassVar[tuple[type[Move], ...]] = (Bid, Pass, Call)
    details_type = ChiamataDetails
    opts: ChiamataOptions

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        assert isinstance(options, ChiamataOptions)
        self.opts = options
        self.pack = pack_for(options.pack or "italian", 40)
        self.cards = tuple(c for c in ALL_CARDS if c.number not in (8, 9))
        out = players - PLAYING  # who sits out this deal: no cards, no bid, no turn
        self.hand_sizes = (8,) * PLAYING + (0,) * out
        self.draw_counts = (0,) * players
        self.turn_sizes = (1,) * PLAYING + (0,) * out
        self.turns_up = False
        ranking = RANKINGS["standard"]
        self.strength = ranking.strength
        self.card_points = ranking.card_points
        self.watches_tricks = options.buia
        # Pass is offered first: a player who always takes the first legal action passes.
        self.move_rules = (PassRule(self), BidRule(self), CallRule(self))

    def initial_sides(self) -> Sides | None:
        """Unknown at the deal: the call makes them."""
        return None

    def match_length(self) -> tuple[int | None, int | None]:
        """First to 15 game points (the English source)."""
        return (None, 15)

    def first_leader(self, game: Table) -> int:
        """Who leads the first trick: seat 0, or the caller (option ``first_lead``)."""
        caller = _details(game).caller
        return caller if self.opts.first_lead == "caller" and caller is not None else 0

    # The auction ----------------------------------------------------------------------------
    def after_deal(self, game: Table) -> None:
        game.begin_phase(AUCTION, 0)

    def auction_of(self, game: Table) -> Auction:
        return _details(game).auction

    def _lowest_points(self, auction: Auction) -> int:
        high = auction.high
        low = self.opts.minimum_bid
        if high is not None and high > 12:
            low = max(low, high + 1)
        return low

    def bid_refusal(self, game: Table, seat: int, bid: int) -> Why | None:
        auction = self.auction_of(game)
        high = auction.high
        if self.opts.auction == "ranks":
            if bid in RANKS:
                if high is None or (high in RANKS and RANKS.index(bid) > RANKS.index(high)):
                    return None
                return _RANK
            if high is None or (high in RANKS and high != 2):
                return _RANK
        low = self._lowest_points(auction)
        return None if low <= bid <= 120 else _RANGE

    def lowest_bid(self, game: Table) -> int:
        return self._lowest_points(self.auction_of(game))

    def bids_offered(self, game: Table, seat: int) -> Iterable[int]:
        auction = self.auction_of(game)
        offered: list[int] = []
        if self.opts.auction == "ranks":
            offered.extend(RANKS)
        offered.extend(range(self._lowest_points(auction), 121))
        return offered

    def after_call(self, game: Table, seat: int, auction: Auction) -> None:
        game.update_details(auction=auction)
        if len(auction.passed) == PLAYING:
            game.update_details(void=True)
            game.finish("void")
        elif len(auction.passed) == PLAYING - 1 and auction.high_seat is not None:
            high = auction.high
            assert high is not None
            if self.opts.auction == "ranks":
                contract, rank = (61, high) if high in RANKS else (high, 2)
            else:
                contract, rank = high, None
            caller = auction.high_seat
            game.update_details(caller=caller, contract=contract, rank=rank)
            if self.opts.buia:
                game.start_play(self.first_leader(game))
            else:
                game.begin_phase(CALL, caller)
        else:
            game.begin_phase(AUCTION, auction.next_bidder(seat, PLAYING))

    def after_trick(self, game: Table, trick: Trick) -> None:
        """Chiamata buia: after the first trick, the auction's winner calls."""
        details = _details(game)
        if trick.number == 0 and details.called is None and details.caller is not None:
            game.begin_phase(CALL, details.caller)

    # What each seat knows of the sides ------------------------------------------------------
    def sides_known_to(self, game: Table, seat: int) -> tuple[Sides, tuple[int, ...]]:
        """The holder of the called card knows both sides at once; everyone else learns them
        when the called card is played (a caller who called his own card knows he is alone)."""
        if not game.sides:
            return (), ()
        called = _details(game).called
        revealed = called is not None and (
            called in game.trick or any(called in t.cards for t in game.tricks))
        if revealed or seat == self.partner(game):
            side = next((side for side in game.sides if seat in side), ())  # () sitting out
            return game.sides, tuple(s for s in side if s != seat)
        return (), ()

    def partner(self, game: Table) -> int | None:
        """The holder of the called card (the caller himself when he called his own)."""
        if not game.sides:
            return None
        team = game.sides[0]
        caller = _details(game).caller
        return next((s for s in team if s != caller), caller)

    # Facts for readers --------------------------------------------------------------------
    def bidding(self, details: Details) -> Auction | None:
        """The auction (every deal of Chiamata has one)."""
        assert isinstance(details, ChiamataDetails)
        return details.auction

    def contract(self, details: Details) -> Contract | None:
        """The caller's contract once the auction is won: his side must take the contract's
        points, with the partner his call makes."""
        assert isinstance(details, ChiamataDetails)
        if details.caller is None or details.contract is None:
            return None
        return Contract(holder=details.caller, points=details.contract, alone=False,
                        called=details.called)

    def settlement(self, result: Result) -> Settlement | None:
        """Void when all five passed; otherwise the contract, made when the caller's side
        (the first side) took at least its points."""
        assert isinstance(result, ChiamataResult)
        if result.void:
            return Settlement(void=True)
        assert result.caller is not None and result.bid is not None
        contract = Contract(holder=result.caller, points=result.bid, alone=False,
                            called=result.called)
        return Settlement(contract=contract, made=result.winner == 0,
                          taken=result.side_points[0])

    def rank_bid(self, bid: int) -> RankBid | None:
        """In the auction by ranks, a rank, or after the plain two a two at ``bid`` points."""
        if self.opts.auction != "ranks":
            return None
        return RankBid(bid) if bid in RANKS else RankBid(2, points=bid)

    # The score pad -------------------------------------------------------------------------
    def tally_form(self) -> TallyForm:
        """The caller, his partner, the bid and the points his side took; or a void deal."""
        return TallyForm(low_bid=self.opts.minimum_bid, partner=True, void=True)

    def result_of_tally(self, tally: Tally) -> Result:
        if tally.void:
            void = TalliedTable((), [0] * self.players, ChiamataDetails(void=True))
            return self.result(void.table())
        caller, partner = tally.holder, tally.partner
        assert caller is not None and partner is not None
        team = (caller,) if partner == caller else tuple(sorted((caller, partner)))
        return tallied_contract(self, tally, team,
                                ChiamataDetails(caller=caller, contract=tally.bid))

    # The result ----------------------------------------------------------------------------
    def result(self, game: Table) -> Result:
        details = _details(game)
        if details.void:
            return ChiamataResult(points=tuple(game.points), sides=(), side_points=(),
                                  winner=None, game_points=(0,) * self.players, reason="void",
                                  void=True)
        sides = game.sides
        caller, contract = details.caller, details.contract
        assert caller is not None and contract is not None
        partner = self.partner(game)
        totals = tuple(sum(game.points[s] for s in side) for side in sides)
        made = totals[0] >= contract
        alone = partner == caller
        scores = [1 if not made else -1] * PLAYING + [0] * (self.players - PLAYING)
        if alone:
            scores[caller] = 4 if made else -4
        else:
            scores[caller] = 2 if made else -2
            assert partner is not None
            scores[partner] = 1 if made else -1
        return ChiamataResult(
            points=tuple(game.points), sides=sides, side_points=totals,
            winner=0 if made else 1, game_points=tuple(scores), reason="points",
            bid=contract, caller=caller, called=details.called, partner=partner,
        )

