"""toolkit.safewrite: every output is checked, written through a temp file, renamed, and swept after a kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from toolkit import safewrite
from toolkit.errors import DossierError
from toolkit.jsonio import atomic_write_bytes, atomic_write_text
from toolkit.safewrite import WriteError, replace_dir, sweep, write_bytes


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".dossier-" in p.name)


def test_writes_new_and_replaces_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "out.pdf"
    write_bytes(path, b"one")
    assert path.read_bytes() == b"one"
    path.chmod(0o640)
    write_bytes(path, b"two")
    assert path.read_bytes() == b"two"
    assert path.stat().st_mode & 0o777 == 0o640
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.mkdir(), "is a directory"),
        (lambda p: p.symlink_to(p.parent / "real"), "is a symbolic link"),
        (lambda p: os.mkfifo(p), "is a FIFO"),
    ],
    ids=["directory", "symlink", "fifo"],
)
def test_refuses_non_regular_targets(tmp_path: Path, make, reason: str) -> None:
    (tmp_path / "real").write_bytes(b"keep")
    path = tmp_path / "out"
    make(path)
    with pytest.raises(WriteError) as info:
        atomic_write_bytes(path, b"new")
    assert str(info.value).startswith(f"{path}: cannot write: {reason}")
    assert "\n" not in str(info.value)
    assert isinstance(info.value, DossierError) and isinstance(info.value, OSError)
    assert (tmp_path / "real").read_bytes() == b"keep"
    assert os.path.lexists(path) and not (path.is_file() and not path.is_symlink())
    assert leftovers(tmp_path) == []


def test_follow_symlinks_rewrites_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("{}", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write_text(link, "{}\n", follow_symlinks=True)
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "{}\n"


def test_parent_that_is_a_file_or_missing(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(WriteError, match="is not a directory"):
        write_bytes(tmp_path / "file" / "out.png", b"x")
    with pytest.raises(WriteError, match="does not exist"):
        write_bytes(tmp_path / "nope" / "out.png", b"x")


def test_permission_denied_is_one_line_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests run as root, which ignores file modes: simulate a read-only directory at os.open.
    real_open = os.open

    def deny(path, flags, *args, **kwargs):
        if "dossier-tmp" in str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(WriteError, match=r"out\.pdf: cannot write: Permission denied$"):
        write_bytes(tmp_path / "out.pdf", b"x")
    assert list(tmp_path.iterdir()) == []


def test_error_mid_write_keeps_old_file_and_removes_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.json"
    path.write_text("old")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_lone_surrogate_text_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="lone surrogate"):
        atomic_write_text(tmp_path / "x.json", '"\ud800"')
    assert list(tmp_path.iterdir()) == []


def test_killed_writer_leaves_old_file_and_next_run_sweeps(tmp_path: Path) -> None:
    path = tmp_path / "big.pdf"
    path.write_bytes(b"old")
    script = textwrap.dedent(
        f"""
        import os, sys, time
        from pathlib import Path
        from toolkit import safewrite
        def stall(fd):
            print("writing", flush=True)
            time.sleep(60)
        os.fsync = stall
        safewrite.write_bytes(Path({str(path)!r}), b"x" * 5_000_000)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, cwd=Path(__file__).parent.parent)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == b"writing"
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    left = leftovers(tmp_path)
    assert len(left) == 1 and left[0].startswith(".big.pdf.dossier-tmp-")
    assert path.read_bytes() == b"old"
    write_bytes(tmp_path / "other.png", b"y")  # any next write in the same directory sweeps
    assert leftovers(tmp_path) == []
    assert path.read_bytes() == b"old"


def test_sweep_keeps_a_live_young_temp_and_removes_old_ones(tmp_path: Path) -> None:
    mine = tmp_path / f".a.dossier-tmp-{os.getpid()}-00ff"
    mine.write_bytes(b"")
    dead = tmp_path / f".b.dossier-tmp-{dead_pid()}-00ff"
    dead.write_bytes(b"")
    stale = tmp_path / f".c.dossier-tmp-{os.getpid()}-0abc"
    stale.write_bytes(b"")
    long_ago = time.time() - safewrite.STALE_AFTER - 60
    os.utime(stale, (long_ago, long_ago))
    unrelated = tmp_path / ".c.tmp"
    unrelated.write_bytes(b"")
    sweep(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mine.name, unrelated.name])


def test_replace_dir_swaps_and_keeps_old_tree_on_error(tmp_path: Path) -> None:
    into = tmp_path / "import"

    def build(text: str):
        def make(tmp: Path) -> None:
            tmp.mkdir()
            (tmp / "a.json").write_text(text)

        return make

    replace_dir(into, build("one"))
    assert (into / "a.json").read_text() == "one"
    replace_dir(into, build("two"))
    assert (into / "a.json").read_text() == "two"

    def broken(tmp: Path) -> None:
        tmp.mkdir()
        (tmp / "half.json").write_text("x")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        replace_dir(into, broken)
    assert (into / "a.json").read_text() == "two"
    assert leftovers(tmp_path) == []


def test_replace_dir_refuses_file_and_symlink(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(WriteError, match="not a directory"):
        replace_dir(tmp_path / "file", lambda tmp: tmp.mkdir())
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(WriteError, match="symbolic link"):
        replace_dir(tmp_path / "link", lambda tmp: tmp.mkdir())
    with pytest.raises(WriteError, match="is not a directory"):
        replace_dir(tmp_path / "file" / "into", lambda tmp: tmp.mkdir())


def test_sweep_removes_killed_tree_and_restores_a_lost_one(tmp_path: Path) -> None:
    pid = dead_pid()
    half = tmp_path / f".import.dossier-tmp-{pid}-0001"
    (half / "sub").mkdir(parents=True)
    (half / "sub" / "x.json").write_text("x")
    kept = tmp_path / f".import.dossier-old-{pid}-0002"  # killed between the two renames
    kept.mkdir()
    (kept / "a.json").write_text("user's")
    legacy = tmp_path / f".import.import-{pid}"
    legacy.mkdir()
    sweep(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["import"]
    assert (tmp_path / "import" / "a.json").read_text() == "user's"


@pytest.mark.parametrize(
    ("literal", "problem"),
    [
        ("1e400", "number 1e400 is too large to read"),
        ("-1e999", "number -1e999 is too large to read"),
        ("NaN", "NaN is not a JSON value"),  # as lint says it
        ("[1, 1e400]", "number 1e400 is too large to read"),
        ('"\\ud800"', "lone surrogate"),
    ],
)
def test_fmt_refuses_what_it_cannot_write(game_copy, cli, literal: str, problem: str) -> None:
    root = game_copy("crossfire")
    path = root / "roles" / "vip.json"
    text = path.read_text(encoding="utf-8").replace("{", '{\n  "zz": ' + literal + ",", 1)
    path.write_text(text, encoding="utf-8")
    result = cli("fmt", path)
    assert result.exit_code == 1
    assert f"{path}:2:" in result.output and "error card.json: invalid JSON: " in result.output
    assert problem in result.output and "file left as it is" in result.output
    assert "Traceback" not in result.output
    assert path.read_text(encoding="utf-8") == text
    assert cli("fmt", "--check", path).exit_code == 1


def test_fmt_rewrites_through_a_symlink(game_copy, cli) -> None:
    root = game_copy("crossfire")
    real = root / "roles" / "vip.json"
    real.write_text(real.read_text(encoding="utf-8").replace("\n", "\n\n"), encoding="utf-8")
    link = root.parent / "vip-link.json"
    link.symlink_to(real)
    result = cli("fmt", link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and "\n\n" not in real.read_text(encoding="utf-8")


@pytest.mark.parametrize("option", ["--back-dx", "--back-dy", "--bleed", "--gutter"])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
def test_print_refuses_non_finite_numbers(cli, tmp_path: Path, option: str, value: str) -> None:
    out = tmp_path / "x.pdf"
    result = cli("print", "--game", "crossfire", option, value, "-o", out)
    assert result.exit_code == 2
    assert f"{option} " in result.output and "not a finite number" in result.output
    assert result.output.count("\n") == 1 and not out.exists()


@pytest.mark.parametrize("kind", ["directory", "symlink", "fifo"])
def test_print_force_replaces_only_regular_files(cli, tmp_path: Path, kind: str) -> None:
    keep = tmp_path / "keep.pdf"
    keep.write_bytes(b"keep")
    out = tmp_path / "out.pdf"
    if kind == "directory":
        out.mkdir()
    elif kind == "symlink":
        out.symlink_to(keep)
    else:
        os.mkfifo(out)
    result = cli("print", "--game", "crossfire", "--force", "-o", out)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and f"{out}" in result.output
    assert keep.read_bytes() == b"keep" and os.path.lexists(out) and not out.is_file() or out.is_symlink()
    assert leftovers(tmp_path) == []


def test_print_png_dir_under_a_file_is_one_line(cli, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    result = cli("print", "--game", "crossfire", "--png", tmp_path / "file" / "sub", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "cannot create directory" in result.output


def test_import_sweeps_a_killed_import_and_keeps_the_old_one_on_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.importers import netrunnerdb

    fixtures = Path(__file__).parent / "fixtures" / "netrunnerdb_v2"
    into = tmp_path / "pool"
    netrunnerdb.import_netrunnerdb(fixtures, into)
    before = sorted(p.relative_to(into) for p in into.rglob("*"))
    pid = dead_pid()
    for name in (f".pool.dossier-tmp-{pid}-0001", f".pool.import-{pid}"):  # killed runs, new and old naming
        (tmp_path / name / "cards").mkdir(parents=True)
    real_write = netrunnerdb._write_tree

    def killed(target: Path, *args):  # type: ignore[no-untyped-def]
        real_write(target, *args)
        raise KeyboardInterrupt

    monkeypatch.setattr(netrunnerdb, "_write_tree", killed)
    with pytest.raises(KeyboardInterrupt):
        netrunnerdb.import_netrunnerdb(fixtures, into)
    assert sorted(p.relative_to(into) for p in into.rglob("*")) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pool"]


def test_import_into_a_symlink_is_refused(tmp_path: Path) -> None:
    from toolkit.importers.netrunnerdb import import_netrunnerdb

    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(DossierError, match=r"--into .*link: cannot write: exists and is a symbolic link"):
        import_netrunnerdb(Path(__file__).parent / "fixtures" / "netrunnerdb_v2", tmp_path / "link")
    assert list((tmp_path / "real").iterdir()) == []


def test_db_build_refuses_a_symlink_and_keeps_the_old_database_when_killed(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.db import build

    (tmp_path / "real.db").write_bytes(b"")
    (tmp_path / "link.db").symlink_to(tmp_path / "real.db")
    result = cli("db", "build", "--db", tmp_path / "link.db")
    assert result.exit_code == 2 and "is a symbolic link; not replaced" in result.output
    db = tmp_path / "cards.db"
    assert cli("db", "build", "--db", db).exit_code == 0
    old = db.read_bytes()

    def killed(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "_insert_all", killed)
    assert cli("db", "build", "--db", db).exit_code != 0
    assert db.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.db", "link.db", "real.db"]


def test_write_many_stages_everything_before_renaming(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while staging the second file leaves the first target untouched and no temporaries."""
    first, second = tmp_path / "a.json", tmp_path / "sub" / "b.json"
    first.write_text("old a")
    (tmp_path / "sub").mkdir()
    real_stage = safewrite._stage

    def failing(path: Path, data: bytes, **kw: bool) -> tuple[Path, Path]:
        if path == second:
            raise OSError(28, "No space left on device")
        return real_stage(path, data, **kw)

    monkeypatch.setattr(safewrite, "_stage", failing)
    with pytest.raises(OSError):
        safewrite.write_many([(first, b"new a"), (second, b"new b")])
    assert first.read_text() == "old a"
    assert not second.exists()
    assert leftovers(tmp_path) == [] and leftovers(tmp_path / "sub") == []
    monkeypatch.setattr(safewrite, "_stage", real_stage)
    safewrite.write_many([(first, b"new a"), (second, b"new b")])
    assert (first.read_text(), second.read_text()) == ("new a", "new b")


def test_write_many_refuses_a_non_regular_target_before_writing_any(tmp_path: Path) -> None:
    first, link = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text("old a")
    link.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(WriteError, match="b.json"):
        safewrite.write_many([(first, b"new a"), (link, b"new b")])
    assert first.read_text() == "old a"
    assert leftovers(tmp_path) == []


def test_place_dir_writes_a_new_tree_and_never_replaces_one(tmp_path: Path) -> None:
    from toolkit.safewrite import place_dir

    def build(tmp: Path) -> None:
        tmp.mkdir()
        (tmp / "a.txt").write_text("new", encoding="utf-8")

    place_dir(tmp_path / "new", build)
    assert (tmp_path / "new" / "a.txt").read_text(encoding="utf-8") == "new"
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "a.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(WriteError):
        place_dir(tmp_path / "mine", build)
    assert (tmp_path / "mine" / "a.txt").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine", "new"]  # no temporary tree left
