"""Netrunner between two people in ``dossier serve`` (issue 28, item 5): a game started from /play against a person on
another device (the creator's page hands out the other side's private link; the first browser to open a link claims
that side) or on this one (hot-seat: each page links to the other's). Each side's page and ``/api/play/ID`` show only
what that side may see and offer only its decisions; the other waits. The corp is asked at each of its rez windows in
a game of two people, even when it holds nothing, so the runner's waits tell it nothing; games against the machine
(and the engine bench) are as before."""

from __future__ import annotations

import html
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF, client, served, web_app, web_cards, web_settings  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
CORP, RUNNER = "identity:hb_mirror_foundry", "identity:zero_weaver"


def _start(c: Any, **form: str) -> str:
    data = {"game": "netrunner", "side": "corp", "deck": CORP, "other_deck": RUNNER, "opponent": "person",
            "seed": "3", "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = c.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


def _other_link(page: str) -> str:
    found = re.search(r'id="pl-other-link"[^>]*>([^<]+)<', page)
    assert found is not None
    return found.group(1).removeprefix(BASE)


def _labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', page)]


def _decide(c: Any, path: str, label: str, number: int) -> int:
    form = {"label": label, "number": str(number), "csrf_token": TEST_CSRF}
    return int(c.post(f"{path}/decide", data=form, follow_redirects=False).status_code)


def _browser(web_app: Any) -> Any:  # noqa: F811
    """Another browser: a TestClient of its own (its own cookies) that passes the same-site checks."""
    from fastapi.testclient import TestClient

    other = TestClient(web_app, base_url=BASE)
    other.cookies.set("csrf", TEST_CSRF)
    other.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
    return other


def _records() -> list[Any]:
    from toolkit.catalog import load_catalog

    return list(load_catalog([ROOT / "cards" / "netrunner"]).records)


def test_the_creator_hands_out_the_other_side_s_link_and_the_first_browser_to_open_it_plays_that_side(
    client: Any, web_app: Any  # noqa: F811
) -> None:
    form = client.get("/play?lang=en").text
    assert 'id="pl-nr-other-deck"' in form and 'name="other_deck"' in form
    assert re.search(r'id="pl-nr-opponent".*?value="person".*?value="hotseat"', form, re.S)
    corp = _start(client)
    page = client.get(f"{corp}?lang=en").text
    runner = _other_link(page)
    assert runner != corp and "it does not open in this browser" in page and "Netrunner against a person" in page
    assert "You play the corp" in page
    refused = client.get(f"{runner}?lang=en")  # the creator's browser plays the corp: not the runner's page
    assert refused.status_code == 403 and "other player's private link" in html.unescape(refused.text)
    assert client.get(f"/api{runner}").status_code == 403
    assert client.post(f"{runner}/resign", data={"csrf_token": TEST_CSRF}).status_code == 403
    mine = client.get(f"/api{corp}").json()
    assert mine["corp"]["hand"] is not None and mine["runner"]["hand"] is None and mine["decision"]["number"] == 1
    with _browser(web_app) as phone, _browser(web_app) as third:
        theirs = phone.get(f"/api{runner}?lang=en")  # the first to open the runner's link plays the runner
        assert theirs.status_code == 200
        seen = theirs.json()
        assert seen["runner"]["hand"] is not None and seen["corp"]["hand"] is None and seen["decision"] is None
        page = phone.get(f"{runner}?lang=en").text
        assert "You play the runner" in page and 'id="pl-waiting"' in page and 'http-equiv="refresh"' in page
        assert 'id="pl-other-link"' not in page  # only the creator hands out the other link
        assert phone.get(f"{corp}?lang=en").status_code == 403
        assert third.get(f"{runner}?lang=en").status_code == 403 and third.get(f"/api{corp}").status_code == 403
        # the corp decides first (its mulligan); the runner's page offers nothing and may not answer it
        label = mine["decision"]["options"][0]["label"]
        assert _decide(phone, runner, label, 1) == 409
        assert _decide(client, corp, label, 1) == 303
        assert client.get(f"/api{corp}").json()["decision"] is None
        assert phone.get(f"/api{runner}").json()["decision"]["number"] == 1  # its own first decision


@pytest.mark.slow
def test_hot_seat_each_page_links_to_the_other_and_each_offers_its_side_s_decisions_only(client: Any) -> None:  # noqa: F811
    runner = _start(client, side="runner", deck=RUNNER, other_deck=CORP, opponent="hotseat")
    page = client.get(f"{runner}?lang=zh-Hans").text
    corp = _other_link(page)
    assert 'id="pl-other"' in page and "Netrunner" not in re.sub(r"<[^>]+>", "", page.split('id="pl-other"')[1][:300])
    assert runner in client.get(f"{corp}?lang=en").text  # and back: one device passes from one side to the other
    links = {1: corp, 2: runner}
    for _ in range(12):
        pages = {seat: client.get(f"{link}?lang=en").text for seat, link in links.items()}
        turn = next(seat for seat, text in pages.items() if _labels(text))
        idle = 3 - turn
        assert not _labels(pages[idle]) and 'id="pl-waiting"' in pages[idle] and 'http-equiv="refresh"' in pages[idle]
        assert 'http-equiv="refresh"' not in pages[turn]
        number = client.get(f"/api{links[turn]}").json()["decision"]["number"]
        assert _decide(client, links[idle], _labels(pages[turn])[0], number) == 409
        assert _decide(client, links[turn], _labels(pages[turn])[0], number) == 303


def _hidden_at_the_end(records: list[Any], game: Any) -> tuple[set[str], set[str]]:
    """The ids of the corp's cards the runner never saw (every copy in R&D or HQ at the end, none accessed) and of the
    runner's cards the corp never saw (every copy in the stack at the end)."""
    corp, runner = game.player("corp"), game.player("runner")
    unseen = {c.id for c in [*corp.deck, *corp.hand] if c.uid not in game.runner_saw}
    elsewhere = {c.id for c in [*corp.discard, *game.installed("corp"), *corp.score_area, *runner.score_area]} | {
        c.id for c in [*corp.deck, *corp.hand] if c.uid in game.runner_saw}  # fmt: skip
    in_stack = {c.id for c in runner.deck}
    shown = {c.id for c in [*runner.hand, *runner.discard, *game.installed("runner")]}
    return unseen - elsewhere, in_stack - shown


def _names(records: list[Any], ids: set[str]) -> set[str]:
    by_id = {r.id: r for r in records}
    return {n for i in ids for n in (by_id[i].name.en, by_id[i].name.zh_hans) if n and len(n) >= 3}


@pytest.mark.slow
def test_a_whole_game_of_two_people_each_side_sees_only_its_own(client: Any, web_app: Any, web_settings: Any  # noqa: F811
                                                                ) -> None:  # fmt: skip
    """A seeded game walked to its end, each side answering its own pending decision from its own API and page (the
    runner prefers runs): no response to the runner names a corp card it never saw, nor one to the corp a runner card
    it never saw; no seed until the game is over; each side's decisions numbered 1, 2, 3… among its own; undo takes
    back only the side's own last decision while the other has not been asked since."""
    from toolkit.engine.netrunner.session import NetrunnerSession
    from toolkit.web.play_games import PlayGames

    corp = _start(client, seed="5")  # (about 100 decisions: the runner steals its seven points)
    runner = _other_link(client.get(corp).text)
    rng = random.Random(1)
    said: dict[int, list[str]] = {1: [], 2: []}
    numbers: dict[int, list[int]] = {1: [], 2: []}
    undone = refused = 0
    with _browser(web_app) as phone:
        browsers, links = {1: client, 2: phone}, {1: corp, 2: runner}
        for step in range(600):
            answers = {seat: browsers[seat].get(f"/api{links[seat]}?lang={'en' if step % 2 else 'zh-Hans'}")
                       for seat in (1, 2)}  # fmt: skip
            for seat, answer in answers.items():
                assert answer.status_code == 200
                said[seat].append(answer.text)
            views = {seat: answer.json() for seat, answer in answers.items()}
            if views[1]["status"] != "playing":
                break
            assert all('"seed"' not in said[s][-1] for s in (1, 2))  # (the seed rebuilds the deal)
            turn = next(s for s in (1, 2) if views[s]["decision"] is not None)
            assert views[3 - turn]["decision"] is None
            if step % 15 == 0:
                for seat in (1, 2):
                    said[seat].append(browsers[seat].get(f"{links[seat]}?lang=en").text)
            decision = views[turn]["decision"]
            numbers[turn].append(decision["number"])
            labels = [o["label"] for o in decision["options"]]
            runs = [x for x in labels if x.startswith("run")] if turn == 2 else []
            label = runs[0] if runs else rng.choice(labels)
            assert _decide(browsers[turn], links[turn], label, decision["number"]) == 303
            if step in (20, 45, 70):  # the other side may not take it back; this side, while it is asked again
                idle = browsers[3 - turn].post(f"{links[3 - turn]}/undo", data={"csrf_token": TEST_CSRF})
                assert idle.status_code == 409
                refused += 1
                mine = browsers[turn].post(f"{links[turn]}/undo", data={"csrf_token": TEST_CSRF},
                                           follow_redirects=False)  # fmt: skip
                again = browsers[turn].get(f"/api{links[turn]}").json()["decision"]
                if mine.status_code == 303:
                    assert again is not None and again["number"] == decision["number"]
                    numbers[turn].pop()
                    undone += 1
                else:
                    assert mine.status_code == 409
        else:
            pytest.fail("the game did not end in 600 decisions")
        assert any('"seed"' in text for text in said[1][-1:]) and refused == 3
        assert browsers[2].get(f"{links[2]}/replay").status_code == 200
    for seat in (1, 2):  # each side's own decisions, numbered 1, 2, 3… (an undone one asked again by its number)
        assert numbers[seat] == list(range(1, len(numbers[seat]) + 1))
    record = PlayGames(web_settings.data_path).load(corp.rsplit("/", 1)[1])
    assert record["record"]["people"] is True and record["machine"] == "person"
    records = _records()
    game = NetrunnerSession.from_json(records, record).game
    corp_hidden, runner_hidden = _hidden_at_the_end(records, game)
    assert len(corp_hidden) >= 3 and len(runner_hidden) >= 2, (corp_hidden, runner_hidden)
    for text in said[2]:
        for name in _names(records, corp_hidden):
            assert name not in text
        for card in corp_hidden:
            assert f'"id":"{card}"' not in text.replace(" ", "") and f"{card}#" not in text
    for text in said[1]:
        for name in _names(records, runner_hidden):
            assert name not in text


def _play(records: list[Any], seed: int, asked: bool) -> Any:
    from toolkit.engine.netrunner import NetrunnerGame
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.session import example_deck

    decks = {"corp": example_deck(records, "hb_mirror_foundry"), "runner": example_deck(records, "zero_weaver")}
    policies = {side: make_policy("heuristic", side, seed) for side in ("corp", "runner")}
    game = NetrunnerGame(records, seed=seed, decks=decks, policies=policies)
    game.people = asked
    game.play_game(max_turns=30)
    return game


def _asks(monkeypatch: pytest.MonkeyPatch, records: list[Any], seed: int, asked: bool) -> list[tuple[str, str, int, int]]:
    """Every decision asked of either side in a seeded heuristic game: (side, kind, its options, the runner's clicks
    then)."""
    from toolkit.engine.netrunner import NetrunnerGame

    seen: list[tuple[str, str, int, int]] = []
    ask = NetrunnerGame.ask

    def spy(self: Any, side: Any, kind: str, prompt: Any, options: Any, force: bool = False) -> Any:
        if len(options) > 1 or force:
            seen.append((side, kind, len(options), self.player("runner").clicks))
        return ask(self, side, kind, prompt, options, force)

    with monkeypatch.context() as patch:
        patch.setattr(NetrunnerGame, "ask", spy)
        _play(records, seed, asked)
    return seen


def test_in_a_game_of_two_people_the_runner_waits_for_the_corp_before_each_action_whatever_the_corp_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the flag (games of two people), the corp is asked before every action of the runner's (while it has
    clicks), whether it could rez or pay then (more options than "done") or not ("done" alone): the runner's wait is
    the same either way. Without it (the machine's games) the window is asked only when the corp holds something."""
    records = _records()
    seen = _asks(monkeypatch, records, 1, asked=True)
    actions = [i for i, (side, kind, _, clicks) in enumerate(seen) if side == "runner" and kind == "action" and clicks]
    before = [seen[i - 1] for i in actions]
    assert len(actions) >= 20 and all(b[:2] == ("corp", "rez") for b in before)
    assert {b[2] for b in before} >= {1, 2}  # windows with "done" alone and windows with something to rez or pay
    plain = _asks(monkeypatch, records, 1, asked=False)
    actions = [i for i, (side, kind, _, clicks) in enumerate(plain) if side == "runner" and kind == "action" and clicks]
    before = [plain[i - 1] for i in actions]
    assert any(b[:2] != ("corp", "rez") for b in before) and all(n > 1 for _, _, n, _ in plain)


@pytest.mark.slow
def test_games_against_the_machine_are_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded heuristic game plays as before the flag: no window is forced on anyone (``ask`` is never called with
    ``force``), and its log is the same as when ``force`` is ignored (the engine's behaviour before it existed). The
    bench still runs."""
    from toolkit.engine.netrunner import NetrunnerGame

    records = _records()
    first = _play(records, 7, asked=False)
    forced: list[bool] = []
    ask = NetrunnerGame.ask

    def spy(self: Any, side: Any, kind: str, prompt: Any, options: Any, force: bool = False) -> Any:
        forced.append(force)
        return ask(self, side, kind, prompt, options)  # (as before: a single option is taken without asking)

    monkeypatch.setattr(NetrunnerGame, "ask", spy)
    again = _play(records, 7, asked=False)
    assert forced and not any(forced)
    dump = lambda g: json.dumps(g.log.to_json(), sort_keys=True, default=str)  # noqa: E731
    assert dump(again) == dump(first) and [d["label"] for d in again.decisions] == [d["label"] for d in first.decisions]
    bench = subprocess.run([sys.executable, str(ROOT / "bench" / "netrunner.py"), "--help"], capture_output=True,
                           text=True, cwd=ROOT, timeout=120)  # fmt: skip
    assert bench.returncode == 0 and "--games" in bench.stdout


@pytest.mark.slow
def test_two_browsers_play_a_netrunner_game_through_their_pages(web_settings: Any) -> None:  # noqa: F811
    """Chromium, two browser contexts (two devices): the corp starts the game from the form, against a person, with
    both decks chosen; its page hands out the runner's link, which opens in the other context only; the two play a
    few decisions from the keyboard, each on its own page while the other's waits."""
    from tests.web.conftest import with_chromium

    def run(browser: Any, url: str) -> None:
        contexts = [browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
                    for _ in range(2)]  # fmt: skip
        for context in contexts:
            context.set_default_timeout(20_000)
        corp, runner = (context.new_page() for context in contexts)
        corp.goto(f"{url}/play?lang=en")
        assert corp.locator("#pl-nr-other-field").is_hidden()  # a machine's player: no second deck
        corp.select_option("#pl-nr-side", "corp")
        corp.select_option("#pl-nr-opponent", "person")
        assert corp.locator("#pl-nr-other-field").is_visible()
        corp.select_option("#pl-nr-deck", CORP)
        corp.select_option("#pl-nr-other-deck", RUNNER)
        corp.fill("#pl-nr-seed", "3")
        with corp.expect_navigation():
            corp.click("#pl-nr-start")
        link = corp.locator("#pl-other-link").inner_text()
        assert "You play the corp" in corp.locator("#pl-about").inner_text()
        answer = corp.goto(link)  # not in the creator's browser
        assert answer is not None and answer.status == 403
        corp.go_back()
        runner.goto(f"{link}?lang=en")
        assert "You play the runner" in runner.locator("#pl-about").inner_text()
        played = 0
        for _ in range(8):
            corp.reload()
            runner.reload()
            pages = [p for p in (corp, runner) if p.locator("#pl-decision button").count()]
            assert len(pages) == 1
            mine = pages[0]
            other = runner if mine is corp else corp
            assert other.locator("#pl-waiting").is_visible() and other.locator("#pl-decision").count() == 0
            mine.locator("#pl-decision button").first.focus()
            with mine.expect_navigation():
                mine.keyboard.press("Enter")
            played += 1
        assert played == 8 and "You play the runner" in runner.locator("#pl-about").inner_text()

    with served(web_settings) as url:
        with_chromium(lambda browser: run(browser, url))


def test_a_saved_game_of_two_people_replays_with_its_windows_asked_as_played() -> None:
    """The record says a game was played by two people (``people``): replayed anywhere (``dossier play --load`` reads
    it with :func:`~toolkit.engine.netrunner.saved.replay_game`), its windows are asked as they were; a game against
    the machine never says so; one saved when the record named three flags for it (always set together) replays as
    a game of two people too."""
    from toolkit.engine.netrunner.saved import replay_game
    from toolkit.engine.netrunner.session import example_deck, identities, new_record

    records = _records()
    mine = example_deck(records, identities(records, "corp")[0].id)
    people = new_record(records, mine, "corp", 3, people=True)
    machine = new_record(records, mine, "corp", 3)
    assert people["people"] is True and replay_game(records, people, {}).people
    assert "people" not in machine and not replay_game(records, machine, {}).people
    flags = {"corp_always_asked": True, "runner_always_asked": True, "picks_always_asked": True}
    then = {**{k: v for k, v in people.items() if k != "people"}, **flags}
    assert replay_game(records, then, {}).people
