"""`dossier lint --jobs`: worker processes reach ability-text verdicts; the findings never change."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

import toolkit.catalog
import validators.lint
import validators.text_lint
from toolkit.catalog import context_sources, discover
from toolkit.paths import CARDS_DIR, SCHEMA_DIR
from validators.lint import lint_files, lint_sources

pytestmark = pytest.mark.usefixtures("forking")  # (their work is the forked workers')


def _set_text(path: Path, texts: list[Any], field: str = "text") -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data[field] = texts
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    """The bundled cards of all three games, with text findings of every kind spread over the files."""
    shutil.copytree(SCHEMA_DIR, tmp_path / "schema")
    shutil.copytree(CARDS_DIR, tmp_path / "cards")
    cards = sorted((tmp_path / "cards" / "tactics" / "cards").glob("*.json"))
    _set_text(cards[0], ["你抽 1 牌。"])  # does not parse
    _set_text(cards[-1], ["你抽两张牌。", "主动 横置 你抽 1 张牌。"])  # not canonical; does not parse
    _set_text(cards[len(cards) // 2], ["你抽两张牌。"])  # the same text in another file
    broken = cards[len(cards) // 3]  # a record the model refuses: its texts are checked as written
    data = json.loads(broken.read_text(encoding="utf-8"))
    data["cost"] = "many"
    data["text"] = ["你抽 1 牌。", "你抽两张牌。"]
    broken.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    _set_text(tmp_path / "cards" / "crossfire" / "roles" / "vip.json", ["如果你未被击中你获胜。"], field="win")
    return tmp_path / "cards"


def _lint(root: Path, jobs: int) -> list[str]:
    sources, wanted = context_sources(discover([root]), walked=[root])
    return [f.format() for f in lint_sources(sources, wanted, jobs=jobs).findings]


def _lint_files(root: Path, jobs: int) -> list[str]:
    """As `dossier lint` runs it: the workers forked before the files are read, reading their own."""
    return [f.format() for f in lint_files(discover([root]), [root], jobs=jobs).findings]


@pytest.mark.slow
def test_the_findings_are_the_same_with_workers(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    serial = _lint(pool, jobs=1)
    assert {"card.text.parse", "card.text.format", "card.schema"} <= {line.split()[2].rstrip(":") for line in serial}
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    for jobs in (2, 3):
        assert _lint(pool, jobs=jobs) == serial
        assert _lint_files(pool, jobs=jobs) == serial
    assert _lint_files(pool, jobs=1) == serial


def _counting(monkeypatch: pytest.MonkeyPatch, worker_delay: float = 0.0) -> list[str]:
    """The texts this process parses (a worker's parses are not counted here, each takes ``worker_delay``
    seconds longer there)."""
    here: list[str] = []
    real = validators.text_lint.verdict
    this_process = os.getpid()

    def counted(text: str) -> Any:
        if os.getpid() == this_process:
            here.append(text)
        else:
            time.sleep(worker_delay)
        return real(text)

    monkeypatch.setattr(validators.text_lint, "verdict", counted)
    return here


def test_workers_do_the_work(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the workers get through every chunk before this process is done with the files, this process
    parses only the texts of the records the model refused (checked as the files are)."""
    here = _counting(monkeypatch)
    _lint(pool, jobs=1)
    everything = len(here)
    here.clear()
    real_take_back = validators.text_lint.TextVerdicts.take_back

    def after_the_workers(self: validators.text_lint.TextVerdicts, entries: Any) -> None:
        self.collect()  # every chunk taken and checked by the workers
        real_take_back(self, entries)

    monkeypatch.setattr(validators.text_lint.TextVerdicts, "take_back", after_the_workers)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    _lint(pool, jobs=2)
    assert 0 < len(here) < everything * 0.1


def test_chunks_no_worker_started_are_taken_back(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow worker gets through a chunk or two; this process checks the rest, with the same findings."""
    serial = _lint(pool, jobs=1)
    here = _counting(monkeypatch, worker_delay=0.02)
    _lint(pool, jobs=1)
    everything = len(here)
    here.clear()
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    assert _lint(pool, jobs=2) == serial
    assert everything * 0.8 < len(here) < everything


def test_few_files_take_no_worker(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Any] = []
    monkeypatch.setattr(
        validators.text_lint.TextVerdicts, "start_workers", lambda self, chunks, workers: started.append(chunks)
    )
    _lint(pool, jobs=4)  # the bundled pool is under PARALLEL_FROM files
    assert started == [[]]


def test_a_failing_worker_costs_only_time(
    pool: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    serial = _lint(pool, jobs=1)

    def broken(*args: Any) -> Any:
        raise RuntimeError("worker failed")

    monkeypatch.setattr(validators.text_lint, "_share_verdicts", broken)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    capfd.readouterr()
    assert _lint(pool, jobs=2) == serial
    assert capfd.readouterr().err == ""  # no traceback from the worker


def test_a_worker_that_dies_costs_only_time(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker killed half way (out of memory, a signal) sends nothing; this process checks its texts."""
    serial = _lint(pool, jobs=1)
    real = validators.text_lint.verdict
    this_process, seen = os.getpid(), [0]

    def dies(text: str) -> Any:
        if os.getpid() != this_process:
            seen[0] += 1
            if seen[0] > 30:
                os._exit(9)
        return real(text)

    monkeypatch.setattr(validators.text_lint, "verdict", dies)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    assert _lint(pool, jobs=3) == serial
    assert _lint_files(pool, jobs=2) == serial


def test_a_lock_never_released_costs_only_time(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker killed while it held the lock on the chunk counter never releases it: the others and this
    process stop waiting for it, and this process checks every text no worker did."""
    serial = _lint(pool, jobs=1)
    monkeypatch.setattr(validators.text_lint, "LOCK_TIMEOUT", 0.2)
    real_start = validators.text_lint.TextVerdicts.start_workers

    def start_then_hold(self: Any, chunks: Any, workers: int) -> None:
        real_start(self, chunks, workers)
        if self._lock is not None:
            self._lock.acquire()  # as a process that died holding it would

    monkeypatch.setattr(validators.text_lint.TextVerdicts, "start_workers", start_then_hold)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    assert _lint(pool, jobs=3) == serial


def test_cli_jobs_option(pool: Path, cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    serial, parallel = cli("lint", "-j", "1", pool), cli("lint", "--jobs", "2", pool)
    assert serial.exit_code == parallel.exit_code == 1
    assert serial.output == parallel.output
    refused = cli("lint", "--jobs", "0", pool)
    assert refused.exit_code == 2
    assert "--jobs" in refused.output


def test_a_file_changed_after_a_worker_read_it(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers read the files themselves: a file rewritten between their read and this process's
    gets the findings of what this process read (a text without a verdict is checked here)."""
    card = sorted((pool / "tactics" / "cards").glob("*.json"))[5]
    real = toolkit.catalog.context_sources  # lint_files imports it when called: patched below

    def rewrite_then_read(targets: Any, walked: Any, *known: Any) -> Any:
        verdicts_seen[0].collect()  # the workers have read every file
        _set_text(card, ["你抽 1 牌。"])
        return real(targets, walked, *known)

    verdicts_seen: list[Any] = []
    real_start = validators.text_lint.TextVerdicts.start_workers

    def start(self: Any, chunks: Any, workers: int) -> None:
        verdicts_seen.append(self)
        real_start(self, chunks, workers)

    monkeypatch.setattr(validators.text_lint.TextVerdicts, "start_workers", start)
    monkeypatch.setattr(toolkit.catalog, "context_sources", rewrite_then_read)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    parallel = _lint_files(pool, jobs=2)
    monkeypatch.undo()
    assert parallel == _lint_files(pool, jobs=1)
    assert any(card.name in line and "card.text.parse" in line for line in parallel)


def test_a_file_a_worker_checked_is_not_read_again_here(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a worker found in a file this process has not read stands on the file's signature (device, inode,
    size, times of change, taken before the worker read it): the file is not read here, unless to place a
    finding found later; the findings are the same as without workers."""
    serial = _lint_files(pool, jobs=1)
    read_here: list[str] = []
    real_read, real_adopt = toolkit.catalog.read_source, validators.lint._Files.adopt
    real_take_back = validators.text_lint.TextVerdicts.take_back
    adopted: list[Any] = []

    def read(path: Path, *args: Any, **kwargs: Any) -> Any:
        read_here.append(str(path))
        return real_read(path, *args, **kwargs)

    def adopt(self: Any, entry: Any, result: Any, **kwargs: Any) -> bool:
        taken = real_adopt(self, entry, result, **kwargs)
        if taken:
            adopted.append(entry)
        return bool(taken)

    def after_the_workers(self: Any, entries: Any) -> None:
        self.collect()  # the workers check every file they may before this process takes any
        real_take_back(self, entries)

    monkeypatch.setattr(toolkit.catalog, "read_source", read)
    monkeypatch.setattr(validators.lint._Files, "adopt", adopt)
    monkeypatch.setattr(validators.text_lint.TextVerdicts, "take_back", after_the_workers)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    parallel = _lint_files(pool, jobs=2)
    assert parallel == serial
    quiet = {str(entry.source.path) for entry in adopted if not entry._findings}
    placed = {str(entry.source.path) for entry in adopted if entry._findings}
    assert len(quiet) > 100 and not quiet & set(read_here)
    assert placed and (set(read_here) & (quiet | placed)) <= placed  # (read again only to place a finding)


class _BulkyWork:
    """A FileWork whose every file yields a result far larger than a pipe holds."""

    def work(self, chunk: list[tuple[str, Path]]) -> list[tuple[str, Any]]:
        return [(key, "x" * 200_000) for key, _ in chunk]

    def adopt(self, entry: Any, result: Any) -> bool:
        return True

    def check(self, entries: list[Any]) -> None:
        pass


def test_a_worker_goes_on_while_this_process_reads_nothing() -> None:
    """While this process is busy elsewhere (reading the records around the targets, say) and reads none of a
    worker's results, the worker goes on taking chunks rather than waiting for the pipe to empty; every
    result arrives once this process reads."""
    verdicts = validators.text_lint.TextVerdicts(_BulkyWork())
    chunks = [[(f"file{i}", Path(f"file{i}.json"))] for i in range(30)]  # 30 x 200 kB: beyond any pipe
    verdicts.start_workers(chunks, 1)
    try:
        deadline = time.monotonic() + 20
        while verdicts._next.value < len(chunks) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert verdicts._next.value == len(chunks)  # every chunk taken, not one result read yet
        verdicts.collect()
        assert sorted(verdicts._results) == sorted(f"file{i}" for i in range(30))
    finally:
        verdicts.close()


def test_a_lint_stopped_while_it_reads_the_context_says_why(pool: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What stops a lint while it reads the records around its targets (Ctrl-C, an error) is what the caller
    sees, not an UnboundLocalError from the clean-up of the cache writes it had not begun."""

    def interrupted(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(toolkit.catalog, "context_sources", interrupted)
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    with pytest.raises(KeyboardInterrupt):
        lint_files(discover([pool]), [pool], jobs=2)
