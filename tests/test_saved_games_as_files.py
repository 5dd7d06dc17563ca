"""Saved games and balance reports among other files: what `dossier play … --save` and `dossier balance … --out`
write, beside the records of a designer's folder, or given to the other game's `--load`.

- lint says a saved game is no record (a warning naming the command that goes on with it), fmt leaves it as it is,
  and a card pool leaves it out (with a deck, a scenario and a crossfire table) instead of failing on it;
- `play netrunner --load` of a saved tactics game (and the other way round) names the command that plays it;
- a saved tactics game with a field missing or of the wrong kind is named by that field, not a Python exception.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.core import EngineError
from toolkit.engine.tactics.session import TacticsSession
from toolkit.filekinds import not_a_record, saved_game_of

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "examples" / "decks"


def _run(*args: str | Path, lang: str | None = "en", stdin: str = "") -> tuple[int, str]:
    lang_option = ["--lang", lang] if lang else []  # (`db build` says nothing to translate: it has no --lang)
    result = CliRunner().invoke(app, [*map(str, args), *lang_option], input=stdin, env={"DOSSIER_CARDS": ""})
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A tactics and a Netrunner game as `play --save` writes them when input ends at the first decision."""
    folder = tmp_path_factory.mktemp("saved")
    tactics, netrunner = folder / "duel-game.json", folder / "run-game.json"
    code, output = _run("play", "tactics", "--decks", DECKS / "tactics" / "duel.json", "--plain", "--save", tactics)
    assert code == 0 and tactics.exists(), output
    corp, runner = DECKS / "netrunner" / "corp-hb-tireless-hands.json", DECKS / "netrunner" / "runner-anarch-rust.json"
    code, output = _run("play", "netrunner", "--decks", corp, "--decks", runner, "--plain", "--save", netrunner)
    assert code == 0 and netrunner.exists(), output
    return {"tactics": tactics, "netrunner": netrunner}


def _data(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_what_a_saved_game_is(saved: dict[str, Path]) -> None:
    assert saved_game_of(_data(saved["tactics"])) == "tactics"
    assert saved_game_of(_data(saved["netrunner"])) == "netrunner"
    assert not_a_record(_data(saved["tactics"])) == "tactics_game"
    assert not_a_record(_data(saved["netrunner"])) == "netrunner_game"
    record = _data(sorted((ROOT / "cards" / "tactics" / "cards").glob("*.json"))[0])
    assert saved_game_of(record) is None and not_a_record(record) is None
    # a record is a record whatever else it holds; another format or no decisions is no saved game
    assert saved_game_of({**_data(saved["tactics"]), "kind": "card"}) is None
    assert saved_game_of({**_data(saved["netrunner"]), "format": "dossier-netrunner-game/9"}) is None
    assert saved_game_of({**_data(saved["tactics"]), "decisions": "yes"}) is None
    assert saved_game_of({"game": "tactics", "decisions": []}) is None


def test_lint_and_fmt_leave_saved_games_to_play(saved: dict[str, Path], tmp_path: Path) -> None:
    shutil.copytree(ROOT / "cards" / "crossfire", tmp_path / "cards" / "crossfire")
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    games = {game: tmp_path / "cards" / "crossfire" / path.name for game, path in saved.items()}
    for game, path in games.items():
        shutil.copy(saved[game], path)
    code, output = _run("lint", tmp_path / "cards")
    assert code == 0, output
    for game, path in games.items():
        line = next(line for line in output.splitlines() if line.startswith(f"{path}:"))
        assert f"warning card.not_record: a saved {game} game, not a record" in line
        assert f"`dossier play {game} --load {path} --save {path}` goes on with it" in line
    code, output = _run("lint", games["tactics"], lang="zh-Hans")
    assert code == 0 and "特工战术对局存档，不是记录" in output and "会接着下这一局" in output
    kept = {path: path.read_bytes() for path in games.values()}
    code, output = _run("fmt", tmp_path / "cards")
    assert code == 0, output
    assert f"{games['tactics']}: a saved tactics game, not a record; left as it is" in output
    assert {path: path.read_bytes() for path in kept} == kept


def test_a_pool_leaves_out_the_files_lint_says_are_no_records(saved: dict[str, Path], tmp_path: Path) -> None:
    """`dossier lint` lets a deck or a saved game in a card folder pass with a warning: every command that reads
    the pool then reads it too (it failed on the first such file, pointing at lint)."""
    pool = tmp_path / "crossfire"
    shutil.copytree(ROOT / "cards" / "crossfire", pool)
    own = len(load_catalog([pool]))
    shutil.copy(saved["tactics"], pool / "game.saved.json")
    shutil.copy(saved["netrunner"], pool / "modes" / "run.json")
    shutil.copy(DECKS / "tactics" / "duel.json", pool / "roles" / "duel.json")
    shutil.copy(ROOT / "examples" / "crossfire" / "round1.json", pool / "round1.json")
    assert len(load_catalog([pool])) == own
    code, output = _run("db", "build", "--cards", pool, "--db", tmp_path / "pool.db", lang=None)
    assert code == 0, output
    # a record that lost its kind is still no deck: the pool stops on it, as before
    broken = _data(pool / "roles" / "vip.json")
    del broken["kind"]
    (pool / "roles" / "vip.json").write_text(json.dumps(broken, ensure_ascii=False), encoding="utf-8")
    code, output = _run("db", "build", "--cards", pool, "--db", tmp_path / "pool2.db", lang=None)
    assert code == 1 and "vip.json" in output


def test_load_of_the_other_game_names_the_command_that_plays_it(saved: dict[str, Path]) -> None:
    code, output = _run("play", "netrunner", "--load", saved["tactics"], "--plain")
    assert code == 1
    tactics = saved["tactics"]
    assert f"{tactics}: a saved tactics game; `dossier play tactics --load {tactics} --save {tactics}`" in output
    code, output = _run("play", "tactics", "--load", saved["netrunner"], "--plain")
    assert code == 1
    netrunner = saved["netrunner"]
    said = f"a saved netrunner game; `dossier play netrunner --load {netrunner} --save {netrunner}` goes on with it"
    assert said in output
    code, output = _run("play", "tactics", "--load", saved["netrunner"], "--plain", lang="zh-Hans")
    assert code == 1 and "矩阵潜袭对局存档" in output


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["setup"].pop("mode"), "/setup/mode: a required field is missing"),
        (lambda d: d["setup"].update(rounds="ten"), "/setup/rounds: expected a number of at least 1"),
        (lambda d: d["setup"].update(squads=["mistblade"]), "/setup/squads: expected a list of lists of ids"),
        (lambda d: d["setup"].update(draft="no"), "/setup/draft: expected true or false"),
        (lambda d: d.update(setup=[]), "/setup: expected an object"),
        (lambda d: d["decisions"].append(3), "/decisions: expected a list of strings"),
    ],
)
def test_a_broken_saved_tactics_game_is_named_by_its_field(
    saved: dict[str, Path], tmp_path: Path, change, said
) -> None:
    data = _data(saved["tactics"])
    change(data)
    with pytest.raises(EngineError) as caught:
        TacticsSession.from_json([], data)
    assert said in str(caught.value) and "Error" not in str(caught.value)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, output = _run("play", "tactics", "--load", path, "--plain")
    assert code == 1 and said in output and "Traceback" not in output


@pytest.mark.slow
def test_a_balance_report_is_no_record_either(tmp_path: Path) -> None:
    """`dossier lint .` of a project where a balance run wrote its report: one warning naming `balance compare`,
    not two errors; the card pool leaves it out."""
    out = tmp_path / "cards" / "crossfire" / "runs"
    shutil.copytree(ROOT / "cards" / "crossfire", tmp_path / "cards" / "crossfire")
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    code, output = _run("balance", "tactics", "--modes", "duel", "--games", "2", "--no-save", "-w", "1", "--out", out)
    assert code == 0 and (out / "report.json").exists(), output
    assert not_a_record(_data(out / "report.json")) == "report"
    code, output = _run("lint", tmp_path / "cards")
    assert code == 0, output
    line = next(line for line in output.splitlines() if line.startswith(f"{out / 'report.json'}:"))
    assert "warning card.not_record: a balance report, not a record" in line
    assert f"`dossier balance compare {out / 'report.json'} OTHER`" in line
    assert len(load_catalog([tmp_path / "cards" / "crossfire"])) == len(load_catalog([ROOT / "cards" / "crossfire"]))
