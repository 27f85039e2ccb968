"""The trump-card exchange and the options every turned-up-trump game shares.

In the Briscola family and in Alcalde a card is turned up under the stock to fix trumps, and a
low trump may be given in exchange for it. Who may exchange, for which turn-up, and when, differ
by tradition: :class:`ExchangeOptions` names the readings and :class:`ExchangeRule` carries them
out for any game that installs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from ..core.actions import CardMove, Decision, Phrases, Trick
from ..core.cards import ALL_CARDS, Card
from ..core.options import Options, option
from ..core.packs import Style
from ..engine import Details, MoveRule, Rules, Table, Why
from ..words import N_

ExchangeOptionName = Literal["none", "italian", "puerto-rico", "spanish"]
"""The exchange rules the option ``exchange`` offers the Briscola family."""
ExchangeRuleName = Literal["none", "italian", "puerto-rico", "spanish", "seven", "seven-high"]
"""Every exchange rule: the option's, and the 7's alone (``"seven"``: the 7 of trumps takes any
turned-up card; ``"seven-high"``: only one above it), which a game installs by itself."""
ExchangeTimingOption = Literal["any-time", "own-turn", "first-trick", "before-penultimate"]
"""The timings the option ``exchange_timing`` offers the Briscola family."""
ExchangeTiming = Literal["any-time", "own-turn", "first-trick", "before-penultimate", "after-win"]
"""Every timing: the option's, and ``"after-win"`` (only by the player who has just won a
trick, before he leads the next), which a game installs by itself."""

# The 2 and the 7 of each card's suit, by card index (an enum key would hash in Python).
_TWO_OF: Final = tuple(Card(2, c.suit) for c in ALL_CARDS)
_SEVEN_OF: Final = tuple(Card(7, c.suit) for c in ALL_CARDS)
DEFAULT_TIMING: Final[dict[str, ExchangeTiming]] = {
    "none": "any-time",
    "italian": "first-trick",
    "spanish": "any-time",
    "puerto-rico": "any-time",
    "seven": "any-time",
    "seven-high": "any-time",
}
"""Each exchange rule's own timing, used when the timing option is left unset."""


@dataclass(frozen=True)
class Exchange(CardMove):
    """Take the turned-up card, giving ``card`` (the 7 or 2 of trumps) in its place; whoever
    holds ``card`` makes the exchange."""

    keyword: ClassVar[str] = "exchange"
    decision: ClassVar[Decision] = Decision.EXCHANGE
    leaves_hand: ClassVar[bool] = True
    takes_turn_up: ClassVar[bool] = True
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} gives {card} for the turned-up card, {turn_up}."),
        N_("You give {card} for the turned-up card, {turn_up}."),
        choice=N_("take the turned-up card, {turn_up}, for your {card_bare}"),
    )


@dataclass(frozen=True)
class ExchangeDetails(Details):
    """What a game with the exchange remembers of it."""

    exchanges: tuple[tuple[int, Card], ...] = ()
    """Every exchange made: ``(seat, card given)``, in order."""
    exchanged_in: int | None = None
    """The trick (counted from 0) during which the last exchange was made."""


@dataclass(frozen=True)
class ExchangeOptions(Options):
    """Options of every game with a turned-up trump: the exchange, the pack's look, the scoring.

    ``None`` means "as the game's tradition plays it".
    """

    exchange: ExchangeOptionName | None = option(
        None,
        N_("which card may take the turned-up card (default: the tradition's)"),
    )
    """The trump-card exchange. ``"italian"`` (Briscola's default): the 2 of trumps takes the
    turned-up card. ``"spanish"`` (Brisca): a turn-up above the 7 (3, ace, king, knight, jack,
    and 9, 8 in the 48-card pack) is taken by the 7 of trumps, a 7 or below by the 2; the
    player must have won a trick. ``"puerto-rico"`` (Briscas): a 10, 11, 12, 1 or 3 is taken by
    the 7, and before the first trick also by the 2, which has precedence (until the first card
    is played only the 2 may take it and the 7 waits, or with ``exchange_two_until`` until the
    first trick is over; with ``exchange_seven_waits="while-two-held"`` the 7 waits only while the
    2 is in a hand); a 7, 6, 5 or 4 is taken by the 2 at any time. ``"none"``: no
    exchange. The rule applies to whatever card is turned up at the moment, so after a 7 has taken a
    high card the 2 may take the 7. When the card that would take the turn-up is not in play (six
    Italian players play without 2s; three remove the 2 of clubs or all 2s), that turn-up cannot be
    exchanged: no source gives a substitute. The exchange is the action ``exchange:<card>`` by
    whoever holds that card."""

    exchange_timing: ExchangeTimingOption | None = option(
        None,
        N_("when the exchange is allowed (default: the tradition's)"),
    )
    """When the exchange may be made (always only while the turned-up card is under the stock).
    ``"first-trick"`` (Italian default): before the first trick is finished. ``"any-time"``
    (Spanish and Puerto Rican default): at any moment, even during a trick and out of turn.
    ``"own-turn"``: only when it is your turn to play, once per trick. ``"before-penultimate"``:
    at any moment except during the trick after which the last cards are drawn (our reading of
    "not in the penultimate trick")."""

    exchange_two_until: Literal["first-card", "first-trick"] = option(
        "first-card",
        N_("puerto-rico exchange: the 2's turn on a high card lasts until the first card is "
           "played (first-card) or until the first trick is over (first-trick)"),
    )
    """The Puerto Rican page lets the 2 of trumps take a high turned-up card, ahead of the 7,
    "before the very first hand is played". ``"first-card"`` (our reading: a hand is a card
    played, so the 2's chance ends when the first card is led, and a table can see it):
    from then on the 7 may take it. ``"first-trick"`` (a hand is a trick): the 2 keeps its turn,
    and the 7 waits, until the first trick is over."""

    exchange_seven_waits: Literal["always", "while-two-held"] = option(
        "always",
        N_("puerto-rico exchange: while the 2 has its turn on a high card, the 7 waits always "
           "(always) or only while someone holds the 2 (while-two-held)"),
    )
    """Where the 2 of trumps has precedence over the 7 (the Puerto Rican exchange, until the
    first card or the first trick, see ``exchange_two_until``): ``"always"`` (the rulebook's
    reading, one a table can follow without knowing where the 2 is): until then only the 2 may
    take a high turned-up card, and the 7 waits whether or not anyone holds the 2;
    ``"while-two-held"``: the 7 waits only while the 2 is in someone's hand, and takes the card
    at once when the 2 is still in the stock."""

    exchange_needs_trick: bool | None = option(
        None,
        N_("the exchanger must have won a trick (default: Spain yes, others no)"),
    )
    """Whether the player who exchanges must have won at least one trick himself (the Spanish
    Brisca's rule)."""

    pack: Style | None = option(
        None,
        N_("the look of the cards: spanish, italian or french (default: the tradition's)"),
    )
    """Only names and pictures change: codes, ranks and points stay the same."""

    scoring: Literal["standard", "lombard", "tuscan", "tuscan-points", "chilean"] = option(
        "standard",
        N_("regional card values: standard, lombard, tuscan, tuscan-points, chilean"),
        tally=True,
    )
    """Regional rank and points (see :mod:`cardrules.core.ranking`): Lombardy/Piedmont (7 = 10
    points,
    3 = 0); Tuscany, in two readings: ``"tuscan"`` swaps jack and knight in points and in rank,
    ``"tuscan-points"`` in points only, as Wikipedia's Brisca article words it ("the values of
    the Jack and Knight are reversed"); Chile (the 2 takes the 3's place)."""


TwoUntil = Literal["first-card", "first-trick"]
"""Puerto Rico: until when the 2 of trumps goes before the 7 (option ``exchange_two_until``)."""
SevenWaits = Literal["always", "while-two-held"]
"""Puerto Rico: when the 7 waits for the 2's turn (option ``exchange_seven_waits``)."""
TakerNumber = Literal[0, 2, 7]
"""The number of the trump that may take the turned-up card (its 2 or its 7); 0: none."""
Taker = Callable[[int, bool, int, int, bool], TakerNumber]
"""A rule's decision of which trump may take the turned-up card (:func:`exchange_taker`)."""
Timely = Callable[[int, int, bool, bool, bool, bool], bool]
"""A timing's decision of whether the exchange may be made now (:func:`exchange_timely`)."""


def exchange_taker(rule: ExchangeRuleName, two_until: TwoUntil = "first-card",
                   seven_waits: SevenWaits = "always") -> Taker:
    """The decision of which trump may take the turned-up trump card, whoever holds it, under
    ``rule`` (and Puerto Rico's readings): the one decision of every exchange rule, made by the
    engine (:meth:`ExchangeRule.cards`) and by the bots' compact model (through
    :attr:`ExchangeRule.taker`), so the two cannot disagree.

    The decision is a pure function of small values, so that the model, which keeps its cards
    as integers, asks it without building a table: ``taker(up, high, tricks, on_table,
    two_held)``, with ``up`` the turned-up card's number, ``high`` whether it ranks above the 7
    of trumps (by the game's ranking), ``tricks`` the tricks finished, ``on_table`` the cards
    of the trick being played, ``two_held`` whether the 2 of trumps is in a hand (read only by
    Puerto Rico with ``seven_waits="while-two-held"``: a caller may leave the hands unsearched
    otherwise); it answers the trump's number, 2 or 7, or 0 for none. It is made once per rule,
    because the model asks it inside its playouts: what the rule settles is settled once, and a
    position costs one call and a few comparisons (a :func:`functools.partial`, or a method
    calling a function of every argument, costs more in CPython). Whether the holder may make
    the exchange at this moment is :func:`exchange_timely`'s to say.

    Examples:
        >>> spanish = exchange_taker("spanish")
        >>> spanish(1, True, 3, 0, False), spanish(6, False, 3, 0, False)  # the 7, the 2
        (7, 2)
        >>> spanish(2, False, 3, 0, False)  # nothing takes the 2
        0
        >>> # Puerto Rico, before the first card: the 2 has its turn, the 7 waits while it is held
        >>> waits = exchange_taker("puerto-rico", "first-card", "while-two-held")
        >>> waits(3, True, 0, 0, True), waits(3, True, 0, 0, False), waits(3, True, 0, 1, True)
        (2, 7, 7)
    """
    # Settled once per rule: what is left to decide at each position is a few comparisons.
    if rule == "seven" or rule == "seven-high":  # the 7 alone, of any card or of a higher one
        any_card = rule == "seven"
        return lambda up, high, tricks, on_table, two_held: (
            7 if up != 7 and (high or any_card) else 0)
    if rule == "italian":
        return lambda up, high, tricks, on_table, two_held: 0 if up == 2 else 2
    if rule == "spanish":
        return lambda up, high, tricks, on_table, two_held: 0 if up == 2 else 7 if high else 2
    if rule == "puerto-rico":
        whole_trick = two_until == "first-trick"
        always = seven_waits == "always"

        def puerto_rico(up: int, high: bool, tricks: int, on_table: int,
                        two_held: bool) -> TakerNumber:
            if up == 2 or not high:  # (the 2 is high where Chile's scoring ranks it second)
                return 0 if up == 2 else 2
            if not tricks and (not on_table or whole_trick):  # the 2's turn; the 7 waits
                return 2 if always or two_held else 7
            return 7

        return puerto_rico
    return lambda up, high, tricks, on_table, two_held: 0  # "none"


def exchange_timely(timing: ExchangeTiming) -> Timely:
    """The decision of whether ``timing`` lets a seat that holds the card
    :func:`exchange_taker` names make the exchange now: made by the engine and by the bots'
    compact model, as that one is, and for the same reasons a pure function of small values
    made once per timing. ``timely(tricks, on_table, own_turn, exchanged_now, last_draw,
    won_last)``: the tricks finished, the cards of the trick being played, whether it is the
    seat's turn to play, whether an exchange was made during this trick, whether the stock is
    down to the trick after which its last cards are drawn, whether the seat won the last trick
    finished.

    Examples:
        >>> exchange_timely("first-trick")(1, 0, True, False, False, False)
        False
        >>> exchange_timely("own-turn")(4, 1, True, True, False, False)  # once per trick
        False
        >>> exchange_timely("after-win")(4, 0, False, False, False, True)  # before he leads
        True
    """
    # Settled once per timing, as the rule is (see exchange_taker).
    if timing == "first-trick":
        return lambda tricks, on_table, own_turn, exchanged_now, last_draw, won_last: not tricks
    if timing == "own-turn":
        return lambda tricks, on_table, own_turn, exchanged_now, last_draw, won_last: (
            own_turn and not exchanged_now)
    if timing == "after-win":
        return lambda tricks, on_table, own_turn, exchanged_now, last_draw, won_last: (
            not on_table and won_last)
    if timing == "before-penultimate":
        return lambda tricks, on_table, own_turn, exchanged_now, last_draw, won_last: (
            not last_draw)
    return lambda tricks, on_table, own_turn, exchanged_now, last_draw, won_last: True


_DISABLED = Why(N_("the trump-card exchange is not played (option exchange=none)"))
_DRAWN = Why(N_("the turned-up card has already been drawn"))
_NOBODY = Why(N_("nobody holds {card}"))
_WRONG_CARD = Why(N_("{card} cannot take the turned-up {turn_up}"))
_NOT_TRUMP = Why(N_("the turned-up {turn_up} is not a trump (trumps are {trump}): it cannot be "
                    "exchanged"))
_TWO_FIRST = Why(N_("before the first card is played the 2 of trumps has precedence: while it is "
                    "in a hand, the 7 waits for the first trick to start"))
_TWO_TURN = Why(N_("before the first card is played only the 2 of trumps may take a high "
                   "turned-up card: the 7 waits for the first card"))
_TWO_TURN_TRICK = Why(N_("until the first trick is over only the 2 of trumps may take a high "
                         "turned-up card: the 7 waits for the second trick"))
_TWO_FIRST_TRICK = Why(N_("until the first trick is over the 2 of trumps has precedence: while it "
                          "is in a hand, the 7 waits for the second trick"))
_NO_TRICK = Why(N_("{who} must win a trick before exchanging"),
                N_("you must win a trick before exchanging"))
_TIMING = Why(N_("the exchange is not allowed at this moment (timing: {timing})"))
_AFTER_WIN = Why(N_("the exchange is made by the player who has just won a trick, before he "
                    "leads"))
_SIDE_TRICK = Why(N_("{who}'s side must win a trick before the exchange"),
                  N_("your side must win a trick before the exchange"))


class ExchangeRule(MoveRule[Exchange]):
    """The trump-card exchange, by the rule and timing the options settle (see
    :class:`ExchangeOptions`): a game installs it with its tradition's defaults."""

    move_type = Exchange
    out_of_turn = True  # the timing decides; the holder of the card makes it
    disabled = _DISABLED

    def __init__(self, rules: Rules, options: ExchangeOptions, rule: ExchangeRuleName,
                 timing: ExchangeTiming, *, side_trick: bool = False) -> None:
        self.rules = rules
        self.rule: ExchangeRuleName = options.exchange or rule
        """The exchange rule in force."""
        self.timing: ExchangeTiming = options.exchange_timing or (
            timing if self.rule == rule else DEFAULT_TIMING[self.rule]
        )
        """When it may be made."""
        needs = options.exchange_needs_trick
        self.needs_trick: bool = needs if needs is not None else self.rule == "spanish"
        """Whether the exchanger must have won a trick."""
        self.needs_side_trick = side_trick
        """Whether the exchanger's side must have won a trick (his own or a partner's)."""
        self.enabled = self.rule != "none"
        self.two_until = options.exchange_two_until
        """Puerto Rico: until when the 2 of trumps goes before the 7 on a high card."""
        self.seven_waits = options.exchange_seven_waits
        """Puerto Rico: whether the 7 waits for the 2's turn wherever the 2 is."""
        self.taker: Taker = exchange_taker(self.rule, self.two_until, self.seven_waits)
        """Which trump may take the turned-up card (:func:`exchange_taker`): for the engine,
        and for readers that keep no table (the bots' compact model)."""
        self.timely: Timely = exchange_timely(self.timing)
        """Whether the timing lets its holder exchange now (:func:`exchange_timely`)."""
        self.reads_two = self.rule == "puerto-rico" and self.seven_waits == "while-two-held"
        """Whether the decision reads where the 2 of trumps is (:func:`exchange_taker`'s
        ``two_held``): only then are the hands searched for it."""

    def cards(self, game: Table) -> tuple[Card, ...]:
        """The trump cards that may take the turned-up card now, whoever holds them (as
        :func:`exchange_taker` decides)."""
        up = game.turn_up
        if up is None or up.suit is not game.trump:
            return ()
        seven = _SEVEN_OF[up.index]
        two = _TWO_OF[up.index]
        strength = self.rules.strength
        taker = self.taker(up.number, strength[up.index] > strength[seven.index],
                           len(game.tricks), len(game.trick),
                           self.reads_two and any(two in h for h in game.hands))
        return (two,) if taker == 2 else (seven,) if taker == 7 else ()

    def move(self, card: Card) -> Exchange:
        """The move that gives ``card`` for the turned-up card (see
        :class:`~cardrules.engine.TrumpExchange`)."""
        return Exchange(card)

    def _open(self, game: Table, seat: int) -> bool:
        """Whether the timing lets ``seat`` exchange at this moment (:func:`exchange_timely`)."""
        details = game.details
        assert isinstance(details, ExchangeDetails)
        tricks = game.tricks
        return self.timely(
            len(tricks), len(game.trick), seat == game.current_player,
            details.exchanged_in == len(tricks), game.stock_size <= sum(self.rules.draw_counts),
            bool(tricks) and tricks[-1].winner == seat)

    def offers(self, game: Table, seat: int) -> Iterable[Exchange]:
        if game.turn_up is None:
            return ()
        hand = game.hands[seat]
        return [Exchange(card) for card in self.cards(game) if card in hand]  # rarely any

    def check(self, game: Table, seat: int | None, move: Exchange) -> Why | None:
        if game.turn_up is None:
            return _DRAWN
        if seat is None:
            return _NOBODY
        if move.card not in self.cards(game):
            up = game.turn_up
            if up.suit is not game.trump:
                return _NOT_TRUMP  # trumps fixed by an option: the turned-up card is no trump
            strength = self.rules.strength
            if (self.rule == "puerto-rico" and move.card is _SEVEN_OF[up.index]
                    and strength[up.index] > strength[move.card.index]
                    and _TWO_OF[up.index] in self.cards(game)):
                # a high card while the 2 has its turn (and, unless the 7 always waits, the 2
                # in a hand)
                if self.seven_waits == "always":
                    return _TWO_TURN_TRICK if game.trick else _TWO_TURN
                return _TWO_FIRST_TRICK if game.trick else _TWO_FIRST
            return _WRONG_CARD
        if self.needs_trick and not any(t.winner == seat for t in game.tricks):
            return _NO_TRICK
        if self.needs_side_trick and not any(
                t.winner is not None and game.side_of(t.winner) == game.side_of(seat)
                for t in game.tricks):
            return _SIDE_TRICK
        if self._open(game, seat):
            return None
        return _AFTER_WIN if self.timing == "after-win" else _TIMING

    def actor(self, game: Table, move: Exchange) -> int | None:
        return next((s for s, h in enumerate(game.hands) if move.card in h), None)

    def apply(self, game: Table, seat: int, move: Exchange) -> Trick | None:
        game.exchange_turn_up(seat, move.card)
        details = game.details
        assert isinstance(details, ExchangeDetails)
        game.update_details(exchanges=(*details.exchanges, (seat, move.card)),
                            exchanged_in=len(game.tricks))
        return None

    def still_possible(self, game: Table) -> bool:
        return game.turn_up is not None and not (self.timing == "first-trick" and game.tricks)

    def fields(self, game: Table, seat: int | None, move: Exchange) -> dict[str, object]:
        fields = super().fields(game, seat, move)
        fields["turn_up"] = game.turn_up.code if game.turn_up is not None else "?"
        if game.trump is not None:
            fields["trump"] = self.rules.pack.suit_word(game.trump)
        fields["timing"] = self.timing
        return fields


def declared(rule: ExchangeRule) -> ExchangeRule | None:
    """A game's exchange as :meth:`Rules.trump_exchange <cardrules.engine.Rules.trump_exchange>`
    declares it: the rule when it is in force, else ``None``."""
    return rule if rule.enabled else None

