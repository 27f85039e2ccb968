"""What the browser tests share: the site built once, served on 127.0.0.1, and one headless
Chromium (the system's, /usr/bin/chromium) driven by Playwright for the whole run.

The fixtures are registered in ``conftest.py``, so both browser test files use the same site
build and the same browser (Playwright's sync API allows one running instance per process).
Without Chromium, Playwright or MkDocs the browser tests fail, saying what to install (a skipped
browser test is not a green run), unless ``CARDRULES_NO_BROWSER`` is set: then they are skipped.
"""

from __future__ import annotations

import functools
import http.server
import importlib
import importlib.util
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import pytest
from site_build import built_site

try:
    playwright_api: Any = importlib.import_module("playwright.sync_api")
except ImportError:  # the browser fixture fails, saying what to install
    playwright_api = None

OPT_OUT = "CARDRULES_NO_BROWSER"
"""Set (to anything) to skip the browser tests on a machine that cannot run them."""


def missing(what: str) -> NoReturn:
    """A browser test cannot run here: a failure in one line saying what to install, or a skip
    when :data:`OPT_OUT` is set."""
    if os.environ.get(OPT_OUT):
        pytest.skip(f"{what} ({OPT_OUT} is set)")
    pytest.fail(f"{what}: the browser tests need it (apt-get install chromium; "
                f"bash scripts/setup.sh for the Python side), or set {OPT_OUT}=1 to skip them",
                pytrace=False)

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Headless Chromium otherwise preloads its own omnibox popups (WebUI pages in a second
    # renderer; Chromium 156 adds an "AI mode" one, 1.4 s of CPU in a trace of one new tab) in
    # some browser contexts: CPU that has nothing to do with the page, landing at random in the
    # middle of a cold start.
    "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,"
    "WebUIOmniboxAimPopup",
    # V8's first compilers only, for Python's WebAssembly (Liftoff) and for the pages' scripts: a
    # test's page lives a few seconds, too short for the optimizing compilers' background work
    # to pay for itself (on two cores: 21% less CPU over the link and hostile-input tests, 6%
    # over the axe sweep and play mode). What the pages do is the same; only its speed differs.
    "--js-flags=--liftoff-only --no-opt",
]
READY = ".cr-widget[data-state=ready]"
TIMEOUT = 90_000  # ms: Pyodide starts in a few seconds, slower on a busy machine
WIDTH_OVERFLOW = ("() => document.documentElement.scrollWidth"
                  " - document.documentElement.clientWidth")
"""How far the page is wider than its window (0: no sideways scrolling)."""


def shown_deal(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer of :mod:`cardrules.web` that a page shows as a deal (not a failure)."""
    assert answer["ok"], answer
    return answer


# Fixtures ---------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site (:func:`site_build.built_site`: once per run, shared with the site tests)."""
    if not os.environ.get("CARDRULES_SITE") and importlib.util.find_spec("mkdocs") is None:
        missing("no MkDocs to build the site (the docs extra)")
    return built_site(tmp_path_factory)


class _Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm",
            ".mjs": "text/javascript",
        }
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        # The site does not change during a run: a page's files come from the browser's cache
        # once fetched (see Visits), without asking the server again.
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A tab closed while a file was on its way (a test ends as soon as it has seen enough).
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    handler = functools.partial(_Handler, directory=str(site))
    server = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).is_file() or shutil.which(CHROMIUM) is None:
        missing(f"no Chromium at {CHROMIUM}")
    if playwright_api is None:
        missing("no Playwright for Python (the test extra)")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


# Pages ------------------------------------------------------------------------------------------


@dataclass
class Visit:
    """A page and what it did: every request, failed responses, script errors, dialogs."""

    page: Any
    context: Any
    name: str = ""
    requests: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def outside(self) -> list[str]:
        """The requests that left 127.0.0.1 (there must be none)."""
        return [u for u in self.requests
                if not u.startswith(("http://127.0.0.1:", "data:", "blob:"))]

    def shot(self, what: str, locator: Any = None) -> None:
        """A screenshot into ``CARDRULES_SHOTS``, if set (to look at the pages by eye)."""
        folder = os.environ.get("CARDRULES_SHOTS")
        if not folder:
            return
        Path(folder).mkdir(parents=True, exist_ok=True)
        path = str(Path(folder) / f"{self.name}-{what}.png")
        if locator is None:
            self.page.screenshot(path=path)
        else:
            locator.screenshot(path=path)


class Visits:
    """Opens pages of the served site, records what each did, and at the end checks that none
    left 127.0.0.1, raised a script error or failed to load anything but what a test expects
    (Material asks for a sitemap.xml the site does not have).

    A page opens as a new tab of a browser context the worker keeps for the whole run (one
    with touch, one without), as a reader's tabs share one browser: the site's files come from
    its cache after the first page, which roughly halves what a page costs to open (the new
    context, the scripts compiled again). Each tab starts with the site's storage cleared
    (local storage, cookies...) and its own size, colour scheme and motion, so a test sees no
    trace of another. A page whose requests a test intercepts (``routes``) gets a context of its
    own: routing turns the cache off, and must not reach other tests' pages.
    """

    def __init__(self, browser: Any, base_url: str, name: str = "") -> None:
        self.browser, self.base_url, self.name = browser, base_url, name
        self.contexts: list[Any] = []
        self.visits: list[Visit] = []

    def open(self, path: str, *, width: int = 1200, height: int = 900, scheme: str = "light",
             touch: bool = False, clipboard: bool = False, init_script: str | None = None,
             routes: Sequence[tuple[str, Callable[[Any], None]]] = (),
             motion: str = "no-preference") -> Visit:
        """Open ``path`` (relative to the site, or a whole address on it); ``motion="reduce"``
        for a reader whose system asks for less motion; ``clipboard`` lets the page write to
        the clipboard and read it."""
        if routes:
            context = self.browser.new_context(viewport={"width": width, "height": height},
                                               color_scheme=scheme, has_touch=touch,
                                               is_mobile=touch, reduced_motion=motion,
                                               service_workers="block")
            self.contexts.append(context)
            if clipboard:
                context.grant_permissions(["clipboard-read", "clipboard-write"],
                                          origin=self.base_url.rstrip("/"))
            for pattern, handler in routes:
                context.route(pattern, handler)
            page = context.new_page()
        else:
            tabs = _tabs(self.browser, self.base_url, touch)
            context = tabs.context
            page = context.new_page()
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme, reduced_motion=motion)
            tabs.fresh_storage(page, clipboard=clipboard)
        page.set_default_timeout(TIMEOUT)
        seen = Visit(page, context, f"{self.name}-{width}".replace("/", "_"))
        self.visits.append(seen)
        # The worker's requests (the runtime, the wheel) are reported to its page too.
        page.on("request", lambda request: seen.requests.append(request.url))

        def failed(response: Any) -> None:
            if response.status >= 400:
                seen.failures.append(f"{response.status} {response.url}")

        def dialog(opened: Any) -> None:
            seen.dialogs.append(opened.message)
            opened.dismiss()

        # A context of its own reports its worker's responses too; a shared one, every tab's.
        (context if routes else page).on("response", failed)
        page.on("pageerror", lambda error: seen.errors.append(str(error)))
        page.on("dialog", dialog)
        # The site's Content-Security-Policy: any violation on any page fails the test.
        page.expose_function("__crViolation", lambda text: seen.errors.append(f"CSP: {text}"))
        page.add_init_script(
            "document.addEventListener('securitypolicyviolation', (e) => window.__crViolation("
            "e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || '')));")
        if init_script is not None:
            page.add_init_script(init_script)
        page.goto(path if path.startswith("http") else self.base_url + path)
        return seen

    def close_and_check(self, expected_404: tuple[str, ...] = ("sitemap.xml",)) -> None:
        """Close every page (and every context of its own), then check what the pages did."""
        for seen in self.visits:
            if not seen.page.is_closed():
                seen.page.close()
        for context in self.contexts:
            context.close()
        for seen in self.visits:
            assert seen.outside() == [], "a request left 127.0.0.1"
            assert seen.errors == [], "the page raised a script error"
            assert [f for f in seen.failures if not f.split("?")[0].endswith(expected_404)] == []


@dataclass
class _Tabs:
    """The browser context a worker opens its pages in, as tabs (see :class:`Visits`)."""

    context: Any
    origin: str

    def fresh_storage(self, page: Any, *, clipboard: bool) -> None:
        """Clear what earlier tabs left in the site's storage, and give the clipboard to this
        tab only if asked (before the page loads)."""
        self.context.clear_permissions()
        if clipboard:
            self.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                           origin=self.origin)
        session = self.context.new_cdp_session(page)
        session.send("Storage.clearDataForOrigin", {
            "origin": self.origin,
            "storageTypes": "cookies,file_systems,indexeddb,local_storage,websql,"
                            "service_workers,cache_storage",
        })
        session.detach()


_SHARED: dict[tuple[int, str, bool], _Tabs] = {}
"""The contexts pages open in, by browser, site and touch (a context's touch is fixed)."""


def _tabs(browser: Any, base_url: str, touch: bool) -> _Tabs:
    key = (id(browser), base_url, touch)
    tabs = _SHARED.get(key)
    if tabs is None or not browser.is_connected():
        # No service worker (the offline tests have contexts of their own): each page would
        # otherwise fill a cache with every page of its language.
        context = browser.new_context(has_touch=touch, is_mobile=touch, service_workers="block")
        tabs = _SHARED[key] = _Tabs(context, base_url.rstrip("/"))
    return tabs


def more(widget: Any) -> Any:
    """Open the board's "More" menu, if it is closed (the jump menu, the speed, "Copy link" and
    "Play from here" wait behind it); its panel."""
    button = widget.locator(".cr-w-button--more").first
    if button.get_attribute("aria-expanded") != "true":
        button.click()
    panel = widget.locator(".cr-more__panel").first
    panel.wait_for(state="visible")
    return panel


def on_first_screen(page: Any, locator: Any) -> dict[str, float]:
    """Where ``locator`` is on the page's first screen (its box, the page scrolled to the top,
    the window's size beside it: ``screen_width``, ``screen_height``)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => window.scrollY === 0")
    box: dict[str, float] = locator.bounding_box()
    assert box is not None, "not shown"
    size = page.viewport_size
    return {**box, "screen_width": size["width"], "screen_height": size["height"]}


def wholly_on_first_screen(page: Any, locator: Any) -> bool:
    """Whether ``locator`` is wholly inside the page's first screen."""
    box = on_first_screen(page, locator)
    return (box["x"] >= 0 and box["x"] + box["width"] <= box["screen_width"]
            and box["y"] >= 0 and box["y"] + box["height"] <= box["screen_height"])


ONE_ROW = """(bar) => {
  const parts = [bar.querySelector(".cr-play__modes"), ...bar.querySelectorAll(
    ":scope > .cr-widget__controls > :is(.cr-widget__buttons, .cr-widget__tools) > *"),
    bar.querySelector(".cr-w-button--more")];
  return parts.map((part) => { const box = part.getBoundingClientRect();
    return [box.top + box.height / 2, box.right]; });
}"""
"""The middle height and the right edge of each control of a board's row (its
``.cr-widget__bar``), as ``[middle, right]``."""


def show_view(widget: Any, view: str) -> None:
    """Choose whose view the stepper shows (``"all"`` or a seat's number), and wait until it
    shows it (another view is another answer from Python, asked for once)."""
    widget.locator(".cr-widget__view").select_option(view)
    widget.locator(f"xpath=self::*[@data-view='{view}']").wait_for()
