"""Error messages on stderr in the user's language: ``dossier: error: …`` and the whole line after it.

Each error path below is provoked under DOSSIER_LANG=zh-Hans (no English word but names, paths, ids,
codes and option names), en (no Chinese character) and the pseudo-locale en-XA (no plain ASCII word at
all but those: a message that did not go through a catalog shows there, inside the ‹ › of the prefix
as well as outside it). The exit code and the one line are the same in every language.
"""

from __future__ import annotations

import errno
import json
import os
import re
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit import i18n
from toolkit.cli import app
from toolkit.cli.app import _lang_arg, error_line, os_error_line
from toolkit.errors import os_reason
from toolkit.search import vocab

from .conftest import CARDS, ROOT

LANGS = ("zh-Hans", "en", "en-XA")
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
ZH_PREFIX = "dossier：错误："
EN_PREFIX = "dossier: error: "
# names of formats, tools and systems, and codes, that a message of any language holds as they are
KEPT = {"dossier", "Dossier", "JSON", "TOML", "UTF", "SQLite", "PostgreSQL", "ASCII", "CSV", "Excel", "Windows",
        "NetrunnerDB", "ID", "VIP"}  # fmt: skip
GAMES = set(vocab.GAMES)


@dataclass(frozen=True)
class Case:
    """An error path: the arguments after ``dossier`` (made in a temporary directory), the words it may show
    as they are (ids, keys, names of the data), the exit code, and the setting it needs."""

    args: Callable[[Path, Path], list[str]]  # (temporary directory, the crossfire database) -> arguments
    allowed: set[str] = field(default_factory=set)
    exit_code: int = 2
    env: dict[str, str] = field(default_factory=dict)
    config: str | None = None  # a dossier.toml written in the working directory
    setup: Callable[[Path], None] | None = None


def _fifo(tmp: Path) -> None:
    os.mkfifo(tmp / "pipe.json")


def _dangling(tmp: Path) -> None:
    os.symlink(tmp / "nowhere", tmp / "link")


def _notes(tmp: Path) -> None:
    (tmp / "notes.txt").write_text("my notes, not a database\n", encoding="utf-8")


def _latin1_sheet(tmp: Path) -> None:
    (tmp / "sheet.csv").write_bytes("name.zh-Hans,text\ncafé,x\n".encode("latin-1"))


def _full_dir(tmp: Path) -> None:
    (tmp / "full").mkdir()
    (tmp / "full" / "mine.txt").write_text("keep me\n", encoding="utf-8")


def _tables(tmp: Path) -> None:
    (tmp / "empty-table.json").write_text(json.dumps({"mode": "crossfire", "players": []}), encoding="utf-8")
    roles = ("vip", "agent", "assassin", "red_decoy", "bystander")  # the 5-player set-up; the VIP aims at itself
    selfie = {"mode": "crossfire", "players": [{"seat": s, "role": r, "aim": [1]} for s, r in enumerate(roles, 1)]}
    (tmp / "selfie.json").write_text(json.dumps(selfie), encoding="utf-8")


def _state(tmp: Path) -> None:
    (tmp / "state.json").write_text(json.dumps({"units": 5}), encoding="utf-8")


NRDB = str(ROOT / "tests" / "fixtures" / "netrunnerdb_v2")
DB_CARDS = ["--cards", str(CARDS / "crossfire")]
CASES: dict[str, Case] = {
    # lint and fmt: the paths given
    "lint a missing path": Case(lambda t, db: ["lint", str(t / "missing")]),
    "lint an empty directory": Case(lambda t, db: ["lint", str(t / "empty")], setup=lambda t: (t / "empty").mkdir()),
    "fmt an empty directory": Case(lambda t, db: ["fmt", str(t / "empty")], setup=lambda t: (t / "empty").mkdir()),
    "lint a FIFO": Case(lambda t, db: ["lint", str(t / "pipe.json")], setup=_fifo),
    "lint a dangling link": Case(lambda t, db: ["lint", str(t / "link")], setup=_dangling),
    # the settings: environment and dossier.toml
    "DOSSIER_CARDS names nothing": Case(lambda t, db: ["lint"], env={"DOSSIER_CARDS": "/no/such/cards"}),
    "an unknown setting": Case(lambda t, db: ["lint"], {"cards", "lang", "token"}, config='colour = "red"\n'),
    "cards is no list": Case(lambda t, db: ["lint"], {"cards"}, config="cards = 5\n"),
    "cards names nothing": Case(lambda t, db: ["lint"], {"cards"}, config='cards = ["no-such-dir"]\n'),
    "lang is no language": Case(lambda t, db: ["lint"], {"lang", "zh", "Hans", "en"}, config='lang = "fr"\n'),
    # db build --db
    "--db ends in a slash": Case(lambda t, db: ["db", "build", "--db", f"{t}/out/", *DB_CARDS]),
    "--db of another database": Case(lambda t, db: ["db", "build", "--db", "mysql://h/x", *DB_CARDS], {"mysql"}),
    "--db sqlite without a path": Case(lambda t, db: ["db", "build", "--db", "sqlite://", *DB_CARDS]),
    "--db schema not an identifier": Case(
        lambda t, db: ["db", "build", "--db", "postgresql://h/x?schema=Bad-Name", *DB_CARDS]
    ),
    "--db in a missing directory": Case(lambda t, db: ["db", "build", "--db", str(t / "no" / "dir" / "x.db"), *DB_CARDS]),
    "--db over a file of notes": Case(lambda t, db: ["db", "build", "--db", str(t / "notes.txt"), *DB_CARDS], setup=_notes),
    "--db a directory": Case(lambda t, db: ["db", "build", "--db", str(t), *DB_CARDS]),
    "--db a name too long": Case(lambda t, db: ["db", "build", "--db", str(t / ("x" * 300 + ".db")), *DB_CARDS]),
    # search and show
    "search without a database": Case(lambda t, db: ["search", "--db", str(t / "missing.db"), "x"]),
    "search an unknown key": Case(lambda t, db: ["search", "--db", db, "zz:1"]),
    "search a number that is not": Case(lambda t, db: ["search", "--db", db, "cost>abc"], {"cost"}),
    "search a yes-or-no that is not": Case(lambda t, db: ["search", "--db", db, "armed:maybe"], {"armed"}),
    "search an open quote": Case(lambda t, db: ["search", "--db", db, '"open']),
    "search an unknown type": Case(lambda t, db: ["search", "--db", db, "t:nonsense"], {"type", *vocab.TYPES}),
    "search nothing": Case(lambda t, db: ["search", "--db", db, ""]),
    "search an unknown game": Case(lambda t, db: ["search", "--db", db, "--game", "chess", "x"], GAMES),
    "show an unknown record": Case(lambda t, db: ["show", "--db", db, "nosuchthing"]),
    # import netrunnerdb, import csv
    "import a missing checkout": Case(lambda t, db: ["import", "netrunnerdb", str(t / "missing")]),
    "import no checkout": Case(lambda t, db: ["import", "netrunnerdb", str(t)]),
    "import --into a file": Case(
        lambda t, db: ["import", "netrunnerdb", NRDB, "--into", str(t / "notes.txt")], setup=_notes
    ),
    "import --into someone's directory": Case(
        lambda t, db: ["import", "netrunnerdb", NRDB, "--into", str(t / "full")], setup=_full_dir
    ),
    "import csv of a missing sheet": Case(
        lambda t, db: ["import", "csv", str(t / "missing.csv"), "--game", "tactics", "--into", str(t)]
    ),
    "import csv of an unknown game": Case(
        lambda t, db: ["import", "csv", str(t / "sheet.csv"), "--game", "chess", "--into", str(t)],
        GAMES,
        setup=_latin1_sheet,
    ),
    "import csv of an unknown kind": Case(
        lambda t, db: ["import", "csv", str(t / "sheet.csv"), "--game", "tactics", "--kind", "spell", "--into", str(t)],
        {"mode", "agent", "unit", "ability", "attack", "card", "map"},
        setup=_latin1_sheet,
    ),
    "import csv in an unknown encoding": Case(
        lambda t, db: ["import", "csv", str(t / "sheet.csv"), "--game", "tactics", "--into", str(t), "--encoding", "x"],
        setup=_latin1_sheet,
    ),
    "import csv of a sheet not in UTF-8": Case(
        lambda t, db: ["import", "csv", str(t / "sheet.csv"), "--game", "tactics", "--into", str(t)],
        setup=_latin1_sheet,
    ),
    # serve, text coverage, crossfire, map (errors worded by the engine and the board)
    "serve with a short token": Case(lambda t, db: ["serve", "--token", "short"]),
    "coverage of another game": Case(lambda t, db: ["text", "coverage", "--game", "crossfire"], GAMES),
    "deal for too few players": Case(
        lambda t, db: ["crossfire", "deal", "-n", "2"], {"crossfire", "Crossfire", "mode"}, exit_code=2
    ),  # (the mode's name is data: English under the pseudo-locale; a bad --players is a usage error)
    "resolve a table without players": Case(
        lambda t, db: ["crossfire", "resolve", str(t / "empty-table.json")], exit_code=1, setup=_tables
    ),
    "resolve a player aiming at itself": Case(
        lambda t, db: ["crossfire", "resolve", str(t / "selfie.json")], {"vip"}, exit_code=1, setup=_tables
    ),
    "map state that is no state": Case(
        lambda t, db: [
            "map", "render", str(CARDS / "tactics" / "maps" / "dockyard.json"),
            "--state", str(t / "state.json"), "--out", str(t / "x.svg"),
        ],
        setup=_state,
    ),  # fmt: skip
}


@pytest.fixture(scope="module")
def crossfire_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("errors-lang") / "crossfire.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), *DB_CARDS])
    assert result.exit_code == 0, result.output
    return str(path)


def _run(case: Case, lang: str, tmp: Path, db: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    workdir = tmp / lang
    workdir.mkdir()
    if case.setup is not None:
        case.setup(workdir)
    if case.config is not None:
        (workdir / "dossier.toml").write_text(case.config, encoding="utf-8")
    monkeypatch.chdir(workdir)
    monkeypatch.setenv("DOSSIER_LANG", lang)
    for name, value in case.env.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(app, case.args(workdir, db))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


def english_words(line: str, tmp: Path, allowed: set[str]) -> list[str]:
    """The words of two or more ASCII letters left in ``line`` once paths, quoted values, code, option names,
    ids and the names in ``allowed`` are taken out."""
    text = line.replace(str(tmp), " ").replace(str(ROOT), " ")
    text = re.sub(r"「[^」]*」", " ", text)  # names quoted as Chinese quotes them (a card typed in English)
    text = CJK.sub(" ", text).replace("‹", " ").replace("›", " ")
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " ", text)  # quoted values, commands
    text = re.sub(r"--[a-z][a-z-]*", " ", text)  # option names
    text = re.sub(r"\S*[/:.=<>_*0-9]\S*", " ", text)  # paths, URLs, key:value, file names, ids, codes (gb18030)
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in KEPT | allowed]


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.slow
def test_an_error_in_each_language(
    name: str, tmp_path: Path, crossfire_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = CASES[name]
    if name == "lint a FIFO" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    seen: dict[str, tuple[int, str]] = {}
    for lang in LANGS:
        with i18n.use_lang("en"):
            seen[lang] = _run(case, lang, tmp_path, crossfire_db, monkeypatch)
    assert_one_line_in_each_language(seen, case.exit_code, tmp_path, case.allowed)


def assert_one_line_in_each_language(
    seen: dict[str, tuple[int, str]], exit_code: int, tmp_path: Path, allowed: set[str]
) -> None:
    """``seen``: each language's (exit code, stderr) of one error path: the same code, one line, and the line
    all in its language (zh-Hans: Chinese around names and codes; en: no Chinese; en-XA: every word pseudo)."""
    for lang, (code, stderr) in seen.items():
        assert code == exit_code, (lang, stderr)
        assert stderr.endswith("\n") and stderr.count("\n") == 1, (lang, stderr)  # one line
    zh, en, pseudo = (seen[lang][1].rstrip("\n") for lang in LANGS)

    assert zh.startswith(ZH_PREFIX), zh
    assert CJK.search(zh[len(ZH_PREFIX) :]), zh  # the message itself is Chinese too
    assert english_words(zh, tmp_path / "zh-Hans", allowed) == [], zh

    assert en.startswith(EN_PREFIX), en
    assert not CJK.search(en) and "‹" not in en, en

    assert pseudo.startswith("‹dossier: ") and pseudo.count("‹") >= 2, pseudo  # the prefix and the message
    assert english_words(pseudo, tmp_path / "en-XA", allowed) == [], pseudo


def test_a_port_in_use_is_told_with_the_system_s_reason_in_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        lines = {}
        for lang in LANGS:
            monkeypatch.setenv("DOSSIER_LANG", lang)
            result = CliRunner().invoke(app, ["serve", "--port", port, "--cards", str(CARDS / "crossfire")])
            assert result.exit_code == 2, result.output
            lines[lang] = result.stderr.strip()
    assert lines["en"] == f"dossier: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    assert lines["zh-Hans"] == f"dossier：错误：无法在 127.0.0.1:{port} 上监听：地址已被占用"
    assert english_words(lines["en-XA"], Path("/nonexistent"), set()) == [], lines["en-XA"]


def test_the_lang_of_the_command_line_words_errors_raised_before_the_command_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # --out build/ is refused while the options are read, before the command sets its --lang: the command
    # line's --lang is made current first (DOSSIER_LANG says English)
    monkeypatch.setenv("DOSSIER_LANG", "en")
    out = f"{tmp_path}/build/"
    english = CliRunner().invoke(app, ["crossfire", "deal", "-n", "6", "--out", out])
    chinese = CliRunner().invoke(app, ["crossfire", "deal", "-n", "6", "--out", out, "--lang", "zh-Hans"])
    pseudo = CliRunner().invoke(app, ["crossfire", "deal", "-n", "6", f"--out={out}", "--lang=en-XA"])
    assert english.exit_code == chinese.exit_code == pseudo.exit_code == 2
    assert english.stderr.startswith(f"dossier: error: {out}: ends in '/'"), english.stderr
    assert chinese.stderr.startswith(f"{ZH_PREFIX}{out}："), chinese.stderr
    assert CJK.search(chinese.stderr[len(ZH_PREFIX) + len(out) :]), chinese.stderr
    assert pseudo.stderr.startswith("‹dossier: ") and english_words(pseudo.stderr, tmp_path, set()) == []
    # a --lang that is no language is the command's to refuse, in the configured language
    bad = CliRunner().invoke(app, ["lint", "--lang", "fr", str(tmp_path)])
    assert bad.exit_code == 2 and bad.stderr.startswith("dossier: error: --lang: lang must be one of"), bad.stderr


def test_lang_arg() -> None:
    assert _lang_arg(["lint", "--lang", "en"]) == "en"
    assert _lang_arg(["lint", "--lang=zh-Hans", "x"]) == "zh-Hans"
    assert _lang_arg(["deck", "show", "--lang", "en", "--lang", "zh-Hans"]) == "zh-Hans"  # the last, as click
    assert _lang_arg(["lint", "--", "--lang", "en"]) is None
    assert _lang_arg(["lint", "--lang"]) is None


def _oserror(code: int, path: str | None = "/x/y") -> OSError:
    return OSError(code, os.strerror(code), path)


def test_os_reasons_in_the_language() -> None:
    missing = _oserror(errno.ENOENT)
    with i18n.use_lang("en"):
        assert os_reason(missing) == os.strerror(errno.ENOENT)  # the C library's own words
        assert os_error_line(missing) == f"/x/y: {os.strerror(errno.ENOENT)}"
        assert error_line("boom") == "dossier: error: boom"
        # a reason Dossier worded itself (a WriteError's, jsonio's) is kept as it is
        assert os_reason(OSError(errno.ENOENT, "a dangling symbolic link (to z)", "/x")) == "a dangling symbolic link (to z)"
    with i18n.use_lang("zh-Hans"):
        assert os_reason(missing) == "没有这个文件或目录"
        assert os_reason(_oserror(errno.EACCES)) == "权限不够"
        assert os_error_line(missing) == "/x/y：没有这个文件或目录"
        assert os_error_line(_oserror(errno.ENOSPC, None)) == "操作系统错误：设备上没有剩余空间"
        assert error_line("坏了") == "dossier：错误：坏了"
    with i18n.use_lang(i18n.PSEUDO):
        assert os_reason(missing).startswith("‹") and not re.search(r"[a-z]{2}", os_reason(missing))


def test_every_known_os_reason_has_its_chinese() -> None:
    from toolkit.errors import _REASONS

    for code, english in _REASONS.items():
        chinese = i18n.t("zh-Hans", english)
        assert chinese != english and CJK.search(chinese), (code, english)


def test_a_write_error_is_worded_when_raised(tmp_path: Path) -> None:
    from toolkit.safewrite import SQLITE, WriteError, check_replaceable, check_target

    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    with i18n.use_lang("zh-Hans"), pytest.raises(WriteError) as refused:
        check_replaceable(tmp_path / "notes.txt", SQLITE)
    assert refused.value.message == f"{tmp_path / 'notes.txt'}：无法写入：已存在且不是 SQLite 数据库；不予替换（请删除它或换一个名字）"
    assert refused.value.errno == errno.EEXIST and isinstance(refused.value, OSError)
    with i18n.use_lang("en"), pytest.raises(WriteError) as directory:
        check_target(tmp_path)
    assert directory.value.message == f"{tmp_path}: cannot write: is a directory"
    assert directory.value.strerror == "is a directory"


def test_the_card_pool_hint_is_worded_where_it_is_used() -> None:
    from toolkit.config import MISSING_POOL, missing_pool

    with i18n.use_lang("zh-Hans"):
        assert f"{MISSING_POOL}" == missing_pool() and CJK.search(missing_pool())
        assert str(MISSING_POOL) == missing_pool()
    with i18n.use_lang("en"):
        assert f"x; {MISSING_POOL}" == "x; the card pool may be missing: " + (
            'give --cards DIR, set DOSSIER_CARDS=DIR, or write `cards = ["DIR"]` in dossier.toml'
        )
    assert MISSING_POOL.startswith("the card pool may be missing")  # as a str: the English


def test_a_query_error_in_each_language() -> None:
    from toolkit.search.parser import QueryError, parse_query

    messages = {}
    for lang in LANGS:
        with i18n.use_lang(lang), pytest.raises(QueryError) as refused:
            parse_query("cost>abc")
        messages[lang] = refused.value.message
        assert refused.value.column == 6
    assert messages["en"] == "query 'cost>abc', column 6: cost needs a whole number, not 'abc'"
    assert messages["zh-Hans"] == "查询 'cost>abc'，第 6 列：费用需要整数，而不是 'abc'"
    assert english_words(messages["en-XA"], Path("/nonexistent"), {"cost"}) == []


def _iter_lines(text: str) -> Iterator[str]:
    yield from (line for line in text.splitlines() if line.strip())


def test_import_warnings_in_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the warnings of an import are worded as it runs; every one of them through a catalog
    monkeypatch.setenv("DOSSIER_LANG", "en-XA")
    result = CliRunner().invoke(app, ["import", "netrunnerdb", NRDB, "--into", str(tmp_path / "pool")])
    assert result.exit_code == 0, result.output
    lines = list(_iter_lines(result.stderr))
    assert lines and all(line.startswith("‹") for line in lines), lines
    allowed = {"frobnicate", "drift", "league", "faces", "description", "layout", "id", "card", "that", "never", "was"}
    allowed |= {"mwl"}  # a kind of entries named by its file
    for line in lines:
        assert english_words(line, ROOT, allowed) == [], line


def test_engine_errors_word_the_engine_s_phrases_in_the_language() -> None:
    from toolkit.engine.core import EngineError, ScriptedDecider
    from toolkit.engine.phrase import Phrase
    from toolkit.i18n.words import N_

    told = {}
    for lang in LANGS:
        with i18n.use_lang(lang), pytest.raises(EngineError) as refused:
            ScriptedDecider([]).choose(1, Phrase(N_("discard a card")), [1, 2])
        told[lang] = refused.value
    assert all(error.exit_code == 1 for error in told.values())
    assert told["en"].message == "the script has no answer left for: discard a card"
    assert told["zh-Hans"].message.startswith("脚本") and english_words(told["zh-Hans"].message, ROOT, set()) == []
    assert english_words(told["en-XA"].message, ROOT, set()) == [], told["en-XA"].message


def test_the_netrunner_sides_in_an_error_are_words_of_the_language() -> None:
    from toolkit.catalog import load_catalog
    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner import NetrunnerGame

    records = load_catalog([CARDS / "netrunner"]).records
    card = next(r.id for r in records if getattr(r, "kind", None) == "card" and getattr(r, "type", None) == "ice")
    told = {}
    for lang in LANGS:
        with i18n.use_lang(lang), pytest.raises(EngineError) as refused:
            NetrunnerGame(records, seed=1).new_card(card, "runner")
        told[lang] = refused.value.message
    assert told["en"] == f"{card!r} is a corp card; it cannot be in the runner deck"
    assert told["zh-Hans"] == f"{card!r} 是公司的牌；不能放进潜袭者牌组"
    assert english_words(told["en-XA"], ROOT, set()) == [], told["en-XA"]
