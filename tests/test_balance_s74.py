"""The balance lab, sweep 74: runs kept in a PostgreSQL database without the schema are listed and compared (the
schema is made; runs an earlier version left in ``public`` are read, and moved into the schema by the next run
kept); a card held by both sides of a game does not count as two games of its deal in the intraclass correlation
(its two sides' scores are tied by the rules, not by the deal), and a table with nothing to estimate ρ from
borrows the sides' ρ only as far as it is sure of it; the median length of an even count of games is the mean of
the two middle ones; a histogram bin of one length is labelled with one number; a crossfire report.json has no
game_seconds it never measured; the worked example of docs/balance.md agrees with itself in both languages.

No test here starts Ray: figures are made from hand-made game records."""

from __future__ import annotations

import json
import os
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.balance.figures import effective_n, figures, timing, wilson
from toolkit.balance.store import list_runs, load_run, save_run

PG_URL = os.environ.get("DOSSIER_TEST_PG_URL")
NO_PG = "DOSSIER_TEST_PG_URL is not set: no PostgreSQL server to test against (.ci/postgres.sh starts one)"

META = {"game": "tactics", "card_set": "c" * 64, "decider": "heuristic", "seed": 1}


def _figures(games: int = 4) -> dict[str, Any]:
    return {"games": games, "seats": [], "outliers": []}


# ---------------------------------------------------------------- 1. PostgreSQL without the schema


class _Result:
    def __init__(self, row: Any) -> None:
        self.row = row

    def first(self) -> Any:
        return self.row


class _FakePostgres:
    """What :func:`toolkit.balance.store._prepare_postgres` sends, answered as a server holding ``schemas`` and
    ``tables`` ((schema, name) pairs) would: a table made where no schema is goes to ``public``, as PostgreSQL's
    search path puts it."""

    def __init__(self, schemas: set[str], tables: set[tuple[str, str]], path: str) -> None:
        self.schemas, self.tables, self.path, self.sql = schemas, tables, path, []  # type: ignore[var-annotated]

    def exec_driver_sql(self, sql: str, params: Any = None) -> _Result:
        self.sql.append(sql)
        if "FROM pg_namespace" in sql:
            return _Result((1,) if params[0] in self.schemas else None)
        if "information_schema.columns" in sql:  # (every column of the runs table: COLUMNS)
            return _Result((len(params[1]) if ("public", params[0]) in self.tables else 0,))
        if "information_schema.tables" in sql:
            return _Result((1,) if (params[0], params[1]) in self.tables else None)
        made = re.match(r'CREATE SCHEMA (?:IF NOT EXISTS )?"(\w+)"', sql)
        if made:
            self.schemas.add(made[1])
        made = re.match(r'CREATE TABLE IF NOT EXISTS (?:"(\w+)"\.)?balance_runs', sql)
        if made:
            schema = made[1] or next(s for s in (self.path, "public") if s in self.schemas)
            assert schema in self.schemas, sql
            self.tables.add((schema, "balance_runs"))
        dropped = re.match(r'DROP TABLE (?:"?(\w+)"?\.)balance_runs', sql)
        if dropped:
            self.tables.discard((dropped[1], "balance_runs"))
        return _Result(None)


def test_a_run_kept_where_the_schema_is_not_made_the_schema_first() -> None:
    """No schema ``dossier`` yet: the schema is made before the table, and the table goes into it (before: into
    ``public``, where reading never looked)."""
    from toolkit.balance.store import _prepare_postgres

    server = _FakePostgres({"public"}, set(), "dossier")
    assert _prepare_postgres(server, "dossier", write=True) is True
    assert server.tables == {("dossier", "balance_runs")}
    made = [i for i, sql in enumerate(server.sql) if sql.startswith("CREATE SCHEMA")]
    table = [i for i, sql in enumerate(server.sql) if sql.startswith("CREATE TABLE")]
    assert made and table and made[0] < table[0]
    # a schema that is there is not made again (CREATE SCHEMA asks a privilege on the database a user may lack)
    there = _FakePostgres({"public", "dossier"}, set(), "dossier")
    assert _prepare_postgres(there, "dossier", write=True) is True
    assert not [sql for sql in there.sql if sql.startswith("CREATE SCHEMA")]
    assert there.tables == {("dossier", "balance_runs")}
    # reading makes nothing: no schema, no table
    reading = _FakePostgres({"public"}, set(), "dossier")
    assert _prepare_postgres(reading, "dossier", write=False) is False
    assert not [sql for sql in reading.sql if sql.startswith(("CREATE", "INSERT", "DROP"))]


def test_runs_an_earlier_version_left_in_public_are_read_then_moved_into_the_schema() -> None:
    from toolkit.balance.store import _prepare_postgres

    reading = _FakePostgres({"public"}, {("public", "balance_runs")}, "dossier")
    assert _prepare_postgres(reading, "dossier", write=False) is True  # read there (the search path finds them)
    assert not [sql for sql in reading.sql if sql.startswith(("CREATE", "INSERT", "DROP"))]
    writing = _FakePostgres({"public"}, {("public", "balance_runs")}, "dossier")
    assert _prepare_postgres(writing, "dossier", write=True) is True
    assert writing.tables == {("dossier", "balance_runs")}
    copied = [sql for sql in writing.sql if sql.startswith("INSERT")]
    assert len(copied) == 1 and '"dossier".balance_runs' in copied[0] and "public.balance_runs" in copied[0]
    # ?schema=public: its own runs, nothing to move
    public = _FakePostgres({"public"}, {("public", "balance_runs")}, "public")
    assert _prepare_postgres(public, "public", write=True) is True
    assert public.tables == {("public", "balance_runs")}
    assert not [sql for sql in public.sql if sql.startswith(("INSERT", "DROP", "CREATE SCHEMA"))]


@pytest.fixture
def fresh_database() -> Iterator[str]:
    """A database of its own on the test server (runs left in its ``public`` must not be read by other tests'
    schemas), dropped after."""
    if not PG_URL:
        pytest.skip(NO_PG)
    from sqlalchemy.exc import SQLAlchemyError

    from toolkit.db.engine import postgres_engine, resolve_target

    name = f"test_s74_{uuid.uuid4().hex[:10]}"
    url = resolve_target(PG_URL).url
    assert url is not None
    admin = postgres_engine(url).execution_options(isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except SQLAlchemyError as exc:
        admin.dispose()
        pytest.skip(f"the test user may not create a database: {exc}")
    try:
        yield re.sub(r"(?<=/)[^/?]+(?=\?|$)", name, PG_URL, count=1)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


WHERE_RUNS_ARE = "SELECT table_schema FROM information_schema.tables WHERE table_name = 'balance_runs'"


def _sql(db: str, query: str) -> list[Any]:
    from toolkit.db.engine import postgres_engine, resolve_target

    engine = postgres_engine(resolve_target(db).url)
    try:
        with engine.begin() as conn:
            result = conn.exec_driver_sql(query)
            return list(result.all()) if result.returns_rows else []
    finally:
        engine.dispose()


def test_runs_kept_in_a_fresh_postgres_database_are_listed_and_compared(fresh_database: str, cli: Any) -> None:
    """`dossier balance … --db URL` on a database with no ``dossier`` schema said "run 1 kept", then `balance runs`
    said none was kept and `balance compare 1 2` found no run 1."""
    first = save_run(fresh_database, META, _figures(4))
    second = save_run(fresh_database, {**META, "seed": 2}, _figures(6))
    assert [run["id"] for run in list_runs(fresh_database)] == [first, second] == [1, 2]
    assert load_run(fresh_database, "1")["figures"]["games"] == 4
    assert _sql(fresh_database, WHERE_RUNS_ARE) == [("dossier",)]
    listed = cli("balance", "runs", "--db", fresh_database)
    assert listed.exit_code == 0 and "seed 2" in listed.output, listed.output
    compared = cli("balance", "compare", "1", "2", "--db", fresh_database)
    assert compared.exit_code == 0, compared.output


def test_runs_left_in_public_by_an_earlier_version_are_not_lost(fresh_database: str) -> None:
    from toolkit.balance.store import POSTGRES_DDL

    text = json.dumps({"meta": META, "figures": _figures(8)})
    _sql(fresh_database, POSTGRES_DDL.replace("EXISTS balance_runs", "EXISTS public.balance_runs"))
    for _ in range(2):  # what an earlier version wrote: the table in public, no schema dossier
        _sql(fresh_database, "INSERT INTO public.balance_runs (created, game, card_set, decider, seed, games, figures) "
             f"VALUES ('2026-12-01T00:00:00+00:00', 'tactics', '{'c' * 64}', 'heuristic', 1, 8, '{text}')")  # fmt: skip
    assert [run["id"] for run in list_runs(fresh_database)] == [1, 2]  # read where they are
    assert load_run(fresh_database, "2")["figures"]["games"] == 8
    third = save_run(fresh_database, META, _figures(4))  # the next run kept: the earlier ones moved in with it
    assert third == 3
    assert [(run["id"], run["games"]) for run in list_runs(fresh_database)] == [(1, 8), (2, 8), (3, 4)]
    assert _sql(fresh_database, WHERE_RUNS_ARE) == [("dossier",)]


# ---------------------------------------------------------------- 2. ρ: a card on both sides, and the borrowed ρ


def _game(index: int, winners: list[int], *sides: dict[str, Any], share: float = 0.5) -> dict[str, Any]:
    return {"index": index, "mode": "duel" if len(sides) == 2 else "duo", "map": "hideout", "seed": index,
            "winners": winners, "reason": "last_squad_standing", "rounds": 5, "share": share,
            "sides": [{"seat": seat, "agents": list(side["agents"]), "cards": list(side.get("cards", [])),
                       "played": [], "deck": side.get("deck", "")} for seat, side in enumerate(sides, 1)]}  # fmt: skip


def _two_decks(deals: list[tuple[bool, bool]], mine: dict[str, Any], theirs: dict[str, Any]) -> list[dict[str, Any]]:
    """One deal per item: ``mine`` in seat 1 then seat 2; the item says whether ``mine`` wins each game."""
    out = []
    for k, (first, second) in enumerate(deals):
        out.append(_game(2 * k, [1 if first else 2], mine, theirs))
        out.append(_game(2 * k + 1, [2 if second else 1], theirs, mine))
    return out


def _row(data: dict[str, Any], table: str, key: str, value: str) -> dict[str, Any]:
    return next(row for row in data[table] if row[key] == value)


def test_two_given_decks_sharing_a_card_one_winning_every_game_count_their_deals() -> None:
    """`balance tactics --decks` with duel and duel-rival (both hold med_kit), the rival winning all 10 games of 5
    deals: 100.0% (56.6%–100%, as the doc says of 10 games won in 5 deals), not 72.2%–100% and "strong" because
    med_kit's win and loss in every game read as games of a deal going different ways (ρ = −1/3 for every table)."""
    rival = {"agents": ["mistblade"], "cards": ["longbow", "med_kit"], "deck": "duel-rival"}
    duel = {"agents": ["anvil"], "cards": ["med_kit", "shield"], "deck": "duel"}
    data = figures(_two_decks([(True, True)] * 5, rival, duel))
    row = _row(data, "decks", "deck", "duel-rival")
    assert (row["n"], row["deals"], row["n_eff"], row["rate"]) == (10, 5, 5, 1.0)
    assert (row["low"], row["high"]) == pytest.approx(wilson(5, 5), abs=1e-6)
    assert round(row["low"], 3) == 0.566 and row["flag"] is None
    assert not data["outliers"]
    assert all(data["intraclass"][table] is None for table in ("decks", "agents", "cards_in_deck"))
    kit = _row(data, "cards_in_deck", "card", "med_kit")
    assert (kit["n"], kit["rate"], kit["flag"]) == (20, 0.5, None)


def test_a_card_in_both_decks_does_not_drag_the_cards_rho_down() -> None:
    """Decks that win or lose their deals whole (ρ = 1): a card in both decks scores a win and a loss in every game,
    which said nothing about how the deal's games go, and must not lower the cards' ρ (before: 1 → 0.5)."""
    deals = [(True, True), (False, False)] * 6
    mine = {"agents": ["ace"], "cards": ["axe", "kit"]}
    theirs = {"agents": ["bee"], "cards": ["bow", "kit"]}
    shared = figures(_two_decks(deals, mine, theirs))
    alone = figures(_two_decks(deals, {**mine, "cards": ["axe"]}, {**theirs, "cards": ["bow"]}))
    assert alone["intraclass"]["cards_in_deck"] == pytest.approx(1.0)
    assert shared["intraclass"]["cards_in_deck"] == pytest.approx(alone["intraclass"]["cards_in_deck"])
    same = ("n", "deals", "n_eff", "rate", "low", "high")  # (its flag's interval: widened for 3 cards, not 2)
    axe, axe_alone = _row(shared, "cards_in_deck", "card", "axe"), _row(alone, "cards_in_deck", "card", "axe")
    assert [axe[k] for k in same] == [axe_alone[k] for k in same] and axe["n_eff"] == 12
    # the card's own rate: a win and a loss in every game, 50% whatever happens: no deal makes it vary
    kit = _row(shared, "cards_in_deck", "card", "kit")
    assert (kit["n"], kit["rate"], kit["n_eff"]) == (48, 0.5, 48)


def test_a_card_two_teammates_hold_is_one_outcome_of_the_game() -> None:
    """4-player Duo (seats 1 and 3 against 2 and 4): a card both players of a team hold wins or loses with the team,
    twice; in the ρ of the deal it is one game, and its interval counts the two as one outcome (before: two games
    as independent as any two, when the deals' games went no more alike than chance)."""
    team = {"agents": ["a1"], "cards": ["kit"]}
    mate = {"agents": ["a3"], "cards": ["kit"]}
    games = []
    for k in range(6):  # each deal's four games split 2–2 between the teams: ρ below 0, the games count as they are
        for r in range(4):
            other = [{"agents": [f"b{k}{r}{s}"]} for s in (2, 4)]
            games.append(_game(4 * k + r, [1, 3] if r % 2 == 0 else [2, 4], team, other[0], mate, other[1]))
    data = figures(games)
    kit = _row(data, "cards_in_deck", "card", "kit")
    assert (kit["n"], kit["deals"], kit["rate"]) == (48, 6, 0.5)
    assert kit["n_eff"] == 24  # 24 games: the two sides of the team are one outcome each time
    assert (kit["low"], kit["high"]) == pytest.approx(wilson(12, 24), abs=1e-6)
    # and the effective count's weights: a deal of two games, each held by two teammates, is one of two games with
    # their deal's correlation (the plain count when no weight is given)
    assert effective_n(4, [(4, 2.0, 2.0)], 0.0, [[2, 2]]) == 2
    assert effective_n(4, [(4, 2.0, 2.0)], 1.0, [[2, 2]]) == 1
    assert effective_n(4, [(4, 2.0, 2.0)], 0.0) == 4


def test_a_table_with_nothing_to_tell_borrows_rho_only_as_far_as_it_is_sure() -> None:
    """A deck winning every game (its table has nothing to estimate ρ from) borrows the ρ of the sides' tables: a ρ
    of −1 from three deals (a joker agent on the winning side in one game of each deal, the losing side in the
    other) is well within chance of any ρ, and must not make the deck's 6 games count as independent; from sixty
    deals it is sure, and it does."""

    def run(deals: int) -> dict[str, Any]:
        red, blue = {"agents": ["r"], "deck": "red"}, {"agents": ["b"], "deck": "blue"}
        games = []
        for k in range(deals):
            games.append(_game(2 * k, [1], {**red, "agents": ["r", "joker"]}, blue))
            games.append(_game(2 * k + 1, [2], {**blue, "agents": ["b", "joker"]}, red))
        return figures(games)

    few = run(3)
    assert few["intraclass"]["agents"] == pytest.approx(-1.0)  # the agents' own: the joker's deals all split
    red = _row(few, "decks", "deck", "red")
    assert red["n"] == 6 and red["n_eff"] < 5  # before: 6, the deck's games as independent as the joker's said
    assert few["intraclass"]["decks"] > 0.3
    many = run(60)
    assert _row(many, "decks", "deck", "red")["n_eff"] == 120


# ---------------------------------------------------------------- 3. the median length


def test_the_median_length_of_an_even_count_is_the_mean_of_the_two_middle_ones() -> None:
    from toolkit.balance.figures import _length

    assert _length([23, 20, 26, 24])["median"] == 23.5  # (before: 24, the upper middle one)
    assert _length([24, 20, 26, 24])["median"] == 24 and isinstance(_length([24, 20, 26, 24])["median"], int)
    assert _length([3, 1, 2])["median"] == 2
    games = [{**_game(i, [1 + i % 2], {"agents": ["a"]}, {"agents": ["b"]}), "rounds": r}
             for i, r in enumerate([10, 11, 12, 13])]  # fmt: skip
    data = figures(games)
    assert data["length"]["median"] == 11.5 and data["modes"][0]["rounds"]["median"] == 11.5


# ---------------------------------------------------------------- 5. the histogram's labels


def test_a_histogram_bin_of_one_length_is_labelled_with_one_number() -> None:
    from toolkit.balance.report import _histogram

    drawn = _histogram([{"from": 1, "to": 1, "games": 2}, {"from": 6, "to": 6, "games": 3},
                        {"from": 7, "to": 8, "games": 1}, {"from": 101, "to": None, "games": 1}])  # fmt: skip
    labels = re.findall(r'y="142"[^>]*>([^<]*)<', drawn)
    assert labels == ["1", "6", "7–8", "101+"]


# ---------------------------------------------------------------- 6. a crossfire run's timing


def test_a_crossfire_run_s_timing_has_no_game_seconds_it_never_measured() -> None:
    """Crossfire job results carry no seconds: the report said game_seconds 0.0 for every run."""
    jobs = [{"index": 0, "tables": 10}, {"index": 1, "tables": 10}]
    assert "game_seconds" not in timing(jobs, 2.0)
    games = [{"index": 0, "seconds": 0.25}, {"index": 1, "seconds": 0.5}]
    assert timing(games, 2.0)["game_seconds"] == 0.75


def test_a_crossfire_report_json_has_the_game_seconds_its_jobs_measured(cli: Any, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """(Sweep 76: each crossfire job measures the time its tables took, as a tactics or Netrunner game does.)"""
    pytest.importorskip("ray")
    from toolkit.balance import crossfire, runner

    def here(records: Any, jobs: Any, **kwargs: Any) -> runner.Outcome:
        return runner.Outcome(crossfire.play_jobs(records, list(jobs)), False, 1, 1, False)

    monkeypatch.setattr(runner, "run_games", here)
    monkeypatch.setattr(runner, "check_workers", lambda workers, address: None)
    result = cli("balance", "crossfire", "--players", "6", "--tables", "50", "--seed", "1", "--workers", "1",
                 "--no-save", "--out", tmp_path / "cf")  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "cf" / "report.json").read_text(encoding="utf-8"))
    assert report["figures"]["games"] == 50
    assert 0 < report["timing"]["game_seconds"] <= report["timing"]["wall_seconds"], report["timing"]


# ---------------------------------------------------------------- 4. the worked example of the page


RATE = r"(\d+\.\d)%\s?[(（](\d+\.\d)%–(\d+\.\d)%[,，]\s?([^)）`\n]*)[)）]"


WORTH = [("balance.md", r"worth ([\d.]+) here"), ("balance.zh.md", r"只相当于 ([\d.]+) 局")]


@pytest.mark.parametrize(("page", "after"), WORTH)
def test_every_figure_the_page_quotes_of_the_worked_example_is_the_example_s(page: str, after: str) -> None:
    """docs/balance.md quoted `Anvil: 87.5% (68.7%–95.7%, 36 games in 18 deals)` where its worked example below
    printed 69.5%–95.5%: the figure quoted before the example is the one the example prints, and the sentence after
    it (the interval counted as independent games, and the games it is worth) is the Wilson interval of its rate."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    shown = re.search(RATE + r"\s+(?:strong|偏强)\n", text)
    assert shown, "the worked example's outlier line"
    quoted = re.findall(r"`[^`\n]*?[:：]\s?" + RATE + "`", text)
    assert quoted and all(figure == shown.groups() for figure in quoted), (quoted, shown.groups())
    rate, low, high, counts = shown.groups()
    games = int(re.findall(r"\d+", counts)[0 if page == "balance.md" else 1])
    worth = float(re.search(after, " ".join(text.split()))[1])
    plain = re.search(r"(\d+\.\d)%–(\d+\.\d)%[；;] ?(?:its|在这里)", " ".join(text.split()))
    assert plain
    score = round(float(rate) / 100 * games * 2) / 2  # (a score counts draws as ½)
    assert [f"{100 * x:.1f}" for x in wilson(score, games)] == list(plain.groups())
    near = [worth + (i - 5) / 100 for i in range(11)]  # (the page gives the effective games to one decimal)
    assert [low, high] in [[f"{100 * x:.1f}" for x in wilson(score * n / games, n)] for n in near]
