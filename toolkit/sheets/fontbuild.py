"""Rebuild the bundled font subset when card data gains characters.

    python -m toolkit.sheets.fontbuild            # rebuild from Noto Sans CJK (Debian: fonts-noto-cjk)
    python -m toolkit.sheets.fontbuild --check    # exit 1 if a character in cards/ is missing

The subset holds every character of every record under ``cards/`` (read with
:mod:`toolkit.catalog`), printable ASCII, CJK and full-width punctuation and
every label the layouts print. Noto Sans CJK ships with PostScript (CFF)
outlines, which ReportLab cannot embed, so the subset is converted to TrueType
(glyf) outlines here: cubic curves become quadratic ones within 1 font unit
(a thousandth of the type size). The family is renamed "Dossier Sans SC"
(the SIL OFL asks modified fonts not to carry the original's reserved name);
copyright and licence entries stay as they were, and fonts/OFL.txt holds the
licence.

This is a developer tool: it needs the source font (``apt-get install
fonts-noto-cjk``, or ``--source``), printing never does.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError

from . import labels
from .fonts import BUNDLED, COVERAGE_FILE, FONT_DIR, format_coverage, read_coverage

DEBIAN_SOURCES = {
    "regular": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    "bold": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
}
SOURCE_FAMILY = "Noto Sans CJK SC"
FAMILY = "Dossier Sans SC"
STYLE_NAMES = {"regular": "Regular", "bold": "Bold"}

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
CJK_PUNCTUATION = (
    "，。、；：？！…—–·～‘’“”「」『』（）《》〈〉【】〔〕〖〗［］｛｝＋－×÷＝＜＞％＃＆＊＠／＼｜"
    "０１２３４５６７８９　◆◇●○■□▲△▼▽★☆※→←↑↓"
)
MAX_ERROR = 1.0  # font units: how far a quadratic may stray from the cubic it replaces


def record_strings(cards: Iterable[Path]) -> Iterable[str]:
    """Every string value of every record under ``cards`` (names, texts, flavour, symbols, …)."""
    from toolkit.catalog import load_catalog

    catalog = load_catalog(cards)

    def walk(value: Any) -> Iterable[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)

    for record in catalog.records:
        yield from walk(record.model_dump(mode="json", by_alias=True, exclude={"schema_"}))


def required_characters(cards: Iterable[Path]) -> set[str]:
    """Characters the bundled font must have for ``cards``."""
    chars = set(ASCII) | set(CJK_PUNCTUATION)
    for text in (*record_strings(cards), *labels.all_strings()):
        chars.update(text)
    return {c for c in chars if c not in "\n\r\t"}


def open_face(source: Path, family: str = SOURCE_FAMILY) -> Any:
    """The face named ``family`` in a collection (.ttc/.otc), or the font itself."""
    from fontTools.ttLib import TTCollection, TTFont

    with source.open("rb") as handle:
        tag = handle.read(4)
    if tag != b"ttcf":
        return TTFont(source)
    collection = TTCollection(source)
    for face in collection.fonts:
        if face["name"].getDebugName(1) == family:
            return face
    names = [face["name"].getDebugName(1) for face in collection.fonts]
    raise DossierError(f"{source}: no face named {family!r} in the collection (faces: {', '.join(map(str, names))})")


def subset(font: Any, chars: Iterable[str]) -> None:
    """Keep only ``chars`` (and .notdef), drop layout and hinting tables."""
    from fontTools import subset as ftsubset

    options = ftsubset.Options()
    options.layout_features = []
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.name_languages = [0x409]
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "DSIG", "JSTF", "MATH"]
    subsetter = ftsubset.Subsetter(options)
    subsetter.populate(unicodes=sorted({ord(c) for c in chars}))
    subsetter.subset(font)


def cff_to_glyf(font: Any, max_error: float = MAX_ERROR) -> None:
    """Replace PostScript (CFF) outlines by TrueType (glyf) outlines, in place."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    if "CFF " not in font:
        return
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        # PostScript contours run anticlockwise, TrueType ones clockwise.
        glyph_set[name].draw(Cu2QuPen(pen, max_error, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    # TrueType rasterisers place an outline by its left side bearing: make it the outline's xMin
    hmtx = font["hmtx"]
    for name in order:
        glyph = glyf.glyphs[name]
        glyph.recalcBounds(glyf)
        advance, _ = hmtx[name]
        hmtx[name] = (advance, getattr(glyph, "xMin", 0) if glyph.numberOfContours else 0)
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, attr, 1 if attr == "maxZones" else 0)
    maxp.maxComponentDepth = 0
    for attr in ("maxPoints", "maxContours", "maxCompositePoints", "maxCompositeContours"):
        setattr(maxp, attr, 0)
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 3.0  # no glyph names: smaller, and nothing reads them
    post.extraNames = []
    post.mapping = {}
    font.sfntVersion = "\x00\x01\x00\x00"


def rename(font: Any, style: str) -> None:
    """Give the subset its own family name; keep copyright (0) and licence (13, 14)."""
    name = font["name"]
    style_name = STYLE_NAMES[style]
    version = name.getDebugName(5) or ""
    ps_name = f"{FAMILY.replace(' ', '')}-{style_name}"
    entries = {
        1: FAMILY,
        2: style_name,
        3: f"{ps_name};dossier-subset;{version.split(';')[0]}",
        4: f"{FAMILY} {style_name}",
        6: ps_name,
        10: f"Subset of {SOURCE_FAMILY} {style_name}, converted to TrueType outlines by Dossier.",
    }
    name.names = [n for n in name.names if n.nameID in (0, 5, 13, 14)]
    for name_id, value in entries.items():
        name.setName(value, name_id, 3, 1, 0x409)


def build_font(source: Path, chars: Iterable[str], style: str, family: str = SOURCE_FAMILY) -> bytes:
    """A TrueType subset of ``source`` holding ``chars``, as bytes (same input, same bytes)."""
    font = open_face(source, family)
    subset(font, chars)
    cff_to_glyf(font)
    rename(font, style)
    font.recalcTimestamp = False
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue()


def font_characters(data: bytes) -> set[str]:
    """Characters a font (bytes of a TTF) maps to glyphs."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=True)
    return {chr(code) for code in font.getBestCmap()}


def missing(cards: Iterable[Path]) -> set[str]:
    """Characters needed by ``cards`` that the bundled subset lacks."""
    return required_characters(cards) - read_coverage()


def build(cards: Iterable[Path], sources: dict[str, Path], out: Path = FONT_DIR) -> list[Path]:
    """Write the bundled subset (both styles) and its coverage list; returns the files written."""
    from toolkit.jsonio import atomic_write_bytes, atomic_write_text

    chars = required_characters(list(cards))
    written: list[Path] = []
    covered: set[str] | None = None
    for style, filename in BUNDLED.items():
        source = sources[style]
        if not source.is_file():
            raise DossierError(
                f"{source}: source font not found; install Debian's fonts-noto-cjk or pass --{style} PATH "
                "(a Noto Sans CJK .ttc/.otf)"
            )
        data = build_font(source, chars, style)
        has = font_characters(data)
        covered = has if covered is None else covered & has
        target = out / filename
        atomic_write_bytes(target, data)
        written.append(target)
    coverage = out / COVERAGE_FILE.name
    atomic_write_text(coverage, format_coverage(covered or set()))
    written.append(coverage)
    return written


def main(argv: list[str] | None = None) -> int:
    from toolkit.paths import CARDS_DIR

    parser = argparse.ArgumentParser(prog="python -m toolkit.sheets.fontbuild", description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=Path, default=CARDS_DIR, help="card data directory (default: bundled cards/)")
    parser.add_argument("--regular", type=Path, default=DEBIAN_SOURCES["regular"], help="source font, regular")
    parser.add_argument("--bold", type=Path, default=DEBIAN_SOURCES["bold"], help="source font, bold")
    parser.add_argument("--out", type=Path, default=FONT_DIR, help="where to write (default: the package)")
    parser.add_argument("--check", action="store_true", help="build nothing; exit 1 if characters are missing")
    args = parser.parse_args(argv)
    try:
        if args.check:
            lacking = missing([args.cards])
            if lacking:
                chars = "".join(sorted(lacking))
                print(
                    f"the bundled font lacks {len(lacking)} character(s): {chars}; run python -m toolkit.sheets.fontbuild"
                )
                return 1
            print("the bundled font covers every character in the card data")
            return 0
        for path in build([args.cards], {"regular": args.regular, "bold": args.bold}, args.out):
            print(f"{path}: written ({path.stat().st_size:,} bytes)")
    except DossierError as exc:
        print(f"fontbuild: error: {exc.message}", file=sys.stderr)
        return exc.exit_code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
