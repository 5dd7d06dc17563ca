"""Record models: what they accept and what they refuse, table-driven."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.models import TYPE_BRANCHES, ValidationError, iter_texts, parse_record
from toolkit.models.netrunner import CORP_TYPES, RUNNER_TYPES


def card(**fields: Any) -> dict[str, Any]:
    base = {"kind": "card", "game": "tactics", "id": "probe", "name": {"zh-Hans": "探针"}, "category": "skill"}
    base.update(fields)
    return base


def nr_card(**fields: Any) -> dict[str, Any]:
    base = {"kind": "card", "game": "netrunner", "id": "probe", "name": {"zh-Hans": "探针"}, "faction": "shaper"}
    base.update(fields)
    return base


GOOD = [
    card(),
    card(
        category="equipment",
        equipment={"size": "heavy", "attack": {"style": "ranged", "speed": 3, "range": {"min": 1, "max": 6}}},
    ),
    card(category="status", status={"target": "none"}),
    card(category="minion", minion="drone"),
    card(token={"max_in_play": 2}),
    card(back="shop", reverse={"text": ["你抽 1 张牌。"], "playable": False}),
    nr_card(type="program", cost=2, memory_cost=1, strength=None),
    nr_card(type="ice", faction="nbn", rez_cost=None, strength=3),
    nr_card(type="agenda", faction="nbn", advancement_requirement=3, agenda_points=2),
    {
        "kind": "role",
        "game": "crossfire",
        "id": "r",
        "name": {"zh-Hans": "r"},
        "team": "none",
        "armed": False,
        "guns": 0,
        "special": False,
        "win": ["如果你被击中，你获胜。"],
    },
]

BAD = [
    (card(cost={"mortgage": -1}), "greater than or equal to 0"),
    (card(bogus=1), "Extra inputs are not permitted"),
    (card(id="Bad Id"), "should match pattern"),
    (card(name={"en": "x"}), "Field required"),
    (card(category="equipment"), "needs the 'equipment' field"),
    (card(category="skill", status={"target": "agent"}), "only for status cards"),
    (card(back="shop", token={"max_in_play": 1}), "never a matrix shop card"),
    (card(back="shop", agent="ghost"), "generic: no agent symbol"),
    (card(category="weapon"), "Input should be"),
    (card(equipment=None, category="equipment", extra=None), "Extra inputs"),
    (nr_card(type="ice", rez_cost=1), "Field required"),
    (nr_card(type="gadget", cost=1), "does not match any of the expected tags"),
    (nr_card(type="program", cost=1), "Field required"),
    ({"kind": "agent", "game": "tactics", "id": "a", "name": {"zh-Hans": "a"}, "hp": 5, "move": 2}, "needs a symbol"),
    (
        {
            "kind": "agent",
            "game": "tactics",
            "id": "a",
            "name": {"zh-Hans": "a"},
            "hp": 5,
            "move": 2,
            "private": True,
            "symbol": "x",
        },
        "no agent symbol",
    ),
    (
        {
            "kind": "role",
            "game": "crossfire",
            "id": "r",
            "name": {"zh-Hans": "r"},
            "team": "none",
            "armed": True,
            "guns": 0,
            "special": False,
            "win": ["x"],
        },
        "guns is 0, but an armed role shoots: write guns 1",
    ),
    (
        {
            "kind": "mode",
            "game": "tactics",
            "id": "m",
            "name": {"zh-Hans": "m"},
            "players": {"min": 3, "max": 2},
            "starting_agents": 1,
            "max_agents": 1,
            "matrix_shop": False,
            "scene_obstacles": "none",
        },
        "min 3 is greater than max 2",
    ),
    (
        {
            "kind": "mode",
            "game": "tactics",
            "id": "m",
            "name": {"zh-Hans": "m"},
            "players": {"min": 2, "max": 2},
            "starting_agents": 3,
            "max_agents": 1,
            "matrix_shop": False,
            "scene_obstacles": "none",
        },
        "starting_agents 3 is greater than max_agents 1",
    ),
    (
        {
            "kind": "mode",
            "game": "tactics",
            "id": "m",
            "name": {"zh-Hans": "m"},
            "players": {"min": 2, "max": 2},
            "starting_agents": 1,
            "max_agents": 1,
            "matrix_shop": False,
            "scene_obstacles": "none",
            "deck_rules": [{"rule": "influence_limit"}],
        },
        "does not match any of the expected tags",
    ),
    (
        {"kind": "game", "game": "chess", "id": "chess", "name": {"zh-Hans": "象棋"}},
        "does not match any of the expected tags",
    ),
]


@pytest.mark.parametrize("data", GOOD)
def test_accepts(data: dict[str, Any]) -> None:
    record = parse_record(data)
    assert record.id == data["id"]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_refuses(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError) as info:
        parse_record(data)
    assert message in str(info.value)


def test_records_are_frozen() -> None:
    record = parse_record(card())
    with pytest.raises(ValidationError):
        record.id = "other"  # type: ignore[misc]


def test_equipment_slots_follow_size() -> None:
    sizes = {"carried": 0, "normal": 1, "heavy": 2}
    for size, slots in sizes.items():
        record: Any = parse_record(card(category="equipment", equipment={"size": size}))
        assert record.equipment.slots == slots


def test_response_card_is_read_from_text() -> None:
    assert parse_record(card(text=["响应：你抽 1 张牌。"])).is_response  # type: ignore[attr-defined]
    assert not parse_record(card(text=["你抽 1 张牌。", "响应：你抽 1 张牌。"])).is_response  # type: ignore[attr-defined]


def test_iter_texts_covers_reverse_face() -> None:
    record = parse_record(card(text=["你抽 1 张牌。"], reverse={"text": ["你购买 1 张牌。"]}))
    assert list(iter_texts(record)) == [(("text", 0), "你抽 1 张牌。"), (("reverse", "text", 0), "你购买 1 张牌。")]


def test_type_branches_cover_every_netrunner_type() -> None:
    assert set(TYPE_BRANCHES[("netrunner", "card")]) == set(CORP_TYPES + RUNNER_TYPES)


def test_the_models_are_built_on_first_use_or_all_at_once() -> None:
    """Importing the models builds no validator (a command that reads one game's records builds that game's);
    ``build_all`` builds every one, as the web app does before its request threads validate anything."""
    import subprocess
    import sys

    script = """
import sys
import toolkit.models as m
from toolkit.models.common import Model

def models():
    todo, found = [Model], []
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        found.append(cls)
    return found

assert m.record_adapter.cache_info().currsize == 0 and len(models()) > 50
assert not any(cls.__pydantic_complete__ for cls in models()), "built on import"
card = m.parse_record({"kind": "card", "game": "tactics", "id": "probe", "name": {"zh-Hans": "探针"},
                       "category": "skill"})
assert card.id == "probe" and m.RECORD_ADAPTER is m.record_adapter()
m.build_all()
assert all(cls.__pydantic_complete__ for cls in models()), [c for c in models() if not c.__pydantic_complete__]
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr
