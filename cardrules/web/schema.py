"""The widget's JSON, described: what :mod:`cardrules.web.steps` and :mod:`cardrules.web.play`
answer.

These TypedDicts are the contract between Python and the page's JavaScript (``stepper.js``,
``play.js`` and the drawing modules they share): the page reads only what they name
(``tests/test_schema.py`` checks every sample deal's answer against them, and that the page
reads no other field). A deal's answer is made from one account of the deal for one viewer
(:func:`cardrules.account.deal.account`): the open account, or one seat's; the page draws it
and derives nothing.

Cards are codes (``"1O"``), suits their letters (``"O"``), seats numbers from 0 (the page names
them from ``seats``), and every sentence is already in the page's language.
"""

# No "from __future__ import annotations": the TypedDicts must know their optional keys at run
# time (tests/test_schema.py checks answers against them).
from typing import Literal, NotRequired, TypedDict


class ScoreRowJSON(TypedDict):
    """A row of the score table (:class:`cardrules.account.score.ScoreRow`): its players'
    names, its seats, the side colour it shows (``None``: none), its part in a contract, its
    points (tricks in a game scored by tricks) and tricks, its points by kind
    (``[kind, points]``, the points ``None`` where the viewer may not see them), what it
    scores towards a match (``None``: said by the verdict) and whether it won."""

    name: str
    seats: list[int]
    side: int | None
    role: str
    points: int
    tricks: int
    parts: list[list[str | int | None]]
    game_points: float | None
    game_points_said: str
    winner: bool


class ScoreJSON(TypedDict):
    """The score table as the viewer is shown it, decided by the account of the deal
    (:meth:`ScoreTable.to_json <cardrules.account.score.ScoreTable.to_json>`): ``by`` side
    or by seat, the ``unit`` counted, the ``kinds`` of points the rows break into, and at
    the end the ``winner`` (the side's index) and the verdict in words."""

    by: Literal["side", "seat"]
    unit: Literal["points", "tricks"]
    kinds: list[str]
    over: bool
    winner: int | None
    outcome: str
    reason: str
    verdict: str
    scored: str
    rows: list[ScoreRowJSON]


class StepJSON(TypedDict):
    """One step of the deal as the viewer is shown it (see
    :class:`cardrules.account.deal.StepAccount`)."""

    actor: int
    """Who acted (-1: the deal)."""
    action: str
    """The action in the game's notation (``"deal"`` for the deal; a card the viewer may not
    see masked)."""
    text: str
    """What happened, as the viewer is told it."""
    trick_text: str
    """The trick it finished: who took it and for how much."""
    draw_text: str
    """What the draws after it showed."""
    news_text: str
    """What it led to: the auction won, the talon, the sides learnt."""
    label: str | None
    hands: list[list[str | None]]
    """Every hand; a card the viewer may not see is ``None`` (drawn as a back)."""
    turn_up: str | None
    stock: int
    aside: int
    table: list[list[int | str | None]]
    """The plays on the table: ``[seat, code, label]``."""
    trick: int
    done: bool
    winner: int | None
    taking: int | None
    turn: int | None
    phase: str
    trump: str | None
    trumps: str
    """The trumps at this step in words: the suit, or what will make them ("No trumps until
    the call"), or none."""
    talon: int
    side_of: list[int | None]
    """The side colour each seat shows to the viewer at this step (``None``: the viewer does
    not know the sides yet, or the seat has no part in the contract)."""
    score: ScoreJSON
    roles: NotRequired[list[str]]
    """In a game with a contract: each seat's part in it as the viewer knows it (``""``:
    none, or not known to the viewer yet)."""
    note: NotRequired[str]
    """The record's note on the step (in the open account only: its author sees every card)."""


class SeatJSON(TypedDict):
    """A player: the name, whether it deals, and its partners (the other seats of its side,
    when sides have several players and no contract names the parts instead)."""

    name: str
    dealer: bool
    partners: list[int]


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
    """A whole deal as one viewer is shown it (the answer of
    :func:`cardrules.web.steps.deal_data`)."""

    ok: Literal[True]
    game: str
    title: str
    players: int
    view: Literal["all"] | int
    """Whose view: ``"all"`` (the open account) or a seat."""
    seats: list[SeatJSON]
    style: str
    trump: str | None
    trump_name: str | None
    scored_by: Literal["tricks", "points"]
    draws: bool
    auction: AuctionJSON | None
    talon: TalonJSON | None
    face_down: list[list[int | str | None]]
    """Every card put face down: ``[seat, code, step]``, the code ``None`` where the viewer
    may not see it."""
    steps: list[StepJSON]
    tricks: list[int]
    noted: list[int]
    result: ResultJSON | None
    cards: dict[str, str]
    record: dict[str, object]
    record_text: str
    """The record as Python writes it (a seed beyond 2**53 exact), for the page to show."""
    link: str
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


class PlayInterjectJSON(TypedDict):
    """The reader may make a move out of turn before the seat to act plays."""

    text: str
    """What the page says ("Before Ana plays, you may make a move out of turn.")."""
    go_on: str
    """The button that lets the play go on ("Let Ana play")."""


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
    side_of: list[int | None]
    """The side colour each seat shows to the reader (``None``: none, or not known yet)."""
    partners: list[list[int]]
    """Each seat's partners as the reader knows them (``[]``: none shown)."""
    score: ScoreJSON
    """The score table as the reader's seat is shown it (the same as the stepper's)."""
    auction: AuctionJSON | None
    """The auction's calls so far (``None``: no call yet)."""
    situation: list[str]
    call: PlayCallJSON | None
    may_play: str
    can_undo: bool
    interject: PlayInterjectJSON | None
    """While the bots wait for the reader's move out of turn (``None``: they do not)."""
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
    "PlayInterjectJSON",
    "PlayMoveJSON",
    "PlayStateJSON",
    "PlayStepJSON",
    "ResultJSON",
    "ScoreJSON",
    "ScoreRowJSON",
    "SeatJSON",
    "StepJSON",
    "TalonJSON",
]
