"""Information Set Monte Carlo Tree Search: the textbook search for card games, as a yardstick.

:class:`IsmctsBot` is single-observer ISMCTS as Cowling, Powley and Whitehouse describe it
("Information Set Monte Carlo Tree Search", IEEE Transactions on Computational Intelligence and
AI in Games 4(2), 2012, algorithm 3). One tree is grown over the deciding seat's information:
its nodes are sequences of actions, not positions. Each iteration

1. deals a *determinization*, a whole world that agrees with the seat's view
   (:meth:`SeatView.sample <cardrules.engine.SeatView.sample>`);
2. descends the tree, restricted to the actions legal in that world, by UCB1 with
   *availability counts*: a child's score is its mean reward plus
   ``c * sqrt(ln(times it was available) / visits)``, and every child legal in the world has
   its availability counted, chosen or not;
3. adds one untried action of the world as a new node;
4. plays the world out at random to the end;
5. takes back the reward to each node: 1 if the side of the seat that made the node's action
   won the deal, 0.5 for a draw, 0 for a loss.

The action played is the root's most visited child. The bot reads nothing but its seat's view,
and with a number of iterations it repeats itself for a seed. ``benchmarks/strength.py`` sets it
against the project's search bot at equal thinking time; the project does not offer it as a
player.

Where the deal is in plain card play (:mod:`cardrules.bots.compact`: any card may be played,
no exchange or other move possible any more), the iterations run on a compact model of the deal
instead of the engine's :class:`~cardrules.engine.Game`: the same algorithm, five to eight
times as many iterations a second in two-player Briscola (``benchmarks/ismcts_speed.py``). A
world is then dealt as it is played: the unseen cards of the other hands at the start of an
iteration, each unseen stock card when it is drawn, at random among the cards the seat has not
seen (:meth:`SeatView.unseen <cardrules.engine.SeatView.unseen>`), which deals the worlds
:meth:`SeatView.sample <cardrules.engine.SeatView.sample>` deals when nothing the seat saw
tells those cards apart. Before that point (the first trick of Briscola, while its exchange is
open; an auction), an iteration deals its world with ``SeatView.sample`` (``quick``) and plays
on the engine until plain play begins, then goes on in the compact model. ``compact=False``
keeps every iteration on the engine, each world sampled in full: the reference the compact form
is checked against.

Two departures from the paper, off by default (the yardstick is the paper's algorithm), make the
*guided* form the benchmark weighs as a candidate: ``guided=True`` plays step 4 by the search
bot's playout policy (:func:`~cardrules.bots.playout.playout`: the deciding seat's side careful,
everyone else greedy) and rewards the win plus half the side's share of the points, scaled to
between 0 and 1, as the search bot weighs a world (:func:`~cardrules.bots.endgame.outcome`);
and once at most :data:`~cardrules.bots.endgame.SEARCH_PLAYS` cards are left to play, it stops
growing a tree and solves the imagined deals exactly (minimax), as the search bot does. Its
iterations run on the compact model too where it applies (the search bot's playout there:
:meth:`World.play_guided <cardrules.bots.compact.World.play_guided>`, the same plays).
"""

from __future__ import annotations

import math
import random
import time
from typing import Final

from ..core.actions import Action
from ..engine import Game, SeatView
from .compact import CARDS, Start, covers, plain_play
from .endgame import SEARCH_PLAYS, outcome, plays_left
from .pimc import PimcBot
from .playout import careful_seats, playout
from .simple import legal_actions

EXPLORATION: Final = 0.7
"""UCB1's exploration constant ``c`` (the paper's value, for rewards between 0 and 1)."""


ENDGAME_SHARE: Final = 8
"""In the guided form's endgame, one imagined deal solved per this many iterations."""


class _Node:
    """The statistics of one sequence of actions from the root."""

    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who made the action leading here (its side is rewarded)
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Action | int, _Node] = {}
        """The child of each action tried: an action of the engine's, or in the compact model
        a card's index (a node's depth is in one model or the other in every world, since plain
        play begins at a point of the history)."""


class IsmctsBot:
    """Single-observer ISMCTS (see the module docstring).

    Args:
        iterations: determinizations per decision.
        cpu_time: if given, seconds of the process's CPU time per decision instead (at least
            one iteration); the bot then no longer repeats itself.
        seed: seeds its random source.
        exploration: UCB1's constant.
        guided: the search bot's playouts, reward and exact endgame instead of the paper's
            random playouts and win/loss reward (see the module docstring).
        compact: run the iterations on the compact model where it applies (the paper's
            algorithm either way; see the module docstring); ``False``: on the engine.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=7)
        >>> IsmctsBot(iterations=50, seed=1).choose(game.view(0)) in game.legal_actions()
        True
    """

    def __init__(self, iterations: int = 1000, cpu_time: float | None = None,
                 seed: int | None = None, exploration: float = EXPLORATION,
                 guided: bool = False, compact: bool = True) -> None:
        self.iterations = max(1, iterations)
        self.guided = guided
        self.compact = compact
        self._guide: tuple[int, frozenset[int], frozenset[int]] | None = None
        """The guided form's playouts at this decision: the deciding seat, its side, the seats
        that play carefully."""
        self.cpu_time = cpu_time
        self.seed = seed
        self.exploration = exploration
        self._random = random.Random(seed)
        self.last_iterations = 0
        """How many iterations the last decision made."""
        self.last_visits: dict[Action, int] = {}
        """The visits of each root action at the last decision (empty when it was not searched
        by the tree: a forced action, or the guided form's endgame)."""

    def __repr__(self) -> str:
        guided = ", guided=True" if self.guided else ""
        engine = ", compact=False" if not self.compact else ""
        return f"IsmctsBot(iterations={self.iterations}, seed={self.seed!r}{guided}{engine})"

    def interject(self, view: SeatView) -> Action | None:
        """No move out of turn: the paper's search decides only when its seat is to act (an
        exchange it may make out of turn waits for its turn)."""
        return None

    def choose(self, view: SeatView) -> Action:
        """The root's most visited action after the iterations.

        Raises:
            ValueError: the seat has no legal action (it is not asked to act).
        """
        legal = legal_actions(view)
        self.last_visits = {}
        if len(legal) == 1:
            return legal[0]
        rng = self._random
        if self.guided:
            world = view.sample(rng)
            if plays_left(world) <= SEARCH_PLAYS:
                return self._endgame(view)
        root = _Node(view.seat)
        allies = frozenset((view.seat, *view.partners))
        self._guide = ((view.seat, allies, careful_seats(view.rules, allies)) if self.guided
                       else None)
        deadline = None if self.cpu_time is None else time.process_time() + self.cpu_time
        start: Start | None = None
        compact = self.compact and covers(view.rules)
        if compact:
            # One world shows where the unseen cards lie; each iteration deals them anew.
            start = Start.of_view(view, view.sample(rng))
        done = 0
        while True:
            if start is not None:
                self._compact(start, root, [root], rng)
            else:
                self._iterate(root, view.sample(rng, quick=compact), rng, allies, compact)
            done += 1
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.process_time() >= deadline:
                break
        self.last_iterations = done
        self.last_visits = {_action(key): node.visits for key, node in root.children.items()}
        allowed = set(legal)
        return max((action for action in self.last_visits if action in allowed),
                   key=self.last_visits.__getitem__)

    def _endgame(self, view: SeatView) -> Action:
        """Few cards left: every action solved exactly in imagined deals (the search bot's
        endgame, its opponents at their best)."""
        worlds = max(1, self.iterations // ENDGAME_SHARE)
        bot = PimcBot(worlds=worlds, seed=self._random.getrandbits(32), noise=0.0,
                      budget=0, exact=True)
        return bot.choose(view)

    def _iterate(self, root: _Node, world: Game, rng: random.Random,
                 allies: frozenset[int], compact: bool = False) -> None:
        """One iteration on the engine's ``world``; with ``compact``, on the compact model
        from the moment the world is in plain play."""
        node = root
        path = [root]
        c = self.exploration
        # Selection: down the tree while every action legal in this world has a node.
        while not world.is_over:
            if compact and self._on_compact(world, node, path, rng):
                return
            legal = world.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                # Expansion: one untried action of this world.
                action = untried[int(rng.random() * len(untried))]
                seat = world.current_player
                assert seat is not None
                child = _Node(seat)
                children[action] = child
                child.available = 1
                for other in legal:
                    if other is not action and other in children:
                        children[other].available += 1
                world.play(action)
                path.append(child)
                break
            best: _Node | None = None
            best_action: Action | None = None
            top = -1.0
            for action in legal:
                child = children[action]
                child.available += 1
                score = (child.reward / child.visits
                         + c * math.sqrt(math.log(child.available) / child.visits))
                if score > top:
                    top, best, best_action = score, child, action
            assert best is not None and best_action is not None
            world.play(best_action)
            node = best
            path.append(best)
        if self.guided:
            # Simulation by the search bot's policy, rewarded as it weighs a world (on the
            # compact model from plain play on, the same plays).
            playout(world, rng, 0.0, allies, None, plain_play if compact else None)
            if compact and not world.is_over and self._on_compact(world, None, path, rng):
                return
            mine = outcome(world, root.seat)[2] / 1.5
            for node in path:
                node.visits += 1
                node.reward += mine if node.seat in allies else 1.0 - mine
            return
        # Simulation: random play to the end.
        while not world.is_over:
            if compact and self._on_compact(world, None, path, rng):
                return
            legal = world.legal_actions()
            world.play(legal[int(rng.random() * len(legal))])
        # Backpropagation: each node rewarded for the side of the seat that made its action.
        result = world.result
        assert result is not None
        won = result.winner
        for node in path:
            node.visits += 1
            if won is None:
                node.reward += 0.5
            elif node.seat in result.sides[won]:
                node.reward += 1.0

    def _on_compact(self, world: Game, node: _Node | None, path: list[_Node],
                    rng: random.Random) -> bool:
        """Whether ``world`` is in plain play; if so, the rest of the iteration is run on the
        compact model from it (:meth:`_compact`)."""
        if not plain_play(world):
            return False
        start = Start.of_world(world)
        assert start is not None
        self._compact(start, node, path, rng)
        return True

    def _compact(self, start: Start, node: _Node | None, path: list[_Node],
                 rng: random.Random) -> None:
        """The rest of one iteration on the compact model from ``start``: a world dealt, the
        selection and expansion on from ``node`` (``None``: the tree is already left), the
        random playout and the backpropagation, as in :meth:`_iterate`."""
        world = start.deal(rng)
        random_ = rng.random
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        hands = world.hands
        # The nodes below a compact position are keyed by card index (see _Node.children).
        while node is not None and not world.over:
            seat = world.order[world.pos]
            children = node.children
            legal = hands[seat]
            untried = [i for i in legal if i not in children]
            if untried:
                # Expansion: one untried card of this world, then the playout.
                card = untried[int(random_() * len(untried))]
                for other in legal:
                    if other in children:
                        children[other].available += 1
                child = _Node(seat)
                child.available = 1
                children[card] = child
                path.append(child)
                world.play(card)
                break
            top = -1.0
            best = node
            card = legal[0]
            for i in legal:
                child = children[i]
                child.available += 1
                visits = child.visits
                score = child.reward / visits + c * sqrt(log(child.available) / visits)
                if score > top:
                    top, best, card = score, child, i
            path.append(best)
            node = best
            world.play(card)
        guide = self._guide
        if guide is not None:
            # The guided form: the search bot's playout and its weighing of a world.
            seat, allies, careful = guide
            if not world.over:
                world.play_guided(0.0, allies, careful)
            mine = world.outcome(seat)[2] / 1.5
            for done in path:
                done.visits += 1
                done.reward += mine if done.seat in allies else 1.0 - mine
            return
        if not world.over:
            world.play_out()
        rewards = world.rewards()
        for done in path:
            done.visits += 1
            done.reward += rewards[done.seat]


def _action(key: Action | int) -> Action:
    """The action of a node's key (a card's index in the compact model)."""
    return CARDS[key] if isinstance(key, int) else key
