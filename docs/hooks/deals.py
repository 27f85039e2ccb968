"""MkDocs hook: deal diagrams and card pictures.

* Card pictures: every card of the Spanish (48), Italian (40) and French (48) packs, and a card
  back, are drawn by :mod:`cardrules.render.pictures` into the site at
  ``assets/cards/<spanish|italian|french>/<code>.svg`` (the SVG titles in the build's language).
  Nothing is fetched. The stylesheet ``docs/assets/cardrules.css`` is added as
  ``assets/cardrules.css``.
* Rows of cards: a fenced block ```` ```cards ```` with optional lines ``pack: italian-40``,
  ``cards: 1O 11C 12E`` (default: the whole pack) and ``caption: name|code|none`` shows those
  card pictures (:func:`cardrules.render.diagram.render_cards`).
* Deal diagrams: a fenced block ::

      ```deal
      examples/brisca-2p.json
      tricks: 1-3
      open: false
      ```

  (the record's path relative to the project root; the other lines are optional) is replaced
  by the HTML of :func:`cardrules.render.diagram.render_deal`, in the build's language, with links
  to
  the card pictures and to the glossary relative to the page. Play labels carry their glossary
  definition (from the ``abbr`` glossary that ``docs/hooks/glossary.py`` fills in) as a title.
  A fence inside another fence (a page showing the syntax) is left alone. A bad block fails the
  build with the page and the reason.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from cardrules.core.errors import CardrulesError, Lang
from cardrules.core.packs import FRENCH_48, ITALIAN_40, SPANISH_48, Pack
from cardrules.render.diagram import (
    CARD_DIR,
    parse_cards_block,
    parse_deal_block,
    render_cards,
    render_deal,
)
from cardrules.render.pictures import card_files

PICTURE_PACKS: tuple[Pack, ...] = (SPANISH_48, ITALIAN_40, FRENCH_48)
"""One pack per style, the largest: the pictures of its cards serve every pack of that style."""

_ASSETS = Path(__file__).resolve().parent.parent / "assets"
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*?)[ \t]*$")
_TOKEN = "CARDRULESDEAL{n}X"
_PLACED = re.compile(r"<p>\s*(CARDRULESDEAL\d+X)\s*</p>|(CARDRULESDEAL\d+X)")

_pending: dict[str, dict[str, str]] = {}
"""Rendered diagrams waiting for their page's HTML, by page source path and token."""


def _lang(config: MkDocsConfig) -> str:
    return str(config.extra.get("lang") or config.theme.get("language") or "en")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    lang: Lang = "es" if _lang(config) == "es" else "en"
    for pack in PICTURE_PACKS:
        for name, svg in card_files(pack, lang=lang).items():
            uri = f"{CARD_DIR}/{pack.face.style}/{name}"
            files.append(File.generated(config, uri, content=svg))
    css = _ASSETS / "cardrules.css"
    files.append(File.generated(config, "assets/cardrules.css", abs_src_path=str(css)))
    return files


def find_blocks(markdown: str) -> list[tuple[str, int, int, str, str]]:
    """The ```` ```deal ```` and ```` ```cards ```` blocks of a page that are not inside another
    fence.

    Returns:
        ``(kind, first line, line after the closing fence, indent, body)`` for each block.
    """
    lines = markdown.split("\n")
    blocks: list[tuple[str, int, int, str, str]] = []
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
            if (closing is not None and not closing["info"]
                    and closing["fence"][0] == fence[0]
                    and len(closing["fence"]) >= len(fence)):
                break
            end += 1
        if info in ("deal", "cards"):
            body = "\n".join(line[len(indent):] for line in lines[i + 1 : end])
            blocks.append((info, i, end + 1, indent, body))
        i = end + 1
    return blocks


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    blocks = find_blocks(markdown)
    if not blocks:
        return markdown
    root = Path(config.config_file_path or ".").resolve().parent
    lang = _lang(config)
    base = "../" * page.url.count("/")
    rendered: dict[str, str] = {}
    lines = markdown.split("\n")
    for n, (kind, start, stop, indent, body) in reversed(list(enumerate(blocks))):
        where = f"{page.file.src_uri}, line {start + 1}: {kind} block"
        try:
            if kind == "cards":
                html = render_cards(parse_cards_block(body), lang, base_url_to_site_root=base)
                rendered[_TOKEN.format(n=n)] = html
                lines[start:stop] = ["", indent + _TOKEN.format(n=n), ""]
                continue
            block = parse_deal_block(body)
            path = (root / block.path).resolve()
            record: Any = json.loads(path.read_text(encoding="utf-8"))
            html = render_deal(
                record,
                lang,
                base_url_to_site_root=base,
                tricks=block.tricks,
                open_hands=block.open,
                source=block.path,
            )
        except OSError as error:
            raise PluginError(f"{where}: cannot read the record: {error}") from None
        except json.JSONDecodeError as error:
            raise PluginError(f"{where}: the record is not JSON: {error}") from None
        except CardrulesError as error:
            raise PluginError(f"{where}: {error.message('en')}") from None
        except ValueError as error:
            raise PluginError(f"{where}: {error}") from None
        token = _TOKEN.format(n=n)
        rendered[token] = html
        lines[start:stop] = ["", indent + token, ""]
    _pending[page.file.src_uri] = rendered
    return "\n".join(lines)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    rendered = _pending.pop(page.file.src_uri, None)
    if not rendered:
        return html

    def place(match: re.Match[str]) -> str:
        token = match.group(1) or match.group(2)
        return rendered.pop(token, token)

    html = _PLACED.sub(place, html)
    if rendered:
        raise PluginError(f"{page.file.src_uri}: a deal diagram could not be placed")
    return html
