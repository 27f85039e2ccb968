"""Practice exercises for learners of the games and their Spanish words, made by the engine.

Every exercise is cut from a real deal: a seeded deal of one of the games that turn a trump up
under a stock and have the trump exchange (:data:`DEALS`, read from the registry) that the
package's bots (greedy and random, seeded) play out, then replayed step by step
(:meth:`Game.steps <cardrules.engine.Game.steps>`). The answer is what the engine says about that
position, never a hand-written one:

============  ===========================================================  ====================
kind          the question                                                 the answer, from
============  ===========================================================  ====================
``label``     *name this play*: asistir, montar, fallar, pisar,            ``Step.label``
              contrafallar or arrastrar
``winner``    *who takes this trick?*                                      ``Trick.winner``
``points``    *how many card points are in it?*                            ``Trick.points``
``exchange``  *may this card take the turned-up card now?*                 ``Game.refusal``
``word``      *word ↔ meaning*: a glossary term and its gloss
:mod:`cardrules.learn.glossary`
``puzzle``    *which card reaches the goal?* (an endgame puzzle: two       the exact solver,
              players, the stock gone, every card known)                   :mod:`~cardrules.
                                                                           learn.puzzles`
============  ===========================================================  ====================

Each exercise has a prompt, the cards to show (their codes, names and captions), the choices,
the key of the right one, and feedback: the rule as it applies to this very position and the
glossary term behind it (word, gloss, definition), all in English or Spanish. Every sentence it
says about its position (who holds a card, whose turn it is, which card may take the turned-up
card now and why another may not) is made from what the engine says of that position, and comes
with its :class:`Claim`: the same statement as data, which the tests check against the engine.
An exercise is named by an id, ``<kind>-<seed>`` (``"label-7"``): the same id gives the same
exercise, in either language, on every Python, so that a page can keep a learner's progress as a
list of ids and ask for them again. The record of the deal and the step the exercise is about come
with it, so that anyone can replay the position and check.

The rulebook's practice page asks for exercises through :func:`exercise` (JSON text, like
:mod:`cardrules.web`), in the widget's Web Worker.

Examples:
    >>> drill = generate("winner", 3, "en")
    >>> drill.id, drill.kind, drill.answer in [choice.key for choice in drill.choices]
    ('winner-3', 'winner', True)
    >>> import cardrules
    >>> step = list(cardrules.replay(drill.record).steps())[drill.step]
    >>> str(step.trick.winner) == drill.answer
    True
    >>> generate("winner", 3, "es").answer == drill.answer
    True
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .. import games as registry
from ..account.narration import Narrator
from ..bots import GreedyBot, RandomBot, play_out
from ..core.actions import Trick
from ..core.cards import Card, Suit, parse_card
from ..core.errors import CardrulesError
from ..core.errors import shown as quoted
from ..core.labels import PlayLabel
from ..core.packs import Pack, Style, pack_for
from ..core.rng import MAX_WEB_SEED
from ..engine import Game, Phase, Step, TrumpExchange
from ..games import rules_for
from ..record import new_game
from ..words import N_, Lang, Words, known, words
from .glossary import Term, game_title, terms
from .puzzles import GAMES as PUZZLE_GAMES
from .puzzles import Position, Solution, positions, solve

__all__ = [
    "DEALS",
    "GAMES",
    "KINDS",
    "MAX_SEED",
    "Choice",
    "Claim",
    "Exercise",
    "PracticeError",
    "ShownCard",
    "TermNote",
    "exercise",
    "exercise_data",
    "exercise_id",
    "generate",
    "parse_id",
]

KINDS: Final[tuple[str, ...]] = ("label", "winner", "points", "exchange", "word", "puzzle")
"""The kinds of exercise, in the order the practice page lists them."""
PLAYERS: Final[tuple[int, ...]] = (2, 3, 4)
"""The numbers of players the deals may be drawn with."""


def practised(game_id: str, players: int) -> bool:
    """Whether deals of ``game_id`` for ``players`` make the position exercises: a trump turned
    up under a stock that the players draw from, the trump exchange in force, and one card a
    seat at each turn of a trick (with the default options).

    Examples:
        >>> practised("briscola", 2), practised("aluette", 4)
        (True, False)
    """
    rules = rules_for(game_id, players)
    return (rules.turns_up and any(rules.draw_counts) and rules.trump_exchange() is not None
            and all(size == 1 for size in rules.turn_sizes))


DEALS: Final[tuple[tuple[str, int], ...]] = tuple(
    (game_id, players) for game_id, rules_type in registry.GAMES.items()
    for players in rules_type.player_counts if players in PLAYERS and practised(game_id, players))
"""The games and numbers of players the deals are drawn from (:func:`practised`), in the
registry's order: a new game that turns a trump up comes in by itself."""
GAMES: Final[tuple[str, ...]] = tuple(dict.fromkeys(game_id for game_id, _ in DEALS))
"""The games the deals are drawn from."""
NAMES: Final[tuple[str, ...]] = ("Ana", "Luis", "Carmen", "Pedro")
"""The players' names, by seat."""
MAX_SEED: Final = MAX_WEB_SEED
"""The largest seed an id may carry: :data:`cardrules.core.rng.MAX_WEB_SEED` (2**53 - 1), the
largest a page's JavaScript reads exactly (the ids are shared as links: this range never
changes)."""
_SEEDED: Final = 5
"""The kinds there were before the endgame puzzles: an exercise's random source is seeded with
``seed * 5 + `` its kind's place (a puzzle's seed names its puzzle, and it draws nothing)."""
MAX_DEALS: Final = 16
"""How many deals an exercise looks through for a position of the kind it wants."""

_ID: Final = re.compile(r"(?P<kind>[a-z]+)-(?P<seed>[0-9]{1,16})")

_WHY: Final[dict[str, str]] = {
    "arrastrar": N_("{card} is a trump ({trump}) and it leads the trick: leading a trump is "
                    "arrastrar."),
    "asistir": N_("{card} is of the suit led ({led}), but it does not head the trick: {best} "
                  "stays above it."),
    "montar": N_("{card} is of the suit led ({led}) and beats {best}, the best card until then: "
                 "it now heads the trick."),
    "fallar": N_("{card} is a trump ({trump}) on a trick led in {led}, and no trump had been "
                 "played to it: it trumps the trick."),
    "fallar-under": N_("{card} is a trump ({trump}) on a trick led in {led}, but {best}, the "
                       "trump already heading the trick, stays above it: it is not pisar."),
    "pisar": N_("{card} is a trump higher than {best}, the trump that was heading the trick."),
    "contrafallar": N_("{card} is neither of the suit led ({led}) nor a trump ({trump}): it "
                       "cannot take the trick."),
}
"""Why a play has its label, by label (``fallar-under``: a trump under the trump heading the
trick)."""

_EXCHANGE_RULES: Final[dict[str, str]] = {
    "italian": N_("The exchange in {game}: the two of trumps takes the turned-up card, whatever "
                  "it is."),
    "spanish": N_("The exchange in {game}: the seven of trumps takes a turned-up card higher than "
                  "itself ({high}); the two of trumps takes the seven and the cards below it "
                  "({low})."),
    "puerto-rico": N_("The exchange in {game}: the seven of trumps takes a turned-up card higher "
                      "than itself ({high}), but before the first card of the deal is played the "
                      "two of trumps takes it instead if a player holds the two (it has "
                      "precedence); the two of trumps takes the seven and the cards below it "
                      "({low})."),
    "seven": N_("The exchange in {game}: the seven of trumps takes the turned-up card, whatever "
                "it is: higher than itself ({high}) or lower ({low})."),
    "seven-high": N_("The exchange in {game}: the seven of trumps takes a turned-up card higher "
                     "than itself ({high}); no card takes a lower one ({low})."),
    "puerto-rico-always": N_("The exchange in {game}: the seven of trumps takes a turned-up card "
                             "higher than itself ({high}), but until the first card of the deal "
                             "is played only the two of trumps may take it, wherever the two is, "
                             "and the seven waits for the first card; the two of trumps takes the "
                             "seven and the cards below it ({low})."),
}
"""The trump exchange's rule, by :attr:`TrumpExchange.rule
<cardrules.engine.TrumpExchange.rule>` (``{high}``, ``{low}``: the ranks above and below
the seven, from the game's card strength: below it, the seven itself and not the two where the
two takes them, the two too where the seven alone exchanges); Puerto Rico's by its option too:
``"puerto-rico"`` when the seven waits only while a player holds the two (``exchange_seven_waits=
"while-two-held"``), ``"puerto-rico-always"`` when it always waits for the first card (the
default)."""

_REFUSED: Final[dict[str, str]] = {
    "wrong-card": N_("No: {card} does not take the turned-up card, {turn_up}."),
    "two-first": N_("No: no card of the deal has been played yet and a player holds {two}: until "
                    "the first card is played the two has precedence, and {card} must wait."),
    "two-turn": N_("No: no card of the deal has been played yet, and until the first card is "
                   "played only {two} may take a high turned-up card: {card} must wait for the "
                   "first card."),
    "no-trick": N_("No: {who} has not taken a trick yet, and only a player who has taken one may "
                   "make the exchange."),
    "no-side-trick": N_("No: {who}'s side has not taken a trick yet, and only a player whose side "
                        "has taken one may make the exchange."),
    "first-trick": N_("No: the first trick is over, and the exchange is only allowed until it is "
                      "finished."),
    "not-your-turn": N_("No: it is not {who}'s turn, and the exchange is only allowed in your own "
                        "turn."),
    "once-a-trick": N_("No: {who} has already made an exchange during this trick, and it is "
                       "allowed once a trick."),
    "before-penultimate": N_("No: the last cards of the stock are drawn after this trick, and the "
                             "exchange is not allowed during it."),
    "after-win": N_("No: only the player who has just won a trick may make the exchange, before "
                    "leading the next one."),
}
"""Why the exchange asked about is refused, by reason (the reason is found from the position;
the tests check it against the engine's refusal)."""

_TAKER: Final[dict[str, str]] = {
    "now": N_("The card that may take it now is {card}, which {who} holds."),
    "held": N_("The card that would take it is {card}, which {who} holds, but not now: "
               "{reason}."),
    "stock": N_("The card that would take it is {card}, and it is still in the stock."),
    "played": N_("The card that would take it is {card}, and it has already been played."),
    "out": N_("The card that would take it is {card}, and it is not in this deal's pack."),
    "none": N_("No card of this game takes this turned-up card."),
}
"""What the card that takes the turned-up card is doing, when it is not the card asked about."""

_NOT_NOW: Final[dict[str, str]] = {
    "no-trick": N_("{who} has not taken a trick yet"),
    "no-side-trick": N_("{who}'s side has not taken a trick yet"),
    "first-trick": N_("the first trick is over"),
    "not-your-turn": N_("it is not {who}'s turn"),
    "once-a-trick": N_("{who} has already made an exchange during this trick"),
    "before-penultimate": N_("the last cards of the stock are drawn after this trick"),
    "after-win": N_("only the player who has just won a trick may make it, before leading"),
}
"""Why the holder of the card that takes the turned-up card may not give it now, by reason."""

_WHERE: Final[dict[str, str]] = {
    "stock": N_("{card} is not in any player's cards: it is still in the stock."),
    "turn-up": N_("{card} is the turned-up card itself."),
    "out": N_("{card} is not in this deal's pack."),
}
"""Where a card no player holds is."""

_MARKED: Final = N_("{card} ({own}, marked {mark})")
"""A card of a pack whose faces are marked with other numbers than their codes (the Italian
pack's fante is marked 8): its name, the pack's own name and the mark on the card."""

_TIMINGS: Final[dict[str, str]] = {
    "first-trick": N_("When: only until the first trick is finished."),
    "any-time": N_("When: at any moment while the turned-up card is under the stock, even out of "
                   "turn."),
    "own-turn": N_("When: only in your own turn, once a trick."),
    "before-penultimate": N_("When: at any moment but the trick after which the last cards are "
                             "drawn."),
    "after-win": N_("When: only after winning a trick, before leading the next one."),
}
"""When the trump exchange is allowed, by :attr:`TrumpExchange.timing
<cardrules.engine.TrumpExchange.timing>`."""

_BAD_ID: Final = N_("{text} is not a practice exercise (kind-seed, such as label-7)")

TURN_UP_CAPTION: Final = N_("turned-up card")
"""The caption under the turned-up card."""


class PracticeError(CardrulesError):
    """An exercise id that names no exercise (a bad kind, or a seed out of range)."""


# The pieces of an exercise --------------------------------------------------------------------


@dataclass(frozen=True)
class ShownCard:
    """A card the page shows with the exercise."""

    code: str
    """The card's code (``"1O"``): the page draws its picture."""
    name: str
    """The card's name in the exercise's language (``"as de oros"``)."""
    caption: str
    """A few words under it: who played it, or ``"turned-up card"``."""
    role: str
    """``"table"`` (on the table before the play asked about), ``"played"`` (the card the
    question is about), ``"trick"`` (a card of a finished trick), ``"turn-up"`` (the turned-up
    card), ``"hand"`` (in the hand of the player asked about), ``"asked"`` (the card of the
    exchange question, in that hand) or ``"term"`` (a card the glossary word names: shown with
    the feedback, not before the answer)."""


@dataclass(frozen=True)
class Choice:
    """One answer the learner may choose."""

    key: str
    """What identifies it: a label or term id, a seat number, a number of points, yes or no."""
    text: str
    """What the page shows."""


@dataclass(frozen=True)
class Claim:
    """One statement an exercise makes about its position, as data and as said.

    ``fact`` names what is stated and ``about`` its particulars (card codes, seats, numbers,
    suit letters), so that a test can check it against the engine; ``text`` is the sentence the
    learner reads, in the exercise's language, and ``where`` the part of the exercise it is in.
    """

    where: str
    """``"prompt"``, ``"context"`` or ``"rule"``."""
    fact: str
    """What is stated: ``"holds"``, ``"turn"``, ``"exchange-yes"``, ``"taker-now"``..."""
    about: tuple[str | int, ...]
    """The particulars: card codes (``"7O"``), seats, numbers, suit letters, option values."""
    text: str
    """The sentence (for the prompt, the part of it that states the fact)."""


@dataclass(frozen=True)
class TermNote:
    """The glossary term an exercise is about, as the feedback shows it."""

    id: str
    """The term's id: its anchor on the glossary page."""
    word: str
    """The term as written."""
    lang: str
    """The term's own language: ``"es"``, ``"it"`` or ``"fr"``."""
    gloss: str
    """A few words, in the exercise's language."""
    definition: str
    """One or two sentences, in the exercise's language."""
    speech: tuple[str, ...] = ()
    """The language tags to speak the word in (``Term.speech``: ``("es-ES", "es-419")``)."""

    @classmethod
    def of(cls, term: Term, lang: Lang) -> TermNote:
        """The note of a glossary term, in ``lang``."""
        return cls(term.id, term.word, term.lang, term.gloss.said(lang),
                   term.definition.said(lang), term.speech)


@dataclass(frozen=True)
class Exercise:
    """One exercise, in one language."""

    id: str
    """``<kind>-<seed>``: the same id makes the same exercise (see :func:`generate`)."""
    kind: str
    """One of :data:`KINDS`."""
    lang: Lang
    """The language of every text in it."""
    prompt: str
    """The question."""
    choices: tuple[Choice, ...]
    """The answers to choose from (two to six)."""
    answer: str
    """The key of the right choice."""
    rule: tuple[str, ...]
    """The feedback: the rule, as it applies to this position, sentence by sentence."""
    term: TermNote | None = None
    """The glossary term behind the question, for the feedback."""
    title: str = ""
    """Where the position comes from: the game and the number of players (``""``: a glossary
    card)."""
    style: str = "spanish"
    """The look of the cards: ``"spanish"``, ``"italian"`` or ``"french"``."""
    context: tuple[str, ...] = ()
    """What the learner needs to know of the position: trumps, who led, the tricks so far."""
    cards: tuple[ShownCard, ...] = ()
    """The cards to show."""
    record: dict[str, Any] | None = field(default=None, compare=False)
    """The record of the deal the exercise comes from (``cardrules.replay`` reads it)."""
    step: int | None = None
    """The index of the step (in ``game.steps()``) the exercise is about: the play to name, the
    play that completed the trick; for the exchange, the position just after that step."""
    claims: tuple[Claim, ...] = ()
    """Every statement the prompt, the context and the rule make about the position, as data:
    the context's and the rule's lines are exactly the texts of their claims, in order."""
    play_from: int | None = None
    """For an endgame puzzle, the step (of :attr:`record`'s steps) from which the page plays
    the solution out once answered: :attr:`record` goes on to the end of the deal with the
    solver's line (else ``None``)."""

    @property
    def answer_text(self) -> str:
        """The text of the right choice."""
        return next(choice.text for choice in self.choices if choice.key == self.answer)

    def to_dict(self) -> dict[str, Any]:
        """The exercise as plain data (JSON-ready)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "lang": self.lang,
            "title": self.title,
            "style": self.style,
            "prompt": self.prompt,
            "context": list(self.context),
            "cards": [{"code": c.code, "name": c.name, "caption": c.caption, "role": c.role}
                      for c in self.cards],
            "choices": [{"key": c.key, "text": c.text} for c in self.choices],
            "answer": self.answer,
            "rule": list(self.rule),
            "term": None if self.term is None else {
                "id": self.term.id, "word": self.term.word, "lang": self.term.lang,
                "gloss": self.term.gloss,
                "definition": self.term.definition, "speech": list(self.term.speech)},
            "record": self.record,
            "step": self.step,
            "play_from": self.play_from,
        }


# Ids -------------------------------------------------------------------------------------------


def exercise_id(kind: str, seed: int) -> str:
    """The id of the exercise of ``kind`` made from ``seed``.

    Raises:
        PracticeError: an unknown kind or a seed out of range.

    Examples:
        >>> exercise_id("label", 7)
        'label-7'
    """
    if kind not in KINDS or not 0 <= seed <= MAX_SEED:
        raise PracticeError(_BAD_ID, text=quoted(f"{kind}-{seed}"))
    return f"{kind}-{seed}"


def parse_id(text: str) -> tuple[str, int]:
    """The kind and seed an exercise id names.

    Raises:
        PracticeError: the text is not an id (``<kind>-<seed>``, a seed from 0 to
            :data:`MAX_SEED`).

    Examples:
        >>> parse_id("points-12")
        ('points', 12)
    """
    match = _ID.fullmatch(text) if isinstance(text, str) else None
    if match is None or match["kind"] not in KINDS or int(match["seed"]) > MAX_SEED:
        raise PracticeError(_BAD_ID, text=quoted(text))
    return match["kind"], int(match["seed"])


# Deals -----------------------------------------------------------------------------------------


def marked(pack: Pack, card: Card, name: str, lang: Lang) -> str:
    """``name`` with what the card shows, when its face is marked with another number than its
    code: the Italian pack's faces, marked 8, 9 and 10 (``"the jack of coins (fante, marked
    8)"``); any other card's ``name`` as it is.

    Examples:
        >>> from cardrules.core.packs import ITALIAN_40, SPANISH_40
        >>> marked(ITALIAN_40, Card(10, Suit.OROS), "the jack of coins", "en")
        'the jack of coins (fante, marked 8)'
        >>> marked(SPANISH_40, Card(10, Suit.OROS), "the jack of coins", "en")
        'the jack of coins'
    """
    own, mark = pack.face.own, pack.printed(card)
    if own is None or card.number < 10 or not mark.isdigit() or mark == str(card.number):
        return name
    return words(lang)._(_MARKED, card=name, own=own.faces[card.number - 10], mark=mark)


@dataclass(frozen=True)
class _Deal:
    """A deal played out by the bots, with its steps and its words."""

    game: Game
    steps: tuple[Step, ...]
    words: Narrator
    lang: Lang

    @property
    def said(self) -> Words:
        """The exercise's sentences."""
        return words(self.lang)

    @property
    def title(self) -> str:
        rules = self.game.rules
        players = self.said.n_("{n} player", "{n} players", rules.players)
        return f"{rules.title.get(self.lang) or rules.title['en']} · {players}"

    @property
    def style(self) -> str:
        return self.game.rules.pack.face.style

    def card(self, card: Card) -> str:
        """The card with its article, and its mark when the pack marks it otherwise."""
        return marked(self.game.rules.pack, card, self.words.card(card), self.lang)

    def card_name(self, card: Card) -> str:
        """The card without article, and its mark when the pack marks it otherwise."""
        return marked(self.game.rules.pack, card, self.words.card_name(card), self.lang)

    def suit(self, suit: Suit) -> str:
        return self.words.suit(suit)

    def shown(self, card: Card, caption: str, role: str) -> ShownCard:
        return ShownCard(card.code, self.card_name(card), caption, role)

    def record(self) -> dict[str, Any]:
        return self.game.to_record()


class _Said:
    """The claims of one exercise, in order, each said once."""

    def __init__(self, deal: _Deal) -> None:
        self.deal = deal
        self.claims: list[Claim] = []

    def __call__(self, where: str, fact: str, about: Sequence[str | int], message: str,
                 **fields: object) -> str:
        text = self.deal.said._(message, **fields)
        self.claims.append(Claim(where, fact, tuple(about), text))
        return text

    def lines(self, where: str) -> tuple[str, ...]:
        return tuple(c.text for c in self.claims if c.where == where)


@functools.lru_cache(maxsize=64)
def _played(game_id: str, players: int, seed: int,
            bots: tuple[int | None, ...]) -> tuple[Game, tuple[Step, ...]]:
    """A deal played out by bots (``None``: a greedy bot, a number: a random bot's seed), and its
    steps. Kept for a while: an exercise is often asked in both languages at once. Nothing
    changes the game it returns (exercises read it, replay its log on a fresh game)."""
    game = new_game(game_id, players=list(NAMES[:players]), seed=seed)
    play_out(game, [GreedyBot() if bot is None else RandomBot(bot) for bot in bots])
    return game, tuple(game.steps())


def _deal(rng: random.Random, lang: Lang) -> _Deal:
    """A seeded deal of one of :data:`DEALS`, played out by seeded greedy and random bots."""
    game_id, players = rng.choice(DEALS)
    seed = rng.randrange(2**31)
    bots = tuple(None if rng.random() < 0.5 else rng.randrange(2**31) for _ in range(players))
    game, steps = _played(game_id, players, seed, bots)
    words = Narrator(game.rules, game.names, lang)
    return _Deal(game, steps, words, lang)


def _trumps_line(say: _Said, trump: Suit, turn_up: Card | None) -> None:
    deal = say.deal
    if turn_up is not None:
        say("context", "trumps", (trump.value, turn_up.code),
            N_("Trumps: {suit} (the turned-up card is {card})."), suit=deal.suit(trump),
            card=deal.card(turn_up))
    else:
        say("context", "trumps", (trump.value, ""),
            N_("Trumps: {suit} (the turned-up card has been drawn)."), suit=deal.suit(trump))


def _heading(cards: Sequence[Card], trump: Suit | None, strength: Sequence[int]) -> Card:
    """The card that heads a trick holding ``cards``: the highest trump, else the highest card
    of the suit led."""
    best = cards[0]
    for other in cards[1:]:
        if other.suit is best.suit:
            if strength[other.index] > strength[best.index]:
                best = other
        elif other.suit is trump:
            best = other
    return best


def _by_strength(cards: Sequence[Card], strength: Sequence[int]) -> list[Card]:
    return sorted(cards, key=lambda c: -strength[c.index])


def _term_named(*names: str) -> Term | None:
    """The first glossary term that has one of ``names`` as its id, word or form."""
    for name in names:
        for term in terms():
            if term.id == name or name in term.names:
                return term
    return None


def _note(lang: Lang, *names: str) -> TermNote | None:
    term = _term_named(*names)
    return None if term is None else TermNote.of(term, lang)


def _finish(say: _Said, **parts: Any) -> Exercise:
    """The exercise, its context and rule being the lines of its claims."""
    return Exercise(context=say.lines("context"), rule=say.lines("rule"),
                    claims=tuple(say.claims), **parts)


# The kinds of exercise ---------------------------------------------------------------------------


def _label(rng: random.Random, lang: Lang, ident: str) -> Exercise:
    """*Name this play*: a card played to a trick, and its label."""
    wanted = rng.choice(list(PlayLabel))
    chosen: tuple[_Deal, Step] | None = None
    for _ in range(MAX_DEALS):
        deal = _deal(rng, lang)
        labelled = [s for s in deal.steps if s.label is not None and s.played is not None]
        matching = [s for s in labelled if s.label is wanted]
        if matching:
            chosen = deal, rng.choice(matching)
            break
        if labelled and chosen is None:
            chosen = deal, rng.choice(labelled)
    assert chosen is not None, "no deal of the practice games without a labelled play"
    deal, step = chosen
    label, card = step.label, step.played
    assert label is not None and card is not None and step.seat is not None
    before = step.before
    trump = before.trump
    assert trump is not None
    say = _Said(deal)
    who = deal.words.who(step.seat)
    prompt = say("prompt", "plays", (step.seat, card.code),
                 N_("{who} plays {card}. What is this play called?"), who=who,
                 card=deal.card(card))
    _trumps_line(say, trump, before.turn_up)
    shown: list[ShownCard] = []
    if before.trick:
        leader = before.trick[0][0]
        say("context", "led", (leader,), N_("{who} led the trick."), who=deal.words.who(leader))
        shown += [deal.shown(c, deal.words.who(s), "table") for s, c in before.trick]
    else:
        say("context", "empty-table", (), N_("No card on the table yet."))
    shown.append(deal.shown(card, who, "played"))
    if before.turn_up is not None:
        shown.append(deal.shown(before.turn_up, deal.said._(TURN_UP_CAPTION), "turn-up"))
    cards = [c for _, c in before.trick]
    strength = deal.game.rules.strength
    fields: dict[str, object] = {"card": deal.card(card), "trump": deal.suit(trump)}
    if cards:
        best = _heading(cards, trump, strength)
        fields |= {"led": deal.suit(cards[0].suit), "best": deal.card(best)}
        key = label.value
        if label is PlayLabel.FALLAR and best.suit is trump:
            key = "fallar-under"
        about: tuple[str | int, ...] = (key, card.code, cards[0].suit.value, best.code,
                                        trump.value)
    else:
        key = "arrastrar"
        about = (key, card.code, "", "", trump.value)
    say("rule", "label", about, _WHY[key], **fields)
    choices = tuple(Choice(each.value, each.term) for each in PlayLabel)
    return _finish(
        say, id=ident, kind="label", lang=lang, prompt=prompt, choices=choices,
        answer=label.value, term=_note(lang, label.value), title=deal.title, style=deal.style,
        cards=tuple(shown), record=deal.record(), step=step.index,
    )


def _trick_step(rng: random.Random, lang: Lang) -> tuple[_Deal, Step, Trick]:
    """A step that completed a trick someone took, from a fresh deal."""
    deal = _deal(rng, lang)
    done = [s for s in deal.steps if s.trick is not None and s.trick.winner is not None]
    step = rng.choice(done)
    assert step.trick is not None
    return deal, step, step.trick


def _trick_cards(say: _Said, step: Step, trick: Trick) -> list[ShownCard]:
    deal = say.deal
    if trick.trump is not None:
        _trumps_line(say, trick.trump, step.before.turn_up)
    say("context", "led", (trick.leader,), N_("{who} led the trick."),
        who=deal.words.who(trick.leader))
    shown = [deal.shown(c, deal.words.who(s), "trick") for s, c in trick.plays]
    if step.before.turn_up is not None:
        shown.append(deal.shown(step.before.turn_up, deal.said._(TURN_UP_CAPTION), "turn-up"))
    return shown


def _winner(rng: random.Random, lang: Lang, ident: str) -> Exercise:
    """*Who takes this trick?*"""
    deal, step, trick = _trick_step(rng, lang)
    say = _Said(deal)
    shown = _trick_cards(say, step, trick)
    strength = deal.game.rules.strength
    assert trick.winner is not None
    w, narrator = deal.said, deal.words
    won_with = next(c for s, c in reversed(trick.plays) if s == trick.winner)
    trumps = [c for c in trick.cards if c.suit is trick.trump]
    if trumps:
        say("rule", "highest-trump", (won_with.code,),
            N_("{card} is the highest trump in the trick, and the highest trump takes the "
               "trick."), card=deal.card(won_with))
        if len(trumps) > 1:
            ordered = _by_strength(trumps, strength)
            say("rule", "trumps-order", [c.code for c in ordered],
                N_("The trumps in it, highest first: {cards}."),
                cards=w.join(deal.card(c) for c in ordered))
    else:
        led = trick.cards[0].suit
        say("rule", "highest-led", (led.value, won_with.code),
            N_("No trump was played, so the highest card of the suit led ({led}) takes the "
               "trick: {card}. Cards of other suits cannot take it."),
            led=deal.suit(led), card=deal.card(won_with))
        same = [c for c in trick.cards if c.suit is led]
        if len(same) > 1:
            ordered = _by_strength(same, strength)
            say("rule", "led-order", [c.code for c in ordered],
                N_("The cards of the suit led, highest first: {cards}."),
                cards=w.join(deal.card(c) for c in ordered))
    say("rule", "takes", (trick.winner,), N_("{who} takes the trick and leads the next one."),
        who=narrator.who(trick.winner))
    seats: list[int] = []
    for seat, _ in trick.plays:
        if seat not in seats:
            seats.append(seat)
    return _finish(
        say, id=ident, kind="winner", lang=lang, prompt=w._("Who takes this trick?"),
        choices=tuple(Choice(str(s), narrator.who(s)) for s in seats), answer=str(trick.winner),
        term=_note(lang, "bazas", "baza"), title=deal.title, style=deal.style,
        cards=tuple(shown), record=deal.record(), step=step.index,
    )


def _rank_word(deal: _Deal, card: Card) -> str:
    """The rank of a card in words (``"king"``, ``"rey"``): its name without the suit, with its
    mark when the pack marks it otherwise."""
    pack = deal.game.rules.pack
    name = pack.card_name(card, deal.lang)
    suit = pack.suit_name(card.suit, deal.lang)
    if name.endswith(" " + suit):
        head = name[: -len(suit) - 1].rsplit(" ", 1)[0]
        if head:
            return marked(pack, card, head, deal.lang)
    return marked(pack, card, name, deal.lang)


@functools.cache
def reachable_points(game_id: str, players: int, cards: int) -> frozenset[int]:
    """Every total of card points a trick of ``cards`` cards may hold in that game: the sums of
    the points of ``cards`` different cards of its pack.

    Examples:
        >>> sorted(reachable_points("brisca", 2, 2))[:8]
        [0, 2, 3, 4, 5, 6, 7, 8]
        >>> 1 in reachable_points("brisca", 2, 2), 9 in reachable_points("brisca", 2, 2)
        (False, False)
    """
    rules = rules_for(game_id, players)
    sums: set[tuple[int, int]] = {(0, 0)}
    for card in rules.cards:
        value = rules.card_points[card.index]
        sums |= {(n + 1, total + value) for n, total in sums if n < cards}
    return frozenset(total for n, total in sums if n == cards)


def _points(rng: random.Random, lang: Lang, ident: str) -> Exercise:
    """*How many card points are in this trick?*"""
    deal, step, trick = _trick_step(rng, lang)
    say = _Said(deal)
    shown = _trick_cards(say, step, trick)
    w = deal.said
    values = deal.game.rules.card_points
    total = trick.points
    counted = [c for c in trick.cards if values[c.index]]
    if counted:
        parts = " + ".join(f"{deal.card_name(c)} {values[c.index]}" for c in trick.cards)
        text = w.n_("{terms} = {n} point.", "{terms} = {n} points.", total, terms=parts)
        say.claims.append(Claim("rule", "points-sum",
                                (total, *(f"{c.code}:{values[c.index]}" for c in trick.cards)),
                                text))
    else:
        say("rule", "points-sum", (0, *(f"{c.code}:0" for c in trick.cards)),
            N_("No card in it counts: 0 points."))
    suit = trick.cards[0].suit
    scoring = sorted((c for c in deal.game.rules.pack.cards if c.suit is suit and values[c.index]),
                     key=lambda c: -values[c.index])
    table = ", ".join(f"{_rank_word(deal, c)} {values[c.index]}" for c in scoring)
    say("rule", "points-table", (suit.value, *(f"{c.code}:{values[c.index]}" for c in scoring)),
        N_("Card points: {values}; the other cards, none."), values=table)
    rules = deal.game.rules
    possible = reachable_points(rules.id, rules.players, len(trick.cards))
    near = {total + d for d in (-10, -4, -3, -2, -1, 1, 2, 3, 4, 10, 11)}
    near |= {total - values[c.index] for c in counted}
    near = {n for n in near if n in possible and n != total}
    if len(near) < 3:  # a total at the edge of what a trick may hold: the nearest others
        near |= set(sorted(possible - {total}, key=lambda n: abs(n - total))[:3])
    wrong = rng.sample(sorted(near), 3)
    numbers = sorted([total, *wrong])
    return _finish(
        say, id=ident, kind="points", lang=lang,
        prompt=w._("How many card points are in this trick?"),
        choices=tuple(Choice(str(n), str(n)) for n in numbers), answer=str(total),
        term=_note(lang, "tantos"), title=deal.title, style=deal.style, cards=tuple(shown),
        record=deal.record(), step=step.index,
    )


def _exchange_rule(game: Game) -> TrumpExchange:
    rule = game.rules.trump_exchange()
    assert rule is not None, "the practice games all have the trump exchange"
    return rule


def _where(game: Game, card: Card) -> int | str:
    """Where a card is: the seat that holds it, or ``"stock"``, ``"turn-up"``, ``"played"``
    (in a trick or on the table), ``"out"`` (not in the deal's pack)."""
    holder = next((s for s, hand in enumerate(game.hands) if card in hand), None)
    if holder is not None:
        return holder
    if card is game.turn_up:
        return "turn-up"
    if card in game.stock:
        return "stock"
    if card in game.trick or any(card in t.cards for t in game.tricks):
        return "played"
    return "out"


def _side_tricks(game: Game, seat: int) -> int:
    """The tricks ``seat``'s side has taken."""
    side = game.side_of(seat)
    return sum(1 for t in game.tricks if t.winner is not None and game.side_of(t.winner) == side)


def _refused(game: Game, rule: TrumpExchange, seat: int, card: Card) -> str:
    """Why the holder of ``card`` may not give it for the turned-up card now, found from the
    position (the tests check it against the engine's refusal)."""
    assert game.turn_up is not None
    if card not in rule.cards(game):
        two, strength = Card(2, card.suit), game.rules.strength
        if (rule.rule == "puerto-rico" and card.number == 7 and two in rule.cards(game)
                and strength[game.turn_up.index] > strength[card.index]):
            if rule.seven_waits == "always":
                return "two-turn"  # a high card before the first card: only the 2 may take it
            return "two-first"  # a high card before the first trick, and the 2 in a hand
        return "wrong-card"
    if rule.needs_trick and not any(t.winner == seat for t in game.tricks):
        return "no-trick"
    if rule.needs_side_trick and not _side_tricks(game, seat):
        return "no-side-trick"
    if rule.timing == "own-turn":
        return "not-your-turn" if game.current_player != seat else "once-a-trick"
    if rule.timing == "first-trick" and game.tricks:
        return "first-trick"
    if rule.timing in ("before-penultimate", "after-win"):
        return rule.timing
    return "other"  # no reason of the exchange's own: the engine's words


def _ranks(deal: _Deal, cards: Sequence[Card]) -> str:
    """Ranks in words, highest first (``"three, ace, king, knight and jack"``)."""
    ordered = _by_strength(cards, deal.game.rules.strength)
    return deal.said.join(_rank_word(deal, c) for c in ordered)


def _exchange_rule_line(say: _Said, game: Game, rule: TrumpExchange, trump: Suit) -> None:
    """The tradition's rule of the exchange, its ranks from the game's card strength."""
    deal = say.deal
    title = game_title(game.rules.id, deal.lang)
    if rule.rule == "italian":
        say("rule", "rule", ("italian",), _EXCHANGE_RULES["italian"], game=title)
        return
    strength = game.rules.strength
    seven, two = Card(7, trump), Card(2, trump)
    suit = [c for c in game.rules.cards if c.suit is trump]
    high = [c for c in suit if strength[c.index] > strength[seven.index]]
    name: str = rule.rule
    if name in ("seven", "seven-high"):  # the seven alone exchanges: every card below it
        low = [c for c in suit if strength[c.index] < strength[seven.index]]
    else:  # the two takes the seven and the cards below it
        low = [c for c in suit if c is not two and strength[c.index] <= strength[seven.index]]
    if name == "puerto-rico" and rule.seven_waits == "always":
        name = "puerto-rico-always"  # the 7 waits for the first card wherever the 2 is
    say("rule", "rule", (name, *(c.number for c in high), "/", *(c.number for c in low)),
        _EXCHANGE_RULES[name], game=title, high=_ranks(deal, high), low=_ranks(deal, low))


def _exchange_position(rng: random.Random, lang: Lang) -> tuple[_Deal, int, Game, int, Card]:
    """A position with a turned-up card, a trump in a hand and the question about it."""
    wanted = rng.random() < 0.5
    # Mostly the 2 or the 7 of trumps, the cards that matter; sometimes another trump (a no).
    other_trumps = not wanted and rng.random() < 0.3
    found: tuple[_Deal, int, Game, int, Card] | None = None
    for _ in range(MAX_DEALS):
        deal = _deal(rng, lang)
        game = deal.game.fresh()
        exchange = _exchange_rule(game)
        positions: list[tuple[int, Game, int, Card, bool]] = []
        for index, action in enumerate(deal.game.log):
            game.play(action)
            up, trump = game.turn_up, game.trump
            if up is None or trump is None or game.phase != Phase.PLAY:
                continue
            low = (Card(2, trump), Card(7, trump))
            candidates = [c for hand in game.hands for c in hand
                          if c.suit is trump and (c in low) is not other_trumps]
            for card in candidates:
                seat = next(s for s, hand in enumerate(game.hands) if card in hand)
                allowed = game.refusal(exchange.move(card)) is None
                positions.append((index, game.clone(), seat, card, allowed))
        matching = [p for p in positions if p[4] is wanted]
        pool = matching or positions
        if pool and (matching or found is None):
            index, game, seat, card, _ = rng.choice(pool)
            found = (deal, index, game, seat, card)
            if matching:
                break
    assert found is not None, "no position with a turned-up card in the practice games"
    return found


def _exchange(rng: random.Random, lang: Lang, ident: str) -> Exercise:
    """*May this card take the turned-up card now?*, asked about a real position."""
    deal, index, game, seat, card = _exchange_position(rng, lang)
    rule = _exchange_rule(game)
    up, trump = game.turn_up, game.trump
    assert rule is not None and up is not None and trump is not None
    say = _Said(deal)
    w, narrator = deal.said, deal.words
    who = narrator.who(seat)
    prompt = say("prompt", "holds", (seat, card.code),
                 N_("{who} holds {card}. May {who} give it for the turned-up card, {turn_up}, "
                    "now?"), who=who, card=deal.card(card), turn_up=deal.card(up))
    _trumps_line(say, trump, up)
    if not game.tricks and not game.trick:
        say("context", "nothing-played", (), N_("No card of the deal has been played yet."))
        two = Card(2, trump)
        if rule.rule == "puerto-rico" and two is not card:
            where = _where(game, two)
            if isinstance(where, int):
                say("context", "holder", (two.code, where), N_("{card} is in {who}'s hand."),
                    card=deal.card(two), who=narrator.who(where))
            else:
                say("context", "where", (two.code, where), _WHERE[where], card=deal.card(two))
    else:
        won = sum(1 for t in game.tricks if t.winner == seat)
        say("context", "tricks-so-far", (len(game.tricks), seat, won),
            N_("Tricks played so far: {n}; {who} has taken {won} of them.") if won else
            N_("Tricks played so far: {n}; {who} has taken none of them."),
            n=len(game.tricks), who=who, won=won)
        if rule.needs_side_trick:
            side_won = _side_tricks(game, seat)
            say("context", "side-tricks", (seat, side_won),
                N_("{who}'s side has taken {won} of them.") if side_won else
                N_("{who}'s side has taken none of them."), who=who, won=side_won)
        if game.trick:
            table = ", ".join(w._("{card} ({who})", card=deal.card(c), who=narrator.who(s))
                              for s, c in game.trick_plays)
            say("context", "on-table", [f"{s}:{c.code}" for s, c in game.trick_plays],
                N_("On the table: {cards}."), cards=table)
    if game.current_player is not None:
        say("context", "turn", (game.current_player,), N_("It is {who}'s turn to play."),
            who=narrator.who(game.current_player))
    shown = [deal.shown(c, who, "asked" if c is card else "hand") for c in game.hands[seat]]
    shown.append(deal.shown(up, w._(TURN_UP_CAPTION), "turn-up"))
    allowed = game.refusal(rule.move(card)) is None
    if allowed:
        say("rule", "exchange-yes", (seat, card.code, up.code),
            N_("Yes: in this game {card} is the card that takes the turned-up card, {turn_up}, "
               "now, and nothing in the rule stops {who} at this moment."),
            card=deal.card(card), turn_up=deal.card(up), who=who)
    else:
        reason = _refused(game, rule, seat, card)
        refusal = game.refusal(rule.move(card))
        assert refusal is not None
        say("rule", "exchange-no", (reason, seat, card.code, up.code),
            _REFUSED.get(reason, N_("No: {why}.")), card=deal.card(card), turn_up=deal.card(up),
            who=who, two=deal.card(Card(2, trump)), why=refusal.message(lang))
        takers = [c for c in rule.cards(game) if c is not card]
        for taker in takers:
            where = _where(game, taker)
            if isinstance(where, int):
                held = narrator.who(where)
                if game.refusal(rule.move(taker)) is None:
                    say("rule", "taker-now", (taker.code, where), _TAKER["now"],
                        card=deal.card(taker), who=held)
                    continue
                why = _refused(game, rule, where, taker)
                refused = game.refusal(rule.move(taker))
                reason = (w._(_NOT_NOW[why], who=held) if why in _NOT_NOW
                          else refused.message(lang) if refused is not None else "")
                say("rule", "taker-held", (taker.code, where, why), _TAKER["held"],
                    card=deal.card(taker), who=held, reason=reason)
            else:
                say("rule", f"taker-{where}", (taker.code,), _TAKER[where],
                    card=deal.card(taker))
        if not rule.cards(game):
            say("rule", "taker-none", (up.code,), _TAKER["none"])
    _exchange_rule_line(say, game, rule, trump)
    say("rule", "timing", (rule.timing,), _TIMINGS[rule.timing])
    if rule.needs_trick:
        say("rule", "needs-trick", (), N_("Who: only a player who has already taken a trick."))
    if rule.needs_side_trick:
        say("rule", "needs-side-trick", (),
            N_("Who: only a player whose side has already taken a trick, his own or a "
               "partner's."))
    return _finish(
        say, id=ident, kind="exchange", lang=lang, prompt=prompt,
        choices=(Choice("yes", w._("Yes")), Choice("no", w._("No"))),
        answer="yes" if allowed else "no", term=_note(lang, "carta-vuelta", "muestra"),
        title=deal.title, style=deal.style, cards=tuple(shown), record=deal.record(), step=index,
    )


@functools.lru_cache(maxsize=8)
def _solved(index: int) -> tuple[Position, Game, Solution, Game, tuple[Step, ...]]:
    """The stored puzzle ``index``: its position, the game there, its solution, and the deal
    played on to the end by the solution, with its steps. Kept for a while: a puzzle is often
    asked in both languages at once. Nothing changes the games it returns."""
    position = positions()[index]
    game = position.game()
    solution = solve(game)
    assert solution is not None, "a stored position that is no puzzle (the tests check them)"
    end = game.clone()
    for action in solution.line:
        end.play(action)
    return position, game, solution, end, tuple(end.steps())


def _puzzle(rng: random.Random, lang: Lang, ident: str) -> Exercise:
    """*Which card reaches the goal?*: an endgame puzzle (:mod:`cardrules.learn.puzzles`), its
    goal, its answer and what every other first play comes to, from the exact solver. The seed
    names the puzzle: ``puzzle-<n>`` is the n-th position (counted round again past the last),
    so that the tests can ask for each of them."""
    stored = positions()
    position, game, solution, end, steps = _solved(parse_id(ident)[1] % len(stored))
    deal = _Deal(end, steps, Narrator(game.rules, game.names, lang), lang)
    say = _Said(deal)
    w, narrator = deal.said, deal.words
    seat = solution.seat
    other = next(s for s in range(game.players) if s != seat)
    who, them = narrator.who(seat), narrator.who(other)
    if solution.goal == "win":
        prompt = say("prompt", "goal-win", (seat,),
                     N_("{who} to play: which card wins the deal, whatever {other} does?"),
                     who=who, other=them)
    elif solution.target == solution.left:
        prompt = say("prompt", "goal-all", (seat, solution.target, solution.left),
                     N_("{who} to play: which card takes all the {left} points still to be "
                        "won, whatever {other} does?"),
                     who=who, other=them, left=solution.left)
    else:
        prompt = say("prompt", "goal-points", (seat, solution.target, solution.left),
                     N_("{who} to play: which card makes sure of at least {n} of the {left} "
                        "points still to be won, whatever {other} does?"),
                     who=who, other=them, n=solution.target, left=solution.left)
    assert game.trump is not None
    _trumps_line(say, game.trump, game.turn_up)
    say("context", "known", (), N_("The stock is gone: each player knows every card the other "
                                   "holds."))
    say("context", "points-so-far", (seat, game.points[seat], other, game.points[other]),
        N_("Points so far: {who} {mine}, {other} {theirs}."), who=who, mine=game.points[seat],
        other=them, theirs=game.points[other])
    if game.trick:
        table = ", ".join(w._("{card} ({who})", card=deal.card(c), who=narrator.who(s))
                          for s, c in game.trick_plays)
        say("context", "on-table", [f"{s}:{c.code}" for s, c in game.trick_plays],
            N_("On the table: {cards}."), cards=table)
    say("context", "grade", (solution.fails, len(solution.plays)),
        N_("Only one of the {n} cards {who} may play does it.") if solution.fails > 1 else
        N_("Only one of the two cards {who} may play does it."),
        n=len(solution.plays), who=who)
    shown = [deal.shown(c, who, "hand") for c in game.hands[seat]]
    shown += [deal.shown(c, them, "other") for c in game.hands[other]]
    shown += [deal.shown(c, narrator.who(s), "table") for s, c in game.trick_plays]

    def score(ends: tuple[int, ...], side: int = solution.side) -> str:
        """The points at the end, ``side``'s first."""
        return w._("{mine} points to {theirs}", mine=ends[side], theirs=ends[1 - side])

    best = solution.best
    if solution.goal == "win":
        say("rule", "best-win", (best.card.code, *best.end),
            N_("{card} wins the deal for {who} whatever {other} does: {score} with both at "
               "their best."), card=deal.card(best.card), who=who, other=them,
            score=score(best.end))
    else:
        say("rule", "best-points", (best.card.code, best.points),
            N_("{card} makes sure of {n} points for {who} whatever {other} does."),
            card=deal.card(best.card), who=who, other=them, n=best.points)
    for play in solution.plays:
        if play.meets:
            continue
        if solution.goal == "points":
            say("rule", "fails-points", (play.card.code, play.points),
                N_("{card}: {other} can hold {who} to {n} points."),
                card=deal.card(play.card), who=who, other=them, n=play.points)
        elif play.winner is None and play.end[solution.side] == play.end[1 - solution.side]:
            say("rule", "fails-draw", (play.card.code, *play.end),
                N_("{card}: {other} can hold {who} to a draw, {score}."),
                card=deal.card(play.card), who=who, other=them, score=score(play.end))
        elif play.winner is None:  # no side reaches what wins a deal (the game goes on)
            say("rule", "fails-none", (play.card.code, *play.end),
                N_("{card}: {other} can keep {who} from winning the deal: {score}, and "
                   "neither wins it."),
                card=deal.card(play.card), who=who, other=them, score=score(play.end))
        else:
            say("rule", "fails-win", (play.card.code, *play.end),
                N_("{card}: {other} can win the deal, {score}."),
                card=deal.card(play.card), who=who, other=them,
                score=score(play.end, 1 - solution.side))
    choices = tuple(Choice(play.card.code, deal.card_name(play.card)) for play in solution.plays)
    return _finish(
        say, id=ident, kind="puzzle", lang=lang, prompt=prompt, choices=choices,
        answer=solution.answer.code, title=deal.title, style=deal.style, cards=tuple(shown),
        record=deal.record(), step=len(position.record["actions"]),
        play_from=len(position.record["actions"]),
    )


def _term_style(term: Term) -> Style:
    """The pictures' style of a glossary term's cards (Spanish unless the term says)."""
    for style in typing.get_args(Style):
        if term.pack == style:
            return typing.cast(Style, style)
    return "spanish"


def picture_paths() -> list[str]:
    """Every card picture an exercise may show, as ``style/code`` (the deals' packs, the
    puzzles' and the glossary terms' cards), in a stable order.

    Examples:
        >>> paths = picture_paths()
        >>> "spanish/9O" in paths and "italian/1C" in paths  # an Aluette term; a Briscola deal
        True
    """
    found: dict[str, None] = {}
    dealt = [*DEALS, *((g, 2) for g in PUZZLE_GAMES)]
    for game_id, players in dealt:
        rules = rules_for(game_id, players)
        style = rules.pack.face.style
        found.update((f"{style}/{card.code}", None) for card in rules.cards)
    for term in terms():
        style = _term_style(term)
        found.update((f"{style}/{code}", None) for code in term.cards)
    return list(found)


def pictures() -> str:
    """:func:`picture_paths` as JSON text: the practice page fetches them all once, when it is
    idle, so that it can go on offline."""
    return json.dumps(picture_paths(), separators=(",", ":"))


_LITTLE_WORDS: Final = frozenset({"a", "an", "the", "el", "la", "los", "las", "un", "una"})


def _senses(text: str) -> set[str]:
    """The senses a gloss gives, compared without articles and qualifiers: ``"the turned-up card
    (Spain)"`` and ``"the turned-up card"`` give the same; a sense of another word
    (``"rematar: to win it"``) gives none."""
    found = set()
    for part in re.sub(r"\([^)]*\)", "", text).split(";"):
        if ":" in part:
            continue
        kept = [w for w in re.findall(r"[\w'-]+", part.casefold()) if w not in _LITTLE_WORDS]
        if kept:
            found.add(" ".join(kept))
    return found


def same_sense(one: Term, other: Term) -> bool:
    """Whether two glossary terms could both be the answer to a word exercise about either: a
    gloss of one gives a sense of the other's (*muestra* and *carta vuelta*, *remate* and
    *subasta*), or one's gloss is the other word itself (*asta*: «la subasta»).

    Examples:
        >>> from cardrules.learn.glossary import get
        >>> same_sense(get("remate"), get("subasta"))
        True
        >>> same_sense(get("muestra"), get("carta-vuelta"))
        True
        >>> same_sense(get("asistir"), get("montar"))
        False
    """
    if one.id == other.id:
        return True
    for lang in ("en", "es"):
        if _senses(one.gloss.said(lang)) & _senses(other.gloss.said(lang)):
            return True
    names = [_senses(n) for n in one.names], [_senses(n) for n in other.names]
    return (any(n & _senses(other.gloss.said("es")) for n in names[0])
            or any(n & _senses(one.gloss.said("es")) for n in names[1])
            or bool({n.casefold() for n in one.names} & {n.casefold() for n in other.names}))


def _quotes_within(text: str) -> str:
    """``text`` made ready to go between quotes: its own Spanish quotes become the inner ones
    («a oscuras» inside «…» is written “a oscuras”), never a doubled «« .

    Examples:
        >>> _quotes_within("«a oscuras»: se llama tras la 1.ª baza")
        '“a oscuras”: se llama tras la 1.ª baza'
    """
    return text.replace("«", "“").replace("»", "”")


def _word(rng: random.Random, lang: Lang, ident: str) -> Exercise:
    """*Word ↔ meaning*: a glossary term and its gloss, one way or the other."""
    w = words(lang)
    every = terms()
    term = rng.choice(every)
    forward = rng.random() < 0.5  # the word shown, its meaning asked

    def clash(other: Term, taken: Sequence[Term]) -> bool:
        return any(same_sense(other, t) for t in taken)

    same_group = [t for t in every if t.group == term.group and t is not term]
    rest = [t for t in every if t.group != term.group]
    rng.shuffle(same_group)
    rng.shuffle(rest)
    picked: list[Term] = [term]
    for other in [*same_group, *rest]:
        if len(picked) == 4:
            break
        if not clash(other, picked):
            picked.append(other)
    rng.shuffle(picked)
    if forward:
        prompt = w._("What does “{word}” mean?", word=term.word)
        choices = tuple(Choice(t.id, t.gloss.said(lang)) for t in picked)
    else:
        prompt = w._("Which word means “{gloss}”?", gloss=_quotes_within(term.gloss.said(lang)))
        choices = tuple(Choice(t.id, t.word) for t in picked)
    rule = []
    if term.forms:
        rule.append(w._("Forms: {forms}.", forms=", ".join(term.forms)))
    rule.append(w._("Games: {games}.", games=", ".join(game_title(g, lang) for g in term.games)))
    style = _term_style(term)
    pack = pack_for(style, 40 if style == "italian" else 48)
    shown = [parse_card(code) for code in term.cards]
    pictures = tuple(ShownCard(c.code, marked(pack, c, pack.card_name(c, lang), lang), "", "term")
                     for c in shown)
    return Exercise(
        id=ident, kind="word", lang=lang, prompt=prompt, choices=choices, answer=term.id,
        rule=tuple(rule), term=TermNote.of(term, lang), style=style, cards=pictures,
    )


_MAKERS: Final = {"label": _label, "winner": _winner, "points": _points, "exchange": _exchange,
                  "word": _word, "puzzle": _puzzle}


def generate(kind: str, seed: int, lang: str = "en") -> Exercise:
    """The exercise of ``kind`` made from ``seed``, in ``lang``.

    The same kind and seed give the same exercise on every Python (and the same position and
    answer in both languages): the seed drives the choice of game, players, deal and bots, of
    the position in the deal, and of the choices offered.

    Args:
        kind: one of :data:`KINDS`.
        seed: a whole number from 0 to :data:`MAX_SEED`.
        lang: ``"en"`` or ``"es"``.

    Raises:
        PracticeError: an unknown kind or a seed out of range.

    Examples:
        >>> drill = generate("label", 11, "es")
        >>> drill.answer in ("arrastrar", "asistir", "montar", "fallar", "pisar", "contrafallar")
        True
        >>> drill.term.word == drill.answer
        True
    """
    ident = exercise_id(kind, seed)
    language = known(lang)
    # The first five kinds seed as they always have, so that an id keeps its exercise.
    rng = random.Random(seed * _SEEDED + KINDS.index(kind))
    made = _MAKERS[kind](rng, language, ident)

    def upper(text: str) -> str:
        return text[:1].upper() + text[1:]

    return dataclasses.replace(
        made, rule=tuple(upper(r) for r in made.rule),
        context=tuple(upper(c) for c in made.context),
        claims=tuple(c if c.where == "prompt" else dataclasses.replace(c, text=upper(c.text))
                     for c in made.claims))


def exercise_data(exercise_id: str, lang: str = "en") -> dict[str, Any]:
    """An exercise by its id, as plain data: ``{"ok": True, "exercise": {...}}`` (see
    :meth:`Exercise.to_dict`), or ``{"ok": False, "error": "<message in lang>"}``.

    Examples:
        >>> exercise_data("word-2", "es")["exercise"]["lang"]
        'es'
        >>> exercise_data("nonsense", "en")["ok"]
        False
    """
    language = known(lang)
    try:
        kind, seed = parse_id(exercise_id)
        return {"ok": True, "exercise": generate(kind, seed, language).to_dict()}
    except CardrulesError as error:
        return {"ok": False, "error": error.message(language)}


def exercise(exercise_id: str, lang: str = "en") -> str:
    """:func:`exercise_data` as JSON text (what the practice page's worker calls)."""
    return json.dumps(exercise_data(exercise_id, lang), ensure_ascii=False, separators=(",", ":"))
