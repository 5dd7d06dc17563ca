"""Netrunner in the balance lab (issue 29, part 4): the pairings planned in turn from the run's seed, games played in
this process with the cards each side played, the figures (the sides against an even game, identities, decks and
cards against their side's rate), the report in both languages, runs kept and compared, and the web app's page.
The Ray runs (workers 1 and 2 giving the same figures) are in ``tests/test_balance.py`` with its Ray session."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.balance.netrunner import ending_of, netrunner_figures, plan_matches, play_matches
from toolkit.balance.report import namer, render_html
from toolkit.balance.store import compare, save_run
from toolkit.engine.phrase import Phrase

DECKS = ROOT / "examples" / "decks" / "netrunner"


@pytest.fixture(scope="module")
def pool() -> Any:
    from toolkit.cli.deck import load_pool

    return load_pool(None)


@pytest.fixture(scope="module")
def decks(pool: Any) -> dict[str, dict[str, Any]]:
    from toolkit.decks import read_deck

    identities = pool.rules.game("netrunner").records
    out: dict[str, dict[str, Any]] = {"corp": {}, "runner": {}}
    for path in sorted(DECKS.glob("*.json")):
        deck = read_deck(path, pool.names, game="netrunner", default_modes=pool.default_modes()).deck
        out[identities.get(deck.identity).side][path.stem] = deck
    return out


def test_every_pairing_is_played_in_turn_from_the_run_s_seed(decks: dict[str, dict[str, Any]]) -> None:
    specs = plan_matches(10, decks["corp"], decks["runner"], seed=4)
    pairs = [(s.corp, s.runner) for s in specs]
    assert pairs[:4] == [(c, r) for c in sorted(decks["corp"]) for r in sorted(decks["runner"])]
    assert pairs[4:8] == pairs[:4] and len(set(pairs)) == 4
    assert [s.seed for s in specs] == [s.seed for s in plan_matches(10, decks["corp"], decks["runner"], seed=4)]
    assert len({s.seed for s in specs}) == 10
    assert {s.seed for s in specs}.isdisjoint(s.seed for s in plan_matches(10, decks["corp"], decks["runner"], 5))
    assert all(s.decks[0].identity and s.decks[0] is decks["corp"][s.corp] for s in specs)


@pytest.mark.slow
def test_a_game_s_result_names_its_decks_winner_ending_and_cards_played(pool: Any, decks: dict[str, Any]) -> None:
    specs = plan_matches(8, decks["corp"], decks["runner"], seed=1)
    results = play_matches(pool.records, specs)
    assert [r["index"] for r in results] == list(range(8))
    assert {r["ending"] for r in results} <= {"agenda_points", "flatline", "empty_rd", "turn_limit"}
    for spec, result in zip(specs, results, strict=True):
        assert result["winner"] in ("corp", "runner") or result["ending"] == "turn_limit"
        assert result["identities"] == {"corp": spec.decks[0].identity, "runner": spec.decks[1].identity}
        for side, deck in zip(("corp", "runner"), spec.decks, strict=True):
            assert result["cards"][side] == sorted(deck.cards)
            assert set(result["played"][side]) <= set(deck.cards)  # each played card named by its own deck
    assert any(r["played"]["corp"] for r in results) and any(r["played"]["runner"] for r in results)
    again = play_matches(pool.records, specs[:3])  # the same seed, the same game
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in again] == [
        {k: v for k, v in r.items() if k != "seconds"} for r in results[:3]
    ]


def test_how_a_game_ended_is_read_from_the_engine_s_reason() -> None:
    assert ending_of(Phrase("{n} agenda points", n=7)) == "agenda_points"
    assert ending_of(Phrase("flatline: {reason}", reason="3 net damage")) == "flatline"
    assert ending_of(Phrase("the corp must draw from an empty R&D")) == "empty_rd"
    assert ending_of(None) == "turn_limit"


def _result(i: int, corp: str, runner: str, winner: str | None, played: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"index": i, "corp": f"deck-{corp}", "runner": f"deck-{runner}",
            "identities": {"corp": corp, "runner": runner}, "cards": {"corp": [f"{corp}-card"], "runner": []},
            "played": {"corp": list(played), "runner": []}, "winner": winner,
            "ending": "agenda_points" if winner else "turn_limit", "turns": 10 + i % 7}  # fmt: skip


def test_identities_are_held_against_their_side_s_rate() -> None:
    """Corps win 3 games in 4 over the run: 'ace' wins all of its 200, 'plain' half of its 200. Against 50% both
    would look strong; against the corp's 75% only 'ace' is strong and 'plain' weak. The sides: the corp strong."""
    results = [_result(i, "ace" if i % 2 == 0 else "plain", "r", "corp" if i % 2 == 0 or i % 4 == 1 else "runner")
               for i in range(400)]  # fmt: skip
    data = netrunner_figures(results, margin=0.02)
    assert data["games"] == 400 and data["baseline"] == {"corp": 0.75, "runner": 0.25}
    sides = {row["side"]: row for row in data["sides"]}
    assert sides["corp"]["flag"] == "strong" and sides["runner"]["flag"] == "weak"
    identities = {row["identity"]: row for row in data["identities"]}
    assert identities["ace"]["rate"] == 1.0 and identities["ace"]["flag"] == "strong"
    assert identities["plain"]["rate"] == 0.5 and identities["plain"]["flag"] == "weak"
    assert identities["r"]["rate"] == 0.25 and identities["r"]["flag"] is None  # the only runner: its side's rate
    pairings = {(row["corp"], row["runner"]): row for row in data["pairings"]}
    assert pairings["ace", "r"]["rate"] == 1.0 and pairings["ace", "r"]["n"] == 200
    assert {(o["table"], o.get("identity") or o.get("side") or o.get("deck") or o.get("corp")) for o in
            data["outliers"]} >= {("sides", "corp"), ("identities", "ace"), ("identities", "plain")}  # fmt: skip
    few = netrunner_figures(results[:6], margin=0.02)
    assert not [o for o in few["outliers"] if o["table"] == "identities"]
    assert all(row["needed"] for row in few["identities"] if row["identity"] != "r")
    draws = netrunner_figures([_result(i, "a", "b", None) for i in range(10)], margin=0.02)
    assert draws["sides"][0]["rate"] == 0.5 and draws["endings"] == [
        {"winner": "draw", "ending": "turn_limit", "n": 10, "score": 10, "rate": 1.0, "low": draws["endings"][0]["low"],
         "high": 1.0}  # fmt: skip
    ]


def test_two_runs_compared_find_the_identity_that_moved() -> None:
    before = [_result(i, "ace" if i % 2 == 0 else "plain", "r", "corp" if i % 4 < 2 else "runner") for i in range(400)]
    after = [_result(i, "ace" if i % 2 == 0 else "plain", "r", "corp" if i % 2 == 0 or i % 4 == 1 else "runner")
             for i in range(400)]  # fmt: skip
    meta = {"game": "netrunner", "card_set": "x", "decider": "heuristic", "turns": 100}
    a = {"label": "1", "meta": meta, "figures": netrunner_figures(before)}
    b = {"label": "2", "meta": {**meta, "card_set": "y"}, "figures": netrunner_figures(after)}
    moved = {(m["table"], tuple(m["key"])) for m in compare(a, b)["moved"]}
    assert ("identities", ("corp", "ace")) in moved and ("sides", ("corp",)) in moved
    assert ("identities", ("corp", "plain")) not in moved  # 50% before and after
    assert compare(a, a)["moved"] == []


@pytest.mark.slow
def test_the_report_in_both_languages(pool: Any, decks: dict[str, Any]) -> None:
    results = play_matches(pool.records, plan_matches(12, decks["corp"], decks["runner"], seed=2))
    data = netrunner_figures(results)
    meta = {"game": "netrunner", "card_set": "f" * 64, "decider": "heuristic", "seed": 2, "decks": ["a", "b"],
            "turns": 100, "margin": 0.02}  # fmt: skip
    for lang, words in (("en", ("Balance run: 12 Netrunner games", "Sides: the corp and the runner", "Identities",
                                "the runner", "Pairings: the corp's rate", "Game length (turns)")),
                        ("zh-Hans", ("平衡测试：12 局矩阵潜袭", "双方：公司与潜袭者", "公司：特性", "潜袭者：特性",
                                     "对阵组合：公司的胜率"))):  # fmt: skip
        page = render_html(meta, data, {}, namer(pool.records, lang, "netrunner"), lang)
        text = html.unescape(re.sub(r"<[^>]+>", " ", page))
        for word in words:
            assert word in text, (lang, word)
        assert "<svg" in page and "<script" not in page
        corp_identity = next(r for r in data["identities"] if r["side"] == "corp")["identity"]
        assert corp_identity not in text  # identities by name, not id
    zh = render_html(meta, data, {}, namer(pool.records, "zh-Hans", "netrunner"), "zh-Hans")
    assert "the corp" not in zh and "Identities" not in zh


def test_the_cli_refuses_a_run_without_both_sides(cli: Any, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    result = cli("balance", "netrunner", "--decks", DECKS / "corp-weyland-skyward.json", "--games", "4",
                 "--out", tmp_path / "r", "--no-save")  # fmt: skip
    assert result.exit_code == 2 and "--decks" in result.stderr and "runner" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    bad = cli("balance", "netrunner", "--decks", DECKS, "--decider", "brawler", "--out", tmp_path / "r", "--no-save")
    assert bad.exit_code == 2 and "--decider" in bad.stderr
    assert not (tmp_path / "r").exists()


@pytest.mark.slow
def test_the_web_app_shows_a_netrunner_run(pool: Any, decks: dict[str, Any], tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    db = tmp_path / "web.db"
    app = create_app(WebSettings(cards=[CARDS], db_url=str(db), cache=tmp_path / "cache", data=tmp_path / "data"))
    results = play_matches(pool.records, plan_matches(8, decks["corp"], decks["runner"], seed=3))
    meta = {"game": "netrunner", "card_set": "f" * 64, "decider": "heuristic", "seed": 3, "decks": sorted(
        [*decks["corp"], *decks["runner"]]), "turns": 100, "margin": 0.02}  # fmt: skip
    run = save_run(str(db), meta, netrunner_figures(results))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        answer = client.get(f"/balance/{run}?lang=en")
        assert answer.status_code == 200 and "Traceback" not in answer.text
        text = html.unescape(re.sub(r"<[^>]+>", " ", answer.text))
        assert "Balance run: 8 Netrunner games" in text and "the corp: Identities" in text
        listing = client.get("/balance?lang=en")
        assert listing.status_code == 200 and f'href="/balance/{run}"' in listing.text
        same = client.get(f"/balance/compare?a={run}&b={run}&lang=en")
        assert same.status_code == 200 and "nothing moved beyond noise" in same.text
