"""The score pad (cardrules.web.scorepad): a match entered by hand scores as the package scores it.

Matches are played in the engine (random legal actions, every family of games), each deal's
result is entered into the score pad in the game's own terms (card points, the contract and the
points taken, tricks), and the pad's totals, next dealer, end and winners must be the
:class:`~cardrules.match.Match`'s. Worked examples fix a few entries by hand, and a bad entry is
one sentence in the reader's language, the state unchanged.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.engine import Game
from cardrules.games.aluette import AluetteDetails
from cardrules.games.tute_game import TuteDetails
from cardrules.match import Match
from cardrules.web.scorepad import FAMILIES, STATE_VERSION, pad_options, pad_words, tally

PLAYERS = {"brisca": 4, "briscola": 2, "briscas": 3, "tute": 4, "chiamata": 5, "rematada": 3,
           "alcalde": 3, "alcalde-variation": 3, "aluette": 4, "guinote": 4}
"""A player count for each family (one with partners where the game has them)."""
NAMES = ("Ana", "Luis", "Eva", "Juan", "Bea")


def entry_of(game: Game) -> dict[str, Any]:
    """A finished deal's result as players at a table enter it, in the game's own terms."""
    result = game.result
    assert result is not None
    rules = game.rules
    data = result.to_json()
    if rules.id == "chiamata":
        if data.get("void"):
            return {"void": True}
        return {"holder": data["caller"], "partner": data["partner"], "bid": data["bid"],
                "taken": result.side_points[0]}
    if rules.id == "rematada":
        declarer = data["declarer"]
        return {"holder": declarer, "bid": data["bid"], "taken": result.points[declarer]}
    if rules.id == "aluette":
        details = game.details
        assert isinstance(details, AluetteDetails)
        offer = details.surrender
        top = rules.top_player(game)  # type: ignore[attr-defined]
        surrender = None if offer is None or offer.answer is None else {
            "side": offer.side, "answer": offer.answer}
        mordienne = top is not None and rules.is_mordienne(game, top)  # type: ignore[attr-defined]
        return {"tricks": list(result.points), "first": top, "surrender": surrender,
                "mordienne": mordienne}
    if rules.id == "guinote":  # this deal's points (not those a deal de vueltas brought)
        last = game.tricks[-1].winner
        assert last is not None
        return {"points": [sum(result.points[s] for s in side) for side in result.sides],
                "last": game.side_of(last)}
    entry: dict[str, Any] = {"points": list(result.side_points)}
    if rules.id == "tute":
        tute = data.get("tute")
        entry["tute"] = None if tute is None else game.side_of(tute)
        last = game.tricks[-1].winner if game.tricks else None
        entry["last"] = None if last is None else game.side_of(last)
        details = game.details
        assert isinstance(details, TuteDetails)
        entry["cantes"] = bool(details.marriages)
    return entry


def played(family: str, seed: int, options: dict[str, Any] | None = None
           ) -> tuple[Match, dict[str, Any]]:
    """A match played out at random (with these options), and the score pad's state with
    every deal entered."""
    people = list(NAMES[:PLAYERS[family]])
    match = Match(family, players=people, seed=seed, options=options)
    circle = [match.people[p] for p in match.circle]
    dealer = match.circle.index(match.dealer)
    pick = random.Random(seed)
    entries = []
    while True:
        while not match.game.is_over:
            match.game.play(pick.choice(match.game.legal_actions()))
        entries.append(entry_of(match.game))
        if match.next_deal() is None:
            break
    state = {"v": STATE_VERSION, "game": family, "people": circle, "dealer": dealer,
             "options": options or {}, "entries": entries}
    return match, state


def scored(state: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(tally(json.dumps(state), lang))
    return answer


@st.composite
def pad_choices(draw: st.DrawFn, family: str) -> dict[str, Any]:
    """Options the score pad offers for ``family`` (its declarations), drawn: a value of each
    listed option, a whole number in its range (kept small: a match to 10,000 is long)."""
    chosen: dict[str, Any] = {}
    for row in pad_options(family, "en"):
        if "values" in row:
            value = draw(st.sampled_from(row["values"]))
        else:
            low = row["low"]
            number = st.integers(low, min(row["high"], low + 8))
            value = draw(st.none() | number if row["optional"] else number)
        if value != row["default"]:
            chosen[row["name"]] = value
    return chosen


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=12, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_the_pad_totals_a_match_as_the_package_does(family: str, data: st.DataObject,
                                                    seed: int) -> None:
    """With the options the pad offers for the game, drawn (or the game's defaults)."""
    options = data.draw(st.just({}) | pad_choices(family), label="options")
    match, state = played(family, seed, options)
    pad = scored(state)
    assert pad["ok"], pad
    assert pad["options"] == {row["name"]: options.get(row["name"], row["default"])
                              for row in pad_options(family, "en")}
    by_name = dict(zip(pad["people"], pad["totals"], strict=True))
    assert by_name == {match.people[p]: s for p, s in enumerate(match.scores)}
    assert pad["over"] is True
    best = max(match.scores)
    assert pad["winners"] == [n for n in pad["people"]
                              if by_name[n] == best]
    # Every deal but the last: the pad's next dealer is the match's.
    partial = scored({**state, "entries": state["entries"][:-1]})
    last_seats = match.results[-1][0]
    assert partial["next"] == f"{match.people[last_seats[-1]]} deals next."


def test_worked_example_guinote_de_ida_then_de_vueltas() -> None:
    # Juan deals first: Ana and Eva make 95, Luis and Juan 45, nobody 101: no game.
    state: dict[str, Any] = {"v": 1, "game": "guinote", "dealer": 3,
                             "people": ["Ana", "Luis", "Eva", "Juan"],
                             "entries": [{"points": [95, 45], "last": 0}]}
    pad = scored(state)
    assert pad["rows"][0]["said"] == "Nobody wins the deal." and pad["totals"] == [0, 0, 0, 0]
    # Ana deals the deal de vueltas; each side brings its points (Luis, to her right, leads).
    assert pad["form"]["sides"] == ["Luis and Juan", "Eva and Ana"]
    assert pad["form"]["brought"] == ("Each side brings its points from the deal before: Luis "
                                      "and Juan, 45; Eva and Ana, 95.")
    # Six more reach 101: Eva and Ana win the game, the first of a coto of three.
    state["entries"].append({"points": [10, 6], "last": 1})
    pad = scored(state, "es")
    assert pad["rows"][1]["said"] == "Eva y Ana ganan la mano (55 – 101)."
    assert pad["totals"] == [1, 0, 1, 0] and pad["next"] == "Ahora da Luis."
    assert "brought" not in pad["form"]  # a deal won: the next starts from nothing
    # The last trick is always named.
    bad = scored({**state, "entries": [{"points": [95, 45], "last": None}]})
    assert bad == {"ok": False, "error": "last trick: choose one of the list", "at": 0}


def test_worked_examples_chiamata_alone_and_a_void_deal() -> None:
    state = {"v": 1, "game": "chiamata", "people": list(NAMES), "dealer": 4,
             "entries": [{"holder": 0, "partner": 0, "bid": 70, "taken": 71}, {"void": True}]}
    pad = scored(state)
    assert pad["totals"] == [4, -1, -1, -1, -1]  # alone and made: +4, the others -1 each
    assert pad["rows"][1]["gained"] == [0, 0, 0, 0, 0]
    assert pad["next"] == "Luis deals next."  # Bea dealt, then Ana: the deal passes on


def test_worked_example_alcalde_keeps_the_deal_on_a_tie() -> None:
    state = {"v": 1, "game": "alcalde", "people": ["Ana", "Luis", "Eva"], "dealer": 2,
             "entries": [{"points": [60, 60]}]}
    pad = scored(state)
    assert pad["totals"] == [0, 0, 1] and pad["next"] == "Eva deals next."
    lost = scored({**state, "entries": [{"points": [61, 59]}]})
    assert lost["totals"] == [1, 1, 0] and lost["next"] == "Ana deals next."


def test_briscola_best_of_three_ends_and_names_the_winner() -> None:
    state = {"v": 1, "game": "briscola", "people": ["Ana", "Luis"], "dealer": 1,
             "entries": [{"points": [70, 50]}, {"points": [40, 80]}]}
    pad = scored(state, "es")
    assert pad["over"] and pad["winners"] == ["Ana"]  # sides by seat: Ana, then Luis, first
    assert pad["next"].endswith("ha ganado la partida.")
    assert "form" not in pad


@pytest.mark.parametrize(("entry", "said"), [
    ({"points": [70, 5000]}, "puntos: pon un número entero del 0 al 1000"),
    ({"points": [70, 40]}, "los puntos de todos los bandos tienen que sumar 120"),
    ({"points": "70"}, "puntos: pon un número entero del 0 al 1000"),
])
def test_a_bad_entry_is_one_sentence_in_the_readers_language(entry: Any, said: str) -> None:
    state = {"v": 1, "game": "brisca", "people": ["Ana", "Luis"], "dealer": 1,
             "entries": [entry]}
    pad = scored(state, "es")
    assert pad == {"ok": False, "error": said, "at": 0}


@pytest.mark.parametrize("state", [
    {"v": 2, "game": "brisca", "people": ["Ana", "Luis"], "dealer": 0, "entries": []},
    {"v": 1, "game": "poker", "people": ["Ana", "Luis"], "dealer": 0, "entries": []},
    {"v": 1, "game": "brisca", "people": ["Ana", ""], "dealer": 0, "entries": []},
    [1, 2, 3],
    # An option the pad does not offer (it does not change the score), or no options at all.
    {"v": 1, "game": "tute", "people": ["Ana", "Luis"], "dealer": 0, "entries": [],
     "options": {"stock_duty": "free"}},
    {"v": 1, "game": "tute", "people": ["Ana", "Luis"], "dealer": 0, "entries": [],
     "options": ["match_target"]},
])
def test_an_unreadable_state_is_refused_whole(state: Any) -> None:
    pad = scored(state)
    assert pad["ok"] is False and pad["at"] is None
    assert pad["error"] == "this is not a score pad of this version"


def test_an_option_out_of_its_range_is_one_sentence() -> None:
    state = {"v": 1, "game": "tute", "people": ["Ana", "Luis"], "dealer": 0, "entries": [],
             "options": {"match_target": 0}}
    pad = scored(state, "es")
    assert pad["ok"] is False and pad["at"] is None
    assert "match_target" in pad["error"] and "\n" not in pad["error"]


def test_tute_with_cantes_needs_121_for_two_games() -> None:
    """A worked example: 110 points win two games, but one only when a marriage was declared
    (option ``two_games`` ``"121-with-cantes"``); the pad asks about cantes only then."""
    state: dict[str, Any] = {"v": 1, "game": "tute", "people": ["Ana", "Luis"], "dealer": 1,
                             "options": {"two_games": "121-with-cantes"},
                             "entries": [{"points": [110, 40], "tute": None, "last": 0}]}
    assert scored(state)["totals"] == [2, 0]
    state["entries"][0]["cantes"] = True
    pad = scored(state)
    assert pad["totals"] == [1, 0] and pad["form"]["cantes"] is True
    assert scored({**state, "options": {}})["totals"] == [2, 0]
    assert scored({**state, "options": {}})["form"]["cantes"] is False


def test_the_pads_words_are_in_both_languages() -> None:
    en, es = pad_words("en"), pad_words("es")
    assert en.keys() == es.keys()
    assert [k for k in en if en[k] == es[k] and k not in ("total",)] == []
