"""Vector icons drawn with ReportLab paths, never font glyphs (which a font may lack).

Every icon is drawn into the square ``(x, y, size, size)`` (bottom-left corner,
points) in the canvas's current colour. Inline symbols of ability text
(``[credit]``, ``[click]``, ``[subroutine]``, ``[trash]``, ``[mu]``,
``[link]``), those of NetrunnerDB's printed text (``[recurring-credit]``,
``[interrupt]`` and the faction marks ``[anarch]``, ``[criminal]``,
``[shaper]``, ``[haas-bioroid]``, ``[jinteki]``, ``[nbn]``,
``[weyland-consortium]``: our own simple drawings, one colour, not the
factions' logos) and the stat icons of the layouts live here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from toolkit.markup import ICONS

Canvas = Any  # reportlab.pdfgen.canvas.Canvas; kept loose so this module imports without ReportLab

INLINE = ("credit", "click", "subroutine", "trash", "mu", "link")
"""Symbols that ability text writes as ``[id]``."""

PRINTED = tuple(dict.fromkeys((*INLINE, *ICONS)))
"""Symbols of NetrunnerDB's printed text (:data:`toolkit.markup.ICONS`), all drawn here."""

INLINE_EM = 1.0  # an inline icon is one em square
INLINE_PAD = 0.06  # em of space on each side of an inline icon


def _knockout(color: str) -> str:
    """A colour that shows on a shape filled with ``color`` (white on dark, ink on light)."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5)) if color.startswith("#") else (0, 0, 0)
    return "#1b1d21" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _stroke(c: Canvas, size: float, weight: float = 0.09) -> None:
    c.setLineWidth(max(0.25, size * weight))
    c.setLineCap(1)
    c.setLineJoin(1)


def _credit(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    cx, cy, r = x + s / 2, y + s / 2, s * 0.44
    c.circle(cx, cy, r, stroke=0, fill=1)
    c.setStrokeColor(_knockout(color))
    _stroke(c, s, 0.07)
    c.circle(cx, cy, r * 0.72, stroke=1, fill=0)
    c.line(cx, cy - r * 0.42, cx, cy + r * 0.42)
    c.setStrokeColor(color)


def _click(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    cx, cy, r = x + s / 2, y + s / 2, s * 0.36
    _stroke(c, s)
    path = c.beginPath()
    path.arc(cx - r, cy - r, cx + r, cy + r, 110, 290)
    c.drawPath(path, stroke=1, fill=0)
    # arrow head at the end of the arc (angle 40 degrees)
    end = math.radians(40)
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    head = c.beginPath()
    head.moveTo(ex + s * 0.16, ey - s * 0.02)
    head.lineTo(ex - s * 0.02, ey + s * 0.2)
    head.lineTo(ex - s * 0.12, ey - s * 0.08)
    head.close()
    c.drawPath(head, stroke=0, fill=1)
    c.line(cx, cy, cx, cy + r * 0.6)
    c.line(cx, cy, cx + r * 0.45, cy)


def _subroutine(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.11)
    left, top, bottom = x + s * 0.22, y + s * 0.86, y + s * 0.3
    path = c.beginPath()
    path.moveTo(left, top)
    path.lineTo(left, bottom)
    path.lineTo(x + s * 0.7, bottom)
    c.drawPath(path, stroke=1, fill=0)
    head = c.beginPath()
    head.moveTo(x + s * 0.92, bottom)
    head.lineTo(x + s * 0.62, bottom + s * 0.2)
    head.lineTo(x + s * 0.62, bottom - s * 0.2)
    head.close()
    c.drawPath(head, stroke=0, fill=1)


def _trash(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.08)
    c.line(x + s * 0.14, y + s * 0.8, x + s * 0.86, y + s * 0.8)
    c.line(x + s * 0.4, y + s * 0.9, x + s * 0.6, y + s * 0.9)
    body = c.beginPath()
    body.moveTo(x + s * 0.22, y + s * 0.72)
    body.lineTo(x + s * 0.3, y + s * 0.08)
    body.lineTo(x + s * 0.7, y + s * 0.08)
    body.lineTo(x + s * 0.78, y + s * 0.72)
    body.close()
    c.drawPath(body, stroke=1, fill=0)
    for fx in (0.41, 0.59):
        c.line(x + s * fx, y + s * 0.6, x + s * fx, y + s * 0.2)


def _mu(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.07)
    c.rect(x + s * 0.24, y + s * 0.24, s * 0.52, s * 0.52, stroke=1, fill=0)
    c.rect(x + s * 0.38, y + s * 0.38, s * 0.24, s * 0.24, stroke=0, fill=1)
    for f in (0.36, 0.5, 0.64):
        c.line(x + s * 0.08, y + s * f, x + s * 0.24, y + s * f)
        c.line(x + s * 0.76, y + s * f, x + s * 0.92, y + s * f)
        c.line(x + s * f, y + s * 0.08, x + s * f, y + s * 0.24)
        c.line(x + s * f, y + s * 0.76, x + s * f, y + s * 0.92)


def _link(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.09)
    c.saveState()
    c.translate(x + s / 2, y + s / 2)
    c.rotate(45)
    w, h = s * 0.5, s * 0.28
    c.roundRect(-w * 0.9, -h / 2, w, h, h / 2, stroke=1, fill=0)
    c.roundRect(-w * 0.1, -h / 2, w, h, h / 2, stroke=1, fill=0)
    c.restoreState()


def _heart(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    path = c.beginPath()
    path.moveTo(x + s * 0.5, y + s * 0.1)
    path.curveTo(x + s * 0.05, y + s * 0.42, x + s * 0.02, y + s * 0.78, x + s * 0.28, y + s * 0.86)
    path.curveTo(x + s * 0.4, y + s * 0.9, x + s * 0.48, y + s * 0.82, x + s * 0.5, y + s * 0.72)
    path.curveTo(x + s * 0.52, y + s * 0.82, x + s * 0.6, y + s * 0.9, x + s * 0.72, y + s * 0.86)
    path.curveTo(x + s * 0.98, y + s * 0.78, x + s * 0.95, y + s * 0.42, x + s * 0.5, y + s * 0.1)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _move(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    for offset in (0.0, 0.3):
        path = c.beginPath()
        path.moveTo(x + s * (0.12 + offset), y + s * 0.85)
        path.lineTo(x + s * (0.5 + offset), y + s * 0.5)
        path.lineTo(x + s * (0.12 + offset), y + s * 0.15)
        path.lineTo(x + s * (0.28 + offset), y + s * 0.5)
        path.close()
        c.drawPath(path, stroke=0, fill=1)


def _eye(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.08)
    path = c.beginPath()
    path.moveTo(x + s * 0.06, y + s * 0.5)
    path.curveTo(x + s * 0.3, y + s * 0.86, x + s * 0.7, y + s * 0.86, x + s * 0.94, y + s * 0.5)
    path.curveTo(x + s * 0.7, y + s * 0.14, x + s * 0.3, y + s * 0.14, x + s * 0.06, y + s * 0.5)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
    c.circle(x + s * 0.5, y + s * 0.5, s * 0.15, stroke=0, fill=1)


def _shield(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    path = c.beginPath()
    path.moveTo(x + s * 0.5, y + s * 0.06)
    path.curveTo(x + s * 0.2, y + s * 0.2, x + s * 0.12, y + s * 0.45, x + s * 0.12, y + s * 0.82)
    path.lineTo(x + s * 0.5, y + s * 0.94)
    path.lineTo(x + s * 0.88, y + s * 0.82)
    path.curveTo(x + s * 0.88, y + s * 0.45, x + s * 0.8, y + s * 0.2, x + s * 0.5, y + s * 0.06)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _melee(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.11)
    c.line(x + s * 0.15, y + s * 0.15, x + s * 0.85, y + s * 0.85)
    c.line(x + s * 0.15, y + s * 0.85, x + s * 0.85, y + s * 0.15)
    _stroke(c, s, 0.08)
    c.line(x + s * 0.1, y + s * 0.32, x + s * 0.32, y + s * 0.1)
    c.line(x + s * 0.68, y + s * 0.1, x + s * 0.9, y + s * 0.32)


def _ranged(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.08)
    cx, cy = x + s / 2, y + s / 2
    c.circle(cx, cy, s * 0.3, stroke=1, fill=0)
    c.line(cx, y + s * 0.04, cx, y + s * 0.32)
    c.line(cx, y + s * 0.68, cx, y + s * 0.96)
    c.line(x + s * 0.04, cy, x + s * 0.32, cy)
    c.line(x + s * 0.68, cy, x + s * 0.96, cy)
    c.circle(cx, cy, s * 0.06, stroke=0, fill=1)


def _pistol(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    path = c.beginPath()
    path.moveTo(x + s * 0.06, y + s * 0.7)
    path.lineTo(x + s * 0.94, y + s * 0.7)
    path.lineTo(x + s * 0.94, y + s * 0.52)
    path.lineTo(x + s * 0.46, y + s * 0.52)
    path.lineTo(x + s * 0.36, y + s * 0.12)
    path.lineTo(x + s * 0.14, y + s * 0.12)
    path.lineTo(x + s * 0.22, y + s * 0.52)
    path.lineTo(x + s * 0.06, y + s * 0.52)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _hand(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.08)
    c.roundRect(x + s * 0.22, y + s * 0.1, s * 0.56, s * 0.5, s * 0.12, stroke=1, fill=0)
    for f in (0.3, 0.43, 0.57, 0.7):
        c.line(x + s * f, y + s * 0.6, x + s * f, y + s * 0.88)


def _tap(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    _stroke(c, s, 0.08)
    c.roundRect(x + s * 0.08, y + s * 0.1, s * 0.55, s * 0.38, s * 0.06, stroke=1, fill=0)
    path = c.beginPath()
    path.arc(x + s * 0.35, y + s * 0.3, x + s * 0.95, y + s * 0.9, 180, -90)
    c.drawPath(path, stroke=1, fill=0)
    head = c.beginPath()
    head.moveTo(x + s * 0.65, y + s * 0.98)
    head.lineTo(x + s * 0.86, y + s * 0.87)
    head.lineTo(x + s * 0.65, y + s * 0.74)
    head.close()
    c.drawPath(head, stroke=0, fill=1)


def _fill_polygon(c: Canvas, points: list[tuple[float, float]]) -> None:
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _star(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    cx, cy = x + s / 2, y + s * 0.47
    radii = [s * (0.48 if i % 2 == 0 else 0.2) for i in range(10)]
    angles = [math.radians(90 + 36 * i) for i in range(10)]
    _fill_polygon(c, [(cx + r * math.cos(a), cy + r * math.sin(a)) for r, a in zip(radii, angles, strict=True)])


def _hexagon(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    cx, cy = x + s / 2, y + s / 2
    angles = [math.radians(30 + 60 * i) for i in range(6)]
    _fill_polygon(c, [(cx + s * 0.48 * math.cos(a), cy + s * 0.48 * math.sin(a)) for a in angles])


def _recurring_credit(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A credit inside a ring that turns back on itself: credits that come back every turn."""
    cx, cy = x + s / 2, y + s / 2
    _credit(c, cx - s * 0.3, cy - s * 0.3, s * 0.6, color)
    _stroke(c, s, 0.07)
    r = s * 0.45
    ring = c.beginPath()
    ring.arc(cx - r, cy - r, cx + r, cy + r, 110, 300)
    c.drawPath(ring, stroke=1, fill=0)
    end = math.radians(50)
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    _fill_polygon(c, [(ex + s * 0.13, ey + s * 0.06), (ex - s * 0.1, ey + s * 0.14), (ex - s * 0.02, ey - s * 0.12)])


def _interrupt(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A lightning bolt."""
    _fill_polygon(
        c,
        [
            (x + s * 0.6, y + s * 0.96),
            (x + s * 0.2, y + s * 0.44),
            (x + s * 0.46, y + s * 0.44),
            (x + s * 0.36, y + s * 0.04),
            (x + s * 0.8, y + s * 0.58),
            (x + s * 0.54, y + s * 0.58),
        ],
    )


def _anarch(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A ring with an A whose bar runs through it."""
    _stroke(c, s, 0.08)
    cx, cy = x + s / 2, y + s / 2
    c.circle(cx, cy, s * 0.4, stroke=1, fill=0)
    path = c.beginPath()
    path.moveTo(x + s * 0.27, y + s * 0.16)
    path.lineTo(cx, y + s * 0.88)
    path.lineTo(x + s * 0.73, y + s * 0.16)
    c.drawPath(path, stroke=1, fill=0)
    c.line(x + s * 0.08, y + s * 0.42, x + s * 0.92, y + s * 0.42)


def _criminal(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A domino mask."""
    path = c.beginPath()
    path.moveTo(x + s * 0.04, y + s * 0.66)
    path.curveTo(x + s * 0.3, y + s * 0.78, x + s * 0.7, y + s * 0.78, x + s * 0.96, y + s * 0.66)
    path.curveTo(x + s * 0.98, y + s * 0.4, x + s * 0.8, y + s * 0.24, x + s * 0.62, y + s * 0.3)
    path.curveTo(x + s * 0.54, y + s * 0.33, x + s * 0.46, y + s * 0.33, x + s * 0.38, y + s * 0.3)
    path.curveTo(x + s * 0.2, y + s * 0.24, x + s * 0.02, y + s * 0.4, x + s * 0.04, y + s * 0.66)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.setFillColor(_knockout(color))
    for cx in (0.29, 0.71):
        c.ellipse(x + s * (cx - 0.12), y + s * 0.44, x + s * (cx + 0.12), y + s * 0.6, stroke=0, fill=1)
    c.setFillColor(color)


def _shaper(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A leaf on a stem."""
    path = c.beginPath()
    path.moveTo(x + s * 0.22, y + s * 0.22)
    path.curveTo(x + s * 0.16, y + s * 0.66, x + s * 0.5, y + s * 0.9, x + s * 0.9, y + s * 0.9)
    path.curveTo(x + s * 0.9, y + s * 0.5, x + s * 0.66, y + s * 0.16, x + s * 0.22, y + s * 0.22)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.setStrokeColor(_knockout(color))
    _stroke(c, s, 0.05)
    c.line(x + s * 0.3, y + s * 0.3, x + s * 0.74, y + s * 0.74)
    c.setStrokeColor(color)
    _stroke(c, s, 0.08)
    c.line(x + s * 0.08, y + s * 0.08, x + s * 0.3, y + s * 0.3)


def _haas_bioroid(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """An H in a rounded square."""
    _stroke(c, s, 0.07)
    c.roundRect(x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8, s * 0.16, stroke=1, fill=0)
    _stroke(c, s, 0.11)
    c.line(x + s * 0.34, y + s * 0.28, x + s * 0.34, y + s * 0.72)
    c.line(x + s * 0.66, y + s * 0.28, x + s * 0.66, y + s * 0.72)
    c.line(x + s * 0.34, y + s * 0.5, x + s * 0.66, y + s * 0.5)


def _jinteki(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A ring cut by a bar."""
    _stroke(c, s, 0.1)
    cx, cy = x + s / 2, y + s / 2
    c.circle(cx, cy, s * 0.36, stroke=1, fill=0)
    c.rect(x + s * 0.06, cy - s * 0.07, s * 0.88, s * 0.14, stroke=0, fill=1)


def _nbn(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A dot sending waves: broadcast."""
    _stroke(c, s, 0.08)
    ox, oy = x + s * 0.2, y + s * 0.5
    c.circle(ox, oy, s * 0.1, stroke=0, fill=1)
    for r in (0.3, 0.52, 0.74):
        path = c.beginPath()
        path.arc(ox - s * r, oy - s * r, ox + s * r, oy + s * r, -45, 90)
        c.drawPath(path, stroke=1, fill=0)


def _weyland(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """A pyramid: an outlined triangle on a solid one."""
    _stroke(c, s, 0.07)
    path = c.beginPath()
    path.moveTo(x + s * 0.5, y + s * 0.9)
    path.lineTo(x + s * 0.06, y + s * 0.12)
    path.lineTo(x + s * 0.94, y + s * 0.12)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
    _fill_polygon(c, [(x + s * 0.5, y + s * 0.56), (x + s * 0.3, y + s * 0.2), (x + s * 0.7, y + s * 0.2)])


def _emblem(c: Canvas, x: float, y: float, s: float, color: str) -> None:
    """The crosshair emblem of the card backs."""
    cx, cy = x + s / 2, y + s / 2
    _stroke(c, s, 0.025)
    for r in (0.46, 0.33):
        c.circle(cx, cy, s * r, stroke=1, fill=0)
    c.circle(cx, cy, s * 0.05, stroke=0, fill=1)
    for angle in range(0, 360, 90):
        rad = math.radians(angle)
        c.line(
            cx + s * 0.12 * math.cos(rad),
            cy + s * 0.12 * math.sin(rad),
            cx + s * 0.5 * math.cos(rad),
            cy + s * 0.5 * math.sin(rad),
        )


DRAW: dict[str, Callable[[Canvas, float, float, float, str], None]] = {
    "credit": _credit,
    "click": _click,
    "subroutine": _subroutine,
    "trash": _trash,
    "mu": _mu,
    "link": _link,
    "heart": _heart,
    "move": _move,
    "eye": _eye,
    "shield": _shield,
    "melee": _melee,
    "ranged": _ranged,
    "pistol": _pistol,
    "hand": _hand,
    "tap": _tap,
    "star": _star,
    "hexagon": _hexagon,
    "emblem": _emblem,
    "recurring-credit": _recurring_credit,
    "interrupt": _interrupt,
    "anarch": _anarch,
    "criminal": _criminal,
    "shaper": _shaper,
    "haas-bioroid": _haas_bioroid,
    "jinteki": _jinteki,
    "nbn": _nbn,
    "weyland-consortium": _weyland,
}


_CODE: dict[tuple[str, float, float, float, str], list[str]] = {}
_CODE_LIMIT = 20000


def draw(c: Canvas, name: str, x: float, y: float, size: float, color: str) -> None:
    """Draw icon ``name`` into the square at (x, y) of side ``size`` points, in ``color``.

    An icon is pure path drawing inside q … Q, so the operators it wrote once are
    written again for the same icon at the same place (cards of one layout put
    their icons at the same places), which saves recomputing every curve.
    """
    key = (name, round(x, 4), round(y, 4), round(size, 4), color)
    cached = _CODE.get(key)
    if cached is not None:
        c._code.extend(cached)
        return
    start = len(c._code)
    c.saveState()
    c.setFillColor(color)
    c.setStrokeColor(color)
    DRAW[name](c, x, y, size, color)
    c.restoreState()
    if len(_CODE) < _CODE_LIMIT:
        _CODE[key] = c._code[start:]


def draw_vision(c: Canvas, x: float, y: float, size: float, color: str, rear: bool, side: bool) -> None:
    """A piece seen from above with its vision arrows: front always, rear and sides when it has them."""
    c.saveState()
    c.setFillColor(color)
    c.setStrokeColor(color)
    cx, cy = x + size / 2, y + size / 2
    c.rect(cx - size * 0.14, cy - size * 0.14, size * 0.28, size * 0.28, stroke=0, fill=1)
    directions = [90] + ([270] if rear else []) + ([0, 180] if side else [])
    for angle in directions:
        rad = math.radians(angle)
        tip_x, tip_y = cx + size * 0.48 * math.cos(rad), cy + size * 0.48 * math.sin(rad)
        base = size * 0.22
        bx, by = cx + base * math.cos(rad), cy + base * math.sin(rad)
        px, py = -math.sin(rad) * size * 0.14, math.cos(rad) * size * 0.14
        path = c.beginPath()
        path.moveTo(tip_x, tip_y)
        path.lineTo(bx + px, by + py)
        path.lineTo(bx - px, by - py)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def draw_slots(c: Canvas, x: float, y: float, size: float, color: str, used: int, total: int = 2) -> None:
    """Equipment slots: ``total`` boxes, ``used`` of them filled (carried equipment uses none)."""
    c.saveState()
    c.setFillColor(color)
    c.setStrokeColor(color)
    _stroke(c, size, 0.06)
    box = size * 0.36
    gap = (size - total * box) / (total + 1)
    for i in range(total):
        bx = x + gap + i * (box + gap)
        c.rect(bx, y + (size - box * 1.5) / 2, box, box * 1.5, stroke=1, fill=1 if i < used else 0)
    c.restoreState()
