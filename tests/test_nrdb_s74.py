"""A NetrunnerDB card listing a subtype twice imports with it once (a guard, session 74: the card models refuse a value
listed twice now, so an import keeping the repeat would refuse the card (or fail lint) for the data's slip."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

from toolkit.catalog import context_sources, discover
from toolkit.i18n import use_lang
from toolkit.importers import import_netrunnerdb
from validators.lint import lint_sources

from .conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _imported(root: Path, into: Path) -> dict[str, Any]:
    with use_lang("en"):
        import_netrunnerdb(root, into, today=date(2026, 12, 7))
    sources, wanted = context_sources(discover([into]))
    errors = [f.format() for f in lint_sources(sources, wanted).findings if f.severity == "error"]
    assert errors == []
    found = [_read(p) for p in into.rglob("*.json") if p.parent.name == "cards" and _read(p)["id"] == "tidewater_accord"]
    assert len(found) == 1
    return found[0]


def test_a_v2_subtype_listed_twice_is_imported_once(tmp_path: Path) -> None:
    root = tmp_path / "src"
    shutil.copytree(FIXTURES / "netrunnerdb_v2", root)
    card = root / "v2" / "cards" / "tidewater_accord.json"
    _write(card, {**_read(card), "subtypes": ["initiative", "initiative"]})
    assert _imported(root, tmp_path / "pool")["subtypes"] == ["initiative"]


def test_a_v1_keyword_listed_twice_is_imported_once(tmp_path: Path) -> None:
    root = tmp_path / "src"
    shutil.copytree(FIXTURES / "netrunnerdb_v1", root)
    pack = root / "pack" / "sd.json"
    _write(pack, [{**e, "keywords": "Initiative - Initiative"} if e["title"] == "Tidewater Accord" else e
                  for e in _read(pack)])  # fmt: skip
    assert _imported(root, tmp_path / "pool")["subtypes"] == ["initiative"]
