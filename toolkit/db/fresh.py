"""Is a built database older than the card files it was built from?

``db build`` records a fingerprint of each source directory in the meta table (:func:`fingerprint`: a hash of
every .json file's path, size and modification time, another of its inode and status-change time); ``search`` and
``show`` compare it with the directories now, on every command: one stat of each file, about as cheap as listing
them.
"""

from __future__ import annotations

import hashlib
import json
import os
from array import array
from collections.abc import Iterable, Mapping
from pathlib import Path

META_KEY = "source_fingerprints"

# (path, size, modification time ns, inode, status-change time ns) of one file
_File = tuple[str, int, int, int, int]


def _files(path: Path) -> list[_File]:
    """Each .json file under ``path`` (a file or directory), by its path from ``path`` (a file: its name)."""
    if path.is_file():
        st = path.stat()
        return [(path.name, st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)]
    files: list[_File] = []
    add = files.append
    stack = [str(path)]
    cut = len(os.path.join(stack[0], ""))
    while stack:
        try:
            with os.scandir(stack.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    elif entry.name.endswith(".json") and entry.is_file():
                        st = entry.stat()
                        add((entry.path[cut:], st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns))
        except OSError:
            continue
    files.sort()
    return files


def fingerprint(path: Path) -> dict[str, object]:
    """The .json files under ``path`` (a file or directory): their ``count``; ``files``, a hash of each one's path,
    size and modification time; and ``local``, a hash of each one's inode and status-change time (ctime), which any
    write, rename or ``touch`` changes, even one that puts the size and the modification time back, and so does a
    copy of the whole tree put in its place (``cp -a``, ``tar x``): a change (:func:`same_cards`)."""
    files = _files(path)
    names, sizes, mtimes, inodes, ctimes = zip(*files, strict=True) if files else ((), (), (), (), ())
    kept = hashlib.blake2b("\0".join(names).encode("utf-8", "surrogateescape"), digest_size=16)
    kept.update(array("q", sizes).tobytes() + array("q", mtimes).tobytes())
    local = hashlib.blake2b(array("Q", inodes).tobytes() + array("q", ctimes).tobytes(), digest_size=16)
    return {"count": len(files), "files": kept.hexdigest(), "local": local.hexdigest()}


def _old_fingerprint(path: Path) -> list[int]:
    """The fingerprint of the versions before :func:`fingerprint`'s: [count, newest mtime in ns, total size]."""
    files = _files(path)
    return [len(files), max((file[2] for file in files), default=0), sum(file[1] for file in files)]


def same_cards(recorded: object, now: Mapping[str, object]) -> bool:
    """Whether the files ``now`` fingerprints (:func:`fingerprint`) are those ``recorded`` fingerprinted: the same
    paths, sizes and modification times, and the same inodes and status-change times. A copy of the whole tree put
    in its place (``cp -a``, ``tar x``, a container's layer) or a ``chmod -R`` is a change too: it cannot be told
    from an edit that put the sizes and the modification times back, and a database built again after it records
    the fingerprint of the copy (a database built by a version that kept a ``sample`` of the files is compared
    as this one compares)."""
    if not isinstance(recorded, dict):
        return False
    return all(recorded.get(key) == now[key] for key in ("count", "files", "local"))


def source_prints(sources: Iterable[Path]) -> dict[str, dict[str, object]]:
    """{absolute source path: :func:`fingerprint`}."""
    return {str(Path(s).resolve()): fingerprint(Path(s)) for s in sources}


def fingerprints(sources: Iterable[Path]) -> str:
    """The meta value: {absolute source path: fingerprint}."""
    return json.dumps(source_prints(sources), sort_keys=True)


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


def unchanged(source: str, recorded: object, now: Mapping[str, object] | None = None) -> bool:
    """Whether the directory (or file) ``source`` holds the files ``recorded`` fingerprinted (``now``: its
    fingerprint, when already taken); a fingerprint of an older version ([count, newest mtime, total size]) is
    compared as that version compared it."""
    if isinstance(recorded, list):
        return _old_fingerprint(Path(source)) == recorded
    return same_cards(recorded, now if now is not None else fingerprint(Path(source)))


def missing_sources(meta: Mapping[str, str]) -> list[str]:
    """Source directories (or files) ``db build`` read that are no longer there (deleted, renamed, unmounted); none
    when the sources are not recorded."""
    return [source for source in sorted(recorded_sources(meta) or {}) if not Path(source).exists()]


def changed_sources(
    meta: Mapping[str, str], now: Mapping[str, Mapping[str, object]] | None = None
) -> list[str] | None:
    """Source directories that changed since the build (missing ones are skipped: :func:`missing_sources` names
    them); None if not recorded. ``now``: the fingerprints of the sources taken already (:func:`source_prints`), not
    taken again."""
    recorded = recorded_sources(meta)
    if recorded is None:
        return None
    now = now or {}
    return [
        source
        for source, print_ in sorted(recorded.items())
        if Path(source).exists() and not unchanged(source, print_, now.get(source))
    ]
