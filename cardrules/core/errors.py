"""Typed exceptions. Every message a user can see comes from the catalogue of words.

A user mistake (a bad card code, an illegal move, a malformed deal record) raises one of these
classes; all of them are ``ValueError`` subclasses, so plain ``except ValueError`` also works.
The message is an English sentence of the catalogue with its fields, said in any language
when it is shown (:meth:`CardrulesError.message`)::

    raise OptionError("unknown game {name}", name=shown(name))
"""

from __future__ import annotations

import json

from ..words import N_, Lang, Message, words

__all__ = ["CardCodeError", "CardrulesError", "IllegalActionError", "Lang", "OptionError",
           "RecordError", "digit_count", "shown"]


class CardrulesError(ValueError):
    """Base class: a user error whose message can be said in every language of the catalogue.

    ``str(error)`` gives it in English; :meth:`message` in any language. The first argument is
    the message (an English sentence of the catalogue, or a :class:`~cardrules.words.Message`),
    the keyword arguments its fields (a field may be a ``Message`` too).

    Examples:
        >>> error = RecordError("a deal record must be a JSON object")
        >>> error.message("es")
        'el registro de una mano debe ser un objeto JSON'
        >>> str(error)
        'a deal record must be a JSON object'

    """

    def __init__(self, message: str | Message, /, **fields: object) -> None:
        self.said = message if isinstance(message, Message) else Message(message, fields)
        """The message, to be said in any language."""
        super().__init__(self.said.say())

    def message(self, lang: Lang = "en") -> str:
        """The message in ``lang`` (English when the catalogue has no such language)."""
        return self.said.say(lang)

    @property
    def en(self) -> str:
        """The message in English."""
        return self.message("en")

    @property
    def es(self) -> str:
        """The message in Spanish."""
        return self.message("es")


class CardCodeError(CardrulesError):
    """A card code such as ``"13O"`` or ``"1X"`` that names no card."""


class IllegalActionError(CardrulesError):
    """An action the rules do not allow now. The game is left exactly as it was."""

    to_you: Message | None = None
    """The same reason said to the player who tried, where the rules word it so ("you must
    follow suit"); ``None`` otherwise."""


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
        return json.dumps(value)  # as the user wrote it: null, true, false
    inner = getattr(value, "value", None)  # an enum member: its value
    if isinstance(inner, str | int) and not isinstance(value, str | int):
        return shown(inner, lang, limit)
    if isinstance(value, int):
        if value.bit_length() > 128:
            digits = digit_count(value)
            return words(lang).n_("a number of {n} digit", "a number of {n} digits", digits)
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        cut = value[:limit]
        text = "".join(_escape(ch) for ch in cut)
        return f"'{text}{'…' if len(value) > limit else ''}'"
    if isinstance(value, bytes):
        return shown(value.decode("utf-8", "replace"), lang, limit)
    kinds = {"list": N_("a list"), "dict": N_("an object")}
    return words(lang)._(kinds.get(type(value).__name__, N_("a value")))


def digit_count(number: int) -> int:
    """How many digits ``number`` has (its sign left out), exactly, without writing it out
    (Python refuses to write a number of more than 4,300 digits).

    Examples:
        >>> digit_count(10 ** 4300 - 1), digit_count(10 ** 4300), digit_count(-7), digit_count(0)
        (4300, 4301, 1, 1)
    """
    number = abs(number)
    if number < 10:
        return 1
    # log10(2) is 0.30102999566...: this is the count, or a little less.
    digits = (number.bit_length() - 1) * 30102999 // 100000000 + 1
    while number >= 10 ** digits:
        digits += 1
    return digits


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
