"""Play tactics against the machine in the browser (issue 28, part 3): a game started from /play, played decision by
decision through its private page to the end, undone, resigned, resumed after the server restarts (the game is its
file: set-up plus decisions), both languages; no page or API answer for the player's seat holds what the machine's
seat keeps hidden; and in Chromium a scripted person plays a whole game by pressing what the page offers."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF
from toolkit.engine.tactics.decisions import hidden_from
from toolkit.engine.tactics.session import TacticsSession


def _start(client: Any, **form: str) -> str:
    data = {"mode": "duel", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "4", "csrf_token": TEST_CSRF,
            **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    location = answer.headers["location"]
    assert re.fullmatch(rf"{BASE}/play/[A-Za-z0-9_-]{{24}}", location)
    return location.removeprefix(BASE)


def _labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', page)]


def _number(client: Any, path: str) -> str:
    """The pending decision's number as ``/api/play/ID`` gives it ("" when the link's seat is asked nothing)."""
    decision = client.get(f"/api{path}").json().get("decision")
    return str(decision["number"]) if decision else ""


def _decide(client: Any, path: str, label: str) -> Any:
    form = {"label": label, "number": _number(client, path), "csrf_token": TEST_CSRF}
    return client.post(f"{path}/decide", data=form, follow_redirects=False)


def _session(web_settings: Any, path: str) -> TacticsSession:
    from toolkit.catalog import load_catalog
    from toolkit.web.play_games import PlayGames

    record = PlayGames(web_settings.data_path).load(path.rsplit("/", 1)[1])
    records = list(load_catalog([web_settings.cards[0] / "tactics"]).records)
    return TacticsSession.from_json(records, record)


@pytest.mark.slow
def test_a_whole_game_through_the_page(client: Any) -> None:
    start = client.get("/play?lang=en")
    assert start.status_code == 200 and 'id="pl-new"' in start.text and 'href="/play" aria-current="page"' in start.text
    path = _start(client, seed="1")  # a short game: about 40 decisions of the first option
    cjk = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
    for _ in range(600):
        page = client.get(f"{path}?lang=en")
        assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
        for button in re.findall(r'<button type="submit" name="label"[^>]*>([^<]*)</button>', page.text):
            assert not cjk.search(html.unescape(button)), button  # cards, units and ability text in English
        labels = _labels(page.text)
        if not labels:
            break
        assert _decide(client, path, labels[0]).status_code == 303
    assert 'id="pl-result"' in page.text and "after" in page.text and 'id="pl-decision"' not in page.text
    api = client.get(f"/api{path}").json()
    assert api["status"] == "over" and api["result"]["winners"] and api["decision"] is None
    assert _decide(client, path, "end").status_code == 409
    replay = client.get(f"{path}/replay?lang=en")  # the whole game, every seat's cards: once it is over
    assert replay.status_code == 200 and "<svg" in replay.text and 'id="pl-replay"' in page.text
    nonce = re.search(r"'nonce-([^']+)'", replay.headers["content-security-policy"])
    assert nonce is not None and f'<script nonce="{nonce.group(1)}">' in replay.text


def test_undo_resign_and_bad_requests(client: Any) -> None:
    path = _start(client, seed="9")
    first = _labels(client.get(f"{path}?lang=en").text)
    assert first == ["yes", "no"]  # the mulligan comes first
    assert _decide(client, path, "no").status_code == 303
    second = client.get(f"{path}?lang=en").text
    assert 'id="pl-undo"' in second
    assert client.post(f"{path}/undo", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert _labels(client.get(f"{path}?lang=en").text) == first  # asked again
    assert client.get(f"{path}/replay?lang=en").status_code == 409  # not while the game goes on
    wrong = _decide(client, path, "no-such-option")
    assert wrong.status_code == 400 and "not an option" in wrong.text
    assert client.get("/play/not-a-game?lang=en").status_code == 404
    assert client.get("/play/AAAAAAAAAAAAAAAAAAAAAAAA?lang=en").status_code == 404
    forged = client.post(f"{path}/decide", data={"label": "no"}, headers={"X-CSRF-Token": "x", "Origin": "http://evil"})
    assert forged.status_code == 403
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    over = client.get(f"{path}?lang=en").text
    assert "You resigned." in over and not _labels(over) and 'id="pl-resign"' not in over
    bad = client.post("/play", data={"mode": "nope", "deck": "random", "csrf_token": TEST_CSRF})
    assert bad.status_code == 400 and "nope" in bad.text


def test_the_game_outlives_the_server_and_speaks_chinese(client: Any, web_settings: Any) -> None:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    path = _start(client, seed="5")
    for _ in range(6):
        _decide(client, path, _labels(client.get(path).text)[0])
    before = client.get(f"/api{path}").json()
    with TestClient(create_app(web_settings), base_url=BASE) as again:  # a new server over the same data
        assert again.get(f"/api{path}").json() == before
        chinese = again.get(f"{path}?lang=zh-Hans").text
    assert "与机器对战" in chinese and "你的手牌" in chinese and "Your hand" not in chinese


def test_no_page_shows_what_the_machine_keeps_hidden(client: Any, web_settings: Any) -> None:
    """双雄 (agents face down until exposed): at every decision of the player, the page and the API answer hold no
    name or id of a machine unit still hidden from the player, and not the machine's unplayed cards."""
    path = _start(client, mode="duo", seed="3")
    checked = hidden = moves = 0
    for _ in range(30):
        page = client.get(f"{path}?lang=zh-Hans").text
        api = json.dumps(client.get(f"/api{path}").json(), ensure_ascii=False)
        if 'id="pl-moves"' in page:  # the machine's moves since the player's last decision, as the player sees them
            shown = client.get(f"{path}/moves?lang=zh-Hans")
            assert shown.status_code == 200 and shown.text.count('class="pl-step') >= 1
            page += shown.text
            moves = max(moves, shown.text.count('class="pl-step'))
        labels = _labels(page)
        if not labels:
            break
        game = _session(web_settings, path).game
        public = json.dumps([e.data for e in game.log if e.visible == "all"], ensure_ascii=False)
        exposed = {e.data.get("unit") for e in game.log if e.kind == "exposed"}
        for unit in [u for p in game.players for u in (*p.units, *p.standby)]:
            if hidden_from(unit, 1):
                hidden += 1
                for shown in (page, api):
                    assert str(unit) not in shown and f"{unit.id}#{unit.uid}" not in shown, unit
                    if str(unit) not in exposed:  # nor its record or its text, by any field of the log
                        assert unit.name not in shown and f'"{unit.id}"' not in api, unit
        for card in [*game.player(2).hand, *game.player(2).deck]:
            if str(card) not in public:
                assert str(card) not in page and str(card) not in api, card
        _decide(client, path, labels[-1])
        checked += 1
    assert checked >= 15 and hidden > 0 and moves >= 2  # a machine's turn shown step by step


@pytest.mark.slow
def test_a_person_plays_a_whole_game_in_chromium(live_server: str, page: Any, monkeypatch: Any,
                                                 web_settings: Any) -> None:  # fmt: skip
    """From the form to the end, against the player that looks ahead (thinking 0.05 s a choice, to keep the test
    short): each turn the player presses the first offered button with the keyboard (the first option has the
    focus) or the mouse, or clicks the map, as a person would; the banner names the result."""
    from playwright.sync_api import TimeoutError as NoPage

    from toolkit.web.routes import play

    monkeypatch.setattr(play, "OPPONENTS", (*play.OPPONENTS, "search:0.05"))
    page.goto(f"{live_server}/play?lang=en")
    page.select_option("#pl-mode", "duel")
    page.select_option("#pl-opponent", "search:0.05")
    page.fill("#pl-seed", "1")  # a short game: about 40 decisions of the first option
    page.click("#pl-start")
    page.wait_for_selector("#pl-board svg")
    on_map = looked = 0
    for turn in range(600):
        if page.locator("#pl-result").count():
            break
        buttons = page.locator("#pl-decision button")
        assert buttons.count() > 0, page.locator("main").inner_text()[:500]
        first = buttons.first.get_attribute("data-label") or ""
        mine = page.locator("#pl-prospects details")
        if not looked and first.startswith("ability:") and mine.count():
            # a unit of the player's clicked on the map: its panel opens, its moves and targets are marked
            unit = json.loads(page.locator("#pl-data").inner_text())["prospects"][0]
            _click_cell(page, *unit["pos"])
            assert page.locator(f"#pl-unit-{unit['uid']}").get_attribute("open") is not None
            assert page.locator("#pl-marks .pl-chosen").count() == 1
            assert page.locator("#pl-marks .pl-move").count() == len(unit["moves"])
            looked = 1
        on_cell, by_key = first.startswith("cell:"), turn % 2 == 0 and not looked % 2
        how = "a click on the map" if on_cell else "Enter" if by_key else "a click"
        try:  # the page comes back once the machine has played its turn too: on a loaded machine, 30 s (not 10)
            with page.expect_navigation(timeout=30_000):
                if on_cell:  # a cell asked for: clicked on the map, where it is marked
                    assert page.locator("#pl-marks .pl-offer").count() >= 1
                    _click_cell(page, *map(int, first[5:].split(",")))
                    on_map += 1
                elif by_key:
                    # the first option has the focus: the browser gives it (autofocus) once it has shown the page,
                    # which can come after the page's load event, and a key pressed before it goes nowhere
                    page.wait_for_function("document.activeElement === document.querySelector('#pl-decision button')")
                    page.keyboard.press("Enter")
                else:
                    buttons.first.click()
        except NoPage:  # say which answer brought no page (a clean-clone run once timed out here, not seen since)
            pytest.fail(f"decision {turn + 1}: no page came after {how} on {first!r}: {page.url}")
        looked += looked > 0
    assert on_map >= 2 and looked  # cells chosen on the map (deployment), a unit looked at
    banner = page.locator("#pl-result").inner_text()
    assert "after" in banner and ("win" in banner or "No winner" in banner)
    searcher = _session(web_settings, page.url.split("?")[0].removeprefix(live_server)).decider.players[2]
    assert searcher.decisions > 3  # the machine's seat looked ahead
    assert page.locator("#pl-log").inner_text().strip()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.click("#pl-replay")
    page.wait_for_selector("svg")
    page.keyboard.press("End")  # the replay's own script steps to the end
    assert not refused, refused


def _click_cell(page: Any, x: int, y: int) -> None:
    """A click on the middle of cell (x, y) of the map, where the page draws it."""
    at = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector('#pl-board svg');
            const d = JSON.parse(document.getElementById('pl-data').textContent);
            const point = svg.createSVGPoint();
            point.x = d.left + (x + 0.5) * d.cell;
            point.y = d.top + (y + 0.5) * d.cell;
            const p = point.matrixTransform(svg.getScreenCTM());
            const box = svg.getBoundingClientRect();
            return [p.x - box.left, p.y - box.top];
        }""",
        [x, y],
    )
    page.locator("#pl-board svg").click(position={"x": at[0], "y": at[1]})


@pytest.mark.slow
def test_two_people_taking_turns_on_one_device(client: Any, web_settings: Any) -> None:
    """A game against a person on this device (hot-seat): each page links to the other's; each offers its seat's
    decisions only (the other waits, looking again every few seconds), shows no unit the other seat keeps hidden (双雄),
    and undo takes back only the seat's own last decision."""
    first = _start(client, mode="duo", seed="6", opponent="hotseat")
    page = client.get(f"{first}?lang=en").text
    other = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', page)
    assert other is not None and "taking turns" in page
    second = other.group(1).removeprefix(BASE)
    assert second != first and re.fullmatch(r"/play/[A-Za-z0-9_-]{24}", second)
    assert first in client.get(f"{second}?lang=en").text  # and back: the device passes from one to the other
    links = {1: first, 2: second}
    waited = undone = 0
    for step in range(24):
        pages = {seat: client.get(f"{link}?lang=en").text for seat, link in links.items()}
        turn = next(seat for seat, text in pages.items() if _labels(text))
        idle = 3 - turn
        assert not _labels(pages[idle]) and 'id="pl-waiting"' in pages[idle] and 'http-equiv="refresh"' in pages[idle]
        assert 'http-equiv="refresh"' not in pages[turn]
        waited += 1
        assert _decide(client, links[idle], _labels(pages[turn])[0]).status_code == 409  # not its decision
        if step % 8 == 0:
            game = _session(web_settings, first).game
            for seat in (1, 2):
                for unit in [u for p in game.players for u in (*p.units, *p.standby)]:
                    if hidden_from(unit, seat):
                        assert str(unit) not in pages[seat] and f"{unit.id}#{unit.uid}" not in pages[seat]
        assert _decide(client, links[turn], _labels(pages[turn])[-1]).status_code == 303
        if undone < 2 and step in (1, 2):  # the other seat cannot take it back; the seat that decided can (while
            # nothing was dealt, drawn or rolled since: the set-up's first choices)
            before = _session(web_settings, first).labels
            client.post(f"{links[idle]}/undo", data={"csrf_token": TEST_CSRF})
            assert _session(web_settings, first).labels == before
            client.post(f"{links[turn]}/undo", data={"csrf_token": TEST_CSRF})
            assert len(_session(web_settings, first).labels) < len(before)
            undone += 1
    assert waited > 10 and undone == 2
    assert client.post(f"{second}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert "The other player resigned: you win." in client.get(f"{first}?lang=en").text
    assert "You resigned." in client.get(f"{second}?lang=en").text



def test_against_the_player_that_looks_ahead_a_page_reload_does_not_think_again(
    client: Any, web_settings: Any, monkeypatch: Any
) -> None:
    from toolkit.engine.tactics.search import SearchDecider
    from toolkit.web.routes import play

    offered = client.get("/play?lang=en").text
    assert 'value="search:1"' in offered and "looks ahead, at most 1 s a choice" in offered
    monkeypatch.setattr(play, "OPPONENTS", (*play.OPPONENTS, "search:0.1"))
    path = _start(client, opponent="search:0.1", seed="5")
    searcher: Any = None
    for _ in range(80):  # the person takes the first option until the machine has thought over a few choices
        labels = _labels(client.get(path).text)
        if not labels:
            break
        assert _decide(client, path, labels[0]).status_code == 303
        searcher = _session(web_settings, path).decider.players[2]
        if searcher.decisions >= 3:
            break
    assert isinstance(searcher, SearchDecider) and searcher.decisions >= 3
    played: list[int] = []
    rollout = SearchDecider._rollout
    monkeypatch.setattr(SearchDecider, "_rollout", lambda self, *a: played.append(1) or rollout(self, *a))
    assert client.get(path).status_code == 200 and 'id="pl-decision"' in client.get(path).text
    assert played == []  # replayed: the machine's choices are told to it, not thought over again


def test_two_people_on_two_devices_each_browser_plays_its_own_seat(client: Any, web_app: Any) -> None:
    """A game against a person on another device: the creator's browser plays the creator's seat and cannot open the
    other link (no peeking at the other hand); the first browser to open the other link plays that seat, and cannot
    open the creator's; a third browser is refused both (the first to open a link claims its seat)."""
    from fastapi.testclient import TestClient

    first = _start(client, mode="duo", seed="6", opponent="person")
    page = client.get(f"{first}?lang=en").text
    second = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', page).group(1).removeprefix(BASE)  # type: ignore[union-attr]
    assert "does not open in this browser" in page
    refused = client.get(f"{second}?lang=en")
    assert refused.status_code == 403 and "other player's private link" in html.unescape(refused.text)
    assert client.get(f"/api{second}").status_code == 403 and client.get(f"/api{first}").status_code == 200
    assert client.post(f"{second}/resign", data={"csrf_token": TEST_CSRF}).status_code == 403
    mine = _labels(client.get(first).text)
    assert mine  # seat 1 decides first; still refused after the game has moved on (the file keeps how it is played)
    assert _decide(client, first, mine[0]).status_code == 303
    assert client.get(f"{second}?lang=en").status_code == 403
    with TestClient(web_app, base_url=BASE) as phone:
        phone.cookies.set("csrf", TEST_CSRF)
        phone.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        assert phone.get(f"{second}?lang=en").status_code == 200  # the other player's device: bound to seat 2
        assert phone.get(f"{first}?lang=en").status_code == 403
        assert phone.get(f"{second}?lang=en").status_code == 200


def test_the_api_words_the_log_and_the_decision_in_the_request_s_language(client: Any) -> None:
    """`/api/play/ID` gives what the page says in words, in the language asked for: each log entry's `line`, the
    decision's `words` and each option's (an English client got the engine's Chinese names and `"True"`)."""
    path = _start(client, seed="5")
    cjk = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
    english = client.get(f"/api{path}?lang=en").json()
    decision = english["decision"]
    assert decision["kind"] == "mulligan" and not cjk.search(decision["words"]) and "at the bottom" in decision["words"]
    assert [o["words"] for o in decision["options"]] == ["yes", "no"]
    assert english["log"] and all(entry["line"] and not cjk.search(entry["line"]) for entry in english["log"])
    chinese = client.get(f"/api{path}?lang=zh-Hans").json()
    assert [o["words"] for o in chinese["decision"]["options"]] == ["是", "否"]
    assert chinese["decision"]["words"].startswith("调度") and all(cjk.search(e["line"]) for e in chinese["log"])
    # the engine's own fields are as before, whatever the language
    assert chinese["decision"]["options"][0]["label"] == english["decision"]["options"][0]["label"] == "yes"
    assert [e["event"] for e in chinese["log"]] == [e["event"] for e in english["log"]]


def test_the_api_names_the_cards_and_units_in_the_request_s_language(client: Any) -> None:
    """The view's names (the hand, the board, its equipment and statuses, the prospects) are the request's language's,
    as the page's; an English client got the engine's Chinese names."""
    path = _start(client, seed="5")
    cjk = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")

    def names(value: Any) -> list[str]:
        if isinstance(value, dict):
            return [v for k, v in value.items() if k in ("name", "target_name", "attack") and isinstance(v, str)] + [
                n for k, v in value.items() if k not in ("log", "decision") for n in names(v)
            ]
        return [n for v in value for n in names(v)] if isinstance(value, list) else []

    english = names(client.get(f"/api{path}?lang=en").json())
    chinese = names(client.get(f"/api{path}?lang=zh-Hans").json())
    assert english and len(english) == len(chinese)
    assert not [n for n in english if cjk.search(n)] and any(cjk.search(n) for n in chinese)
