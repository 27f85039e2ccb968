"""Adding a game is a game module, its pages and its samples: no front end changes.

A toy game, written here and nowhere else, with a move of its own (a *knock*: the player to
lead knocks on the table for a suit, for 5 points), is registered for the test. The terminal's
replay, the rulebook's deal diagram and the widget's JSON (checked against its schema) all
tell it, the knock in its own phrases, with no file of theirs knowing the game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from cli_support import run
from test_schema import check

from cardrules import ALL_CARDS, Card, Suit, replay, web
from cardrules.bots import GreedyBot, RandomBot, play_out
from cardrules.core.actions import Phrases, SuitMove, Trick
from cardrules.core.options import Options
from cardrules.core.packs import pack_for
from cardrules.core.ranking import RANKINGS
from cardrules.engine import (
    CardRule,
    Details,
    Game,
    MoveRule,
    Result,
    Rules,
    Table,
    Title,
    Why,
    side_points,
)
from cardrules.games import GAMES
from cardrules.render.diagram import render_deal
from cardrules.web import schema
from cardrules.words import N_

FOLLOW = Why(N_("{who} must follow suit: not {card}"))
ONLY_LEADER = Why(N_("only the player to lead may knock, before their card"))
ONCE = Why(N_("each player knocks once a deal"))


@dataclass(frozen=True)
class KnockDetails(Details):
    """Who has knocked."""

    knocked: tuple[int, ...] = ()


@dataclass(frozen=True)
class FollowSuit(CardRule):
    led: Suit

    def check(self, card: Card, hand: Sequence[Card]) -> Why | None:
        if card.suit is not self.led and any(c.suit is self.led for c in hand):
            return FOLLOW
        return None


@dataclass(frozen=True)
class Knock(SuitMove):
    """Knock on the table for a suit: 5 points, once a deal, by the player to lead."""

    keyword: ClassVar[str] = "knock"
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} knocks on the table for {suit}: 5 points."),
        N_("You knock on the table for {suit}: 5 points."),
        choice=N_("knock for {suit} (5 points)"),
    )


class KnockRule(MoveRule[Knock]):
    move_type = Knock

    def offers(self, game: Table, seat: int) -> Iterable[Knock]:
        return [Knock(suit) for suit in Suit]

    def check(self, game: Table, seat: int | None, move: Knock) -> Why | None:
        if seat is None or game.trick:
            return ONLY_LEADER
        details = game.details
        assert isinstance(details, KnockDetails)
        return ONCE if seat in details.knocked else None

    def apply(self, game: Table, seat: int, move: Knock) -> Trick | None:
        details = game.details
        assert isinstance(details, KnockDetails)
        game.add_points(seat, 5)
        game.update_details(knocked=(*details.knocked, seat))
        return None


class KnockGame(Rules):
    """Two players, sixteen cards, follow suit, and a knock for 5."""

    id = "knock"
    title = Title(N_("Knock (a toy game)"))
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    options_type = Options
    move_types = (Knock,)
    details_type = KnockDetails

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        standard = RANKINGS["standard"]
        self.pack = pack_for("spanish", 40)
        self.cards = tuple(c for c in ALL_CARDS if c.number in (1, 3, 11, 12))
        self.hand_sizes = (8, 8)
        self.draw_counts = (0, 0)
        self.turn_sizes = (1, 1)
        self.turns_up = False
        self.strength = standard.strength
        self.card_points = standard.card_points
        self.move_rules = (KnockRule(),)

    def card_rule(self, game: Table, seat: int) -> CardRule | None:
        return FollowSuit(game.trick[0].suit) if game.trick else None

    def result(self, game: Table) -> Result:
        points = tuple(game.points)
        winner = None if points[0] == points[1] else points.index(max(points))
        return Result(points, game.sides, side_points(game.sides, points), winner)


@pytest.fixture
def knock_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A finished deal of the toy game, registered for this test only, in which Ana knocks."""
    monkeypatch.setitem(GAMES, KnockGame.id, KnockGame)
    rules = KnockGame(2, Options())
    game = Game(rules, names=("Ana", "Bruno"), seed=5)
    game.play(rules.deal_from_seed(5))
    game.play("knock:C")
    play_out(game, [GreedyBot(), RandomBot(seed=1)])
    path = tmp_path / "knock.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    return path


KNOCK = "Ana knocks on the table for cups: 5 points."


def test_the_toy_game_replays_like_any_other(knock_record: Path) -> None:
    game = replay(json.loads(knock_record.read_text()))
    assert game.is_over and game.points[0] >= 5


def test_the_terminal_tells_the_toy_game(
    knock_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "replay", str(knock_record))
    assert status == 0 and err == ""
    assert f"  {KNOCK}" in out.splitlines()
    assert "── Trick 8 ──" in out and ("Ana wins the deal" in out or "Bruno wins" in out
                                      or "A draw" in out)
    status, out, _ = run(capsys, "replay", str(knock_record), "--lang", "es")
    assert status == 0 and "── Baza 1 ──" in out
    # the toy's own sentence is in no catalogue: said in English, with the suit's Spanish name
    assert "Ana knocks on the table for copas: 5 points." in out


def test_the_diagram_draws_the_toy_game(knock_record: Path) -> None:
    html = render_deal(json.loads(knock_record.read_text()), "en", definitions={})
    assert html.startswith('<figure class="cr-deal" data-game="knock"')
    assert f'data-action="knock:C">{KNOCK}</li>' in html
    assert html.count('class="cr-trick"') == 8


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_widget_json_of_the_toy_game_keeps_to_the_schema(knock_record: Path,
                                                             lang: str) -> None:
    answer: Any = web.steps_data(knock_record.read_text(), lang)
    assert answer["ok"], answer
    check(answer, schema.DealJSON, "knock")
    knock = next(step for step in answer["steps"] if step["action"] == "knock:C")
    suit = "cups" if lang == "en" else "copas"
    assert knock["text"] == f"Ana knocks on the table for {suit}: 5 points."
    # Two players, a side each: the score is by side, Ana's first.
    assert knock["score"]["by"] == "side" and knock["score"]["rows"][0]["points"] == 5
    assert answer["title"] == "Knock (a toy game)"
    assert len(answer["tricks"]) == 8
