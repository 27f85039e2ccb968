"""Alcalde and the Alcalde variation (Puerto Rico).

Three players, 40 cards. The Alcalde (mayor) deals and plays alone against the two others, who
score together. He is the dealer, so the last seat (2); seat 0, at his right, leads the first
trick. Tricks are won as in Briscola: the highest trump, else the highest card of the suit led;
nobody has to follow suit.

* ``alcalde``: he is dealt 6 cards (the others 3), plays **two cards at each of his turns** (two
  actions in a row; when he leads, his first card sets the suit led) and draws two. 10 tricks of
  four cards. Most card points wins; 60-60 goes to the Alcalde.
* ``alcalde-variation`` (José's page only): he is dealt 4 and plays one card a turn; 13 tricks;
  his last card goes to his own pile; he wins with 31 points or more, and his opponents may not
  show each other their hands.

Both use the trump-card exchange "like in Briscas" (``exchange="puerto-rico"``) by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.actions import Move
from ..core.cards import ALL_CARDS, Card
from ..core.options import Options, option
from ..core.packs import pack_for
from ..core.ranking import RANKINGS
from ..engine import Result, Rules, Sides, Table, Title
from ..words import N_
from .exchange import Exchange, ExchangeDetails, ExchangeOptions, ExchangeRule, declared

ALCALDE = 2
"""The Alcalde's seat: he deals, so he is the last seat."""


@dataclass(frozen=True)
class AlcaldeOptions(ExchangeOptions):
    """Options of Alcalde and its variation."""

    partners_see: bool | None = option(
        None,
        N_("the Alcalde's opponents may see each other's hands (default: yes; no in the "
           "variation)"),
    )
    """Both Puerto Rican sources let the two opponents show each other their hands; the
    variation forbids it. When on, each opponent's view (:meth:`Game.view
    <cardrules.engine.Game.view>`) holds the other's hand."""


@dataclass(frozen=True)
class AlcaldeDetails(ExchangeDetails):
    """What a deal of Alcalde remembers beyond the cards."""

    kept: tuple[Card, ...] = ()
    """The variation: the card the Alcalde kept at the end (it went to his own pile)."""


class AlcaldeRules(Rules):
    """Alcalde: the dealer (seat 2) alone against seats 0 and 1."""

    id = "alcalde"
    title = Title(N_("Alcalde"))
    player_counts: ClassVar[tuple[int, ...]] = (3,)
    options_type: ClassVar[type[Options]] = AlcaldeOptions
    move_types: ClassVar[tuple[type[Move], ...]] = (Exchange,)
    details_type = AlcaldeDetails
    variation: ClassVar[bool] = False
    """True for the variation: one card a turn, a kept last card, 31 points to win."""
    opts: AlcaldeOptions

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        assert isinstance(options, AlcaldeOptions)
        o = self.opts = options
        self.pack = pack_for(o.pack or "spanish", 40)
        self.cards = tuple(c for c in ALL_CARDS if c.number not in (8, 9))
        alcalde_cards = 4 if self.variation else 6
        self.hand_sizes = (3, 3, alcalde_cards)
        each_turn = 1 if self.variation else 2
        self.turn_sizes = (1, 1, each_turn)
        self.draw_counts = (1, 1, each_turn)
        self.turns_up = True
        ranking = RANKINGS[o.scoring]
        self.strength = ranking.strength
        self.card_points = ranking.card_points
        self.partners_see = o.partners_see if o.partners_see is not None else not self.variation
        self.exchange = ExchangeRule(self, o, "puerto-rico", "any-time")
        self.move_rules = (self.exchange,)

    def trump_exchange(self) -> ExchangeRule | None:
        """The exchange of the turned-up card in force (see :func:`.exchange.declared`)."""
        return declared(self.exchange)

    def initial_sides(self) -> Sides:
        """The two opponents together, then the Alcalde alone."""
        return ((0, 1), (ALCALDE,))

    def deal_packets(self) -> list[tuple[int, int]]:
        """Three rounds, one card at a time to seats 0 and 1 and two at a time to the Alcalde;
        in the variation one card to each, then a fourth to the Alcalde."""
        if self.variation:
            return [(0, 1), (1, 1), (ALCALDE, 1)] * 3 + [(ALCALDE, 1)]
        return [(0, 1), (1, 1), (ALCALDE, 2)] * 3

    def visible_hands(self, game: Table, seat: int) -> dict[int, tuple[Card, ...]]:
        if self.partners_see and seat != ALCALDE:
            partner = 1 - seat
            return {partner: tuple(game.hands[partner])}
        return {}

    def before_result(self, game: Table) -> None:
        """In the variation the Alcalde's last card goes to his own pile."""
        kept = tuple(game.hands[ALCALDE])
        for card in kept:
            game.hand_to_pile(ALCALDE, card, ALCALDE)
        if kept:
            game.update_details(kept=kept)

    def result(self, game: Table) -> Result:
        opponents = game.points[0] + game.points[1]
        alcalde = game.points[ALCALDE]
        if self.variation:
            alcalde_wins = alcalde >= 31
        else:
            alcalde_wins = alcalde >= opponents  # 60-60 goes to the Alcalde
        winner = 1 if alcalde_wins else 0
        game_points = (0, 1) if alcalde_wins else (1, 0)
        return Result(
            points=tuple(game.points),
            sides=game.sides,
            side_points=(opponents, alcalde),
            winner=winner,
            game_points=game_points,
        )

    def match_length(self) -> tuple[int | None, int | None]:
        """The sources set no end: six deals by default."""
        return (6, None)

    def next_dealer(self, result: Result) -> int:
        """The seat of the next deal's Alcalde: he stays while he wins or ties; when he loses,
        the player to his right (seat 0) takes over."""
        return ALCALDE if result.winner == 1 else 0


class AlcaldeVariation(AlcaldeRules):
    """The Alcalde variation (Carlos García's, on José's page): 4 cards, one a turn, 13
    tricks, the last card kept, 31 points to win, no showing of hands."""

    id = "alcalde-variation"
    title = Title(N_("Alcalde (variation)"))
    variation = True
