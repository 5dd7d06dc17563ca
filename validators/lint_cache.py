"""What `dossier lint` found in each file, kept between runs: a file unchanged since is not checked again.

A file's own checks (JSON, layout, schema and model, its ability texts, the characters the print font lacks)
depend on the file alone (and on whether its "$schema" names a file, which is kept with it and asked again), as
lint's worker processes already rely on: their result for a file (what :meth:`validators.lint._Files.work` sends)
is what is kept here, with the file's signature (device, inode, size, modification and status-change times, taken
before it was read) and a digest of its bytes. A later run takes a file's result if the file's signature is the
same now, without reading it; or, if the signature changed (a fresh checkout, a copy, a touch), if its bytes are
the same (the file is read, not checked); any other file is checked as usual. The checks across records (ids,
names, references, maps) are never kept: they run on every run, over every record.

A kept result stands only for the same Dossier, language and print font: the cache file's name is a digest of

- the contents of Dossier's code, grammar, schemas and message catalogs (any change of them, an upgrade or an
  edit of a checkout, starts a new cache),
- the language the findings are worded in,
- the characters the print font has (a user's font build changes them),
- the directories linted, as given, and the working directory (the findings name each file as the walk spelled
  it: ``cards/x.json`` or ``/home/me/cards/x.json``),

and the file holds that digest again, so a file renamed into place is not taken for another.

Files named one by one (``dossier lint cards/x.json``, as an editor lints a file on save) are checked afresh
every time; the other records of their games, which they are checked among, are kept in a cache of their own
(:meth:`LintCache.for_context`: by the games' directories and the card pool, not by how anything was spelled).
From it a record named by no one takes only what the checks across records read (its summary, names and
whether it is private): its own findings are never reported, so none are taken. A directory inside a game
(``dossier lint cards/tactics/cards``) keeps the rest of its game's records with its own files, taken the same way.

The cache lives in
``$XDG_CACHE_HOME/dossier/lint`` (:func:`toolkit.cachedir.user_cache_dir`), never in the linted tree, and is read
only if it belongs to the user running lint and no one else may write it or its directory. It is written with
:mod:`marshal` (plain values only: four times as fast to write as a pickle, and nothing in it is run when it is
read); a finding is kept as its fields, and a model among a record's summarized fields (an equipment, an attack
profile) as its class's name in ``toolkit.models`` and its JSON, validated again when read. Anything wrong with the
file (missing, damaged, written by another version) makes it empty, never an error: it is written again at the end
of the run, atomically (:func:`toolkit.safewrite.write_bytes`). Deleting the directory costs only time.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import marshal
import os
import signal
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from toolkit.findings import Finding

FORMAT = 4
"""The layout of a cache file (and of the results in it); another number starts a new cache."""
KEEP_FILES = 8
"""The cache files kept, the most recently used (each version of Dossier, language and tree linted has its own;
a checkout being edited makes a new one for each change of its code)."""

_SOURCE_SUFFIXES = (".py", ".lark", ".json", ".po", ".mo", ".txt", ".toml")
_HEADER = b"dossier-lint-cache\n"


@functools.cache
def code_digest() -> str:
    """A digest of everything a file's own checks are made of: Dossier's code, grammar and catalogs
    (``toolkit``, ``validators``) and the schemas, with the Python and pydantic versions that run them."""
    import pydantic

    from toolkit.paths import PACKAGE_DIR, SCHEMA_DIR

    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{FORMAT} {sys.version} {pydantic.VERSION}".encode())
    for root in (PACKAGE_DIR, PACKAGE_DIR.parent / "validators", SCHEMA_DIR):
        top = os.path.join(os.fspath(root), "")  # (each path the walk gives starts so: what follows is relpath's)
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            for name in sorted(files):
                if name.endswith(_SOURCE_SUFFIXES):
                    path = os.path.join(folder, name)
                    relative = path[len(top) :] if path.startswith(top) else os.path.relpath(path, root)
                    digest.update(relative.encode("utf-8", "surrogateescape") + b"\0")
                    with contextlib.suppress(OSError), open(path, "rb") as handle:
                        digest.update(handle.read())
                    digest.update(b"\0")
    return digest.hexdigest()


class LintCache:
    """The kept results of one lint's directories (see the module docstring): :meth:`load` them, then
    :meth:`save` the results of this run."""

    def __init__(self, path: Path, key: str) -> None:
        self.path = path
        self.key = key
        self.loaded = 0  # results read (for :meth:`save` to tell whether anything changed)

    @classmethod
    def for_run(
        cls, walked: Iterable[Path], language: str, covered: frozenset[str] | None, folder: Path | None = None
    ) -> LintCache | None:
        """The cache of a lint of the directories ``walked`` (None when no directory was walked: files named one
        by one are checked afresh, among records :meth:`for_context` keeps; or when ``DOSSIER_NO_CACHE`` is
        set, as for Dossier's other caches), its findings worded in ``language``, with the print font's
        characters ``covered``; in ``folder`` (default: the user's cache directory)."""
        # the directories as given, and where from: the findings name each file as the walk spelled it
        roots = sorted({os.fspath(p) for p in walked})
        if not roots:
            return None
        try:
            here = os.getcwd()
        except OSError:  # (a working directory removed: relative paths name nothing)
            return None
        return cls._named([language, here, *roots], covered, folder)

    @classmethod
    def for_context(
        cls,
        games: Iterable[str],
        pool: Iterable[Path],
        language: str,
        covered: frozenset[str] | None,
        folder: Path | None = None,
    ) -> LintCache | None:
        """The cache of the records that files named one by one are checked among: the other records of their
        ``games`` (the games' directories, absolute) and of the card ``pool`` (:func:`toolkit.catalog.
        pool_context`). Its results are taken for those records only, never for a file named (whose findings
        are reported, worded as the file was named), and only what the checks across records read of them (see
        ``validators.lint``), so it holds no spelling of a path; None without games or pool."""
        roots = sorted(set(games))
        pooled = sorted({os.path.abspath(p) for p in pool})
        if not roots and not pooled:
            return None
        return cls._named([language, "context", *roots, "pool", *pooled], covered, folder)

    @classmethod
    def _named(cls, parts: list[str], covered: frozenset[str] | None, folder: Path | None) -> LintCache | None:
        """The cache of a run told apart by ``parts``, Dossier's code and the print font's characters
        ``covered``; in ``folder`` (default: the user's cache directory). None when ``DOSSIER_NO_CACHE`` is set
        or there is no home directory."""
        if os.environ.get("DOSSIER_NO_CACHE"):
            return None
        if folder is None:
            from toolkit.cachedir import user_cache_dir

            try:
                folder = user_cache_dir("lint")
            except (RuntimeError, KeyError, OSError):  # no home directory to be found: no cache
                return None
        font = "-" if covered is None else hashlib.blake2b("".join(sorted(covered)).encode(), digest_size=16).hexdigest()
        parts = [code_digest(), font, *parts]
        key = hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()
        return cls(folder / f"{key}.marshal", key)

    def load(self) -> dict[str, Any]:
        """The kept results by file key (absolute path); empty if there are none that can be trusted."""
        try:
            with open(self.path, "rb") as handle:
                if not _trusted(os.fstat(handle.fileno()), self.path.parent):
                    return {}
                if handle.read(len(_HEADER)) != _HEADER or handle.readline().strip() != self.key.encode():
                    return {}
                found = _decoded(marshal.load(handle))  # (read piece by piece: the bytes are not held whole)
        except Exception:  # noqa: BLE001 - missing, unreadable, damaged or another version's: start afresh
            return {}
        self.loaded = len(found)
        with contextlib.suppress(OSError):
            os.utime(self.path)  # used now: the last to be let go (a run that changes nothing does not write it)
        return found

    def save(self, results: Callable[[], dict[str, Any]], count: int, fresh: int) -> Callable[[], None]:
        """Keep the ``count`` results that ``results()`` gives (by file key, each in its :func:`stored` form) for
        the next run, in place of what was kept; ``fresh``: how many of them this run worked out (none, and as
        many files as before: the file is left as it is). Where the system forks, a child process makes the
        results and writes the file while this one goes on (:func:`~validators.lint.lint_files` calls this once
        the checks across records are done: it returns, the command reports and ends): call what is returned
        to wait for it (or leave it to :func:`wait_for_writers`, or to no one: the command does not wait for
        it). A cache that cannot be written is left out silently: the lint's findings do not depend on it."""
        if not fresh and count == self.loaded:
            return _nothing
        from toolkit.forking import may_fork
        from toolkit.safewrite import write_bytes  # (imported here, not in the child)

        fork = getattr(os, "fork", None) if may_fork() else None
        try:
            child = -1 if fork is None else fork()
        except OSError:
            child = -1
        if child == 0:  # the child: write, and end without running anything of the parent's on exit
            try:
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupted lint is the parent's to stop
                _let_go_of_output()
                self._write(results, write_bytes)
            finally:
                os._exit(0)
        if child < 0:
            self._write(results, write_bytes)
            return _nothing
        _reap()
        WRITERS.append(child)

        def wait() -> None:
            with contextlib.suppress(OSError):
                os.waitpid(child, 0)
            with contextlib.suppress(ValueError):
                WRITERS.remove(child)

        return wait

    def _write(self, results: Callable[[], dict[str, Any]], write_bytes: Callable[..., None]) -> None:
        try:
            data = _HEADER + self.key.encode() + b"\n" + marshal.dumps(results())
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            write_bytes(self.path, data)
            os.chmod(self.path, 0o600)
        except Exception:  # noqa: BLE001 - no room, no permission, a value it cannot keep: no cache
            return
        _prune(self.path.parent)


WRITERS: list[int] = []
"""The processes writing a cache file that no one has waited for yet (``lint_files(..., wait=False)``, as the
command runs it: the command ends while its cache is written; see :func:`wait_for_writers`)."""


def wait_for_writers() -> None:
    """Wait until every cache file this process's lints left being written is written (:data:`WRITERS`)."""
    while WRITERS:
        pid = WRITERS.pop()
        with contextlib.suppress(OSError):
            os.waitpid(pid, 0)


def _reap() -> None:
    """Let go of the writers that have ended (a long-lived process that lints again and again keeps no
    finished child)."""
    for pid in list(WRITERS):
        with contextlib.suppress(OSError):
            if os.waitpid(pid, os.WNOHANG)[0] == 0:
                continue  # (still writing)
        WRITERS.remove(pid)


def _let_go_of_output() -> None:
    """In a writer: standard input, output and error on the null device, so that a pipe the command writes to
    (``dossier lint … | less``, a test capturing its output) ends when the command does, not when its cache is
    written."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)


def _prune(folder: Path) -> None:
    """Let go of all but the :data:`KEEP_FILES` cache files used last in ``folder``."""
    found = []
    for path in folder.glob("*.marshal"):
        with contextlib.suppress(OSError):
            found.append((path.stat().st_mtime_ns, path.name, path))
    for *_, path in sorted(found, reverse=True)[KEEP_FILES:]:
        with contextlib.suppress(OSError):
            path.unlink()


def _nothing() -> None:
    """What :meth:`LintCache.save` returns when there is nothing to wait for."""


def _trusted(status: os.stat_result, folder: Path) -> bool:
    """A cache file may be read only if it and its directory belong to this user and no one else may write
    them (what it holds is what lint reports of each file it names)."""
    uid = os.getuid() if hasattr(os, "getuid") else None
    try:
        checks = (status, os.stat(folder))
    except OSError:
        return False
    for found in checks:
        if uid is not None and found.st_uid != uid:
            return False
        if found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
    return stat.S_ISREG(status.st_mode)


# A result (:func:`validators.lint._result`): (signature, text hash, bom, findings, summary state, names, private,
# texts, fonts, text findings, the "$schema" asked about, the content digest). One with no findings and a state of
# plain values is kept as it is (the text hash 0: it means nothing in another process); any other is marked:
# (Ellipsis, signature, bom, findings as tuples, state encoded, names, private, texts, fonts, text findings as
# tuples, the "$schema" asked, the content digest).
_PLAIN = frozenset({str, int, float, bool, type(None)})


def encode(results: dict[str, Any]) -> bytes:
    """The bytes of ``results`` (by file key) as a cache file holds them after its header."""
    return marshal.dumps({key: stored(*result[:1], *result[2:]) for key, result in results.items()})


def stored(
    signature: bytes | None,
    bom: bool,
    findings: list[Finding] | None,
    state: tuple[Any, ...],
    names: tuple[str, str | None],
    private: bool,
    texts: tuple[Any, ...],
    fonts: dict[str, str] | None,
    text_findings: list[Finding] | None,
    asked: tuple[str, bool] | None,
    content: bytes | None,
) -> tuple[Any, ...]:
    """A result (its parts but the text hash) as the cache file holds it: plain values for :mod:`marshal`."""
    if findings is None and text_findings is None and _plain(state[4:]):  # (game, kind, id, art: strings)
        return (signature, 0, bom, None, state, names, private, texts, fonts, None, asked, content)
    return (..., signature, bom, _findings_out(findings), _value_out(state), names, private, texts, fonts,
            _findings_out(text_findings), asked, content)  # fmt: skip


def decode(data: bytes) -> dict[str, Any]:
    """The results :func:`encode` made ``data`` of (ValueError, EOFError or TypeError if it is not that)."""
    return _decoded(marshal.loads(data))


def _decoded(found: Any) -> dict[str, Any]:
    """The results of what :func:`encode` wrote, read back by :mod:`marshal`."""
    if not isinstance(found, dict):
        raise ValueError("not a cache of results")
    for key, result in found.items():
        if type(result) is tuple and result and result[0] is ...:
            _, signature, bom, findings, state, names, private, texts, fonts, text_findings, asked, content = result
            result = found[key] = (signature, 0, bom, _findings_in(findings), _value_in(state), names, private,
                                   texts, fonts, _findings_in(text_findings), asked, content)  # fmt: skip
        if not _well_formed(result):
            raise ValueError("not a cache of results")
    return found


def _well_formed(result: Any) -> bool:
    """Whether ``result`` has the layout of a result, each part of its type (so that a damaged file that still
    reads as values is not taken for results)."""
    if type(result) is not tuple or len(result) != 12:
        return False
    signature, _, bom, findings, state, names, private, texts, fonts, text_findings, asked, content = result
    return (
        (signature is None or type(signature) is bytes)
        and type(bom) is bool
        and (findings is None or type(findings) is list)
        and type(state) is tuple
        and len(state) >= 4
        and type(names) is tuple
        and len(names) == 2
        and type(private) is bool
        and type(texts) is tuple
        and (fonts is None or type(fonts) is dict)
        and (text_findings is None or type(text_findings) is list)
        and (asked is None or (type(asked) is tuple and len(asked) == 2))
        and (content is None or type(content) is bytes)
    )


def _plain(values: tuple[Any, ...] | list[Any]) -> bool:
    """Whether ``values`` are plain values, or lists or tuples of them (a summary state, most often)."""
    plain = _PLAIN
    for value in values:
        kind = type(value)
        if kind not in plain and not ((kind is list or kind is tuple) and _plain(value)):
            return False
    return True


def _findings_out(findings: list[Finding] | None) -> tuple[tuple[Any, ...], ...] | None:
    if findings is None:
        return None
    return tuple((f.code, f.message, f.severity, f.file, f.pointer, f.line, f.column) for f in findings)


def _findings_in(rows: tuple[tuple[Any, ...], ...] | None) -> list[Finding] | None:
    return None if rows is None else [Finding(*row) for row in rows]


def _value_out(value: Any) -> Any:
    """``value`` in plain values: a model becomes (Ellipsis, its class's module and name, its JSON)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple:
        return tuple(_value_out(item) for item in value)
    if kind is list:
        return [_value_out(item) for item in value]
    if kind is dict:
        return {k: _value_out(item) for k, item in value.items()}
    from pydantic import BaseModel

    if isinstance(value, BaseModel) and kind.__module__.startswith("toolkit.models."):
        return (..., kind.__module__, kind.__qualname__, value.model_dump(mode="json", by_alias=True))
    raise ValueError(f"a value of type {kind.__name__} is not kept")


def _value_in(value: Any) -> Any:
    kind = type(value)
    if kind is tuple:
        if value and value[0] is ...:
            return _model(*value[1:])
        return tuple(_value_in(item) for item in value)
    if kind is list:
        return [_value_in(item) for item in value]
    if kind is dict:
        return {k: _value_in(item) for k, item in value.items()}
    return value


def _model(module: str, name: str, data: Any) -> Any:
    """A model of Dossier's own (a class of a ``toolkit.models`` module that is loaded) from its JSON."""
    from pydantic import BaseModel

    found = sys.modules.get(module) if module.startswith("toolkit.models.") else None
    cls = getattr(found, name, None) if found is not None and name.isidentifier() else None
    if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
        raise ValueError(f"no model {module}.{name}")
    return cls.model_validate(data)
