"""toolkit.text.normalize: NFKC, canonical punctuation, Chinese numerals, and the map back to the input."""

from __future__ import annotations

import pytest

from toolkit.text.normalize import chinese_number, is_canonical, normalize, numerals_stay


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("一", 1),
        ("两", 2),
        ("二", 2),
        ("九", 9),
        ("十", 10),
        ("十二", 12),
        ("二十", 20),
        ("二十三", 23),
        ("九十九", 99),
        ("零", 0),
        ("", None),
        ("一二", None),
        ("十十", None),
        ("两十", None),
        ("一百", None),
    ],
)
def test_chinese_number(word: str, value: int | None) -> None:
    assert chinese_number(word) == value


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        ("你抽两张牌。", "你抽2张牌。"),
        ("对目标造成十二点伤害。", "对目标造成12点伤害。"),
        ("你抽 ２ 张牌：", "你抽 2 张牌："),
        ("a:b,c;d.", "a：b，c；d。"),
        ("1.5", "1.5"),  # a decimal point stays
        ("移动 0~2", "移动 0-2"),
        ("『烟幕』", "「烟幕」"),
        ('"烟幕"', "「烟幕」"),
        ("你投掷一枚六面骰。", "你投掷1枚六面骰。"),  # 六面骰 is a word
        ("同一名玩家面前至多 1 张", "同一名玩家面前至多 1 张"),  # 同一 is a word
        ("可以只放一部分", "可以只放一部分"),  # 部 is no measure word
        ("你调度一次", "你调度1次"),
        ("你\u3000抽", "你 抽"),
    ],
)
def test_normalize(text: str, normalized: str) -> None:
    assert normalize(text)[0] == normalized


@pytest.mark.parametrize(
    "text", ["你抽两张牌。", "你抽十二张牌。", "［click］：你获得 １［credit］。", "你抽 2 张牌。"]
)
def test_origin_maps_every_character_back(text: str) -> None:
    normalized, origin = normalize(text)
    assert len(origin) == len(normalized) + 1
    assert origin[-1] == len(text)
    assert origin == sorted(origin)
    assert all(0 <= o <= len(text) for o in origin)


@pytest.mark.parametrize(
    ("text", "stays"),
    [
        ("同一名玩家面前至多 1 张", True),  # 同一 is a word
        ("可以只放一部分；同一名玩家面前至多 1 张。", True),
        ("第一", True),
        ("同一二张", True),  # the run after 同 is left whole
        ("你抽两张牌。", False),  # a count
        ("你抽 两 张牌", False),
        ("十二张", False),
        ("一张", False),
        ("可以只放一部分:", False),  # the colon changes
        ("你抽 ２ 张牌", False),
        ("你抽 2 张牌。", True),  # no numeral at all: canonical
    ],
)
def test_numerals_stay_only_where_normalize_leaves_the_text(text: str, stays: bool) -> None:
    # the parser's check for a text whose Chinese numerals are words (一部分, 同一名): no normalizing
    for _ in range(2):  # the second time from what is_canonical and numerals_stay learned
        assert numerals_stay(text) == stays
        assert not stays or normalize(text) == (text, list(range(len(text) + 1)))
        if any(ch in text for ch in "零〇一二两三四五六七八九十"):
            assert not is_canonical(text)  # a numeral, whatever it is, makes is_canonical say no
