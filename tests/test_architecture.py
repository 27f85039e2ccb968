"""Front ends read a game's facts through the hooks a game declares (``cardrules.engine.facts``,
the :class:`~cardrules.engine.Rules` hooks, the core action types), never by name.

Outside ``cardrules/games/`` (the rest of the package and the site's hooks, ``docs/hooks/``),
no module may import a game's module or class (the registry, ``cardrules.games``' ``GAMES``,
``rules_for``, ``game_id``, is the way in; only ``cardrules/__init__.py`` re-exports a few move
classes as the public API), compare a game id, compare an action keyword of a registered game's
moves, or ``getattr`` / ``hasattr`` a field that only a game's own classes have. The game ids,
keywords and fields are read from the registered games, so a new game's are covered without
touching this file. The check reads the source (``ast``): no module is run.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import cardrules.games
from cardrules.core.actions import Move
from cardrules.games import ALIASES, GAMES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardrules"
GAMES_DIR = PACKAGE / "games"
CHECKED = sorted(
    path for folder in (PACKAGE, ROOT / "docs" / "hooks") for path in folder.rglob("*.py")
    if GAMES_DIR not in path.parents and "__pycache__" not in path.parts
)


@cache
def game_modules() -> tuple[str, ...]:
    """The modules of ``cardrules.games`` (not the registry itself)."""
    return tuple(m.name for m in pkgutil.iter_modules(cardrules.games.__path__,
                                                      "cardrules.games."))


@cache
def game_classes() -> tuple[type, ...]:
    """Every class a game module defines."""
    found: list[type] = []
    for name in game_modules():
        module = importlib.import_module(name)
        found += [c for _, c in inspect.getmembers(module, inspect.isclass)
                  if c.__module__ == name]
    return tuple(found)


@cache
def game_ids() -> frozenset[str]:
    """The registered games' ids and the other names they go by."""
    return frozenset(GAMES) | frozenset(ALIASES)


@cache
def keywords() -> frozenset[str]:
    """The keywords of the registered games' moves (``bid``, ``pass``, ``exchange``...)."""
    found = {m.keyword for rules in GAMES.values() for m in rules.move_types}
    assert {"bid", "pass", "exchange", "call", "discard", "trump", "declare"} <= found
    return frozenset(found)


@cache
def game_fields() -> frozenset[str]:
    """The fields only a game's own classes have: its details, results, options and moves'
    fields and annotated attributes, less those of the engine's and the core's classes."""
    def names(cls: type) -> set[str]:
        out = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
        for klass in (k for k in cls.__mro__ if k.__module__.startswith("cardrules.")):
            out |= set(vars(klass).get("__annotations__", {}))
            out |= {n for n, v in vars(klass).items() if isinstance(v, property)}
        return out

    general: set[str] = set()
    for module in ("cardrules.core.actions", "cardrules.engine.state", "cardrules.engine.rules",
                   "cardrules.engine.facts", "cardrules.core.options"):
        for _, cls in inspect.getmembers(importlib.import_module(module), inspect.isclass):
            general |= names(cls)
    general |= names(Move)
    own = set().union(*(names(c) for c in game_classes()))
    # A game's move that names a card has ``card`` from the core's CardMove: still a field only
    # some moves have, to be read after an isinstance, not by name.
    return frozenset((own - general) | {"card", "suit", "number"})


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_module(node: ast.ImportFrom, path: Path, root: Path) -> str:
    """The absolute module name of a ``from ... import`` (relative ones resolved)."""
    if not node.level:
        return node.module or ""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def strings(node: ast.expr) -> Iterator[str]:
    """The string literals an operand of a comparison holds (itself, or in a tuple, list, set)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from strings(item)


def by_name(path: Path, root: Path = ROOT) -> list[str]:
    """Each place where ``path`` (under ``root``) reads a game's facts by name, as
    ``line: what``."""
    found: list[str] = []
    registry = {name for name, value in vars(cardrules.games).items()
                if not (inspect.isclass(value) and value in game_classes())}
    public_api = path == root / "cardrules" / "__init__.py"  # re-exports, reads nothing
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import | ast.ImportFrom) and public_api:
            continue
        if isinstance(node, ast.Import):
            found += [f"{line}: imports {a.name}" for a in node.names
                      if a.name.startswith("cardrules.games.")]
        elif isinstance(node, ast.ImportFrom):
            module = imported_module(node, path, root)
            if module.startswith("cardrules.games."):
                found.append(f"{line}: imports from {module}")
            elif module == "cardrules.games":
                found += [f"{line}: imports {a.name} from cardrules.games" for a in node.names
                          if a.name not in registry]
        elif isinstance(node, ast.Compare | ast.MatchValue):  # ==, in... or a match's case
            operands = [node.left, *node.comparators] if isinstance(node, ast.Compare) else [
                node.value]
            said = [s for operand in operands for s in strings(operand)]
            if any(isinstance(o, ast.Attribute) and o.attr == "id" for o in operands) and said:
                found.append(f"{line}: compares a game id")
            found += [f"{line}: compares the game id {s!r}" for s in said if s in game_ids()]
            found += [f"{line}: compares the keyword {s!r}" for s in said if s in keywords()]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant) and node.args[1].value in game_fields()):
            found.append(f"{line}: {node.func.id}(..., {node.args[1].value!r})")
    return sorted(found, key=lambda hit: int(hit.split(":")[0]))


def test_the_check_finds_each_kind_of_reading_by_name(tmp_path: Path) -> None:
    """The check itself: each kind of reading by name is found, and a reading through the
    hooks is not."""
    folder = tmp_path / "cardrules" / "account"
    folder.mkdir(parents=True)
    sample = folder / "sample.py"
    sample.write_text(
        "from ..games.chiamata import Chiamata\n"
        "from cardrules.games import GAMES, Rematada, rules_for\n"
        "import cardrules.games.tute\n"
        "if rules.id == 'x' or game in ('brisca', 'tute'):\n"
        "    pass\n"
        "if move.keyword != 'bid' and kind == 'plain':\n"
        "    shown = getattr(details, 'trump_card', None)\n"
        "named = getattr(action, 'card', None)\n"
        "fine = getattr(stream, 'reconfigure', None)\n"
        "contract = rules.contract(details)\n"
        "match move.keyword:\n"
        "    case 'exchange':\n"
        "        pass\n", "utf-8")
    assert by_name(sample, tmp_path) == [
        "1: imports from cardrules.games.chiamata",
        "2: imports Rematada from cardrules.games",
        "3: imports cardrules.games.tute",
        "4: compares a game id",
        "4: compares the game id 'brisca'",
        "4: compares the game id 'tute'",
        "6: compares the keyword 'bid'",
        "7: getattr(..., 'trump_card')",
        "8: getattr(..., 'card')",
        "12: compares the keyword 'exchange'",
    ]


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_game_facts_by_name(path: Path) -> None:
    assert by_name(path) == []
