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

from collections.abc import Callable
from typing import Final, TypeVar

from ..core.actions import Action
from ..engine import Game
from .compact import World
from .playout import greedy_action

SEARCH_PLAYS: Final = 8
"""A world is searched to the end when at most this many cards are left to play (in the
hands and the stock)."""

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


Table = dict[tuple[object, ...], tuple[Outcome, int]]
"""The positions :func:`solve_world` has settled in one world: its figure, and whether the
figure is exact (0), at least the true one (1) or at most (2), as alpha-beta left it."""


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

