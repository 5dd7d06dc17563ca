"""A plain sentence (no timing, cost or keyword) on a record whose engine reads such sentences only for their lasting
effects: `dossier lint` warns (``text.form.not_lasting``) of each effect there that is never resolved.

The tester's case: a tactics equipment card saying ``对距离 0-2 内的目标敌方单位造成 1 点伤害。`` linted clean (and
"No findings" in the web editor), was worn in every game and never did anything (`text coverage`: "it never
resolved"): the tactics engine takes from a plain sentence of worn equipment, an attached status or a unit's own text
only the move speed / range / … ±X, 无法… and vision effects standing alone in it (engine/tactics/base.py
``_continuous_of``); the netrunner engine from an installed card or identity only hand size / memory / link limits,
recurring credits and 本牌可以被推进 (engine/netrunner/game.py ``effects_of``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.jsonio import canonical_dumps
from validators.text_lint import LASTING_EFFECTS, fleeting_of

from .conftest import CARDS, ROOT

DAMAGE = "对距离 0-2 内的目标敌方单位造成 1 点伤害。"
CODE = "text.form.not_lasting"


def edit(path: Path, **fields: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(fields)
    path.write_text(canonical_dumps(data), encoding="utf-8")


def lint(cli: Any, folder: Path) -> tuple[int, list[str]]:
    result = cli("lint", folder)
    return result.exit_code, [line for line in result.output.splitlines() if CODE in line]


# ---------------------------------------------------------------- the tester's case


def test_a_one_time_effect_on_equipment_is_reported_with_what_to_write(cli: Any, game_copy: Any) -> None:
    folder = game_copy("tactics")
    edit(folder / "cards" / "thermal_scope.json", text=[DAMAGE, "佩戴者攻击距离 +1。"])
    code, found = lint(cli, folder)
    assert code == 0  # a warning
    assert len(found) == 1, found  # the range +1 is a lasting effect: worn, it holds
    line = found[0]
    assert "cards/thermal_scope.json:" in line and "warning text.form.not_lasting" in line and "/text/0:" in line
    assert "对距离 0-2 内的目标敌方单位造成 1 点伤害 (deal 1 damage to target enemy unit within range 0-2)" in line
    assert "never resolves: while it is worn, an equipment card" in line
    assert "write a timing (回合开始时：…, 攻击后：…) or an active ability (主动 横置：…)" in line


@pytest.mark.parametrize(
    ("path", "texts", "words"),
    [
        # a status card: only its lasting effects, while attached
        ("cards/gales_order.json", ["你抽 1 张牌。", "贴附单位移速 +1。"], ["你抽 1 张牌 (you draw 1 card)"]),
        # an agent's own text (a unit's too): only its lasting effects, while in play
        ("agents/anvil.json", ["本单位移速 +1。你购买 1 张牌。"], ["你购买 1 张牌 (you buy 1 card)"]),
        # a lasting effect under 如果… / 直到… / 你可以… is not taken either
        (
            "cards/thermal_scope.json",
            ["如果本单位的生命值不多于 3 点，佩戴者移速 +1。", "直到回合结束，佩戴者移速 +1。"],
            ["如果本单位的生命值不多于 3 点，佩戴者移速 +1 (", "直到回合结束，佩戴者移速 +1 ("],
        ),
    ],
)
def test_other_lasting_holders_of_tactics(
    cli: Any, game_copy: Any, path: str, texts: list[str], words: list[str]
) -> None:
    folder = game_copy("tactics")
    edit(folder / path, text=texts)
    code, found = lint(cli, folder)
    assert code == 0 and len(found) == len(words), found
    for line, said in zip(found, words, strict=True):
        assert path + ":" in line and said in line


def test_what_the_engine_does_resolve_is_not_reported(cli: Any, game_copy: Any) -> None:
    folder = game_copy("tactics")
    edit(folder / "cards" / "med_kit.json", text=[DAMAGE])  # an item: resolved when played
    edit(folder / "cards" / "corridor_dash.json", text=[DAMAGE])  # a skill
    worn = ["攻击后：" + DAMAGE, "主动 横置：" + DAMAGE, "响应：你抽 1 张牌。", "佩戴者获得背向视野。"]
    edit(folder / "cards" / "thermal_scope.json", text=worn)
    code, found = lint(cli, folder)
    assert code == 0 and found == []


def test_a_form_the_engine_never_runs_is_said_once(cli: Any, game_copy: Any) -> None:
    """你获得 2[credit] is no tactics effect at all: text.form.unsupported says so, not this check too."""
    folder = game_copy("tactics")
    edit(folder / "cards" / "thermal_scope.json", text=["你获得 2[credit]。"])
    result = cli("lint", folder)
    assert "text.form.unsupported" in result.output and CODE not in result.output


# ---------------------------------------------------------------- netrunner


def test_a_one_time_effect_on_an_installed_card_or_an_identity_is_reported(cli: Any, game_copy: Any) -> None:
    folder = game_copy("netrunner")
    edit(folder / "cards" / "spare_laptop.json", text=["你获得 3[credit]。", "你的内存上限 +1[mu]。"])
    edit(folder / "identities" / "zero_weaver.json", text=["你的内存上限 +1[mu]。你抽 1 张牌。"])
    code, found = lint(cli, folder)
    assert code == 0 and len(found) == 2, found
    hardware = next(line for line in found if "spare_laptop.json:" in line)
    assert "/text/0:" in hardware and "你获得 3[credit] (you gain 3[credit]) never resolves" in hardware
    assert "while it is active, an installed card or an identity" in hardware
    assert "write a timing (当你安装本牌时：…, 你的回合开始时：…) or a paid ability ([click]：…)" in hardware
    identity = next(line for line in found if "zero_weaver.json:" in line)
    assert "你抽 1 张牌 (you draw 1 card)" in identity


def test_netrunner_events_and_operations_resolve_theirs(cli: Any, game_copy: Any) -> None:
    folder = game_copy("netrunner")
    records: list[Any] = list(load_catalog([folder]).records)
    played = [r for r in records if r.kind == "card" and r.type in ("event", "operation")]
    assert {r.type for r in played} == {"event", "operation"}
    for record in played[:4]:
        edit(folder / "cards" / f"{record.id}.json", text=["你获得 3[credit]。"])
    code, found = lint(cli, folder)
    assert code == 0 and found == []


def test_the_netrunner_engine_does_leave_such_an_effect_unresolved() -> None:
    """What the warning says of netrunner: a hardware card's 你获得 3[credit] is never resolved when it is installed
    (nor later), while its memory +1 holds."""
    from toolkit.engine.netrunner.scenario import run_scenario
    from toolkit.models.scenario import Scenario

    records: list[Any] = list(load_catalog([CARDS / "netrunner"]).records)
    laptop = next(r for r in records if r.kind == "card" and r.id == "spare_laptop")
    records = [r for r in records if r is not laptop] + [laptop.model_copy(update={"text": ["你获得 3[credit]。",
                                                                                            "你的内存上限 +1[mu]。"]})]  # fmt: skip
    data: dict[str, Any] = {
        "game": "netrunner", "name": "worn", "active": "runner",
        "corp": {"identity": "weyland_skyward_holdings", "credits": 5, "deck": ["neutral_pilot_scheme"] * 3},
        "runner": {"identity": "blank_lin", "credits": 5, "hand": ["spare_laptop"], "deck": ["light_fingers"] * 5},
        "decisions": [],
    }  # fmt: skip
    pending = run_scenario(records, Scenario.model_validate(data)).pending
    assert pending is not None
    data["decisions"] = [next(o.label for o in pending.options if o.label.startswith("install:spare_laptop"))]
    game = run_scenario(records, Scenario.model_validate(data)).game
    assert [c.id for c in game.runner.rig] == ["spare_laptop"]
    assert game.runner.credits == 5 - 2  # its install cost paid, nothing gained
    assert game.memory_limit() == int(game.rules.base_memory) + 1  # its lasting effect holds


# ---------------------------------------------------------------- the tables, the editor, the bundled cards


def test_the_tactics_table_is_the_engine_s() -> None:
    from toolkit.engine.tactics.state import CONTINUOUS

    assert frozenset(CONTINUOUS) == LASTING_EFFECTS["tactics"]


def test_each_effect_once_and_only_for_plain_sentences() -> None:
    assert fleeting_of("tactics", "你抽 1 张牌。你抽 1 张牌。") == (("你抽 1 张牌", "you draw 1 card"),)
    assert fleeting_of("tactics", "回合开始时：你抽 1 张牌。") == ()
    assert fleeting_of("crossfire", "你获胜。") == ()  # a role's text is all standing rules


def test_the_web_editor_shows_it(tmp_path: Path) -> None:
    """The editor's check is lint's (the tester saw "No findings" there)."""
    from toolkit.web.routes.editor import Target, lint_edit

    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    record = {
        "$schema": "../../schema/tactics/card.schema.json", "category": "equipment", "equipment": {"size": "carried"},
        "game": "tactics", "id": "my_gun", "kind": "card", "name": {"zh-Hans": "我的枪"}, "text": [DAMAGE],
    }  # fmt: skip
    path = tmp_path / "my-set" / "cards" / "my_gun.json"
    path.parent.mkdir(parents=True)
    linted = lint_edit(Target(1, tmp_path / "my-set", "cards/my_gun.json", path), canonical_dumps(record), [CARDS])
    assert [(f.code, f.severity, f.pointer) for f in linted.own] == [(CODE, "warning", "/text/0")]


def test_the_bundled_cards_have_none(cli: Any) -> None:
    result = cli("lint", CARDS)
    assert result.exit_code == 0 and CODE not in result.output
