#!/usr/bin/env bash
# Create .venv/ in the repo root and install cardrules with everything the tests need.
# Safe to run again: it only installs what is missing or out of date.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
# The rulebook site serves its own copy of the Pyodide runtime for the in-browser widget
# (package.json): the site build needs node_modules/pyodide.
# (Again when package-lock.json pins another version than the one installed.)
pinned=$(grep -A2 '"node_modules/pyodide"' package-lock.json 2>/dev/null | sed -n 's/.*"version": "\(.*\)".*/\1/p' || true)
installed=$(sed -n 's/^  "version": "\(.*\)".*/\1/p' node_modules/pyodide/package.json 2>/dev/null || true)
runtime() {
    if [ -f package-lock.json ] && { [ ! -f node_modules/pyodide/pyodide.mjs ] || [ "$pinned" != "$installed" ]; }; then
        if ! command -v npm >/dev/null; then
            echo "setup: npm is needed for the site's Pyodide runtime (apt-get install -y nodejs npm)" >&2
            exit 1
        fi
        npm ci --no-audit --no-fund --loglevel=error
    fi
}
# npm and pip side by side: on a fresh machine both are mostly downloads.
runtime &
npm_job=$!
.venv/bin/python -m pip install --quiet --upgrade pip
# Editable: the packages sit in the project's root (pyproject.toml: package-dir), so setuptools
# installs a plain path in a .pth file and no import hook runs at every Python start (the
# command's Ctrl-C guard comes sooner; tests/test_hostile_input.py).
.venv/bin/python -m pip install --quiet -e '.[test,docs]'
wait "$npm_job"
# The browser tests (tests/test_widget_browser.py) drive the system's Chromium, /usr/bin/chromium,
# through Playwright; `playwright install` is never run (it downloads a browser). Installed here
# when missing and possible (root, with apt-get); otherwise those tests fail saying what to
# install, unless CARDRULES_NO_BROWSER is set (then they are skipped). Not here when the caller
# installs it itself, beside this script (scripts/test.sh does).
if [ -z "${CARDRULES_SETUP_NO_BROWSER:-}" ]; then
    bash scripts/browser.sh
fi
echo "cardrules is installed in .venv/ ($(.venv/bin/python --version))"
