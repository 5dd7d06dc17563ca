"""Resolving names typed by people to records: :class:`NameIndex` over :mod:`toolkit.names`' folding."""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable
from typing import Any

from toolkit.db.grams import is_cjk
from toolkit.models import RecordBase, namespace
from toolkit.names import (
    compact,
    fold,
    folded_names,
    name_language,
    normalize,
    record_keys,
    record_names,
    short_names,
)

__all__ = [
    "NameIndex",
    "compact",
    "fold",
    "folded_names",
    "name_language",
    "normalize",
    "record_keys",
    "record_names",
    "short_names",
]


class NameIndex:
    """Looks up cards, agents, identities and roles by zh-Hans name, English name or id, folded.

    When nothing is called a name in full, an identity answers to its short name
    (the part before the colon), and then a name typed without its spaces or
    hyphens (``boitata``) finds the one record whose name it is.
    """

    def __init__(self, records: Iterable[RecordBase]) -> None:
        self._by_key: dict[str, list[Any]] = {}
        self._by_short: dict[str, list[Any]] = {}
        self._by_compact: dict[str, list[Any]] = {}
        self._names: dict[str, set[str]] = {}
        self._records: dict[str, list[Any]] = {}
        self._by_code: dict[str, list[Any]] = {}
        self._modes: dict[str, list[Any]] = {}  # game -> its modes (formats): a deck names one by id or name
        for record in records:
            kind: str = record.kind  # type: ignore[attr-defined]
            if namespace(kind) == "mode":
                self._modes.setdefault(record.game, []).append(record)  # type: ignore[attr-defined]
            if namespace(kind) != "record":
                continue
            game: str = record.game  # type: ignore[attr-defined]
            keys = record_keys(record)
            shorts = {fold(short) for short in short_names(record)} - {""}
            for table, table_keys in (
                (self._by_key, keys),
                (self._by_short, shorts),
                (self._by_compact, {compact(k) for k in keys | shorts}),
            ):
                for key in table_keys:
                    bucket = table.setdefault(key, [])
                    if record not in bucket:
                        bucket.append(record)
            self._records.setdefault(game, []).append(record)
            self._names.setdefault(game, set()).update(record_names(record))
            for printing in getattr(record, "printings", None) or ():
                bucket = self._by_code.setdefault(str(printing.code), [])
                if not any(r is record for r in bucket):
                    bucket.append(record)

    def lookup(self, name: str, game: str | None = None, kind: str | None = None) -> list[Any]:
        """Every record called ``name`` (optionally only in ``game``, only of ``kind``).

        Full names and ids first; an identity's short name only when nothing is
        called that in full; the name without spaces only when neither finds one.
        """
        key = fold(name)
        for table, wanted in ((self._by_key, key), (self._by_short, key), (self._by_compact, compact(key))):
            found = [
                r
                for r in table.get(wanted, [])
                if (game is None or r.game == game) and (kind is None or r.kind == kind)
            ]
            if found:
                return found
        return []

    def find(self, name: str, game: str | None = None, kind: str | None = None) -> list[Any]:
        """The records a name typed at the command line names, as ``dossier show`` finds them
        (:func:`toolkit.search.run.find_by_name` asks the database the same): those called that in full
        (or, for an identity, by its short name), else those so called but for spaces and punctuation (``mic``:
        M.I.C., not a name beginning with it), else those whose name or id starts with it, else those with a
        word of a name starting with it (typed with or without its spaces), else for a name typed in Chinese
        (whose words have no spaces between them) those holding it anywhere. One resolver for ``show`` and
        ``print`` (``zahya`` finds Zahya Sadeghi: Versatile Smuggler in both)."""
        key = fold(name)
        if not key:
            return []

        def wanted(record: Any) -> bool:
            return (game is None or record.game == game) and (kind is None or record.kind == kind)

        for table in (self._by_key, self._by_short):
            found = [r for r in table.get(key, []) if wanted(r)]
            if found:
                return found
        tight = compact(key)
        found = [r for r in self._by_compact.get(tight, []) if wanted(r)]
        if found:
            return found

        def word_starts(k: str) -> bool:  # a word of the name, and what follows it without its spaces
            return any(compact(k[i:]).startswith(tight) for i in range(1, len(k)) if k[i - 1] == " ")

        def inside(k: str) -> bool:  # a Chinese name has no spaces between its words: anywhere in it
            return tight in compact(k)

        tiers = [lambda k: compact(k).startswith(tight), word_starts]
        for starts in [*tiers, inside] if is_cjk(tight[:1]) else tiers:
            found = []
            for table_key, records in self._by_key.items():
                if starts(table_key):
                    found.extend(r for r in records if wanted(r) and r not in found)
            if found:
                return found
        return []

    def suggestions(
        self,
        name: str,
        game: str | None = None,
        n: int = 3,
        kind: str | None = None,
        kinds: Collection[str] | None = None,
    ) -> list[str]:
        """The names closest to ``name`` (of ``game``'s records; with ``kind``, of its records of that kind only:
        an agent is not offered for a card; with ``kinds``, of its records of those kinds: a deck's line is offered
        what goes in a deck, never an ability or a unit; given, ``kind`` is not read)."""
        wanted = set(kinds) if kinds is not None else None if kind is None else {kind}
        pool: set[str] = set()
        for g, names in self._names.items():
            if game is None or g == game:
                if wanted is None:
                    pool |= names
                else:
                    for record in self._records.get(g, []):
                        if record.kind in wanted:
                            pool.update(record_names(record))
        by_fold = {fold(p): p for p in sorted(pool)}
        close = difflib.get_close_matches(fold(name), list(by_fold), n=n, cutoff=0.5)
        return [by_fold[c] for c in close]

    def by_code(self, code: str, game: str | None = None) -> list[Any]:
        """The records with a printing of this code (imported data: NetrunnerDB's ``30030``), exactly as
        written; optionally only in ``game``."""
        return [r for r in self._by_code.get(code.strip(), []) if game is None or r.game == game]

    def pooled(self) -> bool:
        """Whether the index holds any record at all (a card pool was found and read)."""
        return any(self._records.values())

    def lookup_all(self, game: str) -> list[Any]:
        """Every named record of ``game``."""
        return list(self._records.get(game, []))

    def mode_id(self, written: str, game: str) -> str | None:
        """The id of the mode (format) of ``game`` that ``written`` names: its id, or its name in either language
        (``Duo``, ``双雄``, ``Nightmare Corridor``), as card names are read: folded. None when it names none."""
        modes = self._modes.get(game, [])
        for mode in modes:
            if mode.id == written:
                return str(mode.id)
        key = fold(written)
        found = {str(mode.id) for mode in modes if key and key in record_keys(mode)}
        return found.pop() if len(found) == 1 else None

    def mode_ids(self, game: str) -> list[str]:
        """The ids of ``game``'s modes (formats), sorted: what a deck may name."""
        return sorted(str(mode.id) for mode in self._modes.get(game, []))

    def games_of(self, name: str) -> set[str]:
        return {r.game for r in self.lookup(name)}
