"""The practice exercises (cardrules.learn.practice) agree with the engine.

Each exercise carries the record of its deal and the step it is about: the tests replay the
position and compare the answer with what the engine says there (the play's label, the trick's
winner and points, the refusal of the exchange), in English and Spanish, over many seeds.
"""

from __future__ import annotations

import doctest
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.core.labels import PlayLabel, label_play
from cardrules.engine import Game, Step
from cardrules.games.exchange import Exchange
from cardrules.learn import glossary, practice, puzzles
from cardrules.learn.practice import KINDS, MAX_SEED, Exercise, PracticeError, generate

SEEDS = st.integers(min_value=0, max_value=MAX_SEED)
DEAL_KINDS = ("label", "winner", "points", "exchange")


def replayed(drill: Exercise) -> tuple[Game, Step]:
    """The deal an exercise comes from, replayed, and the step it is about."""
    assert drill.record is not None and drill.step is not None
    game = cardrules.replay(drill.record)
    return game, list(game.steps())[drill.step]


def position(drill: Exercise) -> Game:
    """The game just after the exercise's step (the exchange question's position)."""
    assert drill.record is not None and drill.step is not None
    record = dict(drill.record)
    record["actions"] = record["actions"][: drill.step]  # the deal is step 0, not an action
    return cardrules.replay(record)


def codes(drill: Exercise, *roles: str) -> list[str]:
    return [card.code for card in drill.cards if card.role in roles]


def check_shape(drill: Exercise) -> None:
    keys = [choice.key for choice in drill.choices]
    texts = [choice.text for choice in drill.choices]
    assert 2 <= len(keys) <= 6
    assert len(set(keys)) == len(keys) and len(set(texts)) == len(texts)
    assert drill.answer in keys
    assert drill.answer_text == texts[keys.index(drill.answer)]
    assert drill.prompt and drill.rule and all(line.strip() for line in drill.rule)
    assert all(line[:1] == line[:1].upper() for line in (*drill.rule, *drill.context))
    assert drill.id == f"{drill.kind}-{drill.id.split('-', 1)[1]}"
    assert json.loads(json.dumps(drill.to_dict()))["answer"] == drill.answer


def check_against_engine(drill: Exercise) -> None:
    """The answer is what the engine says of the position."""
    if drill.kind == "word":
        term = glossary.get(drill.answer)
        assert drill.term is not None and drill.term.id == term.id
        assert drill.term.definition == term.definition[drill.lang]
        assert drill.answer_text in (term.word, term.gloss[drill.lang])
        # A gloss that quotes a word itself is asked with its quotes nested («“…”»).
        gloss = term.gloss[drill.lang]
        assert term.word in drill.prompt or practice._quotes_within(gloss) in drill.prompt
        assert codes(drill, "term") == list(term.cards) == [c.code for c in drill.cards]
        return
    game, step = replayed(drill)
    rules = game.rules
    assert drill.style == rules.pack.face.style
    if drill.kind == "label":
        assert step.label is not None and step.played is not None
        assert drill.answer == step.label.value
        table = [card for _, card in step.before.trick]
        assert label_play(table, step.played, step.before.trump, rules.strength) is step.label
        assert codes(drill, "table") == [card.code for card in table]
        assert codes(drill, "played") == [step.played.code]
        assert drill.term is not None and drill.term.id == step.label.value
        assert {choice.key for choice in drill.choices} == {label.value for label in PlayLabel}
    elif drill.kind in ("winner", "points"):
        trick = step.trick
        assert trick is not None and trick.winner is not None
        assert codes(drill, "trick") == [card.code for card in trick.cards]
        if drill.kind == "winner":
            assert drill.answer == str(trick.winner)
            assert drill.answer_text == game.names[trick.winner]
            assert {int(choice.key) for choice in drill.choices} == {s for s, _ in trick.plays}
        else:
            assert int(drill.answer) == trick.points
            assert trick.points == sum(rules.card_points[card.index] for card in trick.cards)
            assert f"{trick.points}" in drill.rule[0]
    elif drill.kind == "exchange":
        here = position(drill)
        asked = [card for card in drill.cards if card.role == "asked"]
        assert len(asked) == 1
        card = cardrules.parse_card(asked[0].code)
        seat = next(s for s, hand in enumerate(here.hands) if card in hand)
        assert codes(drill, "hand", "asked") == [c.code for c in here.hands[seat]]
        assert here.turn_up is not None and codes(drill, "turn-up") == [here.turn_up.code]
        refusal = here.refusal(Exchange(card))
        assert drill.answer == ("yes" if refusal is None else "no")
        if refusal is not None:
            assert drill.rule[0].startswith("No: ")
    elif drill.kind == "puzzle":  # every statement: tests/test_practice_claims.py
        here = position(drill)
        mover = here.current_player
        assert mover is not None and here.stock_size == 0
        seat = mover
        assert codes(drill, "hand") == [c.code for c in here.hands[seat]]
        assert codes(drill, "other") == [c.code for c in here.hands[1 - seat]]
        assert codes(drill, "table") == [c.code for _, c in here.trick_plays]
        solution = puzzles.solve(here)
        assert solution is not None and drill.answer == solution.answer.code
        assert drill.play_from == drill.step
    else:  # pragma: no cover
        pytest.fail(f"unknown kind {drill.kind}")


@settings(max_examples=60)
@given(kind=st.sampled_from(KINDS), seed=SEEDS)
def test_answers_agree_with_the_engine_in_both_languages(kind: str, seed: int) -> None:
    english, spanish = generate(kind, seed, "en"), generate(kind, seed, "es")
    for drill in (english, spanish):
        check_shape(drill)
        check_against_engine(drill)
    # The same position and answer in both languages, each in its own words.
    assert english.answer == spanish.answer
    assert (english.record, english.step) == (spanish.record, spanish.step)
    assert [c.code for c in english.cards] == [c.code for c in spanish.cards]
    assert [c.key for c in english.choices] == [c.key for c in spanish.choices]
    assert (english.lang, spanish.lang) == ("en", "es")
    assert english.prompt != spanish.prompt
    assert english.rule != spanish.rule


@settings(max_examples=20)
@given(kind=st.sampled_from(KINDS), seed=SEEDS, lang=st.sampled_from(["en", "es"]))
def test_the_same_id_gives_the_same_exercise(kind: str, seed: int, lang: str) -> None:
    first = generate(kind, seed, lang)
    assert generate(kind, seed, lang) == first
    assert first.record == generate(kind, seed, lang).record
    assert practice.exercise_data(first.id, lang) == {"ok": True, "exercise": first.to_dict()}


def test_every_label_and_both_exchange_answers_come_up() -> None:
    labels = {generate("label", seed).answer for seed in range(40)}
    assert labels == {label.value for label in PlayLabel}
    answers = [generate("exchange", seed).answer for seed in range(30)]
    assert 8 <= answers.count("yes") <= 22
    forward = sum(generate("word", seed).answer_text == glossary.get(
        generate("word", seed).answer).word for seed in range(30))
    assert 5 <= forward <= 25  # both directions: word to meaning and meaning to word


@pytest.mark.parametrize("kind", DEAL_KINDS)
def test_spanish_words_for_the_positions(kind: str) -> None:
    drill = generate(kind, 5, "es")
    assert drill.title.endswith("jugadores")
    assert any(word in " ".join((drill.prompt, *drill.context, *drill.rule))
               for word in ("baza", "triunfo", "muestra"))


def test_the_label_feedback_gives_the_definition_and_the_rule() -> None:
    for seed in range(12):
        drill = generate("label", seed, "en")
        term = glossary.term_for_label(PlayLabel(drill.answer))
        assert drill.term is not None and drill.term.definition == term.definition.en
        played = next(c for c in drill.cards if c.role == "played")
        assert played.name in drill.rule[0] or played.name in drill.rule[0].lower()


@pytest.mark.parametrize("bad", ["", "label", "label-", "label-x", "guess-3", "label--3",
                                 f"label-{MAX_SEED + 1}", "label-1 ", "LABEL-1", "x" * 500])
def test_bad_ids_are_refused_in_both_languages(bad: str) -> None:
    for lang in ("en", "es"):
        answer: dict[str, Any] = json.loads(practice.exercise(bad, lang))
        assert answer["ok"] is False and len(answer["error"]) < 200
        assert ("exercise" in answer["error"]) is (lang == "en")
    with pytest.raises(PracticeError):
        practice.parse_id(bad)
    with pytest.raises(PracticeError):
        generate("guess", 1)
    with pytest.raises(PracticeError):
        generate("label", -1)


def test_not_text_is_refused() -> None:
    assert practice.exercise_data(12, "en")["ok"] is False  # type: ignore[arg-type]


def test_the_module_examples() -> None:
    result = doctest.testmod(practice, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 5


def test_the_ids_keep_their_range() -> None:
    """Exercise ids are shared as links: the seeds they may carry stay 0 to 2**53 - 1, the
    largest a page's JavaScript keeps exact (the engine's own seeds go to 2**64 - 1)."""
    from cardrules.core.rng import MAX_WEB_SEED

    assert MAX_SEED == MAX_WEB_SEED == 2**53 - 1
    assert practice.parse_id(f"points-{2**53 - 1}") == ("points", 2**53 - 1)


def test_the_words_of_the_exercises() -> None:
    """Players by name, never by seat; in Spanish a player's cards are *sus cartas*, never *su
    mano* (*la mano* is the deal, *ser mano* leading a trick); a language without a catalogue
    reads English."""
    for kind in KINDS:
        for seed in range(25):
            for lang in ("en", "es"):
                drill = generate(kind, seed, lang)
                said = " ".join((drill.prompt, *drill.context, *drill.rule,
                                 *(c.text for c in drill.choices),
                                 *(c.caption for c in drill.cards)))
                assert not re.search(r"\b([Ss]eat|[Aa]siento|P)\s?\d", said), said
                if lang == "es" and kind != "word":  # (a word's own gloss is the glossary's)
                    assert not re.search(r"\b(su|sus|tu|tus) manos?\b", said, re.IGNORECASE), said
    assert generate("winner", 3, "xx") == generate("winner", 3, "en")
