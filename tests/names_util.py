"""A small netrunner pool with accented, quoted and Chinese names (all invented) for name and search tests.

The bundled netrunner data plus:

- identity ``esa_trova_eco_rebel`` "Ésa Trovâ: Eco-Rebel" / 埃萨·特罗瓦：生态叛军 (set fixture_core);
- ``esa`` "Ésa" (an event called exactly that), ``old_esa_road`` "Old Ésa Road",
  ``mesa_runner`` "Mesa Runner", ``quiet_hour`` (Esa only in its printed text);
- ``boita`` "Bóitá" (printed in fixture_extra, reprinted in fixture_core),
  ``nurse_hanh`` "Nürse Hänh" / 纽尔丝·韩, ``cant_stop_now`` "Can’t Stop Now" (fixture_extra only),
  ``o2_flow`` "O₂ Flow" whose ``search_name`` (NetrunnerDB's stripped title) is "O Flow";
- the game's set list: fixture_core "Fixture Core" / 测试核心 and fixture_extra "Fixture Extra" /
  测试扩展, both of cycle fixture_cycle (Bóitá's fixture_extra printing says so itself too);
  the demo cards' set dossier_demo is in no list (its own cycle);
- format ``fixture_startup`` "Fixture Startup" / 测试新手赛制: pool fixture_core; ban list in
  force fixture_list_24 (Nürse Hänh banned, Can’t Stop Now restricted, Bóitá 2 points), an
  older fixture_list_23 (Bóitá banned). The bundled ``standard`` format names no sets (every set).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from .conftest import CARDS, SCHEMA


def _card(card_id: str, en: str, zh: str, card_type: str, faction: str, **extra: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "netrunner",
        "kind": "card",
        "id": card_id,
        "name": {"en": en, "zh-Hans": zh},
        "type": card_type,
        "faction": faction,
        "influence": 1,
        "set": "fixture_core",
        "text": [],
    }
    record.update(extra)
    return record


RECORDS: list[dict[str, Any]] = [
    {
        "game": "netrunner",
        "kind": "identity",
        "id": "esa_trova_eco_rebel",
        "name": {"en": "Ésa Trovâ: Eco-Rebel", "zh-Hans": "埃萨·特罗瓦：生态叛军"},
        "side": "runner",
        "faction": "anarch",
        "min_deck_size": 45,
        "influence_limit": 15,
        "base_link": 0,
        "set": "fixture_core",
        "printings": [{"code": "90001", "set": "fixture_core"}],
    },
    _card("esa", "Ésa", "埃萨", "event", "anarch", cost=0),
    _card("old_esa_road", "Old Ésa Road", "埃萨旧路", "resource", "anarch", cost=1),
    _card("mesa_runner", "Mesa Runner", "台地跑者", "resource", "anarch", cost=1),
    _card(
        "quiet_hour",
        "Quiet Hour",
        "静默时刻",
        "event",
        "anarch",
        cost=1,
        printed_text={"en": ["Esa is watching."]},
    ),
    _card(
        "boita",
        "Bóitá",
        "博伊塔",
        "program",
        "anarch",
        cost=2,
        memory_cost=1,
        strength=1,
        subtypes=["icebreaker"],
        set="fixture_extra",
        printings=[
            {"code": "91001", "set": "fixture_extra", "cycle": "fixture_cycle"},
            {"code": "90002", "set": "fixture_core"},
        ],
    ),
    _card("nurse_hanh", "Nürse Hänh", "纽尔丝·韩", "resource", "neutral_runner", cost=1, influence=0),
    _card(
        "cant_stop_now",
        "Can’t Stop Now",
        "停不下来",
        "event",
        "neutral_runner",
        cost=0,
        influence=0,
        set="fixture_extra",
        printings=[{"code": "91002", "set": "fixture_extra"}],
    ),
    _card("o2_flow", "O₂ Flow", "氧气流", "event", "anarch", cost=1, search_name="O Flow"),
]

SETS = [
    {"id": "fixture_core", "name": {"en": "Fixture Core", "zh-Hans": "测试核心"}, "cycle": "fixture_cycle"},
    {"id": "fixture_extra", "name": {"en": "Fixture Extra", "zh-Hans": "测试扩展"}, "cycle": "fixture_cycle"},
]


def _ban_list(list_id: str, number: str, **verdicts: Any) -> dict[str, Any]:
    return {"id": list_id, "name": {"en": f"Fixture List {number}", "zh-Hans": f"测试禁限表 {number}"}, **verdicts}


def write_pool(root: Path) -> Path:
    """The bundled netrunner data plus the records above, under ``root``/cards/netrunner; returns that directory."""
    shutil.copytree(SCHEMA, root / "schema")
    pool = root / "cards" / "netrunner"
    shutil.copytree(CARDS / "netrunner", pool)
    for record in RECORDS:
        directory = pool / ("identities" if record["kind"] == "identity" else "cards")
        data = {"$schema": f"../../../schema/netrunner/{record['kind']}.schema.json", **record}
        (directory / f"{record['id']}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    game = json.loads((pool / "game.json").read_text(encoding="utf-8"))
    game["sets"] = SETS
    (pool / "game.json").write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    standard = json.loads((pool / "modes" / "standard.json").read_text(encoding="utf-8"))
    startup = {key: value for key, value in standard.items() if key not in ("banned", "restricted", "sets")}
    startup.update(
        id="fixture_startup",
        name={"en": "Fixture Startup", "zh-Hans": "测试新手赛制"},
        sets=["fixture_core"],
        ban_list="fixture_list_24",
        ban_lists=[
            _ban_list("fixture_list_23", "23", banned=["boita"]),
            _ban_list(
                "fixture_list_24", "24", banned=["nurse_hanh"], restricted=["cant_stop_now"], points={"boita": 2}
            ),
        ],
    )
    startup.pop("summary", None)
    (pool / "modes" / "fixture_startup.json").write_text(json.dumps(startup, ensure_ascii=False), encoding="utf-8")
    return pool
