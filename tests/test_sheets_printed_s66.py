"""Printed proxies of imported Netrunner cards print the whole printed text, never only the paragraphs read.

A tester printing the real imported NetrunnerDB pool found text missing: a card with any paragraph read into ability
text (``text``) printed only those (an ice's "Lose [click]: Break 1 subroutine…" and "When the Runner encounters this
ice…" lost beside the subroutines read; a program's install discount; an asset's "When you install…"), and an English
event printed the ability language's rewording ("You gain 9") for its printed "Gain 9[credit].". An ice whose type
line left no room for its faction printed the faction's name as a stray first line of its text box.

The cards are invented, written as the NetrunnerDB import writes them: the printed English in ``printed_text`` and
the paragraphs the import's templates read (:func:`toolkit.importers.nrdb_text.read_card`) in ``text`` and
``reading``. A Chinese face prints the Chinese printed text; without one, the ability text in Chinese where it is
every paragraph of the printed English read, else the printed English (nothing is left out).
"""

from __future__ import annotations

import io
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from toolkit.catalog import Catalog, load_catalog
from toolkit.importers.nrdb_text import read_card
from toolkit.models import parse_record
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import SheetSpec
from toolkit.sheets.layouts import record_text
from toolkit.sheets.render import render_cards
from toolkit.sheets.tts import card_description

from .conftest import CARDS

ICE = [
    "Lose [click]: Break 1 subroutine on this ice. Only the Runner can use this ability.",
    "When the Runner encounters this ice, they must take 1 tag or end the run.",
    "[subroutine] End the run.",
    "[subroutine] Do 1 net damage.",
]
PROGRAM = [
    "This program costs 1[credit] less to install for each installed icebreaker.",
    "Interface → 1[credit]: Break 1 barrier subroutine.",
    "1[credit]: +1 strength.",
]
ASSET = [
    "When you install this asset, load 6[credit] onto it. When it is empty, trash it.",
    "[click]: Take 2[credit] from this asset.",
]
EVENT = ["Gain 9[credit]."]


def imported(card_id: str, card_type: str, english: list[str], **fields: Any) -> Any:
    """A card as the import writes it: ``english`` printed, the paragraphs its templates read in ``text``."""
    reading = read_card(english, card_type, "Invented", deck_limit=fields.get("deck_limit"))
    data: dict[str, Any] = {
        "game": "netrunner",
        "kind": "card",
        "id": card_id,
        "type": card_type,
        "faction": "haas_bioroid",
        "influence": 2,
        "name": {"zh-Hans": "虚构", "en": "Invented"},
        "text": reading.texts(),
        "reading": reading.record(),
        "printed_text": {"en": english},
        **fields,
    }
    return parse_record(data)


def ice(**fields: Any) -> Any:
    return imported("invented_wall", "ice", ICE, **{"rez_cost": 3, "strength": 4, "subtypes": ["sentry"], **fields})


def program() -> Any:
    return imported("invented_breaker", "program", PROGRAM, cost=2, memory_cost=1, strength=1, subtypes=["fracter"])


def asset() -> Any:
    return imported("invented_vault", "asset", ASSET, rez_cost=0, trash_cost=2)


def event(english: list[str] = EVENT, **fields: Any) -> Any:
    return imported("invented_windfall", "event", english, cost=5, faction="criminal", **fields)


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return load_catalog([CARDS])


def pdf_of(record: Any, lang: str) -> tuple[bytes, list[Any]]:
    result = render_cards([record], SheetSpec(), bundled(), catalog(), backs=False, lang=lang)
    return result.pdf, result.issues


def text_of(record: Any, lang: str) -> str:
    """The card's text layer, one line of words per line of print joined by spaces (lines of a paragraph too)."""
    pdf, issues = pdf_of(record, lang)
    assert not issues, issues
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return " ".join((doc.pages[0].extract_text() or "").split())


def test_the_fixtures_are_read_in_part_or_whole_as_intended() -> None:
    assert ice().reading.status == asset().reading.status == program().reading.status == "partial"
    assert ice().reading.read == [2, 3] and len(ice().text) == 2
    assert event().reading.status == "executable" and event().text == ["你获得 9[credit]。"]


@pytest.mark.parametrize(("make", "english"), [(ice, ICE), (program, PROGRAM), (asset, ASSET), (event, EVENT)])
def test_an_english_face_prints_every_printed_paragraph_in_order(make: Any, english: list[str]) -> None:
    text = text_of(make(), "en")
    places = []
    for paragraph in english:
        assert paragraph in text, (paragraph, text)
        places.append(text.index(paragraph))
    assert places == sorted(places), text


def test_an_english_face_prints_the_printed_words_not_the_ability_language_s() -> None:
    text = text_of(event(), "en")
    assert "Gain 9[credit]." in text and "You gain" not in text


def test_the_printed_text_s_icons_are_drawn_as_the_sheet_draws_them() -> None:
    pdf, _ = pdf_of(ice(), "en")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        words = page.extract_text() or ""
        drawn = page.curves + page.rects + page.lines
    assert "[click]" in words and "[subroutine]" in words  # inline icons copy as their tokens
    assert drawn  # and are drawn, not typed


def test_a_chinese_face_prints_the_chinese_printed_text_every_paragraph() -> None:
    chinese = ["失去 [click]：破解本防火墙上的 1 个子进程。", "潜袭者遭遇本防火墙时，须承受 1 个锁定标记或终止潜袭。"]
    record = ice(printed_text={"en": ICE, "zh-Hans": [*chinese, "[subroutine] 终止潜袭。"]})
    text = text_of(record, "zh-Hans")
    for paragraph in chinese:
        assert paragraph.replace(" ", "") in text.replace(" ", ""), text
    assert "Runner" not in text


def test_a_chinese_face_without_chinese_printed_text_prints_the_english_when_it_is_read_in_part() -> None:
    text = text_of(ice(), "zh-Hans")
    for paragraph in ICE:
        assert paragraph in text, text
    assert "终止潜袭" not in text  # not the paragraphs read, in Chinese, beside it


def test_a_chinese_face_prints_the_ability_text_when_it_is_the_whole_printed_text() -> None:
    text = text_of(event(), "zh-Hans")
    assert "你获得 9[credit]。" in text and "Gain" not in text


def test_a_paragraph_the_ability_text_does_not_hold_keeps_the_printed_english() -> None:
    """'Limit 1 per deck.' restates the card's deck limit: read as a deck rule, not into ``text``."""
    record = event([*EVENT, "Limit 1 per deck."], deck_limit=1)
    assert record.reading.status == "executable" and record.reading.rules == [1]
    text = text_of(record, "zh-Hans")
    assert "Gain 9[credit]. Limit 1 per deck." in text


def test_a_bundled_card_still_prints_its_ability_text() -> None:
    record = parse_record(
        {
            "game": "netrunner",
            "kind": "card",
            "id": "invented_bundled",
            "type": "event",
            "faction": "criminal",
            "cost": 1,
            "influence": 1,
            "name": {"zh-Hans": "虚构", "en": "Invented"},
            "text": ["你获得 2[credit]。"],
        }
    )
    assert "You gain 2[credit]." in text_of(record, "en")
    assert "你获得 2[credit]。" in text_of(record, "zh-Hans")


def test_the_font_check_reads_what_the_face_prints() -> None:
    english = record_text(ice(), "en", bilingual=False)
    assert "Lose" in english and "终止潜袭" not in english
    assert "你获得" in record_text(event(), "zh-Hans", bilingual=False)


def test_the_tts_description_is_the_whole_printed_text() -> None:
    assert card_description(ice(), "en").splitlines() == ICE
    assert card_description(event(), "zh-Hans") == "你获得 9[credit]。"


def test_a_faction_with_no_room_in_the_type_line_goes_to_the_footer_not_the_text_box() -> None:
    record = ice(subtypes=["code_gate", "advertisement", "tracer"])
    pdf, issues = pdf_of(record, "en")
    assert not issues, issues
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        words = doc.pages[0].extract_words()
    top = {w["text"]: w["top"] for w in reversed(words)}  # each word's first place
    assert "Haas-Bioroid" in top, words
    assert top["Haas-Bioroid"] == pytest.approx(top["Influence"], abs=1.0)  # on the footer's line
    assert top["Haas-Bioroid"] > top["Lose"]  # below the text, not a first line of it


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")
def test_pdftotext_reads_the_whole_printed_text(tmp_path: Path) -> None:
    pdf, _ = pdf_of(ice(), "en")
    path = tmp_path / "ice.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True)
    text = " ".join(done.stdout.split())
    assert all(paragraph in text for paragraph in ICE), text
