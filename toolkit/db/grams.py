"""Text the database derives from a record's text: compact text and the Chinese characters and pairs.

Used when a database is built (:mod:`toolkit.db.rows`) and when a query is compiled
(:mod:`toolkit.search.compile`); it imports nothing of ours.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import chain
from operator import itemgetter

# A number (or X, or a range such as 0-3), with an optional sign and measure word:
# dropped from text_compact so that 抽牌 finds 你抽 2 张牌 and 造成伤害 finds 造成 1 点伤害.
# That is r"[+\-]?(?:\d+(?:-\d+)?|(?<![A-Za-z])X(?![A-Za-z]))\s*[张点个名次枚层回轮格项颗]?", written to begin
# with the one character every match begins with (a sign, a digit or X), then what may follow that character:
# a pattern that begins with a character class lets the regex engine skip the text between matches at C speed
# instead of trying the whole pattern at every character (four times faster on real card text, where most
# characters start no match). tests/test_db_build_speed.py holds it to the plain pattern.
_QUANTITY = re.compile(
    r"[+\-\dX]"
    r"(?:(?<=[+\-])(?:\d+(?:-\d+)?|X(?![A-Za-z]))"  # a sign, then a number, a range or X
    r"|(?<=\d)\d*(?:-\d+)?"  # a number or a range
    r"|(?<=X)(?<![A-Za-z]X)(?![A-Za-z]))"  # X, not within a word
    r"\s*[张点个名次枚层回轮格项颗]?"
)
_SPACE = re.compile(r"\s+")


def compact_text(text: str) -> str:
    """Text without whitespace, numbers and measure words (NFKC first)."""
    return compact_normal(unicodedata.normalize("NFKC", text))


def compact_normal(text: str) -> str:
    """:func:`compact_text` of a text already in NFKC."""
    return _SPACE.sub("", _QUANTITY.sub("", text))


_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_CJK_RUN = re.compile(f"[{_CJK}]+")
# At each Chinese character: it and the next one (a pair), or it alone where its run ends.
_CJK_STEP = re.compile(f"(?=([{_CJK}][{_CJK}]?))")
_FIRST = itemgetter(0)


# Spaces between a Chinese character and a digit or Latin letter (获得 2, 获得 X), either way round; runs of spaces.
_GAP = re.compile(f"(?<=[{_CJK}])[ \t\u3000]+(?=[0-9A-Za-z])|(?<=[0-9A-Za-z])[ \t\u3000]+(?=[{_CJK}])")
_RUN = re.compile("[ \t\u3000]{2,}")


def searched_spaces(text: str) -> str:
    """``text`` as text search compares it, the searched text and the words of a query alike: no space between a
    Chinese character and a digit or Latin letter (rendered texts write 获得 9, imported printed texts 获得9; both
    are 获得9), and a run of spaces one space (``gain  2`` finds gain 2). Line breaks stay."""
    if text.isascii():
        return _RUN.sub(" ", text) if "  " in text or "\t" in text else text
    return _RUN.sub(" ", _GAP.sub("", text))


def is_cjk(word: str) -> bool:
    """Whether ``word`` is Chinese characters only (what :func:`cjk_grams` indexes)."""
    return bool(word) and _CJK_RUN.fullmatch(word) is not None


def cjk_grams(*texts: str | None) -> str:
    """Every Chinese character and every pair of adjacent ones, space-separated, each once, in text order
    (抽牌: 抽 抽牌 牌).

    Indexed by an FTS5 table, it makes one- and two-character words (抽牌, 伤害)
    index lookups; the trigram index needs three characters or more.
    """
    joined = "\n".join(text for text in texts if text)  # (no character or pair spans a line break)
    if joined.isascii():  # NFKC keeps ASCII ASCII: no Chinese here
        return ""
    return normal_grams(unicodedata.normalize("NFKC", joined))


def normal_grams(text: str) -> str:
    """:func:`cjk_grams` of one text already in NFKC (texts joined by line breaks are one text)."""
    steps = _CJK_STEP.findall(text)  # 抽牌: ["抽牌", "牌"]
    # each step's character, then the step (a pair, or the character again, which dict.fromkeys drops)
    return " ".join(dict.fromkeys(chain.from_iterable(zip(map(_FIRST, steps), steps, strict=True))))
