"""Lint: card art.

A printable record's ``art`` names a PNG or JPEG file relative to the record's
file. Each is opened and decoded (Pillow; a JPEG at an eighth of its size is
enough to find a broken one), once per file however many records share it:

- ``card.art.missing``: no file at that path;
- ``card.art.unreadable``: a directory, no permission, or a PNG/JPEG that does not decode (truncated, corrupt);
- ``card.art.format``: a file that is no PNG or JPEG (GIF, WebP, SVG, text, …);
- ``card.art.outside``: an absolute path, or one that leads out of the record's card folder (its game directory;
  where the card folders being read are known, the one that holds it: :func:`reading`, which
  :func:`validators.lint.lint_files` wraps its checks in, with the folders it walks and the card pool): the set
  would not work copied elsewhere, and nothing is read there (:func:`toolkit.sheets.art.resolve`);

- ``card.art.format`` too: an image whose pixels do not print faithfully (:func:`toolkit.sheets.art.printable`).

All are errors located at the ``art`` field; ``dossier print`` prints a grey box
in place of such art and warns (art leading out of its folder it refuses, unless ``--force``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.i18n import tr

if TYPE_CHECKING:
    from toolkit.sheets.art import ArtProblem

    from .lint import Entry


def card_folders(paths: Iterable[Path | str]) -> list[str]:
    """The card folders of ``paths``: :func:`toolkit.sheets.art.card_folders`."""
    from toolkit.sheets.art import card_folders as folders

    return folders(paths)


@contextlib.contextmanager
def reading(paths: Iterable[Path | str]) -> Iterator[None]:
    """Art checked in this block stays inside the card folder of ``paths`` (the folders linted, the card pool:
    :func:`card_folders`) that holds its record, as :func:`toolkit.sheets.art.within`; a set folder without a
    game.json is one (``../../outside.png`` from ``my-set/cards/x.json`` leads out of it). No folder: art stays
    inside its game directory only, as before."""
    from toolkit.sheets.art import within

    folders = card_folders(paths)
    if not folders:
        yield
        return
    with within(folders):
        yield


def check_art(entries: list[Entry]) -> None:
    from toolkit.sheets.art import problem, resolve

    seen: dict[tuple[str, ArtProblem | None], ArtProblem | None] = {}
    for entry in entries:
        art = getattr(entry.record, "art", None)
        if art is None or not entry.target:
            continue
        path = resolve(art, entry.source.path)
        key = (os.path.abspath(path), getattr(path, "problem", None))  # (refused for one record, not another)
        if key not in seen:
            seen[key] = problem(path)
        found = seen[key]
        if found is not None:
            message = tr("{label}: art {art} ({path}): {problem}", label=entry.label, art=repr(art), path=path,
                         problem=found.message)  # fmt: skip
            entry.add(f"card.art.{found.kind}", message, "/art")
