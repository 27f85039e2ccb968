"""The glossary: its data (every example runs), lookups, tooltips, validation, packaging, the
``term`` command, and the MkDocs hook that puts it in the rulebook."""

from __future__ import annotations

import doctest
import importlib.util
import re
import tomllib
from importlib import resources
from pathlib import Path
from types import ModuleType

import markdown
import pytest

from cardrules import PlayLabel, glossary
from cardrules.glossary import GlossaryError, Term

ROOT = Path(__file__).resolve().parent.parent
TERMS = glossary.terms()

REQUIRED = {
    # seed 002's Spanish game terms
    "barajas-espanolas", "espadas", "oros", "bastos", "copas", "as", "rey", "caballo", "sota",
    "la-vida", "palos", "bazas", "mano", "postre", "baceta", "asistir", "montar", "fallar",
    "pisar", "contrafallar", "arrastrar", "arrastro-en-bastos", "capote",
    # Tute
    "arrastre", "cantar-las-veinte", "cantar-las-cuarenta", "diez-de-ultimas", "tute", "pinta",
    "monte",
    # Italian
    "briscola", "carico", "liscio", "fante", "cavallo", "re", "mazzo",
    # Aluette
    "monsieur", "madame", "le-borgne", "la-vache", "grand-neuf", "petit-neuf", "deux-de-chene",
    "deux-decrit", "chant", "pourri", "mordienne",
}  # fmt: skip


# The data ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("term", TERMS, ids=[t.id for t in TERMS])
def test_every_example_runs(term: Term) -> None:
    code = compile(term.example, f"<glossary example {term.id}>", "exec")
    exec(code, {"__name__": f"glossary_example_{term.id.replace('-', '_')}"})


def test_the_examples_assert_something() -> None:
    for term in TERMS:
        assert "assert " in term.example, term.id


def test_at_least_forty_terms_and_the_required_ones() -> None:
    ids = {t.id for t in TERMS}
    assert len(TERMS) >= 40
    assert ids >= REQUIRED, sorted(REQUIRED - ids)


def test_every_term_is_complete() -> None:
    for term in TERMS:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", term.id)
        assert term.lang in ("es", "it", "fr")
        assert term.games and set(term.games) <= set(glossary.GAME_IDS)
        for text in (term.gloss, term.definition):
            assert text.en.strip() and text.es.strip() and text.en != text.es, term.id
        assert len(term.gloss.en) <= 45 and len(term.gloss.es) <= 45, term.id  # a few words
        assert term.source.startswith("glossary/") and term.source.endswith(".toml")


def test_every_play_label_is_a_term() -> None:
    for label in PlayLabel:
        term = glossary.term_for_label(label)
        assert term.id == label.value == label.term
        assert glossary.get(label.value) is term


def test_groups_follow_their_order() -> None:
    groups = glossary.groups()
    assert [g.id for g in groups] == ["spanish", "tute", "italian", "aluette"]
    seen = [t.group for t in TERMS]
    assert seen == sorted(seen, key=[g.id for g in groups].index)


def test_get_unknown_id() -> None:
    with pytest.raises(KeyError, match="no glossary term with id 'nope'"):
        glossary.get("nope")


# Lookups ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "term_id"),
    [
        ("arrastro", "arrastrar"),
        ("ARRASTRÓ", "arrastrar"),
        ("arrastrando", "arrastrar"),
        ("arrastré", "arrastrar"),  # the verb, with its accent
        ("arrastre", "arrastre"),  # the noun: a headword wins over a form without accents
        ("Fallo", "fallar"),
        ("fallo", "fallar"),
        ("falló", "fallar"),
        ("contrafalla", "contrafallar"),
        ("asistió", "asistir"),
        ("asistio", "asistir"),  # accent-insensitive
        ("pourrie", "pourri"),
        ("Pourries", "pourri"),
        ("¡Arrastro en bastos!", "arrastro-en-bastos"),
        ("arrastro en oros", "arrastro-en-bastos"),
        ("Deux d’Écrit", "deux-decrit"),
        ("deux decrit", "deux-decrit"),
        ("deux-decrit", "deux-decrit"),  # the id
        ("grand neuf", "grand-neuf"),
        ("vache", "la-vache"),
        ("el uno", "as"),
        ("ases", "as"),
        ("reyes", "rey"),
        ("bazas", "bazas"),
        ("baza", "bazas"),
        ("la vida", "la-vida"),
        ("palo del triunfo", "la-vida"),
        ("Naipes Españoles", "barajas-espanolas"),
        ("las cuarenta", "cantar-las-cuarenta"),
        ("diez de ultimas", "diez-de-ultimas"),
        ("carichi", "carico"),
        ("il re", "re"),
        ("  madame  ", "madame"),
    ],
)
def test_lookup_finds_inflected_and_accented_forms(text: str, term_id: str) -> None:
    term = glossary.lookup(text)
    assert term is not None and term.id == term_id


def test_lookup_by_language_and_misses() -> None:
    assert glossary.lookup("re", lang="it") is glossary.get("re")
    assert glossary.lookup("re", lang="es") is None
    assert glossary.lookup("vache", lang="fr") is glossary.get("la-vache")
    assert glossary.lookup("trick") is None
    assert glossary.lookup("") is None
    with pytest.raises(ValueError, match="unknown term language 'de'"):
        glossary.lookup("re", lang="de")


def test_no_form_names_two_terms() -> None:
    seen: dict[str, str] = {}
    for term in TERMS:
        for name in term.names:
            key = name.casefold()
            assert seen.setdefault(key, term.id) == term.id, (name, seen[key], term.id)


def test_search_ranks_names_before_glosses() -> None:
    ids = [t.id for t in glossary.search("arrastr")]
    assert ids[:3] == ["arrastrar", "arrastro-en-bastos", "arrastre"]
    assert glossary.search("overtrump", "en")[0].id == "pisar"
    assert glossary.search("triunfar por encima", "es")[0].id == "pisar"
    assert glossary.search("overtrump", "es") == ()
    assert glossary.search("Fallar")[0].id == "fallar"
    assert "contrafallar" in {t.id for t in glossary.search("fall")}
    assert glossary.search("   ") == ()


# Tooltips -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tooltips_map_forms_to_the_gloss_in_the_page_language(lang: str) -> None:
    tips = glossary.tooltips(lang)
    assert tips["arrastrando"] == glossary.get("arrastrar").gloss[lang]
    assert tips["pourrie"] == glossary.get("pourri").gloss[lang]
    assert tips["Madame"] == glossary.get("madame").gloss[lang]
    assert tips["deux d’écrit"] == tips["deux d'écrit"]
    for form, gloss in tips.items():
        assert len(form) >= glossary.MIN_TOOLTIP_LENGTH, form
        assert form == form.strip("¡!¿? "), form
        term = glossary.lookup(form)
        assert term is not None and lang in term.tooltip and gloss == term.gloss[lang], form
        assert form not in term.quiet


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tooltips_leave_short_words_quiet_forms_and_game_names_alone(lang: str) -> None:
    tips = glossary.tooltips(lang)
    for word in ("as", "re", "rey", "uno", "oro", "piso", "monto", "triunfo", "mazo"):
        assert word not in tips, word
    for name in ("Briscola", "Brisca", "Briscas", "Alcalde", "Aluette", "Tute", "Chiamata"):
        assert name not in tips, name
    assert "brisca" not in tips  # the Puerto Rican card: but the word is the game's name too


def test_tooltips_on_spanish_pages_skip_everyday_spanish() -> None:
    english, spanish = glossary.tooltips("en"), glossary.tooltips("es")
    for word in ("mano", "oros", "copas", "espadas", "bastos", "baza", "bazas", "palos", "sota",
                 "caballo", "tute", "briscola"):
        assert word in english and word not in spanish, word
    for word in ("asistir", "fallar", "pisar", "postre", "capote", "arrastre", "la vida"):
        assert word in english and word in spanish, word
    assert spanish["fallar"] == "echar triunfo a otro palo"
    assert english["fallar"] == "to trump"


def test_tooltips_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown page language 'fr'"):
        glossary.tooltips("fr")


# The data ships with the package ---------------------------------------------------------------


def test_the_data_is_package_data() -> None:
    data = resources.files("cardrules.glossary_data")
    names = {f.name for f in data.iterdir() if f.name.endswith(".toml")}
    assert names == {p.name for p in (ROOT / "glossary").glob("*.toml")}
    assert names >= {"spanish.toml", "tute.toml", "italian.toml", "aluette.toml"}
    assert sum(len(tomllib.loads(data.joinpath(n).read_text("utf-8"))["term"]) for n in names) == (
        len(TERMS)
    )


def test_pyproject_lists_every_subpackage() -> None:
    """packages are listed by hand (for the glossary data): a new subpackage must be added."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    packages = set(config["packages"])
    assert config["package-dir"]["cardrules.glossary_data"] == "glossary"
    assert config["package-data"]["cardrules.glossary_data"] == ["*.toml"]
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "cardrules").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert found <= packages, sorted(found - packages)
    assert "cardrules.glossary_data" in packages


# Validation ------------------------------------------------------------------------------------

GOOD = '''
[group]
id = "test"
title.en = "Test"
title.es = "Prueba"

[[term]]
id = "asistir"
word = "asistir"
lang = "es"
forms = ["asiste"]
games = ["brisca"]
gloss.en = "to follow suit"
gloss.es = "seguir el palo"
definition.en = "To play the suit led."
definition.es = "Jugar del palo que salió."
example = """
assert 1 + 1 == 2
"""
'''


def write(tmp_path: Path, text: str, name: str = "broken.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path: Path) -> None:
    (term,) = glossary.load([write(tmp_path, GOOD, "good.toml")])
    assert term.id == "asistir" and term.group == "test" and term.tooltip == ("en", "es")
    assert term.example == "assert 1 + 1 == 2\n"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('gloss.es = "seguir el palo"\n', ""), "term 'asistir': 'gloss' must have exactly"),
        (('forms = ["asiste"]\n', ""), "term 'asistir': missing field(s) 'forms'"),
        (('games = ["brisca"]', 'games = ["poker"]'), "term 'asistir': unknown game 'poker'"),
        (('lang = "es"', 'lang = "de"'), "term 'asistir': unknown language 'de'"),
        (('id = "asistir"', 'id = "Asistir!"'), "'id' must be lowercase ASCII words"),
        (("assert 1 + 1 == 2", "assert ("), "term 'asistir': the example is not valid Python"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\ncolour = "red"'), "unknown field(s) 'colour'"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\nsee = ["nothing"]'), "'see' names 'nothing'"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\ntooltip = ["fr"]'), "'tooltip' is true"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\nquiet = ["xx"]'), "'quiet' lists ['xx']"),
        (('forms = ["asiste"]', 'forms = "asiste"'), "'forms' must be a list of non-empty strings"),
        (('id = "test"', 'name = "test"'), "a [group] table with an 'id' is required"),
        (("[[term]]", "[[terms]]"), "unknown top-level key(s) ['terms']"),
        (("[[term]]", "[[term]"), "not valid TOML"),
    ],
)
def test_a_broken_file_is_named_in_a_clear_error(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(GlossaryError) as caught:
        glossary.load([path])
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_duplicates_across_files_are_errors(tmp_path: Path) -> None:
    first = write(tmp_path, GOOD, "a.toml")
    again = write(tmp_path, GOOD.replace('id = "test"', 'id = "other"'), "b.toml")
    with pytest.raises(GlossaryError, match=r"b\.toml, term 'asistir': the id is used twice"):
        glossary.load([first, again])
    clash = GOOD.replace('id = "test"', 'id = "other"').replace('id = "asistir"', 'id = "seguir"')
    with pytest.raises(GlossaryError, match=r"the form 'asistir' is also a form of 'asistir'"):
        glossary.load([first, write(tmp_path, clash, "c.toml")])
    with pytest.raises(GlossaryError, match=r"b\.toml: the group id 'test' is used"):
        glossary.load([first, write(tmp_path, GOOD.replace("asist", "segu"), "b.toml")])


# The term command ---------------------------------------------------------------------------


def test_term_command_in_english() -> None:
    status, text = glossary.term_command("arrastro", "en")
    lines = text.splitlines()
    assert status == 0
    assert lines[0] == "arrastrar (Spanish): to lead trumps"
    assert "forms: arrastra, arrastro," in text
    assert "games: Briscola (Italy), Brisca (Spain), Briscas (Puerto Rico)" in text
    assert "see also: ¡arrastro en bastos!, arrastre" in text
    assert "example:" in lines
    assert '    assert label_play([], parse_card("3O"), Suit.OROS) is PlayLabel.ARRASTRAR' in lines


def test_term_command_in_spanish() -> None:
    status, text = glossary.term_command("Pourrie", "es")
    assert status == 0
    assert text.splitlines()[0] == "pourri (francés): baza empatada, nula"
    assert "formas: pourrie, pourris, pourries" in text
    assert "juegos: Aluette (la vache)" in text
    assert "ejemplo:" in text.splitlines()
    assert "Podrida" in text


def test_term_command_for_a_future_game() -> None:
    status, text = glossary.term_command("capote", "es")
    assert status == 0 and "juegos: Tute" in text


def test_term_command_unknown_word() -> None:
    suggestion = "unknown term 'falar'; did you mean: fallar?"
    assert glossary.term_command("falar", "en") == (2, suggestion)
    status, line = glossary.term_command("arrastrado", "en")
    assert status == 0
    status, line = glossary.term_command("arrast", "es")
    assert status == 2 and line.startswith("término desconocido «arrast»; ¿quizá: ")
    assert "arrastrar" in line and "\n" not in line
    assert glossary.term_command("zzzz", "en") == (2, "unknown term 'zzzz' (nothing close)")
    assert glossary.term_command("zzzz", "es") == (
        2, "término desconocido «zzzz» (no hay nada parecido)")
    with pytest.raises(ValueError, match="unknown language 'it'"):
        glossary.term_command("fallar", "it")


def test_the_cardrules_term_command(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import main

    assert main(["term", "arrastro", "--lang", "es"]) == 0
    out, err = capsys.readouterr()
    assert out == glossary.term_command("arrastro", "es")[1] + "\n" and not err
    assert main(["--lang", "en", "term", "Pourrie"]) == 0
    assert capsys.readouterr().out.startswith("pourri (French): spoiled (tied) trick\n")
    assert main(["term", "falar", "--lang", "en"]) == 2
    out, err = capsys.readouterr()
    assert not out
    assert err == "cardrules term: error: unknown term 'falar'; did you mean: fallar?\n"
    assert main(["term", "zzzz", "--lang", "es"]) == 2
    assert "término desconocido «zzzz»" in capsys.readouterr().err


def test_docstring_examples() -> None:
    result = doctest.testmod(glossary, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


# The rulebook: the hook and the glossary pages -------------------------------------------------


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "glossary_hook", ROOT / "docs" / "hooks" / "glossary.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_generated_page_has_a_section_per_term(lang: str) -> None:
    hook = load_hook()
    page = hook.render(lang, ROOT / "docs" / lang)
    anchors = re.findall(r"^### .* \{#([a-z0-9-]+)\}$", page, re.MULTILINE)
    assert anchors == [t.id for t in TERMS]
    assert page.count("    ```python") == len(TERMS)
    assert "{#all-terms}" in page and "{#group-aluette}" in page
    for term in TERMS:
        assert term.definition[lang] in page and f"](#{term.id})" in page
    if (ROOT / "docs" / lang / "games" / "aluette.md").exists():
        assert "](games/aluette.md)" in page


def test_the_page_language_decides_the_words() -> None:
    hook = load_hook()
    english, spanish = hook.render("en"), hook.render("es")
    assert "**to trump** · *Spanish*" in english and "- **Games:**" in english
    assert "**echar triunfo a otro palo** · *español*" in spanish and "- **Juegos:**" in spanish
    assert "(not in cardrules yet)" in english and "(aún no está en cardrules)" in spanish


class FakeConfig(dict[str, object]):
    pass


@pytest.mark.parametrize("lang", ["en", "es"])
def test_on_config_fills_the_abbr_glossary_in_the_build_language(lang: str) -> None:
    hook = load_hook()
    config = FakeConfig(
        extra={"lang": lang},
        theme={"language": "en"},
        markdown_extensions=["attr_list", "abbr"],
        mdx_configs={},
    )
    hook.on_config(config)
    assert config["mdx_configs"] == {"abbr": {"glossary": glossary.tooltips(lang)}}
    assert isinstance(config["markdown_extensions"], list)
    assert isinstance(config["markdown_extensions"][-1], hook.NoTooltipExtension)


def test_tooltips_in_prose_not_in_code_nor_notip() -> None:
    hook = load_hook()
    md = markdown.Markdown(
        extensions=["abbr", "attr_list", "fenced_code", hook.NoTooltipExtension()],
        extension_configs={"abbr": {"glossary": glossary.tooltips("es")}},
    )
    html = md.convert(
        "Si no puede asistir, fallando gana; la mano sale.\n\n"
        "`asistir` en código\n\n"
        "```python\nasistir = 'falla'\n```\n\n"
        '*asistir*{ .notip lang="es" } sin ayuda\n'
    )
    assert '<abbr title="jugar del palo que salió">asistir</abbr>' in html
    assert '<abbr title="echar triunfo a otro palo">fallando</abbr>' in html
    paragraphs = html.split("\n")
    assert paragraphs[0].count("<abbr") == 2  # mano is not a tooltip on Spanish pages
    assert all("<abbr" not in p for p in paragraphs[1:])
    assert '<em lang="es">asistir</em> sin ayuda' in html


def test_the_two_glossary_sources_have_the_same_structure() -> None:
    english = (ROOT / "docs" / "en" / "glossary.md").read_text("utf-8")
    spanish = (ROOT / "docs" / "es" / "glossary.md").read_text("utf-8")

    def shape(text: str) -> tuple[list[str], list[str], int]:
        anchors = re.findall(r"^#+ .*\{#([a-z0-9-]+)\}\s*$", text, re.MULTILINE)
        fences = re.findall(r"^\s*```(\S*)", text, re.MULTILINE)
        return anchors, fences, text.count(load_hook().MARKER)

    assert shape(english) == shape(spanish)
    assert shape(english)[2] == 1
