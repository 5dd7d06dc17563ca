"""The print layouts' icons (:mod:`toolkit.sheets.icons`) as inline SVG for the web pages.

The drawings are the same functions the PDF sheets use: :class:`SvgCanvas` takes the few ReportLab
canvas calls they make (state, colours, line style, circles, ellipses, lines, rectangles, paths with
lines, curves and arcs, translate and rotate) and writes SVG elements instead. Each icon is drawn once
per process, in ``currentColor`` so it takes the text's colour; :func:`icon_svg` gives it as markup
with its name for screen readers, and :func:`with_icons` turns the ``[credit]``-style tokens of a line
of text into icons (everything else escaped).
"""

from __future__ import annotations

import functools
import math
import re
from typing import Any

from markupsafe import Markup, escape

from toolkit.markup import ALIASES, ICONS

SIZE = 100.0  # the drawings' square, in SVG user units (the viewBox)
COLOR = "currentColor"


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class SvgPath:
    """A path being built (ReportLab's ``beginPath()`` object): moveTo, lineTo, curveTo, arc, close."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def moveTo(self, x: float, y: float) -> None:  # noqa: N802 (ReportLab's names)
        self.parts.append(f"M{_n(x)} {_n(y)}")

    def lineTo(self, x: float, y: float) -> None:  # noqa: N802
        self.parts.append(f"L{_n(x)} {_n(y)}")

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> None:  # noqa: N802
        self.parts.append(f"C{_n(x1)} {_n(y1)} {_n(x2)} {_n(y2)} {_n(x3)} {_n(y3)}")

    def arc(self, x1: float, y1: float, x2: float, y2: float, start: float = 0, extent: float = 90) -> None:
        """Part of the ellipse in the box (x1, y1)–(x2, y2) from ``start`` degrees over ``extent`` (counter-
        clockwise when positive, y up), beginning with a move to its first point, as ReportLab's ``arc``."""
        cx, cy, rx, ry = (x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1) / 2, abs(y2 - y1) / 2

        def at(angle: float) -> tuple[float, float]:
            rad = math.radians(angle)
            return cx + rx * math.cos(rad), cy + ry * math.sin(rad)

        sx, sy = at(start)
        self.moveTo(sx, sy)
        # an SVG arc cannot draw a whole turn in one command: two halves
        steps = 2 if abs(extent) > 180 else 1
        for i in range(1, steps + 1):
            ex, ey = at(start + extent * i / steps)
            large = 1 if abs(extent) / steps > 180 else 0
            sweep = 1 if extent > 0 else 0
            self.parts.append(f"A{_n(rx)} {_n(ry)} 0 {large} {sweep} {_n(ex)} {_n(ey)}")

    def close(self) -> None:
        self.parts.append("Z")


class SvgCanvas:
    """The subset of ReportLab's canvas that :mod:`toolkit.sheets.icons` draws with, writing SVG elements.

    Coordinates are the drawings' own (y up); :meth:`svg` flips them into the viewBox."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.fill = self.stroke = COLOR
        self.width = 1.0
        self.cap = "butt"
        self.join = "miter"
        self.stack: list[tuple[str, str, float, str, str]] = []
        self.groups = [0]  # groups opened (translate/rotate) per saved state

    # state
    def saveState(self) -> None:  # noqa: N802
        self.stack.append((self.fill, self.stroke, self.width, self.cap, self.join))
        self.groups.append(0)

    def restoreState(self) -> None:  # noqa: N802
        self.fill, self.stroke, self.width, self.cap, self.join = self.stack.pop()
        self.out.extend("</g>" for _ in range(self.groups.pop()))

    def setFillColor(self, color: Any) -> None:  # noqa: N802
        self.fill = str(color)

    def setStrokeColor(self, color: Any) -> None:  # noqa: N802
        self.stroke = str(color)

    def setLineWidth(self, width: float) -> None:  # noqa: N802
        self.width = width

    def setLineCap(self, cap: int) -> None:  # noqa: N802
        self.cap = ("butt", "round", "square")[cap]

    def setLineJoin(self, join: int) -> None:  # noqa: N802
        self.join = ("miter", "round", "bevel")[join]

    def translate(self, x: float, y: float) -> None:
        self.out.append(f'<g transform="translate({_n(x)} {_n(y)})">')
        self.groups[-1] += 1

    def rotate(self, degrees: float) -> None:
        self.out.append(f'<g transform="rotate({_n(degrees)})">')
        self.groups[-1] += 1

    # shapes
    def _paint(self, stroke: int, fill: int) -> str:
        paint = f' fill="{self.fill}"' if fill else ' fill="none"'
        if stroke:
            paint += (
                f' stroke="{self.stroke}" stroke-width="{_n(self.width)}" stroke-linecap="{self.cap}"'
                f' stroke-linejoin="{self.join}"'
            )
        return paint

    def circle(self, cx: float, cy: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        self.out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"{self._paint(stroke, fill)}/>')

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1, fill: int = 0) -> None:
        cx, cy, rx, ry = (x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1) / 2, abs(y2 - y1) / 2
        self.out.append(
            f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}"{self._paint(stroke, fill)}/>'
        )

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.out.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"{self._paint(1, 0)}/>')

    def rect(self, x: float, y: float, w: float, h: float, stroke: int = 1, fill: int = 0) -> None:
        self.out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{self._paint(stroke, fill)}/>')

    def roundRect(self, x: float, y: float, w: float, h: float, r: float, stroke: int = 1, fill: int = 0) -> None:  # noqa: N802
        self.out.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(r)}"{self._paint(stroke, fill)}/>'
        )

    def beginPath(self) -> SvgPath:  # noqa: N802
        return SvgPath()

    def drawPath(self, path: SvgPath, stroke: int = 1, fill: int = 0) -> None:  # noqa: N802
        self.out.append(f'<path d="{" ".join(path.parts)}"{self._paint(stroke, fill)}/>')

    def svg(self) -> str:
        body = "".join(self.out)
        return f'<g transform="matrix(1 0 0 -1 0 {_n(SIZE)})">{body}</g>'


@functools.cache
def _drawing(name: str) -> str:
    from toolkit.sheets.icons import DRAW

    canvas = SvgCanvas()
    canvas.saveState()
    DRAW[name](canvas, 0.0, 0.0, SIZE, COLOR)
    canvas.restoreState()
    return canvas.svg()


def icon_svg(name: str, label: str | None = None) -> Markup:
    """Icon ``name`` (an id of :data:`toolkit.markup.ICONS`) as inline SVG one em high, named ``label`` (default:
    its id) for screen readers and as its tooltip."""
    from toolkit import i18n

    name = ALIASES.get(name, name)
    title = escape(label or i18n.word("icon", name, i18n.current_lang()))
    return Markup(
        f'<svg class="icon icon-{escape(name)}" viewBox="0 0 {_n(SIZE)} {_n(SIZE)}" role="img" aria-label="{title}">'
        f"<title>{title}</title>{_drawing(name)}</svg>"
    )


TOKEN = re.compile(r"\[([a-z][a-z_-]*)\]")


def with_icons(text: Any) -> Markup:
    """``text`` escaped, each ``[id]`` token of an icon (:data:`toolkit.markup.ICONS`, or a known misspelling)
    drawn as :func:`icon_svg`; other bracketed words stay as written."""
    out: list[str] = []
    last = 0
    text = str(text)
    for match in TOKEN.finditer(text):
        name = ALIASES.get(match.group(1), match.group(1))
        if name not in ICONS:
            continue
        out.append(str(escape(text[last : match.start()])))
        out.append(str(icon_svg(name)))
        last = match.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))


__all__ = ["SvgCanvas", "icon_svg", "with_icons"]
