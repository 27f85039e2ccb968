"""The game registry: every game module registers its :class:`~cardrules.engine.Rules` here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import OptionError, shown
from ..engine import Rules
from .alcalde import AlcaldeRules, AlcaldeVariation
from .aluette import Aluette
from .briscola import Brisca, Briscas, Briscola
from .chiamata import Chiamata
from .rematada import Rematada

GAMES: dict[str, type[Rules]] = {
    g.id: g for g in (
        Briscola, Brisca, Briscas, AlcaldeRules, AlcaldeVariation, Aluette, Chiamata, Rematada,
    )
}
"""Game classes by id, in the order they are listed."""

ALIASES: dict[str, str] = {"bastarda": "chiamata"}
"""Other names a game id may be given by (Briscola Bastarda is Briscola Chiamata)."""


def spoken(numbers: tuple[int, ...], word: str) -> str:
    """``(2, 3, 4)`` as ``"2, 3 or 4"`` (``word`` is "or" or "o")."""
    text = [str(n) for n in numbers]
    return text[0] if len(text) == 1 else f"{', '.join(text[:-1])} {word} {text[-1]}"


def rules_for(
    game: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Rules:
    """The rules object for a game id, a number of players and an options mapping.

    Raises:
        OptionError: unknown game, unsupported number of players, or a bad option.
    """
    if isinstance(game, str):
        game = ALIASES.get(game, game)
    rules_type = GAMES.get(game) if isinstance(game, str) else None
    if rules_type is None:
        known = ", ".join(GAMES)
        raise OptionError(
            f"unknown game {shown(game)}; the games are: {known}",
            f"juego desconocido {shown(game, 'es')}; los juegos son: {known}",
        )
    if players.__class__ is int:  # the common case, made cheap (True == 1, but is no count)
        try:
            fast = (game, players, tuple((k, v.__class__, v) for k, v in options.items())
                    if options else ())
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
        counts = rules_type.player_counts
        raise OptionError(
            f"{game} is played by {spoken(counts, 'or')} players, not {shown(players)}",
            f"{game}: se juega con {spoken(counts, 'o')} jugadores, no con {shown(players, 'es')}",
        )
    # The key holds each value's type too: True == 1, but only true is a valid bool option.
    key: object
    try:
        typed = sorted((k, type(v).__name__, v) for k, v in (options or {}).items())
        key = (game, players, tuple(typed))
        cached = _CACHE.get(key)
    except TypeError:  # unhashable values or names of mixed kinds: the options check explains
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
