"""Progress counters of the slow commands: drawn on stderr when it is a terminal, nothing otherwise.

Each command runs twice through the real entry point: once with stderr on a
pseudo-terminal (the counter lines must appear: the label and ``n/total``, the
last one ``total/total``), once with stderr a pipe (nothing but what the command
always writes). Apart from the counter, both runs write the same bytes.
The library functions' meters (toolkit/meter.py) are checked in-process: every
phase they start is advanced to its total.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from toolkit.cli.progress import Phases

from .conftest import CARDS, ROOT, SCHEMA

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

COMMAND = [sys.executable, "-c", "from toolkit.cli import app; app()"]
COUNTER = re.compile(r"\r[^\r\n\x1b]*\x1b\[K")  # one drawing of the counter, or the clearing of its line
VARYING = re.compile(r"\d+\.\d+ s\b|build-\d+-[0-9a-f]+\.tmp")  # timings and temporary names differ per run
Args = list[str | Path]
CSV = "name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n迅击,Swift Strike,skill\n"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def run(args: Args, cwd: Path, *, terminal: bool, both: bool = False) -> Run:
    """``dossier ARGS`` with stdout a pipe and stderr a pseudo-terminal (``terminal``) or a pipe; with ``both``,
    stdout goes to the terminal too (as on a screen) and ``stderr`` is what the terminal received."""
    command = [*COMMAND, *map(str, args)]
    if not terminal:
        done = subprocess.run(command, cwd=cwd, capture_output=True, timeout=300, stdin=subprocess.DEVNULL)
        return Run(done.returncode, done.stdout.decode(), done.stderr.decode())
    import pty

    parent, child = pty.openpty()
    try:
        stdout_to = child if both else subprocess.PIPE
        process = subprocess.Popen(command, cwd=cwd, stdout=stdout_to, stderr=child, stdin=subprocess.DEVNULL)
    finally:
        os.close(child)
    chunks: list[bytes] = []

    def drain() -> None:  # read as it is written, so a full terminal buffer never blocks the command
        while True:
            try:
                data = os.read(parent, 4096)
            except OSError:  # EIO: every writer has closed the terminal
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        stdout, _ = process.communicate(timeout=300)
    finally:
        process.kill()
        reader.join(timeout=30)
        os.close(parent)
    stderr = b"".join(chunks).decode().replace("\r\n", "\n")  # the terminal turns \n into \r\n
    return Run(process.returncode, (stdout or b"").decode(), stderr)


def counters(stderr: str, label: str) -> list[tuple[int, int]]:
    """``(done, total)`` of every drawing of the counter ``label``."""
    return [(int(d), int(t)) for d, t in re.findall(rf"\r{re.escape(label)}  (\d+)/(\d+)  ", stderr)]


def visible(line: str) -> str:
    """What a terminal shows of one line: the text after the last carriage return, erasures dropped."""
    return line.rsplit("\r", 1)[-1].replace("\x1b[K", "")


def crossfire_copy(tmp_path: Path) -> Path:
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS / "crossfire", tmp_path / "cards" / "crossfire")
    return tmp_path / "cards" / "crossfire"


def lint(tmp_path: Path) -> Args:
    return ["lint", CARDS / "crossfire"]


def fmt_check(tmp_path: Path) -> Args:
    return ["fmt", "--check", CARDS / "crossfire"]


def fmt_rewrites(tmp_path: Path) -> Args:
    """A copy with one file written out of canonical form: a `reformatted` line prints while the counter runs."""
    game = crossfire_copy(tmp_path)
    record = game / "game.json"
    record.write_text(record.read_text(encoding="utf-8").replace("\n", "\n   "), encoding="utf-8")
    return ["fmt", game]


def db_build(tmp_path: Path) -> Args:
    return ["db", "build", "--db", tmp_path / "dossier.db", "--cards", CARDS / "crossfire"]


def db_build_verbose(tmp_path: Path) -> Args:
    return [*db_build(tmp_path), "--verbose"]


def import_netrunnerdb(tmp_path: Path) -> Args:
    return ["import", "netrunnerdb", ROOT / "tests" / "fixtures" / "netrunnerdb_v2", "--into", tmp_path / "nrdb"]


def import_csv(tmp_path: Path) -> Args:
    sheet = tmp_path / "cards.csv"
    sheet.write_text(CSV, encoding="utf-8")
    return ["import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out"]


def print_pdf_and_png(tmp_path: Path) -> Args:
    deck = ROOT / "examples" / "decks" / "tactics" / "duo.json"
    return ["print", "--deck", deck, "--out", tmp_path / "duo.pdf", "--png", tmp_path / "png"]


def text_coverage(tmp_path: Path) -> Args:
    return ["text", "coverage", "--games", "3", "--summary"]


CASES: list[tuple[Callable[[Path], Args], list[str]]] = [
    (lint, ["checking files", "checking texts"]),
    (fmt_check, ["checking files"]),
    (fmt_rewrites, ["formatting files"]),
    (db_build, ["reading files", "writing records", "building indexes"]),
    (import_netrunnerdb, ["reading card files", "converting cards", "writing records"]),
    (import_csv, ["reading rows", "checking files", "checking texts", "writing files"]),
    (print_pdf_and_png, ["drawing cards", "drawing single cards", "rendering PNG images"]),
    (text_coverage, ["playing games"]),
]


@pytest.mark.parametrize(("make", "labels"), CASES, ids=[make.__name__ for make, _ in CASES])
@pytest.mark.slow
def test_counter_on_a_terminal_and_nothing_else_on_a_pipe(
    make: Callable[[Path], Args], labels: list[str], tmp_path: Path
) -> None:
    (tmp_path / "tty").mkdir()
    (tmp_path / "pipe").mkdir()
    on_terminal = run(make(tmp_path / "tty"), tmp_path / "tty", terminal=True)
    on_pipe = run(make(tmp_path / "pipe"), tmp_path / "pipe", terminal=False)
    assert on_terminal.code == on_pipe.code == 0, on_terminal.stderr + on_pipe.stderr
    for label in labels:
        drawn = counters(on_terminal.stderr, label)
        assert drawn, f"no {label!r} counter in {on_terminal.stderr!r}"
        done, total = drawn[-1]
        assert total > 0 and done == total, drawn
    assert visible(on_terminal.stderr.split("\n")[-1]) == ""  # the counter's line is cleared at the end
    # a pipe gets no counter, no carriage return, no escape; the rest is the same bytes
    assert "\r" not in on_pipe.stderr and "\x1b" not in on_pipe.stderr
    assert "\r" not in on_pipe.stdout and "\x1b" not in on_pipe.stdout

    def same(text: str, where: str) -> str:
        return VARYING.sub("", text.replace(str(tmp_path / where), "DIR"))

    assert same(COUNTER.sub("", on_terminal.stderr), "tty") == same(on_pipe.stderr, "pipe")
    assert same(on_terminal.stdout, "tty") == same(on_pipe.stdout, "pipe")


@pytest.mark.parametrize("make", [fmt_rewrites, db_build_verbose], ids=["fmt", "db-build-verbose"])
def test_lines_printed_meanwhile_do_not_run_into_the_counter(make: Callable[[Path], Args], tmp_path: Path) -> None:
    """A line printed while the counter runs starts on a cleared line (stdout and stderr share the screen)."""
    result = run(make(tmp_path), tmp_path, terminal=True, both=True)
    assert result.code == 0, result.stderr
    lines = result.stderr.split("\n")
    assert any("\x1b[K" in line for line in lines[:-1])  # a counter was drawn before some printed line
    printed = [visible(line) for line in lines[:-1]]
    assert any(line.endswith("game.json: reformatted") or line.startswith("dossier: ") for line in printed)
    for line in printed:
        assert not re.search(r"\d+/\d+  +\d+%", line), printed
    assert visible(lines[-1]) == ""  # nothing left on the last line


# --------------------------------------------------------------------------- the pieces, in-process


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_phases_draw_one_counter_per_phase_and_clear_between() -> None:
    stream = _Terminal()
    with Phases(stream=stream, every=0.0) as meter:
        meter.start("reading files", 2)
        meter.advance()
        meter.advance()
        meter.clear()
        meter.start("writing records", 3)
        meter.advance(3)
    out = stream.getvalue()
    assert counters(out, "reading files") == [(1, 2), (2, 2)]
    assert counters(out, "writing records") == [(3, 3)]
    assert out.endswith("\r\x1b[K")


def test_phases_write_nothing_off_a_terminal() -> None:
    stream = io.StringIO()
    with Phases(stream=stream) as meter:
        meter.start("reading files", 2)
        meter.advance(2)
        meter.clear()
    assert stream.getvalue() == ""


@dataclass
class Recorder:
    """A meter that keeps every phase as ``[label, total, steps done]``."""

    phases: list[list[object]] = field(default_factory=list)

    def start(self, label: str, total: int) -> None:
        self.phases.append([label, total, 0])

    def advance(self, steps: int = 1) -> None:
        self.phases[-1][2] += steps  # type: ignore[operator]


def _lint(tmp_path: Path, meter: Recorder) -> None:
    from toolkit.catalog import context_sources, discover
    from validators.lint import lint_sources

    lint_sources(*context_sources(discover([CARDS / "tactics"])), meter=meter)


def _db(tmp_path: Path, meter: Recorder) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.db import build_database, resolve_target

    build_database(load_catalog([CARDS], meter=meter), resolve_target(str(tmp_path / "x.db")), meter=meter)


def _netrunnerdb(tmp_path: Path, meter: Recorder) -> None:
    from toolkit.importers import import_netrunnerdb

    for layout in ("netrunnerdb_v1", "netrunnerdb_v2"):
        import_netrunnerdb(ROOT / "tests" / "fixtures" / layout, tmp_path / layout, meter=meter)


def _tts(tmp_path: Path, meter: Recorder) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.sheets.fonts import default_fonts
    from toolkit.sheets.geometry import SheetSpec
    from toolkit.sheets.layouts import is_printable
    from toolkit.sheets.render import render_tts

    catalog = load_catalog([CARDS / "crossfire"])
    cards = [r for r in catalog.records if is_printable(r)][:3]
    render_tts(cards, SheetSpec(), default_fonts(), catalog, meter=meter)


@pytest.mark.parametrize("work", [_lint, _db, _netrunnerdb, _tts], ids=["lint", "db", "netrunnerdb", "tts"])
def test_every_phase_reaches_its_total(work: Callable[[Path, Recorder], None], tmp_path: Path) -> None:
    meter = Recorder()
    work(tmp_path, meter)
    assert meter.phases
    for label, total, done in meter.phases:
        assert done == total, (label, total, done)
