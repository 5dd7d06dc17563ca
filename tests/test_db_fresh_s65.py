"""The card database's freshness (round 65): a build that failed on a broken card file is remembered until the
files change (search and show do not try it again on every command, and warn in one line); an edit that keeps a
file's size and puts back an older modification time (``rsync -a``, ``cp -p``, ``tar x``) is seen; ``--db`` naming
a directory says so."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from toolkit.db import fresh

from .conftest import CARDS
from .test_db_fixes import here, run  # noqa: F401 - (the fixture too: cards/ of crossfire, no dossier.db)


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[list[Path]]:
    """The card pools the commands build a database from (every build, failed or not)."""
    import toolkit.db

    made: list[list[Path]] = []
    real = toolkit.db.build_from_files

    def counted(paths: Any, *args: Any, **kwargs: Any) -> Any:
        made.append(list(paths))
        return real(paths, *args, **kwargs)

    monkeypatch.setattr(toolkit.db, "build_from_files", counted)
    return made


def _break_a_card(cards: Path) -> Path:
    broken = cards / "crossfire" / "roles" / "zz_broken.json"
    broken.write_text("{ broken\n", encoding="utf-8")
    return broken


# ---------------------------------------------------------------------------
# (4) a build that failed is remembered until the card files change


def test_a_failed_build_of_the_cache_is_not_tried_again_until_the_cards_change(
    here: Path,  # noqa: F811
    builds: list[list[Path]],
) -> None:
    first = run("search", "--format", "ids", "game:crossfire")  # no dossier.db: the cache's, built
    assert first.exit_code == 0 and first.stdout.strip(), first.output
    assert len(builds) == 1
    broken = _break_a_card(here / "cards")
    failed = run("search", "--format", "ids", "game:crossfire")  # tried once: the error and the old answers
    assert failed.exit_code == 0 and failed.stdout == first.stdout, failed.output
    assert len(builds) == 2
    assert f"{broken.name}:1:" in failed.stderr and "as it was built before" in failed.stderr
    for command in (("search", "--format", "ids", "game:crossfire"), ("show", first.stdout.split()[0])):
        again = run(*command)
        assert again.exit_code == 0, again.output
        assert len(builds) == 2  # not built again: the cards are as they were when it failed
        [line] = again.stderr.splitlines()  # one warning line, no note of a build
        assert line.startswith("dossier: warning: ")
        assert str(broken) in line and f"`dossier lint {broken}`" in line and "as it was built before" in line
    assert run("search", "--format", "ids", "game:crossfire").stdout == first.stdout
    broken.unlink()  # the cards are those of the build again: nothing to build, nothing to say
    fixed = run("search", "--format", "ids", "game:crossfire")
    assert fixed.exit_code == 0 and fixed.stdout == first.stdout
    assert len(builds) == 2 and fixed.stderr == ""


def test_a_failed_build_is_tried_again_once_the_broken_file_is_edited(
    here: Path,  # noqa: F811
    builds: list[list[Path]],
) -> None:
    assert run("search", "--format", "ids", "game:crossfire").exit_code == 0
    broken = _break_a_card(here / "cards")
    run("search", "--format", "ids", "game:crossfire")
    run("search", "--format", "ids", "game:crossfire")
    assert len(builds) == 2
    broken.write_text("{ still broken\n", encoding="utf-8")  # another failure: tried, and remembered in its turn
    again = run("search", "--format", "ids", "game:crossfire")
    assert len(builds) == 3 and f"{broken.name}:1:" in again.stderr
    run("search", "--format", "ids", "game:crossfire")
    assert len(builds) == 3
    card = json.loads((here / "cards" / "crossfire" / "roles" / "vip.json").read_text(encoding="utf-8"))
    broken.write_text(json.dumps({**card, "id": "zz_mended", "name": {"en": "Mended", "zh-Hans": "修好"}}), "utf-8")
    fixed = run("search", "--format", "ids", "game:crossfire")
    assert fixed.exit_code == 0 and len(builds) == 4 and "warning" not in fixed.stderr, fixed.output
    assert "crossfire/zz_mended" in fixed.stdout.split()
    quiet = run("search", "--format", "ids", "game:crossfire")
    assert len(builds) == 4 and quiet.stderr == ""


def test_a_failed_rebuild_of_dossier_db_is_not_tried_again_until_the_cards_change(
    here: Path,  # noqa: F811
    builds: list[list[Path]],
) -> None:
    built = run("db", "build", "--cards", "cards/crossfire")
    assert built.exit_code == 0, built.output
    first = run("search", "--format", "ids", "game:crossfire")
    assert first.exit_code == 0 and first.stdout.strip()
    broken = _break_a_card(here / "cards")
    failed = run("search", "--format", "ids", "game:crossfire")
    assert failed.exit_code == 0 and failed.stdout == first.stdout
    count = len(builds)
    again = run("search", "--format", "ids", "game:crossfire")
    assert again.exit_code == 0 and again.stdout == first.stdout
    assert len(builds) == count
    [line] = again.stderr.splitlines()
    assert line.startswith("dossier: warning: ") and f"`dossier lint {broken}`" in line and "dossier.db" in line
    broken.unlink()
    fixed = run("search", "--format", "ids", "game:crossfire")
    assert len(builds) == count and fixed.stderr == ""
    (here / "cards" / "crossfire" / "roles" / "vip.json").touch()  # a change: built again, and no warning
    rebuilt = run("search", "--format", "ids", "game:crossfire")
    assert len(builds) == count + 1 and "warning" not in rebuilt.stderr and rebuilt.stdout == first.stdout


# ---------------------------------------------------------------------------
# (5) an edit that keeps the size and an older modification time


def _edit_keeping_size_and_time(path: Path, old: str, new: str) -> None:
    """Rewrite ``path`` with ``old`` replaced by ``new`` (as long), its modification time put back: what ``cp -p``
    or ``rsync -a`` of an edited copy made earlier than the newest card file gives."""
    assert len(old) == len(new)
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns


def test_an_edit_keeping_the_size_and_the_time_is_seen_by_a_named_database(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "crossfire", cards)
    db = tmp_path / "d.db"
    assert run("db", "build", "--db", db, "--cards", cards).exit_code == 0
    assert "warning" not in run("show", "--db", db, "crossfire/vip").stderr
    _edit_keeping_size_and_time(cards / "roles" / "vip.json", '"en": "VIP"', '"en": "VIQ"')
    result = run("show", "--db", db, "crossfire/vip")
    assert result.exit_code == 0
    [line] = [line for line in result.stderr.splitlines() if "warning" in line]
    assert str(cards.resolve()) in line and f"`dossier db build --db {db} --cards {cards.resolve()}`" in line


def test_an_edit_keeping_the_size_and_the_time_rebuilds_the_cache(here: Path) -> None:  # noqa: F811
    assert "VIP" in run("show", "--format", "json", "crossfire/vip").stdout
    _edit_keeping_size_and_time(here / "cards" / "crossfire" / "roles" / "vip.json", '"en": "VIP"', '"en": "VIQ"')
    shown = run("show", "--format", "json", "crossfire/vip")
    assert shown.exit_code == 0 and '"VIQ"' in shown.stdout, shown.output


def test_a_copy_of_the_whole_tree_in_its_place_is_a_change(tmp_path: Path) -> None:
    """Amended (round 65, regressions): a copy of the whole tree (``cp -a``, ``tar x``, a container's layer) was
    taken for no change, so the recorded fingerprint kept the inodes from before the copy, every sampled file looked
    moved from then on, and every later edit that kept a file's size and modification time was missed for good. Now
    every file's new inode and ctime is a change: a database built again after it records the copy's fingerprint
    (tests/test_db_regress_s65.py), and an edit after that is seen."""
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "crossfire", cards)
    recorded = fresh.fingerprint(cards)
    shutil.copytree(cards, tmp_path / "copy")  # (copy2: the modification times kept)
    shutil.rmtree(cards)
    (tmp_path / "copy").rename(cards)
    now = fresh.fingerprint(cards)
    assert now["local"] != recorded["local"] and now["files"] == recorded["files"]
    assert not fresh.same_cards(recorded, now)
    assert fresh.same_cards(now, fresh.fingerprint(cards))  # (what a build after the copy records: as it is)
    _edit_keeping_size_and_time(cards / "roles" / "vip.json", '"en": "VIP"', '"en": "VIQ"')
    assert not fresh.same_cards(now, fresh.fingerprint(cards))


def test_a_rename_that_keeps_the_sizes_and_times_is_a_change(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "crossfire", cards)
    recorded = fresh.fingerprint(cards)
    (cards / "roles" / "vip.json").rename(cards / "roles" / "vip2.json")
    assert not fresh.same_cards(recorded, fresh.fingerprint(cards))


def test_a_database_built_by_an_earlier_version_is_compared_as_it_was(tmp_path: Path) -> None:
    """A fingerprint [count, newest mtime, total size] (the versions before) is not taken for a change."""
    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "crossfire", cards)
    db = tmp_path / "d.db"
    assert run("db", "build", "--db", db, "--cards", cards).exit_code == 0
    files = [path.stat() for path in cards.rglob("*.json")]
    old = [len(files), max(st.st_mtime_ns for st in files), sum(st.st_size for st in files)]
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE meta SET value = ? WHERE key = ?", (json.dumps({str(cards.resolve()): old}), fresh.META_KEY)
        )
    assert "warning" not in run("show", "--db", db, "crossfire/vip").stderr
    (cards / "roles" / "vip.json").write_text((cards / "roles" / "vip.json").read_text() + "\n", encoding="utf-8")
    assert "changed since" in run("show", "--db", db, "crossfire/vip").stderr


# ---------------------------------------------------------------------------
# (8) --db naming a directory


def test_db_naming_a_directory_says_so(tmp_path: Path) -> None:
    for command in (("search", "x", "--db", tmp_path), ("show", "x", "--db", tmp_path)):
        result = run(*command)
        assert result.exit_code == 2
        [line] = result.stderr.splitlines()
        assert f"{tmp_path} is a directory" in line and str(tmp_path / "dossier.db") in line
        assert "db build" not in line
