"""Fitting paragraphs into a box: break lines, grow to fill the box or shrink to fit it, draw.

A paragraph is a list of :class:`~toolkit.sheets.linebreak.Atom` with a
colour and a relative size. :func:`fit` sets it at the largest size, in
quarter points, from :data:`GROW` × the base size (the style maximum: 1.2×,
so a short text fills a big box without shouting) down to :data:`MIN_SIZE`
(6 pt) at which it fits; lines break between the game's words
(:mod:`toolkit.sheets.vocabulary`) by the rules of :mod:`toolkit.sheets.linebreak`.
:func:`draw` draws a fitted result, icons included, merging neighbouring
characters of one style into one text run (fast, and keeps the text extractable).

Printed text in NetrunnerDB's markup comes in through :func:`markup_paras`
(blocks of :mod:`toolkit.markup`): bold, italic (the font slanted, since the
bundled font has no italic face), raised trace strengths, list items with a
bullet and a hanging indent, notes (errata) smaller and muted.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from toolkit import markup
from toolkit.i18n import script_lang

from . import icons
from .fonts import FontSet
from .linebreak import Atom, Lexicon, Prepared, atomize, break_prepared, latin_line, latin_quotes, prepare
from .styles import INK, MUTED

MIN_SIZE = 6.0
GROW = 1.2  # text grows to fill its box up to this many times its base size (the style maximum)
STEP = 0.25
LEADING = 1.3  # line box height, in ems
ASCENT = 0.88  # CJK glyph top above the baseline, in ems
DESCENT = 0.14
FAKE_BOLD_STROKE = 0.035  # em: outline stroke that fakes bold in a user's single font
SLANT = 0.2  # horizontal shear of italic text (about 11°): the fonts have no italic face
SUP_SCALE = 0.7  # size of raised text (a trace's strength), in ems of its line
SUP_RISE = 0.36  # raised text's baseline above the line's, in ems
ITEM_INDENT = 1.0  # ems: hanging indent of a list item; its bullet sits in the indent

Align = Literal["left", "center"]


@dataclass
class Para:
    """One paragraph: atoms plus how it looks."""

    atoms: list[Atom]
    color: str = INK
    scale: float = 1.0
    gap_before: float = 0.35  # ems of space above (not above the first paragraph of a box)
    rule_above: bool = False
    align: Align = "left"
    optional: bool = False  # dropped first when the box is too small (flavour text)
    indent: float = 0.0  # ems left free at the start of every line
    bullet: bool = False  # a bullet in the indent of the first line
    lead: Atom | None = None  # an icon set in the indent of the first line (:func:`hang`)
    drops: str = ""  # a mark that vanishes where a line ends on it (the · between the parts of an attack)


def ability(text: str, icon_ids: tuple[str, ...] = icons.INLINE) -> Para:
    """An ability: a short lead-in (a timing or a cost) before the first colon is bold: up to a full-width
    colon in Chinese (回合开始时：), a colon and a space in English (When destroyed: )."""
    head, colon, _ = text.partition("：")
    longest, stops = 12, "。；"
    if not colon:
        head, colon, _ = text.partition(": ")
        longest, stops = 40, ".;。；"
        if script_lang(head) == "zh-Hans":  # a Chinese text quoting a name with a colon in it
            colon = ""
    bold = len(head) + 1 if colon and 0 < len(head) <= longest and not any(p in head for p in stops) else 0
    return Para(atomize(latin_quotes(text), bold, icon_ids))


def hang(para: Para, measure: Measurer, icon_ids: tuple[str, ...] = ("subroutine",)) -> list[Para]:
    """``para`` with the icon that leads it (one of ``icon_ids``, a space after it) set in a hanging indent: drawn
    at the start of the first line as before, every later line starting under the first word after it rather
    than under the icon (a subroutine's ↳). A paragraph that holds several such lines (``\\n`` between them) is
    one paragraph per line, with no space between them; one that has none is returned as it is."""
    pieces: list[list[Atom]] = [[]]
    for atom in para.atoms:
        if atom.kind == "space" and atom.text == "\n":
            pieces.append([])
        else:
            pieces[-1].append(atom)

    def led(atoms: list[Atom]) -> bool:
        return len(atoms) > 2 and atoms[0].kind == "icon" and atoms[0].text in icon_ids and atoms[1].kind == "space"

    if para.bullet or not any(led(piece) for piece in pieces):  # (a list item keeps its bullet in its indent)
        return [para]
    paras: list[Para] = []
    for index, piece in enumerate(pieces):
        more: dict[str, Any] = {} if not index else {"gap_before": 0.0, "rule_above": False}
        if led(piece):
            indent = para.indent + measure(piece[0]) + measure(piece[1])
            paras.append(replace(para, atoms=piece[2:], indent=indent, lead=piece[0], **more))
        else:
            paras.append(replace(para, atoms=piece, **more))
    return paras


def plain(text: str, color: str = INK, scale: float = 1.0, bold: bool = False, **kw: Any) -> Para:
    return Para(atomize(latin_quotes(text), len(text) if bold else 0, icons.INLINE), color=color, scale=scale, **kw)


def span_atoms(spans: tuple[markup.Span, ...] | list[markup.Span]) -> list[Atom]:
    """Atoms of marked-up spans: text broken by the same rules as ability text, icons as icon atoms."""
    atoms: list[Atom] = []
    # the quotes of Latin text by the text around them, across spans (an icon counts as a space)
    joined = latin_quotes("".join(" " if span.icon else span.text for span in spans))
    at = 0
    for span in spans:
        if span.icon:
            atoms.append(Atom(span.text, "icon", span.bold))
            at += 1
            continue
        text, at = joined[at : at + len(span.text)], at + len(span.text)
        pieces = atomize(text, len(text) if span.bold else 0, ())
        if span.italic or span.sup:
            pieces = [a._replace(italic=span.italic, sup=span.sup) for a in pieces]
        atoms.extend(pieces)
    return atoms


def markup_paras(
    blocks: list[markup.Block],
    color: str = INK,
    scale: float = 1.0,
    gap_before: float = 0.35,
    optional: bool = False,
    italic: bool = False,
) -> list[Para]:
    """Paragraphs of :mod:`toolkit.markup` blocks: text, list items (bullet, hanging indent), notes (muted).

    ``gap_before`` is the space above the first block (later text blocks get
    the usual 0.35 em); ``italic`` slants every block (flavour text).
    """
    paras: list[Para] = []
    for block in blocks:
        spans = [replace(s, italic=True) for s in block.spans] if italic else list(block.spans)
        gap = gap_before if not paras else 0.12 if block.kind == "item" else 0.35
        if block.kind == "item":
            para = Para(span_atoms(spans), color, scale, gap, indent=ITEM_INDENT, bullet=True)
        elif block.kind == "note":
            para = Para(span_atoms(spans), MUTED, scale * 0.85, gap)
        else:
            para = Para(span_atoms(spans), color, scale, gap)
        para.optional = optional
        paras.append(para)
    return paras


@dataclass
class Line:
    para: Para
    atoms: list[Atom]
    width: float  # points
    size: float  # points
    first: bool  # first line of its paragraph


@dataclass
class Fitted:
    size: float
    lines: list[Line] = field(default_factory=list)
    height: float = 0.0
    fits: bool = True
    dropped: int = 0  # optional paragraphs left out


class Measurer:
    """Widths at 1 pt (ems), cached per atom, and the words lines should not break inside.

    ``lexicon`` defaults to the game's words (:func:`toolkit.sheets.vocabulary.game_lexicon`).
    """

    def __init__(self, fonts: FontSet, lexicon: Lexicon | None = None) -> None:
        self.fonts = fonts
        self._lexicon = lexicon
        self.known: dict[Atom, float] = {}  # every atom measured so far (the breaker reads it directly)

    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            from .vocabulary import game_lexicon

            self._lexicon = game_lexicon()
        return self._lexicon

    def __call__(self, atom: Atom) -> float:
        width = self.known.get(atom)
        if width is None:
            if atom.kind == "icon":
                width = icons.INLINE_EM + 2 * icons.INLINE_PAD
            else:
                width = self.fonts.width(atom.text, atom.bold, SUP_SCALE if atom.sup else 1.0)
            self.known[atom] = width
        return width

    def prepare(self, para: Para) -> Prepared:
        """``para`` measured and cut into boxes once, for every size :func:`fit` tries."""
        return prepare(para.atoms, self, self.lexicon)


def _lines(
    paras: list[Para], preps: list[Prepared], width: float, size: float, limit: float = math.inf
) -> tuple[list[Line], float, bool]:
    """Lines of ``paras`` at ``size``, the height they take and whether every line fits ``width``.

    Stops early (returning what it has) once the height passes ``limit``.
    """
    lines: list[Line] = []
    height = 0.0
    fits = True
    for index, (para, prep) in enumerate(zip(paras, preps, strict=True)):
        psize = size * para.scale
        if index:
            height += para.gap_before * size
        room = width / psize - para.indent
        broken = break_prepared(prep, room)
        for n, (atoms, ems) in enumerate(broken):
            if para.drops and n < len(broken) - 1:  # a separator the line ends on vanishes with the break
                atoms, ems = _drop_end(atoms, ems, para.drops, prep.measure)
            lines.append(Line(para, atoms, ems * psize, psize, n == 0))
            height += LEADING * psize
            if ems > room + 1e-6:
                fits = False
        if height > limit + 1e-6:
            break
    return lines, height, fits


def _drop_end(atoms: list[Atom], ems: float, mark: str, measure: Callable[[Atom], float]) -> tuple[list[Atom], float]:
    """A line that ends on ``mark`` (and spaces) without them, and its width."""
    end = len(atoms)
    while end and atoms[end - 1].kind == "space":
        end -= 1
    if not end or atoms[end - 1].kind != "text" or atoms[end - 1].text != mark:
        return atoms, ems
    end -= 1
    while end and atoms[end - 1].kind == "space":
        end -= 1
    if not end:
        return atoms, ems
    return atoms[:end], ems - sum(measure(atom) for atom in atoms[end:])


def layout(paras: list[Para], width: float, size: float, measure: Measurer) -> tuple[list[Line], float]:
    """Lines of ``paras`` at ``size`` and the height they take."""
    lines, height, _ = _lines(paras, [measure.prepare(p) for p in paras], width, size)
    return lines, height


def _min_height(paras: list[Para], preps: list[Prepared], width: float, size: float) -> float:
    """A lower bound of the height of ``paras`` at ``size`` (no line holds more than its width of ink)."""
    height = 0.0
    for index, (para, prep) in enumerate(zip(paras, preps, strict=True)):
        psize = size * para.scale
        if index:
            height += para.gap_before * size
        height += prep.min_lines(width / psize - para.indent) * LEADING * psize
    return height


def sizes(base: float, maximum: float | None = None) -> list[float]:
    """The sizes :func:`fit` may choose, smallest first: quarter points from 6 pt up to ``maximum``
    (default :data:`GROW` × ``base``), and ``base`` itself."""
    top = max(MIN_SIZE, base * GROW if maximum is None else maximum)
    grid = {MIN_SIZE + STEP * k for k in range(int((top - MIN_SIZE) / STEP + 1e-9) + 1)}
    grid.add(max(MIN_SIZE, min(base, top)))
    return sorted(grid)


def fit(
    paras: list[Para], width: float, height: float, measure: Measurer, base: float, maximum: float | None = None
) -> Fitted:
    """The largest size up to ``maximum`` (default :data:`GROW` × ``base``), down to 6 pt, at which
    ``paras`` fit ``width`` × ``height``: text grows to fill a big box and shrinks to fit a small one.

    Each paragraph is measured and cut once; a lower bound of the height (ink
    over width) rules out sizes without breaking lines, and the sizes left are
    searched from the largest the bound allows, down one step at a time and
    then by halves, so a box is usually set in one or two tries.

    Optional paragraphs (flavour) are dropped before the text goes below 6 pt.
    ``fits`` is False when even 6 pt without them overflows; the lines are then
    those at 6 pt, for the caller to report.
    """
    preps = [measure.prepare(p) for p in paras]
    candidates = [list(range(len(paras)))]
    if any(p.optional for p in paras):
        candidates.append([i for i, p in enumerate(paras) if not p.optional])
    grid = sizes(base, maximum)
    for chosen in candidates:
        cparas = [paras[i] for i in chosen]
        cpreps = [preps[i] for i in chosen]
        found = _search(cparas, cpreps, width, height, grid)
        if found is not None:
            size, lines, used = found
            return Fitted(size, lines, used, True, len(paras) - len(chosen))
    lines, used, _ = _lines(cparas, cpreps, width, MIN_SIZE)
    return Fitted(MIN_SIZE, lines, used, False, len(paras) - len(cparas))


def _search(
    paras: list[Para], preps: list[Prepared], width: float, height: float, grid: list[float]
) -> tuple[float, list[Line], float] | None:
    """The largest size of ``grid`` at which the lines fit the box (fitting taken as monotonic in size)."""

    def attempt(k: int) -> tuple[float, list[Line], float] | None:
        lines, used, fits = _lines(paras, preps, width, grid[k], height)
        return (grid[k], lines, used) if fits and used <= height + 1e-6 else None

    # the largest size the lower bound allows (the bound grows with the size)
    low, high = 0, len(grid) - 1
    if _min_height(paras, preps, width, grid[0]) > height + 1e-6:
        return None
    while low < high:
        middle = (low + high + 1) // 2
        if _min_height(paras, preps, width, grid[middle]) <= height + 1e-6:
            low = middle
        else:
            high = middle - 1
    top = low
    # real line breaking wastes a little: try downwards from there, then halve what is left
    for k in range(top, max(top - 3, -1), -1):
        result = attempt(k)
        if result is not None:
            return result
    low, high = 0, top - 3  # sizes known to fit are at or below high
    best: tuple[float, list[Line], float] | None = None
    while low <= high:
        middle = (low + high + 1) // 2
        result = attempt(middle)
        if result is not None:
            best, low = result, middle + 1
        else:
            high = middle - 1
    return best


def draw(c: Any, fitted: Fitted, x: float, top: float, width: float, fonts: FontSet) -> None:
    """Draw fitted lines from ``top`` down, starting at ``x``."""
    y = top
    for line in fitted.lines:
        if line.first and line is not fitted.lines[0]:
            y -= line.para.gap_before * fitted.size
            if line.para.rule_above:
                c.saveState()
                c.setStrokeColor(line.para.color)
                c.setLineWidth(0.4)
                c.setDash(1, 1.5)
                rule_y = y + line.para.gap_before * fitted.size * 0.5
                c.line(x, rule_y, x + width, rule_y)
                c.restoreState()
        size = line.size
        baseline = y - (LEADING - 1) / 2 * size - ASCENT * size
        start = x + (width - line.width) / 2 if line.para.align == "center" else x + line.para.indent * size
        if line.para.bullet and line.first:
            _bullet(c, start - line.para.indent * size, baseline, size, line.para.color)
        if line.para.lead is not None and line.first:
            _lead(c, line.para.lead, start - line.para.indent * size, baseline, size, line.para, fonts)
        draw_atoms(c, line.atoms, start, baseline, size, line.para.color, fonts)
        y -= LEADING * size


def _bullet(c: Any, x: float, baseline: float, size: float, color: str) -> None:
    """A list item's bullet (a drawn dot: no font needs a glyph for it), centred in the first half em."""
    c.setFillColor(color)
    c.circle(x + size * 0.4, baseline + size * 0.3, size * 0.14, stroke=0, fill=1)


def _lead(c: Any, icon: Atom, x: float, baseline: float, size: float, para: Para, fonts: FontSet) -> None:
    """The icon that leads a paragraph (:func:`hang`), at the left of its indent: drawn as an inline icon is, its
    ``[id]`` and the space after it copying as they did before the icon hung."""
    if icon.text not in icons.DRAW:
        return
    c.setFillColor(para.color)
    pad = icons.INLINE_PAD * size
    icons.draw(c, icon.text, x + pad, baseline - DESCENT * size, size * icons.INLINE_EM, para.color)
    _invisible(c, x, baseline, icon.markup + " ", size, para.indent * size, fonts)


def draw_atoms(c: Any, atoms: list[Atom], x: float, baseline: float, size: float, color: str, fonts: FontSet) -> float:
    """Draw one line of atoms; returns the x after it. Neighbouring atoms of one style are one text run."""
    c.setFillColor(color)
    run: list[str] = []
    style = (False, False, False)  # (bold, italic, sup) of the run

    def flush(at: float) -> float:
        if not run:
            return at
        text = "".join(run)
        run.clear()
        bold, italic, sup = style
        run_size = size * SUP_SCALE if sup else size
        y = baseline + size * SUP_RISE if sup else baseline
        _text(c, at, y, text, run_size, bold, color, fonts, italic)
        return at + fonts.width(text, bold, run_size)

    for atom in atoms:
        text, kind, bold, italic, sup = atom
        if kind == "icon":
            x = flush(x)
            pad = icons.INLINE_PAD * size
            advance = size * (icons.INLINE_EM + 2 * icons.INLINE_PAD)
            if text in icons.DRAW:
                icons.draw(c, text, x + pad, baseline - DESCENT * size, size * icons.INLINE_EM, color)
                _invisible(c, x, baseline, atom.markup, size, advance, fonts)
            x += advance
            continue
        if run and (bold, italic, sup) != style:
            x = flush(x)
        if not run:
            style = (bold, italic, sup)
        run.append(text)
    return flush(x)


def _invisible(c: Any, x: float, y: float, text: str, size: float, width: float, fonts: FontSet) -> None:
    """``text`` as invisible text squeezed into ``width``: an icon copies and searches as its ``[id]``.

    Written straight into the page like :func:`_show`; the render mode and the
    horizontal scale are graphics state, kept inside ``q … Q``.
    """
    natural = fonts.width(text, False, size)
    fp_str = _pdf_format()[1]
    scale = fp_str(100.0 * width / natural if natural else 100.0)
    body = _encoding(c, fonts.regular).shows(text, fp_str(size))
    c._code.extend(("q", f"BT 1 0 0 1 {fp_str(x)} {fp_str(y)} Tm 3 Tr {scale} Tz {body} ET", "Q"))


def _text(
    c: Any, x: float, y: float, text: str, size: float, bold: bool, color: str, fonts: FontSet, italic: bool = False
) -> None:
    runs = fonts.runs(text, bold)  # one run per font: characters the primary font lacks use a fallback
    start = 0  # where the run starts in ``text`` (a run has the real quotes of LATIN_QUOTES' proportional forms)
    for index, (run, name, stroke) in enumerate(runs):
        if index:
            end = start + len(runs[index - 1][0])
            x += fonts.width(text[start:end], bold, size)
            start = end
        if stroke:
            c.saveState()
            c.setStrokeColor(color)
            c.setLineWidth(size * FAKE_BOLD_STROKE)
            _show(c, x, y, run, name, size, 2, italic)
            c.restoreState()
        else:
            _show(c, x, y, run, name, size, 0, italic)


@functools.cache
def _pdf_format() -> tuple[Callable[[bytes], str], Callable[..., str]]:
    """ReportLab's string escaping and number formatting (imported once, when first drawing)."""
    from reportlab.lib.rl_accel import escapePDF, fp_str

    return escapePDF, fp_str


class _Encoding:
    """One font's character codes in one PDF document: each character's code, and the subsets' names.

    The codes are the font's own (ReportLab assigns them the first time a
    character is used, which also records the character for embedding); this
    only remembers them, so a run is encoded by dictionary look-ups, and a short
    run seen before at the same size (a label, a stat) not even that.
    """

    __slots__ = ("codes", "doc", "font", "names", "short")

    SHORT = 12  # characters: runs up to this long are remembered whole, per size

    def __init__(self, font: Any, doc: Any) -> None:
        self.font, self.doc = font, doc
        self.codes: dict[str, int] = {}  # character -> subset << 8 | code
        self.names: dict[int, str] = {}
        self.short: dict[tuple[str, str], str] = {}

    def shows(self, text: str, size: str) -> str:
        """The operators that show ``text`` at ``size`` (``/F1+0 9 Tf (…) Tj``, one per subset of the font)."""
        if len(text) <= self.SHORT:
            key = (text, size)
            found = self.short.get(key)
            if found is None:
                found = self.short[key] = self._shows(text, size)
            return found
        return self._shows(text, size)

    def _shows(self, text: str, size: str) -> str:
        escape = _pdf_format()[0]
        return " ".join(f"{name} {size} Tf ({escape(chunk)}) Tj" for name, chunk in self.chunks(text))

    def chunks(self, text: str) -> list[tuple[str, bytes]]:
        """``text`` as (subset font name, codes) chunks, one per run of characters of one subset."""
        codes = self.codes
        result: list[tuple[str, bytes]] = []
        current = -1
        run = bytearray()
        for ch in text:
            number = codes.get(ch)
            if number is None:
                ((subset, code),) = self.font.splitString(ch, self.doc)
                number = codes[ch] = subset << 8 | code[0]
            if number >> 8 != current:
                if run:
                    result.append((self.name(current), bytes(run)))
                    run = bytearray()
                current = number >> 8
            run.append(number & 0xFF)
        if run:
            result.append((self.name(current), bytes(run)))
        return result

    def name(self, subset: int) -> str:
        name = self.names.get(subset)
        if name is None:
            name = self.names[subset] = self.font.getSubsetInternalName(subset, self.doc)
        return name


def _encoding(c: Any, name: str) -> _Encoding:
    """The encoding of font ``name`` in the document of canvas ``c`` (kept on the canvas)."""
    try:
        return c._dossier_encodings[name]
    except AttributeError:
        c._dossier_encodings = {}
    except KeyError:
        pass
    from reportlab.pdfbase import pdfmetrics

    encoding = c._dossier_encodings[name] = _Encoding(pdfmetrics.getFont(name), c._doc)
    return encoding


def _show(c: Any, x: float, y: float, text: str, name: str, size: float, mode: int, italic: bool = False) -> None:
    """One text run, written straight into the page: ``BT … Tf (…) Tj ET``.

    What ReportLab's drawString writes for a TrueType font, without building a
    text object per run (most of the time of a card sheet went there). The font
    assigns the subset codes and records its use, so embedding is unchanged
    (:class:`_Encoding` remembers them). Italic is the upright font sheared by
    the text matrix (same advance widths).
    """
    fp_str = _pdf_format()[1]
    head = f"BT 1 0 {fp_str(SLANT) if italic else 0} 1 {fp_str(x)} {fp_str(y)} Tm"
    body = _encoding(c, name).shows(text, fp_str(size))
    c._code.append(f"{head} {mode} Tr {body} 0 Tr ET" if mode else f"{head} {body} ET")


def line_width(text: str, size: float, fonts: Any, bold: bool = False) -> float:
    """The width of ``text`` as :func:`draw_line` draws it at ``size``: the quotes and middle dots of Latin text
    proportional (:func:`~toolkit.sheets.linebreak.latin_line`). Every one-line text is measured with this."""
    return float(fonts.width(latin_line(text), bold, size))


def cut_line(text: str, width: float, size: float, fonts: Any, bold: bool, ellipsis: str = "…") -> str:
    """``text`` cut short with ``ellipsis`` (no space before it) so that the whole fits ``width`` at ``size``; the
    ellipsis alone when not even a letter fits."""
    measured = latin_line(text)  # as draw_line draws it (the same length)
    end = len(text)
    while end and fonts.width(measured[:end].rstrip() + ellipsis, bold, size) > width:
        end -= 1
    return text[:end].rstrip() + ellipsis


def fit_line(
    text: str, width: float, base: float, fonts: FontSet, bold: bool, minimum: float = MIN_SIZE
) -> float | None:
    """The largest size from ``base`` down to ``minimum`` at which ``text`` fits ``width``; None if none does."""
    unit = line_width(text, 1.0, fonts, bold)
    if unit <= 0:
        return base
    size = min(base, width / unit)
    if size < minimum - 1e-9:
        return None
    return round(size * 4 - 0.5) / 4 if size < base else base


def draw_line(
    c: Any,
    text: str,
    x: float,
    y: float,
    size: float,
    fonts: FontSet,
    bold: bool = False,
    color: str = INK,
    align: Literal["left", "center", "right"] = "left",
) -> None:
    """One line of plain text (labels, names) at a baseline; the quotes and middle dots of Latin text proportional
    (:func:`~toolkit.sheets.linebreak.latin_line`)."""
    text = latin_line(text)
    if align != "left":
        width = fonts.width(text, bold, size)
        x = x - width / 2 if align == "center" else x - width
    c.setFillColor(color)
    _text(c, x, y, text, size, bold, color, fonts)
