"""One score table everywhere: for every sample record, in every language, each front end shows
the score table and the winner of the deal's account (:mod:`cardrules.account.score`), and
nothing it worked out for itself.

Walked here: the terminal's replay (``cardrules replay``), the HTML deal diagram
(:func:`cardrules.render.diagram.render_deal`), the rulebook's drawing of the result
(:meth:`cardrules.render.drawing.Drawing.score`); and, in their own test, the widget's JSON
(:func:`cardrules.web.steps_data`) and play mode at the deal's last step
(:mod:`cardrules.web.play`), which carry the table as JSON under the key ``"score"``: the last
step's ``steps[-1]["score"]`` and play mode's ``state["score"]``, each
:meth:`ScoreTable.to_json <cardrules.account.score.ScoreTable.to_json>` of the account for its
viewer (``{"by": "side" | "seat", "rows": [{"name", "points", "tricks", "winner"...}],
"verdict"...}``).
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from cli_support import run
from examples_share import examples
from game_helpers import GAME_COUNTS, play_randomly
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import new_game, replay, web
from cardrules.account.deal import Teller, account
from cardrules.account.narration import ONLOOKER
from cardrules.account.score import ScoreTable
from cardrules.render.diagram import render_deal
from cardrules.render.drawing import Drawing
from cardrules.words import languages, words

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "examples").glob("*.json"))
LANGS = languages()


def rows_of(table: ScoreTable) -> list[tuple[str, int, bool]]:
    """What every front end must show of a table: each row's name, points and whether it
    won, in order."""
    return [(row.name, row.points, row.winner) for row in table.rows]


def html_table(html: str) -> tuple[str, list[tuple[str, int, bool]], str]:
    """The score in a piece of HTML: how it is laid out (``data-by``), each row's name,
    points and winner mark, and the verdict."""
    found = re.search(r'<div class="cr-score"[^>]*>.*?<table data-by="(\w+)">(.*?)</table>'
                      r'<p class="cr-score__winner">(.*?)</p>', html, re.S)
    assert found is not None, html[-2000:]
    by, body, verdict = found.groups()
    rows = [(unescape(name), int(points), "cr-score--winner" in (css or ""))
            for css, points, name in re.findall(
                r'<tr(?: class="([^"]*)")? data-(?:side|seat)="\d+" data-points="(-?\d+)">'
                r"<td>(.*?)</td>", body)]
    return by, rows, unescape(re.sub(r"<[^>]+>", "", verdict))


@pytest.fixture(params=RECORDS, ids=[path.name for path in RECORDS])
def path(request: pytest.FixtureRequest) -> Path:
    found: Path = request.param
    return found


@pytest.fixture
def record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_the_diagram_and_the_drawing_show_the_accounts_table(
    path: Path, record: dict[str, Any], lang: str, capsys: pytest.CaptureFixture[str],
) -> None:
    game = replay(record)
    table = account(game, lang).score_table
    assert table.over and table.outcome and table.rows
    expected = rows_of(table)

    for html in (render_deal(record, lang), Drawing(lang).score(game)):
        by, rows, verdict = html_table(html)
        assert (by, rows, verdict) == (table.by, expected, table.outcome + (
            f" {table.reason}" if table.reason else ""))

    status, out, _ = run(capsys, "replay", str(path), "--lang", lang)
    assert status == 0
    end = out.split(words(lang)._("── End of the deal ──"))[1].strip()
    at = 0
    for name, points, _ in expected:  # each row, in order: "Ana 80 · ..." or "Ana: 54 points"
        found = re.compile(rf"(?:^|· |: ){re.escape(name)}:? {points}\b", re.M).search(end, at)
        assert found is not None, (name, points, end[at:])
        at = found.end()
    after_rows = [line for line in end[at:].splitlines()[1:] if line]
    assert after_rows == [table.verdict, *([table.scored] if table.scored else [])]


def table_data(table: ScoreTable) -> dict[str, Any]:
    """What the web's JSON must hold of a table (a part of :meth:`ScoreTable.to_json`)."""
    data = table.to_json()
    return {"by": data["by"], "verdict": data["verdict"],
            "rows": [{key: row[key] for key in ("name", "points", "tricks", "winner")}
                     for row in data["rows"]]}


def shown(score: dict[str, Any]) -> dict[str, Any]:
    """The same part of a table sent as JSON."""
    return {"by": score["by"], "verdict": score["verdict"],
            "rows": [{key: row[key] for key in ("name", "points", "tricks", "winner")}
                     for row in score["rows"]]}


@pytest.mark.parametrize("lang", LANGS)
def test_the_widget_and_play_mode_show_the_accounts_table(
    record: dict[str, Any], lang: str
) -> None:
    from cardrules.web import play  # the widget's play mode: here only

    game = replay(record)
    expected = table_data(account(game, lang).score_table)
    data = web.steps_data(record, lang)
    assert data["ok"], data
    assert shown(data["steps"][-1]["score"]) == expected

    # Play mode at the last step: the seat that made the last move makes it again.
    steps = list(game.steps())
    seat = steps[-1].seat
    started = play.start_data({"record": record, "step": len(steps) - 2, "seat": seat,
                               "bot": "random"}, lang)
    assert started["ok"], started
    told = account(game, lang, viewer=seat)
    moved = play.act_data(started["session"], told.steps[-1].notation)
    assert moved["ok"], moved
    assert shown(moved["state"]["score"]) == table_data(told.score_table)


@settings(max_examples=examples(60), deadline=None)
@given(setup=st.sampled_from(GAME_COUNTS), seed=st.integers(0, 2**32),
       viewer=st.sampled_from([None, ONLOOKER, 0, 1]))
def test_every_step_s_table_for_every_viewer(setup: tuple[str, int], seed: int,
                                             viewer: int | None) -> None:
    """At every step, for any viewer: every seat in exactly one row; the table by seat while
    the viewer is not shown the sides; no more points than the seats have taken; hands shown
    only to whom may see them; at the end, the result's points and winners."""
    game_id, players = setup
    game = play_randomly(new_game(game_id, players=players, seed=seed), seed)
    teller = Teller(game.rules, game.names, "en", viewer=viewer)
    steps = list(game.steps())
    # Seats dealt no cards sit the deal out (Chiamata with six or seven): a row of theirs at
    # most while the table is by seat.
    playing = [seat for seat, hand in enumerate(steps[0].after.hands) if hand]
    for step in steps:
        told = teller.tell(step)
        table = told.score_table
        seats = sorted(seat for row in table.rows for seat in row.seats)
        assert len(set(seats)) == len(seats) and set(playing) <= set(seats) <= set(
            range(players))
        if not told.sides_shown:
            assert table.by == "seat" and all(row.side is None for row in table.rows)
        taken = step.after.points
        for row in table.rows:
            if not table.over:
                assert row.points <= sum(taken[s] for s in row.seats)
            assert row.hidden == () or viewer not in row.seats
        for seat, hand in enumerate(told.hands_shown):
            assert hand.count == len(step.after.hands[seat])
            if viewer is None or viewer == seat:
                may_see = True
            elif viewer >= 0:  # its own, and those it is shown
                may_see = bool(step.seen_hands) and seat in step.seen_hands[viewer]
            else:  # an onlooker: what the whole table is shown
                may_see = bool(step.seen_hands) and all(
                    seat in step.seen_hands[other] for other in range(players) if other != seat)
            assert hand.seen == may_see
            assert hand.cards is None or hand.cards == step.after.hands[seat]
    result = game.result
    assert result is not None and table.over and told.sides_shown
    if table.by == "seat":
        assert [row.points for row in table.rows] == list(result.points)
    else:
        assert [row.points for row in table.rows] == list(result.side_points)
    winners = set(result.sides[result.winner]) if result.winner is not None else set()
    assert {s for row in table.rows if row.winner for s in row.seats} == winners
