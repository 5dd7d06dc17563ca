"""The grammar itself: no keyword the lexer could split wrongly (你 / 你可以), vocabularies in sync."""

from __future__ import annotations

import re

import pytest
from lark import Lark

from toolkit.text import prefix_conflicts
from toolkit.text import vocab as V
from toolkit.text.parser import _lark


def test_no_prefix_conflicts_in_the_ability_grammar() -> None:
    assert prefix_conflicts() == []


@pytest.mark.parametrize(
    ("grammar", "conflicts"),
    [
        ('start: "你" "可以" "抽" | "你可以" "买"', 1),  # 你 + 可以… could be lexed as 你可以
        ('start: "你" "抽" | "你可以" "买"', 0),  # 你 is never followed by 可以
        ('start: "对手" "弃" | "对" "本单位"', 0),  # 对 + 手… is impossible
        ('start: "消灭" "时" | "消灭时" "后"', 1),
    ],
)
def test_prefix_lint_finds_harmful_pairs_only(grammar: str, conflicts: int) -> None:
    assert len(prefix_conflicts(Lark(grammar, parser="lalr"))) == conflicts


@pytest.mark.parametrize("terminal", sorted(V.TERMINALS))
def test_vocabularies_match_grammar_terminals(terminal: str) -> None:
    patterns = {t.name: t.pattern for t in _lark().terminals}
    body = re.fullmatch(r"\(\?:(.*)\)", patterns[terminal].value)
    words = set(body.group(1).split("|")) if body else {patterns[terminal].value}
    assert words == {zh for zh, _ in V.TERMINALS[terminal].values()}


def test_timing_vocabulary_covers_every_timing() -> None:
    assert set(V.TIMING_TOKENS.values()) | set(V.YOUR_TIMING_TOKENS.values()) == set(V.TIMINGS)
