"""search/show warn when the card files changed after `db build`."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards" / "crossfire", cards / "crossfire")
    db = tmp_path / "d.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(db), "--cards", str(cards / "crossfire")])
    assert result.exit_code == 0, result.output
    return db, cards / "crossfire"


def _touch_last(cards: Path, victim: Path) -> None:
    """Make ``victim`` the newest file of ``cards`` by 5 s (the copies keep the checkout's times: another file
    may be newer than the victim by more than that)."""
    newest = max(path.stat().st_mtime_ns for path in cards.rglob("*.json"))
    os.utime(victim, ns=(victim.stat().st_atime_ns, newest + 5_000_000_000))


def _search(db: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["search", "--db", str(db), "--format", "ids", "t:ice"])
    return result.exit_code, result.stderr


def test_unchanged_no_warning(built: tuple[Path, Path]) -> None:
    db, _ = built
    _code, err = _search(db)
    assert "warning" not in err


def test_touched_card_warns(built: tuple[Path, Path]) -> None:
    db, cards = built
    code0, _ = _search(db)
    victim = next(cards.rglob("*.json"))
    _touch_last(cards, victim)
    code, err = _search(db)
    assert code == code0
    lines = [line for line in err.splitlines() if "warning" in line]
    assert len(lines) == 1
    assert lines[0].startswith("dossier: warning: ")
    assert str(cards.resolve()) in lines[0]
    # the command given rebuilds this database (d.db, not the default ./dossier.db) from its sources
    assert f"`dossier db build --db {db} --cards {cards.resolve()}`" in lines[0]


def test_old_db_without_fingerprints(built: tuple[Path, Path]) -> None:
    db, cards = built
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM meta WHERE key = 'source_fingerprints'")
    next(cards.rglob("*.json")).write_text("{}\n", encoding="utf-8")
    code, err = _search(db)
    assert "Traceback" not in err
    assert "warning" not in err
    assert code in (0, 1)


def test_the_warning_speaks_the_output_language(built: tuple[Path, Path]) -> None:
    db, cards = built
    victim = next(cards.rglob("*.json"))
    _touch_last(cards, victim)
    result = CliRunner().invoke(app, ["search", "--lang", "zh-Hans", "--db", str(db), "--format", "ids", "t:ice"])
    [line] = [line for line in result.stderr.splitlines() if str(cards.resolve()) in line]
    assert "changed since" not in line and "`dossier db build --db" in line
