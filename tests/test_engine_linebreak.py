"""The line breaker of both games' full-screen views (:mod:`toolkit.engine.linebreak`), tested on its own, in Chinese
and English, at widths 20 to 100: a line ends at a space or between Chinese characters, never inside a name and its
number, never before a closing mark nor after an opening one; a log line's continuation lines go under its text past
its number; a word wider than the line is cut, empty text is one empty line, text exactly the width one line. (The
printed sheets' breaker is tested in ``tests/test_linebreak.py``.)"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from toolkit.engine.linebreak import CLOSE, MAY, MUST, NEVER, NUMBERED, OPEN, fold, levels

ZH = [
    " 907 玩家2 打出（牌：战术目镜#23，目标：渡鸦#3，效果：“本回合你的攻击命中骰结果 +1。”）",
    "你的手牌：烟雾弹#14、激光指示器#11、补给箱#16、夜视仪#13、急救包#2；牌库 7，得分 2",
    "公司：远程服务器 3（冰：壁垒#5、哨兵#12），研发中心，总部；潜袭者内存 2/4，标签 1",
    "玩家1和玩家2各抽 2 张牌，然后玩家12弃掉 1 张牌。",
    "  31 公司 安装（牌：数据迷宫#48，服务器：远程服务器 2，位置：第 2 层）",
]
EN = [
    "  58 Runner run (server: remote server 2, ice: Ice Wall#31, ending: success, cards accessed: 1)",
    "your grip: Sure Gamble#3, Spark of Insight#12, Dormant Account#7; stack 30, credits 5, memory 2/4",
    "B: Egret#2 (P1) at 3,4 facing north, HP 6/8 · wears Night Vision Goggles#13, Smoke Grenade#14",
    "Choose one: gain 3 credits, draw 2 cards, or remove 1 tag (the runner's choice).",
]


def _bare(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _check(text: str, lines: list[str], width: int, indent: int) -> None:
    """What every folding of ``text`` keeps to (``indent``: its continuation lines')."""
    assert _bare("".join(lines)) == _bare(text), lines  # nothing lost, nothing added
    for line in lines:
        assert cell_len(line) <= width, (width, line)
        assert line.strip(), lines  # no empty line
        assert line.lstrip()[0] not in CLOSE, (width, lines)  # no closing mark first
        assert line.rstrip()[-1] not in OPEN, (width, lines)  # no opening mark last
    for line in lines[1:]:
        assert line.startswith(" " * indent) and line[indent] != " ", (width, indent, lines)
    for name in NUMBERED.findall(text):  # a name and its number on one line
        assert any(name in line for line in lines), (width, name, lines)
    for pair in re.findall(r"[\u4e00-\u9fff]\d", text):  # Chinese and the number right after it (玩家1)
        assert any(pair in line for line in lines), (width, pair, lines)


@pytest.mark.parametrize("text", ZH + EN)
def test_every_width_keeps_the_rules(text: str) -> None:
    numbered = re.match(r" *\d+ ", text)
    indent = len(numbered.group(0)) if numbered else len(text) - len(text.lstrip()) + 2
    for width in range(20, 101):
        lines = fold(text, width)
        _check(text, lines, width, indent)
        assert (lines == [text]) == (cell_len(text) <= width), lines
        _check(text, fold(text, width, 0), width, 0)


@pytest.mark.parametrize("width", [20, 33, 57, 100])
def test_an_explicit_indent_and_one_too_deep_for_the_width(width: int) -> None:
    text = ZH[1] + "，" + ZH[2]
    for indent in (0, 2, 4):  # (room for the widest piece, 激光指示器#11、, at 20)
        lines = fold(text, width, indent)
        _check(text, lines, width, indent)
    lines = fold(text, width, width // 2 + 1)  # more than half the width: no indent at all
    _check(text, lines, width, 0)


@pytest.mark.parametrize("width", range(20, 101, 4))
def test_a_log_line_goes_on_under_its_text_past_its_number(width: int) -> None:
    for text in (" 907 玩家2 " + "打出烟雾弹#14，" * 12, "1234 Corp " + "rez Ice Wall#31, " * 12):
        lines = fold(text, width)
        number = text.split(" ", 1)[0]
        assert lines[0].split()[0].endswith(number) and len(lines[0].split()) > 1, lines  # not alone on its line
        assert all(re.match(" {5}[^ ]", line) for line in lines[1:]), lines  # under the text, past the number
    assert fold("  12 一二三四五六七八九十", 8) == ["  12 一", "二三四五", "六七八九", "十"]  # (5 > 8 // 2: no indent)


def test_where_a_line_may_end() -> None:
    text = "玩家1攻击远程服务器 1，（牌：情报档案#10） Spark of Insight, gain 2"
    found = levels(text)

    def at(piece: str, offset: int = 0) -> int:  # the level before ``piece``'s character at ``offset``
        return found[text.index(piece) + offset]

    assert at("1攻") == NEVER  # Chinese and the number right after it
    assert at("攻击") == MUST  # between two Chinese characters: only when it must
    assert at("器 1", 2) == MUST  # Chinese, a space and a number (远程服务器 1): only when it must
    assert at("，", 0) == NEVER and at("（") == MAY  # after a Chinese mark, before an opening one
    assert at("牌") == NEVER  # after an opening mark
    assert all(found[i] == NEVER for i in range(text.index("报"), text.index("）") + 1))  # inside 情报档案#10）
    assert at(" of", 1) == MUST and at("Insight") == MUST  # inside an English name
    assert at("gain") == MAY and at("2") == MUST  # after a comma and a space; before a number
    assert levels("数量：1")[3] == MUST  # after a colon, a number: only when it must
    assert levels("") == [MAY] and levels("abc") == [NEVER, NEVER, NEVER, MAY]


def test_names_with_numbers_stay_whole_wherever_they_fall() -> None:
    for lead in range(1, 30):
        for name in ("情报档案#10", "激光指示器#11", "Medpack#25", "玩家12"):
            text = "甲" * lead + "：" + name + "，乙丙丁戊。"
            for width in (20, 21, 24):
                lines = fold(text, width, 0)
                assert any(name in line for line in lines), (lead, width, lines)
                _check(text, lines, width, 0)


def test_english_names_stay_together_when_there_is_room() -> None:
    text = "your grip: Spark of Insight, Dormant Account, Hedge Fund"
    for width in range(20, 40):
        lines = fold(text, width)
        for name in ("Spark of Insight", "Dormant Account", "Hedge Fund"):
            assert any(name in line for line in lines), (width, lines)
    lines = fold("you gain 2 credits and draw 3 cards", 10)  # (a word with the number after it)
    assert lines == ["you gain 2", "  credits", "  and", "  draw 3", "  cards"]


def test_closing_marks_go_with_the_character_before_them() -> None:
    for mark in "，。）」』”》…":
        text = "一二三四五六七八九十" + mark + "甲乙"
        assert fold(text, 20, 0) == ["一二三四五六七八九", "十" + mark + "甲乙"]
    for mark in "（「《“":
        text = "一二三四五六七八九" + mark + "十甲乙"
        assert fold(text, 20, 0) == ["一二三四五六七八九", mark + "十甲乙"]


def test_a_word_wider_than_the_line_is_cut_but_not_before_its_closing_mark() -> None:
    word = "abcdefghijklmnopqrst"  # 20 characters, then a comma: cut one earlier, the comma kept with the "t"
    assert fold(word + ", and so on", 20, 0) == ["abcdefghijklmnopqrs", "t, and so on"]
    assert fold(word[:-1] + "(tx", 20, 0) == ["abcdefghijklmnopqrs", "(tx"]  # (an opening mark goes with its word)
    long = "Antidisestablishmentarianism" * 3
    for width in range(20, 40):
        lines = fold(long, width, 0)
        assert "".join(lines) == long and all(len(line) <= width for line in lines), lines
    assert fold("情报档案馆藏#10", 8, 0) == ["情报档案", "馆藏#10"]  # (a name wider than a line)
    assert fold("一二三四五六#123", 14, 0) == ["一二三四五", "六#123"]  # (its number not cut off nor in two)
    assert fold("甲乙丙丁戊己庚辛壬#12345，", 20, 0) == ["甲乙丙丁戊己庚辛", "壬#12345，"]
    assert fold("，，，，，，，，，，，，", 20, 0) == ["，，，，，，，，，，", "，，"]  # only marks: cut where it must


def test_empty_text_and_text_exactly_the_width() -> None:
    assert fold("", 20) == [""]
    assert fold("", 20, 4) == [""]
    assert fold("\n", 20) == ["", ""]
    assert fold("   ", 20) == [""]
    assert fold("a", 0) == ["a"]  # (a width under one is one)
    for width in range(20, 101, 10):
        zh, en = "甲乙" * (width // 4) + ("丙" if width % 4 else ""), ("abcd " * width)[: width - 1] + "z"
        assert cell_len(zh) == width and len(en) == width
        assert fold(zh, width) == [zh] and fold(en, width) == [en]
        assert fold(zh + "。", width, 0) == [zh[:-1], zh[-1] + "。"]  # (its closing mark goes with the last one)
        assert len(fold(en + "z", width, 0)) == 2
        assert fold(zh + " ", width) == [zh]  # (trailing spaces are no part of the width)


def test_paragraphs_are_folded_each_on_its_own() -> None:
    text = "第一段：甲乙丙丁戊己庚辛壬癸子丑寅卯\n  第二段：一二三四五六七八九十"
    lines = fold(text, 20)
    assert lines[0].startswith("第一段") and any(line.startswith("  第二段") for line in lines), lines
    assert lines == fold(text.split("\n")[0], 20, 2) + fold("  第二段：一二三四五六七八九十", 20, 2)


def test_both_screens_break_with_this_breaker() -> None:
    from toolkit.engine.netrunner import screen as netrunner
    from toolkit.engine.tactics import screen as tactics

    assert netrunner.fold is fold  # (the name the Netrunner screen's tests know it by)
    assert not {"_levels", "_titled", "_OPEN", "_CLOSE", "_NUMBERED"} & set(vars(netrunner))  # no copy left
    assert not {"_breaks", "_OPEN", "_CLOSE", "_NAME_STOP", "_NUMBERED"} & set(vars(tactics))
    for text in ZH + EN:
        for width in (20, 47, 100):
            assert tactics.wrap(text, width, 2) == "\n".join(fold(text, width, 2))
