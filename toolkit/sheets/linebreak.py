"""Line breaking for card text by the Chinese rules (禁则).

- No line starts with closing punctuation (，。、；：？！」』）》… and friends) and
  none ends with opening punctuation (「『（《 …): a closing mark travels to the
  next line together with the character before it, an opening mark together
  with the character after it.
- Between two Chinese characters a line may break anywhere; ASCII runs
  (words, numbers, ``0-2``, ``+1``) and inline symbols glued to them
  (``3[credit]``, ``[click][click]``) stay whole; spaces are break points and
  vanish at the ends of lines.
- ``……`` and ``——`` are never split.
- With a :class:`Lexicon`, a number stays with its measure word and a value with
  its label where the line allows (``2 点``, ``距离 0-2``); in Latin text a short
  value (``-1.``, ``1-3``) stays with the word before it (``move speed -1.``).
- A run wider than the whole line is split where it must, still never putting
  a closing mark first.

The breaker is pure: it measures with a function it is given, so tests run it
on every bundled text without a PDF.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .fonts import LATIN_DOT, LATIN_QUOTES

CLOSING = frozenset(
    "，。、；：？！」』）》〉】〕〗〙〛］｝…‥・·～〜%％,.;:?!)]}”’》ー々〆ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
)
OPENING = frozenset("「『（《〈【〔〖〘〚［｛“‘([{")
INSEPARABLE = ("……", "——", "⋯⋯")
# the straight quote the English renderer puts around a name (for 1 "无英文名".) opens or closes by its place: one
# that starts an atom is glued to the atom before it, as a closing mark is (无英文名". keeps 名"); one that is an atom
# of its own (after a space, or between Chinese characters) is glued to the atom after it, as an opening mark is
# (1 "无 keeps "无): no line ends with an opening one nor starts with a closing one
QUOTE = '"'

AtomKind = Literal["text", "icon", "space"]


class Atom(NamedTuple):
    """The smallest piece the breaker moves: a character, an ASCII run, an icon or a space run.

    A named tuple: a card sheet makes tens of thousands of them, and a tuple is the cheapest
    immutable record Python has.
    """

    text: str
    kind: AtomKind = "text"
    bold: bool = False
    italic: bool = False
    sup: bool = False  # raised and smaller (a trace's strength)

    @property
    def markup(self) -> str:
        """The atom as written in card text (icons as ``[id]``)."""
        return f"[{self.text}]" if self.kind == "icon" else self.text


def is_cjk(ch: str) -> bool:
    """Characters between which a line may break: CJK ideographs, kana, full-width forms, CJK punctuation."""
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFE30 <= code <= 0xFE4F
        or 0xFF00 <= code <= 0xFFEF
        or 0x20000 <= code <= 0x3FFFF
        or ch in "…‥·—“”‘’"
    )


_CJK: dict[str, bool] = {}


def _is_cjk(ch: str) -> bool:
    """:func:`is_cjk`, remembered per character."""
    known = _CJK.get(ch)
    if known is None:
        known = _CJK[ch] = is_cjk(ch)
    return known


LATIN_LINE = {**LATIN_QUOTES, "\u00b7": LATIN_DOT}
_NEUTRAL = frozenset("…‥·—–") | frozenset(LATIN_LINE) | frozenset(LATIN_LINE.values())


def latin_quotes(text: str) -> str:
    """``text`` with each curly quote of Latin text as its proportional form (:data:`~toolkit.sheets.fonts.LATIN_QUOTES`):
    one whose nearest characters on either side (past spaces, other quotes, dashes and ellipses) are no Chinese
    ones (Aesop’s, “JK”, even inside Chinese text). A quote next to a Chinese character keeps its full-width form.
    The same length, character for character."""
    return _latin_forms(text, LATIN_QUOTES)


def latin_line(text: str) -> str:
    """:func:`latin_quotes` of a line drawn whole (a name, a type line, a label), its middle dots of Latin text too
    (:data:`LATIN_DOT`: ``Agent · Assault``; ``特工 · 突击`` keeps the full-width one). The same length, character for
    character. Text set in a box keeps its dots (the breaker treats "·" as Chinese punctuation)."""
    return _latin_forms(text, LATIN_LINE)


def _latin_forms(text: str, forms: dict[str, str]) -> str:
    """``text`` with each character of ``forms`` whose nearest telling characters are no Chinese ones replaced."""
    if not any(ch in text for ch in forms):
        return text
    chars = list(text)

    def wide(step: int, index: int) -> bool | None:
        """Whether the nearest telling character from ``index`` in direction ``step`` is Chinese (None: none)."""
        index += step
        while 0 <= index < len(chars):
            ch = chars[index]
            if not ch.isspace() and ch not in _NEUTRAL:
                return _is_cjk(ch)
            index += step
        return None

    for index, ch in enumerate(text):
        if ch in forms:
            before, after = wide(-1, index), wide(1, index)
            if not before and not after and (before, after) != (None, None):
                chars[index] = forms[ch]
    return "".join(chars)


_ICON = re.compile(r"\[([a-z0-9_]+)\]")
_SPACE = re.compile(r"\s+")
_PAIR_START = frozenset(p[0] for p in INSEPARABLE)
_SPECIAL = _PAIR_START | frozenset(ch for ch in map(chr, range(0x2E80, 0xA000)) if ch.isspace())  # U+3000


def atomize(text: str, bold_chars: int = 0, icons: Iterable[str] | None = None) -> list[Atom]:
    """Split ``text`` into atoms; the first ``bold_chars`` characters are bold.

    ``[id]`` becomes an icon atom when ``id`` is in ``icons`` (every ``[id]`` when
    ``icons`` is None); otherwise it stays text. Consecutive non-CJK characters
    (an ASCII run) form one atom; a run of white space is one space atom
    (``\\n`` when it holds a line end); ``……``, ``——`` and ``⋯⋯`` are one atom.
    """
    known = None if icons is None else icons if isinstance(icons, frozenset) else frozenset(icons)
    atoms: list[Atom] = []
    append = atoms.append
    new = tuple.__new__  # Atom(...) without the named tuple's keyword handling: the common case, made cheap
    cjk, special = _CJK, _SPECIAL
    buffer: list[str] = []
    buffer_bold = False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        is_cjk_char = cjk.get(ch)
        if is_cjk_char is None:
            is_cjk_char = _is_cjk(ch)
        if is_cjk_char and ch not in special:  # one Chinese character: one atom
            if buffer:
                append(Atom("".join(buffer), "text", buffer_bold))
                buffer.clear()
            append(new(Atom, (ch, "text", i < bold_chars, False, False)))
            i += 1
            continue
        bold = i < bold_chars
        piece = ch
        if ch == "[":
            match = _ICON.match(text, i)
            if match is not None:
                if known is None or match.group(1) in known:
                    if buffer:
                        append(Atom("".join(buffer), "text", buffer_bold))
                        buffer.clear()
                    append(Atom(match.group(1), "icon", bold))
                    i = match.end()
                    continue
                piece = match.group(0)  # an unknown [id] is text, glued like an ASCII run
        elif ch.isspace():
            if buffer:
                append(Atom("".join(buffer), "text", buffer_bold))
                buffer.clear()
            match = _SPACE.match(text, i)
            assert match is not None
            append(Atom("\n" if "\n" in match.group(0) else " ", "space", bold))
            i = match.end()
            continue
        elif ch in _PAIR_START and text.startswith(ch + ch, i):
            if buffer:
                append(Atom("".join(buffer), "text", buffer_bold))
                buffer.clear()
            append(Atom(ch + ch, "text", bold))
            i += 2
            continue
        if _is_cjk(ch):
            if buffer:
                append(Atom("".join(buffer), "text", buffer_bold))
                buffer.clear()
            append(Atom(ch, "text", bold))
        else:
            if buffer and buffer_bold != bold:
                append(Atom("".join(buffer), "text", buffer_bold))
                buffer.clear()
            if not buffer:
                buffer_bold = bold
            buffer.append(piece)
        i += len(piece)
    if buffer:
        append(Atom("".join(buffer), "text", buffer_bold))
    return atoms


class Lexicon:
    """Words a line should not break inside, and what a number stays with: the measure word after
    it (2 点, 0-2 内) and the word whose value it is before it (距离 0-2, 攻速 1, 移速 +1).

    Plain data for the breaker; the game's words come from
    :mod:`toolkit.sheets.vocabulary`. :meth:`spans` finds every occurrence of
    every word in a string (overlapping ones too) and every ``「…」`` name.
    """

    __slots__ = ("_lengths", "labels", "units", "words")

    def __init__(self, words: Iterable[str] = (), units: Iterable[str] = (), labels: Iterable[str] = ()) -> None:
        self.words = frozenset(w for w in words if len(w) >= 2)
        self.units = frozenset(units)
        self.labels = frozenset(labels)
        lengths: dict[str, set[int]] = {}
        for word in self.words:
            lengths.setdefault(word[0], set()).add(len(word))
        self._lengths = {ch: tuple(sorted(ns, reverse=True)) for ch, ns in lengths.items()}

    def extend(self, words: Iterable[str]) -> Lexicon:
        """This lexicon with more words (the names of a catalog)."""
        return Lexicon(self.words | frozenset(words), self.units, self.labels)

    def label_before(self, atoms: list[Atom], index: int) -> bool:
        """Whether the Chinese text that ends with ``atoms[index]`` ends with a label (距离, 攻速 …)."""
        text: list[str] = []
        longest = max(map(len, self.labels), default=0)
        while index >= 0 and len(text) < longest:
            atom = atoms[index]
            if atom.kind != "text" or not atom.text or not _is_cjk(atom.text[0]):
                break
            text.insert(0, atom.text)
            index -= 1
        joined = "".join(text)
        return any(joined.endswith(label) for label in self.labels)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """``(start, end)`` of every word in ``text`` and of every bracketed name (``「…」``, brackets included)."""
        found: list[tuple[int, int]] = []
        words, lengths = self.words, self._lengths
        size = len(text)
        for i, ch in enumerate(text):
            if ch == "「":
                end = text.find("」", i + 1)
                if end > 0:
                    found.append((i, end + 1))
            for n in lengths.get(ch, ()):
                if i + n <= size and text[i : i + n] in words:
                    found.append((i, i + n))
        return found


NO_WORDS = Lexicon()

# a short value of Latin text: a number, a signed one, a range (1-3), with the punctuation after it
_VALUE = re.compile(r"[+\-−–]?\d+(?:\.\d+)?(?:[-–]\d+)?%?[.,;:!?)]*\Z")
_VALUE_START = frozenset("0123456789+-−–")

# How bad a break is, best first: between words; between a number and its measure word (2 点) or
# the word it is the value of (距离 0-2); inside a word. On each line the breaker takes the last
# break of the best kind that fits.
BETWEEN, NUMBER_UNIT, INSIDE_WORD = 0, 1, 2
KIND_NAMES = ("between words", "between a number and its unit or label", "inside a word")


def break_kinds(atoms: list[Atom], lexicon: Lexicon) -> list[int]:
    """For each atom, how bad a break just before it is (:data:`BETWEEN` … :data:`INSIDE_WORD`).

    Words are found in the text atoms joined (a space, an icon or an ASCII run
    ends a word). A break at a space after a number and before a measure word,
    or after a label and before its number, or right between them, is a
    :data:`NUMBER_UNIT` break; so is the space between a Latin word and a short
    value after it (``speed -1.``, ``Range 1-3``: English has no label list, any
    word keeps the value). Index 0 is unused.
    """
    kinds = [BETWEEN] * len(atoms)
    cjk = _CJK
    if lexicon.words:
        # each atom as text to look words up in: its characters when it is Chinese, else one separator
        parts = [
            text if kind == "text" and (cjk.get(text[0]) or _is_cjk(text[0])) else "\x00"
            for text, kind, _bold, _italic, _sup in atoms
        ]
        joined = "".join(parts)
        if len(joined) == len(atoms):  # one character per atom (the usual case): offsets are indices
            owner: list[int] | range = range(len(atoms))
        else:  # character of the joined text -> its atom (-1: inside an atom, where no line breaks)
            owner = []
            for index, part in enumerate(parts):
                owner.append(index)
                if len(part) > 1:
                    owner.extend([-1] * (len(part) - 1))
        for start, end in lexicon.spans(joined):
            for at in range(start + 1, end):
                index = owner[at]
                if index > 0:
                    kinds[index] = INSIDE_WORD
    if lexicon.labels:
        for index in range(1, len(atoms)):
            text, kind = atoms[index][0], atoms[index][1]
            if kind != "text" or not (text[0].isdigit() or (text[0] in "+-" and text[1:2].isdigit())):
                continue
            at, last = index, index - 1  # the break: at the space after the label, or right after it
            if atoms[last][1] == "space" and atoms[last][0] != "\n":
                at, last = last, last - 1
            if last >= 0 and kinds[at] < NUMBER_UNIT and lexicon.label_before(atoms, last):
                kinds[at] = NUMBER_UNIT
    # Latin text (an English face): a short value stays with the word before it (move speed -1., Range 1-3)
    for index in range(2, len(atoms)):
        text, kind = atoms[index][0], atoms[index][1]
        if kind != "text" or text[:1] not in _VALUE_START or _VALUE.match(text) is None:
            continue
        space, word = atoms[index - 1], atoms[index - 2]
        if space[1] != "space" or space[0] == "\n" or word[1] != "text" or kinds[index - 1] >= NUMBER_UNIT:
            continue
        tail = word[0][-1:]
        if tail.isalpha() and not _is_cjk(tail):
            kinds[index - 1] = NUMBER_UNIT
    units = lexicon.units
    if units:
        for index in range(1, len(atoms)):
            text, kind = atoms[index][0], atoms[index][1]
            if (text if kind == "icon" else text[:1] if kind == "text" else "") not in units:
                continue
            at, before = index, atoms[index - 1]  # the break: at the space before the unit, or right before it
            if before[1] == "space" and before[0] != "\n" and index > 1:
                at, before = index - 1, atoms[index - 2]
            if before[1] == "text" and before[0][-1:].isdigit() and kinds[at] < NUMBER_UNIT:
                kinds[at] = NUMBER_UNIT
    return kinds


def _first(atom: Atom) -> str:
    return atom.text[0] if atom.kind == "text" and atom.text else ""


def _last(atom: Atom) -> str:
    return atom.text[-1] if atom.kind == "text" and atom.text else ""


def _opens(atom: Atom) -> bool:
    """A straight quote that is an atom of its own: it opens what follows it (see :data:`QUOTE`)."""
    return atom.kind == "text" and atom.text == QUOTE


def _glued(left: Atom, right: Atom) -> bool:
    """True when no line may break between two neighbouring non-space atoms."""
    first = _first(right)
    if first in CLOSING or _last(left) in OPENING or right.sup or first == QUOTE or _opens(left):
        return True  # a raised figure stays with what it raises (追踪³)
    left_cjk = left.kind == "text" and is_cjk(_last(left))
    right_cjk = right.kind == "text" and is_cjk(_first(right))
    return not left_cjk and not right_cjk  # ASCII runs and icons glued to them stay together


def segments(atoms: list[Atom]) -> list[list[Atom]]:
    """Group atoms into unbreakable segments; a space atom is a segment of its own; ``\\n`` forces a break."""
    result: list[list[Atom]] = []
    for atom in atoms:
        if atom.kind == "space":
            result.append([atom])
            continue
        previous = result[-1] if result else None
        if previous and previous[-1].kind != "space" and _glued(previous[-1], atom):
            previous.append(atom)
        else:
            result.append([atom])
    return result


Measure = Callable[[Atom], float]
EPSILON = 1e-6


def _split_oversized(segment: list[Atom], width: float, measure: Measure) -> list[list[Atom]]:
    """Split a segment wider than a line: at atom boundaries, then inside ASCII runs; never before a closing mark."""
    pieces: list[list[Atom]] = []
    current: list[Atom] = []
    used = 0.0
    flat: list[Atom] = []
    for atom in segment:
        if atom.kind == "text" and len(atom.text) > 1 and measure(atom) > width and atom.text not in INSEPARABLE:
            flat.extend(atom._replace(text=ch) for ch in atom.text)
        else:
            flat.append(atom)
    for atom in flat:
        w = measure(atom)
        first = _first(atom)
        can_break_here = (
            bool(current)
            and first not in CLOSING
            and first != QUOTE
            and _last(current[-1]) not in OPENING
            and not _opens(current[-1])
        )
        if current and used + w > width + EPSILON and can_break_here:
            pieces.append(current)
            current, used = [], 0.0
        current.append(atom)
        used += w
    if current:
        pieces.append(current)
    return pieces


@dataclass(slots=True)
class Run:
    """Text between two hard line breaks, cut into boxes that are never split (unless wider than a line)."""

    boxes: list[list[Atom]]
    widths: list[float]  # of each box
    glue: list[list[Atom]]  # the spaces before each box (they vanish at a break)
    glue_widths: list[float]
    kinds: list[int]  # how bad a break before each box is
    ink: float  # the boxes' widths added up: no line breaking can need fewer lines than ink / width


@dataclass(slots=True)
class Prepared:
    """A paragraph measured and cut once, ready to be broken at any width (any font size).

    Widths are in the unit of the measure (the text box measures at 1 pt, so
    they are ems); :func:`break_prepared` is then all that runs per size tried.
    """

    runs: list[Run | None]  # None: an empty line (two hard breaks in a row)
    measure: Measure

    def min_lines(self, width: float) -> int:
        """A lower bound of the lines at ``width``: ink over width, per run."""
        count = 0
        for run in self.runs:
            if run is None or width <= 0:
                count += 1
            else:
                count += max(1, math.ceil(run.ink / width - EPSILON))
        return count


def prepare(atoms: list[Atom], measure: Measure, lexicon: Lexicon = NO_WORDS) -> Prepared:
    """Cut ``atoms`` into runs of boxes with their widths and the kind of break before each box.

    The boxes are :func:`segments` (one pass here, with the same rules), except
    that a space before a closing mark or after an opening one stays inside its
    box (no line starts with ``·`` after ``攻速 1 ·``). Spaces at the start and
    the end of a line vanish; ``\\n`` is a hard break (two in a
    row leave an empty line; one at the very end adds nothing).
    """
    kinds = break_kinds(atoms, lexicon) if (lexicon.words or lexicon.units or lexicon.labels) else None
    runs: list[Run | None] = []
    boxes: list[list[Atom]] = []
    widths: list[float] = []
    glue: list[list[Atom]] = []
    glue_widths: list[float] = []
    box_kinds: list[int] = []
    pending: list[Atom] = []
    pending_width = 0.0
    pending_kind = BETWEEN
    box: list[Atom] | None = None  # the open box: the last atom was not a space
    last = ""  # last character of the open box's last atom ("" for an icon)
    last_cjk = False
    quoted = False  # the open box's last atom is a straight quote of its own: it opens the next (QUOTE)
    cjk = _CJK
    closing, opening = CLOSING, OPENING
    known: dict[Atom, float] = getattr(measure, "known", None) or {}  # a measure may share what it measured
    for index, atom in enumerate(atoms):
        text, kind, _bold, _italic, sup = atom
        if kind == "space":
            box = None
            if text == "\n":
                runs.append(Run(boxes, widths, glue, glue_widths, box_kinds, sum(widths)) if boxes else None)
                boxes, widths, glue, glue_widths, box_kinds = [], [], [], [], []
                pending, pending_width = [], 0.0
            elif boxes:
                if not pending:
                    pending_kind = kinds[index] if kinds is not None else BETWEEN
                pending.append(atom)
                pending_width += measure(atom)
            continue
        if kind == "text" and text:
            first, end = text[0], text[-1]
            known_cjk = cjk.get(first)
            first_cjk = _is_cjk(first) if known_cjk is None else known_cjk
            if len(text) == 1:
                end_cjk = first_cjk
            else:
                known_cjk = cjk.get(end)
                end_cjk = _is_cjk(end) if known_cjk is None else known_cjk
        else:
            first = end = ""
            first_cjk = end_cjk = False
        width = known.get(atom)
        if width is None:
            width = measure(atom)
        if box is not None and (
            first in closing or last in opening or sup or (not last_cjk and not first_cjk) or first == QUOTE or quoted
        ):
            box.append(atom)  # glued to the box before (see _glued)
            widths[-1] += width
        elif box is None and pending and (first in closing or last in opening):
            box = boxes[-1]  # a space before a closing mark (or after an opening one) is no place to break
            box.extend(pending)
            box.append(atom)
            widths[-1] += pending_width + width
            pending, pending_width = [], 0.0
        else:
            box = [atom]
            boxes.append(box)
            widths.append(width)
            glue.append(pending)
            glue_widths.append(pending_width)
            if pending:
                box_kinds.append(pending_kind)
            else:
                box_kinds.append(kinds[index] if kinds is not None and len(boxes) > 1 else BETWEEN)
            pending, pending_width = [], 0.0
        last, last_cjk = end, end_cjk
        quoted = text == QUOTE and kind == "text"
    if boxes or not runs:
        runs.append(Run(boxes, widths, glue, glue_widths, box_kinds, sum(widths)) if boxes else None)
    return Prepared(runs, measure)


def _fill(run: Run, width: float, measure: Measure, out: list[tuple[list[Atom], float]]) -> None:
    """Break one run into lines no wider than ``width`` where the rules allow; append (atoms, width) to ``out``."""
    boxes, widths, glue, glue_widths, kinds = run.boxes, run.widths, run.glue, run.glue_widths, run.kinds
    count = len(boxes)
    start = 0
    limit = width + EPSILON
    while start < count:
        head = boxes[start]
        used = widths[start]
        if used > limit:
            pieces = _split_oversized(head, width, measure)
            for piece in pieces[:-1]:
                out.append((piece, sum(measure(a) for a in piece)))
            head = pieces[-1]
            used = sum(measure(a) for a in head)
        best: list[tuple[int, float] | None] = [None, None, None]  # per kind: the last break that fits
        j = start + 1
        while j < count:
            wider = used + glue_widths[j] + widths[j]
            if wider > limit:
                break
            best[kinds[j]] = (j, used)
            used = wider
            j += 1
        if j == count:
            end, line_width = count, used
        else:
            best[kinds[j]] = (j, used)
            end, line_width = next(choice for choice in best if choice is not None)
        line = list(head)
        for k in range(start + 1, end):
            if glue[k]:
                line.extend(glue[k])
            line.extend(boxes[k])
        out.append((line, line_width))
        start = end


def break_prepared(prepared: Prepared, width: float) -> list[tuple[list[Atom], float]]:
    """Lines of a prepared paragraph at ``width``, each with its width.

    Greedy, and deterministic: each line takes as much as fits, then ends at
    the last break of the best kind on it (between words rather than between a
    number and its unit, and that rather than inside a word). A line is wider
    than ``width`` only when a closing mark and the character before it cannot
    fit, which the caller sees by measuring (and answers by shrinking the text).
    """
    lines: list[tuple[list[Atom], float]] = []
    for run in prepared.runs:
        if run is None:
            lines.append(([], 0.0))
        else:
            _fill(run, width, prepared.measure, lines)
    return lines


def break_atoms(atoms: list[Atom], width: float, measure: Measure, lexicon: Lexicon = NO_WORDS) -> list[list[Atom]]:
    """Greedy line breaking of ``atoms`` into lines no wider than ``width`` where the rules allow.

    Spaces at the start and end of a line are dropped. With a ``lexicon``, lines
    break between its words where they can (see :func:`break_prepared`).
    """
    return [line for line, _ in break_prepared(prepare(atoms, measure, lexicon), width)]


def line_markup(line: list[Atom]) -> str:
    """A broken line written back as card text."""
    return "".join(atom.markup for atom in line)


def break_text(
    text: str,
    width: float,
    measure_text: Callable[[str], float],
    icon_width: float = 0.0,
    lexicon: Lexicon = NO_WORDS,
) -> list[str]:
    """Convenience for tests and tools: break plain ``text``; icons measure ``icon_width``."""

    def measure(atom: Atom) -> float:
        if atom.kind == "icon":
            return icon_width
        return measure_text(atom.text)

    return [line_markup(line) for line in break_atoms(atomize(text), width, measure, lexicon)]


def violations(lines: list[str]) -> list[str]:
    """Lines that break the rules: starting with a closing mark or ending with an opening one (a straight quote
    closes where a space, the end or a closing mark follows it, and opens where a space or the start is before it)."""
    bad = []
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        closes = stripped[0] == QUOTE and (len(stripped) == 1 or stripped[1].isspace() or stripped[1] in CLOSING)
        opens = stripped[-1] == QUOTE and (len(stripped) == 1 or stripped[-2].isspace() or stripped[-2] in OPENING)
        if stripped[0] in CLOSING or stripped[-1] in OPENING or closes or opens:
            bad.append(line)
    return bad
