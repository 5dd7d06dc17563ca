"""Stop 73: the database build's own temporary file keeps within the file system's limit on names, as every other
output's does (toolkit.safewrite.temp_name), so a database of the longest name the file system takes is built; a cut
temporary left by a killed build is removed by the next build of that database, and no other database's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.db.build import BUILD_TAG, remove_stale_temps
from toolkit.safewrite import CUT

ROOT = Path(__file__).resolve().parent.parent


def _limit(folder: Path) -> int:
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return 255


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


def test_a_database_of_the_longest_name_is_built(tmp_path: Path, monkeypatch: object) -> None:
    db = tmp_path / ("d" * (_limit(tmp_path) - 3) + ".db")
    result = CliRunner().invoke(app, ["db", "build", "--db", str(db)], env={"DOSSIER_LANG": "en"})
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == [db.name]  # built, no temporary left
    assert db.stat().st_size > 0


def test_a_cut_leftover_of_a_killed_build_is_removed_and_no_other_databases(tmp_path: Path) -> None:
    long = "e" * (_limit(tmp_path) - 3) + ".db"
    code = ("import sys; from toolkit.safewrite import temp_name; "
            "print(temp_name(sys.argv[1], sys.argv[2], directory=sys.argv[3], suffix='.tmp'))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code, long, BUILD_TAG, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, check=True)  # fmt: skip
    name = done.stdout.strip()  # the name a build that is gone used (its pid is the child's, which has ended)
    pid = int(name.split(f".{BUILD_TAG}-")[1].split("-")[0])
    assert CUT in name and len(os.fsencode(name)) <= _limit(tmp_path), name
    left = tmp_path / name
    left.write_bytes(b"half")
    other = tmp_path / f".other.db.{BUILD_TAG}-{pid}-0badf00d.tmp"  # another database's, of a killed build too
    other.write_bytes(b"half")
    assert remove_stale_temps(tmp_path / "eee.db") == []  # a shorter name that is not what was cut: not its own
    assert remove_stale_temps(tmp_path / long) == [left]
    assert sorted(p.name for p in tmp_path.iterdir()) == [other.name]
    plain = tmp_path / f".short.db.{BUILD_TAG}-{pid}-00c0ffee.tmp"  # a build's temporary as it always was named
    plain.write_bytes(b"half")
    assert remove_stale_temps(tmp_path / "short.db") == [plain]
