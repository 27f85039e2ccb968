"""The score table of a deal as one viewer is shown it: decided here, once, for every front end.

Whether a deal is scored by side or by seat is a rule of the game, read from what the game
declares (:func:`score_by`); the terminal, the deal diagrams, the rulebook's drawings, the
widget's JSON and play mode all draw the :class:`ScoreTable` the account gives them
(:attr:`StepAccount.score_table <cardrules.account.deal.StepAccount.score_table>` at each step,
:attr:`DealAccount.score_table <cardrules.account.deal.DealAccount.score_table>` at the end) and
decide nothing themselves: not the layout, not who scores, not what the viewer may see.

The rule, per game:

* by **side** where partners pool their points: fixed partners (Brisca, Briscola, Briscas,
  Tute), the Alcalde against the two others, Chiamata's caller and his partner against the
  rest (the contract is made on the two's points together; each seat's game points are said
  in :attr:`ScoreTable.scored`);
* by **seat** where each plays on his own: a contract played alone against players who are not
  partners (Rematada's declarer against two defenders who each keep their points), a game
  scored by tricks where partners do not pool their tricks (Aluette: the single player with
  the most tricks wins the deal for his side), a deal with no sides (a void deal), and any
  deal while the viewer does not know the sides yet (Chiamata's hidden partner).

A page gets the table as JSON data (:meth:`ScoreTable.to_json`): the widget's step JSON
(:mod:`cardrules.web.steps`) and play mode's state (:mod:`cardrules.web.play`) send it under
the key ``"score"``, the account's table for the page's viewer, for the page to draw as it is
(``tests/test_one_score.py`` checks that every front end shows this table).

Examples:
    >>> import json
    >>> from cardrules import replay
    >>> from cardrules.account.deal import account
    >>> table = account(replay(json.load(open("examples/chiamata-5p.json")))).score_table
    >>> table.by, [(row.name, row.points) for row in table.rows]
    ('side', [('Ana and Diego', 120), ('Bruno, Carmen and Elena', 0)])
    >>> table.outcome
    'Ana and Diego make the contract: 120 points, 81 needed.'
    >>> table = account(replay(json.load(open("examples/rematada-3p.json")))).score_table
    >>> table.by, table.kinds
    ('seat', ('cards', 'discard', 'declare', 'last'))
    >>> [(row.name, row.points, row.game_points) for row in table.rows]
    [('Ana', 122, 114), ('Bruno', 9, 0), ('Carmen', 19, 0)]
    >>> table.rows[0].parts
    (('cards', 71), ('discard', 21), ('declare', 20), ('last', 10))

Mid-deal, for a seat that does not know the sides yet (Chiamata before the called card is
played), the rows are the seats, and another's face-down cards are not counted:

    >>> from cardrules.account.deal import Teller
    >>> game = replay(json.load(open("examples/chiamata-5p.json")))
    >>> teller = Teller(game.rules, game.names, viewer=1)
    >>> told = [teller.tell(step) for step in game.steps()]
    >>> told[30].sides_shown, told[30].score_table.by, told[-1].score_table.by
    (False, 'seat', 'side')
    >>> [hand.count for hand in told[30].hands_shown]
    [7, 7, 7, 7, 8]
    >>> [hand.seen for hand in told[30].hands_shown]
    [False, True, False, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from ..core.cards import Card
from ..engine import Details, Result, Rules, Sides
from ..words import N_

__all__ = ["PART_WORDS", "HandShown", "ScoreRow", "ScoreTable", "part_name", "score_by"]

ScoreBy = Literal["side", "seat"]
"""How a score table is laid out: a row per side, or a row per seat."""


PART_WORDS: Final[dict[str, str]] = {
    "cards": N_("Cards won"),
    "discard": N_("Discards"),
    "declare": N_("Marriages"),
    "last": N_("Last trick"),
    "end": N_("At the end"),
}
"""The heading of each kind of points of a score by seat (:attr:`ScoreTable.kinds`), in
English: say it with ``words(lang)._(...)``."""


def part_name(kind: str) -> str:
    """The heading of a kind of points (:data:`PART_WORDS`; "Other" for any other kind), to
    be said with ``words(lang)._(...)``.

    Examples:
        >>> from cardrules.words import words
        >>> words("es")._(part_name("declare")), part_name("bonus")
        ('Cantes', 'Other')
    """
    return PART_WORDS.get(kind, N_("Other"))


def score_by(rules: Rules, details: Details, sides: Sides) -> ScoreBy:
    """Whether a deal is scored by side or by seat, given ``sides`` as the viewer knows them
    (``()`` when it does not know them, or there are none): see the module's rule.

    Examples:
        >>> import json
        >>> from cardrules import replay
        >>> def by(name):
        ...     game = replay(json.load(open(f"examples/{name}.json")))
        ...     return score_by(game.rules, game.details, game.sides)
        >>> by("brisca-4p"), by("chiamata-5p"), by("rematada-3p"), by("aluette-4p")
        ('side', 'side', 'seat', 'seat')
        >>> by("chiamata-void")
        'seat'
    """
    if not sides or rules.scores_tricks:
        return "seat"
    contract = rules.contract(details)
    if contract is not None and contract.alone:
        return "seat"
    return "side"


@dataclass(frozen=True)
class ScoreRow:
    """One row of a :class:`ScoreTable`: a side, or a seat."""

    seats: tuple[int, ...]
    """The seats the row counts (one in a table by seat)."""
    name: str
    """The row's players in words: "Ana", "Ana and Bea" ("You" for the seat addressed)."""
    side: int | None
    """The index of the row's side among :attr:`ScoreTable.sides` (its colour), or ``None``
    when the row's seat plays on its own or the viewer does not know the sides."""
    role: str
    """The row's part in a contract as the viewer knows it ("declarer", "caller"...; ``""``:
    none; a row by side gives its first seat's)."""
    points: int
    """Card points (tricks in a game scored by tricks), as the viewer can count them; at the
    end, the result's (announced to all)."""
    tricks: int
    """Tricks taken."""
    parts: tuple[tuple[str, int | None], ...] = ()
    """Where the points came from, by kind, in the order of :attr:`ScoreTable.kinds`
    (``None``: a part the viewer may not see, such as another's face-down discard); empty
    when the table shows no parts."""
    game_points: float | None = None
    """What the row scores towards a match, when the table shows it per row (else
    ``None``: said in :attr:`ScoreTable.scored` or by the verdict)."""
    game_points_said: str = ""
    """:attr:`game_points` as a table shows them, in the account's language: "+2", "−1",
    "+55,5", "0" (``""``: none)."""
    winner: bool = False
    """Whether the row's seats won the deal."""

    @property
    def hidden(self) -> tuple[str, ...]:
        """The kinds of points of this row the viewer may not see."""
        return tuple(kind for kind, points in self.parts if points is None)


@dataclass(frozen=True)
class ScoreTable:
    """The score as one viewer is shown it at one step, laid out once for every front end.

    A front end prints :attr:`rows` (a column per kind of :attr:`kinds` when there are any,
    a game-points column when a row has :attr:`ScoreRow.game_points`), then :attr:`verdict`
    and :attr:`scored`.
    """

    by: ScoreBy
    """A row per side or per seat (:func:`score_by`)."""
    unit: Literal["points", "tricks"]
    """What :attr:`ScoreRow.points` counts: card points, or tricks in a game scored by
    tricks."""
    rows: tuple[ScoreRow, ...]
    sides: Sides
    """The sides as the viewer is shown them (``()``: not shown)."""
    kinds: tuple[str, ...] = ()
    """The kinds of points the rows are broken into, the cards won first (``"cards"``,
    ``"discard"``, ``"declare"``, ``"last"``...; see :func:`~cardrules.account.deal.point_parts`),
    or ``()`` when only the total is shown (a table by side, or only card points)."""
    over: bool = False
    """Whether the deal is over (the rows are the result's)."""
    winner: int | None = None
    """The index among :attr:`sides` of the side that won the deal (``None``: before the
    end, a draw, a void deal); its rows are marked :attr:`ScoreRow.winner`."""
    outcome: str = ""
    """Who won and by how much, in words ("Bea wins the deal, 83–37."; ``""`` before the
    end)."""
    reason: str = ""
    """How the deal ended when not simply on the count (else ``""``)."""
    scored: str = ""
    """What the deal scores towards a match, in words, when worth saying (else ``""``)."""

    @property
    def verdict(self) -> str:
        """:attr:`outcome` and :attr:`reason` in one."""
        return f"{self.outcome} {self.reason}" if self.reason else self.outcome

    @property
    def shows_game_points(self) -> bool:
        """Whether a row shows the game points it scores."""
        return any(row.game_points is not None for row in self.rows)

    @property
    def winners(self) -> tuple[int, ...]:
        """The indices of the winning rows."""
        return tuple(i for i, row in enumerate(self.rows) if row.winner)

    def to_json(self) -> dict[str, Any]:
        """The table as JSON data, for a page to draw as it is: ``{"by": "side" | "seat",
        "unit": "points" | "tricks", "kinds", "over", "winner", "outcome", "reason",
        "verdict", "scored", "rows": [{"name", "seats", "side", "role", "points", "tricks",
        "parts": [[kind, points or null (hidden)]], "game_points", "game_points_said",
        "winner"}]}``.

        Examples:
            >>> import json
            >>> from cardrules import replay
            >>> from cardrules.account.deal import account
            >>> table = account(replay(json.load(open("examples/brisca-2p.json")))).score_table
            >>> data = table.to_json()
            >>> data["by"], data["rows"][0]["name"], data["rows"][0]["points"], data["verdict"]
            ('side', 'Ana', 80, 'Ana wins the deal, 80–40.')
        """
        return {
            "by": self.by,
            "unit": self.unit,
            "kinds": list(self.kinds),
            "over": self.over,
            "winner": self.winner,
            "outcome": self.outcome,
            "reason": self.reason,
            "verdict": self.verdict,
            "scored": self.scored,
            "rows": [{
                "name": row.name,
                "seats": list(row.seats),
                "side": row.side,
                "role": row.role,
                "points": row.points,
                "tricks": row.tricks,
                "parts": [[kind, points] for kind, points in row.parts],
                "game_points": row.game_points,
                "game_points_said": row.game_points_said,
                "winner": row.winner,
            } for row in self.rows],
        }


@dataclass(frozen=True)
class HandShown:
    """A hand as one viewer is shown it: its cards face up, or only how many (card backs)."""

    count: int
    """How many cards it holds."""
    cards: tuple[Card, ...] | None
    """Its cards, when the viewer sees them (else ``None``: backs)."""

    @property
    def seen(self) -> bool:
        """Whether the viewer sees the cards."""
        return self.cards is not None


def game_points_by_row(result: Result, by: ScoreBy, sides: Sides,
                       rows: Sequence[tuple[int, ...]]) -> list[float | None]:
    """The game points of each row when they are laid out as the rows are and say more than
    the verdict does (else ``None`` for every row): the result's game points are per side or
    per seat; one to the winner and none to the others is already the verdict."""
    points = result.game_points
    if not points or not any(points):
        return [None] * len(rows)
    per_side = bool(result.sides) and len(points) == len(result.sides)
    if per_side and by == "side" and len(sides) == len(points):
        shown: list[float | None] = list(points)
    elif not per_side and by == "seat":
        shown = [points[row[0]] for row in rows]
    else:
        return [None] * len(rows)
    winners = set(result.sides[result.winner]) if result.winner is not None else set()
    plain = all(p == (1 if set(row) & winners else 0) for p, row in zip(shown, rows, strict=True))
    return [None] * len(rows) if plain else shown
