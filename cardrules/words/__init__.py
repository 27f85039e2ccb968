"""The catalogue of words: every sentence the package, the terminal and the widget show a reader.

One gettext catalogue per language, in the ecosystem's format: the message ids are the English
sentences, written in the code where they are used; each other language is a ``.po`` file under
``cardrules/words/locale/<lang>/LC_MESSAGES/cardrules.po``, compiled to the ``.mo`` file beside it
(``python scripts/words.py compile``) and read here with the standard library's :mod:`gettext`.
A new language is a new ``.po`` file (and its compiled ``.mo``), nothing else: :func:`languages`
finds it.

Code asks a :class:`Words` for a language's sentences::

    w = words("es")
    w._("The cards are dealt.")                                # 'Se reparten las cartas.'
    w.n_("{n} point", "{n} points", 3)                        # '3 puntos'
    w.p_("trick heading", "Trick {n}", n=2)                   # a context tells two senses apart

A sentence that is chosen in one place and said later (an error, an entry of a table) is marked
with :func:`N_` and said with :meth:`Words._`, or carried as a :class:`Message`, which keeps its
fields and is said in any language when it is shown.

Placeholders are ``str.format`` fields (``{who}``, ``{n}``); a translation uses the same ones.

Examples:
    >>> words("es")._("a list")
    'una lista'
    >>> words("es").n_("a number of {n} digit", "a number of {n} digits", 1)
    'un número de 1 cifra'
    >>> words("es").join(["Ana", "Bea", "Ciro"])
    'Ana, Bea y Ciro'
    >>> big = Message("a number of {n} digit", {"n": 5}, plural="a number of {n} digits", count=5)
    >>> big.say("es")
    'un número de 5 cifras'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Final

Lang = str
"""A language code: ``"en"`` (the language of the message ids) or any of :func:`languages`."""

SOURCE: Final = "en"
"""The language the message ids are written in."""

DOMAIN: Final = "cardrules"
"""The gettext domain: the catalogues' file name."""

LOCALE: Final = Path(__file__).resolve().parent / "locale"
"""Where the catalogues ship: ``<lang>/LC_MESSAGES/cardrules.po`` and ``.mo``."""

_EXTRA: list[Path] = []
"""More folders of catalogues (:func:`add_catalogues`), searched after :data:`LOCALE`."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without saying it now (it is said later by
    :meth:`Words._` or a :class:`Message`)."""
    return message


def _folders() -> list[Path]:
    return [LOCALE, *_EXTRA]


def languages() -> tuple[Lang, ...]:
    """Every language with a catalogue, English first.

    Examples:
        >>> languages()[:2]
        ('en', 'es')
    """
    found = {SOURCE}
    for folder in _folders():
        if folder.is_dir():
            found |= {p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return (SOURCE, *sorted(found - {SOURCE}))


def add_catalogues(folder: Path) -> None:
    """Read catalogues from ``folder`` too (``<lang>/LC_MESSAGES/cardrules.mo``), e.g. a
    language being written that does not ship yet."""
    if folder not in _EXTRA:
        _EXTRA.append(folder)
        words.cache_clear()


def known(lang: object) -> Lang:
    """``lang`` if it has a catalogue, else English: what a front end falls back to."""
    return lang if isinstance(lang, str) and lang in languages() else SOURCE


class Words:
    """One language's sentences. Get one with :func:`words`."""

    def __init__(self, lang: Lang, catalogue: gettext.NullTranslations) -> None:
        self.lang: Final = lang
        self._catalogue = catalogue

    def _(self, message: str, /, **fields: object) -> str:
        """``message`` in this language, its fields filled in."""
        return self._fill(self._catalogue.gettext(message), fields)

    def n_(self, singular: str, plural: str, count: int, /, **fields: object) -> str:
        """The form of a sentence that fits ``count`` (``{n}`` is ``count`` unless given)."""
        fields.setdefault("n", count)
        return self._fill(self._catalogue.ngettext(singular, plural, count), fields)

    def p_(self, context: str, message: str, /, **fields: object) -> str:
        """``message`` in the sense that ``context`` names (the same English, another sense)."""
        return self._fill(self._catalogue.pgettext(context, message), fields)

    def decimal(self, value: float, places: int | None = None) -> str:
        """A number with this language's decimal separator, with ``places`` decimals, or as
        short as it goes (``None``: "2", "55.5")."""
        text = f"{value:g}" if places is None else f"{value:.{places}f}"
        return text.replace(".", self.p_("the decimal separator", "."))

    def join(self, items: Iterable[str]) -> str:
        """A list in words: "Ana", "Ana and Bea", "Ana, Bea and Ciro"."""
        items = list(items)
        if len(items) <= 2:
            return self._(" and ").join(items)
        return self._(", ").join(items[:-1]) + self._(" and ") + items[-1]

    def _fill(self, text: str, fields: Mapping[str, object]) -> str:
        if not fields:
            return text
        said = {k: self._field(v) for k, v in fields.items()}
        return text.format(**said)

    def _field(self, value: object) -> object:
        if isinstance(value, Message):
            return value.say(self.lang)
        if isinstance(value, Count):
            return self.number(value)
        return value

    def number(self, value: int) -> str:
        """A whole number with the language's thousands separator: "200,000", "200.000"."""
        return f"{value:,}".replace(",", self.p_("the thousands separator", ","))

    def __repr__(self) -> str:
        return f"Words({self.lang!r})"


@cache
def words(lang: Lang) -> Words:
    """The sentences of ``lang`` (English for a language without a catalogue)."""
    if lang == SOURCE:
        return Words(SOURCE, gettext.NullTranslations())
    for folder in _folders():
        path = folder / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if path.is_file():
            with path.open("rb") as file:
                return Words(lang, gettext.GNUTranslations(file))
    return words(SOURCE)


def decimal(value: float, lang: Lang, places: int | None = None) -> str:
    """A number in ``lang``'s style (:meth:`Words.decimal`): "71.3" in English, "71,3" in
    Spanish. The one number formatter of the terminal, the widget and the narration.

    Examples:
        >>> decimal(71.34, "en", 1), decimal(71.34, "es", 1), decimal(55.5, "es"), decimal(2, "es")
        ('71.3', '71,3', '55,5', '2')
    """
    return words(lang).decimal(value, places)


class Said(Mapping[str, str]):
    """One message of the catalogue in every language: ``said[lang]`` is it in ``lang``
    (English for a language without a catalogue); its keys are :func:`languages`.

    Examples:
        >>> Said("a list")["es"], list(Said("a list"))[:2]
        ('una lista', ['en', 'es'])
    """

    def __init__(self, message: str) -> None:
        self.message: Final = message
        """The message as the catalogue knows it (in English)."""

    def __getitem__(self, lang: str) -> str:
        if not isinstance(lang, str):
            raise KeyError(lang)
        return words(lang)._(self.message)

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"


class Count(int):
    """A whole number said with the language's thousands separator when it fills a field
    (``Count(200000)``: "200,000" in English, "200.000" in Spanish)."""


@dataclass(frozen=True)
class Message:
    """A sentence of the catalogue with its fields, to be said later in any language.

    A field may itself be a :class:`Message` (said in the same language). ``plural`` and
    ``count`` make it a sentence with plural forms; ``context`` a sentence in a named sense.
    """

    message: str
    fields: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: int = 1
    context: str | None = None

    def say(self, lang: Lang = SOURCE) -> str:
        """The sentence in ``lang``."""
        w = words(lang)
        fields = dict(self.fields)
        if self.plural is not None:
            return w.n_(self.message, self.plural, self.count, **fields)
        if self.context is not None:
            return w.p_(self.context, self.message, **fields)
        return w._(self.message, **fields)

    def __str__(self) -> str:
        return self.say(SOURCE)


__all__ = [
    "DOMAIN",
    "LOCALE",
    "N_",
    "SOURCE",
    "Count",
    "Lang",
    "Message",
    "Words",
    "add_catalogues",
    "decimal",
    "known",
    "languages",
    "words",
]
