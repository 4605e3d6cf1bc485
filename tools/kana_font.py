"""Make the page's CJK font: service/web/static/kana.woff2, its licence kana-OFL.txt, and the
unicode-range of service/web/static/fonts.css.

atama's pieces and title are katakana (アタマノタイソウ), Klotski's title is Chinese (华容道); a
machine with no CJK font draws them as empty boxes. The page ships this few-KB subset of Noto
Sans CJK JP (SIL Open Font License 1.1) with just the glyphs the catalogue shows: every wide
(East Asian) character of a catalogue puzzle's title, pieces, starts, goal or goal words,
read from the catalogue, plus some Japanese punctuation. service/web/static/fonts.css names it
"puzzledb kana" with a unicode-range of exactly those characters (written here too), so the
browser fetches it only when the page shows one of them.

A tool for maintainers, never a runtime dependency: it runs in the project's environment with
the test extra (fontTools and brotli); the source font comes from Debian's fonts-noto-cjk
(installed, or unpacked anywhere with `apt-get download fonts-noto-cjk && dpkg-deb -x ...`
and named by --source and --licence).

    .venv/bin/python tools/kana_font.py

The output is byte-for-byte the same for the same source font, fontTools and brotli (the
head table keeps the source's timestamps). A new catalogue title with CJK characters needs
only a new run; tests/page/test_page_browse.py fails until then.
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SOURCE_LICENCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")  # Debian's, with the OFL text
SOURCE_FAMILY = "Noto Sans CJK JP"  # the collection's Japanese face: Japanese glyph shapes
ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "service" / "web" / "static"

# Beyond the catalogue's own: the long vowel mark and the middle dot, Japanese punctuation.
EXTRA = "ー・" + "、。「」\u3000"
RANGE_LINE = re.compile(r"^(\s*unicode-range:).*;$", re.M)
FAMILY, POSTSCRIPT = "puzzledb kana", "puzzledbKana-Regular"
KEEP_NAMES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]  # copyright, credits, licence


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--licence", type=Path, default=SOURCE_LICENCE)
    parser.add_argument("--out", type=Path, default=STATIC)
    args = parser.parse_args()
    text = catalogue_text()
    font = face(args.source, SOURCE_FAMILY)
    copyright_line = font["name"].getDebugName(0)
    version = f"{font['head'].fontRevision:.3f}"
    missing = [ch for ch in text if ord(ch) not in font.getBestCmap()]
    if missing:
        raise SystemExit(f"{args.source} has no glyph for {''.join(missing)}")
    cut(font, text)
    rename(font)
    font.flavor = "woff2"
    font.save(args.out / "kana.woff2")
    licence_text = licence(copyright_line, version, args.licence)
    (args.out / "kana-OFL.txt").write_text(licence_text, encoding="utf-8")
    css = args.out / "fonts.css"
    css.write_text(
        RANGE_LINE.sub(rf"\1 {unicode_range(text)};", css.read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    print(
        f"{args.out / 'kana.woff2'}: {(args.out / 'kana.woff2').stat().st_size} bytes, "
        f"{len(text)} characters: {text}"
    )


def catalogue_text() -> str:
    """Every wide (East Asian) character the catalogue shows, and EXTRA, in code point order:
    what the page's Latin fonts lack. Read from the puzzles' definitions, never listed here."""
    from puzzledb.builder import catalogue  # the project's environment: `pip install -e`

    seen = set(EXTRA)
    for puzzle in catalogue.CATALOGUE.values():
        shown = json.dumps(puzzle.spec(), ensure_ascii=False)
        shown += puzzle.goal_words(puzzle.default_goal)
        seen.update(ch for ch in shown if unicodedata.east_asian_width(ch) in "WF")
    return "".join(sorted(seen))


def unicode_range(text: str) -> str:
    """The code points of `text` as a CSS unicode-range, runs joined: "U+3000-3002, U+534E"."""
    points = sorted({ord(ch) for ch in text})
    runs: list[list[int]] = []
    for point in points:
        if runs and point == runs[-1][1] + 1:
            runs[-1][1] = point
        else:
            runs.append([point, point])
    return ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in runs)


def face(path: Path, family: str):
    """The face of a collection (.ttc) whose family is `family`."""
    for font in TTCollection(path, recalcTimestamp=False).fonts:
        if font["name"].getDebugName(1) == family:
            return font
    raise SystemExit(f"{path} has no face {family!r}")


def cut(font, text: str) -> None:
    options = subset.Options()
    options.layout_features = []  # no ligatures or vertical forms: single glyphs, set across
    options.name_IDs = KEEP_NAMES
    options.hinting = False  # the browser's rasteriser does well without at these sizes
    options.desubroutinize = True  # compresses better in WOFF2
    options.notdef_outline = True
    options.drop_tables += ["BASE", "VORG", "vhea", "vmtx"]  # the page sets text across only
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)


def rename(font) -> None:
    """A Modified Version under the OFL: its own name, so it is never taken for the original."""
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(POSTSCRIPT, 6, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(
                f"{POSTSCRIPT};subset of {record.toUnicode()}",
                3,
                record.platformID,
                record.platEncID,
                record.langID,
            )
    names.names = [r for r in names.names if r.nameID != 17 or r.toUnicode() != "Regular"]
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [POSTSCRIPT]
        top = cff.topDictIndex[0]
        for key, value in (("FullName", FAMILY), ("FamilyName", FAMILY)):
            if hasattr(top, key):
                setattr(top, key, value)


def licence(copyright_line: str, version: str, debian_copyright: Path) -> str:
    """The copyright line of the source font, then the OFL text as Debian ships it."""
    text = debian_copyright.read_text(encoding="utf-8")
    body = re.search(r"^License: SIL-1\.1\n( .*?)(?=^\S|\Z)", text, re.S | re.M).group(1)
    lines = [line[1:] if line.startswith(" ") else line for line in body.splitlines()]
    ofl = "\n".join("" if line == "." else line for line in lines).strip("\n")
    return (
        f"{FAMILY} (kana.woff2): a subset of {SOURCE_FAMILY} {version}, made by\n"
        f"tools/kana_font.py, renamed so that it is never taken for the original.\n\n"
        f"{copyright_line.replace('©', 'Copyright')}\n"
        f"Noto is a trademark of Google Inc.\n\n"
        f"This Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
        f"This license is copied below.\n\n{ofl}\n"
    )


if __name__ == "__main__":
    main()
