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

from ..core.actions import Action, Masked, Move, Phrases, Trick
from ..core.cards import Card, Suit
from ..core.errors import Lang
from ..core.labels import PlayLabel
from ..engine import CHANCE, Result, Rules, SeatView, Sides, Step
from ..games.auction import Auction

_TEXT: Final[dict[str, dict[Lang, str]]] = {
    "high_bid": {"en": "Highest bid: {bid} ({who}).", "es": "Puja más alta: {bid} ({who})."},
    "no_bid": {"en": "Nobody has bid yet.", "es": "Nadie ha pujado todavía."},
    "passed": {"en": "Passed: {names}.", "es": "Han pasado: {names}."},
    "contract_call": {
        "en": "{who} won the auction: {contract} points to take.",
        "es": "{who} ganó la subasta: debe hacer {contract} puntos.",
    },
    "called": {
        "en": "The called card: {card}; its holder is the partner.",
        "es": "La carta llamada: {card}; quien la tenga es el compañero.",
    },
    "declarer": {
        "en": "{who} won the auction at {bid}.",
        "es": "{who} remató en {bid}.",
    },
    "talon": {"en": "The talon: {cards}.", "es": "El talón: {cards}."},
    "made": {
        "en": "{names} make the contract: {points} points, {bid} needed.",
        "es": "{names} cumplen el contrato: {points} puntos, hacían falta {bid}.",
    },
    "made_one": {
        "en": "{names} makes the contract: {points} points, {bid} needed.",
        "es": "{names} cumple el contrato: {points} puntos, hacían falta {bid}.",
    },
    "made_you": {
        "en": "You make the contract: {points} points, {bid} needed.",
        "es": "Cumples el contrato: {points} puntos, hacían falta {bid}.",
    },
    "short": {
        "en": "{names} fall short: {points} points, {bid} needed.",
        "es": "{names} no llegan: {points} puntos, hacían falta {bid}.",
    },
    "short_one": {
        "en": "{names} falls short: {points} points, {bid} needed.",
        "es": "{names} no llega: {points} puntos, hacían falta {bid}.",
    },
    "short_you": {
        "en": "You fall short: {points} points, {bid} needed.",
        "es": "No llegas: {points} puntos, hacían falta {bid}.",
    },
    "void": {
        "en": "Everyone passed: the deal is void.",
        "es": "Pasaron todos: la mano es nula.",
    },
    "seat_points": {"en": "Game points: {points}.", "es": "Puntos de juego: {points}."},
    "deal_turn_up": {
        "en": "The cards are dealt; {card} is turned up: {suit} are trumps.",
        "es": "Se reparten las cartas; la carta vuelta es {card}: triunfo, {suit}.",
    },
    "deal_trump": {
        "en": "The cards are dealt; {suit} are trumps.",
        "es": "Se reparten las cartas; triunfo: {suit}.",
    },
    "deal": {"en": "The cards are dealt.", "es": "Se reparten las cartas."},
    "play": {"en": "{who} plays {card}.", "es": "{who} juega {card}."},
    "play_you": {"en": "You play {card}.", "es": "Juegas {card}."},
    "play_label": {"en": "{who} plays {card} [{label}].", "es": "{who} juega {card} [{label}]."},
    "play_label_you": {"en": "You play {card} [{label}].", "es": "Juegas {card} [{label}]."},
    "move": {"en": "{who}: {notation}.", "es": "{who}: {notation}."},
    "move_you": {"en": "You: {notation}.", "es": "Tú: {notation}."},
    "takes_points": {
        "en": "{who} takes trick {n} ({points}).",
        "es": "{who} se lleva la baza {n} ({points}).",
    },
    "takes_points_you": {
        "en": "You take trick {n} ({points}).",
        "es": "Te llevas la baza {n} ({points}).",
    },
    "takes": {"en": "{who} takes trick {n}.", "es": "{who} se lleva la baza {n}."},
    "takes_you": {"en": "You take trick {n}.", "es": "Te llevas la baza {n}."},
    "spoiled": {
        "en": "Trick {n} is spoiled: nobody takes it; {who} leads again.",
        "es": "La baza {n} es nula: no se la lleva nadie; vuelve a salir {who}.",
    },
    "spoiled_you": {
        "en": "Trick {n} is spoiled: nobody takes it; you lead again.",
        "es": "La baza {n} es nula: no se la lleva nadie; vuelves a salir tú.",
    },
    "draw_you": {"en": "You draw {card}.", "es": "Robas {card}."},
    "draws_turn_up": {
        "en": "{who} draws the turned-up card, {card}.",
        "es": "{who} roba la carta vuelta, {card}.",
    },
    "draws_turn_up_you": {
        "en": "You draw the turned-up card, {card}.",
        "es": "Robas la carta vuelta, {card}.",
    },
    "stock_out": {"en": "The stock is used up.", "es": "Se acabó el mazo."},
    "points_n": {"en": "{n} points", "es": "{n} puntos"},
    "points_1": {"en": "1 point", "es": "1 punto"},
    "win": {"en": "{names} win the deal, {score}.", "es": "Ganan la mano {names}, {score}."},
    "win_one": {"en": "{names} wins the deal, {score}.", "es": "Gana la mano {names}, {score}."},
    "win_you": {"en": "You win the deal, {score}.", "es": "Ganas la mano, {score}."},
    "win_your_side": {
        "en": "Your side wins the deal, {score}.",
        "es": "Tu bando gana la mano, {score}.",
    },
    "draw": {
        "en": "A draw, {score}: nobody wins the deal.",
        "es": "Empate, {score}: nadie gana la mano.",
    },
    "game_points_you": {"en": "You score {points}.", "es": "Te apuntas {points}."},
    "game_points_your_side": {
        "en": "Your side scores {points}.",
        "es": "Tu bando se apunta {points}.",
    },
    "game_points_one": {"en": "{names} scores {points}.", "es": "{names} se apunta {points}."},
    "game_points": {"en": "{names} score {points}.", "es": "{names} se apuntan {points}."},
    "game_points_n": {"en": "{n} game points", "es": "{n} puntos de juego"},
    "and": {"en": " and ", "es": " y "},
    "you": {"en": "You", "es": "Tú"},
    "leads": {"en": "{who} leads", "es": "Sale {who}"},
    "leads_you": {"en": "You lead", "es": "Sales tú"},
    # What a step leads to (Narrator.news): the auction won, the talon, the sides learnt.
    "won_call": {
        "en": "{who} wins the auction: {contract} points to take.",
        "es": "{who} gana la subasta: tiene que hacer {contract} puntos.",
    },
    "won_call_you": {
        "en": "You win the auction: {contract} points to take.",
        "es": "Ganas la subasta: tienes que hacer {contract} puntos.",
    },
    "won_alone": {
        "en": "{who} wins the auction at {bid}: the other two play against him, each on his own.",
        "es": "{who} remata en {bid}: los otros dos juegan contra él, cada uno por su cuenta.",
    },
    "won_alone_you": {
        "en": "You win the auction at {bid}: the other two play against you, each on his own.",
        "es": "Rematas en {bid}: los otros dos juegan contra ti, cada uno por su cuenta.",
    },
    "talon_taken": {
        "en": "{who} shows the talon, {cards}, and takes it.",
        "es": "{who} enseña el talón, {cards}, y se lo queda.",
    },
    "talon_taken_you": {
        "en": "You show the talon, {cards}, and take it.",
        "es": "Enseñas el talón, {cards}, y te lo quedas.",
    },
    "holds_called": {
        "en": "{who} holds the called card: {sides}.",
        "es": "{who} tiene la carta llamada: {sides}.",
    },
    "holds_called_you": {
        "en": "You hold the called card: {sides}.",
        "es": "Tienes la carta llamada: {sides}.",
    },
    "own_called": {
        "en": "The called card is {who}'s own: {sides}.",
        "es": "La carta llamada es del propio {who}: {sides}.",
    },
    "own_called_you": {
        "en": "The called card is your own: {sides}.",
        "es": "La carta llamada es tuya: {sides}.",
    },
    "had_called": {
        "en": "{who} had the called card: {sides}.",
        "es": "{who} tenía la carta llamada: {sides}.",
    },
    "had_called_you": {
        "en": "You had the called card: {sides}.",
        "es": "Tenías la carta llamada: {sides}.",
    },
    "sides_known": {"en": "The sides: {sides}.", "es": "Los bandos: {sides}."},
    "pair": {
        "en": "{pair} play together against {others}",
        "es": "{pair} forman pareja contra {others}",
    },
    "pair_you": {
        "en": "you play with {partner} against {others}",
        "es": "formas pareja con {partner} contra {others}",
    },
    "alone": {
        "en": "{who} plays alone against {others}",
        "es": "{who} juega sin compañero contra {others}",
    },
    "alone_you": {
        "en": "you play alone against {others}",
        "es": "juegas sin compañero contra {others}",
    },
    "against": {"en": "{a} against {b}", "es": "{a} contra {b}"},
    "you_object": {"en": "you", "es": "ti"},
    # A seat's part in a contract (Narrator.roles).
    "role_declarer": {"en": "declarer", "es": "el que remata"},
    "role_caller": {"en": "caller", "es": "el que llama"},
    "role_caller_alone": {"en": "caller, alone", "es": "el que llama, sin compañero"},
    "role_partner": {"en": "partner", "es": "compañero"},
    "role_defender": {"en": "defender", "es": "defensor"},
}

END_REASONS: Final[dict[str, dict[Lang, str]]] = {
    "claim": {
        "en": "The remaining tricks were claimed.",
        "es": "Se reclamaron las bazas que quedaban.",
    },
    "muerte-al-tres": {
        "en": "The three of trumps was killed (muerte al tres).",
        "es": "Se mató el tres de triunfo (muerte al tres).",
    },
    "surrender": {"en": "A surrender was accepted.", "es": "Se aceptó una rendición."},
    "surrender refused": {
        "en": "A surrender was refused: the deal was played for 2.",
        "es": "Se rechazó una rendición: la mano valía 2.",
    },
    "mordienne": {
        "en": "Mordienne: the top player won every trick from some point to the last.",
        "es": "«Mordienne»: el mejor jugador ganó seguidas todas las bazas hasta la última.",
    },
}
"""How a deal ended (:attr:`Result.reason <cardrules.engine.Result.reason>`) in words, when it
was not simply on points or tricks."""

LABELS: Final[dict[PlayLabel, dict[Lang, str]]] = {
    PlayLabel.ARRASTRAR: {"en": "arrastrar: leads a trump", "es": "arrastrar"},
    PlayLabel.ASISTIR: {"en": "asistir: follows suit", "es": "asistir"},
    PlayLabel.MONTAR: {"en": "montar: follows suit and heads the trick", "es": "montar"},
    PlayLabel.FALLAR: {"en": "fallar: trumps", "es": "fallar"},
    PlayLabel.PISAR: {"en": "pisar: overtrumps", "es": "pisar"},
    PlayLabel.CONTRAFALLAR: {"en": "contrafallar: discards", "es": "contrafallar"},
}
"""A play's label as the terminal shows it: the Spanish term, glossed on English pages."""

ONLOOKER: Final = -2
"""A viewer who holds no hand (a spectator at the table, a diagram with the hands hidden): the
narration keeps every face-down card hidden, as from any seat but its owner's."""

_FEMININE: Final = ("sota", "jota", "reina")
"""Spanish card names that take *la* (the rest take *el*)."""


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
    words = END_REASONS.get(result.reason)
    return words["es" if lang == "es" else "en"] if words else ""


class Narrator:
    """The sentences of a deal's steps, in one language, for one viewer.

    Args:
        rules: the rules of the deal (its pack names the cards).
        names: the players' names by seat.
        lang: ``"en"`` or ``"es"``.
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
        self.lang: Lang = "es" if lang == "es" else "en"
        self.viewer = viewer
        self.you = you
        self.codes = codes
        self.pack = rules.pack

    # Names ------------------------------------------------------------------------------------
    def _t(self, key: str, **fields: object) -> str:
        return _TEXT[key][self.lang].format(**fields)

    def card_name(self, card: Card) -> str:
        """The card's name, without article: "ace of coins", "as de oros"."""
        return self.pack.card_name(card, self.lang)

    def card(self, card: Card) -> str:
        """The card with its article ("the ace of coins", "la sota de copas"), or with its code
        ("1O (ace of coins)", "el 1O (as de oros)")."""
        name = self.card_name(card)
        if self.codes:
            return f"el {card.code} ({name})" if self.lang == "es" else f"{card.code} ({name})"
        if self.lang == "es":
            return f"{'la' if name.startswith(_FEMININE) else 'el'} {name}"
        return f"the {name}"

    def suit(self, suit: Suit) -> str:
        """The suit's name in the deal's pack: "coins", "bastos"."""
        return self.pack.suit_name(suit, self.lang)

    def who(self, seat: int) -> str:
        """The seat's name ("You" for the seat addressed in the second person)."""
        return self._t("you") if seat == self.you else self.names[seat]

    def points(self, n: int) -> str:
        """``n`` card points in words."""
        return self._t("points_1") if n == 1 else self._t("points_n", n=n)

    def label(self, label: PlayLabel) -> str:
        """A play's label as the terminal shows it ("fallar: trumps" on English pages)."""
        return LABELS[label][self.lang]

    def side(self, side: Sequence[int]) -> str:
        """The names of a side's players: "Ana", "Ana and Bea", "Ana, Bea and Carmen"."""
        names = [self.who(s) for s in side]
        if len(names) <= 2:
            return self._t("and").join(names)
        return ", ".join(names[:-1]) + self._t("and") + names[-1]

    def leads(self, seat: int) -> str:
        """Who leads a trick, as a caption without a full stop: "Ana leads", "Sale Ana"."""
        if seat == self.you:
            return self._t("leads_you")
        return self._t("leads", who=self.who(seat))

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
            return self._t("deal")
        if after.turn_up is not None:
            return self._t("deal_turn_up", card=self.card(after.turn_up),
                           suit=self.suit(after.trump))
        return self._t("deal_trump", suit=self.suit(after.trump))

    def action(self, step: Step, *, labels: bool = False) -> str:
        """The action of a step as the viewer saw it (``""`` when it saw nothing)."""
        action = step.action
        seat = step.seat
        if isinstance(action, Card):
            if labels and step.label is not None:
                key = "play_label_you" if seat == self.you else "play_label"
                return self._t(key, who=self.who(seat), card=self.card(action),
                               label=self.label(step.label))
            key = "play_you" if seat == self.you else "play"
            return self._t(key, who=self.who(seat), card=self.card(action))
        assert isinstance(action, Move)
        return self.move(seat, self.seen(step), step.before.turn_up, step.before.trump)

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
            key = "play_you" if seat == self.you else "play"
            return self._t(key, who=self.who(seat), card=self.card(move))
        phrases = self._phrases(move)
        you = seat == self.you
        if phrases is None:
            key = "move_you" if you else "move"
            return self._t(key, who=self.who(seat), notation=move.notation())
        if isinstance(move, Masked):
            template = phrases.es_hidden if self.lang == "es" else phrases.en_hidden
        elif you:
            template = phrases.es_you if self.lang == "es" else phrases.en_you
        else:
            template = phrases.es if self.lang == "es" else phrases.en
        return template.format(**self._fields(seat, move, turn_up, trump)) if template else ""

    def choice(self, move: Move, turn_up: Card | None = None, trump: Suit | None = None) -> str:
        """A legal move offered to the viewer, as a choice: "claim every remaining trick..."."""
        phrases = self._phrases(move)
        if phrases is None:
            return ""
        template = phrases.es_choice if self.lang == "es" else phrases.en_choice
        seat = self.you if self.you is not None else 0
        return template.format(**self._fields(seat, move, turn_up, trump))

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
        card = getattr(move, "card", None)
        if isinstance(card, Card):
            fields["card"] = self.card(card)
            name = self.card_name(card)
            fields["card_bare"] = f"{card.code} ({name})" if self.codes else name
            fields["card_suit"] = self.suit(card.suit)
        suit = getattr(move, "suit", None)
        if isinstance(suit, Suit):
            fields["suit"] = self.suit(suit)
        number = getattr(move, "number", None)
        if isinstance(number, int):
            fields["number"] = number
        fields["turn_up"] = self.card(turn_up) if turn_up is not None else "?"
        fields.update(move.words(trump))
        return fields

    def trick(self, trick: Trick) -> str:
        """A finished trick: who took it and for how much (or that nobody did)."""
        n = trick.number + 1
        if trick.winner is None:
            key = "spoiled_you" if trick.leader == self.you else "spoiled"
            return self._t(key, n=n, who=self.who(trick.leader))
        you = trick.winner == self.you
        if self.rules.scores_tricks:
            return self._t("takes_you" if you else "takes", who=self.who(trick.winner), n=n)
        return self._t("takes_points_you" if you else "takes_points", who=self.who(trick.winner),
                       n=n, points=self.points(trick.points))

    def draws(self, step: Step) -> list[str]:
        """What the viewer learns of the draws after a step: its own cards, who took the
        turned-up card, and that the stock is used up."""
        lines = []
        turn_up = step.before.turn_up
        for seat, card in step.draws:
            mine = seat == self.viewer or (self.viewer is None and seat == self.you)
            if card is turn_up and turn_up is not None and step.after.turn_up is None:
                key = "draws_turn_up_you" if seat == self.you else "draws_turn_up"
                lines.append(self._t(key, who=self.who(seat), card=self.card(card)))
            elif mine and seat == self.you:
                lines.append(self._t("draw_you", card=self.card(card)))
        if step.draws and step.before.stock_size and not step.after.stock_size:
            lines.append(self._t("stock_out"))
        return lines

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
            [['P0 wins the auction: 81 points to take.'],
             ['P3 had the called card: P0 and P3 play together against P1, P2 and P4.']]
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
        lines: list[str] = []
        before, after = step.before.details, step.after.details
        for key in ("caller", "declarer"):
            seat = getattr(after, key, None)
            if not isinstance(seat, int) or getattr(before, key, None) is not None:
                continue
            mine = "_you" if seat == self.you else ""
            if key == "caller":
                lines.append(self._t("won_call" + mine, who=self.who(seat),
                                     contract=getattr(after, "contract", None)))
            else:
                lines.append(self._t("won_alone" + mine, who=self.who(seat),
                                     bid=getattr(after, "bid", None)))
        return lines

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
        cards = self._t("and").join(self.card(c) for c in talon)
        key = "talon_taken_you" if taker == self.you else "talon_taken"
        return self._t(key, who=self.who(taker), cards=cards)

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
        details = step.after.details
        if getattr(details, "declarer", None) is not None:
            return ""  # the auction's news says it: the declarer against the other two
        caller = getattr(details, "caller", None)
        called = getattr(details, "called", None)
        if not isinstance(caller, int) or not isinstance(called, Card):
            a, b = (self.side(side) for side in sides[:2]) if len(sides) > 1 else ("", "")
            return self._t("sides_known", sides=self._t("against", a=a, b=b)) if b else ""
        team = next(side for side in sides if caller in side)
        others = [s for s in range(len(now)) if s not in team]
        holder = next((s for s in team if s != caller), caller)
        said = self._team(team, caller, others)
        mine = "_you" if holder == self.you else ""
        if step.played == called:
            return self._t("had_called" + mine, who=self.who(holder), sides=said)
        if holder == caller:
            return self._t("own_called" + mine, who=self.who(holder), sides=said)
        return self._t("holds_called" + mine, who=self.who(holder), sides=said)

    def _team(self, team: Sequence[int], caller: int, others: Sequence[int]) -> str:
        """"Ana and Bea play together against Ciro, Dora and Elio" (or "Ana plays alone...",
        "you play with Bea...", "...against you, Ciro and Dora")."""
        rest = [s for s in others if s != self.you]
        names = ([self._t("you_object")] if self.you in others else []) + [
            self.names[s] for s in rest]
        against = (self._t("and").join(names) if len(names) <= 2
                   else ", ".join(names[:-1]) + self._t("and") + names[-1])
        if len(team) == 1:
            if caller == self.you:
                return self._t("alone_you", others=against)
            return self._t("alone", who=self.who(caller), others=against)
        if self.you in team:
            partner = next(s for s in team if s != self.you)
            return self._t("pair_you", partner=self.who(partner), others=against)
        return self._t("pair", pair=self.side(team), others=against)

    def roles(self, details: object, sides: Sides) -> tuple[str, ...]:
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
        declarer = getattr(details, "declarer", None)
        caller = getattr(details, "caller", None)
        roles = [""] * players
        if isinstance(declarer, int):
            roles[declarer] = self._t("role_declarer")
        elif isinstance(caller, int):
            roles[caller] = self._t("role_caller")
            team = next((side for side in sides if caller in side), None)
            if team is not None:
                for seat in range(players):
                    if seat == caller:
                        if len(team) == 1:
                            roles[seat] = self._t("role_caller_alone")
                    else:
                        roles[seat] = self._t("role_partner" if seat in team
                                              else "role_defender")
        return tuple(roles)

    # The end ----------------------------------------------------------------------------------
    def situation(self, view: SeatView) -> list[str]:
        """What stands in a deal of an auction game, as ``view``'s seat may know it: the
        bidding, the contract, the called card, the talon shown (``[]`` in other games)."""
        details = view.details
        lines: list[str] = []
        auction = getattr(details, "auction", None)
        caller = getattr(details, "caller", None)
        declarer = getattr(details, "declarer", None)
        if isinstance(auction, Auction) and caller is None and declarer is None:
            if auction.high is None or auction.high_seat is None:
                lines.append(self._t("no_bid"))
            else:
                lines.append(self._t("high_bid", bid=auction.high, who=self.who(auction.high_seat)))
            if auction.passed:
                names = self._t("and").join(self.who(s) for s in sorted(auction.passed))
                lines.append(self._t("passed", names=names))
        contract = getattr(details, "contract", None)
        if isinstance(caller, int) and isinstance(contract, int):
            lines.append(self._t("contract_call", who=self.who(caller), contract=contract))
        called = getattr(details, "called", None)
        if isinstance(called, Card):
            lines.append(self._t("called", card=self.card(called)))
        bid = getattr(details, "bid", None)
        if isinstance(declarer, int) and isinstance(bid, int):
            lines.append(self._t("declarer", who=self.who(declarer), bid=bid))
        if view.talon:
            cards = self._t("and").join(self.card(c) for c in view.talon)
            lines.append(self._t("talon", cards=cards))
        return lines

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
        bid = getattr(result, "bid", None)
        if getattr(result, "void", False):
            return self._t("void")
        if isinstance(bid, int) and result.winner is not None:  # a contract, made or not
            team = result.sides[0]
            made = result.winner == 0
            if self.you is not None and team == (self.you,):
                key = "made_you" if made else "short_you"
            else:
                key = ("made" if made else "short") + ("_one" if len(team) == 1 else "")
            return self._t(key, names=self.side(team), points=result.side_points[0], bid=bid)
        shown = (result.game_points if self.rules.scores_tricks and result.game_points
                 else result.side_points)
        score = "–".join(str(p) for p in shown)
        if result.winner is None:
            return self._t("draw", score=score)
        side = result.sides[result.winner]
        if self.you is not None and self.you in side:
            return self._t("win_you" if len(side) == 1 else "win_your_side", score=score)
        key = "win_one" if len(side) == 1 else "win"
        return self._t(key, names=self.side(side), score=score)

    def _number(self, points: float) -> str:
        """Game points with their sign: "+2", "−1", "+55.5" ("+55,5" in Spanish)."""
        text = f"{abs(points):g}"
        if self.lang == "es":
            text = text.replace(".", ",")
        return ("+" if points > 0 else "−" if points < 0 else "") + text

    def end(self, result: Result) -> str:
        """How the deal ended when it was not simply on the count (else ``""``): see
        :func:`end_reason`."""
        return end_reason(result, self.lang)

    def game_points(self, result: Result) -> str:
        """What the deal scores towards a match when a side scores more than one game point
        (a big win) in a game counted in card points: "Ana scores 2 game points." (``""``
        otherwise; in a game scored by tricks the verdict's score is already the game
        points)."""
        if type(result).seat_game_points is not Result.seat_game_points:  # scored by seat
            if not any(result.game_points):
                return ""
            shown = [f"{self.who(s)} {self._number(p)}" for s, p in enumerate(result.game_points)]
            return self._t("seat_points", points=", ".join(shown))
        if self.rules.scores_tricks or not result.game_points or max(result.game_points) < 2:
            return ""
        lines = []
        for index, points in enumerate(result.game_points):
            if points < 2:
                continue
            side = result.sides[index]
            amount = self._t("game_points_n", n=points)
            if self.you is not None and self.you in side:
                key = "game_points_you" if len(side) == 1 else "game_points_your_side"
                lines.append(self._t(key, points=amount))
            else:
                key = "game_points_one" if len(side) == 1 else "game_points"
                lines.append(self._t(key, names=self.side(side), points=amount))
        return " ".join(lines)
