"""`dossier fmt`: canonical rewrite, --check, and never touching a broken file."""

from __future__ import annotations

import json
from pathlib import Path

from toolkit.jsonio import canonical_dumps


def scramble(path: Path) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(dict(reversed(list(data.items()))), indent=4)  # unsorted, \u escapes, no final newline
    path.write_text(text, encoding="utf-8")
    return text


def test_check_reports_and_changes_nothing(game_copy, cli) -> None:
    root = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    text = scramble(path)
    result = cli("fmt", "--check", root)
    assert result.exit_code == 1
    assert f"{path}: would reformat" in result.output
    assert path.read_text(encoding="utf-8") == text


def test_rewrites_canonically_and_lint_agrees(game_copy, cli) -> None:
    root = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    scramble(path)
    result = cli("fmt", root)
    assert result.exit_code == 0
    assert f"{path}: reformatted" in result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8") == canonical_dumps(data)
    assert "VIP" in path.read_text(encoding="utf-8")
    assert cli("lint", root).exit_code == 0
    assert cli("fmt", "--check", root).exit_code == 0


def test_broken_file_is_reported_not_touched(game_copy, cli) -> None:
    root = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    path.write_text('{"id": "vip",', encoding="utf-8")
    result = cli("fmt", root)
    assert result.exit_code == 1
    assert f"{path}:1:14: error card.json: invalid JSON" in result.output
    assert path.read_text(encoding="utf-8") == '{"id": "vip",'


def test_adds_missing_schema_ref(game_copy, cli) -> None:
    root = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = data.pop("$schema")
    path.write_text(canonical_dumps(data), encoding="utf-8")
    assert cli("fmt", path).exit_code == 0
    # the bundled schema dir is used, so the path is relative to it, not to the copy
    written = json.loads(path.read_text(encoding="utf-8"))["$schema"]
    assert written.endswith("crossfire/role.schema.json") and expected.endswith("crossfire/role.schema.json")


def test_a_file_that_is_no_record_is_left_as_it_is(game_copy, cli, tmp_path: Path) -> None:
    """A crossfire table a host aligned by hand, or a deck written loosely, is not fmt's to rewrite: it is named
    and left as it is (lint says the same of it), with --check too; the records beside it are formatted."""
    import shutil

    from tests.conftest import ROOT

    root = game_copy("crossfire")
    table = root / "round1.json"
    shutil.copy(ROOT / "examples" / "crossfire" / "round1.json", table)
    deck = root / "deck.json"
    deck.write_text(
        json.dumps(json.loads((ROOT / "examples" / "decks" / "tactics" / "duel.json").read_text()), indent=8)
    )
    kept = {p: p.read_bytes() for p in (table, deck)}
    record = root / "roles" / "vip.json"
    scramble(record)
    checked = cli("fmt", "--check", root)
    assert checked.exit_code == 1 and f"{record}: would reformat" in checked.output
    result = cli("fmt", root)
    assert result.exit_code == 0, result.output
    assert f"{table}: a crossfire table, not a record; left as it is" in result.output
    assert f"{deck}: a deck, not a record; left as it is" in result.output
    assert {p: p.read_bytes() for p in kept} == kept
    assert f"{record}: reformatted" in result.output
    assert cli("fmt", "--check", root).exit_code == 0


def test_what_lint_refuses_as_json_is_left_as_it_is(game_copy, cli) -> None:
    """A record nested deeper than lint reads, or holding NaN, is no JSON to lint: fmt does not rewrite it either."""
    root = game_copy("crossfire")
    deep: list = []
    inner = deep
    for _ in range(70):
        inner.append([])
        inner = inner[0]
    files = {
        root / "roles" / "deep.json": json.dumps({"game": "crossfire", "kind": "role", "id": "deep", "x": deep}),
        root / "roles" / "nan.json": '{"game": "crossfire", "kind": "role", "id": "nan", "x": NaN}',
    }
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    result = cli("fmt", root)
    assert result.exit_code == 1
    assert "nested deeper than 64 levels (the limit); file left as it is" in result.output
    assert "NaN is not a JSON value; file left as it is" in result.output
    assert {path: path.read_text(encoding="utf-8") for path in files} == files
