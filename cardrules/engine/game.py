"""One deal of a game: :class:`Game`, the state machine every game runs on, and
:class:`SeatView`, what one seat of it may see.

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

A game is built in three layers, each a class of its own module: the
:class:`~cardrules.engine.deal_state.DealState` (the state and the operations that change it,
which the rules call: :meth:`Game.start_play`, :meth:`Game.begin_phase`,
:meth:`Game.play_from_hand`, :meth:`Game.draw`, :meth:`Game.hand_to_aside`,
:meth:`Game.hand_to_pile`...; rules never edit its lists), the
:class:`~cardrules.engine.referee.Referee` (the legal actions, the refusals and the checked
play), and :class:`Game` here (what each seat sees, copies, the history as steps, the record).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, CardMove, Event, Move, format_action
from ..core.cards import Card
from ..core.errors import IllegalActionError
from ..core.labels import label_play
from .referee import Referee
from .sampling import Plan, sample_world, unseen_cards
from .state import CHANCE, Receipt, State, Step
from .views import View

FORMAT = "cardrules/1"
"""The value of a deal record's ``format`` key."""


class Game(Referee):
    """One deal of a game: the state, the log of actions, and the rules that drive it.

    Make one with :func:`cardrules.new_game` or :func:`cardrules.replay`. Read its state freely;
    change it only through :meth:`play` (the rules use the operations of
    :class:`~cardrules.engine.deal_state.DealState`).
    """

    __slots__ = ()

    # What was received, and by whom ----------------------------------------------------------
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

    # Views, copies and history ---------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now (its hand and all public information)."""
        return _observe(self, seat)

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
        if isinstance(action, CardMove) and action.plays_card:
            played = action.card
        label = None
        if played is not None and before.trump is not None:
            on_table = [c for _, c in before.trick]
            label = label_play(on_table, played, before.trump, self.rules.strength)
        draws = tuple(
            (seat, self._drawn_card(start + i))
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

    def clone(self) -> Game:
        """An independent copy of the game as it stands, made without replaying the log (for a
        bot to look ahead)."""
        new: Game = object.__new__(type(self))
        new.rules = self.rules
        new.names = self.names
        new.seed = self.seed
        new.hands = [h.copy() for h in self.hands]
        new.turn_up = self.turn_up
        new.trump = self.trump
        new.talon = self.talon.copy()
        new.talon_shown = self.talon_shown
        new.sides = self.sides
        new.leader = self.leader
        new.trick = self.trick.copy()
        new.tricks = self.tricks.copy()
        new.taken = [t.copy() for t in self.taken]
        new.points = self.points.copy()
        new.aside = self.aside.copy()
        new.log = self.log.copy()
        new.movers = self.movers.copy()
        new.details = self.details
        new.phase = self.phase
        new.is_over = self.is_over
        new.end_reason = self.end_reason
        new.to_act = self.to_act
        new.order = self.order
        new.duties = self.duties.copy()
        new._result = self._result
        new._stock = self._stock
        new._next = self._next
        new._turn_up_at = self._turn_up_at
        new._turn_up_drawn = self._turn_up_drawn
        new._draw_log = self._draw_log.copy()
        new._talon_to = self._talon_to
        new._pos = self._pos
        new._trick_size = self._trick_size
        new._stock_end = self._stock_end
        new._round_last = self._round_last
        new._setup = self._setup
        new._events = self._events
        new._duty_memo = self._duty_memo
        new._free = self._free
        new._moves_live = self._moves_live
        return new

    def copy(self) -> Game:
        """The same as :meth:`clone` (kept for older code)."""
        return self.clone()

    def to_record(self) -> dict[str, Any]:
        """The deal record (a JSON-ready dict); :func:`cardrules.replay` reads it back."""
        rules = self.rules
        defaults = type(rules.options)().to_dict()
        options = {k: v for k, v in rules.options.to_dict().items() if defaults.get(k) != v}
        default_names = rules.engine_setup.names
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


    def _drawn_card(self, k: int) -> Card:
        """The card drawn from stock position ``k`` (the turned-up card as it lay then)."""
        if k == self._turn_up_at and self._turn_up_drawn is not None:
            return self._turn_up_drawn
        return self._stock[k]


@dataclass(frozen=True)
class SeatView(View):
    """What one seat may see at one moment (:class:`~cardrules.engine.views.View`), as
    :meth:`Game.view` gives it: a view that can also deal whole worlds that agree with it.

    Examples:
        >>> from cardrules import new_game
        >>> view = new_game("brisca", players=2, seed=3).view(1)
        >>> world = view.sample(random.Random(0))  # a whole deal that agrees with the view
        >>> world.view(1).hand == view.hand and world.view(1).turn_up == view.turn_up
        True
    """

    def sample(self, rng: random.Random, quick: bool = False) -> Game:
        """A complete game consistent with everything this seat has seen: its hand and draws,
        every card played, the turned-up card, a shown talon, hand sizes, and what the duties
        of past plays rule out (a seat that did not follow suit holds none of it).

        The hidden cards are dealt at random among the places they may be; the world replays
        every action of the real deal, so ``world.view(seat)`` shows exactly this view. Search
        bots play out many such worlds (see :mod:`~cardrules.engine.sampling`).

        ``quick``: when nothing tells the unseen cards apart (:meth:`unseen` is not ``None``),
        the cards the seat knows keep the places they had in the first world this view dealt
        so, and only the unseen cards are dealt anew, in a fraction of the time: the worlds
        differ from fully drawn ones only in where a known card lay among the places its hand
        received, which changes nothing from now on.

        Raises:
            ValueError: no world agrees with the view (a view edited by hand).
        """
        return sample_world(self, rng, self._new_world, self._plan, quick)

    def unseen(self) -> tuple[Card, ...] | None:
        """The cards this seat has not seen, when nothing it has seen makes one of them likelier
        than another in any place (no duty of a past play, face-down move or removed card tells
        them apart); ``None`` otherwise. A search that deals many worlds may then deal these
        cards at random into the places :meth:`sample` gave unseen cards, instead of sampling
        every world anew.

        Examples:
            >>> from cardrules import new_game
            >>> view = new_game("briscola", players=2, seed=3).view(0)
            >>> unseen = view.unseen()
            >>> len(unseen), any(card in view.hand or card is view.turn_up for card in unseen)
            (36, False)
        """
        return unseen_cards(self, self._plan)

    @functools.cached_property
    def _plan(self) -> Plan:
        """Where the cards were, as this view says it: made once, for every world sampled."""
        return Plan(self)

    def _new_world(self) -> Game:
        return Game(self.rules, names=self.names)


def _observe(game: Game, seat: int) -> SeatView:
    """The view of ``seat``: the one place where a seat's view of a game is built
    (:meth:`Game.view`).

    The rules say what their game shows beyond the common parts (:meth:`Rules.visible_hands
    <cardrules.engine.Rules.visible_hands>`, ``messages_for``, ``sides_known_to``,
    ``points_seen_by``, ``details_seen_by``, and each move rule's ``seen_by``).
    """
    rules = game.rules
    if not 0 <= seat < rules.players:
        raise ValueError(f"no seat {seat} in a {rules.players}-player game")
    sides, partners = rules.sides_known_to(game, seat)
    history: list[tuple[int, Action]] = []
    log = game.log
    actors = game.actors()
    for i in range(1, len(log)):
        action = log[i]
        if isinstance(action, Move):
            rule = rules.rule_for(action)
            if rule is not None:
                action = rule.seen_by(seat, actors[i], action)
        history.append((actors[i], action))
    received = game.receipts()
    deal = game.dealt
    drawn = tuple(
        (position, card)
        for position, who, _ in received
        if who == seat and (card := game.card_at(position)) is not None
    )
    return SeatView(
        rules=rules,
        seat=seat,
        names=game.names,
        phase=game.phase,
        current_player=game.current_player,
        legal_actions=tuple(game.legal_actions(seat)),
        hand=tuple(game.hands[seat]),
        hand_sizes=tuple(len(h) for h in game.hands),
        visible_hands={
            other: tuple(sorted(cards, key=_by_index))
            for other, cards in rules.visible_hands(game, seat).items()
        },
        trump=game.trump,
        turn_up=game.turn_up,
        stock_size=game.stock_size,
        talon=deal.talon if game.talon_shown and deal is not None else (),
        talon_size=len(game.talon),
        leader=game.leader,
        trick=game.trick_plays,
        tricks=tuple(game.tricks),
        points=rules.points_seen_by(game, seat),
        sides=sides,
        partners=partners,
        details=rules.details_seen_by(game, seat),
        messages=rules.messages_for(game, seat),
        history=tuple(history),
        dealt=deal.hands[seat] if deal is not None else (),
        turned_up=deal.stock[-1] if deal is not None and rules.turns_up and deal.stock else None,
        received=received,
        drawn=drawn,
        duties=tuple(game.duties),
    )


def _by_index(card: Card) -> int:
    return card.index
