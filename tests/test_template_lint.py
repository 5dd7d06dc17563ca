"""Templates that warn (validators/template_lint.py, `dossier print --check`), the layout of boxes that give their
space away, template errors and their exit code, and `--tts` making its folder."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from PIL import Image

from toolkit.catalog import load_catalog
from toolkit.errors import DossierError
from toolkit.jsonio import canonical_dumps
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import SheetSpec, mm
from toolkit.sheets.layouts import box_rects
from toolkit.sheets.render import render_cards
from toolkit.sheets.template import TEMPLATE_DIR, default_templates, load_templates, parse_template
from validators.template_lint import lint_template, lint_templates

PT = 72 / 25.4


def _design(tmp_path: Path, game: str, name: str, change: Any) -> Path:
    """A --template folder holding the bundled ``game/name.json`` changed by ``change``; returns the file."""
    data = json.loads((TEMPLATE_DIR / game / f"{name}.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "designs" / game / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return path


def _codes(path: Path, **kw: Any) -> list[str]:
    return [f.code for f in lint_template(path, **kw)]


def _at(path: Path, line: int, column: int) -> str:
    return path.read_text(encoding="utf-8").splitlines()[line - 1][column - 1 :]


# ---------------------------------------------------------------------- the lint


def test_the_bundled_templates_have_no_findings() -> None:
    assert lint_templates(default_templates()) == []


def test_overlapping_boxes_warn_at_file_line_and_column(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["footer"]["y"] = 78  # 2.2 mm into the text box

    path = _design(tmp_path, "tactics", "card", change)
    findings = lint_template(path)
    assert [f.code for f in findings] == ["template.box.overlap"]
    finding = findings[0]
    assert finding.severity == "warning" and finding.file == str(path) and finding.pointer == "/boxes/footer"
    assert finding.line is not None and finding.column is not None
    assert _at(path, finding.line, finding.column).startswith('"footer"')
    assert "'text' and 'footer' overlap (54.6 × 2.2 mm)" in finding.message
    assert finding.format().startswith(f"{path}:{finding.line}:{finding.column}: warning template.box.overlap: ")


def test_text_outside_the_safe_margin_warns(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["text"]["x"] = 1.0
        data["boxes"]["text"]["width"] = 61.0

    path = _design(tmp_path, "tactics", "card", change)
    findings = lint_template(path)
    assert [(f.code, f.pointer) for f in findings] == [("template.box.safe", "/boxes/text")]
    assert "reaches 1 mm from the trim" in findings[0].message and "3 mm" in findings[0].message


def test_icons_outside_the_safe_margin_warn_but_art_may_reach_the_trim(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["badge"].update(x=1.5, y=1.5)
        data["boxes"]["art"].update(x=0, width=63)

    path = _design(tmp_path, "tactics", "card", change)
    assert [(f.code, f.pointer) for f in lint_template(path)] == [("template.box.safe", "/boxes/badge")]


def test_an_art_box_over_the_name_warns(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["art"].update(y=10, height=44.1)

    path = _design(tmp_path, "tactics", "card", change)
    codes = _codes(path)
    assert "template.art.covers_name" in codes
    finding = next(f for f in lint_template(path) if f.code == "template.art.covers_name")
    assert finding.pointer == "/boxes/art" and "covers the name" in finding.message


def _stats_beside_the_name(data: dict[str, Any]) -> None:
    """The designer's layout: the stats at the top right beside a shorter name, art under the type line."""
    boxes = data["boxes"]
    boxes.pop("symbol")
    boxes["name"]["width"] = 30
    boxes["stats"].update(x=45, y=4.2, width=13.8, height=10.5, give_to="art")


def test_art_taking_the_space_of_missing_stats_never_covers_the_name(tmp_path: Path) -> None:
    path = _design(tmp_path, "tactics", "card", _stats_beside_the_name)
    template = parse_template(path)
    assert "template.art.covers_name" not in _codes(path)
    width, height = mm(63), mm(88)
    for empty in (frozenset(), frozenset({"stats"}), frozenset({"stats", "badge"}), frozenset({"stats", "type_line"})):
        rects = box_rects(template, width, height, empty)
        art, name = rects["art"], rects["name"]
        assert art.top <= name.y + 1e-6 or art.x >= name.right - 1e-6, (empty, art, name)
        if "type_line" not in empty:
            assert art.top <= rects["type_line"].y + 1e-6
    grown = box_rects(template, width, height, frozenset({"stats", "type_line"}))["art"]
    assert grown.top == pytest.approx(height - mm(4.2 + 10.5))  # up to the name's bottom, not over it


def test_text_taking_the_space_of_missing_art_stays_inside_the_safe_area(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["art"].update(x=0, width=63)  # full-bleed art

    path = _design(tmp_path, "tactics", "card", change)
    template = parse_template(path)
    for size in ((63, 88), (44, 67), (70, 120)):
        width, height = mm(size[0]), mm(size[1])
        text = box_rects(template, width, height, frozenset({"art"}))["text"]
        with_art = box_rects(template, width, height, frozenset())["text"]
        assert (text.x, text.right) == pytest.approx((with_art.x, with_art.right))  # as wide as it was
        assert text.x >= mm(2.5) and text.right <= width - mm(2.5)
        assert text.top > with_art.top  # it grew up into the art's space


def test_text_of_a_card_without_art_is_drawn_inside_the_safe_area(game_copy: Any, tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["art"].update(x=0, width=63)
        data["boxes"]["text"]["align"] = "left"

    path = _design(tmp_path, "tactics", "card", change)
    root = game_copy("tactics")
    catalog = load_catalog([root])
    record = catalog.get("tactics", "adrenaline_shot", "card")
    assert getattr(record, "art", None) is None
    sheet = render_cards([record], SheetSpec(), bundled(), catalog, False, templates=load_templates(path.parent.parent))
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as document:
        chars = [c for c in document.pages[0].chars if c["top"] / PT > 30]  # below the header
    assert chars
    assert min(c["x0"] for c in chars) / PT >= 4.2 - 0.05  # the text box's own left edge, not the trim


def test_low_resolution_template_images_warn_and_missing_ones_are_errors(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["background"] = {"image": "bg.png"}

    path = _design(tmp_path, "tactics", "card", change)
    # 48 dpi on a 63 × 88 mm card: 119 × 166 px
    Image.new("RGB", (119, 166), (200, 30, 30)).save(path.parent / "bg.png")
    findings = lint_template(path)
    assert [(f.code, f.pointer) for f in findings] == [("template.image.resolution", "/background/image")]
    assert "48 dpi" in findings[0].message and "below 200 dpi" in findings[0].message
    assert "497×693 px" in findings[0].message
    assert _codes(path, min_dpi=40) == []
    (path.parent / "bg.png").unlink()
    findings = lint_template(path)
    assert [(f.code, f.severity) for f in findings] == [("template.image.missing", "error")]


def test_a_low_resolution_back_image_warns(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["image"] = {"image": "../back.jpg"}

    path = _design(tmp_path, "crossfire", "back-role", change)
    Image.new("RGB", (300, 400), (0, 0, 0)).save(path.parent.parent / "back.jpg")
    findings = lint_template(path)
    assert [(f.code, f.pointer) for f in findings] == [("template.image.resolution", "/image/image")]
    assert _codes(path, min_dpi=100) == []


def test_print_check_lists_findings_and_exits_1_on_an_error(cli: Any, tmp_path: Path) -> None:
    clean = cli("print", "--check")
    assert clean.exit_code == 0, clean.output
    assert "0 errors, 0 warnings" in clean.stdout

    def change(data: dict[str, Any]) -> None:
        data["boxes"]["text"]["x"] = 1.0
        data["background"] = {"image": "nowhere.png"}

    path = _design(tmp_path, "tactics", "card", change)
    result = cli("print", "--check", "--template", path.parent.parent, "--lang", "en")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert any(line.startswith(f"{path}:") and "warning template.box.safe" in line for line in lines)
    assert any("error template.image.missing" in line for line in lines)
    assert "1 template: 1 error, 1 warning" in result.stdout


# ---------------------------------------------------------------------- print time


def _with_art(root: Path, size: tuple[int, int]) -> None:
    card = root / "cards" / "adrenaline_shot.json"
    data = json.loads(card.read_text(encoding="utf-8"))
    card.write_text(canonical_dumps({**data, "art": "../art/a.png"}), encoding="utf-8")
    (root / "art").mkdir()
    Image.new("RGB", size, (40, 120, 200)).save(root / "art" / "a.png")


def test_low_resolution_card_art_warns_naming_the_card_image_and_dpi(cli: Any, game_copy: Any, tmp_path: Path) -> None:
    root = game_copy("tactics")
    _with_art(root, (104, 62))  # a card without stats: its 54.6 × 32.6 mm art box at 48 dpi
    out = tmp_path / "a.pdf"
    result = cli("print", "tactics/adrenaline_shot", "--cards", root, "--out", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    warning = [line for line in result.stderr.splitlines() if "sheet.image.resolution" in line]
    assert len(warning) == 1
    assert "adrenaline_shot" in warning[0] and "a.png" in warning[0] and "at 48 dpi" in warning[0]
    quiet = cli("print", "tactics/adrenaline_shot", "--cards", root, "--out", out, "--min-dpi", "40")
    assert quiet.exit_code == 0 and "sheet.image.resolution" not in quiet.stderr
    # the same art with enough pixels (200 dpi) does not warn
    (root / "art" / "a.png").unlink()
    Image.new("RGB", (860, 514), (40, 120, 200)).save(root / "art" / "a.png")
    fine = cli("print", "tactics/adrenaline_shot", "--cards", root, "--out", out)
    assert fine.exit_code == 0 and "sheet.image.resolution" not in fine.stderr


def test_print_with_a_template_warns_its_findings_and_prints(cli: Any, tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["boxes"]["footer"]["y"] = 78

    path = _design(tmp_path, "crossfire", "role", change)
    out = tmp_path / "x.pdf"
    result = cli("print", "crossfire/vip", "--out", out, "--template", path.parent.parent)
    assert result.exit_code == 0, result.output
    assert "template.box.overlap" in result.stderr and out.exists()


# ---------------------------------------------------------------------- errors and their exit code


@pytest.mark.parametrize(
    ("pointer", "value", "words"),
    [
        ("boxes/name/name/color", "red", "'red' is not a colour: write #RRGGBB"),
        ("frame/color", "#12345", "'#12345' is not a colour: write #RRGGBB"),
        ("palette/skill", "green", "'green' is not a colour: write #RRGGBB (a # and six hexadecimal digits"),
        ("boxes/art/placeholder", "accent", "'accent' is not a colour: write #RRGGBB"),
    ],
)
def test_a_bad_colour_says_what_a_colour_looks_like_and_exits_2(
    cli: Any, tmp_path: Path, pointer: str, value: str, words: str
) -> None:
    def change(data: dict[str, Any]) -> None:
        *parents, last = pointer.split("/")
        node = data
        for key in parents:
            node = node[key]
        node[last] = value

    path = _design(tmp_path, "tactics", "card", change)
    with pytest.raises(DossierError) as caught:
        load_templates(path.parent.parent)
    message = str(caught.value)
    assert caught.value.exit_code == 2 and words in message and f"/{pointer}: " in message
    assert "^" not in message and "[0-9" not in message and "$" not in message
    result = cli("print", "crossfire/vip", "--out", tmp_path / "x.pdf", "--template", path.parent.parent)
    assert result.exit_code == 2 and words in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"face": "front",\n  "boxes": }', "invalid JSON"),
        ("[]", "a template is a JSON object"),
        ('{"boxes": {}}', "missing; write"),
        ('{"face": "front", "boxes": {"text": {"x": 4, "y": 50, "width": 55, "height": 45}}}', "reaches past"),
    ],
)
def test_every_template_error_exits_2(cli: Any, tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "designs" / "tactics" / "card.json"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    result = cli("print", "crossfire/vip", "--out", tmp_path / "x.pdf", "--template", path.parent.parent, "--lang", "en")
    assert result.exit_code == 2, result.output
    assert words in result.stderr and "Traceback" not in result.output
    checked = cli("print", "--check", "--template", path.parent.parent, "--lang", "en")  # a finding, as lint tells it
    assert checked.exit_code == 1, checked.output
    assert f"{path}:" in checked.stdout and words in checked.stdout and "Traceback" not in checked.output


def test_an_extra_text_box_needs_words_or_a_field(tmp_path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        data["texts"] = [{"x": 5, "y": 81, "width": 30, "height": 3}]

    path = _design(tmp_path, "tactics", "card", change)
    with pytest.raises(DossierError) as caught:
        parse_template(path)
    assert caught.value.exit_code == 2 and '/texts/0: give "text" or "field", one of them' in str(caught.value)


# ---------------------------------------------------------------------- --tts writes into a folder that exists


def test_tts_refuses_a_missing_folder_and_writes_into_one_that_exists(cli: Any, tmp_path: Path) -> None:
    target = tmp_path / "new" / "deep" / "roles.png"
    result = cli("print", "crossfire/vip", "crossfire/assassin", "--tts", target)
    assert result.exit_code == 2 and "does not exist" in result.stderr, result.output
    assert not (tmp_path / "new").exists()  # a typo is not made into folders (as --out's is not)
    target.parent.mkdir(parents=True)
    result = cli("print", "crossfire/vip", "crossfire/assassin", "--tts", target)
    assert result.exit_code == 0, result.output
    assert target.exists() and target.with_suffix(".json").exists()
    assert (target.parent / "roles-back.png").exists()
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".")]  # no temporary files left


def test_tts_under_a_file_is_an_error_with_exit_2(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    result = cli("print", "crossfire/vip", "--tts", tmp_path / "plain" / "sub" / "roles.png")
    assert result.exit_code == 2 and "is not a directory" in result.stderr
