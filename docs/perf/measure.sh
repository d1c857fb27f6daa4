#!/usr/bin/env bash
# Measures the desktop app the way its targets are stated, side by side
# with a bare Ebitengine window (render/internal/barewindow) on the same
# machine and X server:
#   first frame  — from exec to the end of the first Draw (median of RUNS)
#   peak RSS     — VmHWM of the process at the table (a four-player game
#                  resumed at action CUT, curtain lifted), in MB
#   idle CPU     — user+system CPU over IDLE seconds at the table, pointer
#                  still, as % of one core
# Usage: docs/perf/measure.sh [APP_BINARY]   (default: builds the worktree)
# Needs Xvfb and xdotool. Prints one line per quantity.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-5}
IDLE=${IDLE:-10}
CUT=${CUT:-120}
DISP=${DISP:-:93}
tmp=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$tmp"' EXIT

app=${1:-}
if [ -z "$app" ]; then
  go build -o "$tmp/ntk" . && app="$tmp/ntk"
fi
go build -o "$tmp/bare" ./render/internal/barewindow

Xvfb "$DISP" -screen 0 1920x1080x24 >/dev/null 2>&1 &
xvfb=$!
sleep 1
export DISPLAY=$DISP NTK_CONFIG_DIR=$tmp/cfg NTK_TRACE_FIRST_FRAME=1

# A record cut after CUT actions: a game in progress.
head -n $((9 + CUT)) testdata/four-players.ntk >"$tmp/cut.ntk"

# launch BIN ARGS...: starts it, waits for its first frame; sets pid and ms.
launch() {
  local t0 line
  t0=$(date +%s%N)
  "$@" 2>"$tmp/err" >/dev/null &
  pid=$!
  for _ in $(seq 1 200); do
    line=$(grep -m1 '^first-frame ' "$tmp/err" 2>/dev/null || true)
    [ -n "$line" ] && break
    sleep 0.05
  done
  [ -n "$line" ] || { echo "no first frame from $*" >&2; cat "$tmp/err" >&2; exit 1; }
  ms=$(( (${line#first-frame } - t0) / 1000000 ))
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

first_frame() {
  for _ in $(seq 1 "$RUNS"); do
    launch "$@"
    echo "$ms"
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done | median
}

# idle_and_peak BIN ARGS...: at the table (app) or the drawn window (bare).
idle_and_peak() {
  launch "$@"
  sleep 1
  local win
  win=$(xdotool search --sync --pid "$pid" | head -1)
  if [ "${lift:-}" = 1 ]; then
    # Lift the hand-off curtain: its button is at the centre of the window.
    eval "$(xdotool getwindowgeometry --shell "$win")"
    xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT * 63 / 100)) click 1
    sleep 2
  fi
  xdotool mousemove 5 5
  [ -n "${SHOT:-}" ] && import -window root "$SHOT-$(basename "$1").png"
  sleep 2
  local t0 t1 hz
  hz=$(getconf CLK_TCK)
  t0=$(cpu_ticks "$pid")
  sleep "$IDLE"
  t1=$(cpu_ticks "$pid")
  peak=$(awk '/VmHWM/ {print int($2/1024)}' "/proc/$pid/status")
  idle=$(awk -v d=$((t1 - t0)) -v hz="$hz" -v s="$IDLE" 'BEGIN {printf "%.1f", 100 * d / hz / s}')
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

echo "first frame ms   bare: $(first_frame "$tmp/bare")   app: $(first_frame "$app")"
lift=0 idle_and_peak "$tmp/bare"; bp=$peak bi=$idle
lift=1 idle_and_peak "$app" -load "$tmp/cut.ntk"; ap=$peak ai=$idle
echo "peak RSS MB      bare: $bp   app at the table: $ap"
echo "idle CPU %/core  bare: $bi   app at the table: $ai   (over ${IDLE} s)"
