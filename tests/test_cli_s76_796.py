"""Messages that point to commands, and docs (sweep 76, helper 796).

- a saved game not over is told the command that goes on with it and keeps what is played (`--load F --save F`):
  `map replay`, `play netrunner --replay`, `scenario run` and the other game's `play --load`;
- a saved game that is over is told instead the command that writes its replay, and that command works;
- the Chinese pages call a scenario 局面 (局面文件), never 情景 nor 场景 (场景障碍 is the scene obstacle);
- the `--plot` example of the interpreters page says it needs the plot extra, and runs where it is installed;
- `examples --out` naming a file, or a folder under one, says which is a file, not a folder.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.test_doc_examples import NEEDS, examples, unmet
from tests.test_map_cli_s66 import saved_game

Cli = Callable[..., Any]
NETRUNNER = ROOT / "examples" / "decks" / "netrunner"
DECKS = [NETRUNNER / "corp-hb-tireless-hands.json", NETRUNNER / "runner-anarch-rust.json"]


def one_line(result: Any, code: int) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def command_in(line: str) -> list[str]:
    """The command a line names between backticks, as a shell reads it (its paths unquoted)."""
    found = re.search(r"`(dossier [^`]*)`", line)
    assert found, line
    return shlex.split(found.group(1))


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Saved games in a folder whose name has a space (the commands named must quote it): tactics over and not,
    Netrunner a person stopped at once, the same resigned, and one `simulate --save` played to its end."""
    from typer.testing import CliRunner

    from toolkit.cli import app

    folder = tmp_path_factory.mktemp("saved") / "my games"
    folder.mkdir()
    out = {
        "tactics_over": saved_game(folder / "over.json"),
        "tactics_open": saved_game(folder / "open.json", finish=False),
    }
    runner = CliRunner()
    decks = [arg for deck in DECKS for arg in ("--decks", str(deck))]
    for name, command in (("netrunner_open", "play"), ("netrunner_simulated", "simulate")):
        path = folder / f"{name}.json"
        extra = ["--plain"] if command == "play" else []
        result = runner.invoke(
            app, ["--lang", "en", command, "netrunner", *decks, *extra, "--save", str(path)], input=""
        )
        assert result.exit_code == 0 and path.is_file(), result.output
        out[name] = path
    resigned = json.loads(out["netrunner_open"].read_text(encoding="utf-8"))
    resigned["resigned"] = "runner"
    out["netrunner_resigned"] = folder / "netrunner_resigned.json"
    out["netrunner_resigned"].write_text(json.dumps(resigned), encoding="utf-8")
    return out


# ---- 1. a game not over: the command that goes on with it keeps it (--save)


def test_map_replay_of_a_game_not_over_names_the_command_that_keeps_it(cli: Cli, games: dict[str, Path]) -> None:
    path = games["tactics_open"]
    line = one_line(cli("--lang", "en", "map", "replay", "hideout", path, "--out", path.with_name("r.html")), 2)
    assert "the game is not over" in line
    assert command_in(line) == ["dossier", "play", "tactics", "--load", str(path), "--save", str(path)]


def test_netrunner_replay_of_a_game_not_over_names_the_command_that_keeps_it(cli: Cli, games: dict[str, Path]) -> None:
    path = games["netrunner_open"]
    line = one_line(cli("--lang", "en", "play", "netrunner", "--load", path, "--replay", path.with_name("r.html")), 2)
    assert "the game is not over" in line
    assert command_in(line) == ["dossier", "play", "netrunner", "--load", str(path), "--save", str(path)]


# ---- 2. scenario run and the other game's --load: go on with a game not over, replay one that is over


@pytest.mark.parametrize("how", ["scenario", "other game"])
@pytest.mark.parametrize("name", ["tactics_open", "netrunner_open"])
def test_a_saved_game_not_over_is_told_to_go_on_and_save(cli: Cli, games: dict[str, Path], name: str, how: str) -> None:
    path, game = games[name], name.split("_")[0]
    other = "netrunner" if game == "tactics" else "tactics"
    args = ["scenario", "run", path] if how == "scenario" else ["play", other, "--load", path, "--plain"]
    line = one_line(cli("--lang", "en", *args), 1)
    assert f"a saved {game} game; `" in line and line.endswith("goes on with it")
    assert command_in(line) == ["dossier", "play", game, "--load", str(path), "--save", str(path)]


@pytest.mark.parametrize("how", ["scenario", "other game"])
@pytest.mark.parametrize("name", ["tactics_over", "netrunner_resigned", "netrunner_simulated"])
def test_a_saved_game_over_is_told_the_command_that_replays_it(
    cli: Cli, games: dict[str, Path], name: str, how: str
) -> None:
    path, game = games[name], name.split("_")[0]
    other = "netrunner" if game == "tactics" else "tactics"
    args = ["scenario", "run", path] if how == "scenario" else ["play", other, "--load", path, "--plain"]
    line = one_line(cli("--lang", "en", *args), 1)
    assert f"a saved {game} game (the game is over); `" in line and line.endswith("writes its replay")
    page = path.with_suffix(".html")
    if game == "tactics":
        assert command_in(line) == ["dossier", "map", "replay", "hideout", str(path), "--out", str(page)]
    else:
        assert command_in(line) == ["dossier", "play", "netrunner", "--load", str(path), "--replay", str(page)]
    if how == "scenario":  # the command named works
        result = cli("--lang", "en", *command_in(line)[1:])
        assert result.exit_code == 0 and page.is_file(), result.output
        page.unlink()


def test_a_netrunner_game_over_whose_cards_changed_is_told_to_go_on(
    cli: Cli, games: dict[str, Path], tmp_path: Path
) -> None:
    """A game over but whose cards changed since is not pointed to `--replay` (which refuses such a game): the
    command that goes on with it, whose own refusal says what changed and which option plays it all the same."""
    import shutil

    pool = tmp_path / "cards"
    shutil.copytree(ROOT / "cards" / "netrunner", pool / "netrunner")
    data = json.loads(games["netrunner_simulated"].read_text(encoding="utf-8"))
    card = next(iter(json.loads(DECKS[0].read_text(encoding="utf-8"))["cards"]))
    record = next((pool / "netrunner").rglob(f"{card}.json"))
    changed = json.loads(record.read_text(encoding="utf-8"))
    changed["art"] = f"../art/{card}-new.png"
    record.write_text(json.dumps(changed, ensure_ascii=False), encoding="utf-8")
    path = games["netrunner_simulated"]
    line = one_line(cli("--lang", "en", "scenario", "run", path, "--cards", pool), 1)
    assert command_in(line) == ["dossier", "play", "netrunner", "--load", str(path), "--save", str(path)], (data, line)


@pytest.mark.parametrize("field", ["seed", "turns"])
def test_a_broken_saved_game_is_told_the_command_that_says_why(
    cli: Cli, games: dict[str, Path], tmp_path: Path, field: str
) -> None:
    """Whether a game is over is not asked of a file `--load` refuses: no traceback, the command that says why."""
    path = tmp_path / "broken.json"
    data = json.loads(games["netrunner_open"].read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, field: "x"}), encoding="utf-8")
    line = one_line(cli("--lang", "en", "scenario", "run", path), 1)
    assert command_in(line) == ["dossier", "play", "netrunner", "--load", str(path), "--save", str(path)]
    assert "/" + field in one_line(cli("--lang", "en", *command_in(line)[1:], "--plain"), 1)


# ---- 3. the Chinese pages: a scenario is 局面 (局面文件)


def test_the_chinese_pages_call_a_scenario_one_name() -> None:
    pages = sorted((ROOT / "docs").rglob("*.zh.md"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8").replace("场景障碍", "")
        for number, line in enumerate(text.splitlines(), 1):
            assert "情景" not in line and "场景" not in line, f"{page.relative_to(ROOT)}:{number}: {line}"
    said = (ROOT / "docs" / "reference" / "interpreters.zh.md").read_text(encoding="utf-8")
    assert "局面文件（`schema/scenario.schema.json`）" in said


# ---- 4. the --plot example needs the plot extra


def test_the_plot_example_says_it_needs_the_plot_extra() -> None:
    assert "plot" in NEEDS
    for name in ("interpreters.md", "interpreters.zh.md"):
        page = ROOT / "docs" / "reference" / name
        plotted = [e for e in examples(page.read_text(encoding="utf-8"), name) if "--plot" in e.command]
        assert plotted and all(e.needs == "plot" for e in plotted), plotted
    assert unmet("nrdb") and not unmet(None)
    import importlib.util

    assert unmet("plot") == (importlib.util.find_spec("matplotlib") is None)


# ---- 5. examples --out naming a file


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_examples_out_naming_a_file_says_so(cli: Cli, tmp_path: Path, lang: str) -> None:
    afile = tmp_path / "afile"
    afile.write_text("mine", encoding="utf-8")
    line = one_line(cli("--lang", lang, "examples", "--out", afile), 2)
    assert f"--out {afile}" in line and str(afile / "examples") not in line
    under = afile / "sub"
    below = one_line(cli("--lang", lang, "examples", "--out", under), 2)
    assert f"--out {under}" in below and below.split(str(under), 1)[1].lstrip(":： ").startswith(f"{afile} ")
    if lang == "en":
        assert line.endswith(f"--out {afile}: a file, not a folder")
        assert below.endswith(f"--out {under}: {afile} is a file, not a folder")
    assert afile.read_text(encoding="utf-8") == "mine" and list(tmp_path.iterdir()) == [afile]
