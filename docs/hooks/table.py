"""MkDocs hook: the rulebook at the table (issue 34): offline and installable, a rule card to
print, a score pad.

* **Installable**: each language's build gets a web app manifest (``manifest.webmanifest``: the
  site's name in that language, the palette's colours, the icon of
  :func:`cardrules.render.icon.app_icon`, drawn from the package's card pictures) and every page
  links it.
* **Offline**: after the build, a service worker is written at the top of each language's build
  (``sw.js``, the site's own file: the Content-Security-Policy's ``worker-src 'self'``). Its
  cache is named after the build (:func:`build_version`: a digest of every file it keeps) and
  holds every page of that language and the card pictures; the Python runtime, the memory
  snapshot and the wheel join it when a page with the widget has been visited
  (``docs/assets/table.js`` asks for them). A new build's worker fills a new cache and, once the
  reader reloads, deletes the old one whole: no page of one build is ever served with the
  runtime of another. Nothing comes from another origin.
* **A rule card to print**: each game page gets a "Print the rule card" link, and its sections
  other than the header box, the rules in brief, the ranks and the scoring are marked
  ``cr-print-skip`` so that ``docs/assets/table.css`` leaves them out of print (with the
  navigation, the widgets, the variants and the programmers' section).
* **The score pad** page (``<div id="cr-scorepad">``) gets the widget's settings (the worker,
  the runtime; :func:`widget.page_config`) with the score pad's words
  (:func:`cardrules.web.scorepad.pad_words`) and the games it keeps, and its module,
  ``assets/widget/scorepad.js``.

Every sentence is the catalogue's (:mod:`cardrules.words`); the JavaScript writes none.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from pathlib import Path
from typing import Any

from _shared import asset, build_language, project_root
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from widget import RECORDS_DIR, RUNTIME_DIR, RUNTIME_FILES, page_config, root_dir

from cardrules.games import rules_for
from cardrules.render.icon import BACKGROUND, PRIMARY, app_icon
from cardrules.web.chrome import chrome
from cardrules.web.scorepad import FAMILIES, STATE_VERSION, pad_options, pad_words
from cardrules.words import N_, Lang, words

log = logging.getLogger("mkdocs.hooks.table")

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SCOREPAD_FILES = ("scorepad.js", "scorepad.css")
"""The score pad's files, beside the widget's (``assets/widget/``)."""
SW_NAME = "sw.js"
"""The service worker, at the top of each language's build (its scope is that language)."""
MANIFEST = "manifest.webmanifest"
ICON = "assets/icon.svg"

SITE_WORDS = {
    "printCard": N_("Print the rule card"),
    "ready": N_("This rulebook is ready to read offline in this language."),
    "readyPython": N_("This rulebook and its deals in Python are ready to use offline in this "
                      "language."),
    "update": N_("A new version of this rulebook is ready."),
    "reload": N_("Reload to update"),
}
"""The words of ``docs/assets/table.js`` (the offline status and the print link)."""

KEPT_SECTIONS = frozenset(("brief", "rank", "scoring"))
"""The sections of a game page its rule card prints (with the title and the header box)."""

_HEADING = re.compile(r'<h([23]) id="([^"]+)"')
_OPENERS = re.compile(r"<(div|details|section|table|figure)\b")
_H1_END = re.compile(r"</h1>")


def _site_words(lang: Lang) -> dict[str, str]:
    w = words(lang)
    return {key: w._(message) for key, message in SITE_WORDS.items()}


def _balanced(html: str) -> bool:
    """Whether ``html`` closes every block it opens (a split point at the top level)."""
    for tag in ("div", "details", "section", "table", "figure"):
        if html.count(f"<{tag}") - len(re.findall(rf"<{tag}[\w-]", html)) != html.count(
                f"</{tag}>"):
            return False
    return True


def mark_print_sections(html: str) -> str:
    """A game page's content with every section its rule card leaves out wrapped in
    ``<div class="cr-print-skip">`` (sections start at the top-level ``<h2>`` and ``<h3>``).

    Examples:
        >>> marked = mark_print_sections('<h1>G</h1><h2 id="brief">B</h2><p>b</p>'
        ...                              '<h2 id="play">P</h2><p>c</p>')
        >>> marked.split("<h2")[2]
        ' id="play">P</h2><p>c</p></div>'
        >>> '<div class="cr-print-skip"><h2 id="play">' in marked
        True
    """
    cuts = [m for m in _HEADING.finditer(html) if _balanced(html[:m.start()])]
    if not cuts:
        return html
    parts = [html[:cuts[0].start()]]
    kept_h2 = False
    for i, cut in enumerate(cuts):
        end = cuts[i + 1].start() if i + 1 < len(cuts) else len(html)
        level, ident = cut.group(1), cut.group(2)
        if level == "2":
            kept_h2 = ident in KEPT_SECTIONS
        keep = ident in KEPT_SECTIONS or (level == "3" and kept_h2 and ident != "rank")
        section = html[cut.start():end]
        parts.append(section if keep else f'<div class="cr-print-skip">{section}</div>')
    return "".join(parts)


def _is_game_page(page: Page) -> bool:
    uri = page.file.src_uri
    return uri.startswith("games/") and not uri.endswith("index.md")


def _manifest(config: MkDocsConfig) -> str:
    lang = build_language(config)
    w = words(lang)
    data = {
        "name": w._("cardrules: the Spanish-deck trick-taking games"),
        "short_name": "cardrules",
        "lang": lang,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": PRIMARY,
        "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml",
                   "purpose": "any maskable"}],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def _pad_games(lang: Lang) -> list[dict[str, Any]]:
    """The games the score pad keeps: id, title, player counts, the default names and the
    options that change the score (:func:`cardrules.web.scorepad.pad_options`)."""
    games = []
    for game in FAMILIES:
        rules = rules_for(game)
        counts = list(rules.player_counts)
        games.append({"id": game, "title": rules.title[lang], "players": counts,
                      "names": {str(n): list(rules_for(game, n).engine_setup.names)
                                for n in counts},
                      "options": pad_options(game, lang)})
    return games


def build_version(files: list[tuple[str, bytes]]) -> str:
    """The version of a build: a digest of every file its worker keeps, by name and content
    (the same files make the same version; any change makes another).

    Examples:
        >>> build_version([("a.html", b"x")]) == build_version([("a.html", b"x")])
        True
        >>> build_version([("a.html", b"x")]) == build_version([("a.html", b"y")])
        False
    """
    digest = hashlib.sha256()
    for name, content in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(content).digest())
    return digest.hexdigest()[:16]


_SKIPPED = re.compile(r"(^|/)(sitemap\.xml(\.gz)?|sw\.js|[^/]+\.map)$")
_LUNR = "assets/javascripts/lunr/"


def _needed_by_search(rel: str, lang: Lang) -> bool:
    """Whether the theme's search in ``lang`` loads this file of its language support (not the
    other languages' stemmers nor the Thai and Japanese word splitters)."""
    name = rel.rsplit("/", 1)[-1]
    return any(part in name for part in ("stemmer.support", "multi", f"lunr.{lang}."))


def kept_files(site: Path, lang: Lang) -> list[str]:
    """Every file of one language's build that its worker keeps from the start, relative to
    that build's folder: its pages (a folder's ``index.html`` as the folder), the theme's
    files, the card pictures, the search index, the deal records (not the other language's
    folder, nor the shared runtime: that joins after a visit to a page with the widget)."""
    kept = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if lang == "en" and rel.startswith(("es/", RUNTIME_DIR + "/")):
            continue
        if _SKIPPED.search(rel) or (rel.startswith(_LUNR) and not _needed_by_search(rel, lang)):
            continue
        if rel == "index.html":
            rel = "./"
        elif rel.endswith("/index.html"):
            rel = rel.removesuffix("index.html")
        kept.append(rel)
    if lang != "en":  # the deal records the widget steps through, shared by the languages
        top = site.parent
        up = "../" * root_dir(lang).count("/")
        kept.extend(f"{up}{p.relative_to(top).as_posix()}"
                    for p in sorted((top / RECORDS_DIR).rglob("*.json")))
    return kept


def service_worker(template: str, version: str, lang: Lang, kept: list[str],
                   runtime: list[str]) -> str:
    """The text of one language's service worker: the template with its build's version, its
    files and the runtime's (relative to the worker)."""
    settings = {"version": version, "lang": lang, "kept": kept, "runtime": runtime}
    return template.replace("/*SETTINGS*/{}", json.dumps(settings, separators=(",", ":")), 1)


# Hooks ---------------------------------------------------------------------------------------


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for name in SCOREPAD_FILES:
        files.append(File.generated(config, f"assets/widget/{name}",
                                    abs_src_path=str(ASSETS / "widget" / name)))
    files.append(asset(config, "table.js"))
    files.append(asset(config, "table.css"))
    files.append(File.generated(config, ICON, content=app_icon()))
    files.append(File.generated(config, MANIFEST, content=_manifest(config)))
    return files


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    lang = build_language(config)
    if _is_game_page(page):
        link = (f'<p class="cr-print-card"><a href="#print" data-cr-print>'
                f'{words(lang)._(SITE_WORDS["printCard"])}</a></p>')
        html = _H1_END.sub(lambda m: m.group(0) + link, html, count=1)
        html = mark_print_sections(html)
    return html + '<p class="cr-offline" id="cr-offline" hidden></p>'


def _script_json(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    lang = build_language(config)
    site = "../" * page.url.count("/")
    settings: dict[str, Any] = {"sw": f"{site}{SW_NAME}", "scope": site or "./",
                                "words": _site_words(lang)}
    head = (f'<link rel="manifest" href="{site}{MANIFEST}">'
            f'<meta name="theme-color" content="{PRIMARY}">'
            f'<link rel="stylesheet" href="{site}assets/table.css">'
            f'<script src="{site}assets/table.js" defer></script>')
    body = f'<script type="application/json" id="cr-table-config">{_script_json(settings)}</script>'
    if 'id="cr-scorepad"' in output:
        pad = page_config(config, page.url, try_page=False)
        pad["words"] = {**chrome(lang), **pad_words(lang)}
        pad["pad"] = {"games": _pad_games(lang), "version": STATE_VERSION}
        body += (f'<script type="application/json" id="cr-widget-config">'
                 f"{_script_json(pad)}</script>")
        head += (f'<link rel="stylesheet" href="{site}assets/widget/scorepad.css">'
                 f'<script type="module" src="{site}assets/widget/scorepad.js"></script>')
    output = output.replace("</head>", head + "</head>", 1)
    return output.replace("</body>", body + "</body>", 1)


def write_service_worker(site: Path, lang: Lang, root: Path) -> tuple[str, int]:
    """Write one language's ``sw.js`` into its build folder ``site``; its version and the
    bytes it keeps from the start."""
    kept = kept_files(site, lang)
    contents = [(name, (site / (name if not name.endswith("/") else name + "index.html")
                        .removeprefix("./")).resolve().read_bytes()) for name in kept]
    top = "../" * root_dir(lang).count("/")
    runtime = [f"{top}{RUNTIME_DIR}/{name}" for name in RUNTIME_FILES]
    built = json.loads((root / "dist" / "widget.json").read_text(encoding="utf-8"))
    version = build_version([*contents, ("runtime", str(built.get("digest")).encode())])
    template = (ASSETS / "sw.js").read_text(encoding="utf-8")
    text = service_worker(template, version, lang, kept, runtime)
    (site / SW_NAME).write_text(text, encoding="utf-8")
    return version, sum(len(content) for _, content in contents)


def on_post_build(config: MkDocsConfig) -> None:
    version, size = write_service_worker(Path(config.site_dir), build_language(config),
                                         project_root(config))
    log.info("table: %s keeps %.1f MB from the start (build %s)", SW_NAME, size / 1e6, version)
