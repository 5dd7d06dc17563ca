"""Running queries on a built database: :func:`search`, :func:`get_record`.

Statements are plain SQL (:mod:`toolkit.search.compile`) run by the database's own
driver (:meth:`toolkit.db.Database.rows`): on SQLite no SQLAlchemy is loaded.
:func:`get_record` takes what a person types after ``dossier show``: an id
(``game/id`` too) or a name in either language, folded like deck lists fold
names (:func:`toolkit.names.fold`), so ``esa afontov`` shows Esâ Afontov.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Collection, Iterator
from itertools import repeat
from typing import Any, NamedTuple

from toolkit.db import Database
from toolkit.db.grams import is_cjk
from toolkit.errors import DossierError
from toolkit.i18n import chinese, current_lang, tr, word
from toolkit.jsonio import is_text
from toolkit.names import fold
from toolkit.textwidth import display_width, pad

from . import vocab
from .compile import RESULT_COLUMNS, CardSet, Compiler, Statement, name_tiers, sort_choices, sort_order
from .keys import close_words
from .parser import Query

SHOWN_CANDIDATES = 12
_COLUMNS = ", ".join(f"records.{name}" for name in RESULT_COLUMNS)


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
        try:
            value = json.loads(self.raw)
        except (ValueError, RecursionError):
            value = None
        if not isinstance(value, dict):  # a database edited or damaged by hand: no traceback, one line
            raise DossierError(
                tr(
                    "the database holds a damaged record {ref} (its data is not a JSON object); run {command} again",
                    ref=self.ref,
                    command="`dossier db build`",
                )
            )
        return value


def shared_ids(db: Database) -> frozenset[tuple[str, str]]:
    """The (game, id) pairs several records share (a crossfire role and mode both called ``sniper``): those
    whose :func:`unique_ref` names the kind too."""
    sql = "SELECT game, id FROM records GROUP BY game, id HAVING count(*) > 1"
    return frozenset((str(game), str(record_id)) for game, record_id in _rows(db, sql))


def unique_ref(hit: Hit, shared: Collection[tuple[str, str]] = (), *, with_game: bool = True) -> str:
    """What to type after ``dossier show`` for this one record: ``game/id`` (``with_game`` False: the id), with
    the kind between them where several records of the game share the id (``crossfire/mode/sniper``,
    ``mode/sniper``; ``shared``: :func:`shared_ids`)."""
    ref = f"{hit.kind}/{hit.id}" if (hit.game, hit.id) in shared else hit.id
    return f"{hit.game}/{ref}" if with_game else ref


def resolve_game(game: str | None) -> str | None:
    """A game id from an id or name (``--game 矩阵潜袭``); None stays None."""
    if game is None:
        return None
    found = vocab.lookup(vocab.GAMES, game)
    if found is None:
        raise DossierError(
            tr(
                "{option} {value}: unknown game; one of {choices}",
                option="--game",
                value=repr(game),
                choices=vocab.describe(vocab.GAMES, current_lang()),  # (Chinese: tactics（特工战术）、…)
            )
        )
    return found


def _rows(db: Database, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Rows of one statement written with ``?`` placeholders, on either backend."""
    if db.backend != "sqlite":
        sql = sql.replace("?", "%s")
    return db.rows(sql, params)


_COMPILERS: weakref.WeakKeyDictionary[Database, Compiler] = weakref.WeakKeyDictionary()


def compiler_for(db: Database) -> Compiler:
    """The query compiler of one open database (its backend, text index and vocabularies), made once."""
    compiler = _COMPILERS.get(db)
    if compiler is None:
        terms = [*db.terms, *_printed_terms(db)]
        compiler = _COMPILERS[db] = Compiler(
            db.backend, db.has_fts, terms, db.has_grams, card_sets(db), printed_keys(db)
        )
    return compiler


def printed_keys(db: Database) -> list[str]:
    """The per-printing search keys (``quantity``, ``illustrator``) some printing of the database has a value of."""
    sql = (
        "SELECT EXISTS (SELECT 1 FROM printings WHERE quantity IS NOT NULL),"
        " EXISTS (SELECT 1 FROM printings WHERE illustrator IS NOT NULL)"
    )
    found = _rows(db, sql)[0]
    return [key for key, has in zip(("quantity", "illustrator"), found, strict=True) if has]


def _printed_terms(db: Database) -> list[tuple[str, str, str, None, None, None]]:
    """Sets and cycles the cards name (a set no cycle is known for is its own), as vocabulary rows: what
    ``e:`` and ``c:`` may name besides the game record's set list."""
    sql = 'SELECT DISTINCT "set", cycle FROM netrunner_attrs UNION SELECT DISTINCT "set", cycle FROM printings'
    rows: list[tuple[str, str, str, None, None, None]] = []
    for set_id, cycle in _rows(db, sql):
        for name, value in (("set", set_id), ("cycle", cycle)):
            if value:
                rows.append(("netrunner", name, value, None, None, None))
    return sorted(set(rows))


def card_sets(db: Database) -> list[CardSet]:
    """The netrunner sets the game record lists (id, NetrunnerDB code, cycle, release date, English name)."""
    found: list[CardSet] = []
    for (raw,) in _rows(db, "SELECT data FROM records WHERE game = 'netrunner' AND kind = 'game' ORDER BY pk"):
        try:
            data = json.loads(raw) if isinstance(raw, str) else raw
        except (ValueError, RecursionError):
            continue
        for item in data.get("sets") or [] if isinstance(data, dict) else []:
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                names: dict[str, Any] = item["name"] if isinstance(item.get("name"), dict) else {}
                found.append(
                    CardSet(item["id"], item.get("code"), item.get("cycle"), item.get("released"), names.get("en"))
                )
    return found


def check_sort(sort: str | None) -> str | None:
    """``sort`` as its id (``cost``, ``-cost``: 费用 and ``-Cost`` name them too); None for none; a usage error naming
    the sorts when it is not one (in Chinese with their names, joined with 、)."""
    try:
        chosen = sort_order(sort)
    except ValueError:
        raise DossierError(
            tr(
                "unknown sort {sort}; one of {choices} (a {minus} first: descending)",
                sort=repr(sort),
                choices=sort_choices(),
                minus="'-'",
            ),
            exit_code=2,
        ) from None
    if chosen is None:
        return None
    name, descending = chosen
    return ("-" if descending else "") + name


def statement_for(
    db: Database,
    query: str | Query,
    *,
    game: str | None = None,
    limit: int | None = None,
    full: bool = True,
    offset: int = 0,
    sort: str | None = None,
    count: bool = False,
    lang: str | None = None,
) -> Statement:
    """The statement :func:`search` runs (its SQL, in the database driver's own placeholders, and parameters)."""
    if limit is not None and limit >= 2**31:  # a larger limit is no limit (and SQL integers stop at 2**63)
        limit = None
    offset = max(0, min(offset, 2**31))
    return compiler_for(db).statement(
        query, resolve_game(game), full, limit, offset=offset, sort=check_sort(sort), count=count, lang=lang
    )


def search(
    db: Database,
    query: str | Query,
    *,
    game: str | None = None,
    limit: int | None = None,
    full: bool = True,
    offset: int = 0,
    sort: str | None = None,
    lang: str | None = None,
) -> list[Hit]:
    """Records matching ``query`` (a string is parsed first), in display order (or by ``sort``:
    :data:`toolkit.search.compile.SORTS`, ``-`` first for descending), the first ``offset`` left out.

    ``full=False`` fetches only identity and names (a results list), not each record in full. ``lang``: the
    language of the names a sort compares (and breaks ties by): ``en`` (the default) or ``zh-Hans``.
    The statement of each query text is made once per open database and kept.
    """
    statement = statement_for(db, query, game=game, limit=limit, full=full, offset=offset, sort=sort, lang=lang)
    return _hits(db.rows(statement.sql, statement.params))


def iter_search(
    db: Database,
    query: str | Query,
    *,
    game: str | None = None,
    limit: int | None = None,
    full: bool = True,
    offset: int = 0,
    sort: str | None = None,
    lang: str | None = None,
) -> Iterator[Hit]:
    """:func:`search`'s hits one by one, read from the database as they are taken (a few hundred rows at a
    time), so that a result of any size streams; the query is checked (and the statement made) when this is
    called, before the first hit is asked for."""
    statement = statement_for(db, query, game=game, limit=limit, full=full, offset=offset, sort=sort, lang=lang)
    return map(_NEW, repeat(Hit), db.iter_rows(statement.sql, statement.params))


def count(db: Database, query: str | Query, *, game: str | None = None) -> int:
    """How many records match ``query`` (all of them, whatever page :func:`search` shows)."""
    statement = statement_for(db, query, game=game, count=True)
    rows = db.rows(statement.sql, statement.params)
    return int(rows[0][0]) if rows else 0


def _hits(rows: list[tuple[Any, ...]]) -> list[Hit]:
    """Rows of :data:`RESULT_COLUMNS` as hits (made in C: no Python call per row)."""
    return list(map(_NEW, repeat(Hit, len(rows)), rows))


_NEW: Any = tuple.__new__


class AmbiguousName(DossierError):
    """A name that several records answer to; ``candidates`` lists them (exit 2, a usage error)."""

    def __init__(
        self, name: str, how: str, candidates: list[Hit], shared: Collection[tuple[str, str]] = ()
    ) -> None:
        shown = candidates[:SHOWN_CANDIDATES]
        refs = [unique_ref(h, shared) for h in shown]  # (``shared``: :func:`shared_ids`, refs that name one record)
        width = max(len(ref) for ref in refs)
        if how == "id":
            head = tr(
                "id {name} names {n} records; give one's id (or add --game / --kind):", name=repr(name), n=len(
                    candidates
                )
            )
        else:
            head = tr(
                "name {name} names {n} records; give one's id (or add --game / --kind):", name=repr(name), n=len(
                    candidates
                )
            )
        lang = current_lang()
        kinds = [_kind_word(h.kind, lang) for h in shown]
        kind_width = max(8, *(display_width(k) for k in kinds))
        lines = [
            head,
            *(
                f"  {ref.ljust(width)}  {pad(k, kind_width)}  {_names(h, lang)}"
                for h, ref, k in zip(shown, refs, kinds, strict=True)
            ),
        ]
        if len(candidates) > len(shown):
            lines.append(
                "  "
                + tr(
                    "… and {n} more ({command})",
                    n=len(candidates) - len(shown),
                    command=f"dossier search 'name:{name}'",
                )
            )
        super().__init__("\n".join(lines))
        self.name = name
        self.candidates = candidates


def _names(hit: Hit, lang: str) -> str:
    """A candidate's name in the reader's language (English: the zh-Hans name when it has no English one)."""
    return (None if chinese(lang) else hit.name_en) or hit.name_zh


def _kind_word(kind: str, lang: str) -> str:
    """A record kind as one types it in ``lang`` (``card``; in Chinese its Chinese word, as ``dossier show`` has it)."""
    if not chinese(lang):
        return kind
    return next((w for w in vocab.KINDS.get(kind, ()) if not w.isascii()), kind)


def _split_ref(ref: str, game: str | None, kind: str | None = None) -> tuple[str, str | None, str | None]:
    """``game/kind/id``, ``game/id``, ``kind/id`` (:func:`unique_ref`) → (id, game, kind) where the prefixes
    are a game and a record kind; anything else is one id or name. A kind given (``--kind``) is kept: the
    reference is then not split at a kind."""
    wanted_game = None
    if "/" in ref:
        prefix, rest = ref.split("/", 1)
        wanted_game = vocab.lookup(vocab.GAMES, prefix.strip())
        if wanted_game is not None:
            ref = rest
    if kind is None and "/" in ref:
        prefix, rest = ref.split("/", 1)
        found = vocab.lookup(vocab.KINDS, prefix.strip())
        if found is not None and rest.strip():
            return rest, wanted_game or resolve_game(game), found
    return ref, wanted_game or resolve_game(game), kind


def find_by_name(db: Database, name: str, *, game: str | None = None, kind: str | None = None) -> list[Hit]:
    """Records a name names, folded: those called exactly that, else so called but for spaces (``mic``: M.I.C.,
    ``boitata``: Boi-tatá), else those whose name starts with it, else those with a word of the name starting
    with it (:func:`toolkit.search.compile.name_tiers` 0-3, the order a search ranks names in), and for a name
    typed in Chinese, those holding it anywhere (tier 4); none when no name matches."""
    folded = fold(name)
    if not folded:
        return []
    tiers = name_tiers([folded])
    # a Chinese name has no spaces between its words: one typed in Chinese is also found anywhere inside a name
    # (防弹衣: 陶瓷防弹衣), after the closer tiers, as a search finds it (tier 4)
    for tier in (*tiers[:4], tiers[4]) if is_cjk(folded[:1]) else tiers[:4]:
        named = f"SELECT names.record_pk FROM names WHERE {tier.text}"
        sql = f"SELECT {_COLUMNS} FROM records WHERE records.pk IN ({named})"
        params: tuple[Any, ...] = tier.params
        if game is not None:
            sql, params = sql + " AND records.game = ?", (*params, game)
        if kind is not None:
            sql, params = sql + " AND records.kind = ?", (*params, kind)
        hits = _hits(_rows(db, sql + " ORDER BY records.pk", params))
        if hits:
            return hits
    return []


def _suggestions(db: Database, name: str, game: str | None, n: int = 3) -> list[str]:
    sql = "SELECT names.name, names.folded FROM names JOIN records ON records.pk = names.record_pk"
    params: tuple[Any, ...] = ()
    if game is not None:
        sql, params = sql + " WHERE records.game = ?", (game,)
    by_fold = {folded: shown for shown, folded in _rows(db, sql, params)}
    # (a Chinese name one character off is offered too: 白鹿 → 白鹭, as `print` offers 寒鸦 for 寒鸡)
    return [by_fold[c] for c in close_words(fold(name), list(by_fold), n=n, cutoff=0.6)]


MAX_REF = 200  # the longest id or name `show` looks up


def get_record(db: Database, ref: str, *, game: str | None = None, kind: str | None = None) -> Hit:
    """One record by id, ``game/id`` or name (either language, folded; a unique start of a name will do).

    An unknown name is a usage error with suggestions; a name several records
    answer to raises :class:`AmbiguousName`, which lists them.
    """
    if len(ref) > MAX_REF:  # no record has such a name; and difflib's suggestions would take quadratic time
        raise DossierError(
            tr(
                "no record with id or name {ref}…: a reference is at most {n} characters", ref=repr(ref[:40]), n=MAX_REF
            )
        )
    if not is_text(ref):
        raise DossierError(
            tr(
                "no record with id or name {ref}: it holds bytes that are not {encoding} text",
                ref=repr(ref),
                encoding="UTF-8",
            )
        )
    record_id, wanted_game, wanted_kind = _split_ref(ref, game, kind)
    if kind is not None:
        wanted_kind = vocab.lookup(vocab.KINDS, kind)
        if wanted_kind is None:
            raise DossierError(
                tr(
                    "{option} {value}: one of {choices}",
                    option="--kind",
                    value=repr(kind),
                    choices=", ".join(vocab.KINDS),
                )
            )
    sql = f"SELECT {_COLUMNS} FROM records WHERE records.id = ?"
    params: tuple[Any, ...] = (record_id,)
    if wanted_game is not None:
        sql, params = sql + " AND records.game = ?", (*params, wanted_game)
    if wanted_kind is not None:
        sql, params = sql + " AND records.kind = ?", (*params, wanted_kind)
    hits = _hits(_rows(db, sql + " ORDER BY records.pk", params))
    if len(hits) > 1:
        lang = current_lang()
        shared = {(h.game, h.id) for h in hits}
        choices = tr(", ").join(
            tr("{record} ({type})", record=unique_ref(h, shared), type=_kind_word(h.kind, lang)) for h in hits
        )
        games, kinds = {h.game for h in hits}, {h.kind for h in hits}
        if len(games) > 1 and len(kinds) == 1:  # the option that tells them apart
            hint = tr("id {id} names {n} records: {choices}; add {option}", option="--game", id=repr(record_id),
                      n=len(hits), choices=choices)  # fmt: skip
        elif len(kinds) > 1 and len(games) == 1:
            hint = tr("id {id} names {n} records: {choices}; add {option}", option="--kind", id=repr(record_id),
                      n=len(hits), choices=choices)  # fmt: skip
        else:
            hint = tr("id {id} names {n} records: {choices}; add --game or --kind", id=repr(record_id), n=len(hits),
                      choices=choices)  # fmt: skip
        raise DossierError(hint)
    if hits:
        return hits[0]
    hits = find_by_name(db, record_id, game=wanted_game, kind=wanted_kind)
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise AmbiguousName(record_id, "name", hits, shared_ids(db))
    if wanted_kind is not None:  # there, but not of that kind: say so, not "did you mean" the record itself
        sql = f"SELECT {_COLUMNS} FROM records WHERE records.id = ?"
        params = (record_id,)
        if wanted_game is not None:
            sql, params = sql + " AND records.game = ?", (*params, wanted_game)
        others = _hits(_rows(db, sql + " ORDER BY records.pk", params))
        others = others or find_by_name(db, record_id, game=wanted_game)
        if others:
            found_kinds = sorted({h.kind for h in others})
            lang = current_lang()
            raise DossierError(
                tr(
                    "no {kind} record {ref} in {database}: {records} is of kind {kinds} (leave out {option}, or use "
                    "{option} {first})",
                    kind=_kind_word(wanted_kind, lang),
                    ref=repr(record_id),
                    database=db.target.display,
                    records=tr(", ").join(unique_ref(h, {(o.game, o.id) for o in others}) for h in others[:5]),
                    kinds=tr(", ").join(_kind_word(k, lang) for k in found_kinds),
                    option="--kind",
                    first=found_kinds[0],
                )
            )
    hints = _suggestions(db, record_id, wanted_game)
    fields = {"ref": repr(record_id), "database": db.target.display, "names": tr(", ").join(repr(h) for h in hints)}
    if wanted_game and hints:
        game = word("game", wanted_game, current_lang())
        message = tr(
            "no record with id or name {ref} in {game} in {database}; did you mean {names}?", game=game, **fields
        )
    elif wanted_game:
        game = word("game", wanted_game, current_lang())
        message = tr("no record with id or name {ref} in {game} in {database}", game=game, **fields)
    elif hints:
        message = tr("no record with id or name {ref} in {database}; did you mean {names}?", **fields)
    else:
        message = tr("no record with id or name {ref} in {database}", **fields)
    raise DossierError(message)
