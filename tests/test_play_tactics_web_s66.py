"""The tactics game at /play, round 66 of a tester's report (helper 683): the page shows what the terminal shows of
the units (statuses, shields, temporary HP, the equipment worn and whether it is tapped) in the terminal's words, and
of the players (the other's score and counts, one's own mortgage zone and discard pile); the deployment dice are told
apart by their faces; after a resignation `/api/play/ID` says who won and who resigned, and the log ends with it; a
tapped unit lists no attack it could make now; the form's refusals speak the page's language throughout; the units
table has no stray separators or seat 0; the hand's cards link to their pages."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from tests.tactics_util import board_game, put
from tests.web import conftest as web
from tests.web.conftest import BASE, TEST_CSRF

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

# duel, the bundled example deck, seed 3: the three mulligans declined, the first die (any zone), Mistblade at 9,6
DEPLOYED = ["no", "no", "no", "none", "cell:9,6", "s"]


def _start(client: Any, **form: str) -> str:
    data = {"mode": "duel", "deck": "example:duel", "opponent": "heuristic", "seat": "1", "seed": "3",
            "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


def _api(client: Any, path: str, lang: str = "en") -> dict[str, Any]:
    answer = client.get(f"/api{path}?lang={lang}")
    assert answer.status_code == 200, answer.text[:300]
    return dict(answer.json())


def _decide(client: Any, path: str, *labels: str) -> None:
    for label in labels:
        number = _api(client, path)["decision"]["number"]
        form = {"label": label, "number": str(number), "csrf_token": TEST_CSRF}
        answer = client.post(f"{path}/decide", data=form, follow_redirects=False)
        assert answer.status_code == 303, (label, answer.text[-500:])


def _to_action(client: Any, path: str, prefer: str = "none") -> dict[str, Any]:
    """Answer what the game asks (``prefer`` when offered, else none, else the first option) until the seat's main
    phase asks for an action; the view then."""
    for _ in range(30):
        seen = _api(client, path)
        decision = seen["decision"]
        if decision["kind"] == "action":
            return seen
        labels = [o["label"] for o in decision["options"]]
        _decide(client, path, prefer if prefer in labels else "none" if "none" in labels else labels[0])
    raise AssertionError("no action asked")


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _rows(page: str) -> list[list[str]]:
    """The units table's rows (after its heading): each cell's text, as it is (spaces kept)."""
    table = re.search(r'<table class="pl-units".*?</table>', page, re.S)
    assert table is not None
    rows = re.findall(r"<tr>\s*(<td>.*?)\s*</tr>", table.group(0), re.S)
    return [[html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td>(.*?)</td>", r, re.S)] for r in rows]


def _titles(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r"<title>([^<]*)</title>", page)]


def _alert(page: str) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</p>', page, re.S)
    assert found is not None, page[:500]
    return _text(found.group(1))


# ---------------------------------------------------------------------- 1. what is on the units


def test_a_status_on_a_unit_is_in_the_units_table_and_the_map_s_tooltip_as_the_terminal_words_it(client: Any) -> None:
    game = _start(client)
    _decide(client, game, *DEPLOYED, "play:dazzled#4@mistblade#1")
    seen = _to_action(client, game, prefer="queen_bee#12")
    queen = next(u for u in seen["units"] if u["label"] == "queen_bee#12")
    assert [s["label"] for s in queen["statuses"]] == ["dazzled#4"]
    from toolkit.cli._lang import LogNames
    from toolkit.engine.tactics.terminal import unit_line, unit_words

    for lang, name in (("en", "Queen Bee"), ("zh-Hans", "蜂后")):
        page = client.get(f"{game}?lang={lang}").text
        row = next(r for r in _rows(page) if r[0] == name)
        raw = next(u for u in _api(client, game, "zh-Hans")["units"] if u["label"] == "queen_bee#12")
        raw["name"] = "蜂后"  # (the engine's name, as the terminal reads the view)
        raw["statuses"] = [{**s, "name": "目眩"} for s in raw["statuses"]]
        names = LogNames(_records(), lang)
        said = unit_words(raw, "", lang, names)[len(unit_line(raw, "", lang, names)) :].removeprefix(" · ")
        assert said == ("status Dazzled#4" if lang == "en" else "状态 目眩#4")  # the terminal's words, on the page
        assert row[4] == said
        assert any(title.startswith(name) and title.endswith(" · " + said) for title in _titles(page)), _titles(page)


def _records() -> list[Any]:
    from tests.web.conftest import CARDS
    from toolkit.catalog import load_catalog

    return list(load_catalog([CARDS / "tactics"]).records)


@pytest.mark.slow
def test_worn_equipment_shows_without_a_stray_separator_and_the_players_counts_are_on_the_page(client: Any) -> None:
    game = _start(client, seed="1")
    worn = ["no", "no", "no", "none", "cell:0,0", "n", "play:whisper_silenced_pistol#11@mistblade#1"]
    _decide(client, game, *worn, "corridor_dash#3")  # (the pistol's cost: Corridor Dash mortgaged)
    seen = _to_action(client, game)
    mistblade = next(u for u in seen["units"] if u["label"] == "mistblade#1")
    assert not mistblade["tapped"] and not mistblade["hidden"] and mistblade["equipment"]
    page = client.get(f"{game}?lang=en").text
    rows = {r[0]: r for r in _rows(page)}
    assert rows["Mistblade"][4] == "wears Whisper Silenced Pistol#11"  # (was " · Whisper Silenced Pistol")
    assert rows["Queen Bee"][4] == ""
    assert not [r for r in _rows(page) if r[4].startswith(" ·") or r[4].startswith("·")]
    assert any(t.endswith(" · wears Whisper Silenced Pistol#11") for t in _titles(page))
    # the players besides the hand: one's own mortgage zone, the other's score and counts (as the terminal says)
    other = next(p for p in seen["players"] if p["seat"] == 2)
    table = re.search(r'<ul class="small" id="pl-table">(.*?)</ul>', page, re.S)
    assert table is not None
    lines = [_text(x) for x in re.findall(r"<li>(.*?)</li>", table.group(1), re.S)]
    assert "your mortgage zone: Corridor Dash#3" in lines
    # (对决 has no 先发制人: no score, §15.2; stop 71)
    assert f"P2: hand {other['hand']}, deck {other['deck']}, discard 0" in lines
    assert not [line for line in lines if "score" in line]
    zh = client.get(f"{game}?lang=zh-Hans").text
    assert f"玩家2：手牌 {other['hand']}、牌库 {other['deck']}、弃牌区 0" in _text(zh) and "分数" not in _text(zh)
    assert "你的抵押区：" in _text(zh)


def test_a_face_down_obstacle_has_no_seat_in_the_units_table(client: Any) -> None:
    game = _start(client, mode="duo", deck="example:duo-list", seed="4")
    _decide(client, game, "no", "no", "no")
    seen = _api(client, game)
    neutral = [u for u in seen["units"] if u["kind"] == "hidden" and u["seat"] == 0]
    assert neutral  # the scene obstacles, face down
    hidden_rows = [r for r in _rows(client.get(f"{game}?lang=en").text) if r[0] == "?"]
    assert len(hidden_rows) == len([u for u in seen["units"] if u["kind"] == "hidden"])
    assert sorted(r[1] for r in hidden_rows) == sorted(str(u["seat"] or "") for u in seen["units"]
                                                        if u["kind"] == "hidden")  # fmt: skip
    assert "0" not in [r[1] for r in hidden_rows]


# ---------------------------------------------------------------------- 3. the deployment dice


def _buttons(page: str) -> list[str]:
    return [_text(x) for x in re.findall(r"data-label=\"[^\"]*\"[^>]*>(.*?)</button>", page, re.S)]


def test_the_deployment_dice_are_told_apart_by_their_faces_on_the_page_in_the_api_and_in_a_refusal(client: Any) -> None:
    duel = _start(client)
    _decide(client, duel, "no", "no", "no")
    words = [o["words"] for o in _api(client, duel)["decision"]["options"]]
    assert words == ["any zone (rolled 3: the map has no zone 3)", "any zone (rolled 4: the map has no zone 4)"]
    assert _buttons(client.get(f"{duel}?lang=en").text) == words
    duo = _start(client, mode="duo", deck="example:duo-list", seed="4")
    _decide(client, duo, "no", "no", "no")
    decision = _api(client, duo)["decision"]
    said = ["zone 1 (rolled 1)", "zone 3 (rolled 3)", "zone 2 (rolled 2)"]
    assert [o["words"] for o in decision["options"]] == said
    assert [o["text"] for o in decision["options"]] == said
    zh = _api(client, duo, "zh-Hans")["decision"]
    assert [o["words"] for o in zh["options"]] == ["部署区 1（掷出 1）", "部署区 3（掷出 3）", "部署区 2（掷出 2）"]
    assert _buttons(client.get(f"{duo}?lang=zh-Hans").text) == [o["words"] for o in zh["options"]]
    form = {"label": "nothing", "number": str(decision["number"]), "csrf_token": TEST_CSRF}
    refused = client.post(f"{duo}/decide?lang=en", data=form)
    assert refused.status_code == 400 and "options: zone 1 (rolled 1), zone 3 (rolled 3), zone 2 (rolled 2)" in _alert(
        refused.text)  # fmt: skip


# ---------------------------------------------------------------------- 4. a resignation


@pytest.mark.slow
def test_after_a_resignation_the_api_says_who_won_and_who_resigned_and_the_log_ends_with_it(client: Any) -> None:
    first = _start(client, opponent="hotseat")
    link = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', client.get(f"{first}?lang=en").text)
    assert link is not None
    second = link.group(1).removeprefix(BASE)
    assert _api(client, first)["resigned_by"] is None and _api(client, first)["result"] is None
    assert client.post(f"{second}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    seen = _api(client, first)
    assert seen["status"] == "resigned" and seen["resigned_by"] == 2
    assert seen["result"]["winners"] == [1] and seen["result"]["reason"] == "resigned"
    assert seen["result"]["reason_words"] == "P2 resigned"
    assert seen["log"][-1]["event"] == "resigned" and re.fullmatch(r" *\d+ P2 resigned", seen["log"][-1]["line"])
    assert _api(client, second)["result"]["winners"] == [1]
    zh = _api(client, first, "zh-Hans")
    assert zh["result"]["reason_words"] == "玩家2 认输" and re.fullmatch(r" *\d+ 玩家2 认输", zh["log"][-1]["line"])
    log = re.search(r'id="pl-log"[^>]*>(.*?)</div>', client.get(f"{first}?lang=en").text, re.S)
    assert log is not None and _text(log.group(1)).endswith("P2 resigned")
    # against the machine: the person resigns, the machine wins
    alone = _start(client)
    assert client.post(f"{alone}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    seen = _api(client, alone)
    assert seen["resigned_by"] == 1 and seen["result"]["winners"] == [2] and seen["log"][-1]["player"] == 1


# ---------------------------------------------------------------------- 5. a tapped unit's attacks


def test_a_tapped_unit_lists_no_attack_it_could_make_now(client: Any) -> None:
    game = _start(client)
    _decide(client, game, *DEPLOYED, "ability:mistblade#1:aim:0")  # 瞄准 taps Mistblade
    seen = _to_action(client, game)
    (mine,) = [p for p in seen["prospects"] if p["unit"] == "mistblade#1"]
    assert mine["tapped"] and mine["moves"] == [] and mine["attacks"] == []
    page = client.get(f"{game}?lang=en").text
    panel = re.search(r'<details id="pl-unit-1".*?</details>', page, re.S)
    assert panel is not None and "to hit" not in panel.group(0) and "tapped: no attack now" in _text(panel.group(0))
    data = json.loads(re.search(r'id="pl-data">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    assert all(not p["attacks"] for p in data["prospects"] if p["tapped"])  # (no target marked on the map)


def test_a_tapped_unit_holding_an_attack_it_may_play_untapped_still_lists_its_targets() -> None:
    """袭击 taps the unit ("主动 横置"); Jackdaw's 屏息凝神 (Held Breath) makes an attack with no tap: a tapped
    Jackdaw that may play it has its targets listed, and the engine offers that play."""
    from toolkit.engine.tactics.prospects import prospects

    game = board_game(squads=(("jackdaw", "egret"), ("gale", "anvil")))  # (屏息凝神 is Jackdaw's own card)
    game.active = 1
    jackdaw = put(game, 1, "jackdaw", (2, 2), "s")
    put(game, 2, "gale", (2, 3), "n")
    put(game, 2, "anvil", (8, 6), "n")
    assert next(p for p in prospects(game, 1) if p["uid"] == jackdaw.uid)["attacks"]
    jackdaw.tapped = True
    assert next(p for p in prospects(game, 1) if p["uid"] == jackdaw.uid)["attacks"] == []
    assert not [a for a in game.legal_actions(1) if a.unit is jackdaw and a.kind == "ability"
                and a.source.record.id == "strike"]  # fmt: skip
    player = game.player(1)
    player.hand += [game._card("held_breath_focus", 1), game._card("held_breath_focus", 1)]  # (one to mortgage)
    assert [a for a in game.legal_actions(1) if a.kind == "play" and a.unit is jackdaw]
    assert next(p for p in prospects(game, 1) if p["uid"] == jackdaw.uid)["attacks"]


# ---------------------------------------------------------------------- 6, 7. the form's refusals in Chinese


def test_the_form_s_refusals_in_chinese_have_no_english_word_and_chinese_list_separators(client: Any) -> None:
    def refusal(lang: str, **form: str) -> str:
        answer = client.post(f"/play?lang={lang}", data={"csrf_token": TEST_CSRF, **form})
        assert answer.status_code == 400
        return _alert(answer.text)

    assert refusal("zh-Hans", mode="duel", seed="-1") == "种子 '-1'：种子是从 0 起的整数"
    assert refusal("zh-Hans", mode="duel", seed="abc") == "种子 'abc'：请给出一个整数"
    assert refusal("en", mode="duel", seed="-1") == "seed '-1': a seed is a whole number from 0 up"
    maps = refusal("zh-Hans", mode="duo", deck="example:duo-list", map="hideout")
    assert "码头货栈、总部大楼" in maps and ", " not in maps
    modes = refusal("zh-Hans", mode="nightmare")
    assert "单挑、双雄、专家、混战" in modes and ", " not in modes
    assert "Duel, Duo, Expert, Melee" in refusal("en", mode="nightmare")


# ---------------------------------------------------------------------- 9. the hand's cards


def test_each_card_in_hand_links_to_its_page(client: Any) -> None:
    game = _start(client)
    _decide(client, game, *DEPLOYED)
    seen = _to_action(client, game)
    hand = next(p for p in seen["players"] if p["seat"] == 1)["hand_cards"]
    assert hand
    for lang in ("en", "zh-Hans"):
        section = re.search(r'<p id="pl-hand">(.*?)</p>', client.get(f"{game}?lang={lang}").text, re.S)
        assert section is not None
        links = re.findall(r'<a href="(/cards/tactics/[a-z0-9_-]+)"[^>]*>([^<]+)</a>', section.group(1))
        assert [href for href, _ in links] == [f"/cards/tactics/{c['id']}" for c in hand]
        for href, name in links:
            card = client.get(f"{href}?lang={lang}")
            assert card.status_code == 200 and html.unescape(name) in html.unescape(card.text)
