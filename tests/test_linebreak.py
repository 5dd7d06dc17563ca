"""The Chinese line breaker: closing marks never start a line, opening marks never end one,
ASCII runs and numbers stay whole, icons stay glued to their numbers; checked on tables and on
every text of every bundled card, at many widths, with a fixed-pitch measure and the real font."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from toolkit.catalog import load_catalog
from toolkit.models import iter_texts
from toolkit.sheets.fonts import bundled
from toolkit.sheets.linebreak import (
    CLOSING,
    OPENING,
    Atom,
    atomize,
    break_atoms,
    break_text,
    line_markup,
    violations,
)

CARDS = Path(__file__).resolve().parent.parent / "cards"


def chars(text: str) -> float:
    """Fixed pitch: every character one unit; icons count as one unit (see break_text)."""
    return float(len(text))


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        ("你抽 2 张牌。", 10, ["你抽 2 张牌。"]),
        # the full stop travels with the character before it
        ("你抽 2 张牌。", 5, ["你抽 2", "张牌。"]),
        ("一二三四五。六七", 5, ["一二三四", "五。六七"]),
        ("甲乙丙丁，戊己", 4, ["甲乙丙", "丁，戊己"]),
        # the opening bracket travels with the character after it
        ("甲乙丙「丁戊」", 4, ["甲乙丙", "「丁戊」"]),
        ("你搜寻 1 张「长弓狙击步枪」。", 8, ["你搜寻 1 张", "「长弓狙击步", "枪」。"]),
        # numbers, ranges and modifiers stay whole
        ("本单位移动 0-12。", 6, ["本单位移动", "0-12。"]),
        ("命中骰结果 +1。", 6, ["命中骰结果", "+1。"]),
        # an icon stays glued to its number and to the closing mark after it
        ("你获得 3[credit]。", 5, ["你获得", "3[credit]。"]),
        ("潜袭者失去 [click][click]。", 6, ["潜袭者失去", "[click][click]。"]),
        ("[subroutine] 终止潜袭。", 7, ["[subroutine] 终止潜袭。"]),
        ("[subroutine] 终止潜袭。", 6, ["[subroutine] 终止潜", "袭。"]),
        # English words stay whole and break at spaces
        ("One floor, one round.", 11, ["One floor,", "one round."]),
        # ellipses and dashes are never split; an ellipsis closes, a dash may open a line
        ("甲乙……丙", 3, ["甲", "乙……", "丙"]),
        ("甲乙——丙", 3, ["甲乙", "——丙"]),
        # a hard line break
        ("甲\n乙", 10, ["甲", "乙"]),
        # a run longer than the line is split, never before a closing mark
        ("abcdefghij。", 4, ["abcd", "efgh", "ij。"]),
    ],
)
def test_break_table(text: str, width: float, lines: list[str]) -> None:
    assert break_text(text, width, chars, icon_width=1.0) == lines


@pytest.mark.parametrize(
    ("text", "atoms"),
    [
        ("你抽 2 张", [("你", "text"), ("抽", "text"), (" ", "space"), ("2", "text"), (" ", "space"), ("张", "text")]),
        ("3[credit]", [("3", "text"), ("credit", "icon")]),
        ("[unknown]", [("unknown", "icon")]),
        ("0-1。", [("0-1", "text"), ("。", "text")]),
        ("Mk. II", [("Mk.", "text"), (" ", "space"), ("II", "text")]),
    ],
)
def test_atomize(text: str, atoms: list[tuple[str, str]]) -> None:
    assert [(a.text, a.kind) for a in atomize(text)] == atoms


def test_atomize_keeps_unknown_symbols_as_text_when_icons_are_given() -> None:
    assert [a.kind for a in atomize("[credit][nope]", icons=("credit",))] == ["icon", "text"]


def test_bold_prefix() -> None:
    atoms = atomize("攻击后：造成 1 点伤害。", bold_chars=4)
    assert [a.text for a in atoms if a.bold] == ["攻", "击", "后", "："]


@lru_cache(maxsize=1)
def bundled_texts() -> tuple[str, ...]:
    """Every text a card prints: ability texts, names and flavour of every bundled record."""
    texts: list[str] = []
    for record in load_catalog([CARDS]).records:
        texts.extend(text for _, text in iter_texts(record))
        texts.append(record.name.zh_hans)
        flavor = getattr(record, "flavor", None)
        if flavor is not None:
            texts.append(flavor.zh_hans)
    return tuple(sorted(set(texts)))


def test_the_corpus_has_texts_with_punctuation() -> None:
    texts = bundled_texts()
    assert len(texts) > 200
    assert sum(1 for t in texts if "，" in t) > 20 and sum(1 for t in texts if "「" in t) > 5


def _check(text: str, width: float) -> None:
    atoms = atomize(text)
    lines = break_atoms(atoms, width, lambda a: 1.0 if a.kind == "icon" else float(len(a.text)))
    written = [line_markup(line) for line in lines]
    assert not violations(written), (text, written)
    # nothing lost or added but the spaces at the breaks
    assert "".join(written).replace(" ", "") == text.replace(" ", "").replace("\n", ""), (text, written)
    assert all(line == line.strip() for line in written)
    # a break between two neighbouring atoms (not at a space) never splits an ASCII run or an icon from its number
    index = {id(atom): i for i, atom in enumerate(atoms)}
    for left, right in zip(lines, lines[1:], strict=False):
        if not left or not right or id(left[-1]) not in index or id(right[0]) not in index:
            continue  # a run split because it is wider than the line
        if index[id(right[0])] == index[id(left[-1])] + 1:
            ascii_left = left[-1].kind == "icon" or left[-1].text[-1].isascii()
            ascii_right = right[0].kind == "icon" or right[0].text[0].isascii()
            assert not (ascii_left and ascii_right), (text, written)


@pytest.mark.parametrize("width", [4, 5, 6, 7, 9, 12, 16, 20])
def test_every_bundled_text_breaks_by_the_rules_at_fixed_pitch(width: int) -> None:
    for text in bundled_texts():
        _check(text, width)


@pytest.mark.parametrize(("size", "width_mm"), [(9.0, 54.6), (7.5, 54.6), (6.0, 35.6), (9.0, 35.6), (10.0, 61.6)])
def test_every_bundled_text_breaks_by_the_rules_with_the_real_font(size: float, width_mm: float) -> None:
    fonts = bundled()
    width = width_mm * 72 / 25.4

    def measure(atom: Atom) -> float:
        return size * 1.12 if atom.kind == "icon" else fonts.width(atom.text, atom.bold, size)

    for text in bundled_texts():
        lines = break_atoms(atomize(text), width, measure)
        written = [line_markup(line) for line in lines]
        assert not violations(written), (text, written)
        for line in lines[:-1]:
            # lines are full: the next line's first segment would not have fitted
            assert sum(measure(a) for a in line) <= width + 1e-6 or len(line) <= 3


def test_violations_finds_bad_lines() -> None:
    assert violations(["。甲", "乙「", "丙"]) == ["。甲", "乙「"]
    assert all(ch not in OPENING for ch in CLOSING)
