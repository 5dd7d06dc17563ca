"""Canonical ability text inside a record's JSON data (for ``dossier text fmt``)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from toolkit.findings import Finding, at_character
from toolkit.i18n import tr
from toolkit.jsonio import pointer, value_positions
from toolkit.models import TEXT_FIELDS

from .parser import AbilitySyntaxError, parse
from .render import render


@dataclass
class FormatResult:
    """The record data with canonical texts, what changed, and what could not be parsed."""

    data: Any
    changes: list[tuple[str, str, str]] = field(default_factory=list)  # (pointer, old, new)
    problems: list[Finding] = field(default_factory=list)  # card.text.parse at its line and column (no file)


def text_slots(data: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(path, text) of every ability string in a decoded record (text, reverse.text, win, draw_phase)."""
    if not isinstance(data, dict):
        return
    for path in TEXT_FIELDS:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, list):
            for index, text in enumerate(node):
                if isinstance(text, str):
                    yield (*path, index), text


def format_record_texts(data: Any, source_text: str | None = None) -> FormatResult:
    """Canonical texts for one decoded record; ``data`` itself is not modified."""
    result = FormatResult(copy.deepcopy(data))
    positions: dict[str, tuple[int, int]] | None = None
    game = data.get("game") if isinstance(data, dict) else None  # (an error names the words of the record's game)
    for path, text in text_slots(data):
        ptr = pointer(*path)
        try:
            canonical = render(parse(text, game if isinstance(game, str) else None))
        except AbilitySyntaxError as exc:
            if positions is None:
                positions = value_positions(source_text) if source_text else {}
            at = positions.get(ptr)  # (the error's character in the file, past the string's escapes: as lint)
            line, column = at_character(source_text, at, exc.offset) if at is not None and source_text else (1, 1)
            problem = exc.summary(located=exc.line != 1)  # (the line is said only in a text of more than one)
            message = tr(
                "{pointer}: column {column} of the text: {problem}", pointer=ptr, column=exc.column, problem=problem
            )
            result.problems.append(Finding("card.text.parse", message, pointer=ptr, line=line, column=column))
            continue
        if canonical != text:
            node: Any = result.data
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = canonical
            result.changes.append((ptr, text, canonical))
    return result
