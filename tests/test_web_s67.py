"""The web app, sweep 67:

- the deck builder's special-role boxes show the deck's special roles, so "Set the roles" keeps them (a deck shared,
  saved or reloaded, and a new player count); a refused set-up is said at its button, the findings and the summary
  still the deck's (decks.js, in Chromium);
- the editor's New card form keeps what was typed when it refuses, the field in error marked and focused;
- the language switch of a page answering a form post keeps the input: a small form that posts the same fields
  again with the other language (a page at a POST-only address never links to a GET of it);
- /cards answers 400 for an unknown sort or game (said, the form keeping them), as /api/search does;
- /decks/build answers a damaged share code and a missing saved deck with the API's status (400, 404).
"""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from tests.test_web_deck_builder_fixes import _settings
from tests.web.conftest import CARDS, SCHEMA, in_chromium, served, writing_client
from toolkit.web.settings import WebSettings

ICE = {"q": "t:ice", "game": "netrunner"}
UNPLACED = "# game: tactics\n# mode: duo\n2x 不存在的卡\n"  # its third line names no card
OTHER = {"en": "zh-Hans", "zh-Hans": "en"}


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> WebSettings:
    """A copy of the bundled cards and a database of the module's own (the tests write no card)."""
    return _settings(tmp_path_factory.mktemp("s67"))


@pytest.fixture(scope="module")
def client(settings: WebSettings) -> Iterator[Any]:
    yield from writing_client(settings)


@pytest.fixture(scope="module")
def server(settings: WebSettings) -> Iterator[str]:
    with served(settings) as url:
        yield url


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def tag_of(page: str, element_id: str) -> str:
    """The start tag of the element ``element_id``."""
    found = re.search(r'<[a-z]+\b[^>]*\bid="' + re.escape(element_id) + r'"[^>]*>', page)
    assert found is not None, element_id
    return found.group(0)


def attr(tag: str, name: str) -> str | None:
    found = re.search(r"\s" + name + r'="([^"]*)"', tag)
    return html.unescape(found.group(1)) if found else None


def selected_value(page: str, select_id: str) -> str | None:
    found = re.search(r'<select\b[^>]*\bid="' + re.escape(select_id) + r'"[^>]*>(.*?)</select>', page, re.S)
    assert found is not None, select_id
    chosen = re.search(r'<option value="([^"]*)"[^>]*\sselected\b', found.group(1))
    return html.unescape(chosen.group(1)) if chosen else None


# ---------------------------------------------------------------------- 5. /cards: an unknown sort or game is a 400


def test_an_unknown_sort_answers_400_said_and_kept_in_the_form(client: Any) -> None:
    page = client.get("/cards", params={**ICE, "sort": "zzz", "lang": "en"})
    assert page.status_code == 400
    said = re.search(r'<p class="message error" role="alert" id="sort-error">(.*?)</p>', page.text, re.S)
    assert said is not None and "unknown sort 'zzz'" in text_of(said.group(1))
    assert selected_value(page.text, "sort") == "zzz"  # the form keeps what was asked
    sort = tag_of(page.text, "sort")
    assert attr(sort, "aria-invalid") == "true" and "sort-error" in (attr(sort, "aria-describedby") or "").split()
    api = client.get("/api/search", params={**ICE, "sort": "zzz"})
    assert api.status_code == 400
    default = client.get("/api/search", params={**ICE, "limit": 60}).json()
    tiles = re.findall(r'<a class="tile" href="[^"]*" data-ref="([^"]+)"', page.text)
    assert tiles == [r["ref"] for r in default["results"]]  # the results drawn, in the default order (as said)


def test_an_unknown_sort_without_a_query_is_a_400_too(client: Any) -> None:
    page = client.get("/cards", params={"sort": "zzz", "lang": "en"})
    assert page.status_code == 400 and 'id="sort-error"' in page.text


@pytest.mark.parametrize("q", ["", "t:ice"])
def test_an_unknown_game_answers_400_said_and_kept_in_the_form(client: Any, q: str) -> None:
    page = client.get("/cards", params={"q": q, "game": "zzz", "lang": "en"})
    assert page.status_code == 400
    assert client.get("/api/search", params={"q": q or "t:ice", "game": "zzz"}).status_code == 400
    said = re.search(r'<p class="message error" role="alert" id="game-error">(.*?)</p>', page.text, re.S)
    assert said is not None, page.text[:3000]
    assert "unknown game 'zzz'; choose one in the Game menu" in text_of(said.group(1))
    assert selected_value(page.text, "game") == "zzz"
    game = tag_of(page.text, "game")
    assert attr(game, "aria-invalid") == "true" and "game-error" in (attr(game, "aria-describedby") or "").split()
    assert attr(tag_of(page.text, "q"), "aria-invalid") is None  # the query is not what is wrong
    assert attr(tag_of(page.text, "q"), "value") == q
    chinese = client.get("/cards", params={"q": q, "game": "zzz", "lang": "zh-Hans"})
    assert chinese.status_code == 400 and "未知的游戏 &#39;zzz&#39;" in chinese.text


def test_a_game_by_name_is_still_the_menu_s_choice(client: Any) -> None:
    page = client.get("/cards", params={"q": "t:ice", "game": "Netrunner", "lang": "en"})
    assert page.status_code == 200 and selected_value(page.text, "game") == "netrunner"
    assert 'id="game-error"' not in page.text


# ---------------------------------------------------------------------- 6. /decks/build: the API's statuses


def test_a_damaged_share_code_is_a_400_as_the_api_says(client: Any) -> None:
    api = client.get("/api/decks/share/garbage")
    page = client.get("/decks/build", params={"d": "garbage", "lang": "en"})
    assert api.status_code == 400 and page.status_code == api.status_code
    assert "the share code is damaged" in page.text and 'id="boot"' in page.text  # the page still drawn


def test_a_missing_saved_deck_is_a_404_as_the_api_says(client: Any) -> None:
    api = client.get("/api/decks/saved/nonexistent-1")
    page = client.get("/decks/build", params={"saved": "nonexistent-1", "lang": "en"})
    assert api.status_code == 404 and page.status_code == api.status_code
    assert "no saved deck &#39;nonexistent-1&#39;" in page.text and 'id="boot"' in page.text


def test_a_good_share_code_is_still_a_200(client: Any) -> None:
    deck = {"game": "crossfire", "mode": "crossfire", "name": "x", "players": 5, "cards": {}}
    code = client.post("/api/decks/share", json={"deck": deck}).json()["code"]
    assert client.get("/decks/build", params={"d": code, "lang": "en"}).status_code == 200


# ---------------------------------------------------------------------- 3. the editor's New card form keeps its input


def new_form(page: str) -> str:
    start = page.index('id="ed-new"')
    return page[start : page.index("</form>", start)]


@pytest.mark.parametrize(
    ("params", "field", "said"),
    [
        ({"kindref": "crossfire/role", "id": "vip", "name": "贵宾二号"}, "ed-new-id", "vip.json exists already"),
        ({"kindref": "netrunner/card", "id": "Bad Id", "name": "坏", "type": "ice"}, "ed-new-id", "id 'Bad Id'"),
        ({"kindref": "tactics/card", "id": "fine_id", "name": "好", "root": "7"}, "ed-new-root", "root 7"),
        ({"kindref": "chess/pawn", "id": "fine_id", "name": "兵"}, "ed-new-kind", "chess/pawn"),
    ],
)
def test_a_refused_new_card_keeps_the_form_and_marks_the_field(
    client: Any, params: dict[str, str], field: str, said: str
) -> None:
    page = client.get("/editor/new", params={**params, "lang": "en"})
    assert page.status_code == 400
    error = re.search(r'id="ed-error">(.*?)</p>', page.text, re.S)
    assert error is not None and said in text_of(error.group(1))
    form = new_form(page.text)
    assert attr(tag_of(form, "ed-new-id"), "value") == params["id"]
    assert attr(tag_of(form, "ed-new-name"), "value") == params["name"]
    if "/" in params["kindref"] and params["kindref"] != "chess/pawn":
        assert selected_value(form, "ed-new-kind") == params["kindref"]
    if "type" in params:
        assert attr(tag_of(form, "ed-new-type"), "data-chosen") == params["type"]
    marked = tag_of(form, field)
    assert attr(marked, "aria-invalid") == "true"
    assert "ed-error" in (attr(marked, "aria-describedby") or "").split()
    assert re.search(r"\sautofocus\b", marked)  # the focus on the field in error (no script needed)
    others = [i for i in ("ed-new-kind", "ed-new-id", "ed-new-name", "ed-new-root") if i != field]
    for other in others:
        assert attr(tag_of(form, other), "aria-invalid") is None
        assert not re.search(r"\sautofocus\b", tag_of(form, other))


def test_the_new_form_starts_empty_on_the_index(client: Any) -> None:
    form = new_form(client.get("/editor", params={"lang": "en"}).text)
    assert selected_value(form, "ed-new-kind") == "tactics/card"
    assert attr(tag_of(form, "ed-new-id"), "value") in (None, "")
    assert "aria-invalid" not in form and "autofocus" not in form


def test_a_refused_new_card_in_chromium_focuses_the_field_and_keeps_the_type(server: str) -> None:
    def drive(page: Any) -> None:
        page.wait_for_function("() => document.getElementById('ed-find').getAttribute('data-ready') === '1'")
        assert page.evaluate("document.activeElement.id") == "ed-new-id"
        assert page.input_value("#ed-new-kind") == "netrunner/card"
        assert page.input_value("#ed-new-type") == "ice"  # the type asked for, not the kind's first
        assert page.input_value("#ed-new-id") == "Bad Id"
        assert page.input_value("#ed-new-name") == "坏"

    in_chromium(f"{server}/editor/new?kindref=netrunner/card&id=Bad+Id&name=%E5%9D%8F&type=ice&lang=en", drive)


def test_a_refused_new_card_keeps_the_folder_chosen(tmp_path: Path) -> None:
    """With two folders, the one chosen stays chosen: the page marks it, and its script does not put the game's
    default (the designer's own folder) back."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS, tmp_path / "cards")
    (tmp_path / "my-set").mkdir()
    settings = WebSettings(cards=[tmp_path / "cards", tmp_path / "my-set"], db_url=str(tmp_path / "web.db"),
                           cache=tmp_path / "web-cache", data=tmp_path / "web-data")  # fmt: skip
    params = "kindref=tactics/card&id=Bad+Id&name=x&root=0&lang=en"
    for c in writing_client(settings):
        page = c.get(f"/editor/new?{params}")
        assert page.status_code == 400 and selected_value(new_form(page.text), "ed-new-root") == "0"
        assert selected_value(new_form(c.get("/editor?lang=en").text), "ed-new-root") == "1"  # (the default)

    def drive(page: Any) -> None:
        page.wait_for_function("() => document.getElementById('ed-find').getAttribute('data-ready') === '1'")
        assert page.input_value("#ed-new-root") == "0"
        assert page.evaluate("document.activeElement.id") == "ed-new-id"

    with served(settings) as url:
        in_chromium(f"{url}/editor/new?{params}", drive)


# ---------------------------------------------------------------------- 4. the language switch of a page of a POST


def switch_of(page: str, tag: str) -> dict[str, Any]:
    """The language switch to ``tag`` of ``page``: {"href": …} for a link, {"action": …, "fields": […]} for a form
    that posts."""
    link = re.search(r'<a class="lang" href="([^"]*)" data-lang-switch="' + re.escape(tag) + '"', page)
    if link is not None:
        return {"href": html.unescape(link.group(1))}
    form = re.search(r'<form class="lang-form" method="post" action="([^"]*)"[^>]*>(.*?)</form>', page, re.S)
    assert form is not None, "no language switch"
    assert re.search(r'<button type="submit" class="lang"[^>]*data-lang-switch="' + re.escape(tag) + '"', form.group(2))
    fields = [
        (html.unescape(n), html.unescape(v))
        for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', form.group(2))
    ]
    return {"action": html.unescape(form.group(1)), "fields": fields}


def follow(client: Any, url: str, page: str, tag: str) -> Any:
    """What the switch to ``tag`` of ``page`` (at ``url``) answers, as a browser follows it."""
    switch = switch_of(page, tag)
    if "href" in switch:
        return client.get(urljoin(url, switch["href"]))
    data: dict[str, list[str]] = {}
    for name, value in switch["fields"]:
        data.setdefault(name, []).append(value)
    return client.post(urljoin(url, switch["action"]), data=data)


def lang_of(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_switch_after_a_failed_import_posts_the_list_again(client: Any, lang: str) -> None:
    text = "{not json\n第二行"
    page = client.post(f"/decks/import?lang={lang}", data={"text": text})
    assert page.status_code == 400 and lang_of(page.text) == lang
    switch = switch_of(page.text, OTHER[lang])
    assert "action" in switch and switch["action"] == f"/decks/import?lang={OTHER[lang]}"
    assert ("text", text) in switch["fields"]
    answer = follow(client, str(page.url), page.text, OTHER[lang])
    assert answer.status_code == 400  # the same refusal, not 405
    assert lang_of(answer.text) == OTHER[lang]
    kept = re.search(r'<textarea id="import-text" name="text"[^>]*>(.*?)</textarea>', answer.text, re.S)
    assert kept is not None and html.unescape(kept.group(1)).replace("\r\n", "\n") == text


def test_the_switch_after_a_failed_file_import_keeps_its_name(client: Any) -> None:
    """A list read from squad.txt is read as a text list (by its name) and said as squad.txt's lines: again so after
    the switch (pasted, "{…" would be read as JSON, "the pasted list")."""
    files = {"file": ("squad.txt", b"{not json")}
    page = client.post("/decks/import?lang=en", data={"text": ""}, files=files)
    assert page.status_code == 400 and "squad.txt:1:1" in page.text
    switch = switch_of(page.text, "zh-Hans")
    assert ("filename", "squad.txt") in switch["fields"] and ("text", "{not json") in switch["fields"]
    answer = follow(client, str(page.url), page.text, "zh-Hans")
    assert answer.status_code == 400 and lang_of(answer.text) == "zh-Hans"
    assert "squad.txt:1:1" in answer.text and "deck.format" in answer.text


def test_the_switch_of_the_builder_an_import_opens_is_the_builder_s_address(client: Any) -> None:
    page = client.post("/decks/import?lang=en", data={"text": UNPLACED})
    assert page.status_code == 200
    switch = switch_of(page.text, "zh-Hans")
    assert switch.get("href", "").startswith("/decks/build?d=") and switch["href"].endswith("&lang=zh-Hans")
    answer = follow(client, str(page.url), page.text, "zh-Hans")
    assert answer.status_code == 200 and lang_of(answer.text) == "zh-Hans"


def test_the_switch_of_a_get_page_is_still_a_link(client: Any) -> None:
    page = client.get("/cards", params={"q": "t:ice", "game": "netrunner", "lang": "en"})
    assert switch_of(page.text, "zh-Hans") == {"href": "?q=t%3Aice&game=netrunner&lang=zh-Hans"}


def test_the_switch_after_a_refused_crossfire_form_posts_it_again(client: Any) -> None:
    form = {"mode": "crossfire", "players": "4", "name_1": "Ana", "name_2": "Bo"}
    page = client.post("/crossfire?lang=en", data=form, follow_redirects=False)
    assert page.status_code == 400, page.status_code
    switch = switch_of(page.text, "zh-Hans")
    assert switch.get("action") == "/crossfire?lang=zh-Hans"
    assert ("name_1", "Ana") in switch["fields"] and ("players", "4") in switch["fields"]
    answer = follow(client, str(page.url), page.text, "zh-Hans")
    assert answer.status_code == 400 and lang_of(answer.text) == "zh-Hans"
    assert 'value="Ana"' in answer.text  # what was typed, still in the form


def test_the_switch_after_a_refused_resolve_posts_the_aims_again(client: Any) -> None:
    dealt = client.post("/crossfire?lang=en", data={"mode": "crossfire", "players": "6"}, follow_redirects=False)
    assert dealt.status_code == 303
    host = urljoin("http://127.0.0.1:8000/", dealt.headers["location"])
    page = client.post(host + "/resolve?lang=en", data={"aim_1": "9"})
    assert page.status_code == 400
    switch = switch_of(page.text, "zh-Hans")
    assert "action" in switch and switch["action"].endswith("/resolve?lang=zh-Hans")
    assert ("aim_1", "9") in switch["fields"]
    answer = follow(client, str(page.url), page.text, "zh-Hans")
    assert answer.status_code == 400 and lang_of(answer.text) == "zh-Hans"


def test_the_switch_form_carries_this_page_s_csrf_token_once(client: Any) -> None:
    page = client.post("/decks/import?lang=en", data={"text": "{", "csrf_token": "stale-token"})
    fields = switch_of(page.text, "zh-Hans")["fields"]
    tokens = [v for n, v in fields if n == "csrf_token"]
    assert len(tokens) == 1 and tokens[0] != "stale-token"


def test_the_switch_after_a_failed_import_in_chromium(server: str) -> None:
    text = "{not json"

    def drive(page: Any) -> None:
        page.fill("#import-text", text)
        with page.expect_navigation():
            page.click("#import-form button[type=submit]")
        assert page.get_attribute("html", "lang") == "en"
        with page.expect_navigation() as went:
            page.click("header .lang[data-lang-switch='zh-Hans']")
        assert went.value.status == 400  # the same refusal in Chinese, not 405
        assert page.get_attribute("html", "lang") == "zh-Hans"
        assert page.input_value("#import-text") == text
        switch = page.locator("header .lang[data-lang-switch='en']")
        switch.focus()  # reached with the keyboard, and shown
        assert switch.is_visible()
        assert page.evaluate("getComputedStyle(document.querySelector('header .lang')).color") == "rgb(255, 255, 255)"

    in_chromium(f"{server}/decks?lang=en", drive)


def test_the_switch_of_the_builder_an_import_opens_in_chromium(client: Any, server: str) -> None:
    def drive(page: Any) -> None:
        page.fill("#import-text", UNPLACED)
        with page.expect_navigation():
            page.click("#import-form button[type=submit]")
        page.locator('#unplaced-list li[data-line="3"]').wait_for()
        page.wait_for_function("() => location.pathname === '/decks/build'")  # the builder's own address
        with page.expect_navigation() as went:
            page.click("a[data-lang-switch='zh-Hans']")
        assert went.value.status == 200
        assert page.get_attribute("html", "lang") == "zh-Hans"
        page.locator('#unplaced-list li[data-line="3"]').wait_for()  # the lines not placed, kept

    in_chromium(f"{server}/decks?lang=en", drive)


# ---------------------------------------------------------------------- 2. the builder's special-role boxes


def share(client: Any, deck: dict[str, Any]) -> str:
    answer = client.post("/api/decks/share", json={"deck": deck})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["code"])


def roles(client: Any, players: int, specials: list[str]) -> dict[str, int]:
    answer = client.post("/api/decks/roles", json={"mode": "crossfire", "players": players, "specials": specials})
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["cards"])


def crossfire_deck(players: int, cards: dict[str, int]) -> dict[str, Any]:
    return {"game": "crossfire", "mode": "crossfire", "name": "Friday", "players": players, "cards": cards}


def summary(client: Any, deck: dict[str, Any]) -> str:
    return str(client.post("/api/decks/analyze", json={"deck": deck, "lang": "en"}).json()["summary"])


def idle(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('builder').getAttribute('aria-busy') === 'false'")


def shared_deck(client: Any, page: Any) -> dict[str, Any]:
    code = page.input_value("#share-url").split("?d=", 1)[1]
    return dict(client.get(f"/api/decks/share/{code}").json()["deck"])


def wait_summary(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => document.getElementById('summary').textContent === t && "
        "document.getElementById('builder').getAttribute('aria-busy') === 'false'",
        arg=text,
    )


def test_the_special_boxes_show_the_deck_s_special_roles_and_set_the_roles_keeps_them(client: Any, server: str) -> None:
    seven = crossfire_deck(7, roles(client, 7, ["bomber"]))
    eight = roles(client, 8, ["bomber"])

    def drive(page: Any) -> None:
        wait_summary(page, summary(client, seven))
        assert page.is_checked("#special-bomber")  # the deck has a Bomber: its box is ticked
        assert not page.is_checked("#special-enforcer")
        page.select_option("#deck-players", "8")
        idle(page)
        page.click("#deal-roles")
        wait_summary(page, summary(client, dict(seven, players=8, cards=eight)))
        assert shared_deck(client, page)["cards"] == eight  # the Bomber kept, not dropped without a word
        page.reload()
        idle(page)
        assert page.is_checked("#special-bomber")  # and after a reload (the deck in the address)

    in_chromium(f"{server}/decks/build?d={share(client, seven)}&lang=en", drive)


def test_the_boxes_follow_a_special_role_taken_out_of_the_list(client: Any, server: str) -> None:
    seven = crossfire_deck(7, roles(client, 7, ["bomber"]))

    def drive(page: Any) -> None:
        idle(page)
        assert page.is_checked("#special-bomber")
        page.click('#decklist [data-remove="bomber"]')
        page.wait_for_function("() => !document.getElementById('special-bomber').checked")
        without = {k: v for k, v in seven["cards"].items() if k != "bomber"}
        wait_summary(page, summary(client, dict(seven, cards=without)))
        assert shared_deck(client, page)["cards"] == without
        page.click('#decklist [data-add="agent"]')  # a role that is no special one: the boxes stay as they are
        wait_summary(page, summary(client, dict(seven, cards=dict(without, agent=without["agent"] + 1))))
        assert not page.is_checked("#special-bomber")

    in_chromium(f"{server}/decks/build?d={share(client, seven)}&lang=en", drive)


def test_a_refused_set_up_is_said_at_its_button_and_the_findings_stay_the_deck_s(client: Any, server: str) -> None:
    seven = crossfire_deck(7, roles(client, 7, ["enforcer"]))
    five = dict(seven, players=5)

    def drive(page: Any) -> None:
        idle(page)
        assert page.is_checked("#special-enforcer")
        page.select_option("#deck-players", "5")
        wait_summary(page, summary(client, five))
        findings = page.inner_text("#findings")
        page.uncheck("#special-enforcer")
        page.check("#special-peacekeeper")
        page.click("#deal-roles")
        said = page.locator("#roles-error")
        page.wait_for_function("() => document.getElementById('roles-error').textContent !== ''")
        assert "Peacekeeper" in said.inner_text() and said.get_attribute("role") == "alert"
        assert "roles-error" in (page.get_attribute("#deal-roles", "aria-describedby") or "").split()
        assert page.inner_text("#summary") == summary(client, five)  # the summary still the deck's
        assert page.inner_text("#findings") == findings
        assert shared_deck(client, page)["cards"] == seven["cards"]  # the deck unchanged
        page.uncheck("#special-peacekeeper")
        page.click("#deal-roles")  # a set-up that deals: the message goes
        page.wait_for_function("() => document.getElementById('roles-error').textContent === ''")
        assert page.is_hidden("#roles-error")
        wait_summary(page, summary(client, dict(five, cards=roles(client, 5, []))))
        assert shared_deck(client, page)["cards"] == roles(client, 5, [])

    in_chromium(f"{server}/decks/build?d={share(client, seven)}&lang=en", drive)
