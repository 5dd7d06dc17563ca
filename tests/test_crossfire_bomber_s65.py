"""Crossfire, sweep 65: a Bomber who is not hit wins alone and everyone else loses, whatever the teams did
(RULINGS C8). The moderator reads the outcome out of `resolve`: its header named the team the shooting decided
("team: Blue team") and the script's step said "the VIP is not hit: Blue team wins" although every Blue player
lost. Now the header names who won alone, the step that decides the team says that team only would have won and
who won alone instead, the last step says so too, and the JSON adds ``sole`` and ``team_wins`` (its other keys
unchanged). The roles whose own win joins the team result (Decoys, Bystander, Peacekeeper, Protester, Supporter)
leave the team's header and line as they were."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CARDS
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.crossfire import Crossfire, step_lines

ROUND2 = Path(__file__).resolve().parents[1] / "examples" / "crossfire" / "round2.json"


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def run(*args: Any) -> Any:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def players(*specs: str) -> list[dict[str, Any]]:
    """``"agent>1"``: a player of that role pointing at seat 1, seats from 1 in order."""
    table = []
    for seat, spec in enumerate(specs, start=1):
        role, _, aim = spec.partition(">")
        table.append({"seat": seat, "role": role, **({"aim": [int(a) for a in aim.split(",")]} if aim else {})})
    return table


def script(output: str) -> dict[int, list[str]]:
    """The moderator's script of `resolve`'s text: step number -> what it brought out, a line each."""
    steps: dict[int, list[str]] = {}
    lines = output.split("\n")
    start = next(k for k, line in enumerate(lines) if line.startswith(("the moderator's script", "主持人结算脚本")))
    for line in lines[start + 1 :]:
        head = line.strip().split(".", 1)[0].split("．", 1)[0]
        if head.isdigit() and line.startswith("  ") and not line.startswith("   "):
            steps[int(head)] = []
        elif line.strip():
            steps[max(steps)].append(line.strip())
    return steps


# ---------------------------------------------------------------- the example of the report


def test_the_bomber_not_hit_is_announced_as_the_only_winner_in_english() -> None:
    out = run("crossfire", "resolve", ROUND2, "--lang", "en").output
    header = out.splitlines()[0]
    assert header == "team: none; the Bomber at seat 5 (Ed) wins alone"
    assert "Blue team wins" not in out and "team: Blue team" not in out
    steps = script(out)
    assert steps[4] == ["the VIP is not hit: Blue team would win, but the Bomber at seat 5 (Ed) wins alone and every "
                        "other player loses"]  # fmt: skip
    assert steps[5] == ["the Bomber at seat 5 (Ed) wins alone and every other player loses"]
    assert "winners: 5 (Ed)" in out.splitlines()[2]  # the rest of the header as it was


def test_the_bomber_not_hit_is_announced_in_chinese() -> None:
    """Whatever the catalog says of the new messages, no line names Blue as the winner any more."""
    out = run("crossfire", "resolve", ROUND2, "--lang", "zh-Hans").output
    header = out.splitlines()[0]
    assert header != "获胜阵营：蓝队" and "Ed" in header and ("炸弹客" in header or "Bomber" in header)
    assert "VIP 未被击中：蓝队获胜" not in out
    steps = script(out)
    assert "Ed" in steps[4][0] and "Ed" in steps[5][0]


def test_the_json_adds_who_won_alone_and_keeps_its_keys() -> None:
    data = json.loads(run("crossfire", "resolve", ROUND2, "--lang", "en", "-f", "json").output)
    assert data["team"] == "blue" and data["winners"] == [5] and data["shot"] == [1, 6]  # as before
    assert data["sole"] == [5] and data["team_wins"] is False
    vip, personal = data["script"][3], data["script"][4]
    assert vip["key"] == "vip" and vip["team"] == "blue" and vip["sole"] == [5]
    assert personal["key"] == "personal" and personal["seats"] == [5] and personal["sole"] == [5]
    assert vip["line"] == "VIP, reveal your role card. Were you hit?"
    assert not any("sole" in step for step in data["script"][:3])


def test_the_bomber_hit_leaves_the_team_result(tmp_path: Path) -> None:
    """Di hits the Bomber instead of Fay; Fay hits the VIP: red wins, as always."""
    data = json.loads(ROUND2.read_text(encoding="utf-8"))
    data["players"][3]["aim"] = [5]
    path = write(tmp_path / "t.json", data)
    out = run("crossfire", "resolve", path, "--lang", "en").output
    assert out.splitlines()[0] == "team: Red team"
    steps = script(out)
    assert steps[4][-1] == "the VIP is hit: Red team wins" and "alone" not in out and "would" not in out
    got = json.loads(run("crossfire", "resolve", path, "-f", "json").output)
    assert got["team"] == "red" and got["sole"] == [] and got["team_wins"] is True
    assert not any("sole" in step for step in got["script"])


# ---------------------------------------------------------------- every mode and every deciding step


@pytest.mark.parametrize(
    ("mode", "specs", "marks", "step", "said"),
    [
        ("crossfire", ("vip", "agent>5", "assassin>1", "bomber", "red_decoy"), None, 4,
         "the VIP is hit: Red team would win"),
        ("sniper", ("sniper", "vip", "agent", "assassin>2", "assassin>2", "bomber"), [4, 5], 1,
         "every Assassin is hit: Blue team would win"),
        ("sniper", ("sniper", "vip", "agent", "assassin>2", "assassin>2", "bomber"), [2], 1,
         "the Sniper hit a Bystander or the VIP: Red team would win"),
        ("sniper", ("sniper", "vip", "agent", "assassin>2", "assassin>2", "bomber"), [4], 3,
         "the Assassins hit the VIP and no Bystander: Red team would win"),
        ("sniper", ("sniper", "vip", "agent", "assassin>3", "assassin>3", "bomber"), [4], 3,
         "the Assassins did not hit the VIP, or hit a Bystander: Blue team would win"),
    ],
)  # fmt: skip
def test_each_deciding_step_says_the_team_only_would_have_won(
    tmp_path: Path, mode: str, specs: tuple[str, ...], marks: list[int] | None, step: int, said: str
) -> None:
    table: dict[str, Any] = {"mode": mode, "players": players(*specs)}
    if marks is not None:
        table["marks"] = marks
    path = write(tmp_path / "t.json", table)
    out = run("crossfire", "resolve", path, "--lang", "en").output
    bomber = f"seat {specs.index('bomber') + 1}"
    assert out.splitlines()[0] == f"team: none; the Bomber at {bomber} wins alone"
    steps = script(out)
    assert steps[step][-1] == f"{said}, but the Bomber at {bomber} wins alone and every other player loses"
    assert steps[max(steps)] == [f"the Bomber at {bomber} wins alone and every other player loses"]
    assert "team wins" not in out


def test_two_bombers_are_no_table(tmp_path: Path) -> None:
    """A Peacekeeper's second Bystander let a second Bomber join, and both won "alone" together; since sweep 69 a
    special role joins a table at most once (the Bomber "单独获胜"), so such a table is refused, in one line."""
    specs = ("assassin>2", "agent>1", "vip", "peacekeeper>3", "bomber", "decoy", "bomber", "red_decoy")
    path = write(tmp_path / "t.json", {"mode": "crossfire", "players": players(*specs)})
    result = CliRunner().invoke(app, ["crossfire", "resolve", str(path), "--lang", "en"])
    assert result.exit_code == 1 and result.stderr.strip().endswith("Bomber joins a table at most once"), result.output


# ---------------------------------------------------------------- the roles whose win joins the team's


@pytest.mark.parametrize(
    ("specs", "header", "said", "winners"),
    [
        # the Red Decoy shot wins beside the team, a Bystander not hit too
        (("vip", "agent>4", "assassin>1", "red_decoy", "bystander"), "team: Red team", "the VIP is hit: Red team wins",
         [3, 4, 5]),
        # a Bystander not hit wins whatever the team; an Agent who hit the Bystander loses though blue wins
        (("vip", "agent>7", "assassin>4", "agent>3", "assassin>4", "decoy", "bystander"), "team: Blue team",
         "the VIP is not hit: Blue team wins", [1, 4]),
        # the Peacekeeper wins when no Bystander is hit, the Protester when red wins and it is not hit
        (("vip", "agent>5", "assassin>1", "peacekeeper>2", "decoy", "bystander", "protester"),
         "team: Red team", "the VIP is hit: Red team wins", [3, 4, 5, 6, 7]),
        # the Supporter wins with blue when not hit; hit, it loses, and so does the Peacekeeper
        (("vip", "agent>5", "assassin>7", "peacekeeper>1", "decoy", "bystander", "supporter"),
         "team: Blue team", "the VIP is not hit: Blue team wins", [1, 2, 5, 6]),
    ],
)  # fmt: skip
def test_a_win_that_joins_the_team_s_leaves_the_team_named(
    tmp_path: Path, specs: tuple[str, ...], header: str, said: str, winners: list[int]
) -> None:
    path = write(tmp_path / "t.json", {"mode": "crossfire", "players": players(*specs)})
    out = run("crossfire", "resolve", path, "--lang", "en").output
    assert out.splitlines()[0] == header
    steps = script(out)
    assert steps[4][-1] == said
    assert steps[5] == ["winners: " + ", ".join(f"seat {s}" for s in winners)]
    data = json.loads(run("crossfire", "resolve", path, "-f", "json").output)
    assert data["winners"] == winners and data["sole"] == [] and data["team_wins"] is True


def test_step_lines_word_the_sole_win_for_any_front_end(game: Crossfire) -> None:
    """The web page shows the same script lines (step_lines with its own way of naming a seat)."""
    table = game.table(json.loads(ROUND2.read_text(encoding="utf-8")))
    steps = game.script(table, game.resolve(table))
    said = step_lines(steps[3], lambda seat: f"Player{seat}", "en")
    assert said == ["the VIP is not hit: Blue team would win, but the Bomber at Player5 wins alone and every other "
                    "player loses"]  # fmt: skip


# ---------------------------------------------------------------- the web host page


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    from tests.web.conftest import writing_client
    from toolkit.web.settings import WebSettings

    yield from writing_client(WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                                          data=tmp_path / "data"))  # fmt: skip


def test_the_host_page_s_script_says_the_bomber_wins_alone(client: Any) -> None:
    answer = client.post("/crossfire?lang=en", data={"mode": "crossfire", "players": "7", "special": "bomber"},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303, answer.text[:500]
    host = "/" + str(answer.headers["location"]).split("/", 3)[3]
    from toolkit.web.routes.crossfire import rooms

    room = rooms(client.app.state.web).host(host.rsplit("/", 1)[1])
    assert room is not None and room.current is not None
    roles = room.current.to_deal().roles
    vip = next(s for s, r in roles.items() if r == "vip")
    bomber = next(s for s, r in roles.items() if r == "bomber")
    other = next(s for s in roles if s not in (vip, bomber))
    aims = {f"aim_{s}": str(vip if s != vip else other) for s in roles}  # the VIP hit, the Bomber not
    assert client.post(host + "/resolve", data=aims, follow_redirects=False).status_code == 303
    page = client.get(host + "?lang=en").text
    assert f"Red team would win, but the Bomber at Seat {bomber} wins alone and every other player loses" in page
    assert "the VIP is hit: Red team wins" not in page


def test_the_host_page_s_header_names_who_won_alone(client: Any) -> None:
    """The header of the outcome ("Red team wins") and the list of rounds say no team wins when the Bomber won
    alone (ruling C8), naming who did."""
    import toolkit.web.routes.crossfire as routes

    answer = client.post("/crossfire?lang=en", data={"mode": "crossfire", "players": "7", "special": "bomber",
                                                     "name_1": "Ana"}, follow_redirects=False)  # fmt: skip
    host = "/" + str(answer.headers["location"]).split("/", 3)[3]
    room = routes.rooms(client.app.state.web).host(host.rsplit("/", 1)[1])
    assert room is not None and room.current is not None
    roles = room.current.to_deal().roles
    vip = next(s for s, r in roles.items() if r == "vip")
    bomber = next(s for s, r in roles.items() if r == "bomber")
    other = next(s for s in roles if s not in (vip, bomber))
    aims = {f"aim_{s}": str(vip if s != vip else other) for s in roles}
    assert client.post(host + "/resolve", data=aims, follow_redirects=False).status_code == 303
    page = client.get(host + "?lang=en").text
    who = "Ana (seat 1)" if bomber == 1 else f"Seat {bomber}"
    assert f'<p id="cf-team" class="cf-team-none">No team wins: the Bomber at {who} wins alone</p>' in page
    assert "Red team wins" not in page
    assert "Round 1: no team wins; winners " in page
