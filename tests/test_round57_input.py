"""Round 57: bad input and data safety (export over its input, Ctrl-C in db build, an unreachable Ray cluster,
finding codes by kind, other libraries' English, schema errors once, whole JSON sentences, --lang, empty sheets)."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from toolkit.db.engine import Target, db_reason
from toolkit.db.reach import network_reason, probe, split_host_port
from toolkit.i18n import use_lang
from toolkit.jsonio import JsonSyntaxError, loads_limited, loads_strict

ROOT = Path(__file__).resolve().parent.parent
MED_KIT = ROOT / "cards" / "tactics" / "cards" / "med_kit.json"


# 1. export csv never replaces a record it reads


@pytest.mark.parametrize("spelling", ["same", "dot", "dotdot", "symlink", "hardlink"])
def test_export_csv_refuses_to_overwrite_its_input(cli: Any, tmp_path: Path, spelling: str, monkeypatch: Any) -> None:
    card = tmp_path / "mk.json"
    card.write_bytes(MED_KIT.read_bytes())
    before = card.read_bytes()
    monkeypatch.chdir(tmp_path)
    out = {"same": "mk.json", "dot": "./mk.json", "dotdot": f"../{tmp_path.name}/mk.json"}.get(spelling)
    if spelling == "symlink":
        os.symlink("mk.json", tmp_path / "link.json")
        out = "link.json"
    elif spelling == "hardlink":
        os.link(card, tmp_path / "hard.json")
        out = "hard.json"
    result = cli("export", "csv", "--lang", "en", "mk.json", "--out", out, "--force")
    assert result.exit_code == 2, result.output
    assert "refusing to overwrite the input file" in result.output
    assert card.read_bytes() == before


def test_export_csv_refuses_a_record_inside_a_directory_given(cli: Any, tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "mk.json").write_bytes(MED_KIT.read_bytes())
    result = cli("export", "csv", "--lang", "en", str(folder), "--out", str(folder / "mk.json"), "--force")
    assert result.exit_code == 2
    assert json.loads((folder / "mk.json").read_text(encoding="utf-8"))["id"] == "med_kit"


def test_export_csv_still_writes_another_file(cli: Any, tmp_path: Path) -> None:
    card = tmp_path / "mk.json"
    card.write_bytes(MED_KIT.read_bytes())
    result = cli("export", "csv", "--lang", "en", str(card), "--out", str(tmp_path / "mk.csv"))
    assert result.exit_code == 0, result.output
    assert "med_kit" in (tmp_path / "mk.csv").read_text(encoding="utf-8-sig")


# 2. Ctrl-C during db build: one line, exit 130, the old database stays


def _big_pool(tmp_path: Path) -> Path:
    pool = tmp_path / "pool"
    for game in ("tactics", "netrunner", "crossfire"):
        src = ROOT / "cards" / game
        if src.is_dir():
            import shutil

            shutil.copytree(src, pool / game)
    return pool


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.slow
def test_interrupted_db_build_is_one_line_and_keeps_the_old_database(tmp_path: Path) -> None:
    db = tmp_path / "cards.db"
    pool = _big_pool(tmp_path)
    dossier = [sys.executable, "-m", "toolkit.cli", "db", "build", "--lang", "en", "--db", str(db), "--cards"]
    subprocess.run([*dossier, str(pool)], check=True, capture_output=True, cwd=ROOT)
    before = db.read_bytes()
    # interrupt the build (its process and the forked worker, as a terminal's Ctrl-C does) once it is under way
    for delay in (0.6, 0.9, 1.2):
        process = subprocess.Popen(
            [*dossier, str(pool)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
        )
        time.sleep(delay)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
        text = err.decode()
        if process.returncode == 0:  # the build was already done: nothing to say of an interrupt
            continue
        assert process.returncode == 130, text
        assert "Traceback" not in text, text
        assert [line for line in text.splitlines() if line.strip()] in (
            [f"dossier: error: interrupted; {db} was not changed"],
            [],  # (interrupted before the build began: Python's start-up, no build, no words)
        ), text
        assert db.read_bytes() == before
        assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_english_worker_ignores_sigint() -> None:
    from toolkit.db import build

    source = Path(build.__file__).read_text(encoding="utf-8")
    worker = source[source.index("def _english_worker") :]
    assert "signal.SIG_IGN" in worker.split("\ndef ", 1)[0]


# 3. an unreachable Ray cluster: one line, exit 2, at once


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_split_host_port() -> None:
    assert split_host_port("bogus:1") == ("bogus", 1)
    assert split_host_port("ray://10.0.0.1:10001") == ("10.0.0.1", 10001)
    assert split_host_port("[::1]:6379") == ("::1", 6379)
    assert split_host_port("nonsense") is None


def test_probe_says_why_in_the_language() -> None:
    port = _closed_port()
    with use_lang("en"):
        assert probe("127.0.0.1", port) == "connection refused (nothing listens on that port)"
        assert probe("nosuchhost.invalid", 1) == "no such host"
        assert network_reason(socket.gaierror(socket.EAI_NONAME, "Name or service not known")) == "no such host"


def test_balance_address_unreachable_is_one_line(cli: Any) -> None:
    pytest.importorskip("ray")
    started = time.monotonic()
    result = cli("balance", "tactics", "--lang", "en", "-n", "2", "--address", f"127.0.0.1:{_closed_port()}", "--no-save")
    assert result.exit_code == 2, result.output
    assert "cannot reach the Ray cluster at 127.0.0.1:" in result.output
    assert "connection refused" in result.output
    assert time.monotonic() - started < 30
    result = cli("balance", "tactics", "--lang", "en", "-n", "2", "--address", "nonsense", "--no-save")
    assert result.exit_code == 2 and "expected host:port" in result.output


# 4. finding codes do not depend on the language


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_deck_json_limit_code_in_every_language(cli: Any, tmp_path: Path, lang: str) -> None:
    deck = tmp_path / "huge.json"
    deck.write_text('{"game": "tactics", "mode": "m", "cards": {"a": 1' + "0" * 40 + "}}", encoding="utf-8")
    result = cli("deck", "validate", "-f", "json", "--lang", lang, str(deck))
    assert '"deck.limit.json"' in result.output, result.output
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200 + "]" * 200, encoding="utf-8")
    result = cli("deck", "validate", "-f", "json", "--lang", lang, str(deep))
    assert '"deck.limit.json"' in result.output, result.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": ', encoding="utf-8")
    result = cli("deck", "validate", "-f", "json", "--lang", lang, str(bad))
    assert '"deck.json"' in result.output and "deck.limit" not in result.output


def test_json_limit_is_a_kind_not_words() -> None:
    with pytest.raises(JsonSyntaxError) as caught:
        loads_limited('{"a": 1' + "0" * 30 + "}")
    assert caught.value.limit
    with pytest.raises(JsonSyntaxError) as caught:
        loads_limited('{"limit": }')
    assert not caught.value.limit


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_o8d_codes_and_words(cli: Any, tmp_path: Path, lang: str) -> None:
    deck = tmp_path / "bad.o8d"
    deck.write_text('<?xml version="1.0"?><deck game="x"><section name="Runner"><card qty="1" id="a"', encoding="utf-8")
    result = cli("deck", "validate", "--lang", lang, "--cards", str(ROOT / "cards"), str(deck))
    assert "deck.o8d" in result.output
    assert "unclosed token" not in result.output
    nested = tmp_path / "deep.o8d"
    nested.write_text("<deck>" + "<a>" * 100 + "</a>" * 100 + "</deck>", encoding="utf-8")
    result = cli("deck", "validate", "--lang", lang, "--cards", str(ROOT / "cards"), str(nested))
    assert "deck.limit.xml" in result.output, result.output


# 5. other libraries' English worded in the language


def test_not_a_database_is_worded(cli: Any, tmp_path: Path) -> None:
    notdb = tmp_path / "notes.json"
    notdb.write_text("{" * 600, encoding="utf-8")
    result = cli("show", "--lang", "en", "--db", str(notdb), "med_kit")
    assert result.exit_code == 2
    assert "not a database file (not SQLite)" in result.output
    assert "file is not a database" not in result.output
    target = Target("sqlite", path=notdb)
    with use_lang("en"):
        assert db_reason(target, sqlite3.DatabaseError("database disk image is malformed")) == "the database file is damaged"
        assert db_reason(target, sqlite3.OperationalError("no such table: x")) == "no such table: x"  # (last resort)


def test_unreachable_postgres_is_worded(cli: Any) -> None:
    pytest.importorskip("psycopg")
    port = _closed_port()
    result = cli("show", "--lang", "en", "--db", f"postgresql://nobody@127.0.0.1:{port}/x", "med_kit")
    assert result.exit_code == 2
    assert f"cannot connect to the server at 127.0.0.1:{port}: connection refused" in result.output
    assert "is it a Dossier database" not in result.output


def test_serve_unknown_host_is_worded(cli: Any) -> None:
    result = cli("serve", "--lang", "en", "--host", "nosuchhost.invalid")
    assert result.exit_code == 2
    assert "cannot listen on nosuchhost.invalid:8000: no such host" in result.output


# 6. a schema error once, in a pool or not


def test_lint_reports_each_missing_field_once(cli: Any, tmp_path: Path) -> None:
    record = tmp_path / "x.json"
    record.write_text('{"id":"x","kind":"card","game":"tactics"}', encoding="utf-8")
    result = cli("lint", "--lang", "en", "--no-cache", str(record))
    assert result.output.count("missing required field '/name'") == 1, result.output
    assert result.output.count("missing required field '/category'") == 1
    assert "3 errors" in result.output


# 8. whole sentences for JSON errors


def test_json_messages_are_whole_sentences() -> None:
    with use_lang("en"):
        with pytest.raises(JsonSyntaxError) as caught:
            loads_strict('{"a": "unterminated')
        assert caught.value.message == "Unterminated string starting here"
        with pytest.raises(JsonSyntaxError) as caught:
            loads_strict('{"a": "x\tb"}')
        assert caught.value.message.startswith("Invalid control character here")
        assert not caught.value.message.endswith(" at")


# 9. --lang where the command prints words


@pytest.mark.parametrize(("command", "expected"), [
    (["import", "netrunnerdb", "/no/such/checkout"], "no such directory"),
    (["map", "replay", "x", "y", "--out", "z.txt"], "a replay is an .html file"),
])  # fmt: skip
def test_lang_option_on_more_commands(cli: Any, command: list[str], expected: str) -> None:
    result = cli(*command, "--lang", "en")
    assert result.exit_code == 2
    assert expected in result.output
    assert "No such option" not in result.output


# 10. fonts check names every problem


def test_fonts_check_names_every_problem(cli: Any, tmp_path: Path) -> None:
    pool = tmp_path / "bad"
    pool.mkdir()
    for name in ("loop1.json", "loop2.json", "loop3.json"):
        os.symlink(name, pool / name)
    result = cli("fonts", "check", "--lang", "en", "--cards", str(pool))
    assert result.exit_code == 2
    for name in ("loop1.json", "loop2.json", "loop3.json"):
        assert name in result.output
    assert "more problems" not in result.output


# 11. a sheet with only a header row


def test_import_csv_header_only_writes_nothing(cli: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "empty.csv"
    sheet.write_text("id,name.zh-Hans,name.en\n", encoding="utf-8")
    into = tmp_path / "into"
    result = cli("import", "csv", "--lang", "en", str(sheet), "-g", "tactics", "--into", str(into))
    assert result.exit_code == 1, result.output
    assert "no rows of records" in result.output
    assert not into.exists()
    assert "dossier print" not in result.output
