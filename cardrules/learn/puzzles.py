"""Endgame puzzles: two-player positions in which every card is known, solved exactly.

Once the stock is gone in a two-player game, each player can tell the other's cards: those not
yet seen are in the other hand. The position is then a puzzle with a right answer, which the
exact solver (:func:`cardrules.bots.endgame.exact`, a minimax to the end of the deal) finds.
The positions come from deals between the package's search bots, seeded
(``scripts/make_puzzles.py`` writes them to ``puzzles.json`` beside this module, as deal records
cut at the position). What a puzzle asks, and its answer, are never stored: :func:`solve` works
them out from the position every time, and keeps only positions with exactly one best first
play:

* **win the deal**, when exactly one first play wins it whatever the other player does;
* else **take at least N of the points still to be won**, N the most the player can make sure
  of, when exactly one first play makes sure of it, and the points still to be won are the same
  however the deal ends (:func:`left_to_win`: no marriage may still be declared).

A puzzle's grade is how many of the legal first plays fail the goal (all but one). The practice
page (:mod:`cardrules.learn.practice`, kind ``puzzle``) asks them, and plays the solution out on
the board once answered: the solver's line, both players playing their best
(:attr:`Solution.line`).

Examples:
    >>> puzzle = positions()[0]
    >>> solution = solve(puzzle.game())
    >>> solution is not None and solution.fails == len(solution.plays) - 1
    True
    >>> [play.card for play in solution.plays if play.meets] == [solution.answer]
    True
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final, Literal

from .. import games as registry
from ..bots.endgame import exact
from ..core.actions import Action
from ..core.cards import Card
from ..engine import Game, Phase
from ..games import rules_for
from ..record import replay

__all__ = [
    "GAMES",
    "MAX_HAND",
    "FirstPlay",
    "Goal",
    "Position",
    "Solution",
    "counts",
    "has_two_player_stock",
    "is_position",
    "left_to_win",
    "positions",
    "solve",
]



def has_two_player_stock(game_id: str) -> bool:
    """Whether ``game_id`` is played by two players drawing from a stock after each trick (with
    its default options): then its positions become puzzles once the stock is gone.

    Examples:
        >>> has_two_player_stock("briscola"), has_two_player_stock("aluette")
        (True, False)
    """
    return (2 in registry.GAMES[game_id].player_counts
            and any(rules_for(game_id, 2).draw_counts))


GAMES: Final[tuple[str, ...]] = tuple(g for g in registry.GAMES if has_two_player_stock(g))
"""The games with a two-player deal and a stock (:func:`has_two_player_stock`), in the
registry's order, whose positions become puzzles once the stock is gone (the other games are
played by three players or more, or without a stock)."""
MAX_HAND: Final = 3
"""The most cards a hand may hold in a puzzle: few enough to solve at once, in the browser."""
DATA: Final = "puzzles.json"
"""The positions' file, beside this module."""

Goal = Literal["win", "points"]
"""What a puzzle asks: to win the deal, or to take at least :attr:`Solution.target` of the
points still to be won."""


@dataclass(frozen=True)
class Position:
    """A position of a puzzle: a deal record cut where the puzzle starts."""

    record: dict[str, Any]
    """The record (``cardrules.replay`` reads it): its last action leads to the position."""

    def game(self) -> Game:
        """The position, replayed."""
        return replay(self.record)


@dataclass(frozen=True)
class FirstPlay:
    """A legal first play of a puzzle, and what it makes sure of, both players at their best."""

    card: Card
    """The card played."""
    meets: bool
    """Whether it reaches the goal."""
    won: bool
    """Whether the player's side can make sure of winning the deal after it."""
    points: int
    """The most points the player's side can make sure of taking from here on after it (the
    other player at his best)."""
    line: tuple[Action, ...]
    """The play and the rest of the deal, both players at their best for the goal."""
    end: tuple[int, ...]
    """The side points at the end of :attr:`line` (in the order of the deal's sides)."""
    winner: int | None = None
    """The side that wins the deal at the end of :attr:`line` (an index of the deal's sides),
    or ``None``: a draw, or a deal that no side wins (none reaches the points that win a deal,
    and the game goes on)."""


@dataclass(frozen=True)
class Solution:
    """A position solved: its goal, its one right first play, what every first play makes sure
    of."""

    seat: int
    """The player to play (the puzzle is asked of this seat)."""
    side: int
    """Its side (an index of the deal's sides)."""
    goal: Goal
    """What the puzzle asks."""
    target: int
    """The points goal's N: the most of the points still to be won that the player can make sure
    of (for the goal ``win``, the points the answer makes sure of all the same)."""
    left: int
    """The points still to be won (the cards in the hands and on the table, and any bonus
    still to come)."""
    plays: tuple[FirstPlay, ...]
    """Every legal first play, in the order the engine lists them."""

    @property
    def answer(self) -> Card:
        """The one first play that reaches the goal."""
        return next(play.card for play in self.plays if play.meets)

    @property
    def best(self) -> FirstPlay:
        """The answer's play."""
        return next(play for play in self.plays if play.meets)

    @property
    def fails(self) -> int:
        """How many first plays fail the goal: the puzzle's grade."""
        return sum(1 for play in self.plays if not play.meets)

    @property
    def line(self) -> tuple[Action, ...]:
        """The solution: the answer, then both players at their best to the end."""
        return self.best.line


def is_position(game: Game) -> bool:
    """Whether ``game`` stands where a puzzle may start: two players, the play with the stock
    gone, no hand above :data:`MAX_HAND` cards, and a choice of two cards or more for the player
    to play (no other kind of move)."""
    if (game.players != 2 or game.is_over or game.phase != Phase.PLAY or game.stock_size
            or game.current_player is None or any(len(h) > MAX_HAND for h in game.hands)):
        return False
    legal = game.legal_actions()
    return len(legal) >= 2 and all(isinstance(action, Card) for action in legal)


def left_to_win(game: Game) -> frozenset[int]:
    """Every number of points still to be won in ``game``, over every way its deal may end: one
    number where only the cards' points are left (and a fixed bonus, as the last trick's), more
    where a declaration may still add points (Tute's marriages after the stock is gone).

    Examples:
        >>> game = positions()[0].game()
        >>> left_to_win(game) == {120 - sum(game.points)}
        True
    """
    found: set[int] = set()

    def walk(node: Game) -> None:
        if node.is_over:
            assert node.result is not None
            found.add(sum(node.result.side_points) - sum(game.points))
            return
        for action in node.legal_actions():
            child = node.clone()
            child.play(action)
            walk(child)

    walk(game.clone())
    return frozenset(found)


def _best_line(game: Game, seat: int, score: Any) -> tuple[Action, ...]:
    """The rest of ``game``'s deal with ``seat``'s side playing for the most of ``score`` and
    the others for the least (the first of equal plays, in the engine's order)."""
    allies = game.sides[game.side_of(seat)]
    node = game.clone()
    line: list[Action] = []
    while not node.is_over:
        legal = node.legal_actions()
        chosen = legal[0]
        if len(legal) > 1:
            values = []
            for action in legal:
                child = node.clone()
                child.play(action)
                values.append(exact(child, seat, score))
            pick = max if node.current_player in allies else min
            chosen = legal[values.index(pick(values))]
        node.play(chosen)
        line.append(chosen)
    return tuple(line)


def solve(game: Game) -> Solution | None:
    """The puzzle at ``game``'s position, solved, or ``None`` when it is no puzzle: not a
    position (:func:`is_position`), or no goal that exactly one first play reaches.

    ``game`` is left as it is.
    """
    if not is_position(game):
        return None
    seat = game.current_player
    assert seat is not None
    side = game.side_of(seat)
    now = sum(game.points[s] for s in game.sides[side])

    def wins(end: Game) -> float:
        assert end.result is not None
        return 1.0 if end.result.winner == side else 0.0

    def points(end: Game) -> float:
        assert end.result is not None
        return float(end.result.side_points[side])

    cards = [action for action in game.legal_actions() if isinstance(action, Card)]
    won, made = [], []
    for card in cards:
        child = game.clone()
        child.play(card)
        won.append(exact(child.clone(), seat, wins))
        made.append(exact(child, seat, points))
    goal: Goal
    if won.count(1.0) == 1:
        goal, meets = "win", [w == 1.0 for w in won]
    elif made.count(max(made)) == 1 and len(left_to_win(game)) == 1:
        goal, meets = "points", [m == max(made) for m in made]
    else:
        return None
    score = wins if goal == "win" else points
    plays = []
    left = 0
    for card, ok, w, m in zip(cards, meets, won, made, strict=True):
        child = game.clone()
        child.play(card)
        line = (card, *_best_line(child, seat, score))
        end = game.clone()
        for action in line:
            end.play(action)
        assert end.result is not None
        left = sum(end.result.side_points) - sum(game.points)
        plays.append(FirstPlay(card, ok, w == 1.0, int(m) - now, line,
                               tuple(end.result.side_points), end.result.winner))
    target = next(p.points for p in plays if p.meets)
    return Solution(seat, side, goal, target, left, tuple(plays))


@functools.cache
def positions() -> tuple[Position, ...]:
    """Every puzzle's position, as ``scripts/make_puzzles.py`` wrote them (each one solved to a
    puzzle by :func:`solve`: the tests check them all)."""
    text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    return tuple(Position(record) for record in json.loads(text)["puzzles"])


def counts(found: Sequence[Position]) -> dict[str, int]:
    """How many positions each game has."""
    tally = dict.fromkeys(GAMES, 0)
    for position in found:
        tally[position.record["game"]] += 1
    return tally
