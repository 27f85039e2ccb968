"""Test configuration: Hypothesis profiles (the default one keeps the property tests quick).

Run the long profile with ``pytest --hypothesis-profile=thorough``.
"""

from __future__ import annotations

import pytest
from browser_support import base_url, browser, site  # noqa: F401  (shared browser fixtures)
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=2000,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")


def pytest_configure(config: pytest.Config) -> None:
    """Under ``--dist loadscope``, hand out the files and classes in the order below.

    pytest-xdist otherwise sorts them by their number of tests, most first (its
    ``--loadscope-reorder``, on by default), undoing that order: the axe sweep's twelve shares,
    one test each and the longest scopes of the suite (57-106 s each), went out 99th to 110th of
    114 (test_play_browser.py and test_properties.py just before them), so the run ended on its
    longest work instead of its shortest."""
    if hasattr(config.option, "loadscopereorder"):  # pytest-xdist is loaded
        config.option.loadscopereorder = False


LONG_FILES = (
    "test_practice_claims.py", "test_properties.py", "test_web.py", "test_cli.py",
    "test_engine.py", "test_cli_hostile.py", "test_opponents.py", "test_bots.py",
    "test_site.py", "test_play.py", "test_hostile_input.py",
)
"""The test files without a browser that take longest, longest first: 116 s down to 39 s of a
worker's time each (--durations=0 over every such file, two workers on a busy machine, 28
November 2026; 1,042 s in all, the next file 36 s). Handed out after the browser tests and before
the other files, none of them is left for the end behind the many short files."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Collect the browser tests first, the axe sweep's shares before them, then the longest
    files without a browser (:data:`LONG_FILES`), then the rest (a stable sort keeps each file's
    order). pytest-xdist hands out whole files and classes in this order (``--dist loadscope``,
    its reordering turned off above), so the longest ones start first and the short ones fill
    the end, instead of a long file running alone while the other workers wait."""

    def weight(item: pytest.Item) -> tuple[int, int]:
        name = item.path.name
        if name == "test_a11y_browser.py" and isinstance(item, pytest.Function) \
                and item.cls is not None:
            return (0, 0)
        # test_reading.py reads the pages in the browser too.
        if name.endswith("_browser.py") or name == "test_reading.py":
            return (1, 0)
        if name in LONG_FILES:
            return (2, LONG_FILES.index(name))
        return (3, 0)

    items.sort(key=weight)
