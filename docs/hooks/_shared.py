"""What the rulebook's MkDocs hooks share (not a hook itself: ``mkdocs.yml`` does not list it).

* :func:`build_language`: the one way a hook reads the language of the build.
* :func:`find_blocks`: the fenced blocks of a page (```` ```deal ````, ```` ```draw ````...)
  that are not inside another fence.
* :class:`Placer`: generated HTML put where a block was. The block is replaced in the Markdown by
  a token on a line of its own (``on_page_markdown``); once the page is HTML, the token (and the
  ``<p>`` that Markdown wraps it in) is replaced by the HTML (``on_page_content``). So the HTML
  never goes through Markdown, and a block inside a tab or an admonition stays there.
* :func:`to_site_root`, :func:`project_root`, :func:`asset`: where things are.

MkDocs puts a hook's folder on ``sys.path`` while it imports the hook, so a hook imports this
module by its name (``from _shared import find_blocks``). Whatever loads a hook by its path
(the tests: ``tests/hook_support.py``) must do the same.

Examples:
    >>> page = "Text\\n\\n```deal\\nexamples/a.json\\n```\\n\\n````md\\n```deal\\n```\\n````"
    >>> [(b.info, b.start, b.stop, b.body) for b in find_blocks(page, {"deal"})]
    [('deal', 2, 5, 'examples/a.json')]
    >>> placer = Placer("demo", "a demo")
    >>> (block,) = find_blocks(page, {"deal"})
    >>> markdown = placer.put(page, "page.md", [(block, "<b>deal</b>")])
    >>> markdown.split("\\n")[2:5]
    ['', 'CARDRULESDEMO2X', '']
    >>> placer.place("<p>Text</p>\\n<p>CARDRULESDEMO2X</p>", "page.md")
    '<p>Text</p>\\n<b>deal</b>'
    >>> to_site_root("games/brisca/")
    '../../'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from cardrules.words import Lang, languages

HOOKS = Path(__file__).resolve().parent
"""The folder of the hooks (``docs/hooks``)."""
ASSETS = HOOKS.parent / "assets"
"""The site's own files that the hooks add to the build (``docs/assets``)."""
PROJECT = HOOKS.parent.parent
"""The project's root folder, when the configuration does not say (see :func:`project_root`)."""

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*?)[ \t]*$")


def build_language(config: Mapping[str, Any]) -> Lang:
    """The language of the build: ``extra.lang`` (``mkdocs.yml``: ``en``, ``mkdocs.es.yml``:
    ``es``), else ``theme.language``, else English.

    Every hook reads the language this way. It must be a language with a catalogue of words
    (:func:`cardrules.words.languages`): the pages' generated words come from it.

    Raises:
        PluginError: a language without a catalogue.

    Examples:
        >>> build_language({"extra": {"lang": "es"}, "theme": {"language": "en"}})
        'es'
        >>> build_language({"extra": {}, "theme": {}})
        'en'
    """
    extra = config.get("extra") or {}
    theme = config.get("theme") or {}
    lang = str(extra.get("lang") or theme.get("language") or "en")
    if lang not in languages():
        raise PluginError(f"extra.lang is {lang!r}, a language without a catalogue of words "
                          f"(cardrules/words/locale); the languages are {', '.join(languages())}")
    return lang


@dataclass(frozen=True)
class Block:
    """A fenced block of a page."""

    info: str
    """The fence's info string (``deal``, ``python``, ``python title="x"``...)."""
    start: int
    """The line of the opening fence (from 0)."""
    stop: int
    """The line after the closing fence."""
    indent: str
    """The opening fence's indent (inside a tab or an admonition)."""
    body: str
    """The lines between the fences, without the indent."""


RUN_FIRST = "<!-- examples: run first -->"
"""A line a page puts before its helpers' fold (in its closing section for programmers): the
next Python fence runs before every other example of the page (in the hooks and under Sybil,
docs/conftest.py)."""


def run_first_index(markdown: str, starts: Sequence[int]) -> int | None:
    """Which of a page's Python fences (their first lines, in page order) runs first: the first
    after the :data:`RUN_FIRST` line, if the page has one."""
    lines = markdown.split("\n")
    marked = next((n for n, line in enumerate(lines) if line.strip() == RUN_FIRST), None)
    if marked is None:
        return None
    return next((i for i, start in enumerate(starts) if start > marked), None)


def find_blocks(markdown: str, infos: Collection[str] | None = None) -> list[Block]:
    """The fenced blocks of a page, in order, that are not inside another fence (a page that
    shows a block's syntax keeps it as text).

    Args:
        markdown: the page.
        infos: the info strings wanted (``{"deal", "cards"}``); ``None``: every block.
    """
    lines = markdown.split("\n")
    found: list[Block] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            i += 1
            continue
        indent, fence, info = match["indent"], match["fence"], match["info"]
        end = i + 1
        while end < len(lines):
            closing = _FENCE.match(lines[end])
            if (closing is not None and not closing["info"] and closing["fence"][0] == fence[0]
                    and len(closing["fence"]) >= len(fence)):
                break
            end += 1
        if infos is None or info in infos:
            body = "\n".join(line[len(indent):] for line in lines[i + 1 : end])
            found.append(Block(info, i, end + 1, indent, body))
        i = end + 1
    return found


class Placer:
    """Generated HTML put in a page where its blocks were, for one hook.

    Args:
        name: the hook's token word (tokens are ``CARDRULES<NAME><n>X``, one name per hook, so
            that two hooks' tokens never meet).
        what: what is placed, for the build error when it cannot be (``"a deal diagram"``).
    """

    def __init__(self, name: str, what: str) -> None:
        self.prefix = f"CARDRULES{name.upper()}"
        self.what = what
        self._token = re.compile(rf"<p>\s*({self.prefix}\d+X)\s*</p>|({self.prefix}\d+X)")
        self._pending: dict[str, dict[str, str]] = {}

    def put(self, markdown: str, page: str, rendered: Iterable[tuple[Block, str]]) -> str:
        """``markdown`` with each block replaced by a token, its HTML kept for :meth:`place`.

        Args:
            markdown: the page (the blocks were found in it).
            page: the page's source path (``page.file.src_uri``).
            rendered: each block and its HTML.
        """
        lines = markdown.split("\n")
        tokens: dict[str, str] = {}
        for block, html in sorted(rendered, key=lambda pair: pair[0].start, reverse=True):
            token = f"{self.prefix}{block.start}X"
            tokens[token] = html
            lines[block.start:block.stop] = ["", block.indent + token, ""]
        self._pending[page] = tokens
        return "\n".join(lines)

    def place(self, html: str, page: str) -> str:
        """The page's HTML with the HTML of its blocks in place of their tokens.

        Raises:
            PluginError: a token is not in the page any more.
        """
        tokens = self._pending.pop(page, None)
        if not tokens:
            return html

        def replace(match: re.Match[str]) -> str:
            token = match.group(1) or match.group(2)
            return tokens.pop(token, token)

        html = self._token.sub(replace, html)
        if tokens:
            raise PluginError(f"{page}: {self.what} could not be placed")
        return html


def to_site_root(url: str) -> str:
    """The way from a page (its URL relative to the build's root) up to that root."""
    return "../" * url.count("/")


def project_root(config: Mapping[str, Any]) -> Path:
    """The project's root folder: the folder of the configuration file."""
    path = config.get("config_file_path")
    return Path(path).resolve().parent if path else PROJECT


def asset(config: Any, name: str) -> File:
    """``docs/assets/<name>`` as a file of the build, at ``assets/<name>``."""
    return File.generated(config, f"assets/{name}", abs_src_path=str(ASSETS / name))

