"""Where a line of a game's full-screen terminal view may end: the one line breaker of the tactics and the Netrunner
screens (:mod:`toolkit.engine.tactics.screen`, :mod:`toolkit.engine.netrunner.screen`). Rich breaks text only at
spaces, which cuts Chinese anywhere, leaves a log line's number alone on its line and cuts a name from its number
(``情报档案#`` and ``10``); :func:`fold` breaks a line of Chinese or English text to a width in terminal cells:

- at a space or between two Chinese characters, after a Chinese mark (``，``, ``：``) or before an opening one;
- never inside a name and its number (``情报档案#10``, ``Medpack#25``) nor between Chinese and the number right
  after it (``玩家1``), never before a closing mark (``，``, ``）``) nor after an opening one (``（``);
- only when it must (:data:`MUST`) between Chinese and a number across a space (``远程服务器 1``), inside an English
  name (``Dormant Account``, ``Spark of Insight``), before a number (``remote server 1``), between two Chinese
  characters, between a log line's number and its text;
- a log line's continuation lines indented under its text, past its number (``  12 潜袭者 访问…``).

A word wider than the line is cut where it must (when a cut a little earlier helps it, not inside a number nor before
a #number, a closing mark). Game-specific knowledge comes in as arguments (the indent of a screen's lines). The
printed sheets have a breaker of their own, measured with a font's widths: :mod:`toolkit.sheets.linebreak`.
"""

from __future__ import annotations

import re
from typing import Any

OPEN = "（「『“‘《【〈〔([{"  # no line ends with one of these
CLOSE = "，。、：；！？）」』”’》】〉〕…,.;:!?)]}%"  # no line starts with one of these
PAUSE = "，。、：；！？）」』”’》】〉〕…"  # Chinese marks a line may end after (no space follows them)
WORD_END = ",;:()"  # an English word ending with one of these ends a phrase: a line may end after it
JOINS = frozenset({"of", "the", "and", "a", "an", "to", "in", "on", "for", "with", "at", "by", "from"})  # (of Insight)
NAME_LENGTH = 12  # the characters of a name kept with its #number (the last ones of a longer name)
NUMBERED = re.compile(rf"[^\s{re.escape(OPEN + CLOSE)}]{{1,{NAME_LENGTH}}}#\d+")  # a name and its number
LOG_NUMBER = re.compile(r"^ *\d+ ")  # a log line's number (``  12 ``)

NEVER, MUST, MAY = 0, 1, 2  # a line never ends there, only when it must (a piece too wide otherwise), may

_CELLS: dict[str, int] = {}  # the cells of each character met


def _cells(text: str) -> list[int]:
    """The cells each character of ``text`` takes on a terminal (rich's measure, remembered per character)."""
    from rich.cells import cell_len

    if text.isascii() and text.isprintable():
        return [1] * len(text)
    out = []
    for ch in text:
        n = _CELLS.get(ch)
        if n is None:
            n = _CELLS[ch] = cell_len(ch)
        out.append(n)
    return out


def _titled(word: str) -> bool:
    """Whether ``word`` begins with a capital: a word of an English name."""
    return word.lstrip(OPEN + '"' + "'")[:1].isupper()


def levels(text: str, cells: list[int] | None = None) -> list[int]:
    """Where a line of ``text`` (one paragraph) may end, before each ``text[i]`` (and the spaces before it), and at
    its end: :data:`MAY`, :data:`MUST` (only when a piece is otherwise too wide for a line) or :data:`NEVER` (the
    rules in the module's docstring). ``cells``: the cells of each character, when already measured."""
    cells = _cells(text) if cells is None else cells
    n = len(text)
    out = [NEVER] * (n + 1)
    out[n] = MAY
    words = [(m.start(), m.end()) for m in re.finditer(r"[^ ]+", text)]  # (as split(" ") sees them)

    def word(k: int, joined: int) -> str:
        """Word ``k``, if it is one space from word ``joined`` ("" if none: as ``str.split(" ")`` gives it)."""
        if not 0 <= k < len(words):
            return ""
        a, b = sorted((k, joined))
        return text[words[k][0] : words[k][1]] if words[b][0] - words[a][1] == 1 else ""

    for k in range(1, len(words)):  # at the spaces before each word (the first's are the line's own indent)
        i, (start, end) = words[k][0], words[k - 1]
        here, last_word = text[i], text[start:end]
        wide_ahead = cells[end - 1] > 1
        glued = wide_ahead != (cells[i] > 1) or (
            not wide_ahead
            and not last_word.endswith(tuple(WORD_END))
            and (here.isdigit() or (_titled(last_word) and here.isupper())
                 or (_titled(last_word) and text[i : words[k][1]] in JOINS and _titled(word(k + 1, k)))
                 or (last_word in JOINS and here.isupper() and _titled(word(k - 2, k - 1))))
        )  # fmt: skip
        out[i] = MUST if glued else MAY
    if text.isascii():  # (no Chinese, no Chinese mark: a line ends at a space only)
        return out
    named: set[int] = set()  # the places inside a name and its number
    for match in NUMBERED.finditer(text):
        named.update(range(match.start() + 1, match.end()))
    for i in range(1, n):  # between two characters
        before, here = text[i - 1], text[i]
        if here == " " or before == " " or i in named or here in CLOSE or before in OPEN:
            continue
        wide_before, wide_here = cells[i - 1] > 1, cells[i] > 1
        if here.isdigit() and wide_before and before not in CLOSE:  # Chinese and its number (玩家1, not 数量：1)
            continue
        if (before in PAUSE and (wide_here or before != "：")) or (here in OPEN and (wide_here or wide_before)):
            out[i] = MAY
        elif wide_before or wide_here:
            out[i] = MUST
    return out


def _torn(text: str, i: int) -> bool:
    """Whether a line ending before ``text[i]`` would cut a name's #number off or a number in two (``情报档案|#10``,
    ``#|10``, ``1|0``), start the next line with a closing mark or end this one with an opening one."""
    before, here = text[i - 1], text[i]
    return here in CLOSE or before in OPEN or "#" in (before, here) or (before.isdigit() and here.isdigit())


def fold(text: str, width: int, indent: int | None = None) -> list[str]:
    """``text`` in lines of ``width`` cells at most, broken where a line may end (:func:`levels`), the lines after
    the first of each paragraph indented by ``indent`` cells (None: a log line's under its text past its number,
    any other under its own indent and 2 more; none when ``indent`` is more than half the width). Where a line may
    end only when it must ends it when the line would be less than a third full otherwise; a piece wider than a line
    is cut where it must (when a cut a little earlier avoids it, not inside a number, before a #number or a closing
    mark, nor after an opening one). Empty text is one empty line; a width under one is one."""
    width = max(1, width)
    if indent is None:
        numbered = LOG_NUMBER.match(text)
        indent = len(numbered.group(0)) if numbered else len(text) - len(text.lstrip(" ")) + 2
    pad = indent if indent <= width // 2 else 0
    lines: list[str] = []
    for paragraph in text.split("\n"):
        cells = _cells(paragraph)
        may, start, room, end_of = levels(paragraph, cells), 0, width, len(paragraph)
        while True:
            best, filled = {MUST: 0, MAY: 0}, {MUST: 0, MAY: 0}  # the last place of each level that fits, its cells
            cut = used = solid = 0  # cut: the most characters that fit; used, solid: the cells with, without spaces
            for i in range(start + 1, end_of + 1):
                used += cells[i - 1]
                if paragraph[i - 1] != " ":
                    solid = used
                if solid > room:
                    break
                cut = i
                if may[i]:
                    best[may[i]], filled[may[i]] = i, solid
            if best[MAY] and (3 * filled[MAY] >= room or best[MUST] < best[MAY]):
                end = best[MAY]
            elif best[MUST] or best[MAY]:  # (a line left less than a third full where it may end: ended later)
                end = best[MUST] or best[MAY]
            else:  # nowhere: where it must (:func:`_torn` if a cut a little earlier can help it)
                end = max(cut, start + 1)
                end = next((b for b in range(end, start, -1) if b >= end_of or not _torn(paragraph, b)), end)
            lines.append(" " * (width - room) + paragraph[start:end].rstrip(" "))
            start, room = end, width - pad
            while start < end_of and paragraph[start] == " ":
                start += 1
            if start >= end_of:
                break
    return lines


def wrap(text: str, width: int, indent: int | None = None) -> str:
    """``text`` broken as :func:`fold` breaks it, as one string (for :class:`~toolkit.engine.keys.Menu`)."""
    return "\n".join(fold(text, width, indent))


def folded(text: str, width: int, indent: int | None = None, style: str = "") -> Any:
    """:func:`fold`'s lines as one rich Text in ``style`` (a screen's text goes into rich as Text, never markup)."""
    from rich.text import Text

    return Text("\n".join(fold(text, width, indent)), style=style)
