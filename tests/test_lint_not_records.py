"""`dossier lint` of a designer's folder: its decks, scenarios, print templates and JSON Schemas are said to be no
records (a warning naming the command that checks each), not reported as records without a kind; a record whose
`$schema` names one of those by mistake is still checked as a record."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent


def _lint(*args: str, lang: str = "en") -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, ["lint", *args, "--lang", lang], env={"DOSSIER_CARDS": ""})
    return result.exit_code, result.output.splitlines()


def _folder(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "cards" / "tactics", tmp_path / "cards" / "tactics")
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    (tmp_path / "decks").mkdir()
    shutil.copy(ROOT / "examples" / "decks" / "tactics" / "duel.json", tmp_path / "decks" / "duel.json")
    shutil.copy(ROOT / "examples" / "scenarios" / "run-through-ice.json", tmp_path / "decks" / "scenario.json")
    (tmp_path / "templates" / "tactics").mkdir(parents=True)
    shutil.copy(ROOT / "toolkit" / "sheets" / "templates" / "tactics" / "card.json", tmp_path / "templates" / "tactics")
    shutil.copy(ROOT / "examples" / "crossfire" / "round1.json", tmp_path / "decks" / "round1.json")
    return tmp_path


def test_decks_scenarios_templates_and_schemas_are_no_records(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    code, lines = _lint(str(root))
    assert code == 0, "\n".join(lines)
    said = {line.split(":")[0]: line for line in lines if "card.not_record" in line}
    deck, scenario = str(root / "decks" / "duel.json"), str(root / "decks" / "scenario.json")
    template, schema = str(root / "templates" / "tactics" / "card.json"), str(root / "schema" / "deck.schema.json")
    assert f"`dossier deck validate {deck}`" in said[deck]
    assert f"`dossier scenario run {scenario}`" in said[scenario]
    assert "`dossier print --check --template FOLDER`" in said[template]
    assert "a JSON Schema, not a record" in said[schema]
    table = str(root / "decks" / "round1.json")
    assert f"`dossier crossfire resolve {table}`" in said[table]
    schemas = sorted(str(p) for p in (root / "schema").rglob("*.json"))
    assert sorted(path for path in said if path.startswith(str(root / "schema"))) == schemas
    assert all(" warning card.not_record: " in line for line in said.values())
    assert not any(" error " in line for line in lines)
    assert lines[-1].endswith(f"{len(said)} warnings")  # nothing else said of them


def test_a_record_that_names_a_deck_schema_is_still_a_record(tmp_path: Path) -> None:
    card = sorted((ROOT / "cards" / "tactics" / "cards").glob("*.json"))[0]
    copy = tmp_path / "cards" / "tactics" / "cards" / card.name
    shutil.copytree(ROOT / "cards" / "tactics", tmp_path / "cards" / "tactics")
    data = json.loads(copy.read_text(encoding="utf-8"))
    data["$schema"] = "../../../schema/deck.schema.json"
    copy.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    code, lines = _lint(str(copy))
    assert code == 1
    assert any("card.schema_ref" in line for line in lines) and not any("card.not_record" in line for line in lines)


def test_the_warnings_in_chinese(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    code, lines = _lint(str(root / "decks"), str(root / "templates"), lang="zh-Hans")
    assert code == 0
    said = [line for line in lines if "card.not_record" in line]
    assert len(said) == 4
    assert any("谍战特工牌桌文件，不是记录" in line for line in said)
    assert any("牌组文件，不是记录" in line for line in said)
    assert any("局面文件，不是记录" in line for line in said)
    assert any("打印模板，不是记录" in line for line in said)


def test_the_command_named_is_one_to_copy(tmp_path: Path) -> None:
    """A path with a space is quoted in the command the warning names, as a shell takes it."""
    deck = tmp_path / "my decks" / "duel.json"
    deck.parent.mkdir()
    shutil.copy(ROOT / "examples" / "decks" / "tactics" / "duel.json", deck)
    code, lines = _lint(str(deck))
    assert code == 0
    assert any(f"`dossier deck validate '{deck}'`" in line for line in lines), lines


def test_a_table_with_a_key_no_table_has_is_not_taken_for_one(tmp_path: Path) -> None:
    """A file shaped like a crossfire table but for one key a table never has is reported as before."""
    data = json.loads((ROOT / "examples" / "crossfire" / "round1.json").read_text(encoding="utf-8"))
    data["players"][0]["colour"] = "red"
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, lines = _lint(str(path))
    assert code == 1
    assert any("card.schema" in line for line in lines) and not any("card.not_record" in line for line in lines)
