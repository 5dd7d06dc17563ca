"""Lint: card art.

A printable record's ``art`` names a PNG or JPEG file relative to the record's
file. Each is opened and decoded (Pillow; a JPEG at an eighth of its size is
enough to find a broken one), once per file however many records share it:

- ``card.art.missing``: no file at that path;
- ``card.art.unreadable``: a directory, no permission, or a PNG/JPEG that does not decode (truncated, corrupt);
- ``card.art.format``: a file that is no PNG or JPEG (GIF, WebP, SVG, text, …);
- ``card.art.outside``: an absolute path, or one that leads out of the record's game directory (in the web
  editor, out of the served card folder that holds it, :func:`toolkit.sheets.art.within`): the game would not work
  copied elsewhere, and nothing is read there (:func:`toolkit.sheets.art.resolve`). A set folder without a
  ``game.json`` read from the command line may keep its art beside it (a designer's sheet and its art folder);

- ``card.art.format`` too: an image whose pixels do not print faithfully (:func:`toolkit.sheets.art.printable`).

All are errors located at the ``art`` field; ``dossier print`` prints a grey box
in place of such art and warns (art leading out of its folder it refuses, unless ``--force``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from toolkit.i18n import tr

if TYPE_CHECKING:
    from toolkit.sheets.art import ArtProblem

    from .lint import Entry


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
