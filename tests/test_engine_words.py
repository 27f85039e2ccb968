"""What the engine, the games and the records say to a reader comes from the catalogue of words:
titles, option help, refusals (naming players), the moves' phrases and their fields, errors.
"""

from __future__ import annotations

import dataclasses

import pytest

import cardrules
from cardrules import IllegalActionError, OptionError, RecordError, new_game
from cardrules.core.actions import Move
from cardrules.games import GAMES, game_id
from cardrules.games.aluette import SIGNALS, Signal
from cardrules.games.tute import Declare
from cardrules.words import Message, words


def test_every_game_title_is_said_in_every_language() -> None:
    for rules_type in GAMES.values():
        title = rules_type.title
        assert title["en"] == title.message and title["es"]
        assert title.get("es", "") == title["es"]
        assert title["xx"] == title["en"]  # a language without a catalogue: English
    assert GAMES["brisca"].title["es"] == "Brisca (España)"
    assert GAMES["rematada"].title["es"] == "Brisca rematada (Chile)"


def test_every_option_has_help_in_every_language() -> None:
    for rules_type in GAMES.values():
        english = rules_type.options_type.help("en")
        spanish = rules_type.options_type.help("es")
        assert [row[0] for row in english] == [row[0] for row in spanish]
        for (name, _, _, en), (_, _, _, es) in zip(english, spanish):
            assert en and es and en != es, (rules_type.id, name)


def _phrases_of(move_type: type[Move]) -> list[str]:
    phrases = move_type.phrases
    assert phrases is not None, move_type
    return [p for p in dataclasses.astuple(phrases) if p]


def test_every_phrase_of_every_move_is_in_the_catalogue() -> None:
    for rules_type in GAMES.values():
        for move_type in rules_type.move_types:
            for phrase in _phrases_of(move_type):
                assert words("es")._(phrase) != phrase, phrase


def test_move_fields_are_messages_said_in_the_readers_language() -> None:
    trump = cardrules.Suit.OROS
    forty = Declare(trump).words(trump)["value"]
    twenty = Declare(cardrules.Suit.COPAS).words(trump)["value"]
    assert isinstance(forty, Message) and isinstance(twenty, Message)
    assert (forty.say("en"), forty.say("es"), twenty.say("es")) == ("40", "cuarenta", "veinte")
    phrase = Declare.phrases.them if Declare.phrases else ""
    fields = {"who": "Ana", "suit": "oros", **Declare(trump).words(trump)}
    assert words("es")._(phrase, **fields) == "Ana canta las cuarenta en oros."
    gesture = Signal("borgne").words()["gesture"]
    assert isinstance(gesture, Message) and gesture.say("es") == "guiñar un ojo"
    assert set(SIGNALS) == {Signal(name).name for name in SIGNALS}


def test_refusals_name_players_not_seats() -> None:
    game = new_game("brisca", players=["Ana", "Bea"], seed=3)
    other = game.hands[1][0]
    error = game.refusal(other)
    assert error is not None
    assert error.en == f"Ana is to play and does not hold {other.code} (Bea holds it)"
    assert error.message("es") == f"juega Ana y no tiene el {other.code} (lo tiene Bea)"
    assert "seat" not in error.en and "asiento" not in error.message("es")


def test_a_tute_duty_names_the_suit_in_the_readers_language() -> None:
    game = new_game("rematada", players=["Ana", "Bea", "Ciro"], seed=4)
    while game.phase != cardrules.Phase.PLAY:
        game.play(game.legal_actions()[0])
    led = game.legal_actions()[0]
    assert isinstance(led, cardrules.Card)
    game.play(led)
    seat = game.current_player
    assert seat is not None
    wrong = next((c for c in game.hands[seat] if c not in game.legal_actions()), None)
    if wrong is None:
        pytest.skip("every card may be played here")
    error = game.refusal(wrong)
    assert error is not None
    suit_es = game.rules.pack.suit_name(led.suit, "es")
    assert game.names[seat] in error.en and suit_es in error.message("es")


def test_the_unknown_game_message_is_one_message() -> None:
    with pytest.raises(OptionError) as direct:
        game_id("mus")
    with pytest.raises(OptionError) as built:
        cardrules.rules_for("mus", 2)
    with pytest.raises(RecordError) as read:
        cardrules.replay({"game": "mus", "players": 2, "seed": 1})
    assert direct.value.en == built.value.en
    assert read.value.en == f"game: {direct.value.en}"
    assert read.value.message("es") == f"game: {direct.value.message('es')}"
    assert direct.value.message("es").startswith("juego desconocido 'mus'; los juegos son: ")
    assert game_id("bastarda") == "chiamata"


def test_errors_speak_spanish_with_their_fields() -> None:
    with pytest.raises(OptionError) as count:
        cardrules.rules_for("briscola", 5)
    assert count.value.en == "briscola is played by 2, 3, 4 or 6 players, not 5"
    assert count.value.message("es") == "briscola: se juega con 2, 3, 4 o 6 jugadores, no con 5"
    with pytest.raises(RecordError) as long:
        cardrules.replay("x" * 1_000_001)
    assert long.value.message("es").endswith("más de 1\u00a0000\u00a0000 caracteres")
    assert long.value.en.endswith("over 1,000,000 characters")
    with pytest.raises(RecordError) as bad:
        cardrules.replay("{")
    assert bad.value.message("es").startswith("no es JSON válido: se esperaba un nombre de clave")
    with pytest.raises(IllegalActionError) as action:
        new_game("brisca", seed=1).play("x" * 100)
    assert "demasiado largo" in action.value.message("es")
