"""/play as a tester found it (round 70): the chosen mode was dropped for a deck of another mode (a Duel asked for with
the Duo example deck started a Duo game); a JSON body at a game's form posts (decide, undo, resign) was read as an
empty form instead of the 415 `POST /play` gives; the resignation's log line had no sequence number."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF

ROOT = Path(__file__).resolve().parent.parent.parent
DUO = ROOT / "examples" / "decks" / "tactics" / "duo.json"
ALERT = re.compile(r'role="alert"[^>]*>(.*?)</p>', re.S)
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _alert(page: str) -> str:
    found = ALERT.search(page)
    assert found is not None, page[:500]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def _games(settings: Any) -> list[Path]:
    folder = Path(settings.data_path) / "play"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def _start(client: Any, **form: str) -> str:
    data = {"mode": "duel", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "4",
            "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


# ---------------------------------------------------------------------- the mode asked for and the deck's


@pytest.mark.parametrize("deck", ["example:duo", "saved"])
def test_a_deck_of_another_mode_than_the_one_chosen_is_refused(client: Any, web_settings: Any, deck: str) -> None:
    if deck == "saved":
        deck = client.post("/api/decks/saved", json={"deck": json.loads(DUO.read_text(encoding="utf-8"))}).json()["id"]
    form = {"mode": "duel", "deck": deck, "opponent": "heuristic", "seat": "1", "seed": "4", "csrf_token": TEST_CSRF}
    refused = client.post("/play?lang=en", data=form, follow_redirects=False)
    assert refused.status_code == 400, refused.headers.get("location")
    said = _alert(refused.text)
    assert "Duo" in said and "Duel" in said and said.count("Duo") == 2, said  # the deck's mode, and the choice
    assert _games(web_settings) == []
    chinese = _alert(client.post("/play?lang=zh-Hans", data=form, follow_redirects=False).text)
    assert "双雄" in chinese and "单挑" in chinese and re.search(r"[A-Za-z]{3,}", chinese) is None, chinese
    # the deck's own mode chosen: its game starts; a form without a mode plays the deck's mode
    assert _start(client, mode="duo", deck=deck)
    started = client.post("/play", data={k: v for k, v in form.items() if k != "mode"}, follow_redirects=False)
    assert started.status_code == 303
    game = client.get("/api" + started.headers["location"].removeprefix(BASE)).json()
    assert len(game["players"]) == 2 and game["map"]


def test_the_form_says_the_deck_must_be_of_the_mode(client: Any) -> None:
    page = client.get("/play?lang=en").text
    assert "its own mode is played" not in page


# ---------------------------------------------------------------------- the game's form posts take forms only


@pytest.mark.parametrize("action", ["decide", "undo", "resign"])
def test_a_json_body_at_a_game_s_form_post_is_refused_as_no_form(client: Any, action: str) -> None:
    path = _start(client)
    decision = client.get(f"/api{path}").json()["decision"]
    body = {"label": decision["options"][0]["label"], "number": decision["number"]}
    before = client.get(f"/api{path}?lang=en").json()
    answer = client.post(f"{path}/{action}?lang=en", json=body, headers={"Accept": "text/html"}, follow_redirects=False)
    assert answer.status_code == 415, (answer.status_code, answer.text[:300])
    said = _alert(answer.text)
    assert "form" in said and "not 'application/json'" in said and "number" not in said, said
    assert f'href="{path}"' in answer.text  # a way back to the game
    bare = client.post(f"{path}/{action}?lang=en", follow_redirects=False)  # no body, no Content-Type
    assert bare.status_code == 415 and "has no Content-Type" in html.unescape(bare.text)
    chinese = client.post(f"{path}/{action}?lang=zh-Hans", json=body, follow_redirects=False)
    assert chinese.status_code == 415 and CJK.search(_alert(chinese.text))
    after = client.get(f"/api{path}?lang=en").json()
    assert after["status"] == "playing" and after["log"] == before["log"]  # nothing decided, undone or resigned
    # the page's forms still work
    form = {"label": body["label"], "number": str(body["number"]), "csrf_token": TEST_CSRF}
    assert client.post(f"{path}/decide", data=form, follow_redirects=False).status_code == 303


# ---------------------------------------------------------------------- the resignation's log line


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_resignation_s_log_line_has_its_sequence_number(client: Any, lang: str) -> None:
    path = _start(client)
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    log = client.get(f"/api{path}?lang={lang}").json()["log"]
    last, before = log[-1], log[-2]
    # numbered as the game's log numbers it (after its last entry, even one this seat does not see: stop 73)
    assert last["event"] == "resigned" and last["seq"] > before["seq"]
    assert re.match(r"^\s*(\d+) ", before["line"]) and re.match(r"^\s*(\d+) ", last["line"]), (before, last)
    width = len(re.match(r"^\s*\d+", before["line"]).group(0))  # type: ignore[union-attr]
    assert last["line"][:width].strip() == str(last["seq"]) and len(last["line"][:width]) == width, last["line"]
    page = client.get(f"{path}?lang={lang}").text
    box = re.search(r'id="pl-log"[^>]*>(.*?)</div>', page, re.S)
    assert box is not None
    lines = [line for line in html.unescape(re.sub(r"<[^>]+>", "", box.group(1))).splitlines() if line.strip()]
    assert lines[-1] == last["line"], (lines[-2:], last["line"])
