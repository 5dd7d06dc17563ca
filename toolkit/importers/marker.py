"""The marker ``dossier import netrunnerdb`` leaves in the folder it writes (``.dossier-import.json``), and what a
command that reads such a pool learns from it (this module imports nothing heavy: every command may ask).

The import reads NetrunnerDB's printed text into the ability language and deck rules (``reading`` in each card,
``deck_rules`` in each identity). Those readings grow with Dossier: a pool written by an older Dossier runs fewer
cards and checks fewer deck rules than the same data imported again. The marker says which readings wrote the pool
(:data:`READINGS`); a pool written by older ones (or by a Dossier before the marker said) gets one warning line
naming the import to run again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

MARKER = ".dossier-import.json"

READINGS = 1
"""The version of the import's readings of NetrunnerDB's text. Raise it with any change to what the import reads
(toolkit/importers/nrdb_text.py, the identities' deck rules, the alliance conditions) that would write a pool
differently: every pool written before is then told to be imported again."""


def stale_import(root: Path) -> str | None:
    """For a card folder ``root`` that ``dossier import netrunnerdb`` wrote with older readings than this
    Dossier's: the folder it was imported from (``""`` when the marker does not say); else None (no marker, or
    the marker of this Dossier's readings). One stat for a folder without a marker."""
    path = os.path.join(root, MARKER)
    if not os.path.isfile(path):
        return None
    try:
        with open(path, encoding="utf-8") as file:
            marker = json.load(file)
    except (OSError, ValueError):
        return None  # (a marker that cannot be read says nothing; the import itself reports it)
    if not isinstance(marker, dict):
        return None
    readings = marker.get("readings", 0)
    if isinstance(readings, int) and readings >= READINGS:
        return None
    source = marker.get("source")
    return source if isinstance(source, str) else ""
