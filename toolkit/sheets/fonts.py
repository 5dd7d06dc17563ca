"""Fonts for the sheets: the bundled CJK subset, or a user's own TTF/TTC/OTF.

Only embedded fonts are used, never the PDF base-14 fonts, so Chinese prints
on every machine. This module keeps ReportLab out of its import (validators
read the coverage list through it); :func:`load_fonts` imports it when called.
"""

from __future__ import annotations

import functools
import hashlib
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError

FONT_DIR = Path(__file__).resolve().parent / "fonts"
BUNDLED = {"regular": "DossierSansSC-Regular.ttf", "bold": "DossierSansSC-Bold.ttf"}
COVERAGE_FILE = FONT_DIR / "coverage.txt"
REGULAR, BOLD = "DossierSans", "DossierSans-Bold"


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
        raise DossierError(f"{COVERAGE_FILE}: cannot read the bundled font's coverage: {exc.strerror}") from None


@dataclass
class FontSet:
    """The registered ReportLab font names and what they can draw."""

    regular: str
    bold: str
    fake_bold: bool  # a user's single font: bold is drawn by stroking the outline
    chars: frozenset[str]
    source: str
    _widths: dict[str, dict[str, float]] = field(default_factory=dict, repr=False)

    def name(self, bold: bool) -> str:
        return self.bold if bold and not self.fake_bold else self.regular

    def width(self, text: str, bold: bool, size: float) -> float:
        """Advance width of ``text`` in points (cached per character)."""
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
            total += 0.02 * len(text) * 1000
        return total * size / 1000.0

    def lacks(self, text: str) -> set[str]:
        """Characters of ``text`` (other than whitespace) that the fonts cannot draw."""
        return {c for c in text if c not in self.chars and not c.isspace()}


def _char_width(name: str, ch: str) -> float:
    from reportlab.pdfbase import pdfmetrics

    font: Any = pdfmetrics.getFont(name)
    face = font.face
    return float(face.charWidths.get(ord(ch), face.defaultWidth))


def _register(name: str, source: Any, index: int = 0) -> Any:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        return pdfmetrics.getFont(name)
    except KeyError:
        pass
    font = TTFont(name, source, subfontIndex=index)
    pdfmetrics.registerFont(font)
    return font


def _cmap_chars(font: Any) -> frozenset[str]:
    return frozenset(chr(code) for code in font.face.charWidths)


@functools.lru_cache(maxsize=1)
def bundled() -> FontSet:
    """The bundled Dossier Sans SC subset, registered with ReportLab."""
    for filename in BUNDLED.values():
        if not (FONT_DIR / filename).is_file():
            raise DossierError(f"{FONT_DIR / filename}: bundled font missing; reinstall Dossier")
    regular = _register(REGULAR, str(FONT_DIR / BUNDLED["regular"]))
    bold = _register(BOLD, str(FONT_DIR / BUNDLED["bold"]))
    return FontSet(REGULAR, BOLD, False, _cmap_chars(regular) & _cmap_chars(bold), "bundled Dossier Sans SC")


def user_font(path: Path, index: int, needed: Iterable[str]) -> FontSet:
    """A user's TrueType font (.ttf, or face ``index`` of a .ttc).

    A font with PostScript outlines (.otf/.otc, e.g. Debian's Noto CJK) is cut
    down to the ``needed`` characters and converted to TrueType outlines on the
    fly, since ReportLab embeds only TrueType outlines.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DossierError(f"--font {path}: cannot read: {exc.strerror or exc}") from None
    digest = hashlib.sha1(data + str(index).encode()).hexdigest()[:10]
    name = f"UserFont-{digest}"
    try:
        from fontTools.ttLib import TTCollection, TTFont, TTLibError

        if data[:4] == b"ttcf":
            faces = TTCollection(io.BytesIO(data), lazy=True).fonts
            if not 0 <= index < len(faces):
                raise DossierError(f"--font-index {index}: {path} holds faces 0-{len(faces) - 1}")
            face = faces[index]
        else:
            if index:
                raise DossierError(f"--font-index {index}: {path} is not a collection (.ttc); leave it out")
            face = TTFont(io.BytesIO(data), lazy=True)
        if "glyf" not in face and "CFF " not in face:
            raise DossierError(f"--font {path}: no TrueType or PostScript outlines in this font")
        if "CFF " in face:
            from . import fontbuild

            chars = set(needed) | set(fontbuild.ASCII)
            fontbuild.subset(face, chars)
            fontbuild.cff_to_glyf(face)
            buffer = io.BytesIO()
            face.save(buffer)
            source: Any = io.BytesIO(buffer.getvalue())
            index = 0
        else:
            source = io.BytesIO(data)
    except (TTLibError, OSError, AssertionError, KeyError, ValueError) as exc:
        raise DossierError(f"--font {path}: not a usable font file ({exc})") from None
    try:
        font = _register(name, source, index)
    except Exception as exc:  # ReportLab reports unusable fonts with assorted exception types
        raise DossierError(f"--font {path}: ReportLab cannot embed this font ({exc})") from None
    return FontSet(name, name, True, _cmap_chars(font), str(path))
