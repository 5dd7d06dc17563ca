"""The card pages say when a name or a flavour is not in the page's language (helper 8's fixes).

- A card with no English name or flavour, on an English page: the name (h1, <title>, image alt, search tile) and
  the flavour are marked lang="zh-Hans" and noted in words, as printed text already was.
- An imported NetrunnerDB card's English stand-ins (its ``untranslated`` pointers, ``/name/zh-Hans``): shown as the
  English they are (lang="en"), with the same note, on a Chinese page.
- An English paragraph of printed text on a Chinese page names its icons in English (credit, not 信用点).
- A missing record or image names the game by its name (特工战术) and the kind by its word (卡牌), not their ids.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import BASE, CARDS, ROOT, SCHEMA

NRDB = ROOT / "tests" / "fixtures" / "netrunnerdb_v2"


def _client(cards: list[Path], root: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    settings = WebSettings(cards=cards, db_url=str(root / "web.db"), cache=root / "cache", data=root / "data")
    with TestClient(create_app(settings), base_url=BASE) as client:
        yield client


@pytest.fixture(scope="module")
def tactics(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The bundled cards and, in a card folder of its own, a copy of backdoor_access with no English name or
    flavour (zz_no_english)."""
    root = tmp_path_factory.mktemp("fix8-tactics")
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    card = json.loads((CARDS / "tactics" / "cards" / "backdoor_access.json").read_text(encoding="utf-8"))
    card["id"] = "zz_no_english"
    del card["name"]["en"], card["flavor"]["en"], card["$schema"]
    extra = root / "extra" / "tactics" / "cards"
    extra.mkdir(parents=True)
    (extra / "zz_no_english.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    yield from _client([root / "cards", root / "extra"], root)


@pytest.fixture(scope="module")
def nrdb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The NetrunnerDB fixture imported: harbor_fixer_lune has no Chinese name (an English stand-in) and English
    printed text only; quillfracter_nine no Chinese flavour."""
    from toolkit.i18n import use_lang
    from toolkit.importers import import_netrunnerdb

    root = tmp_path_factory.mktemp("fix8-nrdb")
    with use_lang("en"):
        import_netrunnerdb(NRDB, root / "nrdb")
    harbor = json.loads((root / "nrdb" / "cards" / "harbor_fixer_lune.json").read_text(encoding="utf-8"))
    quill = json.loads((root / "nrdb" / "cards" / "quillfracter_nine.json").read_text(encoding="utf-8"))
    assert "/name/zh-Hans" in harbor["untranslated"] and list(harbor["printed_text"]) == ["en"]
    assert "/flavor/zh-Hans" in quill["untranslated"] and "/name/zh-Hans" not in quill["untranslated"]
    yield from _client([root / "nrdb"], root)


def _one(pattern: str, html: str) -> str:
    found = re.search(pattern, html, re.S)
    assert found is not None, pattern
    return found.group(0)


def test_an_english_page_marks_a_chinese_only_name_and_flavour(tactics: Any) -> None:
    html = tactics.get("/cards/tactics/zz_no_english?lang=en").text
    assert '<h1 id="card-name" lang="zh-Hans">后门接入</h1>' in html
    assert '<p class="muted small" id="name-note">(no English name)</p>' in html
    assert "<title>后门接入 (no English name) · Cards · Dossier</title>" in html
    assert 'alt="后门接入, as printed (no English name)"' in html
    flavor = _one(r'<section aria-labelledby="flavor-h">.*?</section>', html)
    assert '<div lang="zh-Hans" class="flavor"' in flavor and "(no English flavor text)" in flavor
    # a card with both: nothing to say
    html = tactics.get("/cards/tactics/backdoor_access?lang=en").text
    assert '<h1 id="card-name">Backdoor Access</h1>' in html and "name-note" not in html and "flavor-note" not in html
    # the Chinese page of the Chinese-only card: in its own language
    html = tactics.get("/cards/tactics/zz_no_english?lang=zh-Hans").text
    assert '<h1 id="card-name">后门接入</h1>' in html and "name-note" not in html and "flavor-note" not in html


def test_an_english_search_marks_a_chinese_only_name(tactics: Any) -> None:
    html = tactics.get("/cards", params={"q": "id:zz_no_english", "lang": "en"}).text
    tile = _one(r'<a class="tile"[^>]*data-ref="tactics/zz_no_english">.*?</a>', html)
    assert '<span class="name" lang="zh-Hans">后门接入</span>' in tile
    assert '<span class="type name-note">(no English name)</span>' in tile
    html = tactics.get("/cards", params={"q": "id:backdoor_access", "lang": "en"}).text
    tile = _one(r'<a class="tile"[^>]*data-ref="tactics/backdoor_access">.*?</a>', html)
    assert '<span class="name">Backdoor Access</span>' in tile and "name-note" not in tile


def test_an_imports_english_stand_ins_are_shown_as_english(nrdb: Any) -> None:
    html = nrdb.get("/cards/netrunner/harbor_fixer_lune?lang=zh-Hans").text
    assert '<h1 id="card-name" lang="en">Harbor Fixer Lune</h1>' in html
    note = _one(r'<p class="muted small" id="name-note">.*?</p>', html)
    assert "中文" in note and "English" not in note
    html = nrdb.get("/cards/netrunner/quillfracter_nine?lang=zh-Hans").text
    assert '<h1 id="card-name">羽刃破墙器九型</h1>' in html and "name-note" not in html
    flavor = _one(r'<section aria-labelledby="flavor-h">.*?</section>', html)
    assert '<div lang="en" class="flavor" translate="no"><p class="markup text">Nine tries, one door.</p>' in flavor
    assert 'id="flavor-note"' in flavor and "中文" in flavor
    # in English both are the card's own English: nothing to say
    for card in ("harbor_fixer_lune", "quillfracter_nine"):
        html = nrdb.get(f"/cards/netrunner/{card}?lang=en").text
        assert "name-note" not in html and "flavor-note" not in html and '<h1 id="card-name">' in html
    record = nrdb.get("/api/records/netrunner/quillfracter_nine?lang=zh-Hans").json()
    assert record["flavor_shown"]["lang"] == "en" and record["flavor_shown"]["stand_in"] is True
    assert record["name_lang"] == "zh-Hans" and record["name_note"] is None
    # the search tile of the stand-in says so too (the entry gives the name's language)
    found = nrdb.get("/api/search?q=harbor&lang=zh-Hans").json()["results"]
    assert [r["name_lang"] for r in found if r["id"] == "harbor_fixer_lune"] == ["en"]
    tiles = nrdb.get("/cards?q=harbor&lang=zh-Hans").text
    assert '<span class="name" lang="en">Harbor Fixer Lune</span>' in tiles and "name-note" in tiles


def test_english_printed_text_names_its_icons_in_english(nrdb: Any) -> None:
    html = nrdb.get("/cards/netrunner/harbor_fixer_lune?lang=zh-Hans").text
    printed = _one(r'<section aria-labelledby="printed-h">.*?</section>', html)
    assert '<div lang="en" class="printed"' in printed
    assert 'aria-label="credit"><title>credit</title>' in printed and 'aria-label="click"' in printed
    assert "信用点" not in printed and "时点" not in printed
    assert "（只有这种语言的印刷文字）" in printed
    record = nrdb.get("/api/records/netrunner/harbor_fixer_lune?lang=zh-Hans").json()
    assert record["printed_shown"]["stand_in"] is True
    # Chinese printed text on the Chinese page: its icons in Chinese, no note
    printed = _one(r'<section aria-labelledby="printed-h">.*?</section>',
                   nrdb.get("/cards/netrunner/quillfracter_nine?lang=zh-Hans").text)  # fmt: skip
    assert 'aria-label="信用点"' in printed and 'aria-label="credit"' not in printed and "只有这种语言" not in printed


def test_a_missing_record_names_the_game_and_kind_in_words(tactics: Any) -> None:
    page = tactics.get("/cards/tactics/nope?lang=zh-Hans")
    message = _one(r'<p class="message error" role="alert">.*?</p>', page.text)
    assert page.status_code == 404 and "特工战术" in message and "nope" in message and "tactics" not in message
    page = tactics.get("/cards/netrunner/nope?kind=card&lang=zh-Hans")
    message = _one(r'<p class="message error" role="alert">.*?</p>', page.text)
    assert "矩阵潜袭" in message and "卡牌" in message and "netrunner" not in message and "card" not in message
    image = tactics.get("/images/tactics/card/nope.png?lang=zh-Hans")
    assert image.status_code == 404 and "特工战术" in image.text and "卡牌" in image.text
    assert "tactics" not in image.text and "card" not in image.text
    image = tactics.get("/images/tactics/mode/duel.png?lang=zh-Hans")  # a mode: no printed card
    assert image.status_code == 404 and "特工战术" in image.text and "模式" in image.text
    assert "tactics" not in image.text and "mode" not in image.text
    # English keeps its words (ids and names are the same there)
    assert tactics.get("/images/tactics/card/nope.png?lang=en").text == (
        "No tactics record has the id nope and the kind card."
    )
    assert tactics.get("/images/tactics/mode/duel.png?lang=en").text == "The tactics mode duel has no printed card."
    message = _one(r'<p class="message error" role="alert">.*?</p>', tactics.get("/cards/tactics/nope?lang=en").text)
    assert "No tactics record has the id nope." in message
