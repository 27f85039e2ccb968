"""The general trick-taking engine: one :class:`Game` state machine driven by :class:`Rules`.

A game module describes its game as data on a :class:`Rules` subclass (the cards in play, the
hands, how many cards each seat plays per turn and draws per round, card strength and points)
plus a few hooks (who wins a trick, which plays are legal, extra moves such as the trump
exchange, the result). The engine does the rest the same way for every game:

* the **deal** is the first action of the log, a chance action, so a record replays without a seed;
* a **trick** is played in a fixed order of turns from its leader; a seat may have several turns
  in a row (the Alcalde plays two cards); a trick may have no winner (a spoiled trick), and then the
  same leader leads again;
* after each trick the winner **draws** first and the others follow in order of play, each taking
  its own number of cards; the turned-up card lies under the stock and is drawn last;
* the deal ends when some seat cannot play its next turn.

Conventions: seats are numbered in order of play; seat 0 leads the first trick; the dealer is the
last seat. The engine keeps its state in plain lists of interned cards: a 2-player Briscola deal
played through this API runs well over 10,000 times a second on one core.
"""

from __future__ import annotations

import copy
import enum
import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from .actions import Action, Deal, Event, Move, Trick, format_action, parse_action
from .cards import Card, Suit
from .errors import IllegalActionError, Lang
from .packs import Pack
from .rng import SeededRandom

if TYPE_CHECKING:
    from .options import Options

# Building named tuples through tuple.__new__ skips a Python-level __new__: the engine makes an
# Event per action and a Trick per trick on its hot path.
_new_event = tuple.__new__
_new_trick = tuple.__new__

CHANCE = -1
"""The pseudo-seat that makes chance actions (the deal)."""


class Phase(enum.Enum):
    """Where a game stands."""

    DEAL = "deal"
    """Waiting for the deal (a chance action)."""
    SETUP = "setup"
    """Actions between the deal and the first trick (a chant, an auction, discards...), run by
    the rules' ``setup_*`` hooks."""
    PLAY = "play"
    """Playing tricks."""
    OVER = "over"
    """The deal is finished; :attr:`Game.result` is set."""


@dataclass(frozen=True)
class Result:
    """The outcome of a finished deal."""

    points: tuple[int, ...]
    """Card points taken by each seat (tricks won, in games scored by tricks)."""
    sides: tuple[tuple[int, ...], ...]
    """The sides: the seats that score together."""
    side_points: tuple[int, ...]
    """Points per side (the sum of its seats' points, plus any bonus)."""
    winner: int | None
    """Index into :attr:`sides` of the winning side, or ``None`` for a draw."""
    game_points: tuple[int, ...] = ()
    """Game points each side scores for a match (empty when the game does not say)."""
    reason: str = "points"
    """How the deal was decided: ``"points"``, or a game's special ending (``"claim"``...)."""

    def to_json(self) -> dict[str, Any]:
        """The result as in the replay JSON."""
        return {
            "points": list(self.points),
            "sides": [list(s) for s in self.sides],
            "side_points": list(self.side_points),
            "winner": self.winner,
            "game_points": list(self.game_points),
            "reason": self.reason,
        }

    def describe(self, lang: Lang = "en") -> str:
        """How the deal ended, in words, when it was not simply on points (else ``""``).

        Examples:
            >>> Result((1, 0), ((0,), (1,)), (1, 0), 0, reason="claim").describe("es")
            'Se reclamaron las bazas que quedaban.'
        """
        return END_REASONS["es" if lang == "es" else "en"].get(self.reason, "")


END_REASONS: Final[dict[Lang, dict[str, str]]] = {
    "en": {
        "claim": "The remaining tricks were claimed.",
        "muerte-al-tres": "The three of trumps was killed (muerte al tres).",
        "surrender": "A surrender was accepted.",
        "surrender refused": "A surrender was refused.",
        "mordienne": "Mordienne: the last tricks in an unbroken run.",
    },
    "es": {
        "claim": "Se reclamaron las bazas que quedaban.",
        "muerte-al-tres": "Se mató el tres de triunfo (muerte al tres).",
        "surrender": "Se aceptó una rendición.",
        "surrender refused": "Se rechazó una rendición.",
        "mordienne": "Mordienne: las últimas bazas seguidas.",
    },
}
"""How a deal ended (:attr:`Result.reason`) in words, per language: :meth:`Result.describe`."""


class Rules:
    """What a game module defines: the data the engine runs on and the hooks it calls.

    Subclasses set the class attributes and, in ``__init__``, the per-deal data (which depends on
    the number of players and the options). Hooks have working defaults for a Briscola-like
    game: no duty to follow suit, highest trump else highest card of the led suit.
    """

    id: ClassVar[str] = ""
    """The game's identifier, as in ``new_game("briscola")``."""
    title: ClassVar[dict[str, str]] = {}
    """The game's name per language (``"en"``, ``"es"``)."""
    player_counts: ClassVar[tuple[int, ...]] = ()
    """The numbers of players the game supports."""
    options_type: ClassVar[type[Options]]
    """The dataclass of this game's options."""

    # Per-deal data, set by the subclass's __init__ --------------------------------------------
    players: int
    options: Options
    pack: Pack
    """The pack, for card names and pictures."""
    cards: tuple[Card, ...]
    """The cards in play (after any removal)."""
    sides: tuple[tuple[int, ...], ...]
    """Seats that score together."""
    hand_sizes: tuple[int, ...]
    """Cards dealt to each seat."""
    draws: tuple[int, ...]
    """Cards each seat draws per draw round (0 when the game has no stock play)."""
    turns: tuple[int, ...]
    """Cards each seat plays at its turn in a trick (the Alcalde plays 2)."""
    turn_up: bool
    """Whether the last stock card is turned up to fix trumps."""
    strength: list[int]
    """Trick-taking strength by card index (higher beats lower within the rules of the game)."""
    card_points: list[int]
    """Card points by card index."""
    free_play: bool = True
    """True when any card in hand may be played (then :meth:`legal_plays` is never called)."""
    has_moves: bool = False
    """True when :meth:`moves` may offer something (exchanges, declarations)."""
    watches_tricks: bool = False
    """True when :meth:`after_trick` must be called (it is skipped otherwise, for speed)."""
    scores_tricks: ClassVar[bool] = False
    """True when a seat's points are the tricks it won rather than card points (Aluette)."""

    def __init__(self, players: int, options: Options) -> None:
        self.players = players
        self.options = options

    # Derived data ------------------------------------------------------------------------------
    def turn_order(self, leader: int) -> tuple[int, ...]:
        """The seats in order of play for a trick led by ``leader``, one entry per card."""
        n = self.players
        order: list[int] = []
        for k in range(n):
            seat = (leader + k) % n
            order.extend([seat] * self.turns[seat])
        return tuple(order)

    @functools.cached_property
    def orders(self) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Turn orders and draw orders (each seat once) for every leader, computed once."""
        turns = [self.turn_order(s) for s in range(self.players)]
        return turns, [tuple(dict.fromkeys(o)) for o in turns]

    @functools.cached_property
    def pattern(self) -> list[tuple[int, int]]:
        """:meth:`deal_pattern`, computed once."""
        return self.deal_pattern()

    def side_of(self, seat: int) -> int:
        """The index of the side a seat belongs to."""
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        raise ValueError(seat)

    remove_one_of: tuple[Card, ...] = ()
    """When the game removes "any one" of these cards (a 2, a 4) from :attr:`cards`: a deal must
    lack exactly one of them."""
    seeded_removal: Card | None = None
    """The card a seeded deal removes from :attr:`remove_one_of` (``None``: drawn by the seed)."""

    # Dealing -----------------------------------------------------------------------------------
    def deal_pattern(self) -> list[tuple[int, int]]:
        """``(seat, cards)`` packets in dealing order; default: one card at a time from seat 0."""
        packets: list[tuple[int, int]] = []
        for r in range(max(self.hand_sizes)):
            packets.extend((seat, 1) for seat in range(self.players) if r < self.hand_sizes[seat])
        return packets

    def deal_from_seed(self, seed: int) -> Deal:
        """The deal a seed produces, the same on every Python version.

        The procedure: take :attr:`cards` (minus the removed card, if the game removes "any
        one"), shuffle them with :class:`~cardrules.rng.SeededRandom`, hand them out by
        :meth:`deal_pattern`; the rest is the stock, top first. If the game turns up a trump,
        the top card of the rest is turned and put under the stock (it becomes the last card),
        then :meth:`settle_turn_up` may change it.
        """
        rng = SeededRandom(seed)
        cards = list(self.cards)
        if self.remove_one_of:
            removed = self.seeded_removal or self.remove_one_of[rng.below(len(self.remove_one_of))]
            cards.remove(removed)
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        pos = 0
        for seat, count in self.pattern:
            hands[seat].extend(cards[pos : pos + count])
            pos += count
        rest = cards[pos:]
        if self.turn_up and rest:
            rest = self.settle_turn_up(rest[1:] + rest[:1])
        return Deal(tuple(tuple(h) for h in hands), tuple(rest))

    def settle_turn_up(self, stock: list[Card]) -> list[Card]:
        """Adjust a seeded stock whose last card is the turn-up (e.g. the Italian redeal)."""
        return stock

    def check_deal(self, deal: Deal) -> None:
        """Raise :class:`IllegalActionError` unless ``deal`` holds exactly this game's cards,
        with the right number in each hand."""
        n = self.players
        if len(deal.hands) != n:
            raise IllegalActionError(
                f"the deal has {len(deal.hands)} hands for {n} players",
                f"el reparto tiene {len(deal.hands)} manos para {n} jugadores",
            )
        for seat, hand in enumerate(deal.hands):
            if len(hand) != self.hand_sizes[seat]:
                raise IllegalActionError(
                    f"seat {seat} is dealt {len(hand)} cards; this game deals "
                    f"{self.hand_sizes[seat]}",
                    f"al asiento {seat} se le reparten {len(hand)} cartas; este juego reparte "
                    f"{self.hand_sizes[seat]}",
                )
        seen: set[Card] = set()
        for card in deal.cards:
            if card in seen:
                raise IllegalActionError(
                    f"{card.code} appears twice in the deal",
                    f"el {card.code} aparece dos veces en el reparto",
                )
            seen.add(card)
        expected = set(self.cards)
        for card in seen - expected:
            raise IllegalActionError(
                f"{card.code} is not in this game's pack for {n} players",
                f"el {card.code} no forma parte de la baraja de este juego para {n} jugadores",
            )
        missing = sorted(expected - seen, key=lambda c: c.index)
        if self.remove_one_of:
            if len(missing) == 1 and missing[0] in self.remove_one_of:
                missing = []
            elif not missing:
                codes = " ".join(c.code for c in self.remove_one_of)
                raise IllegalActionError(
                    f"the deal must leave out one of {codes}",
                    f"el reparto debe dejar fuera una de estas cartas: {codes}",
                )
        if missing:
            codes = " ".join(c.code for c in missing)
            raise IllegalActionError(
                f"the deal lacks {codes}", f"al reparto le falta: {codes}"
            )
        talon = self.talon_size
        if len(deal.talon) != talon:
            raise IllegalActionError(
                f"the talon has {len(deal.talon)} cards; this game sets aside {talon}",
                f"el talón tiene {len(deal.talon)} cartas; este juego aparta {talon}",
            )

    talon_size: int = 0
    """Cards dealt face down aside (a talon)."""

    # Hooks -------------------------------------------------------------------------------------

    def trump_of(self, deal: Deal) -> Suit | None:
        """The trump suit a deal sets (the suit of the turned-up card by default)."""
        return deal.stock[-1].suit if self.turn_up and deal.stock else None

    def trick_winner(self, cards: Sequence[Card], trump: Suit | None) -> int | None:
        """Index in ``cards`` of the card that takes the trick, or ``None`` if it is spoiled.

        Default: the highest trump, else the highest card of the suit led.
        """
        strength = self.strength
        best = 0
        best_suit = cards[0].suit
        best_strength = strength[cards[0].index]
        for i in range(1, len(cards)):
            card = cards[i]
            suit = card.suit
            if suit is best_suit:
                if strength[card.index] > best_strength:
                    best, best_strength = i, strength[card.index]
            elif suit is trump:
                best, best_suit, best_strength = i, suit, strength[card.index]
        return best

    def legal_plays(self, game: Game, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (only called when :attr:`free_play` is false)."""
        return list(game.hands[seat])

    def moves(self, game: Game, seat: int) -> list[Move]:
        """Moves other than plain card plays that ``seat`` may make now (exchange...)."""
        return []

    def apply_move(self, game: Game, seat: int, move: Move) -> Trick | None:
        """Carry out a legal move for ``seat``; return the trick it completed, if any."""
        raise IllegalActionError(
            f"{move.notation()!r} is not an action of this game",
            f"{move.notation()!r} no es una acción de este juego",
        )

    def moves_possible(self, game: Game) -> bool:
        """Whether :meth:`moves` may still offer anything in this deal (asked after each trick;
        once it says no, the engine stops asking :meth:`moves`)."""
        return True

    def actor(self, game: Game, move: Move) -> int | None:
        """The seat that makes ``move`` (default: the player to act)."""
        return game.current_player

    def why_not(self, game: Game, seat: int | None, move: Move) -> IllegalActionError | None:
        """Why ``move`` is refused now, in both languages (``None``: the engine's generic words)."""
        return None

    def why_not_card(self, game: Game, seat: int, card: Card) -> IllegalActionError | None:
        """Why ``seat`` may not play ``card`` though it holds it (only asked when
        :attr:`free_play` is false)."""
        return None

    # The setup phase (between the deal and the first trick) -----------------------------------
    def setup_needed(self, game: Game) -> bool:
        """Whether the deal is followed by a setup phase (default: no, play starts at once)."""
        return False

    def setup_player(self, game: Game) -> int:
        """The seat to act during the setup phase."""
        raise NotImplementedError

    def setup_actions(self, game: Game, seat: int) -> list[Action]:
        """What ``seat`` may do during the setup phase."""
        return []

    def apply_setup(self, game: Game, seat: int, action: Action) -> None:
        """Carry out a legal setup action; call :meth:`Game.start_play` once setup is over."""
        raise NotImplementedError

    def match_length(self) -> tuple[int | None, int | None]:
        """A match's default ``(deals, target score)``; ``None`` for no limit of that kind."""
        return (None, None)

    def first_seating(self, rng: SeededRandom) -> tuple[tuple[int, ...], int, object]:
        """How a match starts: the people in order of play round the table, the first dealer,
        and any record of how that was decided. Default: the people as listed and a dealer
        drawn from the seed."""
        return tuple(range(self.players)), rng.below(self.players), None

    def next_dealer(self, result: Result) -> int:
        """The seat (of the deal just played) that deals the next deal of a match.

        Default: seat 0. Seats run in order of play from the dealer, so seat 0 is the player the
        deal passes to: to the dealer's right in counter-clockwise games, to his left in clockwise
        ones.
        """
        return 0

    def before_result(self, game: Game) -> None:
        """Called when the deal ends, before :meth:`result` (e.g. to bank cards left in hand)."""

    def after_trick(self, game: Game, trick: Trick) -> None:
        """Called after each trick, once the cards are taken and drawn (e.g. to end early)."""

    def visible_hands(self, game: Game, seat: int) -> dict[int, tuple[Card, ...]]:
        """Other seats' hands that ``seat`` may see (partners who show cards, open play)."""
        return {}

    def messages_for(self, game: Game, seat: int) -> tuple[tuple[int, int, str], ...]:
        """Private messages ``seat`` has seen, as ``(trick number, from seat, text)``: e.g. a
        partner's signal in Aluette. Default: none."""
        return ()

    def result(self, game: Game) -> Result:
        """The outcome of the finished deal."""
        raise NotImplementedError

    def describe(self, lang: str = "en") -> str:
        """A one-line description of the deal set-up, for listings."""
        return self.title.get(lang, self.id)


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: its own hand and everything public. Bots decide from this."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    visible_hands: dict[int, tuple[Card, ...]]
    """Other hands this seat is allowed to see (empty in most games)."""
    trump: Suit | None
    turn_up: Card | None
    """The turned-up card while it is still under the stock."""
    stock_size: int
    """Cards left to draw, the turned-up card included."""
    leader: int
    trick: tuple[tuple[int, Card], ...]
    """The trick on the table so far."""
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    """Card points each seat has taken (tricks are turned face down, but they can be counted)."""
    current_player: int | None
    legal_actions: tuple[Action, ...]
    """What this seat may do now (out-of-turn moves included)."""
    phase: Phase = Phase.PLAY
    """Where the game stands (setup, play, over)."""
    messages: tuple[tuple[int, int, str], ...] = ()
    """Private messages this seat has seen: ``(trick number, from seat, text)``."""


@dataclass(frozen=True)
class State:
    """A full snapshot of a game at one moment (everything, hidden cards included)."""

    step: int
    """How many actions have been played (the deal counts as one)."""
    last: Event | None
    """The action that led here."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """The stock, top first, without the turned-up card."""
    turn_up: Card | None
    trump: Suit | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    current_player: int | None
    phase: Phase
    result: Result | None
    extra: dict[str, Any] = field(default_factory=dict)
    """Game-specific public state (exchanges made, declarations...)."""


class Game:
    """One deal of a game: the state, the log of actions, and the rules that drive it.

    Make one with :func:`cardrules.new_game` or :func:`cardrules.replay`.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> None:
        n = rules.players
        self.rules = rules
        """The rules this game runs on."""
        self.names: tuple[str, ...] = tuple(names) if names else tuple(
            f"P{i}" for i in range(n)
        )
        """Player names by seat."""
        self.seed = seed
        """The seed the deal came from, if it came from one."""
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        """Each seat's hand (treat as read-only: change the game only through :meth:`play`)."""
        self.stock: list[Card] = []
        """The stock without the turned-up card, **top last** (so drawing is ``pop()``)."""
        self.turn_up: Card | None = None
        """The turned-up card while it lies under the stock."""
        self.trump: Suit | None = None
        """The trump suit, if any."""
        self.leader = 0
        """The seat that leads (led) the current trick."""
        self.trick: list[Card] = []
        """Cards played to the current trick, in order (seats: ``order[:len(trick)]``)."""
        self.tricks: list[Trick] = []
        """Finished tricks."""
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        """Cards each seat has taken in tricks (or put on its own pile)."""
        self.points: list[int] = [0] * n
        """Card points each seat has taken."""
        self.aside: list[Card] = []
        """Cards out of play: spoiled tricks nobody took, discards."""
        self.talon: list[Card] = []
        """Cards dealt aside face down (games with a talon)."""
        self.log: list[Action] = []
        """Every action so far, the deal first."""
        self.extra: dict[str, Any] = {}
        """Game-specific state kept by the rules (public)."""
        self.phase = Phase.DEAL
        """Where the game stands (deal, play, over)."""
        self.is_over = False
        """True once the deal is finished (kept as a plain attribute: bots test it constantly)."""
        self._result: Result | None = None
        self.pending: int | None = None
        """A seat whose answer the rules wait for before play goes on (see :meth:`wait_for`)."""
        self._orders, self._draw_orders = rules.orders
        self.order: tuple[int, ...] = self._orders[0]
        """Seats in order of play for the current trick, one entry per card."""
        self._pos = 0
        self._winner: Callable[[Sequence[Card], Suit | None], int | None] = rules.trick_winner
        self._points_table = rules.card_points
        # Hot-path switches, so that the common case tests one attribute:
        self._free = False  # playing, and any card in hand may be played
        self._moves_live = rules.has_moves  # the rules may still offer moves this deal
        self._after_trick = rules.after_trick if rules.watches_tricks else None
        self._single_draw = all(d == 1 for d in rules.draws)
        self._draws = any(rules.draws)  # False: the stock is never drawn from (Aluette)

    # Reading the state ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act; :data:`CHANCE` (-1) before the deal; ``None`` when the game is over.

        During play this is the seat whose turn it is in the trick, unless the rules are waiting
        for another seat's answer (see :meth:`wait_for`).
        """
        phase = self.phase
        if phase is Phase.PLAY:
            return self.order[self._pos] if self.pending is None else self.pending
        if phase is Phase.SETUP:
            return self.rules.setup_player(self)
        return CHANCE if phase is Phase.DEAL else None


    @property
    def result(self) -> Result | None:
        """The outcome once the game is over, else ``None``."""
        return self._result

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turned-up card included."""
        return len(self.stock) + (self.turn_up is not None)

    @property
    def trick_plays(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table as ``(seat, card)`` pairs."""
        return tuple(zip(self.order, self.trick))

    @property
    def players(self) -> int:
        """The number of players."""
        return self.rules.players

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (by default the player to act) may do now.

        For the player to act: the cards they may play, then any other moves. For another seat:
        only moves allowed out of turn (such as the Spanish trump exchange); usually none.
        """
        if self.phase is not Phase.PLAY:
            if self.phase is Phase.SETUP:
                current = self.rules.setup_player(self)
                if seat is None or seat == current:
                    return self.rules.setup_actions(self, current)
            return []
        if self.pending is not None:
            if seat is None or seat == self.pending:
                return list(self.rules.moves(self, self.pending))
            return []
        current = self.order[self._pos]
        if seat is None or seat == current:
            actions: list[Action] = list(
                self.hands[current] if self._free else self.rules.legal_plays(self, current)
            )
            if self._moves_live:
                actions.extend(self.rules.moves(self, current))
            return actions
        if self._moves_live and 0 <= seat < self.rules.players:
            return list(self.rules.moves(self, seat))
        return []

    # Acting --------------------------------------------------------------------------------------
    def play(self, action: Action | str) -> Event:
        """Play an action (a :class:`Card`, a :class:`Move`, or its notation such as ``"1O"``).

        Returns the :class:`Event` recording it. Raises :class:`IllegalActionError`, with the
        reason in English and Spanish, if the rules do not allow it now; the game is then unchanged.
        """
        if self._free and action.__class__ is Card:
            return self._play_card(action)
        if isinstance(action, str):
            action = parse_action(action)
        if isinstance(action, Deal):
            self._deal(action)
            return Event(CHANCE, action, None)
        if not isinstance(action, (Card, Move)):
            raise IllegalActionError(
                f"{action!r} is not an action: play a card code such as '1O' or a move",
                f"{action!r} no es una acción: juegue un código de carta como '1O' o una jugada",
            )
        if self.phase is Phase.OVER:
            raise IllegalActionError(
                "the game is over: no more actions",
                "la partida ha terminado: no caben más acciones",
            )
        if self.phase is Phase.DEAL:
            raise IllegalActionError(
                "the cards have not been dealt yet", "todavía no se han repartido las cartas"
            )
        if self.phase is Phase.SETUP:
            return self._setup_action(action)
        if isinstance(action, Card):
            if self.pending is not None:
                raise IllegalActionError(
                    f"seat {self.pending} must answer first",
                    f"primero debe responder el asiento {self.pending}",
                )
            seat = self.order[self._pos]
            self._check_play(seat, action)
            return self._play_card(action)
        seat_or_none = self.rules.actor(self, action)
        if seat_or_none is None or action not in self.rules.moves(self, seat_or_none):
            raise self.rules_refusal(action, seat_or_none)
        self.log.append(action)
        trick = self.rules.apply_move(self, seat_or_none, action)
        return Event(seat_or_none, action, trick)

    def _setup_action(self, action: Action) -> Event:
        seat = self.rules.setup_player(self)
        if action not in self.rules.setup_actions(self, seat):
            if isinstance(action, Card):
                raise IllegalActionError(
                    f"no card is played yet: {action.code} is not a setup action",
                    f"todavía no se juegan cartas: {action.code} no es una acción de esta fase",
                )
            raise self.rules_refusal(action, seat)
        self.log.append(action)
        self.rules.apply_setup(self, seat, action)
        return Event(seat, action, None)

    def start_play(self, leader: int = 0) -> None:
        """End the setup phase: the first trick is led by ``leader`` (rules call this)."""
        self.phase = Phase.PLAY
        self.leader = leader
        self.order = self._orders[leader]
        self._pos = 0
        self._free = self.rules.free_play and self.pending is None
        if self._cannot_continue():
            self.finish()

    def wait_for(self, seat: int | None) -> None:
        """Make ``seat`` the one to act (only its moves are legal) until called with ``None``.

        Rules use this for answers out of the turn order, such as accepting a surrender.
        """
        self.pending = seat
        self._free = seat is None and self.rules.free_play and self.phase is Phase.PLAY

    def rules_refusal(self, move: Move, seat: int | None) -> IllegalActionError:
        """The error for a move the rules refuse (asks the rules why, if they can say)."""
        error = self.rules.why_not(self, seat, move)
        return error or IllegalActionError(
            f"{move.notation()!r} is not allowed now",
            f"{move.notation()!r} no está permitido ahora",
        )

    def _check_play(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        if card not in hand:
            holder = next((s for s, h in enumerate(self.hands) if card in h), None)
            where_en = where_es = ""
            if holder is not None:
                where_en = f" (seat {holder} holds it)"
                where_es = f" (la tiene el asiento {holder})"
            elif card in self.trick or any(card in t.cards for t in self.tricks):
                where_en, where_es = " (it has been played)", " (ya se jugó)"
            elif card is self.turn_up or card in self.stock:
                where_en, where_es = " (it is in the stock)", " (está en el mazo)"
            raise IllegalActionError(
                f"seat {seat} is to play and does not hold {card.code}{where_en}",
                f"juega el asiento {seat} y no tiene el {card.code}{where_es}",
            )
        if not self.rules.free_play and card not in self.rules.legal_plays(self, seat):
            raise self.rules.why_not_card(self, seat, card) or IllegalActionError(
                f"seat {seat} may not play {card.code} now",
                f"el asiento {seat} no puede jugar ahora el {card.code}",
            )

    def _play_card(self, card: Card) -> Event:
        """Log a card play and put it on the trick. The engine's hot path."""
        seat = self.order[self._pos]
        hand = self.hands[seat]
        if card not in hand:
            self._check_play(seat, card)
        self.log.append(card)
        hand.remove(card)
        self.trick.append(card)
        self._pos += 1
        if self._pos < len(self.order):
            return _new_event(Event, (seat, card, None))
        return _new_event(Event, (seat, card, self._finish_trick()))

    def put_card(self, card: Card) -> Trick | None:
        """Put a card from the hand of the player to act on the trick, without logging it.

        For rules whose moves include a play (a declared play such as *arrastro*): the engine
        has logged the move already. Returns the trick this card completed, if any.
        """
        self.hands[self.order[self._pos]].remove(card)
        self.trick.append(card)
        self._pos += 1
        if self._pos < len(self.order):
            return None
        return self._finish_trick()

    def _finish_trick(self) -> Trick:
        cards = self.trick
        order = self.order
        i = self._winner(cards, self.trump)
        table = self._points_table
        points = 0
        for c in cards:
            points += table[c.index]
        winner = None if i is None else order[i]
        plays = tuple(zip(order, cards))
        number = len(self.tricks)
        trick = _new_trick(Trick, (number, self.leader, plays, winner, points, self.trump))
        self.tricks.append(trick)
        self.trick = []
        if winner is not None:
            self.taken[winner].extend(cards)
            self.points[winner] += points
            self.leader = winner
        else:  # a spoiled trick: nobody takes it and the same player leads again
            self.aside.extend(cards)
        self._pos = 0
        self.order = self._orders[self.leader]
        if self._draws and (self.stock or self.turn_up is not None):
            self._draw()
            stock_left = self.stock or self.turn_up is not None
        else:
            stock_left = False
        if self._after_trick is not None:
            self._after_trick(self, trick)
        if self._moves_live:
            self._moves_live = self.rules.moves_possible(self)
        # While cards remain to draw every hand is full again, so only check after the stock.
        if not stock_left and self.phase is Phase.PLAY and self._cannot_continue():
            self.finish()
        return trick

    def _draw(self) -> None:
        stock = self.stock
        hands = self.hands
        if self._single_draw and len(stock) >= len(hands):  # the common case, made cheap
            for seat in self._draw_orders[self.leader]:
                hands[seat].append(stock.pop())
            return
        draws = self.rules.draws
        for seat in self._draw_orders[self.leader]:
            for _ in range(draws[seat]):
                if stock:
                    hands[seat].append(stock.pop())
                elif self.turn_up is not None:
                    hands[seat].append(self.turn_up)
                    self.turn_up = None
                else:
                    return

    def _cannot_continue(self) -> bool:
        turns = self.rules.turns
        hands = self.hands
        for seat in range(len(hands)):
            if len(hands[seat]) < turns[seat]:
                return True
        return False

    def deal(self, deal: Deal, *, checked: bool = False) -> Event:
        """Play the deal. ``checked=True`` skips checking it (for deals the rules made)."""
        self._deal(deal, checked=checked)
        return Event(CHANCE, deal, None)

    def finish(self, reason: str | None = None) -> None:
        """End the deal now and compute the result (rules call this for early endings)."""
        self.phase = Phase.OVER
        self.is_over = True
        self._free = self._moves_live = False
        self.pending = None
        if reason is not None:
            self.extra["end"] = reason
        self.rules.before_result(self)
        self._result = self.rules.result(self)

    def _deal(self, deal: Deal, *, checked: bool = False) -> None:
        if self.phase is not Phase.DEAL:
            raise IllegalActionError(
                "the cards have already been dealt", "las cartas ya se han repartido"
            )
        if not checked:
            self.rules.check_deal(deal)
        self.hands = [list(h) for h in deal.hands]
        stock = list(deal.stock)
        self.turn_up = stock.pop() if self.rules.turn_up and stock else None
        self.stock = stock[::-1]
        self.talon = list(deal.talon)
        self.trump = self.rules.trump_of(deal)
        self.log.append(deal)
        if self.rules.setup_needed(self):
            self.phase = Phase.SETUP
        else:
            self.start_play(0)

    # Views and history ----------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (its hand and all public information)."""
        return SeatView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            visible_hands=self.rules.visible_hands(self, seat),
            trump=self.trump,
            turn_up=self.turn_up,
            stock_size=self.stock_size,
            leader=self.leader,
            trick=self.trick_plays,
            tricks=tuple(self.tricks),
            points=tuple(self.points),
            current_player=self.current_player,
            legal_actions=tuple(self.legal_actions(seat)),
            phase=self.phase,
            messages=self.rules.messages_for(self, seat),
        )

    def snapshot(self, last: Event | None = None) -> State:
        """A full :class:`State` of the game now."""
        return State(
            step=len(self.log),
            last=last,
            hands=tuple(tuple(h) for h in self.hands),
            stock=tuple(reversed(self.stock)),
            turn_up=self.turn_up,
            trump=self.trump,
            leader=self.leader,
            trick=self.trick_plays,
            tricks=tuple(self.tricks),
            points=tuple(self.points),
            current_player=self.current_player,
            phase=self.phase,
            result=self._result,
            extra=copy.deepcopy(self.extra),  # a snapshot: later actions must not change it
        )

    def _replayed(self) -> Iterator[tuple[Game, Event]]:
        """A fresh game replaying this one's log, with the event of each action as it goes."""
        fresh = Game(self.rules, names=self.names, seed=self.seed)
        for action in self.log:
            yield fresh, fresh.play(action)

    def states(self) -> Iterator[State]:
        """Every state of this game from the deal on, one per action (replayed from the log)."""
        for fresh, event in self._replayed():
            yield fresh.snapshot(event)

    def events(self) -> Iterator[Event]:
        """The :class:`Event` of every action so far, replayed from the log."""
        for _, event in self._replayed():
            yield event

    def copy(self) -> Game:
        """An independent copy (replayed from the log), e.g. for a bot to look ahead."""
        copied = Game(self.rules, names=self.names, seed=self.seed)
        for action in self.log:
            copied.play(action)
        return copied

    def to_record(self) -> dict[str, Any]:
        """The deal record (a JSON-ready dict); :func:`cardrules.replay` reads it back."""
        from .record import game_to_record

        return game_to_record(self)

    def __repr__(self) -> str:
        actions = " ".join(format_action(a) for a in self.log[1:])
        return f"<Game {self.rules.id} {self.rules.players}p {self.phase.value}: {actions}>"
