#!/usr/bin/env bash
# Qipu's icon: a red general (帥) as the board draws it, in the sizes desktops look for. Run from
# the crate root with ImageMagick; the glyph comes from the embedded board font (SIL OFL).
set -euo pipefail
cd "$(dirname "$0")"
font=../fonts/board-serif.otf
convert -size 512x512 xc:none \
  -fill '#6b3f16' -draw 'circle 256,262 256,14' \
  -fill '#f3dcae' -draw 'circle 256,250 256,10' \
  -fill none -stroke '#b3201e' -strokewidth 14 -draw 'circle 256,250 256,50' \
  -stroke none -fill '#b3201e' -font "$font" -pointsize 290 -gravity center \
  -annotate +0-8 '帥' -strip qipu-512.png
for size in 16 24 32 48 64 128 256; do
  convert qipu-512.png -resize "${size}x${size}" -strip "qipu-${size}.png"
done
# The Windows icon (the resource in qipu.exe, the installer's): the same sizes in one .ico.
convert qipu-16.png qipu-24.png qipu-32.png qipu-48.png qipu-64.png qipu-128.png qipu-256.png \
  ../windows/qipu.ico
