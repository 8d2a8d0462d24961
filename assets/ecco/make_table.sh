#!/bin/sh
# Makes assets/ecco/table.tsv, the ECCO table Qipu ships (src/ecco), from game records that other
# programs tagged with [ECCO] and [Opening]: the Chinese Chess Practical Dataset's archive
# (ccpd-dev.tar.xz, about 33,000 games with a code) and the XiangQi Wizard / xqbase files (about
# 600 games with a code and an opening name). Run from the project's root:
#
#     assets/ecco/make_table.sh CORPUS [QIPU]
#
# CORPUS is the folder holding ccpd-dev.tar.xz, xqwizard_liangqi/ and xqbase_eleeye/; QIPU the
# program (by default target/release/qipu). Every tagged game from the initial position, mirrored
# when it opens on Red's left, votes for its code on each line its first 20 plies begin with; a
# line followed by at least 2 games keeps the code most of them give (the lower code between
# equals), and only lines whose code differs from the line they continue are written. A code's
# defining moves are those 95% of its games played in their first 15 plies, in any order; a line
# is named only when the code's defining moves have all been played. A code keeps the opening
# name given to it most often, in simplified glyphs, and its traditional form glyph by glyph as
# the traditional texts read write each glyph. Every tenth file (by an FNV-1a hash of its folder
# and file name) is held out, and the agreement of the table with those games' tags at 20 plies
# is printed and written in the table's header; `qipu opening --agree FOLDER --plies N
# --held-out 10` measures it on those files at N plies.
set -eu
corpus=${1:?usage: make_table.sh CORPUS [QIPU]}
qipu=${2:-target/release/qipu}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xJf "$corpus/ccpd-dev.tar.xz" -C "$work"
"$qipu" ecco-table "$work" "$corpus/xqwizard_liangqi" "$corpus/xqbase_eleeye" \
    -o assets/ecco/table.tsv
