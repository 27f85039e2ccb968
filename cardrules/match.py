"""Matches: a series of deals among the same people, the deal passing round, and a score.

People sit in a fixed circle, listed in order of play. For each deal the dealer sits in the last
seat and seat 0 is the person after him, so the seat numbers of one deal map to people by
rotation. After a deal, the rules say who deals next (:meth:`Rules.next_dealer
<cardrules.engine.Rules.next_dealer>`: usually seat 0, the person the deal passes to; in Alcalde
the Alcalde keeps the deal while he wins or ties). Each person on the winning side scores the
deal's game points.

Everything random (the first dealer, Aluette's seating draw, every deal) comes from the match
seed, so a match is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, Protocol, runtime_checkable

from .core.actions import Action
from .core.errors import CardrulesError, IllegalActionError, OptionError, RecordError
from .core.quoted import Quoted
from .core.rng import SeededRandom, random_seed
from .engine import Game, Result, Rules
from .games import rules_for
from .record import load_record, new_game
from .words import N_, Message

ROTATION: Final = ("O", "C", "E", "B")
"""The trump suit of each deal of a four-deal match: coins, cups, swords, clubs."""


@runtime_checkable
class SettlesTies(Protocol):
    """Rules that say whether a match with a target is over (Brisca Rematada: two players who
    reach the target together play on, as an option says)."""

    def match_over(self, scores: Sequence[float], target: int) -> bool:
        """Whether the match is over with these scores (by person), the best of which has
        reached ``target``."""


class Match:
    """A match of one game among the same people.

    Examples:
        >>> match = Match("alcalde", players=["Ana", "Luis", "Eva"], seed=3)
        >>> game = match.game
        >>> while not match.is_over:
        ...     while not match.game.is_over:
        ...         _ = match.game.play(match.game.legal_actions()[0])
        ...     _ = match.next_deal()
        >>> len(match.results)
        6
    """

    def __init__(
        self,
        game: str,
        *,
        players: int | Sequence[str] | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        deals: int | None = None,
        target: int | None = None,
        rotate_trumps: Literal["deals", "points"] | None = None,
    ) -> None:
        if isinstance(players, Sequence) and not isinstance(players, str):
            names = tuple(str(p) for p in players)
        else:
            count = players if isinstance(players, int) else None
            names = rules_for(game, count, options).engine_setup.names
        self.rules = rules_for(game, len(names), options)
        """The rules every deal is played by."""
        self.options = dict(options or {})
        self.rotate_trumps = rotate_trumps
        """The four-deal match of the Brisca article: trumps are coins, cups, swords and clubs
        in turn, and the winner has won the most deals (``"deals"``: one victory per deal won,
        whatever its game points, see :func:`deals_won`) or taken the most card points
        (``"points"``) over the four; ``None``: an ordinary match."""
        if rotate_trumps is not None:
            if "trump_suit" not in type(self.rules.options)().to_dict():
                raise OptionError("{game} has no fixed trump suit to rotate", game=self.rules.id)
            if rotate_trumps not in ("deals", "points"):
                raise OptionError("rotate_trumps is 'deals' or 'points', not {value}",
                                  value=Quoted(rotate_trumps))
            deals = len(ROTATION)
        self.people = names
        """The people, as given (for Aluette, in the order the seating cards were dealt)."""
        self.seed = random_seed() if seed is None else seed
        """The match seed."""
        self._rng = SeededRandom(self.seed)
        default_deals, default_target = self.rules.match_length()
        self.deals = deals if deals is not None else default_deals
        """The number of deals to play (``None``: no limit)."""
        self.target = target if target is not None else default_target
        """The score that wins the match (``None``: no target)."""
        if rotate_trumps is not None:
            self.target = None  # the four deals are all played
        self.circle, self.dealer, self.seating = self.rules.first_seating(self._rng)
        self.scores: list[float] = [0] * len(names)
        """Each person's score."""
        self.results: list[tuple[tuple[int, ...], Result]] = []
        """For every finished deal: persons by seat, and the result."""
        self.games: list[Game] = []
        """Every deal, the current one last."""
        self._carried: dict[str, Any] = {}  # options the last deal passes on to the next
        self._start_deal()

    # Playing -------------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        """The person in each seat of the current deal (the dealer in the last seat)."""
        n = len(self.circle)
        at = self.circle.index(self.dealer)
        return tuple(self.circle[(at + 1 + k) % n] for k in range(n))

    @property
    def game(self) -> Game:
        """The current deal."""
        return self.games[-1]

    def _start_deal(self) -> None:
        names = [self.people[p] for p in self.seats]
        options = dict(self.options)
        options.update(self._carried)
        if self.rotate_trumps is not None:
            options["trump_suit"] = ROTATION[len(self.games) % len(ROTATION)]
        self.games.append(
            new_game(self.rules.id, players=names, seed=self._rng.word(), options=options)
        )

    @property
    def is_over(self) -> bool:
        """True once the last deal is booked and the length or the target is reached (in a game
        whose rules settle ties, see :class:`SettlesTies`, reaching the target together may
        not be enough)."""
        return match_over(self.rules, self.scores, len(self.results), self.deals, self.target)

    def next_deal(self) -> Game | None:
        """Book the finished current deal and start the next; ``None`` if the match is over.

        Raises:
            IllegalActionError: the current deal is not finished.
        """
        game = self.game
        if game.result is None:
            raise IllegalActionError("the current deal is not finished")
        if len(self.results) == len(self.games):  # already booked
            return None
        seats = self.seats
        result = game.result
        self.results.append((seats, result))
        self.dealer = book_deal(self.rules, seats, result, self.scores, self.rotate_trumps)
        if self.is_over:
            return None
        after = self.seats
        self._carried = self.rules.carried_options(result, lambda s: seats.index(after[s]))
        self._start_deal()
        return self.game

    def play_out(self, choose: Callable[[Game], Action]) -> None:
        """Play the rest of the match, ``choose(game)`` picking each action."""
        while True:
            while not self.game.is_over:
                self.game.play(choose(self.game))
            if self.next_deal() is None:
                return

    @property
    def winners(self) -> tuple[int, ...]:
        """The people with the best score (several on a tie, partners together)."""
        best = max(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == best)

    def to_record(self) -> dict[str, Any]:
        """The match as JSON: its seed, the seating draw if any, and every deal's record."""
        record: dict[str, Any] = {
            "game": self.rules.id,
            "players": list(self.people),
            "options": self.options,
            "seed": self.seed,
            "length": {"deals": self.deals, "target": self.target},
        }
        if self.rotate_trumps is not None:
            record["rotate_trumps"] = self.rotate_trumps
        dealt = self.rules.seating_cards(self.seating)
        if dealt:  # a seating draw (Aluette's)
            record["seating"] = [[p, c.code] for p, c in dealt]
        record["deals"] = [g.to_record() for g in self.games]
        record["scores"] = list(self.scores)
        return record


def book_deal(rules: Rules, seats: Sequence[int], result: Result, scores: list[float],
              rotate_trumps: Literal["deals", "points"] | None = None) -> int:
    """Book a finished deal: add what each person gained to ``scores`` (by person, in place)
    and return the person who deals next.

    ``seats`` names the person in each seat of that deal. Each person on the winning side
    scores the deal's game points (in the four-deal match, a victory or the card points
    instead: :attr:`Match.rotate_trumps`); the rules say who deals next. A match and the
    site's score pad (:mod:`cardrules.web.scorepad`) both book their deals here.
    """
    gained: tuple[float, ...]
    if rotate_trumps == "points":
        gained = tuple(result.side_points[i] for s in range(len(seats))
                       for i, side in enumerate(result.sides) if s in side)
    elif rotate_trumps == "deals":
        gained = deals_won(result)
    else:
        gained = result.seat_game_points()
    for seat, points in enumerate(gained):
        scores[seats[seat]] += points
    return seats[rules.next_dealer(result)]


def match_over(rules: Rules, scores: Sequence[float], played: int, deals: int | None,
               target: int | None) -> bool:
    """Whether a match with these scores (by person) after ``played`` deals is over: its
    length or its target reached (in a game whose rules settle ties, see
    :class:`SettlesTies`, reaching the target together may not be enough)."""
    if target is not None and max(scores) >= target:
        if not isinstance(rules, SettlesTies):
            return True
        if rules.match_over(tuple(scores), target):
            return True
    return deals is not None and played >= deals


def deals_won(result: Result) -> tuple[int, ...]:
    """One victory to each player on the side that won the deal, whatever its game points.

    The four-deal match of the Brisca article goes to "the player with the most victories":
    a deal counts once, so a big win (two game points) is still one victory, and a drawn deal
    (60-60) is a victory for nobody.

    Examples:
        >>> from cardrules.engine import Result
        >>> big = Result(points=(103, 17), sides=((0,), (1,)), side_points=(103, 17),
        ...              winner=0, game_points=(2, 0))
        >>> deals_won(big)
        (1, 0)
    """
    won = [0] * len(result.points)
    if result.winner is not None:
        for seat in result.sides[result.winner]:
            won[seat] = 1
    return tuple(won)


def replay_match(record: Mapping[str, Any] | str) -> Match:
    """The match a record from :meth:`Match.to_record` describes, every deal replayed.

    Each deal must be the one the match seed makes, and a recorded seating draw must be the
    seed's; the scores are recomputed, not read.

    Raises:
        RecordError: the record is malformed, or a deal or action does not fit (the message
            names the field, e.g. ``deals[2].actions[5]``).
    """
    data = load_record(record)
    for key, kind in (("game", str), ("players", list), ("seed", int)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError("{where}: {problem}", where=key,
                              problem=Message(N_("missing or of the wrong kind")))
    length = data.get("length") or {}
    deals = data.get("deals", [])
    if not isinstance(length, dict) or not isinstance(deals, list):
        raise RecordError("{where}: {problem}", where="length, deals",
                          problem=Message(N_("of the wrong kind")))
    try:
        match = Match(data["game"], players=data["players"], seed=data["seed"],
                      options=data.get("options"), deals=length.get("deals"),
                      target=length.get("target"), rotate_trumps=data.get("rotate_trumps"))
    except CardrulesError as error:
        raise RecordError("{where}: {problem}", where="match", problem=error.said) from None
    seating = data.get("seating")
    dealt = match.rules.seating_cards(match.seating)
    if seating is not None and (not dealt or seating != [[p, c.code] for p, c in dealt]):
        raise RecordError("{where}: {problem}", where="seating",
                          problem=Message(N_("not the seating draw the seed makes")))
    for i, deal in enumerate(deals):
        if i > 0 and match.next_deal() is None:
            raise RecordError("{where}: {problem}", where=f"deals[{i}]",
                              problem=Message(N_("the match was already over")))
        expected = match.game.to_record()
        if not isinstance(deal, dict) or deal.get("deal") != expected["deal"]:
            raise RecordError("{where}: {problem}", where=f"deals[{i}].deal",
                              problem=Message(N_("not the deal the match seed makes")))
        for j, action in enumerate(deal.get("actions", [])):
            try:
                match.game.play(action)
            except CardrulesError as error:
                where = f"deals[{i}].actions[{j}]"
                raise RecordError("{where}: {problem}", where=where,
                                  problem=error.said) from None
    if match.game.is_over:
        match.next_deal()
    return match
