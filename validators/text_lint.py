"""Lint of ability text: every text field of every record must parse and round-trip.

Findings (one per bad string, located at the string in the JSON file):

- ``card.text.parse`` (error): the text is not in the ability language; the
  message gives the column inside the text, what was expected, a hint for
  common mistakes, and the text with a caret under the problem.
- ``card.text.roundtrip`` (error): the text parses, but its canonical rendering
  does not parse back to the same AST (a bug in Dossier's renderer, reported so
  it never goes unnoticed).
- ``card.text.format`` (warning): the text is fine but not in canonical form;
  ``dossier text fmt`` rewrites it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from toolkit.jsonio import pointer
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import TEXT_FIELDS, iter_texts
from toolkit.text import AbilitySyntaxError, parse_cached, render

if TYPE_CHECKING:
    from .lint import Entry


def check_ability_texts(entries: Iterable[Entry], meter: Meter | None = None) -> None:
    """Add text findings to each entry (only entries that are lint targets keep them); ``meter`` advances
    once per entry."""
    count = meter_or_silent(meter)
    for entry in entries:
        count.advance()
        if not entry.target or entry.record is None:
            continue
        for path, text in iter_texts(entry.record):
            _check_text(entry, path, text)


def _check_text(entry: Entry, path: tuple[str | int, ...], text: str) -> None:
    """The findings of one ability text (at ``path`` in the record)."""
    try:
        ability = parse_cached(text)
    except AbilitySyntaxError as exc:
        ptr = pointer(*path)
        context = "\n".join("    " + line for line in exc.context.splitlines())
        entry.add(
            "card.text.parse",
            f"{entry.label}: {ptr}: column {exc.column} of the text: {exc.summary()}\n{context}",
            ptr,
        )
        return
    canonical = render(ability)
    if canonical == text:  # it parses back to the same AST (the one just cached): nothing to report
        return
    ptr = pointer(*path)
    try:
        again = parse_cached(canonical)
    except AbilitySyntaxError as exc:
        entry.add(
            "card.text.roundtrip",
            f"{entry.label}: {ptr}: the canonical text {canonical!r} does not parse: {exc.summary()}",
            ptr,
        )
        return
    if again != ability:
        entry.add(
            "card.text.roundtrip",
            f"{entry.label}: {ptr}: {text!r} renders as {canonical!r}, which parses differently",
            ptr,
        )
    elif canonical != text:
        entry.add(
            "card.text.format",
            f"{entry.label}: {ptr}: not canonical; `dossier text fmt` writes {canonical!r}",
            ptr,
            "warning",
        )


def check_raw_ability_texts(entry: Entry, data: dict[str, Any]) -> None:
    """Ability text findings for a record the model rejected: its text fields, read from the JSON as written."""
    if not entry.target:
        return
    for path in TEXT_FIELDS:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, list):
            continue
        for index, text in enumerate(node):
            if isinstance(text, str):
                _check_text(entry, (*path, index), text)
