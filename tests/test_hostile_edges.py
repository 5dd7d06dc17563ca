"""Regressions from a hostile sweep (issue 26, the smaller cases): an unreadable folder beside the decks of
`deck validate DIR`, a CSV row over the field size and a UTF-32 sheet for `import csv`, an empty `--map`, a
reader that closes the pipe of `search … | head`, and a card file that begins with a byte-order mark for
`fmt --check`. Each gives the right result or one line naming the file and place, the documented exit code,
and no traceback.

Tests run as root, which reads any directory: an unreadable one is simulated (os.scandir raises
PermissionError for it), as in tests/test_walk.py.
"""

from __future__ import annotations

import codecs
import csv
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS, ROOT

EX = ROOT / "examples" / "decks"
DUEL = EX / "tactics" / "duel.json"


def deny_scandir(monkeypatch: pytest.MonkeyPatch, denied: Path) -> None:
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(path) == denied:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)


def no_traceback(result: Any) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output


# ---------------------------------------------------------------------- deck validate DIR


def test_validate_reports_an_unreadable_subfolder(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "duel.json").write_bytes(DUEL.read_bytes())
    locked = tmp_path / "locked"
    locked.mkdir()
    deny_scandir(monkeypatch, locked)
    result = cli("deck", "validate", tmp_path)
    no_traceback(result)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [f"dossier: error: {locked}: cannot read the directory: Permission denied"]
    assert result.stdout.splitlines()[-1].startswith(f"{tmp_path / 'duel.json'}: ")  # the legal deck is still checked
    as_json = cli("deck", "validate", "--format", "json", tmp_path)
    assert as_json.exit_code == 2
    entries = {e["file"]: e for e in json.loads(as_json.stdout)}
    assert entries[str(locked)]["legal"] is False and "cannot read the directory" in entries[str(locked)]["error"]
    assert entries[str(tmp_path / "duel.json")]["legal"] is True


def test_validate_of_a_tree_with_only_an_unreadable_folder(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing readable but a folder that cannot be listed: that folder is the error, not "no deck files"."""
    locked = tmp_path / "a" / "locked"
    locked.mkdir(parents=True)
    deny_scandir(monkeypatch, locked)
    result = cli("deck", "validate", tmp_path)
    no_traceback(result)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"dossier: error: {locked}: cannot read the directory: Permission denied"]


def test_validate_of_an_unreadable_directory_given(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deny_scandir(monkeypatch, tmp_path)
    result = cli("deck", "validate", tmp_path)
    no_traceback(result)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"dossier: error: {tmp_path}: cannot read the directory: Permission denied"]


# ---------------------------------------------------------------------- import csv

SHEET = "name.zh-Hans,name.en,category\n快抽,Quick Draw,skill\n"
FIELD_LIMIT = csv.field_size_limit()


def import_csv(cli, sheet: Path, tmp_path: Path) -> Any:
    result = cli("import", "csv", sheet, "--game", "tactics", "--into", tmp_path / "out", "--dry-run")
    no_traceback(result)
    return result


@pytest.mark.parametrize(
    ("rows", "finding_line", "summary"),
    [
        (["快抽,{big},skill"], 2, "1 error in 1 of 1 row"),
        (["快抽,Quick Draw,skill", "慢抽,{big},skill"], 3, "1 error in 1 of 2 rows"),
    ],
    ids=["row-2", "row-3"],
)
def test_a_cell_over_the_field_size_is_told_at_its_row(
    cli, tmp_path: Path, rows: list[str], finding_line: int, summary: str
) -> None:
    big = "x" * (FIELD_LIMIT + 10)
    sheet = tmp_path / "cards.csv"
    sheet.write_text("name.zh-Hans,name.en,category\n" + "".join(r.format(big=big) + "\n" for r in rows), "utf-8")
    result = import_csv(cli, sheet, tmp_path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{sheet}: row {finding_line}: error csv.syntax: the row does not read as CSV: field larger than field limit "
        f"({FIELD_LIMIT})",
        f"dossier: error: {sheet}: {summary}; nothing written",
    ]
    assert "header row" not in result.stderr


def test_header_and_row_errors_are_both_counted(cli, tmp_path: Path) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_text(f"name.zh-Hans,costt,category\n快抽,1,skill\n慢抽,{'x' * (FIELD_LIMIT + 1)},skill\n", "utf-8")
    result = import_csv(cli, sheet, tmp_path)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"dossier: error: {sheet}: 2 errors in the header row and 1 of 2 rows; nothing written"
    )


@pytest.mark.parametrize(
    "data",
    [
        codecs.BOM_UTF32_LE + SHEET.encode("utf-32-le"),
        codecs.BOM_UTF32_BE + SHEET.encode("utf-32-be"),
        codecs.BOM_UTF16_LE + SHEET.encode("utf-16-le"),
    ],
    ids=["utf-32-le", "utf-32-be", "utf-16-le"],
)
def test_a_sheet_with_a_unicode_byte_order_mark_is_read_as_its_encoding(cli, tmp_path: Path, data: bytes) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_bytes(data)
    result = import_csv(cli, sheet, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{sheet}: 1 tactics card record; would write 1,")


def test_a_broken_utf32_sheet_is_one_line(cli, tmp_path: Path) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_bytes(codecs.BOM_UTF32_LE + SHEET.encode("utf-32-le") + b"\xff\xff\xff\xff")
    result = import_csv(cli, sheet, tmp_path)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"dossier: error: {sheet}: not UTF-32 (byte {len(SHEET) * 4 + 4})"]


# ---------------------------------------------------------------------- simulate --map


@pytest.mark.parametrize("map_id", ["", " ", "nosuch"])
def test_simulate_refuses_a_map_id_the_pool_does_not_have(cli, map_id: str) -> None:
    result = cli("simulate", "tactics", "--decks", DUEL, "--decks", DUEL, "--turns", "1", "--map", map_id)
    no_traceback(result)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [
        f"dossier: error: --map {map_id!r}: the card pool has no such map; maps: dockyard (Dockyard Depot), "
        "headquarters (Headquarters), hideout (Hideout)"
    ]
    assert result.stdout == ""


def test_simulate_on_a_named_map(cli) -> None:
    rival = EX / "tactics" / "duel-rival.json"
    result = cli("simulate", "tactics", "--decks", DUEL, "--decks", rival, "--turns", "1", "--map", "hideout")
    assert result.exit_code == 0, result.output
    assert "result:" in result.stdout


# ---------------------------------------------------------------------- a reader that goes away


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from typer.testing import CliRunner

    from toolkit.cli import app

    path = tmp_path_factory.mktemp("edges") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS)])
    assert result.exit_code == 0, result.output
    return path


def run_into_a_closed_pipe(*args: Any) -> subprocess.CompletedProcess[bytes]:
    """``dossier ARGS | head`` with head already gone: stdout is a pipe nobody reads."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "toolkit.cli", *map(str, args)],
            stdout=write,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env={**os.environ, "DOSSIER_LANG": "en"},
            timeout=120,
            check=False,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize(
    "args",
    [
        ("search", "game:netrunner"),  # more than a pipe's buffer: the write itself fails
        ("search", "--format", "json", "game:netrunner"),
        ("search", "t:agent"),  # a few lines, still buffered when the command ends
    ],
    ids=["text", "json", "small"],
)
@pytest.mark.slow
def test_search_into_a_closed_pipe_ends_quietly(db: Path, args: tuple[str, ...]) -> None:
    done = run_into_a_closed_pipe(*args, "--db", db)
    assert done.stderr == b""
    assert done.returncode == 141  # as a shell reports a command that SIGPIPE ended (128 + 13)


def test_other_commands_into_a_closed_pipe_end_quietly() -> None:
    done = run_into_a_closed_pipe("deck", "validate", EX / "tactics")
    assert (done.stderr, done.returncode) == (b"", 141)


# ---------------------------------------------------------------------- fmt and a byte-order mark


def test_fmt_check_finds_a_byte_order_mark_and_fmt_drops_it(cli, game_copy) -> None:
    root = game_copy("crossfire")
    path = sorted((root / "roles").glob("*.json"))[0]
    canonical = path.read_bytes()
    path.write_bytes(codecs.BOM_UTF8 + canonical)
    check = cli("fmt", "--check", root)
    no_traceback(check)
    assert check.exit_code == 1, check.output
    assert check.stdout.splitlines() == [f"{path}: would reformat"]
    assert check.stderr.splitlines() == ["1 file would be reformatted"]
    lint = cli("lint", root)
    assert f"{path}:1:1: warning card.format: not in canonical form" in lint.stdout  # lint agrees with fmt
    written = cli("fmt", root)
    assert written.exit_code == 0 and written.stdout.splitlines() == [f"{path}: reformatted"]
    assert path.read_bytes() == canonical
    assert cli("fmt", "--check", root).exit_code == 0
