"""Which words of the ability language belong to some games only, for an error to say what a card of one game may
write there (:meth:`toolkit.text.AbilitySyntaxError.for_game`).

The grammar accepts the forms of every game in one language (ABILITY_TEXT.md), so at an error it expects the words
of all of them: after a netrunner card's ``你获得`` it would list 本单位, 佩戴者 and 距离 (tactics words) next to
[click]. :data:`OWN_WORDS` names, per game, the grammar's terminals that game writes and another does not (its
sections of ABILITY_TEXT.md): a named terminal of ``ability.lark`` by its name (``UNIT_NOUN``), a literal by its
word (``横置``); a word two games write is claimed by both (获得: tactics and netrunner, never crossfire). A terminal
no game claims is every game's (你, 如果, 。, a number). A word is left out of the words expected in the text of a
game that does not claim it; tests/test_text_tools_s66.py checks that the bundled texts of each game use no word
that game does not claim.

:func:`english_form` finds, for a text written in English where the ability language goes, the Chinese of the
sentence forms of a game's that render so in English (the hint of such an error: ``You draw 2 cards.`` is 你抽 2 张牌。).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from pathlib import Path

# the words of card effects both card games write, and crossfire's roles and win conditions never do
_CARD_GAMES = frozenset(
    {"抽", "张牌", "弃", "搜寻", "从", "获得", "对", "造成", "点伤害", "移除", "个", "OPPONENT", "THIS_CARD",
     "TURN_START", "TURN_END", "SIGNED", "NAME"}
)  # fmt: skip

OWN_WORDS: dict[str, frozenset[str]] = {
    "tactics": _CARD_GAMES
    | frozenset(
        {
            # timings (回合开始时 and 回合结束时 are netrunner's too, after 你的)
            "ON_PLAY", "ON_ENTER", "BEFORE_ATTACK", "ON_ATTACK", "AFTER_ATTACK", "AFTER_ATTACKED", "ON_DAMAGED",
            "DESTROY", "EXPOSE", "WHEN", "AFTER", "AFTER_LOST", "AFTER_MOVE",
            # durations, stats, attacks, who, cells, states, the shop, card categories, ranges
            "直到", "TURN_END_PLAIN", "NEXT_TURN_START", "VISION", "STAT", "CANNOT", "ATTACK_KIND", "HIT_RESULT",
            "ATTACK_SPEED", "ATTACK_DAMAGE", "SELF_UNIT", "WEARER", "ATTACHED", "ATTACKER", "TERRAIN_NOUN",
            "UNIT_NOUN", "STATE", "SHOP", "CATEGORY", "RANGE",
            # abilities and costs
            "主动", "响应", "特殊", "横置",
            # effects
            "购买", "翻牌直到翻出", "调度", "次", "抵押", "张手牌", "的操控权", "投掷", "枚六面骰", "部署", "名待命特工",
            "回复", "点生命值", "点护盾值", "点临时生命值", "移动", "0-移速", "进行", "使用", "攻击", "自毁", "重置",
            "恢复", "切换", "本次攻击", "的目标", "目标", "距离", "内的目标", "选择的", "内的",
            # conditions
            "是", "的生命值不多于", "点", "被消灭", "手牌不多于", "抵押区有牌", "没有牌", "结果不小于",
        }
    ),
    "netrunner": _CARD_GAMES
    | frozenset(
        {
            # symbols, timings, sides, limits, damage, zones and servers, card types, subtypes, counters, uses
            "CLICK", "[credit]", "[trash]", "[mu]", "[subroutine]", "SCORE_THIS", "STOLEN_THIS", "INSTALL_THIS",
            "RUN_SUCCESS_WHEN", "REZ_THIS", "RUN_BEGINS", "当", "在潜袭者的分数区时", "RUNNER", "CORP", "HAND_LIMIT",
            "LINK", "MEMORY", "DAMAGE_KIND", "NR_ZONE", "SERVER_KIND", "NR_TYPE", "ICE_SUBTYPE", "COUNTER_KIND",
            "RECURRING_USE", "台",
            # costs, effects
            "本牌上", "本牌上每有", "本牌有", "点循环信用点", "只能用于", "本牌可以被推进", "失去", "个负面声誉",
            "个锁定标记", "发起潜袭", "额外读取", "安装", "激活", "无视其全部激活费用", "将", "安装在本牌上", "退出潜袭",
            "展示后加入你的手牌", "终止潜袭", "销毁", "破解", "任意数量的", "子进程", "强度", "在", "本牌上放置", "张已安装的牌上放置",
            "个推进标记", "从本牌上拿取", "从本牌上移除", "清除病毒指示物", "追踪", "LSQB", "RSQB", "进行心灵博弈",
            "防止", "避免", "张你已安装的牌被销毁",
            # conditions
            "信用点不多于", "没有手牌", "潜袭者被锁定", "潜袭成功", "追踪成功", "追踪失败", "双方出价相同", "双方出价不同",
            "本牌上至少有", "本次潜袭针对", "正在遭遇的防火墙是", "潜袭者正在潜袭",
        }
    ),
    "crossfire": frozenset(
        {
            "TEAM", "ROLE", "击中你的玩家落败", "不射击", "；", "保护你指向的玩家", "抵消", "发射向该玩家的子弹", "有",
            "把枪", "同时指向", "名不同的玩家", "各射", "发", "将与刺客数量相等的射击卡放到你认定是刺客的玩家面前",
            "可以只放一部分", "同一名玩家面前至多", "获胜", "落败", "单独获胜", "其他所有玩家落败", "角色公开", "视为",
            "击中", "被击中", "未被击中", "没有",
        }
    ),
}  # fmt: skip
"""Per game, the terminals of the grammar that game writes and some other game does not: a named terminal by its
name, a literal by its word (:func:`terminal_key`)."""


@functools.cache
def _named(grammar: str) -> frozenset[str]:
    """The terminals ``grammar`` (the text of ``ability.lark``) names itself (``UNIT_NOUN: …``)."""
    return frozenset(re.findall(r"^([A-Z][A-Z_]*)\s*:", grammar, re.MULTILINE))


def terminal_key(name: str, value: str) -> str:
    """How :data:`OWN_WORDS` names the terminal ``name`` whose pattern is ``value``: a terminal the grammar names
    by its name, a literal (Lark names it ``__ANON_3``, ``LSQB`` or by its word) by its word; ``[`` and ``]`` (the
    brackets of 追踪[X]) by Lark's names."""
    from .parser import grammar_text

    if name in _named(grammar_text()) or name in ("LSQB", "RSQB"):
        return name
    return value


def claimed(key: str) -> frozenset[str]:
    """The games that claim the terminal ``key`` (empty: a word of every game)."""
    return frozenset(game for game, words in OWN_WORDS.items() if key in words)


def for_game(keys: Iterable[tuple[str, str]], game: str) -> list[str]:
    """Of ``keys`` ((terminal name, its key) pairs), the names of those a text of ``game`` may write: the shared
    ones and ``game``'s own. A game :data:`OWN_WORDS` does not know keeps them all."""
    if game not in OWN_WORDS:
        return [name for name, _ in keys]
    return [name for name, key in keys if not (owners := claimed(key)) or game in owners]


# ---------------------------------------------------------------- English written where the Chinese goes

GUIDE = Path(__file__).with_name("ABILITY_TEXT.md")
"""The writing guide, whose examples (each in backquotes, ending in 。) are the sentence forms an English text is
matched against (:func:`english_form`)."""

_DIGITS = re.compile(r"[0-9]+")
_PLACEHOLDER = re.compile(r"<[^<>]+>")
_SENTENCE_END = re.compile(r"(?<=\.)\s+")
_FORMS_MAX = 64  # the most texts one form of the guide is expanded to (the words of its placeholders)


def _fillers() -> dict[str, list[str]]:
    """The words each placeholder of the guide's forms (``<对象>``, ``<类型>``) stands for; a form with another
    placeholder (``<效果>``, ``<条件>``) is no sentence to match."""
    from . import vocab as V

    def zh(vocabulary: V.Vocabulary) -> list[str]:
        return [word for word, _ in vocabulary.values()]

    units = zh(V.UNIT_NOUNS)
    servers = ["研发中心", "总部", "档案库"] + ["1 台" + kind for kind in zh(V.SERVER_KINDS)]
    return {
        "<对象>": zh(V.FIXED_REFS) + ["目标" + unit for unit in units],
        "<单位>": units,
        "<地形>": zh(V.TERRAIN_NOUNS),
        "<类别>": zh(V.CATEGORIES),
        "<类型>": zh(V.NR_TYPES),
        "<子类型>": zh(V.ICE_SUBTYPES),
        "<指示物>": zh(V.COUNTER_KINDS),
        "<牌库区>": zh(V.NR_ZONES),
        "<服务器>": servers,
        "<用途>": zh(V.RECURRING_USES),
        "<角色>": zh(V.ROLES),
    }


def _guide_forms() -> list[str]:
    """The example sentences of the writing guide, their numbers (``X``, ``Y``) made numbers and each placeholder
    made each of its words."""
    fillers = _fillers()
    forms: dict[str, None] = {}
    for example in re.findall(r"`([^`\n]+。)`", GUIDE.read_text(encoding="utf-8")):
        if "…" in example:
            continue
        text = re.sub(r"(?<![A-Za-z])X(?![A-Za-z])", "2", example)
        text = re.sub(r"(?<![A-Za-z])Y(?![A-Za-z])", "1", text)
        holes = _PLACEHOLDER.findall(text)
        if any(hole not in fillers for hole in holes):
            continue
        for words in itertools.islice(itertools.product(*(fillers[hole] for hole in holes)), _FORMS_MAX):
            filled = text
            for hole, word in zip(holes, words, strict=True):
                filled = filled.replace(hole, word, 1)
            forms[filled] = None
    return list(forms)


def _plain(english: str) -> str:
    """An English text as it is compared: spaces made one, case folded, ending in a stop."""
    said = " ".join(english.split()).casefold()
    return said if not said or said.endswith(".") else said + "."


def _english_of(chinese: str) -> str | None:
    """The English of the ability text ``chinese`` (:func:`_plain`), or None when it does not parse."""
    from .parser import AbilitySyntaxError, parse
    from .render import render

    try:
        return _plain(render(parse(chinese), "en"))
    except AbilitySyntaxError:
        return None


@functools.cache
def _english_index() -> dict[str, list[str]]:
    """The guide's sentence forms by the shape of their English (:func:`_plain`, each number ``#``), each form
    with its numbers as written and all ``1`` (``1 card``: the singular of ``2 cards``)."""
    index: dict[str, list[str]] = {}
    for form in _guide_forms():
        for variant in dict.fromkeys((form, _DIGITS.sub("1", form))):
            english = _english_of(variant)
            if english is not None:
                index.setdefault(_DIGITS.sub("#", english), []).append(variant)
    return index


def _writes(chinese: str, game: str | None) -> bool:
    """Whether a text of ``game`` may write every word of ``chinese`` (which parses); True for no game known."""
    if game not in OWN_WORDS:
        return True
    from .normalize import normalize
    from .parser import _lark, terminal_patterns

    patterns = terminal_patterns()
    for token in _lark().parse_interactive(normalize(chinese)[0]).iter_parse():
        if token.type in patterns:
            owners = claimed(terminal_key(token.type, patterns[token.type]))
            if owners and game not in owners:
                return False
    return True


def _sentence(said: str, game: str | None) -> str | None:
    """The Chinese of the English ``said`` (:func:`_plain`) by one form of the guide, with its numbers."""
    numbers = _DIGITS.findall(said)
    for form in _english_index().get(_DIGITS.sub("#", said), ()):
        pieces = _DIGITS.split(form)  # (the words between the numbers: one more than the numbers)
        chinese = form
        if len(pieces) == len(numbers) + 1:
            chinese = "".join(piece + number for piece, number in zip(pieces, [*numbers, ""], strict=True))
        if _english_of(chinese) == said and _writes(chinese, game):
            return chinese
    return None


def english_form(text: str, game: str | None = None) -> str | None:
    """The ability text in Chinese that renders in English (``dossier text render --lang en``) as ``text`` (spaces,
    case and the last stop aside), by the sentence forms of the writing guide a text of ``game`` (None: any game)
    writes: ``You draw 2 cards.`` is 你抽 2 张牌。; a timing before a colon and sentences one after another are
    matched each. None when no form renders so."""
    from . import vocab as V

    said = _plain(text)
    if not said:
        return None
    whole = _sentence(said, game)
    if whole is not None:
        return whole
    head, colon, body = said.partition(": ")
    timings = {english.casefold(): chinese for chinese, english in V.TIMINGS.values()}
    prefix = ""
    if colon and head in timings:
        prefix, said_body = timings[head] + "：", body
    else:
        said_body = said
    parts = [_sentence(part, game) for part in _SENTENCE_END.split(said_body)]
    if not parts or any(part is None for part in parts):
        return None
    chinese = prefix + "".join(part for part in parts if part is not None)
    return chinese if _english_of(chinese) == said and _writes(chinese, game) else None


__all__ = ["OWN_WORDS", "claimed", "english_form", "for_game", "terminal_key"]
