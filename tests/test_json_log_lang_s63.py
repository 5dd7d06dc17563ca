"""JSON logs in one language (fix 16): every worded field of a log entry (an engine's sentence such as a
``reason``, a ``ref`` to units or cards, ability text, names) comes out in the language asked for, as the text
output words it; the keys, events, ids and vocabulary codes stay the same in every language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.cli._lang import LogNames
from toolkit.engine.core import EngineError
from toolkit.engine.phrase import Phrase, Term
from toolkit.engine.tactics import TacticsGame
from toolkit.i18n import tr
from toolkit.i18n.words import N_

from .conftest import CARDS, ROOT

EX = ROOT / "examples" / "decks"
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
SYMBOL = re.compile(r"\[[a-z_]+\]")  # [credit], [click], [subroutine]: symbols, in both languages


def _strings(value: Any, key: str = "") -> list[tuple[str, str]]:
    """Every (key, string) inside a log entry's value, at any depth."""
    if isinstance(value, str):
        return [(key, value)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v, key)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _strings(v, str(k))]
    return []


def _one_language(log_en: list[dict[str, Any]], log_zh: list[dict[str, Any]]) -> None:
    """The same game's log in English and in Chinese: the same entries and keys; a value the two write alike is
    a code (no Chinese in it); one they write differently is English in the one (no Chinese) and Chinese in the
    other (no English word but a symbol's)."""
    assert [e["event"] for e in log_en] == [e["event"] for e in log_zh]
    for en, zh in zip(log_en, log_zh, strict=True):
        assert sorted(en) == sorted(zh), (en, zh)
        pairs = list(zip(_strings(en), _strings(zh), strict=True))
        for (key, said_en), (_, said_zh) in pairs:
            assert not CJK.search(said_en), (key, said_en, en)
            if said_en != said_zh:
                assert not LATIN_WORD.search(SYMBOL.sub("", said_zh)), (key, said_zh, zh)


def _log(cli: Any, *args: Any) -> list[dict[str, Any]]:
    result = cli(*args)
    assert result.exit_code == 0, result.output[-800:]
    return list(json.loads(result.stdout)["log"])


TACTICS = ["simulate", "tactics", "--decks", EX / "tactics/duo.json", "--decks", EX / "tactics/duo-rival.txt"]


def test_the_tactics_json_log_speaks_one_language(cli: Any) -> None:
    args = [*TACTICS, "--seed", "1", "--turns", "3", "--format", "json"]
    log_en = _log(cli, *args, "--lang", "en")
    log_zh = _log(cli, *args, "--lang", "zh-Hans")
    _one_language(log_en, log_zh)
    refs_en = {e["ref"] for e in log_en if "ref" in e}
    assert "target unit within range 0-3" in refs_en  # was 距离 0-3 内的目标单位 under --lang en
    reasons_zh = {e["reason"] for e in log_zh if "reason" in e}
    assert "用它进行攻击" in reasons_zh and "attacks with it" not in reasons_zh  # an engine's sentence, in Chinese
    assert {"cost", "resolved", "effect"} <= reasons_zh  # the reason vocabulary's codes stay codes


def test_the_json_reasons_are_the_text_outputs(cli: Any) -> None:
    """Each reason of the JSON log is the one the text output gives, in both languages."""
    for lang, label in (("zh-Hans", "原因："), ("en", "reason: ")):
        args = [*TACTICS, "--seed", "1", "--turns", "3", "--lang", lang]
        text = cli(*args).stdout
        for entry in _log(cli, *args, "--format", "json"):
            reason = entry.get("reason")
            if isinstance(reason, str) and (CJK.search(reason) or " " in reason):  # a sentence, not a code
                assert f"{label}{reason}" in text, (lang, reason)


def test_the_netrunner_json_log_speaks_one_language(cli: Any) -> None:
    corp, runner = EX / "netrunner/corp-hb-tireless-hands.json", EX / "netrunner/runner-anarch-rust.json"
    decks = ["--decks", corp, "--decks", runner]
    args = ["simulate", "netrunner", *decks, "--seed", "1", "--turns", "6", "--format", "json"]
    log_en = _log(cli, *args, "--lang", "en")
    log_zh = _log(cli, *args, "--lang", "zh-Hans")
    _one_language(log_en, log_zh)
    reasons_zh = {str(e["reason"]) for e in log_zh if "reason" in e}
    assert any(r.startswith("安装") for r in reasons_zh)  # "installing …" in Chinese, with the card's name
    assert not any(r.startswith(("installing ", "rezzing ", "hand limit ")) for r in reasons_zh)


def test_text_run_json_names_the_triggered_unit_and_words_the_ref(cli: Any) -> None:
    text = "暴露时：对距离 0-2 内的目标敌方单位造成 1 点伤害。"
    result = cli("text", "run", text, "--seed", "1", "-f", "json", "--lang", "en")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["triggered"] == {"timing": "on_exposed", "simulated": True, "how": "expose", "unit": "Anvil#1"}
    lost = next(e for e in data["log"] if e["event"] == "no_target")  # none in sight: said, not lost
    assert lost["ref"] == "target enemy unit within range 0-2"
    assert not CJK.search(result.stdout)
    chinese = json.loads(cli("text", "run", text, "--seed", "1", "-f", "json", "--lang", "zh-Hans").stdout)
    assert chinese["triggered"]["unit"] == "铁砧#1"
    assert next(e for e in chinese["log"] if e["event"] == "no_target")["ref"] == "距离 0-2 内的目标敌方单位"


def test_text_run_engine_errors_name_units_in_the_output_language(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine error (here the one a tap cost paid twice gives) names the unit in the output language."""

    def tapped_twice(self: TacticsGame, text: str, seat: int = 1) -> None:
        unit = self.player(seat).units[0]
        said = tr("{thing} is already tapped; its tap cost cannot be paid ({rule})", thing=unit, rule="§8.1")
        raise EngineError(said)

    monkeypatch.setattr(TacticsGame, "run_text", tapped_twice)
    english = cli("text", "run", "你抽 1 张牌。", "--lang", "en")
    assert english.exit_code == 1
    assert "Anvil#1 is already tapped" in english.stderr and not CJK.search(english.stderr)
    chinese = cli("text", "run", "你抽 1 张牌。", "--lang", "zh-Hans")
    assert chinese.exit_code == 1 and "铁砧#1" in chinese.stderr


def test_lognames_value_words_phrases_and_keeps_codes() -> None:
    records = load_catalog([CARDS / "tactics"]).records
    zh, en = LogNames(records, "zh-Hans"), LogNames(records, "en")
    left = Phrase(N_("{unit} left play"), unit="寒鸦#1")
    assert zh.value("reason", left) == "寒鸦#1离场"
    assert en.value("reason", left) == "Jackdaw#1 left play"
    assert zh.value("reasons", [left]) == [zh.phrase(left)] and zh.value("x", {"y": left}) == {"y": zh.phrase(left)}
    code = Term("side", "corp")
    assert zh.value("by", code) is code and en.value("by", code) is code  # a code stays the code
    assert zh.value("reason", "resolved") == "resolved" and en.value("reason", "resolved") == "resolved"
    assert en.value("ref", "距离 0-3 内的目标单位") == "target unit within range 0-3"
    assert zh.value("ref", "距离 0-3 内的目标单位") == "距离 0-3 内的目标单位"
