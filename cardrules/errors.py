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
