"""What the widget's menus offer: the games with their player counts, and the play labels.

The rulebook's build writes :func:`catalog_data` into each page, so the page needs no Python to
show its menus or to explain a label.
"""

from __future__ import annotations

from typing import Any

from ..games import GAMES
from ..words import known
from .answers import answer_text
from .lookup import plain

__all__ = ["catalog", "catalog_data"]


def catalog_data(lang: str = "en") -> dict[str, Any]:
    """What the widget's controls offer, in ``lang``: the games with their player counts, and
    each play label's term with its gloss and definition.

    The rulebook's build writes this into each page, so the page needs no Python to show its
    menus or to explain a label.
    """
    from ..core.labels import PlayLabel
    from ..learn import glossary

    language = known(lang)
    games = [
        {"id": g.id, "title": g.title.get(language, g.id), "players": list(g.player_counts)}
        for g in GAMES.values()
    ]
    labels = {}
    for term_id in [label.value for label in PlayLabel] + ["mano"]:
        term = glossary.get(term_id)
        labels[term_id] = {
            "word": term.word,
            "lang": term.lang,  # the word's own language, marked where the page's differs
            "gloss": term.gloss[language],
            "definition": plain(term.definition[language]),
        }
    terms = [{"id": t.id, "word": t.word} for t in glossary.terms()]
    return {"ok": True, "games": games, "labels": labels, "terms": terms}


def catalog(lang: str = "en") -> str:
    """:func:`catalog_data` as JSON text."""
    return answer_text(catalog_data(lang))
