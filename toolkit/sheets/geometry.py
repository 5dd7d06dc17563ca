"""Sheet geometry: card and page sizes, the grid, duplex backs, crop marks.

Pure arithmetic in millimetres, no drawing, so every number the tests check
comes from here. Coordinates follow PDF: origin at the bottom-left corner of
the page, x to the right, y up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from toolkit.errors import DossierError
from toolkit.i18n import current_lang, tr
from toolkit.i18n.words import Nc_

PT_PER_MM = 72.0 / 25.4

Duplex = Literal["none", "long-edge", "short-edge"]
DUPLEX_MODES: tuple[Duplex, ...] = ("none", "long-edge", "short-edge")

MIN_BLEED, MAX_BLEED = 0.0, 3.0
MAX_BACK_OFFSET = 10.0
MAX_GUTTER = 20.0
COMFORT_MARGIN = 5.0  # most printers cannot print closer to the edge of the paper
CROP_GAP = 1.0  # crop marks start this far outside the bleed
CROP_LENGTH = 4.0  # and are at most this long
MIN_MARK = 1.5  # a crop mark shorter than this in the printable area is not laid out for
MARK_MARGIN = COMFORT_MARGIN + CROP_GAP + MIN_MARK
"""Paper edge to the grid's outer bleed edge that leaves a crop mark at least MIN_MARK long outside the
unprintable COMFORT_MARGIN strip (auto-fit keeps it when it can)."""


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * PT_PER_MM


@dataclass(frozen=True)
class Size:
    """A width and height in millimetres."""

    width: float
    height: float
    name: str = ""
    word: bool = True  # the name is a word (translated: poker), not a code (A4)

    def label(self, lang: str = "en") -> str:
        """``poker (63×88 mm)``, ``A4 (210×297 mm)``, ``60×90 mm``, in ``lang``."""
        from toolkit.i18n import t, tc

        dims = t(lang, "{width}×{height} mm", width=_num(self.width), height=_num(self.height))
        if not self.name:
            return dims
        name = tc(lang, "paper size", self.name) if self.word else self.name
        return t(lang, "{name} ({size})", name=name, size=dims)


def _num(value: float) -> str:
    return f"{value:g}"


CARD_SIZES: dict[str, Size] = {
    "poker": Size(63, 88, "poker"),
    "bridge": Size(57, 89, "bridge"),
    "mini": Size(44, 67, "mini"),
    "tarot": Size(70, 120, "tarot"),
}
PAGE_SIZES: dict[str, Size] = {
    "a4": Size(210, 297, "A4", False),
    "letter": Size(215.9, 279.4, "Letter", False),
}
SIZE_NAMES = (  # the card sizes' names, for the catalogs (Size.label translates them)
    Nc_("paper size", "poker"),
    Nc_("paper size", "bridge"),
    Nc_("paper size", "mini"),
    Nc_("paper size", "tarot"),
)

_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×X*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")


def parse_card_size(text: str) -> Size:
    """``poker``, ``bridge``, ``mini``, ``tarot`` or a custom ``WxH`` in millimetres (``60x90``)."""
    key = text.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = _CUSTOM.match(key)
    if not match:
        raise DossierError(
            tr(
                "--card {value}: expected one of {choices} or {form} in mm, e.g. {example}",
                value=repr(text),
                choices=", ".join(CARD_SIZES),
                form="WxH",
                example="60x90",
            )
        )
    width, height = float(match.group(1)), float(match.group(2))
    if not (20 <= width <= 200 and 20 <= height <= 280):
        raise DossierError(tr("--card {value}: a card is 20-200 mm wide and 20-280 mm high", value=repr(text)))
    return Size(width, height)


def parse_page_size(text: str) -> Size:
    key = text.strip().lower()
    if key not in PAGE_SIZES:
        choices = ", ".join(PAGE_SIZES)
        raise DossierError(tr("--page {value}: expected one of {choices}", value=repr(text), choices=choices))
    return PAGE_SIZES[key]


def parse_grid(text: str) -> tuple[int, int]:
    """``3x3`` (columns x rows)."""
    match = re.match(r"^\s*(\d+)\s*[x×X]\s*(\d+)\s*$", text)
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise DossierError(
            tr("--grid {value}: expected {form}, e.g. {example}", value=repr(text), form="COLUMNSxROWS", example="3x3")
        )
    return int(match.group(1)), int(match.group(2))


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in millimetres (x, y of the bottom-left corner)."""

    x: float
    y: float
    width: float
    height: float

    def grow(self, by: float) -> Rect:
        return Rect(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def shift(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Line:
    """A straight line segment in millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetSpec:
    """Everything that decides where cards go on paper."""

    card: Size = CARD_SIZES["poker"]
    page: Size = PAGE_SIZES["a4"]
    bleed: float = 0.0
    gutter: float | None = None  # None: twice the bleed, so neighbouring bleeds just meet
    crop_marks: bool = True
    duplex: Duplex = "none"
    back_dx: float = 0.0
    back_dy: float = 0.0
    grid: tuple[int, int] | None = None  # columns, rows; None: as many as fit

    def validated(self) -> SheetSpec:
        """Check the ranges a user can get wrong; raise a one-line DossierError (exit 2)."""
        if not MIN_BLEED <= self.bleed <= MAX_BLEED:
            raise DossierError(
                tr(
                    "--bleed {value}: bleed is {low}-{high} mm",
                    value=_num(self.bleed),
                    low=_num(MIN_BLEED),
                    high=_num(MAX_BLEED),
                )
            )
        if self.gutter is not None:
            if not 0 <= self.gutter <= MAX_GUTTER:
                raise DossierError(
                    tr("--gutter {value}: gutter is 0-{high} mm", value=_num(self.gutter), high=_num(MAX_GUTTER))
                )
            if self.gutter < 2 * self.bleed - 1e-9:
                raise DossierError(
                    tr(
                        "--gutter {value}: with {bleed} mm bleed the gutter must be at least {least} mm, or one "
                        "card's bleed covers its neighbour",
                        value=_num(self.gutter),
                        bleed=_num(self.bleed),
                        least=_num(2 * self.bleed),
                    )
                )
        for name, value in (("--back-dx", self.back_dx), ("--back-dy", self.back_dy)):
            if abs(value) > MAX_BACK_OFFSET:
                raise DossierError(
                    tr(
                        "{option} {value}: the back offset is at most ±{most} mm",
                        option=name,
                        value=_num(value),
                        most=_num(MAX_BACK_OFFSET),
                    )
                )
        if self.duplex not in DUPLEX_MODES:
            raise DossierError(
                tr(
                    "--backs {value}: expected one of {choices}",
                    value=repr(self.duplex),
                    choices=", ".join(DUPLEX_MODES),
                )
            )
        return self

    @property
    def gap(self) -> float:
        """Space between the trim lines of neighbouring cards."""
        return 2 * self.bleed if self.gutter is None else self.gutter


@dataclass(frozen=True)
class Layout:
    """Where every card of a page goes, front and back."""

    spec: SheetSpec
    columns: int
    rows: int
    margin_x: float  # from the page edge to the outer bleed edge of the grid (add the bleed for the trim line)
    margin_y: float
    warnings: tuple[str, ...] = ()

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def front(self, slot: int) -> Rect:
        """Trim rectangle of the card in ``slot`` (0 = top-left, row by row) on a front page."""
        spec = self.spec
        column, row = slot % self.columns, slot // self.columns
        x = self.margin_x + spec.bleed + column * (spec.card.width + spec.gap)
        top = spec.page.height - self.margin_y - spec.bleed - row * (spec.card.height + spec.gap)
        return Rect(x, top - spec.card.height, spec.card.width, spec.card.height)

    def back(self, slot: int) -> Rect:
        """Trim rectangle of the back of the card in ``slot``: mirrored for the duplex edge, then offset."""
        rect = self.front(slot)
        spec = self.spec
        if spec.duplex == "short-edge":
            rect = Rect(rect.x, spec.page.height - rect.top, rect.width, rect.height)
        else:  # long-edge; "none" has no back pages, but mirroring like long-edge keeps the function total
            rect = Rect(spec.page.width - rect.right, rect.y, rect.width, rect.height)
        return rect.shift(spec.back_dx, spec.back_dy)

    def back_rotated(self) -> bool:
        """Whether backs are drawn turned 180°.

        Short-edge duplex turns the sheet over its top edge, so a back drawn upright
        would read upside down when a cut card is turned over sideways, like a page of
        a book (how long-edge duplex and printed decks behave); it is drawn turned.
        """
        return self.spec.duplex == "short-edge"

    def trim_lines(self, filled: int | None = None) -> tuple[list[float], list[float]]:
        """x positions of vertical trim lines and y positions of horizontal ones (sorted, unique): of every slot of
        the page, or of its first ``filled`` slots (a part-filled last page: the lines of its cards only)."""
        xs: set[float] = set()
        ys: set[float] = set()
        count = self.per_page if filled is None else max(0, min(filled, self.per_page))
        for slot in range(count):
            rect = self.front(slot)
            xs.update((round(rect.x, 6), round(rect.right, 6)))
            ys.update((round(rect.y, 6), round(rect.top, 6)))
        return sorted(xs), sorted(ys)

    def grid_box(self) -> Rect:
        """The outer bleed edge of the whole grid."""
        spec = self.spec
        width = self.columns * spec.card.width + (self.columns - 1) * spec.gap + 2 * spec.bleed
        height = self.rows * spec.card.height + (self.rows - 1) * spec.gap + 2 * spec.bleed
        return Rect(self.margin_x, spec.page.height - self.margin_y - height, width, height)

    def crop_marks(self, filled: int | None = None) -> list[Line]:
        """Short lines in the margins continuing every trim line, kept clear of the bleed and of the strip
        along the paper's edge that most printers cannot print (COMFORT_MARGIN); a margin too narrow for a mark
        outside that strip (a layout :func:`plan` warns about) has its marks reach into it. ``filled``: a page
        that holds cards in its first ``filled`` slots only has marks for their trim lines alone, where a full
        page has them (no mark says where to cut around an empty slot)."""
        if not self.spec.crop_marks:
            return []
        box = self.grid_box()
        page = self.spec.page
        xs, ys = self.trim_lines(filled)
        marks: list[Line] = []
        bottom_len = _mark_length(box.y)
        top_len = _mark_length(page.height - box.top)
        left_len = _mark_length(box.x)
        right_len = _mark_length(page.width - box.right)
        for x in xs:
            if bottom_len > 0.2:
                marks.append(Line(x, box.y - CROP_GAP - bottom_len, x, box.y - CROP_GAP))
            if top_len > 0.2:
                marks.append(Line(x, box.top + CROP_GAP, x, box.top + CROP_GAP + top_len))
        for y in ys:
            if left_len > 0.2:
                marks.append(Line(box.x - CROP_GAP - left_len, y, box.x - CROP_GAP, y))
            if right_len > 0.2:
                marks.append(Line(box.right + CROP_GAP, y, box.right + CROP_GAP + right_len, y))
        return marks


    def marks_printable(self) -> bool:
        """Whether every crop mark is at least MIN_MARK long outside the unprintable strip at the paper's edge."""
        box, page = self.grid_box(), self.spec.page
        margins = (box.x, box.y, page.width - box.right, page.height - box.top)
        return not self.spec.crop_marks or min(margins) >= MARK_MARGIN - 1e-9


def _mark_length(margin: float) -> float:
    """How long the crop marks in a margin of ``margin`` mm (paper edge to the bleed) are: up to CROP_LENGTH,
    ending COMFORT_MARGIN from the paper's edge; when that leaves less than MIN_MARK, as long as the paper
    allows (the marks may then be cut off by the printer: :func:`plan` warns)."""
    printable = min(CROP_LENGTH, margin - CROP_GAP - COMFORT_MARGIN)
    return printable if printable >= MIN_MARK - 1e-9 else min(CROP_LENGTH, margin - CROP_GAP)


def _span(count: int, size: float, gap: float, bleed: float) -> float:
    return count * size + (count - 1) * gap + 2 * bleed


def _fit(page: float, margin: float, size: float, gap: float, bleed: float, outer: float = 0.0) -> int:
    """How many cards of ``size`` fit across ``page`` with their trim lines ``margin`` from its edges.

    The outer bleed may reach into the margin (it is cut off anyway) but not off the paper, nor closer to its
    edge than ``outer`` (room for the crop marks).
    """
    count = 0
    while True:
        n = count + 1
        trim = n * size + (n - 1) * gap
        if trim > page - 2 * margin + 1e-9 or trim + 2 * bleed > page - 2 * outer + 1e-9:
            return count
        count = n


def plan(spec: SheetSpec) -> Layout:
    """Fit the grid to the page.

    Auto-fit takes as many cards as fit with their trim lines at least 5 mm from
    the paper's edge (the outer bleed may reach closer); if not even one does, as
    many as fit on the paper at all, with a warning. An explicit grid that does
    not fit, or a card larger than the page, is a DossierError.
    """
    spec = spec.validated()
    card, page, gap, bleed = spec.card, spec.page, spec.gap, spec.bleed
    warnings: list[str] = []
    if spec.grid is not None:
        columns, rows = spec.grid
        width, height = _span(columns, card.width, gap, bleed), _span(rows, card.height, gap, bleed)
        if width > page.width + 1e-9 or height > page.height + 1e-9:
            raise DossierError(
                tr(
                    "--grid {grid}: {grid} cards of {card} with {bleed} mm bleed and {gutter} mm gutter need "
                    "{width}×{height} mm; the {page} page is smaller",
                    grid=f"{columns}x{rows}",
                    card=card.label(current_lang()),
                    bleed=_num(bleed),
                    gutter=_num(gap),
                    width=_num(round(width, 2)),
                    height=_num(round(height, 2)),
                    page=page.label(current_lang()),
                )
            )
    else:
        columns = _fit(page.width, COMFORT_MARGIN, card.width, gap, bleed)
        rows = _fit(page.height, COMFORT_MARGIN, card.height, gap, bleed)
        if spec.crop_marks and columns and rows:  # fewer cards where the crop marks need the room to print
            marked = (
                _fit(page.width, COMFORT_MARGIN, card.width, gap, bleed, MARK_MARGIN),
                _fit(page.height, COMFORT_MARGIN, card.height, gap, bleed, MARK_MARGIN),
            )
            if all(marked) and marked != (columns, rows):
                warnings.append(
                    tr(
                        "{grid} cards per page, not {more}, to keep the crop marks out of the {comfort} mm along "
                        "the paper's edge that most printers cannot print ({hint} fits {more})",
                        grid=f"{marked[0]}×{marked[1]}",
                        more=f"{columns}×{rows}",
                        comfort=_num(COMFORT_MARGIN),
                        hint="--no-crop-marks",
                    )
                )
                columns, rows = marked
        if columns == 0 or rows == 0:
            columns = max(columns, _fit(page.width, 0.0, card.width, gap, bleed))
            rows = max(rows, _fit(page.height, 0.0, card.height, gap, bleed))
        if columns == 0 or rows == 0:
            raise DossierError(
                tr(
                    "a {card} card with {bleed} mm bleed does not fit on a {page} page",
                    card=card.label(current_lang()),
                    bleed=_num(bleed),
                    page=page.label(current_lang()),
                )
            )
    margin_x = (page.width - _span(columns, card.width, gap, bleed)) / 2
    margin_y = (page.height - _span(rows, card.height, gap, bleed)) / 2
    smallest = min(margin_x, margin_y) + bleed  # paper edge to the outermost trim line
    if smallest < COMFORT_MARGIN - 1e-9:
        warnings.append(
            tr(
                "margins are {margin} mm (paper edge to the cards' trim lines), under {comfort} mm: most printers "
                "cannot print that close to the edge, so card edges and crop marks may be cut off",
                margin=f"{smallest:.1f}",
                comfort=_num(COMFORT_MARGIN),
            )
        )
    layout = Layout(spec, columns, rows, margin_x, margin_y)
    if not warnings and not layout.marks_printable():
        box = layout.grid_box()
        margins = (box.x, box.y, page.width - box.right, page.height - box.top)
        edge = min(m - CROP_GAP - _mark_length(m) for m in margins)  # the outer end of the outermost mark
        warnings.append(
            tr(
                "the crop marks reach within {edge} mm of the paper's edge, closer than most printers print "
                "({comfort} mm): some may be cut off; use a smaller --bleed or --grid, or a larger --page",
                edge=f"{max(0.0, edge):.1f}",
                comfort=_num(COMFORT_MARGIN),
            )
        )
    return Layout(spec, columns, rows, margin_x, margin_y, tuple(warnings))
