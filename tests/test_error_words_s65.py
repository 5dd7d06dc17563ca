"""Errors and warnings about bad input worded wholly in the chosen language, naming the file and the place.

Each case is run in the pseudo-locale en-XA, where a word that did not go through the catalogs shows as plain
ASCII (:func:`tests.test_errors_lang.english_words` finds it), and in English for the words themselves:
``schema --out`` a file, ``db build`` into a directory that cannot be written, a NetrunnerDB card the model
refuses, a dossier.toml that is not TOML, a sheet column of no field, and a card pool naming a file.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

from .conftest import CARDS, ROOT
from .test_errors_lang import english_words

NRDB_V1 = ROOT / "tests" / "fixtures" / "netrunnerdb_v1"
DUO = str(ROOT / "examples" / "decks" / "tactics" / "duo.json")


def _run(monkeypatch: pytest.MonkeyPatch, lang: str, args: list[str]) -> Any:
    monkeypatch.setenv("DOSSIER_LANG", lang)
    result = CliRunner().invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def _one_line(result: Any, exit_code: int = 2) -> str:
    assert result.exit_code == exit_code, result.output
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    return result.stderr.rstrip("\n")


# (4) schema --out a regular file


def test_schema_out_a_file_tells_the_system_s_reason_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "afile").write_text("mine\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    pseudo = _one_line(_run(monkeypatch, "en-XA", ["schema", "--out", "afile"]))
    assert "afile/" in pseudo and english_words(pseudo, tmp_path, set()) == [], pseudo  # not "Not a directory"
    assert (tmp_path / "afile").read_text(encoding="utf-8") == "mine\n"


# (5) db build where SQLite cannot open the file it builds


def _unopenable_build(monkeypatch: pytest.MonkeyPatch, directory: Path, *, writable: bool) -> None:
    """SQLite cannot open the temporary file of the build in ``directory`` (as in a folder the user may not write:
    a test run as root writes everywhere); unless ``writable``, a file cannot be made there either."""
    connect, temporary = sqlite3.connect, tempfile.TemporaryFile

    def refusing_connect(database: Any, *args: Any, **kwargs: Any) -> Any:
        if str(database).endswith(".tmp") and Path(database).absolute().parent == directory:
            raise sqlite3.OperationalError("unable to open database file")
        return connect(database, *args, **kwargs)

    def refusing_temporary(*args: Any, **kwargs: Any) -> Any:
        if not writable and kwargs.get("dir") is not None and Path(kwargs["dir"]).absolute() == directory:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return temporary(*args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", refusing_connect)
    monkeypatch.setattr(tempfile, "TemporaryFile", refusing_temporary)


def test_db_build_into_a_directory_that_cannot_be_written_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ro").mkdir()
    monkeypatch.chdir(tmp_path)
    _unopenable_build(monkeypatch, tmp_path / "ro", writable=False)
    args = ["db", "build", "--db", "ro/x.db", "--cards", str(CARDS / "crossfire")]
    en = _one_line(_run(monkeypatch, "en", args))
    assert en == "dossier: error: database ro/x.db: the directory ro cannot be written: Permission denied", en
    pseudo = _one_line(_run(monkeypatch, "en-XA", args))
    assert english_words(pseudo, tmp_path, {"ro"}) == [], pseudo  # (the directory's name)
    assert os.listdir(tmp_path / "ro") == []  # no temporary file left


def test_db_build_words_sqlite_s_reason_in_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _unopenable_build(monkeypatch, tmp_path, writable=True)
    args = ["db", "build", "--db", "x.db", "--cards", str(CARDS / "crossfire")]
    en = _one_line(_run(monkeypatch, "en", args))
    assert en == "dossier: error: database x.db: the database file cannot be opened", en  # (engine's words)
    pseudo = _one_line(_run(monkeypatch, "en-XA", args))
    assert english_words(pseudo, tmp_path, set()) == [], pseudo


# (6) import netrunnerdb: a card the model refuses


def test_a_card_the_model_refuses_is_skipped_with_its_place_and_the_reason_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout = tmp_path / "nr"
    shutil.copytree(NRDB_V1, checkout)
    pack = checkout / "pack" / "hl.json"
    entries = json.loads(pack.read_text(encoding="utf-8"))
    assert entries[0]["title"] == "Harbor Fixer Lune"
    entries[0]["cost"] = -4
    pack.write_text(json.dumps(entries, indent=2), encoding="utf-8")  # the entry at line 2, column 3
    monkeypatch.chdir(tmp_path)
    for lang in ("en", "en-XA"):
        result = _run(monkeypatch, lang, ["import", "netrunnerdb", "nr", "--into", f"out-{lang}"])
        assert result.exit_code == 0, result.output
        lines = [line for line in result.stderr.splitlines() if "'harbor_fixer_lune':" in line]
        assert len(lines) == 1, result.stderr
        assert f"{Path('nr') / 'pack' / 'hl.json'}:2:3: /0" in lines[0], lines[0]
        if lang == "en":
            assert lines[0].endswith("resource/cost: expected a number of at least 0"), lines[0]
        else:
            assert english_words(lines[0], tmp_path, set()) == [], lines[0]  # no "Input should be greater…"


# (7) a dossier.toml that is not TOML

BAD_TOML = {
    "lang = en\n": ("dossier.toml:1:8", "not a valid value (text goes in double quotes)"),
    "lang =": ("dossier.toml:1", "not a valid value (text goes in double quotes) (the file ends first)"),
    "!x = 1\n": ("dossier.toml:1:1", 'not a setting of the form `key = "value"`'),
    'cards = ["a"': ("dossier.toml:1", "a list not closed with ']' (the file ends first)"),
    'lang = "en': ("dossier.toml:1", "a string without its closing quote (the file ends first)"),
    'lang = "en"\nlang = "zh-Hans"': ("dossier.toml:2", "a key is set twice"),
    "[a]\n[a]\n": ("dossier.toml:2:3", "'a' is set twice"),
    'lang "en"\n': ("dossier.toml:1:6", "expected '=' after the key"),
    'lang = "en" x\n': ("dossier.toml:1:13", "more after the value on the same line (one setting per line)"),
    'x = "a\\q"\n': ("dossier.toml:1:9", "a lone backslash in a string (write '\\\\', or use single quotes)"),
}


@pytest.mark.parametrize("text", list(BAD_TOML))
def test_a_dossier_toml_that_is_not_toml_is_told_in_the_language(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "dossier.toml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    place, words = BAD_TOML[text]
    en = _one_line(_run(monkeypatch, "en", ["search", "x"]))
    assert en == f"dossier: error: {tmp_path / place}: invalid TOML: {words}", en
    pseudo = _one_line(_run(monkeypatch, "en-XA", ["search", "x"]))
    assert english_words(pseudo, tmp_path, set()) == [], pseudo


def test_a_number_past_python_s_limit_in_a_dossier_toml_is_told_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "dossier.toml").write_text("lang = " + "9" * 5000 + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    en = _one_line(_run(monkeypatch, "en", ["search", "x"]))
    assert en == f"dossier: error: {tmp_path / 'dossier.toml'}: invalid TOML: a number of more than 4300 digits", en
    pseudo = _one_line(_run(monkeypatch, "en-XA", ["search", "x"]))
    assert english_words(pseudo, tmp_path, set()) == [], pseudo


def test_a_toml_error_of_another_kind_keeps_its_words_after_a_lead_in_the_language() -> None:
    from toolkit.config import _toml_reason
    from toolkit.i18n import use_lang

    with use_lang("en-XA"):
        reason, _ = _toml_reason("Some message of a newer reader")
    assert reason.startswith("‹") and reason.endswith("(Some message of a newer reader)›"), reason


# (9) import csv: a column of no field names the kind in the language


def test_a_column_of_no_field_names_the_record_kind_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "t.csv").write_text("id,name.zh-Hans,bogus\nx,叉,1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = _run(monkeypatch, "zh-Hans", ["import", "csv", "-g", "tactics", "--into", "imp", "t.csv"])
    assert result.exit_code == 1, result.output
    line = next(line for line in result.output.splitlines() if "'bogus'" in line and "csv.header" in line)
    assert "卡牌" in line and "card" not in line, line
    result = _run(monkeypatch, "en-XA", ["import", "csv", "-g", "tactics", "--into", "imp", "t.csv"])
    line = next(line for line in result.output.splitlines() if "'bogus'" in line and "csv.header" in line)
    assert english_words(line.split("; ")[0], tmp_path, {"bogus"}) == [], line  # (the fields after it as they are)


# (11) the card pool names a file


def _pool_file(tmp: Path) -> None:
    (tmp / "my.json").write_text('{"game": "tactics", "kind": "card", "id": "x"}', encoding="utf-8")


@pytest.mark.parametrize(
    ("how", "where"),
    [("--cards", "--cards: my.json"), ("DOSSIER_CARDS", "DOSSIER_CARDS: {tmp}/my.json"),
     ("dossier.toml", "{tmp}/dossier.toml:1: cards: {tmp}/my.json")],
)  # fmt: skip
def test_a_card_pool_naming_a_file_is_refused_naming_it_and_its_source(
    how: str, where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _pool_file(tmp_path)
    monkeypatch.chdir(tmp_path)
    args = ["deck", "validate", DUO]
    if how == "--cards":
        args += ["--cards", "my.json"]
    elif how == "DOSSIER_CARDS":
        monkeypatch.setenv("DOSSIER_CARDS", "my.json")
    else:
        (tmp_path / "dossier.toml").write_text('cards = ["my.json"]\n', encoding="utf-8")
    en = _one_line(_run(monkeypatch, "en", args))
    expected = where.format(tmp=tmp_path)
    assert en == f"dossier: error: {expected}: not a directory; the card pool is read from directories", en
    pseudo = _one_line(_run(monkeypatch, "en-XA", args))
    assert english_words(pseudo, tmp_path, set()) == [], pseudo


def test_lint_of_a_file_with_the_pool_of_directories_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the pool must be directories: the files a command checks are named as its arguments."""
    monkeypatch.chdir(tmp_path)
    card = CARDS / "tactics" / "cards"
    first = sorted(card.glob("*.json"))[0]
    result = _run(monkeypatch, "en", ["lint", str(first), "--cards", str(CARDS)])
    assert result.exit_code == 0, result.output
