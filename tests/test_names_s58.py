"""Session 58: names, not ids, in sentences; one paragraph numbering; the crossfire set-ups every command refuses.

- ``deck validate``'s summary names the format (Standard, 标准赛制) and its ban list in the summary's language,
  not the format's id; ``deck stats`` heads its table with the game's and the mode's names;
- the game inside a message (``deck draw`` of a role set, ``--mode`` of no such mode, ``balance runs``) is its
  word in the language, the machine player too;
- paragraphs and abilities are numbered from 1 in text (``text coverage``, ``show``), as players count them and
  as ``simulate`` says them; the JSON keeps the records' 0-based indexes;
- ``deck new`` names the option a crossfire set-up refused (``--players:``, ``--special:``, exit 2) as
  ``crossfire deal`` does, and ``deck new``/``deck validate`` refuse a set-up with no Assassin left, as the deal
  does; so does ``balance crossfire``, naming the option.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck
from toolkit.i18n import use_lang
from toolkit.models import Names
from toolkit.models.deck import Deck
from toolkit.models.netrunner import BanList
from validators.deck import DeckPool, summary_line, validate_deck

from .conftest import ROOT

EX = ROOT / "examples" / "decks"
CATALOG = load_catalog([ROOT / "cards"])
NAMES = NameIndex(CATALOG.records)
ZH = "zh-Hans"


def example(name: str) -> Deck:
    loaded = read_deck(EX / name, NAMES, default_modes=DeckPool(CATALOG.records).default_modes())
    assert loaded.deck is not None and not loaded.findings
    return loaded.deck


@pytest.fixture
def zh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' messages in Chinese (the tests run in English)."""
    monkeypatch.setenv("DOSSIER_LANG", ZH)


# ---------------------------------------------------------------- 1: the format's name in deck validate's summary


def _named_format_pool() -> DeckPool:
    """The bundled pool with a named ban list in force in the standard format."""
    pool = DeckPool(CATALOG.records)
    game = pool.game("netrunner")
    listed = BanList(id="list_a", name=Names(zh_hans="禁卡表甲", en="Ban List A"))
    game.modes["standard"] = game.modes["standard"].model_copy(update={"ban_lists": [listed], "ban_list": "list_a"})
    return pool


def test_the_summary_names_the_format_and_its_ban_list_in_the_summary_s_language() -> None:
    deck = example("netrunner/corp-weyland-skyward.json")
    with use_lang("en"):  # checked in English, summarised in both languages
        report = validate_deck(deck, _named_format_pool())
    english = summary_line(deck, report, lang="en")
    chinese = summary_line(deck, report, lang=ZH)
    assert english.endswith("· Standard · Ban List A · legal"), english
    assert chinese.endswith("· 标准赛制 · 禁卡表甲 · 合法"), chinese
    assert "standard" not in english and "Standard" not in chinese


def test_deck_validate_prints_the_format_s_name(cli: Any, tmp_path: Path) -> None:
    pool = _copy_pool(tmp_path, "netrunner")
    for lang, name in (("en", "· Standard ·"), (ZH, "· 标准赛制 ·")):
        deck = EX / "netrunner" / "corp-weyland-skyward.json"
        result = cli("deck", "validate", "--cards", pool, "--lang", lang, deck)
        assert result.exit_code == 0 and name in result.stdout, result.output
        assert "· standard ·" not in result.stdout


def _copy_pool(tmp_path: Path, game: str) -> Path:
    """The bundled ``game`` with a named ban list in force in its standard format (a pool of its own)."""
    import shutil

    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    root = tmp_path / "cards" / game
    shutil.copytree(ROOT / "cards" / game, root)
    path = next(p for p in root.rglob("*.json") if json.loads(p.read_text(encoding="utf-8")).get("id") == "standard")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ban_lists"] = [{"id": "list_a", "name": {"zh-Hans": "禁卡表甲", "en": "Ban List A"}}]
    data["ban_list"] = "list_a"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return root


# ---------------------------------------------------------------- 2, 3: names in deck stats and in messages


@pytest.mark.parametrize(
    ("lang", "deck", "heading"),
    [
        (ZH, "tactics/duel.json", "（特工战术，单挑）："),
        ("en", "tactics/duel.json", " (tactics, Duel): "),
        (ZH, "crossfire/crossfire-8-bodyguard-bomber.json", "（谍战特工，交叉火力模式）："),
        ("en", "crossfire/crossfire-8-bodyguard-bomber.json", " (crossfire, Crossfire mode): "),
    ],
)
def test_deck_stats_heads_its_table_with_names(cli: Any, lang: str, deck: str, heading: str) -> None:
    result = cli("deck", "stats", "--lang", lang, EX / deck)
    assert result.exit_code == 0, result.output
    assert heading in result.stdout.splitlines()[0], result.stdout


def test_the_game_in_deck_messages_is_its_word(cli: Any, zh: None, tmp_path: Path) -> None:
    drawn = cli("deck", "draw", EX / "crossfire" / "crossfire-8-bodyguard-bomber.json")
    assert drawn.exit_code == 2 and "谍战特工的角色组合是发下去的" in drawn.stderr, drawn.output
    validated = cli("deck", "validate", "--mode", "nosuch", EX / "tactics" / "duel.json")
    assert validated.exit_code == 1 and "特工战术没有这个模式" in validated.stdout, validated.output  # (the deck's finding)
    made = cli("deck", "new", "--game", "crossfire", "--mode", "nosuch", "--out", tmp_path / "x.json")
    assert made.exit_code == 2 and "谍战特工没有这个模式" in made.stderr, made.output
    unset = cli("deck", "new", "--game", "crossfire", "--mode", "crossfire", "--out", tmp_path / "x.json")
    assert unset.exit_code == 2 and "谍战特工 需要 --players" in unset.stderr, unset.output
    for result in (drawn, validated, made, unset):
        assert "crossfire 的" not in result.output and "tactics 没有" not in result.output


def test_a_ban_list_the_format_lacks_names_the_format(cli: Any, zh: None) -> None:
    deck = EX / "netrunner" / "corp-weyland-skyward.json"
    result = cli("deck", "validate", "--banlist", "nosuch", deck)
    assert result.exit_code == 1 and "标准赛制没有这个禁限表" in result.stdout, result.output  # (the deck's finding)


def test_balance_runs_names_the_game_and_the_player(cli: Any, tmp_path: Path) -> None:
    from toolkit.balance.store import save_run

    db = str(tmp_path / "runs.db")
    for game, decider in (("tactics", "heuristic"), ("netrunner", "heuristic"), ("crossfire", "random")):
        save_run(db, {"game": game, "card_set": "0" * 64, "decider": decider, "seed": 1}, {"games": 3})
    chinese = cli("balance", "runs", "--db", db, "--lang", ZH)
    assert chinese.exit_code == 0, chinese.output
    lines = chinese.stdout.splitlines()
    assert "特工战术  3 局  玩家 战术型" in lines[0], lines
    assert "矩阵潜袭  3 局  玩家 启发型" in lines[1], lines
    assert "谍战特工  3 桌  玩家 随机型" in lines[2], lines  # a crossfire run counts tables
    english = cli("balance", "runs", "--db", db, "--lang", "en").stdout.splitlines()
    assert "tactics  3 games  decider heuristic" in english[0], english


# ---------------------------------------------------------------- 4: paragraphs and abilities counted from 1


ANVIL = {
    "game": "netrunner",
    "kind": "card",
    "id": "anvil",
    "type": "ice",
    "name": {"en": "Anvil", "zh-Hans": "铁砧"},
    "text": ["[subroutine] 你获得 1[credit]。潜袭者失去 1[credit]。"],
    "printed_text": {
        "en": ["When the Runner encounters this ice, …", "[subroutine] Gain 1[credit].", "[subroutine] …"]
    },
    "reading": {"status": "partial", "read": [1], "scripted": [2], "unread": [{"index": 0, "reason": "no_template"}]},
}


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["  paragraph 1 not read (no template)", "  paragraph 2 read", "  paragraph 3 run by a card script"]),
        (ZH, ["  第 1 段未读入（无模板）"]),
    ],
)
def test_show_numbers_the_paragraphs_from_1_everywhere(lang: str, lines: list[str]) -> None:
    from toolkit.search.display import show
    from toolkit.search.run import Hit

    hit = Hit("netrunner", "card", "anvil", "ice", "铁砧", "Anvil", json.dumps(ANVIL, ensure_ascii=False))
    shown = show(hit, lang=lang, color=False).splitlines()
    start = shown.index(lines[0])
    assert shown[start : start + len(lines)] == lines
    assert not any(line.lstrip().startswith("reading.") for line in shown), shown  # no 0-based index beside them


def test_text_coverage_numbers_unread_paragraphs_from_1() -> None:
    from toolkit.coverage import ReadingReport

    row = {"id": "anvil", "title": "Anvil", "set": "parhelion", "cycle": "borealis", "printed_in": ["parhelion"],
           "status": "partial", "scripted": [2], "unread": [{"index": 0, "reason": "no_template"}], "zh": []}  # fmt: skip
    report = ReadingReport([row])
    with use_lang("en"):
        assert next(report.text_lines()).endswith("  #1 no template")
    with use_lang(ZH):
        assert next(report.text_lines()).endswith("  第 1 段：无模板")
    assert report.to_json()["cards"][0]["unread"] == [{"index": 0, "reason": "no_template"}]  # the record's index


def test_tactics_coverage_text_numbers_abilities_from_1() -> None:
    from toolkit.coverage import AbilityRef

    first = AbilityRef("card", "frag_grenade", 0, "front", "x")
    with use_lang("en"):
        assert first.shown() == "card frag_grenade#1"
    assert first.label() == "card frag_grenade#0"  # the JSON report's, the record's index


# ---------------------------------------------------------------- 5, 6: crossfire set-ups refused, naming the option


def test_deck_new_names_the_option_a_crossfire_set_up_refused(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "roles.json"
    base = ("deck", "new", "--game", "crossfire", "--mode", "crossfire", "--out", out)
    few = cli(*base, "--players", "4")
    assert few.exit_code == 2 and few.stderr.startswith("dossier: error: --players: "), few.output
    early = cli(*base, "--players", "5", "--special", "peacekeeper")
    assert early.exit_code == 2 and early.stderr.startswith("dossier: error: --special: "), early.output
    # (since sweep 69 a special role joins a table at most once: two Peacekeepers are refused before they take
    # every Assassin)
    no_assassin = cli(*base, "--players", "7", "--special", "peacekeeper", "--special", "peacekeeper")
    assert no_assassin.exit_code == 2, no_assassin.output
    assert no_assassin.stderr.startswith("dossier: error: --special: Peacekeeper joins a table at most once"), (
        no_assassin.output
    )
    assert not out.exists()
    fine = cli(*base, "--players", "7", "--special", "peacekeeper", "--special", "bomber")
    assert fine.exit_code == 0 and out.exists(), fine.output


@pytest.mark.parametrize("mode", ["crossfire", "sniper"])
def test_deck_validate_refuses_a_role_set_without_an_assassin(mode: str) -> None:
    pool = DeckPool(CATALOG.records)
    deck = Deck(game="crossfire", mode=mode, name="x", players=7,
                cards={"vip": 1, "decoy": 1, "bystander": 3, "peacekeeper": 2})  # fmt: skip
    with use_lang("en"):
        findings = [f for f in validate_deck(deck, pool).findings if f.code == "deck.roles.count"]
    assert [f.message for f in findings if "Assassin" in f.message] == [
        f"Assassin ×0; {'Crossfire mode' if mode == 'crossfire' else 'Sniper mode'} needs at least 1"
    ]


def test_every_bundled_role_set_keeps_its_assassins() -> None:
    pool = DeckPool(CATALOG.records)
    for path in sorted((EX / "crossfire").glob("*.json")):
        assert validate_deck(example(f"crossfire/{path.name}"), pool).legal, path


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("--players", "4"), "--players"),
        (("--players", "7", "--special", "peacekeeper", "--special", "peacekeeper"), "--special"),
    ],
)
def test_balance_crossfire_names_the_option_of_a_bad_set_up(
    cli: Any, tmp_path: Path, args: tuple[str, ...], option: str
) -> None:
    pytest.importorskip("ray")
    result = cli("balance", "crossfire", *args, "--tables", "1", "--no-save", "--out", tmp_path / "report")
    assert result.exit_code == 2 and result.stderr.startswith(f"dossier: error: {option}: "), result.output
