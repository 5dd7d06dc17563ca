"""`--lang zh-Hans|en` on every command that prints names: names, headings, labels and summary words in one
language, chosen by --lang, else `lang = …` in the settings, else (deck commands) the deck's own language."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.cli._lang import LogNames
from toolkit.i18n import majority, script_lang
from toolkit.names import name_language

from .conftest import CARDS, ROOT
from .test_crossfire_cli import ROUND_BLUE

Run = Callable[..., Any]
EX = ROOT / "examples" / "decks"
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
TACTICS = {r.id: r for r in load_catalog([CARDS / "tactics"]).records}  # type: ignore[attr-defined]


def chinese(text: str) -> bool:
    return CJK.search(text) is not None


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> str:
    from typer.testing import CliRunner

    from toolkit.cli import app

    path = tmp_path_factory.mktemp("lang") / "cards.db"
    result = CliRunner().invoke(app, ["db", "build", "--db", str(path), "--cards", str(CARDS / "tactics")])
    assert result.exit_code == 0, result.output
    return str(path)


def english_list(tmp_path: Path, name: str = "english.txt", source: Path | None = None, mode: str = "duo") -> Path:
    """An example deck (the duo one by default) written as a list with English names and an English deck name."""
    deck = json.loads((source or EX / "tactics" / "duo.json").read_text(encoding="utf-8"))
    lines = ["# game: tactics", f"# mode: {mode}", f"# name: {name} in English"]
    lines += [f"1x {TACTICS[a].name.en}" for a in deck["agents"]]
    lines += [f"{n}x {TACTICS[c].name.en}" for c, n in deck["cards"].items()]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def crossfire_table(tmp_path: Path, name: str = "round.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(ROUND_BLUE), encoding="utf-8")
    return path


# ---------------------------------------------------------------- every command, in each language

# (the command's arguments, a heading or label it prints in English, the same in Chinese)
COMMANDS: list[tuple[str, Callable[[Path, str], list[Any]], str, str]] = [
    ("search", lambda tmp, db: ["search", "--db", db, "t:装备 攻速>=3"], "NAME", "名称"),
    ("show", lambda tmp, db: ["show", "--db", db, "longbow_sniper_rifle"], "text:", "能力："),
    (
        "show map",
        lambda tmp, db: ["show", "--db", db, "hideout"],
        "map (x → east, y ↓ south):",
        "地图（x → 东，y ↓ 南）：",
    ),
    ("deck show", lambda tmp, db: ["deck", "show", EX / "tactics/duo.json"], "## Agents (2)", "## 特工（2）"),
    ("deck stats", lambda tmp, db: ["deck", "stats", EX / "tactics/duo.json"], "cost curve", "费用曲线"),
    ("deck odds", lambda tmp, db: ["deck", "odds", EX / "tactics/duo.json", "--turns", "1"], "hand", "起手"),
    ("deck draw", lambda tmp, db: ["deck", "draw", EX / "tactics/duo.json", "--seed", "1"], "(", "（"),
    ("deck validate", lambda tmp, db: ["deck", "validate", EX / "tactics/duo.json"], "· legal", "· 合法"),
    (
        "deck validate netrunner",
        lambda tmp, db: ["deck", "validate", EX / "netrunner/corp-hb-tireless-hands.json"],
        "agenda points",
        "议案分数",
    ),
    (
        "deck new",
        lambda tmp, db: [
            "deck",
            "new",
            "--game",
            "tactics",
            "--mode",
            "duo",
            "--out",
            tmp / "n.txt",
            "--agent",
            "egret",
        ],
        ": written",
        "：已写入",
    ),
    (
        "deck convert",
        lambda tmp, db: ["deck", "convert", EX / "tactics/duo.json", "--to", "text"],
        "## Skill",
        "## 技能",
    ),
    ("draft", lambda tmp, db: ["draft", "--seed", "1", "--script", tmp / "picks.txt"], "face up:", "明牌："),
    (
        "simulate tactics",
        lambda tmp, db: [
            "simulate",
            "tactics",
            "--decks",
            EX / "tactics/duo.json",
            "--decks",
            EX / "tactics/duo-rival.txt",
            "--seed",
            "1",
            "--turns",
            "3",
        ],
        "result: ",
        "结果：",
    ),
    ("map show", lambda tmp, db: ["map", "show", "hideout"], "legend:", "图例："),
    ("map measure", lambda tmp, db: ["map", "measure", "hideout", "0,0", "3,1"], "line of sight: ", "视线畅通："),
    ("text render", lambda tmp, db: ["text", "render", "你抽两张牌。"], "You draw 2 cards.", "你抽 2 张牌。"),
    ("text run", lambda tmp, db: ["text", "run", "你抽两张牌。"], "shop: ", "矩阵商店："),
    ("crossfire deal", lambda tmp, db: ["crossfire", "deal", "-n", "6", "--seed", "2"], "set-up: ", "配置："),
    ("crossfire resolve", lambda tmp, db: ["crossfire", "resolve", crossfire_table(tmp)], "winners: ", "获胜者："),
    (
        "crossfire score",
        lambda tmp, db: ["crossfire", "score", crossfire_table(tmp), crossfire_table(tmp, "round2.json")],
        "2 rounds",
        "共 2 局",
    ),
]

# Outputs whose English form still holds some Chinese, and the lines that may: a deck's own (Chinese) name; a
# record shown in full (`show`, `map show`) leads with the English name and text and keeps the Chinese after them.
KEEPS_CHINESE: dict[str, Callable[[str], bool]] = {
    "deck show": lambda line: line.startswith(("# name: ", "# name.zh-Hans: ")),  # (a list keeps both names)
    "deck convert": lambda line: line.startswith(("# name: ", "# name.zh-Hans: ")),
    "deck stats": lambda line: line.startswith("双雄"),
    "show map": lambda line: line.startswith("  summary.zh-Hans"),  # the record's fields, as stored
}


@pytest.mark.parametrize(("name", "args", "english", "zh"), COMMANDS, ids=[c[0] for c in COMMANDS])
@pytest.mark.slow
def test_each_command_speaks_the_language_asked(
    cli: Run, built: str, tmp_path: Path, name: str, args: Any, english: str, zh: str
) -> None:
    (tmp_path / "picks.txt").write_text("1\n" * 10, encoding="utf-8")
    command = args(tmp_path, built)
    if name == "text render":
        en_out = cli(*command[:2], "--lang", "en", *command[2:])
        zh_out = cli(*command[:2], "--lang", "zh-Hans", *command[2:])
    else:
        en_out = cli(*command, "--lang", "en")
        if name == "deck new":
            (tmp_path / "n.txt").unlink()
        zh_out = cli(*command, "--lang", "zh-Hans")
    assert en_out.exit_code == 0, en_out.output
    assert zh_out.exit_code == 0, zh_out.output
    assert english in en_out.stdout
    assert zh in zh_out.stdout
    if name == "text render":
        return
    allowed = KEEPS_CHINESE.get(name, lambda line: False)
    stray = [line for line in en_out.stdout.splitlines() if chinese(line) and not allowed(line)]
    assert not stray, stray[:5]


def test_headings_are_in_the_language(cli: Run, built: str) -> None:
    english = cli("search", "--db", built, "t:装备 攻速>=3", "--lang", "en").stdout.splitlines()
    assert english[0].split() == ["ID", "TYPE", "NAME", "STATS"]
    assert "Coil Railgun" in "\n".join(english) and english[-1].endswith(" records")
    chinese_out = cli("search", "--db", built, "t:装备 攻速>=3", "--lang", "zh-Hans").stdout.splitlines()
    assert chinese_out[0].split() == ["ID", "类型", "名称", "属性"]
    assert "电磁轨道炮" in "\n".join(chinese_out) and chinese_out[-1].startswith("共 ")


def test_show_leads_with_the_language(cli: Run, built: str) -> None:
    english = cli("show", "--db", built, "longbow_sniper_rifle", "--lang", "en").stdout
    assert english.splitlines()[0] == "Longbow Sniper Rifle" and not chinese(english)  # one language only
    both = cli("show", "--db", built, "longbow_sniper_rifle", "--lang", "en", "--bilingual").stdout.splitlines()
    assert both[0] == "Longbow Sniper Rifle  长弓狙击步枪"  # asked for: the name asked for first, the other after it
    text_at = both.index("text:")
    assert not chinese(both[text_at + 1]) and chinese(both[text_at + 2])  # English first, then the source
    zh = cli("show", "--db", built, "longbow_sniper_rifle", "--lang", "zh-Hans").stdout.splitlines()
    assert zh[0] == "长弓狙击步枪"
    assert zh[zh.index("能力：") + 1] == "  攻击后：如果本次攻击的目标被消灭，你抽 1 张牌。"


def test_summary_words(cli: Run) -> None:
    deck = EX / "tactics/duo.json"
    assert cli("deck", "validate", deck, "--lang", "en").stdout.rstrip().endswith(" · legal")
    assert cli("deck", "validate", deck, "--lang", "zh-Hans").stdout.rstrip().endswith(" · 合法")
    roles = cli("deck", "validate", EX / "crossfire/crossfire-5.json", "--lang", "en").stdout
    assert "5 players · Agent 1, Assassin 1, Bystander 1, Red Decoy 1, VIP 1 · legal" in roles


def test_the_crossfire_table_shows_role_names(cli: Run) -> None:
    english = cli("crossfire", "deal", "-n", "6", "--seed", "2", "--lang", "en").stdout.splitlines()
    head = english.index(next(line for line in english if line.split()[:3] == ["seat", "role", "seen"]))
    assert english[head + 1].split()[1] in {"VIP", "Agent", "Assassin", "Bystander", "Blue"}
    zh = cli("crossfire", "deal", "-n", "6", "--seed", "2", "--lang", "zh-Hans").stdout
    assert "座位  角色" in zh and "交叉火力模式，6 名玩家" in zh


# ---------------------------------------------------------------- defaults


def test_an_english_decklist_defaults_to_english(cli: Run, tmp_path: Path) -> None:
    path = english_list(tmp_path)
    shown = cli("deck", "show", path).stdout
    assert "1x Jackdaw" in shown and "## Agents (2)" in shown and not chinese(shown)
    assert cli("deck", "validate", path).stdout.rstrip().endswith("· legal")
    assert not chinese(cli("deck", "stats", path).stdout)
    assert not chinese(cli("deck", "odds", path, "--turns", "1").stdout)
    assert not chinese(cli("deck", "draw", path, "--seed", "1").stdout)
    assert not chinese(cli("deck", "convert", path, "--to", "text").stdout)
    rival = english_list(tmp_path, "rival.txt", EX / "tactics" / "melee-demolition.json", mode="duo")
    log = cli("simulate", "tactics", "--decks", path, "--decks", rival, "--seed", "1", "--turns", "2").stdout
    assert "Jackdaw#" in log and not chinese(log), [x for x in log.splitlines() if chinese(x)]
    # --lang still wins
    assert "1x 寒鸦" in cli("deck", "show", path, "--lang", "zh-Hans").stdout


@pytest.mark.lang_default
def test_a_chinese_list_and_a_json_deck_default_to_chinese(cli: Run) -> None:
    assert "1x 寒鸦" in cli("deck", "show", EX / "tactics/duo-list.txt").stdout
    assert cli("deck", "validate", EX / "tactics/duo.json").stdout.rstrip().endswith("· 合法")  # ids: the default


@pytest.mark.lang_default
def test_deck_new_writes_names_in_the_language_they_were_given(cli: Run, tmp_path: Path) -> None:
    english = tmp_path / "en.txt"
    assert (
        cli("deck", "new", "--game", "tactics", "--mode", "duo", "--out", english, "--agent", "Jackdaw").exit_code == 0
    )
    assert "1x Jackdaw" in english.read_text(encoding="utf-8")
    zh = tmp_path / "zh.txt"
    assert cli("deck", "new", "--game", "tactics", "--mode", "duo", "--out", zh, "--agent", "寒鸦").exit_code == 0
    assert "1x 寒鸦" in zh.read_text(encoding="utf-8")


@pytest.mark.lang_default
def test_the_systems_locale_sets_the_default(cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A user whose system speaks English (LANG=en_US.UTF-8) reads English without asking, as gettext programs
    do; Chinese (zh_CN, zh_TW) reads Chinese, an English list included; the C locale asks for nothing (the
    deck's own language, else zh-Hans); DOSSIER_LANG and the settings still come first."""
    path = english_list(tmp_path)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert cli("deck", "validate", EX / "tactics/duo.json").stdout.rstrip().endswith("· legal")
    error = cli("deck", "show", tmp_path / "missing.json")
    assert error.exit_code != 0 and error.stderr.startswith("dossier: error: ") and not chinese(error.stderr)
    for locale in ("zh_CN.UTF-8", "zh_TW.UTF-8"):
        monkeypatch.setenv("LANG", locale)
        assert "1x 寒鸦" in cli("deck", "show", path).stdout
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert "1x Jackdaw" in cli("deck", "show", path).stdout  # (the list's own language)
    assert cli("deck", "validate", EX / "tactics/duo.json").stdout.rstrip().endswith("· 合法")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("DOSSIER_LANG", "zh-Hans")
    assert cli("deck", "validate", EX / "tactics/duo.json").stdout.rstrip().endswith("· 合法")
    monkeypatch.delenv("DOSSIER_LANG")
    (tmp_path / "dossier.toml").write_text('lang = "zh-Hans"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli("deck", "validate", EX / "tactics/duo.json").stdout.rstrip().endswith("· 合法")


def test_which_language_a_locale_asks_for() -> None:
    from toolkit.i18n import match, system_lang

    assert [match(t) for t in ("en", "EN_us", "zh-CN", "zh_Hant", "zh-Hans", "en-XA", "fr", "")] == [
        "en", "en", "zh-Hans", "zh-Hans", "zh-Hans", "en", None, None]  # fmt: skip
    cases = [
        ({}, None),
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": "POSIX", "LANGUAGE": "en"}, None),  # (LANGUAGE is not read under the C locale)
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_GB.ISO-8859-1@euro"}, "en"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-Hans"),
        ({"LANG": "fr_FR.UTF-8"}, None),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "fr:en:zh_CN"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh-Hans"),
        ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "C", "LC_ALL": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "C"}, None),
    ]
    assert [system_lang(env) for env, _ in cases] == [want for _, want in cases]


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Path]:
    """Write dossier.toml with ``lang = …`` in a fresh directory and work there."""

    def write(lang: str) -> Path:
        (tmp_path / "dossier.toml").write_text(f'lang = "{lang}"\n', encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        return tmp_path

    return write


def test_the_settings_set_the_default(cli: Run, built: str, settings: Callable[[str], Path]) -> None:
    here = settings("en")
    assert "## Agents (2)" in cli("deck", "show", EX / "tactics/duo-list.txt").stdout  # a Chinese list, in English
    assert cli("deck", "validate", EX / "tactics/duo.json").stdout.rstrip().endswith("· legal")
    assert cli("search", "--db", built, "t:装备 攻速>=3").stdout.splitlines()[0].split()[1] == "TYPE"
    assert cli("map", "show", "hideout").stdout.startswith("hideout: Hideout, 10x8")
    assert cli("text", "render", "你抽两张牌。").stdout == "You draw 2 cards.\n"
    assert cli("crossfire", "resolve", crossfire_table(here)).stdout.startswith("team: Blue team\n")
    assert "1x 寒鸦" in cli("deck", "show", EX / "tactics/duo-list.txt", "--lang", "zh-Hans").stdout  # --lang wins


@pytest.mark.lang_default
def test_the_settings_beat_the_decks_language(cli: Run, tmp_path: Path, settings: Callable[[str], Path]) -> None:
    path = english_list(tmp_path, "list.txt")
    settings("zh-Hans")
    assert "1x 寒鸦" in cli("deck", "show", path).stdout


def test_a_bad_lang_is_a_usage_error_in_english(cli: Run) -> None:
    result = cli("deck", "show", EX / "tactics/duo.json", "--lang", "fr")
    assert result.exit_code == 2
    assert result.stderr.startswith("dossier: error: --lang: lang must be one of zh-Hans, en")
    assert not chinese(result.stderr)


# ---------------------------------------------------------------- JSON keeps its keys


def test_json_keys_are_stable_and_names_follow(cli: Run, tmp_path: Path) -> None:
    deck = EX / "tactics/duo.json"
    english = json.loads(cli("deck", "validate", deck, "-f", "json", "--lang", "en").stdout)
    zh = json.loads(cli("deck", "validate", deck, "-f", "json", "--lang", "zh-Hans").stdout)
    assert english[0].keys() == zh[0].keys()
    odds_en = json.loads(cli("deck", "odds", deck, "-f", "json", "--lang", "en").stdout)
    odds_zh = json.loads(cli("deck", "odds", deck, "-f", "json", "--lang", "zh-Hans").stdout)
    assert odds_en.keys() == odds_zh.keys() and odds_en["cards"][0].keys() == odds_zh["cards"][0].keys()
    assert {c["name"] for c in odds_en["cards"]} >= {"Smoke Grenade"}
    assert {c["name"] for c in odds_zh["cards"]} >= {"烟雾弹"}
    rival = EX / "tactics/duo-rival.txt"
    args = ["simulate", "tactics", "--decks", deck, "--decks", rival, "--seed", "1", "--turns", "2", "-f", "json"]
    log_en = json.loads(cli(*args, "--lang", "en").stdout)["log"]
    log_zh = json.loads(cli(*args, "--lang", "zh-Hans").stdout)["log"]
    assert [sorted(e) for e in log_en] == [sorted(e) for e in log_zh]
    assert any(str(e.get("unit", "")).startswith("Jackdaw#") for e in log_en)
    assert any(str(e.get("unit", "")).startswith("寒鸦#") for e in log_zh)


# ---------------------------------------------------------------- the pieces


@pytest.mark.parametrize(
    ("typed", "record", "lang"),
    [
        ("Jackdaw", "jackdaw", "en"),
        ("jackdaw", "jackdaw", None),  # the id, though it is the English name folded: ids say no language
        ("jackDaw", "jackdaw", "en"),  # not the id: the English name
        ("grit_teeth", "grit_teeth", None),  # an id alone says nothing
        ("寒鸦", "jackdaw", "zh-Hans"),
        ("JACKDAW", "jackdaw", "en"),
        ("Smoke Grenade", "smoke_grenade", "en"),
    ],
)
def test_name_language(typed: str, record: str, lang: str | None) -> None:
    assert name_language(typed, TACTICS[record]) == lang


def test_majority_and_script() -> None:
    assert majority(["en", "en", "zh-Hans", None]) == "en"
    assert majority(["en", "zh-Hans"]) is None and majority([None]) is None
    assert script_lang("寒鸦") == "zh-Hans" and script_lang("VIP") == "en" and script_lang("12") is None


def test_log_names_translate_names_instances_and_text() -> None:
    names = LogNames(TACTICS.values(), "en")
    assert names.value("unit", "寒鸦#3") == "Jackdaw#3"
    assert names.value("reason", "寒鸦#19 left play") == "Jackdaw#19 left play"
    assert names.value("text", "你抽 1 张牌。") == "You draw 1 card."
    assert names.value("condition", "你的手牌不多于 2 张") == "you have at most 2 cards in hand"
    # a die's result stayed in Chinese (the grammar reads it only after a roll)
    assert names.value("condition", "结果不小于 4") == "the result is at least 4"
    assert names.value("cards", ["寒鸦", "nothing"]) == ["Jackdaw", "nothing"]
    assert LogNames(TACTICS.values(), "zh-Hans").value("unit", "寒鸦#3") == "寒鸦#3"


def test_a_move_of_no_step_says_its_path_is_none() -> None:
    """A unit that moves 0 (a 行进 it stays put on) logs an empty path: the line says "path: —", not "path: ,"."""
    names = LogNames(TACTICS.values(), "en")
    entry = {"seq": 3, "event": "move", "player": 1, "unit": "寒鸦#3", "start": [0, 0], "to": [0, 0], "path": [],
             "steps": 0}  # fmt: skip
    line = names.line(entry)
    assert "path: —, steps: 0" in line and "path: ," not in line, line
    assert "path: 0,0 → 1,0" in names.line({**entry, "to": [1, 0], "path": [[0, 0], [1, 0]], "steps": 1})
