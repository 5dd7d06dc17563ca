"""A Chinese-speaking user's sweep (s70j): a mistyped subcommand, choice lists, Netrunner's mulligan, crossfire's
names and modes, lint's allowed values, and the words of the help texts, all in the user's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

CJK_LIST = "、"


def _run(args: list[str], lang: str = "zh-Hans", **env: str) -> object:
    return CliRunner().invoke(app, args, env={"DOSSIER_LANG": lang, "COLUMNS": "100", **env})


# ---- 1. a mistyped subcommand is worded in the language at every level, as the top level's is

SUBCOMMAND_CASES = [
    (["deck", "valdate", "x"], "dossier deck：没有命令 'valdate'；你是想用 'validate' 吗？",
     "dossier deck: no command 'valdate'; did you mean 'validate'?"),
    (["crossfire", "dael"], "dossier crossfire：没有命令 'dael'；你是想用 'deal' 吗？",
     "dossier crossfire: no command 'dael'; did you mean 'deal'?"),
    (["deck", "shwo", "x"], "dossier deck：没有命令 'shwo'；你是想用 'show' 吗？",
     "dossier deck: no command 'shwo'; did you mean 'show'?"),
    (["deck", "zzzzzz"], "dossier deck：没有命令 'zzzzzz'", "dossier deck: no command 'zzzzzz'"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "chinese", "english"), SUBCOMMAND_CASES, ids=[" ".join(c[0]) for c in SUBCOMMAND_CASES]
)
def test_an_unknown_subcommand_is_worded_in_the_language_s70j(args: list[str], chinese: str, english: str) -> None:
    for lang, expected in (("zh-Hans", chinese), ("en", english)):
        result = _run(args, lang)
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].endswith(expected), (lang, result.stderr)
        if lang == "zh-Hans":
            assert "No such command" not in result.stderr and "Did you mean" not in result.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["deck", "validate"], "dossier deck validate：缺少 FILES"),
        (
            ["deck", "validate", "--formt", "text", "x"],
            "dossier deck validate：没有选项 --formt；你是想用 --format 吗？",
        ),
        (["deck", "validate", "x", "--format", "xml"], "--format 'xml'：请从 text、json 中选择"),
        (["deck", "show", "a", "b", "c"], "dossier deck show：多余的参数：b c"),
        (["crossfire", "deal", "--mode"], "dossier crossfire deal：--mode 需要一个值"),
    ],
)
def test_click_usage_errors_of_a_subcommand_are_chinese_s70j(args: list[str], expected: str) -> None:
    result = _run(args)
    assert result.exit_code == 2, result.output
    assert expected in result.stderr, result.stderr
    assert not re.search(r"[A-Z][a-z]+ [a-z]+", result.stderr.replace("FILES", "")), result.stderr


# ---- 2. a list of choices inside a Chinese sentence is joined as Chinese lists are (、), not with ", "


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--lang", "fr", "lint"], "--lang：语言必须是 zh-Hans、en 之一，而不是 'fr'"),
        (["crossfire", "deal", "--players", "8", "--mode", "狙击"], "谍战特工的模式有 crossfire、sniper"),
        (["deck", "convert", "x.json", "--to", "xml"], "--to 须是 json、text、nrdb、jinteki、o8d 之一，而不是 'xml'"),
        (["deck", "convert", "x.json", "--to", "text", "--printing", "newest"], "--printing 须是 latest、oldest 之一"),
        (["print", "--backs", "foo"], "none、long-edge、short-edge"),
    ],
)
def test_choices_in_a_chinese_message_are_a_chinese_list_s70j(args: list[str], expected: str) -> None:
    result = _run(args)
    assert result.exit_code != 0, result.output
    assert expected in result.stderr, result.stderr
    assert ", " not in result.stderr.splitlines()[0].split("（")[0], result.stderr


def test_a_settings_file_still_names_its_key_s70j(tmp_path: Path) -> None:
    from toolkit.config import read_config
    from toolkit.errors import DossierError
    from toolkit.i18n import use_lang

    (tmp_path / "dossier.toml").write_text('lang = "fr"\n', encoding="utf-8")
    for lang, expected in (("en", "lang must be one of zh-Hans, en, not 'fr'"), ("zh-Hans", "zh-Hans、en")):
        with use_lang(lang), pytest.raises(DossierError) as caught:
            read_config(tmp_path / "dossier.toml")
        assert expected in str(caught.value), str(caught.value)


def test_a_bad_facing_lists_the_facings_as_the_language_does_s70j() -> None:
    from toolkit.board import Board
    from toolkit.i18n import use_lang

    board = Board(["...", "...", "..."], 8)
    for lang, expected in (("zh-Hans", "n、e、s、w"), ("en", "n, e, s, w")):
        with use_lang(lang), pytest.raises(ValueError) as caught:
            board.in_vision((0, 0), "q", (1, 1))
        assert expected in str(caught.value), str(caught.value)


# ---- 3. Netrunner's mulligan is 重新调度 (GLOSSARY, seed 001); tactics' stays 调度


def test_netrunner_mulligan_has_its_own_word_in_the_log_s70j() -> None:
    from toolkit.engine import logwords

    netrunner = {"seq": 16, "event": "mulligan", "player": 1, "side": "corp", "mulligan": False, "hand": 5}
    tactics = {"seq": 10, "event": "mulligan", "player": 1, "cards": 0}
    assert logwords.event_word(netrunner, "zh-Hans") == "重新调度"
    assert logwords.event_word(tactics, "zh-Hans") == "调度"
    assert logwords.word("field", "mulligan", "zh-Hans") == "重新调度"  # (a field only Netrunner's entry has)
    assert logwords.event_word(netrunner, "en") == logwords.event_word(tactics, "en") == "mulligan"
    assert logwords.event_word({"event": "draw", "card": "x"}, "zh-Hans") == logwords.word("event", "draw", "zh-Hans")


def test_netrunner_mulligan_stage_title_says_the_glossary_word_s70j() -> None:
    from toolkit.i18n import t

    assert t("zh-Hans", "You play the {side} · mulligan", side="公司").endswith("· 重新调度")
    assert t("zh-Hans", "keep your opening hand or mulligan?") == "保留起手还是重新调度？"


# ---- 4. crossfire --names splits on the Chinese commas too


@pytest.mark.parametrize(
    "names", ["张三，李四，王五，赵六，钱七", "张三、李四、王五、赵六、钱七", "张三, 李四，王五、赵六,钱七"]
)
def test_crossfire_names_split_on_chinese_commas_s70j(names: str) -> None:
    result = _run(["crossfire", "deal", "--players", "5", "--seed", "1", "--names", names, "--format", "json"])
    assert result.exit_code == 0, result.output
    seated = {p["seat"]: p.get("name") for p in json.loads(result.stdout)["players"]}
    assert seated == {1: "张三", 2: "李四", 3: "王五", 4: "赵六", 5: "钱七"}


# ---- 5. lint's allowed values are a list of the language, each quoted as JSON writes it, with its word


def test_lint_lists_allowed_values_in_the_language_s70j(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parents[1] / "cards" / "tactics" / "cards" / "optical_camouflage.json"
    card = json.loads(source.read_text(encoding="utf-8"))
    card["category"] = "weapon"
    (tmp_path / "optical_camouflage.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    chinese = _run(["lint", str(tmp_path / "optical_camouflage.json")])
    line = next(x for x in chinese.stdout.splitlines() if "/category" in x)
    assert (
        '"weapon" 不是 "equipment"（装备）、"skill"（技能）、"item"（道具）、"status"（状态）、"minion"（随从）之一'
        in line
    )
    assert "[" not in line.split("/category")[1], line
    english = _run(["lint", str(tmp_path / "optical_camouflage.json")], "en")
    line = next(x for x in english.stdout.splitlines() if "/category" in x)
    assert '"weapon" is not one of ["equipment", "skill", "item", "status", "minion"]' in line, line


# ---- 6, 8, 9. the catalog says one word for a term: 特殊角色, 破解器, 推进标记, the games' full names in help


def _catalog() -> list[tuple[str | None, str, str]]:
    from babel.messages.pofile import read_po

    po = Path(__file__).resolve().parents[1] / "toolkit/i18n/locale/zh_Hans/LC_MESSAGES/dossier.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="zh_Hans")
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        ids = message.id if isinstance(message.id, tuple | list) else [message.id]
        found += [(message.context, ids[0], s) for s in strings if s]
    return found


@pytest.mark.parametrize(
    ("pattern", "word"),
    [
        ("特殊身份", "特殊角色 (seed 003)"),
        ("破冰", "破解器 (GLOSSARY, seed 001)"),
        ("推进指示物", "推进标记 (seed 001, the catalog everywhere else)"),
        ("(?<!特工)战术(?![家型])", "特工战术, the game's full name"),
    ],
)
def test_the_catalog_says_one_word_for_a_term_s70j(pattern: str, word: str) -> None:
    wrong = [(c, i[:60], s) for c, i, s in _catalog() if re.search(pattern, s)]
    assert not wrong, (word, wrong)


def test_special_roles_join_their_names_without_a_space_s70j(tmp_path: Path) -> None:
    cards = {"agent": 1, "assassin": 5, "bystander": 1, "enforcer": 1, "peacekeeper": 1, "protester": 1, "vip": 1,
             "sniper": 1, "nobody": 1}  # fmt: skip
    deck = {"game": "crossfire", "mode": "crossfire", "name": "九人局", "players": 9, "cards": cards}
    (tmp_path / "bad.json").write_text(json.dumps(deck, ensure_ascii=False), encoding="utf-8")
    result = _run(["deck", "validate", str(tmp_path / "bad.json")])
    assert "特殊角色执行者、维和者、抗议者、狙击手：狙击手不能加入交叉火力模式" in result.stdout, result.stdout


# ---- 7. crossfire's --mode takes a mode's name in either language, as deck new --mode does


@pytest.mark.parametrize("mode", ["sniper", "狙击手模式", "Sniper mode", "SNIPER MODE"])
def test_crossfire_mode_by_its_name_s70j(mode: str) -> None:
    dealt = _run(["crossfire", "deal", "--players", "8", "--seed", "1", "--mode", mode, "--format", "json"])
    assert dealt.exit_code == 0, dealt.output
    assert json.loads(dealt.stdout)["mode"] == "sniper"
    simulated = _run(["crossfire", "simulate", "--players", "8", "--mode", mode, "--games", "50", "--format", "json"])
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["mode"] == "sniper"


def test_crossfire_rules_mode_reads_names_s70j() -> None:
    from toolkit.cli.crossfire import _catalog as catalog_of
    from toolkit.cli.crossfire import _game_of
    from toolkit.engine.crossfire import RequestError

    rules = _game_of(catalog_of(None))
    assert rules.mode("狙击手模式").id == rules.mode("Sniper mode").id == "sniper"
    assert rules.mode("交叉火力模式").id == "crossfire"
    with pytest.raises(RequestError):
        rules.mode("狙击")
