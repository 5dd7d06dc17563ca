"""`dossier lint` tells each problem once: the same finding (file, place, code, message) is not repeated, and the
branches of a schema's anyOf/oneOf at one place are one finding (the branch the record means when one is clearly
meant, else what was expected, in one line); the web editor's findings are lint's, so the same holds there."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit import i18n
from toolkit.findings import Finding
from toolkit.jsonio import Source
from validators.lint import lint_sources

from .conftest import CARDS, SCHEMA

# the files a user-tester wrote (minified, as they were)
EMPTY_NAME = (
    '{"$schema":"../../../schema/tactics/card.schema.json","game":"tactics","kind":"card","id":"a2",'
    '"name":{"zh-Hans":""},"category":"skill","text":[],"cost":{"mortgage":"two"}}'
)
BAD_MODE = (
    '{"$schema":"../../../schema/tactics/mode.schema.json","game":"tactics","kind":"mode","id":"md",'
    '"name":{"zh-Hans":"模"},"deck_rules":[{"rule":"deck_size","min":"x"},{"rule":"nonsense"}],'
    '"players":{"min":5,"max":2}}'
)
RULES = ["deck_size", "exclusive_needs_agent", "no_shop_cards", "no_tokens", "squad_size", "unique_names"]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    shutil.copytree(SCHEMA, tmp_path / "schema")
    root = tmp_path / "cards" / "tactics"
    shutil.copytree(CARDS / "tactics", root)
    (root / "cards" / "a2.json").write_text(EMPTY_NAME, encoding="utf-8")
    (root / "modes" / "md.json").write_text(BAD_MODE, encoding="utf-8")
    return root


def _lint(path: Path, text: str, lang: str = "en") -> list[Finding]:
    with i18n.use_lang(lang):
        return lint_sources([Source(path, text=text)]).findings


def _schema(findings: list[Finding]) -> list[tuple[str | None, str]]:
    return [(f.pointer, f.message) for f in findings if f.code == "card.schema"]


def _no_repeats(findings: list[Finding]) -> None:
    told = [(f.file, f.pointer, f.line, f.column, f.code, f.message) for f in findings]
    assert len(told) == len(set(told)), "\n".join(f.format() for f in findings)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_identical_findings_once(tmp_path: Path, lang: str) -> None:
    # the schema says the empty zh-Hans name twice (its property and its language-tag pattern): told once
    findings = _lint(tmp_path / "a2.json", EMPTY_NAME, lang)
    _no_repeats(findings)
    assert [p for p, _ in _schema(findings)] == ["/name/zh-Hans", "/cost/mortgage"]


def test_discriminated_branch_told_alone(tmp_path: Path) -> None:
    # {"rule": "deck_size", "min": "x"} is a deck_size rule with a bad min: not "unknown field 'min'" three times
    # (once for each other rule), nor the other rules' "'squad_size' was expected" and required "of"
    told = _schema(_lint(tmp_path / "md.json", BAD_MODE))
    first = [(p, m) for p, m in told if p is not None and p.startswith("/deck_rules/0")]
    assert first == [("/deck_rules/0/min", "tactics mode 'md': /deck_rules/0/min: \"x\" is not of type 'integer'")]


def test_unknown_discriminator_one_line(tmp_path: Path) -> None:
    # {"rule": "nonsense"}: one finding that names every rule, not one "'…' was expected" per branch
    told = _schema(_lint(tmp_path / "md.json", BAD_MODE))
    second = [(p, m) for p, m in told if p is not None and p.startswith("/deck_rules/1")]
    assert second == [
        ("/deck_rules/1/rule", f"tactics mode 'md': /deck_rules/1/rule: \"nonsense\" is not one of {json.dumps(RULES)}")
    ]
    assert not any("was expected" in m for _, m in told)


def test_alternative_required_fields_one_finding(tmp_path: Path) -> None:
    # a mode is either "status": "incomplete" or has the four fields: one finding, not five "missing" ones
    told = _schema(_lint(tmp_path / "md.json", BAD_MODE))
    top = [m for p, m in told if p is None]
    assert top == [
        "tactics mode 'md': missing required fields, one of the sets ['/status'] or "
        "['/starting_agents', '/max_agents', '/matrix_shop', '/scene_obstacles']"
    ]
    with i18n.use_lang("zh-Hans"):
        zh = [m for p, m in _schema(lint_sources([Source(tmp_path / "md.json", text=BAD_MODE)]).findings) if p is None]
    assert len(zh) == 1 and "['/status']" in zh[0]


def test_complete_mode_needs_its_fields(tmp_path: Path) -> None:
    # "status": "complete" rules out the incomplete branch: the four missing fields are told as they are
    data: dict[str, Any] = json.loads(BAD_MODE)
    data["status"] = "complete"
    data["deck_rules"] = []
    told = _schema(_lint(tmp_path / "md.json", json.dumps(data)))
    assert [m for p, m in told if p is None] == [
        f"tactics mode 'md': missing required field '/{name}'"
        for name in ("starting_agents", "max_agents", "matrix_shop", "scene_obstacles")
    ]


def test_cli_once_per_place_and_problem(game: Path, cli: Any) -> None:
    for lang in ("en", "zh-Hans"):
        result = cli("lint", "--lang", lang, game)
        lines = [line for line in result.output.splitlines() if "a2.json" in line or "md.json" in line]
        assert len(lines) == len(set(lines)), result.output
        assert sum("/deck_rules/1/rule" in line for line in lines) == 1, result.output
        assert sum("/deck_rules/0" in line for line in lines) == 1, result.output
    shown = json.loads(cli("lint", "--format", "json", game).output)
    found = shown["findings"] if isinstance(shown, dict) else shown
    assert all(set(f) == {"code", "severity", "message", "file", "pointer", "line", "column"} for f in found), found[:1]
    mode = [f for f in found if f["file"].endswith("md.json") and f["code"] == "card.schema"]
    assert len(mode) == 3, mode  # the fields, /deck_rules/0/min, /deck_rules/1/rule


def test_editor_findings_once(game: Path) -> None:
    from toolkit.web.routes.editor import Target, lint_edit

    path = game / "modes" / "md.json"
    linted = lint_edit(Target(0, game.parent, "tactics/modes/md.json", path), BAD_MODE)
    _no_repeats(linted.own)
    assert sum(f.pointer == "/deck_rules/1/rule" for f in linted.own) == 1
    assert not any("unknown field" in f.message for f in linted.own)
    card = game / "cards" / "a2.json"
    own = lint_edit(Target(0, game.parent, "tactics/cards/a2.json", card), EMPTY_NAME).own
    _no_repeats(own)
    assert sum(f.pointer == "/name/zh-Hans" for f in own) == 1


def _said(schema: dict[str, Any], value: Any) -> list[tuple[str, str, Any]]:
    """(pointer, validator, message) of each problem lint tells for ``value`` under ``schema``."""
    import jsonschema

    from toolkit.jsonio import pointer
    from validators.lint import _leaf_errors, schema_message

    errors = jsonschema.Draft202012Validator(schema).iter_errors(value)
    return [(pointer(*e.absolute_path), e.validator, schema_message(e)) for e in _leaf_errors(errors)]


def test_fixed_values_of_the_branches_one_line() -> None:
    schema = {"anyOf": [{"const": "a"}, {"enum": ["b", "c"]}, {"type": "null"}]}
    assert _said(schema, "z") == [("", "enum", '"z" is not one of ["a", "b", "c"]')]


def test_types_of_the_branches_one_line() -> None:
    schema = {"anyOf": [{"type": "string"}, {"type": "array"}]}
    assert _said(schema, 1) == [("", "type", "1 is not of type 'string' or 'array'")]


def test_branch_ruled_in_by_its_fixed_value() -> None:
    # the second branch's "kind" is right: its own error is told, not the first branch's "kind" nor the union
    schema = {
        "anyOf": [
            {"properties": {"kind": {"const": "a"}, "n": {"type": "string"}}},
            {"properties": {"kind": {"const": "b"}, "n": {"type": "integer"}}},
        ]
    }
    assert _said(schema, {"kind": "b", "n": "x"}) == [("/n", "type", "\"x\" is not of type 'integer'")]


def test_branches_saying_different_things_one_line() -> None:
    schema = {"anyOf": [{"properties": {"a": {"type": "integer"}}}, {"required": ["b"]}]}
    [(where, _, message)] = _said(schema, {"a": "x"})
    assert where == ""
    assert message == (
        '{"a": "x"} is not valid under any of the given schemas: /a: "x" is not of type \'integer\' or '
        "missing required field '/b'"
    )
