"""The keys of the query language: canonical names, aliases, what values they take.

Short aliases follow NetrunnerDB's (``t`` type, ``f`` faction, ``s`` subtype,
``d`` side, ``o`` cost, ``n`` influence, ``p`` strength, ``v`` agenda points,
``g`` advancement, ``m`` memory, ``h`` trash cost, ``l`` link, ``u`` unique,
``e`` set, ``c`` cycle, ``i`` illustrator, ``x`` text, ``a`` flavor, ``_``
name, ``r`` release date, ``y`` quantity in a set) and, for formats, NetrunnerDB's search API: ``z`` / ``card_pool`` (in the
format's card pool), ``b`` / ``restriction_id`` (on the format's restriction
list), ``is_banned``, ``is_restricted``; ``legal`` is Dossier's (in the pool and
not banned). ``run`` (``yes``, ``partial``, ``no``) is how much of a record's text
the engine runs: the import's reading of imported cards, all of it for ability text. Chinese aliases are the rule documents' words (``攻速``, ``移速``,
``派系``, …).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from toolkit.i18n import script_lang

from . import vocab

Kind = Literal["text", "number", "range", "enum", "term", "bool", "id", "set", "cycle", "format", "date"]
EQUALITY = (":", "!")
ORDER = (":", "!", "<", ">", "<=", ">=")


@dataclass(frozen=True)
class Key:
    name: str
    kind: Kind
    aliases: tuple[str, ...]
    games: tuple[str, ...]
    help: str
    vocabulary: dict[str, tuple[str, ...]] | None = None
    # what a Chinese message calls the key when the glossary's word is no alias of it (agent: 特工, not 专用)
    word_zh: str | None = None

    @property
    def operators(self) -> tuple[str, ...]:
        # (a set compares by release date: e<core2 is a set released before Revised Core Set)
        return ORDER if self.kind in ("number", "range", "date", "set") else EQUALITY


ALL = ("tactics", "netrunner", "crossfire")
NR = ("netrunner",)
TA = ("tactics",)
CF = ("crossfire",)

KEYS: tuple[Key, ...] = (
    Key("name", "text", ("_", "title", "名", "名称", "名字"), ALL, "name in Chinese or English (substring)"),
    Key("text", "text", ("x", "文本", "效果", "能力"), ALL, "ability or printed text (substring)"),
    Key("flavor", "text", ("a", "风味"), ALL, "flavour text (substring)"),
    Key("id", "id", ("编号",), ALL, "record id (exact)"),
    Key("game", "enum", ("游戏",), ALL, "game: tactics, netrunner, crossfire", vocab.GAMES),
    Key("kind", "enum", ("k", "种类"), ALL, "record kind: card, agent, unit, identity, role, …", vocab.KINDS),
    Key("type", "enum", ("t", "类型", "类别", "分类"), ALL, "card type / category / unit type", vocab.TYPES),
    Key("faction", "term", ("f", "派系"), NR, "faction id, name or NetrunnerDB code: f:hb, f:weyland, f:mini"),
    Key("side", "enum", ("d", "阵营"), NR, "corp or runner", vocab.SIDES),
    Key("subtype", "term", ("s", "子类型", "关键词"), ("netrunner", "tactics"), "subtype id or name"),
    Key("cost", "number", ("o", "费用", "花费"), ("netrunner", "tactics"), "play/rez cost; tactics: -X"),
    Key("mortgage", "number", ("抵押",), TA, "cards mortgaged to play a tactics card (the X of cost `-X`)"),
    Key("influence", "number", ("n", "inf", "影响力"), NR, "influence cost"),
    Key("strength", "number", ("p", "强度"), NR, "ice or icebreaker strength"),
    Key("points", "number", ("v", "agenda_points", "议案分数", "分数"), NR, "agenda points"),
    Key("advancement", "number", ("g", "adv", "推进需求"), NR, "advancement requirement"),
    Key("memory", "number", ("m", "mu", "内存"), NR, "memory cost (MU)"),
    Key("trash", "number", ("h", "trash_cost", "销毁费用"), NR, "trash cost"),
    Key("link", "number", ("l", "base_link", "链接"), NR, "runner identity base link"),
    Key("deck_size", "number", ("min_deck_size", "牌组下限"), NR, "identity minimum deck size"),
    Key("influence_limit", "number", ("影响力上限",), NR, "identity influence limit"),
    Key("limit", "number", ("deck_limit", "张数上限"), NR, "copies allowed in a deck"),
    Key("unique", "bool", ("u", "唯一"), NR, "unique card: yes / no"),
    Key("set", "set", ("e", "card_set", "系列", "扩展包"), NR, "set (pack) id or NetrunnerDB code; <, > by release"),
    Key(
        "cycle",
        "cycle",
        ("c", "card_cycle", "循环", "周期"),
        NR,
        "cycle id or NetrunnerDB code (a set released alone is its own cycle)",
    ),
    Key("pool", "format", ("z", "card_pool", "卡池"), NR, "in the card pool of a format (id or name): z:startup"),
    Key("restriction", "format", ("b", "restriction_id", "禁限"), NR, "on a format's ban or restricted list"),
    Key("banned", "format", ("is_banned", "禁用", "禁卡"), NR, "banned in a format"),
    Key("restricted", "format", ("is_restricted", "限制", "限制卡"), NR, "restricted in a format"),
    Key("legal", "format", ("format", "合法"), NR, "legal in a format: in its card pool and not banned"),
    Key(
        "released",
        "date",
        ("r", "release", "date", "发行", "发行日期"),
        NR,
        "release date of a set it is in: r<2017, r:2019-03, r>=sc19",
    ),
    Key("quantity", "number", ("y", "qty", "数量"), NR, "copies in a set it is in (NetrunnerDB's quantity)"),
    Key("illustrator", "text", ("i", "画师"), NR, "illustrator (substring)"),
    Key("hp", "number", ("生命", "生命值"), TA, "HP of agents and units"),
    Key("move", "number", ("mv", "移速"), TA, "move speed"),
    Key("slot", "number", ("slots", "槽位", "栏位"), TA, "equipment slots taken (0 carried, 1, 2 heavy)"),
    Key("size", "enum", ("尺寸",), TA, "equipment size: carried, normal, heavy", vocab.SIZES),
    Key("speed", "number", ("as", "attack_speed", "攻速"), TA, "attack speed (hit dice)"),
    Key("range", "range", ("攻击距离", "距离", "射程"), TA, "attack range: range:3 reaches distance 3"),
    Key("style", "enum", ("攻击方式",), TA, "melee or ranged", vocab.STYLES),
    Key("shield", "number", ("护盾", "护盾值"), TA, "shield printed on equipment"),
    Key("token", "bool", ("衍生", "衍生牌"), TA, "token card: yes / no"),
    Key("shop", "bool", ("商店", "矩阵商店", "金色"), TA, "matrix shop (gold) card: yes / no"),
    Key(
        "agent",
        "term",
        ("exclusive", "专用", "专属"),
        TA,
        "exclusive to agent (id, name or symbol; yes / no)",
        word_zh="特工",
    ),
    Key("tap", "bool", ("横置",), TA, "playing it taps the agent: yes / no"),
    Key("response", "bool", ("响应",), TA, "response card: yes / no"),
    Key("team", "enum", ("队伍", "队"), CF, "blue, red or none", vocab.TEAMS),
    Key("armed", "bool", ("持械",), CF, "armed role: yes / no"),
    Key("special", "bool", ("特殊",), CF, "special role: yes / no"),
    Key(
        "run",
        "enum",
        ("可执行", "执行"),
        ALL,
        "what the engine runs of the text: yes (all of it), partial, no (printed text only)",
        vocab.READING,
    ),
    Key("players", "range", ("人数", "玩家"), ALL, "modes and maps for this many players"),
)

BY_ALIAS: dict[str, Key] = {}
for _key in KEYS:
    for _alias in (_key.name, *_key.aliases):
        _folded = _alias.casefold()
        if _folded in BY_ALIAS:
            raise AssertionError(f"query key alias {_alias!r} is used twice")
        BY_ALIAS[_folded] = _key


def find_key(alias: str) -> Key | None:
    return BY_ALIAS.get(alias.casefold())


def close_keys(alias: str, n: int = 3) -> list[str]:
    """The keys (names or aliases of two or more characters) that an unknown ``alias`` may be a typo of, closest
    first: ``cots`` → ``cost``, ``fation`` → ``faction``, and a Chinese word one character off a Chinese alias
    (``类形`` → ``类型``); none for a word like no key (``foo``). The word a Chinese message calls a key by, when
    it is no alias (``特工``), is answered with that key's name (``agent``) alone."""
    if len(alias) > 40:  # no key is that long (and difflib takes quadratic time)
        return []
    folded = alias.casefold()
    words = {key.word_zh: key.name for key in KEYS if key.word_zh}
    if folded in words:
        return [words[folded]]
    names = [name for name in BY_ALIAS if len(name) > 1]
    return close_words(folded, names, n=n, cutoff=0.75)


def close_words(word: str, words: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """:func:`difflib.get_close_matches`, and for a word with Chinese characters also the ``words`` (two or more
    characters) it is one character off, added, replaced or left out (``白鹿`` → ``白鹭``, ``雾刀`` → ``雾刃``):
    two Chinese characters that share one are half alike, under any cutoff that keeps Latin suggestions quiet."""
    import difflib

    pool = list(words)
    close = difflib.get_close_matches(word, pool, n=n, cutoff=cutoff)
    if len(close) >= n or script_lang(word) != "zh-Hans":
        return close
    near = [w for w in pool if w not in close and len(w) > 1 and script_lang(w) == "zh-Hans" and _one_off(word, w)]
    return [*close, *near][:n]


def _one_off(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one character replaced, added or left out."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def key_word(key: Key, lang: str | None = None) -> str:
    """What a reader of ``lang`` (None: the current language) calls ``key`` in a message: in Chinese its first
    Chinese alias (``费用``) or the glossary's word when that is no alias (agent: ``特工``, the exclusive cards'
    agent), else its name (``cost``), as a query may type either."""
    from toolkit.i18n import current_lang

    if not (lang or current_lang()).startswith("zh"):
        return key.name
    if key.word_zh:
        return key.word_zh
    return next((alias for alias in key.aliases if script_lang(alias) == "zh-Hans"), key.name)


def key_help() -> str:
    """One line per key, for `dossier search --help` and error messages."""
    lines = []
    for key in KEYS:
        names = ", ".join((key.name, *key.aliases))
        lines.append(f"{names}: {key.help}")
    return "\n".join(lines)
