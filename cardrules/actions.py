"""Actions and their notation, and the frozen records that playing them returns.

An action is either a :class:`~cardrules.cards.Card` (playing it to the trick) or a :class:`Move`
(everything else: the deal, a trump-card exchange, a declaration...). Every action has a text
notation, used in deal records and typed at the terminal:

==================  ==============================================================
notation            action
==================  ==============================================================
``1O``              play the ace of coins (any card code)
``exchange:7O``     take the turned-up card in exchange for the 7 of coins (the
                    holder of ``7O`` is the one exchanging, even out of turn)
``arrastro:1O``     play the trump ace and declare *arrastro* (Spanish option)
``claim``           the player to lead claims the remaining tricks for their side
==================  ==============================================================

The deal itself is the first action of every game (:class:`Deal`), a chance action: a record
stores it under ``"deal"`` rather than in ``"actions"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple, TypeAlias

from .cards import Card, Suit, parse_card
from .errors import CardCodeError, IllegalActionError


class Move:
    """Base class of the non-card actions. Subclasses are frozen dataclasses."""

    keyword: ClassVar[str] = ""
    """The word before the colon in the notation."""

    def notation(self) -> str:
        """The action in record notation."""
        return self.keyword

    @classmethod
    def from_argument(cls, argument: str) -> Move:
        """Build the move from the text after the colon (empty when there is none).

        The default suits moves without an argument; a move that has one overrides this.
        """
        if argument:
            raise ValueError(argument)
        return cls()

    def __str__(self) -> str:
        return self.notation()


Action: TypeAlias = Card | Move
"""Anything that can be played: a card, or a :class:`Move`."""


@dataclass(frozen=True)
class Deal(Move):
    """The deal, a chance action: every hand, the stock (top first), and any talon.

    When the game turns up a trump card, it is the **last** card of ``stock``: it lies under the
    stock and is the last card drawn.
    """

    hands: tuple[tuple[Card, ...], ...]
    """The cards dealt to each seat, in seat order."""
    stock: tuple[Card, ...] = ()
    """The undealt cards, top first; the turned-up card, if any, last."""
    talon: tuple[Card, ...] = ()
    """Cards dealt aside face down (games with a talon)."""

    keyword: ClassVar[str] = "deal"

    def notation(self) -> str:
        return "deal"

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deal."""
        return tuple(c for h in self.hands for c in h) + self.stock + self.talon


@dataclass(frozen=True)
class CardMove(Move):
    """A move that names one card, written ``keyword:CODE``."""

    card: Card
    """The card the move names."""

    def notation(self) -> str:
        return f"{self.keyword}:{self.card.code}"

    @classmethod
    def from_argument(cls, argument: str) -> CardMove:
        return cls(parse_card(argument))


@dataclass(frozen=True)
class Exchange(CardMove):
    """Take the turned-up card, giving ``card`` (the 7 or 2 of trumps) in its place; whoever
    holds ``card`` makes the exchange."""

    keyword: ClassVar[str] = "exchange"


@dataclass(frozen=True)
class Arrastro(CardMove):
    """Play ``card``, the ace of trumps, and declare *arrastro*: the players still to play must
    play their best trump, or with no trump their best card."""

    keyword: ClassVar[str] = "arrastro"


@dataclass(frozen=True)
class Claim(Move):
    """Claim every remaining trick for the claimer's side (it must hold the top trumps)."""

    keyword: ClassVar[str] = "claim"


MOVE_TYPES: dict[str, type[Move]] = {m.keyword: m for m in (Exchange, Arrastro, Claim)}
"""Parsable move types by keyword. Game modules register their own moves here."""


def register_move(move_type: type[Move]) -> type[Move]:
    """Class decorator: make a move type parsable by :func:`parse_action`."""
    MOVE_TYPES[move_type.keyword] = move_type
    return move_type


def parse_action(text: str) -> Action:
    """The action written ``text`` in record notation (see the module docstring).

    Raises:
        IllegalActionError: the text is not an action's notation.
    """
    if not isinstance(text, str):
        raise IllegalActionError(
            f"an action must be text such as '1O' or 'exchange:7O', not {text!r}",
            f"una acción es un texto como '1O' o 'exchange:7O', no {text!r}",
        )
    keyword, _, argument = text.strip().partition(":")
    keyword = keyword.strip().lower()
    move_type = MOVE_TYPES.get(keyword)
    if move_type is None:
        try:
            return parse_card(text)
        except CardCodeError as error:
            known = ", ".join(sorted(MOVE_TYPES))
            raise IllegalActionError(
                f"{text!r} is neither a card code nor an action ({known}): {error.en}",
                f"{text!r} no es ni un código de carta ni una acción ({known}): {error.es}",
            ) from None
    try:
        return move_type.from_argument(argument.strip())
    except ValueError:
        raise IllegalActionError(
            f"cannot read {text!r} as a {keyword!r} action",
            f"no se puede leer {text!r} como una acción {keyword!r}",
        ) from None


def format_action(action: Action) -> str:
    """The record notation of an action; the inverse of :func:`parse_action`."""
    return action.code if isinstance(action, Card) else action.notation()


class Trick(NamedTuple):
    """A finished trick: who led, who played what, who took it and how many card points.

    A named tuple rather than a dataclass: the engine makes one per trick on its hot path.
    """

    number: int
    """0 for the first trick of the deal."""
    leader: int
    """The seat that led (the *mano*)."""
    plays: tuple[tuple[int, Card], ...]
    """``(seat, card)`` in order of play; a seat playing two cards appears twice."""
    winner: int | None
    """The seat that took the trick, or ``None`` when nobody did (a spoiled trick)."""
    points: int
    """Card points in the trick."""
    trump: Suit | None = None
    """The trump suit when it was played (needed to label the plays)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in order of play."""
        return tuple(card for _, card in self.plays)


class Event(NamedTuple):
    """What :meth:`Game.play <cardrules.engine.Game.play>` returns: the record of one action."""

    seat: int
    """Who acted (``-1`` for chance, i.e. the deal)."""
    action: Action
    """The action played."""
    trick: Trick | None
    """The trick this action completed, if it completed one."""
