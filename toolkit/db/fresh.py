"""Is a built database older than the card files it was built from?

``db build`` records a cheap fingerprint of each source directory (record file count, newest
mtime, total size) in the meta table; ``search`` and ``show`` compare it with the directories now.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

META_KEY = "source_fingerprints"


def fingerprint(path: Path) -> list[int]:
    """[count, max mtime in ns, total size] of the .json files under ``path`` (a file or directory)."""
    count = newest = total = 0
    stack = [str(path)]
    if path.is_file():
        st = path.stat()
        return [1, st.st_mtime_ns, st.st_size]
    while stack:
        try:
            with os.scandir(stack.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    elif entry.name.endswith(".json") and entry.is_file():
                        st = entry.stat()
                        count += 1
                        newest = max(newest, st.st_mtime_ns)
                        total += st.st_size
        except OSError:
            continue
    return [count, newest, total]


def fingerprints(sources: Iterable[Path]) -> str:
    """The meta value: {absolute source path: fingerprint}."""
    return json.dumps({str(Path(s).resolve()): fingerprint(Path(s)) for s in sources}, sort_keys=True)


def recorded_sources(meta: Mapping[str, str]) -> dict[str, object] | None:
    """The source directories ``db build`` read, with their fingerprints; None if not recorded."""
    raw = meta.get(META_KEY)
    if raw is None:
        return None
    try:
        recorded = json.loads(raw)
    except ValueError:
        return None
    return recorded if isinstance(recorded, dict) else None


def changed_sources(meta: Mapping[str, str]) -> list[str] | None:
    """Source directories that changed since the build (missing ones are skipped); None if not recorded."""
    recorded = recorded_sources(meta)
    if recorded is None:
        return None
    return [
        source
        for source, print_ in sorted(recorded.items())
        if Path(source).exists() and fingerprint(Path(source)) != print_
    ]
