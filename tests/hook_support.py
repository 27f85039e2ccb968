"""The rulebook's MkDocs hooks (``docs/hooks/*.py``) loaded by the tests as MkDocs loads them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

HOOKS = Path(__file__).resolve().parent.parent / "docs" / "hooks"
"""The hooks' folder."""


def load_hook(name: str) -> ModuleType:
    """``docs/hooks/<name>.py`` as a module, loaded as MkDocs loads a hook: registered in
    ``sys.modules`` (as ``<name>_hook``), and with its folder on ``sys.path`` meanwhile, so that
    it imports what the hooks share (``_shared``)."""
    spec = importlib.util.spec_from_file_location(f"{name}_hook", HOOKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    saved = sys.path.copy()
    sys.path.insert(0, str(HOOKS))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module
