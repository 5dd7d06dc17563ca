"""Regressions of a user test of `balance`, `print`, `play`, `crossfire` and every `--seed`: a failed command writes
nothing and says why in one line, read-only commands create no database, options that do not apply are refused."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.cli import app

EX = ROOT / "examples"
NR = EX / "decks" / "netrunner"
DUEL = EX / "decks" / "tactics" / "duel.json"


def _one_line(result: Any, code: int, *said: str) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    for words in said:
        assert words in lines[0], lines[0]
    return lines[0]


def _tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# 1, 8: the database of the balance lab


@pytest.mark.parametrize("game", ["tactics", "netrunner", "crossfire"])
def test_a_run_refuses_a_database_that_is_none_before_any_game(cli: Any, tmp_path: Path, game: str) -> None:
    pytest.importorskip("ray")
    notes = tmp_path / "notes.txt"
    notes.write_text("notes\n", encoding="utf-8")
    given = {"tactics": ["-n", "6", "--rounds", "10"], "crossfire": ["--tables", "10"],
             "netrunner": ["--decks", NR, "--games", "2"]}[game]  # fmt: skip
    result = cli("balance", game, *given, "-w", "1", "-o", tmp_path / "out", "--db", notes)
    _one_line(result, 2, "notes.txt", "not a database")
    assert not (tmp_path / "out").exists() and notes.read_text(encoding="utf-8") == "notes\n"
    missing = cli("balance", game, *given, "-o", tmp_path / "out", "--db", tmp_path / "none" / "runs.db")
    _one_line(missing, 2, "--db", "no such directory")
    assert _tree(tmp_path) == ["notes.txt"]


def test_the_database_check_takes_a_database_or_a_new_file(tmp_path: Path) -> None:
    from toolkit.balance.store import check_database, list_runs, save_run

    check_database(str(tmp_path / "new.db"))  # made when the run is kept, not now
    assert not (tmp_path / "new.db").exists()
    db = tmp_path / "runs.db"
    save_run(str(db), {"game": "tactics", "card_set": "x", "decider": "heuristic", "seed": 1}, {"games": 3})
    check_database(str(db))
    assert [run["games"] for run in list_runs(str(db))] == [3]


@pytest.mark.parametrize("args", [["balance", "runs"], ["balance", "compare", "1", "2"]])
def test_reading_runs_makes_no_database(cli: Any, tmp_path: Path, args: list[str]) -> None:
    result = cli(*args, "--db", tmp_path / "fresh.db")
    _one_line(result, 2, "no database at", "fresh.db")
    assert not (tmp_path / "fresh.db").exists()


def test_reading_runs_never_writes_a_database(cli: Any, tmp_path: Path) -> None:
    """A database with no run in it (a card database) lists none and is left as it was; the web's list of runs of a
    server whose database is not there yet makes none either."""
    from toolkit.balance.store import list_runs, stored_run

    db = tmp_path / "cards.db"
    sqlite3.connect(db).close()
    before = db.read_bytes()
    listed = cli("balance", "runs", "--db", db)
    assert listed.exit_code == 0 and listed.output == f"no balance run is kept in {db}\n"  # (said, not silent)
    missing = cli("balance", "compare", "1", "2", "--db", db)
    _one_line(missing, 2, "no balance run 1")
    assert db.read_bytes() == before
    assert list_runs(str(tmp_path / "none.db")) == [] and stored_run(str(tmp_path / "none.db"), 1) is None
    assert not (tmp_path / "none.db").exists()


# 3, 5: balance options


@pytest.mark.parametrize("players", ["", ",", " , ", "abc"])
def test_crossfire_runs_need_player_counts(cli: Any, tmp_path: Path, players: str) -> None:
    pytest.importorskip("ray")
    result = cli("balance", "crossfire", "--players", players, "-n", "10", "-o", tmp_path / "e", "--no-save")
    _one_line(result, 2, "--players", "give player counts such as 6,7,8")
    assert not (tmp_path / "e").exists()


def test_a_netrunner_run_without_a_runner_deck_says_so_plainly(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    result = cli("balance", "netrunner", "-n", "2", "--decks", NR / "corp-hb-tireless-hands.json", "-o",
                 tmp_path / "out", "--no-save")  # fmt: skip
    line = _one_line(result, 2, "--decks: no runner deck among them")
    assert "the runner deck" not in line


# 2: print checks every output before it writes one


def test_print_writes_nothing_when_a_png_is_in_the_way(cli: Any, tmp_path: Path) -> None:
    pngs = tmp_path / "p"
    pngs.mkdir()
    (pngs / "tactics-med_kit.png").write_text("x\n", encoding="utf-8")
    result = cli("print", "tactics/med_kit", "--out", tmp_path / "y.pdf", "--png", pngs)
    _one_line(result, 2, "tactics-med_kit.png", "is not a PNG image")
    assert _tree(tmp_path) == ["p", "p/tactics-med_kit.png"] and "y.pdf" not in result.output


@pytest.mark.parametrize("sheet", ["t.png", "t-back.png"])
def test_print_writes_nothing_when_a_tts_sheet_is_in_the_way(cli: Any, tmp_path: Path, sheet: str) -> None:
    (tmp_path / sheet).write_text("x\n", encoding="utf-8")
    result = cli("print", "tactics/med_kit", "--out", tmp_path / "y.pdf", "--png", tmp_path / "p", "--tts",
                 tmp_path / "t.png")  # fmt: skip
    _one_line(result, 2, sheet, "is not a PNG image")
    assert _tree(tmp_path) == [sheet]


def test_print_writes_nothing_when_the_pdf_is_in_the_way(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "y.pdf").write_text("mine\n", encoding="utf-8")
    result = cli("print", "tactics/med_kit", "--out", tmp_path / "y.pdf", "--png", tmp_path / "p")
    _one_line(result, 2, "y.pdf", "is not a PDF file")
    assert _tree(tmp_path) == ["y.pdf"]
    (tmp_path / "f").write_text("mine\n", encoding="utf-8")
    blocked = cli("print", "tactics/med_kit", "--png", tmp_path / "f" / "x")
    _one_line(blocked, 2, "--png", "is not a directory")


# 4, 9: play


def _play(*args: Any, answers: str = "") -> Any:
    return CliRunner().invoke(app, ["play", *map(str, args), "--plain", "--lang", "en"], input=answers)


def test_play_names_the_game_first_and_its_own_refusal(tmp_path: Path) -> None:
    _one_line(_play("chess"), 2, "play plays netrunner or tactics, not chess")
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "tactics", "mode": "duel", "agents": ["nope"], "cards": {}}\n', encoding="utf-8")
    refused = _play("tactics", "--decks", bad)
    assert refused.exit_code == 1
    assert refused.stderr.strip().splitlines()[-1].endswith("refusing to play: the decks above are not legal")
    assert "simulate" not in refused.stderr


@pytest.mark.parametrize(
    ("args", "option"),
    [(["--seat", "2"], "--seat"), (["--seed", "9"], "--seed"), (["--vs", "random"], "--opponent"),
     (["--decks", DUEL], "--decks"), (["--turns", "5"], "--turns"), (["--opponent", "search", "--think", "1"],
                                                                       "--opponent")],
)  # fmt: skip
def test_play_tactics_refuses_what_a_saved_game_keeps(tmp_path: Path, args: list[Any], option: str) -> None:
    saved = tmp_path / "g.json"
    assert _play("tactics", "--decks", DUEL, "--save", saved, answers="1\n" * 3).exit_code == 0
    before = saved.read_bytes()
    result = _play("tactics", "--load", saved, *args, answers="1\n" * 3)
    _one_line(result, 2, option, "does not go with --load")
    assert saved.read_bytes() == before and "decision" not in result.stdout


@pytest.mark.parametrize(
    ("game", "args", "said"),
    [("tactics", ["--side", "corp"], "--side is for `play netrunner`"),
     ("netrunner", ["--seat", "2"], "--seat is for `play tactics`")],
)  # fmt: skip
def test_play_refuses_the_other_game_s_options(game: str, args: list[str], said: str) -> None:
    decks = ["--decks", DUEL] if game == "tactics" else ["--decks", NR / "corp-hb-tireless-hands.json", "--decks",
                                                         NR / "runner-criminal-fingers.json"]  # fmt: skip
    _one_line(_play(game, *decks, *args, answers="1\n" * 3), 2, said)


def test_play_netrunner_goes_on_with_the_saved_decks_and_seed(tmp_path: Path) -> None:
    """--load keeps the saved game's decks and seed: --decks and --seed are refused, and --save after --load writes
    the decks again (it wrote none, and the game could not be loaded)."""
    decks = ["--decks", NR / "corp-hb-tireless-hands.json", "--decks", NR / "runner-criminal-fingers.json"]
    saved = tmp_path / "n.json"
    assert _play("netrunner", *decks, "--seed", "4", "--save", saved, answers="1\n" * 5).exit_code == 0
    _one_line(_play("netrunner", "--load", saved, *decks), 2, "--decks does not go with --load")
    _one_line(_play("netrunner", "--load", saved, "--seed", "3"), 2, "--seed does not go with --load")
    again = tmp_path / "n2.json"
    went_on = _play("netrunner", "--load", saved, "--save", again, answers="1\n" * 5)
    assert went_on.exit_code == 0, went_on.output
    first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (saved, again))
    assert second["decks"] == first["decks"] and second["seed"] == 4
    assert second["decisions"][: len(first["decisions"])] == first["decisions"]
    third = _play("netrunner", "--load", again, answers="1\n" * 5)
    assert third.exit_code == 0 and "Traceback" not in third.output, third.output


# 6: negative seeds


@pytest.mark.parametrize(
    "args",
    [["crossfire", "deal", "-n", "7"], ["crossfire", "simulate", "-n", "7", "-k", "10"],
     ["simulate", "tactics", "--decks", DUEL, "--decks", EX / "decks" / "tactics" / "duel-rival.json"],
     ["play", "tactics", "--decks", DUEL], ["balance", "tactics", "-n", "4"], ["balance", "crossfire", "-n", "4"],
     ["balance", "netrunner", "--decks", NR, "-n", "2"], ["deck", "draw", DUEL], ["draft"],
     ["deck", "new", "--game", "netrunner", "--fill"], ["text", "run", "你抽 1 张牌。"], ["text", "coverage"]],
)  # fmt: skip
def test_a_negative_seed_is_refused(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[Any]) -> None:
    monkeypatch.chdir(tmp_path)  # where the commands' default outputs would go
    result = cli(*args, "--seed", "-1")
    _one_line(result, 2, "--seed -1", "a seed is a whole number from 0 up")
    assert list(tmp_path.iterdir()) == []


def test_seed_zero_and_up_still_deal(cli: Any) -> None:
    one, zero = cli("crossfire", "deal", "-n", "7", "--seed", "1"), cli("crossfire", "deal", "-n", "7", "--seed", "0")
    assert one.exit_code == 0 and zero.exit_code == 0 and one.output != zero.output


# 7, 9: crossfire


@pytest.mark.parametrize("seat", [9, 8])
def test_resolve_takes_seats_of_the_table_only(cli: Any, tmp_path: Path, seat: int) -> None:
    data = json.loads((EX / "crossfire" / "round1.json").read_text(encoding="utf-8"))
    bo = next(i for i, p in enumerate(data["players"]) if p.get("name") == "Bo")
    data["players"][bo]["seat"] = seat
    table = tmp_path / "it.json"
    table.write_text(json.dumps(data), encoding="utf-8")
    for command in (["resolve", table], ["score", table]):
        result = cli("crossfire", *command)
        _one_line(result, 1, f"it.json: /players/{bo}/seat", f"seat {seat} is not at a 7-player table")


def test_the_fast_check_of_a_table_agrees() -> None:
    from toolkit.engine.crossfire import Crossfire, TableError

    game = Crossfire.from_records(__import__("toolkit.catalog", fromlist=["x"]).load_catalog(
        [ROOT / "cards" / "crossfire"]).records)  # fmt: skip
    data = json.loads((EX / "crossfire" / "round1.json").read_text(encoding="utf-8"))
    assert game._fast_table(data) is not None
    data["players"][1]["seat"] = 9
    data["players"] = [{**p, "aim": [a if a != 2 else 9 for a in p.get("aim", [])]} for p in data["players"]]
    assert game._fast_table(data) is None
    with pytest.raises(TableError, match="seat 9 is not at a 7-player table"):
        game.table(data, "t.json")


def test_deal_refuses_a_sniper_seat_outside_sniper_mode(cli: Any, tmp_path: Path) -> None:
    _one_line(cli("crossfire", "deal", "-n", "7", "--sniper", "2", "--out", tmp_path / "d.json"), 2,
              "--sniper is for --mode sniper")  # fmt: skip
    assert list(tmp_path.iterdir()) == []
    zero = cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--sniper", "0")
    assert zero.exit_code == 2 and "--sniper" in zero.stderr and "seat 0" in zero.stderr  # refused, not "no seat"
    placed = cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--sniper", "3", "--seed", "1")
    assert placed.exit_code == 0 and "seat 3 is the public Sniper" in placed.output
