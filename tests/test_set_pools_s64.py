"""A designer's set folder alone (``--cards my-set``: new cards without the game's record) plays among the card pool
in every command that needs the game's rules (toolkit/config.py: pool_catalog, among_pool), as the tutorial says
(docs/tutorials/design-and-print.md §4): ``deck validate`` found no mode and listed none ("modes: "), and called
every bundled card unknown; ``simulate tactics`` likewise. A pool with no modes of a game never lists an empty
"modes:"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli.app import app

from .conftest import CARDS, ROOT

EX = ROOT / "examples" / "decks" / "tactics"

FIELD_DRESSING: dict[str, Any] = {
    "back": "personal",
    "category": "item",
    "cost": {"mortgage": 1},
    "game": "tactics",
    "id": "field_dressing",
    "kind": "card",
    "name": {"en": "Field Dressing", "zh-Hans": "战地包扎"},
    "text": ["响应：本单位获得 2 点临时生命值。"],
}


def _set(folder: Path, *records: dict[str, Any]) -> Path:
    (folder / "cards").mkdir(parents=True)
    for record in records:
        path = folder / "cards" / f"{record['id']}.json"
        path.write_text(json.dumps(record, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return folder


@pytest.fixture
def new_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # (no cards/ here: the pool the set plays among is the bundled one)
    return _set(tmp_path / "new-set", FIELD_DRESSING)


def _deck(tmp_path: Path, swap: tuple[str, str] | None = None) -> Path:
    result = CliRunner().invoke(app, ["deck", "convert", str(EX / "duel.json"), "--to", "text"])
    assert result.exit_code == 0, result.output
    text = result.stdout if swap is None else result.stdout.replace(*swap)
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_deck_validate_with_a_set_folder_alone_plays_among_the_pool(new_set: Path, tmp_path: Path) -> None:
    deck = _deck(tmp_path, ("1x Med Kit", "1x Field Dressing"))  # a card of the set, the rest bundled
    result = CliRunner().invoke(app, ["deck", "validate", "--cards", str(new_set), str(deck)])
    assert result.exit_code == 0, result.output
    assert "legal" in result.stdout and "illegal" not in result.stdout
    assert "modes: \n" not in result.output and "deck.card.unknown" not in result.output


def test_simulate_with_a_set_folder_alone_plays_among_the_pool(new_set: Path, tmp_path: Path) -> None:
    deck = _deck(tmp_path, ("1x Med Kit", "1x Field Dressing"))
    decks = ["--decks", str(deck), "--decks", str(EX / "duel-rival.json")]
    args = ["simulate", "tactics", "--cards", str(new_set), *decks, "--turns", "2", "--seed", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "round limit" in result.stdout or "wins" in result.stdout


def test_the_set_stands_for_the_pools_record_of_its_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A revised bundled card in the set is played in that card's place (no duplicate id), the pool's records
    read first, as ``--cards cards --cards my-set`` reads them; the pool says what it plays among."""
    from toolkit.config import pool_catalog

    monkeypatch.chdir(tmp_path)
    revised = json.loads((CARDS / "tactics" / "cards" / "adrenaline_shot.json").read_text(encoding="utf-8"))
    revised.pop("$schema", None)
    revised["text"] = ["响应：本单位获得 3 点临时生命值。"]
    folder = _set(tmp_path / "my-set", revised, FIELD_DRESSING)
    pool, catalog = pool_catalog([folder])
    record = catalog.get("tactics", "adrenaline_shot")
    assert record is not None and record.text == revised["text"]
    assert catalog.file_of(record) == folder / "cards" / "adrenaline_shot.json"
    assert catalog.get("tactics", "tactics", "game") is not None and catalog.of_kind("tactics", "mode")
    ids = [r.id for r in catalog.records if r.kind == "card"]
    assert ids[-2:] == ["adrenaline_shot", "field_dressing"]  # the set read after the pool
    assert pool.paths == [folder] and pool.among == (CARDS / "tactics",)
    assert str(folder) in pool.describe() and str(CARDS / "tactics") in pool.describe()
    assert not any(r.game == "netrunner" for r in catalog.records)  # only the set's game is added


def test_a_pool_with_its_game_records_is_read_as_it_is(tmp_path: Path) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.config import pool_catalog

    pool, catalog = pool_catalog([CARDS / "tactics"])
    assert pool.among == () and [r.id for r in catalog.records] == [r.id for r in load_catalog(pool.paths).records]


def test_no_empty_list_of_modes_when_the_pool_has_none(tmp_path: Path) -> None:
    """A pool with the game's cards but no mode (its game record and modes left out) says it has no modes."""
    from toolkit.catalog import load_catalog
    from toolkit.decks import read_deck
    from toolkit.decks.names import NameIndex
    from toolkit.engine.core import EngineError
    from toolkit.engine.tactics import TacticsGame
    from validators.deck import DeckPool, validate_deck

    records = [r for r in load_catalog([CARDS / "tactics"]).records if getattr(r, "kind", None) != "mode"]
    deck = read_deck(EX / "duel.json", NameIndex(records)).deck
    assert deck is not None
    findings = validate_deck(deck, DeckPool(records)).findings
    assert [f.code for f in findings] == ["deck.mode.unknown"]
    assert "modes: " not in findings[0].message and "the card pool has no tactics modes" in findings[0].message
    with pytest.raises(EngineError) as raised:
        TacticsGame(records, "duel")
    assert "modes: " not in str(raised.value) and "the data has no tactics modes" in str(raised.value)


# ---- lint: a new crossfire special role that no mode lets join is never dealt (validators/lint.py)


def _saboteur(folder: Path) -> Path:
    """A new special role (the bomber's copy) in ``folder``, its "$schema" the bomber's (a game directory's)."""
    role = json.loads((CARDS / "crossfire" / "roles" / "bomber.json").read_text(encoding="utf-8"))
    role.update(id="saboteur", name={"en": "Saboteur", "zh-Hans": "破坏者"})
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "saboteur.json"
    path.write_text(json.dumps(role, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def _special_warnings(output: str) -> list[str]:
    return [line for line in output.splitlines() if "card.role.special" in line]


def test_lint_warns_of_a_special_role_no_mode_lets_join(game_copy, tmp_path: Path) -> None:
    root: Path = game_copy("crossfire")
    role = _saboteur(root / "roles")
    result = CliRunner().invoke(app, ["lint", str(root), "--no-cache"])
    assert result.exit_code == 0, result.output  # a warning
    [line] = _special_warnings(result.output)
    assert line.startswith(f"{role}:") and "warning card.role.special" in line, line
    assert "no mode lets this special role join" in line and "`substitutions`" in line, line
    assert "'crossfire'" in line and "'sniper'" in line, line
    # a substitution for it in a mode: it may join, and lint says nothing
    mode = root / "modes" / "crossfire.json"
    data = json.loads(mode.read_text(encoding="utf-8"))
    data["substitutions"].append({"add": {"saboteur": 1}, "remove": [{"roles": ["bystander"]}], "role": "saboteur"})
    mode.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["lint", str(root), "--no-cache"])
    assert not _special_warnings(result.output), result.output


def test_lint_warns_of_it_in_a_set_folder_linted_among_the_pool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    role = _saboteur(tmp_path / "my-roles")
    result = CliRunner().invoke(app, ["lint", str(role.parent), "--no-cache"])
    [line] = _special_warnings(result.output)
    assert line.startswith(f"{role}:"), line


def test_the_bundled_special_roles_all_join_a_mode() -> None:
    result = CliRunner().invoke(app, ["lint", str(CARDS / "crossfire"), "--no-cache"])
    assert result.exit_code == 0 and not _special_warnings(result.output), result.output
