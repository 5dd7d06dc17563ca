"""toolkit.text.render: canonical zh-Hans and English; every bundled text parses, renders and round-trips."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.models import iter_texts
from toolkit.text import parse, render

from .conftest import CARDS


def bundled_texts() -> list[Any]:
    catalog = load_catalog([CARDS])
    return [
        pytest.param(text, id=f"{record.game}/{record.id}/{'/'.join(map(str, path))}")  # type: ignore[attr-defined]
        for record in catalog.records
        for path, text in iter_texts(record)
    ]


BUNDLED = bundled_texts()


def test_every_game_has_bundled_text() -> None:
    games = {p.id.split("/")[0] for p in BUNDLED}
    assert games == {"tactics", "netrunner", "crossfire"}


@pytest.mark.parametrize("text", BUNDLED)
def test_bundled_text_parses_renders_and_round_trips(text: str) -> None:
    ability = parse(text)
    canonical = render(ability)
    assert parse(canonical) == ability
    assert canonical == text, "bundled text is canonical (run `dossier text fmt cards`)"
    english = render(ability, "en")
    outside_names = re.sub(r"「[^」]*」", "", english)
    assert english and not re.search(r"[\u4e00-\u9fff]", outside_names), english


@pytest.mark.parametrize(
    ("text", "canonical", "english"),
    [
        ("你购买两张牌.", "你购买 2 张牌。", "You buy 2 cards."),
        (
            "攻击后:对目标敌方单位造成1点伤害.",
            "攻击后：对目标敌方单位造成 1 点伤害。",
            "After attacking: Deal 1 damage to target enemy unit.",
        ),
        ("主动 横置,-1:你抽一张牌。", "主动 横置，-1：你抽 1 张牌。", "Action — Tap, mortgage 1: You draw 1 card."),
        (
            "响应：本单位获得两点临时生命值。",
            "响应：本单位获得 2 点临时生命值。",
            "Response: This unit gains 2 temporary HP.",
        ),
        (
            "被攻击后：你可以横置本单位，本单位进行1次反击。",
            "被攻击后：你可以横置本单位，本单位进行 1 次反击。",
            "After being attacked: You may tap this unit, then this unit makes 1 counterattack.",
        ),
        (
            "直到回合结束,距离0-3内的目标敌方单位无法使用响应。",
            "直到回合结束，距离 0-3 内的目标敌方单位无法使用响应。",
            "Until the end of the turn, target enemy unit within range 0-3 cannot use responses.",
        ),
        ("你获得[click][click]。", "你获得 [click][click]。", "You gain [click][click]."),
        ("你的内存上限+2[mu]。", "你的内存上限 +2[mu]。", "Your memory limit +2[mu]."),
        ("[subroutine]终止潜袭。", "[subroutine] 终止潜袭。", "[subroutine] End the run."),
        ("你对1台远程服务器发起潜袭。", "你对 1 台远程服务器发起潜袭。", "You make a run on 1 remote server."),
        ("如果你击中VIP，你落败。", "如果你击中 VIP，你落败。", "If you hit a VIP, you lose."),
        ("如果没有旁观者被击中，你获胜。", "如果没有旁观者被击中，你获胜。", "If no Bystander is hit, you win."),
        (
            "你有两把枪：你可以同时指向两名不同的玩家，各射一发。",
            "你有 2 把枪：你可以同时指向 2 名不同的玩家，各射 1 发。",
            "You have 2 guns: you may point at 2 different players at once, firing 1 shot at each.",
        ),
    ],
)
def test_render(text: str, canonical: str, english: str) -> None:
    ability = parse(text)
    assert render(ability) == canonical
    assert render(ability, "en") == english
    assert parse(canonical) == ability


def test_render_rejects_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        render(parse("你抽 1 张牌。"), "fr")


def test_bundled_corpus_is_not_empty() -> None:
    assert len(BUNDLED) > 300
    assert Path(CARDS).is_dir()
