"""The web app for real users: an address no route has is a page of the app (or the API's JSON) in the request's
language; a card file changed on disk is seen without a restart; the card page says how its text is read in
words; the editor shows lint's `card.id.pool` warning."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from toolkit.web.settings import WebSettings

PAGE = {"Accept": "text/html,application/xhtml+xml"}


@pytest.fixture
def visitor(shared_app: Any) -> Any:
    """A client of the shared app with cookies of its own (a page asked with ?lang= sets the visitor's language
    cookie, which must not reach the other tests' requests)."""
    from fastapi.testclient import TestClient

    from .conftest import BASE

    return TestClient(shared_app, base_url=BASE)  # (no lifespan: the shared app stays open)


@pytest.mark.parametrize("path", ["/nosuch", "/cards/tactics", "/decks/nosuch"])
def test_an_address_no_route_has_is_a_page_in_the_visitor_s_language(visitor: Any, path: str) -> None:
    page = visitor.get(f"{path}?lang=en-XA", headers=PAGE)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert '<html lang="en' in page.text and 'id="page-error"' in page.text
    assert "Not Found" not in page.text and '"detail"' not in page.text
    assert f"{path}: ñó šúçĥ áđđŕéšš" in page.text  # the pseudo-locale: the message went through the catalog
    english = visitor.get(f"{path}?lang=en", headers=PAGE)
    assert f"{path}: no such address" in english.text and 'href="/cards"' in english.text


def test_an_address_no_route_has_speaks_chinese_to_a_chinese_browser(visitor: Any) -> None:
    """(Needs the Chinese of the new messages in the catalog.)"""
    page = visitor.get("/nosuch", headers={**PAGE, "Accept-Language": "zh-Hans"})
    assert page.status_code == 404 and '<html lang="zh-Hans"' in page.text
    assert "/nosuch：没有这个地址" in page.text and "返回搜索" in page.text
    api = visitor.get("/api/nosuch", headers={"Accept": "application/json", "Accept-Language": "zh-Hans"})
    assert api.json() == {"detail": "/api/nosuch：没有这个地址"}


def test_a_method_an_address_does_not_take_is_a_page_that_names_those_it_takes(ro_client: Any) -> None:
    page = ro_client.request("DELETE", "/cards?lang=en", headers=PAGE)
    assert page.status_code == 405 and page.headers["allow"] == "GET"
    assert page.headers["content-type"].startswith("text/html")
    assert "DELETE /cards: not allowed; this address takes GET" in page.text
    assert "Method Not Allowed" not in page.text


def test_the_api_keeps_json_for_what_is_not_there(ro_client: Any) -> None:
    for accept in ("application/json", "*/*"):
        answer = ro_client.get("/api/nosuch?lang=en", headers={"Accept": accept})
        assert answer.status_code == 404 and answer.json() == {"detail": "/api/nosuch: no such address"}
    answer = ro_client.request("DELETE", "/api/search?lang=en", headers={"Accept": "application/json"})
    assert answer.status_code == 405 and answer.headers["allow"] == "GET"
    assert answer.json() == {"detail": "DELETE /api/search: not allowed; this address takes GET"}
    pseudo = ro_client.get("/api/nosuch?lang=en-XA", headers={"Accept": "application/json"})
    assert pseudo.json()["detail"] == "‹/api/nosuch: ñó šúçĥ áđđŕéšš›"
    # a route's own refusals keep their words and shape
    record = ro_client.get("/api/records/tactics/nope?lang=en", headers={"Accept": "application/json"})
    assert record.status_code == 404 and "No tactics record has the id nope" in record.json()["detail"]


def test_a_route_s_own_refusal_is_a_page_for_a_browser(bare_client: Any) -> None:
    """The cross-site refusal of a form (the 403 a route raises): a page of the app for a browser, JSON for the API."""
    page = bare_client.post("/decks/saved/nope/delete?lang=en", headers=PAGE)
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    assert "cross-site check failed" in page.text and 'id="page-error"' in page.text
    api = bare_client.post("/api/decks/saved?lang=en", json={}, headers={"Accept": "application/json"})
    assert api.status_code == 403 and "cross-site check failed" in api.json()["detail"]


def _rename(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def _search_total(client: Any, words: str) -> int:
    return int(client.get("/api/search", params={"q": words, "lang": "en"}).json()["total"])


def test_a_card_file_changed_on_disk_is_seen_without_a_restart(client: Any, web_cards: Path) -> None:
    web = client.app.state.web
    card = web_cards / "tactics" / "cards" / "adrenaline_shot.json"
    assert _search_total(client, "Zapper") == 0
    _rename(card, "Adrenaline Shot", "Adrenaline Zapper")
    web._pool_next = 0.0  # (instead of waiting POOL_CHECK seconds)
    assert _search_total(client, "Zapper") == 1
    assert "Adrenaline Zapper" in client.get("/cards/tactics/adrenaline_shot?lang=en").text
    assert "Adrenaline Zapper" in client.get("/editor?lang=en").text
    # a new file too
    twin = json.loads(card.read_text(encoding="utf-8"))
    twin["id"], twin["name"]["en"] = "second_zapper", "Second Zapper"
    (card.parent / "second_zapper.json").write_text(json.dumps(twin, ensure_ascii=False), encoding="utf-8")
    web._pool_next = 0.0
    assert _search_total(client, "Zapper") == 2


def test_the_card_files_are_looked_at_at_most_every_few_seconds(
    client: Any, web_cards: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.web import app as web_app

    looks: list[int] = []
    real = web_app.pool_signature

    def counted(paths: Any) -> int | None:
        looks.append(1)
        return real(paths)

    monkeypatch.setattr(web_app, "pool_signature", counted)
    web = client.app.state.web
    web._pool_next = 0.0
    for _ in range(5):
        client.get("/api/health")
    assert len(looks) == 1  # one walk, then none until POOL_CHECK seconds have passed
    _rename(web_cards / "tactics" / "cards" / "adrenaline_shot.json", "Adrenaline Shot", "Adrenaline Zapper")
    assert _search_total(client, "Zapper") == 0  # not yet looked at again
    assert web._pool_next > time.monotonic() + web_app.POOL_CHECK / 2


def test_a_card_file_that_no_longer_loads_keeps_the_pool_and_is_not_retried(
    client: Any, web_cards: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    web = client.app.state.web
    card = web_cards / "tactics" / "cards" / "adrenaline_shot.json"
    good = card.read_text(encoding="utf-8")
    card.write_text("{broken", encoding="utf-8")
    web._pool_next = 0.0
    assert _search_total(client, "Adrenaline") == 1  # the pool it had
    assert "the card pool did not reload" in capsys.readouterr().err
    generation = web.generation
    web._pool_next = 0.0
    client.get("/api/health")
    assert web.generation == generation and capsys.readouterr().err == ""  # the same broken files: no second try
    card.write_text(good.replace("Adrenaline Shot", "Adrenaline Zapper"), encoding="utf-8")
    web._pool_next = 0.0
    assert _search_total(client, "Zapper") == 1


def test_the_editor_s_save_does_not_reload_twice(client: Any, web_settings: WebSettings) -> None:
    """The editor reloads when it saves; the look at the files that follows finds nothing new."""
    web = client.app.state.web
    web.reload()
    generation = web.generation
    web._pool_next = 0.0
    client.get("/api/health")
    assert web.generation == generation


def _with_reading(client: Any, web_cards: Path) -> str:
    """archive_heist as an imported card: three printed paragraphs, one not read, one read, one run by a script."""
    card = web_cards / "netrunner" / "cards" / "archive_heist.json"
    data = json.loads(card.read_text(encoding="utf-8"))
    data["printed_text"] = {"en": ["Make a run on Archives.", "If successful, the Corp loses 3[credit].", "…"]}
    data["reading"] = {"status": "partial", "read": [1], "scripted": [2],
                       "unread": [{"index": 0, "reason": "no_template"}]}  # fmt: skip
    card.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    client.app.state.web.reload()
    return "/cards/netrunner/archive_heist"


def test_the_card_page_says_its_reading_in_words_counted_from_1(client: Any, web_cards: Path) -> None:
    import re

    page = client.get(f"{_with_reading(client, web_cards)}?lang=en").text
    said = re.search(r'<p class="reading" id="reading"[^>]*>(.*?)</p>', page, flags=re.S)
    assert said is not None
    text = re.sub(r"<[^>]+>", "", said.group(1))
    assert "paragraph 1 not read (no template)" in text
    assert "paragraph 2 read" in text and "paragraph 3 run by a card script" in text
    assert "reading.read" not in page and "reading.unread" not in page and "reading.scripted" not in page


def test_the_card_page_and_show_say_the_same_lines(client: Any, web_cards: Path) -> None:
    from toolkit.search.reading import paragraph_lines, verdict
    from toolkit.web.cardview import describe

    _with_reading(client, web_cards)
    web = client.app.state.web
    card = describe(web, "netrunner", "archive_heist", None, "en")
    assert not any(field["key"].startswith("reading") for field in card["fields"])
    data = card["record"]
    found = verdict(data, "en")
    assert found is not None
    assert card["reading"]["details"] == [*found.details, *paragraph_lines(data["reading"], "en")]
    lines = paragraph_lines({"read": [0, 1], "rules": [2]}, "en")
    assert lines == ["paragraphs 1, 2 read", "paragraph 3 restates a deck rule"]
    assert paragraph_lines(None, "en") == []


def _set_card(record_id: str) -> str:
    from toolkit.jsonio import canonical_dumps

    schema = Path("..") / ".." / "schema" / "tactics" / "card.schema.json"  # (tmp_path/schema, beside the set)
    return canonical_dumps({"$schema": schema.as_posix(), "back": "personal", "category": "item", "game": "tactics",
                            "id": record_id, "kind": "card", "name": {"en": "My Shot", "zh-Hans": "我的针"},
                            "text": ["响应：本单位获得 2 点临时生命值。"]})  # fmt: skip


def _pooled(findings: Any) -> list[Any]:
    return [f for f in findings if f.code == "card.id.pool"]


def test_the_editor_s_lint_warns_of_a_set_record_that_reuses_a_pool_id(web_cards: Path, tmp_path: Path) -> None:
    """A record of a designer's set folder (no game.json) linted beside a card pool that does not list the set: given
    the id of a pool card it stands for it, and the editor's lint says so as `dossier lint` of the set does."""
    from toolkit.web.routes.editor import Target, lint_edit

    folder = tmp_path / "myset"
    (folder / "cards").mkdir(parents=True)
    path = folder / "cards" / "adrenaline_shot.json"
    target = Target(0, folder, "cards/adrenaline_shot.json", path)
    linted = lint_edit(target, _set_card("adrenaline_shot"), [web_cards])
    (warned,) = _pooled(linted.own)
    assert warned.severity == "warning" and str(web_cards / "tactics" / "cards" / "adrenaline_shot.json") in (
        warned.message
    )
    other = Target(0, folder, "cards/my_shot.json", folder / "cards" / "my_shot.json")
    assert not _pooled(lint_edit(other, _set_card("my_shot"), [web_cards]).own)


def test_the_editor_refuses_a_set_record_in_the_pool_that_reuses_a_pool_id(client: Any, tmp_path: Path) -> None:
    """The set served beside the pool (one of --cards): the same id twice in the pool is an error, as lint says."""
    from toolkit.web.app import WebState

    folder = tmp_path / "myset"
    (folder / "cards").mkdir(parents=True)
    web: WebState = client.app.state.web
    web.settings.cards = [*web.settings.cards, folder]
    body = {"root": 1, "path": "cards/adrenaline_shot.json", "text": _set_card("adrenaline_shot"), "preview": False,
            "lang": "en"}  # fmt: skip
    answer = client.post("/editor/check", json=body)
    assert answer.status_code == 200, answer.text
    codes = {(f["code"], f["severity"]) for f in answer.json()["findings"]}
    assert ("card.id.duplicate", "error") in codes and not any(code == "card.id.pool" for code, _ in codes)
