"""Play mode in a real browser: headless Chromium (the system's, /usr/bin/chromium) driven by
Playwright against the built site served on 127.0.0.1.

A whole deal is played by clicking, in English and in Spanish, and the score the page shows must
be what ``cardrules.replay`` makes of the record the page gives; a sample deal is taken over at a
middle step; a hint appears; a card that may not be played says why; undo takes a play back; the
page stays responsive (no long task on the main thread) and fits a phone's width. The bots are
seeded easy ones and the pause between their plays is cut short (``window.crPlayPause``), to
keep the suite quick.

The site is built once per session with scripts/build_site.sh into a temporary folder, or taken
from ``CARDRULES_SITE`` (a site built beforehand); a site built here is handed on through
``CARDRULES_SITE`` so that the other browser tests of the run use it too. Every test checks that
no request left 127.0.0.1 and that the page raised no script error. With
``CARDRULES_SHOTS=<folder>`` the tests also save screenshots there. Without Chromium the tests
fail, saying what to install (see ``browser_support``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from a11y_support import axe_violations
from browser_support import ROOT, Visit, Visits, more

import cardrules
from cardrules import web
from cardrules.account.narration import Narrator
from cardrules.account.refusals import refusal
from cardrules.account.review import Review
from cardrules.analysis import Mark, analyse, weighings
from cardrules.core.cards import parse_card
from cardrules.web import analysis as web_analysis

PAUSE_MS = 20
"""The pause between the bots' plays in these tests (the page's own is longer)."""
ANALYSIS_WORLDS = 8
"""The imagined deals an analysis weighs a decision in, in these tests (the page's own: 160)."""
LONG_TASK_MS = 1000
"""No task on the page's main thread may take longer while a deal is played: Python runs in
the worker (a bot's decision on the main thread would freeze the page for about that long; a
busy 2-core machine stretches the page's own tasks to a few hundred ms)."""


# Fixtures ---------------------------------------------------------------------------------------


@pytest.fixture
def visit(browser: Any, base_url: str, request: pytest.FixtureRequest
          ) -> Iterator[Callable[..., Visit]]:
    visits = Visits(browser, base_url, request.node.name)
    # The bots' pause, cut short; and every long task of the main thread, noted.
    watch = (f"window.crPlayPause = {PAUSE_MS}; window.__longTasks = [];"
             f"window.crAnalysisWorlds = {ANALYSIS_WORLDS}; window.crAnalysisBotLevel = 'easy';"
             "try { new PerformanceObserver((list) => { list.getEntries().forEach((e) => {"
             " window.__longTasks.push(e.duration); }); }).observe({ entryTypes: ['longtask'] });"
             "} catch (e) {}")

    def open_page(path: str, *, width: int = 1200) -> Visit:
        return visits.open(path, width=width, init_script=watch)

    yield open_page
    visits.close_and_check()


# Helpers ----------------------------------------------------------------------------------------


def widget_of(seen: Visit, index: int = 0) -> Any:
    """The ``index``-th widget of the page, scrolled into view and ready."""
    widget = seen.page.locator(".cr-widget").nth(index)
    widget.scroll_into_view_if_needed()
    widget.locator(".cr-board").wait_for(state="visible")
    return widget


def start_playing(widget: Any, *, game: str | None = None, players: int | None = None,
                  seed: int | None = None, seat: int = 0, level: str = "easy",
                  checked: tuple[str, ...] = ()) -> None:
    """Switch to play mode and deal a new game with these settings (``checked``: options to
    tick)."""
    widget.locator(".cr-play__mode--play").click()
    widget.locator(".cr-play__source").select_option("new")
    if game is not None:
        widget.locator(".cr-play__game").select_option(game)
    if players is not None:
        widget.locator(".cr-play__players").select_option(str(players))
    if seed is not None:
        widget.locator(".cr-play__seed").fill(str(seed))
    if checked:
        widget.locator(".cr-play__options > summary").click()
        for name in checked:
            widget.locator(f"input.cr-play__option[data-option='{name}']").check()
    widget.locator("select.cr-play__seat").select_option(str(seat))
    widget.locator(".cr-play__level").select_option(level)
    widget.locator(".cr-play__start").click()
    widget.locator(".cr-play__table").wait_for(state="visible")


def wait_for_turn_or_end(seen: Visit, index: int = 0) -> dict[str, Any]:
    """Wait until the reader may act (in turn, or out of turn while the bots wait) or the deal
    is over; the page's state."""
    seen.page.wait_for_function(
        f"() => (() => {{ const p = window.crPlays[{index}]; return p.state && !p.busy && "
        "(p.state.over || ((p.state.your_turn || !!p.state.interject) && !p.pending)); })()")
    state: dict[str, Any] = seen.page.evaluate(f"window.crPlays[{index}].state")
    return state


def play_to_the_end(seen: Visit, widget: Any, index: int = 0,
                    each: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Click the first card (or choice) the reader may play until the deal is over, and let
    every move out of turn pass; the number of the reader's plays."""
    plays = 0
    while True:
        state = wait_for_turn_or_end(seen, index)
        if state["over"]:
            return plays
        if each is not None:
            each(state)
        cards = widget.locator("button.cr-play__card:not([aria-disabled])")
        if state["interject"]:
            widget.locator(".cr-play__moves button[data-action='go-on']").click()
            seen.page.wait_for_function(
                f"() => !window.crPlays[{index}].state.interject || "
                f"window.crPlays[{index}].state.step > {state['step']}")
            continue
        if cards.count():
            cards.first.click()
        else:
            move = widget.locator(".cr-play__moves button.cr-play__move:not([disabled])").first
            move.click()
        plays += 1
        seen.page.wait_for_function(
            f"() => window.crPlays[{index}].state.step > {state['step']} || "
            f"!!window.crPlays[{index}].state.over")


def shown_points(widget: Any) -> list[int]:
    rows = widget.locator("table.cr-play__score tbody tr")
    return [int(rows.nth(i).get_attribute("data-points")) for i in range(rows.count())]


def stepper_points(record: dict[str, Any], seat: int, lang: str = "en") -> list[int]:
    """The points of the stepper's score table at the end of a deal, in one seat's view."""
    score = web.steps_data(record, lang, str(seat))["steps"][-1]["score"]
    return [row["points"] for row in score["rows"]]


def shown_record(widget: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(widget.locator(".cr-play__record").text_content())
    return record


def watch_long_tasks(seen: Visit) -> None:
    """Note the main thread's long tasks from now on (the page's start is not play)."""
    seen.page.evaluate("window.__longTasks = []")


def no_long_tasks(seen: Visit) -> None:
    """The page never froze, and Python is not on its main thread."""
    tasks = seen.page.evaluate("window.__longTasks")
    assert max(tasks, default=0) < LONG_TASK_MS, tasks
    assert seen.page.evaluate("typeof window.loadPyodide === 'undefined' && "
                              "typeof window.pyodide === 'undefined' && "
                              "window.crRuntime.worker instanceof Worker")


def fits(seen: Visit, width: int) -> None:
    """Nothing is wider than the viewport (no sideways scrolling)."""
    assert seen.page.evaluate("document.documentElement.scrollWidth") <= width


# Tests ------------------------------------------------------------------------------------------


def test_play_a_whole_deal_in_english(visit: Callable[..., Visit]) -> None:
    seen = visit("try/")
    widget = widget_of(seen)
    page = seen.page
    assert widget.locator(".cr-play__mode--step").get_attribute("aria-pressed") == "true"
    start_playing(widget, game="briscola", players=2, seed=7, seat=1, checked=("claim",))
    assert widget.locator(".cr-play__mode--play").get_attribute("aria-pressed") == "true"
    # Step mode steps aside, with the static diagram (it shows hands the seat may not see).
    assert not widget.locator(".cr-widget__controls").is_visible()
    assert not page.locator("figure.cr-deal .cr-deal__play").first.is_visible()
    assert widget.locator(".cr-play__title").inner_text() == "Briscola (Italy) · you play as Bruno"
    seen.shot("start")
    # The other hand shows as backs only.
    state = wait_for_turn_or_end(seen)
    watch_long_tasks(seen)
    backs = widget.locator(".cr-play__seat[data-seat='0'] img.cr-card--back")
    assert backs.count() == state["hand_sizes"][0] == 2  # seat 0 has led
    assert widget.locator(".cr-play__seat[data-seat='0'] img[data-card]").count() == 0
    # A hint: the bot's estimate of each card, the best one marked in the hand too.
    widget.locator(".cr-play__hint").click()
    hints = widget.locator(".cr-play__hints")
    hints.locator("li").first.wait_for()
    assert hints.locator("li").count() == len(state["hand"])
    best = hints.locator("li.is-best")
    assert best.count() == 1
    assert hints.locator(".cr-play__hint-text").inner_text().startswith("Best: the ")
    assert "% to win" in best.inner_text() and "points on average" in best.inner_text()
    hinted = widget.locator("button.cr-play__card.is-hinted")
    assert hinted.count() == 1
    assert best.get_attribute("data-action") == hinted.get_attribute("data-card")
    seen.shot("hint", widget.locator(".cr-play__table"))
    plays = play_to_the_end(seen, widget)
    assert plays == 20
    assert not hints.is_visible()  # gone with the first play
    seen.shot("end")
    record = shown_record(widget)
    game = cardrules.replay(record)
    result = game.result
    assert result is not None and record["seed"] == 7 and record["options"] == {"claim": True}
    assert shown_points(widget) == list(result.side_points)
    narrator = Narrator(game.rules, game.names, "en", viewer=1, you=1)
    state = page.evaluate("window.crPlays[0].state")
    assert widget.locator(".cr-play__status").inner_text() == narrator.verdict(result)
    assert state["record"] == record
    # The log told every step, the deal first.
    assert widget.locator(".cr-play__log li").count() == len(game.log)
    assert widget.locator(".cr-play__log li").first.text_content().startswith(
        "The cards are dealt")
    no_long_tasks(seen)
    # The record opens in step mode, which shows the same score at its last step.
    widget.locator(".cr-play__open").click()
    page.wait_for_function("() => window.crWidgets[0].data && window.crWidgets[0].data.game === "
                           "'briscola'")
    assert widget.locator(".cr-widget__controls").is_visible()
    widget.locator(".cr-w-button", has_text="Last").click()
    rows = widget.locator(".cr-board table.cr-board__score tbody:not([hidden]) tr")
    assert [int(rows.nth(i).get_attribute("data-points")) for i in range(rows.count())] == list(
        result.side_points)
    # The deal just played, analysed by keyboard (its marks, graph, summary, bot in the seat).
    analyse_by_keyboard(seen, widget, record)
    # On the same page, a game the widget knows only by its registration: four-player Guiñote
    # (cantes, the exchange, the arrastre's duties), played to the end and scored as replayed.
    widget.locator(".cr-play__mode--play").click()
    widget.locator(".cr-play__new").click()  # the finished deal's table, back to the setup
    start_playing(widget, game="guinote", players=4, seed=2, seat=0)
    assert widget.locator(".cr-play__title").inner_text() == (
        "Guiñote (Aragón) · you play as Ana")
    # Once, Ana may make a move out of turn: the bots wait, the status says so, and the button
    # that lets the play go on is among her choices. The hint says (the first time) what the
    # bots would do with that move now, and marks the move they would make.
    waited: list[str] = []

    def out_of_turn(state: dict[str, Any]) -> None:
        if state["interject"]:
            waited.append(widget.locator(".cr-play__status").inner_text())
            assert waited[-1] == state["interject"]["text"]
            assert waited[-1].endswith("you may make a move out of turn.")
            go_on = widget.locator(".cr-play__moves button[data-action='go-on']")
            assert go_on.inner_text() == state["interject"]["go_on"] and go_on.is_enabled()
            if len(waited) == 1:
                hint_button = widget.locator(".cr-play__hint")
                assert hint_button.get_attribute("aria-disabled") is None
                hint_button.click()
                said = widget.locator(".cr-play__hints .cr-play__hint-text")
                said.wait_for()
                best = page.evaluate("window.crPlays[0].hints.best || null")
                assert said.inner_text().startswith(
                    "The bots would make this move out of turn now: " if best else
                    "The bots would make no move out of turn now: they would let ")
                marked = widget.locator(".cr-play__moves button.is-hinted")
                assert marked.count() == (1 if best else 0)

    assert play_to_the_end(seen, widget, each=out_of_turn) >= 6
    assert waited
    record = shown_record(widget)
    game = cardrules.replay(record)
    result = game.result
    assert result is not None and record["game"] == "guinote" and record["seed"] == 2
    assert shown_points(widget) == list(result.side_points)
    narrator = Narrator(game.rules, game.names, "en", viewer=0, you=0)
    assert widget.locator(".cr-play__status").inner_text() == narrator.verdict(result)
    no_long_tasks(seen)
    # The stepper steps through it and ends on the same score.
    widget.locator(".cr-play__open").click()
    page.wait_for_function("() => window.crWidgets[0].data && window.crWidgets[0].data.game === "
                           "'guinote'")
    widget.locator(".cr-w-button", has_text="Last").click()
    assert [int(rows.nth(i).get_attribute("data-points")) for i in range(rows.count())] == list(
        result.side_points)


def analyse_by_keyboard(seen: Visit, widget: Any, record: dict[str, Any]) -> None:
    """After the deal: "Analyse my play" by keyboard; the marks come one by one (a decision in
    doubt first as still being weighed, then settled), then the summary, the graph and its
    table, the bot in the seat, each announced; a marked step says the better play; Stop
    stops."""
    page = seen.page
    expected = analyse(record, 1, worlds=ANALYSIS_WORLDS)
    review = Review(expected, "en")
    # What a screen reader is to hear of the decisions, in the order the package weighs them:
    # a decision in doubt as still being weighed (its mark so far) when first shown, then its
    # mark once settled (if none, "no mark": its entry goes); any other, its mark if it has one.
    pieces = list(weighings(cardrules.replay(record), 1, worlds=ANALYSIS_WORLDS))
    to_hear: list[str] = []
    in_doubt: set[int] = set()
    for piece in pieces:
        decision = piece.decision
        said = f"Step {decision.index + 2}: " + (
            review.mark(decision.mark) if piece.settled else review.mark_so_far(decision.mark))
        if (piece.settled and decision.index in in_doubt) or (
                decision.index not in in_doubt and (
                    not piece.settled or decision.mark is not Mark.NONE)):
            to_hear.append(said + ".")
        if not piece.settled:
            in_doubt.add(decision.index)
    assert in_doubt, "at 8 imagined deals a decision, some are in doubt"
    # Everything the panel's polite announcer says, noted as it is said.
    page.evaluate("""() => { window.__heard = [];
      new MutationObserver((changes) => { changes.forEach((change) => {
        if (change.target.matches && change.target.matches('.cr-analysis > p.cr-sr-only')) {
          change.addedNodes.forEach((node) => { window.__heard.push(node.textContent); });
        } }); }).observe(document.body, { childList: true, subtree: true }); }""")
    widget.locator(".cr-play__mode--play").click()
    widget.locator(".cr-play__analyse").focus()
    page.keyboard.press("Enter")
    panel = widget.locator(".cr-analysis")
    status = panel.locator(".cr-analysis__status")
    # The keyboard goes on to the analysis (its Stop button), which says how far it is.
    page.wait_for_function("() => document.activeElement.classList.contains('cr-analysis__stop')")
    page.wait_for_function("() => /^Weighing the decisions: [1-9]/.test(document.querySelector("
                           "'.cr-analysis__status').textContent)")
    page.wait_for_function("() => !window.crAnalyses[0].running", timeout=120000)
    # Done: Analyse is back where Stop was, with the keyboard's focus.
    assert page.evaluate("document.activeElement.classList.contains('cr-analysis__start')")
    assert status.get_attribute("aria-live") == "polite"
    summary = review.summary()
    bot = panel.locator(".cr-analysis__bot").inner_text()
    assert status.inner_text() == "The analysis is done."
    # Heard: the summary once the marks are in (while the bot plays on), then the bot's points.
    heard = panel.locator("p.cr-sr-only[aria-live='polite']")
    assert heard.text_content() == bot
    assert page.evaluate("window.__heard") == [*to_hear, summary, bot]
    assert bot.startswith(f"Bruno took {expected.points} points; the bot in the same seat took ")
    assert panel.locator(".cr-analysis__summary").inner_text() == summary
    assert panel.locator(".cr-analysis__title").text_content() == review.title()
    # The graph (the package's SVG) and the same figures as a table.
    graph = panel.locator(".cr-analysis__graph svg[role='img']")
    assert graph.locator("title").text_content() == review.chance_caption()
    assert graph.locator("polyline").count() == 1
    rows = panel.locator("table.cr-chance-table tbody tr")
    assert rows.count() == len(expected.decisions) + 1
    assert rows.first.locator("td").nth(2).inner_text() == review.chance(
        expected.decisions[0].made.chance)
    marked = [d for d in expected.decisions if d.mark is not Mark.NONE]
    assert marked, "the first card every time: some play is marked"
    go = panel.locator("button.cr-analysis__go")
    assert go.count() == len(marked)  # the decisions in doubt that came out unmarked are gone
    assert [go.nth(k).inner_text() for k in range(go.count())] == [
        f"Step {d.index + 2}: {review.mark(d.mark)}" for d in marked]
    seen.shot("analysed", widget)
    # A marked decision, by keyboard: its step on the board, the better play said and heard.
    go.first.focus()
    page.keyboard.press("Enter")
    step = marked[0].index + 1
    page.wait_for_function(f"() => window.crWidgets[0].index === {step}")
    note = widget.locator(".cr-analysis__note")
    said = f"Marked: {review.mark(marked[0].mark)}. {review.better(marked[0])}".strip()
    assert note.inner_text().strip() == said
    assert said in widget.locator(":scope > p.cr-sr-only[aria-live]").text_content()
    seen.shot("marked", widget)
    # A decision in doubt as the worker says it (the first whose doubt came out unmarked, so
    # its entry is gone), drawn again: its entry, still being weighed, is back in the list.
    started = json.loads(web_analysis.start(json.dumps(
        {"record": record, "seat": 1, "worlds": ANALYSIS_WORLDS}), "en"))
    answers = []
    while not (answer := json.loads(web_analysis.step(started["session"])))["done"]:
        answers.append(answer["decision"])
    web_analysis.close(started["session"])
    unmarked = {said["index"] for said in answers if said["settled"] and said["mark"] == "none"}
    doubted = next(said for said in answers if not said["settled"]
                   and said["mark"] == "none" and said["index"] in unmarked)
    page.evaluate("(decision) => { window.crAnalyses[0].add(decision); }", doubted)
    weighed = panel.locator("button.cr-analysis__go--weighing")
    assert weighed.inner_text() == f"Step {doubted['step'] + 1}: still being weighed"
    assert weighed.get_attribute("aria-description") == doubted["weighing"]
    assert heard.text_content() == weighed.inner_text() + "."
    assert axe_violations(page) == []  # the analysed state, its note at a marked step shown,
    # and an entry still being weighed
    # The better card outlined in Bruno's hand (the stepper shows his view).
    best = page.evaluate(f"window.crAnalyses[0].bySteps[{step}].best_card")
    if best is not None:
        assert best == marked[0].best.notation
        outlined = widget.locator(".cr-board img.cr-card--better")
        assert outlined.count() == 1 and outlined.get_attribute("data-card") == best
    # At the step in doubt, the note says it is still being weighed.
    weighed.click()
    page.wait_for_function(f"() => window.crWidgets[0].index === {doubted['step']}")
    assert note.get_attribute("data-mark") == "weighing"
    assert note.inner_text().strip() == doubted["weighing"]
    # The note coming and going does not move the panel's buttons (it comes after them): a
    # click on Stop once missed it, as the note came back while the analysis began.
    # Here the note goes as a new analysis clears what was shown (as Analyse does first).
    start = panel.locator(".cr-analysis__start")
    shown = start.bounding_box()
    page.evaluate("() => window.crAnalyses[0].reset()")
    assert note.is_hidden() and shown is not None and start.bounding_box() == shown
    # Analyse again from the stepper, and stop at once: nothing more is asked of Python.
    start.click()
    page.wait_for_function("() => window.crAnalyses[0].running")  # begun before it is stopped
    panel.locator(".cr-analysis__stop").click()
    assert status.inner_text() == "The analysis is stopped."
    page.wait_for_timeout(500)  # an answer on its way when Stop was pressed changes nothing
    assert status.inner_text() == "The analysis is stopped."
    assert page.evaluate("!window.crAnalyses[0].running && window.crAnalyses[0].session === "
                         "null")


def test_play_a_whole_deal_in_spanish_on_a_game_page(visit: Callable[..., Visit]) -> None:
    seen = visit("es/games/brisca/")
    page = seen.page
    assert page.evaluate("document.documentElement.lang") == "es"
    widget = widget_of(seen)
    assert widget.locator(".cr-play__mode--play").inner_text() == "Jugar"
    # The page's game by default; a 2-player deal here.
    start_playing(widget, players=2, seed=3, seat=0)
    assert widget.locator(".cr-play__title").inner_text().startswith(
        "Brisca (España) · juegas como ")
    state = wait_for_turn_or_end(seen)
    assert widget.locator(".cr-play__status").inner_text() == (
        "Te toca: elige una carta. Puedes jugar cualquiera de tus cartas.")
    assert widget.locator(".cr-play__last").inner_text().startswith("Se reparten las cartas")
    # Undo: the first play taken back, and the bots' reply with it.
    hand = list(state["hand"])
    watch_long_tasks(seen)
    widget.locator("button.cr-play__card:not([aria-disabled])").first.click()
    page.wait_for_function("() => window.crPlays[0].state.your_turn && !window.crPlays[0].pending"
                           " && window.crPlays[0].state.step >= 2")
    assert widget.locator(".cr-play__log li").count() >= 3
    widget.locator(".cr-play__undo").click()
    page.wait_for_function("() => window.crPlays[0].state.step === 0")
    assert page.evaluate("window.crPlays[0].state.hand") == hand
    assert widget.locator(".cr-play__log li").count() == 1
    assert widget.locator(".cr-play__undo").is_disabled()
    play_to_the_end(seen, widget)
    seen.shot("end")
    record = shown_record(widget)
    result = cardrules.replay(record).result
    assert result is not None and record["game"] == "brisca" and record["players"] == 2
    assert shown_points(widget) == list(result.side_points)
    status = widget.locator(".cr-play__status").inner_text()
    assert status.startswith(("Ganas la mano", "Bruno gana la mano", "Empate")), status
    assert widget.locator(".cr-play__open").inner_text() == "Abrir paso a paso"
    no_long_tasks(seen)


def test_take_over_a_sample_at_a_middle_step(visit: Callable[..., Visit]) -> None:
    """Step through a sample deal, then play on from a step as the seat to act: the cards it
    may not play say why, in a player's words."""
    path = "examples/rematada-3p.json"
    step = 21
    seen = visit("try/")
    page = seen.page
    widget = widget_of(seen)
    widget.locator(".cr-source__sample").select_option(path)
    widget.locator(".cr-source__show").click()
    page.wait_for_function("() => window.crWidgets[0].data.game === 'rematada'")
    next_button = widget.locator(".cr-w-button--next")
    for _ in range(step):
        next_button.click()
    takeover = more(widget).locator(".cr-play__takeover")
    assert takeover.is_visible()
    # The seat to act at this step is chosen by default.
    assert widget.locator(".cr-play__take-seat").input_value() == "1"
    seen.shot("step")
    widget.locator(".cr-play__here").click()
    widget.locator(".cr-play__table").wait_for(state="visible")
    state = wait_for_turn_or_end(seen)
    sample = json.loads((ROOT / path).read_text(encoding="utf-8"))
    full = cardrules.replay(sample)
    game = full.fresh()
    for action in full.log[:step + 1]:
        game.play(action)
    assert state["your_turn"] and state["step"] == step
    assert widget.locator(".cr-play__log li").count() == step + 1
    # A card that may not be played: disabled, and saying why.
    refused = widget.locator("button.cr-play__card[aria-disabled='true']")
    assert refused.count() > 0
    code = refused.first.get_attribute("data-card")
    why = refusal(game, game.current_player or 0, parse_card(code))
    assert why is not None and why.say("en").startswith("You can't play the ")
    name = Narrator(game.rules, game.names, "en").card_name(parse_card(code))
    assert refused.first.get_attribute("title") is None  # no tooltip (see the a11y tests)
    spoken = page.evaluate("window.crPlays[0].state.spoken")[code]
    assert spoken in (name, f"{name}, trump")
    assert refused.first.get_attribute("aria-label") == f"{spoken} — {why.say('en')}"
    seen.shot("takeover")
    assert "is-disabled" in (refused.first.get_attribute("class") or "")  # greyed: its turn
    refused.first.click(force=True)  # aria-disabled: nothing is played; the status says why
    assert widget.locator(".cr-play__status").inner_text() == why.say("en")
    assert page.evaluate("window.crPlays[0].state.step") == step
    play_to_the_end(seen, widget)
    record = shown_record(widget)
    assert record["actions"][:step] == sample["actions"][:step]
    result = cardrules.replay(record).result
    # Rematada is scored by seat, and seat 1 does not count the declarer's discards: the same
    # table as the stepper's for seat 1.
    assert result is not None and shown_points(widget) == stepper_points(record, 1)
    assert len(shown_points(widget)) == 3  # a row per seat


@pytest.mark.parametrize("path", ["try/", "es/try/"])
def test_play_mode_fits_a_phone(visit: Callable[..., Visit], path: str) -> None:
    """At 375 px: the setup, the table and an auction's bid menu fit, and the menu bids; in
    Spanish, the whole deal (five players) too."""
    seen = visit(path, width=375)
    widget = widget_of(seen)
    widget.locator(".cr-play__mode--play").click()
    fits(seen, 375)
    seen.shot("setup", widget)
    start_playing(widget, game="chiamata", seed=2, seat=0)
    wait_for_turn_or_end(seen)
    fits(seen, 375)
    bids = widget.locator(".cr-play__bid-select")
    assert bids.count() == 1
    options = bids.locator("option")
    assert options.count() > 6
    chosen = options.nth(3).get_attribute("value")
    bids.select_option(chosen)
    bid_button = widget.locator("button.cr-play__bid")
    assert bid_button.inner_text().endswith(chosen.split(":")[1])
    seen.shot("auction", widget.locator(".cr-play__table"))
    bid_button.click()
    seen.page.wait_for_function("() => window.crPlays[0].state.step > 0")
    mine = widget.locator(f".cr-play__log li[data-actor='0'][data-action='{chosen}']")
    mine.wait_for(state="attached")
    assert mine.count() == 1
    if path == "try/":
        return
    play_to_the_end(seen, widget)
    fits(seen, 375)
    seen.shot("end", widget.locator(".cr-play__table"))
    record = shown_record(widget)
    result = cardrules.replay(record).result
    assert result is not None and shown_points(widget) == list(result.side_points)
