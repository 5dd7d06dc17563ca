"""validators.font_lint: one warning per character the print font lacks, with how many records use it."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.jsonio import canonical_dumps
from validators.font_lint import CODE, aggregate, font_findings, may_miss, missing_characters

COVERED = frozenset("特工你获胜。，如果 ABCabc")


@pytest.fixture(autouse=True)
def _no_user_font_build(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"name": {"zh-Hans": "特工"}, "text": ["你获胜。"]}, {}),
        ({"name": {"zh-Hans": "特工"}, "id": "plain_ascii_is_always_there"}, {}),
        ({"name": {"zh-Hans": "龘工"}}, {"龘": "/name/zh-Hans"}),
        ({"text": ["你获胜。", "如果𠀀，你获胜。"]}, {"𠀀": "/text/1"}),
        ({"flavor": {"zh-Hans": "鑫淼鑫"}, "$schema": "鑫"}, {"鑫": "/flavor/zh-Hans", "淼": "/flavor/zh-Hans"}),
        ({"text": ["龘\n龘", "龘"]}, {"龘": "/text/0"}),  # the first use; a line break is no character
    ],
)
def test_missing_characters_and_where_first_used(data: dict[str, Any], expected: dict[str, str]) -> None:
    assert missing_characters(data, COVERED) == expected


def test_font_findings_of_one_record() -> None:
    findings = font_findings({"name": {"zh-Hans": "龘工"}}, "tactics card 'x'", "x.json", COVERED)
    assert [(f.code, f.severity, f.pointer, f.file) for f in findings] == [(CODE, "warning", "/name/zh-Hans", "x.json")]
    assert "tactics card 'x': /name/zh-Hans: the print font has no glyph for '龘' (U+9F98; 1 record uses it)" in (
        findings[0].message
    )
    assert "dossier fonts build" in findings[0].message and "fonts-noto-cjk" in findings[0].message


def test_a_missing_character_is_reported_once_with_the_number_of_records() -> None:
    records = [
        ({"name": {"zh-Hans": "特工"}}, "card 'a'", "a.json"),
        ({"name": {"zh-Hans": "龘"}, "text": ["鑫"]}, "card 'b'", "b.json"),
        ({"text": ["如果龘，你获胜。"]}, "card 'c'", "c.json"),
        ({"flavor": {"zh-Hans": "龘龘龘"}}, "card 'd'", "d.json"),
    ]
    findings = aggregate(records, COVERED)
    assert [(f.file, f.pointer) for f in findings] == [("b.json", "/name/zh-Hans"), ("b.json", "/text/0")]
    assert "'龘' (U+9F98; 3 records use it, this one first)" in findings[0].message
    assert "'鑫' (U+946B; 1 record uses it)" in findings[1].message


def test_lint_warns_about_a_character_the_bundled_font_lacks(cli, game_copy) -> None:
    root: Path = game_copy("crossfire")
    for name in ("vip", "agent"):
        path = root / "roles" / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["name"]["zh-Hans"] = "龘" + data["name"]["zh-Hans"]
        path.write_text(canonical_dumps(data), encoding="utf-8")
    result = cli("lint", root)
    assert result.exit_code == 0, result.output  # a warning, not an error
    lines = [line for line in result.stdout.splitlines() if CODE in line]
    assert len(lines) == 1, result.stdout
    assert (
        "warning card.text.font: crossfire role 'agent': /name/zh-Hans: the print font has no glyph for '龘'"
        in (lines[0])
    )
    assert "2 records use it, this one first" in lines[0]


def test_a_users_font_build_counts_as_the_print_font(
    cli, game_copy, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from toolkit.sheets.fonts import format_coverage, read_coverage

    cache = tmp_path / "cache"
    (cache / "dossier" / "fonts").mkdir(parents=True)
    (cache / "dossier" / "fonts" / "coverage.txt").write_text(format_coverage({*read_coverage(), "龘"}), "utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    root: Path = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["zh-Hans"] = "龘VIP"
    path.write_text(canonical_dumps(data), encoding="utf-8")
    result = cli("lint", path)
    assert CODE not in result.stdout


def test_bundled_cards_have_no_font_findings(cli) -> None:
    result = cli("lint")
    assert CODE not in result.stdout


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("abc", False),
        ("ab\n\t\x7f\x85c", False),  # control characters are never printed
        ("abd", True),
        ('{"a": "\\u0041"}', True),  # an escape may hide any character
        ("特工", True),
        ("特]", False),  # characters a regular expression class would otherwise read as syntax
        ("-^\\", True),
        ("", False),
    ],
)
def test_may_miss_is_the_character_by_character_answer(text: str, expected: bool) -> None:
    covered = frozenset("abc特]")
    by_character = "\\u" in text or any(ch not in covered and unicodedata.category(ch) != "Cc" for ch in text)
    assert may_miss(text, covered) is by_character is expected


@given(st.text(max_size=40))
def test_may_miss_agrees_with_the_character_by_character_answer_on_any_text(text: str) -> None:
    covered = frozenset("abc-^]\\特工\u4e00\U0001f600")
    by_character = "\\u" in text or any(ch not in covered and unicodedata.category(ch) != "Cc" for ch in text)
    assert may_miss(text, covered) is by_character
