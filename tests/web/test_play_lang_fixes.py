"""The games at /play speak the page's language where the engine writes Chinese: the tactics map's unit names,
tooltips and letters (the game page and /moves), a refused decision's prompt (its names, its kind said once), the
Netrunner page's subroutines and the Netrunner replay's step captions (names and steps in words)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _start(client: Any, **form: str) -> str:
    data = {"mode": "duo", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "3",
            "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return answer.headers["location"].removeprefix(BASE)


def _labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', page)]


def _number(client: Any, path: str) -> str:
    """The pending decision's number, as the page's form sends it with the label."""
    return str(client.get(f"/api{path}").json()["decision"]["number"])


def _map_words(page: str) -> list[str]:
    """The tooltips and the letters of the map's drawings in a page."""
    titles = re.findall(r"<title>([^<]*)</title>", page)
    letters = re.findall(r'<text class="label"[^>]*>([^<]*)</text>', page)
    return [html.unescape(x) for x in titles + letters]


def test_the_tactics_map_names_units_in_english(client: Any) -> None:
    client.headers["Accept-Language"] = "en"
    path = _start(client)
    moved = None
    for _ in range(120):
        page = client.get(path).text
        words = _map_words(page)
        assert words and not [w for w in words if CJK.search(w)], [w for w in words if CJK.search(w)][:5]
        labels = _labels(page)
        if not labels:
            break
        client.post(f"{path}/decide", data={"label": labels[0], "number": _number(client, path), "csrf_token": TEST_CSRF})
        moves = client.get(f"{path}/moves")
        if moves.status_code == 200 and "vision of" in moves.text:
            moved = moves.text
            break
    assert moved is not None
    words = _map_words(moved)
    assert not [w for w in words if CJK.search(w)], [w for w in words if CJK.search(w)][:5]
    assert any(w.startswith("vision of ") for w in words)
    zh = client.get(f"{path}/moves?lang=zh-Hans").text  # the same in Chinese: the records' Chinese names
    assert any(CJK.search(w) for w in _map_words(zh) if "的视野" in w)


def test_a_refused_decision_names_cards_in_the_page_s_language_and_says_its_kind_once(client: Any) -> None:
    path = _start(client, seed="4")
    number = _number(client, path)
    answer = client.post(f"{path}/decide?lang=en", data={"label": "bogus", "number": number, "csrf_token": TEST_CSRF})
    assert answer.status_code == 400
    alert = re.search(r'role="alert"[^>]*>([^<]*)<', answer.text)
    assert alert is not None, answer.text[:500]
    message = html.unescape(alert.group(1))
    assert message.startswith("decision 1 (mulligan: put ") and "mulligan: mulligan" not in message, message
    assert not CJK.search(message) and "'bogus' is not an option; options: yes, no" in message, message
    chinese = client.post(f"{path}/decide?lang=zh-Hans", data={"label": "bogus", "number": number,
                                                               "csrf_token": TEST_CSRF})  # fmt: skip
    assert chinese.status_code == 400 and CJK.search(html.unescape(chinese.text))


def _netrunner(client: Any) -> str:
    data = {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic",
            "seed": "3", "csrf_token": TEST_CSRF}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return answer.headers["location"].removeprefix(BASE)


@pytest.mark.slow
def test_netrunner_subroutines_and_replay_captions_in_english(client: Any) -> None:
    path = _netrunner(client)
    subroutines = []
    for _ in range(60):
        page = client.get(f"{path}?lang=en").text
        listed = re.search(r'<ol class="nr-cards" start="0">(.*?)</ol>', page, re.S)
        if listed:
            subroutines += re.findall(r"<li[^>]*>(.*?)</li>", listed.group(1), re.S)
        labels = _labels(page)
        if not labels:
            break
        prefer = [x for x in labels if x.startswith("run")] or labels
        client.post(f"{path}/decide", data={"label": prefer[0], "number": _number(client, path),
                                            "csrf_token": TEST_CSRF})  # fmt: skip
    words = [html.unescape(re.sub(r"<svg.*?</svg>", "", s, flags=re.S)) for s in subroutines]
    assert subroutines and not [s for s in words if CJK.search(s)], words[:5]
    assert all(s.startswith('<svg class="icon icon-subroutine"') for s in subroutines), subroutines[:5]  # its icon
    assert not [s for s in words if "[subroutine]" in s or "<" in s], words[:5]  # drawn, not written
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    replay = client.get(f"{path}/replay?lang=en").text
    captions = [html.unescape(x) for x in re.findall(r'<figure data-label="([^"]*)"', replay)]
    assert len(captions) > 20
    odd = [c for c in captions if CJK.search(c) or re.search(r"\w:\w|#\d+@|_", c)]
    assert not odd, odd[:5]  # names in English, steps in words (not labels such as install:card#46@new)
    assert any(re.fullmatch(r"turn \d+ · action: install: .+#\d+ in .+", c) for c in captions), captions[:10]


def test_a_replay_caption_words_a_trigger_s_timing() -> None:
    from tests.conftest import ROOT
    from toolkit.catalog import load_catalog
    from toolkit.cli._lang import LogNames
    from toolkit.engine.netrunner.replay import render_replay
    from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record
    from toolkit.engine.phrase import Phrase, Term

    records = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
    record = new_record(records, example_deck(records, "zero_weaver"), "runner", 3)
    state = NetrunnerSession(records, record, "runner", "heuristic").game.view()
    card: Any = next(r for r in records if getattr(r, "kind", None) == "card" and r.name.en)
    option = Phrase("{source}: {timing}", source=f"{card.name.zh_hans}#43", timing=Term("timing", "your_turn_start"))
    frames = [{"label": "x", "state": state, "events": [], "step": {"turn": 3, "kind": "order", "option": option}}]
    page = render_replay(frames, "t", "en", LogNames(records, "en"))
    found = re.search(r'<figure data-label="([^"]*)"', page)
    assert found is not None
    caption = html.unescape(found.group(1))
    assert caption == f"turn 3 · order: {card.name.en}#43: when your turn begins", caption


def test_a_netrunner_trigger_to_order_is_an_option_in_words_with_its_old_label() -> None:
    import random

    from tests.conftest import ROOT
    from toolkit.catalog import load_catalog
    from toolkit.cli._lang import LogNames
    from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record

    records = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
    identity: Any = next(r for r in records if getattr(r, "kind", None) == "identity" and r.id == "blank_lin")
    side = identity.side
    session = NetrunnerSession(records, new_record(records, example_deck(records, "blank_lin"), side, 4), side,
                               "heuristic")  # fmt: skip
    rng = random.Random(4)
    while session.pending is not None and session.pending.kind != "order":
        session.apply(rng.choice(session.pending.labels()))
    assert session.pending is not None
    names = LogNames(records, "en")
    shown = [names.say("option", o.text) for o in session.pending.options]
    assert shown == ["Dockside Tipster#78: when your turn begins", "Dockside Tipster#77: when your turn begins"]
    # the labels are ids, as the other labels are (what a player types in English does not read Chinese)
    assert session.pending.labels() == [
        "trigger:dockside_tipster#78:your_turn_start", "trigger:dockside_tipster#77:your_turn_start"
    ]
    # a game saved with the older labels (the Chinese name and the timing) still replays
    before = session.pending
    session.apply("码头线人#78: your_turn_start")
    assert session.pending is not before
