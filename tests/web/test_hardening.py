"""The hardened server (issue 24, part 6) and the card page at scale (part 1).

Bodies over the limit are refused before they are read; every answer carries the security headers and every
page a Content-Security-Policy its own scripts satisfy; text answers are compressed; the write token leaves the
address bar; no answer shows a server path; a card page looks its legality up in a table made once per pool,
shows the current formats with the snapshots behind a disclosure, and draws the card text's icons.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF
from toolkit.web.settings import WebSettings


def _client(settings: WebSettings) -> Any:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    return TestClient(create_app(settings), base_url=BASE)


# ---------------------------------------------------------------------- request bodies


def test_a_body_over_the_limit_is_refused_before_it_is_read(web_settings: WebSettings, monkeypatch: Any) -> None:
    from toolkit.web.routes import api

    read: list[Any] = []
    monkeypatch.setattr(api, "loaded_of", lambda *a, **k: read.append(a))  # would be called with a parsed body
    web_settings.max_body = 64 * 1024
    with _client(web_settings) as c:
        c.cookies.set("csrf", TEST_CSRF)
        body = json.dumps({"text": "1x Sure Gamble\n" * 10_000}).encode()
        assert len(body) > web_settings.max_body
        answer = c.post("/api/decks/validate", content=body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 413
        assert " 64 " in answer.json()["detail"] and "--max-body" in answer.json()["detail"]
        # in the page's language too
        answer = c.post(
            "/api/decks/validate", content=body, headers={"Content-Type": "application/json", "Accept-Language": "zh"}
        )
        assert answer.status_code == 413 and "64 千字节" in answer.json()["detail"] and "上限" in answer.json()["detail"]
    assert read == []


def test_a_chunked_body_is_cut_off_at_the_limit(web_settings: WebSettings) -> None:
    web_settings.max_body = 16 * 1024
    sent = []

    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            sent.append(1)
            yield b"x" * 4096

    with _client(web_settings) as c:
        answer = c.post("/api/decks/validate", content=chunks(), headers={"Content-Type": "application/json"})
    assert answer.status_code == 413
    assert " 16 " in answer.json()["detail"]


def test_a_body_under_the_limit_is_served(client: Any) -> None:
    answer = client.post("/api/decks/validate", json={"text": "3x Sure Gamble"})
    assert answer.status_code == 200


def test_serve_takes_max_body_in_kib() -> None:
    from typer.testing import CliRunner

    from toolkit.cli import app

    result = CliRunner().invoke(app, ["serve", "--max-body", "0"])
    assert result.exit_code == 2 and "--max-body" in result.output


# ---------------------------------------------------------------------- headers, CSP, compression


def test_pages_and_answers_carry_the_security_headers(ro_client: Any) -> None:
    page = ro_client.get("/cards?q=t:ice", headers={"Accept-Encoding": "identity"})
    assert page.status_code == 200
    for name, value in (
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "same-origin"),
        ("x-frame-options", "DENY"),
    ):
        assert page.headers[name] == value
    policy = page.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    nonce = re.search(r"'nonce-([^']+)'", policy)
    assert nonce is not None and "unsafe-inline" not in policy.split("script-src", 1)[1].split(";")[0]
    api = ro_client.get("/api/search", params={"q": "t:ice"})
    assert api.headers["x-content-type-options"] == "nosniff" and "content-security-policy" not in api.headers


def test_every_inline_script_carries_the_nonce_of_its_page(ro_client: Any) -> None:
    for path in ("/cards", "/decks/build?game=tactics", "/editor", "/print", "/crossfire", "/cards/tactics/jackdaw"):
        page = ro_client.get(path)
        assert page.status_code == 200, path
        nonce = re.search(r"'nonce-([^']+)'", page.headers["content-security-policy"]).group(1)  # type: ignore[union-attr]
        for tag in re.findall(r"<script\b[^>]*>", page.text):
            if "src=" in tag or "application/json" in tag:
                continue
            assert f'nonce="{nonce}"' in tag, (path, tag)
        assert not re.search(r"\son[a-z]+=\"", page.text), path  # no inline event handlers


def test_text_answers_are_compressed_and_images_are_not(ro_client: Any) -> None:
    page = ro_client.get("/cards?q=t:ice", headers={"Accept-Encoding": "gzip"})
    assert page.headers.get("content-encoding") == "gzip"
    raw = ro_client.get("/cards?q=t:ice", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert len(gzip.compress(raw.content)) < len(raw.content) / 2
    api = ro_client.get("/api/search", params={"q": "k:card"}, headers={"Accept-Encoding": "gzip"})
    assert api.headers.get("content-encoding") == "gzip"
    image = ro_client.get("/images/tactics/agent/jackdaw.png", headers={"Accept-Encoding": "gzip"})
    assert image.status_code == 200 and "content-encoding" not in image.headers


# ---------------------------------------------------------------------- the write token


def test_the_token_leaves_the_address_bar_after_first_use(web_settings: WebSettings) -> None:
    web_settings.host = "0.0.0.0"
    web_settings.token = "t" * 24
    with _client(web_settings) as c:
        answer = c.get(f"/cards?q=t%3Aice&token={'t' * 24}&lang=en", follow_redirects=False)
        assert answer.status_code == 303
        assert answer.headers["location"] == "/cards?q=t%3Aice&lang=en"
        assert "token=" + "t" * 24 in answer.headers.get("set-cookie", "")
        assert answer.headers["cache-control"] == "no-store"
        # a wrong token is not a cookie and moves nothing
        wrong = c.get("/cards?token=wrong-token-wrong-token", follow_redirects=False)
        assert wrong.status_code == 200


# ---------------------------------------------------------------------- no server paths


def test_no_answer_shows_a_server_path(client: Any, web_cards: Path) -> None:
    root = str(web_cards.parent)
    paths = [
        "/cards?q=k:card",
        "/cards/tactics/jackdaw",
        "/cards/netrunner/backroom_bookie",
        "/api/records/netrunner/backroom_bookie",
        "/api/records/tactics/jackdaw",
        "/decks",
        "/decks/build?game=netrunner",
        "/editor",
        "/editor/record/tactics/jackdaw?kind=agent",
        "/print",
        "/crossfire",
        "/cards/netrunner/no_such_card",
    ]
    for path in paths:
        answer = client.get(path)
        assert root not in answer.text, f"{path} shows {root}"
    card = client.get("/cards/tactics/jackdaw")
    assert "cards/tactics/" in card.text  # the file, from its card folder


# ---------------------------------------------------------------------- the card page


@pytest.fixture
def snapshot_cards(web_cards: Path) -> Path:
    """The bundled cards plus a dated snapshot of the standard format whose pool is empty."""
    standard = json.loads((web_cards / "netrunner" / "modes" / "standard.json").read_text(encoding="utf-8"))
    snapshot = dict(standard)
    snapshot.update(
        id="standard_2012",
        name={"zh-Hans": "标准赛制 2012-09-06", "en": "Standard 2012-09-06"},
        snapshot_of="standard",
        date_start="2012-09-06",
        sets=["no_such_set"],
    )
    (web_cards / "netrunner" / "modes" / "standard_2012.json").write_text(json.dumps(snapshot), encoding="utf-8")
    return web_cards


def test_card_page_shows_current_formats_and_snapshots_behind_a_disclosure(
    snapshot_cards: Path, web_settings: WebSettings
) -> None:
    with _client(web_settings) as c:
        page = c.get("/cards/netrunner/backroom_bookie?lang=en").text
    current = page.split('id="legality"', 1)[1].split("</table>", 1)[0]
    assert "standard" in current and "standard_2012" not in current
    history = page.split('id="legality-history"', 1)[1].split("</details>", 1)[0]
    assert "<summary>Earlier snapshot of these formats (1)</summary>" in history
    row = history.split("standard_2012", 1)[1].split("</tr>", 1)[0]
    assert "Not legal" in row  # its pool has no set this card is in


def test_card_page_looks_legality_up_once_per_pool(snapshot_cards: Path, web_settings: WebSettings,
                                                   monkeypatch: Any) -> None:  # fmt: skip
    import toolkit.search as search_module

    calls: list[str] = []
    real = search_module.search

    def counting(db: Any, query: Any, **kw: Any) -> Any:
        calls.append(str(query))
        return real(db, query, **kw)

    monkeypatch.setattr(search_module, "search", counting)
    with _client(web_settings) as c:
        c.app.state.web.warm_later().join(30)
        first = len(calls)
        assert first == 2 * 4  # two formats, four keys each
        for card in ("backroom_bookie", "archive_heist", "basement_flat"):
            assert c.get(f"/cards/netrunner/{card}").status_code == 200
        assert len(calls) == first  # the pages asked no search of their own


def test_card_text_icons_are_drawn_and_named(ro_client: Any) -> None:
    page = ro_client.get("/cards/netrunner/backroom_bookie?lang=zh-Hans").text
    text = page.split('id="text-h"', 1)[1].split("</section>", 1)[0]
    assert "[credit]" not in text
    assert '<svg class="icon icon-credit"' in text and 'aria-label="信用点"' in text
    english = ro_client.get("/cards/netrunner/backroom_bookie?lang=en").text
    assert 'aria-label="credit"' in english.split('id="text-h"', 1)[1].split("</section>", 1)[0]


def test_svg_icons_come_from_the_print_drawings() -> None:
    from toolkit.markup import ICONS
    from toolkit.web.icons import icon_svg, with_icons

    for name in ICONS:
        svg = str(icon_svg(name))
        assert svg.startswith("<svg") and svg.count("<g") == svg.count("</g>") and re.search(r"<(path|circle|rect|line|ellipse) ", svg)
    assert str(with_icons("<b>[crecit] [epic]")).startswith('&lt;b&gt;<svg class="icon icon-credit"')
    assert "[epic]" in str(with_icons("[epic]"))


# ---------------------------------------------------------------------- in Chromium, the policy enforced


@pytest.mark.slow
def test_pages_run_under_their_content_security_policy(browser: Any, live_server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # bypass_csp off: the real policy
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        for path in ("/cards?q=t:ice", "/cards/netrunner/backroom_bookie", "/decks/build?game=tactics", "/editor",
                     "/editor/record/tactics/jackdaw?kind=agent", "/print", "/crossfire"):  # fmt: skip
            page.goto(live_server + path)
            page.wait_for_load_state("networkidle")
        assert violations == []
        # an inline script ran under the policy: the crossfire form shows only the chosen mode's special roles and
        # house rules (one fieldset of each per mode)
        page.goto(live_server + "/crossfire")
        for selector in ("fieldset[data-mode]:not([id^='cf-options-'])", "fieldset[id^='cf-options-']"):
            modes = page.locator(selector)
            assert modes.count() >= 2
            assert sum(modes.nth(i).is_hidden() for i in range(modes.count())) == modes.count() - 1, selector
    finally:
        context.close()


# ---------------------------------------------------------------------- card pages drawn once


def test_a_card_page_is_drawn_once_and_answered_with_each_requests_token_and_nonce(client: Any) -> None:
    web = client.app.state.web
    first = client.get("/cards/tactics/jackdaw?lang=en")
    hits = web.pages.hits
    second = client.get("/cards/tactics/jackdaw?lang=en")
    assert web.pages.hits == hits + 1
    nonces = [re.search(r"'nonce-([^']+)'", r.headers["content-security-policy"]).group(1) for r in (first, second)]  # type: ignore[union-attr]
    assert nonces[0] != nonces[1]
    for answer in (first, second):
        assert "dossier-nonce-" not in answer.text  # the placeholder never leaves (the page has no inline script)
        assert TEST_CSRF in answer.text and "dossier-csrf-" not in answer.text
    assert first.text.replace(nonces[0], "N") == second.text.replace(nonces[1], "N")
    # another language, another page
    assert 'lang="zh-Hans"' in client.get("/cards/tactics/jackdaw?lang=zh-Hans").text


def test_a_reload_draws_the_card_pages_again(client: Any, web_cards: Path) -> None:
    assert client.get("/cards/tactics/jackdaw?lang=en").status_code == 200
    path = next(web_cards.rglob("jackdaw.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["en"] = "Jackdaw Renamed"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    client.app.state.web.reload()
    assert "Jackdaw Renamed" in client.get("/cards/tactics/jackdaw?lang=en").text


def test_missing_records_are_not_kept(client: Any) -> None:
    web = client.app.state.web
    for n in range(20):
        assert client.get(f"/cards/tactics/no_such_{n}").status_code == 404
    assert web.pages.size == 0


def test_the_page_cache_is_bounded_in_bytes() -> None:
    from toolkit.web.pagecache import PageCache

    cache = PageCache(limit=10_000)
    for n in range(100):
        cache.put(n, "x" * 1000, 200)
    assert cache.size <= 10_000 and cache.get(99) is not None and cache.get(0) is None
    cache.put("huge", "x" * 5000, 200)  # over an eighth of the limit: not kept
    assert cache.get("huge") is None


def test_a_poisoned_card_name_stays_text_on_every_page_that_embeds_it(client: Any, web_cards: Path) -> None:
    poison = "</script><!--<script>alert(1)//\u2028&"
    path = next(web_cards.rglob("jackdaw.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["en"] = poison
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    client.app.state.web.reload()
    for url in ("/editor/record/tactics/jackdaw?kind=agent&lang=en", "/cards/tactics/jackdaw?lang=en",
                "/cards?q=k:agent&lang=en"):  # fmt: skip
        page = client.get(url).text
        assert "<!--<script>" not in page and "</script><!--" not in page, url
        for block in re.findall(r'<script type="application/json"[^>]*>(.*?)</script>', page, flags=re.S):
            assert "<" not in block and "\u2028" not in block, (url, block[:80])  # data: every < escaped
    config = client.get("/editor/record/tactics/jackdaw?kind=agent&lang=en").text
    embedded = re.search(r'<script type="application/json" id="ed-config">(.*?)</script>', config, flags=re.S)
    assert embedded is not None and poison in json.dumps(json.loads(embedded.group(1)), ensure_ascii=False)


def test_an_oversized_form_gets_a_page_with_the_way_back(web_settings: WebSettings) -> None:
    web_settings.max_body = 16 * 1024
    with _client(web_settings) as c:
        answer = c.post(
            "/print?lang=en",
            data={"deck": "x" * 40_000},
            headers={"Accept": "text/html,application/xhtml+xml", "Referer": f"{BASE}/print?lang=en"},
        )
        assert answer.status_code == 413 and answer.headers["content-type"].startswith("text/html")
        assert "larger than 16 KiB" in answer.text and 'href="/print"' in answer.text
        elsewhere = c.post("/print", data={"deck": "x" * 40_000},
                           headers={"Accept": "text/html", "Referer": "https://evil.example/print"})  # fmt: skip
        assert 'href="/"' in elsewhere.text  # never a way back to another site


def test_a_phone_at_the_lan_address_of_a_loopback_server_is_told_what_to_do(client: Any) -> None:
    page = client.get("/crossfire?lang=en", headers={"Host": "192.168.1.20:8000", "Accept": "text/html"})
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    assert "loopback only" in page.text and "dossier serve --host 0.0.0.0" in page.text
    api = client.get("/api/search?q=t:ice&lang=en", headers={"Host": "192.168.1.20:8000"})
    assert api.status_code == 403 and "loopback only" in api.json()["detail"]
