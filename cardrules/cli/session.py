"""One deal played in the terminal: bots play their seats, the user types at the prompt.

A :class:`Session` drives the deal through the engine's public API and nothing else: each bot
chooses from its seat's view (``bot.choose(game.view(seat))``), the user chooses from the menu
rendered from their own view, every action is played with :meth:`Game.play_step
<cardrules.engine.Game.play_step>` and the :class:`~cardrules.engine.Step` it returns is
rendered. Legality has one source: an answer is accepted when it is one of the view's legal
actions, and a refusal is explained by :func:`cardrules.account.refusals.refusal`, the one
translator of refused actions, which the widget's play mode uses too (a card the user does not
hold is only said not to be theirs: the engine's reason would tell where the card is).

At the prompt, ``hint`` (or ``pista``) asks an :class:`Advisor` (the search bot,
:class:`~cardrules.bots.PimcBot`) to rate each of the user's legal actions from the user's view
alone. A bot's decision or a hint that takes a while shows a transient *thinking* line on a
terminal (:func:`thinking`), so that the session never looks hung; piped output never gets it.
"""

from __future__ import annotations

import contextlib
import re
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TextIO

from ..account.hints import out_of_turn_hint
from ..account.refusals import refusal
from ..bots import LEVELS, Bot, Estimate, PimcBot, hint_bot, interjection, not_let_pass
from ..core.actions import Action
from ..core.cards import Card
from ..core.errors import CardrulesError, shown
from ..engine import Game, SeatView
from ..words import N_, Count, Lang, languages, words
from .render import Printer
from .text import visible

ReadLine = Callable[[str], str]
"""Reads one answer after printing a prompt (``input``; raises ``EOFError`` at the end)."""

HELP_WORDS = ("h", "?", "help")
"""Answers that print the help (and the word *help* in every language of the catalogue)."""
QUIT_WORDS = ("q", "quit", "exit")
"""Answers that abandon the deal (and the word *quit* in every language of the catalogue)."""
HINT_WORDS = ("hint",)
"""Answers that show the search bot's estimate of each legal action (and the word *hint* in
every language of the catalogue)."""


def answer_words() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What the prompt takes for help, quit and hint: :data:`HELP_WORDS`, :data:`QUIT_WORDS`
    and :data:`HINT_WORDS`, and those words in every language of the catalogue (a Spanish
    speaker may type *ayuda* in an English session too).

    Examples:
        >>> helps, quits, hints = answer_words()
        >>> "ayuda" in helps and "salir" in quits and "pista" in hints
        True
    """
    every = [words(lang) for lang in languages()]
    return (frozenset(HELP_WORDS) | {w.p_("typed at the prompt", "help").lower() for w in every},
            frozenset(QUIT_WORDS) | {w.p_("typed at the prompt", "quit").lower() for w in every},
            frozenset(HINT_WORDS) | {w.p_("typed at the prompt", "hint").lower() for w in every})

HELP = N_(
    "Type the number of a card or move from the list, or a card code such as 7O (number then "
    "suit: O coins, C cups, E swords, B clubs; 10 jack, 11 knight, 12 king), or a move as "
    "written in the list (exchange:7O). hint (or pista) shows how the search bot rates each of "
    "your choices: how often it wins the deal, and the points it expects. h or ? shows this "
    "help, q quits.")
"""What ``h`` prints."""


@dataclass(frozen=True)
class Advisor:
    """The hint: the search bot's estimates of every legal action of a seat, from its view.

    Args:
        level: the search bot's strength (a key of :data:`cardrules.bots.LEVELS`).
        seed: the hint's own seed (from the deal's); with the number of actions so far it seeds
            each hint, so that the same position gets the same hint and the bots playing the
            other seats are not disturbed.
    """

    level: str
    seed: int

    def estimates(self, view: SeatView) -> list[Estimate]:
        """One estimate per legal action of ``view``'s seat, in the view's order."""
        return self.bot(view).evaluate(view, view.legal_actions)

    def bot(self, view: SeatView) -> PimcBot:
        """The hint's search bot at ``view``'s position (seeded as :meth:`estimates`)."""
        return hint_bot(LEVELS[self.level], (self.seed << 16) | (len(view.history) & 0xFFFF))


THINKING_DELAY = 0.4
"""Seconds of thinking before :func:`thinking` shows its line."""


@contextlib.contextmanager
def thinking(out: TextIO, label: str, delay: float = THINKING_DELAY) -> Iterator[None]:
    """While the block runs for more than ``delay`` seconds, show ``label`` and a spinner on
    ``out``'s line, and rub them out at the end; nothing when ``out`` is not a terminal."""
    try:
        interactive = out.isatty()
    except (AttributeError, ValueError):
        interactive = False
    if not interactive:
        yield
        return
    done = threading.Event()
    shown = [False]

    def spin() -> None:
        if done.wait(delay):
            return
        frames = "|/-\\"
        i = 0
        while not done.is_set():
            out.write(f"\r{label} {frames[i % len(frames)]} ")
            out.flush()
            shown[0] = True
            i += 1
            done.wait(0.15)

    spinner = threading.Thread(target=spin, daemon=True)
    spinner.start()
    try:
        yield
    finally:
        done.set()
        spinner.join()
        if shown[0]:
            out.write("\r" + " " * (len(label) + 3) + "\r")
            out.flush()


ECHO_LIMIT = 80
"""How many characters of an answer the echo of a scripted session shows at most."""

ANSWER_LIMIT = 10_000
"""How many characters an answer at the prompt may have (an answer is a number, a card code or
a move: a few characters); a longer line ends the deal (:class:`AnswerTooLong`) without
reading the rest of it, so that endless input (``< /dev/zero``) cannot fill the memory."""


class AnswerTooLong(EOFError):
    """A line at the prompt longer than :data:`ANSWER_LIMIT` characters: the input is not a
    person typing, and the deal is abandoned as at the end of the input."""


def echoing_input() -> ReadLine:
    """``input``, echoing the answer when standard input is not a terminal, so that a scripted
    session reads like a typed one (control characters escaped, cut at :data:`ECHO_LIMIT`
    characters). Standard input closed or failing is its end: ``EOFError``; a line over
    :data:`ANSWER_LIMIT` characters raises :class:`AnswerTooLong`, having read no more of it
    than that (a terminal's own line is read by ``input``, for its line editing)."""

    def read(prompt: str) -> str:
        stdin = sys.stdin
        if stdin is None:  # file descriptor 0 was closed before Python started
            print(prompt, end="", flush=True)
            raise EOFError
        try:
            interactive = stdin.isatty()
        except (AttributeError, ValueError):
            interactive = False
        try:
            if interactive:
                line = input(prompt)
            else:
                print(prompt, end="", flush=True)
                line = stdin.readline(ANSWER_LIMIT + 1)
                if not line:
                    raise EOFError
                line = line.removesuffix("\n")
        except (RuntimeError, ValueError, OSError, UnicodeDecodeError):  # lost, closed, failing
            raise EOFError from None
        if len(line) > ANSWER_LIMIT:
            raise AnswerTooLong
        if not interactive:
            print(visible(line, ECHO_LIMIT))
        return line

    return read


QUIT = N_("Game abandoned.")
"""What a quit (or Ctrl-C) prints."""
INPUT_CLOSED = N_("Input closed: game abandoned.")
"""What the end of the input prints."""
ANSWER_TOO_LONG = N_("An answer over {limit} characters long: game abandoned.")
"""What a line at the prompt over :data:`ANSWER_LIMIT` characters prints."""


class _Abandon(Exception):
    def __init__(self, message: str, status: int, **fields: object) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.fields = fields


class Session:
    """One deal in the terminal.

    Args:
        game: the deal, dealt and not yet played.
        printer: prints it (its ``me`` is the user's seat, or ``None``).
        bots: one bot per seat (the user's seat's bot is not asked).
        players_line: the intro's line saying who plays (the user's seat, the bots).
        read_line: reads the user's answers.
        advisor: answers ``hint`` (the search bot, at the deal's level).
    """

    def __init__(
        self,
        game: Game,
        printer: Printer,
        bots: Sequence[Bot],
        *,
        players_line: str,
        read_line: ReadLine,
        advisor: Advisor,
    ) -> None:
        self.game = game
        self.printer = printer
        self.me = printer.me
        """The user's seat, or ``None`` when bots play every seat."""
        self.lang: Lang = printer.lang
        self.words = words(self.lang)
        """The session's sentences."""
        self.bots = bots
        self.players_line = players_line
        self.read_line = read_line
        self.advisor = advisor
        self._waved: set[Action] = set()
        """The user's moves out of turn already offered (see :meth:`offer_out_of_turn`)."""

    def run(self) -> int:
        """Play the deal to its end, printing it; the exit status: 0, 1 when the input closed,
        130 on Ctrl-C (a quit is 0)."""
        game = self.game
        printer = self.printer
        deal = next(game.steps())  # the deal is the game's first step
        printer.intro(deal, seed=game.seed, players_line=self.players_line,
                     show_hands=self.me is None)
        bots: list[Bot | None] = [None if s == self.me else b for s, b in enumerate(self.bots)]
        try:
            while not game.is_over:
                seat = game.current_player
                assert seat is not None and seat >= 0
                # Moves out of turn first: the user's, offered once, then the bots'.
                action = self.offer_out_of_turn(seat)
                found = interjection(game, bots) if action is None else None
                if found is not None:
                    action = found[1]
                elif action is None and seat == self.me:
                    action = self.ask(game.view(seat))
                elif action is None:
                    who = printer.narrator.who(seat)
                    with thinking(printer.out, self.words._("{who} is thinking…", who=who)):
                        action = self.bots[seat].choose(game.view(seat))
                printer.step(game.play_step(action))
        except _Abandon as stop:
            printer.say()
            printer.say(self.words._(stop.message, **stop.fields))
            return stop.status
        except KeyboardInterrupt:
            printer.say()
            printer.say(self.words._(QUIT))
            return 130
        printer.end(game.result)
        return 0

    # The user's turn ----------------------------------------------------------------------------
    def offer_out_of_turn(self, to_act: int) -> Action | None:
        """The user's move out of turn (:meth:`Game.out_of_turn_actions
        <cardrules.engine.Game.out_of_turn_actions>`), when the user has moves out of turn not
        offered yet; ``None`` when there are none or the user lets ``to_act`` play on. Moves
        let pass are not offered again while they stay possible (they are in the menu at the
        user's own turn)."""
        me = self.me
        if me is None:
            return None
        moves = not_let_pass(self.game, me, self._waved)
        if not moves:
            return None
        self._waved.update(moves)
        return self.answer(self.game.view(me), waiting=to_act)

    def ask(self, view: SeatView) -> Action:
        """Show the user's position and read answers until one names a legal action."""
        action = self.answer(view)
        assert action is not None  # only a move out of turn may be let pass
        return action

    def answer(self, view: SeatView, waiting: int | None = None) -> Action | None:
        """:meth:`ask`; with ``waiting`` (the seat to act, when the user may move out of
        turn), an empty answer lets that seat play on (``None``)."""
        options = self.printer.status(view)
        cards = [a for a in options if isinstance(a, Card)]
        example = cards[0].code if cards else ""
        numbers = "1" if len(options) == 1 else f"1-{len(options)}"
        helps, quits, hints = answer_words()
        w = self.words
        if waiting is not None:
            who = self.printer.narrator.who(waiting)
            self.printer.say(w._("Before {who} plays, you may make a move out of turn.", who=who))
            prompt = w._("Your choice ({numbers}, Enter to let {who} play, hint, h help, "
                         "q quit): ", numbers=numbers, who=who)
        elif cards:
            prompt = w._("Your play ({numbers}, a code such as {example}, hint, h help, q quit): ",
                         numbers=numbers, example=example)
        else:
            prompt = w._("Your choice ({numbers}, hint, h help, q quit): ", numbers=numbers)
        while True:
            try:
                line = self.read_line(prompt)
            except AnswerTooLong:
                raise _Abandon(ANSWER_TOO_LONG, 1, limit=Count(ANSWER_LIMIT)) from None
            except EOFError:
                raise _Abandon(INPUT_CLOSED, 1) from None
            answer = line.strip()
            if not answer:
                if waiting is not None:
                    return None
                continue
            word = answer.lower()
            if word in helps:
                for help_line in textwrap.wrap(w._(HELP), width=78):
                    self.printer.say(help_line)
                continue
            if word in quits:
                raise _Abandon(QUIT, 0)
            if word in hints and waiting is not None:  # a move out of turn: the bots' own
                said = out_of_turn_hint(self.advisor.bot(view), view, self.printer.narrator)[1]
                for hint_line in textwrap.wrap(said, width=78):
                    self.printer.say(hint_line)
                continue
            if word in hints:
                with thinking(self.printer.out, w._("Working out the hint…")):
                    estimates = self.advisor.estimates(view)
                self.printer.hint(estimates, options, view, level=self.advisor.level)
                continue
            action = self.understand(answer, view, options, example)
            if isinstance(action, str):
                self.printer.say(action)
            else:
                return action

    def understand(
        self, answer: str, view: SeatView, options: Sequence[Action], example: str
    ) -> Action | str:
        """The legal action ``answer`` names (a number from the menu, a card code, a move in
        notation), or what is wrong with it, in words."""
        lang, w = self.lang, self.words
        last = len(options)
        if re.fullmatch(r"[0-9]+", answer):  # ASCII digits, as everywhere
            digits = answer.lstrip("0") or "0"
            number = int(digits) if len(digits) <= 9 else None
            if number is None or not 1 <= number <= last:
                n = shown(answer, lang) if number is None else number
                return w._("There is no {n} in the list: choose 1 to {last}.", n=n, last=last)
            chosen = options[number - 1]
        else:
            try:
                chosen = self.game.parse(answer)
            except CardrulesError:
                quoted = shown(answer, lang)
                if example:
                    return w._("Cannot read {text}: type a number from 1 to {last}, a card code "
                               "such as {example}, h for help or q to quit.", text=quoted,
                               last=last, example=example)
                return w._("Cannot read {text}: type a number from 1 to {last}, a move as "
                           "written in the list, h for help or q to quit.", text=quoted,
                           last=last)
        # Why not, in the words the widget's play mode uses too (never where a card the user
        # does not hold is).
        refused = refusal(self.game, view.seat, chosen, codes=True)
        return chosen if refused is None else refused.say(lang)
