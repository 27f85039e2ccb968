"""Fields of messages said in the reader's language: user input (:class:`Quoted`) and words
chosen now and said later in a named sense (:func:`p_`).

An error message that quotes what the user gave (a card code, a key, a value) quotes it with
:func:`~cardrules.core.errors.shown`, whose words for some values depend on the language ("a
number of 5001 digits", "a list"). A :class:`Quoted` carries the value as a field of a
:class:`~cardrules.words.Message` and is shown only when the message is said.

Examples:
    >>> from cardrules.core.errors import OptionError
    >>> error = OptionError("option {name} cannot be {value}; choose {choices}",
    ...                     name=Quoted("exchange"), value=Quoted([1]), choices="none|italian")
    >>> error.message("es")
    "la opción 'exchange' no puede valer una lista; elige none|italian"
"""

from __future__ import annotations

from ..words import SOURCE, Lang, Message
from .errors import shown


def p_(context: str, message: str) -> Message:
    """Mark ``message`` for the catalogue in the sense ``context`` names, as a
    :class:`~cardrules.words.Message` said later (the same English word may name two things:
    the Latin and the French clubs).

    Examples:
        >>> p_("a marriage's points", "40").say("es")
        'cuarenta'
    """
    return Message(message, context=context)


class Quoted(Message):
    """``value`` as an error message quotes it (see :func:`~cardrules.core.errors.shown`),
    in the language the message is said in."""

    def __init__(self, value: object) -> None:
        super().__init__("{value}", {"value": value})

    @property
    def value(self) -> object:
        """The value quoted."""
        return self.fields["value"]

    def say(self, lang: Lang = SOURCE) -> str:
        """The value quoted for ``lang``."""
        return shown(self.value, lang)


__all__ = ["Quoted", "p_"]
