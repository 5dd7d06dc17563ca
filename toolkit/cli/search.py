"""`dossier search QUERY` and `dossier show ID`: look cards up in the built database."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolkit.cli._help import help_text, in_english
from toolkit.cli._lang import LangOption
from toolkit.cli._options import CardsOption
from toolkit.cli.db import DbOption
from toolkit.i18n.words import N_

if TYPE_CHECKING:
    from toolkit.db import Database
    from toolkit.errors import DossierError
    from toolkit.search import Hit
    from toolkit.search.display import RecordNames

KEYS_HEADING = N_("Keys (name, aliases: meaning):")
JSON_AHEAD = 100
"""The hits ``search --format json`` reads before it writes: when they are all, their count needs no query."""


class SearchFormat(StrEnum):
    table = "table"
    json = "json"
    ids = "ids"


class ShowFormat(StrEnum):
    text = "text"
    json = "json"


GameOption = Annotated[
    str | None, typer.Option("--game", "-g", help=N_("Only this game (tactics, netrunner, crossfire)."), show_default=False)
]


def _keys() -> str:
    """The keys of the query language, one a line, kept as they are (``\\b``), their meaning in the current
    language (the web app's words for them: :data:`toolkit.web.vocab.KEY_HELP`)."""
    from toolkit.i18n import current_lang, tr
    from toolkit.search.keys import KEYS, key_help

    if in_english():
        lines = key_help().splitlines()
    else:
        from toolkit.web.vocab import KEY_HELP, say

        lines = [f"{', '.join((key.name, *key.aliases))}: {say(KEY_HELP.get(key.name), current_lang(), key.help)}"
                 for key in KEYS]  # fmt: skip
    return "\b\n" + tr(KEYS_HEADING) + "\n" + "\n".join(f"  {line}" for line in lines)


def _help() -> str:
    return help_text(
        N_("Find records with a NetrunnerDB-style query."),
        # TRANSLATORS: the query quoted at the end is an example: write it as your language's users would (the
        # same type and key, in your words: zh-Hans `dossier search 't:装备 攻速>=2'`); it finds the same records
        N_(
            "Terms are ANDed; {bar} gives alternatives inside a value; operators are : (is / contains)  ! (is not)  "
            "< > <= >= (numbers; also written ≤ ≥); quote phrases ({double} or {corner}); a bare word searches names and ability "
            "text in either language, the English as {show} prints it ({word} also finds {text}). Quote the query "
            "for the shell: `dossier search 't:equipment speed>=2'`."
        ),
        _keys,
        bar="`|`",  # not in the message: a message with a "|" cannot be given to `catalogs translate`
        double='"…"',
        corner="「…」",
        show="`dossier show --lang en`",
        word="抽牌",
        text="你抽 2 张牌",  # (a Chinese word found in Chinese text: English text has no such match)
    )


def open_database(db: str | None, cards: list[Path] | None) -> Database:
    """The database ``search``, ``show`` and ``print --query`` read: with ``--cards``, the database of that card
    pool kept in the user's cache (built when missing or stale, as for a configured pool without a dossier.db
    here); else :func:`toolkit.cli.db.open_for_reading`'s (a stale ./dossier.db built again, a stale database
    named with ``--db`` or ``$DOSSIER_DB`` read after a warning)."""
    from toolkit.cli.db import open_for_reading

    if not cards:
        return open_for_reading(db)
    if db is not None:
        from toolkit.errors import DossierError
        from toolkit.i18n import tr

        raise DossierError(tr("give either {text} or {file}", text="--db", file="--cards"))
    from toolkit.cli.db import _pool_database
    from toolkit.config import card_pool

    paths = card_pool(cards).paths
    database = _pool_database(paths, note=False)
    if not database.rows("SELECT 1 FROM records LIMIT 1"):  # (an empty folder, a typo's, or one of decks only)
        database.close()
        raise no_card_records(paths)
    return database


def no_card_records(paths: list[Path]) -> DossierError:
    """The error of a command whose ``--cards`` folders hold no card record (none at all, or only files that are
    none: decks, notes): said so, naming them, rather than that nothing matches or a cache file lacks a record."""
    from toolkit.errors import DossierError
    from toolkit.i18n import tr

    return DossierError(tr("no card records under {paths}", paths=", ".join(map(str, paths))))


def _played_among(database: Database, cards: list[Path] | None) -> list[Any]:
    """The records of the pool that the games of ``database`` without their game record or modes (a designer's set
    folder alone, ``--cards my-set``) play among, as every command reads such a set
    (:func:`toolkit.config.played_among`): what names its cards' agents and factions, as ``print`` names them. None
    for a database whose games have theirs (two quick questions of the database)."""
    from contextlib import suppress

    from toolkit.config import card_pool, played_among
    from toolkit.errors import DossierError
    from toolkit.models import KINDS, namespace

    games = {str(row[0]) for row in database.rows("SELECT DISTINCT game FROM records")}
    rules = sorted({kind for _game, kind in KINDS if namespace(kind) in ("game", "mode")})  # (game, mode, format)
    mark = "?" if database.backend == "sqlite" else "%s"
    sql = f"SELECT DISTINCT game FROM records WHERE kind IN ({', '.join([mark] * len(rules))})"
    ruled = {str(row[0]) for row in database.rows(sql, rules)}
    lacking = sorted(games - ruled)
    if not lacking:
        return []
    with suppress(DossierError):  # (a setting naming a missing folder: the set's ids are shown as they are)
        return [record for record, _path in played_among(card_pool(cards), lacking)[1]]
    return []


def _record_names(database: Database, among: list[Any]) -> RecordNames:
    """The names of the factions, agents and modes the records of ``database`` show (:class:`RecordNames`), and
    where the database lacks one, the name of the pool's record it plays among (``among``)."""
    from toolkit.db.engine import faction_entry
    from toolkit.db.rows import record_type
    from toolkit.search import Hit
    from toolkit.search.display import NAMED_KINDS, RecordNames

    if not among:
        return RecordNames(database)
    pooled = {(r.game, r.kind, r.id): Hit(r.game, r.kind, r.id, record_type(r), r.name.zh_hans, r.name.en)
              for r in among if r.kind in NAMED_KINDS}  # fmt: skip

    factions: dict[str, dict[str, Hit]] = {}
    for (game, kind, record_id), hit in pooled.items():
        if kind == "faction":
            factions.setdefault(game, {})[record_id] = hit

    def of_pool(game: str, kind: str, record_id: str) -> Hit | None:
        # (a faction also by the pool's record whose id is its first words: `weyland` names NetrunnerDB's
        # `weyland_consortium`, as a query takes its names: toolkit.db.engine.faction_entry)
        if kind == "faction":
            return faction_entry(record_id, factions.get(game, {}))
        return pooled.get((game, kind, record_id))

    class AmongNames(RecordNames):
        def lookup(self, game: str) -> Callable[[str, str], Hit | None]:
            own = super().lookup(game)
            return lambda kind, record_id: own(kind, record_id) or of_pool(game, kind, record_id)

    return AmongNames(database)


def _english_names(database: Database, game: str, among: list[Any]) -> dict[str, str]:
    """The English of the names of ``game``'s records (:func:`toolkit.search.display.english_names`), those of the
    pool a set plays among (``among``) too, the set's own first."""
    from toolkit.names import english_names as of_pairs
    from toolkit.search.display import english_names

    own = english_names(database, game)
    if not among:
        return own
    return {**of_pairs((r.name.zh_hans, r.name.en) for r in among if r.game == game), **own}


def register(app: typer.Typer) -> None:
    @app.command(help=_help())
    def search(
        query: Annotated[list[str], typer.Argument(help=N_("The query (several arguments are joined with spaces)."))],
        game: GameOption = None,
        format: Annotated[
            SearchFormat, typer.Option("--format", "-f", help=N_("table, json or ids."))
        ] = SearchFormat.table,
        db: DbOption = None,
        cards: CardsOption = None,
        limit: Annotated[int | None, typer.Option("--limit", min=1, help=N_("At most this many results."))] = None,
        lang: LangOption = None,
        sort: Annotated[
            str | None,
            typer.Option(
                "--sort",
                help=N_(
                    "Sort by name, cost, faction, type, set, release, strength or influence; -cost: highest first."
                ),
                show_default=False,
            ),
        ] = None,
        offset: Annotated[
            int, typer.Option("--offset", min=0, help=N_("Leave out this many results first (pages with --limit)."))
        ] = 0,
    ) -> None:
        from itertools import chain, islice

        from toolkit.cli._lang import output_lang
        from toolkit.i18n import t, tn
        from toolkit.jsonstream import Stream, write_json
        from toolkit.search import count, iter_search, parse_query
        from toolkit.search.display import table_lines
        from toolkit.search.run import check_sort, shared_ids, unique_ref
        from validators.wording import escape_unprintable  # (a shared card's name may hold an escape sequence)

        language = output_lang(lang)
        parsed = parse_query(" ".join(query))
        sort = check_sort(sort)
        with open_database(db, cards) as database:
            # The hits stream: they are read from the database as they are printed, so a query that matches
            # every record of a large pool holds only what one table sample takes (the widths come from its
            # first rows: toolkit.textwidth.render_lines) or one JSON item.
            hits = iter_search(
                database, parsed, game=game, limit=limit, full=format is not SearchFormat.ids, offset=offset, sort=sort,
                lang=language,
            )
            if format is SearchFormat.json:
                # "count" and "total" come before the results: the first JSON_AHEAD hits are read ahead, and
                # when they are all of them their count is known, as before; else the database counts first
                head = list(islice(hits, JSON_AHEAD + 1))
                if len(head) <= JSON_AHEAD:
                    # every match was read (as the table's `every`): some were, or there was no offset to pass
                    whole = bool(head or not offset) and (limit is None or len(head) < limit)
                    total = offset + len(head) if whole else count(database, parsed, game=game)
                    shown = len(head)
                else:
                    total = count(database, parsed, game=game)
                    shown = max(0, total - offset) if limit is None else min(limit, max(0, total - offset))
                answer = {"query": parsed.source, "count": shown, "total": total, "offset": offset, "sort": sort}
                hits = chain(head, hits)
                del head  # (the chain lets go of each as it is written)
                results = Stream(
                    {"game": h.game, "kind": h.kind, "id": h.id, "type": h.type, "record": h.data} for h in hits
                )
                write_json(  # (each string's unprintable characters escaped as JSON escapes them: the same JSON)
                    {**answer, "results": results}, lambda text: print(escape_unprintable(text, json=True), end="")
                )
                return
            # ids several records share are given with the kind (crossfire/mode/sniper): each line names one record
            shared = shared_ids(database)
            if format is SearchFormat.ids:
                for hit in hits:
                    print(unique_ref(hit, shared, with_game=game is None))
                return
            shown = 0

            def counted() -> Iterator[Hit]:
                nonlocal shown
                for hit in hits:
                    shown += 1
                    yield hit

            names = _record_names(database, _played_among(database, cards))  # (a set alone: the pool's names too)
            lines = table_lines(counted(), with_game=game is None, lang=language, record_names=names, shared=shared)
            heading = next(lines)  # (the first hit, if any, is read with it)
            if shown:
                print(escape_unprintable(heading))
                for line in lines:
                    print(escape_unprintable(line))
            # every match was listed (so the total is known without counting): some were, and fewer than the limit
            every = bool(shown or not offset) and (limit is None or shown < limit)
            total = offset + shown if every else count(database, parsed, game=game)
        if shown:
            if total > shown:
                print(
                    tn(language, "{first}–{last} of {n} record", "{first}–{last} of {n} records", total,
                       first=offset + 1, last=offset + shown)
                )  # fmt: skip
            else:
                print(tn(language, "{n} record", "{n} records", shown))
        elif total:
            print(t(language, "no records after the first {n} ({total} match)", n=offset, total=total))
        else:
            print(t(language, "no records match"))

    @app.command(
        help=help_text(
            N_("Print one record in full, its ability text rendered in --lang (--bilingual: both languages)."),
            N_(
                "The name, ability text, printed text and flavour in the language of --lang; with --bilingual the "
                "other language's after them. The fields are listed as the record stores them."
            ),
        )
    )
    def show(
        record: Annotated[
            str, typer.Argument(help=N_("Record id, game/id, or name in either language (accents and case do not matter)."))
        ],
        game: GameOption = None,
        kind: Annotated[
            str | None, typer.Option("--kind", "-k", help=N_("Record kind, where an id names two (role and mode)."))
        ] = None,
        format: Annotated[ShowFormat, typer.Option("--format", "-f", help=N_("text or json."))] = ShowFormat.text,
        db: DbOption = None,
        cards: CardsOption = None,
        lang: LangOption = None,
        bilingual: Annotated[
            bool,
            typer.Option(
                "--bilingual", help=N_("Also the other language's name, ability text, printed text and flavour.")
            ),
        ] = False,
    ) -> None:
        """``dossier show`` (its help is given to the decorator)."""
        from toolkit.cli._lang import output_lang
        from toolkit.i18n import chinese
        from toolkit.search import get_record
        from toolkit.search.display import show as render
        from validators.wording import escape_unprintable  # (a shared card's name may hold an escape sequence)

        language = output_lang(lang)
        with open_database(db, cards) as database:
            hit = get_record(database, record, game=game, kind=kind)
            # a set folder alone: the records of the pool it plays among name what the set's do not
            among = _played_among(database, cards) if format is not ShowFormat.json else []
            # the English of the cards its texts quote, when its English is shown
            names = _english_names(database, hit.game, among) if format is not ShowFormat.json and (
                not chinese(language) or bilingual) else None  # fmt: skip
            # the names of the factions, agents and modes its stats show (read now: the database closes first)
            record_names = _record_names(database, among).read() if format is not ShowFormat.json else None
        if format is ShowFormat.json:
            print(escape_unprintable(json.dumps(hit.data, ensure_ascii=False, indent=2, sort_keys=True), json=True))
        else:
            text = render(hit, lang=language, bilingual=bilingual, card_names=names, record_names=record_names)
            print(escape_unprintable(text))
