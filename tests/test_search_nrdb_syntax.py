"""Search as NetrunnerDB users type it: faction, set and cycle codes, r: y: format:, unknown codes as errors,
sorting, true counts and pages (toolkit.search, `dossier search`, /api/search).

The pool is written here, in the importer's output format: three sets with NetrunnerDB codes and release
dates, a few made-up cards (no real card text), and filler events for the pages.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.search import QueryError, count, search

ROOT = Path(__file__).resolve().parents[1]
SETS = [
    {"id": "alpha_box", "code": "ab", "cycle": "alpha_box", "name": {"en": "Alpha Box", "zh-Hans": "甲盒"},
     "released": "2014-03-01"},
    {"id": "beta_pack", "code": "bp", "cycle": "greek", "name": {"en": "Beta Pack", "zh-Hans": "乙包"},
     "released": "2016-06-15"},
    {"id": "gamma_pack", "code": "gp", "cycle": "greek", "name": {"en": "Gamma Pack", "zh-Hans": "丙包"},
     "released": "2019-11-20"},
]  # fmt: skip
FILLERS = 25  # events "Filler 01".."Filler 25" in gamma_pack: pages of 10


def _card(card_id: str, en: str, zh: str, type_: str, faction: str, cost: int, prints: list[tuple[str, int]],
          **extra: Any) -> dict[str, Any]:  # fmt: skip
    cycles = {s["id"]: s["cycle"] for s in SETS}
    return {
        "rez_cost" if type_ == "ice" else "cost": cost,
        "deck_limit": 3,
        "faction": faction,
        "game": "netrunner",
        "id": card_id,
        "influence": 1,
        "kind": "card",
        "name": {"en": en, "zh-Hans": zh},
        "printings": [
            {"code": f"9{n:04d}", "cycle": cycles[set_id], "position": n, "quantity": qty, "set": set_id}
            for n, (set_id, qty) in enumerate(prints, start=len(card_id))
        ],
        "set": prints[0][0],
        "subtypes": [],
        "text": ["你获得 1[credit]。"],
        "type": type_,
        "unique": False,
        **extra,
    }


CARDS = [
    _card("tin_wall", "Tin Wall", "锡墙", "ice", "haas_bioroid", 2, [("alpha_box", 3)], strength=1),
    _card("glass_gate", "Glass Gate", "玻璃门", "ice", "haas_bioroid", 5, [("alpha_box", 2), ("gamma_pack", 3)],
          strength=4),
    _card("rust_drill", "Rust Drill", "锈钻", "program", "anarch", 1, [("beta_pack", 1)], memory_cost=1),
    _card("paper_trail", "Paper Trail", "纸迹", "operation", "weyland", 0, [("beta_pack", 3)]),
    _card("quiet_lift", "Quiet Lift", "静梯", "event", "criminal", 3, [("gamma_pack", 1)]),
    *(_card(f"filler_{n:02d}", f"Filler {n:02d}", f"填充{n:02d}", "event", "criminal", n % 4, [("gamma_pack", 3)])
      for n in range(1, FILLERS + 1)),
]  # fmt: skip


def write_nrdb_pool(root: Path) -> Path:
    """The pool: the bundled game and factions (the game with a set list), and :data:`CARDS`."""
    return netrunner_pool(root, SETS, CARDS)


def netrunner_pool(root: Path, sets: list[dict[str, Any]], cards: list[dict[str, Any]]) -> Path:
    """A netrunner pool in ``root``: the bundled game (with the set list ``sets``) and factions, and ``cards``
    (each a card record); the schemas beside it. Returns the game's folder."""
    bundled = ROOT / "cards" / "netrunner"
    pool = root / "netrunner"
    (pool / "cards").mkdir(parents=True)
    shutil.copytree(bundled / "factions", pool / "factions")
    shutil.copytree(ROOT / "schema", root / "schema")
    game = json.loads((bundled / "game.json").read_text(encoding="utf-8"))
    game["sets"] = sets
    (pool / "game.json").write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    for card in cards:
        (pool / "cards" / f"{card['id']}.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    return pool


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_nrdb_pool(tmp_path_factory.mktemp("nrdb"))


@pytest.fixture(scope="module")
def db_path(pool: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("db") / "nrdb.db")
    build_database(load_catalog([pool]), resolve_target(path))
    return path


def ids(db_path: str, query: str, **options: Any) -> list[str]:
    """The cards a query finds (not the game and faction records)."""
    with open_database(db_path) as db:
        return [hit.id for hit in search(db, f"{query} k:card", game="netrunner", **options)]


def error(db_path: str, query: str) -> QueryError:
    with open_database(db_path) as db, pytest.raises(QueryError) as caught:
        search(db, query, game="netrunner")
    return caught.value


FILLER_IDS = {f"filler_{n:02d}" for n in range(1, FILLERS + 1)}


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("e:ab", {"tin_wall", "glass_gate"}),  # NetrunnerDB's set code
        ("e:alpha_box", {"tin_wall", "glass_gate"}),  # the id still works
        ("e:bp|ab", {"tin_wall", "glass_gate", "rust_drill", "paper_trail"}),
        ("e!gp", {"tin_wall", "rust_drill", "paper_trail"}),
        ("c:greek t!event", {"glass_gate", "rust_drill", "paper_trail"}),
        ("c:ab", {"tin_wall", "glass_gate"}),  # a set's code names the cycle it alone makes up
        ("f:hb", {"tin_wall", "glass_gate"}),
        ("f:h t:ice", {"tin_wall", "glass_gate"}),
        ("f:w", {"paper_trail"}),  # the bundled faction is `weyland`: found by its name
        ("f:weyland", {"paper_trail"}),
        ("f:a|s", {"rust_drill"}),
        ("r<2015", {"tin_wall", "glass_gate"}),
        ("r:2016", {"rust_drill", "paper_trail"}),
        ("r:2016-06", {"rust_drill", "paper_trail"}),
        ("r:2016-06-15", {"rust_drill", "paper_trail"}),
        ("r<=2016 t!event", {"tin_wall", "glass_gate", "rust_drill", "paper_trail"}),
        ("r>=bp t!event", {"glass_gate", "rust_drill", "paper_trail"}),  # a set stands for its release date
        ("release>2017 t:ice", {"glass_gate"}),  # reprinted in 2019
        ("e<gp t!event", {"tin_wall", "glass_gate", "rust_drill", "paper_trail"}),  # released before Gamma Pack
        ("e>ab t!event", {"glass_gate", "rust_drill", "paper_trail"}),
        ("y:1", {"rust_drill", "quiet_lift"}),
        ("y>=3 t:ice", {"tin_wall", "glass_gate"}),
        ("qty:2", {"glass_gate"}),
    ],
)
def test_netrunnerdb_codes_and_keys(db_path: str, query: str, wanted: set[str]) -> None:
    assert set(ids(db_path, query)) == wanted


def test_format_is_an_alias_of_legal() -> None:
    from toolkit.search import find_key

    key = find_key("format")
    assert key is not None and key.name == "legal"
    assert find_key("r") is not None and find_key("r").name == "released"  # type: ignore[union-attr]
    assert find_key("y") is not None and find_key("y").name == "quantity"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("query", "column", "says"),
    [
        ("e:core", 3, "known here: ab, bp, gp"),  # nothing close: the known codes
        ("t:ice e:abb", 9, "did you mean ab"),
        ("f:hbb", 3, "did you mean hb"),
        ("c:grek", 3, "did you mean greek"),
        ("f:mini", 3, "NetrunnerDB's code for apex, adam, sunny_lebeau"),
        ("r:soon", 3, "a date"),
        ("e<zz", 3, "unknown set 'zz'"),
    ],
)
def test_an_unknown_code_is_an_error_with_its_column(db_path: str, query: str, column: int, says: str) -> None:
    from toolkit.i18n import use_lang

    with use_lang("en"):
        problem = error(db_path, query)
    assert problem.column == column
    assert says in problem.problem


def test_sort_orders(db_path: str) -> None:
    assert ids(db_path, "t!event", sort="name") == ["glass_gate", "paper_trail", "rust_drill", "tin_wall"]
    assert ids(db_path, "t!event", sort="-name") == ["tin_wall", "rust_drill", "paper_trail", "glass_gate"]
    assert ids(db_path, "t!event", sort="cost") == ["paper_trail", "rust_drill", "tin_wall", "glass_gate"]
    assert ids(db_path, "t!event", sort="-cost")[0] == "glass_gate"
    # by the release of the card's own set, then its number in that set
    assert ids(db_path, "t!event", sort="release") == ["tin_wall", "glass_gate", "rust_drill", "paper_trail"]
    assert ids(db_path, "t!event", sort="-release")[:2] == ["paper_trail", "rust_drill"]
    assert ids(db_path, "t!event", sort="set") == ids(db_path, "t!event", sort="release")  # Alpha < Beta by name too
    # corp, then runner; by faction, then name
    assert ids(db_path, "t!event", sort="faction") == ["glass_gate", "tin_wall", "paper_trail", "rust_drill"]
    assert ids(db_path, "t!event", sort="type")[:2] == ["glass_gate", "tin_wall"]  # ice, then operation, program
    with pytest.raises(Exception, match="unknown sort"):
        ids(db_path, "t:ice", sort="colour")


def test_count_offset_and_limit(db_path: str) -> None:
    every = ids(db_path, "t:event", sort="name")
    assert len(every) == FILLERS + 1
    with open_database(db_path) as db:
        assert count(db, "t:event", game="netrunner") == FILLERS + 1
        assert count(db, "e:gp") == FILLERS + 2
        assert count(db, "f:hb k:card") == 2
        assert count(db, "f:hb t:event") == 0
    pages = [ids(db_path, "t:event", sort="name", limit=10, offset=o) for o in (0, 10, 20)]
    assert [len(p) for p in pages] == [10, 10, 6]
    assert sum(pages, []) == every
    assert ids(db_path, "t:event", sort="name", offset=26) == []


def test_cli_sort_offset_and_true_count(cli: Any, db_path: str) -> None:
    result = cli("search", "t:event", "--game", "netrunner", "--db", db_path, "--sort", "-name", "--limit", "5",
                 "--offset", "5", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "6–10 of 26 records" in result.stdout
    assert "Filler 21" in result.stdout and "Filler 17" in result.stdout and "Filler 22" not in result.stdout
    data = json.loads(cli("search", "e:gp", "--db", db_path, "--limit", "3", "--format", "json").stdout)
    assert (data["count"], data["total"], data["offset"]) == (3, FILLERS + 2, 0)
    wrong = cli("search", "e:core", "--db", db_path, "--lang", "en")
    assert wrong.exit_code == 2 and "unknown set 'core'" in wrong.output
    bad_sort = cli("search", "t:ice", "--db", db_path, "--sort", "colour", "--lang", "en")
    assert bad_sort.exit_code == 2 and "unknown sort" in bad_sort.output



@pytest.mark.parametrize("limit", [[], ["--limit", "5"]])
def test_cli_offset_past_the_end_tells_the_true_total(cli: Any, db_path: str, limit: list[str]) -> None:
    result = cli("search", "t:event", "--game", "netrunner", "--db", db_path, "--offset", "500", *limit, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "no records after the first 500 (26 match)"

@pytest.fixture(scope="module")
def api(pool: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("web")
    settings = WebSettings(cards=[pool], db_url=str(root / "web.db"), cache=root / "cache", data=root / "data")
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        yield client


def test_api_total_pages_and_sort(api: Any) -> None:
    first = api.get("/api/search", params={"q": "t:event", "limit": 10, "sort": "name", "lang": "en"}).json()
    assert (first["count"], first["total"], first["offset"], first["sort"]) == (10, 26, 0, "name")
    third = api.get("/api/search", params={"q": "t:event", "limit": 10, "page": 3, "sort": "name"}).json()
    assert (third["count"], third["total"], third["offset"]) == (6, 26, 20)
    assert third["results"][-1]["id"] == "quiet_lift"
    by_offset = api.get("/api/search", params={"q": "t:event", "limit": 10, "offset": 20, "sort": "name"}).json()
    assert by_offset["results"] == third["results"]
    small = api.get("/api/search", params={"q": "f:hb k:card"}).json()
    assert small["total"] == small["count"] == 2
    wrong = api.get("/api/search", params={"q": "e:sg", "lang": "en"})
    assert wrong.status_code == 400 and wrong.json()["detail"]["column"] == 3
    assert api.get("/api/search", params={"q": "t:ice", "sort": "colour"}).status_code == 400
