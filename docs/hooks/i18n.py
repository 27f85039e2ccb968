"""MkDocs hook: the language switcher opens the same page in the other language.

The site is two MkDocs builds: English (``mkdocs.yml``: ``docs/en`` into ``site/``) and Spanish
(``mkdocs.es.yml``: ``docs/es`` into ``site/es/``), with the same file names in both. For every
page this hook points Material's language selector (``extra.alternate``) at the same page in each
language, with URLs relative to the page, so the site works under any sub-path:

* English ``games/brisca/`` -> Spanish ``../../es/games/brisca/``;
* Spanish ``games/brisca/`` (served at ``es/games/brisca/``) -> English ``../../../games/brisca/``;
* a page missing from the other language -> that language's home page.

The links are written as given by ``docs/overrides/partials/alternate.html`` (Material's own
partial passes them through its ``url`` filter, which mishandles links that climb above the
build's root). The ``<link rel="alternate">`` tags Material also puts in the head are removed:
its script would fetch a ``sitemap.xml`` next to each of them (there is none, as the site has no
absolute ``site_url``) and then redirect to the page without its trailing slash. ``cardrules.js``
keeps the section (``#anchor``) when switching: headings have the same ids in both languages.

On the Spanish pages a figure keeps its percent sign on its line (:func:`percent_kept`): Spanish
writes ``56,9 %`` with a space, and a line should not break inside it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from _shared import asset, build_language
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
"""The site's languages and their names in the selector, in selector order."""
ROOT_DIRS: dict[str, str] = {"en": "", "es": "es/"}
"""Where each language's build lives, relative to the top of the site."""

_HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')

_state: dict[str, Any] = {"lang": "en", "docs": {}}


def _docs_dir_of(config: MkDocsConfig, lang: str) -> Path:
    # docs/en and docs/es are siblings.
    return Path(config.docs_dir).resolve().parent / lang


def _pages_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*.md")}


def alternates(lang: str, src_uri: str | None, url: str) -> list[dict[str, Any]]:
    """The selector entries for a page of the ``lang`` build.

    Args:
        lang: the build's language.
        src_uri: the page's source path (``games/brisca.md``), or ``None`` for a page that is not
            a Markdown page (the 404 page): then every entry points at a home page.
        url: the page's URL relative to its build's root (``games/brisca/``; ``""`` for home).
    """
    docs: dict[str, set[str]] = _state["docs"]
    to_top = "../" * url.count("/") + ("../" if ROOT_DIRS[lang] else "")
    entries = []
    for other, name in LANGUAGES.items():
        if other == lang:
            link = "./" if src_uri is not None else to_top + ROOT_DIRS[lang] or "./"
        else:
            exists = src_uri is not None and src_uri in docs.get(other, set())
            link = to_top + ROOT_DIRS[other] + (url if exists else "")
            link = link or "./"
        entries.append({"name": name, "link": link, "lang": other, "current": other == lang})
    return entries


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    lang = build_language(config)
    if lang not in LANGUAGES:
        raise PluginError(f"i18n hook: the site has no {lang!r} build; its languages are "
                          f"{', '.join(LANGUAGES)} (LANGUAGES and ROOT_DIRS here)")
    _state["lang"] = lang
    _state["docs"] = {other: _pages_of(_docs_dir_of(config, other)) for other in LANGUAGES}
    config.extra["alternate"] = alternates(lang, None, "")
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    files.append(asset(config, "cardrules.js"))
    return files


_PERCENT_OR_CODE = re.compile(r"<(pre|code|script|style|textarea)\b.*?</\1>|(\d) %", re.S)
"""A figure followed by a spaced percent sign, or a whole element whose text is code (left as
it is: ``10 % 3`` in a snippet must stay a plain space)."""


def percent_kept(html: str) -> str:
    """``html`` with the space between a figure and its percent sign made non-breaking, outside
    code.

    Examples:
        >>> percent_kept("<p>el 56,9 % (54,7 % \u2013 59,1 %)</p><code>10 % 3</code>")
        '<p>el 56,9\xa0% (54,7\xa0% \u2013 59,1\xa0%)</p><code>10 % 3</code>'
    """
    return _PERCENT_OR_CODE.sub(
        lambda m: m.group(0) if m.group(1) else m.group(2) + "\u00a0%", html)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    return percent_kept(html) if _state["lang"] == "es" else html


def on_page_context(
    context: dict[str, Any], page: Page, config: MkDocsConfig, **kwargs: Any
) -> dict[str, Any]:
    config.extra["alternate"] = alternates(_state["lang"], page.file.src_uri, page.url)
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    config.extra["alternate"] = alternates(_state["lang"], None, "")
    head, sep, body = output.partition("</head>")
    return _HEAD_ALTERNATE.sub("", head) + sep + body
