"""Endgames searched to the end: in a world with few cards left, the bot plans its own plays.

A playout (:mod:`cardrules.bots.playout`) plays the bot's own later cards by a rule of thumb;
near the end of a deal every card counts, and the world is small enough to try them all.
:func:`search` does so: at each of its side's turns it takes the best play for its side, and at
an opponent's turn it expects what the bot's model of that opponent would do (the greedy play,
or any legal play with the probability ``noise`` that the opponent plays at random, as in a
playout). The figure it returns is the bot's best answer to the opponents it believes it faces,
in that world; the search bot (:class:`~cardrules.bots.PimcBot`) averages it over the worlds it
imagines, as it averages its playouts.

The tree of a world with :data:`SEARCH_PLAYS` plays left is a few hundred positions at most
(two-player Briscola with one card under the turned-up one: four tricks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar, cast

from ..core.actions import Action
from ..engine import Game, SeatView
from .compact import CARDS, UNSEEN, WIDTH, History, World
from .playout import greedy_action

SEARCH_PLAYS: Final = 8
"""A world is searched to the end when at most this many cards are left to play (in the
hands and the stock)."""

_NUMBERS: Final = tuple(card.number for card in CARDS)
"""Each card's number by its index (what the exchange's rule reads of the turned-up card)."""

Outcome = tuple[float, float, float]
"""What a finished deal is worth to a seat (:func:`outcome`): (won, its side's points, value)."""


def plays_left(game: Game) -> int:
    """The cards still to be played: in the hands and in the stock."""
    return sum(len(hand) for hand in game.hands) + game.stock_size


def outcome(game: Game, seat: int) -> Outcome:
    """What the finished ``game`` is worth to ``seat``, as the search bot weighs a world: 1 for a
    win of its side, 0.5 for a draw, 0 for a loss; its side's points; and the *value*, the win
    plus half its side's share of all the sides' points (the points break the ties that a few
    dozen worlds leave between winning chances)."""
    result = game.result
    assert result is not None
    side = next((i for i, s in enumerate(result.sides) if seat in s), None)
    got = float(result.side_points[side]) if side is not None else 0.0
    share = got / (sum(result.side_points) or 1)
    won = 0.5 if result.winner is None else (1.0 if result.winner == side else 0.0)
    return won, got, won + share / 2


T = TypeVar("T")


def _forced(node: Game) -> list[Action]:
    """Play ``node``'s forced plays on (no branching there); its legal actions then (none at
    the end of the deal)."""
    legal = node.legal_actions()
    while len(legal) == 1 and not node.is_over:
        node.play(legal[0])
        legal = node.legal_actions() if not node.is_over else []
    return legal


def _minimax(game: Game, seat: int, value_of: Callable[[Game], T],
                key: Callable[[T], float]) -> tuple[T, int]:
    """The minimax of ``value_of`` over the ends of ``game`` (every card known), ordered by
    ``key``: ``seat``'s side plays for the most, every other seat for the least, with alpha-beta
    pruning; and the positions searched. The one search behind :func:`exact` (the puzzles) and
    :func:`solve` (the analysis). ``game`` is played on."""
    allies = frozenset(next((s for s in game.sides if seat in s), (seat,)))
    nodes = 0

    def value(node: Game, alpha: float, beta: float) -> T:
        nonlocal nodes
        nodes += 1
        legal = _forced(node)
        if node.is_over:
            return value_of(node)
        ours = node.current_player in allies
        best: T | None = None
        for action in legal:
            child = node.clone()
            child.play(action)
            got = value(child, alpha, beta)
            if best is None or (key(got) > key(best) if ours else key(got) < key(best)):
                best = got
            if ours:
                alpha = max(alpha, key(got))
            else:
                beta = min(beta, key(got))
            if alpha >= beta:
                break
        assert best is not None
        return best

    return value(game, float("-inf"), float("inf")), nodes


def exact(game: Game, seat: int, score: Callable[[Game], float]) -> float:
    """What ``score`` gives the end of ``game`` (a position in which every card is known) when
    ``seat``'s side plays for the most and every other seat for the least: the minimax, with
    alpha-beta pruning, no model of the opponents. The endgame puzzles
    (:mod:`cardrules.learn.puzzles`) are stated and checked with it.

    ``score`` reads a finished game (say, 1 if ``seat``'s side won, else 0; or its points).
    ``game`` is played on: pass a clone.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=5)
        >>> while game.stock_size or len(game.hands[0]) > 2:
        ...     _ = game.play(game.legal_actions()[0])
        >>> most = exact(game.clone(), 0, lambda end: end.result.side_points[0])
        >>> least = exact(game.clone(), 1, lambda end: end.result.side_points[1])
        >>> most + least == 120
        True
    """
    return _minimax(game, seat, score, float)[0]


def search(game: Game, seat: int, allies: frozenset[int], noise: float) -> tuple[Outcome, int]:
    """The expected :func:`outcome` of ``game`` (a world in which every card is known) for
    ``seat`` when ``allies`` (its side) play their best and everyone else plays as modelled; and
    the positions searched.

    ``game`` is played on: pass a clone.
    """
    rules = game.rules
    strength, points = rules.strength, rules.card_points

    def turn(node: Game) -> tuple[list[Action], int | None]:
        legal = _forced(node)
        return legal, None if node.is_over else node.current_player

    def after(node: Game, action: Action) -> Game:
        child = node.clone()
        child.play(action)
        return child

    return _expectimax(game, allies, noise, turn, after,
                       lambda node, legal: greedy_action(node, legal, strength, points),
                       lambda node: outcome(node, seat))


def search_world(world: World, seat: int, allies: frozenset[int],
                 noise: float) -> tuple[Outcome, int]:
    """:func:`search` on the compact model (``world``: every card known, as
    :meth:`Start.of_world(game, exchange=True).deal(rng)
    <cardrules.bots.compact.Start.of_world>` makes it): the same figure and the same positions
    counted, several times faster. While the trump exchange is open, a seat offered it
    (:meth:`World.offer <cardrules.bots.compact.World.offer>`) has it as a choice after its
    cards, as the engine lists it (an action ``~card``: the card given), and the modelled
    opponent takes it. ``world`` is played on."""
    open_ = world.start.exchange is not None

    def turn(node: World) -> tuple[list[int], int | None]:
        hands = node.hands
        while True:
            if node.over:
                return [], None
            mover = node.order[node.pos]
            hand = hands[mover]
            offer = node.offer() if open_ else -1
            if offer >= 0:
                return [*hand, ~offer], mover
            if len(hand) > 1:
                return hand, mover
            node.play(hand[0])  # a forced play: no branching

    def after(node: World, action: int) -> World:
        child = node.copy()
        if action < 0:
            child.exchange(~action)
        else:
            child.play(action)
        return child

    def model(node: World, legal: list[int]) -> int:
        return legal[-1] if legal[-1] < 0 else node.greedy()  # the greedy rule takes it

    return _expectimax(world, allies, noise, turn, after, model, lambda node: node.outcome(seat))


N = TypeVar("N")
A = TypeVar("A")


def _expectimax(root: N, allies: frozenset[int], noise: float,
                turn: Callable[[N], tuple[list[A], int | None]],
                after: Callable[[N, A], N], model: Callable[[N, list[A]], A],
                worth: Callable[[N], Outcome]) -> tuple[Outcome, int]:
    """The search behind :func:`search` and :func:`search_world`, on either model of a world:
    ``turn`` plays a node's forced plays and gives its choices and the seat to choose (``None``
    at the end), ``after`` a child with an action played, ``model`` the opponents' modelled
    action, ``worth`` the :func:`outcome` of an end."""
    nodes = 0

    def value(node: N) -> Outcome:
        nonlocal nodes
        nodes += 1
        legal, mover = turn(node)
        if mover is None:
            return worth(node)
        if mover in allies:
            best: Outcome | None = None
            for action in legal:
                got = value(after(node, action))
                if best is None or got[2] > best[2]:
                    best = got
            assert best is not None
            return best
        modelled = model(node, legal)
        expected = value(after(node, modelled))
        if not noise:
            return expected
        # A careless opponent: any legal play, each as likely (the model's play included).
        total = [0.0, 0.0, 0.0]
        for action in list(legal):
            got = expected if action == modelled else value(after(node, action))
            for k in range(3):
                total[k] += got[k]
        n = len(legal)
        return ((1 - noise) * expected[0] + noise * total[0] / n,
                (1 - noise) * expected[1] + noise * total[1] / n,
                (1 - noise) * expected[2] + noise * total[2] / n)

    return value(root), nodes


EXACT_PLAYS: Final = 12
"""The most cards left to play (in the hands and the stock) for which :func:`solve` is asked to
search a known position to the end: six tricks of two-player Brisca or Briscola, a few thousand
positions with alpha-beta pruning."""


def is_known(view: SeatView) -> bool:
    """Whether ``view``'s seat knows every card still to be played: two players, the stock and
    any talon gone (the other hand is then every card not yet seen)."""
    return view.players == 2 and view.stock_size == 0 and view.talon_size == 0


def known_endgame(view: SeatView) -> bool:
    """Whether ``view``'s seat knows every card still to be played (:func:`is_known`) and at
    most :data:`EXACT_PLAYS` are left: a position the reader's hint and the analysis work out
    exactly (:func:`solve_choices`) instead of imagining deals."""
    return is_known(view) and sum(view.hand_sizes) <= EXACT_PLAYS


def solve_choices(game: Game, seat: int, actions: Sequence[Action]) -> list[Outcome]:
    """Each of ``actions``' exact :func:`outcome` for ``seat`` in ``game`` (a position in which
    every card is known, ``seat`` to act), every seat at its best after it (:func:`solve`).
    ``game`` is not played on."""
    figures = []
    for action in actions:
        child = game.clone()
        child.play(action)
        figures.append(solve(child, seat)[0])
    return figures


def solve(game: Game, seat: int) -> tuple[Outcome, int]:
    """The exact :func:`outcome` of ``game`` (a position in which every card is known) for
    ``seat`` when every seat plays its best: ``seat``'s side maximises the value (the win plus
    half its share of the points), every other seat minimises it (minimax, with alpha-beta
    pruning); and the positions searched. No model of the opponents: the worst they can do to
    ``seat``'s side.

    ``game`` is played on: pass a clone.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=5)
        >>> while game.stock_size or len(game.hands[0]) > 2:
        ...     _ = game.play(game.legal_actions()[0])
        >>> (won, points, value), nodes = solve(game.clone(), game.current_player)
        >>> won in (0.0, 0.5, 1.0) and 0 < nodes < 100
        True
    """
    return _minimax(game, seat, lambda end: outcome(end, seat), lambda got: got[2])


Table = dict[object, tuple[Outcome, int]]
"""The positions :func:`solve_world` (keys: tuples) and :func:`solve_duel` (keys: numbers) have
settled in one world: its figure, and whether the figure is exact (0), at least the true one (1)
or at most (2), as alpha-beta left it."""


def solve_world(world: World, seat: int, table: Table | None = None) -> tuple[Outcome, int]:
    """:func:`solve` on the compact model: the exact :func:`outcome` of ``world`` (every card
    known) for ``seat`` when every seat plays its best (``seat``'s side maximises the value,
    every other seat minimises it; minimax with alpha-beta pruning), and the positions searched.
    While the trump exchange is open, a seat offered it has it as a choice after its cards, as
    in :func:`search_world`.

    ``table`` (one world's transposition table: pass the same dict to the searches of one
    world's actions, a new one for another world) remembers the positions reached by other
    orders of play; it is used only while the game's result reads nothing but the points (the
    position's key is its hands, stock, trick and points). ``world`` is played on.
    """
    start = world.start
    open_ = start.exchange is not None
    side = start.side[seat]
    allies = frozenset(s for s, of in enumerate(start.side) if of == side >= 0) or {seat}
    table = {} if table is None else table
    cached = bool(start.results)  # the result reads the points alone: the key holds all that counts
    nodes = 0

    def value(node: World, alpha: float, beta: float) -> Outcome:
        nonlocal nodes
        nodes += 1
        hands = node.hands
        while True:
            if node.over:
                return node.outcome(seat)
            mover = node.order[node.pos]
            hand = hands[mover]
            offer = node.offer() if open_ else -1
            if offer >= 0 or len(hand) > 1:
                break
            node.play(hand[0])  # a forced play: no branching
        key = (*(tuple(sorted(h)) for h in hands), tuple(node.stock), node.drawn, tuple(node.trick),
               node.order, tuple(node.points), node.exchanged_in) if cached else ()
        found = table.get(key) if cached else None
        if found is not None:
            got, bound = found
            if (bound == 0 or (bound == 1 and got[2] >= beta)
                    or (bound == 2 and got[2] <= alpha)):
                return got
        low, high = alpha, beta
        ours = mover in allies
        best: Outcome | None = None
        for action in (*hand, ~offer) if offer >= 0 else hand:
            child = node.copy()
            if action < 0:
                child.exchange(~action)
            else:
                child.play(action)
            got = value(child, alpha, beta)
            if best is None or (got[2] > best[2] if ours else got[2] < best[2]):
                best = got
            if ours:
                alpha = max(alpha, got[2])
            else:
                beta = min(beta, got[2])
            if alpha >= beta:
                break
        assert best is not None
        if cached:
            table[key] = (best, 2 if best[2] <= low else 1 if best[2] >= high else 0)
        return best

    return value(world, float("-inf"), float("inf")), nodes



def mask(cards: Sequence[int]) -> int:
    """The cards as a bitmask (a bit for each card's index)."""
    bits = 0
    for card in cards:
        bits |= 1 << card
    return bits


class _ReadsCards(Exception):
    """The game's result read the cards taken or the tricks of a deal :func:`solve_duel` ended:
    not a figure of the points alone (the search is left to :func:`solve_world`)."""


class _Ended:
    """What a game's result may read of a world :func:`solve_duel` played to the end: the
    exchanges made before its start, unless the search may make more (it does not note them);
    the tricks it played it does not keep."""

    __slots__ = ("_exchanges", "_open")

    def __init__(self, exchanges: list[tuple[int, int, int]], open_: bool) -> None:
        self._exchanges = exchanges
        self._open = open_

    @property
    def exchanges(self) -> list[tuple[int, int, int]]:
        if self._open:
            raise _ReadsCards
        return self._exchanges

    def history(self) -> History:
        raise _ReadsCards


def _two_seats(world: World) -> bool:
    """Whether ``world`` is a deal of two seats going on, the taker of a trick drawing first."""
    start = world.start
    return (start.size == 2 and len(world.hands) == 2 and not world.over
            and start.draw_orders == ((0, 1), (1, 0)))


def duels(world: World) -> bool:
    """Whether :func:`solve_duel` searches ``world`` itself (unless the game's result reads
    more than the points): two seats, the taker of a trick drawing first, every card of the
    stock dealt."""
    return _two_seats(world) and UNSEEN not in world.stock[world.drawn:]


def chances(world: World) -> bool:
    """Whether :func:`solve_chance` searches ``world``'s draws as chance (unless the game's
    result reads more than the points): two seats, the taker of a trick drawing first, the
    world's unseen cards (:attr:`World.pool <cardrules.bots.compact.World.pool>`) all in the
    stock's unseen places, and no trump exchange that may still be offered while an unseen
    place is left."""
    unseen = world.stock[world.drawn:].count(UNSEEN)
    return (_two_seats(world) and len(world.pool) == unseen
            and not (unseen and world.start.exchange is not None))


def solve_duel(world: World, seat: int, table: Table | None = None) -> tuple[Outcome, int]:
    """:func:`solve_world` for two seats, on small values instead of copies of ``world``: the
    same exact :func:`outcome` (every seat at its best, minimax with alpha-beta and a
    transposition table kept at the start of each trick), several times faster a position; and
    the positions searched (both plays of a trick, fewer than :func:`solve_world` counts).

    While the trump exchange is open, a seat offered it (:meth:`World.offer
    <cardrules.bots.compact.World.offer>`, the same decisions of the game's rule) has it as a
    choice besides its cards, as in :func:`solve_world`. Where it does not apply
    (:func:`duels`) it returns :func:`solve_world`'s answer: more than two seats, a stock card
    not dealt yet, or a game whose result reads more than the points (the cards taken, the
    tricks, an exchange the search made). ``table``: as :func:`solve_world`'s (one
    world's, for one seat; its keys are not :func:`solve_world`'s). ``world`` may be played on
    (by :func:`solve_world`).
    """
    if not duels(world):
        return solve_world(world, seat, table)
    try:
        return _duel(world, seat, {} if table is None else table)
    except _ReadsCards:
        return solve_world(world, seat, table)


def solve_chance(world: World, seat: int, table: Table | None = None,
                 card: int | None = None) -> tuple[Outcome, int]:
    """:func:`solve_duel` with the stock's unseen cards drawn as *chance*: ``world``'s hands are
    known, its stock's unseen places (:data:`~cardrules.bots.compact.UNSEEN`) are not, and each
    draw of one is each card left of :attr:`World.pool <cardrules.bots.compact.World.pool>`
    (those still in the stock), all as likely. The seats play as in :func:`solve_duel`
    (``seat``'s side maximises the value, the other minimises it, alpha-beta), but a play may
    not depend on a draw still to come: after each trick the figure is the average over the
    draws (expectimax), where :func:`solve_duel` on a dealt world knows the stock's order (the
    "strategy fusion" of sampling the stock). With every unseen card of one world (none, or one
    unseen place with one card left) it is :func:`solve_duel`'s figure. The wins and points of
    a figure are the averages of those its value was found from, as far as the value tells them
    apart (only the value is compared).

    ``card``: the seat to play plays it first, and the figure is of that play alone (a reply
    that ends a trick before a draw; a lead is played on ``world``). ``table``: one
    :class:`~cardrules.bots.compact.Start`'s, for one seat: shared by the searches of its worlds
    (whatever their hands and unseen cards: a position's key holds both) and of their plays; not
    :func:`solve_duel`'s. ``world`` may be played on.

    Where it does not apply (:func:`chances`: more than two seats, an unseen card in a hand, a
    trump exchange that may still be offered while an unseen card is left to draw, or a game
    whose result reads more than the points) it falls back on the existing path: the unseen
    places dealt at random from the pool by ``world``'s source of chance (one stock order), and
    that world solved by :func:`solve_duel` with a table of its own.
    """
    if chances(world):
        if card is not None and not world.pos:
            world.play(card)  # a lead: nothing is drawn
            card = None
        try:
            return _duel(world, seat, {} if table is None else table,
                         -1 if card is None else card)
        except _ReadsCards:
            pass
    stock = list(world.stock)
    pool = world.pool
    for place in range(world.drawn, len(stock)):
        if stock[place] == UNSEEN:
            stock[place] = pool.pop(int(world.random() * len(pool)))
    world.stock = stock
    if card is not None:
        world.play(card)
    return solve_duel(world, seat)


def _duel(world: World, seat: int, table: Table, only: int = -1) -> tuple[Outcome, int]:
    """:func:`solve_duel` where it applies (:func:`duels`), and :func:`solve_chance`
    (:func:`chances`). A position is a trick's lead or its reply: the two hands (tuples, and
    bitmasks for the key), the stock's cards drawn so far, the unseen cards left in the stock
    (a bitmask: none in a dealt world), each seat's points, the leader (and the card led); a
    trick's lead keeps its figure in ``table``. The search runs on the values the bot weighs;
    each end's :func:`outcome` is kept by its value (in two-player card points, the value tells
    the outcome). ``only``: the one reply searched at the root (``-1``: every play)."""
    start = world.start
    beats = start.beats
    worth = start.card_points
    stock = tuple(world.stock)
    end = len(stock)
    unseen = tuple(world.pool)  # the cards of the stock's unseen places
    blind = max((k + 1 for k in range(world.drawn, end) if stock[k] == UNSEEN), default=0)
    side = start.side[seat]
    ours = tuple(s == seat or (side >= 0 and start.side[s] == side) for s in range(2))
    exchange = start.exchange
    live = exchange is not None and world.drawn < end  # the exchange may be offered
    ended = _Ended(world.exchanges, live)
    outcomes: dict[float, Outcome] = {}  # each end's outcome by its value
    values: dict[int, float] = {}  # each end's value by the first seat's points
    base = 2 * (sum(world.points) + sum(worth) + 1)  # above any seat's points twice, plus one
    nodes = 0

    def finish(p0: int, p1: int) -> float:
        """The value of the end with these points (by the game's result, once a search)."""
        value = values.get(p0)
        if value is None:
            result = start.result((p0, p1), cast(World, ended))
            index = next((i for i, s in enumerate(result.sides) if seat in s), None)
            mine = float(result.side_points[index]) if index is not None else 0.0
            share = mine / (sum(result.side_points) or 1)
            won = 0.5 if result.winner is None else (1.0 if result.winner == index else 0.0)
            value = values[p0] = won + share / 2
            outcomes[value] = (won, mine, value)
        return value

    def no_stock(h0: tuple[int, ...], h1: tuple[int, ...], m0: int, m1: int, d: int, p0: int,
                 p1: int, taker: int, alpha: float, beta: float) -> float:
        """The value after a trick once the stock is drawn (the exchange over): the last trick
        (no choice left), the next trick, or the end."""
        if len(h0) == 1 and len(h1) == 1:
            x, y = (h0[0], h1[0]) if taker == 0 else (h1[0], h0[0])
            won = worth[x] + worth[y]
            if beats[x * WIDTH + y] == (taker == 0):
                return finish(p0, p1 + won)
            return finish(p0 + won, p1)
        if h0 and h1:
            return lead(h0, h1, m0, m1, d, p0, p1, taker, 0, alpha, beta)
        return finish(p0, p1)

    def reply(h0: tuple[int, ...], h1: tuple[int, ...], m0: int, m1: int, d: int, p0: int,
              p1: int, leader: int, a: int, u: int, alpha: float, beta: float,
              only: int = -1) -> float:
        """The value of a trick's second play, ``leader`` having led ``a`` (out of its hand):
        each reply (or ``only`` that one), the trick taken, the draws (the taker first; by
        :func:`chance` while an unseen place is left), then the next trick or the end."""
        nonlocal nodes
        nodes += 1
        other = 1 - leader
        hand = h1 if other else h0
        maximise = ours[other]
        row = a * WIDTH
        worth_a = worth[a]
        best = -2.0 if maximise else 3.0
        for j, b in enumerate(hand):
            if only >= 0 and b != only:
                continue
            rest = hand[:j] + hand[j + 1:]
            if other:
                n0, n1, k0, k1 = h0, rest, m0, m1 ^ 1 << b
            else:
                n0, n1, k0, k1 = rest, h1, m0 ^ 1 << b, m1
            won = worth_a + worth[b]
            taker = other if beats[row + b] else leader
            q0, q1 = (p0 + won, p1) if taker == 0 else (p0, p1 + won)
            e = d
            if e < blind:
                value = chance(n0, n1, k0, k1, e, q0, q1, taker, u)
            elif e < end:
                card = stock[e]
                e += 1
                if taker == 0:
                    n0, k0 = (*n0, card), k0 | 1 << card
                    if e < end:
                        card = stock[e]
                        e += 1
                        n1, k1 = (*n1, card), k1 | 1 << card
                else:
                    n1, k1 = (*n1, card), k1 | 1 << card
                    if e < end:
                        card = stock[e]
                        e += 1
                        n0, k0 = (*n0, card), k0 | 1 << card
                value = lead(n0, n1, k0, k1, e, q0, q1, taker, u, alpha, beta)
            else:
                value = no_stock(n0, n1, k0, k1, e, q0, q1, taker, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best

    def lead(h0: tuple[int, ...], h1: tuple[int, ...], m0: int, m1: int, d: int, p0: int,
             p1: int, leader: int, u: int, alpha: float, beta: float) -> float:
        """The value of a trick's start, ``leader`` to lead (its table entry, if any)."""
        nonlocal nodes
        key = ((((u << WIDTH | m0) << WIDTH | m1) << 6 | d) * base + p0) * 2 + leader
        found = table.get(key)
        if found is not None:
            got, bound = found
            value = got[2]
            if bound == 0 or (bound == 1 and value >= beta) or (bound == 2 and value <= alpha):
                outcomes[value] = got  # (settled by an earlier search of the same world)
                return value
        nodes += 1
        low, high = alpha, beta
        hand = h1 if leader else h0
        maximise = ours[leader]
        best = -2.0 if maximise else 3.0
        for i, a in enumerate(hand):
            kept = hand[:i] + hand[i + 1:]
            value = (reply(h0, kept, m0, m1 ^ 1 << a, d, p0, p1, 1, a, u, alpha, beta) if leader
                     else reply(kept, h1, m0 ^ 1 << a, m1, d, p0, p1, 0, a, u, alpha, beta))
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        table[key] = (outcomes[best], 2 if best <= low else 1 if best >= high else 0)
        return best

    def chance(h0: tuple[int, ...], h1: tuple[int, ...], m0: int, m1: int, d: int, p0: int,
               p1: int, taker: int, u: int) -> float:
        """The value after a trick whose draws (the taker first) reach an unseen place: the
        average over the cards left in those places (``u``), each as likely, of each draw's
        next trick or end, searched whole (their figures exact, whatever the window)."""
        nonlocal nodes
        nodes += 1
        draws = [(h0, h1, m0, m1, u)]
        e = d
        for drawer in (taker, 1 - taker):
            if e == end:
                break
            place = stock[e]
            e += 1
            grown = []
            for n0, n1, k0, k1, left in draws:
                for card in (c for c in unseen if left >> c & 1) if place == UNSEEN else (place,):
                    gone = left & ~(1 << card)
                    grown.append((n0, (*n1, card), k0, k1 | 1 << card, gone) if drawer
                                 else ((*n0, card), n1, k0 | 1 << card, k1, gone))
            draws = grown
        won = points = total = 0.0
        for n0, n1, k0, k1, left in draws:
            value = (lead(n0, n1, k0, k1, e, p0, p1, taker, left, -2.0, 3.0) if e < end
                     else no_stock(n0, n1, k0, k1, e, p0, p1, taker, -2.0, 3.0))
            got = outcomes[value]
            won += got[0]
            points += got[1]
            total += value
        value = total / len(draws)
        outcomes[value] = (won / len(draws), points / len(draws), value)
        return value

    if live:
        assert exchange is not None
        taker_of, timely = exchange.taker, exchange.timely
        two, seven = exchange.two, exchange.seven
        strength = exchange.strength
        high_seven = strength[seven]
        reads_two, needs_trick = exchange.reads_two, exchange.needs_trick
        close = exchange.draws
        first = world.drawn
        before = exchange.tricks + len(world.takers)
        won_before = 0
        for s in (*exchange.won, *world.takers):
            won_before |= 1 << s
        last = end - 1

    def offer(hand: tuple[int, ...], mover: int, h0: tuple[int, ...], h1: tuple[int, ...],
              d: int, pos: int, up: int, exchanged: int, won: int) -> int:
        """:meth:`World.offer <cardrules.bots.compact.World.offer>` on these values: the card
        ``mover`` may give for the turned-up card ``up`` now, or ``-1``."""
        if two not in hand and seven not in hand:
            return -1
        if needs_trick and not won >> mover & 1:
            return -1
        tricks = before + (d - first) // 2
        taker = taker_of(_NUMBERS[up], strength[up] > high_seven, tricks, pos,
                         reads_two and (two in h0 or two in h1))
        card = two if taker == 2 else seven if taker == 7 else -1
        if card < 0 or card not in hand:
            return -1
        return card if timely(tricks, pos, True, exchanged == tricks, end - d <= close,
                              False) else -1

    def stocked(h0: tuple[int, ...], h1: tuple[int, ...], d: int, p0: int, p1: int,
                leader: int, a: int, up: int, exchanged: int, won: int, alpha: float,
                beta: float) -> float:
        """A play while the stock lasts and the exchange may be open (a lead, ``a`` < 0, or a
        reply to ``a``): the turned-up card ``up`` (the stock's last), the trick of the last
        exchange (``exchanged``), the seats that have taken a trick (bits of ``won``)."""
        nonlocal nodes
        nodes += 1
        mover = leader if a < 0 else 1 - leader
        hand = h1 if mover else h0
        key: object = None
        if a < 0:
            key = (frozenset(h0), frozenset(h1), d, p0, leader, up,
                   exchanged == before + (d - first) // 2, won if needs_trick else 0)
            found = table.get(key)
            if found is not None:
                got, bound = found
                value = got[2]
                if (bound == 0 or (bound == 1 and value >= beta)
                        or (bound == 2 and value <= alpha)):
                    outcomes[value] = got
                    return value
        low, high = alpha, beta
        maximise = ours[mover]
        best = -2.0 if maximise else 3.0
        given = offer(hand, mover, h0, h1, d, 0 if a < 0 else 1, up, exchanged, won)
        for i, card in enumerate((*hand, ~given) if given >= 0 else hand):
            if card < 0:  # the exchange: the turned-up card for ``given``, the same seat on
                kept = (*hand[:hand.index(given)], up, *hand[hand.index(given) + 1:])
                n0, n1 = (h0, kept) if mover else (kept, h1)
                value = stocked(n0, n1, d, p0, p1, leader, a, given,
                                before + (d - first) // 2, won, alpha, beta)
            elif a < 0:
                kept = hand[:i] + hand[i + 1:]
                n0, n1 = (h0, kept) if mover else (kept, h1)
                value = stocked(n0, n1, d, p0, p1, leader, card, up, exchanged, won, alpha,
                                beta)
            else:
                rest = hand[:i] + hand[i + 1:]
                n0, n1 = (h0, rest) if mover else (rest, h1)
                points = worth[a] + worth[card]
                taker = mover if beats[a * WIDTH + card] else leader
                q0, q1 = (p0 + points, p1) if taker == 0 else (p0, p1 + points)
                e = d
                for seat in (taker, 1 - taker):  # the draws, the taker first
                    if e < end:
                        drawn = up if e == last else stock[e]
                        e += 1
                        if seat:
                            n1 = (*n1, drawn)
                        else:
                            n0 = (*n0, drawn)
                if e < end:
                    value = stocked(n0, n1, e, q0, q1, taker, -1, up, exchanged,
                                    won | 1 << taker, alpha, beta)
                else:
                    value = no_stock(n0, n1, mask(n0), mask(n1), e, q0, q1, taker, alpha,
                                     beta)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        if key is not None:
            table[key] = (outcomes[best], 2 if best <= low else 1 if best >= high else 0)
        return best

    h0, h1 = tuple(world.hands[0]), tuple(world.hands[1])
    p0, p1 = world.points
    if live:
        value = stocked(h0, h1, world.drawn, p0, p1, world.order[0],
                        world.trick[0] if world.pos else -1, stock[-1],
                        -1 if world.exchanged_in is None else world.exchanged_in, won_before,
                        -2.0, 3.0)
        return outcomes[value], nodes
    m0, m1 = mask(h0), mask(h1)
    u = mask(unseen)
    if world.pos:  # the trick's lead on the table
        value = reply(h0, h1, m0, m1, world.drawn, p0, p1, world.order[0], world.trick[0], u,
                      -2.0, 3.0, only)
    else:
        value = lead(h0, h1, m0, m1, world.drawn, p0, p1, world.order[0], u, -2.0, 3.0)
    return outcomes[value], nodes
