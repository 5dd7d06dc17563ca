"""Stop 74 (search and the card database, found by a sweep): (1) `search --cards DIR` answered from the cache
database of DIR after DIR was deleted, silently; now it is the error a folder that never was gets. (2) A database
whose card folder was deleted since `db build` (--db, $DOSSIER_DB, ./dossier.db) was read with no word; now one
warning line says the folder is gone. (3) A file that is no SQLite database given as --db was advised a `db build`
that refuses to replace it; now it is told to build one elsewhere or move the file away. (4) A database built from
a folder of cards without the faction records knew no faction: `f:hb` said the database has none, while its cards
show one; now the factions the cards carry are known. (5) Zero-width characters pasted with a query (U+200B, U+FEFF,
…) were read as part of a key or value; now they are dropped. (6) A key of another game under --game (`-g tactics
f:hb`) gave an empty result; now it is an error naming the key's games. (7) `--sort -cost` of tactics cards put the
free cards first: a mortgage of two is the dearest card, then a mortgage of one, then a free card."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from toolkit.db import build_from_files, open_database, resolve_target
from toolkit.search import search
from toolkit.search.parser import QueryError, parse_query

from .conftest import CARDS


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory, no $DOSSIER_DB."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    return tmp_path


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("bundled74") / "bundled.db")
    build_from_files([CARDS], resolve_target(path))
    return path


def _found(db_path: str, query: str, **options: Any) -> list[str]:
    with open_database(db_path) as db:
        return [hit.id for hit in search(db, query, full=False, **options)]


# ---------------------------------------------------------------------------
# (1) --cards DIR, DIR deleted since the cache database of it was built


@pytest.mark.parametrize("command", ["search", "show"])
def test_cards_of_a_deleted_folder_is_the_error_of_a_missing_one(cli: Any, here: Path, command: str) -> None:
    shutil.copytree(CARDS / "crossfire", here / "px")
    first = cli(command, "--cards", "px", "vip", *(["--format", "ids"] if command == "search" else []))
    assert first.exit_code == 0 and first.stdout.strip(), first.output  # (the cache database of px is built)
    shutil.rmtree(here / "px")
    gone = cli(command, "--cards", "px", "vip")
    never = cli(command, "--cards", "never_existed", "vip")
    assert never.exit_code == 2 and "no such file or directory" in never.stderr, never.output
    assert gone.exit_code == 2, gone.output
    assert gone.stdout == ""
    assert f"{here / 'px'}: no such file or directory" in gone.stderr, gone.stderr


def test_cards_of_a_folder_still_there_is_read_from_the_cache(cli: Any, here: Path) -> None:
    shutil.copytree(CARDS / "crossfire", here / "px")
    assert cli("search", "--cards", "px", "vip", "--format", "ids").exit_code == 0
    again = cli("search", "--cards", "px", "vip", "--format", "ids")
    assert again.exit_code == 0 and again.stdout.strip() and again.stderr == "", again.output


# ---------------------------------------------------------------------------
# (2) a database whose card folder is gone


def _built_from_a_gone_folder(cli: Any, here: Path, *db: str) -> Path:
    gone = here / "gone2"
    shutil.copytree(CARDS / "crossfire", gone)
    built = cli("db", "build", *db, "--cards", "gone2")
    assert built.exit_code == 0, built.output
    shutil.rmtree(gone)
    return gone.resolve()


def test_a_named_database_whose_folder_is_gone_warns(cli: Any, here: Path) -> None:
    gone = _built_from_a_gone_folder(cli, here, "--db", "g2.db")
    found = cli("search", "--db", "g2.db", "--format", "ids", "vip")
    assert found.exit_code == 0 and "crossfire/vip" in found.stdout.split(), found.output  # read as it is
    lines = found.stderr.splitlines()
    assert len(lines) == 1 and str(gone) in lines[0] and "no longer there" in lines[0], found.stderr
    assert "`dossier db build --db g2.db`" in lines[0]  # (from the pool: the folder it was built from is gone)


def test_a_database_of_dossier_db_env_whose_folder_is_gone_warns(
    cli: Any, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = _built_from_a_gone_folder(cli, here, "--db", "envp.db")
    monkeypatch.setenv("DOSSIER_DB", "envp.db")
    shown = cli("show", "crossfire/vip")
    assert shown.exit_code == 0, shown.output
    assert str(gone) in shown.stderr and "no longer there" in shown.stderr, shown.stderr


def test_a_dossier_db_here_whose_folder_is_gone_is_read_after_the_warning(cli: Any, here: Path) -> None:
    gone = _built_from_a_gone_folder(cli, here)
    assert (here / "dossier.db").is_file()
    found = cli("search", "--format", "ids", "vip")
    assert found.exit_code == 0 and "crossfire/vip" in found.stdout.split(), found.output
    assert str(gone) in found.stderr and "no longer there" in found.stderr, found.stderr


def test_a_database_of_two_folders_one_gone_names_the_other_in_the_command(cli: Any, here: Path) -> None:
    shutil.copytree(CARDS / "crossfire", here / "a")
    shutil.copytree(CARDS / "tactics", here / "b")
    assert cli("db", "build", "--db", "ab.db", "--cards", "a", "--cards", "b").exit_code == 0
    shutil.rmtree(here / "a")
    found = cli("search", "--db", "ab.db", "--format", "ids", "vip")
    assert found.exit_code == 0, found.output
    assert str((here / "a").resolve()) in found.stderr
    assert f"`dossier db build --db ab.db --cards {(here / 'b').resolve()}`" in found.stderr, found.stderr


def test_a_postgresql_database_is_not_warned_about_folders_of_another_machine(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A shared server's database records the folders of the machine that built it: not here is not gone there."""
    from types import SimpleNamespace

    from toolkit.cli.db import warn_if_stale
    from toolkit.db.fresh import META_KEY

    meta = {META_KEY: json.dumps({str(here / "srv" / "cards"): {"count": 1, "files": "x", "local": "y"}})}
    server = SimpleNamespace(target=resolve_target("postgresql+psycopg://user@db.example/cards"), meta=meta)
    warn_if_stale(server)  # type: ignore[arg-type]
    assert capsys.readouterr().err == ""
    local = SimpleNamespace(target=resolve_target(str(here / "d.db")), meta=meta)
    warn_if_stale(local)  # type: ignore[arg-type]
    assert "no longer there" in capsys.readouterr().err  # (an SQLite file's: its folder is gone)


# ---------------------------------------------------------------------------
# (3) a file that is no SQLite database


@pytest.mark.parametrize("command", ["search", "show"])
def test_a_file_that_is_no_database_is_not_advised_a_build_that_refuses(cli: Any, here: Path, command: str) -> None:
    (here / "junk.db").write_text("junk\n", encoding="utf-8")
    result = cli(command, "--db", "junk.db", "o:1" if command == "search" else "vip")
    assert result.exit_code == 2, result.output
    assert "not a database file" in result.stderr
    assert "run `dossier db build" not in result.stderr, result.stderr
    assert "will not replace it" in result.stderr and "move this file away" in result.stderr, result.stderr
    refused = cli("db", "build", "--db", "junk.db", "--cards", CARDS / "crossfire")
    assert refused.exit_code != 0 and "not replaced" in refused.stderr  # (what the advice said before)


def test_a_dossier_db_here_that_is_no_database_is_told_so(cli: Any, here: Path) -> None:
    (here / "dossier.db").write_bytes(b"\x00junk" * 40)
    result = cli("search", "o:1")
    assert result.exit_code == 2, result.output
    assert "run `dossier db build`" not in result.stderr and "move this file away" in result.stderr, result.stderr


# ---------------------------------------------------------------------------
# (4) the factions of a database built without the faction records


@pytest.fixture(scope="module")
def cards_only(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("cards74") / "ov.db")
    build_from_files([CARDS / "netrunner" / "cards"], resolve_target(path))
    return path


def _carried(faction: str) -> set[str]:
    found = set()
    for path in (CARDS / "netrunner" / "cards").rglob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("faction") == faction:
            found.add(data["id"])
    return found


def test_the_factions_the_cards_carry_are_known_without_faction_records(cards_only: str) -> None:
    hb = _carried("haas_bioroid")
    assert hb and set(_found(cards_only, "f:hb")) == hb
    assert set(_found(cards_only, "f:haas_bioroid")) == hb == set(_found(cards_only, "f:h"))
    weyland = _carried("weyland")
    assert weyland and set(_found(cards_only, "f:weyland")) == weyland == set(_found(cards_only, "f:w"))
    anarch = _carried("anarch")
    assert set(_found(cards_only, "f:hb|anarch")) == hb | anarch


def test_a_faction_no_card_carries_is_still_an_error_naming_those_known(cards_only: str) -> None:
    with pytest.raises(QueryError) as raised:
        _found(cards_only, "f:zzz")
    assert "has none" not in raised.value.problem and "haas_bioroid" in raised.value.problem, raised.value.problem
    with pytest.raises(QueryError) as apex:
        _found(cards_only, "f:p")  # (NetrunnerDB's code of apex, whose cards are not here)
    assert "does not have" in apex.value.problem


def test_a_tactics_database_still_has_no_faction(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    build_from_files([CARDS / "tactics"], resolve_target(path))
    with pytest.raises(QueryError) as raised:
        _found(path, "f:hb")
    assert "does not have" in raised.value.problem


# ---------------------------------------------------------------------------
# (5) zero-width characters pasted with a query


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
def test_zero_width_characters_are_dropped(bundled: str, invisible: str) -> None:
    wanted = _found(bundled, "o:2")
    assert wanted
    assert _found(bundled, f"{invisible}o:2") == wanted
    assert _found(bundled, f"o:2{invisible}") == wanted
    assert _found(bundled, f"o{invisible}:{invisible}2") == wanted
    with pytest.raises(QueryError) as raised:
        parse_query(invisible)
    assert "empty query" in raised.value.problem
    with pytest.raises(QueryError) as raised:
        parse_query(f"{invisible}{invisible}o:zz")
    assert raised.value.column == 5  # (the column as typed, the invisible characters counted)


def test_a_zero_width_character_alone_on_the_command_line_is_an_empty_query(cli: Any, bundled: str) -> None:
    result = cli("search", "--db", bundled, "\u200b")
    assert result.exit_code == 2 and "empty query" in result.stderr, result.output


# ---------------------------------------------------------------------------
# (6) a key of another game under --game


@pytest.mark.parametrize(
    ("query", "game", "key", "games"),
    [
        ("f:hb", "tactics", "faction", "netrunner"),
        ("hp:5", "netrunner", "hp", "tactics"),
        ("o:1", "crossfire", "cost", "netrunner and tactics"),
        ("team:red", "tactics", "team", "crossfire"),
        ("x:抽 e:core", "tactics", "set", "netrunner"),
    ],
)
def test_a_key_of_another_game_is_an_error(bundled: str, query: str, game: str, key: str, games: str) -> None:
    with pytest.raises(QueryError) as raised:
        _found(bundled, query, game=game)
    assert raised.value.problem.startswith(f"{key} is a key of {games} records, not of {game}"), raised.value.problem
    assert raised.value.column == query.index(query.split()[-1]) + 1


@pytest.mark.parametrize(
    ("query", "game"),
    [("o:-1", "tactics"), ("o:1", "netrunner"), ("s:code_gate", "netrunner"), ("hp>=1", "tactics"), ("x:抽", "tactics"),
     ("t:ice", "netrunner"), ("players:6", "crossfire"), ("team:red", "crossfire")],
)  # fmt: skip
def test_a_key_of_the_game_still_works(bundled: str, query: str, game: str) -> None:
    assert _found(bundled, query, game=game)


def test_without_a_game_a_key_of_one_game_is_as_before(bundled: str) -> None:
    assert _found(bundled, "hp>=1") and _found(bundled, "f:hb")


def test_a_key_of_another_game_on_the_command_line_exits_2(cli: Any, bundled: str) -> None:
    result = cli("search", "--db", bundled, "-g", "tactics", "f:hb")
    assert result.exit_code == 2 and "faction is a key of netrunner records, not of tactics" in result.stderr
    assert "no records match" not in result.output


@pytest.mark.lang_default
def test_a_key_of_another_game_in_chinese(bundled: str) -> None:
    with pytest.raises(QueryError) as raised:
        _found(bundled, "hp:5", game="netrunner")
    problem = raised.value.problem  # the key and the games in Chinese, as the other query errors name them
    assert "生命" in problem and "特工战术" in problem and "矩阵潜袭" in problem, problem


# ---------------------------------------------------------------------------
# (7) sorting tactics cards by cost


def _mortgages() -> dict[str, int]:
    from toolkit.catalog import load_catalog

    records = load_catalog([CARDS / "tactics"]).records
    return {r.id: r.cost.mortgage for r in records if r.kind == "card"}  # type: ignore[attr-defined]


def test_the_dearest_tactics_cards_come_first_in_a_descending_cost_sort(bundled: str) -> None:
    mortgages = _mortgages()
    assert {0, 1, 2} <= set(mortgages.values())
    dearest = [mortgages[i] for i in _found(bundled, "k:card", game="tactics", sort="-cost")]
    assert dearest == sorted(dearest, reverse=True) and dearest[0] == max(mortgages.values()) and dearest[-1] == 0
    cheapest = [mortgages[i] for i in _found(bundled, "k:card", game="tactics", sort="cost")]
    assert cheapest == sorted(cheapest) and cheapest[0] == 0


def test_the_netrunner_cost_sort_is_as_before(bundled: str) -> None:
    with open_database(bundled) as db:
        costs = [h for h in search(db, "k:card o>=0", game="netrunner", sort="-cost", full=True)]
    values = [h.data.get("cost", h.data.get("rez_cost")) for h in costs]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]
