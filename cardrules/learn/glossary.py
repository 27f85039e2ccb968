"""The glossary: the Spanish, Italian and French words of the games, in English and Spanish.

The terms live in TOML files, one per group of terms, the package data of
``cardrules.glossary_data`` (``cardrules/glossary_data/*.toml``). They are read once, checked
(ids unique, every field present, languages and game ids known, every example valid Python) and
kept as frozen ``Term`` objects. The same data feeds the rulebook: its glossary pages, and the
tooltips that explain each term wherever a page uses it.

The glossary is written for learners too. Every term says what kind of word it is
(``part_of_speech``), with its article and gender when it is a noun (*la sota*, *el as*), how it
is pronounced (``ipa``, a broad transcription: Castilian and neutral Latin-American Spanish,
Italian or French), where it is used (``regions``), its labelled inflections (*fallé*:
preterite, *yo*), at least one Spanish sentence with its English translation (``sentences``), and
for card words the cards themselves (``cards``, drawn on the glossary pages).

Every ``PlayLabel`` is a term (``term_for_label``), and every term
carries a small example that runs against cardrules; the test suite runs them all.

Examples:
    >>> lookup("arrastró").id
    'arrastrar'
    >>> get("fallar").gloss.en
    'to trump'
    >>> tooltips("es")["pourrie"].split(" «")[0]
    'pourri /puʁi/: baza empatada, nula.'
"""

from __future__ import annotations

import difflib
import functools
import re
import textwrap
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from ..core.cards import parse_card
from ..core.errors import CardCodeError
from ..core.labels import PlayLabel
from ..core.packs import PACKS
from ..games import GAMES
from ..words import N_, SOURCE, Lang, Said, known, words

__all__ = [
    "ARTICLES",
    "CARD_STYLES",
    "GAME_IDS",
    "GENDERS",
    "INFLECTIONS",
    "MIN_TOOLTIP_LENGTH",
    "PAGE_LANGS",
    "PARTS_OF_SPEECH",
    "REGIONS",
    "SPEECH_TAGS",
    "TERM_LANGS",
    "GlossaryError",
    "Group",
    "Inflection",
    "Sentence",
    "Term",
    "Text",
    "game_title",
    "get",
    "groups",
    "language_name",
    "learner_data",
    "load",
    "lookup",
    "region_name",
    "search",
    "term_command",
    "term_for_label",
    "terms",
    "tooltips",
]

PAGE_LANGS: Final[tuple[str, ...]] = ("en", "es")
"""The languages the glossary's content is written in (glosses, definitions, usage notes); in
another language of the catalogue a term's content is shown in English, its labels in that
language."""


TERM_LANGS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "es": Said(N_("Spanish")),
    "it": Said(N_("Italian")),
    "fr": Said(N_("French")),
}
"""The languages the terms come from, and their names in each language of the catalogue
(``TERM_LANGS["it"]["es"]``: ``"italiano"``; see :func:`language_name`)."""

GAME_IDS: Final[tuple[str, ...]] = tuple(GAMES)
"""Every game id a term may name: the registered games."""

MIN_TOOLTIP_LENGTH: Final = 4
"""Shorter forms (``as``, ``re``, ``rey``, ``uno``) are never tooltips: they are everyday words."""

PARTS_OF_SPEECH: Final[dict[str, str]] = {
    "noun": N_("noun"),
    "verb": N_("verb"),
    "adjective": N_("adjective"),
    "phrase": N_("phrase"),
    "name": N_("card name"),
}
"""What kind of word a term is, in words (messages of the catalogue). Nouns need an article and
a gender; card names a gender."""

GENDERS: Final[dict[str, str]] = {
    "m": N_("masculine"),
    "f": N_("feminine"),
}
"""Grammatical genders (the noun's own: *el as*, *la sota*), in words."""

_KINDS: Final[dict[tuple[str, str], str]] = {
    ("noun", "m"): N_("masculine noun"),
    ("noun", "f"): N_("feminine noun"),
    ("name", "m"): N_("masculine card name"),
    ("name", "f"): N_("feminine card name"),
}
"""A gendered kind of word as one phrase (the gender goes before the noun in English, after it
in Spanish)."""

ARTICLES: Final[dict[str, tuple[str, ...]]] = {
    "es": ("el", "la", "los", "las"),
    "it": ("il", "lo", "la", "l'", "i", "gli", "le"),
    "fr": ("le", "la", "l'", "les"),
}
"""The definite articles a noun may take, by the term's language."""

REGIONS: Final[Mapping[str, Mapping[Lang, str]]] = {
    "everywhere": Said(N_("the whole Spanish-speaking world")),
    "spain": Said(N_("Spain")),
    "puerto-rico": Said(N_("Puerto Rico")),
    "chile": Said(N_("Chile")),
    "argentina": Said(N_("Argentina")),
    "mexico": Said(N_("Mexico")),
    "latin-america": Said(N_("Latin America")),
    "italy": Said(N_("Italy")),
    "france": Said(N_("France")),
}
"""Where a term is used, by id, named in each language of the catalogue
(``REGIONS["spain"]["es"]``: ``"España"``; see :func:`region_name`)."""

INFLECTIONS: Final[dict[str, tuple[str, str]]] = {
    "pres-1s": (N_("present, {person}"), "1s"),
    "pres-2s": (N_("present, {person}"), "2s"),
    "pres-3s": (N_("present, {person}"), "3s"),
    "pres-1p": (N_("present, {person}"), "1p"),
    "pres-3p": (N_("present, {person}"), "3p"),
    "pret-1s": (N_("preterite, {person}"), "1s"),
    "pret-3s": (N_("preterite, {person}"), "3s"),
    "subj-3s": (N_("present subjunctive, {person}"), "3s"),
    "imp-2s": (N_("imperative, {person}"), "2s"),
    "ger": (N_("gerund"), ""),
    "part": (N_("past participle"), ""),
    "pl": (N_("plural"), ""),
    "fem": (N_("feminine"), ""),
    "fem-pl": (N_("feminine plural"), ""),
}
"""The labels of inflected forms (messages of the catalogue), and the grammatical person each
names (``{person}``: the pronoun of the term's own language, from ``_PRONOUNS``: *yo*, *io*,
*je*...)."""

SPEECH_TAGS: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "es": {
        "everywhere": ("es-ES", "es-419"),
        "spain": ("es-ES",),
        "puerto-rico": ("es-PR", "es-419"),
        "chile": ("es-CL", "es-419"),
        "argentina": ("es-AR", "es-419"),
        "mexico": ("es-MX", "es-419"),
        "latin-america": ("es-419",),
    },
    "it": {"italy": ("it-IT",)},
    "fr": {"france": ("fr-FR",)},
}
"""The language tags (BCP 47) a term is spoken in, by the term's language and the regions where
it is used: the page's listen buttons ask the browser for a voice of the first tag it has
(``es-419`` is any Latin-American Spanish). A region not listed for the language adds nothing
(a Spanish word used in France is still spoken in Spanish); see :attr:`Term.speech`."""

_SPEECH_DEFAULT: Final[Mapping[str, str]] = {"es": "es-ES", "it": "it-IT", "fr": "fr-FR"}

_PRONOUNS: Final[dict[str, dict[str, str]]] = {
    "es": {"1s": "yo", "2s": "tú", "3s": "él/ella", "1p": "nosotros", "3p": "ellos/ellas"},
    "it": {"1s": "io", "2s": "tu", "3s": "lui/lei", "1p": "noi", "3p": "loro"},
    "fr": {"1s": "je", "2s": "tu", "3s": "il/elle", "1p": "nous", "3p": "ils/elles"},
}
"""The personal pronouns of each term language, which name a verb form's person: they are
words of the term's language, the same whatever the reader's language (data, not messages)."""

CARD_STYLES: Final[dict[str, str]] = {
    "spanish": "spanish-48",
    "italian": "italian-40",
    "french": "french-48",
}
"""The card pictures a term may show (``assets/cards/<style>/<code>.svg`` on the site), and the
pack whose cards each style draws."""

_FIELDS: Final = (
    "id", "word", "lang", "forms", "gloss", "definition", "games", "example",
    "part_of_speech", "ipa", "regions", "sentences",
)  # fmt: skip
_OPTIONAL: Final = (
    "tooltip", "quiet", "see", "article", "gender", "ipa_latam", "ipa_pr", "inflections", "cards",
    "pack",
    "usage",
)  # fmt: skip
_ID: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_ARTICLES: Final = ("el ", "la ", "los ", "las ", "le ", "les ", "il ", "lo ", "un ", "una ")
_DATA_PACKAGE: Final = "cardrules.glossary_data"


class GlossaryError(ValueError):
    """A glossary data file that is malformed; the message names the file and the term."""


@dataclass(frozen=True)
class Text:
    """A short text in both page languages."""

    en: str
    """The English text."""
    es: str
    """The Spanish text."""

    def __getitem__(self, lang: str) -> str:
        """The text in ``lang`` (``"en"`` or ``"es"``).

        Raises:
            KeyError: ``lang`` is not a page language.
        """
        if lang == "en":
            return self.en
        if lang == "es":
            return self.es
        raise KeyError(lang)

    def said(self, lang: str) -> str:
        """The text in ``lang``, or in English when the glossary is not written in ``lang``.

        Examples:
            >>> Text("jack", "sota").said("es"), Text("jack", "sota").said("fr")
            ('sota', 'jack')
        """
        return self[lang] if lang in PAGE_LANGS else self.en


@dataclass(frozen=True)
class Sentence:
    """An example sentence in Spanish, with its English translation."""

    es: str
    """The sentence in Spanish."""
    en: str
    """Its English translation."""


@dataclass(frozen=True)
class Inflection:
    """An inflected form and what it is (``fallé``: preterite, *yo*)."""

    form: str
    """The form as written."""
    code: str
    """Its label's key in ``INFLECTIONS`` (``"pret-1s"``)."""

    def label(self, lang: str, term_lang: str = "es") -> str:
        """The label in the reader's language ``lang``, with the pronouns of ``term_lang``.

        Examples:
            >>> Inflection("fallé", "pret-1s").label("en")
            'preterite, yo'
            >>> Inflection("chiama", "pres-3s").label("es", "it")
            'presente, lui/lei'
        """
        message, person = INFLECTIONS[self.code]
        if not person:
            return words(lang)._(message)
        return words(lang)._(message, person=_PRONOUNS[term_lang][person])


@dataclass(frozen=True)
class Group:
    """A group of terms: one data file (the Spanish pack and play, Tute, Italian, Aluette)."""

    id: str
    """The group's identifier (also the anchor of its section on the glossary pages)."""
    order: int
    """Where the group comes on the glossary pages."""
    title: Text
    """The section title."""


@dataclass(frozen=True)
class Term:
    """One glossary term."""

    id: str
    """ASCII identifier: the anchor on the glossary pages (``glossary/#asistir``)."""
    word: str
    """The term as written, accents included (``"deux d'écrit"``)."""
    lang: str
    """The term's own language: ``"es"``, ``"it"`` or ``"fr"``."""
    forms: tuple[str, ...]
    """Other surface forms: inflections, plurals, variants (``"arrastró"``, ``"bazas"``)."""
    gloss: Text
    """A few words: the tooltip text."""
    definition: Text
    """One or two sentences."""
    games: tuple[str, ...]
    """The games the term belongs to (ids from ``GAME_IDS``)."""
    example: str
    """A Python snippet that shows the term with cardrules and asserts something about it."""
    group: str
    """The id of the term's ``Group``."""
    tooltip: tuple[str, ...] = PAGE_LANGS
    """The page languages where the term's forms become tooltips."""
    quiet: tuple[str, ...] = ()
    """Forms that lookups find but that never become tooltips (``"piso"``, ``"monto"``)."""
    see: tuple[str, ...] = ()
    """Ids of related terms."""
    source: str = ""
    """The data file the term comes from."""
    part_of_speech: str = "noun"
    """What kind of word it is: a key of ``PARTS_OF_SPEECH``."""
    article: str = ""
    """The definite article of a noun (``"la"`` for *sota*); empty for other words."""
    gender: str = ""
    """A noun's or card name's gender, ``"m"`` or ``"f"``; empty for other words."""
    ipa: str = ""
    """The pronunciation in IPA, without slashes: Castilian Spanish (neutral Latin-American where
    it is the same), Italian or French."""
    ipa_latam: str = ""
    """The Latin-American pronunciation where it differs (*seseo*: ``baceta`` /baˈseta/)."""
    ipa_pr: str = ""
    """The Puerto Rican pronunciation, for a term used in Puerto Rico, where it differs from the
    Latin-American one (a final or pre-consonant /s/ aspirated or dropped: *briscas*
    [ˈbɾihkah]); a phonetic transcription, shown in brackets."""
    regions: tuple[str, ...] = ()
    """Where the term is used: keys of ``REGIONS``."""
    inflections: tuple[Inflection, ...] = ()
    """Labelled inflected forms (all verbs have some); each is also one of ``forms``."""
    sentences: tuple[Sentence, ...] = ()
    """Example sentences, in Spanish with their English translation (at least one)."""
    cards: tuple[str, ...] = ()
    """Codes of the cards the word names (``("10O", "10C", "10E", "10B")`` for *sota*)."""
    pack: str = "spanish"
    """The style of those cards' pictures: a key of ``CARD_STYLES``."""
    usage: Text | None = None
    """A note on usage: senses that differ by region or game, *el mano* and *la mano*..."""

    @property
    def names(self) -> tuple[str, ...]:
        """The word and all its forms."""
        return (self.word, *self.forms)

    @property
    def headword(self) -> str:
        """The word with its article when it is a noun: ``"la sota"``, ``"el as"``, ``"l'asta"``.

        Examples:
            >>> get("sota").headword, get("asta").headword, get("fallar").headword
            ('la sota', "l'asta", 'fallar')
        """
        if not self.article or _fold(self.word).startswith(_fold(self.article) + " "):
            return self.word
        if self.article.endswith("'"):
            return self.article + self.word
        return f"{self.article} {self.word}"

    def kind(self, lang: str = "en") -> str:
        """What kind of word it is, in ``lang``: ``"feminine noun"``, ``"sustantivo femenino"``,
        ``"verb"``...

        Examples:
            >>> get("sota").kind("en"), get("as").kind("es"), get("fallar").kind("es")
            ('feminine noun', 'sustantivo masculino', 'verbo')
        """
        kind = _KINDS.get((self.part_of_speech, self.gender), PARTS_OF_SPEECH[self.part_of_speech])
        return words(lang)._(kind)

    def pronunciation(self, lang: str = "en") -> str:
        """The IPA between slashes, with the Latin-American form where it differs.

        Examples:
            >>> get("baceta").pronunciation("en")
            '/baˈθeta/ (Latin America: /baˈseta/) (Puerto Rico: [baˈseta ~ baˈsetah (bacetas)])'
        """
        text = f"/{self.ipa}/"
        if self.ipa_latam:
            text += f" ({region_name('latin-america', lang)}: /{self.ipa_latam}/)"
        if self.ipa_pr:
            text += f" ({region_name('puerto-rico', lang)}: [{self.ipa_pr}])"
        return text

    @property
    def speech(self) -> tuple[str, ...]:
        """The language tags to speak the term in, the likeliest voice first: its language and
        the regions where it is used (``SPEECH_TAGS``).

        Examples:
            >>> get("sota").speech, get("carta-virada").speech, get("fante").speech
            (('es-ES', 'es-419'), ('es-PR', 'es-419'), ('it-IT',))
        """
        tags: list[str] = []
        by_region = SPEECH_TAGS.get(self.lang, {})
        for region in self.regions:
            tags.extend(t for t in by_region.get(region, ()) if t not in tags)
        if not tags:
            tags.append(_SPEECH_DEFAULT.get(self.lang, self.lang))
        return tuple(tags)

    def places(self, lang: str = "en") -> str:
        """Where the term is used, in ``lang``: ``"Spain, Puerto Rico"``."""
        return ", ".join(region_name(r, lang) for r in self.regions)

    def card_pictures(self) -> tuple[tuple[str, str, str], ...]:
        """The pictures of the term's cards: ``(style, code, pack id)`` each, the picture being
        ``assets/cards/<style>/<code>.svg`` on the rulebook site."""
        return tuple((self.pack, code, CARD_STYLES[self.pack]) for code in self.cards)

    def tooltip_text(self, lang: str) -> str:
        """What a tooltip of the term says in ``lang``: the word with its article, the IPA, the
        gloss and the first example sentence (translated on English pages).

        Examples:
            >>> print(get("sota").tooltip_text("en"))
            la sota /ˈsota/: jack (the 10). «La sota vale dos puntos.» The jack is worth two points.
        """
        sentence = self.sentences[0] if self.sentences else None
        gloss = self.gloss.said(lang)
        text = f"{self.headword} /{self.ipa}/: {gloss}{'' if gloss[-1] in '.!?' else '.'}"
        if sentence is not None:
            text += f" «{sentence.es}»"
            if known(lang) == SOURCE:
                text += f" {sentence.en}"
        return _plain(text)

    def describe(self, lang: str = "en") -> str:
        """The term as plain text in ``lang``: the word with its article, language and kind, its
        gloss, pronunciation, where it is used, inflections, definition, usage note, example
        sentences (Spanish, then English), forms, cards, games, related terms and the Python
        example.

        Args:
            lang: the reader's language (any of the catalogue's; the glossary's content is
                English in a language it is not written in).

        Returns:
            Several lines of text, without a final newline.
        """
        lang = known(lang)
        w = words(lang)
        lines = [
            f"{self.headword} ({language_name(self.lang, lang)}, {self.kind(lang)}): "
            f"{_plain(self.gloss.said(lang))}",
            w._("pronunciation: {ipa}", ipa=self.pronunciation(lang)),
            w._("used in: {places}", places=self.places(lang)),
        ]
        if self.inflections:
            listed = ", ".join(f"{i.form} ({i.label(lang, self.lang)})" for i in self.inflections)
            lines += textwrap.wrap(w._("inflections: {forms}", forms=listed), 78,
                                   subsequent_indent="    ")
        lines += ["", *textwrap.wrap(_plain(self.definition.said(lang)), 78)]
        if self.usage is not None:
            lines += ["", *textwrap.wrap(_plain(self.usage.said(lang)), 78)]
        lines += ["", w._("in a sentence:")]
        for sentence in self.sentences:
            lines += textwrap.wrap(f"«{sentence.es}»", 78, initial_indent="    ",
                                   subsequent_indent="    ")
            english = sentence.en if lang == SOURCE else w._("(in English: {sentence})",
                                                            sentence=sentence.en)
            lines += textwrap.wrap(english, 78, initial_indent="    ", subsequent_indent="    ")
        lines.append("")
        others = self.other_forms()
        if others:
            lines.append(w._("forms: {forms}", forms=", ".join(others)))
        if self.cards:
            pack = PACKS[CARD_STYLES[self.pack]]
            named = ", ".join(f"{c} ({pack.card_name(parse_card(c), lang)})" for c in self.cards)
            lines += textwrap.wrap(w._("cards: {cards}", cards=named), 78,
                                   subsequent_indent="    ")
        games = ", ".join(game_title(g, lang) for g in self.games)
        lines += textwrap.wrap(w._("games: {games}", games=games), 78, subsequent_indent="    ")
        if self.see:
            related = ", ".join(get(i).word for i in self.see)
            lines.append(w._("see also: {terms}", terms=related))
        lines += ["", w.p_("the Python example of a glossary term", "example:")]
        lines += [f"    {line}" if line else "" for line in self.example.strip("\n").splitlines()]
        return "\n".join(lines)

    def other_forms(self) -> tuple[str, ...]:
        """The forms that are not labelled inflections (variants, plurals, phrases)."""
        inflected = {i.form for i in self.inflections}
        return tuple(f for f in self.forms if f not in inflected)


def _plain(text: str) -> str:
    """Text without its Markdown emphasis (``*arrastro*``)."""
    return text.replace("*", "")


def language_name(term_lang: str, lang: str = "en") -> str:
    """The name of a term language (``"it"``) in the reader's language ``lang``.

    Examples:
        >>> language_name("it", "es"), language_name("fr")
        ('italiano', 'French')
    """
    return TERM_LANGS[term_lang][known(lang)]


def region_name(region: str, lang: str = "en") -> str:
    """The name of a region id (a key of ``REGIONS``) in the reader's language ``lang``.

    Examples:
        >>> region_name("latin-america", "es"), region_name("mexico")
        ('Hispanoamérica', 'Mexico')
    """
    return REGIONS[region][known(lang)]


def game_title(game: str, lang: str = "en") -> str:
    """The name of a game id in ``lang``.

    Args:
        game: a game id from ``GAME_IDS``.
        lang: the reader's language.

    Returns:
        The title, or the id itself when the game is unknown.

    Examples:
        >>> game_title("brisca", "es"), game_title("tute")
        ('Brisca (España)', 'Tute (Spain)')
    """
    rules = GAMES.get(game)
    if rules is None:
        return game
    return rules.title.get(lang) or rules.title.get(SOURCE) or game


# Loading and checking ---------------------------------------------------------------------------


def _fail(source: str, term: str | None, message: str) -> GlossaryError:
    where = f"{source}, term {term!r}" if term else source
    return GlossaryError(f"glossary data {where}: {message}")


def _strings(value: Any, source: str, term: str, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail(source, term, f"{field!r} must be a list of non-empty strings")
    return tuple(value)


def _text(value: Any, source: str, term: str | None, field: str) -> Text:
    if not isinstance(value, dict) or set(value) != set(PAGE_LANGS) or not all(
        isinstance(v, str) and v.strip() for v in value.values()
    ):
        raise _fail(source, term, f"{field!r} must have exactly 'en' and 'es', both non-empty text")
    return Text(en=value["en"].strip(), es=value["es"].strip())


def _term(raw: Any, group: str, source: str, position: int) -> Term:
    if not isinstance(raw, dict):
        raise _fail(source, f"#{position}", "each [[term]] must be a table")
    name = raw.get("id") if isinstance(raw.get("id"), str) else f"#{position}"
    missing = [f for f in _FIELDS if f not in raw]
    if missing:
        raise _fail(source, name, f"missing field(s) {', '.join(repr(f) for f in missing)}")
    unknown = sorted(set(raw) - set(_FIELDS) - set(_OPTIONAL))
    if unknown:
        raise _fail(source, name, f"unknown field(s) {', '.join(repr(f) for f in unknown)}")
    term_id = raw["id"]
    if not isinstance(term_id, str) or not _ID.fullmatch(term_id):
        raise _fail(source, name, "'id' must be lowercase ASCII words joined by '-'")
    for field in ("word", "example"):
        if not isinstance(raw[field], str) or not raw[field].strip():
            raise _fail(source, term_id, f"{field!r} must be non-empty text")
    if raw["lang"] not in TERM_LANGS:
        raise _fail(
            source, term_id, f"unknown language {raw['lang']!r}; use one of {', '.join(TERM_LANGS)}"
        )
    forms = _strings(raw["forms"], source, term_id, "forms")
    games = _strings(raw["games"], source, term_id, "games")
    if not games:
        raise _fail(source, term_id, "'games' must name at least one game")
    for game in games:
        if game not in GAME_IDS:
            raise _fail(
                source, term_id, f"unknown game {game!r}; the games are: {', '.join(GAME_IDS)}"
            )
    tooltip: tuple[str, ...]
    raw_tooltip = raw.get("tooltip", True)
    if raw_tooltip is True or raw_tooltip is False:
        tooltip = PAGE_LANGS if raw_tooltip else ()
    else:
        tooltip = _strings(raw_tooltip, source, term_id, "tooltip")
        if not set(tooltip) <= set(PAGE_LANGS):
            raise _fail(source, term_id, "'tooltip' is true, false, or a list of 'en'/'es'")
    names = (raw["word"], *forms)
    example = textwrap.dedent(raw["example"]).strip("\n") + "\n"
    try:
        compile(example, f"<glossary example {term_id}>", "exec")
    except SyntaxError as error:
        raise _fail(source, term_id, f"the example is not valid Python: {error}") from None
    learner = _learner(raw, raw["lang"], source, term_id)
    inflected = [i.form for i in learner["inflections"] if i.form not in names]
    all_forms = (*forms, *dict.fromkeys(inflected))
    quiet = _strings(raw.get("quiet", []), source, term_id, "quiet")
    strays = [q for q in quiet if q not in (raw["word"], *all_forms)]
    if strays:
        raise _fail(source, term_id, f"'quiet' lists {strays!r}, which are not forms of the term")
    return Term(
        id=term_id,
        word=raw["word"].strip(),
        lang=raw["lang"],
        forms=all_forms,
        gloss=_text(raw["gloss"], source, term_id, "gloss"),
        definition=_text(raw["definition"], source, term_id, "definition"),
        games=games,
        example=example,
        group=group,
        tooltip=tooltip,
        quiet=quiet,
        see=_strings(raw.get("see", []), source, term_id, "see"),
        source=source,
        **learner,
    )


def _learner(raw: Mapping[str, Any], lang: str, source: str, term: str) -> dict[str, Any]:
    """The learner's fields of a term, checked: part of speech, article and gender, IPA,
    regions, inflections, sentences, cards and usage note."""
    pos = raw["part_of_speech"]
    if pos not in PARTS_OF_SPEECH:
        raise _fail(source, term, f"'part_of_speech' must be one of {', '.join(PARTS_OF_SPEECH)}")
    article = raw.get("article", "")
    gender = raw.get("gender", "")
    if pos == "noun" and not article:
        raise _fail(source, term, "'article' is required for a noun")
    if pos in ("noun", "name") and not gender:
        raise _fail(source, term, f"'gender' is required for a {PARTS_OF_SPEECH[pos]}")
    if pos not in ("noun", "name") and (article or gender):
        raise _fail(source, term, "'article' and 'gender' are for nouns and card names only")
    if article and article not in ARTICLES[lang]:
        raise _fail(
            source, term, f"'article' must be one of {', '.join(ARTICLES[lang])} for this language"
        )
    if gender and gender not in GENDERS:
        raise _fail(source, term, "'gender' must be 'm' or 'f'")
    ipa = {}
    for field in ("ipa", "ipa_latam", "ipa_pr"):
        value = raw.get(field, "")
        if field == "ipa" and not value:
            raise _fail(source, term, "'ipa' must be non-empty text")
        if not isinstance(value, str) or value != value.strip() or value[:1] in ("/", "["):
            raise _fail(source, term, f"{field!r} must be text in IPA, without slashes or brackets")
        ipa[field] = value
    if ipa["ipa_latam"] and lang != "es":
        raise _fail(source, term, "'ipa_latam' is for Spanish terms only")
    if ipa["ipa_pr"] and (lang != "es" or "puerto-rico" not in raw.get("regions", ())):
        raise _fail(source, term, "'ipa_pr' is for Spanish terms used in Puerto Rico only")
    regions = _strings(raw["regions"], source, term, "regions")
    unknown = [r for r in regions if r not in REGIONS]
    if not regions or unknown:
        raise _fail(source, term, f"'regions' must list some of {', '.join(REGIONS)}")
    raw_inflections = raw.get("inflections", {})
    if not isinstance(raw_inflections, dict) or not all(
        isinstance(v, str) and v.strip() for v in raw_inflections.values()
    ):
        raise _fail(source, term, "'inflections' must be a table of labels and non-empty forms")
    unknown = [k for k in raw_inflections if k not in INFLECTIONS]
    if unknown:
        raise _fail(
            source, term, f"'inflections' has unknown label(s) {', '.join(map(repr, unknown))}"
        )
    if pos == "verb" and not raw_inflections:
        raise _fail(source, term, "'inflections' is required for a verb")
    raw_sentences = raw["sentences"]
    if not isinstance(raw_sentences, list) or not raw_sentences or not all(
        isinstance(v, dict) and set(v) == {"es", "en"}
        and all(isinstance(t, str) and t.strip() for t in v.values())
        for v in raw_sentences
    ):
        raise _fail(
            source, term, "'sentences' must be a list of {es, en} tables, both non-empty text"
        )
    pack = raw.get("pack", "spanish")
    if pack not in CARD_STYLES:
        raise _fail(source, term, f"'pack' must be one of {', '.join(CARD_STYLES)}")
    cards = _strings(raw.get("cards", []), source, term, "cards")
    for code in cards:
        try:
            card = parse_card(code)
        except CardCodeError as error:
            raise _fail(source, term, f"'cards': {error}") from None
        if str(card) != code or card not in PACKS[CARD_STYLES[pack]].cards:
            raise _fail(source, term, f"'cards': {code!r} is not a card of the {pack} pictures")
    usage = raw.get("usage")
    return {
        "part_of_speech": pos,
        "article": article,
        "gender": gender,
        "ipa": ipa["ipa"],
        "ipa_latam": ipa["ipa_latam"],
        "ipa_pr": ipa["ipa_pr"],
        "regions": regions,
        "inflections": tuple(Inflection(v.strip(), k) for k, v in raw_inflections.items()),
        "sentences": tuple(Sentence(es=v["es"].strip(), en=v["en"].strip()) for v in raw_sentences),
        "cards": cards,
        "pack": pack,
        "usage": None if usage is None else _text(usage, source, term, "usage"),
    }


def _read(file: Traversable | Path, source: str) -> tuple[Group, list[Term]]:
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise _fail(source, None, f"not valid TOML: {error}") from None
    unknown = sorted(set(data) - {"group", "term"})
    if unknown:
        raise _fail(source, None, f"unknown top-level key(s) {unknown!r}: use [group] and [[term]]")
    raw_group = data.get("group")
    if not isinstance(raw_group, dict) or not isinstance(raw_group.get("id"), str):
        raise _fail(source, None, "a [group] table with an 'id' is required")
    order = raw_group.get("order", 0)
    if not isinstance(order, int):
        raise _fail(source, None, "the group's 'order' must be a whole number")
    group = Group(raw_group["id"], order, _text(raw_group.get("title"), source, None, "title"))
    raw_terms = data.get("term")
    if not isinstance(raw_terms, list) or not raw_terms:
        raise _fail(source, None, "no [[term]] tables")
    return group, [_term(raw, group.id, source, i + 1) for i, raw in enumerate(raw_terms)]


def _fold(text: str, accents: bool = False) -> str:
    """Lowercase, without punctuation around words, hyphens or apostrophes, and without accents
    unless ``accents``."""
    plain = unicodedata.normalize("NFKD", text)
    if not accents:
        plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    plain = re.sub(r"['’‘`´]", "", plain.casefold())
    plain = re.sub(r"[-_¡!¿?«»\"“”.,;:()]", " ", plain)
    return unicodedata.normalize("NFC", " ".join(plain.split()))


def _keys(name: str, accents: bool = False) -> list[str]:
    """Lookup keys of a name: folded, and folded without a leading article."""
    folded = _fold(name, accents)
    keys = [folded]
    for article in _ARTICLES:
        if folded.startswith(article) and len(folded) > len(article):
            keys.append(folded[len(article):])
            break
    return keys


@dataclass(frozen=True)
class _Glossary:
    groups: tuple[Group, ...]
    terms: tuple[Term, ...]
    by_id: Mapping[str, Term]
    exact: Mapping[str, Term]
    """Names as spelt (case and punctuation aside)."""
    plain: Mapping[str, Term]
    """Names without accents."""


def _build(files: Iterable[tuple[Traversable | Path, str]]) -> _Glossary:
    groups: list[Group] = []
    found: list[Term] = []
    for file, source in files:
        group, file_terms = _read(file, source)
        if any(g.id == group.id for g in groups):
            raise _fail(source, None, f"the group id {group.id!r} is used by another file")
        groups.append(group)
        found += file_terms
    if not found:
        raise GlossaryError("glossary data: no data files found")
    by_id: dict[str, Term] = {}
    for term in found:
        other = by_id.get(term.id)
        if other is not None:
            raise _fail(term.source, term.id, f"the id is used twice (also in {other.source})")
        by_id[term.id] = term
    # Two indexes: exact spellings (case and punctuation aside) must name one term; without
    # accents, a headword wins over another term's form ("arrastre" the noun over "arrastré").
    exact: dict[str, Term] = {}
    plain: dict[str, Term] = {}
    for term in found:
        for name in (*term.names, term.id):
            for key in _keys(name, accents=True):
                other = exact.setdefault(key, term)
                if other is not term:
                    raise _fail(
                        term.source,
                        term.id,
                        f"the form {name!r} is also a form of {other.id!r} ({other.source})",
                    )
        for ref in term.see:
            if ref not in by_id or ref == term.id:
                raise _fail(term.source, term.id, f"'see' names {ref!r}, which is no other term")
    for term in found:
        for key in _keys(term.word):
            other = plain.setdefault(key, term)
            if other is not term:
                raise _fail(
                    term.source, term.id, f"without accents the word is {other.id!r}'s word too"
                )
    for term in found:
        for name in (*term.forms, term.id):
            for key in _keys(name):
                plain.setdefault(key, term)
    groups.sort(key=lambda g: g.order)
    rank = {g.id: i for i, g in enumerate(groups)}
    ordered = tuple(sorted(found, key=lambda t: rank[t.group]))  # stable within each file
    return _Glossary(tuple(groups), ordered, by_id, exact, plain)


def load(paths: Iterable[str | Path]) -> tuple[Term, ...]:
    """Read and check glossary data files (for tools and tests; the package uses its own data).

    Args:
        paths: TOML files, each with a ``[group]`` table and ``[[term]]`` tables.

    Returns:
        The terms, group by group.

    Raises:
        GlossaryError: a file is malformed; the message names the file and the term.
    """
    return _build((Path(p), str(p)) for p in paths).terms


def _data_files() -> list[tuple[Traversable | Path, str]]:
    root = resources.files(_DATA_PACKAGE)
    files = sorted((f for f in root.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    return [(f, f"cardrules/glossary_data/{f.name}") for f in files]


@functools.cache
def _glossary() -> _Glossary:
    built = _build(_data_files())
    for label in PlayLabel:
        if label.value not in built.by_id:
            raise GlossaryError(f"glossary data: the play label {label.value!r} has no term")
    return built


# The public API ---------------------------------------------------------------------------------


def terms() -> tuple[Term, ...]:
    """Every term, group by group (read from the package data once, then cached).

    Raises:
        GlossaryError: the shipped data is malformed (a packaging mistake).

    Examples:
        >>> len(terms()) >= 40
        True
    """
    return _glossary().terms


def groups() -> tuple[Group, ...]:
    """The groups of terms, in page order."""
    return _glossary().groups


def get(term_id: str) -> Term:
    """The term with this id.

    Args:
        term_id: a term id such as ``"asistir"`` or ``"deux-decrit"``.

    Returns:
        The term.

    Raises:
        KeyError: no term has this id.

    Examples:
        >>> get("deux-decrit").word
        "deux d'écrit"
    """
    try:
        return _glossary().by_id[term_id]
    except KeyError:
        raise KeyError(f"no glossary term with id {term_id!r}") from None


def lookup(text: str, lang: str | None = None) -> Term | None:
    """The term that ``text`` names: its word, any of its forms, or its id.

    Case, accents, hyphens, apostrophes, surrounding punctuation and a leading article are
    ignored, so ``"Arrastró"``, ``"¡arrastro en bastos!"`` and ``"la pourrie"`` all match.

    Args:
        text: the word or phrase to look up.
        lang: only terms from this language (``"es"``, ``"it"`` or ``"fr"``); ``None`` for any.

    Returns:
        The term, or ``None``.

    Raises:
        ValueError: ``lang`` is not a term language.

    Examples:
        >>> lookup("Fallo").id, lookup("pourrie").id, lookup("el uno").id
        ('fallar', 'pourri', 'as')
        >>> lookup("re", lang="es") is None
        True
    """
    if lang is not None and lang not in TERM_LANGS:
        raise ValueError(f"unknown term language {lang!r}; use one of {', '.join(TERM_LANGS)}")
    glossary = _glossary()
    for index, accents in ((glossary.exact, True), (glossary.plain, False)):
        for key in _keys(text, accents):
            term = index.get(key)
            if term is not None and (lang is None or term.lang == lang):
                return term
    return None


def search(text: str, lang: str | None = None) -> tuple[Term, ...]:
    """Terms that match ``text`` partly, best first (for a search box).

    Exact names come first, then names that start with the text, names that contain it, and
    last the terms whose gloss or definition mentions it. Matching ignores case and accents.

    Args:
        text: what was typed; an empty text finds nothing.
        lang: the page language whose glosses and definitions are searched (``"en"`` or
            ``"es"``); ``None`` searches both.

    Returns:
        The matching terms, each once.

    Examples:
        >>> [t.id for t in search("arrastr")][:3]
        ['arrastrar', 'arrastre', 'monte']
        >>> search("overtrump", "en")[0].id
        'pisar'
    """
    query = _fold(text)
    if not query:
        return ()
    langs = PAGE_LANGS if lang is None else (lang,)
    ranked: list[tuple[int, int, Term]] = []
    for position, term in enumerate(terms()):
        names = [_fold(n) for n in term.names]
        if query in names:
            rank = 0
        elif any(n.startswith(query) for n in names):
            rank = 1
        elif any(query in n for n in names):
            rank = 2
        elif any(query in _fold(term.gloss[g]) for g in langs):
            rank = 3
        elif any(query in _fold(term.definition[g]) for g in langs):
            rank = 4
        else:
            continue
        ranked.append((rank, position, term))
    return tuple(term for _, _, term in sorted(ranked, key=lambda r: (r[0], r[1])))


def _surface(name: str) -> str:
    return name.strip("¡!¿? ")


def tooltips(lang: str) -> dict[str, str]:
    """Surface forms and their tooltips in ``lang``, for the ``abbr`` Markdown extension.

    A tooltip (``Term.tooltip_text``) gives the word with its article, its pronunciation, the
    gloss and an example sentence (with its translation on the English pages).

    To keep pages readable, not every form becomes a tooltip:

    * only terms whose ``tooltip`` includes ``lang`` (ordinary Spanish words such as *oros*,
      *rey*, *baza* or *mano* are left alone on the Spanish pages, as are *tute* and *briscola*,
      which there name the games);
    * never the forms marked ``quiet`` (*piso*, *monto*, *triunfo*...);
    * never forms shorter than ``MIN_TOOLTIP_LENGTH`` (*as*, *re*, *rey*, *uno*);
    * the word itself also when capitalized (*Madame*), except where that is a game's name
      (*Briscola*, *Tute*, *Alcalde*), so that game names never get a term's tooltip.

    Args:
        lang: the page language, ``"en"`` or ``"es"``.

    Returns:
        A new dict from each surface form to its tooltip.

    Raises:
        ValueError: ``lang`` is not a page language.

    Examples:
        >>> tips = tooltips("en")
        >>> tips["arrastrando"].split(". «")[0], tips["Madame"].split(". «")[0]
        ('arrastrar /arasˈtɾaɾ/: to lead trumps', 'madame /madam/: three of cups, second card')
        >>> "re" in tips, "mano" in tooltips("es")
        (False, False)
    """
    if lang not in PAGE_LANGS:
        raise ValueError(f"unknown page language {lang!r}; use 'en' or 'es'")
    titles = {t for g in GAME_IDS for t in (game_title(g, "en"), game_title(g, "es"))}
    titles |= {t.split(" (")[0] for t in titles} | {g.capitalize() for g in GAME_IDS}
    found: dict[str, str] = {}
    for term in terms():
        if lang not in term.tooltip:
            continue
        gloss = term.tooltip_text(lang)
        surfaces = [_surface(n) for n in term.names if n not in term.quiet]
        word = _surface(term.word)
        if word and word not in term.quiet:
            capital = word[0].upper() + word[1:]
            if capital not in titles:
                surfaces.append(capital)
        for surface in surfaces:
            if len(surface) < MIN_TOOLTIP_LENGTH:
                continue
            found.setdefault(surface, gloss)
            if "'" in surface:
                found.setdefault(surface.replace("'", "’"), gloss)
    return found


def term_for_label(label: PlayLabel) -> Term:
    """The glossary term of a play label.

    Args:
        label: a play label from ``label_play``.

    Returns:
        The term whose id is the label's value.

    Examples:
        >>> term_for_label(PlayLabel.PISAR).gloss.es
        'triunfar por encima'
    """
    return get(label.value)


def learner_data(lang: str = "en") -> dict[str, dict[str, Any]]:
    """What a page needs to show each term to a learner, in ``lang``, by term id (JSON-ready):
    the rulebook writes it to ``glossary/terms.json`` for the in-browser term lookup.

    Each entry: ``word``, ``headword`` (with its article), ``kind`` (``"feminine noun"``), ``ipa``
    (between slashes, with the Latin-American form where it differs), ``speech`` (the language
    tags to speak the word in: ``Term.speech``), ``regions`` (names),
    ``inflections`` (``[{"form", "label"}]``), ``sentences`` (``[{"es", "en"}]``), ``usage``
    (text or ``""``) and ``cards`` (``[{"src", "alt"}]``, ``src`` relative to the site's card
    folder: ``"spanish/10O.svg"``).

    Raises:
        ValueError: ``lang`` is not a page language.

    Examples:
        >>> entry = learner_data("es")["sota"]
        >>> entry["headword"], entry["ipa"], entry["cards"][0]
        ('la sota', '/ˈsota/', {'src': 'spanish/10O.svg', 'alt': 'sota de oros'})
    """
    if lang not in PAGE_LANGS:
        raise ValueError(f"unknown page language {lang!r}; use 'en' or 'es'")
    data: dict[str, dict[str, Any]] = {}
    for term in terms():
        pack = PACKS[CARD_STYLES[term.pack]]
        data[term.id] = {
            "word": term.word,
            "headword": term.headword,
            "kind": term.kind(lang),
            "ipa": term.pronunciation(lang),
            "speech": list(term.speech),
            "regions": [region_name(r, lang) for r in term.regions],
            "inflections": [
                {"form": i.form, "label": i.label(lang, term.lang)} for i in term.inflections
            ],
            "sentences": [{"es": s.es, "en": s.en} for s in term.sentences],
            "usage": _plain(term.usage.said(lang)) if term.usage is not None else "",
            "cards": [
                {"src": f"{style}/{code}.svg",
                 "alt": pack.card_name(parse_card(code), lang)}
                for style, code, _ in term.card_pictures()
            ],
        }
    return data


def term_command(word: str, lang: str = "en") -> tuple[int, str]:
    """What ``cardrules term WORD [--lang es]`` prints, and its exit status.

    Args:
        word: the word to explain, in any form (``"arrastro"``, ``"Fallo"``, ``"vache"``).
        lang: the reader's language (any of the catalogue's: see :meth:`Term.describe`).

    Returns:
        ``(0, text)`` with the word and its article, its language and kind, gloss, IPA, where
        it is used, inflections, definition, example sentences, forms, games and example;
        ``(2, line)`` for an unknown word, with close suggestions when there are any.

    Examples:
        >>> status, text = term_command("fallo", "es")
        >>> status, text.splitlines()[0]
        (0, 'fallar (español, verbo): echar triunfo a otro palo')
        >>> term_command("falar")
        (2, "unknown term 'falar'; did you mean: fallar?")
    """
    term = lookup(word)
    if term is not None:
        return 0, term.describe(lang)
    suggestions = _suggest(word)
    w = words(lang)
    if suggestions:
        return 2, w._("unknown term '{word}'; did you mean: {suggestions}?", word=word,
                      suggestions=", ".join(suggestions))
    return 2, w._("unknown term '{word}' (nothing close)", word=word)


def _suggest(word: str, limit: int = 3) -> list[str]:
    index = _glossary().plain
    query = _fold(word)
    close = difflib.get_close_matches(query, list(index), n=limit * 3, cutoff=0.7)
    close += [k for k in index if query and len(query) >= 3 and k.startswith(query)]
    found: list[str] = []
    for key in close:
        name = index[key].word
        if name not in found:
            found.append(name)
    return found[:limit]
