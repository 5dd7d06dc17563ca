"""Sweep 66 (text tools): `text coverage` tells the abilities whose resolving raised and words its games in the
report's language; `text render` offers did-you-mean for a quoted name; parse errors name a game's own words and
suggest the word of a near-miss wording; netrunner's cost reason and the die and duration diagnostics in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.coverage import plan_games
from toolkit.i18n import use_lang
from toolkit.text import AbilitySyntaxError, parse
from toolkit.text.games import OWN_WORDS, claimed, terminal_key
from toolkit.text.normalize import normalize
from toolkit.text.parser import NEAR_MISSES, _lark

from .conftest import CARDS

BAD_TOKEN = "你获得 1 张「格斗」。"  # 格斗 is an attack, no token card: resolving it raises in the engine


def _set_with_bad_token(root: Path) -> Path:
    """A designer's set of one tactics card whose text raises when it resolves."""
    card = json.loads((CARDS / "tactics" / "cards" / "corridor_dash.json").read_text(encoding="utf-8"))
    card.pop("$schema", None)
    card.update(id="t_bad_token", name={"zh-Hans": "坏衍生", "en": "Bad Token"}, text=[BAD_TOKEN])
    folder = root / "my-set" / "cards"
    folder.mkdir(parents=True)
    (folder / "t_bad_token.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    return root / "my-set"


def _error(text: str, game: str | None = None) -> AbilitySyntaxError:
    with pytest.raises(AbilitySyntaxError) as info:
        parse(text) if game is None else parse(text, game)
    return info.value


# ---------------------------------------------------------------- 1. text coverage and games that raised


def test_coverage_counts_an_ability_whose_resolving_raised(cli, tmp_path: Path) -> None:
    folder = _set_with_bad_token(tmp_path)
    result = cli("text", "coverage", "--cards", folder, "--games", "2", "--summary", "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "raised while resolving (1):", result.stdout
    assert lines[1].startswith("  card t_bad_token#1  ")
    source = (Path(__file__).parents[1] / "toolkit" / "engine" / "tactics" / "base.py").read_text(encoding="utf-8")
    line = next(n for n, text in enumerate(source.splitlines(), 1) if '"{name} is no token card"' in text)
    why = f"    why: resolving it raised in 2 games: 「格斗」 is no token card (at engine/tactics/base.py:{line})"
    assert lines[2] == why
    assert "never reached (0):" in lines and "never played" not in result.stdout
    raised = [line for line in lines if "raised while resolving:" in line]
    file = str(folder / "cards" / "t_bad_token.json")
    said = f"card t_bad_token#1 ({file}) raised while resolving: 「格斗」"
    assert len(raised) == 2 and all(said in line for line in raised)
    assert "games    2 (2 raised) in " in result.stdout and "(;" not in result.stdout


def test_coverage_json_names_the_ability_and_file_that_raised(cli, tmp_path: Path) -> None:
    folder = _set_with_bad_token(tmp_path)
    result = cli("text", "coverage", "--cards", folder, "--games", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    assert data["raised"] == ["card t_bad_token#0"] and data["never_reached"] == []
    assert data["totals"]["raised_abilities"] == 1
    raised_by = data["errors"][0]["raised_by"]
    assert raised_by == {"kind": "card", "id": "t_bad_token", "ability": 0,
                         "file": str(folder / "cards" / "t_bad_token.json")}  # fmt: skip
    reason = data["abilities"][0]["reason"]
    assert reason["code"] == "raised" and reason["games"] == 1 and reason["message"] == "「格斗」 is no token card"


@pytest.mark.lang_default
def test_coverage_in_chinese_words_its_games(cli, tmp_path: Path) -> None:
    folder = _set_with_bad_token(tmp_path)
    result = cli("text", "coverage", "--cards", folder, "--games", "2", "--summary", "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    raised = [line for line in result.stdout.splitlines() if "t_bad_token.json" in line]
    assert len(raised) == 2, result.stdout
    # the decider as the play page and `balance` name it, the mode by its name; no empty list before the count
    assert raised[0].startswith("  单挑／2 人，种子 0，战术型（轮换牌组）"), raised[0]
    assert not any("heuristic" in line or "duel" in line for line in raised)
    assert "（；" not in result.stdout and "(;" not in result.stdout
    assert "「格斗」 不是衍生牌" in raised[0]


def test_a_game_label_words_its_decider() -> None:
    records = list(load_catalog([CARDS / "tactics"]).records)
    spec = plan_games(records, 1)[0]
    with use_lang("zh-Hans"):
        assert "战术型" in spec.label() and "heuristic" not in spec.label()
    assert spec.label() == "duel/2p seed 0 heuristic (covering decks)"  # (English: the mode's id without its name)
    assert spec.label("Duel").startswith("Duel/2p")


# ---------------------------------------------------------------- 2. text render: did you mean a card's name


def test_render_offers_the_nearest_name_of_a_quoted_card(cli) -> None:
    result = cli("text", "render", "你搜寻 1 张「肾上腺素」。", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "「肾上腺素」 is no card of the card pool; did you mean '肾上腺素针'?" in result.stderr, result.stderr


# ---------------------------------------------------------------- 3. a game's own words at an error


TACTICS_ONLY = ("本单位", "佩戴者", "攻击者", "贴附单位", "本次攻击", "目标", "距离")


def test_a_netrunner_error_names_netrunner_words_and_the_number_before_credit() -> None:
    plain = _error("你获得 [credit]。")
    assert set(TACTICS_ONLY) <= set(plain.expected)
    error = _error("你获得 [credit]。", "netrunner")
    assert not set(TACTICS_ONLY) & set(error.expected_in_full), error.expected
    assert "[click]" in error.expected and "a number" in error.expected
    assert error.suggestions == ["1[credit]"] and "did you mean 1[credit]?" in error.summary()
    # a tactics card is not told of netrunner's words, nor offered the credit
    tactics = _error("你获得 [credit]。", "tactics")
    assert "[click]" not in tactics.expected and tactics.suggestions == []


def test_cli_parse_and_run_name_the_games_words(cli) -> None:
    result = cli("text", "parse", "你获得 [credit]。", "--game", "netrunner")
    assert result.exit_code == 1, result.output
    assert "(did you mean 1[credit]?); expected 你 · 本牌 · [click] · a number" in result.stderr, result.stderr
    result = cli("text", "run", "你获得 [credit]。", "--game", "netrunner")
    assert result.exit_code == 1 and "佩戴者" not in result.output and "1[credit]" in result.output, result.output
    result = cli("text", "parse", "你抽 1 张牌。", "--game", "chess")
    assert result.exit_code == 2 and "--game chess: unknown game; one of tactics, netrunner, crossfire" in result.output


def _keys_of(text: str) -> set[str]:
    """The terminals (as :mod:`toolkit.text.games` names them) the grammar reads in ``text``."""
    lark = _lark()
    terminals = {t.name: t for t in lark.terminals}
    parser = lark.parse_interactive(normalize(text)[0])
    return {terminal_key(token.type, terminals[token.type].pattern.value) for token in parser.iter_parse()
            if token.type in terminals}  # fmt: skip


@pytest.mark.parametrize("game", sorted(OWN_WORDS))
def test_the_bundled_texts_of_a_game_use_only_its_words(game: str) -> None:
    texts: list[str] = []
    for record in load_catalog([CARDS / game]).records:
        for name in ("text", "win", "draw_phase"):
            value = getattr(record, name, None)
            texts += [value] if isinstance(value, str) else list(value or [])
        reverse = getattr(record, "reverse", None)
        texts += list(reverse.text) if reverse is not None else []
    assert len(texts) > 20
    foreign = {(key, text) for text in texts for key in _keys_of(text) if claimed(key) and game not in claimed(key)}
    assert not foreign


# ---------------------------------------------------------------- 4. netrunner: the reason of a cost in words


@pytest.mark.lang_default
def test_text_run_words_the_reason_of_a_cost(cli) -> None:
    run = ("text", "run", "[click]：你获得 2[credit]。", "--game", "netrunner", "--seed", "3")
    result = cli(*run, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    assert "an ability" not in result.stdout
    assert "时点（阵营：潜袭者，数量：-1，时点：3，原因：能力）" in result.stdout, result.stdout
    result = cli(*run, "--lang", "en")
    assert "reason: an ability)" in result.stdout


# ---------------------------------------------------------------- 5. the die and the duration diagnostics


def test_a_die_condition_says_whether_it_is_always_or_never_true() -> None:
    always = _error("你投掷 1 枚六面骰。如果结果不小于 0，你抽 1 张牌。")
    assert always.reason == "a six-sided die shows 1 to 6; 结果不小于 0 is always true"
    never = _error("你投掷 1 枚六面骰。如果结果不小于 7，你抽 1 张牌。")
    assert never.reason == "a six-sided die shows 1 to 6; 结果不小于 7 is never true"


def test_the_duration_hint_quotes_the_duration_once() -> None:
    error = _error("直到回合结束，你抽 1 张牌。")
    assert error.hint is not None and error.hint.startswith("leave 直到回合结束 and the comma after it out, ")


@pytest.mark.lang_default
def test_the_chinese_diagnostics_have_no_doubled_comma(cli) -> None:
    result = cli("text", "render", "直到回合结束，你抽 1 张牌。", "--lang", "zh-Hans")
    assert result.exit_code == 1 and "，，" not in result.output, result.output
    result = cli("text", "render", "你投掷 1 枚六面骰。如果结果不小于 0，你抽 1 张牌。", "--lang", "zh-Hans")
    assert result.exit_code == 1 and "永远为假或永远为真" not in result.output, result.output


# ---------------------------------------------------------------- 6. near misses: did you mean the word


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("当你的回合开始时：你抽 1 张牌。", "你的回合开始时"),
        ("当你的回合结束时：你抽 1 张牌。", "你的回合结束时"),
        ("你获得 3 信用点。", "3[credit]"),
        ("你获得 3 个信用点。", "3[credit]"),
        ("对目标敌人造成 1 点伤害。", "敌方单位"),
        ("对目标友方单位造成 1 点伤害。", "己方"),
    ],
)
def test_a_near_miss_wording_is_offered_its_word(text: str, word: str) -> None:
    error = _error(text)
    assert error.suggestions[:1] == [word], error.summary()
    assert f"did you mean {word}" in error.summary()


def test_near_misses_are_of_their_game_and_typos_still_found() -> None:
    assert all(game is None or game in OWN_WORDS for _, _, game in NEAR_MISSES)
    assert _error("当你的回合开始时：你抽 1 张牌。", "tactics").suggestions == []
    assert _error("对目标敌人造成 1 点伤害。", "netrunner").suggestions == []
    assert _error("回合开始：你抽 1 张牌。").suggestions == ["回合开始时"]  # (a typo: no line of the table)
    assert _error("本单位获得背后视野。").suggestions == ["背向视野"]
    # a wording whose word would not read there is offered nothing
    assert _error("你获得 1 张「格斗」，敌人。").suggestions == []


def test_the_engine_and_the_editor_tell_a_parse_error_in_the_record_s_game_words() -> None:
    """A netrunner card's text that does not parse is told with netrunner's words (no 本单位, 佩戴者 …) and the
    number a credit symbol wants, by the engine's one-line error and by the web editor alike."""
    from types import SimpleNamespace

    from toolkit.engine.core import text_error
    from toolkit.i18n import use_lang
    from toolkit.text import AbilitySyntaxError, parse
    from toolkit.web.routes.editor import text_error as editor_error

    text = "你获得 [credit]。"
    try:
        parse(text)
    except AbilitySyntaxError as exc:
        error = exc
    record = SimpleNamespace(game="netrunner", kind="card", id="x", text=[text])
    with use_lang("en"):
        said = str(text_error(record, ("text", 0), error))
        shown = editor_error({"game": "netrunner", "kind": "card", "id": "x", "text": [text]}, "/text/0")
    assert "1[credit]" in said and "佩戴者" not in said, said
    assert shown is not None and "1[credit]" in str(shown) and "佩戴者" not in str(shown), shown
