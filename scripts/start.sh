#!/usr/bin/env bash
# The main job: set everything up, build the rulebook site (English and Spanish) and serve it on
# http://127.0.0.1:8000/ (PORT=... to change). To play in the terminal instead:
#   .venv/bin/cardrules play brisca --players 2 [--lang es]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build_site.sh site
PORT=${PORT:-8000}
echo "The rulebook is on http://127.0.0.1:$PORT/ (Spanish: http://127.0.0.1:$PORT/es/). Ctrl-C stops it."
exec .venv/bin/python -m http.server --bind 127.0.0.1 "$PORT" -d site
