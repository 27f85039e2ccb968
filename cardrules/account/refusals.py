"""Why a player may not do what they tried: the one translator of refused actions.

Every front end that lets a person act (the terminal, the widget's play mode) asks
:func:`refusal` when the person tries something the game does not allow now, and shows its
answer: a sentence of the catalogue of words, said to that player ("You do not have the ace of
coins.", "You can't play a card now: the bidding is on.", "It is not your turn: Bea is to
play."), never in the engine's terms and never with a seat number.

A refusal never tells where a card the player does not hold is: only that they do not have it.

Examples:
    >>> from cardrules import new_game
    >>> game = new_game("chiamata", players=5, seed=2)
    >>> game.current_player
    0
    >>> refusal(game, 0, game.hands[0][0]).say()
    "You can't play a card now: the bidding is on."
    >>> refusal(game, 1, "pass").say()  # doctest: +ELLIPSIS
    'It is not your turn: ... is to play.'
    >>> refusal(game, 0, game.hands[1][0]).say()  # doctest: +ELLIPSIS
    'You do not have the ... of ....'
    >>> refusal(game, 0, game.hands[0][0]).say("es")
    'Ahora no puedes jugar ninguna carta: estamos en la subasta.'
    >>> refusal(game, 0, "pass") is None
    True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Final

from ..core.actions import Action, CardMove, Decision, Masked, Move
from ..core.cards import Card, parse_card
from ..core.errors import CardrulesError
from ..core.quoted import Quoted
from ..engine import Game, Phase
from ..words import N_, SOURCE, Lang, Message
from .narration import Narrator

__all__ = ["refusal"]


@dataclass(frozen=True)
class _Said(Message):
    """A field said by a function of the language (a card's name, the engine's reason)."""

    speak: Callable[[Lang], str] = field(default=lambda lang: "", compare=False)

    def say(self, lang: Lang = SOURCE) -> str:
        return self.speak(lang)


_NO_CARD_NOW: Final[dict[Decision, str]] = {
    Decision.BID: N_("You can't play a card now: the bidding is on."),
    Decision.PASS: N_("You can't play a card now: the bidding is on."),
    Decision.CALL: N_("You can't play a card now: first a partner's card is called."),
    Decision.DISCARD: N_("You can't play a card now: the discards come first."),
    Decision.BANK: N_("You can't play a card now: the discards come first."),
    Decision.TRUMPS: N_("You can't play a card now: first trumps are chosen."),
    Decision.ANSWER: N_("You can't play a card now: an offer to concede awaits its answer."),
}
"""Why no card is played now, by what the player to act has to decide instead."""
_NOT_BEGUN: Final = N_("You can't play a card now: the play has not begun yet.")


def refusal(game: Game, seat: int, tried: Action | str, *, codes: bool = False) -> Message | None:
    """Why ``seat`` may not make ``tried`` now, said to that player; ``None`` if it may.

    Args:
        game: the deal being played (only what ``seat`` may know is told: a card it does not
            hold is only said not to be in its hand).
        seat: the player who tried.
        tried: what they tried: an action, or its notation (``"1O"``, ``"bid:75"``).
        codes: name cards by code and name ("1O (ace of coins)", as the terminal does)
            instead of by name alone ("the ace of coins").

    Returns:
        A :class:`~cardrules.words.Message` of the catalogue (say it in any language with
        ``.say(lang)``), or ``None`` when ``seat`` may make ``tried`` now.
    """
    if isinstance(tried, str):
        try:
            action = game.parse(tried)
        except CardrulesError:
            return Message("{text} is not a card or a move of this game.", {"text": Quoted(tried)})
    else:
        action = tried
    if isinstance(action, Masked):
        return Message("{text} is not a card or a move of this game.",
                       {"text": Quoted(action.notation())})
    if game.is_over:
        return Message("The deal is over: there is nothing more to play.")
    if game.phase == Phase.DEAL:
        return Message("The cards have not been dealt yet.")
    if action in game.legal_actions(seat):
        return None
    held = action if isinstance(action, Card) else None
    if isinstance(action, CardMove) and action.leaves_hand:
        held = action.card
    if held is not None and held not in game.hands[seat]:
        return Message("You do not have {card}.", {"card": _card(game, held, codes)})
    turn = game.current_player
    if isinstance(action, Card) and game.phase != Phase.PLAY:
        return Message(_no_card_now(game, turn))
    if turn is not None and turn >= 0 and turn != seat:
        return Message("It is not your turn: {who} is to play.", {"who": game.names[turn]})
    why = game.refusal(action) if turn == seat else None
    if why is None:  # the rules would allow it, but not from this player now
        return Message("That is not one of your choices now.")
    reason = (_named(game, why.to_you, codes) if why.to_you is not None
              else _Said("", speak=why.message))
    if isinstance(action, Card):
        return Message("You can't play {card}: {reason}",
                       {"card": _card(game, action, codes), "reason": reason})
    return Message("Not allowed: {reason}", {"reason": reason})


def _named(game: Game, reason: Message, codes: bool) -> Message:
    """The engine's reason with each card it names by code ("not 7O") named in words, as the
    narration names it ("not the seven of coins"): a player never reads the engine's codes."""
    fields = dict(reason.fields)
    for key, value in fields.items():
        if isinstance(value, Card):
            fields[key] = _card(game, value, codes)
        elif isinstance(value, str):
            try:
                card = parse_card(value)
            except (CardrulesError, ValueError):
                continue
            if card in game.rules.pack.cards:
                fields[key] = _card(game, card, codes)
    return replace(reason, fields=fields)


def _card(game: Game, card: Card, codes: bool) -> Message:
    """The card's name, as the narration says it in each language."""
    rules, names = game.rules, game.names
    return _Said("", speak=lambda lang: Narrator(rules, names, lang, codes=codes).card(card))


def _no_card_now(game: Game, turn: int | None) -> str:
    """Why no card is played now, by what the player to act decides instead."""
    if turn is None or turn < 0:
        return _NOT_BEGUN
    for action in game.legal_actions(turn):
        if isinstance(action, Move) and action.decision in _NO_CARD_NOW:
            return _NO_CARD_NOW[action.decision]
    return _NOT_BEGUN
