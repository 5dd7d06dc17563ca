"""Running queries on a built database: :func:`search`, :func:`get_record` (needs SQLAlchemy)."""

from __future__ import annotations

import json
import weakref
from typing import Any, NamedTuple

from sqlalchemy import select

from toolkit.db import Database
from toolkit.db.tables import Record
from toolkit.errors import DossierError

from . import vocab
from .compile import Compiler
from .parser import Query, parse_query

R: Any = Record.__table__  # type: ignore[attr-defined]


class Hit(NamedTuple):
    """One record found: identity, names, and the record in full as JSON (``raw``; ``data`` decodes it)."""

    game: str
    kind: str
    id: str
    type: str | None
    name_zh: str
    name_en: str | None
    raw: str | None = None

    @property
    def ref(self) -> str:
        return f"{self.game}/{self.id}"

    @property
    def data(self) -> dict[str, Any]:
        """The record as a dict (decoded on each access; keep it if you need it twice)."""
        if self.raw is None:
            raise ValueError(f"{self.ref}: found by search(full=False), which does not fetch the record")
        value: dict[str, Any] = json.loads(self.raw)
        return value


def resolve_game(game: str | None) -> str | None:
    """A game id from an id or name (``--game 矩阵潜袭``); None stays None."""
    if game is None:
        return None
    found = vocab.lookup(vocab.GAMES, game)
    if found is None:
        raise DossierError(f"--game {game!r}: unknown game; one of {', '.join(vocab.GAMES)}")
    return found


def _hits(result: Any) -> list[Hit]:
    return [Hit(*row) for row in result.all()]


_COLUMNS = (R.c.game, R.c.kind, R.c.id, R.c.type, R.c.name_zh, R.c.name_en, R.c.data)


_COMPILERS: weakref.WeakKeyDictionary[Database, Compiler] = weakref.WeakKeyDictionary()


def compiler_for(db: Database) -> Compiler:
    """The query compiler of one open database (its backend, text index and vocabularies), made once."""
    compiler = _COMPILERS.get(db)
    if compiler is None:
        compiler = _COMPILERS[db] = Compiler(db.backend, db.has_fts, db.terms, db.has_grams)
    return compiler


def search(
    db: Database, query: str | Query, *, game: str | None = None, limit: int | None = None, full: bool = True
) -> list[Hit]:
    """Records matching ``query`` (a string is parsed first), in display order.

    ``full=False`` fetches only identity and names (a results list), not each record in full.
    """
    parsed = parse_query(query) if isinstance(query, str) else query
    statement = compiler_for(db).select(parsed, resolve_game(game), _COLUMNS if full else _COLUMNS[:-1])
    if limit is not None:
        statement = statement.limit(limit)
    with db.connect() as conn:
        return _hits(conn.execute(statement))


def get_record(db: Database, ref: str, *, game: str | None = None, kind: str | None = None) -> Hit:
    """One record by ``id`` or ``game/id`` (and ``kind``); an unknown or ambiguous id is a usage error."""
    wanted_game = resolve_game(game)
    record_id = ref
    if "/" in ref:
        prefix, record_id = ref.split("/", 1)
        wanted_game = resolve_game(prefix)
    statement = select(*_COLUMNS).where(R.c.id == record_id).order_by(R.c.pk)
    if wanted_game is not None:
        statement = statement.where(R.c.game == wanted_game)
    if kind is not None:
        wanted_kind = vocab.lookup(vocab.KINDS, kind)
        if wanted_kind is None:
            raise DossierError(f"--kind {kind!r}: one of {', '.join(vocab.KINDS)}")
        statement = statement.where(R.c.kind == wanted_kind)
    with db.connect() as conn:
        hits = _hits(conn.execute(statement))
    if not hits:
        where = f" in {wanted_game}" if wanted_game else ""
        raise DossierError(f"no record with id {record_id!r}{where} in {db.target.display}")
    if len(hits) > 1:
        choices = ", ".join(f"{h.ref} ({h.kind})" for h in hits)
        raise DossierError(f"id {record_id!r} names {len(hits)} records: {choices}; add --game or --kind")
    return hits[0]
