"""Ability text errors suggest the word of the language a typo is closest to ("did you mean 造成?"), keep
the full list of the words expected there, and word it all in the current language."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolkit import i18n
from toolkit.jsonio import canonical_dumps
from toolkit.text import AbilitySyntaxError, parse
from toolkit.text.parser import suggest

TYPO = "被攻击后：对攻击者照成 1 点伤害。"  # 照成 for 造成


def error_of(text: str, lang: str = "en") -> AbilitySyntaxError:
    with i18n.use_lang(lang), pytest.raises(AbilitySyntaxError) as info:
        parse(text)
    return info.value


def test_a_one_character_typo_of_a_two_character_word_is_suggested() -> None:
    error = error_of(TYPO)
    assert error.suggestions == ["造成"]
    assert (error.line, error.column) == (1, 10)
    assert "unexpected '照成' (did you mean 造成?); expected 。" in error.summary()
    assert str(error) == error.summary()


def test_the_suggestion_is_worded_in_the_current_language() -> None:
    summary = str(error_of(TYPO, "zh-Hans"))  # worded when raised
    assert "意外的 '照成'（是不是想写 造成？）；此处应为" in summary
    assert "did you mean" not in summary


def test_the_typo_run_into_the_next_words_is_still_found() -> None:
    assert error_of("被攻击后：对攻击者照成1点伤害。").suggestions == ["造成"]


def test_expected_stays_short_and_alternatives_hold_everything() -> None:
    error = error_of(TYPO)
    assert len(error.expected) == 13 and error.expected[-1].endswith("more)")
    assert len(error.alternatives) > 12 and "造成" in error.alternatives
    assert not any(w.endswith("more)") for w in error.alternatives)


@pytest.mark.parametrize(
    "text",
    [
        "你飞 1 张牌。",  # nothing close: 飞 is one character, and one character words are never suggested
        "你抽 1 张牌",  # the text ends too early: nothing to be a typo of
        "你抽 1 牌。",  # 牌。 is two edits from 张牌
    ],
)
def test_no_suggestion_when_nothing_is_close(text: str) -> None:
    error = error_of(text)
    assert error.suggestions == []
    assert "did you mean" not in error.summary()


def test_ties_are_all_suggested_in_the_language() -> None:
    error = error_of("你抽 1 张牌。你获的 2 信用点。")  # 获的: one character from 获得 and from 获胜
    assert error.suggestions == ["获得", "获胜"]
    assert "(did you mean 获得 or 获胜?)" in error.summary()
    assert "（是不是想写 获得 或 获胜？）" in str(error_of("你抽 1 张牌。你获的 2 信用点。", "zh-Hans"))


def test_suggest_itself() -> None:
    words = ["造成", "获得", "。", "点临时生命值"]
    assert suggest("照成 1 点伤害。", words) == ["造成"]
    assert suggest("造成 1 点", words) == []  # the word itself is no typo
    assert suggest("完全不同的话", words) == []
    assert suggest("。", words) == []
    assert suggest("点临时生命直。", words) == ["点临时生命值"]  # a longer word: one edit
    assert suggest("点临时生。", words) == ["点临时生命值"]  # a character left out
    assert suggest("", words) == []


def test_dossier_lint_says_did_you_mean_and_keeps_its_format(
    cli: Callable[..., Any], game_copy: Callable[[str], Path]
) -> None:
    root = game_copy("tactics")
    card = root / "cards" / "med_kit.json"
    data = json.loads(card.read_text(encoding="utf-8"))
    data["text"] = [TYPO]
    card.write_text(canonical_dumps(data), encoding="utf-8")
    result = cli("lint", card)
    assert result.exit_code == 1, result.output
    line = next(n for n, text in enumerate(card.read_text(encoding="utf-8").splitlines(), 1) if TYPO in text)
    assert f"med_kit.json:{line}:" in result.output
    assert "error card.text.parse" in result.output
    assert "unexpected '照成' (did you mean 造成?)" in result.output
