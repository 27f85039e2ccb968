"""What may be played: duties on card plays, rules for moves, and the reasons for a refusal.

Legality has one source. A game states each duty once, as a check that either passes or says
why not (a :class:`Why`); the engine derives both the legal actions and the refusal of an
illegal one from the same checks:

* a :class:`CardRule` is a duty on which card may be played now (follow suit, *arrastro*...);
  the legal cards are the hand's cards that pass :meth:`CardRule.check`;
* a :class:`MoveRule` says everything about one kind of move: who may make it, in which phases,
  what it may name (:meth:`MoveRule.offers`), why not (:meth:`MoveRule.check`) and what it does
  (:meth:`MoveRule.apply`); the legal moves are the offers that pass the check.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from ..core.actions import Action, CardMove, Masked, Move, Trick
from ..core.cards import Card
from ..core.errors import IllegalActionError
from ..words import N_, Message
from .state import Phase
from .table import Table

M = TypeVar("M", bound=Move)


@dataclass(frozen=True)
class Why:
    """Why an action is refused: a sentence of the catalogue of words with ``{fields}`` to fill.

    Checks return a constant ``Why`` (cheap: legal-action lists call them often); the engine
    fills the fields only when it raises the refusal. Mark the sentence with
    :func:`~cardrules.words.N_` where it is written, so that the catalogue finds it. A field
    that must be said in the reader's language is a :class:`~cardrules.words.Message`.

    A refusal about the player who acts (``{who}``) may also be written to that player
    (``you``), which is how a front end says it to the person who tried.

    Examples:
        >>> why = Why(N_("{who} is to play and does not hold {card}"))
        >>> why.error(who="Ana", card="1O").message("es")
        'juega Ana y no tiene el 1O'
        >>> follow = Why(N_("{who} must follow suit ({suit}): not {card}"),
        ...              N_("you must follow suit ({suit})"))
        >>> error = follow.error(who="Ana", suit="cups", card="1O")
        >>> error.message(), error.to_you.say() if error.to_you else None
        ('Ana must follow suit (cups): not 1O', 'you must follow suit (cups)')
    """

    message: str
    """The sentence (an English message id of the catalogue)."""
    you: str = ""
    """The same sentence said to the player who acts (``""``: none)."""

    def error(self, **fields: object) -> IllegalActionError:
        """The refusal as an :class:`IllegalActionError` with these fields."""
        error = IllegalActionError(self.message, **fields)
        if self.you:
            error.to_you = Message(self.you, fields)
        return error


class CardRule:
    """A duty on which card may be played now: follow suit, play your best trump...

    The rules build one for the seat to play (:meth:`Rules.card_rule
    <cardrules.engine.Rules.card_rule>`) from **public facts only**: the trick on the table,
    trumps, declarations. The hand is passed to each check. That makes the duty usable on a
    hand the seat might hold, which is how a seat's view infers what others cannot hold
    (a player who did not follow suit has none of it).
    """

    def check(self, card: Card, hand: Sequence[Card]) -> Why | None:
        """``None`` if ``card`` may be played from ``hand`` (which holds it), else why not."""
        raise NotImplementedError

    def allowed(self, hand: Sequence[Card]) -> list[Card]:
        """The cards of ``hand`` that pass :meth:`check`, in hand order.

        A rule may compute this faster; the property tests check that it always agrees.
        """
        return [card for card in hand if self.check(card, hand) is None]

    def fields(self) -> dict[str, object]:
        """Fields for the refusal message beyond ``who`` and ``card`` (a suit's name...)."""
        return {}


Duty = tuple[int, int, CardRule, int]
"""A play made under a duty: ``(log index, seat, card rule, hand size before the play)``."""


class MoveRule(Generic[M]):
    """How one kind of move works in a game.

    A game's rules hold one instance per move type (:attr:`Rules.move_rules
    <cardrules.engine.Rules.move_rules>`). A rule that the options turn off stays installed with
    ``enabled = False``: it offers nothing and refuses with :attr:`disabled`, so the notation
    still reads and the refusal names the option.
    """

    move_type: ClassVar[type[Move]]
    """The move this rule handles."""
    phases: ClassVar[tuple[Phase, ...]] = (Phase.PLAY,)
    """The phases in which the move may be made."""
    out_of_turn: bool = False
    """True when seats other than the one to act may make it (the Spanish trump exchange,
    Guiñote's cante by the partner of a trick's winner): such a seat's legal actions are then
    these moves (:meth:`Game.legal_actions <cardrules.engine.Game.legal_actions>`,
    :meth:`Game.out_of_turn_actions <cardrules.engine.Game.out_of_turn_actions>`), and the
    bots, the terminal and the widget offer them before the seat to act plays. :meth:`actor`
    must then name the seat that makes the move."""
    enabled: bool = True
    """False when the options turn the move off."""
    disabled: ClassVar[Why] = Why(N_("{move} is not played with these options"))
    """The refusal while the move is turned off."""
    closed: ClassVar[Why] = Why(N_("{move} is not possible now"))
    """The refusal outside :attr:`phases`."""

    def offers(self, game: Table, seat: int) -> Iterable[M]:
        """The moves of this kind that ``seat`` might make now; the engine keeps those that
        pass :meth:`check`. Offer generously: the check decides."""
        return ()

    def check(self, game: Table, seat: int | None, move: M) -> Why | None:
        """``None`` if ``seat`` may make ``move`` now, else why not. ``seat`` is
        :meth:`actor`'s answer: ``None`` when nobody could make it."""
        return None

    def apply(self, game: Table, seat: int, move: M) -> Trick | None:
        """Carry out a move that passed :meth:`check`, through the game's operations; return
        the trick it completed, if any."""
        raise NotImplementedError

    def actor(self, game: Table, move: M) -> int | None:
        """The seat that makes ``move`` (default: the seat to act)."""
        return game.current_player

    def still_possible(self, game: Table) -> bool:
        """Whether the move may still be offered in this deal's play (asked after each trick;
        once the answer is no, the engine stops asking this rule during play)."""
        return True

    def fields(self, game: Table, seat: int | None, move: M) -> dict[str, object]:
        """Fields for a refusal message: ``who`` (the name of the seat that would make it;
        ``"?"`` when nobody could), ``move`` (its notation), ``card``..."""
        who = game.names[seat] if seat is not None and 0 <= seat < len(game.names) else "?"
        fields: dict[str, object] = {"who": who, "move": move.notation()}
        if isinstance(move, CardMove):
            fields["card"] = move.card.code
        return fields

    def seen_by(self, viewer: int, seat: int, move: M) -> Action:
        """The move as ``viewer`` sees it when ``seat`` makes it: the move itself, or a
        :class:`~cardrules.core.actions.Masked` stand-in (default: masked for a face-down card move
        made by another seat)."""
        if move.face_down and viewer != seat:
            return Masked(move.keyword)
        return move

    def stand_in(self, game: Table, seat: int, masked: Masked, card: Card | None) -> M:
        """A concrete move for one that a view shows masked, when a world is sampled
        (``card``: the card the sampler chose for it). Default: the move type with that card."""
        if card is None:
            raise NotImplementedError(f"{self.move_type.__name__}: no stand-in without a card")
        return self.move_type(card)  # type: ignore[call-arg, return-value]
