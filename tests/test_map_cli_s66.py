"""`dossier map` and `scenario run` (stop 66): `map replay` takes a game saved by `play tactics --save` and says how
to get a replay of what `simulate --format json` writes; the replay's header keeps its step label whole at any
width (Chromium); a map is named by its id or its name in either language; `--state` errors point into simulate's
JSON at the state's place; an obstacle in a wall and a unit below 0 HP are refused; negative cells are cells (outside
the map), not options; `render --out` says a directory or a name without a suffix as `replay` does; a tactics
position given to `scenario run` is told plainly that it is not a scenario."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.board import parse_cell
from toolkit.errors import DossierError

EXAMPLES = ROOT / "examples" / "decks" / "tactics"
Cli = Callable[..., Any]


def run(cli: Cli, lang: str, *args: Any) -> Any:
    return cli("--lang", lang, *map(str, args))


def one_line_error(result: Any, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


# --------------------------------------------------------------------------
# 1. map replay: a saved game is replayed; simulate's JSON is told how to get a replay


def saved_game(path: Path, mode: str = "duel", finish: bool = True) -> Path:
    """A game of a person (random answers) against the machine, saved as `play tactics --save` writes it."""
    from toolkit.catalog import load_catalog
    from toolkit.decks.random_deck import deck_card_ids, random_legal_decks
    from toolkit.engine.tactics.session import TacticsSession, TacticsSetup

    records = list(load_catalog([ROOT / "cards" / "tactics"]).records)
    decks = random_legal_decks(records, mode, random.Random(5), 2)
    setup = TacticsSetup(mode, [list(d.agents or []) for d in decks], [deck_card_ids(d) for d in decks],
                         ["human", "heuristic"], seed=7, rounds=30)  # fmt: skip
    session = TacticsSession(records, setup)
    rng = random.Random(1)
    for _ in range(100_000 if finish else 20):
        if session.pending is None:
            break
        session.apply(rng.choice(session.pending.labels()))
    assert (session.pending is None) == finish
    path.write_text(json.dumps({**session.to_json(), "lang": "en"}), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.slow
def test_map_replay_plays_a_saved_game_again(cli: Cli, tmp_path: Path, lang: str) -> None:
    saved = saved_game(tmp_path / "game.json")
    out = tmp_path / "r.html"
    result = run(cli, lang, "map", "replay", "hideout", saved, "--out", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    frames = page.count("<figure ")
    assert frames > 10 and str(frames) in result.stdout
    if lang == "en":
        assert "round 1 · P1 · action 1" in page and "Jackdaw#1" in page and "<title>Hideout replay</title>" in page
    else:
        assert "第 1 轮 · 玩家1 · 第 1 个行动" in page and "寒鸦#1" in page and "<title>据点回放</title>" in page


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_map_replay_refuses_a_saved_game_not_over_or_of_another_map(cli: Cli, tmp_path: Path, lang: str) -> None:
    open_game = saved_game(tmp_path / "open.json", finish=False)
    line = one_line_error(run(cli, lang, "map", "replay", "hideout", open_game, "--out", tmp_path / "r.html"))
    assert "`dossier play tactics --load " in line and not (tmp_path / "r.html").exists()
    if lang == "en":
        assert "the game is not over" in line
    line = one_line_error(run(cli, lang, "map", "replay", "dockyard", saved_game(tmp_path / "g.json"), "--out",
                              tmp_path / "r.html"))  # fmt: skip
    assert "'hideout'" in line and "'dockyard'" in line


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What `dossier simulate tactics --format json` writes for a short duel."""
    from typer.testing import CliRunner

    from toolkit.cli import app

    result = CliRunner().invoke(app, ["--lang", "en", "simulate", "tactics", "--decks", str(EXAMPLES / "duel.json"),
                                      "--decks", str(EXAMPLES / "duel-rival.json"), "--seed", "1", "--turns", "2",
                                      "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    assert data["board"]["units"]
    return data


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_map_replay_of_simulate_json_says_how_to_get_a_replay(
    cli: Cli, tmp_path: Path, simulated: dict[str, Any], lang: str
) -> None:
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(simulated), encoding="utf-8")
    line = one_line_error(run(cli, lang, "map", "replay", "hideout", path, "--out", tmp_path / "r.html"))
    assert "`dossier simulate tactics … --replay FILE.html`" in line and "`dossier play tactics --save" in line
    path.write_text('{"title": "x"}', encoding="utf-8")  # neither frames nor a game
    line = one_line_error(run(cli, lang, "map", "replay", "hideout", path, "--out", tmp_path / "r.html"))
    assert "--replay FILE.html" in line and "`dossier play tactics --save`" in line


# --------------------------------------------------------------------------
# 2. the replay's header: the step label whole at every width (Chromium)

LONG_TITLE = (
    "Duo · seed 1 · /work/main/examples/decks/tactics/duo.json, /work/main/examples/decks/tactics/duo-rival.txt"
)


def hideout() -> Any:
    from toolkit.cli.map import load_map

    return load_map("hideout", None).board


def replay_page(tmp_path: Path, lang: str) -> Path:
    from toolkit.board.replay import write_replay
    from toolkit.i18n import use_lang

    board = hideout()
    unit = {"uid": 1, "id": "jackdaw", "name": "寒鸦", "seat": 1, "kind": "agent", "pos": [1, 1], "facing": "e", "hp": 9,
            "max_hp": 9}  # fmt: skip
    labels = (["set-up", "round 4 · P1 · action 5", "round 12 · P2 · end of turn (3/4)"] if lang == "en"
              else ["准备", "第 4 轮 · 玩家1 · 第 5 个行动", "第 12 轮 · 玩家2 · 回合结束（3/4）"])  # fmt: skip
    frames = [{"state": {"map": "hideout", "units": [unit]}, "label": labels[i % 3]} for i in range(301)]
    path = tmp_path / f"replay-{lang}.html"
    with use_lang(lang):
        write_replay(path, board, frames, LONG_TITLE)
    return path


HEADER_CHECK = """() => {
  const where = document.getElementById("where"), box = where.getBoundingClientRect();
  const lines = (el) => { const r = document.createRange(); r.selectNodeContents(el);
    return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size; };
  return {text: where.textContent, left: box.left, right: box.right, width: document.documentElement.clientWidth,
          clipped: where.scrollWidth > where.clientWidth + 1, page: document.documentElement.scrollWidth,
          prev: lines(document.getElementById("prev")), next: lines(document.getElementById("next"))};
}"""


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.slow
def test_the_replay_header_keeps_the_step_label_whole_at_every_width(tmp_path: Path, lang: str) -> None:
    from tests.web.conftest import with_chromium

    url = replay_page(tmp_path, lang).as_uri()
    seen: list[str] = []
    bad: list[str] = []

    def use(browser: Any) -> None:
        for width in (320, 390, 800, 1024, 1280, 1400, 1500, 1600, 1920):
            page = browser.new_page(viewport={"width": width, "height": 800})
            for step in (1, 2, 3, 301):
                page.goto(f"{url}#{step}")
                page.wait_for_function(f"document.getElementById('where').textContent.startsWith('{step} / 301')")
                got = page.evaluate(HEADER_CHECK)
                seen.append(got["text"])
                inside = got["left"] >= 0 and got["right"] <= got["width"] + 0.5 and got["page"] <= got["width"]
                one_line = got["prev"] == 1 and got["next"] == 1  # the buttons' words on one line ("◀ prev")
                if not inside or got["clipped"] or not one_line:
                    bad.append(f"{width}px, step {step}: {got}")
            page.close()

    with_chromium(use)
    assert len(seen) == 36 and any("301 / 301" in text for text in seen)
    assert not bad, "\n".join(bad)


# --------------------------------------------------------------------------
# 3. a map by its name in either language


@pytest.mark.parametrize(
    ("lang", "name", "title"),
    [("en", "Hideout", "hideout: Hideout"), ("zh-Hans", "据点", "hideout：据点"), ("en", "据点", "hideout: Hideout"),
     ("zh-Hans", "hideout", "hideout：据点"), ("en", "dockyard depot", "dockyard: Dockyard Depot"),
     ("en", "DOCKYARD-DEPOT", "dockyard: Dockyard Depot"), ("zh-Hans", "码头货栈", "dockyard：码头货栈")],
)  # fmt: skip
def test_a_map_is_named_by_its_id_or_its_name_in_either_language(cli: Cli, lang: str, name: str, title: str) -> None:
    result = run(cli, lang, "map", "show", name)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(title)


def test_render_and_measure_take_a_map_s_name_too(cli: Cli, tmp_path: Path) -> None:
    result = run(cli, "zh-Hans", "map", "render", "据点", "--out", tmp_path / "m.svg")
    assert result.exit_code == 0 and (tmp_path / "m.svg").is_file(), result.output
    result = run(cli, "en", "map", "measure", "Dockyard Depot", "1,1", "2,1", "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)["distance"] == 1, result.output


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_an_unknown_map_lists_each_map_with_its_name(cli: Cli, lang: str) -> None:
    line = one_line_error(run(cli, lang, "map", "show", "Hideaway"))
    names = ("Hideout", "Dockyard Depot", "Headquarters") if lang == "en" else ("据点", "码头货栈", "总部大楼")
    assert "'Hideaway'" in line and all(f"{id_}" in line for id_ in ("dockyard", "headquarters", "hideout"))
    assert all(name in line for name in names)
    assert line.index("dockyard") < line.index(names[1]) < line.index("headquarters")  # id (name), by id


def test_find_map_takes_ids_and_folded_names_and_refuses_a_shared_name() -> None:
    from toolkit.cli.map import find_map, map_list

    def record(id_: str, zh: str, en: str | None) -> Any:
        return SimpleNamespace(game="tactics", kind="map", id=id_, name=SimpleNamespace(zh_hans=zh, en=en))

    agent = SimpleNamespace(game="tactics", kind="agent", id="hideout2", name=SimpleNamespace(zh_hans="据点2", en=None))
    maps = [record("hideout", "据点", "Hideout"), record("yard", "码头货栈", "Dockyard Depot"), agent]
    assert find_map(maps, "hideout") is maps[0] and find_map(maps, " HIDEOUT ") is maps[0]
    assert find_map(maps, "据点") is maps[0] and find_map(maps, "dockyard  depot") is maps[1]
    assert find_map(maps, "dockyard") is None and find_map(maps, "据点2") is None  # (an agent is no map)
    assert map_list(maps, "en") == ["hideout (Hideout)", "yard (Dockyard Depot)"]
    twins = [record("a", "甲", "Twin"), record("b", "乙", "twin")]
    from toolkit.i18n import use_lang

    with use_lang("en"), pytest.raises(DossierError, match="'Twin' names several maps: a \\(Twin\\), b \\(twin\\)"):
        find_map(twins, "Twin")
    assert find_map(twins, "b") is twins[1]


# --------------------------------------------------------------------------
# 4. map render --state: the pointer into simulate's JSON


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_state_error_in_simulate_json_points_at_the_board(
    cli: Cli, tmp_path: Path, simulated: dict[str, Any], lang: str
) -> None:
    data = json.loads(json.dumps(simulated))
    data["board"]["units"][0]["pos"] = [99, 99]
    path = tmp_path / "st.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    line = one_line_error(run(cli, lang, "map", "render", "hideout", "--state", path, "--out", tmp_path / "x.svg"))
    assert "/board/units/0/pos" in line and " /units/0/pos" not in line
    text = path.read_text(encoding="utf-8")
    row = text[: text.index('"pos"', text.index('"board"'))].count("\n") + 1  # the bad value's line: the place agrees
    assert f"{path}:{row}:" in line.replace("：", ":")


# --------------------------------------------------------------------------
# 5. impossible input: an obstacle in a wall, a unit below 0 HP


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_an_obstacle_in_an_intact_wall_is_refused(cli: Cli, lang: str) -> None:
    line = one_line_error(run(cli, lang, "map", "measure", "dockyard", "5,1", "11,1", "--obstacle", "8,1"))
    assert "--obstacle" in line and "8,1" in line
    if lang == "en":
        assert "intact wall" in line
    result = run(cli, lang, "map", "measure", "dockyard", "5,1", "11,1", "--obstacle", "7,1", "--format", "json")
    assert result.exit_code == 0, result.output  # (a floor cell: an obstacle may stand there)


@pytest.mark.parametrize(("key", "value"), [("hp", -3), ("max_hp", 0)])
@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_state_with_a_unit_below_0_hp_is_refused(
    cli: Cli, tmp_path: Path, simulated: dict[str, Any], lang: str, key: str, value: int
) -> None:
    data = json.loads(json.dumps(simulated))
    data["board"]["units"][0][key] = value
    path = tmp_path / "st.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = one_line_error(run(cli, lang, "map", "render", "hideout", "--state", path, "--out", tmp_path / "x.svg"))
    assert f"/board/units/0/{key}" in line and str(value) in line and not (tmp_path / "x.svg").exists()


def test_a_replay_frame_inside_an_attack_may_show_a_dying_unit_below_0_hp(
    cli: Cli, tmp_path: Path, simulated: dict[str, Any]
) -> None:
    state = json.loads(json.dumps(simulated["board"]))
    state["units"][0]["hp"] = -1  # (the engine's damage past a unit's HP, until its attack ends: T21)
    path = tmp_path / "frames.json"
    path.write_text(json.dumps([{"state": state, "label": "attack"}]), encoding="utf-8")
    result = run(cli, "en", "map", "replay", "hideout", path, "--out", tmp_path / "r.html")
    assert result.exit_code == 0, result.output
    from toolkit.board.draw import StateError, validate_state

    board = hideout()
    validate_state(board, state, dying=True)
    with pytest.raises(StateError, match="at least 0, not -1"):
        validate_state(board, state)


# --------------------------------------------------------------------------
# 6. negative cells


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize(
    ("args", "field", "cell"),
    [(["1,1", "-1,2"], "TO", "-1,2"), (["--", "1,1", "-1,2"], "TO", "-1,2"),
     (["-3,1", "1,2", "--facing", "e"], "FROM", "-3,1"), (["1,1", "2,2", "--obstacle", "-1,2"], "--obstacle", "-1,2"),
     (["1,1", "2,-5"], "TO", "2,-5")],
)  # fmt: skip
def test_a_negative_cell_is_outside_the_map(cli: Cli, lang: str, args: list[str], field: str, cell: str) -> None:
    line = one_line_error(run(cli, lang, "map", "measure", "dockyard", *args))
    assert f"{field}" in line and cell in line and "0..15" in line and "0..11" in line
    if lang == "en":
        assert f"{field}: cell {cell} is outside the map 'dockyard' (x 0..15, y 0..11)" in line


def test_parse_cell_takes_a_sign_and_options_are_still_options(cli: Cli) -> None:
    assert parse_cell("-1,2") == (-1, 2) and parse_cell(" 3 , -4 ") == (3, -4)
    with pytest.raises(ValueError, match="expected a cell"):
        parse_cell("--1,2")
    line = one_line_error(run(cli, "en", "map", "measure", "dockyard", "1,1", "2,2", "--facin", "e"))
    assert "no such option --facin" in line.lower()
    line = one_line_error(run(cli, "en", "map", "measure", "dockyard", "1,1", "-1,x"))
    assert "got '-1,x'" in line  # (a bad cell is said as it was typed, without the space it was given on with)


# --------------------------------------------------------------------------
# 7. map render --out: a directory, a name without a suffix


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("command", ["render", "replay"])
def test_out_names_a_directory_or_a_name_without_a_suffix(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, command: str
) -> None:
    monkeypatch.chdir(tmp_path)
    frames = tmp_path / "frames.json"
    frames.write_text("[]", encoding="utf-8")
    extra = [frames] if command == "replay" else []
    for out, english in ((".", "--out .: is a directory"), (str(tmp_path), "is a directory"),
                         ("x.", "--out x.: "), ("x", "--out x: ")):  # fmt: skip
        line = one_line_error(run(cli, lang, "map", command, "hideout", *extra, "--out", out))
        assert "''" not in line, line
        if lang == "en":
            assert english in line
            assert ("is a directory" in line) == (out in (".", str(tmp_path)))
            assert ("this name has no suffix" in line) == (out in ("x.", "x"))
        else:
            assert ("这是一个目录" in line) == (out in (".", str(tmp_path)))


# --------------------------------------------------------------------------
# 8. scenario run: a tactics position


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_tactics_position_is_told_it_is_not_a_scenario(cli: Cli, tmp_path: Path, lang: str) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"game": "tactics", "name": "x", "mode": "duel"}', encoding="utf-8")
    line = one_line_error(run(cli, lang, "scenario", "run", path))
    assert str(path) in line and "/game" not in line and "netrunner'" not in line
    if lang == "en":
        assert line.endswith("tactics positions are not scenarios yet (scenarios are Netrunner's)")


def test_simulate_takes_a_map_by_its_name_too(cli: Any) -> None:
    """`simulate --map` takes a map as `dossier map` does: its id, or its name in either language."""
    decks = [ROOT / "examples" / "decks" / "tactics" / name for name in ("duel.json", "duel-rival.json")]
    args = ["simulate", "tactics", "--decks", decks[0], "--decks", decks[1], "--seed", "1", "--turns", "1"]
    by_id = cli(*args, "--map", "hideout", "--lang", "en")
    by_name = cli(*args, "--map", "据点", "--lang", "en")
    assert by_id.exit_code == 0 and by_name.exit_code == 0, by_name.output
    assert by_id.stdout == by_name.stdout
    unknown = cli(*args, "--map", "nowhere", "--lang", "en")
    assert unknown.exit_code == 2 and "hideout (Hideout)" in unknown.stderr, unknown.stderr
