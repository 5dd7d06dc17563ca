"""`dossier simulate netrunner` says which cards of the two decks have text it does not run, before the log."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks.stats import inert_titles
from toolkit.models.deck import Deck

from .conftest import CARDS, ROOT

POOL_DIR = ROOT / "tests" / "fixtures" / "netrunner_pool"
EX_DUO = ROOT / "examples" / "decks" / "tactics" / "duo.json"
RECORDS = {r.id: r for r in load_catalog([POOL_DIR]).records if r.kind in ("card", "identity")}  # type: ignore[attr-defined]

CORP = (
    "Orbis Meridian: Quiet Tides\n3x Harbor Charter\n3x Salt Archive\n1x Lantern Node\n2x Ledger Sweep\n"
    "2x Pale Relay\n1x Tollgate Mesh\n2x Drift Snare\n"
)
RUNNER = (
    "Nell Ashgrove: Spark Thief\n3x Ember Script\n3x Static Hymn\n2x Kiln Rig\n3x Backroom Ledger\n"
    "3x Glasswing\n3x Quiet Wire\n"
)


@pytest.fixture(autouse=True)
def default_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Default settings: no user config, no dossier.toml above the test's directory (so the names are in the
    decks' own language)."""
    import toolkit.config as config

    monkeypatch.delenv(config.ENV_CARDS, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(config, "project_file", lambda start=None: None)


@pytest.fixture
def decks(tmp_path: Path) -> tuple[Path, Path, Path]:
    """An imported-looking pool (printed text only, one card with ability text) and a legal deck per side."""
    pool = tmp_path / "pool"
    shutil.copytree(POOL_DIR, pool)
    shutil.copy(CARDS / "netrunner" / "game.json", pool / "game.json")
    corp, runner = tmp_path / "corp.txt", tmp_path / "runner.txt"
    corp.write_text(CORP, encoding="utf-8")
    runner.write_text(RUNNER, encoding="utf-8")
    return pool, corp, runner


def test_text_output_counts_and_names_them_before_the_log(cli: Any, decks: tuple[Path, Path, Path]) -> None:
    pool, corp, runner = decks
    result = cli("simulate", "netrunner", "--cards", pool, "--decks", corp, "--decks", runner, "--turns", 2)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(
        "text the simulation does not run: 13 of 15 titles (29 of 33 cards, identities included) in the two decks"
    )
    # the lists are written with English names, so the names are English
    # the corp's identity has no text at all: nothing to run, so it is not listed
    assert lines[1].startswith("  corp: Harbor Charter ×3, Salt Archive ×3")
    assert lines[2].startswith("  runner: Nell Ashgrove: Spark Thief (identity), Static Hymn ×3, Kiln Rig ×2")
    assert "Ember Script" not in lines[2]  # its text runs
    assert lines[3].split()[1:3] == ["set-up", "(game:"]
    chinese = cli("simulate", "netrunner", "--cards", pool, "--decks", corp, "--decks", runner, "--turns", 2, "--lang", "zh-Hans")
    lines = chinese.stdout.splitlines()
    assert lines[0].startswith("两副牌组中有模拟不执行的文本的牌：15 种中的 13 种（33 张中的 29 张，含特性卡牌）")
    assert lines[1].startswith("  公司：港口宪章 ×3、Salt Archive ×3")
    assert lines[2].startswith("  潜袭者：内尔·灰林：火花窃贼（特性）、Static Hymn ×3、Kiln Rig ×2")


def test_json_has_the_same_as_a_field(cli: Any, decks: tuple[Path, Path, Path]) -> None:
    pool, corp, runner = decks
    args = ["--cards", pool, "--decks", runner, "--decks", corp, "--turns", 2, "--format", "json"]
    data = json.loads(cli("simulate", "netrunner", *args).stdout)
    inert = data["no_executable_text"]
    assert (inert["titles"], inert["of_titles"], inert["cards"], inert["of_cards"]) == (13, 15, 29, 33)
    first = inert["list"][0]
    assert first == {
        "side": "corp",
        "id": "harbor_charter",
        "name": "Harbor Charter",
        "kind": "card",
        "copies": 3,
        "reason": "no text",
    }
    assert "ember_script" not in {e["id"] for e in inert["list"]}
    assert data["log"][0]["event"] == "setup"


def test_text_that_does_not_parse_is_named_with_the_reason() -> None:
    broken = RECORDS["ember_script"].model_copy(update={"text": ["你获得两个什么东西"]})
    deck = Deck(game="netrunner", mode="standard", name="x", cards={"ember_script": 2, "static_hymn": 1})
    found = inert_titles(deck, {"ember_script": broken, "static_hymn": RECORDS["static_hymn"]}.get, lang="en")
    assert [(i.id, i.copies, i.reason.split(":")[0]) for i in found] == [
        ("ember_script", 2, "text does not parse"),
        ("static_hymn", 1, "no text"),
    ]
    assert found[0].name == "Ember Script"


def test_strict_refuses_decks_with_a_card_that_is_not_executable(cli: Any, decks: tuple[Path, Path, Path]) -> None:
    pool, corp, runner = decks
    result = cli("simulate", "netrunner", "--cards", pool, "--decks", corp, "--decks", runner, "--strict")
    assert result.exit_code == 1 and result.stdout == ""
    line = result.stderr.strip()
    assert "\n" not in line and line.startswith(
        "dossier: error: --strict: 13 of 15 titles of the two decks are not executable: corp: Harbor Charter ×3"
    )
    assert "Ember Script" not in line  # its text runs
    tactics = cli("simulate", "tactics", "--decks", EX_DUO, "--decks", EX_DUO, "--strict")
    assert tactics.exit_code == 2 and "--strict checks netrunner decks" in tactics.stderr


def test_a_card_read_in_part_is_listed_with_the_paragraphs_not_read() -> None:
    from toolkit.models.netrunner import TextReading

    ledger = RECORDS["backroom_ledger"]
    reading = TextReading.model_validate({"status": "partial", "read": [0], "unread": [{"index": 1, "reason": "no_template"}]})
    partial = ledger.model_copy(update={"text": ["你抽 1 张牌。"], "reading": reading})
    whole = RECORDS["ember_script"].model_copy(
        update={"reading": TextReading.model_validate({"status": "executable", "read": [0], "unread": []})}
    )
    deck = Deck(game="netrunner", mode="standard", name="x", cards={"backroom_ledger": 1, "ember_script": 1})
    found = inert_titles(deck, {"backroom_ledger": partial, "ember_script": whole}.get, lang="en")
    assert [(i.id, i.reason) for i in found] == [("backroom_ledger", "partial: 2")]
