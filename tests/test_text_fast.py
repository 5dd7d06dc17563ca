"""The fast driver of text.parse (toolkit/text/lalr.py) against Lark's own parser: the same ASTs, the same errors.

``_parse(text)`` tries the fast driver first and lets Lark reparse when it stops;
``_parse(text, fast=False)`` is Lark alone (today's path). For every text here the
two give the same AST (``==``, every node's span, the ``repr``) or the same
:class:`AbilitySyntaxError` (reason, offset, line, column, context, expected words,
hint). Texts: every ability of the bundled cards, the texts of a generated bench
corpus, the examples of the text tests, and mutations of them (truncated, cut,
swapped, with characters inserted), most of which are errors. Valid texts must
also take the fast path (else the speed is silently lost). The driver itself is
checked on small grammars against Lark: trees, placeholders, inlined rules, and
the lexer pitfalls it must reproduce or refuse.
"""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Transformer
from lark.exceptions import UnexpectedInput

from toolkit.catalog import load_catalog
from toolkit.models import iter_texts
from toolkit.text import AbilitySyntaxError, build_parser
from toolkit.text import ast as A
from toolkit.text import parser as P
from toolkit.text.lalr import TableParser, Unsupported
from toolkit.text.normalize import normalize

from . import test_hostile_text, test_text_cli, test_text_parse, test_text_render
from .conftest import CARDS


def outcome(text: str, *, fast: bool) -> tuple[Any, ...]:
    """What a parse of ``text`` gives: the AST with every span and its repr, or every field of the error."""
    try:
        ability = P._parse(text, fast=fast)
    except AbilitySyntaxError as error:
        return ("error", error.reason, error.offset, error.line, error.column, error.context,
                tuple(error.expected), error.hint, str(error))  # fmt: skip
    spans = [(type(node).__name__, node.span) for node in A.walk(ability)]
    return ("ast", ability, repr(ability), spans)


def assert_alike(text: str) -> tuple[Any, ...]:
    reference = outcome(text, fast=False)
    assert outcome(text, fast=True) == reference, text
    return reference


def takes_the_fast_path(text: str) -> bool:
    return P._parse_fast(normalize(text)[0]) is not None


@functools.cache
def bundled_texts() -> list[str]:
    catalog = load_catalog([CARDS])
    return sorted({text for record in catalog.records for _, text in iter_texts(record)})


def _parametrized_texts(module: Any) -> list[str]:
    """The strings given to the ``text`` argument of the parametrized tests of ``module``."""
    texts: list[str] = []
    for name in dir(module):
        for mark in getattr(getattr(module, name), "pytestmark", []):
            if mark.name != "parametrize":
                continue
            names = [n.strip() for n in mark.args[0].split(",")] if isinstance(mark.args[0], str) else mark.args[0]
            for values in mark.args[1]:
                row = values.values if hasattr(values, "values") else values
                row = row if len(names) > 1 else (row,)
                texts += [v for n, v in zip(names, row, strict=False) if n in ("text", "canonical_equivalent")]
    return [t for t in texts if isinstance(t, str)]


@functools.cache
def example_texts() -> list[str]:
    texts = [*P.HINTS.keys()] + [t for examples in P.HINTS.values() for t in examples]
    texts += [text for text, _ in test_hostile_text.HOSTILE.values()]
    for module in (test_text_parse, test_text_render, test_text_cli, test_hostile_text):
        texts += _parametrized_texts(module)
    return sorted(set(texts))


# ---------------------------------------------------------------- valid texts


def test_the_examples_are_collected() -> None:
    assert len(example_texts()) > 80
    assert "你购买 2 张牌。" in example_texts() and "你抽 1 张牌" in example_texts()


def test_bundled_texts_parse_alike_and_fast() -> None:
    texts = bundled_texts()
    assert len(texts) > 200
    for text in texts:
        assert assert_alike(text)[0] == "ast", text
        assert takes_the_fast_path(text), text


@pytest.fixture(scope="module")
def corpus_texts(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    from bench.corpus import _text_lists, clone_corpus

    paths = clone_corpus(tmp_path_factory.mktemp("corpus"), 700)
    texts: set[str] = set()
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        for texts_of in _text_lists(data) if isinstance(data, dict) else ():
            texts.update(t for t in texts_of if isinstance(t, str))
    return sorted(texts)


def test_corpus_texts_parse_alike_and_fast(corpus_texts: list[str]) -> None:
    assert len(corpus_texts) > 700
    for text in corpus_texts:
        assert assert_alike(text)[0] == "ast", text
        assert takes_the_fast_path(text), text


def test_example_texts_parse_or_fail_alike() -> None:
    kinds = {assert_alike(text)[0] for text in example_texts()}
    assert kinds == {"ast", "error"}


@pytest.mark.parametrize(
    "text",
    [
        "  你抽 2 张牌。  ",  # %ignore'd spaces before, between and after the tokens
        "你抽2张牌。",
        "你抽两张牌。",  # normalized: the spans map back to the input
        "［click］：你获得 １［credit］。",
        "响应：本次攻击命中骰结果 -1。",  # [tcosts] left out: a placeholder None
        "主动 横置，-1，弃 1 张牌：你抽 1 张牌。",  # spliced helper rules (costs, sentences)
        "[click][click][click]，2[credit]：你抽 3 张牌，你获得 1[credit]。你弃 1 张牌。",
        "对距离 0-2 内的目标造成 1 点伤害。",  # [unit_noun] left out
        "如果你未被击中且蓝队获胜，你获胜。",
    ],
)
def test_forms_parse_alike_and_fast(text: str) -> None:
    assert assert_alike(text)[0] == "ast"
    assert takes_the_fast_path(text)


@pytest.mark.parametrize(
    "text",
    [
        "你抽 0 张牌。",  # errors found by the builder while the driver runs
        "主动 横置，+1：你抽 1 张牌。",
        "本单位移动 3-1。",
        "你对存储栈发起潜袭。",
        "你抽 99 张牌。",
        "你抽 1 张牌。\n",  # a character no terminal takes
        "你抽 1 张牌。 。",
        "你可以你抽 1 张牌。",
        "你抽 1 张牌",  # the end of the text where a token is due
        "主动：你抽 1 张牌。",
    ],
)
def test_errors_come_from_lark(text: str) -> None:
    assert assert_alike(text)[0] == "error"
    assert not takes_the_fast_path(text)


# ---------------------------------------------------------------- mutated and random texts

_ALPHABET = "你的抽张牌，。：；「」[]-+0123456789 \t\n如果可以获得点伤害横置主动本单位目标x"


def mutations(text: str, rng: random.Random) -> list[str]:
    """Texts near ``text``: truncated, a character cut or inserted, two neighbours or clauses swapped."""
    if len(text) < 2:
        return [text + rng.choice(_ALPHABET)]
    at = rng.randrange(1, len(text))
    out = [
        text[:at],
        text[:at] + text[at + 1 :],
        text[:at] + rng.choice(_ALPHABET) + text[at:],
        text[: at - 1] + text[at] + text[at - 1] + text[at + 1 :],
        text.replace("。", "", 1),
        re.sub(r"\d+", lambda m: rng.choice(["0", "7", "51", "-1", "1"]), text, count=1),
    ]
    parts = re.split(r"([，。：])", text)
    if len(parts) > 3:
        i = rng.randrange(0, len(parts) - 2, 2)
        parts[i], parts[i + 2] = parts[i + 2], parts[i]
        out.append("".join(parts))
    return out


@functools.cache
def mutated_texts() -> list[str]:
    rng = random.Random(20261201)
    bases = bundled_texts() + [t for t in example_texts() if len(t) < 200]
    return sorted({m for base in bases for m in mutations(base, rng)} - set(bases))


SHARDS = 4


@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.slow
def test_mutated_texts_parse_or_fail_alike(shard: int) -> None:
    texts = mutated_texts()
    assert len(texts) > 2000
    kinds = [assert_alike(text)[0] for text in texts[shard::SHARDS]]
    assert kinds.count("error") > 350 and kinds.count("ast") > 25  # both outcomes, many times


def _words() -> list[str]:
    words = [w for t in P._lark().terminals for w in (P._terminal_words(t.pattern) or ())]
    return sorted(set(words)) + ["1", "2", " ", "0-2", "+1", "-1", "「烟幕」", "[click]", "x", "0"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_words()), min_size=1, max_size=14).map("".join))
def test_word_salad_parses_or_fails_alike(text: str) -> None:
    assert_alike(text)


# ---------------------------------------------------------------- the parser is built before workers fork


def test_build_parser_builds_the_fast_tables() -> None:
    P._table_parser.cache_clear()
    build_parser()
    assert P._table_parser.cache_info().currsize == 1
    assert isinstance(P._table_parser(), TableParser)


# ---------------------------------------------------------------- the driver on other grammars

CALC = r"""
start: stmt+
stmt: "let" NAME "=" expr ";"          -> let
    | "print" [expr] ["," expr] ";"    -> show
    | "(" _items ")"                   -> group
_items: NAME ("," NAME)*
?expr: atom
     | expr "+" atom                   -> add
?atom: NUMBER
     | NAME
     | "(" expr ")"
NAME: /[A-Z][a-z]*/
NUMBER: /[0-9]+/
%ignore /[ \t]+/
"""
CALC_TEXTS = [
    "let X = 1;",
    "let X=1;print X + 2 + (Y + 3);",
    "print;",
    "print , 1;",
    "print 1, 2;",
    "  print ((1)) ;  ",
    "(A, Bb, C)",
    "(A)print X;",
]
CALC_ERRORS = ["", "let X = ;", "print 1 2;", "let x = 1;", "print 1", "(A,)", "let X = 1;;", "print\n1;"]


class _Calc(Transformer):
    def let(self, children: list[Any]) -> tuple[Any, ...]:
        return ("let", *children)

    def add(self, children: list[Any]) -> Any:
        return ("add", *children)


@pytest.mark.parametrize("keep_all_tokens", [False, True])
@pytest.mark.parametrize("maybe_placeholders", [False, True])
@pytest.mark.parametrize("transformer", [None, _Calc()])
def test_driver_gives_what_lark_gives(keep_all_tokens: bool, maybe_placeholders: bool, transformer: Any) -> None:
    options = {"keep_all_tokens": keep_all_tokens, "maybe_placeholders": maybe_placeholders}
    reference = Lark(CALC, parser="lalr", lexer="contextual", transformer=transformer, **options)
    driver = TableParser(Lark(CALC, parser="lalr", lexer="contextual", transformer=transformer, **options), transformer)
    for text in CALC_TEXTS:
        assert driver.parse(text) == reference.parse(text), text
    for text in CALC_ERRORS:
        with pytest.raises(UnexpectedInput):
            reference.parse(text)
        with pytest.raises(Unsupported):
            driver.parse(text)


@pytest.mark.parametrize(
    ("ignore", "one_class"),
    [
        ("%ignore /[ \\t]+/", True),  # runs of characters: the driver skips them with one class, [\t ]*+
        ("%ignore / +/\n%ignore /\\t+/", True),
        ('%ignore " "\n%ignore "\\t"', False),  # (strings: as Lark has them, an alternation repeated)
        ("%ignore /[ \\t]{1,3}/", False),  # at most three at a time: no run of any length
        ("%ignore /[ \\t]+/\n%ignore /#[^\\n]*/", False),  # a comment is no run of its first character
    ],
)
def test_driver_skips_what_lark_ignores(ignore: str, one_class: bool) -> None:
    grammar = CALC.replace("%ignore /[ \\t]+/", ignore)
    assert grammar != CALC or one_class
    reference = Lark(grammar, parser="lalr", lexer="contextual")
    driver = TableParser(Lark(grammar, parser="lalr", lexer="contextual"), None)
    assert driver._skip is not None
    assert driver._skip[0].__self__.pattern.endswith("]*+") == one_class
    texts = [*CALC_TEXTS, "let X =\t1 ;", "\t print  \t 1 ;\t", "print 1; # note", "print    1;", "(A,  \t B)"]
    for text in texts:
        try:
            expected = reference.parse(text)
        except UnexpectedInput:
            with pytest.raises(Unsupported):
                driver.parse(text)
        else:
            assert driver.parse(text) == expected, text


def test_driver_chains_rules_of_one_child_as_lark_reduces_them() -> None:
    # a, b and c each reduce at once after the rule below them: one step of the driver, the same values
    grammar = 'start: a+\na: b | b "!"\nb: c\nc: WORD | "(" a ")"\nWORD: /[a-z]+/\n%ignore " "'

    class Wrap(Transformer):
        def a(self, children: list[Any]) -> Any:
            return ("a", *children)

        def b(self, children: list[Any]) -> Any:
            return ("b", *children)

        def c(self, children: list[Any]) -> Any:
            return ("c", *children)

    for transformer in (None, Wrap()):
        reference = Lark(grammar, parser="lalr", transformer=transformer)
        driver = TableParser(Lark(grammar, parser="lalr", transformer=transformer), transformer)
        for text in ["x", "x y!", "(x) ((y!)) z", "x!!"]:
            try:
                expected = reference.parse(text)
            except UnexpectedInput:
                with pytest.raises(Unsupported):
                    driver.parse(text)
            else:
                assert driver.parse(text) == expected, text


def test_driver_lexes_like_lark_even_where_lark_splits_wrongly() -> None:
    # the 你 / 你可以 pitfall (prefix_conflicts): Lark's lexer takes 你可以 in 你可以抽; so must the driver
    grammar = 'start: "你" "可以" "抽" | "你可以" "买"'
    lark = Lark(grammar, parser="lalr")
    driver = TableParser(lark, None)
    assert driver.parse("你可以买") == lark.parse("你可以买")
    with pytest.raises(UnexpectedInput):
        lark.parse("你可以抽")
    with pytest.raises(Unsupported):
        driver.parse("你可以抽")


def test_driver_refuses_keywords_that_lark_would_retype() -> None:
    # WORD matches the keyword "if" whole: Lark lexes WORD and re-types it, which the driver does not model
    lark = Lark('start: WORD | "if" WORD\nWORD: /[a-z]+/\n%ignore " "', parser="lalr")
    driver = TableParser(lark, None)
    assert lark.parse("if x") is not None
    with pytest.raises(Unsupported):
        driver.parse("if x")


@pytest.mark.parametrize(
    "options",
    [{"lexer": "basic"}, {"propagate_positions": True}, {"lexer_callbacks": {"NAME": lambda t: t}}],
)
def test_driver_refuses_what_it_does_not_model(options: dict[str, Any]) -> None:
    with pytest.raises(Unsupported):
        TableParser(Lark(CALC, parser="lalr", **options), None)


class _TerminalCallback(Transformer):
    def NUMBER(self, token: Any) -> int:  # noqa: N802 - Lark calls a transformer's method named as a terminal
        return int(token)


def test_driver_refuses_transformers_it_does_not_model() -> None:
    with pytest.raises(Unsupported):
        TableParser(Lark(CALC, parser="lalr", transformer=_TerminalCallback()), _TerminalCallback())
