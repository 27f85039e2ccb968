"""The command line: games, replay and play, in English and Spanish, in-process and as
``python -m cardrules``."""

from __future__ import annotations

import copy
import importlib.util
import io
import json
import os
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Card, Exchange, new_game, parse_card, replay, summary
from cardrules.bots import GreedyBot
from cardrules.cli import main
from cardrules.cli_text import MESSAGES, env_lang

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
GAME_COUNTS = [(g, n) for g, rules in cardrules.GAMES.items() for n in rules.player_counts]


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No locale from the test machine: English unless a test says otherwise."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def run(
    capsys: pytest.CaptureFixture[str], *args: str, stdin: str | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    """Run ``main`` in-process; the exit status, stdout and stderr."""
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, out: str, err: str, *needles: str) -> None:
    assert status == 2
    assert out == ""
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: Any, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


# The message catalogue -------------------------------------------------------------------------


def test_every_message_has_both_languages_with_the_same_fields() -> None:
    formatter = string.Formatter()
    for key, by_lang in MESSAGES.items():
        assert set(by_lang) == {"en", "es"}, key
        fields = [
            {f for _, f, _, _ in formatter.parse(by_lang[lang]) if f is not None}
            for lang in ("en", "es")
        ]
        assert fields[0] == fields[1], key
        assert by_lang["en"].strip() and by_lang["es"].strip(), key
    for key in MESSAGES:
        if key.endswith("_you"):
            assert key[: -len("_you")] in MESSAGES, key


def test_language_from_the_environment() -> None:
    assert env_lang({}) == "en"
    assert env_lang({"LANG": "es_ES.UTF-8"}) == "es"
    assert env_lang({"LANG": "es_MX"}) == "es"
    assert env_lang({"LANG": "fr_FR.UTF-8"}) == "en"
    assert env_lang({"LC_ALL": "en_US.UTF-8", "LANG": "es_ES.UTF-8"}) == "en"
    assert env_lang({"LC_ALL": "", "LC_MESSAGES": "es_AR", "LANG": "en_GB"}) == "es"


# cardrules games -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_games_lists_every_game_with_players_and_options(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    status, out, err = run(capsys, "games", "--lang", lang)
    assert status == 0
    assert err == ""
    players_word = "players:" if lang == "en" else "jugadores:"
    for game_id, rules_type in cardrules.GAMES.items():
        counts = ", ".join(str(n) for n in rules_type.player_counts)
        assert f"{game_id}  {rules_type.title[lang]}\n" in out
        assert f"{players_word} {counts}" in out
        default_word = "default" if lang == "en" else "por defecto"
        for name, choices, default, help_line in rules_type.options_type.help(lang):
            shown = default if isinstance(default, str) else json.dumps(default)
            assert f"    {name}: {choices} ({default_word}: {shown})\n        {help_line}\n" in out
    if lang == "es":
        assert "opciones (--option NOMBRE=VALOR):" in out
        assert "(por defecto: null)" in out
        assert "Brisca (España)" in out
    else:
        assert "options (--option NAME=VALUE):" in out
        assert "(default: false)" in out
        assert "Brisca (Spain)" in out


def test_games_for_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games", "briscas")
    assert status == 0
    assert out.startswith("briscas  Briscas (Puerto Rico)\n")
    assert "brisca " not in out and "briscola" not in out


def test_games_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "games", "chess")
    assert_one_line_error(status, out, err, "unknown game 'chess'")
    status, out, err = run(capsys, "games", "chess", "--lang", "es")
    assert_one_line_error(status, out, err, "juego desconocido 'chess'")


def test_spanish_from_lang_environment_and_lang_flag_wins(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    _, out, _ = run(capsys, "games", "brisca")
    assert "jugadores: 2, 3, 4, 6" in out
    _, out, _ = run(capsys, "games", "brisca", "--lang", "en")
    assert "players: 2, 3, 4, 6" in out
    _, out, _ = run(capsys, "--lang", "en", "games", "brisca")
    assert "players: 2, 3, 4, 6" in out


def test_help_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "-h")
    assert status == 0
    assert out.startswith("usage: cardrules")
    assert "replay" in out and "play" in out and "games" in out
    status, out, _ = run(capsys, "play", "-h", "--lang", "es")
    assert status == 0
    assert out.startswith("uso: cardrules play")
    assert "número de jugadores" in out
    assert "opciones:" in out


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "frobnicate")
    assert_one_line_error(status, out, err, "invalid choice", "cardrules -h")
    status, out, err = run(capsys)
    assert_one_line_error(status, out, err, "required")
    status, out, err = run(capsys, "play", "brisca", "--bot", "clever", "--lang", "es")
    assert_one_line_error(status, out, err, "valor no válido", "clever", "véase cardrules play -h")


# cardrules replay ------------------------------------------------------------------------------


def test_there_is_a_sample_for_every_family_game_and_player_count() -> None:
    names = {p.name for p in EXAMPLES}
    for game_id in ("briscola", "brisca", "briscas"):
        for players in (2, 3, 4, 6):
            assert f"{game_id}-{players}p.json" in names
    for name in ("briscola-2p.json", "brisca-2p.json", "briscas-2p.json"):
        record = example(name)
        assert any(a.startswith("exchange:") for a in record["actions"]), name
        assert record["title"]
        assert replay(record).is_over


def test_the_samples_are_what_the_script_makes(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("generate", ROOT / "examples" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.generate(tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in EXAMPLES)
    for path in written:
        assert path.read_bytes() == (ROOT / "examples" / path.name).read_bytes(), path.name


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_replay_json_is_the_summary(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    status, out, err = run(capsys, "replay", str(path), "--json")
    assert status == 0
    assert err == ""
    record = json.loads(path.read_text(encoding="utf-8"))
    assert json.loads(out) == summary(replay(record))


def expected_winner_line(record: dict[str, Any]) -> str:
    result = replay(record).result
    assert result is not None
    if result.winner is None:
        return "Draw."
    side = result.sides[result.winner]
    if len(side) == 1:
        return f"P{side[0]} wins."
    return f"Side {result.winner + 1} wins."


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_readable_replay_tells_the_deal_and_the_winner(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0
    assert err == ""
    record = json.loads(path.read_text(encoding="utf-8"))
    game = replay(record)
    lines = out.splitlines()
    assert lines[0] == record["title"]
    assert expected_winner_line(record) in lines[lines.index("── End of the deal ──"):]
    assert "── End of the deal ──" in lines
    assert f"── Trick {len(game.tricks)} ──" in lines
    if game.rules.turn_up:
        turn_up = parse_card(record["deal"]["stock"][-1])
        assert f"Turned up under the stock: {turn_up.code} (" in out
    else:
        assert "No trumps." in lines
    first = game.tricks[0]
    seat, card = first.plays[0]
    name = game.rules.pack.card_name(card, "en")
    assert f"  P{seat} plays {card.code} ({name})" in out
    for number, trick in enumerate(game.tricks):
        assert trick.number == number
    taken = [t.winner for t in game.tricks if t.winner is not None]
    told = [line for line in lines if line.startswith("  → P") and "takes the trick" in line]
    assert [int(line[5 : line.index(" ", 5)]) for line in told] == taken
    spoiled = sum(t.winner is None for t in game.tricks)
    assert sum(line.startswith("  → Nobody takes the trick") for line in lines) == spoiled


def test_readable_replay_shows_exchanges_and_labels(capsys: pytest.CaptureFixture[str]) -> None:
    record = example("brisca-2p.json")
    _, out, _ = run(capsys, "replay", str(ROOT / "examples" / "brisca-2p.json"))
    exchanges = [a for a in record["actions"] if a.startswith("exchange:")]
    given = exchanges[0].partition(":")[2]
    assert f"exchanges {given} (" in out
    assert "for the turned-up" in out
    assert "[montar: follows suit and heads the trick]" in out or "[fallar: trumps]" in out


def test_readable_replay_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "examples" / "brisca-4p.json")
    status, out, _ = run(capsys, "replay", path, "--lang", "es")
    assert status == 0
    assert "── Baza 1 ──" in out
    assert "Triunfo:" in out
    assert " juega el " in out
    assert "── Fin de la partida ──" in out
    assert "Gana el bando " in out or "Empate." in out
    assert "Bandos: P0 y P2 contra P1 y P3" in out
    assert " plays " not in out and "Trick" not in out


def test_replay_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = (ROOT / "examples" / "briscas-3p.json").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    status, out, _ = run(capsys, "replay", "-", "--json")
    assert status == 0
    assert json.loads(out) == summary(replay(data))


def test_replay_of_an_unfinished_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = example("briscola-2p.json")
    record["actions"] = record["actions"][:5]
    status, out, _ = run(capsys, "replay", write(tmp_path, record))
    assert status == 0
    assert out.rstrip().endswith("The deal is not finished (the record stops here).")
    status, out, _ = run(capsys, "replay", write(tmp_path, record), "--json")
    assert json.loads(out)["result"] is None


# Replay errors: one line on stderr, exit 2 -----------------------------------------------------


def broken_records() -> Iterator[tuple[str, dict[str, Any] | str, list[str]]]:
    base = example("brisca-2p.json")

    def variant(change: Any) -> dict[str, Any]:
        record = copy.deepcopy(base)
        change(record)
        return record

    yield "invalid JSON", '{"game": "brisca",', ["not valid JSON", "line 1"]
    yield "not an object", "[1, 2]", ["must be a JSON object"]
    yield "unknown game", variant(lambda r: r.update(game="chess")), ["unknown game 'chess'"]
    yield (
        "bad card code",
        variant(lambda r: r["deal"]["hands"][0].__setitem__(0, "13O")),
        ["deal.hands[0][0]", "13O"],
    )
    deep = base["deal"]["stock"][20]
    yield (
        "illegal action",
        variant(lambda r: r["actions"].__setitem__(5, deep)),
        ["actions[5]", deep, "does not hold"],
    )
    yield "unknown key", variant(lambda r: r.update(colour="red")), ["unknown key 'colour'"]
    yield (
        "bad player count",
        variant(lambda r: r.update(players=5)),
        ["brisca is played by 2, 3, 4 or 6 players, not 5"],
    )
    yield (
        "bad option",
        variant(lambda r: r.update(options={"exchange": "sometimes"})),
        ["option 'exchange' cannot be 'sometimes'"],
    )
    yield "unknown option", variant(lambda r: r.update(options={"jokers": True})), ["'jokers'"]
    yield "action not text", variant(lambda r: r["actions"].__setitem__(2, 7)), ["actions[2]"]
    yield "bad seed", variant(lambda r: r.update(seed=-1)), ["seed", "-1"]
    yield "seed and deal disagree", variant(lambda r: r.update(seed=1)), ["seed and deal"]
    yield "no deal", {"game": "brisca", "players": 2}, ["\"seed\" or a \"deal\""]


@pytest.mark.parametrize(
    ("record", "needles"),
    [(r, n) for _, r, n in broken_records()],
    ids=[name for name, _, _ in broken_records()],
)
def test_replay_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Any, needles: list[str]
) -> None:
    path = write(tmp_path, record)
    status, out, err = run(capsys, "replay", path)
    assert_one_line_error(status, out, err, "cardrules replay: error: ", path, *needles)
    status, out, err = run(capsys, "replay", path, "--json")
    assert_one_line_error(status, out, err, *needles)


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere.json")
    status, out, err = run(capsys, "replay", missing)
    assert_one_line_error(status, out, err, "cannot read", missing, "no such file")
    status, out, err = run(capsys, "replay", missing, "--lang", "es")
    assert_one_line_error(status, out, err, "no se puede leer", "no existe")
    status, out, err = run(capsys, "replay", str(tmp_path))
    assert_one_line_error(status, out, err, "it is a folder")


def test_replay_errors_in_spanish(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = example("brisca-2p.json")
    record["actions"][5] = record["deal"]["stock"][20]
    status, out, err = run(capsys, "replay", write(tmp_path, record), "--lang", "es")
    assert_one_line_error(status, out, err, "actions[5]", "no tiene el")
    status, out, err = run(capsys, "replay", write(tmp_path, "{"), "--lang", "es")
    assert_one_line_error(status, out, err, "no es JSON válido")
    status, out, err = run(capsys, "replay", write(tmp_path, b"\xff\xfe".decode("latin-1")),
                           "--lang", "es")
    assert_one_line_error(status, out, err)


def test_replay_rejects_bytes_that_are_not_utf8(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b'{"game": "\xff"}')
    status, out, err = run(capsys, "replay", str(path))
    assert_one_line_error(status, out, err, "UTF-8")


# cardrules play: errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["play", "chess"], ["unknown game 'chess'"]),
        (["play", "brisca", "--players", "5"], ["brisca is played by 2, 3, 4 or 6 players, not 5"]),
        (["play", "brisca", "--players", "two"], ["--players must be a whole number"]),
        (["play", "alcalde", "--players", "2"], ["alcalde is played by 3 players"]),
        (["play", "brisca", "--option", "jokers=1"], ["unknown option 'jokers'"]),
        (["play", "brisca", "--option", "exchange=sometimes"], ["'exchange' cannot be"]),
        (["play", "brisca", "--option", "follow_suit=7"], ["'follow_suit' cannot be 7"]),
        (["play", "brisca", "--option", "follow_suit"], ["write NAME=VALUE"]),
        (["play", "brisca", "--seat", "2"], ["--seat must be a seat from 0 to 1, not 2"]),
        (["play", "brisca", "--seed", "-4"], ["seed", "-4"]),
        (["play", "brisca", "--save", "/no/such/folder/x.json"], ["does not exist"]),
        (["play", "brisca", "--players", "7", "--lang", "es"], ["se juega con 2, 3, 4 o 6"]),
    ],
)
def test_play_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], needles: list[str]
) -> None:
    status, out, err = run(capsys, *args)
    assert_one_line_error(status, out, err, *needles)


# cardrules play --auto -------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_auto_play_finishes_every_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game_id: str, players: int
) -> None:
    save = tmp_path / "deal.json"
    args = ["play", game_id, "--players", str(players), "--seed", "11", "--auto",
            "--bot", "random", "--save", str(save)]
    status, out, err = run(capsys, *args)
    assert status == 0, err
    assert err == ""
    assert "── End of the deal ──" in out
    assert out.rstrip().endswith(f"Deal record saved to {save}.")
    record = json.loads(save.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.is_over
    assert record["seed"] == 11
    assert game.result is not None
    if game.result.winner is None:
        assert "\nDraw.\n" in out
    else:
        assert " wins." in out
    # The same command deals and plays the same again.
    again = run(capsys, *args)
    assert again[1] == out


def test_auto_play_with_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "deal.json"
    status, out, _ = run(
        capsys, "play", "brisca", "--players", "4", "--seed", "5", "--auto",
        "--option", "arrastro=true", "--option", "claim=true", "--option", "pack=french",
        "--option", "tie=more-cards", "--save", str(save),
    )
    assert status == 0
    assert "Options: pack=french, tie=more-cards, arrastro=true, claim=true" in out
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["options"] == {
        "pack": "french", "tie": "more-cards", "arrastro": True, "claim": True,
    }
    assert " of diamonds)" in out or " of hearts)" in out  # the French pack's names


def test_auto_play_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "briscola", "--players", "2", "--seed", "3", "--auto",
                         "--lang", "es")
    assert status == 0
    assert out.startswith("Briscola (Italia) · 2 jugadores · semilla 3\n")
    assert "Todos los asientos son bots" in out
    assert "se lleva la baza" in out
    assert "── Fin de la partida ──" in out
    assert "Gana Bot " in out or "Empate." in out


# cardrules play: the interactive game ----------------------------------------------------------


def test_interactive_game_survives_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = new_game("brisca", players=2, seed=3)
    not_mine = game.hands[1][0]  # a card the bot holds: the refusal must not say so
    script = f"x\n99\n0\n\n{not_mine.code}\nexchange:7O\nh\n?\n" + "1\n" * 40
    save_bad = tmp_path / "bad.json"
    status, out, err = run(capsys, "play", "brisca", "--players", "2", "--seed", "3",
                           "--save", str(save_bad), stdin=script, monkeypatch=monkeypatch)
    assert status == 0, err
    assert "Cannot read 'x': type a number from 1 to 3" in out
    assert "There is no 99 in the list: choose 1 to 3." in out
    assert "There is no 0 in the list" in out
    name = game.rules.pack.card_name(not_mine, "en")
    assert f"You do not have {not_mine.code} ({name})." in out
    assert "seat 1" not in out and "holds it" not in out
    assert "Type the number of a card or move from the list" in out
    assert "── End of the deal ──" in out
    # The bad answers changed nothing: the same deal played with only the good ones.
    save_good = tmp_path / "good.json"
    status, _, _ = run(capsys, "play", "brisca", "--players", "2", "--seed", "3",
                       "--save", str(save_good), stdin="1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0
    assert save_bad.read_text() == save_good.read_text()


def test_interactive_screen_shows_the_position(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game("brisca", players=2, seed=3)
    assert game.turn_up is not None
    status, out, _ = run(capsys, "play", "brisca", "--players", "2", "--seed", "3",
                         stdin="q\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "You are seat 0; the other seats are bots: greedy" in out
    up = f"{game.turn_up.code} ({game.rules.pack.card_name(game.turn_up, 'en')})"
    assert f"Trumps: {game.rules.pack.suit_name(game.turn_up.suit, 'en')}" in out
    assert f"turned up: {up} · stock: 34 cards" in out
    assert "Points: You 0 · Bot 1 0" in out
    assert "Table: empty, you lead." in out
    hand = sorted(game.hands[0], key=lambda c: c.sort_key)
    for i, card in enumerate(hand, 1):
        assert f"{i:>2}) {card.code:<5}{game.rules.pack.card_name(card, 'en')}" in out
    assert "Your play (1-3, a code such as" in out
    assert out.rstrip().endswith("Game abandoned.")


def test_interactive_bot_plays_are_shown_on_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seat 1: the bot leads, and its card is on the table when we are asked.
    game = new_game("brisca", players=2, seed=8)
    lead = GreedyBot().choose(game.view(0), game.rules)
    assert isinstance(lead, Card)
    status, out, _ = run(capsys, "play", "brisca", "--players", "2", "--seed", "8",
                         "--seat", "1", stdin="q\n", monkeypatch=monkeypatch)
    assert status == 0
    name = game.rules.pack.card_name(lead, "en")
    assert f"  Bot 0 plays {lead.code} ({name})." in out
    assert f"Table: Bot 0: {lead.code} ({name})" in out


def test_interactive_exchange_by_notation_and_by_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Briscola, seed 4: seat 0 holds the 2 of trumps and may take the turned-up card.
    game = new_game("briscola", players=2, seed=4)
    assert game.turn_up is not None and game.trump is not None
    two = Card(2, game.trump)
    assert Exchange(two) in game.legal_actions()
    up = f"{game.turn_up.code} ({game.rules.pack.card_name(game.turn_up, 'en')})"
    expected = f"You exchange {two.code} ({game.rules.pack.card_name(two, 'en')}) for the " \
               f"turned-up {up}."
    for answer in (f"exchange:{two.code}", "4", f"EXCHANGE:{two.code.lower()}"):
        status, out, _ = run(capsys, "play", "briscola", "--players", "2", "--seed", "4",
                             stdin=f"{answer}\nq\n", monkeypatch=monkeypatch)
        assert status == 0
        assert f" 4) exchange:{two.code}  take the turned-up {up} for your {two.code}" in out
        assert expected in out, answer
        # The turned-up card is in the hand now, and the 2 lies under the stock.
        assert f"turned up: {two.code} (" in out


def test_interactive_refused_card_gives_the_rules_reason(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # With follow_suit, seat 1 must follow the suit led when it can: find a deal where it holds
    # the suit led and another suit, and type the other suit first.
    for seed in range(200):
        game = new_game("briscola", players=2, seed=seed, options={"follow_suit": True})
        lead = GreedyBot().choose(game.view(0), game.rules)
        assert isinstance(lead, Card)
        hand = game.hands[1]
        other = [c for c in hand if c.suit is not lead.suit]
        if any(c.suit is lead.suit for c in hand) and other:
            break
    else:
        raise AssertionError("no suitable deal")
    status, out, _ = run(
        capsys, "play", "briscola", "--players", "2", "--seed", str(seed), "--seat", "1",
        "--option", "follow_suit=true", stdin=f"{other[0].code}\nq\n", monkeypatch=monkeypatch,
    )
    assert status == 0
    assert "[not allowed now]" in out or "not allowed now]" in out
    assert "Not allowed: seat 1 must follow suit" in out


def test_interactive_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "partial.json"
    status, out, err = run(capsys, "play", "briscas", "--players", "2", "--seed", "2",
                           "--save", str(save), stdin="1\n2\n", monkeypatch=monkeypatch)
    assert status == 1
    assert "Traceback" not in out + err
    assert "Input closed: game abandoned." in out
    assert f"Unfinished deal record saved to {save}." in out
    game = replay(json.loads(save.read_text(encoding="utf-8")))
    assert not game.is_over
    assert len(game.tricks) >= 1


def test_interactive_empty_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", "brisca", stdin="", monkeypatch=monkeypatch)
    assert status == 1
    assert out.rstrip().endswith("Input closed: game abandoned.")


def test_interactive_spanish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", "brisca", "--players", "4", "--seed", "3",
                         "--lang", "es", stdin="zzz\n" + "1\n" * 20, monkeypatch=monkeypatch)
    assert status == 0
    assert "Juegas en el asiento 0; los demás son bots: greedy" in out
    assert "Bandos: Tú y Bot 2 contra Bot 1 y Bot 3" in out
    assert "── Baza 1 ──" in out
    assert "Mesa: vacía, sales tú." in out
    assert "Tu mano:" in out
    assert "Tu jugada (1-3, un código como" in out
    assert "No entiendo 'zzz'" in out
    assert "Juegas el " in out
    assert "Puntos: tu bando " in out
    assert "── Fin de la partida ──" in out
    assert "¡Gana tu bando!" in out or "Gana el otro bando." in out or "Empate." in out
    for english in ("Your hand", "Trick", "You play", " wins"):
        assert english not in out


def test_interactive_partners_and_a_finished_four_player_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", "briscas", "--players", "4", "--seat", "1",
                         "--seed", "21", stdin="1\n" * 20, monkeypatch=monkeypatch)
    assert status == 0
    assert "Sides: Bot 0 and Bot 2 against You and Bot 3" in out
    assert "Points: the other side " in out and " · your side " in out
    assert "Your side (You, Bot 3): " in out
    assert "The other side (Bot 0, Bot 2): " in out


# python -m cardrules ---------------------------------------------------------------------------


def subprocess_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def test_python_dash_m_replay_json() -> None:
    path = ROOT / "examples" / "briscola-4p.json"
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "replay", str(path), "--json"],
        capture_output=True, text=True, encoding="utf-8", env=subprocess_env(), cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == summary(replay(path.read_text(encoding="utf-8")))


def test_python_dash_m_error_has_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "brisca", "players": 2, "seed": 1, "actions": ["9O"]}')
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "replay", str(bad), "--lang", "es"],
        capture_output=True, text=True, encoding="utf-8", env=subprocess_env(), check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert "actions[0] (9O)" in done.stderr


def test_python_dash_m_play_with_piped_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "briscas", "--players", "2", "--seed", "1"],
        input="hello\n" + "1\n" * 30, capture_output=True, text=True, encoding="utf-8",
        env=subprocess_env(), check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Cannot read 'hello'" in done.stdout
    assert "── End of the deal ──" in done.stdout
    assert done.stderr == ""


def test_interactive_setup_phase_and_answers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Aluette with the chant: before the first trick the user only has moves (chant, then
    # discards); cards typed then are refused with the rules' reason.
    status, out, _ = run(capsys, "play", "aluette", "--players", "4", "--seed", "2",
                         "--option", "chant=true", stdin="4O\n" + "1\n" * 40,
                         monkeypatch=monkeypatch)
    assert status == 0
    assert " 1) chant  agree to the chant\n" in out
    assert " 2) no-chant  refuse the chant\n" in out
    assert "Your choice (1-2, h help, q quit): " in out
    assert "Not allowed: no card is played yet" in out
    assert "You agree to the chant." in out
    assert " 1) discard:" in out
    assert "Bot 3 discards a card, face down." in out  # a bot's discard stays hidden
    assert "── End of the deal ──" in out
    assert "Tricks won: You " in out


def test_interactive_answer_to_a_surrender(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Aluette, random bots, seed 1: Bot 3 offers to surrender and the user (next) answers.
    status, out, _ = run(capsys, "play", "aluette", "--players", "4", "--seed", "1",
                         "--bot", "random", stdin="1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0
    assert "Bot 3 offers to surrender." in out
    assert " 1) accept  accept the surrender: the deal ends and your side scores\n" in out
    assert "You accept the surrender." in out
    assert "The deal ended on an accepted surrender." in out
    assert out.rstrip().endswith("Your side scores 1 game point.")
