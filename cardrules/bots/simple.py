"""The simple bots: :class:`RandomBot` (any legal action) and :class:`GreedyBot` (the cheapest
card that wins, else the cheapest card), and the card keys both the greedy bot and the search
bot's playouts use.

Both work for every game built on the engine, whatever the number of players and the cards each
seat plays per turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..core.actions import Action, CardMove, Decision
from ..core.cards import Card, Suit
from ..engine import Rules, SeatView
from .tactics import decide

__all__ = ["GreedyBot", "RandomBot", "cheapest_key", "key_for_trumps", "wins_now"]

GREEDY_TAKES = frozenset({Decision.EXCHANGE, Decision.CLAIM})
"""The kinds of move the greedy bot always makes when offered."""
"""The kinds of move the greedy bot makes as soon as they are offered."""


class RandomBot:
    """Picks uniformly among the legal actions (moves such as an exchange included).

    Args:
        seed: seeds the bot's own :class:`random.Random`, so that a seeded bot repeats its
            choices; ``None`` seeds it from the operating system.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=7)
        >>> bot = RandomBot(seed=1)
        >>> bot.choose(game.view(0)) in game.legal_actions()
        True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """The seed the bot was made with."""
        self._random = random.Random(seed).random

    def choose(self, view: SeatView) -> Action:
        """A legal action chosen uniformly at random.

        Raises:
            ValueError: the seat has no legal action (it is not asked to act).
        """
        actions = legal_actions(view)
        return actions[int(self._random() * len(actions))]

    def interject(self, view: SeatView) -> Action | None:
        """No move out of turn: the random bot acts in turn only."""
        return None

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


class GreedyBot:
    """Plays the cheapest card that wins the trick now, else the cheapest card.

    The rules it follows, in order:

    1. Take a trump-card exchange when offered (a move of kind
       :attr:`Decision.EXCHANGE <cardrules.core.actions.Decision.EXCHANGE>`): the turned-up card
       is always worth more than the card given for it.
    2. Take a claim when offered (:attr:`Decision.CLAIM
       <cardrules.core.actions.Decision.CLAIM>`).
    3. Bid, call, discard, name trumps and declare marriages by the rules of thumb of
       :mod:`cardrules.bots.tactics` (a hand-strength estimate).
    4. If the trick already belongs to its own side (a partner's card, or its own earlier card
       when a seat plays several cards in a turn, heads the trick), play the cheapest card: the
       bot does not overtake its own side, nor load points on it.
    5. Otherwise play the cheapest card that would head the trick if played now (see
       :func:`wins_now`; when leading, every card heads the trick, so it leads its cheapest
       card); if none would, play the cheapest card.

    "Cheapest" is the lowest :func:`cheapest_key`: fewest card points, then a non-trump before
    a trump, then the lowest strength. Other moves offered beside card plays (*arrastro*, a
    surrender) are ignored. When the seat may do nothing but moves (an answer it is waited for,
    a setup phase), it takes the move that gives up the cheapest card if the moves carry cards
    (discards), else the first move offered.

    Examples:
        >>> from cardrules import Deal, new_game, parse_cards
        >>> hands = (tuple(parse_cards("4C 1O 5O")), tuple(parse_cards("3C 12C 2E")))
        >>> stock = tuple(parse_cards("7O 4B 4E 4O 5C 5E 5B 6O 6C 6E 7C 7E 7B 10O 10C 10E 10B "
        ...                           "11O 11C 11E 11B 12O 1C 12E 12B 6B 1E 1B 2O 2C 2B 3O 3E 3B"))
        >>> game = new_game("briscola", players=2, deal=Deal(hands, stock))  # trumps: clubs
        >>> _ = game.play("4C")
        >>> GreedyBot().choose(game.view(1))  # the king and the three beat the 4
        Card('12C')
    """

    def choose(self, view: SeatView) -> Action:
        """The greedy action for the seat (see the class description).

        Raises:
            ValueError: the seat has no legal action (it is not asked to act).
        """
        actions = legal_actions(view)
        cards: list[Card] = []
        for action in actions:
            if isinstance(action, Card):
                cards.append(action)
            elif action.decision in GREEDY_TAKES:
                return action
        decision = decide(view)  # a bid, a call, a discard, trumps, a marriage
        if decision is not None:
            return decision
        key = cheapest_key(view)
        if not cards:
            return first_move(actions, key)
        if not _own_side_heads(view):
            winning = [card for card in cards if wins_now(view, card)]
            if winning:
                return min(winning, key=key)
        return min(cards, key=key)

    def interject(self, view: SeatView) -> Action | None:
        """No move out of turn: the greedy bot acts in turn only (it takes an exchange when it
        is offered at its turn)."""
        return None

    def __repr__(self) -> str:
        return "GreedyBot()"


def legal_actions(view: SeatView) -> tuple[Action, ...]:
    """The seat's legal actions; ``ValueError`` when it has none (a bot is asked only to act)."""
    if not view.legal_actions:
        raise ValueError(f"seat {view.seat} has no legal action now")
    return view.legal_actions


def cheapest_key(view: SeatView) -> Callable[[Card], tuple[int, bool, int, int]]:
    """A sort key ranking cards from cheapest to dearest for a seat's view.

    The key is ``(card points, is a trump, strength, card index)``: the card index only makes
    the order total, so that a bot's choice never depends on the order of its hand.

    Examples:
        >>> from cardrules import new_game, parse_cards
        >>> game = new_game("briscola", players=2, seed=7)
        >>> key = cheapest_key(game.view(0))
        >>> [c.code for c in sorted(parse_cards("1O 4C 12E 2B"), key=key)]
        ['2B', '4C', '12E', '1O']
    """
    return key_for_trumps(view.rules, view.trump)


def key_for_trumps(
    rules: Rules, trump: Suit | None
) -> Callable[[Card], tuple[int, bool, int, int]]:
    """:func:`cheapest_key` under the given trump suit (a past trick's, say)."""
    points = rules.card_points
    strength = rules.strength

    def key(card: Card) -> tuple[int, bool, int, int]:
        i = card.index
        return (points[i], card.suit is trump, strength[i], i)

    return key


def wins_now(view: SeatView, card: Card) -> bool:
    """Whether ``card``, played now, would head the trick on the table.

    The trick so far plus the card go to :meth:`Rules.trick_winner
    <cardrules.engine.Rules.trick_winner>`; a spoiled trick (``None``) counts as not winning.
    When leading, every card heads the trick.
    """
    cards = [c for _, c in view.trick]
    if not cards:
        return True
    cards.append(card)
    return view.rules.trick_winner(cards, view.trump) == len(cards) - 1


def _own_side_heads(view: SeatView) -> bool:
    """Whether the card heading the trick so far was played by a seat the viewing seat knows
    to be on its side (itself included)."""
    if not view.trick:
        return False
    best = view.rules.trick_winner([c for _, c in view.trick], view.trump)
    if best is None:
        return False
    return view.same_side(view.trick[best][0])


def first_move(
    actions: Sequence[Action], key: Callable[[Card], tuple[int, bool, int, int]]
) -> Action:
    """Among moves only: the one giving up the cheapest card, if they carry cards, else the
    first."""
    carrying = [(a.card, a) for a in actions if isinstance(a, CardMove)]
    if carrying:
        return min(carrying, key=lambda pair: key(pair[0]))[1]
    return actions[0]
