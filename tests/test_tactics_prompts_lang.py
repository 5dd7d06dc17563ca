"""What a person playing tactics is asked (terminal, full screen and web: one prompt and option text each), in one
language: the engine's questions are sentences the catalogs translate (Phrases), their names, cards and ability
text put in the reader's language; a facing, a deployment die's "any zone" and passing in words."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from toolkit.cli._lang import LogNames
from toolkit.engine.tactics.session import TacticsSession
from toolkit.engine.tactics.terminal import option_text, prompt_text
from toolkit.i18n import use_lang

from .test_tactics_decisions import RECORDS, _setup

CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
WORD = re.compile(r"[A-Za-z]{3,}")


def _asked(mode: str, deal: int) -> list[Any]:
    """Every decision of seat 1 in a game a person plays there (a seeded random choice each time)."""
    session = TacticsSession(RECORDS, _setup(mode, ["human", "heuristic"], deal=deal))
    rng = random.Random(deal)
    asked = []
    while session.pending is not None and len(asked) < 500:
        asked.append(session.pending)
        session.apply(rng.choice(session.pending.labels()))
    return asked


@pytest.fixture(scope="module")
def asked() -> list[Any]:
    return [d for mode, deal in (("duel", 3), ("duo", 4), ("duel", 9)) for d in _asked(mode, deal)]


def _shown(decisions: list[Any], lang: str) -> list[str]:
    names = LogNames(RECORDS, lang)
    with use_lang(lang):
        return [text for d in decisions for text in (prompt_text(d.prompt, names),
                *(option_text(o.value, o.text, lang, names, d.kind) for o in d.options))]  # fmt: skip


def test_english_players_read_no_chinese(asked: list[Any]) -> None:
    kinds = {d.kind for d in asked}
    assert {"action", "move", "facing", "mulligan", "deployment_die", "deploy"} <= kinds, kinds
    shown = _shown(asked, "en")
    assert not [text for text in shown if CJK.search(text)]
    assert "north" in shown and "any zone" in shown  # a facing and a deployment die in words


def test_chinese_players_read_no_english(asked: list[Any]) -> None:
    shown = _shown(asked, "zh-Hans")
    assert not [text for text in shown if WORD.search(text)]
    assert "北" in shown and "任意部署区" in shown
    prompts = {d.prompt for d in asked}
    assert all(isinstance(p, str) for p in prompts)  # (the engine's questions stay its English strings)
