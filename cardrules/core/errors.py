"""Typed exceptions. Every message a user can see is carried in English and Spanish.

A user mistake (a bad card code, an illegal move, a malformed deal record) raises one of these
classes; all of them are ``ValueError`` subclasses, so plain ``except ValueError`` also works.
"""

from __future__ import annotations

from typing import Literal

Lang = Literal["en", "es"]
"""A language the package speaks: English or Spanish."""

LANGS: tuple[Lang, ...] = ("en", "es")


class CardrulesError(ValueError):
    """Base class: a user error with an English and a Spanish message.

    ``str(error)`` gives both, English first; :meth:`message` picks one language.
    """

    def __init__(self, en: str, es: str) -> None:
        super().__init__(f"{en} / {es}")
        self.en = en
        self.es = es

    def message(self, lang: Lang = "en") -> str:
        """The message in one language (``"en"`` or ``"es"``)."""
        return self.es if lang == "es" else self.en


class CardCodeError(CardrulesError):
    """A card code such as ``"13O"`` or ``"1X"`` that names no card."""


class IllegalActionError(CardrulesError):
    """An action the rules do not allow now. The game is left exactly as it was."""


class OptionError(CardrulesError):
    """An unknown game, an unsupported player count, or a bad option value."""


class RecordError(CardrulesError):
    """A deal record that is malformed or does not fit its game (the message names the field)."""


SHOWN_LIMIT = 40
"""How many characters of a user's input an error message quotes at most."""


def shown(value: object, lang: str = "en", limit: int = SHOWN_LIMIT) -> str:
    """``value`` as an error message may quote it: text in quotes with control characters
    escaped (so that they cannot split or repaint a terminal line) and cut at ``limit``
    characters; a very long number by its length; anything else by a short description.

    Examples:
        >>> shown("7O\\x1b[2J")
        "'7O\\\\x1b[2J'"
        >>> shown(10 ** 5000)
        'a number of 5001 digits'
        >>> shown("x" * 100, limit=5)
        "'xxxxx…'"
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    inner = getattr(value, "value", None)  # an enum member: its value
    if isinstance(inner, str | int) and not isinstance(value, str | int):
        return shown(inner, lang, limit)
    if isinstance(value, int):
        if value.bit_length() > 128:
            digits = len(str(value)) if value.bit_length() < 13_000 else int(
                value.bit_length() * 0.30103) + 1
            if lang == "es":
                return f"un número de {digits} cifras"
            return f"a number of {digits} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        cut = value[:limit]
        text = "".join(_escape(ch) for ch in cut)
        return f"'{text}{'…' if len(value) > limit else ''}'"
    if isinstance(value, bytes):
        return shown(value.decode("utf-8", "replace"), lang, limit)
    kinds = {"list": ("a list", "una lista"), "dict": ("an object", "un objeto")}
    en, es = kinds.get(type(value).__name__, ("a value", "un valor"))
    return es if lang == "es" else en


def _escape(ch: str) -> str:
    import unicodedata

    if ch == "'":
        return "\\'"
    if ch == "\\":
        return "\\\\"
    if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
        code = ord(ch)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
            else f"\\U{code:08x}"
    return ch
