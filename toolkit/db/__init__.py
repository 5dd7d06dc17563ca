"""The card database: SQLModel tables on SQLite (default) or PostgreSQL, built atomically.

- :func:`resolve_target` names the database (``--db``, ``$DOSSIER_DB``, ``./dossier.db``);
- :func:`build_from_files` reads, validates and writes the records under some directories (``db build``),
  :func:`build_database` those of a loaded catalog, replacing the old content in one step;
- :class:`Database` opens a built database for reading (see :mod:`toolkit.search`).
"""

from __future__ import annotations

from .build import BuildReport, build_database, build_from_files, remove_stale_temps
from .engine import DEFAULT_FILE, ENV_VAR, Database, Target, open_database, resolve_target
from .rows import compact_text

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
