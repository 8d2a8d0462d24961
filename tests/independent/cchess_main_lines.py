"""Main lines as an independent reader sees them: the `cchess` package (PyPI, walker8088).

usage: python3 cchess_main_lines.py FILE...

For each file (XQF, CBR, CBF; a CBL prints one line per game) prints the main line in ICCS,
moves separated by spaces, one line per game (`ERROR …` for a file it cannot read). Exit status 3 when `cchess` is not installed.
"""

import pathlib
import sys

try:
    import cchess
except ImportError:
    sys.exit(3)


def main_line(game):
    return " ".join(str(move) for move in game.iter_moves())


for name in sys.argv[1:]:
    try:
        if pathlib.Path(name).suffix.lower() == ".cbl":
            for game in cchess.Game.read_from_lib(name)["games"]:
                print(main_line(game))
        else:
            print(main_line(cchess.Game.read_from(name)))
    except Exception as error:  # one line per file, whatever the reader thinks of it
        print(f"ERROR {type(error).__name__}: {error}".replace("\n", " "))
