"""Netrunner against the machine in the browser (issue 28, part 3, Netrunner): a game started from /play on either
side, played through its private page to the end by pressing what it offers; the table laid out (servers and their
ice, the rig, the run under way); the runner's page never names a corp card the runner has not seen; undo and the
API; both languages."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF


def _start(client: Any, **form: str) -> str:
    data = {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic",
            "seed": "3", "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return answer.headers["location"].removeprefix(BASE)


def _labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', page)]


def _decide(client: Any, path: str, label: str) -> None:
    number = client.get(f"/api{path}").json()["decision"]["number"]
    form = {"label": label, "number": str(number), "csrf_token": TEST_CSRF}
    answer = client.post(f"{path}/decide", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:300]


@pytest.mark.slow
def test_the_runner_plays_a_whole_game_through_the_page_and_sees_no_face_down_card(client: Any) -> None:
    form = client.get("/play?lang=en").text
    assert 'id="pl-nr-new"' in form and 'value="identity:zero_weaver"' in form
    path = _start(client)
    ran = runs = 0
    for step in range(45):
        page = client.get(f"{path}?lang=en").text
        if step % 6 == 0:
            api = client.get(f"/api{path}").json()
            for server in api["corp"]["servers"]:  # what the runner may not see is nameless in the API
                for card in server["ice"] + server["root"]:
                    if card["name"] is None:
                        assert card["id"] is None and "face-down" in page
            assert api["corp"]["hand"] is None and api["runner"]["hand"] is not None
            assert "R&amp;D" in page and "rnd" not in re.sub(r"<[^>]+>", "", page)
        assert 'id="nr-servers"' in page and 'id="nr-rig"' in page
        runs += 'id="nr-run"' in page
        labels = _labels(page)
        if not labels:
            break
        prefer = [x for x in labels if x.startswith("run")] or labels
        _decide(client, path, prefer[0])
        ran += 1
    assert ran == 45 and runs > 0  # 45 decisions in, runs made; the page and the API never named a face-down card


def test_a_game_against_the_machine_plays_to_its_end_and_replays_from_its_record() -> None:
    import random

    from tests.conftest import ROOT
    from toolkit.catalog import load_catalog
    from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record

    records = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
    record = new_record(records, example_deck(records, "zero_weaver"), "runner", 3)
    session, rng = NetrunnerSession(records, record, "runner", "heuristic"), random.Random(2)
    while session.pending is not None:
        labels = session.pending.labels()
        session.apply(next((x for x in labels if x.startswith("run")), rng.choice(labels)))
    assert session.result()["reason"] and len(session.labels) > 50
    again = NetrunnerSession.from_json(records, session.to_json())
    assert again.pending is None and again.labels == session.labels and again.result() == session.result()
    frames = again.frames()  # the replay: a frame per decision the record answers, then the end
    assert len(frames) == len(session.labels) + 2 and frames[-1]["state"]["winner"] == session.game.winner


def test_the_corp_s_page_undo_resign_and_chinese(client: Any) -> None:
    path = _start(client, side="corp", deck="identity:" + _first_corp(client), seed="8", opponent="random")
    page = client.get(f"{path}?lang=zh-Hans").text
    assert "公司" in page and "你的手牌" in page
    assert _labels(page)
    _decide(client, path, _labels(page)[0])  # (the mulligan: the machine's follows, so it is not undone)
    assert 'id="pl-undo"' not in client.get(path).text
    for _ in range(10):  # to the corp's first action: a click for a credit reveals nothing, so it is undone
        first = _labels(client.get(path).text)
        if "credit" in first:
            break
        _decide(client, path, first[0])
    assert "credit" in first
    _decide(client, path, "credit")
    after = client.get(path).text
    assert 'id="pl-undo"' in after
    assert client.post(f"{path}/undo", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert _labels(client.get(path).text) == first  # the same decision asked again
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert "You resigned." in client.get(f"{path}?lang=en").text
    replay = client.get(f"{path}/replay?lang=en")  # the game so far, every side's cards
    assert replay.status_code == 200 and "<figure" in replay.text and "nonce=" in replay.text
    bad = client.post("/play", data={"game": "netrunner", "side": "corp", "deck": "identity:zero_weaver",
                                     "opponent": "heuristic", "csrf_token": TEST_CSRF}, follow_redirects=False)  # fmt: skip
    assert bad.status_code == 400 and "corp" in bad.text


def _first_corp(client: Any) -> str:
    form = client.get("/play?lang=en").text
    corp = form.split('label="the corp"', 1)[1]
    return re.search(r'value="identity:([a-z0-9_]+)"', corp).group(1)  # type: ignore[union-attr]


def test_the_machine_that_looks_ahead_plays_the_corp_and_a_reload_does_not_think_again(client: Any,
                                                                                        monkeypatch: Any) -> None:  # fmt: skip
    """The form offers the searcher first; against it (0.05 s an action here, to keep the test short) the runner
    plays on; the searcher plays out its actions on copies, and a page reloaded replays its recorded choices
    without playing a rollout."""
    from toolkit.engine.netrunner import search, session

    form = client.get("/play?lang=en").text
    offered = re.findall(r'<select id="pl-nr-opponent" name="opponent">(.*?)</select>', form, re.S)[0]
    assert re.findall(r'value="([^"]+)"', offered) == [*session.MACHINES, "person", "hotseat"]
    assert session.MACHINES[0] == "search:1" and "looks ahead" in offered
    monkeypatch.setattr(session, "MACHINES", ("search:0.05", *session.MACHINES))
    played: list[int] = []
    rollout = search.SearchPolicy._rollout
    monkeypatch.setattr(search.SearchPolicy, "_rollout", lambda self, *a: played.append(1) or rollout(self, *a))
    path = _start(client, opponent="search:0.05", seed="5")
    for _ in range(25):
        labels = _labels(client.get(f"{path}?lang=en").text)
        if not labels:
            break
        _decide(client, path, ([x for x in labels if x.startswith("run")] or labels)[0])
    thought = len(played)
    assert thought, "the corp's turns were searched"
    page = client.get(f"{path}?lang=en").text
    assert len(played) == thought and 'id="nr-servers"' in page
    api = client.get(f"/api{path}").json()
    assert api["corp"]["hand"] is None  # the runner's page holds nothing of the corp's hand


def test_the_api_words_the_log_and_the_decision_in_the_request_s_language(client: Any) -> None:
    """`/api/play/ID` gives the log's lines, the decision and its options in words, in the language asked for (a
    Chinese client got the engine's English prompt, an English one the cards' Chinese names)."""
    path = _start(client)
    cjk = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
    chinese = client.get(f"/api{path}?lang=zh-Hans").json()
    assert chinese["decision"]["words"] == "保留起手还是重新调度？"
    assert [o["words"] for o in chinese["decision"]["options"]] == ["保留", "重新调度"]
    assert chinese["log"] and all(cjk.search(entry["line"]) for entry in chinese["log"])
    english = client.get(f"/api{path}?lang=en").json()
    assert english["decision"]["words"] == "keep your opening hand or mulligan?"
    assert all(entry["line"] and not cjk.search(entry["line"]) for entry in english["log"])
