"""Lint: characters the bundled print font lacks.

``card.text.font`` (warning), one per string: a character of a record that
Dossier Sans SC, the font ``dossier print`` embeds, has no glyph for. The card
would print it as a box. ``dossier fonts build`` rebuilds the font subset from
Noto Sans CJK with every character of the card data; ``dossier print --font``
uses another font meanwhile.

Coverage is read from the font's coverage list (toolkit/sheets/fonts/coverage.txt,
kept equal to the font files by a test), so lint never loads a font.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from toolkit.errors import DossierError
from toolkit.findings import Finding
from toolkit.jsonio import pointer

if TYPE_CHECKING:
    from .lint import Entry

CODE = "card.text.font"
SKIPPED_KEYS = frozenset({"$schema"})


def _strings(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in SKIPPED_KEYS:
                yield from _strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def covered_characters() -> frozenset[str] | None:
    """What the bundled font can draw, or None when its coverage list cannot be read."""
    from toolkit.sheets.fonts import read_coverage

    try:
        return read_coverage()
    except DossierError:
        return None


def font_findings(
    data: Any, label: str, file: str | None = None, covered: frozenset[str] | None = None
) -> list[Finding]:
    """A warning for each string of a record document (``data``) holding characters the bundled font lacks."""
    chars = covered if covered is not None else covered_characters()
    if chars is None:
        return []
    findings = []
    for path, text in _strings(data):
        if text.isascii() and text.isprintable():
            continue  # printable ASCII is always in the subset
        lacking = sorted({c for c in text if c not in chars and not c.isspace()})
        if lacking:
            ptr = pointer(*path)
            findings.append(
                Finding(
                    CODE,
                    f"{label}: {ptr}: the print font has no glyph for {''.join(lacking)!r}, so it would print as a "
                    "box; run `dossier fonts build` (or print with --font)",
                    "warning",
                    file,
                    ptr,
                )
            )
    return findings


def check_fonts(entries: Iterable[Entry]) -> None:
    """Add font findings to each entry that is a lint target."""
    covered = covered_characters()
    if covered is None:
        return
    for entry in entries:
        if not entry.target or entry.record is None:
            continue
        for finding in font_findings(entry.data, entry.label, covered=covered):
            entry.add(finding.code, finding.message, finding.pointer or "", "warning")
