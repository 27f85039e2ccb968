"""The score pad: a real table's match, its deals entered by hand, scored by the package.

Players at a table play with real cards and keep the score here. The page
(``docs/assets/widget/scorepad.js``) keeps the match in the browser's storage as a small JSON
state (:func:`tally` describes it) and asks Python, through the site's worker, for everything
it shows: each deal's result in words, each person's total, who deals next, who has won. The
result of a deal comes from the game's own scoring (its rules' ``result_of_tally``, given the
figures the players entered as its ``tally_form`` asks them: card points, the contract and the
points taken, the tricks), and the totals, the next dealer and the end of the match from
:func:`cardrules.match.book_deal` and :func:`cardrules.match.match_over`, as in a
:class:`~cardrules.match.Match` played in the engine. Nothing is scored in JavaScript.

Every answer is JSON text: ``{"ok": true, ...}`` or ``{"ok": false, "error": sentence}`` in
the reader's language (a mistake in an entry names what is wrong; the state is unchanged).

Examples:
    >>> import json
    >>> state = {"v": 1, "game": "brisca", "people": ["Ana", "Luis"], "dealer": 1,
    ...          "entries": [{"points": [70, 50]}]}
    >>> pad = json.loads(tally(json.dumps(state), "en"))
    >>> pad["totals"], pad["next"]
    ([1, 0], 'Ana deals next.')
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, Final, Literal

from ..core.errors import CardrulesError
from ..core.options import option_range, option_values, tally_options
from ..engine import Result, Rules, Tally, TallyForm
from ..games import GAMES, rules_for
from ..match import book_deal, match_over
from ..words import N_, Lang, Message, words
from .chrome import Entry, PluralJSON, p_, said

__all__ = ["FAMILIES", "STATE_VERSION", "WORDS", "pad_options", "pad_words", "tally"]

STATE_VERSION: Final = 1
"""The version of the stored state (``"v"``): the page keeps aside a state of another one."""

FAMILIES: Final = tuple(GAMES)
"""The games the score pad keeps: every registered game, each with the entry form its module
declares (:meth:`Rules.tally_form <cardrules.engine.Rules.tally_form>`)."""

LIMIT: Final = 1000
"""The largest figure an entry may hold (card points, a bid): a typing slip beyond it is
refused."""

WORDS: Final[dict[str, Entry]] = {
    "game": N_("Game"),
    "players": N_("Players, in order of play round the table"),
    "count": N_("Number of players"),
    "player": N_("Player {n}"),
    "firstDealer": N_("Who deals first"),
    "start": N_("Start the match"),
    "deal": N_("Deal {n}"),
    "dealColumn": p_("score pad column", "Deal"),
    "enter": N_("Enter this deal"),
    "undo": N_("Undo the last entry"),
    "newMatch": N_("New match"),
    "copyLink": N_("Copy a link to this match"),
    "saveFile": N_("Save the match as a file"),
    "openFile": N_("Open a saved match"),
    "copied": N_("The link is copied: open it on another device to carry on there."),
    "loaded": N_("The match is back, as it was saved."),
    "badFile": N_("This file is not a saved match of this score pad."),
    "kept": N_("A stored match could not be read (another version, or edited by hand): it is "
               "kept aside, and a new match starts."),
    "notSaved": N_("This browser did not let the page save: the match is kept only while the "
                   "page is open."),
    "points": N_("Points of {names}"),
    "tricks": N_("Tricks of {name}"),
    "tute": N_("Tute (four kings or four knights) declared by"),
    "cantes": N_("Somebody declared a marriage (cante) in this deal"),
    "options": N_("Rules that change the score"),
    "nobody": N_("nobody"),
    "last": N_("Last trick taken by"),
    "caller": N_("Caller"),
    "partner": N_("Partner (the caller himself if he called his own card)"),
    "declarer": N_("Declarer"),
    "bid": N_("Bid"),
    "taken": N_("Points taken by the caller's side"),
    "takenDeclarer": N_("Points taken by the declarer"),
    "void": N_("Everybody passed: no deal"),
    "surrender": N_("Surrender"),
    "surrenderNone": N_("none offered"),
    "surrenderAccepted": N_("offered by {names}, accepted"),
    "surrenderRefused": N_("offered by {names}, refused"),
    "first": N_("Top player reached that number of tricks first"),
    "mordienne": N_("Mordienne: the top player won none of the first tricks, then every one "
                    "to the last"),
    "total": N_("Total"),
    "waiting": N_("Starting Python in your browser…"),
}
"""The score pad page's own words (its labels and buttons), by key, as the widget's words
(:mod:`cardrules.web.chrome`)."""


def pad_words(lang: Lang) -> dict[str, str | PluralJSON]:
    """The score pad's words in ``lang``: what the page's settings carry."""
    return {key: said(entry, lang) for key, entry in WORDS.items()}


def pad_options(game: str, lang: Lang) -> list[dict[str, Any]]:
    """The options of ``game`` the score pad offers: those its module declares with
    ``tally=True`` (they change how a deal entered by hand scores, or how long a match is).

    Each is ``{"name", "help" (in ``lang``), "default"}`` with ``"values"`` (every value it
    takes, ``None`` for the game's own default) or, for a whole number, ``"low"``, ``"high"``
    and ``"optional"`` (``None`` allowed: the game's own default).

    Examples:
        >>> [row["name"] for row in pad_options("chiamata", "en")]
        ['minimum_bid']
        >>> pad_options("chiamata", "es")[0]["low"], pad_options("tute", "en")[-1]["optional"]
        (61, True)
    """
    cls = GAMES[game].options_type
    fields = {item.name: item for item in dataclasses.fields(cls)}
    rows = []
    for name in tally_options(cls):
        item = fields[name]
        row: dict[str, Any] = {"name": name, "help": words(lang)._(item.metadata["help"]),
                               "default": item.default}
        values = option_values(cls, name)
        if values is not None:
            row["values"] = values
        else:
            row["low"], row["high"] = option_range(cls, name)
            row["optional"] = item.default is None
        rows.append(row)
    return rows


class EntryError(CardrulesError):
    """An entry the score pad cannot score (its message says what, in the reader's language)."""


# The deal as the players entered it, read by the game's own scoring ---------------------------


def _number(value: Any, what: Message, lang: Lang, low: int = 0, high: int = LIMIT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EntryError("{what}: a whole number from {low} to {high}, please",
                         what=what, low=low, high=high)
    return value


def _choice(value: Any, count: int, what: Message, *, none: bool = False) -> int | None:
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise EntryError("{what}: choose one of the list", what=what)
    return value


def _side_points(form: TallyForm, sides: Sequence[tuple[int, ...]], entry: dict[str, Any],
                 lang: Lang) -> tuple[int, ...]:
    """The sides' points entered, adding up to the pack's when the game says so."""
    given = entry.get("points")
    if not isinstance(given, list) or len(given) != len(sides):
        raise EntryError("{what}: a whole number from {low} to {high}, please",
                         what=Message(N_("points")), low=0, high=LIMIT)
    points = tuple(_number(value, Message(N_("points")), lang) for value in given)
    if form.total is not None and sum(points) != form.total:
        raise EntryError("the card points of all the sides add up to {total}", total=form.total)
    return points


def _result(rules: Rules, entry: dict[str, Any], lang: Lang) -> Result:
    """The deal's result by the game's own scoring, from what the players entered."""
    return rules.result_of_tally(_tally(rules, rules.tally_form(), entry, lang))


def _tally(rules: Rules, form: TallyForm, entry: dict[str, Any], lang: Lang) -> Tally:
    """The figures of a deal, checked against what the game asks of it."""
    if form.low_bid is not None:
        if form.void and entry.get("void") is True:
            return Tally(void=True)
        holder = _choice(entry.get("holder"), rules.players, Message(N_("who")))
        bid = _number(entry.get("bid"), Message(N_("bid")), lang, form.low_bid, LIMIT)
        taken = _number(entry.get("taken"), Message(N_("points")), lang)
        partner = _choice(entry.get("partner"), rules.players,
                          Message(N_("partner"))) if form.partner else None
        return Tally(holder=holder, partner=partner, bid=bid, taken=taken)
    sides = rules.initial_sides()
    assert sides is not None
    if form.kind == "tricks":
        return _tricks(rules, form, sides, entry, lang)
    points = _side_points(form, sides, entry, lang)
    cantes = form.cantes and entry.get("cantes") is True
    if form.last:
        last = _choice(entry.get("last"), len(sides), Message(N_("last trick")))
        return Tally(points=points, last=last, cantes=cantes)
    if not form.tute:
        return Tally(points=points, cantes=cantes)
    tute = _choice(entry.get("tute"), len(sides), Message(N_("tute")), none=True)
    last = _choice(entry.get("last"), len(sides), Message(N_("last trick")), none=True)
    return Tally(points=points, tute=tute, last=last, cantes=cantes)


def _tricks(rules: Rules, form: TallyForm, sides: Sequence[tuple[int, ...]],
            entry: dict[str, Any], lang: Lang) -> Tally:
    """The tricks each player took (no more than a deal's in all), the top player, a
    mordienne, and a surrender offered."""
    given = entry.get("tricks")
    if not isinstance(given, list) or len(given) != rules.players:
        raise EntryError("{what}: choose one of the list", what=Message(N_("tricks")))
    tricks = tuple(_number(n, Message(N_("tricks")), lang, 0, form.tricks) for n in given)
    if sum(tricks) > form.tricks:
        raise EntryError("{what}: a whole number from {low} to {high}, please",
                         what=Message(N_("tricks")), low=0, high=form.tricks)
    first = _choice(entry.get("first"), rules.players, Message(N_("who")), none=True)
    surrender = entry.get("surrender")
    offer: tuple[int, Literal["accepted", "refused"]] | None = None
    if surrender is not None:
        if not isinstance(surrender, dict) or surrender.get("answer") not in ("accepted",
                                                                              "refused"):
            raise EntryError("{what}: choose one of the list", what=Message(N_("surrender")))
        side = _choice(surrender.get("side"), len(sides), Message(N_("surrender")))
        assert side is not None
        offer = (side, surrender["answer"])
    return Tally(tricks=tricks, first=first, mordienne=entry.get("mordienne") is True,
                 surrender=offer)


# The match ----------------------------------------------------------------------------------


def _seats(circle: int, dealer: int) -> tuple[int, ...]:
    """The person in each seat of a deal (seat 0 after the dealer, the dealer last), as
    :attr:`cardrules.match.Match.seats`."""
    return tuple((dealer + 1 + k) % circle for k in range(circle))


def _names(people: Sequence[str], persons: Sequence[int], lang: Lang) -> str:
    return words(lang).join([people[p] for p in persons])


def _form(rules: Rules, people: Sequence[str], seats: Sequence[int],
          lang: Lang) -> dict[str, Any]:
    """What the page asks for the next deal: its kind, and the people it names, by seat."""
    by_seat = [people[p] for p in seats]
    asked = rules.tally_form()
    form: dict[str, Any] = {"seats": by_seat}
    if asked.low_bid is not None:
        form["kind"] = "contract"
        form["partner"] = asked.partner
        form["void"] = asked.void
        form["low"] = asked.low_bid
        return form
    sides = rules.initial_sides()
    assert sides is not None
    form["sides"] = [_names(people, [seats[s] for s in side], lang) for side in sides]
    form["kind"] = asked.kind
    form["tute"] = asked.tute
    form["last"] = asked.last
    form["cantes"] = asked.cantes
    brought = rules.brought_points()
    if brought is not None:  # a deal de vueltas: the points each side brings
        w = words(lang)
        each = "; ".join(w._("{names}, {points}", names=names, points=points)
                         for names, points in zip(form["sides"], brought, strict=True))
        form["brought"] = w._("Each side brings its points from the deal before: {points}.",
                              points=each)
    form["surrender"] = asked.surrender
    return form


def _said(result: Result, people: Sequence[str], seats: Sequence[int], lang: Lang) -> str:
    """The deal's result in one sentence: who won it, or that nobody did."""
    w = words(lang)
    if not result.sides or result.winner is None:
        return w._("Nobody wins the deal.")
    team = _names(people, [seats[s] for s in result.sides[result.winner]], lang)
    return w.n_("{names} wins the deal ({points}).", "{names} win the deal ({points}).",
                len(result.sides[result.winner]), names=team,
                points=" – ".join(str(p) for p in result.side_points))


def tally(state: str, lang: Lang) -> str:
    """The match a stored state describes, scored: its JSON answer for the page.

    The state: ``{"v": 1, "game": id, "people": [names in order of play], "dealer": the
    person who deals first, "options": {the options chosen of those :func:`pad_options`
    offers; the game's defaults for the rest} (may be left out), "entries": [one per deal]}``;
    an entry holds the deal's figures in
    the game's own terms (``points`` by side; ``holder``, ``partner``, ``bid`` and ``taken``,
    or ``void``, for a contract; ``tricks`` by seat, ``first`` and ``surrender`` in Aluette).

    The answer: ``rows`` (each deal: its dealer, its result in words, what each person
    gained), ``totals`` by person, ``options`` (the value of each option the pad offers),
    ``next`` (who deals next) or ``winners`` and ``over``, and ``form``, what to ask for the
    next deal. A state that cannot be scored answers
    ``{"ok": false, "error": ..., "at": the first entry that failed or null}``.
    """
    w = words(lang)
    at: int | None = None
    try:
        data = json.loads(state)
        if not isinstance(data, dict) or data.get("v") != STATE_VERSION:
            raise EntryError("this is not a score pad of this version")
        game, people = data.get("game"), data.get("people")
        if game not in FAMILIES or not isinstance(people, list) or not all(
                isinstance(p, str) and p.strip() for p in people):
            raise EntryError("this is not a score pad of this version")
        people = [p.strip() for p in people]
        options = data.get("options", {})
        if not isinstance(options, dict) or not set(options) <= set(
                tally_options(GAMES[str(game)].options_type)):
            raise EntryError("this is not a score pad of this version")
        rules = rules_for(str(game), len(people), options)
        deal_rules = rules  # the next deal's: the options a deal passes on added, as a Match
        dealer = _choice(data.get("dealer"), len(people), Message(N_("who")))
        assert dealer is not None
        entries = data.get("entries", [])
        if not isinstance(entries, list):
            raise EntryError("this is not a score pad of this version")
        deals, target = rules.match_length()
        scores: list[float] = [0] * len(people)
        rows = []
        for at, entry in enumerate(entries):
            if match_over(rules, scores, at, deals, target):
                raise EntryError("the match was already over")
            if not isinstance(entry, dict):
                raise EntryError("{what}: choose one of the list", what=Message(N_("deal")))
            seats = _seats(len(people), dealer)
            result = _result(deal_rules, entry, lang)
            before = list(scores)
            next_dealer = book_deal(rules, seats, result, scores)
            rows.append({"dealer": people[dealer], "said": _said(result, people, seats, lang),
                         "gained": [_figure(a - b) for a, b in zip(scores, before, strict=True)]})
            dealer = next_dealer
            after = _seats(len(people), dealer)
            earlier = {s: seats.index(person) for s, person in enumerate(after)}
            carried = rules.carried_options(result, earlier.__getitem__)
            deal_rules = rules_for(str(game), len(people), {**options, **carried})
        at = None
        over = match_over(rules, scores, len(entries), deals, target)
        answer: dict[str, Any] = {
            "ok": True, "game": rules.id, "title": w._(rules.title.message),
            "people": people, "rows": rows, "totals": [_figure(s) for s in scores],
            "over": over, "length": _length(deals, target, lang),
            "options": {name: getattr(rules.options, name)
                        for name in tally_options(rules.options_type)},
        }
        if over:
            best = max(scores)
            won = [p for p, s in enumerate(scores) if s == best]
            answer["winners"] = [people[p] for p in won]
            answer["next"] = w.n_("{names} has won the match.", "{names} have won the match.",
                                  len(won), names=_names(people, won, lang))
        else:
            answer["next"] = w._("{name} deals next.", name=people[dealer])
            answer["form"] = _form(deal_rules, people, _seats(len(people), dealer), lang)
        return json.dumps(answer, ensure_ascii=False)
    except (CardrulesError, ValueError) as error:
        said_ = error.said.say(lang) if isinstance(error, CardrulesError) else str(error)
        return json.dumps({"ok": False, "error": said_, "at": at}, ensure_ascii=False)


def _figure(value: float) -> int | float:
    """A score as the page shows it (a whole number when it is one)."""
    return int(value) if float(value).is_integer() else value


def _length(deals: int | None, target: int | None, lang: Lang) -> str:
    """How long the match is, in words."""
    w = words(lang)
    if target is not None:
        return w._("First to {target}.", target=target)
    if deals is not None:
        return w.n_("{n} deal.", "{n} deals.", deals, n=deals)
    return ""

