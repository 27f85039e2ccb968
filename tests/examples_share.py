"""How many examples a property test tries: its full count, or a share of it.

The whole suite runs every property test at its full count. ``scripts/test.sh`` runs the rule
tests once more on each other CPython it finds (3.12-3.14), where they check that the package
behaves the same, not search again for rare deals: there ``CARDRULES_EXAMPLES_SHARE=0.2`` runs
a fifth of the examples of each test (at least :data:`FEWEST`).
"""

from __future__ import annotations

import os

FEWEST = 20
"""The fewest examples a test runs, whatever the share."""


def _share() -> float:
    text = os.environ.get("CARDRULES_EXAMPLES_SHARE", "1")
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0 < share <= 1:
        raise ValueError(f"CARDRULES_EXAMPLES_SHARE must be a number in (0, 1], not {text!r}")
    return share


SHARE = _share()


def examples(full: int) -> int:
    """The examples to run of a test whose full count is ``full``.

    Examples:
        >>> examples(1500) == (1500 if SHARE == 1 else max(FEWEST, round(1500 * SHARE)))
        True
    """
    return min(full, max(FEWEST, round(full * SHARE)))
