#!/usr/bin/env bash
# The main job: set everything up, build the rulebook site (English and Spanish) and serve it on
# http://127.0.0.1:8000/ (PORT=... to change). One line per phase; each phase's details go to a
# log in build/logs/, named when the phase fails. To play in the terminal instead:
#   .venv/bin/cardrules play brisca --players 2 [--lang es]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/logged.sh
start=$SECONDS
PORT=${PORT:-8000}
# A port already taken is said now, in one line, not after the set-up and the site build.
if ! "${PYTHON:-python3}" -c 'import socket, sys
with socket.socket() as s:
    s.bind(("127.0.0.1", int(sys.argv[1])))' "$PORT" 2>/dev/null; then
    echo "start: port $PORT is taken (or not a port); choose another: PORT=8001 bash scripts/start.sh" >&2
    exit 1
fi

echo "start: setting up .venv/ (log: $LOG_DIR/setup.log)"
logged "$LOG_DIR/setup.log" bash scripts/setup.sh
echo "start: building the site (log: $LOG_DIR/site.log, at $((SECONDS - start)) s)"
logged "$LOG_DIR/site.log" bash scripts/build_site.sh site
echo "start: the rulebook is on http://127.0.0.1:$PORT/ (Spanish: http://127.0.0.1:$PORT/es/);" \
    "Ctrl-C stops it (log: $LOG_DIR/serve.log, at $((SECONDS - start)) s)"
logged "$LOG_DIR/serve.log" .venv/bin/python -m http.server --bind 127.0.0.1 "$PORT" -d site
