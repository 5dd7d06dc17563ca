"""`dossier print` entirely in the chosen language: every bundled tactics and crossfire card and an imported
NetrunnerDB pool printed with --lang en hold no Chinese character outside the names that have no English, and
with --lang zh-Hans no English word outside names, ids, icon codes and numbers; --bilingual adds the other
language's name; a name without English and ability text the ability language cannot read are told on stderr;
template words per language; the calibration page and the Tabletop Simulator descriptions."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from toolkit import i18n
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.importers import import_netrunnerdb
from toolkit.jsonio import canonical_dumps
from toolkit.sheets import labels
from toolkit.sheets.template import TEMPLATE_DIR, parse_template, words
from toolkit.sheets.tts import card_description

from .conftest import CARDS, ROOT

FIXTURES = ROOT / "tests" / "fixtures"
# CJK letters and CJK / full-width punctuation (「」，：（）、。…): none belongs on an English card
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")
ICON = re.compile(r"\[[a-z0-9_-]+\]")  # inline icons keep their [id] in the text layer
REF = re.compile(r"\b[a-z]+/[a-z0-9_]+\b")  # the game/id footer
LATIN = re.compile(r"[A-Za-z]+")


def run(*args: Any) -> Any:
    """``dossier ARGS`` in-process; the current language is put back afterwards."""
    with i18n.use_lang(i18n.current_lang()):
        return CliRunner().invoke(app, [str(a) for a in args])


def pdf_text(path: Path) -> str:
    document = pdfium.PdfDocument(path)
    try:
        return "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()


def printed(tmp: Path, name: str, *args: Any) -> tuple[str, Any]:
    out = tmp / f"{name}.pdf"
    result = run("print", *args, "--backs", "long-edge", "--out", out)
    assert result.exit_code == 0, result.output
    return pdf_text(out), result


def chinese_outside(text: str, names: set[str]) -> set[str]:
    """The CJK characters of ``text`` once every name of ``names`` is taken out (longest first)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return set(CJK.findall(text))


def no_english_names(pool: list[Path]) -> set[str]:
    """The zh-Hans names of the records that have no English name: what an English print may keep."""
    return {str(r.name.zh_hans) for r in load_catalog(pool).records if not r.name.en}


def latin_words(text: str) -> set[str]:
    return set(LATIN.findall(REF.sub(" ", ICON.sub(" ", text))))


@pytest.fixture(scope="module", params=["netrunnerdb_v2", "netrunnerdb_v1"])
def imported(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A NetrunnerDB fixture checkout imported into a temporary pool (both layouts)."""
    into = tmp_path_factory.mktemp(request.param) / "netrunnerdb"
    import_netrunnerdb(FIXTURES / request.param, into)
    return into


# ---------------------------------------------------------------- English: no Chinese outside names


@pytest.mark.parametrize("game", ["tactics", "crossfire"])
def test_every_bundled_card_prints_in_english(game: str, tmp_path: Path) -> None:
    text, result = printed(tmp_path, game, "--game", game, "--lang", "en")
    assert not chinese_outside(text, no_english_names([CARDS])), text
    assert "sheet.text.untranslated" not in result.stderr  # every bundled ability reads in English
    assert "no English name" not in result.stderr
    if game == "tactics":
        backs = ("Tactical Agents", "Personal deck", "Matrix shop", "Agents", "Units")
        faces = ("Equipment", "HP", "Vision", "Exclusive: Cipher", '"Mainframe Intrusion"', "Range 1-4")
    else:
        backs = ("Crossfire", "Role card")
        faces = ("Blue team", "Win condition", "Counts as Agent", "If you hit a Bystander, you")
    for word in (*backs, *faces):
        assert word in text, word


def test_an_imported_netrunnerdb_pool_prints_in_english(imported: Path, tmp_path: Path) -> None:
    text, _ = printed(tmp_path, "nrdb", "--game", "netrunner", "--cards", imported, "--lang", "en")
    assert not chinese_outside(text, no_english_names([imported])), text
    for word in ("Identity: Megacorp", "Weyland Consortium", "Min. deck size", "Influence limit", "Strength"):
        assert word in text, word
    assert "Android: Netrunner" in text and "Corp" in text and "Runner" in text  # the backs


def test_bundled_netrunner_ability_text_prints_in_english(tmp_path: Path) -> None:
    text, result = printed(tmp_path, "nr", "netrunner/archive_heist", "netrunner/ada_voss_tinker", "--lang", "en")
    assert not chinese_outside(text, set()), text
    assert "You make a run on Archives" in text and "sheet.text.untranslated" not in result.stderr


# ---------------------------------------------------------------- Chinese: no English outside names and codes


def allowed_latin(pool: list[Path]) -> set[str]:
    """Latin words a zh-Hans print may show: those of the records' zh-Hans names (VIP), ids and the printed
    text and flavour an import has only in English (its stand-in), and X (a cost to be chosen)."""
    allowed = {"X"}
    for record in load_catalog(pool).records:
        allowed |= set(LATIN.findall(str(record.name.zh_hans))) | set(LATIN.findall(record.id))
        untranslated = getattr(record, "untranslated", None) or []
        printed_text = getattr(record, "printed_text", None)
        if printed_text is not None and not printed_text.zh_hans:
            allowed |= set(LATIN.findall(" ".join(printed_text.en)))
        flavor = getattr(record, "flavor", None)
        if flavor is not None and "/flavor/zh-Hans" in untranslated:
            allowed |= set(LATIN.findall(flavor.zh_hans))
    return allowed


@pytest.mark.parametrize("game", ["tactics", "crossfire"])
def test_every_bundled_card_prints_in_chinese(game: str, tmp_path: Path) -> None:
    text, _ = printed(tmp_path, game, "--game", game, "--lang", "zh-Hans")
    assert latin_words(text) <= allowed_latin([CARDS]), latin_words(text) - allowed_latin([CARDS])
    assert "VIP" in text or game != "crossfire"


def test_an_imported_netrunnerdb_pool_prints_in_chinese(imported: Path, tmp_path: Path) -> None:
    text, _ = printed(tmp_path, "nrdb", "--game", "netrunner", "--cards", imported, "--lang", "zh-Hans")
    shown = latin_words(text) - allowed_latin([imported])
    assert not shown, shown
    for word in ("特性卡牌：巨型企业", "牌组下限", "影响力上限", "强度", "安卓纪元：矩阵潜袭", "公司", "潜袭者"):
        assert word in text, word


# ---------------------------------------------------------------- --bilingual


@pytest.mark.parametrize(
    ("lang", "title", "subtitle"), [("en", "Adrenaline Shot", "肾上腺素针"), ("zh-Hans", "肾上腺素针", "Adrenaline Shot")]
)
def test_bilingual_adds_the_name_in_the_other_language(lang: str, title: str, subtitle: str, tmp_path: Path) -> None:
    plain, _ = printed(tmp_path, "plain", "tactics/adrenaline_shot", "--lang", lang)
    both, _ = printed(tmp_path, "both", "tactics/adrenaline_shot", "--lang", lang, "--bilingual")
    assert title in plain and subtitle not in plain
    assert title in both and subtitle in both
    assert both.index(title) < both.index(subtitle)


# ---------------------------------------------------------------- what stays Chinese is told


def test_a_name_without_english_stays_chinese_and_is_noted_once(game_copy, tmp_path: Path) -> None:
    root = game_copy("crossfire")
    path = root / "roles" / "bomber.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["name"]["en"]
    path.write_text(canonical_dumps(data), encoding="utf-8")
    text, result = printed(tmp_path, "roles", "--game", "crossfire", "--cards", root, "--lang", "en")
    assert "炸弹客" in text and not chinese_outside(text, {"炸弹客"})
    notes = [line for line in result.stderr.splitlines() if "no English name" in line]
    assert len(notes) == 1 and "炸弹客" in notes[0], result.stderr
    _, chinese = printed(tmp_path, "zh", "--game", "crossfire", "--cards", root, "--lang", "zh-Hans")
    assert "no English name" not in chinese.stderr and "英文" not in chinese.stderr


def test_ability_text_that_does_not_parse_prints_as_written_with_one_warning(game_copy, tmp_path: Path) -> None:
    root = game_copy("crossfire")
    path = root / "roles" / "decoy.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["win"] = ["如果月亮升起，你获胜。", "如果星星落下，你获胜。"]
    path.write_text(canonical_dumps(data), encoding="utf-8")
    text, result = printed(tmp_path, "roles", "crossfire/decoy", "crossfire/vip", "--cards", root, "--lang", "en")
    assert "月亮升起" in text and "Win condition" in text
    warnings = [line for line in result.stderr.splitlines() if "sheet.text.untranslated" in line]
    assert len(warnings) == 1 and "crossfire role 'decoy'" in warnings[0], result.stderr


# ---------------------------------------------------------------- labels, templates, calibration, TTS


def test_the_labels_are_every_language_s_words_for_the_font() -> None:
    strings = set(labels.all_strings())
    for lang in i18n.LANGS:
        for entry in (labels.WORDS["influence"], labels.NETRUNNER_TYPE["identity"], labels.TEAM["none"]):
            assert labels.say(lang, entry) in strings
    assert {"Influence", "影响力", "Identity", "特性卡牌", "Matrix shop", "矩阵商店"} <= strings
    assert not [s for s in strings if CJK.search(s) and s in {labels.say("en", e) for e in labels.WORDS.values()}]


def bundled_messages() -> Iterator[str]:
    for path in sorted(TEMPLATE_DIR.rglob("back-*.json")):
        text = json.loads(path.read_text(encoding="utf-8")).get("label", {}).get("text")
        if isinstance(text, dict) and "message" in text:
            yield text["message"]


def test_template_words_per_language_and_message() -> None:
    assert words(None, "en") is None and words("Dossier", "zh-Hans") == "Dossier"
    both = {"zh-Hans": "矩阵商店", "en": "Matrix shop"}
    assert words(both, "en") == "Matrix shop" and words(both, "zh-Hans") == "矩阵商店"
    assert words({"en": "Shop", "fr": "Boutique"}, "zh-Hans") == "Shop"  # English, else the first
    assert words({"fr": "Boutique"}, "zh-Hans") == "Boutique"
    assert words({"message": "Matrix shop"}, "zh-Hans") == "矩阵商店"
    assert words({"message": "Matrix shop", "zh-Hans": "商店"}, "zh-Hans") == "商店"  # the language's own wins
    assert words({"message": "words no catalog has"}, "zh-Hans") == "words no catalog has"
    messages = list(bundled_messages())
    assert len(messages) == 7 and set(messages) <= set(labels.BACK_LABELS)  # marked for the catalogs


def test_a_template_s_back_label_per_language(tmp_path: Path) -> None:
    folder = tmp_path / "templates" / "crossfire"
    folder.mkdir(parents=True)
    data = json.loads((TEMPLATE_DIR / "crossfire" / "back-role.json").read_text(encoding="utf-8"))
    data["label"]["text"] = {"zh-Hans": "秘密身份", "en": "Secret role"}
    data["title"]["text"] = "DOSSIER"
    (folder / "back-role.json").write_text(canonical_dumps(data), encoding="utf-8")
    parse_template(folder / "back-role.json", "back")
    for lang, label in (("en", "Secret role"), ("zh-Hans", "秘密身份")):
        text, _ = printed(tmp_path, lang, "crossfire/vip", "--template", tmp_path / "templates", "--lang", lang)
        assert label in text and "DOSSIER" in text
    data["label"]["text"] = {"English": "Secret role"}
    (folder / "back-role.json").write_text(canonical_dumps(data), encoding="utf-8")
    bad = run("print", "crossfire/vip", "--template", tmp_path / "templates", "--out", tmp_path / "x.pdf")
    assert bad.exit_code == 2 and "back-role.json:" in bad.stderr and "/label/text" in bad.stderr


@pytest.mark.parametrize(
    ("lang", "words_"), [("en", ["Duplex alignment test", "back side"]), ("zh-Hans", ["双面对齐测试页", "背面"])]
)
def test_the_calibration_page_speaks_the_language(lang: str, words_: list[str], tmp_path: Path) -> None:
    out = tmp_path / "calibrate.pdf"
    result = run("print", "--calibrate", "--backs", "long-edge", "--lang", lang, "--out", out)
    assert result.exit_code == 0, result.output
    text = pdf_text(out)
    assert all(w in text for w in words_)
    if lang == "en":
        assert not CJK.search(text), text
    else:
        options = re.sub(r"--[a-z][a-z-]*( [a-z0-9.-]+)?", " ", text)  # the line to copy: --back-dx 0 …
        assert latin_words(options) <= {"dx", "dy", "mm"}, latin_words(options)  # the scales and the ruler


def test_tts_descriptions_quote_card_names_in_english() -> None:
    from toolkit.sheets.layouts import english_names

    catalog = load_catalog([CARDS])
    record = catalog.get("tactics", "backdoor_access", "card")
    described = card_description(record, "en", english_names(catalog.records))
    assert '"Mainframe Intrusion"' in described and not CJK.search(described)
    assert "「入侵中枢」" in card_description(record, "zh-Hans")
