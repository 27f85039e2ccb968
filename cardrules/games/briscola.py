"""The Briscola family: Italian Briscola, Spanish Brisca and Puerto Rican Briscas.

The three games share one set of rules; a :class:`Tradition` says where they differ (pack, card
removal, trump-card exchange, the Italian redeal) and :class:`BriscolaOptions` lets a table pick
any other reading.

Common rules: 40 cards (48 for six Spanish players), rank 1, 3, 12, 11, 10, (9, 8,) 7, 6, 5, 4, 2,
points 11, 10, 4, 3, 2 (120 in all). Three cards each; the next card is turned up under the stock
and fixes trumps. No duty to follow suit. A trick goes to the highest trump, else to the highest
card of the suit led; its winner draws first and leads next. Partners are seats i and i+2 (and i+4).
With two sides, more than 60 wins and 60-60 is a draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from ..core.actions import CardMove, Deal, Decision, Move, Phrases, Trick
from ..core.cards import ALL_CARDS, Card, Suit, parse_card
from ..core.options import Options, option
from ..core.packs import Style, pack_for
from ..core.ranking import RANKINGS
from ..engine import (
    CardRule,
    MoveRule,
    Result,
    Rules,
    Sides,
    Table,
    Title,
    Why,
    side_points,
)
from ..words import N_, Message
from .exchange import (
    Exchange,
    ExchangeDetails,
    ExchangeOptions,
    ExchangeRule,
    ExchangeRuleName,
    ExchangeTiming,
    declared,
)

ThreeRemoval = Literal["one-2", "one-4", "all-2s"]
SixPack = Literal["48-cards", "no-2s"]


@dataclass(frozen=True)
class Tradition:
    """Where the three national games differ; each value is the default of an option."""

    style: Style
    """The pack's look."""
    exchange: ExchangeRuleName
    """Which card may take the turned-up card."""
    timing: ExchangeTiming
    """When it may."""
    redeal: bool
    """Whether a turned-up ace or three goes back into the stock."""
    three: ThreeRemoval
    """What three players remove from the 40 cards."""
    six: SixPack
    """What six players play with."""


ITALY: Final = Tradition("italian", "italian", "first-trick", True, "one-2", "no-2s")
SPAIN: Final = Tradition("spanish", "spanish", "any-time", False, "all-2s", "48-cards")
PUERTO_RICO: Final = Tradition(
    "spanish", "puerto-rico", "any-time", False, "one-4", "48-cards"
)


@dataclass(frozen=True)
class BriscolaOptions(ExchangeOptions):
    """Options of Briscola, Brisca and Briscas. ``None`` means "as the game's tradition plays it".

    Each option names the reading it picks; each default is the reading the rulebook's game page
    explains first.
    """

    redeal_ace_or_three: bool | None = option(
        None,
        N_("a turned-up ace or three goes back into the stock (default: Italy yes)"),
    )
    """Italian rule (the English Briscola page): if the turned-up card is an ace or a three it is
    put back in the middle of the stock and the top card is turned instead, until the turn-up is
    neither. "The middle" is position ``len // 2`` of the stock without the turn-up. It shapes
    seeded deals; an explicit deal record is taken as it lies (the redeal is assumed done)."""

    three_player_removal: ThreeRemoval | None = option(
        None,
        N_("what three players remove: one-2 (Italy), one-4 (Puerto Rico), all-2s (Spain)"),
    )
    """Three players: ``"one-2"`` (Italy: 39 cards, 13 tricks; a seeded deal removes the 2 of
    clubs, the usual choice), ``"one-4"`` (Puerto Rico: any 4; a seeded deal lets the seed pick
    it), ``"all-2s"`` (Spain: 36 cards, 12 tricks). An explicit deal may lack any one 2 or 4."""

    six_player_pack: SixPack | None = option(
        None,
        N_("six players: 48-cards (Spain) or no-2s (Italy)"),
    )
    """Six players in two teams of three: ``"48-cards"`` (Spain: the 48-card pack, 8 tricks) or
    ``"no-2s"`` (Italy: 36 cards, 6 tricks). Puerto Rican sources stop at four players; Briscas
    with six follows Spain."""

    follow_suit: bool = option(False, N_("players must follow suit when they can"))
    """Duty to follow the suit led when able. Off in every tradition; one Argentine reading and
    the Grokipedia article require it."""

    tie: Literal["draw", "more-cards"] = option(
        "draw",
        N_("a tie on points: draw, or the side with more cards wins (some in Spain)"),
    )
    """How a tie on points (60-60) ends: a ``"draw"`` (everyone), or ``"more-cards"``: the side
    that took more cards wins (some Spanish players, the Brisca articles)."""

    big_win: bool | Literal["margin"] = option(
        False,
        N_("a big win scores 2 game points: true (over 100 card points) or margin (by over 100)"),
        tally=True,
    )
    """Wikipedia's Brisca article: "winning by more than a hundred card points" counts 2 game
    points in a match. Two readings: ``True``, the winning side took more than 100 card points;
    ``"margin"``, it won by more than 100 (its points minus the best other side's)."""

    arrastro: bool = option(False, N_("the holder of the trump ace may declare arrastro (Spain)"))
    """Spanish *arrastro* (the Brisca articles): playing the ace of trumps, its holder may declare
    it (the action ``arrastro:<ace>``); each player still to play must then play their best trump,
    or with no trump their best card."""

    claim: bool = option(
        False,
        N_("a side holding the top trumps may claim the remaining tricks (Spain)"),
    )
    """The Brisca articles: once the stock is gone, the player to lead may claim every remaining
    trick (action ``claim``) when his side holds the highest remaining trumps, as many as there are
    tricks left (the source names three, and two). The remaining cards go to him."""

    muerte_al_tres: bool = option(
        False,
        N_("Cuban Muerte al Tres: the side whose trump ace kills the trump three wins"),
    )
    """Cuba (the Brisca articles): the trump ace may not be played before the trump three, except as
    a player's last card; the side whose ace captures the trump three wins the deal at once."""

    mariaje: bool = option(
        False,
        N_("Sicilian Mariaje: king and knight of a suit taken score 40 (trumps) or 20"),
    )
    """The Brisca articles' Mariaje/Cinquecento: a side that takes the king and knight of one suit
    scores 40 more in trumps, 20 in another suit."""

    open_hands: bool = option(False, N_("play with hands face up (scoperta)"))
    """Briscola *scoperta*: every hand is face up (every seat's view shows all hands)."""

    aim: Literal["most", "at-most-11"] = option(
        "most",
        N_("the aim: the most card points, or (Mexico) no more than 11"),
        tally=True,
    )
    """``"most"``: the side with more card points wins (every tradition). ``"at-most-11"``:
    the Mexican way Wikipedia's Brisca article mentions in one sentence ("the objective is not
    to add more than 11 total points"); nothing more is said, so our reading is: the side with
    the fewest card points wins if it has 11 or fewer, and otherwise (or on a tie) nobody
    does."""

    trump_suit: Literal["O", "C", "E", "B"] | None = option(
        None,
        N_("fix the trump suit instead of the turned-up card's"),
    )
    """A fixed trump suit for the deal (the variant that rotates trumps deal by deal: coins,
    cups, swords, clubs). A card is still turned up and drawn last."""


@dataclass(frozen=True)
class Arrastro(CardMove):
    """Play ``card``, the ace of trumps, and declare *arrastro*: the players still to play must
    play their best trump, or with no trump their best card."""

    keyword: ClassVar[str] = "arrastro"
    decision: ClassVar[Decision] = Decision.DECLARED_PLAY
    leaves_hand: ClassVar[bool] = True
    plays_card: ClassVar[bool] = True
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} plays {card} and declares arrastro: everyone after must play their best trump."),
        N_("You play {card} and declare arrastro: everyone after must play their best trump."),
        choice=N_("play {card} and declare arrastro"),
    )


@dataclass(frozen=True)
class Claim(Move):
    """Claim every remaining trick for the claimer's side (it must hold the top trumps)."""

    keyword: ClassVar[str] = "claim"
    decision: ClassVar[Decision] = Decision.CLAIM
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} claims the remaining tricks."),
        N_("You claim the remaining tricks."),
        choice=N_("claim every remaining trick for your side"),
    )


@dataclass(frozen=True)
class BriscolaDetails(ExchangeDetails):
    """What a deal of the Briscola family remembers beyond the cards."""

    arrastro_in: int | None = None
    """The trick (from 0) in which *arrastro* was declared, if it was."""
    killer: int | None = None
    """Muerte al Tres: the seat whose trump ace took the trump three."""


def _details(game: Table) -> BriscolaDetails:
    details = game.details
    assert isinstance(details, BriscolaDetails)
    return details


_BEST = Why(N_("arrastro: {who} must play its best trump (or best card): not {card}"),
            N_("arrastro: you must play your best trump (or best card): not {card}"))
_ACE_WAITS = Why(N_("Muerte al Tres: the trump ace waits until the trump three has been played"))
_FOLLOW = Why(N_("{who} must follow suit ({suit}): not {card}"),
              N_("you must follow suit ({suit})"))


@dataclass(frozen=True)
class BriscolaDuty(CardRule):
    """The duties a Briscola table may play under, from the options and the trick so far:
    *arrastro* in force (best trump, else best card), the Cuban trump ace that waits for the
    three, and following suit."""

    strength: Sequence[int]
    trump: Suit | None
    arrastro: bool
    """*Arrastro* was declared in this trick, before this seat's turn."""
    waiting_ace: Card | None
    """Muerte al Tres: the trump ace, while the trump three is still out (else ``None``)."""
    led: Suit | None
    """The suit to follow (``None``: no duty to follow)."""
    suit_name: Message | None = None

    def check(self, card: Card, hand: Sequence[Card]) -> Why | None:
        strength = self.strength
        if self.arrastro:
            trumps = [c for c in hand if c.suit is self.trump]
            pool = trumps or hand
            if card not in pool:
                return _BEST
            top = max(strength[c.index] for c in pool)
            return None if strength[card.index] == top else _BEST
        ace = self.waiting_ace
        blocked = ace is not None and len(hand) > 1 and ace in hand
        if blocked and card is ace:
            return _ACE_WAITS
        led = self.led
        if led is not None and card.suit is not led:
            for other in hand:
                if other.suit is led and not (blocked and other is ace):
                    return _FOLLOW
        return None

    def fields(self) -> dict[str, object]:
        return {"suit": self.suit_name} if self.suit_name is not None else {}


class ArrastroRule(MoveRule[Arrastro]):
    """The Spanish *arrastro*: the holder of the trump ace plays it and declares it."""

    move_type = Arrastro
    disabled = Why(N_("arrastro is not played (option arrastro)"))
    _NOT_ACE = Why(N_("{card} is not the ace of trumps: only the trump ace declares arrastro"))
    _NOT_HELD = Why(N_("{who} does not hold {card}"))

    def __init__(self, rules: BriscolaRules, enabled: bool) -> None:
        self.rules = rules
        self.enabled = enabled

    def offers(self, game: Table, seat: int) -> Iterable[Arrastro]:
        return (Arrastro(Card(1, game.trump)),) if game.trump is not None else ()

    def check(self, game: Table, seat: int | None, move: Arrastro) -> Why | None:
        if seat is None or game.trump is None or move.card is not Card(1, game.trump):
            return self._NOT_ACE
        hand = game.hands[seat]
        if move.card not in hand:
            return self._NOT_HELD
        duty = self.rules.card_rule(game, seat)
        return None if duty is None else duty.check(move.card, hand)

    def fields(self, game: Table, seat: int | None, move: Arrastro) -> dict[str, object]:
        fields = super().fields(game, seat, move)
        duty = None if seat is None else self.rules.card_rule(game, seat)
        if duty is not None:  # a refusal may be the duty's: it names the suit to follow
            fields.update(duty.fields())
        return fields

    def apply(self, game: Table, seat: int, move: Arrastro) -> Trick | None:
        number = len(game.tricks)
        trick = game.play_from_hand(move.card)
        game.update_details(arrastro_in=number)
        return trick


class ClaimRule(MoveRule[Claim]):
    """The Spanish claim: with the stock gone, the player to lead whose side holds the top
    trumps takes every remaining trick."""

    move_type = Claim
    disabled = Why(N_("claiming is not played (option claim)"))
    _CANNOT = Why(N_("a claim needs an empty stock, the lead, and your side holding the top "
                     "trumps"))

    def __init__(self, rules: BriscolaRules, enabled: bool) -> None:
        self.rules = rules
        self.enabled = enabled

    def offers(self, game: Table, seat: int) -> Iterable[Claim]:
        return (Claim(),)

    def check(self, game: Table, seat: int | None, move: Claim) -> Why | None:
        if seat is None or game.trick or not self.rules.can_claim(game, seat):
            return self._CANNOT
        return None

    def apply(self, game: Table, seat: int, move: Claim) -> Trick | None:
        for holder, hand in enumerate(game.hands):
            for card in tuple(hand):
                game.hand_to_pile(holder, card, seat)
        game.finish("claim")
        return None


class BriscolaRules(Rules):
    """Rules shared by the Briscola family; subclasses only name their :class:`Tradition`."""

    tradition: ClassVar[Tradition]
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4, 6)
    options_type: ClassVar[type[Options]] = BriscolaOptions
    move_types: ClassVar[tuple[type[Move], ...]] = (Exchange, Arrastro, Claim)
    details_type = BriscolaDetails
    end_reasons: ClassVar[dict[str, str]] = {
        "muerte-al-tres": N_("The three of trumps was killed (muerte al tres)."),
    }
    opts: BriscolaOptions

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        assert isinstance(options, BriscolaOptions)
        t = self.tradition
        o = self.opts = options
        self.redeal = o.redeal_ace_or_three if o.redeal_ace_or_three is not None else t.redeal
        style = o.pack or t.style
        numbers: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
        self.remove_one_of = ()
        if players == 3:
            removal = o.three_player_removal or t.three
            if removal == "all-2s":
                numbers = (1, 3, 4, 5, 6, 7, 10, 11, 12)
            else:
                number = 2 if removal == "one-2" else 4
                self.remove_one_of = tuple(c for c in ALL_CARDS if c.number == number)
                self.seeded_removal = parse_card("2B") if number == 2 else None
        elif players == 6:
            if (o.six_player_pack or t.six) == "48-cards":
                numbers = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
            else:
                numbers = (1, 3, 4, 5, 6, 7, 10, 11, 12)
        size = 48 if 8 in numbers else 40
        # The Italian pack has no 8s and 9s: six players on 48 cards use the Spanish pack.
        self.pack = pack_for("spanish" if style == "italian" and size == 48 else style, size)
        self.cards = tuple(c for c in ALL_CARDS if c.number in numbers)
        self.hand_sizes = (3,) * players
        self.draw_counts = (1,) * players
        self.turn_sizes = (1,) * players
        self.turns_up = True
        ranking = RANKINGS[o.scoring]
        self.strength = ranking.strength
        self.card_points = ranking.card_points
        self.free_play = not (o.follow_suit or o.arrastro or o.muerte_al_tres)
        self.watches_tricks = o.muerte_al_tres
        self.exchange = ExchangeRule(self, o, t.exchange, t.timing)
        self.move_rules = (
            self.exchange, ArrastroRule(self, o.arrastro), ClaimRule(self, o.claim)
        )

    def trump_exchange(self) -> ExchangeRule | None:
        """The exchange of the turned-up card in force (see :func:`.exchange.declared`)."""
        return declared(self.exchange)

    def initial_sides(self) -> Sides:
        """Two or three players play alone; four and six play in two sides, partners sitting
        alternately (seats i, i+2, i+4)."""
        if self.players in (2, 3):
            return tuple((s,) for s in range(self.players))
        return tuple(tuple(range(s, self.players, 2)) for s in range(2))

    def match_length(self) -> tuple[int | None, int | None]:
        """Best of three deals: the first side to 2 game points (the Italian source)."""
        return (None, 2)

    # Dealing -----------------------------------------------------------------------------------
    def settle_turn_up(self, stock: list[Card]) -> list[Card]:
        """The Italian redeal: while the turn-up is an ace or a three, put it back in the middle
        and turn the top card (terminates: at most 8 such cards and a stock of at least 18)."""
        while self.redeal and stock[-1].number in (1, 3):
            rest = stock[:-1]
            rest.insert(len(rest) // 2, stock[-1])
            stock = rest[1:] + rest[:1]
        return stock

    def trump_of(self, deal: Deal) -> Suit | None:
        if self.opts.trump_suit is not None:
            return Suit.parse(self.opts.trump_suit)
        return Rules.trump_of(self, deal)  # not super(): every seeded game asks

    # Duties on plays ------------------------------------------------------------------------
    def card_rule(self, game: Table, seat: int) -> BriscolaDuty | None:
        o = self.opts
        trump = game.trump
        arrastro = bool(game.trick) and _details(game).arrastro_in == len(game.tricks)
        waiting = None
        if o.muerte_al_tres and trump is not None:
            three = Card(3, trump)
            out = three in game.trick or any(three in t.cards for t in game.tricks)
            waiting = None if out else Card(1, trump)
        led = game.trick[0].suit if o.follow_suit and game.trick else None
        if not arrastro and waiting is None and led is None:
            return None
        name = None if led is None else self.pack.suit_word(led)
        return BriscolaDuty(self.strength, trump, arrastro, waiting, led, name)

    def can_claim(self, game: Table, seat: int) -> bool:
        """Whether ``seat`` may claim now: empty stock, his lead, his side holds the k highest
        remaining trumps where k is the number of tricks left."""
        if game.stock_size or game.trump is None:
            return False
        left = len(game.hands[seat])
        trumps = sorted(
            ((self.strength[c.index], s) for s, h in enumerate(game.hands) for c in h
             if c.suit is game.trump),
            reverse=True,
        )
        if len(trumps) < left or left == 0:
            return False
        side = game.sides[game.side_of(seat)]
        return all(s in side for _, s in trumps[:left])

    # After each trick ---------------------------------------------------------------
    def after_trick(self, game: Table, trick: Trick) -> None:
        if self.opts.muerte_al_tres and game.trump is not None:
            ace, three = Card(1, game.trump), Card(3, game.trump)
            cards = trick.cards
            if ace in cards and three in cards:
                game.update_details(killer=trick.winner)
                game.finish("muerte-al-tres")

    def visible_hands(self, game: Table, seat: int) -> dict[int, tuple[Card, ...]]:
        if self.opts.open_hands:
            return {s: tuple(h) for s, h in enumerate(game.hands) if s != seat}
        return {}

    # The result ----------------------------------------------------------------------------
    def result(self, game: Table) -> Result:
        o = self.opts
        sides = game.sides
        seat_points = tuple(game.points)
        points = list(side_points(sides, seat_points))
        if o.mariaje:
            for i, side in enumerate(sides):
                taken = {c for s in side for c in game.taken[s]}
                for suit in Suit:
                    if Card(11, suit) in taken and Card(12, suit) in taken:
                        points[i] += 40 if suit is game.trump else 20
        reason = game.end_reason or "points"
        winner: int | None
        killer = _details(game).killer if reason == "muerte-al-tres" else None
        if killer is not None:
            winner = game.side_of(killer)
        elif o.aim == "at-most-11":
            low = min(points)
            winner = points.index(low) if points.count(low) == 1 and low <= 11 else None
        else:
            top = max(points)
            if points.count(top) == 1:
                winner = points.index(top)
            else:
                leaders = [i for i, p in enumerate(points) if p == top]
                if o.tie == "more-cards":
                    counts = {i: sum(len(game.taken[s]) for s in sides[i]) for i in leaders}
                    most = max(counts.values())
                    leaders = [i for i in leaders if counts[i] == most]
                winner = leaders[0] if len(leaders) == 1 else None
        game_points = [0] * len(sides)
        if winner is not None:
            big = o.big_win
            if big == "margin":
                others = max((p for i, p in enumerate(points) if i != winner), default=0)
                game_points[winner] = 2 if points[winner] - others > 100 else 1
            else:
                game_points[winner] = 2 if big and points[winner] > 100 else 1
        # Positional arguments: every playout of a search bot ends here.
        return Result(seat_points, sides, tuple(points), winner, tuple(game_points), reason)


class Briscola(BriscolaRules):
    """Italian Briscola (the English Briscola page): Italian pack; three players remove one 2, six
    remove all the 2s; a turned-up ace or three is put back; the 2 of trumps may take the turned-up
    card during the first trick."""

    id = "briscola"
    title = Title(N_("Briscola (Italy)"))
    tradition = ITALY


class Brisca(BriscolaRules):
    """Spanish Brisca (the Brisca articles): three players remove all the 2s; six play the 48-card
    pack in teams of three; the 7 or the 2 of trumps takes the turned-up card at any time, once its
    holder has won a trick."""

    id = "brisca"
    title = Title(N_("Brisca (Spain)"))
    tradition = SPAIN


class Briscas(BriscolaRules):
    """Puerto Rican Briscas (José's Puerto Rico page): three players remove a 4; the 7 takes a high
    turned-up card and the 2 a low one (and, before the first trick, a high one too)."""

    id = "briscas"
    title = Title(N_("Briscas (Puerto Rico)"))
    tradition = PUERTO_RICO
