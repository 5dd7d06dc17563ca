"""The bundled font subset and the font builder: TrueType outlines, coverage (GB2312, Latin-1,
Latin Extended-A, every label, every card character), the coverage list, CFF→TrueType conversion,
the Latin supplement, and users' own fonts (--font)."""

from __future__ import annotations

import ast
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
    bundled,
    format_coverage,
    parse_coverage,
    read_coverage,
    user_font,
)

from .conftest import CARDS, ROOT

SHEETS = ROOT / "toolkit" / "sheets"


@pytest.fixture(autouse=True)
def _no_user_font_build(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A developer's `dossier fonts build` (in ~/.cache) must not change what these tests print with."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))


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


def test_the_licence_ships_and_the_fonts_stay_small() -> None:
    licence = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans" in licence
    sizes = [(FONT_DIR / name).stat().st_size for name in BUNDLED.values()]
    assert all(size < 2_800_000 for size in sizes)  # about 2.3 MB each for ~9,500 glyphs


CMAPS = {style: frozenset(chr(c) for c in TTFont(FONT_DIR / name).getBestCmap()) for style, name in BUNDLED.items()}


def _range(first: int, last: int) -> set[str]:
    return fontbuild.code_range(first, last)


@pytest.mark.parametrize("style", sorted(BUNDLED))
@pytest.mark.parametrize(
    ("what", "chars"),
    [
        ("GB2312 (7,445 characters)", fontbuild.gb2312()),
        ("printable ASCII", set(fontbuild.ASCII)),
        ("Latin-1 Supplement", _range(0xA0, 0xFF)),
        ("Latin Extended-A", _range(0x100, 0x17F)),
        ("superscript digits", set("⁰¹²³⁴⁵⁶⁷⁸⁹")),
        ("common characters people wrote", set("枭眼眸霆咚éíóâ")),
        ("the real Netrunner pool beyond GB2312", set(fontbuild.EXTRA)),
        ("CJK and full-width punctuation", set(fontbuild.CJK_PUNCTUATION)),
        ("every label, mark and template string", set("".join(labels.all_strings()))),
    ],
)
def test_the_fonts_cmap_covers(style: str, what: str, chars: set[str]) -> None:
    assert len(fontbuild.gb2312()) == 7445
    lacking = "".join(sorted(chars - CMAPS[style]))
    assert not lacking, f"{BUNDLED[style]} lacks {what}: {lacking!r}"


def test_general_punctuation_as_far_as_the_sources_have_it() -> None:
    punctuation = _range(0x2000, 0x206F)
    assert len(punctuation & CMAPS["regular"]) >= 100
    assert set("‐‑–—‘’‚“”„†‡•…‰′″‹›※‼⁇⁈⁉") <= CMAPS["regular"]


def _drawn_literals(path: Path) -> set[str]:
    """Non-ASCII characters of the string constants of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docstrings.add(id(body[0].value))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found |= {c for c in node.value if not c.isascii()}
    return found


@pytest.mark.parametrize("module", ["layouts.py", "render.py"])
def test_every_mark_the_drawing_code_writes_is_in_the_labels_table(module: str) -> None:
    """A separator or symbol typed into the drawing code must be in labels.py, so a user's font is cut
    down with it and the glyph checks see it (the "·" of `--font X.ttc` once printed as a box)."""
    lacking = _drawn_literals(SHEETS / module) - set("".join(labels.all_strings()))
    assert not lacking, f"add {''.join(sorted(lacking))!r} to toolkit/sheets/labels.py (SYMBOLS)"


def test_the_bundled_fonts_alone_draw_all_of_gb2312_without_fallbacks() -> None:
    fonts = bundled()
    fonts.take_unprintable()  # (the font set is shared: what an earlier test printed, e.g. en-XA's ɱ, is not this one's)
    assert not fonts.fallbacks
    assert fonts.lacks("".join(fontbuild.gb2312())) == set()
    runs = fonts.runs("枭眼眸霆咚 · Čapek ²", bold=True)
    assert runs == [("枭眼眸霆咚 · Čapek ²", fonts.bold, False)]
    assert fonts.take_unprintable() == set()


def test_latin_glyphs_from_noto_sans_are_scaled_to_the_cjk_capitals() -> None:
    font = TTFont(FONT_DIR / BUNDLED["regular"])
    cmap = font.getBestCmap()
    cap = bounds(font, cmap[ord("C")])[3]
    caron = bounds(font, cmap[ord("Č")])  # Č comes from Noto Sans, C from Noto Sans CJK SC
    assert caron[3] > cap and bounds(font, cmap[ord("Ł")])[3] == pytest.approx(cap, abs=25)


def test_coverage_list_equals_what_both_fonts_map() -> None:
    maps = [set(TTFont(FONT_DIR / name).getBestCmap()) for name in BUNDLED.values()]
    both = {chr(code) for code in maps[0] & maps[1]}
    assert set(read_coverage()) == both
    assert COVERAGE_FILE.read_text(encoding="utf-8") == format_coverage(both)


def test_the_committed_subset_covers_every_character_of_the_cards() -> None:
    assert fontbuild.missing([CARDS]) == set()


def test_required_characters_include_ascii_punctuation_gb2312_and_labels() -> None:
    needed = fontbuild.required_characters([CARDS])
    assert set(fontbuild.ASCII) <= needed
    assert set("，。、；：？！「」『』（）《》…") <= needed
    assert fontbuild.gb2312() <= needed and _range(0x100, 0x17F) <= needed
    for text in labels.all_strings():
        assert set(text) - {"{", "}"} <= needed
    assert "\n" not in needed and "\t" not in needed


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


def test_the_committed_build_refuses_sources_that_lack_required_characters(tmp_path: Path) -> None:
    source = tmp_path / "test.otf"
    make_cff_font(source)
    code = fontbuild.main(
        ["--out", str(tmp_path / "out"), "--regular", str(source), "--bold", str(source)]
        + ["--latin-regular", str(source), "--latin-bold", str(source)]
    )
    assert code == 2
    assert not (tmp_path / "out").exists()


def test_supplement_adds_scaled_glyphs_with_their_advance(tmp_path: Path) -> None:
    source = tmp_path / "test.otf"
    make_cff_font(source)
    font = TTFont(io.BytesIO(fontbuild.build_font(source, "口", "regular")))
    other = TTFont(source)
    added = fontbuild.supplement(font, other, "A口")
    assert added == {"A"}
    buffer = io.BytesIO()
    font.save(buffer)
    again = TTFont(io.BytesIO(buffer.getvalue()))
    glyph = again.getBestCmap()[ord("A")]
    assert again["hmtx"][glyph][0] == 600
    assert bounds(again, glyph) == pytest.approx(bounds(other, "A"), abs=1.0)


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


def test_printing_with_a_font_that_lacks_chinese_takes_it_from_dossier_sans(cli, tmp_path: Path) -> None:
    source = tmp_path / "latin.otf"
    make_cff_font(source)
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--font", source, "--out", out)
    assert result.exit_code == 0, result.output
    assert "sheet.font.missing" not in result.stderr
    pdf = out.read_bytes()
    assert b"+DossierSansSC-Regular" in pdf and b"+DossierSansSC-Bold" in pdf  # the test font has no V, I, P


def test_printing_with_a_users_font_embeds_it(cli, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--font", FONT_DIR / BUNDLED["regular"], "--out", out)
    assert result.exit_code == 0, result.output
    assert b"UserFont-" in out.read_bytes() or b"FontFile2" in out.read_bytes()


def test_the_install_hint_names_the_command_that_takes_a_font() -> None:
    from toolkit.sheets.fonts import install_hint

    assert "`dossier print --font`" in install_hint()  # `fonts check` has no --font of its own
