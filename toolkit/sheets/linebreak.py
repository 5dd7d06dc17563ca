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
- A run wider than the whole line is split where it must, still never putting
  a closing mark first.

The breaker is pure: it measures with a function it is given, so tests run it
on every bundled text without a PDF.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Literal

CLOSING = frozenset(
    "，。、；：？！」』）》〉】〕〗〙〛］｝…‥・·～〜%％,.;:?!)]}”’》ー々〆ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
)
OPENING = frozenset("「『（《〈【〔〖〘〚［｛“‘([{")
INSEPARABLE = ("……", "——", "⋯⋯")

AtomKind = Literal["text", "icon", "space"]


@dataclass(frozen=True, slots=True)
class Atom:
    """The smallest piece the breaker moves: a character, an ASCII run, an icon or a space run."""

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


_TOKEN = re.compile(r"(\[[a-z0-9_]+\])|(\s+)|(……|——|⋯⋯)|(.)", re.S)


def atomize(text: str, bold_chars: int = 0, icons: Iterable[str] | None = None) -> list[Atom]:
    """Split ``text`` into atoms; the first ``bold_chars`` characters are bold.

    ``[id]`` becomes an icon atom when ``id`` is in ``icons`` (every ``[id]`` when
    ``icons`` is None); otherwise it stays text. Consecutive non-CJK characters
    (an ASCII run) form one atom.
    """
    known = None if icons is None else frozenset(icons)
    atoms: list[Atom] = []
    buffer: list[str] = []
    buffer_bold = False

    def flush() -> None:
        if buffer:
            atoms.append(Atom("".join(buffer), "text", buffer_bold))
            buffer.clear()

    for match in _TOKEN.finditer(text):
        start = match.start()
        bold = start < bold_chars
        icon, space, pair, char = match.groups()
        if icon is not None and (known is None or icon[1:-1] in known):
            flush()
            atoms.append(Atom(icon[1:-1], "icon", bold))
        elif space is not None:
            flush()
            if "\n" in space:
                atoms.append(Atom("\n", "space", bold))
            else:
                atoms.append(Atom(" ", "space", bold))
        elif pair is not None:
            flush()
            atoms.append(Atom(pair, "text", bold))
        else:
            piece = icon if icon is not None else char
            glue = not is_cjk(piece[0])
            if glue and buffer and buffer_bold == bold:
                buffer.append(piece)
                continue
            flush()
            if glue:
                buffer.append(piece)
                buffer_bold = bold
            else:
                atoms.append(Atom(piece, "text", bold))
    flush()
    return atoms


def _first(atom: Atom) -> str:
    return atom.text[0] if atom.kind == "text" and atom.text else ""


def _last(atom: Atom) -> str:
    return atom.text[-1] if atom.kind == "text" and atom.text else ""


def _glued(left: Atom, right: Atom) -> bool:
    """True when no line may break between two neighbouring non-space atoms."""
    if _first(right) in CLOSING or _last(left) in OPENING or right.sup:
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


def _split_oversized(segment: list[Atom], width: float, measure: Measure) -> list[list[Atom]]:
    """Split a segment wider than a line: at atom boundaries, then inside ASCII runs; never before a closing mark."""
    pieces: list[list[Atom]] = []
    current: list[Atom] = []
    used = 0.0
    flat: list[Atom] = []
    for atom in segment:
        if atom.kind == "text" and len(atom.text) > 1 and measure(atom) > width and atom.text not in INSEPARABLE:
            flat.extend(replace(atom, text=ch) for ch in atom.text)
        else:
            flat.append(atom)
    for atom in flat:
        w = measure(atom)
        can_break_here = bool(current) and _first(atom) not in CLOSING and _last(current[-1]) not in OPENING
        if current and used + w > width + 1e-6 and can_break_here:
            pieces.append(current)
            current, used = [], 0.0
        current.append(atom)
        used += w
    if current:
        pieces.append(current)
    return pieces


def break_atoms(atoms: list[Atom], width: float, measure: Measure) -> list[list[Atom]]:
    """Greedy line breaking of ``atoms`` into lines no wider than ``width`` where the rules allow.

    Spaces at the start and end of a line are dropped. A line is wider than
    ``width`` only when a single closing mark and its neighbour cannot fit, which
    the caller sees by measuring (and answers by shrinking the text).
    """
    lines: list[list[Atom]] = []
    line: list[Atom] = []
    used = 0.0
    pending_space: list[Atom] = []
    pending_width = 0.0

    def end_line() -> None:
        nonlocal line, used, pending_space, pending_width
        lines.append(line)
        line, used = [], 0.0
        pending_space, pending_width = [], 0.0

    for segment in segments(atoms):
        if segment[0].kind == "space":
            if segment[0].text == "\n":
                end_line()
            elif line:
                pending_space.append(segment[0])
                pending_width += measure(segment[0])
            continue
        seg_width = sum(measure(a) for a in segment)
        if line and used + pending_width + seg_width > width + 1e-6:
            end_line()
        if not line and seg_width > width + 1e-6:
            pieces = _split_oversized(segment, width, measure)
            for piece in pieces[:-1]:
                lines.append(piece)
            line = list(pieces[-1])
            used = sum(measure(a) for a in line)
            continue
        line.extend(pending_space)
        used += pending_width
        pending_space, pending_width = [], 0.0
        line.extend(segment)
        used += seg_width
    if line or not lines:
        lines.append(line)
    return lines


def line_markup(line: list[Atom]) -> str:
    """A broken line written back as card text."""
    return "".join(atom.markup for atom in line)


def break_text(text: str, width: float, measure_text: Callable[[str], float], icon_width: float = 0.0) -> list[str]:
    """Convenience for tests and tools: break plain ``text``; icons measure ``icon_width``."""

    def measure(atom: Atom) -> float:
        if atom.kind == "icon":
            return icon_width
        return measure_text(atom.text)

    return [line_markup(line) for line in break_atoms(atomize(text), width, measure)]


def violations(lines: list[str]) -> list[str]:
    """Lines that break the rules: starting with a closing mark or ending with an opening one."""
    bad = []
    for line in lines:
        stripped = line.strip()
        if stripped and (stripped[0] in CLOSING or stripped[-1] in OPENING):
            bad.append(line)
    return bad
