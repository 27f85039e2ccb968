"""The rulebook's widget in a real browser: headless Chromium (the system's, /usr/bin/chromium)
driven by Playwright against the built site served on 127.0.0.1.

The site is built once per session with scripts/build_site.sh into a temporary folder (or taken
from ``CARDRULES_SITE``, a site built beforehand). Every test checks that no request left
127.0.0.1 and that the page raised no script error. Without Chromium, Playwright or MkDocs the
tests fail, saying what to install (a skipped browser test is not a green run), unless
``CARDRULES_NO_BROWSER`` is set: then they are skipped.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser_support import (
    READY,
    ROOT,
    TIMEOUT,
    WIDTH_OVERFLOW,
    Visit,
    Visits,
    more,
    show_view,
    shown_deal,
)
from test_snapshot_browser import started_from_the_snapshot

import cardrules
from cardrules import web
from cardrules.bots import GreedyBot, RandomBot, play_out
from cardrules.learn import glossary


def record_of(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return data


def side_points(path: str) -> list[int]:
    result = cardrules.replay(record_of(path)).result
    assert result is not None
    return list(result.side_points)


@pytest.fixture
def visit(browser: Any, base_url: str) -> Iterator[Callable[..., Visit]]:
    visits = Visits(browser, base_url)

    def open_page(path: str, *, wasm_missing: bool = False, scheme: str = "light",
                  wasm_held: list[Any] | None = None, width: int = 1200) -> Visit:
        routes: list[tuple[str, Callable[[Any], None]]] = []
        if wasm_missing:
            routes.append(("**/pyodide.asm.wasm",
                           lambda route: route.fulfill(status=404, body="not here")))
        if wasm_held is not None:  # Python keeps starting until the test lets the runtime in
            routes.append(("**/pyodide.asm.wasm", lambda route: wasm_held.append(route)))
        return visits.open(path, scheme=scheme, routes=routes, width=width)

    yield open_page
    visits.close_and_check(expected_404=("sitemap.xml", "pyodide.asm.wasm"))


def ready_widget(seen: Visit, index: int = 0) -> Any:
    """The ``index``-th widget of the page, scrolled into view and ready."""
    widget = seen.page.locator(".cr-widget").nth(index)
    widget.scroll_into_view_if_needed()
    widget.locator(".cr-board").wait_for(state="visible")
    assert widget.get_attribute("data-state") == "ready"
    return widget


def on_board(widget: Any, css: str) -> Any:
    """The elements of the widget's steppable board that match ``css`` (the play mode's panel
    uses some of the same class names)."""
    return widget.locator(f"div.cr-board {css}")


def in_picker(widget: Any, css: str) -> Any:
    """The elements of the "Try it" page's deal picker that match ``css``."""
    return widget.locator(f".cr-widget__source {css}")


def step_to_the_end(widget: Any) -> int:
    """Click Next until the end of the deal; the number of steps shown."""
    next_button = widget.locator(".cr-w-button--next")
    clicks = 0
    while next_button.is_enabled():
        next_button.click()
        clicks += 1
    return clicks + 1


def shown_points(widget: Any) -> list[int]:
    """Points per side on the board (per player while the sides are not shown)."""
    rows = on_board(widget, "table.cr-board__score tbody:not([hidden]) tr")
    return [int(rows.nth(i).get_attribute("data-points")) for i in range(rows.count())]


# Tests ------------------------------------------------------------------------------------------


def test_the_brisca_page_steps_jumps_and_shows_the_sides(visit: Callable[..., Visit]) -> None:
    """One open of the English Brisca page (each check is a function of its own, run in turn on
    the same board): it steps through a whole deal and back, jumps to a trick, and shows the
    sides and partners in every view."""
    seen = visit("games/brisca/")
    english_game_page_steps_through_a_whole_deal(seen)
    jump_to_a_trick(seen)
    sides_and_partners_show_in_every_view(seen)


def english_game_page_steps_through_a_whole_deal(seen: Visit) -> None:
    """The static diagram, then the board stepped to the end of the deal (each label explained,
    each draw told), and back to its first step."""
    page = seen.page
    figure = page.locator("figure.cr-deal").first
    # The static diagram is there at once, Python or not.
    assert figure.locator(".cr-deal__setup").is_visible()
    assert figure.locator("li.cr-trick").count() == 10
    path = figure.get_attribute("data-record")
    assert path == "examples/brisca-4p.json"
    widget = ready_widget(seen)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert widget.locator(".cr-widget__counter").inner_text() == "Step 1 of 42"
    # Stepping forward through the whole deal, with labels explained on the way.
    next_button = widget.locator(".cr-w-button--next")
    definitions = json.loads(web.catalog("en"))["labels"]
    explained = set()
    draws = []
    steps = 1
    while next_button.is_enabled():
        next_button.click()
        steps += 1
        explain = on_board(widget, ".cr-board__explain")
        if explain.is_visible():
            label = on_board(widget, ".cr-board__text a.cr-label").get_attribute("data-label")
            assert definitions[label]["definition"] in explain.inner_text()
            explained.add(label)
        drawn = on_board(widget, ".cr-board__text .cr-board__draws")
        if drawn.count():
            draws.append(drawn.inner_text())
    game = cardrules.replay(record_of(path))
    assert steps == len(game.log)
    assert {"fallar", "montar", "contrafallar"} <= explained
    # The draws the narration tells (the turned-up card, the stock used up), where it tells them.
    told = shown_deal(web.steps_data(record_of(path)))["steps"]
    expected = [s["draw_text"] for s in told if s["draw_text"]]
    assert draws == expected and draws[-1].endswith("The stock is used up.")
    assert shown_points(widget) == side_points(path) == [54, 66]
    result = on_board(widget, ".cr-board__result").inner_text()
    assert result == "Bruno and Diego win the deal, 66–54."
    assert widget.locator(".cr-widget__counter").inner_text() == "Step 42 of 42"
    # ...and back to the start.
    widget.locator(".cr-w-button", has_text="First").click()
    assert widget.locator(".cr-widget__counter").inner_text() == "Step 1 of 42"
    assert shown_points(widget) == [0, 0]
    assert on_board(widget, ".cr-board__hand img.cr-card").count() == 12


def test_spanish_game_page_steps_through_a_whole_deal(visit: Callable[..., Visit]) -> None:
    seen = visit("es/games/alcalde/", scheme="dark")
    page = seen.page
    assert page.evaluate("document.documentElement.lang") == "es"
    figure = page.locator("figure.cr-deal").first
    path = figure.get_attribute("data-record")
    assert path == "examples/alcalde-3p.json"
    widget = ready_widget(seen)
    # Its word (its name) and its arrow, each a part of the button.
    assert widget.locator(".cr-w-button--next").inner_text().split() == ["Adelante", "▶"]
    assert widget.get_by_role("button", name="Adelante", exact=True).count() == 1
    assert on_board(widget, ".cr-board__text").inner_text().startswith("Se reparten las cartas")
    assert step_to_the_end(widget) == len(cardrules.replay(record_of(path)).log)
    assert shown_points(widget) == side_points(path)
    result = shown_deal(web.steps_data(record_of(path), "es"))["result"]
    assert result is not None and result["text"].startswith("Carmen gana la mano")
    assert on_board(widget, ".cr-board__result").inner_text() == result["text"]
    # One seat's view: the Alcalde's opponents see each other's hands, not the Alcalde's.
    widget.locator(".cr-w-button", has_text="Inicio").click()
    first = shown_deal(web.steps_data(record_of(path)))["steps"][0]
    dealt = [len(hand) for hand in first["hands"]]
    show_view(widget, "0")
    hands = on_board(widget, ".cr-board__seat")
    backs = [hands.nth(i).locator("img.cr-card--back").count() for i in range(3)]
    assert backs == [0, 0, dealt[2]]
    show_view(widget, "2")
    backs = [hands.nth(i).locator("img.cr-card--back").count() for i in range(3)]
    assert backs == [dealt[0], dealt[1], 0]
    # A play's label explains itself in Spanish, and looks the term up when clicked.
    next_button = widget.locator(".cr-w-button--next")
    while on_board(widget, ".cr-board__text a.cr-label").count() == 0:
        next_button.click()
    label = on_board(widget, ".cr-board__text a.cr-label")
    term = label.get_attribute("data-label")
    # Its meaning is the link's description (no tooltip in the widget).
    assert label.get_attribute("title") is None
    assert glossary.get(term).gloss.es in (label.get_attribute("aria-description") or "")
    label.click()
    found = widget.locator(".cr-lookup__term")
    assert found.get_attribute("data-term") == term
    definition = glossary.get(term).definition.es.replace("*", "")
    assert found.locator(".cr-lookup__definition").inner_text() == definition


def jump_to_a_trick(seen: Visit) -> None:
    """The jump menu and a click on a trick of the static list each show that trick."""
    widget = ready_widget(seen)
    figure = seen.page.locator("figure.cr-deal").first
    more(widget).locator(".cr-widget__jump").select_option(label="Trick 3")
    heading = on_board(widget, ".cr-board__trick .cr-board__heading")
    assert heading.inner_text().endswith("TRICK 3") or heading.inner_text().endswith("Trick 3")
    static = figure.locator("li.cr-trick[data-trick='3']")
    winner = static.get_attribute("data-winner")
    assert on_board(widget, ".cr-board__play.is-winner").get_attribute("data-seat") == winner
    assert "cr-trick--current" in (static.get_attribute("class") or "")
    # A click on a trick of the static list jumps there too.
    figure.locator("li.cr-trick[data-trick='7'] .cr-trick__head").click()
    assert heading.inner_text().lower().endswith("trick 7")
    assert widget.locator(".cr-widget__jump option:checked").inner_text() == "Trick 7"


def paste_record(widget: Any, record: dict[str, Any]) -> None:
    """Paste ``record`` into the picker's box (opened if closed) and load it."""
    summary = in_picker(widget, ".cr-source__details summary").first
    if summary.evaluate("(node) => !node.parentElement.open"):
        summary.click()
    in_picker(widget, ".cr-source__paste").fill(json.dumps(record))
    in_picker(widget, ".cr-source__load").click()


def test_the_try_page_in_one_visit(visit: Callable[..., Visit]) -> None:
    """One open of the English "Try it" page, the checks run in turn on its board (each a
    function of its own): a new deal dealt in the browser matches CPython's (first: the page's
    own deal is still on it), the auction samples are offered, markup in a pasted record shows
    as text, the term lookup runs its example, and a discard face down stays hidden in another
    seat's view; then test_snapshot_browser's check that the page's Python started from the
    snapshot."""
    seen = visit("try/")
    a_new_deal_in_the_browser_matches_cpython(seen)
    try_page_offers_the_auction_samples(seen, "try/", "examples/rematada-failed.json",
                                        "The cards are dealt.")
    markup_in_a_record_shows_as_text(seen)
    term_lookup_runs_the_example(seen)
    one_seat_view_keeps_a_discard_hidden(
        seen, "en", "Ana puts the three of swords aside, face down.",
        "Ana puts a card aside, face down.")
    started_from_the_snapshot(seen)


def test_the_spanish_try_page_in_one_visit(visit: Callable[..., Visit]) -> None:
    """One open of the Spanish "Try it" page: the auction samples are offered, then a discard
    face down stays hidden in another seat's view, then the page's Python started from the
    snapshot (test_snapshot_browser)."""
    seen = visit("es/try/")
    try_page_offers_the_auction_samples(seen, "es/try/", "examples/chiamata-buia.json",
                                        "Se reparten las cartas.")
    one_seat_view_keeps_a_discard_hidden(seen, "es", "Ana aparta el tres de espadas boca abajo.",
                                         "Ana aparta una carta boca abajo.")
    started_from_the_snapshot(seen)


def term_lookup_runs_the_example(seen: Visit) -> None:
    """A word looked up finds its term, whose example runs in the browser; a word that is not a
    term gets suggestions."""
    widget = ready_widget(seen)
    lookup = widget.locator(".cr-lookup")
    lookup.locator(".cr-lookup__input").fill("arrastró")
    lookup.locator(".cr-lookup__input").press("Enter")
    term = lookup.locator(".cr-lookup__term")
    assert term.get_attribute("data-term") == "arrastrar"
    assert term.locator(".cr-lookup__word").inner_text() == "arrastrar"
    expected = glossary.get("arrastrar")
    assert term.locator(".cr-lookup__definition").inner_text() == expected.definition.en.replace(
        "*", "")
    assert term.locator("dd").all_inner_texts() == [expected.gloss.en, expected.gloss.es]
    assert term.locator("pre code").inner_text().strip() == expected.example.strip()
    term.locator(".cr-lookup__run").click()
    passed = lookup.locator(".cr-lookup__passed")
    assert passed.inner_text().startswith("✓ The example ran in Python in your browser and passed")
    # A word that is not a term: suggestions.
    lookup.locator(".cr-lookup__input").fill("falar")
    lookup.locator(".cr-lookup__go").click()
    assert "not in the glossary" in lookup.locator(".cr-lookup__missing").inner_text()
    assert lookup.locator(".cr-lookup__missing a").all_inner_texts() == ["fallar"]


def markup_in_a_record_shows_as_text(seen: Visit) -> None:
    """Names and a title of markup, pasted in a record, are shown as text and never run."""
    page = seen.page
    widget = ready_widget(seen)
    names = ['<script>window.__pwned = 1</script>', '<img src=x onerror="window.__pwned = 2">']
    record = record_of("examples/brisca-2p.json")
    record["players"] = names
    record["title"] = "<b onmouseover=alert(3)>title</b>"
    paste_record(widget, record)
    seat_names = on_board(widget, ".cr-board__name")
    seat_names.first.wait_for()
    page.wait_for_function(
        "() => document.querySelector('.cr-board__name').textContent.startsWith('<')")
    assert seat_names.all_inner_texts() == names
    assert on_board(widget, ".cr-board__text").inner_text() == (
        "The cards are dealt; the ace of coins is turned up: coins are trumps.")
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("document.querySelectorAll('img[onerror], b[onmouseover]').length") == 0
    assert page.evaluate("document.querySelectorAll('.cr-widget script').length") == 0
    assert seen.dialogs == []
    assert not any(url.endswith("/x") for url in seen.requests)
    step_to_the_end(widget)
    assert on_board(widget, ".cr-board__result").inner_text() == f"{names[0]} wins the deal, 80–40."


def a_new_deal_in_the_browser_matches_cpython(seen: Visit) -> None:
    """A deal dealt by the picker is CPython's, the static diagram steps aside and the sample
    menu no longer names a sample (run first: the page's own deal is on the board)."""
    widget = ready_widget(seen)
    in_picker(widget, ".cr-source__game").select_option("aluette")
    in_picker(widget, ".cr-source__players").select_option("4")
    in_picker(widget, ".cr-source__seed").fill("5")
    in_picker(widget, ".cr-source__deal").click()
    seen.page.wait_for_function("() => window.crWidgets[0].data.game === 'aluette'")
    caption = seen.page.locator("figure.cr-deal figcaption").first.inner_text()
    expected = shown_deal(web.new_deal_data("aluette", 4, 5, "en"))
    assert caption == f"{expected['title']} · 4 players"
    widget.locator(".cr-w-button", has_text="Last").click()
    result = expected["result"]
    # Aluette is scored by seat (partners do not pool their tricks): the account's table.
    final = expected["steps"][-1]["score"]
    assert result is not None and final["by"] == "seat"
    assert shown_points(widget) == [row["points"] for row in final["rows"]]
    assert on_board(widget, ".cr-board__result").inner_text() == result["text"]
    shown = json.loads(in_picker(widget, ".cr-source__record").text_content())
    assert shown == expected["record"]
    # The static diagram was of another deal: it steps aside.
    assert not seen.page.locator("figure.cr-deal .cr-deal__play").first.is_visible()
    # The sample menu no longer names the sample that was shown before.
    menu = in_picker(widget, ".cr-source__sample")
    assert menu.input_value() == ""
    assert menu.locator("option:checked").inner_text() == "— another deal —"


def chanted_aluette() -> dict[str, Any]:
    """Aluette with the chant: all four agree, then seats 0 and 3 discard face down (step 5 is
    seat 0 putting the three of swords aside)."""
    game = cardrules.new_game("aluette", players=4, seed=0, options={"chant": True})
    play_out(game, [GreedyBot(), RandomBot(seed=1), GreedyBot(), RandomBot(seed=3)])
    record = game.to_record()
    assert record["actions"][4] == "discard:3E"
    return record


def one_seat_view_keeps_a_discard_hidden(seen: Visit, lang: str, open_text: str,
                                        hidden_text: str) -> None:
    """A discard face down: the open account and its owner's view name the card; another seat's
    view says only that a card was put aside, and shows no picture of it (the board must not
    show an Aluette deal before: the test waits until the board shows Aluette)."""
    widget = ready_widget(seen)
    assert seen.page.evaluate("window.crWidgets[0].data.game") != "aluette"
    record = chanted_aluette()
    paste_record(widget, record)
    seen.page.wait_for_function("() => window.crWidgets[0].data.game === 'aluette'")
    more(widget).locator(".cr-widget__jump").select_option("0")
    for _ in range(5):
        widget.locator(".cr-w-button--next").click()
    text = on_board(widget, ".cr-board__text")
    assert text.inner_text() == open_text
    hands = on_board(widget, ".cr-board__seat")
    show_view(widget, "1")
    assert text.inner_text() == hidden_text
    board = widget.locator(".cr-board")
    assert "3E" not in board.inner_html()  # no picture, no title, no code of the card
    assert hands.nth(0).locator("img.cr-card--back").count() == 14  # Ana's hand: backs only
    assert hands.nth(1).locator("img.cr-card--back").count() == 0  # its own hand: face up
    show_view(widget, "0")
    assert text.inner_text() == open_text
    # As Python tells each seat: its owner the card, the three others a card put aside.
    told = [shown_deal(web.steps_data(record, lang, str(seat)))["steps"][5]["text"]
            for seat in range(4)]
    assert told == [open_text, hidden_text, hidden_text, hidden_text]


def sides_and_partners_show_in_every_view(seen: Visit) -> None:
    """Four-player Brisca: the sides are dealt, so every view shows them from the deal on (each
    seat's side colour, its partner, a score by side). A hidden partner, shown to each view
    when it learns it: test_chiamata_steps_through_the_auction_and_the_call."""
    widget = ready_widget(seen)
    widget.locator(".cr-w-button", has_text="First").click()  # from the deal on
    assert widget.locator(".cr-widget__counter").inner_text() == "Step 1 of 42"
    seats = on_board(widget, ".cr-board__seat")
    head = on_board(widget, "table.cr-board__score th").first
    for view in ("all", "0", "3"):
        show_view(widget, view)
        assert head.inner_text().lower() == "side" and len(shown_points(widget)) == 2
        assert "cr-side-0" in (seats.nth(0).get_attribute("class") or "")
        assert "cr-side-1" in (seats.nth(1).get_attribute("class") or "")
        assert seats.nth(0).locator(".cr-board__side").inner_text() == "partner of Carmen"
    widget.locator(".cr-w-button", has_text="Last").click()
    assert shown_points(widget) == side_points("examples/brisca-4p.json")


# The auction games ------------------------------------------------------------------------------


def step_until(widget: Any, done: Callable[[], bool], limit: int = 80) -> None:
    """Click Next until ``done()``."""
    for _ in range(limit):
        if done():
            return
        widget.locator(".cr-w-button--next").click()
    raise AssertionError("never reached")


def auction_cells(widget: Any) -> list[list[str]]:
    rows = on_board(widget, "table.cr-board__auction-table tbody tr")
    return [[(cell or "").strip() for cell in rows.nth(r).locator("td").all_text_contents()]
            for r in range(rows.count())]


def test_chiamata_steps_through_the_auction_and_the_call(visit: Callable[..., Visit]) -> None:
    """The auction fills a table of rounds step by step; the call sets trumps; the partner is
    named to the open account and to the holder at the call, to the others (and in their view
    the sides, the partner's part and the score by side) only when the called card is played."""
    seen = visit("games/chiamata/")
    widget = ready_widget(seen)
    path = "examples/chiamata-5p.json"
    assert seen.page.locator("figure.cr-deal").first.get_attribute("data-record") == path
    text = on_board(widget, ".cr-board__text")
    trumps = on_board(widget, ".cr-board__trumps")
    seats = on_board(widget, ".cr-board__seat")
    metas = on_board(widget, ".cr-board__meta")
    head = on_board(widget, "table.cr-board__score th").first
    assert trumps.inner_text() == "No trumps until the call"
    king = on_board(widget, "img[data-card='12O']").first  # in Diego's hand, called later
    assert king.get_attribute("alt") == "king of coins"  # not a trump before the call
    folded = on_board(widget, "details.cr-board__auction")
    assert folded.get_attribute("open") is not None
    assert all(cell == "" for row in auction_cells(widget) for cell in row)
    for _ in range(5):
        widget.locator(".cr-w-button--next").click()
    assert auction_cells(widget)[0] == ["61", "pass", "pass", "62", "63"]
    assert text.inner_text() == "Elena bids 63."
    step_until(widget, lambda: text.inner_text().startswith("Ana calls"))
    assert len(auction_cells(widget)) == 10 and auction_cells(widget)[9][0] == "81"
    assert on_board(widget, "td.is-high").inner_text() == "81"
    holds = ("Diego holds the called card: Ana and Diego play together against Bruno, Carmen "
             "and Elena.")
    assert text.inner_text() == "Ana calls the king of coins: coins are trumps. " + holds
    assert trumps.inner_text() == "Trumps: coins"
    # Named as play mode names it, once coins are trumps (the other suits stay plain).
    assert on_board(widget, "img[data-card='12O']").first.get_attribute("alt") == (
        "king of coins, trump")
    plain = on_board(widget, ".cr-board__seat img[data-card]:not([data-card$='O'])").first
    assert not (plain.get_attribute("alt") or "").endswith(", trump")
    assert metas.nth(3).inner_text() == "partner"
    assert head.inner_text().lower() == "side"
    # Seat 1 is told the call, not who holds the card: no partner, no sides, a score by player.
    show_view(widget, "1")
    assert text.inner_text() == "Ana calls the king of coins: coins are trumps."
    assert metas.nth(0).inner_text() == "caller"
    assert metas.nth(3).inner_text() == ""
    assert "cr-side" not in (seats.nth(3).get_attribute("class") or "")
    assert head.inner_text().lower() == "player" and len(shown_points(widget)) == 5
    show_view(widget, "3")  # the holder knows at once
    assert text.inner_text().endswith(holds)
    assert "cr-side-0" in (seats.nth(3).get_attribute("class") or "")
    show_view(widget, "1")
    step_until(widget, lambda: text.inner_text().startswith("Diego plays the king of coins"))
    had = "Diego had the called card: Ana and Diego play together against Bruno, Carmen and Elena."
    assert text.inner_text().endswith(had)
    assert metas.nth(3).inner_text() == "partner"
    assert "cr-side-0" in (seats.nth(3).get_attribute("class") or "")
    assert head.inner_text().lower() == "side" and len(shown_points(widget)) == 2
    assert folded.get_attribute("open") is None
    show_view(widget, "3")  # no news for the holder: he knew
    assert had not in text.inner_text()
    widget.locator(".cr-w-button", has_text="Last").click()
    assert shown_points(widget) == side_points(path)
    result = shown_deal(web.steps_data(record_of(path)))["result"]
    assert result is not None
    assert on_board(widget, ".cr-board__result").inner_text() == result["text"]


def test_rematada_shows_the_talon_and_keeps_the_discards_hidden(
    visit: Callable[..., Visit],
) -> None:
    seen = visit("games/rematada/")
    widget = ready_widget(seen)
    path = "examples/rematada-3p.json"
    record = record_of(path)
    talon = record["deal"]["talon"]
    board = widget.locator("div.cr-board")
    text = on_board(widget, ".cr-board__text")
    box = on_board(widget, ".cr-board__talon")
    metas = on_board(widget, ".cr-board__meta")
    seats = on_board(widget, ".cr-board__seat")
    assert box.locator("img.cr-card--back").count() == 2
    assert box.inner_text() == "Talon, face down"
    assert not any(f'data-card="{code}"' in board.inner_html() for code in talon)
    assert on_board(widget, ".cr-board__trumps").inner_text() == (
        "No trumps until the auction's winner names them")
    step_until(widget, lambda: text.inner_text().startswith("Bruno passes.") and
               "talon" in text.inner_text())
    assert text.inner_text() == (
        "Bruno passes. Ana wins the auction at 114: the other two play against them, each on their "
        "own. Ana shows the talon, the five of clubs and the king of coins, and takes it.")
    for seat in ("all", "1", "2"):  # face up in every view, and who took it
        show_view(widget, seat)
        assert [box.locator("img").nth(i).get_attribute("data-card") for i in range(2)] == talon
        assert box.inner_text() == "The talon, shown and taken by Ana"
    # The defenders are not a side: no partner, no colour; the declarer has his part. Players
    # are named, never numbered.
    assert [metas.nth(i).inner_text() for i in range(3)] == ["declarer", "", "dealer"]
    assert "cr-side" not in (seats.nth(1).get_attribute("class") or "")
    assert "cr-side" not in (seats.nth(2).get_attribute("class") or "")
    # Seat 1's view of the discards: a card face down, twice; no picture, name or points.
    show_view(widget, "1")
    for _ in range(2):
        widget.locator(".cr-w-button--next").click()
    assert text.inner_text() == "Ana puts a card face down on his own pile."
    html = board.inner_html()
    for code, name in (("3B", "three of clubs"), ("1C", "ace of cups")):
        assert f'"{code}"' not in html and f"/{code}.svg" not in html and name not in html
    down = on_board(widget, ".cr-board__face-down")
    assert down.locator("img.cr-card--back").count() == 2
    assert down.locator("img[data-card]").count() == 0
    discards = on_board(widget, "table.cr-board__score td[data-part=discard]")
    assert discards.all_inner_texts() == ["?", "0", "0"]
    assert shown_points(widget) == [0, 0, 0]  # the 21 points of his discards are his secret
    show_view(widget, "all")
    assert text.inner_text() == "Ana puts the ace of cups face down on his own pile."
    assert [down.locator("img").nth(i).get_attribute("data-card") for i in range(2)] == [
        "3B", "1C"]
    assert discards.all_inner_texts() == ["21", "0", "0"] and shown_points(widget) == [21, 0, 0]
    widget.locator(".cr-w-button--next").click()
    assert on_board(widget, ".cr-board__trumps").inner_text() == "Trumps: coins"
    # The end: what the points are made of.
    widget.locator(".cr-w-button", has_text="Last").click()
    heads = on_board(widget, "table.cr-board__score thead th").all_inner_texts()
    assert heads == ["Player", "Cards won", "Discards", "Marriages", "Last trick", "Points",
                     "Tricks", "Game points"]
    row = on_board(widget, "table.cr-board__score tbody:not([hidden]) tr").first
    assert row.locator("th[scope=row]").inner_text() == "Ana"  # the row's header
    assert row.locator("td").all_inner_texts() == ["71", "21", "20", "10", "122", "6", "+114"]
    assert shown_points(widget) == [122, 9, 19]
    assert on_board(widget, ".cr-board__result").inner_text().startswith(
        "Ana makes the contract: 122 points, 114 needed.")


def try_page_offers_the_auction_samples(seen: Visit, path: str, sample: str, first: str) -> None:
    """The sample menu offers the auction games' samples; ``sample`` shown steps through to its
    result (the board must not show a deal of its game before)."""
    widget = ready_widget(seen)
    menu = in_picker(widget, ".cr-source__sample")
    offered = [menu.locator("option").nth(i).get_attribute("value")
               for i in range(menu.locator("option").count())]
    for name in ("chiamata-5p", "chiamata-alone", "chiamata-buia", "chiamata-failed",
                 "chiamata-void", "rematada-3p", "rematada-failed", "rematada-forced"):
        assert f"examples/{name}.json" in offered
    game = record_of(sample)["game"]
    assert seen.page.evaluate("window.crWidgets[0].data.game") != game
    menu.select_option(sample)
    in_picker(widget, ".cr-source__show").click()
    seen.page.wait_for_function(f"() => window.crWidgets[0].data.game === '{game}'")
    assert on_board(widget, ".cr-board__text").inner_text() == first
    assert on_board(widget, "table.cr-board__auction-table").count() == 1
    lang = "es" if path.startswith("es/") else "en"
    expected = shown_deal(web.steps_data(record_of(sample), lang))
    assert step_to_the_end(widget) == len(expected["steps"])
    result = expected["result"]
    assert result is not None
    assert on_board(widget, ".cr-board__result").inner_text() == result["text"]


def test_the_widget_is_loaded_as_modules_where_it_is_used(
    visit: Callable[..., Visit],
) -> None:
    seen = visit("games/aluette/")
    ready_widget(seen)
    modules = seen.page.evaluate(
        "[...document.querySelectorAll('script[type=module]')].map((s) => s.src)")
    # (the glossary's listen button, docs/assets/speech.js, is a module of its own)
    assert [m.rsplit("/", 1)[1] for m in modules if "/assets/widget/" in m] == ["main.js"]
    loaded = {u.rsplit("/", 1)[1] for u in seen.requests if "/assets/widget/" in u}
    assert {"main.js", "stepper.js", "deal-view.js", "runtime.js", "lookup.js", "picker.js",
            "dom.js", "text.js"} <= loaded
    # Its board steps through the diagram's deal from the answer made at build time: neither
    # Python's worker nor its runtime is fetched (test_try_page_in_one_visit starts them).
    assert "worker.js" not in loaded
    assert not [u for u in seen.requests if "/assets/pyodide/" in u]
    assert [u for u in seen.requests if "/assets/steps/examples/aluette-4p.json" in u]
    plain = visit("pack/")
    plain.page.wait_for_load_state("load")
    assert not [u for u in plain.requests if "/assets/widget/" in u and u.endswith(".js")]
    assert not [u for u in plain.requests if "/assets/pyodide/" in u]


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("games/brisca/", "The interactive version could not start"),
        ("es/games/brisca/", "La versión interactiva no ha podido arrancar"),
    ],
)
def test_without_python_the_static_diagram_stays(
    visit: Callable[..., Visit], path: str, message: str
) -> None:
    """Where Python cannot load, the board still steps through its diagram's deal (made at
    build time); once the reader asks for what needs Python (a seat's view), the page says
    Python could not start, and the static diagram stays."""
    seen = visit(path, wasm_missing=True)
    widget = ready_widget(seen)
    counter = widget.locator(".cr-widget__counter")
    first = counter.inner_text()
    widget.locator(".cr-w-button--next").click()
    assert counter.inner_text() != first
    assert not [u for u in seen.requests if "/assets/pyodide/" in u]
    widget.locator(".cr-widget__view").select_option("1")
    seen.page.wait_for_selector(".cr-widget[data-state=failed]")
    assert widget.locator(".cr-widget__status").inner_text().startswith(message)
    for part in (".cr-board", ".cr-widget__controls", ".cr-lookup", ".cr-w-button--start"):
        assert not widget.locator(part).is_visible(), part
    figure = seen.page.locator("figure.cr-deal").first
    assert figure.locator(".cr-deal__setup").is_visible()
    assert figure.locator("li.cr-trick").first.is_visible()
    assert figure.locator(".cr-score").is_visible()
    assert any(url.endswith("pyodide.asm.wasm") for url in seen.requests)


# The "Try it" page while Python starts ----------------------------------------------------------

THEME_SCRIPT = "/assets/javascripts/bundle."


def open_while_python_starts(visit: Callable[..., Visit], path: str,
                             width: int = 1200) -> tuple[Visit, Any]:
    """A "Try it" page whose runtime download the test holds (``route.continue_()`` lets it in),
    checked for what the page holds back meanwhile: the theme's script (no search box yet) and
    the pictures of the static diagram below the widget; and, the header without its search,
    that the page is no wider than its window (the language menu, centred under the header's
    last button, reached 19 px past it: a flaky check of a page that was ready before its late
    theme had run)."""
    held: list[Any] = []
    seen = visit(path, wasm_held=held, width=width)
    page = seen.page
    for _ in range(200):  # until the worker asks for the runtime
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    assert "cr-holding" in page.evaluate("document.documentElement.className")
    assert not [u for u in seen.requests if THEME_SCRIPT in u]
    figure = page.locator("figure.cr-deal").first
    loaded = "(imgs) => imgs.filter((img) => img.complete && img.naturalWidth > 0).length"
    assert figure.locator("img.cr-card").evaluate_all(loaded) == 0
    assert not figure.locator(".cr-deal__setup").is_visible()
    assert not figure.locator(".cr-deal__play").is_visible()
    page.locator(".cr-widget__status").first.wait_for(state="visible")  # "Loading Python..."
    assert page.evaluate("document.documentElement.classList.contains('no-js')")
    assert page.evaluate(WIDTH_OVERFLOW) <= 0
    return seen, held[0]


def search_finds_aluette(page: Any) -> None:
    """Typed once in the theme's search box, "aluette" lists its page first (a query asked while
    the index is built is answered once it is)."""
    search = page.locator(".md-search__input")
    search.click()
    search.fill("aluett")
    search.press("e")  # the theme reads the box on a key
    found = page.locator(".md-search-result__item").first
    found.wait_for(state="visible", timeout=TIMEOUT)
    assert "aluette" in found.inner_text().lower()


def theme_works(seen: Visit) -> None:
    """The theme's script ran once, late: its search finds a game; there is one widget."""
    page = seen.page
    page.wait_for_function("() => !document.documentElement.classList.contains('cr-holding')")
    page.wait_for_function("() => window.__crHold.themed")
    search_finds_aluette(page)
    page.keyboard.press("Escape")
    assert page.locator(".cr-widget").count() == 1


_SEARCH_READY = """() => {
  const said = JSON.parse(document.getElementById("__config").textContent)
    .translations["search.result.placeholder"];
  return document.querySelector(".md-search-result__meta").textContent.trim() === said;
}"""


def test_search_builds_its_index_when_the_reader_first_searches(
    visit: Callable[..., Visit],
) -> None:
    """The theme's search is ready as the page opens but builds its index (here with the Spanish
    stemmer, which it loads to build it) only when the reader first searches; that first query
    finds its pages."""
    seen = visit("es/games/brisca/")
    page = seen.page
    page.wait_for_function(_SEARCH_READY)  # the box says "type to search"
    assert any(u.endswith("search_index.json") for u in seen.requests)
    assert not [u for u in seen.requests if "lunr" in u], seen.requests
    search_finds_aluette(page)
    assert [u for u in seen.requests if u.endswith("lunr.es.min.js")]


def test_try_page_holds_back_the_rest_until_python_is_ready(
    visit: Callable[..., Visit],
) -> None:
    seen, runtime = open_while_python_starts(visit, "try/")
    page = seen.page
    runtime.continue_()  # in comes the runtime: Python starts, then everything held comes back
    page.wait_for_selector(READY)
    theme_works(seen)
    figure = page.locator("figure.cr-deal").first
    trick = figure.locator("li.cr-trick").first
    picture = trick.locator("img.cr-card").first
    picture.scroll_into_view_if_needed()
    # A picture loads once it is in view (loading="lazy"): wait for it rather than race it.
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0",
                           arg=picture.element_handle(), timeout=TIMEOUT)
    assert not figure.locator(".cr-deal__setup").is_visible()  # the live board replaces it


@pytest.mark.parametrize(("path", "width"), [("try/", 375), ("es/try/", 1000)])
def test_try_page_fits_its_window_while_it_holds_the_theme(
    visit: Callable[..., Visit], path: str, width: int
) -> None:
    """On a phone and on a small computer too, the page holding back its theme (and so its
    search) is no wider than its window (checked by open_while_python_starts; 1200 px wide in
    the tests around)."""
    seen, _ = open_while_python_starts(visit, path, width)
    menu = seen.page.locator(".md-select__inner").bounding_box()  # closed, but laid out
    assert menu is not None and menu["x"] >= 0 and menu["x"] + menu["width"] <= width, menu


@pytest.mark.parametrize("path", ["", "es/games/brisca/"])
def test_without_javascript_a_page_fits_its_window(browser: Any, base_url: str,
                                                   path: str) -> None:
    """Without JavaScript the theme's header keeps its "no-js" look for good (no search): the
    language button is the header's last, and the page is no wider than its window still."""
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    try:
        page = context.new_page()
        for width in (375, 1000, 1200):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(base_url + path)
            assert page.evaluate("document.documentElement.classList.contains('no-js')")
            assert page.evaluate(WIDTH_OVERFLOW) <= 0, width
    finally:
        context.close()


def test_a_touch_on_the_try_page_releases_what_it_holds(visit: Callable[..., Visit]) -> None:
    seen, runtime = open_while_python_starts(visit, "es/try/")
    page = seen.page
    page.mouse.wheel(0, 200)  # the reader scrolls: the page comes back at once, Python or not
    theme_works(seen)
    assert page.locator("figure.cr-deal .cr-deal__setup").first.is_visible()
    assert page.locator(".cr-widget[data-state=ready]").count() == 0
    runtime.continue_()
    widget = ready_widget(seen)
    assert widget.locator(".cr-widget__counter").inner_text().startswith("Paso 1 de ")
    assert page.locator(".cr-widget").count() == 1


def test_try_page_without_python_shows_its_diagram(visit: Callable[..., Visit]) -> None:
    seen = visit("try/", wasm_missing=True)
    page = seen.page
    page.wait_for_selector(".cr-widget[data-state=failed]")
    page.wait_for_function("() => !document.documentElement.classList.contains('cr-holding')")
    figure = page.locator("figure.cr-deal").first
    assert figure.locator(".cr-deal__setup").is_visible()
    assert figure.locator("li.cr-trick").first.is_visible()
    theme_works(seen)
