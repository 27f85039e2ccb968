"""A compact model of plain card play, for a search that plays out many worlds a decision.

The engine's :class:`~cardrules.engine.Game` checks, logs and words every action; a tree search
that plays tens of thousands of cards a decision pays for that at every card. Once a deal is
in a stretch of *plain card play* (:func:`covers` and :func:`plain_play`: any card in hand may
be played, one card a turn, the trick to the highest trump else the highest card of the suit
led, the winner drawing first, no rule watching the tricks, and no move of the game, such as an
exchange, possible any more) what is left of it is a few lists of small integers. A
:class:`Start` is such a position, made from a seat's view (its unseen cards dealt afresh for
each world, :meth:`SeatView.unseen <cardrules.engine.SeatView.unseen>`) or from a whole world;
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
from typing import Final, cast

from ..core.actions import Trick
from ..core.cards import ALL_CARDS, Card, Suit
from ..engine import Details, Game, Phase, Result, Rules, SeatView, Sides, Table
from .playout import WIDTH, tables

CARDS: Final = ALL_CARDS
"""Each card by its index."""

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


def plain_play(world: Game) -> bool:
    """Whether ``world`` (of rules the model :func:`covers`) is in plain card play now: playing,
    and no move of the game still possible (an exchange's time is over...)."""
    return world.phase is Phase.PLAY and not world.moves_open and not world.is_over


class Start:
    """A position of plain card play, its unseen cards still to be dealt (see the module
    docstring). Make one with :meth:`of_view` or :meth:`of_world`; :meth:`deal` deals a world
    from it."""

    __slots__ = ("beats", "card_points", "details", "draw_orders", "hands", "leader", "memo",
                 "missing", "orders", "points", "pool", "results", "rules", "side", "sides",
                 "size", "stock", "stock_known", "stock_unseen", "taken", "trick", "tricks",
                 "trump", "weights")

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

    @classmethod
    def of_view(cls, view: SeatView, world: Game) -> Start | None:
        """The position ``view`` shows, its unseen cards to be dealt at random into the places
        that hold unseen cards in ``world`` (a world sampled from ``view``); ``None`` when the
        compact model does not cover it (not plain play, an unseen card more likely in one
        place than another, sides, trumps or the game's own state not all public)."""
        if not covers(view.rules) or not plain_play(world):
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
    def of_world(cls, world: Game) -> Start | None:
        """The position of ``world``, every card known; ``None`` when the compact model does not
        cover it."""
        if not covers(world.rules) or not plain_play(world):
            return None
        return cls(world)

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
        key = tuple(points)
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

    def result(self, points: Sequence[int], world: World) -> Result:
        """The game's :meth:`Rules.result <cardrules.engine.Rules.result>` of a deal played on
        from this position to the end of ``world``, each seat with ``points``: remembered by
        the points alone when the result read nothing else (the cards taken, the tricks)."""
        key = tuple(points)
        found = self.results.get(key)
        if found is not None:
            return found
        ending = _Ending(self, key, world)
        result = self.rules.result(cast(Table, ending))
        if not ending.read_cards:
            self.results[key] = result
        return result

class World:
    """One world of a :class:`Start`, dealt as it is played, played on by the search: :meth:`play`
    plays a card, :meth:`play_out` plays the rest at random."""

    __slots__ = ("drawn", "hands", "order", "over", "played", "points", "pool", "pos",
                 "random", "start", "stock", "takers", "trick")

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
        with probability ``noise``; a seat with one card plays it. The cards played."""
        start = self.start
        weights = start.weights
        careful_keys = weights.careful
        spent = weights.spent
        beats = start.beats
        worth = start.card_points
        side = start.side
        random_ = self.random
        hands = self.hands
        plays = 0
        while not self.over:
            if not self.pos and start.size == 2:
                return plays + self._guided_duel(noise, allies, careful)
            order = self.order
            size = self.pos
            seat = order[size]
            hand = hands[seat]
            plays += 1
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

    def greedy(self) -> int:
        """The greedy rule's card for the seat to play
        (:func:`~cardrules.bots.playout.greedy_card`): the cheapest card that takes the trick
        from the other side, else the cheapest card."""
        start = self.start
        beats = start.beats
        keys = start.weights.greedy
        order = self.order
        size = self.pos
        seat = order[size]
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
        while True:
            first = hands[leader]
            second = hands[1 - leader]
            # The lead: the cheapest card by the seat's rule (or a careless random card).
            if len(first) == 1:
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
            # The reply: greedy takes the trick as cheaply as it can; careful weighs the points
            # won against the trump spent.
            other = 1 - leader
            row = a * WIDTH
            if len(second) == 1:
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
            played.append(a)
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
                        continue
            if not first or not second:
                break
        self.drawn = drawn
        self.order = start.orders[leader]
        self.over = True
        return plays

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

    __slots__ = ("_start", "_world", "details", "end_reason", "players", "points",
                 "read_cards", "sides", "trump")

    def __init__(self, start: Start, points: tuple[int, ...], world: World) -> None:
        self._start = start
        self._world = world
        self.points = points
        self.sides = start.sides
        self.details = start.details
        self.trump = start.trump
        self.players = len(points)
        self.end_reason: str | None = None
        self.read_cards = False

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
    def tricks(self) -> list[Trick]:
        self.read_cards = True
        tricks = list(self._start.tricks)
        worth = self._start.card_points
        for order, winner, cards in self._world.history():
            plays = tuple((seat, CARDS[i]) for seat, i in zip(order, cards))
            tricks.append(Trick(len(tricks), order[0], plays, winner,
                                sum(worth[i] for i in cards), self.trump))
        return tricks


__all__ = ["CARDS", "UNSEEN", "WIDTH", "History", "Start", "World", "covers", "plain_play"]
