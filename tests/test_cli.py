"""The command line: games, replay and play, in English and Spanish, in-process and as
``python -m cardrules``.

What happens in a deal is told by :class:`cardrules.account.narration.Narrator`; these tests check
that
the terminal prints the narration's sentences for every step (and nothing of its own in their
place), that the user's screen shows only what the user's seat may see, and the command's own
behaviour: its arguments, its errors, its prompt and the answers to it.
"""

from __future__ import annotations

import copy
import dataclasses
import doctest
import importlib.util
import io
import itertools
import json
import os
import re
import string
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from cli_support import run

import cardrules
import cardrules.cli
from cardrules import Card, Exchange, Game, Result, new_game, parse_card, replay, summary
from cardrules.account.hints import FEW_DEALS
from cardrules.account.narration import Narrator
from cardrules.account.refusals import refusal
from cardrules.bots import BOTS, LEVELS, Bot, Estimate, GreedyBot, PimcBot, make_bot
from cardrules.bots.pimc import MIN_WORLDS
from cardrules.cli import arguments, main
from cardrules.cli.render import Printer
from cardrules.cli.session import Advisor, thinking
from cardrules.cli.startup import env_lang
from cardrules.core.actions import Deal, NumberMove, Phrases, format_action
from cardrules.core.errors import Lang
from cardrules.core.players import PLAYER_NAMES
from cardrules.engine import SeatView
from cardrules.games.aluette import Discard, Signal

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
GAME_COUNTS = [(g, n) for g, rules in cardrules.GAMES.items() for n in rules.player_counts]
END = {"en": "── End of the deal ──", "es": "── Fin de la mano ──"}


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No locale from the test machine: English unless a test says otherwise."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


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


def bot_names(players: int, me: int | None, lang: Lang = "en") -> list[str]:
    """The names the terminal gives the seats: *you*, and names (never numbers) for the bots."""
    you = "You" if lang == "en" else "Tú"
    return [you if s == me else PLAYER_NAMES[s] for s in range(players)]


def record_names(game: Game) -> list[str]:
    """The names a replay shows: the record's (the engine's own when it names nobody)."""
    return list(game.names)


def told(words: Narrator, step: cardrules.Step,
         previous: cardrules.Step | None = None) -> list[str]:
    """The lines the terminal prints for a step: the narration's sentences (what the step led
    to right after the action), indented, the trick taken after an arrow."""
    said = words.step(step, labels=True, previous=previous)
    lines = [said.action] if said.action else []
    lines += list(said.news)
    if said.trick:
        lines.append("→ " + said.trick)
    return lines + list(said.draws)


def step_lines(out: str, after: str) -> list[str]:
    """The lines that tell the steps: indented by two spaces, after the intro's last line
    ``after`` (menus and unnumbered hands are indented more, or numbered)."""
    lines = out.splitlines()
    first = lines.index(after) + 1
    return [line[2:] for line in lines[first:]
            if line.startswith("  ") and line[2] != " " and not re.match(r" *\d+\) ", line)]


def last_hand_line(game: Game, names: list[str]) -> str:
    """The intro's last line when the hands are shown (a replay, bots in every seat)."""
    hands = next(game.steps()).after.hands
    seat = max(s for s, hand in enumerate(hands) if hand)  # who sits the deal out is not shown
    hand = sorted(hands[seat], key=lambda c: c.sort_key)
    return f"  {names[seat]}: {' '.join(c.code for c in hand)}"


def saved_game(path: Path) -> Game:
    return replay(json.loads(path.read_text(encoding="utf-8")))


def the_result(game: Game) -> Result:
    assert game.result is not None
    return game.result


# The message catalogue and the modules ---------------------------------------------------------


def _extracted(folder: Path) -> list[tuple[str | None, str | tuple[str, ...]]]:
    """The messages of the catalogue that the modules of ``folder`` say (context, message id)."""
    from babel.messages.extract import extract_from_file

    keywords = {"_": None, "N_": None, "Message": None, "n_": (1, 2), "p_": ((1, "c"), 2),
                "Failure": None}
    found = []
    for path in sorted(folder.glob("*.py")):
        for _line, message, _comments, context in extract_from_file(
                "python", str(path), keywords=keywords):
            if message and (not isinstance(message, tuple) or message[0]):
                found.append((context, message))
    return found


def test_every_message_of_the_command_is_in_every_catalogue() -> None:
    """The command's sentences are messages of the catalogue of words, each translated in every
    language, with the same fields."""
    from babel.messages.pofile import read_po

    from cardrules.words import LOCALE, languages

    said = _extracted(ROOT / "cardrules" / "cli")
    assert len(said) > 100
    formatter = string.Formatter()

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in formatter.parse(text) if f is not None} - {"n"}

    for lang in languages()[1:]:
        with (LOCALE / lang / "LC_MESSAGES" / "cardrules.po").open("rb") as file:
            catalogue = read_po(file)
        for context, message in said:
            found = catalogue.get(message, context=context)
            assert found is not None, (lang, message)
            ids = message if isinstance(message, tuple) else (message,)
            strings = [str(s) for s in (
                found.string if isinstance(found.string, tuple) else (found.string,))]
            assert all(strings), (lang, message)
            assert {frozenset(fields(s)) for s in strings} == {frozenset(fields(ids[-1]))}, (
                lang, message)


def test_no_sentence_of_the_command_is_written_in_python_in_two_languages() -> None:
    """No table of English and Spanish, no choice of a language by its code: a language is a
    catalogue, and a new one needs no change here."""
    for path in (ROOT / "cardrules" / "cli").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"""["']es["']\s*:""", source), path.name
        assert not re.search(r"""lang\s*[!=]=\s*["']es["']""", source), path.name
        for spanish in ("Mano abandonada", "No tienes", "Tu jugada", "muestra esta ayuda"):
            assert spanish not in source, (path.name, spanish)


@pytest.mark.parametrize("module", ["", ".arguments", ".startup", ".text"])
def test_docstring_examples(module: str) -> None:
    target = importlib.import_module("cardrules.cli" + module)
    result = doctest.testmod(target, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 1 and result.failed == 0


def test_the_package_layout() -> None:
    """``cardrules.cli:main`` is the console entry point; the old single modules are gone."""
    assert cardrules.cli.main is main
    assert cardrules.cli.__all__ == ["main"]
    assert not (ROOT / "cardrules" / "cli.py").exists()
    assert not (ROOT / "cardrules" / "cli_text.py").exists()
    for name in ("arguments", "session", "render", "text", "commands", "startup"):
        assert (ROOT / "cardrules" / "cli" / f"{name}.py").is_file(), name


def test_whole_numbers_and_options() -> None:
    assert arguments.whole_number(" +3 ", "--seat", "en") == 3
    with pytest.raises(arguments.Failure, match=r"--seed must be a whole number, not '1\.5'"):
        arguments.whole_number("1.5", "--seed", "en")
    assert arguments.parse_options(["a=TRUE", "b=-2", "c=Null", "d=x=y"], "en") == {
        "a": True, "b": -2, "c": None, "d": "x=y"}
    with pytest.raises(arguments.Failure, match="escribe NOMBRE=VALOR"):
        arguments.parse_options(["=3"], "es")


def test_language_from_the_environment() -> None:
    assert env_lang({}) == "en"
    assert env_lang({"LANG": "es_ES.UTF-8"}) == "es"
    assert env_lang({"LANG": "es_MX"}) == "es"
    assert env_lang({"LANG": "fr_FR.UTF-8"}) == "en"
    assert env_lang({"LC_ALL": "en_US.UTF-8", "LANG": "es_ES.UTF-8"}) == "en"
    assert env_lang({"LC_ALL": "", "LC_MESSAGES": "es_AR", "LANG": "en_GB"}) == "es"


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A third language that exists only for the test: a catalogue of a few messages (the others
    fall back to English), added beside the package's, and gone after the test."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    import cardrules.words

    catalog = Catalog(locale="fr", domain="cardrules")
    for message, said in (("players: {counts}", "joueurs : {counts}"),
                          ("Game abandoned.", "Partie abandonnée."),
                          ("Every player is a bot: {bot}.",
                           "Tous les joueurs sont des bots : {bot}."),
                          ("language of the messages: {languages}; default: from the LANG "
                           "environment variable, else English",
                           "langue des messages : {languages}")):
        catalog.add(message, said)
    catalog.add("English", "français", context="the name of this language, in it")
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "cardrules.mo").open("wb") as file:
        write_mo(file, catalog)
    monkeypatch.setattr(cardrules.words, "_EXTRA", [])
    cardrules.words.add_catalogues(tmp_path / "locale")
    yield "fr"
    cardrules.words.words.cache_clear()


def test_a_third_language_is_a_catalogue_and_nothing_else(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, french: str
) -> None:
    assert env_lang({"LANG": "fr_FR.UTF-8"}) == "fr"
    status, out, _ = run(capsys, "games", "brisca", "--lang", "fr")
    assert status == 0 and "\n  joueurs : 2, 3, 4, 6\n" in out
    status, out, _ = run(capsys, "play", "brisca", "--players", "2", "--seed", "3", "--auto",
                         "--bot", "greedy", "--lang", "fr")
    assert status == 0 and "\nTous les joueurs sont des bots : greedy" in out
    status, out, _ = run(capsys, "play", "brisca", "--lang", "fr", stdin="q\n",
                         monkeypatch=monkeypatch)
    assert out.rstrip().endswith("Partie abandonnée.")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    status, out, _ = run(capsys, "--help")
    assert "langue des messages : en (English), es (español), fr (français)" in " ".join(
        out.split())


def test_players_are_named_never_numbered(capsys: pytest.CaptureFixture[str]) -> None:
    for lang in ("en", "es"):
        for game, players in (("briscas", 4), ("brisca", 6), ("chiamata", 5)):
            _, out, _ = run(capsys, "play", game, "--players", str(players), "--seed", "2",
                            "--auto", "--bot", "greedy", "--lang", lang)
            assert not re.search(r"\b(P\d|Bot \d|[Ss]eat \d|[Aa]siento \d)", out), out
            assert all(name in out for name in PLAYER_NAMES[:players])
        _, out, _ = run(capsys, "replay", str(ROOT / "examples" / "briscas-4p.json"), "--lang",
                        lang)
        assert not re.search(r"\bP\d\b", out) and "Ana" in out


def test_sides_are_named_never_numbered(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "briscas", "--players", "4", "--seed", "2", "--auto",
                    "--bot", "greedy")
    assert not re.search(r"\b[Ss]ide \d", out), out


def test_system_errors_in_the_readers_language() -> None:
    import errno

    from cardrules.cli.commands import os_reason

    full = OSError(errno.ENOSPC, "No space left on device")
    assert os_reason(full, "es") == "no queda espacio en el disco"
    odd = OSError(errno.EIO, "Input/output error")
    assert os_reason(odd, "en") == "input/output error"
    assert os_reason(odd, "es") == "error del sistema 5 (EIO)"


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


def test_games_by_another_name(capsys: pytest.CaptureFixture[str]) -> None:
    """A game is found by any name it goes by (Briscola Bastarda is Chiamata)."""
    status, out, _ = run(capsys, "games", "bastarda")
    assert status == 0 and out.startswith("chiamata  Briscola Chiamata")


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
    game = replay(json.loads(path.read_text(encoding="utf-8")))
    assert out == json.dumps(summary(game), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_replay_prints_the_narration_of_every_step(
    capsys: pytest.CaptureFixture[str], path: Path, lang: Lang
) -> None:
    status, out, err = run(capsys, "replay", str(path), "--lang", lang)
    assert status == 0
    assert err == ""
    record = json.loads(path.read_text(encoding="utf-8"))
    game = replay(record)
    names = record_names(game)
    words = Narrator(game.rules, names, lang, codes=True)  # a replay tells everything
    steps = list(game.steps())
    lines = out.splitlines()
    assert lines[0] == record["title"]
    assert words.deal(steps[0]) in lines[:6]
    for seat, hand in enumerate(steps[0].after.hands):
        codes = " ".join(c.code for c in sorted(hand, key=lambda c: c.sort_key))
        assert f"  {names[seat]}: {codes}" in lines
    assert not re.search(r"\bP\d\b", out)  # players are named, never numbered
    expected = [line for previous, step in itertools.pairwise(steps)
                for line in told(words, step, previous)]
    assert expected and step_lines(out, last_hand_line(game, names)) == expected
    trick = "Trick" if lang == "en" else "Baza"
    headers = [line for line in lines if line.startswith("── ") and line != END[lang]]
    assert headers == [f"── {trick} {n} ──" for n in range(1, len(game.tricks) + 1)]
    result = the_result(game)
    points = words.game_points(result)  # what the deal scores towards a match, if anything
    verdict = lines[-2] if points else lines[-1]
    assert END[lang] in lines[-7:-1]  # the end: the score, then the verdict
    assert verdict == words.verdict(result)
    assert not points or lines[-1] == points


def test_readable_replay_shows_exchanges_and_labels(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "replay", str(ROOT / "examples" / "brisca-2p.json"))
    record = example("brisca-2p.json")
    given = next(a for a in record["actions"] if a.startswith("exchange:")).partition(":")[2]
    name = cardrules.rules_for("brisca", 2).pack.card_name(parse_card(given), "en")
    assert f" gives {given} ({name}) for the turned-up card, " in out
    assert "[montar: follows suit and heads the trick]" in out or "[fallar: trumps]" in out


def test_readable_replay_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "examples" / "brisca-4p.json")
    status, out, _ = run(capsys, "replay", path, "--lang", "es")
    assert status == 0
    assert "── Baza 1 ──" in out
    assert "Se reparten las cartas; la carta vuelta es el " in out
    assert " juega el " in out
    assert "── Fin de la mano ──" in out
    assert "Bandos: Ana y Carmen contra Bruno y Diego" in out
    assert "\nAna y Carmen: " in out and "\nBruno y Diego: " in out
    assert " plays " not in out and "Trick" not in out


def test_replay_of_a_trick_scored_game_counts_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "replay", str(ROOT / "examples" / "aluette-4p.json"))
    game = replay(example("aluette-4p.json"))
    result = the_result(game)
    won = " · ".join(f"{PLAYER_NAMES[s]} {n}" for s, n in enumerate(result.points))
    assert f"\nTricks won: {won}\n" in out
    assert "Nobody takes" not in out
    assert "Trick 5 is spoiled: nobody takes it; Ana leads again." in out


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
    assert "End of the deal" not in out
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
    assert out.rstrip().endswith(f"Deal record saved to '{save}'.")
    record = json.loads(save.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.is_over
    assert record["seed"] == 11
    # Bots in every seat: the whole deal is told, from above, in the narration's words.
    names = bot_names(players, None)
    words = Narrator(game.rules, names, "en", codes=True)
    steps = list(game.steps())
    expected = [line for previous, step in itertools.pairwise(steps)
                for line in told(words, step, previous)]
    assert step_lines(out, last_hand_line(game, names)) == expected
    assert f"\n{words.verdict(the_result(game))}\n" in out
    # The same command deals and plays the same again (--force: the record exists now).
    again = run(capsys, *args, "--force")
    assert again[1] == out


def test_auto_play_with_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "deal.json"
    status, out, _ = run(
        capsys, "play", "brisca", "--players", "4", "--seed", "5", "--auto", "--bot", "greedy",
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
                         "--level", "easy", "--lang", "es")
    assert status == 0
    assert out.startswith("Briscola (Italia) · 2 jugadores · semilla 3\n")
    assert "Todos los jugadores son bots: pimc, nivel fácil (un bot de búsqueda)." in out
    assert "Cartas repartidas:" in out
    assert "se lleva la baza" in out
    assert "── Fin de la mano ──" in out
    assert out.rstrip().splitlines()[-1].startswith(("Ana ", "Bruno ", "Empate, "))
    assert not re.search(r"\b(tu|tus|su|sus) manos?\b", out.lower())  # your cards: «tus cartas»


def test_a_big_win_scores_two_game_points(capsys: pytest.CaptureFixture[str]) -> None:
    # Briscola with big_win: more than 100 card points scores 2; the end says so.
    for lang, line in (("en", "Ana and Carmen score 2 game points."),
                       ("es", "Ana y Carmen se apuntan 2 puntos de juego.")):
        _, out, _ = run(capsys, "play", "briscola", "--players", "4", "--seed", "7", "--auto",
                        "--bot", "greedy", "--option", "big_win=true", "--lang", lang)
        assert out.rstrip().endswith(line)
    _, out, _ = run(capsys, "play", "briscola", "--players", "4", "--seed", "7", "--auto",
                    "--bot", "greedy")
    assert "game point" not in out
    # As the user of the winning side: the second person.
    game = new_game("briscola", players=4, seed=7, options={"big_win": True})
    result = Result((112, 0, 0, 8), ((0, 2), (1, 3)), (112, 8), 0, (2, 0))
    you = Narrator(game.rules, bot_names(4, 2), "en", viewer=2, you=2)
    assert you.game_points(result) == "Your side scores 2 game points."
    assert Narrator(game.rules, bot_names(4, 1), "es", you=1).game_points(result) == (
        "Ana y Carmen se apuntan 2 puntos de juego.")
    one = Result((112, 8), ((0,), (1,)), (112, 8), 0, (2, 0))
    assert Narrator(game.rules, bot_names(2, 0), "es", you=0).game_points(one) == (
        "Te apuntas 2 puntos de juego.")
    assert you.game_points(Result((70, 50), ((0,), (1,)), (70, 50), 0, (1, 0))) == ""


# cardrules play: the interactive game ----------------------------------------------------------


def you_narrator(game: Game, me: int, lang: Lang = "en") -> Narrator:
    """The narration the user of seat ``me`` reads."""
    return Narrator(game.rules, bot_names(game.players, me, lang), lang, viewer=me, you=me,
                    codes=True)


def test_interactive_deal_is_told_from_the_users_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Seat 1 of four at Brisca: every step is told in the narration's words for that seat
    # (its own draws named, the others' not), between the screens where it is asked to play.
    save = tmp_path / "deal.json"
    status, out, _ = run(capsys, "play", "brisca", "--players", "4", "--seed", "4", "--seat",
                         "1", "--level", "easy", "--save", str(save), stdin="1\n" * 20,
                         monkeypatch=monkeypatch)
    assert status == 0
    game = saved_game(save)
    words = you_narrator(game, 1)
    steps = list(game.steps())
    expected = [line for previous, step in itertools.pairwise(steps)
                for line in told(words, step, previous)]
    assert step_lines(out, words.deal(steps[0])) == expected
    # 28 cards in the stock, 7 rounds of draws: the user's 7 cards are named, no one else's.
    assert sum(line.startswith("You draw ") for line in expected) == 7
    assert not any(line.startswith("Bot ") and " draws " in line and "turned-up" not in line
                   for line in expected)


def test_interactive_game_survives_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = new_game("brisca", players=2, seed=3)
    not_mine = game.hands[1][0]  # a card the bot holds: the refusal must not say so
    script = (f"x\n99\n0\n\n{not_mine.code}\nexchange:{not_mine.code}\nh\n?\nhint\n"
              + "1\nPISTA\n" * 40)
    save_bad = tmp_path / "bad.json"
    status, out, err = run(capsys, "play", "brisca", "--players", "2", "--seed", "3",
                           "--level", "easy", "--save", str(save_bad), stdin=script,
                           monkeypatch=monkeypatch)
    assert status == 0, err
    assert "Cannot read 'x': type a number from 1 to 3" in out
    assert "There is no 99 in the list: choose 1 to 3." in out
    assert "There is no 0 in the list" in out
    name = game.rules.pack.card_name(not_mine, "en")
    # The card and the move: the refusal the widget gives too, and never where the card is.
    said = refusal(game, 0, not_mine, codes=True)
    assert said is not None and said.say("en").startswith("You do not have ")
    assert f"{not_mine.code} ({name})" in said.say("en")
    assert out.count(f"\n{said.say('en')}\n") == 2
    assert "seat 1" not in out and "holds it" not in out and "Ana" not in said.say("en")
    assert out.count("Type the number of a card or move from the list") == 2
    assert "── End of the deal ──" in out
    assert out.count("Hint from the search bot (level easy)") >= 10  # a hint at every turn
    # The bad answers and the hints changed nothing: the same deal (the same bots' plays)
    # with only the good answers.
    save_good = tmp_path / "good.json"
    status, _, _ = run(capsys, "play", "brisca", "--players", "2", "--seed", "3",
                       "--level", "easy", "--save", str(save_good), stdin="1\n" * 40,
                       monkeypatch=monkeypatch)
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
    assert "\nBruno is a bot: pimc, level normal (a search bot).\n" in out
    assert you_narrator(game, 0).deal(next(game.steps())) in out.splitlines()
    up = f"{game.turn_up.code} ({game.rules.pack.card_name(game.turn_up, 'en')})"
    suit = game.rules.pack.suit_name(game.turn_up.suit, "en")
    assert f"\nTrumps: {suit} · turned up: {up} · stock: 34 cards\n" in out
    assert "Points: You 0 · Bruno 0" in out
    assert "Table: empty, you lead." in out
    hand = sorted(game.hands[0], key=lambda c: c.sort_key)
    for i, card in enumerate(hand, 1):
        assert f"{i:>2}) {card.code:<5}{game.rules.pack.card_name(card, 'en')}" in out
    assert f"Your play (1-3, a code such as {hand[0].code}, hint, h help, q quit): q\n" in out
    assert out.rstrip().endswith("Game abandoned.")
    for card in game.hands[1]:  # the bot's hand is never shown
        assert card.code + " " not in out and card.code + "\n" not in out


@pytest.mark.parametrize(
    ("flags", "bot", "line"),
    [
        ([], make_bot("pimc", seed=5 * 8, level="normal"), "pimc, level normal (a search bot)"),
        (["--level", "easy"], make_bot("pimc", seed=5 * 8, level="easy"),
         "pimc, level easy (a search bot)"),
        (["--level", "hard", "--bot", "pimc"], make_bot("pimc", seed=5 * 8, level="hard"),
         "pimc, level hard (a search bot)"),
        (["--bot", "greedy"], make_bot("greedy"), "greedy (the cheapest card that wins)"),
    ],
    ids=["default", "easy", "hard", "greedy"],
)
def test_interactive_bot_plays_are_shown_on_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flags: list[str],
    bot: Bot, line: str,
) -> None:
    # Seat 1: the bot leads, and its card is on the table when we are asked. The bot is the
    # search bot unless told otherwise, at level normal, seeded from the deal's seed and its
    # seat (5 * 8 + 0): in this deal levels normal and easy and greedy lead differently.
    game = new_game("brisca", players=2, seed=5)
    lead = bot.choose(game.view(0))
    assert isinstance(lead, Card)
    status, out, _ = run(capsys, "play", "brisca", "--players", "2", "--seed", "5",
                         "--seat", "1", *flags, stdin="q\n", monkeypatch=monkeypatch)
    assert status == 0
    assert f"\nAna is a bot: {line}.\n" in out
    name = game.rules.pack.card_name(lead, "en")
    assert f"\n  Ana plays {lead.code} ({name})" in out
    assert f"Table: Ana: {lead.code} ({name})" in out


def test_the_bots_lead_differently_in_the_deal_above() -> None:
    """The deal the test above uses tells the bots apart (else it would prove little)."""
    view = new_game("brisca", players=2, seed=5).view(0)
    leads = {make_bot("pimc", seed=40, level=level).choose(view) for level in ("easy", "normal")}
    assert len(leads | {GreedyBot().choose(view)}) == 3


def test_interactive_exchange_by_notation_and_by_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Briscola, seed 4: seat 0 holds the 2 of trumps and may take the turned-up card.
    game = new_game("briscola", players=2, seed=4)
    assert game.turn_up is not None and game.trump is not None
    two = Card(2, game.trump)
    assert Exchange(two) in game.legal_actions()
    words = you_narrator(game, 0)
    choice = words.choice(Exchange(two), game.turn_up)
    assert choice.startswith(f"take the turned-up card, {game.turn_up.code} (")
    told_exchange = words.action(game.clone().play_step(Exchange(two)))
    assert told_exchange.startswith(f"You give {two.code} (")
    for answer in (f"exchange:{two.code}", "4", f"EXCHANGE:{two.code.lower()}"):
        status, out, _ = run(capsys, "play", "briscola", "--players", "2", "--seed", "4",
                             stdin=f"{answer}\nq\n", monkeypatch=monkeypatch)
        assert status == 0
        assert f"\n   4) exchange:{two.code}  {choice}\n" in out
        assert f"\n  {told_exchange}\n" in out, answer
        # The turned-up card is in the hand now, and the 2 lies under the stock.
        assert f"turned up: {two.code} (" in out


def test_interactive_refused_card_gives_the_rules_reason(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # With follow_suit, seat 1 must follow the suit led when it can: find a deal where it holds
    # the suit led and another suit, and type the other suit first.
    for seed in range(200):
        game = new_game("briscola", players=2, seed=seed, options={"follow_suit": True})
        lead = GreedyBot().choose(game.view(0))
        assert isinstance(lead, Card)
        hand = game.hands[1]
        other = [c for c in hand if c.suit is not lead.suit]
        if any(c.suit is lead.suit for c in hand) and other:
            break
    else:
        raise AssertionError("no suitable deal")
    game.play(lead)
    said = refusal(game, 1, other[0], codes=True)
    assert said is not None
    name = game.rules.pack.card_name(other[0], "en")
    cases: tuple[tuple[Lang, str], ...] = (("en", "must follow suit"), ("es", "tienes que asistir"))
    for lang, needle in cases:
        status, out, _ = run(
            capsys, "play", "briscola", "--players", "2", "--seed", str(seed), "--seat", "1",
            "--bot", "greedy", "--option", "follow_suit=true", "--lang", lang,
            stdin=f"{other[0].code}\nq\n", monkeypatch=monkeypatch,
        )
        assert status == 0
        assert ("[not allowed now]" if lang == "en" else "[no se puede ahora]") in out
        # The one translator of refusals, which the widget's play mode uses too.
        assert f"\n{said.say(lang)}\n" in out
        assert needle in said.say(lang)
    assert said.say("en").startswith(f"You can't play {other[0].code} ({name}): ")


def test_a_refusal_speaks_to_the_player(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", "briscola", "--players", "2", "--seed", "3", "--seat",
                         "1", "--bot", "greedy", "--option", "follow_suit=true",
                         stdin="6E\nq\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "You can't play 6E (six of swords): you must follow suit (clubs)\n" in out
    assert not re.search(r"\bP\d\b", out), out
    status, out, _ = run(capsys, "play", "briscola", "--players", "2", "--seed", "3", "--seat",
                         "1", "--bot", "greedy", "--option", "follow_suit=true", "--lang", "es",
                         stdin="6E\nq\n", monkeypatch=monkeypatch)
    assert "No puedes jugar el 6E (seis de espadas): tienes que asistir al palo (bastos)\n" in out


def test_interactive_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "partial.json"
    status, out, err = run(capsys, "play", "briscas", "--players", "2", "--seed", "2",
                           "--save", str(save), stdin="1\n2\n", monkeypatch=monkeypatch)
    assert status == 1
    assert "Traceback" not in out + err
    assert "Input closed: game abandoned." in out
    assert f"Unfinished deal record saved to '{save}'." in out
    game = saved_game(save)
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
    assert "\nBruno, Carmen y Diego son bots: pimc, nivel normal (un bot de búsqueda).\n" in out
    assert "Bandos: Tú y Carmen contra Bruno y Diego" in out
    assert "Se reparten las cartas; la carta vuelta es el " in out
    assert "── Baza 1 ──" in out
    assert "Mesa: vacía, sales tú." in out
    assert "Tus cartas:" in out
    first = min(new_game("brisca", players=4, seed=3).hands[0], key=lambda c: c.sort_key)
    assert f"Tu jugada (1-3, un código como {first.code}, pista, h ayuda, q salir): zzz\n" in out
    assert "No entiendo 'zzz'" in out
    assert "\n  Juegas el " in out and "\n  Robas el " in out
    assert "Puntos: Tú y Carmen " in out
    assert "── Fin de la mano ──" in out
    assert "\nTú y Carmen: " in out and "\nBruno y Diego: " in out
    last = out.rstrip().splitlines()[-1]
    assert last.startswith(("Tu bando gana la mano, ", "Bruno y Diego ganan la mano, ",
                            "Empate, "))
    for english in ("Your hand", "Trick", "You play", " wins", " the "):
        assert english not in out
    assert not re.search(r"\b(su|sus|tu|tus) manos?\b", out)  # a hand of cards: «sus cartas»


def test_interactive_partners_and_a_finished_four_player_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", "briscas", "--players", "4", "--seat", "1",
                         "--seed", "21", "--level", "easy", stdin="1\n" * 20,
                         monkeypatch=monkeypatch)
    assert status == 0
    assert "Ana, Carmen and Diego are bots: pimc, level easy (a search bot)." in out
    assert "Sides: Ana and Carmen against You and Diego" in out
    assert "Points: Ana and Carmen " in out and " · You and Diego " in out
    assert "\nYou and Diego: " in out
    assert "\nAna and Carmen: " in out
    game = new_game("briscas", players=4, seed=21)
    assert out.rstrip().splitlines()[-1].startswith(
        ("Your side wins the deal, ", "Ana and Carmen win the deal, ", "A draw, "))
    assert game.sides == ((0, 2), (1, 3))


@dataclass(frozen=True)
class Bid(NumberMove):
    """A bid, as an auction game would declare it (for the menu's layout)."""

    keyword: ClassVar[str] = "bid"
    phrases: ClassVar[Phrases | None] = Phrases(
        "{who} bids {number}.", "You bid {number}.", choice="bid {number}")


def test_a_run_of_bids_is_one_menu_line() -> None:
    game = new_game("brisca", players=2, seed=3)
    bids = tuple(Bid(n) for n in range(61, 121))
    few = (Bid(61), Bid(62), Bid(70))
    for moves, lines in (
        (bids, ["   1-60) bid:61 … bid:120  bid 61 … bid 120"]),
        (few, ["   1) bid:61  bid 61", "   2) bid:62  bid 62", "   3) bid:70  bid 70"]),
    ):
        out = io.StringIO()
        screen = Printer(game.rules, bot_names(2, 0), "en", me=0, out=out)
        view = dataclasses.replace(game.view(0), legal_actions=moves)
        assert screen.status(view) == moves  # the numbers still stand for each bid
        shown = out.getvalue().splitlines()
        assert shown[-len(lines):] == lines
        assert "Your hand:" in shown  # the hand, unnumbered: no card to play now
        for card in game.hands[0]:
            assert f"      {card.code:<5}{game.rules.pack.card_name(card, 'en')}" in shown


def test_interactive_alcalde_shows_the_open_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The Alcalde's opponents play with one hand face up: the user sees it, not the Alcalde's.
    game = new_game("alcalde", seed=5)
    view = game.view(0)
    assert list(view.visible_hands) == [1]
    status, out, _ = run(capsys, "play", "alcalde", "--seed", "5", "--lang", "es",
                         stdin="q\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "Bandos: Tú y Bruno contra Carmen" in out
    shown = " ".join(c.code for c in view.visible_hands[1])
    assert f"\nCartas de Bruno (boca arriba): {shown}\n" in out
    assert "Cartas de Carmen" not in out


# The bots and the hint --------------------------------------------------------------------------

HINT_ROW = re.compile(r"^ {2,3}(\d+)\) (.*?)  +(?:won |ganó )?(\d+ ?%|\d+ (?:of|de) \d+)"
                      r" (?:to win|de ganar)? ?· (\d+[.,]\d) "
                      r"(points|tricks|puntos|bazas) (?:on average|de media)$")


def menu_numbers(out: str) -> dict[str, int]:
    """The last menu shown: each choice's notation (a card's code, a move's keyword...) by its
    number, runs of bids (``2-61) bid:61 … bid:120``) spelt out."""
    numbers: dict[str, int] = {}
    for line in out.splitlines():
        if re.match(r"^Your (play|choice)|^Tu (jugada|elección)", line) and numbers:
            break
        single = re.match(r"^ {2,3}(\d+)\) (\S+)", line)
        run_line = re.match(r"^ {2,3}(\d+)-(\d+)\) (\w+):(\d+) … ", line)
        if run_line:
            first, last, keyword, start = run_line.groups()
            for i in range(int(last) - int(first) + 1):
                numbers[f"{keyword}:{int(start) + i}"] = int(first) + i
        elif single:
            numbers[single.group(2)] = int(single.group(1))
    return numbers


def hint_rows(out: str) -> list[tuple[int, str, float, str]]:
    """The first hint's rows: the menu number, the wins as shown (``83%``, or ``5 of 6`` when
    the deals are few), the points, the notation."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(("Hint ", "Pista ")))
    rows: list[tuple[int, str, float, str]] = []
    for line in lines[start + 1:]:
        found = HINT_ROW.match(line)
        if found is None:
            if rows:
                break
            continue  # the rest of the head
        number, label, share, amount, _ = found.groups()
        rows.append((int(number), share, float(amount.replace(",", ".")), label.split()[0]))
    return rows


def share_of(shown: str) -> float:
    """The share of deals won that a hint's row shows: ``83%`` or ``5 of 6``."""
    percent = re.fullmatch(r"(\d+) ?%", shown)
    if percent:
        return int(percent[1]) / 100
    won, deals = re.fullmatch(r"(\d+) (?:of|de) (\d+)", shown).groups()  # type: ignore[union-attr]
    return int(won) / int(deals)


def test_the_bots_offered_are_the_factorys() -> None:
    assert set(arguments.PLAY_BOTS) == set(BOTS)
    assert arguments.PLAY_BOTS[0] == "pimc"


@pytest.mark.parametrize(
    ("lang", "needle"),
    [("en", "argument --level: invalid choice: 'expert' (choose from "),
     ("es", "argumento --level: valor no válido: 'expert' (elige entre ")],
)
def test_an_unknown_level_is_one_error_line(
    capsys: pytest.CaptureFixture[str], lang: str, needle: str
) -> None:
    # (How argparse quotes the choices depends on the Python version.)
    status, out, err = run(capsys, "play", "brisca", "--level", "expert", "--lang", lang)
    assert_one_line_error(status, out, err, "cardrules play: error: ", needle,
                          "easy", "normal", "hard", "cardrules play -h)")


def test_pimc_plays_a_whole_deal_seeded_from_the_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "deal.json"
    args = ["play", "briscola", "--players", "3", "--seed", "5", "--seat", "1", "--bot", "pimc",
            "--level", "easy", "--save", str(save)]
    status, out, err = run(capsys, *args, stdin="1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0, err
    assert "Ana and Carmen are bots: pimc, level easy (a search bot)." in out
    assert END["en"] in out
    game = saved_game(save)
    assert game.is_over
    # Every bot play is the search bot's own choice from its seat's view, the bot of seat s
    # seeded with 8 * seed + s: the same command plays the same deal again.
    bots = [make_bot("pimc", seed=5 * 8 + s, level="easy") for s in range(3)]
    fresh = new_game("briscola", players=3, seed=5)
    actors = game.actors()
    asked = 0
    for i, action in enumerate(game.log[1:], 1):
        seat = actors[i]
        if seat != 1:
            assert bots[seat].choose(fresh.view(seat)) == action, i
            asked += 1
        fresh.play(action)
    assert asked == 26  # 40 cards, 3 players: 13 tricks and a card left out
    first = save.read_text()
    again = run(capsys, *args, "--force", stdin="1\n" * 40, monkeypatch=monkeypatch)[1]
    assert again == out
    assert save.read_text() == first


def test_the_hint_lists_exactly_the_legal_actions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Briscola, seed 4: three cards and the exchange of the 2 of trumps for the turned-up card.
    game = new_game("briscola", players=2, seed=4)
    legal = game.legal_actions()
    assert any(isinstance(a, Exchange) for a in legal)
    status, out, _ = run(capsys, "play", "briscola", "--players", "2", "--seed", "4",
                         stdin="hint\nhint\nq\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "Your play (1-4, a code such as " in out and "hint, h help, q quit): hint\n" in out
    # The figures are the search bot's, for the user's seat, from what the user sees.
    estimates = {format_action(e.action): e
                 for e in Advisor("normal", 4 * 8 + 7).estimates(game.view(0))}
    # As many imagined deals as the bot's work budget let it make (at most the level's).
    worlds = {e.worlds for e in estimates.values()}
    assert len(worlds) == 1 and MIN_WORLDS <= min(worlds) <= LEVELS["normal"]
    assert ("\nHint from the search bot (level normal): each of your choices tried in "
            f"{min(worlds)}\n"
            "deals that fit what you can see, played out to the end: how often it wins the\n"
            "deal, and the points it brings on average, best first:\n") in out
    menu = menu_numbers(out)
    rows = hint_rows(out)
    # One row per legal action, numbered as in the menu, and nothing else.
    assert sorted(label for *_, label in rows) == sorted(map(format_action, legal))
    assert all(menu[label] == number for number, _, _, label in rows)
    assert len(rows) == len(legal) == 4
    # Best first: the most wins, then the most points.
    order = [(-share_of(w), -p) for _, w, p, _ in rows]
    assert order == sorted(order)
    for _, wins, points, label in rows:
        assert wins == f"{round(100 * estimates[label].wins)}%"  # the deals are not few
        assert f"{points:.1f}" == f"{estimates[label].points:.1f}"
    # Asked again in the same position, the same hint.
    blocks = out.split("Hint from the search bot")
    assert len(blocks) == 3
    assert blocks[1].split("Your play")[0] == blocks[2].split("Your play")[0]


def test_the_hint_reads_only_the_users_view(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[object, int]] = []
    original = PimcBot.evaluate

    def spy(bot: PimcBot, view: SeatView, actions: Any = None) -> list[Estimate]:
        seen.append((type(view), view.seat))
        assert list(actions) == list(view.legal_actions)
        return original(bot, view, actions)

    monkeypatch.setattr(PimcBot, "evaluate", spy)
    status, _, _ = run(capsys, "play", "brisca", "--players", "4", "--seed", "2", "--seat", "2",
                       "--bot", "greedy", "--level", "easy", stdin="hint\n1\npista\nq\n",
                       monkeypatch=monkeypatch)
    assert status == 0
    assert seen == [(SeatView, 2), (SeatView, 2)]
    # Two deals that look the same from seat 0 (a card of the other hand swapped with a card
    # of the stock): the same hint.
    game = new_game("briscola", players=2, seed=4)
    dealt = game.dealt
    assert dealt is not None
    hands = [list(hand) for hand in dealt.hands]
    stock = list(dealt.stock)
    hands[1][0], stock[0] = stock[0], hands[1][0]
    other = new_game("briscola", players=2,
                     deal=Deal(tuple(map(tuple, hands)), tuple(stock), dealt.talon))
    assert other.hands[1] != game.hands[1] and other.view(0).hand == game.view(0).hand
    advisor = Advisor("easy", 99)
    assert advisor.estimates(other.view(0)) == advisor.estimates(game.view(0))


def test_the_hint_in_spanish_and_in_a_game_scored_by_tricks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", "briscola", "--seed", "3", "--level", "easy",
                         "--lang", "es", stdin="pista\nq\n", monkeypatch=monkeypatch)
    assert status == 0
    assert ("\nPista del bot de búsqueda (nivel fácil): cada una de tus opciones probada en\n"
            "12 manos compatibles con lo que ves, jugadas hasta el final: cuántas veces\n"
            "gana la mano y cuántos puntos saca de media, de mejor a peor:\n") in out
    rows = [line for line in out.splitlines() if HINT_ROW.match(line)]
    assert len(rows) == 3
    # Twelve deals are few: each row gives the deals won of the twelve, not a percentage.
    assert all(re.search(r"  ganó \d+ de 12 · \d+,\d puntos de media$", row) for row in rows), rows
    assert "Hint" not in out and "points" not in out
    # Aluette counts tricks; its first choice (the chant) is no card.
    status, out, _ = run(capsys, "play", "aluette", "--seed", "2", "--option", "chant=true",
                         "--level", "easy", stdin="HINT\nq\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "and the tricks it brings on average, best first:" in out
    assert sorted(label for *_, label in hint_rows(out)) == ["chant", "no-chant"]


@pytest.mark.parametrize(("lang", "head", "row"), [
    ("en", "Hint: every card left is known, so each of your choices is worked out to the\n"
           "end with both sides playing their best: whether it wins the deal, and the\n"
           "points it brings, best first:\n",
     r"^ {2,3}\d+\) \S+ +.+?  (wins|loses|a draw) · (\d+) points?$"),
    ("es", "Pista: ya están a la vista todas las cartas que quedan, así que cada opción se\n"
           "calcula hasta el final con los dos jugando lo mejor posible: si gana la mano y\n"
           "cuántos puntos saca, de mejor a peor:\n",
     r"^ {2,3}\d+\) \S+ +.+?  (gana|pierde|empata) · (\d+) puntos?$"),
])
def test_the_hint_works_out_a_known_endgame_exactly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    lang: str, head: str, row: str
) -> None:
    """Two-player Briscola once the stock is gone: the reader knows every card left, and the
    hint says whether each choice wins and the points it brings, both sides at their best,
    instead of chances over imagined deals."""
    # Seventeen tricks draw the stock dry; the hint is asked at the eighteenth.
    status, out, _ = run(capsys, "play", "briscola", "--seed", "5", "--level", "easy",
                         "--lang", lang, stdin="1\n" * 17 + "hint\nq\n",
                         monkeypatch=monkeypatch)
    assert status == 0
    assert head in out
    shown = out.split(head)[1].splitlines()
    rows = [re.match(row, line) for line in shown[:3]]
    assert all(rows), shown[:4]
    assert "%" not in "".join(shown[:3])


def test_a_hint_in_few_deals_gives_the_deals_won(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four-player Tute early on: the bot's work budget leaves it a few deals, and each row says
    how many it won ("5 of 6"), not a percentage that would look surer than that."""
    status, out, _ = run(capsys, "play", "tute", "--players", "4", "--seed", "3",
                         stdin="hint\nq\n", monkeypatch=monkeypatch)
    assert status == 0
    deals = int(re.search(r"tried in (\d+)\s", out)[1])  # type: ignore[index]
    assert deals < FEW_DEALS
    rows = hint_rows(out)
    assert len(rows) == 10
    for _, shown, _, _ in rows:
        won, of = re.fullmatch(r"(\d+) of (\d+)", shown).groups()  # type: ignore[union-attr]
        assert int(of) == deals and 0 <= int(won) <= deals
    assert "%" not in out.split("Hint from")[1].split("Your play")[0]


def test_the_hint_in_an_auction_sums_up_then_lists_every_bid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game("chiamata", seed=1)
    legal = game.legal_actions()
    assert len(legal) == 61  # pass, or a bid from 61 to 120
    status, out, _ = run(capsys, "play", "chiamata", "--seed", "1", "--level", "easy",
                         stdin="hint\nhint\nq\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "\n   2-61) bid:61 … bid:120  bid 61 … bid 120\n" in out  # the menu: one line
    # The first hint sums the 61 choices up in three lines and says how to see them all.
    first, second = out.split("): hint\n")[1:3]
    summary = first.splitlines()
    # Bids are weighed in few deals (the easy level's, in a few seconds at most): the deals won.
    assert re.fullmatch(r"  Pass: won \d+ of \d+ deals\.", summary[0])
    assert re.fullmatch(r"  The highest bid that keeps at least an even chance: "
                        r"\d+ \(won \d+ of \d+ deals\)\.|  No bid keeps an even chance\.",
                        summary[1])
    assert re.fullmatch(r"  The best bid: \d+ \(won \d+ of \d+ deals, \d+\.\d points on "
                        r"average\)\.", summary[2])
    assert summary[3] == "  (Type hint again to see each of the 60 bids.)"
    assert not first.startswith("Hint ") and "bid:61" not in first
    # The second hint at the same position lists every choice, which agrees with the summary.
    assert second.startswith("Hint from the search bot")
    rows = hint_rows(out)
    best = next(row for row in rows if row[3] != "pass")  # rows come best first
    even = [(int(label.split(":")[1]), share) for _, share, _, label in rows
            if label != "pass" and share_of(share) >= 0.5]
    if even:
        assert summary[1].endswith(f": {max(even)[0]} (won {max(even)[1]} deals).")
    assert summary[2].startswith(f"  The best bid: {best[3].split(':')[1]} (won {best[1]} deals, "
                                 f"{best[2]:.1f} points")
    assert summary[0] == f"  Pass: won {next(r[1] for r in rows if r[3] == 'pass')} deals."
    assert sorted(number for number, *_ in rows) == list(range(1, 62))
    menu = menu_numbers(out)
    assert {label: number for number, *_, label in rows} == menu
    assert sorted(menu) == sorted(map(format_action, legal))


def test_the_rank_auction_is_offered_and_told_in_ranks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chiamata's rank auction: a bid names a rank ("king", never "12": the Italian king is
    # printed 10), and after the plain two the points on a two ("two at 61").
    status, out, _ = run(capsys, "play", "chiamata", "--option", "auction=ranks", "--seed", "1",
                         "--level", "easy", stdin="q\n", monkeypatch=monkeypatch)
    assert status == 0
    assert "\n   4) bid:12  bid king\n" in out and "\n  11) bid:2  bid two\n" in out
    assert "bid 12" not in out
    status, out, _ = run(capsys, "play", "chiamata", "--option", "auction=ranks", "--seed", "1",
                         "--bot", "greedy", "--auto", "--lang", "es")
    assert status == 0
    assert "\n  Ana puja rey.\n" in out and "\n  Diego puja dos.\n" in out
    assert "\n  Elena puja dos a 61.\n" in out


def test_help_lists_the_hint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for lang, needle in (("en", "hint (or pista) shows how the search bot rates each"),
                         ("es", "pista (o hint) muestra cómo valora el bot de búsqueda")):
        status, out, _ = run(capsys, "play", "brisca", "--lang", lang, stdin="h\nq\n",
                             monkeypatch=monkeypatch)
        assert status == 0
        assert needle in " ".join(out.split())
    status, out, _ = run(capsys, "play", "--help")
    assert "--bot {pimc,greedy,random}" in out and "--level {easy,normal,hard}" in out
    assert "default pimc" in " ".join(out.split())


def test_ctrl_c_while_the_hint_is_worked_out(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(advisor: Advisor, view: SeatView) -> list[Estimate]:
        raise KeyboardInterrupt

    monkeypatch.setattr(Advisor, "estimates", interrupted)
    status, out, err = run(capsys, "play", "brisca", "--lang", "es", stdin="pista\n1\n",
                           monkeypatch=monkeypatch)
    assert status == 130
    assert err == ""
    assert out.endswith("Tu jugada (1-3, un código como " + out.split("un código como ")[1]
                        .split(",")[0] + ", pista, h ayuda, q salir): pista\n\n"
                        "Mano abandonada.\n")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_thinking_shows_on_a_terminal_only() -> None:
    screen = FakeTerminal()
    with thinking(screen, "Bot 1 is thinking…", delay=0.01):
        time.sleep(0.3)
    shown = screen.getvalue()
    assert shown.startswith("\rBot 1 is thinking… ")
    assert shown.endswith("\r" + " " * len("Bot 1 is thinking…   ") + "\r")  # rubbed out
    assert "\n" not in shown
    quick = FakeTerminal()
    with thinking(quick, "Bot 1 is thinking…", delay=5):
        pass
    assert quick.getvalue() == ""  # a quick decision shows nothing
    piped = io.StringIO()
    with thinking(piped, "Bot 1 is thinking…", delay=0):
        time.sleep(0.05)
    assert piped.getvalue() == ""
    with pytest.raises(KeyboardInterrupt), thinking(FakeTerminal(), "x", delay=0):
        raise KeyboardInterrupt


# Aluette: phases before the play, hidden discards and signals, answers ------------------------


def test_interactive_setup_phase_and_answers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Aluette with the chant: before the first trick the user only has moves (chant, then
    # discards); a card typed then is refused with the rules' reason.
    save = tmp_path / "deal.json"
    status, out, _ = run(capsys, "play", "aluette", "--players", "4", "--seed", "2",
                         "--option", "chant=true", "--level", "easy", "--save", str(save),
                         stdin="4O\n" + "1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0
    fresh = new_game("aluette", players=4, seed=2, options={"chant": True})
    assert fresh.phase.value == "chant"
    said = refusal(fresh, 0, parse_card("4O"), codes=True)
    assert said is not None and parse_card("4O") in fresh.hands[0]
    assert f"\n{said.say('en')}\n" in out
    assert "You can't play a card now: " in said.say("en")  # to the player, not in engine terms
    assert "\n   1) chant  agree to the chant\n" in out
    assert "\n   2) no-chant  refuse the chant\n" in out
    assert "Your choice (1-2, hint, h help, q quit): " in out
    assert "\n  You agree to the chant.\n" in out
    assert "\n   1) discard:4O  discard 4O (four of coins)\n" in out
    # The user's own discards are named; the dealer's stay face down.
    game = saved_game(save)
    actors = game.actors()
    discards = [(actors[i], a) for i, a in enumerate(game.log) if isinstance(a, Discard)]
    mine = [d.card for seat, d in discards if seat == 0]
    theirs = [d.card for seat, d in discards if seat == 3]
    assert len(mine) == len(theirs) == 6  # each took 6 of the 12 cards left over
    for card in mine:
        assert f"\n  You put {card.code} (" in out
    assert out.splitlines().count("  Diego puts a card aside, face down.") == len(theirs)
    for card in theirs:
        assert f"put {card.code}" not in out and f"puts {card.code}" not in out
    # The leftover cards the user drew are named.
    assert out.count("\n  You draw ") == 6
    assert "── End of the deal ──" in out
    assert "Tricks won: You " in out


def test_auto_aluette_tells_every_discard(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "aluette", "--seed", "2", "--option", "chant=true",
                         "--auto", "--bot", "greedy")
    assert status == 0
    assert "face down" in out
    assert "puts a card aside" not in out  # bots in every seat: nothing is hidden


def test_partner_signals_are_seen_and_opponents_are_not(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "deal.json"
    status, out, _ = run(capsys, "play", "aluette", "--seed", "1", "--bot", "random",
                         "--option", "signals=true", "--save", str(save),
                         stdin="1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0
    game = saved_game(save)
    actors = game.actors()
    signals = [(actors[i], a) for i, a in enumerate(game.log) if isinstance(a, Signal)]
    by_partner = [s for seat, s in signals if seat == 2]
    by_opponents = [s for seat, s in signals if seat in (1, 3)]
    assert by_partner and by_opponents  # the seed makes both
    told_signals = [line for line in out.splitlines() if " signals to the partner: " in line]
    assert len(told_signals) == len(by_partner)
    assert all(line.startswith("  Carmen signals") for line in told_signals)  # seat 2
    assert "Bruno signals" not in out and "Diego signals" not in out
    # Watching the same deal with bots in every seat, every signal is told.
    status, auto, _ = run(capsys, "play", "aluette", "--seed", "1", "--bot", "random",
                          "--option", "signals=true", "--auto")
    assert "Bruno signals" in auto or "Diego signals" in auto  # seats 1 and 3


def test_interactive_answer_to_a_surrender(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Aluette, random bots, seed 1: Diego (seat 3) offers to surrender and the user (next)
    # answers.
    for lang, offer, menu, accepted, verdict in (
        ("en", "Diego offers to surrender.",
         " 1) accept  accept the surrender: the deal ends and your side scores",
         "You accept the surrender.",
         "Your side wins the deal and scores 1 game point. A surrender was accepted."),
        ("es", "Diego ofrece rendirse.",
         " 1) accept  aceptar la rendición: la mano termina y tu bando puntúa",
         "Aceptas la rendición.",
         "Tu bando gana la mano y se apunta 1 punto de juego. Se aceptó una rendición."),
    ):
        status, out, _ = run(capsys, "play", "aluette", "--players", "4", "--seed", "1",
                             "--bot", "random", "--lang", lang, stdin="1\n" * 40,
                             monkeypatch=monkeypatch)
        assert status == 0
        assert f"\n  {offer}\n" in out
        assert f"\n  {menu}\n" in out
        assert f"\n  {accepted}\n" in out
        assert out.rstrip().endswith(verdict)


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
    assert "actions[0] ('9O')" in done.stderr


def test_python_dash_m_play_with_piped_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "briscas", "--players", "2", "--seed", "1"],
        input="hello\n" + "1\n" * 30, capture_output=True, text=True, encoding="utf-8",
        env=subprocess_env(), check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Cannot read 'hello'" in done.stdout
    assert "\nYour play (1-3, a code such as " in done.stdout  # the answers are echoed
    assert "── End of the deal ──" in done.stdout
    assert done.stderr == ""


def test_the_hint_at_a_move_out_of_turn_says_what_the_bots_would_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Briscas, seed 0: the user (seat 1) may take the turned-up card with the 2 of trumps
    # before Ana plays; the hint says the bots would, and the user still chooses.
    status, out, _ = run(capsys, "play", "briscas", "--seed", "0", "--seat", "1", "--bot",
                         "greedy", stdin="hint\n\n" + "1\n" * 40, monkeypatch=monkeypatch)
    assert status == 0
    said = ("The bots would make this move out of turn now: take the turned-up card, 4B (four "
            "of clubs), for your 2B (two of clubs).")
    text = " ".join(out.split())  # the sentence is wrapped to the terminal's width
    assert text.count(said) == 1 and text.index(said) < text.index("Ana plays 10O")
    assert "Hint from the search bot" not in out


def test_a_move_out_of_turn_is_offered_once_and_may_be_let_pass(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Briscas, seed 0: the user (seat 1) holds the 2 of trumps, which may take the turned-up
    # card before the first card is played, while the bot in seat 0 is to play.
    offer = "Before Ana plays, you may make a move out of turn."
    for answer, first in (("\n", "seat 0 plays"), ("1\n", "exchange:2B")):
        save = tmp_path / f"deal-{len(answer)}.json"
        status, out, _ = run(capsys, "play", "briscas", "--seed", "0", "--seat", "1",
                             "--bot", "greedy", "--save", str(save), "--force",
                             stdin=answer + "1\n" * 40, monkeypatch=monkeypatch)
        assert status == 0
        assert out.count(offer) == 1, out[:2000]
        game = saved_game(save)
        move = game.log[1]
        if first == "exchange:2B":
            assert isinstance(move, Exchange) and move.card == parse_card("2B")
            assert game.actors()[1] == 1
        else:  # let pass: the bot played first, and the exchange waited for the user's turn
            assert isinstance(move, Card) and game.actors()[1] == 0
