"""The options of the main phase in the reader's language, a unit the reader may not see by its handle: scavenging a
hidden scene obstacle was offered in Chinese on the English screen (``正义的搜刮: Egret#2 and hidden#8924``), and with
an English "and" on the Chinese one (a tester's `dossier play tactics --plain`)."""

from __future__ import annotations

import re

import pytest

from toolkit.cli._lang import LogNames
from toolkit.engine.tactics.decisions import decision_for
from toolkit.engine.tactics.state import hidden_alias
from toolkit.engine.tactics.terminal import option_text

from .tactics_util import board_game, obstacle, put

CJK = re.compile(r"[\u3400-\u9fff]")


def _options(lang: str) -> tuple[list[str], str, list[str]]:
    """Seat 1's scavenges and voluntary exposures (its face-down 铁砧) next to a hidden scene obstacle, as the
    terminal and the play page word them in ``lang``; the obstacle's handle; its names and those of 烈风 and 铁砧 as
    ``lang`` says them."""
    game = board_game()
    gale = put(game, 1, "gale", (2, 3), "w")
    anvil = put(game, 1, "anvil", (6, 6), "n", hidden=True)
    cabinet = obstacle(game, "filing_cabinet", (3, 3))
    cabinet.alias, cabinet.hidden = hidden_alias(game.seed, cabinet.uid), True
    decision = decision_for(game, 1, "choose an action", game.legal_actions(1), 0)
    names = LogNames(game.records, lang)
    said = [option_text(o.value, o.text, lang, names, decision.kind) for o in decision.options
            if o.value.kind in ("scavenge", "expose")]  # fmt: skip
    kept = [cabinet.record.name.en, cabinet.record.name.zh_hans, str(names.name(str(gale))),
            str(names.name(str(anvil)))]  # fmt: skip
    return said, f"hidden#{cabinet.alias}", kept


def test_scavenging_a_hidden_obstacle_is_offered_in_english() -> None:
    said, handle, (_, _, gale, anvil) = _options("en")
    assert f"{gale}: scavenge {handle}" in said, said
    assert f"expose {anvil} (a special ability)" in said, said
    assert not any(CJK.search(words) for words in said), said


def test_scavenging_a_hidden_obstacle_is_offered_in_chinese() -> None:
    said, handle, (_, _, gale, anvil) = _options("zh-Hans")
    assert f"{gale}：对 隐蔽单位#{handle.split('#')[1]} 进行正义的搜刮" in said, said
    assert f"暴露 {anvil}（特殊能力）" in said, said
    assert not any(re.search(r"[A-Za-z]", words) for words in said), said


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_hidden_obstacle_is_never_named_by_what_it_is(lang: str) -> None:
    said, _, (english, chinese, _, _) = _options(lang)
    assert not any(english in words or chinese in words for words in said), said
