"""An installed dossier (a wheel in site-packages) never writes into its own package, and its wheel carries every
data file the code reads.

- The package data pyproject.toml lists takes every tracked non-Python file of the packages (the web editor's
  ``editor/editor.js`` template was left out, and every record page answered 500 from a wheel).
- Installed (``toolkit.paths.INSTALLED``), the bundled cards are never a folder the web editor writes to: the New
  form does not offer them and says to add a folder of one's own; saving there is refused in one line (403).
- Installed, ``dossier schema``, ``dossier fmt`` and ``dossier text fmt`` given no place write nothing into the
  package: one line says which option or argument to give. A checkout keeps its defaults.
- ``dossier examples --out DIR`` copies the bundled examples (and, asked, the cards) into a folder of the user's.

Here "installed" is the checkout with ``toolkit.paths.INSTALLED`` set and the bundled directories pointed at copies
(nothing of the checkout is written); tests/test_wheel_install.py runs the same from a real wheel.
"""

from __future__ import annotations

import fnmatch
import html
import importlib
import json
import os
import re
import shutil
import stat
import subprocess
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.web.conftest import BASE, TEST_CSRF
from toolkit.cli import app
from toolkit.sheets.template import TEMPLATE_DIR
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent
SHOT = "tactics/cards/adrenaline_shot.json"


# ---------------------------------------------------------------- the package data


def tracked_data_files(package: str) -> list[str]:
    """The tracked files of ``package`` (a directory of the checkout) that are not Python, relative to it; from git
    when this is a git checkout, else the files found there (caches and hidden names left out)."""
    done = subprocess.run(["git", "ls-files", "-z", package], cwd=ROOT, capture_output=True, check=False)
    if done.returncode == 0 and done.stdout:
        names = [n for n in os.fsdecode(done.stdout).split("\0") if n]
    else:
        names = [
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / package).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and not any(part.startswith(".") for part in p.parts)
        ]
    return sorted(n.removeprefix(package + "/") for n in names if not n.endswith((".py", ".pyc", ".pyi", ".typed")))


def _matches(rel: str, pattern: str) -> bool:
    """Whether setuptools' package-data glob ``pattern`` (``**`` any folders, ``*`` within one name) takes ``rel``."""
    regex = re.escape(pattern).replace(r"\*\*/", "(?:[^/]+/)*").replace(r"\*", "[^/]*")
    return re.fullmatch(regex, rel) is not None and fnmatch.fnmatch(rel.rsplit("/", 1)[-1], pattern.rsplit("/", 1)[-1])


@pytest.mark.parametrize("package", ["toolkit", "validators"])
def test_the_package_data_takes_every_tracked_data_file(package: str) -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"].get("package-data", {}).get(package, [])
    missing = [rel for rel in tracked_data_files(package) if not any(_matches(rel, p) for p in patterns)]
    assert not missing, f"pyproject.toml's package-data for {package} leaves out {missing}"


def test_the_pattern_reader() -> None:
    assert _matches("web/templates/editor/editor.js", "web/templates/**/*")
    assert _matches("web/templates/base.html", "web/templates/**/*.html")
    assert not _matches("web/templates/editor/editor.js", "web/templates/**/*.html")
    assert not _matches("text/sub/ability.lark", "text/*.lark")


# ---------------------------------------------------------------- installed: the bundled data are copies here


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An installed dossier, as far as its bundled data go: ``toolkit.paths.INSTALLED`` and the bundled cards,
    schema and examples copies under tmp/package (what a write there would change); the working directory an
    empty tmp/work without a card pool of its own."""
    package = tmp_path / "package"
    for name in ("cards", "schema", "examples"):
        shutil.copytree(ROOT / name, package / name)
    for module in (importlib.import_module("toolkit.paths"), importlib.import_module("toolkit.cli.app")):
        monkeypatch.setattr(module, "CARDS_DIR", package / "cards")
        monkeypatch.setattr(module, "SCHEMA_DIR", package / "schema")
    monkeypatch.setattr("toolkit.paths.EXAMPLES_DIR", package / "examples")
    monkeypatch.setattr("toolkit.paths.INSTALLED", True)
    for key in ("DOSSIER_CARDS", "DOSSIER_LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return package


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def run(*args: str) -> Any:
    return CliRunner().invoke(app, [*args, "--lang", "en"])


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


def test_schema_needs_out_when_installed(installed: Path) -> None:
    before = snapshot(installed / "schema")
    stale = _stale(installed / "schema" / "deck.schema.json")  # a write would bring it up to date
    done = run("schema")
    assert done.exit_code == 2, done.output
    line = one_line(done.stderr)
    assert line.startswith("dossier: error: the bundled schemas are part of the installed package"), line
    assert "--out DIR" in line
    assert (installed / "schema" / "deck.schema.json").read_bytes() == stale
    done = run("schema", "--out", "my-schema")  # a place named: written
    assert done.exit_code == 0, done.output
    assert snapshot(Path("my-schema")) == before
    assert run("schema", "--check").exit_code == 1  # --check writes nothing: the bundled schemas are read


def test_schema_writes_the_checkout_s_schema_by_default(installed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("toolkit.paths.INSTALLED", False)  # a checkout: its schema/ is the default, as before
    _stale(installed / "schema" / "deck.schema.json")
    done = run("schema")
    assert done.exit_code == 0, done.output
    written = (installed / "schema" / "deck.schema.json").read_bytes()
    assert written == (ROOT / "schema" / "deck.schema.json").read_bytes()
    help_page = run("schema", "--help").stdout
    assert str(ROOT) not in help_page and "[default:" not in help_page.split("--out", 1)[1].split("--check")[0]


def _stale(path: Path) -> bytes:
    """A schema file made stale (a description changed); returns its bytes."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["description"] = "stale"
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path.read_bytes()


def _unformatted(folder: Path) -> Path:
    """A bundled card made non-canonical for both fmt commands: keys out of order and a 4-space indent (`fmt`),
    an ability text not in its canonical form (`text fmt`)."""
    path = folder / SHOT
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = ["你抽两张牌。"]
    path.write_text(json.dumps(dict(reversed(list(data.items()))), ensure_ascii=False, indent=4), encoding="utf-8")
    return path


def _formatted(path: Path, command: list[str]) -> bool:
    text = path.read_text(encoding="utf-8")
    if command == ["fmt"]:
        return text.startswith('{\n  "$schema"')
    return json.loads(text)["text"] == ["你抽 2 张牌。"]


@pytest.mark.parametrize("command", [["fmt"], ["text", "fmt"]])
def test_fmt_needs_a_path_when_installed(installed: Path, command: list[str]) -> None:
    path = _unformatted(installed / "cards")
    before = path.read_bytes()
    done = run(*command)
    assert done.exit_code == 2, done.output
    line = one_line(done.stderr)
    shown = " ".join(command)
    assert line.startswith("dossier: error: the bundled cards are part of the installed package"), line
    assert line.endswith(f"`dossier {shown} PATH`"), line
    assert path.read_bytes() == before
    assert run(*command, "--check").exit_code == 1  # --check reads the bundled cards, writes nothing
    assert path.read_bytes() == before
    mine = Path("mine.json")
    shutil.copy(path, mine)
    assert run(*command, str(mine)).exit_code == 0  # a path named: formatted
    assert _formatted(mine, command)


def test_fmt_takes_the_configured_pool_when_installed(installed: Path) -> None:
    shutil.copytree(installed / "cards" / "tactics", "my-cards/tactics")
    path = _unformatted(Path("my-cards"))
    Path("dossier.toml").write_text('cards = ["my-cards"]\n', encoding="utf-8")
    done = run("fmt")
    assert done.exit_code == 0, done.output
    assert _formatted(path, ["fmt"])


@pytest.mark.parametrize("command", [["fmt"], ["text", "fmt"]])
def test_fmt_keeps_the_checkout_s_default(installed: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    monkeypatch.setattr("toolkit.paths.INSTALLED", False)
    path = _unformatted(installed / "cards")
    done = run(*command)
    assert done.exit_code == 0, done.output
    assert json.loads(path.read_text(encoding="utf-8"))["id"] == "adrenaline_shot"
    assert _formatted(path, command)


def test_text_fmt_help_says_its_default() -> None:
    page = CliRunner().invoke(app, ["text", "fmt", "--help"], env={"DOSSIER_LANG": "en", "COLUMNS": "300"}).stdout
    assert "default: cards/)" not in page
    assert "the card pool" in page and "not rewritten" in page


# ---------------------------------------------------------------- dossier examples


def test_examples_copies_the_bundled_files(installed: Path) -> None:
    done = run("examples", "--out", "tour")
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines() == [
        f"tour{os.sep}examples{os.sep}: {len(snapshot(installed / 'examples'))} files written",
        f"tour{os.sep}schema{os.sep}: {len(snapshot(installed / 'schema'))} files written",
        f"tour{os.sep}templates{os.sep}: {len(snapshot(TEMPLATE_DIR))} files written",  # the card layouts
    ]
    assert snapshot(Path("tour/examples")) == snapshot(installed / "examples")
    assert snapshot(Path("tour/schema")) == snapshot(installed / "schema")
    assert not Path("tour/cards").exists()
    assert not [p for p in Path("tour").iterdir() if p.name.startswith(".")]  # no temporary left
    done = run("examples", "--out", "all", "--with-cards")
    assert done.exit_code == 0, done.output
    assert snapshot(Path("all/cards")) == snapshot(installed / "cards")


def test_examples_replaces_nothing(installed: Path) -> None:
    Path("tour/schema").mkdir(parents=True)
    Path("tour/schema/mine.json").write_text("{}\n", encoding="utf-8")
    done = run("examples", "--out", "tour")
    assert done.exit_code == 0, done.output  # (the missing folders written, the user's left as it is)
    assert f"{Path('tour/schema')}{os.sep}: exists already; left as it is" in done.stdout.splitlines()
    assert sorted(p.name for p in Path("tour/schema").iterdir()) == ["mine.json"]


def test_examples_are_the_user_s_files(installed: Path) -> None:
    """A read-only package (a system's site-packages) gives copies the user can edit."""
    for path in (installed / "examples").rglob("*"):
        path.chmod(0o444 if path.is_file() else 0o555)
    try:
        assert run("examples", "--out", "tour").exit_code == 0
        deck = Path("tour/examples/decks/tactics/duo.json")
        assert deck.stat().st_mode & stat.S_IWUSR and deck.parent.stat().st_mode & stat.S_IWUSR
    finally:
        for path in (installed / "examples").rglob("*"):
            path.chmod(0o755 if path.is_dir() else 0o644)


def test_examples_then_the_docs_commands(installed: Path) -> None:
    assert run("examples", "--out", ".", "--with-cards").exit_code == 0
    lint = run("lint", "cards", "--format", "json")
    assert lint.exit_code == 0, lint.output[-2000:]
    assert not [f for f in json.loads(lint.stdout)["findings"] if f["code"].startswith("card.schema_ref")]
    deck = run("deck", "validate", "examples/decks/tactics/duo.json")
    assert deck.exit_code == 0 and "legal" in deck.stdout, deck.output


# ---------------------------------------------------------------- the web editor


def _client(settings: WebSettings) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    with TestClient(create_app(settings), base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c


def _settings(base: Path, *cards: Path) -> WebSettings:
    return WebSettings(cards=list(cards), db_url=str(base / "web.db"), cache=base / "web-cache", data=base / "web-data")


@pytest.fixture
def bundled_only(installed: Path, tmp_path: Path) -> Iterator[Any]:
    """The editor of an installed dossier served with no card pool of one's own: the bundled cards only."""
    yield from _client(_settings(tmp_path, installed / "cards"))


def error_line(page: Any) -> str:
    found = re.search(r'id="ed-error">(.*?)</p>', page.text, re.S)
    assert found is not None, page.text[:2000]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def _refusal(line: str) -> None:
    assert "\n" not in line
    assert line.startswith("the bundled cards are part of the installed package and are not written to"), line
    assert "dossier serve --cards cards --cards my-set" in line and "dossier.toml" in line


def test_the_new_form_says_to_add_a_folder(bundled_only: Any) -> None:
    page = bundled_only.get("/editor", params={"lang": "en"})
    assert page.status_code == 200
    _refusal(error_line(page))
    form = page.text[page.text.index('id="ed-new"') : page.text.index("</form>")]
    assert "ed-new-root" not in form and "(the bundled cards)" not in form  # no folder offered


def test_a_new_card_in_the_bundled_cards_is_refused(bundled_only: Any, installed: Path) -> None:
    before = snapshot(installed / "cards")
    for params in ({}, {"root": 0}):
        page = bundled_only.get(
            "/editor/new", params={"kindref": "tactics/card", "id": "web_card", "lang": "en", **params}
        )
        assert 400 <= page.status_code < 500
        _refusal(error_line(page))
    body = {"root": 0, "path": "tactics/cards/web_card.json", "text": "{}", "new": True, "lang": "en"}
    saved = bundled_only.post("/editor/save", json=body)
    assert saved.status_code == 403, saved.text
    _refusal(saved.json()["detail"])
    assert snapshot(installed / "cards") == before


def test_saving_a_bundled_card_is_refused(bundled_only: Any, installed: Path) -> None:
    path = installed / "cards" / SHOT
    before = path.read_bytes()
    opened = bundled_only.get("/editor/edit", params={"root": 0, "path": SHOT, "lang": "en"})
    assert opened.status_code == 200  # read, as any record
    body = {"root": 0, "path": SHOT, "text": before.decode("utf-8"), "lang": "en"}
    saved = bundled_only.post("/editor/save", json=body)
    assert saved.status_code == 403, saved.text
    _refusal(saved.json()["detail"])
    assert path.read_bytes() == before


def test_a_folder_of_one_s_own_beside_the_bundled_cards(installed: Path, tmp_path: Path) -> None:
    mine = tmp_path / "my-set"
    mine.mkdir()
    for client in _client(_settings(tmp_path, installed / "cards", mine)):
        page = client.get("/editor", params={"lang": "en"})
        assert page.status_code == 200 and 'id="ed-error"' not in page.text
        select = re.search(r'<select id="ed-new-root" name="root"[^>]*>(.*?)</select>', page.text, re.S)
        assert select is not None
        assert re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', select.group(1)) == [("1", "my-set")]
        new = client.get("/editor/new", params={"kindref": "tactics/card", "id": "web_card", "lang": "en"})
        assert new.status_code == 200, new.text[:2000]


def test_a_checkout_s_editor_still_offers_its_cards(
    installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("toolkit.paths.INSTALLED", False)
    for client in _client(_settings(tmp_path, installed / "cards")):
        page = client.get("/editor", params={"lang": "en"})
        assert 'id="ed-error"' not in page.text and "cards (the bundled cards)" in page.text
        new = client.get("/editor/new", params={"kindref": "tactics/card", "id": "web_card", "lang": "en"})
        assert new.status_code == 200
