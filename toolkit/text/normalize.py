"""Normalization of ability text before parsing, keeping a map back to the input.

1. NFKC, character by character: full-width digits, letters and brackets become
   ASCII (``２`` -> ``2``, ``［`` -> ``[``), the ideographic space a space.
2. Punctuation to the canonical full-width forms of the language: ``:`` -> ``：``,
   ``,`` -> ``，``, ``;`` -> ``；``, a ``.`` or ``!`` that ends a sentence -> ``。``;
   ``~`` and dashes between digits -> ``-``, the spaces around them dropped (``0 - 3`` -> ``0-3``, as
   ``0 ~ 3``); card-name quotes ``『』“”""`` -> ``「」``.
3. Chinese numerals (零〇一二两三四五六七八九十, up to 99, and with 百 千 万 beyond:
   ``一百``, which the parser then refuses as more than the limit of 50) followed by a
   measure word (张 点 名 个 次 枚 发 把 台 …) become digits: ``抽两张牌`` -> ``抽2张牌``.
   A numeral right after 同 / 另 / 每 / 任 / 第 / 唯 is a word, not a count
   (``同一名玩家``, ``第一``), and is left alone, as are numerals inside words
   (``六面骰``, ``一部分``).

A card name in 「」 (its quotes once made 「」: ``『三点射』``) is left exactly as
written, steps 1 to 3 skipped: ``「三点射」`` stays, ``「Mk.2 步枪」`` keeps its ``.``.
The parser then leaves out the spaces at the name's ends (``「震爆弹 」`` names 震爆弹),
and that name is compared as it is everywhere else (the engines' lookups of a card by
its name, lint's check that 「名称」 names a record), so a name the text changed would
name no card.

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
_LARGE_UNITS = {"百": 100, "千": 1000, "万": 10000}
_NUMERAL_RUN = re.compile(rf"[零〇一二两三四五六七八九十百千万]+(?=[ \t]*[{_MEASURES}])")
# a dash between two digits with a space or tab beside it (``0 - 3``): normalize drops the spaces
_SPACED_DASH = re.compile(r"[0-9](?:[ \t]+-[ \t]*|-[ \t]+)[0-9]")
_NAME = re.compile(r"「[^「」\n]+」")  # a card name, as the grammar's NAME reads it


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


def _numeral_value(word: str) -> int | None:
    """The value of a run of Chinese numerals before a measure word: :func:`chinese_number`, and beyond 99 a
    numeral with 百 千 万 (``一百``, ``两百零五``, ``一千``): its value, at least 100, which the parser refuses
    as more than the limit, saying so (rather than that a number is missing)."""
    value = chinese_number(word)
    if value is not None or not any(unit in word for unit in _LARGE_UNITS):
        return value
    total = section = 0
    digit: int | None = None
    smaller = 10000  # each unit within a section is smaller than the one before
    for ch in word:
        if ch in "零〇":
            if digit is not None:
                return None
        elif ch in _NUMERALS:
            if digit is not None:
                return None
            digit = _NUMERALS[ch]
        elif ch == "万":
            section += digit or 0
            if section == 0 or total:
                return None
            total, section, digit, smaller = section * 10000, 0, None, 10000
        else:
            unit = 10 if ch == "十" else _LARGE_UNITS[ch]
            if unit >= smaller or (digit is None and unit != 10):
                return None
            section += (1 if digit is None else digit) * unit
            digit, smaller = None, unit
    value = total + section + (digit or 0)
    return value if value >= 100 else None


_SAME: set[str] = set()  # characters that every step below leaves as they are, wherever they stand
_CHANGED: set[str] = set()  # the others (or ones whose fate depends on their neighbours)
_NUMERAL_CHARS = frozenset("零〇一二两三四五六七八九十百千万")


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
    """True if every character of ``text`` is one that :func:`normalize` leaves as it is wherever it stands, and
    no dash between digits has a space beside it (``0 - 3``): it then leaves the text as it is (its origin map is
    ``range(len(text) + 1)``). False says nothing: a numeral (``一``) or ``.`` may stay too."""
    global _same_run, _same_or_numeral_run, _same_run_size, _set_lookups
    if _same_run(text) is not None:
        return "-" not in text or _SPACED_DASH.search(text) is None
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
    return canonical and ("-" not in text or _SPACED_DASH.search(text) is None)


def normalize(text: str) -> tuple[str, list[int]]:
    """Normalized text and the input offset of each of its characters (len + 1 entries)."""
    if is_canonical(text) or numerals_stay(text):  # canonical text: nothing to do
        return text, list(range(len(text) + 1))
    folded_chars = [unicodedata.normalize("NFKC", ch) if ord(ch) > 0x7F else ch for ch in text]
    inside = _name_interiors(folded_chars)  # per input character: in a card name (left as written)
    chars: list[str] = []
    origin: list[int] = []
    kept: list[bool] = []  # per output character: in a card name
    for index, folded in enumerate(folded_chars):
        if inside is not None and inside[index]:
            chars.append(text[index])
            origin.append(index)
            kept.append(True)
            continue
        for out in folded:
            chars.append(out)
            origin.append(index)
            kept.append(False)
    # punctuation
    dropped: set[int] = set()  # the spaces around a dash between digits
    for i, ch in enumerate(chars):
        if kept[i]:
            continue
        if ch in _PUNCT:
            chars[i] = _PUNCT[ch]
        elif ch == '"':
            chars[i] = "「" if _opening_quote(chars, i) else "」"
        elif ch in _DASHES or ch == "-":
            before, after = i - 1, i + 1
            while before >= 0 and chars[before] in " \t" and not kept[before]:
                before -= 1
            while after < len(chars) and chars[after] in " \t" and not kept[after]:
                after += 1
            if (
                before >= 0
                and after < len(chars)
                and chars[before].isdigit()
                and chars[after].isdigit()
                and not kept[before]
                and not kept[after]
            ):
                chars[i] = "-"
                dropped.update(range(before + 1, i))
                dropped.update(range(i + 1, after))
        elif ch == "." and not (0 < i < len(chars) - 1 and chars[i - 1].isdigit() and chars[i + 1].isdigit()):
            chars[i] = "。"
        elif ch in "\u00a0\u3000":
            chars[i] = " "
    if dropped:
        chars = [ch for i, ch in enumerate(chars) if i not in dropped]
        origin = [at for i, at in enumerate(origin) if i not in dropped]
        kept = [name for i, name in enumerate(kept) if i not in dropped]
    folded_text = "".join(chars)
    origin.append(len(text))
    # Chinese numerals before measure words
    pieces: list[str] = []
    out_origin: list[int] = []
    last = 0
    for match in _NUMERAL_RUN.finditer(folded_text):
        start, end = match.span()
        if (start > 0 and folded_text[start - 1] in _WORD_BEFORE) or kept[start]:
            continue
        value = _numeral_value(match.group())
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


def read_numerals(text: str) -> str:
    """``text`` with step 3 of :func:`normalize` alone: the Chinese numerals before a measure word as digits, as
    :func:`normalize` reads them in an ability text (``抽两张牌`` -> ``抽2张牌``; ``同一名``, ``六面骰`` and a
    name in 「」 stay), the rest left as it is (its punctuation, width and spaces too). For a searched word, so
    that it is spelt as the texts searched are (``dossier search x:抽两张牌``)."""
    if _NUMERAL_RUN.search(text) is None:
        return text
    names = [name.span() for name in _NAME.finditer(text)] if "「" in text else []
    pieces: list[str] = []
    last = 0
    for match in _NUMERAL_RUN.finditer(text):
        start, end = match.span()
        if start > 0 and text[start - 1] in _WORD_BEFORE or any(first < start < stop for first, stop in names):
            continue
        value = _numeral_value(match.group())
        if value is None:
            continue
        pieces.extend((text[last:start], str(value)))
        last = end
    return "".join(pieces) + text[last:] if pieces else text


def _name_interiors(folded_chars: list[str]) -> list[bool] | None:
    """Per input character (each as NFKC folds it), whether it is inside a card name: between a 「 and the 」
    that closes it with no 「 or line break between, as the grammar's NAME reads the text once its quotes are
    「」 (『』“” and ``"`` become them: a ``"`` opens unless more 「 than 」 came before, as :func:`normalize`
    decides); None when there is none."""
    inside: list[bool] | None = None
    opens = closes = 0
    start = -1  # after the 「 of a name that may be open
    for index, folded in enumerate(folded_chars):
        mark = _PUNCT.get(folded, folded)
        if mark == '"':
            mark = "「" if opens <= closes else "」"
        if mark == "「":
            opens += 1
            start = index + 1
        elif mark == "」":
            closes += 1
            if 0 <= start < index:
                if inside is None:
                    inside = [False] * len(folded_chars)
                inside[start:index] = [True] * (index - start)
            start = -1
        elif folded == "\n":
            start = -1
    return inside


def numerals_stay(text: str) -> bool:
    """True if the only characters of ``text`` that normalizing may change are Chinese numerals, and none of them
    is a count that step 3 replaces (``一部分``, ``同一名``, a numeral in a card name ``「三点射」``): normalize then
    leaves the text as it is, without building it again character by character (the numerals that stay make
    :func:`is_canonical` say no)."""
    others = _same_or_numeral_run(text) is None  # (or characters learned since the regex was made)
    if others and not all(_stays(ch) for ch in set(text).difference(_SAME, _NUMERAL_CHARS)):
        return False
    if "-" in text and _SPACED_DASH.search(text) is not None:
        return False
    names: list[tuple[int, int]] | None = None
    for match in _NUMERAL_RUN.finditer(text):  # step 3, as normalize runs it (steps 1 and 2 change nothing)
        start = match.start()
        if (start == 0 or text[start - 1] not in _WORD_BEFORE) and _numeral_value(match.group()) is not None:
            if names is None:
                names = [name.span() for name in _NAME.finditer(text)] if "「" in text else []
            if not any(first < start < end for first, end in names):
                return False
    return True


def _opening_quote(chars: list[str], index: int) -> bool:
    return chars[:index].count("「") <= chars[:index].count("」")
