"""Where the bundled data and schemas live (the repository this package sits in)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS_DIR = ROOT / "cards"
SCHEMA_DIR = ROOT / "schema"


def names_a_directory(value: str) -> bool:
    """True for a path as typed that ends in a separator (``build/``): ``Path`` would drop it, and a file
    ``build`` would be written where the user named a directory."""
    return value.endswith("/") or (os.sep != "/" and value.endswith(os.sep))
