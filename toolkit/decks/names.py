"""Resolving card names typed by people (either language, any case) to records."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from toolkit.models import RecordBase, namespace

_SPACES = re.compile(r"\s+")


def normalize(name: str) -> str:
    """NFKC (full-width letters and digits), case-folded, single spaces, no outer space."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip().casefold()


class NameIndex:
    """Looks up cards, agents, identities and roles by zh-Hans name, English name or id."""

    def __init__(self, records: Iterable[RecordBase]) -> None:
        self._by_key: dict[str, list[Any]] = {}
        self._names: dict[str, set[str]] = {}
        self._records: dict[str, list[Any]] = {}
        for record in records:
            kind: str = record.kind  # type: ignore[attr-defined]
            if namespace(kind) != "record":
                continue
            game: str = record.game  # type: ignore[attr-defined]
            keys = {normalize(record.name.zh_hans), normalize(record.id)}
            if record.name.en:
                keys.add(normalize(record.name.en))
            for key in keys:
                bucket = self._by_key.setdefault(key, [])
                if record not in bucket:
                    bucket.append(record)
            self._records.setdefault(game, []).append(record)
            names = self._names.setdefault(game, set())
            names.add(record.name.zh_hans)
            if record.name.en:
                names.add(record.name.en)

    def lookup(self, name: str, game: str | None = None) -> list[Any]:
        """Every record called ``name`` (optionally only in ``game``)."""
        found = self._by_key.get(normalize(name), [])
        return [r for r in found if game is None or r.game == game]

    def suggestions(self, name: str, game: str | None = None, n: int = 3) -> list[str]:
        pool: set[str] = set()
        for g, names in self._names.items():
            if game is None or g == game:
                pool |= names
        by_norm = {normalize(p): p for p in pool}
        close = difflib.get_close_matches(normalize(name), list(by_norm), n=n, cutoff=0.5)
        return [by_norm[c] for c in close]

    def lookup_all(self, game: str) -> list[Any]:
        """Every named record of ``game``."""
        return list(self._records.get(game, []))

    def games_of(self, name: str) -> set[str]:
        return {r.game for r in self.lookup(name)}
