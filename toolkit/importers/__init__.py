"""Importers of other tools' card data into Dossier records (NetrunnerDB).

The NetrunnerDB importer is loaded when one of its names is asked for: a command that only reads an imported
pool's marker (:mod:`toolkit.importers.marker`) does not load it."""

from __future__ import annotations

from typing import Any

__all__ = ["ImportReport", "default_into", "detect_layout", "import_netrunnerdb"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import netrunnerdb

        return getattr(netrunnerdb, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
