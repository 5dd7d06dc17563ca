"""Stop 61: an unknown id in a deck gets the same "did you mean" in every command that refuses it (`deck stats`,
`deck odds` and `deck draw` said only that the id is unknown, where `deck validate` offered the ids it may be a slip
for)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

DECK = ROOT / "examples" / "decks" / "netrunner" / "corp-hb-tireless-hands.json"


def _typo(tmp_path: Path) -> Path:
    data = json.loads(DECK.read_text(encoding="utf-8"))
    data["cards"]["hb_archivist_mk3"] = data["cards"].pop("hb_archivist_mk2")
    data["$schema"] = str(ROOT / "schema" / "deck.schema.json")
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [("deck", "stats"), ("deck", "odds"), ("deck", "draw"), ("deck", "validate")])
def test_an_unknown_id_is_answered_with_the_ids_it_may_be_a_slip_for(cli: Any, tmp_path: Path, command: tuple) -> None:
    result = cli("--lang", "en", *command, _typo(tmp_path))
    assert result.exit_code == 1, result.output
    assert "no netrunner card has id 'hb_archivist_mk3'; did you mean 'hb_archivist_mk2'" in result.output
    assert "Traceback" not in result.output


def test_the_hint_is_in_the_users_language(cli: Any, tmp_path: Path) -> None:
    result = cli("--lang", "zh-Hans", "deck", "stats", _typo(tmp_path))
    assert result.exit_code == 1
    assert "是否想写 'hb_archivist_mk2'" in result.output
