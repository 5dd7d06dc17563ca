"""Lint of card templates: what a valid template can still get wrong, each a :class:`Finding`.

A template that :func:`toolkit.sheets.template.parse_template` accepts prints, but may print badly. The
checks, each located at the template file, the JSON place (pointer) and its line and column:

- ``template.box.overlap`` (warning): two boxes of a face overlap;
- ``template.box.safe`` (warning): a box with text or an icon reaches outside the safe zone (3 mm inside
  the trim; 2.5 mm on cards narrower than 55 mm), where printing cuts it back;
- ``template.art.covers_name`` (warning): the art box, as drawn on some card (with the boxes that card leaves
  empty giving it their space), covers the name;
- ``template.image.missing`` / ``.unreadable`` / ``.format`` (error): a background or back image that cannot
  be used (printing leaves it out);
- ``template.image.resolution`` (warning): a background or back image printed at fewer pixels per inch
  than ``min_dpi`` (default :data:`toolkit.sheets.art.MIN_DPI`) at its printed size.

A card's own art is checked by ``dossier print`` as it places it (``sheet.image.resolution``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from toolkit.i18n import tr
from toolkit.jsonio import pointer_position, read_source, value_positions
from toolkit.sheets import art
from toolkit.sheets.template import BackTemplate, FrontTemplate, TemplateImage, Templates, parse_template

from .findings import Finding, Severity

SAFE = 3.0  # mm inside the trim; 2.5 on cards narrower than NARROW
SAFE_NARROW = 2.5
NARROW = 55.0
_EPS = 1e-6
# boxes whose words or icons must stay in the safe zone (art and colour may reach the trim)
WORDED = ("badge", "name", "symbol", "type_line", "stats", "text", "footer")
EMPTYABLE = ("badge", "symbol", "type_line", "stats")  # boxes a card may leave empty besides art and name

Span = tuple[float, float, float, float]  # left, top, right, bottom: design millimetres, y down


def safe_margin(card_width: float) -> float:
    return SAFE if card_width >= NARROW else SAFE_NARROW


def _overlap(a: Span, b: Span) -> tuple[float, float] | None:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width > _EPS and height > _EPS:
        return width, height
    return None


def _span(box: Any) -> Span:
    return (box.x, box.y, box.x + box.width, box.y + box.height)


def _mm(value: float) -> str:
    return format(round(value, 2), "g")


class _Collector:
    def __init__(self, path: Path, text: str | None) -> None:
        self.path = path
        self.text = text
        self.positions: Any = None
        self.findings: list[Finding] = []

    def add(self, code: str, message: str, pointer: str, severity: Severity = "warning") -> None:
        line = column = None
        if self.text is not None:
            if self.positions is None:
                self.positions = value_positions(self.text)
            line, column = pointer_position(self.positions, pointer)
        self.findings.append(Finding(code, message, severity, str(self.path), pointer, line, column))


def lint_template(
    path: Path, template: FrontTemplate | BackTemplate | None = None, *, min_dpi: float = art.MIN_DPI
) -> list[Finding]:
    """The findings of one template file (read and validated here unless ``template`` is given; a file that
    is no valid template raises the DossierError of :func:`parse_template`, exit 2)."""
    if template is None:
        template = parse_template(path)
    source = read_source(path)
    found = _Collector(path, source.text)
    card = template.card
    margin = safe_margin(card.width)
    if isinstance(template, FrontTemplate):
        spans: dict[str, tuple[str, Span]] = {
            name: (f"/boxes/{name}", _span(box)) for name, box in template.boxes.items()
        }
        for index, extra in enumerate(template.texts):
            spans[f"texts/{index}"] = (f"/texts/{index}", _span(extra))
        worded = [n for n in spans if n in WORDED or n.startswith("texts/")]
        _overlaps(found, spans, skip={frozenset(("art", "name"))})
        _safe(found, spans, worded, card.width, card.height, margin, template)
        _covers_name(found, template)
        if template.background is not None:
            _image(found, path, template.background, "/background/image", card.width, card.height, min_dpi)
    else:
        spans = {
            name: (f"/{name}", _span(box))
            for name in ("emblem", "title", "label")
            if (box := getattr(template, name)) is not None
        }
        _overlaps(found, spans, skip=set())
        _safe(found, spans, list(spans), card.width, card.height, margin, None)
        if template.image is not None:
            _image(found, path, template.image, "/image/image", card.width, card.height, min_dpi)
    return found.findings


def _label(name: str) -> str:
    return repr(name.replace("/", " "))


def _overlaps(found: _Collector, spans: dict[str, tuple[str, Span]], skip: set[frozenset[str]]) -> None:
    for (a, (_, span_a)), (b, (pointer_b, span_b)) in itertools.combinations(spans.items(), 2):
        if frozenset((a, b)) in skip:
            continue
        shared = _overlap(span_a, span_b)
        if shared is None:
            continue
        found.add(
            "template.box.overlap",
            tr(
                "boxes {a} and {b} overlap ({width} × {height} mm): one is drawn over the other",
                a=_label(a),
                b=_label(b),
                width=_mm(shared[0]),
                height=_mm(shared[1]),
            ),
            pointer_b,
        )


def _safe(
    found: _Collector,
    spans: dict[str, tuple[str, Span]],
    worded: Iterable[str],
    width: float,
    height: float,
    margin: float,
    template: FrontTemplate | None,
) -> None:
    for name in worded:
        pointer, (left, top, right, bottom) = spans[name]
        if name == "type_line" and template is not None and template.boxes.type_line is not None:
            padding = template.boxes.type_line.padding  # the strip's colour may reach the trim, its words not
            left, right = left + padding, right - padding
        nearest = min(left, top, width - right, height - bottom)
        if nearest >= margin - _EPS:
            continue
        found.add(
            "template.box.safe",
            tr(
                "box {name} reaches {distance} mm from the trim, outside the safe zone ({margin} mm inside the "
                "trim): printing cuts its text and icons back to the safe zone, and a trim a little off cuts them",
                name=_label(name),
                distance=_mm(max(nearest, 0.0)),
                margin=_mm(margin),
            ),
            pointer,
        )


def _covers_name(found: _Collector, template: FrontTemplate) -> None:
    """The art box as a card draws it (every combination of empty boxes giving their space) covering the name."""
    from toolkit.sheets.geometry import mm
    from toolkit.sheets.layouts import box_rects

    boxes = dict(template.boxes.items())
    if "art" not in boxes or "name" not in boxes:
        return
    width, height = mm(template.card.width), mm(template.card.height)
    optional = [name for name in EMPTYABLE if name in boxes]
    for size in range(len(optional) + 1):
        for empty in itertools.combinations(optional, size):
            rects = box_rects(template, width, height, frozenset(empty))
            a, n = rects["art"], rects["name"]
            spans = ((a.x, a.y, a.right, a.top), (n.x, n.y, n.right, n.top))
            if _overlap(*spans) is None:
                continue
            if empty:
                message = tr(
                    "the art box covers the name on a card without {boxes}: the name is drawn on the picture",
                    boxes=", ".join(empty),
                )
            else:
                message = tr("the art box covers the name: the name is drawn on the picture")
            found.add("template.art.covers_name", message, "/boxes/art")
            return


def _image(
    found: _Collector,
    template_path: Path,
    image: TemplateImage,
    pointer: str,
    width_mm: float,
    height_mm: float,
    min_dpi: float,
) -> None:
    path = art.resolve(image.image, template_path)
    problem = art.problem(path)
    if problem is not None:
        found.add(
            f"template.image.{problem.kind}",
            tr(
                "image {image} ({path}): {problem}; printing leaves it out",
                image=repr(image.image),
                path=path,
                problem=problem.message,
            ),
            pointer,
            "error",
        )
        return
    try:
        pixels = art.dimensions(path)
    except art.ArtError:
        return
    dpi = art.effective_dpi(pixels[0], pixels[1], width_mm, height_mm)
    if dpi < min_dpi - 0.5:
        need = art.pixels_for(width_mm, height_mm, min_dpi)
        found.add(
            "template.image.resolution",
            tr(
                "image {image} ({width}×{height} px) prints at {dpi} dpi on a {card} mm card, below {min} dpi: it "
                "will look pixelated; give an image of at least {need} px",
                image=repr(image.image),
                width=pixels[0],
                height=pixels[1],
                dpi=round(dpi),
                card=f"{_mm(width_mm)}×{_mm(height_mm)}",
                min=format(min_dpi, "g"),
                need=f"{need[0]}×{need[1]}",
            ),
            pointer,
        )


def lint_templates(
    templates: Templates, paths: Iterable[Path] | None = None, *, min_dpi: float = art.MIN_DPI
) -> list[Finding]:
    """The findings of the templates in use (or only those read from ``paths``), file by file."""
    wanted = None if paths is None else {Path(p) for p in paths}
    findings: list[Finding] = []
    for key, path in sorted(templates.sources.items()):
        if wanted is not None and path not in wanted:
            continue
        template: FrontTemplate | BackTemplate | None = templates.fronts.get(key) or templates.backs.get(key)
        findings += lint_template(path, template, min_dpi=min_dpi)
    return findings
