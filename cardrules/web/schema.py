"""The widget's JSON, described: what :func:`cardrules.web.board.steps_data` answers.

These TypedDicts are the contract between Python and the page's JavaScript (``board.js``): the
page reads only what they name (``tests/test_schema.py`` checks every sample deal's answer
against them, and that the page reads no other field). The answer is made from the account of
the deal (:mod:`cardrules.account.deal`): the open account, with what each seat is told
otherwise.

Cards are codes (``"1O"``), suits their letters (``"O"``), seats numbers from 0 (the page names
them from ``seats``), and every sentence is already in the page's language.
"""

# No "from __future__ import annotations": the TypedDicts must know their optional keys at run
# time (tests/test_schema.py checks answers against them).
from typing import Literal, NotRequired, TypedDict


class StepTexts(TypedDict, total=False):
    """A step's sentences for one seat, where they differ from the open account's."""

    text: str
    trick_text: str
    draw_text: str
    news_text: str


class StepJSON(TypedDict):
    """One step of the deal (see :class:`cardrules.account.deal.StepAccount`)."""

    actor: int
    """Who acted (-1: the deal)."""
    action: str
    """The action in the game's notation (``"deal"`` for the deal)."""
    text: str
    """What happened, told openly."""
    trick_text: str
    """The trick it finished: who took it and for how much."""
    draw_text: str
    """What the draws after it showed."""
    news_text: str
    """What it led to: the auction won, the talon, the sides learnt."""
    label: str | None
    hands: list[list[str]]
    turn_up: str | None
    stock: int
    aside: int
    table: list[list[int | str | None]]
    """The plays on the table: ``[seat, code, label]``."""
    trick: int
    done: bool
    winner: int | None
    taking: int | None
    sides: list[int]
    """Points per side (tricks in a game scored by tricks)."""
    side_tricks: list[int]
    known: bool
    points: list[int]
    seat_tricks: list[int]
    turn: int | None
    phase: str
    trump: str | None
    talon: int
    known_by: list[bool]
    see: NotRequired[list[list[int]]]
    roles: NotRequired[list[str]]
    roles_hidden: NotRequired[list[str]]
    points_by: NotRequired[dict[str, list[int]]]
    parts: NotRequired[dict[str, list[int]]]
    hidden: NotRequired[list[list[int | str]]]
    texts: NotRequired[dict[str, StepTexts]]
    note: NotRequired[str]


class SeatJSON(TypedDict):
    """A player: the name, the side's index (``None``: plays on their own), the dealer."""

    name: str
    side: int | None
    dealer: bool


class AuctionJSON(TypedDict):
    """The auction, call by call: ``[seat, bid or None for a pass, step, round]``."""

    calls: list[list[int | None]]
    rounds: int


class TalonJSON(TypedDict):
    """The talon: its cards, the step at which it was shown and taken, and who took it."""

    cards: list[str]
    step: int | None
    seat: int | None


class ResultJSON(TypedDict, total=False):
    """The result (:meth:`cardrules.engine.Result.to_json`) and its ``text``."""

    text: str
    points: list[int]
    sides: list[list[int]]
    side_points: list[int]
    winner: int | None
    game_points: list[float]
    reason: str


class AtJSON(TypedDict):
    """Where a shared link opens the deal."""

    step: int
    view: int | None


class DealJSON(TypedDict):
    """A whole deal, for the board (the answer of :func:`cardrules.web.board.steps_data`)."""

    ok: Literal[True]
    game: str
    title: str
    players: int
    seats: list[SeatJSON]
    sides: list[list[int]]
    sides_dealt: bool
    side_names: list[str]
    style: str
    trump: str | None
    trump_name: str | None
    scored_by: Literal["tricks", "points"]
    draws: bool
    by_seat: bool
    roles: list[str] | None
    trump_from: str | None
    suits: dict[str, str]
    auction: AuctionJSON | None
    talon: TalonJSON | None
    face_down: list[list[int | str]]
    point_kinds: list[str]
    steps: list[StepJSON]
    tricks: list[int]
    noted: list[int]
    result: ResultJSON | None
    cards: dict[str, str]
    record: dict[str, object]
    record_text: str
    """The record as Python writes it (a seed beyond 2**53 exact), for the page to show."""
    link: str
    see: NotRequired[list[list[int]]]
    at: NotRequired[AtJSON]
    """A shared link's position: the step, and whose view (``None``: every hand)."""


class PlayCardJSON(TypedDict):
    """A card of the reader's hand in play mode: what clicking it plays (``None``: nothing
    now) and, when nothing, why not (a sentence of the catalogue, said to the reader)."""

    code: str
    play: str | None
    why: str | None


class PlayMoveJSON(TypedDict):
    """A legal move offered to the reader: its notation, its keyword and its words."""

    action: str
    kind: str
    text: str
    card: NotRequired[str]
    number: NotRequired[int]
    suit: NotRequired[str]


class PlayCallCardJSON(TypedDict):
    """A card the reader may call: its action, its rank as printed, its name, whether the
    reader holds it, the call button's words and (for a card the reader holds) what calling it
    means."""

    action: str
    code: str
    printed: str
    name: str
    yours: bool
    confirm: str
    warning: str


class PlayCallSuitJSON(TypedDict):
    """A row of the call chooser: a suit and its cards that may be called."""

    suit: str
    name: str
    cards: list[PlayCallCardJSON]


class PlayCallJSON(TypedDict):
    """The cards the reader may call, by suit, and what calling one's own card means."""

    suits: list[PlayCallSuitJSON]
    note: str


class PlayStepJSON(TypedDict):
    """A step as the reader's seat was told it (the account for that seat), with the table
    as it then stood."""

    index: int
    actor: int
    action: str
    text: str
    trick_text: str
    draw_text: str
    label: str | None
    table: list[list[int | str | None]]
    trick: int
    done: bool
    winner: int | None
    taking: int | None


class PlayStateJSON(TypedDict):
    """What the reader's seat sees now in play mode, and what it may do."""

    step: int
    phase: str
    turn: int | None
    your_turn: bool
    over: bool
    hand: list[str]
    cards: list[PlayCardJSON]
    moves: list[PlayMoveJSON]
    hand_sizes: list[int]
    visible: dict[str, list[str]]
    turn_up: str | None
    trump: str | None
    trump_name: str | None
    stock: int
    talon: list[str]
    table: list[list[int | str | None]]
    trick: int
    done: bool
    winner: int | None
    taking: int | None
    points: list[int]
    seat_tricks: list[int]
    sides: list[list[int]]
    side_names: list[str]
    side_points: list[int]
    side_tricks: list[int]
    situation: list[str]
    call: PlayCallJSON | None
    may_play: str
    can_undo: bool
    result: ResultJSON | None
    record: dict[str, object] | None
    record_text: str | None
    names: dict[str, str]
    spoken: dict[str, str]
    """Each card's name as a screen reader says it ("three of cups, trump")."""


class FailureJSON(TypedDict):
    """A refused request: the reason, in the page's language."""

    ok: Literal[False]
    error: str


__all__ = [
    "AtJSON",
    "AuctionJSON",
    "DealJSON",
    "FailureJSON",
    "PlayCallCardJSON",
    "PlayCallJSON",
    "PlayCallSuitJSON",
    "PlayCardJSON",
    "PlayMoveJSON",
    "PlayStateJSON",
    "PlayStepJSON",
    "ResultJSON",
    "SeatJSON",
    "StepJSON",
    "StepTexts",
    "TalonJSON",
]
