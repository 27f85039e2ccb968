"""The rulebook site, built once for the whole session (both languages, ``--strict``) and read
like a browser would: nothing loaded from another origin, every local file present, the language
switcher on the same page, deal diagrams with the right scores, tooltips in the page's language.

The build runs ``scripts/build_site.sh`` into a temporary folder; if it fails, every test here
fails with its output.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from hook_support import load_hook
from site_build import built_site

import cardrules
from cardrules import web
from cardrules.learn import glossary

ROOT = Path(__file__).resolve().parent.parent
BASE = "http://example.org/some/sub-path/"
"""Where the site pretends to be served: relative links must work under any sub-path."""


@dataclass
class Page:
    path: Path
    url: str
    """The page's URL under :data:`BASE`."""
    html: str
    elements: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    abbrs: list[tuple[str, str]] = field(default_factory=list)
    """``(text, title)`` of every ``<abbr>``."""


class _Reader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.abbr: dict[str, str] | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.page.elements.append((tag, values))
        if tag == "abbr":
            self.abbr, self.text = values, []

    def handle_data(self, data: str) -> None:
        if self.abbr is not None:
            self.text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "abbr" and self.abbr is not None:
            self.page.abbrs.append(("".join(self.text), self.abbr.get("title", "")))
            self.abbr = None


@dataclass
class Site:
    root: Path
    pages: dict[str, Page]
    """Pages by path relative to the site root (``es/games/brisca/index.html``)."""

    def page(self, relative: str) -> Page:
        return self.pages[relative]

    def exists(self, url: str) -> bool:
        """Whether a URL under :data:`BASE` names a file of the built site."""
        path = urlsplit(url).path
        prefix = urlsplit(BASE).path
        if not path.startswith(prefix):
            return False
        local = self.file(url)
        return (local / "index.html").is_file() if path.endswith("/") else local.is_file()

    def file(self, url: str) -> Path:
        """The built site's path for a URL under :data:`BASE`."""
        return self.root / urlsplit(url).path[len(urlsplit(BASE).path):]


def _read(root: Path) -> dict[str, Page]:
    pages = {}
    for path in sorted(root.rglob("*.html")):
        relative = path.relative_to(root).as_posix()
        url = BASE + (relative[: -len("index.html")] if relative.endswith("index.html")
                      else relative)
        page = Page(path, url, path.read_text(encoding="utf-8"))
        _Reader(page).feed(page.html)
        pages[relative] = page
    return pages


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    out = built_site(tmp_path_factory)  # once per run, shared with the browser tests
    return Site(out, _read(out))


def _urls(page: Page) -> Iterator[tuple[str, str, str]]:
    """``(tag, attribute, value)`` of every URL an element of the page loads or links to."""
    for tag, attrs in page.elements:
        for name in ("src", "href", "srcset", "data", "poster", "action"):
            if name in attrs:
                yield tag, name, attrs[name]


def test_both_languages_are_built(site: Site) -> None:
    for name in ("index.html", "pack/index.html", "reference/index.html",
                 "es/index.html", "es/pack/index.html", "es/reference/index.html"):
        assert name in site.pages
    assert 'lang="en"' in site.page("index.html").html.split(">", 2)[1]
    assert '<html lang="es"' in site.page("es/index.html").html


def _reference_pages(site: Site) -> dict[str, Page]:
    """The API reference's built pages, both languages: one for each page of docs/en/reference/
    (the index and a page per group of modules)."""
    pages = {name: page for name, page in site.pages.items()
             if name.startswith(("reference/", "es/reference/"))}
    assert len(pages) == 2 * len(list((ROOT / "docs" / "en" / "reference").glob("*.md"))) > 4
    return pages


def test_the_api_reference_pages_are_light(site: Site) -> None:
    """The API reference is an index and one page per group of modules, in both languages; none
    is too heavy for a phone (as one page it was 2.2 MB of HTML)."""
    sizes = {name: len(page.html.encode()) for name, page in _reference_pages(site).items()}
    heavy = {name: size for name, size in sizes.items() if size > 400_000}
    assert not heavy, f"API reference pages above 400 KB (split them further): {heavy}"


_ROLE = re.compile(r"(?<![\w-]):?(?:class|func|meth|attr|data|const|mod|exc|obj):(?=\S)")
"""A Sphinx role as Markdown leaves it in a page's text: ``:class:`` then the code, or
``class:`` where the docstring parser took the first colon ("Returns: A :class:`X` of...")."""


def test_the_docstrings_sphinx_roles_are_not_shown_as_roles(site: Site) -> None:
    """The docstrings name objects the Sphinx way (:class:`~cardrules.bots.PimcBot`); on the
    reference pages, a role is a link or code (docs/hooks/sphinx_roles.py), never ":class:"
    followed by code. Code blocks (doctest examples) are not looked at."""
    shown = {}
    for name, page in _reference_pages(site).items():
        prose = re.sub(r"<pre\b.*?</pre>", "", page.html, flags=re.DOTALL)
        text = unescape(re.sub(r"<[^>]*>", "", prose))
        if found := _ROLE.findall(text):
            shown[name] = len(found)
    assert not shown, f"Sphinx roles shown as text: {shown}"


@pytest.mark.parametrize("lang", ["", "es/"])
def test_the_docstrings_sphinx_roles_are_links(site: Site, lang: str) -> None:
    """In cardrules.bots's docstring, :class:`PimcBot` links to its heading on the same page,
    :class:`~cardrules.engine.SeatView` to another page, where it is rendered under its module,
    and :mod:`cardrules.bots.tactics`, which no page renders, is code that links nowhere."""
    page = site.page(f"{lang}reference/match-bots/index.html")
    heading = 'id="cardrules.bots" class="doc doc-heading"'
    start = page.html.index(heading) + len(heading)
    bots = page.html[start:page.html.index('class="doc doc-heading"', start)]  # up to a member
    links = dict(re.findall(r'<a class="autorefs autorefs-internal"[^>]* href="([^"]+)">'
                            r"<code>([^<]+)</code></a>", bots))
    assert links["#cardrules.bots.PimcBot"] == "PimcBot"
    assert links["../engine-game/#cardrules.engine.game.SeatView"] == "SeatView"
    assert links["#cardrules.bots.make_bot"] == "make_bot"
    assert "<code>cardrules.bots.tactics</code>" in bots
    assert "cardrules.bots.tactics" not in links.values()
    for href in links:
        url = urljoin(page.url, href)
        target = site.page(urlsplit(url).path.removeprefix(urlsplit(BASE).path) + "index.html")
        assert f'id="{urlsplit(url).fragment}"' in target.html, href


def test_nothing_is_loaded_from_another_origin(site: Site) -> None:
    foreign = []
    for name, page in site.pages.items():
        for tag, attr, value in _urls(page):
            if tag == "a":
                continue  # a plain link is followed only if the reader clicks it
            if value.startswith(("data:", "#")):
                continue
            target = urlsplit(urljoin(page.url, value))
            if target.scheme not in ("http", "https") or target.netloc != "example.org":
                foreign.append(f"{name}: <{tag} {attr}={value!r}>")
    assert not foreign, "\n".join(foreign[:20])
    for css in site.root.rglob("*.css"):
        text = css.read_text(encoding="utf-8")
        remote = re.findall(r"""(?:url\(|@import)\s*["']?((?:https?:)?//[^"')\s]+)""", text)
        assert not remote, f"{css.relative_to(site.root)} loads {remote[:3]}"


def test_local_files_exist(site: Site) -> None:
    missing = set()
    for name, page in site.pages.items():
        if name.endswith("404.html"):
            continue  # its links are relative to wherever the server shows it
        for tag, attr, value in _urls(page):
            if tag == "a" and attr == "href" and not value.startswith(("http", "//", "#")):
                url = urljoin(page.url, value).split("#")[0]
            elif tag in ("img", "script", "link", "source") and attr in ("src", "href"):
                url = urljoin(page.url, value)
            else:
                continue
            if urlsplit(url).netloc == "example.org" and not site.exists(url.split("?")[0]):
                missing.add(f"{name}: <{tag} {attr}={value!r}>")
    assert not missing, "\n".join(sorted(missing)[:30])


def test_the_widget_is_on_its_pages_only_as_modules(site: Site) -> None:
    """Pages with a deal diagram (or the Try it placeholder) load the widget's main module, with
    a preload of each module it imports, and its settings; other pages load nothing of it."""
    modules = sorted(p.name for p in (site.root / "assets" / "widget").glob("*.js")
                     if p.name not in ("worker.js", "scorepad.js"))
    assert "main.js" in modules and "widget.js" not in modules
    with_widget = 0
    for name, page in site.pages.items():
        scripts = [attrs for tag, attrs in page.elements
                   if tag == "script" and "assets/widget/" in attrs.get("src", "")]
        preloads = [attrs["href"].rsplit("/", 1)[1] for tag, attrs in page.elements
                    if tag == "link" and attrs.get("rel") == "modulepreload"]
        needs = ('<figure class="cr-deal"' in page.html and "data-record=" in page.html) or (
            'id="cr-try"' in page.html)
        if 'id="cr-scorepad"' in page.html:  # the score pad's own module (docs/hooks/table.py)
            assert [s["src"].rsplit("/", 1)[1] for s in scripts] == ["scorepad.js"], name
            continue
        if not needs:
            assert scripts == [] and preloads == [], name
            assert 'id="cr-widget-config"' not in page.html, name
            continue
        with_widget += 1
        assert [(s.get("type"), s["src"].rsplit("/", 1)[1]) for s in scripts] == [
            ("module", "main.js")], name
        assert sorted([*preloads, "main.js"]) == modules, name
        config = re.search(r'<script type="application/json" id="cr-widget-config">(.*?)</script>',
                           page.html)
        assert config is not None, name
        settings = json.loads(config.group(1))
        for wanted in (settings["wheel"], settings["worker"], settings["widget"] + "main.js",
                       settings["runtime"] + "pyodide.mjs"):
            assert site.exists(urljoin(page.url, wanted).split("?")[0]), (name, wanted)
        # What the offline cache keeps after a visit: every script and style of the widget.
        assert set(settings["modules"]) >= {*modules, "worker.js", "widget.css"}, name
        for module in settings["modules"]:
            assert site.exists(urljoin(page.url, settings["widget"] + module)), (name, module)
    assert with_widget >= 10
    built = json.loads((ROOT / "dist" / "widget.json").read_text(encoding="utf-8"))
    assert (site.root / "assets" / "pyodide" / built["wheel"]).is_file()


def test_each_diagram_starts_from_what_python_answers(site: Site) -> None:
    """A diagram's board starts from the answer made at build time (docs/hooks/widget.py), with
    no Python in the browser: for every diagram of every page, that file is, word for word, what
    the widget's worker answers for it (``cardrules.web.deal_steps`` of the record the page
    fetches, in the page's language, the open account), so the two cannot drift apart."""
    answers: dict[tuple[str, str], str] = {}
    figures = 0
    for name, page in site.pages.items():
        records = [unescape(r) for r in re.findall(
            r'<figure class="cr-deal"[^>]*\sdata-record="([^"]+)"', page.html)]
        if not records:
            continue
        config = re.search(r'<script type="application/json" id="cr-widget-config">(.*?)</script>',
                           page.html)
        assert config is not None, name
        settings = json.loads(config.group(1))
        for record in records:
            built = urljoin(page.url, settings["steps"] + record)
            fetched = urljoin(page.url, settings["records"] + record)
            assert site.exists(built) and site.exists(fetched), (name, record)
            text = site.file(built).read_bytes().decode("utf-8")
            key = (settings["lang"], record)
            if key not in answers:
                record_text = site.file(fetched).read_bytes().decode("utf-8")
                answers[key] = web.deal_steps(record_text, settings["lang"], "all")
                assert json.loads(answers[key])["ok"], key
            assert text == answers[key], (name, record)
            figures += 1
    assert figures >= 30 and {lang for lang, _ in answers} == {"en", "es"}


def _switcher(page: Page) -> dict[str, str]:
    return {
        attrs["hreflang"]: urljoin(page.url, attrs["href"])
        for tag, attrs in page.elements
        if tag == "a" and "md-select__link" in attrs.get("class", "") and "hreflang" in attrs
    }


@pytest.mark.parametrize("page", ["", "pack/", "reference/", "glossary/", "games/brisca/",
                                  "games/aluette/", "quickstart/"])
def test_the_language_switcher_opens_the_same_page(site: Site, page: str) -> None:
    english = site.page(page + "index.html")
    spanish = site.page("es/" + page + "index.html")
    assert _switcher(english) == {"en": BASE + page, "es": BASE + "es/" + page}
    assert _switcher(spanish) == {"en": BASE + page, "es": BASE + "es/" + page}
    # Material's head links would make its script fetch a sitemap and redirect: they are gone.
    for each in (english, spanish):
        head = each.html.split("</head>")[0]
        assert not re.search(r'<link rel="alternate"[^>]*hreflang', head)


_DIAGRAM = re.compile(
    r'<figure class="cr-deal"[^>]*data-record="([^"]+)"[^>]*>(.*?)</figure>', re.S
)


def test_deal_diagrams_show_the_right_score(site: Site) -> None:
    seen = 0
    for name, page in site.pages.items():
        for source, body in _DIAGRAM.findall(page.html):
            record = json.loads((ROOT / unescape(source)).read_text(encoding="utf-8"))
            result = cardrules.replay(record).result
            assert result is not None
            rows = re.findall(r'<tr class="[^"]*" data-side="(\d+)" data-points="(-?\d+)"', body)
            if 'data-by="seat"' in body:  # seats on their own (Rematada, a void deal): by seat
                rows = re.findall(r'<tr[^>]* data-seat="(\d+)" data-points="(-?\d+)"', body)
                assert [int(points) for _, points in rows] == list(result.points), (name, source)
            else:
                assert [int(points) for _, points in rows] == list(result.side_points), (name,
                                                                                        source)
            winner = re.search(r'class="cr-score" data-winner="(\d*)"', body)
            assert winner is not None
            assert winner.group(1) == ("" if result.winner is None else str(result.winner))
            seen += 1
    assert seen >= 2, "no deal diagram in the site"
    home = site.page("index.html").html
    assert 'src="assets/cards/spanish/' in home and 'href="glossary/#' in home


def test_diagrams_speak_the_page_language(site: Site) -> None:
    english, spanish = site.page("index.html").html, site.page("es/index.html").html
    assert "Trick 1" in english and "Baza 1" not in english
    assert "Baza 1" in spanish and "Trick 1" not in spanish


def test_card_pictures_are_in_the_site(site: Site) -> None:
    for prefix in ("", "es/"):
        folder = site.root / prefix / "assets" / "cards"
        assert len(list((folder / "spanish").glob("*.svg"))) == 49
        assert len(list((folder / "italian").glob("*.svg"))) == 41
        assert len(list((folder / "french").glob("*.svg"))) == 49
    spanish_title = (site.root / "es/assets/cards/spanish/11C.svg").read_text(encoding="utf-8")
    assert "<title>caballo de copas</title>" in spanish_title


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tooltips_are_in_the_page_language(site: Site, lang: str) -> None:
    tips = glossary.tooltips(lang)
    other = glossary.tooltips("es" if lang == "en" else "en")
    found = [
        (name, text, title)
        for name, page in site.pages.items()
        if (name.startswith("es/") == (lang == "es")) and not name.endswith("404.html")
        for text, title in page.abbrs
    ]
    assert len(found) > 20, f"hardly any tooltip on the {lang} pages"
    wrong = [f for f in found if tips.get(f[1]) != f[2]]
    assert not wrong, f"tooltips that are not the {lang} glossary's: {wrong[:5]}"
    assert any(tips[text] != other.get(text) for _, text, _ in found)


def test_search_builds_its_index_on_the_first_query(site: Site) -> None:
    """Every page (404 too) names the lazy search worker, which is in the site, next to the
    theme's worker it names; nothing names the theme's worker directly."""
    hook = load_hook("search")
    assert hook.lazy_search('"search": "workers/search.0a.min.js"') == \
        '"search": "workers/search-lazy.js?material=search.0a.min.js"'
    for name, page in site.pages.items():
        found = re.findall(r'"search":\s*"([^"]*)"', page.html)
        assert len(found) == 1, name
        worker = urlsplit(urljoin(page.url, found[0]))
        assert worker.path.endswith("/assets/javascripts/workers/search-lazy.js"), (name, found)
        theme = worker.query.removeprefix("material=")
        assert re.fullmatch(r"search\.[0-9a-f]+\.min\.js", theme), (name, found)
        if not name.endswith("404.html"):  # its addresses start at the server's root
            assert site.exists(worker.geturl()), name
            assert site.exists(urljoin(worker.geturl(), theme)), (name, theme)


def test_a_spanish_figure_keeps_its_percent_sign_on_its_line(site: Site) -> None:
    # Spanish writes "56,9 %": the space must not break a line; code is left as written.
    hook = load_hook("i18n")
    assert hook.percent_kept("<p>gana el 56,9 % (54,7 % – 59,1 %)</p><code>10 % 3</code>") == (
        "<p>gana el 56,9\u00a0% (54,7\u00a0% – 59,1\u00a0%)</p><code>10 % 3</code>")
    code = re.compile(r"<(pre|code|script|style|textarea)\b.*?</\1>", re.S)
    spanish = {name: page for name, page in site.pages.items() if name.startswith("es/")}
    broken = {name: re.findall(r"\S*\d %", code.sub("", unescape(page.html)))[:3]
              for name, page in spanish.items()}
    assert not {name: found for name, found in broken.items() if found}
    bots = unescape(site.page("es/bots/index.html").html)
    assert "60,8\u00a0% (58,6\u00a0% – 62,9\u00a0%)" in bots
    # The English pages keep theirs as written ("56.9%", no space).
    assert "60.8% (58.6% – 62.9%)" in unescape(site.page("bots/index.html").html)
