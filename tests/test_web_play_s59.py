"""The games at /play, round 59 of a player's report: the seed stays secret from every seat while the game is on
(shown once it is over); undo refuses to take back what revealed something since (the machine's turn, dice, a new
card), saying why; a seat's link is claimed by the first browser that opens it; the map's tooltips name units without
their record ids; Resign asks first; the form offers the bundled example decks and the map; the refusals of /moves
and /replay lead back to the game; a malformed decision number is a 400."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

from tests.test_web_play_round56 import _alert, _decide, _labels, _number, _store
from tests.web import conftest as web
from tests.web.conftest import BASE, TEST_CSRF

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

SEED = "987654321"  # digits that appear nowhere by chance


def _start(client: Any, **form: str) -> str:
    data = {"mode": "duel", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "1",
            "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


def _records(settings: Any) -> list[Any]:
    from toolkit.catalog import load_catalog

    return list(load_catalog([settings.cards[0] / "tactics"]).records)


def _other_link(page: str) -> str:
    found = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', page)
    assert found is not None
    return found.group(1).removeprefix(BASE)


def _browser(web_app: Any) -> Any:
    """Another browser: a client of its own (its own cookies)."""
    from fastapi.testclient import TestClient

    other = TestClient(web_app, base_url=BASE)
    other.cookies.set("csrf", TEST_CSRF)
    other.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
    return other


# ---------------------------------------------------------------------- 1. the seed


@pytest.mark.slow
def test_no_seat_sees_the_seed_while_the_game_is_on(client: Any) -> None:
    first = _start(client, seed=SEED, opponent="hotseat")
    second = _other_link(client.get(f"{first}?lang=en").text)
    for _ in range(12):  # a few decisions, so that the log and the other side's moves have something
        for path in (first, second):
            page = client.get(f"{path}?lang=en")
            assert page.status_code == 200 and SEED not in page.text
            assert SEED not in client.get(f"/api{path}?lang=en").text and SEED not in client.get(f"/api{path}").text
            assert SEED not in client.get(f"{path}?lang=zh-Hans").text
            moves = client.get(f"{path}/moves?lang=en")
            assert SEED not in moves.text
            labels = _labels(page.text)
            if labels:
                assert _decide(client, path, labels[0], _number(page.text)).status_code == 303
    about = re.search(r'id="pl-about">(.*?)</p>', client.get(f"{first}?lang=en").text, re.S)
    assert about is not None and "Seat 1 · round" in about.group(1) and "seed" not in about.group(1)
    # once it is over, the seed is there: on the page, in the API's log and in the replay's title
    assert client.post(f"{first}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    for path in (first, second):
        assert f"seed {SEED}" in client.get(f"{path}?lang=en").text
        setup = next(e for e in client.get(f"/api{path}").json()["log"] if e["event"] == "setup")
        assert setup["seed"] == int(SEED)
    assert f"seed {SEED}" in client.get(f"{first}/replay?lang=en").text


def test_the_netrunner_api_keeps_the_seed_until_the_game_is_over(client: Any) -> None:
    data = {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic",
            "seed": SEED, "csrf_token": TEST_CSRF}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    path = str(answer.headers["location"]).removeprefix(BASE)
    assert SEED not in client.get(f"/api{path}?lang=en").text
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert SEED in client.get(f"/api{path}?lang=en").text


# ---------------------------------------------------------------------- 2. undo after something was revealed


@pytest.mark.slow
def test_undo_after_the_machine_s_turn_is_refused_with_the_reason(client: Any, web_settings: Any) -> None:
    path = _start(client, seed="3")
    for _ in range(40):
        page = client.get(f"{path}?lang=en").text
        labels = _labels(page)
        if "end" in labels:
            break
        assert _decide(client, path, labels[-1], _number(page)).status_code == 303
    assert _decide(client, path, "end", _number(page)).status_code == 303
    decisions = _store(web_settings).load(path.rsplit("/", 1)[1])["decisions"]
    assert 'id="pl-undo"' not in client.get(f"{path}?lang=en").text  # nothing to take back: no button
    undo = client.post(f"{path}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert undo.status_code == 409 and f'href="{path}"' in undo.text
    assert _alert(undo.text) == "the machine has played since your last decision, so it cannot be undone"
    assert _store(web_settings).load(path.rsplit("/", 1)[1])["decisions"] == decisions


def _walk_to(records: Any, setup: Any, walk: int, reason: str) -> Any:
    """A game of ``setup`` played by a walk until the person's last decision was followed by dice (``rolled``) or
    a card or unit newly seen (``seen``), with no machine's decision since."""
    from toolkit.engine.tactics.session import TacticsSession, revealed

    session = TacticsSession(records, setup)
    pick = random.Random(walk)
    for _ in range(60):
        assert session.pending is not None
        labels = session.pending.labels()
        strike = [x for x in labels if x.startswith("attack:") or (x.startswith("ability") and ":strike" in x)]
        before = TacticsSession(records, setup, session.labels)
        count, state = len(session.labels), session.game.rng.getstate()
        session.apply((strike or [pick.choice([x for x in labels if x != "end"] or labels)])[0])
        if len(session.labels) == count + 1:
            if reason == "rolled" and session.game.rng.getstate() != state:
                return session
            if reason == "seen" and session.game.rng.getstate() == state and revealed(before.game, session.game, 1):
                return session
    raise AssertionError(reason)


def test_undo_after_dice_or_a_new_card_is_refused_with_the_reason(client: Any, web_settings: Any) -> None:
    from toolkit.decks.random_deck import deck_card_ids, random_legal_deck
    from toolkit.engine.tactics.session import TacticsSetup

    records = _records(web_settings)
    said = {
        "rolled": "dice were rolled or cards shuffled since your last decision, so it cannot be undone",
        "seen": "you have seen new cards or units since your last decision, so it cannot be undone",
    }
    for reason, seed, walk in (("rolled", 4, 3), ("seen", 5, 3)):  # (walks that reach each case)
        rng = random.Random(seed)
        mine = random_legal_deck(records, "duel", rng, name="mine")
        theirs = random_legal_deck(records, "duel", rng, name="theirs", taken=list(mine.agents or []))
        setup = TacticsSetup("duel", [list(mine.agents or []), list(theirs.agents or [])],
                             [deck_card_ids(mine), deck_card_ids(theirs)], ["human", "heuristic"], seed=seed)  # fmt: skip
        session = _walk_to(records, setup, walk, reason)
        links = _store(web_settings).new({**session.to_json(), "status": "playing", "creator": 1}, (1,))
        path = f"/play/{links[1]}"
        undo = client.post(f"{path}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
        assert undo.status_code == 409 and _alert(undo.text) == said[reason], (reason, undo.text[:300])
        assert _store(web_settings).load(links[1])["decisions"] == session.labels


def test_undo_of_what_revealed_nothing_still_works(client: Any) -> None:
    path = _start(client, seed="9")
    page = client.get(f"{path}?lang=en").text
    assert _labels(page) == ["yes", "no"]  # the mulligan: keeping a card shows nothing new
    assert _decide(client, path, "no", _number(page)).status_code == 303
    assert 'id="pl-undo"' in client.get(f"{path}?lang=en").text
    assert client.post(f"{path}/undo", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert _number(client.get(f"{path}?lang=en").text) == _number(page)


# ---------------------------------------------------------------------- 3. a seat's link is claimed


def test_a_seat_s_link_opens_in_the_first_browser_that_opens_it_only(client: Any, web_app: Any) -> None:
    first = _start(client, mode="duo", seed="6", opponent="person")
    second = _other_link(client.get(f"{first}?lang=en").text)
    with _browser(web_app) as phone, _browser(web_app) as stranger, _browser(web_app) as late:
        assert phone.get(f"{second}?lang=en").status_code == 200  # the other player's device takes seat 2
        assert phone.get(f"/api{second}").status_code == 200 and phone.get(f"{second}?lang=en").status_code == 200
        taken = stranger.get(f"{second}?lang=en")  # anyone else with the link: refused, seeing nothing of the seat
        assert taken.status_code == 403 and "This seat is taken" in _alert(taken.text)
        assert 'id="pl-hand"' not in taken.text
        api = stranger.get(f"/api{second}?lang=en")
        assert api.status_code == 403 and "This seat is taken" in api.json()["detail"] and "players" not in api.json()
        assert stranger.post(f"{second}/resign", data={"csrf_token": TEST_CSRF}).status_code == 403
        assert late.get(f"/api{first}").status_code == 403  # the creator's seat: the creator's browser only
        assert phone.get(f"{first}?lang=en").status_code == 403  # each browser its own seat
    refused = client.get(f"{second}?lang=en")  # the creator's browser, as before
    assert refused.status_code == 403 and "other player's private link" in _alert(refused.text)
    assert client.get(f"{first}?lang=en").status_code == 200


def test_a_seat_opened_first_by_the_api_is_claimed_too(client: Any, web_app: Any) -> None:
    first = _start(client, mode="duo", seed="6", opponent="person")
    second = _other_link(client.get(f"{first}?lang=en").text)
    with _browser(web_app) as script, _browser(web_app) as stranger:
        assert script.get(f"/api{second}").status_code == 200
        assert stranger.get(f"{second}?lang=en").status_code == 403 and script.get(second).status_code == 200


# ---------------------------------------------------------------------- 4. tooltips without record ids


@pytest.mark.slow
def test_the_map_s_tooltips_name_units_without_their_record_ids(client: Any) -> None:
    path = _start(client, seed="4")
    units: list[dict[str, Any]] = []
    for _ in range(30):  # until units stand on the map
        units = [u for u in client.get(f"/api{path}").json()["units"] if u.get("id")]
        if units:
            break
        page = client.get(f"{path}?lang=en").text
        assert _decide(client, path, _labels(page)[0], _number(page)).status_code == 303
    assert units
    for lang in ("en", "zh-Hans"):
        page = client.get(f"{path}?lang={lang}").text
        titles = [html.unescape(x) for x in re.findall(r"<title>([^<]*)</title>", page)]
        named = [x for x in titles if " · P" in x or " · 玩家" in x]  # (the seat in the page's language)
        assert named, titles
        for unit in units:
            assert not [x for x in named if f" · {unit['id']} · " in x], (unit["id"], named)


def test_map_render_keeps_the_record_id_in_its_tooltips() -> None:
    from toolkit.board.draw import _unit_title

    unit = {"uid": 1, "id": "gale", "name": "Gale", "seat": 1, "pos": [1, 1]}
    assert _unit_title(unit).startswith("Gale · gale · P1")
    assert _unit_title({**unit, "id_in_title": False}).startswith("Gale · P1")


# ---------------------------------------------------------------------- 5. resign asks first


def test_resign_asks_before_it_ends_the_game(client: Any) -> None:
    path = _start(client)
    page = client.get(f"{path}?lang=en").text
    form = re.search(r'<form method="(\w+)" action="([^"]+)"[^>]*>(?:(?!</form>).)*id="pl-resign"', page, re.S)
    assert form is not None and form.group(1) == "get" and form.group(2) == f"{path}/resign"
    ask = client.get(f"{path}/resign?lang=en")
    assert ask.status_code == 200 and "Resign this game?" in ask.text and ask.headers["cache-control"] == "no-store"
    assert f'action="{path}/resign"' in ask.text and 'method="post"' in ask.text
    assert 'id="pl-resign-confirm"' in ask.text
    assert f'href="{path}" id="pl-resign-back"' in ask.text
    assert client.get(f"/api{path}").json()["status"] == "playing"  # asking ended nothing
    done = client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert done.status_code == 303 and client.get(f"/api{path}").json()["status"] == "resigned"
    again = client.get(f"{path}/resign?lang=en", follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"].endswith(path)


# ---------------------------------------------------------------------- 6. example decks and the map


def test_the_form_offers_the_example_decks_and_the_maps(client: Any, web_settings: Any) -> None:
    page = client.get("/play?lang=en").text
    assert 'value="example:duel-rival" data-mode="duel"' in page and "Duel: Anvil Breaks In" in page
    assert 'value="example:melee-recon" data-mode="melee"' in page
    assert len(re.findall(r"Duo: Hawk Eye and White Coat", page)) == 1  # one deck in two formats: offered once
    maps = dict(re.findall(r'<option value="(\w+)" data-modes="([^"]*)"', page))
    assert maps == {"dockyard": "duo expert", "headquarters": "duo melee", "hideout": "duel"}, maps
    assert "双雄：鹰眼与白衣" in client.get("/play?lang=zh-Hans").text
    path = _start(client, deck="example:duel-rival", map="hideout")
    record = _store(web_settings).load(path.rsplit("/", 1)[1])
    assert record["setup"]["squads"][0] == ["anvil"] and record["setup"]["board"] == "hideout"
    path = _start(client, mode="duo", map="headquarters")
    assert client.get(f"/api{path}").json()["map"] == "headquarters"
    assert client.get(f"/api{_start(client, mode='duo')}").json()["map"] == "dockyard"  # as before: the first
    wrong = client.post("/play?lang=en", data={"mode": "duel", "deck": "example:duel", "map": "dockyard",
                                               "csrf_token": TEST_CSRF})  # fmt: skip
    assert wrong.status_code == 400 and _alert(wrong.text) == "map 'dockyard': the maps of Duel are Hideout"
    missing = client.post("/play?lang=en", data={"deck": "example:nope", "csrf_token": TEST_CSRF})
    assert missing.status_code == 400 and _alert(missing.text) == "no example deck 'nope'"


# ---------------------------------------------------------------------- 7. and 8. refusals


def test_the_refusals_of_moves_and_replay_lead_back_to_the_game(client: Any) -> None:
    path = _start(client)
    answer = client.get(f"{path}/replay?lang=en")
    assert answer.status_code == 409 and answer.headers["cache-control"] == "no-store"
    assert f'<a href="{path}" id="pl-back-game">' in answer.text
    # no moves since: the game is there, so its moves are an empty list (sweep 71f), with the way back
    moves = client.get(f"{path}/moves?lang=en")
    assert moves.status_code == 200 and moves.headers["cache-control"] == "no-store"
    assert f'<a href="{path}" id="pl-moves-back">' in moves.text


def test_a_malformed_decision_number_is_a_400(client: Any) -> None:
    path = _start(client)
    page = client.get(f"{path}?lang=en").text
    asked = client.get(f"/api{path}").json()["decision"]
    for number in ("abc", " 1e3", "-1", "1.0"):
        answer = _decide(client, path, _labels(page)[0], number)
        assert answer.status_code == 400, (number, answer.status_code)
        assert "malformed" in _alert(answer.text), _alert(answer.text)
    assert _decide(client, path, _labels(page)[0], "999").status_code == 409  # a whole number, not this decision's
    assert json.loads(client.get(f"/api{path}").text)["decision"] == asked  # nothing was decided


def test_a_link_checker_s_head_claims_no_seat(client: Any, web_app: Any) -> None:
    """HEAD (a link checker's, a chat's preview) is not GET on a private link: it would claim the seat for a
    browser that never plays it, and the player sent the link would find it taken."""
    first = _start(client, mode="duo", seed="6", opponent="person")
    second = _other_link(client.get(f"{first}?lang=en").text)
    with _browser(web_app) as checker, _browser(web_app) as phone:
        assert checker.head(second).status_code == 405 and checker.head(f"/api{second}").status_code == 405
        assert "set-cookie" not in checker.head(second).headers
        assert phone.get(f"{second}?lang=en").status_code == 200  # the invited player's device takes the seat
