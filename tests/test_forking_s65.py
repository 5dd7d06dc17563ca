"""A process with a second thread forks no helper: a lock that thread holds at the fork stays held in the child,
which then waits for ever (a test runner's worker was seen stuck so, building a database for a search)."""

from __future__ import annotations

import _thread
import os
import threading
import time
from pathlib import Path

import pytest

import toolkit.forking
import validators.lint
import validators.text_lint
from toolkit.catalog import context_sources, discover
from validators.lint import lint_sources

from .test_lint_jobs import pool  # noqa: F401 - the fixture: the bundled cards with text findings planted


def test_a_thread_started_outside_threading_counts() -> None:
    before = toolkit.forking.threads()
    started, stop = threading.Event(), threading.Event()

    def run() -> None:
        started.set()
        stop.wait()

    _thread.start_new_thread(run, ())  # (as a messaging library starts its own: threading does not list it)
    started.wait()
    try:
        if os.path.isdir("/proc/self/task"):
            assert toolkit.forking.threads() == before + 1
        assert not toolkit.forking.may_fork()
    finally:
        stop.set()
    deadline = time.monotonic() + 5
    while toolkit.forking.threads() > before and time.monotonic() < deadline:
        time.sleep(0.01)


def test_lint_with_another_thread_starts_no_worker(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    serial_sources, wanted = context_sources(discover([pool]), walked=[pool])
    serial = [f.format() for f in lint_sources(serial_sources, wanted, jobs=1).findings]
    forked: list[int] = []
    real = validators.text_lint.TextVerdicts.start_workers

    def counted(self: validators.text_lint.TextVerdicts, chunks: list, workers: int) -> None:
        real(self, chunks, workers)
        forked.append(len(self._workers))

    monkeypatch.setattr(validators.text_lint.TextVerdicts, "start_workers", counted)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    monkeypatch.setattr(toolkit.forking, "threads", lambda: 2)
    sources, wanted = context_sources(discover([pool]), walked=[pool])
    assert [f.format() for f in lint_sources(sources, wanted, jobs=3).findings] == serial
    assert forked == [0]
    monkeypatch.setattr(toolkit.forking, "threads", lambda: 1)
    sources, wanted = context_sources(discover([pool]), walked=[pool])
    assert [f.format() for f in lint_sources(sources, wanted, jobs=3).findings] == serial
    assert forked[-1] == 2


@pytest.mark.slow
def test_coverage_with_another_thread_plays_here_with_the_same_report(monkeypatch: pytest.MonkeyPatch) -> None:
    import concurrent.futures

    from toolkit.catalog import load_catalog
    from toolkit.coverage import run_coverage
    from toolkit.paths import CARDS_DIR

    records = load_catalog([CARDS_DIR]).records
    alone = run_coverage(records, games=2, seed=3)
    pools: list[int] = []
    real = concurrent.futures.ProcessPoolExecutor

    class Counted(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            pools.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counted)
    monkeypatch.setattr(toolkit.forking, "threads", lambda: 2)
    threaded = run_coverage(records, games=2, seed=3, jobs=2)
    assert (threaded.reached, threaded.changed, threaded.reached_in) == (alone.reached, alone.changed, alone.reached_in)
    assert not pools
