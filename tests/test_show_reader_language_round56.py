"""`dossier show` in the reader's language for every record, not cards alone (round 56).

A game record's and a format's words in several languages (set names, action names, a summary) print in
the reader's language, the others only with --bilingual; the candidates of an ambiguous name are listed by
their names in the reader's language. The pool is written here (made-up cards, no real card text).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.db import build_database, resolve_target

from .test_search_nrdb_syntax import netrunner_pool

ROOT = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")  # kana, hanzi, hangul
SETS = [
    {"id": "kite_box", "code": "kb", "cycle": "kite_box", "released": "2015-01-01",
     "name": {"en": "Kite Box", "zh-Hans": "风筝盒", "ko": "연 상자", "ja": "カイトボックス"}},
]  # fmt: skip
FORMAT = {
    "banned": [],
    "deck_rules": [{"rule": "one_identity"}, {"rule": "side_match"}],
    "game": "netrunner",
    "id": "breeze",
    "kind": "format",
    "name": {"en": "Breeze", "zh-Hans": "微风赛制"},
    "players": {"max": 2, "min": 2},
    "restricted": [],
    "restricted_limit": 1,
    "sets": ["kite_box"],
    "summary": {"en": "A made-up format for the tests.", "zh-Hans": "测试用的虚构赛制。"},
}


def _card(card_id: str, en: str, zh: str) -> dict[str, Any]:
    return {
        "cost": 0,
        "deck_limit": 3,
        "faction": "criminal",
        "game": "netrunner",
        "id": card_id,
        "influence": 1,
        "kind": "card",
        "name": {"en": en, "zh-Hans": zh},
        "printings": [{"code": "80001", "cycle": "kite_box", "position": 1, "quantity": 3, "set": "kite_box"}],
        "set": "kite_box",
        "subtypes": [],
        "text": ["你获得 1[credit]。"],
        "type": "event",
        "unique": False,
    }


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("show")
    pool = netrunner_pool(root, SETS, [_card("kite_1_0", "Kite 1.0", "风筝1.0"), _card("kite_2_0", "Kite 2.0", "风筝2.0")])
    (pool / "modes").mkdir()
    (pool / "modes" / "breeze.json").write_text(json.dumps(FORMAT, ensure_ascii=False), encoding="utf-8")
    path = str(root / "show.db")
    build_database(load_catalog([pool]), resolve_target(path))
    return path


def test_the_candidates_of_a_name_are_named_in_the_readers_language(cli: Any, db_path: str) -> None:
    english = cli("show", "--db", db_path, "kite", "--lang", "en")
    assert english.exit_code == 2
    lines = english.stderr.splitlines()
    assert lines[0].endswith("names 2 records; give one's id (or add --game / --kind):")
    assert [line.split() for line in lines[1:]] == [
        ["netrunner/kite_1_0", "card", "Kite", "1.0"],
        ["netrunner/kite_2_0", "card", "Kite", "2.0"],
    ]
    assert not CJK.search(english.stderr)  # before: 风筝1.0  Kite 1.0
    chinese = cli("show", "--db", db_path, "kite", "--lang", "zh-Hans")
    assert chinese.exit_code == 2
    listed = [line.split() for line in chinese.stderr.splitlines()[1:]]
    assert [row[0] for row in listed] == ["netrunner/kite_1_0", "netrunner/kite_2_0"]
    assert [row[-1] for row in listed] == ["风筝1.0", "风筝2.0"]
    assert "Kite" not in chinese.stderr


def fields(output: str) -> dict[str, str]:
    """The field lines of `dossier show`: key -> value."""
    found = {}
    for line in output.splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            key, _, value = line.strip().partition(" ")
            found[key] = value.strip()
    return found


def test_a_game_record_shows_its_words_in_the_readers_language(cli: Any, db_path: str) -> None:
    result = cli("show", "--db", db_path, "netrunner/netrunner", "--kind", "game", "--lang", "en")
    assert result.exit_code == 0, result.output
    shown = fields(result.stdout)
    assert shown["sets[0].name"] == "Kite Box"
    assert shown["actions[0].name"].isascii()
    assert not any(key.endswith((".zh-Hans", ".en", ".ko", ".ja")) for key in shown), shown
    assert not CJK.search(result.stdout)  # before: every name.zh-Hans, and the Korean and Japanese set names
    chinese = fields(cli("show", "--db", db_path, "netrunner/netrunner", "--kind", "game", "--lang", "zh-Hans").stdout)
    assert chinese["sets[0].name"] == "风筝盒"
    both = cli("show", "--db", db_path, "netrunner/netrunner", "--kind", "game", "--lang", "en", "--bilingual")
    keys = list(fields(both.stdout))
    names = [key for key in keys if key.startswith("sets[0].name.")]
    assert names == ["sets[0].name.en", "sets[0].name.zh-Hans", "sets[0].name.ja", "sets[0].name.ko"]


def test_a_format_shows_its_summary_in_the_readers_language(cli: Any, db_path: str) -> None:
    english = cli("show", "--db", db_path, "breeze", "--lang", "en")
    assert english.exit_code == 0, english.output
    assert english.stdout.splitlines()[0] == "Breeze"
    shown = fields(english.stdout)
    assert shown["summary"] == "A made-up format for the tests."
    assert "summary.zh-Hans" not in shown and not CJK.search(english.stdout)
    chinese = fields(cli("show", "--db", db_path, "breeze", "--lang", "zh-Hans").stdout)
    assert chinese["summary"] == "测试用的虚构赛制。"
    both = fields(cli("show", "--db", db_path, "breeze", "--lang", "zh-Hans", "--bilingual").stdout)
    assert (both["summary.zh-Hans"], both["summary.en"]) == ("测试用的虚构赛制。", "A made-up format for the tests.")


def test_the_json_is_the_record_as_stored(cli: Any, db_path: str) -> None:
    result = cli("show", "--db", db_path, "breeze", "--lang", "en", "--format", "json")
    assert json.loads(result.stdout)["summary"]["zh-Hans"] == "测试用的虚构赛制。"


def test_search_stats_in_chinese_name_every_attribute(cli) -> None:
    """The STATS column in Chinese words each attribute: a key by its Chinese alias (牌组下限, 影响力上限), the
    attributes that are no key in words (格数), never a field name such as deck_size or cells."""
    identities = cli("search", "t:identity", "--lang", "zh-Hans")
    assert identities.exit_code == 0, identities.output
    assert "牌组下限" in identities.stdout and "影响力上限" in identities.stdout
    assert "deck_size" not in identities.stdout and "influence_limit" not in identities.stdout
    maps = cli("search", "k:map", "--lang", "zh-Hans")
    assert "格数" in maps.stdout and "cells" not in maps.stdout, maps.stdout
    english = cli("search", "k:map", "--lang", "en")
    assert "cells 16x12" in english.stdout  # (English keeps the words one types)
