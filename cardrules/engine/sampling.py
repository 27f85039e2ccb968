"""Worlds a seat cannot tell from the real one: :func:`sample_world` (``SeatView.sample``).

A search bot cannot see the other hands, so it plays out *worlds*: whole deals that agree with
everything its seat has seen. This module deals one at random:

1. **Where each card could have been.** Every card position of the deal (hands, stock, talon)
   either holds a card the seat has seen (its own hand and draws, the turned-up card, a shown
   talon) or an unknown card. For each other seat, the view says which positions it received
   and when, which known cards left its hand and when (plays, exchanges, declared plays), and
   which unknown ones (discards face down).
2. **What the duties rule out.** A play made under a duty (follow suit, *arrastro*...) tells
   which cards the player did not hold then: the cards that, held beside the one played, would
   have forbidden it. A card held at that moment cannot be one of them.
3. **Known cards to positions.** Each seat's known cards go to the positions it received before
   it showed or played them, avoiding moments when a duty says it did not hold them; the
   earliest such positions, so that unknown cards are held as briefly as possible.
4. **Unknown cards.** The cards nobody has seen are dealt to the remaining places (positions of
   hands, the undrawn stock, a hidden talon, face-down discards), each avoiding what the duties
   rule out for it, by a randomized matching.
5. **Replay.** The deal so made replays every action of the real one (a face-down discard plays
   the card chosen for it). The engine checks every action again, so the world is a real game.
   Any failure (a rule that reads hidden cards, such as who holds the 2 of trumps) draws again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ..core.actions import Action, CardMove, Deal, Event, Masked, Move
from ..core.cards import Card
from ..core.errors import CardrulesError
from .table import Table
from .views import View


class World(Table, Protocol):
    """A game a world is dealt and replayed on (:class:`~cardrules.engine.Game`): a table that
    takes a deal and plays actions."""

    def deal(self, deal: Deal, *, checked: bool = False) -> Event:
        """Play the deal (``checked=True``: it is known to fit the rules)."""
        ...

    def play(self, action: Action | str) -> Event:
        """Play an action, checked by the rules."""
        ...

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` may do now."""
        ...


W = TypeVar("W", bound=World)

ATTEMPTS = 40
"""How many deals :func:`sample_world` draws before it gives up."""

_NEVER = 1 << 60  # a deadline for cards still in hand


@dataclass
class _Item:
    """A card a seat must have received from one of its positions."""

    card: Card | None  # None: a card nobody has seen (chosen later)
    seen: int  # the position must be received at or before this time
    until: int  # the card left the hand at this time (_NEVER: still there)
    index: int | None = None  # the log index of a face-down move that gives it away
    unknown: bool = False  # the card is chosen anew at each draw
    position: int | None = None
    forbidden: set[Card] = field(default_factory=set)


@dataclass
class _Seat:
    positions: list[tuple[int, int]] = field(default_factory=list)  # (time, position)
    fixed: list[_Item] = field(default_factory=list)  # cards seen leaving or in the hand
    items: list[_Item] = field(default_factory=list)  # this draw's cards (fixed and unknown)
    voids: list[tuple[int, frozenset[Card]]] = field(default_factory=list)  # (time, not held)
    known_arrivals: list[tuple[Card, int]] = field(default_factory=list)  # seen as they came
    loose: list[tuple[Card, int]] = field(default_factory=list)  # such cards not seen leaving
    hidden: list[int] = field(default_factory=list)  # log indexes of its face-down discards
    hand_size: int = 0


def sample_world(view: View, rng: random.Random, new_world: Callable[[], W],
                 plan: Plan | None = None, quick: bool = False) -> W:
    """A whole game that agrees with ``view`` (see :meth:`SeatView.sample
    <cardrules.engine.SeatView.sample>`), dealt and replayed on a fresh game from
    ``new_world``; ``plan``: the view's :class:`Plan`, if it was made before (a search samples
    many worlds from one view). ``quick``: see :meth:`Plan.redeal`.

    Raises:
        ValueError: no world agrees with the view after :data:`ATTEMPTS` draws.
    """
    if plan is None:
        plan = Plan(view)
    if quick and plan.template is not None:
        try:
            return _checked(view, _replay(view, plan.redeal(rng), {}, new_world()))
        except (_Stuck, CardrulesError):
            pass  # the full draw below
    problem = "no deal agrees with this view"
    for attempt in range(ATTEMPTS):
        try:
            deal, stand_ins = plan.draw(rng, earliest=attempt % 2 == 1)
            world = _checked(view, _replay(view, deal, stand_ins, new_world()))
            if quick and unseen_cards(view, plan) is not None:
                plan.keep(deal)
            return world
        except (_Stuck, CardrulesError) as error:
            problem = str(error)
    raise ValueError(f"seat {view.seat}: {problem}")


def _checked(view: View, world: W) -> W:
    """``world``, unless the seat may do otherwise in it than in ``view``: some rules read
    hidden cards (a claim needs the side's top trumps)."""
    if tuple(world.legal_actions(view.seat)) != view.legal_actions:
        raise _Stuck("the seat's legal actions differ in this world")
    return world


def unseen_cards(view: View, plan: Plan | None = None) -> tuple[Card, ...] | None:
    """The cards ``view``'s seat has not seen, in card order, when nothing it has seen tells
    them apart: no duty of a past play rules a card out of a hand, no card went face down and
    no card was removed from a choice of several. Every place that holds an unseen card (another
    hand, the stock, a hidden talon) is then as likely to hold any of them, and a world may deal
    them at random (:meth:`SeatView.unseen <cardrules.engine.SeatView.unseen>`). ``None`` when
    something does tell them apart: only :func:`sample_world` deals such a view."""
    if view.rules.remove_one_of:
        return None
    if plan is None:
        plan = Plan(view)
    if any(info.voids or info.hidden for info in plan.seats.values()):
        return None
    return tuple(plan.pool)


class _Stuck(Exception):
    """This draw cannot be completed."""


class Plan:
    """Everything a view says about where cards were, worked out once per view (each sample
    draws from it anew)."""

    def __init__(self, view: View) -> None:
        rules = view.rules
        self.view = view
        n = rules.players
        me = view.seat
        sizes = rules.hand_sizes
        self.hand_positions = sum(sizes)
        total = len(rules.cards) - (1 if rules.remove_one_of else 0)
        self.stock_size = total - self.hand_positions - rules.talon_size
        self.total = total
        first_stock = self.hand_positions
        first_talon = first_stock + self.stock_size
        self.turn_up_at = first_stock + self.stock_size - 1 if view.turned_up else None
        known: dict[int, Card] = {}  # position -> card, as the deal has it
        start = 0
        for seat in range(n):
            if seat == me:
                for i, card in enumerate(view.dealt):
                    known[start + i] = card
            start += sizes[seat]
        if self.turn_up_at is not None and view.turned_up is not None:
            known[self.turn_up_at] = view.turned_up
        for position, card in view.drawn:
            if position != self.turn_up_at:
                known[position] = card
        for i, card in enumerate(view.talon):
            known[first_talon + i] = card
        # Cards everyone saw as they were dealt (a card the dealer shows to fix trumps): their
        # places in the deal are known, and their holders received them in full view.
        dealt_shown = dict(rules.shown_at_deal(view.details))
        known.update(dealt_shown)
        self.known = known

        seats = {s: _Seat() for s in range(n) if s != me}
        start = 0
        for seat in range(n):
            if seat in seats:
                for i in range(sizes[seat]):
                    if start + i in dealt_shown:
                        seats[seat].known_arrivals.append((dealt_shown[start + i], 0))
                    else:
                        seats[seat].positions.append((0, start + i))
            start += sizes[seat]
        # The turned-up card as it lay at each moment (exchanges change it).
        turn_ups: list[tuple[int, Card | None]] = [(0, view.turned_up)]
        for index, (_seat, action) in enumerate(view.history, start=1):
            if isinstance(action, Move) and action.takes_turn_up:
                turn_ups.append((index + 1, action.card if isinstance(action, CardMove) else None))
        for position, seat, time in view.received:
            if seat not in seats:
                continue
            if position == self.turn_up_at:
                turned = next(c for t, c in reversed(turn_ups) if t <= time)
                assert turned is not None
                seats[seat].known_arrivals.append((turned, time))
            elif position in known:
                seats[seat].known_arrivals.append((known[position], time))
            else:
                seats[seat].positions.append((time, position))

        # What each seat was seen to receive, show and give away, in time order. A card that
        # arrived in full view (the turned-up card, a shown talon) needs no position; any
        # other card seen leaving a hand, or seen in it, came from one of the seat's positions.
        events: dict[int, list[tuple[int, int, str, Card]]] = {s: [] for s in seats}
        hidden: list[tuple[int, int]] = []  # (seat, log index) of face-down moves
        for seat, info in seats.items():
            for card, time in info.known_arrivals:
                events[seat].append((time, 0, "in", card))
        for index, (seat, action) in enumerate(view.history, start=1):
            if seat not in seats:
                continue
            if isinstance(action, Card):
                events[seat].append((index, 1, "out", action))
            elif isinstance(action, Masked):
                if action.hides_card:
                    hidden.append((seat, index))
            elif isinstance(action, Move):
                if isinstance(action, CardMove) and (action.leaves_hand or action.plays_card):
                    events[seat].append((index, 1, "out", action.card))
                if action.takes_turn_up:
                    taken = next((c for t, c in reversed(turn_ups) if t <= index), None)
                    if taken is not None:
                        events[seat].append((index + 1, 0, "in", taken))
                for shown in action.shown():
                    events[seat].append((index, 1, "shown", shown))
        now = len(view.history) + 1
        for seat, hand in view.visible_hands.items():
            if seat in events:
                events[seat].extend((now, 1, "shown", card) for card in hand)
        for seat, info in seats.items():
            in_hand_known: dict[Card, int] = {}  # arrived in full view, and when
            shown_at: dict[Card, int] = {}
            for time, _, kind, card in sorted(events[seat], key=lambda e: (e[0], e[1])):
                if kind == "in":
                    in_hand_known[card] = time
                elif kind == "shown":
                    if card not in in_hand_known:
                        shown_at.setdefault(card, time)
                elif card in in_hand_known:
                    del in_hand_known[card]
                else:
                    info.fixed.append(_Item(card, shown_at.pop(card, time), time))
            info.fixed.extend(_Item(card, time, _NEVER) for card, time in shown_at.items())
            info.loose = list(in_hand_known.items())
        pool_cards = set(rules.cards)
        for time_index, seat, duty, size in view.duties:
            if seat not in seats or size < 2:
                continue
            played = view.history[time_index - 1][1]
            if isinstance(played, Card):
                put = played
            elif isinstance(played, CardMove):
                put = played.card
            else:
                continue
            ruled_out = frozenset(
                x for x in pool_cards if x is not put and duty.check(put, (put, x)) is not None
            )
            if ruled_out:
                seats[seat].voids.append((time_index, ruled_out))
        for seat, index in hidden:
            seats[seat].hidden.append(index)
        for seat, info in seats.items():
            info.hand_size = view.hand_sizes[seat]
        self.seats = seats

        # The cards nobody has seen, and where else they may be.
        seen_cards = set(known.values())
        for info in seats.values():
            seen_cards.update(item.card for item in info.fixed if item.card is not None)
            seen_cards.update(card for card, _ in info.known_arrivals)
        for _seat, action in view.history:
            if isinstance(action, Card):
                seen_cards.add(action)
            elif isinstance(action, CardMove) and (action.leaves_hand or action.plays_card):
                seen_cards.add(action.card)
        seen_cards.update(view.hand)
        self.pool = sorted(pool_cards - seen_cards, key=lambda c: c.index)
        taken_positions = set(known)
        for info in seats.values():
            taken_positions.update(p for _, p in info.positions)
        self.free_positions = [p for p in range(total) if p not in taken_positions]
        self.removal = [c for c in rules.remove_one_of if c in set(self.pool)]
        self.template: list[Card] | None = None
        """A deal drawn before, every card in position order, kept for :meth:`redeal`."""
        self.open_places: list[int] = []
        """The positions of that deal that hold unseen cards."""

    def keep(self, deal: Deal) -> None:
        """Keep ``deal`` (drawn from this plan, whose unseen cards nothing tells apart) for
        :meth:`redeal`."""
        cards = list(deal.cards)
        unseen = set(self.pool)
        self.template = cards
        self.open_places = [p for p, card in enumerate(cards) if card in unseen]

    def redeal(self, rng: random.Random) -> Deal:
        """The deal kept by :meth:`keep` with its unseen cards dealt anew at random into the
        same positions. Its known cards keep their places: where a seat's known card lay among
        the positions it received changes nothing from now on (it is in that hand, or was
        played), so the worlds differ from fully drawn ones only in their past, not in what
        can happen from here."""
        assert self.template is not None
        cards = self.template.copy()
        unseen = list(self.pool)
        random_ = rng.random
        for i in range(len(unseen) - 1, 0, -1):  # Fisher-Yates, in fewer calls than shuffle()
            j = int(random_() * (i + 1))
            unseen[i], unseen[j] = unseen[j], unseen[i]
        for place, card in zip(self.open_places, unseen, strict=True):
            cards[place] = card
        return self._deal(dict(enumerate(cards)))

    def draw(self, rng: random.Random, earliest: bool) -> tuple[Deal, dict[int, Card]]:
        """One deal that agrees with the view, and the card of each face-down move."""
        cards: dict[int, Card] = dict(self.known)
        slots: list[_Item] = []
        stand_ins: dict[int, Card] = {}
        for info in self.seats.values():
            stand_ins.update(_deal_items(info, rng))
            _place(info, rng, earliest)
            for item in info.items:
                if item.card is not None:
                    assert item.position is not None
                    cards[item.position] = item.card
                else:
                    slots.append(item)
        free = [_Item(None, _NEVER, _NEVER, position=p) for p in self.free_positions]
        slots.extend(free)
        removed: _Item | None = None
        if self.view.rules.remove_one_of:
            removed = _Item(None, _NEVER, _NEVER)
            removed.forbidden = set(self.pool) - set(self.removal)
            slots.append(removed)
        if len(slots) != len(self.pool):
            raise _Stuck(f"{len(self.pool)} unseen cards for {len(slots)} places")
        for item, card in zip(slots, _match(slots, self.pool, rng)):
            item.card = card
        for item in slots:
            assert item.card is not None
            if item is removed:
                continue
            if item.position is not None:
                cards[item.position] = item.card
            if item.index is not None:
                stand_ins[item.index] = item.card
        for info in self.seats.values():
            for item in info.items:
                if item.index is not None and item.card is not None:
                    stand_ins[item.index] = item.card
        return self._deal(cards), stand_ins

    def _deal(self, cards: dict[int, Card]) -> Deal:
        rules = self.view.rules
        if len(cards) != self.total:
            raise _Stuck("some positions have no card")
        order = [cards[p] for p in range(self.total)]
        hands: list[tuple[Card, ...]] = []
        start = 0
        for size in rules.hand_sizes:
            hands.append(tuple(order[start:start + size]))
            start += size
        stock = tuple(order[start:start + self.stock_size])
        talon = tuple(order[start + self.stock_size:])
        return Deal(tuple(hands), stock, talon)


def _deal_items(info: _Seat, rng: random.Random) -> dict[int, Card]:
    """This draw's cards for one seat: the ones seen, each face-down discard, and the unknown
    ones in hand. A card that came in full view (the talon) and was not seen leaving may have
    been discarded face down: it must have been if a duty says it was not held later; otherwise
    each discard takes it by the odds of a card drawn from the hand. Returns the discards that
    took such a card (log index -> card)."""
    for item in info.fixed:
        item.position = None
        item.forbidden = set()
    loose = list(info.loose)
    rng.shuffle(loose)
    forced = {c: min((t for t, out in info.voids if t >= arrived and c in out), default=_NEVER)
              for c, arrived in loose}
    taken: dict[int, Card] = {}
    for index in sorted(info.hidden):
        can = [(c, a) for c, a in loose if a <= index and c not in taken.values()]
        if not can:
            continue
        due = [(c, a) for c, a in can if forced[c] > index and forced[c] < _NEVER]
        if due:  # a discard before a duty showed the card gone: it must be this one
            taken[index] = due[0][0]
            continue
        held = sum(1 for time, _ in info.positions if time <= index) + len(can)
        held -= sum(1 for i in info.fixed if i.until <= index) + len(
            [i for i in info.hidden if i < index])
        if rng.random() * max(held, 1) < len(can):
            taken[index] = can[0][0]
    if any(forced[c] < _NEVER and c not in taken.values() for c, _ in loose):
        raise _Stuck("a card seen arriving was not held when a duty says so")
    items = list(info.fixed)
    items += [_Item(None, i, i, index=i, unknown=True) for i in info.hidden if i not in taken]
    still = len(loose) - len(taken)
    known_now = sum(1 for item in info.fixed if item.until == _NEVER)
    unknown_now = info.hand_size - known_now - still
    if unknown_now < 0:
        raise _Stuck("a seat holds fewer cards than it was seen with")
    items += [_Item(None, _NEVER, _NEVER, unknown=True) for _ in range(unknown_now)]
    if len(items) != len(info.positions):
        raise _Stuck(f"{len(items)} cards for {len(info.positions)} places")
    info.items = items
    return taken


def _place(info: _Seat, rng: random.Random, earliest: bool) -> None:
    """Give each card of one seat a position it received in time (see the module docstring):
    a random one, or with ``earliest`` the earliest one (cards nobody has seen are then held as
    briefly as possible, so the duties rule out the least for them)."""
    positions = sorted(info.positions, key=lambda tp: (tp[0], rng.random()))
    used = [False] * len(positions)
    for item in info.items:
        item.position = None
        item.forbidden = set()
    items = sorted(info.items, key=lambda i: (i.seen if i.card is not None else i.until,
                                              i.card is None))
    for item in items:
        card = item.card
        if card is not None:
            # Not received before a moment when a duty says it was not held.
            after = max((t + 1 for t, out in info.voids if t < item.until and card in out),
                        default=0)
            deadline = item.seen
        else:
            after, deadline = 0, item.until
        fits = [k for k, (time, _) in enumerate(positions)
                if not used[k] and after <= time <= deadline]
        if not fits:
            raise _Stuck("a card has no position it could have come from")
        choice = fits[0] if earliest or card is None else rng.choice(fits)
        used[choice] = True
        time, item.position = positions[choice]
        if card is None:
            for t, out in info.voids:
                if time <= t < item.until:
                    item.forbidden |= out


def _match(slots: Sequence[_Item], pool: Sequence[Card], rng: random.Random) -> list[Card]:
    """A random perfect matching of cards to slots, each slot avoiding its forbidden cards."""
    cards = list(pool)
    rng.shuffle(cards)
    if not any(slot.forbidden for slot in slots):
        return cards
    # Kuhn's augmenting paths, most constrained slots first, candidates in random order.
    order = sorted(range(len(slots)), key=lambda i: (-len(slots[i].forbidden), rng.random()))
    owner: dict[Card, int] = {}
    choices = {i: [c for c in cards if c not in slots[i].forbidden] for i in order}

    def augment(i: int, seen: set[Card]) -> bool:
        for card in choices[i]:
            if card in seen:
                continue
            seen.add(card)
            other = owner.get(card)
            if other is None or augment(other, seen):
                owner[card] = i
                return True
        return False

    for i in order:
        # A card nobody holds yet, if there is one (the cards are in random order); else an
        # augmenting path. Without this first look, each new slot would push every card taken
        # before it along a chain.
        for card in choices[i]:
            if card not in owner:
                owner[card] = i
                break
        else:
            if not augment(i, set()):
                raise _Stuck("the duties leave some place without a card")
    result: list[Card | None] = [None] * len(slots)
    for card, i in owner.items():
        result[i] = card
    out: list[Card] = []
    for chosen in result:
        assert chosen is not None
        out.append(chosen)
    return out


def _replay(view: View, deal: Deal, stand_ins: dict[int, Card], game: W) -> W:
    """The world: the deal, then every action of the view's history (face-down ones made with
    the cards drawn for them), played on ``game``, a fresh game."""
    game.deal(deal, checked=True)
    for index, (seat, action) in enumerate(view.history, start=1):
        played: Action = action
        if isinstance(action, Masked):
            card = stand_ins.get(index)
            if card is None and action.hides_card:
                raise _Stuck("a face-down move has no card")
            played = _stand_in(view, game, seat, action, card)
        game.play(played)
    return game


def _stand_in(view: View, game: Table, seat: int, masked: Masked, card: Card | None) -> Move:
    for rule in view.rules.move_rules:
        if rule.move_type.keyword == masked.kind:
            move: Move = rule.stand_in(game, seat, masked, card)
            return move
    raise _Stuck(f"no rule makes {masked.kind!r} moves")
