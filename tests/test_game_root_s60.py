"""A game directory is one whose game.json is a game record (``kind`` "game"), not any file of that name: a game
saved as ``game.json`` (`dossier simulate netrunner --save game.json`, as docs/reference/interpreters.md writes it),
a deck, a file that is not JSON, a FIFO or a device makes none. `import csv --into`, lint's context of a file and
the card editor ask :func:`toolkit.catalog.game_root`; reading a game.json to tell is size-limited and never
blocks or raises."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from toolkit.catalog import MAX_GAME_FILE_BYTES, game_of, game_root
from toolkit.cli import app
from toolkit.importers.spreadsheet import game_vocabularies

from .conftest import CARDS, ROOT

EXAMPLES = ROOT / "examples"
SHEET = EXAMPLES / "sheets" / "my-cards.csv"
NETRUNNER_DECKS = EXAMPLES / "decks" / "netrunner"

SAVED_TACTICS = {"game": "tactics", "setup": {"map": "x", "agents": []}, "decisions": [], "hidden": []}
SAVED_NETRUNNER = {"format": "dossier-netrunner-game/1", "seed": 1, "decisions": []}
DECK = {"$schema": "../../schema/deck.schema.json", "game": "tactics", "mode": "standard", "cards": {}}

NOT_GAME_RECORDS = {
    "saved tactics game": json.dumps(SAVED_TACTICS).encode(),
    "saved netrunner game": json.dumps(SAVED_NETRUNNER).encode(),
    "deck": json.dumps(DECK).encode(),
    "a card record": (CARDS / "tactics" / "cards" / sorted(os.listdir(CARDS / "tactics" / "cards"))[0]).read_bytes(),
    "not JSON": b"my notes about the game\n",
    "empty": b"",
    "not UTF-8": b'{"kind": "game", "game": "tactics", "name": "\xff"}',
    "a list": b'[{"kind": "game", "game": "tactics"}]',
    "game not a string": b'{"kind": "game", "game": 3, "id": "tactics"}',
    "duplicate key": b'{"kind": "game", "game": "tactics", "game": "tactics"}',
    "nested too deep": b'{"kind": "game", "game": "tactics", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
}


def _run(*args: object) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_CARDS": ""})


def test_import_beside_a_game_saved_as_game_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user-tester's steps: a Netrunner game saved as game.json in the designer's folder, then an import into a
    set folder beside it (refused before: "inside the game directory …; give --into <the folder>")."""
    monkeypatch.chdir(tmp_path)
    saved = _run(
        "simulate", "netrunner", "--decks", NETRUNNER_DECKS / "corp-hb-tireless-hands.json",
        "--decks", NETRUNNER_DECKS / "runner-anarch-rust.json", "--seed", "1", "--turns", "5", "--save", "game.json",
    )  # fmt: skip
    assert saved.exit_code == 0, saved.output
    assert game_of(tmp_path / "game.json") is None
    result = _run("import", "csv", SHEET, "--game", "tactics", "--into", "my-set")
    assert result.exit_code == 0, result.output
    assert "game directory" not in result.output
    assert sorted(p.name for p in (tmp_path / "my-set" / "cards").iterdir()) == ["field_dressing.json", "quick_draw.json"]
    assert (tmp_path / "game.json").is_file()  # the saved game is left as it was


@pytest.mark.parametrize("what", sorted(NOT_GAME_RECORDS))
def test_a_game_json_that_is_no_game_record_makes_no_game_directory(tmp_path: Path, what: str) -> None:
    (tmp_path / "game.json").write_bytes(NOT_GAME_RECORDS[what])
    inner = tmp_path / "my-set" / "cards"
    inner.mkdir(parents=True)
    assert game_of(tmp_path / "game.json") is None
    assert game_root(inner) is None
    result = _run("import", "csv", SHEET, "--game", "tactics", "--into", tmp_path / "my-set")
    assert result.exit_code == 0, result.output
    assert (inner / "quick_draw.json").is_file()


@pytest.mark.parametrize("bom", [False, True])
def test_a_game_record_still_makes_its_game_directory(tmp_path: Path, bom: bool) -> None:
    text = (CARDS / "tactics" / "game.json").read_bytes()
    (tmp_path / "game.json").write_bytes(b"\xef\xbb\xbf" + text if bom else text)
    (tmp_path / "cards").mkdir()
    assert game_of(tmp_path / "game.json") == "tactics"
    assert game_root(tmp_path / "cards") == tmp_path
    inside = _run("import", "csv", SHEET, "--game", "tactics", "--into", tmp_path / "cards")
    assert inside.exit_code == 2 and f"inside the game directory {tmp_path}" in inside.stderr
    other = _run("import", "csv", SHEET, "--game", "netrunner", "--into", tmp_path)
    assert other.exit_code == 2 and "the tactics game directory" in other.stderr


def test_into_a_folder_holding_a_saved_game_is_a_set_folder_not_a_game_directory(tmp_path: Path) -> None:
    """--into the folder of the saved game itself: its records are linted among the pool (the agent `jackdaw`
    resolves), and the vocabularies of the sheet come from the pool's game record, not the saved tactics game."""
    (tmp_path / "game.json").write_text(json.dumps(SAVED_TACTICS), encoding="utf-8")
    alone = tmp_path / "alone"
    alone.mkdir()
    assert game_vocabularies("tactics", tmp_path, [CARDS]) == game_vocabularies("tactics", alone, [CARDS]) != {}
    sheet = tmp_path / "cards.csv"
    sheet.write_text("name.zh-Hans,name.en,category,agent\n快抽,Quick Draw,skill,jackdaw\n", encoding="utf-8")
    result = _run("import", "csv", sheet, "--game", "tactics", "--into", tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "cards" / "quick_draw.json").is_file()


def test_lint_of_one_file_beside_a_saved_game_reads_the_pool(tmp_path: Path) -> None:
    """A designer's card beside a game saved as game.json is linted among the pool (as without the save), not
    as a game directory of its own whose references to the pool's agents do not exist."""
    source = next(p for p in sorted((CARDS / "tactics" / "cards").glob("*.json")) if '"agent": "jackdaw"' in p.read_text())
    data = json.loads(source.read_text(encoding="utf-8"))
    data.update(id="my_new_card", name={"zh-Hans": "我的新卡", "en": "My New Card"})
    data.pop("$schema", None)
    card = tmp_path / "my-set" / "cards" / "my_new_card.json"
    card.parent.mkdir(parents=True)
    card.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (tmp_path / "game.json").write_text(json.dumps(SAVED_NETRUNNER), encoding="utf-8")
    result = _run("lint", card, "--lang", "en")
    assert "does not exist" not in result.output, result.output
    assert "checked among" in result.output


def test_special_files_and_large_files_named_game_json(tmp_path: Path) -> None:
    """A FIFO is never opened (lint would wait for a writer forever), a directory or a link to a device or to
    nothing is no game record, and a file larger than the limit is not read: none raises."""
    fifo = tmp_path / "fifo"
    fifo.mkdir()
    os.mkfifo(fifo / "game.json")
    folder = tmp_path / "folder"
    (folder / "game.json").mkdir(parents=True)
    device = tmp_path / "device"
    device.mkdir()
    (device / "game.json").symlink_to("/dev/zero")
    dangling = tmp_path / "dangling"
    dangling.mkdir()
    (dangling / "game.json").symlink_to(tmp_path / "nowhere.json")
    large = tmp_path / "large"
    large.mkdir()
    record = json.loads((CARDS / "tactics" / "game.json").read_text(encoding="utf-8"))
    record["padding"] = "x" * MAX_GAME_FILE_BYTES
    (large / "game.json").write_text(json.dumps(record), encoding="utf-8")
    for directory in (fifo, folder, device, dangling, large):
        assert game_of(directory / "game.json") is None
        assert game_root(directory / "sub") is None
    assert game_of(tmp_path / "no\0such" / "game.json") is None


def test_a_game_json_rewritten_is_read_again(tmp_path: Path) -> None:
    """What game_of found is kept per version of the file: a saved game replaced by a game record (the web app
    runs on) is a game directory from then on, and back."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SAVED_TACTICS), encoding="utf-8")
    assert game_root(tmp_path) is None
    shutil.copyfile(CARDS / "crossfire" / "game.json", path)
    assert game_root(tmp_path) == tmp_path and game_of(path) == "crossfire"
    path.write_text(json.dumps(SAVED_NETRUNNER), encoding="utf-8")
    assert game_root(tmp_path) is None
