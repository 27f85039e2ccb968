"""MkDocs hook: a Content-Security-Policy in every page, as a ``<meta http-equiv>`` (a static
host may not let the site set headers).

The policy lets a page run only the site's own scripts: files from the site itself, and each
inline ``<script>`` of that very page by the SHA-256 of its text (the theme's few lines, the
widget's early start on the "Try it" page), computed from the finished page, so nothing else
inline runs, not even an event-handler attribute. Pyodide compiles WebAssembly
(``'wasm-unsafe-eval'``), workers come from the site, and nothing may be embedded as an object
or change the page's base address. Styles may be inline (the theme sets ``style`` attributes),
pictures may be ``data:`` (the theme's icons in CSS); nothing at all comes from another origin.

The hook runs after every other (its ``on_post_page`` has the lowest priority), so it sees each
page as it is written, and the pages written from a template alone (``404.html``) too; the
``<meta>`` goes right after the page's ``<meta charset>``, before any script.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page

_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script\s*>",
                     re.DOTALL | re.IGNORECASE)
_TYPE = re.compile(r"""\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)
_SRC = re.compile(r"\bsrc\s*=", re.IGNORECASE)
_CHARSET = re.compile(r"<meta\s+charset=[^>]*>", re.IGNORECASE)

SCRIPT_TYPES = frozenset(("", "text/javascript", "application/javascript", "module"))
"""The ``type`` of a ``<script>`` the browser runs (others, such as ``application/json``, are
data: the policy does not concern them)."""

DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'{hashes}",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
)
"""The policy, with ``{hashes}`` for the page's inline scripts."""


def inline_hashes(output: str) -> list[str]:
    """The ``'sha256-...'`` source of each inline script ``output`` runs, in order, once each.

    Examples:
        >>> inline_hashes('<script>a()</script><script type="application/json">{}</script>'
        ...               '<script src="x.js"></script>')
        ["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]
    """
    found: list[str] = []
    for match in _SCRIPT.finditer(output):
        attrs = match.group("attrs")
        if _SRC.search(attrs):
            continue
        typed = _TYPE.search(attrs)
        kind = next((g for g in typed.groups() if g is not None), "") if typed else ""
        if html.unescape(kind).strip().lower() not in SCRIPT_TYPES:
            continue
        digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
        source = f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
        if source not in found:
            found.append(source)
    return found


def policy(output: str) -> str:
    """The Content-Security-Policy of the page ``output``."""
    hashes = "".join(f" {source}" for source in inline_hashes(output))
    return "; ".join(DIRECTIVES).replace("{hashes}", hashes)


def with_policy(output: str) -> str:
    """The page with its policy's ``<meta>`` after its ``<meta charset>`` (or first in its
    ``<head>``)."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(output)}">'
    charset = _CHARSET.search(output)
    if charset is not None:
        return output[:charset.end()] + meta + output[charset.end():]
    return re.sub(r"<head[^>]*>", lambda m: m.group(0) + meta, output, count=1)


@event_priority(-100)  # after every other hook and plugin: the page as it is written
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return with_policy(output)


@event_priority(-100)
def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    """The pages written from a template alone (404.html) get the policy too."""
    if template_name.endswith(".html"):
        return with_policy(output_content)
    return output_content
