"""The game registry: every game module registers its :class:`~cardrules.engine.Rules` here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import OptionError
from ..core.quoted import Quoted
from ..engine import Rules
from ..words import Lang, Message, words
from .alcalde import AlcaldeRules, AlcaldeVariation
from .aluette import Aluette
from .briscola import Brisca, Briscas, Briscola
from .chiamata import Chiamata
from .guinote import Guinote
from .rematada import Rematada
from .tute_game import Tute

GAMES: dict[str, type[Rules]] = {
    g.id: g for g in (
        Briscola, Brisca, Briscas, AlcaldeRules, AlcaldeVariation, Aluette, Chiamata, Rematada,
        Tute, Guinote,
    )
}
"""Game classes by id, in the order they are listed."""

ALIASES: dict[str, str] = {"bastarda": "chiamata"}
"""Other names a game id may be given by (Briscola Bastarda is Briscola Chiamata)."""


class Alternatives(Message):
    """Numbers as a list of alternatives in the reader's language: "2, 3, 4 or 6"."""

    def __init__(self, numbers: Sequence[int]) -> None:
        super().__init__("{numbers}", {"numbers": tuple(numbers)})

    def say(self, lang: Lang = "en") -> str:
        """The list in ``lang``."""
        numbers: tuple[int, ...] = self.fields["numbers"]  # type: ignore[assignment]
        text = [str(n) for n in numbers]
        if len(text) == 1:
            return text[0]
        w = words(lang)
        return w._("{items} or {last}", items=w._(", ").join(text[:-1]), last=text[-1])


def game_id(name: object) -> str:
    """The id of the game ``name`` names: a game id, or another name a game goes by
    (:data:`ALIASES`).

    Raises:
        OptionError: no game goes by that name (the message lists the games).

    Examples:
        >>> game_id("bastarda")
        'chiamata'
    """
    found = ALIASES.get(name, name) if isinstance(name, str) else None
    if not isinstance(found, str) or found not in GAMES:
        raise OptionError("unknown game {name}; the games are: {games}", name=Quoted(name),
                          games=", ".join(GAMES))
    return found


def rules_for(
    game: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Rules:
    """The rules object for a game id, a number of players and an options mapping.

    Raises:
        OptionError: unknown game, unsupported number of players, or a bad option.
    """
    rules_type = GAMES.get(game) if game.__class__ is str else None
    if rules_type is None:  # another name, or no game at all
        game = game_id(game)
        rules_type = GAMES[game]
    if players.__class__ is int:  # the common case, made cheap (True == 1, but is no count)
        try:
            # The options as given and their values' types (True == 1): no generator to run.
            fast = ((game, players, *options.items(), *map(type, options.values())) if options
                    else (game, players))
            cached = _FAST.get(fast)
        except (TypeError, AttributeError):  # unhashable values, or not a mapping
            fast, cached = None, None
        if cached is not None:
            return cached
    else:
        fast = None
    if players is None:
        players = rules_type.player_counts[0]
    counts_ok = isinstance(players, int) and not isinstance(players, bool)
    if not counts_ok or players not in rules_type.player_counts:
        raise OptionError("{game} is played by {counts} players, not {players}", game=game,
                          counts=Alternatives(rules_type.player_counts), players=Quoted(players))
    # The key holds each value's type too: True == 1, but only true is a valid bool option.
    key: object
    try:
        typed = sorted((k, type(v).__name__, v) for k, v in (options or {}).items())
        key = (game, players, tuple(typed))
        cached = _CACHE.get(key)
    except (TypeError, AttributeError):  # unhashable values or names of mixed kinds, or not a
        # mapping: the options check explains
        cached, key = None, None
    if cached is None:
        cached = rules_type(players, rules_type.options_type.from_dict(options))
        if key is not None:
            _CACHE[key] = cached
    if fast is not None:
        _FAST[fast] = cached
    return cached


# Rules objects are immutable once built; building one (options checked, tables computed) costs
# more than playing a deal, so each combination is built once.
_CACHE: dict[object, Rules] = {}
_FAST: dict[object, Rules] = {}  # the same, keyed by the options as given (in their order)
