"""The web app in the user's language: which language a visit gets (Accept-Language, then the cookie, ``?lang=``
sets it), card images made per language, every page and the deck builder's and the editor's script-made text
through the catalogs (the pseudo-locale en-XA: any plain English word that is not a name, a code or the brand
was not translated; zh-Hans: no English but names, ids and codes), and a language switch that keeps unsaved
work (Chromium)."""

from __future__ import annotations

import functools
import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, CARDS, SCHEMA, TEST_CSRF
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent.parent
DECKS = ROOT / "examples" / "decks"
CARD = "tactics/cards/adrenaline_shot.json"

# ---------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def lang_app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app for this module over its own copy of the cards (the sweep deals crossfire tables)."""
    from toolkit.web.app import create_app

    root = tmp_path_factory.mktemp("web-lang")
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    settings = WebSettings(
        cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "web-cache", data=root / "web-data"
    )
    return create_app(settings)


def fresh(app: Any, **headers: str) -> Any:
    """A TestClient with no cookie but the CSRF one (a first visit), sending ``headers``."""
    from fastapi.testclient import TestClient

    client = TestClient(app, base_url=BASE)
    client.cookies.set("csrf", TEST_CSRF)
    client.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF, **headers})
    return client


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found, page[:200]
    return found.group(1)


# ---------------------------------------------------------------------- which language a visit gets


@pytest.mark.lang_default  # the server's own default: no DOSSIER_LANG
@pytest.mark.parametrize(
    "header, lang",
    [
        ("en-US,en;q=0.9", "en"),
        ("en-GB", "en"),
        ("zh-CN,zh;q=0.9,en;q=0.8", "zh-Hans"),
        ("zh-TW", "zh-Hans"),
        ("fr-FR, de;q=0.9, en;q=0.5, zh;q=0.4", "en"),
        ("fr-FR, zh;q=0.6, en;q=0.5", "zh-Hans"),
        ("en;q=0.2, zh-Hans;q=0.8", "zh-Hans"),
        ("en;q=0, zh", "zh-Hans"),
        ("de, fr", "zh-Hans"),  # none of ours: the default
        ("*", "zh-Hans"),
        ("", "zh-Hans"),
    ],
)
def test_the_first_visit_follows_accept_language(lang_app: Any, header: str, lang: str) -> None:
    from toolkit.web.templating import accept_language

    assert (accept_language(header) or "zh-Hans") == lang
    with fresh(lang_app, **{"Accept-Language": header}) as client:
        response = client.get("/cards")
        assert response.status_code == 200 and html_lang(response.text) == lang
        assert "lang" not in response.cookies  # only a choice made on the page is remembered


def test_with_no_language_asked_the_server_speaks_its_own(lang_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request that asks for no language (no ?lang=, cookie or Accept-Language: an API client, curl) is answered
    in the server's own language, found as every command finds it: DOSSIER_LANG, then the settings files, then
    the system's locale, then zh-Hans. What a request asks for still wins."""
    monkeypatch.setenv("DOSSIER_LANG", "en")
    with fresh(lang_app) as client:
        assert html_lang(client.get("/cards").text) == "en"
        refused = client.get("/api/search", params={"q": "cost>=abc"})
        assert refused.status_code == 400 and not re.search(r"[\u4e00-\u9fff]", refused.text.replace("中文", ""))
        assert html_lang(client.get("/cards", headers={"Accept-Language": "zh-CN"}).text) == "zh-Hans"
    monkeypatch.delenv("DOSSIER_LANG")
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # the system's locale, when nothing else says
    with fresh(lang_app) as client:
        assert html_lang(client.get("/cards").text) == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")
    with fresh(lang_app) as client:
        assert html_lang(client.get("/cards").text) == "zh-Hans"


def test_the_cookie_wins_afterwards_and_lang_sets_it(lang_app: Any) -> None:
    with fresh(lang_app, **{"Accept-Language": "en-US,en;q=0.9"}) as client:
        assert html_lang(client.get("/decks").text) == "en"
        switched = client.get("/decks?lang=zh-Hans")  # the language switch
        assert html_lang(switched.text) == "zh-Hans" and switched.cookies.get("lang") == "zh-Hans"
        for path in ("/decks", "/cards", "/editor", "/print", "/crossfire"):  # the browser still asks for English
            assert html_lang(client.get(path).text) == "zh-Hans", path
        client.get("/cards?lang=en")
        assert client.cookies.get("lang") == "en" and html_lang(client.get("/print").text) == "en"
    with fresh(lang_app, **{"Accept-Language": "en"}) as client:
        client.cookies.set("lang", "zh-Hans")
        assert html_lang(client.get("/cards").text) == "zh-Hans"


@pytest.mark.lang_default  # the server's own default: no DOSSIER_LANG
def test_lang_of_an_image_or_the_api_is_no_choice_of_language(lang_app: Any) -> None:
    with fresh(lang_app) as client:
        image = client.get("/images/tactics/card/adrenaline_shot.png?lang=en")
        assert image.status_code == 200 and "lang" not in image.cookies
        answer = client.get("/api/search", params={"q": "k:agent", "lang": "en"})
        assert answer.status_code == 200 and "lang" not in answer.cookies
        assert html_lang(client.get("/cards").text) == "zh-Hans"
        assert client.get("/api/search", params={"q": "k:agent", "lang": "fr"}).status_code == 400


def test_api_answers_and_errors_follow_the_page_language(lang_app: Any) -> None:
    with fresh(lang_app, **{"Accept-Language": "zh-CN"}) as client:
        hit = client.get("/api/search", params={"q": "id:archive_heist"}).json()["results"][0]
        assert hit["name"] == "档案库劫案" and hit["type_name"] == "卡牌 · 事件" and hit["game_name"] == "矩阵潜袭"
        assert "派系" in hit["stats"] and "影响力" in hit["stats"]
        bad = client.get("/decks/build?d=xx")
        assert "分享码" in bad.text
        assert client.get("/api/decks/share/xx").json()["detail"] == "分享码已损坏：请复制完整链接"
    with fresh(lang_app, **{"Accept-Language": "en"}) as client:
        hit = client.get("/api/search", params={"q": "id:archive_heist"}).json()["results"][0]
        assert hit["name"] == "Archive Heist" and hit["type_name"] == "Card · Event"
        assert client.get("/api/decks/share/xx").json()["detail"] == "the share code is damaged: copy the whole link"


# ---------------------------------------------------------------------- card images per language


@pytest.mark.lang_default  # the server's own default: no DOSSIER_LANG
@pytest.mark.parametrize("ref", ["tactics/card/adrenaline_shot", "netrunner/card/archive_heist"])
def test_card_images_are_made_per_language(lang_app: Any, ref: str) -> None:
    web = lang_app.state.web
    game, kind, record_id = ref.split("/")
    record = web.catalog.get(game, record_id, kind)
    keys = {lang: web.images.key(record, lang) for lang in ("zh-Hans", "en", "en-XA")}
    assert len(set(keys.values())) == 3  # one cache entry per language
    with fresh(lang_app) as client:
        shown = {}
        for lang in ("en", "zh-Hans", "en", "zh-Hans"):  # drawn, then from the cache: never the other's
            response = client.get(f"/images/{ref}.png", params={"lang": lang})
            assert response.status_code == 200 and response.headers["etag"] == f'"{keys[lang]}"'
            assert shown.setdefault(lang, response.content) == response.content
        assert shown["en"] != shown["zh-Hans"]
        cached = {p.stem for p in (web.settings.cache_path / "cards").rglob("*.png")}
        assert {keys["en"], keys["zh-Hans"]} <= cached
        # without ?lang=, the image is in the page's language (cookie, then Accept-Language)
        english = client.get(f"/images/{ref}.png", headers={"Accept-Language": "en"})
        assert english.content == shown["en"]
        assert client.get(f"/images/{ref}.png").content == shown["zh-Hans"]
        client.cookies.set("lang", "en")
        assert client.get(f"/images/{ref}.png").content == shown["en"]


def test_pages_ask_for_images_in_their_language(lang_app: Any) -> None:
    with fresh(lang_app) as client:
        for lang in ("en", "zh-Hans", "en-XA"):
            page = client.get("/cards", params={"q": "id:adrenaline_shot", "lang": lang}).text
            assert f"/images/tactics/card/adrenaline_shot.png?lang={lang}" in page
            card = client.get("/cards/tactics/adrenaline_shot", params={"lang": lang}).text
            assert f"/images/tactics/card/adrenaline_shot.png?lang={lang}" in card



def test_an_ability_text_calls_the_cards_it_quotes_by_their_english_names(lang_app: Any) -> None:
    with fresh(lang_app) as client:
        english = html.unescape(client.get("/cards/tactics/decoy_emitter", params={"lang": "en"}).text)
        assert 'You gain 1 "Holo Decoy"' in english and "You gain 1 「全息诱饵」" not in english
        chinese = client.get("/cards/tactics/decoy_emitter", params={"lang": "zh-Hans"}).text
        assert "你获得 1 张「全息诱饵」" in chinese

# ---------------------------------------------------------------------- the detector


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
NOT_TEXT = {"script", "style", "code", "pre", "template"}
SHOWN_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label")
BRAND = {"Dossier"}
# names of formats, tools and sites, and codes a Chinese page may show (as the catalogs' test allows them)
CODES = {"API", "JSON", "Schema", "NetrunnerDB", "OCTGN", "PDF", "ID", "JavaScript", "HTTP", "KiB", "docs", "zh", "Hans",
         "en"}  # fmt: skip
SEARCH_KEYS = {"cost", "o"}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# a code in running text
CODE_TOKEN = re.compile(
    r"[^\s，、。；：（）‹›]*[A-Za-z0-9][:/_=<>|#@.][^\s,;，、。；）)‹›]+"  # t:ice, deck.txt:1, a_b, o<=3 (never a
    # pseudo-locale's ‹ ›: "win."› ends a message, and taking its › would leave the message unmatched)
    r"|'[^'\s]+'" r'|"[a-z0-9_.-]+"'  # 'quoted' input, a value as JSON ("quoted": a card's "Nickname" is no code)
    r"|\$[A-Za-z_]+|(?<![A-Za-z0-9])\.[a-z0-9]{2,4}\b"  # $schema, .json
)


class _Visible(HTMLParser):
    """The text a person sees (text nodes and the shown attributes), without code, scripts and what is marked
    ``translate="no"`` (names, codes and card text that the page shows as the data has it)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.parts: list[str] = []

    def _skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def _attributes(self, attrs: list[tuple[str, str | None]], skip: bool) -> None:
        if not skip:
            found = dict(attrs)
            self.parts.extend(str(found[k]) for k in SHOWN_ATTRIBUTES if found.get(k))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        skip = self._skipping() or tag in NOT_TEXT or dict(attrs).get("translate") == "no"
        self._attributes(attrs, skip)
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attributes(attrs, self._skipping() or dict(attrs).get("translate") == "no")

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self._skipping():
            self.parts.append(data)


def visible_text(page: str) -> str:
    parser = _Visible()
    parser.feed(page)
    parser.close()
    return "\n".join(parser.parts)


@pytest.fixture(scope="module")
def data_phrases(lang_app: Any) -> list[str]:
    """What records say themselves, in either language: names (records' and nested ones: sets, ban lists),
    ids, and the text of cards and roles as rendered, printed or stored; longest first."""
    from toolkit.search.display import render_ability

    phrases: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            if key in ("name", "flavor"):
                phrases.update(v for v in value.values() if isinstance(v, str))
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str):
            if key in ("id", "set", "code", "illustrator", "symbol", "faction", "agent", "role"):
                phrases.add(value)
            if key in ("text", "win", "draw_phase"):
                zh, en = render_ability(value)
                phrases.update(p for p in (value, zh, en) if p)
            if key in ("zh-Hans", "en") and len(value) > 20:  # printed text paragraphs
                phrases.add(value)

    for record in lang_app.state.web.catalog.records:
        walk(record.model_dump(mode="json", by_alias=True))
    phrases.update(Path(root).name for root in lang_app.state.web.settings.cards)  # the editor names its folders
    return sorted((p for p in phrases if p.strip()), key=len, reverse=True)


@functools.cache
def _phrases_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """The phrases as one pattern, longest first; a phrase that starts or ends with a Latin letter only as a
    whole word ("run" is no part of "NetrunnerDB")."""
    return re.compile("|".join(rf"(?<![A-Za-z]){re.escape(p)}(?![A-Za-z])" for p in phrases))


def untranslated(page: str, phrases: list[str], lang: str, extra: tuple[str, ...] = ()) -> list[str]:
    """Plain English words of ``page`` that are no name, code or data and did not come through a catalog: for
    the pseudo-locale, outside ‹ ›; for zh-Hans, anywhere."""
    text = visible_text(page)
    text = re.sub(r"`[^`\n]*`", " ", text)  # a message's codes, in an attribute
    for phrase in extra:
        text = text.replace(phrase, " ")
    text = CODE_TOKEN.sub(" ", text)
    text = _phrases_pattern(tuple(phrases)).sub(" ", text)
    if lang == "en-XA":  # each message, innermost first (a message's placeholder may hold messages, nested deep)
        while (inner := re.sub(r"‹[^‹›]*›", " ", text)) != text:
            text = inner
    return sorted({w for w in LATIN_WORD.findall(text) if w not in BRAND and (lang == "en-XA" or w not in CODES)})


def share_code(path: Path) -> str:
    from toolkit.web.deckwork import share_code as make

    return make(json.loads(path.read_text(encoding="utf-8")))


PAGES = [
    "/cards",
    "/cards?q=k%3Aagent",
    "/cards?q=t%3Aice&game=netrunner",
    "/cards?q=team%3Ared",
    "/cards?q=t%3Aice+o%3E%3Dx",  # a query error, inline
    "/cards/tactics/adrenaline_shot",
    "/cards/tactics/anvil?kind=agent",
    "/cards/netrunner/archive_heist",
    "/cards/netrunner/vera_fingers_thorne?kind=identity",
    "/cards/crossfire/vip?kind=role",
    "/cards/tactics/nothing_here",  # 404
    "/decks",
    "/decks/build?game=netrunner",
    "/decks/build?game=tactics",
    "/decks/build?game=crossfire",
    "/decks/build?d=not-a-share-code",  # a damaged share code
    "/decks/build?game=chess",
    "/editor",
    f"/editor/edit?path={CARD}",
    "/editor/edit?path=nothing/here.json",  # 404
    "/editor/edit?path=../outside.json",  # refused
    "/editor/new?kindref=tactics/card&id=smoke_test&name=%E7%83%9F",
    "/print",
    "/print?q=t%3Aequipment&game=tactics",
    "/crossfire",
    "/crossfire/host/not-a-token",
    "/crossfire/p/not-a-token",
]


def sweep_pages(client: Any, lang: str) -> dict[str, str]:
    """Every page of the app in ``lang`` (a crossfire table dealt and resolved on the way), by name."""
    pages = {}
    for path in PAGES:
        response = client.get(path + ("&" if "?" in path else "?") + "lang=" + lang)
        assert response.status_code in (200, 400, 403, 404), (path, response.status_code)
        pages[path] = response.text
    legal = share_code(DECKS / "netrunner" / "runner-criminal-fingers.json")
    pages["builder, a legal deck"] = client.get(f"/decks/build?d={legal}&lang={lang}").text
    pages["print, an empty deck"] = client.post(f"/print?lang={lang}", data={"source": "paste", "deck": ""}).text
    pages["print, a search with no match"] = client.post(
        f"/print?lang={lang}", data={"source": "search", "q": "id:nothing_at_all"}
    ).text
    pages["import, nothing pasted"] = client.post(f"/decks/import?lang={lang}", data={"text": " "}).text
    dealt = client.post(f"/crossfire?lang={lang}", data={"mode": "crossfire", "players": "6"}, follow_redirects=False)
    assert dealt.status_code == 303, visible_text(dealt.text)
    host = dealt.headers["location"]
    pages["crossfire host"] = client.get(host).text
    links = re.findall(r'value="(http://[^"]*/crossfire/p/[^"]*)"', pages["crossfire host"])
    pages["crossfire private"] = client.get(links[0]).text
    pages["crossfire, a bad aim"] = client.post(host + "/resolve", data={"aim_1": "1"}).text
    aims = {f"aim_{seat}": str(seat % 6 + 1) for seat in range(1, 7)}
    resolved = client.post(host + "/resolve", data=aims, follow_redirects=True)
    if resolved.status_code == 200:
        pages["crossfire outcome"] = resolved.text
    pages["crossfire, too few players"] = client.post(
        f"/crossfire?lang={lang}", data={"mode": "crossfire", "players": "2"}
    ).text
    return pages


@pytest.mark.parametrize("lang", ["en-XA", "zh-Hans"])
def test_every_page_speaks_the_page_language(lang_app: Any, data_phrases: list[str], lang: str) -> None:
    with fresh(lang_app) as client:
        pages = sweep_pages(client, lang)
    assert len(pages) > len(PAGES)
    found = {}
    for name, page in pages.items():
        words = untranslated(page, data_phrases, lang)
        if name == "/cards?q=t%3Aice+o%3E%3Dx":  # the query error names the search key, a code: cost
            words = [w for w in words if w not in SEARCH_KEYS]
        if words:
            found[name] = words
    assert found == {}, f"words that went through no catalog ({lang}): {found}"


@pytest.mark.slow
def test_the_detector_sees_what_was_not_translated(data_phrases: list[str]) -> None:
    page = '<p>‹Šéáŕçĥ› <code>t:ice</code> Search <span translate="no">Archive Heist</span></p><p title="Hello">Archive Heist</p>'
    assert untranslated(page, data_phrases, "en-XA") == ["Hello", "Search"]
    assert untranslated("<p>搜索 t:ice JSON Dossier 3x</p>", data_phrases, "zh-Hans") == []
    assert untranslated("<p>搜索 results</p>", data_phrases, "zh-Hans") == ["results"]


# ---------------------------------------------------------------------- in Chromium: the script-made text


def _ready_builder(page: Any) -> None:
    page.wait_for_function("document.getElementById('builder').getAttribute('aria-busy') === 'false'")
    page.wait_for_function("document.querySelectorAll('#card-results tbody tr').length > 0")


def _ready_editor(page: Any) -> None:
    page.wait_for_selector("#ed-root[data-ready]")
    page.wait_for_function("document.getElementById('ed-summary').textContent.length > 0")
    page.wait_for_function("document.getElementById('ed-status').textContent === ''")


@pytest.mark.parametrize("lang", ["en-XA", "zh-Hans"])
@pytest.mark.slow
def test_script_made_text_speaks_the_page_language(
    live_server: str, page: Any, data_phrases: list[str], lang: str
) -> None:
    live_phrases = data_phrases  # the live server serves a copy of the same cards
    found: dict[str, list[str]] = {}
    legal = share_code(DECKS / "netrunner" / "runner-criminal-fingers.json")
    tactics = share_code(DECKS / "tactics" / "duo.json")
    for name, path in [
        ("builder, netrunner", f"/decks/build?d={legal}"),
        ("builder, tactics", f"/decks/build?d={tactics}"),
        ("builder, crossfire", "/decks/build?game=crossfire"),
        ("builder, new netrunner deck", "/decks/build?game=netrunner&mode=standard"),
    ]:
        page.goto(f"{live_server}{path}&lang={lang}")
        _ready_builder(page)
        if "crossfire" in name:
            page.click("#deal-roles")
            page.wait_for_function("document.querySelectorAll('#decklist tbody tr').length > 3")
            _ready_builder(page)
        elif "new" not in name:
            page.click("#draw-hand")
            page.wait_for_selector("#hand li")
            page.wait_for_function("document.querySelectorAll('#odds th').length > 2")
        page.fill("#card-q", "t:ice o>=x")  # a query error, from the API
        page.press("#card-q", "Enter")
        page.wait_for_function("document.getElementById('card-q-error').textContent.length > 0")
        words = untranslated(page.content(), live_phrases, lang, extra=("t:ice o>=x",))
        if words := [w for w in words if w not in SEARCH_KEYS]:  # the query error names its key, a code
            found[name] = words
    for name, path in [
        ("editor, tactics card", f"/editor/edit?path={CARD}"),
        ("editor, netrunner card", "/editor/edit?path=netrunner/cards/archive_heist.json"),
        ("editor, tactics agent", "/editor/edit?path=tactics/agents/anvil.json"),
        ("editor, crossfire role", "/editor/edit?path=crossfire/roles/vip.json"),
        ("editor, tactics game", "/editor/edit?path=tactics/game.json"),
        ("editor, netrunner game", "/editor/edit?path=netrunner/game.json"),
    ]:
        page.goto(f"{live_server}{path}&lang={lang}")
        _ready_editor(page)
        page.wait_for_function(
            "!document.getElementById('ed-preview').hidden || !document.getElementById('ed-preview-note').hidden"
        )
        if words := untranslated(page.content(), live_phrases, lang):
            found[name] = words
        if name == "editor, tactics card":  # a lint error and the raw view
            page.check("#ed-mode")
            raw = page.locator("#ed-raw")
            raw.fill(raw.input_value().replace('"item"', '"itemz"'))
            page.wait_for_selector("#ed-findings li.error")
            if words := untranslated(page.content(), live_phrases, lang):
                found[name + ", a lint error"] = words
    assert found == {}, f"script-made words that went through no catalog ({lang}): {found}"


def test_a_first_visit_in_an_english_browser_is_english(live_server: str, browser: Any) -> None:
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.goto(live_server + "/cards")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("h1").inner_text() == "Cards"
    finally:
        context.close()
    context = browser.new_context(locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(live_server + "/decks")
        assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    finally:
        context.close()


# ---------------------------------------------------------------------- in Chromium: switching keeps the work


def _switch_to_chinese(page: Any) -> None:
    page.click("a[data-lang-switch='zh-Hans']")
    page.wait_for_function("document.documentElement.lang === 'zh-Hans'")


@pytest.mark.slow
def test_switching_language_keeps_the_unsaved_deck(live_server: str, page: Any, client: Any) -> None:
    deck = json.loads((DECKS / "tactics" / "duo.json").read_text(encoding="utf-8"))
    saved = client.post("/api/decks/saved", json={"deck": deck}).json()["id"]
    page.goto(f"{live_server}/decks/build?saved={saved}&lang=en")
    _ready_builder(page)
    before = page.locator("#deck-total").inner_text()
    page.fill("#deck-name", "My changed deck")
    first = page.locator("#card-results button[data-add]").first
    card_id = first.get_attribute("data-add")
    row = page.locator(f'#decklist input[data-count="{card_id}"]')
    count = int(row.input_value() or 0) if row.count() else 0
    first.click()
    page.wait_for_selector(f'#decklist input[data-count="{card_id}"]')
    page.wait_for_function(
        "([id, n]) => document.querySelector(`#decklist input[data-count='${id}']`).value === String(n)",
        arg=[card_id, count + 1],
    )
    page.fill("#odds-turns", "4")
    _ready_builder(page)
    changed = page.locator("#deck-total").inner_text()
    assert changed != before
    _switch_to_chinese(page)
    _ready_builder(page)
    assert page.input_value("#deck-name") == "My changed deck"
    assert page.locator(f'#decklist input[data-count="{card_id}"]').input_value() == str(count + 1)
    assert page.input_value("#odds-turns") == "4"
    assert "张牌" in page.locator("#deck-total").inner_text()  # the list, in Chinese now
    assert f"saved={saved}" in page.url  # still the saved deck: saving replaces it
    stored = client.get(f"/api/decks/saved/{saved}").json()["deck"]
    assert stored["name"] == deck["name"]  # nothing was saved by switching
    page.click("#save-deck")
    page.wait_for_function("document.getElementById('save-status').textContent.length > 0")
    assert client.get(f"/api/decks/saved/{saved}").json()["deck"]["cards"][card_id] == count + 1


@pytest.mark.slow
def test_switching_language_keeps_a_new_deck_in_the_address(live_server: str, page: Any) -> None:
    page.goto(f"{live_server}/decks/build?game=tactics&mode=duo&lang=en")
    _ready_builder(page)
    page.locator("#card-results button[data-add]").first.click()
    page.wait_for_function("document.querySelectorAll('#decklist tbody tr[data-id]').length === 1")
    _ready_builder(page)
    assert "d=" in page.url
    _switch_to_chinese(page)
    _ready_builder(page)
    assert page.locator("#decklist tbody tr[data-id]").count() == 1


@pytest.mark.slow
def test_switching_language_keeps_the_unsaved_record(live_server: str, page: Any, web_cards: Path) -> None:
    path = web_cards / CARD
    before = path.read_bytes()
    page.goto(f"{live_server}/editor/edit?lang=en&path={CARD}")
    _ready_editor(page)
    text = page.locator('[data-pointer="/text/0"] textarea')
    text.fill("响应：本单位获得 4 点临时生命值。")
    page.wait_for_function("document.getElementById('ed-status').textContent === ''")
    _switch_to_chinese(page)
    _ready_editor(page)
    assert page.locator('[data-pointer="/text/0"] textarea').input_value() == "响应：本单位获得 4 点临时生命值。"
    assert page.locator("#ed-save").inner_text() == "保存"
    assert path.read_bytes() == before  # switching saved nothing
    page.click("#ed-save")
    page.wait_for_selector("#ed-message.ok")
    assert json.loads(path.read_text(encoding="utf-8"))["text"] == ["响应：本单位获得 4 点临时生命值。"]
    # the raw view's unsaved text is kept too, and a record with nothing unsaved loads as it is
    page.check("#ed-mode")
    raw = page.locator("#ed-raw")
    raw.fill(raw.input_value().replace("4 点", "5 点"))
    page.click("a[data-lang-switch='en']")
    page.wait_for_function("document.documentElement.lang === 'en'")
    _ready_editor(page)
    assert page.is_checked("#ed-mode") and "5 点" in page.locator("#ed-raw").input_value()
    page.goto(f"{live_server}/editor/edit?lang=zh-Hans&path={CARD}")
    _ready_editor(page)
    assert "4 点" in page.locator('[data-pointer="/text/0"] textarea').input_value()


def test_every_field_of_every_record_kind_has_an_editor_label() -> None:
    # the editor shows its own labels, not the schemas' English titles: a field a model gains needs one
    import json

    from toolkit.web.vocab import field_words

    labels, _ = field_words("zh-Hans")
    names: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            names.update((value.get("properties") or {}).keys())
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in (ROOT / "schema").glob("*/*.schema.json"):
        if path.name != "state.schema.json":  # a game's state is no record the editor opens
            walk(json.loads(path.read_text(encoding="utf-8")))
    assert names and not names - set(labels)
