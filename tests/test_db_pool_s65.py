"""./dossier.db and the card pool of cards/ here (round 65): search, show and print --query read the cards
`deck validate` reads when the pool is the working directory's cards/ (the folder `dossier examples --with-cards`
makes): a ./dossier.db built from other cards (the bundled ones, built before cards/ was made) is built again from
cards/, and an edit there is seen; one built from cards/ and a set folder (as `serve --cards cards --cards my-set`
builds it) holds the pool and is read as built (tests/test_db_regress_s65.py); a database named with --db only
warns. And `db build` fingerprints the cards before it reads them, so that a card
edited while it reads is a change after the build."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS


def _rename(card: Path, name: str) -> None:
    """Give ``card`` the English name ``name`` (its size changes: the fingerprint sees it whatever its time)."""
    data = json.loads(card.read_text(encoding="utf-8"))
    data["name"]["en"] = name
    card.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def _new_role(folder: Path, role: str, name: str) -> Path:
    """A set folder ``folder`` holding one crossfire role of its own, ``role``, named ``name`` in English."""
    data = json.loads((CARDS / "crossfire" / "roles" / "agent.json").read_text(encoding="utf-8"))
    data["id"] = role
    data["name"] = {"zh-Hans": "新角色乙", "en": name}
    path = folder / "crossfire" / "roles" / f"{role}.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working directory (no cards/ yet, no dossier.db)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DOSSIER_DB", raising=False)
    return tmp_path


def _cards_here(folder: Path) -> Path:
    """cards/ here, as `dossier examples --with-cards` makes it (one game's copy: enough for the pool)."""
    shutil.copytree(CARDS / "crossfire", folder / "cards" / "crossfire")
    return folder / "cards"


def _ids(cli: Any, *args: str) -> tuple[list[str], list[str]]:
    result = cli("search", "--format", "ids", *args)
    assert result.exit_code in (0, 1), result.output
    return result.stdout.split(), result.stderr.splitlines()


def test_a_dossier_db_of_the_bundled_cards_is_built_again_from_cards_here(cli: Any, folder: Path) -> None:
    assert cli("db", "build").exit_code == 0  # no cards/ yet: the bundled cards
    cards = _cards_here(folder)
    _rename(cards / "crossfire" / "roles" / "bomber.json", "Grenadier")
    ids, err = _ids(cli, "Grenadier")
    assert ids == ["crossfire/bomber"]
    assert err == [
        f"dossier: dossier.db was built from {CARDS.resolve()}, not from the card pool cards, the default: building "
        "dossier.db from the pool"
    ]
    assert _ids(cli, "Grenadier") == (["crossfire/bomber"], [])  # built once
    assert cli("show", "bomber").stdout.startswith("Grenadier")
    assert _ids(cli, "game:tactics") == ([], [])  # cards/ alone, as `deck validate` reads it
    _rename(cards / "crossfire" / "roles" / "bomber.json", "Sapper")  # and an edit there is seen
    ids, err = _ids(cli, "Sapper")
    assert ids == ["crossfire/bomber"] and len(err) == 1 and "building dossier.db again" in err[0]


def test_a_dossier_db_of_cards_and_a_set_folder_is_read_as_built(cli: Any, folder: Path) -> None:
    """Amended (round 65, regressions): it was built again from cards/ alone, and the user's own cards disappeared
    (and `serve --cards cards --cards my-set` built it again on its next start); it holds the pool: read as built."""
    _cards_here(folder)
    _new_role(folder / "my-set", "fresh_role", "Fresh Role")
    assert cli("db", "build", "--cards", "cards", "--cards", "my-set").exit_code == 0  # as `serve` builds it
    before = (folder / "dossier.db").read_bytes()
    assert _ids(cli, "Fresh") == (["crossfire/fresh_role"], [])
    assert cli("show", "fresh_role").exit_code == 0
    assert (folder / "dossier.db").read_bytes() == before


def test_a_dossier_db_of_the_same_card_files_is_read_as_built(cli: Any, folder: Path) -> None:
    _cards_here(folder)  # cards/ holds crossfire alone: cards/crossfire is the same cards
    assert cli("db", "build", "--cards", "cards/crossfire").exit_code == 0
    before = (folder / "dossier.db").read_bytes()
    assert _ids(cli, "Bomber") == (["crossfire/bomber"], [])
    assert (folder / "dossier.db").read_bytes() == before


def test_a_named_database_of_other_cards_only_warns(cli: Any, folder: Path) -> None:
    _cards_here(folder)
    assert cli("db", "build", "--db", "mine.db", "--cards", CARDS / "crossfire").exit_code == 0
    before = (folder / "mine.db").read_bytes()
    ids, err = _ids(cli, "--db", "mine.db", "Bomber")
    assert ids == ["crossfire/bomber"]
    assert len(err) == 1 and err[0].startswith("dossier: warning: ")
    assert "not from the card pool cards, the default; run `dossier db build --db mine.db`" in err[0]
    assert (folder / "mine.db").read_bytes() == before


def test_a_dossier_db_of_other_cards_that_cannot_be_written_reads_the_cache(
    cli: Any, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from toolkit import safewrite

    assert cli("db", "build").exit_code == 0
    before = (folder / "dossier.db").read_bytes()
    _rename(_cards_here(folder) / "crossfire" / "roles" / "bomber.json", "Grenadier")
    monkeypatch.setattr(safewrite, "cannot_write", lambda _folder: PermissionError(errno.EACCES, "Permission denied"))
    ids, err = _ids(cli, "Grenadier")
    assert ids == ["crossfire/bomber"]
    [line] = err
    assert line.startswith("dossier: warning: dossier.db was built from ")
    assert "dossier.db cannot be built again here: permission denied" in line.lower()
    assert line.endswith("reading the card database of the pool in the user's cache instead")
    assert (folder / "dossier.db").read_bytes() == before


def test_a_broken_card_here_answers_from_the_dossier_db_built_before(
    cli: Any, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolkit.db

    assert cli("db", "build").exit_code == 0
    broken = _cards_here(folder) / "crossfire" / "roles" / "zz_broken.json"
    broken.write_text("{ broken\n", encoding="utf-8")
    builds: list[object] = []
    real = toolkit.db.build_from_files

    def counted(*args: Any, **kwargs: Any) -> Any:
        builds.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(toolkit.db, "build_from_files", counted)
    for _ in range(2):
        ids, err = _ids(cli, "Bomber")
        assert ids == ["crossfire/bomber"]
        warnings = [line for line in err if line.startswith("dossier: warning: ")]
        assert len(warnings) == 1 and "zz_broken.json" in warnings[0] and "as it was built before" in warnings[0]
    assert len(builds) == 1  # not tried again until the cards change


def test_a_card_edited_while_db_build_reads_is_a_change_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.db import build, build_from_files, open_database, resolve_target
    from toolkit.db.fresh import changed_sources

    cards = tmp_path / "cards"
    shutil.copytree(CARDS / "crossfire", cards / "crossfire")
    real = build.rows_for
    edited: list[bool] = []

    def rows_for(*args: Any, **kwargs: Any) -> Any:
        if not edited:  # the first record read: another is edited now, before the build ends
            _rename(cards / "crossfire" / "roles" / "bomber.json", "Grenadier")
            edited.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(build, "rows_for", rows_for)
    target = resolve_target(str(tmp_path / "x.db"))
    build_from_files([cards], target)
    with open_database(str(tmp_path / "x.db")) as database:
        assert edited and changed_sources(database.meta) == [str(cards.resolve())]
    monkeypatch.setattr(build, "rows_for", real)
    build_from_files([cards], target)  # built with nothing edited: as built
    with open_database(str(tmp_path / "x.db")) as database:
        assert changed_sources(database.meta) == []
