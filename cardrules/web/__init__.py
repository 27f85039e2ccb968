"""The browser's side in Python: what the widget's Web Worker calls.

The worker imports this package and calls its functions by name; each takes and returns JSON
text (the ``*_data`` functions return the same as plain dicts).

==============================================  ==========================================
function                                        answer
==============================================  ==========================================
``deal_steps(record_json, lang, view)``         every step of a recorded deal as a viewer
                                                is shown it (:mod:`~cardrules.web.steps`)
``new_deal(game, players, seed, lang, view)``   a fresh deal played out by the bots, the
                                                same way
``link_steps(fragment, lang)``                  a shared link's deal, its step and view
                                                (:mod:`~cardrules.web.links`)
``lookup(text, lang)``                          a glossary term (:mod:`~cardrules.web.lookup`)
``run_example(term_id, lang)``                  runs a term's example
``catalog(lang)``                               the games, their player counts, the play
                                                labels (:mod:`~cardrules.web.catalog`)
==============================================  ==========================================

Play mode is :mod:`cardrules.web.play` and the analysis of a deal :mod:`cardrules.web.analysis`
(each imported at its first call).

An answer is ``{"ok": true, ...}`` or ``{"ok": false, "error": "<message in lang>"}``.
"""

from .catalog import catalog, catalog_data
from .links import LINK_KEYS, MAX_LINK_CHARS, link_data, link_steps, link_token, record_of_link
from .lookup import lookup, lookup_data, run_example, run_example_data
from .steps import (
    MAX_RECORD_CHARS,
    deal_data,
    deal_steps,
    new_deal,
    new_deal_data,
    steps_data,
)

__all__ = [
    "LINK_KEYS",
    "MAX_LINK_CHARS",
    "MAX_RECORD_CHARS",
    "catalog",
    "catalog_data",
    "deal_data",
    "deal_steps",
    "link_data",
    "link_steps",
    "link_token",
    "lookup",
    "lookup_data",
    "new_deal",
    "new_deal_data",
    "record_of_link",
    "run_example",
    "run_example_data",
    "steps_data",
]
