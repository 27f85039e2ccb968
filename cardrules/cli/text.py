"""Text in the terminal: input shown safely (:func:`visible`), and the renderer's messages.

Every sentence the command says is a message of the catalogue of words (:mod:`cardrules.words`),
written where it is said (``words(lang)._("Game abandoned.")``). What happens in the deal
(plays, exchanges, tricks taken, draws, who won and why) is told by
:class:`cardrules.account.narration.Narrator`, the one narrator that the widget and the diagrams
share.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from ..words import N_, Lang, words


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


# The renderer's messages, by key --------------------------------------------------------------

_RENDER: Final[dict[str, str]] = {
    "against": N_(" against "),
    "end_head": N_("── End of the deal ──"),
    "final_points": N_("Points: {points}"),
    "hand_of": N_("{who}: {cards}"),
    "hands_head": N_("Hands dealt:"),
    "header": N_("{title} · {players} players"),
    "header_seed": N_("{title} · {players} players · seed {seed}"),
    "hint_head_points": N_(
        "Hint from the search bot (level {level}): each of your choices tried in {worlds} deals "
        "that fit what you can see, played out to the end: how often it wins the deal, and the "
        "points it brings on average, best first:"),
    "hint_head_tricks": N_(
        "Hint from the search bot (level {level}): each of your choices tried in {worlds} deals "
        "that fit what you can see, played out to the end: how often it wins the deal, and the "
        "tricks it brings on average, best first:"),
    "level_easy": N_("easy"),
    "level_normal": N_("normal"),
    "level_hard": N_("hard"),
    "not_now_mark": N_("not allowed now"),
    "not_over": N_("The deal is not finished (the record stops here)."),
    "options_set": N_("Options: {options}"),
    "other_side": N_("the other side"),
    "percent": N_("{n}%"),
    "side_name": N_("side {n}"),
    "side_points": N_("{side} ({members}): {points}"),
    "sides_line": N_("Sides: {sides}"),
    "status_points": N_("Points: {points}"),
    "status_stock": N_("stock: {stock}"),
    "status_stock_out": N_("the stock is used up"),
    "status_tricks": N_("Tricks won: {points}"),
    "status_trump": N_("trumps: {suit}"),
    "status_turn_up": N_("turned up: {card}"),
    "table": N_("Table: {plays}"),
    "table_empty": N_("Table: empty, you lead."),
    "trick_head": N_("── Trick {n} ──"),
    "trump_mark": N_("trump"),
    "unit_points": N_("points"),
    "unit_tricks": N_("tricks"),
    "visible_hand": N_("{who}'s hand (face up): {cards}"),
    "your_hand": N_("Your hand:"),
    "your_side": N_("your side"),
}
"""The messages :mod:`cardrules.cli.render` says, by the keys it asks :func:`text` for (until
it says them itself with :func:`cardrules.words.words`; then this table and :func:`text` go)."""


def text(key: str, lang: Lang, **fields: object) -> str:
    """The renderer's message ``key`` in ``lang``, its fields filled in (see :data:`_RENDER`).

    Examples:
        >>> text("cards_n", "es", n=3), text("cards_1", "en")
        ('3 cartas', '1 card')
    """
    w = words(lang)
    if key in ("cards_1", "cards_n"):
        count = fields.pop("n", 1)
        assert isinstance(count, int)
        return w.n_("{n} card", "{n} cards", count, **fields)
    return w._(_RENDER[key], **fields)
