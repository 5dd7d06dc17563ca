"""Fonts for the sheets: the bundled CJK subset, a user's build of it, a user's own
TTF/TTC/OTF, and installed fonts for the characters those lack.

Only embedded fonts are used, never the PDF base-14 fonts, so Chinese prints
on every machine. This module keeps ReportLab out of its import (validators
read the coverage list through it); :func:`bundled` and friends import it when
called.

A :class:`FontSet` is a primary font plus fallbacks: a run of characters the
primary lacks is drawn with the first fallback that has them (:meth:`FontSet.runs`,
called by the text drawing), so nothing prints as a box. The fallbacks are, in
order: Dossier Sans SC (when the primary is a user's font or build), then fonts
installed on the system, found through fontconfig (``fc-match``) or, without
fontconfig, by reading the usual font directories. In a collection (.ttc) the
Simplified Chinese face is chosen by its name ("Noto Sans CJK SC"), never face 0
by accident.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import re
import shutil
import struct
import subprocess
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toolkit.cachedir import user_cache_dir
from toolkit.errors import DossierError, os_reason
from toolkit.i18n import Worded, tr
from toolkit.jsonio import read_regular

FONT_DIR = Path(__file__).resolve().parent / "fonts"
BUNDLED = {"regular": "DossierSansSC-Regular.ttf", "bold": "DossierSansSC-Bold.ttf"}
COVERAGE_FILE = FONT_DIR / "coverage.txt"
REGULAR, BOLD = "DossierSans", "DossierSans-Bold"
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
FAKE_BOLD_ADVANCE = 20.0  # font units (of 1000) a stroked "bold" glyph of a single-face font grows by
LATIN_QUOTES = {"‘": "\ue018", "’": "\ue019", "“": "\ue01c", "”": "\ue01d"}
"""The curly quotes and the private-use code points under which Dossier Sans SC holds their proportional
forms: the quotes' own code points draw the full-width forms Chinese text wants. The text layout puts these for
the quotes of Latin text (:func:`toolkit.sheets.linebreak.latin_quotes`); :meth:`FontSet.runs` draws them as the
real quotes in a copy of the font whose quotes are the proportional glyphs, so the PDF's text is the real quote."""
LATIN_DOT = "\u0387"
"""The middle dot's proportional form: U+0387 (canonically "·"), drawn as the real "·" like the quotes above."""
QUOTE_OF = {narrow: quote for quote, narrow in {**LATIN_QUOTES, "\u00b7": LATIN_DOT}.items()}


def install_hint() -> str:
    """How to get a character no font has, in the current language."""
    return tr(
        "install a font that has it ({system}: {cjk} for Chinese, {core} for other scripts) or give {option} a "
        "font that has it",
        option="`dossier print --font`",
        system="Debian",
        cjk="fonts-noto-cjk",
        core="fonts-noto-core",
    )


def format_coverage(chars: Iterable[str]) -> str:
    """Code points as hex ranges, one a line (``4E00-4E01``), under a comment."""
    codes = sorted({ord(c) for c in chars})
    lines = ["# Characters both bundled fonts map to glyphs; written by `python -m toolkit.sheets.fontbuild`."]
    start = prev = None
    for code in [*codes, None]:
        if code is not None and prev is not None and code == prev + 1:
            prev = code
            continue
        if start is not None and prev is not None:
            lines.append(f"{start:04X}" if start == prev else f"{start:04X}-{prev:04X}")
        start = prev = code
    return "\n".join(lines) + "\n"


def parse_coverage(text: str) -> frozenset[str]:
    chars: set[str] = set()
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        first, _, last = line.partition("-")
        chars.update(chr(c) for c in range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(chars)


@functools.lru_cache(maxsize=1)
def read_coverage() -> frozenset[str]:
    """Characters the bundled font has (from fonts/coverage.txt; a test keeps it equal to the fonts)."""
    try:
        return parse_coverage(COVERAGE_FILE.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DossierError(
            tr("{path}: cannot read the bundled font's coverage: {reason}", path=COVERAGE_FILE, reason=os_reason(exc))
        ) from None


# ---------------------------------------------------------------------- the user's build (`dossier fonts build`)


def cache_dir(env: dict[str, str] | None = None) -> Path:
    """Where `dossier fonts build` writes: ``$XDG_CACHE_HOME/dossier/fonts`` (``~/.cache/dossier/fonts``)."""
    return user_cache_dir("fonts", env=env)


def cached_coverage() -> frozenset[str]:
    """Characters of the user's build (its coverage list), or nothing when there is no build."""
    path = cache_dir() / COVERAGE_FILE.name
    try:
        return parse_coverage(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()


def print_coverage() -> frozenset[str]:
    """What Dossier's own fonts can draw: the bundled subset and the user's build, if any."""
    return read_coverage() | cached_coverage()


# ---------------------------------------------------------------------- font sets


@dataclass(frozen=True)
class Face:
    """One registered font (regular and bold ReportLab names) and the characters it has."""

    regular: str
    bold: str
    fake_bold: bool  # a single face: bold is drawn by stroking the outline
    chars: frozenset[str]
    source: str

    def name(self, bold: bool) -> str:
        return self.bold if bold and not self.fake_bold else self.regular


Run = tuple[str, str, bool]
"""(text, registered font name, stroke to fake bold)"""


@dataclass
class FontSet:
    """The registered ReportLab font names, what they can draw, and fallbacks for what they cannot."""

    regular: str
    bold: str
    fake_bold: bool  # a user's single font: bold is drawn by stroking the outline
    chars: frozenset[str]
    source: str
    fallbacks: tuple[Face, ...] = ()
    searched: str = ""  # where fallbacks were looked for (for messages), empty when nowhere
    unprintable: set[str] = field(default_factory=set, repr=False)  # drawn characters no font has
    _widths: dict[str, dict[str, float]] = field(default_factory=dict, repr=False)
    _runs: dict[tuple[str, bool], tuple[list[Run], frozenset[str]]] = field(default_factory=dict, repr=False)
    _owner: dict[str, Face | None] = field(default_factory=dict, repr=False)

    @property
    def primary(self) -> Face:
        return Face(self.regular, self.bold, self.fake_bold, self.chars, self.source)

    def name(self, bold: bool) -> str:
        return self.bold if bold and not self.fake_bold else self.regular

    def covered(self) -> frozenset[str]:
        """Every character the primary font or a fallback has."""
        chars = set(self.chars)
        for face in self.fallbacks:
            chars |= face.chars
        return frozenset(chars)

    def owner(self, ch: str) -> Face | None:
        """The face that draws ``ch``: the primary if it has it, else the first fallback that does."""
        if ch in self.chars:
            return self.primary
        try:
            return self._owner[ch]
        except KeyError:
            pass
        found = next((face for face in self.fallbacks if ch in face.chars), None)
        self._owner[ch] = found
        return found

    def width(self, text: str, bold: bool, size: float) -> float:
        """Advance width of ``text`` in points (cached per character), each character in the font that draws it."""
        if self.fallbacks:
            return self._mixed_width(text, bold, size)
        name = self.name(bold)
        cache = self._widths.get(name)
        if cache is None:
            cache = self._widths[name] = {}
        total = 0.0
        for ch in text:
            w = cache.get(ch)
            if w is None:
                w = cache[ch] = _char_width(name, ch)
            total += w
        if bold and self.fake_bold:
            total += FAKE_BOLD_ADVANCE * len(text)
        return total * size / 1000.0

    def _mixed_width(self, text: str, bold: bool, size: float) -> float:
        total = 0.0
        for ch in text:
            face = self.owner(QUOTE_OF.get(ch, ch)) or self.primary
            name = face.name(bold)
            cache = self._widths.get(name)
            if cache is None:
                cache = self._widths[name] = {}
            w = cache.get(ch)
            if w is None:
                w = cache[ch] = _char_width(name, ch)
            total += w + (FAKE_BOLD_ADVANCE if bold and face.fake_bold else 0.0)
        return total * size / 1000.0

    def lacks(self, text: str) -> set[str]:
        """Characters of ``text`` (other than control characters: line breaks, tabs) that no font of the set has."""
        gaps = {c for c in text if c not in self.chars}
        return {c for c in gaps if self.owner(c) is None and not _control(c)}

    def runs(self, text: str, bold: bool) -> list[Run]:
        """``text`` cut into runs of one font each: ``(text, font name, stroke for bold)``.

        The text drawing calls this for every string it draws (toolkit.sheets.textbox._text).
        A character no font has stays in the primary font's run (it would print
        as a box) and is added to :attr:`unprintable`, which the layouts report.
        """
        key = (text, bold)
        cached = self._runs.get(key)
        if cached is None:
            cached = self._runs[key] = self._split(text, bold)
        if cached[1]:
            self.unprintable.update(cached[1])
        return cached[0]

    def _split(self, text: str, bold: bool) -> tuple[list[Run], frozenset[str]]:
        primary_stroke = bold and self.fake_bold
        chars = set(text)
        if chars <= self.chars and chars.isdisjoint(QUOTE_OF):
            return [(text, self.name(bold), primary_stroke)], frozenset()
        runs: list[Run] = []
        missing: set[str] = set()
        current: Face | None = None
        font = ""  # the font of the run: the face's, or its copy with proportional quotes (LATIN_QUOTES)
        chunk: list[str] = []
        for ch in text:
            quote = QUOTE_OF.get(ch)
            if quote is not None:
                ch = quote  # drawn and copied as the real quote
            face = self.owner(ch)
            if face is None:
                if not _control(ch):
                    missing.add(ch)
                face = self.primary
            elif current is not None and ch.isspace() and ch in current.chars:
                face = current  # a space between fallback characters stays in their run
            name = face.name(bold)
            if quote is not None:
                name = _quote_font(name) or name
            if current is not None and name != font and chunk:
                runs.append(("".join(chunk), font, bold and current.fake_bold))
                chunk = []
            current, font = face, name
            chunk.append(ch)
        if chunk and current is not None:
            runs.append(("".join(chunk), font, bold and current.fake_bold))
        return runs, frozenset(missing)

    def take_unprintable(self) -> set[str]:
        """The characters drawn since the last call that no font has (and forget them)."""
        found = set(self.unprintable)
        self.unprintable.clear()
        return found

    def missing_message(self, chars: Iterable[str]) -> str:
        """What a card with ``chars`` no font has is told: the characters, where fonts were looked for, the fix."""
        listed = "".join(sorted(set(chars)))
        codes = ", ".join(f"U+{ord(c):04X}" for c in listed[:8]) + (", …" if len(listed) > 8 else "")
        searched = [self.source, *(face.source for face in self.fallbacks)]
        searched.append(
            self.searched or tr("not the installed fonts: {program} is missing", program="fc-match (fontconfig)")
        )
        return tr(
            "no font has {chars} ({codes}), so it would print as a box (searched: {searched}); {hint}",
            chars=repr(listed),
            codes=codes,
            searched=tr("; ").join(str(s) for s in searched),
            hint=install_hint(),
        )

    def with_fallbacks(self, faces: Sequence[Face], searched: str | None = None) -> FontSet:
        """This set with ``faces`` tried after its own fallbacks (fresh caches)."""
        extra = tuple(f for f in faces if f not in self.fallbacks and f.regular != self.regular)
        return replace(
            self,
            fallbacks=self.fallbacks + extra,
            searched=self.searched if searched is None else searched,
            unprintable=set(),
            _widths={},
            _runs={},
            _owner={},
        )


def _control(ch: str) -> bool:
    """A control character (line break, tab): never drawn, so never missing."""
    return unicodedata.category(ch) == "Cc"


def _char_width(name: str, ch: str) -> float:
    from reportlab.pdfbase import pdfmetrics

    quote = QUOTE_OF.get(ch)
    if quote is not None:  # the proportional form of a quote: as wide as :meth:`FontSet.runs` draws it
        name, ch = _quote_font(name) or name, quote
    font: Any = pdfmetrics.getFont(name)
    face = font.face
    return float(face.charWidths.get(ord(ch), face.defaultWidth))


_QUOTE_FONTS: dict[str, str | None] = {}


def _quote_font(name: str) -> str | None:
    """The registered font that draws the curly quotes of font ``name`` in their proportional forms: a copy of
    it whose quotes are its glyphs under :data:`LATIN_QUOTES`' code points, registered the first time; None when
    ``name`` is no Dossier Sans SC with those glyphs (a user's font, a build made before they were added)."""
    try:
        return _QUOTE_FONTS[name]
    except KeyError:
        pass
    import copy
    from weakref import WeakKeyDictionary

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTEncoding

    font: Any = pdfmetrics.getFont(name)
    face = font.face
    codes = {ord(quote): ord(narrow) for narrow, quote in QUOTE_OF.items()}
    found = None
    if getattr(face, "familyName", b"") == b"Dossier Sans SC" and all(c in face.charToGlyph for c in codes.values()):
        found = f"{name}-LatinQuotes"
        variant = copy.copy(font)  # shares the parsed file; its own name, character map, widths and PDF state
        variant.fontName = found
        variant.face = copy.copy(face)
        variant.face.name = face.name + b"-LatinQuotes"
        variant.face.charToGlyph = {**face.charToGlyph, **{q: face.charToGlyph[n] for q, n in codes.items()}}
        variant.face.charWidths = {**face.charWidths, **{q: face.charWidths[n] for q, n in codes.items()}}
        variant.encoding = TTEncoding()
        variant.state = WeakKeyDictionary()
        pdfmetrics.registerFont(variant)
    _QUOTE_FONTS[name] = found
    return found


def _register(name: str, source: Any, index: int = 0) -> Any:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        return pdfmetrics.getFont(name)
    except KeyError:
        pass
    font = TTFont(name, source, subfontIndex=index)
    if font.face.name in pdfmetrics._dynFaceNames:
        # ReportLab hands a second font with the same PostScript name (a user's build of Dossier Sans SC
        # and the bundled one) the first font's object: give this one a name of its own
        font.face.name = font.face.name + b"-" + name.encode("ascii")
    pdfmetrics.registerFont(font)
    return font


def _cmap_chars(font: Any) -> frozenset[str]:
    """The characters a registered font maps (ReportLab lists U+FFFF, the end of a cmap, and no-break
    space, which it draws as a space: only the first is left out)."""
    return frozenset(chr(code) for code in font.face.charWidths if code != 0xFFFF)


@functools.lru_cache(maxsize=1)
def bundled() -> FontSet:
    """The bundled Dossier Sans SC subset, registered with ReportLab (no fallbacks)."""
    regular = _register_bundled(REGULAR, "regular")
    bold = _register_bundled(BOLD, "bold")
    label = Worded("bundled Dossier Sans SC", lambda: tr("bundled {font}", font="Dossier Sans SC"))
    return FontSet(REGULAR, BOLD, False, _cmap_chars(regular) & _cmap_chars(bold), label)


SFNT_CHECKSUM = 0xB1B0AFBA
"""What the 32-bit sum of a whole TrueType file comes to when its ``head`` table's checkSumAdjustment is right."""


def bundled_file(style: str) -> Path:
    """The path of a bundled font (``style``: regular or bold), checked first: a missing, unreadable or
    damaged (truncated, altered) file is a one-line DossierError naming it, exit 2, never an error of the
    font library halfway through reading it. For every reader of the bundled fonts (the sheets, the maps)."""
    path = FONT_DIR / BUNDLED[style]
    for other in BUNDLED.values():  # either missing: the installation is incomplete
        if not (FONT_DIR / other).is_file():
            raise DossierError(tr("{path}: bundled font missing; reinstall Dossier", path=FONT_DIR / other))
    _check_bundled(str(path))
    return path


@functools.lru_cache(maxsize=4)
def _check_bundled(path: str) -> None:  # cached when sound (an error is not cached)
    try:
        data = read_font(Path(path))
    except OSError as exc:
        raise DossierError(
            tr("{path}: cannot read the bundled font: {reason}; reinstall Dossier", path=path, reason=os_reason(exc))
        ) from None
    reason = sfnt_damage(data)
    if reason is not None:
        raise _damaged(Path(path), reason)


def _damaged(path: Path, reason: str) -> DossierError:
    return DossierError(tr("{path}: the bundled font is damaged ({reason}); reinstall Dossier", path=path, reason=reason))


def _register_bundled(name: str, style: str) -> Any:
    """Register a bundled font (checked by :func:`bundled_file`)."""
    from reportlab.pdfbase import pdfmetrics

    path = bundled_file(style)
    try:
        return pdfmetrics.getFont(name)
    except KeyError:
        pass
    try:
        return _register(name, str(path))
    except Exception as exc:  # ReportLab reports unusable fonts with assorted exception types
        raise _damaged(path, _font_reason(exc)) from None


def sfnt_damage(data: bytes) -> str | None:
    """Why a TrueType file (not a collection) is damaged, in one line in the current language, or None:
    too short for its table directory, a table that runs past the end of the file, or a checksum that
    does not match (the bytes were changed)."""
    size = len(data)
    if size < 12:
        return tr("truncated to {size} bytes, too short for a font", size=size)
    count = struct.unpack_from(">H", data, 4)[0]
    directory_end = 12 + 16 * count
    if count == 0 or size < directory_end:
        return tr("truncated to {size} bytes, but its table directory ends at byte {end}", size=size, end=directory_end)
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        if offset + length > size:
            return tr(
                "truncated to {size} bytes, but its table {table} ends at byte {end}",
                size=size,
                table=repr(tag.decode("latin-1")),
                end=offset + length,
            )
    from reportlab.pdfbase.ttfonts import calcChecksum

    if calcChecksum(data) != SFNT_CHECKSUM:
        return tr("its checksum does not match its contents")
    return None


def cached_build(directory: Path | None = None) -> FontSet | None:
    """The user's build of Dossier Sans SC (`dossier fonts build`), registered, or None when there is none."""
    directory = cache_dir() if directory is None else directory
    paths = {style: directory / filename for style, filename in BUNDLED.items()}
    if not all(path.is_file() for path in paths.values()):
        return None
    try:
        stamp = "".join(f"{p.stat().st_size}:{p.stat().st_mtime_ns};" for p in paths.values())
    except OSError:
        return None
    return _load_cached(str(directory), stamp)


@functools.lru_cache(maxsize=4)
def _load_cached(directory: str, stamp: str) -> FontSet:
    digest = hashlib.sha1(f"{directory}|{stamp}".encode()).hexdigest()[:10]
    names = {"regular": f"DossierSansBuild-{digest}", "bold": f"DossierSansBuild-{digest}-Bold"}
    fonts = {}
    for style, filename in BUNDLED.items():
        path = Path(directory) / filename
        try:
            fonts[style] = _register(names[style], io.BytesIO(read_font(path)))
        except Exception as exc:  # ReportLab reports unusable fonts with assorted exception types
            raise DossierError(
                tr("{path}: your font build is unusable ({reason}); run {command} again or delete {directory}",
                   path=path, reason=_font_reason(exc), command="`dossier fonts build`", directory=directory)
            ) from None  # fmt: skip
    chars = _cmap_chars(fonts["regular"]) & _cmap_chars(fonts["bold"])
    label = Worded(
        f"your Dossier Sans SC build ({directory})",
        lambda: tr("your {font} build ({directory})", font="Dossier Sans SC", directory=directory),
    )
    return FontSet(names["regular"], names["bold"], False, chars, label)


def default_fonts() -> FontSet:
    """The print fonts when no --font is given: the user's build if there is one (the bundled subset
    behind it for anything it lacks), else the bundled subset."""
    own = cached_build()
    if own is None:
        return bundled()
    return own.with_fallbacks([bundled().primary])


# ---------------------------------------------------------------------- faces of font files and collections

SIMPLIFIED_NAME = re.compile(r"(?:^|[\s_-])(?:SC|CN|GB|Hans|SChinese|Simplified(?: Chinese)?)(?:$|[\s_-])", re.I)
ZH_CN = 0x0804  # Windows language id of Chinese (PRC)


def _face_names(face: Any) -> list[str]:
    names = []
    for record in face["name"].names:
        if record.nameID in (1, 4, 16):
            try:
                names.append(record.toUnicode())
            except (UnicodeDecodeError, ValueError):
                continue
    return names


def _family(face: Any) -> str:
    table = face["name"]
    return str(table.getDebugName(16) or table.getDebugName(1) or "")


def is_simplified_chinese(face: Any) -> bool:
    """Whether a face's names say it is the Simplified Chinese one (``Noto Sans CJK SC``, ``… CN``, ``… GB``)."""
    if any(SIMPLIFIED_NAME.search(name) for name in _face_names(face)):
        return True
    return any(r.nameID in (1, 16) and r.platformID == 3 and r.langID == ZH_CN for r in face["name"].names)


def choose_face(faces: Sequence[Any], family: str | None = None) -> int:
    """The index of the face to use in a collection.

    ``family`` given: the face of that name (family or full name), else the first
    face of a collection whose names mark it Simplified Chinese, preferring a
    proportional one to a monospaced one, then a regular weight; face 0 only
    when no name says more.
    """
    if family is not None:
        wanted = family.casefold()
        for index, face in enumerate(faces):
            if any(name.casefold() == wanted for name in _face_names(face)):
                return index
        raise LookupError(family)

    def score(item: tuple[int, Any]) -> tuple[int, int, int, int]:
        index, face = item
        names = " ".join(_face_names(face))
        style = str(face["name"].getDebugName(2) or "")
        return (
            0 if is_simplified_chinese(face) else 1,
            1 if re.search(r"\bmono\b", names, re.I) else 0,
            0 if style.lower() in ("regular", "book", "normal", "roman") else 1,
            index,
        )

    return min(enumerate(faces), key=score)[0]


@dataclass(frozen=True)
class FontFile:
    """A font file and the face of it to use, as found on the system."""

    path: Path
    index: int
    family: str
    bold: Path | None = None  # the bold face's file, when there is one
    bold_index: int = 0


_NO_OUTLINES = "no TrueType or PostScript outlines in this font"


def _font_reason(exc: BaseException) -> str:
    """Why a font could not be read or embedded, in one line in the current language: the common reasons
    worded through the catalogs; else what fontTools or ReportLab says (in English, quoted as theirs)."""
    text = " ".join(str(exc).split())
    if text == _NO_OUTLINES:
        return tr("no {first} or {second} outlines in this font", first="TrueType", second="PostScript")
    if text.startswith("Not a TrueType or OpenType font"):
        return tr("not a {first} or {second} font", first="TrueType", second="OpenType")
    if isinstance(exc, OSError) and exc.errno is not None:
        return os_reason(exc)
    if not text:
        return type(exc).__name__
    module = type(exc).__module__
    program = "fontTools" if module.startswith("fontTools") else "ReportLab" if module.startswith("reportlab") else ""
    if program:
        return tr("{program} says: {message}", program=program, message=repr(text[:200]))
    return repr(text[:200])


def _open_faces(data: bytes) -> list[Any]:
    from fontTools.ttLib import TTCollection, TTFont

    if data[:4] == b"ttcf":
        return list(TTCollection(io.BytesIO(data), lazy=True).fonts)
    return [TTFont(io.BytesIO(data), lazy=True)]


def _truetype_source(face: Any, needed: Iterable[str], data: bytes, index: int) -> tuple[Any, int]:
    """What ReportLab reads for ``face``: the file itself, or for PostScript outlines a TrueType
    subset of the ``needed`` characters (ReportLab embeds only TrueType outlines)."""
    if "glyf" not in face and "CFF " not in face:
        raise ValueError(_NO_OUTLINES)
    if "CFF " not in face:
        return io.BytesIO(data), index
    from . import fontbuild

    cmap = face.getBestCmap() or {}
    chars = {c for c in set(needed) | set(ASCII) if ord(c) in cmap}
    fontbuild.subset(face, chars)
    fontbuild.cff_to_glyf(face)
    buffer = io.BytesIO()
    face.save(buffer)
    return io.BytesIO(buffer.getvalue()), 0


@dataclass(frozen=True)
class Loaded:
    face: Face
    index: int  # the face used
    faces: int  # how many faces the file holds
    family: str


def load_face(path: Path, index: int | None, needed: Iterable[str], what: str = "--font") -> Loaded:
    """Register face ``index`` of a font file (None: chosen by name, see :func:`choose_face`).

    A font with PostScript outlines (.otf/.otc, e.g. Debian's Noto CJK) is cut
    down to the ``needed`` characters and converted to TrueType outlines on the
    fly. ``what`` names the font in errors (an option, or "fallback font").
    """
    try:
        data = read_font(path)
    except OSError as exc:
        raise DossierError(
            tr("{option} {path}: cannot read: {reason}", option=what, path=path, reason=os_reason(exc))
        ) from None
    needed = frozenset(needed)
    try:
        from fontTools.ttLib import TTLibError

        faces = _open_faces(data)
        if index is None:
            index = choose_face(faces)
        elif not 0 <= index < len(faces):
            if len(faces) == 1:
                raise DossierError(
                    tr("{option} {index}: {path} is not a collection ({suffix}); leave it out",
                       option="--font-index", index=index, path=path, suffix=".ttc")
                )  # fmt: skip
            raise DossierError(
                tr("{option} {index}: {path} holds faces {first}-{last}", option="--font-index", index=index,
                   path=path, first=0, last=len(faces) - 1)
            )  # fmt: skip
        face = faces[index]
        family = _family(face)
        cff = "CFF " in face
        source, sub_index = _truetype_source(face, needed, data, index if len(faces) > 1 else 0)
    except (TTLibError, OSError, AssertionError, KeyError, ValueError, TypeError, IndexError) as exc:
        raise DossierError(
            tr("{option} {path}: not a usable font file ({reason})", option=what, path=path, reason=_font_reason(exc))
        ) from None
    key = data + str(index).encode() + ("".join(sorted(needed)).encode() if cff else b"")
    name = f"UserFont-{hashlib.sha1(key).hexdigest()[:10]}"
    try:
        font = _register(name, source, sub_index)
    except Exception as exc:  # ReportLab reports unusable fonts with assorted exception types
        raise DossierError(
            tr("{option} {path}: {program} cannot embed this font ({reason})", option=what, path=path,
               program="ReportLab", reason=_font_reason(exc))
        ) from None  # fmt: skip
    label = str(path)
    if len(faces) > 1:  # worded when loaded (a user's font is loaded per print, in the language of the print)
        label = tr("{path} (face {index}, {family})", path=path, index=index, family=family)
    return Loaded(Face(name, name, True, _cmap_chars(font), label), index, len(faces), family)


def user_font(path: Path, index: int | None, needed: Iterable[str]) -> FontSet:
    """A user's font (.ttf/.otf, or a face of a .ttc/.otc: ``index``, or the Simplified Chinese one by name)."""
    loaded = load_face(path, index, needed)
    face = loaded.face
    return FontSet(face.regular, face.bold, True, face.chars, face.source)


# ---------------------------------------------------------------------- installed fonts


def fontconfig_available() -> bool:
    return shutil.which("fc-match") is not None


def _fc(args: list[str]) -> str:
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout if done.returncode == 0 else ""


FC_FORMAT = "%{file}\\t%{index}\\t%{family[0]}\\t%{style[0]}\\t%{fontformat}\\n"


def _fc_fonts(pattern: str, command: str = "fc-match") -> list[tuple[Path, int, str, str]]:
    found = []
    for line in _fc([command, "--format", FC_FORMAT, pattern]).splitlines():
        parts = line.split("\t")
        if len(parts) < 5 or parts[4] not in ("TrueType", "CFF"):
            continue
        try:
            found.append((Path(parts[0]), int(parts[1] or 0), parts[2], parts[3]))
        except ValueError:
            continue
    return found


def _charset(chars: Iterable[str]) -> str:
    return " ".join(f"{ord(c):x}" for c in sorted(chars))


def fontconfig_bold(family: str) -> tuple[Path, int] | None:
    """The bold face of ``family`` among installed fonts, if fontconfig has one."""
    for path, index, found, style in _fc_fonts(f"{family}:weight=bold"):
        if found == family and "bold" in style.lower():
            return path, index
    return None


MAX_FONT_BYTES = 256 * 2**20
"""The largest font file read (Noto Sans CJK's collection is about 30 MiB)."""


def read_font(path: Path) -> bytes:
    """A font file's bytes; a FIFO or device is refused (never waited on or read forever), as is a file
    over :data:`MAX_FONT_BYTES`: :class:`OSError` with a short ``strerror``."""
    return read_regular(path, MAX_FONT_BYTES)


def _face_coverage(path: Path, index: int) -> tuple[int, frozenset[str], str] | None:
    """(face to use, characters it maps, family) of a font file; a collection's face chosen by name."""
    try:
        faces = _open_faces(read_font(path))
        if len(faces) > 1:
            # a collection: its Simplified Chinese face when it has one, else the face fontconfig named
            chosen = choose_face(faces)
            if not is_simplified_chinese(faces[chosen]) and 0 <= index < len(faces):
                chosen = index
            index = chosen
        else:
            index = 0
        face = faces[index]
        if "glyf" not in face and "CFF " not in face:
            return None
        cmap = face.getBestCmap() or {}
        return index, frozenset(chr(c) for c in cmap), _family(face)
    except Exception:  # an unreadable or odd font is skipped, not fatal
        return None


def _font_dirs() -> list[Path]:
    home = Path.home()
    if sys.platform == "win32":
        windir = Path(os.environ.get("WINDIR", r"C:\Windows"))
        local = Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local"))
        return [windir / "Fonts", local / "Microsoft" / "Windows" / "Fonts"]
    if sys.platform == "darwin":
        return [Path("/System/Library/Fonts"), Path("/Library/Fonts"), home / "Library" / "Fonts"]
    data = os.environ.get("XDG_DATA_HOME") or str(home / ".local" / "share")
    return [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path(data) / "fonts", home / ".fonts"]


CJK_FILE_NAME = re.compile(r"cjk|han|hei|song|ming|kai|yahei|msyh|simsun|simhei|pingfang|hiragino|wqy|droid", re.I)


def _scan_files() -> Iterator[Path]:
    files: list[Path] = []
    for root in _font_dirs():
        if root.is_dir():
            files.extend(p for p in root.rglob("*") if p.suffix.lower() in (".ttf", ".otf", ".ttc", ".otc"))
    yield from sorted(files, key=lambda p: (0 if CJK_FILE_NAME.search(p.name) else 1, str(p)))


def find_system_fonts(chars: Iterable[str], limit: int = 8) -> list[FontFile]:
    """Installed fonts that together have as many of ``chars`` as possible (at most ``limit`` fonts).

    Asks fontconfig (``fc-match``, Simplified Chinese preferred) for the font
    that covers most of what is still missing, then checks its character map
    with fontTools; without fontconfig, reads the usual font directories.
    """
    remaining = {c for c in chars if not c.isspace()}
    found: list[FontFile] = []
    if not remaining:
        return found
    if fontconfig_available():
        tried: set[tuple[Path, int]] = set()
        while remaining and len(found) < limit:
            candidates = _fc_fonts(f"sans-serif:lang=zh-cn:outline=true:charset={_charset(remaining)}")
            if not candidates or (candidates[0][0], candidates[0][1]) in tried:
                break
            path, index, _, _ = candidates[0]
            tried.add((path, index))
            covered = _face_coverage(path, index)
            if covered is None or not covered[1] & remaining:
                break
            found.append(_with_bold(FontFile(path, covered[0], covered[2])))
            remaining -= covered[1]
        for ch in sorted(remaining)[:64]:  # what the best matches lack: ask for each character
            if len(found) >= limit or ch not in remaining:
                continue
            for path, index, _, _ in _fc_fonts(f":outline=true:charset={ord(ch):x}", "fc-list")[:4]:
                if (path, index) in tried:
                    continue
                tried.add((path, index))
                covered = _face_coverage(path, index)
                if covered is not None and ch in covered[1]:
                    found.append(_with_bold(FontFile(path, covered[0], covered[2])))
                    remaining -= covered[1]
                    break
        return found
    for path in _scan_files():
        if not remaining or len(found) >= limit:
            break
        covered = _face_coverage(path, 0)
        if covered is not None and covered[1] & remaining:
            found.append(FontFile(path, covered[0], covered[2]))
            remaining -= covered[1]
    return found


def _with_bold(font: FontFile) -> FontFile:
    bold = fontconfig_bold(font.family) if font.family else None
    if bold is None:
        return font
    return replace(font, bold=bold[0], bold_index=bold[1])


def system_face(font: FontFile, needed: Iterable[str]) -> Face | None:
    """Register an installed font (and its bold face, if found) for ``needed``; None when it cannot be embedded."""
    needed = frozenset(needed)
    try:
        regular = load_face(font.path, font.index, needed, "fallback font")
    except DossierError:
        return None
    face = replace(regular.face, source=f"{font.family or font.path.name} ({font.path})")
    if font.bold is not None:
        try:
            bold = load_face(font.bold, font.bold_index, needed & face.chars, "fallback font")
        except DossierError:
            return face
        if face.chars & needed <= bold.face.chars:
            return replace(face, bold=bold.face.regular, fake_bold=False)
    return face


def add_system_fallbacks(fonts: FontSet, needed: Iterable[str]) -> tuple[FontSet, list[Face]]:
    """``fonts`` with installed fonts for the ``needed`` characters it lacks; also returns the faces added."""
    lacking = fonts.lacks("".join(set(needed)))
    searched: str
    if fontconfig_available():
        searched = Worded("the installed fonts (fontconfig)",
                          lambda: tr("the installed fonts ({program})", program="fontconfig"))  # fmt: skip
    else:
        searched = Worded("the font directories", lambda: tr("the font directories"))
    if not lacking:
        return replace(fonts, searched=fonts.searched or searched), []
    faces = []
    for font in find_system_fonts(lacking):
        face = system_face(font, lacking)
        if face is not None and face.chars & lacking:
            faces.append(face)
            lacking -= face.chars
    if not fontconfig_available():
        dirs = ", ".join(str(d) for d in _font_dirs())
        searched = Worded(f"the font directories ({dirs})", lambda: tr("the font directories ({dirs})", dirs=dirs))
    return fonts.with_fallbacks(faces, searched), faces


def print_fonts(font: Path | None, index: int | None, needed: Iterable[str]) -> tuple[FontSet, list[str]]:
    """The fonts `dossier print` draws with, and notes for the user.

    No ``font``: the user's build or the bundled subset; else the user's font
    (a collection's face by ``index``, or its Simplified Chinese face by name)
    with Dossier Sans SC behind it. Installed fonts are added for whatever
    ``needed`` characters those lack.
    """
    needed = frozenset(needed)
    notes: list[str] = []
    if font is None:
        fonts = default_fonts()
    else:
        loaded = load_face(font, index, needed)
        face = loaded.face
        fonts = FontSet(face.regular, face.bold, True, face.chars, face.source)
        if index is None and loaded.faces > 1:
            notes.append(
                tr(
                    "--font {font}: face {index} of {faces}, {family} (--font-index chooses another)",
                    font=font,
                    index=loaded.index,
                    faces=loaded.faces,
                    family=repr(loaded.family),
                )
            )
        if fonts.lacks("".join(needed)):
            own = default_fonts()
            fonts = fonts.with_fallbacks([own.primary, *own.fallbacks])
    fonts, added = add_system_fallbacks(fonts, needed)
    for face in added:
        drawn = "".join(sorted(c for c in needed if fonts.owner(c) == face))
        shown = repr(drawn)
        if len(drawn) > 24:
            shown = tr("{chars}… ({n} characters)", chars=repr(drawn[:24]), n=len(drawn))
        notes.append(tr("{chars} printed in the installed font {font}", chars=shown, font=face.source))
    return fonts, notes


def drawn_characters(
    records: Iterable[Any], catalog: Any, lang: str = "zh-Hans", *, bilingual: bool = True
) -> set[str]:
    """Characters the faces of ``records`` in ``lang`` may draw: their own text, the labels of the layouts
    and the names they take from other records of their games (factions, subtypes, agents, …), in ``lang``
    (:func:`toolkit.sheets.layouts.record_text`): not the names other languages give a card or a set, which no
    face draws, so that :func:`print_fonts` neither loads fonts for them nor says they were printed.
    ``bilingual``: a print with each card's name in the other language too (the default: it may be)."""
    from . import labels
    from .layouts import record_text

    records = list(records)
    chars = set(ASCII)
    chars.update("".join(labels.all_strings()))
    games = set()
    for record in records:
        chars.update(record_text(record, lang, bilingual=bilingual))
        games.add(record.game)
    for record in getattr(catalog, "records", ()):
        if record.game in games and record.kind not in ("card", "identity"):
            chars.update(record_text(record, lang, bilingual=False))  # their names print in the face's language
    return {c for c in chars if not _control(c)}


def printed_characters(catalog: Any) -> set[str]:
    """Characters a print of ``catalog``'s cards may draw: :func:`drawn_characters` of every printable record, in
    each language the cards print in (:data:`toolkit.i18n.LANGS`), each card's name in the other language too.
    Not the words of a language no card prints in (a card's Japanese name, a set's Korean or Traditional Chinese
    one), which no face draws and no font need hold."""
    from toolkit.i18n import LANGS

    from .layouts import is_printable

    records = [record for record in catalog.records if is_printable(record)]
    return set().union(*(drawn_characters(records, catalog, lang) for lang in LANGS))


def missing_printed(cards: Iterable[Path]) -> set[str]:
    """Characters a print of the records under ``cards`` may draw (:func:`printed_characters`) that Dossier's
    fonts lack (the bundled subset and the user's build): what `dossier fonts check` looks for in other fonts."""
    from toolkit.catalog import load_catalog

    return printed_characters(load_catalog(cards)) - print_coverage()
