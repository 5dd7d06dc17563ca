"""Sweep 74c, 5: a part-filled last page of `dossier print` draws crop marks for the trim lines of its cards only
(read back with pdfplumber); a full page keeps every mark."""

from __future__ import annotations

import io

import pdfplumber

from toolkit.catalog import load_catalog
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import SheetSpec, plan
from toolkit.sheets.layouts import is_printable
from toolkit.sheets.render import render_sheets

from .conftest import CARDS

PT = 72 / 25.4


def _marks(page: object, layout: object) -> tuple[set[float], set[float]]:
    """x of the vertical marks and y of the horizontal marks in the margins around the grid (mm, rounded)."""
    box = layout.grid_box()  # type: ignore[attr-defined]
    lines = page.lines  # type: ignore[attr-defined]
    xs = {round(ln["x0"] / PT, 2) for ln in lines
          if abs(ln["x0"] - ln["x1"]) < 1e-6 and (ln["y1"] / PT < box.y or ln["y0"] / PT > box.top)}  # fmt: skip
    ys = {round(ln["y0"] / PT, 2) for ln in lines
          if abs(ln["top"] - ln["bottom"]) < 1e-6 and (ln["x1"] / PT < box.x or ln["x0"] / PT > box.right)}  # fmt: skip
    return xs, ys


def test_a_part_filled_last_page_marks_its_cards_only() -> None:
    catalog = load_catalog([CARDS])
    records = sorted((r for r in catalog.records if is_printable(r) and r.game == "crossfire"), key=lambda r: r.id)
    spec = SheetSpec()
    layout = plan(spec)
    assert len(records) >= layout.per_page + 1
    pdf = render_sheets(records[: layout.per_page + 1], spec, bundled(), catalog).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        full, last = (_marks(page, layout) for page in doc.pages)
    every = tuple({round(v, 2) for v in values} for values in layout.trim_lines())
    one = tuple({round(v, 2) for v in values} for values in layout.trim_lines(1))
    assert full == every
    assert last == one and len(one[0]) == 2 and len(one[1]) == 2
