"""A wheel is the whole tool: built from the checkout (``pip wheel .``), installed in a fresh virtual environment
outside it, the tour runs in a scratch folder with what the wheel carries: the bundled cards, maps and schemas
(``toolkit/_data``, copied in by setup.py), fonts, templates, web assets, grammar and message catalogs.

The fresh environment reuses the dev environment's installed dependencies (a ``.pth`` file naming its
site-packages, which Python appends after the new environment's own) and gets the wheel with ``--no-deps``: no
download. The wheel is built without build isolation when this environment has the build backend (setuptools 68
or newer with ``bdist_wheel``: the dev extras carry it), else with pip's isolated build (which needs setuptools
from the package index or pip's cache); when neither can build, the tests skip with the reason. Run alone:
``pytest tests/test_wheel_install.py`` (``-m "not wheel"`` leaves them out).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.wheel

# What `pip wheel .` is not given: the environments, caches and outputs of a working checkout, and the tests and docs
SKIP_TOP = {"build", "dist", "tests", "docs", "bench", "node_modules"}
SKIP_ANY = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
BACKEND_MISSING = ("No matching distribution", "Could not find a version", "NewConnectionError", "Network is unreachable")


@dataclass
class Installed:
    """The fresh environment with the wheel in it, and a scratch folder outside the checkout to run it in."""

    wheel: Path
    python: Path
    dossier: Path
    scratch: Path
    env: dict[str, str]

    def run(self, *args: str, lang: str = "en", timeout: float = 120) -> subprocess.CompletedProcess[str]:
        env = {**self.env, "DOSSIER_LANG": lang}
        return subprocess.run(
            [str(self.dossier), *args], cwd=self.scratch, env=env, capture_output=True, text=True, timeout=timeout
        )


def _can_build_here() -> bool:
    """Whether this environment has the build backend: setuptools 68 or newer, with ``bdist_wheel`` (its own
    from 70.1, else the ``wheel`` package)."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        return False
    try:
        major, minor = (int(part) for part in version("setuptools").split(".")[:2])
    except (PackageNotFoundError, ValueError):
        return False
    if (major, minor) >= (70, 1):
        return True
    if major < 68:
        return False
    try:
        version("wheel")
    except PackageNotFoundError:
        return False
    return True


def _copy_checkout(into: Path) -> Path:
    """The checkout's sources as `pip wheel .` reads them, copied out (a build writes build/ and *.egg-info into
    the tree it builds, and build/ here holds `make demo`'s outputs)."""
    source = into / "src"
    source.mkdir()
    for entry in ROOT.iterdir():
        if entry.name.startswith(".") or entry.name in SKIP_TOP or entry.name.endswith(".egg-info"):
            continue
        if entry.is_dir():
            shutil.copytree(entry, source / entry.name, ignore=SKIP_ANY)
        elif entry.is_file():
            shutil.copy2(entry, source / entry.name)
    return source


def _build_wheel(source: Path, out: Path) -> Path:
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    if subprocess.run([*pip, "--version"], capture_output=True).returncode != 0:
        pytest.skip(f"cannot build a wheel: no pip in {sys.executable}")
    command = [*pip, "wheel", str(source), "--no-deps", "-q", "-w", str(out)]
    offline = _can_build_here()
    if offline:
        command += ["--no-build-isolation", "--no-index"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip()[-1500:]
        if not offline and any(sign in tail for sign in BACKEND_MISSING):
            pytest.skip(
                "cannot build a wheel: this environment has no setuptools>=68 with bdist_wheel (the dev extras) and "
                f"pip could not fetch one for an isolated build: {tail[-300:]}"
            )
        pytest.fail(f"pip wheel failed:\n{tail}")
    wheels = sorted(out.glob("dossier-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def _fresh_venv(where: Path, wheel: Path) -> Path:
    """A virtual environment with the wheel installed and the dev environment's packages reachable."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=120)
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # this environment's site-packages, and those its own .pth files add (where its packages may be)
    sites = [entry for entry in sys.path if Path(entry).name in ("site-packages", "dist-packages")]
    dev = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *sites])
    # appended after the environment's own site-packages: the wheel's toolkit comes first; the dev environment's
    # .pth files (its editable install of this checkout) are not read from a directory a .pth file adds
    Path(own, "_dossier_dev_site.pth").write_text("".join(f"{path}\n" for path in dev), encoding="utf-8")
    install = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--python", str(python), "install"]
    # --ignore-installed: the dev environment's own dossier (seen through the .pth) is left alone
    done = subprocess.run(
        [*install, "--no-deps", "--no-index", "--ignore-installed", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-1500:]
    return python


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    assert not base.resolve().is_relative_to(ROOT), "the scratch folder must be outside the checkout"
    wheel = _build_wheel(_copy_checkout(base), base / "dist")
    python = _fresh_venv(base / "venv", wheel)
    dossier = python.parent / ("dossier.exe" if os.name == "nt" else "dossier")
    scratch = base / "scratch"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOSSIER_") and k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"XDG_CONFIG_HOME": str(base / "config"), "XDG_CACHE_HOME": str(base / "cache"), "HOME": str(base)}
    env["PATH"] = os.pathsep.join([str(python.parent), env.get("PATH", "")])
    return Installed(wheel, python, dossier, scratch, env)


def test_the_wheel_carries_the_data(installed: Installed) -> None:
    import zipfile

    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for member in (
        "toolkit/_data/cards/tactics/cards/frag_grenade.json",
        "toolkit/_data/schema/tactics/card.schema.json",
        "toolkit/_data/examples/decks/tactics/duo.json",
        "toolkit/text/ability.lark",
        "toolkit/i18n/locale/zh_Hans/LC_MESSAGES/dossier.po",
    ):
        assert member in names, member
    for folder in ("toolkit/sheets/fonts/", "toolkit/sheets/templates/", "toolkit/web/static/", "toolkit/web/templates/"):
        assert any(name.startswith(folder) for name in names), folder
    assert not any("__pycache__" in name for name in names)


def test_the_installed_package_reads_its_own_copy(installed: Installed) -> None:
    code = "import json, toolkit.paths as p; print(json.dumps([str(p.CARDS_DIR), str(p.SCHEMA_DIR), p.INSTALLED]))"
    done = subprocess.run(
        [str(installed.python), "-c", code], cwd=installed.scratch, env=installed.env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    cards, schema, bundled = json.loads(done.stdout)
    venv = installed.python.parent.parent
    assert bundled
    for path in (cards, schema):
        assert Path(path).is_relative_to(venv) and not Path(path).is_relative_to(ROOT), path


def test_version(installed: Installed) -> None:
    for flag in ("--version", "-V"):
        done = installed.run(flag)
        assert (done.returncode, done.stdout) == (0, "dossier 0.1.0\n"), done.stderr


def test_lint_the_bundled_cards(installed: Installed) -> None:
    done = installed.run("lint", "--format", "json")
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    report = json.loads(done.stdout)
    assert report["summary"]["errors"] == 0
    assert set(report["summary"]["games"]) == {"crossfire", "netrunner", "tactics"}
    assert not [f for f in report["findings"] if f["code"].startswith("card.schema_ref")]  # "$schema" resolves


def test_lint_speaks_chinese_from_the_wheel_s_catalog(installed: Installed) -> None:
    done = installed.run("lint", "--jobs", "1", lang="zh-Hans")
    assert done.returncode == 0, done.stderr[-1500:]
    assert "0 个错误" in done.stdout


def test_search_builds_its_database_on_first_use(installed: Installed) -> None:
    done = installed.run("search", "t:装备")
    assert done.returncode == 0, done.stderr[-1500:]
    assert "frag_grenade" in done.stdout or "tactics/" in done.stdout
    assert str(Path(installed.env["XDG_CACHE_HOME"])) in done.stderr  # built in the user's cache, not here
    assert not (installed.scratch / "dossier.db").exists()


def test_decks(installed: Installed) -> None:
    for name in ("duo.json", "duo-rival.txt"):
        shutil.copy(ROOT / "examples" / "decks" / "tactics" / name, installed.scratch / name)
    done = installed.run("deck", "validate", "duo.json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "legal" in done.stdout
    done = installed.run("deck", "new", "--game", "tactics", "--mode", "duo", "--agent", "寒鸦", "--agent", "白鹭",
                         "--out", "squad.txt")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (installed.scratch / "squad.txt").is_file()
    done = installed.run("simulate", "tactics", "--decks", "duo.json", "--decks", "duo-rival.txt", "--seed", "1",
                         "--turns", "100")  # fmt: skip
    assert done.returncode == 0, done.stderr[-1500:]
    assert "result:" in done.stdout


def test_print(installed: Installed) -> None:
    done = installed.run("print", "frag_grenade", "--out", "x.pdf")
    assert done.returncode == 0, done.stderr[-1500:]
    assert (installed.scratch / "x.pdf").read_bytes().startswith(b"%PDF")


def test_serve_answers(installed: Installed, tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**installed.env, "DOSSIER_LANG": "en"}
    server = subprocess.Popen(
        [str(installed.dossier), "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 90
        page = None
        while page is None and time.monotonic() < deadline:
            if server.poll() is not None:
                pytest.fail(f"dossier serve ended ({server.returncode}): {server.stdout.read()[-1500:] if server.stdout else ''}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = response.status, response.read().decode("utf-8")
            except OSError:
                time.sleep(0.2)
        assert page is not None, "dossier serve did not answer within 90 s"
        status, body = page
        assert status == 200 and "<html" in body.lower()
        static = "/static/" + sorted(p.name for p in (ROOT / "toolkit" / "web" / "static").iterdir())[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{static}", timeout=5) as response:
            assert response.status == 200
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
