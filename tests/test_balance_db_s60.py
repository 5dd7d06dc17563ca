"""Session 60: `dossier balance compare` reads a report file as every command reads a user's JSON file (a FIFO or a
device refused at once, not waited on or read forever; a file not UTF-8, empty or cut short is one line with its
place, worded as the other commands word it, in both languages); and a ./dossier.db holding only the balance runs
`dossier balance` kept there is not the card database `search` and `show` read."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.balance.store import holds_only_runs, list_runs, save_run

from .hang_guard import hang_guard

HANG = 20  # seconds: a case still running is hung (a FIFO opened for reading waits for a writer forever)


@pytest.fixture(autouse=True)
def _hang_guard() -> Iterator[None]:
    with hang_guard(HANG):
        yield


def _line(result: Any) -> str:
    """The one line a refusal prints on stderr (no traceback, nothing else)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def _apart(*args: Any) -> Any:
    """``dossier ARGS`` in a process of its own, its memory limited to 2 GB and its time to half of :data:`HANG`: reading
    /dev/zero to its end (as before) is a MemoryError there, not this process's memory (nor the machine's)."""
    import resource
    import subprocess
    from types import SimpleNamespace

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 * 10**9, 2 * 10**9))

    code = "import sys; from toolkit.cli import app; sys.exit(app())"
    done = subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True,
                          timeout=HANG / 2, preexec_fn=limit, check=False)  # fmt: skip
    return SimpleNamespace(exit_code=done.returncode, stderr=done.stderr, output=done.stdout + done.stderr,
                           exception=None)  # fmt: skip


def _rate(n: int, score: float) -> dict[str, Any]:
    return {"n": n, "score": score, "rate": score / n, "low": 0.0, "high": 1.0}


def _report(score: float = 20.0) -> dict[str, Any]:
    return {"meta": {"game": "tactics", "card_set": "x", "seed": 1},
            "figures": {"games": 40, "seats": [{"seat": 1, **_rate(40, score)}, {"seat": 2, **_rate(40, 40 - score)}],
                        "agents": [{"agent": "anvil", **_rate(40, score)}],
                        "modes": [{"mode": "duel", "games": 40, "first_seat": _rate(40, score)}]}}  # fmt: skip


BAD_FILES = {
    "empty": b"",
    "cut short": b'{"figures": {',
    "not UTF-8": b'{"meta": "caf\xe9"}',
    "two values": b'{"figures": {}} {}',
}


# 1. the report file of `balance compare`, read as the other commands read a JSON file


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("case", [*BAD_FILES, "FIFO", "FIFO in the --out folder", "device", "too large"])
def test_a_bad_report_file_is_refused_as_other_commands_refuse_it(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str, lang: str
) -> None:
    """The same line and exit code as `crossfire resolve` gives for the same file: before, a FIFO hung, /dev/zero
    ended in a MemoryError, and a bad file was "cannot read: Expecting value: line 1 column 1 (char 0)"."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOSSIER_LANG", lang)
    given: Path | str
    if case in BAD_FILES:
        given = path = tmp_path / "report.json"
        path.write_bytes(BAD_FILES[case])
    elif case.startswith("FIFO"):
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        (tmp_path / "out").mkdir()
        path = tmp_path / "out" / "report.json"
        os.mkfifo(path)
        given = tmp_path / "out" if case.endswith("folder") else path
    elif case == "device":
        if not sys.platform.startswith("linux"):
            pytest.skip("needs /dev of Linux")
        given = path = Path("/dev/zero")
    else:
        given = path = tmp_path / "report.json"
        with open(path, "wb") as handle:  # sparse: no disk taken
            handle.truncate(65 * 2**20)
    ours = _apart("balance", "compare", given, "1") if case == "device" else cli("balance", "compare", given, "1")
    theirs = cli("crossfire", "resolve", path)
    assert _line(ours) == _line(theirs)
    assert ours.exit_code == theirs.exit_code == (2 if case.startswith(("FIFO", "device", "too")) else 1)
    if lang == "en":
        assert _line(ours).startswith(f"dossier: error: {path}")
        if case in ("empty", "cut short"):
            assert "invalid JSON" in _line(ours) and "char " not in _line(ours) and "cannot read" not in _line(ours)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: [r], "1:1"),
        (lambda r: {"meta": r["meta"]}, "1:1"),
        (lambda r: {**r, "figures": 5}, '"figures"'),
        (lambda r: {**r, "meta": 3}, '"meta"'),
        (lambda r: {**r, "figures": {**r["figures"], "seats": {"seat": 1}}}, '"seats"'),
        (lambda r: {**r, "figures": {**r["figures"], "seats": ["seat 1"]}}, '"seat 1"'),
        (lambda r: {**r, "figures": {**r["figures"], "agents": [{"agent": ["anvil"], **_rate(4, 1)}]}}, '"agent"'),
        (lambda r: {**r, "figures": {**r["figures"], "agents": [{**_rate(4, 1)}]}}, "{"),
        (lambda r: {**r, "figures": {**r["figures"], "agents": [{"agent": "a", **_rate(4, 1), "n": "4"}]}}, '"n"'),
        (lambda r: {**r, "figures": {**r["figures"], "agents": [{"agent": "a", **_rate(4, 1), "n": True}]}}, '"n"'),
        (lambda r: {**r, "figures": {**r["figures"], "modes": [{"mode": "duel"}]}}, "{"),
        (
            lambda r: {**r, "figures": {**r["figures"], "modes": [{"mode": "duel", "first_seat": {"n": 4}}]}},
            '"first_seat"',
        ),
    ],
)
def test_figures_that_are_no_report_s_are_one_line_with_their_place(
    cli: Any, tmp_path: Path, change: Any, where: str
) -> None:
    """Valid JSON whose figures `compare` cannot read: before, an AttributeError or a TypeError's traceback."""
    path = tmp_path / "report.json"
    data = change(_report())
    text = json.dumps(data, indent=2)
    path.write_text(text, encoding="utf-8")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_report()), encoding="utf-8")
    result = cli("balance", "compare", good, path)
    line = _line(result)
    assert result.exit_code == 1
    assert line.startswith(f"dossier: error: {path}:") and line.endswith(": not a balance report"), line
    line_no, column = map(int, line.removeprefix(f"dossier: error: {path}:").split(":")[:2])
    if where != "1:1":
        assert text.splitlines()[line_no - 1][column - 1 :].startswith(where), (line, text)


def test_reports_compare_and_a_moved_rate_is_found(cli: Any, tmp_path: Path) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    before.write_text(json.dumps(_report(20.0)), encoding="utf-8")
    after.write_text(json.dumps(_report(36.0)), encoding="utf-8")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "report.json").write_text(json.dumps(_report(36.0)), encoding="utf-8")
    for second in (after, tmp_path / "out"):
        result = cli("balance", "compare", before, second, "--json")
        assert result.exit_code == 0, result.output
        moved = json.loads(result.stdout)["moved"]
        assert {m["table"] for m in moved} == {"seats", "agents", "modes"}
    missing = cli("balance", "compare", before, tmp_path / "none.json")
    assert missing.exit_code == 2 and "no such run" in _line(missing)


# 2. a ./dossier.db of balance runs only is not the card database search and show read


def _runs_only_here(folder: Path) -> Path:
    save_run(None, {"game": "tactics", "card_set": "x", "decider": "heuristic", "seed": 1}, {"games": 3})
    db = folder / "dossier.db"
    assert holds_only_runs(db)
    return db


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


def test_search_and_show_read_the_pool_s_database_beside_a_database_of_runs(cli: Any, here: Path) -> None:
    """Before: `no such table: meta (is it a Dossier database? run 'dossier db build')`, exit 2."""
    db = _runs_only_here(here)
    kept = db.read_bytes()
    first = cli("search", "t:equipment")
    assert first.exit_code == 0, first.output
    assert "tactics/ambush_flare" in first.stdout
    assert first.stderr.startswith("dossier: dossier.db here holds only balance runs: building the card database in ")
    assert "`dossier db build` builds the cards into dossier.db and keeps the runs" in first.stderr
    again = cli("search", "t:equipment")
    assert again.exit_code == 0 and again.stdout == first.stdout and again.stderr == ""  # as before the run: quiet
    shown = cli("show", "frag_grenade")
    assert shown.exit_code == 0 and shown.stderr == "", shown.output
    assert "frag_grenade" in shown.stdout
    assert db.read_bytes() == kept and [run["games"] for run in list_runs(None)] == [3]


def test_print_query_reads_the_database_search_reads(cli: Any, here: Path) -> None:
    """`print --query` finds its cards where `search` does (before: no such table: meta beside a database of runs)."""
    _runs_only_here(here)
    printed = cli("print", "--query", "t:equipment", "--game", "tactics", "--out", here / "q.pdf")
    assert printed.exit_code == 0, printed.output
    assert (here / "q.pdf").read_bytes().startswith(b"%PDF")


def test_a_named_database_of_runs_is_one_line(cli: Any, here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = _runs_only_here(here)
    named = cli("search", "--db", db, "t:equipment")
    assert named.exit_code == 2
    assert "holds balance runs and no cards" in _line(named) and "keeps the runs" in _line(named)
    monkeypatch.setenv("DOSSIER_DB", str(db))
    shown = cli("show", "frag_grenade")
    assert shown.exit_code == 2 and "holds balance runs and no cards" in _line(shown)


def test_db_build_over_a_database_of_runs_keeps_them_and_search_reads_it(cli: Any, here: Path) -> None:
    _runs_only_here(here)
    built = cli("db", "build")
    assert built.exit_code == 0, built.output
    assert [run["games"] for run in list_runs(None)] == [3]
    assert not holds_only_runs(here / "dossier.db")
    found = cli("search", "t:equipment")
    assert found.exit_code == 0 and found.stderr == "" and "tactics/ambush_flare" in found.stdout
    assert not (here / "cache" / "dossier" / "db").exists()  # ./dossier.db was read, no pool database built


def test_another_dossier_db_that_is_no_card_database_is_still_refused(cli: Any, here: Path) -> None:
    """Only a database of runs alone is passed over: one holding a table of the user's is not hidden."""
    with sqlite3.connect(here / "dossier.db") as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("CREATE TABLE balance_runs (id INTEGER)")
    conn.close()
    assert not holds_only_runs(here / "dossier.db")
    result = cli("search", "t:equipment")
    assert result.exit_code == 2 and "not a Dossier database" in _line(result) and "notes" in _line(result)
