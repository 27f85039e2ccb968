"""The Sphinx roles of the package's docstrings as links in the API reference.

Not an MkDocs hook (``mkdocs.yml`` does not list it under ``hooks:``): a Griffe extension, which
mkdocstrings-python loads from its ``extensions:`` option, in both languages (``mkdocs.es.yml``
inherits the option).

Why: the docstrings name other objects the Sphinx way (:class:`~cardrules.bots.PimcBot`,
:func:`search`, :meth:`Game.play`), which reads well where they are read as text (``help()``, an
IDE), but the reference pages are Markdown, where a role showed as ":class:" followed by code, and
linked nowhere. Rather than rewrite the docstrings, this rewrites what the pages are made from:
once the package is loaded, each role in a docstring becomes a cross-reference.

* The target is found from the object the docstring belongs to, as Python would find the name:
  its members (a class's inherited ones too), then those of the class and module around it (the
  module's imports among them), then the package; else the name as written, from the top. The
  link goes to the object's canonical path, which mkdocstrings registers for every place the
  object is rendered under (``cardrules.bots.PimcBot`` for ``cardrules.bots.pimc.PimcBot``).
* The text is what Sphinx would show: ``~a.b.C`` shows ``C``, ``Title <a.b.C>`` shows
  ``Title``, anything else as written; always as code.
* A role becomes an *optional* autoref (``<autoref identifier=... optional>``, as
  mkdocstrings-python writes the names in signatures): mkdocs-autorefs links it if the object is
  rendered on some page, and otherwise leaves its text as code without a warning (a private name,
  a module no page renders). A name that is not the package's (:class:`random.Random`), or that
  names nothing, is written as plain code. So ``mkdocs build --strict`` has nothing to report.
* Roles in fenced code, in inline code and in doctest examples (``>>>`` lines and their output)
  are left as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from html import escape
from typing import Any

from griffe import Alias, Extension, GriffeError, GriffeLoader, Module, Object

ROLE = re.compile(
    r":(?:py:)?(?P<role>class|func|meth|attr|data|const|mod|exc|obj):`(?P<text>[^`]+)`"
)
"""A Sphinx role of the Python domain, as the docstrings write them (``:class:`~a.b.C```)."""

_INLINE = re.compile(
    r"(?P<code>(?P<ticks>`+)(?:(?!\n[ \t]*\n).)+?(?<!`)(?P=ticks)(?!`))|" + ROLE.pattern,
    re.DOTALL,
)
"""A code span (left as it is) or a role. A role starts with ``:``, a code span with a
backtick, so a role's own backticks are never taken for a code span."""

_FENCE = re.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})")
_EXPLICIT = re.compile(r"^(?P<title>.+?)\s*<(?P<target>[^<>]+)>$")


def _members(node: Object) -> Mapping[str, Object | Alias]:
    """A node's members; a class's inherited ones too."""
    if node.is_class:
        try:
            return node.all_members
        except GriffeError:  # a base that cannot be resolved
            return node.members
    return node.members


def _in_scope(scope: Object, name: str) -> str | None:
    """The path of ``name`` seen from ``scope``: a member of it or of an object around it."""
    node: Object | None = scope
    while node is not None:
        member = _members(node).get(name)
        if member is not None:
            return member.target_path if isinstance(member, Alias) else member.path
        if node.parent is not None and not node.parent.is_module and node.parent.name == name:
            return node.parent.path
        node = node.parent
    return None


def _canonical(root: Module, path: str) -> str | None:
    """The canonical path of the object at ``path`` if it is one of the package's (a class's
    inherited members count: ``Game.play`` is where ``play`` is defined)."""
    head, *names = path.split(".")
    if head != root.name:
        return None
    node: Object | Alias = root
    try:
        for name in names:
            node = _members(node.final_target if isinstance(node, Alias) else node)[name]
        return node.canonical_path
    except (KeyError, GriffeError):
        return None


def resolve(target: str, scope: Object) -> str | None:
    """The canonical path of what ``target`` names, seen from ``scope`` (None if nothing).

    ``target`` is a role's target without Sphinx's marks (``Game.play``, ``a.b.C``).
    """
    root = scope
    while root.parent is not None:
        root = root.parent
    if not isinstance(root, Module):
        return None
    head, _, rest = target.partition(".")
    candidates = []
    if (found := _in_scope(scope, head)) is not None:
        candidates.append(f"{found}.{rest}" if rest else found)
    candidates.append(target)
    for candidate in candidates:
        if (path := _canonical(root, candidate)) is not None:
            return path
    return None


def role_markup(text: str, scope: Object) -> str:
    """What a role whose text (between the backticks) is ``text`` becomes in ``scope``'s
    docstring: an optional autoref, or plain code if it names nothing of the package."""
    text = " ".join(text.split())  # a role may run over two lines
    if explicit := _EXPLICIT.match(text):
        title, target = explicit["title"], explicit["target"]
    elif text.startswith("~"):
        target = text[1:]
        title = target.rstrip("()").rsplit(".", 1)[-1] + ("()" if target.endswith("()") else "")
    else:
        title = target = text
    if target.startswith("!"):  # Sphinx: no link
        return f"`{title.removeprefix('!')}`"
    path = resolve(target.lstrip(".").removesuffix("()"), scope)
    if path is None:
        return f"`{title}`"
    return f'<autoref identifier="{escape(path)}" optional><code>{escape(title)}</code></autoref>'


def _runs(lines: list[str]) -> Iterator[tuple[bool, list[str]]]:
    """The docstring's lines in runs: ``(True, lines)`` for prose, ``(False, lines)`` for fenced
    code and doctest examples (from a ``>>>`` line to the next blank line)."""
    run: list[str] = []
    run_is_code = False
    fence = ""
    doctest = False
    for line in lines:
        if fence:
            is_code = True
            closing = _FENCE.match(line)
            if closing and closing["fence"][0] == fence[0] and len(closing["fence"]) >= len(fence) \
                    and not line.strip().strip(fence[0]):
                fence = ""
        elif doctest and line.strip():
            is_code = True
        elif opening := _FENCE.match(line):
            fence, is_code = opening["fence"], True
        else:
            doctest = is_code = line.lstrip().startswith(">>>")
        if run and is_code != run_is_code:
            yield not run_is_code, run
            run = []
        run_is_code = is_code
        run.append(line)
    if run:
        yield not run_is_code, run


def rewrite(docstring: str, scope: Object) -> str:
    """``docstring``, the docstring of ``scope``, with its roles rewritten (see the module's
    docstring)."""

    def replace(match: re.Match[str]) -> str:
        return match[0] if match["code"] is not None else role_markup(match["text"], scope)

    parts = []
    for prose, lines in _runs(docstring.split("\n")):
        text = "\n".join(lines)
        parts.append(_INLINE.sub(replace, text) if prose else text)
    return "\n".join(parts)


def _objects(obj: Object) -> Iterator[Object]:
    """``obj`` and everything defined in it (not what it imports)."""
    yield obj
    for member in obj.members.values():
        if not isinstance(member, Alias):
            yield from _objects(member)


class SphinxRoles(Extension):
    """Rewrites the roles of every docstring of a package once it is loaded."""

    def on_package(self, *, pkg: Module, loader: GriffeLoader, **kwargs: Any) -> None:
        for obj in _objects(pkg):
            if obj.docstring is not None and ":`" in obj.docstring.value:
                obj.docstring.value = rewrite(obj.docstring.value, obj)
