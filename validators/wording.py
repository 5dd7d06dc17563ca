"""The words findings share, in the current language (:func:`toolkit.i18n.tr`): how a record is named
(``tactics card 'med_kit'``), "did you mean", lists of choices and the labels of lint's phases.

Codes, ids, pointers, field names and values stay as they are in every language; only the words around
them are translated.
"""

from __future__ import annotations

import difflib
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


def either(choices: Iterable[str], quote: bool = True) -> str:
    """``'a'``, ``'a' or 'b'``, ``'a', 'b' or 'c'`` (each choice quoted, unless not ``quote``)."""
    shown = [repr(c) if quote else c for c in choices]
    if len(shown) <= 1:
        return "".join(shown)
    return tr("{some} or {last}", some=tc(current_lang(), "list", ", ").join(shown[:-1]), last=shown[-1])


def did_you_mean(value: Any, choices: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the nearest of ``choices`` (difflib), or ``""``."""
    if not isinstance(value, str):
        return ""
    near = difflib.get_close_matches(value[:200], list(choices), n=3, cutoff=0.6)
    if not near:
        return ""
    return tr("; did you mean {choices}?", choices=either(near))


def listing(values: Iterable[Any]) -> str:
    """Values as a list in a message: ``['a', 'b']`` (the values are ids and codes: the same in every language)."""
    return repr(list(values))


__all__ = ["did_you_mean", "either", "game_word", "kind_word", "listing", "record_label"]
