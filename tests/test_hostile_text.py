"""Hostile ability text: `text parse`, `text run` and lint's text check on input nobody vetted.

Numbers past :data:`toolkit.text.limits.MAX_COUNT` (or with thousands of digits),
conditions nested past ``MAX_NESTING``, texts past ``MAX_TEXT_LENGTH`` are refused
with a position; any text at all ends in an AST or an :class:`AbilitySyntaxError`,
the CLI answers in one line (plus the caret context) and exits 0 or 1.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.engine.tactics import interp
from toolkit.errors import DossierError
from toolkit.text import AbilitySyntaxError, parse, render
from toolkit.text.limits import MAX_COUNT, MAX_NESTING, MAX_TEXT_LENGTH

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HOSTILE: dict[str, tuple[str, str]] = {
    # name: (text, a fragment of the error)
    "count past the limit": (f"你抽 {MAX_COUNT + 1} 张牌。", f"more than {MAX_COUNT}"),
    "tokens": ("你获得 99999999 张「烟雾弹」。", "more than 50"),
    "mulligans": ("你调度 99999999 次。", "more than 50"),
    "dice": ("你投掷 99999999 枚六面骰。", "more than 50"),
    "past 64 bits": ("你抽 99999999999999999999999999 张牌。", "more than 50"),
    "thousands of digits": ("你抽 " + "9" * 5000 + " 张牌。", "characters"),
    "long digits in limit": ("你抽 " + "9" * 900 + " 张牌。", "more than 50"),
    "leading zeros": ("你抽 " + "0" * 800 + "51 张牌。", "more than 50"),
    "signed": ("攻击前：本次攻击命中骰结果 +99999999999。", "more than 50"),
    "range": ("主动 横置：距离 0-99999999999 内的目标己方单位回复 1 点生命值。", "more than 50"),
    "nested conditions": ("如果你没有手牌，" * (MAX_NESTING + 1) + "你抽 1 张牌。", "conditions"),
    "hundreds of conditions": ("如果你没有手牌，" * 120 + "你抽 1 张牌。", "conditions"),
    "nested durations": ("直到回合结束，" * 300 + "你抽 1 张牌。", "characters"),
    "too long": ("你抽 1 张牌，" * 300 + "你抽 1 张牌。", "characters"),
    "undecodable bytes": ("你抽 \udcff 张牌。", "unexpected"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_parse_refuses_with_a_position(case: str) -> None:
    text, fragment = HOSTILE[case]
    with pytest.raises(AbilitySyntaxError) as info:
        parse(text)
    assert fragment in info.value.summary()
    assert 1 <= info.value.column <= len(text) + 1
    assert len(info.value.context) < 400  # a window of the text, not all of it


@pytest.mark.parametrize("case", sorted(HOSTILE))
@pytest.mark.parametrize("command", ["parse", "run"])
def test_cli_answers_in_one_line(cli, case: str, command: str) -> None:
    result = cli("text", command, HOSTILE[case][0])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    first = result.output.strip().splitlines()[0]
    assert "error" in first and len(first) < 500, first


def test_the_limits_are_those_the_engines_keep() -> None:
    assert interp.MAX_REPEAT == MAX_COUNT
    assert parse(f"你抽 {MAX_COUNT} 张牌。")
    assert MAX_TEXT_LENGTH >= 200 and MAX_NESTING >= 2
    nested = "如果你没有手牌，" * MAX_NESTING + "你抽 1 张牌。"
    assert parse(render(parse(nested))) == parse(nested)


def test_netrunner_engine_refuses_counts_past_the_limit() -> None:
    """The parser never builds such a node; an AST built in code meets the engine's own guard."""
    import dataclasses

    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner import Context, NetrunnerGame
    from toolkit.text import ast as A

    from .test_engine_netrunner import RECORDS

    g = NetrunnerGame(RECORDS, seed=1)
    g.begin_turn("runner")
    ability = parse("你抽 1 张牌。")
    sentence = ability.sentences[0]
    draw = sentence.effects[0]
    assert isinstance(draw, A.Draw)
    hostile = dataclasses.replace(
        ability, sentences=(dataclasses.replace(sentence, effects=(dataclasses.replace(draw, count=10**8),)),)
    )
    before = len(g.runner.hand)
    with pytest.raises(EngineError, match=f"more than {MAX_COUNT} is refused"):
        g.execute(hostile, Context("runner"))
    assert len(g.runner.hand) == before


def test_lint_flags_counts_past_the_limit(cli, game_copy) -> None:
    import json

    root = game_copy("tactics")
    path = root / "cards" / "adrenaline_shot.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["text"] = ["你调度 99999999 次。"]
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = cli("lint", root)
    assert result.exit_code == 1
    assert f"{path}:" in result.output and "error card.text.parse" in result.output
    assert "more than 50" in result.output


# ---------------------------------------------------------------- property-based

PIECES = [
    "你",
    "抽",
    "张牌",
    "。",
    "，",
    "如果",
    "直到",
    "回合结束",
    "你没有手牌",
    "获得",
    "调度",
    "次",
    "投掷",
    "枚六面骰",
    "「烟雾弹」",
    "「",
    "」",
    "+",
    "-",
    "且",
    "本单位",
    "点",
    "：",
    "攻击后",
    "一",
    "十",
    "两",
    "99999999999999999999",
    "0",
    "51",
    "\n",
    " ",
    "（",
    "）",
]
texts = st.lists(st.sampled_from(PIECES) | st.integers(0, 10**25).map(str), max_size=40).map(" ".join) | st.text(
    max_size=80
)


@FUZZ
@given(texts)
def test_parse_raises_only_syntax_errors(text: str) -> None:
    try:
        ability = parse(text)
    except AbilitySyntaxError as exc:
        assert exc.line >= 1 and exc.column >= 1
        return
    assert parse(render(ability)) == ability


@FUZZ
@given(st.integers(min_value=0, max_value=10**40), st.sampled_from(["你抽 {} 张牌。", "你投掷 {} 枚六面骰。"]))
def test_numbers_are_read_or_refused(number: int, template: str) -> None:
    text = template.format(number)
    if 1 <= number <= MAX_COUNT:
        assert parse(text)
    else:
        with pytest.raises(AbilitySyntaxError):
            parse(text)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(texts)
def test_text_run_raises_only_dossier_errors(cli, text: str) -> None:
    if not text.strip() or text.lstrip().startswith("-"):
        return  # an option, not a text
    result = cli("text", "run", text)
    assert result.exception is None or isinstance(result.exception, (SystemExit, DossierError)), repr(result.exception)
    assert result.exit_code in (0, 1, 2)
