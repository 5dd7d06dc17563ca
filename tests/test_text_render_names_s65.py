"""`text render` of a text quoting a card: by its English name in English; a quote of a card's English name, or of
no card of the pool, is told in a warning (as lint's card.text.ref tells it), and English output has no Chinese
corner brackets."""

from __future__ import annotations

from typing import Any

SEARCH = "你搜寻 1 张「{}」。"


def test_a_card_of_the_pool_is_named_in_english_without_a_warning(cli: Any) -> None:
    result = cli("text", "render", "--lang", "en", SEARCH.format("急救包"))
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == 'You search your deck for 1 "Med Kit".' and not result.stderr


def test_an_english_name_in_the_quote_is_told(cli: Any) -> None:
    for lang in ("en", "zh-Hans"):
        result = cli("text", "render", "--lang", lang, SEARCH.format("Med Kit"))
        assert result.exit_code == 0, result.output
        assert "「急救包」" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    result = cli("text", "render", "--lang", "en", SEARCH.format("Med Kit"))
    assert result.stdout.strip() == 'You search your deck for 1 "Med Kit".'
    assert "English name" in result.stderr


def test_a_name_of_no_card_is_told_and_english_output_has_no_corner_brackets(cli: Any) -> None:
    result = cli("text", "render", "--lang", "en", SEARCH.format("不存在的牌"))
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == 'You search your deck for 1 "不存在的牌".'
    assert result.stderr.startswith("dossier: warning: 「不存在的牌」 is no card of the card pool")
    chinese = cli("text", "render", "--lang", "zh-Hans", SEARCH.format("不存在的牌"))
    assert chinese.stdout.strip() == SEARCH.format("不存在的牌") and "「不存在的牌」" in chinese.stderr


def test_text_run_tells_a_quote_of_no_card_as_render_does(cli: Any) -> None:
    result = cli("text", "run", SEARCH.format("不存在的牌"), "--mode", "duel", "--seed", "1", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("dossier: warning: 「不存在的牌」 is no card of the card pool")
    quiet = cli("text", "run", SEARCH.format("急救包"), "--mode", "duel", "--seed", "1", "--lang", "en")
    assert quiet.exit_code == 0 and "warning" not in quiet.stderr, quiet.output
