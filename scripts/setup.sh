#!/usr/bin/env bash
# Create .venv/ in the repo root and install cardrules with everything the tests need.
# Safe to run again: it only installs what is missing or out of date.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,docs]'
echo "cardrules is installed in .venv/ ($(.venv/bin/python --version))"
