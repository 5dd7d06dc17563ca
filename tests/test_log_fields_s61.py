"""Stop 61: two fields of one log entry never read as the same word (a trace's Chinese line said 链接强度 twice: the
runner's base link and its link strength after the boost)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolkit.engine.logwords import FIELDS, word
from toolkit.i18n import LANGS

from .conftest import ROOT

GOLDEN = ROOT / "tests" / "golden" / "engine" / "netrunner_simulate_seed1.json"
TRACE = {"event": "trace", "strength": 3, "link": 0, "runner_boost": 0, "link_strength": 0, "successful": True}
# a tactics target as chosen and as lost: the unit, and the ability's words for it (both read "target" once)
TARGETS = [{"event": kind, "target": "jackdaw#1", "ref": "target enemy unit within range 0-2"}
           for kind in ("target_chosen", "target_lost")]  # fmt: skip


def _entries(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        found = [data] if "event" in data else []
        return found + [e for v in data.values() for e in _entries(v)]
    if isinstance(data, list):
        return [e for v in data for e in _entries(v)]
    return []


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_no_two_fields_of_an_entry_read_the_same(lang: str) -> None:
    entries = [TRACE, *TARGETS, *_entries(json.loads(GOLDEN.read_text(encoding="utf-8")))]
    assert len(entries) > 100
    for entry in entries:
        words: dict[str, str] = {}
        for key in entry:
            if key in FIELDS:
                said = word("field", key, lang)
                assert said not in words, f"{entry['event']}: {key} and {words.get(said)} both read {said!r} in {lang}"
                words[said] = key  # type: ignore[index]
