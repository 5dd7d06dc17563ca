"""The card database: SQLModel tables on SQLite (default) or PostgreSQL, built atomically.

- :func:`resolve_target` names the database (``--db``, ``$DOSSIER_DB``, ``./dossier.db``);
- :func:`build_from_files` reads, validates and writes the records under some directories (``db build``),
  :func:`build_database` those of a loaded catalog, replacing the old content in one step;
- :class:`Database` opens a built database for reading (see :mod:`toolkit.search`).

Reading loads neither SQLAlchemy nor the record models: the build side loads on first use.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from .engine import DEFAULT_FILE, ENV_VAR, Database, Target, open_database, resolve_target
from .grams import compact_text

if TYPE_CHECKING:
    from .build import BuildReport, build_database, build_from_files, remove_stale_temps

_LAZY = {"BuildReport", "build_database", "build_from_files", "remove_stale_temps"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    build = sys.modules.get(f"{__name__}.build")
    if build is None:
        from toolkit.gcpause import gc_paused

        # The build side loads the record models: tens of thousands of objects made at once, every one of
        # which lives on. The collector's passes over them while they are made (about 80) free next to nothing
        # and cost several milliseconds of every `db build`; the few cycles made meanwhile are collected after.
        with gc_paused():
            from . import build
    return getattr(build, name)


__all__ = [
    "DEFAULT_FILE",
    "ENV_VAR",
    "BuildReport",
    "Database",
    "Target",
    "build_database",
    "build_from_files",
    "compact_text",
    "open_database",
    "remove_stale_temps",
    "resolve_target",
]
