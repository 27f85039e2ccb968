"""The narration: any step of a deal in words, in English or Spanish, for a given viewer.

The one place where "what happened" becomes sentences. The terminal, the widget's JSON and the
deal diagrams take their sentences from a :class:`Narrator` and add none of their own, so they
cannot disagree: a card put face down is told as a hidden card to every seat but its owner,
everywhere.

A narrator speaks for a *viewer* (a seat, whose hidden information it respects, or ``None`` for
an open account of the deal) and may address one seat as *you* (the terminal's user). Cards are
named with their article ("the ace of coins", "el as de oros"), or with their code too
(``codes=True``: "1O (ace of coins)"), which the terminal shows because its user types codes.

Moves bring their own words (:attr:`Move.phrases <cardrules.core.actions.Move.phrases>`): adding a
move to a game adds its sentences with it.

Examples:
    >>> from cardrules import replay
    >>> import json
    >>> game = replay(json.load(open("examples/brisca-2p.json")))
    >>> words = Narrator(game.rules, game.names, "es")
    >>> steps = list(game.steps())
    >>> words.deal(steps[0])
    'Se reparten las cartas; la carta vuelta es el as de oros: triunfo, oros.'
    >>> words.trick(steps[2].trick)  # doctest: +ELLIPSIS
    '... se lleva la baza 1 (...).'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..core.actions import (
    Action,
    CardMove,
    Decision,
    Masked,
    Move,
    NumberMove,
    Phrases,
    SuitMove,
    Trick,
)
from ..core.cards import Card, Suit
from ..core.labels import PlayLabel
from ..core.packs import Pack
from ..engine import CHANCE, Details, Result, Rules, SeatView, Sides, Step
from ..words import N_, Lang, Message, Words, known, words

END_REASONS: Final[dict[str, str]] = {
    "claim": N_("The remaining tricks were claimed."),
    "muerte-al-tres": N_("The three of trumps was killed (muerte al tres)."),
    "surrender": N_("A surrender was accepted."),
    "surrender refused": N_("A surrender was refused: the deal was played for 2."),
    "mordienne": N_("Mordienne: the top player won every trick from some point to the last."),
    "tute": N_("A tute was declared: the deal is won outright."),
    "capote": N_("Capote: one side took every trick and wins the deal outright."),
}
"""How a deal ended (:attr:`Result.reason <cardrules.engine.Result.reason>`) in words (message
ids of the catalogue), when it was not simply on points or tricks."""

LABELS: Final[dict[PlayLabel, str]] = {
    PlayLabel.ARRASTRAR: N_("arrastrar: leads a trump"),
    PlayLabel.ASISTIR: N_("asistir: follows suit"),
    PlayLabel.MONTAR: N_("montar: follows suit and heads the trick"),
    PlayLabel.FALLAR: N_("fallar: trumps"),
    PlayLabel.PISAR: N_("pisar: overtrumps"),
    PlayLabel.CONTRAFALLAR: N_("contrafallar: discards"),
}
"""A play's label as the terminal shows it (message ids): the Spanish term, glossed where the
reader's language is not Spanish."""

ONLOOKER: Final = -2
"""A viewer who holds no hand (a spectator at the table, a diagram with the hands hidden): the
narration keeps every face-down card hidden, as from any seat but its owner's."""

# A card with its article: one sentence per rank, since the article agrees with the rank's
# name in some languages ("el as", "la sota"). The French pack's faces have names of their own.
_LATIN_THE: Final[dict[int, str]] = {
    1: N_("the ace of {suit}"), 2: N_("the two of {suit}"), 3: N_("the three of {suit}"),
    4: N_("the four of {suit}"), 5: N_("the five of {suit}"), 6: N_("the six of {suit}"),
    7: N_("the seven of {suit}"), 8: N_("the eight of {suit}"), 9: N_("the nine of {suit}"),
    10: N_("the jack of {suit}"), 11: N_("the knight of {suit}"), 12: N_("the king of {suit}"),
}
_FRENCH_FACES_THE: Final[dict[int, str]] = {
    11: N_("the queen of {suit}"),
}
# (The French jack, *jota* in Spanish and not *sota*, is the same English in another sense.)


@dataclass(frozen=True)
class StepWords:
    """Everything a step says, sentence by sentence (an empty string says nothing)."""

    action: str
    """The action itself, e.g. *Ana plays the ace of coins.*"""
    trick: str = ""
    """The trick it completed, if any, e.g. *Ana takes trick 3 (21 points).*"""
    draws: tuple[str, ...] = ()
    """What the viewer learns of the draws that followed."""
    news: tuple[str, ...] = ()
    """What the action led to that the viewer learns (see :meth:`Narrator.news`): the auction
    won, the talon shown and taken, the sides once the viewer knows them."""

    def lines(self) -> list[str]:
        """The sentences in order, the empty ones left out (the news right after the action)."""
        return [line for line in (self.action, *self.news, self.trick, *self.draws) if line]


def end_reason(result: Result, lang: Lang = "en") -> str:
    """How the deal ended, in words, when it was not simply on points (else ``""``).

    Examples:
        >>> end_reason(Result((1, 0), ((0,), (1,)), (1, 0), 0, reason="claim"), "es")
        'Se reclamaron las bazas que quedaban.'
    """
    message = END_REASONS.get(result.reason)
    return words(lang)._(message) if message else ""


class _Speaker:
    """What every part of the narration shares: the viewer, the language, the names of
    cards, suits and players."""

    rules: Rules
    names: tuple[str, ...]
    lang: Lang
    w: Words
    viewer: int | None
    you: int | None
    codes: bool
    pack: Pack

    # Names ------------------------------------------------------------------------------------
    def card_name(self, card: Card) -> str:
        """The card's name, without article: "ace of coins", "as de oros"."""
        return self.pack.card_name(card, self.lang)

    def card(self, card: Card) -> str:
        """The card with its article ("the ace of coins", "la sota de copas"), or with its code
        ("1O (ace of coins)", "el 1O (as de oros)")."""
        w = self.w
        if self.codes:
            return w.p_("a card named by its code", "{code} ({name})", code=card.code,
                        name=self.card_name(card))
        suit = self.suit(card.suit)
        if self.pack.face.style == "french" and card.number == 10:
            return w.p_("the French pack's jack", "the jack of {suit}", suit=suit)
        if self.pack.face.style == "french" and card.number in _FRENCH_FACES_THE:
            return w._(_FRENCH_FACES_THE[card.number], suit=suit)
        return w._(_LATIN_THE[card.number], suit=suit)

    def suit(self, suit: Suit) -> str:
        """The suit's name in the deal's pack: "coins", "bastos"."""
        return self.pack.suit_name(suit, self.lang)

    def bid(self, number: int) -> str:
        """A bid as a table says it: its points ("64"), or in Chiamata's rank auction the rank
        ("king", "two") and, after the plain two, the points on a two ("two at 61")."""
        said = self.rules.rank_bid(number)
        if said is None:
            return str(number)
        if said.points is None:
            rank = self.pack.card_word(Card(said.rank, Suit.OROS)).fields["rank"]
            assert isinstance(rank, Message)
            return rank.say(self.lang)
        return self.w.p_("a bid after the plain two in Chiamata's rank auction",
                         "two at {points}", points=said.points)

    def who(self, seat: int) -> str:
        """The seat's name ("You" for the seat addressed in the second person)."""
        return self.w.p_("the subject of a sentence", "You") if seat == self.you \
            else self.names[seat]

    def points(self, n: int) -> str:
        """``n`` card points in words."""
        return self.w.n_("{n} point", "{n} points", n)

    def label(self, label: PlayLabel) -> str:
        """A play's label as the terminal shows it ("fallar: trumps" on English pages)."""
        return self.w._(LABELS[label])

    def side(self, side: Sequence[int]) -> str:
        """The names of a side's players: "Ana", "Ana and Bea", "Ana, Bea and Carmen"."""
        return self.w.join(self.who(s) for s in side)

    def leads(self, seat: int) -> str:
        """Who leads a trick, as a caption without a full stop: "Ana leads", "Sale Ana"."""
        if seat == self.you:
            return self.w._("You lead")
        return self.w._("{who} leads", who=self.who(seat))



class _Contracts(_Speaker):
    """What a step leads to in a game with an auction or hidden sides: the auction won,
    the talon, the sides learnt, each seat's part in the contract, what stands now."""

    # What a step leads to ------------------------------------------------------------------
    def news(self, step: Step, previous: Step) -> list[str]:
        """What ``step`` led to that the viewer learns, beyond the action itself: the auction
        won (and the contract), the talon shown and taken, and the sides once the viewer knows
        them (the holder of the called card at the call, everyone else when it is played).

        ``previous`` is the step before (its :attr:`~cardrules.engine.Step.known_sides` say what
        each seat knew until now). A seat is told the sides when it learns them; the open
        account (no viewer) whenever some seat learns them; an :data:`ONLOOKER` when the whole
        table does.

        Examples:
            >>> import json
            >>> from cardrules import replay
            >>> game = replay(json.load(open("examples/chiamata-5p.json")))
            >>> steps = list(game.steps())
            >>> words = Narrator(game.rules, game.names, "en", viewer=1)
            >>> [words.news(s, p) for p, s in zip(steps, steps[1:]) if words.news(s, p)]
            ... # doctest: +NORMALIZE_WHITESPACE
            [['Ana wins the auction: 81 points to take.'],
             ['Diego had the called card:
               Ana and Diego play together against Bruno, Carmen and Elena.']]
        """
        lines = self.won(step)
        talon = self.talon(step)
        if talon:
            lines.append(talon)
        sides = self.sides_learnt(step, previous)
        if sides:
            lines.append(sides)
        return lines

    def won(self, step: Step) -> list[str]:
        """The auction won at this step, and what it makes the winner do: "Ana wins the
        auction: 81 points to take." (``[]`` at any other step)."""
        contract = self.rules.contract(step.after.details)
        if contract is None or self.rules.contract(step.before.details) is not None:
            return []
        seat, you, w = contract.holder, contract.holder == self.you, self.w
        if not contract.alone:
            return [w._("You win the auction: {contract} points to take.",
                        contract=contract.points) if you else
                    w._("{who} wins the auction: {contract} points to take.",
                        who=self.who(seat), contract=contract.points)]
        return [w._("You win the auction at {bid}: the other two play against you, "
                    "each on their own.", bid=contract.points) if you else
                w._("{who} wins the auction at {bid}: the other two play against "
                    "them, each on their own.", who=self.who(seat), bid=contract.points)]

    def talon(self, step: Step) -> str:
        """The talon shown to everyone and taken at this step, if it was: "Ana shows the talon,
        the five of clubs and the king of coins, and takes it." (else ``""``).

        (The one game with a talon shows it to everyone before it is taken; a game that took a
        talon unseen would need a hidden form of this sentence.)"""
        talon = step.before.talon
        if not talon or step.after.talon:
            return ""
        taker = next((s for s, hand in enumerate(step.after.hands) if talon[0] in hand), None)
        if taker is None:
            return ""
        cards = self.w.join(self.card(c) for c in talon)
        if taker == self.you:
            return self.w._("You show the talon, {cards}, and take it.", cards=cards)
        return self.w._("{who} shows the talon, {cards}, and takes it.", who=self.who(taker),
                        cards=cards)

    def sides_learnt(self, step: Step, previous: Step) -> str:
        """The sides, if the viewer learns them at this step (see :meth:`news`): "Bea holds
        the called card: Ana and Bea play together against Ciro, Dora and Elio." (else
        ``""``)."""
        now, then = step.known_sides, previous.known_sides
        if not now or not step.after.sides:
            return ""
        learnt = [s for s in range(len(now)) if now[s] and not (then and then[s])]
        if not learnt:
            return ""
        viewer = self.viewer
        if viewer is not None and viewer >= 0:
            if viewer not in learnt:
                return ""
        elif viewer is not None and not all(now):  # an onlooker: when the whole table knows
            return ""
        sides = step.after.sides
        contract = self.rules.contract(step.after.details)
        if contract is not None and contract.alone:
            return ""  # the auction's news says it: the declarer against the other two
        caller = contract.holder if contract is not None else None
        called = contract.called if contract is not None else None
        if caller is None or called is None:
            a, b = (self.side(side) for side in sides[:2]) if len(sides) > 1 else ("", "")
            return self.w._("The sides: {a} against {b}.", a=a, b=b) if b else ""
        team = next(side for side in sides if caller in side)
        others = [s for side in sides if side is not team for s in side]  # not who sits out
        holder = next((s for s in team if s != caller), caller)
        said = self._team(team, caller, others)
        w, you, who = self.w, holder == self.you, self.who(holder)
        if step.played == called:
            return (w._("You had the called card: {sides}.", sides=said) if you else
                    w._("{who} had the called card: {sides}.", who=who, sides=said))
        if holder == caller:
            return (w._("The called card is your own: {sides}.", sides=said) if you else
                    w._("The called card is {who}'s own: {sides}.", who=who, sides=said))
        return (w._("You hold the called card: {sides}.", sides=said) if you else
                w._("{who} holds the called card: {sides}.", who=who, sides=said))

    def _team(self, team: Sequence[int], caller: int, others: Sequence[int]) -> str:
        """"Ana and Bea play together against Ciro, Dora and Elio" (or "Ana plays alone...",
        "you play with Bea...", "...against you, Ciro and Dora")."""
        w = self.w
        rest = [s for s in others if s != self.you]
        names = ([w.p_("the object of a sentence", "you")] if self.you in others else []) + [
            self.names[s] for s in rest]
        against = w.join(names)
        if len(team) == 1:
            if caller == self.you:
                return w._("you play alone against {others}", others=against)
            return w._("{who} plays alone against {others}", who=self.who(caller),
                       others=against)
        if self.you in team:
            partner = next(s for s in team if s != self.you)
            return w._("you play with {partner} against {others}", partner=self.who(partner),
                       others=against)
        return w._("{pair} play together against {others}", pair=self.side(team),
                   others=against)

    def roles(self, details: Details, sides: Sides) -> tuple[str, ...]:
        """Each seat's part in a contract, in words, as far as ``sides`` (what the viewer
        knows of the sides: ``()`` before it knows them) tell: "declarer", "caller",
        "partner", "defender" (``""``: none). Games without a contract give no roles.

        A game with a contract where a seat has no role is one whose sides count only for the
        contract: such a seat plays on its own (Brisca Rematada's two defenders are not
        partners). Front ends show these words instead of side numbers.

        Examples:
            >>> import json
            >>> from cardrules import replay
            >>> game = replay(json.load(open("examples/rematada-3p.json")))
            >>> Narrator(game.rules, game.names, "es").roles(game.details, game.sides)
            ('el que remata', '', '')
        """
        players = len(self.names)
        contract = self.rules.contract(details)
        roles = [""] * players
        w = self.w
        if contract is not None and contract.alone:
            roles[contract.holder] = w.p_("a role", "declarer")
        elif contract is not None:
            caller = contract.holder
            roles[caller] = w.p_("a role", "caller")
            team = next((side for side in sides if caller in side), None)
            if team is not None:
                for seat in range(players):
                    if seat == caller:
                        if len(team) == 1:
                            roles[seat] = w.p_("a role", "caller, alone")
                    elif seat in team:
                        roles[seat] = w.p_("a role", "partner")
                    else:
                        roles[seat] = w.p_("a role", "defender")
        return tuple(roles)

    # What stands now ----------------------------------------------------------------------
    def situation(self, view: SeatView) -> list[str]:
        """What stands in a deal of an auction game, as ``view``'s seat may know it: the
        bidding, the contract, the called card, the talon shown (``[]`` in other games)."""
        details = view.details
        lines: list[str] = []
        auction = self.rules.bidding(details)
        contract = self.rules.contract(details)
        if auction is not None and contract is None:
            if auction.high is None or auction.high_seat is None:
                lines.append(self.w._("Nobody has bid yet."))
            else:
                lines.append(self.w._("Highest bid: {bid} ({who}).", bid=auction.high,
                                      who=self.who(auction.high_seat)))
            if auction.passed:
                names = self.w.join(self.who(s) for s in sorted(auction.passed))
                lines.append(self.w._("Passed: {names}.", names=names))
        if contract is not None and not contract.alone:
            lines.append(self.w._("{who} won the auction: {contract} points to take.",
                                  who=self.who(contract.holder), contract=contract.points))
        called = contract.called if contract is not None else None
        if called is not None:
            # The called card is yours if you were dealt it, hold it or drew it (once played
            # it is in no hand: "its holder" would then be read as someone else).
            yours = self.you is not None and self.you == view.seat and (
                called in view.hand or called in view.dealt
                or any(card == called for _, card in view.drawn))
            if yours and contract is not None and contract.holder == self.you:
                lines.append(self.w._("The called card: {card}, your own: you play alone.",
                                      card=self.card(called)))
            elif yours and contract is not None:
                lines.append(self.w._("The called card: {card}, yours: you are {who}'s partner.",
                                      card=self.card(called), who=self.who(contract.holder)))
            else:
                lines.append(self.w._("The called card: {card}; its holder is the partner.",
                                      card=self.card(called)))
        if contract is not None and contract.alone:
            lines.append(self.w._("{who} won the auction at {bid}.",
                                  who=self.who(contract.holder), bid=contract.points))
        if view.talon:
            lines.append(self.w._("The talon: {cards}.",
                                  cards=self.w.join(self.card(c) for c in view.talon)))
        return lines



class _Results(_Speaker):
    """How a deal ended: who won, by how much, how, and what it scores."""

    # The end ----------------------------------------------------------------------------------
    def verdict(self, result: Result) -> str:
        """Who won the deal and by how much, then how it ended if not on the count
        (:meth:`outcome` and :meth:`end` in one)."""
        text = self.outcome(result)
        reason = self.end(result)
        return f"{text} {reason}" if reason else text

    def outcome(self, result: Result) -> str:
        """Who won the deal and by how much: "Ana wins the deal, 80–40."

        In a game scored by tricks the score is the deal's game points (a surrender can win a
        deal with fewer tricks)."""
        w = self.w
        settled = self.rules.settlement(result)
        if settled is not None and settled.void:
            return w._("Everyone passed: the deal is void.")
        if settled is not None and settled.contract is not None:  # a contract, made or not
            team = result.sides[0]
            made = settled.made
            fields = {"points": settled.taken, "bid": settled.contract.points}
            if self.you is not None and team == (self.you,):
                return (w._("You make the contract: {points} points, {bid} needed.", **fields)
                        if made else
                        w._("You fall short: {points} points, {bid} needed.", **fields))
            names = self.side(team)
            if made:
                return w.n_("{names} makes the contract: {points} points, {bid} needed.",
                            "{names} make the contract: {points} points, {bid} needed.",
                            len(team), names=names, **fields)
            return w.n_("{names} falls short: {points} points, {bid} needed.",
                        "{names} fall short: {points} points, {bid} needed.",
                        len(team), names=names, **fields)
        if self.rules.scores_tricks and result.game_points and result.winner is not None:
            return self._trick_outcome(result, result.winner)
        shown = list(result.game_points if self.rules.scores_tricks and result.game_points
                     else result.side_points)
        if result.winner is None:
            if len(set(shown)) > 1:  # no winner, though the counts differ (at most 11...)
                return w._("Nobody wins the deal, {score}.",
                           score="–".join(str(p) for p in shown))
            return w._("A draw, {score}: nobody wins the deal.",
                       score="–".join(str(p) for p in shown))
        # The winner's score first: "Bea wins the deal, 83–37".
        mine = shown.pop(result.winner)
        side = result.sides[result.winner]
        if shown and mine < max(shown):  # won with fewer (31 enough, at most 11...)
            others = "–".join(str(p) for p in shown)
            if self.you is not None and self.you in side:
                return w._("You win the deal with {points} points to {others}.",
                           points=mine, others=others)
            return w.n_("{names} wins the deal with {points} points to {others}.",
                        "{names} win the deal with {points} points to {others}.",
                        len(side), names=self.side(side), points=mine, others=others)
        shown.insert(0, mine)
        score = "–".join(str(p) for p in shown)
        if self.you is not None and self.you in side:
            if len(side) == 1:
                return w._("You win the deal, {score}.", score=score)
            return w._("Your side wins the deal, {score}.", score=score)
        return w.n_("{names} wins the deal, {score}.", "{names} win the deal, {score}.",
                    len(side), names=self.side(side), score=score)

    def _trick_outcome(self, result: Result, winner: int) -> str:
        """The winner of a deal scored by tricks and what it scores, without a "1–0" that a
        table of tricks would contradict: "Bruno and Diego win the deal and score 1 game
        point." (only the winning side scores)."""
        w = self.w
        side = result.sides[winner]
        points = result.game_points[winner]
        count = int(points) if float(points).is_integer() else 2
        amount = w.n_("{n} game point", "{n} game points", count, n=points)
        if self.you is not None and self.you in side:
            if len(side) == 1:
                return w._("You win the deal and score {points}.", points=amount)
            return w._("Your side wins the deal and scores {points}.", points=amount)
        return w.n_("{names} wins the deal and scores {points}.",
                    "{names} win the deal and score {points}.",
                    len(side), names=self.side(side), points=amount)

    def signed(self, points: float) -> str:
        """Game points with their sign: "+2", "−1", "+55.5" ("+55,5" in Spanish)."""
        text = self.w.number(abs(points))
        return ("+" if points > 0 else "−" if points < 0 else "") + text

    def end(self, result: Result) -> str:
        """How the deal ended when it was not simply on the count (else ``""``): the game's
        own words for it (:attr:`Rules.end_reasons <cardrules.engine.Rules.end_reasons>`), else
        :func:`end_reason`."""
        own = self.rules.end_reasons.get(result.reason)
        return self.w._(own) if own else end_reason(result, self.lang)

    def game_points(self, result: Result) -> str:
        """What the deal scores towards a match when a side scores more than one game point
        (a big win) in a game counted in card points: "Ana scores 2 game points." (``""``
        otherwise; in a game scored by tricks the verdict's score is already the game
        points)."""
        # Game points by seat (an auction game's), not one per side.
        if len(result.game_points) == len(result.points) != len(result.sides):
            if not any(result.game_points):
                return ""
            shown = [f"{self.who(s)} {self.signed(p)}" for s, p in enumerate(result.game_points)]
            return self.w._("Game points: {points}.", points=", ".join(shown))
        if self.rules.scores_tricks or not result.game_points or max(result.game_points) < 2:
            return ""
        lines = []
        for index, points in enumerate(result.game_points):
            if points < 2:
                continue
            side = result.sides[index]
            count = int(points) if float(points).is_integer() else 2  # 55.5: plural
            amount = self.w.n_("{n} game point", "{n} game points", count, n=points)
            if self.you is not None and self.you in side:
                lines.append(self.w._("You score {points}.", points=amount) if len(side) == 1
                             else self.w._("Your side scores {points}.", points=amount))
            else:
                lines.append(self.w.n_("{names} scores {points}.", "{names} score {points}.",
                                       len(side), names=self.side(side), points=amount))
        return " ".join(lines)



class Narrator(_Contracts, _Results):
    """The sentences of a deal's steps, in one language, for one viewer.

    Args:
        rules: the rules of the deal (its pack names the cards).
        names: the players' names by seat.
        lang: a language of the catalogue (:func:`cardrules.words.languages`).
        viewer: the seat whose view the narration keeps to (others' face-down cards are not
            named); :data:`ONLOOKER` keeps to what is public; ``None`` tells everything.
        you: a seat to address in the second person ("You play..."), or ``None``.
        codes: name cards with their codes too ("1O (ace of coins)").
    """

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        lang: Lang = "en",
        *,
        viewer: int | None = None,
        you: int | None = None,
        codes: bool = False,
    ) -> None:
        self.rules = rules
        self.names = tuple(names)
        self.lang: Lang = known(lang)
        self.w = words(self.lang)
        """The sentences of the catalogue in the narrator's language."""
        self.viewer = viewer
        self.you = you
        self.codes = codes
        self.pack = rules.pack

    # Steps ------------------------------------------------------------------------------------
    def step(self, step: Step, *, labels: bool = False,
             previous: Step | None = None) -> StepWords:
        """Everything ``step`` says to the viewer (``labels``: name each play's label in
        brackets, as the terminal does). With ``previous`` (the step before it) the words
        include :meth:`news`, which needs to know what each seat knew before."""
        if step.seat == CHANCE:
            return StepWords(self.deal(step))
        action = self.action(step, labels=labels)
        trick = self.trick(step.trick) if step.trick is not None else ""
        news = tuple(self.news(step, previous)) if previous is not None else ()
        return StepWords(action, trick, tuple(self.draws(step)), news)

    def deal(self, step: Step) -> str:
        """The deal: what is turned up and what is trumps."""
        after = step.after
        if after.trump is None:
            return self.w._("The cards are dealt.")
        if after.turn_up is not None:
            return self.w._("The cards are dealt; {card} is turned up: {suit} are trumps.",
                            card=self.card(after.turn_up), suit=self.suit(after.trump))
        # A card everyone saw dealt that fixes trumps: the dealer's last card (Tute).
        shown = next((c for _, c in self.rules.shown_at_deal(after.details)
                      if c.suit is after.trump), None)
        if shown is not None:
            dealer = self.rules.players - 1  # the dealer is the last seat
            if dealer == self.you:
                return self.w._("The cards are dealt; you show your last card, {card}: {suit} "
                                "are trumps.", card=self.card(shown), suit=self.suit(after.trump))
            return self.w._("The cards are dealt; {who}, the dealer, shows the last card, {card}: "
                            "{suit} are trumps.", who=self.who(dealer), card=self.card(shown),
                            suit=self.suit(after.trump))
        return self.w._("The cards are dealt; {suit} are trumps.", suit=self.suit(after.trump))

    def action(self, step: Step, *, labels: bool = False) -> str:
        """The action of a step as the viewer saw it (``""`` when it saw nothing)."""
        action = step.action
        seat = step.seat
        if isinstance(action, Card):
            if labels and step.label is not None:
                label = self.label(step.label)
                if seat == self.you:
                    return self.w._("You play {card} [{label}].", card=self.card(action),
                                    label=label)
                return self.w._("{who} plays {card} [{label}].", who=self.who(seat),
                                card=self.card(action), label=label)
            return self._plays(seat, action)
        assert isinstance(action, Move)
        return self.move(seat, self.seen(step), step.before.turn_up, step.before.trump)

    def _plays(self, seat: int, card: Card) -> str:
        if seat == self.you:
            return self.w._("You play {card}.", card=self.card(card))
        return self.w._("{who} plays {card}.", who=self.who(seat), card=self.card(card))

    def _by_notation(self, seat: int, notation: str) -> str:
        if seat == self.you:
            return self.w._("You: {notation}.", notation=notation)
        return self.w._("{who}: {notation}.", who=self.who(seat), notation=notation)

    def seen(self, step: Step) -> Action:
        """The step's action as the viewer saw it (a face-down card masked)."""
        action = step.action
        if self.viewer is None or not isinstance(action, Move):
            return action
        rule = self.rules.rule_for(action)
        return action if rule is None else rule.seen_by(self.viewer, step.seat, action)

    def move(self, seat: int, move: Action, turn_up: Card | None = None,
             trump: Suit | None = None) -> str:
        """A move made by ``seat`` in words (a masked one as its hidden phrase)."""
        if isinstance(move, Card):
            return self._plays(seat, move)
        phrases = self._phrases(move)
        you = seat == self.you
        if phrases is None:
            return self._by_notation(seat, move.notation())
        if isinstance(move, Masked):
            template = phrases.hidden
        else:
            template = phrases.you if you else phrases.them
        if not template:
            return ""
        return words(self.lang)._(template, **self._fields(seat, move, turn_up, trump))

    def choice(self, move: Move, turn_up: Card | None = None, trump: Suit | None = None) -> str:
        """A legal move offered to the viewer, as a choice: "claim every remaining trick..."."""
        phrases = self._phrases(move)
        if phrases is None:
            return ""
        if not phrases.choice:
            return ""
        seat = self.you if self.you is not None else 0
        return words(self.lang)._(phrases.choice, **self._fields(seat, move, turn_up, trump))

    def _phrases(self, move: Move) -> Phrases | None:
        if isinstance(move, Masked):
            for rule in self.rules.move_rules:
                if rule.move_type.keyword == move.kind:
                    return rule.move_type.phrases
            return None
        return move.phrases

    def _fields(self, seat: int, move: Move, turn_up: Card | None,
                trump: Suit | None = None) -> dict[str, object]:
        fields: dict[str, object] = {"who": self.who(seat)}
        if isinstance(move, CardMove):
            card = move.card
            fields["card"] = self.card(card)
            name = self.card_name(card)
            fields["card_bare"] = f"{card.code} ({name})" if self.codes else name
            fields["card_suit"] = self.suit(card.suit)
        elif isinstance(move, SuitMove):
            fields["suit"] = self.suit(move.suit)
        elif isinstance(move, NumberMove):
            # a bid as the table says it ("king", "two at 61" in Chiamata's rank auction)
            fields["number"] = (self.bid(move.number) if move.decision is Decision.BID
                                else move.number)
        fields["turn_up"] = self.card(turn_up) if turn_up is not None else "?"
        fields.update(move.words(trump))
        return fields


    def trick(self, trick: Trick) -> str:
        """A finished trick: who took it and for how much (or that nobody did)."""
        n = trick.number + 1
        w = self.w
        if trick.winner is None:
            if trick.leader == self.you:
                return w._("Trick {n} is spoiled: nobody takes it; you lead again.", n=n)
            return w._("Trick {n} is spoiled: nobody takes it; {who} leads again.", n=n,
                       who=self.who(trick.leader))
        you = trick.winner == self.you
        if self.rules.scores_tricks:
            if you:
                return w._("You take trick {n}.", n=n)
            return w._("{who} takes trick {n}.", who=self.who(trick.winner), n=n)
        points = self.points(trick.points)
        if you:
            return w._("You take trick {n} ({points}).", n=n, points=points)
        return w._("{who} takes trick {n} ({points}).", who=self.who(trick.winner), n=n,
                   points=points)

    def draws(self, step: Step) -> list[str]:
        """What the viewer learns of the draws after a step: its own cards, who took the
        turned-up card, and that the stock is used up."""
        lines = []
        turn_up = step.before.turn_up
        w = self.w
        for seat, card in step.draws:
            mine = seat == self.viewer or (self.viewer is None and seat == self.you)
            if card is turn_up and turn_up is not None and step.after.turn_up is None:
                if seat == self.you:
                    lines.append(w._("You draw the turned-up card, {card}.",
                                     card=self.card(card)))
                else:
                    lines.append(w._("{who} draws the turned-up card, {card}.",
                                     who=self.who(seat), card=self.card(card)))
            elif mine and seat == self.you:
                lines.append(w._("You draw {card}.", card=self.card(card)))
        if step.draws and step.before.stock_size and not step.after.stock_size:
            lines.append(w._("The stock is used up."))
        return lines
