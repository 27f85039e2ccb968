"""Computer players, a factory for them, and a helper that plays a deal to the end with them.

A bot decides from what its seat may see, a :class:`~cardrules.engine.SeatView`: its own hand,
the trick on the table, the turned-up card, the tricks already played, the partners it knows,
and the public :class:`~cardrules.engine.Rules` of the deal. It never sees another seat's hand
unless the game shows it (open hands).

Three bots come with the package (:func:`make_bot` makes them by name):

* ``"random"``, :class:`RandomBot`: any legal action, uniformly;
* ``"greedy"``, :class:`GreedyBot`: the cheapest card that wins, else the cheapest card;
* ``"pimc"``, :class:`PimcBot`: a search bot that plays out worlds consistent with its view.

All of them play every game built on the engine, auctions included (:mod:`cardrules.bots.tactics`).

Examples:
    >>> from cardrules import new_game
    >>> game = new_game("brisca", players=2, seed=3)
    >>> play_out(game, [make_bot("pimc", seed=1, worlds=4), make_bot("greedy")])
    >>> game.is_over
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ..core.actions import Action
from ..core.errors import OptionError
from ..core.quoted import Quoted
from ..engine import CHANCE, Game, SeatView
from .ismcts import IsmctsBot
from .pimc import (
    COMPACT_LEVELS,
    HINT_NOISE,
    LEVELS,
    SOLVED_ENDGAMES,
    STEPS_PER_WORLD,
    Estimate,
    PimcBot,
    hint_bot,
)
from .simple import GreedyBot, RandomBot, cheapest_key, wins_now

__all__ = [
    "BOTS",
    "COMPACT_LEVELS",
    "HINT_NOISE",
    "LEVELS",
    "SOLVED_ENDGAMES",
    "STEPS_PER_WORLD",
    "Bot",
    "Estimate",
    "GreedyBot",
    "IsmctsBot",
    "PimcBot",
    "RandomBot",
    "cheapest_key",
    "hint_bot",
    "interjection",
    "make_bot",
    "not_let_pass",
    "play_out",
    "wins_now",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that can choose an action for a seat.

    A bot is asked to :meth:`choose` when its seat is to act, and to :meth:`interject` when
    its seat may make a move out of turn (see :func:`interjection`).
    """

    def choose(self, view: SeatView) -> Action:
        """The action to play now.

        Args:
            view: what the bot's seat may see (its hand, the table, the legal actions, and the
                public rules of the deal in ``view.rules``).

        Returns:
            One of ``view.legal_actions``.
        """
        ...

    def interject(self, view: SeatView) -> Action | None:
        """A move out of turn, or ``None`` to let the seat to act play on.

        Args:
            view: what the bot's seat may see; ``view.out_of_turn`` is true and
                ``view.legal_actions`` are the moves it may make out of turn.

        Returns:
            One of ``view.legal_actions``, or ``None``.
        """
        ...


BOTS: tuple[str, ...] = ("random", "greedy", "pimc")
"""The names :func:`make_bot` knows."""


def make_bot(name: str, *, seed: int | None = None, **params: Any) -> Bot:
    """A bot by name: ``"random"``, ``"greedy"`` or ``"pimc"``.

    Args:
        name: the bot.
        seed: seeds the bot's own random source (random and pimc), so that it repeats its
            choices.
        params: the search bot's settings: ``worlds`` (per decision), ``level`` (``"easy"``,
            ``"normal"``, ``"hard"``: a number of worlds, and of worlds on the compact model:
            :data:`~cardrules.bots.pimc.COMPACT_LEVELS`; the hard level also solves the
            endgame, the stock's unseen draws as chance,
            :data:`~cardrules.bots.pimc.SOLVED_ENDGAMES`), ``budget`` (playout steps
            a decision may spend), ``time_limit`` (seconds), ``noise``.

    Raises:
        OptionError: an unknown bot or setting.

    Examples:
        >>> make_bot("pimc", seed=3, level="easy")
        PimcBot(worlds=12, seed=3)
        >>> make_bot("pimc", seed=3, level="normal")
        PimcBot(worlds=160, seed=3, compact_worlds=320)
    """
    if name == "random" and not params:
        return RandomBot(seed=seed)
    if name == "greedy" and not params:
        return GreedyBot()
    if name == "pimc":
        level = params.pop("level", None)
        compact_worlds = None
        solved: dict[str, Any] = {}
        if level is not None:
            if level not in LEVELS:
                raise OptionError("level {level}: choose {levels}", level=Quoted(level),
                                  levels=", ".join(LEVELS))
            if "worlds" not in params:
                params["worlds"] = LEVELS[level]
                compact_worlds = COMPACT_LEVELS[level]
            if level in SOLVED_ENDGAMES:
                solved = {"search_plays": SOLVED_ENDGAMES[level], "solve_endgame": True,
                          "chance_endgame": True}
        unknown = sorted(set(params) - {"worlds", "budget", "time_limit", "noise"})
        if not unknown:
            return PimcBot(seed=seed, compact_worlds=compact_worlds, **solved, **params)
        raise OptionError("pimc has no setting {name} (worlds, level, budget, time_limit, noise)",
                          name=Quoted(unknown[0]))
    if name in ("random", "greedy"):
        raise OptionError("the {name} bot has no settings", name=name)
    raise OptionError("unknown bot {name}; the bots are: {bots}", name=Quoted(name),
                      bots=", ".join(BOTS))


def interjection(game: Game, bots: Sequence[Bot | None]) -> tuple[int, Action] | None:
    """The move out of turn a bot makes now, if any, with its seat.

    Each seat with moves out of turn (:meth:`Game.out_of_turn_actions
    <cardrules.engine.Game.out_of_turn_actions>`), in the order of play from the seat to act,
    is asked by its bot's :meth:`~Bot.interject`; the first move made is the answer.
    The bots, the terminal and the widget all ask this before the seat to act plays.

    Args:
        game: the deal.
        bots: one bot per seat, ``None`` for a seat no bot plays (a person's).

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscas", players=2, seed=0)  # seat 1 may take the 6 with its 2
        >>> interjection(game, [PimcBot(worlds=4, seed=1), PimcBot(worlds=4, seed=2)])
        (1, Exchange(card=Card('2B')))
        >>> interjection(game, [None, GreedyBot()]) is None  # the greedy bot acts in turn only
        True
    """
    for seat in game.out_of_turn_actions():
        bot = bots[seat]
        if bot is not None:
            move = bot.interject(game.view(seat))
            if move is not None:
                return seat, move
    return None


def not_let_pass(game: Game, seat: int, let_pass: set[Action]) -> list[Action]:
    """A person's moves out of turn to offer now: ``seat``'s (:meth:`Game.out_of_turn_actions
    <cardrules.engine.Game.out_of_turn_actions>`) unless every one of them is in ``let_pass``,
    the moves the person already let pass, which are not offered again while they stay
    possible (they are among the choices at the person's own turn). ``let_pass`` is emptied
    when the seat has no move out of turn left. The terminal and the widget offer the same way.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscas", players=2, seed=0)  # seat 1 may take the 6 with its 2
        >>> passed: set[Action] = set()
        >>> moves = not_let_pass(game, 1, passed)
        >>> moves
        [Exchange(card=Card('2B'))]
        >>> passed.update(moves)
        >>> not_let_pass(game, 1, passed)
        []
    """
    if game.is_over or game.current_player == seat:
        return []
    moves = game.out_of_turn_actions().get(seat, [])
    if not moves:
        let_pass.clear()
    return [] if set(moves) <= let_pass else moves


def play_out(game: Game, bots: Sequence[Bot]) -> None:
    """Play ``game`` to the end, one bot per seat.

    Each bot acts when its seat is the player to act; before that, a bot whose seat may make a
    move out of turn (such as the Spanish trump exchange) is asked whether it makes it
    (:func:`interjection`).

    Args:
        game: a dealt game (as :func:`cardrules.new_game` returns it); it is played in place.
        bots: one bot per seat, in seat order.

    Raises:
        ValueError: the number of bots is not the number of players, or the game is not dealt.
        IllegalActionError: a bot chose an action that is not legal.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscas", players=4, seed=11)
        >>> play_out(game, [GreedyBot(), RandomBot(1), GreedyBot(), RandomBot(2)])
        >>> game.result is not None
        True
    """
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for {game.players} players")
    while not game.is_over:
        seat = game.current_player
        if seat is None or seat == CHANCE:
            raise ValueError("the game must be dealt before it is played out")
        found = interjection(game, bots)
        game.play(bots[seat].choose(game.view(seat)) if found is None else found[1])
