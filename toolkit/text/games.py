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
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

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
            "展示后加入你的手牌", "终止潜袭", "销毁", "破解", "子进程", "强度", "在", "本牌上放置", "张已安装的牌上放置",
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


__all__ = ["OWN_WORDS", "claimed", "for_game", "terminal_key"]
