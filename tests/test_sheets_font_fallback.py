"""Fonts beyond the bundled subset: a collection's face chosen by name, per-glyph fallback when
drawing, installed fonts found through fontconfig (or the font directories), the report when no
font has a character, and `dossier fonts build` writing into the user's cache, never the package."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont
from pypdf import PdfReader
from pypdf.generic import ContentStream

from toolkit.jsonio import canonical_dumps
from toolkit.sheets import fontbuild, fonts
from toolkit.sheets.fonts import (
    BUNDLED,
    FONT_DIR,
    Face,
    FontFile,
    bundled,
    cache_dir,
    choose_face,
    default_fonts,
    load_face,
)
from toolkit.sheets.geometry import SheetSpec
from toolkit.sheets.render import render_cards

from .conftest import CARDS

NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
RARE = "龘"  # U+9F98: not in GB2312, not in the bundled subset
NOWHERE = "\U000f0001"  # a private-use code point no font has


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No developer's `dossier fonts build` here: XDG_CACHE_HOME is a fresh directory."""
    path = tmp_path_factory.mktemp("xdg-cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(path))
    return path


def make_ttf(path: Path, chars: str, family: str = "Tiny Test", style: str = "Regular", advance: int = 600) -> Path:
    """A TrueType font with a square glyph for each of ``chars`` (and a space)."""
    chars = "".join(sorted(set(chars) | {" "}))
    names = [".notdef"] + [f"u{ord(c):04X}" for c in chars]
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name not in (".notdef", "u0020"):
            pen.moveTo((100, 0))
            pen.lineTo((100, 700))
            pen.lineTo((500, 700))
            pen.lineTo((500, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"u{ord(c):04X}" for c in chars})
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (advance, 100) for name in names})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": family.replace(" ", "") + "-" + style})
    fb.setupOS2(sTypoAscender=880, usWinAscent=880, usWinDescent=120, fsType=0)
    fb.setupPost()
    fb.save(str(path))
    return path


def make_ttc(path: Path, families: list[str], chars: str = "AB") -> Path:
    collection = TTCollection()
    for i, family in enumerate(families):
        collection.fonts.append(TTFont(make_ttf(path.with_name(f"face{i}.ttf"), chars, family)))
    collection.save(str(path))
    return path


# ---------------------------------------------------------------------- faces of a collection


@pytest.mark.parametrize(
    ("families", "expected"),
    [
        (["Tiny JP", "Tiny KR", "Tiny SC", "Tiny TC"], 2),
        (["Tiny Mono SC", "Tiny SC", "Tiny JP"], 1),  # proportional before monospaced
        (["Tiny Sans CN", "Tiny Sans"], 0),
        (["Tiny Hans", "Tiny Hant"], 0),
        (["Tiny Hant", "Tiny Hans"], 1),
        (["Tiny One", "Tiny Two"], 0),  # no name says more: the first face
    ],
)
def test_the_simplified_chinese_face_of_a_collection_is_chosen_by_name(
    tmp_path: Path, families: list[str], expected: int
) -> None:
    path = make_ttc(tmp_path / "tiny.ttc", families)
    faces = TTCollection(str(path)).fonts
    assert choose_face(faces) == expected
    assert choose_face(faces, families[-1]) == len(families) - 1


def test_font_ttc_takes_the_sc_face_and_font_index_overrides(tmp_path: Path) -> None:
    path = make_ttc(tmp_path / "tiny.ttc", ["Tiny JP", "Tiny SC", "Tiny KR"])
    loaded = load_face(path, None, "A")
    assert (loaded.index, loaded.faces, loaded.family) == (1, 3, "Tiny SC")
    assert "face 1, Tiny SC" in loaded.face.source
    assert load_face(path, 2, "A").family == "Tiny KR"


@pytest.mark.skipif(not NOTO_CJK.is_file(), reason="Debian's fonts-noto-cjk is not installed")
@pytest.mark.slow
def test_noto_sans_cjk_collection_gives_its_sc_face_not_face_0(cli, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--font", NOTO_CJK, "--out", out)
    assert result.exit_code == 0, result.output
    assert "face 2 of 10, 'Noto Sans CJK SC'" in result.stderr
    assert b"NotoSansCJKsc-Regular" in out.read_bytes()
    assert unprintable_in(out.read_bytes()) == 0


# ---------------------------------------------------------------------- per-glyph fallback


def tiny_fonts(tmp_path: Path, chars: str = "VIPvip/") -> fonts.FontSet:
    loaded = load_face(make_ttf(tmp_path / "tiny.ttf", chars), None, chars)
    face = loaded.face
    return fonts.FontSet(face.regular, face.bold, True, face.chars, face.source)


def test_a_run_the_primary_font_lacks_is_drawn_with_the_fallback(tmp_path: Path) -> None:
    primary = tiny_fonts(tmp_path)
    dossier = bundled()
    mixed = primary.with_fallbacks([dossier.primary])
    assert mixed.runs("VIP 特工 vip", bold=False) == [
        ("VIP ", primary.regular, False),
        ("特工 ", dossier.regular, False),  # a space between fallback characters stays in their run
        ("vip", primary.regular, False),
    ]
    # bold: the fallback has a real bold face, the user's single font is stroked
    assert mixed.runs("V特", bold=True) == [("V", primary.regular, True), ("特", dossier.bold, False)]
    assert mixed.width("特", False, 10) == pytest.approx(dossier.width("特", False, 10))
    assert mixed.width("V特", True, 10) == pytest.approx(primary.width("V", True, 10) + dossier.width("特", True, 10))
    assert mixed.lacks("VIP 特工" + NOWHERE) == {NOWHERE}
    assert mixed.take_unprintable() == set()
    mixed.runs("V" + NOWHERE, bold=False)
    assert mixed.take_unprintable() == {NOWHERE} and mixed.take_unprintable() == set()


@pytest.mark.lang_default  # Chinese names are printed: the fonts draw Chinese
def test_printing_with_a_font_that_lacks_chinese_mixes_it_with_dossier_sans(cli, tmp_path: Path) -> None:
    font = make_ttf(tmp_path / "latin.ttf", "".join(chr(c) for c in range(0x21, 0x7F)))
    out = tmp_path / "x.pdf"
    result = cli("print", "--game", "crossfire", "--font", font, "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out.read_bytes()
    assert b"+TinyTest-Regular" in pdf and b"+DossierSansSC-Regular" in pdf and b"+DossierSansSC-Bold" in pdf
    assert unprintable_in(pdf) == 0


@pytest.mark.slow
def test_every_bundled_card_prints_with_the_bundled_fonts_alone() -> None:
    from toolkit.catalog import load_catalog
    from toolkit.sheets.layouts import is_printable

    catalog = load_catalog([CARDS])
    records = [r for r in catalog.records if is_printable(r)]
    fonts_ = bundled()
    sheet = render_cards(records, SheetSpec(), fonts_, catalog, backs=True)
    assert [i for i in sheet.issues if i.code == "sheet.font.missing"] == []
    assert fonts_.take_unprintable() == set()
    assert unprintable_in(sheet.pdf) == 0


def test_a_card_with_gb2312_characters_prints_with_the_bundled_fonts_alone() -> None:
    from toolkit.catalog import load_catalog

    catalog = load_catalog([CARDS])
    vip = catalog.get("crossfire", "vip", "role")
    assert vip is not None
    hanzi = sorted(c for c in fontbuild.gb2312() if "\u4e00" <= c <= "\u9fff")
    sample = "枭眼眸霆咚" + "".join(hanzi[::400]) + "éíóâČłŠž²³"
    name = vip.name.model_copy(update={"zh_hans": sample[:12]})
    card = vip.model_copy(update={"name": name, "text": [sample[12:40], sample[40:]]})
    fonts_ = bundled()
    sheet = render_cards([card], SheetSpec(), fonts_, catalog, backs=False)
    assert [i for i in sheet.issues if i.code == "sheet.font.missing"] == []
    assert fonts_.take_unprintable() == set()
    assert unprintable_in(sheet.pdf) == 0


# ---------------------------------------------------------------------- installed fonts


def rare_card(tmp_path: Path, game_copy, name: str) -> Path:
    root: Path = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["zh-Hans"] = data["name"]["en"] = name  # printed in either language
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return root


def test_a_character_no_dossier_font_has_comes_from_an_installed_font(
    cli, tmp_path: Path, game_copy, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed = make_ttf(tmp_path / "rare.ttf", RARE, "Rare Han")
    asked: list[set[str]] = []

    def find(chars: set[str], limit: int = 8) -> list[FontFile]:
        asked.append(set(chars))
        return [FontFile(installed, 0, "Rare Han")]

    monkeypatch.setattr(fonts, "find_system_fonts", find)
    root = rare_card(tmp_path, game_copy, f"{RARE}VIP")
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--cards", root, "--out", out)
    assert result.exit_code == 0, result.output
    assert asked == [{RARE}]
    assert f"dossier: note: '{RARE}' printed in the installed font Rare Han" in result.stderr
    assert b"+RareHan-Regular" in out.read_bytes()
    assert unprintable_in(out.read_bytes()) == 0


def test_a_character_no_font_has_fails_naming_it_the_card_and_the_fix(
    cli, tmp_path: Path, game_copy, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fonts, "find_system_fonts", lambda chars, limit=8: [])
    monkeypatch.setattr(fonts, "fontconfig_available", lambda: True)
    root = rare_card(tmp_path, game_copy, f"{NOWHERE}VIP")
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--cards", root, "--out", out)
    assert result.exit_code == 1
    assert "error sheet.font.missing: crossfire role 'vip': no font has" in result.stderr
    assert "U+F0001" in result.stderr and "fonts-noto-cjk" in result.stderr and "--font" in result.stderr
    assert "choose a larger --card" not in result.stderr  # the advice fits the problem
    assert not out.exists()
    forced = cli("print", "crossfire/vip", "--cards", root, "--out", out, "--force")
    assert forced.exit_code == 0 and "warning sheet.font.missing" in forced.stderr
    assert unprintable_in(out.read_bytes()) == 1  # the one box, printed because --force said so


def test_without_fontconfig_the_font_directories_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    directory = tmp_path / "fonts"
    directory.mkdir()
    make_ttf(directory / "other.ttf", "xyz", "Other")
    make_ttf(directory / "rare.ttf", RARE, "Rare Han")
    monkeypatch.setattr(fonts, "fontconfig_available", lambda: False)
    monkeypatch.setattr(fonts, "_font_dirs", lambda: [directory])
    found = fonts.find_system_fonts({RARE})
    assert [(f.path.name, f.family) for f in found] == [("rare.ttf", "Rare Han")]
    mixed, added = fonts.add_system_fallbacks(bundled(), {RARE, "特"})
    assert [face.source for face in added] == [f"Rare Han ({directory / 'rare.ttf'})"]
    assert mixed.lacks(RARE + "特") == set()
    assert str(directory) in mixed.missing_message({NOWHERE})


def test_without_any_font_search_the_message_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "fontconfig_available", lambda: False)
    monkeypatch.setattr(fonts, "_font_dirs", lambda: [])
    fonts_, added = fonts.add_system_fallbacks(bundled(), {NOWHERE})
    assert added == [] and fonts_.lacks(NOWHERE) == {NOWHERE}
    message = fonts_.missing_message({NOWHERE})
    assert "no font has" in message and "fonts-noto-cjk" in message


@pytest.mark.skipif(
    shutil.which("fc-match") is None or not NOTO_CJK.is_file(), reason="needs fontconfig and fonts-noto-cjk"
)
@pytest.mark.slow
def test_fontconfig_finds_the_sc_face_of_noto_sans_cjk() -> None:
    found = fonts.find_system_fonts({RARE})
    assert found and found[0].path.name.startswith("NotoSansCJK") and found[0].family == "Noto Sans CJK SC"
    face = fonts.system_face(found[0], {RARE})
    assert face is not None and RARE in face.chars and not face.fake_bold  # the Bold .ttc gives real bold


# ---------------------------------------------------------------------- `dossier fonts build`


def package_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(FONT_DIR.iterdir()):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def test_fonts_build_writes_into_the_cache_and_printing_prefers_it(
    cli, tmp_path: Path, _own_cache: Path, monkeypatch: pytest.MonkeyPatch, game_copy
) -> None:
    from .test_sheets_fonts import make_cff_font

    source = tmp_path / "test.otf"
    make_cff_font(source)  # a tiny PostScript font with "A" and 口
    monkeypatch.setattr(fontbuild, "find_latin_sources", lambda: None)
    before = package_digest()
    pool = game_copy("crossfire")  # a pool with a game of the bundled cards: loaded as printing loads it
    result = cli("fonts", "build", "--regular", source, "--bold", source, "--cards", pool)
    assert result.exit_code == 0, result.output
    target = _own_cache / "dossier" / "fonts"
    assert cache_dir() == target
    assert sorted(p.name for p in target.iterdir()) == sorted([*BUNDLED.values(), "coverage.txt", "OFL.txt"])
    assert package_digest() == before  # never into the installed package
    assert f"printing now uses this build; delete {target}" in result.stdout
    assert "the source fonts lack" in result.stderr  # the tiny source has almost nothing: reported, not fatal
    built = TTFont(target / BUNDLED["regular"])
    assert set(built.getBestCmap()) == {ord("A"), ord("口")}
    fonts_ = default_fonts()
    assert str(target) in fonts_.source and fonts_.chars == frozenset("A口")
    assert fonts_.fallbacks == (bundled().primary,)  # the bundled subset behind it
    assert fonts_.runs("A特", bold=False) == [("A", fonts_.regular, False), ("特", bundled().regular, False)]
    # both fonts are called DossierSansSC-Regular inside: each must still embed its own glyphs
    from toolkit.sheets.render import _canvas
    from toolkit.sheets.textbox import draw_line

    c, buffer = _canvas(100, 100, fonts_, "t")
    draw_line(c, "A口特工", 10, 10, 8, fonts_)
    c.showPage()
    c.save()
    assert unprintable_in(buffer.getvalue()) == 0
    from reportlab.pdfbase import pdfmetrics

    def ps_name(registered: str) -> str:
        return str(pdfmetrics.getFont(registered).face.name.decode())

    drawn = fonts_of_characters(buffer.getvalue())
    assert drawn["特"] == drawn["工"] == ps_name(bundled().regular)
    assert drawn["A"] == drawn["口"] == ps_name(fonts_.regular) != drawn["特"]
    assert {drawn["A"], drawn["特"]} & {"DossierSansSC-Regular"}  # the first one registered keeps its name


def test_cache_dir_follows_xdg_cache_home() -> None:
    assert cache_dir({"XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"}) == Path("/x/cache/dossier/fonts")
    assert cache_dir({"XDG_CACHE_HOME": "relative", "HOME": "/home/u"}) == Path("/home/u/.cache/dossier/fonts")
    assert cache_dir({"HOME": "/home/u"}) == Path("/home/u/.cache/dossier/fonts")


def test_fonts_check_names_the_installed_font_a_character_comes_from(
    cli, tmp_path: Path, game_copy, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed = make_ttf(tmp_path / "rare.ttf", RARE, "Rare Han")
    monkeypatch.setattr(fonts, "find_system_fonts", lambda chars, limit=8: [FontFile(installed, 0, "Rare Han")])
    root = rare_card(tmp_path, game_copy, f"{RARE}{NOWHERE}VIP")
    result = cli("fonts", "check", "--cards", root)
    assert result.exit_code == 1
    assert f"1 character prints in the installed font Rare Han ({installed}): {RARE}" in result.stdout
    assert "no font has 1 character:" in result.stdout


# ---------------------------------------------------------------------- helpers


def unprintable_in(pdf: bytes) -> int:
    """How many characters a PDF draws as .notdef: ReportLab writes a character its TrueType font lacks
    as code 0 (glyph 0), so count the zero bytes of every text-showing operator, forms included."""
    reader = PdfReader(io.BytesIO(pdf))
    zeros = 0
    seen: set[int] = set()

    def run(content: object, resources: object) -> None:
        nonlocal zeros
        for operands, op in ContentStream(content, reader).operations:
            if op in (b"Tj", b"'", b'"'):
                zeros += operands[-1].original_bytes.count(0)
            elif op == b"TJ":
                zeros += sum(x.original_bytes.count(0) for x in operands[0] if hasattr(x, "original_bytes"))
        res = resources.get_object() if resources is not None else {}  # type: ignore[attr-defined]
        for ref in (res.get("/XObject") or {}).values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and ref.idnum not in seen:
                seen.add(ref.idnum)
                run(form, form.get("/Resources"))

    for page in reader.pages:
        run(page.get_contents(), page.get("/Resources"))
    return zeros


def fonts_of_characters(pdf: bytes) -> dict[str, str]:
    """Each drawn character and the PostScript name of the font that drew it (subset tag left out)."""
    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return {ch["text"]: ch["fontname"].split("+", 1)[1] for page in document.pages for ch in page.chars}


def test_the_pdf_scan_sees_a_box(tmp_path: Path) -> None:
    primary = tiny_fonts(tmp_path)
    from toolkit.sheets.render import _canvas
    from toolkit.sheets.textbox import draw_line

    c, buffer = _canvas(100, 100, primary, "t")
    draw_line(c, "V" + NOWHERE + "I", 10, 10, 8, primary)
    c.showPage()
    c.save()
    assert unprintable_in(buffer.getvalue()) == 1
    assert Face(primary.regular, primary.bold, True, primary.chars, primary.source) == primary.primary
