"""The play routes a tester found wrong (round 64): a body that is no form started a default game at `POST /play`;
the refusal of a label that is no option showed the raw `[click]`/`[credit]` tokens; `/play/ID/moves` of a Netrunner
game said the other side had not moved; `/api/play/ID` gave the decision's `prompt` and the options' `text` in the
engine's English with the cards' Chinese names, whatever the request's language."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from tests.web.conftest import BASE, TEST_CSRF

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
ALERT = re.compile(r'role="alert"[^>]*>(.*?)</p>', re.S)


def _games(settings: Any) -> list[Path]:
    folder = Path(settings.data_path) / "play"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def _alert(page: str) -> str:
    found = ALERT.search(page)
    assert found is not None, page[:500]
    return found.group(1)


def _start(client: Any, **form: str) -> str:
    data = {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic",
            "seed": "3", "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


def _decide(client: Any, path: str, label: str, lang: str = "en") -> Any:
    number = client.get(f"/api{path}").json()["decision"]["number"]
    form = {"label": label, "number": str(number), "csrf_token": TEST_CSRF}
    return client.post(f"{path}/decide?lang={lang}", data=form, follow_redirects=False)


def test_a_body_that_is_no_form_starts_no_game(client: Any, web_settings: Any) -> None:
    cut = client.post("/play?lang=en", content=b'{"game": "netrunner",', headers={"Content-Type": "application/json"},
                      follow_redirects=False)  # fmt: skip
    assert cut.status_code == 415, (cut.status_code, cut.headers.get("location"))
    said = html.unescape(re.sub(r"<[^>]+>", "", _alert(cut.text)))
    assert "\n" not in said and said.startswith("a game starts from the form of /play: send its fields as a form"), said
    assert said.endswith("not 'application/json'"), said
    whole = client.post("/play?lang=en", json={"game": "tactics", "mode": "duel"}, follow_redirects=False)
    assert whole.status_code == 415
    bare = client.post("/play?lang=en", follow_redirects=False)  # no body, no Content-Type
    assert bare.status_code == 415 and "has no Content-Type" in html.unescape(bare.text)
    assert _games(web_settings) == []
    # the page's form (with a charset too) still starts one
    fine = client.post("/play", content=f"mode=duel&deck=random&seed=1&csrf_token={TEST_CSRF}".encode(),
                       headers={"Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"},
                       follow_redirects=False)  # fmt: skip
    assert fine.status_code == 303, fine.text[:300]
    assert len(_games(web_settings)) == 1


def test_the_refusal_of_a_label_draws_the_symbols_of_card_text(client: Any) -> None:
    path = _start(client)
    assert _decide(client, path, "keep").status_code == 303  # the mulligan; then the runner's first action
    for lang in ("en", "zh-Hans"):
        answer = _decide(client, path, "bogus", lang)
        assert answer.status_code == 400
        alert = _alert(answer.text)
        assert "[credit]" not in alert and "[click]" not in alert, alert[:500]
        assert 'class="icon icon-click"' in alert and 'class="icon icon-credit"' in alert, alert[:500]
        assert "&#39;bogus&#39;" in alert, alert[:500]  # the label still echoed, escaped
    english = html.unescape(re.sub(r"<svg.*?</svg>", "", _alert(_decide(client, path, "bogus").text)))
    assert english.startswith("decision 2 (take an action (4") and "is not an option; options: draw a card" in english


def test_the_moves_of_a_netrunner_game_say_the_view_is_for_tactics(client: Any) -> None:
    path = _start(client)
    assert _decide(client, path, "keep").status_code == 303
    answer = client.get(f"{path}/moves?lang=en")
    assert answer.status_code == 404
    said = html.unescape(_alert(answer.text))
    assert "has not moved" not in said and said.startswith("the moves view is for tactics games"), said
    assert f'href="/play/{path.removeprefix("/play/")}"' in answer.text  # a way back to the game


def test_the_api_s_prompt_and_option_text_are_in_the_request_s_language(client: Any) -> None:
    path = _start(client)
    assert _decide(client, path, "keep").status_code == 303
    english = client.get(f"/api{path}?lang=en").json()["decision"]
    assert english["prompt"] == english["words"] == "take an action (4[click] and 5[credit] left)"
    installs = [o for o in english["options"] if o["label"].startswith("install:")]
    assert installs and all(o["text"] == o["words"] for o in english["options"])
    assert not [o["text"] for o in english["options"] if CJK.search(o["text"])]
    chinese = client.get(f"/api{path}?lang=zh-Hans").json()["decision"]
    assert chinese["prompt"] == chinese["words"] and CJK.search(chinese["prompt"])
    assert [o["label"] for o in chinese["options"]] == [o["label"] for o in english["options"]]  # the labels: codes
    assert all(o["text"] == o["words"] for o in chinese["options"])
    # a tactics game in Chinese: the prompt was the engine's English with Chinese names (`mulligan: put 某#5 at …`)
    tactics = client.post("/play", data={"mode": "duel", "deck": "random", "opponent": "heuristic", "seat": "1",
                                         "seed": "3", "csrf_token": TEST_CSRF}, follow_redirects=False)  # fmt: skip
    game = str(tactics.headers["location"]).removeprefix(BASE)
    seen = 0
    for _ in range(12):
        decision = client.get(f"/api{game}?lang=zh-Hans").json()["decision"]
        if decision is None:
            break
        seen += 1
        assert decision["prompt"] == decision["words"], decision
        assert not LATIN.search(re.sub(r"#\d+", "", decision["prompt"])), decision["prompt"]
        assert all(o["text"] == o["words"] for o in decision["options"]), decision["options"][:3]
        form = {"label": decision["options"][-1]["label"], "number": str(decision["number"]), "csrf_token": TEST_CSRF}
        assert client.post(f"{game}/decide", data=form, follow_redirects=False).status_code == 303
    assert seen >= 4


def test_chinese_refusals_put_no_space_beside_chinese_names(client: Any) -> None:
    """(round 75) The form's refusals name modes, maps and games in the page's language: in Chinese no space
    stands between a Chinese name and the Chinese beside it (a quoted id keeps its own)."""

    def said(**form: str) -> str:
        data = {"game": "tactics", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "1",
                "csrf_token": TEST_CSRF, **form}  # fmt: skip
        answer = client.post("/play?lang=zh-Hans", data=data, follow_redirects=False)
        assert answer.status_code == 400, answer.text[:300]
        return html.unescape(re.sub(r"<[^>]+>", "", _alert(answer.text)))

    wrong_map = said(mode="melee", map="hideout")
    assert "：混战的地图是" in wrong_map and not re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", wrong_map), wrong_map
    wrong_mode = said(mode="nightmare")
    assert "请从单挑、" in wrong_mode and "混战中选择" in wrong_mode, wrong_mode
    wrong_game = said(game="crossfire")
    assert wrong_game.endswith("特工战术或矩阵潜袭"), wrong_game
