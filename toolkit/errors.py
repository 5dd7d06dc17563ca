"""The one exception root for everything a user can get wrong.

The CLI catches :class:`DossierError` and prints its one-line message; anything
else that escapes is a bug in Dossier, not in the user's input.

A message is worded when the error is raised, in the current language
(:func:`toolkit.i18n.tr`: the command's ``--lang``, the settings, or a web
request's language), with paths, values and ids as fields. :func:`os_reason`
words the reason of an :class:`OSError` the same way.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable

from .i18n import N_, SOURCE_LANG, current_lang, pseudo_active, tr, trn


class DossierError(Exception):
    """Bad input or an I/O problem, described in one line for the user.

    ``exit_code`` is 2 for usage and I/O errors (unreadable files, missing
    directories, bad options) and 1 for input that was read but is invalid.
    """

    def __init__(self, message: str, *, exit_code: int = 2) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code

    def __str__(self) -> str:
        return self.message


class NotFound(DossierError):
    """What was asked for is not there (a record, a saved deck): the web app answers it with 404, not 400."""

    status = 404


# the reasons of the OS errors a user meets, by errno, as the GNU C library words them (strerror is English)
_REASONS: dict[int, str] = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.EIO: N_("Input/output error"),
    errno.ENOTEMPTY: N_("Directory not empty"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.EXDEV: N_("Invalid cross-device link"),
    errno.ENXIO: N_("No such device or address"),
    errno.EMFILE: N_("Too many open files"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EFBIG: N_("File too large"),
    errno.EINVAL: N_("Invalid argument"),
    errno.EADDRINUSE: N_("Address already in use"),
    errno.EADDRNOTAVAIL: N_("Cannot assign requested address"),
}


def and_more(problem: str, more: int) -> str:
    """One line for many problems: the first, and how many more there are (\"… (and 2 more problems)\")."""
    return trn("{problem} (and {n} more problem)", "{problem} (and {n} more problems)", more, problem=problem)


def os_reason(exc: OSError) -> str:
    """Why ``exc`` happened, in one line in the current language: for the C library's own reason of a
    known errno, its words from the catalogs; else the reason as the error gives it (one Dossier worded, as
    :class:`toolkit.safewrite.WriteError`'s, or another errno's ``strerror``), else the exception's text."""
    code, reason = exc.errno, exc.strerror
    if isinstance(code, int) and code in _REASONS and reason == _strerror(code):
        if current_lang() == SOURCE_LANG and not pseudo_active():
            return str(reason)  # the C library's own words, as they are
        return tr(_REASONS[code])
    return " ".join((reason or str(exc) or type(exc).__name__).split())


def value_reason(exc: ValueError) -> str:
    """Why a file operation raised ValueError instead of OSError, in the current language: a path holding a
    NUL character (the one such reason a user's input meets); else the exception's own text."""
    text = str(exc)
    if "null byte" in text or "null character" in text:
        return tr("the name holds a NUL character")
    return " ".join(text.split()) or type(exc).__name__


def _strerror(code: int) -> str | None:
    try:
        return os.strerror(code)
    except ValueError:
        return None


def shown_path(name: object) -> str:
    """A file's name as an error line shows it: decoded, shortened past 120 characters, and quoted with its
    escapes (``'new\\nline.json'``) when it holds a newline or another character a line cannot show."""
    shown = os.fsdecode(name) if isinstance(name, bytes) else str(name)
    if len(shown) > 120:
        shown = shown[:60] + "…" + shown[-40:]
    return shown if shown.isprintable() else repr(shown)


def in_chain(exc: BaseException, test: Callable[[BaseException], bool]) -> bool:
    """Whether ``exc``, or an exception it was raised from or while handling (its ``__cause__`` or
    ``__context__``, and theirs), passes ``test``: a KeyboardInterrupt or a broken pipe that a library wrapped in
    an error of its own is still found."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if test(cause):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def warning_line(message: str) -> str:
    """``dossier: warning: MESSAGE``, the line a warning is told in on stderr, in the current language."""
    # TRANSLATORS: the line a warning is told in on stderr; {program} is "dossier"
    return tr("{program}: warning: {message}", program="dossier", message=message)
