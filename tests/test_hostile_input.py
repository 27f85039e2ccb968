"""Hostile input, second round (issue 23): what a crafted link or record file does to the
package and the command, read through the same functions the page and the terminal use.

The page's side of each link (the real browser) is in ``test_hostile_browser.py``; here, the
Python answers it is built on, and the command line's own hostile cases (``--save`` races,
signals, a closed standard output).
"""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_support import run

import cardrules
from cardrules import web
from cardrules.core.errors import RecordError, digit_count, shown
from cardrules.record import MAX_NESTING, load_record, nesting, replay
from cardrules.web.answers import answer_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "brisca-2p.json"


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def token_of(text: str) -> str:
    """A link's token for any text (compressed), as link_token packs a record."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return "z" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return data


# 1. Nesting is bounded before the JSON is parsed -------------------------------------------------


def test_the_32_character_link_of_the_issue_is_refused_in_one_sentence() -> None:
    fragment = "#deal=z7cExAQAAAMKgoOvfwxR-QAEAAAAAbwM&step=0"
    assert record_text_of(fragment) == "[" * 5000
    for lang, said in (("en", "nested too deeply"), ("es", "anidado a demasiada profundidad")):
        answer = web.link_data(fragment, lang)
        assert answer["ok"] is False
        assert said in answer["error"] and str(MAX_NESTING) in answer["error"]
        assert "\n" not in answer["error"]


def record_text_of(fragment: str) -> str:
    return web.record_of_link(fragment.split("deal=")[1].split("&")[0])


@pytest.mark.parametrize("text", ["[" * 5000, '{"a":' * 3000 + "1" + "}" * 3000,
                                  "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)])
def test_deep_json_is_refused_before_it_is_parsed(text: str, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("json.loads was called on text nested too deeply")

    monkeypatch.setattr("cardrules.record.json.loads", never)
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record(text)
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record(text.encode("utf-8"))
    answer = web.steps_data(text, "es")
    assert answer["ok"] is False and "anidado a demasiada profundidad" in answer["error"]


def test_brackets_inside_strings_do_not_count() -> None:
    record = sample()
    record["title"] = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{ \\\" \"]]]"
    text = json.dumps(record)
    assert nesting(text) <= 4
    assert replay(text).is_over
    assert web.steps_data(text, "en")["ok"]


# 2. &step= and &view= of thousands of digits -----------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_step_of_thousands_of_digits_opens_the_deal(lang: str) -> None:
    token = web.link_token(sample())
    answer = web.link_data(f"#deal={token}&step={'9' * 5000}", lang)
    assert answer["ok"] is True
    assert answer["at"] == {"step": len(answer["steps"]) - 1, "view": None}


@pytest.mark.parametrize(("lang", "said"), [("en", "a player this deal does not have"),
                                            ("es", "un jugador que esta mano no tiene")])
def test_a_view_of_thousands_of_digits_is_one_sentence(lang: str, said: str) -> None:
    token = web.link_token(sample())
    answer = web.link_data(f"#deal={token}&step=3&view={'1' * 5000}", lang)
    assert answer["ok"] is False and said in answer["error"]
    assert len(answer["error"]) < 300 and "Traceback" not in answer["error"]
    json.loads(web.link_steps(f"#deal={token}&view={'1' * 5000}", lang))  # no exception


# 6. Text that is not what it seems ---------------------------------------------------------------


@pytest.mark.parametrize(("where", "change"), [
    ("players[0]", lambda r: r.update(players=["\ud800x", "b"])),
    ("players[1]", lambda r: r.update(players=["Ann", "Bo\u202e"])),
    ("players[0]", lambda r: r.update(players=["\u2067Ann", "Bo"])),
    ("title", lambda r: r.update(title="A deal\u202d")),
    ("comment", lambda r: r.update(comment="\udfff")),
    ("notes['1'].es", lambda r: r["notes"].update({"1": {"en": "fine", "es": "mal\u200f"}})),
])
def test_surrogates_and_direction_controls_are_refused(where: str, change: Any) -> None:
    record = sample()
    record.setdefault("notes", {})
    change(record)
    text = json.dumps(record)  # \ud800 written as JSON writes it: an escape
    for lang, said in (("en", "remove it"), ("es", "quítalo")):
        answer = web.steps_data(text, lang)
        assert answer["ok"] is False
        assert answer["error"].startswith(where + ": ") and said in answer["error"]
        answer["error"].encode("utf-8")  # whole characters only: the page can take it
        json.loads(web.deal_steps(text, lang))
    with pytest.raises(RecordError, match=r"\\u"):  # the character named by its code
        replay(text)


def test_the_narration_cannot_be_turned_around() -> None:
    record = sample()
    record["players"] = ["Ann\u202e", "Bob"]
    answer = web.steps_data(json.dumps(record), "en")
    assert answer["ok"] is False
    assert "direction" in answer["error"] and "\u202e" not in answer["error"]


def test_an_answer_with_a_lone_surrogate_is_still_sent_whole() -> None:
    # A safety net: whatever the answer holds, the page gets text it can decode.
    text = answer_text({"ok": False, "error": "x\ud800"})
    text.encode("utf-8")
    assert json.loads(text)["error"] == "x\ud800"


# 7. Duplicate keys, byte-order marks -------------------------------------------------------------


@pytest.mark.parametrize("text", [
    '{"seed": 1, "seed": 2, "game": "brisca", "game": "briscola", "players": 2}',
    '{"game": "brisca", "players": 2, "seed": 1, "notes": {"0": {"en": "a", "es": "b", '
    '"en": "c"}}}',
])
def test_a_key_given_twice_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match="given twice") as caught:
        load_record(text)
    assert "dos veces" in caught.value.message("es")
    assert web.steps_data(text, "es")["ok"] is False


def test_a_byte_order_mark_is_skipped() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    for marked in ("\ufeff" + text, ("\ufeff" + text).encode("utf-8")):
        assert replay(marked).is_over
    answer = web.steps_data("\ufeff" + text, "es")
    assert answer["ok"] is True, answer.get("error")


def test_a_byte_order_mark_in_the_command(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + SAMPLE.read_bytes())
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == "" and out


# 8. Seeds beyond 2**53 are kept exact in the text the page shows ---------------------------------


def test_the_record_text_keeps_a_huge_seed_exact() -> None:
    seed = 2**64 - 1
    answer = web.new_deal_data("brisca", 2, seed, "en")
    assert answer["ok"]
    assert f'"seed": {seed}' in answer["record_text"]
    assert json.loads(answer["record_text"]) == answer["record"]
    # Pasted back, as the page's record panel shows it, it replays the same deal.
    again = web.steps_data(answer["record_text"], "en")
    assert again["ok"] and again["record"]["seed"] == seed


# 9. The digits of a long number are counted exactly ----------------------------------------------


@pytest.mark.parametrize("digits", [129, 1000, 4299, 4300, 4301, 5000, 20_000])
def test_the_digits_of_a_long_number_are_counted_exactly(digits: int) -> None:
    for number in (10 ** digits - 1, 10 ** (digits - 1)):
        assert digit_count(number) == digits
        assert shown(number) == f"a number of {digits} digits"


def test_a_seed_of_4300_digits_is_said_to_have_4300() -> None:
    record = {"game": "brisca", "players": 2, "seed": 10 ** 4300 - 1}
    text = '{"game": "brisca", "players": 2, "seed": ' + "9" * 4300 + "}"
    for source in (record, text):
        with pytest.raises(RecordError, match="a number of 4300 digits"):
            replay(source)


# 3, 4. play --save: nothing that appeared meanwhile is overwritten; stopped, the deal is saved -


def playing(save: Path, *extra: str) -> subprocess.Popen[str]:
    """``cardrules play`` waiting at its first prompt, its record to be saved to ``save``."""
    child = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "play", "brisca", "--seed", "2", "--seat", "0",
         "--bot", "greedy", "--save", str(save), *extra],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        encoding="utf-8", env=subprocess_env())
    assert child.stdout is not None
    seen = ""
    while "Your play" not in seen and "Tu jugada" not in seen:
        byte = child.stdout.read(1)
        assert byte, seen
        seen += byte
    return child


def subprocess_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env["PYTHONIOENCODING"] = "utf-8"
    return env


@pytest.mark.parametrize("how", ["quit", "end of input", "Ctrl-C"])
def test_a_file_that_appears_during_the_deal_is_not_overwritten(tmp_path: Path, how: str) -> None:
    save = tmp_path / "deal.json"
    child = playing(save)
    assert not save.exists()  # nothing is left there while the deal is played
    save.write_text("written meanwhile\n", encoding="utf-8")
    if how == "quit":
        out, err = child.communicate("q\n", timeout=60)
    elif how == "end of input":
        out, err = child.communicate("", timeout=60)
    else:
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    assert save.read_text(encoding="utf-8") == "written meanwhile\n"
    assert child.returncode != 0
    assert err.count("\n") == 1 and "appeared during the deal" in err, err
    printed = out[out.index("\n{\n") + 1:]
    assert not cardrules.replay(printed).is_over  # the record is not lost: it is printed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deal.json"]


@pytest.mark.parametrize(("name", "code"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_stopping_signal_saves_the_deal(tmp_path: Path, name: str, code: int) -> None:
    save = tmp_path / "deal.json"
    child = playing(save)
    child.send_signal(getattr(signal, name))
    out, err = child.communicate(timeout=60)
    assert child.returncode == code, err
    assert err == "" and "Game abandoned." in out
    assert "Unfinished deal record saved to" in out
    assert not cardrules.replay(save.read_text(encoding="utf-8")).is_over


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_empty_or_too_long_save_name_is_refused_at_the_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    for name, said in (("", {"en": "--save needs a file name", "es": "nombre de archivo"}),
                       (str(tmp_path / ("x" * 300 + ".json")),
                        {"en": "the name is too long", "es": "demasiado largo"})):
        status, out, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--bot",
                               "greedy", "--save", name, "--lang", lang)
        assert status == 2 and out == "", out[:200]  # not a card was played
        assert err.count("\n") == 1 and said[lang] in err, err


def append_only(folder: Path) -> Iterator[Path]:
    """``folder`` made append-only (root on a file system that has the attribute)."""
    folder.mkdir()
    done = subprocess.run(["chattr", "+a", str(folder)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("no append-only folders here (chattr +a needs root and ext4 or the like)")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-a", str(folder)], check=False)


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    yield from append_only(tmp_path / "append-only")


def test_an_append_only_folder_is_left_no_temporary_file(
    capsys: pytest.CaptureFixture[str], locked: Path
) -> None:
    new, old = locked / "new.json", locked / "old.json"
    old.write_text("old\n", encoding="utf-8")
    for target, extra in ((new, ()), (old, ("--force",))):
        status, _, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--bot",
                             "greedy", "--save", str(target), *extra)
        assert status == 0 and err == "", err
        assert cardrules.replay(target.read_text(encoding="utf-8")).is_over
    assert sorted(p.name for p in locked.iterdir()) == ["new.json", "old.json"]


# 5. A closed standard output is said so ----------------------------------------------------------


def close_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize("args", [["games"], ["replay", str(SAMPLE)], ["term", "arrastrar"],
                                  ["play", "brisca", "--seed", "1", "--auto"]])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_closed_standard_output_is_said_on_standard_error(args: list[str], lang: str) -> None:
    done = subprocess.run([sys.executable, "-m", "cardrules", *args, "--lang", lang],
                          stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          encoding="utf-8", env=subprocess_env(), preexec_fn=close_stdout,
                          timeout=120, check=False)
    assert done.returncode == 1
    said = {"en": "cannot write to standard output: it is closed",
            "es": "no se puede escribir en la salida estándar: está cerrada"}[lang]
    assert done.stderr.count("\n") == 1 and said in done.stderr, done.stderr


# 11. Ctrl-C at start-up: the window before the guard is Python's own start and nothing else -----

# What an install that runs code at Python's start (the editable install's import hook) imports
# before the command's first line: 15 to 30 ms in which a Ctrl-C is a traceback. Python's own
# start-up (encodings, os, site) imports none of them.
HOOK_IMPORTS = ("pathlib", "contextlib", "urllib.parse", "ipaddress", "fnmatch", "importlib.util")


def imports_before_the_guard(script: Path) -> list[str]:
    done = subprocess.run([str(script), "games"], stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          env={**subprocess_env(), "PYTHONPROFILEIMPORTTIME": "1"}, timeout=120,
                          check=False)
    names: list[str] = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "self [us]" not in line:
            name = line.split("|")[2].strip()
            if name == "cardrules.cli.startup":
                return names
            names.append(name)
    raise AssertionError("the guard was never imported")


def test_the_command_imports_nothing_before_its_guard() -> None:
    script = Path(sys.executable).parent / "cardrules"
    if not script.exists():
        pytest.skip("the cardrules script is not installed next to this Python")
    before = imports_before_the_guard(script)
    assert [name for name in before if name in HOOK_IMPORTS] == []
