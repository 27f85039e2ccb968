"""The rulebook at the table (issue 34), in Chromium: offline after one visit, a new build's cache
replacing the old one whole, the rule card printed on at most two pages, and the score pad
(totals as the package scores them, a reload mid-match, corrupt storage kept aside, axe).

The offline tests need service workers, which the shared contexts of ``browser_support`` block:
they open contexts of their own, on a server of their own whose folder a test can switch to
"a second build" (the same origin, so the same worker's registration).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from a11y_support import AXE, axe_violations
from browser_support import TIMEOUT, Visits, _Handler, _Server
from test_scorepad import PLAYERS, played

import cardrules.games
from cardrules.account.review import Review
from cardrules.analysis import analyse
from cardrules.web.scorepad import FAMILIES, pad_options, tally

GAMES = tuple(cardrules.games.GAMES)  # every game's page
LANGS = {"en": "", "es": "es/"}
READY_OFFLINE = "#cr-offline[data-state=readyPython]"


class _Switchable(_Handler):
    folder: ClassVar[list[str]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "directory": self.folder[0]})


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[tuple[str, list[str]]]:
    """The site on a server of its own, and the folder it serves (a list: a test switches it)."""
    folder = [str(site)]
    handler = type("Handler", (_Switchable,), {"folder": folder})
    server = _Server(("127.0.0.1", 0), functools.partial(handler))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", folder
    server.shutdown()


@pytest.fixture
def offline_tab(browser: Any, served: tuple[str, list[str]]) -> Iterator[Any]:
    """A tab in a context of its own, with service workers allowed."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # (A request cut short by the tab moving on to the next page is not a failure.)
    context.on("requestfailed", lambda request: None if "ERR_ABORTED" in str(
        request.failure) else errors.append(f"failed: {request.url} {request.failure}"))
    yield page
    context.close()
    assert errors == []


def _ready_offline(page: Any) -> None:
    """Wait until the page says it is ready offline with Python (the runtime kept)."""
    page.wait_for_selector(READY_OFFLINE, state="attached")


def _step(page: Any) -> str:
    """Start the page's first board, step it once, and say what it shows."""
    page.evaluate("() => window.crWidgets[0].activate()")
    board = page.locator(".cr-widget[data-state=ready]").first
    board.wait_for()
    before = board.inner_text()
    board.locator(".cr-w-button--next").first.click()
    page.wait_for_function("(b) => document.querySelector('.cr-widget').innerText !== b",
                           arg=before)
    return str(board.inner_text())


def _start_pad(page: Any, game: str, people: list[str], dealer: int,
               options: dict[str, Any] | None = None) -> None:
    page.wait_for_selector("#cr-scorepad[data-state=setup]")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=count]", str(len(people)))
    inputs = page.locator("input[name=person]")
    for i, name in enumerate(people):
        inputs.nth(i).fill(name)
    page.select_option("select[name=dealer]", str(dealer))
    # The options the pad offers for the game (its declarations), as the reader sets them.
    offered = {row["name"]: row for row in pad_options(game, "en")}
    for name, value in (options or {}).items():
        control = page.locator(f"[name=option-{name}]")
        if "values" not in offered[name]:
            control.fill("" if value is None else str(value))
        elif offered[name]["values"] == [False, True]:
            control.set_checked(value)
        else:
            control.select_option(str(offered[name]["values"].index(value)))
    page.get_by_role("button", name=re.compile("Start the match|Empezar la partida")).click()
    page.wait_for_selector("#cr-scorepad[data-state=playing]")


def _enter(page: Any, entry: dict[str, Any]) -> None:
    form = page.locator("form.cr-pad__entry")
    rows = page.locator(".cr-pad__table tbody tr").count()
    for box in ("void", "mordienne", "cantes"):
        if entry.get(box):
            form.locator(f"input[name={box}]").check()
    for key, value in entry.items():
        if key in ("points", "tricks"):
            for i, n in enumerate(value):
                form.locator(f"input[name={key}{i}]").fill(str(n))
        elif key in ("bid", "taken"):
            form.locator(f"input[name={key}]").fill(str(value))
        elif key in ("holder", "partner", "tute", "last", "first"):
            form.locator(f"select[name={key}]").select_option("" if value is None else str(value))
        elif key == "surrender" and value is not None:
            form.locator("select[name=surrender]").select_option(
                f"{value['answer']}:{value['side']}")
    form.locator("button[type=submit]").click()
    page.wait_for_function(
        "(n) => document.querySelectorAll('.cr-pad__table tbody tr').length === n", arg=rows + 1)


def _totals(page: Any) -> dict[str, str]:
    names = page.locator(".cr-pad__table thead th").all_inner_texts()[1:]
    totals = page.locator(".cr-pad__total td").all_inner_texts()
    return dict(zip(names, totals, strict=True))


# Offline ----------------------------------------------------------------------------------------


def _pages_of(site: Path, lang: str) -> list[str]:
    """Every page of ``lang``'s build, as paths from the site's root."""
    root = site / LANGS[lang]
    found = []
    for index in root.rglob("index.html"):
        path = index.parent.relative_to(root).as_posix()
        if path.startswith(("es/", "search/")) or path in ("es", "search"):
            continue
        found.append(LANGS[lang] + ("" if path == "." else path + "/"))
    return sorted(found)


def _offline_language(page: Any, base: str, site: Path, lang: str,
                      opened: tuple[str, ...]) -> None:
    """With the network off: every page of ``lang`` comes from its worker's cache, the pages
    ``opened`` open in full, a deal steps."""
    # Every page from the worker's cache (fetched: opening each one costs a second of CPU),
    # then a few opened in full and a deal stepped.
    paths = _pages_of(site, lang)
    answers = page.evaluate("""async (paths) => Promise.all(paths.map(async (path) => {
        const response = await fetch(new URL(path, location.origin + "/"));
        const text = await response.text();
        return [path, response.ok && text.includes("<h1")];
    }))""", paths)
    assert [path for path, ok in answers if not ok] == []
    assert len(answers) >= 30  # every page of the build
    for path in opened:
        response = page.goto(base + LANGS[lang] + path)
        assert response is not None and response.ok, path
        assert page.locator("h1").count() == 1, path
        assert page.locator("html").get_attribute("lang") == lang
    page.goto(base + LANGS[lang] + "games/tute/")
    assert _step(page)


def _analyse_offline(page: Any) -> None:
    """The analysis of the deal on the board (the Spanish Tute page's, stepped), offline: the
    package's analysis at the same settings, in Spanish; then Stop while the bot in the seat
    plays (what it would cost is not the point here)."""
    page.evaluate("() => { window.crAnalysisWorlds = 2; window.crAnalysisBotLevel = 'easy'; }")
    panel = page.locator(".cr-analysis").first
    panel.locator(".cr-analysis__start").click()
    summary = panel.locator(".cr-analysis__summary")
    summary.wait_for()
    record = page.evaluate("() => window.crWidgets[0].data.record_text")
    seat = int(panel.locator(".cr-analysis__seat").input_value())
    review = Review(analyse(record, seat, worlds=2), "es")
    assert summary.inner_text() == review.summary()
    assert panel.locator(".cr-analysis__title").text_content() == review.title()
    if page.evaluate("() => window.crAnalyses[0].running"):
        panel.locator(".cr-analysis__stop").click()
        assert panel.locator(".cr-analysis__status").inner_text() == "El análisis se ha detenido."


def test_after_one_visit_each_language_works_offline(offline_tab: Any,
                                                     served: tuple[str, list[str]],
                                                     site: Path) -> None:
    """A page of each language visited once, online (its widget started): then, offline, every
    page of both languages, a deal stepped in each and analysed in Spanish, and the score pad,
    whose match carries on from one language to the other."""
    base, _ = served
    page = offline_tab
    caches = []
    for lang in LANGS:
        page.goto(base + LANGS[lang] + "games/brisca/")
        _step(page)
        _ready_offline(page)
        assert page.evaluate("() => !!navigator.serviceWorker.controller")
        caches = page.evaluate("() => caches.keys()")
    # Each language's worker keeps a cache of its own.
    assert sorted(name.split("-")[1] for name in caches) == ["en", "es"]
    # Installable: the manifest reads without error, and Chromium has nothing against it but
    # the test's browser context, which it counts as incognito.
    session = page.context.new_cdp_session(page)
    assert session.send("Page.getAppManifest")["errors"] == []
    refusals = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in refusals if e["errorId"] != "in-incognito"] == []
    session.detach()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.context.set_offline(True)
    try:
        _offline_language(page, base, site, "en", ("", "glossary/", "games/aluette/", "reference/"))
        page.goto(base + "scorepad/")
        _start_pad(page, "tute", ["Ana", "Luis"], 1)
        _enter(page, {"points": [80, 50], "tute": None, "last": None})
        assert _totals(page) == {"Ana": "1", "Luis": "0"}
        # (The glossary, the heaviest page to draw, opened in one language is enough.)
        _offline_language(page, base, site, "es", ("", "games/aluette/"))
        _analyse_offline(page)
        page.goto(base + "es/scorepad/")
        page.wait_for_selector("#cr-scorepad[data-state=playing]")
        stored = page.evaluate("() => localStorage.getItem('cardrules.scorepad')")
        assert page.locator(".cr-pad__next").inner_text() == json.loads(tally(stored, "es"))["next"]
        assert page.locator("html").get_attribute("lang") == "es"
        _enter(page, {"points": [40, 90], "tute": None, "last": None})
        stored = page.evaluate("() => localStorage.getItem('cardrules.scorepad')")
        assert len(json.loads(stored)["entries"]) == 2
        scored = json.loads(tally(stored, "es"))
        assert _totals(page) == dict(zip(scored["people"], map(str, scored["totals"]),
                                         strict=True))
    finally:
        page.context.set_offline(False)
    assert [u for u in requests if not u.startswith(base)] == []


_PAGE_STATE = """async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const state = (w) => w ? w.state : null;
    return { address: location.href, line: document.getElementById("cr-offline")
               ?.getAttribute("data-state") ?? null,
             second: !!document.getElementById("second-build"),
             controller: state(navigator.serviceWorker.controller),
             active: state(reg && reg.active), waiting: state(reg && reg.waiting),
             installing: state(reg && reg.installing), caches: await caches.keys() };
}"""


_RELOAD_WHILE_BUSY = """() => {
    document.querySelector(".cr-offline__reload").click();
    const style = document.querySelector("link[rel=stylesheet]").href;
    const end = performance.now() + 500;
    const busy = () => {
        if (performance.now() > end) return;
        fetch(style).catch(() => {});
        setTimeout(busy, 2);
    };
    busy();
}"""


class _WorkerWatch:
    """What a page and its service workers did, kept to say why a test of the offline update
    failed: the browser's own account of each worker version (the DevTools protocol), the
    console (the workers' too), the page's navigations, answers and failed requests, and its
    state at the failure (its last ``LAST`` events)."""

    LAST = 300

    def __init__(self, page: Any) -> None:
        self.page = page
        self.start = time.monotonic()
        self.events: list[list[Any]] = []  # [seconds, what, how many times in a row]
        self.session = page.context.new_cdp_session(page)
        self.session.on("ServiceWorker.workerVersionUpdated", self._versions)
        self.session.on("ServiceWorker.workerErrorReported",
                        lambda event: self.note(f"worker error {event['errorMessage']}"))
        self.session.send("ServiceWorker.enable")
        page.context.on("console", lambda message: self.note(f"console {message.text}"))
        page.on("requestfailed", lambda request: self.note(
            f"failed {request.url} {request.failure}"))
        page.on("framenavigated", lambda frame: self.note(f"navigated {frame.url}")
                if frame == page.main_frame else None)
        page.on("response", lambda response: self.note(
            f"response {response.status} {response.url}"
            f"{' (from its worker)' if response.from_service_worker else ''}"))

    def note(self, what: str) -> None:
        """Keep ``what``, with the time since the watch began (a repeat of the last event is
        counted on its line)."""
        if self.events and self.events[-1][1] == what:
            self.events[-1][2] += 1
        else:
            self.events.append([time.monotonic() - self.start, what, 1])

    def _versions(self, event: dict[str, Any]) -> None:
        self.note("workers " + ", ".join(
            f"#{v['versionId']} {v['status']}/{v['runningStatus']}"
            f" controls {len(v.get('controlledClients', []))}" for v in event["versions"]))

    def explain(self, failure: Exception) -> None:
        """Add what was seen to ``failure``'s report."""
        try:
            self.note(f"page state {self.page.evaluate(_PAGE_STATE)}")
        except Exception as error:  # the page may be what failed
            self.note(f"page state unknown ({error})")
        failure.add_note("What the page and its workers did:\n" + "\n".join(
            f"{at:6.2f}s {what}" + (f" (x{times})" if times > 1 else "")
            for at, what, times in self.events[-self.LAST:]))


def test_a_second_build_replaces_the_cache_whole(offline_tab: Any, served: tuple[str, list[str]],
                                                 site: Path, tmp_path: Path) -> None:
    base, folder = served
    page = offline_tab
    watch = _WorkerWatch(page)
    try:
        _second_build(page, base, folder, site, tmp_path, watch)
    except Exception as failure:
        watch.explain(failure)
        raise


def _second_build(page: Any, base: str, folder: list[str], site: Path, tmp_path: Path,
                  watch: _WorkerWatch) -> None:
    page.goto(base + "pack/")
    page.wait_for_selector("#cr-offline[data-state=ready]", state="attached")
    first = page.evaluate("() => caches.keys()")
    assert len(first) == 1 and first[0].startswith("cardrules-en-")
    # The second build: the same files but for one page and the worker's version.
    second = tmp_path / "second"
    shutil.copytree(site, second, copy_function=os.link)
    pack = second / "pack" / "index.html"
    text = pack.read_text(encoding="utf-8")
    pack.unlink()
    pack.write_text(text.replace("</h1>", "</h1><p id='second-build'>2</p>", 1),
                    encoding="utf-8")
    worker = second / "sw.js"
    version = first[0].removeprefix("cardrules-en-")
    script = worker.read_text(encoding="utf-8")
    worker.unlink()
    worker.write_text(script.replace(version, "second0000000000"), encoding="utf-8")
    # axe, from the server (the page's worker answers its requests: the test cannot route them).
    (second / "__axe").mkdir()
    shutil.copy(AXE, second / "__axe" / "axe.min.js")
    folder[0] = str(second)
    watch.note("the server serves the second build")
    try:
        page.reload()
        page.wait_for_selector("#cr-offline[data-state=update]")  # the old page, an update waits
        assert page.locator("#second-build").count() == 0
        assert axe_violations(page) == []
        assert len(page.evaluate("() => caches.keys()")) == 2  # the new one filled, beside
        # Pressed while the page still asks its worker for files: a request that reaches the
        # old worker while the browser stops it starts it again, and the hand-over then waited
        # for it to idle out (for ever under DevTools; table.js's nudge). Every time, here.
        assert page.locator(".cr-offline__reload").is_visible()
        page.evaluate(_RELOAD_WHILE_BUSY)
        watch.note("pressed Reload")
        page.wait_for_selector("#second-build", state="attached")
        assert page.evaluate("() => caches.keys()") == ["cardrules-en-second0000000000"]
        page.context.set_offline(True)
        page.goto(base + "games/aluette/")
        assert page.locator("h1").count() == 1
        page.goto(base + "pack/")
        assert page.locator("#second-build").count() == 1
    finally:
        page.context.set_offline(False)
        folder[0] = str(site)


# The rule card ----------------------------------------------------------------------------------


@pytest.fixture
def visits(browser: Any, base_url: str) -> Iterator[Visits]:
    opened = Visits(browser, base_url, "table")
    yield opened
    opened.close_and_check()


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _print_pages(page: Any, url: str) -> dict[str, int]:
    """Open ``url``, check what its rule card keeps and leaves out, and count its pages on A4
    and on Letter (Chromium's PDF)."""
    page.goto(url)
    page.emulate_media(media="print")
    try:
        assert page.locator("#brief").is_visible() and page.locator("#scoring").is_visible()
        for hidden in ("#programmers", "#variants", ".md-header", ".md-sidebar--primary",
                       "a[data-cr-print]", "#cr-offline"):
            if page.locator(hidden).count():
                assert not page.locator(hidden).first.is_visible(), (url, hidden)
        assert page.locator(".cr-widget:visible, figure.cr-deal:visible").count() == 0
        return {size: _pages(page.pdf(format=size)) for size in ("A4", "Letter")}
    finally:
        page.emulate_media(media="screen")


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_prints_its_rule_card_on_two_pages_at_most(browser: Any, base_url: str,
                                                               lang: str) -> None:
    # Printing is the stylesheet's work: the pages open without their scripts (no widget
    # starting Python on each); the test below prints the longest page with its widget live.
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    try:
        page = context.new_page()
        counts = {}
        for game in GAMES:
            url = base_url + f"{LANGS[lang]}games/{game}/"
            counts[game] = _print_pages(page, url)
            assert page.locator("a[data-cr-print]").inner_text() == (
                "Print the rule card" if lang == "en" else "Imprimir la ficha de reglas")
    finally:
        context.close()
    print(lang, counts)  # the figures the report quotes (pytest -s)
    assert {game: n for game, n in counts.items() if not all(1 <= k <= 2 for k in n.values())
            } == {}


def test_the_rule_card_prints_the_same_with_the_widget_live(visits: Visits) -> None:
    seen = visits.open("games/brisca/")
    page = seen.page
    page.evaluate("() => window.crWidgets.forEach((board) => board.activate())")
    page.locator(".cr-widget[data-state=ready]").first.wait_for()
    with_widget = _print_pages(page, page.url)
    assert all(1 <= n <= 2 for n in with_widget.values()), with_widget


# The score pad ----------------------------------------------------------------------------------


PAD_OPTIONS: dict[str, dict[str, Any]] = {
    "tute": {"two_games": "121-with-cantes", "match_target": 3},
    "rematada": {"scoring": "game"},
}
"""Options chosen on the pad's setup for a family's match (the others: the game's defaults)."""


def test_each_family_totals_a_match_as_the_package_does(visits: Visits) -> None:
    seen = visits.open("scorepad/", width=375)
    page = seen.page
    for i, family in enumerate(FAMILIES):
        options = PAD_OPTIONS.get(family, {})
        match, state = played(family, 100 + i, options)
        _start_pad(page, family, state["people"], state["dealer"], options)
        # The rules the match is scored with, where they are not the game's defaults.
        assert page.locator(".cr-pad__rules li").count() == len(options), family
        brought = 0  # deals that start with the points of the deal before (de vueltas)
        for entry in state["entries"]:
            _enter(page, entry)
            if page.locator(".cr-pad__brought").count():
                if not brought:  # the first such form passes the axe sweep too
                    assert axe_violations(page) == [], family
                brought += 1
        assert brought == sum(r.reason == "ida" for _, r in match.results), family
        assert page.locator("#cr-scorepad").get_attribute("data-state") == "over"
        expected = {match.people[p]: f"{s:g}" for p, s in enumerate(match.scores)}
        assert _totals(page) == expected, family
        page.get_by_role("button", name="New match").click()
    assert len(PLAYERS) == len(FAMILIES)


def test_a_reload_mid_match_loses_nothing_and_undo_takes_back(visits: Visits) -> None:
    # With less motion, as the axe sweep: axe runs right after a click, and read a button's
    # colours halfway through the theme's transition once (3.5:1, on a busy machine).
    seen = visits.open("es/scorepad/", motion="reduce")
    page = seen.page
    _start_pad(page, "chiamata", ["Ana", "Luis", "Eva", "Juan", "Bea"], 4)
    _enter(page, {"holder": 0, "partner": 2, "bid": 70, "taken": 80})
    before = _totals(page)
    form = page.locator("form.cr-pad__entry")
    form.locator("input[name=bid]").fill("75")  # half an entry when the page goes
    page.reload()
    page.wait_for_selector("#cr-scorepad[data-state=playing]")
    assert _totals(page) == before
    assert page.locator("form.cr-pad__entry input[name=bid]").input_value() == "75"
    assert page.locator(".cr-pad__next").inner_text() == "Ahora da Ana."  # Bea dealt first
    page.get_by_role("button", name="Deshacer la última anotación").click()
    page.wait_for_function("() => !document.querySelector('.cr-pad__table tbody tr')")
    assert set(_totals(page).values()) == {"0"}
    violations = axe_violations(page)
    assert violations == []


def test_corrupt_storage_is_reported_and_kept(visits: Visits) -> None:
    seen = visits.open("scorepad/", width=375)
    page = seen.page
    page.wait_for_selector("#cr-scorepad[data-state=setup]")
    raw = '{"v": 1, "game": "brisca", "people": ["Ana"'  # cut short: a crash, a hand edit
    page.evaluate("(raw) => localStorage.setItem('cardrules.scorepad', raw)", raw)
    page.reload()
    page.wait_for_selector("#cr-scorepad[data-state=setup]")
    note = page.locator(".cr-pad__note").inner_text()
    assert note.startswith("A stored match could not be read")
    kept = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith("
                         "'cardrules.scorepad.aside.')).map((k) => localStorage.getItem(k))")
    assert kept == [raw]
    seen.shot("corrupt")
    assert axe_violations(page) == []


def test_a_match_goes_out_as_a_link_and_comes_back(visits: Visits) -> None:
    seen = visits.open("scorepad/")
    page = seen.page
    _start_pad(page, "rematada", ["Ana", "Luis", "Eva"], 2)
    _enter(page, {"holder": 1, "bid": 110, "taken": 115})
    totals = _totals(page)
    link = page.evaluate("() => window.crScorePad.link()")
    page.evaluate("() => localStorage.clear()")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("#cr-scorepad[data-state=playing]")
    assert "#pad=" not in page.url
    page.reload()  # the link's match is the page's now: a reload keeps it
    page.wait_for_selector("#cr-scorepad[data-state=playing]")
    assert _totals(page) == totals
    json.loads(page.evaluate("() => localStorage.getItem('cardrules.scorepad')"))
