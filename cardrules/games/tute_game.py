"""Tute (Spain): 2, 3 or 4 players, marriages (*cantes*), the *tute* and *diez de últimas*.

The duties of play and the marriages are the Tute family's own, written once in
:mod:`cardrules.games.tute` (Brisca Rematada plays them too); this module is the game.

* **The pack**: the Spanish 40 cards, rank 1, 3, 12, 11, 10, 7, 6, 5, 4, 2, points 11, 10, 4,
  3, 2 (120 in all). Three players leave out the four 2s (36 cards; option: all 40, one card
  left over and turned up).
* **The deal**: four players (seats 0 and 2 against 1 and 3) get 10 cards each, three get 12;
  the last card dealt, the dealer's, is shown to everyone and fixes trumps (the dealer keeps
  it). Two players get 8 each; the next card is turned up under the stock, and after each trick
  the winner draws first.
* **The play**: the dealer's right (seat 0) leads; the winner of a trick leads the next. The
  duties (follow suit and head the trick; with none of the suit, trump and overtrump) hold from
  the first trick when every card is dealt; with two players, while the stock lasts the second
  player need only follow suit (option: no duty, only trumps followed, or every duty), and
  every duty holds once the stock is gone. With none of the suit led, a player whose trumps
  cannot win the trick may play any card (option: he must still trump). Option: two players
  get 6 cards each (*tute corriente*) instead of 8. The holder of the 7 of trumps may take a
  turned-up ace, three, king, knight or jack, the holder of the 2 a turned-up 7, 6, 5 or 4,
  when he leads after winning a trick.
* **Cantes**: king and knight of a suit, both in hand, declared by the winner of the last trick
  before he leads: 40 in trumps (*las cuarenta*), 20 otherwise (*las veinte*), one a trick won.
  The four kings or the four knights (*tute*), declared the same way, win the deal outright;
  a tute is a declaration too, so not on the trick a marriage was declared on. Option: none
  once the stock is gone (two players).
* **Count**: card points, 10 for the last trick (*diez de últimas*) and the cantes. The side
  with more wins the deal: one game (*juego*), two when it has over 100 points (option: 121
  when a marriage was declared); a tie goes to the side that took the last trick. Option: a
  *capote* (every trick, or every trick once the stock is gone) wins the deal as a tute does.
  A match goes to 4 games (options: a game per deal won, or points added deal after deal
  until someone has 101).

Notation: a card code; ``declare:S`` (a marriage in suit S); ``declare:tute`` (a *tute*: the
four kings when the player holds them, else the four knights); ``exchange:CODE`` (the 7 or the 2
of trumps, two players).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from ..core.actions import MAX_NOTATION, Action, Deal, Decision, Move, Phrases, Trick
from ..core.cards import ALL_CARDS, Card, Suit
from ..core.options import Options, option
from ..core.packs import Pack, Style, pack_for
from ..core.ranking import RANKINGS
from ..engine import (
    CardRule,
    Details,
    MoveRule,
    Result,
    Rules,
    Sides,
    Table,
    TalliedTable,
    Tally,
    TallyForm,
    Title,
    TrickDuties,
    Why,
    side_points,
)
from ..words import N_, Message
from .exchange import Exchange, ExchangeDetails, ExchangeOptions, ExchangeRule, declared
from .tute import (
    Declare,
    MarriageRule,
    TuteDuty,
    card_places,
    may_meet,
    partner_heads,
    still_waiting,
)

LAST_TRICK: Final = 10
"""The bonus for the last trick (*diez de últimas*)."""
OVER: Final = 100
"""A deal won with more than this many points counts two games (scoring ``"games"``)."""
OVER_WITH_CANTES: Final = 120
"""With ``two_games="121-with-cantes"``, a deal in which a marriage was declared counts two
games only over this many points."""
POINTS_TARGET: Final = 101
"""The score that wins a match counted in points (scoring ``"points"``)."""
GAMES_TARGET: Final = 4
"""The games that win a match (scoring ``"games"`` and ``"single"``)."""

StockDuty = Literal["follow", "free", "trumps", "full"]
Scoring = Literal["games", "single", "points"]
Capote = Literal["none", "all-tricks", "after-stock"]


@dataclass(frozen=True)
class TuteOptions(Options):
    """Options of Tute. Each names a reading the sources give; each default is the reading the
    rulebook's page explains first."""

    stock_duty: StockDuty = option(
        "follow",
        N_("two players, while the stock lasts: follow (suit only), free, trumps, or full"),
    )
    """Two players, while cards remain to draw: ``"follow"`` (ludoteka's Tute habanero): follow
    suit when you can, nothing more; ``"free"``: any card, as in Brisca; ``"trumps"`` (the
    JUEGON rules): only a trump lead must be followed; ``"full"``: every duty from the first
    trick. Once the stock is gone, every duty holds whatever this says."""

    trump_duty: Literal["to-win", "always"] = option(
        "to-win",
        N_("with none of the suit led: trump only to win the trick (to-win), or always"),
    )
    """With none of the suit led and no trump that would win the trick (a higher trump is
    already on it): ``"to-win"`` (the other texts cited say nothing of the case: their duty is
    to win the trick), play any card; ``"always"`` (the Spanish Wikipedia:
    «si no se puede pisar, todavía se está en la obligación de fallar»), still play a trump
    when you hold one."""

    partner_exempt: bool = option(
        False,
        N_("four players: when your partner heads the trick, only follow suit"),
    )
    """Four players: when the card heading the trick is your partner's, you must still follow
    suit but need neither beat it nor trump. Off: the duties hold whoever heads the trick."""

    three_player_pack: Literal["no-2s", "all-40"] = option(
        "no-2s",
        N_("three players: no-2s (36 cards, 12 each) or all-40 (13 each, one card turned up)"),
    )
    """Three players: ``"no-2s"``, the four 2s left out, 12 cards each, the dealer's last card
    fixes trumps; ``"all-40"``, 13 cards each and the 40th turned up on the table, where it
    stays, out of play (its points count for nobody)."""

    two_player_cards: Literal[8, 6] = option(
        8,
        N_("two players: 8 cards each (tute habanero) or 6 (tute corriente)"),
    )
    """Two players: ``8`` cards each (ludoteka's and JUEGON's *tute habanero*), or ``6``
    (the *tute corriente* of acanomas, naipes-casino and realidad-simulada); either way the
    next card is turned up and the rest is the stock."""

    cantes_after_stock: bool = option(
        True,
        N_("two players: cantes and the tute may still be declared once the stock is gone"),
    )
    """Two players: ``True``, a marriage or a *tute* may be declared to the last trick;
    ``False`` (realidad-simulada: «en este momento no será posible ningún cántico»), none once
    the last two cards are drawn."""

    capote: Capote = option(
        "none",
        N_("capote: none; all-tricks or after-stock, a side taking every trick wins as a tute"),
    )
    """The *capote*: ``"none"``, a side that takes every trick scores its points like any
    other (130 or more: two games); ``"all-tricks"``, a side that takes every trick of the deal
    wins it as a *tute* does; ``"after-stock"``, the same for every trick played once the stock
    is gone (with three or four players, every trick). Reason ``"capote"``."""

    two_games: Literal["over-100", "121-with-cantes"] = option(
        "over-100",
        N_("a deal is worth two games over 100 points, or over 120 when cantes were declared"),
        tally=True,
    )
    """Scoring ``"games"``: two games for a deal won with more than 100 points
    (``"over-100"``); ``"121-with-cantes"`` (realidad-simulada): more than 100 when nobody
    declared a marriage in the deal, 121 or more when someone did."""

    tute: bool = option(True, N_("the four kings or the four knights win the deal (tute)"))
    """Whether a *tute* may be declared (ludoteka's Tute habanero has none)."""

    exchange: Literal["spanish", "none"] = option(
        "spanish",
        N_("two players: the 7 of trumps takes a turned-up card that counts, the 2 a blank one"),
    )
    """Two players: ``"spanish"``, the holder of the 7 of trumps may take a turned-up ace,
    three, king, knight or jack, the holder of the 2 a turned-up 7, 6, 5 or 4, when he leads
    after winning a trick; ``"none"``: no exchange."""

    tie: Literal["last-trick", "draw"] = option(
        "last-trick",
        N_("a tie on points: the side that took the last trick wins, or a draw"),
        tally=True,
    )
    """A tie for the most points: the side that took the last trick wins it (``"last-trick"``),
    or nobody does (``"draw"``)."""

    scoring: Scoring = option(
        "games",
        N_("games: 1 game a deal, 2 over 100 points; single: 1 a deal; points: add them to 101"),
        tally=True,
    )
    """What a deal scores for the match: ``"games"``, the winner scores one game, two when his
    side has over 100 points; ``"single"``, one game a deal won; ``"points"``, every side
    scores its points and the match goes to 101."""

    match_target: int | None = option(
        None,
        N_("the score that wins a match (default: 4 games, or 101 with points)"),
        low=1, high=10_000, tally=True,
    )
    """The score that wins a match (``None``: 4 games, or 101 points)."""

    pack: Style | None = option(
        None,
        N_("the look of the cards: spanish (default), italian or french"),
    )
    """Only names and pictures change: codes, ranks and points stay the same."""


@dataclass(frozen=True)
class DeclareTute(Move):
    """Declare a *tute*, written ``declare:tute``: the four kings or the four knights, all in
    hand. The move does not say which: the hand does (the four kings when the player holds
    them, else the four knights; a player holding both declares the kings). The deal ends at
    once, won by the declarer's side.

    It is told like any move; for players that decide by kind it is a
    :attr:`~cardrules.core.actions.Decision.CLAIM`: it wins what is left of the deal, and is
    always worth making.

    Examples:
        >>> DeclareTute().notation()
        'declare:tute'
    """

    keyword: ClassVar[str] = "declare"
    decision: ClassVar[Decision] = Decision.CLAIM
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} declares tute and wins the deal."),
        N_("You declare tute and win the deal."),
        choice=N_("declare tute and win the deal"),
    )

    def notation(self) -> str:
        return f"{self.keyword}:tute"

    @classmethod
    def from_argument(cls, argument: str) -> DeclareTute:
        if argument.lower() != "tute":
            raise ValueError(argument)
        return cls()


def tute_number(hand: Sequence[Card]) -> int | None:
    """Which four a hand may declare as a *tute*: 12 (the kings) when it holds the four kings,
    else 11 (the knights) when it holds the four knights, else ``None``.

    Examples:
        >>> from cardrules import parse_card
        >>> tute_number([parse_card(c) for c in "12O 12C 12E 12B 11O 11C 11E 11B".split()])
        12
        >>> tute_number([parse_card(c) for c in "11O 11C 11E 11B 1O".split()])
        11
        >>> tute_number([parse_card(c) for c in "12O 12C 12E 11B".split()]) is None
        True
    """
    for number, four in _FOURS:
        if all(card in hand for card in four):
            return number
    return None


_FOURS: tuple[tuple[int, tuple[Card, ...]], ...] = tuple(
    (number, tuple(Card(number, suit) for suit in Suit)) for number in (12, 11))
"""The four kings, then the four knights (a *tute*), asked at every lead of a playout."""


@dataclass(frozen=True)
class TuteDetails(ExchangeDetails):
    """What a deal of Tute remembers beyond the cards (all public)."""

    marriages: tuple[tuple[int, Suit, int], ...] = ()
    """Marriages declared: ``(seat, suit, trick just won)``."""
    tute: tuple[int, int] | None = None
    """The *tute*, if one was declared: ``(seat, 12 or 11)``."""
    trump_card: Card | None = None
    """The dealer's last card, shown to fix trumps (three and four players)."""


def _details(game: Table) -> TuteDetails:
    details = game.details
    assert isinstance(details, TuteDetails)
    return details


@dataclass(frozen=True)
class TuteResult(Result):
    """A Tute deal's result; with the ``"points"`` scoring every side scores its points."""

    tute: int | None = None
    """The seat that declared a *tute*, if one did."""
    every_side_scores: bool = False
    """True when each side scores its own :attr:`game_points` (the ``"points"`` scoring)."""

    def seat_game_points(self) -> tuple[float, ...]:
        """Each seat scores its side's game points when every side scores; otherwise only the
        winners do."""
        if not self.every_side_scores:
            return super().seat_game_points()
        scores: list[float] = [0] * len(self.points)
        for i, side in enumerate(self.sides):
            for seat in side:
                scores[seat] = self.game_points[i]
        return tuple(scores)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["tute"] = self.tute
        return out


_FOLLOW = Why(N_("{who} must follow suit ({suit}): not {card}"),
              N_("you must follow suit ({suit})"))
_FOLLOW_TRUMPS = Why(N_("{who} must answer a trump lead with a trump: not {card}"),
                     N_("you must answer a trump lead with a trump"))


@dataclass(frozen=True)
class FollowDuty(CardRule):
    """Follow the suit led when you can; nothing more (two players while the stock lasts; a
    partner heading the trick)."""

    led: Suit
    suit_name: Message | None = None
    why: Why = _FOLLOW

    def check(self, card: Card, hand: Sequence[Card]) -> Why | None:
        if card.suit is not self.led and any(c.suit is self.led for c in hand):
            return self.why
        return None

    def fields(self) -> dict[str, object]:
        return {"suit": self.suit_name} if self.suit_name is not None else {}


_NOT_LATE = Why(N_("nothing is declared once the stock is gone"))


class TuteMarriageRule(MarriageRule):
    """The family's marriages, and with ``late`` (two players, option ``cantes_after_stock``
    off) none once the stock is gone."""

    def __init__(self, pack: Pack, late: bool, waits_for: MoveRule[Any] | None = None) -> None:
        super().__init__(pack)
        self.late = late
        """Whether declarations stop when the stock is gone."""
        self.waits_for = waits_for
        """A rule of the play (the exchange) while which is open :meth:`still_possible` says
        yes without looking: closing this one would not make the play plain then."""

    def check(self, game: Table, seat: int | None, move: Declare) -> Why | None:
        if self.late and seat is not None and not game.stock_size:
            return _NOT_LATE
        return super().check(game, seat, move)

    def still_possible(self, game: Table) -> bool:
        """Whether a marriage may still be declared: in a suit not declared yet whose king and
        knight may still meet in one hand (``MarriageRule.may_still_meet``), and not after the
        stock with ``late``. Once none may, the deal's play
        is plain card play (a search plays it on its compact model)."""
        if self.late and not game.stock_size:
            return False
        return still_waiting(self.waits_for, game) or self.may_still_meet(game)


class TuteRule(MoveRule[DeclareTute]):
    """Declaring a *tute*, as a marriage is declared: by the winner of the last trick, before he
    leads, one declaration per trick won (a marriage declared on this trick leaves the tute
    for the next one). The deal ends, won by his side."""

    move_type = DeclareTute
    disabled = Why(N_("the tute is not played (option tute)"))
    _LEAD = Why(N_("a tute is declared before leading, by the winner of the last trick"))
    _FOUR = Why(N_("{who} needs the four kings or the four knights to declare tute"),
                N_("you need the four kings or the four knights to declare tute"))

    def __init__(self, enabled: bool, late: bool = False,
                 waits_for: MoveRule[Any] | None = None) -> None:
        self.enabled = enabled
        self.late = late
        """Whether declarations stop when the stock is gone."""
        self.waits_for = waits_for
        """As :attr:`TuteMarriageRule.waits_for`."""

    def offers(self, game: Table, seat: int) -> Iterable[DeclareTute]:
        return (DeclareTute(),)

    def check(self, game: Table, seat: int | None, move: DeclareTute) -> Why | None:
        if seat is None or game.trick or not game.tricks or game.tricks[-1].winner != seat:
            return self._LEAD
        if self.late and not game.stock_size:
            return _NOT_LATE
        if any(number == len(game.tricks) - 1 for _, _, number in _details(game).marriages):
            return MarriageRule.ONCE
        if tute_number(game.hands[seat]) is None:
            return self._FOUR
        return None

    def still_possible(self, game: Table) -> bool:
        """Whether a *tute* may still be declared: the four kings or the four knights may
        still meet in one hand (:func:`~cardrules.games.tute.may_meet`), and not after the
        stock with ``late``."""
        if not self.enabled or (self.late and not game.stock_size):
            return False
        if still_waiting(self.waits_for, game):
            return True
        places = card_places(game)
        return any(may_meet(places, four) for _, four in _FOURS)

    def apply(self, game: Table, seat: int, move: DeclareTute) -> Trick | None:
        number = tute_number(game.hands[seat])
        assert number is not None
        game.update_details(tute=(seat, number))
        game.finish("tute")
        return None


class Tute(Rules):
    """Tute: two or three players each on his own, or four in two partnerships."""

    id = "tute"
    title = Title(N_("Tute (Spain)"))
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    options_type: ClassVar[type[Options]] = TuteOptions
    # Both declarations are written ``declare:...``: the notation's keyword finds the marriage,
    # and :meth:`parse` reads ``declare:tute`` first.
    move_types: ClassVar[tuple[type[Move], ...]] = (Exchange, DeclareTute, Declare)
    details_type = TuteDetails
    opts: TuteOptions
    end_reasons: ClassVar[dict[str, str]] = {
        "tute": N_("A tute was declared: the deal is won outright."),
        "capote": N_("Capote: one side took every trick and wins the deal outright."),
    }

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        assert isinstance(options, TuteOptions)
        o = self.opts = options
        self.pack = pack_for(o.pack or "spanish", 40)
        numbers: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
        self.dealer_turns = players > 2
        """Whether the dealer's last card fixes trumps (everything is dealt)."""
        if players == 2:
            self.hand_sizes = (o.two_player_cards,) * 2
            self.draw_counts = (1, 1)
            self.turns_up = True
        elif players == 3:
            if o.three_player_pack == "no-2s":
                numbers = (1, 3, 4, 5, 6, 7, 10, 11, 12)
                self.hand_sizes = (12,) * 3
                self.turns_up = False
            else:
                self.hand_sizes = (13,) * 3
                self.turns_up = True  # the 40th card, turned up and never drawn
                self.dealer_turns = False
            self.draw_counts = (0,) * 3
        else:
            self.hand_sizes = (10,) * 4
            self.draw_counts = (0,) * 4
            self.turns_up = False
        self.cards = tuple(c for c in ALL_CARDS if c.number in numbers)
        self.turn_sizes = (1,) * players
        ranking = RANKINGS["standard"]
        self.strength = ranking.strength
        self.card_points = ranking.card_points
        self.free_play = False
        exchange = ExchangeOptions(
            exchange=o.exchange if players == 2 else "none",
            exchange_needs_trick=True,
        )
        # The 7 or the 2 of ludoteka's Tute habanero, by the player who has just won a trick,
        # when he leads.
        self.exchange = ExchangeRule(self, exchange, "spanish", "after-win")
        late = players == 2 and not o.cantes_after_stock
        # The tute before the marriages: a player who takes the first declaration offered (a
        # playout) declares his tute, which the trick's one declaration would otherwise forbid.
        # The declarations' closing waits for the exchange's (see TuteMarriageRule.waits_for).
        self.move_rules = (self.exchange, TuteRule(o.tute, late, self.exchange),
                           TuteMarriageRule(self.pack, late, self.exchange))

    def trick_duties(self) -> TrickDuties:
        """The duties of :meth:`card_rule`, for a search's compact model."""
        o = self.opts
        return TrickDuties(must_trump=o.trump_duty == "always",
                           stock=o.stock_duty if self.players == 2 else "full",
                           partner_follows=o.partner_exempt and self.players == 4)

    def trump_exchange(self) -> ExchangeRule | None:
        """The exchange of the turned-up card in force (see :func:`.exchange.declared`)."""
        return declared(self.exchange)

    def parse(self, text: str) -> Action:
        """As every game reads its notation, and ``declare:tute`` is the *tute* (``declare:S``,
        S a suit letter, is a marriage).

        Examples:
            >>> from cardrules import rules_for
            >>> rules = rules_for("tute", 2)
            >>> rules.parse("declare:tute"), rules.parse("Declare:O")
            (DeclareTute(), Declare(suit=<Suit.OROS: 'O'>))
        """
        if isinstance(text, str) and len(text) <= MAX_NOTATION:
            keyword, _, argument = text.strip().partition(":")
            said = (keyword.strip().lower(), argument.strip().lower())
            if said == (DeclareTute.keyword, "tute"):
                return DeclareTute()
        return super().parse(text)

    def initial_sides(self) -> Sides:
        """Two or three players play alone; four play seats 0 and 2 against 1 and 3."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def match_length(self) -> tuple[int | None, int | None]:
        """To the ``match_target`` option: 4 games, or 101 with the points scoring."""
        target = self.opts.match_target
        if target is None:
            target = POINTS_TARGET if self.opts.scoring == "points" else GAMES_TARGET
        return (None, target)

    # The deal ----------------------------------------------------------------------------------
    def trump_of(self, deal: Deal) -> Suit | None:
        """The turned-up card's suit; when everything is dealt, the suit of the dealer's last
        card (the last card of the last hand, as a record lists it)."""
        if self.dealer_turns:
            return deal.hands[-1][-1].suit if deal.hands[-1] else None
        return super().trump_of(deal)

    def shown_at_deal(self, details: Details) -> tuple[tuple[int, Card], ...]:
        """The dealer's last card, when it fixes trumps: everyone saw it dealt."""
        if not self.dealer_turns or not isinstance(details, TuteDetails):
            return ()
        card = details.trump_card
        return () if card is None else ((sum(self.hand_sizes) - 1, card),)

    def after_deal(self, game: Table) -> None:
        if self.dealer_turns and game.hands[-1]:
            game.update_details(trump_card=game.hands[-1][-1])
        game.start_play(0)

    # The play ---------------------------------------------------------------------------------
    def card_rule(self, game: Table, seat: int) -> CardRule | None:
        trick = game.trick
        if not trick:
            return None
        led = trick[0].suit
        name = self.pack.suit_word(led)
        if game.stock_size and self.players == 2:
            duty = self.opts.stock_duty
            if duty == "free":
                return None
            if duty == "follow":
                return FollowDuty(led, name)
            if duty == "trumps":
                return FollowDuty(led, name, _FOLLOW_TRUMPS) if led is game.trump else None
        if (self.opts.partner_exempt and self.players == 4
                and partner_heads(game, self.strength, seat)):
            return FollowDuty(led, name)
        return TuteDuty.for_trick(trick, game.trump, self.strength, name,
                                  must_trump=self.opts.trump_duty == "always")

    def before_result(self, game: Table) -> None:
        """Ten more for the last trick (*diez de últimas*), when the deal was played out."""
        if game.end_reason is None and game.tricks and game.tricks[-1].winner is not None:
            game.add_points(game.tricks[-1].winner, LAST_TRICK)

    # The result ------------------------------------------------------------------------------
    def _capote(self, game: Table) -> int | None:
        """The side that made a *capote* under the ``capote`` option, if one did: every trick of
        a deal played out, or every trick played once the stock was gone (with two players the
        last tricks, as many as a hand holds; with more, every trick)."""
        rule = self.opts.capote
        if rule == "none" or game.end_reason is not None or not game.tricks:
            return None
        tricks = game.tricks
        if rule == "after-stock" and self.players == 2:
            tricks = tricks[-self.hand_sizes[0]:]
        sides = {game.side_of(t.winner) for t in tricks if t.winner is not None}
        return sides.pop() if len(sides) == 1 else None

    def tally_form(self) -> TallyForm:
        """Each side's points, cantes included (so no fixed total), who declared a tute and
        who took the last trick; whether anybody declared a marriage, when the ``two_games``
        option reads it."""
        return TallyForm(tute=True, cantes=self.opts.two_games == "121-with-cantes")

    def result_of_tally(self, tally: Tally) -> Result:
        sides = self.initial_sides()
        assert sides is not None
        tute = None if tally.tute is None else (sides[tally.tute][0], 12)
        last = () if tally.last is None else (sides[tally.last][0],)
        # The scoring reads only whether a marriage was declared, not whose or which.
        marriages = ((sides[0][0], Suit.OROS, 0),) if tally.cantes else ()
        details = TuteDetails(tute=tute, marriages=marriages)
        table = TalliedTable.by_sides(sides, tally.points, details, last)
        return self.result(table.table())

    def result(self, game: Table) -> Result:
        sides = game.sides
        totals = side_points(sides, game.points)
        scoring = self.opts.scoring
        details = _details(game)
        declared = details.tute
        capote = self._capote(game)
        winner: int | None
        if declared is not None:
            winner = game.side_of(declared[0])
            reason = "tute"
        elif capote is not None:
            winner = capote
            reason = "capote"
        else:
            reason = "points"
            top = max(totals)
            leaders = [i for i, p in enumerate(totals) if p == top]
            if len(leaders) > 1 and self.opts.tie == "last-trick" and game.tricks:
                last = game.tricks[-1].winner
                leaders = [i for i in leaders if last is not None and last in sides[i]]
            winner = leaders[0] if len(leaders) == 1 else None
        game_points: list[int] = [0] * len(sides)
        outright = reason != "points"  # a tute or a capote
        if scoring == "points":
            game_points = list(totals)
            if winner is not None and outright:
                game_points[winner] = max(totals[winner], POINTS_TARGET)
        elif winner is not None:
            over = OVER
            if self.opts.two_games == "121-with-cantes" and details.marriages:
                over = OVER_WITH_CANTES
            big = outright or totals[winner] > over
            game_points[winner] = 2 if scoring == "games" and big else 1
        return TuteResult(
            points=tuple(game.points), sides=sides, side_points=totals, winner=winner,
            game_points=tuple(game_points), reason=reason,
            tute=None if declared is None else declared[0],
            every_side_scores=scoring == "points",
        )
