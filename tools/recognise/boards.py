"""Synthetic Xiangqi board pictures for the piece classifier (src/recognise).

Each picture is a whole board drawn in a random style (screen boards with coloured pieces,
printed diagrams with filled and outlined discs), with the pixel position of each of its
90 points, so that crops are cut exactly as the Rust reader cuts them (`crop`).

Pieces are lettered with Chinese characters in many fonts, or drawn with Western symbols
(pictograms: a tower, a knight's head, an elephant's head, a cross, a crown, a cannon, a pawn)
in one of seven designs (`SYMBOLS`), drawn as the international sites draw them: each piece
by one of a few emblems (a chariot by a tower, a wheel, a wheel under a canopy or a cart seen
from the side, an advisor by a cross, a shield, a bishop's mitre, a scholar's hat or an
official's hat, a general by a crown, a plumed helmet or a ruler's tall hat…), each design
drawing them its own way, filled or in thin outline. Half
the boards of trained designs take each kind from any of them, as if several hands had drawn
the set, and the pictures are drawn as outlines at times, bent and stretched a little
(`warp`). Besides flat discs, round pieces can be shaded in 3D (a
bevel, a radial gradient, a highlight) or cut from wood (grain, the character carved):
`ROUND_KINDS`. One symbol design and one round kind are kept out of training
(`HELD_OUT_SYMBOLS`, `HELD_OUT_ROUND`), for the evaluation sets of make_sets.py.
"""

import io
import math
import os
import random

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

# The classes, in the order of the network's outputs (src/recognise/classify.rs).
CLASSES = ".KABRNCPkabrncp"
CROP = 32  # side of a crop in pixels
CROP_SPAN = 1.0  # side of a crop in point distances

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT_FILES = [
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", 2),
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 3),
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc", 3),
    ("/usr/share/fonts/truetype/arphic-bkai00mp/bkai00mp.ttf", 0),
    ("/usr/share/fonts/truetype/arphic-bsmi00lp/bsmi00lp.ttf", 0),
    ("/usr/share/fonts/truetype/arphic-gbsn00lp/gbsn00lp.ttf", 0),
    ("/usr/share/fonts/truetype/arphic-gkai00mp/gkai00mp.ttf", 0),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    (os.path.join(ROOT, "assets/fonts/board-serif.otf"), 0),
]
# Kept out of training: the printed test diagrams are lettered with it.
HELD_OUT_FONT = ("/usr/share/fonts/truetype/arphic/ukai.ttc", 0)

# Characters a side's pieces are written with; the colour (or fill) tells the side.
RED_CHARS = {"K": "帥帅", "A": "仕", "B": "相", "R": "俥車", "N": "傌馬", "C": "炮", "P": "兵"}
BLACK_CHARS = {"k": "將将", "a": "士", "b": "象", "r": "車车", "n": "馬马", "c": "砲炮包", "p": "卒"}
# Some programs letter both sides alike.
SHARED_CHARS = {"R": "車车", "N": "馬马", "C": "炮", "r": "車车", "n": "馬马", "c": "炮"}

# Round pieces drawn with light: `round_disc`. Each is (fill, text) by side, chosen in
# `random_style`; "rings" is end-grain wood with a strong bevel and is never trained on.
ROUND_KINDS = ["ivory3d", "glossy", "wood", "rings"]
HELD_OUT_ROUND = "rings"
# Western symbol designs: "solid" silhouettes, "emblem" filled badges, "stroke" drawings of
# middle weight, "insignia" and "carriage" pictures with cut details, "chess" Staunton-like
# pieces filled or in thin outline (trained), "line" drawings (held out).
SYMBOLS = ["solid", "emblem", "stroke", "insignia", "carriage", "chess", "line"]
HELD_OUT_SYMBOLS = "line"

_font_cache = {}


def font(spec, size):
    key = (spec, size)
    if key not in _font_cache:
        _font_cache[key] = ImageFont.truetype(spec[0], size, index=spec[1])
    return _font_cache[key]


_glyph_cache = {}


def has_glyph(spec, ch):
    """Whether the font draws `ch` (not its missing-glyph box)."""
    key = (spec, ch)
    if key not in _glyph_cache:
        f = font(spec, 24)

        def bitmap(c):
            im = Image.new("L", (48, 48), 0)
            ImageDraw.Draw(im).text((24, 24), c, font=f, fill=255, anchor="mm")
            return im.tobytes()

        _glyph_cache[key] = bitmap(ch) != bitmap("\uffff") and any(bitmap(ch))
    return _glyph_cache[key]


def jitter(rgb, amount, rng):
    return tuple(int(min(255, max(0, c + rng.randint(-amount, amount)))) for c in rgb)


def random_style(rng, printed=None, fonts=None, piece=None, symbols=None):
    """A board style: colours, line widths, piece look.

    `piece` forces the look of the pieces (a screen kind or one of `ROUND_KINDS`), `symbols`
    a Western symbol design ("" for characters); by default both are drawn at random from
    those trained on.
    """
    if printed is None:
        printed = rng.random() < 0.3
    s = {"printed": printed, "font": rng.choice(fonts or FONT_FILES)}
    dark = (not printed) and rng.random() < 0.15
    if printed:
        s["paper"] = jitter((245, 245, 240), 10, rng)
        s["board"] = s["paper"]
        s["line"] = jitter((25, 25, 25), 20, rng)
    elif dark:
        s["paper"] = jitter((40, 40, 45), 25, rng)
        s["board"] = jitter(rng.choice([(70, 55, 40), (50, 60, 70), (35, 35, 35)]), 20, rng)
        s["line"] = jitter((200, 190, 170), 40, rng)
    else:
        s["paper"] = jitter(rng.choice([(240, 240, 240), (255, 255, 255), (220, 225, 230), (60, 60, 60)]), 15, rng)
        s["board"] = jitter(rng.choice([(222, 184, 135), (238, 210, 160), (245, 222, 179), (250, 250, 245), (200, 170, 120), (230, 200, 140)]), 20, rng)
        s["line"] = jitter(rng.choice([(40, 30, 20), (0, 0, 0), (90, 60, 30), (120, 80, 40)]), 20, rng)
        if rng.random() < 0.2:  # any light colour: programs paint boards in cyan, green, grey…
            s["board"] = tuple(rng.randint(150, 255) for _ in range(3))
    s["line_width"] = rng.uniform(0.012, 0.045)
    s["frame"] = rng.random() < 0.6
    s["stars"] = rng.random() < 0.5
    s["river_text"] = rng.random() < 0.6
    s["coords"] = rng.random() < 0.4
    s["texture"] = (not printed) and rng.random() < 0.4
    s["radius"] = rng.uniform(0.38, 0.48)
    s["char_size"] = rng.uniform(0.45, 0.8)  # some sets letter their pieces small inside a wide ring
    s["shared_chars"] = rng.random() < 0.2
    s["simplified"] = rng.random() < 0.3
    s["flip_top"] = rng.random() < 0.1  # the far side's characters upside down
    if symbols is None:
        trained_symbols = [d for d in SYMBOLS if d != HELD_OUT_SYMBOLS]
        symbols = rng.choice(trained_symbols) if rng.random() < (0.08 if printed else 0.22) else ""
    s["symbols"] = symbols
    if symbols and symbols != HELD_OUT_SYMBOLS:
        # a set drawn by several hands: each kind from any trained design, as outlines at
        # times, bent and stretched a little
        if rng.random() < 0.5:
            trained_symbols = [d for d in SYMBOLS if d != HELD_OUT_SYMBOLS]
            s["kind_designs"] = {k: rng.choice(trained_symbols) for k in "kabrncp"}
        s["edge_symbols"] = rng.random() < 0.2
        s["warp_symbols"] = rng.uniform(0.0, 0.06) if rng.random() < 0.7 else 0.0
        s["stretch_symbols"] = (rng.uniform(0.85, 1.15), rng.uniform(0.85, 1.15))
    s["outline_symbols"] = rng.random() < 0.3  # the solid design also drawn as outlines
    s["filled_chess"] = rng.random() < 0.5  # the chess design filled, or in thin outline
    s["mirror_symbols"] = rng.random() < 0.3  # facing the other way
    s["symbol_width"] = rng.uniform(0.08, 0.16)
    s["symbol_variant"] = rng.random()
    if printed:
        s["piece"] = "printed"
        s["double_ring"] = rng.random() < 0.5
    else:
        trained_round = [k for k in ROUND_KINDS if k != HELD_OUT_ROUND]
        s["piece"] = piece or rng.choice(["classic", "classic", "classic", "solid", "flat"] + trained_round)
        s["red"] = jitter((200, 20, 20), 35, rng)
        other = rng.random()
        if other < 0.7:
            s["black"] = jitter((20, 20, 20), 20, rng)
        elif other < 0.85:
            s["black"] = jitter((20, 110, 40), 25, rng)
        else:
            s["black"] = jitter((20, 50, 170), 25, rng)
        s["disc"] = jitter(rng.choice([(250, 235, 200), (240, 220, 170), (255, 250, 240), (230, 200, 150), (245, 245, 245)]), 15, rng)
        s["disc_red"] = s["disc"] if rng.random() < 0.8 else jitter((250, 225, 215), 10, rng)
        s["shadow"] = rng.random() < 0.4
        s["inner_ring"] = rng.random() < 0.6
        s["gradient"] = rng.random() < 0.4
        s["wood"] = jitter(rng.choice([(214, 170, 110), (196, 146, 88), (226, 190, 130)]), 18, rng)
        s["ring_wood"] = jitter(rng.choice([(190, 130, 75), (170, 115, 65), (205, 150, 90)]), 15, rng)
        s["light"] = rng.uniform(math.pi * 1.05, math.pi * 1.45)  # from the top left, mostly
        s["bevel"] = rng.uniform(0.1, 0.22)
        s["specular"] = rng.uniform(0.15, 0.55)
        s["carved"] = rng.random() < 0.7
        if s["piece"] == "glossy":
            s["glossy_text"] = jitter(rng.choice([(250, 245, 230), (240, 210, 120)]), 10, rng)
    return s


def piece_char(piece, style, rng):
    table = RED_CHARS if piece.isupper() else BLACK_CHARS
    if style["shared_chars"] and piece in SHARED_CHARS:
        table = SHARED_CHARS
    chars = [c for c in table[piece] if has_glyph(style["font"], c)] or [c for c in (RED_CHARS if piece.isupper() else BLACK_CHARS)[piece] if has_glyph(style["font"], c)]
    if not chars:
        style["font"] = FONT_FILES[0]
        chars = table[piece]
    if style["simplified"] and len(chars) > 1:
        return chars[-1]
    return chars[0] if rng.random() < 0.7 else rng.choice(chars)


def _poly(draw, pts, box, fill, width, outline):
    """A polygon given in unit coordinates (-1..1 across `box` = (cx, cy, half side)), filled or
    outlined."""
    cx, cy, h = box
    xy = [(cx + x * h, cy + y * h) for x, y in pts]
    if outline:
        draw.line(xy + [xy[0]], fill=255, width=width, joint="curve")
    else:
        draw.polygon(xy, fill=fill)


def _ellipse(draw, x, y, rx, ry, box, fill, width, outline):
    cx, cy, h = box
    xy = [cx + (x - rx) * h, cy + (y - ry) * h, cx + (x + rx) * h, cy + (y + ry) * h]
    if outline:
        draw.ellipse(xy, outline=255, width=width)
    else:
        draw.ellipse(xy, fill=fill)


def _line(draw, pts, box, width):
    cx, cy, h = box
    draw.line([(cx + x * h, cy + y * h) for x, y in pts], fill=255, width=width, joint="curve")


def _rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _arc(cx, cy, rx, ry, a0, a1, n=12):
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)), cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def symbol_solid(draw, kind, box, width, outline):
    """The "solid" design: chunky silhouettes (a chess rook, a knight facing left, an elephant's
    head in profile, a bold X, a three-pointed crown, a cannon on its wheel, a chess pawn)."""
    P = lambda pts: _poly(draw, pts, box, 255, width, outline)  # noqa: E731
    E = lambda x, y, rx, ry, fill=255: _ellipse(draw, x, y, rx, ry, box, fill, width, outline)  # noqa: E731
    if kind == "r":
        P(_rect(-0.6, 0.68, 0.6, 0.9))
        P([(-0.4, 0.68), (-0.3, -0.3), (0.3, -0.3), (0.4, 0.68)])
        P([(-0.5, -0.3), (-0.5, -0.85), (-0.3, -0.85), (-0.3, -0.6), (-0.1, -0.6), (-0.1, -0.85), (0.1, -0.85),
           (0.1, -0.6), (0.3, -0.6), (0.3, -0.85), (0.5, -0.85), (0.5, -0.3)])
    elif kind == "n":
        P([(0.55, 0.9), (-0.45, 0.9), (-0.3, 0.5), (0.0, 0.2), (-0.3, 0.12), (-0.7, 0.18), (-0.8, -0.05),
           (-0.3, -0.55), (-0.1, -0.9), (0.08, -0.62), (0.45, -0.45), (0.68, 0.1)])
        if not outline:
            E(-0.22, -0.3, 0.07, 0.07, 0)
    elif kind == "b":
        E(0.15, -0.2, 0.5, 0.5)
        E(0.5, -0.1, 0.3, 0.45)
        P([(-0.25, -0.1), (-0.55, 0.3), (-0.6, 0.7), (-0.35, 0.9), (-0.25, 0.75), (-0.4, 0.65), (-0.3, 0.35), (0.05, 0.15)])
        if not outline:
            E(-0.05, -0.3, 0.07, 0.07, 0)
    elif kind == "a":
        P([(-0.75, -0.55), (-0.55, -0.75), (0.75, 0.55), (0.55, 0.75)])
        P([(0.75, -0.55), (0.55, -0.75), (-0.75, 0.55), (-0.55, 0.75)])
    elif kind == "k":
        P([(-0.7, 0.5), (-0.85, -0.45), (-0.4, -0.05), (0.0, -0.7), (0.4, -0.05), (0.85, -0.45), (0.7, 0.5)])
        P(_rect(-0.72, 0.6, 0.72, 0.85))
        for x, y in ((-0.85, -0.55), (0.0, -0.8), (0.85, -0.55)):
            E(x, y, 0.12, 0.12)
    elif kind == "c":
        P([(-0.85, -0.35), (-0.7, -0.6), (0.55, 0.1), (0.4, 0.35)])
        E(0.2, 0.45, 0.35, 0.35)
        E(0.2, 0.45, 0.1, 0.1, 0)
        P(_rect(-0.7, 0.78, 0.8, 0.9))
    else:
        E(0.0, -0.48, 0.25, 0.25)
        P(_rect(-0.3, -0.2, 0.3, -0.08))
        P([(-0.18, -0.08), (0.18, -0.08), (0.42, 0.62), (-0.42, 0.62)])
        P(_rect(-0.6, 0.62, 0.6, 0.88))


def symbol_line(draw, kind, box, width):
    """The "line" design: thin drawings (a chariot wheel, a horse's head facing right with its
    mane, an elephant seen from the front, a shield crossed, a king's cross over a dome, a cannon
    barrel raised over two wheels, a spearhead on its shaft)."""
    L = lambda pts: _line(draw, pts, box, width)  # noqa: E731
    E = lambda x, y, rx, ry: _ellipse(draw, x, y, rx, ry, box, 255, width, True)  # noqa: E731
    if kind == "r":
        E(0, 0, 0.8, 0.8)
        E(0, 0, 0.17, 0.17)
        for i in range(8):
            a = math.radians(i * 45 + 22.5)
            L([(0.17 * math.cos(a), 0.17 * math.sin(a)), (0.8 * math.cos(a), 0.8 * math.sin(a))])
    elif kind == "n":
        pts = [(-0.5, 0.9), (0.45, 0.9), (0.25, 0.4), (0.6, 0.22), (0.85, -0.1), (0.7, -0.35), (0.25, -0.5),
               (0.15, -0.88), (-0.05, -0.55), (-0.45, -0.35), (-0.6, 0.15)]
        L(pts + [pts[0]])
        L([(-0.05, -0.55), (-0.3, -0.2), (-0.35, 0.3)])
        E(0.35, -0.25, 0.05, 0.05)
    elif kind == "b":
        E(0, -0.3, 0.36, 0.36)
        E(-0.58, -0.3, 0.26, 0.4)
        E(0.58, -0.3, 0.26, 0.4)
        L([(-0.1, 0.02), (-0.12, 0.6)] + _arc(0.05, 0.6, 0.17, 0.2, 180, 0, 6))
        L([(0.1, 0.02), (0.12, 0.45)])
        L([(-0.22, 0.0), (-0.35, 0.3)])
        L([(0.22, 0.0), (0.35, 0.3)])
    elif kind == "a":
        pts = [(-0.65, -0.75), (0.65, -0.75), (0.65, 0.05), (0.0, 0.85), (-0.65, 0.05)]
        L(pts + [pts[0]])
        L([(-0.4, -0.5), (0.4, 0.35)])
        L([(0.4, -0.5), (-0.4, 0.35)])
    elif kind == "k":
        L([(0, -0.9), (0, -0.45)])
        L([(-0.22, -0.7), (0.22, -0.7)])
        L(_arc(0, 0.2, 0.6, 0.62, 180, 360) + [(0.6, 0.2), (0.45, 0.6), (-0.45, 0.6), (-0.6, 0.2)])
        L(_rect(-0.65, 0.6, 0.65, 0.85) + [(-0.65, 0.6)])
    elif kind == "c":
        L([(-0.75, 0.05), (0.65, -0.7), (0.8, -0.45), (-0.6, 0.3), (-0.75, 0.05)])
        E(-0.3, 0.5, 0.28, 0.28)
        E(0.35, 0.5, 0.28, 0.28)
        E(0.75, 0.15, 0.1, 0.1)
    else:
        L([(0, -0.9), (0.3, -0.4), (0, -0.15), (-0.3, -0.4), (0, -0.9)])
        L([(0, -0.15), (0, 0.85)])
        L([(-0.35, 0.05), (0.35, 0.05)])


def symbol_emblem(draw, kind, box, width):
    """The "emblem" design: filled badges (a two-wheeled chariot, a horse's head facing right, an
    elephant seen from the front with its ears spread, a shield with a cross cut out, a crown on
    a band, a cannon barrel on two wheels, a soldier's helmet)."""
    P = lambda pts, fill=255: _poly(draw, pts, box, fill, width, False)  # noqa: E731
    E = lambda x, y, rx, ry, fill=255: _ellipse(draw, x, y, rx, ry, box, fill, width, False)  # noqa: E731
    if kind == "r":
        P(_rect(-0.7, -0.55, 0.7, 0.15))
        P(_rect(-0.15, -0.85, 0.15, -0.55))
        for x in (-0.42, 0.42):
            E(x, 0.5, 0.36, 0.36)
            E(x, 0.5, 0.16, 0.16, 0)
            E(x, 0.5, 0.07, 0.07)
    elif kind == "n":
        P([(-0.45, 0.9), (0.55, 0.9), (0.4, 0.45), (0.75, 0.25), (0.9, -0.05), (0.65, -0.4), (0.3, -0.55),
           (0.2, -0.9), (0.0, -0.62), (-0.4, -0.45), (-0.65, 0.1), (-0.55, 0.55)])
        E(0.4, -0.22, 0.07, 0.07, 0)
    elif kind == "b":
        E(0, -0.3, 0.4, 0.4)
        E(-0.58, -0.35, 0.3, 0.45)
        E(0.58, -0.35, 0.3, 0.45)
        P([(-0.15, -0.05), (0.15, -0.05), (0.12, 0.55), (0.3, 0.75), (0.1, 0.9), (-0.14, 0.65)])
        E(-0.15, -0.38, 0.07, 0.07, 0)
        E(0.15, -0.38, 0.07, 0.07, 0)
    elif kind == "a":
        P([(-0.7, -0.8), (0.7, -0.8), (0.7, 0.1), (0.0, 0.9), (-0.7, 0.1)])
        P(_rect(-0.1, -0.62, 0.1, 0.55), 0)
        P(_rect(-0.5, -0.3, 0.5, -0.1), 0)
    elif kind == "k":
        P([(-0.75, 0.45), (-0.8, -0.3), (-0.4, 0.0), (0.0, -0.45), (0.4, 0.0), (0.8, -0.3), (0.75, 0.45)])
        P(_rect(-0.78, 0.55, 0.78, 0.85))
        P(_rect(-0.07, -0.9, 0.07, -0.45))
        P(_rect(-0.22, -0.78, 0.22, -0.64))
    elif kind == "c":
        P([(-0.85, 0.1), (0.6, -0.72), (0.8, -0.4), (-0.65, 0.42)])
        for x in (-0.35, 0.35):
            E(x, 0.55, 0.3, 0.3)
            E(x, 0.55, 0.1, 0.1, 0)
    else:
        P(_arc(0, 0.1, 0.7, 0.85, 180, 360, 16) + [(0.85, 0.1), (0.85, 0.3), (-0.85, 0.3), (-0.85, 0.1)])
        P(_rect(-0.55, 0.3, -0.35, 0.75))
        P(_rect(0.35, 0.3, 0.55, 0.75))
        P(_rect(-0.05, -0.85, 0.05, -0.7))


def symbol_stroke(draw, kind, box, width):
    """The "stroke" design: drawings of middle weight (a wheel of six spokes, a chess knight
    facing right, an elephant in profile with its trunk down, a scholar's hat, a cross over a
    ball, a ball fired from a short barrel, a chess pawn)."""
    L = lambda pts: _line(draw, pts, box, width)  # noqa: E731
    E = lambda x, y, rx, ry: _ellipse(draw, x, y, rx, ry, box, 255, width, True)  # noqa: E731
    if kind == "r":
        E(0, 0, 0.75, 0.75)
        for i in range(3):
            a = math.radians(i * 60)
            L([(0.75 * math.cos(a), 0.75 * math.sin(a)), (-0.75 * math.cos(a), -0.75 * math.sin(a))])
    elif kind == "n":
        pts = [(-0.5, 0.85), (0.55, 0.85), (0.4, 0.3), (0.7, 0.0), (0.6, -0.3), (0.15, -0.55), (0.1, -0.85),
               (-0.2, -0.55), (-0.55, -0.1), (-0.35, 0.35)]
        L(pts + [pts[0]])
        L([(-0.7, 0.85), (0.75, 0.85)])
    elif kind == "b":
        L(_arc(0.05, -0.05, 0.6, 0.55, 180, 360, 12) + [(0.65, 0.5), (0.4, 0.5), (0.35, 0.2), (-0.25, 0.2), (-0.3, 0.5), (-0.55, 0.5)])
        L([(0.65, -0.05), (0.85, 0.3), (0.8, 0.7)])
        L([(0.55, 0.1), (0.3, 0.35)])
    elif kind == "a":
        L([(-0.8, 0.2), (0.8, 0.2)])
        L(_arc(0, 0.2, 0.45, 0.6, 180, 360, 10))
        L([(-0.45, 0.2), (-0.5, 0.7), (0.5, 0.7), (0.45, 0.2)])
    elif kind == "k":
        E(0, 0.35, 0.5, 0.5)
        L([(0, -0.9), (0, -0.15)])
        L([(-0.3, -0.6), (0.3, -0.6)])
    elif kind == "c":
        L([(-0.8, 0.6), (0.1, -0.2)])
        L([(-0.6, 0.8), (0.3, 0.0)])
        E(0.5, -0.45, 0.3, 0.3)
        L(_rect(-0.85, 0.85, 0.85, 0.85))
    else:
        E(0.0, -0.45, 0.25, 0.25)
        L([(-0.25, -0.12), (0.25, -0.12)])
        L([(-0.15, -0.12), (-0.35, 0.65), (0.35, 0.65), (0.15, -0.12)])
        L([(-0.6, 0.8), (0.6, 0.8)])


def symbol_insignia(draw, kind, box, width, variant):
    """The "insignia" design: filled pictures with details cut out, after the emblems most
    international sites give the pieces (a helmet with a plume for the general, an official's
    fan-shaped hat for the advisor, an elephant's head in profile, a horse's head with its mane, a
    wheel under a canopy for the chariot, a cannon on a spoked wheel, a spearhead for the
    soldier). `variant` (0..1) bends the proportions, one board to another."""
    P = lambda pts, fill=255: _poly(draw, pts, box, fill, width, False)  # noqa: E731
    E = lambda x, y, rx, ry, fill=255: _ellipse(draw, x, y, rx, ry, box, fill, width, False)  # noqa: E731
    C = lambda pts: _cut(draw, pts, box, width)  # noqa: E731
    v = variant - 0.5
    if kind == "k":
        P(_arc(0, 0.05, 0.62 + 0.1 * v, 0.7, 180, 360, 16) + [(0.62 + 0.1 * v, 0.05)])
        P(_rect(-0.78, 0.05, 0.78, 0.35))
        P([(-0.7, 0.35), (-0.55, 0.85), (0.55, 0.85), (0.7, 0.35)])
        P([(-0.12, -0.62), (0.0, -0.95), (0.12, -0.62)])
        for x in (-0.35, 0.0, 0.35):
            C([(x, 0.42), (x, 0.75)])
        C([(-0.6, 0.2), (0.6, 0.2)])
        E(0, -0.3, 0.14, 0.14, 0)
    elif kind == "a":
        top = -0.8 - 0.1 * v
        P([(-0.85, top + 0.15), (-0.5, top), (0.0, top - 0.05), (0.5, top), (0.85, top + 0.15), (0.45, 0.45), (-0.45, 0.45)])
        P(_rect(-0.55, 0.5, 0.55, 0.82))
        for i in range(5):
            x = -0.52 + i * 0.26
            C([(x * 1.3, top + 0.2), (x * 0.75, 0.38)])
        E(0, 0.66, 0.1, 0.1, 0)
    elif kind == "b":
        E(0.15, -0.25, 0.55, 0.5)
        E(0.45 + 0.1 * v, -0.1, 0.32, 0.5, 0)
        E(0.45 + 0.1 * v, -0.1, 0.26, 0.42)
        P([(-0.3, -0.2), (-0.6, 0.1), (-0.7, 0.55), (-0.55, 0.9), (-0.35, 0.85), (-0.45, 0.55), (-0.3, 0.25), (0.0, 0.2)])
        P([(-0.15, 0.15), (-0.3, 0.45), (-0.15, 0.4)])
        E(-0.12, -0.35, 0.08, 0.08, 0)
    elif kind == "n":
        P([(-0.55, 0.9), (0.6, 0.9), (0.5, 0.4), (0.3, 0.05), (0.55, 0.2), (0.85, 0.1), (0.8, -0.15),
           (0.35, -0.6), (0.3, -0.92), (0.12, -0.68), (0.0, -0.9), (-0.15, -0.62), (-0.55, -0.35), (-0.7, 0.2)])
        for i in range(4):
            y = -0.45 + i * 0.3
            C([(-0.35 + 0.06 * i, y), (-0.05 + 0.06 * i, y + 0.15)])
        E(0.38, -0.3, 0.07, 0.07, 0)
    elif kind == "r":
        c = -0.5 - 0.15 * v
        P(_arc(0, c + 0.22, 0.8, 0.45, 180, 360, 14))
        P(_rect(-0.05, c + 0.1, 0.05, 0.15))
        E(0, 0.5, 0.42, 0.42)
        E(0, 0.5, 0.32, 0.32, 0)
        E(0, 0.5, 0.1, 0.1)
        for i in range(4):
            a = math.radians(i * 45)
            _line(draw, [(0.32 * math.cos(a), 0.5 + 0.32 * math.sin(a)), (-0.32 * math.cos(a), 0.5 - 0.32 * math.sin(a))], box, max(1, width // 2))
        P(_rect(-0.85, 0.3, 0.85, 0.38))
    elif kind == "c":
        P([(-0.9, -0.1 + 0.2 * v), (0.65, -0.75), (0.85, -0.45), (-0.7, 0.25 + 0.2 * v)])
        E(0.72, -0.6, 0.12, 0.2, 0)
        E(0.0, 0.45, 0.45, 0.45)
        E(0.0, 0.45, 0.34, 0.34, 0)
        for i in range(3):
            a = math.radians(i * 60)
            _line(draw, [(0.34 * math.cos(a), 0.45 + 0.34 * math.sin(a)), (-0.34 * math.cos(a), 0.45 - 0.34 * math.sin(a))], box, max(1, width // 2))
        E(0.0, 0.45, 0.09, 0.09)
    else:
        h = 0.1 * v
        P([(0.0, -0.92), (0.5, -0.2 + h), (0.18, -0.28 + h), (0.18, 0.45), (-0.18, 0.45), (-0.18, -0.28 + h), (-0.5, -0.2 + h)])
        P([(-0.55, 0.45), (0.55, 0.45), (0.7, 0.88), (-0.7, 0.88)])
        C([(-0.35, 0.65), (0.35, 0.65)])


def symbol_carriage(draw, kind, box, width, variant):
    """The "carriage" design: filled pictures seen from the side, with details cut out (a cart
    on a spoked wheel under a canopy or a parasol with its shaft to the ground, a cannon barrel
    on a small wheeled carriage, a ruler's tall hat under a flat board, an official's bowl-shaped
    hat, an elephant's head with its ear spread and its trunk curled, a horse's head, a pawn of
    stacked points on a stem). `variant` (0..1) bends the proportions, one board to another."""
    P = lambda pts, fill=255: _poly(draw, pts, box, fill, width, False)  # noqa: E731
    E = lambda x, y, rx, ry, fill=255: _ellipse(draw, x, y, rx, ry, box, fill, width, False)  # noqa: E731
    C = lambda pts: _cut(draw, pts, box, width)  # noqa: E731
    L = lambda pts: _line(draw, pts, box, max(1, width))  # noqa: E731
    v = variant - 0.5
    if kind == "r":
        wx, wy, wr = 0.25 + 0.2 * v, 0.42, 0.45
        E(wx, wy, wr, wr)
        E(wx, wy, wr * 0.72, wr * 0.72, 0)
        E(wx, wy, 0.08, 0.08)
        for i in range(4):
            a = math.radians(i * 45 + 10)
            L([(wx + wr * 0.72 * math.cos(a), wy + wr * 0.72 * math.sin(a)), (wx - wr * 0.72 * math.cos(a), wy - wr * 0.72 * math.sin(a))])
        P([(-0.3, -0.25), (0.55, -0.25), (0.6, 0.05), (-0.25, 0.05)])
        L([(-0.25, 0.0), (-0.95, 0.75)])
        if variant < 0.5:
            P(_arc(0.15, -0.45, 0.6, 0.35, 180, 360, 12) + [(0.75, -0.45)])
            L([(0.15, -0.45), (0.15, -0.25)])
        else:
            P([(0.35, -0.25), (0.45, -0.85), (0.65, -0.85), (0.6, -0.25)])
    elif kind == "c":
        P([(-0.75, 0.15 + 0.1 * v), (0.75, -0.55), (0.88, -0.3), (-0.6, 0.45 + 0.1 * v)])
        E(-0.68, 0.3 + 0.1 * v, 0.18, 0.18)
        E(0.82, -0.42, 0.06, 0.1, 0)
        P([(-0.45, 0.35), (0.25, 0.0), (0.35, 0.55), (-0.55, 0.6)])
        E(-0.1, 0.6, 0.3, 0.3)
        E(-0.1, 0.6, 0.2, 0.2, 0)
        E(-0.1, 0.6, 0.06, 0.06)
        L([(-0.55, 0.6), (-0.95, 0.85)])
    elif kind == "k":
        P(_rect(-0.85, -0.8, 0.85, -0.6))
        P([(-0.6, -0.6), (0.6, -0.6), (0.7, 0.45), (-0.7, 0.45)])
        P(_rect(-0.75, 0.5, 0.75, 0.8))
        for i in range(5):
            x = -0.44 + i * 0.22
            C([(x, -0.5), (x * 1.15, 0.35)])
        if variant < 0.5:
            for x in (-0.8, 0.8):
                L([(x, -0.6), (x, -0.1)])
        C([(-0.6, 0.65), (0.6, 0.65)])
    elif kind == "a":
        P([(-0.8, -0.55), (0.8, -0.55), (0.55, 0.35), (-0.55, 0.35)])
        P(_rect(-0.45, 0.4, 0.45, 0.65))
        for i in range(6):
            x = -0.6 + i * 0.24
            C([(x, -0.45), (x * 0.7, 0.28)])
        E(0, -0.7, 0.12, 0.12)
    elif kind == "b":
        E(0.2, -0.15, 0.6, 0.6)
        E(0.35, -0.15, 0.35, 0.45, 0)
        E(0.38, -0.15, 0.25, 0.35)
        L(_arc(-0.55, 0.25, 0.22, 0.45, 270, 90, 8) + [(-0.3, 0.85), (-0.15, 0.75)])
        P([(-0.4, -0.3), (-0.7, 0.0), (-0.6, 0.3), (-0.25, 0.1)])
        E(-0.22, -0.28, 0.07, 0.07, 0)
        P([(-0.1, 0.35), (-0.35, 0.6), (-0.05, 0.5)])
    elif kind == "n":
        P([(0.5, 0.9), (-0.5, 0.9), (-0.35, 0.45), (-0.05, 0.15), (-0.4, 0.2), (-0.75, 0.05), (-0.75, -0.15),
           (-0.3, -0.55), (-0.25, -0.9), (-0.05, -0.7), (0.15, -0.85), (0.25, -0.6), (0.6, -0.2), (0.7, 0.4)])
        for i in range(4):
            y = -0.5 + i * 0.28
            C([(0.35 - 0.05 * i, y), (0.05 - 0.05 * i, y + 0.18)])
        E(-0.35, -0.3, 0.07, 0.07, 0)
    else:
        h = 0.1 * v
        for i, (y0, w0) in enumerate([(-0.9, 0.35), (-0.55, 0.45), (-0.2, 0.55)]):
            P([(0.0, y0), (w0, y0 + 0.45 + h), (-w0, y0 + 0.45 + h)])
        P(_rect(-0.12, 0.25, 0.12, 0.6))
        P([(-0.5, 0.6), (0.5, 0.6), (0.6, 0.88), (-0.6, 0.88)])


def symbol_chess(draw, kind, box, width, variant, filled):
    """The "chess" design: Staunton-like pieces drawn in thin outline with their inner lines, or
    filled with those lines cut out (a crown under a cross, a bishop's mitre or a shield crossed
    for the advisor, an elephant's head seen from the front or in profile, a knight with its
    mane, a rook's tower of bricks, a cannon barrel lying on its wheel, a chess pawn). `variant`
    (0..1) chooses among the drawings and bends their proportions, one board to another."""
    v = variant - 0.5

    def S(pts):
        _poly(draw, pts, box, 255, width, not filled)

    def O(x, y, rx, ry):
        _ellipse(draw, x, y, rx, ry, box, 255, width, not filled)

    def eye(x, y, r):
        _ellipse(draw, x, y, r, r, box, 0 if filled else 255, width, not filled)

    def D(pts):
        if filled:
            _cut(draw, pts, box, width)
        else:
            _line(draw, pts, box, width)

    if kind == "k":
        _line(draw, [(0, -0.95), (0, -0.6)], box, width + 1)
        _line(draw, [(-0.16, -0.8), (0.16, -0.8)], box, width + 1)
        S(_arc(0, 0.05, 0.62 + 0.1 * v, 0.6, 180, 360, 14) + [(0.5, 0.55), (-0.5, 0.55)])
        S(_rect(-0.68, 0.55, 0.68, 0.85))
        D([(0, -0.52), (0, 0.5)])
        D(_arc(0, 0.05, 0.35, 0.55, 200, 340, 6))
        D([(-0.55, 0.3), (0.55, 0.3)])
    elif kind == "a":
        if variant < 0.5:
            O(0, -0.82, 0.1, 0.1)
            S([(0, -0.72), (0.32, -0.35), (0.3, 0.0), (0.15, 0.15), (-0.15, 0.15), (-0.3, 0.0), (-0.32, -0.35)])
            S([(-0.3, 0.15), (0.3, 0.15), (0.45, 0.6), (-0.45, 0.6)])
            S(_rect(-0.62, 0.6, 0.62, 0.88))
            D([(0.05, -0.5), (0.22, -0.2)])
        else:
            pts = [(-0.62, -0.72), (0.62, -0.72), (0.62, 0.05), (0.0, 0.85), (-0.62, 0.05)]
            S(pts)
            D([(-0.38, -0.48), (0.38, 0.32)])
            D([(0.38, -0.48), (-0.38, 0.32)])
    elif kind == "b":
        if variant < 0.5:
            O(0, -0.3, 0.38, 0.4)
            O(-0.6, -0.3, 0.28, 0.45)
            O(0.6, -0.3, 0.28, 0.45)
            S([(-0.15, 0.0), (0.15, 0.0), (0.12, 0.55), (0.25, 0.8), (-0.05, 0.85), (-0.15, 0.55)])
            D([(-0.3, 0.05), (-0.45, 0.4)])
            D([(0.3, 0.05), (0.45, 0.4)])
        else:
            O(0.2, -0.2, 0.6, 0.55)
            S([(-0.3, -0.2), (-0.6, 0.15), (-0.65, 0.6), (-0.45, 0.88), (-0.3, 0.78), (-0.42, 0.55), (-0.25, 0.25), (0.05, 0.15)])
            D(_arc(0.35, -0.2, 0.28, 0.38, 240, 480, 8))
            eye(-0.1, -0.32, 0.06)
    elif kind == "n":
        pts = [(0.55, 0.9), (-0.45, 0.9), (-0.3, 0.5), (0.0, 0.2), (-0.3, 0.12), (-0.72, 0.2 + 0.1 * v), (-0.82, -0.05),
               (-0.3, -0.55), (-0.12, -0.92), (0.08, -0.62), (0.45, -0.45), (0.68, 0.1)]
        S(pts)
        for i in range(3):
            y = -0.4 + i * 0.3
            D([(0.2 + 0.05 * i, y), (0.45 + 0.05 * i, y + 0.12)])
        eye(-0.25, -0.3, 0.07)
        D([(-0.5, 0.65), (0.45, 0.65)])
    elif kind == "r":
        top = -0.85 - 0.1 * v
        S([(-0.55, -0.3), (-0.55, top), (-0.33, top), (-0.33, top + 0.22), (-0.11, top + 0.22), (-0.11, top), (0.11, top),
           (0.11, top + 0.22), (0.33, top + 0.22), (0.33, top), (0.55, top), (0.55, -0.3)])
        S([(-0.42, -0.3), (0.42, -0.3), (0.48, 0.62), (-0.48, 0.62)])
        S(_rect(-0.65, 0.62, 0.65, 0.88))
        for y in (-0.05, 0.2, 0.42):
            D([(-0.42, y), (0.42, y)])
        D([(0, -0.3), (0, -0.05)])
        D([(0, 0.2), (0, 0.42)])
    elif kind == "c":
        tilt = 0.25 * v
        S([(-0.85, -0.05 - tilt), (0.7, -0.25 + tilt), (0.72, 0.05 + tilt), (-0.83, 0.22 - tilt)])
        S([(0.68, -0.3 + tilt), (0.85, -0.32 + tilt), (0.87, 0.1 + tilt), (0.7, 0.1 + tilt)])
        O(-0.15, 0.45, 0.38, 0.38)
        eye(-0.15, 0.45, 0.1)
        D([(-0.45, 0.85), (0.2, 0.85)])
    else:
        O(0, -0.5, 0.26, 0.26)
        S(_rect(-0.3, -0.24, 0.3, -0.12))
        S([(-0.18, -0.12), (0.18, -0.12), (0.4, 0.6), (-0.4, 0.6)])
        S(_rect(-0.62, 0.6, 0.62, 0.88))


def _cut(draw, pts, box, width):
    """A line cut out of a filled picture (drawn in the mask's empty value)."""
    cx, cy, h = box
    draw.line([(cx + x * h, cy + y * h) for x, y in pts], fill=0, width=max(1, width), joint="curve")


def glyph_mask(piece, style, rng, size):
    """The mark of a piece (its character, or its symbol) as a mask `2 * size` pixels a side
    holding it in the middle `size`."""
    glyph = Image.new("L", (size * 2, size * 2), 0)
    draw = ImageDraw.Draw(glyph)
    design = style.get("symbols")
    if design:
        design = style.get("kind_designs", {}).get(piece.lower(), design)
        box = (size, size, size * 0.5)
        width = max(1, int(round(size * style["symbol_width"] * (0.6 if design == "line" else 0.5))))
        if design == "line":
            symbol_line(draw, piece.lower(), box, width)
        elif design == "emblem":
            symbol_emblem(draw, piece.lower(), box, width)
        elif design == "insignia":
            symbol_insignia(draw, piece.lower(), box, width, style.get("symbol_variant", 0.5))
        elif design == "carriage":
            symbol_carriage(draw, piece.lower(), box, width, style.get("symbol_variant", 0.5))
        elif design == "stroke":
            symbol_stroke(draw, piece.lower(), box, width * 3 // 2 + 1)
        elif design == "chess":
            filled = style.get("filled_chess", False)
            symbol_chess(draw, piece.lower(), box, width if filled else max(1, width * 2 // 3), style.get("symbol_variant", 0.5), filled)
        else:
            symbol_solid(draw, piece.lower(), box, width, style["outline_symbols"])
        if design != HELD_OUT_SYMBOLS:
            if style.get("mirror_symbols"):
                glyph = glyph.transpose(Image.FLIP_LEFT_RIGHT)
            if style.get("edge_symbols"):
                # any filled picture drawn as its outline
                k = 3 if size < 40 else 5
                glyph = ImageChops.subtract(glyph, glyph.filter(ImageFilter.MinFilter(k)))
            if style.get("warp_symbols"):
                glyph = warp(glyph, style["warp_symbols"], style.get("stretch_symbols", (1.0, 1.0)), rng)
    else:
        ch = piece_char(piece, style, rng)
        draw.text((size, size), ch, font=font(style["font"], size), fill=255, anchor="mm")
    return glyph


def warp(mask, amount, stretch, rng):
    """`mask` bent a little, as another artist would draw the same picture: its middle stretched
    by `stretch` (x, y) and a 4 x 4 mesh over it moved by up to `amount` of its side."""
    n = 4
    w, h = mask.size
    sx, sy = stretch

    def source(i, j):
        # the point the mesh corner (i, j) takes its pixels from
        x = w / 2 + (i * w / n - w / 2) / sx
        y = h / 2 + (j * h / n - h / 2) / sy
        if 0 < i < n and 0 < j < n:
            x += rng.uniform(-amount, amount) * w
            y += rng.uniform(-amount, amount) * h
        return x, y

    corners = [[source(i, j) for j in range(n + 1)] for i in range(n + 1)]
    mesh = []
    for i in range(n):
        for j in range(n):
            box = (i * w // n, j * h // n, (i + 1) * w // n, (j + 1) * h // n)
            quad = corners[i][j] + corners[i][j + 1] + corners[i + 1][j + 1] + corners[i + 1][j]
            mesh.append((box, quad))
    return mask.transform(mask.size, Image.MESH, mesh, resample=Image.BILINEAR)


def round_disc(r, fill, style, rng):
    """A round piece lit from one side, `2 * r` across: a flat top sloping to a bevel, a radial
    gradient, a specular highlight; on wood, its grain (straight, or end-grain rings for
    "rings"). Returns the picture and its mask (antialiased edge)."""
    n = int(math.ceil(2 * r)) + 3
    c = n / 2
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) + 0.5
    u, v = (xx - c) / r, (yy - c) / r
    d = np.sqrt(u * u + v * v) + 1e-6
    alpha = np.clip((1 - d) * r + 0.5, 0, 1)
    base = np.ones((n, n, 1), np.float32) * np.array(fill, np.float32)[None, None, :]
    kind = style["piece"]
    g = np.random.default_rng(rng.randrange(1 << 30))
    if kind in ("wood", "rings"):
        noise = np.asarray(Image.fromarray((g.normal(0, 1, (6, 6)) * 40 + 128).clip(0, 255).astype(np.uint8)).resize((n, n), Image.BICUBIC)).astype(np.float32) / 128 - 1
        if kind == "rings":
            ox, oy = g.uniform(-1.5, 1.5, 2)
            t = np.sqrt((u - ox) ** 2 + (v - oy) ** 2) * g.uniform(5, 9)
        else:
            a = g.uniform(0, math.pi)
            t = (u * math.cos(a) + v * math.sin(a)) * g.uniform(4, 8)
        grain = (0.5 + 0.5 * np.sin((t + noise * 0.8) * 2 * math.pi)) ** 3
        base = base * (1 - 0.22 * grain[..., None]) * (1 + 0.05 * g.normal(0, 1, (n, n, 1)))
    bevel = style["bevel"] * (1.5 if kind == "rings" else 1.0)
    lx, ly = math.cos(style["light"]), math.sin(style["light"])
    slope = np.where(d > 1 - bevel, 1.2, 0.25 * d / (1 - bevel))
    facing = -(u / d * lx + v / d * ly) * slope
    shade = (1 + 0.35 * facing) * (1 - 0.18 * d * d)
    sx, sy = 0.45 * lx, 0.45 * ly
    spec = style["specular"] * np.exp(-((u - sx) ** 2 + (v - sy) ** 2) / 0.08)
    if kind in ("wood", "rings"):
        spec *= 0.4
    rgb = base * shade[..., None] + 255 * spec[..., None]
    # a thin dark edge where the side of the piece turns away
    rgb *= np.where(d > 0.96, 0.75, 1.0)[..., None]
    img = Image.fromarray(rgb.clip(0, 255).astype(np.uint8))
    return img, Image.fromarray((alpha * 255).astype(np.uint8))


def draw_piece(img, draw, cx, cy, step, piece, style, rng, top):
    r = style["radius"] * step
    red = piece.isupper()
    kind = style["piece"]
    if kind == "printed":
        ink = style["line"]
        if red:
            fill, rim, text = style["paper"], ink, ink
        else:
            fill, rim, text = ink, ink, style["paper"]
    elif kind == "solid":
        fill = style["red"] if red else style["black"]
        rim = tuple(int(c * 0.7) for c in fill)
        text = style["disc"]
    elif kind == "flat":
        fill = style["disc_red"] if red else style["disc"]
        rim = fill
        text = style["red"] if red else style["black"]
    elif kind == "glossy":
        fill = style["red"] if red else style["black"]
        rim = text = style["glossy_text"]
    elif kind in ROUND_KINDS:
        fill = {"ivory3d": style["disc"], "wood": style["wood"], "rings": style["ring_wood"]}[kind]
        rim = text = style["red"] if red else style["black"]
    else:
        fill = style["disc_red"] if red else style["disc"]
        rim = style["red"] if red else style["black"]
        if rng.random() < 0.3:
            rim = tuple(int(c * 0.6) for c in fill)
        text = style["red"] if red else style["black"]
    if kind not in ("printed",) and style.get("shadow"):
        o = r * 0.12
        draw.ellipse([cx - r + o, cy - r + o, cx + r + o, cy + r + o], fill=(60, 50, 40))
    rim_w = max(1, int(r * rng.uniform(0.04, 0.12)))
    if kind in ROUND_KINDS:
        disc, mask = round_disc(r, fill, style, rng)
        img.paste(disc, (int(round(cx - disc.size[0] / 2)), int(round(cy - disc.size[1] / 2))), mask)
        if style.get("inner_ring"):
            ri = r * (1 - style["bevel"]) * rng.uniform(0.85, 0.97)
            draw.ellipse([cx - ri, cy - ri, cx + ri, cy + ri], outline=text, width=max(1, rim_w // 2))
    else:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=rim, width=rim_w)
    if kind == "classic" and style.get("gradient"):
        for k in range(4):
            rr = r * (0.9 - k * 0.08)
            shade = tuple(min(255, int(c * (1.0 + 0.03 * k))) for c in fill)
            draw.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=shade)
    if (kind == "classic" and style.get("inner_ring")) or (kind == "printed" and style.get("double_ring")):
        ri = r * rng.uniform(0.78, 0.88)
        col = text if kind != "printed" else (rim if red else style["paper"])
        draw.ellipse([cx - ri, cy - ri, cx + ri, cy + ri], outline=col, width=max(1, rim_w // 2))
    size = max(6, int(2 * r * style["char_size"]))
    glyph = glyph_mask(piece, style, rng, size)
    if top and style["flip_top"]:
        glyph = glyph.rotate(180)
    glyph = glyph.rotate(rng.uniform(-6, 6), resample=Image.BILINEAR)
    at = (int(cx - size), int(cy - size))
    if kind in ROUND_KINDS and style.get("carved"):
        # carved: the far wall of the cut catches the light, the near one is in shadow
        o = max(1, int(round(r * 0.05)))
        lx, ly = math.cos(style["light"]), math.sin(style["light"])
        lit = tuple(min(255, int(c * 1.25 + 30)) for c in fill)
        img.paste(Image.new("RGB", glyph.size, lit), (at[0] - int(round(lx * o)), at[1] - int(round(ly * o))), glyph)
    img.paste(Image.new("RGB", glyph.size, text), at, glyph)


def render(placement, rng, style=None, step=None):
    """Draw a board: `placement` maps (file 0-8, rank 0-9 from the top) to a piece letter.

    Returns the picture and the 90 point centres in its pixels, rank by rank from the top.
    """
    style = style or random_style(rng)
    step = step or rng.uniform(22, 90)
    mx = step * rng.uniform(0.55, 1.4)
    my = step * rng.uniform(0.55, 1.4)
    pad = [int(step * rng.uniform(0, 3)) if rng.random() < 0.5 else 0 for _ in range(4)]
    bw = int(8 * step + 2 * mx)
    bh = int(9 * step + 2 * my)
    W, H = bw + pad[0] + pad[1], bh + pad[2] + pad[3]
    img = Image.new("RGB", (W, H), style["paper"])
    draw = ImageDraw.Draw(img)
    ox, oy = pad[0], pad[2]
    draw.rectangle([ox, oy, ox + bw, oy + bh], fill=style["board"])
    if style["texture"]:
        noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, 1, (max(2, bh // 8), max(2, bw // 8)))
        tex = Image.fromarray(((noise * 10) + 128).clip(0, 255).astype(np.uint8)).resize((bw, bh), Image.BILINEAR)
        region = img.crop((ox, oy, ox + bw, oy + bh))
        arr = np.asarray(region).astype(np.int16) + (np.asarray(tex).astype(np.int16)[..., None] - 128)
        img.paste(Image.fromarray(arr.clip(0, 255).astype(np.uint8)), (ox, oy))
        draw = ImageDraw.Draw(img)
    gx, gy = ox + mx, oy + my

    def pt(f, r):
        return gx + f * step, gy + r * step

    lw = max(1, int(round(step * style["line_width"])))
    line = style["line"]
    for r in range(10):
        draw.line([pt(0, r), pt(8, r)], fill=line, width=lw)
    for f in range(9):
        if f in (0, 8):
            draw.line([pt(f, 0), pt(f, 9)], fill=line, width=lw)
        else:
            draw.line([pt(f, 0), pt(f, 4)], fill=line, width=lw)
            draw.line([pt(f, 5), pt(f, 9)], fill=line, width=lw)
    for r0 in (0, 7):
        draw.line([pt(3, r0), pt(5, r0 + 2)], fill=line, width=lw)
        draw.line([pt(5, r0), pt(3, r0 + 2)], fill=line, width=lw)
    if style["frame"]:
        d = step * rng.uniform(0.08, 0.3)
        x0, y0 = pt(0, 0)
        x1, y1 = pt(8, 9)
        draw.rectangle([x0 - d, y0 - d, x1 + d, y1 + d], outline=line, width=lw + rng.randint(1, 3))
    if style["stars"]:
        a, g = step * 0.08, step * 0.25
        for f, r in [(1, 2), (7, 2), (1, 7), (7, 7)] + [(f, r) for f in (0, 2, 4, 6, 8) for r in (3, 6)]:
            x, y = pt(f, r)
            for sx in (-1, 1):
                if (f == 0 and sx < 0) or (f == 8 and sx > 0):
                    continue
                for sy in (-1, 1):
                    draw.line([(x + sx * a, y + sy * a), (x + sx * a, y + sy * g)], fill=line, width=max(1, lw))
                    draw.line([(x + sx * a, y + sy * a), (x + sx * g, y + sy * a)], fill=line, width=max(1, lw))
    if style["river_text"]:
        f = font(style["font"], max(6, int(step * 0.6)))
        words = rng.choice([("楚", "河", "漢", "界"), ("楚", "河", "汉", "界")])
        for i, fx in enumerate((1.5, 2.5, 5.5, 6.5)):
            x, y = pt(fx, 4.5)
            draw.text((x, y), words[i], font=f, fill=line, anchor="mm")
    if style["coords"]:
        f = font(style["font"], max(6, int(step * 0.3)))
        for i in range(9):
            x, y = pt(i, 0)
            draw.text((x, y - my * 0.6), str(i + 1), font=f, fill=line, anchor="mm")
            x, y = pt(i, 9)
            draw.text((x, y + my * 0.6), "九八七六五四三二一"[i], font=f, fill=line, anchor="mm")
    # last-move marks
    if rng.random() < 0.4:
        mark = jitter((30, 120, 220), 60, rng)
        for _ in range(2):
            x, y = pt(rng.randrange(9), rng.randrange(10))
            a, b = step * 0.45, step * 0.15
            for sx in (-1, 1):
                for sy in (-1, 1):
                    draw.line([(x + sx * a, y + sy * a), (x + sx * (a - b), y + sy * a)], fill=mark, width=max(1, lw + 1))
                    draw.line([(x + sx * a, y + sy * a), (x + sx * a, y + sy * (a - b))], fill=mark, width=max(1, lw + 1))
    for (f, r), piece in placement.items():
        x, y = pt(f, r)
        draw_piece(img, draw, x, y, step, piece, style, rng, top=r < 5)
    if rng.random() < 0.15:
        col = jitter((30, 160, 60), 60, rng)
        draw.line([pt(rng.randrange(9), rng.randrange(10)), pt(rng.randrange(9), rng.randrange(10))], fill=col, width=max(2, int(step * 0.08)))
    centres = [pt(f, r) for r in range(10) for f in range(9)]
    return img, centres, step


def degrade(img, centres, rng, strength=1.0):
    """Scan and screen artefacts: rotation, blur, noise, JPEG."""
    if rng.random() < 0.25 * strength:
        angle = rng.uniform(-2.5, 2.5)
        w, h = img.size
        img = img.rotate(angle, resample=Image.BILINEAR, expand=False, fillcolor=img.getpixel((0, 0)))
        a = math.radians(-angle)
        cx, cy = w / 2, h / 2
        centres = [(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a), cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in centres]
    if rng.random() < 0.3 * strength:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.3)))
    if rng.random() < 0.35 * strength:
        arr = np.asarray(img).astype(np.float32)
        arr += np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(3, 18), arr.shape)
        img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    if rng.random() < 0.4 * strength:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(25, 90))
        img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    return img, centres


def crop(arr, cx, cy, span):
    """The crop of side `span` pixels centred on (cx, cy), as CROP x CROP x 3 floats in 0..1.

    Bilinear samples, k x k of them averaged per output pixel where the crop is shrunk (the same
    as src/recognise/sample.rs).
    """
    h, w, _ = arr.shape
    k = max(1, int(math.ceil(span / CROP / 1.5)))
    n = CROP * k
    t = (np.arange(n) + 0.5) / n - 0.5
    xs = np.clip(cx + t * span - 0.5, 0, w - 1)
    ys = np.clip(cy + t * span - 0.5, 0, h - 1)
    x0 = np.minimum(np.floor(xs).astype(int), w - 2 if w > 1 else 0)
    y0 = np.minimum(np.floor(ys).astype(int), h - 2 if h > 1 else 0)
    fx = (xs - x0)[None, :, None]
    fy = (ys - y0)[:, None, None]
    x1 = np.minimum(x0 + 1, w - 1)
    y1 = np.minimum(y0 + 1, h - 1)
    a = arr[y0][:, x0]
    b = arr[y0][:, x1]
    c = arr[y1][:, x0]
    d = arr[y1][:, x1]
    top = a + (b - a) * fx
    bot = c + (d - c) * fx
    out = top + (bot - top) * fy
    out = out.reshape(CROP, k, CROP, k, 3).mean(axis=(1, 3))
    return out / 255.0


def random_placement(rng):
    n = rng.randint(4, 40)
    points = rng.sample([(f, r) for f in range(9) for r in range(10)], n)
    return {p: rng.choice(CLASSES[1:]) for p in points}


def fen_placement(fen):
    rows = fen.split()[0].split("/")
    out = {}
    for r, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                out[(f, r)] = ch.upper() if ch.isupper() else ch
                f += 1
    # FEN letters h/e (horse, elephant) to the class letters
    return {p: {"H": "N", "E": "B", "h": "n", "e": "b"}.get(c, c) for p, c in out.items()}


def placement_fen(placement):
    """The board part of a FEN (Qipu's letters: N for horses, B for elephants)."""
    rows = []
    for r in range(10):
        row, empty = "", 0
        for f in range(9):
            p = placement.get((f, r))
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def homography(src, dst):
    """The 3 x 3 matrix taking the four points `src` to the four points `dst`."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b.append(v)
    h = np.linalg.solve(np.array(a, float), np.array(b, float))
    return np.append(h, 1.0).reshape(3, 3)


def apply(h, x, y):
    p = h @ np.array([x, y, 1.0])
    return p[0] / p[2], p[1] / p[2]


def fake_text(draw, x0, y0, x1, rng, ink, height):
    """Lines of grey bars standing for print around a diagram."""
    x = x0
    while x < x1:
        w = rng.uniform(0.5, 3) * height
        draw.rectangle([x, y0, min(x1, x + w), y0 + height * 0.7], fill=ink)
        x += w + height * rng.uniform(0.3, 0.6)


def photograph(img, centres, step, rng, screen=False, megapixels=None):
    """A phone's photo of a printed page holding the board `img` (or of a screen showing it):
    the page on a background, turned by up to 5 degrees, its corners moved by a few percent
    (perspective), light uneven (a gradient and a vignette), blurred, with sensor noise.

    Returns the photo, the 90 point centres in it and the distance between points at the board's
    centre. JPEG compression is left to the caller.
    """
    w, h = img.size
    # the page (or the screen and its bezel) around the board
    m = [int(step * rng.uniform(0.3, 2.5)) for _ in range(4)]
    if screen:
        bezel = jitter((25, 25, 28), 15, rng)
        page = Image.new("RGB", (w + m[0] + m[1], h + m[2] + m[3]), bezel)
    else:
        paper = img.getpixel((0, 0))
        page = Image.new("RGB", (w + m[0] + m[1], h + m[2] + m[3]), paper)
        draw = ImageDraw.Draw(page)
        ink = jitter((60, 60, 60), 30, rng)
        line = step * rng.uniform(0.25, 0.4)
        for top, bottom in ((0, m[2]), (m[2] + h, m[2] + h + m[3])):
            y = top + line
            while y + line < bottom - line * 0.5:
                fake_text(draw, m[0] * 0.5, y, page.size[0] - m[1] * 0.5, rng, ink, line)
                y += line * 1.6
    page.paste(img, (m[0], m[2]))
    centres = [(x + m[0], y + m[2]) for x, y in centres]
    pw, ph = page.size
    # the photo's frame, portrait like the board
    if megapixels:
        long_side = int(math.sqrt(megapixels * 1e6 * 4 / 3))
    else:
        long_side = rng.randint(900, 2000)
    W, H = int(long_side * 3 / 4), long_side
    # the page's corners on the photo: scaled to fill much of it, turned, each moved a little
    fill = rng.uniform(0.6, 0.92)
    scale = fill * min(W / pw, H / ph)
    angle = math.radians(rng.uniform(-5, 5))
    cx = W / 2 + rng.uniform(-0.5, 0.5) * (W - pw * scale * 1.05) * 0.5
    cy = H / 2 + rng.uniform(-0.5, 0.5) * (H - ph * scale * 1.05) * 0.5
    wobble = rng.uniform(0.01, 0.05)
    dst = []
    for x, y in ((0, 0), (pw, 0), (pw, ph), (0, ph)):
        x, y = (x - pw / 2) * scale, (y - ph / 2) * scale
        x, y = x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle)
        x += rng.uniform(-wobble, wobble) * pw * scale
        y += rng.uniform(-wobble, wobble) * ph * scale
        dst.append((cx + x, cy + y))
    src = [(0, 0), (pw, 0), (pw, ph), (0, ph)]
    forward = homography(src, dst)
    back = homography(dst, src)
    # the background: a desk, a table cloth
    base = jitter(rng.choice([(120, 90, 60), (170, 140, 100), (90, 90, 95), (200, 200, 195), (60, 45, 35)]), 25, rng)
    noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, 1, (24, 18))
    tex = np.asarray(Image.fromarray(((noise * 12) + 128).clip(0, 255).astype(np.uint8)).resize((W, H), Image.BILINEAR)).astype(np.float32) - 128
    ground = np.clip(np.array(base, np.float32)[None, None, :] + tex[..., None], 0, 255)
    coeffs = tuple(back.flatten()[:8] / back[2, 2])
    warped = np.asarray(page.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC)).astype(np.float32)
    mask = np.asarray(Image.new("L", (pw, ph), 255).transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR)).astype(np.float32)[..., None] / 255
    photo = warped * mask + ground * (1 - mask)
    # light: a gradient one way, a vignette, sometimes a soft shadow across
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    u, v = (xx - W / 2) / W, (yy - H / 2) / H
    theta = rng.uniform(0, 2 * math.pi)
    light = 1 + rng.uniform(0.1, 0.35) * (u * math.cos(theta) + v * math.sin(theta))
    light *= 1 - rng.uniform(0.1, 0.4) * (u * u + v * v) * 2
    if rng.random() < 0.3:
        phi = rng.uniform(0, 2 * math.pi)
        d = u * math.cos(phi) + v * math.sin(phi) - rng.uniform(-0.3, 0.3)
        light *= 1 - rng.uniform(0.1, 0.3) / (1 + np.exp(-d * 25))
    light *= rng.uniform(0.8, 1.05)
    photo = photo * light[..., None]
    if screen:
        photo = photo * 0.9 + 20  # a screen's glare lifts the blacks
    photo = Image.fromarray(photo.clip(0, 255).astype(np.uint8))
    centres = [apply(forward, x, y) for x, y in centres]
    step_out = step * scale
    photo = photo.filter(ImageFilter.GaussianBlur(step_out * rng.uniform(0.005, 0.03)))
    arr = np.asarray(photo).astype(np.float32)
    arr += np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(2, 7), arr.shape)
    return Image.fromarray(arr.clip(0, 255).astype(np.uint8)), centres, step_out


def straighten(photo, centres, rng):
    """The board of a photo resampled straight, as src/recognise/perspective.rs does once it
    has fitted the grid: the distance between points clamped to 32-64 pixels, a margin of one
    distance around the outer points. The grid's corners are taken a little off where they are
    (as a fit to the lines misses a little). Returns the picture, its 90 point centres and the
    distance between them.
    """
    corners = [centres[0], centres[8], centres[81], centres[89]]
    step_photo = math.dist(centres[0], centres[8]) / 8
    jittered = [(x + rng.uniform(-0.04, 0.04) * step_photo, y + rng.uniform(-0.04, 0.04) * step_photo) for x, y in corners]
    grid_to_photo = homography([(0, 0), (8, 0), (0, 9), (8, 9)], jittered)
    step = min(64.0, max(32.0, step_photo))
    # shrink the photo first where it is much larger than the straight board
    k = max(1, int(step_photo / step))
    if k > 1:
        photo = photo.reduce(k)
        grid_to_photo = np.diag([1 / k, 1 / k, 1.0]) @ grid_to_photo
    margin = 1.0
    straight_to_grid = np.array([[1 / step, 0, -margin], [0, 1 / step, -margin], [0, 0, 1.0]])
    m = grid_to_photo @ straight_to_grid
    m = m / m[2, 2]
    size = (int(math.ceil((8 + 2 * margin) * step)), int(math.ceil((9 + 2 * margin) * step)))
    img = photo.transform(size, Image.PERSPECTIVE, tuple(m.flatten()[:8]), Image.BILINEAR)
    out = [((f + margin) * step, (r + margin) * step) for r in range(10) for f in range(9)]
    return img, out, step
