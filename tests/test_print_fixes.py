"""`dossier print` fixes: two outputs of one run that share a file are refused before anything is written; --tts
keeps the case of the name it is given; the exit code of a bad card file is the one the help gives; a template's
message the catalogs lack and a template's field no record has are findings (`print --check`) and warnings (print);
English card text keeps a short value on the line of the word before it."""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from toolkit.sheets.linebreak import NUMBER_UNIT, atomize, break_kinds, break_text
from toolkit.sheets.template import TEMPLATE_DIR, load_templates, text_findings
from toolkit.sheets.vocabulary import game_lexicon

from .conftest import CARDS

# ---------------------------------------------------------------- two outputs of one run share a file


def test_a_tts_sheet_named_like_a_card_png_of_the_same_run_is_refused_before_anything_is_written(
    cli: Any, tmp_path: Path
) -> None:
    pngs = tmp_path / "p8"
    result = cli("print", "frag_grenade", "med_kit", "--png", pngs, "--tts", pngs / "tactics-frag_grenade.png")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"--tts {pngs / 'tactics-frag_grenade.png'}: --png {pngs} writes" in lines[0], lines[0]
    assert not pngs.exists()  # nothing written, the folder not even made
    assert result.stdout == ""


def test_a_tts_sheet_over_a_card_png_of_an_earlier_run_is_refused_too(cli: Any, tmp_path: Path) -> None:
    pngs = tmp_path / "p8"
    first = cli("print", "frag_grenade", "med_kit", "--png", pngs)
    assert first.exit_code == 0, first.output
    before = {p.name: p.read_bytes() for p in pngs.iterdir()}
    result = cli("print", "frag_grenade", "med_kit", "--png", pngs, "--tts", pngs / "tactics-med_kit.png")
    assert result.exit_code == 2, result.output
    assert {p.name: p.read_bytes() for p in pngs.iterdir()} == before


def test_outputs_in_one_folder_with_other_names_are_written(cli: Any, tmp_path: Path) -> None:
    pngs = tmp_path / "p8"
    result = cli("print", "frag_grenade", "--png", pngs, "--tts", pngs / "deck.png")
    assert result.exit_code == 0, result.output
    assert {"tactics-frag_grenade.png", "deck.png", "deck-back.png", "deck.json"} <= set(os.listdir(pngs))


def test_the_tts_files_are_known_before_the_sheets_are_drawn() -> None:
    from toolkit.catalog import load_catalog
    from toolkit.cli.sheets import _tts_planned
    from toolkit.sheets.render import TTS_PER_SHEET

    records: list[Any] = load_catalog([CARDS / "tactics"]).records
    shop = next(r for r in records if r.kind == "card" and r.back == "shop")
    personal = next(r for r in records if r.kind == "card" and r.back == "personal")
    target = Path("out/Deck.png")
    assert _tts_planned(target, [shop]) == [Path("out/Deck.png"), Path("out/Deck-back.png"), Path("out/Deck.json")]
    many = [shop] * (TTS_PER_SHEET + 1)
    assert [p.name for p in _tts_planned(target, many)] == ["Deck-1.png", "Deck-2.png", "Deck-back.png", "Deck.json"]
    mixed = [shop, personal] * TTS_PER_SHEET  # two kinds of back: a back sheet per face sheet
    assert [p.name for p in _tts_planned(target, mixed)] == [
        "Deck-1.png", "Deck-2.png", "Deck-back-1.png", "Deck-back-2.png", "Deck.json"
    ]  # fmt: skip
    assert _tts_planned(None, mixed) == []


# ---------------------------------------------------------------- --tts keeps the name's case


def test_tts_keeps_the_case_of_its_file_name(cli: Any, tmp_path: Path) -> None:
    result = cli("print", "frag_grenade", "--tts", tmp_path / "Deck.PNG")
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(tmp_path)) == ["Deck-back.PNG", "Deck.PNG", "Deck.json"]
    saved = (tmp_path / "Deck.json").read_text(encoding="utf-8")
    assert "Deck.PNG" in saved and "Deck-back.PNG" in saved and "Deck.png" not in saved
    assert f"{tmp_path / 'Deck.PNG'}: Tabletop Simulator sheet" in result.stdout


# ---------------------------------------------------------------- the exit code of a bad card file


@pytest.mark.parametrize(
    "content",
    ['{"a":', json.dumps({"kind": "card", "game": "tactics", "id": "broken", "name": {"zh-Hans": "坏"}})],
    ids=["invalid-json", "invalid-record"],
)
def test_a_bad_card_file_in_the_pool_exits_as_the_help_says(cli: Any, tmp_path: Path, content: str) -> None:
    folder = tmp_path / "bad" / "tactics" / "cards"
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text(content, encoding="utf-8")
    result = cli("print", "x", "--cards", tmp_path / "bad", "--out", tmp_path / "b.pdf")
    # a file that was read and has a problem: 1, as `search`, `show`, `deck validate` and `fonts check` exit
    assert result.exit_code == 1, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and "broken.json:1:" in result.stderr, result.stderr
    assert not (tmp_path / "b.pdf").exists()
    shown = " ".join(cli("print", "--help").stdout.split())
    assert "or when a card file or a deck was read and has a problem" in shown, shown
    assert "2 for bad options or templates and for files that cannot be read or written" in shown


# ---------------------------------------------------------------- the words of a template


def _template(folder: Path, texts: list[dict[str, Any]], game: str = "tactics", name: str = "card") -> Path:
    data = json.loads((TEMPLATE_DIR / game / f"{name}.json").read_text(encoding="utf-8"))
    data.pop("$schema", None)
    data["texts"] = texts
    path = folder / game / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


BOX = {"x": 8, "y": 62, "width": 40, "height": 4}


def test_a_message_the_catalogs_lack_is_a_finding_of_print_check(cli: Any, tmp_path: Path) -> None:
    path = _template(tmp_path, [{**BOX, "text": {"message": "Secret stash, not in any catalog"}}])
    result = cli("print", "--check", "--template", tmp_path)
    assert result.exit_code == 0, result.output  # a warning: the words print, in English
    found = [line for line in result.stdout.splitlines() if "template.text.untranslated" in line]
    assert len(found) == 1, result.stdout
    line = found[0]
    assert line.startswith(f"{path}:") and re.match(rf"{re.escape(str(path))}:\d+:\d+: warning ", line), line
    assert "'Secret stash, not in any catalog' is not in the zh-Hans catalog" in line
    assert '"zh-Hans": "…"' in line
    assert "1 template: 0 errors, " in result.stdout


def test_a_message_with_words_of_the_language_or_in_the_catalog_is_no_finding(tmp_path: Path) -> None:
    _template(
        tmp_path,
        [
            {**BOX, "text": {"message": "Secret stash", "zh-Hans": "秘密藏匿"}},
            {**BOX, "y": 70, "text": {"message": "Matrix shop"}},  # a bundled back's label: in the catalog
        ],
    )
    templates = load_templates(tmp_path)
    assert text_findings(templates, [tmp_path / "tactics" / "card.json"]) == []


@pytest.mark.lang_default
def test_a_chinese_print_warns_of_a_message_it_prints_in_english(cli: Any, tmp_path: Path) -> None:
    path = _template(tmp_path / "tpl", [{**BOX, "text": {"message": "Secret stash"}}])
    out = tmp_path / "c.pdf"
    result = cli("print", "frag_grenade", "--template", tmp_path / "tpl", "--out", out, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.stderr.splitlines() if "template.text.untranslated" in line]
    assert len(warned) == 1 and warned[0].startswith(f"{path}:"), result.stderr
    english = cli("print", "frag_grenade", "--template", tmp_path / "tpl", "--out", out, "--lang", "en")
    assert english.exit_code == 0 and "template.text.untranslated" not in english.stderr, english.stderr


@pytest.mark.parametrize(
    ("field", "hint"),
    [("flavour", "; did you mean 'flavor'?"), ("cost.mortgag", "; did you mean 'cost.mortgage'?"),
     ("nonexistent.x", "")],
)  # fmt: skip
def test_a_field_no_record_has_is_an_error_of_print_check(cli: Any, tmp_path: Path, field: str, hint: str) -> None:
    path = _template(tmp_path, [{**BOX, "field": field}])
    result = cli("print", "--check", "--template", tmp_path)
    assert result.exit_code == 1, result.output
    found = [line for line in result.stdout.splitlines() if "template.field.unknown" in line]
    assert len(found) == 1, result.stdout
    line = found[0]
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: error template.field.unknown: ", line), line
    assert line.endswith(f"tactics card records have no field {field!r}: this box prints nothing{hint}"), line


def test_a_print_with_a_mistyped_field_warns_and_prints(cli: Any, tmp_path: Path) -> None:
    path = _template(tmp_path / "tpl", [{**BOX, "field": "flavour"}])
    result = cli("print", "frag_grenade", "--template", tmp_path / "tpl", "--out", tmp_path / "c.pdf")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.stderr.splitlines() if "template.field.unknown" in line]
    assert len(warned) == 1 and warned[0].startswith(f"{path}:"), result.stderr
    assert "warning template.field.unknown" in warned[0] and "did you mean 'flavor'?" in warned[0]


@pytest.mark.parametrize(
    ("game", "name", "field"),
    [
        ("tactics", "card", "flavor"),
        ("tactics", "card", "Flavor"),
        ("tactics", "card", "name.en"),
        ("tactics", "card", "name.zh-Hans"),
        ("tactics", "card", "cost.mortgage"),
        ("tactics", "card", "is_response"),  # a property
        ("tactics", "unit", "hp"),  # a field of one type of unit
        ("netrunner", "card", "strength"),  # of ice and programs only
        ("netrunner", "identity", "flavor"),
        ("crossfire", "role", "name"),
    ],
)
def test_a_field_some_record_has_is_no_finding(tmp_path: Path, game: str, name: str, field: str) -> None:
    _template(tmp_path, [{**BOX, "field": field}], game, name)
    templates = load_templates(tmp_path)
    assert text_findings(templates, [tmp_path / game / f"{name}.json"]) == []


def test_the_bundled_templates_words_have_no_findings() -> None:
    assert text_findings(load_templates(None)) == []


# ---------------------------------------------------------------- English: a value stays with its word


def chars(text: str) -> float:
    return float(len(text))


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        ("The wearer gets move speed -1.", 27, ["The wearer gets move", "speed -1."]),
        ("Energy Speed 1 · Range 1-3", 23, ["Energy Speed 1 ·", "Range 1-3"]),
        ("This unit moves 0-2.", 16, ["This unit", "moves 0-2."]),
        ("attack range +3.", 12, ["attack", "range +3."]),
        # where the line cannot hold the word and its value together, they part
        ("speed -1.", 6, ["speed", "-1."]),
        # Chinese as it was: the value stays with its label
        ("贴附单位攻击距离 -2。", 5, ["贴附单位", "攻击距离", "-2。"]),
    ],
)
def test_english_keeps_a_short_value_on_the_line_of_the_word_before_it(
    text: str, width: float, lines: list[str]
) -> None:
    assert break_text(text, width, chars, lexicon=game_lexicon()) == lines


def test_the_break_before_a_value_after_a_latin_word_is_a_number_break() -> None:
    atoms = atomize("move speed -1. Range 1-3 and 2 cards")
    kinds = break_kinds(atoms, game_lexicon())
    before = {atoms[i + 1].text: kinds[i] for i in range(len(atoms) - 1) if atoms[i].kind == "space"}
    assert before["-1."] == before["1-3"] == before["2"] == NUMBER_UNIT
    assert before["speed"] == before["Range"] == before["cards"] == 0


@lru_cache(maxsize=1)
def _english_lines() -> dict[str, list[list[str]]]:
    """The lines of every text box of every printable bundled card printed in English (poker cards)."""
    from reportlab.pdfgen.canvas import Canvas

    from toolkit.catalog import load_catalog
    from toolkit.sheets import layouts
    from toolkit.sheets.fonts import bundled
    from toolkit.sheets.geometry import mm
    from toolkit.sheets.linebreak import line_markup
    from toolkit.sheets.textbox import Fitted, Measurer, Para
    from toolkit.sheets.vocabulary import lexicon

    catalog = load_catalog([CARDS])
    canvas = Canvas(None)  # drawn, never saved
    ctx = layouts.Context(canvas, bundled(), catalog, measure=Measurer(bundled(), lexicon(catalog)), lang="en")
    found: dict[str, list[list[str]]] = {}
    real_fit = layouts.fit
    current: list[str] = []

    def recording_fit(paras: list[Para], width: float, height: float, measure: Measurer, base: float) -> Fitted:
        fitted = real_fit(paras, width, height, measure, base)
        found.setdefault(current[0], []).append([line_markup(line.atoms) for line in fitted.lines])
        return fitted

    layouts.fit = recording_fit  # type: ignore[assignment]
    printable: list[Any] = [r for r in catalog.records if layouts.is_printable(r)]
    try:
        for record in sorted(printable, key=lambda r: (r.game, r.id)):
            current[:] = [f"{record.game}/{record.id}"]
            canvas.saveState()
            layouts.draw_front(ctx, record, mm(63), mm(88), 0.0)
            canvas.restoreState()
    finally:
        layouts.fit = real_fit
    return found


VALUE_LINE = re.compile(r"[+\-−–]?\d+(?:[-–]\d+)?[.,;:]?(?: ·)?")


def test_the_reported_english_cards_keep_value_and_label_together() -> None:
    lines = _english_lines()
    rifle = [line for box in lines["tactics/anti_materiel_rifle"] for line in box]
    assert "gets -1 move" in rifle[-2] and "-1" not in rifle[-1], rifle
    hummingbird = [line for box in lines["tactics/launch_hummingbird"] for line in box]
    assert any(line.endswith("Range 1-3") for line in hummingbird), hummingbird


def test_no_line_of_an_english_bundled_card_is_a_value_cut_from_its_word() -> None:
    lone = [
        (card, box[i - 1], line)
        for card, boxes in _english_lines().items()
        for box in boxes
        for i, line in enumerate(box)
        if i and VALUE_LINE.fullmatch(line.strip()) and re.search(r"[A-Za-z]$", box[i - 1])
    ]
    assert not lone, lone[:5]


def test_a_tts_sheet_named_like_the_png_folder_is_refused(cli: Any, tmp_path: Path) -> None:
    both = tmp_path / "x.png"
    result = cli("print", "frag_grenade", "--png", both, "--tts", both)
    assert result.exit_code == 2, result.output
    assert f"--tts {both}: --png {both} writes {both} too" in result.stderr
    assert not both.exists()
