"""The general trick-taking engine, in parts, each file depending only on those above it:

* :mod:`~cardrules.engine.state`: the state of a deal as data (phases, results, snapshots,
  steps, each game's own :class:`Details`), and :mod:`~cardrules.engine.facts`, the facts a
  game may declare for readers (an auction, a contract and how it came out);
* :mod:`~cardrules.engine.table`: :class:`Table`, the deal as the rules see it (what they may
  read, the operations they may call);
* :mod:`~cardrules.engine.legality`: duties on card plays and rules for moves, each giving its
  refusal reason, from which the legal actions come;
* :mod:`~cardrules.engine.rules`: :class:`Rules`, what a game module defines;
* :mod:`~cardrules.engine.views`: what one seat may see, as data;
* :mod:`~cardrules.engine.sampling`: the worlds a seat cannot tell from the real one;
* :mod:`~cardrules.engine.deal_state`, :mod:`~cardrules.engine.referee` and
  :mod:`~cardrules.engine.game`: :class:`Game`, the state machine that runs any game (its
  state and operations, its checked play, and its views, copies and history), and
  :class:`SeatView`, what one seat may see of it.

Conventions: seats are numbered in order of play; seat 0 leads the first trick; the dealer is
the last seat.
"""

from __future__ import annotations

from .facts import (
    Auction,
    Contract,
    RankBid,
    Settlement,
    TalliedTable,
    Tally,
    TallyForm,
    TrickDuties,
    TrumpExchange,
)
from .game import FORMAT, Game, SeatView
from .legality import CardRule, MoveRule, Why
from .rules import Rules, Title, side_points
from .state import CHANCE, Details, Phase, Result, Sides, State, Step
from .table import Table

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
    "RankBid",
    "Result",
    "Rules",
    "SeatView",
    "Settlement",
    "Sides",
    "State",
    "Step",
    "Table",
    "TalliedTable",
    "Tally",
    "TallyForm",
    "Title",
    "TrickDuties",
    "TrumpExchange",
    "Why",
    "side_points",
]
