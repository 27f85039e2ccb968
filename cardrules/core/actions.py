"""Actions, their notation, and the frozen records that playing them returns.

An action is either a :class:`~cardrules.core.cards.Card` (playing it to the trick) or a
:class:`Move`
(everything else: the deal, a trump-card exchange, a bid, a declaration...). Every action has a
text notation, used in deal records and typed at the terminal: a card is its code (``1O``), a
move is ``keyword`` or ``keyword:argument`` (``exchange:7O``, ``bid:75``).

Each game declares its own moves (``Rules.move_types``), so the same word may mean different
things in two games; :meth:`Rules.parse <cardrules.engine.Rules.parse>` and :meth:`Game.parse
<cardrules.engine.Game.parse>` read notation for one game. The deal itself is the first action
of every game (:class:`Deal`), a chance action: a record stores it under ``"deal"`` rather
than in ``"actions"``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, TypeAlias

from ..words import N_, Message
from .cards import Card, Suit, parse_card
from .errors import CardCodeError, CardrulesError, IllegalActionError, RecordError
from .quoted import Quoted


@dataclass(frozen=True)
class Phrases:
    """How a move is told (see :mod:`cardrules.account.narration`): English sentences of the
    catalogue of words, each marked with :func:`~cardrules.words.N_` where it is written, said
    in the reader's language by ``words(lang)._(phrase, **fields)``.

    The sentences take ``{who}`` (the actor's name), ``{card}`` (the card the move names, with
    its article: "the ace of coins", "el as de oros"), ``{card_bare}`` (without it),
    ``{card_suit}`` (its suit), ``{turn_up}`` (the turned-up card before the move), ``{suit}``,
    ``{number}`` and the move's own fields (:meth:`Move.words`).

    Examples:
        >>> from cardrules.words import words
        >>> phrases = Phrases(N_("{who} passes."), N_("You pass."))
        >>> words("es")._(phrases.you)
        'Pasas.'
    """

    them: str
    """Third person: ``"{who} claims the remaining tricks."``"""
    you: str
    """Second person, for the reader who made it: ``"You claim the remaining tricks."``"""
    hidden: str = ""
    """As seen by a seat the move is hidden from (``""``: it sees nothing)."""
    choice: str = ""
    """The move offered as a choice: ``"claim every remaining trick for your side"``."""


class Decision(enum.Enum):
    """What kind of decision a move is, whatever its game: players that decide by kind (the
    bots) read :attr:`Move.decision` and need no list of a game's move classes.

    Examples:
        >>> Decision.BID.value
        'bid'
    """

    OTHER = "other"
    """Nothing a player weighs by kind (agreeing to a chant, a signal)."""
    BID = "bid"
    """A bid in an auction (a :class:`NumberMove`)."""
    PASS = "pass"
    """A pass in an auction."""
    CALL = "call"
    """Naming a card whose holder becomes a partner (a :class:`CardMove`)."""
    TRUMPS = "trumps"
    """Naming the trump suit (a :class:`SuitMove`)."""
    BANK = "bank"
    """Putting a card from the hand on one's own pile, where it counts (a
    :class:`CardMove`)."""
    DISCARD = "discard"
    """Putting a card from the hand out of play (a :class:`CardMove`)."""
    DECLARE = "declare"
    """Declaring cards held for points (a marriage): always worth making; a
    :class:`SuitMove` names the suit."""
    EXCHANGE = "exchange"
    """Taking the turned-up card for a low trump: always worth making."""
    CLAIM = "claim"
    """Claiming every remaining trick: always worth making."""
    DECLARED_PLAY = "declared-play"
    """Playing a card with a declaration that binds the others (*arrastro*)."""
    CONCEDE = "concede"
    """Offering to concede the deal."""
    ANSWER = "answer"
    """Accepting or refusing an offer (a surrender)."""


class Move:
    """Base class of the non-card actions. Subclasses are frozen dataclasses."""

    keyword: ClassVar[str] = ""
    """The word before the colon in the notation."""
    decision: ClassVar[Decision] = Decision.OTHER
    """What kind of decision the move is (see :class:`Decision`)."""
    phrases: ClassVar[Phrases | None] = None
    """How the narration tells the move (``None``: by its notation)."""
    face_down: ClassVar[bool] = False
    """True when only the actor sees which card the move names (a discard): the other seats'
    views show it as :class:`Masked`."""
    leaves_hand: ClassVar[bool] = False
    """True when the card the move names leaves the actor's hand (an exchange, a discard, a
    declared play)."""
    plays_card: ClassVar[bool] = False
    """True when the move puts its card on the trick (a declared play such as *arrastro*)."""
    takes_turn_up: ClassVar[bool] = False
    """True when the actor takes the turned-up card for the card the move names (an
    exchange)."""

    def notation(self) -> str:
        """The action in record notation."""
        return self.keyword

    @classmethod
    def from_argument(cls, argument: str) -> Move:
        """Build the move from the text after the colon (empty when there is none).

        The default suits moves without an argument; a move that has one overrides this.

        Raises:
            ValueError: the argument does not fit the move.
        """
        if argument:
            raise ValueError(argument)
        return cls()

    def shown(self) -> tuple[Card, ...]:
        """Cards the move shows still in the actor's hand (a declared marriage); default none."""
        return ()

    def words(self, trump: Suit | None = None) -> dict[str, object]:
        """Fields of the move's own for its :attr:`phrases` (beyond the card, the suit and the
        number, which the narration fills in); ``trump``: the trump suit when it was made.

        Each value is the same in every language (a number, a name) or a
        :class:`~cardrules.words.Message`, said in the reader's language."""
        return {}

    def __str__(self) -> str:
        return self.notation()


Action: TypeAlias = Card | Move
"""Anything that can be played: a card, or a :class:`Move`."""


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
class SuitMove(Move):
    """A move that names a suit, written ``keyword:S`` (S one of O, C, E, B)."""

    suit: Suit
    """The suit the move names."""

    def notation(self) -> str:
        return f"{self.keyword}:{self.suit.value}"

    @classmethod
    def from_argument(cls, argument: str) -> SuitMove:
        return cls(Suit.parse(argument))


@dataclass(frozen=True)
class NumberMove(Move):
    """A move that names a whole number, written ``keyword:N`` (a bid)."""

    number: int
    """The number the move names."""

    def notation(self) -> str:
        return f"{self.keyword}:{self.number}"

    @classmethod
    def from_argument(cls, argument: str) -> NumberMove:
        if not argument.isdigit() or len(argument) > 6:
            raise ValueError(argument)
        return cls(int(argument))


@dataclass(frozen=True)
class Masked(Move):
    """A move as a seat that may not see it in full sees it: the kind of move, not its card.

    Only views hold masked moves (:attr:`SeatView.history
    <cardrules.engine.SeatView.history>`); they cannot be played.
    """

    kind: str
    """The keyword of the hidden move (``"discard"``...)."""
    hides_card: bool = True
    """True when what is hidden is a card leaving the actor's hand (a discard face down);
    false for a move seen by some seats only (a partner's signal)."""
    keyword: ClassVar[str] = "?"

    def notation(self) -> str:
        return f"{self.kind}:?"


@dataclass(frozen=True, init=False)
class Deal(Move):
    """The deal, a chance action: every hand, the stock (top first), and any talon.

    When the game turns up a trump card, it is the **last** card of ``stock``: it lies under the
    stock and is the last card drawn.
    """

    def __init__(self, hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...] = (),
                 talon: tuple[Card, ...] = ()) -> None:
        # Straight into the instance's dict instead of a frozen dataclass's object.__setattr__ per
        # field: every seeded game and every sampled world makes a deal.
        fields = self.__dict__
        fields["hands"] = hands
        fields["stock"] = stock
        fields["talon"] = talon

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
        """Every card of the deal, in position order: the hands seat by seat, the stock, the
        talon."""
        return tuple(c for h in self.hands for c in h) + self.stock + self.talon

    def to_json(self) -> dict[str, Any]:
        """The deal as in a deal record: ``hands``, ``stock`` and (when there is one) ``talon``."""
        out: dict[str, Any] = {
            "hands": [[c.code for c in hand] for hand in self.hands],
            "stock": [c.code for c in self.stock],
        }
        if self.talon:
            out["talon"] = [c.code for c in self.talon]
        return out

    @classmethod
    def from_json(cls, value: object) -> Deal:
        """Read a deal object of a record; the inverse of :meth:`to_json`.

        Raises:
            RecordError: the object is malformed (the message names the field).
        """
        if not isinstance(value, dict):
            raise _record_error("deal", Message(N_("must be an object with hands and stock")))
        extra = sorted(str(k) for k in set(value) - {"hands", "stock", "talon"})
        if extra:
            raise _record_error("deal", Message(
                N_("unknown key {key} (use hands, stock, talon)"), {"key": Quoted(extra[0])}))
        hands = value.get("hands")
        if not isinstance(hands, list):
            raise _record_error("deal.hands", Message(
                N_("must be a list with one list of cards per player")))
        return cls(
            tuple(_cards(h, f"deal.hands[{i}]") for i, h in enumerate(hands)),
            _cards(value.get("stock", []), "deal.stock"),
            _cards(value.get("talon", []), "deal.talon"),
        )


def _record_error(where: str, problem: Message) -> RecordError:
    """A record error at the field ``where``: "deal.stock: must be a list of card codes"."""
    return RecordError("{where}: {problem}", where=where, problem=problem)


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _record_error(where, Message(N_("must be a list of card codes")))
    cards = []
    for i, code in enumerate(value):
        try:
            cards.append(parse_card(code))
        except CardrulesError as error:
            raise _record_error(f"{where}[{i}]", error.said) from None
    return tuple(cards)


MAX_NOTATION = 64
"""The longest text read as an action: no action's notation comes near it."""


def parse_notation(text: object, move_types: Mapping[str, type[Move]]) -> Action:
    """The action written ``text``, among card codes and the given moves (by keyword).

    Games call this through :meth:`Rules.parse <cardrules.engine.Rules.parse>`, which passes
    their own move types.

    Raises:
        IllegalActionError: the text is not the notation of a card or of one of these moves.
    """
    if not isinstance(text, str):
        raise IllegalActionError("an action must be text such as '1O', not {value}",
                                 value=Quoted(text))
    if len(text) > MAX_NOTATION:
        raise IllegalActionError(
            "{text} is too long for an action ({length} characters; at most {limit})",
            text=Quoted(text), length=len(text), limit=MAX_NOTATION)
    keyword, _, argument = text.strip().partition(":")
    keyword = keyword.strip().lower()
    move_type = move_types.get(keyword)
    if move_type is None:
        try:
            return parse_card(text)
        except CardCodeError as error:
            known = ", ".join(sorted(move_types))
            if known:
                raise IllegalActionError(
                    "{text} is neither a card code nor a move of this game ({moves}): {problem}",
                    text=Quoted(text), moves=known, problem=error.said) from None
            raise IllegalActionError(
                "{text} is not a card code (this game has no other moves): {problem}",
                text=Quoted(text), problem=error.said) from None
    try:
        return move_type.from_argument(argument.strip())
    except (ValueError, CardrulesError):
        raise IllegalActionError("cannot read {text} as a {keyword} move",
                                 text=Quoted(text), keyword=Quoted(keyword)) from None


def format_action(action: Action) -> str:
    """The record notation of an action; the inverse of ``parse``.

    Examples:
        >>> from cardrules import parse_card
        >>> format_action(parse_card("1O"))
        '1O'
    """
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
