"""A search bot: perfect-information Monte Carlo (PIMC).

The bot cannot see the other hands, so it imagines them: it deals *worlds* that agree with
everything its seat has seen (:meth:`SeatView.sample <cardrules.engine.SeatView.sample>`: the
cards played, its own draws, the turned-up card, a shown talon, what duties rule out...), and
in each world tries every action it may take, playing the deal out to the end with its own side
careful and the opponents greedy (:mod:`cardrules.bots.playout`), except that the opponents
play at random as often as the bot reckons they do (:mod:`cardrules.bots.opponents`); near the
end, once a world has few cards left, its own plays are searched instead
(:mod:`cardrules.bots.endgame`). In plain card play (any card playable, no move left), and
while the trump exchange is still open under a rule and timing the model carries out, all this
runs on the compact model of :mod:`cardrules.bots.compact`: the same plays, a fraction of the
CPU; in Tute and Guiñote a playout begun on the engine goes on on the model, under the game's
duties, once no declaration nor exchange is possible in its world any more. Its choice is the
action with the best average over the worlds of the winning chance plus half the share of the
points its side takes (the points break the ties that a few dozen worlds leave between winning
chances, and they measured stronger than the winning chance alone); the same figures, against
careful opponents (:data:`HINT_NOISE`), are the reader's *hint* (:meth:`PimcBot.evaluate`).

Bids, calls, discards and trumps come from the hand estimate of :mod:`cardrules.bots.tactics`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, cast

from ..core.actions import Action, CardMove, Decision
from ..core.cards import Card
from ..engine import Game, Phase, Rules, SeatView
from .compact import Start, World, covers, duties, modelled, plain_play
from .endgame import (
    SEARCH_PLAYS,
    Outcome,
    Table,
    known_endgame,
    outcome,
    plays_left,
    search,
    search_world,
    solve,
    solve_chance,
    solve_choices,
    solve_duel,
)
from .opponents import HandReading, carelessness
from .playout import careful_seats, playout
from .simple import GreedyBot, cheapest_key
from .tactics import decide

LEVELS: Final[dict[str, int]] = {"easy": 12, "normal": 160, "hard": 320}
"""The worlds sampled per decision at each strength."""

MODEL_PLAYS: Final = 12
"""The fewest plays left at which a playout begun on the engine goes on on the compact model:
with fewer (two-player Brisca's last six cards), copying the position into the model costs more
than the model saves."""
COMPACT_LEVELS: Final[dict[str, int]] = {"easy": 12, "normal": 320, "hard": 640}
"""The worlds per decision at each strength where the decision runs on the compact model in
plain card play (see :class:`PimcBot`'s ``compact``): twice the engine's at the normal and hard
levels, for about half the CPU of the engine's worlds (a world there costs a quarter to a third
as much). A decision on the model with the trump exchange still open (the stock phase of Brisca
and Briscas, Briscola's first trick) weighs the level's worlds: twice as many would cost
four-player Brisca's decisions 0.75 times the engine's CPU at the 95th percentile instead of
0.37 (122 ms against 61 in CPython), two-player Brisca's 0.43 instead of 0.23 (72 ms against
38), and the browser's Python ran two-player Brisca's decisions about 2.1 times as slow as
CPython (419 ms against 196 at the 95th percentile, before the model covered the exchange):
four-player Brisca would be over the browser's 200 ms goal."""

SOLVED_ENDGAMES: Final[dict[str, int]] = {"hard": 10}
"""The levels that, in a two-player deal, solve a world's endgame exactly on the compact model,
every seat at its best (:class:`PimcBot`'s ``solve_endgame``), and from how many cards left
(``search_plays``), with the stock's unseen draws as chance from :data:`CHANCE_PLAYS` cards
left (``chance_endgame``); the other levels, and every level in a deal of more players, search
their own plays against their model of the opponents from
:data:`~cardrules.bots.endgame.SEARCH_PLAYS` cards left. Against ISMCTS at equal CPU
(two-player Briscola, mirrored pairs, ``benchmarks/results/ismcts-log.md``) the hard level won
55.8% of 246 pairs' decided deals with the endgame solved by
:func:`~cardrules.bots.endgame.solve_world`, the shipped form before it 50-54%; solved by
:func:`~cardrules.bots.endgame.solve_duel`, about 4.5 times as fast, 59.4% (57.3-61.6) of 1,000
pairs (seven sets of deals, 54.4% to 61.9%); with the draws as chance, 60.8% (58.6-62.9) of
the same 1,000 pairs (59.9% to 61.4% on each set), ISMCTS then getting about 1,500 iterations a
decision instead of 1,700 (the chance search is cheaper). From twelve cards left within the
same budget it won 50.5% of 100 pairs: its deepest decisions solve too few worlds."""

STEPS_PER_WORLD: Final = 120
"""The playout work a decision may spend, per world of its level: ``worlds * 120`` steps (see
:class:`PimcBot`). A two-player Briscola decision weighs at most 3 cards over 39 plays (117
steps a world): it always plays all its worlds; a decision in a longer game stops sooner."""

ENGINE_SHARE: Final = 0.55
"""The share of the budget a decision weighed on the engine may spend (a decision on the compact
model spends it all). A step is about a play of two-player Briscola on the engine, 4.4-4.6 us in
CPython; the whole budget of the normal level, 19,200 steps, was 85 ms of playouts, with the
worlds' dealing besides (uncounted then), and such decisions of two-player Tute, Alcalde and
Aluette, the worst of those games, took 290-350 ms at the 95th percentile in the browser's
Python, against its goal of 200 ms. With all the work counted and 0.55 of the budget, the
95th percentile of a decision's CPU over three deals of each game weighed on the engine was
46-106 ms in CPython on the busy 2-core machine (the same seeds: 91-192 ms before), and 93-184
ms in the browser's Python (by the CPU time of Node, the old wheel and this in turns, load 5-7:
168-412 ms; 0.34-0.80 of the old wheel's in the same run)."""

DUTY_STEP: Final = 5
"""Steps a playout play counts on the engine in a game with duties on which card may be played
(following suit, heading the trick...), whatever the number of seats: checking the duties and
the playout that follows them make a play cost 4.1 to 5.4 plays of two-player Briscola
(measured in CPython, playouts from the same positions, the games in turns: Tute 4.9 with two
players and 5.4 with four, Guinote 4.1 with either, Brisca Rematada 4.2; 4.5 counted, two-player
Tute's decisions took 0.62 of their time before, 5: 0.42, in runs of different load). It was 6
times :func:`_step` (the seats counted as in free play): 9 steps a play with four players,
nearly twice what a play cost, and 6 in two-player Tute, less than a play cost then (7.2)."""

DUTY_MODEL_PLAYS: Final = 4
"""Under duties (Tute, Guiñote), the fewest plays left at which a playout goes on on the compact
model: a play on the engine costs several times one on the model, which pays for the copy sooner
than in free play (:data:`MODEL_PLAYS`)."""

DUTY_MODEL_STEP: Final = 1.0
"""Steps a playout play counts on the compact model under duties (Tute's: the legal cards
filtered by the duty, :meth:`World.legal <cardrules.bots.compact.World.legal>`), times
:func:`_step` (the seats): 1.1 us a play of two-player Tute in CPython, 1.3 of four-player,
against 5.1-5.7 on the engine once no declaration is possible (measured from the same
positions). Counted against the engine's plays (:data:`DUTY_STEP`, which counts a play with the
declarations still open) so that a decision of the normal level costs the CPU it cost on the
engine alone (three greedy deals of each, the same positions, in turns: two-player Tute 26.4
ms against 26.2 a decision, with 40 worlds on average instead of 31; four-player 23.2 against
24.4, 47 worlds instead of 37)."""

DUTY_MODEL_STARTS: Final = 12
"""Steps the switch of a playout onto the compact model counts under duties, times
:func:`_step`: copying the position (6-9 us) and scoring its end by the game's own result
(about 8 us). Calibrated with :data:`DUTY_MODEL_STEP`."""

SEAT_STEP: Final = 0.25
"""What each seat beyond two adds to a playout play's steps in a game without duties: a bigger
trick costs the greedy rule more to weigh (measured against two-player Briscola on the engine:
three-player Briscola 1.16, four-player Brisca 1.40, Alcalde 1.40 and its variation 1.49;
Chiamata, 1.16 with seven players, counts more than it costs)."""

WINNER_STEP: Final = 1.2
"""What a game's own trick winner (not the default: the highest card of the suit led or the
highest trump) multiplies a free play's steps by on the engine: the game's rule judges the trick
at every card the greedy rule weighs (four-player Aluette: 1.86 plays of two-player Briscola,
measured; 1.5 steps counted before)."""

NODE_STEP: Final = 2.5
"""The playout plays a position of an endgame searched on the engine counts for (a copy of the
game, its forced plays, its legal actions and the model's play): measured against a playout
play of the same game, 1.6 in two-player Tute, 3.3 in four-player Tute, 2.1 in Brisca
Rematada, 4 in seven-player Chiamata (1 before)."""

SAMPLE_STEPS: Final = 25
"""The steps of dealing a world on the engine (:meth:`SeatView.sample
<cardrules.engine.SeatView.sample>`), besides :data:`REPLAY_STEP` for each action of the deal
so far, which the world replays, checked. Measured in CPython: 0.2 ms a world in Alcalde or
three-player Briscola early in the deal, 0.4 ms late in seven-player Chiamata or four-player
Tute, 0.5-1 ms late in Brisca Rematada after a long auction, as much as 40 to 200 plays of
two-player Briscola; late in a deal, where a world's playout is short, its dealing cost more
than its playout, and it was not counted: those decisions played all their 160 worlds (in three
deals of seven-player Chiamata, 3.8 s of its 7.7 s went to dealing, up to 90 ms in a
decision)."""

REPLAY_STEP: Final = 1.5
"""The steps each action of the deal so far adds to dealing a world on the engine (see
:data:`SAMPLE_STEPS`)."""

SOLVE_STEP: Final = 2
"""Steps a position of the exact endgame on the model counts
(:func:`~cardrules.bots.endgame.solve_duel`, ``solve_endgame``): a trick's lead or reply on
small values, about three playout plays' CPU (4.2 us against 1.3 us a play, measured on the
same positions of two-player Briscola; :func:`~cardrules.bots.endgame.solve_world`, which it
replaced, copied the world at each position: 7.9 us, about six plays, and counted more of
them). Counted twice, the hard level's decision with eleven cards left stops after 30 to 45
of its worlds (at most 120 differ), with ten after 105 to 145, for two to three times a plain
decision's CPU (93-137 ms against 34-52 in CPython, four greedy deals of two-player
Briscola)."""

CHANCE_PLAYS: Final = 10
"""With ``chance_endgame``, the most cards left (in the hands and the stock, at the decision)
for which the seat's hidden cards are enumerated and the stock's draws searched as chance: at
most three unseen places of two-player Briscola's stock (six orders) and 20 hands of the
opponent: at most some 16,000 positions, the figures shared among the hands (six deals against
the normal level), 32,000 steps of the hard level's 76,800; from eleven, five unseen places
(120 orders): too many."""

INFER_TRIES: Final = 4
"""With ``infer``, the worlds dealt for each world played: one of them is kept, in proportion to
how likely the opponent's plays were in it (:class:`~cardrules.bots.opponents.HandReading`)."""

INFER_STEP: Final = 4
"""Steps each world dealt and weighed for the inference counts (``infer``): at the hard level
the inference cost 25-35% more CPU a decision (CPython, the 76 decisions of two greedy deals of
two-player Briscola, both forms twice in turns: 6.6-7.5 s against 8.2-9.4 s), about 40 us a
world played, some 14 plays of a playout on the model: 3.5 steps a world dealt, counted 4.
(Runs 29 and 30 of ``benchmarks/results/ismcts-log.md`` counted 2, from a first measurement
at 200 worlds that found 15 us a world; their calibration gave ISMCTS the CPU the count left
out.)"""

MIN_WORLDS: Final = 6
"""The fewest worlds a decision plays out, whatever its cost."""

HINT_NOISE: Final = 0.0
"""The noise of a reader's hint: it rates the reader's choices against careful opponents, so
that its chances are what the reader can count on, whoever sits opposite (see
:func:`hint_bot`)."""

_SEARCHED: Final = frozenset({Decision.EXCHANGE, Decision.DECLARED_PLAY, Decision.CLAIM,
                              Decision.CONCEDE, Decision.ANSWER})
"""The kinds of move the bot weighs by search, beside card plays (the rest: tactics or
greedy)."""


@dataclass(frozen=True)
class Estimate:
    """What the search expects of one action."""

    action: Action
    """The action."""
    wins: float
    """The share of worlds in which the bot's side won the deal after it (a draw counts half)."""
    points: float
    """The points the bot's side ended with, on average (tricks in a game scored by tricks)."""
    value: float
    """What the bot weighs: the winning chance plus half the share of the deal's points its
    side took (points break the ties that few worlds leave between winning chances)."""
    worlds: int
    """How many worlds were played out."""
    exact: bool = False
    """Worked out exactly in the one world the seat's view leaves (every card known: two
    players, the stock gone; :func:`~cardrules.bots.endgame.known_endgame`), every seat at its
    best after the action: ``wins`` is then 1, 0.5 or 0 and ``points`` what the side ends with
    (the hint's ``solve_known``)."""


class PimcBot:
    """Samples worlds consistent with its view and plays each action out in each of them.

    A decision stops sampling worlds once their work has made ``budget`` steps (at least
    :data:`MIN_WORLDS` worlds). A step is about a play of two-player Briscola on the engine: a
    play of a free game counts 1, each seat beyond two adds :data:`SEAT_STEP` (times
    :data:`WINNER_STEP` under a trick winner of the game's own, on the engine); on the engine a
    play of a game with duties on card play counts :data:`DUTY_STEP`, an endgame position
    searched :data:`NODE_STEP` plays, and dealing a world :data:`SAMPLE_STEPS` plus
    :data:`REPLAY_STEP` for each action so far; a decision on the engine may spend
    :data:`ENGINE_SHARE` of the budget. So a long game, where each world costs many plays for
    each of many cards, gets fewer worlds, and each decision stays about as quick as one of
    two-player Briscola, which always plays all its worlds on the compact model.
    The budget counts work, not time, so the bot stays reproducible.

    Args:
        worlds: worlds per decision (``LEVELS``: 12 easy, 160 normal, 320 hard).
        budget: the steps of work a decision may spend; ``None`` (the default):
            ``worlds * STEPS_PER_WORLD``; ``0``: no limit (all the worlds).
        time_limit: seconds to stop sampling more worlds after (at least two are played);
            with a limit the bot is no longer reproducible.
        seed: seeds its random source: the same seed and the same deal give the same choices.
        noise: the chance that an opponent plays a random action in a playout (0: everyone
            greedy), a model of opponents less careful than the greedy rule; ``None`` (the
            default) is the probability that they play at random, read from how they have
            played so far (:func:`~cardrules.bots.opponents.carelessness`).
        careful_opponents: in the playouts the opponents play by the careful rule too
            (:func:`~cardrules.bots.playout.careful_card`), as the bot's own side does: the
            reader's hint (:func:`hint_bot`), which weighs the reader's choices against players
            as careful as the reader is assumed to be, not against the greedy rule.
        exact: near the end, a world is solved exactly, every seat at its best
            (:func:`~cardrules.bots.endgame.solve`, minimax), instead of searching the bot's
            own plays against its model of the opponents.
        compact: in plain card play (:func:`~cardrules.bots.compact.plain_play`), and in
            card play with the trump exchange still open under a rule and timing the model
            carries out (:func:`~cardrules.bots.compact.modelled`), deal the worlds, play them
            out and search their endgames on the compact model (:meth:`Start.deal_all
            <cardrules.bots.compact.Start.deal_all>`, as likely as :meth:`SeatView.sample
            <cardrules.engine.SeatView.sample>`'s worlds; :meth:`World.play_guided
            <cardrules.bots.compact.World.play_guided>` and
            :func:`~cardrules.bots.endgame.search_world`, the same actions and figures as on
            the engine), three to five times faster a decision; a playout begun on the engine
            (a view whose unseen cards are not all as likely anywhere) goes on on the model
            from the first trick it covers. ``False``: everything on the engine.
        compact_worlds: the worlds of a decision that runs on the compact model in plain card
            play (its work budget scaled alike); ``None`` (the default): ``worlds``. The levels
            give it twice the worlds (:data:`COMPACT_LEVELS`).
        search_plays: with ``solve_endgame``, a world on the compact model is solved to the
            end, instead of played out, once at most this many cards are left to play after
            the bot's action (else from :data:`~cardrules.bots.endgame.SEARCH_PLAYS`).
        solve_endgame: in a two-player deal (its endgame of perfect information once the stock
            is gone), that search is the exact one on the model, every seat at its best
            (:func:`~cardrules.bots.endgame.solve_duel`: minimax, no model of the opponents),
            each of its positions counting :data:`SOLVE_STEP` steps of the budget, which a
            decision with many different worlds then stops early; else the bot's own plays
            are searched against its model of the opponents
            (:func:`~cardrules.bots.endgame.search_world`). The hard level does so from ten
            cards left (:data:`SOLVED_ENDGAMES`).
        infer: in a two-player deal on the compact model, each world played is one of
            :data:`INFER_TRIES` worlds dealt, kept in proportion to how likely the opponent's
            plays so far were with the hand it deals the opponent
            (:class:`~cardrules.bots.opponents.HandReading`: sampling-importance-resampling, so
            that the worlds lean towards the hands the opponent's plays suggest); each world
            dealt counts :data:`INFER_STEP` steps of the budget. Off by default: at the hard
            level against ISMCTS at equal CPU (two-player Briscola, 100 mirrored pairs a run)
            it won 55.2% of the decided deals on the deals where the hard level won 58.6%, and
            50.0% on those where it won 53.9%: not better (the reading tells little of
            ISMCTS's hand, and costs a quarter more CPU; ``benchmarks/results/ismcts-log.md``,
            runs 29-31).
        solve_known: where the seat knows every card left and few are left
            (:func:`~cardrules.bots.endgame.known_endgame`), each action's figure is exact:
            the one world there is, every seat at its best after it
            (:func:`~cardrules.bots.endgame.solve_choices`; the estimates say ``exact``), as
            the analysis weighs such a decision. The reader's hint does so (:func:`hint_bot`).
        chance_endgame: with ``solve_endgame``, in a two-player deal on the compact model with
            at most :data:`CHANCE_PLAYS` cards left, nothing telling the unseen cards apart
            (:meth:`Start.of_view <cardrules.bots.compact.Start.of_view>`), no trump exchange
            open and no ``infer``, the worlds are not sampled: every hand the opponent may hold
            is taken once, each as likely, and each action's figure in it is
            :func:`~cardrules.bots.endgame.solve_chance`'s (the stock's unseen draws averaged,
            so that no play of the search depends on a draw still to come), each position
            searched counting :data:`SOLVE_STEP` steps of the budget; elsewhere the decision
            is made as without it. The hard level does so (:data:`SOLVED_ENDGAMES`).

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=7)
        >>> PimcBot(worlds=4, seed=1).choose(game.view(0)) in game.legal_actions()
        True
    """

    def __init__(self, worlds: int = LEVELS["normal"], time_limit: float | None = None,
                 seed: int | None = None, noise: float | None = None,
                 budget: int | None = None, careful_opponents: bool = False,
                 exact: bool = False, compact: bool = True,
                 compact_worlds: int | None = None, search_plays: int = SEARCH_PLAYS,
                 solve_endgame: bool = False, infer: bool = False,
                 chance_endgame: bool = False, solve_known: bool = False) -> None:
        self.infer = infer
        self.solve_known = solve_known
        self.chance_endgame = chance_endgame
        self.search_plays = search_plays
        self.solve_endgame = solve_endgame
        self.careful_opponents = careful_opponents
        self.compact = compact
        self.compact_worlds = max(1, compact_worlds or worlds)
        self.exact = exact
        self.worlds = max(1, worlds)
        self.budget = self.worlds * STEPS_PER_WORLD if budget is None else max(0, budget)
        self.time_limit = time_limit
        self.seed = seed
        self.noise = noise
        self._random = random.Random(seed)
        self._greedy = GreedyBot()

    def __repr__(self) -> str:
        more = (f", compact_worlds={self.compact_worlds}"
                if self.compact_worlds != self.worlds else "")
        if self.solve_endgame:
            more += f", search_plays={self.search_plays}, solve_endgame=True"
        if self.infer:
            more += ", infer=True"
        if self.chance_endgame:
            more += ", chance_endgame=True"
        if self.solve_known:
            more += ", solve_known=True"
        return f"PimcBot(worlds={self.worlds}, seed={self.seed!r}{more})"

    def choose(self, view: SeatView) -> Action:
        """The action that did best over the sampled worlds (see the module docstring).

        Raises:
            ValueError: the seat has no legal action (it is not asked to act).
        """
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action now")
        if len(legal) == 1:
            return legal[0]
        decision = decide(view)
        if decision is not None:
            return decision
        candidates = self.candidates(view)
        if len(candidates) < 2:
            return candidates[0] if candidates else self._greedy.choose(view)
        estimates = self.evaluate(view, candidates)
        key = cheapest_key(view)
        best = max(estimates, key=lambda e: (e.value, -_cost(e.action, key)))
        return best.action

    def interject(self, view: SeatView) -> Action | None:
        """A move out of turn, or ``None`` to let the play go on (see
        :func:`~cardrules.bots.interjection`): a declaration (a cante, chosen as
        :mod:`~cardrules.bots.tactics` chooses it in turn), or an exchange that gives the seat
        a stronger card than the one it gives up. It is decided without a search, so that a
        seat that may wait costs the play nothing."""
        if not view.out_of_turn:
            return None
        decision = decide(view)
        if decision is not None:
            return decision
        strength = view.rules.strength
        up = view.turn_up
        for action in view.legal_actions:
            if (isinstance(action, CardMove) and action.decision is Decision.EXCHANGE
                    and up is not None and strength[up.index] > strength[action.card.index]):
                return action
        return None

    def candidates(self, view: SeatView) -> list[Action]:
        """The actions worth searching: in play, the card plays and the moves that change the
        deal (an exchange, a claim, a surrender...); nothing in an auction."""
        if view.phase is not Phase.PLAY and view.phase != Phase("answer"):
            return []
        return [a for a in view.legal_actions
                if isinstance(a, Card) or a.decision in _SEARCHED]

    def evaluate(self, view: SeatView, actions: Sequence[Action] | None = None) -> list[Estimate]:
        """Each action's chance of winning the deal and expected points, over the worlds.

        The hint the terminal and the widget show; the bot plays the best of them.
        """
        actions = list(actions if actions is not None else self.candidates(view))
        if not actions:
            return []
        wins = [0.0] * len(actions)
        points = [0.0] * len(actions)
        values = [0.0] * len(actions)
        played = 0
        for results in self.outcomes(view, actions):
            for i, (won, got, value) in enumerate(results):
                wins[i] += won
                points[i] += got
                values[i] += value
            played += 1
        exact = self._solves(view)
        return [Estimate(a, wins[i] / played, points[i] / played, values[i] / played, played,
                         exact)
                for i, a in enumerate(actions)]

    def _solves(self, view: SeatView) -> bool:
        """Whether this decision is worked out exactly (``solve_known``)."""
        return self.solve_known and known_endgame(view)

    def outcomes(self, view: SeatView, actions: Sequence[Action]) -> Iterator[list[Outcome]]:
        """Each imagined world's :func:`~cardrules.bots.endgame.outcome` of every action, one
        world at a time: every action is played out in the same world (common random deals,
        so that the differences between actions are not the noise of different deals), until
        the worlds, the work budget or the time limit run out (at least :data:`MIN_WORLDS`
        worlds, or two under a time limit); with ``solve_known`` in a known endgame, the one
        world's exact figures. The analysis of a deal pairs them world by world
        (:mod:`cardrules.analysis`); :meth:`evaluate` averages them."""
        if not actions:
            return
        rng = self._random
        if self._solves(view):
            # Every card known: the one world there is, each action solved to the end.
            yield solve_choices(view.sample(rng), view.seat, actions)
            return
        allies = frozenset((view.seat, *view.partners))
        noise = self.noise if self.noise is not None else carelessness(view)
        careful = frozenset(range(view.players)) if self.careful_opponents else allies
        start = time.perf_counter()
        budget = self.budget
        step = _step(view.rules)
        spent = 0.0
        searched: dict[tuple[object, int], Outcome] = {}
        guided = careful_seats(view.rules, allies, careful)
        # In plain card play the worlds are dealt, played out and searched on the compact model
        # (the same playouts and searches, several times faster); else on the engine.
        pending = None
        position = None
        endgame = False
        covered = self.compact and covers(view.rules)
        # Under duties the model carries out (Tute's, Guiñote's), only the playouts go on on the
        # model, once no move is left in their world (plain_play: no marriage, tute or exchange).
        dutiful = self.compact and not covered and duties(view.rules) is not None
        seats = _step(view.rules)  # (a bigger trick costs the model more too)
        # Two players: the endgame is of perfect information once the stock is gone.
        solving = self.solve_endgame and view.players == 2
        moves = _on_model(view, actions) if covered else None
        if moves is not None:
            pending = view.sample(rng)
            endgame = plays_left(pending) <= (self.search_plays if solving else SEARCH_PLAYS) + 1
            if not (endgame and self.exact):
                position = Start.of_view(view, pending, exchange=True)
        worlds = self.worlds
        if (position is not None and position.exchange is None
                and self.compact_worlds != worlds):
            # Cheaper worlds on the model in plain play: more of them, the budget scaled alike.
            budget = budget * self.compact_worlds // worlds
            worlds = self.compact_worlds
        dealing = 0.0
        reading = (HandReading(view) if self.infer and position is not None and view.players == 2
                   else None)
        if reading is not None and not reading.plays:
            reading = None  # nothing to weigh: the worlds as dealt
        if (self.chance_endgame and solving and endgame and position is not None
                and position.exchange is None and reading is None and moves is not None
                and not any(exchange for exchange, _ in moves)
                and plays_left(cast(Game, pending)) <= CHANCE_PLAYS):
            yield from self._every_hand(position, view.seat, [card for _, card in moves], start,
                                        budget, step * SOLVE_STEP)
            return
        if position is None:
            # On the engine: a share of the budget, and each world's dealing counted.
            step = _engine_step(view.rules)
            budget = int(budget * ENGINE_SHARE)
            dealing = SAMPLE_STEPS + REPLAY_STEP * len(view.history)
        for played in range(worlds):
            if (self.time_limit is not None and played >= 2
                    and time.perf_counter() - start > self.time_limit):
                break
            if budget and spent >= budget and played >= MIN_WORLDS:
                break
            results: list[Outcome] = []
            if position is not None:
                if reading is None:
                    hands, stock = position.deal_all(rng)
                else:
                    hands, stock = _weighed_deal(position, reading, rng)
                    spent += INFER_TRIES * INFER_STEP * step
                hidden: object = (
                    (tuple(frozenset(hand) for hand in hands), tuple(stock)) if endgame else ())
                table: Table = {}  # one world's positions, shared by its actions' searches
                for i, (exchange, card) in enumerate(cast("list[tuple[bool, int]]", moves)):
                    dealt = World(position, [hand.copy() for hand in hands], [], rng.random,
                                  stock)
                    if exchange:
                        dealt.exchange(card)
                    else:
                        dealt.play(card)
                    if not endgame:
                        spent += (1 + dealt.play_guided(noise, allies, guided)) * step
                        results.append(dealt.outcome(view.seat))
                        continue
                    # Near the end: the bot's own plays searched (the same world may come again).
                    found = (hidden, i)
                    if found not in searched:
                        searched[found], nodes = (
                            solve_duel(dealt, view.seat, table) if solving
                            else search_world(dealt, view.seat, allies, noise))
                        spent += nodes * step * (SOLVE_STEP if solving else 1)
                    results.append(searched[found])
                yield results
                continue
            world = pending if pending is not None else view.sample(rng)
            pending = None
            spent += dealing
            begun = len(world.log)
            for i, action in enumerate(actions):
                trial = world.clone()
                trial.play(action)
                if plays_left(trial) <= SEARCH_PLAYS:
                    # Near the end: the bot's own plays searched (the same world may come again).
                    key = (_hidden(world), i)
                    if key not in searched:
                        if covered and not self.exact and modelled(trial):
                            searched[key], nodes = search_world(
                                cast(Start, Start.of_world(trial, exchange=True)).deal(rng),
                                view.seat, allies, noise)
                            spent += nodes * step
                        else:
                            searched[key], nodes = (
                                solve(trial, view.seat) if self.exact
                                else search(trial, view.seat, allies, noise))
                            spent += nodes * step * NODE_STEP
                    results.append(searched[key])
                elif covered:
                    # On the engine until plain card play begins, then on the compact model.
                    playout(trial, rng, noise, allies, careful, _worth_the_model)
                    plays = len(trial.log) - begun
                    if trial.is_over:
                        results.append(outcome(trial, view.seat))
                    else:
                        rest = cast(Start, Start.of_world(trial, exchange=True)).deal(rng)
                        plays += rest.play_guided(noise, allies, guided)
                        results.append(rest.outcome(view.seat))
                    spent += plays * step
                elif dutiful:
                    # The same, under duties: the model's plays count what they cost.
                    playout(trial, rng, noise, allies, careful, _worth_the_duty_model)
                    spent += (len(trial.log) - begun) * step
                    if trial.is_over:
                        results.append(outcome(trial, view.seat))
                    else:
                        rest = cast(Start, Start.of_world(trial, duty=True)).deal(rng)
                        plays = rest.play_guided(noise, allies, guided)
                        spent += (DUTY_MODEL_STARTS + plays * DUTY_MODEL_STEP) * seats
                        results.append(rest.outcome(view.seat))
                else:
                    playout(trial, rng, noise, allies, careful)
                    spent += (len(trial.log) - begun) * step
                    results.append(outcome(trial, view.seat))
            yield results

    def _every_hand(self, position: Start, seat: int, cards: list[int], begun: float,
                    budget: float, step: float) -> Iterator[list[Outcome]]:
        """``chance_endgame``'s figures: for each hand the opponent may hold (every one, in an
        order drawn at random), each card's :func:`~cardrules.bots.endgame.solve_chance` with
        the rest of the unseen cards in the stock's unseen places. Each position searched
        counts ``step`` steps of ``budget``, which stops the hands after :data:`MIN_WORLDS`
        (the time limit after two)."""
        pool = position.pool
        missing = position.missing
        assert len(missing) <= 1 and all(s != seat for s, _ in missing)
        held = [list(c) for c in combinations(pool, missing[0][1])] if missing else [[]]
        self._random.shuffle(held)
        table: Table = {}  # the position's, shared by every hand (see solve_chance)
        spent = 0.0
        for played, hand in enumerate(held):
            if (self.time_limit is not None and played >= 2
                    and time.perf_counter() - begun > self.time_limit):
                break
            if budget and spent >= budget and played >= MIN_WORLDS:
                break
            hands = [list(known) for known in position.hands]
            if missing:
                hands[missing[0][0]] += hand
            rest = [c for c in pool if c not in hand]
            results = []
            for card in cards:
                world = World(position, [h.copy() for h in hands], rest.copy(),
                              self._random.random)
                got, nodes = solve_chance(world, seat, table, card)
                spent += nodes * step
                results.append(got)
            yield results


def _weighed_deal(position: Start, reading: HandReading,
                  rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """One of :data:`INFER_TRIES` worlds of ``position``, each kept with a probability in
    proportion to ``reading``'s weight of the hand it deals the opponent (a weighted draw kept
    as they come: the k-th replaces the one kept with its weight's share of the weights so
    far)."""
    seat = reading.seat
    weight = reading.weight
    kept = position.deal_all(rng)
    total = weight(kept[0][seat])
    for _ in range(INFER_TRIES - 1):
        dealt = position.deal_all(rng)
        found = weight(dealt[0][seat])
        total += found
        if rng.random() * total < found:
            kept = dealt
    return kept


def _on_model(view: SeatView, actions: Sequence[Action]) -> list[tuple[bool, int]] | None:
    """How a compact world makes each of ``actions``: (whether it is the exchange, the card
    played or given), or ``None`` when one is not a card play nor the seat's own exchange in
    its turn (a move the model does not make, or an exchange out of turn)."""
    moves = []
    for action in actions:
        if isinstance(action, Card):
            moves.append((False, action.index))
        elif (isinstance(action, CardMove) and action.decision is Decision.EXCHANGE
              and view.current_player == view.seat):
            moves.append((True, action.card.index))
        else:
            return None
    return moves


def _worth_the_model(game: Game) -> bool:
    """Whether a playout on the engine should go on on the compact model from here: where the
    model plays it (:func:`~cardrules.bots.compact.modelled`: plain card play, or the trump
    exchange open under a rule and timing the model carries out) with enough plays left to pay
    for copying the position into the model."""
    return modelled(game) and plays_left(game) >= MODEL_PLAYS


def _worth_the_duty_model(game: Game) -> bool:
    """:func:`_worth_the_model` under duties the model carries out
    (:func:`~cardrules.bots.compact.duties`): plain card play, no move left in this world,
    with at least :data:`DUTY_MODEL_PLAYS` plays left."""
    return plain_play(game) and plays_left(game) >= DUTY_MODEL_PLAYS


def hint_bot(worlds: int, seed: int | None = None,
             time_limit: float | None = None) -> PimcBot:
    """The search bot that weighs a reader's choices (the terminal's and the widget's hint):
    every seat plays its imagined deals out by the same careful rule, so a choice's winning
    chance is not flattered by opponents weaker than the reader is assumed to be; and once the
    reader knows every card left (two players, the stock gone, at most
    :data:`~cardrules.bots.endgame.EXACT_PLAYS` cards), each choice is worked out exactly,
    every seat at its best (``solve_known``), as the analysis of the deal weighs it.

    Examples:
        >>> from cardrules import new_game
        >>> game = new_game("briscola", players=2, seed=7)
        >>> estimates = hint_bot(worlds=4, seed=1).evaluate(game.view(0))
        >>> {e.action for e in estimates} == set(game.legal_actions())
        True
    """
    return PimcBot(worlds=worlds, seed=seed, noise=HINT_NOISE, time_limit=time_limit,
                   careful_opponents=True, solve_known=True)


def _hidden(world: Game) -> object:
    """What tells one sampled world from another: the hands and the order of the stock (the
    rest replays the real deal)."""
    return (tuple(frozenset(hand) for hand in world.hands), world.stock, tuple(world.talon))


def _step(rules: Rules) -> float:
    """The steps a playout play counts under these rules on the compact model (see
    :class:`PimcBot`; the model plays only free card play)."""
    return 1 + SEAT_STEP * (rules.players - 2)


def _engine_step(rules: Rules) -> float:
    """The steps a playout play counts under these rules on the engine (see :class:`PimcBot`):
    :data:`DUTY_STEP` with duties on card play, else :func:`_step`, times :data:`WINNER_STEP`
    under a trick winner of the game's own."""
    if not rules.free_play:
        return DUTY_STEP
    own_winner = type(rules).trick_winner is not Rules.trick_winner
    return _step(rules) * (WINNER_STEP if own_winner else 1)


def _cost(action: Action, key: object) -> int:
    """Among equal estimates, prefer the cheaper card (and a card to a move)."""
    if isinstance(action, Card):
        k = key(action)  # type: ignore[operator]
        return int(k[0] * 1000 + k[1] * 100 + k[2])
    return 10**6
