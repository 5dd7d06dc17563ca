"""The marker ``dossier import netrunnerdb`` leaves in the folder it writes (``.dossier-import.json``), and what a
command that reads such a pool learns from it (this module imports nothing heavy: every command may ask).

The marker also lists every file the import wrote, with a digest of its bytes (``files``): the import replaces the
folder as a whole, and :func:`foreign_files` names what it would lose that it did not write (a user's deck, a card
of their own, an imported card they edited), so that it stops instead.

The import reads NetrunnerDB's printed text into the ability language and deck rules (``reading`` in each card,
``deck_rules`` in each identity). Those readings grow with Dossier: a pool written by an older Dossier runs fewer
cards and checks fewer deck rules than the same data imported again. The marker says which readings wrote the pool
(:data:`READINGS`); a pool written by older ones (or by a Dossier before the marker said) gets one warning line
naming the import to run again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from pathlib import Path

MARKER = ".dossier-import.json"

READINGS = 2
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


FILES = "files"
"""The marker's list of the files the import wrote: path (relative, with '/') -> :func:`digest` of its bytes."""

# Files a desktop leaves in any folder it shows: nobody's work, so nothing to keep.
DESKTOP_FILES = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})

# The paths an import writes (for a marker that does not list them, written by an older Dossier): the game record,
# one record per file in the kinds' folders, the JSON Schemas and the marker.
_IMPORT_SHAPE = re.compile(
    r"game\.json"
    r"|(?:cards|identities|factions|modes)/[a-z0-9]+(?:[_-][a-z0-9]+)*\.json"
    r"|\.schema/netrunner/[^/]+(?:/[^/]+)*\.json"
)


def digest(data: bytes) -> str:
    """How the marker tells a file the import wrote from one changed since: the SHA-256 of its bytes."""
    return hashlib.sha256(data).hexdigest()


def foreign_files(root: Path) -> tuple[list[str], list[str]]:
    """What replacing the import folder ``root`` would lose: the files in it that the import did not write (a
    symbolic link counts as one), and those it wrote that were changed since; paths relative to ``root``, with '/',
    sorted. A marker that does not list what it wrote (an older Dossier's, or one that cannot be read): every file
    not of the shape an import writes is the first kind, and a change cannot be told. ``([], [])`` for a folder
    without a marker (the import refuses to touch it anyway)."""
    marker_path = os.path.join(root, MARKER)
    if not os.path.isfile(marker_path):
        return [], []
    try:
        with open(marker_path, encoding="utf-8") as file:
            marker = json.load(file)
    except (OSError, ValueError):
        marker = None
    listed = marker.get(FILES) if isinstance(marker, dict) else None
    wrote = listed if isinstance(listed, dict) else None
    added: list[str] = []
    changed: list[str] = []

    def unlisted(exc: OSError) -> None:  # a folder that cannot be read may hold anything: it is kept
        added.append(os.path.relpath(exc.filename or root, root).replace(os.sep, "/"))

    for folder, dirs, files in os.walk(root, onerror=unlisted):
        base = os.path.relpath(folder, root)
        for name in [*files, *(d for d in dirs if os.path.islink(os.path.join(folder, d)))]:
            rel = name if base == "." else f"{base}/{name}".replace(os.sep, "/")
            path = os.path.join(folder, name)
            if rel == MARKER or name in DESKTOP_FILES:
                continue
            if wrote is None:
                if os.path.islink(path) or not _IMPORT_SHAPE.fullmatch(rel):
                    added.append(rel)
            elif rel not in wrote or os.path.islink(path):
                added.append(rel)
            elif _digest_of(path) != wrote[rel]:
                changed.append(rel)
    return sorted(added), sorted(changed)


def _digest_of(path: str) -> str | None:
    """The digest of a regular file; None for anything else, or a file that cannot be read (not as the import
    wrote it, so it is kept). Never opens a FIFO or a device (that could wait for ever)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        with open(path, "rb") as file:
            return digest(file.read())
    except OSError:
        return None
