"""Leftovers of session 59: a card pool reached through a symbolic link is the folder it leads to (catalog); `fonts
build` collects the characters of the printed languages only (fontbuild)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from toolkit.catalog import load_catalog
from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"


def _set_card(folder: Path, record_id: str | None = None) -> Path:
    """A bundled tactics card copied into the set folder ``folder`` (no game.json), under ``record_id`` (default:
    its own id, a second record of a pool id) and a new name."""
    source = sorted((CARDS / "tactics" / "cards").glob("*.json"))[0]
    data = json.loads(source.read_text(encoding="utf-8"))
    data["name"] = {"zh-Hans": "新名字", "en": "A New Name"}
    if record_id is not None:
        data["id"] = record_id
    path = folder / "cards" / f"{data['id']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def _linked_pool(tmp_path: Path) -> tuple[Path, Path]:
    """A pool folder (the bundled tactics game beside a set folder ``my-set`` holding a record of a bundled id)
    and a symbolic link to it: (the link, the set folder by the pool's real name)."""
    pool = tmp_path / "pool"
    shutil.copytree(CARDS / "tactics", pool / "tactics")
    _set_card(pool / "my-set")
    link = tmp_path / "linked-pool"
    link.symlink_to(pool, target_is_directory=True)
    return link, pool / "my-set"


def test_a_set_in_a_pool_reached_through_a_link_is_in_the_pool(tmp_path: Path) -> None:
    """`--cards` through a link to the folder holding the set: the set's record of a pool id is a second record the
    pool cannot load (card.id.duplicate), as when the pool is named by its own path, not a draft that stands aside."""
    link, my_set = _linked_pool(tmp_path)
    for pool in (link.parent / "pool", link):
        result = CliRunner().invoke(app, ["lint", str(my_set), "--cards", str(pool), "--lang", "en"])
        assert result.exit_code == 1 and "card.id.duplicate" in result.output, (pool, result.output)
    assert f"{link}, from --cards" in result.output  # the pool is shown as the user named it


def test_the_web_editor_refuses_a_set_card_reusing_an_id_of_a_linked_pool(tmp_path: Path) -> None:
    """The editor lints the set card among the pool's records (pool_context) with the same answer: the pool given
    through a link cannot load a second record of the id, so the edit has an error (before: it was saved, and the
    next load of the pool refused it)."""
    from toolkit.catalog import file_key, pool_context
    from toolkit.jsonio import Source
    from validators.lint import lint_sources

    link, my_set = _linked_pool(tmp_path)
    card = next((my_set / "cards").glob("*.json"))
    sources: list[Source] = [Source(card, text=card.read_text(encoding="utf-8"))]
    shadowed: dict[tuple[str, str, str], Path] = {}
    sources.extend(pool_context(sources, {file_key(card)}, [link], shadowed=shadowed))
    assert shadowed == {}  # not a draft standing for the pool's record
    assert any(str(s.path).startswith(str(link)) for s in sources[1:])  # the pool's files keep the given name
    findings = lint_sources(sources, {file_key(card)}).findings
    assert any(f.code == "card.id.duplicate" for f in findings), findings


def test_a_set_linked_into_the_pool_is_read_once(tmp_path: Path) -> None:
    """A set folder reached from inside the pool's game directory through a link, linted by its own path: the
    pool's walk meets its files by another name, the same files, not records the set stands for (lint would warn
    that the pool lists both: card.id.pool) nor a second copy."""
    from toolkit.catalog import file_key, pool_sources
    from toolkit.jsonio import read_source

    pool = tmp_path / "pool"
    shutil.copytree(CARDS / "tactics", pool / "tactics")
    my_set = tmp_path / "my-set"
    card = _set_card(my_set, "my_new_card")
    (pool / "tactics" / "linked-set").symlink_to(my_set, target_is_directory=True)
    loose = [read_source(card)]
    shadowed: dict[tuple[str, str, str], Path] = {}
    found = pool_sources(loose, [pool], lambda: {file_key(card)}, shadowed)
    assert shadowed == {}
    assert found and not any(s.path.name == card.name for s in found)


# --------------------------------------------------------------------------
# fonts build: the characters of the languages a print prints in, as `fonts check` asks


def _foreign_pool(tmp_path: Path) -> Path:
    """A netrunner pool whose card and set also have Korean and Traditional Chinese names, which no print draws."""
    from .test_search_nrdb_syntax import netrunner_pool
    from .test_words_s58 import FOREIGN_SETS, _foreign_card

    return netrunner_pool(tmp_path, FOREIGN_SETS, [_foreign_card("纸鸢龘")])


FOREIGN = {"연", "종", "鳶"}  # of the Korean and Traditional Chinese names only


def test_record_characters_of_the_printed_languages(tmp_path: Path) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.i18n import LANGS
    from toolkit.sheets import fontbuild
    from toolkit.sheets.fonts import printed_characters

    pool = _foreign_pool(tmp_path)
    every = fontbuild.record_characters([pool])
    assert every >= FOREIGN  # no languages given: every language's, as before (the committed subset)
    printed = fontbuild.record_characters([pool], LANGS)
    assert FOREIGN.isdisjoint(printed)
    assert {"纸", "鸢", "龘", "P", "K"} <= printed  # the zh-Hans and English names still count
    assert printed == printed_characters(load_catalog([pool])) | set(fontbuild.ASCII)  # what fonts check asks for
    assert fontbuild.required_characters([pool], LANGS) == fontbuild.fixed_characters() | printed
    assert "龘" in fontbuild.missing([pool], langs=["zh-Hans"])


def test_a_build_of_the_printed_languages_asks_for_no_other_language(tmp_path: Path) -> None:
    """build(langs=…): the characters a source font must have are those of the printed languages (a tiny source
    lacks nearly all, so what it lacks is what the build asked for)."""
    from toolkit.i18n import LANGS
    from toolkit.sheets import fontbuild

    from .test_sheets_fonts import make_cff_font

    source = tmp_path / "test.otf"
    make_cff_font(source)
    pool = _foreign_pool(tmp_path / "pool")
    sources = {"regular": source, "bold": source}
    every = fontbuild.build([pool], sources, tmp_path / "every", strict=False)
    assert every.lacking >= FOREIGN
    printed = fontbuild.build([pool], sources, tmp_path / "printed", strict=False, langs=LANGS)
    assert FOREIGN.isdisjoint(printed.lacking) and "龘" in printed.lacking


# --------------------------------------------------------------------------
# the tactics tutorial: English names in English prose


def test_the_tactics_tutorial_names_game_terms_in_english() -> None:
    """Chinese in the English page's prose is a gloss in parentheses after the English name (`Jackdaw (寒鸦)`), as
    the other English pages have it (tests/test_docs_one_language.py); the commands keep what they run."""
    import re

    from .test_docs_one_language import DOCS, HAN, prose

    text = prose((DOCS / "tutorials" / "tactics-game.md").read_text(encoding="utf-8"))
    for chinese in ("单挑", "双雄", "专家", "混战", "寒鸦", "白鹭"):
        for found in re.finditer(chinese, text):
            assert text[found.start() - 1] == "(", f"{chinese} used as a name: {text[found.start() - 40 : found.end() + 40]!r}"
    assert HAN.findall(re.sub(r"\([\u3400-\u9fff][^()]*\)", "", text)) == []
    assert "Jackdaw" in text and "Egret" in text and "Duel" in text


# --------------------------------------------------------------------------
# one fixture pool with named ban lists (tests/conftest.py), for test_decks_s58 and test_deck_formats_round56


def test_the_pool_with_ban_lists_replaces_the_formats_one_list(tmp_path: Path) -> None:
    from .conftest import NETRUNNER_POOL, pool_with_ban_lists

    lists = [{"id": "only", "date_start": "2024-01-01", "name": {"en": "Only", "zh-Hans": "唯一"}, "banned": [],
              "restricted": [], "restricted_limit": 1}]  # fmt: skip
    for in_force in (None, "only"):
        pool = pool_with_ban_lists(tmp_path / str(in_force), lists, in_force)
        data = json.loads((pool / "modes" / "standard.json").read_text(encoding="utf-8"))
        assert data["ban_lists"] == lists and data.get("ban_list") == in_force
        assert not {"banned", "restricted", "restricted_limit"} & set(data)
        assert sorted(p.name for p in (pool / "cards").iterdir()) == sorted(
            p.name for p in (NETRUNNER_POOL / "cards").iterdir()
        )
        mode = next(r for r in load_catalog([pool]).records if r.id == "standard")  # the pool still loads
        assert [b.id for b in mode.ban_lists] == ["only"]  # type: ignore[attr-defined]
