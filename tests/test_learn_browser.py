"""Annotated and shareable deals in a real browser: the record's notes at their steps, a link that
holds the deal and the step, a damaged link, autoplay, the keys and a swipe, in English and
Spanish, on a desktop and at phone width (375 px).

Headless Chromium (the system's) driven by Playwright against the built site served on
127.0.0.1, with the fixtures every browser test shares (``site``, ``base_url``, ``browser``:
tests/browser_support.py). Every page checks that no request left 127.0.0.1 and that it raised no
script error.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser_support import ROOT, Visit, Visits, more, show_view, shown_deal

from cardrules import web

PHONE = 375
DESKTOP = 1200
SAMPLE = "examples/brisca-4p.json"  # the Brisca page's and the Try it page's own deal
NOTED = 12  # a step of it with a note (Diego loads his partner's trick with an ace)
LINKED = "examples/briscas-2p.json"  # a sample the Try it page does not show by itself
MIDDLE = 15  # a step of it with a note (Bruno trumps the three of swords)


def record_of(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return data


def notes_of(path: str, lang: str) -> dict[int, str]:
    """The sample's notes by step, in ``lang``."""
    return {int(step): note[lang] for step, note in record_of(path)["notes"].items()}


@pytest.fixture
def visit(browser: Any, base_url: str) -> Iterator[Callable[..., Visit]]:
    visits = Visits(browser, base_url)

    def open_page(path: str, *, width: int = DESKTOP, touch: bool = False) -> Visit:
        return visits.open(path, width=width, height=800, touch=touch, clipboard=True)

    yield open_page
    visits.close_and_check()


def widget_of(seen: Visit, record: str | None = None) -> Any:
    """The widget of the page's figure that shows ``record`` (the first one by default), ready."""
    page = seen.page
    figure = (page.locator(f"figure.cr-deal[data-record='{record}']").first if record
              else page.locator("figure.cr-deal").first)
    widget = figure.locator(".cr-widget")
    widget.scroll_into_view_if_needed()
    widget.locator(".cr-board").wait_for(state="visible")
    assert widget.get_attribute("data-state") == "ready"
    return widget


def step_of(widget: Any) -> int:
    return int(widget.get_attribute("data-step"))


def counter(widget: Any) -> str:
    text: str = widget.locator(".cr-widget__counter").inner_text()
    return text


def go_to(widget: Any, step: int) -> None:
    """To a step with the keys (Home, then → as often as needed), the board having the focus."""
    board = widget.locator("div.cr-board")
    board.focus()
    board.press("Home")
    for _ in range(step):
        board.press("ArrowRight")
    assert step_of(widget) == step


def fits(seen: Visit, width: int) -> None:
    """Nothing is wider than the viewport (no sideways scrolling)."""
    assert seen.page.evaluate("document.documentElement.scrollWidth") <= width


def show_sample(widget: Any, path: str) -> None:
    """The "Try it" page's picker shows a sample deal."""
    widget.locator(".cr-widget__source .cr-source__sample").select_option(path)
    widget.locator(".cr-widget__source .cr-source__show").click()
    expected = len(record_of(path)["actions"]) + 1
    widget.page.wait_for_function(
        "([root, total]) => root.querySelector('.cr-widget__counter').textContent"
        ".endsWith(' ' + total)", arg=[widget.element_handle(), expected])


def copied_link(seen: Visit, widget: Any) -> str:
    """Click "Copy link" (under "More"): the link shown beside it (and on the clipboard)."""
    more(widget).locator(".cr-w-button--link").click()
    box = widget.locator("input.cr-widget__link")
    box.wait_for(state="visible")
    link: str = box.input_value()
    status = widget.locator(".cr-widget__link-status")
    seen.page.wait_for_function("(node) => node.textContent !== ''", arg=status.element_handle())
    if status.inner_text().startswith(("Link copied", "Enlace copiado")):
        assert seen.page.evaluate("navigator.clipboard.readText()") == link
    return link


def token_of(record: dict[str, Any]) -> str:
    return web.link_token(record)


# Notes ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("es", PHONE)])
def test_a_note_shows_at_its_step_on_the_board_and_under_its_trick(
        visit: Callable[..., Visit], lang: str, width: int) -> None:
    prefix = "es/" if lang == "es" else ""
    seen = visit(f"{prefix}games/brisca/", width=width)
    widget = widget_of(seen, SAMPLE)
    notes = notes_of(SAMPLE, lang)
    figure = seen.page.locator(f"figure.cr-deal[data-record='{SAMPLE}']").first
    # The static diagram: the note on the step, under its trick, as text.
    static = figure.locator(f".cr-comment[data-step='{NOTED}']")
    assert static.locator(".cr-comment__text").inner_text() == notes[NOTED]
    assert static.locator("xpath=ancestor::li[contains(@class, 'cr-trick')]").count() == 1
    # The board: no note before its step, the note at it, in the page's language.
    note = widget.locator("div.cr-board p.cr-board__note")
    go_to(widget, NOTED - 1)
    assert not note.is_visible()
    widget.locator("div.cr-board").press("ArrowRight")
    assert note.is_visible() and note.get_attribute("data-step") == str(NOTED)
    assert note.locator(".cr-board__note-text").inner_text() == notes[NOTED]
    assert note.locator(".cr-board__note-label").inner_text() == ("Nota" if lang == "es" else
                                                                  "Note")
    # In one seat's view the note only says it is there (it tells the open account).
    show_view(widget, "1")
    assert notes[NOTED] not in note.inner_text() and note.is_visible()
    show_view(widget, "all")
    assert note.locator(".cr-board__note-text").inner_text() == notes[NOTED]
    fits(seen, width)


def test_a_note_with_markup_is_text(visit: Callable[..., Visit]) -> None:
    """A note reaches the page as text, through a link as through a diagram."""
    record = record_of(SAMPLE)
    markup = "<img src=x onerror=\"window.__hacked=1\"><b>bold</b>"
    record["notes"] = {"2": {"en": markup, "es": markup}}
    seen = visit(f"try/#deal={token_of(record)}&step=2")
    widget = widget_of(seen)
    note = widget.locator("div.cr-board .cr-board__note-text")
    assert note.inner_text() == markup
    assert note.locator("img, b").count() == 0
    assert seen.page.evaluate("window.__hacked === undefined")


# Links ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("es", PHONE)])
def test_a_link_round_trip_to_a_middle_step(
        visit: Callable[..., Visit], lang: str, width: int) -> None:
    prefix = "es/" if lang == "es" else ""
    seen = visit(f"{prefix}try/", width=width)
    widget = widget_of(seen)
    show_sample(widget, LINKED)
    go_to(widget, MIDDLE)
    show_view(widget, "1")
    shown = counter(widget)
    link = copied_link(seen, widget)
    assert re.search(rf"/{prefix}try/#deal=[zj][A-Za-z0-9_-]+&step={MIDDLE}&view=1$", link)
    fits(seen, width)
    # The address follows the board.
    seen.page.wait_for_function(f"() => location.hash.endsWith('&step={MIDDLE}&view=1')")
    # Opened in a new page: the same deal, at the same step, in the same view.
    again = visit(link, width=width)
    other = widget_of(again)
    assert step_of(other) == MIDDLE and counter(other) == shown
    assert other.locator(".cr-widget__view").input_value() == "1"
    board = other.locator("div.cr-board")
    assert board.locator(".cr-board__seat[data-seat='0'] img.cr-card--back").count() == 3
    show_view(other, "all")
    note = board.locator(".cr-board__note-text")
    assert note.inner_text() == notes_of(LINKED, lang)[MIDDLE]
    expected = shown_deal(web.steps_data(record_of(LINKED), lang))["steps"][MIDDLE]
    assert board.locator(".cr-board__text").inner_text().startswith(expected["text"])
    # The board shows the link's deal, in place of the page's own sample.
    assert again.page.locator("figure.cr-deal").first.get_attribute("data-record") == SAMPLE
    assert "cr-deal--replaced" in (again.page.locator("figure.cr-deal").first
                                   .get_attribute("class") or "")
    # Stepping on rewrites the address; a link put in the address opens at once.
    board.press("ArrowRight")
    again.page.wait_for_function(f"() => location.hash.includes('&step={MIDDLE + 1}')")
    again.page.evaluate(f"location.hash = 'deal={token_of(record_of(LINKED))}&step=3'")
    again.page.wait_for_function(
        "() => document.querySelector('.cr-widget').dataset.step === '3'")
    fits(again, width)


def test_a_game_page_link_opens_its_board_on_that_page(visit: Callable[..., Visit]) -> None:
    """A link copied on a game page opens on that game page, at the board it was copied from
    ("&board=<n>": the figure's place among the page's diagrams), at its step, with its note."""
    six = "examples/briscola-6p.json"
    seen = visit("games/briscola/")
    widget = widget_of(seen, six)
    number = seen.page.evaluate(
        "(figure) => Array.from(document.querySelectorAll('figure.cr-deal[data-record]'))"
        ".indexOf(figure)", seen.page.locator(f"figure.cr-deal[data-record='{six}']").first
        .element_handle())
    assert number > 0  # not the page's first board: the link must name it
    go_to(widget, 12)
    link = copied_link(seen, widget)
    assert re.search(rf"/games/briscola/#deal=[zj][\w-]+&step=12&board={number}$", link), link
    # The page's own address is left alone.
    assert seen.page.evaluate("location.hash") == ""
    again = visit(link)
    other = widget_of(again, six)
    assert again.page.evaluate("location.pathname").endswith("/games/briscola/")
    assert step_of(other) == 12
    assert (other.locator("div.cr-board .cr-board__note-text").inner_text()
            == notes_of(six, "en")[12])


def bad_links() -> list[tuple[str, str, str]]:
    """(fragment, what the English message says, what the Spanish one says)."""
    record = record_of(SAMPLE)
    good = token_of(record)
    illegal = {**{k: v for k, v in record.items() if k != "notes"}, "actions": ["9C"]}
    plain = "j" + base64.urlsafe_b64encode(b"[1, 2]").decode().rstrip("=")
    return [
        (f"deal={good[:-40]}&step=3", "link is damaged", "enlace está dañado"),
        ("deal=not-a-deal!&step=1", "link is damaged", "enlace está dañado"),
        (f"deal={token_of(illegal)}", "actions[0]", "actions[0]"),
        (f"deal={plain}", "must be a JSON object", "debe ser un objeto JSON"),
    ]


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("es", PHONE)])
def test_a_damaged_link_says_so_and_the_page_still_works(
        visit: Callable[..., Visit], lang: str, width: int) -> None:
    prefix = "es/" if lang == "es" else ""
    fragment, en, es = bad_links()[0]
    seen = visit(f"{prefix}try/#{fragment}", width=width)
    widget = widget_of(seen)
    notice = widget.locator(".cr-widget__notice")
    assert notice.is_visible()
    said = notice.locator(".cr-widget__notice-text").inner_text()
    opening, closing = (("El enlace está dañado: ", "aquí tienes la mano de esta página.")
                        if lang == "es" else
                        ("The link is damaged: ", "Here is this page's own deal instead."))
    assert said.startswith(opening) and said.endswith(closing)
    assert (es if lang == "es" else en) in said
    # The page opens at the widget, the message in view.
    assert seen.page.evaluate("(node) => node.getBoundingClientRect().top < innerHeight",
                              notice.element_handle())
    # The page shows its own deal, and works.
    figure = seen.page.locator("figure.cr-deal").first
    own = figure.get_attribute("data-record")
    assert "cr-deal--replaced" not in (figure.get_attribute("class") or "")
    total = len(record_of(own)["actions"]) + 1
    assert counter(widget).endswith(str(total))
    widget.locator(".cr-w-button--next").click()
    assert step_of(widget) == 1
    fits(seen, width)
    # Every other kind of damage, put in the address of the open page: a message each time,
    # and the deal on the board stays.
    for fragment, en, es in bad_links()[1:]:
        notice.locator(".cr-w-button--dismiss").click()
        assert not notice.is_visible()
        seen.page.evaluate("(hash) => { location.hash = hash; }", fragment)
        notice.wait_for(state="visible")
        said = notice.locator(".cr-widget__notice-text").inner_text()
        assert (es if lang == "es" else en) in said, said
        assert counter(widget).endswith(str(total))
    assert widget.get_attribute("data-state") == "ready"
    # A step past the end is no damage: the deal opens at its last step, without a notice.
    notice.locator(".cr-w-button--dismiss").click()
    seen.page.evaluate("(hash) => { location.hash = hash; }",
                       f"deal={token_of(record_of(LINKED))}&step=999")
    last = len(record_of(LINKED)["actions"])
    seen.page.wait_for_function(f"(root) => root.dataset.step === '{last}'",
                                arg=widget.element_handle())
    assert counter(widget).endswith(str(last + 1))
    assert not notice.is_visible()


def test_a_link_put_in_the_address_wins_over_the_boards_own(
        visit: Callable[..., Visit]) -> None:
    # The board writes its step into the address a moment after a move. A link the reader puts
    # there is opened even if that write lands before the browser says the address changed
    # (done here by hand: which of the two comes first is the browser's choice).
    seen = visit("try/")
    widget = widget_of(seen)
    widget.locator(".cr-w-button--next").click()
    seen.page.wait_for_function("() => location.hash.includes('deal=')")
    linked = f"deal={token_of(record_of(LINKED))}&step=2"
    seen.page.evaluate("""(hash) => {
        const boards = location.hash;
        location.hash = hash;
        history.replaceState(history.state, "", boards);
    }""", linked)
    seen.page.wait_for_function("(root) => root.dataset.step === '2'",
                                arg=widget.element_handle())
    assert counter(widget).endswith(str(len(record_of(LINKED)["actions"]) + 1))
    seen.page.wait_for_function("(hash) => location.hash === hash", arg="#" + linked)
    assert not widget.locator(".cr-widget__notice").is_visible()


# Moving along -------------------------------------------------------------------------------------


def game_page(visit: Callable[..., Visit], lang: str, width: int, game: str,
              record: str) -> tuple[Visit, Any, int]:
    """A game's page in ``lang``, its widget showing ``record``, and that record's last step."""
    prefix = "es/" if lang == "es" else ""
    seen = visit(f"{prefix}games/{game}/", width=width)
    return seen, widget_of(seen, record), len(record_of(record)["actions"])


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("es", PHONE)])
def test_autoplay_reaches_the_end_and_pauses(
        visit: Callable[..., Visit], lang: str, width: int) -> None:
    seen, widget, last = game_page(visit, lang, width, "alcalde", "examples/alcalde-3p.json")
    go_to(widget, last - 6)
    button = widget.locator(".cr-w-button--autoplay")
    assert button.inner_text().strip() == ("Reproducir" if lang == "es" else "Autoplay")
    assert button.locator("svg.cr-icon--play[aria-hidden='true']").count() == 1
    more(widget).locator(".cr-widget__speed").select_option("4")
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert button.inner_text().strip() == ("Pausa" if lang == "es" else "Pause")
    assert button.locator("svg.cr-icon--pause[aria-hidden='true']").count() == 1
    seen.page.wait_for_function(
        f"(root) => root.dataset.step === '{last}' && !root.hasAttribute('data-autoplay')",
        arg=widget.element_handle(), timeout=30_000)
    assert button.get_attribute("aria-pressed") == "false"
    assert widget.locator("div.cr-board .cr-board__result").is_visible()
    # Play again from the end: from the deal; a key pauses it.
    more(widget).locator(".cr-widget__speed").select_option("0.5")
    button.click()
    assert step_of(widget) == 0 and button.get_attribute("aria-pressed") == "true"
    widget.locator("div.cr-board").press("End")
    assert button.get_attribute("aria-pressed") == "false" and step_of(widget) == last
    seen.page.wait_for_timeout(2600)  # longer than a slow step: nothing moves any more
    assert step_of(widget) == last
    fits(seen, width)


@pytest.mark.parametrize(("lang", "width"), [("en", DESKTOP), ("es", PHONE)])
def test_the_keys_step_when_the_widget_has_focus(
        visit: Callable[..., Visit], lang: str, width: int) -> None:
    seen, widget, last = game_page(visit, lang, width, "briscas", "examples/briscas-2p.json")
    board = widget.locator("div.cr-board")
    assert board.get_attribute("aria-keyshortcuts") == "ArrowLeft ArrowRight Home End"
    board.focus()
    board.press("End")
    assert step_of(widget) == last
    board.press("Home")
    assert step_of(widget) == 0
    board.press("ArrowRight")
    board.press("ArrowRight")
    assert step_of(widget) == 2
    board.press("ArrowLeft")
    assert step_of(widget) == 1
    # From a button of the controls too; not from a menu (its arrows choose an option), nor
    # when the focus is elsewhere on the page.
    widget.locator(".cr-w-button--next").focus()
    seen.page.keyboard.press("ArrowRight")
    assert step_of(widget) == 2
    widget.locator(".cr-widget__view").focus()
    seen.page.keyboard.press("End")
    assert step_of(widget) == 2
    seen.page.locator("h1").first.click()
    seen.page.keyboard.press("End")
    assert step_of(widget) == 2
    fits(seen, width)


def swipe(seen: Visit, target: Any, dx: int, dy: int = 0) -> None:
    """A one-finger swipe on ``target``, as a touch screen reports it."""
    seen.page.evaluate(
        """([node, dx, dy]) => {
          const box = node.getBoundingClientRect();
          const x = box.left + box.width / 2, y = box.top + Math.min(box.height / 2, 100);
          const touch = (cx, cy) => new Touch({ identifier: 1, target: node, clientX: cx,
                                                clientY: cy });
          const start = touch(x, y), end = touch(x + dx, y + dy);
          node.dispatchEvent(new TouchEvent("touchstart", { touches: [start],
            changedTouches: [start], bubbles: true }));
          node.dispatchEvent(new TouchEvent("touchend", { touches: [],
            changedTouches: [end], bubbles: true }));
        }""", [target.element_handle(), dx, dy])


def test_a_swipe_steps_on_a_touch_screen(visit: Callable[..., Visit]) -> None:
    seen = visit("es/games/briscola/", width=PHONE, touch=True)
    widget = widget_of(seen, "examples/briscola-2p.json")
    board = widget.locator("div.cr-board")
    assert seen.page.evaluate("(node) => getComputedStyle(node).touchAction",
                              board.element_handle()) == "pan-y pinch-zoom"
    start = step_of(widget)
    swipe(seen, board, -120)  # to the left: the next step
    assert step_of(widget) == start + 1
    swipe(seen, board, -120)
    assert step_of(widget) == start + 2
    swipe(seen, board, 120)  # to the right: back
    assert step_of(widget) == start + 1
    swipe(seen, board, -20)  # too short
    swipe(seen, board, -60, 150)  # mostly down: a scroll, not a swipe
    assert step_of(widget) == start + 1
    # Swiping pauses autoplay.
    more(widget).locator(".cr-widget__speed").select_option("0.5")
    widget.locator(".cr-w-button--autoplay").click()
    swipe(seen, board, -120)
    assert widget.locator(".cr-w-button--autoplay").get_attribute("aria-pressed") == "false"
    assert step_of(widget) == start + 2
    fits(seen, PHONE)
