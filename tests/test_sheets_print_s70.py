"""Printable sheets, round 70: 16-bit greyscale art prints its greys (every mode Pillow opens is brought to 8 bits, one
that cannot be is a finding), a small card's name is fitted from its least size, --tts-url-base makes working URLs or
is refused, art leading out of a set's folder is reported by lint and refused by print, the calibration page names
only the outline it draws and keeps its crosses out of it, the cost badge's icon keeps clear of its number, a line
never ends with an opening straight quote, options that do nothing are refused, and a full disk while the PNGs are
written leaves neither a PDF nor a temporary folder's name behind."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.conftest import CARDS
from tests.test_editor_s58 import set_card

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "schema"


def _one_error_line(result: Any) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    return lines[0]


# ---------------------------------------------------------------- 1. 16-bit greyscale art


def _gradient16(path: Path, width: int = 256, height: int = 128) -> Path:
    """A 16-bit greyscale PNG: black at the left, white at the right (values 0 … 65535)."""
    image = Image.new("I;16", (width, height))
    image.putdata([round(x * 65535 / (width - 1)) for _ in range(height) for x in range(width)])
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)
    with Image.open(path) as check:  # (written as 16 bits a sample)
        assert check.mode in ("I;16", "I;16B", "I"), check.mode
    return path


def test_16_bit_greyscale_art_keeps_its_greys(tmp_path: Path) -> None:
    from toolkit.sheets import art

    path = _gradient16(tmp_path / "g16.png")
    assert art.problem(path) is None
    image = art.load(path)
    assert image.mode == "RGB"
    row = [image.getpixel((x, 4))[0] for x in range(image.width)]
    assert row[0] <= 1 and row[-1] >= 254
    assert abs(row[128] - 128) <= 1, row[120:136]  # the middle is mid-grey, not white
    assert all(a <= b for a, b in zip(row, row[1:], strict=False))  # a gradient still
    picture = art.picture(path, 20, 10)  # as a page embeds it
    left, right = picture.getpixel((1, 1))[0], picture.getpixel((picture.width - 2, 1))[0]
    assert left < 40 and right > 215, (left, right)


def test_16_bit_greyscale_with_a_transparent_value_keeps_it_transparent(tmp_path: Path) -> None:
    from toolkit.sheets import art

    path = tmp_path / "t16.png"
    image = Image.new("I;16", (4, 1))
    image.putdata([0, 30000, 65535, 30000])
    image.save(path, transparency=30000)
    loaded = art.load(path)
    assert loaded.mode == "RGBA"
    assert [loaded.getpixel((x, 0)) for x in range(4)] == [(0, 0, 0, 255), (117, 117, 117, 0), (255, 255, 255, 255),
                                                           (117, 117, 117, 0)]  # fmt: skip


@pytest.mark.parametrize(
    ("mode", "value", "expected"),
    [
        ("I;16", 65535, (255, 255, 255)),
        ("I;16B", 32896, (128, 128, 128)),
        ("I;16L", 257 * 10, (10, 10, 10)),
        ("I", 65535 // 2, (127, 127, 127)),
        ("L", 200, (200, 200, 200)),
        ("1", 1, (255, 255, 255)),
        ("RGB", (1, 2, 3), (1, 2, 3)),
        ("CMYK", (0, 0, 0, 0), (255, 255, 255)),
        ("YCbCr", (255, 128, 128), (255, 255, 255)),
    ],
)
def test_every_mode_pillow_opens_prints_in_8_bits(mode: str, value: Any, expected: tuple[int, ...]) -> None:
    from toolkit.sheets import art

    image = art.printable(Image.new(mode, (2, 2), value))
    assert image.mode == "RGB" and image.getpixel((0, 0)) == expected


@pytest.mark.parametrize(
    ("mode", "value", "alpha"),
    [("LA", (90, 0), 0), ("RGBA", (1, 2, 3, 77), 77), ("PA", (0, 10), 10)],
)
def test_transparency_is_kept(mode: str, value: Any, alpha: int) -> None:
    from toolkit.sheets import art

    image = art.printable(Image.new(mode, (2, 2), value))
    assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == alpha


def test_a_palette_with_a_transparent_entry_is_kept_transparent(tmp_path: Path) -> None:
    from toolkit.sheets import art

    path = tmp_path / "p.png"
    image = Image.new("P", (2, 1))
    image.putpalette([255, 0, 0, 0, 255, 0])
    image.putdata([0, 1])
    image.save(path, transparency=1)
    loaded = art.load(path)
    assert loaded.mode == "RGBA"
    assert loaded.getpixel((0, 0)) == (255, 0, 0, 255) and loaded.getpixel((1, 0))[3] == 0


@pytest.mark.parametrize(("mode", "value"), [("F", 0.5), ("I", -5), ("I", 70000), ("HSV", (0, 0, 0))])
def test_a_mode_that_cannot_print_faithfully_is_a_problem(mode: str, value: Any) -> None:
    from toolkit.sheets import art

    with pytest.raises(art.ArtError) as caught:
        art.printable(Image.new(mode, (2, 2), value))
    assert caught.value.problem.kind == "format"
    assert mode in caught.value.problem.message and "8-bit" in caught.value.problem.message


def test_print_draws_a_16_bit_gradient_grey(cli: Any, tmp_path: Path) -> None:
    """The embedded picture of a print (as pdfplumber reads its samples) is a gradient, not white."""
    import pdfplumber

    folder = tmp_path / "g16set"
    set_card(folder, "g16", "灰", "你抽 1 张牌。", art="../art/g16.png")
    _gradient16(folder / "art" / "g16.png", 600, 300)
    out = tmp_path / "g.pdf"
    result = cli("print", "--cards", CARDS, "--cards", folder, "tactics/g16", "--out", out, "--min-dpi", 10)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as document:
        images = document.pages[0].images
        assert len(images) == 1
        stream = images[0]["stream"]
        data = stream.get_data()
        width, height = int(stream["Width"]), int(stream["Height"])
        assert len(data) == width * height * 3
        first, last = data[3 * (width * (height // 2))], data[3 * (width * (height // 2) + width - 1)]
        assert first < 60 and last > 200, (first, last)


# ---------------------------------------------------------------- 2. small cards: the name from its least size


@pytest.mark.parametrize("size", ["50x50", "67x44", "44x44"])
def test_a_small_card_fits_its_short_name(cli: Any, tmp_path: Path, size: str) -> None:
    out = tmp_path / "v.pdf"
    result = cli("print", "crossfire/vip", "tactics/anvil", "--card", size, "--out", out, "--no-crop-marks")
    assert "does not fit" not in result.stderr, result.stderr
    assert result.exit_code == 0 and out.is_file(), result.output


def test_no_face_method_starts_a_fit_below_the_least_size() -> None:
    """Every size a face hands to the fitting of a line or a text box is at least 6 pt at the smallest scale."""
    import ast

    source = (ROOT / "toolkit" / "sheets" / "layouts.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    face = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Face")
    scaled = [
        ast.unparse(node)
        for node in ast.walk(face)
        if isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mult)
        and "self.s" in ast.unparse(node)
        and ".size" in ast.unparse(node)
    ]
    assert scaled == [], scaled  # a template size scaled by hand, not by self.pt()


# ---------------------------------------------------------------- 3. --tts-url-base


@pytest.mark.parametrize(
    "base",
    [
        "https://",
        "http://",
        "file://",
        "https:///dir/",
        "https://host/dir?x=1",
        "https://host/dir/#top",
        "https://host/dir?",
    ],
)
def test_a_url_base_that_makes_broken_urls_is_refused(cli: Any, tmp_path: Path, base: str) -> None:
    tts = tmp_path / "z.png"
    result = cli("print", "tactics/anvil", "--tts", tts, "--tts-url-base", base)
    assert result.exit_code == 2, result.output
    line = _one_error_line(result)
    assert "--tts-url-base" in line and repr(base) in line, line
    assert not tts.exists() and not tts.with_suffix(".json").exists()


@pytest.mark.parametrize(
    ("base", "url"),
    [
        ("https://host/a b/", "https://host/a%20b/z.png"),
        ("https://host/a%20b", "https://host/a%20b/z.png"),  # encoded already: not encoded twice
        ("https://host/100%/", "https://host/100%25/z.png"),
        ("https://host/牌/", "https://host/%E7%89%8C/z.png"),
        ("https://host", "https://host/z.png"),
        ("https://host:8080/d//", "https://host:8080/d/z.png"),
        ("file:///srv/tts/", "file:///srv/tts/z.png"),
        ("file:///", "file:///z.png"),
        ("HTTPS://Host/dir", "HTTPS://Host/dir/z.png"),
    ],
)
def test_image_urls_are_encoded_and_keep_the_host(base: str, url: str) -> None:
    from toolkit.sheets.tts import image_url

    assert image_url(Path("out") / "z.png", base) == url


def test_a_url_base_with_a_space_writes_an_encoded_url(cli: Any, tmp_path: Path) -> None:
    tts = tmp_path / "z.png"
    result = cli("print", "tactics/anvil", "--tts", tts, "--tts-url-base", "https://host/a b/")
    assert result.exit_code == 0, result.output
    text = tts.with_suffix(".json").read_text(encoding="utf-8")
    assert "https://host/a%20b/z.png" in text and "a b" not in text


# ---------------------------------------------------------------- 4. art outside a set's folder


@pytest.fixture
def outside_set(tmp_path: Path) -> Path:
    """tmp/schema, the set folder tmp/set (no game.json) with my_card, whose art leads out of it to tmp/outside.png."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    Image.new("RGB", (800, 600), (255, 0, 255)).save(tmp_path / "outside.png")
    set_card(tmp_path / "set", "my_card", "我的卡", "你抽 1 张牌。", art="../../outside.png")
    return tmp_path / "set"


def test_art_beside_a_set_folder_lints_and_prints(cli: Any, outside_set: Path, tmp_path: Path) -> None:
    """A set folder without a game.json read from the command line may keep its art beside it (a designer's sheet
    with its art folder, imported into a set: the round trip); only the web editor keeps art inside the served
    folders, and art out of a game directory with a game.json stays refused."""
    result = cli("lint", "--cards", CARDS, "--cards", outside_set, outside_set)
    assert result.exit_code == 0 and "card.art.outside" not in result.output, result.output
    out = tmp_path / "a.pdf"
    result = cli("print", "--cards", CARDS, "--cards", outside_set, "tactics/my_card", "--out", out)
    assert result.exit_code == 0 and "sheet.art.outside" not in result.stderr, result.output
    import pdfplumber

    with pdfplumber.open(out) as document:
        assert document.pages[0].images != []  # the picture, not a grey box


# ---------------------------------------------------------------- 5. the calibration page


@pytest.mark.parametrize(
    ("card", "page", "where"),
    [
        ("poker", "a4", 1),
        ("mini", "letter", 1),
        ("90x60", "a4", 1),
        ("tarot", "letter", 3),  # every place on the front covers a cross
        ("tarot", "a4", 3),
        ("200x280", "a4", 3),
        ("200x275", "letter", None),  # larger than the paper less its margins
        ("86x172", "a4", None),  # (either page: the test says which)
    ],
)
def test_the_calibration_page_names_only_the_outline_it_draws(
    cli: Any, tmp_path: Path, card: str, page: str, where: int | None
) -> None:
    import pdfplumber

    from toolkit.sheets import geometry, render

    out = tmp_path / "c.pdf"
    result = cli("print", "--calibrate", "--card", card, "--page", page, "--out", out, "--no-crop-marks")
    assert result.exit_code == 0, result.output
    spec = geometry.SheetSpec(card=geometry.parse_card_size(card), page=geometry.parse_page_size(page),
                              crop_marks=False, duplex="long-edge").validated()  # fmt: skip
    layout = geometry.plan(spec)
    found = render.calibration_outline(layout)
    if where is not None or card != "86x172":
        assert (found[0] if found is not None else None) == where
    size = f"{spec.card.width:g}×{spec.card.height:g}"
    with pdfplumber.open(out) as document:
        text = document.pages[0].extract_text() or ""
        pages = len(document.pages)
        outlines = [
            n for n, p in enumerate(document.pages, 1)
            for r in p.rects
            if abs(r["width"] - spec.card.width * 72 / 25.4) < 0.1 and abs(r["height"] - spec.card.height * 72 / 25.4) < 0.1
        ]  # fmt: skip
    if found is None:
        assert "card outline" in text and f"no room on this paper for a {size} mm card outline" in text, text
        assert outlines == [] and pages == 2
        return
    number, drawn = found
    assert outlines == [number] and pages == max(2, number)
    if number == 1:
        assert f"the card outline {size} mm." in text, text
        for x, y in render.calibration_points(layout):  # no cross (its 3 mm arms and circle) inside the outline
            assert x + 3 < drawn.x or x - 3 > drawn.right or y + 3 < drawn.y or y - 3 > drawn.top, (x, y, drawn)
    else:
        assert f"the card outline {size} mm on the third page" in text, text
    assert drawn.x >= 0 and drawn.right <= spec.page.width and drawn.y >= 0 and drawn.top <= spec.page.height


# ---------------------------------------------------------------- 6. the cost badge


@pytest.mark.parametrize("card", ["timed_charge", "chain_detonation", "shaped_breaching_charge", "breach_and_clear"])
def test_the_tap_icon_keeps_clear_of_the_mortgage_number(monkeypatch: pytest.MonkeyPatch, card: str) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.sheets import layouts
    from toolkit.sheets.fonts import bundled
    from toolkit.sheets.geometry import SheetSpec
    from toolkit.sheets.render import render_cards

    fonts = bundled()
    texts: list[tuple[str, float, float, float]] = []
    drawn_icons: list[tuple[str, float, float, float]] = []
    real_line, real_icon = layouts.draw_line, layouts.icons.draw

    def line(c: Any, text: str, x: float, y: float, size: float, *args: Any, **kwargs: Any) -> None:
        texts.append((text, x, y, size))
        real_line(c, text, x, y, size, *args, **kwargs)

    def icon(c: Any, name: str, x: float, y: float, size: float, *args: Any, **kwargs: Any) -> None:
        drawn_icons.append((name, x, y, size))
        real_icon(c, name, x, y, size, *args, **kwargs)

    monkeypatch.setattr(layouts, "draw_line", line)
    monkeypatch.setattr(layouts.icons, "draw", icon)
    catalog = load_catalog([CARDS / "tactics"])
    record = catalog.get("tactics", card, "card")
    assert record.cost.tap and record.cost.mortgage
    render_cards([record], SheetSpec(), fonts, catalog, False, lang="en")
    (name, ix, _, isize), *_ = [i for i in drawn_icons if i[0] == "tap"]
    number = f"-{record.cost.mortgage}"
    (_, tx, _, tsize), *_ = [t for t in texts if t[0] == number]
    end = tx + fonts.width(number, True, tsize)
    assert ix - end >= 0.1 * isize - 1e-6, (ix, end, isize)  # a gap between the number and the icon (it overlapped)
    badge = layouts.badge_row(0.0, 20.0, fonts.width(number, True, tsize), isize)
    assert abs((badge[0] + badge[1] + isize) / 2 - 10.0) < 1e-9  # and the two centred in the disc


# ---------------------------------------------------------------- 7. straight quotes at a line's end


def test_no_line_ends_with_an_opening_straight_quote() -> None:
    from toolkit.sheets.linebreak import break_text, violations

    text = 'You search your deck for 1 "无英文名". Then "Ghost" moves 2 "远处" away.'
    seen = set()
    for width in range(4, 80):
        lines = break_text(text, width, len)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for line in lines:
            stripped = line.strip()
            assert not (stripped.endswith(' "') or stripped == '"'), (width, lines)
            assert not stripped.startswith('".'), (width, lines)
        assert violations(lines) == [], (width, lines)
        seen.update(lines)
    assert "You search your deck for 1" in seen  # (the widths tried break where the quote is)


@pytest.mark.parametrize(
    ("lines", "bad"),
    [
        (['for 1 "', '无英文名".'], ['for 1 "']),
        (['for 1 "无英文名', '".'], ['".']),
        (['said "hi"', "then"], []),
        (['"Ghost" moves', "on"], []),
        (['a "', "b"], ['a "']),
    ],
)
def test_violations_tell_an_opening_straight_quote_from_a_closing_one(lines: list[str], bad: list[str]) -> None:
    from toolkit.sheets.linebreak import violations

    assert violations(lines) == bad


# ---------------------------------------------------------------- 8, 9. options that do nothing


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--check", "--out", "o4.pdf"], "--out"),
        (["--check", "crossfire/agent"], "crossfire/agent"),
        (["--check", "--deck", "d.txt"], "--deck"),
        (["--check", "--card", "tarot"], "--card"),
        (["--check", "--calibrate"], "--calibrate"),
        (["crossfire/agent", "--back-dx", "2", "--out", "o1.pdf"], "--back-dx"),
        (["crossfire/agent", "--back-dy", "-1", "--out", "o1.pdf", "--backs", "none"], "--back-dy"),
        (["crossfire/agent", "--backs", "long-edge", "--png", "pngs"], "--backs"),
        (["--calibrate", "--backs", "none", "--out", "o2.pdf"], "--backs none"),
    ],
)
def test_options_that_would_do_nothing_are_refused(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], named: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("print", *args)
    assert result.exit_code == 2, result.output
    line = _one_error_line(result)
    assert named in line, line
    assert result.stdout == "" and list(tmp_path.iterdir()) == []


def test_options_that_do_something_still_print(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli("print", "--check", "--min-dpi", "150").exit_code == 0
    result = cli("print", "crossfire/agent", "--backs", "long-edge", "--back-dx", "2", "--out", "b.pdf")
    assert result.exit_code == 0, result.output
    result = cli("print", "--calibrate", "--back-dx", "1", "--out", "c.pdf")  # the long edge assumed
    assert result.exit_code == 0 and "as --backs is not given" in result.stdout, result.output
    result = cli("print", "--calibrate", "--backs", "short-edge", "--out", "c.pdf")
    assert result.exit_code == 0 and "(flip on the short edge)" in result.stdout, result.output


# ---------------------------------------------------------------- 10. a full disk while the PNGs are written


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """A write of a PNG fails as on a full disk (after its bytes went to the temporary file)."""
    import toolkit.safewrite as safewrite

    real = safewrite._give_mode

    def give_mode(tmp: Path, target: Path) -> None:
        if Path(target).suffix == ".png":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(tmp, target)

    monkeypatch.setattr(safewrite, "_give_mode", give_mode)


@pytest.mark.parametrize("pdf_existed", [False, True])
@pytest.mark.parametrize("png_existed", [False, True])
def test_a_full_disk_on_png_writes_nothing_and_names_the_users_path(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pdf_existed: bool, png_existed: bool
) -> None:
    out, png = tmp_path / "out.pdf", tmp_path / "small" / "png"
    png.parent.mkdir()  # (--png makes its folder in one that exists)
    if pdf_existed or png_existed:
        assert cli("print", "crossfire/assassin", "--out", out, "--png", png).exit_code == 0
        before = out.read_bytes()
        if not pdf_existed:
            out.unlink()
        if not png_existed:
            shutil.rmtree(png)
    _full_disk(monkeypatch)
    result = cli("print", "crossfire/assassin", "crossfire/vip", "--out", out, "--png", png)
    assert result.exit_code == 2, result.output
    line = _one_error_line(result)
    assert f"--png {png}" in line and "crossfire-assassin.png" in line and "No space left on device" in line, line
    assert "dossier-tmp" not in line, line
    assert out.exists() == pdf_existed
    if pdf_existed:
        assert out.read_bytes() == before  # the old PDF, not the new one
    assert png.exists() == png_existed
    if png_existed:
        assert sorted(p.name for p in png.iterdir()) == ["back-crossfire-role.png", "crossfire-assassin.png"]
    leftovers = [p for p in tmp_path.rglob("*") if "dossier-tmp" in p.name]
    assert leftovers == [], leftovers
    assert "out.pdf:" not in result.stdout  # no summary of a PDF that was not written


def test_a_full_disk_on_the_tts_sheets_leaves_no_pdf(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out, tts = tmp_path / "out.pdf", tmp_path / "tts" / "deck.png"
    tts.parent.mkdir()  # (its folder must exist: the full disk, not a missing folder, is what stops it)
    _full_disk(monkeypatch)
    result = cli("print", "crossfire/assassin", "--out", out, "--tts", tts)
    assert result.exit_code == 2, result.output
    assert not out.exists() and not tts.with_suffix(".json").exists()
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []
