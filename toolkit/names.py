"""Names as people type them (either language, any case, with or without accents): the folding every
layer shares (deck lists, the database and search, ``dossier show``); it imports nothing of ours.

:func:`fold` is the one key two spellings of a name share: ``Esâ Afontov:
Eco-Insurrectionist``, ``esa afontov eco-insurrectionist`` and ``ESA AFONTOV:
ECO INSURRECTIONIST`` fold alike, as do ``艾萨·阿方托夫``, ``艾萨阿方托夫`` and the
full-width ``艾萨・阿方托夫``. It is what NetrunnerDB's ``stripped_title`` does
(accents off, typographic quotes straight) and a little more: case, width,
punctuation and spacing. Deck lists, ``dossier deck new``, ``dossier show`` and
the database's name search (``toolkit.db``) all use it, so a name that resolves
in one place resolves in every place.
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

_SPACES = re.compile(r"\s+")
# Dropped without a trace, so that "Can't", "Cant" and "Can’t" meet, and “Baz” is Baz.
_QUOTES = frozenset("'\"`´‘’‚‛“”„‟′″ʹʺʻʼʽˈ˝＂＇「」『』«»‹›")
# A space between two Chinese characters is no separator: 艾萨·阿方托夫 is 艾萨阿方托夫.
_CJK = r"\u2e80-\u2fdf\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_CJK_CHAR = re.compile(f"[{_CJK}]")
_CJK_GAP = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])")


def _fold_char(char: str) -> str:
    """What :func:`fold` makes of one character, before case folding and spacing."""
    if char in _QUOTES:
        return ""
    category = unicodedata.category(char)
    if category in ("So", "Sk", "Cf", "Cc") and not char.isspace():
        return ""  # ™ ® © ^, zero-width and control characters
    out: list[str] = []
    for part in unicodedata.normalize("NFKD", char):
        if unicodedata.combining(part) or part in _QUOTES:
            continue
        kind = unicodedata.category(part)
        if kind.startswith("P") or kind.startswith("Z") or part.isspace():
            out.append(" ")
        elif kind not in ("So", "Sk"):
            out.append(part)
    return "".join(out)


class _FoldTable(dict[int, str]):
    """``str.translate`` table of :func:`_fold_char`, filled as characters are met (at most 65,536 kept)."""

    def __missing__(self, ordinal: int) -> str:
        folded = _fold_char(chr(ordinal))
        if len(self) < 65_536:
            self[ordinal] = folded
        return folded


_FOLD_CHARS = _FoldTable()


def normalize(name: str) -> str:
    """NFKC (full-width letters and digits), case-folded, single spaces, no outer space."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip().casefold()


def fold(name: str, *, edges: bool = False) -> str:
    """The key of a name as people type it: no accents, case, width, quotes or punctuation.

    NFKD without combining marks (â → a, ü → u, full-width → ASCII), case-folded;
    quotes and apostrophes dropped; every other punctuation mark (``: - . · _ /``,
    Chinese ``：·、``) and whitespace is one space; symbols such as ™ and ® are
    dropped; no space is kept between two Chinese characters. ``edges=True`` keeps
    one space where the name begins or ends with punctuation (for a search word:
    ``_x_`` looks for the word ``x``, not for every ``x``).

    >>> fold("Esâ Afontov: Eco-Insurrectionist")
    'esa afontov eco insurrectionist'
    >>> fold("An Offer You Can’t Refuse") == fold("an offer you cant refuse")
    True
    >>> fold("艾萨·阿方托夫: 生态起义者")
    '艾萨阿方托夫生态起义者'
    """
    folded = name.translate(_FOLD_CHARS).casefold()  # its only whitespace is " "
    if "  " in folded:
        folded = _SPACES.sub(" ", folded)
    if not edges or not folded.strip():
        folded = folded.strip()
    return _CJK_GAP.sub("", folded) if " " in folded else folded


def record_names(record: Any) -> list[str]:
    """Every name a record answers to: zh-Hans, English, NetrunnerDB's stripped title (``search_name``)."""
    names = [record.name.zh_hans]
    if record.name.en:
        names.append(record.name.en)
    search_name = getattr(record, "search_name", None)
    if isinstance(search_name, str) and search_name:
        names.append(search_name)
    return names


def folded_names(record: Any) -> list[str]:
    """A record's names folded, each also with its symbols spelt out (GAMEDRAGON™ Pro: ``gamedragon pro``
    and ``gamedragontm pro``, as an ASCII transliteration of the title has it)."""
    out: dict[str, None] = {}
    for name in record_names(record):
        key = fold(name)
        out[key] = None
        spelt = unicodedata.normalize("NFKD", name)
        out[key if spelt == name else fold(spelt)] = None
    out.pop("", None)
    return list(out)


def short_names(record: Any) -> list[str]:
    """Names an identity is called by for short: the part before the colon (``Esâ Afontov``)."""
    if record.kind != "identity":
        return []
    out = []
    for name in record_names(record):
        head = re.split(r"[:：]", name, maxsplit=1)[0]
        if head != name and head.strip():
            out.append(head)
    return out


def record_keys(record: Any) -> set[str]:
    """The folded keys of a record's names and id."""
    keys = set(folded_names(record))
    keys.add(fold(record.id))
    keys.discard("")
    return keys


def compact(key: str) -> str:
    """A folded name without its spaces: what ``Boitata`` and ``Boi-tatá`` share."""
    return key.replace(" ", "")


# what fold changes in names besides their case and the spaces at their ends, in names joined by "\n": a character
# but a space, an ASCII letter or digit and a common Chinese character; a space between two Chinese characters;
# two spaces
_FOLD_CHANGES = re.compile(r"[^\n 0-9A-Za-z\u4e00-\u9fff]")
_FOLD_GAPS = re.compile(r"[\u4e00-\u9fff] (?=[\u4e00-\u9fff])")


def fold_keys(names: list[str], casefolded: list[str]) -> list[str]:
    """:func:`fold` of each of ``names``, given each name's ``casefold().strip()`` (``casefolded``), which is its
    key for a name of spaces, ASCII letters and digits and common Chinese characters alone (nearly every name):
    for a list of 100,000 names (lint's, of a kind) the names that need folding are found by passes in C over
    them all, joined, rather than 100,000 calls."""
    joined = "\n".join(names)
    if joined.count("\n") >= len(names):  # (a name holding the line break they are joined by)
        return [fold(name) for name in names]
    spots = [found.start() for found in _FOLD_CHANGES.finditer(joined)]
    spots += [found.start() for found in _FOLD_GAPS.finditer(joined)]
    at = joined.find("  ")
    while at >= 0:
        spots.append(at)
        at = joined.find("  ", at + 2)
    keys = list(casefolded)
    if spots:
        starts = list(itertools.accumulate((len(name) + 1 for name in names), initial=0))
        for index in {bisect.bisect_right(starts, spot) - 1 for spot in spots}:
            keys[index] = fold(names[index])
    return keys


def name_language(typed: str, record: Any) -> str | None:
    """Which of ``record``'s names ``typed`` is: ``"zh-Hans"``, ``"en"`` (the English name or NetrunnerDB's
    stripped title), or None (its id). A name both languages share (an imported card keeps its English title
    as its zh-Hans name; VIP) is in the language of its script: Chinese characters zh-Hans, Latin letters en. The
    record's id typed as it is says no language, even where it is also the English name in lower case
    (``jackdaw``)."""
    if typed == getattr(record, "id", None):
        return None
    key = fold(typed)
    tight = compact(key)

    def spelt(*names: Any) -> bool:
        for name in names:
            if not isinstance(name, str) or not name:
                continue
            heads = [name, unicodedata.normalize("NFKD", name)]
            if record.kind == "identity":
                heads += [re.split(r"[:：]", h, maxsplit=1)[0] for h in list(heads)]
            keys = {fold(h) for h in heads} - {""}
            if key in keys or tight in {compact(k) for k in keys}:
                return True
        return False

    chinese = spelt(record.name.zh_hans)
    english = spelt(record.name.en, getattr(record, "search_name", None))
    if chinese and english:
        if _CJK_CHAR.search(typed):
            return "zh-Hans"
        return "en" if any(c.isascii() and c.isalpha() for c in typed) else None
    if chinese == english:
        return None
    return "zh-Hans" if chinese else "en"


def english_names(pairs: Iterable[tuple[str | None, str | None]]) -> dict[str, str]:
    """The English name of each zh-Hans name, from (zh-Hans, English) name pairs (a name two records share with
    different English names is left out): what the English of an ability text calls the cards it quotes."""
    found: dict[str, str | None] = {}
    for zh, en in pairs:
        if zh and en and zh != en:
            found[zh] = en if found.get(zh, en) == en else None
    return {zh: en for zh, en in found.items() if en}


QUOTED_NAME = re.compile("「([^」]+)」")  # a name ability text quotes (「全息诱饵」)


def with_english_names(english: str, names: Mapping[str, str]) -> str:
    """The English of an ability text with each name it quotes in English between straight quotes (「全息诱饵」 →
    "Holo Decoy"); a name with no English in ``names`` stays as it is quoted."""
    if "「" not in english:
        return english
    return QUOTED_NAME.sub(lambda m: f'"{names[m[1]]}"' if m[1] in names else m[0], english)
