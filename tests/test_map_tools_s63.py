"""`dossier map replay` names and words as `map render` and `simulate --replay` do; a missing argument is named as
its usage names it; `map measure` says a wall is a wall and gives no cover without a line of sight; a game state
with a unit in an intact wall is refused (T20)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from toolkit.board import Board
from toolkit.board.draw import StateError, validate_state
from toolkit.cli import app

from .test_cli_lazy import eager_app


def run(*args: Any, lang: str = "en") -> Any:
    return CliRunner().invoke(app, ["--lang", lang, *map(str, args)], env={"COLUMNS": "120"})


def one_line_error(result: Any) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


# --------------------------------------------------------------------------
# 1. map replay: names in the output language, the log in words, the map's name in the title


def frames(lang: str) -> list[dict[str, Any]]:
    """One frame of hideout as `simulate --format json` writes its board and log (in ``lang``), with players."""
    mistblade, anvil = ("Mistblade", "Anvil") if lang == "en" else ("雾刃", "铁砧")
    units = [
        {"uid": 1, "id": "mistblade", "name": mistblade, "seat": 1, "team": 1, "kind": "agent", "pos": [5, 1],
         "facing": "w", "hp": 6, "max_hp": 8, "vision": {"side": True, "rear": False}},
        {"uid": 12, "id": "anvil", "name": anvil, "seat": 2, "team": 2, "kind": "agent", "pos": [1, 2],
         "facing": "e", "hp": 14, "max_hp": 14},
    ]  # fmt: skip
    events = [
        {"seq": 415, "event": "tap", "player": 2, "what": f"{anvil}#12"},
        {"seq": 417, "event": "turn_end", "player": 2, "hand": 7, "limit": 8},
        {"seq": 418, "event": "simulation_end", "winners": [], "reason": "round_limit", "rounds": 10},
    ]
    state = {"map": "hideout", "round": 10, "active": 2, "destroyed": [], "units": units}
    players = [{"seat": 1, "team": 1, "score": 0, "hand": 5, "standby": [mistblade]}]
    return [{"state": state, "events": events, "players": players, "label": "end"}]


def replay_page(tmp_path: Path, written_in: str, lang: str) -> str:
    path = tmp_path / "frames.json"
    path.write_text(json.dumps(frames(written_in), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "r.html"
    result = run("map", "replay", "hideout", path, "-o", out, lang=lang)
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("written_in", ["zh-Hans", "en"])
def test_an_english_replay_names_units_in_english_and_words_its_log(tmp_path: Path, written_in: str) -> None:
    page = replay_page(tmp_path, written_in, "en")
    assert "vision of Mistblade#1 (front, side)" in page and "vision of Anvil#12 (front)" in page
    assert "雾刃" not in page and "铁砧" not in page
    assert "<title>Hideout replay</title>" in page and "<h1>Hideout replay</h1>" in page  # the map's name, not its id
    assert " 417 P2 turn ends (hand: 7, limit: 8)" in page and "tap (what: Anvil#12)" in page
    assert "the game ends (winners: —, reason: round limit reached, rounds: 10)" in page
    assert '<span class="ev">' not in page and "turn_end" not in page and "round_limit" not in page


@pytest.mark.parametrize("written_in", ["zh-Hans", "en"])
def test_a_chinese_replay_names_units_in_chinese_and_words_its_log(tmp_path: Path, written_in: str) -> None:
    page = replay_page(tmp_path, written_in, "zh-Hans")
    assert "雾刃#1的视野" in page and "铁砧#12的视野" in page
    assert "Mistblade" not in page and "Anvil" not in page  # (an English state and log too: named back)
    assert "<title>据点" in page and "hideout" not in page.split("</title>")[0]
    assert "回合结束（手牌：7，上限：8）" in page and "横置（对象：铁砧#12）" in page
    assert '<span class="ev">' not in page and "turn_end" not in page and "round_limit" not in page


def test_a_replay_file_title_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "frames.json"
    path.write_text(json.dumps({"title": "my game", "frames": frames("zh-Hans")}), encoding="utf-8")
    assert run("map", "replay", "hideout", path, "-o", tmp_path / "r.html").exit_code == 0
    assert "<title>my game</title>" in (tmp_path / "r.html").read_text(encoding="utf-8")


# --------------------------------------------------------------------------
# 2. a missing argument is named as the usage and the help name it


@pytest.mark.parametrize(
    ("args", "lang", "expected"),
    [
        (["dockyard"], "en", "dossier map measure: FROM is missing (see dossier map measure --help)"),
        (["dockyard", "2,3"], "en", "dossier map measure: TO is missing (see dossier map measure --help)"),
        (["dockyard", "2,3"], "zh-Hans", "dossier map measure：缺少 TO"),
    ],
)
def test_measure_names_a_missing_cell_from_or_to(args: list[str], lang: str, expected: str) -> None:
    line = one_line_error(run("map", "measure", *args, lang=lang))
    assert expected in line and "SOURCE" not in line and "TARGET" not in line


def arguments() -> list[tuple[str, Any, Any]]:
    """Every command's arguments: (its path, the click command, the argument)."""
    found: list[tuple[str, Any, Any]] = []

    def walk(command: Any, path: str) -> None:
        for name, sub in sorted((getattr(command, "commands", None) or {}).items()):
            walk(sub, f"{path} {name}")
        found.extend((path, command, p) for p in command.params if p.param_type_name == "argument")

    walk(typer.main.get_command(eager_app()), "dossier")
    return found


def test_every_missing_argument_is_named_as_its_usage_names_it() -> None:
    from typer._click import Context
    from typer._click.exceptions import MissingParameter

    from toolkit.cli.app import usage_line

    checked = 0
    for path, command, param in arguments():
        ctx = Context(command, info_name=path.rpartition(" ")[2])
        in_usage = re.sub(r"[{}\[\]]|\.\.\.$", "", param.make_metavar(ctx, usage=True))
        line = usage_line(MissingParameter(ctx=ctx, param=param), path)
        said = line.split(": ", 1)[1].split(" is missing", 1)[0]
        if param.metavar:  # (FROM, TO): as written
            assert said == param.metavar == in_usage, (path, line)
        else:  # the name, in capitals as the messages write it (MAP; usage: {map})
            assert said == in_usage.upper(), (path, line, in_usage)
        checked += 1
    assert checked > 20


# --------------------------------------------------------------------------
# 3. map measure: a wall cell is said to be one; no line of sight, no cover


@pytest.mark.parametrize(
    ("cells", "said"),
    [
        (["4,0", "5,1"], "distance: none (FROM 4,0 is a wall)"),
        (["5,1", "4,0"], "distance: none (TO 4,0 is a wall)"),
        (["4,0", "5,0"], "distance: none (FROM 4,0 and TO 5,0 are walls)"),
    ],
)
def test_measure_says_a_wall_cell_is_a_wall(cells: list[str], said: str) -> None:
    result = run("map", "measure", "dockyard", *cells)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == said


def test_measure_between_floor_cells_a_wall_parts_has_no_path(tmp_path: Path) -> None:
    record = {"game": "tactics", "kind": "map", "id": "parted", "name": {"zh-Hans": "隔开", "en": "Parted"},
              "modes": ["duel"], "players": {"min": 2, "max": 2}, "rows": ["1.#.2", "1.#.2"]}  # fmt: skip
    path = tmp_path / "parted.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    result = run("map", "measure", path, "0,0", "4,0")
    assert result.stdout.splitlines()[0] == "distance: none (no path around the walls)", result.output


def test_measure_gives_no_cover_without_a_line_of_sight() -> None:
    result = run("map", "measure", "dockyard", "2,3", "10,5", "--obstacle", "6,4", "-f", "json")
    assert json.loads(result.stdout) == {
        "distance": 10, "through_wall": 10, "in_vision": False, "in_sight": False, "cover": None
    }  # fmt: skip
    text = run("map", "measure", "dockyard", "2,3", "10,5", "--obstacle", "6,4").stdout.splitlines()
    assert text[-1] == "line of sight: no" and not any(line.startswith("cover") for line in text)
    # with a line of sight the cover is given, in JSON and in the text
    seen = run("map", "measure", "dockyard", "2,3", "0,2", "--obstacle", "1,2", "-f", "json")
    assert json.loads(seen.stdout)["in_sight"] is True and json.loads(seen.stdout)["cover"] == -2
    assert run("map", "measure", "dockyard", "2,3", "0,2", "--obstacle", "1,2").stdout.splitlines()[-1] == "cover: -2"


# --------------------------------------------------------------------------
# 4. a unit in an intact wall is refused (T20: a destroyed wall, a broken wall, is passable)

ROWS = ["..#", "..%", "..."]


def unit(pos: list[int]) -> dict[str, Any]:
    return {"uid": 1, "name": "A", "seat": 1, "kind": "agent", "pos": pos, "facing": "n", "hp": 5}


@pytest.mark.parametrize(
    ("state", "wall"),
    [
        ({"units": [unit([2, 0])]}, "[2, 0]"),  # a wall
        ({"units": [unit([2, 0])], "destroyed": [[2, 0]]}, None),  # destroyed: a broken wall
        ({"units": [unit([2, 1])]}, None),  # a broken wall
        ({"units": [unit([2, 1])], "destroyed": [[2, 1]]}, "[2, 1]"),  # a broken wall destroyed: the wall again
        ({"units": [unit([0, 0]), {**unit([2, 0]), "kind": "obstacle"}]}, "[2, 0]"),  # an obstacle too
    ],
)
def test_validate_state_refuses_a_unit_in_an_intact_wall(state: dict[str, Any], wall: str | None) -> None:
    board = Board(ROWS, map_id="t")
    if wall is None:
        validate_state(board, state)
        return
    with pytest.raises(StateError) as caught:
        validate_state(board, state)
    assert caught.value.pointer == f"/units/{len(state['units']) - 1}/pos"
    assert caught.value.problem == f"cell {wall} is an intact wall; no unit stands in one"


def test_render_and_replay_refuse_a_unit_in_a_wall_at_its_place(tmp_path: Path) -> None:
    frame = frames("zh-Hans")[0]
    frame["state"]["units"][1]["pos"] = [4, 0]  # hideout's wall
    state = tmp_path / "state.json"
    text = json.dumps(frame["state"], ensure_ascii=False, indent=1)
    state.write_text(text, encoding="utf-8")
    line = one_line_error(run("map", "render", "hideout", "--state", state, "-o", tmp_path / "x.svg"))
    row = [n for n, t in enumerate(text.splitlines(), start=1) if t.strip() == '"pos": ['][1]
    assert f"state.json:{row}:" in line and "/units/1/pos: cell [4, 0] is an intact wall" in line
    replay = tmp_path / "frames.json"
    replay.write_text(json.dumps([frame], ensure_ascii=False), encoding="utf-8")
    line = one_line_error(run("map", "replay", "hideout", replay, "-o", tmp_path / "r.html"))
    assert "/0/state/units/1/pos: cell [4, 0] is an intact wall; no unit stands in one" in line
    assert not (tmp_path / "x.svg").exists() and not (tmp_path / "r.html").exists()


def test_a_replay_shows_standby_that_is_not_a_list_as_it_is(tmp_path: Path) -> None:
    """The names are put through the output language now: a player's ``standby`` that is a count stays one."""
    written = frames("zh-Hans")
    written[0]["players"][0]["standby"] = 3
    path = tmp_path / "frames.json"
    path.write_text(json.dumps(written, ensure_ascii=False), encoding="utf-8")
    result = run("map", "replay", "hideout", path, "-o", tmp_path / "r.html")
    assert result.exit_code == 0, result.output
    assert '<td class="standby">3</td>' in (tmp_path / "r.html").read_text(encoding="utf-8")
