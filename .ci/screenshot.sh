#!/usr/bin/env bash
# The README's pictures: the window on a game whose repetition the referee has ruled on, with
# the record beside the board, and the first page of the game's scoresheet; both made small
# (quantised PNG) for the repository.
#   .ci/screenshot.sh [BINARY] [OUT_DIR]      (defaults: target/release/qipu, docs/)
# Needs: xvfb, xdotool, imagemagick, x11-utils, and the app's runtime libraries (see README).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-target/release/qipu}"
out="${2:-docs}"
mkdir -p "$out"
work="$(mktemp -d /tmp/qipu-shots.XXXXXX)"
display=":$(( 90 + RANDOM % 100 ))"

# 細則 3, 圖三 of the 1999 rules: the horse's retreat and advance chase the cannon and the
# chariot; at the third repetition Red must vary (the example of tests/referee/cxa_examples.rs).
cat > "$work/example.pgn" <<'PGN'
[Event "Qipu: 細則 3, 圖三"]
[Red "紅方"]
[Black "黑方"]
[FEN "3aka2r/9/6n2/7N1/9/9/6c1C/5N3/7R1/3K5 w - - 0 1"]

1. h6i4 i9h9 2. i4h6 h9i9 3. h6i4 i9h9 4. i4h6 h9i9 *
PGN

Xvfb "$display" -screen 0 1280x900x24 >/dev/null 2>&1 &
xvfb_pid=$!
app_pid=""
trap 'kill $app_pid "$xvfb_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
# A home of its own: no remembered settings, no autosave offered back.
HOME="$work/home" DISPLAY="$display" "$binary" "$work/example.pgn" &
app_pid=$!
for _ in $(seq 1 100); do
  if DISPLAY="$display" xwininfo -root -tree 2>/dev/null | grep -q "example.pgn"; then break; fi
  sleep 0.1
done
window="$(DISPLAY="$display" xdotool search --name "example.pgn" | head -n 1)"
DISPLAY="$display" xdotool windowsize "$window" 1280 900 windowmove "$window" 0 0
sleep "${SETTLE:-2}"
# To the end of the record, where the ruling is.
DISPLAY="$display" xdotool windowfocus --sync "$window" key End
sleep "${SETTLE:-2}"
DISPLAY="$display" import -window root "$work/window.png"
convert "$work/window.png" -resize 1000x -colors 96 -strip "PNG8:$out/window.png"

"$binary" scoresheet "$work/example.pgn" -o "$work/sheet.png" --lang zh-Hant
page="$(ls "$work"/sheet*.png | head -n 1)"
convert "$page" -resize 620x -colors 16 -strip "PNG8:$out/scoresheet.png"
ls -l "$out/window.png" "$out/scoresheet.png"
