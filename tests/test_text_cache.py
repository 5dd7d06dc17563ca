"""The analysed grammar kept between runs ($XDG_CACHE_HOME/dossier/text): loaded, it parses as the grammar built
anew; a damaged or unwritable cache costs only the time of building."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.text import parse
from toolkit.text import parser as P
from toolkit.text.lalr import TableParser

TEXTS = ["主动 横置：直到回合结束，本单位攻击命中骰结果 +1。", "你对档案库发起潜袭。如果潜袭成功，公司失去 3[credit]。", "如果你击中旁观者，你落败。"]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("DOSSIER_NO_CACHE", raising=False)
    return tmp_path


def _fresh_lark():  # type: ignore[no-untyped-def]
    return P._lark.__wrapped__()  # type: ignore[attr-defined]  # past the functools cache of this process


def _parses_alike(lark) -> None:  # type: ignore[no-untyped-def]
    for text in TEXTS:
        expected = parse(text)
        assert lark.parse(P.normalize(text)[0]) == expected
        driver = TableParser(lark, lark.options.transformer, P._specialize)
        assert driver.parse(P.normalize(text)[0]) == expected


def _loaded_without_building(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    with monkeypatch.context() as patch:
        patch.setattr(P.Lark, "_build_parser", lambda self: pytest.fail("the parser was built, not loaded"))
        return _fresh_lark()


def test_the_first_build_writes_the_cache_and_the_next_loads_it(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = P._parser_cache_path()
    assert path is not None and path.parent == cache_home / "dossier" / "text"
    assert not path.exists()
    _parses_alike(_fresh_lark())
    assert path.is_file()
    written = path.stat().st_mtime_ns
    loaded = _loaded_without_building(monkeypatch)
    assert path.stat().st_mtime_ns == written
    _parses_alike(loaded)


def test_a_damaged_cache_is_built_and_written_again(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = P._parser_cache_path()
    assert path is not None
    _fresh_lark()
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])  # a write cut off half way
    _parses_alike(_fresh_lark())
    _parses_alike(_loaded_without_building(monkeypatch))


def test_another_grammar_gets_another_file(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = P._parser_cache_path()
    monkeypatch.setattr(P, "grammar_text", lambda: P.GRAMMAR_PATH.read_text(encoding="utf-8") + "\n// changed\n")
    assert P._parser_cache_path() not in (None, first)


def test_a_cache_that_cannot_be_read_or_written_costs_only_time(cache_home: Path) -> None:
    path = P._parser_cache_path()
    assert path is not None
    path.mkdir()  # its place taken by a directory: neither opened to read nor to write (even by root)
    _parses_alike(_fresh_lark())
    assert path.is_dir() and list(path.iterdir()) == []


def test_a_cache_home_that_is_a_file_means_no_cache(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = cache_home / "blocked"
    blocked.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert P._parser_cache_path() is None
    _parses_alike(_fresh_lark())


def test_no_cache_when_asked(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOSSIER_NO_CACHE", "1")
    assert P._parser_cache_path() is None
    _parses_alike(_fresh_lark())
    assert not (cache_home / "dossier").exists()
