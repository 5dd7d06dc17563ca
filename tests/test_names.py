"""Names as players type them: folding, the name index, and deck lists in every format with plain spellings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.decks.names import fold, folded_names
from toolkit.models.common import Names

from .names_util import write_pool

Run = Callable[..., Any]


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Esa Trova: Eco-Rebel", "Ésa Trovâ: Eco-Rebel"),
        ("esa trova eco rebel", "Ésa Trovâ: Eco-Rebel"),
        ("ESA TROVA:ECO-REBEL", "Ésa Trovâ: Eco-Rebel"),
        ("  Ésa   Trovâ :  Eco - Rebel ", "Ésa Trovâ: Eco-Rebel"),
        ("Boita", "Bóitá"),
        ("Nurse Hanh", "Nürse Hänh"),
        ("Can't Stop Now", "Can’t Stop Now"),
        ("Cant Stop Now", "Can’t Stop Now"),
        ('"Baz" Wong', "“Baz” Wong"),
        ("Blueberry! Diesel", "Blueberry!™ Diesel"),
        ("Ｅｓａ", "Ésa"),  # full-width letters
        ("Strasse", "Straße"),
        ("埃萨特罗瓦：生态叛军", "埃萨·特罗瓦：生态叛军"),
        ("埃萨・特罗瓦: 生态叛军", "埃萨·特罗瓦：生态叛军"),
        ("埃萨 特罗瓦", "埃萨·特罗瓦"),
        ("esa_trova_eco_rebel", "Ésa Trovâ: Eco-Rebel"),  # an id folds like its name
    ],
)
def test_spellings_fold_alike(typed: str, stored: str) -> None:
    assert fold(typed) == fold(stored)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Esa", "Mesa"), ("Brân 1.0", "Bran 10"), ("艾萨", "艾沙"), ("Hedge Fund", "Hedge-Funds")],
)
def test_different_names_stay_apart(one: str, other: str) -> None:
    assert fold(one) != fold(other)


@pytest.mark.parametrize(
    ("name", "folded"),
    [
        ("Esâ Afontov: Eco-Insurrectionist", "esa afontov eco insurrectionist"),
        ("Shi.Kyū", "shi kyu"),
        ("R&D Interface", "r d interface"),
        ("劫2.0（Zed 2.0）", "劫2 0 zed 2 0"),
        ("", ""),
        ("™", ""),
    ],
)
def test_fold(name: str, folded: str) -> None:
    assert fold(name) == folded


@pytest.mark.parametrize(
    ("word", "folded"),
    [("_x_", " x "), ("eco-rebel", "eco rebel"), ("Can't", "cant"), ("100%", "100 "), ("-", ""), ("“Baz”", "baz")],
)
def test_fold_a_search_word_keeps_its_edges(word: str, folded: str) -> None:
    assert fold(word, edges=True) == folded


def test_symbols_also_fold_spelt_out() -> None:
    """GAMEDRAGON™ Pro is found as GAMEDRAGON Pro and as GAMEDRAGONTM Pro (an ASCII transliteration)."""
    record = SimpleNamespace(kind="card", name=Names(**{"zh-Hans": "游戏龙™ 专业版", "en": "Blåst™ Pro"}))
    assert folded_names(record) == ["游戏龙专业版", "游戏龙tm 专业版", "blast pro", "blasttm pro"]


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pool(tmp_path_factory.mktemp("names"))


@pytest.fixture(scope="module")
def names(pool: Path) -> NameIndex:
    return NameIndex(load_catalog([pool]).records)


@pytest.mark.parametrize(
    ("typed", "kind", "found"),
    [
        ("Esa Trova: Eco-Rebel", None, ["esa_trova_eco_rebel"]),
        ("埃萨特罗瓦：生态叛军", None, ["esa_trova_eco_rebel"]),
        ("Esa Trova", None, ["esa_trova_eco_rebel"]),  # an identity's short name
        ("埃萨·特罗瓦", "identity", ["esa_trova_eco_rebel"]),
        ("esa", None, ["esa"]),  # a card called "Ésa" in full wins over nothing shorter
        ("Boita", None, ["boita"]),
        ("boitá", None, ["boita"]),
        ("NURSE HANH", None, ["nurse_hanh"]),
        ("纽尔丝韩", None, ["nurse_hanh"]),
        ("cant stop now", None, ["cant_stop_now"]),
        ("O2 Flow", None, ["o2_flow"]),
        ("O Flow", None, ["o2_flow"]),  # NetrunnerDB's stripped title (search_name)
        ("nursehanh", None, ["nurse_hanh"]),  # typed without its space
        ("EsaTrova", "identity", ["esa_trova_eco_rebel"]),
        ("Esa Trova", "card", []),
        ("Trova", None, []),
    ],
)
def test_lookup(names: NameIndex, typed: str, kind: str | None, found: list[str]) -> None:
    assert [r.id for r in names.lookup(typed, "netrunner", kind=kind)] == found


def test_suggestions_fold_too(names: NameIndex) -> None:
    assert names.suggestions("Nurse Hahn", "netrunner")[0] == "Nürse Hänh"


PLAIN_LISTS = {
    "text": (
        "deck.txt",
        "# game: netrunner\n# mode: standard\n1x Esa Trova: Eco-Rebel\n3x Boita\n2x nurse hanh\n1x Cant Stop Now\n",
    ),
    "nrdb": (
        "deck.txt",
        "Plain spellings\n"
        "Esa Trova: Eco-Rebel (Fixture Core)\n\n"
        "Event (1)\n1x Can't Stop Now (Fixture Extra)\n\n"
        "Icebreaker (3)\n3x Boita (Fixture Extra) ••\n\n"
        "Resource (2)\n2x Nurse Hanh (Fixture Core)\n\n"
        "6 influence spent (max 15, available 9)\n6 cards (min 45)\n",
    ),
    "jinteki": ("deck.txt", "1 Esa Trova: Eco-Rebel\n3 BOITA\n2 Nurse Hanh\n1 Can’t Stop Now\n"),
    "o8d": (
        "deck.o8d",
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n'
        '<deck game="0f38e453-26df-4c04-9d67-6d43de939c77">\n'
        '  <section name="Identity"><card qty="1" id="x-1">Esa Trova: Eco-Rebel</card></section>\n'
        '  <section name="R&amp;D / Stack">\n'
        '    <card qty="3" id="x-2">Boita</card>\n'
        '    <card qty="2" id="x-3">Nurse Hanh</card>\n'
        '    <card qty="1" id="x-4">Cant Stop Now</card>\n'
        "  </section>\n</deck>\n",
    ),
}


@pytest.mark.parametrize("fmt", sorted(PLAIN_LISTS))
def test_deck_lists_with_plain_spellings_resolve(names: NameIndex, tmp_path: Path, fmt: str) -> None:
    file_name, text = PLAIN_LISTS[fmt]
    path = tmp_path / file_name
    path.write_text(text, encoding="utf-8")
    loaded = read_deck(path, names, game="netrunner", mode="standard")
    assert [f for f in loaded.findings if f.code.startswith("deck.card")] == []
    assert loaded.deck is not None
    assert loaded.deck.identity == "esa_trova_eco_rebel"
    assert loaded.deck.cards == {"boita": 3, "nurse_hanh": 2, "cant_stop_now": 1}


@pytest.mark.parametrize("typed", ["Esa Trova: Eco-Rebel", "esa trova", "埃萨·特罗瓦", "esa_trova_eco_rebel"])
def test_deck_new_identity_by_plain_name(cli: Run, pool: Path, tmp_path: Path, typed: str) -> None:
    out = tmp_path / "new.json"
    result = cli(
        "deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", typed, "--out", out, "--cards", pool
    )
    assert result.exit_code == 0, result.output
    assert '"identity": "esa_trova_eco_rebel"' in out.read_text(encoding="utf-8")


def test_deck_new_unknown_identity_suggests(cli: Run, pool: Path, tmp_path: Path) -> None:
    out = tmp_path / "new.json"
    result = cli(
        "deck",
        "new",
        "--game",
        "netrunner",
        "--mode",
        "standard",
        "--identity",
        "Esa Trava",
        "--out",
        out,
        "--cards",
        pool,
    )
    assert result.exit_code == 2
    assert "Ésa Trovâ: Eco-Rebel" in result.stderr
