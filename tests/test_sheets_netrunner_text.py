"""Printed text of imported Netrunner cards on the sheets: chosen language, NetrunnerDB markup, inline icons.

The records are invented (names and text), written in NetrunnerDB's markup;
the PDFs are read back with pdfplumber.
"""

from __future__ import annotations

import copy
import io
from functools import lru_cache
from typing import Any

import pdfplumber
import pytest

from toolkit import markup
from toolkit.catalog import Catalog, load_catalog
from toolkit.models import parse_record
from toolkit.sheets import icons
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import SheetSpec
from toolkit.sheets.layouts import record_text
from toolkit.sheets.linebreak import Atom, break_atoms
from toolkit.sheets.render import render_cards, render_sheets
from toolkit.sheets.textbox import SUP_SCALE, markup_paras

from .conftest import CARDS

BOLD_FONT = "DossierSansSC-Bold"

HOUND: dict[str, Any] = {
    "game": "netrunner",
    "kind": "card",
    "id": "relay_hound",
    "type": "ice",
    "faction": "nbn",
    "rez_cost": 3,
    "strength": 2,
    "influence": 2,
    "name": {"zh-Hans": "中继猎犬", "en": "Relay Hound"},
    "text": [],
    "printed_text": {
        "en": [
            "<strong>Uplink</strong> → When you rez this ice, gain 1[recurring-credit].",
            "[subroutine] Trace[4]. If successful, choose 1:<ul><li>Draw 1 card.</li><li>Gain 2[credit].</li></ul>",
            "[interrupt] → [trash]: Prevent it. <em>(Slanted reminder.)</em>",
        ],
        "zh-Hans": [
            "[subroutine] <trace>追踪 4</trace> 如果成功，你获得 1[credit]。",
            "<strong>每回合一次</strong>：抽 1 张牌。",
            "<errata>更正</errata>",
        ],
    },
    "flavor": {"en": "Fetch <em>that</em>.", "zh-Hans": "去<strong>捡</strong>回。"},
}

FACTIONS = "[anarch][criminal][shaper][haas-bioroid][jinteki][nbn][weyland-consortium]"


def card(**changes: Any) -> Any:
    data = copy.deepcopy(HOUND)
    data.update(changes)
    return parse_record(data)


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return load_catalog([CARDS])


def render(record: Any, lang: str) -> tuple[list[dict[str, Any]], str, list[Any]]:
    """The card alone on a page: its characters, its text and the issues."""
    result = render_cards([record], SheetSpec(), bundled(), catalog(), backs=False, lang=lang)
    with pdfplumber.open(io.BytesIO(result.pdf)) as pdf:
        page = pdf.pages[0]
        return list(page.chars), page.extract_text(), result.issues


def word_chars(chars: list[dict[str, Any]], word: str) -> list[dict[str, Any]]:
    """The characters of the first occurrence of ``word`` in drawing order."""
    text = "".join(c["text"] for c in chars)
    at = text.index(word)
    return chars[at : at + len(word)]


def test_the_fixture_prints_with_the_bundled_font() -> None:
    for lang in ("en", "zh-Hans"):
        assert not bundled().lacks(record_text(card(), lang))


@pytest.mark.parametrize(
    ("lang", "shown", "hidden"),
    [
        ("en", ["Uplink", "Draw 1 card.", "Gain 2", "(Slanted reminder.)", "Fetch that."], ["追踪", "每回合"]),
        ("zh-Hans", ["追踪", "每回合一次", "更正", "去捡回。"], ["Uplink", "Draw 1 card", "Fetch"]),
    ],
)
def test_printed_text_in_the_chosen_language_without_tags(lang: str, shown: list[str], hidden: list[str]) -> None:
    _, text, issues = render(card(), lang)
    flat = text.replace("\n", " ")
    for words in shown:
        assert words in flat
    for words in hidden:
        assert words not in flat
    assert "<" not in text and ">" not in text.replace("→", "")
    assert not issues


def test_a_missing_language_falls_back_to_english() -> None:
    only_en = card(printed_text={"en": HOUND["printed_text"]["en"]})
    _, text, _ = render(only_en, "zh-Hans")
    assert "Uplink" in text


def test_printed_text_wins_over_ability_text() -> None:
    """A card with printed text prints it whole: the ability text read from some of it would leave the rest out."""
    own = card(text=["你获得 1[credit]。"])
    _, text, _ = render(own, "en")
    assert "Uplink" in text and "You gain" not in text
    _, text, _ = render(own, "zh-Hans")
    assert "追踪" in text and "每回合一次" in text and text.count("你获得") == 1  # (its own, not the ability text's too)


def test_icons_are_drawn_inline_and_copy_as_their_tokens() -> None:
    _, text, _ = render(card(), "en")
    flat = text.replace("\n", " ")
    for token in ("[recurring-credit]", "[subroutine]", "[credit]", "[interrupt]", "[trash]"):
        assert token in flat


def test_bold_italic_and_the_raised_trace_strength() -> None:
    chars, _, _ = render(card(), "en")
    uplink = word_chars(chars, "Uplink")
    assert all(c["fontname"].endswith(BOLD_FONT) for c in uplink)
    assert all(c["matrix"][2] == 0 for c in uplink)  # upright
    gain = word_chars(chars, "When")
    assert not any(c["fontname"].endswith(BOLD_FONT) for c in gain)
    reminder = word_chars(chars, "Slanted")
    assert all(c["matrix"][2] > 0 for c in reminder)  # sheared: italic
    trace = word_chars(chars, "Trace4")
    assert all(c["fontname"].endswith(BOLD_FONT) for c in trace)
    label, strength = trace[0], trace[-1]
    assert strength["size"] == pytest.approx(label["size"] * SUP_SCALE, rel=0.01)
    assert strength["bottom"] < label["bottom"] - label["size"] * 0.2  # raised (pdfplumber's y grows down)


def test_list_items_hang_after_a_bullet() -> None:
    chars, _, _ = render(card(), "en")
    lead = word_chars(chars, "[subroutine]")[0]
    item = word_chars(chars, "Draw")[0]
    size = item["size"]
    assert item["x0"] == pytest.approx(lead["x0"] + size, abs=0.5)  # one em of hanging indent


def test_notes_are_smaller_and_muted() -> None:
    chars, _, _ = render(card(), "zh-Hans")
    note = word_chars(chars, "更正")[0]
    body = word_chars(chars, "每回合")[0]
    assert note["size"] < body["size"]
    assert note["non_stroking_color"] != body["non_stroking_color"]


def test_text_too_long_for_the_box_is_an_overflow() -> None:
    long = card(printed_text={"en": ["<strong>Uplink</strong> → Gain 1[credit] and draw 1 card. " * 30]})
    _, _, issues = render(long, "en")
    assert [i.code for i in issues] == ["sheet.text.overflow"]


@pytest.mark.parametrize(("lang", "missing"), [("en", False), ("zh-Hans", True)])
def test_only_the_printed_language_needs_glyphs(lang: str, missing: bool) -> None:
    rare = card(printed_text={"en": ["Gain 1[credit]."], "zh-Hans": ["获得 1[credit]。龘"]})
    _, _, issues = render(rare, lang)
    assert any(i.code == "sheet.font.missing" and "龘" in i.message for i in issues) is missing


def test_every_icon_of_the_markup_has_a_drawing() -> None:
    assert set(markup.ICONS) == set(icons.PRINTED)
    assert set(icons.PRINTED) <= set(icons.DRAW)
    with_factions = card(printed_text={"en": [f"Gain 1[credit]. {FACTIONS}"]})
    _, text, issues = render(with_factions, "en")
    assert not issues
    assert FACTIONS in text.replace(" ", "")


def test_a_raised_figure_never_starts_a_line() -> None:
    atoms = [Atom("追"), Atom("踪"), Atom("4", sup=True), Atom("如")]
    lines = break_atoms(atoms, 2.5, lambda a: 1.0)
    assert all(not line or not line[0].sup for line in lines)


def test_flavour_in_english_is_slanted_and_optional() -> None:
    blocks = markup.parse("Fetch <strong>that</strong>.")
    (para,) = markup_paras(blocks, optional=True, italic=True)
    assert para.optional and all(a.italic for a in para.atoms if a.kind == "text")
    chars, _, _ = render(card(), "en")
    assert all(c["matrix"][2] > 0 for c in word_chars(chars, "Fetch"))


def test_sheets_print_the_same_text() -> None:
    sheet = render_sheets([card(), card(id="relay_pup")], SheetSpec(), bundled(), catalog(), lang="en")
    with pdfplumber.open(io.BytesIO(sheet.pdf)) as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("Uplink") == 2 and "<strong>" not in text


@pytest.mark.parametrize(
    ("subtypes", "shortened"),
    [
        (["sentry"], False),
        (["sentry", "bioroid", "ap", "destroyer", "observer", "deep_net", "tracer", "grail"], True),
    ],
)
def test_a_long_type_line_still_prints(subtypes: list[str], shortened: bool) -> None:
    """Real ice carry long subtype lists: the line shrinks beside the faction, then is shortened with a warning."""
    _, text, issues = render(card(subtypes=subtypes), "en")
    assert not [i for i in issues if i.severity == "error"]
    assert any(i.code == "sheet.text.shortened" for i in issues) is shortened
    assert ("…" in text) is shortened
