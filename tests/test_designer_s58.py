"""A designer's round trip on the command line (sweep 58): lint of the pool --cards names, a set's id that the pool
has too, the cards a text quotes named in English, messages in the language, --cards on every command that reads
cards, the forms the tactics engine does not run told before a simulation, and the code layout page."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from toolkit import i18n

from .conftest import CARDS, ROOT


def _card(folder: Path, record_id: str, zh: str, en: str, text: str, **fields: Any) -> Path:
    """A tactics command card of a designer's set (no game directory) in canonical JSON."""
    from toolkit.jsonio import canonical_dumps

    data: dict[str, Any] = {"back": "personal", "category": "item", "game": "tactics", "id": record_id,
                            "kind": "card", "name": {"en": en, "zh-Hans": zh}, "text": [text], **fields}  # fmt: skip
    path = folder / "cards" / f"{record_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data["$schema"] = os.path.relpath(ROOT / "schema" / "tactics" / "card.schema.json", path.parent)
    path.write_text(canonical_dumps({k: v for k, v in data.items() if v is not None}), encoding="utf-8")
    return path


def _dressing(folder: Path) -> Path:
    return _card(folder, "field_dressing", "战地包扎", "Field Dressing", "响应：本单位获得 2 点临时生命值。")


# ---------------------------------------------------------------- 1. lint with no paths: the pool --cards names


def test_lint_with_no_paths_lints_the_pool_cards_names(cli, tmp_path: Path, monkeypatch) -> None:
    _card(tmp_path / "bad", "missing", "缺类别", "Missing Category", "你抽 1 张牌。", category=None)
    monkeypatch.chdir(tmp_path)
    result = cli("lint", "--cards", CARDS, "--cards", "bad", "--lang", "en")
    assert result.exit_code == 1, result.output
    assert "missing.json:1:1: error card.schema: tactics card 'missing': missing required field '/category'" in (
        result.output
    )


# ---------------------------------------------------------------- 2. a set's id the pool has too


def test_a_set_record_with_an_id_of_the_pool_is_warned_of(cli, tmp_path: Path) -> None:
    """Linted outside the pool, the set's record stands for the bundled one; lint says so (naming the bundled
    file), since a pool listing both refuses them; in the pool, the same id stays a duplicate (an error)."""
    path = _card(tmp_path / "ns", "anvil", "命名空间铁砧", "NS Anvil", "你抽 1 张牌。")
    result = cli("lint", tmp_path / "ns", "--lang", "en")
    assert result.exit_code == 0, result.output
    (line,) = [ln for ln in result.output.splitlines() if "card.id.pool" in ln]
    assert line.startswith(f"{path}:") and " warning card.id.pool: tactics card 'anvil': " in line
    assert str(CARDS / "tactics" / "agents" / "anvil.json") in line
    pooled = cli("lint", tmp_path / "ns", "--cards", CARDS, "--cards", tmp_path / "ns", "--lang", "en")
    assert pooled.exit_code == 1 and "card.id.duplicate" in pooled.output and "card.id.pool" not in pooled.output


def test_a_set_of_new_ids_has_no_such_warning(cli, tmp_path: Path) -> None:
    _dressing(tmp_path / "set")
    result = cli("lint", tmp_path / "set", "--lang", "en")
    assert result.exit_code == 0 and "card.id.pool" not in result.output, result.output


# ---------------------------------------------------------------- 3. the cards a text quotes, in English


def test_text_render_names_the_quoted_cards_in_english(cli, tmp_path: Path) -> None:
    bundled = cli("text", "render", "--lang", "en", "你搜寻 1 张「肾上腺素针」。")
    assert bundled.exit_code == 0 and bundled.stdout == 'You search your deck for 1 "Adrenaline Shot".\n', (
        bundled.output
    )
    _dressing(tmp_path / "set")
    mine = cli(
        "text", "render", "--lang", "en", "--cards", CARDS, "--cards", tmp_path / "set", "你搜寻 1 张「战地包扎」。"
    )
    assert mine.exit_code == 0 and mine.stdout == 'You search your deck for 1 "Field Dressing".\n', mine.output
    chinese = cli("text", "render", "--lang", "zh-Hans", "你搜寻 1 张「肾上腺素针」。")
    assert chinese.stdout == "你搜寻 1 张「肾上腺素针」。\n"


def test_the_coverage_report_names_the_quoted_cards_in_english(cli, tmp_path: Path) -> None:
    _dressing(tmp_path / "set")
    _card(tmp_path / "set", "kit_search", "工具搜寻", "Kit Search", "你搜寻 1 张「战地包扎」。")
    result = cli("text", "coverage", "--cards", tmp_path / "set", "--games", "2", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert 'card kit_search#1  You search your deck for 1 "Field Dressing".' in result.stdout
    assert "「" not in result.stdout


# ---------------------------------------------------------------- 4. messages in the language


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda path: None, "missing"),
        (lambda path: path.write_bytes(b"GIF89a" + b"\0" * 40), "format"),
        (lambda path: path.write_bytes(b"<svg/>"), "format"),
        (lambda path: path.write_bytes(b""), "format"),
        (lambda path: path.mkdir(), "unreadable"),
        (lambda path: path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40), "unreadable"),
    ],
)
def test_art_problems_are_worded_in_the_language(tmp_path: Path, make: Any, kind: str) -> None:
    """What is wrong with an art file comes in the current language (the pseudo-locale marks a message that went
    through the catalogs), as lint and print put it in their findings."""
    from toolkit.sheets.art import problem

    path = tmp_path / "a.png"
    make(path)
    with i18n.use_lang(i18n.PSEUDO):
        found = problem(path)
    assert found is not None and found.kind == kind
    assert found.message.startswith("‹"), found.message


def _norun(folder: Path) -> Path:
    return _card(folder, "norun", "不运行", "No Run", "当潜袭成功时：你抽 1 张牌。")


@pytest.mark.lang_default
def test_a_form_the_engine_does_not_run_is_glossed_in_english_only(cli, tmp_path: Path) -> None:
    path = _norun(tmp_path / "set")
    english = cli("lint", path, "--lang", "en", "--no-cache")
    assert "the timing 当潜袭成功时 (When a run is successful) never occurs in the tactics engine" in english.output
    chinese = cli("lint", path, "--lang", "zh-Hans", "--no-cache")
    assert "text.form.unsupported" in chinese.output and "当潜袭成功时" in chinese.output
    assert "When a run is successful" not in chinese.output, chinese.output


# ---------------------------------------------------------------- 5. a refused record: where, and what, worded


def test_a_record_the_model_refuses_is_placed_and_worded(cli, tmp_path: Path) -> None:
    missing = _card(tmp_path / "bad", "missing", "缺类别", "Missing Category", "你抽 1 张牌。", category=None)
    result = cli("print", "--cards", CARDS, "--cards", tmp_path / "bad", "frag_grenade", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1
    assert f"{missing}:1:1: invalid record at '/category': a required field is missing (run `dossier lint" in (
        result.stderr
    ), result.stderr
    missing.unlink()
    wrong = _card(tmp_path / "bad", "wrong", "错值", "Wrong", "你抽 1 张牌。", cost={"mortgage": "one"})
    line = next(n for n, text in enumerate(wrong.read_text(encoding="utf-8").splitlines(), 1) if '"one"' in text)
    result = cli("print", "--cards", CARDS, "--cards", tmp_path / "bad", "frag_grenade", "--out", tmp_path / "x.pdf")
    assert f"{wrong}:{line}:" in result.stderr and "invalid record at '/cost/mortgage': expected a whole number" in (
        result.stderr
    ), result.stderr
    assert "Input should be" not in result.stderr and "tactics/card" not in result.stderr


def test_a_record_without_a_kind_is_placed_at_the_record(cli, tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "nk.json").write_text('{"game": "tactics", "id": "nk"}\n', encoding="utf-8")
    result = cli("print", "--cards", CARDS, "--cards", folder, "frag_grenade", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "nk.json:1:1: invalid record at '/': kind is missing" in result.stderr, (
        result.stderr
    )


# ---------------------------------------------------------------- 6. what a parse error expects, readable


@pytest.mark.parametrize(("lang", "words"), [("en", "expected 。 · ，"), ("zh-Hans", "。 · ，")])
def test_the_expected_words_are_set_apart(lang: str, words: str) -> None:
    from toolkit.text import AbilitySyntaxError, parse

    with i18n.use_lang(lang), pytest.raises(AbilitySyntaxError) as info:
        parse("你抽 2 张牌")
    assert words in info.value.summary(), info.value.summary()


# ---------------------------------------------------------------- 7. --cards on search, show, text run, balance


def test_search_and_show_read_the_pool_cards_names(cli, tmp_path: Path) -> None:
    _dressing(tmp_path / "set")
    pool = ("--cards", CARDS, "--cards", tmp_path / "set")
    shown = cli("show", *pool, "field_dressing", "--lang", "en")
    assert shown.exit_code == 0 and shown.stdout.startswith("Field Dressing\n"), shown.output
    found = cli("search", *pool, "战地包扎", "--format", "ids")
    assert found.exit_code == 0 and found.stdout == "tactics/field_dressing\n", found.output
    both = cli("show", *pool, "--db", tmp_path / "x.db", "field_dressing")
    assert both.exit_code == 2 and "give either --db or --cards" in both.stderr, both.output


def test_text_run_reads_the_pool_cards_names(cli, tmp_path: Path) -> None:
    _dressing(tmp_path / "set")
    result = cli(
        "text", "run", "--cards", CARDS, "--cards", tmp_path / "set", "--lang", "en", "你搜寻 1 张「战地包扎」。"
    )
    assert result.exit_code == 0, result.output
    assert "search failed (name: Field Dressing, source: the deck)" in result.stdout, result.stdout


def test_balance_runs_lists_the_runs_of_the_pool_cards_names(cli, tmp_path: Path) -> None:
    from toolkit.balance.figures import figures
    from toolkit.balance.games import card_set_hash
    from toolkit.balance.store import save_run
    from toolkit.catalog import load_catalog

    db = str(tmp_path / "runs.db")
    data = figures([])
    bundled = card_set_hash(load_catalog([CARDS]).records)
    save_run(db, {"game": "tactics", "card_set": bundled, "decider": "heuristic", "seed": 1}, data)
    save_run(db, {"game": "tactics", "card_set": "0" * 64, "decider": "heuristic", "seed": 2}, data)
    every = cli("balance", "runs", "--db", db)
    assert every.exit_code == 0 and "seed 1" in every.stdout and "seed 2" in every.stdout, every.output
    ours = cli("balance", "runs", "--db", db, "--cards", CARDS)
    assert ours.exit_code == 0 and "seed 1" in ours.stdout and "seed 2" not in ours.stdout, ours.output


# ---------------------------------------------------------------- 8. a card quoted by its English name


def test_a_card_quoted_by_its_english_name_is_told_its_chinese_one(cli, tmp_path: Path) -> None:
    _card(tmp_path / "set", "kit_en", "英文名包", "Kit En", "你搜寻 1 张「adrenaline shot」。")
    result = cli("lint", tmp_path / "set", "--lang", "en")
    assert result.exit_code == 1
    assert (
        "error card.text.ref: tactics card 'kit_en': text names 「adrenaline shot」, the English name of "
        "'adrenaline_shot'; card text quotes the zh-Hans name: 「肾上腺素针」"
    ) in result.output, result.output


# ---------------------------------------------------------------- 9. simulate tactics: what never runs, told first


def test_simulate_tactics_warns_of_abilities_the_engine_never_runs(cli, tmp_path: Path) -> None:
    _norun(tmp_path / "set")
    deck = json.loads((ROOT / "examples" / "decks" / "tactics" / "duel.json").read_text(encoding="utf-8"))
    deck.pop("$schema")
    deck["cards"].pop("med_kit")
    deck["cards"]["norun"] = 1
    (tmp_path / "norun.json").write_text(json.dumps(deck), encoding="utf-8")
    rival = ROOT / "examples" / "decks" / "tactics" / "duel-rival.json"
    args = ("simulate", "tactics", "--cards", CARDS, "--cards", tmp_path / "set", "--turns", "1", "--lang", "en")
    result = cli(*args, "--decks", tmp_path / "norun.json", "--decks", rival)
    assert result.exit_code == 0, result.output
    (line,) = [ln for ln in result.stderr.splitlines() if "never runs" in ln]
    assert line == (
        "dossier: warning: 'norun' (No Run): the tactics engine never runs 当潜袭成功时 (When a run is successful): "
        "in this game that ability does nothing (`dossier lint` warns: text.form.unsupported)"
    )
    clean = cli(*args, "--decks", ROOT / "examples" / "decks" / "tactics" / "duel.json", "--decks", rival)
    assert clean.exit_code == 0 and "never runs" not in clean.stderr, clean.output


# ---------------------------------------------------------------- 10. print: a name not found, and the nearest


def test_print_offers_the_nearest_printable_names(cli, tmp_path: Path) -> None:
    _card(tmp_path / "set", "scavenge", "拾荒", "Scavenge", "你抽 2 张牌，你弃 1 张牌。")
    result = cli("print", "--cards", CARDS, "--cards", tmp_path / "set", "scavnge", "--out", tmp_path / "x.pdf")
    assert result.exit_code != 0
    assert "'scavnge': no printable card with that id or name; did you mean 'scavenge'" in result.stderr, result.stderr


# ---------------------------------------------------------------- 11. the code layout page names every module


@pytest.mark.parametrize("page", ["layout.md", "layout.zh.md"])
def test_the_code_layout_names_every_module_of_the_package(page: str) -> None:
    text = (ROOT / "docs" / "reference" / page).read_text(encoding="utf-8")
    package = ROOT / "toolkit"
    names = [f"toolkit/{p.name}/" for p in package.iterdir() if p.is_dir() and (p / "__init__.py").is_file()]
    names += [f"toolkit/{p.name}" for p in package.glob("*.py") if p.name != "__init__.py"]
    assert [name for name in sorted(names) if name not in text] == []
