"""Record models: one pydantic union over every record of the three games.

A record is discriminated first on ``game``, then on ``kind`` (and, for
netrunner cards and tactics units, on ``type``). :data:`KINDS` lists every
(game, kind) pair with the type that validates it; the JSON Schema files in
``schema/`` are generated from exactly these types.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Annotated, Any, get_args

from pydantic import Field, TypeAdapter, ValidationError

from .common import GAMES, SLUG_PATTERN, GameId, Model, Names, RecordBase
from .crossfire import CrossfireGame, CrossfireMode, CrossfireRecord, CrossfireRole
from .netrunner import (
    NetrunnerCard,
    NetrunnerFaction,
    NetrunnerFormat,
    NetrunnerGame,
    NetrunnerIdentity,
    NetrunnerRecord,
)
from .tactics import (
    TacticsAbility,
    TacticsAgent,
    TacticsAttack,
    TacticsCard,
    TacticsGame,
    TacticsMap,
    TacticsMode,
    TacticsRecord,
    TacticsUnit,
)

RecordType = Annotated[TacticsRecord | NetrunnerRecord | CrossfireRecord, Field(discriminator="game")]
Record = (
    TacticsGame
    | TacticsMode
    | TacticsAgent
    | TacticsAbility
    | TacticsAttack
    | TacticsCard
    | TacticsMap
    | NetrunnerGame
    | NetrunnerFaction
    | NetrunnerFormat
    | NetrunnerIdentity
    | CrossfireGame
    | CrossfireMode
    | CrossfireRole
)
"""Static type of a validated record (units and netrunner cards are subclasses of RecordBase)."""

# (game, kind) -> the type that validates a record of that kind.
KINDS: dict[tuple[str, str], Any] = {
    ("tactics", "game"): TacticsGame,
    ("tactics", "mode"): TacticsMode,
    ("tactics", "agent"): TacticsAgent,
    ("tactics", "unit"): TacticsUnit,
    ("tactics", "ability"): TacticsAbility,
    ("tactics", "attack"): TacticsAttack,
    ("tactics", "card"): TacticsCard,
    ("tactics", "map"): TacticsMap,
    ("netrunner", "game"): NetrunnerGame,
    ("netrunner", "faction"): NetrunnerFaction,
    ("netrunner", "format"): NetrunnerFormat,
    ("netrunner", "identity"): NetrunnerIdentity,
    ("netrunner", "card"): NetrunnerCard,
    ("crossfire", "game"): CrossfireGame,
    ("crossfire", "mode"): CrossfireMode,
    ("crossfire", "role"): CrossfireRole,
}

# Where records of each kind live under cards/<game>/ (the first is the default).
KIND_DIRS: dict[str, str] = {
    "game": ".",
    "mode": "modes",
    "format": "modes",
    "agent": "agents",
    "unit": "units",
    "ability": "abilities",
    "attack": "abilities",
    "card": "cards",
    "faction": "factions",
    "identity": "identities",
    "role": "roles",
    "map": "maps",
}

_KIND_ADAPTERS: dict[tuple[str, str], TypeAdapter[Any]] = {}


def kind_adapter(game: str, kind: str) -> TypeAdapter[Any]:
    """The (cached) validator for one (game, kind)."""
    adapter = _KIND_ADAPTERS.get((game, kind))
    if adapter is None:
        adapter = TypeAdapter(KINDS[(game, kind)])
        _KIND_ADAPTERS[(game, kind)] = adapter
    return adapter


def schema_path(game: str, kind: str) -> str:
    """Path of a kind's schema file relative to ``schema/``."""
    return f"{game}/{kind}.schema.json"


def namespace(kind: str) -> str:
    """Ids are unique per game within a namespace: the game, its modes, its other records.

    (A crossfire mode and a role may both be called ``sniper``.)
    """
    if kind == "game":
        return "game"
    if kind in ("mode", "format"):
        return "mode"
    return "record"


@functools.cache
def record_adapter() -> TypeAdapter[Any]:
    """The validator of any record of any game (:data:`RecordType`), built on first use (every model of every
    game: 0.15 s): the models build theirs when first used too (``defer_build``), so a command that reads one
    game's cards pays for that game's only."""
    return TypeAdapter(RecordType)


def build_all() -> None:
    """Build now the validator of every record model (each is otherwise built on its first use), the any-record
    adapter and each kind's: for a process that validates from several threads at once (the web app's request
    threads), as a first use in two threads together races in pydantic releases whose ``model_rebuild`` takes
    no lock; and so that no request waits for a build."""
    record_adapter()
    for game, kind in KINDS:
        kind_adapter(game, kind)
    todo: list[type[Model]] = [Model]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if not cls.__pydantic_complete__:
            cls.model_rebuild()


def __getattr__(name: str) -> Any:
    if name == "RECORD_ADAPTER":  # (the module's name for :func:`record_adapter`, as it was when built on import)
        return record_adapter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_record(data: Any) -> RecordBase:
    """Validate one decoded JSON record; raises pydantic's ``ValidationError``."""
    record: RecordBase = record_adapter().validate_python(data)
    return record


__all__ = [
    "GAMES",
    "KINDS",
    "KIND_DIRS",
    "RECORD_ADAPTER",
    "build_all",
    "record_adapter",
    "SLUG_PATTERN",
    "GameId",
    "Model",
    "Names",
    "Record",
    "RecordBase",
    "RecordType",
    "TEXT_FIELDS",
    "TYPE_BRANCHES",
    "ValidationError",
    "iter_texts",
    "kind_adapter",
    "namespace",
    "parse_record",
    "schema_path",
]


def _branches(union: Any) -> dict[str, type[RecordBase]]:
    members = get_args(get_args(union)[0])
    return {get_args(m.model_fields["type"].annotation)[0]: m for m in members}


# Kinds whose records are further discriminated on "type": type value -> model.
TYPE_BRANCHES: dict[tuple[str, str], dict[str, type[RecordBase]]] = {
    ("tactics", "unit"): _branches(TacticsUnit),
    ("netrunner", "card"): _branches(NetrunnerCard),
}

TEXT_FIELDS: tuple[tuple[str, ...], ...] = (("text",), ("reverse", "text"), ("win",), ("draw_phase",))


def iter_texts(record: RecordBase) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every ability text of a record with its JSON path (``("text", 0)``, …)."""
    for path in TEXT_FIELDS:
        node: Any = record
        for attr in path:
            # a model keeps its fields' values in __dict__: a field it does not have is not asked for
            # (pydantic's __getattr__ raises, slowly), nor looked up through the class's field table
            node = node.__dict__.get(attr)
            if node is None:
                break
        if isinstance(node, list):
            for index, text in enumerate(node):
                yield (*path, index), text
