"""Shared fixtures: repository paths, a CLI runner, and --update-golden."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCHEMA = ROOT / "schema"
NETRUNNER_POOL = ROOT / "tests" / "fixtures" / "netrunner_pool"


def pool_with_ban_lists(folder: Path, ban_lists: list[dict[str, Any]], in_force: str | None = None) -> Path:
    """A copy of the netrunner fixture pool in ``folder / "pool"`` whose format (``standard``) has the named
    ``ban_lists`` in place of its one unnamed list (banned, restricted, restricted_limit), and ``in_force`` as
    its ``ban_list`` when given (else the list in force is the latest started). Returns the pool."""
    pool = folder / "pool"
    shutil.copytree(NETRUNNER_POOL, pool)
    path = pool / "modes" / "standard.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("banned", "restricted", "restricted_limit"):
        data.pop(key, None)
    data["ban_lists"] = ban_lists
    if in_force is not None:
        data["ban_list"] = in_force
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return pool


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="Rewrite golden files from current output.")
    parser.addoption(
        "--pool",
        default=None,
        help="A checkout of NetrunnerDB's card data (netrunner-cards-json): runs tests/test_nrdb_real_pool.py on it "
        "(default: $DOSSIER_NRDB; skipped without either).",
    )


@pytest.fixture(autouse=True)
def _no_user_card_pool(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests read the bundled cards and fonts unless they say otherwise: a developer's DOSSIER_CARDS, user
    config (``$XDG_CONFIG_HOME/dossier/config.toml``) or font build (``$XDG_CACHE_HOME``) must not change
    their results."""
    monkeypatch.delenv("DOSSIER_CARDS", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))  # no user `fonts build`


@pytest.fixture(autouse=True)
def _import_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """A NetrunnerDB import puts in force the latest ban list already started on the day it runs: in tests that day
    is fixed (2026-12-07), so the fixtures' lists (dated 2030) give the same formats whatever the clock says. A test
    of another day passes ``today=`` to the import."""
    import datetime

    from toolkit.importers import netrunnerdb

    class _Fixed(datetime.date):
        @classmethod
        def today(cls) -> _Fixed:
            return cls(2026, 12, 7)

    monkeypatch.setattr(netrunnerdb, "date", _Fixed)


@pytest.fixture(autouse=True)
def _messages_language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Tests run in English (DOSSIER_LANG=en: outputs, errors and findings, as most assertions are written),
    and no test's language leaks into the next (the current language is reset); the locale is C.UTF-8, so the
    machine's own (``LANG=en_US.UTF-8``) changes no default. A test of the default language
    (zh-Hans, or a deck's own) or of output pinned in Chinese marks itself ``@pytest.mark.lang_default``."""
    from toolkit import i18n

    default = request.node.get_closest_marker("lang_default") is not None
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):  # the machine's locale asks for no language of ours
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    if default:
        monkeypatch.delenv("DOSSIER_LANG", raising=False)
    else:
        monkeypatch.setenv("DOSSIER_LANG", "en")
    with i18n.use_lang(i18n.DEFAULT_LANG if default else "en"):
        yield


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let this process fork its helpers (lint's workers, the build's English, the lint cache's writer) as a
    command run from the shell does: a test runner's worker has a second thread, which turns forking off
    (:func:`toolkit.forking.may_fork`). For the tests of the forked work itself."""
    import toolkit.forking

    monkeypatch.setattr(toolkit.forking, "may_fork", lambda: hasattr(os, "fork"))


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def cli():
    """Run ``dossier ARGS`` in-process; returns the result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, [str(a) for a in args])

    return run


@pytest.fixture
def game_copy(tmp_path: Path):
    """Copy one bundled game's data (with schema/ beside it) into a temp dir."""

    def make(game: str) -> Path:
        shutil.copytree(SCHEMA, tmp_path / "schema")
        shutil.copytree(CARDS / game, tmp_path / "cards" / game)
        return tmp_path / "cards" / game

    return make
