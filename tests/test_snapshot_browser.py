"""The widget starts from the memory snapshot made at build time (scripts/widget_snapshot.mjs),
and starts the usual way, logging the error once on the console, when the snapshot cannot be had.

In the system's Chromium, on the site the tests build (tests/site_build.py). That the "Try it"
page starts from the snapshot (:func:`started_from_the_snapshot`) is checked on the open of that
page that test_widget_browser's ``test_the_try_page_in_one_visit`` and
``test_the_spanish_try_page_in_one_visit`` make anyway (a page open is the suite's costliest
part).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import READY, Visit, Visits

SNAPSHOT = "**/*.pyodide-snapshot.gz*"


@pytest.fixture
def visits(browser: Any, base_url: str) -> Iterator[Visits]:
    opened = Visits(browser, base_url, "snapshot")
    yield opened
    opened.close_and_check(expected_404=("sitemap.xml", ".pyodide-snapshot.gz"))


def started(page: Any) -> dict[str, Any]:
    """How the page's Python started (the worker's times, kept by the page's runtime)."""
    page.wait_for_selector(READY)
    info: dict[str, Any] = page.evaluate("() => window.crRuntime.info")
    return dict(info["times"])


def shows_a_deal(page: Any) -> None:
    """The board answers: a step further shows the next step's narration."""
    widget = page.locator(".cr-widget").first
    before = widget.inner_text()
    widget.locator(".cr-w-button--next").click()
    page.wait_for_function("(before) => document.querySelector('.cr-widget').innerText "
                           "!== before", arg=before)


def started_from_the_snapshot(seen: Visit) -> None:
    """The page's Python started from the snapshot, fetched nothing of the package twice (no
    bytecode bundle), logged no error of the snapshot, and its board answers."""
    times = started(seen.page)
    assert times["snapshot"] is True
    assert any(url.split("?")[0].endswith(".pyodide-snapshot.gz") for url in seen.requests)
    # Started from the snapshot, nothing of the package is fetched twice: no bytecode bundle.
    assert not any(".pyodide-bytecode.zip" in url for url in seen.requests)
    shows_a_deal(seen.page)
    assert "snapshotError" not in times


def test_without_the_snapshot_python_starts_the_usual_way(visits: Visits) -> None:
    seen = visits.open("try/", routes=[(SNAPSHOT, lambda route: route.fulfill(status=404))])
    times = started(seen.page)
    assert times["snapshot"] is False
    assert times.get("bytecode") is True  # the usual start uses the compiled modules
    shows_a_deal(seen.page)
    # What the worker logs on the console (once), kept with its times.
    assert "HTTP 404" in times["snapshotError"]


def test_a_damaged_snapshot_is_not_fatal(visits: Visits) -> None:
    """Bytes that are not a gzip stream (a proxy that rewrote the file, say)."""
    garbage = json.dumps({"not": "a snapshot"}).encode()
    seen = visits.open("try/", routes=[
        (SNAPSHOT, lambda route: route.fulfill(status=200, body=garbage)),
    ])
    times = started(seen.page)
    assert times["snapshot"] is False and times["snapshotError"]
    shows_a_deal(seen.page)
