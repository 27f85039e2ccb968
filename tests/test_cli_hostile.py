"""The command line against hostile input (issue 14): it never crashes and never loses data.

Each test reproduces one way a user, a script or a broken terminal can push the command: records
the engine cannot read, numbers of thousands of digits, a closed standard input, a ``--save``
target that exists or cannot be written, control characters and very long text in anything the
command quotes back, endless input, and Ctrl-C at any moment of the start. The answer is always
one line in the user's language, no traceback, and a saved record that is either the new one or
the old file untouched.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_support import run

import cardrules
from cardrules.cli import startup
from cardrules.core.errors import Lang
from cardrules.record import MAX_RECORD_CHARS

ROOT = Path(__file__).resolve().parent.parent
BIG = "1" + "0" * 5000  # a whole number of 5,001 digits: Python refuses to read it as is
RAW = ("\x1b", "\r", "\x00", "\u2028")  # what must never reach the terminal as it was typed
HOSTILE = "7O\x1b[2J\r\u2028x"  # clears the screen, returns the cursor, splits the line


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def one_line(status: int, out: str, err: str, *needles: str, code: int = 2) -> None:
    """One line on standard error, nothing on standard output, no traceback, nothing raw."""
    assert status == code, (status, err)
    assert out == "", out[:300]
    assert err.endswith("\n") and err.count("\n") == 1, err[:300]
    assert "Traceback" not in err
    assert len(err) < 500, err[:300]
    nothing_raw(err)
    for needle in needles:
        assert needle in err, (needle, err)


def nothing_raw(text: str) -> None:
    for ch in RAW:
        assert ch not in text, (ch, text[:300])


def subprocess_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env["PYTHONIOENCODING"] = "utf-8"
    env.update(extra)
    return env


def command(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``python -m cardrules ARGS`` in a subprocess."""
    kwargs.setdefault("env", subprocess_env())
    kwargs.setdefault("timeout", 120)
    return subprocess.run([sys.executable, "-m", "cardrules", *args], capture_output=True,
                          text=True, encoding="utf-8", errors="replace", check=False, **kwargs)


def record_file(tmp_path: Path, text: str | bytes, name: str = "record.json") -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


# 1. A record the engine cannot read: one line in the user's language --------------------------


@pytest.mark.parametrize(
    ("name", "text", "needle_en", "needle_es"),
    [
        ("deep", "[" * 100_000, "nested too deeply", "anidado a demasiada profundidad"),
        ("long number", '{"game": "brisca", "players": ' + "9" * 5000 + "}",
         "too many digits", "demasiadas cifras"),
        ("bad bytes", b'{"game": "\xff"}', "UTF-8", "UTF-8"),
    ],
)
def test_records_the_json_reader_chokes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str | bytes,
    needle_en: str, needle_es: str,
) -> None:
    path = record_file(tmp_path, text)
    for lang, needle in (("en", needle_en), ("es", needle_es)):
        status, out, err = run(capsys, "replay", path, "--lang", lang)
        one_line(status, out, err, needle)
        assert "Error:" not in err and "Error'" not in err  # no exception's name


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("exception", [
    TypeError("unhashable type: 'list'"),
    AttributeError("'int' object has no attribute 'get'"),
    RecursionError("maximum recursion depth exceeded"),
    KeyError("hands"),
])
def test_an_unexpected_error_reading_a_record_is_told_in_the_users_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    lang: Lang, exception: Exception,
) -> None:
    """The engine raises its own error for every bad record (tests/test_fuzz.py); were it ever
    to fail otherwise, the command still says so in the user's words, not Python's."""
    from cardrules.cli import commands

    def broken(record: Any) -> cardrules.Game:
        raise exception

    monkeypatch.setattr(commands, "replay", broken)
    path = str(ROOT / "examples" / "brisca-2p.json")
    status, out, err = run(capsys, "replay", path, "--lang", lang)
    one_line(status, out, err, "brisca-2p.json")
    assert type(exception).__name__ not in err
    assert str(exception).strip("'") not in err
    assert ("registro de una mano" if lang == "es" else "deal record") in err


# 2. Numbers of thousands of digits -------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("args", [
    ["--seed", BIG], ["--players", BIG], ["--seat", BIG], ["--option", f"tie={BIG}"],
    ["--seed", "-" + BIG], ["--seat", f" +{BIG} "],
])
def test_a_huge_number_in_an_argument_is_one_line(
    capsys: pytest.CaptureFixture[str], lang: Lang, args: list[str]
) -> None:
    status, out, err = run(capsys, "play", "brisca", *args, "--auto", "--lang", lang)
    one_line(status, out, err, args[0], "5001")
    assert BIG[:50] not in err


def test_a_huge_number_at_the_prompt_is_asked_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for lang, needle in (("en", "There is no "), ("es", "No hay ")):
        status, out, err = run(capsys, "play", "brisca", "--seed", "3", "--bot", "greedy",
                               "--lang", lang, stdin=f"{BIG}\n1\nq\n", monkeypatch=monkeypatch)
        assert status == 0, err
        assert err == ""
        lines = out.splitlines()
        refusal = next(line for line in lines if line.startswith(needle))
        assert len(refusal) < 200
        # The game went on: the answer after the huge number was played.
        assert out.count("(1-3,") >= 3
        assert all(len(line) < 300 for line in lines)


def test_huge_numbers_on_the_real_command_line() -> None:
    done = command("play", "brisca", "--seed", BIG, "--auto")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    done = command("play", "brisca", "--seed", "1", "--bot", "greedy", "--lang", "es",
                   input=f"{BIG}\n" + "1\n" * 30)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert "── Fin de la mano ──" in done.stdout


# 3. Standard input closed -----------------------------------------------------------------------


def test_play_with_standard_input_gone_saves_the_unfinished_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "partial.json"
    monkeypatch.setattr(sys, "stdin", None)  # what Python sets when file descriptor 0 is closed
    status, out, err = run(capsys, "play", "brisca", "--seed", "2", "--seat", "1",
                           "--save", str(save))
    assert status == 1
    assert err == ""
    assert "Input closed: game abandoned." in out
    assert "Unfinished deal record saved to" in out
    record = json.loads(save.read_text(encoding="utf-8"))
    assert not cardrules.replay(record).is_over
    assert len(record["actions"]) >= 1  # the bot's first card is kept


def close_stdin() -> None:
    os.close(0)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_play_with_standard_input_closed_in_a_real_process(tmp_path: Path, lang: Lang) -> None:
    save = tmp_path / "partial.json"
    done = command("play", "brisca", "--seed", "2", "--save", str(save), "--lang", lang,
                   stdin=None, preexec_fn=close_stdin)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "RuntimeError" not in done.stderr
    assert done.stderr == ""
    closed = {"en": "Input closed: game abandoned.", "es": "Se cerró la entrada"}[lang]
    assert closed in done.stdout
    assert not cardrules.replay(save.read_text(encoding="utf-8")).is_over


@pytest.mark.parametrize("lang", ["en", "es"])
def test_replay_of_standard_input_closed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: Lang
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    status, out, err = run(capsys, "replay", "-", "--lang", lang)
    one_line(status, out, err, "estándar" if lang == "es" else "standard input")


# 4. --save never overwrites an existing file without --force ------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_save_refuses_an_existing_file_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: Lang
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    status, out, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--bot", "greedy",
                           "--save", str(notes), "--lang", lang)
    one_line(status, out, err, "--force", "notes.txt")
    assert ("ya existe" if lang == "es" else "already exists") in err
    assert notes.read_text(encoding="utf-8") == "my notes\n"


def test_save_with_force_replaces_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "deal.json"
    save.write_text("old\n", encoding="utf-8")
    save.chmod(0o640)
    status, _, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--bot", "greedy",
                         "--save", str(save), "--force")
    assert status == 0, err
    assert cardrules.replay(save.read_text(encoding="utf-8")).is_over
    assert stat.S_IMODE(save.stat().st_mode) == 0o640  # the file keeps its permissions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deal.json"]  # no temporary left


def test_save_with_force_writes_through_a_link(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "real.json"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    status, _, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--bot", "greedy",
                         "--save", str(link), "--force")
    assert status == 0, err
    assert link.is_symlink()
    assert cardrules.replay(target.read_text(encoding="utf-8")).is_over


def test_force_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    for lang in ("en", "es"):
        status, out, _ = run(capsys, "play", "-h", "--lang", lang)
        assert status == 0
        assert "--force" in out


# 5. An unwritable --save target is found before playing; the write is atomic --------------------


def read_only_targets(tmp_path: Path) -> list[tuple[Path, list[str], str]]:
    """A new file in a folder this user may not write, and a file it may not write (with
    --force); each with what must not change. Root may write anywhere a mode forbids: it gets
    the kernel's own read-only places."""
    if os.geteuid() == 0:
        folder, notes = Path("/sys/kernel"), Path("/sys/kernel/notes")
        if not notes.is_file():
            pytest.skip("no /sys/kernel here (and root writes through any file mode)")
        return [(folder / "cardrules-deal.json", [], ""), (notes, ["--force"], "")]
    locked = tmp_path / "locked"
    locked.mkdir()
    read_only = tmp_path / "read-only.json"
    read_only.write_text("keep me\n", encoding="utf-8")
    read_only.chmod(0o444)
    locked.chmod(0o555)
    return [(locked / "deal.json", [], ""), (read_only, ["--force"], "keep me\n")]


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_save_to_a_read_only_folder_or_file_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: Lang
) -> None:
    denied = "permiso denegado" if lang == "es" else "permission denied"
    try:
        for target, extra, kept in read_only_targets(tmp_path):
            status, out, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--bot",
                                   "greedy", "--save", str(target), *extra, "--lang", lang)
            one_line(status, out, err, denied, target.name)  # and not a card was played
            if kept:
                assert target.read_text(encoding="utf-8") == kept
            else:
                assert not target.exists() or extra
    finally:
        for path in tmp_path.iterdir():
            path.chmod(0o755)
    if os.geteuid() != 0:
        assert list((tmp_path / "locked").iterdir()) == []


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("target", ["/dev/full", "/dev/null"])
def test_save_to_a_device_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], lang: Lang, target: str
) -> None:
    if not os.path.exists(target):
        pytest.skip(f"no {target} here")
    status, out, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--save", target,
                           "--force", "--lang", lang)
    one_line(status, out, err, target)
    assert os.path.exists(target) and not os.path.isfile(target)  # still the device


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_failed_write_keeps_the_old_file_and_prints_the_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    lang: Lang,
) -> None:
    """The disk fills up after the check: the old file is untouched, no temporary file is left,
    and the record is not lost (it is printed)."""
    save = tmp_path / "deal.json"
    save.write_text("the old record\n", encoding="utf-8")
    real_replace: Callable[..., None] = os.replace

    def full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    status, out, err = run(capsys, "play", "brisca", "--seed", "1", "--auto", "--bot", "greedy",
                           "--save", str(save), "--force", "--lang", lang)
    monkeypatch.setattr(os, "replace", real_replace)
    assert status == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert ("no queda espacio" if lang == "es" else "no space left") in err
    assert save.read_text(encoding="utf-8") == "the old record\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deal.json"]
    printed = out[out.index("\n{\n") + 1:]
    assert cardrules.replay(printed).is_over


# 6. Control characters are never echoed raw ----------------------------------------------------


def hostile_commands(tmp_path: Path) -> Iterator[list[str]]:
    yield ["replay", str(tmp_path / f"no{HOSTILE}such.json")]
    yield ["play", "brisca", "--option", f"{HOSTILE}=1"]
    yield ["play", "brisca", "--option", HOSTILE]
    yield ["play", "brisca", "--option", f"exchange={HOSTILE}"]
    yield ["play", "brisca", "--seed", HOSTILE]
    yield ["play", "brisca", "--players", HOSTILE]
    yield ["play", HOSTILE]
    yield ["games", HOSTILE]
    yield ["term", HOSTILE]
    yield ["games", "brisca", HOSTILE]  # argparse: unrecognized arguments
    yield ["play", "brisca", "--bot", HOSTILE]  # argparse: invalid choice
    yield [HOSTILE]
    yield ["play", "brisca", "--save", str(tmp_path / HOSTILE / "x.json")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_control_characters_in_arguments_are_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: Lang
) -> None:
    for args in hostile_commands(tmp_path):
        status, out, err = run(capsys, *args, "--lang", lang)
        one_line(status, out, err)
        assert "\\x1b" in err or "7O" not in err, err  # quoted, escaped


@pytest.mark.parametrize("lang", ["en", "es"])
def test_control_characters_in_a_record_are_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: Lang
) -> None:
    record = json.loads((ROOT / "examples" / "brisca-2p.json").read_text(encoding="utf-8"))
    bad = dict(record, actions=[HOSTILE])
    status, out, err = run(capsys, "replay", record_file(tmp_path, json.dumps(bad)),
                           "--lang", lang)
    one_line(status, out, err, "actions[0]", "\\x1b")
    # A title and players' names are free text: shown, but not as control characters.
    named = dict(record, title=f"A title{HOSTILE}", players=[f"Ann{HOSTILE}", "Bob\x00"])
    status, out, err = run(capsys, "replay", record_file(tmp_path, json.dumps(named)),
                           "--lang", lang)
    assert status == 0, err
    nothing_raw(out)
    assert "Ann7O" in out and "A title7O" in out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_control_characters_typed_at_the_prompt_are_escaped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: Lang
) -> None:
    typed = f"{HOSTILE}\n\x00\nexchange:{HOSTILE}\nq\n"
    status, out, err = run(capsys, "play", "brisca", "--seed", "3", "--bot", "greedy",
                           "--lang", lang, stdin=typed, monkeypatch=monkeypatch)
    assert status == 0, err
    nothing_raw(out + err)
    assert out.count("\\x1b[2J") >= 2  # echoed (the input is not a terminal) and refused


# 7. Size limits --------------------------------------------------------------------------------


class Endless(io.RawIOBase):
    """A stream of zeros that never ends, like /dev/zero; it gives up (failing the test) after
    far more than any reader should take."""

    def __init__(self, give_up: int = 50 * MAX_RECORD_CHARS) -> None:
        self.given = 0
        self.give_up = give_up

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self.given > self.give_up:
            raise AssertionError(f"read {self.given:,} bytes of an endless input")
        view[:] = b"\0" * len(view)
        self.given += len(view)
        return len(view)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_replay_of_endless_standard_input_stops_at_the_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: Lang
) -> None:
    endless = Endless()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(endless)))
    status, out, err = run(capsys, "replay", "-", "--lang", lang)
    one_line(status, out, err, "1\u00a0000\u00a0000" if lang == "es" else "1,000,000")
    assert endless.given <= 2 * MAX_RECORD_CHARS


def test_replay_of_dev_zero_stops_at_the_limit() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    done = command("replay", "/dev/zero", timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "1,000,000" in done.stderr


def test_the_record_size_limit_is_exact(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (ROOT / "examples" / "brisca-2p.json").read_text(encoding="utf-8").rstrip()
    padded = text + " " * (MAX_RECORD_CHARS - len(text.encode("utf-8")))
    status, _, err = run(capsys, "replay", record_file(tmp_path, padded), "--json")
    assert status == 0, err
    status, out, err = run(capsys, "replay", record_file(tmp_path, padded + " "))
    one_line(status, out, err, "1,000,000")


def test_long_input_is_trimmed_in_every_echo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from cardrules.cli.session import ANSWER_LIMIT
    long = "x" * 200_000
    answer = long[:ANSWER_LIMIT - 10]  # a longer answer ends the deal (issue 37)
    status, out, err = run(capsys, "play", "brisca", "--seed", "3", "--bot", "greedy",
                           stdin=f"{answer}\nexchange:{answer}\n{'9' * (ANSWER_LIMIT - 10)}\nq\n",
                           monkeypatch=monkeypatch)
    assert status == 0, err
    assert max(len(line) for line in out.splitlines()) < 300
    for args in (["play", long], ["play", "brisca", "--option", long], ["games", long],
                 ["play", "brisca", "--seed", long], ["replay", str(tmp_path / long[:200])],
                 ["play", "brisca", "--bot", long], ["games", "brisca", long]):
        status, out, err = run(capsys, *args)
        one_line(status, out, err)


# 8. Ctrl-C at any moment -----------------------------------------------------------------------


def test_ctrl_c_in_a_command_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from cardrules.cli import commands

    def interrupted(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(commands, "load_record", interrupted)
    for lang, word in (("en", "interrupted"), ("es", "interrumpido")):
        status, out, err = run(capsys, "replay", str(ROOT / "examples" / "brisca-2p.json"),
                               "--lang", lang)
        one_line(status, out, err, word, code=130)


def test_ctrl_c_wrapped_by_python_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python 3.11 turns a Ctrl-C that comes while a class is being made (as the command imports
    its modules) into a RuntimeError caused by the KeyboardInterrupt: still one line and 130;
    any other RuntimeError is not taken for a Ctrl-C."""
    import cardrules.cli

    def wrapped(*args: Any) -> Any:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as ctrl_c:
            raise RuntimeError("Error calling __set_name__") from ctrl_c

    monkeypatch.setattr(cardrules.cli, "_run", wrapped)
    status, out, err = run(capsys, "games")
    one_line(status, out, err, "interrupted", code=130)

    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(cardrules.cli, "_run", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        run(capsys, "games")


def test_the_start_up_guard_is_for_the_command_only() -> None:
    """Imported by a program of its own, the package leaves Ctrl-C alone."""
    assert signal.getsignal(signal.SIGINT) is not startup._quit
    assert not startup.is_the_command(["pytest"], ["python", "-m", "pytest"])
    assert startup.is_the_command(["/usr/bin/cardrules", "play"], ["python", "cardrules"])
    assert startup.is_the_command(["-m"], ["python3", "-X", "utf8", "-m", "cardrules"])
    assert startup.is_the_command(["-m"], ["python3", "-mcardrules"])
    assert not startup.is_the_command(["-m"], ["python3", "-m", "cardrules_other"])


def ctrl_c_as_in_a_terminal() -> None:
    """Run in the child before it starts: Ctrl-C at its default handling, as for a command a
    terminal starts in the foreground. (A shell without job control starts a background job with
    SIGINT ignored, and a child inherits that: Python then leaves Ctrl-C ignored, and neither the
    guard nor these tests would see it.)"""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_the_start_up_guard_quits_quietly() -> None:
    """The guard itself: a Ctrl-C that arrives while it is on prints one line and exits 130."""
    code = (
        "import os, signal, sys, time\n"
        "sys.argv[0] = 'cardrules'\n"
        "from cardrules.cli import startup\n"
        "startup.guard_start_up()\n"
        "os.kill(os.getpid(), signal.SIGINT)\n"
        "time.sleep(5)\n"
        "print('not reached')\n"
    )
    for lang, word in (("en", "interrupted"), ("es", "interrumpido")):
        done = subprocess.run([sys.executable, "-c", code, "--lang", lang], capture_output=True,
                              text=True, env=subprocess_env(), timeout=60, check=False,
                              preexec_fn=ctrl_c_as_in_a_terminal)
        assert done.returncode == 130
        assert done.stdout == ""
        assert done.stderr.count("\n") == 1 and word in done.stderr, done.stderr


def _guarded_from_the_first_line() -> bool:
    """Whether the package's own __init__ turns the guard on before importing anything heavy
    (without it, a Ctrl-C while `import cardrules` runs cannot be caught by the command)."""
    source = (ROOT / "cardrules" / "__init__.py").read_text(encoding="utf-8")
    first = re.search(r"^(?:from|import) (?!__future__).*$", source, re.MULTILINE)
    return first is not None and "startup" in first.group(0)


GUARD_IMPORTS = ("from .cli import startup", "from .startup import", "from __future__ import")
"""The lines that run before the guard is on: its imports, and the ``from __future__`` line that
must come first in a module (it imports the ``__future__`` module: a Ctrl-C can land in it)."""


def past_the_guard(err: str) -> bool:
    """Whether a traceback shows the package at work past the guard: its innermost frame in the
    package is neither an import of the guard nor the guard module itself. (A Ctrl-C before that
    comes while Python still loads the guard's few lines: nothing of the command can catch it.)
    """
    package = str(ROOT / "cardrules") + os.sep
    lines = err.splitlines()
    frames = [i for i, line in enumerate(lines)
              if line.strip().startswith("File ") and package in line]
    if not frames:
        return False
    last = frames[-1]
    if f"cli{os.sep}startup.py" in lines[last]:
        return False
    source = lines[last + 1].strip() if last + 1 < len(lines) else ""
    return not source.startswith(GUARD_IMPORTS)


def test_what_counts_as_past_the_guard() -> None:
    """A traceback that stops in the package's first lines (the ``from __future__`` line, the
    guard's import) came before the guard; one that stops in a module it imports after, past it."""
    package = ROOT / "cardrules"

    def traceback(file: str, line: str) -> str:
        return ("Traceback (most recent call last):\n"
                "  File \"/venv/bin/cardrules\", line 3, in <module>\n"
                "    from cardrules.cli import main\n"
                f"  File \"{package / file}\", line 13, in <module>\n"
                f"    {line}\n"
                "  File \"<frozen importlib._bootstrap>\", line 1176, in _find_and_load\n"
                "KeyboardInterrupt\n")

    assert not past_the_guard(traceback("__init__.py", "from __future__ import annotations"))
    assert not past_the_guard(traceback("__init__.py", "from .cli import startup as _startup"))
    assert past_the_guard(traceback("__init__.py", "from .core.actions import ("))
    assert past_the_guard(traceback("record.py", "import json"))


@pytest.mark.parametrize("entry", ["script", "module"])
def test_ctrl_c_at_any_moment_of_the_start(entry: str) -> None:
    """SIGINT at many moments of the first half second: the command exits quietly, 130 and at
    most one line, or has already finished. (Before Python itself is up, the signal kills the
    process silently: status -SIGINT; a traceback that stops short of the guard is Python's own
    start-up, which no program can catch: see past_the_guard.)"""
    assert _guarded_from_the_first_line(), "cardrules/__init__.py must import the guard first"
    script = Path(sys.executable).parent / "cardrules"
    if entry == "script" and not script.exists():
        pytest.skip("the cardrules script is not installed next to this Python")
    argv = [str(script)] if entry == "script" else [sys.executable, "-m", "cardrules"]
    bad = []
    for delay in [0.0, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.15, 0.18, 0.22, 0.26, 0.3,
                  0.35, 0.45] * 2:
        child = subprocess.Popen([*argv, "games"], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 env=subprocess_env(), preexec_fn=ctrl_c_as_in_a_terminal)
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        _, err_bytes = child.communicate(timeout=60)
        err = err_bytes.decode("utf-8", "replace")
        quiet = child.returncode in (0, 130, -signal.SIGINT) and err.count("\n") <= 1 \
            and "Traceback" not in err
        if not quiet and (past_the_guard(err) or "Traceback" not in err):
            bad.append((delay, child.returncode, err[-800:]))
    assert not bad, bad


# Issue 37 ----------------------------------------------------------------------------------------
# 2. A prompt line of any length ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_endless_line_at_the_prompt_ends_the_deal_saved_as_quit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    lang: Lang,
) -> None:
    """``play < /dev/zero`` read its first answer forever (2.7 GB in 12 s): a line over the
    answer limit ends the deal at once, in one line, with the unfinished record saved."""
    from cardrules.cli.session import ANSWER_LIMIT
    endless = Endless(give_up=20 * ANSWER_LIMIT)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(endless)))
    save = tmp_path / "quit.json"
    status, out, err = run(capsys, "play", "brisca", "--seed", "1", "--bot", "random",
                           "--lang", lang, "--save", str(save))
    assert status == 1 and err == ""
    said = {"en": "An answer over 10,000 characters long: game abandoned.",
            "es": "Una respuesta de más de 10\u00a0000 caracteres: mano abandonada."}[lang]
    assert said in out
    assert out.count("\n") < 40 and len(out) < 3000  # the deal's start, one line: no echo of it
    assert not cardrules.replay(save.read_text(encoding="utf-8")).is_over
    assert endless.given < 20 * ANSWER_LIMIT


def test_play_from_dev_zero_ends_in_seconds(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    save = tmp_path / "quit.json"
    with open("/dev/zero", "rb") as zeros:
        done = command("play", "brisca", "--seed", "1", "--bot", "random", "--save", str(save),
                       stdin=zeros, timeout=60)
    assert done.returncode == 1, done.stderr[-300:]
    assert "characters long: game abandoned." in done.stdout and done.stderr == ""
    assert "Unfinished deal record saved to" in done.stdout
    assert not cardrules.replay(save.read_text(encoding="utf-8")).is_over


def test_a_long_answer_within_the_limit_is_refused_and_asked_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardrules.cli.session import ANSWER_LIMIT
    typed = "x" * ANSWER_LIMIT + "\nq\n"
    status, out, _ = run(capsys, "play", "brisca", "--seed", "1", "--bot", "random",
                         stdin=typed, monkeypatch=monkeypatch)
    assert status == 0 and "Cannot read" in out and "Game abandoned." in out


# 4. Option errors in the user's language, numeric options in a range ----------------------------


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "option 'minimum_bid' cannot be null; choose a whole number from 61 to 120"),
    ("es", "la opción 'minimum_bid' no puede valer null; elige un número entero de 61 a 120"),
])
def test_an_option_given_null_is_said_as_written(
    capsys: pytest.CaptureFixture[str], lang: Lang, said: str
) -> None:
    status, out, err = run(capsys, "play", "chiamata", "--option", "minimum_bid=null",
                           "--lang", lang)
    one_line(status, out, err, said)
    assert "None" not in err and "integer" not in err


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_null_option_in_a_record_is_said_as_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: Lang
) -> None:
    record = {"game": "briscola", "players": 2, "seed": 1, "options": {"aim": None}}
    status, out, err = run(capsys, "replay", record_file(tmp_path, json.dumps(record)),
                           "--lang", lang)
    one_line(status, out, err, "null")
    assert "None" not in err


@pytest.mark.parametrize("value", ["-5", "60", "121", "1000000000"])
def test_a_numeric_option_out_of_its_range_is_refused(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    status, out, err = run(capsys, "play", "chiamata", "--option", f"minimum_bid={value}")
    one_line(status, out, err, f"cannot be {value}", "from 61 to 120")


@pytest.mark.parametrize("value", ["61", "120"])
def test_a_numeric_option_at_the_ends_of_its_range_is_taken(value: str) -> None:
    game = cardrules.new_game("chiamata", seed=1, options={"minimum_bid": int(value)})
    assert game.rules.opts.minimum_bid == int(value)  # type: ignore[attr-defined]


def test_match_targets_have_a_range() -> None:
    for game in ("tute", "rematada"):
        with pytest.raises(cardrules.OptionError, match="from 1 to 10,000"):
            cardrules.new_game(game, seed=1, options={"match_target": 0})


def test_the_options_list_is_in_the_users_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games", "chiamata", "--lang", "es")
    assert status == 0
    assert "minimum_bid: un número entero de 61 a 120 (por defecto: 61)" in out
    assert "integer" not in out
    _, out, _ = run(capsys, "games", "tute", "--lang", "es")
    assert "match_target: un número entero de 1 a 10\u00a0000, o null (por defecto: null)" in out


# 5. A void deal's end has no empty points line ---------------------------------------------------


@pytest.mark.parametrize(("lang", "points", "void"), [
    ("en", "Points: ", "Everyone passed: the deal is void."),
    ("es", "Puntos: ", "Pasaron todos: la mano queda anulada."),
])
def test_a_void_deal_ends_without_an_empty_points_line(
    capsys: pytest.CaptureFixture[str], lang: Lang, points: str, void: str
) -> None:
    # The account's table of a void deal: every player at 0, by name (no empty line).
    status, out, err = run(capsys, "replay", str(ROOT / "examples" / "chiamata-void.json"),
                           "--lang", lang)
    assert status == 0, err
    end = out[out.rindex("──"):]
    assert void in end
    assert all(line.strip() for line in end.splitlines()[1:]), end
    line = next(line for line in end.splitlines() if line.startswith(points))
    names = ("Ana", "Bruno", "Carmen", "Diego", "Elena")
    assert line.removeprefix(points).split(" · ") == [f"{name} 0" for name in names], line


# 10. The play API in the worker; --save -; one rule for digits -----------------------------------


@pytest.mark.parametrize(("settings", "said"), [
    ({"game": "brisca", "players": 2, "options": ["exchange"]},
     "las opciones deben ser un objeto de nombres y valores, no una lista"),
    ({"game": "brisca", "players": 2, "options": "exchange=none"},
     "las opciones deben ser un objeto de nombres y valores, no 'exchange=none'"),
    ({"game": "brisca", "players": 2, "level": ["easy"]},
     "fuerza de los bots una lista: elige easy, normal, hard"),
])
def test_the_play_api_refuses_settings_of_the_wrong_kind_in_one_sentence(
    settings: dict[str, Any], said: str
) -> None:
    from cardrules.web import play
    answer = json.loads(play.start(json.dumps(settings), "es"))
    assert answer == {"ok": False, "error": said}


def test_the_play_api_refuses_deeply_nested_settings() -> None:
    from cardrules.web import play
    deep = '{"game": "brisca", "options": ' + "[" * 100_000 + "]" * 100_000 + "}"
    answer = json.loads(play.start(deep, "es"))
    assert answer["ok"] is False
    assert answer["error"].startswith("los ajustes están anidados a demasiada profundidad")
    assert "Recursion" not in answer["error"] and "Python" not in answer["error"]


def test_a_missing_session_is_told_in_the_pages_language() -> None:
    from cardrules.web import play
    started = json.loads(play.start(json.dumps({"game": "brisca", "players": 2}), "es"))
    assert started["ok"]
    assert json.loads(play.close(started["session"]))["ok"]
    gone = "Esta mano ya no está abierta: empieza otra."
    for answer in (play.act(started["session"], "1O"), play.advance(started["session"]),
                   play.undo(started["session"]), play.hint(started["session"])):
        assert json.loads(answer) == {"ok": False, "error": gone}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_save_to_standard_output_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    lang: Lang,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "play", "brisca", "--save", "-", "--lang", lang)
    one_line(status, out, err, "./-")
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("flag", ["--players", "--seed", "--seat"])
@pytest.mark.parametrize("digit", ["\u0662", "\uff12", "\u0968"])  # Arabic, full-width, Hindi
def test_numbers_take_ascii_digits_only_as_link_steps_do(
    capsys: pytest.CaptureFixture[str], flag: str, digit: str
) -> None:
    status, out, err = run(capsys, "play", "brisca", flag, digit)
    one_line(status, out, err, f"{flag} must be a whole number")


def test_option_values_take_ascii_digits_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "chiamata", "--option", "minimum_bid=\uff16\uff11")
    one_line(status, out, err, "cannot be")
