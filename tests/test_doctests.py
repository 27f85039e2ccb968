"""The examples in the package's docstrings run: every module's, so none can go stale unseen."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardrules

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(cardrules.__path__, "cardrules.")
    if not m.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
