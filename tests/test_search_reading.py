"""The database knows what the engine runs: the ``run:`` query key (``yes``, ``partial``, ``no``), the verdict
``dossier show`` prints, and the web card page's line, over the NetrunnerDB fixture imported (whose cards carry
the import's ``reading``) and over the bundled cards (which carry none: their text is ability text)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.importers import import_netrunnerdb

from .conftest import ROOT
from .test_db import BACKENDS, drop, new_url

FIXTURE = ROOT / "tests" / "fixtures" / "netrunnerdb_v2"
CARDS = ROOT / "cards"
Run = Callable[..., Any]
VALUES = {"yes": "executable", "partial": "partial", "no": "printed_only"}
CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The v2 fixture checkout imported once (in English, as the tests run)."""
    from toolkit.i18n import use_lang

    into = tmp_path_factory.mktemp("reading") / "netrunnerdb"
    with use_lang("en"):
        import_netrunnerdb(FIXTURE, into)
    return into


@pytest.fixture(scope="module")
def records(pool: Path) -> dict[str, dict[str, Any]]:
    """Every imported card and identity by id, as its JSON file has it."""
    out = {}
    for folder in ("cards", "identities"):
        for path in sorted((pool / folder).glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            out[data["id"]] = data
    return out


@pytest.fixture(scope="module")
def built(pool: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from toolkit.catalog import load_catalog
    from toolkit.db import build_database, resolve_target
    from toolkit.i18n import use_lang

    db = tmp_path_factory.mktemp("reading-db") / "pool.db"
    with use_lang("en"):
        build_database(load_catalog([pool]), resolve_target(str(db)), sources=[pool])
    return db


def _ids(cli: Run, db: Path | str, query: str, *options: str) -> list[str]:
    result = cli("search", "--db", db, "--format", "ids", *options, query)
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def _wanted(records: dict[str, dict[str, Any]], status: str) -> list[str]:
    return sorted(f"netrunner/{rid}" for rid, data in records.items() if data["reading"]["status"] == status)


def test_every_imported_card_has_a_reading_and_the_fixture_has_each_verdict(records: dict[str, Any]) -> None:
    assert len(records) == 14
    statuses = {data["reading"]["status"] for data in records.values()}
    assert statuses == set(VALUES.values())


@pytest.mark.parametrize("backend", BACKENDS)
def test_run_finds_the_cards_of_each_verdict(cli: Run, pool: Path, records: dict[str, Any], backend: str,
                                             tmp_path: Path) -> None:  # fmt: skip
    url = new_url(backend, tmp_path)
    try:
        assert cli("db", "build", "--db", url, "--cards", pool).exit_code == 0
        for value, status in VALUES.items():
            assert sorted(_ids(cli, url, f"run:{value}")) == _wanted(records, status), value
        # "!" is the negation among the records with a text field: the other verdicts (a record without one: neither)
        not_yes = set(_ids(cli, url, "run!yes"))
        assert not_yes >= set(_wanted(records, "partial")) | set(_wanted(records, "printed_only"))
        assert not not_yes & set(_wanted(records, "executable"))
        assert "netrunner/anarch" not in not_yes  # a faction has no text: no verdict, so neither
        # with other keys, and either value of an "or"
        assert _ids(cli, url, "run:partial t:ice") == ["netrunner/mirage_keyway"]
        both = sorted(_ids(cli, url, "run:partial|no"))
        assert both == sorted(_wanted(records, "partial") + _wanted(records, "printed_only"))
    finally:
        drop(url)


@pytest.mark.parametrize(
    ("query", "value"),
    [
        ("可执行:是", "yes"),
        ("可执行:部分", "partial"),
        ("可执行:否", "no"),
        ("执行:仅印刷文字", "no"),
        ("run:executable", "yes"),
        ("RUN:Printed_Only", "no"),
    ],
)
def test_chinese_alias_and_other_spellings(cli: Run, built: Path, records: dict[str, Any], query: str,
                                           value: str) -> None:  # fmt: skip
    assert sorted(_ids(cli, built, query)) == _wanted(records, VALUES[value])


def test_an_unknown_value_is_a_one_line_query_error(cli: Run, built: Path) -> None:
    result = cli("search", "--db", built, "run:maybe")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "dossier: error: query 'run:maybe', column 5: unknown run 'maybe'; one of: yes, partial, no"
    ]
    assert "Traceback" not in result.output


def test_run_is_one_key_and_listed_in_the_help(cli: Run) -> None:
    from toolkit.search.keys import find_key
    from toolkit.web.vocab import KEY_HELP, search_keys

    key = find_key("run")
    assert key is not None and find_key("可执行") is key and find_key("exec") is None
    assert "run" in KEY_HELP
    en = {tuple(k["names"]): k["help"] for k in search_keys("en")}
    assert en[("run",)].startswith("what the engine runs of the text")
    zh = next(k for k in search_keys("zh-Hans") if "run" in k["names"])
    assert zh["names"][0] == "可执行" and CJK.search(zh["help"])
    assert "run, 可执行, 执行: what the engine runs" in cli("search", "--help").stdout


def test_bundled_cards_are_executable(cli: Run, tmp_path: Path) -> None:
    """Bundled records carry no reading: those with a text field are executable (their text is ability
    text); games, modes, maps, formats and factions have no verdict."""
    db = tmp_path / "bundled.db"
    assert cli("db", "build", "--db", db, "--cards", CARDS).exit_code == 0
    assert _ids(cli, db, "run:partial") == [] and _ids(cli, db, "run:no") == []
    from toolkit.db import Database, resolve_target
    from toolkit.search import search

    database = Database(resolve_target(str(db)))
    try:

        def found(query: str) -> set[tuple[str, str, str]]:
            return {(hit.game, hit.kind, hit.id) for hit in search(database, query, full=False)}

        executable, without, everything = found("run:yes"), found("run!yes"), found("game:tactics|netrunner|crossfire")
    finally:
        database.close()
    assert executable and not without and executable <= everything  # every bundled text field is ability text
    assert {game for game, _, _ in executable} == {"tactics", "netrunner", "crossfire"}
    assert {kind for _, kind, _ in everything - executable} == {"game", "mode", "format", "faction", "map"}  # no text


def test_status_of_records_without_a_reading() -> None:
    from toolkit.search.reading import status_of

    assert status_of({"text": ["x"]}) == "executable"
    assert status_of({"text": []}) == "executable"  # no text at all: nothing to run, nothing left out
    assert status_of({"text": [], "printed_text": {"en": ["Gain 1 credit."]}}) == "printed_only"
    assert status_of({"text": ["x"], "printed_text": {"en": ["a", "b"]}}) == "executable"
    assert status_of({"text": [], "reading": {"status": "partial"}}) == "partial"
    assert status_of({"players": {"min": 2, "max": 2}}) is None


@pytest.mark.parametrize(
    ("record_id", "lang", "lines"),
    [
        ("quillfracter_nine", "en", ["text reading: executable"]),
        ("mirage_keyway", "en", ["text reading: partial", "  paragraph 1 not read (no template)"]),
        ("whisperworm_kit", "en", ["text reading: printed only", "  paragraphs 1, 2 not read (no template)"]),
        ("quillfracter_nine", "zh-Hans", ["文字读取：可执行"]),
        ("quarterly_windfall_memo", "zh-Hans", ["文字读取：部分可执行", "  第 2 段未读入（无模板）"]),
        ("whisperworm_kit", "zh-Hans", ["文字读取：仅印刷文字", "  第 1、2 段未读入（无模板）"]),
    ],
)
def test_show_prints_the_verdict(cli: Run, built: Path, record_id: str, lang: str, lines: list[str]) -> None:
    result = cli("show", "--db", built, "--lang", lang, record_id)
    assert result.exit_code == 0, result.output
    shown = result.stdout.splitlines()
    start = shown.index(lines[0])
    assert start == 3  # after the name, the kind line and the stats
    assert shown[start : start + len(lines)] == lines
    if lang == "en":
        verdict = "\n".join(lines)
        assert not CJK.search(verdict)


def test_show_of_a_bundled_netrunner_card_says_executable(cli: Run, tmp_path: Path) -> None:
    db = tmp_path / "bundled.db"
    assert cli("db", "build", "--db", db, "--cards", CARDS / "netrunner").exit_code == 0
    card = _ids(cli, db, "t:ice")[0].split("/")[1]
    assert "text reading: executable" in cli("show", "--db", db, card).stdout.splitlines()


def test_the_verdict_in_the_pseudo_locale_went_through_the_catalog(cli: Run, built: Path) -> None:
    out = cli("show", "--db", built, "--lang", "en-XA", "mirage_keyway").stdout.splitlines()
    assert out[3].startswith("‹") and out[4].strip().startswith("‹")


@pytest.fixture(scope="module")
def web(pool: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The web app over the imported pool (with the bundled netrunner game beside it, for its rules)."""
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("reading-web")
    settings = WebSettings(cards=[pool], db_url=str(root / "web.db"), cache=root / "cache", data=root / "data")
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        yield client


@pytest.mark.parametrize(
    ("record_id", "lang", "expected"),
    [
        ("quillfracter_nine", "en", "Text reading: executable: paragraphs 1, 2 read"),
        ("mirage_keyway", "en", "Text reading: partial: paragraph 1 not read (no template); paragraph 2 read"),
        ("whisperworm_kit", "en", "Text reading: printed only: paragraphs 1, 2 not read (no template)"),
        ("mirage_keyway", "zh-Hans", "文字读取：部分可执行：第 1 段未读入（无模板）；第 2 段已读入"),
        ("open_ledger_gambit", "zh-Hans", "文字读取：仅印刷文字：第 1 段未读入（无模板）"),
    ],
)
def test_the_card_page_shows_the_verdict(web: Any, record_id: str, lang: str, expected: str) -> None:
    page = web.get(f"/cards/netrunner/{record_id}?lang={lang}")
    assert page.status_code == 200, page.text[:500]
    found = re.search(r'<p class="reading" id="reading" data-status="(\w+)">(.*?)</p>', page.text, re.S)
    assert found is not None
    text = re.sub(r"<[^>]+>", "", found.group(2))
    assert text == expected


def test_the_search_page_lists_the_key(web: Any) -> None:
    page = web.get("/cards?lang=en")
    assert page.status_code == 200
    assert "<code>run</code>" in page.text and "what the engine runs of the text" in page.text
