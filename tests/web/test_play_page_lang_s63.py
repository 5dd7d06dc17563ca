"""The games at /play in the page's language (helper 9's sweep): a refused decision names the options as the page's
buttons word them and the missing (or malformed) decision number in the page's words; the Chinese game pages use the
language's punctuation (``：``, ``、``, ``；``, ``（）``) where the English ones use ``: ``, ``, ``, ``; ``, `` ()``;
``/api/play/ID`` gives an English client the log entries' names in English (as ``simulate --format json`` writes
them), and still no name of what the seat may not see."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
NAMED = {"card", "unit", "target", "record", "cards"}  # log fields that name cards or units


def _start(client: Any, **form: str) -> str:
    data = {"mode": "duel", "deck": "random", "opponent": "random", "seat": "1", "seed": "3", "csrf_token": TEST_CSRF,
            **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return answer.headers["location"].removeprefix(BASE)


def _number(page: str) -> str:
    found = re.search(r'name="number" value="(\d+)"', page)
    return found.group(1) if found else ""


def _buttons(page: str) -> list[tuple[str, str]]:
    """The pending decision's buttons: each one's label and its text."""
    found = re.findall(r'<button type="submit" name="label" value="([^"]*)"[^>]*>(.*?)</button>', page, re.S)
    return [(html.unescape(label), html.unescape(re.sub(r"<[^>]*>", "", text))) for label, text in found]


def _alert(page: str) -> str:
    found = re.search(r'id="pl-error">(.*?)</p>', page, re.S)
    assert found is not None, page[:500]
    return found.group(1)


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", fragment))


def _decide(client: Any, path: str, page: str, label: str) -> Any:
    return client.post(f"{path}/decide", data={"label": label, "number": _number(page), "csrf_token": TEST_CSRF})


def test_a_refused_label_names_the_options_as_the_buttons_word_them(client: Any) -> None:
    """A Chinese page's buttons read 是/否; the refusal listed ``yes, no`` (the labels)."""
    path = _start(client)
    page = client.get(f"{path}?lang=zh-Hans").text
    texts = [text for _, text in _buttons(page)]
    assert texts == ["是", "否"], texts
    form = {"label": "bogus", "number": "1", "csrf_token": TEST_CSRF}
    refused = client.post(f"{path}/decide?lang=zh-Hans", data=form)
    message = _text(_alert(refused.text))
    assert refused.status_code == 400 and message.startswith("第 1 个决定（调度："), message
    assert message.endswith("：'bogus' 不是选项；选项：是、否"), message
    english = client.post(f"{path}/decide?lang=en", data=form)
    assert _text(_alert(english.text)).endswith(": 'bogus' is not an option; options: yes, no")


def test_a_refused_netrunner_label_names_the_options_as_the_buttons_word_them(client: Any) -> None:
    data = {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic",
            "seed": "2", "csrf_token": TEST_CSRF}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    path = answer.headers["location"].removeprefix(BASE)
    page = client.get(f"{path}?lang=zh-Hans").text
    buttons = _buttons(page)
    assert buttons and any(CJK.search(text) for _, text in buttons), buttons
    refused = client.post(f"{path}/decide?lang=zh-Hans", data={"label": "bogus", "number": _number(page),
                                                                "csrf_token": TEST_CSRF})  # fmt: skip
    message = _text(_alert(refused.text))
    shown = "、".join(text for _, text in buttons[:30]) + (" …" if len(buttons) > 30 else "")
    assert refused.status_code == 400 and message.endswith(f"不是选项；选项：{shown}"), (message, shown)


def test_a_missing_or_malformed_number_is_worded_in_the_page_s_language(client: Any) -> None:
    """``缺少决定的 `number` ：`` (a code and a stray space in a Chinese sentence): the decision's number in words."""
    path = _start(client)
    missing = client.post(f"{path}/decide?lang=zh-Hans", data={"label": "yes", "csrf_token": TEST_CSRF})
    alert = _alert(missing.text)
    assert missing.status_code == 400 and _text(alert).startswith("缺少决定的编号："), alert
    assert "number" not in alert and " ：" not in alert
    malformed = client.post(f"{path}/decide?lang=zh-Hans", data={"label": "yes", "number": "x1",
                                                                  "csrf_token": TEST_CSRF})  # fmt: skip
    alert = _alert(malformed.text)
    assert malformed.status_code == 400 and _text(alert).startswith("决定的编号 'x1' 格式不对："), alert
    english = client.post(f"{path}/decide?lang=en", data={"label": "yes", "csrf_token": TEST_CSRF})
    assert _text(_alert(english.text)).startswith("the decision's number is missing: send it with the label")


def _tactics_parts(page: str) -> dict[str, list[str]]:
    return {
        "hand": [_text(x) for x in re.findall(r'<p id="pl-hand">(.*?)</p>', page, re.S)],
        "moves": [_text(x) for x in re.findall(r'<details id="pl-unit-.*?<p class="small">(.*?)</p>', page, re.S)],
        "units": [_text(x) for x in re.findall(r"<summary>(.*?)</summary>", page, re.S)],
        "attacks": [_text(x) for x in re.findall(r'<li data-target="[^"]*">(.*?)</li>', page, re.S)],
    }


@pytest.mark.slow
def test_the_chinese_tactics_page_uses_chinese_punctuation(client: Any) -> None:
    """``可移动到: 0,1; 0,2``, ``屏息凝神, 压制射击``, ``列兵 (0,0)``, ``制式手枪 → 山猫 (1,0): 命中率``: the
    language's colon, list marks and brackets (a cell stays ``x,y``); the English page as it was."""
    path = _start(client, opponent="hotseat")
    page = client.get(f"{path}?lang=zh-Hans").text
    other = re.search(r'id="pl-other-link"[^>]*>([^<]*)<', page)
    assert other is not None
    paths, seen, rnd = [path, other.group(1).removeprefix(BASE)], {"attacks": 0, "moves": 0}, random.Random(7)
    for _ in range(80):
        for link in paths:
            page = client.get(f"{link}?lang=zh-Hans").text
            if _buttons(page):
                break
        else:
            break
        parts = _tactics_parts(page)
        hand = parts["hand"][0]
        assert ", " not in hand and (hand == "–" or "、" in hand or len(re.findall(r"\S+", hand)) == 1), hand
        for line in parts["moves"]:
            assert re.fullmatch(r"可移动到：(–|\d+,\d+(；\d+,\d+)*)", line), line
            seen["moves"] += 1
        for line in parts["units"]:
            assert re.match(r"\S+（\d+,\d+）", line) and "(" not in line, line
        for line in parts["attacks"]:
            assert re.match(r"\S+ → \S+（\d+,\d+）：命中率 ", line) or line == "射程和视线内没有目标", line
            seen["attacks"] += "→" in line
        _decide(client, link, page, rnd.choice(_buttons(page))[0])
    assert seen["moves"] and seen["attacks"], seen
    english = _tactics_parts(client.get(f"{paths[0]}?lang=en").text)
    assert english["moves"] and all(line.startswith("Moves to: ") for line in english["moves"]), english
    assert all(re.match(r".+ \(\d+,\d+\)", line) for line in english["units"]), english


@pytest.mark.slow
def test_the_chinese_netrunner_page_uses_chinese_punctuation(client: Any) -> None:
    """``公司: 哈斯生化：不倦之手``, ``基地: 暗影钥匙; 接地网罩``, ``档案员二型 (未激活)``, a hand ``a, b``: the
    language's colon, list marks and brackets; the English page as it was."""
    data = {"game": "netrunner", "side": "corp", "deck": "identity:hb_tireless_hands", "opponent": "hotseat",
            "other_deck": "identity:cassia_rust_moreau", "seed": "9", "csrf_token": TEST_CSRF}  # fmt: skip
    path = client.post("/play", data=data, follow_redirects=False).headers["location"].removeprefix(BASE)
    page = client.get(f"{path}?lang=zh-Hans").text
    other = re.search(r'id="pl-other-link"[^>]*>([^<]*)<', page)
    assert other is not None
    paths, rnd, found = [path, other.group(1).removeprefix(BASE)], random.Random(7), set[str]()
    for _ in range(60):
        for link in paths:
            page = client.get(f"{link}?lang=zh-Hans").text
            if _buttons(page):
                break
        else:
            break
        heads = [_text(x) for x in re.findall(r'<h2 id="nr-(?:corp|runner)-h">(.*?)</h2>', page, re.S)]
        assert heads[0].startswith("公司：") and heads[1].startswith("潜袭者："), heads
        rig = _text(re.findall(r'<p class="nr-cards" id="nr-rig">(.*?)</p>', page, re.S)[0])
        hand = _text(re.findall(r'<p id="pl-hand">(.*?)</p>', page, re.S)[0])
        installed = [_text(x) for x in re.findall(r'<div class="nr-root">(.*?)</div>', page, re.S)]
        installed += [_text(x) for x in re.findall(r'<ul class="nr-ice">(.*?)</ul>', page, re.S)]
        assert rig.startswith("基地：") and not re.search(r"[,;:()\[\]]", rig), rig
        assert not re.search(r"[,;:()]", hand), hand
        for text in installed:
            assert not re.search(r"[;:()]", text), text
            found.update(x for x in ("（未激活）", "；") if x in text)
        found.update(x for x in ("、",) if x in hand)
        found.update(x for x in ("；",) if x in rig)
        _decide(client, link, page, rnd.choice(_buttons(page))[0])
    assert {"（未激活）", "、", "；"} <= found, found
    english = client.get(f"{path}?lang=en").text
    assert "The corp: " in english and re.search(r"\w \(unrezzed\)", english) and "Rig: " in english


@pytest.mark.slow
def test_the_api_names_the_log_s_cards_and_units_in_the_request_s_language(client: Any, web_settings: Any) -> None:
    """An English client got ``{"event": "draw", "card": "暗影换位#7"}``, ``"unit": "山猫#21"``: the names in
    English as ``simulate --format json`` writes them (:meth:`LogNames.event`), the keys and codes as the engine
    logs them; a Chinese client as before. The English answer names nothing the seat may not see: no unit still
    hidden from it, no card of the machine's hand or deck it has not seen, in English either."""
    from toolkit.catalog import load_catalog
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.decisions import hidden_from
    from toolkit.engine.tactics.session import TacticsSession
    from toolkit.web.play_games import PlayGames

    records = list(load_catalog([web_settings.cards[0] / "tactics"]).records)
    english_names = LogNames(records, "en")
    path = _start(client, mode="duo", opponent="heuristic")
    checked = hidden = 0
    for _ in range(25):
        english = client.get(f"/api{path}?lang=en", headers={"Accept-Language": "en"}).json()
        chinese = client.get(f"/api{path}?lang=zh-Hans").json()
        assert len(english["log"]) == len(chinese["log"])
        for en, zh in zip(english["log"], chinese["log"], strict=True):
            fields = {k: v for k, v in en.items() if k != "line"}
            assert not CJK.search(json.dumps(fields, ensure_ascii=False)), en
            assert fields.keys() == {k for k in zh if k != "line"} and en["event"] == zh["event"], (en, zh)
            for key in NAMED.intersection(zh):  # the Chinese answer's names, in English (the engine's sentences
                assert en[key] == english_names.value(key, zh[key]), (en, zh)  # are worded by each answer)
        game = TacticsSession.from_json(records, PlayGames(web_settings.data_path).load(path.rsplit("/", 1)[1])).game
        shown = json.dumps(english, ensure_ascii=False)
        public = json.dumps([e.data for e in game.log if e.visible == "all"], ensure_ascii=False)
        exposed = {e.data.get("unit") for e in game.log if e.kind == "exposed"}
        for unit in [u for p in game.players for u in (*p.units, *p.standby)]:
            if hidden_from(unit, 1):
                hidden += 1
                assert english_names.name(str(unit)) not in shown and str(unit) not in shown, unit
                if str(unit) not in exposed:
                    assert json.dumps(english_names.name(unit.name)) not in shown, unit
        for card in [*game.player(2).hand, *game.player(2).deck]:
            if str(card) not in public:
                assert english_names.name(str(card)) not in shown, card
        decision = english.get("decision")
        if not decision:
            break
        client.post(f"{path}/decide", data={"label": decision["options"][-1]["label"], "number": decision["number"],
                                             "csrf_token": TEST_CSRF})  # fmt: skip
        checked += 1
    assert checked >= 10 and hidden > 0
    draws = [e for e in english["log"] if e["event"] == "draw" and "card" in e]
    assert draws and all(re.fullmatch(r"[A-Za-z][^#]*#\d+", e["card"]) for e in draws), draws[:3]


@pytest.mark.slow
def test_the_netrunner_api_names_the_log_s_cards_in_the_request_s_language(client: Any) -> None:
    """The same for a Netrunner game (``"card": "霉斑培养皿#82"`` to an English client): the entries' names in
    English, the rest of each entry (and what the seat's side may see of it) as the Chinese answer has it."""
    from toolkit.cli._lang import LogNames
    from toolkit.web.routes.play_netrunner import records

    data = {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic",
            "seed": "2", "csrf_token": TEST_CSRF}  # fmt: skip
    path = client.post("/play", data=data, follow_redirects=False).headers["location"].removeprefix(BASE)
    rnd = random.Random(3)
    for _ in range(30):
        decision = client.get(f"/api{path}?lang=en").json().get("decision")
        if not decision:
            break
        client.post(f"{path}/decide", data={"label": rnd.choice(decision["options"])["label"],
                                             "number": decision["number"], "csrf_token": TEST_CSRF})  # fmt: skip
    english = client.get(f"/api{path}?lang=en").json()["log"]
    chinese = client.get(f"/api{path}?lang=zh-Hans").json()["log"]
    names = LogNames(records(client.app.state.web), "en")
    assert len(english) == len(chinese) > 50
    for en, zh in zip(english, chinese, strict=True):
        fields = {k: v for k, v in en.items() if k != "line"}
        assert not CJK.search(json.dumps(fields, ensure_ascii=False)), en
        assert fields.keys() == {k for k in zh if k != "line"} and en["event"] == zh["event"], (en, zh)
        for key in NAMED.intersection(zh):
            assert en[key] == names.value(key, zh[key]), (en, zh)
    assert any(e["event"] == "draw" and "card" in e for e in english)
