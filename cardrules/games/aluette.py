"""Aluette (the French rules page; pagat.com and Parlett for the details).

Four players with the 48-card Spanish pack, in two partnerships sitting opposite (seats 0 and 2
against 1 and 3) whose partners do **not** pool their tricks. Play goes clockwise (seat 0 sits at
the dealer's left and leads). Nine cards each, dealt in threes; twelve are left aside. No trumps,
no duty to follow: the highest card by a fixed 19-class ranking wins, and a tie for the highest
card **spoils** the trick (nobody takes it; the same player leads again).

The deal's score: the player who won the most tricks scores 1 for his side; on a tie, whoever
reached that number first. With *mordienne* (an option) it is 2 when that player won none of the
early tricks and then an unbroken run ending with the last trick. A side may offer to surrender.

In the replay JSON, the ``points`` of each seat are the **tricks** it won; ``game_points`` is
the deal's score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Final, Literal

from ..core.actions import Action, CardMove, Decision, Masked, Move, Phrases, Trick
from ..core.cards import ALL_CARDS, Card, Suit, parse_card
from ..core.errors import IllegalActionError
from ..core.options import Options, option
from ..core.packs import pack_for
from ..core.rng import SeededRandom
from ..engine import (
    Details,
    MoveRule,
    Phase,
    Result,
    Rules,
    Sides,
    Table,
    TalliedTable,
    Tally,
    TallyForm,
    Title,
    Why,
)
from ..words import N_, Message

# The 19 classes, strongest first. Named cards stand alone; the rest rank by number.
_NAMED: Final = ("3O", "3C", "2O", "2C", "9C", "9O", "2B", "2E")
_BY_NUMBER: Final = (1, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3)


def _aluette_strength() -> list[int]:
    strength = [0] * len(ALL_CARDS)
    classes = 19
    for i, code in enumerate(_NAMED):
        strength[parse_card(code).index] = classes - i
    for j, number in enumerate(_BY_NUMBER):
        for card in ALL_CARDS:
            if card.number == number and card.code not in _NAMED:
                strength[card.index] = classes - len(_NAMED) - j
    return strength


STRENGTH: Final = _aluette_strength()
"""Aluette strength by card index: 19 for monsieur (3 of coins) down to 1 for the 3 of swords
and of clubs."""

ROLES: Final = {"3O": "monsieur", "3C": "madame", "2O": "borgne", "2C": "vache"}
"""The four top cards and the names of the players who draw them at the seating."""

CARD_NAMES: Final = {
    "3O": "monsieur", "3C": "madame", "2O": "le borgne", "2C": "la vache",
    "9C": "grand-neuf", "9O": "petit-neuf", "2B": "deux de chêne", "2E": "deux d'écrit",
}
"""The French names of Aluette's eight named cards."""


CHANT = Phase("chant", N_("the chant"))
"""Each player in turn agrees to the chant or refuses it."""
DISCARD = Phase("discard", N_("the discards"))
"""After the chant: the two players who took the spare cards discard back to nine."""
ANSWER = Phase("answer", N_("the answer to the chant"))
"""A surrender has been offered: the next opponent accepts or refuses it."""


@dataclass(frozen=True)
class Chant(Move):
    """Agree to the chant (all four must agree)."""

    keyword: ClassVar[str] = "chant"
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} agrees to the chant."),
        N_("You agree to the chant."),
        choice=N_("agree to the chant"),
    )


@dataclass(frozen=True)
class NoChant(Move):
    """Refuse the chant: it is not done this deal."""

    keyword: ClassVar[str] = "no-chant"
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} refuses the chant."),
        N_("You refuse the chant."),
        choice=N_("refuse the chant"),
    )


@dataclass(frozen=True)
class Discard(CardMove):
    """Put ``card`` face down aside (after the chant, back down to nine cards)."""

    keyword: ClassVar[str] = "discard"
    decision: ClassVar[Decision] = Decision.DISCARD
    face_down: ClassVar[bool] = True
    leaves_hand: ClassVar[bool] = True
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} puts {card} aside, face down."),
        N_("You put {card} aside, face down."),
        hidden=N_("{who} puts a card aside, face down."),
        choice=N_("discard {card}"),
    )


@dataclass(frozen=True)
class Surrender(Move):
    """Offer to concede the deal (the next opponent answers)."""

    keyword: ClassVar[str] = "surrender"
    decision: ClassVar[Decision] = Decision.CONCEDE
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} offers to surrender."),
        N_("You offer to surrender."),
        choice=N_("offer to surrender (the next opponent accepts or refuses)"),
    )


@dataclass(frozen=True)
class Accept(Move):
    """Accept a surrender: the deal ends and the accepting side scores 1."""

    keyword: ClassVar[str] = "accept"
    decision: ClassVar[Decision] = Decision.ANSWER
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} accepts the surrender."),
        N_("You accept the surrender."),
        choice=N_("accept the surrender: the deal ends and your side scores"),
    )


@dataclass(frozen=True)
class Refuse(Move):
    """Refuse a surrender: now the refusing side must make mordienne (2 points) or the side that
    offered scores 2."""

    keyword: ClassVar[str] = "refuse"
    decision: ClassVar[Decision] = Decision.ANSWER
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} refuses the surrender."),
        N_("You refuse the surrender."),
        choice=N_("refuse the surrender and play on"),
    )


SIGNALS: Final = {
    "monsieur": N_("eyes raised"),
    "madame": N_("head tilted"),
    "borgne": N_("a wink"),
    "vache": N_("a pout"),
    "grand-neuf": N_("the thumb"),
    "petit-neuf": N_("the little finger"),
    "deux-de-chene": N_("the index finger"),
    "deux-decrit": N_("the ring finger"),
    "aces": N_("the mouth open"),
    "nothing": N_("a shrug"),
}
"""The partners' signals (pagat): what each says, and the gesture that says it (a sentence
of the catalogue of words)."""


@dataclass(frozen=True)
class Signal(Move):
    """Signal to your partner what you hold (``signal:monsieur``...): only he sees it. The engine
    does not check that it is true: a player may bluff, as at the table."""

    name: str
    """One of :data:`SIGNALS`."""
    keyword: ClassVar[str] = "signal"
    phrases: ClassVar[Phrases | None] = Phrases(
        N_("{who} signals to the partner: {gesture} ({name})."),
        N_("You signal to your partner: {gesture} ({name})."),
        choice=N_("signal {name} to your partner ({gesture})"),
    )

    def words(self, trump: Suit | None = None) -> dict[str, object]:
        """The fields of its phrases: the signal's name and gesture."""
        return {"name": self.name, "gesture": Message(SIGNALS[self.name])}

    def notation(self) -> str:
        return f"signal:{self.name}"

    @classmethod
    def from_argument(cls, argument: str) -> Signal:
        if argument not in SIGNALS:
            raise ValueError(argument)
        return cls(argument)


@dataclass(frozen=True)
class Offer:
    """A surrender offered during the deal."""

    by: int
    """The seat that offered it."""
    side: int
    """Its side (0: seats 0 and 2; 1: seats 1 and 3)."""
    answer: Literal["accepted", "refused"] | None = None
    """The answer, once given."""


@dataclass(frozen=True)
class AluetteDetails(Details):
    """What a deal of Aluette remembers beyond the cards."""

    chant: Literal["off", "asking", "refused", "done"] = "off"
    """Where the chant stands: not offered, being asked, refused, or done."""
    agreed: int = 0
    """Players who have agreed to the chant so far."""
    surrender: Offer | None = None
    """The surrender offered, if any."""
    signals: tuple[tuple[int, int, str], ...] = ()
    """Signals made: ``(trick number, seat, signal)``. Private: a seat's view keeps only its
    own side's."""
    spoiled: tuple[int, ...] = ()
    """With ``spoiled="next-winner"``: spoiled tricks waiting for the next winner."""


def _details(game: Table) -> AluetteDetails:
    details = game.details
    assert isinstance(details, AluetteDetails)
    return details


class ChantRule(MoveRule[Chant]):
    """Agreeing to the chant; once all four agree, the spare cards go out and the discards
    follow."""

    move_type = Chant
    phases = (CHANT,)
    closed = Why(N_("the chant is over or not played now"))

    def offers(self, game: Table, seat: int) -> Iterable[Chant]:
        return (Chant(),)

    def apply(self, game: Table, seat: int, move: Chant) -> Trick | None:
        agreed = _details(game).agreed + 1
        game.update_details(agreed=agreed)
        if agreed < 4:
            game.begin_phase(CHANT, agreed)
            return None
        turn = 0
        while game.stock_size:  # top first, alternately to the dealer's left and the dealer
            game.draw(turn)
            turn = 3 - turn
        game.begin_phase(DISCARD, 0)
        return None


class NoChantRule(MoveRule[NoChant]):
    """Refusing the chant: the play starts at once."""

    move_type = NoChant
    phases = (CHANT,)
    closed = ChantRule.closed

    def offers(self, game: Table, seat: int) -> Iterable[NoChant]:
        return (NoChant(),)

    def apply(self, game: Table, seat: int, move: NoChant) -> Trick | None:
        game.update_details(chant="refused")
        game.start_play(0)
        return None


class DiscardRule(MoveRule[Discard]):
    """After the chant, seat 0 and then the dealer discard back to nine cards."""

    move_type = Discard
    phases = (DISCARD,)
    closed = ChantRule.closed
    _NOT_HELD = Why(N_("{who} does not hold {card}"))

    def offers(self, game: Table, seat: int) -> Iterable[Discard]:
        return [Discard(card) for card in game.hands[seat]]

    def check(self, game: Table, seat: int | None, move: Discard) -> Why | None:
        if seat is None or move.card not in game.hands[seat]:
            return self._NOT_HELD
        return None

    def apply(self, game: Table, seat: int, move: Discard) -> Trick | None:
        game.hand_to_aside(seat, move.card)
        if len(game.hands[0]) > 9:
            game.begin_phase(DISCARD, 0)
        elif len(game.hands[3]) > 9:
            game.begin_phase(DISCARD, 3)
        else:
            game.update_details(chant="done")
            game.start_play(0)
        return None


class SurrenderRule(MoveRule[Surrender]):
    """Offering to concede, once per deal, by the player to act."""

    move_type = Surrender
    disabled = Why(N_("surrender is not played (option surrender)"))
    _ONCE = Why(N_("a surrender may be offered once per deal, by the player to act"))

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def offers(self, game: Table, seat: int) -> Iterable[Surrender]:
        return (Surrender(),)

    def check(self, game: Table, seat: int | None, move: Surrender) -> Why | None:
        return self._ONCE if _details(game).surrender is not None else None

    def apply(self, game: Table, seat: int, move: Surrender) -> Trick | None:
        game.update_details(surrender=Offer(seat, game.side_of(seat)))
        game.begin_phase(ANSWER, (seat + 1) % 4)
        return None

    def still_possible(self, game: Table) -> bool:
        return _details(game).surrender is None


class AnswerRule(MoveRule[Accept | Refuse]):
    """Accepting or refusing a surrender: the next opponent answers."""

    phases = (ANSWER,)
    closed = Why(N_("there is no surrender to answer (or it is another player's answer)"))

    def __init__(self, move_type: type[Accept] | type[Refuse]) -> None:
        self.move_type = move_type  # type: ignore[misc]

    def offers(self, game: Table, seat: int) -> Iterable[Accept | Refuse]:
        return (self.move_type(),)  # type: ignore[return-value]

    def apply(self, game: Table, seat: int, move: Accept | Refuse) -> Trick | None:
        offer = _details(game).surrender
        assert offer is not None
        accepted = isinstance(move, Accept)
        game.update_details(surrender=replace(offer, answer="accepted" if accepted else "refused"))
        game.resume_play()
        if accepted:
            game.finish("surrender")
        return None


class SignalRule(MoveRule[Signal]):
    """A signal to one's partner, at most one per trick, at one's turn: only the partner sees
    it."""

    move_type = Signal
    disabled = Why(N_("signals are off (option signals)"))
    _ONCE = Why(N_("you have signalled in this trick already"))

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def offers(self, game: Table, seat: int) -> Iterable[Signal]:
        return [Signal(name) for name in SIGNALS]

    def check(self, game: Table, seat: int | None, move: Signal) -> Why | None:
        number = len(game.tricks)
        if any(t == number and s == seat for t, s, _ in _details(game).signals):
            return self._ONCE
        return None

    def apply(self, game: Table, seat: int, move: Signal) -> Trick | None:
        signals = _details(game).signals
        game.update_details(signals=(*signals, (len(game.tricks), seat, move.name)))
        return None

    def seen_by(self, viewer: int, seat: int, move: Signal) -> Action:
        if viewer == seat or viewer == (seat + 2) % 4:
            return move
        return Masked("signal", hides_card=False)

    def stand_in(self, game: Table, seat: int, masked: Masked, card: Card | None) -> Signal:
        return Signal("nothing")  # what an opponent did not see cannot matter to it


@dataclass(frozen=True)
class AluetteOptions(Options):
    """Options of Aluette."""

    chant: bool = option(False, N_("offer the chant after the deal (everyone must agree)"))
    """The Aluette rules page's optional chant. When on, each player in turn answers ``chant`` or
    ``no-chant``; if all four agree, the twelve cards left over go one at a time, alternately, to
    the dealer's left (seat 0) and the dealer (seat 3), starting with seat 0, and each of them
    discards back to nine (``discard:<card>``; seat 0 first). Off by default: the table agrees
    on it beforehand."""

    spoiled: Literal["nobody", "next-winner"] = option(
        "nobody",
        N_("a spoiled trick: nobody takes it, or the next trick's winner does"),
    )
    """``"nobody"`` (the Aluette rules page, pagat): a spoiled trick belongs to no one.
    ``"next-winner"``: the winner of the next trick that is not spoiled also takes the spoiled ones,
    and each counts as a trick he won at that moment."""

    mordienne: bool = option(False, N_("mordienne: the top player's late unbroken run scores 2"),
                             tally=True)
    """The Aluette rules page's optional mordienne: the deal scores 2 when its top player won none
    of the first tricks and then every trick from some point to the last one (a spoiled last trick
    rules it out)."""

    surrender: bool = option(
        True,
        N_("a side may offer to surrender (the next opponent accepts or refuses)"),
        tally=True,
    )
    """Offering to concede (pagat): once per deal, the player to act may ``surrender``; the next
    opponent in order answers ``accept`` (his side scores 1 and the deal ends) or ``refuse`` (the
    deal goes on; his side then scores 2 if its top player makes mordienne, otherwise the
    offering side scores 2)."""

    signals: bool = option(
        False,
        N_("partners may signal what they hold (signal:NAME, seen by the partner only)"),
    )
    """The partners' signals (pagat, the Aluette rules page's "compete to an extent"): at his turn,
    before his card, a player may make one signal per trick (``signal:monsieur``, ``signal:aces``,
    ``signal:nothing``... see :data:`SIGNALS`); only his partner's view (``SeatView.messages``)
    shows it. Off by default: the engine's views are otherwise exactly what a seat sees."""

    match: Literal["five-deals", "first-to-5"] = option(
        "five-deals",
        N_("a match: five deals (most points) or first side to 5 points"),
        tally=True,
    )
    """pagat and Parlett play five deals and count points; French sites play to 5 points."""


class Aluette(Rules):
    """Aluette: four players, two partnerships that do not pool tricks, the 19-class ranking."""

    id = "aluette"
    title = Title(N_("Aluette"))
    player_counts: ClassVar[tuple[int, ...]] = (4,)
    options_type: ClassVar[type[Options]] = AluetteOptions
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase.DEAL, CHANT, DISCARD, Phase.PLAY, ANSWER, Phase.OVER
    )
    move_types: ClassVar[tuple[type[Move], ...]] = (
        Chant, NoChant, Discard, Surrender, Accept, Refuse, Signal
    )
    details_type = AluetteDetails
    scores_tricks: ClassVar[bool] = True
    end_reasons: ClassVar[dict[str, str]] = {
        "surrender": N_("A surrender was accepted."),
        "surrender refused": N_("A surrender was refused: the deal was played for 2."),
        "mordienne": N_("Mordienne: the top player won every trick from some point to the last."),
    }
    opts: AluetteOptions

    def __init__(self, players: int, options: Options) -> None:
        super().__init__(players, options)
        assert isinstance(options, AluetteOptions)
        self.opts = options
        self.pack = pack_for("spanish", 48)
        self.cards = ALL_CARDS
        self.hand_sizes = (9, 9, 9, 9)
        self.draw_counts = (0, 0, 0, 0)
        self.turn_sizes = (1, 1, 1, 1)
        self.turns_up = False
        self.strength = STRENGTH
        self.card_points = [0] * len(ALL_CARDS)
        self.watches_tricks = True  # game.points counts tricks, as the result does
        self.move_rules = (
            ChantRule(), NoChantRule(), DiscardRule(), SurrenderRule(options.surrender),
            AnswerRule(Accept), AnswerRule(Refuse), SignalRule(options.signals),
        )

    def initial_sides(self) -> Sides:
        """Partners sit opposite: seats 0 and 2 against 1 and 3."""
        return ((0, 2), (1, 3))

    def match_length(self) -> tuple[int | None, int | None]:
        """Five deals (pagat, Parlett) or first side to 5 points (French sites)."""
        return (None, 5) if self.opts.match == "first-to-5" else (5, None)

    def first_seating(self, rng: SeededRandom) -> tuple[tuple[int, ...], int, object]:
        """The seating draw: the people sit by the top cards they draw; Madame deals first."""
        seating = seating_draw(rng.word())
        return seating.seats, seating.roles["madame"], seating

    def seating_cards(self, seating: object) -> tuple[tuple[int, Card], ...]:
        """The seating draw's cards, as dealt face up."""
        return seating.dealt if isinstance(seating, Seating) else ()

    def deal_packets(self) -> list[tuple[int, int]]:
        """Three rounds of three cards, seat 0 (the dealer's left) first."""
        return [(seat, 3) for seat in range(4)] * 3

    def after_deal(self, game: Table) -> None:
        """With the chant option, each player in turn is asked; otherwise the play starts."""
        if self.opts.chant:
            game.update_details(chant="asking")
            game.begin_phase(CHANT, 0)
        else:
            game.start_play(0)

    def trick_winner(self, cards: Sequence[Card], trump: Suit | None) -> int | None:
        """The highest card by the 19 classes; ``None`` (spoiled) when the highest is tied."""
        strength = self.strength
        best, top, tied = 0, strength[cards[0].index], False
        for i in range(1, len(cards)):
            s = strength[cards[i].index]
            if s > top:
                best, top, tied = i, s, False
            elif s == top:
                tied = True
        return None if tied else best

    # Counting tricks, and the spoiled-trick option ------------------------------------------
    def after_trick(self, game: Table, trick: Trick) -> None:
        """Count the trick for its winner in ``game.points`` (Aluette scores tricks, and the
        cards have no points). With ``spoiled="next-winner"`` the winner also takes, and counts,
        the spoiled tricks before it."""
        details = _details(game)
        if trick.winner is None:
            if self.opts.spoiled == "next-winner":
                game.update_details(spoiled=(*details.spoiled, trick.number))
            return
        game.add_points(trick.winner, 1)
        for number in details.spoiled:
            for card in game.tricks[number].cards:
                game.aside_to_pile(card, trick.winner)
            game.add_points(trick.winner, 1)
        if details.spoiled:
            game.update_details(spoiled=())

    # What a seat sees -------------------------------------------------------------------------
    def messages_for(self, game: Table, seat: int) -> tuple[tuple[int, int, str], ...]:
        """The signals ``seat``'s partner has made (opponents' signals stay unseen)."""
        partner = (seat + 2) % 4
        return tuple(m for m in _details(game).signals if m[1] == partner)

    def details_seen_by(self, game: Table, seat: int) -> Details:
        """Everything but the other side's signals."""
        details = _details(game)
        mine = tuple(m for m in details.signals if m[1] % 2 == seat % 2)
        return details if mine == details.signals else replace(details, signals=mine)

    # Scoring ----------------------------------------------------------------------------------
    def credits(self, game: Table) -> list[tuple[int | None, int]]:
        """For each trick: who is credited with it and at which trick he got it.

        Normally the trick's winner, at once. With ``spoiled="next-winner"`` a spoiled trick goes
        to the winner of the next trick that is not spoiled, at that trick (``None``: nobody).
        """
        credits: list[tuple[int | None, int]] = [(t.winner, t.number) for t in game.tricks]
        if self.opts.spoiled == "next-winner":
            taker: tuple[int | None, int] = (None, len(credits))
            for i in reversed(range(len(credits))):
                if credits[i][0] is None:
                    credits[i] = taker
                else:
                    taker = credits[i]
        return credits

    def top_player(self, game: Table) -> int | None:
        """The player with most tricks; on a tie, whoever reached that number first."""
        counts = [0] * 4
        reached: dict[tuple[int, int], int] = {}  # (seat, count) -> when it was reached
        for seat, when in sorted(
            ((s, w) for s, w in self.credits(game) if s is not None), key=lambda c: c[1]
        ):
            counts[seat] += 1
            reached[(seat, counts[seat])] = when
        best = max(counts)
        if best == 0:
            return None
        leaders = [s for s in range(4) if counts[s] == best]
        return min(leaders, key=lambda s: reached[(s, best)])

    def is_mordienne(self, game: Table, seat: int) -> bool:
        """Whether ``seat`` won none of the first tricks and then every one to the last."""
        who = [s for s, _ in self.credits(game)]
        k = len(who)
        while k > 0 and who[k - 1] == seat:
            k -= 1
        return 0 < k < len(who) and seat not in who[:k]

    def tally_form(self) -> TallyForm:
        """The tricks each player took, the top player, a mordienne, a surrender offered."""
        return TallyForm(kind="tricks", tricks=self.hand_sizes[0], surrender=self.opts.surrender)

    def result_of_tally(self, tally: Tally) -> Result:
        """The tricks each player took (nine in all at most: a spoiled trick is nobody's), the
        top player (who reached the top number first), whether his tricks were a mordienne
        (none of the first, then every one to the last), and a surrender offered."""
        first, tricks = tally.first, tally.tricks
        mordienne = tally.mordienne
        # The top player's tricks first, so that on a tie he is the one who reached it first;
        # or, for a mordienne, last: after everyone else's and the spoiled tricks.
        order = sorted(range(self.players), key=lambda s: (s != first, s))
        if mordienne and first is not None:
            order = [*order[1:], first]
        winners: list[int | None] = [s for s in order for _ in range(tricks[s])]
        spoiled: list[int | None] = [None] * (self.hand_sizes[0] - len(winners))
        winners = [*winners[:-tricks[first]], *spoiled, *winners[-tricks[first]:]] if (
            mordienne and first is not None and tricks[first]) else winners + spoiled
        sides = self.initial_sides()
        assert sides is not None
        offer = None
        if tally.surrender is not None:
            side, answer = tally.surrender
            offer = Offer(by=sides[side][0], side=side, answer=answer)
        table = TalliedTable(tuple(sides), list(tricks), AluetteDetails(surrender=offer), winners)
        return self.result(table.table())

    def result(self, game: Table) -> Result:
        credited = [who for who, _ in self.credits(game)]
        tricks = tuple(credited.count(s) for s in range(4))  # the same as game.points
        sides = game.sides
        side_tricks = tuple(sum(tricks[s] for s in side) for side in sides)
        offer = _details(game).surrender
        winner: int | None = None
        score = 0
        reason = "tricks"
        if offer is not None and offer.answer == "accepted":
            winner, score, reason = 1 - offer.side, 1, "surrender"
        else:
            top = self.top_player(game)
            mordienne = top is not None and self.is_mordienne(game, top)
            if offer is not None and offer.answer == "refused":
                reason = "surrender refused"
                refusers = 1 - offer.side
                if top is not None and game.side_of(top) == refusers and mordienne:
                    winner, score = refusers, 2
                else:
                    winner, score = offer.side, 2
            elif top is not None:
                winner = game.side_of(top)
                score = 2 if self.opts.mordienne and mordienne else 1
                if score == 2:
                    reason = "mordienne"
        game_points = tuple(score if i == winner else 0 for i in range(2))
        return Result(
            points=tricks,
            sides=sides,
            side_points=side_tricks,
            winner=winner,
            game_points=game_points,
            reason=reason,
        )


# The seating draw -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Seating:
    """The outcome of Aluette's seating draw."""

    dealt: tuple[tuple[int, Card], ...]
    """``(person, card)`` in the order the cards were dealt face up."""
    roles: dict[str, int]
    """The person who drew each top card: ``monsieur``, ``madame``, ``borgne``, ``vache``."""

    @property
    def seats(self) -> tuple[int, int, int, int]:
        """Persons by seat for the first deal. Madame deals (seat 3) and Monsieur sits opposite
        her (seat 1); the Borgne sits at her left (seat 0) and the Vache at seat 2 (our reading:
        the sources only say that partners sit opposite)."""
        r = self.roles
        return (r["borgne"], r["monsieur"], r["vache"], r["madame"])


def seating_from_cards(cards: Sequence[Card]) -> Seating:
    """Run the seating draw on cards turned face up in this order: persons 0, 1, 2, 3 receive
    them in turn, skipping whoever already holds a top card, until all four top cards are out.

    Raises:
        IllegalActionError: the cards stop before all four top cards are out, or go on after.
    """
    holders: dict[str, int] = {}
    dealt: list[tuple[int, Card]] = []
    person = 0
    for i, card in enumerate(cards):
        if len(holders) == 4:
            raise IllegalActionError(
                "the seating draw is over after card {number}: {card} is one card too many",
                number=i, card=card.code)
        while person in holders.values():
            person = (person + 1) % 4
        dealt.append((person, card))
        role = ROLES.get(card.code)
        if role is not None:
            holders[role] = person
        person = (person + 1) % 4
    if len(holders) < 4:
        raise IllegalActionError(
            "the seating draw stops before the four top cards (3O 3C 2O 2C) are out")
    return Seating(tuple(dealt), holders)


def seating_draw(seed: int) -> Seating:
    """The seating draw from a seed: the 48 cards shuffled as in :mod:`cardrules.core.rng`, then
    dealt face up by :func:`seating_from_cards` until the four top cards are out."""
    cards = list(ALL_CARDS)
    SeededRandom(seed).shuffle(cards)
    tops = set(ROLES)
    out = 0
    for i, card in enumerate(cards):
        out += card.code in tops
        if out == 4:
            return seating_from_cards(cards[: i + 1])
    raise AssertionError("unreachable: the pack holds the four top cards")
