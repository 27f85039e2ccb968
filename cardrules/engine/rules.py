"""What a game module defines: :class:`Rules`, the data the engine runs on and the hooks it calls.

A game subclasses :class:`Rules` and declares, as class attributes, its id, titles, player counts,
options, phases, move types and its own state (:class:`~cardrules.engine.Details`); its
``__init__`` sets the data that depends on the number of players and the options (the cards in
play, the hands, how many cards each seat plays per turn and draws per round, card strength and
points) and installs its move rules. The hooks have working defaults for a Briscola-like game:
no duty to follow suit, highest trump else highest card of the suit led, each seat on its own.

A ``Rules`` object is immutable once built and is shared by every deal with the same game,
player count and options: everything that changes during a deal (the sides, trumps, bids...)
lives in the :class:`~cardrules.engine.Game`.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..core.actions import Action, Deal, Event, Move, Trick, parse_notation
from ..core.cards import ALL_CARDS, Card, Suit
from ..core.errors import IllegalActionError
from ..core.options import Options
from ..core.packs import Pack
from ..core.players import default_names
from ..core.rng import SeededRandom
from ..words import Said
from .facts import (
    Auction,
    Contract,
    RankBid,
    Settlement,
    TalliedTable,
    Tally,
    TallyForm,
    TrickDuties,
    TrumpExchange,
)
from .legality import CardRule, MoveRule
from .state import Details, Phase, Result, Sides
from .table import Table


class Title(Said):
    """A game's name in every language: ``title[lang]`` (English for a language without a
    catalogue). The name is an English sentence of the catalogue of words, marked with
    :func:`~cardrules.words.N_` where the game declares it.

    Examples:
        >>> title = Title("Brisca (Spain)")
        >>> title["es"], title.get("en"), title.message
        ('Brisca (España)', 'Brisca (Spain)', 'Brisca (Spain)')
    """


class EngineSetup:
    """What every game of one :class:`Rules` object starts from and shares, worked out once
    (see :attr:`Rules.engine_setup`): the engine reads it on its hot path, hence a slotted
    object rather than a named tuple."""

    __slots__ = (
        "after_trick",
        "card_points",
        "details",
        "draw_orders",
        "draws",
        "events",
        "names",
        "pairs",
        "play_rules",
        "round_size",
        "sides",
        "single_draw",
        "single_turns",
        "strength",
        "trick_orders",
        "trick_size",
        "winner",
    )

    def __init__(self, rules: Rules) -> None:
        players = rules.players
        self.names: tuple[str, ...] = default_names(players)
        self.trick_orders: tuple[tuple[int, ...], ...] = rules.trick_orders
        self.draw_orders: tuple[tuple[int, ...], ...] = rules.draw_orders
        """For every leader, the seats in the order they draw (each seat once)."""
        self.trick_size: int = len(self.trick_orders[0])
        self.single_draw: bool = all(d == 1 for d in rules.draw_counts)
        """Every seat draws one card a round."""
        self.draws: bool = any(rules.draw_counts)
        """False: the stock is never drawn after tricks."""
        self.round_size: int = len(self.draw_orders[0])
        """The seats that draw after a trick."""
        self.single_turns: bool = all(t == 1 for t in rules.turn_sizes)
        """Every seat plays one card a turn."""
        self.sides: Sides = rules.initial_sides() or ()
        self.details: Details = rules.details_type()
        self.play_rules: tuple[MoveRule[Any], ...] = tuple(
            r for r in rules.move_rules if r.enabled and Phase.PLAY in r.phases)
        self.events: tuple[tuple[Event, ...], ...] = tuple(
            tuple(Event(seat, card, None) for card in ALL_CARDS) for seat in range(players))
        """For each seat, by card index, the event of a card play that completes no trick
        (shared: events are immutable)."""
        self.pairs: tuple[tuple[tuple[int, Card], ...], ...] = tuple(
            tuple((seat, card) for card in ALL_CARDS) for seat in range(players))
        """For each seat, by card index, the ``(seat, card)`` pair a finished trick lists
        (shared, so that a trick allocates no pair of its own)."""
        self.strength: Sequence[int] = rules.strength
        self.card_points: Sequence[int] = rules.card_points
        default = type(rules).trick_winner is Rules.trick_winner
        self.winner: Callable[[Sequence[Card], Suit | None], int | None] | None = (
            None if default and self.trick_size == 2 else rules.trick_winner)
        """The rules' :meth:`~Rules.trick_winner`, or ``None`` when a trick has two cards and
        the rules keep the default one (the engine then runs it inline)."""
        self.after_trick: Callable[[Table, Trick], None] | None = (
            rules.after_trick if rules.watches_tricks else None)
        """:meth:`Rules.after_trick`, or ``None`` when the rules do not watch tricks."""


class Rules:
    """What a game module defines: the data the engine runs on and the hooks it calls."""

    id: ClassVar[str] = ""
    """The game's identifier, as in ``new_game("briscola")``."""
    title: ClassVar[Title] = Title("")
    """The game's name in every language (``title["es"]``)."""
    player_counts: ClassVar[tuple[int, ...]] = ()
    """The numbers of players the game supports."""
    options_type: ClassVar[type[Options]]
    """The dataclass of this game's options."""
    phases: ClassVar[tuple[Phase, ...]] = (Phase.DEAL, Phase.PLAY, Phase.OVER)
    """The game's phases in the order a deal usually meets them."""
    move_types: ClassVar[tuple[type[Move], ...]] = ()
    """The game's moves: the notation :meth:`parse` reads besides card codes."""
    details_type: ClassVar[type[Details]] = Details
    """The dataclass of the game's own state (:attr:`Game.details
    <cardrules.engine.Game.details>`)."""
    scores_tricks: ClassVar[bool] = False
    """True when a seat's points are the tricks it won rather than card points (Aluette)."""
    end_reasons: ClassVar[dict[str, str]] = {}
    """How a deal of this game may end besides the engine's own ways, in words: message ids of
    the catalogue (marked with :func:`~cardrules.words.N_`) by :attr:`Result.reason
    <cardrules.engine.Result.reason>`; the narration says them."""
    contract_alone: ClassVar[bool] = False
    """True when the winner of the game's auction plays alone against all the others
    (Rematada's declarer), as :attr:`Contract.alone <cardrules.engine.Contract.alone>` says
    once there is a contract; false with a partner (Chiamata's caller) or with no auction."""

    # Data set by the subclass's __init__ -----------------------------------------------------
    players: int
    """The number of players."""
    options: Options
    """The options in force."""
    pack: Pack
    """The pack, for card names and pictures."""
    cards: tuple[Card, ...]
    """The cards in play (after any removal)."""
    hand_sizes: tuple[int, ...]
    """Cards dealt to each seat."""
    draw_counts: tuple[int, ...]
    """Cards each seat draws per draw round (0 when the game has no stock play)."""
    turn_sizes: tuple[int, ...]
    """Cards each seat plays at its turn in a trick (the Alcalde plays 2)."""
    turns_up: bool
    """Whether the last stock card is turned up (its suit is trumps unless the game says
    otherwise)."""
    strength: list[int]
    """Trick-taking strength by card index (higher beats lower within the rules of the game)."""
    card_points: list[int]
    """Card points by card index."""
    talon_size: int = 0
    """Cards dealt face down aside (a talon)."""
    remove_one_of: tuple[Card, ...] = ()
    """When the game removes "any one" of these cards (a 2, a 4) from :attr:`cards`: a deal must
    lack exactly one of them."""
    seeded_removal: Card | None = None
    """The card a seeded deal removes from :attr:`remove_one_of` (``None``: drawn by the seed)."""
    free_play: bool = True
    """True when any card in hand may be played (then :meth:`card_rule` is never asked)."""
    watches_tricks: bool = False
    """True when :meth:`after_trick` must be called (it is skipped otherwise, for speed)."""
    move_rules: tuple[MoveRule[Any], ...] = ()
    """One rule per move type of the game (see :class:`~cardrules.engine.MoveRule`)."""

    def __init__(self, players: int, options: Options) -> None:
        self.players = players
        self.options = options

    # Derived data, computed once -------------------------------------------------------------
    def turn_order(self, leader: int) -> tuple[int, ...]:
        """The seats in order of play for a trick led by ``leader``, one entry per card."""
        n = self.players
        order: list[int] = []
        for k in range(n):
            seat = (leader + k) % n
            order.extend([seat] * self.turn_sizes[seat])
        return tuple(order)

    @functools.cached_property
    def trick_orders(self) -> tuple[tuple[int, ...], ...]:
        """:meth:`turn_order` for every leader."""
        return tuple(self.turn_order(s) for s in range(self.players))

    @functools.cached_property
    def draw_orders(self) -> tuple[tuple[int, ...], ...]:
        """For every leader, the seats in the order they draw (each seat once)."""
        return tuple(tuple(dict.fromkeys(o)) for o in self.trick_orders)

    @functools.cached_property
    def engine_setup(self) -> EngineSetup:
        """What every game of these rules starts from, worked out once."""
        return EngineSetup(self)

    @functools.cached_property
    def deal_plan(self) -> tuple[tuple[int, int], ...]:
        """:meth:`deal_packets`, computed once."""
        return tuple(self.deal_packets())

    @functools.cached_property
    def _move_types_by_keyword(self) -> dict[str, type[Move]]:
        return {m.keyword: m for m in self.move_types}

    @functools.cached_property
    def _rules_by_type(self) -> dict[type[Move], MoveRule[Any]]:
        return {rule.move_type: rule for rule in self.move_rules}

    def rule_for(self, move: Move) -> MoveRule[Any] | None:
        """The rule of this game for ``move`` (``None``: not a move of this game)."""
        return self._rules_by_type.get(type(move))

    def parse(self, text: str) -> Action:
        """The action written ``text`` in this game's notation: a card code or one of
        :attr:`move_types` (``exchange:7O``, ``bid:75``...). The same word may mean different
        moves in two games.

        Raises:
            IllegalActionError: the text is not an action of this game.
        """
        return parse_notation(text, self._move_types_by_keyword)

    # Sides -----------------------------------------------------------------------------------
    def initial_sides(self) -> Sides | None:
        """The sides as the deal makes them (default: each seat on its own); ``None`` when they
        are only known later (a called partner), and the rules then call :meth:`Game.set_sides
        <cardrules.engine.Game.set_sides>`."""
        return tuple((s,) for s in range(self.players))

    # Dealing ---------------------------------------------------------------------------------
    def deal_packets(self) -> list[tuple[int, int]]:
        """``(seat, cards)`` packets in dealing order; default: one card at a time from seat 0."""
        packets: list[tuple[int, int]] = []
        for r in range(max(self.hand_sizes)):
            packets.extend((seat, 1) for seat in range(self.players) if r < self.hand_sizes[seat])
        return packets

    def deal_from_seed(self, seed: int) -> Deal:
        """The deal a seed produces, the same on every Python version.

        The procedure: take :attr:`cards` (minus the removed card, if the game removes "any
        one"), shuffle them with :class:`~cardrules.core.rng.SeededRandom`, hand them out by
        :meth:`deal_packets`; then the talon, if any; the rest is the stock, top first. If the
        game turns up a card, the top card of the rest is turned and put under the stock (it
        becomes the last card), then :meth:`settle_turn_up` may change it.
        """
        rng = SeededRandom(seed)
        cards = [*self.cards]
        if self.remove_one_of:
            removed = self.seeded_removal or self.remove_one_of[rng.below(len(self.remove_one_of))]
            cards.remove(removed)
        rng.shuffle(cards)
        takers, dealt = self._hand_takers
        hands = tuple([take(cards) for take in takers])
        start = dealt + self.talon_size  # the top of the stock
        talon = tuple(cards[dealt:start]) if start > dealt else ()
        if self.turns_up and start < len(cards):
            rest = cards[start + 1:]
            rest.append(cards[start])  # turned up and put under the stock
            rest = self.settle_turn_up(rest)
        else:
            rest = cards[start:]
        return Deal(hands, tuple(rest), talon)

    @functools.cached_property
    def _hand_takers(self) -> tuple[tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...], int]:
        """For each seat, a function taking its cards out of the shuffled pack by
        :meth:`deal_packets`; and how many cards the hands take."""
        places: list[list[int]] = [[] for _ in range(self.players)]
        pos = 0
        for seat, count in self.deal_plan:
            places[seat].extend(range(pos, pos + count))
            pos += count
        takers = []
        for indexes in places:
            if len(indexes) == 1:
                only = indexes[0]
                takers.append(lambda cards, only=only: (cards[only],))
            elif not indexes:  # a seat sitting the deal out (Chiamata with six or seven)
                takers.append(lambda cards, only=0: tuple(cards[:0]))
            else:
                takers.append(operator.itemgetter(*indexes))  # type: ignore[arg-type]
        return tuple(takers), pos

    def settle_turn_up(self, stock: list[Card]) -> list[Card]:
        """Adjust a seeded stock whose last card is the turn-up (e.g. the Italian redeal)."""
        return stock

    def check_deal(self, deal: Deal) -> None:
        """Raise :class:`IllegalActionError` unless ``deal`` holds exactly this game's cards,
        with the right number in each hand and in the talon."""
        n = self.players
        if len(deal.hands) != n:
            raise IllegalActionError(
                "the deal has {hands} hands for {players} players", hands=len(deal.hands),
                players=n)
        for seat, hand in enumerate(deal.hands):
            if len(hand) != self.hand_sizes[seat]:
                raise IllegalActionError(
                    "hands[{seat}] has {cards} cards; this game deals {dealt}",
                    seat=seat, cards=len(hand), dealt=self.hand_sizes[seat])
        seen: set[Card] = set()
        for card in deal.cards:
            if card in seen:
                raise IllegalActionError("{card} appears twice in the deal", card=card.code)
            seen.add(card)
        expected = set(self.cards)
        for card in seen - expected:
            raise IllegalActionError("{card} is not in this game's pack for {players} players",
                                     card=card.code, players=n)
        missing = sorted(expected - seen, key=lambda c: c.index)
        if self.remove_one_of:
            if len(missing) == 1 and missing[0] in self.remove_one_of:
                missing = []
            elif not missing:
                codes = " ".join(c.code for c in self.remove_one_of)
                raise IllegalActionError("the deal must leave out one of {cards}", cards=codes)
        if missing:
            codes = " ".join(c.code for c in missing)
            raise IllegalActionError("the deal lacks {cards}", cards=codes)
        if len(deal.talon) != self.talon_size:
            raise IllegalActionError(
                "the talon has {cards} cards; this game sets aside {aside}",
                cards=len(deal.talon), aside=self.talon_size)

    # Hooks of the play -----------------------------------------------------------------------
    def trump_of(self, deal: Deal) -> Suit | None:
        """The trump suit a deal sets (the suit of the turned-up card by default)."""
        return deal.stock[-1].suit if self.turns_up and deal.stock else None

    def after_deal(self, game: Table) -> None:
        """What follows the deal: by default the play, seat 0 leading. A game with an auction
        or a chant begins its own phase here (:meth:`Game.begin_phase
        <cardrules.engine.Game.begin_phase>`)."""
        game.start_play(0)

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

    def card_rule(self, game: Table, seat: int) -> CardRule | None:
        """The duty ``seat`` plays its next card under (``None``: any card). Build it from
        public facts only: the engine passes the hand to its checks. Only asked when
        :attr:`free_play` is false."""
        return None

    def after_trick(self, game: Table, trick: Trick) -> None:
        """Called after each trick, once the cards are taken and drawn (only when
        :attr:`watches_tricks` is true)."""

    def before_result(self, game: Table) -> None:
        """Called when the deal ends, before :meth:`result` (e.g. to bank cards left in hand)."""

    def result(self, game: Table) -> Result:
        """The outcome of the finished deal."""
        raise NotImplementedError

    # What a seat may see (see cardrules.engine.views.observe) --------------------------------
    def visible_hands(self, game: Table, seat: int) -> dict[int, tuple[Card, ...]]:
        """Other seats' hands that ``seat`` may see (partners who show cards, open play)."""
        return {}

    def messages_for(self, game: Table, seat: int) -> tuple[tuple[int, int, str], ...]:
        """Private messages ``seat`` has seen, as ``(trick number, from seat, text)``: e.g. a
        partner's signal in Aluette. Default: none."""
        return ()

    def sides_known_to(self, game: Table, seat: int) -> tuple[Sides, tuple[int, ...]]:
        """What ``seat`` knows of the sides: the sides if it knows them (else ``()``), and the
        seats it knows to be its partners. Default: the sides are public."""
        for side in game.sides:
            if seat in side:
                return game.sides, tuple(s for s in side if s != seat)
        return game.sides, ()

    def points_seen_by(self, game: Table, seat: int) -> tuple[int, ...]:
        """The points of each seat as ``seat`` can count them (default: all of them: tricks are
        public). A game with points from hidden cards (discards on one's own pile) hides
        those."""
        return tuple(game.points)

    def details_seen_by(self, game: Table, seat: int) -> Details:
        """The game's own state as ``seat`` may see it (default: all of it is public)."""
        return game.details

    def shown_at_deal(self, details: Details) -> tuple[tuple[int, Card], ...]:
        """Cards everyone saw as they were dealt, besides the turned-up card, as ``(place in
        the deal, card)`` (places count the hands in seat order, then the stock), read from
        ``details`` (a seat's view of the game's own state): e.g. the dealer's last card, shown
        to fix trumps. A seat's imagined deals keep them in place. Default: none."""
        return ()

    # Facts for readers (see cardrules.engine.facts) -------------------------------------------
    def bidding(self, details: Details) -> Auction | None:
        """The auction as ``details`` (a game's own state, or a seat's view of it) record it;
        ``None`` in a game without an auction (the default)."""
        return None

    def contract(self, details: Details) -> Contract | None:
        """The contract ``details`` record, once an auction is won; ``None`` before that and in
        a game without contracts (the default)."""
        return None

    def settlement(self, result: Result) -> Settlement | None:
        """How a finished deal came out for its contract (made or not, or void); ``None`` in a
        game without contracts (the default)."""
        return None

    def rank_bid(self, bid: int) -> RankBid | None:
        """The bid ``bid`` (a bid move's number) as a rank, in an auction by ranks (Chiamata's
        Italian auction); ``None`` when bids are card points (the default), said as numbers."""
        return None

    def trump_exchange(self) -> TrumpExchange | None:
        """The exchange of the turned-up card, in a game that has one and with its rule in
        force; ``None`` otherwise (the default)."""
        return None

    def trick_duties(self) -> TrickDuties | None:
        """The duties on card play as :class:`~cardrules.engine.facts.TrickDuties` says them,
        when :meth:`card_rule` is exactly the Tute family's duty so described (the compact
        model of :mod:`cardrules.bots.compact` then carries it out; its tests check it against
        :meth:`card_rule`); ``None`` otherwise (the default: free play, or other duties)."""
        return None

    def tally_form(self) -> TallyForm:
        """What a score pad asks of a deal played with real cards. Default: each side's card
        points, adding up to the pack's."""
        return TallyForm(total=sum(self.card_points[card.index] for card in self.cards))

    def result_of_tally(self, tally: Tally) -> Result:
        """The result of a deal played with real cards, from the figures the players entered
        as :meth:`tally_form` asks them (already checked against it), by the game's own
        :meth:`result`. Default: the sides' points, each on the side's first seat."""
        sides = self.initial_sides() or ()
        return self.result(TalliedTable.by_sides(sides, tally.points, None).table())

    # Matches ---------------------------------------------------------------------------------
    def match_length(self) -> tuple[int | None, int | None]:
        """A match's default ``(deals, target score)``; ``None`` for no limit of that kind."""
        return (None, None)

    def carried_options(self, result: Result, earlier: Callable[[int], int]) -> dict[str, Any]:
        """Options the next deal of a match takes from ``result``, the deal just played (a
        score carried into it); ``earlier(seat)`` is the seat, in the deal just played, of the
        person who sits in ``seat`` in the next one. Default: none."""
        return {}

    def brought_points(self) -> tuple[int, ...] | None:
        """The points each side brings into this deal from the one before (a score the match
        carries on, see :meth:`carried_options`), by side in the order of
        :meth:`initial_sides`; ``None`` (the default) when a deal starts from nothing."""
        return None

    def first_seating(self, rng: SeededRandom) -> tuple[tuple[int, ...], int, object]:
        """How a match starts: the people in order of play round the table, the first dealer,
        and any record of how that was decided. Default: the people as listed and a dealer
        drawn from the seed."""
        return tuple(range(self.players)), rng.below(self.players), None

    def seating_cards(self, seating: object) -> tuple[tuple[int, Card], ...]:
        """The cards of a seating draw, ``(person, card)`` in the order they were dealt face
        up, from the record :meth:`first_seating` made; ``()`` when the seats were not drawn
        with cards (the default)."""
        return ()

    def next_dealer(self, result: Result) -> int:
        """The seat (of the deal just played) that deals the next deal of a match.

        Default: seat 0. Seats run in order of play from the dealer, so seat 0 is the player the
        deal passes to: to the dealer's right in counter-clockwise games, to his left in clockwise
        ones.
        """
        return 0


def side_points(sides: Sides, points: Sequence[int]) -> tuple[int, ...]:
    """Points per side: the sum of each side's seats' points."""
    return tuple([points[side[0]] if len(side) == 1 else sum([points[s] for s in side])
                  for side in sides])

