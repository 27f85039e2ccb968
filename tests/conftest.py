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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Collect the browser tests first, the axe sweep's shares before them (a stable sort keeps
    each file's order). pytest-xdist hands out whole files and classes in this order
    (``--dist loadscope``), so the longest ones start first and the short ones fill the end,
    instead of a long browser file running alone while the other worker waits."""

    def weight(item: pytest.Item) -> int:
        name = item.path.name
        if name == "test_a11y_browser.py" and isinstance(item, pytest.Function) \
                and item.cls is not None:
            return 0
        return 1 if name.endswith("_browser.py") else 2

    items.sort(key=weight)
