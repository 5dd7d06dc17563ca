"""`dossier print` PDFs read back with pdfplumber and pypdf: page size, card places, duplex backs,
crop marks, embedded fonts, names in the text, Chinese line breaking, safe zone, determinism."""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import pdfplumber
import pypdf
import pytest

from toolkit.catalog import Catalog, load_catalog
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import PAGE_SIZES, SheetSpec, Size, plan
from toolkit.sheets.layouts import is_printable
from toolkit.sheets.linebreak import CLOSING, OPENING
from toolkit.sheets.render import render_sheets

from .conftest import CARDS

PT = 72 / 25.4
TOLERANCE = 0.1  # mm


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return load_catalog([CARDS])


def printable() -> list[Any]:
    records = [r for r in catalog().records if is_printable(r)]
    return sorted(records, key=lambda r: (r.game, r.kind, r.id))


@lru_cache(maxsize=8)
def sheet(duplex: str = "none", bleed: float = 0.0, dx: float = 0.0, dy: float = 0.0, count: int = 0) -> bytes:
    records = printable()
    if count:
        records = records[:count]
    spec = SheetSpec(duplex=duplex, bleed=bleed, back_dx=dx, back_dy=dy)  # type: ignore[arg-type]
    return render_sheets(records, spec, bundled(), catalog()).pdf


@pytest.fixture(scope="module")
def all_cards() -> Iterator[Any]:
    with pdfplumber.open(io.BytesIO(sheet())) as pdf:
        yield pdf


def card_rects(page: Any, width_mm: float, height_mm: float) -> list[tuple[float, float]]:
    """Bottom-left corners (mm) of the filled rectangles of a card's size (the bleed-edge background)."""
    found = []
    for rect in page.rects:
        if abs(rect["width"] / PT - width_mm) < 0.01 and abs(rect["height"] / PT - height_mm) < 0.01:
            found.append((rect["x0"] / PT, rect["y0"] / PT))
    return sorted(found, key=lambda p: (-p[1], p[0]))


def expected_fronts(count: int, bleed: float = 0.0) -> list[tuple[float, float]]:
    """By hand for A4 and poker cards: a 3 × 3 grid, centred; gutter twice the bleed (with 2 mm bleed, 2 × 3: three
    columns would leave the crop marks no room outside the 5 mm a printer cannot print)."""
    gap = 2 * bleed
    columns = 3 if bleed <= 1 else 2
    width = columns * 63 + (columns - 1) * gap
    height = 3 * 88 + 2 * gap
    left, top = (210 - width) / 2, 297 - (297 - height) / 2
    places = []
    for slot in range(count):
        column, row = slot % columns, slot // columns
        x = left + column * (63 + gap)
        y = top - row * (88 + gap) - 88
        places.append((x - bleed, y - bleed))
    return sorted(places, key=lambda p: (-p[1], p[0]))


def test_the_sheet_has_every_printable_card(all_cards: Any) -> None:
    assert len(all_cards.pages) == -(-len(printable()) // 9)


def test_page_size_is_exact(all_cards: Any) -> None:
    for page in all_cards.pages:
        assert (page.width, page.height) == pytest.approx(
            (210 * PT, 297 * PT), abs=1e-3
        )  # PDF numbers carry 4 decimals
    letter = render_sheets(printable()[:1], SheetSpec(page=PAGE_SIZES["letter"]), bundled(), catalog()).pdf
    box = pypdf.PdfReader(io.BytesIO(letter)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((215.9 * PT, 279.4 * PT), abs=1e-3)


@pytest.mark.slow
def test_every_card_is_within_a_tenth_of_a_millimetre_of_its_place(all_cards: Any) -> None:
    total = len(printable())
    for number, page in enumerate(all_cards.pages):
        count = min(9, total - number * 9)
        found = card_rects(page, 63, 88)
        assert len(found) == count
        for (x, y), (ex, ey) in zip(found, expected_fronts(count), strict=True):
            assert abs(x - ex) < TOLERANCE and abs(y - ey) < TOLERANCE


@pytest.mark.parametrize(
    ("duplex", "bleed", "dx", "dy"), [("long-edge", 0, 0, 0), ("long-edge", 2, 1.5, -0.8), ("short-edge", 1, -2, 3)]
)
def test_duplex_backs_are_mirrored_and_offset(duplex: str, bleed: float, dx: float, dy: float) -> None:
    per_page = plan(SheetSpec(bleed=bleed)).per_page
    with pdfplumber.open(io.BytesIO(sheet(duplex, bleed, dx, dy, count=per_page + 3))) as pdf:
        assert len(pdf.pages) == 4  # front, back, front, back
        size = (63 + 2 * bleed, 88 + 2 * bleed)
        pages = ((pdf.pages[0], pdf.pages[1], per_page), (pdf.pages[2], pdf.pages[3], 3))
        for front_page, back_page, count in pages:
            fronts = expected_fronts(count, bleed)
            assert len(card_rects(front_page, *size)) == count
            expected = []
            for x, y in fronts:
                if duplex == "long-edge":
                    x = 210 - x - size[0]
                else:
                    y = 297 - y - size[1]
                expected.append((x + dx, y + dy))
            found = card_rects(back_page, *size)
            assert len(found) == count
            for (fx, fy), (ex, ey) in zip(found, sorted(expected, key=lambda p: (-p[1], p[0])), strict=True):
                assert abs(fx - ex) < TOLERANCE and abs(fy - ey) < TOLERANCE


@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_crop_marks_lie_on_the_trim_lines(bleed: float) -> None:
    layout = plan(SheetSpec(bleed=bleed))
    xs, ys = layout.trim_lines()
    with pdfplumber.open(io.BytesIO(sheet("none", bleed, count=9))) as pdf:
        lines = pdf.pages[0].lines
    vertical = [ln for ln in lines if abs(ln["x0"] - ln["x1"]) < 1e-6]
    horizontal = [ln for ln in lines if abs(ln["top"] - ln["bottom"]) < 1e-6]
    box = layout.grid_box()
    marks_x = {round(ln["x0"] / PT, 3) for ln in vertical if ln["y1"] / PT < box.y or ln["y0"] / PT > box.top}
    marks_y = {round(ln["y0"] / PT, 3) for ln in horizontal if ln["x1"] / PT < box.x or ln["x0"] / PT > box.right}
    assert len(marks_x) == len(xs) and len(marks_y) == len(ys)
    for got, want in zip(sorted(marks_x), xs, strict=True):
        assert abs(got - want) < TOLERANCE
    for got, want in zip(sorted(marks_y), ys, strict=True):
        assert abs(got - want) < TOLERANCE


def _fonts(resources: Any, seen: set[int]) -> Iterator[Any]:
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        obj = xobject.get_object()
        if id(obj) not in seen and obj.get("/Subtype") == "/Form":
            seen.add(id(obj))
            yield from _fonts(obj.get("/Resources"), seen)


@pytest.mark.parametrize("duplex", ["none", "long-edge"])
def test_every_font_is_embedded(duplex: str) -> None:
    reader = pypdf.PdfReader(io.BytesIO(sheet(duplex, count=12)))
    fonts = [f for page in reader.pages for f in _fonts(page.get("/Resources"), set())]
    assert fonts
    for font in fonts:
        assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]
        assert "DossierSansSC" in font["/BaseFont"]


def test_every_card_name_is_in_the_text(all_cards: Any) -> None:
    records = printable()
    for number, page in enumerate(all_cards.pages):
        text = "".join(page.extract_text().split())
        for record in records[number * 9 : number * 9 + 9]:
            assert "".join(record.name.zh_hans.split()) in text, (record.id, number)
            if record.name.en and record.name.en != record.name.zh_hans:  # a bilingual print's subtitle only
                assert "".join(record.name.en.split())[:8] not in text, record.id


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_a_bilingual_sheet_prints_both_names(lang: str) -> None:
    records = printable()[::9]
    pdf = render_sheets(records, SheetSpec(), bundled(), catalog(), lang=lang, bilingual=True).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        text = "".join("".join((page.extract_text() or "").split()) for page in document.pages)
    for record in records:
        assert "".join(record.name.zh_hans.split()) in text, record.id
        if record.name.en:
            assert "".join(record.name.en.split())[:8] in text, record.id


def _cards_of(page: Any) -> list[tuple[float, float, float, float]]:
    return [(x * PT, y * PT, 63 * PT, 88 * PT) for x, y in card_rects(page, 63, 88)]


def _lines(page: Any) -> dict[tuple[int, int, float], list[Any]]:
    """Characters grouped into lines: per card, per direction (upright or turned), per baseline."""
    cards = _cards_of(page)
    lines: dict[tuple[int, int, float], list[Any]] = defaultdict(list)
    for char in page.chars:
        a, _, _, d, e, f = char["matrix"]
        cx = (char["x0"] + char["x1"]) / 2
        cy = page.height - (char["top"] + char["bottom"]) / 2
        card = next(i for i, (x, y, w, h) in enumerate(cards) if x <= cx <= x + w and y <= cy <= y + h)
        direction = 1 if a > 0 else -1
        lines[(card, direction, round(f, 1))].append(char)
    for (_, direction, _), chars in lines.items():
        chars.sort(key=lambda c: direction * c["x0"])
    return lines


def test_no_line_starts_with_closing_or_ends_with_opening_punctuation(all_cards: Any) -> None:
    checked = 0
    for page in all_cards.pages:
        for chars in _lines(page).values():
            text = "".join(c["text"] for c in chars).strip()
            if text:
                checked += 1
                assert text[0] not in CLOSING, text
                assert text[-1] not in OPENING, text
    assert checked > 2000


def test_turned_text_is_there_for_reversible_cards(all_cards: Any) -> None:
    turned = [c for page in all_cards.pages for c in page.chars if c["matrix"][0] < 0]
    reversible = [r for r in printable() if getattr(r, "reverse", None) is not None]
    assert reversible and turned


def test_all_text_is_inside_the_safe_zone_and_at_least_6_pt(all_cards: Any) -> None:
    for page in all_cards.pages:
        cards = _cards_of(page)
        for char in page.chars:
            if not char["text"].strip():
                continue
            x0, x1 = char["x0"], char["x1"]
            y0, y1 = page.height - char["bottom"], page.height - char["top"]
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            x, y, w, h = next(
                card for card in cards if card[0] <= cx <= card[0] + card[2] and card[1] <= cy <= card[1] + card[3]
            )
            safe = 3 * PT - 0.05
            assert x + safe <= x0 and x1 <= x + w - safe, char["text"]
            assert y + safe <= y0 and y1 <= y + h - safe, char["text"]
            assert char["size"] >= 6 - 1e-6, (char["text"], char["size"])


def test_same_input_same_bytes() -> None:
    records = printable()[:20]
    spec = SheetSpec(duplex="long-edge", bleed=2)
    first = render_sheets(records, spec, bundled(), catalog()).pdf
    second = render_sheets(records, spec, bundled(), catalog()).pdf
    assert first == second


@pytest.mark.parametrize("card", [Size(44, 67, "mini"), Size(57, 89, "bridge"), Size(70, 120, "tarot")])
def test_other_card_sizes_print_every_card_within_the_safe_zone(card: Size) -> None:
    records = printable()
    result = render_sheets(records, SheetSpec(card=card), bundled(), catalog())
    errors = [i for i in result.issues if i.severity == "error"]
    if card.name != "mini":
        assert not errors, errors
    with pdfplumber.open(io.BytesIO(result.pdf)) as pdf:
        page = pdf.pages[0]
        safe = (2.5 if card.width < 55 else 3) * PT - 0.05
        rects = card_rects(page, card.width, card.height)
        assert rects
        for char in page.chars:
            cx = (char["x0"] + char["x1"]) / 2 / PT
            cy = (page.height - (char["top"] + char["bottom"]) / 2) / PT
            x, y = next((x, y) for x, y in rects if x <= cx <= x + card.width and y <= cy <= y + card.height)
            assert x * PT + safe <= char["x0"] and char["x1"] <= (x + card.width) * PT - safe
