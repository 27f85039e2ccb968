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
from typing import Any

from _shared import (
    Block,
    Placer,
    asset,
    build_language,
    find_blocks,
    project_root,
    to_site_root,
)
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from cardrules.core.errors import CardrulesError
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

BLOCKS = ("deal", "cards")
"""The info strings of the blocks this hook draws."""

_placer = Placer("deal", "a deal diagram")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    lang = build_language(config)
    for pack in PICTURE_PACKS:
        for name, svg in card_files(pack, lang=lang).items():
            uri = f"{CARD_DIR}/{pack.face.style}/{name}"
            files.append(File.generated(config, uri, content=svg))
    files.append(asset(config, "cardrules.css"))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    blocks = find_blocks(markdown, BLOCKS)
    if not blocks:
        return markdown
    root = project_root(config)
    lang = build_language(config)
    base = to_site_root(page.url)
    rendered: list[tuple[Block, str]] = []
    for block in blocks:
        where = f"{page.file.src_uri}, line {block.start + 1}: {block.info} block"
        try:
            if block.info == "cards":
                html = render_cards(parse_cards_block(block.body), lang,
                                    base_url_to_site_root=base)
            else:
                deal = parse_deal_block(block.body)
                path = (root / deal.path).resolve()
                record: Any = json.loads(path.read_text(encoding="utf-8"))
                html = render_deal(
                    record,
                    lang,
                    base_url_to_site_root=base,
                    tricks=deal.tricks,
                    open_hands=deal.open,
                    source=deal.path,
                )
        except OSError as error:
            raise PluginError(f"{where}: cannot read the record: {error}") from None
        except json.JSONDecodeError as error:
            raise PluginError(f"{where}: the record is not JSON: {error}") from None
        except CardrulesError as error:
            raise PluginError(f"{where}: {error.message('en')}") from None
        except ValueError as error:
            raise PluginError(f"{where}: {error}") from None
        rendered.append((block, html))
    return _placer.put(markdown, page.file.src_uri, rendered)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    return _placer.place(html, page.file.src_uri)
