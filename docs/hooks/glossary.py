"""MkDocs hook: glossary tooltips (abbr) in the page's language, and the generated glossary pages.

Placeholder while cardrules.glossary is being written: it only wires the tooltips when the
glossary module is importable.
"""

from __future__ import annotations

from typing import Any


def on_config(config: Any) -> Any:
    try:
        from cardrules import glossary
    except ImportError:
        return config
    lang = str((config.extra or {}).get("lang") or config.theme.get("language") or "en")
    names = list(config.markdown_extensions)
    if not any(n in ("abbr", "markdown.extensions.abbr") for n in names):
        config.markdown_extensions.append("abbr")
    key = next((n for n in names if n in ("abbr", "markdown.extensions.abbr")), "abbr")
    config.mdx_configs.setdefault(key, {})["glossary"] = dict(glossary.tooltips(lang))
    return config
