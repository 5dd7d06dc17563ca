"""Compile a parsed query into one SQLAlchemy condition on ``records``.

Every term becomes ``records.pk IN (subquery)`` (or a condition on a
``records`` column), built from SQLAlchemy expressions with bound parameters:
no SQL is assembled from user input, and the same expression runs on SQLite
and PostgreSQL. ``!`` is the exact negation of ``:`` (``pk NOT IN …``).

Text matching is substring matching, case-insensitive: on SQLite through the
FTS5 trigram index for words of 3+ characters (shorter words scan), on
PostgreSQL through ``ILIKE`` (helped by pg_trgm indexes). Text terms also
match ``text_compact``, the text without numbers and measure words, so
``抽牌`` finds ``你抽 2 张牌``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, column, false, func, not_, or_, select, table, true
from sqlalchemy.sql.elements import ColumnClause

from toolkit.db.rows import is_cjk
from toolkit.db.tables import (
    FTS_TABLE,
    GRAMS_COLUMNS,
    GRAMS_TABLE,
    CrossfireAttrs,
    ModeAttrs,
    NetrunnerAttrs,
    PrintingRow,
    Record,
    Subtype,
    TacticsAttrs,
)

from . import vocab
from .keys import Key
from .parser import Query
from .parser import Term as QueryTerm

Condition = ColumnElement[bool]
R: Any = Record.__table__  # type: ignore[attr-defined]
NA: Any = NetrunnerAttrs.__table__  # type: ignore[attr-defined]
TA: Any = TacticsAttrs.__table__  # type: ignore[attr-defined]
CA: Any = CrossfireAttrs.__table__  # type: ignore[attr-defined]
MA: Any = ModeAttrs.__table__  # type: ignore[attr-defined]
ST: Any = Subtype.__table__  # type: ignore[attr-defined]
PR: Any = PrintingRow.__table__  # type: ignore[attr-defined]
FTS = table(FTS_TABLE, column("rowid"))
FTS_SELF: ColumnClause[Any] = column(FTS_TABLE)
GRAMS = table(GRAMS_TABLE, column("rowid"))
GRAMS_SELF: ColumnClause[Any] = column(GRAMS_TABLE)

TEXT_COLUMNS: dict[str | None, tuple[str, ...]] = {
    None: ("name_zh", "name_en", "text", "text_compact"),
    "name": ("name_zh", "name_en"),
    "text": ("text", "text_compact"),
    "flavor": ("flavor_zh", "flavor_en"),
}

NUMBER_COLUMNS: dict[str, tuple[Any, ...]] = {
    "cost": (NA.c.cost, TA.c.mortgage),
    "influence": (NA.c.influence,),
    "strength": (NA.c.strength,),
    "points": (NA.c.agenda_points,),
    "advancement": (NA.c.advancement_requirement,),
    "memory": (NA.c.memory_cost,),
    "trash": (NA.c.trash_cost,),
    "link": (NA.c.base_link,),
    "deck_size": (NA.c.min_deck_size,),
    "influence_limit": (NA.c.influence_limit,),
    "limit": (NA.c.deck_limit,),
    "hp": (TA.c.hp,),
    "move": (TA.c.move,),
    "slot": (TA.c.slots,),
    "speed": (TA.c.speed,),
    "shield": (TA.c.shield,),
}

RANGE_COLUMNS: dict[str, tuple[Any, Any]] = {
    "range": (TA.c.range_min, TA.c.range_max),
    "players": (MA.c.players_min, MA.c.players_max),
}

ENUM_COLUMNS: dict[str, Any] = {
    "game": R.c.game,
    "kind": R.c.kind,
    "type": R.c.type,
    "side": NA.c.side,
    "size": TA.c.size,
    "style": TA.c.style,
    "team": CA.c.team,
}

BOOL_COLUMNS: dict[str, Any] = {
    "unique": NA.c.unique,
    "token": TA.c.token,
    "shop": TA.c.shop,
    "tap": TA.c.tap,
    "response": TA.c.response,
    "armed": CA.c.armed,
    "special": CA.c.special,
}


ATTR_TABLES = (NA, TA, CA, MA)


class Compiler:
    """Compiles queries for one database (its backend and whether it has the FTS index)."""

    def __init__(self, backend: str, fts: bool, terms: Iterable[tuple[Any, ...]] = (), grams: bool = False) -> None:
        self.backend = backend
        self.fts = fts and backend == "sqlite"
        self.grams = grams and backend == "sqlite"
        # vocab -> spelling (id, lower-cased names, agent symbol) -> ids; names are resolved before SQL
        self.spellings: dict[str, dict[str, set[str]]] = {}
        for _game, vocab_name, term_id, name_zh, name_en, extra in terms:
            table_ = self.spellings.setdefault(vocab_name, {})
            for spelling in (term_id, name_zh, name_en, extra):
                if spelling:
                    table_.setdefault(spelling.casefold(), set()).add(term_id)

    def ids(self, vocab_name: str, raw: str) -> list[str]:
        """Ids of a data vocabulary that ``raw`` names (its id, NetrunnerDB-style id, a name, a symbol)."""
        folded = raw.casefold()
        table_ = self.spellings.get(vocab_name, {})
        found = table_.get(folded, set()) | table_.get(folded.replace("-", "_").replace(" ", "_"), set())
        return sorted(found) or [folded.replace("-", "_").replace(" ", "_")]

    def condition(self, query: Query) -> Condition:
        return and_(*(self.term(term) for term in query.terms))

    def select(self, query: Query, game: str | None = None, columns: tuple[Any, ...] = ()) -> Select[Any]:
        """``SELECT columns… (default: pk) FROM records JOIN <attribute tables> WHERE …``, display order.

        Only the attribute tables a term names are joined; a term on them is a
        plain column condition, so the planner can start from the most selective
        index. A table is inner-joined when a positive term constrains it alone
        (records without that table's row cannot match), else outer-joined.
        """
        conditions = [self.term(term) for term in query.terms]
        if game is not None:
            conditions.insert(0, R.c.game == game)
        used: set[Any] = set()
        required: set[Any] = set()
        for term, condition in zip(query.terms, conditions[-len(query.terms) :], strict=True):
            tables = _tables(condition)
            used |= tables
            if term.op != "!" and len(tables) == 1:
                required |= tables
        source = R
        for attrs in ATTR_TABLES:
            if attrs in required:
                source = source.join(attrs, attrs.c.pk == R.c.pk)
            elif attrs in used:
                source = source.outerjoin(attrs, attrs.c.pk == R.c.pk)
        return select(*(columns or (R.c.pk,))).select_from(source).where(and_(*conditions)).order_by(R.c.pk)

    def term(self, term: QueryTerm) -> Condition:
        key = term.key
        values = [v.text for v in term.values]
        if key is None or key.kind == "text" and key.name != "illustrator":
            columns = TEXT_COLUMNS[key.name if key is not None else None]
            positive = or_(*(self.text_match(columns, v) for v in values))
        else:
            build: Callable[[Key, str, str], Condition]
            if key.name == "illustrator":
                build = _illustrator
            elif key.name in RANGE_COLUMNS:
                build = _range
            elif key.kind == "term":
                build = self.vocabulary_term
            else:
                build = _BUILDERS[key.kind]
            op = ":" if term.op == "!" else term.op
            positive = or_(*(build(key, op, v) for v in values))
        # "!" is the exact negation of ":": NULL (no such attribute, no English name) counts as not matching
        return not_(func.coalesce(positive, false())) if term.op == "!" else positive

    def vocabulary_term(self, key: Key, op: str, raw: str) -> Condition:
        """faction, subtype, agent: by id or by name in either language (agents also by symbol)."""
        if key.name == "faction":
            return NA.c.faction.in_(self.ids("faction", raw))
        if key.name == "subtype":
            return R.c.pk.in_(select(ST.c.record_pk).where(ST.c.subtype.in_(self.ids("subtype", raw))))
        if key.name == "agent":
            folded = raw.casefold()
            if folded in vocab.TRUE_WORDS:
                return TA.c.agent.is_not(None)
            if folded in vocab.FALSE_WORDS:
                return and_(TA.c.category.is_not(None), TA.c.agent.is_(None))
            return TA.c.agent.in_(self.ids("agent", raw))
        raise AssertionError(f"no vocabulary for key {key.name!r}")

    def text_match(self, columns: tuple[str, ...], word: str) -> Condition:
        """Substring match of ``word`` in any of ``columns``, case-insensitive.

        SQLite: 3+ characters through the trigram index, 1-2 Chinese characters
        through the character-pair index, anything else by LIKE (a scan).
        PostgreSQL: ILIKE, which pg_trgm's GIN indexes serve for 3+ characters.
        """
        phrase = '"' + word.replace('"', '""') + '"'
        if self.fts and len(word) >= 3:
            expression = "{" + " ".join(columns) + "} : " + phrase
            return R.c.pk.in_(select(FTS.c.rowid).where(FTS_SELF.op("MATCH")(expression)))
        if self.grams and is_cjk(word):
            grams_columns = " ".join(dict.fromkeys(GRAMS_COLUMNS[c] for c in columns))
            expression = "{" + grams_columns + "} : " + phrase
            return R.c.pk.in_(select(GRAMS.c.rowid).where(GRAMS_SELF.op("MATCH")(expression)))
        pattern = "%" + _escape_like(word) + "%"
        if self.backend == "sqlite":  # SQLite's LIKE already ignores ASCII case; lower() would only cost
            return or_(*(R.c[name].like(pattern, escape="\\") for name in columns))
        return or_(*(R.c[name].ilike(pattern, escape="\\") for name in columns))


def _tables(condition: Any) -> set[Any]:
    """Attribute tables a condition refers to outside subqueries."""
    found: set[Any] = set()
    stack = [condition]
    while stack:
        node = stack.pop()
        if isinstance(node, Select):
            continue
        table_ = getattr(node, "table", None)
        if isinstance(node, ColumnClause) and table_ is not None and table_ in ATTR_TABLES:
            found.add(table_)
        stack.extend(node.get_children())
    return found


def _escape_like(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _compare(col: Any, op: str, value: int) -> Condition:
    return {
        ":": col == value,
        "<": col < value,
        ">": col > value,
        "<=": col <= value,
        ">=": col >= value,
    }[op]


def _number(key: Key, op: str, raw: str) -> Condition:
    value = int(raw)
    return or_(*(_compare(c, op, value) for c in NUMBER_COLUMNS[key.name]))


def _range(key: Key, op: str, raw: str) -> Condition:
    low, high = RANGE_COLUMNS[key.name]
    value = int(raw)
    return {
        ":": and_(low <= value, high >= value),
        "<": low < value,
        "<=": low <= value,
        ">": high > value,
        ">=": high >= value,
    }[op]


def _enum(key: Key, op: str, raw: str) -> Condition:
    assert key.vocabulary is not None
    value = vocab.lookup(key.vocabulary, raw)
    return ENUM_COLUMNS[key.name] == value


def _bool(key: Key, op: str, raw: str) -> Condition:
    col = BOOL_COLUMNS[key.name]
    return col == (true() if raw.casefold() in vocab.TRUE_WORDS else false())


def _id(key: Key, op: str, raw: str) -> Condition:
    return R.c.id == raw.casefold()


def _set(key: Key, op: str, raw: str) -> Condition:
    value = raw.casefold().replace("-", "_")
    return or_(NA.c.set == value, R.c.pk.in_(select(PR.c.record_pk).where(PR.c.set == value)))


def _illustrator(key: Key, op: str, raw: str) -> Condition:
    pattern = "%" + _escape_like(raw) + "%"
    return R.c.pk.in_(select(PR.c.record_pk).where(PR.c.illustrator.ilike(pattern, escape="\\")))


_BUILDERS: dict[str, Callable[[Key, str, str], Condition]] = {
    "number": _number,
    "range": _range,
    "enum": _enum,
    "bool": _bool,
    "id": _id,
    "set": _set,
}
