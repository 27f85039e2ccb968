"""The analysis of a deal as the widget gets it (cardrules.web.analysis): the JSON is the
package's one account of the analysis (not derived again), made a decision at a time, in both
languages, and bad requests answered in one line. Small deals and few imagined deals: cheap."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from cardrules import new_game, replay
from cardrules.account.review import Review, daily_line
from cardrules.analysis import (
    DEFAULT_WORLDS,
    Mark,
    analyse,
    bot_in_seat,
    daily_record,
    weighings,
)
from cardrules.bots import make_bot, play_out
from cardrules.web import analysis as web

WORLDS = 4


def _ask(function: Any, *args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(function(*args))
    return answer


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = new_game("briscola", players=2, seed=4)
    play_out(game, [make_bot("greedy"), make_bot("random", seed=3)])
    return game.to_record()


def _start(record: dict[str, Any], lang: str = "en", **more: Any) -> dict[str, Any]:
    settings = {"record": record, "seat": 1, "worlds": WORLDS, "level": "easy",
                "bot_level": "easy", **more}
    return _ask(web.start, json.dumps(settings), lang)


def test_the_widget_gets_the_package_analysis_a_decision_at_a_time(
        record: dict[str, Any]) -> None:
    started = _start(record, daily="2026-11-27")
    assert started["ok"] and started["player"] == replay(record).names[1]
    session = started["session"]
    shown: list[dict[str, Any]] = []
    doubted: list[dict[str, Any]] = []  # decisions in doubt, as they stood (not settled)
    while True:
        answer = _ask(web.step, session)
        assert answer["ok"]
        if answer["done"]:
            break
        if not answer["decision"]["settled"]:
            assert answer["count"] == len(shown)
            doubted.append(answer["decision"])
            continue
        assert answer["count"] == len(shown) + 1
        shown.append(answer["decision"])
    assert len(shown) == started["total"] > 5
    # The one account: the same decisions as the package's analysis of that seat.
    whole = analyse(record, 1, worlds=WORLDS)
    review = Review(whole, "en")
    assert [d["index"] for d in shown] == [d.index for d in whole.decisions]
    for said, decision in zip(shown, whole.decisions, strict=True):
        assert said["step"] == decision.index + 1
        assert (said["mark"], said["best"]) == (decision.mark.value, decision.best.notation)
        assert said["lines"] == review.decision(decision)
        assert said["better"] == (review.better(decision) if said["mark"] != "none" else "")
        card = said["best_card"]
        assert card is None or (decision.better and card == decision.best.notation)
        assert said["weighing"] == "" and said["mark_text"] == review.mark(decision.mark)
    # Before each extension of a decision in doubt, the package's decision as it stood, said
    # to be still weighed (at 4 imagined deals a decision, some are in doubt).
    pieces = [w.decision for w in weighings(replay(record), 1, worlds=WORLDS) if not w.settled]
    assert doubted and len(doubted) == len(pieces)
    for said, decision in zip(doubted, pieces, strict=True):
        assert (said["index"], said["mark"]) == (decision.index, decision.mark.value)
        assert said["mark_text"] == review.mark_so_far(decision.mark)
        assert said["weighing"] == review.weighing(decision) == (
            f"In doubt after {decision.worlds} imagined deals: it is being weighed in more.")
        assert said["lines"] == [*review.decision(decision), said["weighing"]]
        assert said["better"] == (review.better(decision) if said["mark"] != "none" else "")
    finished = _ask(web.finish, session)
    assert finished["analysis"]["decisions"] == whole.to_json()["decisions"]
    assert finished["summary"] == review.summary()
    assert finished["svg"].startswith("<svg") and "<script" not in finished["svg"]
    assert len(finished["rows"]) == len(shown) + 1 and len(finished["headers"]) == 4
    assert [row[0] for row in finished["rows"][:-1]] == [str(d["index"] + 1) for d in shown]
    bot = _ask(web.seat_bot, session)
    while not bot["done"]:
        assert 0 < bot["played"] <= 2 * bot["actions"]
        bot = _ask(web.seat_bot, session)
    result = replay(record).result
    assert result is not None
    points = result.side_points[1]
    assert bot["player_points"] == points
    assert bot["text"].startswith(f"{started['player']} took {points} points")
    day = datetime.date(2026, 11, 27)
    assert bot["line"] == daily_line(replay(record).rules, day, points, bot["bot_points"], "en")
    assert json.loads(web.close(session)) == {"ok": True}
    gone = _ask(web.step, session)
    assert gone == {"ok": False, "error": "This analysis is no longer open: start it again."}


def test_spanish_and_bad_requests_in_one_line(record: dict[str, Any]) -> None:
    started = _start(record, "es")
    assert started["title"].startswith("Las decisiones de")
    answers = []
    while not (answer := _ask(web.step, started["session"]))["done"]:
        answers.append(answer["decision"])
    first = {"decision": next(said for said in answers if said["settled"])}
    spanish = Review(analyse(record, 1, worlds=WORLDS), "es")
    doubted = [said for said in answers if not said["settled"]]
    assert doubted
    for said in doubted:
        assert said["mark_text"].endswith("todavía se está examinando")
        assert said["weighing"].startswith("Dudosa tras ")
        assert said["weighing"].endswith(" manos imaginadas: se sigue calculando con más.")
    assert first["decision"]["mark_text"] == spanish.mark(Mark(first["decision"]["mark"]))
    assert first["decision"]["lines"] == spanish.decision(spanish.analysis.decisions[0])
    web.close(started["session"])
    assert _ask(web.finish, started["session"])["error"] == (
        "Este análisis ya no está abierto: vuelve a empezarlo.")
    unfinished = {**record, "actions": record["actions"][:5]}
    for bad, lang in (({"record": unfinished}, "en"), ({"record": record, "seat": 2}, "en"),
                      ({"record": record, "level": "wizard"}, "en"), ({"seat": 0}, "es"),
                      ({"record": {"game": "chess"}}, "en"),
                      ({"record": record, "daily": "27/11/2026"}, "en")):
        answer = _ask(web.start, json.dumps(bad), lang)
        assert answer["ok"] is False and "\n" not in answer["error"] and answer["error"]
    assert "terminado" in _ask(web.start, json.dumps({"record": unfinished}), "es")["error"]
    assert _ask(web.start, "[1, 2", "en")["ok"] is False
    # The page's own number of imagined deals, unless asked: the package's, as the terminal's.
    plain = _ask(web.start, json.dumps({"record": record}), "en")
    assert _ask(web.finish, plain["session"])["analysis"]["worlds"] == DEFAULT_WORLDS == 160
    web.close(plain["session"])


def test_the_deal_of_the_day_is_the_package_s() -> None:
    answer = _ask(web.daily, "brisca", "2026-11-27", "es")
    assert answer["ok"] and (answer["game"], answer["players"]) == ("brisca", 2)
    expected = daily_record(datetime.date(2026, 11, 27), "brisca")
    assert json.loads(answer["record_text"]) == expected
    assert _ask(web.daily, "tute", "2026-11-27", "en")["record_text"] != answer["record_text"]
    bad = _ask(web.daily, "brisca", "tomorrow", "es")
    assert bad["ok"] is False and "AAAA-MM-DD" in bad["error"]
    assert _ask(web.daily, "chess", "2026-11-27", "en")["ok"] is False


def test_a_deal_taken_over_at_a_step_rates_only_the_decisions_after_it(
        record: dict[str, Any]) -> None:
    """"Play from here": the play session says how many actions came before the reader took
    the seat; the analysis from there weighs only the seat's decisions after them, as the whole
    analysis weighs them, and says so."""
    from cardrules.web import play

    step = 12
    taken = _ask(play.start, json.dumps({"record": record, "step": step, "seat": 1}), "en")
    assert taken["ok"] and taken["taken"] == step
    play.close(taken["session"])
    assert _ask(play.start, json.dumps({"game": "briscola", "players": 2, "seed": 1}),
                "en")["taken"] == 0
    whole = _start(record)
    started = _start(record, **{"from": taken["taken"]})
    assert started["ok"] and 0 < started["total"] < whole["total"]
    assert started["taken"] == ("The seat was taken at step 13: the decisions made before it "
                                "are not rated.") and whole["taken"] == ""
    shown = []
    while not (answer := _ask(web.step, started["session"]))["done"]:
        if answer["decision"]["settled"]:
            shown.append(answer["decision"]["index"])
    later = analyse(record, 1, worlds=WORLDS, first=step)
    all_of_them = analyse(record, 1, worlds=WORLDS)
    assert shown == [d.index for d in later.decisions]
    assert shown == [d.index for d in all_of_them.decisions if d.index >= step]
    assert len(shown) == started["total"]
    assert _ask(web.finish, started["session"])["analysis"]["first"] == step
    spanish = _start(record, "es", **{"from": step})
    assert spanish["taken"].startswith("El asiento se tomó en el paso 13")
    for bad in (-1, len(record["actions"]) + 1, "3", True):
        answer = _ask(web.start, json.dumps({"record": record, "seat": 1, "from": bad}), "en")
        assert answer["ok"] is False and answer["error"].startswith("from ")


def test_the_bot_in_a_seat_taken_over_keeps_the_seat_s_earlier_actions(
        record: dict[str, Any]) -> None:
    step = 12
    replayed = bot_in_seat(record, 1, level="easy", others="greedy", first=step)
    assert replayed.record["actions"][:step] == record["actions"][:step]
    assert replayed.diverged is None or replayed.diverged >= step
