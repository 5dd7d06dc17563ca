"""A decision's number as a seat is shown it counts that seat's own decisions (session 61's sweep): the game's count
of every seat's decisions gave away what the other seat was asked (a corp offered a rez only when it can pay: the
runner's next number was 4 after running R&D with an asset in a remote, 3 with an agenda there). The seat's view,
`/api/play/ID`, the page's form, the terminal, the full screen and the refusal of a label all number the seat's 1st,
2nd… decision; a stale or repeated answer is still refused."""

from __future__ import annotations

import html
import io
import random
import re
from typing import Any

import pytest

from tests.test_netrunner_rules import RECORDS as NR_RECORDS
from tests.web import conftest as web
from tests.web.conftest import BASE, TEST_CSRF
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import Stepper
from toolkit.engine.netrunner.scenario import set_up
from toolkit.engine.netrunner.session import NetrunnerSession
from toolkit.engine.netrunner.state import SEATS
from toolkit.i18n import use_lang
from toolkit.models.scenario import Scenario

web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client


# ---------------------------------------------------------------------- Netrunner: the rez the corp was offered


def _runner_session(root: str) -> NetrunnerSession:
    """A session of the runner's side (the corp answered by the test) at a scenario's position: the corp has 5
    credits, ``root`` face down in remote1; the runner may run R&D."""
    data = {"game": "netrunner", "name": "t", "active": "runner",
            "corp": {"identity": "weyland_iron_ledger", "credits": 5, "deck": ["t_purge"],
                     "servers": {"remote1": {"root": [{"card": root}]}}},
            "runner": {"identity": "zero_weaver", "credits": 5}, "decisions": []}  # fmt: skip
    game = set_up(NR_RECORDS, Scenario.model_validate(data))
    session = NetrunnerSession.__new__(NetrunnerSession)  # (a session without a saved record: the scenario's game)
    session.game, session.side, session.seat = game, "runner", SEATS["runner"]
    session.stepper = Stepper(game, lambda: game.play_game(game.turns + 2, resume=True)).start()
    return session


def _run_rnd(session: NetrunnerSession) -> list[int]:
    """The runner runs R&D and goes on through it, the corp declining every rez: the numbers the runner was shown,
    up to its next action."""
    shown = []
    while (pending := session.pending) is not None:
        if pending.seat == SEATS["corp"]:
            session.apply("done" if "done" in pending.labels() else pending.labels()[0])
            continue
        shown.append(session.view()["decision"]["number"])
        if pending.kind == "action" and len(shown) > 1:
            break
        labels = pending.labels()
        session.apply("run:rnd" if pending.kind == "action" else next(
            (x for x in ("continue", "leave") if x in labels), labels[0]))  # fmt: skip
    return shown


def test_the_runner_s_numbers_are_the_same_whether_the_corp_was_offered_a_rez_or_not() -> None:
    asset, agenda = _runner_session("t_battery"), _runner_session("t_burden")
    shown_asset, shown_agenda = _run_rnd(asset), _run_rnd(agenda)
    # the corp was asked about a rez in one game only: the game's counts differ, the runner's numbers do not
    assert len(asset.game.decisions) > len(agenda.game.decisions)
    assert shown_asset == shown_agenda == [1, 2, 3]
    for session in (asset, agenda):
        pending = session.pending
        assert pending is not None and pending.seat == SEATS["runner"] and session.own_number(pending) == 3
        with use_lang("en"), pytest.raises(EngineError) as refused:  # a label that is no option: the runner's 3rd
            session.apply("bogus")
        assert str(refused.value).startswith("decision 3 (") and "'bogus' is not an option" in str(refused.value)


def test_a_side_against_the_machine_numbers_its_own_decisions_one_by_one() -> None:
    from tests.conftest import ROOT
    from toolkit.catalog import load_catalog
    from toolkit.engine.netrunner.session import example_deck, new_record

    records = list(load_catalog([ROOT / "cards" / "netrunner"]).records)
    for side, identity in (("runner", "zero_weaver"), ("corp", "weyland_iron_ledger")):
        record = new_record(records, example_deck(records, identity), side, 3, turns=6)
        session, rng = NetrunnerSession(records, record, side, "heuristic"), random.Random(5)
        mine = 0
        while session.pending is not None and mine < 40:
            shown = session.view()["decision"]
            assert shown is not None and shown["number"] == mine + 1, (side, shown["number"], mine)
            labels = session.pending.labels()
            session.apply(next((x for x in labels if x.startswith("run")), rng.choice(labels)))
            mine += 1
        # the machine decided in between: the game's count ran ahead of the side's own
        assert len(session.game.decisions) > mine, side


# ---------------------------------------------------------------------- tactics


def _tactics(players: list[str], seed: int = 7) -> Any:
    from tests.test_tactics_decisions import RECORDS, _setup
    from toolkit.engine.tactics.session import TacticsSession

    setup = _setup("duel", players, seed=seed, rounds=100)
    return RECORDS, TacticsSession(RECORDS, setup)


def test_a_tactics_seat_numbers_its_own_decisions_in_its_view_terminal_and_screen() -> None:
    from rich.console import Console

    from toolkit.cli._lang import LogNames
    from toolkit.engine.keys import Cursor, draw
    from toolkit.engine.tactics.screen import screen
    from toolkit.engine.tactics.session import view
    from toolkit.engine.tactics.terminal import play_terminal

    records, session = _tactics(["human", "heuristic"])
    names, rng, mine, ahead = LogNames(records, "en"), random.Random(1), 0, False
    while session.pending is not None and mine < 40:
        pending = session.pending
        assert pending.seat == 1
        assert view(session.game, 1, pending)["decision"]["number"] == mine + 1 == session.own_number(pending)
        ahead = ahead or pending.number > mine  # the machine's decisions came in between
        if mine in (0, 20):
            console = Console(file=io.StringIO(), width=150, height=60, color_system=None, force_terminal=False)
            draw(console, screen(session, 1, "en", names, Cursor(len(pending.options)), "", 60, 150, console))
            flat = " ".join(console.file.getvalue().split())  # type: ignore[attr-defined]
            assert f"decision {mine + 1}: " in flat and f"decision {pending.number + 1}: " not in flat or not ahead
        if mine == 20:
            with use_lang("en"), pytest.raises(EngineError) as refused:
                session.apply("bogus")
            assert str(refused.value).startswith(f"decision {mine + 1} (")
        session.apply(rng.choice(pending.labels()))
        mine += 1
    assert ahead and mine == 40
    written: list[str] = []
    answers = iter(["bogus"])

    def read(_: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    with pytest.raises(EOFError):
        play_terminal(session, 1, "en", names, read, written.append)
    asked = [x for x in written if x.startswith("decision ")]
    assert asked[0].startswith(f"decision {mine + 1}: ")  # the terminal's question, and its refusal of a label
    assert any(x.startswith(f"decision {mine + 1} (") and "'bogus' is not an option" in x for x in written)


def test_a_tactics_seat_s_numbers_do_not_depend_on_what_the_other_seat_was_asked() -> None:
    """The same seat 1 against players of the machine that decide differently (and are asked differently): seat 1 is
    shown 1, 2, 3… whatever the other seat was asked in between."""
    from toolkit.engine.tactics.session import view

    counts = []
    for machine in ("heuristic", "random"):
        _, session = _tactics(["human", machine], seed=11)
        shown: list[int] = []
        globals_: list[int] = []
        while session.pending is not None and len(shown) < 40:
            pending = session.pending
            shown.append(view(session.game, 1, pending)["decision"]["number"])
            globals_.append(pending.number + 1)
            session.apply(pending.labels()[0])
        assert shown == list(range(1, len(shown) + 1))
        counts.append(globals_)
    assert counts[0] != counts[1]  # the game's counts told the machines apart


# ---------------------------------------------------------------------- the web: the page, the API, the form


def _labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', page)]


def _form_number(page: str) -> str:
    found = re.search(r'<input type="hidden" name="number" value="(\d+)">', page)
    return found.group(1) if found else ""


def _start(client: Any, **form: str) -> str:
    answer = client.post("/play", data={"csrf_token": TEST_CSRF, **form}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


@pytest.mark.parametrize("form", [
    {"game": "netrunner", "side": "runner", "deck": "identity:zero_weaver", "opponent": "heuristic", "seed": "3"},
    {"game": "netrunner", "side": "corp", "deck": "identity:weyland_iron_ledger", "opponent": "heuristic", "seed": "3"},
    {"mode": "duo", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "3"},
], ids=["runner", "corp", "tactics"])  # fmt: skip
@pytest.mark.slow
def test_the_page_and_the_api_number_the_seat_s_own_decisions_and_refuse_a_stale_one(client: Any, web_settings: Any,
                                                                                     form: Any) -> None:  # fmt: skip
    from toolkit.web.play_games import PlayGames

    path = _start(client, **form)
    store = PlayGames(web_settings.data_path)
    game_id = path.rsplit("/", 1)[1]
    ahead = False
    for mine in range(1, 26):
        page = client.get(f"{path}?lang=en").text
        labels = _labels(page)
        if not labels:
            break
        api = client.get(f"/api{path}").json()
        assert _form_number(page) == str(api["decision"]["number"]) == str(mine)
        ahead = ahead or len(_decisions(store, game_id)) >= mine  # the machine decided in between
        prefer = [x for x in labels if x.startswith("run")] or labels
        bogus = client.post(f"{path}/decide?lang=en", data={"label": "bogus", "number": str(mine),
                                                            "csrf_token": TEST_CSRF})  # fmt: skip
        assert bogus.status_code == 400 and f"decision {mine} (" in html.unescape(bogus.text)
        sent = {"label": prefer[0], "number": str(mine), "csrf_token": TEST_CSRF}
        assert client.post(f"{path}/decide", data=sent, follow_redirects=False).status_code == 303
        before = _decisions(store, game_id)
        again = client.post(f"{path}/decide", data=sent, follow_redirects=False)  # the same form sent again
        assert again.status_code == 409 and _decisions(store, game_id) == before
    assert ahead


def _decisions(store: Any, game_id: str) -> list[str]:
    """The labels of a kept game's decisions, every seat's (a Netrunner game keeps them in its record)."""
    kept = store.load(game_id)
    return list(kept["decisions"] if "decisions" in kept else kept["record"]["decisions"])
