"""A value of the wrong JSON type is refused by the record model as the published JSON Schema refuses it.

Lint runs jsonschema only on a record its pydantic model refuses (validators/lint.py): the models are strict
(toolkit.models.common.RecordModel), so ``"cost": "1"``, ``"unique": "no"`` or ``"tap": "false"`` is an error
lint reports, located and worded as the schema's findings, not a value read as 1 or false. ``1.0`` where a whole
number goes, which JSON Schema's "integer" takes, the models refuse too, and lint says how to write it.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel, ValidationError

from toolkit.jsonio import canonical_dumps
from toolkit.models import KINDS, kind_adapter, schema_path

from .conftest import CARDS, SCHEMA

# (game, file under cards/<game>/, JSON pointer of the field, the wrong value, what jsonschema says of it)
WRONG_TYPES = [
    ("netrunner", "cards/archive_heist.json", ("cost",), "1", "\"1\" is not of type 'integer'"),
    ("netrunner", "cards/archive_heist.json", ("influence",), "2", "\"2\" is not of type 'integer'"),
    ("netrunner", "cards/archive_heist.json", ("unique",), "no", "\"no\" is not of type 'boolean'"),
    ("tactics", "cards/ambush_flare.json", ("cost", "mortgage"), "1", "\"1\" is not of type 'integer'"),
    ("tactics", "cards/ambush_flare.json", ("cost", "tap"), "false", "\"false\" is not of type 'boolean'"),
    ("crossfire", "roles/assassin.json", ("special",), "yes", "\"yes\" is not of type 'boolean'"),
]
ZH_TYPES = {"integer": "整数", "boolean": "布尔值"}


def _set(data: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    node = data
    for key in path[:-1]:
        node = node[key]
    assert path[-1] in node, (path, "the bundled record has the field")
    node[path[-1]] = value


def _schema(game: str, kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads((SCHEMA / schema_path(game, kind)).read_text(encoding="utf-8")))


def _located(line: str, root: Path, rel: str, key: str) -> None:
    """The finding's line and column are those of ``key`` in the file."""
    found = re.match(r":(\d+):(\d+)[:：]", line.split(rel, 1)[1])  # (a full-width colon after it in Chinese)
    assert found is not None, line
    number, column = int(found[1]), int(found[2])
    text = (root / rel).read_text(encoding="utf-8").splitlines()
    assert text[number - 1][column - 1 :].startswith(f'"{key}"'), (line, text[number - 1])


@pytest.mark.parametrize(("game", "rel", "path", "value", "said"), WRONG_TYPES, ids=lambda v: str(v))
def test_a_string_for_a_number_or_a_switch_is_an_error_lint_reports(
    game: str, rel: str, path: tuple[str, ...], value: str, said: str, game_copy, cli, monkeypatch
) -> None:
    root = game_copy(game)
    file = root / rel
    data = json.loads(file.read_text(encoding="utf-8"))
    _set(data, path, value)
    file.write_text(canonical_dumps(data), encoding="utf-8")  # canonical: the layout places the finding
    assert not _schema(game, data["kind"]).is_valid(data)  # the published schema refuses it
    with pytest.raises(ValidationError):  # and so does the model (it read "1" as 1, "no" as false)
        kind_adapter(game, data["kind"]).validate_python(data)
    monkeypatch.chdir(root.parent)
    pointer = "/" + "/".join(path)
    for lang in ("en", "zh-Hans"):
        result = cli("lint", "--lang", lang, "--no-cache", game)
        assert result.exit_code == 1, result.output
        [line] = [ln for ln in result.output.splitlines() if ln.startswith(f"{game}/{rel}:")]
        _located(line, root.parent, f"{game}/{rel}", path[-1])
        if lang == "en":
            assert f"error card.schema: {game} " in line and f": {pointer}: {said}" in line, line
        else:
            kind = said.rsplit("'", 2)[1]
            assert "错误 card.schema：" in line and f'：{pointer}："{value}" 的类型不是{ZH_TYPES[kind]}' in line, line


def test_a_whole_number_written_with_a_decimal_point_is_told_at_its_field(game_copy, cli, monkeypatch) -> None:
    """JSON Schema's "integer" takes 1.0; the models do not (as a deck's counts): lint says where and how to
    write it, as the schema's findings read."""
    root = game_copy("netrunner")
    rel = "cards/archive_heist.json"
    data = json.loads((root / rel).read_text(encoding="utf-8"))
    data["cost"] = 1.0
    (root / rel).write_text(canonical_dumps(data), encoding="utf-8")
    assert _schema("netrunner", "card").is_valid(data)  # (the schema's reading of JSON numbers)
    with pytest.raises(ValidationError):
        kind_adapter("netrunner", "card").validate_python(data)
    monkeypatch.chdir(root.parent)
    for lang in ("en", "zh-Hans"):
        result = cli("lint", "--lang", lang, "--no-cache", "netrunner")
        assert result.exit_code == 1, result.output
        [line] = [ln for ln in result.output.splitlines() if ln.startswith(f"netrunner/{rel}:")]
        _located(line, root.parent, f"netrunner/{rel}", "cost")
        if lang == "en":
            assert line.endswith(
                "error card.model: netrunner card 'archive_heist': /cost: "
                "1.0 has a decimal point; a whole number is written without one: 1"
            ), line
        else:
            assert "错误 card.model：矩阵潜袭卡牌 'archive_heist'：/cost：" in line and "1.0" in line, line


def _leaves(node: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    elif isinstance(node, (bool, int)):
        yield path, node


def _replaced(data: Any, path: tuple[str | int, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: _replaced(data[head], rest, value)}
    return [_replaced(item, rest, value) if i == head else item for i, item in enumerate(data)]


def _samples() -> list[Path]:
    """One bundled record of each game, kind and type (the branches of a netrunner card, a tactics unit)."""
    seen: dict[tuple[Any, ...], Path] = {}
    for path in sorted(CARDS.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        key = (data.get("game"), data.get("kind"), data.get("type"))
        if (key[0], key[1]) in KINDS:
            seen.setdefault(key, path)
    return list(seen.values())


def test_every_number_and_switch_of_every_kind_refuses_another_type() -> None:
    """Whatever the model accepts the schema accepts (lint's fast path): each whole number and true/false of a
    record of each kind, written as a string or as the other type, is refused by both."""
    samples = _samples()
    assert len(samples) >= len(KINDS)
    tried = 0
    for path in samples:
        data = json.loads(path.read_text(encoding="utf-8"))
        game, kind = data["game"], data["kind"]
        schema, model = _schema(game, kind), kind_adapter(game, kind)
        model.validate_python(data)
        for where, value in _leaves(data):
            others = ["true" if value else "false", int(value)] if isinstance(value, bool) else [str(value), True]
            for other in others:
                wrong = _replaced(data, where, other)
                assert not schema.is_valid(wrong), (path, where, other)
                with pytest.raises(ValidationError):
                    model.validate_python(wrong)
                tried += 1
    assert tried > 100


def test_every_model_of_a_record_is_strict() -> None:
    """Every model a record is read into, down to its parts, validates strictly: a new part of a record written
    as a lax model would let a string through where the schema wants a number."""
    todo: list[Any] = list(KINDS.values())
    seen: set[type[BaseModel]] = set()
    while todo:
        annotation = todo.pop()
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if annotation in seen:
                continue
            seen.add(annotation)
            assert annotation.model_config.get("strict") is True, annotation
            todo.extend(field.annotation for field in annotation.model_fields.values())
        else:
            todo.extend(typing.get_args(annotation))
    assert len(seen) > 40
