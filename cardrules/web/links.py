"""Shared links: a deal and a position packed into the address's fragment.

A shared link holds a deal, a step and a view in the address's fragment,
``#deal=<token>&step=<n>[&view=<seat>]``: :func:`link_token` packs a record into the token (the
record as compact JSON, with its seed instead of the deal when it has one, compressed with
raw deflate and written in URL-safe base64, after a letter that says how: ``z``; ``j`` for the
JSON uncompressed), and :func:`link_data` reads it back through the same replay, and the same
limits, as any record. ``step`` counts from 0, the deal, as the record's notes do.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any, Final

from ..core.errors import CardrulesError, shown
from ..words import N_, Count, Message, known, words
from .answers import answer_text, failure
from .steps import MAX_RECORD_CHARS, deal_data, replayed

__all__ = ["LINK_KEYS", "MAX_LINK_CHARS", "link_data", "link_steps", "link_token",
           "record_of_link"]

MAX_LINK_CHARS: Final = MAX_RECORD_CHARS
"""The longest link's token, and the longest record text it may unpack to: the same limit as a
pasted record's, so that every refusal of a long link states one number."""
LINK_KEYS: Final = ("game", "players", "options", "seed", "deal", "actions", "notes", "title",
                    "comment")
"""The record's keys a link keeps (the ``format`` is the current one)."""


def link_token(record: Mapping[str, Any]) -> str:
    """A deal record packed for a shared link: the record as compact JSON (only the keys of
    :data:`LINK_KEYS`; the seed without the deal when there is one; no empty options),
    compressed with raw deflate, in URL-safe base64 without padding, after ``z`` (or the JSON
    itself after ``j`` when that is shorter).

    Examples:
        >>> token = link_token({"game": "brisca", "players": 2, "seed": 7, "actions": ["3C"]})
        >>> token
        'jeyJnYW1lIjoiYnJpc2NhIiwicGxheWVycyI6Miwic2VlZCI6NywiYWN0aW9ucyI6WyIzQyJdfQ'
        >>> json.loads(record_of_link(token))["actions"]
        ['3C']
    """
    compact = {key: record[key] for key in LINK_KEYS if key in record}
    if compact.get("seed") is not None:
        compact.pop("deal", None)
    if not compact.get("options"):
        compact.pop("options", None)
    raw = json.dumps(compact, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    kind, body = ("z", packed) if len(packed) < len(raw) else ("j", raw)
    return kind + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


_TOKEN = re.compile(r"[zj][A-Za-z0-9_-]+")


def _damaged(reason: str, **fields: object) -> CardrulesError:
    """The link is damaged, for ``reason`` (a message of the catalogue, with its fields)."""
    return CardrulesError("the link is damaged: {reason}", reason=Message(reason, fields))


def _too_long(what: str) -> CardrulesError:
    return _damaged(what, limit=Count(MAX_LINK_CHARS))


def record_of_link(token: str) -> str:
    """The record text a link's token holds (see :func:`link_token`).

    Raises:
        CardrulesError: the token is not one, does not decode, or holds more than
            :data:`MAX_LINK_CHARS` characters (read no further).
    """
    if len(token) > MAX_LINK_CHARS:
        raise _too_long(N_("it is too long (over {limit} characters)"))
    if not _TOKEN.fullmatch(token) or len(token) % 4 == 2:
        raise _damaged(N_("the deal is not written as a link writes it"))
    body = token[1:]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged(N_("the deal is cut or altered")) from None
    if token[0] == "z":
        unpacker = zlib.decompressobj(-15)
        try:
            # A character takes at most 4 bytes in UTF-8: read no more than the limit allows.
            raw = unpacker.decompress(raw, 4 * MAX_LINK_CHARS + 1)
        except zlib.error:
            raise _damaged(N_("the deal is cut or altered")) from None
        if unpacker.unconsumed_tail or len(raw) > 4 * MAX_LINK_CHARS:
            raise _too_long(N_("its deal is too long (over {limit} characters)"))
        if not unpacker.eof or unpacker.unused_data:
            raise _damaged(N_("the deal is cut or altered"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _damaged(N_("the deal is not text")) from None
    if len(text) > MAX_LINK_CHARS:
        raise _too_long(N_("its deal is too long (over {limit} characters)"))
    return text


def _link_fields(fragment: str) -> dict[str, str]:
    """The fields of a link's fragment (``deal=...&step=...``), with or without its ``#``."""
    if len(fragment) > MAX_LINK_CHARS + 100:
        raise _too_long(N_("it is too long (over {limit} characters)"))
    from urllib.parse import unquote

    fields: dict[str, str] = {}
    for part in fragment.removeprefix("#").split("&"):
        key, _, value = part.partition("=")
        if key in ("deal", "step", "view"):
            fields[key] = unquote(value.strip())
    if not fields.get("deal"):
        raise _damaged(N_("it holds no deal"))
    return fields


def link_data(fragment: str, lang: str = "en") -> dict[str, Any]:
    """The deal of a shared link (its fragment, ``deal=<token>&step=<n>[&view=<seat>]``), as
    the link's viewer is shown it, and the position to show.

    Returns:
        What :func:`~cardrules.web.steps.deal_data` returns for the link's record and view,
        with ``"at": {"step", "view"}`` (``view``: a seat number, or ``None`` for every hand);
        or ``{"ok": False, "error"}`` saying what is wrong with the link, in ``lang``: a token
        that does not decode, a record that does not replay (the same checks as a pasted
        record), a step that is not a number, a seat the deal does not have. A step past the
        deal's end shows its last step.

    Examples:
        >>> record = json.load(open("examples/brisca-2p.json"))
        >>> answer = link_data("#deal=" + link_token(record) + "&step=12", "es")
        >>> answer["ok"], answer["at"], len(answer["steps"]) == len(record["actions"]) + 1
        (True, {'step': 12, 'view': None}, True)
        >>> link_data("#deal=zAAAA&step=12", "en")["error"]
        'the link is damaged: the deal is cut or altered'
    """
    language = known(lang)
    try:
        fields = _link_fields(fragment)
        text = record_of_link(fields["deal"])
    except CardrulesError as error:
        return failure(error, language)
    try:
        data, game = replayed(text)
    except (CardrulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        return {"ok": False, "error": words(language)._("the link's deal is not valid: {error}",
                                                        error=failure(error, language)["error"])}
    last = len(game.log) - 1
    step_text = fields.get("step", "0") or "0"
    view_text = fields.get("view", "all") or "all"
    try:
        if not (step_text.isascii() and step_text.isdigit()):
            raise _damaged(N_("it points at step {step}; this deal has steps 0 to {last}"),
                           step=shown(step_text, language), last=last)
        view = _number(view_text)
        if view_text != "all" and (view is None or view >= game.players):
            raise _damaged(N_("it shows the hand of a player this deal does not have ({view})"),
                           view=shown(view_text, language))
    except CardrulesError as error:
        return failure(error, language)
    answer = deal_data(game, language, data, view)
    # A step past the end (a link cut by hand, a deal shortened since) opens the last step;
    # so does a step of more digits than any deal has steps (Python would not even read one of
    # over 4,300 digits).
    step = _number(step_text)
    answer["at"] = {"step": last if step is None else min(step, last), "view": view}
    return answer


def _number(text: str) -> int | None:
    """A link's step or seat, from its ASCII digits; ``None`` for anything else, and for a
    number of more digits than any deal has steps or seats."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else None


def link_steps(fragment: str, lang: str = "en") -> str:
    """:func:`link_data` as JSON text (the widget's call when a page opens a shared link)."""
    return answer_text(link_data(fragment, lang))


