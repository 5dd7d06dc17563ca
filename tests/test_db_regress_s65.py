"""Regressions of round 65's card database freshness, found by a tester: (1) a ./dossier.db built from cards/ and the
user's set folder (`db build --cards cards --cards my-set`, as `serve` builds it) was built again from cards/ alone
by a plain `search`, and the user's cards disappeared: a database of the pool and more is read as built, and an edit
in any folder it was built from builds it again from those same folders; (4) after a copy of the whole tree in its
place, every later edit that kept a file's size and modification time was missed for good: the copy is a change,
built again once; (9) the cache database built again after an edit said "once" as on its first build."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory holding cards/ (one game's copy of the cards, as `dossier examples --with-cards` makes
    them) and no dossier.db."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    shutil.copytree(CARDS / "crossfire", tmp_path / "cards" / "crossfire")
    return tmp_path


def _rename(card: Path, name: str) -> None:
    data = json.loads(card.read_text(encoding="utf-8"))
    data["name"]["en"] = name
    card.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def _my_set(folder: Path, name: str = "Zebra Shot") -> Path:
    """my-set/, the user's own set folder: one crossfire role named ``name`` in English."""
    data = json.loads((CARDS / "crossfire" / "roles" / "agent.json").read_text(encoding="utf-8"))
    data["id"] = "zebra_shot"
    data["name"] = {"zh-Hans": "斑马射击", "en": name}
    path = folder / "my-set" / "crossfire" / "roles" / "zebra_shot.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _ids(cli: Any, *args: str) -> tuple[list[str], list[str]]:
    result = cli("search", "--format", "ids", *args)
    assert result.exit_code in (0, 1), result.output
    return result.stdout.split(), result.stderr.splitlines()


# ---------------------------------------------------------------------------
# (1) a ./dossier.db of the pool and a set folder


def test_a_dossier_db_of_the_pool_and_a_set_folder_is_read_as_built(cli: Any, folder: Path) -> None:
    _my_set(folder)
    assert cli("db", "build", "--cards", "cards", "--cards", "my-set").exit_code == 0
    before = (folder / "dossier.db").read_bytes()
    assert _ids(cli, "zebra") == (["crossfire/zebra_shot"], [])
    assert _ids(cli, "zebra") == (["crossfire/zebra_shot"], [])
    shown = cli("show", "zebra_shot")
    assert shown.exit_code == 0 and shown.stdout.startswith("Zebra Shot") and shown.stderr == ""
    printed = cli("print", "--game", "crossfire", "--query", "Bomber", "--out", folder / "q.pdf")  # (a pool card)
    assert printed.exit_code == 0 and "1 card on 1 page" in printed.stdout and printed.stderr == "", printed.output
    assert (folder / "dossier.db").read_bytes() == before  # never built again from the smaller pool


def test_an_edit_in_either_folder_builds_it_again_from_both(cli: Any, folder: Path) -> None:
    mine = _my_set(folder)
    assert cli("db", "build", "--cards", "cards", "--cards", "my-set").exit_code == 0
    _rename(mine, "Yak Shot")  # an edit in the set folder
    ids, err = _ids(cli, "yak")
    assert ids == ["crossfire/zebra_shot"]
    said = f"dossier: {mine.parents[2].resolve()} changed since dossier.db was built: building dossier.db again"
    assert err == [said]
    _rename(folder / "cards" / "crossfire" / "roles" / "bomber.json", "Grenadier")  # and one in the pool
    ids, err = _ids(cli, "Grenadier")
    assert ids == ["crossfire/bomber"] and len(err) == 1 and "building dossier.db again" in err[0]
    assert _ids(cli, "yak") == (["crossfire/zebra_shot"], [])  # the set folder's cards kept


def test_a_dossier_db_of_the_pools_card_files_and_a_set_folder_is_read_as_built(cli: Any, folder: Path) -> None:
    _my_set(folder)  # cards/ holds crossfire alone: cards/crossfire holds every card file of the pool
    assert cli("db", "build", "--cards", "cards/crossfire", "--cards", "my-set").exit_code == 0
    before = (folder / "dossier.db").read_bytes()
    assert _ids(cli, "zebra") == (["crossfire/zebra_shot"], [])
    assert (folder / "dossier.db").read_bytes() == before


def test_a_dossier_db_that_does_not_hold_the_pool_is_built_again_from_it(cli: Any, folder: Path) -> None:
    _my_set(folder)
    assert cli("db", "build", "--cards", "my-set").exit_code == 0  # fewer folders than the pool: not the pool
    ids, err = _ids(cli, "Bomber")
    assert ids == ["crossfire/bomber"]
    assert len(err) == 1 and "not from the card pool cards, the default: building dossier.db from the pool" in err[0]
    assert _ids(cli, "zebra") == ([], [])
    (folder / "cards" / "tactics").mkdir()  # cards/crossfire no longer holds the pool once cards/ holds more
    shutil.copytree(CARDS / "tactics" / "cards", folder / "cards" / "tactics" / "cards")
    shutil.copy(CARDS / "tactics" / "game.json", folder / "cards" / "tactics" / "game.json")
    assert cli("db", "build", "--cards", "cards/crossfire", "--cards", "my-set").exit_code == 0
    ids, err = _ids(cli, "zebra")
    assert ids == [] and len(err) == 1 and "building dossier.db from the pool" in err[0]


def test_a_named_database_of_the_pool_and_a_set_folder_is_no_warning(cli: Any, folder: Path) -> None:
    _my_set(folder)
    assert cli("db", "build", "--db", "mine.db", "--cards", "cards", "--cards", "my-set").exit_code == 0
    assert _ids(cli, "--db", "mine.db", "zebra") == (["crossfire/zebra_shot"], [])


def test_a_dossier_db_of_a_configured_pool_and_a_set_folder_is_read_as_built(cli: Any, folder: Path) -> None:
    _my_set(folder)
    (folder / "cards").rename(folder / "pool")
    (folder / "dossier.toml").write_text('cards = ["pool"]\n', encoding="utf-8")
    assert cli("db", "build", "--cards", "pool", "--cards", "my-set").exit_code == 0
    assert _ids(cli, "zebra") == (["crossfire/zebra_shot"], [])


# ---------------------------------------------------------------------------
# (4) a copy of the whole tree in its place


def _copy_in_place(cards: Path) -> None:
    """cp -a cards ../c; rm -rf cards; mv ../c cards: every file's inode and ctime new, names, sizes and times kept."""
    copy = cards.parent / "copy-of-cards"
    shutil.copytree(cards, copy)
    shutil.rmtree(cards)
    copy.rename(cards)


def _edit_keeping_size_and_time(path: Path) -> None:
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    assert '"en": "VIP"' in text
    path.write_text(text.replace('"en": "VIP"', '"en": "VIQ"'), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns


def test_an_edit_after_a_copy_of_the_whole_tree_is_seen(cli: Any, folder: Path) -> None:
    cards = folder / "cards"
    assert cli("db", "build").exit_code == 0
    _copy_in_place(cards)
    ids, err = _ids(cli, "VIP")  # built again once after the copy, which it records
    assert ids == ["crossfire/vip"] and len(err) == 1 and "building dossier.db again" in err[0]
    assert _ids(cli, "VIP") == (["crossfire/vip"], [])
    _edit_keeping_size_and_time(cards / "crossfire" / "roles" / "vip.json")
    ids, err = _ids(cli, "VIQ")
    assert ids == ["crossfire/vip"] and len(err) == 1 and "building dossier.db again" in err[0]


def test_an_edit_after_a_copy_of_the_whole_tree_rebuilds_the_cache(cli: Any, folder: Path) -> None:
    cards = folder / "cards"
    assert _ids(cli, "VIP")[0] == ["crossfire/vip"]  # no dossier.db: the cache's
    _copy_in_place(cards)
    assert _ids(cli, "VIP")[0] == ["crossfire/vip"]
    _edit_keeping_size_and_time(cards / "crossfire" / "roles" / "vip.json")
    assert _ids(cli, "VIQ")[0] == ["crossfire/vip"]


def test_a_named_database_is_warned_about_after_a_copy_until_built_again(cli: Any, folder: Path) -> None:
    cards = folder / "cards"
    assert cli("db", "build", "--db", "mine.db").exit_code == 0
    _copy_in_place(cards)
    for _ in range(2):
        ids, err = _ids(cli, "--db", "mine.db", "VIP")
        assert ids == ["crossfire/vip"] and len(err) == 1 and "changed since the database was built" in err[0]
    assert cli("db", "build", "--db", "mine.db").exit_code == 0
    assert _ids(cli, "--db", "mine.db", "VIP") == (["crossfire/vip"], [])
    _edit_keeping_size_and_time(cards / "crossfire" / "roles" / "vip.json")
    ids, err = _ids(cli, "--db", "mine.db", "VIP")
    assert len(err) == 1 and "changed since the database was built" in err[0]


# ---------------------------------------------------------------------------
# (9) the cache database built again after an edit


def test_the_cache_built_again_after_an_edit_says_the_cards_changed(cli: Any, folder: Path) -> None:
    ids, err = _ids(cli, "Bomber")
    assert ids == ["crossfire/bomber"] and len(err) == 1 and "no dossier.db here" in err[0] and "(once;" in err[0]
    _rename(folder / "cards" / "crossfire" / "roles" / "bomber.json", "Grenadier")
    ids, err = _ids(cli, "Grenadier")
    assert ids == ["crossfire/bomber"]
    [line] = err
    assert line.startswith(f"dossier: {(folder / 'cards').resolve()} changed since ") and "once" not in line
    assert line.endswith(".db again") and "building" in line
    assert _ids(cli, "Grenadier") == (["crossfire/bomber"], [])


def test_print_query_prints_the_pool_s_matches_and_says_which_are_not_in_it(cli: Any, folder: Path) -> None:
    """A database of the pool and a set folder holds cards the pool print reads lacks: the pool's matches print, a
    warning names the others and how to print them (--cards); with none of the pool's, the error says so."""
    _my_set(folder, name="Agent Zebra")
    assert cli("db", "build", "--cards", "cards", "--cards", "my-set").exit_code == 0
    result = cli("print", "--query", "agent", "--game", "crossfire", "--out", "q.pdf")
    assert result.exit_code == 0, result.output
    assert "crossfire/zebra_shot" in result.stderr and "--cards" in result.stderr
    assert (folder / "q.pdf").is_file()
    result = cli("print", "--query", "zebra", "--game", "crossfire", "--out", "z.pdf")
    assert result.exit_code != 0 and "crossfire/zebra_shot" in result.output
