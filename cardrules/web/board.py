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
from typing import Any, Final, cast

from ..account.deal import account
from ..account.narration import ONLOOKER, Narrator, StepWords
from ..core.actions import Deal
from ..core.cards import Suit
from ..core.errors import CardrulesError, Lang, shown
from ..engine import Game
from ..games import GAMES
from ..record import load_record, notes_in, notes_of, replay
from ..words import N_, Count, Message, known, words
from .schema import AuctionJSON, DealJSON, FailureJSON, ResultJSON, StepJSON, StepTexts

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
MAX_LINK_CHARS: Final = MAX_RECORD_CHARS
"""The longest link's token, and the longest record text it may unpack to: the same limit as a
pasted record's, so that every refusal of a long link states one number."""
RESULT_KEYS: Final = frozenset(ResultJSON.__annotations__) - {"text"}
"""The fields of a result the board is sent (every game's; a game's own are told in words)."""
LINK_KEYS: Final = ("game", "players", "options", "seed", "deal", "actions", "notes", "title",
                    "comment")
"""The record's keys a link keeps (the ``format`` is the current one)."""


def _answer(data: Mapping[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    try:  # the page takes only whole characters: a lone surrogate is sent escaped
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, separators=(",", ":"))
    return text


def _mapping(answer: DealJSON | FailureJSON) -> dict[str, Any]:
    """An answer as the plain mapping the public functions return (its shape: the schema)."""
    return cast(dict[str, Any], answer)


def _failure(error: BaseException, lang: Lang) -> FailureJSON:
    if isinstance(error, CardrulesError):
        message = error.message(lang)
    else:  # not a reader's mistake the package words itself: said as Python said it
        message = words(lang)._("Python could not do it: {error}",
                                error=f"{type(error).__name__}: {error}")
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
    language = known(lang)
    try:
        if isinstance(record, str) and len(record) > MAX_RECORD_CHARS:
            raise CardrulesError("the record is too long (over {limit} characters)",
                                 limit=Count(MAX_RECORD_CHARS))
        data = load_record(record)
        game = replay(data)
        return _mapping(_steps(game, language, data))
    except (CardrulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        return _mapping(_failure(error, language))


def _said(words: StepWords) -> StepTexts:
    """A step's sentences by JSON field."""
    return {"text": words.action, "trick_text": words.trick, "draw_text": " ".join(words.draws),
            "news_text": " ".join(words.news)}


def _steps(game: Game, lang: Lang, data: Mapping[str, Any]) -> DealJSON:
    """The deal for the board: the open account, and for each seat what it is told otherwise
    (its narration where it differs, the points it counts), made from the accounts of the deal
    (:func:`cardrules.account.deal.account`) and nothing else."""
    rules = game.rules
    players = rules.players
    steps = list(game.steps())
    notes = notes_of(data) if "notes" in data else {}
    told = account(game, lang, steps=steps, notes=notes_in(notes, lang))
    public = account(game, lang, viewer=ONLOOKER, steps=steps)
    seats = [account(game, lang, viewer=seat, steps=steps) for seat in range(players)]
    sides = told.sides
    side_of = {seat: i for i, side in enumerate(sides) for seat in side}
    final_see = [list(seen) for seen in told.steps[-1].sees]
    face_down = any(public.face_down)
    out: list[StepJSON] = []
    for index, step in enumerate(told.steps):
        score = step.score
        words = _said(step.said)
        texts: dict[str, StepTexts] = {}
        for seat, theirs in enumerate(seats):
            own = _said(theirs.steps[index].said)
            differ = cast(StepTexts, {k: v for k, v in own.items() if v != words.get(k)})
            if differ:
                texts[str(seat)] = differ
        item: StepJSON = {
            "actor": step.seat,
            "action": step.notation,
            "text": words["text"],
            "trick_text": words["trick_text"],
            "draw_text": words["draw_text"],
            "news_text": words["news_text"],
            "label": step.label.value if step.label is not None else None,
            "hands": [[c.code for c in hand] for hand in step.hands],
            "turn_up": step.turn_up.code if step.turn_up is not None else None,
            "stock": step.stock,
            "aside": step.aside,
            "table": [[play.seat, play.card.code, play.label.value if play.label else None]
                      for play in step.table],
            "trick": step.trick,
            "done": step.done,
            "winner": step.winner,
            "taking": step.taking,
            "sides": list(score.side_points),
            "side_tricks": list(score.side_tricks),
            "known": step.sides_known,
            "points": list(score.seat_points),
            "seat_tricks": list(score.seat_tricks),
            "turn": step.turn,
            "phase": step.phase.value,
            "trump": step.trump.value if step.trump is not None else None,
            "talon": step.talon,
            "known_by": list(step.known_by),
        }
        if step.sees and [list(seen) for seen in step.sees] != final_see:
            item["see"] = [list(seen) for seen in step.sees]
        if any(step.roles):
            item["roles"] = list(step.roles)
            item["roles_hidden"] = list(step.roles_unknown)
        counted = public.steps[index].score.seat_points
        if face_down and counted != score.seat_points:
            item["points_by"] = {
                str(v): [p if s == v else counted[s] for s, p in enumerate(score.seat_points)]
                for v in range(players)
            }
        if told.by_seat and score.parts:
            item["parts"] = {kind: list(points) for kind, points in score.parts.items()}
            hidden = public.steps[index].score.hidden
            if hidden:
                item["hidden"] = [[kind, seat] for kind, seat in hidden]
        if texts:
            item["texts"] = texts
        if step.note is not None:
            item["note"] = step.note
        out.append(item)
    result = told.result
    result_json: ResultJSON | None = None
    if result is not None:
        said = [told.verdict, told.scored]
        # The result's common fields only: a game's own (a bid, a caller) are told in words.
        common = {key: value for key, value in result.to_json().items() if key in RESULT_KEYS}
        result_json = cast(ResultJSON, {**common, "text": " ".join(line for line in said if line)})
    record = game.to_record()
    for key in ("title", "comment"):
        if isinstance(data.get(key), str):
            record[key] = data[key]
    if notes:
        record["notes"] = {str(step): {"en": en, "es": es} for step, (en, es) in sorted(
            notes.items())}
    narrator = Narrator(rules, game.names, lang)
    deal = steps[0].action
    assert isinstance(deal, Deal)
    trump = told.trump
    auction: AuctionJSON | None = None
    if told.auction is not None:
        auction = {"calls": [[c.seat, c.bid, c.step, c.round] for c in told.calls],
                   "rounds": max((c.round + 1 for c in told.calls), default=0)}
    answer: DealJSON = {
        "ok": True,
        "game": rules.id,
        "title": told.title,
        "players": players,
        "seats": [
            {"name": game.names[seat], "side": side_of.get(seat), "dealer": seat == players - 1}
            for seat in range(players)
        ],
        "sides": [list(side) for side in sides],
        "sides_dealt": bool(steps[0].after.sides),
        "side_names": list(told.side_names),
        "style": rules.pack.face.style,
        "trump": trump.value if trump is not None else None,
        "trump_name": narrator.suit(trump) if trump is not None else None,
        "scored_by": "tricks" if told.scored_by_tricks else "points",
        "draws": any(rules.draw_counts),
        "by_seat": told.by_seat,
        "roles": list(told.roles) if any(told.roles) else None,
        "trump_from": told.trump_from,
        "suits": {suit.value: narrator.suit(suit) for suit in Suit},
        "auction": auction,
        "talon": None if told.talon is None else {
            "cards": [c.code for c in told.talon.cards], "step": told.talon.step,
            "seat": told.talon.seat},
        "face_down": [[f.seat, f.card.code, f.step] for f in public.face_down],
        "point_kinds": list(told.point_kinds),
        "steps": out,
        "tricks": list(told.trick_steps),
        "noted": sorted(notes),
        "result": result_json,
        "cards": {c.code: narrator.card_name(c)
                  for c in sorted(deal.cards, key=lambda c: c.index)},
        "record": record,
        # The record as text, for the page to show and copy: JSON.parse would round a seed
        # beyond 2**53 (and the pasted copy would then be refused).
        "record_text": json.dumps(record, indent=1, ensure_ascii=False),
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
    """The deal of a shared link (its fragment, ``deal=<token>&step=<n>[&view=<seat>]``), every
    state of it, and the position to show.

    Returns:
        What :func:`steps_data` returns for the link's record, with ``"at": {"step", "view"}``
        (``view``: a seat number, or ``None`` for every hand); or ``{"ok": False, "error"}``
        saying what is wrong with the link, in ``lang``: a token that does not decode, a record
        that does not replay (the same checks as a pasted record), a step that is not a
        number, a seat the deal does not have. A step past the deal's end shows its last step.

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
        return _mapping(_failure(error, language))
    answer = steps_data(text, language)
    if not answer["ok"]:
        return {"ok": False, "error": words(language)._("the link's deal is not valid: {error}",
                                                        error=answer["error"])}
    last = len(answer["steps"]) - 1
    step_text = fields.get("step", "0") or "0"
    view_text = fields.get("view", "all") or "all"
    try:
        if not (step_text.isascii() and step_text.isdigit()):
            raise _damaged(N_("it points at step {step}; this deal has steps 0 to {last}"),
                           step=shown(step_text, language), last=last)
        view = _number(view_text)
        if view_text != "all" and (view is None or view >= answer["players"]):
            raise _damaged(N_("it shows the hand of a player this deal does not have ({view})"),
                           view=shown(view_text, language))
    except CardrulesError as error:
        return _mapping(_failure(error, language))
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

    language = known(lang)
    try:
        played = new_game(game, players=players, seed=seed)
        base = played.seed if played.seed is not None else 0
        bots: list[Bot] = [
            GreedyBot() if s % 2 == 0 else RandomBot(seed=(base + s) % 2**32)
            for s in range(played.players)
        ]
        play_out(played, bots)
        return _mapping(_steps(played, language, {}))
    except (CardrulesError, ValueError, TypeError, RecursionError) as error:
        return _mapping(_failure(error, language))


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

    language = known(lang)
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

    language = known(lang)
    try:
        term = glossary.get(term_id)
    except KeyError:
        return {"ok": False, "error": words(language)._("no glossary term {term}",
                                                        term=shown(term_id, language))}
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

    language = known(lang)
    games = [
        {"id": g.id, "title": g.title.get(language, g.id), "players": list(g.player_counts)}
        for g in GAMES.values()
    ]
    labels = {}
    for term_id in [label.value for label in PlayLabel] + ["mano"]:
        term = glossary.get(term_id)
        labels[term_id] = {
            "word": term.word,
            "lang": term.lang,  # the word's own language, marked where the page's differs
            "gloss": term.gloss[language],
            "definition": _plain(term.definition[language]),
        }
    terms = [{"id": t.id, "word": t.word} for t in glossary.terms()]
    return {"ok": True, "games": games, "labels": labels, "terms": terms}


def catalog(lang: str = "en") -> str:
    """:func:`catalog_data` as JSON text."""
    return _answer(catalog_data(lang))
