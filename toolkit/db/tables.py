"""The database tables: plain tables a person can query with SQL.

``records`` has one row per record of every game (common columns, the record
in full as JSON in ``data``); each game adds a 1:1 attribute table keyed by
``records.pk`` with one column per attribute players filter on. Names per
language, ability text, subtypes, vocabularies (factions, subtypes, agents),
printings, format lists (banned, restricted) and format card pools (sets) are
child tables. Names are also stored folded (``name_folded``, ``names.folded``:
see :func:`toolkit.names.fold`), so ``Esa`` finds ``Esâ``. Example::

    SELECT r.id, r.name_zh, t.speed, t.range_min, t.range_max
    FROM records r JOIN tactics_attrs t USING (pk)
    WHERE t.category = 'equipment' AND t.speed >= 2;

``pk`` follows display order (game, kind, type, id), so ``ORDER BY pk`` lists
results the same way on every backend.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, ForeignKey, Index, Integer, MetaData, UniqueConstraint
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from .constants import (
    FTS_COLUMNS,
    FTS_TABLE,
    GRAMS_COLUMNS,
    GRAMS_TABLE,
    SCHEMA_VERSION,
    TRGM_COLUMNS,
    TRGM_FLAG,
)

__all__ = [
    "FTS_COLUMNS",
    "FTS_TABLE",
    "GRAMS_COLUMNS",
    "GRAMS_TABLE",
    "METADATA",
    "SCHEMA_VERSION",
    "TRGM_COLUMNS",
    "TRGM_FLAG",
    "Ability",
    "CrossfireAttrs",
    "FormatCard",
    "FormatSet",
    "Meta",
    "ModeAttrs",
    "Name",
    "NetrunnerAttrs",
    "PrintingRow",
    "Record",
    "Subtype",
    "TacticsAttrs",
    "Term",
]


class Table(SQLModel, registry=registry()):
    """Base of Dossier's tables: their own metadata, apart from any other SQLModel tables."""


def _trgm_enabled(
    ddl: Any, target: Any, bind: Any, tables: Any = None, state: Any = None, *, dialect: Any, **kw: Any
) -> bool:
    """Create the trigram indexes only on PostgreSQL connections where pg_trgm was enabled."""
    return bind is not None and bool(bind.info.get(TRGM_FLAG))


def _trgm_index(column: str) -> Index:
    index = Index(f"ix_records_{column}_trgm", column, postgresql_using="gin", postgresql_ops={column: "gin_trgm_ops"})
    index.ddl_if(dialect="postgresql", callable_=_trgm_enabled)
    return index


def _fk() -> Column[int]:
    return Column(Integer, ForeignKey("records.pk", ondelete="CASCADE"), primary_key=True)


class Record(Table, table=True):
    """One record of any game: game, kind, id, names, all text, and the record as JSON."""

    __tablename__ = "records"
    __table_args__ = (
        UniqueConstraint("game", "namespace", "id", name="uq_records_game_namespace_id"),
        Index("ix_records_game_kind_type", "game", "kind", "type"),
        *(_trgm_index(column) for column in TRGM_COLUMNS),
    )

    pk: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(index=True)
    kind: str = Field(index=True)
    namespace: str
    id: str = Field(index=True)
    type: str | None = Field(default=None, index=True, description="Card type / category / unit type / kind.")
    name_zh: str = Field(index=True)
    name_en: str | None = Field(default=None, index=True)
    name_folded: str = Field(
        default="",
        description="Every name folded as people type it (no accents, case or punctuation), one per line.",
    )
    text: str = Field(
        default="",
        description="Every ability and printed text, one per line; then, for a record that prints no English, the "
        "English of its ability texts (as `dossier show --lang en` renders them), which searches read too.",
    )
    text_compact: str = Field(
        default="", description="The ability and printed texts without spaces, numbers and measure words."
    )
    flavor_zh: str | None = None
    flavor_en: str | None = None
    reading: str | None = Field(
        default=None,
        index=True,
        description="What the engine runs of the text: executable, partial or printed_only; NULL: no text field.",
    )
    source: str = Field(default="", description="File the record was loaded from.")
    data: str = Field(description="The record in full, as JSON.")


class TacticsAttrs(Table, table=True):
    """Attributes of tactics records (cards, agents, units, attacks)."""

    __tablename__ = "tactics_attrs"

    pk: int = Field(sa_column=_fk())
    category: str | None = Field(default=None, index=True, description="equipment, skill, item, status, minion.")
    back: str | None = Field(default=None, description="personal or shop.")
    shop: bool | None = Field(default=None, index=True, description="Matrix shop (gold) card.")
    agent: str | None = Field(default=None, index=True, description="Exclusive card: the agent's id.")
    token: bool | None = Field(default=None, index=True, description="Token card (衍生牌).")
    max_in_play: int | None = None
    mortgage: int | None = Field(default=None, index=True, description="Play cost -X.")
    tap: bool | None = None
    size: str | None = Field(default=None, description="carried, normal or heavy.")
    slots: int | None = Field(default=None, index=True)
    style: str | None = Field(default=None, description="melee or ranged.")
    attack_subtype: str | None = None
    speed: int | None = Field(default=None, index=True, description="攻速.")
    range_min: int | None = Field(default=None, index=True)
    range_max: int | None = Field(default=None, index=True)
    through_walls: bool | None = None
    shield: int | None = Field(default=None, index=True)
    hp: int | None = Field(default=None, index=True)
    move: int | None = Field(default=None, index=True)
    private: bool | None = None
    symbol: str | None = None
    status_target: str | None = None
    minion: str | None = None
    reversible: bool | None = None
    response: bool | None = None


class NetrunnerAttrs(Table, table=True):
    """Attributes of netrunner records (cards, identities, factions)."""

    __tablename__ = "netrunner_attrs"

    pk: int = Field(sa_column=_fk())
    side: str | None = Field(default=None, index=True)
    faction: str | None = Field(default=None, index=True)
    cost: int | None = Field(default=None, index=True, description="Play cost, or rez cost for ice/assets/upgrades.")
    influence: int | None = Field(default=None, index=True)
    deck_limit: int | None = None
    unique: bool | None = None
    agenda_points: int | None = Field(default=None, index=True)
    advancement_requirement: int | None = Field(default=None, index=True)
    strength: int | None = Field(default=None, index=True)
    memory_cost: int | None = Field(default=None, index=True)
    trash_cost: int | None = Field(default=None, index=True)
    min_deck_size: int | None = None
    influence_limit: int | None = None
    base_link: int | None = None
    set: str | None = Field(default=None, index=True)
    cycle: str | None = Field(default=None, index=True, description="The set's cycle (the set itself if unknown).")
    neutral: bool | None = None
    starter_only: bool | None = Field(
        default=None, description="For the starter game only: in no format's card pool (cards and identities)."
    )


class CrossfireAttrs(Table, table=True):
    """Attributes of crossfire roles."""

    __tablename__ = "crossfire_attrs"

    pk: int = Field(sa_column=_fk())
    team: str | None = Field(default=None, index=True)
    armed: bool | None = None
    guns: int | None = None
    protects: bool | None = None
    marks: bool | None = None
    special: bool | None = None
    counts_as: str | None = None


class ModeAttrs(Table, table=True):
    """Player counts and set-up of games, modes and formats."""

    __tablename__ = "mode_attrs"

    pk: int = Field(sa_column=_fk())
    players_min: int | None = None
    players_max: int | None = None
    players_counts: str | None = Field(
        default=None, description="Only these player counts (',2,4,': a mode for 2 or 4); null: min to max."
    )
    status: str | None = None
    matrix_shop: bool | None = None
    starting_agents: int | None = None
    max_agents: int | None = None
    all_sets: bool | None = Field(default=None, description="Format: its card pool is every set (no format_sets rows).")


class Name(Table, table=True):
    """A record's name in one language (zh-Hans, en), or NetrunnerDB's stripped title where it folds otherwise (search)."""

    __tablename__ = "names"

    record_pk: int = Field(foreign_key="records.pk", primary_key=True)
    lang: str = Field(primary_key=True)
    name: str = Field(index=True)
    folded: str = Field(default="", index=True, description="The name folded (no accents, case or punctuation).")


class Ability(Table, table=True):
    """One ability (or paragraph of printed text) of a record, in order.

    ``face``: front, reverse, win, draw_phase, printed_en, printed_zh.
    """

    __tablename__ = "abilities"

    record_pk: int = Field(foreign_key="records.pk", primary_key=True)
    face: str = Field(primary_key=True)
    position: int = Field(primary_key=True)
    text: str


class Subtype(Table, table=True):
    """Subtypes of a record (netrunner subtypes, tactics agent and attack subtypes)."""

    __tablename__ = "subtypes"

    record_pk: int = Field(foreign_key="records.pk", primary_key=True)
    subtype: str = Field(primary_key=True, index=True)


class Term(Table, table=True):
    """Vocabulary entries with their names: factions, subtypes, agents, games, modes, sets, cycles, ban lists."""

    __tablename__ = "terms"
    __table_args__ = (Index("ix_terms_vocab_id", "vocab", "id"),)

    game: str = Field(primary_key=True)
    vocab: str = Field(primary_key=True, description="game, faction, subtype, agent, mode, set, cycle, ban_list.")
    id: str = Field(primary_key=True)
    name_zh: str | None = None
    name_en: str | None = None
    extra: str | None = Field(default=None, description="Agents: their symbol.")


class FormatCard(Table, table=True):
    """A card on one of a format's ban lists: banned, restricted, or with points, universal faction cost, global penalty."""

    __tablename__ = "format_cards"

    format_pk: int = Field(foreign_key="records.pk", primary_key=True)
    ban_list: str = Field(default="", primary_key=True, index=True, description="Ban list id; '' for inline lists.")
    in_force: bool = Field(default=True, index=True, description="The list the format applies now.")
    list: str = Field(
        primary_key=True, description="banned, restricted, points, universal_faction_cost or global_penalty."
    )
    card_id: str = Field(primary_key=True, index=True)


class FormatSet(Table, table=True):
    """A set in a format's card pool (every set of the data when the format names none)."""

    __tablename__ = "format_sets"

    format_pk: int = Field(foreign_key="records.pk", primary_key=True)
    set: str = Field(primary_key=True, index=True)


class PrintingRow(Table, table=True):
    """One printing of an imported card: code, set, position, quantity, illustrator."""

    __tablename__ = "printings"

    record_pk: int = Field(foreign_key="records.pk", primary_key=True)
    code: str = Field(primary_key=True, index=True)
    set: str = Field(index=True)
    cycle: str | None = Field(default=None, index=True, description="The set's cycle (the set itself if unknown).")
    position: int | None = None
    quantity: int | None = None
    illustrator: str | None = Field(default=None, index=True)


class Meta(Table, table=True):
    """Facts about the build: schema version, record counts, sources."""

    __tablename__ = "meta"

    key: str = Field(primary_key=True)
    value: str


METADATA: MetaData = Table.metadata


def sqlite_ddl() -> tuple[list[str], list[str]]:
    """The CREATE TABLE statements (in creation order) and CREATE INDEX statements (sorted) SQLAlchemy
    writes for these tables on SQLite: what :data:`toolkit.db.constants.SQLITE_TABLES` and
    :data:`toolkit.db.constants.SQLITE_INDEXES` hold (a test keeps them the same)."""
    from sqlalchemy import create_mock_engine
    from sqlalchemy.schema import CreateIndex, CreateTable

    tables: list[str] = []
    indexes: list[str] = []

    def collect(element: Any, *args: Any, **kwargs: Any) -> None:
        statement = str(element.compile(dialect=engine.dialect)).strip()
        (tables if isinstance(element, CreateTable) else indexes).append(statement)
        assert isinstance(element, CreateTable | CreateIndex), statement

    engine = create_mock_engine("sqlite://", collect)
    METADATA.create_all(engine, checkfirst=False)
    return tables, sorted(indexes)
