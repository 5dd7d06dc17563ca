"""The name resolver of `print` and deck lists (NameIndex.find) reads a typed name as `show` does: an exact name
however spelt (spaces, punctuation) before a name that merely begins with it; a prefix typed without spaces."""

from __future__ import annotations

from typing import Any

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex
from toolkit.models import Names
from toolkit.paths import CARDS_DIR

BASE = next(r for r in load_catalog([CARDS_DIR / "tactics"]).records if r.kind == "card")


def _card(record_id: str, en: str, zh: str) -> Any:
    return BASE.model_copy(update={"id": record_id, "name": Names.model_validate({"zh-Hans": zh, "en": en})})


INDEX = NameIndex(
    [
        _card("jamie_micken", 'Jamie "Bzzz" Micken', "杰米"),
        _card("m_i_c", "M.I.C.", "麦克"),
        _card("frost_wall", "Frost Wall", "霜墙"),
        _card("summit_shelter", "Summit Shelter", "峰顶庇护所"),
    ]
)


def _ids(name: str) -> list[str]:
    return [r.id for r in INDEX.find(name, "tactics")]


def test_an_exact_name_however_spelt_wins_over_a_prefix() -> None:
    assert _ids("mic") == ["m_i_c"]
    assert _ids("m.i.c") == ["m_i_c"]
    assert _ids("micken") == ["jamie_micken"]


def test_a_prefix_typed_without_its_spaces() -> None:
    assert _ids("frostw") == ["frost_wall"]
    assert _ids("frost") == ["frost_wall"]


def test_a_word_of_the_name_and_what_follows_it_without_spaces() -> None:
    assert _ids("wall") == ["frost_wall"]
    assert _ids("shelt") == ["summit_shelter"]
    assert _ids("mitshel") == []  # (not from a word's start)


def test_a_name_typed_in_chinese_is_found_anywhere_inside_a_name() -> None:
    """Chinese has no spaces between words: a later part of a Chinese name names it, as a search finds it."""
    index = NameIndex([_card("ceramic_armor", "Ceramic Armor", "陶瓷防弹衣"), _card("rust", "Rust", "卡西娅·“铁锈”·莫罗")])
    assert [r.id for r in index.find("防弹衣", "tactics")] == ["ceramic_armor"]
    assert [r.id for r in index.find("铁锈", "tactics")] == ["rust"]
    assert [r.id for r in index.find("陶瓷", "tactics")] == ["ceramic_armor"]  # (a start before anywhere)
    assert index.find("rmor", "tactics") == []  # (Latin: from a word's start only, as before)


def test_show_finds_a_later_part_of_a_chinese_name(cli: Any, tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)  # (the bundled cards' database in the user's cache, no dossier.db of a checkout)
    result = cli("show", "防弹衣", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "ceramic_body_armor" in result.stdout
