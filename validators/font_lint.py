"""Lint: characters the print font lacks.

``card.text.font`` (warning), one per missing character and game: a character
of the records that Dossier Sans SC, the font ``dossier print`` embeds (the
bundled subset, or the user's ``dossier fonts build``), has no glyph for. The
finding sits on the first record that uses the character and says how many
records use it. Printing takes such a character from an installed font that
has it (fontconfig), or from ``--font``; ``dossier fonts build`` puts every
character of the user's card pool into their own build of the font.

Coverage is read from the fonts' coverage lists (toolkit/sheets/fonts/coverage.txt,
kept equal to the font files by a test), so lint never loads a font.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.errors import DossierError
from toolkit.findings import Finding
from toolkit.i18n import tr, trn
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
    """What Dossier's print font can draw, or None when its coverage list cannot be read."""
    from toolkit.sheets.fonts import print_coverage

    try:
        return print_coverage()
    except DossierError:
        return None


def missing_characters(data: Any, covered: frozenset[str]) -> dict[str, str]:
    """Each character of a record document the font lacks, with the pointer of the first string using it."""
    found: dict[str, str] = {}
    for path, text in _strings(data):
        if text.isascii() and text.isprintable():
            continue  # printable ASCII is always in the subset
        for ch in text:
            if ch not in covered and ch not in found and unicodedata.category(ch) != "Cc":
                found[ch] = pointer(*path)
    return found


def may_miss(text: str, covered: frozenset[str]) -> bool:
    """False when no string of the JSON document ``text`` can hold a character the font lacks: every
    character of the text is covered or a control character, and no ``\\u`` escape hides another (one
    search of the text in C, instead of a walk of every string of the document). The escape is looked for
    apart: a pattern of one character class is searched for in a tight loop, one with an alternative is tried
    at each character of the text in turn (twice as slow)."""
    return "\\u" in text or _uncovered(covered).search(text) is not None


def _uncovered(covered: frozenset[str]) -> re.Pattern[str]:
    """A pattern matching any character neither in ``covered`` nor a control character (the last one built is
    kept: a lint asks with the same set, or an equal one, file after file)."""
    last = _LAST_PATTERN
    if last and (last[0] is covered or last[0] == covered):
        if last[0] is not covered:
            last[0] = covered  # the next call with this set finds it by identity, without comparing sets
        return last[1]
    pattern = _pattern(covered)
    _LAST_PATTERN[:] = [covered, pattern]
    return pattern


_LAST_PATTERN: list[Any] = []  # [the set, its pattern]


def _pattern(covered: frozenset[str]) -> re.Pattern[str]:
    codes = sorted({ord(ch) for ch in covered} | _CONTROL_CODES)
    ranges: list[list[int]] = []
    for code in codes:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    allowed = "".join(re.escape(chr(low)) + ("-" + re.escape(chr(high)) if high > low else "") for low, high in ranges)
    return re.compile(f"[^{allowed}]")


_CONTROL_CODES = {*range(0x20), *range(0x7F, 0xA0)}  # unicodedata category Cc: C0, DEL and C1


@dataclass
class Use:
    """Where a missing character is first used, and by how many records."""

    label: str
    file: str | None
    pointer: str
    records: int = 1


def fix() -> str:
    """How to print a character the print font lacks, in the current language."""
    return tr(
        "printing takes it from an installed font that has it ({packages}) or from --font, and "
        "`dossier fonts build` adds it to your own {font}",
        packages="Debian: fonts-noto-cjk, fonts-noto-core",
        font="Dossier Sans SC",
    )


def message(label: str, ptr: str, ch: str, records: int) -> str:
    if records == 1:
        used = tr("1 record uses it")
    else:
        used = trn("{n} record uses it, this one first", "{n} records use it, this one first", records)
    code = f"U+{ord(ch):04X}"
    return tr(
        "{label}: {pointer}: the print font has no glyph for {char} ({code}; {used}); {fix}",
        label=label,
        pointer=ptr,
        char=repr(ch),
        code=code,
        used=used,
        fix=fix(),
    )


def aggregate(items: Iterable[tuple[Any, str, str | None]], covered: frozenset[str]) -> list[Finding]:
    """One warning per missing character over many records (``(data, label, file)``), on the first record
    that uses it, with how many records do."""
    uses: dict[str, Use] = {}
    for data, label, file in items:
        for ch, ptr in missing_characters(data, covered).items():
            use = uses.get(ch)
            if use is None:
                uses[ch] = Use(label, file, ptr)
            else:
                use.records += 1
    return [
        Finding(CODE, message(u.label, u.pointer, ch, u.records), "warning", u.file, u.pointer)
        for ch, u in uses.items()
    ]


def font_findings(
    data: Any, label: str, file: str | None = None, covered: frozenset[str] | None = None
) -> list[Finding]:
    """A warning for each character of one record document (``data``) the print font lacks."""
    chars = covered if covered is not None else covered_characters()
    if chars is None:
        return []
    return aggregate([(data, label, file)], chars)


def check_fonts(entries: Iterable[Entry]) -> None:
    """Add one finding per missing character to the first lint target that uses it (entries of one game)."""
    covered = covered_characters()
    if covered is None:
        return
    targets = [e for e in entries if e.target and e.record is not None]
    by_id = {id(e): e for e in targets}
    uses: dict[str, tuple[int, str]] = {}
    counts: dict[str, int] = {}
    for entry in targets:
        text = entry.source.text
        if text is not None and not may_miss(text, covered):
            continue
        data = entry.data if entry.data is not None or text is None else json.loads(text)
        for ch, ptr in missing_characters(data, covered).items():
            uses.setdefault(ch, (id(entry), ptr))
            counts[ch] = counts.get(ch, 0) + 1
    for ch, (key, ptr) in uses.items():
        entry = by_id[key]
        entry.add(CODE, message(entry.label, ptr, ch, counts[ch]), ptr, "warning")
