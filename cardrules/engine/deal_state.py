"""The deal's state and the operations that change it: :class:`DealState`, the base of
:class:`~cardrules.engine.Game`.

A deal state holds everything a deal is at one moment (hands, stock, trick, tricks, points,
sides, the game's own details...) and the operations through which the rules change it
(:meth:`DealState.start_play`, :meth:`DealState.begin_phase`,
:meth:`DealState.play_from_hand`, :meth:`DealState.draw`, :meth:`DealState.hand_to_aside`,
:meth:`DealState.hand_to_pile`...), with the mechanics of a trick: who takes it and who draws
after it. The rules see a deal state as a :class:`~cardrules.engine.table.Table`, never by its
lists.

Speed matters (search bots play thousands of deals): the state is plain lists of interned cards
and tables indexed by card, and the common case of a card play tests a single flag.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.actions import Action, Deal, Trick
from ..core.cards import Card, Suit
from .legality import CardRule, Duty, MoveRule
from .rules import Rules
from .state import CHANCE, Details, Phase, Result, Sides

# Building named tuples through tuple.__new__ skips a Python-level __new__: the engine makes an
# Event per action and a Trick per trick on its hot path.
new_tuple = tuple.__new__

DEAL, PLAY, OVER = Phase.DEAL, Phase.PLAY, Phase.OVER


_PLAIN: dict[type, bool] = {}


def _plain_details(cls: type) -> bool:
    """Whether a details class may be copied field by field: a dataclass with a ``__dict__``,
    plain fields only and no ``__post_init__`` (else :func:`dataclasses.replace` is used)."""
    if not dataclasses.is_dataclass(cls) or "__slots__" in cls.__dict__:
        return False
    fields = dataclasses.fields(cls)  # real fields only (no ClassVar or InitVar)
    return (len(fields) == len(cls.__dataclass_fields__) and not hasattr(cls, "__post_init__")
            and all(f.init for f in fields))


class DealState:
    """The state of one deal and the operations that change it (see the module docstring).

    :class:`~cardrules.engine.Game` is the deal state the engine plays on; read its state freely and
    change it only through :meth:`Game.play <cardrules.engine.Game.play>` (the rules use the
    operations below).
    """

    __slots__ = (
        "_draw_log",
        "_duty_memo",
        "_events",
        "_free",
        "_moves_live",
        "_next",
        "_pos",
        "_result",
        "_round_last",
        "_setup",
        "_stock",
        "_stock_end",
        "_talon_to",
        "_trick_size",
        "_turn_up_at",
        "_turn_up_drawn",
        "aside",
        "details",
        "duties",
        "end_reason",
        "hands",
        "is_over",
        "leader",
        "log",
        "movers",
        "names",
        "order",
        "phase",
        "points",
        "rules",
        "seed",
        "sides",
        "taken",
        "talon",
        "talon_shown",
        "to_act",
        "trick",
        "tricks",
        "trump",
        "turn_up",
    )

    def __init__(
        self,
        rules: Rules,
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> None:
        n = rules.players
        setup = rules.engine_setup
        self.rules = rules
        """The rules this game runs on."""
        self.names: tuple[str, ...] = tuple(names) if names else setup.names
        """Player names by seat."""
        self.seed = seed
        """The seed the deal came from, if it came from one."""
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        """Each seat's hand."""
        self.turn_up: Card | None = None
        """The turned-up card while it lies under the stock."""
        self.trump: Suit | None = None
        """The trump suit, once known."""
        self.talon: list[Card] = []
        """Cards dealt aside face down (games with a talon), while they are there."""
        self.talon_shown = False
        """True once the talon has been shown to everyone."""
        self.sides: Sides = ()
        """The seats that score together, once known (see :meth:`set_sides`)."""
        self.leader = 0
        """The seat that leads (led) the current trick."""
        self.trick: list[Card] = []
        """Cards played to the current trick, in order (seats: ``order[:len(trick)]``)."""
        self.tricks: list[Trick] = []
        """Finished tricks."""
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        """Cards each seat has taken in tricks or put on its own pile."""
        self.points: list[int] = [0] * n
        """Points each seat has taken (card points, plus what the rules add)."""
        self.aside: list[Card] = []
        """Cards out of play: spoiled tricks nobody took, discards put aside."""
        self.log: list[Action] = []
        """Every action so far, the deal first."""
        self.movers: dict[int, int] = {}
        """The seat that made each move of the log (by log index; card plays are in the
        tricks)."""
        self.details: Details = setup.details
        """The game's own state (bids, the call, declarations...): see
        :class:`~cardrules.engine.Details`."""
        self.phase = DEAL
        """Where the deal stands."""
        self.is_over = False
        """True once the deal is finished (a plain attribute: bots test it constantly)."""
        self.end_reason: str | None = None
        """How the rules ended the deal early (``"claim"``...), else ``None``."""
        self.to_act: int | None = None
        """The seat to act in a phase other than the play (an auction, an answer)."""
        self.order: tuple[int, ...] = setup.trick_orders[0]
        """Seats in order of play for the current trick, one entry per card."""
        self.duties: list[Duty] = []
        """Every play made under a duty: ``(log index, seat, card rule, hand size)``."""
        self._result: Result | None = None
        self._stock: tuple[Card, ...] = ()  # the stock as dealt, top first (turn-up last)
        self._next = 0  # the next stock position to draw
        self._turn_up_at = 0  # the turned-up card's position in _stock (len(_stock) if none)
        self._turn_up_drawn: Card | None = None  # the card whoever drew the last position got
        # Who drew the stock, round by round: (log length, first position, seats in turn).
        self._draw_log: list[tuple[int, int, tuple[int, ...]]] = []
        self._talon_to: tuple[int, int] | None = None  # (seat, log length) when it was taken
        self._pos = 0
        self._stock_end = 0  # len(_stock)
        # The last stock position from which a usual round may start: every seat draws one card,
        # and at least one card (the turned-up card, if any) stays in the stock; -1 when the
        # rules draw otherwise.
        self._round_last = -1
        # The tables every game of these rules shares (orders, the trick winner, points...).
        self._setup = setup
        self._trick_size = setup.trick_size  # cards in a trick
        self._events = setup.events  # shared events of the plays that complete no trick
        # The card duty legal_actions last found, for the play that follows: (log length, duty,
        # the cards it allows).
        self._duty_memo: tuple[int, CardRule | None, Sequence[Card]] | None = None
        # Hot-path switches, so that the common case tests one attribute:
        self._free = False  # playing, and any card in hand may be played
        self._moves_live: tuple[MoveRule[Any], ...] = ()  # move rules that may offer in play


    # Reading the state -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act; :data:`CHANCE` (-1) before the deal; ``None`` when the game is over."""
        phase = self.phase
        if phase is PLAY:
            return self.order[self._pos]
        if phase is DEAL:
            return CHANCE
        if phase is OVER:
            return None
        return self.to_act

    @property
    def result(self) -> Result | None:
        """The outcome once the game is over, else ``None``."""
        return self._result

    @property
    def players(self) -> int:
        """The number of players."""
        return self.rules.players

    @property
    def dealt(self) -> Deal | None:
        """The deal (the first action), once dealt."""
        return self.log[0] if self.log and isinstance(self.log[0], Deal) else None

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first, without the turned-up card."""
        return self._stock[self._next:self._turn_up_at]

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turned-up card included."""
        return len(self._stock) - self._next

    @property
    def moves_open(self) -> bool:
        """Whether a move other than a card (an exchange, a surrender...) may still be made in
        this deal's play: some move rule of the play not yet ruled out (each is asked after
        every trick, and never again once it says no)."""
        return bool(self._moves_live)

    @property
    def trick_plays(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table as ``(seat, card)`` pairs."""
        return tuple(zip(self.order, self.trick))

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` of the side ``seat`` belongs to.

        Raises:
            ValueError: the sides are not known yet.
        """
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        raise ValueError(f"the side of seat {seat} is not known yet")

    # Operations for the rules ----------------------------------------------------------------
    def start_play(self, leader: int = 0) -> None:
        """Start (or restart) the play: the next trick is led by ``leader``."""
        self.phase = PLAY
        self.to_act = None
        self.leader = leader
        self.order = self._setup.trick_orders[leader]
        self._pos = 0
        self._free = self.rules.free_play
        self._moves_live = ()
        play_rules = self._setup.play_rules
        if play_rules:
            self._moves_live = tuple(r for r in play_rules if r.still_possible(self))
        if self._cannot_continue():
            self.finish()

    def resume_play(self) -> None:
        """Go back to the play where it stopped (after an answer out of the turn order)."""
        self.phase = PLAY
        self.to_act = None
        self._free = self.rules.free_play

    def begin_phase(self, phase: Phase, seat: int) -> None:
        """Enter a phase of the game's own (an auction, a call, an answer) with ``seat`` to act;
        call again to pass the turn within it."""
        self.phase = phase
        self.to_act = seat
        self._free = False

    def finish(self, reason: str | None = None) -> None:
        """End the deal now and compute the result (``reason``: how it ended, if not on
        points)."""
        self.phase = OVER
        self.is_over = True
        self._free = False
        self._moves_live = ()
        self.to_act = None
        if reason is not None:
            self.end_reason = reason
        self.rules.before_result(self)
        self._result = self.rules.result(self)

    def play_from_hand(self, card: Card) -> Trick | None:
        """Put ``card`` from the hand of the seat to play on the trick, for a move that plays a
        card (a declared *arrastro*): the engine has logged the move. Returns the trick it
        completed, if any."""
        seat = self.order[self._pos]
        hand = self.hands[seat]
        duty = self.rules.card_rule(self, seat)
        if duty is not None:
            self.duties.append((len(self.log) - 1, seat, duty, len(hand)))
        hand.remove(card)
        self.trick.append(card)
        self._pos += 1
        if self._pos < self._trick_size:
            return None
        return self._finish_trick()

    def draw(self, seat: int, count: int = 1) -> int:
        """``seat`` draws up to ``count`` cards from the stock (the turned-up card last);
        returns how many it drew."""
        start = self._next
        drawn = 0
        while drawn < count and self._draw_one(seat):
            drawn += 1
        if drawn:
            self._draw_log.append((len(self.log), start, (seat,) * drawn))
        return drawn

    def give_talon(self, seat: int) -> None:
        """The talon goes into ``seat``'s hand."""
        self.hands[seat].extend(self.talon)
        self.talon = []
        self._talon_to = (seat, len(self.log))

    def show_talon(self) -> None:
        """Turn the talon face up: every view shows it from now on."""
        self.talon_shown = True

    def exchange_turn_up(self, seat: int, card: Card) -> None:
        """``seat`` gives ``card`` from its hand for the turned-up card, which it takes."""
        hand = self.hands[seat]
        assert self.turn_up is not None
        hand[hand.index(card)] = self.turn_up
        self.turn_up = card

    def hand_to_aside(self, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand, out of play (a discard put aside)."""
        self.hands[seat].remove(card)
        self.aside.append(card)

    def hand_to_pile(self, holder: int, card: Card, seat: int) -> None:
        """``card`` leaves ``holder``'s hand for ``seat``'s pile, its points to ``seat``."""
        self.hands[holder].remove(card)
        self.taken[seat].append(card)
        self.points[seat] += self._setup.card_points[card.index]

    def aside_to_pile(self, card: Card, seat: int) -> None:
        """``card`` goes from the cards out of play to ``seat``'s pile (a spoiled trick taken
        later), its points to ``seat``."""
        self.aside.remove(card)
        self.taken[seat].append(card)
        self.points[seat] += self._setup.card_points[card.index]

    def add_points(self, seat: int, points: int) -> None:
        """Add points to ``seat`` (a declaration, a trick counted in a game scored by
        tricks)."""
        self.points[seat] += points

    def set_sides(self, sides: Sides) -> None:
        """The sides become known (at a call, for a hidden partnership)."""
        self.sides = sides

    def set_trump(self, suit: Suit | None) -> None:
        """Trumps become ``suit`` (a named trump, a call)."""
        self.trump = suit

    def update_details(self, **changes: Any) -> None:
        """Change fields of the game's own state (:attr:`details`)."""
        details = self.details
        cls = details.__class__
        plain = _PLAIN.get(cls)
        if plain is None:
            plain = _PLAIN[cls] = _plain_details(cls)
        if plain and changes.keys() <= cls.__dataclass_fields__.keys():
            # What dataclasses.replace makes, without calling __init__ field by field: a
            # playout changes the details at every surrender, signal or marriage.
            new = object.__new__(cls)
            new.__dict__.update(details.__dict__)
            new.__dict__.update(changes)
            self.details = new
        else:
            self.details = replace(details, **changes)

    def _finish_trick(self) -> Trick:
        cards = self.trick
        order = self.order
        trump = self.trump
        setup = self._setup
        table = setup.card_points
        winner_of = setup.winner
        taker: int | None
        if winner_of is None:  # two cards, the default winner: inline
            a, b = cards
            leader, second = order
            ai = a.index
            bi = b.index
            if b.suit is a.suit:
                strength = setup.strength
                taker = second if strength[bi] > strength[ai] else leader
            else:
                taker = second if b.suit is trump else leader
            points = table[ai] + table[bi]
            pairs = setup.pairs
            plays: tuple[tuple[int, Card], ...] = (pairs[leader][ai], pairs[second][bi])
        else:
            leader = order[0]
            i = winner_of(cards, trump)
            taker = None if i is None else order[i]
            points = 0
            for c in cards:
                points += table[c.index]
            plays = tuple(zip(order, cards))
        tricks = self.tricks
        trick: Trick = new_tuple(Trick, (len(tricks), leader, plays, taker, points, trump))
        tricks.append(trick)
        if taker is None:  # a spoiled trick: nobody takes it and the same player leads again
            self.aside.extend(cards)
        else:
            self.taken[taker].extend(cards)
            self.points[taker] += points
            self.leader = leader = taker
        self.trick = []
        self._pos = 0
        self.order = setup.trick_orders[leader]
        k = self._next
        if k <= self._round_last:  # the usual round: one card each, the winner first
            draw_order = setup.draw_orders[leader]
            self._draw_log.append((len(self.log), k, draw_order))
            hands = self.hands
            stock = self._stock
            for seat in draw_order:
                hands[seat].append(stock[k])
                k += 1
            self._next = k
            if setup.after_trick is None and not self._moves_live:
                return trick  # cards remain to draw (see _round_last): every hand is full again
            drew = True
        elif setup.draws and k < self._stock_end:
            self._draw_round()
            drew = True
        else:
            drew = False
        after_trick = setup.after_trick
        if after_trick is not None:
            after_trick(self, trick)
        if self._moves_live:
            self._recheck_moves()
        # While cards remain to draw every hand is full again.
        if drew and self._next < self._stock_end:
            return trick
        if self.phase is PLAY and self._cannot_continue():
            self.finish()
        return trick

    def _recheck_moves(self) -> None:
        live = self._moves_live
        for rule in live:
            if not rule.still_possible(self):
                self._moves_live = tuple(r for r in live if r.still_possible(self))
                return

    def _draw_round(self) -> None:
        """After a trick: each seat draws its cards, the winner first (the general case; the
        usual round is inlined in :meth:`_finish_trick`)."""
        start = self._next
        seats: list[int] = []
        counts = self.rules.draw_counts
        for seat in self._setup.draw_orders[self.leader]:
            for _ in range(counts[seat]):
                if self._draw_one(seat):
                    seats.append(seat)
        self._draw_log.append((len(self.log), start, tuple(seats)))

    def _draw_one(self, seat: int) -> bool:
        k = self._next
        if k >= self._stock_end:
            return False
        if k == self._turn_up_at:
            card = self.turn_up
            assert card is not None
            self._turn_up_drawn = card
            self.turn_up = None
        else:
            card = self._stock[k]
        self.hands[seat].append(card)
        self._next = k + 1
        return True

    def _cannot_continue(self) -> bool:
        hands = self.hands
        if self._setup.single_turns:
            return [] in hands  # some hand is empty
        turns = self.rules.turn_sizes
        for seat in range(len(hands)):
            if len(hands[seat]) < turns[seat]:
                return True
        return False

