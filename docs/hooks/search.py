"""MkDocs hook: the theme's search builds its index when the reader first searches, not on
every page opened.

The theme names its search worker in each page's configuration (``"search": ".../workers/
search.<hash>.min.js"``); this hook names ``search-lazy.js`` instead
(``docs/assets/javascripts/workers/``), which runs the theme's worker and holds its setup back
until the first query. Pages written from a template alone (``404.html``) are changed too.
"""

from __future__ import annotations

import re

from _shared import asset
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

_WORKER = re.compile(r'("search":\s*")([^"]*?/)?(search\.[0-9a-f]+\.min\.js)(")')
LAZY = "search-lazy.js"
"""The worker that starts the theme's one on the first query (in the same folder)."""
WORKERS = "javascripts/workers"
"""Where the theme's search worker is, under ``assets/``."""


def lazy_search(output: str) -> str:
    """``output`` with its search worker started on the first query.

    Examples:
        >>> lazy_search('{"search": "../assets/javascripts/workers/search.a7633da7.min.js"}')
        '{"search": "../assets/javascripts/workers/search-lazy.js?material=search.a7633da7.min.js"}'
        >>> lazy_search('<p>no search here</p>')
        '<p>no search here</p>'
    """
    return _WORKER.sub(lambda m: f"{m[1]}{m[2] or ''}{LAZY}?material={m[3]}{m[4]}", output,
                       count=1)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    files.append(asset(config, f"{WORKERS}/{LAZY}"))
    return files


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return lazy_search(output)


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    if template_name.endswith(".html"):
        return lazy_search(output_content)
    return output_content
