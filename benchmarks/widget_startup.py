"""How fast the in-browser widget starts and steps, in headless Chromium on localhost.

Prints, in one run:

* the cold start of the widget page ("Try it", English): navigation -> the widget's first deal
  shown and steppable (Pyodide loaded in the Web Worker, the cardrules wheel installed and
  imported, the deal replayed by ``cardrules.web.deal_steps``, the board drawn);
* the cold start of a bare Pyodide page with the same runtime (the site's own copy) in a Web
  Worker and no cardrules: navigation -> ``1 + 1`` evaluated;
* their ratio (target: at most 0.6), of the medians and of the best runs;
* the same Try it page without the memory snapshot (``scripts/widget_snapshot.mjs``; the page's
  settings name none, so the worker starts Python and imports cardrules itself) and its ratio
  to bare Pyodide; and the bytes each page downloads on a first visit;
* for the record, the widget alone on a minimal page (the Try it page's widget, settings and
  script without the theme around them): what the themed page costs on top. While Python starts,
  the Try it page holds back its theme script (search and its index) and the pictures of the
  static diagram below the widget (``docs/hooks/widget.py``): on a 2-core machine these took
  enough processor time to push the ratio to about 1.2;
* the step latency (a click on "Next" or "Back" until the board is laid out again), p50 and p95
  over every step of a 6-player deal, forward and back, several times (target: p95 at most 16 ms).

Each cold start is a fresh browser context (empty cache); widget and bare runs alternate so that a
busy machine slows both alike, and the medians are compared.

    python benchmarks/widget_startup.py [--site site] [--runs 5]

Without ``--site`` (a site built with ``bash scripts/build_site.sh``), the working tree's site
is built into a temporary folder first. Chromium comes from the system
(``/usr/bin/chromium``); nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Headless Chromium otherwise preloads its own omnibox popup (a WebUI page in a second
    # renderer) in some browser contexts: up to a second of CPU that has nothing to do with the
    # page, landing at random in the middle of a cold start.
    "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup",
]

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body><p id="status">loading</p>
<script>
const worker = new Worker("bare-worker.js", {type: "module"});
worker.onmessage = (event) => {
  window.__crBareReady = performance.now();
  document.getElementById("status").textContent = event.data;
  document.documentElement.setAttribute("data-bare", "ready");
};
worker.postMessage({runtime: new URL("/assets/pyodide/", location.href).href});
</script></body></html>
"""

BARE_WORKER = """
self.onmessage = async (event) => {
  const runtime = event.data.runtime;
  const {loadPyodide} = await import(runtime + "pyodide.mjs");
  const pyodide = await loadPyodide({indexURL: runtime, fullStdLib: false});
  self.postMessage(String(pyodide.runPython("1 + 1")));
};
"""

VIRTUAL = {
    "/__bench__/bare.html": (BARE_PAGE, "text/html; charset=utf-8"),
    "/__bench__/bare-worker.js": (BARE_WORKER, "text/javascript; charset=utf-8"),
}
WIDGET_ONLY = "/try/widget-only.html"
"""The Try it page's widget alone (same folder as the page, so its relative URLs still work)."""
NO_SNAPSHOT = "/try/no-snapshot.html"
"""The Try it page with no memory snapshot in its settings (same folder as the page)."""


def no_snapshot_page(site: Path) -> str:
    """The built Try it page without the snapshot: its settings and its early start name none
    (and, their text changed, the page's Content-Security-Policy, which lists their hashes, is
    left out)."""
    html = (site / "try" / "index.html").read_text(encoding="utf-8")
    html, named = re.subn(r',\s*"snapshot":\s*"[^"]*"', "", html)
    if not named:
        raise SystemExit("the built Try it page names no memory snapshot")
    return re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)


def widget_only_page(site: Path) -> str:
    """The widget of the built Try it page on a minimal page: its early start, its settings,
    its figure's record, the widget's module scripts and widget.css; no theme."""
    html = (site / "try" / "index.html").read_text(encoding="utf-8")
    early = re.search(r'<script id="cr-widget-early">.*?</script>', html, re.S)
    modules = re.search(r'<script type="module" src="[^"]*main\.js"></script>'
                        r'(?:<link rel="modulepreload" href="[^"]*">)*', html)
    config = re.search(r'<script type="application/json" id="cr-widget-config">.*?</script>',
                       html, re.S)
    record = re.search(r'<figure class="cr-deal"[^>]*data-record="([^"]+)"', html)
    if not (early and modules and config and record):
        raise SystemExit("the built Try it page has no widget")
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'{early.group(0)}<link rel="stylesheet" href="../assets/widget/widget.css">'
        f'{modules.group(0)}</head>'
        '<body class="md-typeset"><div id="cr-try"></div>'
        f'<figure class="cr-deal" data-record="{record.group(1)}"><figcaption>deal</figcaption>'
        f"</figure>{config.group(0)}</body></html>"
    )

STEP_SCRIPT = """async () => {
  const widget = window.crWidgets[0];
  const times = [];
  const layout = () => widget.board.getBoundingClientRect().height;
  for (let pass = 0; pass < 4; pass++) {
    widget.go(0);
    layout();
    for (const [button, other] of [[widget.nextButton, null], [widget.backButton, null]]) {
      while (!button.disabled) {
        const start = performance.now();
        button.click();
        layout();
        times.push(performance.now() - start);
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }
  return times;
}"""


class Handler(http.server.SimpleHTTPRequestHandler):
    """The built site, plus the bare Pyodide page; quiet."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm",
            ".mjs": "text/javascript",
            ".js": "text/javascript",
        }
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        page = VIRTUAL.get(self.path.split("?")[0])
        if page is None:
            super().do_GET()
            return
        body, kind = page
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    VIRTUAL[WIDGET_ONLY] = (widget_only_page(site), "text/html; charset=utf-8")
    VIRTUAL[NO_SNAPSHOT] = (no_snapshot_page(site), "text/html; charset=utf-8")
    handler = functools.partial(Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


DOWNLOADED: dict[str, int] = {}
"""Bytes each page's last cold start received (bodies, by Content-Length), by URL."""


def cold_start(browser: Browser, url: str, ready: str, value: str) -> tuple[float, Any]:
    """Milliseconds from navigation to ``ready`` (a selector), read from ``value`` (a global)."""
    context = browser.new_context()
    page = context.new_page()
    outside: list[str] = []
    received: list[int] = []
    page.on("request", lambda r: outside.append(r.url) if "://127.0.0.1" not in r.url else None)
    page.on("response", lambda r: received.append(int(r.headers.get("content-length") or 0)))
    page.goto(url)
    page.wait_for_selector(ready, state="attached", timeout=120_000)
    elapsed = float(page.evaluate(value))
    info = page.evaluate("window.crRuntime ? window.crRuntime.info : null")
    context.close()
    DOWNLOADED[url] = sum(received)
    if outside:
        raise SystemExit(f"a request left 127.0.0.1: {outside[0]}")
    return elapsed, info


def step_latencies(browser: Browser, base: str) -> list[float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "try/")
    page.wait_for_selector(".cr-widget[data-state=ready]", timeout=120_000)
    page.select_option(".cr-source__sample", "examples/brisca-6p.json")
    page.click(".cr-source__show")
    page.wait_for_function(
        # A function, not an expression: the page's Content-Security-Policy forbids eval.
        "() => window.crWidgets[0].data && window.crWidgets[0].data.players === 6",
        timeout=60_000
    )
    times: list[float] = page.evaluate(STEP_SCRIPT)
    context.close()
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def built_site(requested: str | None) -> tuple[Path, tempfile.TemporaryDirectory[str] | None]:
    """The site to measure: ``--site``, else a fresh build of the working tree."""
    if requested is not None:
        site = Path(requested)
        if not (site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file():
            raise SystemExit(f"{site} is not a built site with the widget: "
                             "run scripts/build_site.sh")
        return site, None
    temporary = tempfile.TemporaryDirectory(prefix="cardrules-site-")
    print("building the site (scripts/build_site.sh)...", file=sys.stderr)
    subprocess.run(["bash", str(ROOT / "scripts" / "build_site.sh"), temporary.name], check=True,
                   cwd=ROOT, stdout=subprocess.DEVNULL)
    return Path(temporary.name), temporary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=7, help="cold starts of each page (default 7)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    options = parser.parse_args(argv)
    site, temporary = built_site(options.site)
    server, base = serve(site)
    widget_ms: list[float] = []
    bare_ms: list[float] = []
    alone_ms: list[float] = []
    plain_ms: list[float] = []
    breakdown: list[dict[str, Any]] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            # One warm-up of each (the OS file cache, Chromium's first start), not counted.
            cold_start(browser, base + "__bench__/bare.html", "html[data-bare=ready]",
                       "window.__crBareReady")
            cold_start(browser, base + "try/", ".cr-widget[data-state=ready]",
                       "window.__crWidgetReady")
            for _ in range(options.runs):
                ms, _info = cold_start(browser, base + "__bench__/bare.html",
                                       "html[data-bare=ready]", "window.__crBareReady")
                bare_ms.append(ms)
                ms, info = cold_start(browser, base + "try/", ".cr-widget[data-state=ready]",
                                      "window.__crWidgetReady")
                widget_ms.append(ms)
                if info:
                    breakdown.append(info["times"])
                ms, _info = cold_start(browser, base + WIDGET_ONLY.lstrip("/"),
                                       ".cr-widget[data-state=ready]", "window.__crWidgetReady")
                alone_ms.append(ms)
                ms, info = cold_start(browser, base + NO_SNAPSHOT.lstrip("/"),
                                      ".cr-widget[data-state=ready]", "window.__crWidgetReady")
                if info and info["times"].get("snapshot") is not None:
                    raise SystemExit("the page without a snapshot still loaded one")
                plain_ms.append(ms)
            steps = step_latencies(browser, base)
            browser.close()
    finally:
        server.shutdown()
        if temporary is not None:
            temporary.cleanup()

    widget = statistics.median(widget_ms)
    bare = statistics.median(bare_ms)
    alone = statistics.median(alone_ms)
    plain = statistics.median(plain_ms)
    if breakdown and not all(t.get("snapshot") for t in breakdown):
        raise SystemExit("the Try it page did not start from its memory snapshot")
    ratio = widget / bare
    best_ratio = min(widget_ms) / min(bare_ms)
    p50, p95 = percentile(steps, 50), percentile(steps, 95)

    def runs(values: list[float]) -> str:
        return ", ".join(f"{v / 1000:.2f}" for v in values)

    print(f"site: {site}  ({options.runs} cold starts of each page, fresh browser contexts)")
    print(f"widget page cold start (Try it: navigation -> widget ready): median {widget / 1000:.2f}"
          f" s  [{runs(widget_ms)}]")
    print(f"bare Pyodide page cold start (navigation -> Python ready): median {bare / 1000:.2f} s"
          f"  [{runs(bare_ms)}]")
    verdict = "ok" if ratio <= 0.6 else "ABOVE TARGET"
    print(f"ratio widget / bare: {ratio:.3f} of the medians (target <= 0.6: {verdict}); "
          f"{best_ratio:.3f} of the best runs")
    print(f"without the memory snapshot: median {plain / 1000:.2f} s [{runs(plain_ms)}], "
          f"ratio to bare {plain / bare:.3f}")

    def mb(url: str) -> str:
        return f"{DOWNLOADED.get(base + url.lstrip('/'), 0) / 1e6:.1f} MB"

    print(f"a first visit downloads: Try it {mb('try/')}, without the snapshot "
          f"{mb(NO_SNAPSHOT)}, bare Pyodide {mb('__bench__/bare.html')}")
    print(f"  for the record, the widget alone on a minimal page: median {alone / 1000:.2f} s "
          f"[{runs(alone_ms)}], ratio to bare {alone / bare:.3f}")
    if breakdown:
        def stage(a: str, b: str) -> float:
            return float(statistics.median(t[b] - t[a] for t in breakdown))
        print("  in the worker (medians): Pyodide "
              f"{stage('start', 'pyodide'):.0f} ms, wheel unpacked {stage('pyodide', 'unpack'):.0f}"
              f" ms, cardrules.web imported {stage('unpack', 'imported'):.0f} ms")
    verdict = "ok" if p95 <= 16 else "ABOVE TARGET"
    print(f"step latency (click -> board laid out, {len(steps)} steps of a 6-player deal): "
          f"p50 {p50:.2f} ms, p95 {p95:.2f} ms  (target p95 <= 16 ms: {verdict})")
    if options.json:
        print(json.dumps({"widget_ms": widget_ms, "bare_ms": bare_ms, "alone_ms": alone_ms,
                          "no_snapshot_ms": plain_ms, "downloaded": DOWNLOADED,
                          "ratio": ratio, "best_ratio": best_ratio, "step_p50_ms": p50,
                          "step_p95_ms": p95}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
