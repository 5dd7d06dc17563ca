"""Sweep s70f, ``dossier db build``: a folder with no card records (an empty folder, or one of decks and scenarios
such as examples/) is refused with one line, exit 2, as ``search --cards`` says of it, and the database there
before is left as it was. Before, it
printed "built X: 0 records () in 0.45 s" and replaced the database with an empty one. And docs/reference/search.md
says which databases ``search`` and ``show`` rebuild themselves and which they only warn about."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.db import build_from_files, resolve_target
from toolkit.errors import DossierError

from .conftest import CARDS, ROOT


def _decks_only(folder: Path) -> Path:
    """A folder of .json files none of which is a card record: examples/' decks and scenarios."""
    shutil.copytree(ROOT / "examples" / "decks", folder / "decks")
    shutil.copytree(ROOT / "examples" / "scenarios", folder / "scenarios")
    return folder


@pytest.mark.parametrize("content", ["empty", "decks"])
def test_a_folder_without_cards_is_refused_and_the_database_kept(cli: Any, tmp_path: Path, content: str) -> None:
    database = tmp_path / "d.db"
    assert cli("db", "build", "--cards", str(CARDS / "crossfire"), "--db", str(database)).exit_code == 0
    before = database.read_bytes()
    folder = tmp_path / "folder"
    folder.mkdir()
    if content == "decks":
        _decks_only(folder)
    result = cli("db", "build", "--cards", str(folder), "--db", str(database))
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "0 records" not in result.output and "()" not in result.output
    assert result.stderr.strip().splitlines() == [f"dossier: error: no card records under {folder}"]  # as search's
    assert database.read_bytes() == before  # not replaced by an empty database
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_no_new_database_is_made_from_a_folder_without_cards(cli: Any, tmp_path: Path) -> None:
    database = tmp_path / "new.db"
    result = cli("db", "build", "--cards", str(_decks_only(tmp_path / "ex")), "--db", str(database))
    assert result.exit_code == 2 and not database.exists()


def test_the_build_function_refuses_too(tmp_path: Path) -> None:
    with pytest.raises(DossierError, match="no card records under") as caught:
        build_from_files([tmp_path], resolve_target(str(tmp_path / "d.db")))
    assert caught.value.exit_code == 2
    assert not (tmp_path / "d.db").exists()


def test_a_summary_never_shows_empty_brackets(cli: Any, tmp_path: Path) -> None:
    result = cli("db", "build", "--cards", str(CARDS / "crossfire"), "--db", str(tmp_path / "d.db"))
    assert result.exit_code == 0
    assert re.fullmatch(r"built \S+: \d+ records \(crossfire \d+\) in [\d.]+ s; text index: .+\n", result.stdout)


# ---- 6. the docs say which database is rebuilt in place and which only warned about


@pytest.mark.parametrize("name", ["search.md", "search.zh.md"])
def test_the_docs_say_that_dossier_db_here_is_rebuilt_in_place(name: str) -> None:
    text = (ROOT / "docs" / "reference" / name).read_text(encoding="utf-8")
    section = next(s for s in text.split("\n## ") if s.startswith(("The database\n", "数据库\n")))
    said = " ".join(section.split("\n\n")[1].split())  # (the first paragraph, its lines joined)
    if name == "search.md":  # before: "They warn … with the command that rebuilds it", of every database
        assert "A database named with `--db` or `$DOSSIER_DB` is yours to rebuild" in said
        assert "`./dossier.db` in the working folder is built again in place" in said
        assert "refused with one line (exit 2)" in said
    else:
        assert "用 `--db` 或 `$DOSSIER_DB` 指定的数据库由您自己重建" in said
        assert "`./dossier.db` 则会就地重建" in said
        assert "退出码 2" in said
