"""`dossier print` notes only the characters the cards draw (round 56).

An imported card carries its name in many languages and the game record its sets' names in them (and, from
NetrunnerDB, a stray byte-order mark); no face draws those, yet an English print of English-only cards noted
them as "printed in the installed font Noto Sans CJK" (and '\\ufeff' in DejaVu Sans), and loaded fonts for them.
The pool is written here (made-up cards and names).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.sheets.fonts import drawn_characters
from toolkit.sheets.layouts import record_text

from .test_search_nrdb_syntax import netrunner_pool

ROOT = Path(__file__).resolve().parents[1]
KOREAN, JAPANESE, RUSSIAN = "연상자", "カイト", "Жж"
SETS = [
    {"id": "kite_box", "code": "kb", "cycle": "kite_box", "released": "2015-01-01",
     "name": {"en": "Kite Box", "zh-Hans": "风筝盒", "ko": "연 상자", "fr": "Boîte\ufeff"}},
]  # fmt: skip
CARD = {
    "cost": 0,
    "deck_limit": 3,
    "faction": "criminal",
    "flavor": {"en": "Up it goes.", "zh-Hans": "它飞起来了。", "ja": "カイトが飛ぶ。"},
    "game": "netrunner",
    "id": "paper_kite",
    "influence": 1,
    "kind": "card",
    "name": {"en": "Paper Kite", "zh-Hans": "纸鸢", "ja": "紙カイト", "ru": "Бумажный змей Жж"},
    "printed_text": {"en": ["Gain 1[credit]."], "zh-Hans": ["获得1[credit]。"], "ko": ["1[credit]을 얻는다."]},
    "printings": [{"code": "80001", "cycle": "kite_box", "position": 1, "quantity": 3, "set": "kite_box"}],
    "set": "kite_box",
    "subtypes": [],
    "text": [],
    "type": "event",
    "unique": False,
}


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return netrunner_pool(tmp_path_factory.mktemp("note"), SETS, [CARD])


def _foreign(chars: set[str]) -> set[str]:
    """Hangul, kana, Cyrillic and the byte-order mark among ``chars``."""
    return {c for c in chars if "\uac00" <= c <= "\ud7af" or "\u3040" <= c <= "\u30ff" or "\u0400" <= c <= "\u04ff"
            or c == "\ufeff"}  # fmt: skip


def test_the_characters_a_print_needs_are_those_of_its_language(pool: Path) -> None:
    catalog = load_catalog([pool])
    card = catalog.get("netrunner", "paper_kite")
    english = drawn_characters([card], catalog, "en")
    assert not _foreign(english), _foreign(english)  # before: 연상자, カイト紙, Бумажный змей, '\ufeff'
    assert set("Paper Kite") <= english and set("Up it goes.") <= english
    assert set("纸鸢") <= english  # the zh-Hans name: a --bilingual print draws it under the title
    assert "鸢" not in drawn_characters([card], catalog, "en", bilingual=False)
    assert "它" not in english  # the Chinese flavour is not drawn on an English face
    chinese = drawn_characters([card], catalog, "zh-Hans")
    assert set("纸鸢风筝盒它飞起来了") <= chinese and not _foreign(chinese)


def test_record_text_leaves_out_third_languages(pool: Path) -> None:
    catalog = load_catalog([pool])
    card = catalog.get("netrunner", "paper_kite")
    game = catalog.get("netrunner", "netrunner", "game")
    assert "Paper Kite" in record_text(card, "en", bilingual=False)
    assert "纸鸢" in record_text(card, "en") and "紙" not in record_text(card, "en")
    assert "Kite Box" in record_text(game, "en", bilingual=False)
    assert not _foreign(set(record_text(game, "en", bilingual=False)))
    assert "风筝盒" in record_text(game, "zh-Hans", bilingual=False)
    assert {"연", "\ufeff"} <= set(record_text(game))  # without a language: every string, as before


def test_an_english_print_notes_no_character_it_does_not_draw(cli: Any, pool: Path, tmp_path: Path) -> None:
    out = tmp_path / "kite.pdf"
    result = cli("print", "--cards", pool, "--lang", "en", "paper_kite", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.exists()
    assert "\\ufeff" not in result.stderr and not _foreign(set(result.stderr)), result.stderr
