"""The balance lab, round 56b: a list option naming an item twice is refused before any game; an interrupted
crossfire run says so everywhere it shows (summary, report.html, `balance runs`, the web pages) with the player
counts it did not reach; runs of two games are not compared."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.balance.figures import figures
from toolkit.balance.store import save_run

BASE = "http://127.0.0.1:8000"
TACTICS = {"game": "tactics", "decider": "heuristic", "seed": 3, "modes": ["duel"], "decks": "random", "rounds": 40,
           "margin": 0.02, "card_set": "a" * 64}  # fmt: skip


def _games(strength: float, n: int = 200) -> list[dict[str, Any]]:
    """Duel games of mistblade against anvil, seats swapped in turn; mistblade wins with ``strength``."""
    rng = random.Random(5)
    out = []
    for i in range(n):
        first, second = (["mistblade"], ["anvil"]) if i % 2 == 0 else (["anvil"], ["mistblade"])
        seat = 1 if i % 2 == 0 else 2
        winner = seat if rng.random() < strength else 3 - seat
        sides = [{"seat": 1, "agents": first, "cards": [], "played": []},
                 {"seat": 2, "agents": second, "cards": [], "played": []}]  # fmt: skip
        out.append({"index": i, "mode": "duel", "map": "hideout", "winners": [winner], "reason": "last_squad_standing",
                    "rounds": 5, "sides": sides})  # fmt: skip
    return out


def _crossfire_run(records: Any, players: list[int], tables: int, interrupted: bool = False
                   ) -> tuple[dict[str, Any], dict[str, Any]]:  # fmt: skip
    """The meta and figures of a small crossfire run of ``players`` played in this process."""
    from toolkit.balance.crossfire import crossfire_figures, plan_tables, play_jobs

    meta = {"game": "crossfire", "card_set": "c" * 64, "decider": "random", "seed": 5, "mode": "crossfire",
            "players": players, "tables": tables, "specials": [], "margin": 0.02,
            "interrupted": interrupted}  # fmt: skip
    jobs = plan_tables(tables, players[:1] if interrupted else players, "crossfire", 5)
    return meta, crossfire_figures(play_jobs(records, jobs), 0.02)


def _records() -> list[Any]:
    from toolkit.catalog import load_catalog

    return list(load_catalog([CARDS / "crossfire"]).records)


# ---------------------------------------------------------------- a list option names each item once


@pytest.mark.parametrize("players", ["6,6", "6,7,6", "7, 7"])
def test_a_player_count_given_twice_is_refused(cli: Any, tmp_path: Path, players: str) -> None:
    pytest.importorskip("ray")
    out = tmp_path / "report"
    result = cli("balance", "crossfire", "--players", players, "--tables", "10", "--no-save", "-o", out, "-w", "1")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "--players" in lines[0] and "given twice" in lines[0]
    assert not out.exists()  # refused before any table


def test_a_mode_given_twice_is_refused(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--modes", "duel,duel", "--games", "2", "--no-save", "-o", out, "-w", "1")
    assert result.exit_code == 2, result.output
    assert "--modes 'duel,duel': duel is given twice" in result.output and not out.exists()


def test_a_deck_given_twice_is_refused_by_name(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    decks = ROOT / "examples" / "decks" / "netrunner"
    one = decks / "corp-hb-tireless-hands.json"
    for extra in (one, decks):  # the same file again, or the directory holding it
        result = cli("balance", "netrunner", "--decks", one, "--decks", extra, "--games", "2", "--no-save", "-o",
                     tmp_path / "report", "-w", "1")  # fmt: skip
        assert result.exit_code == 2, result.output
        assert "is given twice" in result.output and "corp-hb-tireless-hands.json" in result.output


# ---------------------------------------------------------------- an interrupted crossfire run says so everywhere


@pytest.fixture
def interrupted_run(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """`balance crossfire --players 6,7,8 --tables 30` stopped by Ctrl-C after the 6-player tables: Ray's runner
    replaced by one that plays the first job here and reports the interruption, as run_games does."""
    pytest.importorskip("ray")
    from toolkit.balance import runner
    from toolkit.balance.crossfire import play_jobs

    def stopped(records: Any, jobs: Any, **_: Any) -> runner.Outcome:
        return runner.Outcome(play_jobs(records, list(jobs)[:1]), True, 1, 1, False)

    monkeypatch.setattr(runner, "run_games", stopped)
    out, db = tmp_path / "bi5", tmp_path / "bal.db"
    result = cli("balance", "crossfire", "--players", "6,7,8", "--tables", "30", "--seed", "5", "-w", "1", "-o", out,
                 "--db", db)  # fmt: skip
    return {"result": result, "out": out, "db": db}


def test_the_summary_says_interrupted_and_the_counts_not_reached(interrupted_run: dict[str, Any]) -> None:
    result = interrupted_run["result"]
    assert result.exit_code == 130, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "interrupted: 30 of 90 tables finished"
    assert lines[1] == "player counts not reached: 7, 8"
    report = json.loads((interrupted_run["out"] / "report.json").read_text(encoding="utf-8"))
    assert report["meta"]["interrupted"] is True and report["figures"]["games"] == 30


def test_report_html_says_interrupted(interrupted_run: dict[str, Any]) -> None:
    page = html.unescape((interrupted_run["out"] / "report.html").read_text(encoding="utf-8"))
    assert "Interrupted: the figures count the 30 of 90 tables that finished. Player counts not reached: 7, 8." in page


def test_balance_runs_marks_the_interrupted_run(interrupted_run: dict[str, Any], cli: Any) -> None:
    db = interrupted_run["db"]
    save_run(str(db), TACTICS, figures(_games(0.5)))  # a finished run: no mark
    save_run(str(db), {**TACTICS, "interrupted": True}, figures(_games(0.5, 40)))  # tactics stopped: marked too
    result = cli("balance", "runs", "--db", db)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("1 ") and "crossfire" in lines[0] and lines[0].endswith("  interrupted")
    assert not lines[1].endswith("interrupted") and lines[2].endswith("  interrupted")


def test_the_web_pages_mark_the_interrupted_run(interrupted_run: dict[str, Any], tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    db = interrupted_run["db"]
    save_run(str(db), TACTICS, figures(_games(0.5)))
    app = create_app(WebSettings(cards=[CARDS], db_url=str(db), cache=tmp_path / "cache", data=tmp_path / "data"))
    with TestClient(app, base_url=BASE) as client:
        listing = client.get("/balance?lang=en")
        assert listing.status_code == 200
        first = listing.text.split('href="/balance/1"', 1)[1].split("</tr>", 1)[0]
        second = listing.text.split('href="/balance/2"', 1)[1].split("</tr>", 1)[0]
        assert 'class="bl-interrupted"' in first and "interrupted" in first
        assert "interrupted" not in second
        page = client.get("/balance/1?lang=en")
        assert page.status_code == 200
        text = html.unescape(page.text)
        assert "Interrupted: the figures count the 30 of 90 tables that finished." in text
        assert "Player counts not reached: 7, 8." in text


def test_a_finished_crossfire_report_has_no_mark() -> None:
    from toolkit.balance.report import crossfire_body

    meta, data = _crossfire_run(_records(), [6, 7], 20)
    body = crossfire_body(meta, data, lambda kind, rid: rid, "en")
    assert "Interrupted" not in body and "not reached" not in body


# ---------------------------------------------------------------- runs of two games are not compared


@pytest.fixture
def two_games(tmp_path: Path) -> Path:
    """Run 1 crossfire, run 2 tactics, run 3 tactics, run 4 crossfire."""
    db = tmp_path / "runs.db"
    records = _records()
    save_run(str(db), *_crossfire_run(records, [6], 40))
    save_run(str(db), TACTICS, figures(_games(0.5)))
    save_run(str(db), {**TACTICS, "card_set": "b" * 64}, figures(_games(0.9)))
    save_run(str(db), *_crossfire_run(records, [6], 60))
    return db


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_compare_refuses_runs_of_two_games(cli: Any, two_games: Path, extra: list[str]) -> None:
    result = cli("balance", "compare", "1", "2", "--db", two_games, *extra)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "#1" in lines[0] and "#2" in lines[0]
    assert "Crossfire" in lines[0] and "Tactics" in lines[0] and "rates tested" not in result.output


def test_compare_of_one_game_still_compares(cli: Any, two_games: Path) -> None:
    assert cli("balance", "compare", "2", "3", "--db", two_games).exit_code == 0
    assert cli("balance", "compare", "1", "4", "--db", two_games).exit_code == 0


def test_the_web_comparison_of_two_games_is_400(two_games: Path, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    app = create_app(WebSettings(cards=[CARDS], db_url=str(two_games), cache=tmp_path / "c", data=tmp_path / "d"))
    with TestClient(app, base_url=BASE) as client:
        answer = client.get("/balance/compare?a=1&b=3&lang=en")
        assert answer.status_code == 400
        text = html.unescape(answer.text)
        assert "#1 is a run of Crossfire and #3 a run of Tactics" in text and "nothing moved" not in text
        assert client.get("/balance/compare?a=2&b=3&lang=en").status_code == 200
        # the list's form offers the newest run against the one before it of the same game: 1 and 4 (crossfire)
        form = client.get("/balance?lang=en").text.split('id="bl-compare"', 1)[1].split("</form>", 1)[0]
        assert re.search(r'id="bl-a" name="a">.*?<option value="1" selected>', form, re.S)
        assert re.search(r'id="bl-b" name="b">\s*<option value="4" selected>', form)
        # a run's page offers the run before it of the same game: run 3 (tactics) with run 2, not run 1
        page = client.get("/balance/3?lang=en").text.split('id="bl-compare"', 1)[1].split("</form>", 1)[0]
        assert '<option value="2" selected>' in page


def test_balance_crossfire_reads_every_cards_folder(tmp_path: Path) -> None:
    """`balance crossfire --cards A --cards B` plays among the roles of both folders (it read only the first)."""
    import shutil

    from toolkit.cli.crossfire import _records

    from .conftest import CARDS

    mine = tmp_path / "mine" / "roles"
    mine.mkdir(parents=True)
    role = json.loads((CARDS / "crossfire" / "roles" / "vip.json").read_text(encoding="utf-8"))
    role.update(id="second_vip", name={"zh-Hans": "第二要员", "en": "Second VIP"})
    (mine / "second_vip.json").write_text(json.dumps(role, ensure_ascii=False), encoding="utf-8")
    shutil.copytree(CARDS / "crossfire", tmp_path / "crossfire")
    ids = {r.id for r in _records([tmp_path / "crossfire", tmp_path / "mine"])}
    assert {"vip", "second_vip"} <= ids
