#!/usr/bin/env bash
# The Chromium the browser tests drive (the system's, /usr/bin/chromium; Playwright's own
# browser download is never used): installed with apt-get when missing and we are root.
# scripts/setup.sh runs it; scripts/test.sh runs it on its own, beside set-up, because on a
# fresh machine it is mostly a download and nothing needs the browser before pytest starts.
set -euo pipefail
if [ -x /usr/bin/chromium ] || [ -n "${CARDRULES_NO_BROWSER:-}" ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Chromium for the browser tests (apt-get install chromium)"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }; then
        echo "setup: could not install Chromium; the browser tests will fail" >&2
    fi
else
    echo "setup: no Chromium at /usr/bin/chromium: the browser tests will fail;" \
        "install it (as root: apt-get install chromium), or set CARDRULES_NO_BROWSER=1" >&2
fi
