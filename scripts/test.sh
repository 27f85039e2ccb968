#!/usr/bin/env bash
# The whole test suite: set-up, lint, types, tests, and a smoke run on other Pythons.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== ruff"
.venv/bin/ruff check .
echo "== mypy --strict"
.venv/bin/mypy --strict
echo "== benchmark (figures, not a test)"
.venv/bin/python benchmarks/engine_speed.py --rounds 3 --seconds 0.5 || true
# The package must work on 3.11-3.14: run the rule tests on every other CPython found here.
for v in 3.12 3.13 3.14; do
    py=""
    # A pyenv shim may exist for a version that is not active: keep only interpreters that run.
    for candidate in "$HOME"/.pyenv/versions/"$v".*/bin/python"$v" "$(command -v "python$v" || true)"; do
        if [ -x "$candidate" ] && "$candidate" -c "import sys" >/dev/null 2>&1; then
            py=$candidate
            break
        fi
    done
    [ -n "$py" ] || continue
    echo "== tests on $("$py" --version)"
    venv=".venv-$v"
    [ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet -e '.[test,docs]'
    # The package's own tests (the site, browser and CLI tests run once, below, on .venv).
    "$venv/bin/python" -m pytest -q -p no:cacheprovider -x tests/test_cards.py \
        tests/test_briscola_rules.py tests/test_exchange.py tests/test_labels.py \
        tests/test_records.py tests/test_properties.py tests/test_alcalde.py \
        tests/test_aluette.py tests/test_match.py tests/test_bots.py tests/test_glossary.py
done
echo "== pytest"
.venv/bin/python -m pytest "$@"
