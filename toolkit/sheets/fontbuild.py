"""Build the font subset Dossier prints with (Dossier Sans SC), from Noto Sans CJK SC and Noto Sans.

    python -m toolkit.sheets.fontbuild            # rewrite the committed subset in toolkit/sheets/fonts/
    python -m toolkit.sheets.fontbuild --check    # exit 1 if a character in cards/ is missing
    dossier fonts build                           # a user's build, with their card pool, in ~/.cache/dossier/fonts

The subset holds all of GB2312 (the 7,445 characters Python's ``gb2312`` codec
decodes: 6,763 hanzi, punctuation, kana, Greek, Cyrillic, pinyin), printable
ASCII, Latin-1 and Latin Extended-A, superscript digits, CJK and full-width
punctuation (with the proportional forms of the curly quotes under private-use code points:
:func:`add_latin_quotes`), every label and mark the layouts draw in every language (:mod:`toolkit.sheets.labels`),
every character of every record under ``cards/`` and :data:`EXTRA` (characters
seen in the real NetrunnerDB pool beyond those); and, as far as the sources
have them, the ranges of :data:`WANTED_RANGES` (general punctuation, more
Latin, Greek and Cyrillic, symbols).

Hanzi and what Noto Sans CJK SC has come from it (the Simplified Chinese face
of the collection, chosen by name); what it lacks (most of Latin Extended-A,
Greek with accents, superscripts) comes from Noto Sans, scaled to the CJK
font's cap height. Both are under the SIL Open Font License 1.1. Noto Sans CJK
ships with PostScript (CFF) outlines, which ReportLab cannot embed, so the
subset is converted to TrueType (glyf) outlines here: cubic curves become
quadratic ones within 1 font unit (a thousandth of the type size). The family
is renamed "Dossier Sans SC" (the OFL asks modified fonts not to carry the
originals' reserved names); copyright and licence entries stay, and
fonts/OFL.txt holds the licence.

The developer tool needs the sources (Debian: ``apt-get install fonts-noto-cjk
fonts-noto-core``, or ``--regular``/``--bold``/``--latin-regular``/``--latin-bold``),
printing never does. `dossier fonts build` finds them through fontconfig as
well and writes into the user's cache (:func:`toolkit.sheets.fonts.cache_dir`),
never into the installed package; printing prefers that build.
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError, os_reason
from toolkit.i18n import tr, trn

from . import labels
from .fonts import ASCII, BUNDLED, COVERAGE_FILE, FONT_DIR, LATIN_QUOTES, format_coverage, print_coverage

DEBIAN_SOURCES = {
    "regular": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    "bold": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
}
DEBIAN_LATIN = {
    "regular": Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"),
    "bold": Path("/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"),
}
SOURCE_FAMILY = "Noto Sans CJK SC"
SOURCE_FAMILIES = (SOURCE_FAMILY, "Source Han Sans SC", "Source Han Sans CN")  # the same design under other names
LATIN_FAMILY = "Noto Sans"
FAMILY = "Dossier Sans SC"
STYLE_NAMES = {"regular": "Regular", "bold": "Bold"}

CJK_PUNCTUATION = (
    "，。、；：？！…—–·～‘’“”「」『』（）《》〈〉【】〔〕〖〗［］｛｝＋－×÷＝＜＞％＃＆＊＠／＼｜"
    "０１２３４５６７８９　◆◇●○■□▲△▼▽★☆※→←↑↓"
)
SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
REQUIRED_RANGES = {"Latin-1 Supplement": (0x00A0, 0x00FF), "Latin Extended-A": (0x0100, 0x017F)}
WANTED_RANGES = {
    "Latin Extended-B": (0x0180, 0x024F),
    "Spacing Modifier Letters": (0x02B0, 0x02FF),
    "Greek and Coptic": (0x0370, 0x03FF),
    "Cyrillic": (0x0400, 0x04FF),
    "Latin Extended Additional": (0x1E00, 0x1EFF),
    "Greek Extended": (0x1F00, 0x1FFF),
    "General Punctuation": (0x2000, 0x206F),
    "Superscripts and Subscripts": (0x2070, 0x209F),
    "Currency Symbols": (0x20A0, 0x20CF),
    "Letterlike Symbols": (0x2100, 0x214F),
    "Number Forms": (0x2150, 0x218F),
    "Arrows": (0x2190, 0x21FF),
    "Mathematical Operators": (0x2200, 0x22FF),
    "Enclosed Alphanumerics": (0x2460, 0x24FF),
    "Box Drawing": (0x2500, 0x257F),
    "Geometric Shapes": (0x25A0, 0x25FF),
    "Miscellaneous Symbols": (0x2600, 0x26FF),
    "CJK Symbols and Punctuation": (0x3000, 0x303F),
    "Halfwidth and Fullwidth Forms": (0xFF00, 0xFFEF),
}
EXTRA = "呎啰栄狛薙ʼ₂−♦άέήίόςἁἂἐὐὶὸậ"
"""Characters of the real NetrunnerDB pool (``dossier import netrunnerdb``) beyond the sets above:
kept here so that a rebuild without that pool keeps them (the pool's data is never committed)."""
MAX_ERROR = 1.0  # font units: how far a quadratic may stray from the cubic it replaces


def gb2312() -> set[str]:
    """Every character of GB2312, as Python's ``gb2312`` codec decodes it (7,445)."""
    chars = set()
    for high in range(0xA1, 0xFF):
        for low in range(0xA1, 0xFF):
            try:
                chars.add(bytes((high, low)).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return chars


def code_range(first: int, last: int) -> set[str]:
    """The assigned, drawable characters of a range (no controls, surrogates or unassigned code points)."""
    return {chr(c) for c in range(first, last + 1) if unicodedata.category(chr(c)) not in ("Cc", "Cs", "Cn", "Co")}


def fixed_characters() -> set[str]:
    """What every build holds whatever the cards say: ASCII, GB2312, Latin-1, Latin Extended-A, …"""
    chars = set(ASCII) | set(CJK_PUNCTUATION) | set(SUPERSCRIPT_DIGITS) | set(EXTRA) | gb2312()
    for first, last in REQUIRED_RANGES.values():
        chars |= code_range(first, last)
    return chars


def wanted_characters() -> set[str]:
    """What a build holds as far as the source fonts have it."""
    chars: set[str] = set()
    for first, last in WANTED_RANGES.values():
        chars |= code_range(first, last)
    return chars


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


def record_characters(cards: Iterable[Path], langs: Iterable[str] | None = None) -> set[str]:
    """Characters the records under ``cards`` and the layouts' labels print (line breaks and tabs left out).

    ``langs``: the languages a print prints in; given, only what a print in them draws
    (:func:`toolkit.sheets.fonts.drawn_characters` of the printable records, each card's name in the other
    language too), as `dossier fonts check` asks (:func:`toolkit.sheets.fonts.printed_characters`, in
    :data:`toolkit.i18n.LANGS`): not a card's Korean or Japanese name, which no face draws. None (the committed
    subset): every string of every record, in every language."""
    if langs is not None:
        from toolkit.catalog import load_catalog

        from .fonts import drawn_characters
        from .layouts import is_printable

        catalog = load_catalog(cards)
        records = [record for record in catalog.records if is_printable(record)]
        return set(ASCII).union(*(drawn_characters(records, catalog, lang) for lang in langs))
    chars = set(ASCII)
    for text in (*record_strings(cards), *labels.all_strings()):
        chars.update(text)
    return {c for c in chars if unicodedata.category(c) != "Cc"}


def required_characters(cards: Iterable[Path], langs: Iterable[str] | None = None) -> set[str]:
    """Characters a build must hold for ``cards``: :func:`fixed_characters` and :func:`record_characters` (of
    ``langs``, as that takes them)."""
    return fixed_characters() | record_characters(cards, langs)


def open_face(source: Path, family: str = SOURCE_FAMILY) -> Any:
    """The face named ``family`` in a collection (.ttc/.otc), or the font itself."""
    from fontTools.ttLib import TTCollection, TTFont

    from toolkit.sheets.fonts import read_font

    try:
        data = read_font(source)  # a FIFO or device is refused, a file past the size limit too
    except OSError as exc:
        raise DossierError(tr("{path}: cannot read: {reason}", path=source, reason=os_reason(exc))) from None
    if data[:4] != b"ttcf":
        return TTFont(io.BytesIO(data))
    collection = TTCollection(io.BytesIO(data))
    for face in collection.fonts:
        if face["name"].getDebugName(1) == family:
            return face
    names = [face["name"].getDebugName(1) for face in collection.fonts]
    raise DossierError(
        tr("{path}: no face named {family} in the collection (faces: {faces})", path=source, family=repr(family),
           faces=tr(", ").join(map(str, names)))
    )  # fmt: skip


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


def _scale(font: Any, other: Any) -> float:
    """How much ``other``'s glyphs are scaled in ``font``: to the same size of capitals; without cap heights,
    the same size of em."""
    mine, theirs = font["OS/2"].sCapHeight, other["OS/2"].sCapHeight
    return mine / theirs if mine > 0 and theirs > 0 else font["head"].unitsPerEm / other["head"].unitsPerEm


def copy_glyphs(font: Any, other: Any, glyphs: dict[str, str], max_error: float = MAX_ERROR) -> None:
    """Add to ``font`` (TrueType outlines) the glyph ``glyphs[ch]`` of ``other`` as the glyph of each ``ch``,
    scaled as :func:`_scale` says."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    scale = _scale(font, other)
    glyph_set = other.getGlyphSet()
    glyf, hmtx = font["glyf"], font["hmtx"]
    order = list(font.getGlyphOrder())
    taken = set(order)
    cubic = "CFF " in other
    for ch in sorted(glyphs, key=ord):
        source = glyphs[ch]
        name = f"uni{ord(ch):04X}"
        while name in taken:
            name += ".s"
        taken.add(name)
        recording = DecomposingRecordingPen(glyph_set)
        glyph_set[source].draw(recording)
        pen = TTGlyphPen(None)
        target: Any = TransformPen(pen, (scale, 0, 0, scale, 0, 0))
        if cubic:
            target = Cu2QuPen(target, max_error, reverse_direction=True)
        recording.replay(target)
        glyph = pen.glyph()
        glyf.glyphs[name] = glyph
        order.append(name)
        glyph.recalcBounds(glyf)
        advance = round(other["hmtx"][source][0] * scale)
        hmtx[name] = (advance, getattr(glyph, "xMin", 0) if glyph.numberOfContours else 0)
        for table in font["cmap"].tables:
            if table.isUnicode() and (table.format != 4 or ord(ch) <= 0xFFFF):
                table.cmap[ord(ch)] = name
    font.setGlyphOrder(order)
    glyf.glyphOrder = order
    font["OS/2"].recalcUnicodeRanges(font)


def supplement(font: Any, other: Any, chars: Iterable[str], max_error: float = MAX_ERROR) -> set[str]:
    """Add to ``font`` (TrueType outlines) the glyphs of ``chars`` it lacks and ``other`` has, scaled
    to ``font``'s cap height; returns the characters added."""
    cmap = font.getBestCmap()
    other_cmap = other.getBestCmap()
    todo = {c for c in set(chars) if ord(c) not in cmap and ord(c) in other_cmap}
    if todo:
        copy_glyphs(font, other, {c: other_cmap[ord(c)] for c in todo}, max_error)
    return todo


def latin_quote_glyphs(source: Any) -> dict[str, str]:
    """The glyphs of ``source`` (Noto Sans CJK) that draw the curly quotes ‘’“” in Latin text, by quote: its
    character map gives the full-width forms Chinese text wants, its ``locl`` feature for Latin script (in its
    Japanese and Korean language systems) the proportional forms of its Latin letters. Empty when it has none."""
    if "GSUB" not in source:
        return {}
    cmap, hmtx = source.getBestCmap(), source["hmtx"]
    gsub = source["GSUB"].table
    lookups: list[int] = []
    for record in gsub.ScriptList.ScriptRecord:
        if record.ScriptTag != "latn":
            continue
        systems = [record.Script.DefaultLangSys, *(r.LangSys for r in record.Script.LangSysRecord)]
        for system in filter(None, systems):
            for index in system.FeatureIndex:
                feature = gsub.FeatureList.FeatureRecord[index]
                if feature.FeatureTag == "locl":
                    lookups.extend(i for i in feature.Feature.LookupListIndex if i not in lookups)
    found: dict[str, str] = {}
    for index in lookups:
        for table in gsub.LookupList.Lookup[index].SubTable:
            mapping = getattr(getattr(table, "ExtSubTable", table), "mapping", None) or {}
            for quote in LATIN_QUOTES:
                wide = cmap.get(ord(quote))
                narrow = mapping.get(wide)
                if quote not in found and narrow is not None and hmtx[narrow][0] < hmtx[wide][0]:
                    found[quote] = narrow
    return found


def add_latin_quotes(font: Any, source: Any, max_error: float = MAX_ERROR) -> set[str]:
    """Add to ``font`` (TrueType outlines) the proportional forms of the curly quotes of ``source``
    (:func:`latin_quote_glyphs`) under the private-use code points of :data:`~toolkit.sheets.fonts.LATIN_QUOTES`
    (the quotes' own code points keep their full-width forms); returns the code points added."""
    glyphs = {LATIN_QUOTES[quote]: name for quote, name in latin_quote_glyphs(source).items()}
    cmap = font.getBestCmap()
    glyphs = {ch: name for ch, name in glyphs.items() if ord(ch) not in cmap}
    if glyphs:
        copy_glyphs(font, source, glyphs, max_error)
    return set(glyphs)


def rename(font: Any, style: str, also: Any = None) -> None:
    """Give the subset its own family name; keep copyright (0) and licence (13, 14), adding ``also``'s copyright."""
    name = font["name"]
    style_name = STYLE_NAMES[style]
    version = name.getDebugName(5) or ""
    ps_name = f"{FAMILY.replace(' ', '')}-{style_name}"
    description = f"Subset of {SOURCE_FAMILY} {style_name}"
    if also is not None:
        description += f" with glyphs of {also['name'].getDebugName(1)} {style_name}"
    entries = {
        1: FAMILY,
        2: style_name,
        3: f"{ps_name};dossier-subset;{version.split(';')[0]}",
        4: f"{FAMILY} {style_name}",
        6: ps_name,
        10: description + ", converted to TrueType outlines by Dossier.",
    }
    if also is not None:
        copyright_ = " ".join(str(n) for n in (name.getDebugName(0), also["name"].getDebugName(0)) if n)
        entries[0] = copyright_
    name.names = [n for n in name.names if n.nameID in (0, 5, 13, 14)]
    for name_id, value in entries.items():
        if name_id == 0:
            name.names = [n for n in name.names if n.nameID != 0]
        name.setName(value, name_id, 3, 1, 0x409)


def build_font(
    source: Path,
    chars: Iterable[str],
    style: str,
    family: str = SOURCE_FAMILY,
    *,
    latin: Path | None = None,
    optional: Iterable[str] = (),
) -> bytes:
    """A TrueType subset of ``source`` holding ``chars`` (and the ``optional`` ones it has), the rest
    taken from ``latin`` (Noto Sans) when given, as bytes (same input, same bytes)."""
    chars = set(chars) | set(optional)
    font = open_face(source, family)
    cmap = font.getBestCmap()
    subset(font, {c for c in chars if ord(c) in cmap})
    cff_to_glyf(font)
    other = None
    if latin is not None:
        other = open_face(latin, LATIN_FAMILY)
        supplement(font, other, chars)
    add_latin_quotes(font, open_face(source, family))  # the face above is cut down to ``chars`` by now
    rename(font, style, other)
    font.recalcTimestamp = False
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue()


def font_characters(data: bytes) -> set[str]:
    """Characters a font (bytes of a TTF) maps to glyphs."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=True)
    return {chr(code) for code in font.getBestCmap()}


def missing(cards: Iterable[Path], covered: Iterable[str] | None = None, langs: Iterable[str] | None = None) -> set[str]:
    """Characters the records under ``cards`` (and the labels) print that Dossier's fonts lack
    (the bundled subset and the user's build, or ``covered``); ``langs`` as :func:`record_characters` takes it."""
    have = print_coverage() if covered is None else frozenset(covered)
    return record_characters(cards, langs) - have


@dataclass
class Built:
    """What :func:`build` wrote, and the required characters no source had (a user's build goes on without them)."""

    files: list[Path]
    lacking: set[str] = field(default_factory=set)


def build(
    cards: Iterable[Path],
    sources: dict[str, Path],
    out: Path = FONT_DIR,
    *,
    latin: dict[str, Path] | None = None,
    extra: Iterable[str] = (),
    strict: bool = True,
    langs: Iterable[str] | None = None,
) -> Built:
    """Write the subset (both styles), its coverage list and the licence into ``out``.

    ``strict`` (the committed subset): a required character no source has is an
    error; otherwise it is left out and reported in :attr:`Built.lacking`. ``langs``: the languages whose
    characters of the records it holds (:func:`record_characters`; a user's build: those a print prints in,
    :data:`toolkit.i18n.LANGS`); None, every language's.
    """
    from toolkit.jsonio import atomic_write_bytes, atomic_write_text

    for style, source in sources.items():
        if not source.is_file():
            raise DossierError(
                tr("{path}: source font not found; install {system}'s {package} or pass {option} (a {font} {kinds})",
                   path=source, system="Debian", package="fonts-noto-cjk", option=f"--{style} PATH",
                   font="Noto Sans CJK", kinds=".ttc/.otf")
            )  # fmt: skip
    for style, source in (latin or {}).items():
        if not source.is_file():
            raise DossierError(
                tr("{path}: Latin source font not found; install {system}'s {package} or pass {option} ({font} {kinds})",
                   path=source, system="Debian", package="fonts-noto-core", option=f"--latin-{style} PATH",
                   font="Noto Sans", kinds=".ttf")
            )  # fmt: skip
    chars = required_characters(list(cards), langs) | set(extra)
    optional = wanted_characters()
    data: dict[str, bytes] = {}
    covered: set[str] | None = None
    for style in BUNDLED:
        try:
            data[style] = build_font(sources[style], chars, style, latin=(latin or {}).get(style), optional=optional)
        except DossierError:
            raise
        except Exception as exc:  # fontTools reports a file that is no usable font with assorted exception types
            from .fonts import _font_reason

            raise DossierError(
                tr("{path}: not a usable source font ({reason})", path=sources[style], reason=_font_reason(exc))
            ) from None
        has = font_characters(data[style])
        covered = has if covered is None else covered & has
    lacking = chars - (covered or set())
    if lacking and strict:
        shown = "".join(sorted(lacking))
        raise DossierError(
            trn(
                "the source fonts lack {n} required character: {chars}; pass source fonts that have it, or take it "
                "out of the required sets in {file}",
                "the source fonts lack {n} required characters: {chars}; pass source fonts that have them, or take "
                "them out of the required sets in {file}",
                len(lacking),
                chars=repr(shown[:60]) + ("…" if len(shown) > 60 else ""),
                file="fontbuild.py",
            )
        )
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for style, filename in BUNDLED.items():
        atomic_write_bytes(out / filename, data[style])
        written.append(out / filename)
    coverage = out / COVERAGE_FILE.name
    atomic_write_text(coverage, format_coverage(covered or set()))
    written.append(coverage)
    licence = out / "OFL.txt"
    if licence.resolve() != (FONT_DIR / "OFL.txt").resolve():
        shutil.copyfile(FONT_DIR / "OFL.txt", licence)
        written.append(licence)
    return Built(written, lacking)


def _installed(families: Iterable[str], weight: str) -> Path | None:
    """The file of an installed font of one of ``families`` in ``weight`` (regular or bold), via fontconfig."""
    from .fonts import _fc_fonts, fontconfig_available

    if not fontconfig_available():
        return None
    for family in families:
        for path, _, found, style in _fc_fonts(f"{family}:weight={weight}"):
            if found == family and (weight == "bold") == ("bold" in style.lower()):
                return path
    return None


def find_sources() -> dict[str, Path]:
    """Noto Sans CJK SC on this machine, regular and bold: Debian's paths, else fontconfig by family name."""
    sources: dict[str, Path] = {}
    for style in BUNDLED:
        found = DEBIAN_SOURCES[style] if DEBIAN_SOURCES[style].is_file() else _installed(SOURCE_FAMILIES, style)
        if found is None:
            raise DossierError(
                tr("no {font} font installed: install it ({debian}; {fedora}) or pass {option}",
                   font=f"Noto Sans CJK SC {style.capitalize()}",
                   debian="Debian: apt-get install fonts-noto-cjk", fedora="Fedora: google-noto-sans-cjk-fonts",
                   option=f"--{style} PATH")
            )  # fmt: skip
        sources[style] = found
    return sources


def find_latin_sources() -> dict[str, Path] | None:
    """Noto Sans on this machine, regular and bold, or None (a build then takes Latin from the CJK font only)."""
    latin: dict[str, Path] = {}
    for style in BUNDLED:
        found = DEBIAN_LATIN[style] if DEBIAN_LATIN[style].is_file() else _installed([LATIN_FAMILY], style)
        if found is None:
            return None
        latin[style] = found
    return latin


def main(argv: list[str] | None = None) -> int:
    from toolkit.paths import CARDS_DIR

    parser = argparse.ArgumentParser(prog="python -m toolkit.sheets.fontbuild", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--cards", type=Path, action="append", help="card data directory, repeatable (default: bundled cards/)"
    )
    parser.add_argument("--regular", type=Path, default=DEBIAN_SOURCES["regular"], help="source font, regular")
    parser.add_argument("--bold", type=Path, default=DEBIAN_SOURCES["bold"], help="source font, bold")
    parser.add_argument("--latin-regular", type=Path, default=DEBIAN_LATIN["regular"], help="Noto Sans Regular")
    parser.add_argument("--latin-bold", type=Path, default=DEBIAN_LATIN["bold"], help="Noto Sans Bold")
    parser.add_argument("--out", type=Path, default=FONT_DIR, help="where to write (default: the package)")
    parser.add_argument("--check", action="store_true", help="build nothing; exit 1 if characters are missing")
    args = parser.parse_args(argv)
    cards = args.cards or [CARDS_DIR]
    try:
        from toolkit.config import output_lang

        output_lang(None)  # the language of its messages: DOSSIER_LANG, else the settings
        if args.check:
            from .fonts import read_coverage

            lacking = missing(cards, read_coverage())
            if lacking:
                chars = "".join(sorted(lacking))
                print(
                    trn(
                        "the bundled font lacks {n} character: {chars}; run {command}",
                        "the bundled font lacks {n} characters: {chars}; run {command}",
                        len(lacking),
                        chars=chars,
                        command="python -m toolkit.sheets.fontbuild",
                    )
                )
                return 1
            print(tr("the bundled font covers every character in the card data"))
            return 0
        built = build(
            cards,
            {"regular": args.regular, "bold": args.bold},
            args.out,
            latin={"regular": args.latin_regular, "bold": args.latin_bold},
        )
        for path in built.files:
            print(tr("{path}: written ({size} bytes)", path=path, size=f"{path.stat().st_size:,}"))
    except DossierError as exc:
        print(tr("{program}: error: {message}", program="fontbuild", message=exc.message), file=sys.stderr)
        return exc.exit_code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
