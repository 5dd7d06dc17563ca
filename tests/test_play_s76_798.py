"""Playing against the machine, round 76 of a sweep: the web's tactics page offers "Undo my last decision" only when
the undo is taken (not after a card drawn, a unit seen: the session's ``undo_refusal``, which its undo asks too);
``play --load`` of a game saved against ``search`` with its own ``--think`` takes ``--opponent search`` again (the
saved think kept), and refuses a ``--think`` that says otherwise, naming it.

The Chinese of this round's new messages: /tmp/fix798/zh.json."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import ROOT
from tests.test_web_play_round56 import _decide, _labels, _number, _start, _store
from tests.web import conftest as web
from tests.web.conftest import TEST_CSRF
from toolkit.cli import app

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

EX = ROOT / "examples"
NR = EX / "decks" / "netrunner"
DUEL = EX / "decks" / "tactics" / "duel.json"


# ---------------------------------------------------------------------- 1. Undo offered only when it is taken


def _session(settings: Any, path: str) -> Any:
    from toolkit.catalog import load_catalog
    from toolkit.engine.tactics.session import TacticsSession

    records = list(load_catalog([settings.cards[0] / "tactics"]).records)
    return TacticsSession.from_json(records, _store(settings).load(path.rsplit("/", 1)[1]))


def test_the_undo_refusal_undoes_nothing_and_says_what_undo_says() -> None:
    """``undo_refusal`` leaves the game as it is; ``undo`` refuses for the same reason, or takes it back when None."""
    from toolkit.catalog import load_catalog
    from toolkit.engine.tactics.session import HUMAN, TacticsSession, TacticsSetup

    records = list(load_catalog([ROOT / "cards" / "tactics"]).records)
    decks = [json.loads(p.read_text(encoding="utf-8")) for p in (DUEL, DUEL.with_name("duel-rival.json"))]
    cards = [[card for card, n in deck["cards"].items() for _ in range(n)] for deck in decks]
    rng, reasons = random.Random(5), set()
    setup = TacticsSetup.from_json({"mode": "duel", "squads": [deck["agents"] for deck in decks], "decks": cards,
                                    "players": [HUMAN, "heuristic"], "seed": 7})  # fmt: skip
    session = TacticsSession(records, setup, [])
    for _ in range(60):
        if session.pending is None:
            break
        session.apply(rng.choice(session.pending.options).label)
        labels = list(session.labels)
        reason = session.undo_refusal(1)
        assert session.labels == labels  # (nothing undone)
        reasons.add(reason)
        twin = TacticsSession(records, setup, labels)
        assert twin.undo(1) is (reason is None) and twin.refused == reason
    assert None in reasons and "seen" in reasons, reasons


def test_the_page_offers_undo_only_when_it_is_taken(client: Any, web_settings: Any) -> None:
    """The sweep's game (a duo of the example list, seed 51): after a card that draws or one that shows the seat a
    card (refused ``seen``) the page has no Undo button, and an undo posted is refused; after a plain decision the
    button is there and the undo is taken (303, the decision asked again)."""
    path = _start(client, mode="duo", deck="example:duo-list", opponent="heuristic", seat="1", seed="51")
    rng, met = random.Random(4), {"offered": 0, "seen": 0}
    for _ in range(40):
        page = client.get(f"{path}?lang=en").text
        labels = _labels(page)
        if not labels or min(met.values()) >= 2:
            break
        assert _decide(client, path, rng.choice(labels), _number(page)).status_code == 303
        page = client.get(f"{path}?lang=en").text
        reason = _session(web_settings, path).undo_refusal(1)
        offered = 'id="pl-undo"' in page
        if reason == "seen":
            met["seen"] += 1
            assert not offered
            undo = client.post(f"{path}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
            assert undo.status_code == 409, undo.text[:300]
        elif offered:
            assert reason is None
            met["offered"] += 1
            if met["offered"] == 1:  # (once: the game goes on from there)
                number = client.get(f"/api{path}").json()["decision"]["number"]
                undo = client.post(f"{path}/undo?lang=en", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
                assert undo.status_code == 303, undo.text[:300]
                assert client.get(f"/api{path}").json()["decision"]["number"] < number
    assert met["seen"] and met["offered"], met


# ---------------------------------------------------------------------- 2. --load with --opponent search


def _play(*args: Any, answers: str = "1\n" * 3) -> Any:
    return CliRunner().invoke(app, ["play", *map(str, args), "--plain", "--lang", "en"], input=answers)


def _opponent(game: str, data: dict[str, Any]) -> str:
    return str(data["setup"]["players"][1] if game == "tactics" else data["opponent"])


DECKS = {"tactics": ["--decks", DUEL],
         "netrunner": ["--decks", NR / "corp-hb-tireless-hands.json", "--decks", NR / "runner-criminal-fingers.json"]}


@pytest.mark.parametrize("game", ["tactics", "netrunner"])
def test_load_takes_the_same_searching_opponent_and_keeps_its_think(tmp_path: Path, game: str) -> None:
    saved = tmp_path / "s2.json"
    first = _play(game, *DECKS[game], "--vs", "search", "--think", "0.05", "--seed", "2", "--save", saved)
    assert first.exit_code == 0, first.output
    assert _opponent(game, json.loads(saved.read_text(encoding="utf-8"))) == "search:0.05"
    for again in (["--vs", "search"], ["--opponent", "search", "--think", "0.05"], ["--think", "0.05"]):
        went_on = _play(game, "--load", saved, *again, "--save", saved)
        assert went_on.exit_code == 0, (again, went_on.output)
        assert "does not go with" not in went_on.output
        assert _opponent(game, json.loads(saved.read_text(encoding="utf-8"))) == "search:0.05"  # (its think kept)


@pytest.mark.parametrize("game", ["tactics", "netrunner"])
@pytest.mark.parametrize(
    ("args", "option"),
    [(["--vs", "search", "--think", "2"], "--think"), (["--think", "1"], "--think"), (["--vs", "search:2"],
     "--opponent"), (["--vs", "heuristic"], "--opponent")],
)  # fmt: skip
def test_load_refuses_another_think_naming_it(tmp_path: Path, game: str, args: list[str], option: str) -> None:
    saved = tmp_path / "s2.json"
    assert _play(game, *DECKS[game], "--vs", "search", "--think", "0.05", "--save", saved).exit_code == 0
    before = saved.read_bytes()
    for lang, said in (("en", f"{option} does not go with --load"), ("zh-Hans", option)):
        result = CliRunner().invoke(app, ["play", game, "--load", str(saved), *args, "--plain", "--lang", lang],
                                    input="1\n")  # fmt: skip
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and said in lines[0] and "Traceback" not in result.output, lines
        if lang == "zh-Hans":
            assert "--load" in lines[0] and "does not go" not in lines[0], lines
    assert saved.read_bytes() == before


# ---------------------------------------------------------------------- 3. what a save hides, said plainly


def test_the_help_says_the_saved_seed_rebuilds_the_deal(tmp_path: Path) -> None:
    """A save keeps its seed in plain text (the seal's key is the seed: it cannot seal the seed itself), and the seed
    rebuilds the machine's deal: the help says so after "at a glance", not that the file hides the machine's side."""
    saved = tmp_path / "g.json"
    assert _play("tactics", "--decks", DUEL, "--seed", "41", "--save", saved).exit_code == 0
    assert json.loads(saved.read_text(encoding="utf-8"))["setup"]["seed"] == 41
    said = " ".join(CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output.split())
    assert "at a glance. But the game's seed is in it in plain text, and the seed rebuilds the deal" in said, said


def test_the_netrunner_undo_refusal_undoes_nothing_and_says_what_undo_says() -> None:
    """The Netrunner session's ``undo_refusal``, which the web's game page asks before it offers Undo: it leaves the
    game as it is, and ``undo`` refuses for the same reason, or takes the decision back when it is None."""
    from toolkit.engine.netrunner.session import NetrunnerSession

    from .test_netrunner_hidden_s64 import pool, session

    played = session(13, "jinteki_silent_garden", "zero_weaver", "heuristic", "runner")
    rng, reasons = random.Random(3), set()
    for _ in range(50):
        if played.pending is None:
            break
        played.apply(rng.choice(played.pending.options).label)
        labels = list(played.labels)
        reason = played.undo_refusal(played.seat)
        assert played.labels == labels  # (nothing undone)
        reasons.add(reason)
        twin = NetrunnerSession(pool(), {**played.record, "decisions": labels}, played.side, played.machine)
        assert twin.undo(played.seat) is (reason is None) and twin.refused == reason
    assert None in reasons and "seen" in reasons, reasons
