"""Sweep s71 (an English-speaking player): a unit's stat change and an attack's modifier read as card English
("the wearer takes 1 less damage", "this unit gets +1 attack range", "this attack deals 1 more damage"; before:
"the wearer gets damage taken -1", "this unit gets attack range +1", "this attack's damage +1"), the Chinese text of
the same sentences unchanged; the two armor cards are spelt as the other cards and the glossary's English
("Armored ...": before, "Ceramic Body Armour" and "Shock-Plate Armour", which ``name:armor`` missed)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.models import iter_texts
from toolkit.search import search
from toolkit.text import ast as A
from toolkit.text import parse, render

from .conftest import CARDS

# ---------------------------------------------------------------- 1. a stat change in English


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("贴附单位受到的伤害 -1。", "The attached unit takes 1 less damage."),
        ("贴附单位受到的伤害 +1。", "The attached unit takes 1 more damage."),
        ("本单位受到的伤害 -2。", "This unit takes 2 less damage."),
        ("佩戴者移速 -1。", "The wearer gets -1 move speed."),
        ("佩戴者移速 +1。", "The wearer gets +1 move speed."),
        ("本单位生命值上限 +2。", "This unit gets +2 maximum HP."),
        ("贴附单位生命值上限 -1。", "The attached unit gets -1 maximum HP."),
        ("直到回合结束，本单位攻击距离 +1。", "Until the end of the turn, this unit gets +1 attack range."),
        ("贴附单位攻击距离 -2。", "The attached unit gets -2 attack range."),
        (
            "直到回合结束，本单位攻击命中骰结果 +1。",
            "Until the end of the turn, this unit gets +1 to its hit die results.",
        ),
        ("目标敌方单位攻击命中骰结果 -1。", "Target enemy unit gets -1 to its hit die results."),
        (
            "主动 横置：直到你的下个回合开始，佩戴者受到的伤害 -1。",
            "Action — Tap: Until the start of your next turn, the wearer takes 1 less damage.",
        ),
    ],
)
def test_a_stat_change_reads_as_card_english(text: str, english: str) -> None:
    ability = parse(text)
    assert render(ability, "en") == english
    assert render(ability) == text  # the Chinese, unchanged


@pytest.mark.parametrize(
    ("text", "english"),
    [
        (
            "攻击时：如果目标是障碍，本次攻击的伤害 +1。",
            "When attacking: If the target is an obstacle, this attack deals 1 more damage.",
        ),
        (
            "攻击时：如果目标是障碍，本次攻击的伤害 +3。",
            "When attacking: If the target is an obstacle, this attack deals 3 more damage.",
        ),
        ("响应：本次攻击的伤害 -1。", "Response: This attack deals 1 less damage."),
        ("响应：本次攻击命中骰结果 -2。", "Response: This attack gets -2 to its hit die results."),
        (
            "攻击前：如果本单位处于隐蔽状态，本次攻击命中骰结果 +1。",
            "Before attacking: If this unit is hidden, this attack gets +1 to its hit die results.",
        ),
        (
            "攻击时：如果目标是特工，本次攻击攻速 +1。",
            "When attacking: If the target is an agent, this attack gets +1 attack speed.",
        ),
    ],
)
def test_an_attack_modifier_reads_as_card_english(text: str, english: str) -> None:
    ability = parse(text)
    assert render(ability, "en") == english
    assert render(ability) == text


def test_the_chinese_of_a_stat_change_is_as_before() -> None:
    """The zh-Hans renderer is untouched: the nodes, built by hand, render the words they always did."""
    wearer = A.Fixed("wearer")
    assert render(A.Modify(wearer, "damage_taken", -1)) == "佩戴者受到的伤害 -1"
    assert render(A.Modify(wearer, "move", 2)) == "佩戴者移速 +2"
    assert render(A.Modify(wearer, "hit_result", 1)) == "佩戴者攻击命中骰结果 +1"
    assert render(A.AttackMod("damage", 1)) == "本次攻击的伤害 +1"
    assert render(A.AttackMod("speed", -1)) == "本次攻击攻速 -1"


def _nodes(node: Any) -> list[Any]:
    return list(A.walk(node))


def _bundled() -> list[tuple[str, str]]:
    out = []
    for record in load_catalog([CARDS]).records:
        for _, text in iter_texts(record):
            if any(isinstance(n, A.Modify | A.AttackMod) for n in _nodes(parse(text))):
                out.append((f"{record.id}", text))
    return out


BUNDLED = _bundled()
OLD = re.compile(
    r"gets (move speed|maximum HP|damage taken|attack range|hit die results) [+-]\d"
    r"|this attack's (damage|hit die results|attack speed) [+-]\d",
    re.IGNORECASE,
)


def test_bundled_cards_have_stat_changes() -> None:
    assert len(BUNDLED) > 30


@pytest.mark.parametrize(("card", "text"), BUNDLED, ids=[f"{c}-{i}" for i, (c, _) in enumerate(BUNDLED)])
def test_every_bundled_stat_change_round_trips_and_reads_as_english(card: str, text: str) -> None:
    ability = parse(text)
    assert render(ability) == text and parse(render(ability)) == ability
    english = str(render(ability, "en"))
    assert not OLD.search(english), english
    assert not re.search(r"\b(gets|takes|deals) [+-]?0\b", english), english


def test_the_command_line_renders_the_sweeps_sentences(cli: Any) -> None:
    result = cli("text", "render", "贴附单位受到的伤害 -1。", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "The attached unit takes 1 less damage." in result.stdout
    result = cli("text", "render", "本单位生命值上限 +2。", "--lang", "en")
    assert "This unit gets +2 maximum HP." in result.stdout


# ---------------------------------------------------------------- 2. armor, one spelling


def test_the_armor_cards_are_spelt_as_the_others() -> None:
    names = {r.id: r.name.get("en") for r in load_catalog([CARDS / "tactics"]).records}
    assert names["ceramic_body_armor"] == "Ceramic Body Armor"
    assert names["shock_plate_armor"] == "Shock-Plate Armor"
    british = sorted(n for n in names.values() if n and re.search(r"armour", n, re.IGNORECASE))
    assert british == []


def test_name_armor_finds_every_armor_card(tmp_path: Path) -> None:
    path = str(tmp_path / "d.db")
    build_database(load_catalog([CARDS]), resolve_target(path))
    with open_database(path) as db:
        found = {h.id for h in search(db, "name:armor", lang="en")}
    assert {"ceramic_body_armor", "shock_plate_armor", "armored_medpack", "diplomatic_briefcase"} <= found
