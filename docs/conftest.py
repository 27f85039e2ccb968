"""Run the examples of the rulebook pages (docs/en/**/*.md, docs/es/**/*.md) with Sybil.

* ```` ```python ```` fences run as Python code (Sybil's ``PythonCodeBlockParser``; a fence that
  starts with ``>>>`` would run as a doctest, but ``pycon`` is the fence for sessions).
* ```` ```pycon ```` fences run as doctests: each ``>>>`` line is an example and its output is
  checked.

The examples of one page share a namespace, in page order; each page (and each language) runs on
its own. One exception to the order: a page's helpers stand in its closing section for programmers
(a reader meets the rules first), but every example needs them, so the Python fence that follows
the comment ``<!-- examples: run first -->`` runs before the page's other examples.

Only the exact info strings ``python`` and ``pycon`` are collected: the guard test in
``tests/test_docs_guard.py`` makes sure no Python fence is written in a way Sybil would skip.
"""

from __future__ import annotations

import doctest
import importlib.util
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

from sybil import Document, Example, Region, Sybil
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.parsers.abstract import DocTestStringParser
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser

OPTIONFLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
"""Doctest options for ``pycon`` fences: ``...`` matches anything, runs of spaces are equal."""


class PyconCodeBlockParser(CodeBlockParser):
    """A ```` ```pycon ```` fence, run as a doctest (one Sybil example per ``>>>`` statement)."""

    language = "pycon"

    def __init__(self, optionflags: int = OPTIONFLAGS) -> None:
        super().__init__()
        self.doctest_parser = DocTestStringParser(DocTestEvaluator(optionflags))

    def __call__(self, document: Document) -> Iterable[Region]:
        for region in super().__call__(document):
            source = region.parsed
            for doctest_region in self.doctest_parser(source, document.path):
                doctest_region.adjust(region, source)
                yield doctest_region


def _hooks_shared() -> ModuleType:
    """docs/hooks/_shared.py, where the hooks (which run the same examples to draw the site's
    pictures) and this file find which fence of a page runs first."""
    spec = importlib.util.spec_from_file_location("cardrules_docs_shared",
                                                  HERE / "hooks" / "_shared.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


HERE = Path(__file__).resolve().parent
_SHARED = _hooks_shared()
RUN_FIRST: str = _SHARED.RUN_FIRST
"""Put before a page's helpers (their fold): the next Python fence runs before every example."""


class Page(Document):
    """A rulebook page: its examples in page order, except the helpers marked :data:`RUN_FIRST`."""

    def examples(self) -> Iterator[Example]:
        found = list(super().examples())
        first = _SHARED.run_first_index(self.text, [e.line - 1 for e in found])
        if first is None:
            return iter(found)
        return iter([found[first], *(e for i, e in enumerate(found) if i != first)])


SYBIL = Sybil(
    parsers=[PythonCodeBlockParser(doctest_optionflags=OPTIONFLAGS), PyconCodeBlockParser()],
    patterns=["*.md"],  # every page under docs/, in any folder
    document_types={".md": Page},
)
"""The Sybil set-up (``tests/test_docs_guard.py`` uses it to see what is collected)."""

pytest_collect_file = SYBIL.pytest()
