"""`dossier lint` keeps each file's own findings between runs (validators/lint_cache.py): a file unchanged since is
not read again, and the findings are always those of a lint without the cache."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import toolkit.catalog
import validators.lint
import validators.lint_cache
import validators.text_lint
from toolkit.catalog import discover
from toolkit.findings import Finding
from toolkit.i18n import set_lang
from toolkit.models.tactics import AttackProfile, Equipment
from validators.lint import lint_files
from validators.lint_cache import LintCache, decode, encode

from .test_lint_jobs import pool  # noqa: F401 - the fixture: the bundled cards with text findings planted

pytestmark = pytest.mark.usefixtures("forking")  # (their work is the forked workers')


def _lint(root: Path, jobs: int = 1, cache: Path | None = None) -> list[str]:
    found = lint_files(discover([root]), [root], jobs=jobs, cache=cache is not None, cache_dir=cache).findings
    return [f.format() for f in found]


def _same_names(root: Path) -> Path:
    """Give a tactics card another card's name (a finding of the checks across records, which is never kept),
    written in a layout not the canonical one (a finding of its own, kept, in the same list)."""
    first, second = sorted((root / "tactics" / "cards").glob("*.json"))[1:3]
    data = json.loads(second.read_text(encoding="utf-8"))
    data["name"] = json.loads(first.read_text(encoding="utf-8"))["name"]
    second.write_text(json.dumps(data, ensure_ascii=False, indent=4, sort_keys=True) + "\n", encoding="utf-8")
    return second


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files read from now on by this process (a worker's reads are its own): to be checked, or to compare
    their bytes with a kept result's."""
    read_here: list[str] = []

    def counting(real: Any) -> Any:
        def read(path: Path, *args: Any, **kwargs: Any) -> Any:
            read_here.append(str(path))
            return real(path, *args, **kwargs)

        return read

    monkeypatch.setattr(toolkit.catalog, "read_source", counting(toolkit.catalog.read_source))
    monkeypatch.setattr(validators.lint, "read_regular", counting(validators.lint.read_regular))
    return read_here


@pytest.mark.parametrize(("jobs", "fork"), [(1, True), (2, True), (1, False)])
@pytest.mark.slow
def test_a_second_run_finds_the_same_without_reading_the_files_unchanged(
    pool: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    jobs: int,
    fork: bool,
) -> None:
    """With ``fork`` the cache is written by a child process once the checks across records are done (what
    each file's own checks found taken before them), else here (their findings are never kept)."""
    if not fork:
        monkeypatch.delattr(os, "fork")
    twice = str(_same_names(pool))
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)  # (workers for the bundled cards, with jobs=2)
    plain = _lint(pool, jobs)
    codes = {line.split()[2].rstrip(":") for line in plain}
    assert {"card.text.parse", "card.text.format", "card.schema", "card.name.duplicate"} <= codes
    assert {"card.format", "card.name.duplicate"} <= {line.split()[2].rstrip(":") for line in plain if twice in line}
    cache = tmp_path / "cache"
    assert _lint(pool, jobs, cache) == plain  # (the first run keeps what it found)
    [kept] = cache.iterdir()
    inode = kept.stat().st_ino
    read_here = _reads(monkeypatch)
    assert _lint(pool, jobs, cache) == plain
    cards = {str(p) for p in (pool / "tactics" / "cards").glob("*.json")}
    with_findings = {line.split(":")[0] for line in plain}
    assert len(cards - with_findings) > 50
    # a card with no finding is not read at all; one with a finding of the checks across records is read again
    # to place it (those findings are made on every run, never kept)
    assert not (cards - with_findings) & set(read_here)
    assert cards & set(read_here) <= with_findings
    assert [p.stat().st_ino for p in cache.iterdir()] == [inode]  # nothing new: not written again


def test_a_file_changed_since_is_checked_again(pool: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    cache = tmp_path / "cache"
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    before = _lint(pool, 2, cache)
    card = sorted((pool / "tactics" / "cards").glob("*.json"))[5]
    assert not [line for line in before if line.startswith(str(card))]
    data = json.loads(card.read_text(encoding="utf-8"))
    data["text"] = ["你抽 1 牌。"]  # does not parse
    card.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    after = _lint(pool, 2, cache)
    assert after == _lint(pool, 2)
    assert [line for line in after if line.startswith(str(card))]  # its new finding
    card.unlink()  # a file gone: its kept result is not taken for anything
    assert _lint(pool, 1, cache) == _lint(pool, 1)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_with_the_same_bytes_is_read_again_not_checked(
    pool: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    jobs: int,
) -> None:
    """A fresh checkout, a copy or a touch gives a file a new signature: its bytes are compared with those its
    kept result was made from, and the result stands if they are the same (kept again with the new signature)."""
    monkeypatch.setattr(validators.lint, "PARALLEL_FROM", 10)
    cache = tmp_path / "cache"
    plain = _lint(pool, jobs, cache)
    moved = tmp_path / "moved"
    shutil.move(pool, moved)
    shutil.copytree(moved, pool)  # the same tree again, every file new (new inodes, new times)
    for path in pool.rglob("*.json"):
        os.utime(path, ns=(10**18, 10**18))
    log = tmp_path / "checked.txt"  # (the files checked, by this process or a worker forked from it)
    real = validators.lint._check_file

    def check(entry: Any, disk: Any) -> None:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{entry.source.path}\n")
        real(entry, disk)

    monkeypatch.setattr(validators.lint, "_check_file", check)
    real_take_back = validators.text_lint.TextVerdicts.take_back

    def after_the_workers(self: Any, entries: Any) -> None:
        self.collect()  # the workers read every file they may before this process takes any
        real_take_back(self, entries)

    monkeypatch.setattr(validators.text_lint.TextVerdicts, "take_back", after_the_workers)
    assert _lint(pool, jobs, cache) == plain
    checked = set(log.read_text(encoding="utf-8").splitlines())
    refused = {line.split(":")[0] for line in plain if " card.schema:" in line or " card.model:" in line}
    cards = {str(p) for p in (pool / "tactics" / "cards").glob("*.json")} - refused  # (a refused record: no summary)
    assert refused and len(cards) > 50 and not cards & checked  # read to compare, not checked
    assert checked  # (the kinds kept whole are checked on every run: the log works)
    read_here = _reads(monkeypatch)
    assert _lint(pool, 1, cache) == plain
    quiet = cards - {line.split(":")[0] for line in plain}
    assert len(quiet) > 50 and not quiet & set(read_here)  # kept again with the new signature: not even read


def test_a_kept_result_stands_only_while_its_schema_is_where_it_was(pool: Path, tmp_path: Path) -> None:  # noqa: F811
    """A file's own checks ask one thing of other files: whether its "$schema" names a file (beside it). A kept
    result is taken only while the answer is the same."""
    cache = tmp_path / "cache"
    assert not [line for line in _lint(pool, 1, cache) if "card.schema_ref.unresolved" in line]
    schemas = pool.parent / "schema"
    schemas.rename(pool.parent / "elsewhere")
    gone = _lint(pool, 1, cache)
    assert gone == _lint(pool, 1)
    assert len([line for line in gone if "card.schema_ref.unresolved" in line]) > 300
    (pool.parent / "elsewhere").rename(schemas)
    assert _lint(pool, 1, cache) == _lint(pool, 1)


def test_the_findings_name_the_files_as_this_run_spells_them(
    pool: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.chdir(pool.parent)
    relative = _lint(Path("cards"), 1, cache)
    assert relative and all(line.startswith("cards/") for line in relative)
    assert _lint(pool, 1, cache) == _lint(pool, 1) != relative  # (absolute paths: a cache of its own)
    monkeypatch.chdir(pool)
    assert _lint(Path("."), 1, cache) == _lint(Path("."), 1)
    assert len(list(cache.iterdir())) == 3


def test_the_findings_are_in_the_language_of_the_run(pool: Path, tmp_path: Path) -> None:  # noqa: F811
    cache = tmp_path / "cache"
    english = _lint(pool, 1, cache)
    set_lang("zh-Hans")
    chinese = _lint(pool, 1, cache)
    assert chinese == _lint(pool, 1) != english
    assert len(list(cache.iterdir())) == 2  # a cache per language


@pytest.mark.slow
def test_a_damaged_or_foreign_cache_is_not_read(pool: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    cache = tmp_path / "cache"
    plain = _lint(pool, 1, cache)
    [kept] = cache.iterdir()
    data = kept.read_bytes()
    store = LintCache(kept, kept.stem)
    assert len(store.load()) > 100
    for damaged in (data[: len(data) // 2], data.replace(kept.stem.encode(), b"0" * len(kept.stem)), b""):
        kept.write_bytes(damaged)
        assert LintCache(kept, kept.stem).load() == {}
        assert _lint(pool, 1, cache) == plain
        assert len(LintCache(kept, kept.stem).load()) > 100  # written again
    os.chmod(kept, 0o622)  # others may write it: its records could be anyone's
    assert LintCache(kept, kept.stem).load() == {}
    read_here = _reads(monkeypatch)
    assert _lint(pool, 1, cache) == plain
    assert len(read_here) > 300  # every file read again


def test_a_kept_result_stands_for_the_same_code_language_font_and_directories(tmp_path: Path) -> None:
    one = LintCache.for_run([tmp_path], "en", frozenset("ab"), tmp_path)
    assert one is not None and one.path.parent == tmp_path
    others = [
        LintCache.for_run([tmp_path], "zh-Hans", frozenset("ab"), tmp_path),
        LintCache.for_run([tmp_path], "en", frozenset("abc"), tmp_path),
        LintCache.for_run([tmp_path], "en", None, tmp_path),
        LintCache.for_run([tmp_path / "cards"], "en", frozenset("ab"), tmp_path),
    ]
    assert len({one.path, *(o.path for o in others if o is not None)}) == 5
    assert LintCache.for_run([], "en", None, tmp_path) is None  # files named one by one: no cache
    validators.lint_cache.code_digest.cache_clear()
    try:
        real = validators.lint_cache.code_digest()
        assert len(real) == 32
    finally:
        validators.lint_cache.code_digest.cache_clear()


def test_without_a_home_directory_there_is_no_cache(game_copy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import toolkit.cachedir

    def nowhere(*parts: str, **kwargs: Any) -> Path:
        raise RuntimeError("Could not determine home directory")

    root = game_copy("crossfire")
    monkeypatch.setattr(toolkit.cachedir, "user_cache_dir", nowhere)
    found = lint_files(discover([root]), [root], cache=True).findings
    assert [f.format() for f in found] == _lint(root)


def test_only_the_cache_files_used_last_are_kept(tmp_path: Path) -> None:
    old = []
    for number in range(validators.lint_cache.KEEP_FILES + 2):
        path = tmp_path / f"{number:032x}.marshal"
        path.write_bytes(b"")
        os.utime(path, ns=(number * 10**9, number * 10**9))
        old.append(path)
    os.utime(old[0], ns=(10**12, 10**12))  # the oldest file, used last
    store = LintCache(tmp_path / "new.marshal", "new")
    store.save(dict, 0, fresh=1)()
    kept = sorted(p.name for p in tmp_path.glob("*.marshal"))
    assert len(kept) == validators.lint_cache.KEEP_FILES
    assert "new.marshal" in kept and old[0].name in kept and old[1].name not in kept and old[2].name not in kept


def test_results_are_kept_as_plain_values_and_read_back_equal() -> None:
    finding = Finding("card.text.parse", "an error", "error", "/x/a.json", "/text/0", 3, 5)
    equipment = Equipment.model_validate({"size": "carried", "users": ["agent"]})
    profile = AttackProfile.model_validate({"style": "ranged", "speed": 1, "range": {"min": 1, "max": 3}})
    state_models = ("tactics", "card", "c", None, None, None, equipment)
    results = {
        "/x/a.json": (b"a" * 40, 0, False, [finding], ("tactics", "card", "a", None, None, None, None),
                      ("甲", "A"), False, ((("text", 0), "「乙」"),), {"龘": "/name/zh-Hans"}, [finding], None, b"\0" * 16),
        "/x/b.json": (b"b" * 40, 0, True, None, ("tactics", "agent", "b", "b.png", ["x"], [profile], "s", False),
                      ("乙", None), True, (), None, None, ("../schema/tactics/agent.schema.json", True), None),
        "/x/c.json": (b"c" * 40, 0, False, None, state_models, ("丙", "C"), False, (), None, None, None, None),
    }  # fmt: skip
    assert decode(encode(results)) == results
    with pytest.raises(ValueError):
        encode({"/x/d.json": (b"d", 0, False, None, ("tactics", "card", "d", None, object()), ("丁", None), False,
                               (), None, None, None, None)})  # fmt: skip
    import marshal

    # a model named by a cache file is one of Dossier's own, or nothing
    forged = marshal.dumps({"/x/e.json": (..., None, False, None, (..., "os", "system", "true"), ("", None), False,
                                          (), None, None, None, None)})  # fmt: skip
    with pytest.raises(ValueError):
        decode(forged)
    # values that read back but are no results: the file is not taken
    for wrong in ((1, 2), results["/x/b.json"][:11], ("x",) * 12):
        with pytest.raises(ValueError):
            decode(marshal.dumps({"/x/f.json": wrong}))


def test_the_cli_keeps_results_unless_told_not_to(cli: Any, game_copy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.cachedir import user_cache_dir

    root = game_copy("crossfire")
    folder = user_cache_dir("lint")
    result = cli("lint", root, "--no-cache")
    assert result.exit_code == 0, result.output
    assert not folder.exists()
    monkeypatch.setenv("DOSSIER_NO_CACHE", "1")  # (as for Dossier's other caches)
    assert cli("lint", root).output == result.output
    assert not folder.exists()
    monkeypatch.delenv("DOSSIER_NO_CACHE")
    first = cli("lint", root)
    # the command ends while its cache is written (by a process of its own, which holds none of its output)
    assert validators.lint_cache.WRITERS
    validators.lint_cache.wait_for_writers()
    assert not validators.lint_cache.WRITERS
    [kept] = folder.iterdir()
    second = cli("lint", root)
    assert first.exit_code == second.exit_code == 0
    assert first.output == second.output == result.output
    validators.lint_cache.wait_for_writers()
    assert list(folder.iterdir()) == [kept]


def _lint_named(files: list[Path], cache: Path | None = None) -> list[str]:
    """As `dossier lint FILE…` runs it: the files named among the other records of their games."""
    found = lint_files(discover(files), [], cache=cache is not None, cache_dir=cache).findings
    return [f.format() for f in found]


def test_files_named_one_by_one_are_checked_among_the_records_kept(
    pool: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file named is checked afresh on every run; the other records of its game are taken from a cache of their
    own, for what the checks across records read of them only (never a finding of theirs)."""
    cards = sorted((pool / "tactics" / "cards").glob("*.json"))
    named = _same_names(pool)  # cards[2]: cards[1]'s name, and a layout of its own
    plain = _lint_named([named])
    assert {line.split()[2] for line in plain} == {"card.format:", "card.name.duplicate:"}
    cache = tmp_path / "cache"
    assert _lint_named([named], cache) == plain
    [kept] = cache.iterdir()
    inode = kept.stat().st_ino
    read_here = _reads(monkeypatch)
    assert _lint_named([named], cache) == plain
    assert kept.stat().st_ino == inode  # (nothing changed: not written again)
    # the file named is read; of the other cards of its game, only the one the model refuses (never kept), and of
    # the game's other records, only the few kept whole (the game, its modes and maps)
    refused = str(cards[len(cards) // 3])
    assert {p for p in read_here if p.startswith(str(pool / "tactics" / "cards"))} == {str(named), refused}
    assert len(read_here) < 20
    # a file that was only read among the others, named now: checked afresh, its own findings reported
    other = cards[0]  # (its ability text does not parse)
    own = _lint_named([other], cache)
    assert own == _lint_named([other])
    assert "card.text.parse:" in {line.split()[2] for line in own}
    # and among the others again: what it keeps as a file named is not reported for it
    assert _lint_named([named], cache) == plain
    # another record of the game changed: checked again, and the checks across records see it
    data = json.loads(cards[1].read_text(encoding="utf-8"))
    data["name"] = {"zh-Hans": "另一个名字", "en": "Another name"}
    cards[1].write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    after = _lint_named([named], cache)
    assert after == _lint_named([named])
    assert [line.split()[2] for line in after] == ["card.format:"]
    assert [p.name for p in cache.iterdir()] == [kept.name]  # one cache for the game, whichever file is named


def test_the_records_named_files_are_checked_among_are_kept_by_game_and_pool(tmp_path: Path) -> None:
    games = [str(tmp_path / "cards" / "tactics")]
    one = LintCache.for_context(games, [], "en", frozenset("ab"), tmp_path)
    assert one is not None
    others = [
        LintCache.for_context([str(tmp_path / "cards" / "netrunner")], [], "en", frozenset("ab"), tmp_path),
        LintCache.for_context(games, [tmp_path / "pool"], "en", frozenset("ab"), tmp_path),
        LintCache.for_context(games, [], "zh-Hans", frozenset("ab"), tmp_path),
        LintCache.for_run([tmp_path / "cards" / "tactics"], "en", frozenset("ab"), tmp_path),
    ]
    assert len({one.path, *(o.path for o in others if o is not None)}) == 5
    assert LintCache.for_context([], [], "en", None, tmp_path) is None  # a file in no game, and no pool


def test_a_subdirectory_linted_takes_the_rest_of_its_game_from_the_cache(
    pool: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A directory inside a game (``dossier lint cards/tactics/cards``) is checked among the rest of its game;
    those records are kept with its own files' results, and taken for what the checks across records read."""
    cards = pool / "tactics" / "cards"
    cache = tmp_path / "cache"
    plain = _lint(cards)
    assert _lint(cards, 1, cache) == plain
    read_here = _reads(monkeypatch)
    assert _lint(cards, 1, cache) == plain
    agents = {str(p) for p in (pool / "tactics" / "agents").glob("*.json")}
    assert not agents & set(read_here)  # (kept: not read)
    # an agent a card is exclusive to, changed outside the directory: checked again, and the card is told
    card = next(p for p in sorted(cards.glob("*.json")) if '"agent": ' in p.read_text(encoding="utf-8"))
    agent = pool / "tactics" / "agents" / (json.loads(card.read_text(encoding="utf-8"))["agent"] + ".json")
    data = json.loads(agent.read_text(encoding="utf-8"))
    data["id"] = "someone_else"
    agent.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    after = _lint(cards, 1, cache)
    assert after == _lint(cards) and after != plain
    assert any(line.startswith(f"{card}:") and "card.ref" in line for line in after), after


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork: the cache is written in place")
def test_a_writer_that_has_ended_is_let_go_of_before_the_next_is_started() -> None:
    import time

    ended = os.fork()
    if ended == 0:
        os._exit(0)
    validators.lint_cache.WRITERS.append(ended)
    try:
        for _ in range(100):  # (until it has ended)
            validators.lint_cache._reap()
            if ended not in validators.lint_cache.WRITERS:
                break
            time.sleep(0.02)
        assert ended not in validators.lint_cache.WRITERS
        with pytest.raises(ChildProcessError):
            os.waitpid(ended, os.WNOHANG)  # (reaped: no zombie left)
    finally:
        validators.lint_cache.wait_for_writers()
