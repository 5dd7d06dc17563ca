"""The games at /play, round 56 of a player's report: a finished game cannot be undone (a refused undo says why); a
decision is sent with its number and a stale one is refused; the pages run under their content security policy with
nothing refused (the maps' embedded font); Netrunner's symbols drawn as on the card pages; the map, the mode and the
end of the game in words; errors worded and naming decks by name; what a person sends echoed cut short, labels and
seeds bounded; the deck menus; the log opened at its newest lines; Netrunner's counts in the plural they take."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.web import conftest as web
from tests.web.conftest import BASE, TEST_CSRF
from tests.web.test_play_lang_fixes import _start as start_game

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web; the tests in Chromium are in
# tests/web/test_web_play_round56_browser.py (one Playwright a session: its fixture is tests/web's)
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


# ---------------------------------------------------------------------- helpers


def _start(client: Any, **form: str) -> str:
    """A game started from the /play form (a duel, seed 1, unless ``form`` says otherwise): its page's path."""
    return start_game(client, **{"mode": "duel", "seed": "1", **form})


def _netrunner(client: Any, **form: str) -> str:
    data = {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic",
            "seed": "3", "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


def _labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', page)]


def _number(page: str) -> str:
    """The number the page's decision form sends ("" when it sends none)."""
    found = re.search(r'<input type="hidden" name="number" value="(\d+)">', page)
    return found.group(1) if found else ""


def _decide(client: Any, path: str, label: str, number: str, lang: str = "en") -> Any:
    form = {"label": label, "number": number, "csrf_token": TEST_CSRF}
    return client.post(f"{path}/decide?lang={lang}", data=form, follow_redirects=False)


def _alert(page: str) -> str:
    """The refusal's line (the error page's alert), as text."""
    found = re.search(r'role="alert"[^>]*>(.*?)</p>', page, re.S)
    assert found is not None, page[:500]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def _store(settings: Any) -> Any:
    from toolkit.web.play_games import PlayGames

    return PlayGames(settings.data_path)


def _finish_tactics(settings: Any, path: str) -> None:
    """Play the game of ``path`` to its end (the first option of every decision), as the page would, and keep it."""
    from toolkit.catalog import load_catalog
    from toolkit.engine.tactics.session import TacticsSession

    game_id = path.rsplit("/", 1)[1]
    record = _store(settings).load(game_id)
    records = list(load_catalog([settings.cards[0] / "tactics"]).records)
    session = TacticsSession.from_json(records, record)
    while session.pending is not None:
        session.apply(session.pending.options[0].label)
    _store(settings).save(game_id, {**record, **session.to_json(), "status": "over"})


def _finished_netrunner(settings: Any) -> str:
    """A Netrunner game against the machine played to its end, kept as the web keeps it; its page's path."""
    import random

    from toolkit.catalog import load_catalog
    from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record

    records = list(load_catalog([settings.cards[0] / "netrunner"]).records)
    record = new_record(records, example_deck(records, "zero_weaver"), "runner", 3)
    session, rng = NetrunnerSession(records, record, "runner", "heuristic"), random.Random(2)
    while session.pending is not None:
        labels = session.pending.labels()
        session.apply(next((x for x in labels if x.startswith("run")), rng.choice(labels)))
    links = _store(settings).new({**session.to_json(), "status": "over", "creator": 1}, (1,))
    return f"/play/{links[1]}"


def _status(client: Any, path: str) -> str:
    return str(client.get(f"/api{path}").json()["status"])


# ---------------------------------------------------------------------- 1. a finished game stays finished


def test_a_finished_tactics_game_cannot_be_undone_even_after_its_replay(client: Any, web_settings: Any) -> None:
    path = _start(client)
    assert _decide(client, path, _labels(client.get(path).text)[0], _number(client.get(path).text)).status_code == 303
    _finish_tactics(web_settings, path)
    assert _status(client, path) == "over"
    assert client.get(f"{path}/replay?lang=en").status_code == 200  # every seat's cards seen
    undo = client.post(f"{path}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert undo.status_code == 409 and _alert(undo.text).startswith("the game is over"), undo.text[:300]
    assert f'href="{path}"' in undo.text  # a way back to the game
    assert _status(client, path) == "over"
    assert 'id="pl-undo"' not in client.get(f"{path}?lang=en").text


@pytest.mark.slow
def test_a_finished_netrunner_game_cannot_be_undone(client: Any, web_settings: Any) -> None:
    path = _finished_netrunner(web_settings)
    page = client.get(f"{path}?lang=en").text
    assert 'id="pl-result"' in page and client.get(f"{path}/replay?lang=en").status_code == 200
    undo = client.post(f"{path}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert undo.status_code == 409 and _alert(undo.text).startswith("the game is over")
    assert _status(client, path) == "over"


def test_a_resigned_game_cannot_be_undone(client: Any) -> None:
    path = _netrunner(client)
    page = client.get(path).text
    assert _decide(client, path, _labels(page)[0], _number(page)).status_code == 303
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    undo = client.post(f"{path}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert undo.status_code == 409 and _alert(undo.text).startswith("the game is over")
    assert _status(client, path) == "resigned"


def test_a_refused_undo_says_why(client: Any, web_settings: Any) -> None:
    """Nothing decided yet; the other person decided since: 409 and the reason, with a way back to the game (the
    undo was a plain 303 that changed nothing)."""
    first = _start(client, mode="duo", seed="6", opponent="hotseat")
    page = client.get(f"{first}?lang=en").text
    second = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', page).group(1).removeprefix(BASE)  # type: ignore[union-attr]
    links = {1: first, 2: second}
    nothing = client.post(f"{first}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert nothing.status_code == 409 and _alert(nothing.text) == "you have made no decision to undo"
    mover = None
    for _ in range(40):  # each seat takes its last option until the turn passes from one seat to the other
        pages = {seat: client.get(f"{link}?lang=en").text for seat, link in links.items()}
        turn = next(seat for seat, text in pages.items() if _labels(text))
        if mover is not None and turn != mover:
            assert _decide(client, links[turn], _labels(pages[turn])[-1], _number(pages[turn])).status_code == 303
            break
        assert _decide(client, links[turn], _labels(pages[turn])[-1], _number(pages[turn])).status_code == 303
        mover = turn
    assert mover is not None
    record = _store(web_settings).load(first.rsplit("/", 1)[1])
    undo = client.post(f"{links[mover]}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert undo.status_code == 409, undo.text[:300]
    assert _alert(undo.text) == "the other player has decided since your last decision, so it cannot be undone"
    assert f'href="{links[mover]}"' in undo.text
    assert _store(web_settings).load(first.rsplit("/", 1)[1])["decisions"] == record["decisions"]


# ---------------------------------------------------------------------- 2. a decision and its number


def test_a_decision_sent_again_is_refused_not_applied_to_the_next_question(client: Any, web_settings: Any) -> None:
    path = _start(client, seed="9")
    page = client.get(f"{path}?lang=en").text
    number, labels = _number(page), _labels(page)
    assert number == "1"  # the form carries the decision's number
    api = client.get(f"/api{path}").json()
    assert str(api["decision"]["number"]) == number  # the API gives the number the form sends
    assert _decide(client, path, labels[0], number).status_code == 303
    before = _store(web_settings).load(path.rsplit("/", 1)[1])["decisions"]
    again = _decide(client, path, labels[0], number)  # the same form sent again (a reload, another tab)
    assert again.status_code == 409 and _alert(again.text) == "this decision has changed; reload the game's page"
    assert f'href="{path}"' in again.text
    assert _store(web_settings).load(path.rsplit("/", 1)[1])["decisions"] == before
    missing = client.post(f"{path}/decide?lang=en", data={"label": labels[0], "csrf_token": TEST_CSRF})
    assert missing.status_code == 400 and "number" in _alert(missing.text)
    assert _store(web_settings).load(path.rsplit("/", 1)[1])["decisions"] == before
    now = client.get(f"{path}?lang=en").text
    assert _decide(client, path, _labels(now)[0], _number(now)).status_code == 303  # the current one goes through


def test_a_netrunner_decision_carries_its_number_too(client: Any) -> None:
    path = _netrunner(client)
    page = client.get(f"{path}?lang=en").text
    number = _number(page)
    assert number and str(client.get(f"/api{path}").json()["decision"]["number"]) == number
    assert _decide(client, path, _labels(page)[0], number).status_code == 303
    assert _decide(client, path, _labels(page)[0], number).status_code == 409


# ---------------------------------------------------------------------- 3. the content security policy


def test_the_policy_lets_the_maps_embedded_font_in() -> None:
    from toolkit.web.guard import content_security_policy

    policy = content_security_policy("n")
    assert "font-src 'self' data:" in policy and "script-src 'self' 'nonce-n'" in policy


# ---------------------------------------------------------------------- 4. Netrunner's symbols


def test_netrunner_symbols_are_drawn_in_the_decision_and_the_log(client: Any) -> None:
    for lang in ("en", "zh-Hans"):
        path = _netrunner(client)
        seen_heading = seen_log = False
        for _ in range(12):
            page = client.get(f"{path}?lang={lang}").text
            heading = re.search(r'<h2 id="pl-decision-h">(.*?)</h2>', page, re.S)
            log = page.split('id="pl-log"', 1)[1].split("</div>", 1)[0]
            options = re.findall(r'<button type="submit" name="label"[^>]*>(.*?)</button>', page, re.S)
            for text in (heading.group(1) if heading else "", log, *options):
                assert not re.search(r"\[(click|credit|subroutine|trash|mu|link)\]", re.sub(r"<[^>]+>", "", text))
            seen_heading |= bool(heading and "icon-click" in heading.group(1) and "icon-credit" in heading.group(1))
            seen_log |= "icon-credit" in log
            if seen_heading and seen_log:
                break
            labels = _labels(page)
            _decide(client, path, ([x for x in labels if x.startswith("run")] or labels)[0], _number(page))
        assert seen_heading and seen_log, lang


# ---------------------------------------------------------------------- 5. the map, the mode and the end in words


def _caption(page: str) -> str:
    found = re.search(r'<text class="caption"[^>]*>([^<]*)</text>', page)
    assert found is not None
    return html.unescape(found.group(1))


def test_the_board_caption_names_the_map_and_says_how_the_game_ended(client: Any, web_settings: Any) -> None:
    path = _start(client)
    caption = _caption(client.get(f"{path}?lang=en").text)
    assert caption.startswith("Hideout · round ") and "hideout" not in caption, caption
    assert _caption(client.get(f"{path}?lang=zh-Hans").text).startswith("据点 · ")
    _finish_tactics(web_settings, path)
    over = _caption(client.get(f"{path}?lang=en").text)
    assert over.startswith("Hideout · ") and "to act" not in over and ("wins" in over or "no winner" in over), over
    assert "rounds" in over


def test_the_moves_page_names_the_map(client: Any) -> None:
    path = _start(client, seed="4")
    for _ in range(30):
        page = client.get(f"{path}?lang=en").text
        if 'id="pl-moves"' in page:
            break
        assert _decide(client, path, _labels(page)[0], _number(page)).status_code == 303
    moves = client.get(f"{path}/moves?lang=en")
    assert moves.status_code == 200
    captions = [html.unescape(x) for x in re.findall(r'<text class="caption"[^>]*>([^<]*)</text>', moves.text)]
    assert captions and all(c.startswith("Hideout") for c in captions), captions[:3]


def test_a_resigned_game_s_caption_says_who_resigned(client: Any) -> None:
    path = _start(client)
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    caption = _caption(client.get(f"{path}?lang=en").text)
    assert caption == "Hideout · round 0 · P1 resigned", caption


@pytest.mark.slow
def test_the_replay_titles_name_the_mode_and_the_game(client: Any, web_settings: Any) -> None:
    path = _start(client, seed="7")
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert "<title>Duel · seed 7</title>" in client.get(f"{path}/replay?lang=en").text
    assert "<title>单挑 · 种子 7</title>" in client.get(f"{path}/replay?lang=zh-Hans").text
    netrunner = _finished_netrunner(web_settings)
    assert "<title>矩阵潜袭 · 种子 3</title>" in client.get(f"{netrunner}/replay?lang=zh-Hans").text


def test_the_log_ends_with_the_game_s_end_not_the_simulation_s(client: Any, web_settings: Any) -> None:
    path = _start(client)
    _finish_tactics(web_settings, path)
    netrunner = _finished_netrunner(web_settings)
    for game in (path, netrunner):
        page = client.get(f"{game}?lang=en").text
        log = html.unescape(page.split('id="pl-log"', 1)[1].split("</div>", 1)[0])
        assert "simulation ends" not in log and "the game ends (winner" in log.strip().splitlines()[-1]
        api = client.get(f"/api{game}?lang=en").json()
        assert re.sub(r"^\s*\d+\s+", "", api["log"][-1]["line"]).startswith("the game ends")
        assert api["log"][-1]["event"] == "simulation_end"  # the engine's own field as before


# ---------------------------------------------------------------------- 6. errors in words, decks by name


def test_a_deck_of_the_other_side_is_refused_in_words(client: Any) -> None:
    english = client.post("/play?lang=en", data={"game": "netrunner", "side": "corp", "deck": "identity:zero_weaver",
                                                 "opponent": "heuristic", "csrf_token": TEST_CSRF})  # fmt: skip
    assert english.status_code == 400 and _alert(english.text) == "deck 'Zero Weaver' is not a corp deck"
    chinese = client.post("/play?lang=zh-Hans", data={"game": "netrunner", "side": "runner",
                                                      "deck": "identity:" + _first_corp(client),
                                                      "opponent": "heuristic", "csrf_token": TEST_CSRF})  # fmt: skip
    message = _alert(chinese.text)
    assert chinese.status_code == 400 and "runner" not in message and "潜袭者" in message, message
    assert "identity" not in message and "_" not in message, message  # the deck by its name


def _first_corp(client: Any) -> str:
    form = client.get("/play?lang=en").text
    corp = form.split('label="the corp"', 1)[1]
    return re.search(r'value="identity:([a-z0-9_]+)"', corp).group(1)  # type: ignore[union-attr]


def test_a_bad_netrunner_label_in_chinese_names_no_kind_raw(client: Any) -> None:
    path = _netrunner(client)
    page = client.get(f"{path}?lang=zh-Hans").text
    refused = _decide(client, path, "bogus", _number(page), lang="zh-Hans")
    message = _alert(refused.text)
    assert refused.status_code == 400 and "保留起手还是重新调度" in message, message
    assert not re.search(r"mulligan\s*[:：]", message), message


def _save_netrunner_decks(settings: Any) -> dict[str, str]:
    from toolkit.catalog import load_catalog
    from toolkit.engine.netrunner.session import example_deck, identities
    from toolkit.web.saved import SavedDecks

    records = list(load_catalog([settings.cards[0] / "netrunner"]).records)
    store = SavedDecks(settings.data_path)
    ids = {}
    for side, name in (("runner", "My runner"), ("corp", "My corp")):
        deck = example_deck(records, identities(records, side)[0].id).model_copy(update={"name": name})
        ids[side] = store.save(deck)
    return ids


def _save_tactics_deck(settings: Any, name: str, size: int | None = None) -> str:
    import random

    from toolkit.catalog import load_catalog
    from toolkit.decks.random_deck import random_legal_deck
    from toolkit.web.saved import SavedDecks

    records = [r for r in load_catalog([settings.cards[0] / "tactics"]).records]
    deck = random_legal_deck(records, "duel", random.Random(1), name=name)
    if size is not None:  # too few cards: not legal
        deck = deck.model_copy(update={"cards": dict(list(deck.cards.items())[:size])})
    return str(SavedDecks(settings.data_path).save(deck))


def test_saved_decks_are_listed_with_their_mode_s_name_and_side(client: Any, web_settings: Any) -> None:
    _save_tactics_deck(web_settings, "Listed deck")
    ids = _save_netrunner_decks(web_settings)
    form = client.get("/play?lang=en").text
    assert re.search(r">Listed deck \(Duel\)</option>", form), re.findall(r"Listed deck[^<]*", form)
    for side, label in (("runner", "Saved decks: runner"), ("corp", "Saved decks: corp")):
        group = re.search(rf'<optgroup label="{label}" data-side="{side}">(.*?)</optgroup>', form, re.S)
        assert group is not None and f'value="{ids[side]}"' in group.group(1), side
    chinese = client.get("/play?lang=zh-Hans").text
    assert re.search(r">Listed deck（单挑）</option>", chinese)  # (the language's brackets: sweep 73)


def test_an_illegal_saved_deck_is_named_by_its_name_without_internal_places(client: Any, web_settings: Any) -> None:
    deck = _save_tactics_deck(web_settings, "Thin deck", size=2)
    refused = client.post("/play?lang=en", data={"deck": deck, "seat": "1", "seed": "1", "opponent": "heuristic",
                                                 "csrf_token": TEST_CSRF})  # fmt: skip
    message = _alert(refused.text)
    assert refused.status_code == 400 and message.startswith("saved deck 'Thin deck' is not legal: "), message
    assert deck not in message and ".json" not in message and "deck.size" not in message and "error" not in message


def test_a_non_numeric_seat_gets_the_page_of_a_refusal(client: Any) -> None:
    answer = client.post("/play?lang=en", data={"mode": "duel", "deck": "random", "seat": "x", "seed": "1",
                                                "opponent": "heuristic", "csrf_token": TEST_CSRF})  # fmt: skip
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("text/html")
    assert _alert(answer.text) == "choose the machine's player and your seat from the form"


# ---------------------------------------------------------------------- 7. what is echoed, and bounds


def test_a_huge_label_is_refused_in_a_short_line(client: Any, web_settings: Any) -> None:
    path = _start(client)
    page = client.get(f"{path}?lang=en").text
    huge = _decide(client, path, "z" * 100_000, _number(page))
    assert huge.status_code == 400 and len(huge.text) < 10_000
    assert _alert(huge.text) == f"'{'z' * 40}…': a decision's label is at most 200 characters"
    long = _decide(client, path, "y" * 150, _number(page))  # under the limit, not an option: cut short too
    assert long.status_code == 400 and f"'{'y' * 40}…' is not an option" in _alert(long.text)
    assert "y" * 41 not in long.text
    assert not _store(web_settings).load(path.rsplit("/", 1)[1])["decisions"]


@pytest.mark.parametrize(
    ("seed", "reason"),
    [
        ("9" * 5000, "'" + "9" * 40 + "…': a seed has at most 4300 digits"),  # (more than Python reads as a number)
        ("-1", "'-1': a seed is a whole number from 0 up"),  # (as the CLI's --seed says; any larger one is taken)
    ],
)
def test_a_seed_out_of_range_is_refused_and_echoed_short(client: Any, seed: str, reason: str) -> None:
    for form in ({}, {"game": "netrunner"}):
        answer = client.post("/play?lang=en", data={"mode": "duel", "deck": "random", "seat": "1", "seed": seed,
                                                    "opponent": "heuristic", "csrf_token": TEST_CSRF, **form})  # fmt: skip
        assert answer.status_code == 400 and len(answer.text) < 10_000
        assert _alert(answer.text) == f"seed {reason}"


def test_the_largest_seed_and_a_seed_that_is_no_number(client: Any) -> None:
    path = _start(client, seed="9223372036854775807")
    assert "9223372036854775807" not in client.get(f"{path}?lang=en").text  # (secret while the game is on)
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303
    assert "seed 9223372036854775807" in client.get(f"{path}?lang=en").text
    answer = client.post("/play?lang=en", data={"seed": "x" * 5000, "csrf_token": TEST_CSRF})
    assert answer.status_code == 400 and _alert(answer.text) == f"seed '{'x' * 40}…': give a whole number"


def test_other_values_echoed_are_cut_short(client: Any) -> None:
    for form in ({"mode": "m" * 5000}, {"deck": "d" * 5000}, {"game": "netrunner", "deck": "identity:" + "i" * 5000}):
        answer = client.post("/play?lang=en", data={"mode": "duel", "deck": "random", "seat": "1", "seed": "1",
                                                    "opponent": "heuristic", "csrf_token": TEST_CSRF, **form})  # fmt: skip
        message = _alert(answer.text)
        assert answer.status_code == 400 and len(message) < 400 and "…'" in message, message[:200]


# ---------------------------------------------------------------------- 9. Netrunner's counts


def test_netrunner_counts_take_their_plural(client: Any) -> None:
    path = _netrunner(client)
    single = False
    for _ in range(40):
        page = client.get(f"{path}?lang=en").text
        stats = " ".join(re.findall(r'<p class="nr-stats">(.*?)</p>', page, re.S))
        assert not re.search(r"\b1 (credits|clicks|tags|agenda points)\b|\b1 cards\b", stats), stats
        assert re.search(r"\b\d+ credits?\b", stats) and re.search(r"heap \d+ cards?\b", stats), stats
        if re.search(r"\b1 click\b", stats):
            single = True
            break
        labels = _labels(page)
        _decide(client, path, ([x for x in labels if x.startswith("run")] or labels)[0], _number(page))
    assert single  # the runner with one click left: "1 click"


# ---------------------------------------------------------------------- the new strings in Chinese


@pytest.mark.slow
def test_the_new_words_in_chinese(client: Any, web_settings: Any) -> None:
    """Passes once the Chinese of this round's messages is in the catalog."""
    path = _netrunner(client)
    page = client.get(f"{path}?lang=zh-Hans").text
    stats = " ".join(re.findall(r'<p class="nr-stats">(.*?)</p>', page, re.S))
    assert "信用点" in stats and "credit" not in stats and "heap" not in stats, stats
    undo = client.post(f"{path}/undo?lang=zh-Hans", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert undo.status_code == 409 and CJK.search(_alert(undo.text)) and "undo" not in _alert(undo.text)
    again = _decide(client, path, _labels(page)[0], "999", lang="zh-Hans")
    assert again.status_code == 409 and CJK.search(_alert(again.text))
    finished = _finished_netrunner(web_settings)
    log = html.unescape(client.get(f"{finished}?lang=zh-Hans").text.split('id="pl-log"', 1)[1].split("</div>", 1)[0])
    assert "模拟结束" not in log and "the game ends" not in log
