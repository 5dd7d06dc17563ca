"""Round 57 of the web pages: two actions on one game at the same moment (one is refused, none is lost); Crossfire
refusals that tell a host who plays no role, and a moderating host's in the form's words; max HP with its
modifiers; the seeds the CLI takes; /api/play/ID in the OpenAPI schema; a bundled record's edit page."""

from __future__ import annotations

import html
import re
import threading
import time
from typing import Any

import httpx
import pytest

from tests.web.conftest import TEST_CSRF
from toolkit.web.play_games import PlayGames


def _labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', page)]


def _writer(base: str) -> httpx.Client:
    c = httpx.Client(base_url=base, headers={"Origin": base, "X-CSRF-Token": TEST_CSRF}, timeout=30)
    c.cookies.set("csrf", TEST_CSRF)
    return c


def _hotseat(c: httpx.Client) -> tuple[str, str]:
    """A Duo game of two people on one device, seat 1 having decided until the decision is seat 2's."""
    form = {"mode": "duo", "deck": "random", "opponent": "hotseat", "seat": "1", "seed": "6", "csrf_token": TEST_CSRF}
    first = c.post("/play", data=form).headers["location"]
    first = "/play/" + first.rsplit("/", 1)[1]
    page = c.get(f"{first}?lang=en").text
    other = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', page)
    assert other is not None
    second = "/play/" + other.group(1).rsplit("/", 1)[1]
    for _ in range(20):
        decision = c.get(f"/api{first}").json()["decision"]
        if decision is None:
            break
        label = decision["options"][0]["label"]
        c.post(f"{first}/decide", data={"label": label, "number": str(decision["number"]), "csrf_token": TEST_CSRF})
    assert c.get(f"/api{first}").json()["decision"] is None and c.get(f"/api{second}").json()["decision"]
    return first, second


def _labels_saved(settings: Any, link: str) -> list[str]:
    return list(PlayGames(settings.data_path).load(link.rsplit("/", 1)[1])["decisions"])


def _race(c: httpx.Client, posts: dict[str, tuple[str, dict[str, str]]]) -> dict[str, int]:
    codes: dict[str, int] = {}
    texts: dict[str, str] = {}

    def post(name: str, path: str, data: dict[str, str]) -> None:
        answer = c.post(path, data={**data, "csrf_token": TEST_CSRF})
        codes[name], texts[name] = answer.status_code, answer.text

    threads = [threading.Thread(target=post, args=(name, *args)) for name, args in posts.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return codes


def _slow_saves(monkeypatch: Any) -> None:
    """Slow every save of a game (0.4 s between reading it and writing it), so that two requests both read the game
    before either saves it."""
    save = PlayGames.save

    def slow(self: Any, *args: Any, **kwargs: Any) -> None:
        time.sleep(0.4)
        save(self, *args, **kwargs)

    monkeypatch.setattr(PlayGames, "save", slow)


def _against_an_answer(
    c: Any, web_settings: Any, monkeypatch: Any, action: str
) -> tuple[str, list[str], dict[str, str], dict[str, int]]:
    """A hot-seat game in which seat 1 posts ``action`` (``undo``, ``resign``) as seat 2 answers its decision, saves
    slowed: seat 1's link, the decisions saved before, seat 2's answer and each request's status code."""
    first, second = _hotseat(c)
    before = _labels_saved(web_settings, first)
    decision = c.get(f"/api{second}").json()["decision"]
    _slow_saves(monkeypatch)
    answer = {"label": decision["options"][0]["label"], "number": str(decision["number"])}
    codes = _race(c, {action: (f"{first}/{action}", {}), "decide": (f"{second}/decide", answer)})
    return first, before, answer, codes


def test_undo_and_the_other_seat_s_answer_at_the_same_moment_one_is_refused(
    live_server: str, web_settings: Any, monkeypatch: Any
) -> None:
    """Seat 1 undoes its last decision as seat 2 answers its own (each request slowed between reading the game and
    saving it, so both read it before either saves): one of them is done, the other refused (409), none is lost."""
    with _writer(live_server) as c:
        first, before, answer, codes = _against_an_answer(c, web_settings, monkeypatch, "undo")
        after = _labels_saved(web_settings, first)
    assert sorted(codes.values()) == [303, 409], codes
    if codes["undo"] == 303:  # undone: seat 2's answer was to a question that is gone
        assert len(after) < len(before)
    else:  # answered: seat 1's decision may no longer be taken back
        assert after == [*before, answer["label"]]


@pytest.mark.slow
def test_an_answer_and_the_other_seat_resigning_at_the_same_moment_both_count(
    live_server: str, web_settings: Any, monkeypatch: Any
) -> None:
    """Seat 2 answers as seat 1 resigns: the resignation does not save the game as it was before the answer."""
    with _writer(live_server) as c:
        first, before, answer, codes = _against_an_answer(c, web_settings, monkeypatch, "resign")
        record = PlayGames(web_settings.data_path).load(first.rsplit("/", 1)[1])
    assert codes["resign"] == 303 and record["status"] == "resigned"
    if codes["decide"] == 303:
        assert record["decisions"] == [*before, answer["label"]]  # the answer came first and is kept
    else:
        assert codes["decide"] == 409 and record["decisions"] == before


def test_a_game_changed_by_another_process_between_reading_and_saving_is_refused(
    client: Any, web_settings: Any, monkeypatch: Any
) -> None:
    """The lock is the process's: a change saved by another process in between is seen at save time (409, one line
    saying to reload), and the file keeps that change."""
    from toolkit.engine.tactics.session import TacticsSession

    form = {"mode": "duel", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "4",
            "csrf_token": TEST_CSRF}  # fmt: skip
    path = client.post("/play", data=form, follow_redirects=False).headers["location"].split("/play", 1)[1]
    path = "/play" + path
    game_id = path.rsplit("/", 1)[1]
    store = PlayGames(web_settings.data_path)
    decision = client.get(f"/api{path}").json()["decision"]
    apply = TacticsSession.apply

    def meanwhile(self: Any, label: str) -> None:  # another server process resigns the game as this one decides
        store.save(game_id, {**store.load(game_id), "status": "resigned", "resigned_by": 1})
        apply(self, label)

    monkeypatch.setattr(TacticsSession, "apply", meanwhile)
    label = decision["options"][0]["label"]
    answer = client.post(f"{path}/decide", data={"label": label, "number": str(decision["number"]),
                                                  "csrf_token": TEST_CSRF}, follow_redirects=False)  # fmt: skip
    assert answer.status_code == 409
    assert "the other player acted at the same moment" in html.unescape(answer.text)
    assert store.load(game_id)["status"] == "resigned" and label not in store.load(game_id)["decisions"][-1:]


# ---------------------------------------------------------------- Crossfire: what a refused resolution says


def test_a_host_who_plays_is_refused_one_gun_per_seat_without_learning_who_holds_two(client: Any) -> None:
    """A right hand left blank (the left one filled) at a table with the Enforcer: the refusal names the first seat,
    whoever holds the two guns (it used to name the Enforcer's seat); the right hands alone resolve (since sweep 69 a
    left hand may be left blank: it counts for the two-gun role only)."""
    from tests.web.test_crossfire_web import create, deal_of, error_of

    for _ in range(3):  # tables dealt by different seeds: the Enforcer sits elsewhere, the refusal is the same
        host = create(client, 7, ("enforcer",), host="plays")
        deal = deal_of(client, host)
        enforcer = next(seat for seat, role in deal.roles.items() if role == "enforcer")
        left = {f"aim_{seat}": ["", str(seat % 7 + 1)] for seat in range(1, 8)}
        response = client.post(host + "/resolve?lang=en", data=left)
        message = error_of(response.text)
        assert response.status_code == 400 and message.startswith("Ana: enter where this player pointed"), message
        assert "guns" not in message and "Enforcer" not in message and str(enforcer) not in message
        assert 'id="cf-roles"' not in response.text
        if enforcer != 1:
            break
    page = client.get(host + "?lang=en").text
    assert "with both hands" in page  # the form says every player points with both hands
    one = {f"aim_{seat}": [str(seat % 7 + 1), ""] for seat in range(1, 8)}
    response = client.post(host + "/resolve?lang=en", data=one)
    assert response.status_code == 200 and 'id="cf-team"' in response.text, error_of(response.text)


def test_a_moderating_host_s_blank_aim_is_said_as_the_form_asks(client: Any) -> None:
    """A moderating host (who sees every role) leaves an armed player's aim blank: the refusal names the seat as the
    page does, with its role in the page's language; no JSON pointer, no 0-based index."""
    from tests.web.test_crossfire_web import NAMES, create, deal_of, error_of

    host = create(client, 7, ("bomber",))
    deal = deal_of(client, host)
    armed = next(seat for seat, role in sorted(deal.roles.items()) if role in ("agent", "assassin"))
    data = {f"aim_{seat}": str(seat % 7 + 1) for seat in range(1, 8) if seat != armed}
    message = error_of(client.post(host + "/resolve?lang=en", data=data).text)
    role = "Agent" if deal.roles[armed] == "agent" else "Assassin"
    assert message == f"{NAMES[armed - 1]} ({role}): enter where this player pointed", message
    assert "/players" not in message and "not 0" not in message


# ---------------------------------------------------------------- tactics: the units' max HP


def test_the_unit_table_and_the_api_give_max_hp_with_its_modifiers(client: Any, monkeypatch: Any) -> None:
    """A unit whose max HP a modifier raises (生命值上限 +1) shows it raised: 11/11, never 11/10."""
    from toolkit.engine.tactics.base import TacticsBase

    form = {"mode": "duel", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "4",
            "csrf_token": TEST_CSRF}  # fmt: skip
    path = "/play/" + client.post("/play", data=form, follow_redirects=False).headers["location"].rsplit("/", 1)[1]
    for _ in range(40):  # the first options until units stand on the map
        seen = client.get(f"/api{path}").json()
        before = {u["label"]: u["max_hp"] for u in seen["units"] if "max_hp" in u}
        if before or seen["decision"] is None:
            break
        answer = {"label": seen["decision"]["options"][0]["label"], "number": str(seen["decision"]["number"]),
                  "csrf_token": TEST_CSRF}  # fmt: skip
        client.post(f"{path}/decide", data=answer, follow_redirects=False)
    assert before
    stat = TacticsBase._stat

    def raised(self: Any, unit: Any, name: str) -> int:  # every unit under a 生命值上限 +1
        return int(stat(self, unit, name)) + (1 if name == "max_hp" else 0)

    monkeypatch.setattr(TacticsBase, "_stat", raised)
    units = [u for u in client.get(f"/api{path}").json()["units"] if "max_hp" in u]
    assert {u["label"]: u["max_hp"] for u in units} == {label: n + 1 for label, n in before.items()}
    page = client.get(f"{path}?lang=en").text
    for unit in units:
        assert f"<td>{unit['hp']}/{unit['max_hp']}</td>" in page


# ---------------------------------------------------------------- the form's seed


def test_the_form_takes_the_seeds_the_cli_takes(client: Any) -> None:
    """Any whole number from 0 (past 2**63 too: Python's random takes it), for both games; a negative one is refused
    as the CLI refuses it."""
    big = str(2**64 + 5)
    for game in ("tactics", "netrunner"):
        form = {"mode": "duel", "deck": "random", "opponent": "random", "seat": "1", "seed": big, "game": game,
                "side": "runner", "csrf_token": TEST_CSRF}  # fmt: skip
        if game == "netrunner":
            choices = re.findall(r'value="(identity:[^"]+)"', client.get("/play?lang=en").text)
            form["deck"] = choices[0]
        answer = client.post("/play?lang=en", data=form, follow_redirects=False)
        assert answer.status_code == 303, answer.text[-800:]
        path = "/play/" + answer.headers["location"].rsplit("/", 1)[1]
        assert client.get(f"{path}?lang=en").status_code == 200
    refused = client.post("/play?lang=en", data={**form, "seed": "-3"}, follow_redirects=False)
    assert refused.status_code == 400 and "a seed is a whole number from 0 up" in html.unescape(refused.text)


def test_the_play_api_is_in_the_openapi_schema_the_pages_link_to(client: Any) -> None:
    """The pages' "API" link opens /docs, which documents the JSON API: /api/play/ID is part of it."""
    assert 'href="/docs">API</a>' in client.get("/play?lang=en").text
    schema = client.get("/openapi.json").json()
    play = schema["paths"]["/api/play/{game_id}"]["get"]
    assert "decision" in play["description"] and {"403", "404"} <= set(play["responses"])
    assert not any(p.startswith("/play") for p in schema["paths"])  # the pages are not part of it


# ---------------------------------------------------------------- the editor: a bundled record


def test_the_edit_page_of_a_bundled_record_says_it_is_read_only(
    client: Any, web_cards: Any, monkeypatch: Any
) -> None:
    """An installed dossier's bundled cards are never written: their edit page says so before any edit, with no
    Save to press, and points at the New card form (its folder choice); a record of one's own saves as ever."""
    from toolkit.web.routes import editor

    card = "tactics/cards/adrenaline_shot.json"
    assert (web_cards / card).is_file()
    own = client.get(f"/editor/edit?lang=en&path={card}").text
    assert 'id="ed-readonly"' not in own and re.search(r'<button type="button" id="ed-save">', own)
    monkeypatch.setattr(editor, "in_package", lambda folder: True)  # every card folder the package's
    page = client.get(f"/editor/edit?lang=en&path={card}").text
    found = re.search(r'id="ed-readonly"[^>]*>(.*?)</p>', page, re.S)
    assert found is not None
    notice = html.unescape(found.group(1))
    assert "read-only" in notice and "never saves it" in notice and "dossier serve --cards" in notice
    assert re.search(r'<button type="button" id="ed-save" disabled', page)
    monkeypatch.setattr(editor, "in_package", lambda folder: not isinstance(folder, editor.Folder))
    page = client.get(f"/editor/edit?lang=en&path={card}").text  # a folder of one's own besides the package's
    assert "New card form" in html.unescape(page) and 'href="/editor#new"' in page
