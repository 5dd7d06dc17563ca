"""`dossier show` in Chinese of a card with no Chinese printed text: the English stands in, said so, as printed.

docs/reference/netrunnerdb.md: printed text "in the chosen language (`--lang`, English when the card has none in
Chinese)". The front, a card with one paragraph read into ability text, and a flip identity's back each show
the English under a heading that says it stands in; its icons stay ``[credit]`` tokens and its words English. The
records are invented, written in NetrunnerDB's markup.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from toolkit.i18n import t, word
from toolkit.search import display
from toolkit.search.run import Hit

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")

DRONE: dict[str, Any] = {
    "game": "netrunner",
    "kind": "card",
    "id": "kite_drone",
    "type": "hardware",
    "name": {"zh-Hans": "风筝无人机", "en": "Kite Drone"},
    "printed_text": {
        "en": [
            "When you install this hardware, load 4[credit] onto it. When it is empty, trash it.",
            "[click]<strong>:</strong> Take 2[credit] from this hardware.",
        ]
    },
}
READ_ONE = {  # its second paragraph read into ability text, its first run by a card script
    **DRONE,
    "id": "kite_drone_read",
    "text": ["[click]：从本牌上拿取 2[credit]。"],
    "reading": {"read": [1], "scripted": [0], "status": "executable"},
}
FLIP = {
    "game": "netrunner",
    "kind": "identity",
    "id": "mira_tess_lantern",
    "type": "identity",
    "name": {"zh-Hans": "米拉·泰丝: 提灯", "en": "Mira Tess: Lantern"},
    "printed_text": {"en": ["Whenever you make a successful run, you may flip this identity and gain 1[credit]."]},
    "faces": [
        {
            "name": {"en": "Mira Tess: Shade", "zh-Hans": "Mira Tess: Shade"},
            "printed_text": {"en": ["Whenever you make a successful run, you may flip this identity and draw 1 card."]},
        }
    ],
}
CHINESE_ONLY = {**DRONE, "id": "kite_drone_zh", "printed_text": {"zh-Hans": ["[click]：从本牌上拿取 2[credit]。"]}}


def hit(record: dict[str, Any]) -> Hit:
    return Hit("netrunner", record["kind"], record["id"], record["type"], record["name"]["zh-Hans"],
               record["name"]["en"], json.dumps(record))  # fmt: skip


def stand_in(printed: str, lang: str) -> str:
    return t(
        lang,
        "printed text ({lang} when the card has none in {wanted}):",
        lang=word("lang", printed, lang),
        wanted=word("lang", lang, lang),
    )


def section(text: str, heading: str) -> list[str]:
    """The lines after ``heading`` up to the next blank line."""
    lines = text.splitlines()
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


ENGLISH = [
    "  When you install this hardware, load 4[credit] onto it. When it is empty, trash it.",
    "  [click]: Take 2[credit] from this hardware.",
]


@pytest.mark.parametrize("record", [DRONE, READ_ONE], ids=["no-ability-text", "one-paragraph-read"])
def test_chinese_show_has_the_english_printed_text_marked_as_stand_in(record: dict[str, Any]) -> None:
    text = display.show(hit(record), color=False, lang="zh-Hans")
    assert section(text, stand_in("en", "zh-Hans")) == ENGLISH
    for line in ENGLISH:  # icons as tokens and the words English: no Chinese word in the stand-in
        assert not CJK.search(line)


def test_english_and_bilingual_show_are_as_before() -> None:
    heading = t("en", "printed text ({lang}):", lang=word("lang", "en", "en"))
    assert section(display.show(hit(DRONE), color=False, lang="en"), heading) == ENGLISH
    both = display.show(hit(DRONE), color=False, lang="zh-Hans", bilingual=True)
    assert section(both, t("zh-Hans", "printed text ({lang}):", lang=word("lang", "en", "zh-Hans"))) == ENGLISH
    assert stand_in("en", "zh-Hans") not in both  # --bilingual shows every language it has, none standing in


def test_a_flip_identity_shows_both_faces_english_in_chinese() -> None:
    text = display.show(hit(FLIP), color=False, lang="zh-Hans")
    front = "  Whenever you make a successful run, you may flip this identity and gain 1[credit]."
    back = "  Whenever you make a successful run, you may flip this identity and draw 1 card."
    assert section(text, stand_in("en", "zh-Hans")) == [front]
    face = section(text, f"{t('zh-Hans', 'back face:')} Mira Tess: Shade")
    assert face == ["  " + stand_in("en", "zh-Hans"), back]


def test_english_show_of_a_card_with_chinese_only_says_the_chinese_stands_in() -> None:
    text = display.show(hit(CHINESE_ONLY), color=False, lang="en")
    assert section(text, stand_in("zh-Hans", "en")) == ["  [click]：从本牌上拿取 2[credit]。"]
    assert stand_in("zh-Hans", "en") == "printed text (zh-Hans when the card has none in en):"


def test_a_card_with_chinese_printed_text_shows_it_alone() -> None:
    record = {
        **DRONE,
        "id": "kite_drone_both",
        "printed_text": {**DRONE["printed_text"], "zh-Hans": ["你获得 1[credit]。"]},
    }
    text = display.show(hit(record), color=False, lang="zh-Hans")
    assert section(text, t("zh-Hans", "printed text ({lang}):", lang=word("lang", "zh-Hans", "zh-Hans"))) == [
        "  你获得 1[credit]。"
    ]
    assert "load 4[credit]" not in text
