"""Generate the JSON Schema 2020-12 files in ``schema/`` from the record models.

One file per (game, kind), ``schema/<game>/<kind>.schema.json``, each self-
contained (its own ``$defs``) so a stock validator or an editor needs nothing
else, plus ``schema/record.schema.json`` (any record of any game). Enums come
from the models' ``Literal`` types: nothing is typed twice.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from .errors import os_reason
from .i18n import N_
from .jsonio import atomic_write_text, canonical_dumps, read_source
from .models import KINDS, RECORD_ADAPTER, kind_adapter, schema_path
from .models.deck import Deck
from .models.scenario import NetrunnerState, Scenario
from .safewrite import OutputKind, WriteError, check_replaceable, json_object
from .sheets.template import SCHEMA_NAME, TEMPLATE_ADAPTER

DIALECT = "https://json-schema.org/draft/2020-12/schema"
EXTRA_SCHEMAS: dict[str, tuple[str, TypeAdapter[Any]]] = {
    "record.schema.json": ("Any Dossier record of any game", RECORD_ADAPTER),
    "deck.schema.json": ("A Dossier deck (tactics, netrunner) or role set (crossfire)", TypeAdapter(Deck)),
    "scenario.schema.json": ("A Dossier scenario: a netrunner position and its decisions", TypeAdapter(Scenario)),
    "netrunner/state.schema.json": ("The state of a netrunner game, as a seat sees it", TypeAdapter(NetrunnerState)),
    SCHEMA_NAME: ("A Dossier card layout template (front or back; see toolkit/sheets/template.py)", TEMPLATE_ADAPTER),
}


def _finish(schema: dict[str, Any], title: str) -> dict[str, Any]:
    out = {"$schema": DIALECT, "title": title}
    out.update({k: v for k, v in schema.items() if k != "title"})
    return out


def generate() -> dict[str, str]:
    """All schema files as {relative path: canonical text}."""
    files: dict[str, str] = {}
    for game, kind in KINDS:
        schema = kind_adapter(game, kind).json_schema()
        files[schema_path(game, kind)] = canonical_dumps(_finish(schema, f"Dossier {game} {kind}"))
    for name, (title, adapter) in EXTRA_SCHEMAS.items():
        files[name] = canonical_dumps(_finish(adapter.json_schema(), title))
    return files


SCHEMA_FILE = OutputKind(N_("a {format} file"), json_object(lambda data: "json-schema.org" in str(data.get("$schema"))),
                         "JSON Schema")  # fmt: skip
"""What an earlier ``dossier schema`` wrote: a JSON object whose ``$schema`` is a JSON Schema dialect."""


def write(directory: Path) -> list[Path]:
    """Write every schema file under ``directory``; return the files that changed. A file in the way that is not a
    JSON Schema (notes of a user's, say) is refused before anything is written (:class:`WriteError`)."""
    files = generate()
    for rel in files:
        check_replaceable(directory / rel, SCHEMA_FILE)
    changed: list[Path] = []
    for rel, text in files.items():
        path = directory / rel
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file where a directory belongs, a read-only place, a name too long
            raise WriteError(path.parent, os_reason(exc), exc.errno or errno.EIO) from None
        if read_source(path).text == text:
            continue
        atomic_write_text(path, text)  # refuses a directory, link, FIFO or device in the file's place
        changed.append(path)
    return changed


def stale(directory: Path) -> list[str]:
    """Schema files that are missing or differ from what the models generate."""
    out = []
    for rel, text in generate().items():
        path = directory / rel
        if read_source(path).text != text:  # missing, unreadable (never waiting on a FIFO) or different
            out.append(rel)
    return out
