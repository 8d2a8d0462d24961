#!/usr/bin/env python3
"""Cut the fonts Qipu embeds from Debian's fonts-noto-cjk (SIL Open Font License 1.1).

    apt-get install fonts-noto-cjk && pip install fonttools
    python3 assets/fonts/make_subset.py        # run from the crate root

ui-sans.otf   Noto Sans CJK SC Regular: all of GB2312 (symbols, level-1 and level-2 hanzi: 6,763)
              and Big5's frequent characters (5,401), so that the names, events and comments of
              real records in either script render, plus every non-ASCII character under src/.
board-serif.otf  Noto Serif CJK SC Bold: only what the board draws (piece names in both scripts,
              the river words, the file numbers).
marks.ttf     Noto Sans Mono Regular (Debian fonts-noto-mono): the combining marks U+0300-U+036F,
              e.g. the stroke under a digit in abbreviated notation (炮25̲).
latin-sans.ttf  Noto Sans Regular (Debian fonts-noto-core): the letters of European and Vietnamese
              names that the CJK face lacks (Latin-1, Latin Extended-A and -B, Latin Extended
              Additional, Greek, Cyrillic, punctuation, currency), the exports' fallback (Bräuer).

Run again whenever new non-ASCII text is added to src/: the test in tests/ui/fonts.rs fails until then.
"""
import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

NOTO = pathlib.Path("/usr/share/fonts/opentype/noto")
NOTO_MONO = pathlib.Path("/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf")
NOTO_SANS = pathlib.Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
# Unicode blocks of the Latin fallback: (first, last) code points.
LATIN_BLOCKS = [
    (0x00A0, 0x024F),  # Latin-1 Supplement, Latin Extended-A and -B
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x052F),  # Cyrillic and its supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2010, 0x205E),  # general punctuation
    (0x20A0, 0x20BF),  # currency signs
]
HERE = pathlib.Path(__file__).resolve().parent
CRATE = HERE.parent.parent
SC_INDEX = 2  # face 2 of each .ttc is the Simplified Chinese one

# Traditional forms used by Xiangqi notation, rules and the interface, beyond GB2312.
TRADITIONAL = (
    "帥將仕士相象傌馬俥車炮砲包兵卒進退平前後中紅黑楚河漢界"
    "壹貳參肆伍陸柒捌玖一二三四五六七八九十"
    "棋譜對局賽輪日期結果勝負和負棄權紅方黑方回合註釋變著檔案開啟儲存另存為關閉語言設定"
    "繁簡體英文記錄步驟佈局復原撤銷首末跳轉翻轉盤面新複製貼上剪貼簿最近遊戲清單選擇確認取消"
    "請檢查錯誤無法讀寫入檔名稱場次地點選手裁判規則長將捉殺閑閒兌獻攔跟違例判決警告重複循環"
    "自然限著數困斃絕殺欠行應變換導覽說明顯示隱藏標記評論變例輸贏平局未知備份恢復崩潰丟失儲"
    "蹩馬腿塞象眼飛將照面送將離開九宮過河蹬斜線沒有該處這裡己方對方棋子走法規定"
)
BOARD = (
    "帥仕相傌俥炮兵將士象馬車砲卒帅将马车"
    "楚河漢界汉一二三四五六七八九123456789"
)


def gb2312(rows):
    out = []
    for row in rows:
        for col in range(0xA1, 0xFF):
            try:
                out.append(bytes([row, col]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return "".join(out)


def big5_frequent():
    out = []
    for lead in range(0xA4, 0xC7):
        for trail in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            try:
                out.append(bytes([lead, trail]).decode("big5"))
            except UnicodeDecodeError:
                pass
    return "".join(out)


def source_chars():
    chars = set()
    for path in (CRATE / "src").rglob("*.rs"):
        chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 127)
    return "".join(sorted(chars))


def cut(source, text, out):
    if source.suffix == ".ttc":
        face = TTCollection(source).fonts[SC_INDEX]
    else:
        face = TTFont(source)
    face.recalcTimestamp = False  # the same input gives the same bytes
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    sub = subset.Subsetter(options)
    sub.populate(text=text)
    sub.subset(face)
    face.save(HERE / out)
    print(f"{out}: {len(set(text))} characters, {(HERE / out).stat().st_size} bytes")


def main():
    ascii_text = "".join(chr(c) for c in range(0x20, 0x7F))
    ui_text = (
        ascii_text
        + gb2312(range(0xA1, 0xAA))  # symbols, full-width forms
        + gb2312(range(0xB0, 0xF8))  # level-1 and level-2 hanzi
        + big5_frequent()
        + TRADITIONAL
        + source_chars()
    )
    cut(NOTO / "NotoSansCJK-Regular.ttc", ui_text, "ui-sans.otf")
    cut(NOTO / "NotoSerifCJK-Bold.ttc", BOARD, "board-serif.otf")
    marks = "".join(chr(c) for c in range(0x300, 0x370))
    cut(NOTO_MONO, marks, "marks.ttf")
    cut_latin()


def cut_latin():
    latin = "".join(chr(c) for first, last in LATIN_BLOCKS for c in range(first, last + 1))
    cut(NOTO_SANS, latin, "latin-sans.ttf")


if __name__ == "__main__":
    sys.exit(main())
