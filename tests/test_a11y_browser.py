"""Accessibility of the rulebook in a real browser (issue 19): headless Chromium driven by
Playwright against the built site served on 127.0.0.1, with axe-core (pinned in package.json,
injected from node_modules by ``a11y_support``).

* Every page of both languages, in the light and the dark scheme, at 1280 px and 375 px, with
  its widgets ready, has no violation of WCAG 2.0, 2.1 and 2.2 at levels A and AA that axe finds;
  so has the "Try it" page stepped into a deal and in play mode in the middle of a deal.
* The home page starts with its three ways in (read a game, play a deal, practise the words),
  each with a picture, on the first screen, and the deal widget is on the first screen of a
  computer; the games table fits a phone.
* On a phone, a disclosure triangle stays inside its panel and a seat's "dealer" and "3 cards"
  never break inside.
* The focus ring is 3:1 and more against what is around it; ``prefers-reduced-motion`` stops
  transitions; foreign words carry their language.

The site is built once per session (``browser_support``), or taken from ``CARDRULES_SITE``.
Every page visited is checked to make no request outside 127.0.0.1 and raise no script error.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from a11y_support import axe_violations, missing_axe, settle, widgets_ready
from browser_support import Visit, Visits, more, on_first_screen, wholly_on_first_screen
from test_play_browser import play_to_the_end, shown_record

import cardrules
from cardrules.account.review import Review, daily_line
from cardrules.analysis import analyse, daily_record
from cardrules.games import GAMES

LANGS = {"en": "", "es": "es/"}
"""Each language of the site and the folder of its pages."""

SCHEMES = ("light", "dark")
WIDTHS = (1280, 375)
HEIGHT = {1280: 900, 375: 740}
"""The window's height at each width (a computer, a phone)."""


# Helpers ----------------------------------------------------------------------------------------


def site_pages(site: Path, lang: str) -> list[str]:
    """Every page of the built site in ``lang``, as paths relative to the site's root: each
    folder's ``index.html`` (not the search index's folder), and the 404 page.

    Args:
        site: the built site (English at its root, Spanish in ``es/``).
        lang: ``"en"`` or ``"es"``.

    Returns:
        The pages' paths (the home page as ``""`` or ``"es/"``).
    """
    root = site / LANGS[lang]
    pages = []
    for index in sorted(root.rglob("index.html")):
        folder = index.parent.relative_to(site).as_posix()
        parts = index.parent.relative_to(root).parts
        if lang == "en" and parts[:1] == ("es",):
            continue
        if parts[:1] == ("search",):
            continue
        pages.append("" if folder == "." else folder + "/")
    if (root / "404.html").is_file():
        pages.append(f"{LANGS[lang]}404.html")
    return pages


def ratio(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours given as ``rgb(r, g, b)``."""
    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+(?:\.\d+)?", colour)[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def resize(seen: Visit, width: int) -> None:
    seen.page.set_viewport_size({"width": width, "height": HEIGHT[width]})
    settle(seen.page)


def step_into_the_deal(seen: Visit, steps: int = 6) -> None:
    """Step mode, ``steps`` steps into the first widget's deal."""
    widget = seen.page.locator(".cr-widget").first
    for _ in range(steps):
        widget.locator(".cr-w-button--next").click()
    assert widget.locator(".cr-widget__counter").inner_text().split()[1] == str(steps + 1)


def play_into_a_deal(seen: Visit, *, players: int = 2, plays: int = 2) -> None:
    """Play mode on the first widget: a new deal of Brisca, ``plays`` cards played."""
    widget = seen.page.locator(".cr-widget").first
    widget.locator(".cr-play__mode--play").click()
    widget.locator(".cr-play__source").select_option("new")
    widget.locator(".cr-play__game").select_option("brisca")
    widget.locator(".cr-play__players").select_option(str(players))
    widget.locator(".cr-play__level").select_option("easy")
    widget.locator(".cr-play__start").click()
    widget.locator(".cr-play__table").wait_for(state="visible")
    turn = ("() => { const p = window.crPlays[0]; return p.state && !p.busy && "
            "(p.state.over || ((p.state.your_turn || !!p.state.interject) && !p.pending)); }")

    def wait_for_turn() -> None:  # a move out of turn offered meanwhile is let pass
        seen.page.wait_for_function(turn)
        while seen.page.evaluate("() => !!window.crPlays[0].state.interject"):
            widget.locator(".cr-play__moves button[data-action='go-on']").click()
            seen.page.wait_for_function("() => !window.crPlays[0].state.interject")
            seen.page.wait_for_function(turn)

    for _ in range(plays):
        wait_for_turn()
        step = seen.page.evaluate("() => window.crPlays[0].state.step")
        widget.locator("button.cr-play__card:not([aria-disabled])").first.click()
        seen.page.wait_for_function("(step) => window.crPlays[0].state.step > step", arg=step)
    wait_for_turn()


@pytest.fixture
def visits(browser: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[Visits]:
    opened = Visits(browser, base_url, request.node.name)
    yield opened
    opened.close_and_check()


@pytest.fixture
def visit(visits: Visits) -> Callable[..., Visit]:
    def open_page(path: str, *, width: int = 1280, scheme: str = "light",
                  touch: bool = False, clipboard: bool = False) -> Visit:
        seen = visits.open(path, width=width, height=HEIGHT[width], scheme=scheme,
                           touch=touch, clipboard=clipboard, init_script="window.crPlayPause = 20;")
        widgets_ready(seen.page)
        return seen
    return open_page


# axe on every page ------------------------------------------------------------------------------


def dark(seen: Visit) -> None:
    """Switch the page to the dark scheme the way a reader does, with the header's toggle (the
    browser asks for dark too, as it would for a reader whose system is dark)."""
    switch(seen, "dark")


def light(seen: Visit) -> None:
    """Switch the page back to the light scheme with the header's toggle."""
    switch(seen, "light")


def switch(seen: Visit, scheme: str) -> None:
    seen.page.emulate_media(color_scheme=scheme)
    toggle = "__palette_1" if scheme == "dark" else "__palette_0"
    seen.page.locator(f'label.md-header__button[for="{toggle}"]').click()
    seen.page.wait_for_function(
        "(want) => document.body.getAttribute('data-md-color-scheme') === want",
        arg="slate" if scheme == "dark" else "default")
    settle(seen.page)


def page_file(site: Path, path: str) -> Path:
    """The built file of a page's path (as :func:`site_pages` gives it)."""
    return site / (path if path.endswith(".html") else path + "index.html")


PYTHON_AT_ONCE = ('id="cr-try"', 'id="cr-practice"', 'id="cr-scorepad"')
"""What a page that starts Python as it opens has (a diagram's board starts from the answer
made at build time, without Python)."""


def weight(site: Path, path: str) -> float:
    """About how long a page takes to check: axe's runs grow with the page's size; a page that
    starts Python as it opens takes about as long again as a small page; the "Try it" page is
    checked in three states (step and play mode besides the page)."""
    built = page_file(site, path)
    states = 3 if path.endswith("try/") else 1
    text = built.read_text(encoding="utf-8")
    python = 2 if any(mark in text for mark in PYTHON_AT_ONCE) else 0
    return states * (1 + built.stat().st_size / 200_000) + python


def share(site: Path, lang: str, part: int, parts: int) -> list[str]:
    """The ``part``-th of ``parts`` shares of ``lang``'s pages, about equal in axe's work (the
    heaviest page first to the lightest share)."""
    pages = site_pages(site, lang)
    assert len(pages) >= 20, pages
    assert f"{LANGS[lang]}try/" in pages
    loads: list[float] = [0.0] * parts
    shares: list[list[str]] = [[] for _ in range(parts)]
    for path in sorted(pages, key=lambda p: (-weight(site, p), p)):
        lightest = loads.index(min(loads))
        loads[lightest] += weight(site, path)
        shares[lightest].append(path)
    return sorted(shares[part])


def no_axe_violation_on_any_page(lang: str, pages: list[str], site: Path, browser: Any,
                                 base_url: str) -> None:
    """Each of ``pages`` (of ``lang``) in the light and the dark scheme, both widths, widgets
    ready; the "Try it" page also stepped into its deal and in the middle of a deal in play mode,
    in each scheme. A page is opened once and switched between the schemes with the header's
    toggle."""
    why = missing_axe()
    if why is not None:
        pytest.fail(why, pytrace=False)
    found: list[str] = []

    def check(seen: Visit, where: str, widths: tuple[int, ...] = WIDTHS) -> None:
        for width in widths:
            resize(seen, width)
            found.extend(f"{where} {width}px: {line}" for line in axe_violations(seen.page))

    def opened(path: str, scheme: str) -> tuple[Visits, Visit]:
        # One context at a time (a page with Python takes a few hundred MB).
        visits = Visits(browser, base_url, f"axe-{lang}")
        # With less motion, as some readers ask: nothing is halfway through a transition
        # (the header's tabs slide and fade back in after a resize) when axe reads the colours,
        # which are those of the end of every transition.
        seen = visits.open(path, width=1280, height=HEIGHT[1280], scheme=scheme,
                           init_script="window.crPlayPause = 20;", motion="reduce")
        widgets_ready(seen.page)
        assert seen.page.evaluate(
            "document.body.getAttribute('data-md-color-scheme')"
        ) == ("slate" if scheme == "dark" else "default")
        return visits, seen

    for path in pages:
        if path.endswith("try/"):
            # One Python for the six states: each is checked in one scheme, then the other.
            visits, seen = opened(path, "light")
            check(seen, f"/{path} light")  # 1280 px, then 375 px
            dark(seen)
            check(seen, f"/{path} dark", WIDTHS[::-1])
            resize(seen, 1280)
            step_into_the_deal(seen)
            more(seen.page.locator(".cr-widget").first)  # its menu open: step mode's rarer controls
            check(seen, f"/{path} dark step mode")
            light(seen)
            check(seen, f"/{path} light step mode", WIDTHS[::-1])
            resize(seen, 1280)
            play_into_a_deal(seen)
            check(seen, f"/{path} light play mode")
            dark(seen)
            check(seen, f"/{path} dark play mode", WIDTHS[::-1])
            visits.close_and_check()
            continue
        visits, seen = opened(path, "light")
        check(seen, f"/{path} light")  # 1280 px, then 375 px
        dark(seen)
        check(seen, f"/{path} dark", WIDTHS[::-1])  # 375 px, then 1280 px
        visits.close_and_check()
    assert not found, f"{len(found)} axe violations:\n" + "\n".join(found)


def dark_is_the_same_switched_or_loaded(loaded: Visit, switched: Visit) -> None:
    """The sweep switches most pages to dark with the toggle: the page then has what a page
    loaded in the dark scheme has (the same scheme on the body, the same colours: the body's,
    the widget's, a link's, a link's in running text). ``loaded`` opened in the dark scheme,
    ``switched`` the same page opened in the light one; nothing focused on either."""
    dark(switched)
    colours = ("() => [document.body.getAttribute('data-md-color-scheme'),"
               " getComputedStyle(document.body).backgroundColor,"
               " getComputedStyle(document.body).color,"
               " getComputedStyle(document.querySelector('.cr-widget')).backgroundColor,"
               " getComputedStyle(document.querySelector('.md-typeset a')).color,"
               " getComputedStyle(document.querySelector('.md-typeset p a')).color]")
    assert loaded.page.evaluate(colours) == switched.page.evaluate(colours)
    assert loaded.page.evaluate(colours)[0] == "slate"


# Twelve shares of the pages, six of each language: pytest-xdist (--dist loadscope in
# scripts/test.sh) gives each class to a worker, so the work is spread over every worker to the
# end (with fewer, longer shares the last one ran alone while the other workers waited).

SHARES = 6
"""The shares of each language's pages (small enough that the last one to finish does not run
long alone: with four, the suite's last two minutes ran one or two of them on one core)."""


class AxeOnEveryPage:
    """The axe check of one share of one language's pages, in both schemes."""

    lang = "en"
    part = 0

    def test_no_axe_violation_on_any_page(self, site: Path, browser: Any, base_url: str) -> None:
        pages = share(site, self.lang, self.part, SHARES)
        no_axe_violation_on_any_page(self.lang, pages, site, browser, base_url)


class TestAxeEnglish1(AxeOnEveryPage):
    lang, part = "en", 0


class TestAxeEnglish2(AxeOnEveryPage):
    lang, part = "en", 1


class TestAxeEnglish3(AxeOnEveryPage):
    lang, part = "en", 2


class TestAxeEnglish4(AxeOnEveryPage):
    lang, part = "en", 3


class TestAxeEnglish5(AxeOnEveryPage):
    lang, part = "en", 4


class TestAxeEnglish6(AxeOnEveryPage):
    lang, part = "en", 5


class TestAxeSpanish1(AxeOnEveryPage):
    lang, part = "es", 0


class TestAxeSpanish2(AxeOnEveryPage):
    lang, part = "es", 1


class TestAxeSpanish3(AxeOnEveryPage):
    lang, part = "es", 2


class TestAxeSpanish4(AxeOnEveryPage):
    lang, part = "es", 3


class TestAxeSpanish5(AxeOnEveryPage):
    lang, part = "es", 4


class TestAxeSpanish6(AxeOnEveryPage):
    lang, part = "es", 5


def test_the_shares_cover_every_page_once(site: Path) -> None:
    classes = [c for c in globals().values() if isinstance(c, type)
               and issubclass(c, AxeOnEveryPage) and c is not AxeOnEveryPage]
    assert sorted((c.lang, c.part) for c in classes) == \
        sorted((lang, part) for lang in LANGS for part in range(SHARES))
    for lang in LANGS:
        shares = [share(site, lang, part, SHARES) for part in range(SHARES)]
        assert sorted(page for part in shares for page in part) == \
            sorted(site_pages(site, lang))
        assert all(shares)


# Where to start ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "width"), [("en", 375), ("es", 1280), ("es", 375)],
                         ids=["en-375", "es-1280", "es-375"])
def test_the_home_page_opens_on_three_ways_in(lang: str, width: int,
                                              visit: Callable[..., Visit]) -> None:
    """The three ways in, each wholly on the first screen and a target as a whole; on a phone,
    on the same open of the page, the games table fits it. In English at 1280 px:
    test_the_english_home_page_on_a_computer_in_both_schemes."""
    seen = visit(LANGS[lang], width=width, touch=width < 400)
    three_ways_in(seen, lang, width)
    if width < 400:
        the_games_table_fits_a_phone(seen)


def test_the_english_home_page_on_a_computer_in_both_schemes(
        visit: Callable[..., Visit]) -> None:
    """The English home page at 1280 px opened twice, in the light and the dark scheme, each
    open checking several things in turn (functions of their own): the three ways in (light);
    the focus ring stands out in the light scheme; switched to dark with the toggle, the light
    page has what the page loaded dark has (before the focus ring is checked on the dark one:
    nothing focused on either); the focus ring stands out in the dark scheme; less motion stops
    the transitions (last: the page then asks for less motion)."""
    switched = visit("", width=1280)
    loaded = visit("", width=1280, scheme="dark")
    three_ways_in(switched, "en", 1280)
    the_focus_ring_stands_out(switched)
    switched.page.evaluate("() => document.activeElement && document.activeElement.blur()")
    dark_is_the_same_switched_or_loaded(loaded, switched)
    the_focus_ring_stands_out(loaded)
    reduced_motion_stops_transitions(switched)


def three_ways_in(seen: Visit, lang: str, width: int) -> None:
    """The start's three ways in: where they lead, on the first screen, each whole box a link."""
    page = seen.page
    ways = page.locator("nav.cr-start .cr-start__way")
    assert ways.count() == 3
    hrefs = [ways.nth(i).locator("a").first.get_attribute("href") for i in range(3)]
    assert hrefs == ["#games", "try/#play", "practice/"]
    assert page.locator("nav.cr-start").get_attribute("aria-label")
    screen = HEIGHT[width]
    for i in range(3):
        way = ways.nth(i)
        box = way.bounding_box()
        assert box is not None and box["y"] + box["height"] <= screen, (i, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (i, box)
        picture = way.locator("img.cr-start__card")
        assert picture.get_attribute("alt") == ""  # the link's words say it all
        assert picture.evaluate("(img) => img.complete && img.naturalWidth > 0")
        # The whole box is the link's target (a tap anywhere in it follows the link).
        hit = page.evaluate(
            "([x, y]) => { const n = document.elementFromPoint(x, y); "
            "return n && n.closest('a') ? n.closest('a').getAttribute('href') : null; }",
            [box["x"] + box["width"] - 6, box["y"] + box["height"] - 6])
        assert hit == hrefs[i]
    # The words link where they say: the games table, the Try it page, the practice page.
    assert page.locator("#games").count() == 1
    if width >= 1000:  # on a computer, the deal's widget starts on the first screen
        widget = page.locator(".cr-widget").first
        top = widget.bounding_box()
        assert top is not None and top["y"] < screen - 100, top
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    seen.shot(f"home-{lang}")


def the_games_table_fits_a_phone(seen: Visit) -> None:
    """The home page's table of games lists every game and fits a phone's width (375 px)."""
    table = seen.page.locator("#games + .md-typeset__scrollwrap")
    assert table.locator("table a").count() == len(GAMES)  # every game, linked
    size = table.evaluate("(wrap) => [wrap.scrollWidth, wrap.clientWidth]")
    assert size[0] <= size[1], f"the table is {size[0]} px wide in {size[1]} px"


# The widget on a phone --------------------------------------------------------------------------

_OUTSIDE = """(root) => {
  const panel = root.getBoundingClientRect();
  return Array.from(root.querySelectorAll("details > summary"))
    .filter((summary) => summary.getClientRects().length)
    .filter((summary) => {
      const style = getComputedStyle(summary);
      const box = summary.getBoundingClientRect();
      const marker = style.display === "list-item" && style.listStyleType !== "none"
        && style.listStylePosition !== "inside";
      return marker || box.left < panel.left - 1.5 || box.right > panel.right + 1.5;
    })
    .map((summary) => summary.textContent.trim().slice(0, 40));
}"""

_BROKEN = """(root) => Array.from(root.querySelectorAll(
    ".cr-board__seat-head .cr-board__dealer, .cr-board__seat-head .cr-play__count, "
    + ".cr-board__seat-head .cr-board__turn"))
  .filter((part) => part.textContent.trim() && part.getClientRects().length > 1)
  .map((part) => part.textContent.trim())"""


@pytest.mark.parametrize("lang", list(LANGS))
def test_on_a_phone_the_widget_keeps_its_parts_whole(lang: str,
                                                     visit: Callable[..., Visit]) -> None:
    """At 375 px: the home page's "Play a deal" (try/#play) opens play mode with "Deal and
    play" on a 375 × 667 first screen, and step mode opens on the board; the disclosure
    triangles of the widget (the play setup's options, the term lookup, the auction) stay
    inside their panel, and a seat's "dealer", "to play" and "3 cards" never break inside (step
    mode, then play mode with four players); in Spanish, the deal of the day played and
    analysed (analyse_the_deal_of_the_day)."""
    seen = visit(f"{LANGS[lang]}try/#play", width=375, touch=True, clipboard=lang == "es")
    page = seen.page
    page.set_viewport_size({"width": 375, "height": 667})
    widget = page.locator(".cr-widget").first
    assert widget.locator(".cr-play__mode--play").get_attribute("aria-pressed") == "true"
    assert wholly_on_first_screen(page, widget.locator(".cr-play__start"))
    widget.locator(".cr-play__mode--step").click()
    board = on_first_screen(page, widget.locator(".cr-board"))
    assert board["y"] + 200 <= 667, board  # the board's first 200 px, the step's words
    seen.shot(f"first-screen-{lang}")
    assert widget.evaluate(_BROKEN) == []
    widget.locator(".cr-play__mode--play").click()
    widget.locator(".cr-play__source").select_option("new")
    widget.locator(".cr-play__options > summary").click()
    assert widget.evaluate(_OUTSIDE) == []
    widget.locator(".cr-play__options > summary").click()
    play_into_a_deal(seen, players=4, plays=1)
    assert widget.evaluate(_BROKEN) == []
    assert widget.evaluate(_OUTSIDE) == []
    assert seen.page.evaluate("document.documentElement.scrollWidth") <= 375
    seen.shot(f"play-{lang}", widget)
    # The deal of the day, by touch on the phone: the cards the package deals for the reader's
    # date (cardrules.analysis.daily_record), the same for everyone.
    widget.locator(".cr-play__new").click()
    widget.locator(".cr-play__source").select_option("daily")
    widget.locator(".cr-play__game").select_option("briscola")
    widget.locator(".cr-play__start").click()
    page.wait_for_function("() => { const p = window.crPlays[0]; return p.state && !p.busy && "
                           "p.state.your_turn && !p.pending; }")
    day = datetime.date.fromisoformat(page.evaluate(
        "() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1)"
        ".padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); }"))
    dealt = cardrules.replay(daily_record(day, "briscola"))
    state = page.evaluate("() => window.crPlays[0].state")
    assert dealt.turn_up is not None and state["turn_up"] == dealt.turn_up.code
    assert sorted(state["hand"]) in [sorted(c.code for c in hand) for hand in dealt.hands]
    assert widget.evaluate(_BROKEN) == []
    assert seen.page.evaluate("document.documentElement.scrollWidth") <= 375
    if lang == "es":
        analyse_the_deal_of_the_day(seen, widget, day)


def analyse_the_deal_of_the_day(seen: Visit, widget: Any, day: datetime.date) -> None:
    """The deal of the day played to its end on the phone, then "Analyse my play" in Spanish
    (few imagined deals, a quick bot in the seat): the package's analysis in the reader's
    words, the result line as the package says it, copied to the clipboard, the panel whole
    at 375 px, and nothing axe finds wrong in that state (test_play_browser sweeps the analysed
    panel in English at 1280 px)."""
    page = seen.page
    page.evaluate("() => { window.crAnalysisWorlds = 2; window.crAnalysisBotLevel = 'easy'; }")
    play_to_the_end(seen, widget)
    record = shown_record(widget)
    seat = page.evaluate("() => window.crPlays[0].game.seat")
    widget.locator(".cr-play__analyse").click()
    page.wait_for_function("() => window.crAnalyses[0].session !== null && "
                           "!window.crAnalyses[0].running", timeout=120000)
    panel = widget.locator(".cr-analysis")
    assert panel.locator(".cr-analysis__status").inner_text() == "El análisis ha terminado."
    review = Review(analyse(record, seat, worlds=2), "es")
    assert panel.locator(".cr-analysis__summary").inner_text() == review.summary()
    assert panel.locator(".cr-analysis__title").text_content() == review.title()
    assert panel.locator(".cr-analysis__taken").is_hidden()  # played from the deal
    bot = panel.locator(".cr-analysis__bot").inner_text()
    line = panel.locator(".cr-analysis__line").inner_text()
    found = re.fullmatch(r".*; el bot en mi lugar, (\d+)", line)
    assert found is not None, line
    rules = cardrules.replay(record).rules
    assert line == daily_line(rules, day, review.analysis.points, int(found[1]), "es")
    assert f"el bot en su lugar se llevó {found[1]} punt" in bot
    # The line, to share: nothing of the cards in it, and copied as shown.
    panel.locator(".cr-analysis__copy").click()
    copied = panel.locator(".cr-analysis__copied")
    page.wait_for_function("(node) => node.textContent !== ''", arg=copied.element_handle())
    assert copied.inner_text() == "El resultado está copiado."
    assert page.evaluate("() => navigator.clipboard.readText()") == line
    assert widget.evaluate(_BROKEN) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    seen.shot("analysed-es", widget)
    settle(page)
    assert axe_violations(page) == []


# Focus, motion, language ------------------------------------------------------------------------


def the_focus_ring_stands_out(seen: Visit) -> None:
    """A link of the page and a button of the widget, focused from the keyboard: a ring of 2 px
    at least, 3:1 against the page and against the widget's panel (WCAG 2.2: 1.4.11)."""
    page = seen.page
    ring = """(node) => { const s = getComputedStyle(node);
        return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }"""
    background = """(node) => { let n = node;
        while (n) { const c = getComputedStyle(n).backgroundColor;
          if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
          n = n.parentElement; }
        return 'rgb(255, 255, 255)'; }"""
    link = page.locator("nav.cr-start a").first
    button = page.locator(".cr-widget .cr-w-button--next").first
    for target in (link, button):
        target.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        assert target.evaluate("(node) => node === document.activeElement")
        assert target.evaluate("(node) => node.matches(':focus-visible')")
        style, width, colour = target.evaluate(ring)
        assert style != "none" and width >= 2, (style, width)
        around = target.evaluate(background.replace("let n = node;",
                                                    "let n = node.parentElement;"))
        assert ratio(colour, around) >= 3, (colour, around)


def reduced_motion_stops_transitions(seen: Visit) -> None:
    """The theme's transitions run, and stop once the reader's system asks for less motion."""
    page = seen.page
    duration = "() => getComputedStyle(document.querySelector('.md-tabs__link')).transitionDuration"
    moving = page.evaluate(duration)
    assert any(float(d.rstrip("s")) >= 0.1 for d in moving.split(","))
    page.emulate_media(reduced_motion="reduce")
    still = page.evaluate(duration)
    assert all(float(d.rstrip("s")) < 0.001 for d in still.split(",")), still
    smooth = page.evaluate("getComputedStyle(document.documentElement).scrollBehavior")
    assert smooth == "auto"


def test_foreign_words_carry_their_language(site: Path) -> None:
    """The glossary's tooltips mark the word in its language, not the tooltip: arrastrar is
    Spanish and la vache French on the English home page; on the Spanish one, arrastrar is the
    page's own language and la vache is French."""
    english = (site / "index.html").read_text(encoding="utf-8")
    spanish = (site / "es" / "index.html").read_text(encoding="utf-8")
    marked = re.compile(r'<abbr title="[^"]*"><span lang="(\w+)">([^<]+)</span></abbr>')
    found_en = {word.lower(): lang for lang, word in marked.findall(english)}
    found_es = {word.lower(): lang for lang, word in marked.findall(spanish)}
    assert found_en["arrastrar"] == "es" and found_en["la vache"] == "fr"
    assert found_en["contrafallar"] == "es"
    assert found_es["la vache"] == "fr" and "arrastrar" not in found_es
    assert '<html lang="en"' in english and '<html lang="es"' in spanish
    # A word outside the glossary's tooltips is marked by the page (the Alcalde of the table).
    assert '<em lang="es">Alcalde</em>' in english
    # The play labels of the deal diagrams: Spanish words on the English page, the page's own
    # words on the Spanish one.
    assert re.search(r'<a class="cr-label" data-label="fallar"[^>]*><i lang="es">fallar</i></a>',
                     english)
    assert re.search(r'<a class="cr-label" data-label="fallar"[^>]*>fallar</a>', spanish)
