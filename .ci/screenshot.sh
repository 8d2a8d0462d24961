#!/usr/bin/env bash
# Start the app under a virtual X server and save a screenshot of the screen.
#   .ci/screenshot.sh [BINARY] [OUT.png] [RECORD.pgn|.xqf]   (the record is opened in the window)
# Needs: xvfb, imagemagick, and the app's runtime libraries (see README).
set -euo pipefail
binary="${1:-target/release/qipu}"
out="${2:-qipu-screenshot.png}"
record=("${@:3}")
display=":$(( 90 + RANDOM % 100 ))"
Xvfb "$display" -screen 0 1280x900x24 >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill "$app_pid" "$xvfb_pid" 2>/dev/null || true' EXIT
sleep 1
start=$(date +%s.%N)
DISPLAY="$display" "$binary" "${record[@]}" &
app_pid=$!
# Wait for the window to be mapped, then give it a moment to draw.
for _ in $(seq 1 100); do
  if DISPLAY="$display" xwininfo -root -tree 2>/dev/null | grep -q "Qipu"; then break; fi
  sleep 0.1
done
mapped=$(date +%s.%N)
sleep "${SETTLE:-2}"
DISPLAY="$display" import -window root "$out"
echo "window mapped after $(echo "$mapped - $start" | bc) s; screenshot in $out"
