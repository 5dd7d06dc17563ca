"""validators.font_lint: a warning for every string holding a character the print font lacks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.jsonio import canonical_dumps
from validators.font_lint import CODE, font_findings

COVERED = frozenset("特工你获胜。，如果 ABCabc")


@pytest.mark.parametrize(
    ("data", "pointers", "chars"),
    [
        ({"name": {"zh-Hans": "特工"}, "text": ["你获胜。"]}, [], []),
        ({"name": {"zh-Hans": "特工"}, "id": "plain_ascii_is_always_there"}, [], []),
        ({"name": {"zh-Hans": "龘工"}}, ["/name/zh-Hans"], ["龘"]),
        ({"text": ["你获胜。", "如果𠀀，你获胜。"]}, ["/text/1"], ["𠀀"]),
        ({"flavor": {"zh-Hans": "鑫淼"}, "$schema": "鑫"}, ["/flavor/zh-Hans"], ["淼鑫"]),
    ],
)
def test_font_findings(data: dict[str, Any], pointers: list[str], chars: list[str]) -> None:
    findings = font_findings(data, "tactics card 'x'", "x.json", COVERED)
    assert [f.pointer for f in findings] == pointers
    for finding, missing in zip(findings, chars, strict=True):
        assert finding.code == CODE and finding.severity == "warning"
        assert repr(missing) in finding.message and "tactics card 'x'" in finding.message


def test_lint_warns_about_a_character_the_bundled_font_lacks(cli, game_copy) -> None:
    root: Path = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["zh-Hans"] = "龘VIP"
    path.write_text(canonical_dumps(data), encoding="utf-8")
    result = cli("lint", path)
    assert result.exit_code == 0, result.output  # a warning, not an error
    assert (
        "warning card.text.font: crossfire role 'vip': /name/zh-Hans: the print font has no glyph for '龘'"
        in result.stdout
    )


def test_bundled_cards_have_no_font_findings(cli) -> None:
    result = cli("lint")
    assert CODE not in result.stdout
