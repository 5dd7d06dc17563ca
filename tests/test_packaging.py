"""The distribution: the top-level `validators` package is ours, not the PyPI distribution of that name; the
license is an SPDX expression with its file; a wheel carries no module a previous build left in build/lib; the
sdist carries the whole test suite."""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
import sys
import tarfile
import tomllib
import warnings
from pathlib import Path
from typing import Any

import pytest

import validators
from validators.lint import lint_sources

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_validators_is_ours() -> None:
    assert Path(validators.__file__).resolve().parent == ROOT / "validators"
    assert callable(lint_sources)


def test_console_script_declared() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dossier = "toolkit.cli:app"' in text
    assert '"validators"' in text


# ---------------------------------------------------------------- the license


def test_the_license_is_an_spdx_expression_with_its_file() -> None:
    project = pyproject()["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the Dossier authors\n")
    assert "THE SOFTWARE IS PROVIDED \"AS IS\"" in text


def test_the_build_backend_reads_it_without_a_deprecation() -> None:
    """setuptools 77 is the first to read ``license = "MIT"`` (an SPDX expression): the build requires it, and the
    dev extra (which builds the wheel without isolation) too; the configuration reads with no warning."""
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    data = pyproject()
    assert "setuptools>=77" in data["build-system"]["requires"]
    assert "setuptools>=77" in data["project"]["optional-dependencies"]["dev"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dist = apply_configuration(Distribution(), ROOT / "pyproject.toml")
    assert dist.metadata.license_expression == "MIT"


# ---------------------------------------------------------------- build/lib


@pytest.fixture
def setup_module(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """setup.py's names, read without running setup()."""
    import setuptools

    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)
    return runpy.run_path(str(ROOT / "setup.py"))


class Built(Exception):
    """setuptools' own build_py, reached (the test stops there)."""


@pytest.mark.parametrize("editable", [False, True])
def test_a_build_starts_from_an_empty_build_lib(
    setup_module: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, editable: bool
) -> None:
    """A module deleted from the checkout is not in the next wheel: the packages a previous build left in
    build/lib are removed before setuptools copies the sources there (it never removes a file). An editable
    install builds nothing there, and leaves it as it is."""
    from setuptools.command.build_py import build_py
    from setuptools.dist import Distribution

    build_lib = tmp_path / "build" / "lib"
    stale = [build_lib / "toolkit" / "zz_stale.py", build_lib / "validators" / "zz_stale.py"]
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n", encoding="utf-8")
    other = build_lib / "elsewhere.txt"  # not one of our packages: left alone
    other.write_text("kept\n", encoding="utf-8")
    seen: list[list[bool]] = []

    def reached(self: Any) -> None:
        seen.append([path.exists() for path in stale])
        raise Built

    monkeypatch.setattr(build_py, "run", reached)
    command = setup_module["build_py_with_data"](Distribution())
    command.build_lib = str(build_lib)
    command.packages = ["toolkit", "toolkit.cli", "validators"]
    command.editable_mode = editable
    with pytest.raises(Built):
        command.run()
    assert seen == [[editable, editable]]
    assert other.read_text(encoding="utf-8") == "kept\n"


# ---------------------------------------------------------------- the sdist


def tracked_files() -> list[str]:
    """The files of the checkout git tracks (not a stray file beside them: a run's log, a user's notes)."""
    command = ["git", "ls-files", "-z", "--cached"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    if done.returncode != 0 or not done.stdout:
        pytest.skip("not a git checkout: no list of the tracked files to compare the sdist with")
    return sorted(name for name in os.fsdecode(done.stdout).split("\0") if name and (ROOT / name).is_file())


@pytest.mark.slow
def test_the_sdist_carries_the_whole_test_suite(tmp_path: Path) -> None:
    """Every tracked file but .gitignore is in the sdist (the tests with conftest.py, fixtures, golden files and
    helpers; the docs and README their examples come from; bench, Makefile, .ci), and no cache."""
    pytest.importorskip("setuptools.build_meta")
    source = tmp_path / "source"
    names = tracked_files()
    for name in names:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    for cache in ("tests/__pycache__/x.cpython-311.pyc", "tests/.pytest_cache/v/x", "docs/reference/cli.md"):
        (source / cache).parent.mkdir(parents=True, exist_ok=True)
        (source / cache).write_text("made by a run, not tracked\n", encoding="utf-8")
    out = tmp_path / "dist"
    done = subprocess.run(
        [sys.executable, "-c", f"from setuptools import build_meta; build_meta.build_sdist({str(out)!r})"],
        cwd=source,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (archive,) = out.glob("dossier-*.tar.gz")
    with tarfile.open(archive) as tar:
        shipped = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert sorted(set(names) - shipped) == [".gitignore"]
    assert {"tests/conftest.py", "tests/web/conftest.py", "tests/sheet_util.py", "LICENSE"} <= shipped
    assert not [n for n in shipped if "__pycache__" in n or ".pytest_cache" in n or n == "docs/reference/cli.md"]
