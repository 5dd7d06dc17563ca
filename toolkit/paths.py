"""Where the bundled data and schemas live (the repository this package sits in)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS_DIR = ROOT / "cards"
SCHEMA_DIR = ROOT / "schema"
