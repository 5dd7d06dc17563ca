"""Names the database is made of, free of SQLAlchemy: what reading a built database needs.

:mod:`toolkit.db.tables` defines the tables (SQLModel); this module repeats their
column names in order (a test keeps the two the same), so that search, show and
the build's rows need not load SQLAlchemy to know them.
"""

from __future__ import annotations

SCHEMA_VERSION = "2"

# Columns of each table, in the tables' order; the first of each per-record table is the record's pk.
COLUMNS: dict[str, tuple[str, ...]] = {
    "records": (
        "pk",
        "game",
        "kind",
        "namespace",
        "id",
        "type",
        "name_zh",
        "name_en",
        "name_folded",
        "text",
        "text_compact",
        "flavor_zh",
        "flavor_en",
        "source",
        "data",
    ),
    "tactics_attrs": (
        "pk",
        "category",
        "back",
        "shop",
        "agent",
        "token",
        "max_in_play",
        "mortgage",
        "tap",
        "size",
        "slots",
        "style",
        "attack_subtype",
        "speed",
        "range_min",
        "range_max",
        "through_walls",
        "shield",
        "hp",
        "move",
        "private",
        "symbol",
        "status_target",
        "minion",
        "reversible",
        "response",
    ),
    "netrunner_attrs": (
        "pk",
        "side",
        "faction",
        "cost",
        "influence",
        "deck_limit",
        "unique",
        "agenda_points",
        "advancement_requirement",
        "strength",
        "memory_cost",
        "trash_cost",
        "min_deck_size",
        "influence_limit",
        "base_link",
        "set",
        "cycle",
        "neutral",
    ),
    "crossfire_attrs": ("pk", "team", "armed", "guns", "protects", "marks", "special", "counts_as"),
    "mode_attrs": (
        "pk",
        "players_min",
        "players_max",
        "status",
        "matrix_shop",
        "starting_agents",
        "max_agents",
        "all_sets",
    ),
    "names": ("record_pk", "lang", "name", "folded"),
    "abilities": ("record_pk", "face", "position", "text"),
    "subtypes": ("record_pk", "subtype"),
    "printings": ("record_pk", "code", "set", "cycle", "position", "quantity", "illustrator"),
    "format_cards": ("format_pk", "ban_list", "in_force", "list", "card_id"),
    "format_sets": ("format_pk", "set"),
    "terms": ("game", "vocab", "id", "name_zh", "name_en", "extra"),
    "meta": ("key", "value"),
}

# The attribute table of each game.
ATTR_TABLES = {"tactics": "tactics_attrs", "netrunner": "netrunner_attrs", "crossfire": "crossfire_attrs"}

# PostgreSQL: pg_trgm indexes on these records columns, where the extension could be enabled.
TRGM_FLAG = "dossier_pg_trgm"
TRGM_COLUMNS = ("name_zh", "name_en", "name_folded", "text", "text_compact", "flavor_zh", "flavor_en")

# SQLite full-text indexes (FTS5). record_fts: trigram tokenizer over the records columns (external
# content), for words of 3+ characters. record_grams: contentless, the Chinese characters and adjacent
# pairs of each record (grams.cjk_grams) in three columns, for 1- and 2-character Chinese words.
FTS_TABLE = "record_fts"
FTS_COLUMNS = ("name_zh", "name_en", "name_folded", "text", "text_compact", "flavor_zh", "flavor_en")
GRAMS_TABLE = "record_grams"
GRAMS_COLUMNS = {
    "name_zh": "name",
    "name_en": "name",
    "name_folded": "name",
    "text": "text",
    "text_compact": "text",
    "flavor_zh": "flavor",
    "flavor_en": "flavor",
}
