"""MkDocs hook: the in-browser widget (Python in the reader's browser, on the site's own Pyodide).

* The widget's files, ``docs/assets/widget/`` (its ES modules, its stylesheet and its worker),
  are added to each build as ``assets/widget/...`` (``mkdocs.yml`` lists the stylesheet).
* Every page with a deal diagram (``<figure class="cr-deal" data-record=...>``, from
  ``docs/hooks/deals.py``), the "Try it" placeholder (``<div id="cr-try">``) or the practice
  page's (``<div id="cr-practice">``) gets the widget: ``<script type="module">`` for its main
  module (with ``modulepreload`` links for the modules it imports, so that they load at once
  rather than one after the other), and its
  settings as ``<script type="application/json" id="cr-widget-config">``: the page's language,
  the widget's words in that language (:func:`cardrules.web.chrome.chrome`: the catalogue of
  words, so the JavaScript writes no sentence), URLs relative to the page (so the site works
  under any sub-path), the games with their player counts and their players' names, the play
  labels with their gloss and definition in the page's language
  (:func:`cardrules.web.catalog.catalog_data`), and on the "Try it" page the sample deals. Other
  pages load nothing of the widget.
* After the build, the runtime is copied from ``node_modules/pyodide`` (``npm ci``) into
  ``assets/pyodide/`` at the top of the site, with the cardrules wheel, its bytecode and the
  memory snapshot the widget starts from, from ``dist/`` (``dist/widget.json`` names them), and
  the deal records into ``assets/records/``. The Spanish build (in ``site/es``) shares that one
  copy: its pages point one level further up.
* Each build also gets, in ``assets/steps/``, the answer a diagram's board starts from: for each
  record a diagram of the build shows, the very JSON text the widget's worker would get from
  :func:`cardrules.web.deal_steps` (the record, the build's language, the open account), made by
  that function at build time (:func:`built_steps`). A board that only steps through its
  diagram's deal draws it from that file and starts no Python; Python starts when the reader
  asks for what needs it (another view, a term, play mode, the analysis, a shared link). The
  "Try it" page, whose Python starts at once, does not use it.

This hook builds nothing: ``scripts/build_widget.py`` builds the wheel, bytecode and snapshot (and
``scripts/build_site.sh`` runs it before MkDocs); without them the build fails with one line
that says so. Nothing is fetched at build time, and the pages fetch nothing from another origin.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
from pathlib import Path
from typing import Any

from _shared import build_language, project_root
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from cardrules.games import rules_for
from cardrules.web import deal_steps
from cardrules.web.catalog import catalog_data
from cardrules.web.chrome import chrome
from cardrules.words import SOURCE, Lang, words

log = logging.getLogger("mkdocs.hooks.widget")

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the widget needs from the npm ``pyodide`` package (no package wheels: none is used)."""
MODULES = ("main.js", "dom.js", "text.js", "runtime.js", "stepper.js", "deal-view.js",
           "autoplay.js", "more.js", "address.js", "table.js", "hands.js", "score.js", "auction.js",
           "picker.js", "lookup.js", "play.js", "play-setup.js", "play-table.js",
           "play-choices.js", "practice.js", "analysis.js")
"""The widget's ES modules: ``main.js`` imports the others."""
WIDGET_FILES = (*MODULES, "widget.css", "play.css", "practice.css", "worker.js")
"""Everything of the widget's copied into the site (``play.js`` loads ``play.css``,
``practice.js`` ``practice.css``)."""
BUILT = "dist/widget.json"
"""What ``scripts/build_widget.py`` built (relative to the project root)."""
RUNTIME_DIR = "assets/pyodide"
"""Where the runtime and the wheel go, relative to the top of the site."""
RECORDS_DIR = "assets/records"
"""Where deal records go (``examples/brisca-2p.json`` -> ``assets/records/examples/...``)."""
STEPS_DIR = "assets/steps"
"""Where each build's answers for its diagrams go, relative to that build's folder
(``examples/brisca-2p.json`` -> ``assets/steps/examples/brisca-2p.json``)."""

_ASSETS = Path(__file__).resolve().parent.parent / "assets" / "widget"
_RECORD_ATTR = re.compile(r'<figure class="cr-deal"[^>]*\sdata-record="([^"]+)"')
_NEEDS_WIDGET = re.compile(
    r'<figure class="cr-deal"[^>]*\sdata-record=|\sid="cr-try"|\sid="cr-practice"')

_state: dict[str, Any] = {"records": set(), "catalog": {}, "prepared": None}


def root_dir(lang: Lang) -> str:
    """Where a language's build lives under the top of the site: the English one at the top,
    each other one in a folder named after its language (``es/``; as in docs/hooks/i18n.py)."""
    return "" if lang == SOURCE else f"{lang}/"


def _top_dir(config: MkDocsConfig) -> Path:
    """The top of the site (the English build's folder) seen from this build's ``site_dir``."""
    site = Path(config.site_dir).resolve()
    for _ in range(root_dir(build_language(config)).count("/")):
        site = site.parent
    return site


def _runtime_dir(root: Path) -> Path:
    runtime = root / "node_modules" / "pyodide"
    missing = [name for name in RUNTIME_FILES if not (runtime / name).is_file()]
    if missing:
        raise PluginError(
            f"widget: the Pyodide runtime is missing from {runtime} ({', '.join(missing)}); "
            "run `npm ci` in the project root (scripts/setup.sh does)"
        )
    return runtime


def _built(root: Path) -> dict[str, Any]:
    """What ``scripts/build_widget.py`` built, once per build: ``{"wheel": Path, "digest",
    "bytecode": Path | None, "snapshot": Path | None}``.

    Raises:
        PluginError: it has not been built (one line that says what to run).
    """
    prepared: dict[str, Any] | None = _state["prepared"]
    if prepared is not None:
        return prepared
    _runtime_dir(root)
    manifest = root / BUILT
    missing = "run `python scripts/build_widget.py` first (scripts/build_site.sh does)"
    try:
        built = json.loads(manifest.read_text(encoding="utf-8"))
        wheel = manifest.parent / str(built["wheel"])
        bytecode = manifest.parent / str(built["bytecode"]) if built.get("bytecode") else None
        snapshot = manifest.parent / str(built["snapshot"]) if built.get("snapshot") else None
        digest = str(built["digest"])
    except (OSError, ValueError, KeyError, TypeError):
        raise PluginError(f"widget: {BUILT} (the widget's wheel) is missing: {missing}") from None
    for path in (wheel, bytecode, snapshot):
        if path is not None and not path.is_file():
            raise PluginError(f"widget: {path.relative_to(root)} is missing: {missing}")
    prepared = {"wheel": wheel, "digest": digest, "bytecode": bytecode, "snapshot": snapshot}
    _state["prepared"] = prepared
    return prepared


def _copy(source: Path, target: Path) -> None:
    """Copy unless the target already has the same size and modification time."""
    if target.is_file():
        a, b = source.stat(), target.stat()
        if a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime):
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def _record_path(root: Path, record: str) -> Path | None:
    """The record file for a ``data-record`` value, if it lies inside the project."""
    path = (root / record).resolve()
    if not path.is_file() or root not in path.parents:
        return None
    return path


def _catalog(lang: Lang) -> dict[str, Any]:
    """The games (with their players' names by count), the play labels and the terms in
    ``lang``, and the widget's words: once per build."""
    cached: dict[str, dict[str, Any]] = _state["catalog"]
    if lang not in cached:
        catalog = catalog_data(lang)
        catalog["games"] = [{**game, "names": _names(game["id"], game["players"])}
                            for game in catalog["games"]]
        catalog["words"] = chrome(lang)
        cached[lang] = catalog
    return cached[lang]


def _names(game: str, counts: list[int]) -> dict[str, list[str]]:
    """The players' names of a new deal of ``game``, for each player count (by its digits):
    the play mode's seat menu names them before Python has started."""
    return {str(n): list(rules_for(game, n).engine_setup.names) for n in counts}


def _examples(root: Path, lang: Lang) -> list[dict[str, str]]:
    titles = {g["id"]: g["title"] for g in _catalog(lang)["games"]}
    w = words(lang)
    found = []
    for path in sorted(root.joinpath("examples").glob("*.json")):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            game = str(record["game"])
            count = record["players"]
            n = len(count) if isinstance(count, list) else int(count)
        except (OSError, ValueError, KeyError, TypeError):
            continue
        players = w.n_("{n} player", "{n} players", n)
        title = f"{titles.get(game, game)} · {players} · {path.name}"
        found.append({"path": f"examples/{path.name}", "title": title})
    return found


def page_config(config: MkDocsConfig, page_url: str, try_page: bool) -> dict[str, Any]:
    """The settings of one page's widget (URLs relative to the page)."""
    lang = build_language(config)
    root = project_root(config)
    site = "../" * page_url.count("/")
    top = site + "../" * root_dir(lang).count("/")
    catalog = _catalog(lang)
    prepared = _built(root)
    wheel, digest = prepared["wheel"], prepared["digest"]
    settings: dict[str, Any] = {
        "lang": lang,
        "runtime": f"{top}{RUNTIME_DIR}/",
        "wheel": f"{top}{RUNTIME_DIR}/{wheel.name}?v={digest}",
        "records": f"{top}{RECORDS_DIR}/",
        "steps": f"{site}{STEPS_DIR}/",
        "worker": f"{site}assets/widget/worker.js",
        "widget": f"{site}assets/widget/",
        # Every script and style of the widget, read from its folder: what the offline cache
        # keeps once a page with the widget is visited (docs/assets/table.js).
        "modules": sorted(p.name for p in _ASSETS.iterdir() if p.suffix in (".js", ".css")),
        "cards": f"{site}assets/cards/",
        "glossary": f"{site}glossary/",
        "games": catalog["games"],
        "labels": catalog["labels"],
        "terms": catalog["terms"],
        "words": catalog["words"],
    }
    if prepared["bytecode"] is not None:
        settings["bytecode"] = f"{top}{RUNTIME_DIR}/{prepared['bytecode'].name}?v={digest}"
    if prepared["snapshot"] is not None:
        settings["snapshot"] = f"{top}{RUNTIME_DIR}/{prepared['snapshot'].name}?v={digest}"
    if try_page:
        settings["examples"] = _examples(root, lang)
    return settings


_EARLY_START = (
    "(function(s){try{var u=function(x){return new URL(x,document.baseURI).href};"
    "var e={start:performance.now(),messages:[],error:null};"
    "var w=new Worker(u(s.worker),{type:'module'});e.worker=w;"
    "w.onmessage=function(m){e.messages.push(m.data)};"
    "w.onerror=function(v){v.preventDefault();e.error=v.message||'worker error'};"
    "w.postMessage({id:0,cmd:'init',args:[{runtime:u(s.runtime),wheel:u(s.wheel),"
    "bytecode:s.bytecode?u(s.bytecode):null,snapshot:s.snapshot?u(s.snapshot):null}]});"
    "window.__crEarly=e}catch(x){}})"
)
"""The "Try it" page starts Python from its <head>, before the page's own scripts and styles have
loaded: the widget is at the top of that page, in view at once. The widget's runtime module
(runtime.js) adopts the worker."""


def early_start(settings: dict[str, Any]) -> str:
    """The inline <script> that starts the worker early and holds back the rest of the page
    (the "Try it" page only)."""
    keys = ("worker", "runtime", "wheel", "bytecode", "snapshot")
    data = {k: settings[k] for k in keys if k in settings}
    return (f'<script id="cr-widget-early">{_HOLD}({HOLD_MS});'
            f"{_EARLY_START}({_script_json(data)});</script>")


_HOLD = (
    "(function(ms){var root=document.documentElement,held=true,theme=null,hold,"
    "events=['pointerdown','keydown','focusin','wheel','touchstart','scroll'];"
    "function load(src){var s=document.createElement('script');s.src=src;"
    "s.onload=function(){if(document.readyState!=='loading')"
    "document.dispatchEvent(new Event('DOMContentLoaded'));hold.themed=true};"
    "document.body.appendChild(s)}"
    "function release(){if(!held)return;held=false;root.classList.remove('cr-holding');"
    "events.forEach(function(e){removeEventListener(e,release,true)});if(theme)load(theme)}"
    "root.classList.add('cr-holding');"
    "events.forEach(function(e){addEventListener(e,release,{capture:true,passive:true})});"
    "setTimeout(release,ms);hold=window.__crHold={release:release,themed:false,"
    "theme:function(src){if(held)theme=src;else load(src)}}})"
)
"""While Python starts, the "Try it" page holds back what the reader cannot use or see yet:
the theme's script (search and its index, the colour switch) and the pictures of the static
diagram, which lies below the fold and which the live board soon replaces. On a small machine
Python's start-up then has the processor to itself. Everything comes back as soon as Python is
ready or has failed (the widget's runtime.js calls ``__crHold.release()``), at the reader's first
touch, scroll or key, or after ``HOLD_MS`` at most; ``__crHold.themed`` says when the theme has
started.
Without JavaScript nothing is held. The theme only listens for the first DOMContentLoaded, so
once its late script has run that event is sent again (the widget's main.js listens once)."""
HOLD_MS = 10_000
"""The longest the "Try it" page holds anything back for Python."""
_THEME_SCRIPT = re.compile(
    r'<script src="(?P<src>[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')


def hold_theme_script(output: str) -> str:
    """The page with the theme's <script> handed to ``__crHold`` (loaded when released; the
    early <script> that defines it comes first in the same page)."""
    def held(match: re.Match[str]) -> str:
        src = _script_json(match.group("src"))
        return f"<script>__crHold.theme({src});</script>"

    return _THEME_SCRIPT.sub(held, output, count=1)


def script_tags(settings: dict[str, Any]) -> str:
    """The widget's module scripts for a page's <head>: its main module, and a preload of each
    module it imports (without them the browser finds the imports only once main.js has
    arrived)."""
    folder = settings["widget"]
    tags = [f'<script type="module" src="{folder}main.js"></script>']
    tags.extend(f'<link rel="modulepreload" href="{folder}{name}">' for name in MODULES[1:])
    return "".join(tags)


def _script_json(data: Any) -> str:
    """JSON that is safe inside a <script> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# Hooks ---------------------------------------------------------------------------------------


def on_pre_build(config: MkDocsConfig) -> None:
    _state["records"] = set()
    _state["prepared"] = None


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for name in WIDGET_FILES:
        files.append(File.generated(config, f"assets/widget/{name}",
                                    abs_src_path=str(_ASSETS / name)))
    return files


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    if not _NEEDS_WIDGET.search(output):
        return output
    _state["records"].update(_RECORD_ATTR.findall(output))
    try_page = 'id="cr-try"' in output
    settings = page_config(config, page.url, try_page=try_page)
    tag = f'<script type="application/json" id="cr-widget-config">{_script_json(settings)}</script>'
    if try_page:
        # After the <meta charset> (the browser looks for it in the first 1,024 bytes) and so
        # after the Content-Security-Policy (docs/hooks/csp.py), which lists its hash.
        charset = re.search(r"<meta\s+charset=[^>]*>", output, re.IGNORECASE)
        if charset is not None:
            output = output[:charset.end()] + early_start(settings) + output[charset.end():]
        else:
            output = re.sub(r"<head>", lambda m: m.group(0) + early_start(settings), output,
                            count=1)
        output = hold_theme_script(output)
    output = output.replace("</head>", script_tags(settings) + "</head>", 1)
    head, sep, tail = output.rpartition("</body>")
    if not sep:
        return output + tag
    return f"{head}{tag}\n{sep}{tail}"


def built_steps(record_text: str, lang: Lang) -> str:
    """The answer a diagram's board starts from: what the widget's worker gets for the record
    (``deal_steps(record_text, lang, "all")``, the call stepper.js makes), word for word."""
    return deal_steps(record_text, lang, "all")


def on_post_build(config: MkDocsConfig) -> None:
    root = project_root(config)
    top = _top_dir(config)
    lang = build_language(config)
    steps = Path(config.site_dir) / STEPS_DIR
    runtime = _runtime_dir(root)
    for name in RUNTIME_FILES:
        _copy(runtime / name, top / RUNTIME_DIR / name)
    prepared = _built(root)
    for built in (prepared["wheel"], prepared["bytecode"], prepared["snapshot"]):
        if built is not None:
            _copy(built, top / RUNTIME_DIR / built.name)
    records = set(_state["records"]) | {
        f"examples/{p.name}" for p in root.joinpath("examples").glob("*.json")
    }
    for record in sorted(records):
        source = _record_path(root, record)
        if source is None:
            raise PluginError(f"widget: the deal record {record!r} is not a file in the project")
        _copy(source, top / RECORDS_DIR / record)
        if record in _state["records"]:
            # The text the page fetches (no newline translated).
            answer = built_steps(source.read_bytes().decode("utf-8"), lang)
            shown = json.loads(answer)
            if not shown["ok"]:
                raise PluginError(f"widget: the deal record {record!r} cannot be shown: "
                                  f"{shown['error']}")
            target = steps / record
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(answer, encoding="utf-8")
