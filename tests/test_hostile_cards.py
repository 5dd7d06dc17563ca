"""Hostile card files: `lint`, `fmt --check` and the loader on input nobody vetted.

Whatever a card file holds (numbers with thousands of digits, nesting hundreds of
levels deep, huge arrays, broken UTF-8, random JSON), every command answers with
one-line findings that name the file and place and exits 0, 1 or 2: never a
traceback, never an exception other than DossierError, never minutes of work.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.catalog import load_catalog
from toolkit.errors import DossierError
from toolkit.jsonio import JsonSyntaxError, Source, loads_limited, value_positions
from validators.lint import lint_sources

from .conftest import CARDS

FINDING = re.compile(r"^(?P<file>[^\n]+?):(?P<line>\d+):(?P<col>\d+): (error|warning) (?P<code>[a-z_.]+): ")

GOOD = json.loads((CARDS / "tactics" / "cards" / "adrenaline_shot.json").read_text(encoding="utf-8"))


def canonical(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def with_(**changes: Any) -> str:
    data = dict(GOOD)
    data.update(changes)
    return canonical(data)


DEEP = "[" * 500 + "]" * 500
HOSTILE: dict[str, tuple[str, str]] = {
    # name: (file text, a finding code it must produce)
    "long integer": ('{"id": ' + "9" * 5000 + "}", "card.json"),
    "integer past 64 bits": (
        with_(symbol=None).replace('"symbol": null', '"symbol": 99999999999999999999999'),
        "card.json",
    ),
    "19 digits (past 64 bits)": (
        with_(symbol=None).replace('"symbol": null', '"symbol": 9999999999999999999'),
        "card.json",
    ),
    "deep array": ('{"a": ' + DEEP + "}", "card.json"),
    "deep object": ('{"a":' * 400 + "1" + "}" * 400, "card.json"),
    "NaN": ('{"id": NaN}', "card.json"),
    "lone surrogate": ('{"id": "\\ud800"}', "card.json"),
    "huge array": ('{"text": [' + ",".join(["1"] * 200_000) + "]}", "card.schema"),
    "not an object": ("[1, 2, 3]", "card.schema"),
    "empty": ("", "card.json"),
    "count past the limit": (with_(text=["你获得 99999999 张「肾上腺素针」。"]), "card.text.parse"),
    "dice past the limit": (with_(text=["你投掷 99999999 枚六面骰。"]), "card.text.parse"),
    "thousand-digit count": (with_(text=["你抽 " + "9" * 3000 + " 张牌。"]), "card.text.parse"),
    "nested conditions": (with_(text=["如果你没有手牌，" * 300 + "你抽 1 张牌。"]), "card.text.parse"),
    "unknown category": (with_(category="itme"), "card.schema"),
}


def write_card(root: Path, text: str, name: str = "adrenaline_shot.json") -> Path:
    path = root / "cards" / name
    path.write_text(text, encoding="utf-8")
    return path


def assert_one_line_findings(output: str, path: Path) -> list[str]:
    assert "Traceback" not in output
    lines = [ln for ln in output.splitlines() if ln.startswith(str(path))]
    assert lines, output
    for line in lines:
        assert FINDING.match(line), line
        assert len(line) < 2000, line[:200]
    return lines


@pytest.mark.parametrize("case", sorted(HOSTILE))
@pytest.mark.slow
def test_lint_reports_hostile_files_in_one_line_each(cli, game_copy, case: str) -> None:
    root = game_copy("tactics")
    text, code = HOSTILE[case]
    path = write_card(root, text)
    result = cli("lint", root)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1, result.output
    lines = assert_one_line_findings(result.output, path)
    assert any(f" {code}: " in line for line in lines), lines


@pytest.mark.parametrize("case", ["long integer", "deep array", "lone surrogate", "empty", "not an object"])
def test_fmt_check_refuses_hostile_files_without_traceback(cli, game_copy, case: str) -> None:
    root = game_copy("tactics")
    path = write_card(root, HOSTILE[case][0])
    result = cli("fmt", "--check", root)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    assert str(path) in result.output


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_loader_raises_only_dossier_errors(game_copy, case: str) -> None:
    root = game_copy("tactics")
    write_card(root, HOSTILE[case][0])
    try:
        load_catalog([root])
    except DossierError as exc:
        assert "\n" not in str(exc).strip() or "Traceback" not in str(exc)
        assert "adrenaline_shot.json" in str(exc)


def test_lint_reports_all_of_a_files_problems_in_one_run(cli, game_copy) -> None:
    """Schema error, no $schema, id not the file name and text punctuation: one run, not four."""
    root = game_copy("tactics")
    data = dict(GOOD)
    del data["$schema"]
    data.update(category="itme", id="adrenaline", text=["你抽 1 张牌"])
    path = write_card(root, canonical(data))
    result = cli("lint", root)
    assert result.exit_code == 1
    codes = {line.split(" ")[2].rstrip(":") for line in assert_one_line_findings(result.output, path)}
    assert {"card.schema", "card.schema_ref", "card.id", "card.text.parse"} <= codes, result.output


def test_enum_errors_list_the_allowed_values(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = write_card(root, with_(category="itme"))
    result = cli("lint", root)
    line = next(ln for ln in assert_one_line_findings(result.output, path) if "card.schema" in ln)
    assert '"item"' in line and '"equipment"' in line, line


def test_enum_errors_inside_optional_objects_list_the_allowed_values(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = next(p for p in sorted((root / "cards").glob("*.json")) if '"size": "heavy"' in p.read_text("utf-8"))
    path.write_text(path.read_text("utf-8").replace('"size": "heavy"', '"size": "hevy"'), encoding="utf-8")
    result = cli("lint", root)
    line = next(ln for ln in assert_one_line_findings(result.output, path) if "card.schema" in ln)
    assert '/equipment/size: "hevy" is not one of ["carried", "normal", "heavy"]; did you mean "heavy"?' in line


def test_unknown_references_suggest_near_names(cli, game_copy) -> None:
    root = game_copy("tactics")
    agent = sorted((root / "agents").glob("*.json"))[0].stem
    path = write_card(root, with_(agent=agent[:-1]))
    result = cli("lint", root)
    line = next(ln for ln in assert_one_line_findings(result.output, path) if "card.ref" in ln)
    assert f"did you mean {agent!r}?" in line, line


@pytest.mark.slow
def test_position_mapping_is_linear() -> None:
    """200k elements map in well under a second's worth of work per element: a smoke test, not a timing."""
    text = "[\n" + ",\n".join(['{"a": 1}'] * 200_000) + "\n]\n"
    positions = value_positions(text)
    assert positions["/199999/a"] == (200_001, 2)
    assert value_positions("[" * 100_000 + "]" * 100_000)[""] == (1, 1)


# ---------------------------------------------------------------- property-based

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)
card_like = st.fixed_dictionaries(
    {},
    optional={
        "$schema": st.text(max_size=40),
        "game": st.sampled_from(["tactics", "netrunner", "crossfire", "chess"]),
        "kind": st.sampled_from(["card", "agent", "unit", "mode", "game", "nope"]),
        "id": st.text(max_size=20) | st.integers(),
        "name": st.fixed_dictionaries({"zh-Hans": st.text(max_size=10)}) | json_values,
        "category": st.sampled_from(["item", "skill", "itme"]) | json_values,
        "text": st.lists(st.text(max_size=40) | st.sampled_from(["你抽 1 张牌。", "你抽 99 张牌。"]), max_size=3),
        "agent": st.text(max_size=10),
    },
)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def lint_text(text: str, name: str = "x.json") -> list[Any]:
    path = CARDS / "tactics" / "cards" / name  # never read: the source carries its text
    result = lint_sources([Source(path, text=text)])
    for finding in result.findings:
        assert finding.file == str(path)
        assert finding.line is not None and finding.line >= 1 and finding.column is not None
    return result.findings


@FUZZ
@given(card_like)
def test_lint_never_raises_on_card_like_records(data: dict[str, Any]) -> None:
    lint_text(canonical(data))


@FUZZ
@given(st.text(max_size=200))
def test_lint_never_raises_on_any_text(text: str) -> None:
    lint_text(text)


@FUZZ
@given(json_values)
def test_loads_limited_reads_or_locates(value: Any) -> None:
    text = json.dumps(value)
    try:
        loads_limited(text)
    except JsonSyntaxError as exc:
        assert exc.line >= 1 and exc.column >= 1


@FUZZ
@given(st.integers(min_value=1, max_value=2000), st.sampled_from(["[", '{"a":']))
@pytest.mark.slow
def test_lint_refuses_any_depth_with_a_place(depth: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    findings = lint_text(opener * depth + "1" + closer * depth)
    assert findings


def test_a_file_with_thousands_of_problems_lists_the_first_and_counts_the_rest(cli, game_copy) -> None:
    from validators.lint import MAX_FINDINGS_PER_FILE

    root = game_copy("tactics")
    path = write_card(root, with_(**{f"unknown_{n}": n for n in range(5000)}))
    result = cli("lint", root)
    assert result.exit_code == 1
    lines = assert_one_line_findings(result.output, path)
    assert len(lines) == MAX_FINDINGS_PER_FILE + 1
    assert "error card.findings.more: 4800 more problems in this file" in lines[-1]


def test_a_list_of_thousands_of_abilities_is_one_problem_not_thousands(cli, game_copy) -> None:
    from toolkit.models.common import MAX_ABILITIES

    root = game_copy("tactics")
    path = write_card(root, with_(text=list(range(5000))))  # no text at all, 5,000 times
    result = cli("lint", root)
    assert result.exit_code == 1
    lines = assert_one_line_findings(result.output, path)
    assert any(f"at most {MAX_ABILITIES} item" in line for line in lines)
    assert len(lines) <= MAX_ABILITIES + 3  # the list, its first texts, nothing per item past the limit


def test_a_megabyte_ability_text_is_refused_quickly(cli, game_copy) -> None:
    root = game_copy("tactics")
    path = write_card(root, with_(text=["你" * 5_000_000 + "。"]))
    result = cli("lint", root)
    assert result.exit_code == 1
    line = next(ln for ln in assert_one_line_findings(result.output, path) if "card.text.parse" in ln)
    assert "at most 1000 characters" in line
