"""The words findings share, in the current language (:func:`toolkit.i18n.tr`): how a record is named
(``tactics card 'med_kit'``), "did you mean", lists of choices and the labels of lint's phases; and what text a
name may hold and a terminal be sent (:func:`unprintable`: lint's check of a record's names, ``crossfire deal``'s of
a player's, :func:`escape_unprintable` for what ``show`` and ``search`` print).

Codes, ids, pointers, field names and values stay as they are in every language; only the words around
them are translated.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from toolkit.i18n import current_lang, tc, tr, word
from toolkit.i18n.words import Nc_

# The record kinds as a finding names them (English: their ids); the games are toolkit.i18n's ``game`` words
KINDS: dict[str, tuple[str, str]] = {
    "ability": Nc_("record kind", "ability"),
    "agent": Nc_("record kind", "agent"),
    "attack": Nc_("record kind", "attack"),
    "card": Nc_("record kind", "card"),
    "faction": Nc_("record kind", "faction"),
    "format": Nc_("record kind", "format"),
    "game": Nc_("record kind", "game"),
    "identity": Nc_("record kind", "identity"),
    "map": Nc_("record kind", "map"),
    "mode": Nc_("record kind", "mode"),
    "role": Nc_("record kind", "role"),
    "unit": Nc_("record kind", "unit"),
}


def kind_count(kind: str, n: int) -> str:
    """``146 cards``, ``1 faction`` (Chinese: ``146 张卡牌``): a count of records of a kind, in the current
    language's plural forms; an unknown kind as ``{n} {kind}``."""
    from toolkit.i18n import trn

    forms = {
        "ability": lambda: trn("{n} ability", "{n} abilities", n),
        "agent": lambda: trn("{n} agent", "{n} agents", n),
        "attack": lambda: trn("{n} attack", "{n} attacks", n),
        "card": lambda: trn("{n} card", "{n} cards", n),
        "faction": lambda: trn("{n} faction", "{n} factions", n),
        "format": lambda: trn("{n} format", "{n} formats", n),
        "game": lambda: trn("{n} game record", "{n} game records", n),  # (not games played)
        "identity": lambda: trn("{n} identity", "{n} identities", n),
        "map": lambda: trn("{n} map", "{n} maps", n),
        "mode": lambda: trn("{n} mode", "{n} modes", n),
        "role": lambda: trn("{n} role", "{n} roles", n),
        "unit": lambda: trn("{n} unit", "{n} units", n),
    }
    said = forms.get(kind)
    return said() if said is not None else tr("{n} {kind}", n=n, kind=kind)


def _say(table: dict[str, tuple[str, str]], value: str) -> str:
    entry = table.get(value)
    return tc(current_lang(), *entry) if entry is not None else value


def game_word(game: str) -> str:
    """A game as findings name it (its id in English); an unknown one as it is."""
    return word("game", game, current_lang())


def kind_word(kind: str) -> str:
    """A record kind as findings name it (``card``, 卡牌); an unknown one as it is."""
    return _say(KINDS, kind)


def record_label(game: Any = None, kind: Any = None, record_id: Any = None) -> str:
    """``tactics card 'med_kit'``: the parts a (possibly invalid) record has, in the current language;
    ``this record`` when it has none."""
    g = game_word(game) if isinstance(game, str) else None
    k = kind_word(kind) if isinstance(kind, str) else None
    i = repr(record_id) if isinstance(record_id, str) else None
    if g and k and i:
        return tr("{game} {kind} {id}", game=g, kind=k, id=i)
    if g and k:
        return tr("{game} {kind}", game=g, kind=k)
    if (g or k) and i:
        return tr("{what} {id}", what=g or k, id=i)
    return g or k or i or tr("this record")


def either(choices: Iterable[str], quote: bool = True, as_json: bool = False) -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'`` (each choice quoted, unless not ``quote``; ``as_json``: in JSON's
    double quotes, ``"a" or "b"``, as a schema finding shows values)."""
    shown = [(_json_string(c) if as_json else repr(c)) if quote else c for c in choices]
    if len(shown) <= 1:
        return "".join(shown)
    return tr("{some} or {last}", some=tc(current_lang(), "list", ", ").join(shown[:-1]), last=shown[-1])


def did_you_mean(value: Any, choices: Iterable[str], as_json: bool = False) -> str:
    """``"; did you mean 'x'?"`` for the nearest of ``choices`` (difflib), or ``""`` (``as_json``: ``"x"``, quoted
    as a schema finding shows values)."""
    if not isinstance(value, str):
        return ""
    return meant(close_matches(value, choices), as_json)


def close_matches(value: str, choices: Iterable[str]) -> list[str]:
    """The (at most 3) nearest of ``choices`` to ``value`` that :func:`did_you_mean` offers, nearest first."""
    return difflib.get_close_matches(value[:200], list(choices), n=3, cutoff=0.6)


def meant(near: list[str], as_json: bool = False) -> str:
    """:func:`did_you_mean`'s words for matches already found (``near``), or ``""`` for none."""
    if not near:
        return ""
    return tr("; did you mean {choices}?", choices=either(near, as_json=as_json))


def _json_string(text: str) -> str:
    return escape_unprintable(json.dumps(text, ensure_ascii=False), json=True)


def listing(values: Iterable[Any]) -> str:
    """Values as a list in a message: ``['a', 'b']`` (the values are ids and codes: the same in every language)."""
    return repr(list(values))


def unprintable(char: str) -> bool:
    """A character no name may hold, nor a terminal be sent as it is: a control character (ESC, BEL, NUL, DEL, a C1
    control, a line break), a lone surrogate, or one that reorders the text around it (a bidirectional embedding,
    override, isolate). ``crossfire deal`` refuses a player's name with one, lint a record's (:func:`check_name_text`)."""
    return unicodedata.category(char) in ("Cc", "Cs") or "\u202a" <= char <= "\u202e" or "\u2066" <= char <= "\u2069"


def _escaped(char: str) -> str:
    return char.encode("unicode_escape", "backslashreplace").decode("ascii")


def _json_escaped(char: str) -> str:
    return f"\\u{ord(char):04x}"  # (every unprintable character is in the Basic Multilingual Plane)


def escape_unprintable(text: str, *, json: bool = False) -> str:
    """``text`` for a terminal: each :func:`unprintable` character but a line break and a tab written as its escape
    (``\\x1b``, ``\\u202e``), so text read from a file (a shared card's name) can neither clear the screen, retitle the
    window nor reorder a line. Text with none (nearly all) is returned as it is. ``json``: ``text`` is JSON (as
    ``json.dumps`` writes it, which escapes only the controls below U+0020), each escaped as JSON does (``\\u202e``),
    so it is the same JSON."""
    if text.isprintable():
        return text
    escaped = _json_escaped if json else _escaped
    return "\n".join(
        line if line.isprintable() else "".join(escaped(c) if c != "\t" and unprintable(c) else c for c in line)
        for line in text.split("\n")
    )


def _cut(value: str, limit: int = 40) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


_SPACE_RUN = re.compile(r"\s\s")


def check_name_text(entry: Any, data: Any) -> None:
    """Each name of a record (``data``: its JSON, the record's ``name`` object, one name a language) that is blank
    (only spaces, the ideographic one too: ``card.name.blank``), holds an :func:`unprintable` character (an escape
    sequence would clear or retitle the terminal of whoever lists a shared card set: ``card.name.control``), or
    has spaces at its ends or a run of them (``card.name.spaces``: a text quoting it in 「」 is read without the
    spaces at its ends, so it would name another record or none; two names that differ only there or in a run look
    the same) is an error at its field, told to ``entry`` (lint's: its ``label`` and ``add``). A name that is not a
    string, or an empty one, is the schema's finding, not this one's."""
    names = data.get("name") if isinstance(data, dict) else None
    if not isinstance(names, dict):
        return
    for lang, value in names.items():
        if not isinstance(value, str) or not value:
            continue
        if value.isprintable() and value[0] != " " and value[-1] != " " and "  " not in value:
            continue  # (nearly every name: printable, no space at its ends nor two in a row; the only printable
            # space is U+0020)
        ptr = "/name/" + str(lang).replace("~", "~0").replace("/", "~1")
        said = escape_unprintable(word("lang", lang, current_lang()) if isinstance(lang, str) else str(lang))
        if value.isspace():
            message = tr("{label}: {lang} name {name} is only spaces; give the name the card shows", label=entry.label,
                         lang=said, name=repr(_cut(value)))  # fmt: skip
            entry.add("card.name.blank", message, ptr)
            continue
        control = next((c for c in value if unprintable(c)), None)
        if control is not None:
            message = tr(
                "{label}: {lang} name {name} holds the control character {char}; a name is plain text",
                label=entry.label,
                lang=said,
                name=repr(_cut(value)),
                char=f"U+{ord(control):04X}",
            )
            entry.add("card.name.control", message, ptr)
            continue
        if value != value.strip():
            message = tr(
                "{label}: {lang} name {name} begins or ends with a space; a text that quotes the name is read "
                "without the spaces at its ends: write the name without them",
                label=entry.label,
                lang=said,
                name=repr(_cut(value)),
            )
            entry.add("card.name.spaces", message, ptr)
        elif _SPACE_RUN.search(value):
            message = tr(
                "{label}: {lang} name {name} has two or more spaces in a row; write one between words",
                label=entry.label,
                lang=said,
                name=repr(_cut(value)),
            )
            entry.add("card.name.spaces", message, ptr)


__all__ = [
    "check_name_text",
    "did_you_mean",
    "either",
    "escape_unprintable",
    "game_word",
    "kind_word",
    "listing",
    "record_label",
    "unprintable",
]
