"""The Tute family's duties and marriages, written once for every game that plays them.

* **Obligations** (:class:`TuteDuty`): holding the suit led, play it, and if one of your cards of
  that suit would win the trick now, play one that does (a trick already trumped cannot be won
  with the suit led, so then any card of that suit will do); with no card of the suit led, if one
  of your trumps would win the trick now, play one that does; otherwise any card (nobody is
  forced to trump low), unless the duty says ``must_trump``: then a player who holds trumps
  but none that wins must still play one.
* **Marriages** (:class:`MarriageRule`): king and knight of one suit, both in hand, declared by
  the winner of the previous trick before he leads: 40 in trumps, 20 in another suit
  (*cantar las cuarenta*, *las veinte*); once per suit, one declaration per trick won. A game
  that installs the rule keeps its declarations in a details field ``marriages``.

Brisca Rematada plays both; a later Tute can reuse them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Decision, Phrases, SuitMove, Trick
from ..core.cards import Card, Suit
from ..core.packs import Pack
from ..core.quoted import p_
from ..engine import CardRule, MoveRule, Table, Why
from ..words import N_, Message

_FOLLOW = Why(N_("{who} must follow suit ({suit}): not {card}"),
              N_("you must follow suit ({suit})"))
_HEAD = Why(N_("{who} must head the trick with a higher {suit}: not {card}"),
            N_("you must head the trick with a higher {suit}"))
_TRUMP = Why(N_("{who} has no {suit} and must trump: not {card}"),
             N_("you have no {suit} and must trump"))
_OVERTRUMP = Why(N_("{who} has no {suit} and must overtrump: not {card}"),
                 N_("you have no {suit} and must overtrump"))


@dataclass(frozen=True)
class TuteDuty(CardRule):
    """The Tute obligations for the next card of a trick (see the module docstring), built from
    the trick on the table and trumps."""

    strength: Sequence[int]
    trump: Suit | None
    led: Suit | None
    """The suit led (``None``: this card leads, and any card will do)."""
    head: Card | None
    """The card heading the trick now."""
    suit_name: Message | None = None
    must_trump: bool = False
    """With none of the suit led and no trump that wins, a trump all the same when you hold
    one (the Spanish Wikipedia's reading); off: then any card."""

    @classmethod
    def for_trick(cls, trick: Sequence[Card], trump: Suit | None, strength: Sequence[int],
                  suit_name: Message | None = None, must_trump: bool = False) -> TuteDuty:
        """The duty for the next card of ``trick`` (the cards played so far, in order)."""
        if not trick:
            return cls(strength, trump, None, None, must_trump=must_trump)
        head = trick[0]
        for card in trick[1:]:
            if card.suit is head.suit:
                if strength[card.index] > strength[head.index]:
                    head = card
            elif card.suit is trump:
                head = card
        return cls(strength, trump, trick[0].suit, head, suit_name, must_trump)

    def wins(self, card: Card) -> bool:
        """Whether ``card``, played now, would head the trick."""
        head = self.head
        if head is None:
            return True
        if card.suit is head.suit:
            return self.strength[card.index] > self.strength[head.index]
        return card.suit is self.trump

    def check(self, card: Card, hand: Sequence[Card]) -> Why | None:
        led = self.led
        if led is None:
            return None
        follow = [c for c in hand if c.suit is led]
        if follow:
            if card.suit is not led:
                return _FOLLOW
            if not self.wins(card) and any(self.wins(c) for c in follow):
                return _HEAD
            return None
        winners = [c for c in hand if c.suit is self.trump and self.wins(c)]
        if winners and card not in winners:
            head = self.head
            return _OVERTRUMP if head is not None and head.suit is self.trump else _TRUMP
        if (self.must_trump and card.suit is not self.trump
                and any(c.suit is self.trump for c in hand)):
            return _TRUMP
        return None

    def fields(self) -> dict[str, object]:
        return {"suit": self.suit_name} if self.suit_name is not None else {}


def partner_heads(game: Table, strength: Sequence[int], seat: int) -> bool:
    """Whether the card heading the trick now is ``seat``'s partner's (partners sit opposite:
    four players, seats i and i + 2)."""
    trick = game.trick
    if not trick:
        return False
    leader = game.tricks[-1].winner if game.tricks else 0
    assert leader is not None
    head = TuteDuty.for_trick(trick, game.trump, strength).head
    at = next(i for i, c in enumerate(trick) if c is head)
    return (leader + at) % game.players == (seat + 2) % game.players


@dataclass(frozen=True)
class Declare(SuitMove):
    """Declare a marriage: the king and the knight of ``suit``, both in hand (shown)."""

    keyword: ClassVar[str] = "declare"
    decision: ClassVar[Decision] = Decision.DECLARE
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} declares king and knight of {suit}: {value} points."),
        N_("You declare king and knight of {suit}: {value} points."),
        choice=N_("declare king and knight of {suit} ({value} points)"),
    )

    def shown(self) -> tuple[Card, ...]:
        return _KING_KNIGHT[self.suit]

    def words(self, trump: Suit | None = None) -> dict[str, object]:
        """``value``: the marriage's points as a sentence says them ("40"; "cuarenta")."""
        return {"value": _FORTY if self.suit is trump else _TWENTY}


_KING_KNIGHT: dict[Suit, tuple[Card, ...]] = {
    suit: (Card(12, suit), Card(11, suit)) for suit in Suit}
"""The pair a marriage shows, by suit (checked at every lead of a playout)."""

_FORTY = p_("a marriage's points", "40")
_TWENTY = p_("a marriage's points", "20")


def marriage_points(suit: Suit, trump: Suit | None) -> int:
    """40 for the marriage in trumps, 20 in another suit."""
    return 40 if suit is trump else 20


def still_waiting(rule: MoveRule[Any] | None, game: Table) -> bool:
    """Whether ``rule`` (enabled) may still be offered in ``game``'s play: a declaration's
    :meth:`~cardrules.engine.MoveRule.still_possible` then says yes without looking (yes is
    always allowed: the engine still checks each move), which spares two-player Tute's deals
    the look after every trick of the stock while the exchange keeps the play from being plain
    anyway."""
    return rule is not None and rule.enabled and rule.still_possible(game)


def card_places(game: Table) -> tuple[dict[int, int], set[int]]:
    """Where the cards are, by index: the seat holding each card in a hand, and the cards
    played (taken, or on the table); a card in neither is still to draw."""
    held = {card.index: seat for seat, hand in enumerate(game.hands) for card in hand}
    played = {card.index for taken in game.taken for card in taken}
    played.update(card.index for card in game.trick)
    return held, played


def may_meet(places: tuple[dict[int, int], set[int]], cards: Sequence[Card]) -> bool:
    """Whether ``cards`` may all still be in one hand at once (``places``: :func:`card_places`):
    none of them played, and those in hands all in the same hand (a card leaves a hand only
    when it is played; a card still to draw, the turned-up card included, may reach any
    hand)."""
    held, played = places
    holder = -1
    for card in cards:
        index = card.index
        if index in played:
            return False
        seat = held.get(index, -1)
        if seat < 0:
            continue  # still to draw
        if holder < 0:
            holder = seat
        elif holder != seat:
            return False
    return True


class MarriageRule(MoveRule[Declare]):
    """Declaring a marriage (see the module docstring). The game's details need a field
    ``marriages``: ``((seat, suit, trick number), ...)``, the trick being the one just won."""

    move_type = Declare
    _LEAD = Why(N_("a marriage is declared before leading, by the winner of the last trick"))
    ONCE = Why(N_("one declaration per trick won"))
    """The refusal of a second declaration on one trick won (a game's other declarations, such
    as Tute's *tute*, say it too)."""
    _DONE = Why(N_("the marriage in {suit} has been declared already"))
    pair: ClassVar[Why] = Why(N_("{who} needs the king and the knight of {suit} to declare"),
                              N_("you need the king and the knight of {suit} to declare"))
    """The refusal of a declaration without the pair (a game marrying other cards says its
    own)."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        """The pack, whose suit names the refusals use."""
        self._offered: tuple[Declare, ...] | None = None

    def offers(self, game: Table, seat: int) -> Iterable[Declare]:
        offered = self._offered
        if offered is None:  # made once: the moves are immutable, and asked at every play
            move = self.move_type
            offered = self._offered = tuple(move(suit) for suit in Suit)
        return offered

    def check(self, game: Table, seat: int | None, move: Declare) -> Why | None:
        if seat is None or game.trick or not game.tricks or game.tricks[-1].winner != seat:
            return self._LEAD
        declared = marriages(game)
        if any(number == len(game.tricks) - 1 for _, _, number in declared):
            return self.ONCE
        return self.pair_check(game, seat, move)

    def pair_check(self, game: Table, seat: int, move: Declare) -> Why | None:
        """Whether ``seat`` holds the pair ``move`` shows, in a suit not declared yet this
        deal (the part of the check every marriage shares, whoever may declare)."""
        if any(suit is move.suit for _, suit, _ in marriages(game)):
            return self._DONE
        hand = game.hands[seat]
        if any(card not in hand for card in move.shown()):
            return self.pair
        return None

    def may_still_meet(self, game: Table) -> bool:
        """Whether a marriage may still be declared some time in ``game``: in a suit not
        declared yet whose pair may still meet in one hand (:func:`may_meet`). The games' own
        :meth:`~cardrules.engine.MoveRule.still_possible` build on it."""
        declared = {suit for _, suit, _ in marriages(game)}
        places = card_places(game)
        return any(may_meet(places, move.shown()) for move in self.offers(game, 0)
                   if move.suit not in declared)

    def apply(self, game: Table, seat: int, move: Declare) -> Trick | None:
        game.add_points(seat, marriage_points(move.suit, game.trump))
        game.update_details(marriages=(*marriages(game),
                                       (seat, move.suit, len(game.tricks) - 1)))
        return None

    def fields(self, game: Table, seat: int | None, move: Declare) -> dict[str, object]:
        fields = super().fields(game, seat, move)
        fields["suit"] = self.pack.suit_word(move.suit)
        return fields


def marriages(game: Table) -> tuple[tuple[int, Suit, int], ...]:
    """The marriages declared so far: ``(seat, suit, trick just won)``, in order."""
    declared: tuple[tuple[int, Suit, int], ...] = getattr(game.details, "marriages")  # noqa: B009
    return declared
