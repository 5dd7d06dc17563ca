"""`dossier show` renders NetrunnerDB markup in printed text and flavour: ANSI bold/italic on a terminal only.

The record is invented, written in NetrunnerDB's markup.
"""

from __future__ import annotations

import io
import json

import pytest

from toolkit.search import display
from toolkit.search.run import Hit

RECORD = {
    "game": "netrunner",
    "kind": "card",
    "id": "relay_hound",
    "type": "ice",
    "name": {"zh-Hans": "中继猎犬", "en": "Relay Hound"},
    "text": [],
    "printed_text": {
        "en": [
            "<strong>Relay</strong> → When you rez this ice, gain 1[credit].",
            "[subroutine] Trace[3]. If successful, choose 1:<ul><li>Draw 1 card.</li><li>Gain 2[credit].</li></ul>",
            "<em>(Reminder text.)</em>",
        ],
        "zh-Hans": ["[subroutine] <trace>追踪 3</trace> 如果成功，你获得 1[credit]。", "<errata>勘误于某日</errata>"],
    },
    "flavor": {"en": "Fetch <em>that</em>.", "zh-Hans": "去<strong>捡</strong>回来。"},
}


def hit() -> Hit:
    return Hit("netrunner", "card", "relay_hound", "ice", "中继猎犬", "Relay Hound", json.dumps(RECORD))


def test_plain_show_has_no_tags_and_keeps_icon_tokens() -> None:
    text = display.show(hit(), color=False, bilingual=True)
    assert "<" not in text and "\x1b" not in text
    lines = text.splitlines()
    assert "  Relay → When you rez this ice, gain 1[credit]." in lines
    assert "  [subroutine] Trace 3. If successful, choose 1:" in lines
    assert "    • Draw 1 card." in lines and "    • Gain 2[credit]." in lines
    assert "  [subroutine] 追踪 3 如果成功，你获得 1[credit]。" in lines
    assert "  勘误于某日" in lines
    assert "  (Reminder text.)" in lines
    assert "  去捡回来。" in lines and "  Fetch that." in lines


def test_color_show_styles_bold_and_italic() -> None:
    text = display.show(hit(), color=True, bilingual=True)
    assert "  \x1b[1mRelay\x1b[22m → When you rez this ice, gain 1[credit]." in text
    assert "\x1b[3m(Reminder text.)\x1b[23m" in text
    assert "\x1b[1m追踪 3\x1b[22m" in text
    assert "<" not in text


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("stdout", "no_color", "ansi"),
    [(io.StringIO(), "", False), (Terminal(), "", True), (Terminal(), "1", False)],
)
def test_color_only_when_stdout_is_a_terminal(
    monkeypatch: pytest.MonkeyPatch, stdout: io.StringIO, no_color: str, ansi: bool
) -> None:
    monkeypatch.setattr("sys.stdout", stdout)
    monkeypatch.setenv("NO_COLOR", no_color)
    assert ("\x1b[" in display.show(hit())) is ansi
