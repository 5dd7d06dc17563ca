"""The game's words, for the line breaker: taken from the ability language, never typed twice.

Chinese has no spaces, so a line may break between any two characters; a
careful typesetter still keeps words whole (伤害, 命中骰结果, 临时生命值,
目标敌方单位, 潜袭, 服务器). The words come from :mod:`toolkit.text`, which
already knows them:

- every literal of the grammar (``ability.lark``: keywords and the alternatives
  of its named terminals) and every Chinese word of the vocabulary tables
  (:mod:`toolkit.text.vocab`), from 2 up to :data:`MAX_WORD` characters (longer
  literals are phrases: their words are found inside them);
- measure words: the first character of what the grammar accepts right after a
  number or a range (``INT "点伤害"`` → 点, ``INT "张牌"`` → 张, ``RANGE "内的目标"``
  → 内 …). Such a literal is a measure word and a word (伤害, 护盾值, 临时生命值,
  推进标记, 目标 …), not one word, so is a literal that starts with the particle 的
  (的伤害); a number stays with its measure word where the line allows (2 点, 3 张, 0-2 内);
- labels: what the grammar puts right before a value (``"距离" RANGE``, ``STAT SIGNED``,
  ``ATTACK_SPEED SIGNED`` → 距离, 移速, 攻速 …); a value stays with its label where
  the line allows (距离 0-2, 攻速 1);
- compounds the grammar builds from a keyword and a closed vocabulary
  (``"目标" [unit_noun]`` → 目标敌方单位, ``TEAM "获胜"`` → 蓝队获胜);
- the cores the words share (中央服务器, 远程服务器 → 服务器; 潜袭者, 发起潜袭 → 潜袭);
- names: every ``「…」`` in the text being set (:mod:`toolkit.sheets.linebreak`
  does that) and the names of the records of the catalog being printed
  (:func:`lexicon`).

:func:`game_lexicon` is computed once per process (a few milliseconds).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from .linebreak import Lexicon, is_cjk

MAX_WORD = 6  # characters: a longer grammar literal is a phrase, broken between the words inside it
MAX_NAME = 16  # characters: longer names break where they must anyway

_LITERAL = re.compile(r'"([^"\\]+)"')
_RULE = re.compile(r"^(\??[a-z_][a-z0-9_]*)\s*:(.*)$")
_TERMINAL = re.compile(r"^([A-Z_][A-Z0-9_]*)\s*:(.*)$")


def _cjk(word: str) -> bool:
    return bool(word) and all(is_cjk(ch) and ch not in "，。：；、「」（）" for ch in word)


def _grammar() -> tuple[dict[str, list[str]], dict[str, list[str]], list[str]]:
    """(terminal -> its literal words, rule -> its alternatives as text, every rule alternative) of ability.lark."""
    from toolkit.text.parser import grammar_text

    terminals: dict[str, list[str]] = {}
    rules: dict[str, list[str]] = {}
    current: tuple[str, str] | None = None  # ("terminal" | "rule", name)
    for raw in grammar_text().splitlines():
        line = raw.split("//", 1)[0].rstrip()
        if not line.strip():
            continue
        body: str
        if match := _TERMINAL.match(line):
            current, body = ("terminal", match.group(1)), match.group(2)
        elif match := _RULE.match(line):
            current, body = ("rule", match.group(1).lstrip("?")), match.group(2)
        elif line.lstrip().startswith("|") and current is not None:
            body = line
        else:
            current = None
            continue
        kind, name = current
        if kind == "terminal":
            terminals.setdefault(name, []).extend(_LITERAL.findall(body))
        else:
            rules.setdefault(name, []).extend(
                alt.split("->", 1)[0].strip() for alt in body.split("|") if alt.split("->", 1)[0].strip()
            )
    alternatives = [alt for alts in rules.values() for alt in alts]
    return terminals, rules, alternatives


def _vocab_words() -> list[str]:
    """The zh words of every vocabulary table of :mod:`toolkit.text.vocab`."""
    from toolkit.text import vocab

    words: list[str] = []
    for value in vars(vocab).values():
        if isinstance(value, dict) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value.values()):
            words.extend(zh for zh, _ in value.values())
    return words


def _cores(words: set[str]) -> set[str]:
    """The longest start or end (2+ characters) two words share, when it is what they have in common.

    潜袭者 and 发起潜袭 share 潜袭; 中央服务器 and 远程服务器 share 服务器; 点生命值 and
    生命值上限 share 生命值. Two words that differ in one character only (己方单位,
    敌方单位) share no word (方单位 is none); a word inside another is a word already.
    """
    cores: set[str] = set()
    bigrams: dict[str, set[str]] = {}  # two words sharing 2+ characters share a pair of characters
    for word in words:
        for i in range(len(word) - 1):
            bigrams.setdefault(word[i : i + 2], set()).add(word)
    pairs = {(a, b) for bucket in bigrams.values() for a in bucket for b in bucket if a < b}
    for a, b in pairs:
        for n in range(min(len(a), len(b)), 1, -1):
            found = {a[:n], a[-n:]} & {b[:n], b[-n:]}
            if found:
                if a not in found and b not in found and max(len(a), len(b)) - n >= 2:
                    cores.update(found)
                break
    return cores


PARTICLE = "的"  # never starts a word: 的伤害 is 的 + 伤害


@functools.cache
def game_lexicon() -> Lexicon:
    """The words and measure words of the ability language (every game's), for the line breaker."""
    terminals, rules, alternatives = _grammar()
    literals = [w for alt in alternatives for w in _LITERAL.findall(alt)]
    literals += [w for words in terminals.values() for w in words]
    literals += _vocab_words()

    # measure words: what the grammar accepts right after a number or a range. What comes after
    # a number (点伤害, 张牌, 内的目标) is a measure word and a word, not one word; so is 的伤害.
    units: set[str] = set()
    phrases: set[str] = {w for w in literals if w.startswith(PARTICLE)}
    for alt in alternatives:
        for follower in re.findall(r'\b(?:INT|RANGE)\s+("[^"]+"|[A-Z_]+)', alt):
            for word in [follower[1:-1]] if follower.startswith('"') else terminals.get(follower, []):
                if _cjk(word[:1]):
                    units.add(word[0])
                    phrases.add(word)
        if "[credit]" in alt or "[mu]" in alt:
            units.update(("credit", "mu"))  # icons that are units: 3[credit], 2 [mu]
    stems = {p[1:].removeprefix(PARTICLE) for p in phrases}
    words = {w for w in [*literals, *stems] if w not in phrases and _cjk(w) and 2 <= len(w) <= MAX_WORD}

    # a keyword that a closed vocabulary may qualify: "目标" [unit_noun] -> 目标敌方单位
    vocab_rules = {
        name: terminals[alts[0]]
        for name, alts in rules.items()
        if len(alts) == 1 and alts[0] in terminals and all(_cjk(w) for w in terminals[alts[0]])
    }
    compounds: set[str] = set()
    for alt in alternatives:
        for keyword, rule in re.findall(r'"([^"]+)"\s+\[([a-z_]+)\]', alt):
            if _cjk(keyword) and len(keyword) >= 2 and keyword not in phrases:
                compounds.update(w for w in (keyword + n for n in vocab_rules.get(rule, ())) if len(w) <= MAX_WORD)

    # labels: what the grammar puts right before a value (STAT SIGNED, "距离" RANGE, ATTACK_SPEED SIGNED)
    labels: set[str] = set()
    for alt in alternatives:
        for label in re.findall(r'("[^"]+"|[A-Z_]+)\s+(?:SIGNED|RANGE)\b', alt):
            found = [label[1:-1]] if label.startswith('"') else terminals.get(label, [])
            labels.update(w for w in found if _cjk(w) and len(w) >= 2)

    return Lexicon(words | compounds | _cores(words), frozenset(units), frozenset(labels))


def record_names(records: Iterable[Any]) -> set[str]:
    """The Chinese names of ``records`` that can be words (2 to :data:`MAX_NAME` characters)."""
    names: set[str] = set()
    for record in records:
        name = getattr(getattr(record, "name", None), "zh_hans", None)
        if isinstance(name, str) and 2 <= len(name) <= MAX_NAME and not any(ch.isspace() for ch in name):
            names.add(name)
    return names


def lexicon(lookup: Any = None) -> Lexicon:
    """The game's words plus the names of the records of ``lookup`` (a catalog), when it lists them."""
    base = game_lexicon()
    records = getattr(lookup, "records", None)
    if not records:
        return base
    return base.extend(record_names(records))
