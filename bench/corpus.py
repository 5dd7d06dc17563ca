"""A generated card corpus for the benchmarks: the bundled data plus renamed clones.

``clone_corpus(target, files)`` copies cards/ (and schema/, so "$schema" paths
resolve) under ``target`` and adds clones of the bundled records, with new ids
and names, until there are ``files`` record files, laid out like cards/.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalog import discover  # noqa: E402
from toolkit.jsonio import canonical_dumps  # noqa: E402


def clone_corpus(target: Path, files: int) -> list[Path]:
    """Build the corpus under ``target``; return every record file in it."""
    shutil.copytree(ROOT / "schema", target / "schema")
    shutil.copytree(ROOT / "cards", target / "cards")
    paths = discover([target / "cards"])
    templates = [p for p in paths if p.name != "game.json" and "/modes/" not in p.as_posix()]
    for i in range(files - len(paths)):
        template = templates[i % len(templates)]
        data = json.loads(template.read_text(encoding="utf-8"))
        data["id"] = f"{data['id']}_{i}"
        data["name"] = {lang: f"{value} {i}" for lang, value in data["name"].items()}
        if data.get("symbol"):
            data["symbol"] = f"{i % 10000:04d}"
        (template.parent / f"{data['id']}.json").write_text(canonical_dumps(data), encoding="utf-8")
    return discover([target / "cards"])
