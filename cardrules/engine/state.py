"""The state of a deal as data: phases, the game's own details, snapshots, steps and results.

Everything here is plain frozen data: a :class:`State` is a snapshot of a whole deal at one
moment (hidden cards included), a :class:`Step` is one action with the states before and after
it, and a :class:`Result` is how a finished deal came out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeAlias

from ..core.actions import Action, Event, Trick
from ..core.cards import Card, Suit
from ..core.labels import PlayLabel
from ..words import N_

CHANCE: Final = -1
"""The pseudo-seat that makes chance actions (the deal)."""

Sides: TypeAlias = tuple[tuple[int, ...], ...]
"""Seats that score together, one tuple per side (``()`` while the sides are not known)."""

Receipt: TypeAlias = tuple[int, int, int]
"""A card position that went to a hand: ``(position, seat, time)``. Positions number the
deal's cards as :attr:`Deal.cards <cardrules.core.actions.Deal.cards>` lists them (hands, stock,
talon); the time is the number of actions in the log when the card was received."""


class Phase:
    """Where a deal stands. Every game has :attr:`DEAL`, :attr:`PLAY` and :attr:`OVER`; a game
    declares its own phases in between (an auction, a call, discards...).

    Phases are compared by their name, which is also what the widget's JSON shows; a reader is
    told :attr:`said`, the catalogue's words for it.
    """

    __slots__ = ("said", "value")

    DEAL: ClassVar[Phase]
    """Waiting for the deal (a chance action)."""
    PLAY: ClassVar[Phase]
    """Playing tricks."""
    OVER: ClassVar[Phase]
    """The deal is finished; :attr:`Game.result <cardrules.engine.Game.result>` is set."""

    value: str
    """The phase's name, e.g. ``"auction"``."""
    said: str
    """The phase in the catalogue's words (English, marked ``N_``), e.g. "the auction"; the
    name itself when none is given."""

    def __init__(self, value: str, said: str | None = None) -> None:
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "said", said or value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("phases are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phase) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"Phase({self.value!r})"


Phase.DEAL = Phase("deal", N_("the deal"))
Phase.PLAY = Phase("play", N_("the play"))
Phase.OVER = Phase("over", N_("the end of the deal"))


@dataclass(frozen=True)
class Details:
    """Base class of each game's own state (bids, the call, exchanges made, declarations...).

    A game subclasses it as a frozen dataclass whose fields hold immutable values (numbers,
    tuples, frozen dataclasses), so a copy of a game or a snapshot shares it safely; the rules
    change it with :meth:`Game.update_details <cardrules.engine.Game.update_details>`.
    """


@dataclass(frozen=True, init=False)
class Result:
    """The outcome of a finished deal."""

    def __init__(self, points: tuple[int, ...], sides: Sides, side_points: tuple[int, ...],
                 winner: int | None, game_points: tuple[float, ...] = (),
                 reason: str = "points") -> None:
        # Straight into the instance's dict instead of a frozen dataclass's six
        # object.__setattr__ calls: every playout of a search bot ends in a result.
        fields = self.__dict__
        fields["points"] = points
        fields["sides"] = sides
        fields["side_points"] = side_points
        fields["winner"] = winner
        fields["game_points"] = game_points
        fields["reason"] = reason

    points: tuple[int, ...]
    """Card points taken by each seat (tricks won, in games scored by tricks)."""
    sides: Sides
    """The sides: the seats that score together."""
    side_points: tuple[int, ...]
    """Points per side (the sum of its seats' points, plus any bonus)."""
    winner: int | None
    """Index into :attr:`sides` of the winning side, or ``None`` for a draw."""
    game_points: tuple[float, ...] = ()
    """Game points each side scores for a match (empty when the game does not say); in a game
    that scores seats one by one, each seat's (see :meth:`seat_game_points`)."""
    reason: str = "points"
    """How the deal was decided: ``"points"``, or a game's special ending (``"claim"``...)."""

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` of the side ``seat`` scored with."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def seat_game_points(self) -> tuple[float, ...]:
        """The game points each seat scores for a match. By default every seat of the winning
        side scores that side's :attr:`game_points`; a game that scores seats one by one (an
        auction's winner against the rest) says so itself."""
        scores: list[float] = [0] * len(self.points)
        if self.winner is not None and self.game_points:
            for seat in self.sides[self.winner]:
                scores[seat] = self.game_points[self.winner]
        return tuple(scores)

    def to_json(self) -> dict[str, Any]:
        """The result as in the replay JSON."""
        return {
            "points": list(self.points),
            "sides": [list(s) for s in self.sides],
            "side_points": list(self.side_points),
            "winner": self.winner,
            "game_points": list(self.game_points),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class State:
    """A full snapshot of a game at one moment (everything, hidden cards included)."""

    step: int
    """How many actions have been played (the deal counts as one)."""
    last: Event | None
    """The action that led here."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """The stock, top first, without the turned-up card."""
    turn_up: Card | None
    trump: Suit | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    current_player: int | None
    phase: Phase
    result: Result | None
    details: Details = Details()
    """The game's own state (see :class:`Details`)."""
    sides: Sides = ()
    """The sides as they stand (``()`` before they are known)."""
    talon: tuple[Card, ...] = ()
    """Cards dealt aside face down that are still there."""
    aside: tuple[Card, ...] = ()
    """Cards out of play: spoiled tricks nobody took, discards put aside."""

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turned-up card included."""
        return len(self.stock) + (self.turn_up is not None)


@dataclass(frozen=True)
class Step:
    """One action of a deal, with everything that followed from it.

    :meth:`Game.steps <cardrules.engine.Game.steps>` yields one per action, the deal first.
    Front ends (the terminal, the widget, the diagrams) render steps and their narration
    (:mod:`cardrules.account.narration`); none of them replays a deal by itself.
    """

    index: int
    """The action's place in the log: 0 for the deal."""
    seat: int
    """Who acted (:data:`CHANCE` for the deal)."""
    action: Action
    """The action."""
    before: State
    """The state just before it."""
    after: State
    """The state just after it (and after any draws it led to)."""
    played: Card | None = None
    """The card this action put on the trick, if any (a card play, a declared play)."""
    label: PlayLabel | None = None
    """The play's glossary label (asistir, fallar...), in games with trumps."""
    trick: Trick | None = None
    """The trick this action completed, if it completed one."""
    draws: tuple[tuple[int, Card], ...] = ()
    """Cards drawn right after the action, in order: ``(seat, card)``."""
    known_sides: tuple[Sides, ...] = ()
    """For each seat, the sides as it knows them after the action (``()``: not yet: a hidden
    partner)."""
    seen_hands: tuple[tuple[int, ...], ...] = ()
    """For each seat, the other seats whose hands it sees after the action (open hands,
    partners who show their cards)."""

    @property
    def is_deal(self) -> bool:
        """True for the deal (the first step)."""
        return self.index == 0
