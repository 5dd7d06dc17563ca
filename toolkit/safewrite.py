"""Every file and directory Dossier writes goes through here.

Rules (one place, so every writer behaves the same):

- The target is checked first. A directory, a symbolic link, a FIFO, a device
  or a socket is never replaced: writing there is refused with one line naming
  the path (:class:`WriteError`). Only a regular file (or nothing) may be
  replaced; whether replacing an existing file is allowed at all (``--force``) is
  the caller's decision. ``follow_symlinks=True`` (for rewriting a user's own
  file in place, as ``fmt`` does) writes to the regular file a link points to
  and keeps the link.
- The data goes to a temporary file in the target's directory, named
  ``.<name>.dossier-tmp-<pid>-<hex>``, which is fsynced and renamed over the
  target; the directory is fsynced after. A reader sees the old file or the new
  one. On any error (or a signal turned into an exception) the temporary file is
  removed and the old file is left as it was. Where that name would be longer than
  the file system takes, ``<name>`` is cut (:func:`temp_name`), so that any name
  the file system takes can be written.
- A run that was killed cannot clean up, so a write first sweeps the directory:
  leftovers of that pattern whose process is gone (or that are older than
  :data:`STALE_AFTER` seconds, in case the pid was reused) are removed. A process
  sweeps a directory once per :data:`RESWEEP_AFTER` seconds, not before every file
  (listing a directory of thousands of cards for each of them made ``fmt`` quadratic).
- A whole tree (``import``) is built in a sibling ``.<name>.dossier-tmp-…``
  directory and swapped in with two renames (:func:`replace_dir`); the old tree
  is kept as ``.<name>.dossier-old-…`` until the new one is in place. A sweep
  puts a kept old tree back if a kill left no tree at all, so nothing a user
  had is lost.
- Data made piece by piece (a sheet of any number of rows) goes through :func:`write_stream`: the
  pieces are written to the temporary as they come, and the same rename (or removal, on an error)
  ends it.
- Errors are :class:`WriteError`: a :class:`~toolkit.errors.DossierError` (one
  line, exit 2) that is also an :class:`OSError`, so callers that catch
  ``OSError`` keep working; its ``strerror`` is the short reason.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from .errors import DossierError, os_reason
from .i18n import N_, current_lang, t_beside, tr
from .meter import Meter, meter_or_silent

STALE_AFTER = 15 * 60
"""Seconds after which a leftover temporary is removed even if its pid is running (pids get reused)."""

TMP_TAG = "dossier-tmp"
OLD_TAG = "dossier-old"
_LEFTOVER = re.compile(
    r"^\.(?P<name>.+)\.(?P<tag>dossier-tmp|dossier-old|import|old)-(?P<pid>\d+)(?:-[0-9a-f]+)?(?P<cut>-cut)?$"
)


class WriteError(DossierError, OSError):
    """A target that must not or cannot be written; the message names the path. ``reason`` is worded in the
    current language (:func:`toolkit.i18n.tr`, :func:`toolkit.errors.os_reason`), as the message is."""

    def __init__(self, path: Path | str, reason: str, code: int = errno.EIO) -> None:
        DossierError.__init__(self, tr("{path}: cannot write: {reason}", path=path, reason=reason))
        self.errno = code
        self.strerror = reason
        self.filename = str(path)

    def __str__(self) -> str:
        return self.message


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return tr("is a directory")
    if stat.S_ISLNK(mode):
        return tr("is a symbolic link; not replaced")
    if stat.S_ISFIFO(mode):
        return tr("is a FIFO, not a regular file; not replaced")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return tr("is a device, not a regular file; not replaced")
    if stat.S_ISSOCK(mode):
        return tr("is a socket, not a regular file; not replaced")
    return tr("is not a regular file; not replaced")


def check_target(path: Path, *, follow_symlinks: bool = False, writable: bool = False) -> Path:
    """The file to write for ``path``, or :class:`WriteError` (see the module docstring). ``writable``: a file must
    also be creatable in its folder (:func:`cannot_write`: refused with the file system's reason, read-only or no
    permission), for a command that checks its output before long work rather than failing after it."""
    path = Path(path)
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    except OSError as exc:
        raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
    if info is not None and stat.S_ISLNK(info.st_mode) and follow_symlinks:
        try:
            real = Path(os.path.realpath(path, strict=True))
        except OSError:
            raise WriteError(path, tr("is a dangling symbolic link; not replaced"), errno.ENOENT) from None
        return check_target(real, writable=writable)
    if info is not None and not stat.S_ISREG(info.st_mode):
        code = errno.EISDIR if stat.S_ISDIR(info.st_mode) else errno.EEXIST
        raise WriteError(path, _kind(info.st_mode), code)
    parent = _parent(path)
    try:
        parent_info = os.stat(parent)
    except FileNotFoundError:
        raise WriteError(path, tr("directory {path} does not exist", path=parent), errno.ENOENT) from None
    except OSError as exc:
        raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
    if not stat.S_ISDIR(parent_info.st_mode):
        raise WriteError(path, tr("{path} is not a directory", path=parent), errno.ENOTDIR)
    blocked = cannot_write(parent) if writable else None
    if blocked is not None:
        raise WriteError(path, os_reason(blocked), blocked.errno or errno.EIO)
    return path


def check_output_file(out: Path, force: bool) -> None:
    """A file a command is about to write (``deck convert --out``, ``export csv --out``): not a directory, in a
    directory that exists, and an existing file replaced only with ``--force``; else a one-line DossierError."""
    from toolkit.errors import DossierError

    if out.is_dir():
        raise DossierError(tr("{path}: is a directory; give a file name", path=out))
    if out.exists() and not force:
        raise DossierError(tr("{path}: already exists; use {option} to replace it", path=out, option="--force"))
    if not out.parent.is_dir():
        if out.parent.exists():
            raise DossierError(tr("{path}: not a directory", path=out.parent))
        raise DossierError(tr("{path}: no such directory", path=out.parent))


class OutputKind(NamedTuple):
    """What an output file of one kind looks like: ``test(head)`` is true for the first bytes of one."""

    what: str  # for messages, marked with N_ and worded where used: "a {format} file"
    test: Callable[[bytes], bool]
    format: str = ""  # the {format} of ``what``: "PDF"
    force: str = ""  # the option of the command that replaces another file all the same ("--force"): see :func:`replacing`


def replacing(kind: OutputKind, force: bool | None) -> OutputKind | None:
    """The ``replaces=`` of a write of ``kind`` (:func:`write_bytes`) by a command with a ``--force`` option: with
    ``force`` given (True), whatever regular file is there is replaced (None: only :func:`check_target`'s refusals);
    without it (False), a file that is no ``kind`` is kept and its refusal says ``--force`` replaces it. ``force``
    None is for a command without that option: its refusal says to delete the file or choose another name."""
    if force:
        return None
    return kind if force is None else kind._replace(force="--force")


def starts_with(*prefixes: bytes) -> Callable[[bytes], bool]:
    """A test for an :class:`OutputKind`: the file starts with one of ``prefixes`` (after a BOM and blanks)."""

    def test(head: bytes) -> bool:
        return head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(prefixes)

    return test


def json_object(test: Callable[[dict[str, Any]], bool]) -> Callable[[bytes], bool]:
    """A test for an :class:`OutputKind`: the file is a JSON object (after a BOM) for which ``test`` holds: a saved
    game, a balance report, an unfilled deal. A file too large to read whole here, or no JSON, is no such file."""

    def is_it(head: bytes) -> bool:
        import json

        try:
            data = json.loads(head.decode("utf-8-sig"))
        except (ValueError, RecursionError):
            return False
        return isinstance(data, dict) and test(data)

    return is_it


def _dossier_pdf(data: bytes) -> bool:
    """A PDF Dossier wrote: its document information names Dossier as its creator (every PDF Dossier writes
    does; a user's own PDF, a tax return, a rule book, does not and is not replaced)."""
    return starts_with(b"%PDF-")(data) and b"/Creator (Dossier)" in data


PDF = OutputKind(N_("a {format} file Dossier wrote"), _dossier_pdf, "PDF")
PNG = OutputKind(N_("a {format} image"), starts_with(b"\x89PNG\r\n\x1a\n"), "PNG")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_MARK = b"Software\x00Dossier"
"""The text of the tEXt chunk :func:`mark_png` puts into a PNG: the ``Software`` keyword (PNG's own) naming Dossier."""


def _png_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """The (type, data) of each whole chunk of the PNG ``data`` (none when it is no PNG), up to the image data."""
    if not data.startswith(PNG_SIGNATURE):
        return
    at = len(PNG_SIGNATURE)
    while at + 8 <= len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        kind = data[at + 4 : at + 8]
        if kind in (b"IDAT", b"IEND") or at + 12 + size > len(data):
            return
        yield kind, data[at + 8 : at + 8 + size]
        at += 12 + size


def mark_png(data: bytes) -> bytes:
    """The PNG ``data`` with a tEXt chunk ``Software: Dossier`` after its header (once): an image that
    :data:`DOSSIER_PNG` recognises as Dossier's, to be replaced by the next run (a user's image is not)."""
    import zlib

    if _dossier_png(data) or not data.startswith(PNG_SIGNATURE):
        return data
    header_end = len(PNG_SIGNATURE) + 12 + int.from_bytes(data[8:12], "big")  # IHDR comes first
    chunk = b"tEXt" + PNG_MARK
    block = len(PNG_MARK).to_bytes(4, "big") + chunk + zlib.crc32(chunk).to_bytes(4, "big")
    return data[:header_end] + block + data[header_end:]


def _dossier_png(data: bytes) -> bool:
    """A PNG Dossier wrote (:func:`mark_png`): a card image, a Tabletop Simulator sheet. A user's own image,
    card art drawn by hand, has no such chunk and is not replaced."""
    return any(kind == b"tEXt" and body == PNG_MARK for kind, body in _png_chunks(data))


DOSSIER_PNG = OutputKind(N_("a {format} image Dossier wrote"), _dossier_png, "PNG")
SVG = OutputKind(N_("an {format} image"), starts_with(b"<?xml", b"<svg"), "SVG")
HTML = OutputKind(N_("an {format} page"), starts_with(b"<!DOCTYPE html", b"<!doctype html", b"<html"), "HTML")
SVG_MARK = "<!-- Generator: Dossier -->"
"""The comment every ``.svg`` file Dossier writes (:func:`toolkit.board.draw.to_svg`) has first in its root
element: what :data:`DOSSIER_SVG` recognises."""
HTML_MARK = '<meta name="generator" content="Dossier">'
"""The element every HTML page Dossier writes (:func:`toolkit.board.replay.render_page`) has in its head, HTML's own
way to name the program that wrote a page: what :data:`DOSSIER_HTML` recognises."""
_OLDER_SVG = re.compile(
    rb'<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http://www\.w3\.org/2000/svg" width="[0-9.]+" '
    rb'height="[0-9.]+" viewBox="0 0 [0-9.]+ [0-9.]+" font-family="\'Dossier Sans SC\', \'Noto Sans CJK SC\', '
    rb'\'Source Han Sans SC\', \'Microsoft YaHei\', sans-serif" role="img">\n'
)
"""The start of an ``.svg`` file Dossier wrote before :data:`SVG_MARK` (``map render``): the same in every version,
its root naming the bundled font (Dossier Sans SC) first."""
_OLDER_REPLAY = re.compile(
    rb'<!DOCTYPE html>\n<html lang="[A-Za-z-]*">\n<head>\n<meta charset="utf-8">\n'
    rb'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>'
)
_OLDER_REPLAY_PARTS = (
    b"</head>\n<body>\n<header>\n<h1>",
    b'</h1>\n<nav>\n<button id="prev" type="button" title="',
    b'<input id="step" type="range" min="0" max="',
    b'<span id="where">',
    b'<ol id="log">',
)
"""An HTML replay Dossier wrote before :data:`HTML_MARK` (``simulate --replay``, ``map replay``): the start of its head
and the step controls and log of its page, the same in every version."""


def _dossier_svg(data: bytes) -> bool:
    """An SVG image Dossier wrote: :data:`SVG_MARK` first in its root element, or an earlier version's start
    (:data:`_OLDER_SVG`). A user's own drawing has neither and is not replaced."""
    text = data.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not text.startswith((b"<?xml", b"<svg")) or (root := text.find(b"<svg")) < 0 or (end := text.find(b">", root)) < 0:
        return False
    return text[end + 1 :].lstrip().startswith(SVG_MARK.encode()) or _OLDER_SVG.match(text) is not None


def _dossier_html(data: bytes) -> bool:
    """An HTML page Dossier wrote: :data:`HTML_MARK` before its body, or an earlier version's replay
    (:data:`_OLDER_REPLAY`). A page of the user's own has neither and is not replaced."""
    text = data.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not HTML.test(text):
        return False
    at, body = text.find(HTML_MARK.encode()), text.find(b"<body")
    if at >= 0 and (body < 0 or at < body):
        return True
    return _OLDER_REPLAY.match(text) is not None and all(part in text for part in _OLDER_REPLAY_PARTS)


DOSSIER_SVG = OutputKind(N_("an {format} image Dossier wrote"), _dossier_svg, "SVG")
DOSSIER_HTML = OutputKind(N_("an {format} page Dossier wrote"), _dossier_html, "HTML")
SQLITE = OutputKind(N_("an {format} database"), starts_with(b"SQLite format 3\x00"), "SQLite")
HEAD_BYTES = 4 * 2**20
"""The most of an existing file :func:`check_replaceable` reads to tell what it is, from its start; of a larger
file, as much again from its end (where a PDF keeps its document information)."""


def check_replaceable(path: Path, kind: OutputKind) -> None:
    """Refuse (:class:`WriteError`) to replace an existing, non-empty regular file that does not look
    like ``kind``: it is no earlier output of that kind, so replacing it could lose what a user wrote
    (``print --out notes.txt``, ``db build --db deck.json``). What is not a regular file is
    :func:`check_target`'s to refuse; an empty file is replaced. The refusal names ``kind.force`` (:func:`replacing`)
    when the command has that option to replace the file all the same."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as exc:
        raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
            return
        head = os.read(fd, HEAD_BYTES)  # the start of a larger file (a test that needs it all then says no)
        if info.st_size > HEAD_BYTES:  # and its end
            os.lseek(fd, max(HEAD_BYTES, info.st_size - HEAD_BYTES), os.SEEK_SET)
            head += b"\n" + os.read(fd, HEAD_BYTES)
    except OSError as exc:
        raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
    finally:
        os.close(fd)
    if not kind.test(head):
        what = tr(kind.what, format=kind.format)
        lang = current_lang()  # (beside Chinese text the translation's space goes: 已存在且不是本工具写出的 SVG 图片)
        if kind.force:
            reason = t_beside(lang, "exists and is not {what}; not replaced (give {option} to replace it)", what=what,
                              option=kind.force)  # fmt: skip
        else:
            reason = t_beside(lang, "exists and is not {what}; not replaced (delete it or choose another name)",
                              what=what)  # fmt: skip
        raise WriteError(path, reason, errno.EEXIST)


def cannot_write(folder: Path) -> OSError | None:
    """Why a new file cannot be made in ``folder`` (read-only, no permission, a read-only or full file system, no
    such folder), else None: a temporary file is made there and removed at once, the file system's own answer."""
    import tempfile

    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".dossier-probe-"):
            return None
    except OSError as exc:
        return exc


def _parent(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


NAME_MAX = 255
"""The longest file name (bytes) assumed where the file system does not say (:func:`name_max`)."""
CUT = "-cut"
"""The end of a temporary name whose ``<name>`` part was cut to keep within the file system's limit."""


def name_max(directory: Path | str) -> int:
    """The longest file name (in bytes) the file system of ``directory`` takes (``PC_NAME_MAX``), else
    :data:`NAME_MAX`."""
    try:
        limit = os.pathconf(directory, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # (no such folder yet, no such setting, no pathconf: Windows)
        return NAME_MAX
    return limit if limit > 0 else NAME_MAX


def _size(name: str) -> int:
    """``name``'s length as the file system counts it (bytes)."""
    try:
        return len(os.fsencode(name))
    except UnicodeError:
        return len(name.encode("utf-8", "surrogatepass"))


def temp_name(name: str, tag: str = TMP_TAG, *, directory: Path | str | None = None, suffix: str = "") -> str:
    """``.<name>.<tag>-<pid>-<hex><suffix>``: recognisable, unique per call, swept when its process is gone. It keeps
    within the longest file name of ``directory``'s file system (:func:`name_max`; 255 bytes when no directory is
    given), so that any name the file system takes as a target has a temporary beside it: where the whole would be
    longer, ``<name>`` is cut (between characters) and the unique part ends in :data:`CUT`, kept whole, as is
    ``suffix``."""
    unique = f".{tag}-{os.getpid()}-{secrets.token_hex(4)}"
    whole = f".{name}{unique}{suffix}"
    limit = name_max(directory) if directory is not None else NAME_MAX
    if _size(whole) <= limit:
        return whole
    room = limit - _size(f".{unique}{CUT}{suffix}")
    kept: list[str] = []
    used = 0
    for char in name:
        used += _size(char)
        if used > room and kept:
            break
        kept.append(char)
    return f".{''.join(kept)}{unique}{CUT}{suffix}"


def sweep(directory: Path, *, now: float | None = None) -> list[Path]:
    """Remove leftovers of killed runs in ``directory`` (best effort; returns what was removed or restored).

    A leftover is removed when its process is gone, or when it is older than
    :data:`STALE_AFTER`. A kept old tree (``…dossier-old-…``/``…old-…``) whose
    target no longer exists is renamed back into place instead; one whose name was
    cut (:func:`temp_name`: it ends in :data:`CUT`) does not tell its target's name,
    and is left as it is (never removed: it may be all there is of the user's tree).
    """
    directory = Path(directory)
    now = time.time() if now is None else now
    done: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return done
    for entry in entries:
        match = _LEFTOVER.match(entry.name)
        if match is None:
            continue
        pid = int(match["pid"])
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        young = now - info.st_mtime < STALE_AFTER
        if young and (pid == os.getpid() or _pid_alive(pid)):
            continue
        path = Path(entry.path)
        is_dir = stat.S_ISDIR(info.st_mode)
        if match["tag"] in (OLD_TAG, "old") and is_dir and match["cut"]:
            continue  # a kept old tree whose name was cut: its own name is not known, to put it back under
        with contextlib.suppress(OSError):
            if match["tag"] in (OLD_TAG, "old") and is_dir:
                target = directory / match["name"]
                if not os.path.lexists(target):
                    os.rename(path, target)
                    done.append(target)
                    continue
            if is_dir:
                shutil.rmtree(path)
            else:
                os.unlink(path)
            done.append(path)
    return done


def _fsync_dir(directory: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


RESWEEP_AFTER = 60.0
"""Seconds after which a process sweeps a directory again before writing there."""
_SWEPT: dict[str, float] = {}  # directory (absolute) -> when this process last swept it (monotonic clock)


def _sweep_now_and_then(directory: Path) -> None:
    """:func:`sweep` ``directory`` unless this process did so less than :data:`RESWEEP_AFTER` seconds ago."""
    key = os.path.abspath(directory)
    now = time.monotonic()
    last = _SWEPT.get(key)
    if last is not None and now - last < RESWEEP_AFTER:
        return
    sweep(directory)
    _SWEPT[key] = now


def _open_temp(path: Path, target: Path) -> tuple[Path, int]:
    """A new temporary file beside ``target`` (after an occasional sweep of stale ones): its path and an
    open descriptor (mode 0600 until :func:`_give_mode`)."""
    directory = _parent(target)
    _sweep_now_and_then(directory)
    tmp = directory / temp_name(target.name, directory=directory)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as exc:
        raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
    return tmp, fd


def _give_mode(tmp: Path, target: Path) -> None:
    """The mode the target has (or a new file would have) onto the temporary."""
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    os.chmod(tmp, mode)


def _stage(path: Path, data: bytes, *, follow_symlinks: bool = False) -> tuple[Path, Path]:
    """Write ``data`` to a fsynced temporary beside ``path``, with the mode the target will have;
    return ``(target, temporary)``. On any error the temporary is removed."""
    target = check_target(Path(path), follow_symlinks=follow_symlinks)
    tmp, fd = _open_temp(path, target)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _give_mode(tmp, target)
    except BaseException as exc:
        _discard(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, WriteError):
            raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
        raise
    return target, tmp


def _discard(tmp: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(tmp)


def _commit(path: Path, target: Path, tmp: Path) -> None:
    """Rename a staged temporary over its target (checked again: it may have changed meanwhile)."""
    try:
        check_target(target)
        os.replace(tmp, target)
    except BaseException as exc:
        _discard(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, WriteError):
            raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
        raise


def write_bytes(
    path: Path, data: bytes, *, follow_symlinks: bool = False, replaces: OutputKind | None = None
) -> None:
    """Write ``data`` to ``path`` safely and atomically (see the module docstring).

    An existing file keeps its permission bits; a new one gets 0666 less the umask. With
    ``replaces``, an existing file is replaced only if it looks like that kind of output
    (:func:`check_replaceable`).
    """
    if replaces is not None:
        check_replaceable(check_target(Path(path), follow_symlinks=follow_symlinks), replaces)
    target, tmp = _stage(path, data, follow_symlinks=follow_symlinks)
    _commit(path, target, tmp)
    _fsync_dir(_parent(target))


class StreamWriter:
    """The temporary file :func:`write_stream` gives: ``write(data)`` appends bytes; a failing write is a
    :class:`WriteError` naming the target."""

    def __init__(self, path: Path, handle: BinaryIO) -> None:
        self.path = path
        self._handle = handle
        self.written = 0

    def write(self, data: bytes) -> None:
        try:
            self._handle.write(data)
        except OSError as exc:
            raise WriteError(self.path, os_reason(exc), exc.errno or errno.EIO) from None
        self.written += len(data)


@contextlib.contextmanager
def write_stream(
    path: Path, *, follow_symlinks: bool = False, replaces: OutputKind | None = None
) -> Iterator[StreamWriter]:
    """:func:`write_bytes` for data made piece by piece: ``with write_stream(path) as out: out.write(b"…")``.

    The pieces go to the temporary file beside ``path`` as they are made (nothing of them is kept in
    memory), which is fsynced and renamed over ``path`` when the block ends. When the block raises
    (a problem found half way, a signal, a full disk), the temporary is removed and the old file is left
    as it was: a reader sees the old file or the whole new one, as with :func:`write_bytes`.
    """
    path = Path(path)
    target = check_target(path, follow_symlinks=follow_symlinks)
    if replaces is not None:
        check_replaceable(target, replaces)
    tmp, fd = _open_temp(path, target)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield StreamWriter(path, handle)
            try:
                handle.flush()
                os.fsync(handle.fileno())
            except OSError as exc:
                raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
        try:
            _give_mode(tmp, target)
        except OSError as exc:
            raise WriteError(path, os_reason(exc), exc.errno or errno.EIO) from None
    except BaseException:
        _discard(tmp)
        raise
    _commit(path, target, tmp)
    _fsync_dir(_parent(target))


def write_many(items: list[tuple[Path, bytes]], *, meter: Meter | None = None) -> None:
    """Write several files as nearly all-or-nothing as a file system allows.

    Every file is staged first (written and fsynced to its temporary); only when all
    are staged are they renamed into place, one quick rename each. An error or a
    signal while staging leaves every target as it was and removes the temporaries;
    a kill leaves only temporaries, which the next write in that directory sweeps.
    ``meter`` counts the files as they are staged (:mod:`toolkit.meter`).
    """
    count = meter_or_silent(meter)
    count.start(tr("writing files"), len(items))
    staged: list[tuple[Path, Path, Path]] = []
    try:
        for path, data in items:
            target, tmp = _stage(path, data)
            staged.append((path, target, tmp))
            count.advance()
    except BaseException:
        for _path, _target, tmp in staged:
            _discard(tmp)
        raise
    _commit_all(staged)


def _commit_all(staged: list[tuple[Path, Path, Path]]) -> None:
    """Rename each staged temporary onto its target in turn (one that fails: the temporaries after it removed, the
    error raised), then make the renames durable in their directories."""
    for index, (path, target, tmp) in enumerate(staged):
        try:
            _commit(path, target, tmp)
        except BaseException:
            for _path, _target, rest in staged[index + 1 :]:
                _discard(rest)
            raise
    for directory in {_parent(target) for _path, target, _tmp in staged}:
        _fsync_dir(directory)


class Batch:
    """Files one run writes together, all or none (``dossier print``'s PDF, TTS sheets and saved object, beside its
    folder of PNG images): :meth:`add` stages each (written and fsynced to its temporary beside the target, as
    :func:`write_bytes` does, its target checked first), :meth:`commit` renames every one into place once all are
    staged and whatever else the run writes is complete; :meth:`discard` removes the temporaries (on any error:
    every target is left as it was, a file that was not there is not made)."""

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path, Path]] = []

    def add(self, path: Path, data: bytes, *, replaces: OutputKind | None = None) -> None:
        path = Path(path)
        if replaces is not None:
            check_replaceable(check_target(path), replaces)
        target, tmp = _stage(path, data)
        self._staged.append((path, target, tmp))

    def discard(self) -> None:
        for _path, _target, tmp in self._staged:
            _discard(tmp)
        self._staged.clear()

    def commit(self) -> None:
        staged, self._staged = self._staged, []
        _commit_all(staged)


def write_text(
    path: Path, text: str, *, follow_symlinks: bool = False, replaces: OutputKind | None = None
) -> None:
    """:func:`write_bytes` for UTF-8 text; a string that cannot be encoded (a lone surrogate) is refused."""
    write_bytes(path, encode_text(path, text), follow_symlinks=follow_symlinks, replaces=replaces)


def encode_text(path: Path, text: str) -> bytes:
    """``text`` as UTF-8, or :class:`WriteError` for a lone surrogate (which no file can hold)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise WriteError(
            path, tr("text holds a lone surrogate at offset {offset}; nothing written", offset=exc.start)
        ) from None


def check_dir_target(into: Path) -> None:
    """Refuse a tree target that exists and is not a real directory (a file, a link, a device)."""
    try:
        info = os.lstat(into)
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise WriteError(into, tr("{path} is not a directory", path=_parent(into)), errno.ENOTDIR) from None
    except OSError as exc:
        raise WriteError(into, os_reason(exc), exc.errno or errno.EIO) from None
    if not stat.S_ISDIR(info.st_mode):
        if stat.S_ISLNK(info.st_mode):
            reason = tr("exists and is a symbolic link; not replaced")
        else:
            reason = tr("exists and is not a directory")
        raise WriteError(into, reason, errno.ENOTDIR)


def _staging(into: Path) -> tuple[Path, Path]:
    """``into``'s parent (made if missing, its stale temporary trees swept) and the temporary tree beside it that a
    new ``into`` is built in (:func:`replace_dir`, :func:`place_dir`)."""
    parent = _parent(into)
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteError(into, os_reason(exc), exc.errno or errno.EIO) from None
    sweep(parent)
    return parent, parent / temp_name(into.name, directory=parent)


def place_dir(into: Path, build: Callable[[Path], None]) -> None:
    """As :func:`replace_dir`, for an ``into`` that must not exist: never replacing anything (a folder that appeared
    while the tree was built is refused, as anything else of that name). On any error the temporary tree is
    removed."""
    into = Path(into)
    parent, tmp = _staging(into)
    try:
        build(tmp)
        _fsync_dir(tmp)
        if os.path.lexists(into):  # (appeared while the tree was built)
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(into))
        os.rename(tmp, into)
    except BaseException as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(exc, OSError) and not isinstance(exc, WriteError):
            raise WriteError(into, os_reason(exc), exc.errno or errno.EIO) from None
        raise
    _fsync_dir(parent)


def replace_dir(into: Path, build: Callable[[Path], None]) -> None:
    """Build a tree with ``build(tmp)`` in a sibling temporary directory and swap it in for ``into``.

    ``build`` gets a directory that does not exist yet and must create it. On any
    error the temporary tree is removed and ``into`` is left as it was.
    """
    into = Path(into)
    check_dir_target(into)
    parent, tmp = _staging(into)
    old = parent / temp_name(into.name, OLD_TAG, directory=parent)
    try:
        build(tmp)
        _fsync_dir(tmp)
        check_dir_target(into)
        if os.path.lexists(into):
            os.rename(into, old)
        try:
            os.rename(tmp, into)
        except BaseException:
            if os.path.lexists(old) and not os.path.lexists(into):
                os.rename(old, into)
            raise
    except BaseException as exc:
        with contextlib.suppress(OSError):
            shutil.rmtree(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, WriteError):
            raise WriteError(into, os_reason(exc), exc.errno or errno.EIO) from None
        raise
    _fsync_dir(parent)
    with contextlib.suppress(OSError):
        shutil.rmtree(old)
