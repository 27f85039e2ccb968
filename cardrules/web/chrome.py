"""The widget's own words (its chrome: buttons, headings, labels, messages), from the catalogue.

The widget's JavaScript (``docs/assets/widget/``) writes no sentence of its own: it refers to
each of its words by a short key (``t("step", {n: 3, total: 42})``), and the page's settings
(``docs/hooks/widget.py``) carry :func:`chrome` in the page's language. :data:`WORDS` is the one
list of those keys and their English message ids; the translations live in the catalogue of
words (:mod:`cardrules.words`) with every other sentence of the package, so a sentence that the
diagram or the terminal also shows is one entry of the catalogue.

An entry is a message id (``N_``), a message in a context (``p_``: the same English, another
sense) or a sentence with plural forms (``n_``). A plural entry is exported as its forms and the
catalogue's choice of form for every count from 0 to 199 (``{"forms": [...], "index": [...]}``);
the page picks ``forms[index[n]]`` (above 199, ``index[100 + n % 100]``), so a language with
other plural rules needs nothing in the JavaScript.

Sentences about the deal (what happened, who won) are not here: they come from the narration.

Examples:
    >>> words = chrome("es")
    >>> words["step"]
    'Paso {n} de {total}'
    >>> words["cards"]["forms"], words["cards"]["index"][:3]
    (['{n} carta', '{n} cartas'], [1, 0, 1])
    >>> chrome("en")["play.level.hard"]
    'strong'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypedDict

from ..words import N_, Lang, words

__all__ = ["WORDS", "Plural", "PluralJSON", "Sense", "chrome", "n_", "p_", "said"]


@dataclass(frozen=True)
class Plural:
    """A sentence with plural forms (its ``{n}`` chooses the form)."""

    singular: str
    plural: str


@dataclass(frozen=True)
class Sense:
    """A message in a context: the same English as another message, in another sense."""

    context: str
    message: str


def n_(singular: str, plural: str) -> Plural:
    """Mark a sentence with plural forms for the catalogue (said by :func:`chrome`)."""
    return Plural(singular, plural)


def p_(context: str, message: str) -> Sense:
    """Mark a message in a context for the catalogue (said by :func:`chrome`)."""
    return Sense(context, message)


class PluralJSON(TypedDict):
    """A sentence with plural forms as the page gets it."""

    forms: list[str]
    """Its forms in the language, the singular's first."""
    index: list[int]
    """The form each count takes, from 0 to :data:`PLURAL_COUNTS` - 1."""


Entry = str | Plural | Sense
"""One of the widget's words: a message id, a sentence with plural forms, a message in context."""

PLURAL_COUNTS: Final = 200
"""A plural entry says which form each count from 0 to this (excluded) takes."""

WORDS: Final[dict[str, Entry]] = {
    # The board: starting, stepping, the step's state.
    "waiting": N_("This deal becomes interactive when Python has loaded in your browser."),
    "skip": N_("Skip to the deal (step through it or play it)"),
    "widget": N_("The deal: step through it or play it"),
    "boardLabel": N_("The deal at this step (arrow keys: one step back or forward)"),
    "start": N_("Step through this deal"),
    "waitingSteps": N_("This deal can be stepped through as soon as its steps have loaded."),
    "loading": N_("Loading Python in your browser…"),
    "loadingSteps": N_("Loading the deal's steps…"),
    "computing": N_("Replaying the deal in Python…"),
    "failed": N_("The interactive version could not start: Python did not load in this "
                 "browser. The diagram shows the whole deal."),
    "slowStart": N_("Python did not start in this browser within three minutes."),
    "badDeal": N_("This deal could not be shown: {error}"),
    "first": N_("First"),
    "back": N_("Back"),
    "next": N_("Next"),
    "last": N_("Last"),
    "firstTitle": N_("Back to the deal"),
    "backTitle": N_("One step back"),
    "nextTitle": N_("One step forward"),
    "lastTitle": N_("To the end of the deal"),
    "step": N_("Step {n} of {total}"),
    "jump": N_("Go to"),
    "dealt": N_("The deal"),
    "trick": p_("trick heading", "Trick {n}"),
    "show": N_("Show"),
    "everyHand": N_("every hand (open)"),
    "seatView": N_("what {name} sees"),
    "partners": N_("partner of {names}"),
    "dealer": p_("beside a player's name", "dealer"),
    "toPlay": p_("beside a player's name", "to play"),
    "turnUp": N_("Turned-up card"),
    "trumps": N_("Trumps: {suit}"),
    "trumpCard": N_("{card}, trump"),
    "noTrumpsYet": N_("No trumps yet"),
    "auction": N_("Auction"),
    "round": p_("auction column", "Round"),
    "pass": p_("auction call", "pass"),
    "talon": N_("Talon, face down"),
    "talonShown": N_("The talon, shown"),
    "talonTaken": N_("The talon, shown and taken by {name}"),
    "faceDown": N_("Put face down by {name}"),
    "part.cards": N_("Cards won"),
    "part.discard": N_("Discards"),
    "part.declare": N_("Marriages"),
    "part.last": N_("Last trick"),
    "part.end": N_("At the end"),
    "part.other": N_("Other"),
    "hiddenPart": N_("not shown: only its owner sees it"),
    "stock": N_("Stock: {n}"),
    "aside": N_("Aside: {n}"),
    "table": N_("On the table"),
    "empty": N_("No card on the table yet."),
    "sideCol": N_("Side"),
    "playerCol": N_("Player"),
    "list.and": N_(" and "),
    "list.comma": N_(", "),
    "pointsCol": p_("score column", "Points"),
    "tricksCol": p_("score column", "Tricks"),
    "gamePointsCol": p_("score column", "Game points"),
    "cards": n_("{n} card", "{n} cards"),
    "players": n_("{n} player", "{n} players"),
    "note": N_("Note"),
    "noteElsewhere": N_("this step has one; it shows with every hand open."),
    "autoplay": N_("Autoplay"),
    "autoplayTitle": N_("Step through the deal on its own"),
    "pause": N_("Pause"),
    "pauseTitle": N_("Stop the autoplay here"),
    "speed": N_("Speed"),
    "speed.slow": p_("autoplay speed", "slow"),
    "speed.normal": p_("autoplay speed", "normal"),
    "speed.fast": p_("autoplay speed", "fast"),
    "speed.veryFast": p_("autoplay speed", "very fast"),
    "copyLink": N_("Copy link"),
    "copyLinkTitle": N_("A link to this deal at this step, to share"),
    "linkLabel": N_("Link to this step"),
    "linkCopied": N_("Link copied: it opens this deal at this step."),
    "linkCopyHint": N_("Copy this link (it is selected): it opens this deal at this step."),
    "badLink": N_("{error}. Here is this page's own deal instead."),
    "noBoard": N_("the link is damaged: it is for a diagram this page does not have"),
    "dismiss": N_("Close this message"),
    "more": p_("a menu of the board's less used controls", "More"),
    "moreTitle": N_("Go to a trick, the autoplay's speed, a link to this step, play from here"),
    # Choosing a deal (the "Try it" page's picker; the play mode's setup).
    "source": N_("Choose a deal"),
    "sample": N_("Sample deal"),
    "otherDeal": N_("— another deal —"),
    "newDeal": N_("Or deal a new one (played by the bots)"),
    "game": N_("Game"),
    "playerCount": N_("Players"),
    "seed": N_("Seed"),
    "seedHint": N_("empty: a random seed"),
    "badSeed": N_("The seed must be a whole number from 0: {seed}"),
    "deal": N_("Deal"),
    "paste": N_("Paste a deal record (JSON)"),
    "pasteButton": N_("Show this record"),
    "record": N_("The record of this deal"),
    # The term lookup.
    "lookup.title": N_("Look up a term"),
    "lookup.hint": N_("Type a word (arrastrar, fallar, monsieur…) or click a play's label."),
    "lookup.placeholder": N_("arrastrar, pisar, carico…"),
    "lookup.button": N_("Look up"),
    "lookup.working": N_("Looking it up in Python…"),
    "lookup.notFound": N_("“{query}” is not in the glossary."),
    "lookup.didYouMean": N_("Did you mean:"),
    "lookup.also": N_("Also:"),
    "lookup.inEnglish": p_("the language of a gloss", "English"),
    "lookup.inSpanish": p_("the language of a gloss", "Spanish"),
    "lookup.games": p_("glossary entry", "Games"),
    "lookup.seeAlso": p_("glossary entry", "See also"),
    "lookup.regions": p_("glossary entry", "Used in"),
    "lookup.inflections": p_("glossary entry", "Inflections"),
    "lookup.translation": N_("In English: {sentence}"),
    "lookup.example": N_("Example"),
    "lookup.run": N_("Run the example"),
    "lookup.running": N_("Running…"),
    "lookup.passed": N_("✓ The example ran in Python in your browser and passed ({ms} ms)."),
    "lookup.failed": N_("✗ The example failed:"),
    "lookup.inGlossary": N_("In the glossary"),
    # A listen button (docs/assets/speech.js): the word said by the device's own voice.
    "listen": N_("Listen: {word}"),
    # Play mode.
    "play.modes": N_("Mode"),
    "play.modeStep": N_("Step through"),
    "play.modePlay": N_("Play"),
    "play.setup": N_("Play a deal against the bots"),
    "play.source": N_("Deal to play"),
    "play.newDeal": N_("a new deal"),
    "play.boardDeal": N_("the deal on the board, from its start"),
    "play.seat": N_("Your seat"),
    "play.dealerOption": N_("{name} (dealer)"),
    "play.title": N_("{game} · you play as {name}"),
    "play.level": N_("Bots"),
    "play.level.easy": p_("the bots' strength", "easy"),
    "play.level.normal": p_("the bots' strength", "normal"),
    "play.level.hard": p_("the bots' strength", "strong"),
    "play.start": N_("Deal and play"),
    "play.starting": N_("Dealing…"),
    "play.you": p_("the subject of a sentence", "You"),
    "play.yourPartner": N_("your partner"),
    "play.partnersWithYou": N_("partner of you and {names}"),
    "play.thinking": N_("{name} is thinking…"),
    "play.yourTurn": N_("Your turn: choose a card."),
    "play.yourMove": N_("Your turn: choose below."),
    "play.yourTurnOr": N_("Your turn: choose a card, or a choice below."),
    "play.handKeys": N_("Arrow keys move between your cards; Enter or Space plays the one "
                        "chosen."),
    "play.tableLabel": N_("The table you play at"),
    "play.callHeading": N_("Call a card: its holder becomes your partner"),
    "play.callKeys": N_("Arrow keys move between the cards; Enter or Space chooses one, and the "
                        "button below calls it."),
    "play.callYours": N_("{card}, in your hand"),
    "play.callPick": N_("Choose the card to call"),
    "play.undone": N_("Your last play is taken back."),
    "play.allChoices": n_("The {n} choice, one by one", "Each of the {n} choices, one by one"),
    "play.hand": N_("Your cards"),
    "play.choices": N_("Your choices"),
    "play.bid": N_("Bid"),
    "play.hint": N_("Hint"),
    "play.hinting": N_("Thinking…"),
    "play.undo": N_("Undo"),
    "play.undoTitle": N_("Take back your last play and the bots' replies"),
    "play.newGame": N_("New game"),
    "play.log": N_("What happened"),
    "play.talon": N_("Talon"),
    "play.copy": N_("Copy"),
    "play.copied": N_("The record is copied."),
    "play.copyFailed": N_("Could not copy: select the record and copy it."),
    "play.download": N_("Download"),
    "play.open": N_("Open in step mode"),
    "play.takeover": N_("Play from here as"),
    "play.here": N_("Play from here"),
    "play.hereTitle": N_("Take this seat at this step and play on against the bots"),
    "play.overHere": N_("The deal is over at this step: go back a step or more."),
    "play.failed": N_("Something went wrong: {error}"),
    "play.options": N_("Options (the rules' variants)"),
    "play.optionsLoading": N_("Asking Python for the options…"),
    "play.byDefault": N_("(the game's default)"),
    "play.yes": N_("yes"),
    "play.no": N_("no"),
    "play.analyse": N_("Analyse my play"),
    "play.analyseTitle": N_("Every decision of yours weighed by the search, the costly ones "
                            "marked, and the bot in your seat with the same cards"),
    "play.daily": N_("the deal of the day"),
    # The analysis of a deal (analysis.js).
    "analysis.seat": N_("Analyse the play of"),
    "analysis.start": N_("Analyse"),
    "analysis.startTitle": N_("Weigh every decision of that player by the search and mark the "
                              "costly ones"),
    "analysis.notOver": N_("Only a finished deal can be analysed."),
    "analysis.stop": N_("Stop the analysis"),
    "analysis.progress": N_("Decisions weighed"),
    "analysis.starting": N_("Starting the analysis…"),
    "analysis.weighing": N_("Weighing the decisions: {n} of {total}…"),
    "analysis.stopped": N_("The analysis is stopped."),
    "analysis.botPlaying": N_("The bot in the same seat is playing the deal…"),
    "analysis.botProgress": N_("The bot in the same seat is playing the deal: {n} of {total} "
                               "plays made…"),
    "analysis.botProgressLabel": N_("Plays made in the bot's deal"),
    "analysis.done": N_("The analysis is done."),
    "analysis.marks": N_("Marked decisions (each goes to its step)"),
    "analysis.markAt": N_("Step {n}: {mark}"),
    "analysis.noteMark": N_("Marked: {mark}."),
    "analysis.copy": N_("Copy the result line"),
    "analysis.copyTitle": N_("The line says your points and the bot's, and nothing about the "
                             "cards"),
    "analysis.copied": N_("The result line is copied."),
    "analysis.copyFailed": N_("Could not copy: the line is selected, copy it by hand."),
    # The practice page.
    "practice.kinds": N_("Practise"),
    "practice.kind.label": N_("name the play"),
    "practice.kind.winner": N_("who takes the trick"),
    "practice.kind.points": N_("points in a trick"),
    "practice.kind.exchange": N_("the turned-up card"),
    "practice.kind.word": N_("words and meanings"),
    "practice.kind.puzzle": N_("endgame puzzles"),
    "practice.solution": N_("The solution, both players at their best"),
    "practice.making": N_("Making an exercise…"),
    "practice.failed": N_("The exercises need Python, which could not start in this browser."),
    "practice.broken": N_("This exercise could not be made: {error}"),
    "practice.cards": N_("The cards"),
    "practice.choices": N_("Your answer"),
    "practice.right": N_("Right!"),
    "practice.wrong": N_("Not this time: the answer is “{answer}”."),
    "practice.rule": N_("Why"),
    "practice.again": N_("Again: you missed this one before."),
    "practice.review": N_("Review"),
    "practice.next": N_("Next exercise"),
    "practice.progress": N_("Answered: {answered} · right: {right} · to review: {due}"),
    "practice.boxes": N_("Leitner boxes"),
    "practice.box": N_("Box {n}: {count}"),
    "practice.boxesHelp": N_("A missed exercise goes back to box 1 and comes back soon; each "
                             "right answer moves it up a box, and it comes back later."),
    "practice.kept": N_("Your progress stays in this browser (localStorage): nothing is sent "
                        "anywhere."),
    "practice.notKept": N_("This browser does not let the page keep your progress: it lasts "
                           "until you leave the page."),
    "practice.reset": N_("Forget my progress"),
    "practice.resetSure": N_("Click again to forget it"),
    "practice.keys": N_("Keys: 1–6 answer, Enter goes on."),
}
"""The widget's words: the key the JavaScript asks for, and its entry of the catalogue."""


def said(entry: Entry, lang: Lang) -> str | PluralJSON:
    """One entry in ``lang``: its text (fields left for the page to fill), or for a plural
    entry its forms and the form each count takes."""
    w = words(lang)
    if isinstance(entry, Sense):
        return w.p_(entry.context, entry.message)
    if isinstance(entry, Plural):
        catalogue = w._catalogue
        by_count = {n: catalogue.ngettext(entry.singular, entry.plural, n)
                    for n in sorted(range(PLURAL_COUNTS), key=lambda n: n != 1)}
        forms = list(dict.fromkeys(by_count.values()))  # one of each, the singular first
        return {"forms": forms,
                "index": [forms.index(by_count[n]) for n in range(PLURAL_COUNTS)]}
    return w._(entry)


def chrome(lang: Lang) -> dict[str, str | PluralJSON]:
    """Every word of the widget in ``lang`` (English for a language without a catalogue), by
    key: what ``docs/hooks/widget.py`` puts in each page's widget settings."""
    return {key: said(entry, lang) for key, entry in WORDS.items()}
