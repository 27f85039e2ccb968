"""What may be played now, and playing it: :class:`Referee`, the part of
:class:`~cardrules.engine.Game` that checks every action and carries it out.

Legality has one source (:mod:`~cardrules.engine.legality`): the referee asks the rules' duties
and move rules for the legal actions and for the reason a refused action is refused, and plays
an allowed one on the deal state. The common case, a free card play, is made cheap.
"""

from __future__ import annotations

from ..core.actions import Action, Deal, Event, Masked, Move
from ..core.cards import Card
from ..core.errors import IllegalActionError
from ..core.quoted import Quoted
from ..words import N_, Message
from .deal_state import DEAL, OVER, PLAY, DealState, new_tuple
from .legality import CardRule, Why
from .state import CHANCE

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


class Referee(DealState):
    """Checks and plays actions on a deal state (see the module docstring)."""

    __slots__ = ()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (by default the seat to act) may do now.

        For the seat to act: the cards it may play, then any other moves. For another seat:
        only its moves *out of turn*, the moves of a kind whose rule declares so
        (:attr:`MoveRule.out_of_turn <cardrules.engine.MoveRule.out_of_turn>`: the Spanish
        trump exchange, Guiñote's cante by the partner of the trick's winner); usually none.
        ``game.view(seat).legal_actions`` is the same list, and :meth:`out_of_turn_actions`
        lists every seat's moves out of turn at once: the one way a front end or a bot finds
        them (the seat to act is asked as usual; a seat with moves out of turn may make one
        first, or let the play go on).

        Examples:
            >>> from cardrules import new_game
            >>> game = new_game("briscas", players=2, seed=0)  # seat 1 holds the 2 of trumps
            >>> game.current_player, game.legal_actions(1)
            (0, [Exchange(card=Card('2B'))])
            >>> game.out_of_turn_actions()
            {1: [Exchange(card=Card('2B'))]}
        """
        if self._free:  # playing, and any card may be played: the common case, made cheap
            current = self.order[self._pos]
            if not self._moves_live:
                if seat is None or seat == current:
                    return self.hands[current].copy()  # type: ignore[return-value]
                return []
            actions: list[Action]
            if seat is None or seat == current:
                seat = current
                actions = self.hands[current].copy()  # type: ignore[assignment]
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
            if self._free:
                actions.extend(hand)
            else:
                duty = self.rules.card_rule(self, seat)
                if duty is None:
                    actions.extend(hand)
                    self._duty_memo = (len(self.log), None, ())
                else:
                    allowed = duty.allowed(hand)
                    actions.extend(allowed)
                    # Kept for the play that usually follows (see _check_card).
                    self._duty_memo = (len(self.log), duty, allowed)
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

    def out_of_turn_actions(self) -> dict[int, list[Action]]:
        """The moves each seat other than the seat to act may make now, out of turn (see
        :meth:`legal_actions`): ``{seat: moves}`` for the seats that have some, in the order of
        play from the seat to act. Empty in most positions, and cheap to ask when the game has
        no move out of turn."""
        phase = self.phase
        if phase is DEAL or phase is OVER:
            return {}
        rules = self._moves_live if phase is PLAY else self.rules.move_rules
        if not any(rule.out_of_turn and rule.enabled for rule in rules):
            return {}
        to_act = self.current_player
        players = self.rules.players
        first = to_act if to_act is not None and 0 <= to_act < players else 0
        found: dict[int, list[Action]] = {}
        for k in range(players):
            seat = (first + k) % players
            if seat != to_act:
                moves = self.legal_actions(seat)
                if moves:
                    found[seat] = moves
        return found

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
            try:
                self.hands[seat].remove(action)
            except ValueError:  # not held: the checked path below says why
                pass
            else:
                self.log.append(action)
                self.trick.append(action)
                pos += 1
                self._pos = pos
                if pos < self._trick_size:
                    return self._events[seat][action.index]
                return new_tuple(Event, (seat, action, self._finish_trick()))
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
            raise _NO_CARD_NOW.error(phase=Message(self.phase.said), card=card.code)
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
        memo = self._duty_memo
        if memo is not None and memo[0] == len(self.log):
            # The duty legal_actions found at this point of the deal: only a new action
            # changes the state, and every action lengthens the log.
            duty = memo[1]
            if duty is None or card in memo[2]:
                return duty
        else:
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
            return self._events[seat][card.index]
        return new_tuple(Event, (seat, card, self._finish_trick()))

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
        setup = self._setup
        if setup.single_draw and setup.draws:
            self._round_last = len(stock) - 1 - setup.round_size
        self.talon = list(deal.talon)
        self.trump = rules.trump_of(deal)
        self.sides = setup.sides
        self.log.append(deal)
        rules.after_deal(self)
        return new_tuple(Event, (CHANCE, deal, None))

