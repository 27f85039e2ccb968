"""Guiñote (Aragón): four players in two partnerships, or two *mano a mano*; Brisca's free play
while the stock lasts, Tute's duties once it is gone (*el arrastre*), cantes of king and jack.

The duties of the *arrastre* and the marriages are the Tute family's, from
:mod:`cardrules.games.tute`; the exchange of the turned-up card is
:mod:`cardrules.games.exchange`'s. This module is the game; each reading where the rule texts
differ is an option naming them (the project's notes list what each text says).

* **The pack**: the Spanish 40 cards (options: 48, the 8s and 9s ranking between the knight and
  the 7; 36, without the 2s). Rank ace, 3, king, jack (*sota*), knight (*caballo*), 7, 6, 5, 4,
  2: the jack above the knight, unlike Tute; points 11, 10, 4, 3, 2 (120 in all).
* **The deal**: six cards each, in two packets of three, to the right; the next card is turned up
  under the stock and fixes trumps. The player to the dealer's right (seat 0) leads; the winner
  of a trick draws first and leads the next.
* **The play**: any card while the stock lasts. Once it is gone (*el arrastre*): follow suit and
  head the trick; with none of the suit, trump (overtrump a trump already on it); a player whose
  trumps cannot beat one already on the trick may play any card; a player whose partner heads the
  trick need only follow suit.
* **The exchange**: the holder of the 7 of trumps may take the turned-up card once his side has
  won a trick, at any moment while it lies under the stock.
* **Cantes**: the king and the jack of a suit, both in one hand: 40 in trumps, 20 in another
  suit; after the side wins a trick and before the next lead, by either partner (at most one
  each), once per suit.
* **The count**: card points, cantes and 10 for the last trick (*las diez de últimas*). A side
  with 101 or more wins the game; when both have, the side that took the last trick wins. When
  nobody has 101 the game goes on with a deal *de vueltas*: each side keeps its points, and the
  first side to reach 101 during that deal, by a trick or a cante, wins at once. A match (a
  *coto*) goes to three games won.

Notation: a card code; ``declare:S`` (a cante in suit S); ``exchange:7S`` (the 7 of trumps for
the turned-up card).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from ..core.actions import Action, Move, Phrases, Trick
from ..core.cards import ALL_CARDS, Card, Suit
from ..core.errors import OptionError
from ..core.options import Options, option
from ..core.packs import Style, pack_for
from ..core.ranking import RANKINGS
from ..engine import (
    CardRule,
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
from ..words import N_
from .exchange import Exchange, ExchangeDetails, ExchangeOptions, ExchangeRule, declared
from .tute import Declare, MarriageRule, TuteDuty, marriages, partner_heads, still_waiting
from .tute_game import FollowDuty

TARGET: Final = 101
"""The points that win a game (*la partida* of the rule texts)."""
LAST_TRICK: Final = 10
"""The bonus for the last trick (*las diez de últimas*)."""
COTO: Final = 3
"""Games won that win a match (a *coto*), unless the option ``coto`` says otherwise."""


@dataclass(frozen=True)
class GuinoteOptions(Options):
    """Options of Guiñote. Each names a reading of the rule texts; each default is the reading
    the rulebook's page explains first."""

    cards: Literal[40, 48, 36] = option(
        40, N_("the pack: 40 cards, 48 (with the 8s and 9s) or 36 (without the 2s)"),
    )
    """``40`` (every text); ``48``, the whole Spanish pack (the Escuela de guiñote's
    reglamento, ludoteka; Spanish Wikipedia: the Rincón de Ademuz), the 8s and 9s ranking between
    the knight and the 7 and worth nothing; ``36``, without the 2s (Spanish Wikipedia: parts of
    Castellón)."""

    cante_pair: Literal["king-jack", "king-knight"] = option(
        "king-jack", N_("a cante is the king and the jack (king-jack) or the king and the knight"),
    )
    """``"king-jack"``: the king and the *sota* (the Gran Enciclopedia Aragonesa, and every
    Guiñote text read that names the pair); ``"king-knight"``: Tute's king and *caballo* (no
    Guiñote text read plays it: offered for tables used to Tute)."""

    cante_by: Literal["side", "winner"] = option(
        "side", N_("who sings: either partner of the side that won the trick, or its winner"),
    )
    """``"side"`` (acanomas's reglamento; pronosticoreservado's manual): after the side wins a
    trick and before the next lead, either partner may declare, at most one cante each;
    ``"winner"``: only the player who won the trick, one cante, as in Tute."""

    partner_exempt: bool = option(
        True, N_("the arrastre: when your partner heads the trick, only follow suit"),
    )
    """In the *arrastre*, when the card heading the trick is your partner's you must follow suit
    but need neither beat it nor trump (Spanish Wikipedia and las40: «Tampoco es necesario matar
    si la baza corresponde de momento al compañero»). Off: the duties hold whoever heads it."""

    exchange: bool = option(
        True, N_("the 7 of trumps may take the turned-up card"),
    )
    """The exchange of the turned-up card for the 7 of trumps (las40, hobbyocio)."""

    exchange_low: bool = option(
        True, N_("the 7 of trumps may take a turned-up card below it too (a 6, 5, 4 or 2)"),
    )
    """las40: the table agrees whether the 7 may take a turned-up card below it, and may when
    they disagree (on); hobbyocio names only a turned-up card that counts (ace, three, figures):
    off."""

    exchange_after: Literal["side-trick", "own-trick"] = option(
        "side-trick",
        N_("the exchange: once the exchanger's side has won a trick, or once he has himself"),
    )
    """``"side-trick"`` (hobbyocio: a trick won by either partner counts); ``"own-trick"``: the
    exchanger must have won a trick himself, as in Brisca."""

    coto: int = option(
        COTO, N_("the games won that win a match (a coto)"), low=1, high=10,
    )
    """Games won that win the match: three (Spanish Wikipedia and las40: cotos of three
    games, or four or five where the region plays so; the Gran Enciclopedia Aragonesa: three or
    five)."""

    vueltas_first: int | None = option(
        None, N_("a deal de vueltas: the points the first player's side brings"), low=0, high=100,
    )
    """A deal *de vueltas*: the points the side of the player who leads (seat 0) brings from
    the deal before, in which nobody reached 101. A match sets it; ``None``: a first deal (*de
    ida*)."""

    vueltas_second: int | None = option(
        None, N_("a deal de vueltas: the points the other side brings"), low=0, high=100,
    )
    """A deal *de vueltas*: the points the other side brings (see ``vueltas_first``)."""

    pack: Style | None = option(
        None, N_("the look of the cards: spanish (default), italian or french"),
    )
    """Only names and pictures change: codes, ranks and points stay the same."""


@dataclass(frozen=True)
class GuinoteDetails(ExchangeDetails):
    """What a deal of Guiñote remembers beyond the cards (all public)."""

    marriages: tuple[tuple[int, Suit, int], ...] = ()
    """The cantes declared: ``(seat, suit, trick just won)``."""
    reached: int | None = None
    """De vueltas: the side that reached 101 first, once one has."""


@dataclass(frozen=True)
class Cante(Declare):
    """Declare a cante: the king and the jack of ``suit``, both in hand (shown)."""

    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} declares king and jack of {suit}: {value} points."),
        N_("You declare king and jack of {suit}: {value} points."),
        choice=N_("declare king and jack of {suit} ({value} points)"),
    )

    def shown(self) -> tuple[Card, ...]:
        return (Card(12, self.suit), Card(10, self.suit))


class CanteRule(MarriageRule):
    """The cantes (see the module docstring): Tute's marriages, declared by either partner of
    the side that won the last trick (option ``cante_by``), with the king and the jack (option
    ``cante_pair``)."""

    _SIDE = Why(N_("a cante is declared after the side wins a trick, before the next lead"))
    _EACH = Why(N_("{who} has declared on this trick already"),
                N_("you have declared on this trick already"))

    def __init__(self, rules: Guinote) -> None:
        super().__init__(rules.pack)
        self.rules = rules
        self.by_side = rules.opts.cante_by == "side" and rules.players == 4
        """Whether either partner may declare (else only the trick's winner)."""
        self.out_of_turn = self.by_side

    def actor(self, game: Table, move: Declare) -> int | None:
        if not self.by_side or not game.tricks:
            return game.current_player
        winner = game.tricks[-1].winner
        assert winner is not None
        side = game.sides[game.side_of(winner)]
        # The winner, or his partner when only the partner holds the pair.
        holders = [s for s in side if all(c in game.hands[s] for c in move.shown())]
        return holders[0] if len(holders) == 1 else winner

    def check(self, game: Table, seat: int | None, move: Declare) -> Why | None:
        if not self.by_side:
            why = super().check(game, seat, move)
        elif seat is None or game.trick or not game.tricks:
            why = self._SIDE
        else:
            winner = game.tricks[-1].winner
            if winner is None or game.side_of(winner) != game.side_of(seat):
                why = self._SIDE
            elif any(s == seat and n == len(game.tricks) - 1 for s, _, n in marriages(game)):
                why = self._EACH
            else:
                why = self.pair_check(game, seat, move)
        return why

    def apply(self, game: Table, seat: int, move: Declare) -> Trick | None:
        super().apply(game, seat, move)
        self.rules.watch_target(game)
        return None

    def still_possible(self, game: Table) -> bool:
        """Whether a cante may still be declared: in a suit not declared yet whose pair may
        still meet in one hand (as Tute's marriages,
        :meth:`~cardrules.games.tute_game.TuteMarriageRule.still_possible`). Yes without looking
        while the exchange is open (the whole stock: the play cannot be plain then anyway).
        Once no cante is possible the play is plain card play (a search plays it on its compact
        model)."""
        return still_waiting(self.rules.exchange, game) or self.may_still_meet(game)


class CantePairRule(CanteRule):
    """The cantes with the jack (the default pair): the refusal names it."""

    move_type = Cante
    pair = Why(N_("{who} needs the king and the jack of {suit} to declare"),
               N_("you need the king and the jack of {suit} to declare"))


class SevenExchangeRule(ExchangeRule):
    """The 7 of trumps takes the turned-up card (options ``exchange_low``, ``exchange_after``),
    at any moment while it lies under the stock: the exchange's rule ``"seven"`` (any turned-up
    card) or ``"seven-high"`` (one above it); after a trick won by the exchanger's side, or by
    himself (two players: the same)."""

    def __init__(self, rules: Guinote) -> None:
        o = rules.opts
        own = o.exchange_after == "own-trick" or rules.players == 2
        super().__init__(rules, ExchangeOptions(
            exchange=None if o.exchange else "none", exchange_timing="any-time",
            exchange_needs_trick=own), "seven" if o.exchange_low else "seven-high", "any-time",
            side_trick=not own)


class Guinote(Rules):
    """Guiñote: four players in two partnerships, or two *mano a mano*."""

    id = "guinote"
    title = Title(N_("Guiñote (Aragón)"))
    player_counts: ClassVar[tuple[int, ...]] = (2, 4)
    options_type: ClassVar[type[Options]] = GuinoteOptions
    move_types: ClassVar[tuple[type[Move], ...]] = (Exchange, Cante, Declare)
    details_type = GuinoteDetails
    end_reasons: ClassVar[dict[str, str]] = {
        "ida": N_("Nobody has 101: the game goes on with a deal de vueltas, each side keeping "
                  "its points."),
        "vueltas": N_("With the points of the deal before, a side reached 101 de vueltas and "
                      "wins the game."),
    }
    opts: GuinoteOptions

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        assert isinstance(options, GuinoteOptions)
        o = self.opts = options
        if (o.vueltas_first is None) != (o.vueltas_second is None):
            raise OptionError("a deal de vueltas needs both vueltas_first and vueltas_second")
        self.carried: tuple[int, int] | None = (
            None if o.vueltas_first is None or o.vueltas_second is None
            else (o.vueltas_first, o.vueltas_second))
        """De vueltas: the points the side of seat 0 and the other side bring; ``None``: a deal
        de ida."""
        numbers = {40: (1, 2, 3, 4, 5, 6, 7, 10, 11, 12), 48: tuple(range(1, 13)),
                   36: (1, 3, 4, 5, 6, 7, 10, 11, 12)}[o.cards]
        self.pack = pack_for(o.pack or "spanish", 48 if o.cards == 48 else 40)
        self.cards = tuple(c for c in ALL_CARDS if c.number in numbers)
        self.hand_sizes = (6,) * players
        self.draw_counts = (1,) * players
        self.turn_sizes = (1,) * players
        self.turns_up = True
        ranking = RANKINGS["tuscan"]  # the jack above the knight, worth 3 to its 2
        self.strength = ranking.strength
        self.card_points = ranking.card_points
        self.free_play = False
        self.watches_tricks = self.carried is not None
        self.exchange = SevenExchangeRule(self)
        self.cante_type: type[Declare] = Cante if o.cante_pair == "king-jack" else Declare
        cantes = CantePairRule(self) if o.cante_pair == "king-jack" else CanteRule(self)
        self.move_rules = (self.exchange, cantes)

    def trump_exchange(self) -> ExchangeRule | None:
        """The exchange of the turned-up card in force (see :func:`.exchange.declared`)."""
        return declared(self.exchange)

    def trick_duties(self) -> TrickDuties:
        """The duties of :meth:`card_rule`, for a search's compact model: none while the stock
        lasts, then Tute's (no trump when none heads the trick), the partner's trick only
        followed with ``partner_exempt`` and four players. (A deal de vueltas, which ends at
        101, watches its tricks: the model leaves it to the engine.)"""
        return TrickDuties(stock="free",
                           partner_follows=self.opts.partner_exempt and self.players == 4)

    def parse(self, text: str) -> Action:
        """As every game reads its notation; ``declare:S`` is the cante of the pair in force.

        Examples:
            >>> from cardrules import rules_for
            >>> rules_for("guinote", 4).parse("declare:O").shown()[1].code
            '10O'
            >>> tute_pair = rules_for("guinote", 4, {"cante_pair": "king-knight"})
            >>> tute_pair.parse("declare:O").shown()[1].code
            '11O'
        """
        action = super().parse(text)
        if isinstance(action, Declare) and type(action) is not self.cante_type:
            return self.cante_type(action.suit)
        return action

    def tally_form(self) -> TallyForm:
        """Each side's points (cards, cantes and *las diez de últimas*, so no fixed total) and
        which side took the last trick."""
        return TallyForm(last=True)

    def result_of_tally(self, tally: Tally) -> Result:
        """A deal entered by hand: the sides' points of this deal (a deal de vueltas adds
        those its sides brought, :meth:`result`), the last trick settling a deal in which
        both sides reach 101."""
        sides = self.initial_sides()
        last = () if tally.last is None else (sides[tally.last][0],)
        table = TalliedTable.by_sides(sides, tally.points, GuinoteDetails(), last)
        return self.result(table.table())

    def brought_points(self) -> tuple[int, ...] | None:
        """De vueltas, the points each side brings from the deal de ida."""
        return self.carried

    def initial_sides(self) -> Sides:
        """Two players play alone; four play seats 0 and 2 against 1 and 3."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return ((0,), (1,))

    def deal_packets(self) -> list[tuple[int, int]]:
        """Three cards to each seat, twice."""
        return [(seat, 3) for _ in range(2) for seat in range(self.players)]

    def match_length(self) -> tuple[int | None, int | None]:
        """A coto: the first to ``coto`` games won (three by default)."""
        return (None, self.opts.coto)

    # The play ---------------------------------------------------------------------------------
    def card_rule(self, game: Table, seat: int) -> CardRule | None:
        """No duty while the stock lasts; then Tute's (see the module docstring)."""
        trick = game.trick
        if not trick or game.stock_size:
            return None
        led = trick[0].suit
        name = self.pack.suit_word(led)
        if (self.opts.partner_exempt and self.players == 4
                and partner_heads(game, self.strength, seat)):
            return FollowDuty(led, name)
        return TuteDuty.for_trick(trick, game.trump, self.strength, name)

    def after_trick(self, game: Table, trick: Trick) -> None:
        """De vueltas: the deal ends as soon as a side has 101 with the points it brought."""
        self.watch_target(game)

    def watch_target(self, game: Table) -> None:
        """De vueltas, end the deal when a side's points, with those it brought, reach 101."""
        if self.carried is None or game.end_reason is not None:
            return
        totals = self._totals(game)
        for side, total in enumerate(totals):
            if total >= TARGET:
                game.update_details(reached=side)
                game.finish("vueltas")
                return

    def _totals(self, game: Table) -> tuple[int, ...]:
        points = side_points(game.sides, game.points)
        if self.carried is None:
            return points
        return tuple(p + c for p, c in zip(points, self.carried, strict=True))

    def before_result(self, game: Table) -> None:
        """Ten more for the last trick (*las diez de últimas*), when the deal was played out."""
        if game.end_reason is None and game.tricks and game.tricks[-1].winner is not None:
            game.add_points(game.tricks[-1].winner, LAST_TRICK)

    # The result -------------------------------------------------------------------------------
    def result(self, game: Table) -> Result:
        totals = self._totals(game)
        details = game.details
        assert isinstance(details, GuinoteDetails)
        winner: int | None
        if details.reached is not None:
            winner, reason = details.reached, "vueltas"
        else:
            over = [i for i, t in enumerate(totals) if t >= TARGET]
            if len(over) > 1 and game.tricks and game.tricks[-1].winner is not None:
                over = [game.side_of(game.tricks[-1].winner)]  # both: the last trick decides
            winner = over[0] if over else None
            reason = "points" if winner is not None else "ida"
        game_points = [0] * len(totals)
        if winner is not None:
            game_points[winner] = 1
        return Result(tuple(game.points), game.sides, totals, winner, tuple(game_points), reason)

    def carried_options(self, result: Result, earlier: Callable[[int], int]) -> dict[str, Any]:
        """After a deal in which nobody reached 101, the next is played de vueltas: each side
        brings its points (the side of the next deal's seat 0 first)."""
        if result.reason != "ida":
            return {}
        brought = [result.side_points[result.side_of(earlier(s))] for s in (0, 1)]
        return {"vueltas_first": brought[0], "vueltas_second": brought[1]}

