"""`dossier export csv`: records back to a sheet in the layout `dossier import csv` reads.

One row per record, one column per field: dotted for nested fields (``cost.mortgage``,
``equipment.attack.range.max``), ``name.zh-Hans`` / ``name.en``, a list of single values in one cell
(free text split on line breaks, anything else on commas) or, where an item would not survive the split
(a comma inside it, a line break in free text), in numbered columns (``text.0``, ``text.1``); an object
whose keys cannot be columns, or a list of objects, as JSON in one cell. ``$schema``, ``kind`` and
``game`` are left out (the import fills them in for where the records go); the ``id`` column is always
there. A column is given the same form in every row, so the header names each field once.

Before anything is written, the sheet is read back with the importer's own reader and every record must
come back exactly as it is (``$schema`` aside); a record that would not is reported and nothing is
written. The quantity column (``copies``) is added when an import recorded copies for the records
(:func:`toolkit.importers.spreadsheet.read_manifest`). A sheet written to a file names each ``art`` from the
sheet's folder, as the import reads it (:func:`art_for_the_sheet`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.i18n import tr
from toolkit.jsonio import canonical_dumps

from .spreadsheet import (
    COPIES_COLUMN,
    EMPTY_LIST,
    MANIFEST_DIR,
    Slot,
    _BadCell,
    _cell_value,
    _is_model,
    _models_of,
    _read_header,
    _read_row,
    _record_id,
    _Sheet,
    _union_models,
    _Unknown,
    _unwrap,
    coerce,
    read_manifest,
    read_rows,
    resolve,
)

SKIPPED = ("$schema", "kind", "game")
FIRST = ("id", "name.zh-Hans", "name.en", "type", "category")


@dataclass
class SheetExport:
    """The sheet of some records, and the records that would not come back from it unchanged."""

    text: str = ""
    rows: int = 0
    columns: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class _Cannot(Exception):
    """A value no cell can hold so that the import reads it back unchanged."""


def _json_cell(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _scalar_text(value: Any, slot: Slot) -> str:
    if value is None:
        if not slot.nullable:
            raise _Cannot
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (int, float)):
        text = repr(value)
    elif isinstance(value, str):
        text = value
    else:
        text = _json_cell(value)
    if not text.strip():
        raise _Cannot  # an empty cell leaves the field out
    try:
        back = coerce(text, slot.leaf, slot.nullable, x=slot.x)
    except _BadCell:
        raise _Cannot from None
    if canonical_dumps(back) != canonical_dumps(value):
        raise _Cannot
    return text


def _split_text(items: list[Any], slot: Slot) -> str:
    if not items:
        return EMPTY_LIST
    texts = [_scalar_text(item, slot) for item in items]
    text = ("\n" if slot.separator == "\n" else ", ").join(texts)
    try:
        back = _cell_value(slot, text)
    except _BadCell:
        raise _Cannot from None
    if canonical_dumps(back) != canonical_dumps(items):
        raise _Cannot
    return text


def _keys_in_order(annotation: Any, value: dict[str, Any]) -> list[str]:
    """The keys of ``value`` in the order the model declares its fields (then the rest, sorted)."""
    core = _unwrap(annotation)[0]
    models = [core] if _is_model(core) else _union_models(core)
    order: list[str] = []
    for model in models:
        for name, info in model.model_fields.items():
            key = info.alias or name
            if key in value and key not in order:
                order.append(key)
    return order + sorted(k for k in value if k not in order)


@dataclass
class _Forms:
    """Paths (dotted) whose value goes into numbered columns, or as one JSON cell, in every row."""

    numbered: set[str] = field(default_factory=set)
    whole: set[str] = field(default_factory=set)


def _flatten(
    model: Any, annotation: Any, parts: tuple[str, ...], value: Any, forms: _Forms, cells: dict[str, str]
) -> None:
    """The cells of ``value`` at the column path ``parts``; learns in ``forms`` where a form must change."""
    dotted = ".".join(parts)
    try:
        slot = resolve(model, list(parts))
    except _Unknown:
        raise _Cannot from None
    if slot.mode == "json":
        if isinstance(value, dict) and value and dotted not in forms.whole and all(
            isinstance(k, str) and k and "." not in k and not k.isdigit() and k.strip() == k for k in value
        ):
            inner: dict[str, str] = {}
            try:
                for key in _keys_in_order(slot.leaf, value):
                    _flatten(model, None, (*parts, key), value[key], forms, inner)
            except _Cannot:
                forms.whole.add(dotted)
            else:
                cells.update(inner)
                return
        if value is None and not slot.nullable:
            raise _Cannot
        cells[dotted] = "null" if value is None else _json_cell(value)
        return
    if slot.mode == "split":
        if not isinstance(value, list):
            if value is None and slot.nullable:
                cells[dotted] = "null"
                return
            raise _Cannot
        if dotted not in forms.numbered:
            try:
                cells[dotted] = _split_text(value, slot)
                return
            except _Cannot:
                forms.numbered.add(dotted)
        if not value:
            raise _Cannot
        item_slot = Slot(slot.tokens, "scalar", slot.leaf, False)
        for i, item in enumerate(value):
            cells[f"{dotted}.{i}"] = _scalar_text(item, item_slot)
        return
    cells[dotted] = _scalar_text(value, slot)


def _label(data: dict[str, Any]) -> str:
    """``tactics card 'med_kit'``, in the current language (as findings name a record)."""
    from validators.wording import record_label

    return record_label(data.get("game"), data.get("kind"), data.get("id"))


def build_sheet(
    records: Sequence[dict[str, Any]], game: str, kind: str, copies: dict[str, int] | None = None
) -> SheetExport:
    """The sheet (CSV text) of ``records`` (decoded record files of one game and kind)."""
    plan = SheetPlan(lambda: records, game, kind, copies)
    out = io.StringIO()
    problems = plan.write(out.write, check=not plan.problems)  # (with problems: the rows that can be made)
    return SheetExport(out.getvalue(), plan.rows, plan.columns, list(plan.problems) or problems)


class _Line:
    """The file a :class:`csv.writer` writes to: keeps the row it was given last."""

    text = ""

    def write(self, text: str) -> None:
        self.text = text


class SheetPlan:
    """The columns of a sheet of records, learned from the records without holding them: ``records()`` gives
    them afresh each time it is called (read from their files again, one at a time), and :meth:`write` writes
    the sheet a row at a time, each row read back as it is written.

    A column has the same form in every row, so the header is known only once every record has been seen;
    each pass over the records can only move a path to numbered columns or to one JSON cell, so the passes
    end (in a few: one for most data). ``problems``: the records that cannot go into a sheet unchanged
    (nothing should be written then), each after its file when ``files`` (record id → file) has it;
    ``columns``: the header; ``rows``: the records written (or that would be).
    """

    def __init__(
        self,
        records: Callable[[], Iterable[dict[str, Any]]],
        game: str,
        kind: str,
        copies: dict[str, int] | None = None,
        files: Mapping[str, Path] | None = None,
    ) -> None:
        self.records, self.game, self.kind, self.copies = records, game, kind, copies
        self.files = files
        self.models, self.branches = _models_of(game, kind)
        self.forms = _Forms()
        self.problems: list[str] = []
        self.columns: list[str] = []
        self.rows = 0
        seen: dict[str, int] = {}
        for _attempt in range(8):  # each pass can only move a path to numbered columns or one JSON cell
            before = (len(self.forms.numbered), len(self.forms.whole))
            seen, self.problems, self.rows = self._pass()
            if (len(self.forms.numbered), len(self.forms.whole)) == before:
                break
        else:  # a form still moved in the last pass: its rows were made before it did
            seen, self.problems, self.rows = self._pass()
        self.columns = _columns_seen(seen, self.models)
        if not self.problems:
            self.problems = self._check_header()

    def _placed(self, data: dict[str, Any], problem: str) -> str:
        """``problem`` of the record ``data``, after the record's file when ``files`` has it."""
        path = self.files.get(str(data.get("id"))) if self.files else None
        return problem if path is None else tr("{path}: {problem}", path=path, problem=problem)

    def _cells(self, data: dict[str, Any]) -> tuple[dict[str, str] | None, str | None]:
        """The cells of one record (the paths given as one JSON cell stand for their parts), or the problem."""
        model: Any = self.models[0]
        if self.branches is not None:
            model = self.branches.get(str(data.get("type")))
            if model is None:
                return None, self._placed(
                    data, tr("{record}: no {field} this sheet can hold", record=_label(data), field="type")
                )
        cells: dict[str, str] = {}
        bad = []
        for key in _keys_in_order(model, data):
            if key in SKIPPED:
                continue
            try:
                _flatten(model, None, (key,), data[key], self.forms, cells)
            except _Cannot:
                bad.append(key)
        if bad:
            return None, self._placed(
                data,
                tr(
                    "{record}: {fields} cannot be written to a sheet so that the import reads it back unchanged",
                    record=_label(data),
                    fields=", ".join(bad),
                ),
            )
        if self.copies and str(data.get("id")) in self.copies:
            cells[COPIES_COLUMN] = str(self.copies[str(data.get("id"))])
        # a path one row gives as JSON is JSON in every row: drop the cells of its parts
        whole = self.forms.whole
        if whole:
            for path in list(cells):
                if any(path.startswith(w + ".") for w in whole):
                    del cells[path]
        return cells, None

    def _pass(self) -> tuple[dict[str, int], list[str], int]:
        """One pass over the records: the columns in the order they were first seen, the problems, the rows."""
        seen: dict[str, int] = {}
        problems: list[str] = []
        rows = 0
        for data in self.records():
            cells, problem = self._cells(data)
            if cells is None:
                problems.append(str(problem))
                continue
            rows += 1
            for column in cells:
                seen.setdefault(column, len(seen))
        return seen, problems, rows

    def _reader(self) -> tuple[_Sheet, list[str]]:
        """The importer's reader of this sheet, its header read, and the problems the header has."""
        sheet = _Sheet(Path("<sheet>"), self.game, self.kind, self.models, self.branches)
        _read_header(sheet, list(self.columns), 1)
        return sheet, [f.message for f in sheet.findings]

    def _check_header(self) -> list[str]:
        return self._reader()[1]

    def write(self, write: Callable[[str], object] | None, *, check: bool = True) -> list[str]:
        """Write the sheet (``\r\n`` line ends, no byte-order mark) to ``write`` a row at a time (None: only
        check it), reading each row back as the importer does: every record must come back as it is
        (``$schema`` aside). The records that would not are returned, worded; the caller writes nothing
        (or throws away what was written) when there is one. ``check=False``: the rows that can be made,
        neither checked nor read back."""
        if check and self.problems:
            return list(self.problems)
        sheet, problems = self._reader()
        if check and problems:
            return problems
        problems = []
        line = _Line()
        writer = csv.writer(line, lineterminator="\r\n")
        writer.writerow(self.columns)
        if write is not None:
            write(line.text)
        rows = 0
        for data in self.records():
            cells, problem = self._cells(data)
            if cells is None:  # a record with a problem (or one that changed since the columns were learned)
                problems.append(str(problem))
                continue
            writer.writerow([cells.get(c, "") for c in self.columns])
            rows += 1
            problem = _row_reads_back(sheet, line.text, data) if check else None
            if problem is not None:
                problems.append(self._placed(data, problem))
            if write is not None:
                write(line.text)
        self.rows = rows
        return problems


def _columns_seen(seen: dict[str, int], models: Sequence[Any]) -> list[str]:
    """The header: id and names first, then the fields in the order the model declares them (a nested
    field's columns together), the quantity column last; ``seen``: each column and where it was first seen."""
    fields: dict[str, int] = {}
    for model in models:
        for name, info in model.model_fields.items():
            fields.setdefault(info.alias or name, len(fields))
    names = sorted((c for c in seen if c.startswith("name.") and c not in FIRST), key=lambda c: seen[c])
    first = [c for c in FIRST[:3] if c in seen] + names + [c for c in FIRST[3:] if c in seen]  # (name.fr: a name)
    rest = sorted(
        (c for c in seen if c not in first and c != COPIES_COLUMN),
        key=lambda c: (fields.get(c.split(".")[0], len(fields)), seen[c]),
    )
    return first + rest + ([COPIES_COLUMN] if COPIES_COLUMN in seen else [])


def _row_reads_back(sheet: _Sheet, text: str, data: dict[str, Any]) -> str | None:
    """Read one written row as `import csv` does: None when ``data`` comes back as it is, else why not."""
    rows, syntax = read_rows(text, ",")
    if syntax is not None or len(rows) != 1:
        return tr("the sheet does not read back: {reason}", reason=syntax.message if syntax else "")
    back = _read_row(sheet, rows[0])
    if back is None or _record_id(sheet, back) is None:
        return tr(
            "{record}: does not read back from the sheet: {reason}",
            record=_label(data),
            reason=sheet.findings[-1].message,
        )
    want = {k: v for k, v in data.items() if k != "$schema"}
    if canonical_dumps(back.data) != canonical_dumps(want):
        changed = sorted(k for k in set(want) | set(back.data) if want.get(k) != back.data.get(k))
        return tr(
            "{record}: {fields} would not read back unchanged from the sheet",
            record=_label(data),
            fields=", ".join(changed),
        )
    return None


def art_for_the_sheet(data: dict[str, Any], record_file: Path, sheet_dir: Path) -> dict[str, Any]:
    """``data`` with its ``art`` named from the sheet's folder ``sheet_dir``, as `import csv` reads an art cell
    (:func:`toolkit.importers.spreadsheet._art_from_the_sheet`); a record names it from its own folder. Kept as it
    is where it finds no file from the record's folder, where it finds the same file from the sheet's folder (the
    import then keeps it unchanged), or where the sheet's path would find another file from the record's folder
    first; absolute where there is no path from the sheet's folder (another drive)."""
    import os

    art = data.get("art")
    if not isinstance(art, str) or not art or os.path.isabs(art) or "\\" in art:
        return data
    folder = os.path.abspath(record_file.parent)
    target = os.path.normpath(os.path.join(folder, art))
    if not os.path.isfile(target):
        return data
    there = os.path.join(os.path.abspath(sheet_dir), art)
    if os.path.isfile(there) and os.path.samefile(there, target):
        return data
    try:
        cell = Path(os.path.relpath(target, os.path.abspath(sheet_dir))).as_posix()
    except ValueError:  # (another drive)
        cell = Path(target).as_posix()
    if not os.path.isabs(cell):
        mistaken = os.path.join(folder, cell)  # the import reads a path from the record's folder first
        if os.path.isfile(mistaken) and not os.path.samefile(mistaken, target):
            return data
    return {**data, "art": cell}


def recorded_copies(files: Sequence[Path], kind_dir: str) -> dict[str, int]:
    """The copies the imports recorded for the record files ``files`` (of one kind, in ``kind_dir``)."""
    import os

    found: dict[str, int] = {}
    manifests: dict[Path, dict[str, dict[str, Any]]] = {}
    for path in files:
        if path.parent.name != kind_dir:
            continue
        into = path.parent.parent
        if into not in manifests:
            manifests[into] = read_manifest(into) if (into / MANIFEST_DIR).is_dir() else {}
        entry = manifests[into].get(Path(os.path.relpath(path, into)).as_posix())
        if entry is not None and isinstance(entry.get("copies"), int) and isinstance(entry.get("id"), str):
            found[entry["id"]] = entry["copies"]
    return found


__all__ = ["SheetExport", "SheetPlan", "art_for_the_sheet", "build_sheet", "recorded_copies"]
