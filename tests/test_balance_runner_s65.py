"""The balance lab's runner and crossfire figures, sweep 65: SIGTERM while Ray starts stops the run as documented
(exit 143, the summary), not the process with Ray's exit 15 (or an abort) and no word, and a start cut short leaves
no process running; batches hold whole deals, so a stopped run never keeps a game without its seat-swapped twin; a
crossfire role dealt only at some player counts is held against the average seat of those counts."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import ROOT
from toolkit.balance import runner
from toolkit.balance.crossfire import TableJob, crossfire_figures
from toolkit.balance.games import GameSpec

# ---------------------------------------------------------------- 2. SIGTERM while Ray starts


class _SlowStart:
    """A Ray that takes a while to start and, as ``ray.init`` does, sets its own SIGTERM handler (one that exits
    15) through ``ray._private.utils.set_sigterm_handler``; SIGTERM comes meanwhile."""

    class exceptions:  # noqa: N801 - as ray.exceptions
        RayError = RuntimeError

    def __init__(self, kill: bool = True) -> None:
        self.kill = kill
        self.up = False
        self.finished = False  # its start ran to its end (SIGTERM did not cut it midway)
        self.shut = False
        utils = SimpleNamespace(set_sigterm_handler=lambda handler: signal.signal(signal.SIGTERM, handler))
        self._private = SimpleNamespace(utils=utils, worker=SimpleNamespace(_global_node=None))

    def is_initialized(self) -> bool:
        return self.up

    def init(self, **options: Any) -> None:
        self._private.utils.set_sigterm_handler(lambda signum, frame: sys.exit(signum))  # as ray.init does
        if self.kill:
            os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(30):  # (a Python handler runs in this thread between two steps)
            time.sleep(0.01)
        self.up = self.finished = True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 1}

    def shutdown(self) -> None:
        self.shut = True
        self.up = False


@pytest.fixture
def sigterm_noted() -> Any:
    """SIGTERM noted (not the end of the test process) outside what a test calls; its handler restored after."""
    noted: list[int] = []
    before = signal.signal(signal.SIGTERM, lambda signum, frame: noted.append(signum))
    yield noted
    signal.signal(signal.SIGTERM, before)


def test_sigterm_while_ray_starts_is_a_terminated_run(monkeypatch: pytest.MonkeyPatch, sigterm_noted: Any) -> None:
    fake = _SlowStart()
    monkeypatch.setattr(runner, "import_ray", lambda: fake)
    before = signal.getsignal(signal.SIGTERM)
    outcome = runner.run_games([], list(range(8)), workers=1)  # (before: SystemExit 15, Ray's handler)
    assert outcome.interrupted and outcome.terminated and outcome.results == [] and outcome.failure is None
    assert fake.finished  # held till Ray was up, not raised midway through its start
    assert fake.shut  # the Ray this call started: shut down
    assert signal.getsignal(signal.SIGTERM) is before and not sigterm_noted  # the handler as before the run
    assert fake._private.utils.set_sigterm_handler.__name__ == "<lambda>"  # Ray's own setter given back


def test_ray_sets_no_sigterm_handler_while_a_run_starts_it(monkeypatch: pytest.MonkeyPatch,
                                                           sigterm_noted: Any) -> None:  # fmt: skip
    """Ray's handlers are noted, not set: the run's own is in place as soon as the run starts, and after Ray's
    start (its C++ core's crash handler replaced)."""
    seen: list[Any] = []

    class Watched(_SlowStart):
        def init(self, **options: Any) -> None:
            seen.append(signal.getsignal(signal.SIGTERM))
            super().init(**options)
            seen.append(signal.getsignal(signal.SIGTERM))

        def remote(self, **_: Any) -> Any:
            seen.append(signal.getsignal(signal.SIGTERM))
            raise KeyboardInterrupt  # (stop there)

    fake = Watched(kill=False)
    monkeypatch.setattr(runner, "import_ray", lambda: fake)
    outcome = runner.run_games([], list(range(4)), workers=1)
    assert outcome.interrupted and not outcome.terminated
    assert len(seen) == 3 and all(isinstance(handler, runner._OnSigterm) for handler in seen), seen


def test_a_start_cut_short_leaves_no_process_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while Ray starts, before it connected to the processes it started (a raylet's agents do not end on
    SIGTERM then): they are ended all the same."""
    pytest.importorskip("ray")
    psutil = pytest.importorskip("psutil")
    started: list[subprocess.Popen[bytes]] = []

    class Starting(_SlowStart):
        def init(self, **_: Any) -> None:
            code = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)"
            started.append(subprocess.Popen([sys.executable, "-c", code]))
            time.sleep(0.3)  # (its handler set)
            raise KeyboardInterrupt

    monkeypatch.setattr(runner, "import_ray", lambda: Starting(kill=False))
    try:
        outcome = runner.run_games([], list(range(4)), workers=1)
        assert outcome.interrupted
        child = started[0]
        assert not psutil.pid_exists(child.pid) or child.poll() is not None, "left running"
    finally:
        for child in started:
            if child.poll() is None:
                child.kill()
                child.wait()


def test_sigterm_while_ray_fails_to_start_is_a_terminated_run(monkeypatch: pytest.MonkeyPatch,
                                                              sigterm_noted: Any) -> None:  # fmt: skip
    class Failing(_SlowStart):
        def init(self, **options: Any) -> None:
            super().init(**options)
            self.up = False
            raise RuntimeError("no room")

    monkeypatch.setattr(runner, "import_ray", lambda: Failing())
    outcome = runner.run_games([], list(range(4)), workers=1)
    assert outcome.interrupted and outcome.terminated and outcome.results == []


_CHILD = """
import signal, sys, time
from pathlib import Path
from types import SimpleNamespace

from toolkit.balance import runner

marker, out = sys.argv[1], sys.argv[2]


class SlowRay:
    class exceptions:
        RayError = RuntimeError

    def __init__(self):
        self.up = False
        utils = SimpleNamespace(set_sigterm_handler=lambda handler: signal.signal(signal.SIGTERM, handler))
        self._private = SimpleNamespace(utils=utils, worker=SimpleNamespace(_global_node=None))

    def is_initialized(self):
        return self.up

    def init(self, **options):
        self._private.utils.set_sigterm_handler(lambda signum, frame: sys.exit(signum))  # as ray.init does
        Path(marker).touch()
        for _ in range(150):  # seconds of starting
            time.sleep(0.01)
        self.up = True

    def cluster_resources(self):
        return {"CPU": 1}

    def shutdown(self):
        self.up = False


fake = SlowRay()
runner.import_ray = lambda: fake
from toolkit.cli import app

sys.exit(app(["balance", "tactics", "--games", "20", "--modes", "duel", "--no-save", "--out", out, "-w", "1",
              "--lang", "en"]))
"""


@pytest.mark.slow
def test_dossier_balance_given_sigterm_while_ray_starts_says_interrupted_and_exits_143(tmp_path: Path) -> None:
    marker = tmp_path / "starting"
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(marker), str(tmp_path / "report")], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert marker.exists(), child.communicate(timeout=5)
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 143, (child.returncode, out, err)  # (before: 15, Ray's handler, and no word)
    assert out.splitlines() == ["interrupted: 0 of 20 games finished", "no game finished: no report written"], out
    assert "Traceback" not in err, err
    assert not (tmp_path / "report" / "report.json").exists()


# ---------------------------------------------------------------- 5. whole deals


def _specs(games: int, players: int = 2) -> list[GameSpec]:
    """``games`` tactics games of ``players`` seats: deal ``k`` is games ``players·k`` … (as plan_random plans)."""
    return [GameSpec(i, "duel", "hideout", i, i // players, i % players != 0, "random", 1, None, players, i % players)
            for i in range(games)]  # fmt: skip


def _play(records: Any, specs: Any) -> list[dict[str, Any]]:
    return [{"index": spec.index} for spec in specs]


class _Ref:
    def __init__(self, value: Any) -> None:
        self.value = value


class _Games:
    """A running Ray session that plays each task at once, and is stopped (Ctrl-C) after ``batches`` tasks."""

    class exceptions:  # noqa: N801 - as ray.exceptions
        RayError = RuntimeError

    def __init__(self, batches: int) -> None:
        self.batches = batches
        self.sizes: list[int] = []

    def is_initialized(self) -> bool:
        return True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2}

    def remote(self, **_: Any) -> Any:
        return lambda function: SimpleNamespace(remote=lambda *args: _Ref(function(*args)))

    def put(self, value: Any) -> Any:
        return value

    def wait(self, refs: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        if len(self.sizes) >= self.batches:
            raise KeyboardInterrupt
        return refs[:1], refs[1:]

    def get(self, ref: Any) -> Any:
        self.sizes.append(len(ref.value))
        return ref.value

    def cancel(self, ref: Any, force: bool) -> None:
        pass


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_stopped_run_keeps_every_game_with_its_deal(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    fake = _Games(batches=3)
    monkeypatch.setattr(runner, "import_ray", lambda: fake)
    outcome = runner.run_games([], _specs(200, players), workers=2, play=_play)
    assert outcome.interrupted and outcome.dropped == 0
    assert outcome.batch % players == 0 and all(size % players == 0 for size in fake.sizes), fake.sizes
    indices = [r["index"] for r in outcome.results]
    assert indices == list(range(len(indices))) and len(indices) % players == 0  # (before: 39 of 200, 13 a batch)


def test_a_batch_asked_for_is_whole_deals_too(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _Games(batches=2)
    monkeypatch.setattr(runner, "import_ray", lambda: fake)
    outcome = runner.run_games([], _specs(20), workers=1, batch=3, play=_play)
    assert outcome.batch == 4 and fake.sizes == [4, 4]


@pytest.mark.parametrize("deal", [1, 2, 3, 4])
@pytest.mark.parametrize("games", [1, 7, 100, 200, 2000, 100_000])
@pytest.mark.parametrize("workers", [1, 2, 16])
def test_batch_size_is_whole_deals(deal: int, games: int, workers: int) -> None:
    size = runner.batch_size(games, workers, deal=deal)
    assert size % deal == 0 and size >= 1
    assert size - runner.batch_size(games, workers) < deal  # (the same size, rounded up)


def test_games_per_deal() -> None:
    assert runner.deal_size(_specs(6, 3)) == 3 and runner.deal_size(_specs(6)) == 2
    assert runner.deal_size([TableJob(0, "crossfire", 7, 10, 1)]) == 1  # a crossfire job stands alone
    assert runner.deal_size([]) == 1 and runner.deal_size(list(range(4))) == 1


def test_only_whole_deals_are_kept() -> None:
    results = [{"index": i} for i in range(13)]
    kept, dropped = runner.whole_deals(results, _specs(20), 2)
    assert [r["index"] for r in kept] == list(range(12)) and dropped == 1  # game 12 without game 13
    kept, dropped = runner.whole_deals([{"index": i} for i in (0, 1, 2, 4)], _specs(6, 3), 3)
    assert [r["index"] for r in kept] == [0, 1, 2] and dropped == 1
    everything = [{"index": i} for i in range(5)]  # 5 games asked: the last deal is game 4 alone, and it is whole
    assert runner.whole_deals(everything, _specs(5), 2) == (everything, 0)


# ---------------------------------------------------------------- 3. a role held against the seats it was dealt


def _job(players: int, tables: int, roles: dict[str, list[int]]) -> dict[str, Any]:
    dealt = sum(n for n, _ in roles.values())
    won = sum(w for _, w in roles.values())
    return {"index": players, "mode": "crossfire", "players": players, "tables": tables, "roles": roles,
            "seats": {"1": [dealt, won]}}  # fmt: skip


def test_a_role_of_some_player_counts_is_held_against_their_average_seat() -> None:
    """6 players: an average seat wins 55%; 7 players: 45%, the decoy (dealt only there) as well. Over the run the
    average seat wins 49.6%, but the decoy wins as an average seat of the tables it was dealt in: no outlier, as
    its 7-player table says."""
    results = [_job(6, 10_000, {"agent": [60_000, 33_000]}),
               _job(7, 10_000, {"agent": [60_000, 27_000], "decoy": [10_000, 4_500]})]  # fmt: skip
    figures = crossfire_figures(results)
    assert abs(figures["baseline"] - 64_500 / 130_000) < 1e-6  # (the run's average seat, as before)
    roles = {row["role"]: row for row in figures["roles"]}
    assert roles["decoy"]["centre"] == 0.45 and roles["decoy"]["flag"] is None  # (before: weak against 49.6%)
    assert roles["agent"]["centre"] == 0.5 and roles["agent"]["flag"] is None
    seven = next(block for block in figures["players"] if block["players"] == 7)
    assert [row["flag"] for row in seven["roles"]] == [None, None]
    assert figures["outliers"] == []


def test_a_role_weaker_than_the_seats_of_its_tables_is_still_flagged() -> None:
    results = [_job(6, 10_000, {"agent": [60_000, 33_000]}),
               _job(7, 10_000, {"agent": [60_000, 27_600], "decoy": [10_000, 3_000]})]  # fmt: skip
    roles = {row["role"]: row for row in crossfire_figures(results)["roles"]}
    assert roles["decoy"]["flag"] == "weak" and roles["decoy"]["centre"] == round(30_600 / 70_000, 6)
