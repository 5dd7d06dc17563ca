"""Dossier installed as a wheel: one card pool for every command, install advice that works, pages that say so.

- The last fallback of the card pool (:func:`toolkit.config.card_pool`) is ``cards/`` in the working directory
  when it is one (the folder ``dossier examples --with-cards`` makes), else the bundled cards, for every command:
  ``deck validate``, ``search``, ``show`` and ``crossfire`` read the same edited card there.
- ``import csv`` and ``import netrunnerdb`` refuse to write into the installed package, and say so when they made
  ``cards/`` here (the commands run here read it from then on).
- A missing optional extra (Ray for the balance lab, matplotlib for ``--plot``) is told with the command that
  installs it where this dossier runs (:func:`toolkit.paths.install_command`), never ``pip install
  'dossier[lab]'`` (PyPI's ``dossier`` is another project).
- ``search``/``show`` without a writable cache answer from a temporary database, after one warning line.
- ``/docs`` is a page of this server, with nothing from a CDN.
- README and getting-started say all this (the extras, the ``validators`` clash, the card pool's order, what
  ``dossier examples`` copies).
"""

from __future__ import annotations

import builtins
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import toolkit.config as config
from toolkit import paths
from toolkit.balance.runner import RAY
from toolkit.config import card_pool
from toolkit.paths import CARDS_DIR

from .conftest import ROOT

EX = ROOT / "examples"
SHEET = EX / "sheets" / "my-cards.csv"
SPARK = Path("netrunner") / "cards" / "spark_of_insight.json"


@pytest.fixture(autouse=True)
def no_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No DOSSIER_CARDS, an empty user config, and no dossier.toml above tmp_path (/tmp/dossier.toml or the like)."""
    monkeypatch.delenv(config.ENV_CARDS, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    search = config.project_file

    def inside_tmp_path(start: Path | None = None) -> Path | None:
        found = search(start)
        return found if found is not None and tmp_path in found.parents else None

    monkeypatch.setattr(config, "project_file", inside_tmp_path)


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder `dossier examples --with-cards` makes (a copy of the bundled cards in cards/), the working
    directory, with one card edited there: Spark of Insight's influence 2 -> 4."""
    folder = tmp_path / "files"
    shutil.copytree(CARDS_DIR, folder / "cards")
    shutil.copytree(ROOT / "schema", folder / "schema")
    spark = folder / "cards" / SPARK
    data = json.loads(spark.read_text(encoding="utf-8"))
    assert data["influence"] == 2
    data["influence"] = 4
    spark.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    return folder


# ---------------------------------------------------------------- one card pool for every command


def test_cards_here_stands_in_for_the_bundled_cards(tmp_path: Path) -> None:
    here = tmp_path / "here"
    (here / "cards" / "tactics").mkdir(parents=True)
    (here / "cards" / "netrunner").mkdir()
    assert card_pool(None, cwd=here).paths == [here / "cards"]
    assert card_pool(None, default=[CARDS_DIR / "tactics"], cwd=here).paths == [here / "cards" / "tactics"]
    both = [CARDS_DIR / "tactics", CARDS_DIR / "netrunner"]
    assert card_pool(None, default=both, cwd=here).paths == [here / "cards" / "tactics", here / "cards" / "netrunner"]
    # no crossfire/ here: the whole of cards/ (once), not the bundled crossfire roles
    assert card_pool(None, default=[CARDS_DIR / "crossfire"], cwd=here).paths == [here / "cards"]
    assert card_pool(None, default=[CARDS_DIR / "tactics", CARDS_DIR / "crossfire"], cwd=here).paths == [
        here / "cards"
    ]
    other = tmp_path / "other"
    assert card_pool(None, default=[other, CARDS_DIR], cwd=here).paths == [other, here / "cards"]
    assert card_pool(None, default=[], cwd=here).paths == []  # (db's "is a pool configured?")
    assert card_pool(None, cwd=here).source == "default"


def test_without_cards_here_the_bundled_cards(tmp_path: Path) -> None:
    assert card_pool(None, cwd=tmp_path).paths == [CARDS_DIR]
    (tmp_path / "cards").write_text("not a directory", encoding="utf-8")
    assert card_pool(None, default=[CARDS_DIR / "tactics"], cwd=tmp_path).paths == [CARDS_DIR / "tactics"]
    # in a checkout, cards/ of the repository is the bundled one: paths stay as they were
    assert card_pool(None, default=[CARDS_DIR / "tactics"], cwd=CARDS_DIR.parent).paths == [CARDS_DIR / "tactics"]


def test_the_settings_come_before_cards_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    here = tmp_path / "here"
    (here / "cards").mkdir(parents=True)
    mine = tmp_path / "mine"
    mine.mkdir()
    (here / "dossier.toml").write_text(f'cards = ["{mine}"]\n', encoding="utf-8")
    assert card_pool(None, cwd=here).paths == [mine]
    monkeypatch.setenv(config.ENV_CARDS, str(CARDS_DIR))
    assert card_pool(None, cwd=here).paths == [CARDS_DIR]
    assert card_pool([here / "cards"], cwd=here).paths == [here / "cards"]


def test_deck_validate_and_show_read_the_same_cards_here(cli: Any, files: Path) -> None:
    deck = cli("deck", "validate", EX / "decks" / "netrunner" / "runner-anarch-rust.json")
    assert deck.exit_code == 0, deck.output
    assert "12/15 influence" in deck.output  # 3 Spark of Insight at 4 (the bundled cards: 6/15)
    shown = cli("show", "spark_of_insight", "--lang", "en")
    assert shown.exit_code == 0, shown.output
    assert "inf 4" in shown.stdout
    found = cli("search", "spark of insight", "--format", "json")
    assert found.exit_code == 0, found.output
    assert [card["record"]["influence"] for card in json.loads(found.stdout)["results"]] == [4]
    bundled = cli("deck", "validate", "--cards", CARDS_DIR, EX / "decks" / "netrunner" / "runner-anarch-rust.json")
    assert "6/15 influence" in bundled.output


def test_a_command_of_one_game_reads_its_folder_here(cli: Any, files: Path) -> None:
    vip = files / "cards" / "crossfire" / "roles" / "vip.json"
    data = json.loads(vip.read_text(encoding="utf-8"))
    data["name"]["en"] = "Very Important Person"
    vip.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    dealt = cli("crossfire", "deal", "--players", "7", "--seed", "1", "--lang", "en")
    assert dealt.exit_code == 0, dealt.output
    assert "Very Important Person" in dealt.stdout  # cards/crossfire here, not the bundled roles


# ---------------------------------------------------------------- imports


def test_an_import_that_makes_cards_here_says_it_is_now_the_pool(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    dry = cli("import", "csv", SHEET, "--game", "tactics", "--into", "cards/mine", "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert "is new here" not in dry.stderr and not (tmp_path / "cards").exists()
    made = cli("import", "csv", SHEET, "--game", "tactics", "--into", "cards/mine")
    assert made.exit_code == 0, made.output
    lines = [line for line in made.stderr.splitlines() if "is new here" in line]
    assert lines == [
        "dossier: warning: cards/ is new here: the commands run in this folder now read it as the card pool, in "
        'place of the bundled cards (give --cards DIR, set DOSSIER_CARDS=DIR, or write `cards = ["DIR"]` in '
        "dossier.toml)"
    ], made.stderr
    assert card_pool(None).paths == [Path("cards")]
    again = cli("import", "csv", SHEET, "--game", "tactics", "--into", "cards/mine")
    assert again.exit_code == 0 and "is new here" not in again.stderr  # told once, when made


def test_an_import_under_a_configured_pool_says_nothing_of_cards_here(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dossier.toml").write_text(f'cards = ["{CARDS_DIR}", "cards/mine"]\n', encoding="utf-8")
    made = cli("import", "csv", SHEET, "--game", "tactics", "--into", "cards/mine")
    assert made.exit_code == 0, made.output
    assert "is new here" not in made.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["import", "csv", str(SHEET), "--game", "tactics"],
        ["import", "netrunnerdb", str(ROOT / "tests")],
    ],
    ids=["csv", "netrunnerdb"],
)
@pytest.mark.parametrize("into", ["_data/cards/tactics", "_data/cards", "web"])
def test_an_import_into_the_installed_package_is_refused(
    cli: Any, args: list[str], into: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "site-packages" / "toolkit"  # (a stand-in: were the refusal gone, nothing real is written)
    (package / "web").mkdir(parents=True)
    monkeypatch.setattr("toolkit.paths.INSTALLED", True)
    monkeypatch.setattr("toolkit.paths.PACKAGE_DIR", package)
    target = package / into
    result = cli(*args, "--into", target)
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"dossier: error: --into {target}: the bundled cards are part of the installed package and are not written "
        "to; give a folder of your own: --into my-set"
    ], result.output
    assert sorted(p.relative_to(package).as_posix() for p in package.rglob("*")) == ["web"]


def test_a_checkout_s_cards_may_be_imported_into(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a checkout the cards are the repository's own: a dry run into them is checked as before."""
    result = cli("import", "csv", SHEET, "--game", "tactics", "--into", CARDS_DIR / "tactics", "--dry-run")
    assert "installed package" not in result.output


# ---------------------------------------------------------------- install advice for the extras


def pyproject_extra(extra: str) -> set[Any]:
    from packaging.requirements import Requirement

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {(r.name, r.specifier) for r in map(Requirement, data["project"]["optional-dependencies"][extra])}


def requirements_in(command: str) -> set[Any]:
    from packaging.requirements import Requirement

    words = shlex.split(command)
    start = words.index("inject") + 2 if "inject" in words else words.index("install") + 1
    return {(r.name, r.specifier) for r in map(Requirement, words[start:])}


@pytest.mark.parametrize(("extra", "fallback"), [("lab", RAY), ("plot", "matplotlib>=3.8,<4")])
def test_the_fallbacks_are_pyproject_s_extras(extra: str, fallback: str) -> None:
    assert requirements_in(f"pip install '{fallback}'") == pyproject_extra(extra)


def test_in_a_checkout_its_own_extra_editable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    python = shlex.quote(sys.executable)
    monkeypatch.chdir(ROOT)
    assert paths.install_command("lab", RAY) == f"{python} -m pip install -e '.[lab]'"
    monkeypatch.chdir(tmp_path)
    command = paths.install_command("plot", "matplotlib")
    assert command == f"{python} -m pip install -e {shlex.quote(os.path.relpath(ROOT) + '[plot]')}"


def test_installed_in_a_virtual_environment_its_own_pip(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(paths, "INSTALLED", True)
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "venv"))
    command = paths.install_command("lab", RAY)
    assert command.startswith(f"{shlex.quote(sys.executable)} -m pip install ")
    assert requirements_in(command) == pyproject_extra("lab")
    assert "dossier" not in command.split(" -m ")[1]  # (PyPI's dossier is another project)
    monkeypatch.setattr(paths, "extra_requirements", lambda extra: [])  # a distribution that cannot be asked
    assert paths.install_command("plot", "matplotlib>=3.8,<4").endswith(" -m pip install 'matplotlib>=3.8,<4'")


def test_installed_with_pipx_an_injection(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    venv = tmp_path / "pipx" / "venvs" / "dossier"
    venv.mkdir(parents=True)
    (venv / "pipx_metadata.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(paths, "INSTALLED", True)
    monkeypatch.setattr(sys, "prefix", str(venv))
    command = paths.install_command("plot", "matplotlib>=3.8,<4")
    assert command.startswith("pipx inject dossier ")
    assert requirements_in(command) == pyproject_extra("plot")


def without(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    real = builtins.__import__

    def refused(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == module or name.startswith(module + "."):
            raise ImportError(f"No module named {module!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", refused)


def test_without_ray_the_command_for_this_installation(
    cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    without(monkeypatch, "ray")
    result = cli("balance", "tactics", "--games", "4", "--out", tmp_path / "r")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "dossier: error: the balance lab runs its games on Ray, which is not installed: "
        + paths.install_command("lab", RAY)
    ]
    assert "dossier[" not in result.stderr


def test_without_matplotlib_the_command_for_this_installation(
    cli: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    without(monkeypatch, "matplotlib")
    plot = tmp_path / "r.png"
    result = cli("crossfire", "simulate", "--players", "10", "--games", "10", "--seed", "1", "--plot", plot)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines()[-1] == (
        "dossier: error: --plot needs matplotlib: " + paths.install_command("plot", "matplotlib>=3.8,<4")
    )


# ---------------------------------------------------------------- a cache that cannot be written


@pytest.mark.slow
def test_search_without_a_writable_cache_uses_a_temporary_database(tmp_path: Path) -> None:
    """search and show build their database in the user's cache; where that cannot be made (a home that does not
    exist, a read-only one), one warning line names it and what keeps one, and the command answers from a
    database of its own, in a temporary folder removed at exit."""
    work, temporary = tmp_path / "work", tmp_path / "tmp"
    work.mkdir()
    temporary.mkdir()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory\n", encoding="utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(blocked / "cache"), "TMPDIR": str(temporary), "DOSSIER_LANG": "en"}
    env.pop("DOSSIER_DB", None)
    done = subprocess.run(
        [sys.executable, "-m", "toolkit.cli", "search", "heist", "--format", "ids"],
        cwd=work, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["netrunner/archive_heist"]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"dossier: warning: cannot create the card database {blocked / 'cache' / 'dossier'}")
    assert lines[0].endswith(
        "in the user's cache: Not a directory; a temporary one is built for this command (set XDG_CACHE_HOME to a "
        "writable directory, or build one with `dossier db build --db FILE` and give --db FILE)"
    )
    assert list(temporary.iterdir()) == []  # removed at exit
    assert list(work.iterdir()) == []  # and nothing written where it ran


def test_show_with_a_read_only_cache_uses_a_temporary_database(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    real = os.access
    refused = str(cache)  # (as a read-only cache directory answers)
    monkeypatch.setattr(os, "access", lambda path, mode: False if str(path).startswith(refused) else real(path, mode))
    shown = cli("show", "archive_heist", "--lang", "en")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("Archive Heist\n")
    assert shown.stderr.count("dossier: warning: cannot create the card database") == 1
    assert "in the user's cache: Permission denied; a temporary one is built" in shown.stderr
    assert not list(cache.rglob("*.db"))


# ---------------------------------------------------------------- the API page, offline


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    base = tmp_path_factory.mktemp("web")
    settings = WebSettings(cards=[CARDS_DIR], db_url=str(base / "web.db"), cache=base / "cache", data=base / "data")
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        yield client


def test_the_api_page_needs_no_other_site(web: Any) -> None:
    """/docs (in every page's footer and the serve banner) is a page of this server: no script, nothing loaded
    from a CDN (FastAPI's Swagger UI comes from cdn.jsdelivr.net, and is blank offline)."""
    page = web.get("/docs?lang=en")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    text = page.text
    assert "<script" not in text and "cdn." not in text
    assert not re.findall(r'(?:src|href)="(?:https?:)?//', text)  # every link and stylesheet is this server's
    assert '<link rel="stylesheet" href="/static/app.css">' in text
    assert web.get("/static/app.css").status_code == 200
    assert '<h1>The JSON API of this server</h1>' in text
    assert '<a href="/openapi.json"><code>/openapi.json</code></a>' in text
    assert web.get("/redoc").status_code == 404  # (ReDoc too comes from a CDN)


def test_the_api_page_lists_every_operation_at_swagger_s_anchor(web: Any) -> None:
    text = web.get("/docs?lang=en").text
    schema = web.get("/openapi.json").json()
    for path, operations in schema["paths"].items():
        for method, op in operations.items():
            anchor = f'/{op["tags"][0]}/{op["operationId"]}'
            assert f'<section id="{anchor}"><h2><code>{method.upper()}</code> <code>{path}</code></h2>' in text
            assert f'href="#{anchor}"' in text
    # the search form's "API" link lands on its operation
    assert 'href="/docs#/api/api_search_api_search_get"' in web.get("/cards?lang=en").text
    assert 'id="/api/api_search_api_search_get"' in text
    search = text.split('id="/api/api_search_api_search_get"')[1].split("</section>")[0]
    assert "<th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th>" in search
    assert "<tr><td><code>q</code></td><td>query</td><td>string</td>" in search
    validate = text.split('id="/api/api_validate_api_decks_validate_post"')[1].split("</section>")[0]
    assert "<h3>Request body</h3><ul><li><code>application/json</code>: " in validate


def test_the_api_page_speaks_the_request_s_language(web: Any) -> None:
    """Its own words are translated (the operations' descriptions are the code's, in English)."""
    page = web.get("/docs?lang=zh-Hans")
    assert page.headers["content-language"] == "zh-Hans"
    assert '<html lang="zh-Hans">' in page.text
    assert "<h1>本服务器的 JSON 接口</h1>" in page.text


# ---------------------------------------------------------------- the install pages


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_no_page_advises_pypi_s_dossier() -> None:
    """``pip install 'dossier[lab]'`` installs PyPI's "dossier", another project: a page names it only to warn."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for found in re.finditer(r"pip install '?dossier\[", text):
            before = text[max(0, found.start() - 8) : found.start()]
            warned = re.sub(r"\s+", " ", before).endswith(("Not `", "不要用 `"))
            assert warned, (page, text[found.start() - 60 :][:100])


@pytest.mark.parametrize("page", ["README.md", "docs/getting-started.md", "docs/getting-started.zh.md"])
def test_the_install_section_names_both_extras_and_the_validators_clash(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    injection = "pipx inject dossier " + " ".join(f"'{r}'" for e in ("lab", "plot") for r in data[e])
    assert injection in text
    assert "pip install -e '.[lab,plot]'" in text
    assert "`validators`" in text and "pipx" in text


def test_getting_started_names_every_folder_examples_copies(tmp_path: Path) -> None:
    from toolkit.cli.examples import copy_examples

    copied = sorted(folder.name for folder, _ in copy_examples(tmp_path / "out", with_cards=False))
    assert copied == ["examples", "schema", "templates"]
    openings = (("getting-started.md", "Without `--with-cards`"), ("getting-started.zh.md", "不加 `--with-cards`"))
    for page, opening in openings:
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        sentence = text[text.index(opening) :].split("\n\n")[0]
        assert all(f"`{name}/`" in sentence for name in copied), (page, sentence)


def test_getting_started_gives_the_card_pool_s_whole_order() -> None:
    """--cards, DOSSIER_CARDS, dossier.toml, the user config, cards/ here, the bundled cards: in both languages."""
    for page, heading, order in (
        (
            "getting-started.md",
            "## The card pool, set once",
            ["`--cards DIR`", "`$DOSSIER_CARDS`", "`dossier.toml`", "`~/.config/dossier/config.toml`",
             "`cards/` in the working directory", "else the bundled\n`cards/`"],
        ),
        (
            "getting-started.zh.md",
            "## 卡池，只需设一次",
            ["`--cards 目录`", "`$DOSSIER_CARDS`", "`dossier.toml`", "`~/.config/dossier/config.toml`",
             "工作目录中的 `cards/`", "最后是内置的 `cards/`"],
        ),
    ):  # fmt: skip
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        section = text[text.index(heading) :]
        positions = [section.index(item) for item in order]
        assert positions == sorted(positions), page
