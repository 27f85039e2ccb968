#!/usr/bin/env bash
# The main job: set everything up, build the rulebook site (English and Spanish) and serve it on
# http://127.0.0.1:8000/ (PORT=... to change). One line per phase; each phase's details go to a
# log in build/logs/, named when the phase fails. To play in the terminal instead:
#   .venv/bin/cardrules play brisca --players 2 [--lang es]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/logged.sh
start=$SECONDS

echo "start: setting up .venv/ (log: $LOG_DIR/setup.log)"
logged "$LOG_DIR/setup.log" bash scripts/setup.sh
echo "start: building the site (log: $LOG_DIR/site.log, at $((SECONDS - start)) s)"
logged "$LOG_DIR/site.log" bash scripts/build_site.sh site
PORT=${PORT:-8000}
echo "start: the rulebook is on http://127.0.0.1:$PORT/ (Spanish: http://127.0.0.1:$PORT/es/);" \
    "Ctrl-C stops it (log: $LOG_DIR/serve.log, at $((SECONDS - start)) s)"
logged "$LOG_DIR/serve.log" .venv/bin/python -m http.server --bind 127.0.0.1 "$PORT" -d site
