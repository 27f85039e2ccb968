"""One deal played in the terminal: bots play their seats, the user types at the prompt.

A :class:`Session` drives the deal through the engine's public API and nothing else: each bot
chooses from its seat's view (``bot.choose(game.view(seat))``), the user chooses from the menu
rendered from their own view, every action is played with :meth:`Game.play_step
<cardrules.engine.Game.play_step>` and the :class:`~cardrules.engine.Step` it returns is
rendered. Legality has one source: an answer is accepted when it is one of the view's legal
actions, and a refusal is explained by :meth:`Game.refusal <cardrules.engine.Game.refusal>`,
except for a card the user does not hold, which is only said not to be in the hand (the engine's
reason would tell where the card is).

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

from ..bots import HINT_NOISE, LEVELS, Bot, Estimate, PimcBot
from ..core.actions import Action, Move, format_action
from ..core.cards import Card
from ..core.errors import CardrulesError, Lang, shown
from ..engine import Game, SeatView
from .render import Renderer
from .text import text, visible

ReadLine = Callable[[str], str]
"""Reads one answer after printing a prompt (``input``; raises ``EOFError`` at the end)."""

HELP_WORDS = ("h", "?", "help", "ayuda")
"""Answers that print the help."""
QUIT_WORDS = ("q", "quit", "exit", "salir")
"""Answers that abandon the deal."""
HINT_WORDS = ("hint", "pista")
"""Answers that show the search bot's estimate of each legal action."""


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
        seed = (self.seed << 16) | (len(view.history) & 0xFFFF)
        bot = PimcBot(worlds=LEVELS[self.level], seed=seed, noise=HINT_NOISE)
        return bot.evaluate(view, view.legal_actions)


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


def echoing_input() -> ReadLine:
    """``input``, echoing the answer when standard input is not a terminal, so that a scripted
    session reads like a typed one (control characters escaped, cut at :data:`ECHO_LIMIT`
    characters). Standard input closed or failing is its end: ``EOFError``."""

    def read(prompt: str) -> str:
        if sys.stdin is None:  # file descriptor 0 was closed before Python started
            print(prompt, end="", flush=True)
            raise EOFError
        try:
            line = input(prompt)
        except (RuntimeError, ValueError, OSError, UnicodeDecodeError):  # lost, closed, failing
            raise EOFError from None
        try:
            interactive = sys.stdin.isatty()
        except (AttributeError, ValueError):
            interactive = False
        if not interactive:
            print(visible(line, ECHO_LIMIT))
        return line

    return read


class _Abandon(Exception):
    def __init__(self, key: str, status: int) -> None:
        super().__init__(key)
        self.key = key
        self.status = status


class Session:
    """One deal in the terminal.

    Args:
        game: the deal, dealt and not yet played.
        renderer: prints it (its ``me`` is the user's seat, or ``None``).
        bots: one bot per seat (the user's seat's bot is not asked).
        players_line: the intro's line saying who plays (the user's seat, the bots).
        read_line: reads the user's answers.
        advisor: answers ``hint`` (the search bot, at the deal's level).
    """

    def __init__(
        self,
        game: Game,
        renderer: Renderer,
        bots: Sequence[Bot],
        *,
        players_line: str,
        read_line: ReadLine,
        advisor: Advisor,
    ) -> None:
        self.game = game
        self.renderer = renderer
        self.me = renderer.me
        """The user's seat, or ``None`` when bots play every seat."""
        self.lang: Lang = renderer.lang
        self.bots = bots
        self.players_line = players_line
        self.read_line = read_line
        self.advisor = advisor

    def run(self) -> int:
        """Play the deal to its end, printing it; the exit status: 0, 1 when the input closed,
        130 on Ctrl-C (a quit is 0)."""
        game = self.game
        render = self.renderer
        deal = next(game.steps())  # the deal is the game's first step
        render.intro(deal, seed=game.seed, players_line=self.players_line,
                     show_hands=self.me is None)
        try:
            while not game.is_over:
                seat = game.current_player
                assert seat is not None and seat >= 0
                if seat == self.me:
                    action = self.ask(game.view(seat))
                else:
                    who = render.narrator.who(seat)
                    with thinking(render.out, text("bot_thinking", self.lang, who=who)):
                        action = self.bots[seat].choose(game.view(seat))
                render.step(game.play_step(action))
        except _Abandon as stop:
            render.say()
            render.say(text(stop.key, self.lang))
            return stop.status
        except KeyboardInterrupt:
            render.say()
            render.say(text("quit", self.lang))
            return 130
        render.end(game.result)
        return 0

    # The user's turn ----------------------------------------------------------------------------
    def ask(self, view: SeatView) -> Action:
        """Show the user's position and read answers until one names a legal action."""
        options = self.renderer.status(view)
        cards = [a for a in options if isinstance(a, Card)]
        example = cards[0].code if cards else ""
        numbers = "1" if len(options) == 1 else f"1-{len(options)}"
        if cards:
            prompt = text("prompt", self.lang, numbers=numbers, example=example)
        else:
            prompt = text("prompt_moves", self.lang, numbers=numbers)
        while True:
            try:
                line = self.read_line(prompt)
            except EOFError:
                raise _Abandon("eof", 1) from None
            answer = line.strip()
            if not answer:
                continue
            word = answer.lower()
            if word in HELP_WORDS:
                for help_line in textwrap.wrap(text("help_text", self.lang), width=78):
                    self.renderer.say(help_line)
                continue
            if word in QUIT_WORDS:
                raise _Abandon("quit", 0)
            if word in HINT_WORDS:
                with thinking(self.renderer.out, text("hint_thinking", self.lang)):
                    estimates = self.advisor.estimates(view)
                self.renderer.hint(estimates, options, view, level=self.advisor.level)
                continue
            action = self.understand(answer, view, options, example)
            if isinstance(action, str):
                self.renderer.say(action)
            else:
                return action

    def understand(
        self, answer: str, view: SeatView, options: Sequence[Action], example: str
    ) -> Action | str:
        """The legal action ``answer`` names (a number from the menu, a card code, a move in
        notation), or what is wrong with it, in words."""
        lang = self.lang
        last = len(options)
        if re.fullmatch(r"\d+", answer):
            digits = answer.lstrip("0") or "0"
            number = int(digits) if len(digits) <= 9 else None
            if number is None or not 1 <= number <= last:
                n = shown(answer, lang) if number is None else number
                return text("no_such_number", lang, n=n, last=last)
            chosen = options[number - 1]
        else:
            try:
                chosen = self.game.parse(answer)
            except CardrulesError:
                quoted = shown(answer, lang)
                if example:
                    return text("not_understood", lang, text=quoted, last=last, example=example)
                return text("not_understood_moves", lang, text=quoted, last=last)
        if chosen in view.legal_actions:
            return chosen
        # Never tell where a card the user does not hold is: only that it is not in the hand.
        card = chosen if isinstance(chosen, Card) else None
        if isinstance(chosen, Move) and chosen.leaves_hand:
            named = getattr(chosen, "card", None)
            card = named if isinstance(named, Card) else None
        if card is not None and card not in view.hand:
            return text("not_in_hand", lang, card=self.renderer.card(card))
        refusal = self.game.refusal(chosen)
        if refusal is not None:
            return text("not_allowed", lang, reason=refusal.message(lang))
        # Playable, but not by the user now (another seat's move out of turn).
        return text("not_allowed_now", lang, action=format_action(chosen))
