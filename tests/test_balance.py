"""The balance lab (`dossier balance`): seeded games on a local Ray, identical figures whatever the number of
workers, runs kept in the database (and through `db build`), two runs compared, the message without Ray."""

from __future__ import annotations

import builtins
import json
import math
import os
import shutil
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT, SCHEMA
from toolkit.balance.figures import figures, paired, simultaneous_z, wilson
from toolkit.balance.games import maps_for
from toolkit.balance.store import compare, holm, list_runs, load_run, save_run, two_proportion
from toolkit.catalog import load_catalog

GAMES = "24"


@pytest.fixture(scope="module")
def ray_session():  # type: ignore[no-untyped-def]
    """One local Ray (2 CPUs) for the whole module: the runs join it instead of starting their own."""
    ray = pytest.importorskip("ray")
    import logging

    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    yield ray
    ray.shutdown()


def _run(cli: Any, out: Path, *extra: str) -> dict[str, Any]:
    result = cli("balance", "tactics", "--games", GAMES, "--modes", "duel", "--rounds", "40", "--seed", "7",
                 "--out", out, *extra)  # fmt: skip
    assert result.exit_code == 0, result.output
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


@pytest.mark.slow
def test_one_and_two_workers_give_the_same_report(ray_session: Any, cli: Any, tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    one = _run(cli, tmp_path / "one", "--workers", "1", "--db", db)
    two = _run(cli, tmp_path / "two", "--workers", "2", "--db", db)
    assert one["figures"]["games"] == int(GAMES)
    assert one["figures"] == two["figures"] and one["meta"] == two["meta"]
    assert (tmp_path / "one" / "games.jsonl").read_bytes() == (tmp_path / "two" / "games.jsonl").read_bytes()
    html = (tmp_path / "one" / "report.html").read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and "<svg" in html and "<script" not in html
    seats = one["figures"]["seats"]
    assert [s["n"] for s in seats] == [int(GAMES), int(GAMES)]
    assert math.isclose(seats[0]["score"] + seats[1]["score"], int(GAMES))  # a win 1, a draw ½: a game gives 1
    listed = cli("balance", "runs", "--db", db)
    assert listed.exit_code == 0 and listed.output.count("seed 7") == 2
    # the runs outlive a rebuild of the card database
    built = cli("db", "build", "--db", db)
    assert built.exit_code == 0, built.output
    assert cli("balance", "runs", "--db", db).output == listed.output
    same = cli("balance", "compare", "1", "2", "--db", db)
    assert same.exit_code == 0 and "Holm" in same.output and "nothing moved beyond noise" in same.output


@pytest.mark.slow
def test_compare_finds_an_absurdly_weak_agent(ray_session: Any, cli: Any, tmp_path: Path) -> None:
    """Two given decks round-robin (雾刃 against 铁砧), then the same seed with 铁砧 at 1 HP in a copied card set: the
    rates of both agents move beyond noise. (Its armour and shield cards keep a 1-HP 铁砧 alive in some games, and at
    50 HP 雾刃 drew out 30 rounds: 60 rounds and the weak side make the move plain; since armour comes back with its
    shield whole (§8.3), a 1-HP 铁砧 wins 85% of its games against 100%. The run before tells nothing of how alike
    the games of a deal go (every rate 0% or 100%; med_kit, in both decks, no longer says they go as chance: sweep
    74), so its 100% counts its deals: 160 games, 80 deals, make the move beyond noise, where 80 games no longer do.)"""
    variant = tmp_path / "variant"  # (not ./cards: a cards/ folder in the working directory is every command's pool)
    shutil.copytree(SCHEMA, variant / "schema")
    cards = variant / "cards" / "tactics"
    shutil.copytree(CARDS / "tactics", cards)
    agent = cards / "agents" / "anvil.json"
    data = json.loads(agent.read_text(encoding="utf-8"))
    data["hp"] = 1
    agent.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    decks = tmp_path / "decks"
    decks.mkdir()
    for name in ("duel.json", "duel-rival.json"):
        shutil.copy(CARDS.parent / "examples" / "decks" / "tactics" / name, decks / name)
    common = ("--games", "160", "--decks", decks, "--rounds", "60", "--seed", "3", "--no-save")
    before = cli("balance", "tactics", *common, "--out", tmp_path / "before")
    after = cli("balance", "tactics", *common, "--cards", cards, "--out", tmp_path / "after")
    assert before.exit_code == 0 and after.exit_code == 0, before.output + after.output
    result = cli("balance", "compare", tmp_path / "before", tmp_path / "after" / "report.json", "--json")
    moved = json.loads(result.output)
    assert moved["correction"] == "Holm" and not moved["same_card_set"]
    rates = {m["key"][0]: m for m in moved["moved"] if m["table"] == "agents"}
    assert rates["anvil"]["after"]["rate"] < rates["anvil"]["before"]["rate"] and rates["anvil"]["after"]["n"] == 160
    assert rates["mistblade"]["after"]["rate"] > rates["mistblade"]["before"]["rate"]
    text = cli("balance", "compare", tmp_path / "before", tmp_path / "after", "--lang", "zh-Hans")
    assert "铁砧" in text.output and "→" in text.output and "霍尔姆" in text.output


def test_without_ray_one_line_and_exit_2(cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    result = cli("balance", "tactics", "--games", "4", "--out", tmp_path / "r")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    from toolkit.balance.runner import RAY
    from toolkit.paths import install_command

    assert len(lines) == 1 and install_command("lab", RAY) in lines[0]  # (no PyPI 'dossier': that one is another)
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("game", ["tactics", "netrunner", "crossfire"])
def test_the_report_folder_is_refused_before_any_game(cli: Any, tmp_path: Path, game: str) -> None:
    """--out is checked before the games, not after them: a file where the folder should be (or above it), or a
    report.json of the user's own in it, is one line (exit 2), no game played and nothing written."""
    pytest.importorskip("ray")
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine\n", encoding="utf-8")
    own = tmp_path / "mine"
    own.mkdir()
    (own / "report.json").write_text('{"mine": 1}\n', encoding="utf-8")
    for out, said in [(a_file, "is not a directory"), (a_file / "sub", "is not a directory"),
                      (own, "is not a balance report's report.json")]:  # fmt: skip
        given = {"tactics": ["--games", "4"], "crossfire": ["--tables", "10"],
                 "netrunner": ["--decks", ROOT / "examples" / "decks" / "netrunner", "--games", "2"]}[game]  # fmt: skip
        result = cli("balance", game, *given, "--no-save", "--out", out)
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and said in lines[0], lines
        assert "report.html" not in result.output
    assert a_file.read_text(encoding="utf-8") == "mine\n" and sorted(p.name for p in own.iterdir()) == ["report.json"]
    assert (own / "report.json").read_text(encoding="utf-8") == '{"mine": 1}\n'


def test_the_statistics() -> None:
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    z, p = two_proportion(60, 100, 40, 100)
    assert math.isclose(z, 2.8284, abs_tol=1e-3) and math.isclose(p, 0.00468, abs_tol=1e-4)
    assert simultaneous_z(1) == pytest.approx(1.96, abs=1e-3) and simultaneous_z(100) > 3.4


def _game(index: int, winner: int, first: list[str], second: list[str]) -> dict[str, Any]:
    return {"index": index, "mode": "duel", "map": "hideout", "winners": [winner], "reason": "last_squad_standing",
            "rounds": 5, "sides": [{"seat": 1, "agents": first, "cards": [], "played": []},
                                   {"seat": 2, "agents": second, "cards": [], "played": []}]}  # fmt: skip


def test_outliers_only_where_the_interval_says_so() -> None:
    # "ace" wins every game it is in (40 of 40); "b" and "c" split theirs: only "ace" is flagged
    results = [_game(i, 1 if i % 2 == 0 else 2, ["ace", "b"] if i % 2 == 0 else ["c"], ["c"] if i % 2 == 0 else
                     ["ace", "b"]) for i in range(80)]  # fmt: skip
    data = figures(results, margin=0.02)
    agents = {row["agent"]: row for row in data["agents"]}
    assert agents["ace"]["flag"] == "strong" and agents["c"]["flag"] == "weak"
    few = figures(results[:4], margin=0.02)
    assert not few["outliers"] and all(row.get("needed") for row in few["agents"])
    run_a = {"label": "a", "meta": {"card_set": "x"}, "figures": data}
    assert compare(run_a, run_a)["moved"] == []


@pytest.mark.slow
def test_games_of_three_and_four_players(ray_session: Any, cli: Any, tmp_path: Path) -> None:
    """--players 4: each deal played once per seat, the seats turned one a game; only the modes made for four
    (双雄 in two teams of two, 混战 every seat alone); every seat rated against the fair share of its games."""
    out = tmp_path / "four"
    result = cli("balance", "tactics", "--players", "4", "--games", "8", "--rounds", "12", "--seed", "2",
                 "--workers", "2", "--out", out, "--no-save", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "beyond its centre" in result.stdout
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["meta"]["players"] == 4 and report["meta"]["modes"] == ["duo", "melee"]
    games = [json.loads(line) for line in (out / "games.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [g["mode"] for g in games] == ["duo"] * 4 + ["melee"] * 4
    assert {g["share"] for g in games if g["mode"] == "duo"} == {0.5} and {g["share"] for g in games[4:]} == {0.25}
    squads = [tuple(tuple(s["agents"]) for s in g["sides"]) for g in games]
    assert squads[1] == squads[0][1:] + squads[0][:1] and squads[4] != squads[0]  # turned one seat a game
    seats = report["figures"]["seats"]
    assert [row["seat"] for row in seats] == [1, 2, 3, 4] and all(row["centre"] == 0.375 for row in seats)
    assert "fair share" in (out / "report.html").read_text(encoding="utf-8")
    refused = cli("balance", "tactics", "--players", "3", "--modes", "duel", "--games", "3", "--out", tmp_path / "x",
                  "--no-save", "--lang", "en")  # fmt: skip
    assert refused.exit_code == 2 and "--modes 'duel'" in refused.stderr and "3 players" in refused.stderr


@pytest.mark.slow
def test_crossfire_roles_the_same_whatever_the_workers(ray_session: Any, cli: Any, tmp_path: Path) -> None:
    reports = []
    for workers in ("1", "2"):
        out = tmp_path / workers
        result = cli("balance", "crossfire", "--players", "6,7", "--tables", "25000", "--seed", "5", "--workers",
                     workers, "--out", out, "--no-save")  # fmt: skip
        assert result.exit_code == 0, result.output
        reports.append(json.loads((out / "report.json").read_text(encoding="utf-8")))
    assert reports[0]["figures"] == reports[1]["figures"]
    figures_ = reports[0]["figures"]
    assert figures_["games"] == 50000 and [p["players"] for p in figures_["players"]] == [6, 7]
    assert sum(row["n"] for row in figures_["roles"]) == 25000 * 6 + 25000 * 7
    assert "<svg" in (tmp_path / "1" / "report.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_netrunner_figures_the_same_whatever_the_workers(ray_session: Any, cli: Any, tmp_path: Path) -> None:
    decks = ROOT / "examples" / "decks" / "netrunner"
    reports = []
    for workers in ("1", "2"):
        out = tmp_path / workers
        result = cli("balance", "netrunner", "--decks", decks / "corp-hb-tireless-hands.json", "--decks",
                     decks / "corp-weyland-skyward.json", "--decks", decks / "runner-anarch-rust.json", "--decks",
                     decks / "runner-criminal-fingers.json", "--games", "40", "--seed", "3", "--workers", workers,
                     "--out", out, "--db", tmp_path / "runs.db")  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "40 games in" in result.stdout and "kept in the database" in result.stdout
        reports.append(json.loads((out / "report.json").read_text(encoding="utf-8")))
        assert len((out / "games.jsonl").read_text(encoding="utf-8").splitlines()) == 40
    assert reports[0]["figures"] == reports[1]["figures"]
    assert reports[0]["meta"]["game"] == "netrunner" and reports[0]["timing"]["workers"] in (1, 2)
    assert [row["n"] for row in reports[0]["figures"]["pairings"]] == [10, 10, 10, 10]
    compared = cli("balance", "compare", "1", "2", "--db", tmp_path / "runs.db")
    assert compared.exit_code == 0 and "nothing moved beyond noise" in compared.stdout


PG_URL = os.environ.get("DOSSIER_TEST_PG_URL")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_runs_outlive_db_build(backend: str, cli: Any, tmp_path: Path) -> None:
    """A run kept, the card database rebuilt, the run still there, and the next run numbered after it."""
    if backend == "postgresql":
        if not PG_URL:
            pytest.skip("DOSSIER_TEST_PG_URL is not set: no PostgreSQL server to test against (.ci/postgres.sh starts one)")
        db = f"{PG_URL}{'&' if '?' in PG_URL else '?'}schema=test_{uuid.uuid4().hex[:12]}"
    else:
        db = str(tmp_path / "cards.db")
    assert cli("db", "build", "--db", db).exit_code == 0
    data = figures([_game(i, 1 + i % 2, ["ace"], ["c"]) for i in range(10)])
    meta = {"game": "tactics", "card_set": "x" * 64, "decider": "heuristic", "seed": 1}
    first = save_run(db, meta, data)
    built = cli("db", "build", "--db", db)
    assert built.exit_code == 0, built.output
    assert [run["id"] for run in list_runs(db)] == [first]
    assert save_run(db, meta, data) == first + 1
    assert load_run(db, str(first))["figures"] == data
    assert cli("search", "t:装备", "--db", db).exit_code == 0  # the rebuilt database still answers


def test_two_player_runs_are_planned_as_before_and_more_players_turn_the_seats() -> None:
    from toolkit.balance.games import plan_random

    records = list(load_catalog([CARDS / "tactics"]).records)
    two = plan_random(records, 6, ["duel", "duo"], 1, "heuristic")
    assert [(s.mode, s.swapped, s.players, s.rotation) for s in two] == [
        ("duel", False, 2, 0), ("duel", True, 2, 1), ("duo", False, 2, 0), ("duo", True, 2, 1), ("duel", False, 2, 0),
        ("duel", True, 2, 1)]  # fmt: skip
    assert two[0].deal_seed == two[1].deal_seed != two[2].deal_seed
    three = plan_random(records, 7, ["melee"], 1, "heuristic", players=3)
    assert [s.rotation for s in three] == [0, 1, 2, 0, 1, 2, 0] and len({s.deal_seed for s in three}) == 3
    assert all(s.map in maps_for(records, "melee", 3) for s in three)


def test_a_melee_seat_is_held_against_its_fair_share() -> None:
    """Four-player 混战: an agent that wins one game in two is strong (an average seat wins one in four); one that
    wins one in four is not flagged, though below 50%; one in eight is weak."""
    results = []
    for i in range(200):
        winner = 1 if i % 2 == 0 else 2 if i % 4 == 1 else 3 if i % 8 == 3 else 4
        sides = [{"seat": seat, "agents": [name], "cards": [], "played": []}
                 for seat, name in enumerate(("ace", "b", "c", "d"), 1)]  # fmt: skip
        results.append({"index": i, "mode": "melee", "map": "headquarters", "winners": [winner],
                        "reason": "last_squad_standing", "rounds": 5, "sides": sides, "share": 0.25})  # fmt: skip
    data = figures(results, margin=0.02)
    agents = {row["agent"]: row for row in data["agents"]}
    assert agents["ace"]["rate"] == 0.5 and agents["ace"]["centre"] == 0.25 and agents["ace"]["flag"] == "strong"
    assert agents["b"]["rate"] == 0.25 and agents["b"]["flag"] is None
    assert agents["c"]["rate"] == 0.125 and agents["c"]["flag"] == "weak"
    assert data["modes"][0]["first_seat"]["centre"] == 0.25
    draw = {**results[0], "winners": [], "reason": "round limit"}
    assert figures([draw])["agents"][0]["score"] == 0.25  # a draw: each seat its fair share


def test_two_players_compared_game_by_game_on_the_same_games() -> None:
    """The games both played, each's score on them, the games one did better and worse in, and the two-sided
    sign test on those: 5 wins out of 5 different games is p = 2/32; 9 against 5 is noise (p 0.42); the games
    only one played are left out, and draws count as half a point."""
    ahead = paired({i: 1.0 for i in range(5)}, {i: 0.0 for i in range(5)})
    assert ahead == {"n": 5, "score": 5.0, "against": 0.0, "better": 5, "worse": 0, "p": 0.0625}
    mixed = paired({i: 1.0 if i < 9 else 0.0 for i in range(14)} | {99: 1.0},
                   {i: 0.0 if i < 9 else 1.0 for i in range(14)} | {("duo", 1): 0.5})  # fmt: skip
    assert (mixed["n"], mixed["better"], mixed["worse"], mixed["p"]) == (14, 9, 5, 0.42395)
    drawn = paired({1: 0.5, 2: 1.0}, {1: 0.0, 2: 1.0})
    assert (drawn["score"], drawn["against"], drawn["better"], drawn["worse"], drawn["p"]) == (1.5, 1.0, 1, 0, 1.0)
    assert paired({}, {1: 1.0}) == {"n": 0, "score": 0, "against": 0, "better": 0, "worse": 0, "p": 1.0}
