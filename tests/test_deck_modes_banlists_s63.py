"""`--mode` takes a mode's name as a deck file's `mode` does (deck new, deck validate, text run); an older
netrunner ban list (`--banlist`, a deck's `ban_list`, NetrunnerDB's `mwl_code`) is checked against the card pool
that went with it (the format's snapshot whose ban list it is), or the finding says the pool is today's and names
the mode to use. The format records are small fixtures written here."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import NETRUNNER_POOL, ROOT

TACTICS_DECK = ROOT / "examples" / "decks" / "tactics" / "duo.json"
# A runner deck of the fixture pool: Glasswing's only set is second_wave, the rest are first_light.
RUNNER = {"ember_script": 3, "static_hymn": 3, "kiln_rig": 2, "backroom_ledger": 3, "glasswing": 3, "quiet_wire": 3}
RUNNER_CODES = {"50001": 1, "50002": 3, "50006": 3, "51003": 2, "50008": 3, "51004": 3, "50007": 3}


# ------------------------------------------------------------------ --mode by name


@pytest.mark.parametrize("mode", ["专家", "Expert", "EXPERT", "expert"])
def test_deck_new_takes_a_mode_by_its_name(cli: Any, tmp_path: Path, mode: str) -> None:
    out = tmp_path / "m.txt"
    agents = ("--agent", "gale", "--agent", "anvil")
    result = cli("deck", "new", "--game", "tactics", "--mode", mode, *agents, "--out", out)
    assert result.exit_code == 0, result.output
    assert "# mode: expert" in out.read_text(encoding="utf-8")  # written as the mode's id


def test_deck_validate_takes_a_mode_by_its_name(cli: Any) -> None:
    by_id = cli("deck", "validate", "--mode", "melee", TACTICS_DECK, "-f", "json")
    for name in ("Melee", "混战"):
        by_name = cli("deck", "validate", "--mode", name, TACTICS_DECK, "-f", "json")
        assert by_name.exit_code == by_id.exit_code, by_name.output
        assert json.loads(by_name.stdout) == json.loads(by_id.stdout)
    unknown = cli("deck", "validate", "--mode", "nope", TACTICS_DECK)
    assert unknown.exit_code == 1 and "--mode 'nope': tactics has no such mode" in unknown.stdout, unknown.output


def test_text_run_takes_a_mode_by_its_name(cli: Any) -> None:
    by_id = cli("text", "run", "--mode", "melee", "你抽两张牌。", "-f", "json")
    assert by_id.exit_code == 0, by_id.output
    for name in ("Melee", "混战"):
        by_name = cli("text", "run", "--mode", name, "你抽两张牌。", "-f", "json")
        assert by_name.exit_code == 0, by_name.output
        assert json.loads(by_name.stdout) == json.loads(by_id.stdout)
    standard = cli("text", "run", "--game", "netrunner", "--mode", "标准赛制", "你获得 1[credit]。")
    assert standard.exit_code == 0, standard.output


# ------------------------------------------------------------------ an older ban list, its own pool


def _ban(list_id: str, day: str) -> dict[str, Any]:
    return {"id": list_id, "date_start": day, "name": {"en": list_id.replace("_", " ").title(), "zh-Hans": list_id},
            "banned": [], "restricted": [], "restricted_limit": 1}  # fmt: skip


def _format(base: dict[str, Any], mode_id: str, name: str, sets: list[str], lists: list[str], **more: Any) -> dict:
    days = {"old_list": "2024-01-19", "older_list": "2023-06-01", "new_list": "2025-04-24"}
    ban_lists = [_ban(i, days[i]) for i in lists]
    return {**base, "id": mode_id, "name": {"en": name, "zh-Hans": name}, "sets": sets, "ban_lists": ban_lists,
            "ban_list": lists[-1] if lists else None, **more}  # fmt: skip


def _startup_pool(tmp_path: Path, snapshots: Sequence[tuple[str, list[str], str | None, str]]) -> Path:
    """The fixture pool with a format `startup` (today: first_light only, ban lists older_list, old_list,
    new_list in force) and its snapshots: (id, sets, ban list or None, first day)."""
    pool = tmp_path / "pool"
    shutil.copytree(NETRUNNER_POOL, pool)
    base = json.loads((pool / "modes" / "standard.json").read_text(encoding="utf-8"))
    for key in ("banned", "restricted", "restricted_limit"):
        base.pop(key, None)
    base["deck_rules"] = [*base["deck_rules"], {"rule": "card_pool"}]
    today = _format(base, "startup", "Startup", ["first_light"], ["older_list", "old_list", "new_list"],
                    pool_name="Today", date_start="2025-04-24")  # fmt: skip
    (pool / "modes" / "startup.json").write_text(json.dumps(today), encoding="utf-8")
    for snap_id, sets, ban, day in snapshots:
        snap = _format(base, snap_id, f"Startup {day}", sets, [ban] if ban else [], pool_name=f"Pool {snap_id}",
                       snapshot_of="startup", date_start=day)  # fmt: skip
        (pool / "modes" / f"{snap_id}.json").write_text(json.dumps(snap), encoding="utf-8")
    return pool


def _deck(tmp_path: Path, **more: Any) -> Path:
    path = tmp_path / "runner.json"
    deck = {"game": "netrunner", "mode": "startup", "name": "Spark", "identity": "nell_ashgrove_spark_thief",
            "cards": RUNNER, **more}  # fmt: skip
    path.write_text(json.dumps(deck), encoding="utf-8")
    return path


SNAPSHOTS = [("startup_5", ["first_light", "second_wave"], "old_list", "2024-01-19"),
             ("startup_7", ["first_light"], "new_list", "2025-04-24")]  # fmt: skip


def test_an_older_ban_list_is_checked_against_the_pool_that_went_with_it(cli: Any, tmp_path: Path) -> None:
    pool, deck = _startup_pool(tmp_path, SNAPSHOTS), _deck(tmp_path)
    today = cli("deck", "validate", deck, "--cards", pool)
    assert today.exit_code == 1 and "1 title (3 cards) outside the Startup pool (Today): Glasswing" in today.stdout, today.output
    older = cli("deck", "validate", deck, "--cards", pool, "--banlist", "old_list")
    assert older.exit_code == 0, older.output  # legal then: second_wave was in the pool of the old list
    assert "Startup · Old List · legal" in older.stdout
    own = cli("deck", "validate", _deck(tmp_path, ban_list="old_list"), "--cards", pool)  # the deck's own list
    assert own.exit_code == 0, own.output
    assert cli("deck", "validate", deck, "--cards", pool, "--banlist", "new_list").exit_code == 1  # today's


def test_a_netrunnerdb_decklist_of_an_older_ban_list_is_checked_against_its_pool(cli: Any, tmp_path: Path) -> None:
    pool = _startup_pool(tmp_path, SNAPSHOTS)
    decklist = tmp_path / "nrdb.json"
    for code, verdict in (("old-list", 0), ("new-list", 1)):
        inner = {"id": 7, "name": "Spark", "description": "", "mwl_code": code, "cards": RUNNER_CODES}
        answer = {"data": [inner], "total": 1, "success": True, "version_number": "2.0", "last_updated": "2025-01-01"}
        decklist.write_text(json.dumps(answer), encoding="utf-8")
        result = cli("deck", "validate", decklist, "--cards", pool, "--mode", "startup")
        assert result.exit_code == verdict, result.output


def test_of_several_pools_a_ban_list_went_with_the_deck_is_judged_by_the_one_it_fits(cli: Any, tmp_path: Path) -> None:
    snapshots = [("startup_4", ["first_light", "second_wave"], "old_list", "2024-01-19"),
                 ("startup_5", ["first_light"], "old_list", "2024-06-01")]  # fmt: skip
    pool, deck = _startup_pool(tmp_path, snapshots), _deck(tmp_path)
    assert cli("deck", "validate", deck, "--cards", pool, "--banlist", "old_list").exit_code == 0
    (pool / "modes" / "startup_4.json").unlink()  # the only pool of the list left lacks second_wave: named
    refused = cli("deck", "validate", deck, "--cards", pool, "--banlist", "old_list")
    assert refused.exit_code == 1
    assert "outside the Startup 2024-06-01 pool (Pool startup_5): Glasswing" in refused.stdout, refused.output


def test_without_a_pool_for_the_ban_list_the_finding_says_so_and_names_the_mode(cli: Any, tmp_path: Path) -> None:
    snapshots = [("startup_3", ["first_light", "second_wave"], None, "2023-01-01"),
                 ("startup_7", ["first_light"], "new_list", "2025-04-24")]  # fmt: skip
    pool, deck = _startup_pool(tmp_path, snapshots), _deck(tmp_path)
    result = cli("deck", "validate", deck, "--cards", pool, "--banlist", "older_list")
    assert result.exit_code == 1
    assert "no record says which card pool went with the ban list Older List" in result.stdout, result.output
    assert "--mode startup_3 checks the deck against the pool in force on 2023-06-01" in result.stdout
    (pool / "modes" / "startup_3.json").unlink()
    undated = cli("deck", "validate", deck, "--cards", pool, "--banlist", "older_list")
    assert "this is today's pool of Startup)" in undated.stdout and "--mode" not in undated.stdout, undated.output
