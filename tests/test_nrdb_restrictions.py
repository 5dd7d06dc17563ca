"""NetrunnerDB restriction keys: ``max_3_point_agendas`` imported and enforced; an unknown key stops the import.

A copy of the invented v2 fixture (tests/fixtures/netrunnerdb_v2) gets a Startup format whose ban list caps
agendas worth 3 or more points, and two invented 3-point agendas.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.errors import DossierError
from toolkit.importers import import_netrunnerdb

from .conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "netrunnerdb_v2"
STARTUP_BAN = "v2/restrictions/startup/startup_ban_list_30_09.json"


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def agenda(card_id: str, title: str, points: int, advancement: int) -> dict[str, Any]:
    return {
        "id": card_id,
        "title": title,
        "card_type_id": "agenda",
        "side_id": "corp",
        "faction_id": "neutral_corp",
        "advancement_requirement": advancement,
        "agenda_points": points,
        "subtypes": ["initiative"],
        "text": "",
        "is_unique": False,
        "deck_limit": 3,
    }


def checkout(tmp: Path, cap: int = 1) -> Path:
    """The fixture with a Startup format (the whole pool) whose ban list allows ``cap`` 3-point agendas."""
    root = tmp / "nrdb"
    shutil.copytree(FIXTURE, root)
    v2 = root / "v2"
    write(v2 / "cards" / "deep_harbor_charter.json", agenda("deep_harbor_charter", "Deep Harbor Charter", 3, 5))
    write(v2 / "cards" / "lantern_mandate.json", agenda("lantern_mandate", "Lantern Mandate", 3, 5))
    printings = json.loads((v2 / "printings" / "harbor_lights.json").read_text(encoding="utf-8"))
    printings += [
        {"id": "92101", "card_id": "deep_harbor_charter", "card_set_id": "harbor_lights", "position": 31, "quantity": 3},
        {"id": "92102", "card_id": "lantern_mandate", "card_set_id": "harbor_lights", "position": 32, "quantity": 3},
    ]
    write(v2 / "printings" / "harbor_lights.json", printings)
    write(
        v2 / "card_pools" / "startup.json",
        [{"id": "startup_pool", "format_id": "startup", "name": "Startup", "card_cycle_ids": ["drift", "harbor"],
          "card_set_ids": []}],
    )  # fmt: skip
    write(
        v2 / "formats" / "startup.json",
        {"id": "startup", "name": "Startup", "snapshots": [
            {"id": "startup_1", "active": True, "card_pool_id": "startup_pool", "date_start": "2030-09-01",
             "restriction_id": "startup_ban_list_30_09"}]},
    )  # fmt: skip
    write(
        root / STARTUP_BAN,
        {"id": "startup_ban_list_30_09", "name": "Startup Ban List 30.09", "date_start": "2030-09-01",
         "format_id": "startup", "banned": [], "max_3_point_agendas": cap},
    )  # fmt: skip
    return root


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from toolkit.i18n import use_lang

    tmp = tmp_path_factory.mktemp("startup")
    into = tmp / "pool"
    with use_lang("en"):
        import_netrunnerdb(checkout(tmp), into)
    return into


def test_max_3_point_agendas_is_imported(pool: Path) -> None:
    mode = json.loads((pool / "modes" / "startup.json").read_text(encoding="utf-8"))
    [ban] = mode["ban_lists"]
    assert ban["id"] == "startup_ban_list_30_09"
    assert ban["max_3_point_agendas"] == 1


def validate(pool: Path, tmp: Path, cards: dict[str, int]) -> dict[str, Any]:
    from toolkit.catalog import load_catalog
    from toolkit.models.deck import Deck
    from validators.deck import DeckPool, validate_deck

    deck = Deck.model_validate(
        {"name": "Harbor", "game": "netrunner", "mode": "startup", "identity": "kestrel_dynamics_sky_is_ours",
         "cards": cards}
    )  # fmt: skip
    report = validate_deck(deck, DeckPool(load_catalog([pool]).records))
    return {"findings": report.findings, "legal": report.legal}


def test_too_many_three_point_agendas_are_illegal_and_named(pool: Path, tmp_path: Path) -> None:
    from toolkit.i18n import use_lang

    with use_lang("en"):
        done = validate(pool, tmp_path, {"deep_harbor_charter": 3, "lantern_mandate": 2, "tidewater_accord": 3})
    [finding] = [f for f in done["findings"] if f.code == "deck.max_3_point_agendas"]
    assert not done["legal"]
    assert "max_3_point_agendas" in finding.message and "Startup Ban List 30.09" in finding.message
    assert "Deep Harbor Charter ×3" in finding.message and "Lantern Mandate ×2" in finding.message
    assert "Tidewater Accord" not in finding.message  # 2 points: not capped
    assert finding.message.startswith("5 agendas worth 3 or more points")


def test_within_the_cap_no_finding(pool: Path, tmp_path: Path) -> None:
    done = validate(pool, tmp_path, {"deep_harbor_charter": 1, "tidewater_accord": 3})
    assert not [f for f in done["findings"] if f.code == "deck.max_3_point_agendas"]


@pytest.mark.parametrize(
    ("place", "change"),
    [
        (STARTUP_BAN, lambda d: {**d, "max_2_point_agendas": 2}),
        (STARTUP_BAN, lambda d: {**d, "subtypes": {"restricted": ["sysop"]}}),
        ("v2/card_pools/startup.json", lambda d: [{**d[0], "banned": ["tidewater_accord"]}]),
        ("v2/formats/startup.json", lambda d: {**d, "snapshots": [{**d["snapshots"][0], "max_influence": 3}]}),
    ],
)
def test_an_unknown_key_stops_the_import(tmp_path: Path, place: str, change: Any) -> None:
    from toolkit.i18n import use_lang

    root = checkout(tmp_path)
    path = root / place
    write(path, change(json.loads(path.read_text(encoding="utf-8"))))
    with use_lang("en"), pytest.raises(DossierError) as caught:
        import_netrunnerdb(root, tmp_path / "pool")
    assert str(path) in caught.value.message and "unknown" in caught.value.message
    key = {"max_2_point_agendas", "restricted", "banned", "max_influence"} & set(caught.value.message.split("'"))
    assert key, caught.value.message
    assert not (tmp_path / "pool").exists()
