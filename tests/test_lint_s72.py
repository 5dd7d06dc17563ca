"""What a designer linting new card data was told wrong (sweep 72): a name quoted with spaces at its ends, which the
parser reads without them, was "no record" to lint (or matched a record whose name has a stray space); a record's
name with such spaces passed; a file of a designer's set linted alone was checked without the rest of its set; a
minion card's bad unit was offered as its own "did you mean"; schema findings showed Python values (``True``,
``'yes'``); an empty ability text was told twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.jsonio import canonical_dumps
from toolkit.text.parser import parse
from validators.findings import Finding
from validators.lint import lint_files

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"


def _card(folder: Path, card_id: str, texts: list[str], base: str = "corridor_dash", **changes: Any) -> Path:
    """A copy of the bundled tactics card ``base`` as ``card_id`` (names of its own, unless ``changes`` gives
    them) with ``texts``, in ``folder``."""
    data = json.loads((CARDS / "tactics" / "cards" / f"{base}.json").read_text(encoding="utf-8"))
    data.update(id=card_id, name={"zh-Hans": "测" + card_id, "en": "T " + card_id}, text=texts)
    data.update(changes)
    data["$schema"] = str(ROOT / "schema" / "tactics" / "card.schema.json")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{card_id}.json"
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return path


def _lint(*paths: Path) -> list[Finding]:
    """The findings of ``paths`` (files in no game directory), named one by one, among the bundled card pool."""
    return lint_files(list(paths), [], pool=[CARDS], jobs=1, cache=False, cache_dir=None).findings


def _said(findings: list[Finding], path: Path) -> list[tuple[str, str, str | None, str]]:
    return [(f.code, f.severity, f.pointer, f.message) for f in findings if f.file == str(path)]


# ---------------------------------------------------------------- 1. a quoted name: one reading everywhere


@pytest.mark.parametrize("quote", ["「震爆弹 」", "「 震爆弹」", "「震爆弹\u3000」", "「\t震爆弹 \u3000」"])
def test_a_quoted_name_with_spaces_at_its_ends_names_the_record_the_parser_reads(tmp_path: Path, quote: str) -> None:
    text = f"你搜寻 1 张{quote}。"
    [ability] = [parse(text, "tactics")]
    [search] = [e for s in ability.sentences for e in s.effects]
    assert search.name == "震爆弹"  # (the parser's reading: the bundled flashbang's name)
    card = _card(tmp_path, "s72_quote", [text])
    said = _said(_lint(card), card)
    assert [(code, severity, ptr) for code, severity, ptr, _ in said] == [("card.text.format", "warning", "/text/0")]
    assert "你搜寻 1 张「震爆弹」。" in said[0][3]  # (text fmt tidies the quote)


def test_a_quote_with_spaces_at_its_ends_does_not_match_a_record_whose_name_has_them(tmp_path: Path) -> None:
    """The engine searches for the name the parser reads (without the spaces): a record named with a stray space
    is not the one found, and the quote of a name only such a record has names no record."""
    stray = _card(tmp_path, "s72_stray", ["你抽 1 张牌。"], name={"zh-Hans": "新牌 ", "en": "New Card"})
    quoting = _card(tmp_path, "s72_quoting", ["你搜寻 1 张「新牌 」。"])
    found = _lint(stray, quoting)
    refs = [s for s in _said(found, quoting) if s[0] == "card.text.ref"]
    assert len(refs) == 1 and "「新牌」, which is no record of tactics" in refs[0][3], _said(found, quoting)


@pytest.mark.parametrize(
    ("lang", "name", "shown"),
    [
        ("zh-Hans", "震爆弹二 ", "'震爆弹二 '"),
        ("zh-Hans", "\u3000震爆弹二", "'\\u3000震爆弹二'"),
        ("zh-Hans", "震爆  弹二", "'震爆  弹二'"),
        ("en", "Flashbang Two ", "'Flashbang Two '"),
        ("en", "Flashbang  Two", "'Flashbang  Two'"),
        ("en", "Flashbang\u3000 Two", "'Flashbang\\u3000 Two'"),
    ],
)
def test_a_record_name_with_spaces_at_its_ends_or_a_run_of_them_is_an_error(
    tmp_path: Path, lang: str, name: str, shown: str
) -> None:
    names = {"zh-Hans": "震爆弹二", "en": "Flashbang Two", lang: name}
    card = _card(tmp_path, "s72_spaced", ["你抽 1 张牌。"], name=names)
    said = [s for s in _said(_lint(card), card) if s[0] == "card.name.spaces"]
    assert [(severity, ptr) for _, severity, ptr, _ in said] == [("error", f"/name/{lang}")]
    assert shown in said[0][3]


def test_a_tidy_name_is_no_error(tmp_path: Path) -> None:
    card = _card(tmp_path, "s72_tidy", ["你抽 1 张牌。"], name={"zh-Hans": "震爆 弹二", "en": "Flash Bang Two"})
    assert _said(_lint(card), card) == []


def test_a_name_with_spaces_at_its_ends_is_the_same_name_as_without(tmp_path: Path) -> None:
    """The duplicate-name check reads names as a quote does: spaces at the ends aside, case aside."""
    card = _card(tmp_path, "s72_twin_name", ["你抽 1 张牌。"], name={"zh-Hans": "震爆弹 ", "en": " flashBANG"})
    said = _said(_lint(card), card)
    duplicates = {ptr for code, _, ptr, _ in said if code == "card.name.duplicate"}
    assert duplicates == {"/name/zh-Hans", "/name/en"}, said


# ---------------------------------------------------------------- 2. a file of a designer's set, linted alone


def _set(root: Path) -> dict[str, Path]:
    """A designer's set as the sweep had it: no marker file, records in ``cards/`` and a folder of its own."""
    return {
        "good_one": _card(root / "cards", "good_one", ["你抽 2 张牌。"], name={"zh-Hans": "好牌", "en": "Good One"}),
        "same_name": _card(root / "cards", "same_name", ["你搜寻 1 张「好牌」。"]),
        "twin": _card(root / "cards", "twin", ["你抽 1 张牌。"], name={"zh-Hans": "双胞胎", "en": "Twin"}),
        "extra_twin": _card(root / "extra", "twin", ["你抽 1 张牌。"], name={"zh-Hans": "双胞胎乙", "en": "Twin B"}),
    }


def test_a_file_of_a_set_linted_alone_is_checked_among_its_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in the designer's project (the set's ``cards/`` tells it is a set), as the pre-commit hook runs."""
    monkeypatch.chdir(tmp_path)
    files = _set(tmp_path / "my-set")
    assert _said(_lint(files["same_name"]), files["same_name"]) == []  # 「好牌」 is the set's good_one
    said = _said(_lint(files["extra_twin"]), files["extra_twin"])
    assert [(code, ptr) for code, _, ptr, _ in said] == [("card.id.duplicate", "/id")], said
    assert str(files["twin"]) in said[0][3]


def test_the_command_lints_a_file_of_a_set_among_its_set(
    tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pre-commit hook's command, in a project whose ``cards/`` is the card pool (the default) beside the set."""
    (tmp_path / "cards").symlink_to(CARDS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOSSIER_NO_CACHE", "1")
    _set(tmp_path / "my-set")
    clean = cli("lint", "my-set/cards/same_name.json")
    assert clean.exit_code == 0, clean.output
    twin = cli("lint", "my-set/extra/twin.json")
    assert twin.exit_code == 1 and "card.id.duplicate" in twin.output, twin.output


@pytest.mark.parametrize("marker", [".dossier-import", ".schema", ".dossier-import.json"])
def test_a_set_marked_as_import_and_the_editor_mark_it_is_one_set(tmp_path: Path, marker: str) -> None:
    """Records in the set's own folder (no kind folder), the set marked as ``import csv`` (``.dossier-import/``),
    ``import netrunnerdb`` (``.dossier-import.json``) or the editor's copy of the schemas (``.schema/``) mark it."""
    root = tmp_path / "set-b"
    named = _card(root / "sub", "named_b", ["你抽 2 张牌。"], name={"zh-Hans": "乙牌", "en": "Card B"})
    quoting = _card(root, "quoting_b", ["你搜寻 1 张「乙牌」。"])
    assert [s[0] for s in _said(_lint(quoting), quoting)] == ["card.text.ref"]  # (no mark: no set)
    if marker.endswith(".json"):
        (root / marker).write_text("{}", encoding="utf-8")
    else:
        (root / marker).mkdir()
    assert _said(_lint(quoting), quoting) == []
    assert named.is_file()


def test_a_loose_file_with_no_set_around_it_is_checked_among_the_pool_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder above the file that only holds a card pool (``cards/`` of game directories) marks no set."""
    (tmp_path / "cards").symlink_to(CARDS)
    monkeypatch.chdir(tmp_path)
    other = _card(tmp_path / "drafts" / "b", "draft_b", ["你抽 2 张牌。"], name={"zh-Hans": "草稿乙", "en": "Draft B"})
    quoting = _card(tmp_path / "drafts" / "a", "draft_a", ["你搜寻 1 张「草稿乙」。"])
    assert [s[0] for s in _said(_lint(quoting), quoting)] == ["card.text.ref"]
    assert other.is_file()


# ---------------------------------------------------------------- 3. a minion card's unit


def test_a_minion_card_of_a_unit_that_is_no_minion_suggests_minion_units_only(tmp_path: Path) -> None:
    obstacle = _card(tmp_path, "s72_obstacle", [], base="launch_hummingbird", minion="server_rack")
    near = _card(tmp_path, "s72_near", [], base="launch_hummingbird", minion="hummingbird_dron")
    found = _lint(obstacle, near)
    [(code, _, ptr, message)] = _said(found, obstacle)
    assert (code, ptr) == ("card.ref", "/minion")
    assert "deploys 'server_rack', which is no minion unit" in message and "did you mean" not in message
    [(_, _, _, message)] = _said(found, near)
    assert message.endswith("did you mean 'hummingbird_drone'?")


# ---------------------------------------------------------------- 4. schema findings, in JSON


def test_schema_findings_show_values_as_json(tmp_path: Path) -> None:
    card = _card(tmp_path, "s72_json", ["你抽 1 张牌。"], cost={"mortgage": True, "tap": "yes"}, category="skil")
    messages = {ptr: message for _, _, ptr, message in _said(_lint(card), card)}
    assert messages["/cost/mortgage"].endswith("/cost/mortgage: true is not of type 'integer'")
    assert messages["/cost/tap"].endswith("/cost/tap: \"yes\" is not of type 'boolean'")
    assert '"skil" is not one of [' in messages["/category"] and '"skill"' in messages["/category"]
    assert "'" not in messages["/category"].split(": ", 2)[2].replace("'category'", "")


def test_a_null_is_shown_as_json(tmp_path: Path) -> None:
    card = _card(tmp_path, "s72_null", ["你抽 1 张牌。"], cost={"mortgage": None, "tap": False})
    messages = {ptr: message for _, _, ptr, message in _said(_lint(card), card)}
    assert "/cost/mortgage: null is not of type 'integer'" in messages["/cost/mortgage"]


def test_an_empty_ability_text_is_told_once(tmp_path: Path) -> None:
    card = _card(tmp_path, "s72_empty", ["你抽 1 张牌。", ""])
    said = [s for s in _said(_lint(card), card) if s[2] == "/text/1"]
    assert len(said) == 1, said
