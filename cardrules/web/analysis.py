"""The analysis of a deal in the browser: the Python side of the widget's "Analyse my play".

One account of the analysis (:class:`cardrules.analysis.Analysis`, worded by
:class:`~cardrules.account.review.Review`, its graph drawn by :mod:`cardrules.render.analysis`)
is made here, a little at a time, so that the page shows the first marks while the rest are
weighed and can stop at any moment: each call does a bounded piece of work and returns, and
the page stops calling when the reader deals again or leaves (the worker runs one call at a
time: nothing is left running). The page renders what it is sent; it derives nothing.

=============================================  ===============================================
function                                       answer
=============================================  ===============================================
``start(settings_json, lang)``                 a new analysis of one seat of a deal record
``step(session)``                              the next decision weighed (and marked), or
                                               one in doubt as it stands so far
``finish(session)``                            the summary, the graph (SVG) and its table
``seat_bot(session)``                          the bot in the seat: a piece of its deal, and
                                               at the end its points beside the player's
``close(session)``                             forgets the analysis
``daily(game, date, lang)``                    the deal of the day of a game, as a record
=============================================  ===============================================

An answer is ``{"ok": true, ...}`` or ``{"ok": false, "error": "<message in lang>"}``.

Examples:
    >>> import json
    >>> from cardrules import new_game
    >>> from cardrules.bots import make_bot, play_out
    >>> game = new_game("briscola", players=2, seed=4)
    >>> play_out(game, [make_bot("greedy"), make_bot("greedy")])
    >>> settings = {"record": game.to_record(), "seat": 0, "worlds": 4, "level": "easy",
    ...             "bot_level": "easy"}
    >>> started = json.loads(start(json.dumps(settings), "en"))
    >>> started["ok"], started["total"] > 10, started["player"]
    (True, True, 'Ana')
    >>> first = json.loads(step(started["session"]))
    >>> first["decision"]["step"] == first["decision"]["index"] + 1, first["done"]
    (True, False)
"""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..account.review import Review, daily_line
from ..analysis import (
    DEFAULT_WORLDS,
    Analysis,
    Decision,
    Mark,
    SeatReplay,
    Weighing,
    analysis_of,
    daily_record,
    turns,
    weighings,
)
from ..analysis.seat import bot_in_seat_steps
from ..bots import LEVELS
from ..core.cards import Card
from ..core.errors import CardrulesError
from ..core.quoted import Quoted
from ..engine import Game
from ..render.analysis import chance_rows, chance_svg
from ..words import Lang, known
from .answers import answer_text, failure
from .play import record_text
from .steps import replayed

__all__ = [
    "MAX_ANALYSES",
    "SLICE_SECONDS",
    "close",
    "daily",
    "daily_data",
    "finish",
    "finish_data",
    "seat_bot",
    "seat_bot_data",
    "start",
    "start_data",
    "step",
    "step_data",
]

MAX_ANALYSES: Final = 4
"""Analyses kept at once (the oldest is forgotten beyond that)."""
SLICE_SECONDS: Final = 0.25
"""The bot in the seat plays on for about this long a call, then the page may stop it."""


class AnalysisError(CardrulesError):
    """A request the analysis cannot serve (no such analysis, bad settings)."""


@dataclass
class _Session:
    """One analysis under way: the deal, the seat, the decisions weighed so far, and the bot
    in the seat's deal as far as it has gone."""

    id: int
    game: Game
    seat: int
    lang: Lang
    level: str
    bot_level: str
    worlds: int
    total: int
    weighing: Iterator[Weighing]
    day: datetime.date | None
    first: int
    made: list[Decision] = field(default_factory=list)
    replaying: Generator[int, None, SeatReplay] | None = None
    replay: SeatReplay | None = None


_sessions: dict[int, _Session] = {}
_counter = [0]
_page_lang: list[Lang] = ["en"]


def _session(session: object) -> _Session:
    found = _sessions.get(session) if isinstance(session, int) else None
    if found is None:
        raise AnalysisError("This analysis is no longer open: start it again.")
    return found


def _lang_of(session: object) -> Lang:
    """The language of an analysis (for one that is gone, the page's: the last started's)."""
    found = _sessions.get(session) if isinstance(session, int) else None
    return found.lang if found is not None else _page_lang[0]


def _answered(lang: Lang, make: Any, *args: Any) -> dict[str, Any]:
    try:
        data: dict[str, Any] = make(*args)
        return data
    except (CardrulesError, ValueError, TypeError, KeyError, RecursionError) as error:
        return failure(error, lang)


def start_data(settings: str | Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """A new analysis (see :func:`start`)."""
    language = _page_lang[0] = known(lang)
    return _answered(language, _start, settings, language)


def _start(settings: str | Mapping[str, Any], lang: Lang) -> dict[str, Any]:
    data = json.loads(settings) if isinstance(settings, str) else settings
    if not isinstance(data, Mapping) or "record" not in data:
        raise AnalysisError("the settings must be a JSON object with a record")
    _, game = replayed(data["record"])
    seat = data.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise AnalysisError("seat {seat}: choose a seat from 0 to {last}", seat=Quoted(seat),
                            last=game.players - 1)
    if game.result is None:
        raise AnalysisError("The deal is not over: play it to the end, then analyse it.")
    level, bot_level = (data.get(key) or "normal" for key in ("level", "bot_level"))
    for chosen in (level, bot_level):
        if chosen not in LEVELS:
            raise AnalysisError("bots' strength {level}: choose {levels}",
                                level=Quoted(chosen), levels=", ".join(LEVELS))
    worlds = data.get("worlds", DEFAULT_WORLDS)
    if isinstance(worlds, bool) or not isinstance(worlds, int) or not 1 <= worlds <= 1000:
        raise AnalysisError("worlds {worlds}: a whole number from 1 to 1000",
                            worlds=Quoted(worlds))
    day = datetime.date.fromisoformat(data["daily"]) if data.get("daily") else None
    first = data.get("from", 0)
    actions = len(game.log) - 1
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= actions:
        raise AnalysisError("from {first}: a whole number from 0 to {last}",
                            first=Quoted(first), last=actions)
    _counter[0] += 1
    session = _Session(_counter[0], game, seat, lang, level, bot_level, worlds,
                       sum(1 for _ in turns(game, seat, first)),
                       weighings(game, seat, worlds=worlds, first=first), day, first)
    _sessions[session.id] = session
    while len(_sessions) > MAX_ANALYSES:
        del _sessions[min(_sessions)]
    review = Review(_analysis(session), lang)
    return {"ok": True, "session": session.id, "seat": seat, "player": game.names[seat],
            "total": session.total, "title": review.title(), "taken": review.taken_over()}


def start(settings_json: str, lang: str = "en") -> str:
    """Start the analysis of one seat's decisions in a finished deal.

    Args:
        settings_json: a JSON object: ``record`` (a deal record, as an object or as JSON
            text), ``seat`` (0 by default), ``level`` (the other seats' bots when the bot in
            the seat plays the deal again: ``"normal"`` by default), ``bot_level`` (the bot
            in the seat's: ``"normal"`` by default), ``worlds`` (imagined
            deals a decision; the package's default, as in the terminal: at half as many, the
            planted mistakes of ``benchmarks/analysis.py`` were not all marked), ``daily``
            (``"YYYY-MM-DD"``: the record is that date's deal of the day, and :func:`seat_bot`
            gives its result line),
            and ``from`` (the actions of the record played before the reader took the seat,
            in a deal played on from a step: only the decisions after them are rated, and the
            bot in the seat takes it from there; 0 by default).
        lang: the language of every sentence.

    Returns:
        JSON text: ``{"ok": true, "session", "seat", "player" (the seat's name), "total"
        (the decisions to weigh), "title", "taken" (in a deal taken over at a step, the
        sentence that says the decisions before it are not rated; else "")}`` or
        ``{"ok": false, "error"}``.
    """
    return answer_text(start_data(settings_json, lang))


def _analysis(session: _Session) -> Analysis:
    return analysis_of(session.game, session.seat, session.made, worlds=session.worlds,
                       first=session.first)


def _decision_json(review: Review, weighing: Weighing) -> dict[str, Any]:
    decision = weighing.decision
    best = decision.best.action
    marked = decision.mark is not Mark.NONE
    # A decision in doubt says so once, in its lines and on its own (the note on the board).
    doubt = "" if weighing.settled else review.weighing(decision)
    lines = review.decision(decision) + ([doubt] if doubt else [])
    return {
        "index": decision.index,
        "step": decision.index + 1,  # the stepper's step that shows the action played
        "settled": weighing.settled,
        "mark": decision.mark.value,
        "mark_text": (review.mark(decision.mark) if weighing.settled
                      else review.mark_so_far(decision.mark)),
        "weighing": doubt,
        "made": decision.made.notation,
        "best": decision.best.notation,
        "best_card": best.code if isinstance(best, Card) and decision.better else None,
        "better": review.better(decision) if marked else "",
        "lines": lines,
        "exact": decision.exact,
    }


def step_data(session: int) -> dict[str, Any]:
    """The next decision weighed (see :func:`step`)."""
    return _answered(_lang_of(session), _step, session)


def _step(session: int) -> dict[str, Any]:
    found = _session(session)
    weighing = next(found.weighing, None)
    if weighing is None:
        return {"ok": True, "done": True, "count": len(found.made), "decision": None}
    if weighing.settled:
        found.made.append(weighing.decision)
    review = Review(_analysis(found), found.lang)
    return {"ok": True, "done": False, "count": len(found.made),
            "decision": _decision_json(review, weighing)}


def step(session: int) -> str:
    """Weigh the next decision of the seat, or a decision in doubt in more imagined deals: a
    decision whose first deals leave it in doubt comes first as it stands (``settled``
    false), then again after each extension of its deals (:func:`cardrules.analysis.weighings`:
    the same deals the whole analysis weighs it in), settled last. A call weighs at most one
    batch of a decision's deals.

    Returns:
        JSON text: ``{"ok": true, "done" (no decision was left), "count" (decisions settled),
        "decision": {"index" (of the action in the record's ``actions``), "step" (the
        stepper's step that shows it played), "settled", "mark" (counting only the losses
        beyond their uncertainty, as always; unsettled, what the deals so far say),
        "mark_text" (unsettled: the mark so far, said to be still weighed), "weighing"
        (unsettled: the sentence that says it is still being weighed; else ""), "made", "best"
        (notation), "best_card" (the better play's card code, when another card was better),
        "better" (at a marked decision, the better play in words), "lines" (everything said
        about the decision), "exact"}}``.
    """
    return answer_text(step_data(session))


def finish_data(session: int) -> dict[str, Any]:
    """The analysis as weighed so far (see :func:`finish`)."""
    return _answered(_lang_of(session), _finish, session)


def _finish(session: int) -> dict[str, Any]:
    found = _session(session)
    analysis = _analysis(found)
    review = Review(analysis, found.lang)
    headers, rows = chance_rows(analysis, found.lang)
    ident = f"cr-chance-{found.id}"
    return {"ok": True, "summary": review.summary(), "counts": analysis.summary().to_json(),
            "caption": review.chance_caption(), "svg": chance_svg(analysis, found.lang,
                                                                  ident=ident),
            "headers": headers, "rows": rows, "analysis": analysis.to_json()}


def finish(session: int) -> str:
    """The analysis of the decisions weighed so far (every one, once :func:`step` is done).

    Returns:
        JSON text: ``{"ok": true, "summary" (in words), "counts" (the summary's figures),
        "caption", "svg" (the graph of the chance to win, drawn by
        :func:`cardrules.render.analysis.chance_svg`: every text escaped), "headers" and
        "rows" (the same figures as a table, in words), "analysis" (its JSON)}``.
    """
    return answer_text(finish_data(session))


def seat_bot_data(session: int) -> dict[str, Any]:
    """A piece of the bot in the seat's deal (see :func:`seat_bot`)."""
    return _answered(_lang_of(session), _seat_bot, session)


def _seat_bot(session: int) -> dict[str, Any]:
    found = _session(session)
    if found.replay is None:
        if found.replaying is None:
            found.replaying = bot_in_seat_steps(found.game.to_record(), found.seat,
                                                level=found.bot_level, others=found.level,
                                                first=found.first)
        until = time.perf_counter() + SLICE_SECONDS
        played = 0
        try:
            while time.perf_counter() < until:
                played = next(found.replaying)
        except StopIteration as over:
            found.replay = over.value
        if found.replay is None:
            return {"ok": True, "done": False, "played": played,
                    "actions": len(found.game.log) - 1}
    replay = found.replay
    review = Review(_analysis(found), found.lang)
    answer = {"ok": True, "done": True, "text": review.seat_replay(replay),
              "player_points": replay.player_points, "bot_points": replay.bot_points,
              "level": replay.level}
    if found.day is not None:
        answer["line"] = daily_line(found.game.rules, found.day, replay.player_points,
                                    replay.bot_points, found.lang)
    return answer


def seat_bot(session: int) -> str:
    """Play on the deal with the search bot in the seat (:func:`~cardrules.analysis.bot_in_seat`)
    for about :data:`SLICE_SECONDS`; call again until it is done.

    Returns:
        JSON text: ``{"ok": true, "done": false, "played", "actions"}`` (the actions of the
        bot's deal so far, and of the deal as played: a measure of progress) or, once done,
        ``{"ok": true, "done": true, "text" (the bot's points beside the player's, in words),
        "player_points", "bot_points", "level", "line" (for a deal of the day: the result
        line, which says nothing of the cards)}``.
    """
    return answer_text(seat_bot_data(session))


def close(session: int) -> str:
    """Forget an analysis. Returns ``{"ok": true}``."""
    if isinstance(session, int):
        _sessions.pop(session, None)
    return answer_text({"ok": True})


def daily_data(game: str, date: str, lang: str = "en") -> dict[str, Any]:
    """The deal of the day (see :func:`daily`)."""
    language = known(lang)

    def make() -> dict[str, Any]:
        try:
            day = datetime.date.fromisoformat(date)
        except (TypeError, ValueError):
            raise AnalysisError("date {date}: a date as YYYY-MM-DD",
                                date=Quoted(date)) from None
        record = daily_record(day, game)
        return {"ok": True, "date": day.isoformat(), "game": record["game"],
                "players": record["players"], "record_text": record_text(record)}

    return _answered(language, make)


def daily(game: str, date: str, lang: str = "en") -> str:
    """The deal of the day of ``game`` on ``date`` (``"YYYY-MM-DD"``, the reader's own date):
    the same deal for everyone on that date (:func:`cardrules.analysis.daily_record`).

    Returns:
        JSON text: ``{"ok": true, "date", "game", "players", "record_text" (the record, to
        play)}`` or ``{"ok": false, "error"}``.
    """
    return answer_text(daily_data(game, date, lang))
