"""A wheel is the whole tool: built from the checkout (``pip wheel .``), installed in a fresh virtual environment
outside it, the tour runs in a scratch folder with what the wheel carries: the bundled cards, maps and schemas
(``toolkit/_data``, copied in by setup.py), fonts, templates, web assets, grammar and message catalogs (compiled
by setup.py). Every tracked data file of the packages is in it; the installed dossier writes nothing into its own
package by default (the web editor, ``schema``, ``fmt``, ``text fmt``), and ``dossier examples`` gives a user the
files the documentation's commands use.

The fresh environment reuses the dev environment's installed dependencies (a ``.pth`` file naming its
site-packages, which Python appends after the new environment's own) and gets the wheel with ``--no-deps``: no
download. The wheel is built without build isolation when this environment has the build backend (setuptools 77
or newer: the dev extras carry it), else with pip's isolated build (which needs setuptools
from the package index or pip's cache); when neither can build, the tests skip with the reason. Run alone:
``pytest tests/test_wheel_install.py`` (``-m "not wheel"`` leaves them out).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_installed_round56c import tracked_data_files

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
    """Whether this environment has the build backend: setuptools 77 or newer (it reads pyproject's SPDX
    ``license = "MIT"``; its ``bdist_wheel`` is its own since 70.1)."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        return False
    try:
        major = int(version("setuptools").split(".")[0])
    except (PackageNotFoundError, ValueError):
        return False
    return major >= 77


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
                "cannot build a wheel: this environment has no setuptools>=77 with bdist_wheel (the dev extras) and "
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


@pytest.mark.slow
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


@pytest.mark.slow
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


def site_packages(installed: Installed) -> Path:
    done = subprocess.run(
        [str(installed.python), "-c", "import toolkit, pathlib; print(pathlib.Path(toolkit.__file__).parent)"],
        cwd=installed.scratch,
        env=installed.env,
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(done.stdout.strip())


def test_the_wheel_carries_every_tracked_data_file(installed: Installed) -> None:
    """Every tracked file of the packages that is not Python (templates, scripts the templates include, styles,
    fonts, the grammar, the catalogs), and the bundled cards, schemas and examples under toolkit/_data."""
    import zipfile

    names = set(zipfile.ZipFile(installed.wheel).namelist())
    wanted = [f"{package}/{rel}" for package in ("toolkit", "validators") for rel in tracked_data_files(package)]
    wanted += [
        f"toolkit/_data/{name}/{rel}" for name in ("cards", "schema", "examples") for rel in tracked_data_files(name)
    ]
    assert "toolkit/web/templates/editor/editor.js" in wanted
    missing = [name for name in wanted if name not in names]
    assert not missing, f"the wheel lacks {missing}"


def test_the_wheel_ships_compiled_catalogs(installed: Installed) -> None:
    """Each catalog's .mo beside its .po, compiled from it (fuzzy translations left out) as the catalogs' compile
    command compiles it, so the two agree."""
    import io
    import zipfile

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    wheel = zipfile.ZipFile(installed.wheel)
    catalogs = [n for n in wheel.namelist() if n.startswith("toolkit/i18n/locale/") and n.endswith(".po")]
    assert catalogs
    for po in catalogs:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(io.BytesIO(wheel.read(po)), locale=po.split("/")[3]), use_fuzzy=False)
        assert wheel.read(po.removesuffix(".po") + ".mo") == compiled.getvalue(), po


def test_an_installed_dossier_reads_its_shipped_catalog(installed: Installed, tmp_path: Path) -> None:
    env = {**installed.env, "XDG_CACHE_HOME": str(tmp_path / "cache"), "DOSSIER_LANG": "zh-Hans"}
    done = subprocess.run(
        [str(installed.dossier), "schema"], cwd=installed.scratch, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "错误" in done.stderr, done.stderr  # worded from the catalog
    assert not list((tmp_path / "cache").rglob("*.mo")), "the catalog was compiled again"


@pytest.mark.slow
def test_nothing_written_into_the_package_by_default(installed: Installed) -> None:
    package = site_packages(installed)
    before = {p: p.stat().st_mtime_ns for p in package.rglob("*.json")}
    expected = {
        ("schema",): "--out DIR",
        ("fmt",): "`dossier fmt PATH`",
        ("text", "fmt"): "`dossier text fmt PATH`",
    }
    for command, hint in expected.items():
        done = installed.run(*command)
        assert done.returncode == 2, (command, done.stdout[-1500:], done.stderr[-1500:])
        assert done.stderr.count("\n") == 1 and hint in done.stderr, (command, done.stderr)
    checked = installed.run("schema", "--check")  # (it checks ./schema, here none: said, exit 1, nothing written)
    assert checked.returncode == 1 and "dossier schema --out schema" in checked.stdout, checked
    assert {p: p.stat().st_mtime_ns for p in package.rglob("*.json")} == before
    assert "default: cards/)" not in installed.run("text", "fmt", "--help").stdout


@pytest.mark.slow
def test_the_examples_then_the_docs_commands(installed: Installed, tmp_path: Path) -> None:
    """An installed user gets the files the documentation uses, and its commands run from there."""
    env = {**installed.env, "DOSSIER_LANG": "en"}

    def dossier(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(installed.dossier), *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
        )

    done = dossier("examples", "--out", ".", "--with-cards")
    assert done.returncode == 0, done.stderr[-1500:]
    assert [line.split(":")[0] for line in done.stdout.splitlines()] == ["examples/", "schema/", "templates/", "cards/"]
    done = dossier("lint", "cards")
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    decks = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "examples/decks/netrunner").glob("*.json"))
    done = dossier("deck", "validate", *decks)
    assert done.returncode == 0 and done.stdout.count("legal") == len(decks), done.stdout + done.stderr
    done = dossier("crossfire", "resolve", "examples/crossfire/round1.json")
    assert done.returncode == 0, done.stderr[-1500:]
    done = dossier("examples", "--out", ".")
    assert done.returncode == 0 and "exists; nothing was written" in done.stdout, done.stdout + done.stderr


def _get(url: str, **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


@contextlib.contextmanager
def serving(installed: Installed, cwd: Path, *args: str) -> Iterator[str]:
    """``dossier serve`` from the wheel on a free loopback port, in ``cwd``; yields its address (no final /)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**installed.env, "DOSSIER_LANG": "en"}
    server = subprocess.Popen(
        [str(installed.dossier), "serve", "--port", str(port), *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if server.poll() is not None:
                said = server.stdout.read()[-1500:] if server.stdout else ""
                pytest.fail(f"dossier serve ended ({server.returncode}): {said}")
            try:
                with urllib.request.urlopen(f"{base}/", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("dossier serve did not answer within 90 s")
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.mark.slow
def test_serve_answers(installed: Installed, tmp_path: Path) -> None:
    with serving(installed, tmp_path) as base:
        status, body = _get(f"{base}/")
        assert status == 200 and "<html" in body.lower()
        static = "/static/" + sorted(p.name for p in (ROOT / "toolkit" / "web" / "static").iterdir())[0]
        assert _get(f"{base}{static}")[0] == 200
        # a record's editor page includes editor/editor.js (a template the wheel once lacked: 500)
        status, body = _get(f"{base}/editor/record/tactics/frag_grenade?lang=en")
        assert status == 200 and 'id="ed-config"' in body, body[-1500:]
        # the bundled cards only: the New form says to add a folder of one's own; saving there is refused
        status, body = _get(f"{base}/editor?lang=en")
        assert status == 200 and "add a card folder of your own" in body and 'id="ed-new-root"' not in body
        card = site_packages(installed) / "_data" / "cards" / "tactics" / "cards" / "frag_grenade.json"
        before = card.read_bytes()
        token = "wheel-test-csrf-0123456789abcdef"
        payload = {"root": 0, "path": "tactics/cards/frag_grenade.json", "text": before.decode("utf-8"), "lang": "en"}
        request = urllib.request.Request(
            f"{base}/editor/save",
            data=json.dumps(payload).encode("utf-8"),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Origin": base,
                "Cookie": f"csrf={token}",
                "X-CSRF-Token": token,
            },
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 403
        detail = json.loads(refused.value.read().decode("utf-8"))["detail"]
        assert detail.startswith("the bundled cards are part of the installed package"), detail
        assert card.read_bytes() == before
