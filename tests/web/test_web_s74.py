"""The web app for an English user, as a sweep found it (round 74): the card page offered "Add to deck" for token and
matrix shop cards (never in a deck), called every record a card on its Edit button and left a mode's summary and deck
rules in the collapsed raw fields; the API docs gave a Chinese example query only; the saved-deck list called a
crossfire role set "5 cards"; a saved deck not there was a 400 or a 404 by route and spelling; a game typed with a
capital (Tactics) in a card address was unknown; and an id a crossfire role and mode share picked one silently."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import quote

import pytest


def get(client: Any, address: str, lang: str = "en") -> Any:
    """``address`` in ``lang`` (as ``?lang=``, not Accept-Language: the shared client may hold a language cookie; and
    added to the address's query, which httpx's ``params`` would replace)."""
    return client.get(f"{address}{'&' if '?' in address else '?'}lang={lang}")


def _text(page: Any) -> str:
    return html.unescape(page.text)


# ---------------------------------------------------------------------- 1. the card page


@pytest.mark.parametrize("card", ["smoke_cloud", "holo_decoy", "coil_railgun"])
def test_a_token_or_shop_card_offers_no_add_to_deck(ro_client: Any, card: str) -> None:
    page = get(ro_client, f"/cards/tactics/{card}?kind=card")
    assert page.status_code == 200
    assert "Add to deck" not in page.text and "/decks/build?game=tactics&amp;add=" not in page.text


@pytest.mark.parametrize(("game", "record", "kind"), [("tactics", "adrenaline_shot", "card"),
                                                      ("tactics", "anvil", "agent")])  # fmt: skip
def test_a_card_a_deck_may_hold_still_offers_add_to_deck(ro_client: Any, game: str, record: str, kind: str) -> None:
    page = get(ro_client, f"/cards/{game}/{record}?kind={kind}")
    assert page.status_code == 200 and f"/decks/build?game={game}&amp;add={record}" in page.text
    assert "Add to deck" in page.text


@pytest.mark.parametrize(
    ("address", "button"),
    [
        ("/cards/tactics/duel?kind=mode", "Edit this mode"),
        ("/cards/crossfire/vip?kind=role", "Edit this role"),
        ("/cards/tactics/tactics?kind=game", "Edit this record"),
        ("/cards/netrunner/anarch?kind=faction", "Edit this record"),
        ("/cards/tactics/anvil?kind=agent", "Edit this card"),
        ("/cards/tactics/adrenaline_shot?kind=card", "Edit this card"),
    ],
)
def test_the_edit_button_names_what_the_record_is(ro_client: Any, address: str, button: str) -> None:
    page = get(ro_client, address)
    assert page.status_code == 200
    found = re.search(r'<a [^>]*id="edit-card"[^>]*>([^<]*)</a>', page.text)
    assert found is not None and found.group(1) == button, found


def _before_fields(page: Any) -> str:
    """The page up to its collapsed table of raw fields."""
    text = _text(page)
    assert 'id="fields-h"' in text
    return text.split('id="fields-h"')[0]


def test_a_mode_page_says_its_summary_and_deck_rules_above_the_raw_fields(ro_client: Any) -> None:
    page = get(ro_client, "/cards/tactics/duel?kind=mode")
    shown = _before_fields(page)
    assert "Two players, one agent each, exactly 10 cards" in shown
    rules = re.search(r'<ul[^>]*id="deck-rules"[^>]*>(.*?)</ul>', shown, re.S)
    assert rules is not None, shown[-2000:]
    items = [re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li>(.*?)</li>", rules.group(1), re.S)]
    assert "Deck size: exactly 10" in items, items
    assert "No token cards" in items and "No matrix shop cards" in items, items
    assert "Unique names (command cards)" in items, items
    assert not any("_" in item for item in items), items  # no rule shown by its id


def test_a_crossfire_mode_names_its_roles_and_a_format_says_its_copy_limit(ro_client: Any) -> None:
    sniper = _before_fields(get(ro_client, "/cards/crossfire/sniper?kind=mode"))
    assert "one open Sniper" in sniper
    assert "Role count (Sniper): exactly 1" in sniper and "Role count (Assassin): at least 1" in sniper
    standard = _before_fields(get(ro_client, "/cards/netrunner/standard?kind=format"))
    assert "Standard deckbuilding" in standard and "Copy limit: at most 3" in standard


def test_a_mode_page_in_chinese_says_them_in_chinese(ro_client: Any) -> None:
    shown = _before_fields(get(ro_client, "/cards/tactics/duel?kind=mode", "zh-Hans"))
    assert "两人对决：各 1 名特工" in shown
    rules = re.search(r'<ul[^>]*id="deck-rules"[^>]*>(.*?)</ul>', shown, re.S)
    assert rules is not None
    words = re.sub(r"<[^>]+>", "", rules.group(1))
    assert "牌组张数" in words and re.search(r"[A-Za-z]{3,}", words) is None, words


def test_a_card_page_has_no_mode_words(ro_client: Any) -> None:
    page = get(ro_client, "/cards/tactics/adrenaline_shot?kind=card")
    assert 'id="deck-rules"' not in page.text and 'id="summary"' not in page.text


# ---------------------------------------------------------------------- 2. the API docs' example query


def test_the_search_api_s_example_query_is_in_english_too(ro_client: Any) -> None:
    schema = ro_client.get("/openapi.json").json()
    parameters = {p["name"]: p for p in schema["paths"]["/api/search"]["get"]["parameters"]}
    said = parameters["q"]["description"]
    assert "t:equipment speed>=2" in said, said


# ---------------------------------------------------------------------- 3. the saved-deck list


def test_a_saved_crossfire_role_set_is_counted_in_players(client: Any) -> None:
    roles = {"agent": 1, "assassin": 1, "bystander": 1, "red_decoy": 1, "vip": 1}
    deck = {"game": "crossfire", "mode": "crossfire", "name": "Five at the table", "players": 5, "cards": roles}
    saved = client.post("/api/decks/saved", json={"deck": deck})
    assert saved.status_code == 200, saved.text
    page = get(client, "/decks")
    item = re.search(r"<li>\s*<a href=\"/decks/build\?saved=[^\"]+\">Five at the table</a>(.*?)</li>", page.text, re.S)
    assert item is not None, page.text
    assert "5 players" in item.group(1) and "cards" not in item.group(1), item.group(1)
    chinese = get(client, "/decks", "zh-Hans").text
    assert "5 名玩家" in chinese


# ---------------------------------------------------------------------- 4. a saved deck not there


@pytest.mark.parametrize("deck_id", ["nonexistent", "CON", "Deck-1", "a" * 90])
def test_a_saved_deck_not_there_is_a_404_on_every_route(ro_client: Any, deck_id: str) -> None:
    said = f"no saved deck {deck_id!r}"
    for method, address in [("GET", f"/api/decks/saved/{deck_id}"), ("DELETE", f"/api/decks/saved/{deck_id}"),
                            ("GET", f"/api/decks/saved/{deck_id}/file")]:  # fmt: skip
        answer = ro_client.request(method, f"{address}?lang=en")
        assert answer.status_code == 404, (method, address, answer.text)
        assert answer.json()["detail"] == said
    for method in ("GET", "POST"):
        page = ro_client.request(method, f"/decks/saved/{deck_id}/delete?lang=en")
        assert page.status_code == 404, (method, page.text[-500:])
        assert said in _text(page)
    builder = ro_client.get("/decks/build", params={"saved": deck_id, "lang": "en"})
    assert builder.status_code == 404 and said in _text(builder)


def test_a_bad_save_body_is_still_a_400(ro_client: Any) -> None:
    refused = ro_client.post("/api/decks/saved?lang=en", json={"deck": {"game": "chess"}})
    assert refused.status_code == 400, refused.text


# ---------------------------------------------------------------------- 5. the game in a card address


@pytest.mark.parametrize("game", ["Tactics", "TACTICS", "特工战术"])
def test_a_game_by_another_spelling_leads_to_the_card_s_address(ro_client: Any, game: str) -> None:
    moved = ro_client.get(f"/cards/{quote(game)}/anvil?kind=agent&lang=en", follow_redirects=False)
    assert moved.status_code in (301, 307, 308), moved.text[-300:]
    assert moved.headers["location"] == "/cards/tactics/anvil?kind=agent&lang=en"
    page = get(ro_client, f"/cards/{quote(game)}/anvil?kind=agent")
    assert page.status_code == 200 and "Anvil" in page.text


def test_the_api_takes_a_game_by_another_spelling(ro_client: Any) -> None:
    answer = ro_client.get("/api/records/Netrunner/anarch?kind=faction&lang=en")
    assert answer.status_code == 200 and answer.json()["game"] == "netrunner"


def test_an_unknown_game_is_still_a_404_that_says_what_goes_in_the_address(ro_client: Any) -> None:
    page = get(ro_client, "/cards/chess/anvil")
    assert page.status_code == 404
    assert "unknown game 'chess'" in _text(page) and "Tactics (tactics)" in _text(page)
    answer = ro_client.get("/api/records/chess/anvil?lang=en")
    assert answer.status_code == 404 and "unknown game 'chess'" in answer.json()["detail"]


# ---------------------------------------------------------------------- 6. an id two records share


def test_an_id_a_role_and_a_mode_share_is_refused_without_a_kind(ro_client: Any) -> None:
    answer = ro_client.get("/api/records/crossfire/sniper?lang=en")
    assert answer.status_code == 400, answer.text
    said = answer.json()["detail"]
    assert "'sniper' names 2 records" in said and "?kind=" in said, said
    assert "crossfire/role/sniper" in said and "crossfire/mode/sniper" in said, said
    chinese = ro_client.get("/api/records/crossfire/sniper?lang=zh-Hans").json()["detail"]
    assert "对应 2 条记录" in chinese and "角色" in chinese, chinese
    page = get(ro_client, "/cards/crossfire/sniper")
    assert page.status_code == 400 and "names 2 records" in _text(page)


def test_with_a_kind_each_of_them_is_answered(ro_client: Any) -> None:
    for kind in ("role", "mode"):
        answer = ro_client.get(f"/api/records/crossfire/sniper?kind={kind}&lang=en")
        assert answer.status_code == 200 and answer.json()["kind"] == kind
    assert ro_client.get("/api/records/crossfire/vip?lang=en").json()["kind"] == "role"  # one record: no kind needed
    assert ro_client.get("/api/records/tactics/duel?lang=en").json()["kind"] == "mode"
