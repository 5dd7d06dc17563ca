"""The loader: the one place card data is read from disk.

- :func:`discover` expands the paths a user gave into record files.
- :func:`game_root` finds the game directory (the one whose ``game.json`` is a game record)
  a file belongs to, so a single file is always checked in its game's context.
- :func:`load_catalog` reads directories into a :class:`Catalog` of validated
  records, indexed by game, kind and id; bad data raises :class:`DossierError`.
  Dossier's other JSON files (a deck, a saved game: :func:`toolkit.filekinds.not_a_record`) are left out.
"""

from __future__ import annotations

import contextlib
import errno
import operator
import os
import stat
import struct
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import DossierError, and_more, os_reason, shown_path
from .filekinds import not_a_record
from .gcpause import gc_paused
from .i18n import current_lang, tr, word
from .jsonio import JsonSyntaxError, Source, invalid_json, loads_limited, read_canonical, read_source
from .meter import Meter, meter_or_silent
from .models import GAMES, RecordBase, namespace, parse_record

GAME_FILE = "game.json"


@dataclass(frozen=True)
class WalkProblem:
    """Something under a walked directory that hides records: an unreadable directory,
    a symbolic link loop or a dangling link. ``lint`` and ``fmt`` report these (exit 2)."""

    path: Path
    message: str


MAX_WALK_ENTRIES = 300_000
MAX_WALK_FILES = 150_000
"""The most directory entries one walk looks at, and the most record files it collects: the bundled cards
are a few hundred files, every NetrunnerDB card about 2,000, the largest benchmark corpus 100,000; a walk
of / or /proc (through their links) would otherwise go on for many minutes."""


def _ancestors(directory: Path) -> dict[tuple[int, int], Path]:
    """(device, inode) -> path of each directory above ``directory`` (``/proc/1/root`` links to ``/``)."""
    found: dict[tuple[int, int], Path] = {}
    for parent in Path(os.path.realpath(directory)).parents:
        with contextlib.suppress(OSError):
            info = os.stat(parent)
            found[(info.st_dev, info.st_ino)] = parent
    return found


_entry_name = operator.attrgetter("name")


def _iter_json(directory: Path, problems: list[WalkProblem] | None = None) -> Iterator[Path]:
    """The ``*.json`` files under ``directory`` (sorted; hidden entries skipped).

    Symbolic links to directories are followed, but each directory is walked once
    (by device and inode), so a link loop ends the walk of that branch instead of
    looping; loops, dangling links and unreadable directories go to ``problems``.
    """

    def report(path: Path, message: str) -> None:
        if problems is not None:
            problems.append(WalkProblem(path, message))

    try:
        top = os.stat(directory)
    except OSError as exc:
        report(directory, tr("cannot read directory: {reason}", reason=os_reason(exc)))
        return
    visited = {(top.st_dev, top.st_ino)}
    ancestors = _ancestors(directory)  # a link to one of them re-enters this tree from above: a loop too
    found: list[tuple[str, Path, str]] = []  # (the sort key of the path, its directory, its name)
    seen = 0  # entries looked at: a walk of / or /proc (through their links) would not end for minutes
    Chain = tuple[tuple[tuple[int, int], Path], ...]
    stack: list[tuple[Path, Chain]] = [(directory, (((top.st_dev, top.st_ino), directory),))]
    while stack:
        current, chain = stack.pop()
        try:
            with os.scandir(current) as scan:
                entries = list(scan)
        except OSError as exc:
            report(current, tr("cannot read directory: {reason}", reason=os_reason(exc)))
            continue
        subdirs: list[tuple[Path, Chain]] = []
        seen += len(entries)
        if seen > MAX_WALK_ENTRIES or len(found) > MAX_WALK_FILES:
            if len(found) > MAX_WALK_FILES:
                message = tr(
                    "more than {n} {suffix} files under it; card data holds far fewer (the walk stopped)",
                    n=MAX_WALK_FILES,
                    suffix=".json",
                )
            else:
                message = tr(
                    "more than {n} entries under it; card data holds far fewer (the walk stopped)", n=MAX_WALK_ENTRIES
                )
            report(directory, message)
            break
        # the directory listing tells a plain file from the rest without a stat call for each (a symbolic link is
        # none); the rest, in the order of their names, may be reported or walked
        files: list[str] = []
        others: list[os.DirEntry[str]] = []
        for entry in entries:
            name = entry.name
            if name[0] == ".":
                continue
            if name.endswith(".json") and entry.is_file(follow_symlinks=False):
                files.append(name)
            else:
                others.append(entry)
        if files:  # (each path's text as the listing spells it: the directory's, a separator, the name)
            files.sort()  # (in order, the sort of them all below has little left to do)
            prefix = os.path.join(os.fspath(current), "").replace(os.sep, "\0")
            found.extend([(prefix + name, current, name) for name in files])
        others.sort(key=_entry_name)
        for entry in others:
            name = entry.name
            path = Path(entry.path)
            try:
                info = entry.stat()
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    report(path, tr("symbolic link loop (it resolves to itself)"))
                elif entry.is_symlink():
                    with contextlib.suppress(OSError):
                        report(path, tr("dangling symbolic link to {target}", target=repr(os.readlink(path))))
                else:
                    report(path, tr("cannot read: {reason}", reason=os_reason(exc)))
                continue
            if stat.S_ISDIR(info.st_mode):
                key = (info.st_dev, info.st_ino)
                ancestor = next((p for k, p in chain if k == key), None) or ancestors.get(key)
                if ancestor is not None:
                    report(path, tr("symbolic link loop: leads back to {path}", path=repr(str(ancestor))))
                elif key not in visited:  # else: the same directory reached by another link, walked once
                    visited.add(key)
                    subdirs.append((path, (*chain, (key, path))))
            elif stat.S_ISREG(info.st_mode) and name.endswith(".json"):
                found.append((entry.path.replace(os.sep, "\0"), current, name))
            elif name.endswith(".json"):  # a FIFO or device: never opened (a FIFO would wait forever)
                report(path, tr("not a regular file (a FIFO, device or socket); not read"))
        stack.extend(reversed(subdirs))
    # in the order Path's comparison gives (part by part): the order of the paths with each separator replaced
    # by NUL, which sorts before any character of a name (and no name holds); each path made from its directory
    found.sort()
    child = getattr(Path, "_make_child_relpath", None)  # (Python 3.11-3.12: a path made without parsing it again)
    if child is None:
        for _, folder, name in found:
            yield folder / name
        return
    plain = not os.altsep  # (one separator: a listing spells each entry's path as the path itself would)
    last: Path | None = None
    prefix = ""
    for _, folder, name in found:
        path = child(folder, name)
        if folder is not last:  # (the files of a directory come together)
            last = folder
            # the text the path would make when first asked for it (its key, its name): the directory's, a
            # separator and the name, as the listing spells it; but in the walk of ".", whose listing spells
            # "./name" where the path says "name"
            text = os.fspath(folder)
            prefix = os.path.join(text, "") if plain and text != "." else ""
        if prefix:
            path._str = prefix + name
        yield path


def discover(paths: Iterable[Path], problems: list[WalkProblem] | None = None) -> list[Path]:
    """Record files under ``paths`` (directories are walked, hidden entries skipped).

    A path that does not exist is a usage error (exit 2). What hides records
    while walking (see :class:`WalkProblem`) is appended to ``problems`` if given.
    """
    found: list[Path] = []
    seen: set[str] | None = None  # the keys of ``found``, made when a second path is given
    for raw in paths:
        path = Path(raw)
        candidates = path_files(path, problems)
        if candidates is None:
            if os.path.islink(path):
                raise DossierError(tr("{path}: dangling symbolic link or link loop", path=shown_path(path)))
            if path.exists():
                raise DossierError(tr("{path}: not a regular file or directory", path=shown_path(path)))
            raise DossierError(_no_such_path(path))
        walk = not isinstance(candidates, list)  # (a directory's files come from a walk, each once)
        if walk and not found:  # a walk finds each file once
            found.extend(candidates)
            continue
        if seen is None:
            seen = set(map(file_key, found))
        for candidate in candidates:
            key = file_key(candidate)
            if key not in seen:
                seen.add(key)
                found.append(candidate)
    return found


def _no_such_path(path: Path) -> str:
    """The line for a card path that is not there; for ``cards`` beside an ``examples/`` folder (one `dossier
    examples` made without ``--with-cards``, as the documentation's commands name it), with the command that adds
    it."""
    message = tr("{path}: no such file or directory", path=shown_path(path))
    if path.name != "cards" or not (path.parent / "examples").is_dir():
        return message
    folder = "." if str(path.parent) in ("", ".") else shell_word(shown_path(path.parent))
    return tr(
        "{problem}; {command} adds it (the folder was made without {option})",
        problem=message,
        command=f"dossier examples --out {folder} --with-cards",
        option="--with-cards",
    )


def path_files(path: Path, problems: list[WalkProblem] | None = None) -> Iterable[Path] | None:
    """The files :func:`discover` reads for one of its paths: every ``*.json`` file under a directory (a game
    directory, a folder of game directories such as ``cards/``, or a set folder of one game's records as ``import
    csv --into`` writes), a regular file itself; None when ``path`` is neither. The card pool of every command is
    read so (:func:`load_catalog`), and lint's records of the pool are these (:func:`pool_sources`). A directory's
    files come as its walk (an iterator), a file as a list of itself."""
    if path.is_dir():
        return _iter_json(path, problems)
    if path.is_file():
        return [path]
    return None


def file_key(path: Path) -> str:
    """One spelling per file, for telling files apart (cheap: no symlink resolution): its absolute path,
    :func:`os.path.abspath`'s (a path that already is one, as a walk of an absolute directory gives, as it is)."""
    text = os.fspath(path)
    if _NORMAL_SEP and text[:1] == "/" and "//" not in text and "/." not in text and text[-1:] != "/":
        return text  # absolute, and nothing normpath would change: no empty, "." or ".." part, no final "/"
    return os.path.abspath(text)


_NORMAL_SEP = os.sep == "/" and os.altsep is None  # (POSIX paths: the shortcut of file_key holds)


def file_keys(paths: Iterable[Path]) -> list[str]:
    """:func:`file_key` of each of ``paths``, the working directory read once for them all: a relative path's
    key is its folder's (made absolute once a folder) and its name. ``dossier lint cards`` walks relative
    paths; at 100,000 files their keys one by one (:func:`os.path.abspath` each) took 0.15 s, these 0.055 s."""
    if not _NORMAL_SEP:
        return [file_key(path) for path in paths]
    keys: list[str] = []
    folders: dict[str, str] = {}
    cwd: str | None = None
    for path in paths:
        text = os.fspath(path)
        if text[:1] == "/" and "//" not in text and "/." not in text and text[-1:] != "/":
            keys.append(text)  # as file_key: absolute, and nothing normpath would change
            continue
        head, _, name = text.rpartition("/")
        if name in ("", ".", "..") or text[:2] == "//":  # (no name of its own; a leading '//' that POSIX keeps)
            keys.append(os.path.abspath(text))
            continue
        folder = folders.get(head)
        if folder is None:
            if cwd is None:
                cwd = os.getcwd()
            # abspath's: normpath of the path joined to the working directory; a plain last name only adds itself
            folder = folders[head] = os.path.normpath(os.path.join(cwd, head)) if head else cwd
        keys.append(folder + name if folder.endswith("/") else f"{folder}/{name}")
    return keys


def game_root(directory: Path) -> Path | None:
    """The nearest directory, ``directory`` or an ancestor, whose game.json is a game record (:func:`game_of`):
    a saved game, a deck or any other file of that name (``dossier simulate … --save game.json``) is not one."""
    for parent in (directory, *directory.parents):
        if game_of(parent / GAME_FILE) is not None:
            return parent
    return None


MAX_GAME_FILE_BYTES = 2**20
"""The largest file :func:`game_of` reads (1 MiB; a game record is some 10 KiB): a larger game.json (a long saved
game) is not read to be told apart, as every directory above a linted file is asked about."""

_GAME_OF: dict[bytes, str] = {}  # what game_of found ("": none), by the file's signature_of (one version of a file)
_GAME_OF_MAX = 1024


def game_of(path: Path) -> str | None:
    """The game of the game record at ``path`` (its ``game``, with ``kind`` "game", as every game.json the catalog
    loads says), or None when ``path`` is none: missing, not a regular file (never opened if a FIFO or a device),
    unreadable, larger than :data:`MAX_GAME_FILE_BYTES`, not UTF-8 or not JSON, or another JSON file (a saved
    game, a deck, a record of another kind). Each version of a file is read once (:func:`signature_of`)."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_GAME_FILE_BYTES:
        return None
    signature = signature_of(status)
    known = _GAME_OF.get(signature)  # (one lookup: the web app's threads may clear it meanwhile)
    if known is not None:
        return known or None
    source = read_source(path, MAX_GAME_FILE_BYTES)
    game = ""  # (none)
    if source.text is not None:
        try:
            data = loads_limited(source.text)
        except (JsonSyntaxError, RecursionError):
            data = None
        if isinstance(data, dict) and data.get("kind") == "game" and isinstance(data.get("game"), str):
            game = data["game"]  # ("" is no game's name)
    if len(_GAME_OF) >= _GAME_OF_MAX:
        _GAME_OF.clear()
    _GAME_OF[signature] = game
    return game or None


_TEXT, _ERROR, _IO_ERROR, _ERRNO, _BOM = (Source.__dict__[name] for name in ("text", "error", "io_error", "errno", "bom"))
_TEXT_SET, _ERROR_SET, _IO_ERROR_SET, _ERRNO_SET, _BOM_SET = (
    slot.__set__ for slot in (_TEXT, _ERROR, _IO_ERROR, _ERRNO, _BOM)
)
_UNREAD, _READ, _RELEASED = "unread", "read", "released"  # a FileSource's state


class FileSource(Source):
    """A file's :class:`~toolkit.jsonio.Source` that reads the file (:func:`~toolkit.jsonio.read_source`) when
    its text, or why it cannot be read, is first asked for: a list of 100,000 of them holds no text until each
    is used. :meth:`release` lets the text go; asked for again, the file is read again."""

    __slots__ = ("_state", "signature")

    def __init__(self, path: Path) -> None:
        self.path = path
        self._state = _UNREAD
        # the :func:`signature_of` the file as it was first read here (taken before reading), else None
        self.signature: bytes | None = None

    def _load(self) -> None:
        first = self._state is _UNREAD
        read = read_source(self.path, on_status=self._keep_signature if first else None)
        for slot, value in ((_TEXT, read.text), (_ERROR, read.error), (_IO_ERROR, read.io_error),
                            (_ERRNO, read.errno), (_BOM, read.bom)):  # fmt: skip
            slot.__set__(self, value)
        self._state = _READ

    def _get(self, slot: Any) -> Any:
        if self._state is not _READ and (self._state is _UNREAD or slot is _TEXT):
            self._load()
        return slot.__get__(self, FileSource)

    def _set(self, slot: Any, value: Any) -> None:
        if self._state is not _READ and (self._state is _UNREAD or slot is _TEXT):
            self._load()
        slot.__set__(self, value)

    @property
    def text(self) -> str | None:
        return self._get(_TEXT)

    @text.setter
    def text(self, value: str | None) -> None:
        self._set(_TEXT, value)

    @property
    def error(self) -> str | None:
        return self._get(_ERROR)

    @error.setter
    def error(self, value: str | None) -> None:
        self._set(_ERROR, value)

    @property
    def io_error(self) -> bool:
        return self._get(_IO_ERROR)

    @io_error.setter
    def io_error(self, value: bool) -> None:
        self._set(_IO_ERROR, value)

    @property
    def errno(self) -> int | None:
        return self._get(_ERRNO)

    @errno.setter
    def errno(self, value: int | None) -> None:
        self._set(_ERRNO, value)

    @property
    def bom(self) -> bool:
        return self._get(_BOM)

    @bom.setter
    def bom(self, value: bool) -> None:
        self._set(_BOM, value)

    def release(self) -> None:
        """Let the text go (the file is read again if it is asked for again; what else was learned from
        reading it stays)."""
        if self._state is _READ:
            _TEXT.__set__(self, None)
            self._state = _RELEASED

    def _keep_signature(self, status: os.stat_result) -> None:
        self.signature = signature_of(status)

    @property
    def unread(self) -> bool:
        """Whether nothing has been read from the file yet."""
        return self._state is _UNREAD

    @property
    def holds_text(self) -> bool:
        """Whether the file's text (or why it cannot be read) is held now: asking for it reads nothing."""
        return self._state is _READ

    def read_elsewhere(self, bom: bool) -> None:
        """What another process learned reading the file (lint's workers): it reads, with or without a byte
        order mark (``bom``). The text is not held: it is read if asked for, as after :meth:`release`."""
        _TEXT_SET(self, None)  # (the slots set one by one: lint's parent does this for half of 100,000 files)
        _ERROR_SET(self, None)
        _IO_ERROR_SET(self, False)
        _ERRNO_SET(self, None)
        _BOM_SET(self, bom)
        self._state = _RELEASED


def signature_of(status: os.stat_result) -> bytes:
    """What tells a file's versions apart without reading it: its device, inode, size and times of change (the
    status change time in nanoseconds moves on every write, and no one sets it back), packed (40 bytes: lint
    keeps one for each of 100,000 files)."""
    return _SIGNATURE.pack(status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


_SIGNATURE = struct.Struct("<QQQqq")


def file_signature(path: Path | str) -> bytes | None:
    """:func:`signature_of` the file at ``path``; None if it cannot be told."""
    try:
        return signature_of(os.stat(path))
    except (OSError, ValueError):
        return None


def context_sources(
    targets: list[Path],
    walked: Iterable[Path] = (),
    keys: Sequence[str] | None = None,
    folders: set[str] | None = None,
) -> tuple[list[Source], set[str]]:
    """Sources for ``targets`` plus every other record of their games.

    Returns all sources (targets first, in order) and the :func:`file_key` of
    each target, so checks that span records see the whole game while findings
    are reported only for what the user asked about. Each file is read when its
    source is first used (:class:`FileSource`), so the list holds no text at first.

    ``walked``: directories :func:`discover` walked whole (without a walk problem) to find
    ``targets``; a game directory inside one of them has no record that is not a target,
    so it is not walked a second time (``dossier lint cards`` walks the tree once). ``keys``: the
    :func:`file_key` of each target, when the caller has them already; ``folders``: their directories
    (:func:`os.path.dirname` of each key), likewise.
    """
    wanted = set(keys) if keys is not None else {file_key(p) for p in targets}
    sources: list[Source] = [FileSource(p) for p in targets]
    directories = folders if folders is not None else {os.path.dirname(key) for key in wanted}
    roots = {root for d in directories if (root := game_root(Path(d))) is not None}
    done = [os.path.join(file_key(w), "") for w in walked]
    for root in sorted(roots):
        if any(os.path.join(str(root), "").startswith(prefix) for prefix in done):
            continue
        for extra in _iter_json(root):
            if file_key(extra) not in wanted:
                sources.append(FileSource(extra))
    return sources, wanted


def pool_context(
    sources: list[Source],
    wanted: set[str],
    pool: Sequence[Path],
    keys: Sequence[str] | None = None,
    folders: set[str] | None = None,
    shadowed: dict[tuple[str, str, str], Path] | None = None,
) -> list[Source]:
    """The records to read beside ``sources`` (from :func:`context_sources`) for its targets in no game
    directory (a designer's new cards, a map alone): their games' records in ``pool`` (the configured card
    pool, :func:`pool_sources`), as ``import csv`` reads new rows, so their references to the pool's agents,
    modes and cards resolve. Targets in a game directory (``cards/tactics``) need none. ``keys``: the
    :func:`file_key` of the first sources, the targets, when the caller has them (``dossier lint`` of a tree
    with a ``schema/`` beside ``cards/`` then takes no key of the 100,000 other files, some 0.15 s); ``folders``:
    the targets' directories, when the caller has them (as :func:`context_sources` takes them); ``shadowed``: given,
    it is told the pool records a target stands for (as :func:`pool_sources` tells them)."""
    if not pool:
        return []
    # the directories of the targets in no game directory (many records share one, and most are in one)
    if folders is None:
        folders = {os.path.dirname(key) for key in (keys if keys is not None else wanted)}
    outside = {folder for folder in folders if game_root(Path(folder)) is None}
    if not outside:
        return []
    if keys is not None:  # the targets come first in sources (the rest their games' other records)
        loose = [s for s, key in zip(sources, keys, strict=False) if os.path.dirname(key) in outside]
    else:
        loose = [s for s in sources if (key := file_key(s.path)) in wanted and os.path.dirname(key) in outside]
    return pool_sources(loose, pool, lambda: wanted | {file_key(s.path) for s in sources}, shadowed)


def _within(path: str, root: str) -> bool:
    """``path`` (absolute) is ``root`` or below it."""
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _real_key(key: str, folders: dict[str, str]) -> str:
    """``key`` (a :func:`file_key`) with the symbolic links of its folder resolved (:func:`os.path.realpath`, once
    for each folder in ``folders``): one spelling of a place, where a folder reached through a link has two. The
    file's own name is kept (a file that is a link is where it lies: a pool listing its folder walks it there)."""
    head, _, name = key.rpartition(os.sep)
    real = folders.get(head)
    if real is None:
        real = folders[head] = os.path.realpath(head or os.sep)
    return os.path.join(real, name)


def _record_key(source: Source) -> tuple[str, str, str] | None:
    """(game, kind namespace, id) of a record file's text, or None when it is not one (lint says why): read as
    :func:`iter_records` reads a record, within the JSON limits (a file nested past them is no record, not a
    RecursionError)."""
    text = source.text
    if text is None:
        return None
    canonical = read_canonical(text)  # the common record file: orjson's read
    try:
        data = canonical[0] if canonical is not None else loads_limited(text)
    except JsonSyntaxError:
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("game", "kind", "id")):
        return None
    return data["game"], namespace(data["kind"]), data["id"]


def pool_sources(
    loose: list[Source],
    pool: Sequence[Path],
    skipped: Callable[[], set[str]],
    shadowed: dict[tuple[str, str, str], Path] | None = None,
) -> list[Source]:
    """The records of ``pool`` of the games of ``loose`` (record files in no game directory): of the files every
    other command reads of the pool (:func:`path_files` of each path, as :func:`load_catalog` reads it: a folder of
    game directories, a game directory or a set folder of records alike), those of those games. A pool record with
    the same game, kind and id as one of ``loose`` outside the pool is left out (the file being linted, a draft
    of a revised card, stands for it; one in a folder of the pool is a second record of that id, which the pool
    cannot load, and is told so), and so is a file whose key is in ``skipped()`` (asked only when some of
    ``loose`` is a record of a game). ``shadowed``, given, is told each pool record left out for one of ``loose``:
    its (game, kind namespace, id) and its file (lint warns that a pool listing both cannot load them). Whether a
    file is in the pool, or is one already read, is asked of the folders symbolic links lead to (a pool reached
    through a link holds the set folders in its folder); the files keep the paths they were given or found by."""
    found = [(key, s) for s in loose if (key := _record_key(s)) is not None]
    games = {key[0] for key, _ in found}
    if not games:
        return []
    # where the files are: a pool (or a set folder) reached through a symbolic link is the folder it leads to
    folders: dict[str, str] = {}
    roots = [os.path.realpath(base) for base in pool]
    keys = {key for key, s in found if not any(_within(_real_key(file_key(s.path), folders), r) for r in roots)}
    skip = skipped()
    real_skip: set[str] | None = None  # skip's files by their real folders, made when a pool file is not in skip
    out: list[Source] = []
    for base in pool:
        # the files every other command reads of this pool path (load_catalog's): a game directory, a folder of
        # game directories (``cards/``) or a set folder (``import csv --into set-a``) alike; a missing path, none
        # (the game directories of other games in it are not read: none of their records is of these games)
        others = tuple(
            file_key(Path(base) / game) + os.sep
            for game in GAMES
            if game not in games and (Path(base) / game / GAME_FILE).is_file()
        )
        for extra in path_files(Path(base)) or ():
            spelled = file_key(extra)
            if spelled in skip or (others and spelled.startswith(others)):
                continue
            if real_skip is None:
                real_skip = {_real_key(k, folders) for k in skip}
            real = _real_key(spelled, folders)
            if real in real_skip:  # one of loose (or a pool file taken) by another name
                continue
            source = read_source(extra)
            key = _record_key(source)
            if key is None or key[0] not in games:
                continue
            if key not in keys:
                out.append(source)
                skip.add(spelled)
                real_skip.add(real)
            elif shadowed is not None:
                shadowed.setdefault(key, extra)
    return out


@dataclass
class Catalog:
    """Validated records, indexed. Built by :func:`load_catalog`."""

    records: list[RecordBase] = field(default_factory=list)
    files: dict[tuple[str, str, str], Path] = field(default_factory=dict)
    _index: dict[tuple[str, str, str], RecordBase] = field(default_factory=dict)
    _by_kind: dict[tuple[str, str], list[RecordBase]] = field(default_factory=lambda: defaultdict(list))

    def add(self, record: RecordBase, path: Path) -> None:
        game, kind = record.game, record.kind  # type: ignore[attr-defined]
        key = (game, namespace(kind), record.id)
        if key in self._index:
            raise DossierError(
                tr(
                    "{path}: duplicate id {id} in {game} (also {other})",
                    path=path,
                    id=repr(record.id),
                    game=word("game", game, current_lang()),
                    other=self.files[key],
                ),
                exit_code=1,
            )
        self._index[key] = record
        self.files[key] = path
        self.records.append(record)
        self._by_kind[(game, kind)].append(record)

    def get(self, game: str, record_id: str, kind: str = "card") -> RecordBase | None:
        return self._index.get((game, namespace(kind), record_id))

    def file_of(self, record: RecordBase) -> Path | None:
        """The file ``record`` was read from (card art is found relative to it)."""
        return self.files.get((record.game, namespace(record.kind), record.id))  # type: ignore[attr-defined]

    def of_kind(self, game: str, kind: str) -> list[RecordBase]:
        return list(self._by_kind.get((game, kind), []))

    def games(self) -> list[str]:
        return sorted({r.game for r in self.records})  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.records)


def shell_word(text: object) -> str:
    """``text`` as one word of a command to paste into a shell: as it is when it is letters (of any script), digits
    and ``@%+=:,./-_``, else quoted (:func:`shlex.quote`: ``'my set 2'``; ``数量表.pdf`` stays as it is)."""
    import shlex

    shown = str(text)
    if shown and all(c.isalnum() or c in "@%+=:,./-_" for c in shown):
        return shown
    return shlex.quote(shown)


def _invalid_record(path: Path, text: str, data: Any, exc: ValidationError) -> str:
    """The error of a record file the model refuses: the file, line and column of the first problem, its place in
    the record (a JSON pointer) and what is wrong in the current language (:func:`toolkit.model_errors.model_error`,
    as lint says it), and the lint that lists every problem."""
    from .jsonio import loc_pointer, pointer_position, value_positions
    from .model_errors import model_error

    first = exc.errors()[0]
    loc = tuple(first["loc"])
    # (only a missing field's last item names a member the record lacks: another's may be a union's tag, 'tactics')
    where = loc_pointer(data, loc if first.get("type") == "missing" else (*loc, None))
    line, column = pointer_position(value_positions(text, [where]), where)
    return tr(
        "{where}: invalid record at {pointer}: {problem} (run {command} for every problem)",
        where=f"{path}:{line}:{column}",
        pointer=repr(where or "/"),
        problem=model_error(first),
        command=f"`dossier lint {shell_word(path)}`",
    )


def load_catalog(paths: Iterable[Path], *, meter: Meter | None = None) -> Catalog:
    """Read and validate every record under ``paths``.

    The first bad file stops the load with a one-line error naming the file and
    place; ``dossier lint`` lists every problem. ``meter`` counts the files read
    (:mod:`toolkit.meter`).
    """
    catalog = Catalog()
    with gc_paused():  # every record lives on: the collector's passes over them were a quarter of the load
        for record, path in iter_records(paths, meter=meter):
            catalog.add(record, path)
    return catalog


def iter_records(paths: Iterable[Path], *, meter: Meter | None = None) -> Iterator[tuple[RecordBase, Path]]:
    """Each record under ``paths`` with its file, read and validated one at a time (what
    :func:`load_catalog` keeps): for work that need not hold every record at once (``db build``).

    A bad file or a second record with the same id raises as :func:`load_catalog` does, when it is
    reached. ``meter`` counts the files read (:mod:`toolkit.meter`).
    """
    problems: list[WalkProblem] = []
    found = discover(paths, problems)
    if problems:  # a record the walk could not reach would silently leave the pool
        problem = problems[0]
        if len(problems) > 1:
            raise DossierError(and_more(tr("{path}: {problem}", path=problem.path, problem=problem.message),
                                        len(problems) - 1))  # fmt: skip
        raise DossierError(tr("{path}: {problem}", path=problem.path, problem=problem.message))
    count = meter_or_silent(meter)
    count.start(tr("reading files"), len(found))
    seen: dict[tuple[str, str, str], Path] = {}
    for path in found:
        source = read_source(path)
        if source.text is None:  # not UTF-8 is a problem of what was read (1), as invalid JSON is; else 2
            raise DossierError(
                tr("{path}: cannot read: {reason}", path=path, reason=source.error),
                exit_code=2 if source.io_error else 1,
            )
        canonical = read_canonical(source.text)  # the common record file: orjson's read, checked canonical
        try:
            data = canonical[0] if canonical is not None else loads_limited(source.text)
        except JsonSyntaxError as exc:
            raise DossierError(invalid_json(path, exc), exit_code=1) from None
        if isinstance(data, dict) and "kind" not in data and not_a_record(data) is not None:
            count.advance()  # a deck, a saved game, …: lint warns of it (and names its command); the pool leaves it
            continue
        try:
            record = parse_record(data)
        except ValidationError as exc:
            raise DossierError(_invalid_record(path, source.text, data, exc), exit_code=1) from None
        key = (record.game, namespace(record.kind), record.id)  # type: ignore[attr-defined]
        if key in seen:
            raise DossierError(
                tr(
                    "{path}: duplicate id {id} in {game} (also {other})",
                    path=path,
                    id=repr(record.id),
                    game=word("game", key[0], current_lang()),
                    other=seen[key],
                ),
                exit_code=1,
            )
        seen[key] = path
        yield record, path
        count.advance()
