"""Round 57b of the web app outside play: a deeply nested share code, the name of a deck without one, serve's
--lang, Crossfire role names in refusals, the print form's field names, the plural summary, faction names in
English stats, bad share links, odd page queries told inline, the builder's labels."""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from tests.web.conftest import TEST_CSRF

NONAME = '# game: netrunner\n1 Vera "Fingers" Thorne\n3 Archive Heist\n'


def _code(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_a_deeply_nested_share_code_is_damaged_not_a_500(ro_client: Any) -> None:
    code = _code(b"[" * 100000 + b"]" * 100000)
    r = ro_client.get(f"/api/decks/share/{code}?lang=en")
    assert r.status_code == 400 and r.json()["detail"] == "the share code is damaged: copy the whole link"
    page = ro_client.get(f"/decks/build?d={code}&lang=en")
    assert page.status_code == 400 and "the share code is damaged" in page.text  # (the API's status: sweep 67)


def test_a_deck_without_a_name_is_named_after_its_file_or_new_deck(ro_client: Any) -> None:
    def name(body: dict[str, Any], lang: str) -> str:
        return str(ro_client.post(f"/api/decks/validate?lang={lang}", json=body).json()["deck"]["name"])

    assert name({"text": NONAME}, "en") == "New deck"
    assert name({"text": NONAME}, "zh-Hans") != "New deck" and not name({"text": NONAME}, "zh-Hans").isdigit()
    assert name({"text": NONAME, "filename": "My list.txt"}, "en") == "My list"


def test_serve_passes_lang_to_the_settings(monkeypatch: Any, tmp_path: Any) -> None:
    from typer.testing import CliRunner

    import toolkit.web.app as web_app
    from toolkit.cli.app import app

    seen: dict[str, Any] = {}

    def fake_create_app(settings: Any) -> Any:
        seen["lang"] = settings.lang
        raise SystemExit(0)

    monkeypatch.setattr(web_app, "create_app", fake_create_app)
    from tests.web.conftest import free_port

    port = str(free_port())
    CliRunner().invoke(app, ["serve", "--lang", "en", "--port", port, "--db", str(tmp_path / "d.db")])
    assert seen.get("lang") == "en"


def test_crossfire_role_refusals_name_the_roles(ro_client: Any) -> None:
    body = {"mode": "crossfire", "players": 5, "specials": ["peacekeeper"]}
    en = ro_client.post("/api/decks/roles?lang=en", json=body).json()["detail"]
    zh = ro_client.post("/api/decks/roles?lang=zh-Hans", json=body).json()["detail"]
    assert en.startswith("Peacekeeper joins Crossfire mode") and "'peacekeeper'" not in en
    assert "peacekeeper" not in zh.lower()


def _print_error(client: Any, **fields: str) -> str:
    data = {"source": "paste", "deck": "3 Archive Heist", "csrf_token": TEST_CSRF, "card": "poker", "page": "a4"}
    data.update(fields)
    r = client.post("/print?lang=en", data=data)
    assert r.status_code == 400
    m = re.search(r'class="[^"]*message error[^"]*"[^>]*>(.*?)<', r.text, re.S)
    assert m is not None
    return m.group(1).strip()


def test_print_errors_name_the_form_fields(client: Any) -> None:
    assert _print_error(client, card="custom", card_custom="abc").startswith("Card size ")
    assert _print_error(client, grid="0x0").startswith("Cards per page (CxR) ")
    assert _print_error(client, gutter="1e308").startswith("Gutter (mm) ")
    assert _print_error(client, deck="\U0001f4a9\n").startswith("the pasted list:1")


def test_netrunner_summary_says_one_card() -> None:
    from toolkit.i18n import tn

    assert tn("en", "{n} card (min {min})", "{n} cards (min {min})", 1, min=45) == "1 card (min 45)"
    import inspect

    import validators.deck as deck

    assert '"{n} card (min {min})", "{n} cards (min {min})"' in inspect.getsource(deck)


def test_english_stats_name_the_faction(ro_client: Any) -> None:
    page = ro_client.get("/cards/netrunner/hb_archivist_mk2?lang=en").text
    stats = re.search(r'<p class="stats"><code[^>]*>([^<]*)<', page)
    assert stats is not None and "faction Haas-Bioroid" in stats.group(1) and "haas_bioroid" not in stats.group(1)


def test_bad_share_links_say_so(ro_client: Any) -> None:
    def detail(deck: dict[str, Any]) -> str:
        r = ro_client.get(f"/api/decks/share/{_code(json.dumps(deck).encode())}?lang=en")
        assert r.status_code == 400
        return str(r.json()["detail"])

    assert "out of range" in detail({"game": "netrunner", "name": "x", "cards": {"archive_heist": 10**30}})
    assert "the share link is bad" in detail({"game": "zzz", "name": "x", "cards": {}})
    page = ro_client.get(f"/decks/build?lang=en&d={_code(json.dumps({'game': 'zzz', 'cards': {}}).encode())}")
    assert "the share link is bad" in page.text


def test_odd_page_queries_are_told_on_the_page(ro_client: Any) -> None:
    for url in ("/cards?q=t:ice&page=-1", "/cards?limit=abc", "/cards?q=" + "a" * 2500):
        r = ro_client.get(url + "&lang=en" if "?" in url else url)
        assert r.status_code == 400 and r.headers["content-type"].startswith("text/html"), url
        assert 'id="q-error"' in r.text
    assert 'maxlength="2000"' in ro_client.get("/cards?lang=en").text


def test_builder_labels_know_the_default_name_in_every_language() -> None:
    from toolkit.web.routes.decks import labels

    assert "New deck" in labels("zh-Hans")["new_deck_names"]
    assert labels("zh-Hans")["new_deck"] in labels("en")["new_deck_names"]
