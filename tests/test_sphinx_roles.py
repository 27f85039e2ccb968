"""The Griffe extension that turns the docstrings' Sphinx roles into cross-references for the API
reference (docs/hooks/sphinx_roles.py), run on a small package as mkdocstrings runs it: loaded by
its path, on the docstrings once the package is loaded. What the built pages show is tested in
tests/test_site.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from griffe import Module, load_extensions, temporary_visited_package
from hook_support import HOOKS

EXTENSION = f"{HOOKS / 'sphinx_roles.py'}:SphinxRoles"
"""As mkdocs.yml names it (mkdocstrings makes the path absolute)."""

BOTS = '''\
"""Bots: a :class:`Bot` is made by :func:`make`, :func:`~demo.bots.make` or
:func:`demo.make`; see :mod:`demo.bots` and :data:`LIMIT`.

Not the package's: :class:`random.Random`; nothing: :func:`nowhere`; not linked: :func:`!make`.
Inline code is left alone: ``:class:`Bot```.

Examples:
    >>> print(":class:`Bot`")
    :class:`Bot`

```python
text = ":func:`make`"
```

After the example, :class:`Bot` again.
"""

import random

LIMIT = 3
"""At most :data:`LIMIT` bots (:class:`random.Random` seeds them)."""


class Base:
    def choose(self) -> int:
        """Pick one (:attr:`Bot.seed <demo.bots.Bot.seed>`)."""
        return 0


class Bot(Base):
    """A bot: :meth:`choose` is inherited, :meth:`Bot.choose` too; :attr:`seed` is its own, and
    a role may run over two lines: :class:`the bot
    <demo.bots.Bot>`."""

    seed: int = 0
    """Seeds :meth:`~Bot.choose` (:class:`Base`)."""


def make() -> Bot:
    """A :class:`Bot` (:exc:`ValueError` if it cannot)."""
    return Bot()
'''

INIT = '''\
"""The package: :class:`~demo.bots.Bot` and :func:`make` (:func:`bots.make`)."""

from .bots import Bot, make
'''


def ref(path: str, title: str) -> str:
    return f'<autoref identifier="{path}" optional><code>{title}</code></autoref>'


@pytest.fixture(scope="module")
def package() -> Iterator[Module]:
    with temporary_visited_package("demo", {"__init__.py": INIT, "bots.py": BOTS},
                                   extensions=load_extensions(EXTENSION)) as package:
        yield package


def docstring(package: Module, path: str) -> str:
    obj = package.get_member(path) if path else package
    assert obj.docstring is not None
    return obj.docstring.value


def test_roles_become_optional_autorefs_to_canonical_paths(package: Module) -> None:
    bot, make = ref("demo.bots.Bot", "Bot"), ref("demo.bots.make", "make")
    assert docstring(package, "bots").split("\n")[:2] == [
        f"Bots: a {bot} is made by {make}, {make} or",
        f"{ref('demo.bots.make', 'demo.make')}; see {ref('demo.bots', 'demo.bots')} and "
        f"{ref('demo.bots.LIMIT', 'LIMIT')}.",
    ]
    # The package's own names and imports: demo.Bot is demo.bots.Bot.
    assert docstring(package, "") == (
        f"The package: {bot} and {make} ({ref('demo.bots.make', 'bots.make')}).")


def test_names_are_found_from_the_docstrings_object(package: Module) -> None:
    choose = "demo.bots.Base.choose"
    assert docstring(package, "bots.Bot") == (
        f"A bot: {ref(choose, 'choose')} is inherited, {ref(choose, 'Bot.choose')} too; "
        f"{ref('demo.bots.Bot.seed', 'seed')} is its own, and\n"
        f"a role may run over two lines: {ref('demo.bots.Bot', 'the bot')}.")
    assert docstring(package, "bots.Bot.seed") == (
        f"Seeds {ref(choose, 'choose')} ({ref('demo.bots.Base', 'Base')}).")
    assert docstring(package, "bots.Base.choose") == (
        f"Pick one ({ref('demo.bots.Bot.seed', 'Bot.seed')}).")


def test_what_names_nothing_of_the_package_is_plain_code(package: Module) -> None:
    text = docstring(package, "bots")
    assert "Not the package's: `random.Random`; nothing: `nowhere`; not linked: `make`." in text
    assert docstring(package, "bots.LIMIT") == (
        f"At most {ref('demo.bots.LIMIT', 'LIMIT')} bots (`random.Random` seeds them).")
    assert docstring(package, "bots.make").endswith("(`ValueError` if it cannot).")


def test_code_is_left_as_written(package: Module) -> None:
    text = docstring(package, "bots")
    assert "Inline code is left alone: ``:class:`Bot```." in text
    assert '    >>> print(":class:`Bot`")\n    :class:`Bot`\n' in text
    assert '```python\ntext = ":func:`make`"\n```' in text
    assert text.endswith(f"After the example, {ref('demo.bots.Bot', 'Bot')} again.")
