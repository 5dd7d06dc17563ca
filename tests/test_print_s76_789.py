"""Print in English, stop 76: every one-line text and the role slips measure what they draw (the proportional
quotes of Latin text), the "·" of an English type line prints at Latin width (a Chinese one stays full-width), and
no stat label is cut: each fits its cell, in English and Chinese, at every named card size."""

from __future__ import annotations

import ast
import io
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from toolkit.sheets import layouts
from toolkit.sheets.fonts import LATIN_QUOTES, bundled
from toolkit.sheets.geometry import CARD_SIZES, SheetSpec, mm
from toolkit.sheets.linebreak import LATIN_DOT, latin_line, latin_quotes
from toolkit.sheets.textbox import Measurer, line_width

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"


@lru_cache(maxsize=1)
def _catalog() -> Any:
    from toolkit.catalog import load_catalog

    return load_catalog([CARDS])


def _record(game: str, record_id: str) -> Any:
    return next(r for r in _catalog().records if r.game == game and r.id == record_id and layouts.is_printable(r))


def _chars(records: list[Any], lang: str) -> list[dict[str, Any]]:
    from toolkit.sheets.render import render_cards

    sheet = render_cards(records, SheetSpec(), bundled(), _catalog(), False, lang=lang)
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        return list(pdf.pages[0].chars)


# ---------------------------------------------------------------- one rule for the quotes of Latin text


def test_the_layouts_measure_one_line_texts_as_draw_line_draws_them() -> None:
    """No width in layouts.py is taken of the text as given: each goes through textbox.line_width (the rule of
    draw_line), so a name or note with a curly quote or a "·" is measured at the width it prints at."""
    tree = ast.parse((ROOT / "toolkit/sheets/layouts.py").read_text(encoding="utf-8"))
    direct = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "width"
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "fonts"
    ]
    assert direct == []


def test_line_width_is_the_width_draw_line_draws() -> None:
    fonts = bundled()
    for text in ("Aesop’s Pawnshop", "Agent · Heavy", "特工 · 重型", "他说“你好”"):
        assert line_width(text, 7, fonts, True) == pytest.approx(fonts.width(latin_line(text), True, 7))
    assert line_width("Aesop’s", 7, fonts) < fonts.width("Aesop’s", False, 7) - 0.5 * 7  # the quote narrow


def test_a_footer_tag_is_as_wide_as_its_english_text() -> None:
    """The matrix-shop and token tags of a tactics card: the tag's box is its text's printed width plus padding
    (it was measured with a full-width "·", so "Token · At most 2 in play" sat in a box too wide)."""
    from reportlab.pdfgen.canvas import Canvas

    fonts = bundled()
    canvas = Canvas(None)
    boxes: list[float] = []
    real = canvas.roundRect

    def recording(x: float, y: float, width: float, height: float, radius: float, **kw: Any) -> None:
        boxes.append(width)
        real(x, y, width, height, radius, **kw)

    canvas.roundRect = recording
    ctx = layouts.Context(canvas, fonts, _catalog(), measure=Measurer(fonts), lang="en")
    layouts.draw_front(ctx, _record("tactics", "holo_decoy"), mm(63), mm(88), 0.0)
    tag = next(w for w in boxes if w < mm(50) and abs(w - line_width("Token · At most 2 in play", 6, fonts, True)
                                                           - mm(1.6)) < 0.01)  # fmt: skip
    assert tag < fonts.width("Token · At most 2 in play", True, 6) + mm(1.6) - 3


def _slip_chars(**kw: Any) -> list[dict[str, Any]]:
    from toolkit.sheets.slips import Slip, slips_pdf

    slip = Slip(**{"seat_label": "Seat 1", "name": "Ana", "role": "Assassin", "team": "red team", "team_color": "red"}
                | kw)  # fmt: skip
    with pdfplumber.open(io.BytesIO(slips_pdf([slip]))) as pdf:
        return list(pdf.pages[0].chars)


def test_a_role_slip_prints_the_quotes_of_latin_text_narrow_and_chinese_ones_full_width() -> None:
    fonts = bundled()
    chars = _slip_chars(name="Aesop’s", rows=[("Win", "“JK” wins; 他说“你好”")])
    text = "".join(c["text"] for c in chars)
    assert "Aesop’s" in text and "“JK” wins; 他说“你好”" in text  # the PDF's text is the real quotes
    assert not set(text) & set(LATIN_QUOTES.values())
    for index, ch in enumerate(chars[:-1]):
        if ch["text"] in LATIN_QUOTES:
            advance = chars[index + 1]["x0"] - ch["x0"]
            chinese = "你" in (chars[index - 1]["text"], chars[index + 1]["text"])
            expected = ch["size"] if chinese else fonts.width(LATIN_QUOTES[ch["text"]], False, ch["size"])
            bold = fonts.width(LATIN_QUOTES[ch["text"]], True, ch["size"])
            assert advance == pytest.approx(expected, abs=0.05) or advance == pytest.approx(bold, abs=0.05), text


def test_a_slip_name_too_long_is_told_with_its_real_quotes() -> None:
    from toolkit.sheets.slips import Slip, slips_pdf

    told: list[str] = []
    name = "Aesop’s " * 40
    slips_pdf([Slip("Seat 1", name.strip(), "Assassin", "red team", "red")], warn=told.append)
    assert told and not set(told[0]) & set(LATIN_QUOTES.values()) and "Aesop’s" in told[0]


# ---------------------------------------------------------------- the "·" of an English type line


@pytest.mark.parametrize("text", ["Agent · Heavy · Assault", "Ice: Barrier · Bioroid", "Blue team · Armed"])
def test_a_latin_middle_dot_is_the_narrow_one(text: str) -> None:
    line = latin_line(text)
    assert line == text.replace("·", LATIN_DOT)
    assert latin_quotes(text) == text  # text set in a box keeps its dots
    assert bundled().width(LATIN_DOT, True, 1.0) < 0.35 < bundled().width("·", True, 1.0)


@pytest.mark.parametrize("text", ["特工 · 重型 · 突击", "雷恩·哈洛维", "·"])
def test_a_chinese_middle_dot_stays_full_width(text: str) -> None:
    assert latin_line(text) == text


def _dots(lang: str) -> list[tuple[float, float, str]]:
    """(advance, size, character) of each middle dot of the type line of the tactics agent Anvil in ``lang``."""
    chars = _chars([_record("tactics", "anvil")], lang)
    found = []
    for index, ch in enumerate(chars[:-1]):
        if unicodedata.normalize("NFC", ch["text"]) == "·" and ch["size"] < 8:
            found.append((chars[index + 1]["x0"] - ch["x0"], ch["size"], ch["text"]))
    return found


def test_the_middle_dots_of_an_english_type_line_print_at_latin_width() -> None:
    dots = _dots("en")
    assert len(dots) == 2, dots  # Agent · Heavy · Assault
    for advance, size, _text in dots:
        # the space after the dot starts a Latin-width dot later (it was a whole em)
        assert advance == pytest.approx(bundled().width(LATIN_DOT, True, size), abs=0.05)
        assert advance < 0.4 * size


def test_the_middle_dots_of_a_chinese_type_line_stay_full_width() -> None:
    dots = _dots("zh-Hans")
    assert len(dots) == 2, dots
    for advance, size, text in dots:
        assert text == "·" and advance == pytest.approx(size, abs=0.05)


# ---------------------------------------------------------------- stat labels


def test_stat_cells_share_the_row() -> None:
    assert layouts.stat_cells(90, [10, 20, 30]) == [30, 30, 30]  # each fits its share: equal as before
    assert layouts.stat_cells(90, [10, 10, 50]) == pytest.approx([16.67, 16.67, 56.67], abs=0.01)
    assert layouts.stat_cells(90, [30, 30, 60]) == pytest.approx([22.5, 22.5, 45])  # too little: in proportion


@lru_cache(maxsize=16)
def _labels(size: str, lang: str) -> list[tuple[str, Any, list[str], list[tuple[str, float, float, float]]]]:
    """Per bundled card with stats at card size ``size`` in ``lang``: (ref, box rect, its labels, the centred lines
    the stats drew: text, centre x, width, size)."""
    from reportlab.pdfgen.canvas import Canvas

    fonts = bundled()
    card = CARD_SIZES[size]
    ctx = layouts.Context(Canvas(None), fonts, _catalog(), measure=Measurer(fonts), lang=lang)
    found: list[Any] = []
    real_stats, real_draw = layouts.Face.stats, layouts.draw_line

    def stats(face: Any, rect: Any, box: Any, items: list[tuple[str, str, str]]) -> None:
        drawn: list[tuple[str, float, float, float]] = []

        def draw_line(c: Any, text: str, x: float, y: float, size: float, fonts: Any, bold: bool = False,
                      color: str = "", align: str = "left") -> None:  # fmt: skip
            if align == "center":
                drawn.append((text, x, line_width(text, size, fonts, bold), size))
            real_draw(c, text, x, y, size, fonts, bold, color, align)  # type: ignore[arg-type]

        layouts.draw_line = draw_line
        try:
            real_stats(face, rect, box, items)
        finally:
            layouts.draw_line = real_draw
        if items:
            found.append((f"{face.record.game}/{face.record.id}", rect, [label for *_, label in items], drawn))

    layouts.Face.stats = stats  # type: ignore[method-assign,assignment]
    try:
        for record in _catalog().records:
            if layouts.is_printable(record):
                layouts.draw_front(ctx, record, mm(card.width), mm(card.height), 0.0)
    finally:
        layouts.Face.stats = real_stats  # type: ignore[method-assign]
    return found


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot"])
def test_every_stat_label_of_every_bundled_card_fits_its_cell_whole(size: str, lang: str) -> None:
    found = _labels(size, lang)
    games = {ref.partition("/")[0] for ref, *_ in found}
    assert games == {"tactics", "netrunner"}, games  # (crossfire roles have no stats row)
    for ref, rect, labels, drawn in found:
        assert [text for text, *_ in drawn] == labels, ref  # every letter of every label
        spans = sorted((x - w / 2, x + w / 2) for _text, x, w, _size in drawn)
        assert spans[0][0] >= rect.x - 0.01 and spans[-1][1] <= rect.right + 0.01, (ref, labels)
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert end <= start + 0.01, (ref, labels)  # no label runs into the next
        assert all(label_size >= layouts.ID_MIN_SIZE for *_, label_size in drawn), (ref, drawn)


def test_the_long_english_labels_keep_their_size_where_the_row_has_room() -> None:
    """Min. deck size and Vision front+rear were cut (Vision front+re…) or shrunk on small cards: their cells
    take what HP and Link leave over."""
    for ref, _rect, labels, drawn in _labels("mini", "en"):
        if "Vision front+rear" in labels or "Min. deck size" in labels:
            assert {label_size for *_, label_size in drawn} == {6.0}, (ref, drawn)
