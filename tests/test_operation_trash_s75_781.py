"""An operation's trash cost is imported and paid (session 75): NetrunnerDB gives some operations one, and the runner
who accesses such an operation in HQ or R&D may pay it to trash the card, as for an asset or an upgrade. The import
left it out ("an operation is never installed …"), so the runner could never trash one. Now it is in the record, the
schema and the lint accept it, ``trash:`` finds it, the card face and the web card page show it, and the engine
offers it on access (a card in Archives is trashed already: nothing is offered there). A trash cost on a type that
has none in the rules (a runner card) is still listed as not imported.

Seed 001 gives the trash cost as what the runner pays for an accessed card ("當潛襲者讀取一個升級時，他能通過支付其
銷毀費用（13）等量的信用點來銷毀它", of an upgrade); the current rules give it to any accessed card that prints one, the
corp's operations included, and NetrunnerDB prints it on 18 of them.

The fixtures are the NetrunnerDB checkouts of tests/fixtures with a trash cost written into an invented operation."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from toolkit.importers import import_netrunnerdb
from toolkit.models import parse_record
from toolkit.models.netrunner import Operation

from .conftest import ROOT, SCHEMA

FIXTURES = ROOT / "tests" / "fixtures"
MEMO = "quarterly_windfall_memo"  # an operation of the fixtures (cost 3), given trash cost 3 here
DRILL = "backdoor_sprint_drill"  # an event, given trash cost 2 here: a runner card has none


def _checkout(tmp_path: Path, layout: str) -> Path:
    """The fixture checkout of ``layout`` with trash costs on the operation and on the event."""
    source = tmp_path / layout
    shutil.copytree(FIXTURES / layout, source)
    if layout == "netrunnerdb_v2":
        for card_id, cost in ((MEMO, 3), (DRILL, 2)):
            path = source / "v2" / "cards" / f"{card_id}.json"
            card = json.loads(path.read_text("utf-8"))
            card["trash_cost"] = cost
            path.write_text(json.dumps(card), "utf-8")
    else:
        for pack, title, cost in (("sd", "Quarterly Windfall Memo", 3), ("hl", "Backdoor Sprint Drill", 2)):
            path = source / "pack" / f"{pack}.json"
            cards = json.loads(path.read_text("utf-8"))
            next(c for c in cards if c["title"] == title)["trash_cost"] = cost
            path.write_text(json.dumps(cards), "utf-8")
    return source


def _import(source: Path, into: Path) -> Any:
    from toolkit.i18n import use_lang

    with use_lang("en"):
        return import_netrunnerdb(source, into)


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The v2 fixture, with the trash costs, imported once."""
    root = tmp_path_factory.mktemp("operation-trash")
    into = root / "netrunnerdb"
    _import(_checkout(root, "netrunnerdb_v2"), into)
    return into


# ---------------------------------------------------------------- the import, the record, the schema, the lint


@pytest.mark.parametrize("layout", ["netrunnerdb_v2", "netrunnerdb_v1"])
def test_an_operations_trash_cost_is_imported_and_a_runner_cards_is_not(tmp_path: Path, layout: str) -> None:
    into = tmp_path / "netrunnerdb"
    report = _import(_checkout(tmp_path, layout), into)
    memo = json.loads((into / "cards" / f"{MEMO}.json").read_text("utf-8"))
    assert memo["type"] == "operation" and memo["trash_cost"] == 3
    drill = json.loads((into / "cards" / f"{DRILL}.json").read_text("utf-8"))
    assert drill["type"] == "event" and "trash_cost" not in drill
    said = [line for line in report.lines() if "trash_cost" in line]
    assert said == [
        f"card '{DRILL}': its 'trash_cost' 2 is not imported: only an asset, an upgrade, an operation or a piece of "
        "ice has a trash cost in Dossier"
    ], report.lines()


def test_the_record_model_and_the_schema_take_an_operations_trash_cost() -> None:
    data = {"game": "netrunner", "kind": "card", "id": "invented_memo", "type": "operation", "cost": 1,
            "faction": "nbn", "name": {"en": "Invented Memo", "zh-Hans": "虚构备忘"}, "trash_cost": 2}  # fmt: skip
    record = parse_record(data)
    assert isinstance(record, Operation) and record.trash_cost == 2
    assert Operation.model_validate({k: v for k, v in data.items() if k != "trash_cost"}).trash_cost is None
    schema = json.loads((SCHEMA / "netrunner" / "card.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate({**data, "trash_cost": -1})
    event = {**data, "type": "event"}  # (a runner card still has none: the schema refuses the field)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(event)


def test_the_imported_pool_lints_clean(cli: Any, pool: Path) -> None:
    result = cli("lint", pool, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert " error " not in result.output and "trash_cost" not in result.output, result.output


def test_a_written_operation_with_a_trash_cost_lints_clean(cli: Any, pool: Path, tmp_path: Path) -> None:
    """A card file a user writes by hand (beside the imported pool, whose game record it needs)."""
    here = tmp_path / "pool"
    shutil.copytree(pool, here)
    memo = json.loads((here / "cards" / f"{MEMO}.json").read_text("utf-8"))
    memo.update(trash_cost=0)
    (here / "cards" / f"{MEMO}.json").write_text(json.dumps(memo, ensure_ascii=False, indent=2) + "\n", "utf-8")
    result = cli("lint", here, "--lang", "en")
    assert result.exit_code == 0 and "card.model" not in result.output, result.output
    memo.update(trash_cost=21)
    (here / "cards" / f"{MEMO}.json").write_text(json.dumps(memo, ensure_ascii=False, indent=2) + "\n", "utf-8")
    refused = cli("lint", here, "--lang", "en")
    assert refused.exit_code == 1 and "trash_cost" in refused.output, refused.output


# ---------------------------------------------------------------- search, the card face, the web card page


def test_trash_finds_the_operation(cli: Any, pool: Path) -> None:
    found = cli("search", "--cards", pool, "t:operation trash:3", "--lang", "en")
    assert found.exit_code == 0, found.output
    assert f"netrunner/{MEMO}" in found.stdout and "trash 3" in found.stdout
    assert "open_ledger_gambit" not in found.stdout  # (the other operation has none)
    assert "1 record" in cli("search", "--cards", pool, "t:operation h>=1", "--lang", "en").stdout


@pytest.mark.parametrize(("lang", "label"), [("en", "4 Trash cost"), ("zh-Hans", "4 销毁")])
def test_the_card_face_of_an_operation_prints_its_trash_cost(lang: str, label: str) -> None:
    from .test_sheets_printed_s66 import imported, text_of

    with_cost = imported("invented_memo", "operation", ["Gain 7[credit]."], cost=3, trash_cost=4)
    assert label in text_of(with_cost, lang)
    without = imported("invented_memo", "operation", ["Gain 7[credit]."], cost=3)
    assert label not in text_of(without, lang)


@pytest.fixture(scope="module")
def web(pool: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("operation-trash-web")
    settings = WebSettings(cards=[pool], db_url=str(root / "web.db"), cache=root / "cache", data=root / "data")
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        yield client


def test_the_web_card_page_of_the_operation_shows_its_trash_cost(web: Any) -> None:
    page = web.get(f"/cards/netrunner/{MEMO}?lang=en")
    assert page.status_code == 200, page.text[:500]
    assert "trash 3" in page.text, page.text
    other = web.get("/cards/netrunner/open_ledger_gambit?lang=en")
    assert other.status_code == 200 and "trash " not in other.text


# ---------------------------------------------------------------- the engine: offered on access in HQ and R&D


def _scenario(tmp_path: Path, corp: dict[str, Any], decisions: list[str], expect: dict[str, Any]) -> Path:
    data = {
        "game": "netrunner", "name": "an accessed operation with a trash cost", "active": "runner",
        "corp": {"identity": "kestrel_dynamics_sky_is_ours", "credits": 5, "hand": ["open_ledger_gambit"],
                 "deck": ["open_ledger_gambit"] * 2, **corp},
        "runner": {"identity": "mira_okonjo_static_saint", "credits": 5, "clicks": 4},
        "decisions": decisions, "expect": expect,
    }  # fmt: skip
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data, indent=1), "utf-8")
    return path


def _run(cli: Any, pool: Path, path: Path) -> dict[str, Any]:
    result = cli("scenario", "run", path, "--cards", pool, "--format", "json", "--lang", "en")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_an_operation_accessed_in_hq_is_offered_for_its_trash_cost(cli: Any, pool: Path, tmp_path: Path) -> None:
    path = _scenario(tmp_path, {"hand": [MEMO]}, ["run:hq", "continue"], {})
    pending = _run(cli, pool, path)["pending"]
    assert pending["kind"] == "trash"
    assert [o["label"] for o in pending["options"]] == [f"trash:{MEMO}", "leave"]
    text = cli("scenario", "run", path, "--cards", pool, "--lang", "en").stdout
    assert "trash Quarterly Windfall Memo for 3 credits?" in text, text


def test_an_operation_accessed_in_rnd_is_trashed_for_its_cost(cli: Any, pool: Path, tmp_path: Path) -> None:
    path = _scenario(tmp_path, {"deck": [MEMO] * 2}, ["run:rnd", "continue", f"trash:{MEMO}"],
                     {"runner.credits": 2, "log.trashed": 1})  # fmt: skip
    data = _run(cli, pool, path)
    assert data["passed"], data["expect"]
    assert [c["id"] for c in data["state"]["corp"]["archives"]] == [MEMO]
    assert data["state"]["corp"]["deck_count"] == 1


def test_a_runner_short_of_the_cost_is_not_offered(cli: Any, pool: Path, tmp_path: Path) -> None:
    path = _scenario(tmp_path, {"hand": [MEMO]}, ["run:hq", "continue"], {"log.trashed": 0})
    data = json.loads(path.read_text("utf-8"))
    data["runner"]["credits"] = 2
    path.write_text(json.dumps(data), "utf-8")
    result = _run(cli, pool, path)
    assert result["passed"] and result["pending"]["kind"] == "action", result["pending"]


def test_an_operation_in_archives_is_not_offered(cli: Any, pool: Path, tmp_path: Path) -> None:
    """(Archives holds what is trashed already: nothing is trashed from it, in the rules as in the engine.)"""
    path = _scenario(tmp_path, {"discard": [MEMO]}, ["run:archives", "continue"], {"log.access": 1,
                                                                                    "log.trashed": 0})  # fmt: skip
    data = _run(cli, pool, path)
    assert data["passed"] and data["pending"]["kind"] == "action", (data["expect"], data["pending"])
    assert data["state"]["runner"]["credits"] == 5
