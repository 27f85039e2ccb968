"""The trump-card exchange and the options every turned-up-trump game shares.

In the Briscola family and in Alcalde a card is turned up under the stock to fix trumps, and a
low trump may be given in exchange for it. Who may exchange, for which turn-up, and when, differ
by tradition: :class:`ExchangeOptions` names the readings and :class:`ExchangeRules` carries them
out for any game built on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..actions import Exchange, Move, Trick
from ..cards import Card, Suit
from ..engine import Game, Rules
from ..errors import IllegalActionError
from ..options import Options, option
from ..packs import Style

ExchangeRule = Literal["none", "italian", "puerto-rico", "spanish"]
ExchangeTiming = Literal["any-time", "own-turn", "first-trick", "before-penultimate"]

_TWOS: Final = {s: Card(2, s) for s in Suit}
_SEVENS: Final = {s: Card(7, s) for s in Suit}
DEFAULT_TIMING: Final[dict[str, ExchangeTiming]] = {
    "none": "any-time",
    "italian": "first-trick",
    "spanish": "any-time",
    "puerto-rico": "any-time",
}
"""Each exchange rule's own timing, used when the timing option is left unset."""


@dataclass(frozen=True)
class ExchangeOptions(Options):
    """Options of every game with a turned-up trump: the exchange, the pack's look, the scoring.

    ``None`` means "as the game's tradition plays it".
    """

    exchange: ExchangeRule | None = option(
        None,
        "which card may take the turned-up card (default: the tradition's)",
        "qué carta puede cambiarse por la del triunfo (por defecto, la de la tradición)",
    )
    """The trump-card exchange. ``"italian"`` (Briscola's default): the 2 of trumps takes the
    turned-up card. ``"spanish"`` (Brisca, seed 004): a turn-up above the 7 (3, ace, king, knight,
    jack, and 9, 8 in the 48-card pack) is taken by the 7 of trumps, a 7 or below by the 2; the
    player must have won a trick. ``"puerto-rico"`` (Briscas, seed 002): a 10, 11, 12, 1 or 3 is
    taken by the 7, and before the first trick also by the 2, which has precedence (while the 2
    of trumps is in a hand, the 7 waits until the first card is played); a 7, 6, 5 or 4 is taken
    by the 2 at any time. ``"none"``: no exchange. The rule applies to whatever card is turned up
    at the moment, so after a 7 has taken a high card the 2 may take the 7. When the card that
    would take the turn-up is not in play (six Italian players play without 2s; three remove the
    2 of clubs or all 2s), that turn-up cannot be exchanged: no source gives a substitute. The
    exchange is the action ``exchange:<card>`` by whoever holds that card."""

    exchange_timing: ExchangeTiming | None = option(
        None,
        "when the exchange is allowed (default: the tradition's)",
        "cuándo se permite el cambio (por defecto, según la tradición)",
    )
    """When the exchange may be made (always only while the turned-up card is under the stock).
    ``"first-trick"`` (Italian default): before the first trick is finished. ``"any-time"``
    (Spanish and Puerto Rican default): at any moment, even during a trick and out of turn.
    ``"own-turn"``: only when it is your turn to play, once per trick. ``"before-penultimate"``:
    at any moment except during the trick after which the last cards are drawn (our reading of
    "not in the penultimate trick")."""

    exchange_needs_trick: bool | None = option(
        None,
        "the exchanger must have won a trick (default: Spain yes, others no)",
        "quien cambia debe haber ganado una baza (por defecto: España sí, los demás no)",
    )
    """Whether the player who exchanges must have won at least one trick himself (seed 004)."""

    pack: Style | None = option(
        None,
        "the look of the cards: spanish, italian or french (default: the tradition's)",
        "el aspecto de las cartas: spanish, italian o french (por defecto, el de la tradición)",
    )
    """Only names and pictures change: codes, ranks and points stay the same."""

    scoring: Literal["standard", "lombard", "tuscan", "chilean"] = option(
        "standard",
        "regional card values: standard, lombard, tuscan, chilean",
        "valores regionales: standard, lombard, tuscan, chilean",
    )
    """Regional rank and points (see :mod:`cardrules.ranking`): Lombardy/Piedmont (7 = 10 points,
    3 = 0), Tuscany (jack and knight swapped), Chile (the 2 takes the 3's place)."""



class ExchangeRules(Rules):
    """Rules with a turned-up trump card that a low trump may take (see :class:`ExchangeOptions`).

    A subclass calls :meth:`configure_exchange` in its ``__init__`` with its tradition's
    defaults, and chains :meth:`moves`, :meth:`apply_move` and :meth:`why_not` to these.
    """

    exchange_rule: ExchangeRule = "none"
    """The exchange rule in force."""
    exchange_timing: ExchangeTiming = "any-time"
    """When it may be made."""
    exchange_needs_trick: bool = False
    """Whether the exchanger must have won a trick."""

    def configure_exchange(self, options: ExchangeOptions, rule: ExchangeRule,
                           timing: ExchangeTiming) -> None:
        """Settle the exchange from the options, falling back on the tradition's ``rule`` and
        ``timing`` (a rule other than the tradition's brings its own default timing)."""
        self.exchange_rule = options.exchange or rule
        self.exchange_timing = options.exchange_timing or (
            timing if self.exchange_rule == rule else DEFAULT_TIMING[self.exchange_rule]
        )
        needs = options.exchange_needs_trick
        self.exchange_needs_trick = needs if needs is not None else self.exchange_rule == "spanish"
        self.has_moves = self.has_moves or self.exchange_rule != "none"

    def exchange_cards(self, game: Game) -> tuple[Card, ...]:
        """The trump cards that may take the turned-up card now, whoever holds them."""
        up = game.turn_up
        trump = game.trump
        if up is None or trump is None or up.suit is not trump:
            return ()
        two, seven = _TWOS[trump], _SEVENS[trump]
        if up is two:
            return ()
        rule = self.exchange_rule
        if rule == "italian":
            return (two,)
        high = self.strength[up.index] > self.strength[seven.index]
        if rule == "spanish":
            return (seven,) if high else (two,)
        if rule == "puerto-rico":
            if not high:
                return (two,)
            if not game.tricks and not game.trick:
                two_in_hand = any(two in h for h in game.hands)
                return (two,) if two_in_hand else (seven,)
            return (seven,)
        return ()

    def exchange_open(self, game: Game, seat: int) -> bool:
        """Whether the timing options let ``seat`` exchange at this moment."""
        timing = self.exchange_timing
        if timing == "first-trick" and game.tricks:
            return False
        if timing == "own-turn" and (
            seat != game.current_player or game.extra.get("exchanged_in") == len(game.tricks)
        ):
            return False
        if timing == "before-penultimate" and game.stock_size <= sum(self.draws):
            return False
        if self.exchange_needs_trick and not any(t.winner == seat for t in game.tricks):
            return False
        return True

    def exchange_moves(self, game: Game, seat: int) -> list[Move]:
        """The exchanges ``seat`` may make now (possibly out of turn)."""
        if (
            game.turn_up is None
            or self.exchange_rule == "none"
            or (game.tricks and self.exchange_timing == "first-trick")
        ):
            return []
        hand = game.hands[seat]
        return [
            Exchange(card)
            for card in self.exchange_cards(game)
            if card in hand and self.exchange_open(game, seat)
        ]

    def moves(self, game: Game, seat: int) -> list[Move]:
        return self.exchange_moves(game, seat)

    def moves_possible(self, game: Game) -> bool:
        first_trick_only = self.exchange_timing == "first-trick"
        return game.turn_up is not None and not (first_trick_only and game.tricks)

    def actor(self, game: Game, move: Move) -> int | None:
        if isinstance(move, Exchange):
            return next((s for s, h in enumerate(game.hands) if move.card in h), None)
        return game.current_player

    def apply_move(self, game: Game, seat: int, move: Move) -> Trick | None:
        if isinstance(move, Exchange):
            hand = game.hands[seat]
            hand[hand.index(move.card)] = game.turn_up  # type: ignore[assignment]
            game.turn_up = move.card
            game.extra["exchanged_in"] = len(game.tricks)
            game.extra.setdefault("exchanges", []).append((seat, move.card.code))
            return None
        return super().apply_move(game, seat, move)

    def why_not(self, game: Game, seat: int | None, move: Move) -> IllegalActionError | None:
        """Explain a refused exchange (``None`` for other moves)."""
        if not isinstance(move, Exchange):
            return None
        if self.exchange_rule == "none":
            return IllegalActionError(
                "the trump-card exchange is not played (option exchange=none)",
                "no se juega el cambio de la carta de triunfo (opción exchange=none)",
            )
        if game.turn_up is None:
            return IllegalActionError(
                "the turned-up card has already been drawn",
                "la carta de triunfo ya se ha robado",
            )
        if seat is None:
            return IllegalActionError(
                f"nobody holds {move.card.code}", f"nadie tiene el {move.card.code}"
            )
        if move.card not in self.exchange_cards(game):
            return IllegalActionError(
                f"{move.card.code} cannot take the turned-up {game.turn_up.code}",
                f"el {move.card.code} no puede cambiarse por el {game.turn_up.code} de triunfo",
            )
        if self.exchange_needs_trick and not any(t.winner == seat for t in game.tricks):
            return IllegalActionError(
                f"seat {seat} must win a trick before exchanging",
                f"el asiento {seat} debe ganar una baza antes de cambiar",
            )
        return IllegalActionError(
            f"the exchange is not allowed at this moment (timing: {self.exchange_timing})",
            f"el cambio no está permitido en este momento (momento: {self.exchange_timing})",
        )
