"""The balance lab, sweep 65 (crossfire): a role dealt twice at one table (two assassins; two agents with 7 or 8
players) mostly wins or loses there as one, so its interval counts its tables as clusters (the design-adjusted
Wilson interval of :mod:`toolkit.balance.figures`), while a role dealt once at each table keeps its plain Wilson
interval; the crossfire report says what a role is held against; an interrupted tactics run says how many games it
left out with their unfinished deal.

No test here starts Ray: figures are made from hand-made job results (or a few tables played here), and a
command's games are played by a stand-in for :func:`toolkit.balance.runner.run_games`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import CARDS
from tests.test_balance_deals_s65 import _game
from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs
from toolkit.balance.figures import effective_n, intraclass, rate, wilson


def _job(players: int, tables: int, role_tables: dict[str, list[list[int]]], with_tables: bool = True) -> dict[str, Any]:
    """A job's result from its roles' tables ([dealt, won, tables] each); ``with_tables`` False: as a result
    without them."""
    roles = {role: [sum(d * k for d, _w, k in cells), sum(w * k for _d, w, k in cells)]
             for role, cells in role_tables.items()}  # fmt: skip
    out: dict[str, Any] = {"index": 0, "mode": "crossfire", "players": players, "tables": tables, "roles": roles,
                           "seats": {"1": [tables, tables // 2]}}  # fmt: skip
    if with_tables:
        out["role_tables"] = role_tables
    return out


# 1000 tables of 6: the assassins (two a table) win or lose together at 900 tables (450 both, 450 neither) and
# split at 100; the agent (once a table) wins at 400; the target (once a table) at 600
SHARED = {"assassin": [[2, 0, 450], [2, 1, 100], [2, 2, 450]], "agent": [[1, 0, 600], [1, 1, 400]],
          "target": [[1, 0, 400], [1, 1, 600]]}  # fmt: skip


def _roles(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["role"]: row for row in data["roles"]}


def test_a_role_dealt_twice_at_a_table_counts_its_tables() -> None:
    """The assassins' 2000 seats at 1000 tables agree at 90% of them: their interval is the Wilson interval on
    2000 / deff seats (deff = 1 + ρ, ρ the table's intraclass correlation), about 1.4 times as wide as the 2000
    seats' (before: the plain Wilson interval of 1000 of 2000)."""
    data = crossfire_figures([_job(6, 1000, SHARED)])
    assassin = _roles(data)["assassin"]
    assert (assassin["n"], assassin["score"]) == (2000, 1000)
    cells = [(2, 0.0, 0.0)] * 450 + [(2, 1.0, 1.0)] * 100 + [(2, 2.0, 2.0)] * 450
    rows = [cells, [(1, 0.0, 0.0)] * 600 + [(1, 1.0, 1.0)] * 400, [(1, 0.0, 0.0)] * 400 + [(1, 1.0, 1.0)] * 600]
    rho = intraclass(rows)
    assert rho is not None and 0.7 < rho < 0.9
    eff = effective_n(2000, cells, rho)
    assert assassin["n_eff"] == eff and 1000 < eff < 1200
    low, high = wilson(1000 * eff / 2000, eff)
    assert (assassin["low"], assassin["high"]) == (round(low, 6), round(high, 6))
    plain = rate(1000, 2000)
    assert 1.3 < (assassin["high"] - assassin["low"]) / (plain["high"] - plain["low"]) < 1.4
    assert "deals" not in assassin  # (the report's deals column is a tactics run's)
    six = data["players"][0]["roles"]
    assert next(row for row in six if row["role"] == "assassin")["low"] == assassin["low"]  # its player count's too


def test_a_role_dealt_once_a_table_keeps_its_interval() -> None:
    """The agent and the target, dealt once at each table, keep the Wilson interval of their seats, beside the
    assassins as alone; a result without its roles' tables gives the figures as before."""
    shared = _roles(crossfire_figures([_job(6, 1000, SHARED)]))
    alone = {k: v for k, v in SHARED.items() if k != "assassin"}
    for figures_ in (shared, _roles(crossfire_figures([_job(6, 1000, alone)])),
                     _roles(crossfire_figures([_job(6, 1000, SHARED, with_tables=False)]))):  # fmt: skip
        for role, won in (("agent", 400), ("target", 600)):
            before = rate(won, 1000)
            row = figures_[role]
            assert (row["low"], row["high"], row["n_eff"]) == (before["low"], before["high"], 1000)
    old = _roles(crossfire_figures([_job(6, 1000, SHARED, with_tables=False)]))["assassin"]
    assert (old["low"], old["high"]) == (rate(1000, 2000)["low"], rate(1000, 2000)["high"])


@pytest.fixture(scope="module")
def crossfire_records() -> list[Any]:
    from toolkit.catalog import load_catalog

    return list(load_catalog([CARDS / "crossfire"]).records)


def test_played_tables_count_each_role_s_tables(crossfire_records: list[Any]) -> None:
    """A job's roles' tables add up to its roles' seats and wins; at 7 players the agents (two a table) count
    fewer effective seats than seats, a role dealt once a table as many."""
    results = play_jobs(crossfire_records, plan_tables(300, [7], "crossfire", 3))
    for result in results:
        for role, (n, w) in result["roles"].items():
            cells = result["role_tables"][role]
            assert sum(d * k for d, _w, k in cells) == n and sum(v * k for _d, v, k in cells) == w
    twice = {role for role, cells in results[0]["role_tables"].items() if any(d > 1 for d, _w, _k in cells)}
    assert twice
    for row in crossfire_figures(results)["roles"]:
        assert (row["n_eff"] < row["n"]) == (row["role"] in twice)


def test_the_crossfire_report_says_what_a_role_is_held_against(crossfire_records: list[Any]) -> None:
    from toolkit.balance.report import crossfire_body

    meta = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 5, "mode": "crossfire",
            "players": [6], "tables": 40, "specials": [], "margin": 0.02}  # fmt: skip
    data = crossfire_figures(play_jobs(crossfire_records, plan_tables(40, [6], "crossfire", 5)), 0.02)
    page = crossfire_body(meta, data, lambda kind, record_id: record_id, "en")
    assert "over the run" not in page
    assert "the average seat of the tables the role was dealt in" in page and "design effect" in page


def test_an_interrupted_run_says_the_games_it_left_out(monkeypatch: pytest.MonkeyPatch, cli: Any, tmp_path: Any) -> None:
    """Games 0–3 finished and kept (two whole deals), game 4 finished but left out (game 5 did not): said after the
    interrupted line, in the plural too."""
    pytest.importorskip("ray")  # (the command checks Ray is installed; nothing starts it)
    from toolkit.balance import runner

    dropped = {"n": 1}

    def played(records: Any, specs: Any, **_: Any) -> Any:
        results = []
        for spec in specs[:4]:
            result = _game(spec.index, 1, {"agents": ["anvil"], "cards": []}, {"agents": ["mistblade"], "cards": []})
            result.update(mode=spec.mode, map=spec.map)
            results.append(result)
        return runner.Outcome(results, True, 1, 1, False, dropped=dropped["n"])

    monkeypatch.setattr(runner, "run_games", played)
    for n, line in ((1, "1 game left out: the other games of its deal did not finish"),
                    (3, "3 games left out: the other games of their deals did not finish")):  # fmt: skip
        dropped["n"] = n
        result = cli("balance", "tactics", "--games", "10", "--modes", "duel", "--no-save", "-o", tmp_path / str(n),
                     "--lang", "en")  # fmt: skip
        lines = result.stdout.splitlines()
        assert lines[0] == "interrupted: 4 of 10 games finished" and lines[1] == line, result.stdout
    dropped["n"] = 0
    result = cli("balance", "tactics", "--games", "10", "--modes", "duel", "--no-save", "-o", tmp_path / "0", "--lang", "en")
    assert "left out" not in result.stdout
