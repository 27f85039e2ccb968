"""The bot in your seat: the same deal played again with the search bot in the player's seat.

What "the same" means, precisely (:func:`bot_in_seat`):

* **The same cards**: the record's deal (its seed or its explicit hands and stock) is dealt
  again; the stock is drawn in the same order.
* **The same play elsewhere while the deal goes the same way**: every other seat plays its
  recorded action as long as every action before it is the recorded one. The bot in the
  player's seat is asked at each of that seat's turns; while it chooses what the player chose,
  the deal goes on as recorded. Before another seat plays, the bot is asked whether it makes
  a move out of turn (its :meth:`~cardrules.bots.Bot.interject`, as the bots are at the
  table: :func:`~cardrules.bots.interjection`), such as an exchange or a cante: a move the
  player made out of turn there stays as recorded while the bot makes the same one. In a deal
  the player took over at a step (``first``), the seat's own actions before it are played as
  recorded too: they were not the player's.
* **The same bots once it differs**: from the first action that differs from the record, every
  other seat is played by the bot ``others`` (moves out of turn included, each seat asked as
  at the table) (:data:`OTHERS`: the search bot at a level, the
  greedy or the random bot; the search bot at the normal level unless said: a terminal deal
  says the bots it was played against), seeded by ``seed`` and its seat, so that the replay is
  the same on every machine.

The bot in the seat is the search bot at level ``level``, seeded by ``seed``. Its points are
its side's points, set beside the points the player's side took in the deal as recorded.

Examples:
    >>> from cardrules import new_game
    >>> from cardrules.bots import make_bot, play_out
    >>> game = new_game("briscola", players=2, seed=4)
    >>> play_out(game, [make_bot("greedy"), make_bot("greedy")])
    >>> mine = bot_in_seat(game.to_record(), seat=0, level="easy", others="greedy")
    >>> mine.player_points + game.result.side_points[1] == 120
    True
    >>> 0 <= mine.bot_points <= 120 and mine.record["game"]
    'briscola'
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..bots import Bot, interjection, make_bot
from ..core.actions import Action, format_action
from ..engine import CHANCE, Game
from ..record import load_record, replay

__all__ = ["OTHERS", "SeatReplay", "bot_in_seat", "bot_in_seat_steps", "side_result"]

OTHERS: Final = ("easy", "normal", "hard", "greedy", "random")
"""The bots the other seats may be once the deal differs: the search bot at a level, or the
greedy or the random bot."""


def _other_bot(others: str, seed: int) -> Bot:
    if others in ("greedy", "random"):
        return make_bot(others, seed=seed) if others == "random" else make_bot("greedy")
    return make_bot("pimc", seed=seed, level=others)


@dataclass(frozen=True)
class SeatReplay:
    """The deal played again with the search bot in one seat (:func:`bot_in_seat`)."""

    seat: int
    """The seat the bot took."""
    level: str
    """The bot's level."""
    player_points: int
    """The points the player's side took in the deal as recorded."""
    player_won: float
    """1, 0.5 or 0: the player's side won, drew or lost the deal as recorded."""
    bot_points: int
    """The points the bot's side took."""
    bot_won: float
    """1, 0.5 or 0: the bot's side won, drew or lost."""
    diverged: int | None
    """The index (in the actions) of the first action that differs from the record, or
    ``None`` if the bot played the deal exactly as recorded."""
    record: Mapping[str, Any]
    """The deal as the bot played it, a record."""

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON (the bot's record included)."""
        return {"seat": self.seat, "level": self.level, "player_points": self.player_points,
                "player_won": self.player_won, "bot_points": self.bot_points,
                "bot_won": self.bot_won, "diverged": self.diverged, "record": dict(self.record)}


def side_result(game: Game, seat: int) -> tuple[int, float]:
    """``seat``'s side's points in the finished ``game``, and 1, 0.5 or 0 for its side's win,
    draw or loss."""
    result = game.result
    assert result is not None
    side = next((k for k, s in enumerate(result.sides) if seat in s), None)
    points = result.side_points[side] if side is not None else 0
    won = 0.5 if result.winner is None else float(result.winner == side)
    return points, won


def bot_in_seat(record: str | bytes | Mapping[str, Any], seat: int, *, level: str = "normal",
                others: str = "normal", seed: int = 0, first: int = 0) -> SeatReplay:
    """The deal of ``record`` played again with the search bot (level ``level``) in
    ``seat``: see the module docstring for what stays the same. From a deal taken over at a
    step (``first``: the index of the first action of the record that the player chose), the
    seat's actions before it are played as recorded, and the bot takes the seat from there.

    Raises:
        RecordError: the record is not a valid deal record.
        ValueError: the deal has no such seat, or is not finished.
        OptionError: an unknown level.
        ValueError: ``others`` is not one of :data:`OTHERS`.
    """
    replaying = bot_in_seat_steps(record, seat, level=level, others=others, seed=seed,
                                  first=first)
    while True:
        try:
            next(replaying)
        except StopIteration as done:
            result: SeatReplay = done.value
            return result


def bot_in_seat_steps(record: str | bytes | Mapping[str, Any], seat: int, *,
                      level: str = "normal", others: str = "normal",
                      seed: int = 0, first: int = 0) -> Generator[int, None, SeatReplay]:
    """:func:`bot_in_seat` a decision at a time, for a caller that may stop it (the widget):
    yields the actions played so far after each bot's decision, and returns the
    :class:`SeatReplay` (the value of its ``StopIteration``). Raises as :func:`bot_in_seat`,
    at its first step."""
    if others not in OTHERS:
        raise ValueError(f"others must be one of {', '.join(OTHERS)}")
    played = replay(record)
    if not 0 <= seat < played.players:
        raise ValueError(f"no seat {seat} in a {played.players}-player game")
    if played.result is None:
        raise ValueError("the deal is not finished")
    data = load_record(record)
    game = replay({**data, "actions": []})
    recorded = played.log[1:]
    actors = played.actors()[1:]
    bot = make_bot("pimc", seed=seed, level=level)
    seated: dict[int, Bot] = {}

    def table_bot(at: int) -> Bot:
        """The bot of seat ``at`` once the deal differs."""
        if at == seat:
            return bot
        if at not in seated:
            seated[at] = _other_bot(others, seed * 101 + at + 1)
        return seated[at]

    def out_of_turn() -> Action | None:
        """The bot's move out of turn before another seat plays, if it makes one now."""
        if seat not in game.out_of_turn_actions():
            return None
        return bot.interject(game.view(seat))

    k = 0
    diverged: int | None = None
    while not game.is_over:
        to_act = game.current_player
        assert to_act is not None and to_act != CHANCE
        if diverged is None and k < len(recorded):
            asked = k >= first and to_act != seat
            if actors[k] != seat or k < first:  # another seat's action, as recorded...
                move = out_of_turn() if asked else None
                if move is None:
                    game.play(recorded[k])
                    k += 1
                    continue
                diverged = k  # ...unless the bot moves out of turn before it
                game.play(move)
                yield len(game.log) - 1
                continue
            if to_act == seat:
                choice = bot.choose(game.view(seat))
                if choice != recorded[k]:
                    diverged = k
                k += 1
                game.play(choice)
                yield len(game.log) - 1
                continue
            # The player's move out of turn: as recorded while the bot makes the same one.
            move = out_of_turn()
            if move != recorded[k]:
                diverged = k
            k += 1
            if move is not None:
                game.play(move)
                yield len(game.log) - 1
                continue
        elif diverged is None:
            diverged = k
        # Off the record: the table's play, every seat asked for a move out of turn first.
        found = interjection(game, [table_bot(s) for s in range(game.players)])
        if found is not None:
            game.play(found[1])
        else:
            game.play(table_bot(to_act).choose(game.view(to_act)))
        yield len(game.log) - 1
    player_points, player_won = side_result(played, seat)
    bot_points, bot_won = side_result(game, seat)
    out = game.to_record()
    out["actions"] = [format_action(a) for a in game.log[1:]]
    return SeatReplay(seat, level, player_points, player_won, bot_points, bot_won, diverged,
                      out)
