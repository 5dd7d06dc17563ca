"""Documents: card sheets (PDF), the calibration page, PNG per card, Tabletop Simulator sheets.

Every function returns bytes (same input, same bytes: ReportLab runs in
invariant mode, PNGs carry no timestamps); the caller writes them atomically.
"""

from __future__ import annotations

import functools
import io
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from toolkit.i18n import current_lang, t, tr
from toolkit.meter import Meter, meter_or_silent

from . import labels
from .art import MIN_DPI
from .fonts import FontSet
from .geometry import Layout, Rect, SheetSpec, mm, plan
from .layouts import Context, Issue, Lookup, draw_back, draw_front, other_faces
from .styles import INK, MUTED
from .template import Templates, default_templates
from .textbox import draw_line

PNG_DPI = 300
TTS_MAX_SIDE = 4095  # pixels: Tabletop Simulator takes images under 4096 px a side
TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1  # the last slot is the hidden-card image


@functools.cache
def _canvas_class() -> Any:
    from reportlab.lib.colors import HexColor
    from reportlab.lib.rl_accel import fp_str
    from reportlab.pdfgen.canvas import Canvas

    @functools.lru_cache(maxsize=512)
    def operator(value: str, op: str) -> tuple[str, Any]:
        color = HexColor(value)
        return f"{fp_str(color.red, color.green, color.blue)} {op}", color

    class SheetCanvas(Canvas):
        """A canvas that turns each #rrggbb colour into its PDF operator once.

        ReportLab parses a colour string on every use and sets an opacity each
        time; the cards only use opaque #rrggbb colours.
        """

        def setFillColor(self, aColor: Any, alpha: Any = None) -> None:
            if isinstance(aColor, str) and alpha is None:
                code, self._fillColorObj = operator(aColor, "rg")
                self._code.append(code)
            else:
                super().setFillColor(aColor, alpha)

        def setStrokeColor(self, aColor: Any, alpha: Any = None) -> None:
            if isinstance(aColor, str) and alpha is None:
                code, self._strokeColorObj = operator(aColor, "RG")
                self._code.append(code)
            else:
                super().setStrokeColor(aColor, alpha)

    return SheetCanvas


def _canvas(width_pt: float, height_pt: float, fonts: FontSet, title: str) -> tuple[Any, io.BytesIO]:
    buffer = io.BytesIO()
    c = _canvas_class()(
        buffer,
        pagesize=(width_pt, height_pt),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.regular,
        initialFontSize=8,
    )
    c.setTitle(title)
    c.setCreator("Dossier")
    c.setProducer("Dossier (ReportLab)")
    c.setViewerPreference("PrintScaling", "None")  # print at 100 %: cards keep their size
    return c, buffer


@dataclass
class Sheet:
    """A rendered PDF and what happened on the way."""

    pdf: bytes
    issues: list[Issue]
    layout: Layout
    pages: int
    faces_apart: int = 0  # other faces (a flip identity's back) printed as cards of their own: render_sheets
    faces_backed: int = 0  # and printed on their card's back, in place of the generic back (duplex)


class _FaceForms:
    """Each distinct card face drawn once as a PDF form and placed by reference for every copy.

    A deck holds most cards two or three times: this keeps files small and
    printing fast. (A form is clipped to its box: the card's bleed edge.) A face
    printed once is drawn in place, clipped the same way: a form of its own
    would only cost time and bytes.
    """

    def __init__(self, ctx: Context, width: float, height: float, bleed: float) -> None:
        self.ctx, self.width, self.height, self.bleed = ctx, width, height, bleed
        self.names: dict[tuple[str, str, str, int], str] = {}

    def name(self, record: Any, face: int = 0) -> str:
        """The form of ``record``'s face: 0 its front, 1, 2, … one of its other faces (``record`` is then that face,
        :func:`toolkit.sheets.layouts.other_faces`)."""
        key = (record.game, record.kind, record.id, face)
        name = self.names.get(key)
        if name is None:
            name = f"card-{record.game}-{record.kind}-{record.id}" + (f"-face{face + 1}" if face else "")
            self.names[key] = name
            c = self.ctx.canvas
            b = self.bleed
            c.beginForm(name, -b, -b, self.width + b, self.height + b)
            draw_front(self.ctx, record, self.width, self.height, b)
            c.endForm()
        return name

    def place(self, record: Any, copies: int, face: int = 0) -> None:
        """Draw ``record``'s face at the origin: by its form when the document holds ``copies`` > 1, else in place."""
        c = self.ctx.canvas
        if copies > 1:
            c.doForm(self.name(record, face))
            return
        b = self.bleed
        path = c.beginPath()
        path.rect(-b, -b, self.width + 2 * b, self.height + 2 * b)
        c.clipPath(path, stroke=0, fill=0)
        draw_front(self.ctx, record, self.width, self.height, b)


class _BackForms:
    """Each kind of back drawn once as a PDF form and placed by reference: small files, fast."""

    def __init__(self, ctx: Context, width: float, height: float, bleed: float) -> None:
        self.ctx, self.width, self.height, self.bleed = ctx, width, height, bleed
        self.names: dict[tuple[str, str], str] = {}

    def name(self, record: Any) -> str:
        from .styles import back_key

        key = back_key(record)
        name = self.names.get(key)
        if name is None:
            name = self.names[key] = f"back-{key[0]}-{key[1]}"
            c = self.ctx.canvas
            b = self.bleed
            c.beginForm(name, -b, -b, self.width + b, self.height + b)
            draw_back(self.ctx, record, self.width, self.height, b)
            c.endForm()
        return name


def render_sheets(
    records: Sequence[Any],
    spec: SheetSpec,
    fonts: FontSet,
    lookup: Lookup,
    *,
    lang: str = "zh-Hans",
    templates: Templates | None = None,
    meter: Meter | None = None,
    bilingual: bool = False,
    min_dpi: float = MIN_DPI,
) -> Sheet:
    """Pages of card fronts (and, for duplex, a back page after each front page). A card with other faces (a
    flip identity's back) prints each as a card of its own right after its front, or with duplex backs the first on
    its back in place of the generic back (:func:`sheet_slots`; counted in :attr:`Sheet.faces_apart` and
    :attr:`Sheet.faces_backed`).

    ``lang`` is the language of every word of the faces and backs (names, labels, ability text; the printed
    text and flavour of imported cards, English when a card lacks it); ``bilingual`` adds each name in the
    other language under the title; ``templates`` the layouts (default: the bundled ones,
    :mod:`toolkit.sheets.template`); ``meter`` counts the cards as they are drawn (:mod:`toolkit.meter`).
    """
    count = meter_or_silent(meter)
    slots = sheet_slots(records, spec.duplex != "none")
    count.start(tr("drawing cards"), len(slots))
    layout = plan(spec)
    page = spec.page
    c, buffer = _canvas(mm(page.width), mm(page.height), fonts, t(lang, "Dossier cards"))
    if spec.duplex != "none":
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if spec.duplex == "long-edge" else "DuplexFlipShortEdge")
    ctx = Context(
        c, fonts, lookup, lang=lang, templates=templates or default_templates(), bilingual=bilingual, min_dpi=min_dpi
    )
    w, h, b = mm(spec.card.width), mm(spec.card.height), mm(spec.bleed)
    forms = _BackForms(ctx, w, h, b)
    faces = _FaceForms(ctx, w, h, b)
    copies = Counter((s.record.game, s.record.kind, s.record.id, s.face) for s in slots)
    pages = 0
    per_page = layout.per_page
    for start in range(0, max(len(slots), 1), per_page):
        chunk = slots[start : start + per_page]
        _crop_marks(c, layout, len(chunk))
        for slot, entry in enumerate(chunk):
            record = entry.record
            rect = layout.front(slot)
            c.saveState()
            c.translate(mm(rect.x), mm(rect.y))
            faces.place(record, copies[(record.game, record.kind, record.id, entry.face)], entry.face)
            c.restoreState()
            count.advance()
        c.showPage()
        pages += 1
        if spec.duplex == "none":
            continue
        for slot, entry in enumerate(chunk):
            # a flip identity's back face in place of the generic back, drawn as its front is
            name = forms.name(entry.record) if entry.back is None else faces.name(entry.back, 1)
            rect = layout.back(slot)
            c.saveState()
            if layout.back_rotated():
                c.translate(mm(rect.right), mm(rect.top))
                c.rotate(180)
            else:
                c.translate(mm(rect.x), mm(rect.y))
            c.doForm(name)
            c.restoreState()
        c.showPage()
        pages += 1
    c.save()
    apart = sum(1 for s in slots if s.face)
    backed = sum(1 for s in slots if s.back is not None)
    return Sheet(buffer.getvalue(), ctx.issues, layout, pages, faces_apart=apart, faces_backed=backed)


@dataclass(frozen=True)
class Slot:
    """A card's place on a front page of :func:`render_sheets`: what it draws (a record's front, ``face`` 0, or one
    of its other faces as a card of its own, ``face`` 1, 2, …) and, with duplex backs, the other face its back
    draws in place of the generic back (None: the generic back)."""

    record: Any
    face: int = 0
    back: Any = None


def sheet_slots(records: Sequence[Any], duplex: bool) -> list[Slot]:
    """The cards the front pages of ``records`` hold, in order: each record's front, then its other faces
    (:func:`toolkit.sheets.layouts.other_faces`: a flip identity's back) each as a card of its own right after it,
    so that a player can cut and sleeve both; with ``duplex`` backs the first other face prints on the front's back
    instead (a facade's further faces still as cards of their own)."""
    slots = []
    for record in records:
        others = other_faces(record)
        back = others[0] if duplex and others else None
        slots.append(Slot(record, 0, back))
        slots += [Slot(face, n) for n, face in enumerate(others, start=1) if back is None or n > 1]
    return slots


def _crop_marks(c: Any, layout: Layout, filled: int | None = None) -> None:
    """The marks of a front page that holds ``filled`` cards (a full page's on every full page, a part-filled last
    page's for its cards alone: :meth:`Layout.crop_marks`): each set drawn once as a form, placed on each page."""
    count = layout.per_page if filled is None else min(filled, layout.per_page)
    marks = layout.crop_marks(count)
    if not marks:
        return
    name = "crop-marks" if count >= layout.per_page else f"crop-marks-{count}"
    drawn: set[str] = c.__dict__.setdefault("_dossier_crop_marks", set())
    if name not in drawn:
        page = layout.spec.page
        c.beginForm(name, 0, 0, mm(page.width), mm(page.height))
        _draw_marks(c, marks)
        c.endForm()
        drawn.add(name)
    c.doForm(name)


def _draw_marks(c: Any, marks: list[Any]) -> None:
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.25)
    for line in marks:
        c.line(mm(line.x1), mm(line.y1), mm(line.x2), mm(line.y2))
    c.restoreState()


# ---------------------------------------------------------------------- calibration


def _cross(c: Any, x: float, y: float, arm: float, weight: float = 0.3) -> None:
    c.setLineWidth(weight)
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    c.circle(x, y, arm * 0.45, stroke=1, fill=0)


def calibration_points(layout: Layout) -> list[tuple[float, float]]:
    """Front positions (mm) of the registration crosses: centres of the corner cards and of the page."""
    last = layout.per_page - 1
    corners = {0, layout.columns - 1, last - layout.columns + 1, last}
    points = []
    for slot in sorted(corners):
        rect = layout.front(slot)
        points.append((rect.x + rect.width / 2, rect.y + rect.height / 2))
    page = layout.spec.page
    points.append((page.width / 2, page.height / 2))
    return points


CALIBRATE_TOP = 14  # mm from the paper's top edge to the calibration page's heading (its lines below it)
CALIBRATE_TEXT = 40  # mm below the heading that its lines take: nothing else is drawn there
CROSS_ARM = 3  # mm: a registration cross's arms (its circle is within them)
# what the rulers take (mm: x, y, width, height, with their figures): the horizontal one from (55, 40), the
# vertical one from (20, 75)
RULERS = (Rect(53, 34, 104, 16), Rect(10, 73, 16, 106))
PAPER_EDGE = 8  # mm: the card outline keeps this far from the paper's edges on the front page
ALONE_EDGE = 5  # mm: and on a page of its own (the margin most printers cannot print)


def calibration_outline(layout: Layout) -> tuple[int, Rect] | None:
    """The page (1: the front, 3: one of its own) and the place (mm) where the calibration test draws the card
    outline at its true size, or None when it is larger than the paper. On the front: clear of the heading, the
    rulers and every registration cross (:func:`calibration_points`), at the place nearest to the right of the page
    centre that is; where there is none, centred on a third page."""
    spec = layout.spec
    page, card = spec.page, spec.card
    spot = _outline_spot(layout)
    if spot is not None:
        return 1, spot
    if card.width <= page.width - 2 * ALONE_EDGE and card.height <= page.height - 2 * ALONE_EDGE:
        return 3, Rect((page.width - card.width) / 2, (page.height - card.height) / 2, card.width, card.height)
    return None


def _outline_spot(layout: Layout) -> Rect | None:
    """The place of the card outline on the front page (:func:`calibration_outline`), or None."""
    spec = layout.spec
    page, card = spec.page, spec.card
    ceiling = page.height - CALIBRATE_TOP - CALIBRATE_TEXT
    crosses = [Rect(x - CROSS_ARM - 1, y - CROSS_ARM - 1, 2 * CROSS_ARM + 2, 2 * CROSS_ARM + 2)
               for x, y in calibration_points(layout)]  # fmt: skip
    keep_out = [*RULERS, *crosses]

    def clear(x: float, y: float) -> bool:
        return all(x >= r.right or x + card.width <= r.x or y >= r.top or y + card.height <= r.y for r in keep_out)

    preferred = (page.width / 2 + 10, 70.0)
    xs = range(PAPER_EDGE, math.floor(page.width - PAPER_EDGE - card.width) + 1)
    ys = range(PAPER_EDGE, math.floor(ceiling - card.height) + 1)
    spots = [(float(x), float(y)) for x in xs for y in ys]
    if preferred[0] + card.width <= page.width - PAPER_EDGE and preferred[1] + card.height <= ceiling:
        spots.insert(0, preferred)
    spots.sort(key=lambda spot: math.hypot(spot[0] - preferred[0], spot[1] - preferred[1]))
    for x, y in spots:
        if clear(x, y):
            return Rect(x, y, card.width, card.height)
    return None


def back_point(layout: Layout, x: float, y: float) -> tuple[float, float]:
    """Where a front point lands on the back page (mm), with the back offset applied."""
    spec = layout.spec
    if spec.duplex == "short-edge":
        bx, by = x, spec.page.height - y
    else:
        bx, by = spec.page.width - x, y
    return bx + spec.back_dx, by + spec.back_dy


def render_calibration(
    spec: SheetSpec, fonts: FontSet, *, lang: str | None = None, fields: tuple[str, str] | None = None
) -> Sheet:
    """A two-page alignment test: rulers, crosses and the card outline on the front, crosses with offset scales on
    the back (and the card outline on a third page when the front has no room for it: :func:`calibration_outline`);
    its words in ``lang`` (default: the current language, :func:`toolkit.i18n.current_lang`). The back offsets go by
    `dossier print`'s options (``--back-dx``, ``--back-dy``), or by ``fields``, the names of a form's two fields for
    them (the web's print form, in ``lang``)."""
    lang = lang or current_lang()
    if spec.duplex == "none":
        spec = replace(spec, duplex="long-edge")
    layout = plan(spec)
    page = spec.page
    words = labels.WORDS
    c, buffer = _canvas(mm(page.width), mm(page.height), fonts, labels.say(lang, words["calibrate_title"]))
    c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if spec.duplex == "long-edge" else "DuplexFlipShortEdge")
    points = calibration_points(layout)
    # front
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    title = labels.say(lang, words["calibrate_title"])
    heading = labels.say(lang, words["calibrate_page"], title=title, side=labels.say(lang, words["calibrate_front"]))
    top = page.height - CALIBRATE_TOP
    draw_line(c, heading, mm(page.width / 2), mm(top), 14, fonts, True, INK, "center")
    card = spec.card
    times = labels.SYMBOLS["times"]
    values = {
        "card": f"{card.width:g}{times}{card.height:g}",
        "duplex": labels.say(lang, labels.DUPLEX_WORDS[spec.duplex]),
    }
    outline = calibration_outline(layout)
    lines = list(labels.CALIBRATE_LINES)
    if outline is None:  # the page says only what is drawn
        lines[1] = labels.CALIBRATE_NO_OUTLINE
    elif outline[0] != 1:
        lines[1] = labels.CALIBRATE_OUTLINE_APART
    offset = f"--back-dx {spec.back_dx:g} --back-dy {spec.back_dy:g} --backs {spec.duplex}"
    if fields is not None:  # (the form's names for the offsets: no option on the page)
        lines[-1] = labels.CALIBRATE_ADD_TO_FIELDS
        named = {"dx": fields[0], "dy": fields[1]}
        offset = labels.say(lang, labels.CALIBRATE_FIELD_VALUES, x=f"{spec.back_dx:g}", y=f"{spec.back_dy:g}", **named)
        values.update(named)
    for i, line in enumerate(lines):
        text = labels.say(lang, line, **values)
        draw_line(c, text, mm(page.width / 2), mm(top - 8 - i * 5.2), 9.5, fonts, False, INK, "center")
    draw_line(
        c, offset, mm(page.width / 2), mm(top - 8 - len(labels.CALIBRATE_LINES) * 5.2), 8, fonts, False, MUTED, "center"
    )
    _ruler(c, fonts, 55, 40, horizontal=True, lang=lang)
    _ruler(c, fonts, 20, 75, horizontal=False, lang=lang)
    # a card outline at its true size, right of the page centre where there is room (clear of the crosses)
    if outline is not None and outline[0] == 1:
        _outline(c, fonts, outline[1], lang)
    for x, y in points:
        _cross(c, mm(x), mm(y), mm(3), 0.25)
    c.showPage()
    # back
    heading = labels.say(lang, words["calibrate_page"], title=title, side=labels.say(lang, words["calibrate_back"]))
    draw_line(c, heading, mm(page.width / 2), mm(page.height - 14), 14, fonts, True, INK, "center")
    for x, y in points:
        bx, by = back_point(layout, x, y)
        _scales(c, fonts, bx, by)
    c.showPage()
    if outline is not None and outline[0] == 3:  # on the front of a sheet of its own
        _outline(c, fonts, outline[1], lang)
        c.showPage()
    c.save()
    return Sheet(buffer.getvalue(), [], layout, 3 if outline is not None and outline[0] == 3 else 2)


def _outline(c: Any, fonts: FontSet, rect: Rect, lang: str) -> None:
    """The card outline (dashed) at ``rect`` (mm), its size in the middle (in ``lang``)."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.setDash(2, 1.5)
    c.rect(mm(rect.x), mm(rect.y), mm(rect.width), mm(rect.height), stroke=1, fill=0)
    c.setDash()
    size = t(lang, "{width}×{height} mm", width=f"{rect.width:g}", height=f"{rect.height:g}")
    draw_line(c, size, mm(rect.x + rect.width / 2), mm(rect.y + rect.height / 2), 9, fonts, True, INK, "center")
    c.restoreState()


def _ruler(c: Any, fonts: FontSet, x: float, y: float, horizontal: bool, lang: str) -> None:
    """A 100 mm ruler with millimetre ticks, starting at (x, y) mm, its length said in ``lang``."""
    c.saveState()
    c.setStrokeColor(INK)
    c.translate(mm(x), mm(y))
    if not horizontal:
        c.rotate(90)
    c.setLineWidth(0.35)
    c.line(0, 0, mm(100), 0)
    for tick in range(101):
        length = 5 if tick % 10 == 0 else 3 if tick % 5 == 0 else 1.6
        c.setLineWidth(0.3 if tick % 10 else 0.4)
        c.line(mm(tick), 0, mm(tick), mm(length))
        if tick % 10 == 0:
            draw_line(c, str(tick), mm(tick), mm(6), 6.5, fonts, False, INK, "center")
    # TRANSLATORS: a length in millimetres (a ruler's on the printed calibration page)
    draw_line(c, t(lang, "{n} mm", n=100), mm(50), mm(-4), 7, fonts, True, INK, "center")
    c.restoreState()


def _scales(c: Any, fonts: FontSet, x: float, y: float) -> None:
    """Two graduated axes crossing at (x, y) mm, ticks every millimetre to ±5 mm.

    Seen against the light, the front's cross falls somewhere on them: the
    horizontal reading is the correction for --back-dx, the vertical one for
    --back-dy (positive: right and up, as the back page is printed).
    """
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.2)
    c.line(mm(x - 5.5), mm(y), mm(x + 5.5), mm(y))
    c.line(mm(x), mm(y - 5.5), mm(x), mm(y + 5.5))
    for k in range(-5, 6):
        if k == 0:
            continue
        half = 0.9 if k % 5 == 0 else 0.5
        c.line(mm(x + k), mm(y - half), mm(x + k), mm(y + half))
        c.line(mm(x - half), mm(y + k), mm(x + half), mm(y + k))
        if k % 2 == 0:
            draw_line(c, f"{k:+d}", mm(x + k), mm(y - 2.6), 4, fonts, False, INK, "center")
            if k != -2:  # its place is taken by the horizontal axis's -2
                draw_line(c, f"{k:+d}", mm(x - 1.3), mm(y + k - 0.5), 4, fonts, False, INK, "right")
    draw_line(c, "dx", mm(x + 6.2), mm(y - 0.6), 5, fonts, True, INK)
    draw_line(c, "dy", mm(x), mm(y + 6.4), 5, fonts, True, INK, "center")
    c.restoreState()


# ---------------------------------------------------------------------- single cards, images


def render_cards(
    records: Sequence[Any],
    spec: SheetSpec,
    fonts: FontSet,
    lookup: Lookup,
    backs: bool,
    *,
    lang: str = "zh-Hans",
    templates: Templates | None = None,
    meter: Meter | None = None,
    bilingual: bool = False,
    min_dpi: float = MIN_DPI,
    faces: bool = False,
) -> Sheet:
    """One page per record at the card's size plus bleed, with ``faces`` each followed by a page per other face of
    the record (a flip identity's back: :func:`toolkit.sheets.layouts.other_faces`; :func:`card_file_stems` names
    them), then, with ``backs``, one page per kind of back, in ``lang`` (``bilingual``: each name in the other language too, as :func:`render_sheets`);
    ``meter`` counts the pages as they are drawn (:mod:`toolkit.meter`)."""
    b = mm(spec.bleed)
    w, h = mm(spec.card.width), mm(spec.card.height)
    c, buffer = _canvas(w + 2 * b, h + 2 * b, fonts, t(lang, "Dossier cards"))
    ctx = Context(
        c, fonts, lookup, lang=lang, templates=templates or default_templates(), bilingual=bilingual, min_dpi=min_dpi
    )
    back_records = distinct_backs(records) if backs else []
    fronts = [face for record in records for face in (record, *(other_faces(record) if faces else ()))]
    count = meter_or_silent(meter)
    count.start(tr("drawing single cards"), len(fronts) + len(back_records))
    for record in fronts:
        c.translate(b, b)
        draw_front(ctx, record, w, h, b)
        c.showPage()
        count.advance()
    for record in back_records:
        c.translate(b, b)
        draw_back(ctx, record, w, h, b)
        c.showPage()
        count.advance()
    c.save()
    return Sheet(buffer.getvalue(), ctx.issues, plan(replace(spec, grid=None)), len(fronts))


def card_file_stems(record: Any) -> list[str]:
    """The names (without ``.png``) of ``record``'s images, as :func:`render_cards` draws its pages: its front
    ``<game>-<id>``, then each other face: ``<game>-<id>.back`` for a flip identity's back, ``<game>-<id>.face2``,
    ``.face3``, … for a facade's faces (a dot no id has: no other card's image shares the name)."""
    stem = f"{record.game}-{record.id}"
    faces = len(getattr(record, "faces", None) or [])
    if faces == 1:
        return [stem, f"{stem}.back"]
    return [stem, *(f"{stem}.face{n}" for n in range(2, faces + 2))]


def distinct_backs(records: Iterable[Any]) -> list[Any]:
    """One record per kind of back, in order of first appearance."""
    from .styles import back_key

    seen: dict[tuple[str, str], Any] = {}
    for record in records:
        seen.setdefault(back_key(record), record)
    return list(seen.values())


def back_file_stem(record: Any) -> str:
    from .styles import back_key

    game, key = back_key(record)
    return f"back-{game}-{key}"


def pdf_to_pngs(pdf: bytes, dpi: float = PNG_DPI, *, meter: Meter | None = None) -> list[bytes]:
    """Every page of ``pdf`` as PNG bytes at ``dpi``; ``meter`` counts the pages (:mod:`toolkit.meter`)."""
    return list(iter_pdf_pngs(pdf, dpi, meter=meter))


def iter_pdf_pngs(pdf: bytes, dpi: float = PNG_DPI, *, meter: Meter | None = None) -> Iterator[bytes]:
    """:func:`pdf_to_pngs` a page at a time, each rasterized when it is asked for: a caller that writes each
    image before asking for the next holds one image, however many pages there are."""
    import pypdfium2 as pdfium

    count = meter_or_silent(meter)
    document = pdfium.PdfDocument(pdf)
    try:
        pages = len(document)
        count.start(tr("rendering PNG images"), pages)
        for i in range(pages):
            page = document[i]
            try:
                image = _png(page.render(scale=dpi / 72.0).to_pil(), dpi)
            finally:
                page.close()
            yield image
            count.advance()
    finally:
        document.close()


def _png(image: Any, dpi: float) -> bytes:
    out = io.BytesIO()
    # zlib level 3: a third less time than Pillow's 6 on a card sheet, for files 0.5% larger
    image.convert("RGB").save(out, format="PNG", dpi=(dpi, dpi), compress_level=3)
    return out.getvalue()


@dataclass
class TtsSheet:
    png: bytes
    columns: int
    rows: int
    count: int
    width: int
    height: int


def tts_grid(count: int) -> tuple[int, int]:
    columns = min(TTS_COLUMNS, max(count, 1))
    return columns, max(1, math.ceil(count / columns))


def render_tts(
    records: Sequence[Any],
    spec: SheetSpec,
    fonts: FontSet,
    lookup: Lookup,
    *,
    lang: str = "zh-Hans",
    templates: Templates | None = None,
    meter: Meter | None = None,
    bilingual: bool = False,
    min_dpi: float = MIN_DPI,
) -> tuple[list[TtsSheet], list[TtsSheet], list[Issue]]:
    """Tabletop Simulator deck sheets (at most 10×7 cards, under 4096 px a side) and their backs, in ``lang``
    (``bilingual``: each name in the other language too, as :func:`render_sheets`).

    Returns the face sheets, the back images (one image when every card shares
    a back, else one back sheet per face sheet, for TTS's "unique backs") and
    the layout issues. ``meter`` counts the images as they are drawn (:mod:`toolkit.meter`).
    """
    faces: list[TtsSheet] = []
    backs: list[TtsSheet] = []
    issues: list[Issue] = []
    unique_backs = len(distinct_backs(records)) > 1
    chunks = math.ceil(len(records) / TTS_PER_SHEET)
    count = meter_or_silent(meter)
    count.start(tr("drawing TTS sheets"), chunks * 2 if unique_backs else chunks + (1 if records else 0))
    for start in range(0, len(records), TTS_PER_SHEET):
        chunk = records[start : start + TTS_PER_SHEET]
        columns, rows = tts_grid(len(chunk))
        face_png, size, found = _tts_page(
            chunk, columns, rows, spec, fonts, lookup, False, lang, templates, bilingual, min_dpi
        )
        faces.append(TtsSheet(face_png, columns, rows, len(chunk), *size))
        issues.extend(i for i in found if i not in issues)
        count.advance()
        if unique_backs:
            back_png, size, _ = _tts_page(chunk, columns, rows, spec, fonts, lookup, True, lang, templates, bilingual)
            backs.append(TtsSheet(back_png, columns, rows, len(chunk), *size))
            count.advance()
    if records and not unique_backs:
        png, size, _ = _tts_page(records[:1], 1, 1, spec, fonts, lookup, True, lang, templates)
        backs.append(TtsSheet(png, 1, 1, 1, *size))
        count.advance()
    return faces, backs, issues


def _tts_page(
    records: Sequence[Any],
    columns: int,
    rows: int,
    spec: SheetSpec,
    fonts: FontSet,
    lookup: Lookup,
    backs: bool,
    lang: str = "zh-Hans",
    templates: Templates | None = None,
    bilingual: bool = False,
    min_dpi: float = MIN_DPI,
) -> tuple[bytes, tuple[int, int], list[Issue]]:
    import pypdfium2 as pdfium

    card = spec.card
    px_per_mm = min(TTS_MAX_SIDE / (columns * card.width), TTS_MAX_SIDE / (rows * card.height), PNG_DPI / 25.4)
    cell_w, cell_h = int(card.width * px_per_mm), int(card.height * px_per_mm)
    w, h = mm(card.width), mm(card.height)
    # the page measures the sheet in pixels (one point each) and each card is scaled into its cell: drawn at
    # scale 1 the picture has the sheet's exact size, with no resampling of a 4,000-pixel image afterwards
    target = (columns * cell_w, rows * cell_h)
    c, buffer = _canvas(target[0], target[1], fonts, "Dossier Tabletop Simulator sheet")  # rendered to PNG, unseen
    ctx = Context(
        c, fonts, lookup, lang=lang, templates=templates or default_templates(), bilingual=bilingual, min_dpi=min_dpi
    )
    forms = (_BackForms if backs else _FaceForms)(ctx, w, h, 0.0)
    for slot, record in enumerate(records):
        column, row = slot % columns, slot // columns
        name = forms.name(record)
        c.saveState()
        c.translate(column * cell_w, (rows - 1 - row) * cell_h)
        c.scale(cell_w / w, cell_h / h)
        c.doForm(name)
        c.restoreState()
    c.showPage()
    c.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        image = document[0].render(scale=1).to_pil()
    finally:
        document.close()
    if image.size != target:  # pragma: no cover - pdfium draws a page of whole points at their size
        raise RuntimeError(f"a Tabletop Simulator sheet drawn at {image.size}, not {target}")
    return _png(image, px_per_mm * 25.4), target, ctx.issues


__all__ = [
    "Sheet",
    "Slot",
    "TtsSheet",
    "back_file_stem",
    "back_point",
    "calibration_points",
    "card_file_stems",
    "distinct_backs",
    "iter_pdf_pngs",
    "pdf_to_pngs",
    "render_calibration",
    "render_cards",
    "render_sheets",
    "render_tts",
    "sheet_slots",
    "tts_grid",
]
