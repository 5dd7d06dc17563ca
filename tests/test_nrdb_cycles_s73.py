"""Stop 73's sweep: the game record keeps the cycles' names, and `text coverage --summary` says them.

The "per cycle:" lines of the summary gave cycle ids (``red_sand``) where the "per set:" lines gave names: the
import wrote only the sets' names to the game record (a set's ``cycle`` is an id), though v2's
``card_cycles.json``, v1's ``cycles.json`` and the translations' ``cycles.<locale>.json`` have the cycles'. Now
the game record has ``cycles`` (id and names: the Chinese from translations, else the English standing in, as
sets' do; other languages as sets carry them), and the summary names each cycle in the current language (its
id where the record has no name); the JSON keeps the ids.

Every checkout here is the invented fixture (tests/fixtures/netrunnerdb_v1 and _v2) with invented changes.
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from toolkit.coverage import ReadingReport
from toolkit.i18n import use_lang
from toolkit.importers import import_netrunnerdb
from toolkit.models.netrunner import CardSet, Cycle, NetrunnerGame

from .conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"
TODAY = date(2026, 12, 7)

DRIFT = {"id": "drift", "name": {"zh-Hans": "漂流循环", "en": "Drift Cycle"}}
HARBOR = {"id": "harbor", "name": {"zh-Hans": "Harbor Cycle", "en": "Harbor Cycle"}}  # no Chinese: English stands in


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def imported(source: Path, into: Path) -> Path:
    with use_lang("en"):
        import_netrunnerdb(source, into, today=TODAY)
    return into


@pytest.fixture(scope="module")
def v2_pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return imported(FIXTURES / "netrunnerdb_v2", tmp_path_factory.mktemp("cycles") / "pool")


def test_a_v2_import_keeps_the_cycles_names(v2_pool: Path) -> None:
    cycles = read(v2_pool / "game.json")["cycles"]
    assert cycles == [{"id": "drift", "name": {**DRIFT["name"], "fr": "Cycle de la Dérive"}}, HARBOR]


def test_a_v1_import_keeps_the_cycles_names(tmp_path: Path) -> None:
    pool = imported(FIXTURES / "netrunnerdb_v1", tmp_path / "pool")
    game = read(pool / "game.json")
    assert game["cycles"] == [DRIFT, HARBOR]
    assert {s["cycle"] for s in game["sets"]} == {"drift", "harbor"}  # the sets name the cycles by these ids


def test_v2_translations_are_found_by_the_cycles_legacy_code(tmp_path: Path) -> None:
    """NetrunnerDB's v2 ids are not the v1 codes its translations are keyed by (``core_set``, ``core``)."""
    source = tmp_path / "src"
    shutil.copytree(FIXTURES / "netrunnerdb_v2", source)
    cycles = source / "v2" / "card_cycles.json"
    cycles.write_text(
        json.dumps([
            {"id": "drift_cycle", "legacy_code": "drift", "name": "Drift Cycle", "position": 1},
            {"id": "harbor_cycle", "legacy_code": "harbor", "name": "Harbor Cycle", "position": 2},
        ]),
        encoding="utf-8",
    )  # fmt: skip
    sets = source / "v2" / "card_sets.json"
    sets.write_text(sets.read_text(encoding="utf-8").replace('"card_cycle_id": "drift"', '"card_cycle_id": "drift_cycle"')
                    .replace('"card_cycle_id": "harbor"', '"card_cycle_id": "harbor_cycle"'), encoding="utf-8")  # fmt: skip
    game = read(imported(source, tmp_path / "pool") / "game.json")
    assert [(c["id"], c["name"]["zh-Hans"]) for c in game["cycles"]] == [
        ("drift_cycle", "漂流循环"),
        ("harbor_cycle", "Harbor Cycle"),
    ]
    assert {s["cycle"] for s in game["sets"]} == {"drift_cycle", "harbor_cycle"}


def test_the_game_record_with_cycles_loads_and_one_without_still_does(v2_pool: Path) -> None:
    game = read(v2_pool / "game.json")
    record = NetrunnerGame.model_validate(game)
    assert [(c.id, c.name.en) for c in record.cycles] == [("drift", "Drift Cycle"), ("harbor", "Harbor Cycle")]
    del game["cycles"]  # an import made before cycles were kept
    assert NetrunnerGame.model_validate(game).cycles == []


def _cycle_lines(stdout: str) -> list[str]:
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line in ("per cycle:", "按循环："))
    out = []
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        out.append(line.strip())
    return out


@pytest.mark.parametrize(
    ("lang", "names"), [("en", ["Drift Cycle", "Harbor Cycle"]), ("zh-Hans", ["漂流循环", "Harbor Cycle"])]
)
def test_the_summary_names_each_cycle_in_the_current_language(
    v2_pool: Path, cli: Any, lang: str, names: list[str]
) -> None:
    result = cli("--lang", lang, "text", "coverage", "--game", "netrunner", "--cards", v2_pool, "--summary")
    assert result.exit_code == 0, result.stderr
    rows = _cycle_lines(result.stdout)
    assert [row.split("  ")[0].strip() for row in rows] == names, result.stdout
    assert not any(row.startswith(("drift ", "harbor ")) for row in rows), result.stdout


def test_the_json_keeps_the_cycle_ids(v2_pool: Path, cli: Any) -> None:
    result = cli("text", "coverage", "--game", "netrunner", "--cards", v2_pool, "--format", "json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report["per_cycle"]) == {"drift", "harbor"}
    assert {row["cycle"] for row in report["cards"]} == {"drift", "harbor"}


def test_a_cycle_without_a_name_is_shown_by_its_id() -> None:
    rows = [
        {"id": f"c{n}", "title": f"C{n}", "set": s, "cycle": c, "printed_in": [s], "status": "executable",
         "scripted": [], "unread": [], "zh": []}
        for n, (s, c) in enumerate([("one", "known"), ("two", "unnamed"), ("three", None)])
    ]  # fmt: skip
    sets = {"one": CardSet(id="one", name={"zh-Hans": "一", "en": "One"}, cycle="known")}
    cycles = {"known": Cycle(id="known", name={"zh-Hans": "已知循环", "en": "Known Cycle"})}
    report = ReadingReport(cards=rows, set_names=sets, cycle_names=cycles)
    with use_lang("en"):
        text = report.format_text(every=False)
    per_cycle = text.split("per cycle:\n")[1].split("per set:")[0]
    assert [line.split()[0] for line in per_cycle.splitlines()] == ["-", "Known", "unnamed"], text
    with use_lang("zh-Hans"):
        assert "已知循环" in report.format_text(every=False)
