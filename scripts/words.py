"""Keep the catalogue of words (cardrules/words/locale) in step with the code. Uses Babel.

    python scripts/words.py update          # extract the messages, update every .po, compile .mo
    python scripts/words.py check           # exit 1 if anything is missing, stale or mismatched
    python scripts/words.py merge FILE.po   # add the translations of FILE.po to its language
                                            # (FILE's "Language:" header, else --lang), then update

The message ids are the English sentences in the code (the package ``cardrules/`` and the site's
MkDocs hooks ``docs/hooks/*.py``): calls of ``_``, ``n_`` (plural forms),
``p_`` (with a context), ``N_`` (marked, said later), ``Message`` and of every exception class
of the package (their first argument is the message). ``update`` writes the template
``cardrules.pot`` and, for each language, adds the new messages (untranslated) to its ``.po``,
drops the ones the code no longer uses and compiles the ``.mo`` the package reads.
``merge`` is safe to run from several shells at once (it locks the catalogue while it works).
A new language: copy ``cardrules.pot`` to ``<lang>/LC_MESSAGES/cardrules.po``, translate, run
``update``.
"""

from __future__ import annotations

import argparse
import ast
import fcntl
import io
import re
import string
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardrules"
LOCALE = PACKAGE / "words" / "locale"
TEMPLATE = LOCALE / "cardrules.pot"
FIXED = datetime(2026, 1, 1, tzinfo=UTC)  # no dates in the header: no churn
HEADER = "The catalogue of words of cardrules (see cardrules/words/__init__.py)."


class StableCatalog(Catalog):
    """Babel's catalogue without its "Generated-By: Babel <version>" header: the .pot, .po and
    .mo files depend on the messages only, not on which Babel release wrote them (a fresh
    machine installs the newest one)."""

    @property
    def mime_headers(self) -> list[tuple[str, str]]:
        headers = [(name, value) for name, value in super().mime_headers
                   if name != "Generated-By"]
        name, value = headers[-1]
        return [*headers[:-1], (name, value + "\n")]  # the header ends with a newline, as before

    @mime_headers.setter
    def mime_headers(self, headers: Any) -> None:
        self._set_mime_headers(headers)


def keywords() -> dict[str, object]:
    """The functions whose arguments are messages, and which argument: the catalogue's own
    (``_``, ``n_``, ``p_``, ``N_``, ``Message``) and every exception class of the package (read
    from the sources, not imported, so that a half-written module cannot stop the catalogue)."""
    found: dict[str, object] = {"_": None, "N_": None, "Message": None,
                                "n_": (1, 2), "p_": ((1, "c"), 2)}
    bases: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = {b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                         if isinstance(b, ast.Name | ast.Attribute)}
                bases.setdefault(node.name, set()).update(names)
    errors = {"CardrulesError"}
    while True:
        more = {name for name, parents in bases.items() if parents & errors} - errors
        if not more:
            break
        errors |= more
    found.update(dict.fromkeys(errors))
    return found


FENCE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
"""A page's Python example (the rulebook's toy game writes its sentences there)."""


def extract_python(fileobj: Any, keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Babel's extraction method for Python, reading the syntax tree: a message inside an
    f-string is found too (Babel's own tokenizer misses those on Python 3.11). A Markdown page
    gives the messages of its ``python`` examples."""
    text = fileobj.read().decode("utf-8")
    if fileobj.name.endswith(".md"):
        for block in FENCE.findall(text):
            yield from _calls(ast.parse(block), keywords)
        return
    yield from _calls(ast.parse(text), keywords)


def _calls(tree: ast.AST,
           keywords: Any) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else None)
        if name is None or name not in keywords:
            continue
        args = tuple(arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                     else None for arg in node.args)
        if args and any(arg is not None for arg in args):
            yield node.lineno, name, args, []


def extract() -> Catalog:
    """Every message of the code (the package, the site's MkDocs hooks in ``docs/hooks``, and
    the toy game the engine page writes), as a template."""
    catalog = StableCatalog(domain="cardrules", header_comment=f"# {HEADER}", project="cardrules",
                      version="", fuzzy=False, creation_date=FIXED, revision_date=FIXED)
    found = [
        item
        for folder, pattern in ((PACKAGE, "**.py"), (ROOT / "docs" / "hooks", "*.py"),
                                (ROOT / "docs" / "en", "engine.md"))
        for item in extract_from_dir(
            str(folder), method_map=[(pattern, extract_python)],  # type: ignore[list-item]
            keywords=keywords(),  # type: ignore[arg-type]
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
        )
    ]
    for _filename, _lineno, message, comments, context in found:
        if isinstance(message, tuple) and message[0] == "":
            continue
        if message == "":
            continue
        catalog.add(message, None, [], auto_comments=comments, context=context)
    return catalog


def catalogue_files() -> list[Path]:
    """The .po file of every language."""
    return sorted(LOCALE.glob("*/LC_MESSAGES/cardrules.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        catalog = read_po(file)
    catalog.__class__ = StableCatalog  # read_po takes no catalogue class
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, omit_header=False, sort_output=True,
             ignore_obsolete=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def language_of(path: Path) -> str:
    return path.parent.parent.name


def updated(template: Catalog, catalog: Catalog) -> Catalog:
    """``catalog`` with the template's messages: new ones untranslated, unused ones gone."""
    fresh = StableCatalog(locale=catalog.locale, domain="cardrules", header_comment=f"# {HEADER}",
                          project="cardrules", version="", fuzzy=False, creation_date=FIXED,
                          revision_date=FIXED)
    fresh.language_team = catalog.language_team
    # A language keeps the plural rule its catalogue states: Babel's default for a locale
    # follows CLDR, which changes between releases (Spanish gained a third form, for millions).
    fresh._set_mime_headers([("Plural-Forms", catalog.plural_forms)])
    for message in template:
        if not message.id:
            continue
        old = catalog.get(message.id, context=message.context)
        string_ = old.string if old is not None and not old.fuzzy else (
            ("",) * fresh.num_plurals if isinstance(message.id, tuple) else "")
        fresh.add(message.id, string_, [], auto_comments=message.auto_comments,
                  user_comments=old.user_comments if old is not None else [],
                  context=message.context)
    return fresh


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(template: Catalog, path: Path) -> Iterator[str]:
    """What is wrong with one language's catalogue."""
    lang = language_of(path)
    catalog = read(path)
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        name = message.id[0] if isinstance(message.id, tuple) else message.id
        if found is None:
            yield f"{lang}: missing {name!r}"
            continue
        if found.fuzzy:
            yield f"{lang}: fuzzy {name!r}"
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if not all(strings):
            yield f"{lang}: untranslated {name!r}"
            continue
        wanted = set().union(*(fields(str(i)) for i in ids))
        said = [fields(str(s)) for s in strings]
        if isinstance(message.id, tuple):
            if not all(s <= wanted | {"n"} for s in said) or set().union(*said) | {"n"} != (
                    wanted | {"n"}):
                yield f"{lang}: placeholders differ in {name!r}"
        elif said[0] != wanted:
            yield f"{lang}: placeholders differ in {name!r}: {sorted(wanted)} / {sorted(said[0])}"
    for message in catalog:
        if message.id and template.get(message.id, context=message.context) is None:
            name = message.id[0] if isinstance(message.id, tuple) else message.id
            yield f"{lang}: not used by the code {name!r}"
    mo = path.with_suffix(".mo")
    if not mo.is_file() or mo.read_bytes() != mo_bytes(catalog):
        shown = mo.relative_to(ROOT) if mo.is_relative_to(ROOT) else mo
        yield f"{lang}: {shown} is not compiled from its .po (run update)"


@contextmanager
def locked() -> Iterator[None]:
    LOCALE.mkdir(parents=True, exist_ok=True)
    with (LOCALE / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def update() -> None:
    template = extract()
    TEMPLATE.write_bytes(po_bytes(template))
    for path in catalogue_files():
        catalog = updated(template, read(path))
        path.write_bytes(po_bytes(catalog))
        path.with_suffix(".mo").write_bytes(mo_bytes(read(path)))


def merge(fragment: Path, lang: str | None) -> list[str]:
    """Add ``fragment``'s translations to its language's catalogue; returns what it skipped."""
    with fragment.open("rb") as file:
        new = read_po(file)
    lang = lang or (str(new.locale) if new.locale else None)
    if not lang:
        raise SystemExit("words: say the language (--lang es) or give the fragment a Language:")
    path = LOCALE / lang / "LC_MESSAGES" / "cardrules.po"
    skipped = []
    with locked():
        catalog = read(path) if path.is_file() else StableCatalog(locale=lang, domain="cardrules")
        for message in new:
            if not message.id:
                continue
            if not (all(message.string) if isinstance(message.string, tuple) else message.string):
                skipped.append(str(message.id))
                continue
            old = catalog.get(message.id, context=message.context)
            if old is None:
                catalog[message.id] = Message(message.id, message.string, context=message.context)
            else:  # (setting an existing id again keeps its old string: set the string itself)
                old.string, old.flags = message.string, set()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(po_bytes(catalog))
        update()
    return skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("update")
    sub.add_parser("check")
    merging = sub.add_parser("merge")
    merging.add_argument("fragment", type=Path)
    merging.add_argument("--lang")
    args = parser.parse_args(argv)
    if args.command == "update":
        with locked():
            update()
        return 0
    if args.command == "merge":
        skipped = merge(args.fragment, args.lang)
        for name in skipped:
            print(f"words: no translation for {name!r}: skipped", file=sys.stderr)
        return 0
    template = extract()
    found = [p for path in catalogue_files() for p in problems(template, path)]
    if TEMPLATE.is_file() and TEMPLATE.read_bytes() != po_bytes(template):
        found.append(f"{TEMPLATE.relative_to(ROOT)} is not the code's messages (run update)")
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
