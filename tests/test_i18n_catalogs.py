"""The message catalogs: complete, consistent, one language per catalog, and the machinery around them
(plural forms, contexts, the pseudo-locale, the current language, a new language added as a file)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from toolkit import i18n
from toolkit.i18n import catalogs

CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
# what a Chinese message may say in Latin letters: names of formats, tools and sites, codes, ids, key names
LATIN_IN_CHINESE = {"API", "Dossier", "JSON", "Schema", "schema", "NetrunnerDB", "jinteki", "jinteki.net", "OCTGN",
                    "PDF", "zh", "Hans", "en", "ID", "JavaScript", "docs", "VIP", "criminal", "legal", "standard", "UTF", "Home", "End",
                    "smoke", "grenade",
                    "Ctrl", "D", "Esc", "Page", "Up", "Down", "Enter", "q", "u",  # keys, as the keyboard labels them
                    "X"}  # fmt: skip  ("X": a card's variable amount, written X in Chinese card text as in English)
CODE = re.compile(r"\[[a-z]+\]|\{[^{}]*\}|`[^`]*`|--[a-z][a-z-]*|https?://\S+|\b[a-z]:\S*|[a-z]+_[a-z_]+|\.o8d|\d+x")


@pytest.fixture(scope="module")
def template():  # type: ignore[no-untyped-def]
    return catalogs.extract()


def _strings(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_every_catalog_translates_every_message_of_the_code(template) -> None:  # type: ignore[no-untyped-def]
    # a message added to the code without its translation, a fuzzy one, a translation with other {fields},
    # a translation no longer used: each is named with where the message is
    assert len(template) > 300
    for lang in catalogs.languages():
        assert list(catalogs.problems(lang, template)) == []


def test_the_committed_template_is_the_code_s(template) -> None:  # type: ignore[no-untyped-def]
    with catalogs.TEMPLATE.open("rb") as handle:
        committed = read_po(handle)
    ids = {(m.context, m.id) for m in template if m.id}
    assert {(m.context, m.id) for m in committed if m.id} == ids, "run `python -m toolkit.i18n.catalogs update`"


def test_english_messages_have_no_chinese_and_chinese_ones_no_english(template) -> None:  # type: ignore[no-untyped-def]
    for message in template:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            assert not CJK.search(text), text
    with catalogs.po_path("zh-Hans").open("rb") as handle:
        chinese = read_po(handle)
    for message in chinese:
        if not message.id:
            continue
        for text in _strings(message):
            latin = set(re.findall(r"[A-Za-z][A-Za-z.]*[A-Za-z]|[A-Za-z]", CODE.sub(" ", text)))
            # T{n}: turn n; P{seat}: a seat's code (P1, as the logs write it); o: a pit on a map legend; x, y: axes
            assert latin <= LATIN_IN_CHINESE | {"T", "P", "o", "x", "y"}, (text, latin - LATIN_IN_CHINESE)


def test_plural_forms_and_contexts() -> None:
    assert i18n.tn("en", "{n} record", "{n} records", 1) == "1 record"
    assert i18n.tn("en", "{n} record", "{n} records", 3) == "3 records"
    assert i18n.tn("zh-Hans", "{n} record", "{n} records", 1) == "共 1 条记录"
    assert i18n.tn("zh-Hans", "{n} record", "{n} records", 7) == "共 7 条记录"
    assert i18n.t("zh-Hans", "none") == "无"
    assert i18n.tc("zh-Hans", "team", "No team") == "无阵营"
    assert i18n.word("team", "none", "zh-Hans") == "无阵营" and i18n.word("team", "none", "en") == "No team"
    assert i18n.word("type", "no-such-type", "zh-Hans") == "no-such-type"
    assert i18n.sentences("en", ["One.", "Two."]) == "One. Two."
    assert i18n.sentences("zh-Hans", ["一。", "二。"]) == "一。二。"
    # a message no catalog has yet shows in English rather than failing
    assert i18n.t("zh-Hans", "a message the catalog does not have: {x}", x=1) == "a message the catalog does not have: 1"


def test_the_current_language_and_the_pseudo_locale() -> None:
    assert i18n.accept("ZH_hans") == "zh-Hans" and i18n.accept("en-xa") == i18n.PSEUDO and i18n.accept("fr") is None
    with i18n.use_lang("en") as lang:
        assert lang == "en" and i18n.tr("legal") == "legal"
        with i18n.use_lang(i18n.PSEUDO) as inner:
            assert inner == "en"  # names and texts are English; only the messages change
            shown = i18n.trn("{n} record", "{n} records", 2)
            assert shown.startswith("‹") and shown.endswith("›") and "2" in shown and not re.search("[a-z]{2}", shown)
            assert i18n.t("en", "see {path} and --lang") == "‹šéé {path} áñđ --lang›".replace("{path}", "{path}")
        assert i18n.tr("legal") == "legal"
    with i18n.use_lang("zh-Hans"):
        assert i18n.tr("legal") == "合法"
    assert i18n.pseudo("x {n} y").count("{n}") == 1


@pytest.mark.slow
def test_a_new_language_is_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # init writes an untranslated catalog; once a message is translated, the language exists for every command
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "dossier.pot")
    path = catalogs.init("fr")
    assert path == tmp_path / "fr" / "LC_MESSAGES" / "dossier.po"
    text = path.read_text(encoding="utf-8")
    assert 'msgid "legal"\nmsgstr ""' in text
    path.write_text(text.replace('msgid "legal"\nmsgstr ""', 'msgid "legal"\nmsgstr "valide"'), encoding="utf-8")
    problems = list(catalogs.problems("fr"))
    assert problems and not any("'legal'" in p for p in problems)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "LANGS", i18n._catalog_langs())
    i18n.translations.cache_clear()
    try:
        assert "fr" in i18n.LANGS
        assert i18n.t("fr", "legal") == "valide"
        assert i18n.t("fr", "illegal") == "illegal"  # untranslated: the English
    finally:
        i18n.translations.cache_clear()


def test_a_record_carries_a_name_in_any_language(game_copy, cli) -> None:  # type: ignore[no-untyped-def]
    # names (and imported printed text) take any language under its tag; a key that is no tag is refused
    import json

    from toolkit.catalog import load_catalog

    cards = game_copy("tactics")
    path = next((cards / "cards").glob("*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["fr"] = "Nom en français"
    data["name"]["pt-BR"] = "Nome"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert cli("lint", cards).exit_code == 0
    record = next(r for r in load_catalog([cards]).records if r.id == data["id"])  # type: ignore[attr-defined]
    assert i18n.name_of(record, "fr") == "Nom en français"
    assert i18n.name_of(record, "de") == (data["name"].get("en") or data["name"]["zh-Hans"])
    assert i18n.name_of(record, "zh-Hans") == data["name"]["zh-Hans"]
    data["name"]["french"] = "x"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = cli("lint", cards)
    assert result.exit_code == 1 and "french" in result.output


def test_a_catalog_is_compiled_once_into_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the first use compiles the .po into the user's cache; a changed .po compiles again and the old file goes
    import shutil

    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR / "zh_Hans", locale / "zh_Hans")
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cache = tmp_path / "cache" / "dossier" / "locale"
    i18n.translations.cache_clear()
    try:
        assert i18n.t("zh-Hans", "legal") == "合法"
        first = list(cache.glob("zh_Hans-*.mo"))
        assert len(first) == 1
        po = locale / "zh_Hans" / "LC_MESSAGES" / "dossier.po"
        edited = po.with_name("edited.po")  # as the catalogs tool writes: a new file renamed into place
        edited.write_text(po.read_text(encoding="utf-8").replace('msgid "legal"\nmsgstr "合法"', 'msgid "legal"\nmsgstr "合规"'), encoding="utf-8")
        edited.replace(po)
        i18n.translations.cache_clear()
        assert i18n.t("zh-Hans", "legal") == "合规"
        again = list(cache.glob("zh_Hans-*.mo"))
        assert len(again) == 1 and again != first
    finally:
        i18n.translations.cache_clear()
