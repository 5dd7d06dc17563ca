"""Display width of text in a terminal: the one helper every aligned column uses.

East Asian wide and full-width characters (Chinese, full-width punctuation) take
two columns, combining marks none, everything else one. Standard library only
(:func:`unicodedata.east_asian_width`, :func:`unicodedata.combining`), and it
imports nothing of ours, so every layer (``text``, ``search``, ``cli``) may use it.
The plain-text table renderer lives here too, for the same reason;
:mod:`toolkit.cli.tables` is the name the CLI imports it by.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from numbers import Number
from typing import Any

ELLIPSIS = "…"


def char_width(char: str) -> int:
    """Columns one character takes: 2 wide/full-width, 0 combining or zero-width, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal columns taken by ``text``."""
    return sum(char_width(c) for c in text)


def clip(text: str, columns: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` cut to at most ``columns`` display columns, ending in ``…`` when cut."""
    if display_width(text) <= columns:
        return text
    room = columns - display_width(ellipsis)
    if room < 0:
        return ""
    out, used = [], 0
    for char in text:
        w = char_width(char)
        if used + w > room:
            break
        out.append(char)
        used += w
    return "".join(out) + ellipsis


def pad(text: str, columns: int, align: str = "<") -> str:
    """``text`` padded with spaces to ``columns`` display columns (``align``: ``<`` left, ``>`` right)."""
    fill = " " * max(0, columns - display_width(text))
    return fill + text if align == ">" else text + fill


def fit(text: str, columns: int, align: str = "<") -> str:
    """``text`` clipped and padded to exactly ``columns`` display columns."""
    return pad(clip(text, columns), columns, align)


def numeric(value: Any) -> bool:
    """Whether a cell reads as a number (ints, floats, ``12``, ``-3``, ``45.0%``)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, Number):
        return True
    text = str(value).strip().rstrip("%")
    try:
        float(text)
    except ValueError:
        return False
    return True


def render(
    headers: Sequence[str] | None,
    rows: Sequence[Sequence[Any]],
    *,
    align: Sequence[str] | None = None,
    limits: Sequence[int | None] | None = None,
    gap: str = "  ",
    indent: str = "",
) -> str:
    """Rows (and optional headers) as aligned lines, without trailing spaces.

    ``align`` per column: ``"<"`` or ``">"``; by default a column whose cells are
    all numbers (empty cells aside) is right-aligned, others left. ``limits``: the
    widest a column may grow (``None``: no limit); wider cells end in ``…``.
    """
    cells = [[str(cell) for cell in row] for row in rows]
    head = [str(h) for h in headers] if headers is not None else None
    count = max([len(head or [])] + [len(row) for row in cells], default=0)
    for row in cells:
        row.extend([""] * (count - len(row)))
    if align is None:
        align = [
            ">" if any(row[i] for row in cells) and all(numeric(row[i]) for row in cells if row[i]) else "<"
            for i in range(count)
        ]
    widths = []
    for i in range(count):
        natural = max([display_width(head[i]) if head and i < len(head) else 0] + [display_width(r[i]) for r in cells])
        limit = limits[i] if limits is not None and i < len(limits) else None
        widths.append(natural if limit is None else min(natural, limit))
    lines = []
    for row in ([head + [""] * (count - len(head))] if head is not None else []) + cells:
        line = gap.join(fit(cell, widths[i], align[i]) for i, cell in enumerate(row))
        lines.append((indent + line).rstrip())
    return "\n".join(lines)
