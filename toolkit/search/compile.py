"""Compile a parsed query into one SQL statement on ``records`` (text and parameters).

Every term becomes ``records.pk IN (subquery)`` (or a condition on a
``records`` or attribute-table column). The SQL is written here, not by an
ORM: every value from the query is a bound parameter (``?`` on SQLite, ``%s``
on PostgreSQL), only the table and column names and a few constants are in the
text, and the same statement runs on SQLite and PostgreSQL but for the
spellings below. ``!`` is the exact negation of ``:`` (NULL counts as not
matching). Statements are made once per query text and kept
(:meth:`Compiler.statement`), so a query run again costs only its execution.

Text matching is substring matching, case-insensitive: on SQLite through the
FTS5 trigram index for words of 3+ characters (shorter words scan), on
PostgreSQL through ``ILIKE`` (helped by pg_trgm indexes). Text terms also
match ``text_compact``, the text without numbers and measure words, so
``抽牌`` finds ``你抽 2 张牌``; name terms (and bare words) also match the
folded names with the word folded (:func:`toolkit.names.fold`), so ``Esa``
finds ``Esâ`` and ``eco-insurrectionist`` finds ``Eco-Insurrectionist``, with
or without their spaces from a word's start on (``zed2.0``, ``icewall``:
:func:`name_tiers`, the tiers ``dossier show`` takes names by too).

Results come in display order (``pk``), except that when a query names a card
(bare words or ``name:``) the records whose name is that name come first, then
those whose name is it but for spaces, then those whose name starts with it,
then those with a word of the name starting with it, then other names
containing it, then the rest (:meth:`Compiler.rank`).

``run:`` (``yes``, ``partial``, ``no``) compares ``records.reading``, the verdict the
build gives each record with a text field (:func:`toolkit.db.constants.reading_status`).

Format keys (``z:``, ``b:``, ``is_banned:``, ``is_restricted:``, ``legal:``) take
a netrunner format by id or name; an unknown format is a query error. A card or identity for the starter
game only (``netrunner_attrs.starter_only``) is in no format's pool (``z:``, ``legal:``), as ``deck validate`` has it.

Factions, sets, cycles, subtypes and agents are named by id, by name, or by NetrunnerDB's
codes (``f:hb``, ``e:core``, ``c:sc19``: :data:`toolkit.search.vocab.FACTION_CODES`
and the sets' ``code``; an agent also by symbol); a value that names none of them is a query error that
names the closest (or the known ones), never a search that finds nothing.
``r:`` (release date) compares the release dates of the sets a card is printed
in, ``e<`` / ``e>`` those with one set's; ``y:`` is a printing's quantity. The per-printing keys
(``y:`` quantity, ``i:`` illustrator) look at the printings in the sets a query's ``e:`` / ``c:`` / ``r:``
terms name when it has some (``e:core y:1``: one copy in Core Set, as on NetrunnerDB), else at any printing.

:meth:`Compiler.statement` takes a sort (:data:`SORTS`, ``-`` first for
descending), an offset and a limit; :meth:`Compiler.count_statement` counts.

This module needs no SQLAlchemy: ``dossier search`` on SQLite runs the
statement through :mod:`sqlite3` itself.
"""

from __future__ import annotations

import calendar
import re
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal, NamedTuple

from toolkit.db.constants import FTS_TABLE, GRAMS_COLUMNS, GRAMS_TABLE
from toolkit.db.grams import is_cjk, searched_spaces
from toolkit.errors import DossierError
from toolkit.i18n import chinese, current_lang, script_lang, tr
from toolkit.names import compact, fold
from toolkit.text.normalize import read_numerals

from . import vocab
from .keys import EQUALITY, Key, close_words, find_key, key_word
from .parser import MAX_NUMBER, Query, QueryError, Value, parse_query, query_number
from .parser import Term as QueryTerm

Params = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Sql:
    """A piece of SQL: its text (``?`` for each parameter), its parameters, and the attribute
    tables it refers to outside subqueries (those the statement must join)."""

    text: str
    params: Params = ()
    tables: frozenset[str] = frozenset()
    group: Literal["atom", "and", "or"] = "atom"


@dataclass(frozen=True, slots=True)
class Statement:
    """A whole statement, ready for the database's driver: ``sql`` with the driver's placeholders."""

    sql: str
    params: Params


TRUE = Sql("1 = 1")
FALSE = Sql("1 != 1")
NA, TA, CA, MA = "netrunner_attrs", "tactics_attrs", "crossfire_attrs", "mode_attrs"
ATTR_TABLES = (NA, TA, CA, MA)
_QUOTED = {"set", "unique", "key", "list"}  # names that are SQL words: always quoted


def col(table: str, name: str) -> str:
    """``table.name``, the name quoted where it is an SQL word."""
    return f'{table}."{name}"' if name in _QUOTED else f"{table}.{name}"


def column(table: str, name: str) -> Sql:
    """A column as a piece of SQL (attribute tables are remembered: the statement joins them)."""
    return Sql(col(table, name), tables=frozenset({table}) if table in ATTR_TABLES else frozenset())


def _wrap(part: Sql, inside: str) -> str:
    return f"({part.text})" if part.group not in ("atom", inside) else part.text


def and_(*parts: Sql) -> Sql:
    if len(parts) == 1:
        return parts[0]
    if not parts:
        return TRUE
    return Sql(
        " AND ".join(_wrap(p, "and") for p in parts),
        sum((p.params for p in parts), ()),
        frozenset().union(*(p.tables for p in parts)),
        "and",
    )


def or_(*parts: Sql) -> Sql:
    if len(parts) == 1:
        return parts[0]
    if not parts:
        return FALSE
    return Sql(
        " OR ".join(_wrap(p, "or") for p in parts),
        sum((p.params for p in parts), ()),
        frozenset().union(*(p.tables for p in parts)),
        "or",
    )


def not_(part: Sql) -> Sql:
    return Sql(f"NOT ({part.text})", part.params, part.tables)


def compare(left: Sql, op: str, value: Any) -> Sql:
    """``left op ?`` (``=`` for ``:``)."""
    return Sql(f"{left.text} {'=' if op == ':' else op} ?", (*left.params, value), left.tables)


def in_(left: Sql, values: Sequence[Any]) -> Sql:
    """``left IN (?, …)``; false for no values."""
    if not values:
        return FALSE
    return Sql(f"{left.text} IN ({', '.join('?' * len(values))})", (*left.params, *values), left.tables)


def in_select(left: Sql, select: Sql) -> Sql:
    """``left IN (SELECT …)``: what the subquery refers to is not joined."""
    return Sql(f"{left.text} IN ({select.text})", (*left.params, *select.params), left.tables)


def select(what: str, source: str, where: Sql) -> Sql:
    return Sql(f"SELECT {what} FROM {source} WHERE {where.text}", where.params)


PK = column("records", "pk")


def record_pk_in(what: str, source: str, where: Sql) -> Sql:
    """``records.pk IN (SELECT what FROM source WHERE …)``."""
    return in_select(PK, select(what, source, where))


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

NUMBER_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "cost": ((NA, "cost"), (TA, "mortgage")),  # the mortgage as a negative cost (TACTICS_COST)
    "influence": ((NA, "influence"),),
    "strength": ((NA, "strength"),),
    "points": ((NA, "agenda_points"),),
    "advancement": ((NA, "advancement_requirement"),),
    "memory": ((NA, "memory_cost"),),
    "trash": ((NA, "trash_cost"),),
    "link": ((NA, "base_link"),),
    "deck_size": ((NA, "min_deck_size"),),
    "influence_limit": ((NA, "influence_limit"),),
    "limit": ((NA, "deck_limit"),),
    "mortgage": ((TA, "mortgage"),),  # as printed: mortgage 2 is cost -2
    "hp": ((TA, "hp"),),
    "move": ((TA, "move"),),
    "slot": ((TA, "slots"),),
    "speed": ((TA, "speed"),),
    "shield": ((TA, "shield"),),
}

RANGE_COLUMNS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "range": ((TA, "range_min"), (TA, "range_max")),
    "players": ((MA, "players_min"), (MA, "players_max")),
}

ENUM_COLUMNS: dict[str, tuple[str, str]] = {
    "game": ("records", "game"),
    "kind": ("records", "kind"),
    "type": ("records", "type"),
    "side": (NA, "side"),
    "size": (TA, "size"),
    "style": (TA, "style"),
    "team": (CA, "team"),
    "run": ("records", "reading"),
}
# Keys of a card's attributes: their terms find the game's pieces only, not the records that describe the game
# (faction, format, mode, map, game records: `f:nr`, `d:corp`, `t!ice` list cards and identities, as on NetrunnerDB).
# "type" is limited so when negated only (`t:faction` still finds the faction records).
_CARDS = Sql("records.kind IN ('card', 'identity')")
PIECE_KEYS: dict[str, Sql] = {
    "faction": _CARDS,
    "side": _CARDS,
    "unique": _CARDS,
    "type": Sql("records.kind NOT IN ('faction', 'format', 'game', 'mode', 'map')"),
}
# Enum keys whose column holds other words than the key's values: value -> column value.
ENUM_VALUES: dict[str, dict[str, str]] = {"run": vocab.READING_COLUMN_VALUES}

BOOL_COLUMNS: dict[str, tuple[str, str]] = {
    "unique": (NA, "unique"),
    "token": (TA, "token"),
    "shop": (TA, "shop"),
    "tap": (TA, "tap"),
    "response": (TA, "response"),
    "armed": (CA, "armed"),
    "special": (CA, "special"),
}

# What a statement may return: the record's identity and names, and the record in full.
RESULT_COLUMNS = ("game", "kind", "id", "type", "name_zh", "name_en", "data")
CACHED_STATEMENTS = 512

# Sort orders (``sort=``, ``--sort``; ``-name`` descending): name, then display order, break ties.
SORTS = tuple(vocab.SORTS)  # name, cost, faction, type, set, release, strength, influence (each also by its names)

def sort_name(lang: str | None = None) -> str:
    """What ``--sort name`` (and every sort's tie-break) compares: the name in the output language, folded as
    the build stores it (``names.folded``: no accents, quotes or case, :func:`toolkit.names.fold`), so that
    Élivágar sorts with the Es and “Baklan” with the Bs; English (``en``, and when no language is given) falls
    back on the Chinese name where there is no English one."""
    from toolkit.i18n import chinese

    langs = ("zh-Hans",) if chinese(lang) else ("en", "zh-Hans")
    found = [f"(SELECT names.folded FROM names WHERE names.record_pk = records.pk AND names.lang = '{lang_}')"
             for lang_ in langs]  # fmt: skip
    return f"coalesce({', '.join(found)})" if len(found) > 1 else found[0]

_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")
VOCAB_KEYS = ("faction", "subtype", "set", "cycle")  # term keys whose values must name something
PRINTING_KEYS = ("quantity", "illustrator")  # keys of one printing: with SCOPE_KEYS, of a printing in those sets
SCOPE_KEYS = ("set", "cycle", "released")  # keys that name sets (the printings PRINTING_KEYS then look at)
SHOWN_KNOWN = 24  # known values an "unknown …" error lists


def known_list(ids: Sequence[str], spellings: dict[str, set[str]] | None = None) -> str:
    """The known values an error lists (the first :data:`SHOWN_KNOWN`): the ids joined with ``, `` (English); with
    ``spellings`` (a vocabulary's spelling -> ids, for Chinese), each id with its Chinese name, joined with ``、``, as
    :func:`vocab.describe` lists ``t:``'s (``anarch（无政府）、criminal（犯罪）``)."""
    shown = list(ids[:SHOWN_KNOWN])
    more = len(ids) > SHOWN_KNOWN
    if spellings is None:
        return ", ".join(shown) + (", …" if more else "")
    names = chinese_names(spellings)
    return "、".join(f"{i}（{names[i]}）" if i in names else i for i in shown) + ("、…" if more else "")


def chinese_names(spellings: dict[str, set[str]]) -> dict[str, str]:
    """id -> its Chinese name as the pages show it (中立（公司）, not the folded 中立公司 a query may type), of a
    vocabulary's spellings (spelling -> ids; the Chinese name comes before its folded forms)."""
    names: dict[str, str] = {}
    for spelling, found in spellings.items():
        if script_lang(spelling) == "zh-Hans":
            for i in found:
                names.setdefault(i, spelling)
    return names


SET_KEY: Key = find_key("set")  # type: ignore[assignment]  # (keys.py defines it)


class CardSet(NamedTuple):
    """A netrunner set as the game record lists it: id, NetrunnerDB code, cycle, release date, English name."""

    id: str
    code: str | None = None
    cycle: str | None = None
    released: str | None = None
    name: str | None = None


def sort_order(sort: str | None) -> tuple[str, bool] | None:
    """(sort, descending) for ``name`` / ``-name``, or a sort named as the web's Sort menu names it in either
    language (``-费用``, ``Cost``: :data:`vocab.SORTS`); None for no sort; ValueError for an unknown one."""
    if sort is None or not sort.strip():
        return None
    wanted = sort.strip().casefold()
    descending = wanted.startswith("-")
    wanted = wanted.lstrip("-+").strip()
    found = vocab.lookup(vocab.SORTS, wanted)
    if found is None:
        raise ValueError(wanted)
    return found, descending


def sort_choices(lang: str | None = None) -> str:
    """The sorts an unknown one's message lists, in ``lang`` (None: the current language): the ids in English
    (``name, cost, …``), in Chinese each id with the Sort menu's name of it, joined with ``、``, as ``t:`` lists its
    values (``name（名称）、cost（费用）、…``)."""
    return vocab.describe(vocab.SORTS, current_lang() if lang is None else lang)


def date_period(text: str) -> tuple[str, str] | None:
    """The first and last day (``YYYY-MM-DD``) a year, month or day names; None if ``text`` is not one."""
    match = _DATE.fullmatch(text)
    if match is None:
        return None
    year, month, day = match.groups()
    if month is None:
        return f"{year}-01-01", f"{year}-12-31"
    if not 1 <= int(month) <= 12:
        return None
    last = calendar.monthrange(int(year), int(month))[1]
    if day is None:
        return f"{year}-{month}-01", f"{year}-{month}-{last:02d}"
    if not 1 <= int(day) <= last:  # (a day the month has: 2030-02-30 is none, as 2030-13 is no month)
        return None
    return f"{year}-{month}-{day}", f"{year}-{month}-{day}"


class Compiler:
    """Compiles queries for one database: its backend, its text indexes and its vocabularies."""

    def __init__(
        self,
        backend: str,
        fts: bool,
        terms: Iterable[tuple[Any, ...]] = (),
        grams: bool = False,
        sets: Iterable[CardSet] = (),
        printed: Iterable[str] | None = None,
    ) -> None:
        self.backend = backend
        # the per-printing keys (PRINTING_KEYS) the database has values of: a term of another is a query error,
        # as r: is without release dates (None: not known, every one taken)
        self.printed = frozenset(PRINTING_KEYS if printed is None else printed)
        self.fts = fts and backend == "sqlite"
        self.grams = grams and backend == "sqlite"
        sqlite = backend == "sqlite"
        self._true, self._false = ("1", "0") if sqlite else ("true", "false")
        self._cache: OrderedDict[tuple[Any, ...], Statement] = OrderedDict()
        self._lock = threading.Lock()
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
        # netrunner sets (the game record's list): NetrunnerDB codes, release dates, names for sorting
        self.sets = {card_set.id: card_set for card_set in sets}
        self.set_codes: dict[str, str] = {}  # shown spelling (code, else id) -> set id
        cycle_sets: dict[str, list[str]] = {}
        for card_set in self.sets.values():
            self.set_codes[card_set.code or card_set.id] = card_set.id
            if card_set.code:
                self.spellings.setdefault("set", {}).setdefault(card_set.code.casefold(), set()).add(card_set.id)
            if card_set.cycle:
                cycle_sets.setdefault(card_set.cycle, []).append(card_set.id)
        for cycle, members in cycle_sets.items():  # c:core, c:sc19: the code of a cycle's only set names it
            code = self.sets[members[0]].code
            cycles = self.spellings.setdefault("cycle", {})
            if len(members) == 1 and code and code.casefold() not in cycles:
                cycles[code.casefold()] = {cycle}

    # ------------------------------------------------------------------ statements

    def statement(
        self,
        query: str | Query,
        game: str | None = None,
        full: bool = True,
        limit: int | None = None,
        *,
        offset: int = 0,
        sort: str | None = None,
        count: bool = False,
        lang: str | None = None,
    ) -> Statement:
        """The statement for ``query`` (a string is parsed first): :data:`RESULT_COLUMNS` of each record it
        finds (``full=False``: NULL for ``data``), in display order or by ``sort``, the first ``offset`` left
        out, at most ``limit``; ``count``: the number of records it finds (one row, one column); ``lang``: the
        language whose names a sort compares (:func:`sort_name`).

        Made once per (query text, game, full, limit, offset, sort, count) and kept (the last
        :data:`CACHED_STATEMENTS`).
        """
        lang = None if sort is None or count else lang
        key = (query if isinstance(query, str) else query.source, game, full, limit, offset, sort, count, lang)
        with self._lock:  # (threads of a server share a database, and so its compiler)
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        parsed = parse_query(query) if isinstance(query, str) else query
        columns = [col("records", name) for name in RESULT_COLUMNS]
        if count:
            made = self.select(parsed, game, ["count(*)"], count=True)
        else:
            chosen = columns if full else [*columns[:-1], "NULL"]
            made = self.select(parsed, game, chosen, limit, offset=offset, sort=sort, lang=lang)
        with self._lock:
            self._cache[key] = made
            if len(self._cache) > CACHED_STATEMENTS:
                self._cache.popitem(last=False)
        return made

    def finish(self, sql: str, params: Params) -> Statement:
        """The statement with this backend's placeholders (the SQL text holds no other ``?`` or ``%``)."""
        if self.backend != "sqlite":
            sql = sql.replace("?", "%s")
        return Statement(sql, params)

    def condition(self, query: Query) -> Sql:
        return and_(*self.conditions(query))

    def conditions(self, query: Query) -> list[Sql]:
        """The condition of each term of ``query``, in order; its positive set, cycle and release terms
        (:data:`SCOPE_KEYS`), when there are several, as one condition on one printing (:meth:`one_printing`)
        given to the first of them (the others: true)."""
        scope = self.printing_scope(query)
        made = [self.term(term, query.source, scope) for term in query.terms]
        scoped = [i for i, term in enumerate(query.terms) if _scopes(term)]
        if len(scoped) > 1:
            made[scoped[0]] = self.one_printing([query.terms[i] for i in scoped], query.source)
            for i in scoped[1:]:
                made[i] = TRUE
        return made

    def scope_condition(self, term: QueryTerm, table: str, source: str) -> Sql:
        """What a positive set, cycle or release term asks of one printing (``table``: ``printings``, or the
        record's own set in the netrunner attributes): its set, or cycle, is one the term names."""
        key = term.key
        assert key is not None
        if key.kind == "date" or key.kind == "set" and term.op not in EQUALITY:
            sets = {s for v in term.values for s in self.release_sets(key, term.op, v, source)}
            return in_(column(table, "set"), sorted(sets))
        wanted = {i for v in term.values for i in self.known(key, v, source)}
        return in_(column(table, key.name), sorted(wanted))

    def one_printing(self, terms: Sequence[QueryTerm], source: str) -> Sql:
        """Several positive set, cycle and release terms (``e>core2 e<sc19``, ``e:core e:su21``): the records with
        one printing (or their own set) that meets them all, as on NetrunnerDB, not one printing each."""
        own = and_(*(self.scope_condition(term, NA, source) for term in terms))
        printed = and_(*(self.scope_condition(term, "printings", source) for term in terms))
        return or_(own, record_pk_in("printings.record_pk", "printings", printed))

    def printing_scope(self, query: Query) -> Sql | None:
        """The printings a query's per-printing terms (``y:``, ``i:``) look at: those in the sets its positive
        set terms (``e:``, ``c:``, ``r:``, ``e<``, ``e>``) name, all of them (a condition on ``printings``);
        None when it has no such term (any printing). So ``e:core y:1`` is the cards with one copy in Core Set,
        as on NetrunnerDB, not those with one copy in some set and printed in Core Set too."""
        if not any(t.key is not None and t.key.name in PRINTING_KEYS for t in query.terms):
            return None
        parts: list[Sql] = []
        for term in query.terms:
            key = term.key
            if key is None or term.op == "!" or key.name not in SCOPE_KEYS:
                continue
            if key.kind == "date" or key.kind == "set" and term.op not in EQUALITY:
                sets = [s for v in term.values for s in self.release_sets(key, term.op, v, query.source)]
                parts.append(in_(Sql(col("printings", "set")), sorted(set(sets))))
            else:
                wanted = [i for v in term.values for i in self.known(key, v, query.source)]
                parts.append(in_(Sql(col("printings", key.name)), sorted(set(wanted))))
        return and_(*parts) if parts else None

    def select(
        self,
        query: Query,
        game: str | None = None,
        columns: Sequence[str] = (),
        limit: int | None = None,
        *,
        offset: int = 0,
        sort: str | None = None,
        count: bool = False,
        lang: str | None = None,
    ) -> Statement:
        """``SELECT columns… (default: pk) FROM records JOIN <attribute tables> WHERE …``, display order.

        Only the attribute tables a term names are joined; a term on them is a
        plain column condition, so the planner can start from the most selective
        index. A table is inner-joined when a positive term constrains it alone
        (records without that table's row cannot match), else outer-joined.
        """
        if game is not None:
            self.check_games(query, game)
        conditions = self.conditions(query)
        used: set[str] = set()
        required: set[str] = set()
        for term, condition in zip(query.terms, conditions, strict=True):
            used |= condition.tables
            if term.op != "!" and len(condition.tables) == 1:
                required |= condition.tables
        if game is not None:
            conditions.insert(0, compare(column("records", "game"), ":", game))
        ordering = None if count else self.sort_by(sort, lang)
        if ordering is not None:
            used |= ordering.tables
        source = "records"
        for attrs in ATTR_TABLES:
            if attrs in required:
                source += f" JOIN {attrs} ON {attrs}.pk = records.pk"
            elif attrs in used:
                source += f" LEFT OUTER JOIN {attrs} ON {attrs}.pk = records.pk"
        where = and_(*conditions)
        sql = f"SELECT {', '.join(columns) or 'records.pk'} FROM {source}"
        if conditions:
            sql += f" WHERE {where.text}"
        params = where.params if conditions else ()
        if count:
            return self.finish(sql, params)
        rank = self.rank(query)
        order = "records.pk" if rank is None else f"{rank.text}, records.pk"
        if ordering is not None:
            order = f"{ordering.text}, {order}"
            params += ordering.params
        sql += f" ORDER BY {order}"
        if rank is not None:
            params += rank.params
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        if offset:
            sql += f" {'LIMIT -1 ' if limit is None and self.backend == 'sqlite' else ''}OFFSET {int(offset)}"
        return self.finish(sql, params)

    def check_games(self, query: Query, game: str) -> None:
        """A :class:`QueryError` at the first term of ``query`` whose key no record of ``game`` has (``hp:`` with
        ``--game netrunner``, ``f:`` with ``--game tactics``: :attr:`Key.games`), naming the games that have it: such
        a term finds nothing, and a term that can name nothing is an error, never an empty result. A key of
        several games (``o:`` of netrunner and tactics) is one of each; without a game every key is taken."""
        from toolkit.i18n import word

        for term in query.terms:
            key = term.key
            if key is None or game in key.games:
                continue
            lang = current_lang()
            games = [word("game", name, lang) for name in key.games]
            shown = {"key": key_word(key), "game": games[-1], "chosen": word("game", game, lang)}
            if len(games) == 1:
                problem = tr("{key} is a key of {game} records, not of {chosen}", **shown)
            else:
                problem = tr("{key} is a key of {games} and {game} records, not of {chosen}", games=tr(", ").join(
                    games[:-1]), **shown)  # fmt: skip
            raise QueryError(query.source, term.column, problem)

    def sort_by(self, sort: str | None, lang: str | None = None) -> Sql | None:
        """The ORDER BY terms of a sort (:data:`SORTS`; ``-`` first: descending), records without the value last,
        ties by name (:func:`sort_name` in ``lang``) A to Z whichever the direction; None for none. A tactics card's
        cost sorts by the cards it mortgages (cost -2 as 2: ``-cost`` is the dearest first, a mortgage of two before
        one of one before a free card), a netrunner card's by its cost. The factions
        sort by side (corp, then runner) and id, so ``-faction`` is the runner's factions first, each side's by id
        from Z to A; a type by its id; the cards of one faction or type by name, not by type or faction. An unknown
        sort is a ValueError (the callers check it first: :func:`sort_order`)."""
        chosen = sort_order(sort)
        if chosen is None:
            return None
        name, descending = chosen
        direction = " DESC" if descending else ""
        parts: list[Sql]
        by_name = sort_name(lang)
        if name == "name":
            parts = [Sql(by_name)]
        elif name == "cost":  # (a tactics card by its mortgage: the more cards it mortgages, the dearer it is)
            parts = [Sql(f"coalesce({col(NA, 'cost')}, {col(TA, 'mortgage')})", tables=frozenset({NA, TA}))]
        elif name == "faction":  # (the faction's side is part of it: each side's factions together)
            parts = [column(NA, "side"), column(NA, "faction")]
        elif name == "type":
            parts = [column("records", "type")]
        elif name in ("strength", "influence"):
            parts = [column(NA, name)]
        else:  # set (by name) or release (by date): of the card's own set, then its number in that set
            values = self.set_places(name)
            if values:
                whens = " ".join("WHEN ? THEN ?" for _ in values)
                parts = [Sql(f"CASE {col(NA, 'set')} {whens} END", sum(values, ()), frozenset({NA}))]
            else:
                parts = [column(NA, "set")]
            number = (
                f"(SELECT min(printings.code) FROM printings WHERE printings.record_pk = records.pk"
                f" AND {col('printings', 'set')} = {col(NA, 'set')})"
            )
            parts.append(Sql(number, tables=frozenset({NA})))
        terms: list[str] = []
        params: Params = ()
        for part in parts:
            terms.append(f"({part.text}) IS NULL, {part.text}{direction}")
            params += part.params + part.params
        if name != "name":
            terms.append(by_name)  # ties A to Z, also in a descending sort (`--sort -cost`: the dearest, by name)
        return Sql(", ".join(terms), params, frozenset().union(*(p.tables for p in parts)))

    def set_places(self, sort: str) -> list[tuple[str, int]]:
        """(set id, place) of each set with a name (``sort`` ``set``) or release date (``release``): the places of
        the sets in that order, the names folded (case, accents: :func:`toolkit.names.fold`, then ``casefold``), the
        same names or dates the same place. Worked out here, the database compares whole numbers only: SQLite and a
        PostgreSQL of any collation order ``Blood Money`` and ``Blood and Water`` alike."""
        keys: dict[str, tuple[str, ...]] = {}
        for card_set in self.sets.values():
            if sort == "set":
                shown = card_set.name or card_set.id
                keys[card_set.id] = (fold(shown) or shown.casefold(), shown.casefold(), shown)
            elif card_set.released:
                keys[card_set.id] = (card_set.released,)
        order = {key: place for place, key in enumerate(sorted(set(keys.values())))}
        return [(set_id, order[key]) for set_id, key in keys.items()]

    def rank(self, query: Query) -> Sql | None:
        """Where a record comes in the results of a query that names a card; None if it names none.

        The names a query gives are its bare words and ``name:`` values (each
        alternative, and the words of all its terms joined, folded); a record's
        place is the first of :func:`name_tiers` one of its names is in (0 a name
        is one of them, 1 is one but for spaces, 2 starts with one, 3 has a word
        starting with one, 4 contains one), 5 for the rest (a match in the text only).
        """
        terms = [t for t in query.terms if t.op == ":" and (t.key is None or t.key.name == "name")]
        phrases = [fold(v.text) for t in terms for v in t.values]
        if len(terms) > 1:
            phrases.append(fold(" ".join(t.values[0].text for t in terms)))
        phrases = [p for p in dict.fromkeys(phrases) if p]
        if not phrases:
            return None
        tiers = name_tiers(phrases)
        place = "CASE " + " ".join(f"WHEN {_wrap(tier, '')} THEN {i}" for i, tier in enumerate(tiers)) + " ELSE"
        # (the names of each record found: a few rows by index, not every name once per tier)
        names = "FROM names WHERE names.record_pk = records.pk"
        return Sql(
            f"coalesce((SELECT min({place} {len(tiers)} END) {names}), {len(tiers)})",
            sum((tier.params for tier in tiers), ()),
        )

    # ------------------------------------------------------------------ vocabularies

    def format_ids(self, key: Key, value: Value, source: str) -> tuple[list[str], list[str]]:
        """(formats, ban lists) that ``value`` names by id or name, folded; ban lists only for list keys.

        A format stands for its card pool and the ban list it applies now; a ban
        list id (NetrunnerDB's restriction_id) for that list. Neither is a query error.
        """
        wanted = fold(value.text)
        formats = sorted(self.formats.get(wanted, ()))
        ban_lists = sorted(self.ban_lists.get(wanted, ())) if key.name in LIST_KEYS else []
        if not formats and not ban_lists:
            ids = sorted({i for ids in self.formats.values() for i in ids if not i[-1:].isdigit()})
            known = known_list(ids, self.formats if chinese(current_lang()) else None) if ids else ""
            shown = repr(value.text)
            if known and key.name in LIST_KEYS:
                problem = tr(
                    "unknown format {format}; formats here: {formats} (or a ban list id: {command} shows them)",
                    format=shown,
                    formats=known,
                    command="`dossier search k:format`",
                )
            elif known:
                problem = tr("unknown format {format}; formats here: {formats}", format=shown, formats=known)
            elif key.name in LIST_KEYS:
                problem = tr(
                    "unknown format {format}; this database has no netrunner formats (or a ban list id: {command} "
                    "shows them)",
                    format=shown,
                    command="`dossier search k:format`",
                )
            else:
                problem = tr("unknown format {format}; this database has no netrunner formats", format=shown)
            raise QueryError(source, value.column, problem)
        return formats, ban_lists

    # ------------------------------------------------------------------ terms

    def term(self, term: QueryTerm, source: str = "", scope: Sql | None = None) -> Sql:
        """The condition of one term; ``scope`` (:meth:`printing_scope`) limits the printings that
        per-printing terms (``y:``, ``i:``) look at."""
        key = term.key
        values = [v.text for v in term.values]
        if key is None or key.kind == "text" and key.name != "illustrator":
            name = key.name if key is not None else None
            positive = or_(*(self.text_term(name, v) for v in values))
        elif key.kind == "format":
            positive = or_(*(self.format_term(key, *self.format_ids(key, v, source)) for v in term.values))
        elif key.kind == "date" or key.kind == "set" and term.op not in EQUALITY:
            op = ":" if term.op == "!" else term.op
            positive = or_(*(self.release_term(key, op, v, source) for v in term.values))
        elif key.name in VOCAB_KEYS:
            positive = or_(*(self.vocabulary_ids(key.name, self.known(key, v, source)) for v in term.values))
        elif key.name == "agent":
            positive = or_(*(self.agent_term(key, v, source) for v in term.values))
        else:
            build: Callable[[Key, str, str], Sql]
            if key.name in PRINTING_KEYS:
                self.check_printed(key, term.values[0], source)
                build = partial(self._printing_term, scope=scope)
            elif key.name in RANGE_COLUMNS:
                build = _range
            elif key.kind == "bool":
                build = self._bool
            else:
                build = _BUILDERS[key.kind]
            op = ":" if term.op == "!" else term.op
            positive = or_(*(build(key, op, v) for v in values))
        pieces = PIECE_KEYS.get(key.name) if key is not None else None
        if term.op != "!":
            return positive if pieces is None or key is None or key.name == "type" else and_(positive, pieces)
        # "!" is NetrunnerDB's "!=": the records that have a value for the key (has_value) and not the one given;
        # a record without one (an agenda's cost, a faction's everything) matches neither ":" nor "!"
        if self.backend == "sqlite":
            negative = Sql(f"coalesce({positive.text}, 0) = 0", positive.params, positive.tables)
        else:
            negative = Sql(f"NOT coalesce({positive.text}, false)", positive.params, positive.tables)
        has = has_value(key) if key is not None else None
        return and_(*(part for part in (pieces, has) if part is not None), negative)

    def agent_term(self, key: Key, value: Value, source: str) -> Sql:
        """agent: a tactics card exclusive to an agent named by id, by name in either language or by symbol
        (:meth:`known`: one that names no agent is a query error naming the closest); ``yes`` / ``no``: exclusive
        to some agent, or to none."""
        folded = value.text.casefold()
        agent = column(TA, "agent")
        if folded in vocab.TRUE_WORDS:
            return Sql(f"{agent.text} IS NOT NULL", tables=agent.tables)
        if folded in vocab.FALSE_WORDS:
            return Sql(f"{col(TA, 'category')} IS NOT NULL AND {agent.text} IS NULL", tables=agent.tables)
        return in_(agent, self.known(key, value, source))

    def vocabulary_ids(self, name: str, ids: Sequence[str]) -> Sql:
        """faction, subtype, set, cycle: the records with one of these ids (sets, cycles: of any printing)."""
        if name == "faction":
            return in_(column(NA, "faction"), ids)
        if name == "subtype":
            return record_pk_in("subtypes.record_pk", "subtypes", in_(column("subtypes", "subtype"), ids))
        printed = record_pk_in("printings.record_pk", "printings", in_(column("printings", name), ids))
        return or_(in_(column(NA, name), ids), printed)

    def known(self, key: Key, value: Value, source: str) -> list[str]:
        """The ids of a faction, subtype, set, cycle or agent ``value`` names (id, name, NetrunnerDB code, an
        agent's symbol); a :class:`QueryError` at its column when it names none."""
        name = key.name
        table_ = self.spellings.get(name, {})
        folded = value.text.casefold()
        slug = folded.replace("-", "_").replace(" ", "_")
        found = table_.get(folded, set()) | table_.get(slug, set()) | table_.get(fold(value.text), set())
        if not found and name == "faction" and folded in vocab.FACTION_CODES:
            for faction in vocab.FACTION_CODES[folded]:  # by id, else by name (a faction may be called `weyland`)
                found |= table_.get(faction, set()) or table_.get(faction.replace("_", " "), set())
                # else by a short id that is the first words of NetrunnerDB's (`weyland`, weyland_consortium's): the
                # faction of cards whose faction record, which names it "Weyland Consortium", is not in the database
                found |= {i for i in table_.get(faction.split("_")[0], ()) if faction.startswith(f"{i}_")}
        if found:
            return sorted(found)
        if name == "faction" and folded in vocab.FACTION_CODES:
            problem = tr(
                "{value} is NetrunnerDB's code for {names}, which this database does not have",
                value=repr(value.text),
                names=", ".join(vocab.FACTION_CODES[folded]),
            )
            raise QueryError(source, value.column, problem)
        raise QueryError(source, value.column, self.unknown(key, value.text))

    def unknown(self, key: Key, text: str) -> str:
        """The problem of a value that names nothing: the closest spellings, else the known values, else none; in
        Chinese each known id with its Chinese name (``anarch（无政府）、criminal（犯罪）``), as ``t:`` lists its values,
        and a Chinese value one character off a name is offered that name (``寒鸡`` → ``寒鸦``)."""
        table_ = self.spellings.get(key.name, {})
        ids = sorted({i for found in table_.values() for i in found})
        if key.name == "set":
            by_id = {set_id: shown for shown, set_id in self.set_codes.items()}
            shown_ids = [by_id.get(i, i) for i in ids]
        else:
            shown_ids = ids
        typed = [*table_, *(vocab.FACTION_CODES if key.name == "faction" and table_ else ())]
        close = close_words(fold(text) or text.casefold(), typed, n=5, cutoff=0.6)
        close = [c for c in close if c.isascii() or not text.isascii()]
        by_id = {set_id: shown for shown, set_id in self.set_codes.items()} if key.name == "set" else {}
        if not text.isascii():  # a Chinese name as the pages show it (中立（公司）); anything else as the id to type
            shown = chinese_names(table_)
            shown_close = [shown.get(i, c) for c in close for i in sorted(table_.get(c, ())) or [c]]
        else:
            shown_close = [by_id.get(i, i) for c in close for i in sorted(table_.get(c, ())) or [c]]
        close = list(dict.fromkeys(shown_close))[:5]
        chinese_ = chinese(current_lang())
        joiner = "、" if chinese_ else ", "
        if close:
            return tr(
                "unknown {key} {value}; did you mean {names}?",
                key=key_word(key),
                value=repr(text),
                names=joiner.join(close),
            )
        if shown_ids:
            names = known_list(shown_ids, table_ if chinese_ else None)
            return tr("unknown {key} {value}; known here: {names}", key=key_word(key), value=repr(text), names=names)
        return tr("unknown {key} {value}: this database has none", key=key_word(key), value=repr(text))

    def release_term(self, key: Key, op: str, value: Value, source: str) -> Sql:
        """r: (a year, month, day or set) and e< e>: the records printed in a set released then."""
        return self.vocabulary_ids("set", self.release_sets(key, op, value, source))

    def release_sets(self, key: Key, op: str, value: Value, source: str) -> list[str]:
        """The sets released when r: (a year, month, day or set) or e< e> says (``!`` as ``:``)."""
        op = ":" if op == "!" else op
        if not any(s.released for s in self.sets.values()):
            raise QueryError(source, value.column, tr("this database has no release dates of netrunner sets"))
        period = date_period(value.text) if key.kind == "date" else None
        if period is None:
            try:
                named = self.known(SET_KEY, value, source)
            except QueryError:
                if key.kind == "set":
                    raise
                problem = tr(
                    "{key} needs a date ({examples}) or a set, not {value}",
                    key=key_word(key),
                    examples="2017, 2017-01, 2017-01-01",
                    value=repr(value.text),
                )
                raise QueryError(source, value.column, problem) from None
            dates = sorted(d for d in (self.sets[i].released for i in named if i in self.sets) if d)
            if not dates:
                problem = tr("set {value} has no release date", value=repr(value.text))
                raise QueryError(source, value.column, problem)
            period = (dates[0], dates[-1])
        first, last = period
        tests = {
            ":": lambda d: first <= d <= last,
            "<": lambda d: d < first,
            "<=": lambda d: d <= last,
            ">": lambda d: d > last,
            ">=": lambda d: d >= first,
        }
        test = tests[op]
        return sorted(s.id for s in self.sets.values() if s.released and test(s.released))

    def text_term(self, name: str | None, word: str) -> Sql:
        """A bare word (``name`` None), ``name:``, ``x:`` or ``flavor:`` word. The ability text is stored with its
        spaces as :func:`toolkit.db.grams.searched_spaces` leaves them, so the word is looked for so too there
        (``x:获得 2`` and ``x:获得2`` alike); names are looked for as typed, and folded (:meth:`name_match`). The text
        and flavour are stored in NFKC (``…`` as ``...``, ``™`` as ``TM``: :func:`toolkit.db.rows.searched_text`), as
        the parser reads the query, character by character: the word is composed as a whole too (an accent pasted
        as a mark of its own, ``é``, is the letter the text holds)."""
        if not word.isascii():
            word = unicodedata.normalize("NFKC", word)
        columns = TEXT_COLUMNS[name]
        folded = fold(word, edges=True) if name in FOLDED_NAME_KEYS else ""
        names = [self.name_match(folded)] if folded.strip() else []
        if name == "flavor":  # (stored as the text is: its spaces as searched_spaces leaves them)
            return self.text_match(columns, searched_spaces(word))
        if "text" not in columns:
            return or_(self.text_match(columns, word), *names)
        spaced = searched_spaces(word)
        # the Chinese numerals of a count read as the ability texts read them (抽两张牌 finds 抽2张牌), the word as
        # typed too (a printed text may spell them so)
        read = searched_spaces(read_numerals(word))
        if spaced == word == read:
            return or_(self.text_match(columns, word), *names)
        texts = tuple(c for c in columns if c in TEXT_COLUMNS["text"])
        others = tuple(c for c in columns if c not in texts)
        return or_(
            *([self.text_match(others, word)] if others else []),
            *names,
            *(self.text_match(texts, spelling) for spelling in dict.fromkeys((spaced, read))),
        )

    def name_match(self, folded: str) -> Sql:
        """The records with a name that holds ``folded`` (a typed word folded, :func:`toolkit.names.fold`, with
        its edges) as :func:`name_tiers` 3 and 4 say: inside a word or from a word's start, and without the
        name's spaces from a word's start on (``icewall``, ``zed2.0``, ``suregamble``), not from inside a word
        across a space (``ewal`` is not in Ice Wall, nor ``its`` in Hermit Shell); Chinese, which has no spaces
        between words, anywhere. ``name_folded`` holds every name folded and without its spaces: its index
        finds the candidates, their names (:func:`name_tiers`, and the ``name_folded`` lines from a word's
        start: a name with its symbols spelt out, GAMEDRAGONtm) tell which hold the word so."""
        tight = compact(folded)
        candidates = self.text_match(FOLDED_NAMES, tight)  # (each name without its spaces holds it, if any does)
        starts = "% " + escape_like(folded.lstrip()) + "%"
        nl = "char(10)" if self.backend == "sqlite" else "chr(10)"
        # a word that ends with punctuation (``gate.``, ``gate!``: folded ``gate ``) ends a word of the name, its
        # last one too: the names are looked at with a space after them (each line's, in ``name_folded``)
        ends = folded.endswith(" ")
        if ends:
            line_starts = Sql(f"replace(' ' || records.name_folded || ' ', {nl}, ' ' || {nl} || ' ')")
        else:
            line_starts = Sql(f"replace(' ' || records.name_folded, {nl}, {nl} || ' ')")
        tiers = name_tiers([folded], across=not ends, name=ENDED_NAMES if ends else NAMES)
        named = or_(tiers[3], tiers[4])
        own = Sql(f"EXISTS (SELECT 1 FROM names WHERE names.record_pk = records.pk AND ({named.text}))", named.params)
        held = or_(own, _like(line_starts, starts))
        return and_(candidates, held)

    def like(self, left: Sql, pattern: str) -> Sql:
        """``left LIKE pattern`` ignoring case (SQLite's LIKE already ignores ASCII case; lower() would only cost)."""
        op = "LIKE" if self.backend == "sqlite" else "ILIKE"
        return Sql(f"{left.text} {op} ? ESCAPE '\\'", (*left.params, pattern), left.tables)

    def holds(self, left: Sql, word: str) -> Sql | None:
        """``left`` holds ``word`` in any case, on SQLite, when the word has a letter outside ASCII that has cases
        (``É``, ``Í``): SQLite's LIKE and lower() fold ASCII letters only, PostgreSQL's ILIKE every letter; a GLOB with
        each letter as the class of its cases (:func:`glob_any_case`) finds what ILIKE finds. None for any other
        word or backend (LIKE or ILIKE as before, the plan of an ASCII word unchanged)."""
        if self.backend != "sqlite" or not other_cases(word):
            return None
        return Sql(f"{left.text} GLOB ?", (*left.params, glob_any_case(word)), left.tables)

    def text_match(self, columns: tuple[str, ...], word: str) -> Sql:
        """Substring match of ``word`` in any of ``columns``, any case.

        SQLite: 3+ characters through the trigram index, 1-2 Chinese characters
        through the character-pair index, anything else by LIKE (a scan).
        PostgreSQL: ILIKE, which pg_trgm's GIN indexes serve for 3+ characters.
        """
        groups = [(columns, spelling) for spelling in width_spellings(word)]
        fts: list[str] = []
        grams: list[str] = []
        like: list[Sql] = []
        for group_columns, group_word in groups:
            phrase = '"' + group_word.replace('"', '""') + '"'
            if self.fts and len(group_word) >= 3:
                fts.append("{" + " ".join(group_columns) + "} : " + phrase)
            elif self.grams and is_cjk(group_word):
                grams_columns = " ".join(dict.fromkeys(GRAMS_COLUMNS[c] for c in group_columns))
                grams.append("{" + grams_columns + "} : " + phrase)
            else:
                pattern = "%" + escape_like(group_word) + "%"
                like.extend(
                    self.holds(column("records", name), group_word) or self.like(column("records", name), pattern)
                    for name in group_columns
                )
        conditions = list(like)
        if fts:
            match = Sql(f"{FTS_TABLE} MATCH ?", (" OR ".join(dict.fromkeys(fts)),))
            conditions.append(record_pk_in(f"{FTS_TABLE}.rowid", FTS_TABLE, match))
        if grams:
            match = Sql(f"{GRAMS_TABLE} MATCH ?", (" OR ".join(dict.fromkeys(grams)),))
            conditions.append(record_pk_in(f"{GRAMS_TABLE}.rowid", GRAMS_TABLE, match))
        return or_(*conditions)

    def format_term(self, key: Key, formats: list[str], ban_lists: list[str]) -> Sql:
        """pool, legal, restriction, banned, restricted: a netrunner card against formats' data or ban lists."""
        chosen = select(
            "format_records.pk",
            "records AS format_records",
            and_(
                Sql("format_records.game = 'netrunner'"),
                Sql("format_records.kind = 'format'"),
                in_(Sql("format_records.id"), formats),
            ),
        )
        if key.name == "pool":
            return self._in_pool(chosen)
        if key.name == "legal":
            return and_(self._in_pool(chosen), not_(self._listed(chosen, [], "banned")))
        return self._listed(chosen, ban_lists, LIST_KEYS[key.name])

    def _in_pool(self, formats: Sql) -> Sql:
        """In the card pool of one of ``formats``: a printing (or the record's own set) in a set of its pool.

        A format without a set list (``all_sets``) takes every netrunner card and identity. A card or identity for
        the starter game only (``starter_only``) is in no format's pool, as ``deck validate`` has it
        (``deck.starter_only``).
        """
        sets = select(col("format_sets", "set"), "format_sets", in_select(Sql("format_sets.format_pk"), formats))
        all_sets = and_(in_select(Sql("format_modes.pk"), formats), Sql(f"format_modes.all_sets IS {self._true}"))
        every_set = Sql(f"EXISTS ({select('1', 'mode_attrs AS format_modes', all_sets).text})", all_sets.params)
        starter = record_pk_in(f"{NA}.pk", NA, Sql(f"{NA}.starter_only IS {self._true}"))
        in_sets = or_(
            record_pk_in("printings.record_pk", "printings", in_select(Sql(col("printings", "set")), sets)),
            record_pk_in(f"{NA}.pk", NA, in_select(Sql(col(NA, "set")), sets)),
            and_(Sql("records.game = 'netrunner'"), Sql("records.kind IN ('card', 'identity')"), every_set),
        )
        return and_(in_sets, not_(starter))

    def _listed(self, formats: Sql, ban_lists: list[str], list_name: str | None) -> Sql:
        """Banned or restricted (``list_name``; None: either) by the ban list ``formats`` apply now or by ``ban_lists``."""
        where = and_(in_select(Sql("format_cards.format_pk"), formats), Sql(f"format_cards.in_force IS {self._true}"))
        if ban_lists:
            where = or_(where, in_(Sql("format_cards.ban_list"), ban_lists))
        if list_name is not None:
            where = and_(where, compare(Sql(col("format_cards", "list")), ":", list_name))
        listed = select("format_cards.card_id", "format_cards", where)
        return and_(Sql("records.game = 'netrunner'"), in_select(column("records", "id"), listed))

    def _bool(self, key: Key, op: str, raw: str) -> Sql:
        left = column(*BOOL_COLUMNS[key.name])
        value = self._true if raw.casefold() in vocab.TRUE_WORDS else self._false
        if key.name == "unique" and value == self._false:  # identities are not unique (as on NetrunnerDB)
            return Sql(f"({left.text} = {value} OR {left.text} IS NULL AND records.kind = 'identity')", tables=left.tables)
        return Sql(f"{left.text} = {value}", tables=left.tables)

    def check_printed(self, key: Key, value: Value, source: str) -> None:
        """A :class:`QueryError` at ``value`` when the database has no values of the per-printing key ``key``
        (the bundled cards have no printing quantities or illustrators): never a search that finds nothing."""
        if key.name in self.printed:
            return
        if key.name == "quantity":
            problem = tr("this database has no quantities of netrunner printings")
        else:
            problem = tr("this database has no illustrators of netrunner printings")
        raise QueryError(source, value.column, problem)

    def _printing_term(self, key: Key, op: str, raw: str, scope: Sql | None = None) -> Sql:
        """y: (a printing with this many copies in its set), i: (a printing by this illustrator): of a printing
        in ``scope`` (the sets the query names, :meth:`printing_scope`), else of any printing."""
        where: Sql
        if key.name == "quantity":
            where = compare(Sql("printings.quantity"), op, _whole(raw))
        elif (found := self.holds(Sql("printings.illustrator"), raw)) is not None:  # (RODRÍGUEZ: any case)
            where = found
        elif self.backend == "sqlite":  # ILIKE as SQLAlchemy writes it for SQLite
            where = Sql("lower(printings.illustrator) LIKE lower(?) ESCAPE '\\'", ("%" + escape_like(raw) + "%",))
        else:
            where = self.like(Sql("printings.illustrator"), "%" + escape_like(raw) + "%")
        if scope is not None:
            where = and_(where, scope)
        return record_pk_in("printings.record_pk", "printings", where)


def _scopes(term: QueryTerm) -> bool:
    """A positive set, cycle or release term (``e:``, ``c:``, ``r:``, ``e<``, ``e>``): one that names sets."""
    return term.key is not None and term.op != "!" and term.key.name in SCOPE_KEYS


# The full-width twins (U+FF01-U+FF5E) of ASCII punctuation. A query reads them as ASCII (NFKC: the parser), while
# names are stored as written (中立（公司）; the text and flavour in NFKC too): a text term looks for each spelling
# (width_spellings), so the two are compared as if both sides were read so.
FULL_WIDTH = {mark: chr(ord(mark) + 0xFEE0) for mark in map(chr, range(0x21, 0x7F)) if not mark.isalnum()}
MAX_WIDTH_MARKS = 4  # distinct marks of one word spelt either width independently (2**4 spellings at most)


def width_spellings(word: str) -> list[str]:
    """The spellings of a query's word (its punctuation ASCII) a stored text may hold it in: each distinct
    punctuation mark ASCII or full-width (``中立(公司)``: also ``中立（公司）``, ``中立（公司)``, …), the same
    at each of its places; with more than :data:`MAX_WIDTH_MARKS` distinct marks, all ASCII or all full-width."""
    marks = sorted({char for char in word if char in FULL_WIDTH})
    if not marks:
        return [word]
    if len(marks) > MAX_WIDTH_MARKS:
        chosen: list[list[str]] = [[], marks]
    else:
        chosen = [[mark for bit, mark in enumerate(marks) if mask >> bit & 1] for mask in range(2 ** len(marks))]
    return [word.translate({ord(mark): FULL_WIDTH[mark] for mark in wide}) for wide in chosen]


_NETRUNNER_CARDS = Sql("records.game = 'netrunner' AND records.kind IN ('card', 'identity')")
# Keys whose value every record has (name, id, game, kind: "!" needs no more) or every record the key's
# own condition already limits (type: PIECE_KEYS).
_ALWAYS = frozenset({"name", "id", "game", "kind", "type"})


def not_null(*parts: Sql) -> Sql:
    """Some of ``parts`` (columns) is not NULL."""
    return or_(*(Sql(f"{part.text} IS NOT NULL", part.params, part.tables) for part in parts))


def has_value(key: Key) -> Sql | None:
    """The records that have a value for ``key`` (None: all of them): those a negated term (``o!2``) may match.

    One rule for every key, NetrunnerDB's (whose ``!`` is SQL's ``!=``): a record without the attribute (an
    agenda's or identity's cost, a faction's strength, a tactics card's team) is not "cost other than 2". A
    number, range, enum or yes/no key: its column holds a value; text: the record has a text field (its
    verdict, ``run:``, is not NULL); flavor: it has flavour text; subtypes: the kinds that have them; a
    tactics card's agent: a tactics card; sets, cycles, release dates, printings and formats: netrunner cards
    and identities."""
    name = key.name
    if name in _ALWAYS:
        return None
    if name in NUMBER_COLUMNS:
        return not_null(*(TACTICS_COST if c == (TA, "mortgage") else column(*c) for c in NUMBER_COLUMNS[name]))
    if name in RANGE_COLUMNS:
        return not_null(column(*RANGE_COLUMNS[name][0]))
    if name in ENUM_COLUMNS:
        return not_null(column(*ENUM_COLUMNS[name]))
    if name == "unique":  # identities are not unique (u:no finds them, as on NetrunnerDB)
        return or_(not_null(column(*BOOL_COLUMNS[name])), Sql("records.kind = 'identity'"))
    if name in BOOL_COLUMNS:
        return not_null(column(*BOOL_COLUMNS[name]))
    if name == "text":
        return not_null(column("records", "reading"))
    if name == "flavor":
        return not_null(column("records", "flavor_zh"), column("records", "flavor_en"))
    if name == "faction":
        return not_null(column(NA, "faction"))
    if name == "subtype":
        return Sql("records.kind IN ('card', 'identity', 'agent')")
    if name == "agent":
        return not_null(column(TA, "category"))
    return _NETRUNNER_CARDS  # set, cycle, released, quantity, illustrator and the format keys


def other_cases(word: str) -> bool:
    """Whether ``word`` has a letter outside ASCII that has another case (``É``, ``í``, ``Ж``)."""
    return not word.isascii() and any(len(_cases(char)) > 1 for char in word if not char.isascii())


def _cases(char: str) -> str:
    """``char`` and the other single characters that are it in another case, as PostgreSQL's ILIKE folds them."""
    lower = char.lower()
    found = (char, lower, char.upper(), char.title(), lower.upper())
    return "".join(dict.fromkeys(c for c in found if len(c) == 1 and c.lower() == lower))


def glob_any_case(word: str) -> str:
    """A GLOB pattern (SQLite's; case as it is) that finds ``word`` anywhere in any case: each letter as the class
    of its cases (``[éÉ]``, ``[rR]``), GLOB's own signs (``*``, ``?``, ``[``) as classes of themselves."""
    parts = []
    for char in word:
        cases = _cases(char)
        parts.append(f"[{cases}]" if len(cases) > 1 or char in "*?[" else char)
    return "*" + "".join(parts) + "*"


def escape_like(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# ------------------------------------------------------------------ names as typed

MAX_WORD = 24  # the longest word a name typed without its spaces is found from (card names' longest: 18)


class NameColumns(NamedTuple):
    """One folded name (:func:`toolkit.names.fold`) in SQL: as folded, without its spaces
    (:func:`toolkit.names.compact`), and with a space before it (each of its words starts after a space)."""

    folded: Sql
    tight: Sql
    spaced: Sql


NAMES = NameColumns(Sql("names.folded"), Sql("replace(names.folded, ' ', '')"), Sql("(' ' || names.folded)"))
# The same with a space after the name too: a phrase that ends with a space (a word that ends with punctuation) ends
# a word of the name, the last one too.
ENDED_NAMES = NameColumns(
    Sql("(names.folded || ' ')"), Sql("replace(names.folded, ' ', '')"), Sql("(' ' || names.folded || ' ')")
)


def _like(left: Sql, pattern: str) -> Sql:
    """``left LIKE pattern``, case as it is (folded names and words are case-folded already)."""
    return Sql(f"{left.text} LIKE ? ESCAPE '\\'", (*left.params, pattern), left.tables)


def any_of(parts: Sequence[Sql]) -> Sql:
    """:func:`or_` of many parts nested as a balanced tree, not a chain (SQLite's expression depth ends at 1000)."""
    if len(parts) <= 4:
        found = or_(*parts)
        return Sql(f"({found.text})", found.params, found.tables) if found.group == "or" else found
    half = len(parts) // 2
    first, second = any_of(parts[:half]), any_of(parts[half:])
    return Sql(f"({first.text} OR {second.text})", first.params + second.params, first.tables | second.tables)


def runs_across(name: NameColumns, phrase: str) -> Sql | None:
    """The names that hold a folded phrase without their spaces from a word's start on, across a space
    (``icewall``, ``afontoveco``, ``zed2 0``: Zed 2.0); None for a phrase that cannot run across a space: a
    single character, or one that starts with a Chinese character (which :func:`name_tiers` finds anywhere).
    The phrase's first characters are a whole word of the name followed by a space and the next character, and
    the name without its spaces holds the phrase."""
    tight = compact(phrase)
    if len(tight) < 2 or is_cjk(tight[0]):
        return None
    words = [
        _like(name.spaced, "% " + escape_like(tight[:k]) + " " + escape_like(tight[k]) + "%")
        for k in range(1, min(len(tight), MAX_WORD + 1))
    ]
    return and_(_like(name.tight, "%" + escape_like(tight) + "%"), any_of(words))


def name_tiers(
    phrases: Sequence[str], *, across: bool = True, name: NameColumns = NAMES
) -> tuple[Sql, Sql, Sql, Sql, Sql]:
    """How closely one name (``names.folded``) matches one of ``phrases`` (typed words, folded): conditions on
    ``names``, the closest first. A name and a phrase are alike with or without their spaces (each is folded
    and :func:`toolkit.names.compact`, as the database keeps names: ``mic`` is M.I.C., ``zed2.0`` Zed 2.0).

    0 the name is a phrase; 1 it is but for spaces; 2 it starts with one (with or without the spaces); 3 a
    word of it starts with one, or one runs on from a word's start without the name's spaces
    (:func:`runs_across`; not with ``across`` False); 4 it holds one inside a word, or (a phrase that starts
    with a Chinese character: Chinese has no spaces between words) anywhere without its spaces. Each takes
    in the ones before it but 3 (which 4 takes in but for what runs across). ``dossier show NAME`` takes the
    records of the first of 0-3 that has any; a search finds the names of 3 or 4 and ranks them so. ``name``: the
    name's columns (:data:`ENDED_NAMES`: with a space after it, for a phrase that ends with one)."""
    tights = list(dict.fromkeys(compact(p) for p in phrases))
    across_parts = [part for p in phrases if across for part in [runs_across(name, p)] if part is not None]
    chinese = [_like(name.tight, "%" + escape_like(t) + "%") for t in tights if is_cjk(t[:1])]
    return (
        in_(name.folded, list(dict.fromkeys(phrases))),
        in_(name.tight, tights),
        any_of([_like(name.tight, escape_like(t) + "%") for t in tights]),  # (a name that starts so does so too)
        any_of([*(_like(name.spaced, "% " + escape_like(p.lstrip()) + "%") for p in phrases), *across_parts]),
        any_of([*(_like(name.folded, "%" + escape_like(p) + "%") for p in phrases), *chinese]),
    )


def _whole(raw: str) -> int:
    value = query_number(raw)  # the parser refuses anything else
    if value is None:
        raise DossierError(
            tr("not a whole number within ±{limit}: {value}", limit=MAX_NUMBER, value=repr(raw[:24])), exit_code=2
        )
    return value


# A tactics card's cost as shown and searched: mortgaging X cards is cost -X, a card with no mortgage cost 0 (its
# badge shows 0, or only the tap icon when playing it taps: it taps at cost 0); every command card has one (the
# model's default mortgage is 0), a record that is no card (agent, unit, attack) none: its mortgage column is NULL.
# In brackets: a minus put before it (a descending sort, say) must not make an SQL comment of "--".
TACTICS_COST = Sql(f"(-{col(TA, 'mortgage')})", tables=frozenset({TA}))


def _number(key: Key, op: str, raw: str) -> Sql:
    value = _whole(raw)
    return or_(
        *(
            compare(TACTICS_COST if key.name == "cost" and c == (TA, "mortgage") else column(*c), op, value)
            for c in NUMBER_COLUMNS[key.name]
        )
    )


def _range(key: Key, op: str, raw: str) -> Sql:
    low, high = (column(*c) for c in RANGE_COLUMNS[key.name])
    value = _whole(raw)
    if op == ":":
        found = and_(compare(low, "<=", value), compare(high, ">=", value))
        if key.name == "players":  # a mode for only some counts from min to max (双雄: 2 or 4): one of them
            counts = column(MA, "players_counts")
            listed = Sql(f"({counts.text} IS NULL OR {counts.text} LIKE ?)", (f"%,{value},%",), counts.tables)
            found = and_(found, listed)
        return found
    return compare(low, op, value) if op in ("<", "<=") else compare(high, op, value)


def _enum(key: Key, op: str, raw: str) -> Sql:
    assert key.vocabulary is not None
    left = column(*ENUM_COLUMNS[key.name])
    value = vocab.lookup(key.vocabulary, raw)
    if value is None:  # the parser refuses unknown values; NULL as SQL compares it
        return Sql(f"{left.text} IS NULL", tables=left.tables)
    return compare(left, ":", ENUM_VALUES.get(key.name, {}).get(value, value))


def _id(key: Key, op: str, raw: str) -> Sql:
    return compare(column("records", "id"), ":", raw.casefold())


_BUILDERS: dict[str, Callable[[Key, str, str], Sql]] = {
    "number": _number,
    "range": _range,
    "enum": _enum,
    "id": _id,
}
