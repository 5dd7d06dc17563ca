"""A language added as a catalog (docs/translating.md: ``catalogs init fr``) reads its catalog's words, and English
where the catalog has none and where only zh-Hans and English are written (ability text, a vocabulary's words, the
names a search keeps): never Chinese, never a traceback. Besides: ``catalogs check`` answers without Babel's
warnings about the f-strings that are not messages, and ``balance runs`` says when no run is kept."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po
from typer.testing import CliRunner

from toolkit import config, i18n
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.cli._lang import LogNames
from toolkit.i18n import catalogs

from .conftest import CARDS

Run = Callable[..., Any]
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
TACTICS = {r.id: r for r in load_catalog([CARDS / "tactics"]).records}  # type: ignore[attr-defined]


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """fr as ``catalogs init fr`` adds it, in a locale directory of the test's own (zh-Hans's catalog beside it):
    two messages translated, every other one not."""
    locale = tmp_path / "locale"
    locale.mkdir()
    (locale / "zh_Hans").symlink_to(i18n.LOCALE_DIR / "zh_Hans", target_is_directory=True)
    catalog = Catalog(locale="fr", domain=i18n.DOMAIN, fuzzy=False)
    catalog.add("NAME", "NOM")
    catalog.add("legal", "valide")
    po = locale / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    po.parent.mkdir(parents=True)
    out = io.BytesIO()
    write_po(out, catalog)
    po.write_bytes(out.getvalue())
    out = io.BytesIO()
    write_mo(out, catalog)
    po.with_suffix(".mo").write_bytes(out.getvalue())  # compiled beside it, as a wheel ships it: no cache written
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    monkeypatch.setattr(i18n, "LANGS", i18n._catalog_langs())
    monkeypatch.setattr(config, "LANGS", i18n.LANGS)
    i18n.translations.cache_clear()
    assert "fr" in i18n.LANGS and i18n.t("fr", "legal") == "valide"
    try:
        yield "fr"
    finally:
        i18n.translations.cache_clear()


@pytest.fixture(scope="module")
def tactics_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("fr") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS / "tactics")])
    assert result.exit_code == 0, result.output
    return str(path)


def test_which_languages_are_chinese() -> None:
    for chinese in ("zh-Hans", "zh_hans", "zh", "zh-CN", "zh-TW", "ZH-hans"):
        assert i18n.chinese(chinese) and i18n.text_lang(chinese) == "zh-Hans", chinese
    for other in ("en", "en-XA", "fr", "pt-BR", "de", "", None):
        assert not i18n.chinese(other) and i18n.text_lang(other) == "en", other


def test_ability_text_renders_in_english_for_a_catalog_language(french: str, cli: Run) -> None:
    from toolkit.text import parse, render

    ability = parse("你抽两张牌。")
    assert render(ability, french) == render(ability, "en") == "You draw 2 cards."
    assert render(ability, "zh-CN") == render(ability) == "你抽 2 张牌。"  # a tag i18n reads as Chinese
    with pytest.raises(ValueError, match="unknown language"):
        render(ability, "xx")  # no language of ours
    result = cli("--lang", french, "text", "render", "你抽两张牌。")
    assert result.exit_code == 0, result.output
    assert result.stdout == "You draw 2 cards.\n"
    quoting = cli("--lang", french, "text", "render", "你从矩阵商店搜寻 1 张「制式手枪」。", "--cards", CARDS)
    assert quoting.exit_code == 0, quoting.output
    assert not CJK.search(quoting.stdout), quoting.stdout  # the card it quotes by its English name too


def test_search_and_show_in_a_catalog_language_are_english_with_its_words(
    french: str, cli: Run, tactics_db: str
) -> None:
    found = cli("--lang", french, "search", "--db", tactics_db, "t:equipment")
    assert found.exit_code == 0, found.output
    assert not CJK.search(found.stdout), found.stdout
    header, *rows = found.stdout.splitlines()
    assert header.split() == ["ID", "TYPE", "NOM", "STATS"]  # the catalog's word, English where it has none
    longbow = next(row for row in rows if row.startswith("tactics/longbow_sniper_rifle"))
    assert "Longbow Sniper Rifle" in longbow and "cost -2 · size heavy" in longbow, longbow
    english = cli("--lang", "en", "search", "--db", tactics_db, "t:equipment").stdout.splitlines()
    assert [row.split()[:2] for row in rows] == [row.split()[:2] for row in english[1:]]

    shown = cli("--lang", french, "show", "--db", tactics_db, "longbow_sniper_rifle")
    assert shown.exit_code == 0, shown.output
    assert not CJK.search(shown.stdout), shown.stdout
    title, kind_line, stats, *rest = shown.stdout.splitlines()
    assert title == "Longbow Sniper Rifle"
    assert kind_line == "tactics card longbow_sniper_rifle (equipment)"
    assert stats.startswith("cost -2 · size heavy")
    assert "  One floor, one round, one chance." in rest  # the English flavour, the card having none in fr
    # every word of it as English has it (the catalog has none of them)
    assert shown.stdout == cli("--lang", "en", "show", "--db", tactics_db, "longbow_sniper_rifle").stdout
    # --bilingual: its own language first, then the other (Chinese) one
    both = cli("--lang", french, "show", "--db", tactics_db, "longbow_sniper_rifle", "--bilingual").stdout
    assert both.splitlines()[0] == "Longbow Sniper Rifle  长弓狙击步枪"
    assert both.index("One floor, one round, one chance.") < both.index("一层楼，一颗子弹，一次机会。")
    assert both == cli("--lang", "en", "show", "--db", tactics_db, "longbow_sniper_rifle", "--bilingual").stdout
    # zh-Hans is still Chinese
    chinese = cli("--lang", "zh-Hans", "show", "--db", tactics_db, "longbow_sniper_rifle").stdout
    assert chinese.splitlines()[:2] == ["长弓狙击步枪", "特工战术 牌 longbow_sniper_rifle（装备）"]


def test_log_names_of_a_catalog_language_are_english(french: str) -> None:
    names = LogNames(TACTICS.values(), french)
    english = LogNames(TACTICS.values(), "en")
    assert names.value("unit", "寒鸦#3") == "Jackdaw#3"
    assert names.value("text", "你抽 1 张牌。") == "You draw 1 card."
    assert names.value("condition", "你的手牌不多于 2 张") == "you have at most 2 cards in hand"
    assert names.value("cards", ["寒鸦", "nothing"]) == ["Jackdaw", "nothing"]
    assert names.say("text", "你抽 1 张牌。") == english.say("text", "你抽 1 张牌。") == "“You draw 1 card.”"
    assert names.say("unit", "寒鸦#3") == "Jackdaw#3"
    assert LogNames(TACTICS.values(), "zh-Hans").value("unit", "寒鸦#3") == "寒鸦#3"


def test_extract_keeps_babels_warnings_about_f_strings_to_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "pkg"
    source.mkdir()
    (source / "mod.py").write_text(
        "def f(lang, x):\n"
        '    t(lang, f"a sentence about {x}")  # an f-string: not a message, deliberately\n'
        '    tr("a real message")\n'
        '    tr("")\n',  # an empty message: a real problem, still told
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "SOURCES", ("pkg",))
    extracted = catalogs.extract()
    assert [m.id for m in extracted if m.id] == ["a real message"]
    err = capsys.readouterr().err
    assert "Skipping f-string" not in err, err
    assert "Empty msgid" in err and "mod.py:4" in err, err


def test_balance_runs_says_when_no_run_is_kept(cli: Run, tmp_path: Path) -> None:
    from toolkit.balance.store import save_run

    db = tmp_path / "runs.db"
    db.touch()  # a database with no run in it
    result = cli("balance", "runs", "--db", db, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"no balance run is kept in {db}\n"
    chinese = cli("balance", "runs", "--db", db, "--lang", "zh-Hans")
    assert chinese.exit_code == 0 and str(db) in chinese.stdout and CJK.search(chinese.stdout), chinese.output
    # runs kept, none of them of the pool given
    meta = {"game": "tactics", "card_set": "0" * 64, "decider": "heuristic", "seed": 1}
    save_run(str(db), meta, {"games": 10})
    save_run(str(db), meta, {"games": 10})
    filtered = cli("balance", "runs", "--db", db, "--cards", CARDS, "--lang", "en")
    assert filtered.exit_code == 0, filtered.output
    assert filtered.stdout == f"none of the 2 balance runs kept in {db} was played with these cards as they are now\n"
    assert len(cli("balance", "runs", "--db", db, "--lang", "en").stdout.splitlines()) == 2
