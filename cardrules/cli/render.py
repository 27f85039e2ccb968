"""Printing a deal in the terminal: the intro, trick headers, each step, the user's status, the
end.

A :class:`Printer` (the printer of the terminal) prints; it decides nothing and replays nothing:
what happened in the deal, and the score, come from the deal's account for the user
(:class:`cardrules.account.deal.Teller`: its sentences and its
:class:`~cardrules.account.score.ScoreTable`). The sentences are those of
:class:`cardrules.account.narration.Narrator` (the narrator the widget and the diagrams share),
with cards named by code and name because the user types codes; the printer
adds only layout (headers, indentation, the ``→`` before a trick taken) and the command's own
lines from :mod:`cardrules.cli.text` (the deal's header, the status and the menu before the user
plays, the score table at the end).

It renders :class:`~cardrules.engine.Step` values (from :meth:`Game.steps
<cardrules.engine.Game.steps>` for a replay, from :meth:`Game.play_step
<cardrules.engine.Game.play_step>` in play) and the user's :class:`~cardrules.engine.SeatView`,
never the game itself, so it can show no more than the viewer may see.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final, TextIO

from ..account.deal import StepAccount, Teller
from ..account.hints import bid_summary, estimate_words, ranked, summary_lines
from ..account.score import ScoreTable, part_name
from ..bots import Estimate
from ..core.actions import Action, CardMove, Move, NumberMove, format_action
from ..core.cards import Card
from ..core.errors import Lang
from ..engine import CHANCE, Phase, Result, Rules, SeatView, Step
from ..words import N_, words
from .arguments import option_value_text


class Printer:
    """The printer of the terminal: prints one deal in one language, for one viewer, from
    its account (:class:`~cardrules.account.deal.Teller`), the score included.

    Args:
        rules: the deal's rules.
        names: the players' names by seat, as the terminal shows them.
        lang: ``"en"`` or ``"es"``.
        me: the user's seat: the narration keeps to its view and addresses it as *you*;
            ``None`` (a replay, or bots in every seat) tells everything.
        out: where to print.
    """

    def __init__(
        self, rules: Rules, names: Sequence[str], lang: Lang, *, me: int | None, out: TextIO
    ) -> None:
        self.rules = rules
        self.lang = lang
        self.me = me
        self.out = out
        self.teller = Teller(rules, names, lang, viewer=me, you=me, codes=True, labels=True)
        """The account of the deal for the user, step by step (see :meth:`step`)."""
        self.narrator = self.teller.narrator
        """The words of every step."""
        self.w = words(lang)
        """The terminal's own words (headings, the status, the menu)."""
        self._headed = -1  # the trick whose header was printed last
        self._just_headed = False  # nothing printed since that header
        self._summarised: tuple[int, int] | None = None  # the position of a bid hint summarised
        self.told: StepAccount | None = None
        """The account of the last step printed (its score table is the one :meth:`status`
        and :meth:`end` print)."""

    def tell(self, step: Step) -> StepAccount:
        """The account of ``step`` for the user (kept in :attr:`told`)."""
        self.told = self.teller.tell(step)
        return self.told

    # Small helpers ------------------------------------------------------------------------------
    def say(self, line: str = "", indent: int = 0) -> None:
        """Print one line, indented by ``indent`` spaces."""
        print(" " * indent + line if line else "", file=self.out)
        self._just_headed = False

    def card(self, card: Card) -> str:
        """A card as the status shows it: ``3B (three of clubs)``."""
        return f"{card.code} ({self.narrator.card_name(card)})"

    def _cards_count(self, n: int) -> str:
        return self.w.n_("{n} card", "{n} cards", n)

    def _score_line(self, table: ScoreTable) -> str:
        """The score table on one line: ``Points: You 11 · Bruno 4`` (``Tricks won: ...`` in a
        game scored by tricks)."""
        shown = " · ".join(f"{row.name} {row.points}" for row in table.rows)
        if table.unit == "tricks":
            return self.w._("Tricks won: {points}", points=shown)
        return self.w._("Points: {points}", points=shown)

    # The start ----------------------------------------------------------------------------------
    def intro(
        self, deal: Step, *, seed: int | None, players_line: str = "", show_hands: bool = False
    ) -> None:
        """The deal's header (game, players, seed, options changed), ``players_line`` (who plays
        which seat), the sides, the deal's own sentence from the narration, and every hand when
        ``show_hands`` (a replay, bots in every seat)."""
        rules = self.rules
        title = rules.title.get(self.lang, rules.id)
        if seed is not None:
            self.say(self.w._("{title} · {players} players · seed {seed}", title=title,
                              players=rules.players, seed=seed))
        else:
            self.say(self.w._("{title} · {players} players", title=title, players=rules.players))
        defaults = type(rules.options)().to_dict()
        changed = {k: v for k, v in rules.options.to_dict().items() if defaults.get(k) != v}
        if changed:
            shown = ", ".join(f"{k}={option_value_text(v)}" for k, v in changed.items())
            self.say(self.w._("Options: {options}", options=shown))
        if players_line:
            self.say(players_line)
        sides = deal.after.sides
        if any(len(side) > 1 for side in sides):
            words = self.w._(" against ").join(self.narrator.side(side) for side in sides)
            self.say(self.w._("Sides: {sides}", sides=words))
        self.say(self.tell(deal).said.action)
        if show_hands:
            self.say(self.w._("Hands dealt:"))
            for seat, hand in enumerate(deal.after.hands):
                if not hand:  # sitting this deal out (Chiamata with six or seven)
                    continue
                cards = " ".join(c.code for c in sorted(hand, key=_display_order))
                self.say(self.w._("{who}: {cards}", who=self.narrator.who(seat), cards=cards),
                         indent=2)

    # Each step ----------------------------------------------------------------------------------
    def header(self, phase: Phase, on_table: int, finished: int) -> None:
        """``── Trick N ──``, once per trick, when it is about to start: in the play, with
        ``on_table`` cards on the table and ``finished`` tricks done."""
        if phase == Phase.PLAY and not on_table and finished != self._headed:
            self._headed = finished
            self.say()
            self.say(self.w._("── Trick {n} ──", n=finished + 1))
            self._just_headed = True

    def step(self, step: Step) -> None:
        """One action after the deal: the header of the trick it starts, then what the
        narration says of it (the action with its label, the trick it completed, the draws)."""
        if step.seat == CHANCE:
            return
        before = step.before
        self.header(before.phase, len(before.trick), len(before.tricks))
        words = self.tell(step).said
        if words.action:
            self.say(words.action, indent=2)
        for line in words.news:
            self.say(line, indent=2)
        if words.trick:
            self.say("→ " + words.trick, indent=2)
        for line in words.draws:
            self.say(line, indent=2)

    # The user's view ----------------------------------------------------------------------------
    def status(self, view: SeatView) -> tuple[Action, ...]:
        """What the user sees before acting: trumps, the turned-up card, the stock, the score,
        open hands, the table, the hand and the moves, numbered. Returns what each number
        stands for (numbered from 1)."""
        self.header(view.phase, len(view.trick), len(view.tricks))
        if not self._just_headed:
            self.say()
        parts = []
        if view.trump is not None:
            parts.append(self.w._("trumps: {suit}", suit=self.narrator.suit(view.trump)))
        if view.turn_up is not None:
            parts.append(self.w._("turned up: {card}", card=self.card(view.turn_up)))
        if any(view.rules.draw_counts):
            if view.stock_size:
                parts.append(self.w._("stock: {stock}", stock=self._cards_count(view.stock_size)))
            else:
                parts.append(self.w._("the stock is used up"))
        if parts:
            self.say(_capital(" · ".join(parts)))
        for line in self.narrator.situation(view):  # the bidding, the contract, the talon
            self.say(line)
        told = self.told
        if view.phase == Phase.PLAY and told is not None:
            self.say(self._score_line(told.score_table))
        for other, shown in enumerate(told.hands_shown if told is not None else ()):
            if other == view.seat or shown.cards is None:
                continue  # the user's own hand is the menu's; the others' are face down
            cards = " ".join(c.code for c in sorted(shown.cards, key=_display_order))
            self.say(self.w._("{who}'s hand (face up): {cards}", who=self.narrator.who(other),
                              cards=cards))
        legal = set(view.legal_actions)
        card_turn = any(isinstance(a, Card) for a in legal)
        if view.trick:
            plays = " · ".join(f"{self.narrator.who(s)}: {self.card(c)}" for s, c in view.trick)
            self.say(self.w._("Table: {plays}", plays=plays))
        elif card_turn:
            self.say(self.w._("Table: empty, you lead."))
        return self._menu(view, legal, card_turn)

    def _menu(self, view: SeatView, legal: set[Action], card_turn: bool) -> tuple[Action, ...]:
        hand = sorted(view.hand, key=_display_order)
        moves = [a for a in view.legal_actions if isinstance(a, Move)]
        # Moves that give up one of the hand's cards (discards) come in the hand's order.
        place = {card: i for i, card in enumerate(hand)}

        def rank(move: Move) -> int:
            return place.get(move.card, -1) if isinstance(move, CardMove) else -1

        moves.sort(key=rank)
        # When the moves name every card of the hand, they are the hand: no separate list.
        by_card = not card_turn and bool(moves) and all(rank(m) >= 0 for m in moves)
        choices: list[Action] = []
        if not by_card:
            self.say(self.w._("Your hand:"))
            for card in hand:
                name = self.narrator.card_name(card)
                if not card_turn:  # nothing to play now (an answer, a discard...): no numbers
                    self.say(f"    {card.code:<5}{name}", indent=2)
                    continue
                choices.append(card)
                marks = []
                if card.suit is view.trump:
                    marks.append(self.w._("trump"))
                if card not in legal:
                    marks.append(self.w._("not allowed now"))
                suffix = f"  [{', '.join(marks)}]" if marks else ""
                self.say(f"{len(choices):>2}) {card.code:<5}{name}{suffix}", indent=2)
        for run in _runs(moves):
            first = len(choices) + 1
            choices.extend(run)
            about = [self.narrator.choice(move, view.turn_up) for move in (run[0], run[-1])]
            if len(run) == 1:
                line = f"{first:>2}) {format_action(run[0])}"
                about_text = about[0]
            else:  # a long run of numbers (bids): one line, first … last
                line = (f"{first:>2}-{len(choices)}) {format_action(run[0])} … "
                        f"{format_action(run[-1])}")
                about_text = f"{about[0]} … {about[1]}" if all(about) else ""
            self.say(f"{line}  {about_text}" if about_text else line, indent=2)
        return tuple(choices)

    # The hint ---------------------------------------------------------------------------------
    def hint(
        self, estimates: Sequence[Estimate], options: Sequence[Action], view: SeatView,
        *, level: str,
    ) -> None:
        """The search bot's estimate of each of the user's legal actions, best first: each
        with its number in the menu (``options``, what :meth:`status` returned), how often it
        won the deal and the points (tricks, in a game scored by tricks) it brought on average.

        A hint on a bid is summarised first (:mod:`cardrules.account.hints`: passing, the
        highest bid that keeps an even chance, the best bid); ``hint`` again at the same
        position lists every bid.
        """
        if not estimates:
            return
        summary = bid_summary(estimates)
        position = (view.seat, len(view.history))
        if summary is not None and self._summarised != position:
            self._summarised = position
            for line in summary_lines(summary, self.lang, by_tricks=view.rules.scores_tricks):
                self.say(line, indent=2)
            again = self.w.n_("(Type {word} again to see the {n} bid.)",
                              "(Type {word} again to see each of the {n} bids.)", summary.bids,
                              word=self.w.p_("typed at the prompt", "hint"))
            for line in textwrap.wrap(again, width=76):
                self.say(line, indent=2)
            return
        number = {action: i for i, action in enumerate(options, 1)}
        rows = ranked(sorted(estimates, key=lambda e: number.get(e.action, 0)))
        tricks = view.rules.scores_tricks
        strength = self.w._(LEVEL_WORDS.get(level, level))
        if rows[0].exact and tricks:
            head = self.w._(
                "Hint: every card left is known, so each of your choices is worked out to the "
                "end with both sides playing their best: whether it wins the deal, and the "
                "tricks it brings, best first:")
        elif rows[0].exact:
            head = self.w._(
                "Hint: every card left is known, so each of your choices is worked out to the "
                "end with both sides playing their best: whether it wins the deal, and the "
                "points it brings, best first:")
        elif tricks:
            head = self.w._(
                "Hint from the search bot (level {level}): each of your choices tried in {worlds} "
                "deals that fit what you can see, played out to the end: how often it wins the "
                "deal, and the tricks it brings on average, best first:",
                level=strength, worlds=rows[0].worlds)
        else:
            head = self.w._(
                "Hint from the search bot (level {level}): each of your choices tried in {worlds} "
                "deals that fit what you can see, played out to the end: how often it wins the "
                "deal, and the points it brings on average, best first:",
                level=strength, worlds=rows[0].worlds)
        for line in textwrap.wrap(head, width=78):
            self.say(line)
        labels = [self._hint_label(e.action, view) for e in rows]
        width = max(len(label) for label in labels)
        for estimate, label in zip(rows, labels, strict=True):
            n = number.get(estimate.action)
            shown = f"{n:>2})" if n is not None else " -)"
            said = estimate_words(estimate, self.lang, by_tricks=tricks)
            self.say(f"{shown} {label:<{width}}  {said}", indent=2)

    def _hint_label(self, action: Action, view: SeatView) -> str:
        """An action as the menu shows it: ``3E   three of swords``, ``exchange:2B  take...``."""
        if isinstance(action, Card):
            return f"{action.code:<5}{self.narrator.card_name(action)}"
        about = self.narrator.choice(action, view.turn_up)
        return f"{format_action(action)}  {about}" if about else format_action(action)

    # The end ------------------------------------------------------------------------------------
    def end(self, result: Result | None) -> None:
        """The end of the deal: the account's score table, then its verdict (who won, by how
        much, how it ended) and what the deal scores; or that the deal is not finished (a
        record that stops early)."""
        self.say()
        if result is None or self.told is None:
            self.say(self.w._("The deal is not finished (the record stops here)."))
            return
        self.say(self.w._("── End of the deal ──"))
        table = self.told.score_table
        if not table.kinds and all(len(row.seats) == 1 for row in table.rows):
            self.say(self._score_line(table))
        else:  # a line per side, or per seat with what its points are made of
            for row in table.rows:
                line = f"{_capital(row.name)}: {self.narrator.points(row.points)}"
                parts = " · ".join(f"{self.w._(part_name(kind))} "
                                   f"{'?' if points is None else points}"
                                   for kind, points in row.parts)
                self.say(f"{line} ({parts})" if parts else line)
        self.say(table.verdict)
        if table.scored:
            self.say(table.scored)


LEVEL_WORDS: Final[dict[str, str]] = {"easy": N_("easy"), "normal": N_("normal"),
                                      "hard": N_("hard")}
"""The search bot's strength levels, as the hint names them."""

RUN = 6
"""Consecutive number moves of one kind (bids) shown on one line from this many on."""


def _runs(moves: Sequence[Move]) -> list[list[Move]]:
    """The moves in menu lines: each alone, except runs of :data:`RUN` or more number moves of
    one kind with consecutive numbers (``bid:61`` to ``bid:120``), which share a line."""
    runs: list[list[Move]] = []
    for move in moves:
        last = runs[-1][-1] if runs else None
        if (isinstance(move, NumberMove) and isinstance(last, NumberMove)
                and type(move) is type(last) and move.number == last.number + 1):
            runs[-1].append(move)
        else:
            runs.append([move])
    return [part for run in runs
            for part in ([run] if len(run) >= RUN else [[move] for move in run])]


def _capital(line: str) -> str:
    return line[:1].upper() + line[1:]


def _display_order(card: Card) -> tuple[int, int]:
    return card.sort_key
