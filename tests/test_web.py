"""cardrules.web, the Python side of the rulebook's widget, in CPython; and the same package inside
Pyodide under Node (tests/pyodide/replay_examples.mjs), compared with CPython value for value."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_support import missing

import cardrules
from cardrules import web
from cardrules.account.deal import account
from cardrules.account.narration import Narrator
from cardrules.bots import GreedyBot, RandomBot, play_out
from cardrules.core.labels import PlayLabel
from cardrules.learn import glossary

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(ROOT.glob("examples/*.json"))
RUNTIME = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"


def steps_of(path: Path, lang: str = "en") -> dict[str, Any]:
    answer = web.steps_data(path.read_text(encoding="utf-8"), lang)
    assert answer["ok"], answer
    return answer


def chanted_aluette() -> dict[str, Any]:
    """A deal of Aluette with the chant: all four agree, then seats 0 and 3 discard face down."""
    game = cardrules.new_game("aluette", players=4, seed=0, options={"chant": True})
    play_out(game, [GreedyBot(), RandomBot(seed=1), GreedyBot(), RandomBot(seed=3)])
    record = game.to_record()
    assert record["actions"][:5] == ["chant"] * 4 + ["discard:3E"]
    return record


# Every state of a deal --------------------------------------------------------------------------


def views_of(path: Path | dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """Each seat's view of a deal (its answer for that seat), by seat."""
    text = path if isinstance(path, dict) else path.read_text(encoding="utf-8")
    game = cardrules.replay(text)
    views = [web.steps_data(text, lang, str(seat)) for seat in range(game.players)]
    assert all(view["ok"] and view["view"] == seat for seat, view in enumerate(views))
    return views


def said(step: dict[str, Any]) -> str:
    """Every sentence of a step, as the stepper shows them."""
    return " ".join(step[k] for k in ("text", "trick_text", "draw_text", "news_text") if step[k])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_steps_follow_the_engine_state_by_state(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = cardrules.replay(text)
    answer = steps_of(path)
    assert answer["view"] == "all"
    states = list(game.states())
    assert len(answer["steps"]) == len(states) == len(game.log)
    told = account(game, "en")
    for index, (step, state) in enumerate(zip(answer["steps"], states)):
        assert step["hands"] == [[c.code for c in hand] for hand in state.hands]
        assert step["turn_up"] == (state.turn_up.code if state.turn_up else None)
        assert step["stock"] == len(state.stock) + (state.turn_up is not None)
        assert step["aside"] == len(state.aside)
        won = [sum(1 for t in state.tricks if t.winner == s) for s in range(game.players)]
        score = step["score"]
        # The account's table as it is, and it agrees with the engine's state.
        assert score == told.steps[index].score_table.to_json()
        counted = won if answer["scored_by"] == "tricks" else list(state.points)
        rows = score["rows"]
        if state.result is None and score["by"] == "seat":
            assert [row["seats"] for row in rows] == [[s] for s in range(game.players)]
            assert [row["tricks"] for row in rows] == won
            assert [row["points"] for row in rows] == counted
        elif state.result is None:
            assert [row["points"] for row in rows] == [
                sum(counted[s] for s in row["seats"]) for row in rows]
        assert step["phase"] == state.phase.value
        assert step["actor"] == (state.last.seat if state.last else None)
        if not step["done"]:
            assert [(s, c) for s, c, _ in step["table"]] == [(s, c.code) for s, c in state.trick]
    result = game.result
    assert result is not None
    final = answer["steps"][-1]["score"]
    if final["by"] == "side":
        assert [row["points"] for row in final["rows"]] == list(result.side_points)
        assert [row["winner"] for row in final["rows"]] == [
            k == result.winner for k in range(len(result.sides))]
    assert answer["result"]["side_points"] == list(result.side_points)
    assert answer["result"]["winner"] == result.winner


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_finished_tricks_carry_the_summary_labels_and_winner(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tricks = cardrules.summary(cardrules.replay(text))["tricks"]
    answer = steps_of(path)
    assert len(answer["tricks"]) == len(tricks)
    for n, (index, trick) in enumerate(zip(answer["tricks"], tricks), start=1):
        step = answer["steps"][index]
        assert step["done"] and step["trick"] == n
        assert [[s, c] for s, c, _ in step["table"]] == trick["plays"]
        assert [label for _, _, label in step["table"]] == trick["labels"]
        assert step["winner"] == trick["winner"]
        if trick["winner"] is not None:
            assert step["table"][step["taking"]][0] == trick["winner"]
        assert step["trick_text"]
    game = cardrules.replay(text)
    groups = (game.sides if answer["steps"][-1]["score"]["by"] == "side"
              else [(s,) for s in range(game.players)])
    won = [sum(1 for trick in tricks if trick["winner"] in group) for group in groups]
    assert [row["tricks"] for row in answer["steps"][-1]["score"]["rows"]] == won


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_sentence_is_the_narrators(path: Path, lang: str) -> None:
    """The answer words nothing itself: each step's sentences are the narration's account of
    that step for the answer's viewer, and the verdict is the narration's."""
    game = cardrules.replay(path.read_text(encoding="utf-8"))
    answer = steps_of(path, lang)
    views = views_of(path, lang)
    told = Narrator(game.rules, game.names, lang)
    seats = [Narrator(game.rules, game.names, lang, viewer=s) for s in range(game.players)]
    previous = None
    for index, step in enumerate(game.steps()):
        words = told.step(step, previous=previous)
        shown = answer["steps"][index]
        assert shown["text"] == words.action
        assert shown["trick_text"] == words.trick
        assert shown["draw_text"] == " ".join(words.draws)
        assert shown["news_text"] == " ".join(words.news)
        # Only a card put face down is told differently to other seats, and the sides to a
        # seat that does not know them yet (a hidden partner).
        hidden = isinstance(step.action, cardrules.Move) and step.action.face_down
        learnt = previous is not None and step.known_sides != previous.known_sides
        for seat, view in enumerate(views):
            theirs = view["steps"][index]
            assert theirs["text"] == seats[seat].step(step, previous=previous).action
            if not hidden:
                assert theirs["text"] == shown["text"]
            if not learnt:
                assert theirs["news_text"] == shown["news_text"]
        previous = step
    assert game.result is not None
    verdict = [told.verdict(game.result), told.game_points(game.result)]
    assert answer["result"]["text"] == " ".join(line for line in verdict if line)
    if answer["steps"][-1]["score"]["by"] == "side":
        assert [row["name"] for row in answer["steps"][-1]["score"]["rows"]] == [
            told.side(side) for side in game.sides]


def test_a_seat_is_told_only_what_it_may_know() -> None:
    """A discard names its card in the open account and to its owner; every other seat is told
    that a card was put aside, and nothing of which card it was."""
    record = chanted_aluette()
    for lang, hidden in (("en", "Ana puts a card aside, face down."),
                         ("es", "Ana aparta una carta boca abajo.")):
        answer = web.steps_data(record, lang)
        views = views_of(record, lang)
        discards = [i for i, s in enumerate(answer["steps"]) if s["action"].startswith("discard:")]
        assert len(discards) == 12
        assert {answer["steps"][i]["actor"] for i in discards} == {0, 3}
        for index in discards:
            step = answer["steps"][index]
            card = answer["cards"][step["action"].removeprefix("discard:")]
            assert card in step["text"]  # the open account names it
            for seat, view in enumerate(views):
                theirs = view["steps"][index]
                if seat == step["actor"]:
                    assert theirs["text"] == step["text"]  # its owner reads the open text
                else:
                    assert card not in theirs["text"] and theirs["action"] == "discard:?"
        first = discards[0]
        assert answer["steps"][first]["text"].startswith("Ana ")
        assert views[1]["steps"][first]["text"] == hidden
        # The cards put face down: named to their owner, a back to the others.
        assert all(code is not None for _, code, _ in views[0]["face_down"] if _ == 0)
        assert all(code is None for seat, code, _ in views[1]["face_down"])


def test_a_signal_is_told_to_the_partner_only() -> None:
    game = cardrules.new_game("aluette", players=4, seed=3, options={"signals": True})
    game.play("signal:aces")
    record = game.to_record()
    step = web.steps_data(record, "en")["steps"][1]
    assert step["text"] == "Ana signals to the partner: the mouth open (aces)."
    views = views_of(record)
    assert [view["steps"][1]["text"] for view in views] == [step["text"], "", step["text"], ""]


@pytest.mark.parametrize("name", ["chiamata-5p", "rematada-3p"])
def test_sides_known_only_at_a_call_are_shown_from_that_step(name: str) -> None:
    """Briscola Chiamata (a hidden partner, known at the call) and Brisca Rematada (the
    declarer alone against the others, known when the auction ends): the open account shows
    the sides from the step they are settled; each seat's view from the step that seat learns
    them (the holder of the called card from the call, the others from the step it is
    played; in Rematada everyone from the end of the auction)."""
    path = ROOT / "examples" / f"{name}.json"
    game = cardrules.replay(path.read_text(encoding="utf-8"))
    answer = steps_of(path)
    shown = [any(c is not None for c in step["side_of"]) for step in answer["steps"]]
    call = shown.index(True)
    assert call > 1 and all(shown[call:]) and not any(shown[:call])
    assert [bool(step.after.sides) for step in game.steps()][call - 1:call + 1] == [False, True]
    assert game.result is not None
    side_of = {s: k for k, side in enumerate(game.result.sides) for s in side}
    final = answer["steps"][-1]["side_of"]
    assert all(colour in (None, side_of[s]) for s, colour in enumerate(final))
    views = views_of(path)
    knows = [[any(c is not None for c in step["side_of"]) for step in view["steps"]]
             for view in views]
    assert not any(any(k[:call]) for k in knows)
    if name == "rematada-3p":
        assert all(all(k[call:]) for k in knows)
    else:
        played = next(i for i, step in enumerate(answer["steps"]) if step["action"] == "12O")
        assert all(knows[3][call:])  # seat 3, the holder
        assert not any(knows[1][:played]) and all(knows[1][played:])


def test_a_seat_learns_the_partner_when_the_called_card_is_played() -> None:
    """Seat 1 is not told who the partner is, nor shown the sides or the partner's part, until
    seat 3 plays the called card; seat 3 knows from the call; the open account says it at both."""
    path = ROOT / "examples" / "chiamata-5p.json"
    answer = steps_of(path)
    steps = answer["steps"]
    call = next(i for i, s in enumerate(steps) if s["action"] == "call:12O")
    played = next(i for i, s in enumerate(steps) if s["action"] == "12O")
    holds = ("Diego holds the called card: Ana and Diego play together against Bruno, Carmen "
             "and Elena.")
    had = "Diego had the called card: Ana and Diego play together against Bruno, Carmen and Elena."
    assert steps[call]["news_text"] == holds and steps[played]["news_text"] == had
    views = views_of(path)
    one = [said(step) for step in views[1]["steps"]]
    assert not any("partner" in words or "Diego h" in words for words in one[:played])
    assert had in one[played]
    for step in views[1]["steps"][:played]:
        assert "partner" not in step["roles"] and step["score"]["by"] == "seat"
    assert views[1]["steps"][played]["roles"][3] == "partner"
    assert views[1]["steps"][played]["score"]["by"] == "side"
    three = [said(step) for step in views[3]["steps"]]
    assert holds in three[call] and had not in three[played]
    assert views[3]["steps"][call]["roles"] == [
        "caller", "defender", "defender", "partner", "defender"]
    assert views[1]["steps"][call]["roles"] == ["caller", "", "", "", ""]
    es = steps_of(path, "es")["steps"]
    assert es[played]["news_text"] == (
        "Diego tenía la carta llamada: Ana y Diego forman pareja contra Bruno, Carmen y Elena.")


def test_the_talon_and_the_auction_step_by_step() -> None:
    path = ROOT / "examples" / "rematada-3p.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    answer = steps_of(path)
    steps = answer["steps"]
    assert answer["talon"] == {"cards": record["deal"]["talon"], "step": 17, "seat": 0}
    assert [s["talon"] for s in steps[:18]] == [2] * 17 + [0]
    assert steps[17]["news_text"] == (
        "Ana wins the auction at 114: the other two play against them, each on their own. "
        "Ana shows the talon, the five of clubs and the king of coins, and takes it.")
    # The talon is shown to everyone.
    assert all(said(view["steps"][17]) == said(steps[17]) for view in views_of(path))
    calls = answer["auction"]["calls"]
    assert answer["auction"]["rounds"] == 8
    assert calls[:3] == [[0, 100, 1, 0], [1, 101, 2, 0], [2, None, 3, 0]]
    assert calls[-1] == [1, None, 17, 7]
    assert [f"bid:{b}" if b is not None else "pass" for _, b, _, _ in calls] == [
        s["action"] for s in steps[1:18]]
    game = cardrules.replay(record)
    details = game.details
    assert [[seat, bid] for seat, bid, _, _ in calls] == [list(c) for c in details.auction.calls]  # type: ignore[attr-defined]
    assert [s["trump"] for s in steps[19:21]] == [None, "O"]
    # What will make trumps, in words, until a move makes them (the auction's winner names them).
    assert [s["trumps"] for s in steps[19:21]] == [
        "No trumps until the auction's winner names them", "Trumps: coins"]
    chiamata = steps_of(ROOT / "examples" / "chiamata-5p.json")
    assert chiamata["talon"] is None
    assert [s["trump"] for s in chiamata["steps"][25:27]] == [None, "O"]
    assert [s["trumps"] for s in chiamata["steps"][25:27]] == [
        "No trumps until the call", "Trumps: coins"]
    aluette = steps_of(ROOT / "examples" / "aluette-4p.json", "es")
    assert {s["trumps"] for s in aluette["steps"]} == {"Sin triunfo"}
    assert steps_of(ROOT / "examples" / "brisca-2p.json")["auction"] is None


def test_discards_stay_hidden_from_the_other_seats() -> None:
    """The declarer's discards: named in the open account and to him; never to the others,
    neither the card nor its points (his points as they count them leave the discards out)."""
    path = ROOT / "examples" / "rematada-3p.json"
    for lang in ("en", "es"):
        answer = steps_of(path, lang)
        views = views_of(path, lang)
        discards = [step for step in answer["steps"] if step["action"].startswith("discard:")]
        names = [answer["cards"][s["action"].removeprefix("discard:")] for s in discards]
        assert names == (["three of clubs", "ace of cups"] if lang == "en"
                         else ["tres de bastos", "as de copas"])
        assert answer["face_down"] == [[0, "3B", 18], [0, "1C", 19]]
        assert views[0]["face_down"] == answer["face_down"]
        for seat in (1, 2):
            told = " ".join(said(step) for step in views[seat]["steps"])
            assert not any(name in told for name in names)
            assert views[seat]["face_down"] == [[0, None, 18], [0, None, 19]]
        assert all(name in " ".join(said(s) for s in views[0]["steps"]) for name in names)
        for index in range(19, len(answer["steps"])):
            open_row = answer["steps"][index]["score"]["rows"][0]
            own = views[0]["steps"][index]["score"]["rows"][0]
            other = views[1]["steps"][index]["score"]["rows"][0]
            assert own == open_row
            if index < len(answer["steps"]) - 1:  # at the end, the result's: told to all
                assert other["points"] == open_row["points"] - 21
            assert dict(other["parts"])["discard"] is None  # his discards: "?" to the others
            assert dict(own["parts"])["discard"] == 21


def test_the_score_of_each_seat_on_its_own_and_what_it_is_made_of() -> None:
    answer = steps_of(ROOT / "examples" / "rematada-3p.json")
    assert answer["steps"][-1]["roles"] == ["declarer", "", ""]
    final = answer["steps"][-1]["score"]
    assert final["by"] == "seat" and final["kinds"] == ["cards", "discard", "declare", "last"]
    assert [[points for _, points in row["parts"]] for row in final["rows"]] == [
        [71, 21, 20, 10], [9, 0, 0, 0], [19, 0, 0, 0]]
    assert [sum(points for _, points in row["parts"]) for row in final["rows"]] == [
        row["points"] for row in final["rows"]]
    assert final["rows"][0]["side"] == 0 and final["rows"][1]["side"] is None
    chiamata = steps_of(ROOT / "examples" / "chiamata-5p.json", "es")
    assert chiamata["steps"][-1]["score"]["by"] == "side"
    assert chiamata["steps"][-1]["score"]["kinds"] == []
    assert chiamata["steps"][-1]["roles"] == [
        "el que llama", "defensor", "defensor", "compañero", "defensor"]
    void = steps_of(ROOT / "examples" / "chiamata-void.json")
    assert void["steps"][-1]["score"]["by"] == "seat"
    assert all("roles" not in s for s in void["steps"])
    brisca = steps_of(ROOT / "examples" / "brisca-4p.json")
    assert brisca["steps"][-1]["score"]["by"] == "side"
    assert all("roles" not in s for s in brisca["steps"])
    assert [seat["partners"] for seat in brisca["seats"]] == [[2], [3], [0], [1]]


def test_the_answer_describes_the_deal_in_the_page_language() -> None:
    path = ROOT / "examples" / "brisca-2p.json"
    en, es = steps_of(path, "en"), steps_of(path, "es")
    assert en["title"] == "Brisca (Spain)" and es["title"] == "Brisca (España)"
    assert en["steps"][0]["text"].startswith("The cards are dealt; the ace of coins is turned up")
    assert es["steps"][0]["text"].startswith(
        "Se reparten las cartas; la carta vuelta es el as de oros")
    assert en["trump_name"] == "coins" and es["trump_name"] == "oros"
    assert en["cards"]["10C"] == "jack of cups" and es["cards"]["10C"] == "sota de copas"
    plays = [s["text"] for s in es["steps"] if s["action"] == "10C"]
    assert plays == ["Bruno juega la sota de copas."]  # la sota, el caballo
    exchange = next(s for s in en["steps"] if s["action"].startswith("exchange:"))
    assert exchange["text"] == (
        "Ana gives the seven of coins for the turned-up card, the ace of coins.")
    last_draw = next(s for s in en["steps"] if s["draw_text"])
    assert last_draw["draw_text"] == (
        "Bruno draws the turned-up card, the two of coins. The stock is used up.")
    assert en["result"]["text"] == "Ana wins the deal, 80–40."
    assert es["result"]["text"] == "Ana gana la mano, 80–40."
    assert en["style"] == "spanish" and en["scored_by"] == "points" and en["draws"]
    assert en["seats"][1] == {"name": "Bruno", "dealer": True, "partners": []}


def test_sides_are_named_by_their_players() -> None:
    def names(path: Path, lang: str) -> list[str]:
        return [row["name"] for row in steps_of(path, lang)["steps"][-1]["score"]["rows"]]

    assert names(ROOT / "examples" / "brisca-6p.json", "es") == [
        "Ana, Carmen y Elena", "Bruno, Diego y Félix"]
    assert names(ROOT / "examples" / "brisca-4p.json", "en") == [
        "Ana and Carmen", "Bruno and Diego"]


def test_played_cards_carry_their_label() -> None:
    answer = steps_of(ROOT / "examples" / "brisca-4p.json")
    labels = {step["label"] for step in answer["steps"]}
    assert labels <= {label.value for label in PlayLabel} | {None}
    assert len(labels - {None}) >= 3
    for step in answer["steps"]:
        if step["label"] is not None:
            played = [row for row in step["table"] if row[1] == step["action"]]
            assert played and played[0][2] == step["label"]


def test_trick_scored_games_report_tricks_and_game_points() -> None:
    answer = steps_of(ROOT / "examples" / "aluette-4p.json", "es")
    assert answer["scored_by"] == "tricks" and answer["trump"] is None and not answer["draws"]
    assert all(label is None for s in answer["steps"] for _, _, label in s["table"])
    # A deal scored by tricks says what it scores, not a points score.
    said = answer["result"]["text"]
    assert said == "Ana y Carmen ganan la mano y se apuntan 1 punto de juego."


def test_a_seat_sees_the_hands_its_game_shows_it() -> None:
    """The Alcalde's two opponents see each other's hands; he sees only his own; in Brisca a
    seat sees its own hand and backs."""
    path = ROOT / "examples" / "alcalde-3p.json"
    answer = steps_of(path)
    views = views_of(path)
    for seat, sees in ((0, {0, 1}), (1, {0, 1}), (2, {2})):
        for mine, opened in zip(views[seat]["steps"], answer["steps"], strict=True):
            for other, hand in enumerate(mine["hands"]):
                assert hand == (opened["hands"][other] if other in sees
                                else [None] * len(opened["hands"][other]))
    brisca = views_of(ROOT / "examples" / "brisca-2p.json")
    assert brisca[1]["steps"][0]["hands"][0] == [None, None, None]
    assert None not in brisca[1]["steps"][0]["hands"][1]


def test_a_view_that_is_not_a_seat_is_refused() -> None:
    text = (ROOT / "examples" / "brisca-2p.json").read_text(encoding="utf-8")
    for view in ("2", "-1", "x", "1" * 50):
        answer = web.steps_data(text, "es", view)
        assert answer["ok"] is False and "0" in answer["error"] and "1" in answer["error"]


def test_player_names_come_back_as_plain_text() -> None:
    record = json.loads((ROOT / "examples" / "brisca-2p.json").read_text(encoding="utf-8"))
    names = ["<script>alert(1)</script>", '<img src=x onerror="alert(2)">']
    record["players"] = names
    answer = json.loads(web.deal_steps(json.dumps(record), "en"))
    assert [seat["name"] for seat in answer["seats"]] == names
    assert answer["steps"][1]["text"] == f"{names[0]} plays the six of cups."
    assert answer["record"]["players"] == names


@pytest.mark.parametrize(
    ("text", "en", "es"),
    [
        ("{", "not valid JSON", "no es JSON válido"),
        ('{"game": "poker", "players": 2, "seed": 1}', "unknown game", "juego desconocido"),
        ('{"game": "brisca", "players": 5, "seed": 1}', "not 5", "no con 5"),
        ('{"game": "brisca", "players": 2, "seed": 1, "actions": ["1X"]}', "actions[0]",
         "actions[0]"),
        ("[" * 100_000, "nested too deeply", "anidado a demasiada profundidad"),
        (" " * (web.MAX_RECORD_CHARS + 1), "too long", "demasiado largo"),
    ],
)
def test_bad_records_give_a_message_in_the_page_language(text: str, en: str, es: str) -> None:
    for lang, expected in (("en", en), ("es", es)):
        answer = json.loads(web.deal_steps(text, lang))
        assert answer["ok"] is False
        assert expected in answer["error"]


def test_an_unfinished_record_shows_as_far_as_it_goes() -> None:
    record = json.loads((ROOT / "examples" / "brisca-2p.json").read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:5]
    record["notes"] = {k: v for k, v in record.get("notes", {}).items() if int(k) <= 5}
    answer = web.steps_data(record)
    assert answer["ok"] and answer["result"] is None and len(answer["steps"]) == 6
    assert answer["steps"][-1]["turn"] is not None


# Notes and shared links -------------------------------------------------------------------------

ANNOTATED = [p for p in EXAMPLES if "notes" in json.loads(p.read_text(encoding="utf-8"))]


def test_the_modules_examples_run() -> None:
    import doctest

    from cardrules.web import links, steps

    for module in (steps, links):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted >= 4 and result.failed == 0


@pytest.mark.parametrize("path", ANNOTATED, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_note_is_at_its_step_in_the_page_language(path: Path, lang: str) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    notes = cardrules.record.notes_of(record)
    answer = steps_of(path, lang)
    said = {i: step["note"] for i, step in enumerate(answer["steps"]) if "note" in step}
    assert said == {i: pair[0 if lang == "en" else 1] for i, pair in notes.items()}
    assert answer["noted"] == sorted(notes)
    assert answer["record"]["notes"] == record["notes"]
    # The record the widget shows (and gives to play mode) replays with its notes.
    assert cardrules.replay(answer["record"]).log == cardrules.replay(record).log


def test_a_deal_without_notes_has_none() -> None:
    answer = web.new_deal_data("brisca", 2, seed=5)
    assert answer["noted"] == [] and "notes" not in answer["record"]
    assert not any("note" in step for step in answer["steps"])


@pytest.mark.parametrize("path", [EXAMPLES[0], *ANNOTATED[:2]], ids=lambda p: p.stem)
def test_a_link_holds_the_deal_and_the_position(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    answer = steps_of(path, "es")
    token = answer["link"]
    assert token == web.link_token(answer["record"]) == web.link_token(record)
    assert re.fullmatch(r"z[A-Za-z0-9_-]+", token)
    assert len(token) < len(json.dumps(record, separators=(",", ":")))
    packed = json.loads(web.record_of_link(token))
    assert "deal" not in packed and packed["seed"] == record["seed"]  # the seed makes the deal
    assert packed["notes"] == record.get("notes", packed.get("notes"))
    last = len(answer["steps"]) - 1
    for fragment, at in ((f"#deal={token}&step=5&view=1", {"step": 5, "view": 1}),
                         (f"deal={token}", {"step": 0, "view": None}),
                         (f"view=all&step={last}&deal={token}&later=1",
                          {"step": last, "view": None})):
        opened = web.link_data(fragment, "es")
        assert opened["ok"] and opened["at"] == at
        del opened["at"]
        # The link's view: every hand, or the seat's.
        view = "all" if at["view"] is None else at["view"]
        assert opened == (answer if view == "all" else web.steps_data(record, "es", view))
    assert json.loads(web.link_steps(f"deal={token}&step=2", "en"))["at"]["step"] == 2


def test_a_record_with_an_explicit_deal_keeps_it_in_the_link() -> None:
    record = json.loads((EXAMPLES[0]).read_text(encoding="utf-8"))
    del record["seed"]
    packed = json.loads(web.record_of_link(web.link_token(record)))
    assert packed["deal"] == record["deal"] and "seed" not in packed
    assert web.link_data("deal=" + web.link_token(record))["ok"]


def damaged() -> list[tuple[str, str, str]]:
    import base64
    import zlib

    record = json.loads(ANNOTATED[0].read_text(encoding="utf-8"))
    token = web.link_token(record)
    plain = "j" + base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b" " * (4 * web.MAX_LINK_CHARS + 10)) + packer.flush()
    bomb_token = "z" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    long_record = dict(record, comment="x" * (web.MAX_RECORD_CHARS + 1))
    del long_record["notes"]
    latin = "j" + base64.urlsafe_b64encode(b"\xff\xfe").decode().rstrip("=")
    other = {k: v for k, v in record.items() if k != "notes"}
    return [
        ("", "holds no deal", "no contiene ninguna mano"),
        ("step=3", "holds no deal", "no contiene ninguna mano"),
        ("deal=", "holds no deal", "no contiene ninguna mano"),
        ("deal=x" + token[1:], "not written as a link", "no está escrito como"),
        ("deal=z<script>", "not written as a link", "no está escrito como"),
        (f"deal={token[:-32]}", "cut or altered", "cortado o alterado"),
        (f"deal={token[:5]}A{token[6:]}", "cut or altered", "cortado o alterado"),
        (f"deal={token}AAAA", "cut or altered", "cortado o alterado"),
        (f"deal={latin}", "not text", "no es texto"),
        (f"deal={bomb_token}", "too long (over 200,000", "demasiado largo (más de 200\u00a0000"),
        ("deal=z" + "A" * web.MAX_LINK_CHARS, "too long", "demasiado largo"),
        (f"deal={web.link_token(long_record)}", "too long (over 200,000",
         "demasiado largo (más de 200\u00a0000"),
        (f"deal={token}&step=-1", "step '-1'", "paso '-1'"),
        (f"deal={token}&step=²", "step '²'", "paso '²'"),
        (f"deal={token}&view=7", "a player this deal does not have ('7')",
         "un jugador que esta mano no tiene ('7')"),
        (f"deal={plain[:-4]}", "not valid JSON", "no es JSON válido"),
        (f"deal={web.link_token(dict(other, actions=['9C']))}", "actions[0] ('9C')",
         "actions[0] ('9C')"),
        (f"deal={web.link_token(dict(record, notes={'99': {'en': 'a', 'es': 'b'}}))}",
         "notes['99']", "notes['99']"),
        (f"deal={web.link_token(dict(other, game='poker'))}", "unknown game",
         "juego desconocido"),
    ]


@pytest.mark.parametrize(("fragment", "en", "es"), damaged(), ids=lambda v: str(v)[:24])
def test_a_damaged_link_says_what_is_wrong_in_the_page_language(fragment: str, en: str,
                                                                es: str) -> None:
    for lang, expected in (("en", en), ("es", es)):
        answer = web.link_data(fragment, lang)
        assert answer["ok"] is False and expected in answer["error"], answer["error"][:300]
        assert answer["error"].startswith(("the link", "el enlace", "the link's deal",
                                           "el reparto del enlace"))


# New deals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players"),
    [("briscola", 2), ("brisca", 4), ("briscas", 6), ("alcalde", 3), ("alcalde-variation", 3),
     ("aluette", 4), ("chiamata", 5), ("rematada", 3)],
)
def test_new_deals_are_played_out_and_replay(game: str, players: int) -> None:
    answer = web.new_deal_data(game, players, seed=11, lang="es")
    assert answer["ok"] and answer["game"] == game and answer["players"] == players
    record = answer["record"]
    assert record["seed"] == 11
    again = cardrules.replay(record)
    assert again.is_over and answer["result"]["side_points"] == list(again.result.side_points)  # type: ignore[union-attr]
    assert web.new_deal_data(game, players, seed=11, lang="es") == answer


def test_new_deal_without_a_seed_draws_one() -> None:
    answer = json.loads(web.new_deal("brisca", 2, None, "en"))
    assert answer["ok"] and isinstance(answer["record"]["seed"], int)


@pytest.mark.parametrize(
    ("args", "message"),
    [(("poker", 2, 1), "unknown game"), (("brisca", 5, 1), "not 5"), (("brisca", 2, -1), "seed")],
)
def test_bad_new_deals_say_why(args: tuple[str, int, int], message: str) -> None:
    answer = web.new_deal_data(*args)
    assert answer["ok"] is False and message in answer["error"]


# Term lookup and live examples -----------------------------------------------------------------


def test_lookup_finds_a_term_by_any_form() -> None:
    answer = web.lookup_data("Arrastró", "es")
    assert answer["found"] and answer["id"] == "arrastrar"
    assert answer["gloss"] == {"en": glossary.get("arrastrar").gloss.en,
                               "es": glossary.get("arrastrar").gloss.es}
    assert answer["definition"] == glossary.get("arrastrar").definition.es.replace("*", "")
    assert answer["lang_name"] == "español" and answer["example"].strip()
    assert web.lookup_data("arrastrar", "en")["lang_name"] == "Spanish"


def test_lookup_searches_glosses_and_suggests() -> None:
    assert web.lookup_data("overtrump", "en")["id"] == "pisar"
    missing = web.lookup_data("falar", "en")
    assert missing["found"] is False and missing["suggestions"] == ["fallar"]
    assert web.lookup_data("   ", "en") == {"ok": True, "found": False, "query": "",
                                              "suggestions": []}
    assert "*" not in json.dumps([web.lookup_data(t.id, "en")["definition"]
                                  for t in glossary.terms()])


def test_every_term_example_passes_when_run() -> None:
    for term in glossary.terms():
        answer = json.loads(web.run_example(term.id, "en"))
        assert answer["ok"] and answer["passed"], (term.id, answer["error"])
        assert answer["ms"] >= 0 and answer["error"] == ""


def test_a_failing_example_says_how(monkeypatch: pytest.MonkeyPatch) -> None:
    term = glossary.get("pisar")
    broken = type(term)(**{**term.__dict__, "example": "print('hi')\nassert 1 == 2, 'nope'\n"})
    monkeypatch.setattr(glossary, "get", lambda term_id: broken)
    answer = web.run_example_data("pisar")
    assert answer["ok"] and not answer["passed"]
    assert "AssertionError: nope" in answer["error"] and answer["output"] == "hi\n"


def test_an_unknown_term_cannot_be_run() -> None:
    assert web.run_example_data("nada", "es") == {
        "ok": False, "error": "no hay ningún término 'nada' en el glosario"}


def test_catalog_lists_games_and_labels() -> None:
    for lang in ("en", "es"):
        catalog = json.loads(web.catalog(lang))
        assert [g["id"] for g in catalog["games"]] == list(cardrules.GAMES)
        assert set(catalog["labels"]) == {label.value for label in PlayLabel} | {"mano"}
        pisar = catalog["labels"]["pisar"]
        assert pisar["gloss"] == glossary.get("pisar").gloss[lang]
        assert "*" not in pisar["definition"]
        assert len(catalog["terms"]) == len(glossary.terms())


# The widget hook's page settings ---------------------------------------------------------------


@pytest.fixture(scope="module")
def hook() -> Any:
    """docs/hooks/widget.py, loaded as a module."""
    from hook_support import load_hook

    return load_hook("widget")


def test_page_settings_cannot_close_their_script_element(hook: Any) -> None:
    text = hook._script_json({"name": "</script><script>alert(1)</script>&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><script>alert(1)</script>&"}
    tag = hook.early_start({"worker": "w.js", "runtime": "r/", "wheel": "x.whl", "lang": "en"})
    assert tag.startswith('<script id="cr-widget-early">') and '"lang"' not in tag
    assert "cr-holding" in tag and f"({hook.HOLD_MS});" in tag


def test_try_page_hands_the_theme_script_to_the_hold(hook: Any) -> None:
    page = ('<body><p>rules</p><script src="../assets/javascripts/bundle.0a1b2c3d.min.js">'
            '</script><script src="../assets/cardrules.js"></script></body>')
    held = hook.hold_theme_script(page)
    assert '<script src="../assets/javascripts/bundle' not in held
    assert '__crHold.theme' in held and '"../assets/javascripts/bundle.0a1b2c3d.min.js"' in held
    assert '<script src="../assets/cardrules.js"></script>' in held
    assert hook.hold_theme_script("<body></body>") == "<body></body>"


# The same package inside Pyodide, under Node -------------------------------------------------


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The cardrules wheel, built from the working tree by scripts/build_widget.py (as the site
    build does: ``python -m build --wheel`` on a fresh copy of the sources)."""
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, str(ROOT / "scripts" / "build_widget.py"), "--dist", str(out),
               "--no-bytecode", "--no-snapshot", "--force"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = out.glob("cardrules-*.whl")
    manifest = json.loads((out / "widget.json").read_text(encoding="utf-8"))
    assert manifest["wheel"] == wheel.name and manifest["bytecode"] is None
    return wheel


def test_the_wheel_holds_every_file_of_the_package(built_wheel: Path) -> None:
    """Every module and data file of the working tree (the catalogue's .mo, .po and .pot, the
    glossary's TOML, py.typed) is in the wheel, and nothing else of the package (no module left
    over from an older build)."""
    import zipfile

    kinds = (".py", ".mo", ".po", ".pot", ".toml", ".typed")
    names = {n for n in zipfile.ZipFile(built_wheel).namelist()
             if n.startswith("cardrules/") and n.endswith(kinds)}
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardrules").rglob("*")
               if "__pycache__" not in p.parts and p.name.endswith(kinds)}
    assert {"cardrules/words/locale/es/LC_MESSAGES/cardrules.mo",
            "cardrules/glossary_data/spanish.toml"} <= sources
    assert names == sources


def test_the_hook_builds_nothing_and_says_what_is_missing(
    hook: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hook, "_runtime_dir", lambda root: root)
    monkeypatch.setitem(hook._state, "prepared", None)
    with pytest.raises(hook.PluginError) as missing:
        hook._built(tmp_path)
    message = str(missing.value)
    assert "\n" not in message and "scripts/build_widget.py" in message
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "widget.json").write_text(json.dumps(
        {"wheel": "cardrules-9-py3-none-any.whl", "digest": "abc", "bytecode": None}))
    with pytest.raises(hook.PluginError, match=r"cardrules-9-py3-none-any\.whl is missing"):
        hook._built(tmp_path)
    (tmp_path / "dist" / "cardrules-9-py3-none-any.whl").write_bytes(b"wheel")
    built = hook._built(tmp_path)
    assert built["wheel"].name == "cardrules-9-py3-none-any.whl" and built["bytecode"] is None
    assert not list(tmp_path.glob("build*"))  # nothing was built


def test_widget_pages_load_the_modules(hook: Any) -> None:
    tags = hook.script_tags({"widget": "../assets/widget/"})
    assert tags.startswith('<script type="module" src="../assets/widget/main.js"></script>')
    preloaded = re.findall(r'<link rel="modulepreload" href="../assets/widget/([\w-]+\.js)">', tags)
    assert preloaded == [m for m in hook.MODULES if m != "main.js"]
    imported = set(re.findall(r'from "\./([\w-]+\.js)"',
                              "".join((ROOT / "docs/assets/widget" / m).read_text("utf-8")
                                      for m in hook.MODULES)))
    assert imported == set(preloaded)  # every module main.js needs, and only those
    for name in hook.WIDGET_FILES:
        assert (ROOT / "docs/assets/widget" / name).is_file()


def needs_node() -> str:
    node = shutil.which("node")
    if node is None or not RUNTIME.is_file():
        missing("no Node.js or node_modules/pyodide (bash scripts/setup.sh runs npm ci)")
    assert node is not None
    return node


def test_examples_replay_the_same_inside_pyodide(built_wheel: Path, tmp_path: Path) -> None:
    """Every example, and a deal with discards face down, give inside Pyodide exactly what they
    give in CPython: the summary, and the widget's answer with every seat's words."""
    node = needs_node()
    chanted = tmp_path / "aluette-chant.json"
    chanted.write_text(json.dumps(chanted_aluette()), encoding="utf-8")
    records = [str(p.relative_to(ROOT)) for p in EXAMPLES] + [str(chanted)]
    script = ROOT / "tests" / "pyodide" / "replay_examples.mjs"
    done = subprocess.run([node, str(script), str(built_wheel), *records], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    inside = json.loads(done.stdout)
    assert inside["python"].startswith("3.14") and "site-packages" in inside["module"]
    assert sorted(inside["records"]) == sorted(records)
    for path in records:
        text = (ROOT / path).read_text(encoding="utf-8")
        expected = cardrules.summary(cardrules.replay(text))
        got = inside["records"][path]
        assert got["summary"] == expected, path
        assert got["summary"]["result"]["side_points"] == expected["result"]["side_points"]
        for lang in ("en", "es"):
            here = web.steps_data(text, lang)
            there = got[f"steps_{lang}"]
            # Another zlib may pack the link otherwise: the same record, read back in CPython.
            assert web.record_of_link(there.pop("link")) == web.record_of_link(here.pop("link"))
            assert there == here, path
        seat = web.steps_data(text, "es", "1")
        assert got["seat_es"] == seat | {"link": got["seat_es"]["link"]}, path
    hidden = [s for s in inside["records"][str(chanted)]["seat_es"]["steps"]
              if s["action"] == "discard:?"]
    assert len(hidden) == 12
    assert hidden[0]["text"] == "Ana aparta una carta boca abajo."
    # New deals of the auction games, played by the bots inside Pyodide: the same as here.
    assert sorted(inside["new_deals"]) == ["chiamata/5/7", "rematada/3/7"]
    for key, answer in inside["new_deals"].items():
        game, players, seed = key.split("/")
        assert answer == web.new_deal_data(game, int(players), int(seed), "es"), key
        assert answer["ok"] and answer["auction"]["calls"]


# Issue 37, 9: one limit for a link ---------------------------------------------------------------


@pytest.mark.parametrize(("lang", "limit"), [("en", "200,000"), ("es", "200\u00a0000")])
def test_every_long_link_is_refused_at_one_limit(lang: str, limit: str) -> None:
    """A link over the limit, a link whose record is over it, and a compressed bomb: each
    refusal states the same number (a record of 300,000 characters said "over 200,000", a bomb
    "over 1,000,000", and the pages said links were read up to 1,000,000)."""
    import base64
    import zlib

    assert web.MAX_LINK_CHARS == web.MAX_RECORD_CHARS
    record = json.loads(ANNOTATED[0].read_text(encoding="utf-8"))
    del record["notes"]
    big = web.link_token(dict(record, comment="x" * 300_000))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b" " * 10_000_000) + packer.flush()
    bomb_token = "z" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    plain = "j" + base64.urlsafe_b64encode(b" " * 300_000).decode().rstrip("=")
    for token in (big, bomb_token, plain):
        said = web.link_data(f"#deal={token}", lang)["error"]
        numbers = re.findall(r"\d[\d.,\u00a0]*\d", said)
        assert numbers == [limit], said
    page = (ROOT / "docs" / lang / "records.md").read_text(encoding="utf-8")
    assert f"no more than\n{limit} characters" in page or f"no lee más de {limit}\n" in page
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"{web.MAX_LINK_CHARS:,} characters, `cardrules.web.MAX_LINK_CHARS`" in readme
