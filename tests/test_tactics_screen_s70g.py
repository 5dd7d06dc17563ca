"""The tactics view at 100x30 (sweep 70g): the log panel held 8 lines while 9 rows below it stayed blank. The log
is shortened only when everything does not fit: the free rows show more of it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.test_tactics_screen_s60 import DUEL, DUO, MELEE, _lines, _session
from toolkit.engine.tactics.session import view


@pytest.mark.parametrize(("save", "lang", "width", "height"), [(DUEL, "en", 100, 40), (DUO, "en", 120, 50),
                                                               (MELEE, "zh-Hans", 200, 50), (DUO, "en", 100, 30)])  # fmt: skip
def test_the_log_fills_the_rows_left_free(save: Any, lang: str, width: int, height: int) -> None:
    session = _session(save)
    entries = len(view(session.game, 1, session.pending)["log"])
    lines = _lines(session, lang, width, height)
    assert len(lines) <= height, "\n".join(lines)
    top = next(i for i, line in enumerate(lines) if re.match(r"╭─ (Log|日志) ─", line))
    in_panel = [line for line in lines[top + 1 :] if line.startswith("│")]
    numbers = [line for line in in_panel if re.match(r"│\s*\d+ ", line)]  # (a log line's first row: its number)
    assert len(numbers) == entries or len(lines) == height, f"{len(numbers)} of {entries}\n" + "\n".join(lines)
