"""The glossary for the widget: a term looked up, and a term's example run.

==========================================  ==============================================
function                                    answer
==========================================  ==============================================
``lookup(text, lang)``                      a glossary term: glosses, definition, example
``run_example(term_id, lang)``              runs a term's example and says whether it passed
==========================================  ==============================================
"""

from __future__ import annotations

import contextlib
import io
import time
import traceback
from typing import Any

from ..core.errors import shown
from ..words import known, words
from .answers import answer_text

__all__ = ["lookup", "lookup_data", "plain", "run_example", "run_example_data"]


def plain(text: str) -> str:
    """Glossary text without its Markdown emphasis."""
    return text.replace("*", "")


def lookup_data(text: str, lang: str = "en") -> dict[str, Any]:
    """The glossary term that ``text`` names (any form, any case, accents optional).

    Args:
        text: what the reader typed or clicked.
        lang: the page's language.

    Returns:
        ``{"ok": True, "found": True, "id", "word", "lang", "lang_name", "gloss": {"en",
        "es"}, "definition", "forms", "games", "see": [{"id", "word"}], "example", "others"}``
        (``others``: further terms that match the text); or ``{"ok": True, "found": False,
        "suggestions": [words]}``.
    """
    from ..learn import glossary

    language = known(lang)
    query = text.strip()[:100]
    term = glossary.lookup(query) if query else None
    matches = glossary.search(query, language) if query else ()
    if term is None and matches:
        term = matches[0]
    if term is None:
        return {"ok": True, "found": False, "query": query, "suggestions": _close(query)}
    return {
        "ok": True,
        "found": True,
        "query": query,
        "id": term.id,
        "word": term.word,
        "lang": term.lang,
        "lang_name": glossary.TERM_LANGS[term.lang][language],
        "gloss": {"en": term.gloss.en, "es": term.gloss.es},
        "definition": plain(term.definition[language]),
        "forms": list(term.forms),
        "games": [glossary.game_title(g, language) for g in term.games],
        "see": [{"id": i, "word": glossary.get(i).word} for i in term.see],
        "example": term.example.strip("\n"),
        "others": [{"id": t.id, "word": t.word} for t in matches if t.id != term.id][:5],
    }


def _close(query: str, limit: int = 3) -> list[str]:
    """Glossary words close to a misspelt query."""
    import difflib

    from ..learn import glossary

    names: dict[str, str] = {}
    for term in glossary.terms():
        for name in term.names:
            names.setdefault(name.lower(), term.word)
    close = difflib.get_close_matches(query.lower(), list(names), n=limit * 3, cutoff=0.7)
    return list(dict.fromkeys(names[c] for c in close))[:limit]


def lookup(text: str, lang: str = "en") -> str:
    """:func:`lookup_data` as JSON text."""
    return answer_text(lookup_data(text, lang))


def run_example_data(term_id: str, lang: str = "en") -> dict[str, Any]:
    """Run the example of a glossary term, in a namespace of its own.

    Returns:
        ``{"ok": True, "id", "passed": bool, "ms": float, "output": printed text,
        "error": the last lines of the traceback, or ""}``; ``{"ok": False, "error"}`` for an
        unknown term.
    """
    from ..learn import glossary

    language = known(lang)
    try:
        term = glossary.get(term_id)
    except KeyError:
        return {"ok": False, "error": words(language)._("no glossary term {term}",
                                                        term=shown(term_id, language))}
    out = io.StringIO()
    namespace: dict[str, Any] = {"__name__": f"glossary_example_{term.id.replace('-', '_')}"}
    start = time.perf_counter()
    error = ""
    try:
        code = compile(term.example, f"<glossary example: {term.id}>", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
    except Exception:  # the example failed: say how, the way Python would
        lines = traceback.format_exc().strip().splitlines()
        error = "\n".join(lines[-3:])
    ms = (time.perf_counter() - start) * 1000
    return {
        "ok": True,
        "id": term.id,
        "passed": not error,
        "ms": round(ms, 1),
        "output": out.getvalue()[:2000],
        "error": error,
    }


def run_example(term_id: str, lang: str = "en") -> str:
    """:func:`run_example_data` as JSON text."""
    return answer_text(run_example_data(term_id, lang))


