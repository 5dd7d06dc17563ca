"""schema/ is generated from the models, in sync, and validates the bundled data."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from toolkit import schemagen
from toolkit.catalog import discover

from .conftest import CARDS, SCHEMA

CARD_FILES = discover([CARDS])


def test_schema_files_in_sync() -> None:
    assert schemagen.stale(SCHEMA) == [], "schema/ is stale: run `dossier schema`"


def test_no_stray_schema_files() -> None:
    generated = set(schemagen.generate())
    present = {p.relative_to(SCHEMA).as_posix() for p in SCHEMA.rglob("*.json")}
    assert present - generated == set()


@pytest.mark.parametrize("rel", sorted(schemagen.generate()))
def test_schema_is_valid_2020_12(rel: str) -> None:
    schema = json.loads((SCHEMA / rel).read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


_VALIDATORS: dict[Path, jsonschema.Draft202012Validator] = {}


def _validator(path: Path) -> jsonschema.Draft202012Validator:
    if path not in _VALIDATORS:
        _VALIDATORS[path] = jsonschema.Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))
    return _VALIDATORS[path]


def test_every_card_file_validates_against_its_own_schema_ref() -> None:
    """A stock validator, following each file's "$schema", accepts every bundled record."""
    assert len(CARD_FILES) > 200
    problems = []
    for path in CARD_FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        target = (path.parent / data["$schema"]).resolve()
        assert target.is_relative_to(SCHEMA.resolve()), path
        errors = [e.message for e in _validator(target).iter_errors(data)]
        if errors:
            problems.append((path, errors))
    assert problems == []


def test_record_schema_accepts_bundled_data() -> None:
    validator = _validator(SCHEMA / "record.schema.json")
    for path in CARD_FILES[::10]:
        validator.validate(json.loads(path.read_text(encoding="utf-8")))


def test_schema_out_never_replaces_a_file_that_is_no_schema(tmp_path: Path) -> None:
    from toolkit.safewrite import WriteError

    schemagen.write(tmp_path)
    schemagen.write(tmp_path)  # its own files, earlier output: rewritten (here unchanged) without a word
    notes = tmp_path / "record.schema.json"
    notes.write_text("my handwritten notes\n", encoding="utf-8")
    (tmp_path / "deck.schema.json").unlink()
    with pytest.raises(WriteError, match="is not a JSON Schema file"):
        schemagen.write(tmp_path)
    assert notes.read_text(encoding="utf-8") == "my handwritten notes\n"
    assert not (tmp_path / "deck.schema.json").exists()  # refused before anything was written


def test_schema_check_names_the_command_for_its_directory(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from toolkit.cli import app

    schemagen.write(tmp_path)
    (tmp_path / "deck.schema.json").unlink()
    (tmp_path / "record.schema.json").write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(app, ["schema", "--lang", "en", "--out", str(tmp_path), "--check"])
    assert result.exit_code == 1
    assert f"{tmp_path / 'deck.schema.json'}: missing; run `dossier schema --out {tmp_path}`" in result.output
    assert f"{tmp_path / 'record.schema.json'}: stale; run `dossier schema --out {tmp_path}`" in result.output
