"""The analysis of a deal: every decision of one seat weighed by the search, and marked.

For a deal record and a chosen seat, :func:`analyse` goes through every decision that seat
made in its turn with more than one choice (card plays, exchanges, declarations, bids, calls)
and weighs each choice it had (of an auction's dozens of bids, :data:`MAX_CHOICES` of them),
the one made included, from that seat's view alone (never the hidden hands); a move made out of
turn (an exchange before another seat's play) is not a decision weighed:

* **The same imagined deals for every choice.** The search deals worlds that agree with the
  seat's view (:meth:`SeatView.sample <cardrules.engine.SeatView.sample>`) and plays every
  choice out in each of the same worlds (:meth:`PimcBot.outcomes
  <cardrules.bots.PimcBot.outcomes>`, the reader's hint's search: every seat plays the
  imagined deals out by the careful rule, the last few cards searched to the end), so that the
  difference between two choices is measured deal by deal, not between different deals.
  :attr:`Decision.worlds` says how many deals (fewer than asked in a long game, where the
  work budget of the search bot's level stops it).
* **The best choice** is the one with the highest value over those deals (the chance to win
  plus half the share of the deal's points, as the search bot weighs it; a tie keeps the
  choice made). Each choice has its chance to win the deal (a draw counts half) and the points
  its side is expected to take.
* **The mark** (:class:`Mark`) compares the best choice with the one made: the chance lost and
  the points lost (never below zero), each against three thresholds (:data:`THRESHOLDS`:
  5, 10 and 20 percentage points of chance; 1/24, 1/12 and 1/6 of the deal's points, 5, 10
  and 20 of Brisca's 120) for an inaccuracy, a mistake and a blunder. A threshold counts only
  where the loss is also larger than the search's own uncertainty: more than
  :attr:`Thresholds.errors` (3) paired standard errors, the standard deviation of the
  deal-by-deal differences between the two choices over the square root of the number of
  deals. The mark is the higher of the two (chance, points).
* **The deals go where they are needed.** A clear verdict stops early: after a quarter and
  after half of the deals (:data:`EARLY`, from 20 deals), the weighing stops with no mark when
  no other choice is within reach of one (every other choice's gain over the one made, plus
  :attr:`Thresholds.clear` (3) paired standard errors, below the first thresholds, in chance
  and in points). A decision in doubt, a loss that reaches the first threshold but not beyond
  its uncertainty, is weighed again in as many new deals, and judged over them all, up to
  :data:`EXTEND` (3) times while it stays in doubt (so a real loss near a threshold is not
  waved through for want of deals). :func:`weighings` gives such a decision as it stands
  before each extension too, for a page that shows it at once and updates it.
* **Known positions.** Where the seat knows every card (two players, the stock and any talon
  gone), there is nothing to imagine: the exact solver (:func:`cardrules.bots.endgame.solve`,
  minimax: both sides play their best) weighs each choice, :attr:`Decision.exact` says so, the
  deals are 1 and the uncertainty 0. (A known position with more than
  :data:`~cardrules.bots.endgame.EXACT_PLAYS` cards left, two-player Tute's last eight tricks,
  is weighed by the search like any other.)

:func:`~cardrules.analysis.seat.bot_in_seat` plays the deal again with the search bot in the
seat (:mod:`cardrules.analysis.seat` says what stays the same), and
:func:`~cardrules.analysis.daily.daily_record` makes the deal of the day.

:class:`Analysis` is the account of it that the terminal, the widget and the rulebook render
(:mod:`cardrules.account.review` words it, :mod:`cardrules.render.analysis` draws its graph).

Examples:
    >>> from cardrules import new_game
    >>> from cardrules.bots import make_bot, play_out
    >>> game = new_game("briscola", players=2, seed=4)
    >>> play_out(game, [make_bot("greedy"), make_bot("greedy")])
    >>> analysis = analyse(game.to_record(), seat=0, worlds=8)
    >>> len(analysis.decisions) > 10, analysis.decisions[-1].exact
    (True, True)
    >>> all(d.best.value >= d.made.value for d in analysis.decisions)
    True
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..bots import hint_bot
from ..bots.endgame import Outcome, is_known, known_endgame, solve_choices
from ..bots.pimc import LEVELS
from ..bots.tactics import decide
from ..core.actions import Action, format_action
from ..core.cards import Card, Suit
from ..engine import Game, SeatView
from ..record import replay
from .daily import daily_record, daily_seed
from .seat import OTHERS, SeatReplay, bot_in_seat, side_result

__all__ = [
    "DEFAULT_WORLDS",
    "EARLY",
    "EARLY_MIN",
    "EXTEND",
    "FORMAT",
    "MAX_CHOICES",
    "OTHERS",
    "THRESHOLDS",
    "Analysis",
    "Choice",
    "Decision",
    "Mark",
    "SeatReplay",
    "Summary",
    "Thresholds",
    "Weighing",
    "analyse",
    "analysis_of",
    "bot_in_seat",
    "daily_record",
    "daily_seed",
    "decisions",
    "is_known",
    "mark_for",
    "side_result",
    "turns",
    "weighings",
]

FORMAT: Final = "cardrules-analysis/1"
"""The value of the ``format`` key of :meth:`Analysis.to_json`."""

DEFAULT_WORLDS: Final = LEVELS["normal"]
"""The imagined deals a decision is weighed in by default: as many as the normal level's
search bot plays out (and, like it, fewer in a long game, where its work budget stops it)."""

EXTEND: Final = 3
"""A decision in doubt (a loss that reaches a threshold but is within its uncertainty) is
weighed again in as many new worlds, and judged over them all, up to this many times while it
stays in doubt (at most four times the worlds in all)."""

EARLY: Final = (4, 2)
"""The weighing of a decision looks at its figures after a quarter and after half of its
worlds, and stops there when the verdict is clear (no other choice within reach of a mark:
see :attr:`Thresholds.clear`)."""

EARLY_MIN: Final = 20
"""The fewest worlds an early look (:data:`EARLY`) judges from."""

MAX_CHOICES: Final = 8
"""The most choices weighed at one decision. A card play has at most a hand's cards and a
move or two; an auction offers dozens of bids, of which the one made, the one the bot's
tactics would make, passing and bids spread evenly between the lowest and the highest are
weighed."""


class Mark(enum.Enum):
    """How much a decision cost, by :data:`THRESHOLDS` (in the JSON: its value)."""

    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def rank(self) -> int:
        """0 for none, 1 for an inaccuracy, 2 for a mistake, 3 for a blunder."""
        return _RANKS.index(self)


_RANKS: Final = (Mark.NONE, Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)


@dataclass(frozen=True)
class Thresholds:
    """Where a loss becomes an inaccuracy, a mistake and a blunder (each a tuple of three, in
    that order), and how sure the search must be of it."""

    chance: tuple[float, float, float] = (0.05, 0.10, 0.20)
    """The chance to win the deal lost (0 to 1)."""
    points: tuple[float, float, float] = (1 / 24, 1 / 12, 1 / 6)
    """The points lost, as a share of the deal's points (Brisca's 120: 5, 10, 20)."""
    errors: float = 3.0
    """A loss counts only above this many paired standard errors of itself."""
    clear: float = 3.0
    """At an early look (:data:`EARLY`), the weighing stops, with no mark, when every other
    choice's gain over the one made, plus this many paired standard errors of it, is below the
    first thresholds (in chance and in points): no choice is then within reach of a mark. (At
    two, measured, a planted wasted trump in four-player Brisca looked clear after 40 deals of
    160 and went unmarked.)"""

    def to_json(self) -> dict[str, Any]:
        """The thresholds as JSON."""
        return {"chance": list(self.chance), "points": list(self.points), "errors": self.errors,
                "clear": self.clear}


THRESHOLDS: Final = Thresholds()
"""The thresholds the analysis marks by (stated on the rulebook's "The bots" page)."""


@dataclass(frozen=True)
class Choice:
    """One choice at a decision, as the search weighed it."""

    action: Action
    """The action."""
    notation: str
    """The action in the game's notation (as in a record's ``actions``)."""
    chance: float
    """The chance to win the deal after it (a draw counts half), 0 to 1."""
    points: float
    """The points its side is expected to end the deal with."""
    value: float
    """What the search weighs: the chance plus half the expected share of the deal's points."""

    def to_json(self) -> dict[str, Any]:
        """The choice as JSON: the action, its chance and its points."""
        return {"action": self.notation, "chance": round(self.chance, 4),
                "points": round(self.points, 2)}


@dataclass(frozen=True)
class Decision:
    """One decision of the analysed seat, weighed and marked."""

    index: int
    """The index of the action in the record's ``actions``."""
    made: Choice
    """The choice made."""
    best: Choice
    """The best choice (the made one when none is better)."""
    choices: tuple[Choice, ...]
    """Every choice weighed, best first."""
    worlds: int
    """The imagined deals every choice was weighed in (1 for a known position)."""
    exact: bool
    """Whether the position was known (every card) and the exact solver weighed it."""
    chance_lost: float
    """The best choice's chance minus the made one's (never below 0)."""
    points_lost: float
    """The best choice's expected points minus the made one's (never below 0)."""
    chance_error: float
    """The paired standard error of :attr:`chance_lost` (0 for a known position)."""
    points_error: float
    """The paired standard error of :attr:`points_lost` (0 for a known position)."""
    mark: Mark
    """The mark (see :func:`mark_for`)."""
    turn_up: Card | None
    """The turned-up card at the decision (a move's words may name it: an exchange)."""
    trump: Suit | None
    """The trump suit at the decision, if known."""

    @property
    def better(self) -> bool:
        """Whether a choice other than the one made came out best."""
        return self.best.action != self.made.action

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON (see :meth:`Analysis.to_json`)."""
        return {"index": self.index, "made": self.made.to_json(), "best": self.best.to_json(),
                "mark": self.mark.value, "worlds": self.worlds, "exact": self.exact,
                "chance_lost": round(self.chance_lost, 4),
                "points_lost": round(self.points_lost, 2),
                "chance_error": round(self.chance_error, 4),
                "points_error": round(self.points_error, 2)}


@dataclass(frozen=True)
class Weighing:
    """A decision as weighed so far (:func:`weighings`)."""

    decision: Decision
    """The decision over the deals weighed so far (its :attr:`~Decision.worlds`); its mark
    counts, as always, only the losses beyond their uncertainty."""
    settled: bool
    """Whether this is the decision's last word. ``False``: it is in doubt (a loss that
    reaches a threshold but not beyond its uncertainty), and more deals are to be weighed."""


@dataclass(frozen=True)
class Summary:
    """The decisions counted by mark, and the points lost to the marked ones."""

    decisions: int
    """The decisions weighed."""
    inaccuracies: int
    """Decisions marked :attr:`Mark.INACCURACY`."""
    mistakes: int
    """Decisions marked :attr:`Mark.MISTAKE`."""
    blunders: int
    """Decisions marked :attr:`Mark.BLUNDER`."""
    points_lost: float
    """The expected points lost at the marked decisions, added up."""

    def count(self, mark: Mark) -> int:
        """The decisions with ``mark``."""
        return (self.decisions - self.inaccuracies - self.mistakes - self.blunders,
                self.inaccuracies, self.mistakes, self.blunders)[mark.rank]

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON."""
        return {"decisions": self.decisions, "inaccuracy": self.inaccuracies,
                "mistake": self.mistakes, "blunder": self.blunders,
                "points_lost": round(self.points_lost, 2)}


@dataclass(frozen=True)
class Analysis:
    """The analysis of one seat's decisions in one deal (:func:`analyse`)."""

    record: Mapping[str, Any]
    """The record analysed (as :meth:`Game.to_record <cardrules.engine.Game.to_record>` gives
    it)."""
    seat: int
    """The seat analysed."""
    names: tuple[str, ...]
    """The players' names by seat."""
    deal_points: int
    """All the points of the deal (what the points thresholds are shares of)."""
    points: int
    """The points the seat's side took in the deal as played."""
    won: float
    """1 if the seat's side won the deal as played, 0.5 for a draw, 0 if it lost."""
    worlds: int
    """The imagined deals asked for at each decision."""
    seed: int
    """The seed of the imagined deals (the same seed gives the same analysis)."""
    thresholds: Thresholds
    """The thresholds it was marked by."""
    decisions: tuple[Decision, ...] = field(default=())
    """The seat's decisions, in the order of the deal."""
    first: int = 0
    """The first action of the record whose decision is rated: the seat was taken over there
    (a deal played on from a step), and the seat's decisions before it are not rated."""

    @property
    def game(self) -> str:
        """The game's id."""
        return str(self.record["game"])

    def summary(self) -> Summary:
        """The decisions counted by mark, and the points lost to the marked ones."""
        counts = [0, 0, 0, 0]
        lost = 0.0
        for decision in self.decisions:
            counts[decision.mark.rank] += 1
            if decision.mark is not Mark.NONE:
                lost += decision.points_lost
        return Summary(len(self.decisions), counts[1], counts[2], counts[3], lost)

    def series(self) -> tuple[tuple[int, float], ...]:
        """The seat's chance to win over the deal, for a graph: for each decision, the index of
        its action in the record's ``actions`` and the chance to win after the choice made;
        the deal's end last (``len(actions)``: 1, 0.5 or 0)."""
        actions = len(self.record.get("actions", ()))
        return (*((d.index, d.made.chance) for d in self.decisions), (actions, self.won))

    def to_json(self) -> dict[str, Any]:
        """One JSON object: ``format``, ``game``, ``seat``, ``player`` (the seat's name),
        ``points`` and ``won`` (the deal as played), ``deal_points``, ``worlds``, ``seed``,
        ``first`` (the index of the first action rated), ``thresholds``, ``summary`` and
        ``decisions``: each with ``index`` (of the action in the record's ``actions``),
        ``made`` and ``best`` (each ``action`` in notation, ``chance`` to win 0-1, expected
        ``points``), ``mark`` (``none``, ``inaccuracy``, ``mistake``, ``blunder``), ``worlds``,
        ``exact``, the losses and their errors."""
        return {"format": FORMAT, "game": self.game, "seat": self.seat,
                "player": self.names[self.seat], "points": self.points, "won": self.won,
                "deal_points": self.deal_points, "worlds": self.worlds, "seed": self.seed,
                "first": self.first, "thresholds": self.thresholds.to_json(),
                "summary": self.summary().to_json(),
                "decisions": [d.to_json() for d in self.decisions]}


def mark_for(chance_lost: float, points_lost: float, chance_error: float, points_error: float,
             deal_points: float, thresholds: Thresholds = THRESHOLDS) -> Mark:
    """The mark of a decision: the highest level whose threshold the chance lost or the points
    lost reaches, counting a loss only where it is more than ``thresholds.errors`` of its
    paired standard errors.

    Examples:
        >>> mark_for(0.12, 0.0, 0.02, 0.0, 120).value
        'mistake'
        >>> mark_for(0.12, 0.0, 0.08, 0.0, 120).value   # within the search's uncertainty
        'none'
        >>> mark_for(0.0, 21.0, 0.0, 3.0, 120).value
        'blunder'
    """
    level = 0
    if chance_lost > thresholds.errors * chance_error:
        level = sum(chance_lost >= t for t in thresholds.chance)
    if points_lost > thresholds.errors * points_error:
        share = points_lost / (deal_points or 1)
        level = max(level, sum(share >= t for t in thresholds.points))
    return _RANKS[level]


def analyse(record: str | bytes | Mapping[str, Any], seat: int = 0, *,
            worlds: int = DEFAULT_WORLDS, seed: int = 0,
            thresholds: Thresholds = THRESHOLDS, first: int = 0) -> Analysis:
    """The analysis of ``seat``'s decisions in the deal of ``record`` (see the module
    docstring).

    Args:
        record: a deal record (JSON text or a mapping), finished or not.
        seat: the seat analysed.
        worlds: the imagined deals each decision is weighed in (at most: the search bot's work
            budget for that many worlds stops it sooner in a long game).
        seed: the seed of the imagined deals.
        thresholds: where the marks begin.
        first: the index (in the record's ``actions``) of the first action whose decision is
            rated: a deal played on from a step, where the player took the seat over, is
            rated from there (the seat's recorded decisions before it were not the player's).

    Raises:
        RecordError: the record is not a valid deal record.
        ValueError: the deal has no such seat, or ``worlds`` is below 1.

    Examples:
        >>> from cardrules import new_game
        >>> from cardrules.bots import make_bot, play_out
        >>> game = new_game("briscola", players=2, seed=4)
        >>> play_out(game, [make_bot("greedy"), make_bot("greedy")])
        >>> later = analyse(game.to_record(), seat=0, worlds=4, first=20)
        >>> later.first, min(d.index for d in later.decisions) >= 20
        (20, True)
    """
    game = replay(record)
    made = tuple(decisions(game, seat, worlds=worlds, seed=seed, thresholds=thresholds,
                           first=first))
    return analysis_of(game, seat, made, worlds=worlds, seed=seed, thresholds=thresholds,
                       first=first)


def turns(game: Game, seat: int, first: int = 0) -> Iterator[tuple[int, Game, SeatView]]:
    """The decisions of ``seat`` in ``game`` (a replayed deal) that the analysis weighs: its
    turns with more than one choice, from the action at index ``first`` of the record's
    ``actions`` on. Yields the index of the action made, and the position and the seat's view
    just before it (the position is played on after each: use them before the next)."""
    if not 0 <= seat < game.players:
        raise ValueError(f"no seat {seat} in a {game.players}-player game")
    if first < 0:
        raise ValueError("first must be at least 0")
    position = game.fresh()
    actors = game.actors()
    for i, action in enumerate(game.log):
        if i > first and actors[i] == seat and position.current_player == seat:
            view = position.view(seat)
            if len(view.legal_actions) > 1:
                yield i - 1, position, view
        position.play(action)


def decisions(game: Game, seat: int, *, worlds: int = DEFAULT_WORLDS, seed: int = 0,
              thresholds: Thresholds = THRESHOLDS, first: int = 0) -> Iterator[Decision]:
    """``seat``'s decisions in ``game`` (a replayed deal) from the action at index ``first``
    on (see :func:`turns`), weighed one at a time: what :func:`analyse` collects, for a caller
    that shows the first marks before the last are weighed, or stops early.

    Each decision's deals come from a random source seeded by ``seed`` and the decision's
    index, so a decision is weighed alike whichever others are."""
    return (weighing.decision for weighing in weighings(
        game, seat, worlds=worlds, seed=seed, thresholds=thresholds, first=first)
        if weighing.settled)


def weighings(game: Game, seat: int, *, worlds: int = DEFAULT_WORLDS, seed: int = 0,
              thresholds: Thresholds = THRESHOLDS, first: int = 0) -> Iterator[Weighing]:
    """:func:`decisions` in smaller pieces, for a caller that shows each decision as soon as
    its first deals are weighed (the widget): a decision in doubt after its first ``worlds``
    deals comes first as it stands then (a provisional :class:`Weighing`), then again after
    each extension that leaves it in doubt, and settled last; any other decision comes settled
    at once. The settled ones are :func:`decisions`'s, the same deals in the same order: the
    extensions add deals, they draw none again.

    Examples:
        >>> from cardrules import new_game
        >>> from cardrules.bots import make_bot, play_out
        >>> game = new_game("briscola", players=2, seed=4)
        >>> play_out(game, [make_bot("greedy"), make_bot("greedy")])
        >>> pieces = list(weighings(game, 0, worlds=8))
        >>> settled = [w.decision for w in pieces if w.settled]
        >>> settled == list(decisions(game, 0, worlds=8))
        True
        >>> len(pieces) > len(settled)   # at 8 deals a decision, some are in doubt
        True
        >>> all(w.decision.worlds < next(s.decision.worlds for s in pieces[k:] if s.settled)
        ...     for k, w in enumerate(pieces) if not w.settled)
        True
    """
    if worlds < 1:
        raise ValueError("worlds must be at least 1")
    deal_points = _deal_points(game)
    actions = game.log[1:]
    for index, position, view in turns(game, seat, first):
        yield from _weighings(position, view, actions[index], index, worlds,
                              _decision_seed(seed, index), deal_points, thresholds)


def analysis_of(game: Game, seat: int, made: Sequence[Decision], *,
                worlds: int = DEFAULT_WORLDS, seed: int = 0,
                thresholds: Thresholds = THRESHOLDS, first: int = 0) -> Analysis:
    """The :class:`Analysis` of ``seat`` in ``game`` made of decisions already weighed
    (:func:`decisions`, with the same ``worlds``, ``seed``, ``thresholds`` and ``first``)."""
    points, won = side_result(game, seat) if game.result is not None else (0, 0.5)
    return Analysis(game.to_record(), seat, tuple(game.names), _deal_points(game), points, won,
                    worlds, seed, thresholds, tuple(made), first)


def _deal_points(game: Game) -> int:
    """All the points of the deal: the played deal's, or (unfinished) a finished copy's."""
    finished = game
    if game.result is None:
        finished = game.clone()
        while not finished.is_over:
            finished.play(finished.legal_actions()[0])
    assert finished.result is not None
    return sum(finished.result.side_points)


def _decision_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index) % 2**63


def _choices(view: SeatView, made: Action, legal: Sequence[Action]) -> list[Action]:
    """The choices weighed: every legal action, or at most :data:`MAX_CHOICES` of them."""
    unique = list(dict.fromkeys(legal))
    if len(unique) <= MAX_CHOICES:
        return unique
    picked = [made]
    tactic = decide(view)
    for extra in (tactic, unique[0]):
        if extra is not None and extra not in picked:
            picked.append(extra)
    rest = [a for a in unique if a not in picked]
    room = MAX_CHOICES - len(picked)
    picked += [rest[round(k * (len(rest) - 1) / max(1, room - 1))] for k in range(room)]
    return list(dict.fromkeys(picked))


def _weighings(position: Game, view: SeatView, made: Action, index: int, worlds: int,
               seed: int, deal_points: int, thresholds: Thresholds) -> Iterator[Weighing]:
    """One decision weighed (see :func:`weighings`): while it is in doubt, a provisional
    :class:`Weighing` before each extension; the settled one last."""
    legal = position.legal_actions()
    actions = _choices(view, made, legal)
    table: list[list[Outcome]]
    exact = known_endgame(view)
    made_at = actions.index(made)
    if exact:
        table = [solve_choices(position, view.seat, actions)]
    else:
        bot = hint_bot(worlds, seed=seed)
        table = []
        looks = [n for n in (worlds // k for k in EARLY) if n >= EARLY_MIN]
        for row in bot.outcomes(view, actions):
            table.append(row)
            if looks and len(table) == looks[0]:
                looks.pop(0)
                if _clear(table, made_at, deal_points, thresholds):
                    break
    verdict = _verdict(table, actions, made_at, deal_points, thresholds)
    rounds = 0
    while not exact and verdict[-1] and rounds < EXTEND:
        # In doubt: a loss that may reach a threshold but not yet beyond the uncertainty.
        # The same search goes on over as many new deals again (its random source goes on),
        # and the verdict is taken over them all; up to EXTEND times. What the deals so far
        # say is given first, for a caller that shows it while the rest are weighed.
        yield Weighing(_decision(verdict, actions, index, len(table), exact, view), False)
        rounds += 1
        table += bot.outcomes(view, actions)
        verdict = _verdict(table, actions, made_at, deal_points, thresholds)
    yield Weighing(_decision(verdict, actions, index, len(table), exact, view), True)


def _decision(verdict: tuple[list[Choice], int, int, tuple[float, float, float, float], Mark,
                             bool],
              actions: Sequence[Action], index: int, worlds: int, exact: bool,
              view: SeatView) -> Decision:
    """The :class:`Decision` a verdict (:func:`_verdict`) gives."""
    choices, best_at, made_at, losses, mark, _ = verdict
    ranked = sorted(range(len(actions)), key=lambda k: (k != best_at, -choices[k].value))
    return Decision(index, choices[made_at], choices[best_at],
                    tuple(choices[k] for k in ranked), worlds, exact, *losses, mark,
                    view.turn_up, view.trump)


def _verdict(table: list[list[Outcome]], actions: Sequence[Action], made_at: int,
             deal_points: int,
             thresholds: Thresholds) -> tuple[list[Choice], int, int,
                                              tuple[float, float, float, float], Mark, bool]:
    """The choices' averages over ``table``, the best, the made one, the losses and their
    errors (chance lost, points lost, chance error, points error), the mark, and whether the
    verdict is in doubt: a loss at least the first threshold but within the uncertainty."""
    n = len(table)
    choices = [Choice(action, format_action(action),
                      sum(row[k][0] for row in table) / n,
                      sum(row[k][1] for row in table) / n,
                      sum(row[k][2] for row in table) / n) for k, action in enumerate(actions)]
    best_at = max(range(len(choices)), key=lambda k: (choices[k].value, k == made_at))
    chance_lost, chance_error = _paired(table, best_at, made_at, 0)
    points_lost, points_error = _paired(table, best_at, made_at, 1)
    mark = mark_for(chance_lost, points_lost, chance_error, points_error, deal_points,
                    thresholds)
    doubt = ((thresholds.chance[0] <= chance_lost <= thresholds.errors * chance_error)
             or (thresholds.points[0] * deal_points <= points_lost
                 <= thresholds.errors * points_error))
    return (choices, best_at, made_at, (chance_lost, points_lost, chance_error, points_error),
            mark, doubt)


def _paired(table: Sequence[Sequence[Outcome]], best: int, made: int,
            part: int) -> tuple[float, float]:
    """The mean loss (never below 0) of ``made`` against ``best`` in one part of the outcome
    (0: the win, 1: the points) over the shared worlds, and its paired standard error."""
    mean, error = _gain(table, best, made, part)
    return max(0.0, mean), error


def _gain(table: Sequence[Sequence[Outcome]], other: int, made: int,
          part: int) -> tuple[float, float]:
    """The mean gain (below 0: a loss) of ``other`` over ``made`` in one part of the outcome
    over the shared worlds, and its paired standard error."""
    diffs = [row[other][part] - row[made][part] for row in table]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n)


def _clear(table: Sequence[Sequence[Outcome]], made: int, deal_points: int,
           thresholds: Thresholds) -> bool:
    """Whether no other choice is within reach of a mark: each one's gain over the choice made,
    plus :attr:`Thresholds.clear` paired standard errors, below the first thresholds, in
    chance and in points (the weighing of a decision may stop early, with no mark)."""
    chance_at, points_at = thresholds.chance[0], thresholds.points[0] * deal_points
    for other in range(len(table[0])):
        if other == made:
            continue
        for part, limit in ((0, chance_at), (1, points_at)):
            mean, error = _gain(table, other, made, part)
            if mean + thresholds.clear * error >= limit:
                return False
    return True
