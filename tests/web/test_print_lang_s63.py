"""The print form without a ``lang`` field prints in the page's language, and a deck's file name reads well in
any language: the UTF-8 title in ``filename*`` and an ASCII fallback that is the deck's English name or id."""

from __future__ import annotations

import io
import re
from typing import Any
from urllib.parse import quote

from .conftest import ROOT

CROSSFIRE = ROOT / "examples" / "decks" / "crossfire" / "crossfire-9-specials.json"
DUO = ROOT / "examples" / "decks" / "tactics" / "duo.json"
CJK = re.compile(r"[\u3400-\u9fff]")


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    assert data.startswith(b"%PDF-")
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def test_a_form_without_lang_prints_in_the_pages_language(client: Any) -> None:
    deck = CROSSFIRE.read_text(encoding="utf-8")
    assert client.get("/print?lang=en").status_code == 200  # the page's language becomes the visitor's
    response = client.post("/print", data={"source": "paste", "deck": deck})
    assert response.status_code == 200, response.text[:500]
    text = pdf_text(response.content)
    assert "Agent" in text and not CJK.search(text), text[:300]
    disposition = response.headers["content-disposition"]
    name = "Crossfire-for-9-Peacekeeper-Enforcer-Protester.pdf"
    assert disposition == f"attachment; filename=\"{name}\"; filename*=UTF-8''{name}"


def test_a_form_without_lang_on_a_chinese_page_prints_chinese(client: Any) -> None:
    deck = CROSSFIRE.read_text(encoding="utf-8")
    assert client.get("/print?lang=zh-Hans").status_code == 200
    response = client.post("/print", data={"source": "paste", "deck": deck})
    assert response.status_code == 200, response.text[:500]
    assert "特工" in pdf_text(response.content)


def test_a_chinese_title_falls_back_to_the_english_name_not_ascii_scraps(client: Any) -> None:
    deck = CROSSFIRE.read_text(encoding="utf-8")
    response = client.post("/print", data={"source": "paste", "deck": deck, "lang": "zh-Hans"})
    assert response.status_code == 200, response.text[:500]
    disposition = response.headers["content-disposition"]
    ascii_name = "Crossfire-for-9-Peacekeeper-Enforcer-Protester.pdf"
    utf8_name = quote("交叉火力-9-人局-维和者-执行者-抗议者.pdf")
    assert disposition == f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{utf8_name}"
    duo = client.post("/print", data={"source": "paste", "deck": DUO.read_text(encoding="utf-8"), "lang": "zh-Hans"})
    assert duo.status_code == 200, duo.text[:500]
    assert 'filename="Duo-Hawk-Eye-and-White-Coat.pdf"' in duo.headers["content-disposition"]


def test_a_chinese_only_title_falls_back_to_a_plain_name(client: Any) -> None:
    deck = '{"game": "crossfire", "mode": "crossfire", "players": 5, "name": "交叉火力 5 人局（测试）",' \
        ' "cards": {"agent": 1, "assassin": 2, "bystander": 1, "vip": 1}}'  # fmt: skip
    response = client.post("/print", data={"source": "paste", "deck": deck, "lang": "en"})
    assert response.status_code == 200, response.text[:500]
    disposition = response.headers["content-disposition"]
    # not "5.pdf" (the ASCII scraps of the Chinese title): the plain fallback, the title in filename*
    assert disposition == f"attachment; filename=\"cards.pdf\"; filename*=UTF-8''{quote('交叉火力-5-人局-测试.pdf')}"


def test_a_saved_deck_with_a_chinese_only_title_falls_back_to_its_id(client: Any, web_app: Any) -> None:
    from toolkit.models.deck import Deck
    from toolkit.web.saved import SavedDecks

    deck = Deck.model_validate({"game": "crossfire", "mode": "crossfire", "players": 5, "name": "交叉火力 5 人局",
                                "cards": {"agent": 1, "assassin": 2, "bystander": 1, "vip": 1}})  # fmt: skip
    deck_id = SavedDecks(web_app.state.web.settings.data_path).save(deck, "deck-5abc")
    response = client.post("/print", data={"source": "saved", "saved": deck_id, "lang": "zh-Hans"})
    assert response.status_code == 200, response.text[:500]
    disposition = response.headers["content-disposition"]
    assert disposition == f"attachment; filename=\"deck-5abc.pdf\"; filename*=UTF-8''{quote('交叉火力-5-人局.pdf')}"
