#!/usr/bin/env bash
# Load benchmark of `dotchess serve` (issue 21) — a measurement, not a test. For each case it starts
# the release server on 127.0.0.1 (a free port), runs wrk (Debian `wrk`) against it for SECONDS with
# CONNECTIONS connections, and prints requests/s, p50/p99 latency, the error count (non-2xx/3xx
# answers and socket errors) and the server's peak resident memory (VmHWM). The cases:
#   a  a 480 px board-view PNG of a position with the last move
#   b  one 480 px hemispheres PNG with a rook's moves
#   c  the same figure under 1000 distinct query strings (the rotation varies)
#   d  the SVG of b
#   e  b with If-None-Match naming its tag (304)
# usage: benches/serve-load.sh [SECONDS [CONNECTIONS [CASES]]]   (defaults: 30 64 abcde)
# The server runs with --quiet (no log line a request) and its default limits.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-30}
CONNECTIONS=${2:-64}
CASES=${3:-abcde}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 2; }
cargo build --release --quiet --bin dotchess
BIN=target/release/dotchess
WORK=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
PID=

E4='rnbqkbnr%2Fpppppppp%2F8%2F8%2F4P3%2F8%2FPPPP1PPP%2FRNBQKBNR+b+KQkq+-+0+1'
ROOK='8%2F8%2F8%2F3R3r%2F8%2F8%2F3p4%2F8'
A="/figure.png?view=board&width=480&fen=$E4&lastmove=e2e4"
B="/figure.png?width=480&fen=$ROOK&square=d5"
D="/figure.svg?width=480&fen=$ROOK&square=d5"
cat >"$WORK/distinct.lua" <<EOF
local i = 0
request = function()
  i = (i + 1) % 1000
  return wrk.format("GET", string.format("${B//%/%%}&rotation=%.3f", i * 0.008))
end
EOF

start_server() {
  "$BIN" serve --addr 127.0.0.1:0 --quiet >"$WORK/out" 2>"$WORK/err" &
  PID=$!
  for _ in $(seq 100); do
    ADDR=$(grep -o 'http://[0-9.:]*' "$WORK/out" || true)
    [ -n "$ADDR" ] && return
    sleep 0.05
  done
  echo "the server did not start: $(cat "$WORK/err")" >&2
  exit 1
}

# run_case NAME PATH [WRK ARGS…]
run_case() {
  local name=$1 path=$2
  shift 2
  start_server
  # One request first, so the figure is not the only one paying for start-up work.
  curl -s -o /dev/null "$ADDR$B"
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --latency "$@" "$ADDR$path" >"$WORK/wrk" 2>&1
  local rss cpu
  rss=$(awk '/VmHWM/ {print $2}' "/proc/$PID/status")
  # The server's CPU time (user + system, in clock ticks) over the requests it answered.
  cpu=$(awk '{print $14 + $15}' "/proc/$PID/stat")
  kill -TERM "$PID"
  wait "$PID" || true
  local rps p50 p99 non2xx sock total
  total=$(awk '/requests in/ {print $1}' "$WORK/wrk")
  rps=$(awk '/Requests\/sec/ {print $2}' "$WORK/wrk")
  p50=$(awk '$1 == "50%" {print $2}' "$WORK/wrk")
  p99=$(awk '$1 == "99%" {print $2}' "$WORK/wrk")
  non2xx=$(awk '/Non-2xx/ {print $NF}' "$WORK/wrk")
  sock=$(awk -F'[ ,]+' '/Socket errors/ {print $4 + $6 + $8 + $10}' "$WORK/wrk")
  printf '%-38s %9s req/s  p50 %8s  p99 %8s  errors %s  peak RSS %s MB  server CPU %s ms a request\n' \
    "$name" "$rps" "$p50" "$p99" "$(( ${non2xx:-0} + ${sock:-0} ))" "$(( rss / 1024 ))" \
    "$(awk -v c="$cpu" -v n="$total" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.2f", c * 1000 / hz / (n + 1)}')"
  if [ -n "${VERBOSE:-}" ]; then cat "$WORK/wrk"; fi
}

echo "dotchess serve under wrk: ${SECONDS_EACH} s, ${CONNECTIONS} connections, 2 wrk threads, $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ $CASES == *a* ]]; then run_case "a. board PNG 480 px, last move" "$A"; fi
if [[ $CASES == *b* ]]; then run_case "b. hemispheres PNG 480 px, rook moves" "$B"; fi
if [[ $CASES == *c* ]]; then run_case "c. b under 1000 distinct queries" / -s "$WORK/distinct.lua"; fi
if [[ $CASES == *d* ]]; then run_case "d. SVG of b" "$D"; fi
if [[ $CASES == *e* ]]; then
  # The tag is the same for every server of this build: take it from one, load another.
  start_server
  TAG=$(curl -s -D - -o /dev/null "$ADDR$B" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r')
  kill -TERM "$PID"
  wait "$PID" || true
  run_case "e. b with If-None-Match (304)" "$B" -H "If-None-Match: $TAG"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
