"""A small netrunner pool with accented, quoted and Chinese names (all invented) for name and search tests.

The bundled netrunner data plus:

- identity ``esa_trova_eco_rebel`` "Ésa Trovâ: Eco-Rebel" / 埃萨·特罗瓦：生态叛军 (set fixture_core);
- ``esa`` "Ésa" (an event called exactly that), ``old_esa_road`` "Old Ésa Road",
  ``mesa_runner`` "Mesa Runner", ``quiet_hour`` (Esa only in its printed text);
- ``boita`` "Bóitá" (printed in fixture_extra, reprinted in fixture_core),
  ``nurse_hanh`` "Nürse Hänh" / 纽尔丝·韩, ``cant_stop_now`` "Can’t Stop Now" (fixture_extra only);
- format ``fixture_startup`` "Fixture Startup" / 测试新手赛制: pool fixture_core, Nürse Hänh
  banned, Can’t Stop Now restricted. The bundled ``standard`` format names no sets (every set).
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
        printings=[{"code": "91001", "set": "fixture_extra"}, {"code": "90002", "set": "fixture_core"}],
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
]


def write_pool(root: Path) -> Path:
    """The bundled netrunner data plus the records above, under ``root``/cards/netrunner; returns that directory."""
    shutil.copytree(SCHEMA, root / "schema")
    pool = root / "cards" / "netrunner"
    shutil.copytree(CARDS / "netrunner", pool)
    for record in RECORDS:
        directory = pool / ("identities" if record["kind"] == "identity" else "cards")
        (directory / f"{record['id']}.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    standard = json.loads((pool / "modes" / "standard.json").read_text(encoding="utf-8"))
    startup = {key: value for key, value in standard.items() if key not in ("$schema", "banned", "restricted", "sets")}
    startup.update(
        id="fixture_startup",
        name={"en": "Fixture Startup", "zh-Hans": "测试新手赛制"},
        sets=["fixture_core"],
        banned=["nurse_hanh"],
        restricted=["cant_stop_now"],
    )
    startup.pop("summary", None)
    (pool / "modes" / "fixture_startup.json").write_text(json.dumps(startup, ensure_ascii=False), encoding="utf-8")
    return pool
