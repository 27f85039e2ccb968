"""A compact model of plain card play, for a search that plays out many worlds a decision.

The engine's :class:`~cardrules.engine.Game` checks, logs and words every action; a tree search
that plays tens of thousands of cards a decision pays for that at every card. Once a deal is
in a stretch of *plain card play* (:func:`covers` and :func:`plain_play`: any card in hand may
be played, one card a turn, the trick to the highest trump else the highest card of the suit
led, the winner drawing first, no rule watching the tricks, and no move of the game, such as an
exchange, possible any more) what is left of it is a few lists of small integers. The search
bot's playouts (:meth:`World.play_guided`) also run on it while the trump exchange is still
open (:func:`modelled`), under the rules and timings the model carries out as the game's
exchange rule decides them (:func:`exchange_rule`), and in Tute's and Guiñote's plain card
play under their duties on which card may be played (:func:`duties`: the legal cards filtered
as the game's duty filters them, :meth:`World.legal`), once no marriage, cante, *tute* or
exchange is possible any more in that world; the other searches (the endgame's, ISMCTS's tree
and random playouts) only in plain card play of free play. A :class:`Start` is such a
position, made from a seat's view (its unseen cards dealt afresh for each world,
:meth:`SeatView.unseen <cardrules.engine.SeatView.unseen>`) or from a whole world;
the search plays it out itself (:mod:`cardrules.bots.ismcts`), with the per-trump tables of
the playouts (:func:`cardrules.bots.playout.tables`), and :meth:`Start.rewards` scores the end
by the game's own :meth:`Rules.result <cardrules.engine.Rules.result>`, so the model never
says who won a deal by a rule of its own.

Cards are their indexes (:attr:`Card.index <cardrules.core.cards.Card.index>`), ``-1`` a stock
place whose card is dealt only when it is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final, cast, overload

from ..core.actions import Decision, Move, Trick
from ..core.cards import ALL_CARDS, Card, Suit
from ..engine import (
    Details,
    Game,
    Phase,
    Result,
    Rules,
    SeatView,
    Sides,
    Table,
    TrickDuties,
    TrumpExchange,
)
from .playout import WIDTH, tables

CARDS: Final = ALL_CARDS
"""Each card by its index."""

_NUMBERS: Final = tuple(card.number for card in ALL_CARDS)
"""Each card's number by its index (what the exchange's decision reads of the turned-up card)."""

_SUITS: Final = tuple(card.suit for card in ALL_CARDS)
"""Each card's suit by its index."""

UNSEEN: Final = -1
"""A stock place whose card the world deals when it is drawn."""

History = list[tuple[tuple[int, ...], int, list[int]]]
"""The tricks a compact deal played: (the seats in order of play, the winner, the cards)."""

_COVERED: dict[int, tuple[Rules, bool]] = {}


def covers(rules: Rules) -> bool:
    """Whether the card play of ``rules`` is plain enough for the compact model: free play, one
    card a turn, one card (or none) drawn a round, the default trick winner, card points, and
    no rule called after a trick or before the result."""
    found = _COVERED.get(id(rules))
    if found is None or found[0] is not rules:
        setup = rules.engine_setup
        kind = type(rules)
        plain = (rules.free_play and setup.single_turns
                 and (setup.single_draw or not setup.draws)
                 and kind.trick_winner is Rules.trick_winner
                 and kind.before_result is Rules.before_result
                 and not rules.watches_tricks and not rules.scores_tricks)
        found = _COVERED[id(rules)] = (rules, plain)
    return found[1]


_DUTIES: dict[int, tuple[Rules, TrickDuties | None]] = {}


def duties(rules: Rules) -> TrickDuties | None:
    """The duties on card play of ``rules`` when the compact model carries them out, in the
    search bot's playouts alone (:meth:`World.play_guided`, from :meth:`Start.of_world` with
    ``duties``): rules the model would cover (:func:`covers`) but for their duties, which are
    the Tute family's (:meth:`Rules.trick_duties <cardrules.engine.Rules.trick_duties>`), and
    whose end the game's own :meth:`~cardrules.engine.Rules.before_result` may change (the last
    trick's ten of Tute and Guiñote); else ``None`` (also for a game that watches its tricks,
    such as Guiñote's deal de vueltas, which ends at 101). The model plays them only where no
    move of the game is possible any more (:func:`plain_play`: the marriages or cantes, the tute
    and the exchange out of reach in that world)."""
    found = _DUTIES.get(id(rules))
    if found is None or found[0] is not rules:
        setup = rules.engine_setup
        kind = type(rules)
        plain = (not rules.free_play and setup.single_turns
                 and (setup.single_draw or not setup.draws)
                 and (setup.draws or not rules.turns_up)  # a turned-up card never drawn: no
                 and kind.trick_winner is Rules.trick_winner
                 and not rules.watches_tricks and not rules.scores_tricks)
        found = _DUTIES[id(rules)] = (rules, rules.trick_duties() if plain else None)
    return found[1]


def plain_play(world: Game) -> bool:
    """Whether ``world`` (of rules the model :func:`covers`) is in plain card play now: playing,
    and no move of the game still possible (an exchange's time is over...)."""
    return world.phase is Phase.PLAY and not world.moves_open and not world.is_over


_EXCHANGE_RULES: Final = frozenset({"italian", "spanish", "puerto-rico"})
"""The exchange rules the model carries out: the option ``exchange``'s (not Guiñote's 7 alone)."""
_EXCHANGE_TIMINGS: Final = frozenset({"any-time", "own-turn", "first-trick",
                                      "before-penultimate"})
"""The timings the model carries out: the option ``exchange_timing``'s (not Tute's after a
won trick)."""
_EXCHANGES: dict[int, tuple[Rules, TrumpExchange | None]] = {}


def exchange_rule(rules: Rules) -> TrumpExchange | None:
    """The trump exchange of ``rules`` when the compact model carries it out
    (:meth:`World.offer`): rules the model :func:`covers`, the exchange the only move of their
    play, by a rule and a timing the option ``exchange``/``exchange_timing`` offers the Briscola
    family, the exchanger's own trick (not his side's) as the condition if any; else ``None``."""
    found = _EXCHANGES.get(id(rules))
    if found is None or found[0] is not rules:
        rule = rules.trump_exchange()
        play = rules.engine_setup.play_rules
        known = (rule is not None and covers(rules) and len(play) == 1
                 and cast(object, play[0]) is rule and rule.rule in _EXCHANGE_RULES
                 and rule.timing in _EXCHANGE_TIMINGS and not rule.needs_side_trick)
        found = _EXCHANGES[id(rules)] = (rules, rule if known else None)
    return found[1]


def modelled(world: Game) -> bool:
    """Whether the search bot's playouts may play ``world`` (of rules the model :func:`covers`)
    on from here on the compact model (:meth:`Start.of_world` with ``exchange``): in plain card
    play, or in card play with the trump exchange still open under a rule and timing the model
    carries out (:func:`exchange_rule`)."""
    if world.phase is not Phase.PLAY or world.is_over:
        return False
    return not world.moves_open or exchange_rule(world.rules) is not None


def _reads_hands(rules: Rules) -> bool:
    """Whether the exchange of ``rules`` reads the hidden hands (:attr:`TrumpExchange.reads_two
    <cardrules.engine.TrumpExchange.reads_two>`): the seat's own legal actions, and the
    exchanges it saw, then tell where the 2 of trumps lay, which :meth:`SeatView.unseen
    <cardrules.engine.SeatView.unseen>` does not weigh."""
    rule = rules.trump_exchange()
    return rule is not None and rule.reads_two


def _exchanged_in_trick(world: Game) -> bool:
    """Whether an exchange was made in ``world`` since its last trick was finished."""
    cards = len(world.trick)
    for action in reversed(world.log):
        if isinstance(action, Card):
            if not cards:
                return False  # the card that finished the last trick
            cards -= 1
        elif isinstance(action, Move) and action.decision is Decision.EXCHANGE:
            return True
    return False


class _ExchangeTable:
    """What an exchange rule's :meth:`~cardrules.engine.MoveRule.apply` reads and changes of a
    table, to replay a compact world's exchanges on the game's own state
    (:meth:`_Exchange.details`): the cards are the model's, not its."""

    __slots__ = ("details", "tricks")

    def __init__(self, details: Details) -> None:
        self.details = details
        self.tricks: Sequence[object] = ()

    def exchange_turn_up(self, seat: int, card: Card) -> None:
        """The cards change hands in the model, not here."""

    def update_details(self, **changes: object) -> None:
        """Change fields of the game's own state, as :meth:`Game.update_details
        <cardrules.engine.Game.update_details>` does."""
        self.details = replace(self.details, **changes)


class _Exchange:
    """The trump exchange at a :class:`Start`: the rule in force (:func:`exchange_rule`) and
    what the deal before the start tells it (see :meth:`World.offer`)."""

    __slots__ = ("draws", "exchanged_in", "needs_trick", "reads_two", "seven", "strength",
                 "taker", "timely", "timing", "tricks", "two", "won")

    def __init__(self, world: Game, rule: TrumpExchange, trump: Suit) -> None:
        rules = world.rules
        self.taker = rule.taker
        """The game's own decision of the trump that may take the turned-up card."""
        self.timely = rule.timely
        """The game's own decision of whether the timing lets the seat exchange now."""
        self.timing = rule.timing
        self.needs_trick = rule.needs_trick
        self.reads_two = rule.reads_two
        """Whether :attr:`taker` reads where the 2 of trumps is (else the hands go unsearched)."""
        self.strength = rules.strength
        self.draws = sum(rules.draw_counts)
        """A stock this small or smaller: the trick after which the last cards are drawn."""
        self.two = Card(2, trump).index
        self.seven = Card(7, trump).index
        self.tricks = len(world.tricks)
        """The tricks played before the start."""
        self.won = frozenset(t.winner for t in world.tricks if t.winner is not None)
        """The seats that won a trick before the start."""
        self.exchanged_in: int | None = (
            self.tricks if rule.timing == "own-turn" and _exchanged_in_trick(world) else None)
        """The trick during which the last exchange was made before the start, if it is this
        one (an earlier one changes nothing from now on); else ``None``."""

    def details(self, start: Start, world: World) -> Details:
        """The game's own state at the end of ``world``: the exchanges it made since ``start``
        replayed on the state the start had, by the game's exchange rule itself."""
        rule = start.rules.engine_setup.play_rules[0]  # the exchange (see exchange_rule)
        protocol = cast(TrumpExchange, exchange_rule(start.rules))
        table = _ExchangeTable(start.details)
        for played, seat, card in world.exchanges:
            table.tricks = range(self.tricks + played // start.size)
            rule.apply(cast(Table, table), seat, protocol.move(CARDS[card]))
        return table.details

    @classmethod
    def of(cls, world: Game) -> _Exchange | None:
        """The exchange still open in ``world``, or ``None`` (none left, or none possible ever
        again: a turned-up card of another suit than trumps is never exchanged)."""
        if not world.moves_open:
            return None
        rule = exchange_rule(world.rules)
        up = world.turn_up
        trump = world.trump
        if rule is None or up is None or trump is None or up.suit is not trump:
            return None
        return cls(world, rule, trump)


class Start:
    """A position of plain card play, its unseen cards still to be dealt (see the module
    docstring). Make one with :meth:`of_view` or :meth:`of_world`; :meth:`deal` deals a world
    from it."""

    __slots__ = ("beats", "card_points", "details", "draw_orders", "duties", "exchange",
                 "hands", "leader", "memo", "missing", "orders", "points", "pool", "results",
                 "rules", "side", "sides", "size", "stock", "stock_known", "stock_unseen",
                 "taken", "trick", "tricks", "trump", "weights")

    def __init__(self, world: Game, hidden: frozenset[int] = frozenset(), own: int = -1) -> None:
        rules = world.rules
        setup = rules.engine_setup
        self.rules = rules
        self.trump: Suit | None = world.trump
        self.sides: Sides = world.sides
        self.details: Details = world.details
        hands: list[tuple[int, ...]] = []
        missing: list[tuple[int, int]] = []
        for seat, hand in enumerate(world.hands):
            known = tuple(c.index for c in hand if c.index not in hidden)
            hands.append(known)
            if len(known) < len(hand):
                assert seat != own, "a seat's own cards are not unseen"
                missing.append((seat, len(hand) - len(known)))
        self.hands = tuple(hands)
        """Each seat's cards known in every world (all of them in a world)."""
        self.missing = tuple(missing)
        """``(seat, how many)``: the unseen cards each hand is dealt in a world."""
        self.pool = tuple(sorted(hidden))
        """The unseen cards, to be dealt into the hands and the stock."""
        turn_up = world.turn_up
        stock = (*world.stock, turn_up) if turn_up is not None else world.stock
        assert world.stock_size == len(stock)
        self.stock = tuple(UNSEEN if c.index in hidden else c.index for c in stock)
        """The stock, top first, the turned-up card last."""
        self.stock_unseen = self.stock.count(UNSEEN)
        self.stock_known = tuple((k, c) for k, c in enumerate(self.stock) if c != UNSEEN)
        """The stock's known cards, ``(place, card)`` from the top (the turned-up card...)."""
        self.points = tuple(world.points)
        self.leader = world.leader
        self.trick = tuple(c.index for c in world.trick)
        """The cards on the table, in order of play from :attr:`leader`."""
        self.taken = tuple(tuple(t) for t in world.taken)
        self.tricks = tuple(world.tricks)
        self.orders = setup.trick_orders
        self.draw_orders = setup.draw_orders
        self.size = setup.trick_size
        self.card_points = rules.card_points
        self.weights = tables(rules.strength, rules.card_points, world.trump)
        """The playouts' per-card tables under this deal's trumps (the greedy and careful
        keys, the trick winner)."""
        self.beats = self.weights.beats
        self.side = tuple(next((i for i, side in enumerate(self.sides) if seat in side), -1)
                          for seat in range(len(world.hands)))
        """Each seat's side (its index in :attr:`sides`), ``-1`` for none."""
        self.memo: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.results: dict[tuple[int, ...], Result] = {}
        self.exchange = _Exchange.of(world)
        """The trump exchange still open at this position (only :meth:`World.play_guided`
        plays it), or ``None``: plain card play."""
        self.duties = None if rules.free_play else duties(rules)
        """The duties on card play the model carries out (:func:`duties`; only
        :meth:`World.play_guided` plays them), or ``None``: free play."""

    @classmethod
    def of_view(cls, view: SeatView, world: Game, exchange: bool = False) -> Start | None:
        """The position ``view`` shows, its unseen cards to be dealt at random into the places
        that hold unseen cards in ``world`` (a world sampled from ``view``); ``None`` when the
        compact model does not cover it (not plain play, an unseen card more likely in one
        place than another, sides, trumps or the game's own state not all public). With
        ``exchange``, also a position where the trump exchange is still open
        (:func:`modelled`), for :meth:`World.play_guided` alone."""
        if not covers(view.rules) or not (plain_play(world) or (exchange and modelled(world))):
            return None
        if _reads_hands(view.rules):  # where the 2 of trumps lies is not as likely anywhere
            return None
        unseen = view.unseen()
        if unseen is None or (view.sides, view.trump, view.details) != (
                world.sides, world.trump, world.details):
            return None
        start = cls(world, frozenset(c.index for c in unseen), view.seat)
        places = sum(n for _, n in start.missing) + start.stock_unseen
        assert places <= len(start.pool), "more unseen places than unseen cards"
        return start

    @classmethod
    def of_world(cls, world: Game, exchange: bool = False, duty: bool = False) -> Start | None:
        """The position of ``world``, every card known; ``None`` when the compact model does not
        cover it. With ``exchange``, also a position where the trump exchange is still open
        (:func:`modelled`), and with ``duty`` a position of plain card play under duties the
        model carries out (:func:`duties`), for :meth:`World.play_guided` alone."""
        rules = world.rules
        if covers(rules):
            if plain_play(world) or (exchange and modelled(world)):
                return cls(world)
        elif duty and duties(rules) is not None and plain_play(world):
            return cls(world)
        return None

    def deal(self, rng: random.Random) -> World:
        """A world of this position, dealt as it is played: the unseen cards of the hands now,
        each unseen card of the stock when it is drawn, at random among the unseen cards left
        (the same as dealing them all at once, and only as many draws as the play makes)."""
        pool = list(self.pool)
        hands = [list(hand) for hand in self.hands]
        random_ = rng.random
        for seat, count in self.missing:
            hand = hands[seat]
            for _ in range(count):
                hand.append(pool.pop(int(random_() * len(pool))))
        return World(self, hands, pool, random_)

    def deal_all(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """A whole world of this position at once: the hands and the stock, top first, every
        unseen card dealt at random into the unseen places (a search that plays several
        actions out in one world deals it with this, then plays each on a copy of the
        hands: ``World(start, hands, [], rng.random, stock)``)."""
        pool = list(self.pool)
        hands = [list(hand) for hand in self.hands]
        random_ = rng.random
        for seat, count in self.missing:
            hand = hands[seat]
            for _ in range(count):
                hand.append(pool.pop(int(random_() * len(pool))))
        stock = list(self.stock)
        for place, card in enumerate(stock):
            if card == UNSEEN:
                stock[place] = pool.pop(int(random_() * len(pool)))
        return hands, stock

    def rewards(self, points: Sequence[int], world: World) -> tuple[float, ...]:
        """What the end of a deal played on from this position is worth to each seat: 1 when
        its side won, 0.5 for a draw, 0 for a loss, by the game's :meth:`Rules.result
        <cardrules.engine.Rules.result>` given each seat's ``points`` at the end of
        ``world`` (and, if the result reads them, the cards taken and the tricks). Remembered
        by the points alone when the result read nothing else."""
        key = self._key(points, world)
        found = self.memo.get(key)
        if found is not None:
            return found
        result = self.result(points, world)
        won = result.winner
        if won is None:
            worth = (0.5,) * len(points)
        else:
            side = result.sides[won]
            worth = tuple(1.0 if seat in side else 0.0 for seat in range(len(points)))
        if key in self.results:
            self.memo[key] = worth
        return worth

    def _key(self, points: Sequence[int], world: World) -> tuple[int, ...]:
        """What a remembered result is found by: the points, and under duties (Tute's last
        trick, which :meth:`~cardrules.engine.Rules.before_result` reads) the last trick's
        winner too (a result that read no other trick is remembered by them)."""
        if self.duties is None:
            return tuple(points)
        takers = world.takers
        last = takers[-1] if takers else self.tricks[-1].winner if self.tricks else None
        return (*points, -1 if last is None else last)

    def result(self, points: Sequence[int], world: World) -> Result:
        """The game's :meth:`Rules.result <cardrules.engine.Rules.result>` of a deal played on
        from this position to the end of ``world``, each seat with ``points``: remembered by
        the points alone when the result read nothing else (the cards taken, the tricks but
        the last under duties: see :meth:`_key`)."""
        key = self._key(points, world)
        found = self.results.get(key)
        if found is not None:
            return found
        ending = _Ending(self, tuple(points), world)
        if self.duties is not None:  # (the rules the model covers otherwise have none)
            self.rules.before_result(cast(Table, ending))
        result = self.rules.result(cast(Table, ending))
        if not ending.read_cards:
            self.results[key] = result
        return result

class World:
    """One world of a :class:`Start`, dealt as it is played, played on by the search: :meth:`play`
    plays a card, :meth:`play_out` plays the rest at random (in plain card play: a start with
    the exchange open is played by :meth:`play_guided`)."""

    __slots__ = ("drawn", "exchanged_in", "exchanges", "hands", "order", "over", "played",
                 "points", "pool", "pos", "random", "start", "stock", "takers", "trick")

    def __init__(self, start: Start, hands: list[list[int]], pool: list[int],
                 random_: Callable[[], float], stock: Sequence[int] | None = None) -> None:
        self.start = start
        self.stock = start.stock if stock is None else stock
        """The stock, top first (:attr:`Start.stock`, or a whole world's, every card dealt)."""
        self.random = random_
        """The world's source of chance (the playout's, and the unseen cards' deal)."""
        self.hands = hands
        self.pool = pool
        """The unseen cards not dealt yet."""
        self.drawn = 0
        """The stock's places drawn so far."""
        self.points = list(start.points)
        self.order = start.orders[start.leader]
        self.trick = list(start.trick)
        self.pos = len(self.trick)
        self.played = list(start.trick)
        """Every card played since the start's trick began, in order."""
        self.takers: list[int] = []
        """The winner of each trick finished since then."""
        self.over = False
        self.exchanged_in = start.exchange.exchanged_in if start.exchange is not None else None
        """The trick during which the last exchange was made (:attr:`ExchangeDetails.exchanged_in
        <cardrules.games.exchange.ExchangeDetails.exchanged_in>`)."""
        self.exchanges: list[tuple[int, int, int]] = []
        """The exchanges made since the start: (the cards played before it, the seat, the card
        it gave)."""

    @property
    def seat(self) -> int:
        """The seat to play."""
        return self.order[self.pos]

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (it holds it)."""
        self.hands[self.order[self.pos]].remove(card)
        self.played.append(card)
        self.trick.append(card)
        self.pos += 1
        if self.pos == self.start.size:
            self._finish()

    def _finish(self) -> None:
        """The trick is complete: its winner takes the points, draws first and leads."""
        start = self.start
        trick = self.trick
        beats = start.beats
        worth = start.card_points
        if len(trick) == 2:
            a, b = trick
            taker = self.order[1 if beats[a * WIDTH + b] else 0]
            self.points[taker] += worth[a] + worth[b]
        else:
            won = 0
            best = trick[0]
            for i in range(1, len(trick)):
                if beats[best * WIDTH + trick[i]]:
                    won, best = i, trick[i]
            taker = self.order[won]
            for card in trick:
                self.points[taker] += worth[card]
        self.takers.append(taker)
        self.trick = []
        self.pos = 0
        self.order = start.orders[taker]
        stock = self.stock
        if self.drawn < len(stock):
            for seat in start.draw_orders[taker]:
                if self.drawn < len(stock):
                    self.hands[seat].append(self._draw())
            if self.drawn < len(stock):
                return  # every hand is full again
        if [] in self.hands:
            self.over = True

    def offer(self) -> int:
        """The card the seat to play may give for the turned-up card now, as the game's
        exchange rule decides it (:func:`exchange_rule`: the card that may take it, held by
        the seat, which has won a trick if it must, at a moment the timing allows); ``-1``:
        none. Which card, and whether the timing allows it, the model does not decide: it asks
        the game's own decisions (:attr:`TrumpExchange.taker
        <cardrules.engine.TrumpExchange.taker>` and :attr:`~cardrules.engine.TrumpExchange.timely`,
        the engine's), given the position's small values."""
        exchange = self.start.exchange
        stock = self.stock
        if exchange is None or self.drawn >= len(stock):  # none open, or the turn-up drawn
            return -1
        seat = self.order[self.pos]
        hand = self.hands[seat]
        two = exchange.two
        seven = exchange.seven
        if two not in hand and seven not in hand:  # the usual case, settled cheaply
            return -1
        takers = self.takers
        if exchange.needs_trick and seat not in exchange.won and seat not in takers:
            return -1  # (before asking the rule: the cheaper test)
        up = stock[-1]
        tricks = exchange.tricks + len(takers)
        strength = exchange.strength
        pos = self.pos
        taker = exchange.taker(_NUMBERS[up], strength[up] > strength[seven], tricks, pos,
                               exchange.reads_two and any(two in h for h in self.hands))
        if taker == 2:
            card = two
        elif taker == 7:
            card = seven
        else:
            return -1
        if card not in hand:
            return -1
        # The seat to play: its own turn; the model carries out no exchange after a won trick.
        if exchange.timely(tricks, pos, True, self.exchanged_in == tricks,
                           len(stock) - self.drawn <= exchange.draws, False):
            return card
        return -1

    def exchange(self, card: int) -> None:
        """The seat to play gives ``card`` for the turned-up card (:meth:`offer`), which takes
        its place in the hand."""
        seat = self.order[self.pos]
        hand = self.hands[seat]
        stock = self.stock
        hand[hand.index(card)] = stock[-1]
        self.stock = (*stock[:-1], card)  # a copy: other worlds may share the stock
        exchange = self.start.exchange
        assert exchange is not None
        self.exchanged_in = exchange.tricks + len(self.takers)
        self.exchanges.append((len(self.played), seat, card))

    def _take_exchanges(self, noise: float, allies: frozenset[int]) -> tuple[int, int]:
        """The exchanges the seat to play makes before its card, as the playouts make them
        (:meth:`play_guided`): each one offered is taken, unless the seat (not among
        ``allies``) acts at random with probability ``noise``, and then picks among its cards
        and the exchange. The card so picked (``-1``: the seat's rule chooses its card) and the
        exchanges made."""
        made = 0
        seat = self.order[self.pos]
        hand = self.hands[seat]
        random_ = self.random
        while True:
            offer = self.offer()
            if offer < 0:
                return -1, made
            if noise and seat not in allies and random_() < noise:
                pick = int(random_() * (len(hand) + 1))
                if pick < len(hand):
                    return hand[pick], made
            self.exchange(offer)
            made += 1

    def _exchange_over(self) -> bool:
        """Whether the exchange can no longer be made in this world (the turn-up drawn, its
        time over)."""
        exchange = self.start.exchange
        if exchange is None or self.drawn >= len(self.stock):
            return True
        timing = exchange.timing
        return ((timing == "first-trick" and bool(self.takers)) or (
            timing == "before-penultimate" and len(self.stock) - self.drawn <= exchange.draws))

    def _draw(self) -> int:
        """The stock's next card (an unseen place: one of the unseen cards left, at random)."""
        card = self.stock[self.drawn]
        self.drawn += 1
        if card == UNSEEN:
            pool = self.pool
            card = pool.pop(int(self.random() * len(pool)))
        return card

    def play_out(self) -> None:
        """Every seat plays a card at random to the end of the deal."""
        random_ = self.random
        hands = self.hands
        while (self.pos or self.start.size != 2) and not self.over:
            hand = hands[self.order[self.pos]]
            self.play(hand[int(random_() * len(hand))])
        if self.over:
            return
        # Two players, whole tricks at a time: the rules of _finish, without a call per card.
        start = self.start
        beats = start.beats
        worth = start.card_points
        stock = self.stock
        pool = self.pool
        end = len(stock)
        drawn = self.drawn
        points = self.points
        played = self.played
        takers = self.takers
        leader = self.order[0]
        while True:
            first = hands[leader]
            second = hands[1 - leader]
            a = first.pop(int(random_() * len(first)))
            b = second.pop(int(random_() * len(second)))
            played.append(a)
            played.append(b)
            if beats[a * WIDTH + b]:
                leader = 1 - leader
            takers.append(leader)
            points[leader] += worth[a] + worth[b]
            if drawn < end:  # the winner draws first, then the other if a card is left
                card = stock[drawn]
                drawn += 1
                if card == UNSEEN:
                    card = pool.pop(int(random_() * len(pool)))
                hands[leader].append(card)
                if drawn < end:
                    card = stock[drawn]
                    drawn += 1
                    if card == UNSEEN:
                        card = pool.pop(int(random_() * len(pool)))
                    hands[1 - leader].append(card)
                    if drawn < end:
                        continue
            if not first or not second:
                break
        self.drawn = drawn
        self.order = start.orders[leader]
        self.over = True

    def play_guided(self, noise: float, allies: frozenset[int], careful: frozenset[int]) -> int:
        """Play to the end of the deal as the search bot's playouts play a world
        (:func:`cardrules.bots.playout.playout`, the same card at every play, drawing on the
        world's source of chance as it does): a seat of ``careful`` by the careful rule, any
        other by the greedy rule, except that a seat not among ``allies`` plays a random card
        with probability ``noise``; a seat with one card plays it. While the trump exchange is
        open (:meth:`offer`), a seat offered it takes it, unless it plays a random action
        instead, among its cards and the exchange, listed after them as the engine lists
        them. The actions made (the cards played and the exchanges)."""
        start = self.start
        if start.duties is not None:
            return self._guided_duties(noise, allies, careful)
        weights = start.weights
        careful_keys = weights.careful
        spent = weights.spent
        beats = start.beats
        worth = start.card_points
        side = start.side
        random_ = self.random
        hands = self.hands
        plays = 0
        live = start.exchange is not None
        while not self.over:
            if not self.pos and start.size == 2:
                return plays + self._guided_duel(noise, allies, careful)
            order = self.order
            size = self.pos
            seat = order[size]
            hand = hands[seat]
            plays += 1
            if live:
                if self._exchange_over():
                    live = False
                else:
                    card, made = self._take_exchanges(noise, allies)
                    plays += made
                    if card >= 0:
                        self.play(card)
                        continue
            if len(hand) == 1:
                self.play(hand[0])
                continue
            if noise and seat not in allies and random_() < noise:
                self.play(hand[int(random_() * len(hand))])
                continue
            if seat not in careful or 0 < size < len(order) - 1:
                self.play(self.greedy())
                continue
            chosen = hand[0]
            if not size:  # the careful lead: the cheapest card, a trump dear
                low = careful_keys[chosen]
                for card in hand:
                    if careful_keys[card] < low:
                        low, chosen = careful_keys[card], card
                self.play(chosen)
                continue
            # Last to play: take the trick when its points outweigh the trump spent.
            trick = self.trick
            won = 0
            best = trick[0]
            for i in range(1, size):
                if beats[best * WIDTH + trick[i]]:
                    won, best = i, trick[i]
            taken = 0
            for c in trick:
                taken += worth[c]
            theirs = not _allied(side, order[won], seat)
            top: tuple[int, tuple[int, ...]] | None = None
            for card in hand:
                swing = taken + worth[card]
                if theirs and not beats[best * WIDTH + card]:
                    rank = (swing + spent[card], careful_keys[card])
                else:
                    rank = (spent[card] - swing, careful_keys[card])
                if top is None or rank < top:
                    top, chosen = rank, card
            self.play(chosen)
        return plays

    def legal(self) -> list[int]:
        """The cards the seat to play may play, in hand order (the engine's
        :meth:`~cardrules.engine.Game.legal_actions`): its hand, or under the
        :attr:`Start.duties` those the duty allows (see
        :class:`~cardrules.engine.TrickDuties`). The hand itself, not a copy, when every card
        may be played."""
        hand = self.hands[self.order[self.pos]]
        duty = self.start.duties
        size = self.pos
        if duty is None or not size:
            return hand
        start = self.start
        suits = _SUITS
        trick = self.trick
        led = suits[trick[0]]
        mode = duty.stock
        if mode != "full" and self.drawn < len(self.stock):  # (Guiñote: any players)
            if mode == "free" or (mode == "trumps" and led is not start.trump):
                return hand
            return [c for c in hand if suits[c] is led] or hand  # follow suit, nothing more
        beats = start.beats
        won = 0
        best = trick[0]
        for i in range(1, size):
            if beats[best * WIDTH + trick[i]]:
                won, best = i, trick[i]
        follow = [c for c in hand if suits[c] is led]
        if duty.partner_follows and len(self.order) == 4 and (
                self.order[won] == (self.order[size] + 2) % 4):
            return follow or hand  # the partner heads the trick: follow suit, nothing more
        row = best * WIDTH
        if follow:  # head the trick with the suit led if you can (never once it is trumped)
            return [c for c in follow if beats[row + c]] or follow
        heads = [c for c in hand if beats[row + c]]  # trumps that head the trick
        if heads:
            return heads
        if duty.must_trump:
            trump = start.trump
            return [c for c in hand if suits[c] is trump] or hand
        return hand

    def _guided_duties(self, noise: float, allies: frozenset[int],
                       careful: frozenset[int]) -> int:
        """:meth:`play_guided` under duties on card play (:attr:`Start.duties`), from a position
        with no move left: the greedy rule (or a careless random card) among the cards the seat
        may play (:meth:`legal`), as the engine's playout chooses among its legal actions. The
        cards played."""
        # Under duties the playouts' careful rule measured weaker: every seat greedy there.
        assert not careful, "no careful seat under duties (careful_seats)"
        random_ = self.random
        plays = 0
        while not self.over:
            cards = self.legal()
            plays += 1
            if len(cards) == 1:
                self.play(cards[0])
            elif noise and self.order[self.pos] not in allies and random_() < noise:
                self.play(cards[int(random_() * len(cards))])
            else:
                self.play(self.greedy(cards))
        return plays

    def greedy(self, cards: Sequence[int] | None = None) -> int:
        """The greedy rule's card for the seat to play
        (:func:`~cardrules.bots.playout.greedy_card`) among ``cards`` (by default its hand):
        the cheapest card that takes the trick from the other side, else the cheapest card."""
        start = self.start
        beats = start.beats
        keys = start.weights.greedy
        order = self.order
        size = self.pos
        seat = order[size]
        if cards is None:
            cards = self.hands[seat]
        if size:
            trick = self.trick
            won = 0
            best = trick[0]
            for i in range(1, size):
                if beats[best * WIDTH + trick[i]]:
                    won, best = i, trick[i]
            if not _allied(start.side, order[won], seat):
                winning = [c for c in cards if beats[best * WIDTH + c]]
                if winning:
                    cards = winning
        chosen = cards[0]
        low = keys[chosen]
        for card in cards:
            if keys[card] < low:
                low, chosen = keys[card], card
        return chosen

    def copy(self) -> World:
        """A copy to play on (its unseen cards still to deal share this world's source of
        chance)."""
        other = World.__new__(World)
        other.start = self.start
        other.random = self.random
        other.stock = self.stock
        other.hands = [hand.copy() for hand in self.hands]
        other.pool = self.pool.copy()
        other.drawn = self.drawn
        other.points = self.points.copy()
        other.order = self.order
        other.trick = self.trick.copy()
        other.pos = self.pos
        other.played = self.played.copy()
        other.takers = self.takers.copy()
        other.over = self.over
        other.exchanged_in = self.exchanged_in
        other.exchanges = self.exchanges.copy()
        return other

    def _guided_duel(self, noise: float, allies: frozenset[int], careful: frozenset[int]) -> int:
        """:meth:`play_guided` for two seats from the start of a trick, whole tricks at a time
        (the same cards, without a call per card). The cards played."""
        start = self.start
        weights = start.weights
        greedy_keys = weights.greedy
        careful_keys = weights.careful
        spent = weights.spent
        beats = start.beats
        worth = start.card_points
        random_ = self.random
        hands = self.hands
        stock = self.stock
        pool = self.pool
        end = len(stock)
        drawn = self.drawn
        points = self.points
        played = self.played
        takers = self.takers
        leader = self.order[0]
        plays = 0
        orders = start.orders
        exchange = start.exchange
        live = exchange is not None and not self._exchange_over()
        exchanged = len(self.exchanges)  # the exchanges made count as plays
        two = seven = -1
        if exchange is not None:
            two, seven = exchange.two, exchange.seven
        while True:
            first = hands[leader]
            second = hands[1 - leader]
            a = b = -1
            if live and (two in first or seven in first):  # the exchange, if it is offered
                a = self._duel_exchanges(drawn, orders[leader], 0, noise, allies)
                stock = self.stock
            # The lead: the cheapest card by the seat's rule (or a careless random card).
            if a >= 0:
                pass
            elif len(first) == 1:
                a = first[0]
            elif noise and leader not in allies and random_() < noise:
                a = first[int(random_() * len(first))]
            else:
                keys = careful_keys if leader in careful else greedy_keys
                a = first[0]
                low = keys[a]
                for card in first:
                    if keys[card] < low:
                        low, a = keys[card], card
            first.remove(a)
            played.append(a)  # before the reply's exchange, which notes the cards played
            # The reply: greedy takes the trick as cheaply as it can; careful weighs the points
            # won against the trump spent.
            other = 1 - leader
            row = a * WIDTH
            if live and (two in second or seven in second):
                b = self._duel_exchanges(drawn, orders[leader], 1, noise, allies)
                stock = self.stock
            if b >= 0:
                pass
            elif len(second) == 1:
                b = second[0]
            elif noise and other not in allies and random_() < noise:
                b = second[int(random_() * len(second))]
            elif other in careful:
                taken = worth[a]
                b = second[0]
                top: tuple[int, tuple[int, ...]] | None = None
                for card in second:
                    swing = taken + worth[card]
                    rank = ((spent[card] - swing if beats[row + card] else swing + spent[card]),
                            careful_keys[card])
                    if top is None or rank < top:
                        top, b = rank, card
            else:
                cards = [c for c in second if beats[row + c]] or second
                b = cards[0]
                low = greedy_keys[b]
                for card in cards:
                    if greedy_keys[card] < low:
                        low, b = greedy_keys[card], card
            second.remove(b)
            plays += 2
            played.append(b)
            if beats[row + b]:
                leader = other
            takers.append(leader)
            points[leader] += worth[a] + worth[b]
            # The draws as play_out makes them, inline in both loops: a call a trick would cost
            # ISMCTS's random playouts (the yardstick) about a tenth of their speed.
            if drawn < end:  # the winner draws first, then the other if a card is left
                card = stock[drawn]
                drawn += 1
                if card == UNSEEN:
                    card = pool.pop(int(random_() * len(pool)))
                hands[leader].append(card)
                if drawn < end:
                    card = stock[drawn]
                    drawn += 1
                    if card == UNSEEN:
                        card = pool.pop(int(random_() * len(pool)))
                    hands[1 - leader].append(card)
                    if drawn < end:
                        if live:  # its time may be over (the first trick's, ...)
                            self.drawn = drawn
                            live = not self._exchange_over()
                        continue
            live = False  # the turned-up card drawn
            if not first or not second:
                break
        self.drawn = drawn
        self.order = start.orders[leader]
        self.pos = 0
        self.over = True
        return plays + len(self.exchanges) - exchanged

    def _duel_exchanges(self, drawn: int, order: tuple[int, ...], pos: int, noise: float,
                        allies: frozenset[int]) -> int:
        """:meth:`_take_exchanges` from :meth:`_guided_duel`, which keeps the stock drawn and
        the place in the trick to itself until the end: the card picked at random, or ``-1``."""
        self.drawn, self.order, self.pos = drawn, order, pos
        return self._take_exchanges(noise, allies)[0]

    def outcome(self, seat: int) -> tuple[float, float, float]:
        """What the finished deal is worth to ``seat`` as the search bot weighs a world
        (:func:`cardrules.bots.endgame.outcome`): the win (1, a draw 0.5), its side's points,
        and the win plus half its side's share of the points."""
        result = self.start.result(self.points, self)
        index = next((i for i, s in enumerate(result.sides) if seat in s), None)
        got = float(result.side_points[index]) if index is not None else 0.0
        share = got / (sum(result.side_points) or 1)
        won = 0.5 if result.winner is None else (1.0 if result.winner == index else 0.0)
        return won, got, won + share / 2

    def rewards(self) -> tuple[float, ...]:
        """What the finished deal is worth to each seat (:meth:`Start.rewards`)."""
        return self.start.rewards(self.points, self)

    def history(self) -> History:
        """The tricks finished since the start: (the seats in order of play, the winner, the
        cards)."""
        start = self.start
        history: History = []
        leader = start.leader
        played = self.played
        size = start.size
        for i, taker in enumerate(self.takers):
            history.append((start.orders[leader], taker, played[i * size:(i + 1) * size]))
            leader = taker
        return history


def _allied(side: Sequence[int], a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` play on one side (``side``: each seat's, ``-1`` for
    none), as the playouts read the sides."""
    return a == b or (side[a] >= 0 and side[a] == side[b])


class _Ending:
    """A finished compact deal as a game's :meth:`~cardrules.engine.Rules.result` reads it
    (the part of :class:`~cardrules.engine.Table` a result reads): it notes whether the result
    read the cards taken or the tricks, which the points alone do not settle."""

    __slots__ = ("_start", "_world", "end_reason", "players", "points", "read_cards", "sides",
                 "trump")

    def __init__(self, start: Start, points: tuple[int, ...], world: World) -> None:
        self._start = start
        self._world = world
        self.points = points
        self.sides = start.sides
        self.trump = start.trump
        self.players = len(points)
        self.end_reason: str | None = None
        self.read_cards = False

    @property
    def details(self) -> Details:
        start = self._start.details
        made = self._world.exchanges
        if not made:
            return start
        self.read_cards = True  # the exchanges made in this world: not settled by the points
        exchange = self._start.exchange
        assert exchange is not None
        return exchange.details(self._start, self._world)

    def add_points(self, seat: int, points: int) -> None:
        """Points beyond the cards' (:meth:`Rules.before_result
        <cardrules.engine.Rules.before_result>`'s: Tute's last trick)."""
        changed = list(self.points)
        changed[seat] += points
        self.points = tuple(changed)

    def side_of(self, seat: int) -> int:
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        raise ValueError(f"the side of seat {seat} is not known")

    @property
    def taken(self) -> list[list[Card]]:
        self.read_cards = True
        taken = [list(cards) for cards in self._start.taken]
        for _order, winner, cards in self._world.history():
            taken[winner].extend(CARDS[i] for i in cards)
        return taken

    @property
    def tricks(self) -> Sequence[Trick]:
        if self._start.duties is not None:
            return _Tricks(self)  # (the last trick alone is cheap: see _Tricks)
        return self.every_trick()

    def every_trick(self) -> list[Trick]:
        """The tricks of the deal, the start's and the world's (read: not settled by the
        points)."""
        self.read_cards = True
        tricks = list(self._start.tricks)
        worth = self._start.card_points
        for order, winner, cards in self._world.history():
            plays = tuple((seat, CARDS[i]) for seat, i in zip(order, cards))
            tricks.append(Trick(len(tricks), order[0], plays, winner,
                                sum(worth[i] for i in cards), self.trump))
        return tricks


class _Tricks(Sequence[Trick]):
    """:attr:`_Ending.tricks` under duties, made on demand: the last trick alone (its winner is
    in :meth:`Start._key`) does not count as reading the tricks; any other does."""

    __slots__ = ("_ending", "_size")

    def __init__(self, ending: _Ending) -> None:
        self._ending = ending
        self._size = len(ending._start.tricks) + len(ending._world.takers)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Trick: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Trick]: ...

    def __getitem__(self, index: int | slice) -> Trick | Sequence[Trick]:
        ending = self._ending
        world = ending._world
        if (isinstance(index, int) and index in (-1, self._size - 1) and world.takers):
            start = ending._start
            size = start.size
            cards = world.played[-size:]
            order = start.orders[world.takers[-2] if len(world.takers) > 1 else start.leader]
            plays = tuple((seat, CARDS[i]) for seat, i in zip(order, cards))
            worth = start.card_points
            return Trick(self._size - 1, order[0], plays, world.takers[-1],
                         sum(worth[i] for i in cards), ending.trump)
        return ending.every_trick()[index]


__all__ = ["CARDS", "UNSEEN", "WIDTH", "History", "Start", "World", "covers", "duties",
           "exchange_rule", "modelled", "plain_play"]
