"""The rulebook read as a reader reads it: the game pages carry their rules in prose, fit a
phone, and no page speaks the project's internal language.

- In the real browser (the shared ``browser``, ``base_url`` and ``site`` fixtures of
  ``browser_support``), on every game page in both languages: of the text visible without
  opening anything (the ``innerText`` of the article: folds closed, inactive tabs hidden), at
  most :data:`MAX_CODE_SHARE` is inside code blocks; and at 375 px nothing makes the page scroll
  sideways (tables and diagrams may scroll inside their own containers).
- Without a browser: no Markdown page of ``docs/`` uses the words of the project's workshop
  (:data:`INTERNAL`): sources are named by title and author, not by file number, and a rule no
  source decides is "our reading", not a ruling the tests enforce; and every "Sources differ"
  box of a game page links to the Sources page.

``CARDRULES_READING_REPORT=1`` prints the code share of every page.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGS = ("en", "es")
GAMES = sorted(p.stem for p in (DOCS / "en" / "games").glob("*.md"))
MAX_CODE_SHARE = 0.20
"""At most this share of a game page's visible text may be code (issue 12)."""
PHONE = 375

INTERNAL = [
    r"\bseed\s*0\d\d\b",
    r"\bour seed\b",
    r"\bsemilla\s*0\d\d\b",
    r"\bfuente\s*0\d\d\b",
    r"\bsource\s*0\d\d\b",
    r"\b0\d\d_[0-9a-f]{6,}",  # a source's file name
    r"RULES-NOTES",
    r"\brules notes\b",
    r"\bnotas de reglas\b",
    r"\bthe project'?s ruling",
    r"\bour ruling\b",
    r"\ba ruling of ours\b",
    r"\bis a ruling\b",
    r"\bel proyecto decide\b",
    r"\bdecisi[oó]n del proyecto\b",
    r"\b(?:una )?decisi[oó]n nuestra\b",
    r"\bthe tests? fails?\b",
    r"\blos tests? fallan?\b",
    r"\blas pruebas fallan\b",
    r"\bshared/sources\b",
]
"""Words of the workshop, not of a rulebook (case-insensitive regular expressions)."""

_INTERNAL = re.compile("|".join(f"(?:{p})" for p in INTERNAL), re.IGNORECASE)

# The share of code in what a reader sees: every <pre> that is rendered (not in a closed fold
# or an inactive tab), counted in characters other than spaces, against the article's innerText.
MEASURE = """() => {
  const article = document.querySelector("article.md-content__inner") ||
                  document.querySelector("article");
  const count = (text) => text.replace(/\\s+/g, "").length;
  const total = count(article.innerText);
  let code = 0;
  for (const pre of article.querySelectorAll("pre")) {
    if (pre.parentElement.closest("pre")) continue;
    if (pre.getClientRects().length === 0) continue;
    code += count(pre.innerText);
  }
  return { total, code };
}"""

# What sticks out at the right of the page: elements wider than the viewport that are not inside
# a container that scrolls on its own.
OVERFLOW = """() => {
  const width = window.innerWidth;
  const found = [];
  for (const el of document.querySelectorAll("article *")) {
    const box = el.getBoundingClientRect();
    if (box.right <= width + 0.5 || box.width === 0) continue;
    let clipped = false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) {
        clipped = true;
        break;
      }
    }
    if (!clipped) {
      found.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(box.right)}`);
    }
  }
  return {
    scroll: document.documentElement.scrollWidth,
    width,
    found: found.slice(0, 8),
  };
}"""


def game_pages() -> list[str]:
    return [f"{'es/' if lang == 'es' else ''}games/{game}/" for lang in LANGS for game in GAMES]


@pytest.fixture(scope="module")
def reading_context(browser: Any) -> Iterator[Any]:
    """One browser context for the file's pages (a new one per page costs more than the
    page)."""
    context = browser.new_context()
    yield context
    context.close()


@pytest.fixture
def page_at(reading_context: Any, base_url: str) -> Iterator[Any]:
    pages: list[Any] = []

    def open_page(path: str, width: int) -> Any:
        page = reading_context.new_page()
        pages.append(page)
        page.set_viewport_size({"width": width, "height": 900})
        # The deal diagrams start Python when they scroll into view; the text is the page's own.
        page.route("**/pyodide/**", lambda route: route.abort())
        page.goto(base_url + path, wait_until="load")
        return page

    yield open_page
    for page in pages:
        page.close()


@pytest.mark.parametrize("path", game_pages())
def test_code_is_at_most_a_fifth_and_nothing_overflows_on_a_phone(page_at: Any,
                                                                   path: str) -> None:
    """One opening of the page for both checks (opening a game page costs more than either):
    the code's share at a computer's width, then, narrowed to a phone, nothing sticking out."""
    page = page_at(path, 1280)
    measured = page.evaluate(MEASURE)
    share = measured["code"] / measured["total"]
    if os.environ.get("CARDRULES_READING_REPORT"):
        print(f"\n{path}: {share:.1%} code ({measured['code']} of {measured['total']})")
    assert measured["total"] > 2000, f"{path}: hardly any text: {measured}"
    assert share <= MAX_CODE_SHARE, (
        f"{path}: {share:.1%} of the visible text is code ({measured['code']} of "
        f"{measured['total']} characters); put examples behind an 'In Python' tab or fold"
    )
    page.set_viewport_size({"width": PHONE, "height": 900})
    # The layout at the new width, before measuring it (a frame after the resize).
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    wide = page.evaluate(OVERFLOW)
    assert wide["scroll"] <= wide["width"], (
        f"{path} at {PHONE} px scrolls sideways ({wide['scroll']} px wide): {wide['found']}"
    )


def reader_texts() -> list[Path]:
    """What a reader reads: the pages, the package (its docstrings make the API reference, its
    strings the messages) and the glossary's data."""
    return sorted([*DOCS.rglob("*.md"), *(ROOT / "cardrules").rglob("*.py"),
                   *(ROOT / "cardrules" / "glossary_data").glob("*.toml")])


@pytest.mark.parametrize("page", reader_texts(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_internal_language(page: Path) -> None:
    found = []
    for number, line in enumerate(page.read_text(encoding="utf-8").split("\n"), start=1):
        for match in _INTERNAL.finditer(line):
            found.append(f"line {number}: {match.group(0)!r}")
    assert not found, (
        f"{page.relative_to(ROOT)} speaks the workshop's language (name a source by its title "
        f"and author, say 'our reading'): {found}"
    )


BOX = re.compile(r'^!!! note "(?:Sources differ|Las fuentes discrepan)"')


def game_markdown() -> list[Path]:
    return [page for lang in LANGS for page in sorted((DOCS / lang / "games").glob("*.md"))]


@pytest.mark.parametrize("page", game_markdown(), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_sources_differ_box_links_the_sources_page(page: Path) -> None:
    lines = page.read_text(encoding="utf-8").split("\n")
    unlinked = []
    for number, line in enumerate(lines):
        if not BOX.match(line):
            continue
        body = []
        for inside in lines[number + 1:]:
            if inside.strip() and not inside.startswith("    "):
                break
            body.append(inside)
        if "sources.md" not in "\n".join(body):
            unlinked.append(number + 1)
    assert not unlinked, (
        f"{page.relative_to(DOCS)}: the Sources-differ boxes at lines {unlinked} name no source "
        "with a link to the Sources page (../sources.md#...)"
    )


def test_the_internal_patterns_catch_what_they_should() -> None:
    for text in ("as seed 002 says", "la fuente 001", "the rules notes", "see RULES-NOTES.md",
                 "the project's ruling", "otherwise the tests fail", "our ruling",
                 "es una decisión nuestra"):
        assert _INTERNAL.search(text), text
    for text in ("our reading", "José's page", "seeded bots", "seed=4", "a source of rules"):
        assert not _INTERNAL.search(text), text
