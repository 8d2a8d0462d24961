#!/bin/sh
# Makes assets/ecco/table.tsv, the ECCO table Qipu ships (src/ecco), from game records that other
# programs tagged with [ECCO] and [Opening]: the Chinese Chess Practical Dataset's archive
# (ccpd-dev.tar.xz, about 33,000 games with a code) and the XiangQi Wizard / xqbase files (about
# 600 games with a code and an opening name). Run from the project's root:
#
#     assets/ecco/make_table.sh CORPUS [QIPU]
#
# CORPUS is the folder holding ccpd-dev.tar.xz, xqwizard_liangqi/ and xqbase_eleeye/; QIPU the
# program (by default target/release/qipu). Each position of the first 24 plies of every tagged
# game from the initial position votes for the game's code; a position passed by at least 3
# games keeps the code most of them give (the sources disagree on some: the most votes win, the
# lower code between equals); a code keeps the opening name given to it most often, in
# simplified glyphs, and its traditional form glyph by glyph as the traditional texts read write
# each glyph. Every tenth file (by a hash of its name) is held out, and the agreement of the
# table with those games' tags is printed and written in the table's header.
set -eu
corpus=${1:?usage: make_table.sh CORPUS [QIPU]}
qipu=${2:-target/release/qipu}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xJf "$corpus/ccpd-dev.tar.xz" -C "$work"
"$qipu" ecco-table "$work" "$corpus/xqwizard_liangqi" "$corpus/xqbase_eleeye" \
    -o assets/ecco/table.tsv
