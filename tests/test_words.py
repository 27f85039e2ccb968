"""The catalogue of words: complete, consistent, and open to a third language.

* Every message of the code has a Spanish translation, with the same placeholders, and the
  compiled ``.mo`` files are the ``.po`` files' (``scripts/words.py check``).
* The checker itself catches a missing translation and a placeholder that differs.
* A third language is a ``.po`` file and nothing else: a test-only catalogue makes the
  narration, the errors, the widget's answers and the terminal speak it.
* No user-facing Spanish is left in the package's code: it lives in the catalogue.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from cardrules import replay, web
from cardrules.account.deal import account
from cardrules.core.errors import RecordError
from cardrules.words import LOCALE, add_catalogues, languages, words

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardrules"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("words_script", ROOT / "scripts" / "words.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


def test_every_message_is_translated_and_compiled() -> None:
    template = SCRIPT.extract()
    found = [p for path in SCRIPT.catalogue_files() for p in SCRIPT.problems(template, path)]
    assert found == []
    assert len(template) > 500  # the code's sentences are all in it
    assert (LOCALE / "cardrules.pot").read_bytes() == SCRIPT.po_bytes(template)


def _write_po(folder: Path, lang: str, entries: str) -> Path:
    path = folder / lang / "LC_MESSAGES" / "cardrules.po"
    path.parent.mkdir(parents=True)
    path.write_text(f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n'
                    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
                    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n' + entries,
                    encoding="utf-8")
    return path


def test_the_checker_finds_missing_and_mismatched_translations(tmp_path: Path) -> None:
    template = SCRIPT.extract()
    path = _write_po(tmp_path, "fr", 'msgid "The cards are dealt."\nmsgstr "On distribue."\n\n'
                     'msgid "{who} plays {card}."\nmsgstr "{qui} joue {card}."\n')
    found = list(SCRIPT.problems(template, path))
    assert "fr: placeholders differ in '{who} plays {card}.': ['card', 'who'] / ['card', 'qui']" \
        in found
    assert "fr: missing 'You play {card}.'" in found
    assert any(line.endswith("is not compiled from its .po (run update)") for line in found)


FRENCH = """
msgid "The cards are dealt; {card} is turned up: {suit} are trumps."
msgstr "On distribue ; la retourne est {card} : l'atout est {suit}."

msgid "{who} plays {card}."
msgstr "{who} joue {card}."

msgid "the ace of {suit}"
msgstr "l'as de {suit}"

msgid "{names} wins the deal, {score}."
msgid_plural "{names} win the deal, {score}."
msgstr[0] "{names} gagne la donne, {score}."
msgstr[1] "{names} gagnent la donne, {score}."

msgid "a deal record must be a JSON object"
msgstr "un enregistrement de donne doit être un objet JSON"
"""


@pytest.fixture
def french(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A third language from a test-only catalogue: a .po file compiled like the others."""
    folder = tmp_path_factory.mktemp("locale")
    path = _write_po(folder, "fr", FRENCH)
    path.with_suffix(".mo").write_bytes(SCRIPT.mo_bytes(SCRIPT.read(path)))
    add_catalogues(folder)
    try:
        yield "fr"
    finally:
        from cardrules import words as module

        module._EXTRA.remove(folder)
        module.words.cache_clear()


def test_a_third_language_is_a_po_file_and_nothing_else(french: str) -> None:
    assert french in languages()
    game = replay(json.loads((ROOT / "examples" / "brisca-2p.json").read_text()))
    told = account(game, french)
    assert told.steps[0].said.action.startswith("On distribue ; la retourne est l'as de ")
    assert told.steps[1].said.action.startswith("Ana joue ")
    assert told.outcome.startswith("Ana gagne la donne, ")
    # what the catalogue does not translate yet is said in English, never left blank
    assert told.steps[2].said.trick.startswith(("Ana", "Bruno"))
    assert RecordError("a deal record must be a JSON object").message(french) == (
        "un enregistrement de donne doit être un objet JSON")
    answer = web.steps_data((ROOT / "examples" / "brisca-2p.json").read_text(), french)
    assert answer["ok"] and answer["steps"][0]["text"] == told.steps[0].said.action
    assert words(french).n_("{names} wins the deal, {score}.", "{names} win the deal, {score}.",
                            2, names="A et B", score="1–0") == "A et B gagnent la donne, 1–0."


# Spanish letters and punctuation that no English sentence of the package uses.
SPANISH = re.compile(
    r"[áéíóúñ¿¡«»]|\b(?:el|la|los|las|del|una?|que|por|con|para)\b .*\b(?:de|en)\b")
# Data that is not a sentence of the package's: the packs' own card names, in their languages.
NOT_SENTENCES = {PACKAGE / "core" / "packs.py"}


def _strings(path: Path) -> Iterator[tuple[int, str]]:
    """The strings of a module that may be shown: not its docstrings (a string standing alone
    as a statement documents the code), and of three words or more (a sentence, not a name or
    a set of punctuation marks)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documenting = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in documenting and len(node.value.split()) >= 3):
            yield node.lineno, node.value


def test_no_spanish_sentence_is_left_in_the_code() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in sorted(PACKAGE.rglob("*.py")) if path not in NOT_SENTENCES
             for line, text in _strings(path) if SPANISH.search(text)]
    assert found == []
