"""One deal played in the terminal: bots play their seats, the user types at the prompt.

A :class:`Session` drives the deal through the engine's public API and nothing else: each bot
chooses from its seat's view (``bot.choose(game.view(seat))``), the user chooses from the menu
rendered from their own view, every action is played with :meth:`Game.play_step
<cardrules.engine.Game.play_step>` and the :class:`~cardrules.engine.Step` it returns is
rendered. Legality has one source: an answer is accepted when it is one of the view's legal
actions, and a refusal is explained by :meth:`Game.refusal <cardrules.engine.Game.refusal>`,
except for a card the user does not hold, which is only said not to be in the hand (the engine's
reason would tell where the card is).
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable, Sequence

from ..actions import Action, Move, format_action
from ..bots import Bot
from ..cards import Card
from ..engine import Game, SeatView
from ..errors import CardrulesError, Lang
from .render import Renderer
from .text import text

ReadLine = Callable[[str], str]
"""Reads one answer after printing a prompt (``input``; raises ``EOFError`` at the end)."""

HELP_WORDS = ("h", "?", "help", "ayuda")
"""Answers that print the help."""
QUIT_WORDS = ("q", "quit", "exit", "salir")
"""Answers that abandon the deal."""


def echoing_input() -> ReadLine:
    """``input``, echoing the answer when standard input is not a terminal, so that a scripted
    session reads like a typed one."""

    def read(prompt: str) -> str:
        line = input(prompt)
        try:
            interactive = sys.stdin.isatty()
        except (AttributeError, ValueError):
            interactive = False
        if not interactive:
            print(line)
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
    """

    def __init__(
        self,
        game: Game,
        renderer: Renderer,
        bots: Sequence[Bot],
        *,
        players_line: str,
        read_line: ReadLine,
    ) -> None:
        self.game = game
        self.renderer = renderer
        self.me = renderer.me
        """The user's seat, or ``None`` when bots play every seat."""
        self.lang: Lang = renderer.lang
        self.bots = bots
        self.players_line = players_line
        self.read_line = read_line

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
            number = int(answer)
            if not 1 <= number <= last:
                return text("no_such_number", lang, n=number, last=last)
            chosen = options[number - 1]
        else:
            try:
                chosen = self.game.parse(answer)
            except CardrulesError:
                if example:
                    return text("not_understood", lang, text=answer, last=last, example=example)
                return text("not_understood_moves", lang, text=answer, last=last)
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
