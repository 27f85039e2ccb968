"""The general trick-taking engine, in five parts:

* :mod:`~cardrules.engine.state`: the state of a deal as data (phases, results, snapshots,
  steps, each game's own :class:`Details`);
* :mod:`~cardrules.engine.legality`: duties on card plays and rules for moves, each giving its
  refusal reason, from which the legal actions come;
* :mod:`~cardrules.engine.rules`: :class:`Rules`, what a game module defines, and
  :mod:`~cardrules.engine.facts`, the facts it may declare for readers (an auction, a
  contract and how it came out);
* :mod:`~cardrules.engine.game`: :class:`Game`, the state machine that runs any game;
* :mod:`~cardrules.engine.views`: :class:`SeatView`, what one seat may see, and
  :mod:`~cardrules.engine.sampling`, the worlds a seat cannot tell from the real one.

Conventions: seats are numbered in order of play; seat 0 leads the first trick; the dealer is
the last seat.
"""

from __future__ import annotations

from .facts import Auction, Contract, Settlement
from .game import FORMAT, Game
from .legality import CardRule, MoveRule, Why
from .rules import Rules, Title, side_points
from .state import CHANCE, Details, Phase, Result, Sides, State, Step
from .views import SeatView

__all__ = [
    "CHANCE",
    "FORMAT",
    "Auction",
    "CardRule",
    "Contract",
    "Details",
    "Game",
    "MoveRule",
    "Phase",
    "Result",
    "Rules",
    "SeatView",
    "Settlement",
    "Sides",
    "State",
    "Step",
    "Title",
    "Why",
    "side_points",
]
