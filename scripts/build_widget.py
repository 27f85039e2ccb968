"""Build what the rulebook's in-browser widget serves: the cardrules wheel and its bytecode.

    python scripts/build_widget.py [--dist DIR] [--no-bytecode] [--no-snapshot] [--force]

1. The wheel, ``python -m build --wheel``, into ``dist/`` (``--dist``). It is built from a
   fresh copy of the package's sources (``pyproject.toml``, ``README.md``, ``cardrules/``) in a
   temporary folder, so that nothing stale in ``build/`` gets into it and
   two builds at once do not meet. Skipped when the wheel is newer than every source
   (``--force`` builds it anyway).
2. The bytecode bundle, ``dist/<wheel>.pyodide-bytecode.zip``: the modules the widget imports,
   compiled by the site's own Pyodide (``node scripts/widget_bytecode.mjs``, from
   ``node_modules/pyodide``: run ``npm ci`` first), so that the browser does not compile them.
   Made again when the wheel or the runtime changes; left out without Node (``--no-bytecode``
   leaves it out anyway): the widget then compiles the sources itself, a little more slowly.
3. The memory snapshot, ``dist/<wheel>.pyodide-snapshot.gz``: the site's Pyodide with cardrules
   installed and imported (``node scripts/widget_snapshot.mjs``), which the widget starts from
   instead of starting Python and importing the package in the browser. Made again when the
   wheel or the runtime changes; left out without Node (``--no-snapshot`` leaves it out anyway):
   the widget then starts the usual way.
4. ``dist/widget.json``, what was built: ``{"wheel", "digest", "bytecode", "snapshot"}``. The
   MkDocs hook (``docs/hooks/widget.py``) reads it and copies those files into the site; it
   builds nothing.

``scripts/build_site.sh`` runs this before MkDocs. Nothing is fetched but what ``python -m
build`` needs for an isolated build (the build backend, from the package index); offline, the
installed setuptools is used instead.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "cardrules")
"""What the wheel is built from (the rest of the repository does not go into it)."""
RUNTIME = ROOT / "node_modules" / "pyodide"
MANIFEST = "widget.json"


def version() -> str:
    """The package's version, read from its sources (no import of an installed copy)."""
    for line in (ROOT / "cardrules" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("build_widget: no __version__ in cardrules/__init__.py")


def wheel_name() -> str:
    """The file name of the wheel ``python -m build --wheel`` makes."""
    return f"cardrules-{version()}-py3-none-any.whl"


def _source_files() -> list[Path]:
    files: list[Path] = []
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            files.extend(p for p in path.rglob("*")
                         if p.is_file() and "__pycache__" not in p.parts)
        elif path.is_file():
            files.append(path)
    return files


def newest_source() -> float:
    """The latest modification time of the wheel's sources."""
    return max((p.stat().st_mtime for p in _source_files()), default=0.0)


def build_wheel(dist: Path, force: bool = False) -> Path:
    """``dist/<wheel>``, built unless it is newer than every source."""
    wheel = dist / wheel_name()
    if not force and wheel.is_file() and wheel.stat().st_mtime >= newest_source():
        print(f"build_widget: {wheel.relative_to(ROOT) if wheel.is_relative_to(ROOT) else wheel}"
              " is up to date")
        return wheel
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardrules-wheel-") as scratch:
        tree = Path(scratch) / "src"
        tree.mkdir()
        for name in SOURCES:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, tree / name,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source, tree / name)
        out = Path(scratch) / "out"
        command = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out)]
        done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=False)
        if done.returncode != 0:  # no package index to fetch the backend from: the installed one
            done = subprocess.run([*command, "--no-isolation"], cwd=tree, capture_output=True,
                                  text=True, check=False)
        built = out / wheel.name
        if done.returncode != 0 or not built.is_file():
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
            raise SystemExit(f"build_widget: python -m build --wheel failed:\n{tail}")
        shutil.copy2(built, wheel)
    print(f"build_widget: built {wheel}")
    return wheel


def digest(path: Path) -> str:
    """A short content hash (the site's cache-busting query)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def runtime_version() -> str:
    """The version of the Pyodide in node_modules (``npm ci``)."""
    lock = RUNTIME / "pyodide-lock.json"
    if not lock.is_file():
        raise SystemExit(f"build_widget: no Pyodide runtime in {RUNTIME}: run `npm ci` "
                         "(scripts/setup.sh does)")
    data = json.loads(lock.read_text(encoding="utf-8"))
    return str(data.get("info", {}).get("version", "?"))


def build_bytecode(wheel: Path, wheel_digest: str) -> Path | None:
    """``<wheel>.pyodide-bytecode.zip`` next to the wheel (``None`` without Node)."""
    bundle = wheel.with_name(f"{wheel.stem}.pyodide-bytecode.zip")
    stamp = bundle.with_suffix(".stamp")
    wanted = f"{wheel_digest} {runtime_version()}"
    if bundle.is_file() and stamp.is_file() and stamp.read_text().strip() == wanted:
        print(f"build_widget: {bundle.name} is up to date")
        return bundle
    node = shutil.which("node")
    if node is None:
        print("build_widget: no Node.js, so no bytecode: the browser compiles cardrules itself")
        return None
    script = ROOT / "scripts" / "widget_bytecode.mjs"
    done = subprocess.run([node, str(script), str(RUNTIME), str(wheel), str(bundle)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0 or not bundle.is_file():
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise SystemExit(f"build_widget: could not compile the wheel for Pyodide:\n{tail}")
    stamp.write_text(wanted + "\n")
    print(f"build_widget: {done.stdout.strip()}")
    return bundle


def build_snapshot(wheel: Path, wheel_digest: str, bundle: Path | None) -> Path | None:
    """``<wheel>.pyodide-snapshot.gz`` next to the wheel (``None`` without Node)."""
    snapshot = wheel.with_name(f"{wheel.stem}.pyodide-snapshot.gz")
    stamp = snapshot.with_name(snapshot.name + ".stamp")
    script = ROOT / "scripts" / "widget_snapshot.mjs"
    wanted = f"{wheel_digest} {runtime_version()} {digest(script)} {bundle is not None}"
    if snapshot.is_file() and stamp.is_file() and stamp.read_text().strip() == wanted:
        print(f"build_widget: {snapshot.name} is up to date")
        return snapshot
    node = shutil.which("node")
    if node is None:
        print("build_widget: no Node.js, so no snapshot: the widget starts Python the usual way")
        return None
    command = [node, str(script), str(RUNTIME), str(wheel),
               str(bundle) if bundle is not None else "-", str(snapshot)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not snapshot.is_file():
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise SystemExit(f"build_widget: could not make the Pyodide snapshot:\n{tail}")
    stamp.write_text(wanted + "\n")
    print(f"build_widget: {done.stdout.strip()}")
    return snapshot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="output folder (dist/)")
    parser.add_argument("--no-bytecode", action="store_true", help="only the wheel")
    parser.add_argument("--no-snapshot", action="store_true", help="no memory snapshot")
    parser.add_argument("--force", action="store_true", help="build the wheel even if up to date")
    options = parser.parse_args(argv)
    dist = Path(options.dist).resolve()
    wheel = build_wheel(dist, force=options.force)
    wheel_digest = digest(wheel)
    bundle = None if options.no_bytecode else build_bytecode(wheel, wheel_digest)
    snapshot = None if options.no_snapshot else build_snapshot(wheel, wheel_digest, bundle)
    manifest = {
        "wheel": wheel.name,
        "digest": wheel_digest,
        "bytecode": bundle.name if bundle is not None else None,
        "snapshot": snapshot.name if snapshot is not None else None,
    }
    (dist / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
