"""The search language, NetrunnerDB style: ``key op value`` terms, ANDed.

>>> parse_query("t:装备 攻速>=2").terms[1].key.name
'speed'

:func:`search` runs a query on a built database (:class:`toolkit.db.Database`)
and returns :class:`Hit` rows in display order, the records a query names first;
:func:`get_record` fetches one record by id or name (either language, accents
and case folded) for ``dossier show``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .keys import KEYS, Key, find_key, key_help
from .parser import Query, QueryError, Term, Value, parse_query

if TYPE_CHECKING:
    from .compile import Compiler
    from .run import (
        AmbiguousName,
        Hit,
        compiler_for,
        count,
        find_by_name,
        get_record,
        iter_search,
        resolve_game,
        search,
        statement_for,
    )

# The database side loads on first use, so that parsing a query or listing the keys
# (``dossier --help``) does not pay for it.
_LAZY = {"AmbiguousName": ".run", "Compiler": ".compile", "Hit": ".run", "compiler_for": ".run",
         "find_by_name": ".run", "get_record": ".run", "iter_search": ".run", "resolve_game": ".run",
         "search": ".run", "statement_for": ".run", "count": ".run"}  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module, __name__), name)


__all__ = [
    "KEYS",
    "AmbiguousName",
    "Compiler",
    "Hit",
    "Key",
    "Query",
    "QueryError",
    "Term",
    "Value",
    "compiler_for",
    "count",
    "find_by_name",
    "find_key",
    "get_record",
    "iter_search",
    "key_help",
    "parse_query",
    "resolve_game",
    "search",
    "statement_for",
]
