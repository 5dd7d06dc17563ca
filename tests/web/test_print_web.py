"""The print page: a deck or a search and `dossier print`'s options give the same PDF sheets; errors are one line."""

from __future__ import annotations

import html
import io
import math
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from .conftest import ROOT

DECK = ROOT / "examples" / "decks" / "tactics" / "duo-list.txt"


def pdf_pages(data: bytes) -> int:
    from pypdf import PdfReader

    assert data.startswith(b"%PDF-")
    return len(PdfReader(io.BytesIO(data)).pages)


def expected_pages(cards: int, backs: bool, card: str = "poker", page: str = "a4") -> int:
    from toolkit.sheets import geometry

    layout = geometry.plan(geometry.SheetSpec(card=geometry.parse_card_size(card), page=geometry.parse_page_size(page)))
    return math.ceil(cards / layout.per_page) * (2 if backs else 1)


def deck_size(web_app: Any, text: str) -> int:
    from toolkit.sheets.selection import deck_records
    from toolkit.web.deckwork import read_text, usable

    web = web_app.state.web
    return len(deck_records(usable(read_text(web.deck_pool, text), web.deck_pool), web.catalog))


def error_of(page: str) -> str:
    found = re.findall(r'id="pr-error">([^<]*)<', page)
    return html.unescape(found[0]) if found else ""


def test_a_pasted_deck_prints_as_dossier_print_does(client: Any, web_app: Any) -> None:
    text = DECK.read_text(encoding="utf-8")
    form = {"source": "paste", "deck": text, "backs": "long-edge", "crop_marks": "on", "lang": "en"}
    response = client.post("/print", data=form)
    assert response.status_code == 200, error_of(response.text)
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"].startswith("attachment;")
    assert pdf_pages(response.content) == expected_pages(deck_size(web_app, text), backs=True)
    uploaded = client.post(
        "/print", data={"source": "upload"}, files={"file": ("duo.txt", text.encode(), "text/plain")}
    )
    assert uploaded.status_code == 200 and pdf_pages(uploaded.content) == expected_pages(
        deck_size(web_app, text), False
    )


@pytest.mark.parametrize(
    ("lang", "ascii_name", "utf8_name"),
    [
        ("en", "Duel-Mistblade-Strikes-Unseen.pdf", "Duel-Mistblade-Strikes-Unseen.pdf"),
        # no ASCII in the Chinese title: the English name is the ASCII fallback, the title in filename* (RFC 6266)
        ("zh-Hans", "Duel-Mistblade-Strikes-Unseen.pdf", quote("单挑-雾刃暗杀.pdf")),
    ],
)
def test_a_deck_downloads_under_its_title_in_the_cards_language(
    client: Any, lang: str, ascii_name: str, utf8_name: str
) -> None:
    text = (ROOT / "examples" / "decks" / "tactics" / "duel.json").read_text(encoding="utf-8")
    response = client.post("/print", data={"source": "paste", "deck": text, "lang": lang})
    assert response.status_code == 200, error_of(response.text)
    disposition = response.headers["content-disposition"]
    assert disposition == f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{utf8_name}"


def test_a_search_and_the_alignment_page(client: Any, web_app: Any) -> None:
    from toolkit.search import search
    from toolkit.sheets.layouts import is_printable

    web = web_app.state.web
    hits = [
        h for h in search(web.database, "t:装备", game="tactics") if is_printable(web.catalog.get(h.game, h.id, h.kind))
    ]
    response = client.post("/print", data={"source": "search", "q": "t:装备", "game": "tactics", "card": "bridge"})
    assert response.status_code == 200, error_of(response.text)
    assert pdf_pages(response.content) == expected_pages(len(hits), False, "bridge")
    calibration = client.post("/print", data={"calibrate": "1", "backs": "short-edge"})
    assert calibration.status_code == 200 and pdf_pages(calibration.content) == 2


ERRORS = [  # (form fields over a pasted deck, words of the one-line error: a field by its label, not option)
    ({"bleed": "9"}, "Bleed (mm, 0-3) 9: bleed is 0-3 mm"),
    ({"card": "custom", "card_custom": "10x10"}, "Card size '10x10': a card is 20-200 mm wide"),
    ({"grid": "three"}, "Cards per page (CxR) 'three': expected COLUMNSxROWS"),
    ({"back_dx": "x"}, "Move backs right (mm) 'x': expected a number"),
    ({"deck": "3x No Such Card Anywhere"}, "deck.game"),
    ({"deck": ""}, "the deck is empty"),
    ({"source": "search", "q": "zzzzzz-nothing"}, "no printable cards match"),
    ({"source": "saved", "saved": "../../etc"}, "no saved deck"),
    ({"source": "upload"}, "no file uploaded"),
]


def test_errors_are_one_line_above_the_form(client: Any) -> None:
    for form, words in ERRORS:  # one app for the table: building one per row costs a second each
        data = {"source": "paste", "deck": DECK.read_text(encoding="utf-8"), **form}
        response = client.post("/print?lang=en", data=data)
        assert response.status_code == 400, form
        message = error_of(response.text)
        assert words in message and "\n" not in message, (form, message)
        assert 'id="pr-form"' in response.text  # the form again, with what was entered
        if form.get("deck"):
            assert html.escape(form["deck"], quote=False) in response.text


def test_printing_is_refused_to_other_sites(bare_client: Any) -> None:
    response = bare_client.post("/print", data={"source": "paste", "deck": "1x A"})
    assert response.status_code == 403


def test_the_page_in_both_languages(client: Any) -> None:
    assert "Download PDF" in client.get("/print?lang=en").text
    assert "下载 PDF" in client.get("/print?lang=zh-Hans").text
    chosen = client.get("/print?q=t:装备&game=tactics&lang=en").text
    assert re.search(r'value="search" id="pr-source-search" checked', chosen)


def test_download_a_pdf_in_chromium(live_server: str, page: Any, tmp_path: Path) -> None:
    text = DECK.read_text(encoding="utf-8")
    page.goto(f"{live_server}/print?lang=en")
    page.fill("#pr-deck", text)
    page.select_option("#pr-backs", "long-edge")
    with page.expect_download() as info:
        page.click("#pr-go")
    target = tmp_path / "sheet.pdf"
    info.value.save_as(target)
    data = target.read_bytes()
    assert data[:5] == b"%PDF-"
    cards = sum(int(m) for m in re.findall(r"^\s*(\d+)\s*x", text, re.M))
    assert pdf_pages(data) == expected_pages(cards, backs=True)
    page.select_option("#pr-card", "custom")
    page.fill("#pr-card-custom", "10x10")
    page.click("#pr-go")
    assert "a card is 20-200 mm wide" in page.locator("#pr-error").inner_text()
