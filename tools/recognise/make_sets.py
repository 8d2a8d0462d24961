"""Test sets for `qipu recognise-bench`: folders of pictures with positions.tsv (FILE<TAB>FEN).

    ~/.cache/recog-venv/bin/python tools/recognise/make_sets.py OUT [--corpus ../shared/corpus]
        [--xboard] [--display :34] [--web XIANGQIBOARDJS]

Positions: the [FEN] tags of the corpus's games (sorted, every one in turn).
Sets:
  printed   printed diagrams in a style the classifier never saw in training: lettered with a
            font kept out of training, filled and outlined discs, scan noise, blur, rotation, JPEG
  screen    screen boards in random styles, lettered with that font, in a larger screenshot
  photo     phone photos of printed diagrams and of screens (boards.photograph: perspective,
            turned by up to 5 degrees, uneven light, blur, noise), lettered with that font,
            JPEG quality 55; every fourth at 12 megapixels
  western   screen boards whose pieces are Western symbols of the design kept out of training
            (boards.HELD_OUT_SYMBOLS: line drawings of a wheel, a horse, an elephant, a shield,
            a king's cross, a cannon, a spearhead), on discs of every kind, in a larger
            screenshot; every third saved as JPEG
  round3d   screen boards of round wooden pieces of the kind kept out of training
            (boards.HELD_OUT_ROUND: end-grain rings, a deep bevel, the characters carved),
            lettered with the held-out font, in a larger screenshot; every third saved as JPEG
  xboard    screenshots of XBoard's Xiangqi board at several sizes (needs xboard, Xvfb on
            --display, ImageMagick's import and xdotool)
  web       screenshots of a web page holding xiangqiboard.js's board (MIT; a checkout of
            https://github.com/lengyanyu258/xiangqiboardjs given as --web) in its three lettered
            piece themes, 250-700 px wide, rendered by headless Chromium (Debian `chromium`)
  NAME      with --pieces DIR… (each a folder of another program's 14 piece pictures, named
            RK RA RE RH RR RC RP BK BA BE BH BR BC BP .svg or red_king.svg … black_pawn.svg (a number may follow the word), as
            pychess-variants keeps its piece sets): screen boards in random styles with those pieces, drawn by rsvg-convert
            (Debian librsvg2-bin), in a larger screenshot, every third saved as JPEG; one set a
            folder, named after it. Never trained on: the pieces are others' drawings.
"""

import argparse
import glob
import os
import random
import re
import subprocess
import sys
import time

from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
import boards  # noqa: E402


def corpus_fens(corpus):
    found = set()
    for root, _, files in os.walk(corpus):
        for name in files:
            if not name.lower().endswith(".pgn"):
                continue
            with open(os.path.join(root, name), "rb") as f:
                text = f.read().decode("latin-1")
            for m in re.finditer(r'\[FEN "([^"]+)"\]', text):
                fen = m.group(1).strip()
                if len(fen.split()[0].split("/")) == 10:
                    found.add(fen.split()[0])
    return sorted(found)


def write_set(out, name, items):
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "positions.tsv"), "w") as f:
        for file, img, fen, fmt in items:
            path = os.path.join(folder, file)
            if fmt == "JPEG":
                img.save(path, "JPEG", quality=random.Random(file).randint(60, 92))
            elif fmt == "PHOTO":
                img.save(path, "JPEG", quality=55)
            else:
                img.save(path)
            f.write(f"{file}\t{fen} w - - 0 1\n")


def printed_set(fens, seed):
    rng = random.Random(seed)
    items = []
    for n, fen in enumerate(fens):
        style = boards.random_style(rng, printed=True, fonts=[boards.HELD_OUT_FONT])
        style["double_ring"] = True
        img, centres, step = boards.render(boards.fen_placement(fen), rng, style=style, step=rng.uniform(24, 60))
        img, _ = boards.degrade(img, centres, rng, strength=1.5)
        items.append((f"printed{n:03}.jpg", img, fen, "JPEG"))
    return items


def in_screenshot(img, rng):
    """`img` pasted somewhere in a window of some grey."""
    w, h = img.size
    shot = Image.new("RGB", (w + rng.randint(0, 600), h + rng.randint(0, 300)), boards.jitter((230, 230, 230), 20, rng))
    shot.paste(img, (rng.randint(0, shot.size[0] - w), rng.randint(0, shot.size[1] - h)))
    return shot


# The names of another program's piece files (--pieces) by piece: side and letter (K A E H R C
# P), or side and word.
OTHER_NAMES = {"K": "RK", "A": "RA", "B": "RE", "N": "RH", "R": "RR", "C": "RC", "P": "RP",
               "k": "BK", "a": "BA", "b": "BE", "n": "BH", "r": "BR", "c": "BC", "p": "BP"}
OTHER_WORDS = {"K": "king", "A": "advisor", "B": "elephant", "N": "horse", "R": "chariot", "C": "cannon", "P": "pawn"}


def other_file(folder, letter):
    """The file of piece `letter` in another program's folder of pieces."""
    short = os.path.join(folder, OTHER_NAMES[letter] + ".svg")
    if os.path.exists(short):
        return short
    side = "red" if letter.isupper() else "black"
    named = sorted(glob.glob(os.path.join(folder, f"{side}_{OTHER_WORDS[letter.upper()]}*.svg")))
    if not named:
        sys.exit(f"{folder}: no picture of {side}'s {OTHER_WORDS[letter.upper()]}")
    return named[0]


def others_set(fens, seed, folder):
    """Screen boards in random styles (no pieces of their own) with the piece pictures of
    `folder` pasted on their points, `size` a little under a step, in a larger screenshot."""
    import tempfile

    rng = random.Random(seed)
    items = []
    cache = {}
    prefix = os.path.basename(os.path.normpath(folder))
    with tempfile.TemporaryDirectory() as tmp:

        def picture(letter, size):
            key = (letter, size)
            if key not in cache:
                out = os.path.join(tmp, f"{OTHER_NAMES[letter]}-{size}.png")
                subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-o", out, other_file(folder, letter)], check=True)
                cache[key] = Image.open(out).convert("RGBA")
            return cache[key]

        for n, fen in enumerate(fens):
            style = boards.random_style(rng, printed=False, fonts=[boards.HELD_OUT_FONT])
            img, centres, step = boards.render({}, rng, style=style, step=rng.uniform(24, 70))
            size = int(step * rng.uniform(0.88, 0.98))
            for (f, r), letter in boards.fen_placement(fen).items():
                x, y = centres[r * 9 + f]
                piece = picture(letter, size)
                img.paste(piece, (int(round(x - size / 2)), int(round(y - size / 2))), piece)
            items.append(screenshot_item(prefix, n, img, fen, rng))
    return items


def screenshot_item(prefix, n, img, fen, rng):
    """The `n`th picture of a set: `img` in a larger screenshot, every third saved as JPEG."""
    jpeg = n % 3 == 2
    return (f"{prefix}{n:03}.{'jpg' if jpeg else 'png'}", in_screenshot(img, rng), fen, "JPEG" if jpeg else "PNG")


def screen_set(fens, seed):
    rng = random.Random(seed)
    items = []
    for n, fen in enumerate(fens):
        style = boards.random_style(rng, printed=False, fonts=[boards.HELD_OUT_FONT])
        img, centres, step = boards.render(boards.fen_placement(fen), rng, style=style, step=rng.uniform(24, 70))
        items.append((f"screen{n:03}.png", in_screenshot(img, rng), fen, "PNG"))
    return items


def pieces_set(fens, seed, prefix, **look):
    """Screen boards whose pieces are drawn as `look` says (boards.random_style's `piece` and
    `symbols`), in a larger screenshot, every third saved as JPEG."""
    rng = random.Random(seed)
    items = []
    for n, fen in enumerate(fens):
        style = boards.random_style(rng, printed=False, fonts=[boards.HELD_OUT_FONT], **look)
        img, centres, step = boards.render(boards.fen_placement(fen), rng, style=style, step=rng.uniform(24, 70))
        items.append(screenshot_item(prefix, n, img, fen, rng))
    return items


def taught_pictures(out, seed=0):
    """Three boards of one set of pieces in the held-out Western design, each piece drawn the
    same way every time as a site's set draws it, for the taught-pieces test (src/recognise/
    taught.rs): taught-line-1.png to teach (the opening after a few moves), then two others."""
    fens = [
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1",
        "2bak4/4a4/4b1n2/p1p1c3p/9/2P3p2/P3P3P/1CN1B4/4A4/2BAK4 w - - 0 1",
        "3ak1b2/4a4/2n1b4/p3p1R1p/2p6/6P2/P1r1P3P/2N1C4/4A4/2BAK4 w - - 0 1",
    ]
    draw = boards.draw_piece

    def same_each_time(img, d, cx, cy, step, piece, style, rng, top):
        return draw(img, d, cx, cy, step, piece, style, random.Random(seed * 1000 + ord(piece)), top)

    boards.draw_piece = same_each_time
    rng = random.Random(seed)
    style = boards.random_style(rng, printed=False, symbols=boards.HELD_OUT_SYMBOLS)
    step = rng.uniform(34, 60)
    for n, fen in enumerate(fens):
        img, _, _ = boards.render(boards.fen_placement(fen), rng, style=style, step=step * rng.uniform(0.85, 1.15))
        img.save(os.path.join(out, f"taught-line-{n + 1}.png"))
    boards.draw_piece = draw


def photo_set(fens, seed):
    rng = random.Random(seed)
    items = []
    for n, fen in enumerate(fens):
        screen = n % 2 == 1
        style = boards.random_style(rng, printed=not screen, fonts=[boards.HELD_OUT_FONT])
        img, centres, step = boards.render(boards.fen_placement(fen), rng, style=style, step=rng.uniform(30, 60))
        megapixels = 12 if n % 4 == 0 else None
        img, _, _ = boards.photograph(img, centres, step, rng, screen=screen, megapixels=megapixels)
        items.append((f"photo{n:03}{'_screen' if screen else ''}{'_12mp' if megapixels else ''}.jpg", img, fen, "PHOTO"))
    return items


def xboard_set(fens, display, sizes):
    themes = "/usr/share/games/xboard/themes"
    items = []
    env = dict(os.environ, DISPLAY=display)
    subprocess.run(["xdotool", "mousemove", "1390", "940"], env=env, check=False)
    for n, fen in enumerate(fens):
        size = sizes[n % len(sizes)]
        xfen = fen.replace("N", "H").replace("n", "h").replace("B", "E").replace("b", "e")
        with open("/tmp/recog-xboard.fen", "w") as f:
            f.write(f"{xfen} w - - 0 1\n")
        proc = subprocess.Popen(
            ["/usr/games/xboard", "-variant", "xiangqi", "-ncp", "-lpf", "/tmp/recog-xboard.fen",
             "-ubt", "true", "-lbtf", f"{themes}/textures/xqboard-9x10.png", "-dbtf", f"{themes}/textures/xqboard-9x10.png",
             "-pid", f"{themes}/xiangqi", "-trueColors", "true", "-overrideLineGap", "0", "-size", str(size),
             "-coords" if n % 3 == 0 else "-xcoords"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(4.0)
        # the startup help balloon over the board goes when the board is drawn again (F2 twice)
        shot = "/tmp/recog-xboard.png"
        window = subprocess.run(["xdotool", "search", "--name", "recog-xboard"], env=env, capture_output=True, text=True).stdout.split()
        if window:
            subprocess.run(["xdotool", "windowfocus", window[0]], env=env, check=False, stderr=subprocess.DEVNULL)
            for _ in range(2):
                subprocess.run(["xdotool", "key", "--window", window[0], "F2"], env=env, check=False)
                time.sleep(0.7)
        subprocess.run(["import", "-window", "root", shot], env=env, check=True)
        proc.terminate()
        proc.wait()
        img = Image.open(shot).convert("RGB")
        box = img.point(lambda v: 255 if v > 0 else 0).convert("L").getbbox()
        if box:
            img = img.crop(box)
        items.append((f"xboard{n:03}_{size}.png", img, fen, "PNG"))
    return items


WEB_THEMES = ["wikimedia", "traditional", "wikipedia"]
WEB_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><base href="file://{docs}/">
<link rel="stylesheet" href="css/xiangqiboard.min.css">
<style>body {{ margin: 0; padding: {top}px {left}px; background: {bg}; font-family: sans-serif; color: #333 }}</style>
</head><body>
<p>Position {n}: {caption}</p>
<div id="board" style="width: {width}px"></div>
<p>Red to move.</p>
<script src="js/jquery.min.js"></script>
<script src="js/xiangqiboard.min.js"></script>
<script>Xiangqiboard('board', {{ position: '{fen}', pieceTheme: 'img/xiangqipieces/{theme}/{{piece}}.svg',
  showNotation: {notation} }});</script>
</body></html>
"""


def web_set(fens, checkout, seed):
    """Screenshots of xiangqiboard.js's board in a web page, by headless Chromium."""
    import tempfile

    rng = random.Random(seed)
    docs = os.path.abspath(os.path.join(checkout, "docs"))
    if not os.path.exists(os.path.join(docs, "js", "xiangqiboard.min.js")):
        sys.exit(f"{checkout}: not a checkout of xiangqiboardjs (docs/js/xiangqiboard.min.js missing)")
    items = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, fen in enumerate(fens):
            width = rng.randint(250, 700)
            theme = WEB_THEMES[n % len(WEB_THEMES)]
            top, left = rng.randint(0, 120), rng.randint(0, 200)
            page = WEB_PAGE.format(
                docs=docs, top=top, left=left, n=n + 1, caption=rng.choice(["from the game record", "after the 20th move", "study"]),
                bg=rng.choice(["#ffffff", "#f4f4f4", "#e8e4d8", "#fafaf0"]), width=width, fen=fen, theme=theme,
                notation="true" if rng.random() < 0.5 else "false")
            html = os.path.join(tmp, "page.html")
            with open(html, "w") as f:
                f.write(page)
            shot = os.path.join(tmp, "shot.png")
            size = f"{width + 2 * left + rng.randint(0, 200)},{int(width * 10 / 9) + top + 150 + rng.randint(0, 100)}"
            subprocess.run(
                ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                 "--allow-file-access-from-files", "--virtual-time-budget=3000", f"--window-size={size}", f"--screenshot={shot}",
                 "file://" + html],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
            img = Image.open(shot).convert("RGB")
            items.append((f"web{n:03}_{theme}_{width}.png", img, fen, "PNG"))
    return items


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--xboard", action="store_true")
    ap.add_argument("--only-xboard", action="store_true")
    ap.add_argument("--display", default=":34")
    ap.add_argument("--web", metavar="XIANGQIBOARDJS", help="a checkout of xiangqiboardjs: make the web set")
    ap.add_argument("--only-web", action="store_true")
    ap.add_argument("--only-photo", action="store_true")
    ap.add_argument("--only-pieces", action="store_true", help="only the western and round3d sets")
    ap.add_argument("--pieces", nargs="+", metavar="DIR", help="folders of another program's piece pictures: a set each, and no other")
    ap.add_argument("--taught", action="store_true", help="only the three pictures of the taught-pieces test")
    args = ap.parse_args()
    if args.taught:
        taught_pictures(args.out)
        return
    fens = corpus_fens(args.corpus)
    print(f"{len(fens)} positions in the corpus")
    pick = lambda k: [fens[(k + i * 7) % len(fens)] for i in range(args.count)]  # noqa: E731
    if args.pieces:
        for k, folder in enumerate(args.pieces):
            write_set(args.out, os.path.basename(os.path.normpath(folder)), others_set(pick(7 + k), 17 + k, folder))
        return
    if args.only_pieces:
        write_set(args.out, "western", pieces_set(pick(2), 15, "western", symbols=boards.HELD_OUT_SYMBOLS))
        write_set(args.out, "round3d", pieces_set(pick(4), 16, "round3d", piece=boards.HELD_OUT_ROUND, symbols=""))
        return
    if args.only_photo:
        write_set(args.out, "photo", photo_set(pick(1), 14))
        return
    if args.only_web:
        write_set(args.out, "web", web_set(pick(6), args.web, 13))
        return
    if not args.only_xboard:
        write_set(args.out, "printed", printed_set(pick(0), 11))
        write_set(args.out, "screen", screen_set(pick(3), 12))
        write_set(args.out, "photo", photo_set(pick(1), 14))
        write_set(args.out, "western", pieces_set(pick(2), 15, "western", symbols=boards.HELD_OUT_SYMBOLS))
        write_set(args.out, "round3d", pieces_set(pick(4), 16, "round3d", piece=boards.HELD_OUT_ROUND, symbols=""))
    if args.xboard or args.only_xboard:
        write_set(args.out, "xboard", xboard_set(pick(5), args.display, [25, 33, 40, 49, 58, 64]))
    if args.web:
        write_set(args.out, "web", web_set(pick(6), args.web, 13))


if __name__ == "__main__":
    main()
