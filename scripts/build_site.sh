#!/usr/bin/env bash
# Build the rulebook site: the widget's wheel and bytecode (scripts/build_widget.py, into dist/),
# then English (mkdocs.yml) into site/, then Spanish (mkdocs.es.yml) into site/es/. Each MkDocs
# build is `mkdocs build --strict`: any warning fails it.
#   bash scripts/build_site.sh [OUTPUT_DIR]      (default: site)
# Run scripts/setup.sh first (scripts/start.sh does both). PYTHON picks the interpreter.
# (No --quiet: it hides the warnings, and then --strict has nothing to fail on.)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}
OUT=${1:-site}
export NO_MKDOCS_2_WARNING=1
# What the in-browser widget serves; the MkDocs hook (docs/hooks/widget.py) only copies it.
"$PY" scripts/build_widget.py
# English first: mkdocs empties its site_dir, so the Spanish build must come after it.
"$PY" -m mkdocs build --strict -f mkdocs.yml -d "$OUT"
"$PY" -m mkdocs build --strict -f mkdocs.es.yml -d "$OUT/es"
echo "The site is in $OUT/ (English) and $OUT/es/ (Spanish)."
