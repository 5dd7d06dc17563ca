"""Card art: the cover crop and the bleed arithmetic, the image's place in the PDF (read back with
pdfplumber), the grey placeholder and warning of print, and lint's card.art.* findings."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from PIL import Image, ImageDraw

from toolkit.catalog import load_catalog
from toolkit.jsonio import canonical_dumps
from toolkit.sheets import art
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import Rect, SheetSpec
from toolkit.sheets.layouts import record_text
from toolkit.sheets.render import render_cards
from toolkit.sheets.template import TEMPLATE_DIR, load_templates

PT = 72 / 25.4
CARD = "adrenaline_shot"  # a tactics item: no stats, so its art box grows up to the type line


# ---------------------------------------------------------------------- arithmetic


@pytest.mark.parametrize(
    ("image", "box", "crop"),
    [
        ((600, 300), (60, 30), (0, 0, 600, 300)),  # same proportions: all of it
        ((600, 300), (30, 30), (150, 0, 300, 300)),  # wide image, square box: the middle square
        ((600, 300), (60, 15), (0, 75, 600, 150)),  # wider box: a band across the middle
        ((300, 600), (63, 88), (0, (600 - 300 * 88 / 63) / 2, 300, 300 * 88 / 63)),  # tall image: its middle
    ],
)
def test_cover_takes_the_centred_part_with_the_boxs_proportions(
    image: tuple[int, int], box: tuple[float, float], crop: tuple[float, float, float, float]
) -> None:
    got = art.cover(*image, *box)
    assert got == pytest.approx(crop)
    left, top, width, height = got
    assert width / height == pytest.approx(box[0] / box[1])
    assert left >= 0 and top >= 0 and left + width <= image[0] + 1e-9 and top + height <= image[1] + 1e-9


@pytest.mark.parametrize(
    ("box", "expected"),
    [
        (Rect(4, 30, 55, 24), Rect(4, 30, 55, 24)),  # inside the card: no bleed
        (Rect(0, 0, 63, 88), Rect(-2, -2, 67, 92)),  # the whole card: bleed all round
        (Rect(0, 48, 63, 40), Rect(-2, 48, 67, 42)),  # the top 40 mm (y up): left, right and top edges
        (Rect(0, 10, 20, 20), Rect(-2, 10, 22, 20)),  # the left edge only
        (Rect(43, 0, 20, 10), Rect(43, -2, 22, 12)),  # the bottom-right corner
        (Rect(0.005, 0, 62.99, 88), Rect(-2, -2, 67, 92)),  # within a hundredth of a millimetre touches
        (Rect(0.5, 0.5, 62, 87), Rect(0.5, 0.5, 62, 87)),  # half a millimetre in does not
    ],
)
def test_art_runs_into_the_bleed_only_where_its_box_touches_the_trim(box: Rect, expected: Rect) -> None:
    got = art.bleed_box(box, 63, 88, 2)
    assert (got.x, got.y, got.width, got.height) == pytest.approx(
        (expected.x, expected.y, expected.width, expected.height)
    )
    assert art.bleed_box(box, 63, 88, 0) == box


def _test_image(path: Path, size: tuple[int, int] = (600, 300), fmt: str = "PNG") -> Path:
    """Red left band, green right band, yellow top, purple bottom, a white disc in the middle."""
    width, height = size
    image = Image.new("RGB", size, (60, 90, 200))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 59, height], fill=(220, 30, 30))
    draw.rectangle([width - 60, 0, width, height], fill=(30, 170, 60))
    draw.rectangle([60, 0, width - 61, 19], fill=(250, 230, 0))
    draw.rectangle([60, height - 20, width - 61, height], fill=(120, 0, 160))
    draw.ellipse([width / 2 - 80, height / 2 - 80, width / 2 + 80, height / 2 + 80], fill="white")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format=fmt)
    return path


def test_the_picture_is_the_centre_of_the_image_in_the_boxs_proportions(tmp_path: Path) -> None:
    path = _test_image(tmp_path / "a.png")
    square = art.picture(path, 30, 30)  # the middle 300 × 300: no red or green band, yellow and purple kept
    assert square.size == (300, 300)
    assert square.getpixel((150, 150)) == (255, 255, 255)
    assert square.getpixel((2, 150)) == (60, 90, 200)
    assert square.getpixel((150, 2)) == (250, 230, 0)
    wide = art.picture(path, 60, 10)  # a band 600 × 100 across the middle: bands at the sides, none at top
    assert wide.size == (600, 100)
    assert wide.getpixel((2, 50)) == (220, 30, 30) and wide.getpixel((597, 50)) == (30, 170, 60)
    assert wide.getpixel((300, 2)) == (255, 255, 255)
    small = art.picture(path, 5, 5)  # 5 mm at 450 ppi: resampled down to 89 px
    assert small.size == (round(5 / 25.4 * art.MAX_PPI),) * 2


# ---------------------------------------------------------------------- in the PDF


def _with_art(game_copy: Any, art_value: str | None, card: str = CARD) -> Path:
    root = game_copy("tactics")
    path = root / "cards" / f"{card}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["art"] = art_value
    if art_value is None:
        del data["art"]
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return root


def _template_dir(tmp_path: Path, art_box: dict[str, Any], **boxes: dict[str, Any]) -> Path:
    data = json.loads((TEMPLATE_DIR / "tactics" / "card.json").read_text(encoding="utf-8"))
    data["boxes"]["art"] = art_box
    for name, changes in boxes.items():
        data["boxes"][name].update(changes)
    folder = tmp_path / "templates"
    (folder / "tactics").mkdir(parents=True)
    (folder / "tactics" / "card.json").write_text(canonical_dumps(data), encoding="utf-8")
    return folder


def _render(root: Path, bleed: float, templates: Path | None = None, card: str = CARD) -> Any:
    catalog = load_catalog([root])
    record = catalog.get("tactics", card, "card")
    return render_cards(
        [record], SheetSpec(bleed=bleed), bundled(), catalog, False, templates=load_templates(templates)
    )


def _images(pdf: bytes) -> list[dict[str, Any]]:
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [
            {"x": i["x0"] / PT, "top": i["top"] / PT, "w": i["width"] / PT, "h": i["height"] / PT, "src": i["srcsize"]}
            for i in document.pages[0].images
        ]


@pytest.mark.parametrize(
    ("box", "bleed", "placed"),
    [
        # an art box inside the card: exactly there, whatever the bleed
        ({"x": 4.2, "y": 30, "width": 54.6, "height": 24}, 2, (4.2, 30, 54.6, 24)),
        ({"x": 4.2, "y": 30, "width": 54.6, "height": 24}, 0, (4.2, 30, 54.6, 24)),
        # touching the top, left and right edges: on into the bleed there, not at the bottom
        ({"x": 0, "y": 0, "width": 63, "height": 40}, 2, (-2, -2, 67, 42)),
        ({"x": 0, "y": 0, "width": 63, "height": 40}, 3, (-3, -3, 69, 43)),
        ({"x": 0, "y": 0, "width": 63, "height": 40}, 0, (0, 0, 63, 40)),
        # the bottom-right corner
        ({"x": 33, "y": 58, "width": 30, "height": 30}, 1, (33, 58, 31, 31)),
    ],
)
def test_the_image_covers_its_box_and_the_bleed_where_the_box_touches_the_edge(
    game_copy: Any, tmp_path: Path, box: dict[str, float], bleed: float, placed: tuple[float, ...]
) -> None:
    root = _with_art(game_copy, "../art/a.png")
    _test_image(root / "art" / "a.png")
    folder = _template_dir(tmp_path, {**box, "give_to": "text"}, stats={"give_to": None})
    sheet = _render(root, bleed, folder)
    assert not [i for i in sheet.issues if i.code.startswith("sheet.art")]
    (image,) = _images(sheet.pdf)
    x, y, w, h = placed
    # page coordinates: the page is the card plus its bleed all round
    assert (image["x"], image["top"], image["w"], image["h"]) == pytest.approx((x + bleed, y + bleed, w, h), abs=0.01)
    src_w, src_h = image["src"]
    assert src_w / src_h == pytest.approx(w / h, rel=0.01)  # cropped to the box's proportions, not stretched


def test_the_default_art_box_sits_between_the_type_line_and_the_text(game_copy: Any) -> None:
    root = _with_art(game_copy, "../art/a.jpg")
    _test_image(root / "art" / "a.jpg", fmt="JPEG")
    (image,) = _images(_render(root, 2).pdf)
    # no stats on this card: the stats box gives its space to the art (21.5 mm from the top to 54.1 mm)
    assert (image["x"], image["top"], image["w"], image["h"]) == pytest.approx(
        (2 + 4.2, 2 + 21.5, 54.6, 32.6), abs=0.01
    )
    assert image["src"] == (round(300 * 54.6 / 32.6), 300)


def test_a_card_without_art_has_no_image_and_the_bundled_look(game_copy: Any) -> None:
    root = _with_art(game_copy, None)
    sheet = _render(root, 2)
    assert _images(sheet.pdf) == []
    assert not sheet.issues


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        (lambda folder: None, "sheet.art.missing"),
        (lambda folder: (folder / "a.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40), "sheet.art.unreadable"),
        (lambda folder: (folder / "a.png").write_bytes(b"GIF89a" + b"\0" * 40), "sheet.art.format"),
        (lambda folder: (folder / "a.png").mkdir(), "sheet.art.unreadable"),
    ],
)
def test_bad_art_prints_a_grey_placeholder_with_a_warning(game_copy: Any, setup: Any, code: str) -> None:
    root = _with_art(game_copy, "../art/a.png")
    (root / "art").mkdir()
    setup(root / "art")
    sheet = _render(root, 2)
    assert [(i.code, i.severity) for i in sheet.issues] == [(code, "warning")]
    assert "a.png" in sheet.issues[0].message
    assert _images(sheet.pdf) == []
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as document:
        grey = [r for r in document.pages[0].rects if r["non_stroking_color"] == pytest.approx((200 / 255,) * 3)]
    (rect,) = grey
    assert (rect["x0"] / PT, rect["top"] / PT, rect["width"] / PT) == pytest.approx((6.2, 23.5, 54.6), abs=0.01)


def test_print_warns_about_missing_art_and_exits_0(cli, game_copy: Any, tmp_path: Path) -> None:
    root = _with_art(game_copy, "../art/none.png")
    out = tmp_path / "a.pdf"
    result = cli("print", "--cards", root.parent, f"tactics/{CARD}", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.exists()
    assert f"{CARD}.json: warning sheet.art.missing:" in result.stderr
    assert "art '../art/none.png'" in result.stderr and "grey box" in result.stderr


def test_art_path_is_not_text_to_print() -> None:
    catalog = load_catalog([Path(__file__).resolve().parent.parent / "cards" / "tactics"])
    record = catalog.get("tactics", CARD, "card")
    assert record is not None
    with_art = record.model_copy(update={"art": "../art/幽灵.png"})
    assert record_text(with_art) == record_text(record)


# ---------------------------------------------------------------------- lint


@pytest.mark.parametrize(
    ("setup", "code", "words"),
    [
        (lambda folder: None, "card.art.missing", "no such file"),
        (
            lambda folder: (folder / "a.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40),
            "card.art.unreadable",
            "broken",
        ),
        (
            lambda folder: (folder / "a.png").write_bytes(b"\xff\xd8\xff\xe0" + b"\0" * 40),
            "card.art.unreadable",
            "broken",
        ),
        (lambda folder: (folder / "a.png").mkdir(), "card.art.unreadable", "directory"),
        (lambda folder: (folder / "a.png").write_bytes(b"GIF89a" + b"\0" * 40), "card.art.format", "GIF"),
        (lambda folder: (folder / "a.png").write_text("<svg/>"), "card.art.format", "SVG"),
        (lambda folder: (folder / "a.png").write_bytes(b""), "card.art.format", "empty"),
    ],
)
def test_lint_reports_bad_art_at_the_art_field(cli, game_copy: Any, setup: Any, code: str, words: str) -> None:
    root = _with_art(game_copy, "../art/a.png")
    (root / "art").mkdir()
    setup(root / "art")
    record_file = root / "cards" / f"{CARD}.json"
    line = next(n for n, text in enumerate(record_file.read_text().splitlines(), 1) if '"art"' in text)
    result = cli("lint", record_file)
    assert result.exit_code == 1, result.output
    (finding,) = [ln for ln in result.stdout.splitlines() if "card.art" in ln]
    assert finding.startswith(f"{record_file}:{line}:3: error {code}: tactics card '{CARD}': art '../art/a.png' (")
    assert words in finding


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_lint_accepts_good_art_and_a_truncated_jpeg_is_not_good(cli, game_copy: Any, fmt: str) -> None:
    root = _with_art(game_copy, "../art/a.img")
    path = _test_image(root / "art" / "a.img", fmt=fmt)
    record_file = root / "cards" / f"{CARD}.json"
    result = cli("lint", record_file, "--format", "json")
    assert "card.art" not in result.stdout, result.stdout
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    assert "card.art.unreadable" in cli("lint", record_file).stdout


def test_art_is_a_field_of_every_printable_record_and_no_other() -> None:
    schema = Path(__file__).resolve().parent.parent / "schema"
    printable = {"tactics": ("agent", "card", "unit"), "netrunner": ("card", "identity"), "crossfire": ("role",)}
    for game, kinds in printable.items():
        for kind in kinds:
            text = (schema / game / f"{kind}.schema.json").read_text(encoding="utf-8")
            assert '"art"' in text, (game, kind)
    for other in ("tactics/game", "tactics/mode", "netrunner/faction", "crossfire/mode"):
        assert '"art"' not in (schema / f"{other}.schema.json").read_text(encoding="utf-8")
