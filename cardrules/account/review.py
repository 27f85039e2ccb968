"""The analysis of a deal in words (:class:`~cardrules.analysis.Analysis`), in any language of
the catalogue: what the terminal prints, the widget shows and the rulebook's page quotes.

Every figure comes from the analysis; every sentence from the catalogue. A choice is named as
the narration names it (a card with its article, a move by its phrase), a player by name.

Examples:
    >>> from cardrules.analysis import Analysis, Choice, Decision, Mark, THRESHOLDS
    >>> from cardrules.core.cards import parse_card
    >>> made = Choice(parse_card("1C"), "1C", 0.4, 52.0, 0.62)
    >>> best = Choice(parse_card("3C"), "3C", 0.55, 63.0, 0.81)
    >>> decision = Decision(6, made, best, (best, made), 160, False, 0.15, 11.0, 0.03, 2.0,
    ...                     Mark.MISTAKE, None, None)
    >>> analysis = Analysis({"game": "brisca", "players": 2, "actions": ["1C"] * 40}, 0,
    ...                     ("Ana", "Bruno"), 120, 52, 0.0, 160, 0, THRESHOLDS, (decision,))
    >>> review = Review(analysis, "en")
    >>> review.better(decision)
    'The three of cups would have kept 11 points.'
    >>> review.summary()
    '1 mistake. Points lost to marked decisions: 11.'
    >>> Review(analysis, "es").better(decision)
    'El tres de copas habría salvado 11 puntos.'
"""

from __future__ import annotations

import datetime
from typing import Final

from ..analysis import Analysis, Choice, Decision, Mark, SeatReplay, mark_for
from ..core.actions import Move
from ..core.cards import Card
from ..engine import Rules
from ..games import rules_for
from ..words import N_, Lang, Words, words
from .narration import Narrator

__all__ = ["MARK_WORDS", "MONTHS", "Review", "daily_line", "date_words"]

MARK_WORDS: Final = {
    Mark.NONE: N_("no mark"),
    Mark.INACCURACY: N_("inaccuracy"),
    Mark.MISTAKE: N_("mistake"),
    Mark.BLUNDER: N_("blunder"),
}
"""Each mark in words (a label: no full stop)."""

MONTHS: Final = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
                 N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))
"""The months, short, as a result line dates a deal of the day."""


def date_words(day: datetime.date, lang: Lang) -> str:
    """A date as a result line says it: "27 Nov 2026", "27 nov 2026"."""
    w = words(lang)
    return w._("{day} {month} {year}", day=day.day, month=w._(MONTHS[day.month - 1]),
               year=day.year)


def daily_line(rules: Rules, day: datetime.date, points: int, bot_points: int,
               lang: Lang) -> str:
    """The deal of the day's result line, which says nothing about the cards: "Brisca, 27 Nov
    2026: 78 points, the bot in my seat 71".

    Examples:
        >>> from cardrules.games import rules_for
        >>> daily_line(rules_for("brisca", 2), datetime.date(2026, 11, 27), 78, 71, "en")
        'Brisca (Spain), 27 Nov 2026: 78 points, the bot in my seat 71'
    """
    w = words(lang)
    return w._("{game}, {date}: {points}, the bot in my seat {bot}", game=rules.title[lang],
               date=date_words(day, lang), points=_points(w, points, rules),
               bot=bot_points)


def _points(w: Words, n: float, rules: Rules) -> str:
    shown = round(n)
    if rules.scores_tricks:
        return w.n_("{n} trick", "{n} tricks", shown)
    return w.n_("{n} point", "{n} points", shown)


class Review:
    """The analysis of one seat's decisions in words, in one language.

    Args:
        analysis: the analysis.
        lang: a language of the catalogue.
    """

    def __init__(self, analysis: Analysis, lang: Lang = "en") -> None:
        self.analysis = analysis
        self.lang: Lang = lang
        self.w = words(lang)
        record = analysis.record
        self.rules = rules_for(str(record["game"]), len(analysis.names),
                               record.get("options") or {})
        self.narrator = Narrator(self.rules, analysis.names, lang)

    def choice(self, choice: Choice, decision: Decision) -> str:
        """A choice named as the narration names it: "the three of cups", "exchange the seven
        for the turned-up card", a bid..."""
        action = choice.action
        if isinstance(action, Card):
            return self.narrator.card(action)
        if isinstance(action, Move):
            said = self.narrator.choice(action, decision.turn_up, decision.trump)
            if said:
                return said
        return choice.notation

    def mark(self, mark: Mark) -> str:
        """A mark in words."""
        return self.w._(MARK_WORDS[mark])

    def chance(self, chance: float) -> str:
        """A chance to win as a percentage."""
        return self.w._("{n}%", n=round(chance * 100))

    def points(self, n: float) -> str:
        """Points (or tricks, in a game scored by tricks) in words, rounded."""
        return _points(self.w, n, self.rules)

    def made(self, decision: Decision) -> str:
        """What the player chose and how it came out: "Ana: the ace of cups: 40% to win, 52
        points expected."."""
        return self.w._("{who}: {choice}: {chance} to win, {points} expected.",
                        who=self.analysis.names[self.analysis.seat],
                        choice=self.choice(decision.made, decision),
                        chance=self.chance(decision.made.chance),
                        points=self.points(decision.made.points))

    def better(self, decision: Decision) -> str:
        """What the best choice would have done instead ("" when the choice made was best), in
        what weighs more in its mark: "The three of cups would have kept 11 points.", or "...
        would have given 45% to win instead of 19%."."""
        if not decision.better:
            return ""
        best = self.choice(decision.best, decision)
        lost = round(decision.points_lost)
        # Said in what decided the mark: the points, unless the chance lost weighs more.
        analysis = self.analysis
        by_chance = mark_for(decision.chance_lost, 0, decision.chance_error, 0,
                             analysis.deal_points, analysis.thresholds)
        by_points = mark_for(0, decision.points_lost, 0, decision.points_error,
                             analysis.deal_points, analysis.thresholds)
        if lost >= 1 and by_points.rank >= by_chance.rank:
            said = self.w._("{best} would have kept {points}.", best=best,
                            points=self.points(lost))
        else:
            said = self.w._("{best} would have given {chance} to win instead of {made}.",
                            best=best, chance=self.chance(decision.best.chance),
                            made=self.chance(decision.made.chance))
        return said[:1].upper() + said[1:]  # a sentence may begin with the choice's name

    def how(self, decision: Decision) -> str:
        """How the decision was weighed: the exact solver, or the imagined deals."""
        if decision.exact:
            return self.w._("Every card is known: the exact solver weighed it.")
        return self.w.n_("Weighed in {n} imagined deal.", "Weighed in {n} imagined deals.",
                         decision.worlds)

    def mark_so_far(self, mark: Mark) -> str:
        """The mark of a decision still being weighed, as a label: "still being weighed", or
        "mistake so far, still being weighed" (see :func:`cardrules.analysis.weighings`)."""
        if mark is Mark.NONE:
            return self.w._("still being weighed")
        return self.w._("{mark} so far, still being weighed", mark=self.mark(mark))

    def weighing(self, decision: Decision) -> str:
        """What is said of a decision still in doubt: "In doubt after 160 imagined deals: it is
        being weighed in more."."""
        return self.w.n_("In doubt after {n} imagined deal: it is being weighed in more.",
                         "In doubt after {n} imagined deals: it is being weighed in more.",
                         decision.worlds)

    def decision(self, decision: Decision) -> list[str]:
        """Everything said about one decision: the choice made and how it was weighed; at a
        marked one, the mark and the better choice."""
        lines = [self.made(decision)]
        if decision.mark is not Mark.NONE:
            lines.append(self.w._("Marked: {mark}.", mark=self.mark(decision.mark)))
            better = self.better(decision)
            if better:
                lines.append(better)
        lines.append(self.how(decision))
        return lines

    def summary(self) -> str:
        """The decisions counted by mark and the points lost to them: "2 mistakes, 1
        blunder. Points lost to marked decisions: 14."."""
        summary = self.analysis.summary()
        w = self.w
        counts = [
            w.n_("{n} inaccuracy", "{n} inaccuracies", summary.inaccuracies),
            w.n_("{n} mistake", "{n} mistakes", summary.mistakes),
            w.n_("{n} blunder", "{n} blunders", summary.blunders),
        ]
        shown = [c for c, n in zip(counts, (summary.inaccuracies, summary.mistakes,
                                            summary.blunders), strict=True) if n]
        if not shown:
            return w.n_("No inaccuracy, mistake or blunder in {n} decision.",
                        "No inaccuracy, mistake or blunder in {n} decisions.",
                        summary.decisions)
        return w._("{counts}. Points lost to marked decisions: {points}.",
                   counts=w.join(shown), points=round(summary.points_lost))

    def title(self) -> str:
        """The analysis's heading: "The decisions of Ana, weighed by the search"."""
        return self.w._("The decisions of {who}, weighed by the search",
                        who=self.analysis.names[self.analysis.seat])

    def taken_over(self) -> str:
        """In a deal played on from a step, what is not rated: "The seat was taken at step 22:
        the decisions made before it are not rated." ("" in a deal played from the start).
        Steps are counted as the board counts them, the deal being step 1."""
        first = self.analysis.first
        if first <= 0:
            return ""
        return self.w._("The seat was taken at step {n}: the decisions made before it are not "
                        "rated.", n=first + 1)

    def chance_caption(self) -> str:
        """The caption of the chance-to-win graph and its table."""
        return self.w._("The chance to win of {who} after each decision",
                        who=self.analysis.names[self.analysis.seat])

    def seat_replay(self, replay: SeatReplay) -> str:
        """The bot in the seat beside the player: "Ana took 54 points; the bot in the same
        seat took 71 with the same cards."."""
        return self.w._("{who} took {points}; the bot in the same seat took {bot} with the same "
                        "cards.", who=self.analysis.names[replay.seat],
                        points=self.points(replay.player_points),
                        bot=self.points(replay.bot_points))
