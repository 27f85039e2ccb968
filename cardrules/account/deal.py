"""The account of a deal: what one viewer is shown at each step, built once from the steps.

A deal's steps (:meth:`Game.steps <cardrules.engine.Game.steps>`) say what happened; the
account says what a *viewer* is shown of it, step by step, with every sentence from the
narration (:class:`~cardrules.account.narration.Narrator`, whose words come from the catalogue):
who acted and how, the trick on the table with each play's label, the score by side and by
seat (and where each seat's points came from), what the viewer knows of the sides and of
everyone's part in a contract, the auction, the talon, the record's notes.

Front ends draw an account; they do not walk the steps, add up points or decide who may see
what themselves. Each step carries its :class:`~cardrules.account.score.ScoreTable` (by side or
by seat, decided once by :func:`~cardrules.account.score.score_by`), whether the viewer is
shown the sides (:attr:`StepAccount.sides_shown`) and the hands as the viewer sees them
(:attr:`StepAccount.hands_shown`):

* the terminal (:mod:`cardrules.cli.render`) prints a step's sentences as it is played, and
  the score table, through the same :class:`Teller`;
* the rulebook's deal diagrams (:mod:`cardrules.render.diagram`) draw a whole account as HTML,
  and its drawn examples (:mod:`cardrules.render.drawing`) a piece of one;
* the widget's JSON (:mod:`cardrules.web.steps`) and play mode (:mod:`cardrules.web.play`)
  send the account for a viewer.

Game-specific facts (the auction, the contract, the roles) come from the game module's typed
hooks (:meth:`Rules.bidding <cardrules.engine.Rules.bidding>`,
:meth:`Rules.contract <cardrules.engine.Rules.contract>`), never from its fields by name.

Examples:
    >>> import json
    >>> from cardrules import replay
    >>> game = replay(json.load(open("examples/brisca-2p.json")))
    >>> told = account(game, "es")
    >>> told.steps[0].said.action
    'Se reparten las cartas; la carta vuelta es el as de oros: triunfo, oros.'
    >>> told.steps[-1].score.side_points, told.verdict
    ((80, 40), 'Ana gana la mano, 80–40.')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..core.actions import CardMove, Deal, Decision, Masked, Move, NumberMove, format_action
from ..core.cards import Card, Suit
from ..core.labels import PlayLabel
from ..engine import CHANCE, Game, Phase, Result, Rules, Sides, Step
from ..engine.facts import Auction
from ..words import Lang
from .narration import ONLOOKER, Narrator, StepWords
from .score import HandShown, ScoreRow, ScoreTable, game_points_by_row, score_by

__all__ = [
    "AuctionCall",
    "DealAccount",
    "FaceDown",
    "HandShown",
    "Play",
    "Score",
    "ScoreRow",
    "ScoreTable",
    "StepAccount",
    "Talon",
    "Teller",
    "account",
    "point_parts",
    "score_by",
    "trump_decision",
    "trump_source",
]


@dataclass(frozen=True)
class Play:
    """A card on the table: who played it, and its label (*asistir*, *fallar*...)."""

    seat: int
    card: Card
    label: PlayLabel | None


@dataclass(frozen=True)
class Score:
    """The score as it stands after a step, as the viewer counts it.

    ``side_points`` follow the deal's sides as they end up (:attr:`DealAccount.sides`): card
    points, or tricks in a game scored by tricks.
    """

    side_points: tuple[int, ...]
    """Per side: points (tricks in a game scored by tricks)."""
    side_tricks: tuple[int, ...]
    """Per side: tricks taken."""
    seat_points: tuple[int, ...]
    """Per seat: card points, as the viewer counts them (others' face-down cards unseen)."""
    seat_tricks: tuple[int, ...]
    """Per seat: tricks taken."""
    parts: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Where each seat's points came from so far, by kind (see :func:`point_parts`), the cards
    won first."""
    hidden: tuple[tuple[str, int], ...] = ()
    """The parts ``(kind, seat)`` the viewer may not see (a face-down discard's points)."""


@dataclass(frozen=True)
class StepAccount:
    """One step as the viewer is shown it."""

    index: int
    """The step's number, from 0 (the deal), as the record's notes count."""
    seat: int
    """Who acted (:data:`~cardrules.engine.CHANCE` for the deal)."""
    notation: str
    """The action as the viewer saw it, in the game's notation (``"deal"`` for the deal; a
    face-down card masked)."""
    label: PlayLabel | None
    """The label of a card play."""
    played: Card | None
    """The card the step put on the trick (a card play, or a move that plays its card)."""
    move: str | None
    """The keyword of a move (``"exchange"``, ``"bid"``...; ``None`` for a card or the deal)."""
    card: Card | None
    """The card a move names, when the viewer sees it."""
    face_down: bool
    """Whether the move names a card the viewer may not see (a discard, face down)."""
    said: StepWords
    """Every sentence of the step, for the viewer."""
    hands: tuple[tuple[Card, ...], ...]
    """Every hand after the step, whoever may see it (a front end shows :attr:`hands_shown`)."""
    sees: tuple[tuple[int, ...], ...]
    """For each seat, whose hands it sees besides its own at this step."""
    turn_up: Card | None
    trump: Suit | None
    stock: int
    """Cards left in the stock."""
    aside: int
    """Cards set aside, unseen."""
    talon: int
    """Cards of the talon still face down."""
    table: tuple[Play, ...]
    """The trick on the table (the finished trick at the step that finished it)."""
    trick: int
    """The trick's number, from 1."""
    done: bool
    """Whether this step finished the trick."""
    winner: int | None
    """The seat that took the finished trick (``None``: not finished, or spoiled)."""
    taking: int | None
    """Which play of :attr:`table` took it."""
    points: int
    """The card points of the trick this step finished (else 0)."""
    score: Score
    sides_known: bool
    """Whether the sides are settled at this step (at the deal in most games, at a call or
    the end of an auction in others, at the end in a void deal)."""
    known_by: tuple[bool, ...]
    """For each seat, whether it knows the sides."""
    roles: tuple[str, ...]
    """Each seat's part in a contract as the viewer knows it, in words (``""``: none)."""
    roles_unknown: tuple[str, ...]
    """The same as told to someone who does not know the sides yet."""
    turn: int | None
    """Whose turn it is (``None`` once the deal is over)."""
    phase: Phase
    score_table: ScoreTable
    """The score as this viewer is shown it after the step, laid out by side or by seat
    (:mod:`cardrules.account.score`): what every front end prints."""
    sides_shown: bool
    """Whether this viewer is shown the sides at this step (it knows them, or the deal is
    over): a front end colours sides and names partners only then."""
    hands_shown: tuple[HandShown, ...]
    """Every hand after the step as this viewer sees it: the cards of its own hand and of
    those it is shown (open hands, a partner's), the count of the others (card backs)."""
    talon_said: str = ""
    """The talon shown and taken at this step, in words (also among :attr:`said`'s news)."""
    lead: str = ""
    """Who led the trick this step finished: "Ana leads" (else ``""``)."""
    note: str | None = None
    """The record's note on this step, in the account's language."""
    decision: Decision | None = None
    """The kind of decision a move is (:class:`~cardrules.core.actions.Decision`: a bid, a
    pass, a call...; ``None`` for a card or the deal)."""

    @property
    def is_deal(self) -> bool:
        """Whether this is the deal itself."""
        return self.seat == CHANCE


@dataclass(frozen=True)
class AuctionCall:
    """One call of the auction: the seat, its bid (``None``: a pass), the step, and how many
    times the seat had spoken before (its round)."""

    seat: int
    bid: int | None
    step: int
    round: int
    said: str = ""
    """The bid as the table says it (:meth:`Narrator.bid
    <cardrules.account.narration.Narrator.bid>`: "64", "king", "two at 61"; ``""``: a pass)."""


@dataclass(frozen=True)
class Talon:
    """The talon: its cards, the step at which it was shown and taken and who took it
    (``None`` while it lies face down)."""

    cards: tuple[Card, ...]
    step: int | None
    seat: int | None


@dataclass(frozen=True)
class FaceDown:
    """A card put face down (a discard): by whom, which, at which step."""

    seat: int
    card: Card
    step: int


@dataclass(frozen=True)
class DealAccount:
    """A whole deal as one viewer is shown it (see :func:`account`)."""

    game: str
    title: str
    lang: Lang
    viewer: int | None
    """The seat the account keeps to (:data:`~cardrules.account.narration.ONLOOKER`: what is
    public; ``None``: everything)."""
    names: tuple[str, ...]
    sides: Sides
    """The sides as the deal ends (the layout of the score)."""
    side_names: tuple[str, ...]
    """Each side's players, in words: "Ana and Bea"."""
    roles: tuple[str, ...]
    """Each seat's part in the contract as the deal ends (``""``: none)."""
    scored_by_tricks: bool
    trump: Suit | None
    """Trumps as the deal ends."""
    trump_from: str | None
    """What set trumps after the deal (see :func:`trump_source`)."""
    auction: Auction | None
    calls: tuple[AuctionCall, ...]
    talon: Talon | None
    face_down: tuple[FaceDown, ...]
    steps: tuple[StepAccount, ...]
    trick_steps: tuple[int, ...]
    """The steps that finished a trick."""
    result: Result | None
    outcome: str
    """Who won and by how much: "Bea wins the deal, 83–37"."""
    reason: str
    """How the deal ended when not simply on the count (else ``""``)."""
    scored: str
    """What the deal scores towards a match, when worth saying (else ``""``)."""
    notes: Mapping[int, str] = field(default_factory=dict)
    """The record's notes by step, in the account's language."""
    trumps_by: Decision | None = None
    """The kind of decision that set trumps after the deal (see :func:`trump_decision`)."""

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.names)

    @property
    def verdict(self) -> str:
        """:attr:`outcome` and :attr:`reason` in one."""
        return f"{self.outcome} {self.reason}" if self.reason else self.outcome

    @property
    def score_table(self) -> ScoreTable:
        """The score as the viewer is shown it after the last step (at the end, the
        result's): see :mod:`cardrules.account.score`."""
        return self.steps[-1].score_table

    @property
    def by_seat(self) -> bool:
        """Whether the score is by seat (see :func:`~cardrules.account.score.score_by`)."""
        return self.score_table.by == "seat"

    @property
    def point_kinds(self) -> tuple[str, ...]:
        """The kinds of points the score is broken into, the cards won first (by-seat
        scores only; ``()``: the total only)."""
        return self.score_table.kinds


def point_parts(step: Step) -> dict[str, list[int]]:
    """Where the points a step gave each seat came from, by kind: ``"cards"`` (the card
    points of the trick it completed, to the trick's winner), a move's keyword (``"discard"``:
    cards put on one's own pile; ``"declare"``: a marriage...), ``"last"`` (what the end of the
    deal gave the winner of the last trick, and only him: the last trick's bonus), ``"end"``
    (anything else the end of the deal gave) or ``"other"``. Read from the step's states only.

    Examples:
        >>> import json
        >>> from cardrules import replay
        >>> steps = list(replay(json.load(open("examples/rematada-3p.json"))).steps())
        >>> point_parts(steps[18]), point_parts(steps[-1])
        ({'discard': [10, 0, 0]}, {'cards': [25, 0, 0], 'last': [10, 0, 0]})
    """
    delta = [a - b for a, b in zip(step.after.points, step.before.points, strict=True)]
    parts: dict[str, list[int]] = {}
    if not any(delta):
        return parts

    def add(kind: str, seat: int, points: int) -> None:
        parts.setdefault(kind, [0] * len(delta))[seat] += points
        delta[seat] -= points

    trick = step.trick
    if trick is not None and trick.winner is not None and trick.points:
        add("cards", trick.winner, trick.points)
    if not any(delta):
        return parts
    action = step.action
    if isinstance(action, Move) and not isinstance(action, Deal):
        kind = action.keyword
    elif step.after.result is not None and step.before.result is None:
        tricks = step.after.tricks
        last = tricks[-1].winner if tricks else None
        only_last = last is not None and all(d == 0 for s, d in enumerate(delta) if s != last)
        kind = "last" if only_last else "end"
    else:
        kind = "other"
    for seat, points in enumerate(list(delta)):
        if points:
            add(kind, seat, points)
    return parts


def _trump_setter(steps: Sequence[Step]) -> Step | None:
    """The step after the deal that set trumps (``None``: set at the deal, or never)."""
    return next((step for step in steps[1:]
                 if step.before.trump is None and step.after.trump is not None), None)


def trump_source(steps: Sequence[Step]) -> str | None:
    """The keyword of the move that set trumps after the deal (``"call"``, ``"trump"``...), or
    ``None`` when trumps were set at the deal or never."""
    step = _trump_setter(steps)
    if step is None:
        return None
    return step.action.keyword if isinstance(step.action, Move) else ""


def trump_decision(steps: Sequence[Step]) -> Decision | None:
    """The kind of decision that set trumps after the deal (:attr:`Decision.CALL
    <cardrules.core.actions.Decision.CALL>`: a called card's suit; :attr:`Decision.TRUMPS
    <cardrules.core.actions.Decision.TRUMPS>`: the suit named...), or ``None`` when trumps
    were set at the deal, never, or by something other than a move.

    Examples:
        >>> import json
        >>> from cardrules import replay
        >>> steps = list(replay(json.load(open("examples/rematada-3p.json"))).steps())
        >>> trump_decision(steps), trump_decision(steps[:1])
        (<Decision.TRUMPS: 'trumps'>, None)
    """
    step = _trump_setter(steps)
    return step.action.decision if step is not None and isinstance(step.action, Move) else None


class Teller:
    """Tells a deal's steps one at a time to one viewer, keeping what it must remember
    between them (the labels of the plays on the table, the parts of the score, the points
    the viewer cannot see). The terminal uses one as a deal is played; :func:`account` runs
    one over a whole deal.

    Args:
        rules: the deal's rules.
        names: the players' names by seat.
        lang: a language of the catalogue.
        viewer: the seat the account keeps to; :data:`~cardrules.account.narration.ONLOOKER`
            for what is public; ``None`` for everything.
        you: a seat to address as *you* (the terminal's user).
        codes: name cards with their codes too.
        sides: the sides the score is laid out by (default: each step's own sides).
        labels: put each play's label in brackets in its sentence (as the terminal does).
    """

    def __init__(self, rules: Rules, names: Sequence[str], lang: Lang = "en", *,
                 viewer: int | None = None, you: int | None = None, codes: bool = False,
                 sides: Sides | None = None, labels: bool = False) -> None:
        self.rules = rules
        self.narrator = Narrator(rules, names, lang, viewer=viewer, you=you, codes=codes)
        """The words of every step."""
        self._public = Narrator(rules, names, lang, viewer=ONLOOKER)  # what is face down
        self.viewer = viewer
        self.sides = sides
        self.labels = labels
        self._previous: Step | None = None
        self._on_table: dict[Card, PlayLabel | None] = {}
        self._parts: dict[str, list[int]] = {}
        self._hidden: list[tuple[str, int]] = []
        self._unseen = [0] * rules.players
        self.face_down: list[FaceDown] = []
        """Every card put face down so far."""
        self._hands: dict[int, tuple[tuple[Card, ...], bool, HandShown]] = {}
        self._names: dict[tuple[int, ...], str] = {}
        self._table: tuple[object, ScoreTable] | None = None  # the last table, and its key
        self.index = 0

    def tell(self, step: Step, note: str | None = None) -> StepAccount:
        """The next step as the viewer is shown it."""
        rules, players = self.rules, self.rules.players
        after = step.after
        said = self.narrator.step(step, previous=self._previous, labels=self.labels)
        if step.played is not None:
            self._on_table[step.played] = step.label
        gained = point_parts(step)
        for kind, points in gained.items():
            so_far = self._parts.setdefault(kind, [0] * players)
            for seat, n in enumerate(points):
                so_far[seat] += n
        seen = self.narrator.seen(step) if self.viewer is not None else step.action
        masked = self._public.seen(step)
        if isinstance(masked, Masked) and masked.hides_card and isinstance(step.action, Move):
            kind = step.action.keyword
            if isinstance(step.action, CardMove):
                self.face_down.append(FaceDown(step.seat, step.action.card, self.index))
            if self.viewer != step.seat and isinstance(seen, Masked):
                if (kind, step.seat) not in self._hidden:
                    self._hidden.append((kind, step.seat))
                self._unseen[step.seat] += gained.get(kind, [0] * players)[step.seat]
        shown = seen.card if isinstance(seen, CardMove) else None  # as the viewer saw it
        trick = step.trick
        if trick is not None:
            plays = trick.plays
            number, done, winner = trick.number + 1, True, trick.winner
            taking = (rules.trick_winner(trick.cards, trick.trump) if winner is not None
                      else None)
        else:
            plays = after.trick
            number, done, winner, taking = len(after.tricks) + 1, False, None, None
        table = tuple(Play(seat, card, self._on_table.get(card)) for seat, card in plays)
        if trick is not None:
            self._on_table = {}
        seat_tricks = [0] * players
        for finished in after.tricks:
            if finished.winner is not None:
                seat_tricks[finished.winner] += 1
        sides = self.sides if self.sides is not None else after.sides
        side_tricks = tuple(sum(seat_tricks[s] for s in side) for side in sides)
        side_points = (side_tricks if rules.scores_tricks
                       else tuple(sum(after.points[s] for s in side) for side in sides))
        if after.result is not None and self.sides is not None:
            side_points = tuple(after.result.side_points)
        seat_points = tuple(p - self._unseen[s] for s, p in enumerate(after.points))
        parts = {kind: tuple(self._parts[kind]) for kind in sorted(
            self._parts, key=lambda kind: kind != "cards")}
        known = step.known_sides or (bool(after.sides),) * players
        if self.viewer is None:
            knows = bool(after.sides)
        elif self.viewer < 0:  # an onlooker learns the sides when the whole table knows them
            knows = bool(after.sides) and all(known)
        else:
            knows = bool(after.sides) and bool(known[self.viewer])
        roles = self.narrator.roles(after.details, after.sides if knows else ())
        score = Score(side_points, side_tricks, seat_points, tuple(seat_tricks), parts,
                      tuple(self._hidden))
        told = StepAccount(
            index=self.index,
            seat=step.seat,
            notation="deal" if step.is_deal else format_action(seen),
            label=step.label,
            played=step.played,
            move=step.action.keyword if isinstance(step.action, Move) and not step.is_deal
            else None,
            card=shown,
            face_down=isinstance(seen, Masked) and seen.hides_card,
            said=said,
            hands=after.hands,
            sees=step.seen_hands,
            turn_up=after.turn_up,
            trump=after.trump,
            stock=after.stock_size,
            aside=len(after.aside),
            talon=len(after.talon),
            table=table,
            trick=number,
            done=done,
            winner=winner,
            taking=taking,
            points=trick.points if trick is not None else 0,
            score=score,
            sides_known=bool(after.sides) or after.result is not None,
            known_by=tuple(bool(k) for k in known),
            roles=roles,
            roles_unknown=self.narrator.roles(after.details, ()),
            turn=after.current_player if after.phase != Phase.OVER else None,
            phase=after.phase,
            score_table=self._score_table(step, score, roles, knows),
            sides_shown=knows or after.result is not None,
            hands_shown=self._hands_shown(after.hands, step.seen_hands),
            talon_said=self.narrator.talon(step) if step.seat != CHANCE else "",
            lead=self.narrator.leads(trick.leader) if trick is not None else "",
            note=note,
            decision=(step.action.decision if isinstance(step.action, Move)
                      and not step.is_deal else None),
        )
        self._previous = step
        self.index += 1
        return told

    def _name(self, seats: tuple[int, ...]) -> str:
        """A row's players in words, said once."""
        name = self._names.get(seats)
        if name is None:
            name = self._names[seats] = self.narrator.side(seats)
        return name

    def _hands_shown(self, hands: Sequence[tuple[Card, ...]],
                     seen: Sequence[tuple[int, ...]]) -> tuple[HandShown, ...]:
        """Every hand as the viewer sees it: all of them (``viewer=None``), its own and those
        it is shown (a seat), those every other seat is shown (an onlooker)."""
        players = len(hands)
        viewer = self.viewer

        def shown(seat: int) -> bool:
            if viewer is None or viewer == seat:
                return True
            if viewer >= 0:
                return bool(seen) and seat in seen[viewer]
            return bool(seen) and all(seat in seen[s] for s in range(players) if s != seat)

        told = []
        for seat, hand in enumerate(hands):
            is_shown = shown(seat)
            known = self._hands.get(seat)
            if known is None or known[0] != hand or known[1] != is_shown:
                # A hand that did not change is told as before (most steps change one).
                known = (hand, is_shown, HandShown(len(hand), tuple(hand) if is_shown else None))
                self._hands[seat] = known
            told.append(known[2])
        return tuple(told)

    def _score_table(self, step: Step, score: Score, roles: Sequence[str],
                     knows: bool) -> ScoreTable:
        """The score after ``step`` as the viewer is shown it: by side or by seat
        (:func:`~cardrules.account.score.score_by`, on the sides the viewer knows), the
        result's at the end."""
        rules, after = self.rules, step.after
        result = after.result
        sides = result.sides if result is not None else after.sides if knows else ()
        # Within a trick nothing of the table changes: the last one is told again.
        key = (after.points, len(after.tricks), sides, tuple(roles), len(score.hidden),
               result is None)
        if self._table is not None and self._table[0] == key:
            return self._table[1]
        by = score_by(rules, after.details, sides)
        unit: Literal["points", "tricks"] = "tricks" if rules.scores_tricks else "points"
        seats_of: list[tuple[int, ...]] = (
            [tuple(side) for side in sides] if by == "side"
            else [(seat,) for seat in range(rules.players)])
        side_of = {seat: i for i, side in enumerate(sides) for seat in side}
        kinds: tuple[str, ...] = ()
        if by == "seat" and unit == "points" and set(score.parts) - {"cards"}:
            kinds = tuple(score.parts)
        hidden = set(score.hidden)
        winners = (set(result.sides[result.winner])
                   if result is not None and result.winner is not None else set())
        game_points = (game_points_by_row(result, by, sides, seats_of) if result is not None
                       else [None] * len(seats_of))
        rows = []
        for i, seats in enumerate(seats_of):
            if result is not None:
                points = (result.side_points[i] if by == "side"
                          else result.points[seats[0]])
            else:
                points = sum(score.seat_points[s] for s in seats)
            seat, scores = seats[0], game_points[i]
            # A seat with no part in a contract plays on its own: no side colour.
            on_own = any(roles) and not roles[seat]
            rows.append(ScoreRow(
                seats=seats,
                name=self._name(seats),
                side=None if on_own else side_of.get(seat),
                role=roles[seat],
                points=points,
                tricks=sum(score.seat_tricks[s] for s in seats),
                parts=tuple((kind, None if (kind, seat) in hidden else score.parts[kind][seat])
                            for kind in kinds),
                game_points=scores,
                game_points_said="" if scores is None else self.narrator.signed(scores),
                winner=bool(winners) and set(seats) <= winners,
            ))
        narrator = self.narrator
        table = ScoreTable(
            by=by, unit=unit, rows=tuple(rows), sides=sides, kinds=kinds,
            over=result is not None,
            winner=result.winner if result is not None else None,
            outcome=narrator.outcome(result) if result is not None else "",
            reason=narrator.end(result) if result is not None else "",
            scored=narrator.game_points(result) if result is not None else "",
        )
        self._table = (key, table)
        return table


def account(game: Game, lang: Lang = "en", *, viewer: int | None = None,
            notes: Mapping[int, str] | None = None, steps: Iterable[Step] | None = None,
            labels: bool = False, codes: bool = False) -> DealAccount:
    """The account of ``game``'s deal for ``viewer``, in ``lang``.

    Args:
        game: the deal (finished or not).
        lang: a language of the catalogue.
        viewer: the seat the account keeps to; :data:`~cardrules.account.narration.ONLOOKER`
            for what is public; ``None`` for everything.
        notes: the record's notes by step, already in ``lang``.
        steps: the deal's steps if the caller has them (else ``game.steps()``).
        labels: put each play's label in its sentence.
        codes: name cards with their codes too.
    """
    rules = game.rules
    all_steps = list(steps) if steps is not None else list(game.steps())
    final = all_steps[-1].after
    result = final.result
    sides = result.sides if result is not None else final.sides
    teller = Teller(rules, game.names, lang, viewer=viewer, codes=codes, sides=sides,
                    labels=labels)
    narrator = teller.narrator
    notes = dict(notes or {})
    told = tuple(teller.tell(step, notes.get(i)) for i, step in enumerate(all_steps))
    roles = narrator.roles(final.details, sides)
    auction = rules.bidding(final.details)
    calls: list[AuctionCall] = []
    spoken: dict[int, int] = {}
    for index, step in enumerate(all_steps):
        action = step.action
        if isinstance(action, Move) and action.decision in (Decision.BID, Decision.PASS):
            bid = action.number if isinstance(action, NumberMove) else None
            calls.append(AuctionCall(step.seat, bid, index, spoken.get(step.seat, 0),
                                     narrator.bid(bid) if bid is not None else ""))
            spoken[step.seat] = spoken.get(step.seat, 0) + 1
    talon: Talon | None = None
    dealt_talon = all_steps[0].after.talon
    if dealt_talon:
        talon = Talon(dealt_talon, None, None)
        for index, step in enumerate(all_steps):
            if step.before.talon and not step.after.talon:
                taker = next((s for s, hand in enumerate(step.after.hands)
                              if dealt_talon[0] in hand), None)
                talon = Talon(dealt_talon, index, taker)
                break
    scored = narrator.game_points(result) if result is not None else ""
    return DealAccount(
        game=rules.id,
        title=rules.title.get(narrator.lang, rules.title.get("en", rules.id)),
        lang=narrator.lang,
        viewer=viewer,
        names=tuple(game.names),
        sides=sides,
        side_names=tuple(narrator.side(side) for side in sides),
        roles=roles,
        scored_by_tricks=rules.scores_tricks,
        trump=final.trump,
        trump_from=trump_source(all_steps),
        trumps_by=trump_decision(all_steps),
        auction=auction if auction is not None and auction.calls else None,
        calls=tuple(calls),
        talon=talon,
        face_down=tuple(teller.face_down),
        steps=told,
        trick_steps=tuple(s.index for s in told if s.done),
        result=result,
        outcome=narrator.outcome(result) if result is not None else "",
        reason=narrator.end(result) if result is not None else "",
        scored=scored,
        notes=notes,
    )
