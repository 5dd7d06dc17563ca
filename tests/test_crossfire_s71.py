"""Sweep 71 (crossfire): the names every entry point accepts, read everywhere alike.

1. `balance crossfire` keeps its special roles as sorted ids and its mode as an id (a comparison of two runs that
   asked the same thing in other words says no setting differs; older runs kept with names are read by their ids);
2. `POST /api/decks/roles` reads mode and role names as the CLI does; an unknown role is told as unknown;
3. `crossfire deal --sniper 1` without --dealer: the dealer is the next seat, as the web's rooms choose it;
4. a table's "mode" may be a mode's name (both the fast and the thorough check);
5. `crossfire simulate` counts a role's tables as its sample (a role dealt twice wins or loses there as one)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests import test_crossfire_web_fixes as web_fixes
from tests.conftest import CARDS
from toolkit.catalog import load_catalog
from toolkit.cli.plots import wilson
from toolkit.engine.crossfire import Crossfire, TableError
from toolkit.errors import DossierError
from toolkit.i18n import use_lang

client = web_fixes.client  # (a client whose writes pass)


@pytest.fixture(scope="module")
def records() -> list[Any]:
    return list(load_catalog([CARDS]).records)


@pytest.fixture(scope="module")
def game(records: list[Any]) -> Crossfire:
    return Crossfire.from_records(records)


# ---------------------------------------------------------------- 1. balance crossfire keeps ids


def _in_process(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Ray's runner replaced by one that plays the jobs here; the jobs it was given are kept."""
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.crossfire import play_jobs

    seen: list[Any] = []

    def played(records: Any, jobs: Any, **_: Any) -> runner.Outcome:
        seen.extend(jobs)
        return runner.Outcome(play_jobs(records, list(jobs)), False, 1, 1, False)

    monkeypatch.setattr(runner, "run_games", played)
    return seen


def test_balance_crossfire_keeps_its_specials_and_mode_as_ids(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = _in_process(monkeypatch)
    out = tmp_path / "report"
    result = cli("balance", "crossfire", "--players", "8", "--tables", "10", "--no-save", "-o", out, "-w", "1",
                 "--mode", "交叉火力模式", "--special", "炸弹客", "--special", "BODYGUARD", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    meta = json.loads((out / "report.json").read_text(encoding="utf-8"))["meta"]
    assert meta["specials"] == ["bodyguard", "bomber"] and meta["mode"] == "crossfire"
    assert jobs and {job.mode for job in jobs} == {"crossfire"}
    assert {job.specials for job in jobs} == {("bodyguard", "bomber")}


def _run(meta: dict[str, Any], label: str) -> dict[str, Any]:
    base = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "players": [7], "tables": 10}
    return {"meta": {**base, **meta}, "figures": {"roles": []}, "label": label}


KEPT = {"en": {"role": {"bodyguard": "Bodyguard", "bomber": "Bomber", "vip": "VIP"}},
        "zh-Hans": {"role": {"bodyguard": "保镖", "bomber": "炸弹客", "vip": "VIP"}}}  # fmt: skip


def test_compare_reads_an_older_run_s_role_names_as_their_ids() -> None:
    from toolkit.balance.store import compare

    older = _run({"mode": "crossfire", "specials": ["保镖", "BOMBER"], "names": KEPT}, "#1")
    newer = _run({"mode": "crossfire", "specials": ["bodyguard", "bomber"], "names": KEPT}, "#2")
    assert compare(older, newer)["settings_differ"] == []
    en = _run({"mode": "crossfire", "specials": ["bomber", "Bodyguard"], "names": KEPT}, "#3")
    assert compare(en, newer)["settings_differ"] == []
    other = _run({"mode": "crossfire", "specials": ["bomber"], "names": KEPT}, "#4")
    assert compare(older, other)["settings_differ"] == ["specials"]  # (a real difference stays one)
    unknown = _run({"mode": "crossfire", "specials": ["nobody"], "names": KEPT}, "#5")
    assert compare(unknown, newer)["settings_differ"] == ["specials"]  # (a name that resolves to nothing: as it is)


def test_compare_reads_an_older_run_s_mode_name_with_the_pool_s_names(records: list[Any]) -> None:
    from toolkit.balance.store import compare, pool_names

    older = _run({"mode": "Sniper mode", "specials": ["炸弹客"], "names": KEPT}, "#1")
    newer = _run({"mode": "sniper", "specials": ["bomber"], "names": KEPT}, "#2")
    assert compare(older, newer, names=pool_names(records, "crossfire"))["settings_differ"] == []
    assert compare(older, newer)["settings_differ"] == ["mode"]  # (the run kept no mode names: the pool's name it)


def test_balance_compare_reads_older_reports_by_ids(cli: Any, tmp_path: Path) -> None:
    for name, meta in (("a", {"mode": "狙击手模式", "specials": ["保镖", "BOMBER"]}),
                       ("b", {"mode": "sniper", "specials": ["bodyguard", "bomber"]})):  # fmt: skip
        run = _run(meta, name)
        (tmp_path / f"{name}.json").write_text(json.dumps({"meta": run["meta"], "figures": run["figures"]}),
                                               encoding="utf-8")  # fmt: skip
    result = cli("balance", "compare", tmp_path / "a.json", tmp_path / "b.json", "--json", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["settings_differ"] == []


# ---------------------------------------------------------------- 2. the builder's role sets read names


@pytest.fixture(scope="module")
def pool(records: list[Any]) -> Any:
    from toolkit.web.deckwork import DeckPoolView

    return DeckPoolView(records)


@pytest.mark.parametrize("special", ["Bodyguard", "保镖", "BODYGUARD", "bodyguard"])
def test_the_builder_s_role_set_reads_a_special_role_s_name(pool: Any, special: str) -> None:
    from toolkit.web.deckwork import role_set

    with use_lang("en"):
        roles = role_set(pool, "crossfire", 7, [special])
    assert roles.get("bodyguard") == 1 and sum(roles.values()) == 7


@pytest.mark.parametrize("mode", ["Sniper mode", "狙击手模式", "SNIPER"])
def test_the_builder_s_role_set_reads_a_mode_s_name(pool: Any, mode: str) -> None:
    from toolkit.web.deckwork import role_set

    with use_lang("en"):
        roles = role_set(pool, mode, 6, [])
    assert roles.get("sniper") == 1 and sum(roles.values()) == 6


def test_the_builder_tells_an_unknown_role_as_unknown(pool: Any) -> None:
    from toolkit.web.deckwork import role_set

    with use_lang("en"), pytest.raises(DossierError) as caught:
        role_set(pool, "crossfire", 7, ["bodygard"])
    assert "cannot join" not in caught.value.message
    assert caught.value.message == "no crossfire role is called 'bodygard'; did you mean 'Bodyguard'?"
    with use_lang("en"), pytest.raises(DossierError) as unknown:
        role_set(pool, "nosuch", 7, [])
    assert unknown.value.message.startswith("unknown mode 'nosuch'; the crossfire modes are crossfire, sniper")


def test_the_roles_api_reads_names(client: Any) -> None:
    answer = client.post("/api/decks/roles?lang=en", json={"players": 7, "specials": ["Bodyguard"]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["cards"].get("bodyguard") == 1
    answer = client.post("/api/decks/roles?lang=zh-Hans", json={"mode": "狙击手模式", "players": 6})
    assert answer.status_code == 200, answer.text
    assert answer.json()["cards"].get("sniper") == 1
    refused = client.post("/api/decks/roles?lang=en", json={"players": 5, "specials": ["Peacekeeper"]})
    assert refused.status_code == 400 and refused.json()["detail"].startswith("Peacekeeper joins Crossfire mode")


# ---------------------------------------------------------------- 3. deal: the Sniper at seat 1


def _deal(cli: Any, *args: str) -> Any:
    return cli("crossfire", "deal", "-n", "6", "--mode", "sniper", "--seed", "3", "--format", "json", "--lang", "en",
               *args)  # fmt: skip


def test_deal_the_sniper_at_seat_1_without_a_dealer(cli: Any) -> None:
    result = _deal(cli, "--sniper", "1")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["dealer"] == 2
    assert {p["seat"]: p["role"] for p in data["players"]}[1] == "sniper"


def test_deal_the_dealer_as_the_web_s_rooms_choose_it(cli: Any) -> None:
    from toolkit.web.crossfire_rooms import Room, next_dealer

    for sniper in (1, 3, 6):
        room = Room(id="", host_token="", seat_tokens={}, mode="sniper", players=6, names={}, specials=[],
                    sniper_seat=sniper)  # fmt: skip
        result = _deal(cli, "--sniper", str(sniper))
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["dealer"] == next_dealer(room, None)
    assert json.loads(_deal(cli).stdout)["dealer"] == 1  # (no Sniper's seat asked: seat 1, as before)


def test_deal_an_explicit_dealer_at_the_sniper_s_seat_is_refused(cli: Any) -> None:
    result = _deal(cli, "--sniper", "1", "--dealer", "1")
    assert result.exit_code == 2
    assert "not a free non-dealer seat: the dealer sits there" in result.stderr


# ---------------------------------------------------------------- 4. a table's mode by its name


SNIPER_TABLE = [
    {"seat": 1, "role": "assassin", "aim": [3]},
    {"seat": 2, "role": "sniper"},
    {"seat": 3, "role": "vip"},
    {"seat": 4, "role": "agent"},
    {"seat": 5, "role": "assassin", "aim": [3]},
    {"seat": 6, "role": "bystander"},
]


@pytest.mark.parametrize("mode", ["狙击手模式", "Sniper mode", "SNIPER", " sniper "])
def test_a_table_s_mode_may_be_its_name(game: Crossfire, mode: str) -> None:
    data = {"mode": mode, "players": SNIPER_TABLE}
    fast = game._fast_table(data)
    assert fast is not None and fast.mode == "sniper"  # (the fast check reads it too: it stays fast)
    thorough = game._checked_table(data, "<t>")
    assert thorough.mode == "sniper"
    assert game.resolve(fast) == game.resolve(thorough) == game.resolve(game.table({**data, "mode": "sniper"}))
    named = {**data, "players": [{**p, "role": "狙击手" if p["role"] == "sniper" else p["role"]} for p in SNIPER_TABLE]}
    assert game.table(named).mode == "sniper"  # (the thorough check: a role's name too)


def test_a_table_s_unknown_mode_is_still_refused(game: Crossfire) -> None:
    data = {"mode": "nosuch", "players": SNIPER_TABLE}
    assert game._fast_table(data) is None
    with use_lang("en"), pytest.raises(TableError) as caught:
        game.table(data, "t.json")
    assert caught.value.message.startswith("t.json: /mode: unknown mode 'nosuch'")


def test_resolve_reads_a_table_whose_mode_is_named(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"mode": "狙击手模式", "players": SNIPER_TABLE}, ensure_ascii=False), encoding="utf-8")
    result = cli("crossfire", "resolve", path, "--lang", "en")
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- 5. simulate counts tables


def test_simulate_counts_a_role_s_tables(cli: Any, game: Crossfire) -> None:
    result = cli("crossfire", "simulate", "-n", "7", "-k", "400", "--seed", "5", "--format", "json", "--lang", "en")
    assert result.exit_code == 0, result.output
    rows = {row["role"]: row for row in json.loads(result.stdout)["roles"]}
    assassin = rows["assassin"]
    assert assassin["dealt"] == 800 and assassin["tables"] == 400
    low, high = assassin["interval"]
    seats = wilson(assassin["won"], assassin["dealt"])
    assert high - low > 1.3 * (seats[1] - seats[0])  # (before: the interval of 800 independent seats)
    assert (low, high) == tuple(round(x, 4) for x in wilson(assassin["tables_won"], 400))
    assert abs(assassin["tables_won"] / 400 - assassin["rate"]) < 1e-9
    vip = rows["vip"]  # (dealt once a table: the same interval as before)
    assert vip["dealt"] == vip["tables"] == 400
    assert tuple(vip["interval"]) == tuple(round(x, 4) for x in wilson(vip["won"], 400))


def test_simulate_s_plot_counts_tables(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.cli import plots

    drawn: list[Any] = []
    monkeypatch.setattr(plots, "rate_chart", lambda bars, *_a, **_k: drawn.extend(bars) or b"png")
    monkeypatch.setattr(plots, "write_png", lambda *_a, **_k: None)
    result = cli("crossfire", "simulate", "-n", "7", "-k", "300", "--seed", "2", "--plot", tmp_path / "p.png",
                 "--format", "json", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)["roles"]}
    assert drawn and all(bar.trials == 300 for bar in drawn)  # (the chart's n: tables)
    for bar in drawn:
        row = rows[bar.label]
        assert abs(bar.rate - row["rate"]) < 1e-9
        assert tuple(round(x, 4) for x in wilson(bar.successes, bar.trials)) == tuple(row["interval"])
