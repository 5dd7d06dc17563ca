"""Sheet geometry: sizes, the auto-fit grid, margins, duplex backs, crop marks (hand-computed numbers)."""

from __future__ import annotations

import pytest

from toolkit.errors import DossierError
from toolkit.sheets.geometry import (
    CARD_SIZES,
    PAGE_SIZES,
    SheetSpec,
    Size,
    parse_card_size,
    parse_grid,
    parse_page_size,
    plan,
)


@pytest.mark.parametrize(
    ("text", "width", "height"),
    [
        ("poker", 63, 88),
        ("Bridge", 57, 89),
        ("mini", 44, 67),
        ("tarot", 70, 120),
        ("60x90", 60, 90),
        ("60 × 90 mm", 60, 90),
        ("62.5X87.5", 62.5, 87.5),
    ],
)
def test_card_sizes(text: str, width: float, height: float) -> None:
    size = parse_card_size(text)
    assert (size.width, size.height) == (width, height)


@pytest.mark.parametrize("text", ["huge", "10x10", "60x", "x90", "", "300x90", "60x300"])
def test_bad_card_sizes_are_usage_errors(text: str) -> None:
    with pytest.raises(DossierError) as info:
        parse_card_size(text)
    assert info.value.exit_code == 2
    assert "--card" in info.value.message


@pytest.mark.parametrize(("text", "width", "height"), [("a4", 210, 297), ("A4", 210, 297), ("letter", 215.9, 279.4)])
def test_pages(text: str, width: float, height: float) -> None:
    page = parse_page_size(text)
    assert (page.width, page.height) == (width, height)


@pytest.mark.parametrize("text", ["a5", "tabloid", ""])
def test_bad_pages(text: str) -> None:
    with pytest.raises(DossierError):
        parse_page_size(text)


@pytest.mark.parametrize(("text", "grid"), [("3x3", (3, 3)), ("4X2", (4, 2)), (" 2 x 5 ", (2, 5))])
def test_grid(text: str, grid: tuple[int, int]) -> None:
    assert parse_grid(text) == grid


@pytest.mark.parametrize("text", ["0x3", "3", "axb", "3x-1"])
def test_bad_grid(text: str) -> None:
    with pytest.raises(DossierError):
        parse_grid(text)


A4, LETTER = PAGE_SIZES["a4"], PAGE_SIZES["letter"]
POKER, BRIDGE, MINI, TAROT = (CARD_SIZES[n] for n in ("poker", "bridge", "mini", "tarot"))


@pytest.mark.parametrize(
    ("card", "page", "bleed", "gutter", "grid", "columns", "rows", "margin_x", "margin_y", "warns"),
    [
        # 3 × 63 = 189 of 210 mm, 3 × 88 = 264 of 297 mm
        (POKER, A4, 0, None, None, 3, 3, 10.5, 16.5, False),
        (POKER, LETTER, 0, None, None, 3, 3, 13.45, 7.7, False),
        (BRIDGE, A4, 0, None, None, 3, 3, 19.5, 15.0, False),
        (MINI, A4, 0, None, None, 4, 4, 17.0, 14.5, False),
        (TAROT, A4, 0, None, None, 2, 2, 35.0, 28.5, False),
        # 2 mm bleed, 4 mm gutter: three columns' bleed grid is 201 mm, 4.5 mm from the paper's edge: no room for
        # a crop mark outside the 5 mm a printer cannot print, so two columns (said in a warning)
        (POKER, A4, 2, None, None, 2, 3, 38.0, 10.5, True),
        # 3 mm bleed, 6 mm gutter: three columns need 201 mm of trim grid, more than 210 - 2 × 5
        (POKER, A4, 3, 6, None, 2, 3, 36.0, 7.5, False),
        # forced 3 × 3 with 3 mm bleed: the trim lines are 4.5 mm from the paper's edge
        (POKER, A4, 3, None, (3, 3), 3, 3, 1.5, 7.5, True),
        (POKER, A4, 0, 2, (2, 2), 2, 2, 41.0, 59.5, False),
        # a card that only fits without the comfortable margin
        (Size(205, 200), A4, 0, None, None, 1, 1, 2.5, 48.5, True),
    ],
)
def test_plan(
    card: Size,
    page: Size,
    bleed: float,
    gutter: float | None,
    grid: tuple[int, int] | None,
    columns: int,
    rows: int,
    margin_x: float,
    margin_y: float,
    warns: bool,
) -> None:
    layout = plan(SheetSpec(card=card, page=page, bleed=bleed, gutter=gutter, grid=grid))
    assert (layout.columns, layout.rows) == (columns, rows)
    assert layout.margin_x == pytest.approx(margin_x)
    assert layout.margin_y == pytest.approx(margin_y)
    assert bool(layout.warnings) == warns
    if warns:
        assert "under 5 mm" in layout.warnings[0] or "crop marks" in layout.warnings[0]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (SheetSpec(card=POKER, grid=(4, 3)), "--grid 4x3"),
        (SheetSpec(card=Size(200, 280), page=LETTER, bleed=3), "does not fit"),
        (SheetSpec(bleed=3.5), "--bleed"),
        (SheetSpec(bleed=-1), "--bleed"),
        (SheetSpec(bleed=2, gutter=3), "at least 4 mm"),
        (SheetSpec(gutter=25), "--gutter"),
        (SheetSpec(back_dx=11), "--back-dx"),
        (SheetSpec(back_dy=-10.5), "--back-dy"),
    ],
)
def test_layouts_that_cannot_be_printed_are_errors(spec: SheetSpec, words: str) -> None:
    with pytest.raises(DossierError) as info:
        plan(spec)
    assert words in info.value.message
    assert "\n" not in info.value.message


def test_front_slots_fill_rows_from_the_top_left() -> None:
    layout = plan(SheetSpec())
    assert (layout.front(0).x, layout.front(0).top) == pytest.approx((10.5, 297 - 16.5))
    assert (layout.front(2).x, layout.front(2).top) == pytest.approx((10.5 + 2 * 63, 297 - 16.5))
    assert (layout.front(3).x, layout.front(3).top) == pytest.approx((10.5, 297 - 16.5 - 88))
    assert (layout.front(8).x, layout.front(8).y) == pytest.approx((10.5 + 126, 16.5))


@pytest.mark.parametrize(
    ("duplex", "dx", "dy", "slot", "x", "y"),
    [
        # long edge: the back of the top-left card is at the top right, mirrored about the vertical centre line
        ("long-edge", 0, 0, 0, 210 - 10.5 - 63, 297 - 16.5 - 88),
        ("long-edge", 0, 0, 5, 10.5, 297 - 16.5 - 2 * 88),
        ("long-edge", 1.5, -0.5, 0, 210 - 10.5 - 63 + 1.5, 297 - 16.5 - 88 - 0.5),
        # short edge: mirrored about the horizontal centre line
        ("short-edge", 0, 0, 0, 10.5, 16.5),
        ("short-edge", 0, 0, 8, 10.5 + 126, 297 - 16.5 - 88),
        ("short-edge", -2, 3, 1, 10.5 + 63 - 2, 16.5 + 3),
    ],
)
def test_backs_mirror_for_the_duplex_edge_and_shift_by_the_offset(
    duplex: str, dx: float, dy: float, slot: int, x: float, y: float
) -> None:
    layout = plan(SheetSpec(duplex=duplex, back_dx=dx, back_dy=dy))  # type: ignore[arg-type]
    back = layout.back(slot)
    assert (back.x, back.y) == pytest.approx((x, y))
    assert (back.width, back.height) == (63, 88)
    assert layout.back_rotated() == (duplex == "short-edge")


@pytest.mark.parametrize("bleed", [0, 1, 3])
def test_crop_marks_continue_the_trim_lines_outside_the_bleed(bleed: float) -> None:
    layout = plan(SheetSpec(bleed=bleed))
    xs, ys = layout.trim_lines()
    box = layout.grid_box()
    marks = layout.crop_marks()
    vertical = [m for m in marks if m.x1 == m.x2]
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert {m.x1 for m in vertical} == set(xs)
    assert {m.y1 for m in horizontal} == set(ys)
    for m in vertical:
        assert m.y2 <= box.y or m.y1 >= box.top  # never inside the bleed of the grid
        assert m.y1 >= 0 and m.y2 <= 297
    for m in horizontal:
        assert m.x2 <= box.x or m.x1 >= box.right
    assert len(xs) == (2 * layout.columns if bleed else layout.columns + 1)
    assert len(ys) == (2 * layout.rows if bleed else layout.rows + 1)


def test_no_crop_marks_when_turned_off() -> None:
    assert plan(SheetSpec(crop_marks=False)).crop_marks() == []
