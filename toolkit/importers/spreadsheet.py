"""`dossier import csv`: records from a spreadsheet saved as CSV, one record per row.

The sheet:

- The first row names the fields. A nested field is dotted
  (``cost.mortgage``, ``equipment.attack.range.max``); the name is
  ``name.zh-Hans`` / ``name.en`` (plain ``zh-Hans`` / ``en`` columns work too); a name, flavor or printed text
  in another language goes under its language tag (``name.fr``, ``flavor.pt-BR``).
  ``kind``, ``game`` and ``$schema`` are filled in (a ``kind`` or ``game`` column,
  where there is one, must agree with ``--kind`` / ``--game``).
- A list field comes from several columns of the same name (``text``,
  ``text``, …), from numbered columns (``text.0``, ``text.1``, …; items whose
  cells are empty are left out and the rest close up), or from one cell split
  on a separator: a line break for free text (``text``, ``draw_phase``,
  ``printed_text.en``), a comma (``,``, ``，`` or ``、``) for everything else
  (``subtypes``, ``equipment.users``). A column naming a whole object, or a
  list of objects, takes JSON (``deck_rules``: ``[{"rule": "one_identity"}]``);
  items of a list of objects can also be numbered (``printings.0.code``).
- Cells are read by the record model's field types: whole numbers, ``true`` /
  ``false`` (also ``yes``/``no``, ``1``/``0``, ``是``/``否``, Excel's ``TRUE``), the
  values of a closed vocabulary, and ``null`` where a field may be null (``X`` too
  where null means X: a cost, an ice's strength; refused where null means none). An empty cell leaves the field out (the model's default
  applies). Blank rows are skipped.
- The id comes from an ``id`` column, else from the English name (``Anti-Materiel
  Rifle`` -> ``anti_materiel_rifle``), else from the Chinese name's Latin letters
  and digits; a row whose name gives none needs an id.

The file: UTF-8 with or without a byte-order mark (Excel's "CSV UTF-8"), or
UTF-16 or UTF-32 with one (Excel's "Unicode Text" is UTF-16); ``encoding`` names another (``gb18030``
for Excel's plain "CSV" on Chinese Windows). The delimiter is ``,``, ``;`` or a
tab, whichever the header row uses most, or the one Excel's first line ``sep=;`` names (no row of the sheet).
Quoted cells may hold line breaks.

Records go to ``DIR/<kind directory>/<id>.json`` (:data:`toolkit.models.KIND_DIRS`,
the layout of the bundled ``cards/<game>/``), in canonical JSON, each written
atomically. Before anything is written, every record is linted as ``dossier
lint`` would, in the context of the game's data: ``DIR`` itself when it is a game
directory (it holds the game.json, as the bundled ``cards/<game>/`` does), else the
card pool's records of the game (``pool``: ``--cards``, the configured pool, or the
bundled cards) together with what ``DIR`` already holds. Every problem is reported at its row and
column (a finding's line is where the row starts in the file, its column the spreadsheet column number;
:meth:`CsvImport.format` says it as the sheet does: ``cards.csv: row 7 (line 9), column D (cost.mortgage):
error csv.value: 'x' is not a whole number``). A value of a vocabulary that is not one is answered with
the accepted values in both languages, the closest first (:func:`not_accepted`). Nothing is written when
any row has an error: fix the sheet and run again; nor when the import gives another record of ``DIR`` a lint
error it did not have (a text quoting a row's name, renamed or deleted: :func:`_broken`). A file that exists with
other content is never replaced unless ``force`` or it is a record this sheet alone wrote before, unchanged since
but for ``dossier fmt`` / ``dossier text fmt`` (the manifest ``DIR/.dossier-import/manifest.json``, which names a
sheet by its path from ``DIR``, :func:`sheet_key`, and :func:`fingerprint`); one with the same content is left
untouched. Replaced with ``force``, a record keeps the fields no column of the sheet gives (:func:`_keep_fields`).
The records this sheet wrote before for rows it no longer has (a row renamed or deleted), still as it wrote them
and held by no other sheet, are removed once the rest is written, and are no part of the data its rows are
linted among (:attr:`CsvImport.removed`); one changed since stays, with a warning. A record of a row with the id of
a record of the pool is linted in its place, as ``dossier lint`` lints a set folder (a warning, card.id.pool). A
quantity column (``copies``, ``数量``) writes a print deck
(:func:`toolkit.sheets.selection.copies_deck`) to ``DIR/.dossier-import/<sheet>.deck.json``, one deck per sheet
(:func:`_deck_file`: the manifest's ``decks`` say which sheet owns which).
"""

from __future__ import annotations

import codecs
import csv
import io
import math
import os
import re
import types
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from toolkit.errors import DossierError, os_reason
from toolkit.findings import Finding, finding_line
from toolkit.i18n import chinese, current_lang, tr, trn, word
from toolkit.jsonio import JsonSyntaxError, Source, canonical_dumps, loads_limited, loads_strict, pointer, read_regular
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import GAMES, KIND_DIRS, KINDS, SLUG_PATTERN, TYPE_BRANCHES, schema_path
from toolkit.models.common import LANG_TAG

DELIMITERS = (",", ";", "\t")
MAX_SHEET_BYTES = 32 * 2**20  # a sheet of every card of a game is a few MiB at most
MAX_ROWS = 10_000  # records from one sheet (every Netrunner card ever printed is about 2,000)
TRUE_WORDS = frozenset({"true", "yes", "y", "1", "是", "对"})
FALSE_WORDS = frozenset({"false", "no", "n", "0", "否", "不"})
NULL_WORDS = frozenset({"null"})
EMPTY_LIST = "[]"  # a list cell that says the list is there and empty (an empty cell leaves the field out)
LIST_SEPARATORS = re.compile(r"[,，、]")
NAME_COLUMNS = {"zh-Hans": "name.zh-Hans", "zh_hans": "name.zh-Hans", "en": "name.en"}
COPIES_COLUMNS = frozenset({"copies", "quantity", "数量", "份数"})  # the quantity column (not a record field)
COPIES_COLUMN = "copies"  # the name an export gives it
MAX_COPIES = 99  # of one card in a print run (a deck's count allows as many)
PRINTED_IN_COPIES = ("card", "role")  # the kinds a print deck counts
_SLUG = re.compile(SLUG_PATTERN)
_LANG_TAG = re.compile(LANG_TAG)
_INDEX = re.compile(r"^\d+$")

Mode = Literal["scalar", "split", "json"]


# ---------------------------------------------------------------------- field types


@dataclass(frozen=True)
class Slot:
    """Where a column's cells go in a record and how they are read."""

    tokens: tuple[str | int, ...]
    mode: Mode
    leaf: Any  # the (unwrapped) type of a scalar, or of a split list's items
    nullable: bool = False
    separator: str = ","  # for "split": "\n" (free text) or "," (anything else)
    pattern: str | None = None  # the pattern a string (or a split list's strings) must match
    x: bool = False  # a whole number whose null means X (a cost the card says is X): the cell ``X`` is null


class _Unknown(Exception):
    """A column path that names no field of the model; ``no_field`` when a part of it names nothing at all (not a
    field that cannot take a part): ``part`` is that part, ``level`` the tokens of the object it was looked for in
    (empty: the record) and ``fields`` the fields that object has."""

    def __init__(
        self,
        message: str,
        *,
        no_field: bool = False,
        part: str = "",
        level: tuple[str | int, ...] = (),
        fields: Sequence[str] = (),
    ) -> None:
        super().__init__(message)
        self.no_field = no_field
        self.part, self.level, self.fields = part, level, list(fields)


class _NullIsX:
    """The mark :func:`_field` puts on a field whose description says its null is X (``null where X``)."""


NULL_IS_X = _NullIsX()
_SAYS_X = re.compile(r"\bnull\b[^.]*\bX\b")  # "null where X", "null where the card says X"


def _unwrap(annotation: Any) -> tuple[Any, bool, list[Any]]:
    """Strip ``Annotated`` and ``| None``: (core type, nullable, metadata seen)."""
    nullable = False
    metadata: list[Any] = []
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            args = get_args(annotation)
            metadata.extend(args[1:])
            annotation = args[0]
            continue
        if origin in (Union, types.UnionType):
            members = [a for a in get_args(annotation) if a is not type(None)]
            if len(members) < len(get_args(annotation)):
                nullable = True
            if len(members) == 1:
                annotation = members[0]
                continue
            return Union[tuple(members)], nullable, metadata  # noqa: UP007 (a runtime union of the remaining members)
        return annotation, nullable, metadata


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _union_models(annotation: Any) -> list[type[BaseModel]]:
    if get_origin(annotation) in (Union, types.UnionType):
        members = [_unwrap(a)[0] for a in get_args(annotation)]
        if members and all(_is_model(m) for m in members):
            return members
    return []


def _field(model: type[BaseModel], part: str) -> tuple[str, Any] | None:
    """(JSON key, annotation) of the field ``part`` names (its alias or its name)."""
    for name, info in model.model_fields.items():
        if part in (info.alias, name):
            annotation: Any = info.annotation
            metadata = [*info.metadata]
            if info.description and _SAYS_X.search(info.description):
                metadata.append(NULL_IS_X)  # (elsewhere null means none: a program's strength, a trash cost)
            if metadata:
                annotation = Annotated[(annotation, *metadata)]
            return info.alias or name, annotation
    return None


def _open_to_languages(model: type[BaseModel]) -> bool:
    """A model that takes any language under its tag beside its own fields (names, flavor, printed text)."""
    return model.model_config.get("extra") == "allow" and _field(model, "zh-Hans") is not None


def _pattern(metadata: Iterable[Any]) -> str | None:
    """The ``pattern`` constraint among a field's metadata (``StringConstraints``, ``Field(pattern=…)``)."""
    for item in metadata:
        for part in (item, *getattr(item, "metadata", ())):
            found = getattr(part, "pattern", None)
            if isinstance(found, str):
                return found
    return None


def _is_free_text(annotation: Any) -> bool:
    """A string without a pattern (ability text, printed text): lists of it split on line breaks."""
    core, _, metadata = _unwrap(annotation)
    if core is not str:
        return False
    return not any(getattr(m, "pattern", None) for m in metadata)


def _structured(annotation: Any) -> bool:
    core = _unwrap(annotation)[0]
    return _is_model(core) or bool(_union_models(core)) or get_origin(core) in (dict, list)


def resolve(annotation: Any, parts: Sequence[str], tokens: tuple[str | int, ...] = ()) -> Slot:
    """The slot a dotted column path names under ``annotation``; raises :class:`_Unknown`."""
    core, nullable, metadata = _unwrap(annotation)
    if not parts:
        if _is_model(core) or _union_models(core) or get_origin(core) is dict:
            return Slot(tokens, "json", core, nullable)
        if get_origin(core) is list:
            (item,) = get_args(core)
            if _structured(item):
                return Slot(tokens, "json", core, nullable)
            separator = "\n" if _is_free_text(item) else ","
            item_core, _, item_metadata = _unwrap(item)
            return Slot(tokens, "split", item_core, nullable, separator, _pattern(item_metadata))
        x = any(m is NULL_IS_X for m in metadata)
        return Slot(tokens, "scalar", core, nullable, pattern=_pattern(metadata), x=x)
    part, rest = parts[0], parts[1:]
    members = [core] if _is_model(core) else _union_models(core)
    if members:
        for model in members:
            found = _field(model, part)
            if found is not None:
                return resolve(found[1], rest, (*tokens, found[0]))
        languages = [m for m in members if _open_to_languages(m)]
        if languages:  # another language takes what Chinese does: name.fr, flavor.ja, printed_text.pt-BR
            if _LANG_TAG.match(part):
                found = _field(languages[0], "zh-Hans")
                assert found is not None
                return resolve(found[1], rest, (*tokens, part))
            raise _Unknown(tr("{key} is not a language tag (such as {examples})", key=repr(part),
                              examples="fr, pt-BR, zh-Hant"))  # fmt: skip
        raise _Unknown(
            tr("no field {field}", field=repr(part)),
            no_field=True,
            part=part,
            level=tokens,
            fields=_known_fields(members),
        )
    if get_origin(core) is list:
        if not _INDEX.match(part):
            if _structured(get_args(core)[0]):
                raise _Unknown(
                    tr(
                        "{field} is a list: number its items ({example}, …)",
                        field=_dotted(tokens),
                        example=f"{_dotted(tokens)}.0.{part}",
                    )
                )
            raise _Unknown(
                tr("{field} is a list of single values; it has no field {part}", field=_dotted(tokens), part=repr(part))
            )
        return resolve(get_args(core)[0], rest, (*tokens, int(part)))
    if get_origin(core) is dict:
        return resolve(get_args(core)[1], rest, (*tokens, part))
    raise _Unknown(tr("{field} has no fields (it is a single value)", field=_dotted(tokens)))


def _dotted(tokens: Iterable[str | int]) -> str:
    return ".".join(map(str, tokens))


def _known_fields(models: Iterable[type[BaseModel]]) -> list[str]:
    names: dict[str, None] = {}
    for model in models:
        for name, info in model.model_fields.items():
            if name not in ("kind", "game"):
                names.setdefault(info.alias or name, None)
    return list(names)


# ---------------------------------------------------------------------- cells


class _BadCell(Exception):
    pass


def _literal_choices(leaf: Any) -> tuple[Any, ...] | None:
    return get_args(leaf) if get_origin(leaf) is Literal else None


MAX_DIGITS = 18  # a whole number in a sheet: nothing a record holds needs more (and Python stops at 4300)


def _whole_number(text: str) -> int:
    value = unicodedata.normalize("NFKC", text).strip().replace("\u2212", "-")
    match = re.fullmatch(r"[+-]?(\d+)(\.0*)?", value)  # with .0: a number cell Excel wrote as 3.0
    if match is None:
        raise _BadCell(tr("{value} is not a whole number", value=_short(text)))
    if len(match.group(1).lstrip("0")) > MAX_DIGITS:
        raise _BadCell(
            tr(
                "{value} has {n} digits; the limit is {limit}",
                value=_short(text),
                n=len(match.group(1)),
                limit=MAX_DIGITS,
            )
        )
    return int(value.split(".")[0])


def coerce(text: str, leaf: Any, nullable: bool, *, x: bool = True) -> Any:
    """One cell (not empty) as a value of type ``leaf``; raises :class:`_BadCell` with the reason. ``X`` is null
    for a nullable whole number only where ``x`` (its null means X, :attr:`Slot.x`); where null means none (a
    program's strength, a trash cost) it is refused, never read as none."""
    word = unicodedata.normalize("NFKC", text).strip()
    if nullable and word.casefold() in NULL_WORDS:
        return None
    if nullable and leaf is int and word.casefold() == "x":
        if x:
            return None
        raise _BadCell(
            tr(
                "{value} is not a whole number (null here means none, not {x}): give a whole number, or {null} "
                "for none",
                value=_short(text),
                null="null",
                x="X",
            )
        )
    choices = _literal_choices(leaf)
    if choices is not None:
        for choice in choices:
            if (isinstance(choice, bool) and word.casefold() in (TRUE_WORDS if choice else FALSE_WORDS)) or (
                not isinstance(choice, bool) and str(choice) == word
            ):
                return choice
        raise _BadCell(not_accepted(word, [_literal_term(c) for c in choices]))
    if leaf is bool:
        key = word.casefold()
        if key in TRUE_WORDS:
            return True
        if key in FALSE_WORDS:
            return False
        raise _BadCell(
            tr(
                "{value} is not true or false ({choices})",
                value=_short(text),
                choices="true/false、yes/no、1/0、是/否" if chinese(current_lang()) else "true/false, yes/no, 1/0",
            )
        )
    if leaf is int:
        return _whole_number(text)
    if leaf is float:
        try:
            number = float(word)
        except ValueError:
            raise _BadCell(tr("{value} is not a number", value=_short(text))) from None
        if not math.isfinite(number):  # nan, inf, 1e400: no JSON number holds them
            raise _BadCell(tr("{value} is not a finite number", value=_short(text)))
        return number
    if _structured(leaf) or leaf is Any:
        return _json_cell(text)
    return text.strip()


def _json_cell(text: str) -> Any:
    try:  # limited: no NaN/Infinity (not JSON, and not writable back), no 5000-digit integers, no deep nesting
        return loads_limited(text)
    except JsonSyntaxError as exc:
        raise _BadCell(
            tr(
                "{value} is not {format} ({reason} at character {column})",
                value=_short(text),
                format="JSON",
                reason=exc.message,
                column=exc.column,
            )
        ) from None


# ---------------------------------------------------------------------- vocabularies


@dataclass(frozen=True)
class Term:
    """A value a field accepts, with its names in both languages where it has them."""

    id: str
    zh: str | None = None
    en: str | None = None

    def shown(self) -> str:
        names = [n for n in ((self.zh, self.en) if chinese(current_lang()) else (self.en, self.zh)) if n and n != self.id]
        if not names:
            return self.id
        return tr("{value} ({names})", value=self.id, names=" / ".join(dict.fromkeys(names)))


def _literal_term(choice: Any) -> Term:
    value = str(choice).lower() if isinstance(choice, bool) else str(choice)
    zh, en = word("type", value, "zh-Hans"), word("type", value, "en")
    return Term(value, zh if zh != value else None, en if en != value else None)


def ranked(value: str, terms: Sequence[Term]) -> tuple[list[Term], bool]:
    """``terms`` closest to ``value`` first (by id and by either name), and whether the first is close enough
    to suggest (one of its names is ``value``, or they are alike)."""
    from difflib import SequenceMatcher

    key = unicodedata.normalize("NFKC", value).strip().casefold()

    def score(term: Term) -> float:
        names = [n.casefold() for n in (term.id, term.zh, term.en) if n]
        if key in names:
            return 2.0
        return max(SequenceMatcher(None, key, name).ratio() for name in names)

    scores = {term.id: score(term) for term in terms}
    order = sorted(terms, key=lambda t: -scores[t.id])
    return order, bool(order) and scores[order[0].id] >= 0.6


def not_accepted(value: str, terms: Sequence[Term], vocabulary: str | None = None) -> str:
    """Why ``value`` is refused: the accepted values in both languages, the closest first, and a suggestion."""
    order, close = ranked(value, terms)
    choices = tr(", ").join(t.shown() for t in order)
    shown = _short(value)
    if vocabulary is None:
        head = tr("{value} is not an accepted value", value=shown)
    else:
        head = tr("{value} is not in the game's {field}", value=shown, field=vocabulary)
    if close:
        return tr("{problem}; did you mean {suggestion}? Accepted: {choices}", problem=head, suggestion=order[0].shown(), choices=choices)
    return tr("{problem}. Accepted: {choices}", problem=head, choices=choices)


def vocabulary_of(game: str, kind: str, tokens: Sequence[str | int]) -> str | None:
    """The game vocabulary (a list of the game record, or ``factions``) a field's values come from."""
    names = tuple(t for t in tokens if isinstance(t, str))
    if not names:
        return None
    if game == "tactics":
        if names[-1] == "subtype":
            return "attack_subtypes"
        if kind == "agent" and names == ("subtypes",):
            return "agent_subtypes"
    if game == "netrunner" and kind in ("card", "identity"):
        if names == ("subtypes",):
            return "subtypes"
        if names == ("faction",):
            return "factions"
    return None


def _term(entry: Any) -> Term | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
        return None
    name = entry.get("name")
    zh, en = (name.get("zh-Hans"), name.get("en")) if isinstance(name, dict) else (None, None)
    return Term(entry["id"], zh if isinstance(zh, str) else None, en if isinstance(en, str) else None)


def game_vocabularies(game: str, into: Path, pool: Sequence[Path]) -> dict[str, list[Term]]:
    """The vocabularies of the game's record (``attack_subtypes``, ``subtypes``, …) and its factions, from the
    game directory ``into`` or the pool's; empty where no game record is found (the lint then says what it can)."""
    from toolkit.catalog import MAX_GAME_FILE_BYTES, game_of

    # (a game.json that is no game record, a saved game of the game beside the sheet's set, is not read: game_of)
    candidates = [into, *(r for path in pool for r in (Path(path) / game, Path(path)))]
    for root in [r for r in candidates if game_of(r / "game.json") == game]:
        try:
            data = loads_strict(read_regular(root / "game.json", MAX_GAME_FILE_BYTES).decode("utf-8-sig"))
        except (OSError, UnicodeDecodeError, JsonSyntaxError):
            continue
        if not isinstance(data, dict) or data.get("game") != game:
            continue
        found: dict[str, list[Term]] = {}
        for key, value in data.items():
            if isinstance(value, list) and value and all(_term(v) is not None for v in value):
                found[key] = [t for t in map(_term, value) if t is not None]
        factions: list[Term] = []
        folders = dict.fromkeys([root / KIND_DIRS["faction"], into / KIND_DIRS["faction"]])  # the sheet's own too
        for path in [p for folder in folders if folder.is_dir() for p in sorted(folder.glob("*.json"))]:
            try:
                term = _term(loads_strict(path.read_text(encoding="utf-8-sig")))
            except (OSError, UnicodeDecodeError, JsonSyntaxError):
                continue
            if term is not None and all(t.id != term.id for t in factions):
                factions.append(term)
        if factions:
            found["factions"] = factions
        return found
    return {}


def _short(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _cell_value(slot: Slot, text: str) -> Any:
    if slot.mode == "json":
        return _json_cell(text)
    if slot.mode == "split":
        if text.strip() == EMPTY_LIST:
            return []
        if slot.nullable and text.strip().casefold() in NULL_WORDS:
            return None
        if slot.separator == "\n":
            items = [line.strip() for line in text.split("\n")]
        else:
            items = [item.strip() for item in LIST_SEPARATORS.split(text)]
        return [coerce(item, slot.leaf, False) for item in items if item]
    return coerce(text, slot.leaf, slot.nullable, x=slot.x)


# ---------------------------------------------------------------------- reading the file


def decode(data: bytes, path: Path, encoding: str | None = None) -> str:
    """The text of a CSV file: UTF-8 (BOM or not), UTF-16 or UTF-32 with a BOM, or ``encoding``."""
    if data.startswith(b"PK\x03\x04"):  # a zip: an .xlsx or .ods workbook, which the importer does not read
        raise DossierError(
            tr(
                "{path}: a workbook ({formats}), not a CSV file; save the sheet as {format} and import that",
                path=path,
                formats=".xlsx, .ods",
                format='"CSV UTF-8"',
            )
        )
    if encoding is not None:
        try:
            info = codecs.lookup(encoding)
        except (LookupError, ValueError):  # ValueError: a NUL in the name
            raise DossierError(
                tr("{option} {value}: no such text encoding", option="--encoding", value=repr(encoding))
            ) from None
        if not getattr(info, "_is_text_encoding", True):  # base64, rot13, zlib, …: codecs, not text encodings
            raise DossierError(
                tr(
                    "{option} {value}: not a text encoding (e.g. {examples})",
                    option="--encoding",
                    value=repr(encoding),
                    examples="utf-8, gb18030, utf-16",
                )
            )
        try:
            return _lines(data.decode(encoding).removeprefix("\ufeff"))
        except UnicodeDecodeError as exc:
            raise DossierError(
                tr("{path}: not {encoding} (byte {offset})", path=path, encoding=encoding, offset=exc.start)
            ) from None
        except (LookupError, ValueError, TypeError) as exc:  # a codec that cannot decode bytes to text
            reason = " ".join(str(exc).split())[:200]  # one line, however the codec words it
            raise DossierError(
                tr(
                    "{option} {value}: cannot decode the sheet with it: {reason}",
                    option="--encoding",
                    value=repr(encoding),
                    reason=reason,
                )
            ) from None
    # UTF-32's little-endian mark begins with UTF-16's (FF FE): looked for first, or it reads as UTF-16
    for boms, codec, name in (
        ((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE), "utf-32", "UTF-32"),
        ((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE), "utf-16", "UTF-16"),
    ):
        if data.startswith(boms):
            try:
                return _lines(data.decode(codec))
            except UnicodeDecodeError as exc:
                raise DossierError(
                    tr("{path}: not {encoding} (byte {offset})", path=path, encoding=name, offset=exc.start)
                ) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DossierError(
            tr(
                "{path}: not {encoding} (byte {offset}); save the sheet as {format}, or give its encoding with "
                "--encoding ({legacy} for {program}'s plain {plain} on Chinese {system})",
                path=path,
                encoding="UTF-8",
                offset=exc.start,
                format='"CSV UTF-8"',
                legacy="gb18030",
                program="Excel",
                plain='"CSV"',
                system="Windows",
            )
        ) from None
    if "\x00" in text:
        raise DossierError(
            tr(
                "{path}: holds NUL characters ({encoding} without a byte-order mark?); save it as {format}",
                path=path,
                encoding="UTF-16",
                format='"CSV UTF-8"',
            )
        )
    return _lines(text)


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def sniff_delimiter(text: str) -> str:
    """``,``, ``;`` or a tab: the one the first row (the header) uses most outside quotes; ``,`` on a tie."""
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif not quoted:
            if char == "\n":
                break
            if char in counts:
                counts[char] += 1
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


@dataclass
class Row:
    line: int  # where the row starts in the file
    cells: list[str]
    number: int = 0  # the row's number in the spreadsheet (blank rows count; a cell's line breaks do not)


SEP_LINE = re.compile(r'"?sep=([^"\n])"?[ \t]*(?:\n|$)', re.IGNORECASE)


def sep_line(text: str) -> tuple[str, str | None]:
    """Excel's first line ``sep=;`` (its delimiter, not a row): the text after it and the delimiter it names, or
    ``text`` and None where it has no such line."""
    match = SEP_LINE.match(text)
    if match is None:
        return text, None
    return text[match.end() :], match.group(1)


def read_rows(text: str, delimiter: str, lines_before: int = 0) -> tuple[list[Row], Finding | None]:
    """Every row with the line it starts on, or the rows before a syntax error and the error. ``lines_before``:
    the lines of the file above ``text`` (a ``sep=`` line), which the lines count."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[Row] = []
    while True:
        start = reader.line_num + 1 + lines_before
        try:
            cells = next(reader)
        except StopIteration:
            return rows, None
        except csv.Error as exc:
            # TRANSLATORS: {reason} is the CSV reader's own (English) words
            message = tr("the row does not read as {format}: {reason}", format="CSV", reason=exc)
            return rows, Finding("csv.syntax", message, line=start, column=None)
        rows.append(Row(start, cells, len(rows) + 1))


def unclosed_quote(text: str, delimiter: str, rows: Sequence[Row]) -> tuple[Row, int, int] | None:
    """The row that holds a quoted field never closed, the field's column (1-based) and the line its quote is on,
    else None. The CSV reader reads such a field to the end of the file (every row after it in the one cell)
    without a word: the row is the last it read, and its text to the end of ``text`` is read here again as the
    reader reads it, quotes doubled inside a quoted field and a quote inside an unquoted one kept as they are."""
    if not rows:
        return None
    last = rows[-1]
    start = 0
    for _ in range(last.line - 1):  # (the reader's lines: ``text`` has its line breaks made \n by decode())
        start = text.find("\n", start) + 1
        if start == 0:
            return None
    ends = re.compile(f"[{re.escape(delimiter)}\n]")
    i, column, opened = start, 1, True  # (opened: at the start of a field)
    while i < len(text):
        char = text[i]
        if opened and char == '"':
            close = i + 1
            while True:
                close = text.find('"', close)
                if close < 0:
                    return last, column, last.line + text.count("\n", start, i)
                if text.startswith('"', close + 1):  # a doubled quote: one quote in the field
                    close += 2
                    continue
                break
            i, opened = close + 1, False  # (what follows the closing quote, up to a delimiter, is the field's)
            continue
        found = ends.search(text, i)
        if found is None:
            return None
        if found.group() == "\n":
            column = 1
        else:
            column += 1
        i, opened = found.end(), True
    return None


def column_letter(number: int) -> str:
    """A spreadsheet's name of the 1-based column ``number``: A … Z, AA, AB, …"""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


# ---------------------------------------------------------------------- columns


@dataclass
class Column:
    index: int  # 0-based
    header: str
    parts: tuple[str, ...]
    slot: Slot | None = None  # from the first model that has the field (the header check)
    occurrence: int | None = None  # k-th column of a list repeated under one name
    copies: bool = False  # the quantity column: how many copies of the row's card a print run draws


@dataclass
class _Sheet:
    path: Path
    game: str
    kind: str
    models: list[type[BaseModel]]
    branches: dict[str, type[BaseModel]] | None
    columns: list[Column] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    vocabularies: dict[str, list[Term]] = field(default_factory=dict)
    common_slots: dict[int, Slot | None] = field(default_factory=dict)  # column index -> :func:`_common_slot`

    def error(self, code: str, message: str, line: int, column: int | None) -> None:
        self.findings.append(Finding(code, message, "error", str(self.path), None, line, column))


def _models_of(game: str, kind: str) -> tuple[list[type[BaseModel]], dict[str, type[BaseModel]] | None]:
    branches = TYPE_BRANCHES.get((game, kind))
    if branches is not None:
        return list(branches.values()), dict(branches)
    model = _unwrap(KINDS[(game, kind)])[0]
    return [model], None


def _kind_word(kind: str) -> str:
    """A record kind as a finding names it, in the current language (``card``, 卡牌)."""
    from validators.wording import kind_word

    return kind_word(kind)


def _read_header(sheet: _Sheet, cells: list[str], line: int) -> None:
    seen: dict[str, list[Column]] = {}
    for index, raw in enumerate(cells):
        header = raw.strip()
        if not header:
            continue  # checked per row: an unnamed column must stay empty
        dotted = NAME_COLUMNS.get(header, header)
        column = Column(index, header, tuple(p.strip() for p in dotted.split(".")))
        seen.setdefault(header, []).append(column)
        sheet.columns.append(column)
        if header.casefold() in COPIES_COLUMNS:
            column.copies = True
            if sheet.kind not in PRINTED_IN_COPIES:
                sheet.error(
                    "csv.header",
                    tr(
                        "column {column}: a {game} {kind} is not printed in copies; leave the column out",
                        column=repr(header),
                        game=word("game", sheet.game, current_lang()),
                        kind=_kind_word(sheet.kind),
                    ),
                    line,
                    index + 1,
                )
            continue
        reasons = []
        for model in sheet.models:
            try:
                column.slot = resolve(model, column.parts)
                break
            except _Unknown as exc:
                reasons.append(exc)
        if column.slot is None:
            sheet.error("csv.header", _no_such_column(sheet, header, reasons), line, index + 1)
    def repeated(header: str, first: Any, column: Any) -> None:
        message = tr(
            "column {column} appears again (first in column {first}); only a list field may repeat",
            column=repr(header),
            first=column_letter(first.index + 1),
        )
        sheet.error("csv.header", message, line, column.index + 1)

    for header, columns in seen.items():
        if len(columns) < 2:
            continue
        if columns[0].copies:
            for column in columns[1:]:
                repeated(header, columns[0], column)
            continue
        slots = [c.slot for c in columns if c.slot is not None]
        if len(slots) == len(columns) and all(s.mode == "split" for s in slots):
            for k, column in enumerate(columns):
                column.occurrence = k
            continue
        for column in columns[1:]:
            if column.slot is not None:
                repeated(header, columns[0], column)
    _check_overlaps(sheet, line)
    if sheet.branches is not None and not any(c.parts == ("type",) for c in sheet.columns):
        sheet.error(
            "csv.header",
            tr(
                "no {column} column: a {game} {kind}'s type ({types}) decides its fields",
                column="'type'",
                game=word("game", sheet.game, current_lang()),
                kind=_kind_word(sheet.kind),
                types=", ".join(sheet.branches),
            ),
            line,
            None,
        )


def _suggested(part: str, fields: Sequence[str]) -> str | None:
    """The field closest to ``part`` (a typo of it), as value errors suggest one (:func:`ranked`), or None."""
    order, close = ranked(part, [Term(f) for f in fields])
    return repr(order[0].id) if close else None


def _no_such_column(sheet: _Sheet, header: str, reasons: Sequence[_Unknown]) -> str:
    """Why the column ``header`` names no field: the level of it that failed (the record, or ``cost`` of
    ``cost.mortage``), the fields that level has, and the closest of them."""
    reason = reasons[0] if reasons else None
    if reason is not None and not reason.no_field:
        return tr("column {column}: {problem}", column=repr(header), problem=reason)
    if reason is not None and reason.level:
        level = repr(_dotted(reason.level))
        fields = ", ".join(reason.fields)
        suggestion = _suggested(reason.part, reason.fields)
        if suggestion is not None:
            problem = tr("{level} has no field {field}; did you mean {suggestion}? {level} takes: {fields}",
                         level=level, field=repr(reason.part), suggestion=suggestion, fields=fields)  # fmt: skip
        else:
            problem = tr("{level} has no field {field}; {level} takes: {fields}", level=level,
                         field=repr(reason.part), fields=fields)  # fmt: skip
        return tr("column {column}: {problem}", column=repr(header), problem=problem)
    known = _known_fields(sheet.models)
    suggestion = _suggested(reason.part, known) if reason is not None else None
    said = {
        "column": repr(header),
        "game": word("game", sheet.game, current_lang()),
        "kind": _kind_word(sheet.kind),
        "fields": ", ".join(known),
    }
    if suggestion is not None:
        return tr("column {column} names no field of a {game} {kind}; did you mean {suggestion}? fields: {fields}",
                  suggestion=suggestion, **said)  # fmt: skip
    return tr("column {column} names no field of a {game} {kind}; fields: {fields}", **said)


def _column_tokens(column: Column) -> tuple[str | int, ...] | None:
    if column.slot is None:
        return None
    if column.occurrence is not None:
        return (*column.slot.tokens, column.occurrence)
    return column.slot.tokens


def _check_overlaps(sheet: _Sheet, line: int) -> None:
    """Two columns must not set the same value, or a value and a part of it."""
    placed: list[tuple[tuple[str | int, ...], Column]] = []
    for column in sheet.columns:
        tokens = _column_tokens(column)
        if tokens is None or (column.occurrence and column.occurrence > 0):
            continue
        for other_tokens, other in placed:
            if other.header == column.header:
                continue
            shorter = min(len(tokens), len(other_tokens))
            if tokens[:shorter] == other_tokens[:shorter]:
                sheet.error(
                    "csv.header",
                    tr(
                        "columns {first} (column {n}) and {second} both set {field}",
                        first=repr(other.header),
                        n=column_letter(other.index + 1),
                        second=repr(column.header),
                        field=repr(_dotted(tokens[:shorter])),
                    ),
                    line,
                    column.index + 1,
                )
                break
        placed.append((tokens, column))


# ---------------------------------------------------------------------- rows to records


class _Items(dict[int, Any]):
    """A list being assembled from numbered columns: index -> item."""


@dataclass
class RowRecord:
    """One row read as a record: its data, where it goes, and which column gave each value."""

    line: int
    data: dict[str, Any]
    target: Path | None = None
    text: str = ""
    cells: dict[str, int] = field(default_factory=dict)  # JSON pointer -> 1-based column
    # the places of the named columns whose cells in this row are empty (a field left out): pointer -> column
    empty: dict[str, int] = field(default_factory=dict)
    row: int = 0  # the row's number in the spreadsheet
    copies: int | None = None  # the quantity column's value, where the sheet has one
    # a row with an error in its cells: a record as far as its cells read, linted (when ``lintable``) but never
    # written; ``bad`` holds where the values of the cells that did not read would be (:meth:`unread`)
    partial: bool = False
    bad: list[tuple[str, bool]] = field(default_factory=list)
    # the places of the cells whose values read but are no words of the game's (a faction or subtype not in its
    # vocabulary, an id that is none): the values are kept in the record, so that lint tells the rest of it in the
    # same run (a missing field, a bad text), and its findings at them are left out (the cell's error told them)
    wrong: list[str] = field(default_factory=list)
    # a row a value of which is not in its record (a cell that did not read, a value past the named columns, an id
    # that stands in): what lint says of the record as a whole, or of a place no cell gave, may follow from it
    lost: bool = False
    lintable: bool = True  # (not when the row's type, which decides its fields, did not read)
    # a row with no id of its own (a bad or duplicate id, none at all): linted under this stand-in id and file,
    # never written; ``shown`` is how its findings name it (its id as the row gives it, where it gives one)
    stand_in: str | None = None
    shown: str | None = None
    id_from: str | None = None  # the name (its pointer) a stand-in row's id was made from: its repeat is the id's
    art_missing: Path | None = None  # the art file the row names, from the sheet's folder, where there is none

    def unread(self, ptr: str | None) -> bool:
        """Whether what ``ptr`` says of the record may follow from a cell that did not read: ``ptr`` is the place
        of such a cell's value, holds it, or (for a value whose place is known) lies in it. A list that lost an
        item is known only as the list: its items that read are not in it."""
        if ptr is None:
            return bool(self.bad)
        for place, whole in self.bad:
            if ptr == place or place.startswith(ptr + "/") or (whole and ptr.startswith(place + "/")):
                return True
        return ptr == "" and bool(self.bad)

    def told(self, ptr: str | None) -> bool:
        """Whether ``ptr`` is the place of a cell whose value is no word of the game's (:attr:`wrong`), or lies in it:
        what lint says there, the cell's own error said."""
        return ptr is not None and any(ptr == place or ptr.startswith(place + "/") for place in self.wrong)

    def column_of(self, ptr: str | None, message: str = "") -> int | None:
        """The column that gave the value at ``ptr``, or a part of it, or a value that holds it. A field the row
        leaves out is told at its own (empty) column, where the sheet has one: ``ptr`` itself, or a field of the
        object at ``ptr`` that ``message`` names as missing (lint tells a required field at the object that lacks
        it: "missing required field '/name/zh-Hans'" at ``/name``), not at another column of that object."""
        if ptr in self.cells:
            return self.cells[ptr]
        holders = [p for p in self.cells if ptr is not None and ptr.startswith(p + "/")]
        if holders:
            return self.cells[max(holders, key=len)]
        if ptr in self.empty:
            return self.empty[ptr]
        parent = ptr or ""
        missing = [column for p, column in self.empty.items() if p.rsplit("/", 1)[0] == parent and repr(p) in message]
        if len(missing) == 1:
            return missing[0]
        if ptr is None:
            return None
        parts = [column for p, column in self.cells.items() if p.startswith(ptr + "/")]
        return min(parts) if parts else None


def _put(tree: dict[Any, Any], tokens: tuple[str | int, ...], value: Any) -> None:
    node: Any = tree
    for i, token in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        if token not in node:
            node[token] = _Items() if isinstance(nxt, int) else {}
        node = node[token]
    node[tokens[-1]] = value


def _finish(node: Any, prefix: tuple[str | int, ...], remap: dict[tuple[str | int, ...], tuple[str | int, ...]]) -> Any:
    """Numbered lists close up (sorted, gaps dropped); ``remap`` learns each item's new index."""
    if isinstance(node, _Items):
        result = []
        for new, old in enumerate(sorted(node)):
            remap[(*prefix, old)] = (*prefix, new)
            result.append(_finish(node[old], (*prefix, old), remap))
        return result
    if isinstance(node, dict):
        return {key: _finish(value, (*prefix, key), remap) for key, value in node.items()}
    return node


def _final_tokens(
    raw: tuple[str | int, ...], remap: dict[tuple[str | int, ...], tuple[str | int, ...]]
) -> tuple[str | int, ...]:
    result: tuple[str | int, ...] = ()
    for i in range(len(raw)):
        result = remap.get(raw[: i + 1], (*result, raw[i]))
    return result


def slugify(text: str, limit: int = 64) -> str:
    """A record id from a name: ASCII letters and digits, lower case, ``_`` between words."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "_", ascii_text).strip("_")
    if len(slug) > limit:
        slug = slug[:limit].rstrip("_")
    return slug


def _bad_place(
    raw: tuple[str | int, ...], remap: dict[tuple[str | int, ...], tuple[str | int, ...]]
) -> tuple[str, bool]:
    """Where the value of a cell that did not read would be in the record (``raw``: its tokens as the sheet gives
    them), and whether that place is known whole: an item of a numbered list that no other cell gave is not (the
    items close up), so only its list is named."""
    result: tuple[str | int, ...] = ()
    for i, token in enumerate(raw):
        if isinstance(token, int):
            moved = remap.get(raw[: i + 1])
            if moved is None:
                return pointer(*result), False
            result = (*result, moved[-1])
        else:
            result = (*result, token)
    return pointer(*result), True


def _common_slot(sheet: _Sheet, column: Column) -> Slot | None:
    """How ``column``'s cells read in a row whose type did not read: the slot every type with the field gives it,
    else None (the type decides). Worked out once a column."""
    assert sheet.branches is not None
    if column.index in sheet.common_slots:
        return sheet.common_slots[column.index]
    found: list[Slot] = []
    for model in sheet.branches.values():
        try:
            slot = resolve(model, column.parts)
        except _Unknown:
            continue
        if found and slot != found[0]:
            found = []
            break
        found.append(slot)
    common = sheet.common_slots[column.index] = found[0] if found else None
    return common


def _read_row(sheet: _Sheet, row: Row) -> RowRecord:
    """The record of one row as far as its cells read: a cell that does not read is left out (the findings say
    why), the record is ``partial`` and its ``bad`` places say where that cell's value would be. The cells are
    read each on its own, so that every bad cell of the row is reported at once."""
    before = len(sheet.findings)
    unread: list[tuple[str | int, ...]] = []  # the tokens of the non-empty cells that did not read
    wrong: list[tuple[str | int, ...]] = []  # those of the cells that read but are no words of the game's
    lintable = True
    named = {c.index for c in sheet.columns}
    for index, cell in enumerate(row.cells):
        if index not in named and cell.strip():
            sheet.error(
                "csv.row",
                tr(
                    "column {n} has no name in the header row, but this row gives it {value}",
                    n=column_letter(index + 1),
                    value=_short(cell),
                ),
                row.line,
                index + 1,
            )
    model: Any = sheet.models[0]
    type_name = ""
    if sheet.branches is not None:
        type_column = next((c for c in sheet.columns if c.parts == ("type",)), None)
        value = _cell(row, type_column).strip() if type_column is not None else ""
        if value not in sheet.branches:
            where = type_column.index + 1 if type_column is not None else None
            types = ", ".join(sheet.branches)
            if value:
                message = not_accepted(value, [_literal_term(b) for b in sheet.branches])
            else:
                message = tr("column {column}: is empty; give one of {types}", column="'type'", types=types)
            sheet.error("csv.value", message, row.line, where)
            unread.append(("type",))
            lintable = False  # (the model is the type's: the record cannot be checked as a whole)
        else:
            model, type_name = sheet.branches[value], value
    tree: dict[Any, Any] = {}
    placed: list[tuple[tuple[str | int, ...], int]] = []
    empty: dict[str, int] = {}
    copies: int | None = None
    for column in sheet.columns:
        text = _cell(row, column)
        if column.copies and text.strip():
            try:
                copies = _copies(text)
            except _BadCell as exc:
                sheet.error("csv.value", str(exc), row.line, column.index + 1)
            continue
        if column.slot is None:
            continue
        if not text.strip():
            _empty_at(sheet, column, type_name, model, empty)
            continue
        slot = column.slot
        raw_tokens = (*slot.tokens, column.occurrence) if column.occurrence is not None else slot.tokens
        if sheet.branches is not None and not type_name:
            common = _common_slot(sheet, column) if column.parts != ("type",) else None
            if common is None:  # how the cell reads depends on the type: it is checked once the type reads
                unread.append(raw_tokens)
                continue
            slot = common
        elif sheet.branches is not None:
            try:
                slot = resolve(model, column.parts)
            except _Unknown:
                sheet.error(
                    "csv.value",
                    tr(
                        "column {column}: a {game} {type} has no field {field}; leave the cell empty",
                        column=repr(column.header),
                        game=word("game", sheet.game, current_lang()),
                        type=word("type", type_name, current_lang()),
                        field=repr(column.parts[0]),
                    ),
                    row.line,
                    column.index + 1,
                )
                unread.append(raw_tokens)
                continue
        tokens = (*slot.tokens, column.occurrence) if column.occurrence is not None else slot.tokens
        try:
            # a list repeated under one name: each cell is one item, never split
            value = coerce(text, slot.leaf, False) if column.occurrence is not None else _cell_value(slot, text)
        except _BadCell as exc:  # the place (row, column and its header) is said before the message
            sheet.error("csv.value", str(exc), row.line, column.index + 1)
            unread.append(tokens)
            continue
        try:
            _check_words(sheet, slot, value)
        except _BadCell as exc:  # a value of the right type, no word of the game's: kept (:attr:`RowRecord.wrong`)
            sheet.error("csv.value", str(exc), row.line, column.index + 1)
            wrong.append(tokens)
        if value == [] and slot.mode == "split" and text.strip() != EMPTY_LIST:
            continue
        _put(tree, tokens, value)
        placed.append((tokens, column.index + 1))
    remap: dict[tuple[str | int, ...], tuple[str | int, ...]] = {}
    data = _finish(tree, (), remap)
    record = RowRecord(row.line, data, row=row.number, copies=copies, lintable=lintable)
    for raw, column_number in placed:
        record.cells[pointer(*_final_tokens(raw, remap))] = column_number
    record.empty = {ptr: column_number for ptr, column_number in empty.items() if ptr not in record.cells}
    # (a bad quantity cell leaves the record whole: the copies are no field of it)
    record.lost = bool(unread) or any(f.code == "csv.row" for f in sheet.findings[before:])
    record.partial = record.lost or bool(wrong)
    record.bad = [_bad_place(raw, remap) for raw in unread]
    record.wrong = [pointer(*_final_tokens(raw, remap)) for raw in wrong]
    data.setdefault("game", sheet.game)
    data.setdefault("kind", sheet.kind)
    return record


def _empty_at(sheet: _Sheet, column: Column, type_name: str, model: Any, empty: dict[str, int]) -> None:
    """Learn in ``empty`` the place of ``column``, whose cell in a row is empty (:attr:`RowRecord.empty`): its
    field's pointer, where it is known (not an item of a list, whose items close up, nor a field of a type that did
    not read or does not have it); the first column of a place."""
    slot = column.slot
    if column.occurrence is not None or slot is None:
        return
    if sheet.branches is not None:
        try:
            slot = resolve(model, column.parts) if type_name else _common_slot(sheet, column)
        except _Unknown:
            return
    if slot is not None and not any(isinstance(token, int) for token in slot.tokens):
        empty.setdefault(pointer(*slot.tokens), column.index + 1)


def _copies(text: str) -> int:
    """The quantity column's cell: how many copies a print run draws (0 to leave the card out)."""
    number = _whole_number(text)
    if not 0 <= number <= MAX_COPIES:
        raise _BadCell(tr("{value} copies: give a whole number from 0 to {most}", value=_short(text), most=MAX_COPIES))
    return number


def _check_words(sheet: _Sheet, slot: Slot, value: Any) -> None:
    """A value of a game vocabulary must be one of its ids; an id must look like one (never said as a pattern)."""
    strings = [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
    name = vocabulary_of(sheet.game, sheet.kind, slot.tokens)
    terms = sheet.vocabularies.get(name) if name is not None else None
    if terms:
        ids = {t.id for t in terms}
        for item in strings:
            if item not in ids:
                raise _BadCell(not_accepted(item, terms, name))
        return
    if slot.pattern == SLUG_PATTERN and slot.tokens != ("id",):  # the id column has its own message
        for item in strings:
            if not _SLUG.match(item) or len(item) > 64:
                raise _BadCell(
                    tr(
                        "{value} is not an id (lower-case letters and digits, single {marks} between them)",
                        value=_short(item),
                        marks="'_' / '-'",
                    )
                )


def _cell(row: Row, column: Column | None) -> str:
    if column is None or column.index >= len(row.cells):
        return ""
    return row.cells[column.index]


def _record_id(sheet: _Sheet, record: RowRecord) -> str | None:
    """The row's id (given, else made from its name), or None with an error; None without one when the cell
    that gives it did not read (its own error says why)."""
    data = record.data
    if record.unread("/id"):
        return None
    given = data.get("id")
    if given is not None:
        if not isinstance(given, str) or not _SLUG.match(given) or len(given) > 64:
            sheet.error(
                "csv.id",
                tr(
                    "column {column}: {value} is not an id (lower-case letters and digits, single {marks} between "
                    "them); e.g. {example}",
                    column="'id'",
                    value=repr(given),
                    marks="'_' / '-'",
                    example=repr(slugify(str(given)) or "card_1"),
                ),
                record.line,
                record.cells.get("/id"),
            )
            return None
        return given
    names = data.get("name") if isinstance(data.get("name"), dict) else {}
    for lang in ("en", "zh-Hans"):
        if record.unread(f"/name/{lang}"):
            return None  # the name the id would come from did not read
        name = names.get(lang) if isinstance(names, dict) else None
        if isinstance(name, str) and slugify(name):
            data["id"] = slugify(name)
            if f"/name/{lang}" in record.cells:
                record.cells["/id"] = record.cells[f"/name/{lang}"]
            return str(data["id"])
    zh_name = names.get("zh-Hans") if isinstance(names, dict) else None
    how = tr(
        "give the row an {column} (lower-case letters, digits, {mark}) or an English name ({field})",
        column="'id'",
        mark="'_'",
        field="name.en",
    )
    if zh_name:
        message = tr("no id from the name {name}: {how}", name=repr(zh_name), how=how)
    else:
        message = tr("no id: {how}", how=how)
    sheet.error(
        "csv.id",
        message,
        record.line,
        record.cells.get("/name/zh-Hans"),
    )
    return None


def _stand_in(record: RowRecord) -> str:
    """Give ``record`` (a row with no id of its own; its error said why) a stand-in id that is no record's, so that
    its other cells are linted; its id is a cell that did not read (:meth:`RowRecord.unread`)."""
    import secrets

    given = record.data.get("id")
    record.shown = given if isinstance(given, str) and given else None
    column = record.cells.get("/id")
    record.id_from = next((p for p in ("/name/en", "/name/zh-Hans") if column and record.cells.get(p) == column), None)
    record.stand_in = f"row-{record.line}-{secrets.token_hex(8)}"
    record.data["id"] = record.stand_in
    record.partial = record.lost = True
    record.bad.append(("/id", True))
    return record.stand_in


def schema_ref(folder: Path, game: str, kind: str) -> str:
    """``$schema`` for a record in ``folder`` (:func:`toolkit.paths.schema_ref`)."""
    from toolkit.paths import schema_ref as ref_in

    return ref_in(folder, schema_path(game, kind))


# ---------------------------------------------------------------------- the import


@dataclass
class CsvImport:
    """What an import did or would do."""

    path: Path
    into: Path
    game: str
    kind: str
    records: list[RowRecord] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    updated: list[Path] = field(default_factory=list)  # files this sheet made before, replaced without --force
    # files this sheet made before, as it made them, for rows it no longer has: removed (a dry run: would be)
    removed: list[Path] = field(default_factory=list)
    # the manifest's entries for files this sheet made and no longer has that are gone or changed since: let go
    released: list[str] = field(default_factory=list)
    # the manifest's entries for files this sheet made and no longer has that another sheet holds too: they stay
    shared: list[str] = field(default_factory=list)
    # the files --force replaces (a dry run: would) and the fields of each the new record leaves out, dotted
    lost: dict[Path, list[str]] = field(default_factory=dict)
    rows: int = 0
    header_line: int = 1
    row_of: dict[int, int] = field(default_factory=dict)  # line where a row starts -> its spreadsheet row number
    headers: dict[int, str] = field(default_factory=dict)  # 1-based column -> its header
    print_deck: Path | None = None  # the deck of the quantity column's copies, where the sheet has one
    # the manifest's print decks: deck file name -> the sheet that owns it (:func:`sheet_key`), one deck a sheet
    decks: dict[str, str] = field(default_factory=dict)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    def place(self, finding: Finding) -> str:
        """Where ``finding`` is in the sheet: ``row 7, column D (subtype)``, with the file line when the row
        starts on another line (cells with line breaks above it)."""
        parts = []
        if finding.line is not None:
            row = self.row_of.get(finding.line)
            if row is None:
                parts.append(tr("line {line}", line=finding.line))
            elif row == finding.line:
                parts.append(tr("row {row}", row=row))
            else:
                parts.append(tr("row {row} (line {line})", row=row, line=finding.line))
        if finding.column is not None:
            header = self.headers.get(finding.column)
            letter = column_letter(finding.column)
            if header:
                parts.append(tr("column {letter} ({header})", letter=letter, header=header))
            else:
                parts.append(tr("column {letter}", letter=letter))
        return tr(", ").join(parts)

    def format(self, finding: Finding) -> str:
        """One line: ``cards.csv: row 7, column D (subtype): error csv.value: …``."""
        where = self.place(finding)
        head = f"{finding.file or self.path}: {where}" if where else str(finding.file or self.path)
        return finding_line(replace(finding, file=head, line=None, column=None))

    def summary(self) -> str:
        """One line: how many errors, where."""
        lines = {f.line for f in self.findings if f.severity == "error"}
        rows = lines - {self.header_line, None}
        if lines == {None}:  # only errors of no row: the other records the import would break
            return trn("{n} error", "{n} errors", self.errors)
        if not rows or not self.rows:
            return trn("{n} error in the header row", "{n} errors in the header row", self.errors)
        errors = trn("{n} error", "{n} errors", self.errors)  # (the rows' count chooses the form of the rest)
        if self.header_line in lines:
            # TRANSLATORS: {errors} is "{n} errors"; {total} chooses the form
            return trn(
                "{errors} in the header row and {rows} of {total} row",
                "{errors} in the header row and {rows} of {total} rows",
                self.rows,
                errors=errors,
                rows=len(rows),
                total=self.rows,
            )
        # TRANSLATORS: {errors} is "{n} errors"; {total} chooses the form
        return trn("{errors} in {rows} of {total} row", "{errors} in {rows} of {total} rows", self.rows, errors=errors,
                   rows=len(rows), total=self.rows)  # fmt: skip


def _game_dir(into: Path, game: str) -> None:
    """``into`` is (or becomes) a directory of one game's records; refuse where that cannot be so."""
    from toolkit.catalog import game_of, game_root

    if into.exists() and not into.is_dir():
        raise DossierError(tr("{option} {path}: exists and is not a directory", option="--into", path=into))
    # (a game.json that is no game record, a saved game or a deck, makes no game directory: game_of)
    other = game_of(into / "game.json")
    if other is not None:
        if other != game:
            raise DossierError(
                tr(
                    "{option} {path}: the {other} game directory; {game} records do not belong there",
                    option="--into",
                    path=into,
                    other=word("game", str(other), current_lang()),
                    game=word("game", game, current_lang()),
                )
            )
        return
    nested = [g for g in GAMES if game_of(into / g / "game.json") is not None]
    if game in nested:
        raise DossierError(
            tr(
                "{option} {path}: holds game directories; give {option} {inner}",
                option="--into",
                path=into,
                inner=into / game,
            )
        )
    root = game_root(Path(os.path.abspath(into)).parent)
    if root is not None:
        raise DossierError(
            tr(
                "{option} {path}: inside the game directory {root}; give {option} {root}",
                option="--into",
                path=into,
                root=root,
            )
        )


def _context_sources(
    into: Path,
    pool: Sequence[Path],
    skip: set[str],
    new: list[Source],
    shadowed: dict[tuple[str, str, str], Path],
    own_keys: set[str] | None = None,
) -> list[Source]:
    """The game's records around the ``new`` ones, but not the files the import replaces or removes (``skip``, by
    :func:`toolkit.catalog.file_key`): a game directory ``into`` (with its game.json) is the game's data, as
    ``dossier lint DIR`` sees it; any other ``into`` joins the pool's records of the game as ``dossier lint`` reads
    them for a set folder (:func:`toolkit.catalog.pool_sources`): a pool record with the id of a new row or of a
    record of ``into`` outside the pool is left out, the row linted in its place, and ``shadowed`` told of it (lint
    warns, card.id.pool). ``own_keys``, where given, learns the keys of the files of ``into`` among them."""
    from toolkit.catalog import discover, file_key, game_of, pool_sources
    from toolkit.jsonio import read_source

    own = [read_source(path) for path in (discover([into]) if into.is_dir() else ()) if file_key(path) not in skip]
    if own_keys is not None:
        own_keys.update(file_key(s.path) for s in own)
    if game_of(into / "game.json") is not None:
        return own
    loose = [*new, *own]
    return [*pool_sources(loose, pool, lambda: skip | {file_key(s.path) for s in loose}, shadowed), *own]


def _art_from_the_sheet(data: dict[str, Any], sheet_dir: Path, folder: Path) -> Path | None:
    """An ``art`` cell names its file as the designer sees it, from the sheet's folder (``art/ghost.png`` beside
    ``cards.csv``); a record names it from its own folder. A path that finds a file from the sheet and none from
    the record's folder is written from the record's folder (``../../art/ghost.png``); any other is kept. Returns
    the path from the sheet's folder of an art file found neither way (lint's card.art.missing tells it there)."""
    art = data.get("art")
    if not isinstance(art, str) or not art or os.path.isabs(art) or "\\" in art:
        return None
    if (folder / art).is_file():
        return None
    if not (sheet_dir / art).is_file():
        return None if os.path.lexists(folder / art) or os.path.lexists(sheet_dir / art) else sheet_dir / art
    data["art"] = Path(os.path.relpath(os.path.abspath(sheet_dir / art), os.path.abspath(folder))).as_posix()
    return None


def _mine(entry: dict[str, Any], sheet: Path, into: Path) -> bool:
    """Whether the sheet ``sheet`` is among those that hold the record of a manifest entry."""
    return any(_is_sheet(h, sheet, into) for h in _holders(entry))


def _old_record(text: str | None) -> dict[str, Any] | None:
    try:
        data = loads_strict(text) if text is not None else None
    except JsonSyntaxError:
        return None
    return data if isinstance(data, dict) else None


def _keep_fields(sheet: _Sheet, record: RowRecord, old_text: str | None) -> None:
    """A row whose record replaces one written by hand (or by another sheet): the fields of the old record that no
    column of the sheet gives stay as they are (a ``flavor`` of a sheet with no flavor column); a column the sheet
    has decides its field, its empty cell leaving the field out as it does in a new record. Only fields the row's
    type has are kept (the rest, lost, :func:`_lost` names)."""
    old = _old_record(old_text)
    if old is None or old.get("id") != record.data.get("id") or old.get("kind") != record.data.get("kind"):
        return
    covered: list[tuple[str | int, ...]] = []
    for column in sheet.columns:
        if column.slot is not None:
            tokens = column.slot.tokens
            first_index = next((i for i, t in enumerate(tokens) if isinstance(t, int)), len(tokens))
            covered.append(tokens[:first_index])  # a numbered list's columns: the sheet gives the whole list
    type_name = record.data.get("type")
    model = sheet.branches.get(type_name) if sheet.branches is not None and isinstance(type_name, str) else None
    model = model or sheet.models[0]

    def keep(old_node: dict[str, Any], new_node: dict[str, Any], prefix: tuple[str | int, ...]) -> None:
        for key, value in old_node.items():
            place = (*prefix, key)
            if any(place[: len(t)] == t for t in covered):
                continue  # a column gives it (or what holds it)
            if any(t[: len(place)] == place for t in covered):  # columns give parts of it: the rest stays
                inner = new_node.get(key, {})
                if isinstance(value, dict) and isinstance(inner, dict):
                    keep(value, inner, place)
                    if inner:
                        new_node[key] = inner
                continue
            if key not in new_node:
                new_node[key] = value

    kept = {k: v for k, v in old.items() if k not in ("$schema", "id", "kind", "game") and _field(model, k)}
    before = dict(record.data)
    keep(kept, record.data, ())
    if record.data != before:
        record.text = canonical_dumps(record.data)


def _lost(old_text: str | None, new: dict[str, Any]) -> list[str]:
    """The fields (dotted) the record in ``old_text`` has and ``new`` does not."""
    old = _old_record(old_text)
    if old is None:
        return []
    lost: list[str] = []

    def walk(old_node: dict[str, Any], new_node: Any, prefix: tuple[str, ...]) -> None:
        for key, value in old_node.items():
            place = (*prefix, key)
            there = isinstance(new_node, dict) and key in new_node
            if isinstance(value, dict) and value:
                walk(value, new_node.get(key) if there else None, place)
            elif not there:
                lost.append(".".join(place))

    walk({k: v for k, v in old.items() if k != "$schema"}, new, ())
    return lost


def import_csv(
    path: Path,
    *,
    game: str,
    kind: str,
    into: Path,
    pool: Sequence[Path],
    force: bool = False,
    dry_run: bool = False,
    encoding: str | None = None,
    meter: Meter | None = None,
) -> CsvImport:
    """Read ``path``, lint its records among the game's data in ``pool`` and ``into``, and write them (unless any
    row has an error, or ``dry_run``). See the module docstring for the sheet's format. ``meter`` counts the rows
    read, the files linted and the files written (:mod:`toolkit.meter`)."""
    from toolkit.safewrite import cannot_write, encode_text, write_many
    from validators.lint import lint_sources

    if game not in GAMES:
        raise DossierError(
            tr(
                "{option} {value}: expected one of {choices}",
                option="--game",
                value=repr(game),
                choices=", ".join(GAMES),
            )
        )
    kinds = [k for g, k in KINDS if g == game and k != "game"]
    if kind not in kinds:
        raise DossierError(
            tr(
                "{option} {value}: a {game} record imported from a sheet is one of {choices}",
                option="--kind",
                value=repr(kind),
                game=word("game", game, current_lang()),
                choices=", ".join(kinds),
            )
        )
    path, into = Path(path), Path(into)
    try:
        data = read_regular(path, MAX_SHEET_BYTES)  # a FIFO or device is refused, never waited on
    except OSError as exc:
        raise DossierError(tr("{path}: cannot read: {reason}", path=path, reason=os_reason(exc))) from None
    text = decode(data, path, encoding)
    _game_dir(into, game)
    result = CsvImport(path, into, game, kind)
    models, branches = _models_of(game, kind)
    sheet = _Sheet(path, game, kind, models, branches)
    sheet.vocabularies = game_vocabularies(game, into, pool)
    rows_text, delimiter_named = sep_line(text)  # Excel's "sep=;" line: the delimiter, not the header
    delimiter = delimiter_named or sniff_delimiter(text)
    rows, syntax = read_rows(rows_text, delimiter, 0 if delimiter_named is None else 1)
    unclosed = unclosed_quote(text, delimiter, rows) if syntax is None else None
    if unclosed is not None:  # (the rest of the file is in its last cell: no finding of its rows would be true)
        row, column, line = unclosed
        # where, as a finding in a row is told (CsvImport.place): the row, its line when the quote is on another
        where = [tr("row {row}", row=row.number) if line == row.number else
                 tr("row {row} (line {line})", row=row.number, line=line)]  # fmt: skip
        heading = rows[0].cells[column - 1].strip() if row is not rows[0] and column <= len(rows[0].cells) else ""
        letter = column_letter(column)
        where.append(tr("column {letter} ({header})", letter=letter, header=heading) if heading else
                     tr("column {letter}", letter=letter))  # fmt: skip
        raise DossierError(
            tr(
                "{path}: {place}: a quoted field opens here and is never closed (the rest of the file would be its "
                "text); close it with {quote}",
                path=path,
                place=tr(", ").join(where),
                quote="'\"'",
            )
        )
    result.row_of = {r.line: r.number for r in rows}
    if syntax is not None:
        sheet.findings.append(Finding(syntax.code, syntax.message, "error", str(path), None, syntax.line, None))
        if syntax.line is not None:
            result.row_of[syntax.line] = len(rows) + 1
    rows = [r for r in rows if any(c.strip() for c in r.cells)]
    if len(rows) > MAX_ROWS + 1:
        raise DossierError(
            tr(
                "{path}: {n} rows; a sheet holds at most {limit} records (split it)",
                path=path,
                n=len(rows) - 1,
                limit=MAX_ROWS,
            )
        )
    if not rows:
        sheet.error(
            "csv.header",
            tr("no header row: the first row names the fields ({examples})", examples="name.zh-Hans, text, …"),
            1,
            None,
        )
        result.findings = sheet.findings
        return result
    header, body = rows[0], rows[1:]
    _read_header(sheet, header.cells, header.line)
    result.headers = {c.index + 1: c.header for c in sheet.columns}
    # the row the reading stopped at (a CSV syntax error, a cell over the size limit) is a row too: its error
    # is told as one in a row, not in the header row
    result.rows = len(body) + (1 if syntax is not None and (syntax.line or 0) > header.line else 0)
    result.header_line = header.line
    if not sheet.findings and not result.rows:  # a header and nothing under it: no record, nothing to write
        sheet.error("csv.empty", tr("the sheet has a header row but no rows of records under it"), header.line, None)
    if sheet.findings:
        result.findings = sorted(sheet.findings, key=lambda f: (f.line or 0, f.column or 0))
        return result
    folder = into / KIND_DIRS[kind]
    ref = schema_ref(folder, game, kind)
    ids: dict[str, RowRecord] = {}
    count = meter_or_silent(meter)
    count.start(tr("reading rows"), len(body))
    partial: list[RowRecord] = []  # rows with a bad cell: their records are linted, never written
    left_out: set[str] = set()  # the ids of those rows: a record of the set may need one (a map its mode)
    for row in body:
        count.advance()
        record = _read_row(sheet, row)
        record_id = _record_id(sheet, record)
        if record_id is not None:
            first = ids.setdefault(record_id, record)
            if first is not record:
                sheet.error(
                    "csv.id",
                    tr(
                        "id {id} is also the id of row {row}; ids are unique in a game",
                        id=repr(record_id),
                        row=first.row,
                    ),
                    record.line,
                    record.cells.get("/id"),
                )
                record_id = None
        if record_id is None:
            # the row's other cells are still checked: its record is linted under a stand-in id, nothing of
            # which reaches the output, and none of its findings that may follow from the id
            record_id = _stand_in(record)
        record.data.setdefault("$schema", ref)
        record.art_missing = _art_from_the_sheet(record.data, path.parent, folder)
        record.target = folder / f"{record_id}.json"
        record.text = canonical_dumps(record.data)
        if not record.partial:
            result.records.append(record)
        else:
            left_out.update(i for i in (record.shown if record.stand_in else record_id,) if i)
            if record.lintable:
                partial.append(record)
    findings = sheet.findings
    linted = sorted([*result.records, *partial], key=lambda r: r.line)  # (a later row repeats an earlier one)
    manifest = read_manifest(into)
    olds: dict[Path, str | None] = {}  # the files the rows' records go to that exist, as they are
    for record in result.records:
        assert record.target is not None
        if record.target.is_file():
            try:
                olds[record.target] = record.target.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                olds[record.target] = None
            entry = manifest.get(_manifest_key(into, record.target))
            if olds[record.target] != record.text and not (entry is not None and _mine(entry, path, into) and
                                                           _made_here(olds[record.target], entry)):  # fmt: skip
                # a record written by hand or by another sheet: what the sheet has no column for stays
                _keep_fields(sheet, record, olds[record.target])
    # the records this sheet wrote before and holds no longer (a row renamed or deleted): removed with the import,
    # and no part of the game's data its rows are linted among
    held = {_manifest_key(into, r.target) for r in linted if r.target is not None}
    result.removed, result.released, changed, result.shared = _left_behind(into, manifest, path, held)
    for target in changed:
        message = tr(
            "{path} was imported from this sheet, which no longer holds it, and changed since; not removed",
            path=target,
        )
        findings.append(Finding("csv.kept", message, "warning", str(path), None, None, None))
    others: list[Finding] = []  # lint's errors of the other records of the set, with the import
    findings.extend(_lint(linted, str(path), game, into, pool, lint_sources, count, result.removed, others))
    if others:
        findings.extend(_broken(others, str(path), into, pool, lint_sources, left_out))
    for record in result.records:
        assert record.target is not None
        if record.target in olds:
            old = olds[record.target]
            entry = manifest.get(_manifest_key(into, record.target))
            holders = _holders(entry) if entry is not None else []
            other = next((h for h in holders if not _is_sheet(h, path, into)), None)
            if old == record.text:
                result.unchanged.append(record.target)
            elif entry is not None and _mine(entry, path, into) and other is None and _made_here(old, entry):
                result.updated.append(record.target)  # this sheet's record, as written (or as fmt rewrote it)
            elif not force:
                if other is not None:
                    message = tr(
                        "{path} was imported from another sheet, {sheet} (its path from {into}); a record another "
                        "sheet imported is replaced only with --force",
                        path=record.target,
                        sheet=_sheet_shown(other, into),
                        into=into,
                    )
                else:
                    message = tr(
                        "{path} exists with other content; not replaced (--force replaces it)", path=record.target
                    )
                findings.append(Finding("csv.exists", message, "error", str(path), None, record.line, None))
            else:
                lost = _lost(old, record.data)
                if lost:
                    result.lost[record.target] = lost
                    shown = ", ".join(lost)
                    if dry_run:
                        message = tr("--force would replace {path} without {fields}, which it has and the row leaves "
                                     "out", path=record.target, fields=shown)  # fmt: skip
                    else:
                        message = tr("--force replaces {path} without {fields}, which it had and the row leaves out",
                                     path=record.target, fields=shown)  # fmt: skip
                    findings.append(Finding("csv.lost", message, "warning", str(path), None, record.line, None))
    findings.sort(key=lambda f: (f.line or 0, f.column or 0))
    result.findings = findings
    result.decks = read_decks(into)  # (kept as they are by an import of a sheet without copies)
    if any(c.copies for c in sheet.columns):
        result.print_deck = _deck_file(path, into, result.decks, manifest)
        if result.print_deck is None:
            message = tr(
                "the names of this sheet's print deck in {folder} are taken by other sheets' decks; rename the sheet",
                folder=into / MANIFEST_DIR,
            )
            findings.append(Finding("csv.deck", message, "error", str(path), None, None, None))
    if result.errors or dry_run:
        return result
    unchanged = set(result.unchanged)
    items: list[tuple[Path, bytes]] = []
    for record in result.records:
        assert record.target is not None
        if record.target in unchanged:
            continue
        try:
            record.target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DossierError(
                tr("{path}: cannot create: {reason}", path=record.target.parent, reason=os_reason(exc))
            ) from None
        items.append((record.target, encode_text(record.target, record.text)))
    items.extend(_bookkeeping(result, manifest, unchanged, encode_text))
    for target in result.removed:  # (each can be removed before anything is written)
        problem = cannot_write(target.parent)
        if problem is not None:
            raise DossierError(tr("{path}: cannot remove: {reason}", path=target, reason=os_reason(problem)))
    # every file staged before any is renamed in: a failure or a kill part-way leaves the data as it was
    try:
        write_many(items, meter=count)
    except OSError as exc:
        if isinstance(exc, DossierError):
            raise
        raise DossierError(
            tr("{path}: cannot write: {reason}", path=exc.filename or into, reason=os_reason(exc))
        ) from None
    result.written.extend(path for path, _data in items if path.parent.name != MANIFEST_DIR)
    for target in result.removed:  # once the rest is in place (the manifest no longer claims them)
        try:
            target.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise DossierError(tr("{path}: cannot remove: {reason}", path=target, reason=os_reason(exc))) from None
    return result


# ---------------------------------------------------------------------- what an import made

MANIFEST_DIR = ".dossier-import"  # hidden: lint, fmt and the catalog walk past it
MANIFEST_FILE = "manifest.json"


def _manifest_key(into: Path, target: Path) -> str:
    return Path(os.path.relpath(target, into)).as_posix()


def sheet_key(path: Path, into: Path) -> str:
    """How the manifest names the sheet ``path``: its path from the set folder ``into`` (``../my-cards.csv``), so
    that the project moved, or cloned elsewhere, still knows its sheets; the absolute path where there is none
    (another drive)."""
    try:
        return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(into))).as_posix()
    except ValueError:
        return os.path.abspath(path)


def _is_sheet(key: Any, path: Path, into: Path) -> bool:
    """Whether the manifest's ``key`` names the sheet ``path``: its :func:`sheet_key`; or, in a manifest written
    before sheets were named from the set (an absolute path), its absolute path, or one that ends in the same
    folders and name as the sheet's path from the set does (the project moved since)."""
    if not isinstance(key, str):
        return False
    own = sheet_key(path, into)
    if key == own:
        return True
    if not os.path.isabs(key) or os.path.isabs(own):
        return False
    if os.path.normpath(key) == os.path.abspath(path):
        return True
    tail = [part for part in own.split("/") if part not in ("", ".", "..")]
    return bool(tail) and key.replace("\\", "/").split("/")[-len(tail) :] == tail


def _holders(entry: dict[str, Any]) -> list[str]:
    """The sheets that hold the record of a manifest entry: ``sheets`` where more than one does, else ``sheet``."""
    sheets = entry.get("sheets")
    if isinstance(sheets, list) and sheets and all(isinstance(s, str) for s in sheets):
        return list(sheets)
    sheet = entry.get("sheet")
    return [sheet] if isinstance(sheet, str) else []


def _sheet_shown(key: str, into: Path) -> str:
    """A sheet of the manifest as a message names it: its path from the set folder (an old manifest's absolute
    path too, where it has one)."""
    if not os.path.isabs(key):
        return key
    try:
        return Path(os.path.relpath(key, os.path.abspath(into))).as_posix()
    except ValueError:
        return key


def _manifest_data(into: Path) -> dict[str, Any]:
    try:
        data = loads_strict((into / MANIFEST_DIR / MANIFEST_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, JsonSyntaxError):
        return {}
    return data if isinstance(data, dict) else {}


def read_decks(into: Path) -> dict[str, str]:
    """The print decks imports wrote under ``into``: deck file name -> the sheet that owns it (:func:`sheet_key`;
    a manifest written before decks were owned names none)."""
    decks = _manifest_data(into).get("decks")
    if not isinstance(decks, dict):
        return {}
    return {k: v for k, v in decks.items() if isinstance(k, str) and isinstance(v, str)}


def read_manifest(into: Path) -> dict[str, dict[str, Any]]:
    """Which files under ``into`` imports made: relative path -> ``sheet`` (the sheet's path from ``into``,
    :func:`sheet_key`; an absolute path in a manifest written before), ``sheets`` (every sheet that holds the record,
    where more than one does), ``game``, ``kind``, ``id``, ``fingerprint`` (of the record as written, as fmt would
    leave it) and ``copies``. A manifest that cannot be read claims nothing (so nothing is replaced without
    ``--force``)."""
    records = _manifest_data(into).get("records")
    if not isinstance(records, dict):
        return {}
    return {k: v for k, v in records.items() if isinstance(k, str) and isinstance(v, dict)}


def fingerprint(data: Any) -> str:
    """The record as ``dossier fmt`` and ``dossier text fmt`` would leave it (canonical JSON, canonical ability
    text; its ``$schema`` aside), hashed: the same before and after either rewrote the file, different once
    anything it says changed."""
    import hashlib

    from toolkit.text.fmt import format_record_texts

    body = {k: v for k, v in data.items() if k != "$schema"} if isinstance(data, dict) else data
    formatted = format_record_texts(body)
    if not formatted.problems:
        body = formatted.data
    return hashlib.sha256(canonical_dumps(body).encode("utf-8")).hexdigest()


def _made_here(old: str | None, entry: dict[str, Any]) -> bool:
    """The file still holds the record the import wrote (reformatted, perhaps, but not edited)."""
    if old is None:
        return False
    try:
        data = loads_strict(old)
    except JsonSyntaxError:
        return False
    return bool(entry.get("fingerprint")) and fingerprint(data) == entry.get("fingerprint")


def _left_behind(
    into: Path, manifest: dict[str, dict[str, Any]], sheet: Path, held: set[str]
) -> tuple[list[Path], list[str], list[Path], list[str]]:
    """The files the sheet ``sheet`` wrote into ``into`` (by the manifest) for rows it no longer has (their
    keys not in ``held``): (those that still hold the record as written, to remove; the manifest keys to let go,
    for files gone or changed since; the files changed since, which stay; the manifest keys of those another sheet
    still holds, which stay, held by it alone). Only a file the manifest says this sheet wrote, below ``into``, as
    it wrote it (:func:`_made_here`) and held by no other sheet, is ever removed: never one written by hand or by
    another sheet."""
    removed: list[Path] = []
    released: list[str] = []
    changed: list[Path] = []
    shared: list[str] = []
    for key, entry in sorted(manifest.items()):
        holders = _holders(entry)
        if key in held or not any(_is_sheet(h, sheet, into) for h in holders):
            continue
        parts = key.split("/")
        if not key.endswith(".json") or key.startswith("/") or "\\" in key or any(p in ("", ".", "..") for p in parts):
            continue  # (not a key an import writes: the manifest was edited)
        if any(not _is_sheet(h, sheet, into) for h in holders):
            shared.append(key)  # another sheet holds it still (its print deck names it): it stays
            continue
        target = into.joinpath(*parts)
        if os.path.islink(target) or not target.is_file():
            if not os.path.lexists(target):
                released.append(key)  # (removed by hand since)
            continue
        try:
            old = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            old = None
        if _made_here(old, entry):
            removed.append(target)
        else:
            released.append(key)
            changed.append(target)
    return removed, released, changed, shared


def deck_stem(path: Path) -> str:
    """The name of the sheet ``path``'s print deck (before ``.deck.json``): its name made an id (``my-cards.csv``
    -> ``my_cards``), keeping letters beyond Latin ones (``数量表.csv`` -> ``数量表``)."""
    stem = unicodedata.normalize("NFKC", path.stem)
    if not any(c.isalnum() and not c.isascii() for c in unicodedata.normalize("NFKD", stem)):
        return slugify(stem) or "sheet"  # (Latin letters lose only their accents: Boi-tatá -> boi_tata)
    name = re.sub(r"[\W_]+", "_", stem.casefold()).strip("_")
    return name[:64].rstrip("_") or "sheet"


def _deck_file(path: Path, into: Path, decks: dict[str, str], manifest: dict[str, dict[str, Any]]) -> Path | None:
    """Where the sheet ``path`` writes its print deck: ``<stem>.deck.json`` (:func:`deck_stem`), or, where another
    sheet owns that one (``a/cards.csv`` and ``b/cards.csv``), ``<stem>-<hash of the sheet's path from into>``;
    None where both are another sheet's. A deck file no sheet owns (written before decks were owned) is this
    sheet's only if it names this sheet and lists only records this sheet holds: no sheet's deck is overwritten."""
    import hashlib

    folder = into / MANIFEST_DIR
    stem = deck_stem(path)
    digest = hashlib.sha256(sheet_key(path, into).encode("utf-8")).hexdigest()[:8]
    for name in (f"{stem}.deck.json", f"{stem}-{digest}.deck.json"):
        owner = decks.get(name)
        if owner is not None:
            if _is_sheet(owner, path, into):
                return folder / name
            continue
        if not os.path.lexists(folder / name) or _old_deck_of(folder / name, path, into, manifest):
            return folder / name
    return None


def _old_deck_of(deck: Path, path: Path, into: Path, manifest: dict[str, dict[str, Any]]) -> bool:
    """Whether the print deck ``deck``, which no sheet owns, is the one the sheet ``path`` wrote before decks were
    owned: it names the sheet's file and counts only records this sheet holds."""
    try:
        data = loads_strict(deck.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, JsonSyntaxError):
        return False
    if not isinstance(data, dict) or data.get("name") != path.name or not isinstance(data.get("cards"), dict):
        return False
    held = {entry.get("id") for entry in manifest.values() if _mine(entry, path, into)}
    return all(card in held for card in data["cards"])


def _bookkeeping(
    result: CsvImport, manifest: dict[str, dict[str, Any]], unchanged: set[Path], encode: Any
) -> list[tuple[Path, bytes]]:
    """The manifest (the files this import wrote, or wrote before) and the print deck, where they change. A file
    this import leaves as it is, which another sheet wrote and holds as written, is held by this sheet too (each
    holder keeps it from being removed, :func:`_left_behind`); one it writes, by this sheet alone."""
    from toolkit.sheets.selection import copies_deck

    into, path = result.into, result.path
    own = sheet_key(path, into)
    records = dict(manifest)
    for target in result.removed:
        records.pop(_manifest_key(into, target), None)
    for key in result.released:
        records.pop(key, None)
    for key in result.shared:  # held by the other sheets alone
        kept = dict(records[key])
        others = [h for h in _holders(kept) if not _is_sheet(h, path, into)]
        kept["sheet"] = others[0]
        kept.pop("sheets", None)
        if len(others) > 1:
            kept["sheets"] = others
        records[key] = kept
    for record in result.records:
        assert record.target is not None
        key = _manifest_key(into, record.target)
        entry = records.get(key)
        holders = [own]
        if record.target in unchanged:
            if entry is None:
                continue  # an identical file no sheet made stays unclaimed
            if _made_here(record.text, entry):  # as another sheet (or this one) wrote it: held by both
                holders = [h for h in _holders(entry) if not _is_sheet(h, path, into)] + [own]
        new = {
            "copies": record.copies,
            "fingerprint": fingerprint(record.data),
            "game": result.game,
            "id": record.data.get("id"),
            "kind": result.kind,
            "sheet": holders[0],
            "sheets": holders if len(holders) > 1 else None,
        }
        records[key] = {k: v for k, v in new.items() if v is not None}
    items = []
    folder = result.into / MANIFEST_DIR
    decks = dict(result.decks)
    if result.print_deck is not None:
        decks[result.print_deck.name] = own  # (one an older manifest names by absolute path: named from the set)
    if records != manifest or decks != result.decks:
        body: dict[str, Any] = {"records": records, "version": 1}
        if decks:
            body["decks"] = dict(sorted(decks.items()))
        text = canonical_dumps(body)
        items.append((folder / MANIFEST_FILE, encode(folder / MANIFEST_FILE, text)))
    if result.print_deck is not None:
        counts = {str(r.data["id"]): (1 if r.copies is None else r.copies) for r in result.records}
        text = canonical_dumps(copies_deck(result.game, result.path.name, counts))
        try:
            old = result.print_deck.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            old = None
        if old != text:
            items.append((result.print_deck, encode(result.print_deck, text)))
    if items:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DossierError(tr("{path}: cannot create: {reason}", path=folder, reason=os_reason(exc))) from None
    return items


def _lint(
    records: list[RowRecord],
    csv_file: str,
    game: str,
    into: Path,
    pool: Sequence[Path],
    lint_sources: Any,
    meter: Meter | None = None,
    removed: Sequence[Path] = (),
    others: list[Finding] | None = None,
) -> list[Finding]:
    """Lint the new records among the game's data (without the records the import removes, ``removed``), as
    ``dossier lint`` lints them; each finding located at its row and column, and naming the sheet's rows as rows
    (none of them is a file yet), a stand-in id never. ``others``, where given, learns lint's errors of the other
    records of ``into`` with the import (:func:`_broken` tells those it causes)."""
    from toolkit.catalog import file_key
    from validators.wording import record_label

    by_path: dict[str, RowRecord] = {}
    for record in records:
        assert record.target is not None
        by_path.setdefault(file_key(record.target), record)
    new = [Source(r.target, text=r.text) for r in records if r.target is not None]
    shadowed: dict[tuple[str, str, str], Path] = {}  # the pool records a row stands for, as lint tells them
    own: set[str] = set()  # the other records of ``into``
    context = _context_sources(into, pool, set(by_path) | {file_key(p) for p in removed}, new, shadowed, own)
    targets = set(by_path) | (own if others is not None else set())
    result = lint_sources([*context, *new], targets, meter=meter, shadowed=shadowed)
    located: list[Finding] = []
    stand_ins = [r for r in records if r.stand_in is not None]
    for finding in result.findings:
        key = os.path.abspath(finding.file) if finding.file else ""
        owner = by_path.get(key)
        if owner is None:
            if others is not None and key in own and finding.severity == "error":
                others.append(finding)
            continue
        if finding.code == "card.schema_ref.unresolved" and _resolves(owner):
            continue  # the record's folder does not exist yet; the reference resolves once it does
        column = owner.column_of(finding.pointer, finding.message)
        if owner.lost and (column is None or not finding.pointer or owner.unread(finding.pointer)):
            # a row with a cell that did not read: what its other cells say, and nothing that may follow from
            # that cell (a missing value, the record as a whole)
            continue
        if owner.told(finding.pointer):
            continue  # a value that is no word of the game's: its cell's error said so (a faction, a subtype)
        message = finding.message
        if finding.code == "card.name.duplicate" and owner.id_from is not None and finding.pointer == owner.id_from:
            continue  # the row's id, made from this name, is the other row's: its error says so
        if finding.code == "card.name.duplicate":
            message = _name_repeated(owner, finding, records) or message
        if finding.code == "card.art.missing" and owner.art_missing is not None:
            message = tr(
                "{label}: art {art} ({path}, from the sheet's folder): {problem}",
                label=record_label(game, owner.data.get("kind"), owner.shown or owner.data.get("id")),
                art=repr(owner.data.get("art")),
                path=owner.art_missing,
                problem=tr("no such file"),
            )
        for record in stand_ins:  # a row linted under a stand-in: named by the id it gives, or by its row
            assert record.stand_in is not None and record.target is not None
            label = record_label(game, record.data.get("kind"), record.stand_in)
            message = message.replace(label, record_label(game, record.data.get("kind"), record.shown))
            message = message.replace(str(record.target), tr("row {row}", row=record.row))
            message = message.replace(record.stand_in, record.shown or tr("row {row}", row=record.row))
        located.append(
            Finding(
                finding.code,
                message,
                finding.severity,
                csv_file,
                finding.pointer,
                owner.line,
                column,
            )
        )
    return located


def _broken(
    after: list[Finding],
    csv_file: str,
    into: Path,
    pool: Sequence[Path],
    lint_sources: Any,
    left_out: Iterable[str] = (),
) -> list[Finding]:
    """The errors of ``after`` (lint's of the other records of ``into`` with the import) that those records did not
    have before it (a record whose text quotes a row's name, renamed or deleted): each an error of the import, which
    is refused. An error at a place of a record where it had one before is not the import's (as the web editor
    tells the records an edit breaks: by file, code and place); nor one that names the id of a row left out for a
    bad cell (``left_out``: its record could not be checked, or did not read whole, so the set lacks it only while
    that cell's own error stands)."""
    from collections import Counter

    from toolkit.catalog import file_key

    files = {file_key(Path(f.file)) for f in after if f.file}
    shadowed: dict[tuple[str, str, str], Path] = {}
    before = lint_sources(_context_sources(into, pool, set(), [], shadowed), files, shadowed=shadowed)
    had = Counter(
        (file_key(Path(f.file)), f.code, f.pointer) for f in before.findings if f.file and f.severity == "error"
    )
    broken: list[Finding] = []
    missing = [repr(i) for i in left_out]
    for finding in after:
        if any(i in finding.message for i in missing):
            continue  # (a mode whose max_agents did not read: the map that lists it is not broken by the import)
        key = (file_key(Path(finding.file)) if finding.file else "", finding.code, finding.pointer)
        if had[key] > 0:
            had[key] -= 1
            continue
        message = tr(
            "the import breaks another record, {file}: it gets a lint error it did not have ({code}: {problem}); "
            "nothing is written while it would",
            file=finding.file,
            code=finding.code,
            problem=finding.message,
        )
        broken.append(Finding("csv.breaks", message, "error", csv_file, None, None, None))
    return broken


def _name_repeated(owner: RowRecord, finding: Finding, records: list[RowRecord]) -> str | None:
    """Lint's "name is also the name of FILE" where FILE is another row's record (written by none while any row
    has an error): the same, naming the row."""
    from validators.wording import record_label

    lang = (finding.pointer or "").rpartition("/")[2]
    names = owner.data.get("name")
    name = names.get(lang) if isinstance(names, dict) else None
    if lang not in ("zh-Hans", "en") or not isinstance(name, str):
        return None
    others = [r for r in records if r is not owner and r.target is not None and str(r.target) in finding.message]
    if not others:
        return None  # a record of the game's data: its file is there
    other = max(others, key=lambda r: len(str(r.target)))
    label = record_label(owner.data.get("game"), owner.data.get("kind"), owner.shown or owner.data.get("id"))
    other_names = other.data.get("name")
    other_name = other_names.get(lang) if isinstance(other_names, dict) else None
    if isinstance(other_name, str) and other_name.casefold().strip() != name.casefold().strip():
        # (names the name lookup takes for one, accents, width and punctuation aside: lint's second message)
        return tr(
            "{label}: {lang} name {name} reads the same to a deck list as {other}, the name of {file} (name "
            "lookup ignores case, accents, width and punctuation)",
            label=label,
            lang=word("lang", lang, current_lang()),
            name=repr(name),
            other=repr(other_name),
            file=tr("row {row}", row=other.row),
        )
    return tr(
        "{label}: {lang} name {name} is also the name of row {row}",
        label=label,
        lang=word("lang", lang, current_lang()),
        name=repr(name),
        row=other.row,
    )


def _resolves(record: RowRecord) -> bool:
    ref = record.data.get("$schema")
    assert record.target is not None
    if not isinstance(ref, str):
        return False
    return os.path.isfile(os.path.normpath(os.path.join(os.path.abspath(record.target.parent), ref)))


__all__ = [
    "CsvImport",
    "RowRecord",
    "coerce",
    "decode",
    "import_csv",
    "resolve",
    "schema_ref",
    "slugify",
    "sniff_delimiter",
]
