"""The balance lab's command line: a float option that is not finite, a seed or run id past what the database holds,
`--games` past its limit, `--workers` past this machine's cores, `--address auto` with no cluster, SIGTERM, and
crossfire runs counted in tables; the store never writes NaN and lists a run an older version wrote with it."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.balance.store import list_runs, save_run
from toolkit.errors import DossierError

BIG = 2**63  # one past what a BIGINT (SQLite's INTEGER) holds
DECKS = ROOT / "examples" / "decks" / "netrunner"
TACTICS = {"game": "tactics", "card_set": "a" * 64, "decider": "heuristic", "seed": 3, "modes": ["duel"],
           "decks": "random", "rounds": 40, "margin": 0.02}  # fmt: skip
FIGURES = {"games": 60, "errors": 0, "margin": 0.02, "outliers": [{"table": "agents", "agent": "ace"}], "seats": []}


def _one_line_error(result: Any, *words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    for word in words:
        assert word in lines[0], lines[0]


# ---------------------------------------------------------------- 1. a float option that is not finite


@pytest.mark.parametrize("value", ["nan", "NaN", "-nan"])
@pytest.mark.parametrize("command", ["tactics", "crossfire", "netrunner"])
def test_a_margin_that_is_no_number_is_refused(cli: Any, tmp_path: Path, command: str, value: str) -> None:
    out = tmp_path / "report"
    extra = ["--decks", str(DECKS)] if command == "netrunner" else []
    result = cli("balance", command, *extra, "--margin", value, "-n", "2", "--no-save", "-o", out, "--lang", "en")
    _one_line_error(result, "--margin", "not a finite number")
    assert not out.exists()  # before any game


def test_an_alpha_that_is_no_number_is_refused(cli: Any, tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    save_run(str(db), TACTICS, FIGURES)
    save_run(str(db), TACTICS, FIGURES)
    result = cli("balance", "compare", "1", "2", "--alpha", "nan", "--db", db, "--lang", "en")
    _one_line_error(result, "--alpha", "not a finite number")


def test_the_store_writes_no_nan(tmp_path: Path) -> None:
    """A number that is not finite is kept as null: the row is strict JSON, which the database's JSON reads."""
    db = tmp_path / "runs.db"
    run_id = save_run(str(db), {**TACTICS, "margin": float("nan")}, {**FIGURES, "margin": float("inf")})
    conn = sqlite3.connect(db)
    try:
        (text,) = conn.execute("SELECT figures FROM balance_runs WHERE id = ?", (run_id,)).fetchone()
        assert conn.execute("SELECT json_valid(figures) FROM balance_runs").fetchone() == (1,)
    finally:
        conn.close()

    def refuse(constant: str) -> Any:
        raise AssertionError(f"{constant} written")

    data = json.loads(text, parse_constant=refuse)
    assert data["meta"]["margin"] is None and data["figures"]["margin"] is None
    assert [run["id"] for run in list_runs(str(db))] == [run_id]


PG_URL = os.environ.get("DOSSIER_TEST_PG_URL")


@pytest.fixture(params=["sqlite", "postgresql"])
def runs_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database for runs: an SQLite file, or a new schema of the test PostgreSQL server (dropped after)."""
    if request.param == "sqlite":
        yield str(tmp_path / "runs.db")
        return
    if not PG_URL:
        pytest.skip("DOSSIER_TEST_PG_URL is not set: no PostgreSQL server to test against (.ci/postgres.sh starts one)")
    from toolkit.db.engine import postgres_engine, resolve_target

    schema = f"test_{uuid.uuid4().hex[:12]}"
    engine = postgres_engine(resolve_target(PG_URL).url)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        yield f"{PG_URL}{'&' if '?' in PG_URL else '?'}schema={schema}"
        with engine.begin() as conn:
            conn.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
    finally:
        engine.dispose()


def _old_rows(db: str) -> None:
    """Three runs: a good one, one an older version wrote with ``--margin nan`` (``NaN`` in its JSON, interrupted,
    one outlier), and one whose figures are no JSON at all (damaged)."""
    from toolkit.balance.store import _connection

    save_run(db, TACTICS, FIGURES)
    text = json.dumps({"meta": {**TACTICS, "margin": float("nan"), "interrupted": True},
                       "figures": {**FIGURES, "margin": float("nan")}})  # fmt: skip
    assert "NaN" in text
    row = ("2026-01-01T00:00:00+00:00", "tactics", "a" * 64, "heuristic", 4, 60)
    with _connection(db) as (conn, mark, _found):
        cursor = conn.cursor()
        for figures in (text, "{not json"):
            cursor.execute("INSERT INTO balance_runs (created, game, card_set, decider, seed, games, figures) "
                           f"VALUES ({', '.join([mark] * 7)})", (*row, figures))  # fmt: skip


def test_runs_are_listed_with_a_row_an_older_version_wrote(runs_db: str) -> None:
    _old_rows(runs_db)
    skipped: list[int] = []
    runs = list_runs(runs_db, skipped)
    assert [(run["id"], run["outliers"], run["interrupted"]) for run in runs] == [(1, 1, False), (2, 1, True)]
    assert skipped == [3]
    assert [run["id"] for run in list_runs(runs_db)] == [1, 2]  # (the web's list: the damaged row left out)


def test_balance_runs_lists_the_others_and_names_a_damaged_row(cli: Any, tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    _old_rows(str(db))
    result = cli("balance", "runs", "--db", db, "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["1", "2"] and lines[1].endswith("  interrupted")
    assert result.stderr.strip() == "balance run 3: its figures cannot be read"


def test_the_web_list_of_runs_outlives_a_row_with_nan(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    db = tmp_path / "runs.db"
    _old_rows(str(db))
    app = create_app(WebSettings(cards=[CARDS], db_url=str(db), cache=tmp_path / "cache", data=tmp_path / "data"))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        listing = client.get("/balance?lang=en")
        assert listing.status_code == 200, listing.text
        assert 'href="/balance/1"' in listing.text and 'href="/balance/2"' in listing.text


# ---------------------------------------------------------------- 2, 3. a seed or run id the database cannot hold


@pytest.mark.parametrize("command", ["tactics", "crossfire", "netrunner"])
def test_a_seed_the_database_cannot_hold_is_refused_before_any_game(cli: Any, tmp_path: Path, command: str) -> None:
    out = tmp_path / "report"
    extra = ["--decks", str(DECKS)] if command == "netrunner" else []
    result = cli("balance", command, *extra, "--seed", str(BIG), "-n", "2", "-o", out, "--db", tmp_path / "r.db",
                 "--lang", "en")  # fmt: skip
    _one_line_error(result, "--seed", str(BIG), str(BIG - 1))
    assert not out.exists() and not (tmp_path / "r.db").exists()


def _in_process(monkeypatch: pytest.MonkeyPatch, terminated: bool = False) -> None:
    """Ray's runner replaced by one that plays the first crossfire job here; ``terminated``: as SIGTERM stops it."""
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.crossfire import play_jobs

    def played(records: Any, jobs: Any, **_: Any) -> runner.Outcome:
        chosen = list(jobs)[:1] if terminated else list(jobs)
        outcome = runner.Outcome(play_jobs(records, chosen), terminated, 1, 1, False)
        if terminated:
            outcome.terminated = True
        return outcome

    monkeypatch.setattr(runner, "run_games", played)


def test_the_largest_seed_is_kept(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _in_process(monkeypatch)
    db = tmp_path / "r.db"
    result = cli("balance", "crossfire", "--players", "6", "--tables", "20", "--seed", str(BIG - 1), "-o",
                 tmp_path / "report", "--db", db, "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert [run["seed"] for run in list_runs(str(db))] == [BIG - 1]


def test_other_commands_still_take_any_seed(cli: Any) -> None:
    result = cli("crossfire", "simulate", "--players", "6", "--games", "2", "--seed", str(2**70), "--lang", "en")
    assert result.exit_code == 0, result.output


def test_save_run_refuses_a_seed_it_cannot_hold(tmp_path: Path) -> None:
    with pytest.raises(DossierError, match="64-bit"):
        save_run(str(tmp_path / "r.db"), {**TACTICS, "seed": BIG}, FIGURES)


@pytest.mark.parametrize("which", [str(BIG), "99999999999999999999"])
def test_compare_of_a_run_id_past_the_database_integer(cli: Any, tmp_path: Path, which: str) -> None:
    db = tmp_path / "runs.db"
    save_run(str(db), TACTICS, FIGURES)
    result = cli("balance", "compare", which, "1", "--db", db, "--lang", "en")
    _one_line_error(result, f"no balance run {which} in the database")


# ---------------------------------------------------------------- 4. --games has the limit of the other runs


def test_tactics_games_has_an_upper_limit(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--games", "1000000000", "--no-save", "-o", out, "--lang", "en")
    _one_line_error(result, "--games", "10000000")
    assert not out.exists()


# ---------------------------------------------------------------- 9. --address auto with no cluster


class _NoCluster:
    """A Ray whose ``init`` finds no cluster, as ``ray.init(address="auto")`` says it."""

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: Any) -> None:
        raise ConnectionError("Could not find any running Ray instance.")


def test_address_auto_with_no_cluster_says_so() -> None:
    from toolkit.balance.runner import start_ray

    with pytest.raises(DossierError) as caught:
        start_ray(_NoCluster(), None, "auto")
    assert caught.value.message == "--address auto: there is no running Ray cluster to join (`ray start --head` " \
        "starts one)"  # fmt: skip
    assert "GCS" not in caught.value.message


# ---------------------------------------------------------------- 10. --workers past this machine's cores


def test_workers_past_the_cores_are_refused_for_a_local_cluster(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    from toolkit.balance.runner import check_workers, local_cores

    cores = local_cores()
    out = tmp_path / "report"
    for command in ("tactics", "crossfire"):
        result = cli("balance", command, "--workers", str(cores + 1), "-n", "2", "--no-save", "-o", out, "--lang",
                     "en")  # fmt: skip
        _one_line_error(result, f"--workers {cores + 1}", f"{cores} cores")
        assert not out.exists()
    check_workers(cores, None)  # as many as the cores: taken
    check_workers(cores + 1000, "10.0.0.1:6379")  # a cluster joined: its CPUs are not this machine's
    with pytest.raises(DossierError):
        check_workers(cores + 1, "local")  # `local` starts one here


# ---------------------------------------------------------------- 12. SIGTERM stops a run as Ctrl-C does


class _FakeRay:
    """A running Ray session whose ``wait`` is where the run is when SIGTERM comes."""

    class exceptions:  # noqa: N801 - as ray.exceptions
        RayError = RuntimeError

    def __init__(self) -> None:
        self.cancelled = 0

    def is_initialized(self) -> bool:
        return True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2}

    def remote(self, **_: Any) -> Any:
        class Task:
            @staticmethod
            def remote(*args: Any) -> object:
                return object()

        return lambda function: Task()

    def put(self, value: Any) -> Any:
        return value

    def wait(self, refs: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(200):  # (the handler runs in this thread between two steps)
            time.sleep(0.01)
        raise AssertionError("SIGTERM did not stop the run")

    def cancel(self, ref: Any, force: bool) -> None:
        self.cancelled += 1


def test_sigterm_stops_the_games_as_ctrl_c_does(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.balance import runner

    fake = _FakeRay()
    monkeypatch.setattr(runner, "import_ray", lambda: fake)
    before = signal.getsignal(signal.SIGTERM)
    outcome = runner.run_games([], list(range(8)), workers=2, batch=2)
    assert outcome.interrupted and outcome.terminated and outcome.failure is None
    assert fake.cancelled == 2  # what was still running: cancelled
    assert signal.getsignal(signal.SIGTERM) == before  # the handler only while the games are played


def test_a_run_stopped_by_sigterm_says_interrupted_and_exits_143(cli: Any, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    _in_process(monkeypatch, terminated=True)
    db = tmp_path / "r.db"
    result = cli("balance", "crossfire", "--players", "6,7", "--tables", "20", "-o", tmp_path / "report", "--db", db,
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 143, result.output
    assert result.stdout.splitlines()[0] == "interrupted: 20 of 40 tables finished"
    assert "SIGTERM" not in result.output
    assert [run["interrupted"] for run in list_runs(str(db))] == [True]


# ---------------------------------------------------------------- 13. crossfire runs count tables


def test_balance_runs_counts_a_crossfire_run_in_tables(cli: Any, tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    save_run(str(db), TACTICS, FIGURES)
    crossfire = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 1, "mode": "crossfire",
                 "players": [6, 7, 8], "tables": 20000, "specials": [], "margin": 0.02}  # fmt: skip
    save_run(str(db), crossfire, {**FIGURES, "games": 60000})
    result = cli("balance", "runs", "--db", db, "--lang", "en")
    assert result.exit_code == 0, result.output
    tactics, tables = result.stdout.splitlines()
    assert "  60 games  " in tactics
    assert "  60000 tables  " in tables and "games" not in tables
