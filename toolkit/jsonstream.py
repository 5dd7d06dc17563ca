"""JSON written as it is made: a list of any length leaves memory item by item.

A command whose JSON output grows with its input (``search --format json``, ``deck validate DIR --format
json``, ``lint --format json``, ``text parse --file``) wraps that list in :class:`Stream` and hands the
document to :func:`write_json`: the items are taken from the iterable one at a time, each written as soon
as it is made, and the text is exactly ``json.dumps(document, ensure_ascii=False, indent=2)`` of the same
document with each :class:`Stream` a list (so a reader parses the same value, byte for byte the same).

Nothing is written before the first item of the first stream is made (or the whole document, when it
holds no item): an error raised while making it, such as a bad option found at the first deck, still
leaves the output empty. An error raised later leaves what was written so far, as any streaming tool
does; the command's exit status says so.

This module imports nothing of ours; any layer may use it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, TextIO

INDENT = 2


class Stream:
    """A JSON array whose items come from ``items`` (any iterable, read once), written as they come.

    Each item is a plain JSON value (dicts, lists, strings, numbers, booleans, None), dumped whole."""

    __slots__ = ("items",)

    def __init__(self, items: Iterable[Any]) -> None:
        self.items = items


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=INDENT)


def _streams(value: Any) -> bool:
    """Whether ``value`` is, or holds (outside a :class:`Stream`'s items), a :class:`Stream`."""
    if isinstance(value, Stream):
        return True
    if isinstance(value, dict):
        return any(_streams(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_streams(item) for item in value)
    return False


def iter_json(value: Any) -> Iterator[str]:
    """The text of ``value`` as ``json.dumps(value, ensure_ascii=False, indent=2)`` writes it (a
    :class:`Stream` as a list), in pieces: one per item of a stream, the first piece with all that comes
    before it (see the module docstring)."""
    rest = yield from _chunks(value, 0, "")
    if rest:
        yield rest


def _chunks(value: Any, level: int, pending: str) -> Generator[str, None, str]:
    """Yield the pieces of ``value`` at nesting ``level``, an item of a stream each, and return the text after
    the last one; ``pending`` (what comes before ``value`` and is not written yet) goes out with the first."""
    inner = "\n" + " " * (INDENT * (level + 1))
    outer = "\n" + " " * (INDENT * level)
    if isinstance(value, Stream):
        lead, empty = pending + "[" + inner, True
        for item in value.items:
            yield lead + _dumps(item).replace("\n", inner)
            lead, empty = "," + inner, False
        return pending + "[]" if empty else outer + "]"
    if isinstance(value, dict) and value and _streams(value):
        pending += "{" + inner
        for index, (key, item) in enumerate(value.items()):
            if not isinstance(key, str):
                raise TypeError(f"keys of a streamed JSON object must be strings, not {type(key).__name__}")
            pending = yield from _chunks(item, level + 1, pending + ("," + inner if index else "") + _dumps(key) + ": ")
        return pending + outer + "}"
    if isinstance(value, list | tuple) and value and _streams(value):
        pending += "[" + inner
        for index, item in enumerate(value):
            pending = yield from _chunks(item, level + 1, pending + ("," + inner if index else ""))
        return pending + outer + "]"
    return pending + _dumps(value).replace("\n", outer)


def write_json(value: Any, out: TextIO | Callable[[str], object] | None = None, *, end: str = "\n") -> None:
    """Write ``value`` (which may hold :class:`Stream` lists) as indented JSON to ``out`` (a text stream or a
    ``write`` function; default: standard output), then ``end``: what ``print(json.dumps(value,
    ensure_ascii=False, indent=2))`` prints, written item by item."""
    if out is None:
        import sys

        out = sys.stdout
    write: Callable[[str], object] = out if callable(out) else out.write
    for chunk in iter_json(value):
        write(chunk)
    write(end)
