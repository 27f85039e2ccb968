"""Helpers shared by the engine and Briscola-family tests: explicit deals, scripted play,
independent card-point tables and the game invariants.

Everything here is written from the rules notes and the public API only (``cardrules``), so a
bug in the engine cannot hide in a helper that reuses engine internals.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

import cardrules
from cardrules import (
    Action,
    Card,
    Deal,
    Event,
    Game,
    IllegalActionError,
    State,
    parse_card,
    parse_cards,
)

Options = Mapping[str, Any]

#: The usual card points (seed 002, 003, 004): ace 11, three 10, king 4, knight 3, jack 2.
POINTS: dict[int, int] = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}

#: Rank, strongest first (8 and 9 only in the 48-card pack).
ORDER: tuple[int, ...] = (1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2)

#: The Briscola family.
FAMILY: tuple[str, ...] = ("briscola", "brisca", "briscas")

#: Every game with every player count it supports.
GAME_COUNTS: list[tuple[str, int]] = [
    (game, n) for game, rules in cardrules.GAMES.items() for n in rules.player_counts
]

#: The Briscola family with every player count it supports.
FAMILY_COUNTS: list[tuple[str, int]] = [(g, n) for g, n in GAME_COUNTS if g in FAMILY]


def points_of(cards: Sequence[Card], table: Mapping[int, int] = POINTS) -> int:
    """Card points of some cards, by an independent table."""
    return sum(table.get(c.number, 0) for c in cards)


def codes(cards: Sequence[Card]) -> list[str]:
    """The codes of some cards, in order."""
    return [c.code for c in cards]


def words(text: str) -> list[str]:
    """Codes or actions written in one string, separated by spaces."""
    return text.split()


def hand_codes(game: Game, seat: int) -> set[str]:
    """The codes in one seat's hand."""
    return {c.code for c in game.hands[seat]}


def make_deal(
    game_id: str,
    players: int,
    hands: Sequence[str],
    *,
    turn_up: str,
    top: str = "",
    leave_out: str = "",
    options: Options | None = None,
) -> Deal:
    """An explicit deal: the given hands, the given top of the stock (drawn first), then every
    other card of the game's pack (in index order, minus ``leave_out``), then the turn-up."""
    rules = cardrules.rules_for(game_id, players, options)
    dealt = [tuple(parse_cards(h)) for h in hands]
    top_cards = parse_cards(top)
    up = parse_card(turn_up)
    out = set(parse_cards(leave_out))
    used = {c for h in dealt for c in h} | set(top_cards) | {up} | out
    rest = [c for c in rules.cards if c not in used]
    return Deal(tuple(dealt), (*top_cards, *rest, up))


def start(
    game_id: str,
    players: int,
    hands: Sequence[str],
    *,
    turn_up: str,
    top: str = "",
    leave_out: str = "",
    options: Options | None = None,
) -> Game:
    """A game started from :func:`make_deal`."""
    deal = make_deal(
        game_id, players, hands, turn_up=turn_up, top=top, leave_out=leave_out, options=options
    )
    return cardrules.new_game(game_id, players=players, deal=deal, options=options)


def play(game: Game, actions: str) -> list[Event]:
    """Play actions written in notation, separated by spaces."""
    return [game.play(a) for a in actions.split()]


def refused(game: Game, action: str) -> str:
    """Why ``action`` (in notation) is refused, in English; the refusal has its Spanish too
    and leaves the game as it was."""
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as error:
        game.play(action)
    assert game.snapshot() == before  # nothing changed
    assert error.value.en and error.value.es
    return error.value.en


Chooser = Callable[[Game], Action]


def play_until(game: Game, choose: Chooser, stop: Callable[[Game], bool]) -> None:
    """Let ``choose`` pick the actions of the player to act until ``stop`` or the end."""
    for _ in range(500):
        if game.is_over or stop(game):
            return
        game.play(choose(game))
    raise AssertionError("the game did not end within 500 actions")


def random_chooser(rnd: random.Random, cards_only: bool = False) -> Chooser:
    """Uniformly random legal actions (only card plays if ``cards_only``)."""

    def choose(game: Game) -> Action:
        actions: list[Action] = game.legal_actions()
        if cards_only:
            plays: list[Action] = [a for a in actions if isinstance(a, Card)]
            actions = plays or actions
        return actions[rnd.randrange(len(actions))]

    return choose


def play_randomly(game: Game, seed: int, cards_only: bool = False) -> Game:
    """Play the game to its end with random legal actions."""
    play_until(game, random_chooser(random.Random(seed), cards_only), lambda g: False)
    return game


def all_cards_now(game: Game) -> Counter[Card]:
    """Every card somewhere in the game now: hands, stock, turn-up, trick, taken piles, and the
    cards out of play (the aside pile and the talon)."""
    found: Counter[Card] = Counter()
    for hand in game.hands:
        found.update(hand)
    found.update(game.stock)
    if game.turn_up is not None:
        found[game.turn_up] += 1
    found.update(game.trick)
    for pile in game.taken:
        found.update(pile)
    found.update(game.aside)
    found.update(game.talon)
    return found


def without_last(state: State) -> State:
    """A state with its ``last`` event cleared, to compare with :meth:`Game.snapshot`."""
    return dataclasses.replace(state, last=None)
