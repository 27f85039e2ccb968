"""The glossary: its data (every example runs), lookups, tooltips, validation, packaging, the
``term`` command, and the MkDocs hook that puts it in the rulebook."""

from __future__ import annotations

import doctest
import html
import json
import re
import tomllib
from importlib import resources
from pathlib import Path
from types import ModuleType, SimpleNamespace

import hook_support
import markdown
import pytest

from cardrules import PlayLabel, Suit, label_play, parse_card, parse_cards
from cardrules.learn import glossary
from cardrules.learn.glossary import GlossaryError, Term
from cardrules.learn.practice import same_sense

ROOT = Path(__file__).resolve().parent.parent
TERMS = glossary.terms()

REQUIRED = {
    # the Puerto Rican glossary's Spanish game terms
    "barajas-espanolas", "espadas", "oros", "bastos", "copas", "as", "rey", "caballo", "sota",
    "la-vida", "palos", "bazas", "mano", "postre", "baceta", "asistir", "montar", "fallar",
    "pisar", "contrafallar", "arrastrar", "capote",
    # Tute
    "arrastre", "cantar-las-veinte", "cantar-las-cuarenta", "diez-de-ultimas", "tute", "pinta",
    "monte",
    # Guiñote
    "guinote", "ir-de-vueltas", "coto", "mano-a-mano",
    # Italian
    "briscola", "carico", "liscio", "fante", "cavallo", "re", "mazzo",
    # Aluette
    "monsieur", "madame", "le-borgne", "la-vache", "grand-neuf", "petit-neuf", "deux-de-chene",
    "deux-decrit", "chant", "pourri", "mordienne",
    # the basic words a learner meets
    "triunfo", "muestra", "carta-vuelta", "robar", "repartir", "barajar", "cortar", "salir",
    "echar", "tantos", "companero", "figura", "partida", "cambiar", "dar", "boca-abajo", "sena",
    # the other names of the turned-up card
    "carta-de-la-vida", "carta-virada", "carta-de-triunfo",
    # the auction games
    "subasta", "remate", "pujar", "pasar", "contrato", "talon", "descarte", "llamar", "cante",
    "chiamata", "chiamante", "compagno", "asta", "a-punti", "buia",
}  # fmt: skip

CARD_WORDS = {
    "as", "rey", "caballo", "sota", "oros", "copas", "espadas", "bastos", "figura", "brisca",
    "tute", "guinote", "cantar-las-veinte", "cantar-las-cuarenta", "carico", "fante", "cavallo",
    "re", "monsieur", "madame", "le-borgne", "la-vache", "grand-neuf", "petit-neuf",
    "deux-de-chene", "deux-decrit",
}  # fmt: skip
"""Terms that name cards: each shows their pictures."""


# The data ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("term", TERMS, ids=[t.id for t in TERMS])
def test_every_example_runs(term: Term) -> None:
    code = compile(term.example, f"<glossary example {term.id}>", "exec")
    exec(code, {"__name__": f"glossary_example_{term.id.replace('-', '_')}"})


def test_the_examples_assert_something() -> None:
    for term in TERMS:
        assert "assert " in term.example, term.id


def test_at_least_eighty_terms_and_the_required_ones() -> None:
    ids = {t.id for t in TERMS}
    assert len(TERMS) >= 80
    assert ids >= REQUIRED, sorted(REQUIRED - ids)


@pytest.mark.parametrize("term", TERMS, ids=[t.id for t in TERMS])
def test_every_term_has_what_a_learner_needs(term: Term) -> None:
    """IPA, an article and gender for a noun, an example sentence in Spanish and in English,
    where it is used, and labelled inflections for a verb."""
    assert term.ipa and not term.ipa.startswith("/") and term.ipa == term.ipa.strip()
    if term.lang != "fr" and len(re.findall(r"[aeiouɛɔ]+", term.ipa)) > 1:
        assert "ˈ" in term.ipa, term.ipa  # Spanish and Italian words of several syllables
    assert term.part_of_speech in glossary.PARTS_OF_SPEECH
    if term.part_of_speech == "noun":
        assert term.article in glossary.ARTICLES[term.lang] and term.gender in ("m", "f")
        assert term.headword.startswith(term.article.rstrip("'")), term.headword
    if term.part_of_speech == "name":
        assert term.gender in ("m", "f")
    if term.part_of_speech not in ("noun", "name"):
        assert not term.article and not term.gender
    assert term.sentences
    for sentence in term.sentences:
        assert sentence.es.strip() and sentence.en.strip() and sentence.es != sentence.en
        assert sentence.en[-1] in ".!?\"'" and sentence.es[-1] in ".!?»"
    assert term.regions and set(term.regions) <= set(glossary.REGIONS)
    if term.part_of_speech == "verb":
        codes = {i.code for i in term.inflections}
        assert codes & {"pres-1s", "pres-3s"} and codes & {"pret-1s", "pret-3s"}, term.id
    for inflection in term.inflections:
        assert glossary.lookup(inflection.form) is term, inflection.form
    if term.id in CARD_WORDS:
        assert term.cards, term.id


def test_articles_genders_and_kinds() -> None:
    heads = {i: glossary.get(i).headword for i in (
        "as", "sota", "asta", "la-vida", "le-borgne", "carico", "oros", "diez-de-ultimas",
        "fallar", "monsieur")}
    assert heads == {
        "as": "el as", "sota": "la sota", "asta": "l'asta", "la-vida": "la vida",
        "le-borgne": "le borgne", "carico": "il carico", "oros": "los oros",
        "diez-de-ultimas": "las diez de últimas", "fallar": "fallar", "monsieur": "monsieur"}
    assert glossary.get("sota").kind("en") == "feminine noun"
    assert glossary.get("rey").kind("es") == "sustantivo masculino"
    assert glossary.get("madame").kind("en") == "feminine card name"
    assert glossary.get("pourri").kind("es") == "adjetivo"


def test_pronunciation_and_inflections() -> None:
    assert glossary.get("sota").pronunciation("en") == "/ˈsota/"
    assert glossary.get("bazas").pronunciation("es") == "/ˈbaθa/ (Hispanoamérica: /ˈbasa/)"
    fallar = glossary.get("fallar")
    labels = {i.form: i.label("en") for i in fallar.inflections}
    assert labels["fallé"] == "preterite, yo" and labels["falló"] == "preterite, él/ella"
    assert {i.form: i.label("es") for i in fallar.inflections}["fallo"] == "presente, yo"
    assert glossary.get("pourri").inflections[0].label("en", "fr") == "feminine"
    assert glossary.get("companero").other_forms() == ("el compañero", "socio", "socios",
                                                       "el socio")


def test_regions() -> None:
    assert glossary.get("baceta").places("en") == "Spain, Puerto Rico"
    assert glossary.get("brisca").places("en") == "Spain, Puerto Rico, Argentina, Chile"
    assert glossary.get("capote").regions == ("spain", "argentina", "chile")
    assert "chile" in glossary.get("pinta").regions
    assert "spain" not in glossary.get("embarque").regions
    assert glossary.get("remate").places("es") == "Chile"
    assert glossary.get("carico").places("en") == "Italy"
    assert glossary.get("mordienne").places("es") == "Francia"
    assert "Spain" in glossary.get("muestra").places("en")


def test_el_mano_and_la_mano() -> None:
    mano = glossary.get("mano")
    assert mano.headword == "la mano" and mano.usage is not None
    assert "*el mano* or *la mano*" in mano.usage.en and "*el mano* o *la mano*" in mano.usage.es
    assert glossary.lookup("el mano") is mano


def test_tantos_has_both_senses() -> None:
    tantos = glossary.get("tantos")
    assert tantos.usage is not None
    for text in (tantos.usage.en, tantos.definition.en):
        assert "card points" in text and "game points" in text and "Aluette" in text
    assert "aluette" in tantos.usage.es and "brisca" in tantos.usage.es


def test_the_turned_up_card_has_one_main_term_and_regional_names() -> None:
    main = glossary.get("carta-vuelta")
    assert main.gloss.en == "the turned-up card" and glossary.lookup("la vuelta") is main
    assert main.usage is not None
    for name in ("muestra", "pinta", "carta de la vida", "carta virada", "la vuelta",
                 "carta de triunfo"):
        assert name in main.usage.en and name in main.usage.es, name
    where = {"muestra": "spain", "pinta": "spain", "carta-de-la-vida": "puerto-rico",
             "carta-virada": "puerto-rico"}
    for term_id, region in where.items():
        term = glossary.get(term_id)
        assert term.regions[0] == region and "carta-vuelta" in term.see, term_id
    assert "carta-vuelta" in glossary.get("carta-de-triunfo").see


def test_pinta_has_two_senses() -> None:
    pinta = glossary.get("pinta")
    assert "frame" in pinta.gloss.en and "turned-up card" in pinta.gloss.en
    assert "marco" in pinta.gloss.es and "carta vuelta" in pinta.gloss.es
    assert pinta.definition.en.startswith("Two senses.") and len(pinta.sentences) == 2


def test_fallar_says_what_the_labels_say() -> None:
    """The labels call a lower trump played under a higher trump on a non-trump lead *fallar*:
    so does the glossary, and the diagrams, which take their titles from it."""
    from cardrules.render.diagram import glossary_titles

    under = label_play(parse_cards("4C 1O"), parse_card("12O"), Suit.OROS)
    over = label_play(parse_cards("4C 12O"), parse_card("1O"), Suit.OROS)
    assert (under, over) == (PlayLabel.FALLAR, PlayLabel.PISAR)
    fallar = glossary.get("fallar")
    for text in (fallar.definition.en, fallar.definition.es):
        assert "no higher trump" not in text and "más alto" not in text
    assert "one that stays under it is still *fallar*" in fallar.definition.en
    assert "si queda por debajo, sigue siendo *fallar*" in fallar.definition.es
    assert "stays under it is still fallar" in glossary_titles("en")["fallar"]
    assert "no higher trump" not in glossary_titles("en")["fallar"]


def test_no_internal_language_in_the_glossary() -> None:
    for term in TERMS:
        texts = [term.gloss.en, term.gloss.es, term.definition.en, term.definition.es]
        if term.usage is not None:
            texts += [term.usage.en, term.usage.es]
        for text in texts:
            assert not re.search(r"seed \d|fuente \d|rules notes|ruling", text), (term.id, text)


def test_every_term_is_complete() -> None:
    for term in TERMS:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", term.id)
        assert term.lang in ("es", "it", "fr")
        assert term.games and set(term.games) <= set(glossary.GAME_IDS)
        for text in (term.gloss, term.definition):
            assert text.en.strip() and text.es.strip() and text.en != text.es, term.id
        assert len(term.gloss.en) <= 45 and len(term.gloss.es) <= 45, term.id  # a few words
        assert term.source.startswith("cardrules/glossary_data/") and term.source.endswith(".toml")


def test_every_play_label_is_a_term() -> None:
    for label in PlayLabel:
        term = glossary.term_for_label(label)
        assert term.id == label.value == label.term
        assert glossary.get(label.value) is term


def test_groups_follow_their_order() -> None:
    groups = glossary.groups()
    assert [g.id for g in groups] == ["spanish", "tute", "guinote", "italian", "aluette"]
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
        ("arrastró", "arrastrar"),
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
        ("palo del triunfo", "triunfo"),
        ("triunfos", "triunfo"),
        ("la vuelta", "carta-vuelta"),
        ("la muestra", "muestra"),
        ("carta virada", "carta-virada"),
        ("repartió", "repartir"),
        ("salgo", "salir"),
        ("barajé", "barajar"),
        ("el mano", "mano"),
        ("el palo", "palos"),
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
    assert ids[:2] == ["arrastrar", "arrastre"]
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
    assert tips["arrastrando"] == glossary.get("arrastrar").tooltip_text(lang)
    assert tips["pourrie"] == glossary.get("pourri").tooltip_text(lang)
    assert tips["Madame"] == glossary.get("madame").tooltip_text(lang)
    assert tips["deux d’écrit"] == tips["deux d'écrit"]
    for form, tip in tips.items():
        assert len(form) >= glossary.MIN_TOOLTIP_LENGTH, form
        assert form == form.strip("¡!¿? "), form
        term = glossary.lookup(form)
        assert term is not None and lang in term.tooltip and tip == term.tooltip_text(lang), form
        assert form not in term.quiet


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tooltips_show_the_article_the_ipa_and_a_sentence(lang: str) -> None:
    tip = glossary.tooltips(lang)["sotas" if lang == "en" else "postre"]
    if lang == "en":
        assert tip == ("la sota /ˈsota/: jack (the 10). «La sota vale dos puntos.» "
                       "The jack is worth two points.")
    else:
        assert tip.startswith("el postre /ˈpostɾe/: quien juega el último. «El postre ve ")
        assert "sees" not in tip  # no English on the Spanish pages
    assert "*" not in "".join(glossary.tooltips(lang).values())


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
    assert spanish["fallar"].startswith("fallar /faˈʝaɾ/: echar triunfo a otro palo. «")
    assert english["fallar"].startswith("fallar /faˈʝaɾ/: to trump. «No tenía copas")


def test_tooltips_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown page language 'fr'"):
        glossary.tooltips("fr")


# The data ships with the package ---------------------------------------------------------------


def test_the_data_is_package_data() -> None:
    data = resources.files("cardrules.glossary_data")
    names = {f.name for f in data.iterdir() if f.name.endswith(".toml")}
    assert names == {p.name for p in (ROOT / "cardrules" / "glossary_data").glob("*.toml")}
    assert names >= {"spanish.toml", "tute.toml", "italian.toml", "aluette.toml"}
    assert sum(len(tomllib.loads(data.joinpath(n).read_text("utf-8"))["term"]) for n in names) == (
        len(TERMS)
    )


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
part_of_speech = "verb"
ipa = "asisˈtiɾ"
regions = ["spain"]
inflections = { pres-3s = "asiste", pret-3s = "asistió" }
sentences = [{ es = "Asistió con el dos.", en = "He followed suit with the two." }]
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
    assert term.forms == ("asiste", "asistió")  # the inflections are forms too
    assert term.sentences == (glossary.Sentence("Asistió con el dos.",
                                                "He followed suit with the two."),)
    assert term.headword == "asistir" and term.cards == () and term.usage is None


NOUN = (('part_of_speech = "verb"', 'part_of_speech = "noun"\narticle = "la"\ngender = "f"'),
        ('inflections = { pres-3s = "asiste", pret-3s = "asistió" }', ""))


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
        (('ipa = "asisˈtiɾ"\n', ""), "missing field(s) 'ipa'"),
        (('ipa = "asisˈtiɾ"', 'ipa = "/asisˈtiɾ/"'), "'ipa' must be text in IPA, without slashes"),
        (('ipa = "asisˈtiɾ"', 'ipa = ""'), "'ipa' must be non-empty text"),
        (('ipa = "asisˈtiɾ"', 'ipa = "a"\nipa_latam = 3'), "'ipa_latam' must be text in IPA"),
        (('part_of_speech = "verb"', 'part_of_speech = "adverb"'), "'part_of_speech' must be"),
        (('part_of_speech = "verb"', 'part_of_speech = "noun"'),
         "'article' is required for a noun"),
        (('part_of_speech = "verb"', 'part_of_speech = "noun"\narticle = "el"'),
         "'gender' is required for a noun"),
        (('part_of_speech = "verb"', 'part_of_speech = "noun"\narticle = "il"\ngender = "m"'),
         "'article' must be one of el, la, los, las"),
        (('part_of_speech = "verb"', 'part_of_speech = "noun"\narticle = "el"\ngender = "n"'),
         "'gender' must be 'm' or 'f'"),
        (('part_of_speech = "verb"', 'part_of_speech = "verb"\narticle = "el"'),
         "'article' and 'gender' are for nouns and card names only"),
        (('part_of_speech = "verb"', 'part_of_speech = "name"'), "'gender' is required for a card"),
        (('regions = ["spain"]', 'regions = ["mars"]'), "'regions' must list some of everywhere"),
        (('regions = ["spain"]', "regions = []"), "'regions' must list some of"),
        (('pres-3s = "asiste"', 'future = "asistirá"'), "'inflections' has unknown label(s) 'fut"),
        (('pres-3s = "asiste"', 'pres-3s = ""'), "'inflections' must be a table of labels"),
        (('inflections = { pres-3s = "asiste", pret-3s = "asistió" }', ""),
         "'inflections' is required for a verb"),
        (('sentences = [{ es = "Asistió con el dos.", en = "He followed suit with the two." }]',
          'sentences = [{ es = "Asistió con el dos." }]'),
         "'sentences' must be a list of {es, en}"),
        (('sentences = [{ es = "Asistió con el dos.", en = "He followed suit with the two." }]',
          "sentences = []"), "'sentences' must be a list of {es, en}"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\ncards = ["1X"]'), "'cards': "),
        (('forms = ["asiste"]', 'forms = ["asiste"]\ncards = ["8O"]\npack = "italian"'),
         "'cards': '8O' is not a card of the italian pictures"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\npack = "tarot"'), "'pack' must be one of"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\nusage.en = "only English"'),
         "'usage' must have exactly 'en' and 'es'"),
        (('forms = ["asiste"]', 'forms = ["asiste"]\nipa_latam = "asisˈtiɾ"\n'), None),
    ],
)
def test_a_broken_file_is_named_in_a_clear_error(
    tmp_path: Path, change: tuple[str, str], message: str | None
) -> None:
    old, new = change
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    if message is None:  # a valid change
        assert glossary.load([path])
        return
    with pytest.raises(GlossaryError) as caught:
        glossary.load([path])
    assert str(path) in str(caught.value)
    assert message in str(caught.value)


def test_a_noun_and_a_card_name_load(tmp_path: Path) -> None:
    text = GOOD
    for old, new in NOUN:
        text = text.replace(old, new, 1)
    text = text.replace('forms = ["asiste"]', 'forms = ["asiste"]\ncards = ["10O", "10C"]')
    (term,) = glossary.load([write(tmp_path, text)])
    assert term.headword == "la asistir" and term.kind("en") == "feminine noun"
    assert term.card_pictures() == (("spanish", "10O", "spanish-48"),
                                    ("spanish", "10C", "spanish-48"))


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
    assert lines[0] == "arrastrar (Spanish, verb): to lead trumps"
    assert lines[1] == "pronunciation: /arasˈtɾaɾ/"
    assert lines[2] == "used in: the whole Spanish-speaking world"
    assert "arrastré (preterite, yo), arrastró (preterite, él/ella)" in " ".join(text.split())
    assert "in a sentence:" in lines
    assert "    «Ana arrastró con el tres de oros para sacar los triunfos.»" in lines
    assert "    Ana led the three of coins to draw out the trumps." in lines
    assert "forms: arrastras, arrastran, arrastramos, arrastrada" in text
    assert "games: Briscola (Italy), Brisca (Spain), Briscas (Puerto Rico)" in text
    assert "see also: arrastre, triunfo" in text
    assert "example:" in lines
    assert '    assert label_play([], parse_card("3O"), Suit.OROS) is PlayLabel.ARRASTRAR' in lines


def test_term_command_in_spanish() -> None:
    status, text = glossary.term_command("Pourrie", "es")
    assert status == 0
    assert text.splitlines()[0] == "pourri (francés, adjetivo): baza empatada, nula"
    assert "pronunciación: /puʁi/" in text and "dónde se usa: Francia" in text
    assert "flexión: pourrie (femenino), pourris (plural), pourries (femenino plural)" in text
    assert "juegos: Aluette (la vache)" in text
    assert "ejemplo en Python:" in text.splitlines()
    assert "Podrida" in text


def test_term_command_shows_the_article_the_ipa_and_the_sentence_in_spanish() -> None:
    status, text = glossary.term_command("sotas", "es")
    lines = text.splitlines()
    assert status == 0
    assert lines[:3] == ["la sota (español, sustantivo femenino): la figura del 10",
                         "pronunciación: /ˈsota/",
                         "dónde se usa: todo el mundo hispanohablante"]
    assert "    «La sota vale dos puntos.»" in lines
    assert "    (en inglés: The jack is worth two points.)" in lines
    assert "cartas: 10O (sota de oros), 10C (sota de copas)," in text
    status, text = glossary.term_command("baza", "en")
    assert text.splitlines()[:2] == ["la baza (Spanish, feminine noun): a trick",
                                     "pronunciation: /ˈbaθa/ (Latin America: /ˈbasa/)"]
    assert "    The jack" not in text and "    Ana wins the first trick" in text
    status, text = glossary.term_command("mano", "es")
    assert "el mano o la mano" in text


def test_term_command_for_a_future_game() -> None:
    status, text = glossary.term_command("capote", "es")
    assert status == 0 and "juegos: Tute" in text


def test_term_command_unknown_word() -> None:
    suggestion = "unknown term 'falar'; did you mean: fallar?"
    assert glossary.term_command("falar", "en") == (2, suggestion)
    status, line = glossary.term_command("arrastrado", "en")
    assert status == 0
    status, line = glossary.term_command("arrast", "es")
    assert status == 2 and line.startswith("término desconocido «arrast»; ¿quizá quisiste decir ")
    assert "arrastrar" in line and "\n" not in line
    assert glossary.term_command("zzzz", "en") == (2, "unknown term 'zzzz' (nothing close)")
    assert glossary.term_command("zzzz", "es") == (
        2, "término desconocido «zzzz» (no hay nada parecido)")
    # A language without a catalogue (nor glossary text) reads English.
    assert glossary.term_command("fallar", "it") == glossary.term_command("fallar", "en")


def test_the_cardrules_term_command(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import main

    assert main(["term", "arrastro", "--lang", "es"]) == 0
    out, err = capsys.readouterr()
    assert out == glossary.term_command("arrastro", "es")[1] + "\n" and not err
    assert main(["--lang", "en", "term", "Pourrie"]) == 0
    assert capsys.readouterr().out.startswith("pourri (French, adjective): spoiled (tied) trick\n")
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
    return hook_support.load_hook("glossary")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_generated_page_has_a_section_per_term(lang: str) -> None:
    hook = load_hook()
    page = hook.render(lang, ROOT / "docs" / lang)
    anchors = re.findall(r"^### .* \{#([a-z0-9-]+)\}$", page, re.MULTILINE)
    assert anchors == [t.id for t in TERMS]
    assert page.count("    ```python") == len(TERMS)
    assert "{#all-terms}" in page and "{#group-aluette}" in page
    for term in TERMS:
        assert hook._quiet_italics(term.definition[lang], term.lang) in page
        assert f"](#{term.id})" in page
    if (ROOT / "docs" / lang / "games" / "aluette.md").exists():
        assert "](games/aluette.md)" in page


def test_the_page_language_decides_the_words() -> None:
    hook = load_hook()
    english, spanish = hook.render("en"), hook.render("es")
    assert "**to trump** · *Spanish, verb* · <span class=\"cr-gloss__ipa\"" in english
    assert "nowrap\">/faˈʝaɾ/</span>" in english and "- **Games:**" in english
    assert "**echar triunfo a otro palo** · *español, verbo*" in spanish
    assert "- **Juegos:**" in spanish and "- **Dónde se usa:**" in spanish


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
    tips = glossary.tooltips("es")
    assert f'<abbr title="{html_title(tips["asistir"])}">asistir</abbr>' in html
    assert f'<abbr title="{html_title(tips["fallando"])}">fallando</abbr>' in html
    paragraphs = html.split("\n")
    assert paragraphs[0].count("<abbr") == 2  # mano is not a tooltip on Spanish pages
    assert all("<abbr" not in p for p in paragraphs[1:])
    assert '<em lang="es">asistir</em> sin ayuda' in html


def html_title(text: str) -> str:
    return html.escape(text, quote=True).replace("&#x27;", "'")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_glossary_page_shows_what_a_learner_needs(lang: str) -> None:
    page = load_hook().render(lang, ROOT / "docs" / lang)
    section = page[page.index("{#sota}"):page.index("{#la-vida}")]
    assert "### *la sota*" in page and "/ˈsota/" in section
    assert "*español, sustantivo femenino*" in section if lang == "es" else (
        "*Spanish, feminine noun*" in section)
    assert '> *«La sota vale dos puntos.»*{ .notip lang="es" }' in section
    label = "In English" if lang == "en" else "En inglés"  # the label, as in the lookup
    assert f'> {label}: *The jack is worth two points.*{{ .notip lang="en" }}' in section
    assert "![sota de oros](assets/cards/spanish/10O.svg)" in section if lang == "es" else (
        "![jack of coins](assets/cards/spanish/10O.svg)" in section)
    fallar = page[page.index("{#fallar}"):page.index("{#pisar}")]
    assert ("*fallé*{ .notip lang=\"es\" } (preterite, yo)" in fallar if lang == "en"
            else "*fallé*{ .notip lang=\"es\" } (pretérito, yo)" in fallar)
    carico = page[page.index("### *il carico*"):page.index("{#liscio}")]
    assert "](assets/cards/italian/1C.svg)" in carico and "### *il carico*" in carico
    assert page.count("> *«") == sum(len(t.sentences) for t in TERMS)
    assert "(aún no está en cardrules)" not in page.split("{#remate}")[1].split("###")[0]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lookup_data(lang: str) -> None:
    data = glossary.learner_data(lang)
    assert set(data) == {t.id for t in TERMS}
    assert json.loads(json.dumps(data)) == data
    sota = data["sota"]
    assert sota["headword"] == "la sota" and sota["ipa"] == "/ˈsota/"
    assert sota["sentences"] == [{"es": "La sota vale dos puntos.",
                                  "en": "The jack is worth two points."}]
    assert [c["src"] for c in sota["cards"]] == [f"spanish/10{s}.svg" for s in "OCEB"]
    fallar = data["fallar"]["inflections"]
    assert {"form": "fallé", "label": "preterite, yo" if lang == "en" else "pretérito, yo"} in (
        fallar)
    assert data["mano"]["usage"] and "*" not in json.dumps(data)
    with pytest.raises(ValueError, match="unknown page language"):
        glossary.learner_data("fr")


def test_the_hook_adds_the_lookup_data() -> None:
    hook = load_hook()

    class Files(list[object]):
        pass

    config = SimpleNamespace(site_dir="/tmp/site", use_directory_urls=True,
                             plugins=SimpleNamespace(_current_plugin=None))
    hook._state["lang"] = "es"
    files = hook.on_files(Files(), config)
    added, speech = files
    assert added.src_uri == "glossary/terms.json"
    assert json.loads(added.content_string) == glossary.learner_data("es")
    assert speech.src_uri == "assets/speech.js"  # the listen buttons' module
    assert Path(speech.abs_src_path) == ROOT / "docs" / "assets" / "speech.js"


# Hearing the words ------------------------------------------------------------------------------


def test_every_term_says_how_to_speak_it() -> None:
    """Language tags from the entry's language and regions: Castilian first where Spain uses
    the word, Puerto Rico's where only Puerto Rico does, then any Latin-American voice."""
    for term in TERMS:
        assert term.speech and all(t.split("-")[0] == term.lang for t in term.speech), term.id
        assert len(set(term.speech)) == len(term.speech)
        if term.lang == "es" and term.regions[0] in ("spain", "everywhere"):
            assert term.speech[0] == "es-ES", term.id
    assert glossary.get("carta-virada").speech == ("es-PR", "es-419")
    assert glossary.get("remate").speech == ("es-CL", "es-419")
    assert glossary.get("fante").speech == ("it-IT",)
    assert glossary.get("monsieur").speech == ("fr-FR",)
    assert glossary.get("sena").speech == ("es-ES", "es-419")  # used in France too: Spanish
    for lang in ("en", "es"):
        data = glossary.learner_data(lang)
        assert all(data[t.id]["speech"] == list(t.speech) for t in TERMS)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_glossary_entry_has_a_listen_button(lang: str) -> None:
    hook = load_hook()
    page = hook.render(lang, ROOT / "docs" / lang)
    for term in TERMS:
        section = page[page.index(f"{{#{term.id}}}"):].split("\n### ")[0]
        button = hook.listen_button(term.word, term.speech, lang)
        assert section.count('class="cr-listen"') == 1 and button in section, term.id
    name = "Listen: sota" if lang == "en" else "Escuchar: sota"
    assert (f'<button type="button" class="cr-listen" data-say="sota" '
            f'data-say-lang="es-ES es-419" aria-label="{name}" hidden></button>') in page
    assert 'data-say="deux d&#x27;écrit"' in page  # the word as an attribute, escaped


def tooltip_page(lang: str, source: str) -> str:
    """``source`` made into a page's content as the build does: tooltips, then buttons."""
    hook = load_hook()
    config = FakeConfig(extra={"lang": lang}, theme={"language": "en"},
                        markdown_extensions=["attr_list", "abbr"], mdx_configs={})
    hook.on_config(config)
    md = markdown.Markdown(
        extensions=["abbr", "attr_list", "fenced_code", hook.NoTooltipExtension()],
        extension_configs={"abbr": {"glossary": glossary.tooltips(lang)}},
    )
    content: str = hook.on_page_content(md.convert(source), None, config, None)
    return content


def test_a_listen_button_after_the_first_tooltip_of_each_term() -> None:
    content = tooltip_page("es", (
        "## Cómo asistir\n\n"
        "Ver [asistir](#x) antes.\n\n"
        "Si no puede asistir, fallando gana; luego vuelve a asistir y falla.\n\n"
        "```python\nasistir = 1\n```\n\n"
        "Y el fante.\n"))
    buttons = re.findall(r'</abbr><button type="button" class="cr-listen" data-say="([^"]+)" '
                         r'data-say-lang="([^"]+)" aria-label="([^"]+)" hidden></button>', content)
    assert buttons == [("asistir", "es-ES es-419", "Escuchar: asistir"),
                       ("fallando", "es-ES es-419", "Escuchar: fallando"),
                       ("fante", "it-IT", "Escuchar: fante")]
    heading, link = content.split("\n")[:2]
    assert "cr-listen" not in heading and "cr-listen" not in link  # never in a heading or link
    assert content.count("cr-listen") == 3  # once a term: 'falla' is fallar's again


def test_the_page_loads_the_speech_module_where_it_has_buttons() -> None:
    hook = load_hook()
    head = "<html><head><title>x</title></head><body>{}</body></html>"
    button = hook.listen_button("baza", ("es-ES",), "en")
    page = SimpleNamespace(url="games/brisca/")
    with_buttons = hook.on_post_page(head.format(button), page, None)
    assert '<script type="module" src="../../assets/speech.js"></script></head>' in with_buttons
    assert hook.on_post_page(head.format("plain"), page, None) == head.format("plain")
    widget = head.format(button + '<script type="application/json" id="cr-widget-config">{}'
                         "</script>")
    assert hook.on_post_page(widget, page, None) == widget  # the widget's modules import it


def test_the_two_glossary_sources_have_the_same_structure() -> None:
    english = (ROOT / "docs" / "en" / "glossary.md").read_text("utf-8")
    spanish = (ROOT / "docs" / "es" / "glossary.md").read_text("utf-8")

    def shape(text: str) -> tuple[list[str], list[str], int]:
        anchors = re.findall(r"^#+ .*\{#([a-z0-9-]+)\}\s*$", text, re.MULTILINE)
        fences = re.findall(r"^\s*```(\S*)", text, re.MULTILINE)
        return anchors, fences, text.count(load_hook().MARKER)

    assert shape(english) == shape(spanish)
    assert shape(english)[2] == 1


def test_the_corrections_of_the_review() -> None:
    """The glossary items the review of issue 21 corrected (see docs/*/sources.md)."""
    terms = {t.id: t for t in TERMS}
    assert all("g" not in t.ipa and "g" not in t.ipa_latam for t in TERMS)  # IPA ɡ, not g
    assert terms["figura"].ipa == "fiˈɡuɾa"
    for term in TERMS:  # the Puerto Rican pronunciation where only Puerto Rico uses the word
        if term.regions == ("puerto-rico",) and term.lang == "es":
            assert term.ipa_pr or (term.ipa_latam == "" and "s" not in term.ipa), term.id
        assert all(not s.es.startswith("««") for s in term.sentences)
    assert terms["brisca"].ipa_pr == "ˈbɾihka" and "spain" in terms["brisca"].regions
    assert "[ˈbɾihkah]" in (terms["brisca"].usage.en if terms["brisca"].usage else "")
    assert "spain" in terms["baceta"].regions
    assert "arrastro-en-bastos" not in terms
    assert "coger" not in terms["robar"].gloss.es and "tomar" in terms["robar"].gloss.es
    assert (terms["palos"].gloss.en, terms["bazas"].gloss.en) == ("a suit", "a trick")
    usage = terms["barajas-espanolas"].usage
    assert usage is not None and "*baraja* comes from the verb *barajar*" in usage.en
    contra = terms["contrafallar"]
    assert contra.usage is not None and "both used in Spain" in contra.usage.en
    # the overtrumping sense is in the usage note, not in the gloss, which a word exercise about
    # *pisar* could otherwise offer as a wrong answer that holds the right one
    assert contra.usage is not None and "overtrump" in contra.usage.en
    assert "overtrump" not in contra.gloss.en
    assert "pisar" not in contra.gloss.es and not same_sense(contra, terms["pisar"])
    capote = terms["capote"]
    assert capote.sentences[0].en.startswith("He took every trick from them")
    said = glossary.get("baceta").pronunciation("en")
    assert said.endswith("(Puerto Rico: [baˈseta ~ baˈsetah (bacetas)])")


def test_the_facts_of_the_third_review() -> None:
    """Issue 32: the verb *barajar* came first; the *briscas* are the aces and threes of the
    suits that are not trumps (aces and twos in Chile); *seña* is a Spanish word, not French."""
    terms = {t.id: t for t in TERMS}
    barajar = terms["barajar"].usage
    assert barajar is not None and "The verb came first" in barajar.en
    assert "El verbo es el primero" in barajar.es and "Viene de *la baraja*" not in barajar.es
    brisca = terms["brisca"]
    assert "not trumps" in brisca.definition.en and "no son el del triunfo" in brisca.definition.es
    assert "aces and twos" in brisca.definition.en and "Chile" in brisca.definition.es
    assert "not of trumps" in brisca.gloss.en
    assert tuple(terms["sena"].regions) == ("everywhere",)
