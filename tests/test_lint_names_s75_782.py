"""Sweep 75 (782): a new card whose name differs from another's only in accents, punctuation, quotes or width
passed lint, then named both cards to every lookup by name (a deck list, ``dossier print``, ``dossier show``:
:func:`toolkit.names.fold`); lint now tells it, as it tells an exact twin. And English output that said
"once for every player, or once per player" or carried a Chinese gloss (轮抓, 穿墙)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.test_lint_s72 import _card as _copy
from tests.test_lint_s72 import _lint
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.decks.names import NameIndex
from toolkit.names import fold, fold_keys
from validators.findings import Finding

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
EX = ROOT / "examples" / "decks" / "tactics"
BUNDLED = CARDS / "tactics" / "cards" / "adrenaline_shot.json"


def _card(folder: Path, card_id: str, zh: str, en: str) -> Path:
    """A copy of the bundled tactics card corridor_dash as ``card_id`` called ``zh`` / ``en``, in ``folder``."""
    corridor_dash = json.loads((CARDS / "tactics" / "cards" / "corridor_dash.json").read_text(encoding="utf-8"))
    return _copy(folder, card_id, corridor_dash["text"], name={"zh-Hans": zh, "en": en})


def _duplicates(findings: list[Finding], path: Path) -> list[tuple[str | None, str]]:
    return [(f.pointer, f.message) for f in findings if f.file == str(path) and f.code == "card.name.duplicate"]


def _english_name(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["name"]["en"])


# ---------------------------------------------------------------- 1. names the lookup takes for one


@pytest.mark.parametrize(
    "en",
    ["Adrénaline Shot", "Adrenaline-Shot!", "ＡＤＲＥＮＡＬＩＮＥ ＳＨＯＴ", "Adrenaline “Shot”", "Adrenaline   Shot."],
)
def test_an_english_name_the_lookup_reads_as_a_bundled_cards_is_an_error(tmp_path: Path, en: str) -> None:
    bundled = _english_name(BUNDLED)
    assert fold(en) == fold(bundled) and en.casefold().strip() != bundled.casefold()  # (no exact twin)
    card = _card(tmp_path, "s75_twin", "测双名", en)
    [(pointer, message)] = _duplicates(_lint(card), card)
    assert pointer == "/name/en"
    # both records named, and why they are one name to a deck list
    assert "'s75_twin'" in message and repr(en) in message and repr(bundled) in message
    assert str(BUNDLED) in message and "reads the same to a deck list" in message


def test_a_chinese_name_differing_in_width_and_punctuation_only_is_an_error(tmp_path: Path) -> None:
    bundled = json.loads(BUNDLED.read_text(encoding="utf-8"))["name"]["zh-Hans"]
    card = _card(tmp_path, "s75_zh_twin", "「" + " ".join(bundled) + "」。", "Shot Of Something Else")
    [(pointer, message)] = _duplicates(_lint(card), card)
    assert pointer == "/name/zh-Hans" and repr(bundled) in message


def test_two_new_cards_whose_names_read_alike_are_told_once_naming_the_other(tmp_path: Path) -> None:
    first = _card(tmp_path, "s75_a_first", "测甲", "Quiet Résumé")
    second = _card(tmp_path, "s75_b_second", "测乙", "quiet-resume")
    findings = _lint(first, second)
    told = _duplicates(findings, first) + _duplicates(findings, second)
    assert len(told) == 1
    [(_, message)] = told
    assert "'Quiet Résumé'" in message and "'quiet-resume'" in message


def test_an_exact_twin_keeps_its_own_message(tmp_path: Path) -> None:
    card = _card(tmp_path, "s75_exact", "测同名", _english_name(BUNDLED).upper())
    [(pointer, message)] = _duplicates(_lint(card), card)
    assert pointer == "/name/en" and f"is also the name of {BUNDLED}" in message
    assert "reads the same" not in message


@pytest.mark.parametrize("en", ["Adrenaline Shots", "Adrenaline Shot 2", "Boi Tata", "!!!"])
def test_names_the_lookup_tells_apart_are_no_error(tmp_path: Path, en: str) -> None:
    card = _card(tmp_path, "s75_apart", "测不同", en)
    other = _card(tmp_path, "s75_apart_other", "测另一", "Boitata") if en == "Boi Tata" else None
    findings = _lint(card, *([other] if other else []))
    assert _duplicates(findings, card) == []
    if other is not None:
        assert _duplicates(findings, other) == []


def test_what_lint_tells_is_what_the_lookup_finds(tmp_path: Path) -> None:
    """The reported names do name two records to the deck lists' index: each name finds both."""
    card = _card(tmp_path, "s75_lookup", "测查找", "Adrenaline-Shot!")
    assert _duplicates(_lint(card), card)
    index = NameIndex(load_catalog([CARDS, tmp_path]).records)
    for name in ("Adrenaline-Shot!", _english_name(BUNDLED)):
        assert {r.id for r in index.lookup(name, "tactics")} == {"adrenaline_shot", "s75_lookup"}


NAMES = [
    "",
    "Adrenaline Shot",
    "  Adrenaline  Shot ",
    "Can't Stop",
    "a+b=c",
    "ＡＢＣ",
    "Esâ Afontov: Eco-Insurrectionist",
    "艾萨・阿方托夫",
    "艾萨 阿方托夫",
    "猎隼协议 50732",
    "Straße",
    "™^`~",
    "a\tb",
    "a\nb",
]


def test_the_quick_keys_are_the_lookups_keys() -> None:
    """fold_keys takes a plain name's casefolded self for its key: the same as fold, name by name."""
    casefolded = [name.casefold().strip() for name in NAMES]
    assert fold_keys(NAMES, casefolded) == [fold(name) for name in NAMES]
    for code in range(0x3000):  # every ASCII, Latin, Greek, Cyrillic, CJK punctuation character, alone and between
        for name in (chr(code), f"a{chr(code)}b", f" {chr(code)}Z ", f"中{chr(code)}文"):
            assert fold_keys([name], [name.casefold().strip()]) == [fold(name)], repr(name)


# ---------------------------------------------------------------- 2, 3. English without contradictions or Chinese


def _run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": "en", "COLUMNS": "200"})


def test_too_many_deciders_says_give_it_once_or_once_per_player() -> None:
    result = _run(
        "simulate", "tactics", "--decks", EX / "duel.json", "--decks", EX / "duel-rival.json",
        *("--decider", "random") * 3, "--lang", "en",
    )  # fmt: skip
    assert result.exit_code == 2
    assert "--decider is given 3 times: give it once (for all players) or once per player (2)" in result.output
    assert "once for every player" not in result.output


def test_the_decider_help_says_given_once_for_all_players() -> None:
    result = _run("simulate", "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "given once (for all players) or once per player in seat order" in text
    assert "once for every player" not in text


def test_the_draft_refusal_has_no_chinese_in_english() -> None:
    decks = [a for name in ("melee.json", "melee-demolition.json", "melee-recon.json") for a in ("--decks", EX / name)]
    result = _run("simulate", "tactics", *decks, "--draft", "--lang", "en")
    assert result.exit_code == 2
    assert "--draft needs two tactics decks: the draft is for two players" in result.output
    assert "轮抓" not in result.output


def test_the_measure_help_has_no_chinese_in_english() -> None:
    result = _run("map", "measure", "--help")
    assert result.exit_code == 0
    assert "distance through walls," in " ".join(result.output.split()) and "穿墙" not in result.output
