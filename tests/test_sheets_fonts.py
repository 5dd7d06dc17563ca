"""The bundled font subset and the font builder: TrueType outlines, coverage of every card
character, the coverage list, CFF→TrueType conversion, and users' own fonts (--font)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

from toolkit.errors import DossierError
from toolkit.sheets import fontbuild, labels
from toolkit.sheets.fonts import (
    BUNDLED,
    COVERAGE_FILE,
    FONT_DIR,
    format_coverage,
    parse_coverage,
    read_coverage,
    user_font,
)

from .conftest import CARDS


@pytest.mark.parametrize("style", sorted(BUNDLED))
def test_bundled_fonts_are_truetype_subsets_named_as_our_own(style: str) -> None:
    font = TTFont(FONT_DIR / BUNDLED[style])
    assert "glyf" in font and "CFF " not in font
    assert font.sfntVersion == "\x00\x01\x00\x00"
    names = font["name"]
    assert names.getDebugName(1) == "Dossier Sans SC"
    assert "Adobe" in names.getDebugName(0)  # the copyright notice stays
    assert "Open Font License" in names.getDebugName(13)
    assert font["OS/2"].fsType & 0x0002 == 0  # embedding is not restricted


def test_the_licence_ships_and_the_fonts_are_small() -> None:
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    total = sum((FONT_DIR / name).stat().st_size for name in BUNDLED.values())
    assert total < 3_000_000


def test_coverage_list_equals_what_both_fonts_map() -> None:
    maps = [set(TTFont(FONT_DIR / name).getBestCmap()) for name in BUNDLED.values()]
    both = {chr(code) for code in maps[0] & maps[1]}
    assert set(read_coverage()) == both
    assert COVERAGE_FILE.read_text(encoding="utf-8") == format_coverage(both)


def test_the_committed_subset_covers_every_character_of_the_cards() -> None:
    assert fontbuild.missing([CARDS]) == set()


def test_required_characters_include_ascii_punctuation_and_labels() -> None:
    needed = fontbuild.required_characters([CARDS])
    assert set(fontbuild.ASCII) <= needed
    assert set("，。、；：？！「」『』（）《》…") <= needed
    for text in labels.all_strings():
        assert set(text) - {"{", "}"} <= needed


@pytest.mark.parametrize(
    ("chars", "text"),
    [
        ("", "# Characters both bundled fonts map to glyphs; written by `python -m toolkit.sheets.fontbuild`.\n"),
        (
            "a",
            "# Characters both bundled fonts map to glyphs; written by `python -m toolkit.sheets.fontbuild`.\n0061\n",
        ),
        (
            "abcx",
            "# Characters both bundled fonts map to glyphs; written by `python -m toolkit.sheets.fontbuild`.\n0061-0063\n0078\n",
        ),
    ],
)
def test_coverage_format_round_trips(chars: str, text: str) -> None:
    assert format_coverage(chars) == text
    assert parse_coverage(text) == frozenset(chars)


def make_cff_font(path: Path) -> None:
    """A tiny PostScript-outline (CFF) font: A is a triangle, 口 a ring of cubic curves."""
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A", "kou"])
    fb.setupCharacterMap({ord("A"): "A", ord("口"): "kou"})
    strings = {}
    for name in (".notdef", "A", "kou"):
        pen = T2CharStringPen(600, None)
        if name == "A":
            pen.moveTo((50, 0))
            pen.lineTo((300, 700))
            pen.lineTo((550, 0))
            pen.closePath()
        elif name == "kou":
            pen.moveTo((100, 350))
            pen.curveTo((100, 600), (500, 600), (500, 350))
            pen.curveTo((500, 100), (100, 100), (100, 350))
            pen.closePath()
        strings[name] = pen.getCharString()
    fb.setupCFF("TestCFF-Regular", {"FullName": "Test CFF"}, strings, {})
    fb.setupHorizontalMetrics({name: (600, 0) for name in strings})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": "Test CFF", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=880, usWinAscent=880, usWinDescent=120)
    fb.setupPost()
    fb.save(str(path))


def bounds(font: TTFont, glyph: str) -> tuple[float, ...]:
    pen = BoundsPen(font.getGlyphSet())
    font.getGlyphSet()[glyph].draw(pen)
    assert pen.bounds is not None
    return tuple(pen.bounds)


def test_cff_outlines_become_truetype_within_one_unit(tmp_path: Path) -> None:
    source = tmp_path / "test.otf"
    make_cff_font(source)
    before = TTFont(source)
    expected = {ch: bounds(before, before.getBestCmap()[ord(ch)]) for ch in "A口"}
    font = TTFont(source)
    fontbuild.cff_to_glyf(font)
    buffer = io.BytesIO()
    font.save(buffer)
    after = TTFont(io.BytesIO(buffer.getvalue()))
    assert "glyf" in after and "CFF " not in after
    for ch, box in expected.items():  # glyph names are gone (post table format 3): go through the cmap
        assert bounds(after, after.getBestCmap()[ord(ch)]) == pytest.approx(box, abs=1.0)


def test_build_font_subsets_renames_and_is_reproducible(tmp_path: Path) -> None:
    source = tmp_path / "test.otf"
    make_cff_font(source)
    first = fontbuild.build_font(source, "口", "bold")
    assert first == fontbuild.build_font(source, "口", "bold")
    font = TTFont(io.BytesIO(first))
    assert font["name"].getDebugName(1) == "Dossier Sans SC"
    assert font["name"].getDebugName(2) == "Bold"
    assert set(font.getBestCmap()) == {ord("口")}
    assert fontbuild.font_characters(first) == {"口"}


def test_build_refuses_a_missing_source(tmp_path: Path) -> None:
    with pytest.raises(DossierError) as info:
        fontbuild.build([CARDS], {"regular": tmp_path / "none.ttc", "bold": tmp_path / "none.ttc"}, tmp_path)
    assert "fonts-noto-cjk" in info.value.message


def test_fontbuild_check_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert fontbuild.main(["--check"]) == 0
    assert "covers every character" in capsys.readouterr().out


def test_a_users_truetype_font(tmp_path: Path) -> None:
    fonts = user_font(FONT_DIR / BUNDLED["regular"], 0, "你好")
    assert fonts.fake_bold and "你" in fonts.chars
    assert fonts.width("你", True, 10) > fonts.width("你", False, 10)


def test_a_users_postscript_font_is_converted_on_the_fly(tmp_path: Path) -> None:
    source = tmp_path / "test.otf"
    make_cff_font(source)
    fonts = user_font(source, 0, "A口")
    assert {"A", "口"} <= fonts.chars
    assert fonts.lacks("A口你") == {"你"}


@pytest.mark.parametrize(
    ("content", "index", "message"),
    [
        (b"not a font at all", 0, "not a usable font"),
        (None, 1, "not a collection"),
    ],
)
def test_unusable_user_fonts_are_usage_errors(tmp_path: Path, content: bytes | None, index: int, message: str) -> None:
    path = tmp_path / "font.ttf"
    path.write_bytes(content if content is not None else (FONT_DIR / BUNDLED["regular"]).read_bytes())
    with pytest.raises(DossierError) as info:
        user_font(path, index, "A")
    assert message in info.value.message and info.value.exit_code == 2


def test_printing_with_a_font_that_lacks_chinese_is_a_finding(cli, tmp_path: Path) -> None:
    source = tmp_path / "latin.otf"
    make_cff_font(source)
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--font", source, "--out", out)
    assert result.exit_code == 1
    assert "error sheet.font.missing: crossfire role 'vip'" in result.stderr
    assert not out.exists()


def test_printing_with_a_users_font_embeds_it(cli, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--font", FONT_DIR / BUNDLED["regular"], "--out", out)
    assert result.exit_code == 0, result.output
    assert b"UserFont-" in out.read_bytes() or b"FontFile2" in out.read_bytes()
