"""The README's tour, command by command, on a fresh copy after `make demo` (issue 25).

The commands are read from the README's ``sh`` code blocks of the tour ("A tour of the command line" and
"Card database and search", their subsections included) and run in order, each through ``bash`` as a
user types it, in a temporary copy of the checkout (its code, cards, examples and schema) after the
steps of the Makefile's ``demo`` target. Commands that need a NetrunnerDB checkout (or the pool imported
from one) are left out: the subsections about it, and the lines :data:`NEEDS_NRDB` names. Every command
must exit 0.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

TOUR = ("A tour of the command line", "Card database and search")
NRDB_SECTIONS = ("One card pool, set once", "NetrunnerDB's search syntax in Dossier", "NetrunnerDB card data")
# tour lines that read the pool imported from NetrunnerDB (each must match a line: a stale entry fails)
NEEDS_NRDB = ("--banlist standard_ban_list_", 'show "esa afontov"', "z:startup", "b:standard", "run:partial")
COPIED = ("toolkit", "validators", "cards", "examples", "schema", "README.md", "Makefile", "pyproject.toml")


def _joined(lines: list[str]) -> list[str]:
    """Shell lines with their ``\\`` continuations joined."""
    out: list[str] = []
    pending = ""
    for line in lines:
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        out.append(pending + line)
        pending = ""
    return out


def tour_commands(readme: str) -> tuple[list[str], list[str]]:
    """(commands to run, commands left out for NetrunnerDB), in README order."""
    run: list[str] = []
    skipped: list[str] = []
    section = subsection = ""
    block: list[str] | None = None
    for line in readme.splitlines():
        if block is not None:
            if line.startswith("```"):
                for command in _joined(block):
                    if not command.strip().startswith("dossier "):
                        continue
                    nrdb = subsection in NRDB_SECTIONS or any(mark in command for mark in NEEDS_NRDB)
                    (skipped if nrdb else run).append(command.strip())
                block = None
            else:
                block.append(line)
            continue
        if line.startswith("## "):
            section, subsection = line[3:].strip(), ""
        elif line.startswith("### "):
            subsection = line[4:].strip()
        elif line.startswith("```sh") and section in TOUR:
            block = []
    return run, skipped


def demo_steps(makefile: str) -> list[str]:
    """The recipe of the Makefile's ``demo`` target, ``$(BIN)/dossier`` as ``dossier``."""
    lines = makefile.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("demo:"))
    recipe: list[str] = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line[1:])
    return [step.replace("$(BIN)/", "") for step in _joined(recipe)]


def test_the_tour_is_read_from_the_readme() -> None:
    run, skipped = tour_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert ["dossier", "show", "longbow_sniper_rifle"] in [shlex.split(c, comments=True) for c in run]
    assert any(c.startswith("dossier db build") for c in run)
    for mark in NEEDS_NRDB:
        assert any(mark in c for c in skipped), f"{mark!r} names no README line any more"
    assert not [c for c in run if re.search(r"\bDECK\b|\[--|\w\|\w", c.split("#")[0])], "placeholders left"
    assert any(step.startswith("dossier db build") for step in demo_steps((ROOT / "Makefile").read_text()))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A copy of the checkout where ``dossier`` runs the copy's code, after the demo's steps."""
    tmp = tmp_path_factory.mktemp("tour")
    repo = tmp / "repo"
    repo.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, repo / name)
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "dossier"
    code = f"import sys; sys.path.insert(0, {str(repo)!r}); from toolkit.cli import main; main()"
    shim.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -c {shlex.quote(code)} \"$@\"\n", encoding="utf-8")
    shim.chmod(0o755)
    env = {
        "PATH": f"{bin_dir}:/usr/bin:/bin",
        "HOME": str(tmp / "home"),
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "DOSSIER_LANG": "en",
        "LANG": os.environ.get("LANG", "C.UTF-8"),
    }
    for step in demo_steps((repo / "Makefile").read_text(encoding="utf-8")):
        done = subprocess.run(["bash", "-c", step], cwd=repo, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (step, done.stdout[-2000:], done.stderr[-2000:])
    return repo, env


def test_show_right_after_make_demo(fresh: tuple[Path, dict[str, str]]) -> None:
    """The player's report: `make demo` builds build/dossier.db, and `dossier show ID` (no --db, no
    ./dossier.db) used to fail with "no database at dossier.db"; it now reads a database of the card pool
    in the user's cache, built once."""
    repo, env = fresh
    assert (repo / "build" / "dossier.db").is_file() and not (repo / "dossier.db").exists()
    done = subprocess.run(["dossier", "show", "longbow_sniper_rifle"], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Longbow Sniper Rifle\n")
    assert "building the card database in" in done.stderr and not (repo / "dossier.db").exists()


def test_every_tour_command_works_in_order_after_make_demo(fresh: tuple[Path, dict[str, str]]) -> None:
    repo, env = fresh
    run, _ = tour_commands((repo / "README.md").read_text(encoding="utf-8"))
    for command in run:
        done = subprocess.run(["bash", "-c", command], cwd=repo, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
        assert "Traceback" not in done.stderr, (command, done.stderr[-2000:])
