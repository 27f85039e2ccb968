#!/usr/bin/env bash
# The main job: set everything up, then start a deal in the terminal.
# (Once the rulebook site exists, this builds and serves it instead.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/cardrules play "${GAME:-briscola}" --players "${PLAYERS:-2}" "$@"
