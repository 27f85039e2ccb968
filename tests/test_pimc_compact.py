"""The search bot's playouts on the compact model (``World.play_guided``) play the cards the
engine's playout (``cardrules.bots.playout.playout``) plays, and make the trump exchanges it
makes, at every position of every game the model covers (plain card play, and card play with
the exchange still open, under every rule and timing the model carries out), and the worlds the
bot deals there (``Start.deal_all``) agree with its view."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from examples_share import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import GAMES, Action, Card, Game, Phase, new_game, rules_for
from cardrules.bots import COMPACT_LEVELS, LEVELS, GreedyBot, PimcBot, make_bot
from cardrules.bots.compact import (
    CARDS,
    Start,
    World,
    _Ending,
    covers,
    duties,
    exchange_rule,
    modelled,
    plain_play,
)
from cardrules.bots.endgame import SEARCH_PLAYS, outcome, plays_left, search, search_world
from cardrules.bots.playout import careful_seats, playout

COVERED = [(game, players) for game, rules in GAMES.items() for players in rules.player_counts
           if covers(rules_for(game, players))]
"""Every game and player count whose play the compact model covers, at the default options."""


def _positions(game: str, players: int, seed: int) -> list[Game]:
    """Every position of a deal played by the greedy bot (seeded by the deal) that the search
    bot's playouts play on the compact model (plain card play, or the exchange still open),
    each a copy: leads, middle seats and last seats, the stock full to empty."""
    world = new_game(game, players=players, seed=seed)
    greedy = GreedyBot()
    found = []
    while not world.is_over:
        if modelled(world):
            found.append(world.clone())
        seat = world.current_player
        assert seat is not None
        world.play(greedy.choose(world.view(seat)))
    return found


def _briscola_after(tricks: int, seed: int) -> Game:
    """A two-player Briscola deal played by the greedy bot until ``tricks`` tricks are done."""
    game = new_game("briscola", players=2, seed=seed)
    greedy = GreedyBot()
    while len(game.tricks) < tricks:
        game.play(greedy.choose(game.view(game.current_player)))  # type: ignore[arg-type]
    return game


def _models(world: Game) -> list[tuple[float, frozenset[int], frozenset[int] | None]]:
    """The playouts the bots ask for at ``world``: (noise, allies, careful seats): the search
    bot of the seat to play and of the next seat (its side careful, its opponents greedy, at
    random with some noise or none) and the hint (every seat careful)."""
    seat = world.current_player
    assert seat is not None
    models: list[tuple[float, frozenset[int], frozenset[int] | None]] = []
    for who in (seat, (seat + 1) % world.players):
        side = next((s for s in world.sides if who in s), (who,))
        allies = frozenset(side)
        models += [(0.0, allies, None), (0.3, allies, None)]
    models.append((0.0, frozenset((seat,)), frozenset(range(world.players))))
    return models


def _actions(world: Game, compact: World) -> list[Action]:
    """The actions a compact playout made from ``world``, as the engine logs them: the cards
    played, each exchange before the card that followed it."""
    rule = world.rules.trump_exchange()
    actions: list[Action] = []
    exchanges = iter(compact.exchanges)
    made = next(exchanges, None)
    for k in range(len(world.trick), len(compact.played) + 1):
        while made is not None and made[0] == k:
            assert rule is not None
            actions.append(rule.move(CARDS[made[2]]))
            made = next(exchanges, None)
        if k < len(compact.played):
            actions.append(CARDS[compact.played[k]])
    assert made is None
    return actions


def _same_playouts(world: Game, models: list[tuple[float, frozenset[int], frozenset[int] | None]]
                   ) -> int:
    """Play ``world`` out on the engine and on the compact model under each of ``models``
    (noise, allies, careful seats), with the same source of chance: the same actions, points
    and outcomes. The exchanges the compact playouts made."""
    start = Start.of_world(world, exchange=True)
    assert start is not None
    exchanges = 0
    for k, (noise, allies, careful) in enumerate(models):
        engine = world.clone()
        playout(engine, random.Random(k), noise, allies, careful)
        # Of a whole world, the deal draws nothing: the playout has the same chances.
        compact = start.deal(random.Random(k))
        plays = compact.play_guided(noise, allies, careful_seats(world.rules, allies, careful))
        actions = _actions(world, compact)
        assert actions == engine.log[len(world.log):]
        assert plays == len(actions)
        assert compact.over and compact.points == engine.points
        for seat in range(world.players):
            assert compact.outcome(seat) == outcome(engine, seat)
        # The game's own state as a result would read it: the exchanges made, as the engine's.
        ending = _Ending(start, tuple(compact.points), compact)
        assert ending.details == engine.details
        exchanges += len(compact.exchanges)
    return exchanges


@pytest.mark.parametrize(("game", "players"), COVERED)
def test_the_compact_playout_plays_the_engines_cards(game: str, players: int) -> None:
    positions = opened = exchanges = 0
    for seed in range(8):
        found = _positions(game, players, seed)
        # Every other position (leads and replies both come round), or every one where the
        # deal is short.
        for world in found[::2] if len(found) > 12 else found:
            positions += 1
            opened += not plain_play(world)
            exchanges += _same_playouts(world, _models(world))
        if positions >= 30:
            break
    assert positions >= 30
    if exchange_rule(rules_for(game, players)) is not None:  # (exchanges made: see below)
        assert opened >= 3


VARIANTS: list[tuple[str, int, dict[str, object]]] = [
    ("briscola", 2, {}),  # the Italian exchange in the first trick
    ("brisca", 2, {"exchange_timing": "own-turn"}),
    ("brisca", 4, {"exchange_timing": "before-penultimate"}),
    ("brisca", 2, {"exchange_needs_trick": False, "exchange_timing": "before-penultimate"}),
    ("briscas", 2, {"exchange_two_until": "first-trick"}),
    ("briscas", 4, {"exchange_seven_waits": "while-two-held"}),
    ("briscas", 2, {"exchange_seven_waits": "while-two-held", "exchange_timing": "own-turn"}),
    ("briscola", 4, {"exchange": "spanish", "exchange_timing": "own-turn"}),
    ("briscola", 2, {"exchange": "puerto-rico", "exchange_timing": "first-trick"}),
    ("brisca", 3, {}),  # no 2s in the pack: the 7 alone takes a card
    ("brisca", 2, {"trump_suit": "B"}),  # a turned-up card of another suit: never exchanged
]
"""Every exchange rule and timing the model carries out, and the conditions they read."""


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS)
def test_the_compact_model_offers_the_exchange_when_the_engine_does(
        game: str, players: int, options: dict[str, object]) -> None:
    # Deals played at random, exchanges out of turn too; at every position the model plays,
    # the exchange the model offers the seat to play is the engine's, and where one is offered
    # and every few positions, the playouts agree.
    assert exchange_rule(rules_for(game, players, options)) is not None
    offered = checked = made = 0
    for seed in range(16):
        if checked >= 10 and made >= 2:
            break
        world = new_game(game, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        rule = world.rules.trump_exchange()
        assert rule is not None
        while not world.is_over:
            if modelled(world):
                start = Start.of_world(world, exchange=True)
                assert start is not None
                offer = start.deal(rng).offer()
                moves = [a for a in world.legal_actions() if not isinstance(a, Card)]
                assert moves == ([rule.move(CARDS[offer])] if offer >= 0 else [])
                offered += offer >= 0
                if offer >= 0 or len(world.log) % 5 == 0:
                    seat = world.current_player
                    assert seat is not None
                    made += _same_playouts(world, [(0.4, frozenset((seat,)), None),
                                                   (0.0, frozenset(), None)])
                    checked += 1
            out = [a for moves in world.out_of_turn_actions().values() for a in moves]
            legal = world.legal_actions() + out
            world.play(legal[rng.randrange(len(legal))])
    assert checked >= 10
    assert min(offered, made) >= (0 if "trump_suit" in options else 1)


def test_the_model_declines_the_exchanges_it_does_not_carry_out() -> None:
    # Tute's exchange after a won trick, Guiñote's 7 alone, a claim beside the exchange: never
    # on the model while the exchange is open. Puerto Rico's 7 waiting only while the 2 is in a
    # hand: on the model from a whole world, not from a seat's view (the seat's own exchange,
    # and the exchanges it saw, tell where the 2 lies).
    for game, players, options in (("tute", 2, {}), ("guinote", 2, {}),
                                   ("brisca", 2, {"claim": True})):
        world = new_game(game, players=players, seed=1, options=options)
        assert exchange_rule(world.rules) is None
        assert not modelled(world) and Start.of_world(world, exchange=True) is None
    world = new_game("briscas", players=2, seed=1,
                     options={"exchange_seven_waits": "while-two-held"})
    view = world.view(0)
    assert Start.of_world(world, exchange=True) is not None
    assert Start.of_view(view, view.sample(random.Random(0)), exchange=True) is None
    # Without ``exchange`` (the endgame's search, ISMCTS), plain card play only.
    world = new_game("brisca", players=2, seed=1)
    assert modelled(world) and not plain_play(world)
    assert Start.of_world(world) is None
    assert Start.of_view(world.view(0), world.clone()) is None


@pytest.mark.parametrize(("game", "players"), [("briscola", 2), ("briscas", 4), ("brisca", 3),
                                               ("brisca", 2)])
def test_the_compact_endgame_search_finds_the_engines_figures(game: str, players: int) -> None:
    # Positions near the end, the exchange still open in some (the last tricks before the
    # turned-up card is drawn, in Brisca and Briscas).
    searched = 0
    for seed in range(3):
        for world in _positions(game, players, seed):
            if plays_left(world) > SEARCH_PLAYS:
                continue
            seat = world.current_player
            assert seat is not None
            side = frozenset(next((s for s in world.sides if seat in s), (seat,)))
            start = Start.of_world(world, exchange=True)
            assert start is not None
            for noise in (0.0, 0.4):
                engine = search(world.clone(), seat, side, noise)
                compact = search_world(start.deal(random.Random(0)), seat, side, noise)
                assert compact == engine
                searched += 1
    assert searched >= 20


@pytest.mark.parametrize("game", ["brisca", "briscas"])
def test_the_compact_endgame_search_weighs_the_exchange_as_the_engine_does(game: str) -> None:
    # Two-player deals whose cards are played at random, no exchange made, until the seat to
    # play may exchange near the end: searched for its side (the exchange one of its choices)
    # and for the other (the modelled opponent takes it, or, careless, may not).
    found = 0
    for seed in range(40):
        world = new_game(game, players=2, seed=seed)
        rng = random.Random(seed)
        while not world.is_over:
            seat = world.current_player
            assert seat is not None
            legal = world.legal_actions()
            cards = [a for a in legal if isinstance(a, Card)]
            if plays_left(world) <= SEARCH_PLAYS and len(legal) > len(cards):
                start = Start.of_world(world, exchange=True)
                assert start is not None and start.exchange is not None
                for whom in (seat, 1 - seat):
                    for noise in (0.0, 0.4):
                        engine = search(world.clone(), whom, frozenset((whom,)), noise)
                        compact = search_world(start.deal(random.Random(0)), whom,
                                               frozenset((whom,)), noise)
                        assert compact == engine
                found += 1
                break
            world.play(cards[rng.randrange(len(cards))])
        if found == 3:
            break
    assert found == 3


def _brisca_after_an_exchange(seed: int) -> Game:
    """A two-player Brisca deal played by the greedy bot until the seat to lead holds no card
    the other seat has seen, and the other holds the turned-up card it took in an exchange,
    the new one still under the stock."""
    game = new_game("brisca", players=2, seed=seed)
    greedy = GreedyBot()
    taken: set[Card] = set()
    while game.turn_up is not None:
        seat = game.current_player
        assert seat is not None
        if not game.trick and taken & set(game.hands[1 - seat]) and not taken & set(
                game.hands[seat]):
            return game
        action = greedy.choose(game.view(seat))
        if not isinstance(action, Card):
            taken.add(game.turn_up)
        game.play(action)
    raise AssertionError("no such position in this deal")


@pytest.mark.parametrize("where", ["briscola in plain play", "brisca after an exchange"])
def test_a_whole_world_dealt_at_once_agrees_with_the_view(where: str) -> None:
    exchange = where.startswith("brisca ")
    game = _brisca_after_an_exchange(2) if exchange else _briscola_after(5, seed=11)
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    start = Start.of_view(view, view.sample(random.Random(1)), exchange=True)
    unseen = view.unseen()
    assert start is not None and unseen is not None
    assert (start.exchange is not None) == exchange
    other = 1 - seat
    # The other hand's cards the seat has seen (the turned-up card it took in an exchange).
    known = set(start.hands[other])
    assert bool(known) == exchange
    unseen_indexes = {c.index for c in unseen}
    rng = random.Random(3)
    in_hand: Counter[int] = Counter()
    on_top: Counter[int] = Counter()
    worlds = 2000
    for _ in range(worlds):
        hands, stock = start.deal_all(rng)
        assert sorted(hands[seat]) == sorted(c.index for c in view.hand)
        assert len(hands[other]) == len(game.hands[other]) and known <= set(hands[other])
        assert len(stock) == game.stock_size
        assert stock[-1] == view.turn_up.index  # type: ignore[union-attr]
        dealt = [c for c in hands[other] if c not in known]
        assert sorted([*dealt, *stock[:-1]]) == sorted(unseen_indexes)  # each unseen card once
        in_hand.update(dealt)
        on_top[stock[0]] += 1
        # The world plays out to the end from a copy of its hands, every card once.
        world = World(start, [hand.copy() for hand in hands], [], rng.random, stock)
        world.play_guided(0.0, frozenset((seat,)), frozenset((seat,)))
        assert world.over and sum(world.points) == 120
    # Each unseen card as likely in the other hand, and on top of the stock.
    for counts, share in ((in_hand, len(dealt) * worlds / len(unseen)),
                          (on_top, worlds / len(unseen))):
        assert set(counts) == unseen_indexes
        assert all(abs(n - share) < 5 * share ** 0.5 for n in counts.values())


def test_the_search_bot_deals_on_the_model_only_where_it_applies() -> None:
    # Two-player Briscola far from the end: the compact form. A bot of either form weighs every
    # card, repeats itself for a seed, and, with many worlds, rates the cards alike (the engine's
    # form with no work budget, which on the engine would stop it sooner: the same worlds).
    game = _briscola_after(3, seed=4)
    greedy = GreedyBot()
    view = game.view(game.current_player)  # type: ignore[arg-type]
    fast = PimcBot(worlds=300, seed=5).evaluate(view)
    again = PimcBot(worlds=300, seed=5).evaluate(view)
    slow = PimcBot(worlds=300, seed=5, compact=False, budget=0).evaluate(view)
    assert fast == again
    assert [e.action for e in fast] == [e.action for e in slow] == list(view.legal_actions)
    assert fast != slow  # other worlds: the model deals them itself
    for a, b in zip(fast, slow, strict=True):
        assert a.worlds == b.worlds == 300
        assert abs(a.value - b.value) < 0.12
    # In the first trick (the exchange open), the worlds dealt and played on the model: the
    # engine's figures within their noise. Near the end, the worlds searched on the model: the
    # same figures as the engine's search of other worlds, within their noise; solved exactly
    # (on the engine), the same figures.
    compared = 0
    for seed in range(2):
        game = new_game("briscola", players=2, seed=seed)
        fast = PimcBot(worlds=200, seed=6).evaluate(game.view(0))
        slow = PimcBot(worlds=200, seed=6, compact=False, budget=0).evaluate(game.view(0))
        assert [e.action for e in fast] == [e.action for e in slow]
        assert fast != slow
        assert all(abs(a.value - b.value) < 0.12 for a, b in zip(fast, slow, strict=True))
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            if len(view.legal_actions) > 1 and game.stock_size + len(game.trick) <= 2:
                assert PimcBot(worlds=12, seed=6, exact=True).evaluate(view) == PimcBot(
                    worlds=12, seed=6, exact=True, compact=False).evaluate(view)
                if game.stock_size == 2 and not game.trick:
                    fast = PimcBot(worlds=200, seed=6).evaluate(view)
                    slow = PimcBot(worlds=200, seed=6, compact=False, budget=0).evaluate(view)
                    assert [e.action for e in fast] == [e.action for e in slow]
                    assert fast != slow
                    assert all(abs(a.value - b.value) < 0.12
                               for a, b in zip(fast, slow, strict=True))
                    compared += 1
            game.play(greedy.choose(view))
    assert compared == 2
    # The bot's own exchange weighed on the model: the engine's figures within their noise.
    game = new_game("brisca", players=2, seed=2)
    while not game.is_over and all(isinstance(a, Card) for a in game.legal_actions()):
        game.play(greedy.choose(game.view(game.current_player)))  # type: ignore[arg-type]
    view = game.view(game.current_player)  # type: ignore[arg-type]
    fast = PimcBot(worlds=200, seed=6).evaluate(view)
    slow = PimcBot(worlds=200, seed=6, compact=False, budget=0).evaluate(view)
    assert [e.action for e in fast] == [e.action for e in slow] == list(view.legal_actions)
    assert fast != slow
    assert all(abs(a.value - b.value) < 0.12 for a, b in zip(fast, slow, strict=True))
    # Where the seat's view cannot be dealt on the model (Puerto Rico's 7 waiting while the 2
    # is in a hand: the 2's place not as likely anywhere), the worlds sampled and played as on
    # the engine until the model takes the playouts over, the exchange still open: the
    # engine's figures, bit for bit, the bot's own exchange weighed among them.
    weighed = exchanges = 0
    for seed in range(8):
        game = new_game("briscas", players=2, seed=seed,
                        options={"exchange_seven_waits": "while-two-held"})
        while not game.is_over and game.turn_up is not None and weighed < 6:
            view = game.view(game.current_player)  # type: ignore[arg-type]
            if len(game.legal_actions()) > 1 and (len(game.log) % 4 == 0 or any(
                    not isinstance(a, Card) for a in game.legal_actions())):
                assert PimcBot(worlds=12, seed=6).evaluate(view) == PimcBot(
                    worlds=12, seed=6, compact=False).evaluate(view)
                weighed += 1
                exchanges += not all(isinstance(a, Card) for a in game.legal_actions())
            game.play(greedy.choose(view))
    assert weighed == 6 and exchanges >= 1
    tute = new_game("tute", players=2, seed=4)
    view = tute.view(tute.current_player)  # type: ignore[arg-type]
    assert not covers(tute.rules)
    assert PimcBot(worlds=6, seed=6).evaluate(view) == PimcBot(
        worlds=6, seed=6, compact=False).evaluate(view)
    assert all(isinstance(e.action, Card) for e in PimcBot(worlds=6, seed=6).evaluate(view))


def test_the_levels_weigh_twice_the_worlds_on_the_compact_model() -> None:
    # Far from the end of two-player Briscola: the compact model, the level's compact worlds;
    # the first trick (on the model, the exchange open) and Tute: the level's worlds.
    assert all(COMPACT_LEVELS[level] >= LEVELS[level] for level in LEVELS)
    plain = _briscola_after(3, seed=4)
    first = new_game("briscola", players=2, seed=4)
    tute = new_game("tute", players=2, seed=4)
    bot = make_bot("pimc", seed=1, level="normal")
    assert isinstance(bot, PimcBot)
    view = plain.view(plain.current_player)  # type: ignore[arg-type]
    assert {e.worlds for e in bot.evaluate(view)} == {COMPACT_LEVELS["normal"]}
    # On the model with the exchange open (two-player Brisca's first lead): the level's worlds,
    # as far as its work budget allows (a world of 40 cards costs it a little more than 120).
    stock = new_game("brisca", players=2, seed=4)
    view = stock.view(0)
    assert Start.of_view(view, view.sample(random.Random(0)), exchange=True) is not None
    (worlds,) = {e.worlds for e in bot.evaluate(view)}
    assert LEVELS["normal"] * 9 // 10 <= worlds <= LEVELS["normal"]
    # The first trick, the exchange open, and Tute's long deals: the level's worlds, as far as
    # its work budget allows, as the bot with only those worlds weighs them.
    bot = make_bot("pimc", seed=1, level="easy")
    assert isinstance(bot, PimcBot) and bot.compact_worlds == LEVELS["easy"] == 12
    bot.compact_worlds = 24  # as if the easy level had more worlds on the model
    for game in (first, tute):
        view = game.view(game.current_player)  # type: ignore[arg-type]
        engine = PimcBot(worlds=LEVELS["easy"], seed=1)
        assert ({e.worlds for e in bot.evaluate(view)}
                == {e.worlds for e in engine.evaluate(view)})
    # A number of worlds asked for is the number on either model.
    asked = make_bot("pimc", seed=1, worlds=30)
    assert isinstance(asked, PimcBot)
    view = plain.view(plain.current_player)  # type: ignore[arg-type]
    assert {e.worlds for e in asked.evaluate(view)} == {30}


# Tute and Guiñote: the duties on the model, the declarations closed for good -----------------

TUTE_VARIANTS: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (2, {"stock_duty": "free", "exchange": "none"}),
    (2, {"stock_duty": "trumps", "exchange": "none", "tie": "draw"}),
    (2, {"stock_duty": "full", "trump_duty": "always", "capote": "all-tricks"}),
    (2, {"two_player_cards": 6, "cantes_after_stock": False, "capote": "after-stock"}),
    (2, {"tute": False, "scoring": "points", "two_games": "121-with-cantes"}),
    (3, {"trump_duty": "always"}),
    (4, {}),
    (4, {"partner_exempt": True, "trump_duty": "always"}),
    (4, {"capote": "all-tricks", "two_games": "121-with-cantes", "tie": "draw"}),
]
"""Tute's player counts and the options that change its duties, its declarations and its
end, as the compact model must play and score them."""

GUINOTE_VARIANTS: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (2, {"exchange": False}),
    (2, {"cards": 48, "exchange_low": False}),
    (2, {"cards": 36, "cante_pair": "king-knight", "exchange": False}),
    (4, {}),
    (4, {"partner_exempt": False, "cante_by": "winner", "exchange": False}),
    (4, {"exchange_after": "own-trick", "cards": 48}),
]
"""Guiñote's player counts and the options that change its duties (none while the stock lasts,
the partner's trick), its cantes, its exchange and its pack, as the compact model must play and
score them (a deal de vueltas stays on the engine)."""

REMATADA_VARIANTS: list[tuple[int, dict[str, object]]] = [
    (3, {}),
    (3, {"first_lead": "declarer", "scoring": "game"}),
]
"""Brisca Rematada's options that change its play's first lead and its result."""

DUTY_VARIANTS: list[tuple[str, int, dict[str, object]]] = [
    *(("tute", players, options) for players, options in TUTE_VARIANTS),
    *(("guinote", players, options) for players, options in GUINOTE_VARIANTS),
    *(("rematada", players, options) for players, options in REMATADA_VARIANTS),
]
"""The games with duties on card play the model carries out, and their variants."""


def _random_deal(game: str, players: int, options: dict[str, object], seed: int,
                 rnd: random.Random, greedy: bool = False) -> Iterator[Game]:
    """Each position of a deal of ``game`` played at random (moves out of turn too) or by the
    greedy bot, the live game itself (copy it to keep it)."""
    world = new_game(game, players=players, seed=seed, options=options)
    bot = GreedyBot()
    while not world.is_over:
        yield world
        seat = world.current_player
        assert seat is not None
        if greedy:
            world.play(bot.choose(world.view(seat)))
            continue
        out = [a for moves in world.out_of_turn_actions().values() for a in moves]
        legal = world.legal_actions() + out
        world.play(legal[rnd.randrange(len(legal))])


@settings(max_examples=examples(150), deadline=None)
@given(variant=st.sampled_from(DUTY_VARIANTS), seed=st.integers(0, 10**6),
       rnd=st.randoms(use_true_random=True), greedy=st.booleans())
def test_the_model_allows_the_cards_the_engine_allows(
        variant: tuple[str, int, dict[str, object]], seed: int, rnd: random.Random,
        greedy: bool) -> None:
    # At every card of a deal, stock or none, declarations open or not: the model's legal
    # cards (World.legal) are the engine's, in the engine's order (a careless seat's random
    # card is picked from them by position).
    game, players, options = variant
    rules = rules_for(game, players, options)
    assert duties(rules) is not None and not covers(rules)
    for world in _random_deal(game, players, options, seed, rnd, greedy):
        if world.phase is not Phase.PLAY:
            continue
        compact = Start(world).deal(random.Random(0))
        cards = [a.index for a in world.legal_actions() if isinstance(a, Card)]
        assert compact.legal() == cards


@settings(max_examples=examples(90), deadline=None)
@given(variant=st.sampled_from(DUTY_VARIANTS), seed=st.integers(0, 10**6),
       rnd=st.randoms(use_true_random=True), greedy=st.booleans())
def test_the_declarations_close_only_for_good(
        variant: tuple[str, int, dict[str, object]], seed: int, rnd: random.Random,
        greedy: bool) -> None:
    # A move rule of the play that says it is no longer possible (still_possible: what lets
    # the play onto the model) offers no seat a move it allows, then or at any later position.
    game, players, options = variant
    rules = rules_for(game, players, options)
    closed: set[int] = set()
    for world in _random_deal(game, players, options, seed, rnd, greedy):
        if world.phase is not Phase.PLAY:
            continue
        for i, rule in enumerate(rules.move_rules):
            if not rule.enabled:
                continue
            if rule.still_possible(world):
                assert i not in closed, f"{type(rule).__name__} open again"
                continue
            closed.add(i)
            for seat in range(players):
                assert not [m for m in rule.offers(world, seat)
                            if rule.check(world, seat, m) is None]
    # (A marriage split between two hands or half played is common: the rules do close.)


@pytest.mark.parametrize(("game", "players", "options"), DUTY_VARIANTS)
def test_playouts_under_duties_on_the_model_play_the_engines_cards(
        game: str, players: int, options: dict[str, object]) -> None:
    # From every position of plain card play (no declaration nor exchange possible any more)
    # of greedy and random deals: the search bot's playouts on the model play the engine's
    # cards, with its points, its last trick's ten, its outcomes and its whole result.
    positions = mid_trick = stock = 0
    for seed in range(60):
        rnd = random.Random(seed)
        for world in _random_deal(game, players, options, seed, rnd, greedy=seed % 2 == 0):
            if not plain_play(world) or rnd.random() < 0.5:
                continue
            start = Start.of_world(world, duty=True)
            assert start is not None and start.duties is not None
            assert Start.of_world(world) is None  # (the other searches: free play only)
            positions += 1
            mid_trick += bool(world.trick)
            stock += world.stock_size > 0
            for k, (noise, allies, _) in enumerate(_models(world)[:4]):
                engine = world.clone()
                playout(engine, random.Random(k), noise, allies)
                compact = start.deal(random.Random(k))
                plays = compact.play_guided(noise, allies, careful_seats(world.rules, allies))
                assert [CARDS[c] for c in compact.played[len(world.trick):]] == (
                    engine.log[len(world.log):])
                assert plays == len(engine.log) - len(world.log)
                assert compact.over
                assert start.result(compact.points, compact) == engine.result
                for seat in range(players):
                    assert compact.outcome(seat) == outcome(engine, seat)
        if positions >= 40:
            break
    assert positions >= 40 and mid_trick >= 10
    if options.get("exchange") in ("none", False):
        assert stock  # the stock's duty on the model (all declarations out of reach early)


def test_the_model_leaves_tute_to_the_engine_while_a_declaration_is_possible() -> None:
    # The first lead of a deal: marriages possible, no position for the model; three players
    # with the 40th card turned up for good: not on the model at all.
    for game in ("tute", "guinote"):
        for players in (2, 4):
            world = new_game(game, players=players, seed=3)
            assert world.moves_open and not plain_play(world)
            assert Start.of_world(world, duty=True) is None
    assert duties(rules_for("tute", 3, {"three_player_pack": "all-40"})) is None
    assert duties(rules_for("brisca", 2)) is None  # free play: the model's own rules
    # Guiñote de vueltas ends at 101 during the play (a rule after each trick): the engine's.
    vueltas = {"vueltas_first": 60, "vueltas_second": 45}
    assert duties(rules_for("guinote", 2, vueltas)) is None
    assert duties(rules_for("guinote", 4)) is not None
    assert duties(rules_for("rematada", 3, {"duties": "none"})) is None  # free play


@pytest.mark.parametrize(("game", "players"), [("tute", 2), ("tute", 4), ("guinote", 2),
                                               ("guinote", 4), ("rematada", 3)])
def test_the_search_bot_plays_playouts_under_duties_on_the_model_as_on_the_engine(
        game: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same worlds (no work budget), on the model once no declaration is possible and all
    # on the engine: the same figures, bit for bit, most decisions' playouts switching.
    switched = 0
    of_world = Start.of_world

    def counted(world: Game, exchange: bool = False, duty: bool = False) -> Start | None:
        nonlocal switched
        switched += duty
        return of_world(world, exchange, duty)

    monkeypatch.setattr(Start, "of_world", counted)
    weighed = 0
    for seed in range(2):
        for world in _random_deal(game, players, {}, seed, random.Random(seed),
                                  greedy=True):
            seat = world.current_player
            assert seat is not None
            view = world.view(seat)
            if len(world.legal_actions()) < 2 or len(world.log) % 3:
                continue
            fast = PimcBot(worlds=8, seed=seed, budget=0).evaluate(view)
            slow = PimcBot(worlds=8, seed=seed, budget=0, compact=False).evaluate(view)
            assert fast == slow
            weighed += 1
    assert weighed >= 10 and switched >= 50
