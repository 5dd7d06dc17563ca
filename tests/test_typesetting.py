"""Typesetting of card text: the game's words (from the ability language) stay whole, numbers stay
with their measure words, text grows to fill a big box and shrinks to fit a small one; checked on
tables and on every text box of every bundled card as the real layouts set it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from toolkit.catalog import Catalog, load_catalog
from toolkit.sheets import layouts, textbox
from toolkit.sheets.fonts import bundled
from toolkit.sheets.geometry import mm
from toolkit.sheets.layouts import Context, draw_front, is_printable
from toolkit.sheets.linebreak import (
    CLOSING,
    INSIDE_WORD,
    KIND_NAMES,
    OPENING,
    Atom,
    Lexicon,
    atomize,
    break_kinds,
    break_text,
    line_markup,
    segments,
    violations,
)
from toolkit.sheets.textbox import GROW, MIN_SIZE, Fitted, Measurer, Para, ability, fit, plain, sizes
from toolkit.sheets.vocabulary import game_lexicon, lexicon, record_names

from .conftest import CARDS


def chars(text: str) -> float:
    """Fixed pitch: every character one unit (icons one unit too)."""
    return float(len(text))


@pytest.mark.parametrize(
    "word",
    [
        "伤害",
        "命中骰结果",
        "护盾值",
        "临时生命值",
        "攻击距离",
        "本单位",
        "目标敌方单位",
        "潜袭",
        "服务器",
        "研发中心",
        "受到的伤害",
    ],
)
def test_the_words_come_from_the_ability_language(word: str) -> None:
    assert word in game_lexicon().words


@pytest.mark.parametrize("phrase", ["点伤害", "的伤害", "张牌", "内的目标", "方单位", "务器"])
def test_a_measure_word_or_a_particle_and_a_word_are_not_one_word(phrase: str) -> None:
    assert phrase not in game_lexicon().words


@pytest.mark.parametrize("unit", ["点", "张", "个", "次", "名", "内", "credit"])
def test_measure_words_are_what_the_grammar_takes_after_a_number(unit: str) -> None:
    assert unit in game_lexicon().units


@pytest.mark.parametrize(
    ("label", "known"), [("距离", True), ("攻速", True), ("移速", True), ("强度", True), ("抽", False)]
)
def test_labels_are_what_the_grammar_puts_before_a_value(label: str, known: bool) -> None:
    assert (label in game_lexicon().labels) is known


def test_catalog_names_are_words() -> None:
    names = record_names(catalog().records)
    assert {"长弓狙击步枪", "白鹭"} <= names
    assert names <= lexicon(catalog()).words


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        # the issue: 伤害 split across lines ("伤 / 害。"); the number stays with its measure word
        ("攻击后：对目标造成 1 点伤害。", 12, ["攻击后：对目标造成", "1 点伤害。"]),
        ("对目标敌方单位造成 1 点伤害。", 8, ["对目标敌方单位", "造成 1 点", "伤害。"]),
        ("本单位获得 2 点临时生命值。", 10, ["本单位获得 2 点", "临时生命值。"]),
        ("本单位获得 3 点护盾值。", 9, ["本单位获得 3 点", "护盾值。"]),
        ("攻击时：本次攻击命中骰结果 +1。", 9, ["攻击时：本次攻击", "命中骰结果 +1。"]),
        ("贴附单位攻击距离 -2。", 5, ["贴附单位", "攻击距离", "-2。"]),
        ("距离 0-2 内的目标敌方单位受到的伤害 +1。", 9, ["距离 0-2 内的", "目标敌方单位", "受到的伤害 +1。"]),
        # netrunner words
        ("你对 1 台中央服务器发起潜袭。", 8, ["你对 1 台", "中央服务器", "发起潜袭。"]),
        (
            "你对研发中心发起潜袭。如果潜袭成功，你额外读取 2 张牌。",
            11,
            ["你对研发中心发起潜袭。", "如果潜袭成功，你", "额外读取 2 张牌。"],
        ),
        # a number before its measure word rather than a word
        ("你抽 2 张牌。", 5, ["你抽", "2 张牌。"]),
        # a value stays with its label; a space before a closing mark is no break
        ("格斗 · 徒手 攻速 1 · 距离 0-1", 12, ["格斗 · 徒手", "攻速 1 ·", "距离 0-1"]),
        ("格斗 · 徒手 攻速 1 · 距离 0-1", 15, ["格斗 · 徒手 攻速 1 ·", "距离 0-1"]),
        # a name in 「」 is a word; one longer than the line breaks where it must
        ("你获得 1 张「全息诱饵」。", 9, ["你获得 1 张", "「全息诱饵」。"]),
        ("你搜寻 1 张「长弓狙击步枪」。", 8, ["你搜寻 1 张", "「长弓狙击步", "枪」。"]),
        # a word longer than the line breaks inside, still by the punctuation rules
        ("临时生命值。", 3, ["临时生", "命值。"]),
        # the punctuation rules come first
        ("甲乙丙「丁戊」", 4, ["甲乙丙", "「丁戊」"]),
    ],
)
def test_break_between_words(text: str, width: float, lines: list[str]) -> None:
    result = break_text(text, width, chars, icon_width=1.0, lexicon=lexicon(catalog()))
    assert result == lines
    assert not violations(result)


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        # 造 成 _ 1 _ 点 伤 害: inside 造成 and 伤害; at the space between 1 and 点: number and unit
        ("造成 1 点伤害", [0, 2, 0, 0, 1, 0, 0, 2]),
        ("抽2张", [0, 0, 1]),
        # 移动 and 距离 are labels: the range stays with them, and with 内 after it
        ("移动 0-2 内", [0, 2, 1, 0, 1, 0]),
        ("距离 0-2", [0, 2, 1, 0]),
        ("攻速 1 · 距离 0-1", [0, 2, 1, 0, 0, 0, 0, 0, 2, 1, 0]),
        ("的伤害 +1", [0, 0, 2, 1, 0]),  # 的 is a particle: 伤害 is the word
        ("你抽 2 张", [0, 0, 0, 0, 1, 0]),  # 抽 is a verb, not a label
        ("「全息诱饵」。", [0, 2, 2, 2, 2, 2, 0]),
    ],
)
def test_break_kinds(text: str, kinds: list[int]) -> None:
    assert break_kinds(atomize(text), game_lexicon()) == kinds


# ---------------------------------------------------------------------- growing and shrinking


@pytest.mark.parametrize(
    ("texts", "width_mm", "height_mm", "expect"),
    [
        (["你抽 2 张牌。"], 55, 50, "largest"),  # a short text in a big box grows to the style maximum
        (["你抽 2 张牌。"] * 4, 55, 40, "largest"),
        (["你抽 2 张牌。"] * 6, 55, 35, "between"),  # grows, but not all the way
        (["你抽 2 张牌。"] * 7, 55, 25, "smaller"),  # shrinks below the base size
        (["攻击后：对目标敌方单位造成 1 点伤害。"] * 8, 55, 30, "smaller"),
        (["攻击后：对目标敌方单位造成 1 点伤害。"] * 40, 55, 20, "overflow"),  # not even 6 pt fits
    ],
)
def test_text_grows_in_a_big_box_and_shrinks_in_a_small_one(
    texts: list[str], width_mm: float, height_mm: float, expect: str
) -> None:
    base = 9.0
    paras = [ability(t) for t in texts]
    width, height = mm(width_mm), mm(height_mm)
    fitted = fit(paras, width, height, Measurer(bundled()), base)
    largest = sizes(base)[-1]
    assert largest == pytest.approx(base * GROW, abs=textbox.STEP)
    if expect == "overflow":
        assert not fitted.fits and fitted.size == MIN_SIZE
        return
    assert fitted.fits and fitted.height <= height + 1e-6
    assert {"largest": fitted.size == largest, "between": base < fitted.size < largest}.get(
        expect, fitted.size < base
    ), fitted.size
    # the chosen size is the largest that fits: one step up does not
    bigger = [s for s in sizes(base) if s > fitted.size]
    if bigger:
        lines, used = textbox.layout(paras, width, bigger[0], Measurer(bundled()))
        assert used > height + 1e-6 or any(line.width > width + 1e-6 for line in lines)


def test_flavour_goes_before_the_text_shrinks_below_6_pt() -> None:
    body = [ability("攻击后：对目标敌方单位造成 1 点伤害。") for _ in range(8)]
    flavour = plain("一层又一层。" * 8, optional=True)
    fitted = fit([*body, flavour], mm(55), mm(30), Measurer(bundled()), 9.0)
    assert fitted.fits and fitted.dropped == 1 and fitted.size == 6.5
    assert fit([*body[:4], flavour], mm(55), mm(30), Measurer(bundled()), 9.0).dropped == 0


def test_sizes_are_quarter_points_from_6_pt_to_the_maximum() -> None:
    grid = sizes(9.0)
    assert grid[0] == MIN_SIZE and grid[-1] == pytest.approx(10.75)
    assert all(b - a == pytest.approx(0.25) for a, b in zip(grid, grid[1:], strict=False))
    assert sizes(9.0, maximum=9.0)[-1] == 9.0
    assert 6.3 in sizes(6.3)  # the base size itself, on a small card


def test_setting_is_deterministic() -> None:
    paras = [ability("攻击后：对距离 0-2 内的目标敌方单位造成 1 点伤害。本单位获得 2 点临时生命值。")]
    results = [fit(paras, mm(40), mm(20), Measurer(bundled()), 9.0) for _ in range(3)]
    assert len({(r.size, tuple(line_markup(line.atoms) for line in r.lines)) for r in results}) == 1


# ---------------------------------------------------------------------- every bundled card


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return load_catalog([CARDS])


@dataclass
class Box:
    record: Any
    paras: list[Para]
    width: float
    height: float
    fitted: Fitted


@lru_cache(maxsize=1)
def bundled_boxes() -> tuple[list[Box], Lexicon]:
    """Every text box of every printable bundled card, as the real layouts fit it (poker cards)."""
    boxes: list[Box] = []
    words = lexicon(catalog())
    canvas = Canvas(None)  # type: ignore[arg-type]  # drawn, never saved
    ctx = Context(canvas, bundled(), catalog(), measure=Measurer(bundled(), words))
    real_fit = layouts.fit
    current: list[Any] = []

    def recording_fit(paras: list[Para], width: float, height: float, measure: Measurer, base: float) -> Fitted:
        fitted = real_fit(paras, width, height, measure, base)
        boxes.append(Box(current[0], paras, width, height, fitted))
        return fitted

    layouts.fit = recording_fit  # type: ignore[assignment]
    try:
        for record in sorted((r for r in catalog().records if is_printable(r)), key=lambda r: (r.game, r.id)):
            current[:] = [record]
            canvas.saveState()
            draw_front(ctx, record, mm(63), mm(88), 0.0)
            canvas.restoreState()
    finally:
        layouts.fit = real_fit  # type: ignore[assignment]
    return boxes, words


def test_every_printable_card_has_its_text_boxes_set() -> None:
    boxes, _ = bundled_boxes()
    records = {(b.record.game, b.record.id) for b in boxes}
    printable = [r for r in catalog().records if is_printable(r) and (r.text or getattr(r, "printed_text", None))]
    assert {(r.game, r.id) for r in printable} <= records
    assert len({b.record.game for b in boxes}) == 3
    assert all(b.fitted.fits for b in boxes), [b.record.id for b in boxes if not b.fitted.fits]


def _paragraph_lines(box: Box) -> list[tuple[Para, list[list[Atom]], float]]:
    """Each paragraph of a box with its lines and the room of a line (in ems of the paragraph's size)."""
    result: list[tuple[Para, list[list[Atom]], float]] = []
    for line in box.fitted.lines:
        if line.first:
            result.append((line.para, [], box.width / line.size - line.para.indent))
        result[-1][1].append(line.atoms)
    return result


def _word_at(atoms: list[Atom], index: int, words: Lexicon) -> str:
    """The word a break before ``atoms[index]`` would cut (for messages)."""
    text = "".join(a.text if a.kind == "text" else "\x00" for a in atoms)
    offsets = [0]
    for atom in atoms:
        offsets.append(offsets[-1] + (len(atom.text) if atom.kind == "text" else 1))
    at = offsets[index]
    cut = [text[s:e] for s, e in words.spans(text) if s < at < e]
    return cut[0] if cut else "?"


def test_no_line_of_a_bundled_card_starts_or_ends_against_the_rules() -> None:
    boxes, _ = bundled_boxes()
    bad = []
    for box in boxes:
        written = [line_markup(line.atoms) for line in box.fitted.lines]
        bad.extend((box.record.id, line) for line in violations(written))
    assert not bad


def test_no_bundled_card_splits_a_word_where_another_break_was_possible() -> None:
    """For every break inside a word (of the game's vocabulary, a name in 「」 or of the catalog): no
    break between words or between a number and its unit on that line would have fitted."""
    boxes, words = bundled_boxes()
    measure = Measurer(bundled(), words)
    checked = inside = 0
    problems: list[str] = []
    for box in boxes:
        for para, lines, room in _paragraph_lines(box):
            atoms = para.atoms
            where = {id(atom): index for index, atom in enumerate(atoms)}
            kinds = break_kinds(atoms, words)
            legal = set()  # atom indices a line may start at: a segment after the first, by the punctuation rules
            index = 0
            previous: Atom | None = None  # the last atom before this segment that is not a space
            for segment in segments(atoms):
                first = segment[0]
                if first.kind != "space":
                    starts_closing = first.kind == "text" and first.text[0] in CLOSING
                    ends_opening = previous is not None and previous.kind == "text" and previous.text[-1] in OPENING
                    if index and not starts_closing and not ends_opening:
                        legal.add(index)
                    previous = segment[-1]
                index += len(segment)
            for line, following in zip(lines, lines[1:], strict=False):
                if not line or not following or id(line[0]) not in where or id(following[0]) not in where:
                    continue  # a run split because it is wider than the line
                start, end = where[id(line[0])], where[id(following[0])]
                kind = kinds[end - 1 if atoms[end - 1].kind == "space" else end]
                checked += 1
                if kind < INSIDE_WORD:
                    continue
                inside += 1
                for other in sorted(legal, reverse=True):  # the last break that fits, as the breaker would take
                    if other <= start or other == end:
                        continue
                    gap = other - 1 if atoms[other - 1].kind == "space" else other
                    other_kind = kinds[gap]
                    content = atoms[start:gap]
                    if other_kind < INSIDE_WORD and sum(measure(a) for a in content) <= room + 1e-6:
                        problems.append(
                            f"{box.record.game}/{box.record.id}: {line_markup(line)!r} / {line_markup(following)!r}"
                            f" cuts {_word_at(atoms, end, words)!r}; a break {KIND_NAMES[other_kind]} before"
                            f" {line_markup(atoms[other : other + 3])!r} fits"
                        )
                        break
    assert checked > 200
    assert not problems, "\n".join(problems)
