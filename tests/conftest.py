"""Test configuration: Hypothesis profiles (the default one keeps the property tests quick).

Run the long profile with ``pytest --hypothesis-profile=thorough``.
"""

from __future__ import annotations

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
