"""Card art: checking an image file, and placing it in an art box (cover, centred, into the bleed).

A record's ``art`` is a PNG or JPEG file, its path relative to the record's
file. :func:`problem` says what is wrong with one (lint reports it, print warns
and draws a grey placeholder); :func:`bleed_box` and :func:`cover` are the
arithmetic of placing it; :func:`picture` is the cropped, resampled image a
page embeds. Pillow loads only when an image is read.

Art stays inside the record's folder (:func:`resolve`, :func:`home`): an absolute path, or one that leads out
of the record's game directory or, where the card folders being served or read are known (:func:`within`: the
web server's), out of the one that holds the record, is refused (problem ``outside``) and never read, so that a
set can be copied whole and a server shows no file beyond the folders it serves.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import functools
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PosixPath, WindowsPath
from typing import Any, Literal

from toolkit.i18n import N_, tr

from .geometry import Rect

FORMATS = {"PNG": "PNG", "JPEG": "JPEG"}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
JPEG_MAGIC = b"\xff\xd8\xff"
MAX_PPI = 450  # embedded art is resampled down to this many pixels per inch of the printed box
TOUCH = 0.01  # mm: a box edge this close to the trim edge touches it
MIN_DPI = 200  # art printed at fewer pixels per inch than this is reported (lint and print)
Problem = Literal["missing", "unreadable", "format", "outside"]


@dataclass(frozen=True)
class ArtProblem:
    """What is wrong with an art file: ``kind`` is missing, unreadable, format (not PNG or JPEG) or outside (an
    absolute path, or one leading out of the record's folder: :func:`resolve`); ``message`` in the current
    language (lint and print put it in their findings as it is)."""

    kind: Problem
    message: str


if sys.platform == "win32":

    class _ConcretePath(WindowsPath):
        pass

else:

    class _ConcretePath(PosixPath):
        pass


class RefusedPath(_ConcretePath):
    """An art path :func:`resolve` refused: nothing reads it (:func:`problem`, :func:`load`, :func:`picture`
    raise :class:`ArtError` with its ``problem``; ``stat`` raises :class:`PermissionError`), so that a caller
    that resolves and then reads, as print and lint do, reports it as any other bad art."""

    problem: ArtProblem | None = None

    def stat(self, *, follow_symlinks: bool = True) -> os.stat_result:
        message = self.problem.message if self.problem is not None else ""
        raise PermissionError(errno.EACCES, message, str(self))


def _refused(path: str, message: str) -> RefusedPath:
    refused = RefusedPath(path)
    refused.problem = ArtProblem("outside", message)
    return refused


_ROOTS: contextvars.ContextVar[tuple[str, ...] | None] = contextvars.ContextVar("art_roots", default=None)


@contextlib.contextmanager
def within(roots: Iterable[Path | str]) -> Iterator[None]:
    """Art resolved in this block (:func:`resolve`) stays inside the one of the card folders ``roots`` (being
    served or read) that holds its record, symbolic links followed: the web server's previews and lint."""
    token = _ROOTS.set(tuple(os.path.realpath(root) for root in roots))
    try:
        yield
    finally:
        _ROOTS.reset(token)


def _absolute(art: str) -> bool:
    """``art`` names a place from the top of a file system (``/x``, ``\\\\host``, ``C:/x``), not from the record."""
    drive = len(art) > 1 and art[1] == ":" and art[0].isascii() and art[0].isalpha() and art[2:3] in ("", "/", "\\")
    return art.startswith(("/", "\\")) or os.path.isabs(art) or drive


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


@functools.lru_cache(maxsize=1024)
def _game_dir(directory: str) -> str | None:
    from toolkit.catalog import game_root

    found = game_root(Path(directory))
    return os.path.abspath(found) if found is not None else None


def home(record_file: Path, roots: Iterable[str] | None = None) -> str | None:
    """The folder the art of a record read from ``record_file`` stays in (absolute). Without ``roots``: its game
    directory (the folder of the game.json above it), else None (a designer's set read alone, a template: only an
    absolute art path is refused). With ``roots`` (card folders, resolved): the deepest that holds the file, or
    its game directory when that lies inside it; for a file in none, its game directory (links resolved)."""
    game = _game_dir(os.path.abspath(os.path.dirname(record_file)))
    if roots is None:
        return game
    real = os.path.realpath(record_file)
    real_game = os.path.realpath(game) if game is not None else None
    holders = [root for root in roots if _inside(real, root)]
    if not holders:
        return real_game
    holder = max(holders, key=len)
    return real_game if real_game is not None and _inside(real_game, holder) else holder


def resolve(art: str, record_file: Path | None, roots: Iterable[Path | str] | None = None) -> Path:
    """The art file of a record read from ``record_file`` (its ``art`` is relative to that file's folder), or a
    :class:`RefusedPath` (problem ``outside``) for an absolute ``art``, and for one that leads out of the record's
    :func:`home` (with card folders known, ``roots`` or those of :func:`within`, by a symbolic link too); without
    a record file, relative to the current folder, and refused where card folders are known."""
    confined = tuple(os.path.realpath(r) for r in roots) if roots is not None else _ROOTS.get()
    if _absolute(art):
        return _refused(art, tr("an absolute path; art is a path relative to the record's file, inside its card "
                                "folder"))  # fmt: skip
    if record_file is None:
        if confined is not None:
            return _refused(art, tr("the record has no file to find its art from"))
        return Path(art)
    path = Path(os.path.normpath(os.path.join(os.path.dirname(record_file), art)))
    folder = home(record_file, confined)
    lands = os.path.abspath(path) if confined is None else os.path.realpath(path)  # (links followed where served)
    if folder is not None and not _inside(lands, folder):
        return _refused(  # (named as written: where it leads is no business of a page's reader)
            art,
            tr("it leads out of its card folder {folder}; art is a path relative to the record's file, inside "
               "that folder", folder=repr(os.path.basename(folder) or folder)),
        )  # fmt: skip
    return path


def _sniff(head: bytes) -> str | None:
    if head.startswith(PNG_MAGIC):
        return "PNG"
    if head.startswith(JPEG_MAGIC):
        return "JPEG"
    return None


# what a file that is not PNG or JPEG seems to be, by its first bytes
_KINDS = {
    b"GIF8": N_("a GIF image"),
    b"RIFF": N_("a WebP (RIFF) file"),
    b"%PDF": N_("a PDF file"),
    b"BM": N_("a BMP image"),
}


def _kind_of(head: bytes) -> str:
    """A name for what a file that is not PNG or JPEG seems to be, in the current language."""
    for magic, name in _KINDS.items():
        if head.startswith(magic):
            return tr(name)
    if head.lstrip().startswith((b"<svg", b"<?xml")):
        return tr("an SVG/XML file")
    if not head:
        return tr("an empty file")
    return tr("not a PNG or JPEG image")


def _unreadable(exc: OSError) -> ArtError:
    """The problem of an art file the system cannot read (no permission, an I/O error), its reason worded in the
    current language (:func:`toolkit.errors.os_reason`)."""
    from toolkit.errors import os_reason

    return ArtError(ArtProblem("unreadable", tr("cannot read it: {reason}", reason=os_reason(exc))))


def problem(path: Path) -> ArtProblem | None:
    """None when ``path`` is a PNG or JPEG that decodes; else what is wrong (reads the whole image)."""
    try:
        _open(path, probe=True)
    except ArtError as exc:
        return exc.problem
    return None


class ArtError(Exception):
    def __init__(self, problem: ArtProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def _open(path: Path, probe: bool = False) -> Any:
    """The decoded image (RGB, or RGBA when it has transparency); raises :class:`ArtError`.

    ``probe``: only check that it decodes (a JPEG at an eighth of its size, which reads all its data).
    """
    from PIL import Image

    _refuse(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(16)
            fmt = _sniff(head)
            if fmt is None:
                raise ArtError(ArtProblem("format", tr("{kind}; art is a PNG or JPEG file", kind=_kind_of(head))))
            handle.seek(0)
            with Image.open(handle, formats=[fmt]) as image:
                if probe and fmt == "JPEG":
                    image.draft("RGB", (max(1, image.width // 8), max(1, image.height // 8)))
                image.load()
                if image.width < 1 or image.height < 1:
                    raise ArtError(ArtProblem("unreadable", tr("the image has no pixels")))
                if probe:
                    _check_mode(image)
                    return image
                return printable(image)
    except FileNotFoundError:
        raise ArtError(ArtProblem("missing", tr("no such file"))) from None
    except IsADirectoryError:
        raise ArtError(ArtProblem("unreadable", tr("is a directory"))) from None
    except ArtError:
        raise
    except Image.DecompressionBombError:
        raise ArtError(
            ArtProblem("unreadable", tr("the image is too large (Pillow refuses it as a decompression bomb)"))
        ) from None
    except OSError as exc:
        if exc.errno is not None:
            raise _unreadable(exc) from None
        reason = str(exc) or type(exc).__name__  # (Pillow's own words)
        raise ArtError(ArtProblem("unreadable", tr("the image data is broken ({reason})", reason=reason))) from None
    except (ValueError, SyntaxError) as exc:  # Pillow reports some broken files so
        raise ArtError(ArtProblem("unreadable", tr("cannot decode it: {reason}", reason=exc))) from None


# modes Pillow converts to RGB (or RGBA) as they are: 8 bits a sample (CMYK and YCbCr by its own formulas)
_EIGHT_BIT = frozenset({"1", "L", "P", "RGB", "RGBX", "CMYK", "YCbCr", "LA", "La", "PA", "RGBA", "RGBa"})
_WITH_ALPHA = frozenset({"LA", "La", "PA", "RGBA", "RGBa"})
# greyscale of 16 bits a sample (a 16-bit greyscale PNG opens as I;16, or I in older Pillow): scaled to 8 bits
_SIXTEEN_BIT = frozenset({"I;16", "I;16L", "I;16B", "I;16N", "I"})


def _unprintable(mode: str) -> ArtError:
    return ArtError(
        ArtProblem(
            "format",
            tr("an image of mode {mode}, which does not print faithfully; save it as an 8-bit RGB or greyscale PNG "
               "or JPEG", mode=mode),
        )
    )  # fmt: skip


def _check_mode(image: Any) -> None:
    """Raise the problem of an image whose pixels :func:`printable` cannot bring to 8 bits faithfully (lint reads
    a file so, without converting it)."""
    mode = image.mode
    if mode in _EIGHT_BIT:
        return
    if mode in _SIXTEEN_BIT:
        if mode != "I":  # (16 bits a sample by its mode; I holds 32: those of a 16-bit file, or others)
            return
        low, high = image.getextrema()
        if low >= 0 and high <= 65535:
            return
    raise _unprintable(mode)


def printable(image: Any) -> Any:
    """``image`` (a PIL image of any mode Pillow opens) as RGB, or RGBA when it has transparency (an alpha band,
    a transparent palette entry or grey value): 16-bit greyscale scaled to 8 bits (``convert("RGB")`` clips it,
    printing anything above 255 of 65535 white), its transparent value kept. Raises :class:`ArtError` (``format``)
    for a mode that does not print faithfully (32-bit floats, HSV, LAB, integers beyond 16 bits)."""
    _check_mode(image)
    mode = image.mode
    transparent = image.info.get("transparency")
    if mode in _SIXTEEN_BIT:
        wide = image if mode == "I" else image.convert("I")
        grey = wide.point(lambda v: v * (255 / 65535) + 0.5).convert("L")  # (a linear map: Pillow applies it)
        if isinstance(transparent, int):
            lut = [255] * 65536
            if 0 <= transparent < 65536:
                lut[transparent] = 0
            alpha = wide.point(lut, "L")
            from PIL import Image

            return Image.merge("RGBA", (grey, grey, grey, alpha))
        return grey.convert("RGB")
    if mode == "La":  # (premultiplied: Pillow converts it through LA)
        image, mode = image.convert("LA"), "LA"
    has_alpha = mode in _WITH_ALPHA or transparent is not None
    return image.convert("RGBA" if has_alpha else "RGB")


def bleed_box(box: Rect, width: float, height: float, bleed: float, touch: float = TOUCH) -> Rect:
    """``box`` (card coordinates: origin at a trim corner) grown by ``bleed`` on each side that touches the
    trim of a card ``width`` × ``height`` (within ``touch``; all in one unit): art at the edge runs on into
    the bleed, so trimming never leaves a white line. Other sides stay where they are."""
    x0, y0, x1, y1 = box.x, box.y, box.right, box.top
    if bleed > 0:
        if x0 <= touch:
            x0 = -bleed
        if y0 <= touch:
            y0 = -bleed
        if x1 >= width - touch:
            x1 = width + bleed
        if y1 >= height - touch:
            y1 = height + bleed
    return Rect(x0, y0, x1 - x0, y1 - y0)


def cover(image_w: float, image_h: float, box_w: float, box_h: float) -> tuple[float, float, float, float]:
    """The part of an ``image_w`` × ``image_h`` image that covers a ``box_w`` × ``box_h`` box when scaled
    to fill it and centred: (left, top, width, height) in image pixels; it has the box's proportions."""
    scale = max(box_w / image_w, box_h / image_h)
    width, height = min(image_w, box_w / scale), min(image_h, box_h / scale)
    return (image_w - width) / 2, (image_h - height) / 2, width, height


def _refuse(path: Path) -> None:
    """Raise the problem of a :class:`RefusedPath` (nothing is read from it)."""
    if isinstance(path, RefusedPath):
        raise ArtError(path.problem or ArtProblem("outside", os.fspath(path)))


def _stamp(path: Path) -> tuple[str, int, int]:
    _refuse(path)
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise ArtError(ArtProblem("missing", tr("no such file"))) from None
    except OSError as exc:
        raise _unreadable(exc) from None
    return os.path.abspath(path), stat.st_mtime_ns, stat.st_size


@functools.lru_cache(maxsize=16)
def _decoded(stamp: tuple[str, int, int]) -> Any:
    return _open(Path(stamp[0]))


def load(path: Path) -> Any:
    """The decoded image at ``path`` (cached while the file is unchanged); raises :class:`ArtError`."""
    return _decoded(_stamp(path))


@functools.lru_cache(maxsize=64)
def _picture(stamp: tuple[str, int, int], width_mm: float, height_mm: float) -> Any:
    from PIL import Image

    image = _decoded(stamp)
    left, top, src_w, src_h = cover(image.width, image.height, width_mm, height_mm)
    limit_w = width_mm / 25.4 * MAX_PPI
    out_w = max(1, round(min(src_w, limit_w)))
    out_h = max(1, round(out_w * height_mm / width_mm))
    return image.resize((out_w, out_h), Image.Resampling.LANCZOS, box=(left, top, left + src_w, top + src_h))


def picture(path: Path, width_mm: float, height_mm: float) -> Any:
    """The art at ``path`` cropped to a box of ``width_mm`` × ``height_mm`` (cover, centred), resampled
    to at most :data:`MAX_PPI`; a PIL image. Raises :class:`ArtError`."""
    return _picture(_stamp(path), round(width_mm, 4), round(height_mm, 4))


def effective_dpi(image_w: float, image_h: float, box_w_mm: float, box_h_mm: float) -> float:
    """Pixels per inch of an ``image_w`` × ``image_h`` image covering a ``box_w_mm`` × ``box_h_mm`` box
    (scaled to fill it, centred, cropped): how sharp it prints."""
    _, _, width, _ = cover(image_w, image_h, box_w_mm, box_h_mm)
    return width / (box_w_mm / 25.4)


def pixels_for(box_w_mm: float, box_h_mm: float, dpi: float) -> tuple[int, int]:
    """The smallest image (width, height in pixels) that covers a box at ``dpi``."""
    import math

    return math.ceil(box_w_mm / 25.4 * dpi), math.ceil(box_h_mm / 25.4 * dpi)


def dimensions(path: Path) -> tuple[int, int]:
    """Width and height in pixels of the PNG or JPEG at ``path`` (decoded once, cached); raises :class:`ArtError`."""
    image = load(path)
    return image.width, image.height
