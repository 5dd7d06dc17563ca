"""The deck builder's Export form as a tester found it (round 70): a deck it could not export (a deck field that is no
JSON object, a deck that is no deck, a format that is none) came back as bare text instead of a page saying why
with a way back, as the import form and /print answer."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import TEST_CSRF

ROOT = Path(__file__).resolve().parent.parent.parent
DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"
PAGE = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _alert(page: str) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</p>', page, re.S)
    assert found is not None, page[:500]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


@pytest.mark.parametrize(
    ("deck", "to", "said", "back"),
    [
        ("{bad", "text", "not a JSON object", "/decks"),
        ("[1, 2]", "text", "not a JSON object", "/decks"),
        ("{}", "text", "", "/decks/build?d="),
        (DUEL.read_text(encoding="utf-8"), "bogus", "bogus", "/decks/build?d="),
    ],
)
def test_a_refused_export_is_a_page_with_a_way_back(client: Any, deck: str, to: str, said: str, back: str) -> None:
    form = {"deck": deck, "to": to, "csrf_token": TEST_CSRF}
    answer = client.post("/decks/export?lang=en", data=form, headers=PAGE)
    assert answer.status_code == 400
    assert answer.headers["content-type"].startswith("text/html"), answer.headers["content-type"]
    assert "content-disposition" not in answer.headers
    message = _alert(answer.text)
    assert message and said in message, message
    assert re.search(rf'<a href="{re.escape(back)}[^"]*" id="export-back"', answer.text), answer.text[-1500:]
    # the language switch posts the form again: the same refusal, in the other language
    switch = re.search(
        r'<form class="lang-form" method="post" action="/decks/export\?lang=zh-Hans">(.*?)</form>', answer.text, re.S
    )
    assert switch is not None and 'name="deck"' in switch.group(1) and f'name="to" value="{to}"' in switch.group(1)
    chinese = client.post("/decks/export?lang=zh-Hans", data=form, headers=PAGE)
    assert chinese.status_code == 400 and CJK.search(_alert(chinese.text)), _alert(chinese.text)


def test_a_client_that_asks_for_no_page_gets_the_plain_line_as_before(client: Any) -> None:
    answer = client.post("/decks/export?lang=en", data={"deck": "{bad", "to": "text", "csrf_token": TEST_CSRF})
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("text/plain")
    assert answer.text == "The deck field is not a JSON object."


def test_an_export_still_downloads(client: Any) -> None:
    deck = json.dumps(json.loads(DUEL.read_text(encoding="utf-8")))
    answer = client.post("/decks/export", data={"deck": deck, "to": "text", "csrf_token": TEST_CSRF}, headers=PAGE)
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
