"""Names the database is made of, free of SQLAlchemy: what reading a built database needs.

:mod:`toolkit.db.tables` defines the tables (SQLModel); this module repeats their
column names in order (a test keeps the two the same), so that search, show and
the build's rows need not load SQLAlchemy to know them.
"""

from __future__ import annotations

SCHEMA_VERSION = "8"  # 8: records.text and flavour as `dossier show` prints them (no NetrunnerDB markup), in NFKC
# 7: netrunner_attrs.starter_only (a record for the starter game only: in no format's pool)
# 6: mode_attrs.players_counts (双雄: 2 or 4 players); 4: records.text holds the English of the ability texts too (searched by English words)
# 5: records.text without spaces between Chinese and digits or Latin letters (toolkit.db.grams.searched_spaces)

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
        "reading",
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
        "starter_only",
    ),
    "crossfire_attrs": ("pk", "team", "armed", "guns", "protects", "marks", "special", "counts_as"),
    "mode_attrs": (
        "pk",
        "players_min",
        "players_max",
        "players_counts",
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

# records.reading: how much of a record's text the engine runs, as the ``run:`` query key asks it.
READING_STATUSES = ("executable", "partial", "printed_only")


def reading_status(status: str | None, has_text: bool, abilities: int, printed: int) -> str | None:
    """A record's reading verdict (one of :data:`READING_STATUSES`), or None for a record that has no text
    field (games, modes, formats, maps, factions).

    ``status``: the ``reading.status`` an import gave it, taken as it is; ``has_text``: its model has ability
    text; ``abilities`` and ``printed``: how many ability texts and printed paragraphs it has. A record without
    a reading is executable when it has ability text or no text at all (bundled text is in the ability
    language), printed only when it has printed text alone.
    """
    if status in READING_STATUSES:
        return status
    if not has_text:
        return None
    return "printed_only" if printed and not abilities else "executable"


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


# The SQLite schema as SQLAlchemy writes it for the tables of toolkit.db.tables (CREATE TABLE in creation
# order, then CREATE INDEX), so that a build on SQLite needs no SQLAlchemy; tests/test_db.py keeps it the same.
SQLITE_TABLES: tuple[str, ...] = (
    (
        "CREATE TABLE records (\n"
        "\tpk INTEGER NOT NULL, \n"
        "\tgame VARCHAR NOT NULL, \n"
        "\tkind VARCHAR NOT NULL, \n"
        "\tnamespace VARCHAR NOT NULL, \n"
        "\tid VARCHAR NOT NULL, \n"
        "\ttype VARCHAR, \n"
        "\tname_zh VARCHAR NOT NULL, \n"
        "\tname_en VARCHAR, \n"
        "\tname_folded VARCHAR NOT NULL, \n"
        "\ttext VARCHAR NOT NULL, \n"
        "\ttext_compact VARCHAR NOT NULL, \n"
        "\tflavor_zh VARCHAR, \n"
        "\tflavor_en VARCHAR, \n"
        "\treading VARCHAR, \n"
        "\tsource VARCHAR NOT NULL, \n"
        "\tdata VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (pk), \n"
        "\tCONSTRAINT uq_records_game_namespace_id UNIQUE (game, namespace, id)\n"
        ")"
    ),
    (
        "CREATE TABLE terms (\n"
        "\tgame VARCHAR NOT NULL, \n"
        "\tvocab VARCHAR NOT NULL, \n"
        "\tid VARCHAR NOT NULL, \n"
        "\tname_zh VARCHAR, \n"
        "\tname_en VARCHAR, \n"
        "\textra VARCHAR, \n"
        "\tPRIMARY KEY (game, vocab, id)\n"
        ")"
    ),
    ('CREATE TABLE meta (\n\t"key" VARCHAR NOT NULL, \n\tvalue VARCHAR NOT NULL, \n\tPRIMARY KEY ("key")\n)'),
    (
        "CREATE TABLE tactics_attrs (\n"
        "\tpk INTEGER NOT NULL, \n"
        "\tcategory VARCHAR, \n"
        "\tback VARCHAR, \n"
        "\tshop BOOLEAN, \n"
        "\tagent VARCHAR, \n"
        "\ttoken BOOLEAN, \n"
        "\tmax_in_play INTEGER, \n"
        "\tmortgage INTEGER, \n"
        "\ttap BOOLEAN, \n"
        "\tsize VARCHAR, \n"
        "\tslots INTEGER, \n"
        "\tstyle VARCHAR, \n"
        "\tattack_subtype VARCHAR, \n"
        "\tspeed INTEGER, \n"
        "\trange_min INTEGER, \n"
        "\trange_max INTEGER, \n"
        "\tthrough_walls BOOLEAN, \n"
        "\tshield INTEGER, \n"
        "\thp INTEGER, \n"
        "\tmove INTEGER, \n"
        "\tprivate BOOLEAN, \n"
        "\tsymbol VARCHAR, \n"
        "\tstatus_target VARCHAR, \n"
        "\tminion VARCHAR, \n"
        "\treversible BOOLEAN, \n"
        "\tresponse BOOLEAN, \n"
        "\tPRIMARY KEY (pk), \n"
        "\tFOREIGN KEY(pk) REFERENCES records (pk) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE netrunner_attrs (\n"
        "\tpk INTEGER NOT NULL, \n"
        "\tside VARCHAR, \n"
        "\tfaction VARCHAR, \n"
        "\tcost INTEGER, \n"
        "\tinfluence INTEGER, \n"
        "\tdeck_limit INTEGER, \n"
        '\t"unique" BOOLEAN, \n'
        "\tagenda_points INTEGER, \n"
        "\tadvancement_requirement INTEGER, \n"
        "\tstrength INTEGER, \n"
        "\tmemory_cost INTEGER, \n"
        "\ttrash_cost INTEGER, \n"
        "\tmin_deck_size INTEGER, \n"
        "\tinfluence_limit INTEGER, \n"
        "\tbase_link INTEGER, \n"
        '\t"set" VARCHAR, \n'
        "\tcycle VARCHAR, \n"
        "\tneutral BOOLEAN, \n"
        "\tstarter_only BOOLEAN, \n"
        "\tPRIMARY KEY (pk), \n"
        "\tFOREIGN KEY(pk) REFERENCES records (pk) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE crossfire_attrs (\n"
        "\tpk INTEGER NOT NULL, \n"
        "\tteam VARCHAR, \n"
        "\tarmed BOOLEAN, \n"
        "\tguns INTEGER, \n"
        "\tprotects BOOLEAN, \n"
        "\tmarks BOOLEAN, \n"
        "\tspecial BOOLEAN, \n"
        "\tcounts_as VARCHAR, \n"
        "\tPRIMARY KEY (pk), \n"
        "\tFOREIGN KEY(pk) REFERENCES records (pk) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE mode_attrs (\n"
        "\tpk INTEGER NOT NULL, \n"
        "\tplayers_min INTEGER, \n"
        "\tplayers_max INTEGER, \n"
        "\tplayers_counts VARCHAR, \n"
        "\tstatus VARCHAR, \n"
        "\tmatrix_shop BOOLEAN, \n"
        "\tstarting_agents INTEGER, \n"
        "\tmax_agents INTEGER, \n"
        "\tall_sets BOOLEAN, \n"
        "\tPRIMARY KEY (pk), \n"
        "\tFOREIGN KEY(pk) REFERENCES records (pk) ON DELETE CASCADE\n"
        ")"
    ),
    (
        "CREATE TABLE names (\n"
        "\trecord_pk INTEGER NOT NULL, \n"
        "\tlang VARCHAR NOT NULL, \n"
        "\tname VARCHAR NOT NULL, \n"
        "\tfolded VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (record_pk, lang), \n"
        "\tFOREIGN KEY(record_pk) REFERENCES records (pk)\n"
        ")"
    ),
    (
        "CREATE TABLE abilities (\n"
        "\trecord_pk INTEGER NOT NULL, \n"
        "\tface VARCHAR NOT NULL, \n"
        "\tposition INTEGER NOT NULL, \n"
        "\ttext VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (record_pk, face, position), \n"
        "\tFOREIGN KEY(record_pk) REFERENCES records (pk)\n"
        ")"
    ),
    (
        "CREATE TABLE subtypes (\n"
        "\trecord_pk INTEGER NOT NULL, \n"
        "\tsubtype VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (record_pk, subtype), \n"
        "\tFOREIGN KEY(record_pk) REFERENCES records (pk)\n"
        ")"
    ),
    (
        "CREATE TABLE format_cards (\n"
        "\tformat_pk INTEGER NOT NULL, \n"
        "\tban_list VARCHAR NOT NULL, \n"
        "\tin_force BOOLEAN NOT NULL, \n"
        "\tlist VARCHAR NOT NULL, \n"
        "\tcard_id VARCHAR NOT NULL, \n"
        "\tPRIMARY KEY (format_pk, ban_list, list, card_id), \n"
        "\tFOREIGN KEY(format_pk) REFERENCES records (pk)\n"
        ")"
    ),
    (
        "CREATE TABLE format_sets (\n"
        "\tformat_pk INTEGER NOT NULL, \n"
        '\t"set" VARCHAR NOT NULL, \n'
        '\tPRIMARY KEY (format_pk, "set"), \n'
        "\tFOREIGN KEY(format_pk) REFERENCES records (pk)\n"
        ")"
    ),
    (
        "CREATE TABLE printings (\n"
        "\trecord_pk INTEGER NOT NULL, \n"
        "\tcode VARCHAR NOT NULL, \n"
        '\t"set" VARCHAR NOT NULL, \n'
        "\tcycle VARCHAR, \n"
        "\tposition INTEGER, \n"
        "\tquantity INTEGER, \n"
        "\tillustrator VARCHAR, \n"
        "\tPRIMARY KEY (record_pk, code), \n"
        "\tFOREIGN KEY(record_pk) REFERENCES records (pk)\n"
        ")"
    ),
)
SQLITE_INDEXES: tuple[str, ...] = (
    "CREATE INDEX ix_crossfire_attrs_team ON crossfire_attrs (team)",
    "CREATE INDEX ix_format_cards_ban_list ON format_cards (ban_list)",
    "CREATE INDEX ix_format_cards_card_id ON format_cards (card_id)",
    "CREATE INDEX ix_format_cards_in_force ON format_cards (in_force)",
    'CREATE INDEX ix_format_sets_set ON format_sets ("set")',
    "CREATE INDEX ix_names_folded ON names (folded)",
    "CREATE INDEX ix_names_name ON names (name)",
    "CREATE INDEX ix_netrunner_attrs_advancement_requirement ON netrunner_attrs (advancement_requirement)",
    "CREATE INDEX ix_netrunner_attrs_agenda_points ON netrunner_attrs (agenda_points)",
    "CREATE INDEX ix_netrunner_attrs_cost ON netrunner_attrs (cost)",
    "CREATE INDEX ix_netrunner_attrs_cycle ON netrunner_attrs (cycle)",
    "CREATE INDEX ix_netrunner_attrs_faction ON netrunner_attrs (faction)",
    "CREATE INDEX ix_netrunner_attrs_influence ON netrunner_attrs (influence)",
    "CREATE INDEX ix_netrunner_attrs_memory_cost ON netrunner_attrs (memory_cost)",
    'CREATE INDEX ix_netrunner_attrs_set ON netrunner_attrs ("set")',
    "CREATE INDEX ix_netrunner_attrs_side ON netrunner_attrs (side)",
    "CREATE INDEX ix_netrunner_attrs_strength ON netrunner_attrs (strength)",
    "CREATE INDEX ix_netrunner_attrs_trash_cost ON netrunner_attrs (trash_cost)",
    "CREATE INDEX ix_printings_code ON printings (code)",
    "CREATE INDEX ix_printings_cycle ON printings (cycle)",
    "CREATE INDEX ix_printings_illustrator ON printings (illustrator)",
    'CREATE INDEX ix_printings_set ON printings ("set")',
    "CREATE INDEX ix_records_game ON records (game)",
    "CREATE INDEX ix_records_game_kind_type ON records (game, kind, type)",
    "CREATE INDEX ix_records_id ON records (id)",
    "CREATE INDEX ix_records_kind ON records (kind)",
    "CREATE INDEX ix_records_name_en ON records (name_en)",
    "CREATE INDEX ix_records_name_zh ON records (name_zh)",
    "CREATE INDEX ix_records_reading ON records (reading)",
    "CREATE INDEX ix_records_type ON records (type)",
    "CREATE INDEX ix_subtypes_subtype ON subtypes (subtype)",
    "CREATE INDEX ix_tactics_attrs_agent ON tactics_attrs (agent)",
    "CREATE INDEX ix_tactics_attrs_category ON tactics_attrs (category)",
    "CREATE INDEX ix_tactics_attrs_hp ON tactics_attrs (hp)",
    "CREATE INDEX ix_tactics_attrs_mortgage ON tactics_attrs (mortgage)",
    "CREATE INDEX ix_tactics_attrs_move ON tactics_attrs (move)",
    "CREATE INDEX ix_tactics_attrs_range_max ON tactics_attrs (range_max)",
    "CREATE INDEX ix_tactics_attrs_range_min ON tactics_attrs (range_min)",
    "CREATE INDEX ix_tactics_attrs_shield ON tactics_attrs (shield)",
    "CREATE INDEX ix_tactics_attrs_shop ON tactics_attrs (shop)",
    "CREATE INDEX ix_tactics_attrs_slots ON tactics_attrs (slots)",
    "CREATE INDEX ix_tactics_attrs_speed ON tactics_attrs (speed)",
    "CREATE INDEX ix_tactics_attrs_token ON tactics_attrs (token)",
    "CREATE INDEX ix_terms_vocab_id ON terms (vocab, id)",
)
