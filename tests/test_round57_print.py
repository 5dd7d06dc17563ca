"""Round 57, printing: deck findings at their place, a user's PNG kept, crop marks out of the unprintable strip,
card warnings in the run's language, a list without a mode printed, outputs checked before any is written, the
type line's note giving way first, slips breaking between words, --lang of `fonts`, a conflicting --game and a
--tts-url-base scheme refused, and the card layouts in `dossier examples`."""

from __future__ import annotations

import errno
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from toolkit.safewrite import DOSSIER_PNG, PNG_MARK, WriteError, check_replaceable, mark_png
from toolkit.sheets import geometry
from toolkit.sheets.geometry import COMFORT_MARGIN, SheetSpec, parse_card_size, parse_page_size, plan
from toolkit.sheets.slips import wrap

from .conftest import ROOT

DUO = """# game: tactics
# mode: duo
## Agents
1x 寒鸦
1x 白鹭
## Cards
1x 长弓狙击步枪
2x 不存在的卡
"""


def _json_deck(cards: dict[str, int]) -> str:
    return json.dumps(
        {"agents": ["jackdaw", "egret"], "cards": cards, "game": "tactics", "mode": "duo", "name": "d"}, indent=1
    )


# ---------------------------------------------------------------- 1, 5: decks


def test_a_deck_s_unknown_card_is_told_at_its_line(cli, tmp_path: Path) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text(DUO, encoding="utf-8")
    result = cli("print", "--deck", deck, "--out", tmp_path / "d.pdf", "--lang", "en")
    assert result.exit_code == 1
    assert f"{deck}:8:1: error deck.card.unknown" in result.stderr
    assert ":1:1:" not in result.stderr
    assert not (tmp_path / "d.pdf").exists()


def test_a_json_deck_s_unknown_id_and_broken_json_have_their_place(cli, tmp_path: Path) -> None:
    deck = tmp_path / "d.json"
    deck.write_text(_json_deck({"longbow_sniper_rifle": 1, "no_such_card": 2}), encoding="utf-8")
    result = cli("print", "--deck", deck, "--out", tmp_path / "d.pdf", "--lang", "en")
    assert result.exit_code == 1
    line = next(ln for ln in result.stderr.splitlines() if "deck.card.unknown" in ln)
    assert line.startswith(f"{deck}:") and "'no_such_card'" in line
    assert line.split(":")[1].isdigit() and line.split(":")[2].isdigit()  # file:line:column
    broken = tmp_path / "b.json"
    broken.write_text('{\n "game": "tactics",\n "cards": {\n', encoding="utf-8")
    result = cli("print", "--deck", broken, "--out", tmp_path / "b.pdf", "--lang", "en")
    assert result.exit_code == 1
    assert any(ln.startswith(f"{broken}:") and "deck.json" in ln and ln.split(":")[1].isdigit()
               for ln in result.stderr.splitlines())  # fmt: skip


def test_a_list_without_a_mode_prints(cli, tmp_path: Path) -> None:
    deck = tmp_path / "nomode.txt"
    deck.write_text("# game: tactics\n1x 寒鸦\n3x 长弓狙击步枪\n", encoding="utf-8")
    result = cli("print", "--deck", deck, "--out", tmp_path / "n.pdf", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "4 cards on 1 page" in result.stdout


# ---------------------------------------------------------------- 2: PNGs


def _user_png(path: Path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (10, 10), "red").save(path)
    return path.read_bytes()


def test_mark_png_is_recognised_and_a_plain_png_is_not(tmp_path: Path) -> None:
    plain = _user_png(tmp_path / "art.png")
    marked = mark_png(plain)
    assert PNG_MARK in marked and mark_png(marked) == marked
    assert Image.open(tmp_path / "art.png").size == (10, 10)
    (tmp_path / "ours.png").write_bytes(marked)
    with Image.open(tmp_path / "ours.png") as image:
        assert image.info.get("Software") == "Dossier" and image.size == (10, 10)
    check_replaceable(tmp_path / "ours.png", DOSSIER_PNG)
    with pytest.raises(WriteError):
        check_replaceable(tmp_path / "art.png", DOSSIER_PNG)


def test_tts_and_png_keep_a_user_s_image_and_replace_their_own(cli, tmp_path: Path) -> None:
    art = tmp_path / "utts" / "deck.png"
    mine = _user_png(art)
    result = cli("print", "crossfire/vip", "--tts", art, "--lang", "en")
    assert result.exit_code == 2
    assert "not replaced" in result.stderr and art.read_bytes() == mine
    assert not (tmp_path / "utts" / "deck.json").exists()  # nothing written

    folder = tmp_path / "png"
    card = folder / "crossfire-vip.png"
    mine = _user_png(card)
    result = cli("print", "crossfire/vip", "--png", folder, "--out", tmp_path / "x.pdf", "--lang", "en")
    assert result.exit_code == 2 and card.read_bytes() == mine
    assert not (tmp_path / "x.pdf").exists()  # refused before the PDF was written

    card.unlink()
    for _ in range(2):  # the second run replaces the images the first wrote
        result = cli("print", "crossfire/vip", "--png", folder, "--lang", "en")
        assert result.exit_code == 0, result.output
    with Image.open(card) as image:
        assert image.info.get("Software") == "Dossier"


# ---------------------------------------------------------------- 3: crop marks


def _nearest_mark(card: str, page: str, bleed: float, grid: Any = None) -> tuple[float, Any]:
    spec = SheetSpec(card=parse_card_size(card), page=parse_page_size(page), bleed=bleed, grid=grid)
    layout = plan(spec)
    width, height = spec.page.width, spec.page.height
    near = min(
        min(min(m.x1, m.x2), min(m.y1, m.y2), width - max(m.x1, m.x2), height - max(m.y1, m.y2))
        for m in layout.crop_marks()
    )
    return near, layout


@pytest.mark.parametrize(
    ("card", "page", "bleed"),
    [("poker", "a4", 0), ("poker", "a4", 2), ("mini", "a4", 3), ("poker", "letter", 0), ("bridge", "letter", 3)],
)
def test_crop_marks_stay_out_of_the_unprintable_strip(card: str, page: str, bleed: float) -> None:
    near, layout = _nearest_mark(card, page, bleed)
    assert near >= COMFORT_MARGIN - 1e-9
    assert all(abs(m.x2 - m.x1) + abs(m.y2 - m.y1) >= geometry.MIN_MARK - 1e-9 for m in layout.crop_marks())


def test_fewer_cards_only_where_the_marks_need_it() -> None:
    assert (plan(SheetSpec()).columns, plan(SheetSpec()).rows) == (3, 3)
    _, layout = _nearest_mark("poker", "a4", 2)
    assert (layout.columns, layout.rows) == (2, 3)
    assert "--no-crop-marks fits 3×3" in layout.warnings[0]
    bare = plan(SheetSpec(bleed=2, crop_marks=False))
    assert (bare.columns, bare.rows) == (3, 3) and not bare.warnings


@pytest.mark.parametrize(("card", "grid"), [("200x280", None), ("poker", (3, 3))])
def test_marks_that_cannot_keep_the_margin_are_warned_about(card: str, grid: Any) -> None:
    near, layout = _nearest_mark(card, "a4", 2 if grid else 3, grid)
    assert near < COMFORT_MARGIN
    assert len(layout.warnings) == 1
    assert "crop marks" in layout.warnings[0] or "under 5 mm" in layout.warnings[0]


# ---------------------------------------------------------------- 4: card warnings in the language


def test_card_warnings_speak_the_run_s_language(cli, tmp_path: Path) -> None:
    cards = tmp_path / "cards" / "tactics" / "cards"
    cards.mkdir(parents=True)
    source = json.loads((ROOT / "cards/tactics/cards/steady_aim.json").read_text(encoding="utf-8"))
    source["name"]["zh-Hans"] = "一个非常非常非常非常非常非常长的卡牌名称用于测试标题是否会溢出边框"
    source.pop("$schema", None)
    (cards / "steady_aim.json").write_text(json.dumps(source, ensure_ascii=False), encoding="utf-8")
    result = cli("print", "tactics/steady_aim", "--cards", tmp_path / "cards", "--out", tmp_path / "o.pdf",
                 "--lang", "zh-Hans")  # fmt: skip
    assert result.exit_code == 1
    line = next(ln for ln in result.stderr.splitlines() if "sheet.text.overflow" in ln)
    assert "错误 sheet.text.overflow" in line and "特工战术卡牌 'steady_aim'" in line
    assert "tactics card" not in line and " error " not in line


# ---------------------------------------------------------------- 6: every output checked first


def test_an_unwritable_png_folder_is_refused_before_the_pdf_is_written(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "ro"
    locked.mkdir()
    real = tempfile.TemporaryFile

    def probe(*args: Any, **kwargs: Any) -> Any:
        if Path(kwargs.get("dir") or "") == locked:
            raise OSError(errno.EROFS, "Read-only file system")
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "TemporaryFile", probe)
    out = tmp_path / "ok.pdf"
    result = cli("print", "tactics/jackdaw", "--out", out, "--png", locked / "png", "--lang", "en")
    assert result.exit_code == 2
    assert f"--png {locked / 'png'}: cannot write into {locked}" in result.stderr
    assert not out.exists()
    result = cli("print", "tactics/jackdaw", "--out", locked / "x.pdf", "--lang", "en")
    assert result.exit_code == 2 and "cannot write into" in result.stderr


# ---------------------------------------------------------------- 7: the type line's note gives way first


def test_a_long_type_line_takes_the_note_s_room_first(cli, tmp_path: Path) -> None:
    result = cli("print", "tactics/launch_hummingbird", "--out", tmp_path / "h.pdf", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "type line 'Minion · Hummingbird Recon Drone' shortened" not in result.stderr
    import pdfplumber

    with pdfplumber.open(tmp_path / "h.pdf") as pdf:
        text = pdf.pages[0].extract_text() or ""
    assert "Hummingbird Recon Drone" in text


# ---------------------------------------------------------------- 8: slips


def _width(text: str) -> float:
    return float(sum(2 if "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" else 1 for ch in text))


@pytest.mark.parametrize("width", range(10, 40))
def test_slips_break_between_the_game_s_words(width: int) -> None:
    lines = wrap("持械：开枪时你的指向可以击中玩家。如果你击中旁观者，你落败。", width, _width, 6)
    assert "".join(lines) == "持械：开枪时你的指向可以击中玩家。如果你击中旁观者，你落败。"
    assert not any(a.endswith("落") and b.startswith("败") for a, b in zip(lines, lines[1:], strict=False))
    assert not any(line.startswith(("。", "，")) for line in lines)


# ---------------------------------------------------------------- 10, 11: options


def test_fonts_check_takes_lang(cli) -> None:
    result = cli("fonts", "check", "--lang", "en")
    assert result.exit_code in (0, 1), result.output
    assert "Dossier Sans SC" in result.stdout or "character" in result.stdout
    assert cli("fonts", "check", "--lang", "xx").exit_code == 2


def test_a_conflicting_game_and_a_bad_url_scheme_are_refused(cli, tmp_path: Path) -> None:
    result = cli("print", "tactics/jackdaw", "--game", "netrunner", "--out", tmp_path / "j.pdf", "--lang", "en")
    assert result.exit_code == 2
    assert "--game says netrunner" in result.stderr and not (tmp_path / "j.pdf").exists()
    assert cli("print", "tactics/jackdaw", "--game", "tactics", "--out", tmp_path / "j.pdf").exit_code == 0
    for url in ("ftp://x", "javascript://x", "x.org/a"):
        result = cli("print", "tactics/jackdaw", "--tts", tmp_path / "t.png", "--tts-url-base", url, "--lang", "en")
        assert result.exit_code == 2 and "--tts-url-base" in result.stderr
    result = cli("print", "tactics/jackdaw", "--tts", tmp_path / "t.png", "--tts-url-base", "https://h/d/")
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- 12: the templates in `dossier examples`


def test_examples_bring_the_card_layouts(cli, tmp_path: Path) -> None:
    result = cli("examples", "--out", tmp_path / "mine", "--lang", "en")
    assert result.exit_code == 0, result.output
    card = tmp_path / "mine" / "templates" / "tactics" / "card.json"
    data = json.loads(card.read_text(encoding="utf-8"))
    assert (card.parent / data["$schema"]).resolve() == (tmp_path / "mine" / "schema" / "template.schema.json")
    ours = tmp_path / "ours" / "tactics"
    ours.mkdir(parents=True)
    (ours / "card.json").write_text(card.read_text(encoding="utf-8"), encoding="utf-8")
    result = cli("print", "--check", "--template", tmp_path / "ours", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "1 template: 0 errors" in result.stdout


def test_crossfire_slips_need_a_pdf_name(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`crossfire deal --slips newslips.txt` wrote a PDF named .txt: refused as `print --out` refuses it."""
    result = cli("crossfire", "deal", "-n", "5", "--seed", "1", "--slips", tmp_path / "slips.txt", "--lang", "en")
    assert result.exit_code == 2 and "--slips" in result.output and "expected a .pdf file name" in result.output
    assert not (tmp_path / "slips.txt").exists()
