"""What the accessibility browser tests share: axe-core (pinned in package.json, injected from
``node_modules``, never from a CDN) run on a Playwright page, and a wait until a page's widgets are
ready, so that axe sees what a reader sees.

Any browser test may import it::

    from a11y_support import axe_violations, widgets_ready

    widgets_ready(page)
    assert axe_violations(page) == []
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core's browser build, installed by ``npm ci`` from the project's package-lock.json."""

TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
"""The rules run: WCAG 2.0, 2.1 and 2.2, levels A and AA."""

SETTLE_MS = 600
"""How long the page's late enhancements may take after a change (docs/assets/cardrules.js)."""

_RUN = """async (tags) => {
  const result = await window.axe.run(document, {
    runOnly: { type: "tag", values: tags },
    resultTypes: ["violations"],
  });
  const lines = [];
  for (const rule of result.violations) {
    for (const node of rule.nodes) {
      const target = node.target.map((t) => Array.isArray(t) ? t.join(" >> ") : t).join(" | ");
      const why = (node.any.concat(node.all, node.none)[0] || {}).message || rule.help;
      lines.push(rule.id + " " + target + " (" + why.slice(0, 160) + ")");
    }
  }
  return lines;
}"""

_READY = """() => {
  if (document.documentElement.classList.contains("cr-holding")) return false;
  const widgets = Array.from(document.querySelectorAll(".cr-widget"));
  const settled = ["ready", "failed", "error"];
  if (!widgets.every((w) => settled.includes(w.getAttribute("data-state")))) return false;
  const practice = document.getElementById("cr-practice");
  if (practice && !practice.querySelector(".cr-practice__card[data-exercise]")) return false;
  return Array.from(document.images).every((img) => img.loading === "lazy" || img.complete);
}"""


def missing_axe() -> str | None:
    """Why axe-core cannot be injected here (``None`` when it can)."""
    if AXE.is_file():
        return None
    return f"no {AXE.relative_to(ROOT)}: run `npm ci` (axe-core is pinned in package.json)"


def axe_violations(page: Any, *, exclude_rules: tuple[str, ...] = ()) -> list[str]:
    """The WCAG 2.2 A/AA violations axe-core finds on ``page`` as it is now, one line each:
    ``"<rule id> <target> (<what is wrong>)"``; an empty list when there are none.

    Args:
        page: a Playwright page (sync API), loaded and in the state to check.
        exclude_rules: rule ids to leave out (none, normally).

    Returns:
        One line per element that breaks a rule.

    Examples:
        >>> from a11y_support import TAGS
        >>> "wcag22aa" in TAGS
        True
    """
    reason = missing_axe()
    if reason is not None:
        raise RuntimeError(reason)
    if not page.evaluate("typeof window.axe === 'object'"):
        # The pages' Content Security Policy allows scripts of their own origin only (no inline
        # script): axe is served as if from the site, by the test, from node_modules.
        address = page.evaluate("new URL('/__axe/axe.min.js', location.href).href")
        page.route(address, lambda route: route.fulfill(path=str(AXE),
                                                        content_type="text/javascript"))
        page.add_script_tag(url=address)
        # The lines below name an element by its selector: axe need not copy out each checked
        # element's HTML (a tenth of a run on a long page).
        page.evaluate("window.axe.configure({ noHtml: true })")
    lines: list[str] = page.evaluate(_RUN, list(TAGS))
    return [line for line in lines if line.split(" ", 1)[0] not in exclude_rules]


def widgets_ready(page: Any, timeout: float = 90_000) -> None:
    """Start every widget of ``page`` (Python loads as a diagram comes into view; the test does
    not scroll) and wait until each is ready (or has said why not), the practice page shows an
    exercise, the page no longer holds back its chrome while Python starts, and the pictures that
    are not lazy have loaded.

    Args:
        page: a Playwright page (sync API) of the rulebook.
        timeout: how long to wait, in ms.
    """
    page.wait_for_load_state("load")
    page.evaluate("() => (window.crWidgets || []).forEach((board) => board.activate())")
    page.wait_for_function(_READY, timeout=timeout)
    settle(page)


_SETTLED = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const settled = async () => {
    await frame();
    await new Promise((done) => requestIdleCallback(() => done(), { timeout: %d }));
    // Transitions the change started (colours fading in, a tab bar sliding) run to their end.
    for (let round = 0; round < 5; round++) {
      const running = document.getAnimations().filter((a) => a.playState === "running" &&
        a.effect && a.effect.getComputedTiming().endTime !== Infinity);
      if (!running.length) break;
      await Promise.all(running.map((a) => a.finished.catch(() => null)));
    }
    await frame();
  };
  await Promise.race([settled(), new Promise((done) => setTimeout(done, %d))]);
}"""


def settle(page: Any) -> None:
    """Wait until the page has done what it does after a change (a resize, a widget ready):
    cardrules.js gives a scrolling region its tab stop when the browser is next idle (at most
    SETTLE_MS after the change), and idle callbacks run in the order they were asked for, so a
    frame, the next idle moment, the end of the transitions the change started, and a frame
    after them see the page as a reader would (SETTLE_MS at most)."""
    page.evaluate(_SETTLED % (SETTLE_MS, SETTLE_MS))
