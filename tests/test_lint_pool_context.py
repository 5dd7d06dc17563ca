"""One lint context (issue 25): a file in no game directory (a designer's new cards, a map alone) is linted among
its game's records in the configured card pool, as `import csv` lints new rows; `lint --cards` names that pool."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"


def _copy_as(source: Path, folder: Path, record_id: str, zh: str, en: str) -> Path:
    """A bundled record copied into a designer's folder under a new id and name (same kind directory)."""
    data = json.loads(source.read_text(encoding="utf-8"))
    data.update(id=record_id, name={"zh-Hans": zh, "en": en})
    path = folder / "tactics" / source.parent.name / f"{record_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def _new_card(folder: Path) -> Path:
    """A copy of a bundled card exclusive to jackdaw, as a new card of a designer's own folder."""
    source = next(p for p in sorted((CARDS / "tactics" / "cards").glob("*.json")) if '"agent": "jackdaw"' in p.read_text())
    return _copy_as(source, folder, "my_new_card", "我的新卡", "My New Card")


def _new_map(folder: Path) -> Path:
    source = sorted((CARDS / "tactics" / "maps").glob("*.json"))[0]
    return _copy_as(source, folder, "my_map", "我的地图", "My Map")


def lint(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["lint", *args, "--lang", "en"], env={"DOSSIER_CARDS": ""})
    return result.exit_code, result.output


def test_new_cards_and_a_map_alone_are_linted_among_the_pool(tmp_path: Path) -> None:
    _new_card(tmp_path)
    _new_map(tmp_path)
    code, out = lint(str(tmp_path))
    assert code == 0, out
    assert "does not exist" not in out
    assert "checked among" in out and "records of the card pool" in out and "the default" in out


def test_lint_cards_names_the_pool_and_an_empty_one_finds_the_references_missing(tmp_path: Path) -> None:
    _new_card(tmp_path / "mine")
    elsewhere = tmp_path / "other"
    shutil.copytree(CARDS / "tactics", elsewhere / "tactics", ignore=shutil.ignore_patterns("agents"))
    code, out = lint(str(tmp_path / "mine"), "--cards", str(elsewhere))
    assert code == 1 and "jackdaw" in out and "does not exist" in out
    assert f"{elsewhere}, from --cards" in out


def test_a_pool_record_of_the_same_id_stands_aside(tmp_path: Path) -> None:
    source = sorted((CARDS / "tactics" / "cards").glob("*.json"))[0]
    copy = tmp_path / "tactics" / "cards" / source.name
    copy.parent.mkdir(parents=True)
    data = json.loads(source.read_text(encoding="utf-8"))
    data["name"]["en"] = (data["name"].get("en") or "x") + " (revised)"
    copy.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    code, out = lint(str(copy))
    assert code == 0 and "duplicate" not in out, out


def test_a_record_of_the_same_id_in_a_folder_of_the_pool_is_a_duplicate(tmp_path: Path) -> None:
    """A set folder the pool lists (beside the bundled cards) holding a record of a bundled id: the pool cannot
    load both, so lint says so; the same file outside the pool is a draft that stands for the bundled one."""
    source = sorted((CARDS / "tactics" / "cards").glob("*.json"))[0]
    data = json.loads(source.read_text(encoding="utf-8"))
    data["name"] = {"zh-Hans": "新名字", "en": "A New Name"}
    copy = tmp_path / "my-set" / "cards" / source.name
    copy.parent.mkdir(parents=True)
    copy.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    pool = f"{CARDS}{os.pathsep}{tmp_path / 'my-set'}"
    result = CliRunner().invoke(app, ["lint", str(tmp_path / "my-set"), "--lang", "en"], env={"DOSSIER_CARDS": pool})
    assert result.exit_code == 1 and "card.id.duplicate" in result.output, result.output
    code, out = lint(str(tmp_path / "my-set"))  # the bundled pool only: a draft of a revised card
    assert code == 0 and "duplicate" not in out, out


def test_the_bundled_pool_is_linted_as_before() -> None:
    code, out = lint(str(CARDS / "tactics"))
    assert code == 0 and "checked among" not in out  # a game directory is its own context


def test_the_pool_context_the_same_with_the_targets_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Given the targets' keys (as `dossier lint` has them), pool_context finds the same pool records; where no
    file outside a game directory is a record of a game (a schema folder beside the cards), it takes no key of
    the files around the targets at all (at 100,000 files, some 0.15 s)."""
    import toolkit.catalog as catalog

    shutil.copytree(CARDS / "crossfire", tmp_path / "cards" / "crossfire")
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    new = _new_card(tmp_path / "mine")
    root = tmp_path
    targets = catalog.discover([root])
    keys = [catalog.file_key(p) for p in targets]
    sources, wanted = catalog.context_sources(targets, [root], keys)
    before = [str(s.path) for s in catalog.pool_context(sources, wanted, [CARDS])]
    assert before and all(str(CARDS / "tactics") in path for path in before)
    assert str(new) not in before
    taken: list[str] = []
    real = catalog.file_key

    def counted(path: Path) -> str:
        taken.append(str(path))
        return real(path)

    monkeypatch.setattr(catalog, "file_key", counted)
    after = [str(s.path) for s in catalog.pool_context(sources, wanted, [CARDS], keys)]
    assert after == before
    new.unlink()  # only schema files are left outside a game directory: nothing of the pool is read
    targets = catalog.discover([root])
    keys = [real(p) for p in targets]
    sources, wanted = catalog.context_sources(targets, [root], keys)
    taken.clear()
    assert catalog.pool_context(sources, wanted, [CARDS], keys) == []
    assert taken == []
