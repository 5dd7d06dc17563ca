"""Normalization of ability text before parsing, keeping a map back to the input.

1. NFKC, character by character: full-width digits, letters and brackets become
   ASCII (``２`` -> ``2``, ``［`` -> ``[``), the ideographic space a space.
2. Punctuation to the canonical full-width forms of the language: ``:`` -> ``：``,
   ``,`` -> ``，``, ``;`` -> ``；``, a ``.`` or ``!`` that ends a sentence -> ``。``;
   ``~`` and dashes between digits -> ``-``; card-name quotes ``『』“”""`` -> ``「」``.
3. Chinese numerals (零〇一二两三四五六七八九十, up to 99) followed by a measure
   word (张 点 名 个 次 枚 发 把 台 …) become digits: ``抽两张牌`` -> ``抽2张牌``.
   A numeral right after 同 / 另 / 每 / 任 / 第 / 唯 is a word, not a count
   (``同一名玩家``, ``第一``), and is left alone, as are numerals inside words
   (``六面骰``, ``一部分``).

:func:`normalize` returns the new text and, for every character of it (plus one
for the end), the offset of the input character it came from, so parse errors
and spans point into what the user wrote.
"""

from __future__ import annotations

import re
import unicodedata

_PUNCT = {":": "：", ",": "，", ";": "；", "!": "。", "『": "「", "』": "」", "“": "「", "”": "」"}
_DASHES = "~–—−－"
_NUMERALS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_MEASURES = "张点名个次枚发把台位轮份层格"
_WORD_BEFORE = "同另每任第唯"
_NUMERAL_RUN = re.compile(rf"[零〇一二两三四五六七八九十]+(?=[ \t]*[{_MEASURES}])")


def chinese_number(word: str) -> int | None:
    """The value of a Chinese numeral up to 99 (``十二`` -> 12, ``两`` -> 2), or None."""
    if not word:
        return None
    if "十" not in word:
        if len(word) == 1 and word in _NUMERALS:
            return _NUMERALS[word]
        return None
    tens_part, _, ones_part = word.partition("十")
    if "十" in ones_part:
        return None
    if tens_part == "":
        tens = 1
    elif len(tens_part) == 1 and tens_part in _NUMERALS and tens_part not in "两零〇":
        tens = _NUMERALS[tens_part]
    else:
        return None
    if ones_part == "":
        ones = 0
    elif len(ones_part) == 1 and ones_part in _NUMERALS and ones_part not in "两零〇":
        ones = _NUMERALS[ones_part]
    else:
        return None
    return tens * 10 + ones


_SAME: set[str] = set()  # characters that every step below leaves as they are, wherever they stand
_CHANGED: set[str] = set()  # the others (or ones whose fate depends on their neighbours)
_NUMERAL_CHARS = frozenset("零〇一二两三四五六七八九十")


def _stays(ch: str) -> bool:
    """True if normalizing leaves ``ch`` itself in any context (learned once per character)."""
    if ch in _SAME:
        return True
    if ch in _CHANGED:
        return False
    folded = unicodedata.normalize("NFKC", ch) if ord(ch) > 0x7F else ch
    same = (
        folded not in ('"', ".", "\u00a0", "\u3000")
        and folded not in _DASHES
        and ch not in _NUMERAL_CHARS
        and _PUNCT.get(folded, folded) == ch
    )
    (_SAME if same else _CHANGED).add(ch)
    return same


# ``fullmatch`` of a regex for a run of characters of _SAME (those learned when it was made): one call of C
# code on the whole text, where looking each character up in the set makes (and hashes) a string per character.
# It is made anew once the set has grown by a quarter (and 8 characters) since the last time and the texts that
# needed the set since then are many for its size: its cost grows with the set, so growing it by steps of a
# quarter keeps the cost of all the regexes made a small multiple of the last one's (made at each new
# character, a lint of 20,000 generated files made 188, 54 of the 68 ms spent here; now 18 and 27 ms), and the
# texts between two makings pay the set's lookups; no more past _RUN_LIMIT characters (the set still answers
# for the others).
_RUN_LIMIT = 8192
_same_run = re.compile("").fullmatch
_same_run_size = 0
_set_lookups = 0
# the same with the Chinese numerals (for numerals_stay), made at the same time
_same_or_numeral_run = re.compile("[" + "".join(sorted(_NUMERAL_CHARS)) + "]*").fullmatch


def is_canonical(text: str) -> bool:
    """True if every character of ``text`` is one that :func:`normalize` leaves as it is wherever it stands: it
    then leaves the text as it is (its origin map is ``range(len(text) + 1)``). False says nothing: a numeral
    (``一``) or ``.`` may stay too."""
    global _same_run, _same_or_numeral_run, _same_run_size, _set_lookups
    if _same_run(text) is not None:
        return True
    if _same_or_numeral_run(text) is not None:  # the rest is of _SAME: a numeral (none is of _SAME) says no
        return False
    # (every character learned: a text that says no teaches the regexes its other characters too)
    canonical = _SAME.issuperset(text) or all([_stays(ch) for ch in set(text).difference(_SAME)])
    _set_lookups += 1
    size = len(_SAME)
    if size >= _same_run_size * 5 // 4 + 8 and size <= _RUN_LIMIT and _set_lookups * 64 >= size:
        same = "".join(re.escape(ch) for ch in sorted(_SAME))
        _same_run = re.compile("[" + same + "]*").fullmatch
        _same_or_numeral_run = re.compile("[" + same + "".join(sorted(_NUMERAL_CHARS)) + "]*").fullmatch
        _same_run_size, _set_lookups = size, 0
    return canonical


def normalize(text: str) -> tuple[str, list[int]]:
    """Normalized text and the input offset of each of its characters (len + 1 entries)."""
    if is_canonical(text) or numerals_stay(text):  # canonical text: nothing to do
        return text, list(range(len(text) + 1))
    chars: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        folded = unicodedata.normalize("NFKC", ch) if ord(ch) > 0x7F else ch
        for out in folded:
            chars.append(out)
            origin.append(index)
    # punctuation
    for i, ch in enumerate(chars):
        if ch in _PUNCT:
            chars[i] = _PUNCT[ch]
        elif ch == '"':
            chars[i] = "「" if _opening_quote(chars, i) else "」"
        elif ch in _DASHES and 0 < i < len(chars) - 1 and chars[i - 1].isdigit() and chars[i + 1].isdigit():
            chars[i] = "-"
        elif ch == "." and not (0 < i < len(chars) - 1 and chars[i - 1].isdigit() and chars[i + 1].isdigit()):
            chars[i] = "。"
        elif ch in "\u00a0\u3000":
            chars[i] = " "
    folded_text = "".join(chars)
    origin.append(len(text))
    # Chinese numerals before measure words
    pieces: list[str] = []
    out_origin: list[int] = []
    last = 0
    for match in _NUMERAL_RUN.finditer(folded_text):
        start, end = match.span()
        if start > 0 and folded_text[start - 1] in _WORD_BEFORE:
            continue
        value = chinese_number(match.group())
        if value is None:
            continue
        pieces.append(folded_text[last:start])
        out_origin.extend(origin[last:start])
        digits = str(value)
        pieces.append(digits)
        out_origin.extend([origin[start]] * len(digits))
        last = end
    if last == 0:
        return folded_text, origin
    pieces.append(folded_text[last:])
    out_origin.extend(origin[last:])
    return "".join(pieces), out_origin


def numerals_stay(text: str) -> bool:
    """True if the only characters of ``text`` that normalizing may change are Chinese numerals, and none of them
    is a count that step 3 replaces (``一部分``, ``同一名``): normalize then leaves the text as it is, without
    building it again character by character (the numerals that stay make :func:`is_canonical` say no)."""
    others = _same_or_numeral_run(text) is None  # (or characters learned since the regex was made)
    if others and not all(_stays(ch) for ch in set(text).difference(_SAME, _NUMERAL_CHARS)):
        return False
    for match in _NUMERAL_RUN.finditer(text):  # step 3, as normalize runs it (steps 1 and 2 change nothing)
        start = match.start()
        if (start == 0 or text[start - 1] not in _WORD_BEFORE) and chinese_number(match.group()) is not None:
            return False
    return True


def _opening_quote(chars: list[str], index: int) -> bool:
    return chars[:index].count("「") <= chars[:index].count("」")
