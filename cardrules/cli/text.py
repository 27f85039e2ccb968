"""Text in the terminal: input shown safely (:func:`visible`), and the renderer's messages.

Every sentence the command says is a message of the catalogue of words (:mod:`cardrules.words`),
written where it is said (``words(lang)._("Game abandoned.")``). What happens in the deal
(plays, exchanges, tricks taken, draws, who won and why) is told by
:class:`cardrules.account.narration.Narrator`, the one narrator that the widget and the diagrams
share.
"""

from __future__ import annotations

import unicodedata


def visible(value: str, limit: int | None = None) -> str:
    """Text from the input as the terminal may show it unquoted (a player's name, a record's
    title, a typed answer echoed): control characters, line and paragraph separators escaped as
    ``\\x1b`` or ``\\u2028`` so that they can neither split nor repaint a line, and cut at
    ``limit`` characters with an ellipsis. To quote input in a message, use
    :func:`cardrules.core.errors.shown`.

    Examples:
        >>> visible("Ann\\x1b[2J\\r"), visible("x" * 50, 8)
        ('Ann\\\\x1b[2J\\\\x0d', 'xxxxxxxx…')
    """
    cut = value if limit is None else value[:limit]
    shown = "".join(_escape(ch) for ch in cut)
    return shown + ("…" if limit is not None and len(value) > limit else "")


def _escape(ch: str) -> str:
    if ch.isprintable() or ch == " ":
        return ch
    if unicodedata.category(ch) not in _HIDDEN:
        return ch  # other spaces (no-break, ideographic) show as themselves
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"))
"""The Unicode categories :func:`visible` escapes (the same as
:func:`cardrules.core.errors.shown`)."""


