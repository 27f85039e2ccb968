"""Guards for the rulebook pages (docs/en, docs/es): no example silently skipped, and the two
languages kept in step.

1. Every fence whose info string starts with ``py`` (``python``, ``py``, ``pycon``,
   ``python title="..."``...) is written exactly ```` ```python ```` or ```` ```pycon ````, the
   only two that Sybil runs (docs/conftest.py), and Sybil collects an example from every one of
   them: the number of fences with examples equals the number of such fences.
2. Each English page has a Spanish page of the same name and vice versa, with the same number of
   Python and pycon blocks, the same heading anchors in the same order (explicit ids such as
   ``## Deal {#deal}``, else the anchor MkDocs would make from the heading text), and the same
   API reference blocks (``::: cardrules.xxx`` and their options, docs/*/reference/).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Protocol

import pytest
from hook_support import load_hook
from markdown.extensions.toc import slugify

DOCS = Path(__file__).resolve().parent.parent / "docs"
LANGS = ("en", "es")
RUNNABLE = ("python", "pycon")

_HEADING = re.compile(r"^ {0,3}(?P<level>#{1,6})[ \t]+(?P<text>.*?)[ \t]*#*[ \t]*$")
_ATTRS = re.compile(r"\{:?(?P<attrs>[^{}]*)\}\s*$")


SHARED = load_hook("_shared")
"""What the site's hooks share (docs/hooks/_shared.py): the guard finds fences as they do."""


class Fence(Protocol):
    """A fenced block: its info string and its lines (0-based; ``stop`` is past the closing
    fence)."""

    @property
    def info(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def stop(self) -> int: ...


def fences(text: str) -> list[Fence]:
    """The top-level fenced blocks of a Markdown text (a fence inside a fence is content), found
    as the hooks find them."""
    found: list[Fence] = SHARED.find_blocks(text)
    return found


def is_pythonish(info: str) -> bool:
    """Whether an info string looks meant for Python (``py``, ``python3``, ``{.python}``...)."""
    return info.lstrip("{. ").lower().startswith("py")


def anchors(text: str) -> list[str]:
    """The anchors of a page's headings, in order: explicit ``{#id}`` or the slug of the text."""
    inside: set[int] = set()
    for fence in fences(text):
        inside.update(range(fence.start, fence.stop))
    found = []
    for number, line in enumerate(text.split("\n")):
        match = _HEADING.match(line)
        if number in inside or match is None:
            continue
        heading = match["text"]
        attrs = _ATTRS.search(heading)
        explicit = None
        if attrs is not None:
            explicit = next((a[1:] for a in attrs["attrs"].split() if a.startswith("#")), None)
            heading = heading[: attrs.start()].rstrip()
        found.append(explicit or slugify(heading, "-"))
    return found


_API_BLOCK = re.compile(r"^::: .*(?:\n(?: {4}.*|[ \t]*$))*", re.MULTILINE)


def api_blocks(text: str) -> list[str]:
    """The mkdocstrings blocks of a page (``::: cardrules.record`` and its indented options), in
    order, each with its trailing blank lines dropped."""
    return [block.rstrip() for block in _API_BLOCK.findall(text)]


def pages(lang: str) -> dict[str, Path]:
    folder = DOCS / lang
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*.md"))}


def _conftest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardrules_docs_conftest", DOCS / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ALL_PAGES = [p for lang in LANGS for p in pages(lang).values()]


def test_there_are_pages() -> None:
    assert pages("en") and pages("es")


@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_python_fences_are_exactly_python_or_pycon(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    wrong = [
        f"line {f.start + 1}: ```{f.info}"
        for f in fences(text)
        if is_pythonish(f.info) and f.info not in RUNNABLE
    ]
    assert not wrong, (
        f"{page.relative_to(DOCS)}: these fences would not run; write exactly ```python (code) "
        f"or ```pycon (a session with >>> prompts and checked output): {wrong}"
    )
    sessions = [
        f"line {f.start + 1}"
        for f in fences(text)
        if f.info == "python" and text.split("\n")[f.start + 1].lstrip().startswith(">>>")
    ]
    assert not sessions, (
        f"{page.relative_to(DOCS)}: a ```python fence that starts with >>> is a session: "
        f"write it as ```pycon: {sessions}"
    )


@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_sybil_collects_every_python_fence(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    runnable = [f for f in fences(text) if f.info in RUNNABLE]
    sybil = _conftest().SYBIL
    assert sybil.should_parse(page), f"{page} is not collected by docs/conftest.py"
    document = sybil.parse(page)
    line_starts = [0]
    for source_line in text.split("\n"):
        line_starts.append(line_starts[-1] + len(source_line) + 1)
    covered: set[int] = set()
    for example in document:
        number = next(n for n in range(len(line_starts) - 1) if line_starts[n + 1] > example.start)
        fence = next((f for f in runnable if f.start <= number < f.stop), None)
        if fence is not None:
            covered.add(fence.start)
    missed = [f"line {f.start + 1}: ```{f.info}" for f in runnable if f.start not in covered]
    assert not missed, f"{page.relative_to(DOCS)}: Sybil collects nothing from {missed}"
    assert len(covered) == len(runnable)


PAIRS = sorted(set(pages("en")) | set(pages("es")))


def test_same_pages_in_both_languages() -> None:
    only_en = sorted(set(pages("en")) - set(pages("es")))
    only_es = sorted(set(pages("es")) - set(pages("en")))
    assert not only_en and not only_es, (
        f"pages in one language only: English {only_en}, Spanish {only_es}"
    )


@pytest.mark.parametrize("name", PAIRS)
def test_languages_match(name: str) -> None:
    en, es = DOCS / "en" / name, DOCS / "es" / name
    if not (en.exists() and es.exists()):
        pytest.skip("in one language only (reported by test_same_pages_in_both_languages)")
    text_en, text_es = en.read_text(encoding="utf-8"), es.read_text(encoding="utf-8")
    for kind in RUNNABLE:
        count_en = sum(f.info == kind for f in fences(text_en))
        count_es = sum(f.info == kind for f in fences(text_es))
        assert count_en == count_es, (
            f"{name}: {count_en} ```{kind} blocks in English, {count_es} in Spanish"
        )
    assert api_blocks(text_en) == api_blocks(text_es), (
        f"{name}: the API reference blocks (::: cardrules.xxx) differ between the languages"
    )
    anchors_en, anchors_es = anchors(text_en), anchors(text_es)
    if anchors_en != anchors_es:
        only_en = [a for a in anchors_en if a not in anchors_es]
        only_es = [a for a in anchors_es if a not in anchors_en]
        detail = f"only in English: {only_en}; only in Spanish: {only_es}"
        if not only_en and not only_es:
            detail = f"same anchors in another order: {anchors_en} / {anchors_es}"
        pytest.fail(
            f"{name}: the headings differ between the languages ({detail}). Give each heading an "
            "explicit id, the same in both languages: ## Deal {#deal} / ## El reparto {#deal}"
        )


RUN_FIRST = _conftest().RUN_FIRST


@pytest.mark.parametrize("page", [p for p in ALL_PAGES if "games" in p.parts],
                         ids=lambda p: p.relative_to(DOCS).as_posix())
def test_helpers_are_shown_and_run_first(page: Path) -> None:
    """A game page keeps its examples' helpers in its closing section, in a fold a reader can
    open, marked to run before the page's first example (docs/conftest.py); no code is hidden."""
    text = page.read_text(encoding="utf-8")
    lines = text.split("\n")
    marked = [n for n, line in enumerate(lines) if line == RUN_FIRST]
    assert len(marked) == 1, f"{page.relative_to(DOCS)}: mark the helpers' fold with {RUN_FIRST}"
    assert lines[marked[0] + 1].startswith("??? example"), "the marker stands right before a fold"
    python = [f for f in fences(text) if f.info == "python" and f.start > marked[0]]
    assert python and lines[python[0].start].startswith("    "), "the helpers are in the fold"
    comments = [(m.start(), m.end()) for m in re.finditer(r"<!--.*?-->", text, re.DOTALL)]
    hidden = [m for m in comments if "```" in text[m[0]:m[1]]]
    assert not hidden, f"{page.relative_to(DOCS)}: code hidden in an HTML comment"


def test_helpers() -> None:
    text = "# Title {#top}\n\n```markdown\n## Not a heading\n```\n\n## Deal and draw\n"
    assert anchors(text) == ["top", "deal-and-draw"]
    assert [f.info for f in fences("````markdown\n```python\nx\n```\n````\n")] == ["markdown"]
    assert is_pythonish("py") and is_pythonish('python title="x"') and is_pythonish("{.python}")
    assert not is_pythonish("deal")


@pytest.mark.parametrize("lang", LANGS)
def test_every_registered_game_is_on_the_home_and_first_timers_pages(lang: str) -> None:
    """A newcomer finds every game the engine plays: each one links from the home page (whose
    table of games has one row a game) and from the first-timers' "Now pick a game"."""
    import cardrules

    home = (DOCS / lang / "index.md").read_text(encoding="utf-8")
    first = (DOCS / lang / "first-time.md").read_text(encoding="utf-8")
    rows = [line for line in home.splitlines() if re.match(r"^\| \[[^]]+\]\(games/", line)]
    assert len(rows) == len(cardrules.GAMES)
    for game_id in cardrules.GAMES:
        link = f"](games/{game_id}.md)"
        assert any(link in row for row in rows), (lang, game_id)
        assert link in first.split("{#next}", 1)[1], (lang, game_id)


def box_prose(text: str) -> list[tuple[int, str]]:
    """The lines a reader sees in the page's boxes (``!!!`` admonitions), with their numbers:
    without the code, and without the folded examples a box may hold (``???``), which are for
    programmers."""
    seen: list[tuple[int, str]] = []
    inside = folded = code = False
    for number, line in enumerate(text.splitlines(), 1):
        indent = len(line) - len(line.lstrip())
        if line.startswith("!!! "):
            inside, folded, code = True, False, False
            continue
        if not inside:
            continue
        if line.strip() and indent < 4:
            inside = False
            continue
        if line.strip().startswith("```"):
            code = not code
            continue
        if line.strip().startswith("??? "):
            folded = True
            continue
        if folded and (not line.strip() or indent >= 8):
            continue
        folded = False
        if not code and line.strip():
            seen.append((number, line.strip()))
    return seen


@pytest.mark.parametrize("page", [p for p in ALL_PAGES if "games" in p.parts],
                         ids=lambda p: p.relative_to(DOCS).as_posix())
def test_boxes_say_readings_in_words(page: Path) -> None:
    """A "Sources differ" box (or any box of a game page) names each reading in words: option
    names and values, written as code, belong in the page's section for programmers."""
    coded = [f"line {n}: {line}" for n, line in box_prose(page.read_text(encoding="utf-8"))
             if "`" in line]
    assert not coded, f"{page.relative_to(DOCS)}: code in a box a reader sees: {coded}"


def test_box_prose_leaves_out_code_and_folded_examples() -> None:
    text = "\n".join([
        '!!! note "Sources differ"', "", "    Some tables play it so.", "",
        '    ??? example "In Python"', "", "        ```python", "        x = 1", "        ```",
        "", "    With the option `x=1`.", "", "After the box, `code` is fine.",
    ])
    assert box_prose(text) == [(3, "Some tables play it so."), (11, "With the option `x=1`.")]
