"""Saved games, replays and the terminal player, stop 73 (sweep 73c).

- the replay of a resigned tactics game ends as its log ended: the step under way when the seat resigned is a last
  frame (its entries and its board), then the resignation, numbered as the game's log numbers it;
- SIGHUP (the terminal closed) and SIGTERM stop a game played with `--save` as Ctrl-C does: the game is saved with
  every decision taken, a line says so, and the exit is 129 / 143 (128 + the signal's number);
- `--turns` with `--load` raises the saved game's limit (never lowers it): a game that stopped at its turn limit
  (`simulate netrunner --turns 3 --save`) goes on.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_saves_s71 import CORP, DECKS, RUNNER, _data, _run

DUEL = DECKS / "tactics" / "duel.json"
# a Duel game (seed 1) P1 resigns while its Mistblade's 行进 (march) is under way: the ability used and the unit
# tapped for it (log entries 41, 42), the cell to move to not yet chosen
MID_STEP = ["yes", "yes", "yes", "none", "cell:0,0", "n", "play:cicada_wing_dagger#2@mistblade#1", "none",
            "play:med_kit#5@mistblade#1", "none", "play:dazzled#4@mistblade#1", "mistblade#1", "none",
            "ability:mistblade#1:march:0", "none", "resign", "y"]  # fmt: skip


def _resigned_mid_step(tmp_path: Path) -> Path:
    saved = tmp_path / "g.json"
    code, output = _run("play", "tactics", "--decks", DUEL, "--seed", "1", "--plain", "--save", saved,
                        stdin="\n".join(MID_STEP) + "\n")  # fmt: skip
    assert code == 0 and _data(saved)["status"] == "resigned", output
    assert "  43 P1 resigned" in output, output  # (the live log: after entries 41 and 42)
    return saved


def _records() -> list:
    from toolkit.cli.deck import load_pool

    return list(load_pool(None).records)


def _ends_as_the_log(frames: list, session: object) -> None:
    last = frames[-1]
    seqs = [e["seq"] for e in last["events"]]
    assert seqs == [41, 42, 43], [(e["seq"], e["event"]) for e in last["events"]]
    assert [e["event"] for e in last["events"]][:2] == ["ability", "tap"]
    end = last["events"][-1]
    assert (end["event"], end["winners"], str(end["reason"])) == ("game_over", [2], "P1 resigned")
    assert last["state"] == session.game.board_state()  # type: ignore[attr-defined]  # (the board as it was left)
    every = [e["seq"] for f in frames for e in f["events"]]
    assert every == list(range(1, 44))  # (no entry lost, none twice)


def test_map_replay_of_a_game_resigned_mid_step_keeps_the_step(tmp_path: Path) -> None:
    from toolkit.cli.deck import load_pool
    from toolkit.cli.map import saved_frames
    from toolkit.engine.tactics.session import TacticsSession

    saved = _resigned_mid_step(tmp_path)
    pool = load_pool(None)
    session = TacticsSession.from_json(list(pool.records), _data(saved))
    frames = saved_frames(saved, _data(saved), session.game.board, pool)
    _ends_as_the_log(frames, session)
    assert frames[-1]["label"] == frames[-2]["label"].replace("3", "4")  # (the step under way: action 4)
    out = tmp_path / "r.html"
    code, output = _run("map", "replay", "hideout", saved, "-o", out)
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    assert "42 P1 tap (" in page and "43 game over (winners: P2, reason: P1 resigned" in page


def test_resigned_end_of_frames_made_by_another_session(tmp_path: Path) -> None:
    """As the web's replay makes them: the frames of a session played again, ended with the resigned one."""
    from toolkit.cli.map import resigned_end
    from toolkit.engine.tactics.session import TacticsSession

    records = _records()
    session = TacticsSession.from_json(records, _data(_resigned_mid_step(tmp_path)))
    frames: list = []
    TacticsSession(records, session.setup, session.labels, frames)
    resigned_end(frames, session)
    _ends_as_the_log(frames, session)


def test_resigned_at_the_mulligan_ends_with_one_frame(tmp_path: Path) -> None:
    from toolkit.cli.map import resigned_end
    from toolkit.engine.tactics.session import TacticsSession

    saved = tmp_path / "m.json"
    code, output = _run("play", "tactics", "--decks", DUEL, "--seed", "3", "--plain", "--save", saved,
                        stdin="resign\ny\n")  # fmt: skip
    assert code == 0, output
    records = _records()
    session = TacticsSession.from_json(records, _data(saved))
    frames: list = []
    TacticsSession(records, session.setup, session.labels, frames)
    resigned_end(frames, session)
    n = len(session.game.log)
    assert [e["seq"] for f in frames for e in f["events"]] == list(range(1, n + 2))
    assert frames[-1]["events"][-1]["event"] == "game_over"


# ---- 2: SIGHUP and SIGTERM save the game as Ctrl-C does


def _read_until(proc: subprocess.Popen, text: str, timeout: float = 90) -> str:
    assert proc.stdout is not None
    got = b""
    end = time.monotonic() + timeout
    while text.encode() not in got:
        left = end - time.monotonic()
        assert left > 0, got.decode(errors="replace")[-2000:]
        ready = select.select([proc.stdout], [], [], left)[0]
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, got.decode(errors="replace")[-2000:]
            got += chunk
    return got.decode(errors="replace")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")
@pytest.mark.parametrize(("name", "code"), [("SIGHUP", 129), ("SIGTERM", 143)])
def test_a_signal_stops_and_saves(tmp_path: Path, name: str, code: int) -> None:
    saved = tmp_path / "s.json"
    env = {**os.environ, "DOSSIER_CARDS": "", "DOSSIER_LANG": "en"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolkit.cli", "play", "tactics", "--decks", str(DUEL), "--seed", "1", "--plain",
         "--save", str(saved)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=tmp_path,
    )  # fmt: skip
    try:
        assert proc.stdin is not None
        _read_until(proc, "your choice")
        for label in MID_STEP[:3]:  # three decisions taken, the fourth asked
            proc.stdin.write(f"{label}\n".encode())
            proc.stdin.flush()
            _read_until(proc, "your choice")
        proc.send_signal(getattr(signal, name))
        rest = proc.communicate(timeout=60)[0].decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == code, rest
    assert f"stopped; saved to {saved}" in rest, rest
    humans = [d for d in _data(saved)["decisions"] if not d.startswith("sealed:")]
    assert humans == MID_STEP[:3]  # (every decision taken is kept)


# ---- 3: --turns with --load raises the saved game's limit


def test_turns_raise_the_limit_of_a_simulated_game(tmp_path: Path) -> None:
    saved = tmp_path / "ss.json"
    code, output = _run("simulate", "netrunner", "--decks", CORP, "--decks", RUNNER, "--turns", "3", "--seed", "1",
                        "--save", saved)  # fmt: skip
    assert code == 0 and "turn limit" in output, output
    before = len(_data(saved)["decisions"])
    code, output = _run("play", "netrunner", "--load", saved, "--plain")
    assert code == 0 and "stopped at the turn limit (3 turns); no winner (--turns raises the limit)" in output, output
    code, output = _run("play", "netrunner", "--load", saved, "--turns", "10", "--plain", "--save", saved)
    assert code == 0, output
    assert "stopped at the turn limit" not in output and "stopped: end of input; saved to" in output, output
    kept = _data(saved)
    assert kept["turns"] == 10 and len(kept["decisions"]) >= before
    code, output = _run("play", "netrunner", "--load", saved, "--turns", "5", "--plain")  # lower: refused
    assert code == 2 and "--turns 5" in output and "10" in output and "raise" in output, output


def test_turns_raise_the_round_limit_of_a_tactics_game(tmp_path: Path) -> None:
    saved = tmp_path / "t.json"
    code, output = _run("play", "tactics", "--decks", DUEL, "--seed", "1", "--turns", "1", "--plain", "--save", saved)
    assert code == 0 and _data(saved)["setup"]["rounds"] == 1, output
    code, output = _run("play", "tactics", "--load", saved, "--turns", "5", "--plain", "--save", saved)
    assert code == 0 and "stopped: end of input" in output, output
    assert _data(saved)["setup"]["rounds"] == 5
    code, output = _run("play", "tactics", "--load", saved, "--turns", "5", "--plain")  # (the same: taken)
    assert code == 0, output
    code, output = _run("play", "tactics", "--load", saved, "--turns", "2", "--plain")
    assert code == 2 and "--turns 2" in output, output


# ---- a Netrunner save whose seed was changed: its sealed decisions do not open (told so, not as a rules change)


def test_a_netrunner_save_of_a_changed_seed_says_its_seals_do_not_open(tmp_path: Path) -> None:
    import json

    saved = tmp_path / "s.json"
    code, output = _run("play", "netrunner", "--decks", CORP, "--decks", RUNNER, "--side", "runner", "--seed", "1",
                        "--save", saved, "--plain", stdin="1\n1\n")  # fmt: skip
    assert code == 0, output
    data = _data(saved)
    assert any(isinstance(d, str) and d.startswith("sealed:") for d in data["decisions"])  # (the machine's, sealed)
    data["seed"] = 10**25
    saved.write_text(json.dumps(data), encoding="utf-8")
    code, output = _run("play", "netrunner", "--load", saved, "--plain")
    assert code != 0 and "does not match the seed (the file was changed)" in output, output
    assert "change to the rules" not in output, output
