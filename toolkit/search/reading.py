"""A record's reading verdict in words: how much of its text the engine runs (``run:`` in a query).

Imported NetrunnerDB cards carry the import's ``reading`` (status, paragraphs read, paragraphs not read
and why); any other record with a text field is executable when it has ability text or no text at all,
printed only when it has printed text alone (:func:`toolkit.db.constants.reading_status`, the rule the
database's ``records.reading`` column is built by). ``dossier show`` and the web's card page say it, and
the paragraphs read, run by a card script and restating a deck rule (:func:`paragraph_lines`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toolkit.db.constants import reading_status
from toolkit.i18n import t, tn, word


@dataclass(frozen=True)
class Verdict:
    """A record's verdict in one language: ``status`` (the code), ``word`` (it in words) and ``details``
    (one line per reason a paragraph was not read: ``paragraphs 2, 3 not read (no template)``)."""

    status: str
    word: str
    details: tuple[str, ...]


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def status_of(data: Mapping[str, Any]) -> str | None:
    """The verdict code of a record as JSON data (None: it has no text field)."""
    reading = data.get("reading")
    status = reading.get("status") if isinstance(reading, Mapping) else None
    reverse = data.get("reverse")
    abilities = sum(
        len(_list(value))
        for value in (
            data.get("text"),
            reverse.get("text") if isinstance(reverse, Mapping) else None,
            data.get("win"),
            data.get("draw_phase"),
        )
    )
    printed = data.get("printed_text")
    paragraphs = sum(len(_list(printed.get(lang))) for lang in ("en", "zh-Hans")) if isinstance(printed, Mapping) else 0
    return reading_status(status, "text" in data, abilities, paragraphs)


def verdict(data: Mapping[str, Any], lang: str) -> Verdict | None:
    """The record's verdict in ``lang``; None for a record without a text field."""
    status = status_of(data)
    if status is None:
        return None
    reading = data.get("reading")
    unread = _list(reading.get("unread")) if isinstance(reading, Mapping) else []
    by_reason: dict[str, list[int]] = {}
    for entry in unread:
        if isinstance(entry, Mapping) and isinstance(entry.get("index"), int):
            by_reason.setdefault(str(entry.get("reason") or ""), []).append(entry["index"] + 1)
    details = []
    for reason, numbers in by_reason.items():
        words = word("reading_reason", reason, lang)
        details.append(
            tn(
                lang,
                "paragraph {paragraphs} not read ({reason})",
                "paragraphs {paragraphs} not read ({reason})",
                len(numbers),
                paragraphs=t(lang, ", ").join(str(n) for n in sorted(numbers)),
                reason=words,
            )
        )
    return Verdict(status, word("reading_status", status, lang), tuple(details))


def paragraph_lines(reading: Any, lang: str) -> list[str]:
    """The paragraphs of the printed text an imported card's ``reading`` read, runs by a card script and finds a
    deck rule in, one line each in ``lang``, numbered from 1 as :func:`verdict`'s paragraphs not read are (the
    record keeps 0-based indexes): ``paragraphs 1, 2 read``. ``dossier show`` and the card page say them after
    the verdict's details."""
    if not isinstance(reading, Mapping):
        return []

    def numbered(key: str) -> tuple[int, str]:
        numbers = sorted(n + 1 for n in _list(reading.get(key)) if isinstance(n, int))
        return len(numbers), t(lang, ", ").join(map(str, numbers))

    lines = []
    n, listed = numbered("read")
    if n:
        lines.append(tn(lang, "paragraph {paragraphs} read", "paragraphs {paragraphs} read", n, paragraphs=listed))
    n, listed = numbered("scripted")
    if n:
        lines.append(tn(lang, "paragraph {paragraphs} run by a card script",
                        "paragraphs {paragraphs} run by a card script", n, paragraphs=listed))  # fmt: skip
    n, listed = numbered("rules")
    if n:
        lines.append(tn(lang, "paragraph {paragraphs} restates a deck rule",
                        "paragraphs {paragraphs} restate a deck rule", n, paragraphs=listed))  # fmt: skip
    return lines


def verdict_line(data: Mapping[str, Any], lang: str) -> str | None:
    """:func:`verdict` on one line in ``lang`` (None: no text field):
    ``partial: paragraphs 2, 3 not read (no template)``."""
    found = verdict(data, lang)
    if found is None:
        return None
    if not found.details:
        return found.word
    return t(lang, "{status}: {details}", status=found.word, details=t(lang, "; ").join(found.details))
