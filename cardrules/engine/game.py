"""One deal of a game: :class:`Game`, the state machine every game runs on.

The engine does the same for every game; the rules (:class:`~cardrules.engine.Rules`) say
what differs:

* the **deal** is the first action of the log, a chance action, so a record replays without a
  seed;
* the rules may then run phases of their own (an auction, a call, discards) through their move
  rules, and start the play;
* a **trick** is played in a fixed order of turns from its leader; a seat may have several turns
  in a row (the Alcalde plays two cards); a trick may have no winner (a spoiled trick), and then
  the same leader leads again;
* after each trick the winner **draws** first and the others follow in order of play, each taking
  its own number of cards; the turned-up card lies under the stock and is drawn last;
* the deal ends when some seat cannot play its next turn, or when the rules end it.

Rules change a game only through its operations (:meth:`Game.start_play`,
:meth:`Game.begin_phase`, :meth:`Game.play_from_hand`, :meth:`Game.draw`,
:meth:`Game.hand_to_aside`, :meth:`Game.hand_to_pile`...), never by editing its lists.

Speed matters (search bots play thousands of deals): the state is plain lists of interned cards
and tables indexed by card, and the common case of a card play tests a single flag.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..core.actions import Action, Deal, Event, Masked, Move, Trick, format_action
from ..core.cards import Card, Suit
from ..core.errors import IllegalActionError
from ..core.labels import label_play
from ..core.quoted import Quoted
from ..words import N_
from .legality import CardRule, MoveRule, Why
from .state import CHANCE, Details, Phase, Result, Sides, State, Step
from .views import Duty, Receipt, SeatView, observe

if TYPE_CHECKING:
    from .rules import Rules

FORMAT = "cardrules/1"
"""The value of a deal record's ``format`` key."""

# Building named tuples through tuple.__new__ skips a Python-level __new__: the engine makes an
# Event per action and a Trick per trick on its hot path.
_new_tuple = tuple.__new__

DEAL, PLAY, OVER = Phase.DEAL, Phase.PLAY, Phase.OVER

_OVER = Why(N_("the game is over: no more actions"))
_NOT_DEALT = Why(N_("the cards have not been dealt yet"))
_DEALT = Why(N_("the cards have already been dealt"))
_NO_CARD_NOW = Why(N_("no card is played now ({phase}): {card} is not an action of this phase"))
_NOT_HELD = Why(N_("{who} is to play and does not hold {card}"))
_NOT_HELD_HOLDER = Why(N_("{who} is to play and does not hold {card} ({holder} holds it)"))
_NOT_HELD_PLAYED = Why(N_("{who} is to play and does not hold {card} (it has been played)"))
_NOT_HELD_STOCK = Why(N_("{who} is to play and does not hold {card} (it is in the stock)"))
_NOT_A_MOVE = Why(N_("'{move}' is not a move of {game}"))
_MASKED = Why(N_("'{move}' is a move as another player saw it: it cannot be played"))
_NOT_ACTION = Why(N_("{action} is not an action: play a card code such as '1O' or a move"))
_NOBODY = Why(N_("nobody may make '{move}' now"))


class Game:
    """One deal of a game: the state, the log of actions, and the rules that drive it.

    Make one with :func:`cardrules.new_game` or :func:`cardrules.replay`. Read its state freely;
    change it only through :meth:`play` (the rules use the operations below).
    """

    __slots__ = (
        "_after_trick",
        "_draw_log",
        "_draw_orders",
        "_draws",
        "_free",
        "_moves_live",
        "_next",
        "_orders",
        "_points_table",
        "_pos",
        "_result",
        "_single_draw",
        "_stock",
        "_stock_end",
        "_talon_to",
        "_trick_size",
        "_turn_up_at",
        "_turn_up_drawn",
        "_winner",
        "aside",
        "details",
        "duties",
        "end_reason",
        "hands",
        "is_over",
        "leader",
        "log",
        "movers",
        "names",
        "order",
        "phase",
        "points",
        "rules",
        "seed",
        "sides",
        "taken",
        "talon",
        "talon_shown",
        "to_act",
        "trick",
        "tricks",
        "trump",
        "turn_up",
    )

    def __init__(
        self,
        rules: Rules,
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> None:
        n = rules.players
        setup = rules.engine_setup
        self.rules = rules
        """The rules this game runs on."""
        self.names: tuple[str, ...] = tuple(names) if names else setup.names
        """Player names by seat."""
        self.seed = seed
        """The seed the deal came from, if it came from one."""
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        """Each seat's hand."""
        self.turn_up: Card | None = None
        """The turned-up card while it lies under the stock."""
        self.trump: Suit | None = None
        """The trump suit, once known."""
        self.talon: list[Card] = []
        """Cards dealt aside face down (games with a talon), while they are there."""
        self.talon_shown = False
        """True once the talon has been shown to everyone."""
        self.sides: Sides = ()
        """The seats that score together, once known (see :meth:`set_sides`)."""
        self.leader = 0
        """The seat that leads (led) the current trick."""
        self.trick: list[Card] = []
        """Cards played to the current trick, in order (seats: ``order[:len(trick)]``)."""
        self.tricks: list[Trick] = []
        """Finished tricks."""
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        """Cards each seat has taken in tricks or put on its own pile."""
        self.points: list[int] = [0] * n
        """Points each seat has taken (card points, plus what the rules add)."""
        self.aside: list[Card] = []
        """Cards out of play: spoiled tricks nobody took, discards put aside."""
        self.log: list[Action] = []
        """Every action so far, the deal first."""
        self.movers: dict[int, int] = {}
        """The seat that made each move of the log (by log index; card plays are in the
        tricks)."""
        self.details: Details = setup.details
        """The game's own state (bids, the call, declarations...): see
        :class:`~cardrules.engine.Details`."""
        self.phase = DEAL
        """Where the deal stands."""
        self.is_over = False
        """True once the deal is finished (a plain attribute: bots test it constantly)."""
        self.end_reason: str | None = None
        """How the rules ended the deal early (``"claim"``...), else ``None``."""
        self.to_act: int | None = None
        """The seat to act in a phase other than the play (an auction, an answer)."""
        self.order: tuple[int, ...] = setup.trick_orders[0]
        """Seats in order of play for the current trick, one entry per card."""
        self.duties: list[Duty] = []
        """Every play made under a duty: ``(log index, seat, card rule, hand size)``."""
        self._result: Result | None = None
        self._stock: tuple[Card, ...] = ()  # the stock as dealt, top first (turn-up last)
        self._next = 0  # the next stock position to draw
        self._turn_up_at = 0  # the turned-up card's position in _stock (len(_stock) if none)
        self._turn_up_drawn: Card | None = None  # the card whoever drew the last position got
        # Who drew the stock, round by round: (log length, first position, seats in turn).
        self._draw_log: list[tuple[int, int, tuple[int, ...]]] = []
        self._talon_to: tuple[int, int] | None = None  # (seat, log length) when it was taken
        self._pos = 0
        self._trick_size = setup.trick_size  # cards in a trick
        self._stock_end = 0  # len(_stock)
        self._orders = setup.trick_orders
        self._draw_orders = setup.draw_orders
        self._winner: Callable[[Sequence[Card], Suit | None], int | None] = rules.trick_winner
        self._points_table = rules.card_points
        # Hot-path switches, so that the common case tests one attribute:
        self._free = False  # playing, and any card in hand may be played
        self._moves_live: tuple[MoveRule[Any], ...] = ()  # move rules that may offer in play
        self._after_trick = rules.after_trick if rules.watches_tricks else None
        self._single_draw = setup.single_draw  # every seat draws one card a round
        self._draws = setup.draws  # False: the stock is never drawn after tricks

    # Reading the state -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act; :data:`CHANCE` (-1) before the deal; ``None`` when the game is over."""
        phase = self.phase
        if phase is PLAY:
            return self.order[self._pos]
        if phase is DEAL:
            return CHANCE
        if phase is OVER:
            return None
        return self.to_act

    @property
    def result(self) -> Result | None:
        """The outcome once the game is over, else ``None``."""
        return self._result

    @property
    def players(self) -> int:
        """The number of players."""
        return self.rules.players

    @property
    def dealt(self) -> Deal | None:
        """The deal (the first action), once dealt."""
        return self.log[0] if self.log and isinstance(self.log[0], Deal) else None

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first, without the turned-up card."""
        return self._stock[self._next:self._turn_up_at]

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turned-up card included."""
        return len(self._stock) - self._next

    @property
    def trick_plays(self) -> tuple[tuple[int, Card], ...]:
        """The trick on the table as ``(seat, card)`` pairs."""
        return tuple(zip(self.order, self.trick))

    def side_of(self, seat: int) -> int:
        """The index in :attr:`sides` of the side ``seat`` belongs to.

        Raises:
            ValueError: the sides are not known yet.
        """
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        raise ValueError(f"the side of seat {seat} is not known yet")

    def card_at(self, position: int) -> Card | None:
        """The card a hand received from a stock or talon position (see
        :data:`~cardrules.engine.views.Receipt`), or ``None`` if no hand has received it."""
        deal = self.dealt
        if deal is None:
            return None
        first_stock = sum(len(h) for h in deal.hands)
        k = position - first_stock
        if 0 <= k < len(self._stock):
            if k >= self._next:
                return None
            return self._turn_up_drawn if k == self._turn_up_at else self._stock[k]
        t = k - len(self._stock)
        if self._talon_to is not None and 0 <= t < len(deal.talon):
            return deal.talon[t]
        return None

    def receipts(self) -> tuple[Receipt, ...]:
        """Every stock or talon position that went to a hand: ``(position, seat, time)``."""
        deal = self.dealt
        if deal is None:
            return ()
        first = sum(len(h) for h in deal.hands)
        found: list[Receipt] = [
            (first + start + i, seat, time)
            for time, start, seats in self._draw_log
            for i, seat in enumerate(seats)
        ]
        if self._talon_to is not None:
            seat, time = self._talon_to
            start = first + len(self._stock)
            found.extend((start + i, seat, time) for i in range(len(deal.talon)))
        return tuple(found)

    def actors(self) -> list[int]:
        """The seat that made each action of the log (:data:`CHANCE` for the deal)."""
        plays = [seat for trick in self.tricks for seat, _ in trick.plays]
        plays.extend(self.order[:len(self.trick)])
        seats = [CHANCE] if self.log else []
        k = 0
        for i in range(1, len(self.log)):
            action = self.log[i]
            if isinstance(action, Card):
                seats.append(plays[k])
                k += 1
            else:
                seats.append(self.movers[i])
                k += action.plays_card
        return seats

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (by default the seat to act) may do now.

        For the seat to act: the cards it may play, then any other moves. For another seat:
        only moves allowed out of turn (such as the Spanish trump exchange); usually none.
        """
        if self._free:  # playing, and any card may be played: the common case, made cheap
            current = self.order[self._pos]
            if not self._moves_live:
                if seat is None or seat == current:
                    return self.hands[current][:]  # type: ignore[return-value]
                return []
            actions: list[Action]
            if seat is None or seat == current:
                seat = current
                actions = self.hands[current][:]  # type: ignore[assignment]
            elif 0 <= seat < self.rules.players:
                actions = []
            else:
                return []
            for rule in self._moves_live:  # enabled rules of the play only
                if seat == current or rule.out_of_turn:
                    for move in rule.offers(self, seat):
                        if rule.check(self, seat, move) is None:
                            actions.append(move)
            return actions
        phase = self.phase
        if phase is DEAL or phase is OVER:
            return []
        to_act = self.current_player
        if seat is None:
            if to_act is None:
                return []
            seat = to_act
        elif not 0 <= seat < self.rules.players:
            return []
        actions = []
        if phase is PLAY and seat == to_act:
            hand = self.hands[seat]
            duty = None if self._free else self.rules.card_rule(self, seat)
            actions.extend(hand if duty is None else duty.allowed(hand))
        rules = self._moves_live if phase is PLAY else self.rules.move_rules
        for rule in rules:
            if not rule.enabled or phase not in rule.phases:
                continue
            if seat != to_act and not rule.out_of_turn:
                continue
            for move in rule.offers(self, seat):
                if rule.check(self, seat, move) is None:
                    actions.append(move)
        return actions

    def refusal(self, action: Action | str) -> IllegalActionError | None:
        """Why :meth:`play` would refuse ``action`` now, or ``None`` if it would play it.

        The same checks as :meth:`play` (it plays the action on a :meth:`clone`), so a front
        end can say why a card is disabled without a second copy of the rules. The message may
        name where a card is (who holds it): a front end that shows one seat's view must only
        ask about cards that seat may name.
        """
        try:
            self.clone().play(action)
        except IllegalActionError as error:
            return error
        return None

    def parse(self, text: str) -> Action:
        """The action written ``text`` in this game's notation (a card code, or one of this
        game's moves, such as ``exchange:7O`` or ``bid:75``).

        Raises:
            IllegalActionError: the text is not an action of this game.
        """
        return self.rules.parse(text)

    # Acting ----------------------------------------------------------------------------------
    def play(self, action: Action | str) -> Event:
        """Play an action (a :class:`Card`, a :class:`Move`, or its notation such as ``"1O"``).

        Returns the :class:`Event` recording it. Raises :class:`IllegalActionError`, with the
        reason in English and Spanish, if the rules do not allow it now; the game is then
        unchanged.
        """
        if self._free and action.__class__ is Card:  # the engine's hot path: a free card play
            pos = self._pos
            seat = self.order[pos]
            hand = self.hands[seat]
            if action in hand:
                self.log.append(action)
                hand.remove(action)
                self.trick.append(action)
                pos += 1
                self._pos = pos
                if pos < self._trick_size:
                    return _new_tuple(Event, (seat, action, None))
                return _new_tuple(
                    Event, (seat, action, self._finish_trick())
                )
        if isinstance(action, str):
            action = self.rules.parse(action)
        if isinstance(action, Deal):
            return self.deal(action)
        if self.phase is OVER:
            raise _OVER.error()
        if self.phase is DEAL:
            raise _NOT_DEALT.error()
        if isinstance(action, Card):
            return self._play_checked(action)
        if isinstance(action, Masked):
            raise _MASKED.error(move=action.notation())
        if isinstance(action, Move):
            return self._make_move(action)
        raise _NOT_ACTION.error(action=Quoted(action))

    def _play_checked(self, card: Card) -> Event:
        if self.phase is not PLAY:
            raise _NO_CARD_NOW.error(phase=self.phase.value, card=card.code)
        seat = self.order[self._pos]
        duty = self._check_card(seat, card)
        if duty is not None:
            self.duties.append((len(self.log), seat, duty, len(self.hands[seat])))
        return self._play_card(card)

    def _check_card(self, seat: int, card: Card) -> CardRule | None:
        """Raise unless ``seat`` may play ``card`` now; return the duty it plays under."""
        hand = self.hands[seat]
        if card not in hand:
            raise self._not_held(seat, card)
        if self._free:
            return None
        duty = self.rules.card_rule(self, seat)
        if duty is not None:
            why = duty.check(card, hand)
            if why is not None:
                raise why.error(who=self.names[seat], card=card.code, **duty.fields())
        return duty

    def _not_held(self, seat: int, card: Card) -> IllegalActionError:
        """The refusal of a card ``seat`` does not hold, saying where it is."""
        fields: dict[str, object] = {"who": self.names[seat], "card": card.code}
        holder = next((s for s, h in enumerate(self.hands) if card in h), None)
        if holder is not None:
            return _NOT_HELD_HOLDER.error(holder=self.names[holder], **fields)
        if card in self.trick or any(card in t.cards for t in self.tricks):
            return _NOT_HELD_PLAYED.error(**fields)
        if card is self.turn_up or card in self.stock:
            return _NOT_HELD_STOCK.error(**fields)
        return _NOT_HELD.error(**fields)

    def _make_move(self, move: Move) -> Event:
        rule = self.rules.rule_for(move)
        if rule is None:
            raise _NOT_A_MOVE.error(move=move.notation(), game=self.rules.id)
        if not rule.enabled:
            raise rule.disabled.error(**rule.fields(self, None, move))
        if self.phase not in rule.phases:
            raise rule.closed.error(**rule.fields(self, None, move))
        seat = rule.actor(self, move)
        why = rule.check(self, seat, move)
        if why is None and seat is None:
            why = _NOBODY
        if why is not None:
            raise why.error(**rule.fields(self, seat, move))
        assert seat is not None
        self.movers[len(self.log)] = seat
        self.log.append(move)
        trick = rule.apply(self, seat, move)
        return Event(seat, move, trick)

    def _play_card(self, card: Card) -> Event:
        """Log a card play that has been checked and put it on the trick."""
        seat = self.order[self._pos]
        self.log.append(card)
        self.hands[seat].remove(card)
        self.trick.append(card)
        self._pos += 1
        if self._pos < self._trick_size:
            return _new_tuple(Event, (seat, card, None))
        return _new_tuple(Event, (seat, card, self._finish_trick()))

    def _finish_trick(self) -> Trick:
        cards = self.trick
        order = self.order
        trump = self.trump
        i = self._winner(cards, trump)
        table = self._points_table
        points = 0
        for c in cards:
            points += table[c.index]
        tricks = self.tricks
        leader = order[0]
        if i is None:  # a spoiled trick: nobody takes it and the same player leads again
            winner = None
            self.aside.extend(cards)
        else:
            winner = leader = order[i]
            self.taken[winner].extend(cards)
            self.points[winner] += points
            self.leader = winner
        trick: Trick = _new_tuple(
            Trick, (len(tricks), order[0], tuple(zip(order, cards)), winner, points, trump)
        )
        tricks.append(trick)
        self.trick = []
        self._pos = 0
        self.order = self._orders[leader]
        k = self._next
        if self._draws and k < self._stock_end:
            draw_order = self._draw_orders[leader]
            if self._single_draw and k + len(draw_order) <= self._turn_up_at:  # the usual round
                self._draw_log.append((len(self.log), k, draw_order))
                hands = self.hands
                stock = self._stock
                for seat in draw_order:
                    hands[seat].append(stock[k])
                    k += 1
                self._next = k
            else:
                self._draw_round()
            if self._after_trick is not None:
                self._after_trick(self, trick)
            if self._moves_live:
                self._recheck_moves()
            # While cards remain to draw every hand is full again.
            if self._next < self._stock_end:
                return trick
        else:
            if self._after_trick is not None:
                self._after_trick(self, trick)
            if self._moves_live:
                self._recheck_moves()
        if self.phase is PLAY and self._cannot_continue():
            self.finish()
        return trick

    def _recheck_moves(self) -> None:
        live = self._moves_live
        for rule in live:
            if not rule.still_possible(self):
                self._moves_live = tuple(r for r in live if r.still_possible(self))
                return

    def _draw_round(self) -> None:
        """After a trick: each seat draws its cards, the winner first (the general case; the
        usual round is inlined in :meth:`_finish_trick`)."""
        start = self._next
        seats: list[int] = []
        counts = self.rules.draw_counts
        for seat in self._draw_orders[self.leader]:
            for _ in range(counts[seat]):
                if self._draw_one(seat):
                    seats.append(seat)
        self._draw_log.append((len(self.log), start, tuple(seats)))

    def _draw_one(self, seat: int) -> bool:
        k = self._next
        if k >= self._stock_end:
            return False
        if k == self._turn_up_at:
            card = self.turn_up
            assert card is not None
            self._turn_up_drawn = card
            self.turn_up = None
        else:
            card = self._stock[k]
        self.hands[seat].append(card)
        self._next = k + 1
        return True

    def _cannot_continue(self) -> bool:
        turns = self.rules.turn_sizes
        hands = self.hands
        for seat in range(len(hands)):
            if len(hands[seat]) < turns[seat]:
                return True
        return False

    def deal(self, deal: Deal, *, checked: bool = False) -> Event:
        """Play the deal. ``checked=True`` skips checking it (for deals the rules made)."""
        if self.phase is not DEAL:
            raise _DEALT.error()
        rules = self.rules
        if not checked:
            rules.check_deal(deal)
        self.hands = [list(h) for h in deal.hands]
        stock = deal.stock
        self._stock = stock
        self._stock_end = len(stock)
        self._next = 0
        if rules.turns_up and stock:
            self._turn_up_at = len(stock) - 1
            self.turn_up = stock[-1]
        else:
            self._turn_up_at = len(stock)
        self.talon = list(deal.talon)
        self.trump = rules.trump_of(deal)
        self.sides = rules.engine_setup.sides
        self.log.append(deal)
        rules.after_deal(self)
        return _new_tuple(Event, (CHANCE, deal, None))

    # Operations for the rules ----------------------------------------------------------------
    def start_play(self, leader: int = 0) -> None:
        """Start (or restart) the play: the next trick is led by ``leader``."""
        self.phase = PLAY
        self.to_act = None
        self.leader = leader
        self.order = self._orders[leader]
        self._pos = 0
        self._free = self.rules.free_play
        self._moves_live = ()
        play_rules = self.rules.engine_setup.play_rules
        if play_rules:
            self._moves_live = tuple(r for r in play_rules if r.still_possible(self))
        if self._cannot_continue():
            self.finish()

    def resume_play(self) -> None:
        """Go back to the play where it stopped (after an answer out of the turn order)."""
        self.phase = PLAY
        self.to_act = None
        self._free = self.rules.free_play

    def begin_phase(self, phase: Phase, seat: int) -> None:
        """Enter a phase of the game's own (an auction, a call, an answer) with ``seat`` to act;
        call again to pass the turn within it."""
        self.phase = phase
        self.to_act = seat
        self._free = False

    def finish(self, reason: str | None = None) -> None:
        """End the deal now and compute the result (``reason``: how it ended, if not on
        points)."""
        self.phase = OVER
        self.is_over = True
        self._free = False
        self._moves_live = ()
        self.to_act = None
        if reason is not None:
            self.end_reason = reason
        self.rules.before_result(self)
        self._result = self.rules.result(self)

    def play_from_hand(self, card: Card) -> Trick | None:
        """Put ``card`` from the hand of the seat to play on the trick, for a move that plays a
        card (a declared *arrastro*): the engine has logged the move. Returns the trick it
        completed, if any."""
        seat = self.order[self._pos]
        hand = self.hands[seat]
        duty = self.rules.card_rule(self, seat)
        if duty is not None:
            self.duties.append((len(self.log) - 1, seat, duty, len(hand)))
        hand.remove(card)
        self.trick.append(card)
        self._pos += 1
        if self._pos < self._trick_size:
            return None
        return self._finish_trick()

    def draw(self, seat: int, count: int = 1) -> int:
        """``seat`` draws up to ``count`` cards from the stock (the turned-up card last);
        returns how many it drew."""
        start = self._next
        drawn = 0
        while drawn < count and self._draw_one(seat):
            drawn += 1
        if drawn:
            self._draw_log.append((len(self.log), start, (seat,) * drawn))
        return drawn

    def give_talon(self, seat: int) -> None:
        """The talon goes into ``seat``'s hand."""
        self.hands[seat].extend(self.talon)
        self.talon = []
        self._talon_to = (seat, len(self.log))

    def show_talon(self) -> None:
        """Turn the talon face up: every view shows it from now on."""
        self.talon_shown = True

    def exchange_turn_up(self, seat: int, card: Card) -> None:
        """``seat`` gives ``card`` from its hand for the turned-up card, which it takes."""
        hand = self.hands[seat]
        assert self.turn_up is not None
        hand[hand.index(card)] = self.turn_up
        self.turn_up = card

    def hand_to_aside(self, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand, out of play (a discard put aside)."""
        self.hands[seat].remove(card)
        self.aside.append(card)

    def hand_to_pile(self, holder: int, card: Card, seat: int) -> None:
        """``card`` leaves ``holder``'s hand for ``seat``'s pile, its points to ``seat``."""
        self.hands[holder].remove(card)
        self.taken[seat].append(card)
        self.points[seat] += self._points_table[card.index]

    def aside_to_pile(self, card: Card, seat: int) -> None:
        """``card`` goes from the cards out of play to ``seat``'s pile (a spoiled trick taken
        later), its points to ``seat``."""
        self.aside.remove(card)
        self.taken[seat].append(card)
        self.points[seat] += self._points_table[card.index]

    def add_points(self, seat: int, points: int) -> None:
        """Add points to ``seat`` (a declaration, a trick counted in a game scored by
        tricks)."""
        self.points[seat] += points

    def set_sides(self, sides: Sides) -> None:
        """The sides become known (at a call, for a hidden partnership)."""
        self.sides = sides

    def set_trump(self, suit: Suit | None) -> None:
        """Trumps become ``suit`` (a named trump, a call)."""
        self.trump = suit

    def update_details(self, **changes: Any) -> None:
        """Change fields of the game's own state (:attr:`details`)."""
        self.details = replace(self.details, **changes)

    # Views, copies and history ---------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (its hand and all public information)."""
        return observe(self, seat)

    def snapshot(self, last: Event | None = None) -> State:
        """A full :class:`State` of the game now."""
        return State(
            step=len(self.log),
            last=last,
            hands=tuple(tuple(h) for h in self.hands),
            stock=self.stock,
            turn_up=self.turn_up,
            trump=self.trump,
            leader=self.leader,
            trick=self.trick_plays,
            tricks=tuple(self.tricks),
            points=tuple(self.points),
            current_player=self.current_player,
            phase=self.phase,
            result=self._result,
            details=self.details,
            sides=self.sides,
            talon=tuple(self.talon),
            aside=tuple(self.aside),
        )

    def fresh(self) -> Game:
        """A new, undealt game with the same rules, names and seed."""
        return Game(self.rules, names=self.names, seed=self.seed)

    def play_step(self, action: Action | str) -> Step:
        """Play an action like :meth:`play`, and return it as a :class:`Step`: the states
        before and after, the card it put on the trick and its label, the trick it completed
        and the cards drawn after it. Front ends that show a deal as it is played use this."""
        before = self.snapshot()
        rounds = len(self._draw_log)
        event = self.play(action)
        after = self.snapshot(event)
        action = self.log[-1]
        played = action if isinstance(action, Card) else None
        if isinstance(action, Move) and action.plays_card:
            card = getattr(action, "card", None)
            played = card if isinstance(card, Card) else None
        label = None
        if played is not None and before.trump is not None:
            on_table = [c for _, c in before.trick]
            label = label_play(on_table, played, before.trump, self.rules.strength)
        draws = tuple(
            (seat, _drawn_card(self, start + i))
            for _, start, seats in self._draw_log[rounds:]
            for i, seat in enumerate(seats)
        )
        rules = self.rules
        seats = range(rules.players)
        known = tuple(rules.sides_known_to(self, s)[0] for s in seats)
        seen = tuple(tuple(sorted(rules.visible_hands(self, s))) for s in seats)
        return Step(len(self.log) - 1, event.seat, action, before, after, played, label,
                    event.trick, draws, known, seen)

    def steps(self) -> Iterator[Step]:
        """Every action of the deal as a :class:`Step`, the deal first (replayed from the
        log)."""
        fresh = self.fresh()
        for action in self.log:
            yield fresh.play_step(action)

    def states(self) -> Iterator[State]:
        """Every state of this game from the deal on, one per action (replayed from the log)."""
        for step in self.steps():
            yield step.after

    def events(self) -> Iterator[Event]:
        """The :class:`Event` of every action so far, replayed from the log."""
        for step in self.steps():
            last = step.after.last
            assert last is not None
            yield last

    def clone(self) -> Game:
        """An independent copy of the game as it stands, made without replaying the log (for a
        bot to look ahead)."""
        new: Game = object.__new__(Game)
        new.rules = self.rules
        new.names = self.names
        new.seed = self.seed
        new.hands = [h[:] for h in self.hands]
        new.turn_up = self.turn_up
        new.trump = self.trump
        new.talon = self.talon[:]
        new.talon_shown = self.talon_shown
        new.sides = self.sides
        new.leader = self.leader
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.taken = [t[:] for t in self.taken]
        new.points = self.points[:]
        new.aside = self.aside[:]
        new.log = self.log[:]
        new.movers = self.movers.copy()
        new.details = self.details
        new.phase = self.phase
        new.is_over = self.is_over
        new.end_reason = self.end_reason
        new.to_act = self.to_act
        new.order = self.order
        new.duties = self.duties[:]
        new._result = self._result
        new._stock = self._stock
        new._next = self._next
        new._turn_up_at = self._turn_up_at
        new._turn_up_drawn = self._turn_up_drawn
        new._draw_log = self._draw_log[:]
        new._talon_to = self._talon_to
        new._pos = self._pos
        new._trick_size = self._trick_size
        new._stock_end = self._stock_end
        new._orders = self._orders
        new._draw_orders = self._draw_orders
        new._winner = self._winner
        new._points_table = self._points_table
        new._free = self._free
        new._moves_live = self._moves_live
        new._after_trick = self._after_trick
        new._single_draw = self._single_draw
        new._draws = self._draws
        return new

    def copy(self) -> Game:
        """The same as :meth:`clone` (kept for older code)."""
        return self.clone()

    def to_record(self) -> dict[str, Any]:
        """The deal record (a JSON-ready dict); :func:`cardrules.replay` reads it back."""
        rules = self.rules
        defaults = type(rules.options)().to_dict()
        options = {k: v for k, v in rules.options.to_dict().items() if defaults.get(k) != v}
        default_names = tuple(f"P{i}" for i in range(rules.players))
        record: dict[str, Any] = {
            "format": FORMAT,
            "game": rules.id,
            "players": list(self.names) if self.names != default_names else rules.players,
            "options": options,
        }
        if self.seed is not None:
            record["seed"] = self.seed
        deal = self.dealt
        if deal is not None:
            record["deal"] = deal.to_json()
        record["actions"] = [format_action(a) for a in self.log[1:]]
        return record

    def __repr__(self) -> str:
        actions = " ".join(format_action(a) for a in self.log[1:])
        return f"<Game {self.rules.id} {self.rules.players}p {self.phase.value}: {actions}>"


def _drawn_card(game: Game, k: int) -> Card:
    """The card drawn from stock position ``k`` (the turned-up card as it lay then)."""
    if k == game._turn_up_at and game._turn_up_drawn is not None:
        return game._turn_up_drawn
    return game._stock[k]
