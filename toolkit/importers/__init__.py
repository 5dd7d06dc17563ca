"""Importers of other tools' card data into Dossier records (NetrunnerDB)."""

from __future__ import annotations

from .netrunnerdb import ImportReport, default_into, detect_layout, import_netrunnerdb

__all__ = ["ImportReport", "default_into", "detect_layout", "import_netrunnerdb"]
