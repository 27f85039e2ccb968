#!/usr/bin/env bash
# The whole test suite: set-up, lint, types, tests, and the rule tests on the other Pythons found.
#   bash scripts/test.sh [PYTEST ARGS]
# pytest runs one worker more than the machine has cores (pytest-xdist, --dist loadscope: a test
# file, or a test class, goes whole to one worker, so a page's examples keep their shared
# namespace and their order): a browser test often waits (a page settling, a bot's pause), and the
# extra worker fills those waits (on 2 cores, the whole pytest run took 382 s with 3 workers,
# 413 s with 2 and 417 s with 4). CARDRULES_TEST_WORKERS=N runs N workers; 1 runs one process.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
phase() { echo "== $1 (at $((SECONDS - start)) s)"; }

run_dir=$(mktemp -d "${TMPDIR:-/tmp}/cardrules-test.XXXXXX")
trap 'rm -rf "$run_dir"' EXIT

# The package must work on 3.11-3.14: the rule tests run on every other CPython found here. Their
# virtual environments are made in the background from the start, while set-up, ruff and mypy
# run. They hold the rule tests' tools only (the check extra's requirements, read from
# pyproject.toml), not the package: the rule tests import it from the source tree, as .venv's
# editable install does, so nothing is written in the repo while set-up installs it there.
others=()
for v in 3.12 3.13 3.14; do
    py=""
    # A pyenv shim may exist for a version that is not active: keep only interpreters that run.
    for candidate in "$HOME"/.pyenv/versions/"$v".*/bin/python"$v" "$(command -v "python$v" || true)"; do
        if [ -x "$candidate" ] && "$candidate" -c "import sys" >/dev/null 2>&1; then
            py=$candidate
            break
        fi
    done
    [ -n "$py" ] && others+=("$v:$py")
done
prepare_others() {
    for entry in "${others[@]}"; do
        v=${entry%%:*}
        venv=".venv-$v"
        [ -x "$venv/bin/python" ] || "${entry#*:}" -m venv "$venv"
        "$venv/bin/python" -c 'import tomllib
with open("pyproject.toml", "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["check"]))' \
            > "$run_dir/check-$v.txt"
        "$venv/bin/python" -m pip install --quiet -r "$run_dir/check-$v.txt"
    done
}
prepare_others > .venv-others.log 2>&1 &
preparing=$!

phase "set-up"
. scripts/logged.sh
# The browser is needed by pytest only: on a fresh machine its install (a download) runs beside
# set-up, the checks and the site build, and is waited for before pytest.
mkdir -p "$LOG_DIR"
bash scripts/browser.sh > "$LOG_DIR/browser.log" 2>&1 &
browser_job=$!
CARDRULES_SETUP_NO_BROWSER=1 logged "$LOG_DIR/setup.log" bash scripts/setup.sh
# Only set-up's own lines (the installed Python, a missing browser), not pip's and npm's.
grep -E '^(setup:|cardrules is installed)' "$LOG_DIR/setup.log" || true

# The site that the browser and site tests read is built once, in the background, while the
# checks below run (tests/site_build.py takes it from CARDRULES_SITE; if it does not build, the
# tests build it again themselves and fail saying why).
if [ -z "${CARDRULES_SITE:-}" ]; then
    ( if PYTHON=.venv/bin/python bash scripts/build_site.sh "$run_dir/site" \
            > "$run_dir/site.log" 2>&1; then echo 0; else echo 1; fi > "$run_dir/site.code" ) &
    building=$!
fi

phase "ruff"
.venv/bin/ruff check .
phase "mypy --strict"
.venv/bin/mypy --strict

if ! wait "$preparing"; then
    cat .venv-others.log >&2
    echo "test.sh: could not set up the other Pythons (above)" >&2
    exit 1
fi
# The package's rules on each other Python, side by side (one process each, a core each): the
# site, glossary, browser and CLI tests run once, below, on .venv. A fifth of each property
# test's examples (tests/examples_share.py): the full count runs below, on .venv.
if [ ${#others[@]} -gt 0 ]; then
    phase "rule tests on Python $(printf '%s\n' "${others[@]%%:*}" | paste -sd, - | sed 's/,/, /g')"
    rules=()
    for entry in "${others[@]}"; do
        v=${entry%%:*}
        ( PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" CARDRULES_EXAMPLES_SHARE=0.2 \
            ".venv-$v/bin/python" -m pytest -q -p no:cacheprovider -x \
            tests/test_cards.py \
            tests/test_briscola_rules.py tests/test_exchange.py tests/test_labels.py \
            tests/test_records.py tests/test_properties.py tests/test_alcalde.py \
            tests/test_aluette.py tests/test_match.py tests/test_bots.py tests/test_tute.py \
            tests/test_endgame.py > "$run_dir/rules-$v.log" 2>&1 ) &
        rules+=("$v:$!")
    done
    failed=0
    for entry in "${rules[@]}"; do
        v=${entry%%:*}
        if wait "${entry#*:}"; then
            echo "$(".venv-$v/bin/python" --version): $(tail -1 "$run_dir/rules-$v.log")"
        else
            cat "$run_dir/rules-$v.log"
            echo "test.sh: the rule tests failed on Python $v (above)" >&2
            failed=1
        fi
    done
    [ "$failed" = 0 ] || exit 1
fi

if [ -n "${building:-}" ]; then
    phase "waiting for the site build"
    wait "$building" || true
    if [ "$(cat "$run_dir/site.code" 2>/dev/null)" = 0 ]; then
        export CARDRULES_SITE="$run_dir/site"
    else
        tail -20 "$run_dir/site.log" >&2
        echo "test.sh: the site did not build (above); the tests will say so" >&2
    fi
fi

wait "$browser_job" || true
grep -E '^setup:' "$LOG_DIR/browser.log" || true

phase "pytest"
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
workers=${CARDRULES_TEST_WORKERS:-$((cores + 1))}
# The slowest tests are listed at the end: where the suite's time goes, run after run.
if [ "$workers" = 1 ]; then
    .venv/bin/python -m pytest --durations=30 "$@"
else
    .venv/bin/python -m pytest -n "$workers" --dist loadscope --durations=30 "$@"
fi
phase "done"
