"""Import a NetrunnerDB card-data checkout (netrunner-cards-json) as Dossier netrunner records.

Two layouts are read:

- v2: ``v2/cards/*.json`` (one card per file), ``v2/printings/*.json``,
  ``v2/card_sets.json``, ``v2/card_cycles.json``, ``v2/factions.json``,
  ``v2/card_types.json``, ``v2/card_subtypes.json``, ``v2/formats/*.json``,
  ``v2/card_pools/*.json`` and ``v2/restrictions/**/*.json``;
- v1: ``pack/*.json`` (one printing per entry), ``packs.json``,
  ``cycles.json``, ``factions.json`` and ``mwl.json``.

Every format becomes a format record (its snapshot in force) and so does each
of its snapshots: the card pool (the sets of the snapshot's card pool, cycles
expanded), the ban list in force and every ban list of the format (banned,
restricted, Eternal points, universal faction cost, global penalty) to choose
from. The snapshot in force is the latest whose start has passed (:func:`_in_force`: the same in both
layouts; the data's ``active`` flag is read only when no date tells). Card sets go to the game record with
their names.

Chinese names, texts and flavour come from ``translations/zh-hans`` (keyed by
printing code) where present. Where no Chinese exists, the English stands in
for the required zh-Hans name, and the record says so field by field in
``untranslated`` (JSON pointers such as ``/name/zh-Hans``). Printed text goes
to ``printed_text`` (natural language); the paragraphs the templates of
:mod:`toolkit.importers.nrdb_text` read (and that read back) also go to ``text``
as ability language, and ``reading`` holds the verdict. An identity's deck-building text becomes ``deck_rules``
(:data:`IDENTITY_DECK_RULES`, ``draft_only``, else ``not_checked``) and an alliance card's condition for costing
no influence ``influence_free_if``; those paragraphs count as deck rules in ``reading``. Every string loses its
byte-order marks and zero-width characters, and every name its spaces at its ends and runs of them
(:func:`_name_text`). Fields the source has that Dossier has no place for, and
fields this importer does not know, are listed in the report, never dropped
silently.

Data of the wrong shape never stops an import: a value of the wrong JSON type (an
id that is a list, subtypes that are a number, a ban list entry that is a number)
is a warning naming the file, line, column and JSON pointer, and is left out; the
rest is imported. Two source ids that make one Dossier id are told apart (``_2``)
with a warning. A file that cannot be read is refused (exit 2); one that is not
UTF-8 or not JSON, larger than :data:`MAX_FILE_BYTES`, nested deeper than
:data:`MAX_DEPTH` or holding an integer of more than 20 digits is refused (exit 1)
with its place; a number beyond ±:data:`MAX_NUMBER` in a field is left out.

The output directory gets one canonical JSON file per record (``game.json``,
``factions/``, ``identities/``, ``cards/``, ``modes/``), the JSON Schemas they
point at (``.schema/netrunner/``) and a marker ``.dossier-import.json``, which lists
every file written with a digest of its bytes. It is replaced as a whole; a directory
without the marker is never overwritten, nor one holding a file the earlier import did
not write (a deck, a card of the user's) or changed since it wrote it: the import stops
and names them (with an older marker that lists nothing, any file an import does not
write: :func:`toolkit.importers.marker.foreign_files`).

A v1 checkout's cards get the ids NetrunnerDB's v2 layout gives them (:func:`card_slug`),
and an identity's other faces, which v1 writes into its text ("Flip side:", "Side 2:"),
become its ``faces`` as in v2. A number of a card's rules of the wrong shape (a cost
of "five") leaves the card out with a warning: read as absent, it would be another card
(a cost of X, no influence).
"""

from __future__ import annotations

import codecs
import json
import os
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from toolkit.errors import DossierError, os_reason
from toolkit.i18n import N_, current_lang, sentences, tc, tr, trn, word
from toolkit.importers.nrdb_text import STARTER_ONLY, english_key, read_card
from toolkit.jsonio import (
    FileTooLarge,
    JsonSyntaxError,
    canonical_dumps,
    escape_pointer_token,
    invalid_json,
    json_kind,
    loads_limited,
    not_utf8,
    pointer_position,
    read_regular,
    value_positions,
)
from toolkit.meter import SILENT, Meter, meter_or_silent
from toolkit.model_errors import model_error
from toolkit.models import SLUG_PATTERN, kind_adapter, schema_path
from toolkit.models.common import LANG_TAG
from toolkit.names import fold
from toolkit.safewrite import replace_dir

from .marker import FILES, MARKER, READINGS, digest, foreign_files

# Limits on what a checkout may hold (past them a file is refused, exit 1, or a value left out with a warning).
MAX_FILE_BYTES = 64 * 2**20  # one JSON file
MAX_DEPTH = 32  # nesting of a JSON file
MAX_NUMBER = 1_000_000  # a number in a card, printing or ban list field, either sign
SCHEMA_DIR = ".schema"
_SLUG = re.compile(SLUG_PATTERN)
_SYMBOL = re.compile(r"\[([a-z0-9_]+)\]")

CORP_TYPES = {"agenda", "asset", "ice", "operation", "upgrade"}
RUNNER_TYPES = {"event", "hardware", "program", "resource"}
PLAY_COST_TYPES = {"operation", "event", "hardware", "resource", "program"}
REZ_COST_TYPES = {"ice", "asset", "upgrade"}
TRASH_TYPES = {"ice", "asset", "upgrade", "operation"}

# Chinese names Dossier supplies where a checkout has none (mini factions, formats).
FACTION_ZH = {
    "adam": "亚当",
    "apex": "尖峰",
    "sunny_lebeau": "桑妮·勒博",
    "weyland_consortium": "威兰财团",
    "neutral_corp": "中立（公司）",
    "neutral_runner": "中立（潜袭者）",
}
# NetrunnerDB names both neutral factions 中立 / Neutral; Dossier names must tell them apart.
NEUTRAL_NAMES = {"corp": ("中立（公司）", "Neutral (Corp)"), "runner": ("中立（潜袭者）", "Neutral (Runner)")}
BUNDLED_FACTION_ALIASES = {"weyland_consortium": "weyland"}
FORMAT_ZH = {
    "standard": "标准赛制",
    "startup": "新手赛制",
    "eternal": "永恒赛制",
    "snapshot": "快照赛制",
    "system_gateway": "系统网关赛制",
}
SYMBOL_NAMES = {
    "recurring_credit": ("循环信用点", "recurring credit"),
    "interrupt": ("中断", "interrupt"),
}

# Characters that show nothing and only make equal names differ ("Vrai visage\ufeff"): left out of every
# string read from a checkout (byte-order mark, zero-width space, non-joiner and joiner, word joiner, and the
# Mongolian vowel separator).
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060\u180e"))

# A run of spaces (any: the ideographic one too) in a name: lint refuses a name with two in a row or one at its
# ends (``card.name.spaces``, validators/wording.py), and NetrunnerDB's translations have a few (a Korean title).
_SPACE_RUN = re.compile(r"(\s)\s+")


def _name_text(text: str) -> str:
    """A name as lint wants it: its spaces at the ends left out, a run of them inside made its first one."""
    return _SPACE_RUN.sub(r"\1", text).strip()

# Identities whose printed text restricts or relaxes deck building, by NetrunnerDB printing code (any printing
# of the card), with the deck rules that text amounts to (validators/deck.py enforces them). Facts only; the
# card text itself stays NetrunnerDB's. A "Draft format only" paragraph is read on any card (``draft_only``);
# an identity whose deck-building text is neither here nor that gets ``not_checked``, and the validator warns.
IDENTITY_DECK_RULES: dict[str, tuple[dict[str, Any], ...]] = {
    # The Professor: Keeper of Knowledge: the first copy of each program costs no influence
    "03029": ({"rule": "influence_free", "type": "program", "copies": 1},),
    # Custom Biotics: Engineered for Success: no Jinteki cards
    "03002": ({"rule": "forbid_faction", "faction": "jinteki"},),
    # Nova Initiumia: Catalyst & Impetus: 1 copy of any card
    "33093": ({"rule": "copy_limit", "max": 1},),
    # Ampère: Cybernetics For Anyone: 1 copy of any card; up to 2 different agendas of each other Corp faction
    "33128": ({"rule": "copy_limit", "max": 1}, {"rule": "out_of_faction_agendas", "per_faction": 2}),
    # The Shadow: Pulling the Strings (Draft): agendas of every faction
    "00005": ({"rule": "out_of_faction_agendas"},),
}
DRAFT_ONLY = "draft format only"
# A paragraph of an identity that speaks of deck building (what the deck may include, its influence limit, its
# format). Each is a rule above, or one the validator says it does not check.
_DECK_TEXT = re.compile(
    r"\b(?:your deck (?:cannot|can|may|must)\b|(?:in|from|to) (?:this|your) deck\b|influence limit"
    r"|deck-?building|draft format only)"
)
# "This card costs 0 influence if you have <condition> in your deck." (alliance cards); any other "costs 0
# influence if" is a condition Dossier does not read.
_FREE_IF = re.compile(r"^this (?:card|[a-z]+) costs 0 influence if (.+)$")
_FREE_HAVE = re.compile(r"^you have (.+?) in your deck$")
_FREE_COUNT = re.compile(r"^(\d{1,3}) or (more|fewer) (non-alliance )?(?:\[([a-z0-9_-]+)\] )?([a-z]+)$")
_FREE_TITLE = re.compile(r"^(\d{1,3}) (.+)$")
# The words a condition counts by: a card type, or every card.
_COUNTED = {
    "card": None,
    "cards": None,
    "ice": "ice",
    **{f"{t}s": t for t in ("agenda", "asset", "operation", "upgrade", "event", "program", "resource")},
    **{t: t for t in ("agenda", "asset", "operation", "upgrade", "event", "program", "resource", "hardware")},
}

# Fields each source object may carry: mapped ones, and known ones Dossier has no place for.
V2_CARD_MAPPED = {
    "id",
    "title",
    "card_type_id",
    "side_id",
    "faction_id",
    "cost",
    "influence_cost",
    "deck_limit",
    "is_unique",
    "subtypes",
    "text",
    "strength",
    "memory_cost",
    "trash_cost",
    "advancement_requirement",
    "agenda_points",
    "base_link",
    "influence_limit",
    "minimum_deck_size",
    "stripped_title",
    "faces",
}
# (each reason is worded where the report is made: toolkit.i18n.tr)
V2_CARD_UNMAPPED = {
    "stripped_text": N_("derived from text"),
    "designed_by": N_("publisher (no Dossier field)"),
    "attribution": N_("card attribution (no Dossier field)"),
    "layout_id": N_("card layout (no Dossier field)"),
}
# The fields of a face (v2 ``faces``): its title, text and what differs from the front.
FACE_MAPPED = {"title", "stripped_title", "text", "stripped_text", "subtypes", "base_link"}
V2_PRINTING_MAPPED = {"id", "card_id", "card_set_id", "position", "quantity", "illustrator", "flavor"}
V2_PRINTING_UNMAPPED = {
    "printed_is_unique": N_("uniqueness is taken from the card"),
    "released_by": N_("publisher (no Dossier field)"),
}
V1_CARD_MAPPED = {
    "code",
    "title",
    "type_code",
    "side_code",
    "faction_code",
    "cost",
    "faction_cost",
    "deck_limit",
    "uniqueness",
    "keywords",
    "text",
    "flavor",
    "illustrator",
    "pack_code",
    "position",
    "quantity",
    "strength",
    "memory_cost",
    "trash_cost",
    "advancement_cost",
    "agenda_points",
    "base_link",
    "influence_limit",
    "minimum_deck_size",
    "stripped_title",
}
V1_CARD_UNMAPPED = {
    "stripped_text": N_("derived from text"),
    "bio_text": N_("biography text (no Dossier field)"),
}
FACTION_MAPPED = {"id", "code", "name", "side_id", "side_code", "color", "is_mini", "is_neutral"}
FACTION_UNMAPPED = {"description": N_("faction description (no Dossier field)")}
RESTRICTION_MAPPED = {
    "id",
    "code",
    "name",
    "date_start",
    "format_id",
    "format",
    "banned",
    "restricted",
    "subtypes",
    "universal_faction_cost",
    "global_penalty",
    "points",
    "point_limit",
    "max_3_point_agendas",
    "verdicts",
}
RESTRICTION_UNMAPPED = {
    "active": N_("active flag (the formats' snapshots say which list is in force)"),
}
# Verdict kinds with a number per card: NetrunnerDB's name -> BanList field.
PER_CARD_VERDICTS = {
    "points": "points",
    "universal_faction_cost": "universal_faction_cost",
    "global_penalty": "global_penalty",
}
# The keys of the other objects that say what a deck may hold: any other key there might be a restriction
# Dossier does not know, so an import with one stops (naming the file and the key) instead of dropping it.
RESTRICTION_SUBTYPE_KEYS = {"banned"}
SNAPSHOT_KEYS = {"id", "card_pool_id", "card_pool", "date_start", "restriction_id", "restriction", "active"}
FORMAT_KEYS = {"id", "code", "name", "snapshots"}
CARD_POOL_KEYS = {"id", "name", "format_id", "card_set_ids", "card_cycle_ids"}
TRANSLATION_MAPPED = {"code", "title", "text", "flavor"}
TRANSLATION_UNMAPPED = {"keywords": N_("translated subtypes (subtype names come from the game record)")}


# ---------------------------------------------------------------------------
# report


@dataclass
class ImportReport:
    """What an import did: counts, where it wrote, and every warning."""

    source: Path
    layout: str
    into: Path
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the import tells that is no problem (the lists in force)
    skipped: list[str] = field(default_factory=list)
    unknown_fields: dict[str, dict[str, int]] = field(default_factory=dict)
    unmapped_fields: dict[str, dict[str, int]] = field(default_factory=dict)
    untranslated: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """The report as lines for a terminal, in the current language."""
        out = []
        lang = current_lang()
        # (the entries of a kind, "7 faction entries", and those of a folder, "7 v2/cards entries", are worded
        # apart: Chinese writes a word of its own without spaces, a folder's name with them)
        for source, fields in sorted(self.unknown_fields.items()):
            for name, count in sorted(fields.items()):
                said = {"n": count, "field": repr(name), "where": _source_kind(source)}
                if source in _SOURCE_KINDS:
                    line = tr("unknown field {field} in {n} {where} entries: not imported (unknown to Dossier)", **said)
                else:
                    line = tc(
                        lang,
                        "checkout path",
                        "unknown field {field} in {n} {where} entries: not imported (unknown to Dossier)",
                        **said,
                    )
                out.append(line)
        for source, fields in sorted(self.unmapped_fields.items()):
            for name, count in sorted(fields.items()):
                reason = tr(_UNMAPPED_REASONS[name]) if name in _UNMAPPED_REASONS else tr("no Dossier field")
                said = {"n": count, "field": repr(name), "where": _source_kind(source), "reason": reason}
                if source in _SOURCE_KINDS:
                    line = tr("field {field} in {n} {where} entries not imported: {reason}", **said)
                else:
                    line = tc(
                        lang, "checkout path", "field {field} in {n} {where} entries not imported: {reason}", **said
                    )
                out.append(line)
        for pointer, count in sorted(self.untranslated.items()):
            out.append(
                tr(
                    "{n} records have no Chinese for {pointer}; the English stands in (see {key})",
                    n=count,
                    pointer=pointer,
                    key="'untranslated'",
                )
            )
        out.extend(_listed(self.warnings, False))
        out.extend(_listed([tr("skipped {entry}", entry=item) for item in self.skipped], True))
        return out


# the kinds of entries of a checkout whose fields are counted (the others are named by their files: v2/cards)
_SOURCE_KINDS = {
    "faction": N_("faction"),
    "translation": N_("translation"),
    "restriction": N_("restriction"),
    "pack": N_("pack"),
}


def _source_kind(source: str) -> str:
    return tr(_SOURCE_KINDS[source]) if source in _SOURCE_KINDS else source




def _record_kind(kind: str) -> str:
    """A record's kind (``card``, ``identity``…) in the current language."""
    return word("record", kind, current_lang())


MAX_LISTED = 50
"""The most warnings (and skipped entries) listed one by one; a checkout with 100,000 bad cards gets a count."""


def _listed(lines: list[str], skipped: bool) -> list[str]:
    """``lines``, the first :data:`MAX_LISTED` of them and a count of the rest (warnings, or skipped entries)."""
    if len(lines) <= MAX_LISTED:
        return lines
    more = len(lines) - MAX_LISTED
    if skipped:
        rest = tr(
            "… and {n} more skipped entries (the first {listed} are listed)",
            n=more,
            listed=MAX_LISTED,
        )
    else:
        rest = tr(
            "… and {n} more warnings (the first {listed} are listed)",
            n=more,
            listed=MAX_LISTED,
        )
    return [*lines[:MAX_LISTED], rest]


_UNMAPPED_REASONS: dict[str, str] = {
    **V2_CARD_UNMAPPED,
    **V2_PRINTING_UNMAPPED,
    **V1_CARD_UNMAPPED,
    **FACTION_UNMAPPED,
    **RESTRICTION_UNMAPPED,
    **TRANSLATION_UNMAPPED,
}


class _Fields:
    """Counts fields by source kind: unknown ones and known-but-unmapped ones."""

    def __init__(self, report: ImportReport) -> None:
        self.report = report

    def see(self, where: str, obj: dict[str, Any], mapped: set[str], unmapped: dict[str, str]) -> None:
        for name, value in obj.items():
            if name in mapped:
                continue
            if name in unmapped:
                if value not in (None, "", [], {}) and not (name == "layout_id" and value == "normal"):
                    bucket = self.report.unmapped_fields.setdefault(where, {})
                    bucket[name] = bucket.get(name, 0) + 1
            else:
                bucket = self.report.unknown_fields.setdefault(where, {})
                bucket[name] = bucket.get(name, 0) + 1


# ---------------------------------------------------------------------------
# source model (both layouts are read into this)


@dataclass
class SourcePrinting:
    code: str
    set: str
    cycle: str | None
    position: int | None
    quantity: int | None
    illustrator: str | None
    flavor: str | None
    order: tuple[str, str] = ("", "")  # (release date, code) for sorting


@dataclass
class SourceCard:
    id: str
    fields: dict[str, Any]
    origin: str
    printings: list[SourcePrinting] = field(default_factory=list)
    raw_id: str = ""  # the id as the checkout writes it
    ptr: str = ""  # the JSON pointer of its entry in ``origin`` (v1: the latest printing's)


@dataclass
class SourceFaction:
    id: str
    name: str
    side: str
    color: str | None
    mini: bool


@dataclass
class SourceRestriction:
    id: str
    name: str
    format_id: str
    date_start: str
    banned: list[str]
    restricted: list[str]
    banned_subtypes: list[str]
    per_card: dict[str, dict[str, int]] = field(default_factory=dict)  # points / ufc / global_penalty: card -> n
    point_limit: int | None = None
    max_3_point_agendas: int | None = None


@dataclass
class SourceSet:
    id: str
    name: str
    cycle: str | None
    released: str | None
    code: str  # the v1 pack code, which translations are keyed by


@dataclass
class SourceCycle:
    id: str
    name: str
    code: str  # the v1 cycle code, which translations are keyed by
    position: int | None


@dataclass
class SourceSnapshot:
    id: str
    date_start: str
    sets: list[str] | None
    pool_name: str | None
    restriction: str | None
    active: bool


@dataclass
class SourceFormat:
    id: str
    name: str
    snapshots: list[SourceSnapshot]


@dataclass
class Translation:
    title: str | None = None
    text: str | None = None
    flavor: str | None = None


@dataclass
class Source:
    layout: str
    root: Path
    cards: list[SourceCard] = field(default_factory=list)
    factions: list[SourceFaction] = field(default_factory=list)
    subtypes: dict[str, str] = field(default_factory=dict)  # id -> English name
    restrictions: list[SourceRestriction] = field(default_factory=list)
    formats: list[SourceFormat] = field(default_factory=list)
    translations: dict[str, Translation] = field(default_factory=dict)
    # the other languages' translations (fr, ja, pt-BR…), by language tag: printing code / faction id / pack code
    other: dict[str, dict[str, Translation]] = field(default_factory=dict)
    faction_other: dict[str, dict[str, str]] = field(default_factory=dict)
    set_other: dict[str, dict[str, str]] = field(default_factory=dict)
    faction_zh: dict[str, str] = field(default_factory=dict)
    sets: list[SourceSet] = field(default_factory=list)
    set_zh: dict[str, str] = field(default_factory=dict)  # v1 pack code -> Chinese name
    cycles: list[SourceCycle] = field(default_factory=list)
    cycle_zh: dict[str, str] = field(default_factory=dict)  # v1 cycle code -> Chinese name
    cycle_other: dict[str, dict[str, str]] = field(default_factory=dict)  # language tag -> v1 cycle code -> name
    card_ids: dict[str, str] = field(default_factory=dict)  # v2: card id as written -> the imported id


# ---------------------------------------------------------------------------
# helpers


def slugify(text: str, limit: int = 64) -> str:
    """A Dossier id from a title, made as NetrunnerDB makes its v2 ids (``textToId`` in netrunner-cards-json's
    src/index.ts), so that a v1 import gives a card the id a v2 import does: accents and other non-ASCII out,
    lower case, an apostrophe before one last letter of a word dropped ("Hunter's" → ``hunters``, "Can't" →
    ``cant``), every other run of punctuation and spaces one '_' ("I've" → ``i_ve``); at most ``limit`` chars."""
    text = re.sub(r"[’ʼ‘`´]", "'", text)  # (typographic apostrophes are apostrophes: stripped titles write ')
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    ascii_text = re.sub(r"'([a-z0-9_])(?=\s|$)", r"\1", ascii_text)
    slug = re.sub(r"[^a-z0-9]+", "_", ascii_text).strip("_")
    if len(slug) > limit:
        slug = slug[:limit].rstrip("_")
    return slug or "x"


# Card ids NetrunnerDB gave before its rule (:func:`slugify`) made them otherwise: the rule's id -> the v2 id.
NRDB_CARD_IDS = {
    "knickknack_o_brian": "knickknack_obrian",  # "Knickknack" O'Brian
    "na_notk": "na_not_k",  # Na'Not'K
}


def card_slug(title: str) -> str:
    """The id NetrunnerDB's v2 layout gives the card of this (stripped) title (v1 cards have no id of their own)."""
    slug = slugify(title)
    return NRDB_CARD_IDS.get(slug, slug)


def as_slug(value: str) -> str:
    value = value.strip().lower().replace("-", "_")
    return value if _SLUG.match(value) and len(value) <= 64 else slugify(value)


def _free_id(wanted: str, taken: Any) -> str:
    """``wanted`` with the first of ``_2``, ``_3``, … that makes it an id not in ``taken`` (at most 64 chars)."""
    base = wanted[:60].rstrip("_") or "x"
    number = 2
    while f"{base}_{number}" in taken:
        number += 1
    return f"{base}_{number}"


def _read_json(path: Path) -> Any:
    """One JSON file of the checkout. Unreadable: DossierError exit 2; not UTF-8, not JSON, past a limit
    (size, nesting, digits): DossierError exit 1, with the file, line and column."""
    try:
        raw = read_regular(path, MAX_FILE_BYTES)  # a FIFO or device is refused, never waited on
    except FileTooLarge:
        limit = f"{MAX_FILE_BYTES // 2**20} MiB"
        raise DossierError(
            tr("{path}: larger than {limit}, the limit for one file", path=path, limit=limit), exit_code=1
        ) from None
    except OSError as exc:
        raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=os_reason(exc))) from None
    bom = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    try:
        text = raw[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        at = bom + exc.start  # (the place in the file, its byte-order mark counted)
        if exc.end == len(raw) - bom and exc.reason == "unexpected end of data":  # the first bytes of a character
            line_start = raw.rfind(b"\n", 0, at) + 1
            problem = tr(
                "the file ends in the middle of a character, at line {line}, column {column} (byte {n}): it is cut "
                "short (truncated)",
                line=raw.count(b"\n", 0, at) + 1,
                column=len(raw[line_start:at].decode("utf-8-sig", errors="replace")) + 1,
                n=at,
            )
        else:
            problem = not_utf8(raw, at)
        raise DossierError(tr("{path}: {problem}", path=path, problem=problem), exit_code=1) from None
    try:
        return loads_limited(text, max_depth=MAX_DEPTH)
    except JsonSyntaxError as exc:
        raise DossierError(invalid_json(path, exc), exit_code=1) from None


_kind = json_kind  # how a finding names the JSON type of a value


class _Shapes:
    """Values of the wrong JSON type in the checkout. Each is a warning that names the file, the line and
    column, and the JSON pointer; the value is left out and the rest of the record imported."""

    def __init__(self, report: ImportReport) -> None:
        self.report = report
        self._positions: dict[Path, dict[str, tuple[int, int]]] = {}

    def where(self, path: Path, ptr: str) -> str:
        """``file:line:column: /pointer``: the place of the value at ``ptr``."""
        if path not in self._positions:
            try:
                self._positions[path] = value_positions(read_regular(path, MAX_FILE_BYTES).decode("utf-8-sig"))
            except (OSError, UnicodeDecodeError):
                self._positions[path] = {}
        line, column = pointer_position(self._positions[path], ptr)
        shown = "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode() for c in ptr)
        return tr("{where}: {pointer}", where=f"{path}:{line}:{column}", pointer=shown or "/")

    def bad(self, path: Path, ptr: str, message: str) -> None:
        self.report.warnings.append(tr("{where}: {problem}", where=self.where(path, ptr), problem=message))


@dataclass
class _Obj:
    """One JSON object of the checkout with typed reads: a value of another type is reported (file, line,
    pointer) and read as absent."""

    data: dict[str, Any]
    path: Path
    ptr: str
    shapes: _Shapes

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def at(self, key: str | int) -> str:
        return f"{self.ptr}/{escape_pointer_token(key)}"

    def bad(self, key: str | int, expected: str, value: Any, read_as_false: bool = False) -> None:
        """A value of the wrong type at ``key``: ``expected`` (worded) says what was wanted; it is left out (or
        read as false)."""
        if read_as_false:
            message = tr("expected {expected}, found {found}; read as false", expected=expected, found=_kind(value))
        else:
            message = tr("expected {expected}, found {found}; left out", expected=expected, found=_kind(value))
        self.shapes.bad(self.path, self.at(key), message)

    def text(self, key: str) -> str | None:
        """Text, without byte-order marks and zero-width characters (:data:`_INVISIBLE`)."""
        value = self.data.get(key)
        if value is None:
            return None
        if isinstance(value, str):
            return value.translate(_INVISIBLE)
        self.bad(key, tr("text"), value)
        return None

    def name(self, key: str) -> str | None:
        """A name (a title, a faction's, set's, format's or list's name): :meth:`text` without stray spaces
        (:func:`_name_text`)."""
        value = self.text(key)
        return _name_text(value) if value is not None else None

    def code(self, key: str) -> str | None:
        """A code or id: text, or a whole number standing for its digits (printing codes are written both ways)."""
        value = self.data.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_NUMBER:
            return str(value)
        return self.text(key)

    def flag(self, key: str) -> bool:
        value = self.data.get(key)
        if value is None or isinstance(value, bool):
            return bool(value)
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        self.bad(key, tr("true or false"), value, read_as_false=True)
        return False

    def number(self, key: str, broken: list[str] | None = None) -> int | None:
        """An integer within ±MAX_NUMBER (a string of digits too); null, "", "X" (a cost of X): none.

        ``broken``: the number is one of a card's rules, where none means something (a cost of X, no influence):
        a value of another shape is reported as leaving the card out, and its pointer goes to ``broken`` (the
        caller leaves the card out, rather than import it with another rule)."""
        value = self.data.get(key)
        if value is None:
            return None
        number = _int_or_none(value)
        if number is not None:
            return number
        if isinstance(value, str) and value.strip() in ("", "X", "x"):
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            expected = tr("a number from {low} to {high}", low=-MAX_NUMBER, high=MAX_NUMBER)
        else:
            expected = tr("a whole number")
        if broken is None:
            self.bad(key, expected, value)
        else:
            broken.append(self.at(key))
            message = tr(
                "expected {expected}, found {found}; left out, and the card with it (without this number its "
                "rules would change)",
                expected=expected,
                found=_kind(value),
            )
            self.shapes.bad(self.path, self.at(key), message)
        return None

    def texts(self, key: str) -> list[str]:
        """A list of strings; an item of another type is reported and left out."""
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.bad(key, tr("a list of text"), value)
            return []
        out = []
        for index, item in enumerate(value):
            if isinstance(item, str):
                out.append(item.translate(_INVISIBLE))
            else:
                message = tr("expected {expected}, found {found}; left out", expected=tr("text"), found=_kind(item))
                self.shapes.bad(self.path, f"{self.at(key)}/{index}", message)
        return out

    def obj(self, key: str) -> _Obj | None:
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.bad(key, tr("an object"), value)
            return None
        return _Obj(value, self.path, self.at(key), self.shapes)

    def objects(self, key: str) -> list[_Obj]:
        """A list of objects; an item of another type is reported and left out."""
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.bad(key, tr("a list of objects"), value)
            return []
        return _objects(value, self.path, self.at(key), self.shapes)

    def items(self) -> list[tuple[str, Any]]:
        return list(self.data.items())


def _objects(items: list[Any], path: Path, ptr: str, shapes: _Shapes) -> list[_Obj]:
    out = []
    for index, item in enumerate(items):
        if isinstance(item, dict):
            out.append(_Obj(item, path, f"{ptr}/{index}", shapes))
        else:
            message = tr("expected {expected}, found {found}; left out", expected=tr("an object"), found=_kind(item))
            shapes.bad(path, f"{ptr}/{index}", message)
    return out


def _read_list(path: Path, shapes: _Shapes) -> list[_Obj]:
    """A file holding a list of objects (or ``{"data": [...]}``, as NetrunnerDB's API writes them).
    Another shape is refused (exit 1); an item that is not an object is reported and left out."""
    data = _read_json(path)
    ptr = ""
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        data, ptr = data["data"], "/data"  # NetrunnerDB API dumps wrap lists in {"data": [...]}
    if not isinstance(data, list):
        raise DossierError(
            tr(
                "{path}: expected a {format} list of objects, found {found}",
                path=path,
                format="JSON",
                found=_kind(data),
            ),
            exit_code=1,
        )
    return _objects(data, path, ptr, shapes)


def _read_entries(path: Path, shapes: _Shapes) -> list[_Obj]:
    """A file holding one object or a list of them (v2 cards and formats are written both ways)."""
    data = _read_json(path)
    if isinstance(data, dict):
        return [_Obj(data, path, "", shapes)]
    if isinstance(data, list):
        return _objects(data, path, "", shapes)
    shapes.bad(
        path,
        "",
        tr(
            "expected {expected}, found {found}; the file is not imported",
            expected=tr("an object or a list of objects"),
            found=_kind(data),
        ),
    )
    return []


def _json_files(directory: Path) -> list[Path]:
    try:
        return sorted(p for p in directory.rglob("*.json") if p.is_file()) if directory.is_dir() else []
    except OSError as exc:
        raise DossierError(
            tr("{path}: cannot read the directory: {reason}", path=directory, reason=os_reason(exc))
        ) from None


def _count(value: Any) -> int | None:
    """A positive count (printing quantity), else None."""
    number = _int_or_none(value)
    return number if number is not None and number >= 1 else None


def _int_or_none(value: Any) -> int | None:
    """An integer within ±MAX_NUMBER, or a string of at most 7 digits 0-9 (and a sign); else None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if -MAX_NUMBER <= value <= MAX_NUMBER else None
    if isinstance(value, str):
        digits = value.strip()
        body = digits[1:] if digits.startswith("-") else digits
        if body.isascii() and body.isdigit() and len(body) <= 7:
            number = int(digits)
            return number if -MAX_NUMBER <= number <= MAX_NUMBER else None
    return None


def _paragraphs(text: Any) -> list[str]:
    if not isinstance(text, str):
        return []
    return [line.strip() for line in text.replace("\r\n", "\n").split("\n") if line.strip()]


def _plain(text: str) -> str:
    """A paragraph as the deck-building patterns read it: markup out, lower case, spaces single, no final stop."""
    plain = re.sub(r"<[^>]*>", "", text).lower()
    return re.sub(r"\s+", " ", plain).strip().rstrip(".").strip()


def _read_as_rules(data: dict[str, Any], indexes: list[int]) -> None:
    """The paragraphs at ``indexes`` of a record's printed English restate deck rules the validators enforce:
    moved from ``reading.unread`` to ``reading.rules``, and the status made again (every paragraph read or
    enforced: executable)."""
    reading = data.get("reading")
    if not indexes or not isinstance(reading, dict):
        return
    unread = [u for u in reading.get("unread", []) if u["index"] not in indexes]
    moved = [u["index"] for u in reading.get("unread", []) if u["index"] in indexes]
    if not moved:
        return
    reading["rules"] = sorted({*reading.get("rules", []), *moved})
    if unread:
        reading["unread"] = unread
        reading["status"] = "partial"
    else:
        reading.pop("unread", None)
        reading["status"] = "executable"


def _color(value: Any) -> str | None:
    if isinstance(value, str) and re.fullmatch(r"#?[0-9a-fA-F]{6}", value.strip()):
        return "#" + value.strip().lstrip("#").lower()
    return None


# ---------------------------------------------------------------------------
# reading the layouts


def detect_layout(path: Path, layout: str = "auto") -> tuple[str, Path]:
    """('v1' | 'v2', the directory holding that layout's files)."""
    if not path.is_dir():
        if path.exists():  # a file (an export of one pack, say), not the checkout
            raise DossierError(tr("{path}: not a directory (give a NetrunnerDB card-data checkout)", path=path))
        raise DossierError(tr("{path}: no such directory (give a NetrunnerDB card-data checkout)", path=path))
    v2_root = path / "v2" if (path / "v2" / "cards").is_dir() else path if (path / "cards").is_dir() else None
    v1_root = path if (path / "pack").is_dir() else None
    if layout == "v2" or (layout == "auto" and v2_root is not None):
        if v2_root is None:
            raise DossierError(
                tr(
                    "{path}: no {layout} layout here (expected {files})",
                    path=path,
                    layout="v2",
                    files="v2/cards/*.json",
                )
            )
        return "v2", v2_root
    if layout == "v1" or layout == "auto":
        if v1_root is None:
            raise DossierError(
                tr(
                    "{path}: not a NetrunnerDB checkout (expected {v2} or {v1} with {packs})",
                    path=path,
                    v2="v2/cards/*.json",
                    v1="pack/*.json",
                    packs="packs.json",
                )
            )
        return "v1", v1_root
    raise DossierError(
        tr("{option} {value}: one of {choices}", option="--layout", value=repr(layout), choices="auto, v1, v2")
    )


def lang_tag(locale: str) -> str | None:
    """NetrunnerDB's locale directory name as a language tag (``zh-hans`` → zh-Hans, ``pt-br`` → pt-BR); None
    when it is not one."""
    parts = locale.replace("_", "-").split("-")
    shaped = [parts[0].lower()] + [p.title() if len(p) == 4 else p.upper() for p in parts[1:]]
    tag = "-".join(shaped)
    return tag if re.fullmatch(LANG_TAG, tag) else None


def _read_translations(source: Source, report: ImportReport, fields: _Fields, shapes: _Shapes) -> None:
    """Every language of ``translations/<locale>/``: zh-Hans fills the Chinese names, texts and flavour the
    records need; any other language is carried as well, under its tag."""
    roots = [source.root / "translations", source.root.parent / "translations"]
    root = next((r for r in roots if r.is_dir()), None)
    locales = sorted(p for p in root.iterdir() if p.is_dir()) if root is not None else []
    if not any(p.name.casefold() == "zh-hans" for p in locales):
        report.warnings.append(
            tr("no {directory} directory: every Chinese name is an English stand-in", directory="translations/zh-hans")
        )
    for directory in locales:
        tag = lang_tag(directory.name)
        if tag is None or tag == "en":
            if tag is None:
                report.warnings.append(tr("{path}: not a language; left out", path=f"translations/{directory.name}"))
            continue
        if tag == "zh-Hans":
            _read_locale(
                directory,
                source,
                fields,
                shapes,
                source.translations,
                source.faction_zh,
                source.set_zh,
                source.cycle_zh,
            )
        else:
            _read_locale(
                directory,
                source,
                fields,
                shapes,
                source.other.setdefault(tag, {}),
                source.faction_other.setdefault(tag, {}),
                source.set_other.setdefault(tag, {}),
                source.cycle_other.setdefault(tag, {}),
            )


def _read_locale(
    directory: Path,
    source: Source,
    fields: _Fields,
    shapes: _Shapes,
    cards: dict[str, Translation],
    factions: dict[str, str],
    sets: dict[str, str],
    cycles: dict[str, str],
) -> None:
    for path in _json_files(directory):
        data = _read_json(path)
        if not isinstance(data, list):
            message = tr(
                "expected {expected}, found {found}; the file is not imported",
                expected=tr("a list of translations"),
                found=_kind(data),
            )
            shapes.bad(path, "", message)
            continue
        for entry in _objects(data, path, "", shapes):
            code = entry.code("code")
            if code is None:
                shapes.bad(path, entry.ptr, tr("a translation without a {key}; left out", key="'code'"))
                continue
            if "title" in entry:
                fields.see("translation", entry.data, TRANSLATION_MAPPED, TRANSLATION_UNMAPPED)
                cards[code] = Translation(
                    title=entry.name("title") or None, text=entry.text("text") or None, flavor=entry.text("flavor") or None
                )
            elif path.name.startswith("factions") and (name := entry.name("name")):
                factions[as_slug(code)] = name
            elif path.name.startswith("packs") and (name := entry.name("name")):
                sets[code] = name
            elif path.name.startswith("cycles") and (name := entry.name("name")):
                cycles[code] = name


def _read_factions(path: Path, source: Source, fields: _Fields, shapes: _Shapes) -> None:
    for entry in _read_list(path, shapes):
        fields.see("faction", entry.data, FACTION_MAPPED, FACTION_UNMAPPED)
        raw_id = entry.text("id") or entry.text("code")
        side = entry.text("side_id") or entry.text("side_code")
        if not raw_id or side not in ("corp", "runner"):
            message = tr(
                "a faction needs an id and the side {corp} or {runner} (side {side}); left out",
                corp="corp",
                runner="runner",
                side=repr(side),
            )
            shapes.bad(path, entry.ptr, message)
            continue
        source.factions.append(
            SourceFaction(as_slug(raw_id), entry.name("name") or raw_id, side, _color(entry.text("color")), entry.flag("is_mini"))
        )


def read_v2(root: Path, report: ImportReport, meter: Meter = SILENT) -> Source:
    source = Source("v2", root.parent if root.name == "v2" else root)
    fields = _Fields(report)
    shapes = _Shapes(report)
    if not (root / "factions.json").is_file():
        raise DossierError(tr("{path}: no {file} ({layout} layout)", path=root, file="factions.json", layout="v2"))
    _read_factions(root / "factions.json", source, fields, shapes)
    if (root / "card_subtypes.json").is_file():
        for entry in _read_list(root / "card_subtypes.json", shapes):
            if subtype := entry.text("id"):
                source.subtypes[as_slug(subtype)] = entry.name("name") or subtype
    else:
        report.warnings.append(tr("no {file}: subtype names are made from their ids", file="v2/card_subtypes.json"))
    if not (root / "card_types.json").is_file():
        report.warnings.append(
            tr("no {file}: the type ids of the cards are used as they are", file="v2/card_types.json")
        )
    sets: dict[str, _Obj] = {}
    if (root / "card_sets.json").is_file():
        for entry in _read_list(root / "card_sets.json", shapes):
            if set_id := entry.text("id"):
                sets[as_slug(set_id)] = entry
    if (root / "card_cycles.json").is_file():
        for entry in _read_list(root / "card_cycles.json", shapes):
            if cycle_id := entry.text("id"):
                legacy = entry.code("legacy_code") or cycle_id  # the v1 code: translations are keyed by it
                source.cycles.append(
                    SourceCycle(as_slug(cycle_id), entry.name("name") or cycle_id, legacy, entry.number("position"))
                )
    cycle_sets: dict[str, list[str]] = defaultdict(list)
    set_cycle: dict[str, str | None] = {}
    set_date: dict[str, str] = {}
    for set_id, entry in sets.items():
        cycle = entry.text("card_cycle_id")
        set_cycle[set_id] = as_slug(cycle) if cycle else None
        if cycle:
            cycle_sets[as_slug(cycle)].append(set_id)
        released = entry.text("date_release")
        set_date[set_id] = released or "9999"
        source.sets.append(
            SourceSet(
                set_id, entry.name("name") or set_id, set_cycle[set_id], _date(released), entry.text("legacy_code") or set_id
            )
        )
    by_id: dict[str, SourceCard] = {}
    read: list[tuple[str, _Obj]] = []
    card_files = _json_files(root / "cards")
    meter.start(tr("reading card files"), len(card_files))
    for path in card_files:
        meter.advance()
        for entry in _read_entries(path, shapes):
            raw = entry.data.get("id")
            if not isinstance(raw, str) or not raw.strip():
                found = _kind(raw) if "id" in entry else tr("none")
                report.skipped.append(
                    tr(
                        "{where}: expected the card's id (text), found {found}",
                        where=shapes.where(path, entry.at("id")),
                        found=found,
                    )
                )
                continue
            fields.see("v2/cards", entry.data, V2_CARD_MAPPED, V2_CARD_UNMAPPED)
            read.append((raw, entry))
    # Ids already written as Dossier ids keep them; another id that makes one of them gets a suffix.
    for raw, entry in sorted(read, key=lambda item: as_slug(item[0]) != item[0]):
        if raw in source.card_ids:
            first = by_id[source.card_ids[raw]]
            message = tr("card id {id} again (first in {first}); not imported", id=repr(raw), first=first.origin)
            shapes.bad(entry.path, entry.at("id"), message)
            continue
        card_id = as_slug(raw)
        if card_id in by_id:
            other = by_id[card_id]
            new_id = _free_id(card_id, by_id)
            shapes.bad(
                entry.path,
                entry.at("id"),
                tr(
                    "card id {id} makes the Dossier id {made}, as {other} ({origin}) does; imported as {new}",
                    id=repr(raw),
                    made=repr(card_id),
                    other=repr(other.raw_id),
                    origin=other.origin,
                    new=repr(new_id),
                ),
            )
            card_id = new_id
        source.card_ids[raw] = card_id
        by_id[card_id] = SourceCard(card_id, _v2_fields(entry), str(entry.path), raw_id=raw, ptr=entry.ptr)
    printings_dir = root / "printings"
    if not printings_dir.is_dir():
        report.warnings.append(
            tr("no {directory}: cards have no set, illustrator or flavour text", directory="v2/printings")
        )
    orphans: list[str] = []
    for path in _json_files(printings_dir):
        for entry in _read_list(path, shapes):
            fields.see("v2/printings", entry.data, V2_PRINTING_MAPPED, V2_PRINTING_UNMAPPED)
            printed_id = entry.text("card_id")
            code = entry.code("id")
            if not printed_id or not code:
                shapes.bad(
                    path,
                    entry.ptr,
                    tr("a printing needs an {id} and a {card_id}; left out", id="'id'", card_id="'card_id'"),
                )
                continue
            card_ref = by_id.get(source.card_ids.get(printed_id) or as_slug(printed_id))
            if card_ref is None:
                orphans.append(f"{code} ({printed_id})")
                continue
            set_id = as_slug(entry.text("card_set_id") or "unknown")
            card_ref.printings.append(
                SourcePrinting(
                    code,
                    set_id,
                    set_cycle.get(set_id),
                    entry.number("position"),
                    _count(entry.number("quantity")),
                    entry.text("illustrator") or None,
                    entry.text("flavor") or None,
                    (set_date.get(set_id, "9999"), code),
                )
            )
    if orphans:
        report.warnings.append(
            tr(
                "{n} printings name cards that are not in {directory} (not imported): {printings}",
                n=len(orphans),
                directory="v2/cards",
                printings=f"{', '.join(orphans[:5])}{' …' if len(orphans) > 5 else ''}",
            )
        )
    source.cards = [by_id[key] for key in sorted(by_id)]
    for path in _json_files(root / "restrictions"):
        data = _read_json(path)
        if isinstance(data, dict):
            source.restrictions.append(_restriction(_Obj(data, path, "", shapes), fields))
        else:
            message = tr(
                "expected {expected}, found {found}; the file is not imported",
                expected=tr("a ban list object"),
                found=_kind(data),
            )
            shapes.bad(path, "", message)
    pools: dict[str, tuple[str, list[str]]] = {}
    for path in _json_files(root / "card_pools"):
        for entry in _read_list(path, shapes):
            _known_keys(entry.data, CARD_POOL_KEYS, path, _KEY_PLACES["card pool"])
            pool_id = entry.text("id")
            if not pool_id:
                shapes.bad(path, entry.ptr, tr("a card pool without an {key}; left out", key="'id'"))
                continue
            pool_sets = [as_slug(s) for s in entry.texts("card_set_ids")]
            for cycle in entry.texts("card_cycle_ids"):
                pool_sets.extend(cycle_sets.get(as_slug(cycle), []))
            pools[pool_id] = (entry.name("name") or pool_id, sorted(set(pool_sets)))
    for path in _json_files(root / "formats"):
        for entry in _read_entries(path, shapes):
            _known_keys(entry.data, FORMAT_KEYS, path, _KEY_PLACES["format"])
            format_id = entry.text("id") or entry.text("code")
            if not format_id:
                shapes.bad(path, entry.ptr, tr("a format without an {key}; left out", key="'id'"))
                continue
            snapshots = []
            for snap in entry.objects("snapshots"):
                _known_keys(snap.data, SNAPSHOT_KEYS, path, _KEY_PLACES["snapshot"])
                pool_id = snap.text("card_pool_id") or snap.text("card_pool")
                pool = pools.get(pool_id or "")
                if pool_id and pool is None:
                    message = tr(
                        "card pool {pool} is not in {directory}", pool=repr(pool_id), directory="v2/card_pools"
                    )
                    shapes.bad(path, snap.at("card_pool_id"), message)
                date_start = snap.text("date_start") or ""
                snapshots.append(
                    SourceSnapshot(
                        snap.text("id") or date_start or "snapshot",
                        date_start,
                        pool[1] if pool else None,
                        pool[0] if pool else None,
                        snap.text("restriction_id") or snap.text("restriction"),
                        snap.flag("active"),
                    )
                )
            if not snapshots:
                message = tr("format {format} has no snapshot; not imported", format=repr(format_id))
                shapes.bad(path, entry.at("snapshots"), message)
            source.formats.append(SourceFormat(as_slug(format_id), entry.name("name") or format_id, snapshots))
    _read_translations(source, report, fields, shapes)
    return source


def _v2_fields(entry: _Obj) -> dict[str, Any]:
    card_type = entry.text("card_type_id") or ""
    kind = "identity" if card_type.endswith("identity") else "card"
    broken: list[str] = []  # the rule numbers of the wrong shape: the card is not imported

    def number(key: str) -> int | None:
        return entry.number(key, broken)

    return {
        "kind": kind,
        "type": "identity" if kind == "identity" else card_type,
        "title": entry.name("title"),
        "side": entry.text("side_id"),
        "faction": as_slug(entry.text("faction_id") or ""),
        "cost": number("cost"),
        "has_cost": "cost" in entry,
        "influence": number("influence_cost"),
        "deck_limit": number("deck_limit"),
        "unique": entry.flag("is_unique"),
        "subtypes": [as_slug(s) for s in entry.texts("subtypes")],
        "text": entry.text("text"),
        "strength": number("strength"),
        "memory_cost": number("memory_cost"),
        "trash_cost": number("trash_cost"),
        "advancement_requirement": number("advancement_requirement"),
        "agenda_points": number("agenda_points"),
        "base_link": number("base_link"),
        "influence_limit": number("influence_limit"),
        "minimum_deck_size": number("minimum_deck_size"),
        "stripped_title": entry.name("stripped_title"),
        "faces": [_face(face, broken) for face in entry.objects("faces")],
        "broken": broken,
    }


def _face(face: _Obj, broken: list[str]) -> dict[str, Any]:
    """One of a card's other faces (``faces``), read as the card's own fields are (a rule number of the wrong
    shape goes to ``broken``: the card is not imported); a field the face does not have stays out (it is the
    front's)."""
    unknown = sorted(k for k in face.data if k not in FACE_MAPPED)
    out: dict[str, Any] = {
        "title": face.name("title"),
        "stripped_title": face.name("stripped_title"),
        "text": face.text("text"),
        "unknown": unknown,
    }
    if "subtypes" in face:
        out["subtypes"] = [as_slug(s) for s in face.texts("subtypes")]
    if "base_link" in face:
        out["base_link"] = face.number("base_link", broken)
    return out


def _date(value: Any) -> str | None:
    return value if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) else None


def _per_card(entry: _Obj, key: str) -> dict[str, int]:
    """A verdict with a number per card, as card -> number. NetrunnerDB writes it as number -> cards
    (``{"2": ["card_a", "card_b"]}``), as card -> number (``{"card_a": 2}``) or as a list of cards
    that each count 1; anything else is reported."""
    value = entry.data.get(key)
    out: dict[str, int] = {}
    if isinstance(value, list):
        return {card: 1 for card in entry.texts(key)}
    inner = entry.obj(key)
    if inner is None:
        return out
    for name, cards in inner.items():
        number = _int_or_none(name)
        count = _int_or_none(cards) if isinstance(cards, int) else None
        if number is not None and isinstance(cards, list):
            if number > 0:
                out.update((card, number) for card in inner.texts(name))
        elif count is not None:
            if count > 0:
                out[name] = count
        else:
            inner.bad(name, tr("a list of card ids under a number, or a number under a card id"), cards)
    return out


def _known_keys(obj: dict[str, Any], known: set[str], path: Path, where: str) -> None:
    """Stop the import at a key of a ban list, format or card pool that Dossier does not know: it may be a
    restriction on decks, and dropping it would call illegal decks legal (DossierError naming file and key)."""
    unknown = sorted(k for k in obj if k not in known)
    if unknown:
        raise DossierError(
            tr(
                "{path}: unknown {where} key {key}: Dossier cannot enforce it, so the import stops (known keys: "
                "{known})",
                path=path,
                where=tr(where),
                key=repr(unknown[0]),
                known=tr(", ").join(sorted(known)),
            ),
            exit_code=1,
        )


_KEY_PLACES = {
    "ban list": N_("ban list"),
    "format": N_("format"),
    "snapshot": N_("snapshot"),
    "card pool": N_("card pool"),
}


def _restriction(data: _Obj, fields: _Fields) -> SourceRestriction:
    path = data.path
    _known_keys(data.data, RESTRICTION_MAPPED | set(RESTRICTION_UNMAPPED), path, _KEY_PLACES["ban list"])
    fields.see("restriction", data.data, RESTRICTION_MAPPED, RESTRICTION_UNMAPPED)
    verdicts = data.obj("verdicts")
    if verdicts is not None:
        _known_keys(verdicts.data, RESTRICTION_MAPPED - {"verdicts"}, path, _KEY_PLACES["ban list"])
    if (subtype_verdicts := data.obj("subtypes")) is not None:
        _known_keys(subtype_verdicts.data, RESTRICTION_SUBTYPE_KEYS, path, _KEY_PLACES["ban list"])

    def pick(key: str) -> _Obj | None:
        """The object holding ``key``: the file's top level, else its verdicts."""
        if data.data.get(key):
            return data
        if verdicts is not None and verdicts.data.get(key):
            return verdicts
        return None

    banned = (pick("banned") or data).texts("banned")
    restricted = (pick("restricted") or data).texts("restricted")
    subtypes = data.obj("subtypes")
    rid = data.text("id") or data.text("code") or path.stem
    point_holder = pick("point_limit")
    # a cap of 0 is a cap (pick() passes over a 0)
    three_holder = next((o for o in (data, verdicts) if o is not None and "max_3_point_agendas" in o.data), None)
    return SourceRestriction(
        id=rid,
        name=data.name("name") or rid,
        format_id=as_slug(data.text("format_id") or data.text("format") or path.parent.name),
        date_start=data.text("date_start") or "",
        banned=banned,
        restricted=restricted,
        banned_subtypes=[as_slug(s) for s in subtypes.texts("banned")] if subtypes is not None else [],
        per_card={
            name: _per_card(holder, name) for name in PER_CARD_VERDICTS if (holder := pick(name)) is not None
        },
        point_limit=point_holder.number("point_limit") if point_holder is not None else None,
        max_3_point_agendas=three_holder.number("max_3_point_agendas") if three_holder is not None else None,
    )


def read_v1(root: Path, report: ImportReport, meter: Meter = SILENT) -> Source:
    source = Source("v1", root)
    fields = _Fields(report)
    shapes = _Shapes(report)
    for name in ("packs.json", "factions.json"):
        if not (root / name).is_file():
            raise DossierError(tr("{path}: no {file} ({layout} layout)", path=root, file=name, layout="v1"))
    _read_factions(root / "factions.json", source, fields, shapes)
    packs: dict[str, _Obj] = {}
    for pack in _read_list(root / "packs.json", shapes):
        if code := pack.code("code"):
            packs[as_slug(code)] = pack
    rotated: set[str] = set()
    have_cycles = False
    if (root / "cycles.json").is_file():
        for cycle in _read_list(root / "cycles.json", shapes):
            if code := cycle.code("code"):
                have_cycles = True
                named = SourceCycle(as_slug(code), cycle.name("name") or code, code, cycle.number("position"))
                source.cycles.append(named)
                if cycle.flag("rotated"):
                    rotated.add(as_slug(code))
    else:
        report.warnings.append(
            tr("no {file}: the {layout} standard format has no set list", file="cycles.json", layout="v1")
        )
    pack_cycle: dict[str, str | None] = {}
    pack_date: dict[str, str] = {}
    for pack_id, pack in packs.items():
        cycle_code = pack.text("cycle_code")
        pack_cycle[pack_id] = as_slug(cycle_code) if cycle_code else None
        pack_date[pack_id] = pack.text("date_release") or "9999"
    for pack_id, pack in sorted(packs.items(), key=lambda item: (pack_date[item[0]], item[0])):
        source.sets.append(
            SourceSet(
                pack_id, pack.name("name") or pack_id, pack_cycle[pack_id], _date(pack_date[pack_id]), pack.code("code") or pack_id
            )
        )
    # Printings of one title are one card: grouped by the title as people read it (case, accents and
    # punctuation aside); two titles that are not alike but make the same id get told apart.
    groups: dict[str, list[tuple[_Obj, str, str]]] = defaultdict(list)  # fold(title) -> (entry, code, title)
    pack_files = _json_files(root / "pack")
    meter.start(tr("reading pack files"), len(pack_files))
    for path in pack_files:
        meter.advance()
        for entry in _read_list(path, shapes):
            fields.see("pack", entry.data, V1_CARD_MAPPED, V1_CARD_UNMAPPED)
            title, code = entry.name("title"), entry.code("code")
            if not title or not title.strip() or not code:
                report.skipped.append(tr("{where}: an entry without title or code", where=f"{path}:{entry.ptr}"))
                continue
            stripped = entry.name("stripped_title") or title
            groups[fold(stripped) or stripped].append((entry, code, stripped))

    def when(item: tuple[_Obj, str, str]) -> tuple[str, str]:
        return pack_date.get(as_slug(item[0].text("pack_code") or ""), "9999"), item[1]

    taken: dict[str, str] = {}  # card id -> the title it stands for
    by_code: dict[str, str] = {}
    for key in sorted(groups, key=lambda k: (card_slug(groups[k][0][2]), min(when(e) for e in groups[k]))):
        entries = sorted(groups[key], key=when)
        latest = entries[-1][0]
        card_id = card_slug(entries[-1][2])
        if card_id in taken:
            new_id = _free_id(card_id, taken)
            shapes.bad(
                latest.path,
                latest.at("title"),
                tr(
                    "title {title} makes the Dossier id {made}, as {other} does; imported as {new}",
                    title=repr(entries[-1][2]),
                    made=repr(card_id),
                    other=repr(taken[card_id]),
                    new=repr(new_id),
                ),
            )
            card_id = new_id
        taken[card_id] = entries[-1][2]
        card = SourceCard(card_id, _v1_fields(latest), str(latest.path), raw_id=card_id, ptr=latest.ptr)
        for entry, code, _ in entries:
            set_id = as_slug(entry.text("pack_code") or "unknown")
            by_code[code] = card_id
            card.printings.append(
                SourcePrinting(
                    code,
                    set_id,
                    pack_cycle.get(set_id),
                    entry.number("position"),
                    _count(entry.number("quantity")),
                    entry.text("illustrator") or None,
                    entry.text("flavor") or None,
                    (pack_date.get(set_id, "9999"), code),
                )
            )
        source.cards.append(card)
    source.cards.sort(key=lambda c: c.id)
    for card in source.cards:
        for subtype_id, name in card.fields.pop("subtype_names"):
            source.subtypes.setdefault(subtype_id, name)
    rotated_sets = {pack_id for pack_id in packs if pack_cycle[pack_id] in rotated}
    legal_sets = sorted(set(packs) - rotated_sets) if have_cycles else None
    if (root / "mwl.json").is_file():
        # one snapshot a list, flagged as the entry is (NetrunnerDB's v1 data flags none): which is in force is
        # told as for v2 (_in_force)
        flagged: set[int] = set()
        for entry in _read_list(root / "mwl.json", shapes):
            restriction = _mwl(entry, by_code, fields)
            source.restrictions.append(restriction)
            if entry.flag("active"):
                flagged.add(id(restriction))
        snapshots = [
            SourceSnapshot(r.id, r.date_start, legal_sets, "packs of cycles not rotated", r.id, id(r) in flagged)
            for r in sorted(source.restrictions, key=lambda r: (r.date_start, r.id))
        ]
        source.formats.append(SourceFormat("standard", "Standard", snapshots))
    else:
        report.warnings.append(tr("no {file}: no ban lists imported", file="mwl.json"))
        if legal_sets is not None:
            source.formats.append(
                SourceFormat("standard", "Standard", [SourceSnapshot("standard", "", legal_sets, None, None, True)])
            )
    _read_translations(source, report, fields, shapes)
    return source


def _v1_fields(entry: _Obj) -> dict[str, Any]:
    card_type = entry.text("type_code") or ""
    keywords = [k.strip() for k in (entry.text("keywords") or "").split(" - ") if k.strip()]
    broken: list[str] = []  # the rule numbers of the wrong shape: the card is not imported

    def number(key: str) -> int | None:
        return entry.number(key, broken)

    text = entry.text("text")
    faces: list[dict[str, Any]] = []
    if card_type == "identity":
        text, faces = _v1_faces(text)
    return {
        "kind": "identity" if card_type == "identity" else "card",
        "type": card_type,
        "title": entry.name("title"),
        "side": entry.text("side_code"),
        "faction": as_slug(entry.text("faction_code") or ""),
        "cost": number("cost"),
        "has_cost": "cost" in entry,
        "influence": number("faction_cost"),
        "deck_limit": number("deck_limit"),
        "unique": entry.flag("uniqueness"),
        "subtypes": [slugify(k) for k in keywords],
        "subtype_names": [(slugify(k), k) for k in keywords],
        "text": text,
        "strength": number("strength"),
        "memory_cost": number("memory_cost"),
        "trash_cost": number("trash_cost"),
        "advancement_requirement": number("advancement_cost"),
        "agenda_points": number("agenda_points"),
        "base_link": number("base_link"),
        "influence_limit": number("influence_limit"),
        "minimum_deck_size": number("minimum_deck_size"),
        "stripped_title": entry.name("stripped_title"),
        "faces": faces,
        "broken": broken,
    }


# The v1 layout writes an identity's other faces into its text (v2 has them apart, in ``faces``): the back of a
# flip identity after a paragraph "Flip side:", each face of a facade identity as a paragraph "Side 2: …".
_FLIP_SIDE = re.compile(r"^(?:<[^>]*>\s*)*flip side:(?:\s*</[^>]*>)*\s*(.*)$", re.IGNORECASE | re.DOTALL)
_SIDE_N = re.compile(r"^(?:<[^>]*>\s*)*side \d{1,2}:(?:\s*</[^>]*>)*\s*(.+)$", re.IGNORECASE | re.DOTALL)


def _v1_faces(text: str | None) -> tuple[str | None, list[dict[str, Any]]]:
    """A v1 identity's text as v2 has it: the front's text, and its other faces (as :func:`_face` reads a v2
    face; v1 gives them no title: the record names them as the card)."""
    lines = (text or "").replace("\r\n", "\n").split("\n")
    front: list[str] = []
    faces: list[list[str]] = []
    flipped = False
    for line in lines:
        flip = _FLIP_SIDE.match(line.strip())
        side = _SIDE_N.match(line.strip())
        if flip is not None and not flipped:
            flipped = True
            faces.append([flip[1]] if flip[1].strip() else [])
        elif flipped:
            faces[-1].append(line)
        elif side is not None:
            faces.append([side[1]])
        else:
            front.append(line)
    if not faces:
        return text, []
    made: list[dict[str, Any]] = [
        {"title": None, "stripped_title": None, "text": "\n".join(face), "unknown": []}
        for face in faces
        if _paragraphs("\n".join(face))
    ]
    return "\n".join(front), made


def _mwl(entry: _Obj, by_code: dict[str, str], fields: _Fields) -> SourceRestriction:
    """One v1 ``mwl.json`` entry: ``cards`` maps printing codes to verdicts, ``subtypes`` subtype names."""
    fields.see("mwl", entry.data, {"code", "name", "date_start", "cards", "active", "id", "subtypes"}, {})
    banned, restricted = [], []
    per_card: dict[str, dict[str, int]] = defaultdict(dict)
    cards = entry.obj("cards")
    verdicts = [(code, cards.obj(code)) for code, _ in sorted(cards.items())] if cards is not None else []
    for code, verdict in verdicts:
        if verdict is None:
            continue
        card_id = by_code.get(code, f"#{code}")
        if verdict.number("deck_limit") == 0:
            banned.append(card_id)
        if verdict.flag("is_restricted"):
            restricted.append(card_id)
        for name in PER_CARD_VERDICTS:
            number = verdict.number(name)
            if number:
                per_card[name][card_id] = number
    subtypes = entry.obj("subtypes")
    by_subtype = [(name, subtypes.obj(name)) for name, _ in sorted(subtypes.items())] if subtypes is not None else []
    banned_subtypes = [
        slugify(name) for name, verdict in by_subtype if verdict is not None and verdict.number("deck_limit") == 0
    ]
    code = entry.code("code") or entry.code("id") or entry.text("name") or "mwl"
    return SourceRestriction(
        id=code,
        name=entry.name("name") or code,
        format_id="standard",
        date_start=entry.text("date_start") or "",
        banned=banned,
        restricted=restricted,
        banned_subtypes=banned_subtypes,
        per_card=dict(per_card),
    )


# ---------------------------------------------------------------------------
# converting to Dossier records


def _start(snapshot: SourceSnapshot, restriction: SourceRestriction | None) -> str:
    """The day a snapshot is in force from ("" when nothing dates it): the later of its own date and its ban
    list's. NetrunnerDB dates a list on the list; a snapshot's own date can be a year off (Standard 25.08's says
    2024-08-01, its list 2025-08-01), while a snapshot that brings a new card pool under an older list starts
    after the list did."""
    days = [day for day in (_date(snapshot.date_start), _date(restriction.date_start) if restriction else None) if day]
    return max(days) if days else ""


def _ignores_its_date(restriction: SourceRestriction | None) -> bool:
    """A list whose name says its date is not to be read (NetrunnerDB's v1 ``mwl.json`` keeps Startup's lists
    among Standard's as "… (ignore active date)", "…-for-classic-only"; its v2 formats name them in no Standard
    snapshot): never in force by its date."""
    return restriction is not None and "ignore active date" in restriction.name.lower()


def _in_force(
    snapshots: list[SourceSnapshot], starts: dict[int, str], restrictions: dict[str, SourceRestriction], today: str
) -> tuple[SourceSnapshot, str]:
    """The snapshot of a format in force on ``today`` (``YYYY-MM-DD``) and how it was told: ``"date"``, the latest
    whose start (``starts``, by the snapshot's :func:`id`: two may share an id) has passed; else ``"flag"``, the one the data marks ``active``; else
    ``"newest"``, the latest. ``snapshots`` are sorted by their start and id, oldest first; the same in the v1
    and the v2 layout."""
    started = [
        s
        for s in snapshots
        if starts[id(s)] and starts[id(s)] <= today and not _ignores_its_date(restrictions.get(s.restriction or ""))
    ]
    if started:
        return started[-1], "date"  # (the latest start; of two on one day, the greater id)
    flagged = next((s for s in snapshots if s.active), None)
    if flagged is not None:
        return flagged, "flag"
    return snapshots[-1], "newest"


def _translated(english: str, zh: str | None, other: dict[str, dict[str, str]], code: str) -> dict[str, str]:
    """A set's or a cycle's names: the Chinese where the translations have it, else the English standing in, and
    each other language (``other``: tag -> code -> name) whose name differs from the English."""
    names = {"zh-Hans": zh or english, "en": english}
    for tag, found in sorted(other.items()):
        if found.get(code) and found[code] != english:
            names[tag] = found[code]
    return names


class _Converter:
    def __init__(
        self,
        source: Source,
        report: ImportReport,
        bundled: dict[str, Any],
        meter: Meter = SILENT,
        today: date | None = None,
    ) -> None:
        self.source = source
        self.report = report
        self.today = (today or date.today()).isoformat()
        self.bundled = bundled
        self.meter = meter
        self.records: dict[tuple[str, str], dict[str, Any]] = {}  # (dir, id) -> record data
        self.untranslated: Counter[str] = Counter()
        self._titles: dict[str, str] | None = None  # card ids by English title, made on first use

    def run(self) -> dict[tuple[str, str], dict[str, Any]]:
        factions = self.factions()
        self.cards(factions)
        self.unique_names()
        self.game()
        self.formats()
        self.report.untranslated = dict(self.untranslated)
        return self.records

    def other_languages(
        self, data: dict[str, Any], printings: list[Any], title: str, text: Any, flavor_en: str | None
    ) -> None:
        """The card's name, printed text and flavour in every other language the translations have (a
        translation that only repeats the English is left out)."""
        english_text = _paragraphs(text)
        for tag, translations in sorted(self.source.other.items()):
            found = next((translations[p.code] for p in printings if p.code in translations), None)
            if found is None:
                continue
            name = (found.title or "").strip()
            if name and name != title.strip():
                data["name"][tag] = name
            paragraphs = _paragraphs(found.text)
            if paragraphs and paragraphs != english_text:
                data.setdefault("printed_text", {})[tag] = paragraphs
            flavor = (found.flavor or "").strip()
            if flavor and flavor != flavor_en and "flavor" in data:
                data["flavor"][tag] = flavor

    def factions(self) -> dict[str, str]:
        sides: dict[str, str] = {}
        bundled = self.bundled.get("factions", {})
        for faction in self.source.factions:
            known = bundled.get(BUNDLED_FACTION_ALIASES.get(faction.id, faction.id))
            zh = self.source.faction_zh.get(faction.id) or FACTION_ZH.get(faction.id)
            if zh is None and known is not None:
                zh = known["name"]["zh-Hans"]
            if zh is None:
                zh = faction.name
                self.report.warnings.append(
                    tr("faction {id} has no Chinese name; the English stands in", id=repr(faction.id))
                )
            neutral = faction.id.startswith("neutral")
            name = {"zh-Hans": zh, "en": faction.name}
            for tag, names in sorted(self.source.faction_other.items()):
                if names.get(faction.id) and names[faction.id] != faction.name:
                    name[tag] = names[faction.id]
            if neutral:  # both are 中立 / Neutral in NetrunnerDB; Dossier names are unique per game
                name = dict(zip(("zh-Hans", "en"), NEUTRAL_NAMES[faction.side], strict=True))
            color = faction.color or (known["color"] if known else "#808080")
            self.add(
                "factions",
                {
                    "game": "netrunner",
                    "kind": "faction",
                    "id": faction.id,
                    "name": name,
                    "side": faction.side,
                    "color": color,
                    "neutral": neutral,
                },
            )
            sides[faction.id] = faction.side
        return sides

    def add(self, directory: str, data: dict[str, Any], origin: str = "", ptr: str = "") -> bool:
        """Keep the record ``data`` for ``directory``; a record the model refuses is skipped, the report naming
        its entry: ``origin`` (the file) and ``ptr`` (the entry's pointer there: its line and column)."""
        game, kind = data["game"], data["kind"]
        if isinstance(data.get("name"), dict):  # (every name was read so; one made here too: a format's)
            data["name"] = {lang: _name_text(v) if isinstance(v, str) else v for lang, v in data["name"].items()}
        depth = "../" if directory != "." else ""
        data = {"$schema": f"{depth}{SCHEMA_DIR}/{schema_path(game, kind)}", **data}
        try:
            kind_adapter(game, kind).validate_python(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = "/".join(str(p) for p in first["loc"])
            # TRANSLATORS: {where} is the field of the record (a path of field names); {reason} why it is refused
            entry = tr(
                "{kind} {id}: {where}: {reason}",
                kind=_record_kind(kind),
                id=repr(data.get("id")),
                where=where,
                reason=model_error(first),
            )
            if origin and ptr:  # the entry's file, line and column, as the other findings of the checkout
                origin = _Shapes(self.report).where(Path(origin), ptr)
            self.report.skipped.append(tr("{where}: {problem}", where=origin, problem=entry) if origin else entry)
            return False
        key = (directory, data["id"])
        if key in self.records:
            self.report.skipped.append(
                tr("{kind} {id}: a second record with this id", kind=_record_kind(kind), id=repr(data["id"]))
            )
            return False
        self.records[key] = data
        return True

    def cards(self, faction_sides: dict[str, str]) -> None:
        taken = {record_id for _, record_id in self.records}
        self.meter.start(tr("converting cards"), len(self.source.cards))
        for card in self.source.cards:
            self.meter.advance()
            data = self.card(card, faction_sides)
            if data is None:
                continue
            record_id = data["id"]
            if record_id in taken:
                data["id"] = f"{record_id}_card"
                self.report.warnings.append(
                    tr(
                        "card {id}: id taken by another record; imported as {new}",
                        id=repr(record_id),
                        new=repr(data["id"]),
                    )
                )
            if self.add("identities" if data["kind"] == "identity" else "cards", data, card.origin, card.ptr):
                taken.add(data["id"])

    def card(self, card: SourceCard, faction_sides: dict[str, str]) -> dict[str, Any] | None:
        f = card.fields
        if f.get("broken"):
            return None  # (a number of its rules is of the wrong shape: the warning said it is not imported)
        title = f.get("title")
        if not isinstance(title, str) or not title.strip():
            self.report.skipped.append(tr("{origin}: card {id} has no title", origin=card.origin, id=repr(card.id)))
            return None
        card_type, kind = f["type"], f["kind"]
        side = f.get("side")
        faction = f.get("faction")
        if faction not in faction_sides:
            self.report.skipped.append(
                tr(
                    "card {id}: faction {faction} is not in {file}",
                    id=repr(card.id),
                    faction=repr(faction),
                    file="factions.json",
                )
            )
            return None
        side = side if side in ("corp", "runner") else faction_sides[faction]
        if kind == "card" and card_type not in CORP_TYPES | RUNNER_TYPES:
            self.report.skipped.append(
                tr("card {id}: unknown card type {type}", id=repr(card.id), type=repr(card_type))
            )
            return None
        printings = sorted(card.printings, key=lambda p: p.order)
        translation = next(
            (self.source.translations[p.code] for p in printings if p.code in self.source.translations), None
        )
        untranslated: list[str] = []
        zh_title = (
            translation.title.strip() if translation and translation.title and translation.title.strip() else None
        )
        if zh_title is None:
            untranslated.append("/name/zh-Hans")
        data: dict[str, Any] = {
            "game": "netrunner",
            "kind": kind,
            "id": card.id,
            "name": {"zh-Hans": (zh_title or title).strip(), "en": title.strip()},
            "faction": faction,
            "subtypes": list(dict.fromkeys(f.get("subtypes") or [])),
            "text": [],
        }
        stripped = f.get("stripped_title")
        if isinstance(stripped, str) and stripped.strip() and stripped.strip() != title.strip():
            data["search_name"] = stripped.strip()
        printed = {"en": _paragraphs(f.get("text")), "zh-Hans": _paragraphs(translation.text if translation else None)}
        printed = {lang: lines for lang, lines in printed.items() if lines}
        if printed:
            data["printed_text"] = printed
        # the English read into ability text where templates reach (toolkit/importers/nrdb_text.py): the record
        # keeps the texts read and the verdict (indexes and reasons only, never the printed sentences)
        reading = read_card(
            printed.get("en", []),
            card_type if kind == "card" else "identity",
            title.strip(),
            card_id=card.id,
            deck_limit=_int_or_none(f.get("deck_limit")),
        )
        data["text"] = reading.texts()
        data["reading"] = reading.record()
        if kind == "identity":
            self.identity_deck_rules(card, data, printed.get("en", []), printings, faction_sides)
        else:
            self.influence_condition(card, data, printed.get("en", []), faction_sides)
        kind_type = card_type if kind == "card" else "identity"
        if any(english_key(p, kind_type, title.strip()) == STARTER_ONLY for p in printed.get("en", [])):
            data["starter_only"] = True
        flavor_en = next((p.flavor.strip() for p in printings if p.flavor and p.flavor.strip()), None)
        flavor_zh = (
            translation.flavor.strip() if translation and translation.flavor and translation.flavor.strip() else None
        )
        if flavor_en or flavor_zh:
            data["flavor"] = {"zh-Hans": flavor_zh or flavor_en}
            if flavor_en:
                data["flavor"]["en"] = flavor_en
            if flavor_zh is None:
                untranslated.append("/flavor/zh-Hans")
        if printings:
            data["set"] = printings[0].set
            data["printings"] = [
                {
                    k: v
                    for k, v in {
                        "code": p.code,
                        "set": p.set,
                        "cycle": p.cycle,
                        "position": p.position,
                        "quantity": p.quantity,
                        "illustrator": p.illustrator,
                    }.items()
                    if v is not None
                }
                for p in printings
            ]
        self.other_languages(data, printings, title, f.get("text"), flavor_en)
        read_faces = [self.face(face, data["name"]) for face in f.get("faces") or []]
        faces = [face for face, _ in read_faces]
        if kind == "identity":  # (a face named as the card is translated as the card is)
            untranslated += [
                f"/faces/{i}/name/zh-Hans"
                for i, (_, own) in enumerate(read_faces)
                if own or "/name/zh-Hans" in untranslated
            ]
        if untranslated:
            data["untranslated"] = untranslated
            for pointer in untranslated:
                self.untranslated[pointer] += 1
        if faces and kind == "identity":
            data["faces"] = faces
        elif faces:
            self.report.warnings.append(
                trn("card {id}: only an identity keeps other faces; its {n} face is not imported",
                    "card {id}: only an identity keeps other faces; its {n} faces are not imported",
                    len(faces), id=repr(card.id), n=len(faces))
            )  # fmt: skip
        if kind == "identity":
            data["side"] = side
            data["min_deck_size"] = _int_or_none(f.get("minimum_deck_size"))
            data["influence_limit"] = _int_or_none(f.get("influence_limit"))
            if side == "runner":
                link = _int_or_none(f.get("base_link"))
                if link is None:
                    self.report.warnings.append(
                        tr("runner identity {id} has no {field}; 0 is assumed", id=repr(card.id), field="base_link")
                    )
                data["base_link"] = link or 0
            return data
        data["type"] = card_type
        data["influence"] = _int_or_none(f.get("influence")) or 0
        limit = _int_or_none(f.get("deck_limit"))
        if limit is not None:
            data["deck_limit"] = limit
        data["unique"] = bool(f.get("unique"))
        cost = _int_or_none(f.get("cost"))
        if card_type in PLAY_COST_TYPES:
            data["cost"] = cost
        elif card_type in REZ_COST_TYPES:
            data["rez_cost"] = cost
        trash_cost = _int_or_none(f.get("trash_cost"))
        if card_type in TRASH_TYPES and trash_cost is not None:
            data["trash_cost"] = trash_cost
        elif trash_cost is not None:
            self.report.warnings.append(self.no_trash_cost(card.id, trash_cost))
        if card_type == "ice":
            data["strength"] = _int_or_none(f.get("strength"))
        if card_type == "program":
            memory = _int_or_none(f.get("memory_cost"))
            if memory is None:
                self.report.warnings.append(
                    tr("program {id} has no {field}; 0 is assumed", id=repr(card.id), field="memory_cost")
                )
            data["memory_cost"] = memory or 0
            if _int_or_none(f.get("strength")) is not None or "icebreaker" in data["subtypes"]:
                data["strength"] = _int_or_none(f.get("strength"))
        if card_type == "agenda":
            data["advancement_requirement"] = _int_or_none(f.get("advancement_requirement"))
            data["agenda_points"] = _int_or_none(f.get("agenda_points"))
        return data

    @staticmethod
    def no_trash_cost(card_id: str, trash_cost: int) -> str:
        """The warning for a card whose trash cost is not imported: only the corp's assets, upgrades, ice and
        operations have one (:data:`TRASH_TYPES`, the record model's). The runner may pay it to trash the card
        wherever it is accessed but in Archives: an operation printing one (18 of NetrunnerDB's) is accessed in HQ or
        R&D. An agenda is stolen, never trashed for a cost, and the runner's own cards are never accessed."""
        return tr(
            "card {id}: its {field} {n} is not imported: {reason}",
            id=repr(card_id),
            field=repr("trash_cost"),
            n=trash_cost,
            reason=tr("only an asset, an upgrade, an operation or a piece of ice has a trash cost in Dossier"),
        )

    def identity_deck_rules(
        self,
        card: SourceCard,
        data: dict[str, Any],
        english: list[str],
        printings: list[SourcePrinting],
        faction_sides: dict[str, str],
    ) -> None:
        """The identity's deck rules (``deck_rules``): those :data:`IDENTITY_DECK_RULES` gives its printing
        codes, ``draft_only`` for "Draft format only", and ``not_checked`` for any other paragraph that speaks
        of deck building. The paragraphs enforced are read as deck rules (``reading.rules``)."""
        known = next((IDENTITY_DECK_RULES[p.code] for p in printings if p.code in IDENTITY_DECK_RULES), None)
        modelled = known is not None
        # (a faction the checkout does not have has no cards to forbid)
        rules = [dict(r) for r in known or () if r["rule"] != "forbid_faction" or r["faction"] in faction_sides]
        enforced: list[int] = []
        unchecked: list[int] = []
        for index, paragraph in enumerate(english):
            key = _plain(paragraph)
            if key == DRAFT_ONLY:
                rules.append({"rule": "draft_only"})
                enforced.append(index)
            elif _DECK_TEXT.search(key):
                (enforced if modelled else unchecked).append(index)
        if unchecked:
            rules.append({"rule": "not_checked", "paragraphs": unchecked})
            self.report.warnings.append(
                trn(
                    "identity {id}: paragraph {paragraphs} of its text restricts deck building in a way Dossier "
                    "does not check; the deck validator warns of it",
                    "identity {id}: paragraphs {paragraphs} of its text restrict deck building in a way Dossier "
                    "does not check; the deck validator warns of it",
                    len(unchecked),
                    id=repr(card.id),
                    paragraphs=", ".join(str(i + 1) for i in unchecked),  # counted from 1, as `show` does
                )
            )
        if rules:
            data["deck_rules"] = rules
        _read_as_rules(data, enforced)

    def influence_condition(
        self, card: SourceCard, data: dict[str, Any], english: list[str], faction_sides: dict[str, str]
    ) -> None:
        """An alliance card's "costs 0 influence if you have …" as ``influence_free_if`` (the paragraph is then
        read as a deck rule); a condition Dossier cannot read is a warning (and, on an alliance card, a warning
        of the deck validator too)."""
        for index, paragraph in enumerate(english):
            found = _FREE_IF.match(_plain(paragraph))
            if found is None:
                continue
            having = _FREE_HAVE.match(found[1])
            condition = self._condition(having[1], faction_sides) if having is not None else None
            if condition is None:
                self.report.warnings.append(
                    tr(
                        "card {id}: the condition under which it costs no influence (paragraph {n}) is not one "
                        "Dossier reads; its influence always counts",
                        id=repr(card.id),
                        n=index + 1,
                    )
                )
                continue
            data["influence_free_if"] = condition
            _read_as_rules(data, [index])
            return

    def _condition(self, phrase: str, faction_sides: dict[str, str]) -> dict[str, Any] | None:
        """``6 or more non-alliance [jinteki] cards``, ``15 or fewer ice``, ``50 or more cards``, ``3 PAD
        Campaigns`` (copies of the card of that title) as an influence condition; None: not one of these."""
        counted = _FREE_COUNT.match(phrase)
        if counted is not None:
            number, way, non_alliance, faction, noun = counted.groups()
            if noun not in _COUNTED or (faction is not None and as_slug(faction) not in faction_sides):
                return None
            condition: dict[str, Any] = {"min" if way == "more" else "max": int(number)}
            if _COUNTED[noun] is not None:
                condition["type"] = _COUNTED[noun]
            if faction is not None:
                condition["faction"] = as_slug(faction)
            if non_alliance:
                condition["non_alliance"] = True
            return condition
        titled = _FREE_TITLE.match(phrase)
        if titled is None:
            return None
        titles = self.titles()
        name = titled[2]
        for candidate in (name, name[:-1] if name.endswith("s") else None, name[:-2] if name.endswith("es") else None):
            if candidate and titles.get(candidate):
                return {"card": titles[candidate], "min": int(titled[1])}
        return None

    def titles(self) -> dict[str, str]:
        """Card ids by English title (lower case); a title two cards share maps to "" (not a card to count)."""
        if self._titles is None:
            self._titles = {}
            for source_card in self.source.cards:
                title = source_card.fields.get("title")
                if source_card.fields.get("kind") == "card" and isinstance(title, str) and title.strip():
                    key = _plain(title)
                    self._titles[key] = "" if key in self._titles else source_card.id
        return self._titles

    def face(self, face: dict[str, Any], card_name: dict[str, str]) -> tuple[dict[str, Any], bool]:
        """An identity's other face as a record's ``faces`` entry, and whether the face has a title of its own
        (English; no Chinese source exists for faces, so a face's name has the English standing in, said in the
        card's ``untranslated``). A face without a title (the back of Sync, every face of the v1 layout) is named
        as the card, ``card_name``: where the face's name comes from."""
        for name in face["unknown"]:
            bucket = self.report.unknown_fields.setdefault("v2/cards faces", {})
            bucket[name] = bucket.get(name, 0) + 1
        out: dict[str, Any] = {}
        title = (face.get("title") or "").strip()
        if title:
            out["name"] = {"zh-Hans": title, "en": title}
            stripped = (face.get("stripped_title") or "").strip()
            if stripped and stripped != title:
                out["search_name"] = stripped
        else:
            out["name"] = dict(card_name)
        if face.get("subtypes") is not None:
            out["subtypes"] = list(dict.fromkeys(face["subtypes"]))
        if face.get("base_link") is not None:
            out["base_link"] = face["base_link"]
        paragraphs = _paragraphs(face.get("text"))
        if paragraphs:
            out["printed_text"] = {"en": paragraphs}
        return out, bool(title)

    def unique_names(self) -> None:
        """zh-Hans and en names must be unique among cards and identities (lint): disambiguate repeats."""
        records = sorted(
            (r for (d, _), r in self.records.items() if d in ("cards", "identities")), key=lambda r: r["id"]
        )
        for lang in ("en", "zh-Hans"):
            seen: dict[str, str] = {}
            for record in records:
                name = record["name"].get(lang)
                if name is None:
                    continue
                folded = name.casefold()
                if folded in seen:
                    other = record["name"]["en"] if lang == "zh-Hans" else record["id"]
                    new = f"{name}（{other}）" if lang == "zh-Hans" else f"{name} [{record['id']}]"
                    said = {
                        "kind": _record_kind(record["kind"]),
                        "id": repr(record["id"]),
                        "name": repr(name),
                        "other": repr(seen[folded]),
                        "new": repr(new),
                    }
                    if lang == "en":
                        warning = tr(
                            "{kind} {id}: the English name {name} is also {other}'s; imported as {new}", **said
                        )
                    else:
                        warning = tr(
                            "{kind} {id}: the Chinese name {name} is also {other}'s; imported as {new}", **said
                        )
                    self.report.warnings.append(warning)
                    record["name"][lang] = new
                    folded = new.casefold()
                seen[folded] = record["id"]

    def game(self) -> None:
        game = json.loads(json.dumps(self.bundled["game"]))
        game.pop("$schema", None)
        bundled_terms = {t["id"]: t["name"] for t in game.get("subtypes", [])}
        used = {s for r in self.records.values() for s in r.get("subtypes", [])}
        subtypes = dict(self.source.subtypes)
        for subtype in sorted(used - set(subtypes)):
            subtypes[subtype] = subtype.replace("_", " ").title()
        terms = []
        english_only = 0
        for subtype_id, name in sorted(subtypes.items()):
            zh = bundled_terms.get(subtype_id, {}).get("zh-Hans")
            if zh is None:
                english_only += 1
            terms.append({"id": subtype_id, "name": {"zh-Hans": zh or name, "en": name}})
        if english_only:
            self.report.warnings.append(
                tr(
                    "{n} subtypes have no Chinese name in Dossier's vocabulary; the English stands in",
                    n=english_only,
                )
            )
        game["subtypes"] = terms
        symbols = {s["id"]: s for s in game.get("symbols", [])}
        factions = {r["id"]: r["name"] for (d, _), r in self.records.items() if d == "factions"}
        for record in self.records.values():
            for line in (record.get("printed_text") or {}).get("en", []) + (record.get("printed_text") or {}).get(
                "zh-Hans", []
            ):
                for symbol in _SYMBOL.findall(line):
                    if symbol not in symbols:
                        zh, en = SYMBOL_NAMES.get(symbol, (None, None))
                        faction = factions.get(symbol)
                        symbols[symbol] = {
                            "id": symbol,
                            "name": {
                                "zh-Hans": zh or (faction["zh-Hans"] if faction else symbol),
                                "en": en or (faction["en"] if faction else symbol),
                            },
                        }
        game["symbols"] = [symbols[k] for k in sorted(symbols)]
        game["sets"] = self.sets()
        game["cycles"] = self.cycles()
        self.add(".", game)

    def sets(self) -> list[dict[str, Any]]:
        """The card sets, oldest first, with Chinese names where translations have them."""
        out = []
        english_only = 0
        for card_set in sorted(self.source.sets, key=lambda s: (s.released or "9999", s.id)):
            zh = self.source.set_zh.get(card_set.code)
            english_only += zh is None
            entry: dict[str, Any] = {
                "id": card_set.id,
                "name": _translated(card_set.name, zh, self.source.set_other, card_set.code),
            }
            if card_set.cycle:
                entry["cycle"] = card_set.cycle
            if card_set.released:
                entry["released"] = card_set.released
            if card_set.code != card_set.id and _SLUG.fullmatch(card_set.code):  # NetrunnerDB's `e:core`
                entry["code"] = card_set.code
            out.append(entry)
        if english_only:
            self.report.warnings.append(
                tr(
                    "{n} card sets have no Chinese name; the English stands in",
                    n=english_only,
                )
            )
        return out

    def cycles(self) -> list[dict[str, Any]]:
        """The cycles, in the data's order (``position``), with their names: the Chinese where translations have
        it (keyed by the v1 cycle code, v2's ``legacy_code``), else the English standing in, as for sets."""
        out: dict[str, dict[str, Any]] = {}
        english_only = 0
        for cycle in sorted(self.source.cycles, key=lambda c: c.position if c.position is not None else 1 << 30):
            if cycle.id in out:
                continue
            zh = self.source.cycle_zh.get(cycle.code)
            english_only += zh is None
            out[cycle.id] = {"id": cycle.id, "name": _translated(cycle.name, zh, self.source.cycle_other, cycle.code)}
        if english_only:
            self.report.warnings.append(
                trn(
                    "{n} cycle has no Chinese name; the English stands in",
                    "{n} cycles have no Chinese name; the English stands in",
                    english_only,
                    n=english_only,
                )
            )
        return list(out.values())

    def formats(self) -> None:
        """One record per format (its snapshot in force, :func:`_in_force`, offering every ban list of the format)
        and one per snapshot."""
        card_ids = {r["id"] for (d, _), r in self.records.items() if d in ("cards", "identities")}
        self.by_subtype: dict[str, list[str]] = defaultdict(list)
        for (d, _), r in self.records.items():
            if d in ("cards", "identities"):
                for subtype in r.get("subtypes", []):
                    self.by_subtype[subtype].append(r["id"])
        restrictions = {r.id: r for r in self.source.restrictions}
        deck_rules = list(self.bundled.get("deck_rules", []))
        if {"rule": "card_pool"} not in deck_rules:
            deck_rules.append({"rule": "card_pool"})
        unknown_ids: Counter[str] = Counter()
        ban_lists = {r.id: self.ban_list(r, card_ids, unknown_ids) for r in self.source.restrictions}
        for fmt in self.source.formats:
            zh_format = FORMAT_ZH.get(fmt.id)
            if zh_format is None:
                self.report.warnings.append(
                    tr("format {id} has no Chinese name; the English stands in", id=repr(fmt.id))
                )
            starts = {id(s): _start(s, restrictions.get(s.restriction or "")) for s in fmt.snapshots}
            snapshots = sorted(fmt.snapshots, key=lambda s: (starts[id(s)] or s.date_start, s.id))
            if not snapshots:
                continue
            active, told = _in_force(snapshots, starts, restrictions, self.today)
            self.tell_in_force(fmt, active, told, snapshots, starts, restrictions)
            named = {r.id for r in self.source.restrictions if r.format_id == fmt.id}
            named |= {s.restriction for s in snapshots if s.restriction in restrictions}
            own = [
                ban_lists[r.id] for r in sorted((restrictions[i] for i in named), key=lambda r: (r.date_start, r.id))
            ]
            used_names: set[str] = set()
            for snap, record_id, is_format in [
                (active, fmt.id, True),
                *((s, as_slug(s.id) if as_slug(s.id) != fmt.id else f"{fmt.id}_snapshot", False) for s in snapshots),
            ]:
                restriction = restrictions.get(snap.restriction or "")
                if snap.restriction and restriction is None:
                    self.report.warnings.append(
                        tr(
                            "format {id} snapshot {snapshot}: restriction {restriction} not found",
                            id=repr(fmt.id),
                            snapshot=repr(snap.id),
                            restriction=repr(snap.restriction),
                        )
                    )
                start = starts[id(snap)]
                suffix = "" if is_format else f" {start or snap.date_start or snap.id}"
                en = f"{fmt.name}{suffix}"
                zh = f"{zh_format or fmt.name}{suffix}"
                if not is_format and en in used_names:
                    en, zh = f"{en} ({snap.id})", f"{zh}（{snap.id}）"
                used_names.add(en)
                parts_en = [f"NetrunnerDB format {fmt.name}"]
                parts_zh = [f"NetrunnerDB 赛制 {zh_format or fmt.name}"]
                if snap.pool_name:
                    parts_en.append(f"card pool {snap.pool_name}")
                    parts_zh.append(f"卡池 {snap.pool_name}")
                if restriction is not None:
                    parts_en.append(f"ban list {restriction.name}")
                    parts_zh.append(f"限制表 {restriction.name}")
                if start or snap.date_start:
                    parts_en.append(f"from {start or snap.date_start}")
                    parts_zh.append(f"自 {start or snap.date_start} 起")
                data: dict[str, Any] = {
                    "game": "netrunner",
                    "kind": "format",
                    "id": record_id,
                    "name": {"zh-Hans": zh, "en": en},
                    "players": {"min": 2, "max": 2},
                    "summary": {"zh-Hans": "，".join(parts_zh) + "。", "en": ", ".join(parts_en) + "."},
                    "deck_rules": deck_rules,
                    "sets": snap.sets,
                    # the format itself offers all its ban lists; a snapshot is one pool with one list
                    "ban_lists": own if is_format else [ban_lists[restriction.id]] if restriction is not None else [],
                }
                if restriction is not None:
                    data["ban_list"] = ban_lists[restriction.id]["id"]
                if snap.pool_name:
                    data["pool_name"] = snap.pool_name
                if start:
                    data["date_start"] = start
                if not is_format:
                    data["snapshot_of"] = fmt.id
                self.add("modes", data)
        if unknown_ids:
            self.report.warnings.append(
                tr(
                    "{n} card ids on ban lists are not among the imported cards (left off the lists): {ids}",
                    n=len(unknown_ids),
                    ids=f"{', '.join(sorted(unknown_ids)[:10])}{' …' if len(unknown_ids) > 10 else ''}",
                )
            )

    def tell_in_force(
        self,
        fmt: SourceFormat,
        chosen: SourceSnapshot,
        told: str,
        snapshots: list[SourceSnapshot],
        starts: dict[int, str],
        restrictions: dict[str, SourceRestriction],
    ) -> None:
        """Say which ban list of ``fmt`` is in force and why (a note), and warn when the data's ``active`` flag
        marks an older list than the one in force."""
        restriction = restrictions.get(chosen.restriction or "")
        if restriction is None:
            return  # (a format with no ban list, or one not found: that is warned of with the records)
        start = starts[id(chosen)]
        if told == "date":
            note = tr(
                "format {id}: the ban list in force is {banlist}, from {date}",
                id=repr(fmt.id),
                banlist=restriction.name,
                date=start,
            )
        elif told == "flag":
            note = tr(
                "format {id}: the ban list in force is {banlist}, the one the data marks as active (none of the "
                "format's lists has started by {today})",
                id=repr(fmt.id),
                banlist=restriction.name,
                today=self.today,
            )
        else:
            note = tr(
                "format {id}: the ban list in force is {banlist}, the newest (none of the format's lists has started "
                "by {today}, and the data marks none as active)",
                id=repr(fmt.id),
                banlist=restriction.name,
                today=self.today,
            )
        self.report.notes.append(note)
        flagged = next((s for s in snapshots if s.active), None)
        if told != "date" or flagged is None or flagged is chosen:
            return
        marked = restrictions.get(flagged.restriction or "")
        if not starts[id(flagged)] or starts[id(flagged)] >= start or marked is None or marked is restriction:
            return  # (a flag on an undated list, one not started yet, or the same list: the note says all)
        self.report.warnings.append(
            tr(
                "format {id}: the data marks as active {marked} (from {since}), but {banlist} has been in force "
                "since {date}; {banlist} is the list in force",
                id=repr(fmt.id),
                marked=marked.name,
                since=starts[id(flagged)],
                banlist=restriction.name,
                date=start,
            )
        )

    def ban_list(self, restriction: SourceRestriction, card_ids: set[str], unknown: Counter[str]) -> dict[str, Any]:
        """A restriction as a Dossier ban list; ids of cards that were not imported are counted in ``unknown``."""

        def known(ids: list[str]) -> list[str]:
            out = []
            for raw in ids:
                card_id = raw if raw.startswith("#") else self.source.card_ids.get(raw) or as_slug(raw)
                if card_id in card_ids:
                    out.append(card_id)
                else:
                    unknown[card_id] += 1
            return out

        banned = known(restriction.banned)
        for subtype in restriction.banned_subtypes:
            banned.extend(self.by_subtype.get(subtype, []))
        banned = sorted(set(banned))
        data: dict[str, Any] = {
            "id": as_slug(restriction.id),
            "name": {"zh-Hans": restriction.name, "en": restriction.name},
            "banned": banned,
            "restricted": sorted(set(known(restriction.restricted)) - set(banned)),
            "restricted_limit": 1,
        }
        if _date(restriction.date_start):
            data["date_start"] = restriction.date_start
        for source_name, field_name in PER_CARD_VERDICTS.items():
            numbers = restriction.per_card.get(source_name, {})
            kept = {card_id: n for raw, n in numbers.items() for card_id in known([raw])}
            if kept:
                data[field_name] = dict(sorted(kept.items()))
        if restriction.point_limit is not None:
            data["point_limit"] = restriction.point_limit
        if restriction.max_3_point_agendas is not None:
            data["max_3_point_agendas"] = restriction.max_3_point_agendas
        return data


# ---------------------------------------------------------------------------
# writing


def bundled_netrunner(directory: Path | None = None) -> dict[str, Any]:
    """What Dossier's own netrunner data says: the game record, factions by id, standard deck rules."""
    from toolkit.catalog import load_catalog
    from toolkit.paths import CARDS_DIR

    directory = directory or CARDS_DIR / "netrunner"
    catalog = load_catalog([directory])
    dump = {"mode": "json", "by_alias": True, "exclude_none": True}
    game = catalog.get("netrunner", "netrunner", "game")
    if game is None:
        raise DossierError(
            tr("{path}: no netrunner game record ({file}); it is needed to import", path=directory, file="game.json")
        )
    standard = catalog.get("netrunner", "standard", "format")
    return {
        "game": game.model_dump(**dump),  # type: ignore[arg-type]
        "factions": {r.id: r.model_dump(**dump) for r in catalog.of_kind("netrunner", "faction")},  # type: ignore[arg-type]
        "deck_rules": standard.model_dump(**dump)["deck_rules"] if standard is not None else [],  # type: ignore[arg-type]
    }


def default_into() -> Path:
    """``$XDG_DATA_HOME/dossier/netrunnerdb``, else ``~/.local/share/dossier/netrunnerdb``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dossier" / "netrunnerdb"


def _check_target(into: Path) -> None:
    if into.exists() and not into.is_dir():
        raise DossierError(tr("{option} {path}: exists and is not a directory", option="--into", path=into))
    if into.is_dir() and any(into.iterdir()) and not (into / MARKER).is_file():
        raise DossierError(
            tr(
                "{option} {path}: not empty and not a Dossier import (no {marker}); refusing to overwrite it",
                option="--into",
                path=into,
                marker=MARKER,
            )
        )
    added, changed = foreign_files(into)
    if added or changed:
        raise DossierError(_foreign_message(into, added, changed))


MAX_NAMED = 10
"""The most files a refusal to replace an import folder names (then a count of the rest)."""


def _foreign_message(into: Path, added: list[str], changed: list[str]) -> str:
    """Why the import stops rather than replace ``into``: the files in it that the earlier import did not write,
    and those it wrote that were changed since (:func:`toolkit.importers.marker.foreign_files`)."""

    def named(files: list[str]) -> str:
        shown = tr(", ").join(files[:MAX_NAMED])
        if len(files) > MAX_NAMED:
            shown = tr("{files} and {n} more", files=shown, n=len(files) - MAX_NAMED)
        return shown

    parts = []
    if added:
        parts.append(
            trn(
                "It holds a file the earlier import did not write: {files}.",
                "It holds {n} files the earlier import did not write: {files}.",
                len(added),
                n=len(added),
                files=named(added),
            )
        )
    if changed:
        parts.append(
            trn(
                "A file the earlier import wrote was changed since: {files}.",
                "{n} files the earlier import wrote were changed since: {files}.",
                len(changed),
                n=len(changed),
                files=named(changed),
            )
        )
    parts.append(
        tr(
            "The import replaces the folder as a whole, so it stops rather than lose them: move them out of it, or "
            "import into another folder."
        )
    )
    return tr("{option} {path}: {problem}", option="--into", path=into, problem=sentences(current_lang(), parts))


def _write_tree(
    target: Path, records: dict[tuple[str, str], dict[str, Any]], marker: dict[str, Any], meter: Meter = SILENT
) -> None:
    from toolkit import schemagen

    target.mkdir(parents=True)
    wrote: dict[str, str] = {}  # the marker's list of what the import wrote (FILES)

    def write(rel: str, text: str) -> None:
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        data = text.encode("utf-8")
        path.write_bytes(data)
        wrote[rel] = digest(data)

    for rel, text in schemagen.generate().items():
        if rel.startswith("netrunner/"):
            write(f"{SCHEMA_DIR}/{rel}", text)
    meter.start(tr("writing records"), len(records))
    for (directory, record_id), data in sorted(records.items()):
        name = "game.json" if data["kind"] == "game" else f"{record_id}.json"
        write(name if directory == "." else f"{directory}/{name}", canonical_dumps(data))
        meter.advance()
    (target / MARKER).write_text(canonical_dumps({**marker, FILES: dict(sorted(wrote.items()))}), encoding="utf-8")


def import_netrunnerdb(
    path: Path,
    into: Path | None = None,
    *,
    layout: str = "auto",
    bundled: dict[str, Any] | None = None,
    meter: Meter | None = None,
    today: date | None = None,
) -> ImportReport:
    """Import the checkout at ``path`` into ``into`` (see the module docstring); return the report.

    ``bundled`` supplies what Dossier already knows of netrunner: the game record
    (``game``: zones, actions, symbols, subtype names), faction records by id
    (``factions``) and the standard deck rules (``deck_rules``). ``meter`` counts
    the card files read, the cards converted and the records written (:mod:`toolkit.meter`). ``today`` (default:
    the clock's) tells which ban list of each format is in force (:func:`_in_force`).
    """
    count = meter_or_silent(meter)
    into = Path(into) if into is not None else default_into()
    found, root = detect_layout(Path(path), layout)
    report = ImportReport(Path(path), found, into)
    source = read_v2(root, report, count) if found == "v2" else read_v1(root, report, count)
    if not source.cards:
        raise DossierError(tr("{path}: no cards found in the {layout} layout", path=path, layout=found), exit_code=1)
    if bundled is None:
        bundled = bundled_netrunner()
    records = _Converter(source, report, bundled, count, today).run()
    report.counts = dict(sorted(Counter(r["kind"] for r in records.values()).items()))
    try:
        _check_target(into)
    except OSError as exc:
        raise DossierError(
            tr("{option} {path}: cannot write: {reason}", option="--into", path=into, reason=os_reason(exc))
        ) from None
    marker = {
        "source": str(Path(path).resolve()),
        "readings": READINGS,
        "layout": found,
        "counts": report.counts,
        "report": report.lines(),
    }
    try:  # built beside --into and swapped in; a killed run's leftovers are swept by the next one
        replace_dir(into, lambda tmp: _write_tree(tmp, records, marker, count))
    except (OSError, ValueError) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) else str(exc)
        raise DossierError(
            tr("{option} {path}: cannot write: {reason}", option="--into", path=into, reason=reason)
        ) from None
    return report
