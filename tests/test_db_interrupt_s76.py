"""s76: a Ctrl-C that lands once `db build`'s new database is whole and taking the old one's place does not end the
build with "interrupted; … was not changed" (the old file was just replaced): from that moment the build finishes
and says what it built. A Ctrl-C before that moment still leaves the old database and says so."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from toolkit.db import build as db_build
from toolkit.db.engine import resolve_target
from toolkit.errors import DossierError

CARDS = Path(__file__).resolve().parent.parent / "cards"


def _sigint_after(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """SIGINT to this process right after ``os.<name>`` in the build (as a terminal's Ctrl-C would land there)."""
    real = getattr(os, name)

    def then_interrupt(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)
        return result

    monkeypatch.setattr(db_build.os, name, then_interrupt)


def test_a_ctrl_c_after_the_new_database_took_the_old_one_s_place_finishes_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cards.db"
    db_build.build_from_files([CARDS / "crossfire"], resolve_target(str(path)))
    before = path.stat().st_ino
    _sigint_after(monkeypatch, "replace")
    report = db_build.build_from_files([CARDS / "crossfire"], resolve_target(str(path)))
    assert report is not None and path.stat().st_ino != before  # built, and said so: no "was not changed"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the build's handler is gone


def test_a_ctrl_c_while_the_rows_are_written_still_keeps_the_old_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cards.db"
    db_build.build_from_files([CARDS / "crossfire"], resolve_target(str(path)))
    before = path.read_bytes()
    _sigint_after(monkeypatch, "fsync")  # (the new file synced, not yet in place)
    with pytest.raises(DossierError, match="was not changed"):
        db_build.build_from_files([CARDS / "crossfire"], resolve_target(str(path)))
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name != "cards.db"]
