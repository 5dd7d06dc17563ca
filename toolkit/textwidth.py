"""Display width of text in a terminal: the one helper every aligned column uses.

East Asian wide and full-width characters (Chinese, full-width punctuation) take
two columns, combining marks none, everything else one. Standard library only
(:func:`unicodedata.east_asian_width`, :func:`unicodedata.combining`), and it
imports nothing of ours but :mod:`toolkit.i18n` (standard library only, and only
when a cell is elided), so every layer (``text``, ``search``, ``cli``) may use it.
The plain-text table renderer lives here too, for the same reason;
:mod:`toolkit.cli.tables` is the name the CLI imports it by.

No cell makes a table grow past its own size: a cell wider than :data:`CELL_COLUMNS`
wraps onto at most :data:`CELL_LINES` lines and the rest is elided with a count
(``… and 49,990 more characters``), so one cell of 50,000 seats cannot pad every
other row to its width (a table of 100,000 rows once grew to 24 GB that way).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from numbers import Number
from typing import Any

ELLIPSIS = "…"
CELL_COLUMNS = 120
"""The widest a column grows when it has no limit of its own; a wider cell wraps."""
CELL_LINES = 4
"""The most lines a wrapped cell takes; what does not fit on them is elided with a count."""


def char_width(char: str) -> int:
    """Columns one character takes: 2 wide/full-width, 0 combining or zero-width, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal columns taken by ``text``."""
    if text.isascii():  # one column a character (control characters included, as char_width counts them)
        return len(text)
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


def capped_width(text: str, cap: int) -> int:
    """``display_width(text)``, or ``cap + 1`` when it is wider than ``cap``, reading no more of ``text`` than
    that takes (a cell of a megabyte costs as little as a short one)."""
    if 2 * len(text) <= cap:
        return display_width(text)
    if text.isascii():
        return min(len(text), cap + 1)
    used = 0
    for char in text:
        used += char_width(char)
        if used > cap:
            return cap + 1
    return used


def more_characters(n: int) -> str:
    """The end of an elided cell: ``… and 1,234 more characters``, in the current language."""
    from toolkit.i18n import trn

    return trn("… and {n} more character", "… and {n} more characters", n, n=format(n, ","))


def _take(text: str, start: int, columns: int) -> int:
    """The index after the longest run of ``text`` from ``start`` that fits in ``columns``."""
    used, end = 0, start
    while end < len(text):
        w = char_width(text[end])
        if used + w > columns:
            break
        used += w
        end += 1
    return end


def wrap(text: str, columns: int, lines: int = CELL_LINES, more: Callable[[int], str] | None = None) -> list[str]:
    """``text`` on at most ``lines`` lines of at most ``columns`` display columns each.

    Lines break after a space where one is near the end, else anywhere (Chinese has no spaces); a line holds
    at least one character (a wide one in a 1-column cell overflows it by one column). When the
    text does not fit, the last line ends in ``more(n)``, ``n`` the characters left out (default
    :func:`more_characters`; ``…`` alone when that does not fit the column). Only the part shown is read.
    """
    columns = max(1, columns)
    out: list[str] = []
    start = 0
    while start < len(text) and len(out) < lines:
        last = len(out) == lines - 1
        end = max(_take(text, start, columns), start + 1)  # a wide character in a 1-column cell takes its 2
        if end >= len(text):
            out.append(text[start:])
            return out
        if last:
            hidden = len(text) - start  # at most this many are left out: the widest the count can be
            tail = (more or more_characters)(hidden)
            room = columns - display_width(tail)
            if room < max(1, columns // 3):
                tail, room = ELLIPSIS, columns - display_width(ELLIPSIS)
            end = _take(text, start, max(0, room))
            shown = text[start:end].rstrip()
            if tail != ELLIPSIS:
                tail = (more or more_characters)(len(text) - start - len(shown))
            out.append(shown + tail)
            return out
        space = text.rfind(" ", start, end + 1)  # break after the last space that fits (or just past it)
        if space > start + columns // 3:
            end = space + 1
        out.append(text[start:end].rstrip())
        start = end
        while start < len(text) and text[start] == " ":
            start += 1
    return out or [""]


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


SAMPLE_ROWS = 200
"""The rows :func:`render_lines` reads before it prints: the column widths and alignments come from them
(and the headers), so that a table of any length streams with at most this many rows in memory."""


def render(
    headers: Sequence[str] | None,
    rows: Sequence[Sequence[Any]],
    *,
    align: Sequence[str] | None = None,
    limits: Sequence[int | None] | None = None,
    gap: str = "  ",
    indent: str = "",
    columns: int = CELL_COLUMNS,
    lines: int = CELL_LINES,
    more: Callable[[int], str] | None = None,
) -> str:
    """Rows (and optional headers) as aligned lines, without trailing spaces.

    ``align`` per column: ``"<"`` or ``">"``; by default a column whose cells are
    all numbers (empty cells aside) is right-aligned, others left. ``limits``: the
    widest a column may grow; wider cells are cut to one line ending in ``…``. A
    column without a limit grows to at most ``columns``; a wider cell wraps onto
    at most ``lines`` lines (the row's other cells stay on its first line) and
    what does not fit ends in ``more(n)`` (:func:`wrap`). The output, and the
    memory it takes, is bounded by ``columns`` and ``lines`` per cell whatever the
    cells hold. Every row is measured (:func:`render_lines` streams a table of any length).
    """
    return "\n".join(
        render_lines(
            headers, rows, align=align, limits=limits, gap=gap, indent=indent, columns=columns, lines=lines,
            more=more, sample=max(1, len(rows)),
        )
    )  # fmt: skip


def render_lines(
    headers: Sequence[str] | None,
    rows: Iterable[Sequence[Any]],
    *,
    align: Sequence[str] | None = None,
    limits: Sequence[int | None] | None = None,
    gap: str = "  ",
    indent: str = "",
    columns: int = CELL_COLUMNS,
    lines: int = CELL_LINES,
    more: Callable[[int], str] | None = None,
    sample: int = SAMPLE_ROWS,
) -> Iterator[str]:
    """:func:`render`'s lines one by one, reading ``rows`` as it goes: a table of any length streams.

    The widths and the default alignment come from the headers and the first ``sample`` rows, which are
    all the rows this holds at once; a table of at most ``sample`` rows is exactly :func:`render`'s. A
    later cell wider than its column is printed whole and pushes the rest of its row to the right (an id
    stays whole, as it is typed back; a name is not cut short of the column's limit), up to the column's
    limit (or ``columns``), past which it is cut or wraps as :func:`render` does it.
    """
    source = iter(rows)
    first = [[str(cell) for cell in row] for row in islice(source, max(1, sample))]
    head = [str(h) for h in headers] if headers is not None else None
    count = max([len(head or [])] + [len(row) for row in first], default=0)
    for row in first:
        row.extend([""] * (count - len(row)))
    if align is None:
        align = [
            ">" if any(row[i] for row in first) and all(numeric(row[i]) for row in first if row[i]) else "<"
            for i in range(count)
        ]
    widths = []
    caps = []  # per column: the widest a cell may be before it wraps (or is cut)
    clipped = []  # per column: cut to one line (a limit of its own) rather than wrapped
    for i in range(count):
        limit = limits[i] if limits is not None and i < len(limits) else None
        cap = max(1, columns) if limit is None else limit
        natural = max(
            [capped_width(head[i], cap) if head and i < len(head) else 0] + [capped_width(r[i], cap) for r in first]
        )
        widths.append(min(natural, cap))
        caps.append(cap)
        clipped.append(limit is not None)
    layout = _Layout(widths, caps, clipped, align, gap, indent, lines, more)
    if head is not None:
        yield from layout.row(head + [""] * (count - len(head)))
    for row in first:
        yield from layout.row(row)
    del first
    for raw in source:
        row = [str(cell) for cell in raw[:count]]  # (the columns are the sample's: a table's rows have the same)
        row.extend([""] * (count - len(row)))
        yield from layout.row(row, streamed=True)


class _Layout:
    """The column widths and alignments of one table, and its rows as lines."""

    def __init__(
        self,
        widths: list[int],
        caps: list[int],
        clipped: list[bool],
        align: Sequence[str],
        gap: str,
        indent: str,
        lines: int,
        more: Callable[[int], str] | None,
    ) -> None:
        self.widths, self.caps, self.clipped, self.align = widths, caps, clipped, align
        self.gap, self.indent, self.lines, self.more = gap, indent, lines, more

    def row(self, row: list[str], streamed: bool = False) -> Iterator[str]:
        """The lines of one row; ``streamed``: a row after the sample, whose cells may be wider than their
        column (such a cell is then printed whole, up to the column's limit or cap)."""
        widths, align, clipped = self.widths, self.align, self.clipped
        if streamed:
            widths = [
                w if len(cell) <= w // 2 else max(w, min(capped_width(cell, self.caps[i]), self.caps[i]))
                for i, (w, cell) in enumerate(zip(widths, row, strict=True))
            ]
        if all(clipped[i] or len(cell) <= widths[i] // 2 or capped_width(cell, widths[i]) <= widths[i]
               for i, cell in enumerate(row)):  # fmt: skip
            line = self.gap.join(fit(cell, widths[i], align[i]) for i, cell in enumerate(row))
            yield (self.indent + line).rstrip()
            return
        parts = [[fit(cell, widths[i], align[i])] if clipped[i] else wrap(cell, widths[i], self.lines, self.more)
                 for i, cell in enumerate(row)]  # fmt: skip
        for k in range(max(len(p) for p in parts)):
            line = self.gap.join(pad(p[k], widths[i], align[i]) if k < len(p) else " " * widths[i]
                                 for i, p in enumerate(parts))  # fmt: skip
            yield (self.indent + line).rstrip()
