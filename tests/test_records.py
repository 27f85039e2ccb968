"""Deal records: to_record / replay round trips, seed-only and deal-only records, JSON text, the
field named by every RecordError, and summary()."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from game_helpers import FAMILY_COUNTS, random_chooser

import cardrules
from cardrules import Deal, Game, OptionError, RecordError

# Round trips -------------------------------------------------------------------------------------


def partly_played(game_id: str, players: int, seed: int, steps: int | None = None,
                  options: dict[str, Any] | None = None) -> Game:
    game = cardrules.new_game(game_id, players=players, seed=seed, options=options)
    choose = random_chooser(random.Random(seed))
    for _ in range(steps if steps is not None else 10_000):
        if game.is_over:
            break
        game.play(choose(game))
    return game


def same_game(a: Game, b: Game) -> None:
    assert a.log == b.log
    assert a.tricks == b.tricks
    assert a.snapshot() == b.snapshot()
    assert a.result == b.result
    assert a.names == b.names


@pytest.mark.parametrize(("game_id", "players"), FAMILY_COUNTS)
def test_round_trip(game_id: str, players: int) -> None:
    for seed, steps in ((1, 0), (2, 7), (3, None)):
        game = partly_played(game_id, players, seed, steps)
        record = game.to_record()
        json.dumps(record)  # JSON-ready
        again = cardrules.replay(record)
        same_game(game, again)
        assert again.to_record() == record


def test_record_layout() -> None:
    game = partly_played("brisca", 4, 9, 5, options={"big_win": True, "tie": "more-cards"})
    record = game.to_record()
    assert record["format"] == "cardrules/1"
    assert record["game"] == "brisca"
    assert record["players"] == 4
    assert record["options"] == {"big_win": True, "tie": "more-cards"}  # non-defaults only
    assert record["seed"] == 9
    deal = game.log[0]
    assert isinstance(deal, Deal)
    assert record["deal"] == {
        "hands": [[c.code for c in h] for h in deal.hands],
        "stock": [c.code for c in deal.stock],
    }
    assert record["deal"]["stock"][-1] == game.log[0].stock[-1].code  # type: ignore[union-attr]
    assert len(record["actions"]) == 5
    assert all(isinstance(a, str) for a in record["actions"])


def test_names_round_trip() -> None:
    game = cardrules.new_game("briscola", players=["Ana", "Bea", "Carlos"], seed=4)
    assert game.names == ("Ana", "Bea", "Carlos")
    record = game.to_record()
    assert record["players"] == ["Ana", "Bea", "Carlos"]
    assert cardrules.replay(record).names == ("Ana", "Bea", "Carlos")


def test_seed_only_record() -> None:
    game = partly_played("briscola", 2, 77)
    record = {"game": "briscola", "players": 2, "seed": 77,
              "actions": game.to_record()["actions"]}
    same_game(cardrules.replay(record), game)


def test_deal_only_record() -> None:
    game = partly_played("briscas", 3, 12)
    record = game.to_record()
    del record["seed"]
    again = cardrules.replay(record)
    assert again.seed is None
    assert again.log == game.log
    assert again.result == game.result
    assert "seed" not in again.to_record()


def test_json_text_and_bytes() -> None:
    game = partly_played("brisca", 2, 8)
    text = json.dumps(game.to_record())
    same_game(cardrules.replay(text), game)
    same_game(cardrules.replay(text.encode()), game)


def test_a_seed_and_a_deal_that_disagree_are_not_accepted_silently() -> None:
    """new_game(seed=..., deal=...) must either refuse a deal that is not the seed's, or give a
    game whose record replays; it now keeps both and to_record() cannot be replayed."""
    other = cardrules.new_game("briscola", players=2, seed=2).log[0]
    assert isinstance(other, Deal)
    try:
        game = cardrules.new_game("briscola", players=2, seed=1, deal=other)
    except cardrules.CardrulesError:
        return
    same_game(cardrules.replay(game.to_record()), game)


def test_title_and_comment_are_allowed() -> None:
    record = {"game": "brisca", "players": 2, "seed": 3, "title": "t", "comment": "c",
              "format": "cardrules/1"}
    assert cardrules.replay(record).seed == 3


def test_copy_states_and_events_replay_the_log() -> None:
    game = partly_played("briscola", 4, 21, 17)
    copy = game.copy()
    same_game(copy, game)
    copy.play(copy.legal_actions()[0])
    assert len(copy.log) == len(game.log) + 1  # independent
    events = list(game.events())
    assert [e.action for e in events] == game.log
    assert events[0].seat == cardrules.CHANCE


# Errors name the field ---------------------------------------------------------------------------


def base_record() -> dict[str, Any]:
    return partly_played("briscola", 2, 5, 6).to_record()


def error_of(record: object) -> RecordError:
    with pytest.raises(RecordError) as info:
        cardrules.replay(record)  # type: ignore[arg-type]
    error = info.value
    assert isinstance(error, ValueError)
    assert error.es and error.en
    return error


def test_seed_and_deal_disagree() -> None:
    record = base_record()
    record["seed"] = 6
    assert "seed and deal disagree" in error_of(record).en


def test_missing_game() -> None:
    record = base_record()
    del record["game"]
    assert error_of(record).en.startswith("game")


def test_unknown_game() -> None:
    """replay() documents RecordError naming the field for a malformed record."""
    record = base_record()
    record["game"] = "mus"
    error = error_of(record)
    assert "game" in error.en and "mus" in error.en


@pytest.mark.parametrize("players", ["two", True, None, [1, 2]])
def test_bad_players_value(players: object) -> None:
    record = base_record()
    record["players"] = players
    assert error_of(record).en.startswith("players")


def test_unsupported_number_of_players() -> None:
    """replay() documents RecordError naming the field for a malformed record."""
    for players in (5, 1, ["Ana"]):
        record = base_record()
        record["players"] = players
        del record["deal"]
        assert "players" in error_of(record).en, players


def test_bad_option() -> None:
    """replay() documents RecordError naming the field for a malformed record."""
    record = base_record()
    record["options"] = {"exchnage": "none"}
    error = error_of(record)
    assert "options" in error.en and "exchnage" in error.en


def test_unknown_key() -> None:
    record = base_record()
    record["sede"] = 5
    assert "unknown key 'sede'" in error_of(record).en


def test_bad_card_code_in_a_hand() -> None:
    record = base_record()
    del record["seed"]
    record["deal"]["hands"][1][0] = "13O"
    error = error_of(record)
    assert error.en.startswith("deal.hands[1][0]")
    assert "13O" in error.en


def test_bad_card_code_in_the_stock() -> None:
    record = base_record()
    del record["seed"]
    record["deal"]["stock"][4] = "1X"
    assert error_of(record).en.startswith("deal.stock[4]")


def test_duplicate_card() -> None:
    record = base_record()
    del record["seed"]
    hands = record["deal"]["hands"]
    hands[1][2] = hands[0][0]
    error = error_of(record)
    assert error.en.startswith("deal")
    assert f"{hands[0][0]} appears twice" in error.en


def test_wrong_hand_size() -> None:
    record = base_record()
    del record["seed"]
    record["deal"]["stock"].append(record["deal"]["hands"][0].pop())
    error = error_of(record)
    assert error.en.startswith("deal")
    assert "hands[0] has 2 cards; this game deals 3" in error.en


def test_wrong_number_of_hands() -> None:
    record = base_record()
    del record["seed"]
    record["deal"]["hands"].append([])
    assert error_of(record).en.startswith("deal")


def test_illegal_action_names_its_index() -> None:
    record = base_record()
    record["actions"][3] = "exchange:9X"
    error = error_of(record)
    assert error.en.startswith("actions[3]")
    record = base_record()
    hands = record["deal"]["hands"]
    record["actions"] = [hands[1][0]]  # seat 0 leads: it does not hold this card
    error = error_of(record)
    assert error.en.startswith("actions[0]")
    assert "does not hold" in error.en


def test_an_action_that_is_not_text_names_its_index() -> None:
    """replay() documents RecordError naming actions[i] for a bad action."""
    for action in (5, None, ["1O"], {"card": "1O"}):
        record = base_record()
        record["actions"].append(action)
        index = len(record["actions"]) - 1
        assert error_of(record).en.startswith(f"actions[{index}]"), action


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ({"game": "briscola", "players": 2}, "seed"),
        ({"game": "briscola", "players": 2, "seed": -1}, "seed"),
        ({"game": "briscola", "players": 2, "seed": "1"}, "seed"),
        ({"game": "briscola", "players": 2, "seed": 1, "actions": "1O"}, "actions"),
        ({"game": "briscola", "players": 2, "seed": 1, "options": []}, "options"),
        ({"game": "briscola", "players": 2, "seed": 1, "format": "x/2"}, "format"),
        ({"game": "briscola", "players": 2, "deal": []}, "deal"),
        ({"game": "briscola", "players": 2, "deal": {"hands": "x"}}, "deal.hands"),
        ({"game": "briscola", "players": 2, "deal": {"hands": [], "x": 1}}, "unknown key 'x'"),
        ({"game": "briscola", "players": 2, "deal": {"hands": [["1O"]], "stock": "1O"}},
         "deal.stock"),
    ],
)
def test_malformed_records(record: object, field: str) -> None:
    assert field in error_of(record).en


def test_options_are_checked_whatever_was_built_before() -> None:
    """An option of the wrong type is refused: 1 is not true (options.py: bool options take
    true|false). The rules cache keys on the options' values, and True == 1 in Python."""
    cardrules.new_game("briscola", seed=1, options={"big_win": True})
    cardrules.new_game("briscola", seed=1, options={"follow_suit": False})
    with pytest.raises(OptionError):
        cardrules.new_game("briscola", seed=1, options={"big_win": 1})
    with pytest.raises(OptionError):
        cardrules.new_game("briscola", seed=1, options={"follow_suit": 0})


def test_options_of_the_wrong_type_without_a_cached_twin() -> None:
    with pytest.raises(OptionError):
        cardrules.new_game("brisca", seed=1, options={"open_hands": 1})
    with pytest.raises(OptionError):
        cardrules.new_game("brisca", seed=1, options={"exchange": "swiss"})
    with pytest.raises(OptionError):
        cardrules.new_game("brisca", seed=1, options={"scoring": None})


# summary() ---------------------------------------------------------------------------------------


def test_summary_structure() -> None:
    game = partly_played("briscola", 4, 31, 9)
    summary = cardrules.summary(game)
    json.dumps(summary)
    assert set(summary) == {"game", "players", "trump", "tricks", "result", "over"}
    assert summary["game"] == "briscola"
    assert summary["players"] == 4
    assert summary["trump"] == game.trump.value  # type: ignore[union-attr]
    assert summary["result"] is None
    assert summary["over"] is False
    assert len(summary["tricks"]) == len(game.tricks) == 2
    for entry, trick in zip(summary["tricks"], game.tricks):
        assert set(entry) == {"leader", "plays", "winner", "points", "labels"}
        assert entry["leader"] == trick.leader
        assert entry["plays"] == [[s, c.code] for s, c in trick.plays]
        assert entry["winner"] == trick.winner
        assert entry["points"] == trick.points
        assert len(entry["labels"]) == 4


def test_summary_of_a_finished_game() -> None:
    game = partly_played("brisca", 2, 31)
    summary = cardrules.summary(game)
    json.dumps(summary)
    assert summary["over"] is True
    assert len(summary["tricks"]) == 20
    result = game.result
    assert result is not None
    assert summary["result"] == result.to_json()
    assert set(summary["result"]) == {
        "points", "sides", "side_points", "winner", "game_points", "reason",
    }
    assert summary["result"]["sides"] == [[0], [1]]
    assert sum(summary["result"]["points"]) == 120


def test_a_record_may_carry_notes_on_its_steps_in_both_languages() -> None:
    record = json.loads((Path(__file__).resolve().parent.parent / "examples" / "brisca-2p.json")
                        .read_text(encoding="utf-8"))
    record["notes"] = {"0": {"en": "Coins are trumps.", "es": "Triunfan oros."},
                       "4": {"en": "A trump on a low card.", "es": "Un triunfo para nada."}}
    game = cardrules.replay(record)
    assert cardrules.record.notes_of(record) == {
        0: ("Coins are trumps.", "Triunfan oros."),
        4: ("A trump on a low card.", "Un triunfo para nada."),
    }
    assert game.to_record()["actions"] == record["actions"]  # notes change nothing in the deal
    last = len(record["actions"])
    for bad, field in (([], "notes"), ({str(last + 1): {"en": "a", "es": "b"}}, "notes['"),
                       ({"1": {"en": "a"}}, "notes['1']"), ({"1": {"en": "", "es": "b"}}, "en"),
                       ({"1": {"en": "a", "es": "b" * 2001}}, "es")):
        record["notes"] = bad
        with pytest.raises(cardrules.RecordError) as error:
            cardrules.replay(record)
        assert field in error.value.en


# Annotated samples --------------------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ANNOTATED = {"brisca": "brisca-4p", "briscola": "briscola-6p", "briscas": "briscas-2p",
             "alcalde": "alcalde-3p", "alcalde-variation": "alcalde-variation-3p",
             "aluette": "aluette-4p", "chiamata": "chiamata-failed",
             "rematada": "rematada-failed", "tute": "tute-4p",
             "guinote": "guinote-4p"}
"""The annotated sample of each game."""


def generator() -> Any:
    """examples/generate.py, which writes the samples and their notes."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("examples_generate", EXAMPLES / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["examples_generate"] = module
    spec.loader.exec_module(module)
    return module


def test_every_game_has_an_annotated_sample() -> None:
    assert set(ANNOTATED) == set(cardrules.GAMES)
    assert set(ANNOTATED.values()) == set(generator().NOTES)
    for game_id, name in ANNOTATED.items():
        data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
        assert data["game"] == game_id
        assert len(cardrules.record.notes_of(data)) >= 4, name


@pytest.mark.parametrize("name", sorted(ANNOTATED.values()))
def test_sample_notes_are_the_generator_s_and_true_at_their_step(name: str) -> None:
    """The notes in the file are those examples/generate.py writes (so a new run keeps them),
    replay accepts them, and every fact each one states holds at its step: the action it is
    on, the cards held, who takes the trick and for how many points, the score..."""
    gen = generator()
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    game = cardrules.replay(data)
    notes = cardrules.record.notes_of(data)
    written = gen.NOTES[name]
    assert {n.step: (n.en, n.es) for n in written} == notes
    assert gen.annotate(name, data) == data["notes"]
    for note in written:
        assert gen.check_note(game, note) == [], note.step
        assert note.facts, f"{name} step {note.step}: a note states no fact to check"
        assert note.en != note.es and "  " not in note.en + note.es
        assert "*" not in note.en + note.es  # plain text, shown as written: no Markdown
    steps = list(game.steps())
    assert 0 < max(notes) < len(steps)


def test_the_briscas_sample_is_the_brisca_deal_under_other_rules() -> None:
    """As its first note says."""
    brisca, briscas = (json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
                       for name in ("brisca-2p.json", "briscas-2p.json"))
    assert "brisca-2p.json" in briscas["notes"]["0"]["en"]
    assert brisca["deal"] == briscas["deal"] and brisca["actions"] == briscas["actions"]


def test_a_false_fact_is_caught() -> None:
    gen = generator()
    data = json.loads((EXAMPLES / "brisca-4p.json").read_text(encoding="utf-8"))
    game = cardrules.replay(data)
    note = gen.NOTES["brisca-4p"][2]
    assert note.step == 12 and gen.check_note(game, note) == []
    for facts, wrong in (({"takes": 0}, "takes: seat 1"), ({"points": 11}, "holds 26"),
                         ({"holds": {1: "1O"}}, "holds: seat 1 and 1O"),
                         ({"in_trick": {1: "3E"}}, "in_trick"),
                         ({"label": "pisar"}, "contrafallar, not pisar"),
                         ({"result": (54, 66)}, "only on the last step"),
                         ({"stock": 3}, "stock: 16 cards"), ({"sides": ((0, 1),)}, "sides"),
                         ({"nonsense": 1}, "unknown fact")):
        false = gen.Note(note.step, note.action, note.en, note.es, facts)
        assert any(wrong in said for said in gen.check_note(game, false)), facts
    moved = gen.Note(13, note.action, note.en, note.es, {})
    assert "the action is 12O, not 1C" in gen.check_note(game, moved)[0]
    with pytest.raises(ValueError, match="takes: seat 1"):
        gen.NOTES["test"] = (gen.Note(12, "1C", "x", "y", {"takes": 0}),)
        gen.annotate("test", data)


@pytest.mark.parametrize("key", ["²", "٣", "01", "-1", " 1", "1.0", "1234567"])
def test_a_note_on_a_step_that_is_not_a_plain_number_is_refused(key: str) -> None:
    data = json.loads((EXAMPLES / "brisca-2p.json").read_text(encoding="utf-8"))
    data["notes"] = {key: {"en": "a", "es": "b"}}
    with pytest.raises(RecordError) as error:
        cardrules.replay(data)
    assert error.value.en.startswith("notes[")
