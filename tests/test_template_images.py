"""Template pictures (a front's background, a back's image) and a template's own text boxes."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pdfplumber
from PIL import Image

from toolkit.catalog import load_catalog
from toolkit.jsonio import canonical_dumps
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import SheetSpec
from toolkit.sheets.render import PNG_DPI, pdf_to_pngs, render_cards
from toolkit.sheets.template import TEMPLATE_DIR, load_templates

PT = 72 / 25.4
RED, BLUE = (220, 20, 20), (20, 40, 210)


def _design(tmp_path: Path, game: str, name: str, change: Any) -> Path:
    data = json.loads((TEMPLATE_DIR / game / f"{name}.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "designs" / game / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return tmp_path / "designs"


def _pixel(png: bytes, x_mm: float, y_mm: float) -> tuple[int, ...]:
    """The colour at ``x_mm``, ``y_mm`` from the top-left corner of a page rendered at PNG_DPI."""
    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
        return tuple(rgb.getpixel((round(x_mm / 25.4 * PNG_DPI), round(y_mm / 25.4 * PNG_DPI))))


def _near(colour: tuple[int, ...], expected: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(colour, expected, strict=True))


def _vip(folder: Path, backs: bool = False, bleed: float = 0) -> Any:
    from toolkit.paths import CARDS_DIR

    catalog = load_catalog([CARDS_DIR])
    record = catalog.get("crossfire", "vip", "role")
    return render_cards([record], SheetSpec(bleed=bleed), bundled(), catalog, backs, templates=load_templates(folder))


def test_a_background_image_is_drawn_under_the_boxes_to_the_bleed(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["background"] = {"image": "paper.png"}

    folder = _design(tmp_path, "crossfire", "role", change)
    Image.new("RGB", (600, 840), RED).save(folder / "crossfire" / "paper.png")
    sheet = _vip(folder, bleed=2)
    assert not sheet.issues
    front = pdf_to_pngs(sheet.pdf)[0]
    assert _near(_pixel(front, 0.5, 0.5), RED)  # in the bleed
    assert _near(_pixel(front, 2 + 1.2, 2 + 44), RED)  # where the frame colour was
    plain = pdf_to_pngs(_vip(_design(tmp_path / "b", "crossfire", "role", lambda d: None), bleed=2).pdf)[0]
    assert not _near(_pixel(plain, 2 + 1.2, 2 + 44), RED)
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as document:  # the words are still drawn, on the picture
        assert document.pages[0].images and document.pages[0].chars


def test_a_back_image_is_drawn_over_the_background_colour(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["image"] = {"image": "../back.png"}

    folder = _design(tmp_path, "crossfire", "back-role", change)
    Image.new("RGB", (600, 840), BLUE).save(folder / "back.png")
    sheet = _vip(folder, backs=True)
    pages = pdf_to_pngs(sheet.pdf)
    assert len(pages) == 2
    assert _near(_pixel(pages[1], 1, 1), BLUE) and _near(_pixel(pages[1], 62, 87), BLUE)
    assert not _near(_pixel(pages[0], 1, 1), BLUE)  # the front keeps its look


def test_a_missing_template_image_is_left_out_and_the_card_prints(tmp_path: Path) -> None:
    folder = _design(tmp_path, "crossfire", "role", lambda d: d.update(background={"image": "gone.png"}))
    sheet = _vip(folder)
    assert sheet.pdf.startswith(b"%PDF") and not sheet.issues


def test_extra_text_boxes_print_fixed_words_and_a_field(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["footer"]["ref"] = False
        data["texts"] = [
            {"x": 4.2, "y": 80.4, "width": 30, "height": 3.4, "text": {"en": "Season one", "zh-Hans": "第一季"}},
            {
                "x": 35,
                "y": 80.4,
                "width": 23.8,
                "height": 3.4,
                "field": "id",
                "align": "center",
                "style": {"size": 6, "color": "#c0392b", "font": "bold"},
            },
        ]

    folder = _design(tmp_path, "crossfire", "role", change)
    for lang, words in (("en", "Season one"), ("zh-Hans", "第一季")):
        from toolkit.paths import CARDS_DIR

        catalog = load_catalog([CARDS_DIR])
        record = catalog.get("crossfire", "vip", "role")
        sheet = render_cards(
            [record], SheetSpec(), bundled(), catalog, False, lang=lang, templates=load_templates(folder)
        )
        assert not sheet.issues
        with pdfplumber.open(io.BytesIO(sheet.pdf)) as document:
            chars = document.pages[0].chars
        text = "".join(c["text"] for c in chars)
        assert words in text and "vip" in text
        start = text.index(words)
        drawn = chars[start : start + len(words)]
        assert min(c["x0"] for c in drawn) / PT >= 4.2 - 0.05 and max(c["bottom"] for c in drawn) / PT <= 85.01
        ref = chars[text.index("vip") : text.index("vip") + 3]
        assert {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in ref} == {(0.753, 0.224, 0.169)}
        assert min(c["x0"] for c in ref) / PT > 35 and max(c["x1"] for c in ref) / PT < 58.8


def test_an_extra_text_box_of_a_field_the_card_lacks_stays_empty(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["texts"] = [{"x": 5, "y": 60, "width": 50, "height": 5, "field": "no_such.field"}]

    sheet = _vip(_design(tmp_path, "crossfire", "role", change))
    assert sheet.pdf.startswith(b"%PDF") and not sheet.issues
