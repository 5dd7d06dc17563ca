"""Compile a parsed query into one SQLAlchemy condition on ``records``.

Every term becomes ``records.pk IN (subquery)`` (or a condition on a
``records`` column), built from SQLAlchemy expressions with bound parameters:
no SQL is assembled from user input, and the same expression runs on SQLite
and PostgreSQL. ``!`` is the exact negation of ``:`` (``pk NOT IN …``).

Text matching is substring matching, case-insensitive: on SQLite through the
FTS5 trigram index for words of 3+ characters (shorter words scan), on
PostgreSQL through ``ILIKE`` (helped by pg_trgm indexes). Text terms also
match ``text_compact``, the text without numbers and measure words, so
``抽牌`` finds ``你抽 2 张牌``; name terms (and bare words) also match
``name_folded`` with the word folded (:func:`toolkit.names.fold`), so
``Esa`` finds ``Esâ`` and ``eco-insurrectionist`` finds ``Eco-Insurrectionist``.

Results come in display order (``pk``), except that when a query names a card
(bare words or ``name:``) the records whose name is that name come first, then
those whose name starts with it, then those with a word of the name starting
with it, then other names containing it, then the rest (:meth:`Compiler.rank`).

Format keys (``z:``, ``b:``, ``is_banned:``, ``is_restricted:``, ``legal:``) take
a netrunner format by id or name; an unknown format is a query error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    case,
    column,
    exists,
    false,
    func,
    literal,
    not_,
    or_,
    select,
    table,
    true,
)
from sqlalchemy.sql.elements import ColumnClause

from toolkit.db.rows import is_cjk
from toolkit.db.tables import (
    FTS_TABLE,
    GRAMS_COLUMNS,
    GRAMS_TABLE,
    CrossfireAttrs,
    FormatCard,
    FormatSet,
    ModeAttrs,
    Name,
    NetrunnerAttrs,
    PrintingRow,
    Record,
    Subtype,
    TacticsAttrs,
)
from toolkit.errors import DossierError
from toolkit.names import fold

from . import vocab
from .keys import Key
from .parser import MAX_NUMBER, Query, QueryError, Value, query_number
from .parser import Term as QueryTerm

Condition = ColumnElement[bool]
R: Any = Record.__table__  # type: ignore[attr-defined]
NA: Any = NetrunnerAttrs.__table__  # type: ignore[attr-defined]
TA: Any = TacticsAttrs.__table__  # type: ignore[attr-defined]
CA: Any = CrossfireAttrs.__table__  # type: ignore[attr-defined]
MA: Any = ModeAttrs.__table__  # type: ignore[attr-defined]
ST: Any = Subtype.__table__  # type: ignore[attr-defined]
PR: Any = PrintingRow.__table__  # type: ignore[attr-defined]
NM: Any = Name.__table__  # type: ignore[attr-defined]
FC: Any = FormatCard.__table__  # type: ignore[attr-defined]
FS: Any = FormatSet.__table__  # type: ignore[attr-defined]
FORMATS: Any = R.alias("format_records")  # a format named in a subquery, apart from the records searched
FORMAT_MODES: Any = MA.alias("format_modes")
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
# Terms that also match the folded names (the word folded too).
FOLDED_NAME_KEYS: frozenset[str | None] = frozenset({None, "name"})
FOLDED_NAMES = ("name_folded",)
# Format keys that read a ban list, and which of its lists (None: either).
LIST_KEYS: dict[str, str | None] = {"restriction": None, "banned": "banned", "restricted": "restricted"}

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
        # vocab -> spelling (id, lower-cased and folded names, agent symbol) -> ids; names are resolved before SQL
        self.spellings: dict[str, dict[str, set[str]]] = {}
        # netrunner format and ban list spellings (folded ids and names) -> ids
        self.formats: dict[str, set[str]] = {}
        self.ban_lists: dict[str, set[str]] = {}
        for game, vocab_name, term_id, name_zh, name_en, extra in terms:
            table_ = self.spellings.setdefault(vocab_name, {})
            for spelling in (term_id, name_zh, name_en, extra):
                if not spelling:
                    continue
                table_.setdefault(spelling.casefold(), set()).add(term_id)
                folded = fold(spelling)
                if not folded:  # a symbol that folds to nothing is found as typed only
                    continue
                table_.setdefault(folded, set()).add(term_id)
                if game == "netrunner" and vocab_name == "mode":
                    self.formats.setdefault(folded, set()).add(term_id)
                if game == "netrunner" and vocab_name == "ban_list":
                    self.ban_lists.setdefault(folded, set()).add(term_id)

    def ids(self, vocab_name: str, raw: str) -> list[str]:
        """Ids of a data vocabulary that ``raw`` names (its id, NetrunnerDB-style id, a name, a symbol)."""
        folded = raw.casefold()
        slug = folded.replace("-", "_").replace(" ", "_")
        table_ = self.spellings.get(vocab_name, {})
        found = table_.get(folded, set()) | table_.get(slug, set()) | table_.get(fold(raw), set())
        return sorted(found) or [slug]

    def format_ids(self, key: Key, value: Value, source: str) -> tuple[list[str], list[str]]:
        """(formats, ban lists) that ``value`` names by id or name, folded; ban lists only for list keys.

        A format stands for its card pool and the ban list it applies now; a ban
        list id (NetrunnerDB's restriction_id) for that list. Neither is a query error.
        """
        wanted = fold(value.text)
        formats = sorted(self.formats.get(wanted, ()))
        ban_lists = sorted(self.ban_lists.get(wanted, ())) if key.name in LIST_KEYS else []
        if not formats and not ban_lists:
            known = ", ".join(sorted({i for ids in self.formats.values() for i in ids if not i[-1:].isdigit()}))
            hint = f"; formats here: {known}" if known else "; this database has no netrunner formats"
            if key.name in LIST_KEYS:
                hint += " (or a ban list id: dossier search k:format shows them)"
            raise QueryError(source, value.column, f"unknown format {value.text!r}{hint}")
        return formats, ban_lists

    def condition(self, query: Query) -> Condition:
        return and_(*(self.term(term, query.source) for term in query.terms))

    def select(self, query: Query, game: str | None = None, columns: tuple[Any, ...] = ()) -> Select[Any]:
        """``SELECT columns… (default: pk) FROM records JOIN <attribute tables> WHERE …``, display order.

        Only the attribute tables a term names are joined; a term on them is a
        plain column condition, so the planner can start from the most selective
        index. A table is inner-joined when a positive term constrains it alone
        (records without that table's row cannot match), else outer-joined.
        """
        conditions = [self.term(term, query.source) for term in query.terms]
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
        statement = select(*(columns or (R.c.pk,))).select_from(source).where(and_(*conditions))
        rank = self.rank(query)
        return statement.order_by(R.c.pk) if rank is None else statement.order_by(rank, R.c.pk)

    def rank(self, query: Query) -> Any:
        """Where a record comes in the results of a query that names a card; None if it names none.

        The names a query gives are its bare words and ``name:`` values (each
        alternative, and the words of all its terms joined, folded): 0 a name is
        one of them, 1 a name starts with one, 2 a word of a name starts with one,
        3 a name contains one, 4 the rest (a match in the text only).
        """
        terms = [t for t in query.terms if t.op == ":" and (t.key is None or t.key.name == "name")]
        phrases = [fold(v.text) for t in terms for v in t.values]
        if len(terms) > 1:
            phrases.append(fold(" ".join(t.values[0].text for t in terms)))
        phrases = [p for p in dict.fromkeys(phrases) if p]
        if not phrases:
            return None

        def named(*conditions: Condition) -> Condition:
            return R.c.pk.in_(select(NM.c.record_pk).where(or_(*conditions)))

        escaped = [escape_like(p) for p in phrases]
        return case(
            (named(NM.c.folded.in_(phrases)), 0),
            (named(*(NM.c.folded.like(e + "%", escape="\\") for e in escaped)), 1),
            (named(*(NM.c.folded.like("% " + e + "%", escape="\\") for e in escaped)), 2),
            (named(*(NM.c.folded.like("%" + e + "%", escape="\\") for e in escaped)), 3),
            else_=4,
        )

    def term(self, term: QueryTerm, source: str = "") -> Condition:
        key = term.key
        values = [v.text for v in term.values]
        if key is None or key.kind == "text" and key.name != "illustrator":
            name = key.name if key is not None else None
            columns = TEXT_COLUMNS[name]
            folded = name in FOLDED_NAME_KEYS
            positive = or_(*(self.text_match(columns, v, fold(v, edges=True) if folded else None) for v in values))
        elif key.kind == "format":
            positive = or_(*(self.format_term(key, *self.format_ids(key, v, source)) for v in term.values))
        else:
            build: Callable[[Key, str, str], Condition]
            if key.name == "illustrator":
                build = _illustrator
            elif key.name in RANGE_COLUMNS:
                build = _range
            elif key.kind == "term":
                build = self.vocabulary_term
            elif key.kind in ("set", "cycle"):
                build = self.set_term
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

    def set_term(self, key: Key, op: str, raw: str) -> Condition:
        """set, cycle: of the record or of any of its printings; by id (or, for sets, a name the data gives)."""
        if key.name == "set":
            wanted = self.ids("set", raw)
            return or_(NA.c.set.in_(wanted), R.c.pk.in_(select(PR.c.record_pk).where(PR.c.set.in_(wanted))))
        wanted = self.ids("cycle", raw)
        return or_(NA.c.cycle.in_(wanted), R.c.pk.in_(select(PR.c.record_pk).where(PR.c.cycle.in_(wanted))))

    def text_match(self, columns: tuple[str, ...], word: str, folded: str | None = None) -> Condition:
        """Substring match of ``word`` in any of ``columns`` (and of ``folded`` in the folded names), any case.

        SQLite: 3+ characters through the trigram index, 1-2 Chinese characters
        through the character-pair index, anything else by LIKE (a scan).
        PostgreSQL: ILIKE, which pg_trgm's GIN indexes serve for 3+ characters.
        """
        groups = [(columns, word)]
        if folded:
            groups.append((FOLDED_NAMES, folded))
        fts: list[str] = []
        grams: list[str] = []
        like: list[Condition] = []
        for group_columns, group_word in groups:
            phrase = '"' + group_word.replace('"', '""') + '"'
            if self.fts and len(group_word) >= 3:
                fts.append("{" + " ".join(group_columns) + "} : " + phrase)
            elif self.grams and is_cjk(group_word):
                grams_columns = " ".join(dict.fromkeys(GRAMS_COLUMNS[c] for c in group_columns))
                grams.append("{" + grams_columns + "} : " + phrase)
            else:
                pattern = "%" + escape_like(group_word) + "%"
                for name in group_columns:
                    # SQLite's LIKE already ignores ASCII case; lower() would only cost
                    matcher = R.c[name].like if self.backend == "sqlite" else R.c[name].ilike
                    like.append(matcher(pattern, escape="\\"))
        conditions = list(like)
        if fts:
            expression = " OR ".join(dict.fromkeys(fts))
            conditions.append(R.c.pk.in_(select(FTS.c.rowid).where(FTS_SELF.op("MATCH")(expression))))
        if grams:
            expression = " OR ".join(dict.fromkeys(grams))
            conditions.append(R.c.pk.in_(select(GRAMS.c.rowid).where(GRAMS_SELF.op("MATCH")(expression))))
        return or_(*conditions)

    def format_term(self, key: Key, formats: list[str], ban_lists: list[str]) -> Condition:
        """pool, legal, restriction, banned, restricted: a netrunner card against formats' data or ban lists."""
        chosen = select(FORMATS.c.pk).where(
            FORMATS.c.game == "netrunner", FORMATS.c.kind == "format", FORMATS.c.id.in_(formats)
        )
        if key.name == "pool":
            return _in_pool(chosen)
        if key.name == "legal":
            return and_(_in_pool(chosen), not_(_listed(chosen, [], "banned")))
        return _listed(chosen, ban_lists, LIST_KEYS[key.name])


def _in_pool(formats: Any) -> Condition:
    """In the card pool of one of ``formats``: a printing (or the record's own set) in a set of its pool.

    A format without a set list (``all_sets``) takes every netrunner card and identity.
    """
    sets = select(FS.c.set).where(FS.c.format_pk.in_(formats))
    every_set = exists(select(literal(1)).where(FORMAT_MODES.c.pk.in_(formats), FORMAT_MODES.c.all_sets.is_(true())))
    return or_(
        R.c.pk.in_(select(PR.c.record_pk).where(PR.c.set.in_(sets))),
        R.c.pk.in_(select(NA.c.pk).where(NA.c.set.in_(sets))),
        and_(R.c.game == "netrunner", R.c.kind.in_(("card", "identity")), every_set),
    )


def _listed(formats: Any, ban_lists: list[str], list_name: str | None) -> Condition:
    """Banned or restricted (``list_name``; None: either) by the ban list ``formats`` apply now or by ``ban_lists``."""
    where = and_(FC.c.format_pk.in_(formats), FC.c.in_force.is_(true()))
    if ban_lists:
        where = or_(where, FC.c.ban_list.in_(ban_lists))
    listed = select(FC.c.card_id).where(where)
    if list_name is not None:
        listed = listed.where(FC.c.list == list_name)
    return and_(R.c.game == "netrunner", R.c.id.in_(listed))


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


def escape_like(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _whole(raw: str) -> int:
    value = query_number(raw)  # the parser refuses anything else
    if value is None:
        raise DossierError(f"not a whole number within ±{MAX_NUMBER}: {raw[:24]!r}", exit_code=2)
    return value


def _compare(col: Any, op: str, value: int) -> Condition:
    return {
        ":": col == value,
        "<": col < value,
        ">": col > value,
        "<=": col <= value,
        ">=": col >= value,
    }[op]


def _number(key: Key, op: str, raw: str) -> Condition:
    value = _whole(raw)
    return or_(*(_compare(c, op, value) for c in NUMBER_COLUMNS[key.name]))


def _range(key: Key, op: str, raw: str) -> Condition:
    low, high = RANGE_COLUMNS[key.name]
    value = _whole(raw)
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


def _illustrator(key: Key, op: str, raw: str) -> Condition:
    pattern = "%" + escape_like(raw) + "%"
    return R.c.pk.in_(select(PR.c.record_pk).where(PR.c.illustrator.ilike(pattern, escape="\\")))


_BUILDERS: dict[str, Callable[[Key, str, str], Condition]] = {
    "number": _number,
    "range": _range,
    "enum": _enum,
    "bool": _bool,
    "id": _id,
}
