"""The widget writes no sentence of its own: its words come from the catalogue.

Every word the widget's JavaScript (``docs/assets/widget/*.js``) shows a reader is asked for by
key, ``t("key", fields)``, from :func:`cardrules.web.chrome.chrome` (the catalogue of words in the
page's language, put in the page by ``docs/hooks/widget.py``). These tests read the JavaScript:
no string literal in it looks like text for a reader (two words in a row, a letter beyond ASCII,
a capitalised word) unless it is a known technical string; every key it asks for exists; every
key of the chrome is asked for; the chrome is complete in every language of the catalogue; and a
third language, with other plural rules, needs only its catalogue.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import cardrules.words as words_module
from cardrules.web import scorepad
from cardrules.web.chrome import PLURAL_COUNTS, WORDS, Plural, chrome
from cardrules.words import SOURCE, languages

WIDGET = Path(__file__).resolve().parent.parent / "docs" / "assets" / "widget"
SOURCES = sorted(WIDGET.glob("*.js"))

TECHNICAL = {
    # Keys a browser names (aria-keyshortcuts, KeyboardEvent.key), DOM names and events.
    "ArrowLeft ArrowRight Home End", "ArrowLeft", "ArrowRight", "Home", "End", "Enter", "Escape",
    "INPUT",
    "DOMContentLoaded", "IntersectionObserver",
    # Errors for developers (the worker's protocol, a runtime that never starts): the page shows
    # its own words instead (runtime.js: problem), the console the error.
    "worker error", "the runtime is not started", "unknown call",
    "cardrules widget: no words for",
    # Python code the worker runs.
    "import sys\nnext(p for p in sys.path if p.endswith('site-packages'))",
    "import random\nrandom.seed()",
}
"""String literals that look like words but are not text for a reader."""

_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_AFTER_WORDS = {"return", "typeof", "case", "in", "of", "new", "delete", "void", "throw",
                      "else", "do"}
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def literals(source: str) -> Iterator[tuple[int, str]]:
    """The string literals of a JavaScript module, with their line: quoted strings, and the
    fixed parts of template literals (comments and regular expressions are skipped)."""
    i, n = 0, len(source)
    previous = ""  # the last significant character, or word, before i
    while i < n:
        ch = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
        elif ch in "'\"":
            start, text, i = i, [], i + 1
            while source[i] != ch:
                if source[i] == "\\":
                    nxt = source[i + 1]
                    if nxt == "u":
                        text.append(chr(int(source[i + 2:i + 6], 16)))
                        i += 6
                        continue
                    text.append(_ESCAPES.get(nxt, nxt))
                    i += 2
                    continue
                text.append(source[i])
                i += 1
            i += 1
            previous = "string"
            yield source.count("\n", 0, start) + 1, "".join(text)
        elif ch == "`":
            start, part, i = i, [], i + 1
            while source[i] != "`":
                if source[i] == "\\":
                    part.append(source[i + 1])
                    i += 2
                elif source.startswith("${", i):
                    depth, i = 1, i + 2
                    while depth:
                        depth += {"{": 1, "}": -1}.get(source[i], 0)
                        i += 1
                    part.append(" ")
                else:
                    part.append(source[i])
                    i += 1
            i += 1
            previous = "string"
            yield source.count("\n", 0, start) + 1, "".join(part)
        elif ch == "/" and (previous in _REGEX_BEFORE or previous in _REGEX_AFTER_WORDS
                            or not previous):
            start, i, in_class = i, i + 1, False
            while in_class or source[i] != "/":
                if source[i] == "\\":
                    i += 1
                elif source[i] == "[":
                    in_class = True
                elif source[i] == "]":
                    in_class = False
                i += 1
            i += 1
            while i < n and source[i].isalpha():
                i += 1
            previous = "regex"
        elif ch.isalnum() or ch in "_$":
            start = i
            while i < n and (source[i].isalnum() or source[i] in "_$."):
                i += 1
            previous = source[start:i].rsplit(".", 1)[-1]
        else:
            if not ch.isspace():
                previous = ch
            i += 1


def looks_like_words(text: str) -> bool:
    """Whether a string literal looks like text for a reader: two words of letters in a row, a
    letter beyond ASCII, or a capitalised word."""
    if any(ord(ch) > 127 and unicodedata.category(ch).startswith("L") for ch in text):
        return True
    if re.search(r"(?<![\w\-./#@:])[A-Za-z]+ [A-Za-z]+(?![\w\-(])", text):
        return True
    return re.fullmatch(r"[A-Z][a-z]+[.!?:]?", text) is not None


def asked_keys(source: str) -> set[str]:
    return set(re.findall(r"(?<![\w.$])t\(\s*\"([^\"]+)\"", source))


def test_the_tokenizer_finds_strings_and_skips_regular_expressions() -> None:
    source = ('const a = "two words"; // "a comment"\n'
              "const b = /\"[a-z]'/g.test(x) ? 'yes' : `at ${n + 1} ms`;\n"
              "const c = x / 2 / y; /* 'not' */ const d = '\\u00e9t\\'e';\n")
    assert list(literals(source)) == [(1, "two words"), (2, "yes"), (2, "at   ms"),
                                      (3, "\u00e9t'e")]


def test_no_sentence_is_written_in_the_widgets_javascript() -> None:
    found = []
    for path in SOURCES:
        for line, text in literals(path.read_text(encoding="utf-8")):
            if looks_like_words(text) and text.strip() not in TECHNICAL:
                found.append(f"{path.name}:{line}: {text!r}")
    assert not found, "words written in the JavaScript (ask for them with t(key)):\n" + "\n".join(
        found)


def test_the_words_are_asked_for_by_key() -> None:
    """Every t(...) names its key as it is (so that this test sees it): no key built at run
    time."""
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        computed = re.findall(r"(?<!function )(?<![\w.$])t\(\s*[^\"\s)]", source)
        assert not computed, (path.name, computed)


PAD = WIDGET / "scorepad.js"
"""The score pad's module: its page's settings carry its own words (scorepad.pad_words) beside
the widget's."""


def test_every_key_asked_for_exists_and_every_key_is_asked_for() -> None:
    asked: set[str] = set()
    for path in SOURCES:
        if path != PAD:
            asked |= asked_keys(path.read_text(encoding="utf-8"))
    pad = asked_keys(PAD.read_text(encoding="utf-8"))
    assert sorted(asked - set(WORDS)) == [], "keys the widget asks for that chrome() lacks"
    assert sorted(pad - set(WORDS) - set(scorepad.WORDS)) == [], (
        "keys the score pad asks for that neither its words nor chrome() have")
    assert sorted(set(WORDS) - asked - pad) == [], "keys of chrome() that no page asks for"
    assert sorted(set(scorepad.WORDS) - pad) == [], "score pad words it never asks for"


@pytest.mark.parametrize("lang", languages())
def test_the_chrome_says_every_key_in_every_language(lang: str) -> None:
    words = chrome(lang)
    english = chrome(SOURCE)
    assert list(words) == list(WORDS)
    for key, entry in WORDS.items():
        said = words[key]
        if isinstance(entry, Plural):
            assert isinstance(said, dict) and len(said["index"]) == PLURAL_COUNTS, key
            forms, index = said["forms"], said["index"]
            assert all(isinstance(form, str) and form for form in forms), key
            assert sorted(set(index)) == list(range(len(forms))), key
            continue
        assert isinstance(said, str) and said, key
        if lang != SOURCE:  # the same fields as the English
            fields = {f for _, f, _, _ in string.Formatter().parse(said) if f}
            wanted = {f for _, f, _, _ in string.Formatter().parse(str(english[key])) if f}
            assert fields == wanted, (lang, key)


def test_plural_forms_follow_the_catalogue() -> None:
    english, spanish = chrome("en")["cards"], chrome("es")["cards"]
    assert isinstance(english, dict) and isinstance(spanish, dict)
    assert [english["forms"][english["index"][n]] for n in (0, 1, 2)] == [
        "{n} cards", "{n} card", "{n} cards"]
    assert [spanish["forms"][spanish["index"][n]] for n in (0, 1, 2)] == [
        "{n} cartas", "{n} carta", "{n} cartas"]


@pytest.fixture
def third_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A test-only catalogue, "xx", with three plural forms (Polish rules)."""
    catalog = Catalog(locale="pl", domain="cardrules")
    catalog.add("Step {n} of {total}", "Krok {n} z {total}")
    catalog.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty", "{n} kart"))
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "cardrules.mo").open("wb") as file:
        write_mo(file, catalog)
    monkeypatch.setattr(words_module, "_EXTRA", [])
    words_module.words.cache_clear()
    words_module.add_catalogues(tmp_path)
    yield "xx"
    words_module.words.cache_clear()


def test_a_third_language_needs_only_its_catalogue(third_language: str) -> None:
    """Its words reach the page, and the page picks its plural forms as gettext does, for any
    count (text.js: index[n], above 199 index[100 + n % 100])."""
    words = chrome(third_language)
    assert words["step"] == "Krok {n} z {total}"
    assert words["dealt"] == "The deal"  # not translated yet: English
    cards = words["cards"]
    assert isinstance(cards, dict)
    assert sorted(cards["forms"]) == ["{n} kart", "{n} karta", "{n} karty"]
    said = words_module.words(third_language)
    for n in range(1000):
        form = cards["forms"][cards["index"][n if n < PLURAL_COUNTS else 100 + n % 100]]
        assert form.format(n=n) == said.n_("{n} card", "{n} cards", n), n
