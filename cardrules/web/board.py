"""The Python side of the rulebook's in-browser widget (run by Pyodide in a Web Worker).

The widget asks Python for whole answers and then works in JavaScript: :func:`deal_steps`
reads a deal record and returns **every** step of the deal (:meth:`Game.steps
<cardrules.engine.Game.steps>`: hands, turned-up card and trumps, stock, talon, the trick on the
table with each play's label, points and tricks per side, what each seat knows of the sides and
whose hands it sees, the auction call by call) with its narration
(:class:`~cardrules.account.narration.Narrator`: the open account, and what differs for a seat that
was
told less), so that stepping forward and back never calls Python again. Nothing here words a
step itself or replays a deal by itself. Each public function takes and returns
JSON text, the cheapest thing to pass between a worker and the page; the ``*_data`` functions
return the same as plain dicts, for Python callers and tests.

Nothing here returns HTML: the page puts every string in with DOM text APIs.

==========================================  ==============================================
function                                    answer
==========================================  ==============================================
``deal_steps(record_json, lang)``           every state of a recorded deal
``link_steps(fragment, lang)``              the same for a shared link's deal, and its step
``new_deal(game, players, seed, lang)``     a fresh deal played out by the bots, its record
                                            and every state
``lookup(text, lang)``                      a glossary term: glosses, definition, example
``run_example(term_id, lang)``              runs a term's example and says whether it passed
``catalog(lang)``                           the games, their player counts, the play labels
==========================================  ==============================================

An answer is ``{"ok": true, ...}`` or ``{"ok": false, "error": "<message in lang>"}``.

A shared link holds a deal and a step in the address's fragment,
``#deal=<token>&step=<n>[&view=<seat>]``: :func:`link_token` packs a record into the token (the
record as compact JSON, with its seed instead of the deal when it has one, compressed with
raw deflate and written in URL-safe base64, after a letter that says how: ``z``; ``j`` for the
JSON uncompressed), and :func:`link_data` reads it back through the same replay, and the same
limits, as any record. ``step`` counts from 0, the deal, as the record's notes do.

Examples:
    >>> import json
    >>> answer = json.loads(deal_steps(open("examples/brisca-2p.json").read(), "es"))
    >>> answer["ok"], answer["steps"][0]["text"]
    (True, 'Se reparten las cartas; la carta vuelta es el as de oros: triunfo, oros.')
    >>> answer["steps"][-1]["sides"] == answer["result"]["side_points"] == [80, 40]
    True
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import io
import json
import re
import time
import traceback
import zlib
from collections.abc import Mapping
from typing import Any, Final

from ..account.narration import ONLOOKER, Narrator
from ..core.actions import Deal, Masked, Move, format_action
from ..core.cards import Card, Suit
from ..core.errors import CardrulesError, Lang, shown
from ..engine import Game, Phase, Step
from ..games import GAMES
from ..games.auction import Auction, Bid, Pass
from ..record import MAX_RECORD_CHARS as MAX_LINK_CHARS  # a link reads no more than a record
from ..record import load_record, notes_of, replay
from ..render.diagram import plays_on_own, point_parts, trump_source

__all__ = [
    "LINK_KEYS",
    "MAX_LINK_CHARS",
    "MAX_RECORD_CHARS",
    "catalog",
    "catalog_data",
    "deal_steps",
    "link_data",
    "link_steps",
    "link_token",
    "lookup",
    "lookup_data",
    "new_deal",
    "new_deal_data",
    "record_of_link",
    "run_example",
    "run_example_data",
    "steps_data",
]

MAX_RECORD_CHARS: Final = 200_000
"""The longest record text :func:`deal_steps` reads (a pasted record is untrusted input)."""
LINK_KEYS: Final = ("game", "players", "options", "seed", "deal", "actions", "notes", "title",
                    "comment")
"""The record's keys a link keeps (the ``format`` is the current one)."""


def _lang(lang: str) -> Lang:
    return "es" if lang == "es" else "en"


def _answer(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _failure(error: BaseException, lang: Lang) -> dict[str, Any]:
    if isinstance(error, CardrulesError):
        message = error.message(lang)
    else:
        message = f"{type(error).__name__}: {error}"
    return {"ok": False, "error": message}


def steps_data(record: str | Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """Every state of a recorded deal, for the widget (see :func:`deal_steps`).

    Args:
        record: the deal record, as JSON text or a mapping.
        lang: ``"en"`` or ``"es"``: the language of every sentence in the answer.

    Returns:
        ``{"ok": True, "game", "title", "players", "seats", "sides", "sides_dealt" (the sides
        are known from the deal on), "side_names", "style",
        "trump", "trump_name", "scored_by", "draws", "by_seat", "roles", "trump_from",
        "suits", "auction", "talon", "face_down", "steps", "tricks", "result", "cards",
        "record"}``, and ``"see"`` when some seat sees others' hands (for each seat, the seats
        whose hands it sees, at the end). ``by_seat``: the score is by seat (seats play each on
        their own: the sides count only for a contract, or there are none); ``roles``: each
        seat's part in the contract at the end, in words (``None`` in games without one);
        ``trump_from``: the keyword of the move that set trumps after the deal (``"call"``,
        ``"trump"``), or ``None``; ``suits``: each suit's name; ``auction``: ``{"calls":
        [[seat, bid or None (a pass), step, round]], "rounds"}`` or ``None``; ``talon``:
        ``{"cards", "step" (where it was shown and taken), "seat" (who took it)}`` or ``None``;
        ``face_down``: ``[seat, code, step]`` of every card put face down (only its owner and
        the open account may show it); ``point_kinds``: the kinds of points a score by seat
        shows (``"cards"`` first, then discards, marriages, the last trick...), or ``[]``
        when the points are all card points. Each step has ``actor``, ``action`` (notation),
        ``text`` (what happened, told openly), ``news_text`` (what it led to: the auction won,
        the talon, the sides learnt), ``draw_text`` (what the draws after it showed), ``label``,
        ``hands``, ``turn_up``, ``stock`` (cards left to draw, or left undealt), ``aside``
        (cards out of play: discards, spoiled tricks), ``table`` (``[seat, code, label]``
        plays), ``trick`` (the number shown, from 1), ``done`` (the table shows a finished
        trick), ``winner`` (the seat), ``taking`` (the index in ``table`` of the card that took
        the trick), ``trick_text``, ``sides`` (points per side: tricks in a game scored by
        tricks), ``side_tricks``, ``known`` (the sides are known at this step: at the deal in
        most games, at a call or at the end of an auction in others), ``points`` and
        ``seat_tricks`` (per seat, for the steps where the sides are not known), ``turn``,
        ``phase``, ``trump`` (the trump suit at this step, or ``None``), ``talon`` (cards
        still face down in it) and ``known_by`` (for each seat, whether it knows the sides
        now: a hidden partner is known to its holder at the call, to the others when the
        called card is played); ``see`` where the hands a seat sees differ from the end's;
        ``roles`` and ``roles_hidden`` in games with a contract (each seat's part in words,
        for a view that knows the sides and for one that does not); ``points_by`` where a
        seat does not see all the points (by seat number, each seat's points as that seat
        counts them: others' face-down cards left out); ``parts`` and ``hidden`` when the score
        is by seat and has extras (each seat's points so far by kind: ``"cards"``,
        ``"discard"``, ``"declare"``, ``"last"``...; and the ``[kind, seat]`` parts only that
        seat sees); and ``texts`` where some seat was told otherwise (a card put face down, the
        sides it does not know yet): for those seats, by seat number, the fields of the step as
        that seat's narration words them; ``note``: the record's note on that step (see
        :func:`cardrules.record.notes_of`), in ``lang``: written by someone who sees every card,
        it belongs to the open account, not to one seat's view. ``tricks`` gives the step at which
        each trick was finished; ``noted`` the steps that have a note; ``result`` the final
        score and its ``text``; ``record`` the deal's record (with its title, comment and
        notes); ``link`` the record packed for a shared link (:func:`link_token`). Every
        sentence comes from :class:`~cardrules.account.narration.Narrator`. On a bad record:
        ``{"ok": False, "error": message}``.
    """
    language = _lang(lang)
    try:
        if isinstance(record, str) and len(record) > MAX_RECORD_CHARS:
            raise CardrulesError(
                f"the record is too long (over {MAX_RECORD_CHARS} characters)",
                f"el registro es demasiado largo (más de {MAX_RECORD_CHARS} caracteres)",
            )
        data = load_record(record)
        game = replay(data)
        return _steps(game, language, data)
    except (CardrulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        return _failure(error, language)


def _words(narrator: Narrator, step: Step, previous: Step | None) -> dict[str, str]:
    """The sentences of a step as one narrator tells them, by JSON field."""
    told = narrator.step(step, previous=previous)
    return {"text": told.action, "trick_text": told.trick, "draw_text": " ".join(told.draws),
            "news_text": " ".join(told.news)}


def _auction(steps: list[Step]) -> dict[str, Any] | None:
    """The auction, call by call: ``[seat, bid or None for a pass, step, round]`` (the round:
    how many times the seat had spoken before), or ``None`` in a game without one."""
    auction = getattr(steps[-1].after.details, "auction", None)
    if not isinstance(auction, Auction) or not auction.calls:
        return None
    calls = []
    spoken: dict[int, int] = {}
    for index, step in enumerate(steps):
        if isinstance(step.action, (Bid, Pass)):
            bid = step.action.number if isinstance(step.action, Bid) else None
            calls.append([step.seat, bid, index, spoken.get(step.seat, 0)])
            spoken[step.seat] = spoken.get(step.seat, 0) + 1
    return {"calls": calls, "rounds": max(spoken.values(), default=0)}


def _kinds(parts: Mapping[str, Any]) -> list[str]:
    """The kinds of points in the order a score shows them: the cards won first."""
    return sorted(parts, key=lambda kind: kind != "cards")


def _talon(steps: list[Step]) -> dict[str, Any] | None:
    """The talon: its cards, the step at which it was shown and taken, and who took it (``step``
    and ``seat`` are ``None`` while it lies face down)."""
    cards = steps[0].after.talon
    if not cards:
        return None
    for index, step in enumerate(steps):
        if step.before.talon and not step.after.talon:
            seat = next((s for s, hand in enumerate(step.after.hands) if cards[0] in hand), None)
            return {"cards": [c.code for c in cards], "step": index, "seat": seat}
    return {"cards": [c.code for c in cards], "step": None, "seat": None}


def _steps(game: Game, lang: Lang, data: Mapping[str, Any]) -> dict[str, Any]:
    rules = game.rules
    players = rules.players
    steps = list(game.steps())
    final = steps[-1].after
    result = final.result
    # The sides as the deal ends (the layout of the score); sides become known at the deal in
    # most games, at a call in others.
    sides = result.sides if result is not None else final.sides
    side_of: dict[int, int] = {seat: i for i, side in enumerate(sides) for seat in side}
    by_tricks = rules.scores_tricks
    told = Narrator(rules, game.names, lang)
    seats_told = [Narrator(rules, game.names, lang, viewer=s) for s in range(players)]
    onlooker = Narrator(rules, game.names, lang, viewer=ONLOOKER)
    deal = steps[0].action
    assert isinstance(deal, Deal)
    notes = notes_of(data) if "notes" in data else {}
    said_in = 0 if lang == "en" else 1
    final_see = [list(seen) for seen in steps[-1].seen_hands]
    # The seats' parts in a contract; where some seats have none, they play each on their own
    # and the score is by seat.
    final_roles = told.roles(final.details, sides)
    by_seat = plays_on_own(final_roles, sides)
    out: list[dict[str, Any]] = []
    trick_steps: list[int] = []
    labels: dict[Card, str | None] = {}  # the label of each card played to the trick on the table
    parts: dict[str, list[int]] = {}  # where each seat's points come from so far, by kind
    hidden: list[list[Any]] = []  # [kind, seat]: that seat's part only it sees (face down)
    unseen = [0] * players  # the points of each seat's face-down cards (only it sees them)
    face_down: list[list[Any]] = []  # [seat, code, step] of every card put face down
    previous: Step | None = None
    for index, step in enumerate(steps):
        after = step.after
        if step.played is not None:
            labels[step.played] = step.label.value if step.label is not None else None
        words = _words(told, step, previous)
        texts: dict[str, dict[str, str]] = {}
        for seat, narrator in enumerate(seats_told):
            theirs = _words(narrator, step, previous)
            differ = {k: v for k, v in theirs.items() if v != words[k]}
            if differ:
                texts[str(seat)] = differ
        gained = point_parts(step)
        for kind, points in gained.items():
            so_far = parts.setdefault(kind, [0] * players)
            for seat, n in enumerate(points):
                so_far[seat] += n
        masked = onlooker.seen(step)
        if isinstance(masked, Masked) and masked.hides_card and isinstance(step.action, Move):
            kind = step.action.keyword
            if [kind, step.seat] not in hidden:
                hidden.append([kind, step.seat])
            unseen[step.seat] += gained.get(kind, [0] * players)[step.seat]
            card = getattr(step.action, "card", None)
            if isinstance(card, Card):
                face_down.append([step.seat, card.code, index])
        previous = step
        trick = step.trick
        taking = None
        if trick is not None:
            plays = trick.plays
            trick_steps.append(len(out))
            number, done, winner = trick.number + 1, True, trick.winner
            if winner is not None:
                taking = rules.trick_winner(trick.cards, trick.trump)
        else:
            plays = after.trick
            number, done, winner = len(after.tricks) + 1, False, None
        table = [[seat, card.code, labels.get(card)] for seat, card in plays]
        if trick is not None:
            labels = {}
        seat_tricks = [0] * players
        for finished in after.tricks:
            if finished.winner is not None:
                seat_tricks[finished.winner] += 1
        side_tricks = [sum(seat_tricks[s] for s in side) for side in sides]
        item: dict[str, Any] = {
            "actor": step.seat,
            "action": "deal" if step.is_deal else format_action(step.action),
            **words,
            "label": step.label.value if step.label is not None else None,
            "hands": [[c.code for c in hand] for hand in after.hands],
            "turn_up": after.turn_up.code if after.turn_up is not None else None,
            "stock": after.stock_size,
            "aside": len(after.aside),
            "table": table,
            "trick": number,
            "done": done,
            "winner": winner,
            "taking": taking,
            "sides": list(side_tricks) if by_tricks
            else [sum(after.points[s] for s in side) for side in sides],
            "side_tricks": side_tricks,
            "known": bool(after.sides) or after.result is not None,
            "points": list(after.points),
            "seat_tricks": seat_tricks,
            "turn": after.current_player if after.phase != Phase.OVER else None,
            "phase": after.phase.value,
            "trump": after.trump.value if after.trump is not None else None,
            "talon": len(after.talon),
            "known_by": [bool(known) for known in step.known_sides]
            if step.known_sides else [bool(after.sides)] * players,
        }
        if step.seen_hands and [list(seen) for seen in step.seen_hands] != final_see:
            item["see"] = [list(seen) for seen in step.seen_hands]
        roles = told.roles(after.details, after.sides)
        if any(roles):
            item["roles"] = list(roles)
            item["roles_hidden"] = list(told.roles(after.details, ()))
        if any(unseen):  # what each seat counts: the others' face-down cards are not seen
            item["points_by"] = {
                str(v): [p - (unseen[s] if s != v else 0) for s, p in enumerate(after.points)]
                for v in range(players)
            }
        if by_seat and parts:
            item["parts"] = {kind: list(parts[kind]) for kind in _kinds(parts)}
            if hidden:
                item["hidden"] = [list(pair) for pair in hidden]
        if texts:
            item["texts"] = texts
        if index in notes:
            item["note"] = notes[index][said_in]
        out.append(item)
    result_json: dict[str, Any] | None = None
    if result is not None:
        out[-1]["sides"] = list(result.side_points)
        said = [told.verdict(result), told.game_points(result)]
        result_json = {**result.to_json(), "text": " ".join(line for line in said if line)}
    trump = final.trump
    record = game.to_record()
    for key in ("title", "comment"):
        if isinstance(data.get(key), str):
            record[key] = data[key]
    if notes:
        record["notes"] = {str(step): {"en": en, "es": es} for step, (en, es) in sorted(
            notes.items())}
    answer: dict[str, Any] = {
        "ok": True,
        "game": rules.id,
        "title": rules.title.get(lang, rules.id),
        "players": players,
        "seats": [
            {"name": game.names[seat], "side": side_of.get(seat), "dealer": seat == players - 1}
            for seat in range(players)
        ],
        "sides": [list(side) for side in sides],
        "sides_dealt": bool(steps[0].after.sides),
        "side_names": [told.side(side) for side in sides],
        "style": rules.pack.face.style,
        "trump": trump.value if trump is not None else None,
        "trump_name": told.suit(trump) if trump is not None else None,
        "scored_by": "tricks" if by_tricks else "points",
        "draws": any(rules.draw_counts),
        "by_seat": by_seat,
        "roles": list(final_roles) if any(final_roles) else None,
        "trump_from": trump_source(steps),
        "suits": {suit.value: told.suit(suit) for suit in Suit},
        "auction": _auction(steps),
        "talon": _talon(steps),
        "face_down": face_down,
        "point_kinds": _kinds(parts) if by_seat and set(parts) - {"cards"} else [],
        "steps": out,
        "tricks": trick_steps,
        "noted": sorted(notes),
        "result": result_json,
        "cards": {c.code: told.card_name(c) for c in sorted(deal.cards, key=lambda c: c.index)},
        "record": record,
        "link": link_token(record),
    }
    # Whose hands each seat sees besides its own (the same all deal long in these games).
    see = [sorted(rules.visible_hands(game, s)) for s in range(players)]
    if any(see):
        answer["see"] = see
    return answer


def deal_steps(record_json: str, lang: str = "en") -> str:
    """Every state of a recorded deal, as JSON text (see :func:`steps_data`).

    Args:
        record_json: the deal record as JSON text.
        lang: ``"en"`` or ``"es"``.

    Returns:
        JSON text: ``{"ok": true, "steps": [...], ...}`` or ``{"ok": false, "error": ...}``.
    """
    return _answer(steps_data(record_json, lang))


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


def _damaged(en: str, es: str) -> CardrulesError:
    return CardrulesError(f"the link is damaged: {en}", f"el enlace está dañado: {es}")


def record_of_link(token: str) -> str:
    """The record text a link's token holds (see :func:`link_token`).

    Raises:
        CardrulesError: the token is not one, does not decode, or holds more than
            :data:`cardrules.record.MAX_RECORD_CHARS` characters (read no further).
    """
    if len(token) > MAX_LINK_CHARS:
        raise _damaged(f"it is too long (over {MAX_LINK_CHARS:,} characters)",
                       f"es demasiado largo (más de {MAX_LINK_CHARS:,} caracteres)"
                       .replace(",", "."))
    if not _TOKEN.fullmatch(token) or len(token) % 4 == 2:
        raise _damaged("the deal is not written as a link writes it",
                       "el reparto no está escrito como lo escribe un enlace")
    body = token[1:]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged("the deal is cut or altered", "el reparto está cortado o alterado") from None
    if token[0] == "z":
        unpacker = zlib.decompressobj(-15)
        try:
            # A character takes at most 4 bytes in UTF-8: read no more than the limit allows.
            raw = unpacker.decompress(raw, 4 * MAX_LINK_CHARS + 1)
        except zlib.error:
            raise _damaged("the deal is cut or altered",
                           "el reparto está cortado o alterado") from None
        if unpacker.unconsumed_tail or len(raw) > 4 * MAX_LINK_CHARS:
            raise _damaged(f"its deal is too long (over {MAX_LINK_CHARS:,} characters)",
                           f"su reparto es demasiado largo (más de {MAX_LINK_CHARS:,} "
                           "caracteres)".replace(",", "."))
        if not unpacker.eof or unpacker.unused_data:
            raise _damaged("the deal is cut or altered", "el reparto está cortado o alterado")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _damaged("the deal is not text", "el reparto no es texto") from None
    if len(text) > MAX_LINK_CHARS:
        raise _damaged(f"its deal is too long (over {MAX_LINK_CHARS:,} characters)",
                       f"su reparto es demasiado largo (más de {MAX_LINK_CHARS:,} caracteres)"
                       .replace(",", "."))
    return text


def _link_fields(fragment: str) -> dict[str, str]:
    """The fields of a link's fragment (``deal=...&step=...``), with or without its ``#``."""
    if len(fragment) > MAX_LINK_CHARS + 100:
        raise _damaged(f"it is too long (over {MAX_LINK_CHARS:,} characters)",
                       f"es demasiado largo (más de {MAX_LINK_CHARS:,} caracteres)"
                       .replace(",", "."))
    from urllib.parse import unquote

    fields: dict[str, str] = {}
    for part in fragment.removeprefix("#").split("&"):
        key, _, value = part.partition("=")
        if key in ("deal", "step", "view"):
            fields[key] = unquote(value.strip())
    if not fields.get("deal"):
        raise _damaged("it holds no deal", "no contiene ningún reparto")
    return fields


def link_data(fragment: str, lang: str = "en") -> dict[str, Any]:
    """The deal of a shared link (its fragment, ``deal=<token>&step=<n>[&view=<seat>]``), every
    state of it, and the position to show.

    Returns:
        What :func:`steps_data` returns for the link's record, with ``"at": {"step", "view"}``
        (``view``: a seat number, or ``None`` for every hand); or ``{"ok": False, "error"}``
        saying what is wrong with the link, in ``lang``: a token that does not decode, a record
        that does not replay (the same checks as a pasted record), a step or a seat the deal
        does not have.

    Examples:
        >>> record = json.load(open("examples/brisca-2p.json"))
        >>> answer = link_data("#deal=" + link_token(record) + "&step=12", "es")
        >>> answer["ok"], answer["at"], len(answer["steps"]) == len(record["actions"]) + 1
        (True, {'step': 12, 'view': None}, True)
        >>> link_data("#deal=zAAAA&step=12", "en")["error"]
        'the link is damaged: the deal is cut or altered'
    """
    language = _lang(lang)
    try:
        fields = _link_fields(fragment)
        text = record_of_link(fields["deal"])
    except CardrulesError as error:
        return _failure(error, language)
    answer = steps_data(text, language)
    if not answer["ok"]:
        prefix = "el reparto del enlace no es válido" if language == "es" else \
            "the link's deal is not valid"
        return {"ok": False, "error": f"{prefix}: {answer['error']}"}
    last = len(answer["steps"]) - 1
    step_text = fields.get("step", "0") or "0"
    view_text = fields.get("view", "all") or "all"
    try:
        if not (step_text.isascii() and step_text.isdigit()) or int(step_text) > last:
            raise _damaged(f"it points at step {shown(step_text)}; this deal has steps 0 to "
                           f"{last}", f"señala el paso {shown(step_text, 'es')}; esta mano tiene "
                           f"los pasos del 0 al {last}")
        players = answer["players"]
        if view_text != "all" and not (view_text.isascii() and view_text.isdigit()
                                       and int(view_text) < players):
            raise _damaged(f"it shows seat {shown(view_text)}; this deal has seats 0 to "
                           f"{players - 1}", f"muestra el asiento {shown(view_text, 'es')}; "
                           f"esta mano tiene los asientos del 0 al {players - 1}")
    except CardrulesError as error:
        return _failure(error, language)
    answer["at"] = {"step": int(step_text),
                    "view": None if view_text == "all" else int(view_text)}
    return answer


def link_steps(fragment: str, lang: str = "en") -> str:
    """:func:`link_data` as JSON text (the widget's call when a page opens a shared link)."""
    return _answer(link_data(fragment, lang))


def new_deal_data(
    game: str, players: int, seed: int | None = None, lang: str = "en"
) -> dict[str, Any]:
    """A new deal of ``game``, played to the end by the package's bots, and every state of it.

    Even seats play :class:`~cardrules.bots.GreedyBot`, odd seats
    :class:`~cardrules.bots.RandomBot` (seeded from the deal's seed), so the same seed gives the
    same deal and the same play.

    Args:
        game: a game id such as ``"brisca"``.
        players: the number of players.
        seed: the deal's seed; ``None`` draws one.
        lang: ``"en"`` or ``"es"``.

    Returns:
        What :func:`steps_data` returns, with the ``record`` of the new deal (its ``seed``
        included); or ``{"ok": False, "error": message}`` for a bad game, count or seed.
    """
    from ..bots import Bot, GreedyBot, RandomBot, play_out
    from ..record import new_game

    language = _lang(lang)
    try:
        played = new_game(game, players=players, seed=seed)
        base = played.seed if played.seed is not None else 0
        bots: list[Bot] = [
            GreedyBot() if s % 2 == 0 else RandomBot(seed=(base + s) % 2**32)
            for s in range(played.players)
        ]
        play_out(played, bots)
        return _steps(played, language, {})
    except (CardrulesError, ValueError, TypeError, RecursionError) as error:
        return _failure(error, language)


def new_deal(game: str, players: int, seed: int | None = None, lang: str = "en") -> str:
    """:func:`new_deal_data` as JSON text."""
    return _answer(new_deal_data(game, players, seed, lang))


def _plain(text: str) -> str:
    """Glossary text without its Markdown emphasis."""
    return text.replace("*", "")


def lookup_data(text: str, lang: str = "en") -> dict[str, Any]:
    """The glossary term that ``text`` names (any form, any case, accents optional).

    Args:
        text: what the reader typed or clicked.
        lang: the page's language.

    Returns:
        ``{"ok": True, "found": True, "id", "word", "lang", "lang_name", "gloss": {"en",
        "es"}, "definition", "forms", "games", "see": [{"id", "word"}], "example", "others"}``
        (``others``: further terms that match the text); or ``{"ok": True, "found": False,
        "suggestions": [words]}``.
    """
    from ..learn import glossary

    language = _lang(lang)
    query = text.strip()[:100]
    term = glossary.lookup(query) if query else None
    matches = glossary.search(query, language) if query else ()
    if term is None and matches:
        term = matches[0]
    if term is None:
        return {"ok": True, "found": False, "query": query, "suggestions": _close(query)}
    return {
        "ok": True,
        "found": True,
        "query": query,
        "id": term.id,
        "word": term.word,
        "lang": term.lang,
        "lang_name": glossary.TERM_LANGS[term.lang][language],
        "gloss": {"en": term.gloss.en, "es": term.gloss.es},
        "definition": _plain(term.definition[language]),
        "forms": list(term.forms),
        "games": [glossary.game_title(g, language) for g in term.games],
        "see": [{"id": i, "word": glossary.get(i).word} for i in term.see],
        "example": term.example.strip("\n"),
        "others": [{"id": t.id, "word": t.word} for t in matches if t.id != term.id][:5],
    }


def _close(query: str, limit: int = 3) -> list[str]:
    """Glossary words close to a misspelt query."""
    import difflib

    from ..learn import glossary

    names: dict[str, str] = {}
    for term in glossary.terms():
        for name in term.names:
            names.setdefault(name.lower(), term.word)
    close = difflib.get_close_matches(query.lower(), list(names), n=limit * 3, cutoff=0.7)
    return list(dict.fromkeys(names[c] for c in close))[:limit]


def lookup(text: str, lang: str = "en") -> str:
    """:func:`lookup_data` as JSON text."""
    return _answer(lookup_data(text, lang))


def run_example_data(term_id: str, lang: str = "en") -> dict[str, Any]:
    """Run the example of a glossary term, in a namespace of its own.

    Returns:
        ``{"ok": True, "id", "passed": bool, "ms": float, "output": printed text,
        "error": the last lines of the traceback, or ""}``; ``{"ok": False, "error"}`` for an
        unknown term.
    """
    from ..learn import glossary

    language = _lang(lang)
    try:
        term = glossary.get(term_id)
    except KeyError:
        message = (f"no hay ningún término «{term_id}»" if language == "es"
                   else f"no glossary term {term_id!r}")
        return {"ok": False, "error": message}
    out = io.StringIO()
    namespace: dict[str, Any] = {"__name__": f"glossary_example_{term.id.replace('-', '_')}"}
    start = time.perf_counter()
    error = ""
    try:
        code = compile(term.example, f"<glossary example: {term.id}>", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
    except Exception:  # the example failed: say how, the way Python would
        lines = traceback.format_exc().strip().splitlines()
        error = "\n".join(lines[-3:])
    ms = (time.perf_counter() - start) * 1000
    return {
        "ok": True,
        "id": term.id,
        "passed": not error,
        "ms": round(ms, 1),
        "output": out.getvalue()[:2000],
        "error": error,
    }


def run_example(term_id: str, lang: str = "en") -> str:
    """:func:`run_example_data` as JSON text."""
    return _answer(run_example_data(term_id, lang))


def catalog_data(lang: str = "en") -> dict[str, Any]:
    """What the widget's controls offer, in ``lang``: the games with their player counts, and
    each play label's term with its gloss and definition.

    The rulebook's build writes this into each page, so the page needs no Python to show its
    menus or to explain a label.
    """
    from ..core.labels import PlayLabel
    from ..learn import glossary

    language = _lang(lang)
    games = [
        {"id": g.id, "title": g.title.get(language, g.id), "players": list(g.player_counts)}
        for g in GAMES.values()
    ]
    labels = {}
    for term_id in [label.value for label in PlayLabel] + ["mano"]:
        term = glossary.get(term_id)
        labels[term_id] = {
            "word": term.word,
            "gloss": term.gloss[language],
            "definition": _plain(term.definition[language]),
        }
    terms = [{"id": t.id, "word": t.word} for t in glossary.terms()]
    return {"ok": True, "games": games, "labels": labels, "terms": terms}


def catalog(lang: str = "en") -> str:
    """:func:`catalog_data` as JSON text."""
    return _answer(catalog_data(lang))
