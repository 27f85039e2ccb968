"""The practice page in a real browser: headless Chromium (the system's) driven by Playwright
against the built site served on 127.0.0.1, with the shared fixtures of ``browser_support``.

An exercise is answered right and then wrong, in English and in Spanish, and the feedback must
say so with the rule and the definition; the exercise the page shows must be the one
``cardrules.learn.practice`` makes from the same id; after a reload the progress is still there,
and a missed exercise comes back for review, spaced (after three others, then six more; never a
review right after a review). An endgame puzzle, answered by the keyboard, plays its solution
out on a board of its own. Once at a phone's width (375 px). Every test checks that
no request left 127.0.0.1 and that the page raised no script error.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from a11y_support import axe_violations, settle
from browser_support import Visit, Visits, more

from cardrules.learn import practice
from cardrules.web import steps_data


@pytest.fixture
def visit(browser: Any, base_url: str) -> Iterator[Callable[..., Visit]]:
    visits = Visits(browser, base_url)

    def open_page(path: str, *, width: int = 1200) -> Visit:
        return visits.open(path, width=width)

    yield open_page
    visits.close_and_check()


# Helpers ----------------------------------------------------------------------------------------


CARD = ".cr-practice__card[data-exercise]"


def shown(seen: Visit, lang: str, previous: str | None = None,
          kind: str | None = None) -> dict[str, Any]:
    """The exercise on the page (waiting for one other than ``previous``, and of ``kind`` when
    given: ticking a kind may show one exercise on the way to the next), checked against the
    one Python makes from its id."""
    page = seen.page
    page.wait_for_function(
        "([previous, kind]) => { const c = document.querySelector("
        "'.cr-practice__card[data-exercise]');"
        " return c && !c.hidden && c.getAttribute('data-exercise') !== previous"
        " && (kind === null || c.getAttribute('data-kind') === kind)"
        " && !c.hasAttribute('data-result'); }", arg=[previous, kind])
    card = page.locator(CARD)
    ident = card.get_attribute("data-exercise")
    assert ident is not None
    made = practice.exercise_data(ident, lang)
    assert made["ok"], made
    exercise: dict[str, Any] = made["exercise"]
    assert card.get_attribute("data-kind") == exercise["kind"]
    assert card.locator(".cr-practice__prompt").inner_text() == exercise["prompt"]
    keys = card.locator(".cr-practice__choice").evaluate_all(
        "(nodes) => nodes.map((n) => n.getAttribute('data-key'))")
    assert keys == [choice["key"] for choice in exercise["choices"]]
    pictures = card.locator("img.cr-card")
    assert pictures.count() == len(exercise["cards"])
    for i, shown_card in enumerate(exercise["cards"]):
        assert pictures.nth(i).get_attribute("data-card") == shown_card["code"]
    if exercise["cards"]:  # the pictures load (from the site itself)
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.cr-practice__card img.cr-card'))"
            ".every((img) => img.complete && img.naturalWidth > 0)")
    return exercise


def answer(seen: Visit, exercise: dict[str, Any], right: bool) -> None:
    """Choose the right answer, or a wrong one, and check the feedback."""
    wrong = next(c["key"] for c in exercise["choices"] if c["key"] != exercise["answer"])
    key = exercise["answer"] if right else wrong
    card = seen.page.locator(CARD)
    card.locator(f".cr-practice__choice[data-key='{key}']").click()
    feedback = card.locator(".cr-practice__feedback")
    feedback.wait_for(state="visible")
    assert card.get_attribute("data-result") == ("right" if right else "wrong")
    verdict = feedback.locator(".cr-practice__verdict").inner_text()
    answer_text = next(c["text"] for c in exercise["choices"] if c["key"] == exercise["answer"])
    if right:
        assert verdict in ("Right!", "¡Correcto!")
    else:
        assert answer_text in verdict
    rule = feedback.locator(".cr-practice__rule").inner_text()
    for line in exercise["rule"]:
        assert line.replace("*", "") in rule
    term = exercise["term"]
    if term is not None:
        definition = feedback.locator(".cr-practice__term").inner_text()
        assert term["word"] in definition and term["gloss"] in definition
        href = feedback.locator("a.cr-practice__word").get_attribute("href")
        assert href is not None and href.endswith("#" + term["id"])
    # The right choice is marked, and no choice may be taken back.
    assert "is-answer" in (card.locator(f"[data-key='{exercise['answer']}']")
                           .get_attribute("class") or "")
    assert card.locator(".cr-practice__choice:enabled").count() == 0


def progress(seen: Visit) -> tuple[int, int]:
    summary = seen.page.locator(".cr-practice__progress")
    return int(summary.get_attribute("data-answered") or -1), int(
        summary.get_attribute("data-right") or -1)


def boxes(seen: Visit) -> list[int]:
    return [int(n) for n in seen.page.locator(".cr-practice__box").evaluate_all(
        "(nodes) => nodes.map((n) => n.getAttribute('data-count'))")]


def go_on(seen: Visit) -> None:
    seen.page.locator(".cr-practice__next").click()


# Tests ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "path", "width"), [
    ("en", "practice/", 1200),
    ("es", "es/practice/", 375),
])
def test_answer_right_and_wrong_then_reload(visit: Callable[..., Visit], lang: str, path: str,
                                            width: int) -> None:
    seen = visit(path, width=width)
    page = seen.page
    assert page.locator("html").get_attribute("lang") == lang
    first = shown(seen, lang)
    assert progress(seen) == (0, 0)
    answer(seen, first, right=True)
    assert progress(seen) == (1, 1)
    go_on(seen)
    second = shown(seen, lang, first["id"])
    answer(seen, second, right=False)
    assert progress(seen) == (2, 1)
    assert boxes(seen) == [1, 1, 0, 0, 0]  # missed: box 1; right: box 2
    if width <= 400:  # a phone: nothing wider than the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for locator in (".cr-practice__card", ".cr-practice__feedback",
                        ".cr-practice__kinds"):
            box = page.locator(locator).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    stored = page.evaluate("localStorage.getItem('cardrules-practice')")
    assert second["id"] in stored and first["id"] in stored

    # Reload: the progress is kept, and the missed exercise comes back for review after three
    # others (practice.js's MISSED_GAPS), all three new ones.
    page.reload()
    card = page.locator(CARD)
    previous = None
    for _ in range(3):
        other = shown(seen, lang, previous)
        assert other["id"] not in (first["id"], second["id"])
        assert card.get_attribute("data-review") == "false"
        if previous is None:
            assert progress(seen) == (2, 1)
            assert boxes(seen) == [1, 1, 0, 0, 0]
        answer(seen, other, right=True)
        go_on(seen)
        previous = other["id"]
    again = shown(seen, lang, previous)
    assert again["id"] == second["id"]
    assert card.get_attribute("data-review") == "true"
    assert page.locator(".cr-practice__again").is_visible()
    answer(seen, again, right=True)
    assert progress(seen) == (6, 5)
    if lang == "es":
        assert "Respondidos: 6" in page.locator(".cr-practice__progress").inner_text()


def test_the_kinds_chosen_and_the_keys(visit: Callable[..., Visit]) -> None:
    seen = visit("practice/")
    page = seen.page
    first = shown(seen, "en")
    for kind in practice.KINDS:
        box = page.locator(f"input.cr-practice__kind[data-kind='{kind}']")
        if kind != "word":
            box.uncheck()
    # The last kind cannot be unticked: there is always something to practise.
    page.locator("input.cr-practice__kind[data-kind='word']").click()
    assert page.locator("input.cr-practice__kind[data-kind='word']").is_checked()
    # An exercise of a kind no longer chosen gives way to one that is.
    page.wait_for_selector(".cr-practice__card[data-kind='word']:not([data-result])")
    first = shown(seen, "en")
    # Answer with the keyboard (the number of the choice), go on with Enter.
    page.locator(".cr-practice__choice").first.focus()
    position = [c["key"] for c in first["choices"]].index(first["answer"]) + 1
    page.keyboard.press(str(position))
    assert page.locator(CARD).get_attribute("data-result") == "right"
    page.keyboard.press("Enter")
    for _ in range(2):
        drill = shown(seen, "en", first["id"])
        assert drill["kind"] == "word"
        answer(seen, drill, right=False)
        first = drill
        go_on(seen)
    endgame_puzzle(seen, first["id"])
    # Forgetting the progress takes two clicks.
    reset = page.locator(".cr-practice__reset")
    reset.click()
    assert progress(seen)[0] == 4
    reset.click()
    assert progress(seen) == (0, 0) and boxes(seen) == [0, 0, 0, 0, 0]
    page.reload()
    assert progress(seen) == (0, 0)
    assert not page.locator("input.cr-practice__kind[data-kind='label']").is_checked()


def endgame_puzzle(seen: Visit, previous: str) -> None:
    """Only the endgame puzzles ticked: a puzzle, answered by the keyboard, and its solution
    played out on the board from the position to the end of the deal, each step as Python words
    it; axe finds nothing wrong with the page in that state."""
    page = seen.page
    page.locator("input.cr-practice__kind[data-kind='puzzle']").check()
    page.locator("input.cr-practice__kind[data-kind='word']").uncheck()
    drill = shown(seen, "en", previous, kind="puzzle")
    assert drill["kind"] == "puzzle" and drill["play_from"] == drill["step"]
    card = page.locator(CARD)
    solution = page.locator(".cr-practice__solution")
    assert solution.is_hidden()
    assert [c.get_attribute("data-role") for c in card.locator(".cr-practice__figure").all()] \
        == [c["role"] for c in drill["cards"]]
    page.locator(".cr-practice__choice").first.focus()
    keys = [c["key"] for c in drill["choices"]]
    page.keyboard.press(str(keys.index(drill["answer"]) + 1))
    assert card.get_attribute("data-result") == "right"
    for line in drill["rule"]:
        assert line in card.locator(".cr-practice__rule").inner_text()
    # The board opens at the position and plays the solution out by itself.
    page.wait_for_function(
        "(from) => { const s = document.querySelector('.cr-practice__solution');"
        " return s && !s.hidden && s.getAttribute('data-from') === String(from); }",
        arg=drill["play_from"])
    board = solution.locator(".cr-widget")
    assert board.get_attribute("id") == "cr-practice-solution"
    assert board.get_attribute("data-autoplay") is not None
    steps = steps_data(drill["record"], "en", "all")["steps"]
    more(board).locator(".cr-widget__speed").select_option("4")
    board.locator(".cr-w-button--more").press("Escape")
    page.wait_for_function(
        "(last) => document.querySelector('#cr-practice-solution')"
        ".getAttribute('data-step') === String(last)", arg=len(steps) - 1, timeout=30_000)
    assert board.get_attribute("data-autoplay") is None
    said = board.locator(".cr-sr-only[aria-live]").inner_text()
    assert steps[-1]["text"] in said
    # Back to the position with the keyboard: the board shows the puzzle's cards.
    board.locator(".cr-board").focus()
    page.keyboard.press("Home")
    for _ in range(drill["play_from"]):
        page.keyboard.press("ArrowRight")
    assert board.get_attribute("data-step") == str(drill["play_from"])
    assert steps[drill["play_from"] + 1]["text"].startswith(
        next(c["caption"] for c in drill["cards"] if c["role"] == "hand"))
    settle(page)
    assert axe_violations(page) == []
    go_on(seen)
    assert solution.is_hidden()


def test_it_goes_on_offline(visit: Callable[..., Visit]) -> None:
    """Once Python and the card pictures are in, the exercises need no network."""
    seen = visit("practice/", width=800)
    page = seen.page
    drill = shown(seen, "en")
    page.wait_for_function(
        "() => window.crPractice && window.crPractice.warmed && window.crPractice.warmed.length"
        " && window.crPractice.warmed.every((img) => img.complete && img.naturalWidth > 0)")
    warmed = page.evaluate(
        "() => window.crPractice.warmed.map((img) => img.getAttribute('src'))")
    # Every picture an exercise may show, the 48-card pack's nines of the Aluette words included.
    assert {"/".join(src.removesuffix(".svg").split("/")[-2:]) for src in warmed} == set(
        practice.picture_paths())
    page.context.set_offline(True)
    try:
        for _ in range(len(practice.KINDS)):  # every kind in turn, the pictures from the cache
            answer(seen, drill, right=True)
            go_on(seen)
            drill = shown(seen, "en", drill["id"])
    finally:
        page.context.set_offline(False)
    assert progress(seen) == (len(practice.KINDS), len(practice.KINDS))


def test_a_missed_exercise_comes_back_spaced(visit: Callable[..., Visit]) -> None:
    """A missed exercise comes back after three others, then after six more if missed again
    (practice.js's MISSED_GAPS), and a review never follows a review: two exercises missed every
    time come back twice each in the first ten, never one after the other (the review found one
    coming back 4 times in 10)."""
    seen = visit("practice/")
    page = seen.page
    order: list[tuple[str, bool]] = []  # (id, shown as a review)
    previous = None
    missed: list[str] = []
    for _ in range(12):
        drill = shown(seen, "en", previous)
        review = page.locator(CARD).get_attribute("data-review") == "true"
        order.append((drill["id"], review))
        if len(missed) < 2 and not review:
            missed.append(drill["id"])
        answer(seen, drill, right=drill["id"] not in missed)
        previous = drill["id"]
        go_on(seen)
    ids = [ident for ident, _ in order]
    first, second = missed
    assert [i for i, ident in enumerate(ids) if ident == first] == [0, 4, 11]
    assert [i for i, ident in enumerate(ids) if ident == second] == [1, 6]
    # The third, answered right, moved up to box 2: it comes back after six others; the fourth
    # would come back now too, but not right after a review.
    assert [i for i, ident in enumerate(ids) if ident == ids[2]] == [2, 9]
    assert all(ids.count(ident) == 1 for ident in ids if ident not in (first, second, ids[2]))
    assert [review for _, review in order] == [i in (4, 6, 9, 11) for i in range(12)]
    for (_, one), (_, two) in itertools.pairwise(order):
        assert not (one and two)  # a review never right after a review
    assert max(ids[i:i + 10].count(first) for i in range(3)) <= 2
