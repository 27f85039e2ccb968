# Sourced by scripts/start.sh and scripts/test.sh: run one phase of work with its output in a log.
#   logged LOG COMMAND...
# The command's output (pip's, npm's, MkDocs'...) goes to LOG, not the terminal. If it fails,
# says so on standard error with where LOG is and its last lines (all of it on CI), and returns
# the command's code.
LOG_DIR=build/logs  # build/ is ignored by git
logged() {
    local log=$1
    shift
    mkdir -p "$(dirname "$log")"
    local code=0
    "$@" > "$log" 2>&1 || code=$?
    if [ "$code" != 0 ]; then
        echo "$(basename "$0" .sh): failed: $*; the details are in $log, ending:" >&2
        # On CI nobody can open the log afterwards: all of it.
        if [ -n "${CI:-}" ]; then cat "$log"; else tail -n 12 "$log"; fi | sed 's/^/    /' >&2
    fi
    return "$code"
}
