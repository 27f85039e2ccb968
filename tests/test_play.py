"""cardrules.web.play: a deal played in the browser against the bots, one seat's view at a time.

The answers go to a page that must only learn what the reader's seat may see: every answer is
checked against the seat's own view (no card code or card name it has not seen), a whole deal
replays from the record the session gives, undo puts back exactly what stood before, and the
bots are reproducible. Bots are greedy or easy search bots here, to keep the suite quick.
"""

from __future__ import annotations

import doctest
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import web
from cardrules.account.hints import FEW_DEALS, out_of_turn_hint
from cardrules.account.narration import Narrator
from cardrules.account.refusals import refusal
from cardrules.bots import LEVELS, GreedyBot, hint_bot
from cardrules.core.actions import Masked, Move
from cardrules.core.cards import Card, parse_card
from cardrules.core.rng import MAX_WEB_SEED
from cardrules.engine import Game
from cardrules.web import play

ROOT = Path(__file__).resolve().parent.parent


def record_of(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return data


def start(lang: str = "en", **settings: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(play.start(json.dumps(settings), lang))
    assert answer["ok"], answer
    return answer


def game_of(answer: dict[str, Any]) -> Game:
    """The session's game (the tests look behind the page's back)."""
    return play._sessions[answer["session"]].game


def choices(state: dict[str, Any]) -> list[str]:
    """Everything the reader may click now: playable cards, then move buttons."""
    return [c["play"] for c in state["cards"] if c["play"]] + [m["action"] for m in state["moves"]]


def seen_cards(game: Game, seat: int) -> set[Card]:
    """Every card ``seat`` has seen so far, by its own view, and the cards its choices name
    (a call may name any card of the pack)."""
    view = game.view(seat)
    seen = set(view.hand) | set(view.dealt) | {card for _, card in view.drawn}
    seen |= {named for action in view.legal_actions
             if isinstance(named := getattr(action, "card", None), Card)}
    seen |= {card for _, card in view.trick} | set(view.talon)
    for trick in view.tricks:
        seen.update(trick.cards)
    for hand in view.visible_hands.values():
        seen.update(hand)
    for card in (view.turn_up, view.turned_up):
        if card is not None:
            seen.add(card)
    for _, action in view.history:
        if isinstance(action, Card):
            seen.add(action)
        elif isinstance(action, Move) and not isinstance(action, Masked):
            named = getattr(action, "card", None)
            if isinstance(named, Card):
                seen.add(named)
            seen.update(action.shown())
    return seen


def assert_nothing_hidden(answer: dict[str, Any], game: Game, seat: int, lang: str) -> None:
    """No card the seat has not seen appears in the answer, by code or by name (the record
    at the end holds the whole deal and is left out)."""
    shown = dict(answer)
    state = dict(shown.get("state") or {})
    state.pop("record", None)
    state.pop("record_text", None)
    shown["state"] = state
    text = json.dumps(shown, ensure_ascii=False)
    seen = seen_cards(game, seat)
    narrator = Narrator(game.rules, game.names, "es" if lang == "es" else "en")
    for card in game.rules.pack.cards:
        if card in seen:
            continue
        code = re.compile(rf"(?<![0-9A-Za-z]){re.escape(card.code)}(?![0-9A-Za-z])")
        assert not code.search(text), (card.code, text[:400])
        name = re.compile(rf"\b{re.escape(narrator.card_name(card))}\b")
        assert not name.search(text), (narrator.card_name(card), text[:400])


def play_through(answer: dict[str, Any], rng: random.Random, lang: str = "en",
                 check: bool = False) -> Iterator[dict[str, Any]]:
    """Play the session to its end (the reader choosing at random, moves out of turn too);
    yields every answer."""
    session = answer["session"]
    seat = answer["seat"]
    state = answer["state"]
    if check:
        assert_nothing_hidden(answer, game_of(answer), seat, lang)
    while not state["over"]:
        if state["your_turn"]:
            reply = json.loads(play.act(session, rng.choice(choices(state))))
        elif state["interject"]:  # a move out of turn, or let the play go on
            move = rng.choice([*(m["action"] for m in state["moves"]), None])
            reply = json.loads(play.go_on(session) if move is None else play.act(session, move))
        else:
            reply = json.loads(play.advance(session))
            assert len(reply["steps"]) == 1
        assert reply["ok"], reply
        if check:
            assert_nothing_hidden(reply, game_of(answer), seat, lang)
        state = reply["state"]
        yield reply


def final_score(state: dict[str, Any]) -> list[int]:
    """The points of the score table's rows."""
    return [row["points"] for row in state["score"]["rows"]]


# A whole deal -------------------------------------------------------------------------------------


def test_a_whole_deal_replays_from_its_record() -> None:
    answer = start(game="briscola", players=2, seat=1, seed=11, level="easy")
    assert answer["level"] == "easy" and answer["bot"] == "pimc" and answer["seat"] == 1
    replies = list(play_through(answer, random.Random(0)))
    state = replies[-1]["state"]
    assert state["over"] and state["turn"] is None
    game = cardrules.replay(state["record"])
    assert game.result is not None
    assert final_score(state) == list(game.result.side_points)
    assert json.loads(state["record_text"]) == state["record"] == game_of(answer).to_record()
    assert state["record"]["seed"] == 11
    # The steps the page was told are every action of the deal, in order.
    told = answer["log"] + [step for reply in replies for step in reply["steps"]]
    assert [step["index"] for step in told] == list(range(len(game.log)))
    assert [step["action"] for step in told[1:]] == state["record"]["actions"]
    narrator = Narrator(game.rules, game.names, "en", viewer=1, you=1)
    assert state["result"]["text"] == narrator.verdict(game.result)


def test_a_fresh_seed_survives_javascript() -> None:
    """Without a seed one is drawn, at most 2**53 - 1 (a page's JSON.parse keeps it exact); the
    bots' seed is the deal's."""
    answer = start(game="brisca", players=2, bot="greedy")
    seed = game_of(answer).seed
    assert seed is not None and 0 <= seed <= MAX_WEB_SEED < 2**53
    assert answer["bot_seed"] == seed


@pytest.mark.parametrize(("game", "players", "seat", "options"), [
    ("briscola", 2, 0, {}),
    ("brisca", 4, 2, {}),
    ("briscas", 3, 1, {"arrastro": True, "claim": True}),
    ("alcalde", 3, 0, {}),
    ("alcalde", 3, 2, {}),
    ("aluette", 4, 3, {"chant": True, "signals": True}),
    ("chiamata", 5, 2, {}),
    ("rematada", 3, 1, {}),
])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_nothing_hidden_reaches_the_page(game: str, players: int, seat: int,
                                         options: dict[str, Any], lang: str) -> None:
    """Every answer names only cards the seat has seen: other hands' cards only once played
    (or shown by the rules: the Alcalde's opponents see each other's hands), a discard face
    down not at all."""
    answer = start(lang, game=game, players=players, seat=seat, seed=5, options=options,
                   bot="greedy")
    replies = list(play_through(answer, random.Random(seat), lang, check=True))
    state = replies[-1]["state"]
    assert state["over"]
    result = cardrules.replay(state["record"]).result
    assert result is not None
    # The score table at the end is the stepper's for that seat, in the same language.
    stepper = web.steps_data(state["record"], lang, str(seat))["steps"][-1]["score"]
    assert state["score"] == stepper
    if stepper["by"] == "side":
        assert final_score(state) == list(result.side_points)


def test_the_seat_sees_its_view_and_no_more() -> None:
    answer = start(game="alcalde", players=3, seat=0, seed=3, bot="greedy")
    game = game_of(answer)
    state = answer["state"]
    view = game.view(0)
    assert state["hand"] == [c.code for c in sorted(view.hand, key=lambda c: c.sort_key)]
    assert state["hand_sizes"] == list(view.hand_sizes)
    # The Alcalde's opponents see each other's hands, and only those.
    assert set(state["visible"]) == {"1"}
    assert state["visible"]["1"] == [c.code for c in view.visible_hands[1]]
    assert set(state["names"]) == {c.code for c in seen_cards(game, 0)}
    alcalde = start(game="alcalde", players=3, seat=2, seed=3, bot="greedy")
    assert alcalde["state"]["visible"] == {}


def test_a_discard_face_down_is_told_as_hidden() -> None:
    """Aluette with the chant: seat 0 discards face down; seat 1 is told only that a card was
    put aside, and sees the move as ``discard:?``."""
    answer = start(game="aluette", players=4, seat=1, seed=0, options={"chant": True},
                   bot="greedy")
    session = answer["session"]
    told: list[dict[str, Any]] = []
    state = answer["state"]
    while state["phase"] in ("chant", "discard") and not state["over"]:
        if state["your_turn"]:
            pick = "chant" if any(m["action"] == "chant" for m in state["moves"]) else (
                choices(state)[0])
            reply = json.loads(play.act(session, pick))
        else:
            reply = json.loads(play.advance(session))
        told.extend(reply["steps"])
        state = reply["state"]
    discards = [step for step in told if step["action"].startswith("discard")]
    assert discards and all(step["action"] == "discard:?" for step in discards)
    assert all("puts a card aside, face down" in step["text"] for step in discards)


# Refusals, undo, take over --------------------------------------------------------------------


def test_cards_the_seat_may_not_play_say_why() -> None:
    answer = start(game="rematada", players=3, seat=0, seed=1, bot="greedy")
    session = answer["session"]
    state = answer["state"]
    found = None
    while not state["over"]:
        if state["your_turn"]:
            refused = [c for c in state["cards"] if c["why"]]
            if refused and state["phase"] == "play":
                found = refused[0]
                break
            reply = json.loads(play.act(session, choices(state)[0]))
        else:
            reply = json.loads(play.advance(session))
        state = reply["state"]
    assert found is not None
    game = game_of(answer)
    card = parse_card(found["code"])
    why = refusal(game, 0, card)
    reason = game.refusal(card)
    assert why is not None and reason is not None and reason.to_you is not None
    # The engine's reason, said to the player who tried ("you must follow suit"), the card it
    # names by code named in words.
    named = Narrator(game.rules, game.names).card(card)
    assert found["why"] == why.say("en") == (
        f"You can't play {named}: "
        f"{reason.to_you.say('en').replace(found['code'], named)}")
    assert found["code"] not in found["why"]
    assert reason.to_you.say("en").startswith("you ")
    assert found["play"] is None
    # Playing it anyway is refused with the same words, and changes nothing.
    before = len(game.log)
    reply = json.loads(play.act(session, found["code"]))
    assert reply == {"ok": False, "error": why.say("en")}
    assert len(game_of(answer).log) == before
    # Waiting for one's turn: every card says whose turn it is.
    waiting = start(game="briscola", players=2, seat=1, seed=2, bot="greedy")
    assert not waiting["state"]["your_turn"]
    first = game_of(waiting).names[0]
    assert {c["why"] for c in waiting["state"]["cards"]} == {
        f"It is not your turn: {first} is to play."}


def test_a_card_during_the_bidding_is_refused_in_a_players_words() -> None:
    """Chiamata opens with an auction: a card clicked then is refused as a player says it, in
    the session's language, and the game is unchanged."""
    for lang, said in (("en", "You can't play a card now: the bidding is on."),
                       ("es", "Ahora no puedes jugar ninguna carta: estamos en la subasta.")):
        answer = start(lang, game="chiamata", players=5, seat=0, seed=2, bot="greedy")
        state = answer["state"]
        assert state["phase"] == "auction" and state["your_turn"]
        assert {c["why"] for c in state["cards"]} == {said}
        reply = json.loads(play.act(answer["session"], state["hand"][0]))
        assert reply == {"ok": False, "error": said}
        assert len(game_of(answer).log) == 1


def test_a_card_of_another_hand_is_not_located() -> None:
    answer = start(game="briscola", players=2, seat=0, seed=4, bot="greedy")
    other = game_of(answer).hands[1][0]
    reply = json.loads(play.act(answer["session"], other.code))
    assert not reply["ok"]
    holder = game_of(answer).names[1]
    assert reply["error"].startswith("You do not have ") and holder not in reply["error"]
    assert json.loads(play.act(answer["session"], "bid:70")) == {
        "ok": False, "error": "'bid:70' is not a card or a move of this game."}
    assert json.loads(play.act(answer["session"], "nonsense"))["ok"] is False


def test_undo_restores_the_state_before_the_readers_play() -> None:
    answer = start(game="brisca", players=3, seat=1, seed=8, level="easy")
    session = answer["session"]

    def step(state: dict[str, Any]) -> dict[str, Any]:
        """The reader plays its first choice, or a bot plays."""
        if state["your_turn"]:
            reply: dict[str, Any] = json.loads(play.act(session, choices(state)[0]))
        else:
            reply = json.loads(play.advance(session))
        assert reply["ok"]
        return reply

    # Play on until the reader has acted twice and the bots have answered.
    acted = 0
    before: dict[str, Any] = {}
    log_before: list[dict[str, Any]] = []
    state = answer["state"]
    told = list(answer["log"])
    while acted < 2 or not state["your_turn"]:
        if state["your_turn"]:
            acted += 1
            before, log_before = state, list(told)
        reply = step(state)
        told.extend(reply["steps"])
        state = reply["state"]
    assert before["can_undo"] and state["can_undo"]
    back = json.loads(play.undo(session))
    assert back["ok"]
    assert back["state"] == before
    assert back["log"] == log_before
    # Playing the same card again gets the same replies (the bots are seeded by the deal).
    state = back["state"]
    redo: list[dict[str, Any]] = []
    while not redo or not state["your_turn"]:
        reply = step(state)
        redo.extend(reply["steps"])
        state = reply["state"]
    assert redo == told[len(log_before):]
    # Undo goes no further back than the first play of the reader.
    while json.loads(play.undo(session))["ok"]:
        pass
    last = json.loads(play.undo(session))
    assert last == {"ok": False, "error": "There is nothing of yours to undo."}


def test_the_same_settings_give_the_same_deal() -> None:
    records = []
    for _ in range(2):
        answer = start(game="briscola", players=2, seat=0, seed=21, level="easy")
        replies = list(play_through(answer, random.Random(5)))
        records.append(replies[-1]["state"]["record"])
    assert records[0] == records[1]


def test_take_over_a_sample_deal_at_a_step() -> None:
    sample = record_of("examples/brisca-2p.json")
    step = 10
    answer = start("es", record=json.dumps(sample), step=step, seat=1, level="easy")
    assert len(answer["log"]) == step + 1
    game = game_of(answer)
    assert [cardrules.format_action(a) for a in game.log[1:]] == sample["actions"][:step]
    # The past as seat 1 was told it, in Spanish.
    assert answer["log"][0]["text"].startswith("Se reparten las cartas")
    assert any(s["text"].startswith("Juegas") for s in answer["log"] if s["actor"] == 1)
    assert not answer["state"]["can_undo"]  # nothing of the reader's yet
    replies = list(play_through(answer, random.Random(2), "es", check=True))
    record = replies[-1]["state"]["record"]
    assert record["actions"][:step] == sample["actions"][:step]
    result = cardrules.replay(record).result
    assert result is not None and final_score(replies[-1]["state"]) == list(result.side_points)
    # A record given as a mapping does as well; the end of a deal cannot be taken over.
    assert start(record=sample, step=0, seat=0, bot="greedy")["state"]["step"] == 0
    over = json.loads(play.start(json.dumps({"record": sample, "step": len(sample["actions"])}),
                                 "en"))
    assert over == {"ok": False, "error": "The deal is over at this step: choose an earlier one."}


# The hint -----------------------------------------------------------------------------------------


def test_a_hint_weighs_each_card() -> None:
    answer = start("es", game="briscola", players=2, seat=0, seed=3, level="easy")
    hint = json.loads(play.hint(answer["session"]))
    assert hint["ok"]
    estimates = hint["estimates"]
    hand = answer["state"]["hand"]
    assert sorted(e["card"] for e in estimates) == sorted(hand)
    assert [e["best"] for e in estimates] == [True] + [False] * (len(hand) - 1)
    assert estimates == sorted(estimates, key=lambda e: (-round(e["wins"] * 100), -e["points"]))
    assert all(0 <= e["wins"] <= 1 for e in estimates)
    assert re.fullmatch(r"\d+\s% de probabilidades de ganar · \d+,\d puntos de media",
                        estimates[0]["text"])
    assert hint["text"] == f"Lo mejor: {estimates[0]['choice']}."
    assert hint["worlds"] == LEVELS["normal"]  # at least the normal strength
    # The hint is the same when asked again (seeded), and changes nothing.
    assert json.loads(play.hint(answer["session"]))["estimates"] == estimates
    assert game_of(answer).log[1:] == []


def to_the_call(lang: str = "en") -> tuple[dict[str, Any], dict[str, Any]]:
    """A Chiamata session where the reader (Ana) bids the least she may until the bots pass,
    and is to call a card: its start answer and the state at the call."""
    answer = start(lang, game="chiamata", players=5, seat=0, seed=2, bot="greedy")
    session, state = answer["session"], answer["state"]
    for _ in range(300):
        if state["phase"] != "auction":
            break
        if state["your_turn"]:
            bid = min((m for m in state["moves"] if m["kind"] == "bid"),
                      key=lambda m: m["number"])["action"]
            state = play.act_data(session, bid)["state"]
        else:
            state = play.advance_data(session)["state"]
    assert state["phase"] == "call" and state["your_turn"], state["situation"]
    return answer, state


def test_a_hint_works_out_a_known_endgame_exactly() -> None:
    """Two-player Briscola once the stock is gone: every card left is known, and each choice
    says whether it wins and the points it brings, worked out with both sides at their best."""
    for lang, head, pattern in (
        ("en", "Every card left is known: each choice worked out to the end, both sides "
               "playing their best:", r"(wins|loses|a draw) · (\d+) points?"),
        ("es", "Ya están a la vista todas las cartas que quedan: cada opción, calculada hasta el "
               "final con los dos jugando lo mejor posible:",
         r"(gana|pierde|empata) · (\d+) puntos?"),
    ):
        answer = start(lang, game="briscola", players=2, seat=0, seed=5, level="easy")
        session, state = answer["session"], answer["state"]
        game = game_of(answer)
        while game.stock_size or not state["your_turn"]:
            if state["your_turn"]:
                state = play.act_data(session, choices(state)[0])["state"]
            else:
                state = play.advance_data(session)["state"]
        hint = play.hint_data(session)
        assert hint["ok"] and hint["exact"] and hint["worlds"] == 1, hint
        assert hint["head"] == head
        assert len(hint["estimates"]) == len(state["hand"]) == 3
        for estimate in hint["estimates"]:
            shown = re.fullmatch(pattern, estimate["text"])
            assert shown is not None, estimate["text"]
            assert int(shown[2]) == estimate["points"] and estimate["wins"] in (0, 0.5, 1)


def test_a_hint_weighed_in_few_deals_gives_the_deals_won() -> None:
    """Four-player Tute's first play: the work budget leaves the search bot a few deals, and
    each choice says how many of them it won, not a percentage that would look surer."""
    for lang, pattern in (("en", r"won (\d+) of (\d+) · \d+\.\d points on average"),
                          ("es", r"ganó (\d+) de (\d+) · \d+,\d puntos de media")):
        answer = start(lang, game="tute", players=4, seat=0, seed=3, level="normal")
        hint = play.hint_data(answer["session"])
        assert hint["ok"] and 0 < hint["worlds"] < FEW_DEALS, hint
        assert len(hint["estimates"]) == len(answer["state"]["hand"])
        for estimate in hint["estimates"]:
            shown = re.fullmatch(pattern, estimate["text"])
            assert shown is not None, estimate["text"]
            won, deals = int(shown[1]), int(shown[2])
            assert deals == hint["worlds"]
            assert abs(won - estimate["wins"] * deals) <= 0.5


def test_a_hint_on_a_bid_is_summarised() -> None:
    """Sixty bids come out alike: the hint says three things (passing, the highest bid that
    keeps an even chance, the best bid), and lists every bid beside them."""
    for lang, first, best in (("en", "Pass: ", "The best bid: "),
                              ("es", "Pasar: ", "La mejor puja: ")):
        answer = start(lang, game="chiamata", players=5, seat=0, seed=2, bot="greedy")
        hint = play.hint_data(answer["session"])
        summary = hint["summary"]
        assert len(summary) == 3 and summary[0].startswith(first), summary
        assert summary[2].startswith(best), summary
        # Bids are weighed in few deals: the deals won of those tried, not a percentage.
        assert hint["worlds"] < FEW_DEALS
        assert re.search(rf" \d+ (of|de) {hint['worlds']} ", summary[0]), summary
        assert len(hint["estimates"]) == len(answer["state"]["moves"]) == 61
        bids = [e for e in hint["estimates"] if e["action"].startswith("bid:")]
        top = max(bids, key=lambda e: (e["wins"], e["points"]))
        assert f" {top['action'][4:]} (" in summary[2]
        even = [int(e["action"][4:]) for e in bids if e["wins"] >= 0.5]
        if even:
            assert f" {max(even)} (" in summary[1]


def test_a_hint_on_a_call_is_the_bots_choice() -> None:
    _, state = to_the_call()
    session = max(play._sessions)
    hint = play.hint_data(session)
    assert hint["ok"] and hint["estimates"] == [] and not hint.get("summary")
    assert hint["text"].startswith("The bots would choose: call ")
    assert hint["best"] in choices(state)
    waiting = start(game="briscola", players=2, seat=1, seed=2, bot="greedy")
    assert json.loads(play.hint(waiting["session"]))["text"] == "No hint now: it is not your turn."


def test_the_call_is_offered_by_suit_with_the_readers_cards_marked() -> None:
    """The call chooser: every card that may be called, by suit, in rank order; the reader's
    own marked and saying, before the call, that calling it means playing alone; after the
    call of one's own card, the situation never says 'its holder is the partner'."""
    for lang, alone, holder in (("en", "you play alone", "its holder is the partner"),
                                ("es", "sin compañero", "quien la tenga es el compañero")):
        answer, state = to_the_call(lang)
        call = state["call"]
        offered = [item["action"] for suit in call["suits"] for item in suit["cards"]]
        assert sorted(offered) == sorted(m["action"] for m in state["moves"]
                                         if m["kind"] == "call")
        assert len(call["suits"]) == 4 and len(offered) == 40
        assert alone in call["note"]
        hand = set(state["hand"])
        for suit in call["suits"]:
            for item in suit["cards"]:
                assert item["yours"] == (item["code"] in hand)
                assert (alone in item["warning"]) == item["yours"]
        own = next(item for suit in call["suits"] for item in suit["cards"] if item["yours"])
        session = answer["session"]
        state = play.act_data(session, own["action"])["state"]
        assert state["call"] is None
        for _ in range(200):
            assert not any(holder in line for line in state["situation"]), state["situation"]
            if state["over"]:
                break
            if state["your_turn"]:
                state = play.act_data(session, choices(state)[0])["state"]
            else:
                state = play.advance_data(session)["state"]
        assert state["over"]


def test_cards_are_named_for_a_screen_reader() -> None:
    """Each card the answer shows has a spoken name; a trump says so; on the reader's turn
    the state says what they may play."""
    answer = start(game="briscola", players=2, seat=0, seed=7, bot="greedy")
    state = answer["state"]
    trump = state["trump_name"]
    assert trump
    for code, name in state["spoken"].items():
        plain = state["names"][code]
        assert name in (plain, f"{plain}, trump")
        assert (name != plain) == plain.endswith(trump)
    assert state["your_turn"] and state["may_play"] == "You may play any of your cards."


# Bids and other choices ------------------------------------------------------------------------


def test_bids_are_choices_with_their_numbers() -> None:
    answer = start("es", game="chiamata", players=5, seat=0, seed=2, bot="greedy")
    moves = answer["state"]["moves"]
    bids = [m for m in moves if m["kind"] == "bid"]
    assert len(bids) > 6 and [m["number"] for m in bids] == sorted(m["number"] for m in bids)
    assert bids[0]["text"] == f"pujar {bids[0]['number']}"
    assert any(m["action"] == "pass" for m in moves)
    assert not any(c["play"] for c in answer["state"]["cards"])
    assert answer["state"]["situation"] == ["Nadie ha pujado todavía."]


def test_a_discard_is_a_click_on_the_card_too() -> None:
    """Brisca Rematada: the declarer's discards are buttons, and each card of the hand stands
    for its discard."""
    for seed in range(30):
        answer = start(game="rematada", players=3, seat=0, seed=seed, bot="greedy")
        session = answer["session"]
        state = answer["state"]
        while not state["over"] and state["phase"] != "play":
            if state["your_turn"] and state["phase"] == "discard":
                discards = {m["card"]: m["action"] for m in state["moves"]
                            if m["kind"] == "discard"}
                assert {c["code"]: c["play"] for c in state["cards"]} == discards
                return
            if state["your_turn"]:
                bids = [m for m in state["moves"] if m["kind"] == "bid"]
                reply = json.loads(play.act(session, bids[-1]["action"] if bids
                                            else choices(state)[0]))
            else:
                reply = json.loads(play.advance(session))
            state = reply["state"]
    pytest.fail("seat 0 never declared")


# Errors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("settings", "error"), [
    ({"game": "briscola", "players": 2, "seat": 2}, "seat 2: choose a seat from 0 to 1"),
    ({"game": "briscola", "players": 2, "level": "expert"},
     "bots' strength 'expert': choose easy, normal, hard"),
    ({"game": "briscola", "players": 2, "bot": "oracle"}, "bot 'oracle': choose pimc, greedy, "
     "random"),
    ({"game": "briscola", "players": 2, "seed": -1}, "seed -1: a whole number from 0"),
    ({"record": {"game": "briscola", "players": 2, "seed": 1}, "step": 3},
     "step 3: the deal has steps 0 to 0"),
    ({"players": 2}, "the settings must be a JSON object with a game or a record"),
])
def test_bad_settings_are_refused_in_words(settings: dict[str, Any], error: str) -> None:
    assert json.loads(play.start(json.dumps(settings), "en")) == {"ok": False, "error": error}


def test_bad_settings_in_spanish_and_unknown_sessions() -> None:
    answer = json.loads(play.start(json.dumps({"game": "mus", "players": 4}), "es"))
    assert not answer["ok"] and answer["error"].startswith("juego desconocido 'mus'")
    assert json.loads(play.start("[1, 2", "es")) == {
        "ok": False, "error": "los ajustes deben ser un objeto JSON con un juego o un registro"}
    for call in (play.advance, play.undo, play.hint):  # in the page's language (issue 37)
        assert json.loads(call(10**9)) == {
            "ok": False, "error": "Esta mano ya no está abierta: empieza otra."}
    assert json.loads(play.act(10**9, "1O"))["ok"] is False
    assert json.loads(play.close(10**9)) == {"ok": True}


def test_sessions_are_few_and_closed() -> None:
    first = start(game="briscola", players=2, bot="greedy")["session"]
    for _ in range(play.MAX_SESSIONS):
        start(game="briscola", players=2, bot="greedy")
    assert first not in play._sessions
    latest = max(play._sessions)
    play.close(latest)
    assert latest not in play._sessions


def test_docstring_examples() -> None:
    result = doctest.testmod(play, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 1 and result.failed == 0


def test_the_options_a_page_may_offer() -> None:
    answer = json.loads(play.options("briscola", "es"))
    rows = {row["name"]: row for row in answer["options"]}
    assert answer["ok"] and answer["game"] == "briscola"
    assert rows["arrastro"]["values"] == [False, True] and rows["arrastro"]["default"] is False
    assert rows["exchange"]["values"][-1] is None and rows["exchange"]["default"] is None
    assert rows["big_win"]["values"] == [False, True, "margin"]
    assert rows["claim"]["help"].startswith("un bando con los triunfos más altos")
    assert json.loads(play.options("bastarda", "en"))["game"] == "chiamata"
    assert json.loads(play.options("mus", "en"))["ok"] is False
    # The options chosen are the deal's.
    started = start(game="briscola", players=2, seed=1, options={"claim": True}, bot="greedy")
    assert game_of(started).rules.options.to_dict()["claim"] is True


@pytest.mark.parametrize(("game", "players", "lang"), [
    ("rematada", 3, "en"), ("rematada", 3, "es"), ("chiamata", 5, "es"), ("brisca", 4, "en"),
    ("briscola", 2, "es"),
])
def test_no_refusal_shows_an_engine_code(game: str, players: int, lang: str) -> None:
    """Why a card may not be played, as the page says it: in words, never by the engine's code
    ("not 7O") nor its phase names ("(auction)")."""
    answer = start(lang, game=game, players=players, seat=0, seed=5, bot="greedy")
    session, state = answer["session"], answer["state"]
    reasons: set[str] = set()
    for _ in range(400):
        reasons.update(card["why"] for card in state["cards"] if card["why"])
        if state["over"]:
            break
        if state["your_turn"]:
            state = play.act_data(session, choices(state)[0])["state"]
        else:
            state = play.advance_data(session)["state"]
    assert reasons
    for reason in reasons:
        assert not re.search(r"\b\d{1,2}[OCEB]\b", reason), reason
        assert "(auction)" not in reason and "phase" not in reason, reason


def test_the_bots_wait_for_the_readers_move_out_of_turn() -> None:
    # Briscas, seed 0: Bruno (seat 1) holds the 2 of trumps, which may take the turned-up card
    # at once, though Ana is to play first.
    answer = start(game="briscas", players=2, seat=1, seed=0, bot="greedy")
    state = answer["state"]
    assert not state["your_turn"] and [m["action"] for m in state["moves"]] == ["exchange:2B"]
    assert state["interject"] == {
        "text": "Before Ana plays, you may make a move out of turn.", "go_on": "Let Ana play"}
    session = answer["session"]
    waited = json.loads(play.advance(session))
    assert waited["steps"] == [] and waited["state"]["interject"] is not None
    # Let pass, the move is not offered again while it stays possible: the bots play on.
    went = json.loads(play.go_on(session))
    assert went["ok"] and went["state"]["interject"] is None
    assert went["state"]["moves"] == state["moves"]  # still a choice to click
    moved = json.loads(play.advance(session))
    assert [s["actor"] for s in moved["steps"]] == [0]
    # Made out of turn, in Spanish too.
    again = start(lang="es", game="briscas", players=2, seat=1, seed=0, bot="greedy")
    assert again["state"]["interject"]["go_on"] == "Deja jugar a Ana"
    took = json.loads(play.act(again["session"], "exchange:2B"))
    assert took["ok"] and took["steps"][0]["actor"] == 1
    assert took["state"]["interject"] is None and not took["state"]["your_turn"]


def test_the_hint_says_the_move_out_of_turn_the_bots_would_make() -> None:
    # Briscas, seed 0: Bruno may take the turned-up card with the 2 of trumps before Ana plays.
    answer = start(game="briscas", players=2, seat=1, seed=0, bot="greedy")
    hint = json.loads(play.hint(answer["session"]))
    assert hint["ok"] and hint["best"] == "exchange:2B" and hint["estimates"] == []
    assert hint["text"] == ("The bots would make this move out of turn now: take the turned-up "
                            "card, the four of clubs, for your two of clubs.")
    spanish = start(lang="es", game="briscas", players=2, seat=1, seed=0, bot="greedy")
    said = json.loads(play.hint(spanish["session"]))["text"]
    assert said.startswith("Los bots harían ahora esta jugada fuera de tu turno: ")
    # Let pass, the move is still out of turn: the hint still says it; the game is unchanged.
    session = answer["session"]
    log = list(game_of(answer).log)
    assert json.loads(play.go_on(session))["state"]["interject"] is None
    assert json.loads(play.hint(session))["best"] == "exchange:2B"
    assert game_of(answer).log == log


def test_the_hint_says_when_the_bots_would_let_a_move_out_of_turn_pass() -> None:
    """Two-player Guiñote, seed 1, played greedily for 15 actions: Ana may give the 7 of trumps
    for the turned-up card out of turn, a lower card than the 7: the bots would not."""
    game = cardrules.new_game("guinote", players=["Ana", "Luis"], seed=1)
    while len(game.log) < 15:
        seat = game.current_player
        assert seat is not None
        game.play(GreedyBot().choose(game.view(seat)))
    assert game.current_player == 1 and [str(m) for m in game.legal_actions(0)] == ["exchange:7B"]
    view = game.view(0)
    assert view.out_of_turn and game.turn_up is not None
    assert game.rules.strength[game.turn_up.index] < game.rules.strength[parse_card("7B").index]
    for lang, said in (("en", "The bots would make no move out of turn now: they would let Luis "
                               "play."),
                       ("es", "Los bots no harían ahora ninguna jugada fuera de tu turno: "
                              "dejarían jugar a Luis.")):
        narrator = Narrator(game.rules, game.names, lang)
        assert out_of_turn_hint(hint_bot(4, seed=1), view, narrator) == (None, said)
    # At the seat's own turn there is nothing out of turn to say.
    own = game.view(1)
    narrator = Narrator(game.rules, game.names, "en")
    assert not own.out_of_turn and out_of_turn_hint(hint_bot(4, seed=1), own, narrator)[0] is None
