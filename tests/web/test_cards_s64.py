"""The card browser, round 64: the Game menu keeps a game given by name, the language-dependent API answers say
Vary, card images answer If-None-Match by the weak comparison, card pages link the records they name."""

from __future__ import annotations

import re
from typing import Any

import pytest

LANG_VARY = {"accept-language", "cookie"}


def varies(response: Any) -> set[str]:
    return {v.strip().casefold() for v in response.headers.get("vary", "").split(",") if v.strip()}


# ---------------------------------------------------------------- the Game menu and a game given by name


def chosen_game(html: str) -> list[str]:
    menu = re.search(r'<select id="game".*?</select>', html, re.S)
    assert menu, html[:300]
    return re.findall(r'<option value="([^"]*)" selected', menu.group(0))


@pytest.mark.parametrize("name", ["Netrunner", "矩阵潜袭", "NETRUNNER", "netrunner"])
def test_a_game_given_by_name_is_chosen_in_the_menu(ro_client: Any, name: str) -> None:
    response = ro_client.get("/cards", params={"q": "t:ice", "game": name, "lang": "en"})
    assert response.status_code == 200
    assert chosen_game(response.text) == ["netrunner"]
    backs = re.findall(r'href="/cards/[^"]*back=([^"]*)"', response.text)
    assert backs and all("game%3Dnetrunner" in b for b in backs), backs[:2]  # the way back keeps the game


def test_a_game_given_by_name_is_chosen_without_a_query(ro_client: Any) -> None:
    assert chosen_game(ro_client.get("/cards", params={"game": "Tactics", "lang": "en"}).text) == ["tactics"]


def test_an_unknown_game_is_still_refused(ro_client: Any) -> None:
    response = ro_client.get("/cards", params={"q": "x", "game": "bogus", "lang": "en"})
    assert response.status_code == 400 and "bogus" in response.text


# ---------------------------------------------------------------- Vary on the language-dependent API answers


def test_search_and_record_answers_vary_by_language(ro_client: Any) -> None:
    for url in ("/api/search?q=heist", "/api/records/tactics/grit_teeth", "/api/search?q=name:"):
        for headers in ({"Accept-Language": "en"}, {"Accept-Language": "zh-Hans"}):
            response = ro_client.get(url, headers=headers)
            assert varies(response) >= LANG_VARY, (url, response.status_code, response.headers.get("vary"))
    english = ro_client.get("/api/search?q=heist&lang=en").json()["results"][0]["game_name"]
    chinese = ro_client.get("/api/search?q=heist&lang=zh-Hans").json()["results"][0]["game_name"]
    assert english != chinese  # (the answers do differ by language)


# ---------------------------------------------------------------- If-None-Match: the weak comparison


IMAGE = "/images/tactics/card/adrenaline_shot.png?lang=en"


def test_card_images_answer_weak_and_listed_entity_tags(ro_client: Any) -> None:
    first = ro_client.get(IMAGE)
    etag = first.headers["etag"]
    assert first.status_code == 200 and etag.startswith('"')
    for header in (etag, f"W/{etag}", f'"zz", {etag}', f'W/"zz" , W/{etag}', "*", f' "zz",, {etag} '):
        again = ro_client.get(IMAGE, headers={"If-None-Match": header})
        assert again.status_code == 304 and not again.content, header
        assert again.headers["etag"] == etag
    for header in ('"zz"', 'W/"zz", "yy"', etag.strip('"'), f"{etag}x", ""):
        again = ro_client.get(IMAGE, headers={"If-None-Match": header})
        assert again.status_code == 200 and again.content[:4] == b"\x89PNG", header


def test_none_match_by_rfc_9110() -> None:
    from toolkit.web.routes.cards import none_match

    assert none_match('W/"a"', '"a"') and none_match('"b", W/"a"', '"a"') and none_match("*", '"a"')
    assert not none_match('"b"', '"a"') and not none_match(None, '"a"') and not none_match('"a', '"a"')


# ---------------------------------------------------------------- links between related records


def related(html: str) -> dict[str, list[tuple[str, str]]]:
    """The related records a card page links, by group: (href, text)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for key, body in re.findall(r'<li data-related="([^"]+)">(.*?)</li>', html, re.S):
        out[key] = re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', body)
    return out


def page(client: Any, path: str, lang: str) -> str:
    response = client.get(path, params={"lang": lang})
    assert response.status_code == 200, response.text[:300]
    text: str = response.text
    return text


def test_an_exclusive_card_links_its_agent(ro_client: Any) -> None:
    for lang, name in (("en", "Anvil"), ("zh-Hans", "铁砧")):
        links = related(page(ro_client, "/cards/tactics/grit_teeth", lang))
        assert links["agent"] == [("/cards/tactics/anvil?kind=agent", name)], links


def test_an_agent_lists_its_exclusive_cards(ro_client: Any) -> None:
    for lang, name in (("en", "Grit Your Teeth"), ("zh-Hans", "咬紧牙关")):
        links = related(page(ro_client, "/cards/tactics/anvil", lang))
        urls = [url for url, _ in links["exclusive"]]
        assert len(urls) == 4 and "/cards/tactics/grit_teeth?kind=card" in urls, links
        assert name in [text for _, text in links["exclusive"]]
        assert "/cards/tactics/brawl?kind=attack" in [url for url, _ in links["attacks"]]


def test_netrunner_cards_link_their_faction(ro_client: Any) -> None:
    links = related(page(ro_client, "/cards/netrunner/vera_fingers_thorne", "en"))
    assert links["faction"] == [("/cards/netrunner/criminal?kind=faction", "Criminal")]
    faction = related(page(ro_client, "/cards/netrunner/criminal?kind=faction", "zh-Hans"))
    urls = [url for url, _ in faction["identities"]]
    assert "/cards/netrunner/vera_fingers_thorne?kind=identity" in urls
    assert any(url.startswith("/cards?q=f%3Acriminal") for url in urls)


def test_a_card_links_the_cards_its_text_quotes(ro_client: Any) -> None:
    for lang, name in (("en", "Holo Decoy"), ("zh-Hans", "全息诱饵")):
        links = related(page(ro_client, "/cards/tactics/decoy_emitter", lang))
        assert links["named"] == [("/cards/tactics/holo_decoy?kind=card", name)], links


def test_a_minion_card_links_its_unit(ro_client: Any) -> None:
    links = related(page(ro_client, "/cards/tactics/launch_hummingbird", "en"))
    assert links["minion"] == [("/cards/tactics/hummingbird_drone?kind=unit", "Hummingbird Recon Drone")]


def test_the_builders_options_vary_with_the_language(client: Any) -> None:
    """/api/decks/options is worded in the page's language (Accept-Language, the cookie): it says so to caches."""
    answer = client.get("/api/decks/options", headers={"Accept-Language": "en"})
    assert answer.status_code == 200 and "Accept-Language" in answer.headers.get("vary", ""), answer.headers


def test_every_api_answer_varies_with_the_language(client: Any) -> None:
    """/api/decks/cards (worded in the page's language) and localised refusals of /api/records and /api/decks/share
    said only Vary: Accept-Encoding."""
    for path in ("/api/decks/cards?game=tactics", "/api/records/tactics/nope", "/api/decks/share/xyz"):
        answer = client.get(path, headers={"Accept-Language": "zh-Hans"})
        vary = {part.strip().lower() for part in answer.headers.get("vary", "").split(",")}
        assert {"accept-language", "cookie"} <= vary, (path, answer.status_code, answer.headers.get("vary"))
