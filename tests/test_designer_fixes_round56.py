"""Defects a designer met on the round trip, fixed: a set folder listed in the pool before it exists, and a
special role's refusal naming the roles it would replace in words."""

from __future__ import annotations

from pathlib import Path

from .conftest import CARDS

SHEET = """\
id,name.zh-Hans,name.en,category,back,cost.mortgage,cost.tap,text
round_trip_probe,往返探针,Round Trip Probe,skill,,1,false,你抽 1 张牌。
"""


def test_import_into_a_set_folder_the_settings_list_before_it_exists(cli, tmp_path: Path, monkeypatch) -> None:
    """`import csv --into my-set` makes the folder: that the settings file already lists it is no error (a lint
    with the folder still missing is)."""
    (tmp_path / "dossier.toml").write_text(f'cards = ["{CARDS.as_posix()}", "my-set"]\nlang = "en"\n', encoding="utf-8")
    (tmp_path / "cards.csv").write_text(SHEET, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    missing = cli("lint", "my-set")
    assert missing.exit_code == 2 and "my-set: no such file or directory" in missing.stderr, missing.output
    result = cli("import", "csv", "cards.csv", "--game", "tactics", "--kind", "card", "--into", "my-set")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "my-set" / "cards" / "round_trip_probe.json").is_file()
    assert cli("lint", "my-set").exit_code == 0


def test_a_special_role_with_nothing_left_to_replace_names_the_roles_in_words(cli, tmp_path: Path) -> None:
    result = cli(
        "deck", "new", "--game", "crossfire", "--mode", "crossfire", "--players", "8", "--special", "bomber",
        "--special", "protester", "--lang", "en", "--out", tmp_path / "x.json",
    )  # fmt: skip  (a second Bomber is refused as such since sweep 69: a special role joins a table at most once)
    assert result.exit_code != 0
    assert "Protester replaces Bystander, but the 8-player set-up has none left (after Bomber)" in result.stderr, (
        result.stderr
    )
    assert "[" not in result.stderr


def test_fmt_and_import_point_schema_at_the_same_nearest_schema_folder(cli, tmp_path: Path, monkeypatch) -> None:
    """A set with its own schema copy (`dossier schema --out my-set/.schema`, as the tutorial says) gets "$schema"
    inside the set from both fmt and import (one rule, not fmt's own path into the install), and lint reads no
    schema file of that copy as a record."""
    import json

    (tmp_path / "cards.csv").write_text(SHEET, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli("schema", "--out", "my-set/.schema").exit_code == 0
    assert cli("import", "csv", "cards.csv", "--game", "tactics", "--kind", "card", "--into", "my-set",
               "--cards", CARDS).exit_code == 0  # fmt: skip
    imported = json.loads((tmp_path / "my-set" / "cards" / "round_trip_probe.json").read_text(encoding="utf-8"))
    assert imported["$schema"] == "../.schema/tactics/card.schema.json"
    hand = tmp_path / "my-set" / "cards" / "by_hand.json"
    record = {k: v for k, v in imported.items() if k != "$schema"}
    record.update(id="by_hand", name={"zh-Hans": "手写", "en": "By Hand"})
    hand.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert cli("fmt", "my-set").exit_code == 0
    assert json.loads(hand.read_text(encoding="utf-8"))["$schema"] == "../.schema/tactics/card.schema.json"
    linted = cli("lint", "my-set", "--cards", CARDS, "--lang", "en")
    assert linted.exit_code == 0 and "2 files: 0 errors, 0 warnings" in linted.output, linted.output


def test_a_duplicate_name_is_told_in_the_same_run_as_a_refused_records_other_problem(
    cli, game_copy, monkeypatch
) -> None:
    """A role whose field has the wrong type is refused by the model; its duplicate English name is told in
    the same run (on the later file), not only once the type is fixed; and so is a clean record's name that
    repeats the refused one's."""
    import json

    root = game_copy("crossfire")
    roles = root / "roles"
    witness = json.loads((roles / "bystander.json").read_text(encoding="utf-8"))["name"]["en"]
    path = roles / "vip.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["en"] = witness
    data["guns"] = "zero"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    monkeypatch.chdir(root.parent)
    result = cli("lint", "crossfire", "--no-cache")
    assert result.exit_code == 1
    vip = [ln for ln in result.output.splitlines() if ln.startswith("crossfire/roles/vip.json")]
    assert any("card.model" in ln or "card.schema" in ln for ln in vip), result.output
    duplicate = [ln for ln in result.output.splitlines() if "card.name.duplicate" in ln]
    assert len(duplicate) == 1 and f"en name '{witness}'" in duplicate[0], result.output
    assert "bystander.json" in duplicate[0] or "vip.json" in duplicate[0]
