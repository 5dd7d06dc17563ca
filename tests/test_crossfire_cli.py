"""`dossier crossfire deal|resolve|score|simulate` from the command line."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest


def write(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def players(*specs: str) -> list[dict[str, Any]]:
    rows = []
    for seat, spec in enumerate(specs, start=1):
        role, _, aim = spec.partition(">")
        rows.append({"seat": seat, "role": role, "aim": [int(a) for a in aim.split(",") if a]})
    return rows


ROUND_BLUE = {"mode": "crossfire", "players": players("vip>2", "agent>3", "assassin>1", "red_decoy>3", "bystander>1")}
ROUND_RED = {"mode": "crossfire", "players": players("vip>2", "agent>4", "assassin>1", "red_decoy>1", "bystander>1")}


def test_resolve_json_is_team_shot_winners_and_each_player(cli: Any, tmp_path: Path) -> None:
    result = cli("crossfire", "resolve", write(tmp_path, "t.json", ROUND_RED), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {k: data[k] for k in ("team", "shot", "winners")} == {"team": "red", "shot": [1, 4], "winners": [3, 4, 5]}
    assert data["players"][0] == {
        "seat": 1, "name": None, "role": "vip", "hit_by": [3], "hit_at": 4, "protected": [], "wins": False
    }  # fmt: skip
    assert [p["wins"] for p in data["players"]] == [False, False, True, True, True]


@pytest.mark.lang_default
def test_resolve_text(cli: Any, tmp_path: Path) -> None:
    path = write(tmp_path, "t.json", ROUND_BLUE)
    result = cli("crossfire", "resolve", path, "--lang", "en")
    assert result.exit_code == 0
    assert result.stdout.startswith("team: Blue team\nshot: 3\nwinners: 1, 2, 5\n")
    assert "  seat 3 Assassin  hit by 2 loses\n" in result.stdout  # columns fitted to their widest cell
    chinese = cli("crossfire", "resolve", path)  # the default language
    assert chinese.stdout.startswith("获胜阵营：蓝队\n被击中：3\n获胜者：1、2、5\n")
    assert "  3 号座位 刺客   被 2 击中 负\n" in chinese.stdout  # the seat as the role cards name it


@pytest.mark.parametrize(
    ("content", "exit_code", "message"),
    [
        ('{"mode": "crossfire", "players": [', 1, "t.json:1:35: invalid JSON"),
        (
            json.dumps(
                {"mode": "crossfire", "players": players("vip>1", "agent>3", "assassin>1", "red_decoy", "bystander")}
            ),
            1,
            "aims at itself",
        ),
        (
            json.dumps(
                {
                    "mode": "crossfire",
                    "players": players("vip>2", "enforcer>3,3", "assassin>1", "assassin>1", "bystander"),
                }
            ),
            1,
            "aims twice",
        ),
    ],
)
def test_resolve_refuses_bad_input_in_one_line(
    cli: Any, tmp_path: Path, content: str, exit_code: int, message: str
) -> None:
    path = tmp_path / "t.json"
    path.write_text(content, encoding="utf-8")
    result = cli("crossfire", "resolve", path)
    assert result.exit_code == exit_code
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_resolve_missing_file(cli: Any, tmp_path: Path) -> None:
    result = cli("crossfire", "resolve", tmp_path / "none.json")
    assert result.exit_code == 2


def test_score_adds_rounds_and_ties_share(cli: Any, tmp_path: Path) -> None:
    files = [
        write(tmp_path, "r1.json", ROUND_BLUE),
        write(tmp_path, "r2.json", ROUND_RED),
        write(tmp_path, "r3.json", ROUND_BLUE),
    ]
    result = cli("crossfire", "score", *files, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    scores = {row["player"]: row["score"] for row in data["scores"]}
    # blue rounds: 1, 2, 5 win; red round: 3, 4, 5 win
    assert scores == {"seat 1": 2, "seat 2": 2, "seat 3": 1, "seat 4": 1, "seat 5": 3}
    assert data["winners"] == ["seat 5"]
    tie = cli("crossfire", "score", files[0], "--format", "json")
    assert json.loads(tie.stdout)["winners"] == ["seat 1", "seat 2", "seat 5"]


def test_score_by_name_follows_players_across_seats(cli: Any, tmp_path: Path) -> None:
    first = json.loads(json.dumps(ROUND_BLUE))
    second = json.loads(json.dumps(ROUND_BLUE))
    for row, name in zip(first["players"], "ABCDE", strict=True):
        row["name"] = name
    for row, name in zip(second["players"], "EDCBA", strict=True):
        row["name"] = name
    result = cli(
        "crossfire", "score", write(tmp_path, "a.json", first), write(tmp_path, "b.json", second), "-f", "json"
    )
    scores = {row["player"]: row["score"] for row in json.loads(result.stdout)["scores"]}
    assert scores == {"A": 2, "B": 1, "C": 0, "D": 1, "E": 2}


def test_simulate_is_deterministic_and_covers_every_dealt_role(cli: Any) -> None:
    args = ("crossfire", "simulate", "--players", "9", "--games", "300", "--seed", "4", "--special", "peacekeeper")
    first = cli(*args, "--format", "json")
    assert first.exit_code == 0, first.output
    assert first.stdout == cli(*args, "--format", "json").stdout
    rows = json.loads(first.stdout)["roles"]
    assert {r["role"] for r in rows} == {"vip", "agent", "assassin", "decoy", "bystander", "peacekeeper"}
    assert sum(r["dealt"] for r in rows) == 9 * 300
    assert all(0 <= r["rate"] <= 1 for r in rows)
    text = cli(*args)
    assert "win rate" in text.stdout and "Peacekeeper" in text.stdout


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="matplotlib is optional (--plot)")
@pytest.mark.slow
def test_simulate_plot(cli: Any, tmp_path: Path) -> None:
    png = tmp_path / "rates.png"
    result = cli("crossfire", "simulate", "--players", "6", "--games", "50", "--mode", "sniper", "--plot", png)
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.lang_default
def test_deal_text(cli: Any) -> None:
    result = cli("crossfire", "deal", "--players", "6", "--seed", "2", "--lang", "en")
    assert result.exit_code == 0
    assert "seat 1 shuffles the cards of seats 6, 1, 2" in result.stdout
    assert "seat 4 shuffles the cards of seats 3, 4, 5" in result.stdout
    assert result.stdout == cli("crossfire", "deal", "--players", "6", "--seed", "2", "--lang", "en").stdout
    chinese = cli("crossfire", "deal", "--players", "6", "--seed", "2").stdout
    assert "1 号座位洗混 6、1、2 号座位的牌" in chinese


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5", "--special", "peacekeeper"], "--special: Peacekeeper joins Crossfire mode with 7-10"),
        (["--players", "3"], "--players: Crossfire mode is for 5-10 players"),
        (["--players", "7", "--mode", "sniper", "--sniper", "1", "--dealer", "1"],
         "--sniper: the Sniper sits at seat 1, which is not"),  # (without --dealer: seat 2 deals, sweep 71)
    ],
)
def test_deal_errors(cli: Any, args: list[str], message: str) -> None:
    result = cli("crossfire", "deal", *args, "--lang", "en")
    assert result.exit_code == 2  # a usage error: the option names what was asked wrong
    assert message in result.output


# ---------------------------------------------------------------- the deal's JSON is the table; names


def filled(deal: dict[str, Any], aims: dict[str, list[int]]) -> dict[str, Any]:
    """The deal's table with each role's aim filled in (``aims``: role -> seats, in seat order)."""
    table = json.loads(json.dumps(deal))
    for player in table["players"]:
        wanted = aims.get(player["role"])
        if wanted:
            player["aim"] = [wanted.pop(0)]
    return table


def test_resolve_reads_the_deal_filled_in(cli: Any, tmp_path: Path) -> None:
    names = "Ana,Bo,Cy,Di,Ed,Fay,Gus"
    out = tmp_path / "deal.json"
    args = ("crossfire", "deal", "-n", "7", "--special", "bomber", "--seed", "7", "--names", names)
    result = cli(*args, "--out", out)
    assert result.exit_code == 0, result.output
    deal = json.loads(out.read_text(encoding="utf-8"))
    assert deal == json.loads(cli(*args, "--format", "json").stdout)
    assert [p["name"] for p in deal["players"]] == names.split(",")
    assert all(p["aim"] == [] for p in deal["players"])
    # left empty: the problem is named, with what to do
    blank = cli("crossfire", "resolve", out)
    assert blank.exit_code == 1
    assert "points at 0 players and must point at 1; fill in the seats this player pointed at" in blank.stderr
    seat = {p["role"]: p["seat"] for p in deal["players"]}  # one of each role (the last of two)
    vip, bomber = seat["vip"], seat["bomber"]
    assassins = [p["seat"] for p in deal["players"] if p["role"] == "assassin"]
    table = filled(deal, {"agent": [bomber, assassins[0]], "assassin": [vip, vip]})
    path = write(tmp_path, "round.json", table)
    result = cli("crossfire", "resolve", path, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["team"] == "red"  # the assassin the agents missed hits the VIP
    assert sorted(data["winners"]) == assassins
    by_seat = {p["seat"]: p for p in data["players"]}
    assert by_seat[bomber]["hit_by"] and not by_seat[bomber]["wins"]
    assert [p["name"] for p in data["players"]] == names.split(",")
    text = cli("crossfire", "resolve", path, "--lang", "en").stdout
    name = names.split(",")[assassins[1] - 1]
    assert f"winners: {assassins[0]} ({names.split(',')[assassins[0] - 1]}), {assassins[1]} ({name})" in text
    assert f"hit by {assassins[1]} ({name})" in text
    again = path.with_name("again.json")  # a second round that went the same way (the same file twice is refused)
    again.write_bytes(path.read_bytes())
    score = cli("crossfire", "score", path, again, "--format", "json")
    rows = {row["player"]: row["score"] for row in json.loads(score.stdout)["scores"]}
    assert rows[name] == 2 and set(rows) == set(names.split(","))


def test_sniper_deal_table_has_marks(cli: Any) -> None:
    deal = json.loads(cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--seed", "3", "-f", "json").stdout)
    assert deal["marks"] == []
    assert "name" not in deal["players"][0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t["players"][1].update(name="A"), "/players/1/name: 'A' names two players"),
        (lambda t: t["players"][1].update(name=" "), "/players/1/name: a player's name is a non-empty string"),
        (lambda t: t["players"][1].update(hand=1), "unknown field 'hand' (fields: seat, name, role, aim;"),
        (lambda t: t.update(round=2), "unknown field 'round' (fields: mode, players, marks, options;"),
    ],
)
def test_table_names_and_fields(cli: Any, tmp_path: Path, change: Any, message: str) -> None:
    table = json.loads(json.dumps(ROUND_BLUE))
    table["players"][0]["name"] = "A"
    change(table)
    result = cli("crossfire", "resolve", write(tmp_path, "t.json", table))
    assert result.exit_code == 1
    assert message in result.stderr


def test_wilson_interval_matches_known_values() -> None:
    from toolkit.cli.plots import wilson

    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 0) == (0.0, 1.0)


def test_simulate_names_follow_lang_and_rows_carry_intervals(cli: Any) -> None:
    args = ("crossfire", "simulate", "--players", "7", "--games", "60", "--seed", "3", "-f", "json")
    english = {r["role"]: r for r in json.loads(cli(*args, "--lang", "en").stdout)["roles"]}
    chinese = {r["role"]: r for r in json.loads(cli(*args, "--lang", "zh-Hans").stdout)["roles"]}
    assert english["bystander"]["name"] == "Bystander" and chinese["bystander"]["name"] == "旁观者"
    for row in english.values():
        low, high = row["interval"]
        assert 0 <= low <= row["rate"] <= high <= 1
    text = cli("crossfire", "simulate", "--players", "7", "--games", "60", "--seed", "3", "--lang", "en").stdout
    assert "95% interval" in text and "Bystander" in text


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="matplotlib is optional (--plot)")
def test_simulate_plot_draws_the_names_in_the_chosen_language(cli: Any, tmp_path: Path) -> None:
    pngs = {}
    for lang in ("en", "zh-Hans"):
        pngs[lang] = tmp_path / f"{lang}.png"
        args = ("crossfire", "simulate", "--players", "7", "--games", "30", "--lang", lang, "--plot", pngs[lang])
        assert cli(*args).exit_code == 0
    assert pngs["en"].read_bytes() != pngs["zh-Hans"].read_bytes()
