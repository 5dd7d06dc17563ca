"""Sweep s72g, a Chinese reader's search and play words: an unknown faction, subtype, agent or format lists its ids
with their Chinese names joined with ``、`` (as ``t:`` lists its values), the agent key is called 特工 (the
glossary's word), and a Chinese value, name or key one character off is offered what it may be (``寒鸡`` → ``寒鸦``,
``dossier show 白鹿`` → ``白鹭``, ``类形:装备`` → ``类型``) while Latin suggestions stay as they were; Netrunner's plain
terminal shows an option's words first and its label after in brackets (``1. 保留   [keep]``), as tactics does."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from toolkit import i18n
from toolkit.catalog import load_catalog
from toolkit.db import build_database, open_database, resolve_target
from toolkit.errors import DossierError
from toolkit.names import record_names
from toolkit.search import get_record, search
from toolkit.search.keys import close_keys
from toolkit.search.parser import QueryError, parse_query

from .conftest import CARDS


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = str(tmp_path_factory.mktemp("s72g") / "dossier.db")
    build_database(load_catalog([CARDS]), resolve_target(url))
    yield url


def problem(url: str, query: str, lang: str = "zh-Hans") -> str:
    with i18n.use_lang(lang), open_database(url) as db, pytest.raises(QueryError) as caught:
        list(search(db, query))
    return caught.value.problem


# ---- 1. an unknown faction, subtype, agent or format: ids with Chinese names, joined with 、


@pytest.mark.parametrize(
    ("query", "listed"),
    [
        ("agent:不存在", "jackdaw（寒鸦）、"),
        ("f:不存在", "anarch（无政府主义者）、criminal（罪犯）、"),
        ("s:不存在", "barrier（屏障）、"),
        ("z:不存在", "standard（标准赛制）"),
    ],
)
def test_an_unknown_value_lists_ids_with_chinese_names_in_chinese(bundled: str, query: str, listed: str) -> None:
    said = problem(bundled, query)
    assert listed in said, said
    assert ", " not in said, said


@pytest.mark.parametrize(
    ("query", "listed"),
    [("agent:nothing", "unknown agent 'nothing'; known here: anvil, cinder,"), ("f:nothing", "anarch, criminal,")],
)
def test_in_english_an_unknown_value_still_lists_ids(bundled: str, query: str, listed: str) -> None:
    said = problem(bundled, query, "en")
    assert listed in said and "（" not in said, said


def test_the_agent_key_is_called_by_the_glossary_word_and_a_chinese_typo_is_offered_the_name(bundled: str) -> None:
    said = problem(bundled, "agent:寒鸡")
    assert said.startswith("未知的特工 '寒鸡'"), said
    assert "寒鸦" in said and "专用" not in said, said


# ---- 2. a Chinese name or key one character off


def test_a_chinese_word_one_character_off_is_close_and_a_latin_one_is_not() -> None:
    from toolkit.search.keys import close_words

    assert close_words("白鹿", ["白鹭", "鹭鸶"]) == ["白鹭"]
    assert close_words("攻击距", ["攻击距离"]) == ["攻击距离"]
    assert close_words("ab", ["ac"]) == []  # (half alike, as 白鹿 and 白鹭 are: not offered)
    assert close_words("白鹿", ["黑鹰"]) == []


@pytest.mark.parametrize(("ref", "offered"), [("白鹿", "白鹭"), ("雾刀", "雾刃"), ("寒鸡", "寒鸦")])
def test_show_offers_a_chinese_name_one_character_off(bundled: str, ref: str, offered: str) -> None:
    with open_database(bundled) as db, pytest.raises(DossierError) as caught:
        get_record(db, ref)
    assert f"'{offered}'" in str(caught.value), caught.value


@pytest.mark.parametrize(("query", "key"), [("类形:装备", "类型"), ("类形：装备", "类型"), ("攻数：2", "攻速")])
def test_a_chinese_key_one_character_off_before_a_colon_is_a_typo_of_it(query: str, key: str) -> None:
    with pytest.raises(QueryError) as caught:
        parse_query(query)
    assert key in caught.value.problem and caught.value.column == 1


def test_the_glossary_word_of_a_key_that_is_no_alias_points_at_the_key() -> None:
    assert close_keys("特工") == ["agent"]  # (not 特殊, one character off)


def test_no_bundled_name_before_its_colon_is_read_as_a_key_typo() -> None:
    titled = {
        name
        for record in load_catalog([CARDS]).records
        for name in record_names(record)
        if re.search(r"[：:]", name) and not name[:1].isspace()
    }
    assert titled  # (the bundled cards have such names)
    misread = [name for name in sorted(titled) if any(t.key is not None for t in parse_query(name).terms)]
    assert misread == []


# ---- 3. Netrunner's plain terminal: the words first, the label after in brackets


def _said(lang: str, answers: list[str]) -> tuple[list[str], list[str]]:
    """What the runner's plain terminal said and the labels it chose, typed ``answers`` (as the s64 tests play)."""
    from .test_netrunner_cli_s64 import _game, _person

    person, said = _person(answers, lang)
    game = _game("runner", person)
    with pytest.raises(EOFError):
        game.play_game(max_turns=4)
    return said, [d["label"] for d in game.decisions if d["seat"] == 2]


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_an_option_shows_its_words_first_and_its_label_in_brackets_and_the_label_still_answers(lang: str) -> None:
    said, chosen = _said(lang, ["keep", "draw"])
    if lang == "zh-Hans":
        assert "  1. 保留   [keep]" in said, said
    else:
        assert "  1. keep" in said  # (worded as its label: said once)
    assert "  1. draw a card   [draw]" in said or "  1. 补一张牌   [draw]" in said, said
    assert not any(re.match(r"\s+\d+\. [a-z:_#0-9]+  — ", line) for line in said)
    assert chosen[:2] == ["keep", "draw"]


def test_a_label_that_is_a_symbol_word_stays_the_label_on_the_plain_terminal() -> None:
    from toolkit.engine.netrunner.terminal import plain_line

    assert plain_line("  2. gain 1[credit]   [credit]", "en") == "  2. gain 1 credit   [credit]"
    assert plain_line("  3. 安装：休眠账户#77（2[credit]）   [install:dormant_account#77]", "zh-Hans").endswith(
        "   [install:dormant_account#77]"
    )
