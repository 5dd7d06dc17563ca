"""Names of the closed vocabularies a query can name in Chinese or English.

The ids are the models' ``Literal`` values (GLOSSARY.md gives the English);
the Chinese are the rule documents' words. Open vocabularies (factions,
subtypes, agents) come from the data itself, through the ``terms`` table.
"""

from __future__ import annotations

# value id -> other spellings a player may type (matched case-insensitively).
TYPES: dict[str, tuple[str, ...]] = {
    # tactics
    "equipment": ("装备",),
    "skill": ("技能",),
    "item": ("道具",),
    "status": ("状态",),
    "minion": ("随从",),
    "obstacle": ("障碍",),
    "agent": ("特工", "特工牌"),
    "ability": ("能力", "基础能力"),
    "attack": ("攻击", "自带攻击"),
    # netrunner
    "identity": ("特性", "特性卡牌", "id"),
    "operation": ("事务",),
    "agenda": ("议案",),
    "ice": ("防火墙",),
    "upgrade": ("升级",),
    "asset": ("资产",),
    "hardware": ("硬件",),
    "resource": ("资源",),
    "program": ("程序",),
    "event": ("事件",),
    "faction": ("派系",),
    "format": ("赛制",),
    # crossfire
    "role": ("角色", "行动卡牌"),
    "map": ("地图",),
    # every game
    "mode": ("模式",),
    "game": ("游戏",),
}

KINDS: dict[str, tuple[str, ...]] = {
    "card": ("牌", "卡牌", "指令牌"),
    "agent": ("特工",),
    "unit": ("单位",),
    "ability": ("能力",),
    "attack": ("攻击",),
    "identity": ("特性",),
    "faction": ("派系",),
    "format": ("赛制",),
    "role": ("角色",),
    "map": ("地图",),
    "mode": ("模式",),
    "game": ("游戏",),
}

GAMES: dict[str, tuple[str, ...]] = {
    "tactics": ("特工战术", "战术"),
    "netrunner": ("矩阵潜袭", "安卓纪元", "android: netrunner", "anr"),
    "crossfire": ("谍战特工", "谍战", "交叉火力"),  # (谍战: the web's menu says it so)
}

SIDES: dict[str, tuple[str, ...]] = {
    "corp": ("c", "公司"),
    "runner": ("r", "潜袭者"),
}

STYLES: dict[str, tuple[str, ...]] = {
    "melee": ("近战",),
    "ranged": ("射击", "远程"),
}

SIZES: dict[str, tuple[str, ...]] = {
    "carried": ("随身", "徒手"),
    "normal": ("普通", "常规"),  # (常规: what sheets printed before said)
    "heavy": ("重型",),
}

TEAMS: dict[str, tuple[str, ...]] = {
    "blue": ("蓝", "蓝队"),
    "red": ("红", "红队"),
    "none": ("无", "无队伍"),
}

# run: how much of a record's text the engine runs (records.reading: executable, partial, printed_only).
READING: dict[str, tuple[str, ...]] = {
    "yes": ("是", "y", "true", "executable", "可执行"),
    "partial": ("部分", "部分可执行"),
    "no": ("否", "n", "false", "printed_only", "printed", "仅印刷", "仅印刷文字"),
}
READING_COLUMN_VALUES = {"yes": "executable", "partial": "partial", "no": "printed_only"}

# NetrunnerDB's short forms of faction ids (its one-letter codes and the words its search takes),
# each for the faction ids it names; the ids themselves (and their names) come from the data.
FACTION_CODES: dict[str, tuple[str, ...]] = {
    "h": ("haas_bioroid",),
    "hb": ("haas_bioroid",),
    "w": ("weyland_consortium",),
    "weyland": ("weyland_consortium",),
    "j": ("jinteki",),
    "n": ("nbn",),
    "a": ("anarch",),
    "c": ("criminal",),
    "s": ("shaper",),
    "p": ("apex",),
    "d": ("adam",),
    "u": ("sunny_lebeau",),
    "-": ("neutral_corp", "neutral_runner"),
    "neutral": ("neutral_corp", "neutral_runner"),
    "中立": ("neutral_corp", "neutral_runner"),  # (both, as `neutral`: the factions' names are 中立（公司） and 中立（潜袭者）)
    "nc": ("neutral_corp",),
    "nr": ("neutral_runner",),
    "mini": ("apex", "adam", "sunny_lebeau"),
}

# sort orders (``sort=``, ``--sort``; ``-`` first: descending) -> the names the web's Sort menu shows them by (its
# label of the ascending order, Chinese then English: toolkit.web.routes.cards.SORT_CHOICES) and other spellings;
# the first Chinese one names the sort in a Chinese message
SORTS: dict[str, tuple[str, ...]] = {
    "name": ("名称", "名字", "名"),
    "cost": ("费用",),
    "faction": ("派系",),
    "type": ("类型",),
    "set": ("系列",),
    "release": ("发行日期", "release date", "发行"),
    "strength": ("强度",),
    "influence": ("影响力",),
}

TRUE_WORDS = frozenset({"yes", "y", "true", "t", "1", "是", "有", "真"})
FALSE_WORDS = frozenset({"no", "n", "false", "f", "0", "否", "无", "假"})


def lookup(vocabulary: dict[str, tuple[str, ...]], value: str) -> str | None:
    """The id a spelling names, or None."""
    folded = value.casefold()
    for key, spellings in vocabulary.items():
        if folded == key or folded in (s.casefold() for s in spellings):
            return key
    return None


def describe(vocabulary: dict[str, tuple[str, ...]], lang: str | None = None) -> str:
    """The values a query may name, for error messages and help: English, the ids (``equipment, skill, …``);
    another language (None: zh-Hans), each id with its first Chinese spelling (``equipment（装备）、skill（技能）``)."""
    from toolkit.i18n import chinese

    if lang is not None and not chinese(lang):  # English, and any language but Chinese (a catalog's: fr)
        return ", ".join(vocabulary)
    return "、".join(f"{key}（{spellings[0]}）" if spellings else key for key, spellings in vocabulary.items())
