"""cardrules: the Spanish-deck trick-taking family as a rulebook that runs.

The public API in one place::

    import cardrules
    game = cardrules.new_game("brisca", players=4, seed=1)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    game.result
    same = cardrules.replay(game.to_record())
"""

from __future__ import annotations

# First of all: when this process is the cardrules command, a Ctrl-C while the package loads
# prints one line instead of a traceback (cardrules.cli.startup; it imports nothing heavy).
from .cli import startup as _startup  # noqa: F401  # isort: skip

# isort: split
from .core.actions import (
    Action,
    CardMove,
    Deal,
    Decision,
    Event,
    Masked,
    Move,
    Trick,
    format_action,
)
from .core.cards import (
    ALL_CARDS,
    SUITS,
    Card,
    Suit,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from .core.errors import CardCodeError, CardrulesError, IllegalActionError, OptionError, RecordError
from .core.labels import PlayLabel, label_play, mano, postre, trick_labels
from .core.packs import PACKS, Pack
from .engine import CHANCE, Details, Game, Phase, Result, Rules, SeatView, State, Step
from .games import GAMES, rules_for
from .games.briscola import Arrastro, Claim
from .games.exchange import Exchange
from .record import new_game, replay, summary

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "CHANCE",
    "GAMES",
    "PACKS",
    "SUITS",
    "Action",
    "Arrastro",
    "Card",
    "CardCodeError",
    "CardMove",
    "CardrulesError",
    "Claim",
    "Deal",
    "Decision",
    "Details",
    "Event",
    "Exchange",
    "Game",
    "IllegalActionError",
    "Masked",
    "Move",
    "OptionError",
    "Pack",
    "Phase",
    "PlayLabel",
    "RecordError",
    "Result",
    "Rules",
    "SeatView",
    "State",
    "Step",
    "Suit",
    "Trick",
    "format_action",
    "format_card",
    "format_cards",
    "label_play",
    "mano",
    "new_game",
    "parse_card",
    "parse_cards",
    "postre",
    "replay",
    "rules_for",
    "summary",
    "trick_labels",
]
