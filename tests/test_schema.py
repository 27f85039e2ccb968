"""The widget's JSON keeps to its schema (cardrules.web.schema), and the page reads nothing else.

Every sample deal's answer, in every language of the catalogue, is checked value by value
against the TypedDicts; and every field the board's JavaScript reads from a deal, a step or a
seat is one the schema names.
"""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

import pytest

from cardrules import web
from cardrules.web import schema
from cardrules.words import languages

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


def check(value: Any, kind: Any, where: str) -> None:
    """Fail unless ``value`` is of the type ``kind`` (a TypedDict, list, dict, union...)."""
    origin = get_origin(kind)
    if origin in (NotRequired, Required):
        check(value, get_args(kind)[0], where)
    elif kind is Any or kind is object:
        return
    elif origin is Literal:
        assert value in get_args(kind), f"{where}: {value!r} not in {get_args(kind)}"
    elif origin in (Union, types.UnionType):
        errors = []
        for option in get_args(kind):
            try:
                check(value, option, where)
                return
            except AssertionError as error:
                errors.append(str(error))
        raise AssertionError(f"{where}: {value!r} fits none of {kind}: {errors}")
    elif kind is type(None):
        assert value is None, f"{where}: {value!r} is not None"
    elif typing.is_typeddict(kind):
        assert isinstance(value, dict), f"{where}: not an object"
        hints = typing.get_type_hints(kind, include_extras=True)
        unknown = set(value) - set(hints)
        assert not unknown, f"{where}: fields the schema does not name: {sorted(unknown)}"
        missing = kind.__required_keys__ - set(value)
        assert not missing, f"{where}: missing {sorted(missing)}"
        for key, item in value.items():
            check(item, hints[key], f"{where}.{key}")
    elif origin is list:
        assert isinstance(value, list), f"{where}: not a list"
        (item,) = get_args(kind)
        for i, element in enumerate(value):
            check(element, item, f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: not an object"
        key_type, item = get_args(kind)
        for key, element in value.items():
            check(key, key_type, f"{where} key")
            check(element, item, f"{where}[{key!r}]")
    elif kind is float:
        assert isinstance(value, int | float) and not isinstance(value, bool), where
    elif kind is int:
        assert isinstance(value, int) and not isinstance(value, bool), f"{where}: {value!r}"
    else:
        assert isinstance(value, kind), f"{where}: {value!r} is not {kind}"


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_sample_answer_keeps_to_the_schema(path: Path, lang: str) -> None:
    answer = web.steps_data(path.read_text(encoding="utf-8"), lang)
    assert answer["ok"]
    check(answer, schema.DealJSON, path.stem)


def test_a_link_and_a_new_deal_keep_to_the_schema() -> None:
    record = (ROOT / "examples" / "chiamata-5p.json").read_text(encoding="utf-8")
    import json

    token = web.link_token(json.loads(record))
    check(web.link_data(f"#deal={token}&step=3&view=2", "es"), schema.DealJSON, "link")
    check(web.new_deal_data("rematada", 3, 7, "en"), schema.DealJSON, "new deal")
    check(web.link_data("#deal=zAAAA", "es"), schema.FailureJSON, "damaged link")


def test_the_checker_refuses_what_the_schema_does_not_say() -> None:
    answer = web.steps_data((ROOT / "examples" / "brisca-2p.json").read_text(), "en")
    assert answer["ok"]
    answer["steps"][3]["winner"] = "Ana"
    with pytest.raises(AssertionError, match="winner"):
        check(answer, schema.DealJSON, "altered")
    answer["steps"][3]["winner"] = None
    answer["steps"][3]["colour"] = "red"
    with pytest.raises(AssertionError, match="colour"):
        check(answer, schema.DealJSON, "altered")


def _fields(kind: Any) -> set[str]:
    return set(typing.get_type_hints(kind))


WIDGET = ROOT / "docs" / "assets" / "widget"
# How the stepper's modules name what they read: the answer as `data` or `answer`, a step as
# `step`, the score table as `score`, a row of it as `row`.
READERS: dict[str, tuple[Any, ...]] = {
    "data": (schema.DealJSON,),
    "answer": (schema.DealJSON, schema.FailureJSON),
    "step": (schema.StepJSON,),
    "score": (schema.ScoreJSON,),
    "row": (schema.ScoreRowJSON,),
}
STEPPER = ("stepper.js", "deal-view.js", "score.js", "table.js", "auction.js")


def _reads(files: tuple[str, ...], readers: dict[str, tuple[Any, ...]]) -> int:
    """How many reads of the answers the files make; each must be of a field the schema
    names."""
    read = 0
    for file in files:
        # The modules' own names ("score.js") are not reads.
        source = re.sub(r"[\w-]+\.js\b", "", (WIDGET / file).read_text(encoding="utf-8"))
        for name, kinds in readers.items():
            allowed = set().union(*(_fields(kind) for kind in kinds))
            for field in re.findall(rf"(?<![.\w]){name}\.([a-z_]+)\b", source):
                read += 1
                assert field in allowed, f"{file} reads {name}.{field}, which the schema lacks"
    return read


def test_the_stepper_reads_only_what_the_schema_names() -> None:
    assert _reads(STEPPER, READERS) > 50  # the stepper does read the answer through these


def _play_through(game: str, players: int, seat: int, lang: str) -> list[Any]:
    """Every answer of a play-mode session played to the end: the reader takes the first
    thing it may do, the bots the rest."""
    from cardrules.web import play

    answers: list[Any] = [play.start_data({"game": game, "players": players, "seat": seat,
                                           "seed": 3, "bot": "greedy"}, lang)]
    session = answers[0]["session"]
    for _ in range(400):
        state = answers[-1]["state"]
        if state["over"]:
            break
        if state["your_turn"]:
            choice = next((c["play"] for c in state["cards"] if c["play"]), None)
            answers.append(play.act_data(session, choice or state["moves"][0]["action"]))
        else:
            answers.append(play.advance_data(session))
        assert answers[-1]["ok"], answers[-1]
    answers.append(play.undo_data(session))
    return answers


@pytest.mark.parametrize(("game", "players", "seat", "lang"), [
    ("brisca", 2, 0, "en"), ("chiamata", 5, 2, "es"), ("rematada", 3, 0, "en"),
    ("aluette", 4, 1, "es"),
])
def test_play_mode_answers_keep_to_the_schema(game: str, players: int, seat: int,
                                              lang: str) -> None:
    answers = _play_through(game, players, seat, lang)
    assert answers[-2]["state"]["over"] and answers[-2]["state"]["result"] is not None
    for n, answer in enumerate(answers):
        check(answer["state"], schema.PlayStateJSON, f"{game} answer {n} state")
        for step in answer.get("steps", answer.get("log", [])):
            check(step, schema.PlayStepJSON, f"{game} answer {n} step")


# How play mode's modules name what they read of its answers.
PLAY_READERS: dict[str, tuple[Any, ...]] = {
    "state": (schema.PlayStateJSON,),
    "move": (schema.PlayMoveJSON,),
    "score": (schema.ScoreJSON,),
    "row": (schema.ScoreRowJSON,),
}
PLAY = ("play.js", "play-table.js", "play-choices.js", "score.js", "table.js", "auction.js")


def test_play_mode_reads_only_what_the_schema_names() -> None:
    assert _reads(PLAY, PLAY_READERS) > 60
