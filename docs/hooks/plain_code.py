"""MkDocs hook: code without markup where the markup changes nothing.

Pygments wraps every token of a code block in a ``<span>``, names, punctuation and operators
included, which the site draws in the code's own colour (docs/assets/cardrules.css): those
spans change nothing a reader sees or hears, yet they were more than a quarter of the elements
on the pages with code (3,997 of 10,852 on the glossary), and every element is work for the
browser and for the accessibility checker. Their text stays, unwrapped; keywords, strings,
numbers, comments and the rest keep their spans and their colours.
"""

from __future__ import annotations

import re

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

PLAIN = ("n", "p", "o", "w")
"""Pygments' token classes drawn in the code's own colour: a name, punctuation, an operator,
white space."""

_BLOCK = re.compile(r"<pre\b.*?</pre>|<code\b[^>]*\bhighlight\b[^>]*>.*?</code>", re.DOTALL)
_PLAIN_SPAN = re.compile(r'<span class="(?:{})">([^<]*)</span>'.format("|".join(PLAIN)))


def plain(html: str) -> str:
    """``html`` with the spans of plain tokens in its code blocks (and highlighted inline code)
    replaced by their text.

    >>> plain('<pre><code><span class="n">x</span> <span class="o">=</span> '
    ...       '<span class="mi">1</span></code></pre>')
    '<pre><code>x = <span class="mi">1</span></code></pre>'
    >>> plain('<p><span class="n">kept</span> outside code</p>')
    '<p><span class="n">kept</span> outside code</p>'
    """
    return _BLOCK.sub(lambda block: _PLAIN_SPAN.sub(r"\1", block.group(0)), html)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    return plain(html)
