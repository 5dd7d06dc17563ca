"""Lint of card data: every problem in every record file, each a :class:`Finding`.

Per file: readable UTF-8, JSON syntax (no duplicate keys), the JSON Schema of
its kind (every error, with a pointer), the record model, id = file name, the
game directory, ``$schema`` resolving to the kind's schema, canonical format.
Across the files of a game: unique ids, unique names where the rules require
them, and every reference resolving (exclusive card -> agent, minion card ->
minion, factions, subtypes, modes -> roles, names quoted in text and of the kind of record the text
needs, symbols).

Fast paths (the findings are the same as without them):

- a record that the pydantic model accepts also satisfies the JSON Schema
  generated from that model (the record models are strict about JSON types,
  :class:`toolkit.models.common.RecordModel`: ``"1"`` is no integer, ``"no"`` no
  boolean, as the schema says), so jsonschema (slow) only runs on files the model
  rejects, to report schema errors in the schema's own terms;
- a canonical file is read by orjson and compared with orjson's canonical write
  of it (:func:`toolkit.jsonio.read_canonical`; a file with a float by the C JSON
  parser and :func:`toolkit.jsonio.canonical_dumps`); the limits of outside input
  and the canonical-format check cost a scan of the text more;
- line and column maps are built only for files with findings (a canonical
  file's findings are found by its layout, without a scan of the document), a
  "did you mean" only for a reference that does not resolve, a map's positions
  only for its first finding, and a record's strings are walked for the print
  font only when its text holds a character the font lacks;
- files are checked in batches (:data:`BATCH_FILES`): the JSON and model checks
  of each file of a batch, then all their ability texts parsed, then rendered,
  then what is kept of each file; the work of each kind done together keeps its
  code and data in the processor's caches (a lint of many files takes a fifth
  less time than one that parses each file's texts between the checks of files);
- once a file's own checks are done (its ability texts' verdicts and the places
  of its findings among them), an entry keeps only what the checks across records
  read: a small summary of the record for the kinds most files hold, its names and
  the texts that name a record or a symbol; the parsed JSON, the model and (in
  :func:`lint_files`) the file's text are let go, and a file is read again only to
  place a finding found later. A lint of 100,000 files holds summaries, not files;
- worker processes (``jobs``) check whole files from the front of the list while
  this process checks them from the back (:class:`text_lint.TextVerdicts`); a
  worker's check of a file stands when this process reads the same text;
- with a cache (``dossier lint DIR``: :func:`lint_files` ``cache``), what a
  file's own checks found is kept between runs (:mod:`validators.lint_cache`):
  a file unchanged since (its signature, or else its bytes) takes it without
  being checked again; the checks across records run every time.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import operator
import os
import re
import shlex
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from pydantic import ValidationError

from toolkit.catalog import FileSource, file_key, file_keys, file_signature, signature_of
from toolkit.engine.forms import ENGINE_NODES, runs_node
from toolkit.filekinds import NOT_RECORDS, go_on_command, not_a_record
from toolkit.findings import at_character
from toolkit.gcpause import gc_paused
from toolkit.i18n import N_, current_lang, t_beside, tc, tr, trn, word
from toolkit.i18n.words import Nc_
from toolkit.jsonio import MAX_DEPTH as JSON_MAX_DEPTH
from toolkit.jsonio import (
    MAX_SOURCE_BYTES,
    JsonSyntaxError,
    Source,
    canonical_dumps,
    canonical_positions,
    is_text,
    json_kind,
    loads_canonical,
    loc_pointer,
    pointer,
    pointer_position,
    read_canonical,
    read_regular,
    read_source,
    value_positions,
)
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import (
    GAMES,
    KIND_DIRS,
    KINDS,
    TYPE_BRANCHES,
    RecordBase,
    iter_texts,
    kind_adapter,
    namespace,
    schema_path,
)
from toolkit.names import fold_keys
from toolkit.text import AbilitySyntaxError, parse_cached
from toolkit.text import ast as A

from .art_lint import check_art
from .crossfire_lint import MODE_CODE, check_role_fields, mode_composition_problems
from .findings import Finding, Severity
from .font_lint import CODE as FONT_CODE
from .font_lint import SKIPPED_KEYS as FONT_SKIPPED_KEYS
from .font_lint import covered_characters, may_miss
from .font_lint import message as font_message
from .map_lint import check_map_rows, check_maps
from .text_lint import (
    InText,
    TextVerdicts,
    ability_text_findings,
    check_ability_texts,
    check_raw_ability_texts,
    finding_at,
    name_uses,
    parses,
)
from .wording import (
    check_name_text,
    close_matches,
    did_you_mean,
    either,
    escape_unprintable,
    game_word,
    kind_word,
    listing,
    meant,
    record_label,
)

NAME_REF = re.compile(r"「([^「」]+)」")


def quoted_name(quoted: str) -> str:
    """The name a ``「…」`` of ability text holding ``quoted`` names, as the parser reads it (``toolkit.text.parser``'s
    ``_name``: the spaces at its ends left out, those inside kept), so lint compares with the records' names what
    the engines search for; a quote with spaces at its ends is also not canonical (``card.text.format``: ``text
    fmt`` writes it without them)."""
    return quoted.strip()


# A symbol is `[id]`; `追踪[X]` (a netrunner trace, its base strength in brackets) is no symbol.
SYMBOL_REF = re.compile(r"(?<!追踪)(?<!追踪 )\[([a-z0-9_]+)\]")


Path_ = tuple[str | int, ...]  # a JSON path (``("text", 0)``)
# a reference of a refused record's data to another record: (what it names, its pointer, the id, what else the
# check needs: a card's side, a substitution's index), :func:`_raw_references`
RawRef = tuple[str, str, str, Any]


class Entry:
    """One file being linted, with what was learned from it.

    Once the file's own checks are done (:func:`_check_file`, :func:`_settle`: the verdicts on its ability
    texts among them, and each finding so far placed in the text), an entry keeps only what the checks across
    records read: ``record`` (the model, or for the kinds most files hold a :class:`RecordSummary` of it),
    ``names``, ``private``, ``texts`` (the ability texts that may name a record or a symbol; a tactics text that
    parses and quotes a name, with what it does with each, :func:`~validators.text_lint.name_uses`), ``fonts`` (the
    characters the print font lacks) and its findings. The parsed JSON is dropped and, in :func:`lint_files`,
    the file's text too (its :class:`~toolkit.catalog.FileSource` reads it again to place a finding found
    later, or a map's cells)."""

    __slots__ = (
        "source",
        "target",
        "key",
        "data",
        "record",
        "_findings",
        "canonical",
        "texts",
        "names",
        "private",
        "fonts",
        "text_findings",
        "released",
        "checked",
        "schema_ref",
        "signature",
        "content",
        "rejected",
        "refs",
    )

    def __init__(self, source: Source, target: bool, key: str = "") -> None:
        self.source = source
        self.target = target
        self.key = key  # the file's absolute path (matches a worker's result to it; let go once it is checked)
        self.data: Any = None
        self.record: Any = None  # RecordBase, RecordSummary or None
        self._findings: list[Finding] | None = None
        self.canonical = False  # the text is the canonical form of its data (known while reading it)
        # a target record's ability texts that may name a record or a symbol (the checks across records read them):
        # (path, text), or for a tactics text that parses and quotes a name (path, text, its name_uses)
        self.texts: tuple[tuple[Any, ...], ...] = ()
        self.names: tuple[str, str | None] = ("", None)  # a record's zh-Hans and English names
        self.private = False  # a record that says "private": true (an agent)
        self.fonts: dict[str, str] | None = None  # each character the print font lacks -> its first pointer
        self.text_findings: list[Finding] | None = None  # its ability texts' findings, added after the others
        self.released = False  # the text was read and let go (read again to place the findings)
        self.checked = False  # the file's own checks are done (here or in a worker)
        # what the file's own checks asked of other files: the "$schema" looked for from the file's directory,
        # and whether it named a file (a kept result stands only while the answer is the same)
        self.schema_ref: tuple[str, bool] | None = None
        # with a cache (lint_files): the file's signature when it was read and the digest of its bytes, once its
        # own checks are done and their result may be kept (None: it is not kept)
        self.signature: bytes | None = None
        self.content: bytes | None = None
        # a record the model refused (or whose kind, game or JSON syntax is wrong) whose game is known: what its
        # data says of it (:class:`Refused`), its names in ``names``, so that it still exists for the checks across
        # records (a duplicate name or id is told, a reference to it resolves) in the same run as its own problems
        self.rejected: Refused | None = None
        # a target the model refused: the references its data makes to other records (:func:`_raw_references`),
        # checked with the records of its game (:func:`_check_raw_refs`) in the same run as its other problems
        self.refs: tuple[RawRef, ...] = ()

    @property
    def findings(self) -> list[Finding]:
        """The findings so far (the list is made on the first: most files have none)."""
        found = self._findings
        if found is None:
            found = self._findings = []
        return found

    @property
    def label(self) -> str:
        record = self.record
        if record is None:  # a record the model rejected: what its data says, while it is read
            if self.rejected is not None:
                return self.rejected.label
            data = self.data
            if isinstance(data, dict) and any(isinstance(data.get(k), str) for k in ("game", "kind", "id")):
                return _label(data)
            return self.source.path.name
        return record_label(record.game, record.kind, record.id)

    def add(
        self, code: str, message: str, ptr: str = "", severity: Severity = "error", offset: int | None = None
    ) -> None:
        """A finding at ``ptr`` (``offset``: at that character of the ability text there, :class:`InText`)."""
        if self.target:
            self.findings.append(finding_at(code, message, severity, str(self.source.path), ptr or None, offset))


class Refused:
    """What the data of a record the model refused tells of it, as far as it can be read (the JSON as parsed, or for
    a file that does not parse, as its text gives it: :func:`_fields_as_written`): its game (else its game
    directory's), the kinds it may be (its own, else those of the folder it is in: ``cards/``, ``abilities/``),
    its label and id. Such a record still exists: a reference to its id resolves, a text may quote its names, and
    a second record of its id is told; what a check needs of its content (a faction's side, the roles a mode lets
    join) is not known, so that check is passed over rather than guessed (its own file tells what is wrong)."""

    __slots__ = ("game", "kind", "kinds", "label", "id")

    def __init__(self, game: str, kinds: tuple[str, ...], label: str, record_id: str | None) -> None:
        self.game = game
        self.kinds = kinds
        self.kind = kinds[0] if len(kinds) == 1 else None  # (None: not known)
        self.label = label
        self.id = record_id


class RecordSummary:
    """What the checks across records read of a record of a kind that most files hold (a card, an agent, a
    role, …), kept in place of its model: game, kind, id, art, and the fields of :data:`SUMMARY_FIELDS`
    (each the model's value). A 100,000-file lint keeps these, not 100,000 models."""

    __slots__ = ("game", "kind", "id", "art")

    game: str
    kind: str
    id: str
    art: str | None


# The fields of each kind that the checks across records read (lint, art_lint, map_lint), beyond those of
# every summary; a kind not listed (a game, mode, map or format record: few per game) keeps its whole model.
SUMMARY_FIELDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("tactics", "card"): ("agent", "minion", "equipment", "token"),
    ("tactics", "agent"): ("subtypes", "attacks", "symbol", "private"),
    ("tactics", "unit"): ("type", "attack"),
    ("tactics", "attack"): ("attack",),
    ("tactics", "ability"): (),
    ("netrunner", "card"): ("type", "faction", "subtypes", "influence"),
    ("netrunner", "identity"): ("side", "faction", "subtypes", "base_link", "deck_rules"),
    ("netrunner", "faction"): ("side", "neutral"),
    ("crossfire", "role"): ("counts_as", "special"),
}

_SUMMARY_CLASSES: dict[tuple[str, str], tuple[type[RecordSummary], tuple[str, ...]]] = {}


def _summary_class(game: str, kind: str) -> tuple[type[RecordSummary], tuple[str, ...]] | None:
    """The summary class of a kind and its fields (beyond game, kind, id, art); None for a kind kept whole."""
    found = _SUMMARY_CLASSES.get((game, kind))
    if found is None:
        fields = SUMMARY_FIELDS.get((game, kind))
        if fields is None:
            return None
        cls = type(f"{game.title()}{kind.title()}Summary", (RecordSummary,), {"__slots__": fields})
        found = _SUMMARY_CLASSES[(game, kind)] = (cls, fields)
    return found


def summarize(record: RecordBase) -> Any:
    """A :class:`RecordSummary` of ``record``, or the record itself for a kind kept whole."""
    state = _summary_state(record)
    if state is None:
        return record
    found = _summary_class(state[0], state[1])
    assert found is not None
    return _summary(found, state)


def _summary_state(record: RecordBase) -> tuple[Any, ...] | None:
    """What :func:`_summary` makes a summary of ``record`` from (game, kind, id, art and the kind's fields: what
    a worker sends, a class made at run time does not pickle); None for a kind kept whole."""
    values = record.__dict__  # a model's field values (a field a model does not have reads as None)
    game, kind = values["game"], values["kind"]
    found = _summary_class(game, kind)
    if found is None:
        return None
    return (game, kind, values["id"], values.get("art"), *[values.get(name) for name in found[1]])


def _summary(found: tuple[type[RecordSummary], tuple[str, ...]], state: tuple[Any, ...]) -> RecordSummary:
    cls = found[0]
    make = _MAKERS.get(cls)
    if make is None:
        make = _MAKERS[cls] = _maker(cls, found[1])
    return make(state)


def _maker(cls: type[RecordSummary], fields: tuple[str, ...]) -> Callable[[tuple[Any, ...]], RecordSummary]:
    """A function making a summary of ``cls`` from its state (:func:`_summary_state`), its slots filled by one
    assignment of the state's values (ValueError for a state of another length): a fifth of the time of setting
    each in a loop, for each of the half of 100,000 files a worker checked."""
    targets = ", ".join(f"summary.{name}" for name in ("game", "kind", "id", "art", *fields))
    source = f"def make(state):\n    summary = new(cls)\n    {targets}, = state\n    return summary\n"
    namespace: dict[str, Any] = {"new": cls.__new__, "cls": cls}
    exec(source, namespace)  # noqa: S102 - the names are those of SUMMARY_FIELDS, not data
    make: Callable[[tuple[Any, ...]], RecordSummary] = namespace["make"]
    return make


_MAKERS: dict[type, Callable[[tuple[Any, ...]], RecordSummary]] = {}  # a summary class -> its maker (_maker)


class LintedRecord(Protocol):
    """A target's record in :attr:`LintResult.records`: its model, or for the kinds most files hold a
    :class:`RecordSummary`. Either has the record's ``game``, ``kind`` and ``id`` (a model declares its game
    and kind in its own class, so only ``id`` is declared here)."""

    @property
    def id(self) -> str: ...


@dataclass
class LintResult:
    findings: list[Finding]
    records: list[tuple[Path, LintedRecord]]
    files: int
    io_errors: int
    pooled: int = 0  # records of the card pool read around files in no game directory (lint_files)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity == "warning")


# --------------------------------------------------------------------------
# per file


MAX_DIGITS = 18  # digits of an integer in a record: every one fits a 64-bit database column (2**63 has 19)

_SCHEMA_VALIDATORS: dict[tuple[str, str, str | None], Any] = {}


def _schema_validator(game: str, kind: str, branch: str | None) -> Any:
    key = (game, kind, branch)
    validator = _SCHEMA_VALIDATORS.get(key)
    if validator is None:
        model = TYPE_BRANCHES[(game, kind)][branch] if branch else KINDS[(game, kind)]
        import jsonschema  # (here: only a file the model refuses needs it, and it takes 0.1 s to import)
        from pydantic import TypeAdapter

        schema = TypeAdapter(model).json_schema()
        validator = jsonschema.Draft202012Validator(schema)
        _SCHEMA_VALIDATORS[key] = validator
    return validator


SCHEMA_LIST_BOUND = 4096
"""Lists longer than this are cut to one past it before the JSON Schema reads them (never for the models). The
schemas' own limits are far below (64 map rows, 64 abilities; the real NetrunnerDB data's longest list is 106), so
the finding is the same ("too long"), without validating a million rows one by one."""


def _lists_bounded(value: Any, bound: int = SCHEMA_LIST_BOUND) -> Any:
    """``value`` with every list longer than ``bound`` cut to ``bound + 1`` items (copied only where cut)."""
    if isinstance(value, list):
        items = value[: bound + 1] if len(value) > bound + 1 else value
        cut = [_lists_bounded(v, bound) for v in items] if any(isinstance(v, (list, dict)) for v in items) else items
        return cut if cut is not items or items is not value else value
    if isinstance(value, dict):
        out = None
        for key, item in value.items():
            if isinstance(item, (list, dict)):
                bounded = _lists_bounded(item, bound)
                if bounded is not item:
                    out = dict(value) if out is None else out
                    out[key] = bounded
        return value if out is None else out
    return value


def _text_lists_bounded(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with each ability-text list cut to one past the models' limit (:data:`MAX_ABILITIES`): the schema
    says the list is too long, not that each of thousands of its items is wrong."""
    from toolkit.models import TEXT_FIELDS
    from toolkit.models.common import MAX_ABILITIES

    out = data
    for path in TEXT_FIELDS:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, list) and len(node) > MAX_ABILITIES + 1:
            out = dict(out) if out is data else out
            if len(path) == 1:
                out[path[0]] = node[: MAX_ABILITIES + 1]
            elif isinstance(out.get(path[0]), dict):
                out[path[0]] = {**out[path[0]], path[1]: node[: MAX_ABILITIES + 1]}
    return out


def _schema_findings(entry: Entry, game: str, kind: str) -> bool:
    """Report jsonschema errors for a rejected record; False if the schema had none."""
    data = entry.data
    branch = None
    branches = TYPE_BRANCHES.get((game, kind))
    if branches is not None:
        branch = data.get("type")
        if not isinstance(branch, str) or branch not in branches:  # ("type": [1] is no branch, not a crash)
            message = tr(
                "{label}: {problem}; expected one of {choices}",
                label=record_label(game, kind),
                problem=_field_said(data, "type"),
                choices=listing(sorted(branches)),
            )
            entry.add("card.schema", message + did_you_mean(branch, branches), "/type")
            return True
    validator = _schema_validator(game, kind, branch)
    reported = False
    missing: set[tuple[str, Any]] = set()  # (the object's pointer, a required field it lacks) already reported
    errors = validator.iter_errors(_text_lists_bounded(_lists_bounded(data)))
    leaves = sorted(_leaf_errors(errors), key=lambda e: list(map(str, e.absolute_path)))
    meant = _fields_meant(leaves)  # each unknown field's "did you mean", and the missing fields they stand for
    for error in leaves:
        path = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            for extra, near in meant.get(id(error), ()):
                message = tr("{label}: unknown field {field}", label=_label(data), field=repr(extra))
                entry.add("card.schema", message + near, pointer(*path, extra))
                reported = True
            continue
        where = pointer(*path)
        if _empty_text(error, path):  # the ability text check tells it, at the text ("the ability text is empty")
            reported = True
            continue
        if error.validator == "required_sets":  # (a _Problem: the fields of one of the sets are missing)
            sets = [listing(pointer(*path, name) for name in names) for names in error.validator_value]
            message = tr(
                "{label}: missing required fields, one of the sets {choices}",
                label=_label(data),
                choices=either(sets, quote=False),
            )
            entry.add("card.schema", message, where)
        elif (
            error.validator == "required"
            and isinstance(error.validator_value, list)
            and isinstance(error.instance, dict)
        ):
            # (jsonschema gives one "required" error per missing field, each with the whole list: each field once)
            for name in error.validator_value:
                if (where, name) in meant.get(None, ()):  # (an unknown field beside it is told as meant for it)
                    reported = True
                    continue
                if name not in error.instance and (where, name) not in missing:
                    missing.add((where, name))
                    message = tr(
                        "{label}: missing required field {field}", label=_label(data), field=repr(pointer(*path, name))
                    )
                    entry.add("card.schema", message, where)
        else:
            near = ""
            if error.validator == "enum" and isinstance(error.validator_value, list):
                choices = [v for v in error.validator_value if isinstance(v, str)]
                near = did_you_mean(error.instance, choices, as_json=True)  # (quoted as the values listed)
            message = tr("{label}: {pointer}: {problem}", label=_label(data), pointer=where or "/", problem=schema_message(error))
            entry.add("card.schema", message + near, where)
        reported = True
    return reported


def _fields_meant(errors: list[Any]) -> dict[Any, Any]:
    """For each ``additionalProperties`` error of ``errors`` (by its ``id``): the unknown fields of its object that
    no ``patternProperties`` of the schema takes (a language tag, say), each with its "did you mean" (a field of
    the schema the object lacks, :func:`_field_meant`); and under ``None`` the (pointer of the object, field) of
    each such field meant that is required: one finding tells both (the field is misspelled, not missing)."""
    found: dict[Any, Any] = {}
    standing_for: set[tuple[str, str]] = set()
    for error in errors:
        if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
            continue
        schema = error.schema if isinstance(error.schema, dict) else {}
        allowed = set(schema.get("properties", {}))
        patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
        required = set(schema.get("required", ()))
        where = pointer(*error.absolute_path)
        absent = sorted(name for name in allowed if name not in error.instance)
        told = []
        for extra in sorted(set(error.instance) - allowed, key=str):
            if any(pattern.search(str(extra)) for pattern in patterns):
                continue  # a language tag, say: the schema's patternProperties take it
            field, near = _field_meant(extra, absent, patterns)
            if field is not None and field in required:
                standing_for.add((where, field))
            told.append((extra, near))
        found[id(error)] = told
    found[None] = standing_for
    return found


def _field_meant(extra: Any, absent: list[str], patterns: list[re.Pattern[str]]) -> tuple[str | None, str]:
    """The field an unknown field ``extra`` of an object is likely meant as, and the "did you mean" that says it:
    one of the schema's fields the object lacks (``absent``) written in another case (a language tag's case counts:
    ``zh-hans``), a language tag the schema's ``patterns`` take once written in its case (``JA``: ``ja``), else
    the nearest of ``absent`` (difflib); (None, "") for none."""
    if not isinstance(extra, str):
        return None, ""
    tags = bool(patterns)  # (an object of names in each language: its fields are language tags)
    folded = extra.casefold()
    same = next((name for name in absent if name.casefold() == folded), None)
    if same is None and tags:
        cased = _tag_cased(extra)
        same = cased if cased != extra and any(pattern.search(cased) for pattern in patterns) else None
    if same is not None:
        if tags:
            return same, tr("; did you mean {field}? (a language tag's case counts)", field=repr(same))
        return same, tr("; did you mean {field}? (a field's case counts)", field=repr(same))
    near = close_matches(extra, absent)
    return (near[0] if len(near) == 1 else None), meant(near)


def _tag_cased(tag: str) -> str:
    """A language tag written in its case (BCP 47: ``zh-Hans``, ``pt-BR``): the language in lower case, a script
    (four letters) capitalized, a region (two letters) in upper case."""
    parts = tag.split("-")
    cased = [parts[0].lower()]
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            cased.append(part.capitalize())
        elif len(part) == 2 and part.isalpha():
            cased.append(part.upper())
        else:
            cased.append(part)
    return "-".join(cased)


def _empty_text(error: Any, path: list[Any]) -> bool:
    """Whether ``error`` says an ability text (one the text checks read: :data:`toolkit.models.TEXT_FIELDS`, within
    the models' limit) is empty, which ``card.text.parse`` tells too ("the ability text is empty"): told once."""
    from toolkit.models import TEXT_FIELDS
    from toolkit.models.common import MAX_ABILITIES

    if error.validator != "minLength" or error.instance != "" or not path or not isinstance(path[-1], int):
        return False
    return tuple(path[:-1]) in TEXT_FIELDS and 0 <= path[-1] < MAX_ABILITIES


def _leaf_errors(errors: Iterable[Any]) -> Iterator[Any]:
    """jsonschema errors, each ``anyOf``/``oneOf`` ("not valid under any of the given schemas") replaced by what
    its branches say (:func:`_branch_errors`), so a bad enum inside an optional object lists the allowed values."""
    for error in errors:
        if error.validator in ("anyOf", "oneOf") and error.context:
            yield from _branch_errors(error)
        else:
            yield error


class _Problem:
    """A schema problem lint words itself, made of the branches of an ``anyOf``/``oneOf`` that fail at one place:
    what :func:`_schema_findings` and :func:`schema_message` read of a jsonschema error. ``validator``: ``enum``,
    ``type`` or ``required`` (worded as jsonschema's), ``required_sets`` (one of the sets of fields
    ``validator_value`` is missing) or ``choices`` (``said``: what each branch says)."""

    __slots__ = ("validator", "validator_value", "instance", "absolute_path", "schema", "message", "said")

    def __init__(self, validator: str, expected: Any, instance: Any, path: list[Any], said: str = "") -> None:
        self.validator, self.validator_value, self.instance = validator, expected, instance
        self.absolute_path, self.said = path, said
        self.schema: dict[str, Any] = {}
        self.message = said or f"{_shown(instance)} is not valid under any of the given schemas"


def _branch_errors(error: Any) -> Iterator[Any]:
    """What the failing branches of the ``anyOf``/``oneOf`` ``error`` say, one problem a place (each branch says
    its own, often the same, so told as they come they repeat): a branch that only says "is not of type 'null'"
    (the ``None`` of an optional field) is dropped; the branch the record means, when one is clearly meant (its
    discriminator names it, or every other is ruled out by a fixed value or a type at the place), says its own
    errors; else one problem tells what the branches expected (:func:`_merged`)."""
    branches: dict[Any, list[Any]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else None, []).append(sub)
    useful = {
        i: branch
        for i, branch in branches.items()
        if not all(e.validator == "type" and e.validator_value == "null" for e in branch)
    }
    if not useful:
        yield error
        return
    meant = _discriminated(error, useful)
    if meant is not None:
        yield from meant
        return
    said = [list(_leaf_errors(branch)) for branch in useful.values()]
    if len(said) == 1:
        yield from said[0]
        return
    depth = len(error.absolute_path)
    fitting = [branch for branch in said if not any(_rules_out(e, depth) for e in branch)]
    if len(fitting) == 1:
        yield from fitting[0]
        return
    yield _merged(error, fitting or said)


def _discriminated(error: Any, branches: dict[Any, list[Any]]) -> list[Any] | None:
    """For a ``oneOf`` with a discriminator (pydantic's: a field whose value picks the branch) and an object: the
    errors of the branch its value names, or one problem of a value that names none (or of no value); None
    otherwise."""
    schema, instance = error.schema, error.instance
    found = schema.get("discriminator") if isinstance(schema, dict) else None
    if not isinstance(found, dict) or not isinstance(instance, dict):
        return None
    name, mapping = found.get("propertyName"), found.get("mapping")
    if not isinstance(name, str) or not isinstance(mapping, dict) or not mapping:
        return None
    path = list(error.absolute_path)
    if name not in instance:
        return [_Problem("required", [name], instance, path)]
    value = instance[name]
    ref = mapping.get(value) if isinstance(value, str) else None
    if ref is None:
        return [_Problem("enum", sorted(map(str, mapping)), value, [*path, name])]
    options = schema.get(error.validator)
    meant = [i for i, option in enumerate(options or ()) if isinstance(option, dict) and option.get("$ref") == ref]
    if len(meant) != 1 or meant[0] not in branches:
        return None
    return list(_leaf_errors(branches[meant[0]]))


def _rules_out(error: Any, depth: int) -> bool:
    """Whether ``error`` of a branch at ``depth`` (of the ``anyOf`` it is in) says the branch is not the one meant:
    a fixed value (``const``, ``enum``) of the value or of one of its fields differs, or the value's type."""
    if error.validator in ("const", "enum"):
        return len(error.absolute_path) <= depth + 1
    return error.validator == "type" and len(error.absolute_path) == depth


def _merged(error: Any, branches: list[list[Any]]) -> _Problem:
    """One problem for the ``anyOf``/``oneOf`` ``error`` whose ``branches`` (their errors) all fail, no one
    clearly meant: the values allowed, when each branch wants a fixed value at one same place; the types, when each
    wants another type of the value; the sets of fields, when each only misses fields; else what each says."""
    path = list(error.absolute_path)
    fixed = [{tuple(e.absolute_path): e for e in branch if e.validator in ("const", "enum")} for branch in branches]
    common = set(fixed[0]).intersection(*fixed[1:])
    if common:
        where = min(common, key=lambda p: (len(p), list(map(str, p))))
        values: list[Any] = []
        for found in fixed:
            e = found[where]
            for value in [e.validator_value] if e.validator == "const" else e.validator_value:
                if value not in values:
                    values.append(value)
        return _Problem("enum", values, fixed[0][where].instance, list(where))
    if all(any(e.validator == "type" and list(e.absolute_path) == path for e in branch) for branch in branches):
        types: list[Any] = []
        for branch in branches:
            for e in branch:
                if e.validator == "type" and list(e.absolute_path) == path:
                    for name in e.validator_value if isinstance(e.validator_value, list) else [e.validator_value]:
                        if name not in types:
                            types.append(name)
        return _Problem("type", types, error.instance, path)
    if isinstance(error.instance, dict) and all(
        all(e.validator == "required" and list(e.absolute_path) == path for e in branch) for branch in branches
    ):
        sets = [list(dict.fromkeys(name for e in branch for name in _missing_fields(e))) for branch in branches]
        return _Problem("required_sets", sets, error.instance, path)
    reasons = [tr("; ").join(dict.fromkeys(reason for e in branch for reason in _reasons(e))) for branch in branches]
    said = tr(
        "{value} is not valid under any of the given schemas: {reasons}",
        value=_shown(error.instance),
        reasons=either(reasons, quote=False),
    )
    return _Problem("choices", None, error.instance, path, _cut(said))


def _missing_fields(error: Any) -> list[Any]:
    """The fields a ``required`` error's object lacks (jsonschema gives one error per field, each with the list)."""
    if isinstance(error.validator_value, list) and isinstance(error.instance, dict):
        return [name for name in error.validator_value if name not in error.instance]
    return []


def _reasons(error: Any) -> list[str]:
    """What a branch's error says, in a list of what each branch says."""
    if error.validator == "required":
        missing = _missing_fields(error)
        return [tr("missing required field {field}", field=repr(pointer(*error.absolute_path, n))) for n in missing]
    if error.validator == "required_sets":  # (a _Problem of a branch: one of the sets of fields)
        sets = [listing(pointer(*error.absolute_path, n) for n in names) for names in error.validator_value]
        return [tr("missing required field {field}", field=either(sets, quote=False))]
    return [tr("{where}: {problem}", where=pointer(*error.absolute_path) or "/", problem=schema_message(error))]


def _short_message(error: Any) -> str:
    """jsonschema's message, with a long quoted value cut short (a finding stays one readable line)."""
    message: str = error.message
    shown = repr(error.instance)
    if shown in message:  # (jsonschema says the value as Python does: said as JSON, as the other messages say it)
        message = message.replace(shown, _shown(error.instance))
    return _cut(message)


def _cut(message: str) -> str:
    return message if len(message) <= 1000 else message[:1000] + "…"


def _json(value: Any) -> str:
    """``value`` (read from a record's JSON, or a schema's) as JSON writes it: ``true``, ``null``, ``"text"``, ``[1,
    2]``; each character no terminal should be sent as it is escaped as JSON does (:func:`escape_unprintable`)."""
    try:
        shown = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # (no JSON value: said as Python does)
        return escape_unprintable(repr(value))
    return escape_unprintable(shown, json=True)


def _shown(value: Any) -> str:
    """A value as a schema message shows it: as JSON writes it (:func:`_json`: ``true``, ``"yes"``, not Python's
    ``True``, ``'yes'``), a long one cut short."""
    shown = _json(value)
    return shown if len(shown) <= 80 else shown[:60] + "…"


# The JSON types a schema names, as a message says them (English: as jsonschema does, quoted)
JSON_TYPES: dict[str, tuple[str, str]] = {
    "string": Nc_("JSON type", "'string'"),
    "integer": Nc_("JSON type", "'integer'"),
    "number": Nc_("JSON type", "'number'"),
    "boolean": Nc_("JSON type", "'boolean'"),
    "object": Nc_("JSON type", "'object'"),
    "array": Nc_("JSON type", "'array'"),
    "null": Nc_("JSON type", "'null'"),
}


def _json_type(name: Any) -> str:
    entry = JSON_TYPES.get(name) if isinstance(name, str) else None
    return tc(current_lang(), *entry) if entry is not None else repr(name)


# The vocabulary (toolkit.i18n.words) whose words name the codes a field of a record holds
_FIELD_WORDS = {"category": "type", "type": "type", "side": "side", "team": "team", "facing": "facing", "users": "type"}
# The words of a field's codes no vocabulary of toolkit.i18n.words has (the glossary's: 个人牌库, 近战, 随身)
_VALUE_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "back": {"personal": Nc_("card back", "personal deck"), "shop": Nc_("card back", "matrix shop")},
    "style": {"melee": Nc_("attack style", "melee"), "ranged": Nc_("attack style", "ranged")},
    "size": {
        "carried": Nc_("equipment size", "carried"),
        "normal": Nc_("equipment size", "normal"),
        "heavy": Nc_("equipment size", "heavy"),
    },
}


def _choices(expected: list[Any], field: Any = None) -> str:
    """The values a schema allows, as a message lists them: each as JSON writes it (:func:`_json`: ``"skill"``), in
    the language's list (English: ``["equipment", "skill"]``; Chinese: ``"equipment"（装备）、"skill"（技能）``), each code of the ``field``'s vocabulary with its word in a language other than English's
    (where the word is the code)."""
    lang = current_lang()
    kind = _FIELD_WORDS.get(field) if isinstance(field, str) and lang != "en" else None
    own = _VALUE_WORDS.get(field, {}) if isinstance(field, str) and lang != "en" else {}
    shown = []
    for value in expected:
        said = _json(value)
        if isinstance(value, str) and value in own:
            named = tc(lang, *own[value])
        else:
            named = word(kind, value, lang) if kind is not None and isinstance(value, str) else value
        if isinstance(value, str) and named.casefold() != value.casefold():
            said = tc(lang, "allowed value", "{value} ({word})", value=said, word=named)
        shown.append(said)
    # TRANSLATORS: the values a field allows, listed ({values}: each quoted, with ", " between); Chinese: no brackets
    return tc(lang, "allowed values", "[{values}]", values=tr(", ").join(shown))


def schema_message(error: Any) -> str:
    """What a jsonschema error says, in the current language: the common kinds (type, enum, const, pattern,
    bounds, lengths, sizes, unique items, oneOf/anyOf) worded through the catalogs with their values (in
    English as jsonschema words them, or close); a rare kind in jsonschema's own (English) words."""
    if isinstance(error, _Problem) and error.said:
        return error.said
    kind, expected, value = error.validator, error.validator_value, error.instance
    shown = _shown(value)
    if kind == "type":
        types = expected if isinstance(expected, list) else [expected]
        return tr("{value} is not of type {types}", value=shown, types=either(map(_json_type, types), quote=False))
    if kind == "enum" and isinstance(expected, list):
        path = getattr(error, "absolute_path", None) or ()
        # (an item of a list is named by its list's field: /equipment/users/0 by users)
        field = next((part for part in reversed(path) if isinstance(part, str)), None)
        # (t_beside: no space between a choice's closing （word） and the Chinese after it)
        choices = _choices(expected, field)
        said = t_beside(current_lang(), "{value} is not one of {choices}", value=shown, choices=choices)
        return _cut(said)
    if kind == "const":
        return tr("{value} was expected", value=_shown(expected))
    if kind == "pattern":
        return tr("{value} does not match {pattern}", value=shown, pattern=_json(expected))
    if kind in _BOUNDS:
        return tr(_BOUNDS[kind], value=shown, limit=_json(expected))
    sized = _sized(kind, expected, shown)
    if sized is not None:
        return sized
    if kind == "uniqueItems":
        # (the value listed again, as the models name it: a long list is cut short in {value})
        items = value if isinstance(value, list) else []
        again = next((item for n, item in enumerate(items) if item in items[:n]), None)
        if again is not None:
            return tr("{value} is listed more than once", value=_shown(again))
        return tr("{value} has non-unique elements", value=shown)
    if kind == "multipleOf":
        return tr("{value} is not a multiple of {n}", value=shown, n=_json(expected))
    if kind in ("anyOf", "oneOf"):
        if "valid under each of" in error.message:
            return tr("{value} is valid under more than one of the given schemas", value=shown)
        return tr("{value} is not valid under any of the given schemas", value=shown)
    return _short_message(error)


_BOUNDS: dict[str, str] = {
    "minimum": N_("{value} is less than the minimum of {limit}"),
    "maximum": N_("{value} is greater than the maximum of {limit}"),
    "exclusiveMinimum": N_("{value} is less than or equal to the minimum of {limit}"),
    "exclusiveMaximum": N_("{value} is greater than or equal to the maximum of {limit}"),
}


def _sized(kind: str, limit: Any, value: str) -> str | None:
    """The message of a length or size bound (minLength, maxItems, …), or None for another kind."""
    if not isinstance(limit, int) or kind not in _SIZES:
        return None
    if kind.startswith("min") and limit == 1:
        return tr("{value} should be non-empty", value=value)
    if kind.startswith("max") and limit == 0:
        return tr("{value} is expected to be empty", value=value)
    if kind == "minLength":
        return trn(
            "{value} is too short (at least {n} character)", "{value} is too short (at least {n} characters)", limit,
            value=value,
        )  # fmt: skip
    if kind == "maxLength":
        return trn(
            "{value} is too long (at most {n} character)", "{value} is too long (at most {n} characters)", limit,
            value=value,
        )  # fmt: skip
    if kind == "minItems":
        return trn(
            "{value} is too short (at least {n} item)", "{value} is too short (at least {n} items)", limit, value=value
        )
    if kind == "maxItems":
        return trn(
            "{value} is too long (at most {n} item)", "{value} is too long (at most {n} items)", limit, value=value
        )
    if kind == "minProperties":
        return tr("{value} does not have enough fields (at least {n})", value=value, n=limit)
    return tr("{value} has too many fields (at most {n})", value=value, n=limit)


_SIZES = frozenset({"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"})


def _label(data: dict[str, Any]) -> str:
    """``tactics agent 'x'`` for the parts a (possibly invalid) record has; ``this record`` if none."""
    return record_label(data.get("game"), data.get("kind"), data.get("id"))


def _field_said(data: dict[str, Any], field: str) -> str:
    """``no 'type'`` or ``'type' is 'x'``: what a record says of a field that selects its schema."""
    if field not in data:
        return tr("no {field}", field=repr(field))
    return tr("{field} is {value}", field=repr(field), value=_shown(data[field]))


class _Disk:
    """What one lint run asks of the file system, each answer computed once: many records share a
    directory and a ``$schema`` target (a new run asks again: files and the working directory change);
    and the verdicts on the ability texts, some reached by worker processes."""

    def __init__(self, verdicts: TextVerdicts | None = None) -> None:
        self.is_file = functools.lru_cache(maxsize=None)(os.path.isfile)
        self.directory = functools.lru_cache(maxsize=None)(_directory)
        self.verdicts = verdicts or TextVerdicts()
        self._resolves: dict[tuple[str, str], bool] = {}
        self._elsewhere: dict[tuple[str, str], str | None] = {}

    def resolves(self, folder: str, ref: str) -> bool:
        """Whether the ``$schema`` ``ref`` names a file, seen from the directory ``folder`` (absolute)."""
        key = (folder, ref)
        found = self._resolves.get(key)
        if found is None:
            found = self._resolves[key] = self.is_file(os.path.join(folder, ref))
        return found

    def elsewhere(self, directory: str, game: str) -> tuple[str, str | None]:
        """The absolute path of a record's ``directory`` and the directory of another game it is in, if it is
        in one and not in ``game``'s (the last such)."""
        key = (directory, game)
        folder, parts = self.directory(directory)
        if key not in self._elsewhere:
            other = [g for g in GAMES if g in parts and g != game]
            self._elsewhere[key] = other[-1] if other and game not in parts else None
        return folder, self._elsewhere[key]


def _resolves(entry: Entry, disk: _Disk, folder: str, ref: str) -> bool:
    """:meth:`_Disk.resolves`, the question and its answer kept on ``entry`` (:attr:`Entry.schema_ref`)."""
    found = disk.resolves(folder, ref)
    entry.schema_ref = (ref, found)  # (the folder is the file's own)
    return found


def _directory(directory: str) -> tuple[str, tuple[str, ...]]:
    """The absolute path of a record's directory and its parts."""
    absolute = os.path.abspath(directory)
    return absolute, Path(absolute).parts


def _not_a_record_said(what: str, path: str) -> str:
    """Lint's warning on a file that is no record (:func:`not_a_record`): what it is, the command that checks it."""
    quoted = shlex.quote(path)
    if what == "schema":
        return tr("a JSON Schema, not a record: lint checks records against the schemas, not the schemas themselves")
    if what == "deck":
        command = f"`dossier deck validate {quoted}`"
        return tr("a deck, not a record: lint does not check it; {command} does", command=command)
    if what == "scenario":
        return tr(
            "a scenario, not a record: lint does not check it; {command} plays it and checks what it expects",
            command=f"`dossier scenario run {quoted}`",
        )
    if what == "template":
        return tr(
            "a print template, not a record: lint does not check it; {command} checks the templates of a folder",
            command="`dossier print --check --template FOLDER`",
        )
    if what == "report":
        return tr(
            "a balance report, not a record: lint does not check it; {command} compares it with another run",
            command=f"`dossier balance compare {quoted} OTHER`",
        )
    if what in ("tactics_game", "netrunner_game"):
        return tr(
            "{what}, not a record: lint does not check it; {command} goes on with it",
            what=tr(NOT_RECORDS[what]),
            command=go_on_command(what.partition("_")[0], path),  # (as play's stop line)
        )
    return tr(
        "a crossfire table, not a record: lint does not check it; {command} checks and resolves it",
        command=f"`dossier crossfire resolve {quoted}`",
    )


def _check_file(entry: Entry, disk: _Disk) -> None:
    source = entry.source
    text = source.text
    if text is None:
        if source.io_error:
            entry.add("card.io", tr("cannot read file: {reason}", reason=source.error))
        else:
            entry.add("card.encoding", tr("cannot decode file: {reason}", reason=source.error))
        return
    try:
        data, entry.canonical = _loads(text)
    except JsonSyntaxError as exc:
        if entry.target:
            entry.findings.append(
                Finding(
                    "card.json",
                    tr("invalid JSON: {reason}", reason=exc.message),
                    "error",
                    str(source.path),
                    None,
                    exc.line,
                    exc.column,
                )
            )
        fields = _fields_as_written(text)
        if isinstance(fields.get("kind"), str):  # (a record, as far as its text says: not some other JSON file)
            _keep_refused(entry, fields, disk)
        return
    entry.data = data
    if not isinstance(data, dict):
        entry.add("card.schema", tr("a record is a JSON object, not {what}", what=json_kind(data)))
        return
    other = not_a_record(data)
    if other is not None:
        where = "/$schema" if "$schema" in data else ""
        entry.add("card.not_record", _not_a_record_said(other, str(source.path)), where, severity="warning")
        return
    game, kind = data.get("game"), data.get("kind")
    if game not in GAMES:
        said = tr("{problem}; expected one of {choices}", problem=_field_said(data, "game"), choices=listing(GAMES))
        entry.add("card.schema", said + did_you_mean(game, GAMES), "/game")
        _check_raw(entry, data, disk)
        _keep_refused(entry, data, disk)
        return
    if not isinstance(kind, str) or (game, kind) not in KINDS:
        kinds = sorted(k for g, k in KINDS if g == game)
        said = tr(
            "{problem}; a {game} record is one of {choices}",
            problem=_field_said(data, "kind"),
            game=game_word(game),
            choices=listing(kinds),
        )
        entry.add("card.schema", said + did_you_mean(kind, kinds), "/kind")
        _check_raw(entry, data, disk)
        _keep_refused(entry, data, disk)
        return
    check_name_text(entry, data)  # a blank name, one with a control character or stray spaces (validators/wording.py)
    try:
        entry.record = _validator(game, kind)(data)
    except ValidationError as exc:
        rows_reported = kind == "map" and check_map_rows(entry)  # located to the cell, beyond the model's message
        if not _schema_findings(entry, game, kind):
            for err in exc.errors():
                if rows_reported and err["loc"][:1] == ("rows",):
                    continue
                where = loc_pointer(data, err["loc"])
                if err["type"] in _TYPE_ERRORS:  # (a whole number written 1.0: the one the schema takes)
                    message = tr("{label}: {pointer}: {problem}", label=_label(data), pointer=where or "/",
                                 problem=_type_said(err, text, where))  # fmt: skip
                    entry.add("card.model", message, where)
                    continue
                entry.add("card.model", tr("{label}: {problem}", label=_label(data), problem=model_message(err)), where)
        # the rest of the file's problems now, not one round of fixes later: the references its data makes are
        # checked with the records of its game (those the findings so far say nothing of)
        if entry.target:
            entry.refs = _raw_references(data, game, kind, {f.pointer for f in entry._findings or ()})
        _check_raw(entry, data, disk, kind_schema=schema_path(game, kind))
        _keep_refused(entry, data, disk)
        return
    _check_identity(entry, disk)
    if not entry.canonical or source.bom:
        _check_format(entry, data)


def _keep_refused(entry: Entry, data: dict[str, Any], disk: _Disk) -> None:
    """What a refused record's data (or, for a file that does not parse, its text) tells of it (:class:`Refused`):
    its game (else the game directory it is in; none: nothing is kept), the kinds it may be, its label and id, and
    its names (each a non-empty string, its language tag in any case, else left out) for the checks across records:
    a duplicate name or id is told, and a reference to it resolves, in the same run as the file's other problems."""
    path = entry.source.path
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        parts = disk.directory(os.path.dirname(path))[1]
        game = next((part for part in reversed(parts) if part in GAMES), None)
        if game is None:
            return
    kind = data.get("kind")
    if isinstance(kind, str) and (game, kind) in KINDS:
        kinds: tuple[str, ...] = (kind,)
    else:  # the kinds whose records the folder it is in holds
        folder = "." if path.name == "game.json" else path.parent.name
        kinds = tuple(k for g, k in KINDS if g == game and KIND_DIRS.get(k) == folder)
    record_id = data.get("id")
    entry.rejected = Refused(game, kinds, _label(data), record_id if isinstance(record_id, str) and record_id else None)
    name = data.get("name")
    if not isinstance(name, dict):
        return
    zh, en = _tagged(name, "zh-Hans"), _tagged(name, "en")
    entry.names = (zh if isinstance(zh, str) and zh else "", en if isinstance(en, str) and en else None)
    entry.private = data.get("private") is True


def _tagged(names: dict[Any, Any], tag: str) -> Any:
    """The value of ``names`` under the language tag ``tag``, else under it written in another case (``zh-hans``:
    the schema's finding tells it; the name is still the record's)."""
    if tag in names:
        return names[tag]
    folded = tag.casefold()
    return next((value for key, value in names.items() if isinstance(key, str) and key.casefold() == folded), None)


# A token of JSON text, as far as a text that does not parse has them: a string (one left open ends with its line),
# a bracket, a colon, a comma, or a literal (a number, true, false, null, or whatever else is there)
_RAW_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[{}\[\]:,]|[^\s{}\[\]:,"]+')
_RAW_LITERALS = {"true": True, "false": False, "null": None}


def _fields_as_written(text: str) -> dict[str, Any]:
    """What a record's text gives of its fields where its JSON does not parse (a trailing comma, a missing quote):
    the strings and literals of the object the text opens with and those of its ``name`` object, each the first
    written, read token by token past what is wrong (a key is a string a colon follows). Enough to tell which
    record it is (:func:`_keep_refused`); never a check of the record's content."""
    top: dict[str, Any] = {}
    names: dict[str, Any] = {}
    stack: list[dict[str, Any] | None] = []  # each open object or list: the fields read into (None: not read)
    key: str | None = None
    tokens = _RAW_TOKEN.findall(text)
    for i, token in enumerate(tokens):
        if token == "{":
            if not stack:
                stack.append(top if not top else None)  # (only the first object: the record)
            else:
                stack.append(names if stack[-1] is top and key == "name" else None)
            key = None
        elif token == "[":
            stack.append(None)
            key = None
        elif token in ("}", "]"):
            if stack:
                stack.pop()
            key = None
        elif token == ",":
            key = None
        elif token != ":":
            value: Any = token
            if token.startswith('"'):
                try:
                    value = json.loads(token)
                except ValueError:
                    value = None  # (a string left open)
            else:
                value = _RAW_LITERALS.get(token, token)
            if token.startswith('"') and i + 1 < len(tokens) and tokens[i + 1] == ":":
                key = value if isinstance(value, str) else None
            elif key is not None and stack and stack[-1] is not None:
                stack[-1].setdefault(key, value)
                key = None
    if names:
        top.setdefault("name", names)
    return top


def _validator(game: str, kind: str) -> Callable[[Any], Any]:
    """The model validation of a kind's records: its :func:`~toolkit.models.kind_adapter`'s core validator, called
    without the adapter's own ``validate_python`` (a Python call that passes its defaults on: a fifth of the time
    of validating a card)."""
    found = _VALIDATORS.get((game, kind))
    if found is None:
        found = _VALIDATORS[(game, kind)] = kind_adapter(game, kind).validator.validate_python
    return found


_VALIDATORS: dict[tuple[str, str], Callable[[Any], Any]] = {}


class _TooLong(Exception):
    """An integer literal of more than MAX_DIGITS characters: :func:`_loads` leaves the text to the full reader."""


def _int(literal: str) -> int:
    if len(literal) > MAX_DIGITS:
        raise _TooLong
    return int(literal)


_DECODER = json.JSONDecoder(parse_int=_int)  # made once: json.loads with a hook makes a decoder a call
_TOO_DEEP = "\n" + "  " * JSON_MAX_DEPTH  # a value indented as deep as the limit, in canonical form


def _loads(text: str) -> tuple[Any, bool]:
    """:func:`toolkit.jsonio.loads_canonical` with lint's limits (the same value, the same errors): the common
    file, canonical without a float, read by :func:`~toolkit.jsonio.read_canonical`; one with a float by the C
    parser with no hook but on integers (no integer near the limit, no NaN or Infinity, nothing nested near the
    limit); any other text by loads_canonical itself."""
    found = read_canonical(text, max_digits=MAX_DIGITS)
    if found is not None:
        return found[0], True
    if "NaN" not in text and "Infinity" not in text and _TOO_DEEP not in text:
        try:
            data = _DECODER.decode(text)
        except (ValueError, RecursionError, _TooLong):
            pass
        else:
            if canonical_dumps(data) == text and is_text(text):
                return data, True
    return loads_canonical(text, max_digits=MAX_DIGITS, tried_canonical=True)


_TYPE_ERRORS = frozenset({"int_type", "bool_type", "string_type"})
"""The kinds of pydantic error that say a value has the wrong JSON type (the record models are strict,
:class:`toolkit.models.common.RecordModel`). The schema reports such a value itself, but for ``1.0`` where a whole
number goes, which JSON Schema's "integer" takes and the models do not: lint reports it (as the model's finding,
the published schema taking it) worded as the schema's findings are, with the field."""


def _type_said(error: Any, text: str = "", where: str = "") -> str:
    """What a type error of the record model says: a whole number written with a decimal point (``1.0``) or an
    exponent (``1e0``) as such, quoted as the file writes it (``text``, the value at the pointer ``where``), the
    rest as :func:`model_message` words them."""
    value = error.get("input")
    if error["type"] == "int_type" and isinstance(value, float) and value.is_integer() and abs(value) < 2**63:
        literal = _number_at(text, where) if text else None
        if literal is not None and ("e" in literal or "E" in literal):
            return tr(
                "{value} is written with an exponent; a whole number is written without one: {whole}",
                value=literal,
                whole=int(value),
            )
        return tr(
            "{value} has a decimal point; a whole number is written without one: {whole}",
            value=literal or repr(value),
            whole=int(value),
        )
    return model_message(error)


_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


def _number_at(text: str, where: str) -> str | None:
    """The number literal of the JSON document ``text`` at the pointer ``where`` as written (``1e0``, ``1.00``), or
    None where there is none (a finding is rare: the document is scanned for it)."""
    at = value_positions(text, [where]).get(where)
    if at is None:
        return None
    line, column = at
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
    i = start + column - 1
    if text[i : i + 1] == '"':  # an object member's key: its value follows the colon
        i += 1
        while i < len(text) and text[i] != '"':
            i += 2 if text[i] == "\\" else 1
        i = _past_blanks(text, i + 1)
        if text[i : i + 1] != ":":
            return None
        i = _past_blanks(text, i + 1)
    found = _NUMBER.match(text, i)
    return found.group() if found else None


def _past_blanks(text: str, at: int) -> int:
    while text[at : at + 1] in (" ", "\t", "\n", "\r"):
        at += 1
    return at


def model_message(error: Any) -> str:
    """What a pydantic error of the record model says (lint reports these only when the JSON Schema finds nothing
    wrong: the models' own checks), in the current language (:func:`toolkit.model_errors.model_error`: the models
    word their checks in it, pydantic's common kinds are worded through the catalogs)."""
    from toolkit.model_errors import model_error

    return model_error(error)


def _check_raw(
    entry: Entry, data: dict[str, Any], disk: _Disk, kind_schema: str | None = None
) -> None:
    """The checks that do not need a valid record, on a record the model rejected: id = file name,
    ``$schema``, the ability texts and the canonical form, so one run of lint lists all of a file's problems."""
    path = entry.source.path
    record_id = data.get("id")
    if isinstance(record_id, str) and data.get("kind") != "game" and path.stem != record_id:
        entry.add("card.id", _id_not_file_name(_label(data), path), "/id")
    ref = data.get("$schema")
    if "$schema" not in data:
        entry.add("card.schema_ref", _no_schema_ref(_label(data), kind_schema))
    elif isinstance(ref, str) and kind_schema is not None:
        _check_schema_ref(entry, ref, kind_schema, lambda: tr("this record"), disk)
    check_raw_ability_texts(entry, data, disk.verdicts)
    _check_format(entry, data)


def _id_not_file_name(label: str, path: Path) -> str:
    return tr("{label}: id does not match the file name {file}", label=label, file=repr(path.name))


def _no_schema_ref(label: str, expected: str | None) -> str:
    if expected is None:
        return tr("{label}: no {field}", label=label, field='"$schema"')
    return tr("{label}: no {field}; expected a path ending in {path}", label=label, field='"$schema"', path=repr(expected))


def _check_format(entry: Entry, data: Any) -> None:
    source = entry.source
    text = source.text
    assert text is not None
    if not entry.target or (entry.canonical and not source.bom):
        return
    canonical = canonical_dumps(data)
    if canonical == text and not source.bom:
        return
    line, message = _format_said(canonical, text, source.bom)
    entry.findings.append(Finding("card.format", message, "warning", str(source.path), None, line, 1))


# What a file's bytes may have that canonical form has not, beyond its layout (what `dossier fmt` writes anew)
_FORMAT_SLIPS: dict[str, str] = {
    "bom": N_("a byte order mark (BOM) before the text"),
    "crlf": N_("Windows (CRLF) line endings, not LF"),
    "cr": N_("old Mac (CR) line endings, not LF"),
    "mixed": N_("mixed line endings, not LF only"),
    "no_newline": N_("no final newline"),
    "blank_end": N_("blank lines at the end"),
}


def _format_said(canonical: str, text: str, bom: bool) -> tuple[int, str]:
    """Where the text of a record file (``bom``: a byte order mark before it) first leaves its ``canonical`` form
    (a line, counting line feeds, as the other findings do) and the warning: what differs when it is its line
    endings, its final newline or a byte order mark (the text is canonical otherwise), else the layout, with those
    too if any."""
    slips: list[str] = []
    if bom:
        slips.append("bom")
    lf = text.replace("\r\n", "\n") if "\r" in text else text  # (the same lines: a line feed ends each)
    tidy = lf
    if "\r" in text:
        if "\r" not in lf:
            slips.append("mixed" if lf.count("\n") > text.count("\r\n") else "crlf")
        else:
            slips.append("mixed" if "\n" in lf else "cr")
            tidy = lf.replace("\r", "\n")
    if not tidy.endswith("\n"):
        slips.append("no_newline")
        tidy += "\n"
    elif tidy.endswith("\n\n"):
        slips.append("blank_end")
        tidy = tidy.rstrip("\n") + "\n"
    said = tr("; ").join(tr(_FORMAT_SLIPS[slip]) for slip in slips)
    if tidy == canonical and slips:  # (only what the slips say: where the first of them is)
        line = 1 if bom else _first_difference(canonical, text)
        return line, tr("not in canonical form: {problems}; run `dossier fmt`", problems=said)
    # the layout differs: where it first does (a text whose line endings are all CR is one line)
    line = _first_difference(canonical, text if "\r" in lf else lf)
    if not slips:
        general = tr(
            "not in canonical form (sorted keys, 2-space indent, {encoding}, final newline); run `dossier fmt`",
            encoding="UTF-8",
        )
        return line, general
    message = tr(
        "not in canonical form (sorted keys, 2-space indent, {encoding}, final newline; the file also has "
        "{problems}); run `dossier fmt`",
        encoding="UTF-8",
        problems=said,
    )
    return (1 if bom else line), message


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with the line feed that ends it (a line feed ends a line, as the other findings
    count them: a CR alone does not)."""
    lines = text.split("\n")
    last = lines.pop()
    found = [line + "\n" for line in lines]
    if last:
        found.append(last)
    return found


def _first_difference(a: str, b: str) -> int:
    """The first line of ``b`` that differs from ``a``'s, its line ending included: a line of ``b`` past the end of
    ``a`` (blank lines at the end), never one past the end of ``b``."""
    left, right = _lines(a), _lines(b)
    for number, (one, other) in enumerate(zip(left, right, strict=False), start=1):
        if one != other:
            return number
    return max(1, min(len(left) + 1, len(right)))


def _check_agenda_influence(entry: Entry, faction: Entry | None) -> None:
    """A faction's agenda with an influence cost (a warning): no deck takes an agenda of another faction (RULINGS
    N2), so its influence is never paid, yet it would print as pips and count in a deck's influence. A neutral
    agenda's is paid (``faction``: the record's faction, neutral or not): every corp deck takes it, and the deck
    validator counts its influence as NetrunnerDB does (validators/deck.py, ``out_of_faction``). Checked with the
    game's records (:func:`_refs_netrunner`): the faction's record tells whether it is neutral."""
    record: Any = entry.record
    if record.type == "agenda" and (record.influence or 0) > 0 and not (faction and faction.record.neutral):
        message = tr("{label}: an agenda costs no influence (no deck takes an agenda of another faction), not {n}",
                     label=entry.label, n=record.influence)  # fmt: skip
        entry.add("card.agenda.influence", message, "/influence", severity="warning")


def _check_identity(entry: Entry, disk: _Disk) -> None:
    """id = file name, the game directory, and the $schema reference."""
    record = entry.record
    assert record is not None
    path = entry.source.path
    game, kind = record.game, record.kind
    if kind == "game":
        if record.id != game:
            entry.add(
                "card.id", tr("the game record's id is {id}; it must be {game}", id=repr(record.id), game=repr(game)), "/id"
            )
        if path.name != "game.json":
            message = tr(
                "the {game} game record lives in a file named {expected}, not {file}",
                game=game_word(game),
                expected="game.json",
                file=repr(path.name),
            )
            entry.add("card.id", message)
    elif path.stem != record.id:
        entry.add("card.id", _id_not_file_name(entry.label, path), "/id")
    folder, other = disk.elsewhere(os.path.dirname(path), game)
    if other is not None:
        entry.add("card.game", tr("{label} is in the {directory} directory", label=entry.label, directory=repr(other)), "/game")
    ref = record.schema_
    expected = schema_path(game, kind)
    if ref is None:
        entry.add("card.schema_ref", _no_schema_ref(entry.label, expected))
        return
    _check_schema_ref(entry, ref, expected, lambda: tr("a {game} {kind}", game=game_word(game), kind=kind_word(kind)),
                      disk, folder)  # fmt: skip


def _check_schema_ref(
    entry: Entry, ref: str, expected: str, who: Callable[[], str], disk: _Disk, folder: str = ""
) -> None:
    """A ``$schema`` names the kind's schema file (``expected`` ends it) and resolves beside the record
    (in ``folder``, the absolute path of its directory, found here if not given); ``who`` words the record."""
    if not ref.replace("\\", "/").endswith(expected):
        message = tr("{field} is {value}; {who} uses {path}", field='"$schema"', value=repr(ref), who=who(), path=repr(expected))
        entry.add("card.schema_ref", message, "/$schema")
    elif not _resolves(entry, disk, folder or disk.directory(os.path.dirname(entry.source.path))[0], ref):
        entry.add(
            "card.schema_ref.unresolved",
            tr(
                "{field} {value} does not resolve to a file here, so editors cannot validate it",
                field='"$schema"',
                value=repr(ref),
            ),
            "/$schema",
            "warning",
        )


# --------------------------------------------------------------------------
# across the records of one game


class GameIndex:
    """The records of one game, for reference checks."""

    def __init__(self, game: str, entries: list[Entry], refused: Iterable[Entry] = ()) -> None:
        self.game = game
        self.entries = entries
        # the game's records the model refused (:class:`Refused`): each exists, by its id under each kind it may
        # be, so a reference to it resolves; what a check needs of its content is not known (the check passes it)
        self.refused_entries = [entry for entry in refused if entry.rejected is not None]
        self.refused: dict[str, dict[str, Entry]] = {}
        for entry in self.refused_entries:
            found = entry.rejected
            assert found is not None
            if found.id is not None:
                for kind in found.kinds:
                    self.refused.setdefault(kind, {}).setdefault(found.id, entry)
        self.by_kind: dict[str, dict[str, Entry]] = defaultdict(dict)
        for entry in entries:
            record = entry.record
            assert record is not None
            self.by_kind[record.kind].setdefault(record.id, entry)
        games = self.by_kind.get("game", {})
        self.game_record: Any = next(iter(games.values())).record if games else None
        self._ids: dict[str, set[str]] = {}
        self._vocabularies: dict[str, set[str]] = {}
        self.names: set[str] = set(map(_ZH_NAME, map(_NAMES, entries)))
        # the zh-Hans names of the game's records the model refused: a text naming one names a record that exists
        # (its own file tells what is wrong with it), so it is no missing record
        self.refused_names: set[str] = {e.names[0] for e in self.refused_entries if e.names[0]}
        self._english: dict[str, Entry] | None = None  # folded English name -> the first record with it (when asked)
        self._named: dict[str, list[Any]] | None = None  # zh-Hans name -> the records with it (when asked)
        self._fitting: dict[str, list[str]] = {}  # a use of a quoted name -> the names of the records it may quote

    def by_english_name(self, name: str) -> Entry | None:
        """The record whose English name ``name`` is (case, accents and punctuation aside: :func:`toolkit.names.fold`),
        for a text that quotes a record by it; the index of them is built when first asked (a text naming no
        record is rare)."""
        from toolkit.names import fold

        if self._english is None:
            self._english = {}
            for entry in self.entries:
                english = entry.names[1]
                if english:
                    self._english.setdefault(fold(english), entry)
            for entry in self.refused_entries:  # (a refused record of an id: it exists)
                english = entry.names[1]
                if english and entry.rejected is not None and entry.rejected.id is not None:
                    self._english.setdefault(fold(english), entry)
        return self._english.get(fold(name))

    def named(self, name: str) -> list[Any]:
        """The records whose zh-Hans name is ``name`` (kept or summarized), for what a text does with a name it
        quotes (:func:`_check_uses`); the index of them is built when first asked."""
        if self._named is None:
            self._named = {}
            for entry in self.entries:
                self._named.setdefault(entry.names[0], []).append(entry.record)
        return self._named.get(name, [])

    def fitting(self, use: str) -> list[str]:
        """The names of the records a text may quote for ``use`` (:func:`_fits`), for a "did you mean" (built
        when first asked: a name of the wrong kind is rare)."""
        found = self._fitting.get(use)
        if found is None:
            found = self._fitting[use] = [e.names[0] for e in self.entries if e.names[0] and _fits(use, e.record)]
        return found

    def record(self, kind: str, record_id: str) -> Any:
        entry = self.by_kind.get(kind, {}).get(record_id)
        return entry.record if entry else None

    def is_refused(self, kind: str, record_id: str) -> bool:
        """Whether a record the model refused (of ``kind``, as far as is known) has the id ``record_id``: it exists,
        but what it says is not known (:class:`Refused`)."""
        found = self.refused.get(kind)
        return found is not None and record_id in found

    def ids(self, kind: str) -> set[str]:
        """The ids of the records of ``kind`` that exist: those the model took, and those it refused (one set per
        kind, built once: do not change it)."""
        found = self._ids.get(kind)
        if found is None:
            found = self._ids[kind] = set(self.by_kind.get(kind, {})).union(self.refused.get(kind, {}))
        return found

    def vocabulary(self, attr: str) -> set[str] | None:
        """Ids of a vocabulary on the game record, or None without a game record (built once: do not change it)."""
        if self.game_record is None:
            return None
        found = self._vocabularies.get(attr)
        if found is None:
            found = self._vocabularies[attr] = {term.id for term in getattr(self.game_record, attr, [])}
        return found


def _spelled(entry: Entry, other: Entry) -> str:
    """``other``'s path as a finding on ``entry`` names it: as given, or, for a record read only as one of the
    others of its game (found from the game's directory, so spelled in full) while ``entry`` was named relative
    to the working directory, relative to it too (unless it lies outside it). Worked out for a finding only: a
    file linted alone has thousands of such records and names one."""
    path = other.source.path
    if other.target or not path.is_absolute() or entry.source.path.is_absolute():
        return str(path)
    try:
        relative = os.path.relpath(path)
    except ValueError:  # (another drive)
        return str(path)
    return str(path) if relative == os.pardir or relative.startswith(os.pardir + os.sep) else relative


def _record_id(entry: Entry) -> str | None:
    """The id of ``entry``'s record: the model's, or what a refused record's data says (None: it says none)."""
    record = entry.record
    if record is not None:
        return str(record.id)
    return entry.rejected.id if entry.rejected is not None else None


def _check_ids(
    entries: list[Entry], shadowed: dict[tuple[str, str, str], Path] | None = None, refused: Sequence[Entry] = ()
) -> None:
    """A second record of an id; and (``shadowed``) a file in no game directory whose id a record of the card pool
    has too: it is linted in that record's place, but a pool listing both (``--cards`` the pool and the set) cannot
    load them. ``refused``: the game's records the model refused that say their id (:class:`Refused`), each after
    the records taken of its kind (others', then targets'), so that a duplicate id is told on the broken file."""
    spaces: dict[str, list[Entry]] = {}  # kind namespace -> its records
    for kind, group in itertools.groupby(entries, lambda entry: entry.record.kind):  # (a game's kinds come in runs)
        space = spaces.get(namespace(kind))
        if space is None:
            space = spaces[namespace(kind)] = []
        space.extend(group)
    if refused:
        for entry in refused:
            found_kind = entry.rejected.kinds if entry.rejected is not None and entry.rejected.id is not None else ()
            if found_kind:  # (the kinds a refused record may be share a namespace: a folder's)
                spaces.setdefault(namespace(found_kind[0]), []).append(entry)
        for name, space in spaces.items():  # records no one asked about first, each group's taken records first
            spaces[name] = sorted(space, key=lambda entry: (entry.target, entry.record is None))
    first: dict[str, dict[str, Entry]] = {}  # kind namespace -> id -> the first record with it
    for name, space in spaces.items():
        ids = [entry.record.id for entry in space] if not refused else [_record_id(entry) or "" for entry in space]
        if len(set(ids)) == len(ids) and not shadowed:  # (ids all differ, as they nearly always do)
            continue
        found = first[name] = {}
        for entry, record_id in zip(space, ids, strict=True):
            earlier = found.setdefault(record_id, entry)
            if earlier is not entry:
                message = tr("{label}: id already used by {file}", label=entry.label, file=_spelled(entry, earlier))
                entry.add("card.id.duplicate", message, "/id")
    if not shadowed:  # (files in no game directory with the id of a pool record only: no cost otherwise)
        return
    for entry in entries:
        record = entry.record
        other = shadowed.get((record.game, namespace(record.kind), record.id)) if entry.target else None
        if other is not None and first[namespace(record.kind)].get(record.id) is entry:
            message = tr(
                "{label}: id also used by {file} of the card pool: lint reads this file in its place, but a "
                "card pool with both cannot load them (give this record another id)",
                label=entry.label,
                file=other,
            )
            entry.add("card.id.pool", message, "/id", "warning")


UNIQUE_NAME_KINDS = {"card", "agent", "identity", "role", "faction", "mode", "format", "map"}
_NAMES = operator.attrgetter("names")  # an entry's (zh-Hans, English) names
_NAME_IN = (operator.itemgetter(0), operator.itemgetter(1))
_ZH_NAME = _NAME_IN[0]
_TEXTS = operator.attrgetter("texts")


def _check_names(entries: list[Entry]) -> None:
    # kind -> the entries whose names must be unique among them
    kinds: dict[str, list[Entry]] = {}
    for entry in entries:
        record: Any = entry.record
        if record is not None:
            game, kind = record.game, record.kind
        elif entry.rejected is not None and entry.rejected.kind is not None:
            game, kind = entry.rejected.game, entry.rejected.kind
        else:
            continue
        kind = "card" if kind in ("card", "identity") and game == "netrunner" else kind
        if kind not in UNIQUE_NAME_KINDS or entry.private:
            continue
        group = kinds.get(kind)
        if group is None:
            group = kinds[kind] = []
        group.append(entry)
    for group in kinds.values():
        names = list(map(_NAMES, group))
        for column, lang in enumerate(("zh-Hans", "en")):
            # each name given, case and the spaces at its ends aside, as a text quoting it reads it (a refused
            # record may have none): in C, a group of 100,000 records; and as a deck list, `dossier print` and
            # `show` look it up (accents, width and punctuation aside too: toolkit.names.fold)
            given = list(filter(None, map(_NAME_IN[column], names)))
            folded = list(map(str.strip, map(str.casefold, given)))
            keys = fold_keys(given, folded)
            if len(set(folded)) < len(folded) or len(set(keys)) < len(given):
                _name_twins(group, column, lang, dict(zip(given, keys, strict=True)))  # (names all differ, as they
                # nearly always do: nothing to say)


def _name_twins(group: list[Entry], column: int, lang: str, keys: dict[str, str]) -> None:
    """``card.name.duplicate`` on each entry of ``group`` whose name in ``lang`` (``column`` of its names) an
    earlier entry has, case and the spaces at its ends aside (:func:`quoted_name`: a text quoting either reads the
    same name), or else that an earlier entry's name reads the same to the name lookup (:func:`toolkit.names.fold`:
    accents, width, quotes and punctuation aside too; a deck list naming either would name both)."""
    known: dict[str, Entry] = {}  # the folded names seen -> the first entry with each
    alike: dict[str, Entry] = {}  # the names as the lookup folds them -> the first entry with each
    for entry in group:
        value = entry.names[column]
        if not value:  # (a refused record may have none)
            continue
        earlier = known.setdefault(value.casefold().strip(), entry)
        if earlier is not entry:
            message = tr(
                "{label}: {lang} name {name} is also the name of {file}",
                label=entry.label,
                lang=word("lang", lang, current_lang()),  # (英文 名称 in Chinese, not en 名称)
                name=repr(value),
                file=_spelled(entry, earlier),
            )
            entry.add("card.name.duplicate", message, f"/name/{lang}")
            continue
        key = keys[value]  # (its fold, :func:`fold_keys`)
        earlier = alike.setdefault(key, entry) if key else entry  # (a name of punctuation only: looked up by none)
        if earlier is not entry:
            message = tr(
                "{label}: {lang} name {name} reads the same to a deck list as {other}, the name of {file} (name "
                "lookup ignores case, accents, width and punctuation)",
                label=entry.label,
                lang=word("lang", lang, current_lang()),
                name=repr(value),
                other=repr(earlier.names[column]),
                file=_spelled(entry, earlier),
            )
            entry.add("card.name.duplicate", message, f"/name/{lang}")


def _check_texts(index: GameIndex) -> None:
    """``card.text.ref`` and ``card.text.symbol``: a name a text quotes that no record of the game has, a symbol the
    game does not know; each once a text, placed at its first place in the text (at that character in the file)."""
    symbols = index.vocabulary("symbols")
    for entry in filter(_TEXTS, index.entries):  # (the few that hold a text naming a record or a symbol)
        for item in entry.texts:
            path, text = item[0], item[1]
            told: set[str] = set()
            for found in NAME_REF.finditer(text) if "「" in text else ():
                name = quoted_name(found.group(1))
                if name not in index.names and name not in index.refused_names and name not in told:
                    told.add(name)
                    quoted = "「" + name + "」"
                    named = index.by_english_name(name)
                    if named is not None and named.names[0]:  # quoted by its English name: the text quotes the zh-Hans
                        message = tr(
                            "{label}: text names {name}, the English name of {id}; card text quotes the zh-Hans "
                            "name: {zh}",
                            label=entry.label,
                            name=quoted,
                            id=repr(_record_id(named)),
                            zh="「" + named.names[0] + "」",
                        )
                        entry.add("card.text.ref", message, pointer(*path), offset=found.start())
                        continue
                    message = tr(
                        "{label}: text names {name}, which is no record of {game}",
                        label=entry.label,
                        name=quoted,
                        game=game_word(index.game),
                    )
                    message += did_you_mean(name, index.names)
                    entry.add("card.text.ref", message, pointer(*path), offset=found.start())
            if len(item) > 2:  # (a tactics text that does something with a name it quotes)
                _check_uses(entry, index, path, item[2])
            if symbols is not None and "[" in text:
                shown_symbols: set[str] = set()
                for found in SYMBOL_REF.finditer(text):
                    symbol = found.group(1)
                    start = found.start(1) - 1
                    if symbol in symbols or symbol in shown_symbols:
                        continue
                    if _symbol_told(index.game, text, start, found.end()):
                        continue
                    shown_symbols.add(symbol)
                    shown = "[" + symbol + "]"
                    message = tr("{label}: unknown symbol {symbol} in text", label=entry.label, symbol=shown)
                    if symbols:
                        message += did_you_mean(symbol, symbols) + _known(symbols)
                    else:
                        message += tr("; the {game} game record names no symbols", game=game_word(index.game))
                    entry.add("card.text.symbol", message, pointer(*path), offset=start)


def _symbol_told(game: str, text: str, start: int, end: int) -> bool:
    """Whether the text's own findings already tell of the symbol between ``start`` and ``end`` (offsets in the text),
    so that ``card.text.symbol`` would say it again: the text does not parse there (``card.text.parse`` says what was
    expected, and the symbol meant), or it lies in a form the game's engine does not run (``text.form.unsupported``:
    ``你获得 3[credit]`` on a tactics card). Asked only of a symbol the game does not know (rare): the text is parsed
    again if it is no longer in the parse cache."""
    try:
        ability = parse_cached(text)
    except AbilitySyntaxError as exc:
        return start <= exc.offset < end
    if game not in ENGINE_NODES:  # (no engine: no form is told unsupported)
        return False
    for node in A.walk(ability):
        span = node.span
        if span is not None and span[0] <= start and end <= span[1]:
            cls = type(node)
            if cls is not A.Scripted and not runs_node(game, cls):
                return True
    return False


# what a tactics text may do with a name it quotes (text_lint.NAME_USES), by the kind of record the name must be
def _fits(use: str, record: Any) -> bool:
    """Whether a text may quote ``record`` for ``use``: gain a token card; search for a card a deck or the matrix
    shop can hold (no token card: 衍生牌不能构筑); attack with a built-in attack, a minion's own attack or a weapon."""
    kind = record.kind
    if use == "token":
        return kind == "card" and record.token is not None
    if use == "search":
        return kind == "card" and record.token is None
    if kind == "card":
        equipment = record.equipment
        return equipment is not None and equipment.attack is not None
    return kind == "attack" or (
        kind == "unit" and getattr(record, "type", None) == "minion" and record.attack is not None
    )


def _check_uses(entry: Entry, index: GameIndex, path: Path_, uses: tuple[tuple[str, str], ...]) -> None:
    """``card.text.ref``: each name a tactics text quotes for a use (:func:`~validators.text_lint.name_uses`) that
    names records of which none fits it (:func:`_fits`): the game can never do what the text says. A name no record
    has is told above; one a refused record has is passed over (what it is is not known)."""
    for use, name in uses:
        records = index.named(name)
        if not records or name in index.refused_names or any(_fits(use, record) for record in records):
            continue
        record = records[0]
        quoted = "「" + name + "」"
        what = record_label(None, record.kind, record.id)
        if use == "token":
            message = tr(
                "{label}: text gains {name}, which is {what}, no token card: a game stops with an error where the "
                "text resolves",
                label=entry.label,
                name=quoted,
                what=what,
            )
        elif use == "search" and record.kind == "card":  # (a token card)
            message = tr(
                "{label}: text searches for {name}, a token card: token cards never go in a deck or the matrix "
                "shop, so the search never finds it",
                label=entry.label,
                name=quoted,
            )
        elif use == "search":
            message = tr(
                "{label}: text searches for {name}, which is {what}, no card a deck can hold: the search never "
                "finds it",
                label=entry.label,
                name=quoted,
                what=what,
            )
        else:
            message = tr(
                "{label}: text attacks with {name}, which is {what}, no attack (a built-in attack, a minion's own "
                "or a weapon card's): the attack never happens",
                label=entry.label,
                name=quoted,
                what=what,
            )
        entry.add("card.text.ref", message + did_you_mean(name, index.fitting(use)), pointer(*path))


def _known(values: Iterable[str]) -> str:
    """``; known: ['a', 'b']``."""
    return tr("; known: {choices}", choices=listing(sorted(values)))


def _missing(entry: Entry, ptr: str, message: str, code: str = "card.ref") -> None:
    """A reference that does not resolve (callers test first: a message's "did you mean" is slow to build)."""
    entry.add(code, tr("{label}: {problem}", label=entry.label, problem=message), ptr)


def _check_vocab(entry: Entry, index: GameIndex, attr: str, values: Iterable[str], base: tuple[str | int, ...]) -> None:
    vocab = index.vocabulary(attr)
    if vocab is None:
        return
    for i, value in enumerate(values):
        if value not in vocab:
            _not_in_vocab(entry, vocab, attr, value, pointer(*base, i))


def _not_in_vocab(entry: Entry, vocab: set[str], attr: str, value: str, ptr: str) -> None:
    """``value`` (at ``ptr``) is not in the game record's vocabulary ``attr`` (``vocab``, its ids)."""
    message = tr("{value} is not in the game's {field}", value=repr(value), field=attr)
    _missing(entry, ptr, message + did_you_mean(value, vocab) + _known(vocab))


# The reference checks each kind of record makes, each once: for a record the model takes (the checks across the
# records of a game below) and, from its data, for one it refused (:func:`_check_raw_refs`).


def _attack_subtype_ref(entry: Entry, attack_subtypes: set[str] | None, subtype: str | None, ptr: str) -> None:
    if subtype is not None and attack_subtypes is not None and subtype not in attack_subtypes:
        message = tr("attack subtype {value} is not in the game's {field}", value=repr(subtype), field="attack_subtypes")
        _missing(entry, ptr, message)


def _attack_ref(entry: Entry, attacks: set[str], attack: str, ptr: str) -> None:
    if attack not in attacks:
        message = tr("built-in attack {attack} is no attack record", attack=repr(attack))
        _missing(entry, ptr, message + did_you_mean(attack, attacks))


def _agent_ref(entry: Entry, index: GameIndex, agent_id: str, ptr: str = "/agent") -> None:
    """An exclusive card's agent: an agent record of the game, no private."""
    agent = index.record("agent", agent_id)
    if agent is None and index.is_refused("agent", agent_id):
        return  # (it exists: its own file tells what is wrong with it; whether it is a private is not known)
    if agent is None:
        message = tr("exclusive to agent {agent}, which does not exist", agent=repr(agent_id))
        _missing(entry, ptr, message + did_you_mean(agent_id, index.ids("agent")))
    elif agent.private:
        message = tr(
            "{label}: exclusive to {agent}, a private (privates have no exclusive cards)",
            label=entry.label,
            agent=repr(agent_id),
        )
        entry.add("card.ref", message, ptr)


def _minion_ref(entry: Entry, index: GameIndex, unit_id: str, ptr: str = "/minion") -> None:
    """A minion card's unit: a unit record of the game of type minion; a "did you mean" offers minion units only
    (never the unit named: an obstacle's id is the nearest to itself)."""
    unit = index.record("unit", unit_id)
    if unit is None and index.is_refused("unit", unit_id):
        return  # (it exists: whether it is a minion is not known)
    if not (unit is not None and unit.type == "minion"):
        message = tr("deploys {unit}, which is no minion unit", unit=repr(unit_id))
        minions = [i for i, e in index.by_kind.get("unit", {}).items() if getattr(e.record, "type", None) == "minion"]
        _missing(entry, ptr, message + did_you_mean(unit_id, minions))


def _faction_ref(entry: Entry, index: GameIndex, faction_id: str, side: str | None, ptr: str = "/faction") -> None:
    """A netrunner card's or identity's faction: a faction record of the game, of the record's ``side`` (None: not
    known, a refused record's type or side is not one)."""
    faction = index.record("faction", faction_id)
    if faction is None and index.is_refused("faction", faction_id):
        return  # (it exists: its side is not known)
    if faction is None:
        message = tr("faction {faction} does not exist", faction=repr(faction_id))
        _missing(entry, ptr, message + did_you_mean(faction_id, index.ids("faction")))
    elif side is not None and faction.side != side:
        message = tr(
            "{label}: a {side} record in the {faction_side} faction {faction}",
            label=entry.label,
            side=word("side", side, current_lang()),
            faction_side=word("side", faction.side, current_lang()),
            faction=repr(faction_id),
        )
        entry.add("card.side", message, ptr)


def _forbidden_faction_ref(entry: Entry, factions: set[str], faction: str, ptr: str) -> None:
    if faction not in factions:
        message = tr("forbids faction {faction}, which does not exist", faction=repr(faction))
        _missing(entry, ptr, message + did_you_mean(faction, factions))


def _listed_card_ref(entry: Entry, records: set[str], attr: str, card_id: str, ptr: str) -> None:
    """A card a format's ``banned`` or ``restricted`` (``attr``) lists."""
    if card_id not in records:
        if attr == "banned":
            message = tr("banned card {card} does not exist", card=repr(card_id))
        else:
            message = tr("restricted card {card} does not exist", card=repr(card_id))
        _missing(entry, ptr, message + did_you_mean(card_id, records))


def _role_ref(entry: Entry, roles: set[str], what: str, role: str, ptr: str) -> None:
    """A crossfire role a record names (``what``: where, :data:`_ROLE_PLACES`)."""
    if role not in roles:
        _missing(entry, ptr, _ROLE_PLACES[what](role) + did_you_mean(role, roles))


_ROLE_PLACES: dict[str, Callable[[str], str]] = {
    "counts_as": lambda role: tr("counts as {role}, which is no role", role=repr(role)),
    "composition": lambda role: tr("role {role} does not exist", role=repr(role)),
    "substitution": lambda role: tr("substitution names role {role}, which does not exist", role=repr(role)),
    "public_role": lambda role: tr("public role {role} does not exist", role=repr(role)),
    "rule_role": lambda role: tr("rule counts role {role}, which does not exist", role=repr(role)),
}


def _refs_tactics(index: GameIndex) -> None:
    attacks = index.ids("attack")
    attack_subtypes = index.vocabulary("attack_subtypes")
    symbols_seen: dict[str, Entry] = {}

    def attack_subtype(entry: Entry, profile: Any, base: tuple[str, ...]) -> None:
        subtype = None if profile is None else profile.subtype
        if subtype is not None and attack_subtypes is not None and subtype not in attack_subtypes:
            _attack_subtype_ref(entry, attack_subtypes, subtype, pointer(*base, "subtype"))  # (its pointer: here only)

    for entry in index.entries:
        record: Any = entry.record
        if record.kind == "agent":
            _check_vocab(entry, index, "agent_subtypes", record.subtypes, ("subtypes",))
            for i, attack in enumerate(record.attacks):
                if attack not in attacks:  # (its pointer made for a finding only)
                    _attack_ref(entry, attacks, attack, pointer("attacks", i))
            if record.symbol is not None:
                if record.symbol in symbols_seen:
                    message = tr(
                        "{label}: agent symbol {symbol} is also used by {file}",
                        label=entry.label,
                        symbol=repr(record.symbol),
                        file=_spelled(entry, symbols_seen[record.symbol]),
                    )
                    entry.add("card.symbol.duplicate", message, "/symbol")
                symbols_seen.setdefault(record.symbol, entry)
        elif record.kind == "card":
            if record.agent is not None:
                _agent_ref(entry, index, record.agent)
            if record.minion is not None:
                _minion_ref(entry, index, record.minion)
            if record.equipment is not None:
                attack_subtype(entry, record.equipment.attack, ("equipment", "attack"))
        elif record.kind == "unit" and record.type == "minion" or record.kind == "attack":
            attack_subtype(entry, record.attack, ("attack",))
    check_maps(index)


def _refs_netrunner(index: GameIndex) -> None:
    from toolkit.models.netrunner import side_of_type

    factions = index.ids("faction")
    records = index.ids("card") | index.ids("identity")
    faction_entries = index.by_kind.get("faction", {})
    subtypes = index.vocabulary("subtypes")
    for entry in index.entries:
        record: Any = entry.record
        if record.kind in ("card", "identity"):
            side = record.side if record.kind == "identity" else side_of_type(record.type)
            faction = faction_entries.get(record.faction)  # (what _faction_ref tells of, asked here first)
            if faction is None or side is not None and faction.record.side != side:
                _faction_ref(entry, index, record.faction, side)
            if subtypes is not None and not subtypes.issuperset(record.subtypes):
                _check_vocab(entry, index, "subtypes", record.subtypes, ("subtypes",))
            if record.kind == "card" and (faction is not None or not index.is_refused("faction", record.faction)):
                _check_agenda_influence(entry, faction)  # (a refused faction's: whether it is neutral is not known)
            # A neutral card may have an influence cost (NetrunnerDB has dozens): every faction pays it.
            if record.kind == "identity":
                # (at the field when the file writes it, else at the record: a field left out has no place)
                if record.side == "runner" and record.base_link is None:
                    message = tr("{label}: a runner identity needs {field} (its link strength; 0 for none)",
                                 label=entry.label, field="base_link")  # fmt: skip
                    entry.add("card.model", message, "/base_link")
                elif record.side != "runner" and record.base_link is not None:
                    message = tr("{label}: a corp identity has no {field} (write null or leave it out)",
                                 label=entry.label, field="base_link")  # fmt: skip
                    entry.add("card.model", message, "/base_link")
                for i, rule in enumerate(record.deck_rules):
                    if getattr(rule, "rule", None) == "forbid_faction":
                        _forbidden_faction_ref(entry, factions, rule.faction, pointer("deck_rules", i, "faction"))
        elif record.kind == "format":
            for attr in ("banned", "restricted"):
                for i, card_id in enumerate(getattr(record, attr)):
                    _listed_card_ref(entry, records, attr, card_id, pointer(attr, i))


def _refs_crossfire(index: GameIndex) -> None:
    roles = index.ids("role")
    role_entries = index.by_kind.get("role", {})
    role_records = {rid: found.record for rid, found in role_entries.items()}
    refused_roles = index.refused.get("role", {})

    def role_word(role_id: str) -> str:
        """A role inside a finding: its name in the current language (its id when the pool has no such role)."""
        found = role_entries.get(role_id) or refused_roles.get(role_id)
        if found is None:
            return role_id
        zh, en = found.names
        return (zh if current_lang() == "zh-Hans" else en) or zh or role_id

    for entry in index.entries:
        record: Any = entry.record
        if record.kind == "role" and record.counts_as is not None:
            _role_ref(entry, roles, "counts_as", record.counts_as, "/counts_as")
        if record.kind != "mode":
            continue
        counts = Counter(c.players for c in record.compositions)
        for i, comp in enumerate(record.compositions):
            base = ("compositions", i)
            for role in comp.roles:
                _role_ref(entry, roles, "composition", role, pointer(*base, "roles", role))
            total = sum(comp.roles.values())
            if total != comp.players:
                message = trn(
                    "{label}: the {players}-player composition deals {n} role",
                    "{label}: the {players}-player composition deals {n} roles",
                    total,
                    label=entry.label,
                    players=comp.players,
                )
                entry.add("card.mode.composition", message, pointer(*base, "roles"))
            if not record.players.min <= comp.players <= record.players.max:
                message = tr(
                    "{label}: a {players}-player composition is outside players {low}-{high}",
                    label=entry.label,
                    players=comp.players,
                    low=record.players.min,
                    high=record.players.max,
                )
                entry.add("card.mode.composition", message, pointer(*base, "players"))
            if counts[comp.players] > 1:
                message = trn(
                    "{label}: more than one composition for {n} player",
                    "{label}: more than one composition for {n} players",
                    comp.players,
                    label=entry.label,
                )
                entry.add("card.mode.composition", message, pointer(*base, "players"))
        for n in range(record.players.min, record.players.max + 1):
            if n not in counts:
                message = trn(
                    "{label}: no composition for {n} player", "{label}: no composition for {n} players", n, label=entry.label
                )
                entry.add("card.mode.composition", message, "/compositions")
        for i, sub in enumerate(record.substitutions):
            base = ("substitutions", i)
            # each unknown role reported once, at the first place it is named: the role the substitution is for,
            # what it adds, what it removes
            named = [(sub.role, pointer(*base, "role"))]
            named += [(role, pointer(*base, "add", role)) for role in sub.add]
            named += [
                (role, pointer(*base, "remove", j, "roles", k))
                for j, removal in enumerate(sub.remove)
                for k, role in enumerate(removal.roles)
            ]
            unknown: dict[str, str] = {}
            for role, place in named:
                if role not in roles:
                    unknown.setdefault(role, place)
            for role, place in unknown.items():
                _role_ref(entry, roles, "substitution", role, place)
            added, removed = sum(sub.add.values()), sum(r.count for r in sub.remove)
            if sub.role not in sub.add:
                message = tr("{label}: substitution for {role} does not add it", label=entry.label, role=repr(sub.role))
                entry.add("card.mode.substitution", message, pointer(*base, "add"))
            if added != removed:
                message = tr(
                    "{label}: substitution for {role} adds {added} and removes {removed} roles; "
                    "the player count must not change",
                    label=entry.label,
                    role=repr(sub.role),
                    added=added,
                    removed=removed,
                )
                entry.add("card.mode.substitution", message, pointer(*base))
        for i, role in enumerate(record.public_roles):
            _role_ref(entry, roles, "public_role", role, pointer("public_roles", i))
        for i, rule in enumerate(record.deck_rules):
            if getattr(rule, "rule", None) == "role_count":
                _role_ref(entry, roles, "rule_role", rule.role, pointer("deck_rules", i, "role"))
        # a composition without an Assassin, without exactly one VIP or against the mode's own rules: as the
        # engine, which deals no table of such a mode, says it
        # (a composition holding a role the model refused is not judged: whether it counts as the VIP or an
        # Assassin is in its broken record)
        unsure = {f"/compositions/{i}/" for i, c in enumerate(record.compositions) if refused_roles.keys() & c.roles}
        for place, message in mode_composition_problems(record, role_records, entry.label, role_word):
            if not unsure or not any(place.startswith(prefix) for prefix in unsure):
                entry.add(MODE_CODE, message, place)
    _refs_special_roles(index)


def _raw_references(data: dict[str, Any], game: str, kind: str, told: set[str | None]) -> tuple[RawRef, ...]:
    """The references to other records that the data of a record the model refused makes, as the checks across
    records read them of a record it takes (each an id written as a string where the record names one: a card's
    faction and subtypes, an exclusive card's agent, a role's ``counts_as``, the roles of a mode…), but those at or
    in a place a finding of the record already tells of (``told``: their pointers), or inside an object of a list
    it tells of (a deck rule, a composition): one problem is told once. Checked with the records of the game by
    :func:`_check_raw_refs`."""
    found: list[RawRef] = []

    def add(what: str, path: Path_, value: Any, extra: Any = None) -> None:
        if isinstance(value, str):
            found.append((what, pointer(*path), value, extra))

    def each(what: str, path: Path_, values: Any, extra: Any = None) -> None:
        for i, value in enumerate(values if isinstance(values, list) else ()):
            add(what, (*path, i), value, extra)

    def objects(key: str) -> Iterator[tuple[int, dict[str, Any]]]:
        items = data.get(key)
        return ((i, item) for i, item in enumerate(items if isinstance(items, list) else ()) if isinstance(item, dict))

    def keys(value: Any) -> list[Any]:
        return list(value) if isinstance(value, dict) else []

    if game == "netrunner" and kind in ("card", "identity"):
        add("faction", ("faction",), data.get("faction"), _raw_side(data, kind))
        each("subtypes", ("subtypes",), data.get("subtypes"))
        for i, rule in objects("deck_rules") if kind == "identity" else ():
            if rule.get("rule") == "forbid_faction":
                add("forbid_faction", ("deck_rules", i, "faction"), rule.get("faction"))
    elif game == "netrunner" and kind == "format":
        each("banned", ("banned",), data.get("banned"))
        each("restricted", ("restricted",), data.get("restricted"))
    elif game == "tactics" and kind == "agent":
        each("agent_subtypes", ("subtypes",), data.get("subtypes"))
        each("attack", ("attacks",), data.get("attacks"))
    elif game == "tactics" and kind == "card":
        add("agent", ("agent",), data.get("agent"))
        add("minion", ("minion",), data.get("minion"))
        equipment = data.get("equipment")
        attack = equipment.get("attack") if isinstance(equipment, dict) else None
        if isinstance(attack, dict):
            add("attack_subtype", ("equipment", "attack", "subtype"), attack.get("subtype"))
    elif game == "tactics" and (kind == "attack" or kind == "unit" and data.get("type") == "minion"):
        attack = data.get("attack")
        if isinstance(attack, dict):
            add("attack_subtype", ("attack", "subtype"), attack.get("subtype"))
    elif game == "crossfire" and kind == "role":
        add("counts_as", ("counts_as",), data.get("counts_as"))
    elif game == "crossfire" and kind == "mode":
        for i, comp in objects("compositions"):
            for role in keys(comp.get("roles")):
                add("composition", ("compositions", i, "roles", role), role)
        for i, sub in objects("substitutions"):  # (each unknown role once a substitution: ``extra``, its index)
            add("substitution", ("substitutions", i, "role"), sub.get("role"), i)
            for role in keys(sub.get("add")):
                add("substitution", ("substitutions", i, "add", role), role, i)
            removals = sub.get("remove")
            for j, removal in enumerate(removals if isinstance(removals, list) else []):
                if isinstance(removal, dict):
                    each("substitution", ("substitutions", i, "remove", j, "roles"), removal.get("roles"), i)
        each("public_role", ("public_roles",), data.get("public_roles"))
        for i, rule in objects("deck_rules"):
            if rule.get("rule") == "role_count":
                add("rule_role", ("deck_rules", i, "role"), rule.get("role"))
    if not found or not told:
        return tuple(found)
    return tuple(ref for ref in found if not _told(ref[1], told))


def _raw_side(data: dict[str, Any], kind: str) -> str | None:
    """A refused netrunner card's or identity's side, as far as its data says one (else None)."""
    from toolkit.models.netrunner import CORP_TYPES, RUNNER_TYPES, side_of_type

    value = data.get("side" if kind == "identity" else "type")
    if kind == "identity":
        return value if value in ("corp", "runner") else None
    return side_of_type(value) if value in CORP_TYPES or value in RUNNER_TYPES else None


def _told(ptr: str, told: set[str | None]) -> bool:
    """Whether a finding at one of the pointers ``told`` tells of the value at ``ptr``: at it or inside it, or at an
    object that holds it below the record's own fields (a deck rule, a composition: ``/deck_rules/0``)."""
    for place in told:
        if place is None:
            continue
        if place == ptr or place.startswith(ptr + "/") or (place.count("/") > 1 and ptr.startswith(place + "/")):
            return True
    return False


def _check_raw_refs(entry: Entry, index: GameIndex) -> None:
    """The references of a refused record's data (:attr:`Entry.refs`) checked with the records of its game, with
    the same findings as those of a record the model takes."""
    game = index.game
    seen: set[tuple[Any, str]] = set()  # (a substitution's index, a role it names): each unknown role once
    for what, ptr, value, extra in entry.refs:
        if what == "faction":
            _faction_ref(entry, index, value, extra, ptr)
        elif what in ("subtypes", "agent_subtypes"):
            vocab = index.vocabulary(what)
            if vocab is not None and value not in vocab:
                _not_in_vocab(entry, vocab, what, value, ptr)
        elif what == "forbid_faction":
            _forbidden_faction_ref(entry, index.ids("faction"), value, ptr)
        elif what in ("banned", "restricted"):
            _listed_card_ref(entry, index.ids("card") | index.ids("identity"), what, value, ptr)
        elif what == "attack":
            _attack_ref(entry, index.ids("attack"), value, ptr)
        elif what == "agent":
            _agent_ref(entry, index, value, ptr)
        elif what == "minion":
            _minion_ref(entry, index, value, ptr)
        elif what == "attack_subtype":
            _attack_subtype_ref(entry, index.vocabulary("attack_subtypes"), value, ptr)
        elif game == "crossfire" and what in _ROLE_PLACES:
            if what == "substitution":
                if (extra, value) in seen:
                    continue
                seen.add((extra, value))
            _role_ref(entry, index.ids("role"), what, value, ptr)


def _refs_special_roles(index: GameIndex) -> None:
    """A special role that no mode lets join is never dealt (``crossfire deal --special ROLE``: it "cannot join"):
    a warning at the role naming the modes' field that lets it join. A mode lets a role join by a substitution
    for it (``substitutions``), deals it in a composition (``compositions``) or has it chosen openly
    (``public_roles``). None without a mode of the game (the pool's modes are read beside a set's roles)."""
    modes = [entry.record for entry in index.entries if entry.record.kind == "mode"]
    if not modes or index.refused.get("mode"):  # (a mode the model refused may let any role join: not known)
        return
    joining: set[str] = set()
    for mode in modes:
        joining.update(sub.role for sub in mode.substitutions)
        joining.update(role for comp in mode.compositions for role in comp.roles)
        joining.update(mode.public_roles)
    listed = either(sorted(mode.id for mode in modes))
    for entry in index.entries:
        record: Any = entry.record
        if record.kind == "role" and getattr(record, "special", False) and record.id not in joining:
            # (a mode of the pool cannot be changed from a set of one's own: a mode of the same id there is a
            # duplicate, and an installed Dossier's bundled modes are no files to edit; a mode of its own works)
            message = tr(
                "{label}: no mode lets this special role join, so no deal gives it; give it a mode of its own: a copy "
                "of {modes} under a new id, with a substitution for it in {field}, then deal and play that mode with "
                "{option}",
                label=entry.label,
                field="`substitutions`",
                modes=listed,
                option="`--mode ID`",
            )
            entry.add("card.role.special", message, "/special", "warning")


GAME_CHECKS: dict[str, Callable[[GameIndex], None]] = {
    "tactics": _refs_tactics,
    "netrunner": _refs_netrunner,
    "crossfire": _refs_crossfire,
}


# --------------------------------------------------------------------------
# driver

MAX_FINDINGS_PER_FILE = 200  # past this, one finding counts the rest (a 200k-element array is not 200k lines)


# Worker processes for the ability texts pay off from about this many files (a fork and the answers' trip
# back cost about what a few hundred texts do); below it one process checks everything.
PARALLEL_FROM = 2000
# The files of a chunk the workers take (some 5-10 ms of a worker's time): small, so that this process,
# which takes chunks from the back when it is done with the files, waits little for the last chunk a worker
# has taken; taking one costs a lock and a number.
CHUNK_FILES = 48


def available_jobs() -> int:
    """The processes a lint may use: the CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _text_chunks(files: list[tuple[str, Path]], workers: int) -> list[list[tuple[str, Path]]]:
    """The target files ((file key, path) each) that workers may check, in consecutive chunks; none for fewer
    than :data:`PARALLEL_FROM` files or no worker."""
    if workers < 1 or len(files) < PARALLEL_FROM:
        return []
    return [files[i : i + CHUNK_FILES] for i in range(0, len(files), CHUNK_FILES)]


def lint_files(
    targets: list[Path],
    walked: Iterable[Path] = (),
    *,
    meter: Meter | None = None,
    jobs: int = 1,
    pool: Sequence[Path] = (),
    cache: bool = False,
    cache_dir: Path | None = None,
    wait: bool = True,
) -> LintResult:
    """Lint the files ``targets`` (from :func:`toolkit.catalog.discover`) among the other records of their
    games (:func:`toolkit.catalog.context_sources`, which ``walked`` spares a second walk; files in no game
    directory among their games' records in ``pool``): the worker processes, if any, start before the files
    are read, and read their share themselves. ``pooled`` on the result: how many records of ``pool`` were read.

    Each file is read when it is checked and its text let go after (a file is read again to place a finding
    found later), so memory holds the records' summaries, not every file (:class:`Entry`).

    With ``cache`` (and directories ``walked``), each file's own checks are kept for the next run, and a file
    unchanged since the last run is not checked again (:mod:`validators.lint_cache`, in ``cache_dir`` or the
    user's cache directory); the findings are the same. Without ``wait``, the cache may still be being written
    by a child process when this returns (as the command runs it: it ends meanwhile;
    :func:`validators.lint_cache.wait_for_writers` waits for it)."""
    from toolkit.catalog import context_sources, game_root, pool_context

    from .lint_cache import LintCache
    from .text_lint import _language

    walked = list(walked)
    with gc_paused():
        keys = file_keys(targets)
        folders = {os.path.dirname(key) for key in keys}  # (the targets' directories: their games, their context)
        files = _Files()
        store: LintCache | None = None
        context_store: LintCache | None = None  # (files named one by one: the store of the records around them)
        if cache:
            language, covered = _language(), files.fonts.covered()
            store = LintCache.for_run(walked, language, covered, cache_dir)
            if store is None and not walked:  # files named one by one: the records they are checked among kept
                roots = {str(root) for d in folders if (root := game_root(Path(d))) is not None}
                roots.update(set_roots(folders, pool))
                store = context_store = LintCache.for_context(roots, pool, language, covered, cache_dir)
        ready: dict[str, Any] = {}  # the kept results of files unchanged since, asking the same of others
        stored: dict[str, Any] = {}
        if store is not None:
            files.keeping = True
            stored = store.load()
        probe = _Disk()
        for key in keys if stored and context_store is None else ():
            _take_kept(key, stored.get(key), ready, files, probe)
        # (files named, checked afresh: one unchanged since its result was kept leaves the cache as good as it was)
        signed = {key: stored[key][0] for key in keys if key in stored} if context_store is not None else {}
        verdicts = TextVerdicts(files)
        pending = [(key, path) for key, path in zip(keys, targets, strict=True) if key not in ready]
        verdicts.start_workers(_text_chunks(pending, jobs - 1), jobs - 1)
        saved: list[Callable[[], None]] = []  # (before the try: its finally reads it whatever stops the lint)
        try:
            sources, wanted = context_sources(targets, walked, keys, folders)
            sources.extend(_set_sources(sources, folders, walked, pool, wanted))  # a file of a designer's set: the rest of it
            shadowed: dict[tuple[str, str, str], Path] = {}  # the pool records a target stands for
            pooled = pool_context(sources, wanted, pool, keys, folders, shadowed)
            entries = []
            for i, source in enumerate([*sources, *pooled]):
                # the targets come first, in order (their keys are known); the other records of their games next
                key = keys[i] if i < len(targets) and source.path is targets[i] else file_key(source.path)
                entry = Entry(source, key in wanted, key)
                entries.append(entry)
                if stored and not entry.target:  # (a record of a game named files or a subdirectory belong to)
                    _take_kept(key, stored.get(key), ready, files, probe, context=True)
            del sources, wanted, keys, pending, stored

            later: list[Callable[[], None]] = []

            def save() -> None:  # once each file's own checks are done: their findings taken, the writer started later
                if store is not None:
                    count = sum(1 for entry in entries if entry.signature is not None)
                    same = 0
                    if signed:  # (a file named, unchanged since its result was kept: no need to keep it again)
                        same = sum(1 for e in entries if e.target and e.signature and signed.get(e.key) == e.signature)
                    own, fresh = own_findings(entries), files.fresh - same
                    later.append(lambda: saved.append(store.save(lambda: kept_results(entries, own), count, fresh)))

            result = _lint_entries(
                entries, _Disk(verdicts), meter_or_silent(meter), release=True, ready=ready, checked=save,
                shadowed=shadowed,
            )  # fmt: skip
            # the writer of the cache starts once the checks across records are done: a process forked before
            # them shares this one's pages, each copied the first time either writes it (the checks touch every
            # entry), and takes the second core from them on a machine the workers' share of the files left busy
            for start in later:
                start()
            result.pooled = len(pooled)
            return result
        finally:
            verdicts.close()
            for written in saved if wait else ():
                written()


# What marks a folder as a designer's set of records, beside a game directory's game.json: ``import csv --into``'s
# manifest folder, ``import netrunnerdb``'s marker, the set's own copy of the schemas (``dossier schema --out``, the
# web editor's); and the folders records of a kind go in (``cards/``, ``agents/``: the layout of import and editor)
SET_MARKS = (".dossier-import", ".dossier-import.json", ".schema")
_KIND_FOLDERS = tuple(sorted({folder for folder in KIND_DIRS.values() if folder != "."}))


def set_roots(folders: Iterable[str], pool: Sequence[Path] = ()) -> set[str]:
    """The designer's sets that the files in ``folders`` (absolute directories) lie in, each by its root (absolute),
    for the files in no game directory (a game directory's files are checked among its records): the nearest folder,
    the file's own or one above it, that holds a set's mark (:data:`SET_MARKS`), or, at or below the working
    directory (a folder above it is no part of the designer's project: a home folder holding ``maps/``), a folder of
    records of a kind (``cards/``, as ``import csv --into my-set`` and the editor write them: one that is no folder
    of game directories, as ``cards/`` of a card pool is). A set that is a folder of the card ``pool``, or lies in
    one, is none: every file of the pool is read already."""
    from toolkit.catalog import game_root

    try:
        here: str | None = os.path.join(os.getcwd(), "")
    except OSError:  # (a working directory removed meanwhile: the marks alone tell a set)
        here = None
    pooled = [os.path.join(os.path.abspath(p), "") for p in pool]
    found: set[str] = set()
    for folder in set(folders):
        if game_root(Path(folder)) is None and (root := _set_root(folder, here, pooled)) is not None:
            found.add(root)
    return found


def _set_root(folder: str, here: str | None, pooled: list[str]) -> str | None:
    """:func:`set_roots` of one folder (``here``: the working directory, ``pooled``: the pool's folders, each ending
    in a separator)."""
    directory = folder
    while True:
        inside = os.path.join(directory, "")
        if any(inside.startswith(p) for p in pooled):
            return None
        if any(os.path.lexists(os.path.join(directory, mark)) for mark in SET_MARKS):
            return directory
        if here is not None and inside.startswith(here) and any(map(_kind_folder, _kind_folders(directory))):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _kind_folders(directory: str) -> Iterator[str]:
    return (os.path.join(directory, kind) for kind in _KIND_FOLDERS)


def _kind_folder(path: str) -> bool:
    """Whether ``path`` is a folder records of a kind go in: a directory, and no folder of game directories (no
    ``<game>/game.json`` in it)."""
    from toolkit.catalog import GAME_FILE

    return os.path.isdir(path) and not any(os.path.isfile(os.path.join(path, g, GAME_FILE)) for g in GAMES)


def _set_sources(
    sources: list[Any], folders: Iterable[str], walked: Iterable[Path], pool: Sequence[Path], wanted: set[str]
) -> list[Any]:
    """The other record files of the designer's sets (:func:`set_roots`) that files named lie in, beside
    ``sources`` (the targets and their games' records), read when first used, not targets: a file of a set linted
    alone (the pre-commit hook's ``dossier lint my-set/cards/x.json``) is checked among its set and the pool, as
    ``dossier lint my-set`` and ``--cards cards --cards my-set`` check it. A set inside a directory linted whole has
    no record that is not a target."""
    from toolkit.catalog import path_files

    roots = set_roots(folders, pool)
    if not roots:
        return []
    done = [os.path.join(file_key(w), "") for w in walked]
    taken = wanted | {file_key(source.path) for source in sources}
    found: list[Any] = []
    for root in sorted(roots):
        if any(os.path.join(root, "").startswith(prefix) for prefix in done):
            continue
        for extra in path_files(Path(root)) or ():
            key = file_key(extra)
            if key not in taken:
                taken.add(key)
                found.append(FileSource(extra))
    return found


def lint_sources(
    sources: Iterable[Source],
    targets: set[str] | None = None,
    *,
    meter: Meter | None = None,
    jobs: int = 1,
    verdicts: TextVerdicts | None = None,
    shadowed: dict[tuple[str, str, str], Path] | None = None,
) -> LintResult:
    """Lint ``sources``; report findings only for files whose absolute path is in ``targets`` (default: all).

    ``meter`` counts the files as each is checked, then the records as their ability texts are
    (:mod:`toolkit.meter`). With ``jobs`` above 1 and at least :data:`PARALLEL_FROM` files, up to
    ``jobs - 1`` worker processes check files alongside (each reads its files itself; a file whose text is
    not what this process has is checked here); the findings are the same. ``verdicts``: the workers when
    the caller started them (their ``files`` a :class:`_Files`; ``jobs`` is not read then). ``shadowed``: the pool
    records left out for a record of ``sources`` of the same id (:func:`toolkit.catalog.pool_context`)."""
    count = meter_or_silent(meter)
    entries = []
    for source in sources:
        key = file_key(source.path)
        entries.append(Entry(source, targets is None or key in targets, key))
    with gc_paused():
        if verdicts is None:
            verdicts = TextVerdicts(_Files())
            wanted = [(e.key, e.source.path) for e in entries if e.target and e.source.text is not None]
            verdicts.start_workers(_text_chunks(wanted, jobs - 1), jobs - 1)
        try:
            return _lint_entries(entries, _Disk(verdicts), count, shadowed=shadowed)
        finally:
            verdicts.close()


class _Files:
    """Lint's :class:`~validators.text_lint.FileWork`: files checked whole, a batch at a time (the own checks of
    each, :func:`_check_file`, the verdicts on their ability texts, :func:`_reach_verdicts`, and what the checks
    across records keep of each, :func:`_settle`), here or in a worker process, which sends what this process
    keeps with the text it read (its check stands if this process reads the same)."""

    def __init__(self) -> None:
        self.fonts = _FontCoverage()
        self._disk: _Disk | None = None  # this process's (bind)
        self._count: Meter = meter_or_silent(None)
        self._release = False
        self._worker_disk: _Disk | None = None  # a worker's own
        # with a cache (lint_files): each file whose result may be kept is given its signature and content
        # (:attr:`Entry.signature`); ``fresh``: how many results were worked out this run
        self.keeping = False
        self.fresh = 0

    def bind(self, disk: _Disk, count: Meter, release: bool) -> None:
        """Check files here with ``disk``, advancing ``count``; ``release``: let each text go once checked."""
        self._disk, self._count, self._release = disk, count, release

    def check(self, entries: list[Entry]) -> None:
        disk = self._disk
        assert disk is not None
        for start in range(0, len(entries), BATCH_FILES):
            batch = entries[start : start + BATCH_FILES]
            for entry in batch:
                _check_file(entry, disk)
            texts = _reach_verdicts(batch, disk.verdicts)
            keeping = self.keeping
            for entry, found in zip(batch, texts, strict=True):
                kept, key = keeping and _keepable(entry), entry.key  # (while its text is held)
                _settle(entry, found, self.fonts, disk.verdicts, self._release)
                if kept:
                    self.fresh += 1
                    entry.key = key  # (the cache's results are by file key)
                self._count.advance()

    def work(self, chunk: list[tuple[str, Path]]) -> list[tuple[str, Any]]:
        disk = self._worker_disk
        if disk is None:
            disk = self._worker_disk = _Disk()
        kept: list[tuple[Entry, Any, tuple[Any, ...]]] = []
        for key, path in chunk:
            # the signature of the open file before it is read: a file changed after it differs from the parent's
            status: list[os.stat_result] = []
            entry = Entry(read_source(path, on_status=status.append), True, key)
            signature = signature_of(status[0]) if status else None
            _check_file(entry, disk)
            record = entry.record
            state = None if record is None else _summary_state(record)
            if state is not None:  # (a record the model refused, a kind kept whole: the parent checks it itself)
                kept.append((entry, signature, state))
        texts = _reach_verdicts([entry for entry, _, _ in kept], disk.verdicts)
        results = []
        keeping = self.keeping  # (the parent keeps results for the cache: each file's content too)
        for (entry, signature, state), found in zip(kept, texts, strict=True):
            key = entry.key  # (let go by _settle)
            _settle(entry, found, self.fonts, disk.verdicts, False, summary=False)
            content = content_digest(entry.source.text, entry.source.bom) if keeping else None
            results.append((key, _result(entry, signature, state, content)))
        return results

    def adopt(self, entry: Entry, result: Any, *, signed: bool = False) -> bool:
        """A worker's check stands if this process would read the same text: a file it has not read stands if
        its :func:`file_signature` is the one the worker saw before reading it (the file is not read here, only
        again to place a finding found later; ``signed``: the caller has just compared them); a text it holds,
        if it hashes the same (a worker is forked, so its string hashes are this process's). A kept result of
        an earlier run (:mod:`validators.lint_cache`) is taken the same way."""
        signature, digest, bom, findings, state, names, private, texts, fonts, text_findings, asked, content = result
        source = entry.source
        held = True  # (whether the entry holds the text it was checked on)
        if isinstance(source, FileSource) and source.unread:
            if signature is None or (not signed and file_signature(source.path) != signature):  # (it changed)
                return False
            source.read_elsewhere(bom)
            entry.released, held = True, False
        elif source.text is None or hash(source.text) != digest or source.bom != bom:  # (it read another text)
            return False
        found = _SUMMARY_CLASSES.get((state[0], state[1])) or _summary_class(state[0], state[1])
        assert found is not None
        if self.keeping:
            entry.signature, entry.content, entry.schema_ref = signature, content, asked
            self.fresh += not signed  # (a worker's result: worked out this run)
        entry.record, entry._findings, entry.names, entry.private = _summary(found, state), findings, names, private
        entry.texts, entry.fonts, entry.text_findings, entry.checked = texts, fonts, text_findings, True
        if not self.keeping:  # (else kept: the cache's results are by file key)
            entry.key = ""
        if held and self._release:  # (a file read elsewhere holds no text here)
            _release(entry)
        self._count.advance()
        return True


def _take_kept(
    key: str, found: Any, ready: dict[str, Any], files: _Files, probe: _Disk, *, context: bool = False
) -> None:
    """Put in ``ready`` the kept result ``found`` of the file ``key`` if it still stands: the file's "$schema"
    names a file, or not, as it did, and the file is unchanged (its signature the same, or its bytes: then the
    result is kept again with its new signature). ``context``: the file is no target, so only what the checks
    across records read of it is taken (:meth:`LintCache.for_context`; a target's findings, texts and fonts are
    worked out for targets only)."""
    if found is None or not _summarizes(found[4]):
        return
    asked = found[10]  # (the "$schema" looked for: it must name a file, or not, as it did)
    if asked is not None and probe.resolves(os.path.dirname(key), asked[0]) != asked[1]:
        return
    if context:  # (the parts a file named by no one has: see _settle)
        found = (*found[:3], None, *found[4:7], (), None, None, *found[10:])
    if file_signature(key) == found[0]:
        ready[key] = found
        return
    # changed since, or only moved, copied, checked out again or touched: the same bytes stand
    signature = _same_content(key, found[11])
    if signature is not None:
        ready[key] = (signature, *found[1:])
        files.fresh += 1  # (kept again with its new signature)


def _same_content(path: str, content: bytes | None) -> bytes | None:
    """The signature of the file at ``path`` if its bytes have the :func:`content_digest` ``content``, else None."""
    if content is None:
        return None
    status: list[os.stat_result] = []
    try:
        data = read_regular(Path(path), MAX_SOURCE_BYTES, on_status=status.append)
    except OSError:
        return None
    if _digest(data) != content or not status:
        return None
    return signature_of(status[0])


def _summarizes(state: tuple[Any, ...]) -> bool:
    """Whether ``state`` makes a summary of a kind (its game and kind one of those summarized, a value a field)."""
    found = _summary_class(state[0], state[1]) if type(state[0]) is str and type(state[1]) is str else None
    return found is not None and len(state) == 4 + len(found[1])


def _keepable(entry: Entry) -> bool:
    """For a file just checked here (not settled yet: its text is held): whether its result may be kept (a record
    of a kind summarized, read here), giving it its signature as read and its :func:`content_digest`."""
    source, record = entry.source, entry.record
    if record is None or not isinstance(source, FileSource) or source.signature is None:
        return False
    text = source.text
    if text is None or _summary_class(record.game, record.kind) is None:
        return False
    entry.signature, entry.content = source.signature, content_digest(text, source.bom)
    return True


def own_findings(entries: Iterable[Entry]) -> dict[Entry, tuple[list[Finding] | None, list[Finding] | None]]:
    """The findings of each file's own checks (its findings and its ability texts' findings, copied) for those of
    ``entries`` whose result may be kept and that have any, once their own checks are done: the checks across
    records add theirs to the same lists (:func:`kept_results` keeps these; a file not here had none)."""
    return {
        entry: (None if entry._findings is None else list(entry._findings), entry.text_findings)
        for entry in entries
        if entry.signature is not None and (entry._findings is not None or entry.text_findings is not None)
    }


def kept_results(
    entries: Iterable[Entry], own: dict[Entry, tuple[list[Finding] | None, list[Finding] | None]] | None = None
) -> dict[str, tuple[Any, ...]]:
    """By file key, the result of each of ``entries`` that may be kept (:attr:`Entry.signature`) in the form the
    cache holds it (:func:`validators.lint_cache.stored`): what their own checks found, taken before the checks
    across records, or, after them, from ``own`` (:func:`own_findings`, taken before them; the rest of what is
    kept the checks across records leave as it is)."""
    from .lint_cache import stored

    found: dict[str, tuple[Any, ...]] = {}
    for entry in entries:
        summary = entry.record
        if entry.signature is None or not isinstance(summary, RecordSummary):
            continue
        cls = _summary_class(summary.game, summary.kind)
        assert cls is not None
        state = (summary.game, summary.kind, summary.id, summary.art, *[getattr(summary, f) for f in cls[1]])
        findings, text_findings = (entry._findings, entry.text_findings) if own is None else own.get(entry, _NONE)
        found[entry.key] = stored(
            entry.signature, entry.source.bom, findings, state, entry.names, entry.private, entry.texts,
            entry.fonts, text_findings, entry.schema_ref, entry.content,
        )  # fmt: skip
    return found


_NONE = (None, None)  # (a file with no findings of its own)


def content_digest(text: str | None, bom: bool) -> bytes | None:
    """A digest of the bytes of a file read as ``text`` (UTF-8, a byte order mark first if ``bom``): what tells a
    kept result's file from another when its signature changed (a checkout, a copy, a touch)."""
    if text is None:
        return None
    return _digest(("\ufeff" + text if bom else text).encode())


def _digest(data: bytes) -> bytes:
    """The digest of a file's bytes that a kept result holds (:func:`content_digest`)."""
    return hashlib.blake2b(data, digest_size=16).digest()


def _result(
    entry: Entry, signature: bytes | None, state: tuple[Any, ...], content: bytes | None = None
) -> tuple[Any, ...]:
    """What a worker's check of a file leaves for the checks across records (a settled entry, its text held): the
    result it sends (the parent compares the text's hash with a text it holds), with its ``content``
    (:func:`content_digest`) when the parent keeps results; the cache keeps the same parts
    (:func:`kept_results`)."""
    source = entry.source
    digest = 0 if source.text is None else hash(source.text)
    return (signature, digest, source.bom, entry._findings, state, entry.names,
            entry.private, entry.texts, entry.fonts, entry.text_findings, entry.schema_ref, content)  # fmt: skip


def _lint_entries(
    entries: list[Entry],
    disk: _Disk,
    count: Meter,
    release: bool = False,
    ready: dict[str, Any] | None = None,
    checked: Callable[[], None] | None = None,
    shadowed: dict[tuple[str, str, str], Path] | None = None,
) -> LintResult:
    """Check each file, then the records of each game together, then place each finding (``release``: each
    file was read from disk, so its text may be let go and read again to place a finding; see :class:`Entry`;
    ``ready``: by file key, the kept results of files unchanged since an earlier run, taken as they are;
    ``checked``: called once each file's own checks are done, before the checks across records; ``shadowed``:
    the pool records left out for a file in no game directory of the same id, :func:`toolkit.catalog.pool_sources`)."""
    count.start(tr("checking files"), len(entries))
    verdicts = disk.verdicts
    files = verdicts.files if isinstance(verdicts.files, _Files) else _Files()
    files.bind(disk, count, release)
    if ready:
        for entry in entries:
            found = ready.get(entry.key)
            if found is not None:
                files.adopt(entry, found, signed=True)
        ready.clear()  # (what the entries do not hold of them let go)
    files.check([e for e in entries if not e.checked and not verdicts.delegated(e.key)])  # while the workers start
    verdicts.take_back(entries)  # the chunks no worker has taken, checked here; the workers' results taken in
    files.check([entry for entry in entries if not entry.checked])  # and each file no worker checked after all
    if checked is not None:
        checked()
    verdicts.known.clear()  # (what the checks across records do not read)
    verdicts.forms.clear()
    verdicts.sides.clear()
    by_game: dict[str, list[Entry]] = defaultdict(list)
    named: dict[str, list[Entry]] = defaultdict(list)  # and the records the model refused, for their names
    # the records no one asked about first: a duplicate id, name or symbol is reported on the later of the two
    # records, so a file named (or in the directory linted) that repeats one of the others' is the one told
    others = [entry for entry in entries if not entry.target]
    for entry in [*others, *(entry for entry in entries if entry.target)] if others else entries:
        if entry.record is not None:
            by_game[entry.record.game].append(entry)
            named[entry.record.game].append(entry)
        elif entry.rejected is not None:
            named[entry.rejected.game].append(entry)
    for game_entries in named.values():
        _check_names(game_entries)
    indexes: dict[str, GameIndex] = {}
    for game in named:  # (a game none of whose records the model took: its refused records' ids)
        if game not in by_game:
            _check_ids([], shadowed, [e for e in named[game] if e.record is None])
    for game, game_entries in by_game.items():
        refused = [e for e in named[game] if e.record is None] if len(named[game]) > len(game_entries) else []
        _check_ids(game_entries, shadowed, refused)
        index = indexes[game] = GameIndex(game, game_entries, refused)
        _check_texts(index)
        _check_fonts(game_entries)
        check_art(game_entries)
    count.start(tr("checking texts"), sum(map(len, by_game.values())))
    for game, game_entries in by_game.items():  # (each file's findings in the order of the checks)
        check_ability_texts(game_entries, count)
        GAME_CHECKS[game](indexes[game])
    for game, game_entries in named.items():  # the references of the records the model refused, from their data
        for entry in game_entries:
            if entry.record is None and entry.refs:
                if game not in indexes:  # (a game none of whose records the model took)
                    indexes[game] = GameIndex(game, [], [e for e in game_entries if e.record is None])
                _check_raw_refs(entry, indexes[game])
    findings: list[Finding] = []
    for entry in entries:
        if not entry._findings:
            continue
        if any(f.line is None for f in entry._findings):
            _place(entry)  # (the findings of the checks across records: the file is read again)
        located = entry._findings
        if len(located) > 1:  # the same problem told twice (a schema says some twice: a field and a pattern): once
            located = list(dict.fromkeys(located))
        located.sort(key=lambda f: (f.line or 0, f.column or 0))
        if len(located) > MAX_FINDINGS_PER_FILE:
            rest = located[MAX_FINDINGS_PER_FILE:]
            located = located[:MAX_FINDINGS_PER_FILE]
            errors = sum(1 for f in rest if f.severity == "error")
            last = rest[0]
            located.append(
                Finding(
                    "card.findings.more",
                    trn(
                        "{n} more problem in this file ({errors} errors) not listed; fix these first",
                        "{n} more problems in this file ({errors} errors) not listed; fix these first",
                        len(rest),
                        errors=errors,
                    ),
                    "error" if errors else "warning",
                    last.file,
                    None,
                    last.line,
                    last.column,
                )
            )
        findings.extend(located)
    records = [(e.source.path, e.record) for e in entries if e.target and e.record is not None]
    # (a file that cannot be read has no record: the source of every other is not asked, a property call each)
    io_errors = sum(1 for e in entries if e.target and e.record is None and e.source.io_error)
    return LintResult(findings, records, sum(1 for e in entries if e.target), io_errors)


class _FontCoverage:
    """What the print font can draw (:func:`validators.font_lint.covered_characters`), read when a record
    first asks."""

    def __init__(self) -> None:
        self._read = False
        self._covered: frozenset[str] | None = None

    def covered(self) -> frozenset[str] | None:
        if not self._read:
            self._covered, self._read = covered_characters(), True
        return self._covered


BATCH_FILES = 48
"""The files :class:`_Files` checks together: the JSON and model checks of each (:func:`_check_file`), then the
verdicts on all their ability texts (:func:`_reach_verdicts`), then what is kept of each (:func:`_settle`)."""


def _reach_verdicts(entries: list[Entry], verdicts: TextVerdicts) -> list[list[tuple[Path_, str]]]:
    """The ability texts of each of ``entries`` (:func:`_ability_texts`), their verdicts reached (:func:`_settle`
    then finds them known). The texts of a batch of files parsed one after the other, rather than each between
    the JSON and model checks of its file, keep the parser's code and tables in the processor's caches: a lint
    of many files takes some 15% less time."""
    texts = [_ability_texts(entry) for entry in entries]
    verdicts.reach(text for found in texts for _, text in found)
    return texts


def _ability_texts(entry: Entry) -> list[tuple[Path_, str]]:
    """The ability texts of a target's record (none for a file that is no target or has no record), each with
    its path (one tuple per path, shared by the entries)."""
    record = entry.record
    if record is None or not entry.target:
        return []
    return [(_TEXT_PATHS.setdefault(path, path), text) for path, text in iter_texts(record)]


_TEXT_PATHS: dict[Path_, Path_] = {}  # one tuple per path of an ability text ("text", 0), shared by the entries


def _settle(
    entry: Entry,
    texts: list[tuple[Path_, str]],
    fonts: _FontCoverage,
    verdicts: TextVerdicts,
    release: bool,
    summary: bool = True,
) -> None:
    """After a file's own checks: the findings of its ability texts (``texts``, :func:`_ability_texts`), each
    finding so far placed in the text (which is at hand), and what the checks across records read kept
    (:class:`Entry`: with ``summary``, the record's summary in place of the model); the rest dropped."""
    record = entry.record
    if record is not None:
        if entry.target:  # (the checks across records report on targets only)
            if texts:
                entry.text_findings = ability_text_findings(entry, verdicts, record.game, texts) or None
                named = [item for item in texts if "「" in item[1] or "[" in item[1]]
                if named:
                    if record.game == "tactics":  # (the game whose engine does something with a quoted name)
                        named = [_with_uses(item, verdicts) for item in named]
                    entry.texts = tuple(named)
            if record.game == "crossfire" and record.kind == "role":  # (its fields against its text: here, whole)
                check_role_fields(entry, record)
            covered = fonts.covered()
            source_text = entry.source.text
            if covered is not None and (source_text is None or may_miss(source_text, covered)):
                entry.fonts = _missing_characters(entry.data, covered) or None
        name = record.name
        entry.names = (name.zh_hans, name.en)
        # the value as stored: getattr on a model without the field costs a raise inside pydantic
        entry.private = record.__dict__.get("private", False)
        if summary:
            entry.record = summarize(record)
    if entry._findings or entry.text_findings:
        _place(entry, checked=True)
    entry.data, entry.key, entry.checked = None, "", True
    if release:
        _release(entry)


def _with_uses(item: tuple[Path_, str], verdicts: TextVerdicts) -> tuple[Any, ...]:
    """A tactics text kept for the checks across records (``item``: path, text), with what it does with each name
    it quotes (:func:`~validators.text_lint.name_uses`, read from the tree its verdict left in the parse cache) when
    it parses and does something with one."""
    text = item[1]
    if "「" not in text or not parses(verdicts.get(text)):
        return item
    uses = name_uses(text)
    return (*item, uses) if uses else item


def _place(entry: Entry, checked: bool = False) -> None:
    """Put each finding of ``entry`` not placed yet at the line and column of its value (the nearest enclosing
    one that is in the text), or at the start of a file that has no such place. ``checked``: the text at hand is
    the one the file's checks read (a canonical one is then searched by its layout: :func:`canonical_positions`)."""
    findings, more = entry._findings or [], entry.text_findings or []
    unplaced = [f for f in (*findings, *more) if f.line is None]
    if not unplaced:
        return
    wanted = [f.pointer for f in unplaced if f.pointer is not None]
    text = entry.source.text
    if text is None and entry.released:  # read before, gone now: the findings are placed at its start
        text = ""
    # only the places the findings need: the rest of a large file is passed over by the C decoder
    if not text or not wanted:
        positions = {}
    elif checked and entry.canonical:
        positions = canonical_positions(text, wanted)
    else:
        positions = value_positions(text, wanted)

    def placed(finding: Finding) -> Finding:
        if type(finding) is InText:  # at a character of the ability text at its pointer: there in the file
            at = positions.get(finding.pointer) if finding.pointer is not None else None
            if at is not None and text:
                line, column = at_character(text, at, finding.offset)
            else:
                line, column = pointer_position(positions, finding.pointer or "")
            return Finding(finding.code, finding.message, finding.severity, finding.file, finding.pointer, line, column)
        if finding.line is None and finding.pointer is not None:
            return _located(finding, *pointer_position(positions, finding.pointer))
        if finding.line is None and text is not None:
            return _located(finding, 1, 1)
        return finding

    if findings:
        entry._findings = [placed(f) for f in findings]
    if more:
        entry.text_findings = [placed(f) for f in more]


def _located(finding: Finding, line: int, column: int) -> Finding:
    """:meth:`Finding.located`, a finding made anew rather than through :func:`dataclasses.replace` (which reads
    the class's fields at each call: twice the time, for every finding placed)."""
    if type(finding) is not Finding:  # (a subclass may have fields of its own)
        return finding.located(line, column)
    return Finding(finding.code, finding.message, finding.severity, finding.file, finding.pointer, line, column)


def _release(entry: Entry) -> None:
    """Let the text of a file read from disk go (read again if a finding is to be placed, or a map's cells)."""
    source = entry.source
    if isinstance(source, FileSource) and source.holds_text and source.text is not None:
        source.release()
        entry.released = True


def _missing_characters(data: Any, covered: frozenset[str]) -> dict[str, str]:
    """:func:`validators.font_lint.missing_characters`: each character of a record document the font lacks,
    with the pointer of the first string using it (in the order that walks the document: depth first, "$schema"
    left out); a pointer is built only for a string that lacks a character."""
    found: dict[str, str] = {}

    def check(text: str, path: Path_, key: str | int) -> None:
        if text.isascii() and text.isprintable():
            return  # printable ASCII is always in the subset
        lacking = set(text).difference(covered)
        if not lacking:
            return
        ptr = None
        for ch in text:
            if ch in lacking and ch not in found and unicodedata.category(ch) != "Cc":
                if ptr is None:
                    ptr = pointer(*path, key)
                found[ch] = ptr

    def walk(value: Any, path: Path_) -> None:
        items: Iterable[tuple[str | int, Any]]
        if isinstance(value, dict):
            items = ((key, item) for key, item in value.items() if key not in FONT_SKIPPED_KEYS)
        else:
            items = enumerate(value)
        for key, item in items:
            if isinstance(item, str):
                check(item, path, key)
            elif isinstance(item, dict | list):
                walk(item, (*path, key))

    if isinstance(data, dict | list):  # (a record: an object)
        walk(data, ())
    return found


def _check_fonts(entries: list[Entry]) -> None:
    """:func:`validators.font_lint.check_fonts` from each record's missing characters, found as its file was
    checked: one warning per character the print font lacks, on the first lint target of the game using it."""
    uses: dict[str, tuple[Entry, str]] = {}
    counts: dict[str, int] = {}
    for entry in entries:
        missing = entry.fonts
        if missing:
            for ch, ptr in missing.items():
                uses.setdefault(ch, (entry, ptr))
                counts[ch] = counts.get(ch, 0) + 1
    for ch, (entry, ptr) in uses.items():
        entry.add(FONT_CODE, font_message(entry.label, ptr, ch, counts[ch]), ptr, "warning")
