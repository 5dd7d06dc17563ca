"""Stop 61: the tactics tutorial's game ends as the page says it does (the page quoted a result an earlier engine
gave; its prose is not one of the examples tests/test_doc_examples.py runs)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import ROOT

DECKS = ROOT / "examples" / "decks" / "tactics"
PAGES = {"en": ROOT / "docs" / "tutorials" / "tactics-game.md", "zh-Hans": ROOT / "docs" / "tutorials" / "tactics-game.zh.md"}
RESULT = {"en": r"`(result: [^`]*)`", "zh-Hans": r"`(结果：[^`]*)`"}


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_the_tutorials_game_ends_as_the_page_says(cli: Any, lang: str) -> None:
    page = " ".join(PAGES[lang].read_text(encoding="utf-8").split())
    said = re.findall(RESULT[lang], page)
    assert len(said) == 1, said
    result = cli("--lang", lang, "simulate", "tactics", "--decks", DECKS / "duo.json", "--decks",
                 DECKS / "duo-rival.txt", "--seed", "1", "--turns", "100")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == said[0]
