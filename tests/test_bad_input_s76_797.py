"""Bad input, sweep 76d (helper 797): a traceback or a lost game, each now one line before any play.

1. ``play tactics --load`` of a file with no ``setup`` (or that is no object) is refused as the game is read, not
   with a KeyError while its decks are checked.
2. A saved tactics set-up with a squad count that is not one per player is refused at ``/setup/squads`` (``play
   --load``, ``map replay``), not an IndexError in the engine.
3. An output folder that exists but takes no file is refused before the game (``play --save``, ``simulate
   --replay``), with the file system's own reason; and a replay that cannot be written loses no log: the log is
   printed first.
4. ``balance -o`` in a folder that takes no file gives the file system's reason, not a made-up "Permission denied".
5. ``map render --state`` and ``map replay`` say their place and field with the catalog's separators (Chinese "："),
   and name JSON's null in words.
6. lint's warning on a saved game suggests the command that goes on with it and keeps it: ``--load F --save F``.
"""

from __future__ import annotations

import errno
import json
import os
import shlex
import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from toolkit.cli import app
from toolkit.safewrite import WriteError, cannot_write, check_target

EXAMPLES = ROOT / "examples" / "decks"
DUEL = EXAMPLES / "tactics" / "duel.json"
RIVAL = EXAMPLES / "tactics" / "duel-rival.json"
CORP = EXAMPLES / "netrunner" / "corp-weyland-skyward.json"
RUNNER = EXAMPLES / "netrunner" / "runner-anarch-rust.json"
REPLAYABLE = "not a saved game this pool can replay"


def _run(*args: str | Path, answers: str = "") -> Any:
    return CliRunner().invoke(app, [*map(str, args)], input=answers)


def _one_line(result: Any, code: int, *said: str) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == code, (result.output, result.exception)
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    for part in said:
        assert part in lines[0], lines[0]
    return str(lines[0])


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tactics_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A duel saved by `play tactics` after a few decisions (the machine's squad and deck made up, sealed)."""
    saved = tmp_path_factory.mktemp("t") / "t.json"
    made = _run("play", "tactics", "--decks", DUEL, "--seed", "5", "--plain", "--save", saved, "--lang", "en",
                answers="1\n" * 6)  # fmt: skip
    assert made.exit_code == 0, made.output
    return dict(json.loads(saved.read_text(encoding="utf-8")))


def _unwritable(tmp_path: Path) -> Path:
    """A folder that exists but takes no new file, as the OS says it: a folder made read-only (a user that is not
    root), else one of the kernel's (``/sys``: root is refused there as well); skipped where there is none."""
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    if cannot_write(folder) is not None:
        return folder
    for candidate in (Path("/sys"), Path("/proc")):
        if candidate.is_dir() and cannot_write(candidate) is not None:
            return candidate
    pytest.skip("no folder here refuses a new file (root, and no read-only kernel folder)")


@pytest.fixture
def read_only_fs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new file refused as a read-only file system refuses it (the probe :func:`cannot_write` makes)."""

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), kwargs.get("dir"))

    monkeypatch.setattr(tempfile, "TemporaryFile", refused)


# ---------------------------------------------------------------- 1. a save with no set-up, or no object


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"game": "tactics"}, "/decisions"),
        ({"game": "tactics", "decisions": []}, "/setup: expected an object"),
        ([], "/game"),
    ],
)
def test_a_tactics_save_with_no_setup_is_one_line(tmp_path: Path, data: Any, said: str) -> None:
    load = _write(tmp_path / "g.json", data)
    _one_line(_run("play", "tactics", "--load", load, "--plain"), 1, f"{load}: {REPLAYABLE}", said)


# ---------------------------------------------------------------- 2. one squad per player


@pytest.mark.parametrize("squads", [1, 3])
def test_a_squad_count_that_is_not_one_per_player_is_refused(tmp_path: Path, tactics_save: dict[str, Any],
                                                             squads: int) -> None:  # fmt: skip
    data = json.loads(json.dumps(tactics_save))
    kept = data["setup"]["squads"]
    data["setup"]["squads"] = (kept * 2)[:squads]
    load = _write(tmp_path / "g.json", data)
    problem = f"/setup/squads: expected one squad per player (2), not {squads}"
    _one_line(_run("play", "tactics", "--load", load, "--plain"), 1, f"{load}: {REPLAYABLE}", problem)
    out = tmp_path / "r.html"
    _one_line(_run("map", "replay", "hideout", load, "--out", out), 1, f"{load}: {REPLAYABLE}", problem)
    assert not out.exists()


def test_a_squad_per_player_is_read_as_before(tactics_save: dict[str, Any]) -> None:
    from toolkit.engine.tactics.session import TacticsSetup

    setup = TacticsSetup.from_json(tactics_save["setup"])
    assert len(setup.squads) == len(setup.players) == 2


# ---------------------------------------------------------------- 3. an output folder that takes no file


def test_check_target_writable_says_the_file_systems_reason(tmp_path: Path, read_only_fs: None) -> None:
    check_target(tmp_path / "x.json")  # (a write checks its target as before: no probe of its own)
    with pytest.raises(WriteError) as caught:
        check_target(tmp_path / "x.json", writable=True)
    assert str(caught.value) == f"{tmp_path / 'x.json'}: cannot write: Read-only file system"
    assert caught.value.errno == errno.EROFS


def test_play_save_into_a_folder_that_takes_no_file_is_refused_before_the_game(tmp_path: Path) -> None:
    folder = _unwritable(tmp_path)
    save = folder / "g.json"
    reason = os.strerror(cannot_write(folder).errno or errno.EIO)  # type: ignore[union-attr]
    result = _run("play", "tactics", "--decks", DUEL, "--seed", "5", "--plain", "--save", save, answers="1\n" * 6)
    _one_line(result, 2, f"{save}: cannot write: {reason}")


def _not_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """No game is played: the refusal comes before it."""
    import toolkit.engine.simulate

    def played(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the game was played")

    for name in ("simulate_tactics", "simulate_netrunner"):
        monkeypatch.setattr(toolkit.engine.simulate, name, played)


def test_simulate_replay_into_a_folder_that_takes_no_file_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _unwritable(tmp_path)
    _not_played(monkeypatch)
    reason = os.strerror(cannot_write(folder).errno or errno.EIO)  # type: ignore[union-attr]
    replay = folder / "r.html"
    result = _run("simulate", "tactics", "--decks", DUEL, "--decks", RIVAL, "--turns", "2", "--seed", "1",
                  "--replay", replay)  # fmt: skip
    _one_line(result, 2, f"--replay {replay}: cannot write: {reason}")


def test_simulate_replay_on_a_read_only_file_system_is_refused_before_the_game(
    tmp_path: Path, read_only_fs: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _not_played(monkeypatch)
    replay = tmp_path / "r.html"
    result = _run("simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--turns", "2", "--seed", "1",
                  "--replay", replay)  # fmt: skip
    _one_line(result, 2, f"--replay {replay}: cannot write: Read-only file system")


def _failing_write(monkeypatch: pytest.MonkeyPatch, module: Any) -> None:
    def refused(path: Path, *args: Any, **kwargs: Any) -> None:
        raise WriteError(path, os.strerror(errno.EROFS), errno.EROFS)

    monkeypatch.setattr(module, "write_replay", refused)


def test_a_tactics_replay_that_fails_after_the_game_loses_no_log(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    import toolkit.board.replay

    _failing_write(monkeypatch, toolkit.board.replay)  # (the folder filled up while the game was played)
    replay = tmp_path / "r.html"
    result = _run("simulate", "tactics", "--decks", DUEL, "--decks", RIVAL, "--turns", "2", "--seed", "1",
                  "--replay", replay)  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "result: nobody after 2 rounds" in result.stdout
    assert result.stderr.strip().endswith(f"--replay {replay}: cannot write: Read-only file system"), result.stderr


def test_a_netrunner_replay_that_fails_after_the_game_loses_no_log(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    import toolkit.engine.netrunner.replay

    _failing_write(monkeypatch, toolkit.engine.netrunner.replay)
    replay = tmp_path / "r.html"
    result = _run("simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--turns", "2", "--seed", "1",
                  "--replay", replay)  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "stopped at the turn limit (2 turns)" in result.stdout
    assert result.stderr.strip().endswith(f"--replay {replay}: cannot write: Read-only file system"), result.stderr


# ---------------------------------------------------------------- 4. balance -o: the file system's reason


def test_balance_report_folder_says_the_file_systems_reason(tmp_path: Path, read_only_fs: None) -> None:
    from toolkit.balance.report import check_report_folder

    for out in (tmp_path, tmp_path / "new" / "report"):  # (a folder there, and one to be made under it)
        with pytest.raises(WriteError) as caught:
            check_report_folder(out)
        assert str(caught.value) == f"{out}: cannot write: Read-only file system"


# ---------------------------------------------------------------- 5. map: the catalog's separators, null in words


@pytest.mark.parametrize(
    ("command", "data", "where"),
    [
        ("render", {"units": [{"pos": None}]}, "s.json:1:12：/units/0/pos："),
        ("render", None, "s.json:1:1：游戏状态"),
        ("replay", [{"state": {"units": [{"pos": None}]}}], "s.json:1:22：/0/state/units/0/pos："),
    ],
)
def test_map_state_errors_speak_chinese(tmp_path: Path, command: str, data: Any, where: str) -> None:
    state = _write(tmp_path / "s.json", data)
    out = tmp_path / ("o.svg" if command == "render" else "o.html")
    args: list[str | Path] = ["--state", state, "-o", out] if command == "render" else [state, "--out", out]
    line = _one_line(_run("--lang", "zh-Hans", "map", command, "hideout", *args), 2, where)
    assert ": " not in line.partition("：")[2], line  # (no English separator after the file's place)


def test_map_state_errors_name_null_in_words_in_chinese(tmp_path: Path) -> None:
    state = _write(tmp_path / "s.json", {"units": [{"pos": None}]})
    line = _one_line(_run("--lang", "zh-Hans", "map", "render", "hideout", "--state", state, "-o", tmp_path / "o.svg"),
                     2, "格子应为 [x, y]（两个整数）")  # fmt: skip
    assert line.endswith("而不是空值"), line  # (as lint names it; not the English literal)


def test_lint_names_a_null_record_in_words_in_chinese(tmp_path: Path) -> None:
    record = tmp_path / "x.json"
    record.write_text("null\n", encoding="utf-8")
    assert "a record is a JSON object, not null" in _run("lint", record).output
    assert "记录是一个 JSON 对象，而不是空值" in _run("--lang", "zh-Hans", "lint", record).output


def test_map_state_errors_in_english_say_null(tmp_path: Path) -> None:
    state = _write(tmp_path / "s.json", {"units": [{"pos": None}]})
    _one_line(_run("map", "render", "hideout", "--state", state, "-o", tmp_path / "o.svg"), 2,
              f"{state}:1:12: /units/0/pos: a cell is [x, y] (two integers), not null")  # fmt: skip


# ---------------------------------------------------------------- 6. lint: --load F --save F


def test_lint_suggests_going_on_with_a_saved_game_and_keeping_it(tmp_path: Path,
                                                                  tactics_save: dict[str, Any]) -> None:  # fmt: skip
    saved = _write(tmp_path / "my game.json", tactics_save)
    result = _run("lint", saved)
    quoted = shlex.quote(str(saved))
    assert f"`dossier play tactics --load {quoted} --save {quoted}` goes on with it" in result.output, result.output
