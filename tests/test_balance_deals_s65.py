"""The balance lab, sweep 65: the two games of a deal (the same decks, the seats swapped) are not independent, so a
tactics rate's interval counts its deals' worth (the design-adjusted Wilson interval), its flag and `balance
compare` too; `balance tactics --decks` names the decks it cannot play (no other deck of their mode) and reports
each deck's rate; a run keeps the names of the records it names, so a run played with `--cards my-set` is named
where that pool is not read (`balance compare`, `dossier serve`'s /balance pages).

No test here starts Ray: figures are made from hand-made game records, and a command's games are played by a
stand-in for :func:`toolkit.balance.runner.run_games`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT
from toolkit.balance.figures import effective_n, figures, intraclass, simultaneous_z, wilson
from toolkit.balance.store import compare, list_runs, load_run

META = {"game": "tactics", "card_set": "a" * 64, "decider": "heuristic", "seed": 1, "games_asked": 40,
        "modes": ["duel"], "decks": "random", "rounds": 100, "margin": 0.02}  # fmt: skip


def _game(index: int, winner: int, first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """A duel game: ``first`` in seat 1, ``second`` in seat 2 (each ``{"agents", "cards", "deck"}``)."""
    sides = [{"seat": seat, "agents": list(side["agents"]), "cards": list(side.get("cards", [])), "played": [],
              "deck": side.get("deck", "")} for seat, side in enumerate((first, second), 1)]  # fmt: skip
    return {"index": index, "mode": "duel", "map": "hideout", "seed": index, "winners": [winner],
            "reason": "last_squad_standing", "rounds": 5, "sides": sides, "share": 0.5}  # fmt: skip


def _deals(outcomes: list[tuple[bool, bool]], star: str = "ace", start: int = 0) -> list[dict[str, Any]]:
    """One deal per item (the first deal ``start``), ``star`` against another agent each time, the seats swapped in
    its second game; the item says whether ``star`` wins its first and its second game."""
    out = []
    for k, (first, second) in enumerate(outcomes, start):
        mine, theirs = {"agents": [star], "cards": ["frag"]}, {"agents": [f"{star}-foe{k}"], "cards": []}
        out.append(_game(2 * k, 1 if first else 2, mine, theirs))
        out.append(_game(2 * k + 1, 2 if second else 1, theirs, mine))
    return out


CHANCE = [(True, False), (False, True), (True, True), (True, False), (False, True), (False, False)]
"""Six deals, their games as alike as chance or less: four split, one won whole, one lost whole."""


def _row(data: dict[str, Any], table: str, key: str, value: str) -> dict[str, Any]:
    return next(row for row in data[table] if row[key] == value)


# ---------------------------------------------------------------- 1. the intervals count deals


def test_a_deck_that_wins_both_games_of_every_deal_counts_its_deals() -> None:
    """5 deals, the same side winning both games of each: 10 of 10 games is 5 of 5 deals, and its interval is the
    Wilson interval of 5 of 5 (56.6%–100%), not of 10 of 10 (72.2%–100%); a card of that deck too."""
    data = figures(_deals([(True, True)] * 5))
    ace = _row(data, "agents", "agent", "ace")
    assert (ace["n"], ace["deals"], ace["n_eff"], ace["rate"]) == (10, 5, 5, 1.0)
    assert (ace["low"], ace["high"]) == pytest.approx(wilson(5, 5), abs=1e-6)
    assert ace["low"] < wilson(10, 10)[0] - 0.15
    frag = _row(data, "cards_in_deck", "card", "frag")
    assert (frag["n_eff"], frag["low"]) == (5, ace["low"])
    # the flag's interval and the games still needed count deals too: more games than a count of games would ask
    z = simultaneous_z(len(data["agents"]))
    assert ace["flag_low"] == pytest.approx(wilson(5, 5, z)[0], abs=1e-6) and ace["flag"] is None
    assert ace["needed"] > 10
    # the seats: a deal won whole by one deck is split between them (the decks swap): their games, as before
    assert data["intraclass"]["seats"] == -1
    for seat in data["seats"]:
        assert seat["n_eff"] == 10 and (seat["low"], seat["high"]) == pytest.approx(wilson(5, 10), abs=1e-6)


def test_clustered_wins_and_losses_widen_the_interval_to_the_deals_worth() -> None:
    """12 deals, 8 won both games and 4 lost both: 16 of 24 games, worth 12 deals (the design effect is 2): the
    interval is the Wilson interval of 8 of 12."""
    data = figures(_deals([(True, True)] * 8 + [(False, False)] * 4))
    ace = _row(data, "agents", "agent", "ace")
    assert (ace["n"], ace["deals"], ace["rate"]) == (24, 12, pytest.approx(2 / 3))
    assert ace["n_eff"] == 12
    assert (ace["low"], ace["high"]) == pytest.approx(wilson(8, 12), abs=1e-6)
    games_wide = wilson(16, 24)
    assert ace["high"] - ace["low"] > 1.3 * (games_wide[1] - games_wide[0])


def test_independent_games_give_the_intervals_of_before() -> None:
    """Deals whose two games go no more alike than chance (at 50%, a deal won or lost whole one time in two: here
    one in three): every rate's interval, flag and games needed are the plain Wilson ones of its games, as before
    deals were counted."""
    data = figures(_deals(CHANCE * 4))
    ace = _row(data, "agents", "agent", "ace")
    assert (ace["n"], ace["deals"], ace["n_eff"], ace["score"]) == (48, 24, 48, 24)
    assert (ace["low"], ace["high"]) == pytest.approx(wilson(24, 48), abs=1e-6)
    assert data["intraclass"]["agents"] < 0
    foe = _row(data, "agents", "agent", "ace-foe0")
    assert foe["n_eff"] == 2 and (foe["low"], foe["high"]) == pytest.approx(wilson(1, 2), abs=1e-6)
    # and games of a deal of their own (one game a deal) are independent by construction
    assert effective_n(5, [(1, 1.0, 1.0)] * 3 + [(1, 0.0, 0.0)] * 2, 1.0) == 5


def test_the_design_effect_is_kish_s_for_the_table_s_correlation() -> None:
    """``n_eff = n / (1 + (m̃ − 1)·ρ)``: the deals when the games of a deal always agree, the games when they agree no
    more than chance, in between otherwise; ρ from all the rates of a table at once."""
    won, lost, split = (2, 2.0, 2.0), (2, 0.0, 0.0), (2, 1.0, 1.0)
    assert effective_n(6, [won] * 3, 1.0) == 3 and effective_n(6, [won] * 3, None) == 3  # None: nothing to tell
    assert effective_n(6, [won] * 3, 0.0) == 6 and effective_n(6, [won] * 3, -0.4) == 6
    assert effective_n(6, [won] * 3, 0.5) == 4
    assert effective_n(0, [], 1.0) == 0
    assert intraclass([[won, won, lost]]) == pytest.approx(1.0)  # every deal whole
    assert intraclass([[won, split, split, lost, split, split]]) == pytest.approx(-1 / 4)  # less alike than chance
    assert intraclass([[split, split]]) == pytest.approx(-1.0)  # a seat's rate: its decks swap within the deal
    assert intraclass([[won, won], [lost]]) is None  # no rate with a spread: nothing to estimate from
    # pooled: an unbeaten agent takes its table's ρ, estimated from the agents with a spread: here from "bee"
    whole = figures(_deals([(True, True)] * 4) + _deals([(True, True)] * 3 + [(False, False)] * 3, "bee", 4))
    assert data_rho(whole) == pytest.approx(1.0) and _row(whole, "agents", "agent", "ace")["n_eff"] == 4
    chance = figures(_deals([(True, True)] * 4) + _deals(CHANCE * 2, "bee", 4))
    assert data_rho(chance) < 0 and _row(chance, "agents", "agent", "ace")["n_eff"] == 8


def test_a_table_with_nothing_to_tell_takes_the_sides_tables_rho() -> None:
    """Two given decks, one winning every game: the agents' rates are 100% and 0%, nothing to estimate their ρ
    from. A card in both decks tells nothing either (it wins and loses every game it is in, whatever happens: sweep
    74, tests/test_balance_s74.py), so nothing tells: each deal counts one, with the card or without it. A card
    whose games vary does tell, and the agents borrow its ρ as far as its deals make it sure."""
    mine, theirs = {"agents": ["ace"], "cards": ["frag", "kit"]}, {"agents": ["foe"], "cards": ["kit"]}
    games = [_game(i, 1 if i % 2 == 0 else 2, *((mine, theirs) if i % 2 == 0 else (theirs, mine))) for i in range(40)]
    data = figures(games)
    assert data["intraclass"]["agents"] is None and _row(data, "agents", "agent", "ace")["n_eff"] == 20
    alone = [{**game, "sides": [{**side, "cards": [c for c in side["cards"] if c != "kit"]} for side in game["sides"]]}
             for game in games]  # fmt: skip
    data = figures(alone)
    assert data["intraclass"]["agents"] is None and _row(data, "agents", "agent", "ace")["n_eff"] == 20

    def wild(game: dict[str, Any], side: dict[str, Any]) -> bool:  # the winner's in even deals, each deck's in odd
        ace = side["agents"] == ["ace"]
        return ace if game["index"] // 2 % 2 == 0 or game["index"] % 2 == 0 else not ace

    told = [{**game, "sides": [{**side, "cards": side["cards"] + (["wild"] if wild(game, side) else [])}
                               for side in game["sides"]]} for game in alone]  # fmt: skip
    data = figures(told)
    assert data["intraclass"]["cards_in_deck"] < 0 < data["intraclass"]["agents"] < 0.5  # its ρ, borrowed with care
    assert 20 < _row(data, "agents", "agent", "ace")["n_eff"] < 40


def data_rho(data: dict[str, Any]) -> float:
    return float(data["intraclass"]["agents"])


def test_modes_maps_and_pairs_count_deals_too() -> None:
    data = figures(_deals([(True, True)] * 5))
    mode = data["modes"][0]
    assert mode["first_seat"]["deals"] == 5 and data["maps"][0]["first_seat"]["deals"] == 5
    assert mode["decided"]["deals"] == 5 and data["endings"][0]["deals"] == 5


def test_compare_tests_the_deals_worth() -> None:
    """A rate that moves from 6 of 10 to 10 of 10 games, both counted in 5 deals won or lost whole, is not a move
    beyond noise (its games were worth 5 deals); counted as independent games it was (the test of before)."""
    before = figures(_deals([(True, True)] * 3 + [(False, False)] * 2))
    after = figures(_deals([(True, True)] * 5))
    run_a = {"label": "a", "meta": META, "figures": before}
    run_b = {"label": "b", "meta": META, "figures": after}
    result = compare(run_a, run_b)
    test = next(t for t in result["tested"] if t["table"] == "agents" and t["key"] == ["ace"])
    assert test["before"]["n_eff"] == 5 and test["after"]["deals"] == 5
    assert test["p"] > 0.05  # 3 of 5 against 5 of 5
    from toolkit.balance.store import two_proportion

    assert two_proportion(6, 10, 10, 10)[1] < 0.05  # 6 of 10 against 10 of 10 games: "moved", wrongly


def test_the_summary_and_the_report_say_what_n_counts() -> None:
    from toolkit.balance.report import report_body
    from toolkit.cli.balance import _rate_line

    data = figures(_deals([(True, True)] * 5))
    ace = _row(data, "agents", "agent", "ace")
    assert _rate_line("en", "Agents: ace", ace) == "Agents: ace: 100.0% (56.6%–100.0%, 10 games in 5 deals)"
    body = report_body(META, data, {}, lambda kind, record_id: record_id, "en")
    assert "design effect" in body and "<th>games</th><th>deals</th>" in body
    assert "<td>ace</td><td>10</td><td>5</td><td>100.0%</td><td>56.6% – 100.0%</td>" in body
    # a run kept before deals were counted keeps its words: n, and the plain Wilson interval
    old = json.loads(json.dumps(data))
    for row in old["seats"] + old["agents"]:
        del row["deals"], row["n_eff"]
    assert "design effect" not in report_body(META, old, {}, lambda kind, record_id: record_id, "en")


# ---------------------------------------------------------------- 4. --decks: the decks not played, each deck's rate


def _stand_in(monkeypatch: pytest.MonkeyPatch, wins: dict[int, str] | None = None) -> list[Any]:
    """Ray's runner replaced by one that makes each game up: the deck that wins a deal wins both its games, the
    first deck key in alphabetical order three deals in four, the other the fourth (with random decks, ``wins``: the
    run's seed → which side wins every game, ``"star"`` or ``"foe"``)."""
    pytest.importorskip("ray")  # (the command checks Ray is installed; nothing starts it)
    from toolkit.balance import runner

    asked: list[Any] = []

    def played(records: Any, specs: Any, **_: Any) -> Any:
        asked.extend(specs)
        results = []
        for spec in specs:
            if spec.decks is not None:
                seats = [{"agents": list(squad), "cards": sorted(set(cards)), "deck": key} for squad, cards, key in
                         spec.decks]  # fmt: skip
                keys = sorted(side["deck"] for side in seats)
                best = keys[0] if (spec.index // 2) % 4 != 3 else keys[1]
            else:
                star = {"agents": ["anvil"], "cards": ["orbital_strike"], "deck": "star"}
                foe = {"agents": ["mistblade"], "cards": [], "deck": "foe"}
                seats = [foe, star] if spec.swapped else [star, foe]
                best = _winner(spec, wins)
            winner = next(seat for seat, side in enumerate(seats, 1) if side["deck"] == best)
            result = _game(spec.index, winner, seats[0], seats[1])
            result.update(mode=spec.mode, map=spec.map)
            if spec.decks is None:
                for side in result["sides"]:
                    side["deck"] = ""
            results.append(result)
        return runner.Outcome(results, False, 1, 1, False)

    monkeypatch.setattr(runner, "run_games", played)
    return asked


def _winner(spec: Any, wins: dict[int, str] | None) -> str:
    """Which of the made-up sides wins the games of a run: told by the run's seed (its first game's seed says it)."""
    from toolkit.balance.games import derive

    for seed, side in (wins or {}).items():
        if spec.seed == derive(seed, "game", spec.index):
            return side
    return "star"


def _decks(tmp_path: Path) -> Path:
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in ("duel.json", "duel-rival.json", "expert.json"):
        shutil.copy(ROOT / "examples" / "decks" / "tactics" / name, folder / name)
    return folder


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_decks_of_no_opponent_are_named_and_each_deck_has_its_rate(cli: Any, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch, lang: str) -> None:  # fmt: skip
    asked = _stand_in(monkeypatch)
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--decks", _decks(tmp_path), "--games", "8", "--no-save", "-o", out,
                 "--lang", lang)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert {key for spec in asked for _squad, _cards, key in spec.decks} == {"duel", "duel-rival"}
    said = [line for line in result.stderr.splitlines() if "expert" in line]
    assert len(said) == 1 and "--decks" in said[0], result.stderr  # one line, naming the deck and its mode
    if lang == "en":
        assert said == ["--decks: not played, no other deck of the same mode: expert (Expert)"], result.stderr
    else:
        assert "专家" in said[0]
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["meta"]["decks_not_played"] == {"expert": "expert"}
    decks = {row["deck"]: row for row in report["figures"]["decks"]}
    assert set(decks) == {"duel", "duel-rival"}
    assert (decks["duel"]["rate"], decks["duel"]["n"], decks["duel"]["deals"]) == (0.75, 8, 4)
    assert decks["duel-rival"]["rate"] == 0.25 and decks["duel"]["n_eff"] < 5  # whole deals: worth about 4 games
    assert decks["duel"]["low"] < wilson(6, 8)[0] - 0.05
    page = (out / "report.html").read_text(encoding="utf-8")
    heading = "<h2>Decks</h2>" if lang == "en" else "<h2>牌组</h2>"
    assert heading in page and "<td>duel</td><td>8</td><td>4</td><td>75.0%</td>" in page
    if lang == "en":
        assert "Not played, no other deck of the same mode: expert (Expert)." in page
        # the summary names each deck's rate, with what it counts
        assert any(line.startswith("Decks: duel: 75.0% (") and line.endswith(", 8 games in 4 deals)")
                   for line in result.stdout.splitlines()), result.stdout  # fmt: skip


def test_every_deck_played_says_nothing_of_decks_not_played(cli: Any, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    _stand_in(monkeypatch)
    folder = _decks(tmp_path)
    (folder / "expert.json").unlink()
    out = tmp_path / "report"
    result = cli("balance", "tactics", "--decks", folder, "--games", "4", "--no-save", "-o", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "not played" not in result.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert "decks_not_played" not in report["meta"] and len(report["figures"]["decks"]) == 2
    # a run of random decks has no table of decks
    random_run = figures(_deals([(True, False)] * 2))
    assert "decks" not in random_run


def test_plan_decks_and_the_decks_it_leaves_out() -> None:
    from types import SimpleNamespace

    from toolkit.balance.games import unplayed_decks

    decks = {"a": SimpleNamespace(mode="duel"), "b": SimpleNamespace(mode="duel"), "x": SimpleNamespace(mode="expert")}
    assert unplayed_decks(decks) == {"x": "expert"}
    assert unplayed_decks(decks, players=3) == {"a": "duel", "b": "duel", "x": "expert"}
    assert unplayed_decks([SimpleNamespace(mode="duel")] * 2) == {}


# ---------------------------------------------------------------- 6. a run keeps the names of what it names


def _my_set(tmp_path: Path) -> Path:
    """A card set of one card the bundled pool lacks: Orbital Strike (轨道打击)."""
    folder = tmp_path / "my-set" / "cards"
    folder.mkdir(parents=True)
    card = {"back": "personal", "category": "skill", "game": "tactics", "id": "orbital_strike", "kind": "card",
            "name": {"en": "Orbital Strike", "zh-Hans": "轨道打击"},
            "text": ["你可以对距离 0-9 内的目标敌方单位造成 9 点伤害。你抽 2 张牌。"]}  # fmt: skip
    (folder / "orbital_strike.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    return tmp_path / "my-set"


def test_a_run_of_my_set_is_named_without_my_set(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs with `--cards` holding Orbital Strike, which wins every game in the first and loses every one in the
    second: `balance compare` without `--cards`, and the web pages over the bundled cards, name it, in both
    languages, from the names the runs kept."""
    _stand_in(monkeypatch, wins={1: "star", 2: "foe"})
    db = tmp_path / "runs.db"
    pool = ("--cards", CARDS, "--cards", _my_set(tmp_path))
    for seed in ("1", "2"):
        result = cli("balance", "tactics", *pool, "--games", "40", "--modes", "duel", "--seed", seed, "--db", db,
                     "-o", tmp_path / f"r{seed}", "--lang", "en")  # fmt: skip
        assert result.exit_code == 0, result.output
    kept = load_run(str(db), "1")["meta"]["names"]
    assert kept["en"]["card"]["orbital_strike"] == "Orbital Strike" and kept["zh-Hans"]["card"]["orbital_strike"] == "轨道打击"
    assert kept["en"]["agent"]["anvil"] == "Anvil" and kept["en"]["mode"]["duel"] == "Duel"
    assert [run["id"] for run in list_runs(str(db))] == [1, 2]
    said = cli("balance", "compare", "1", "2", "--db", db, "--lang", "en")
    assert said.exit_code == 0, said.output
    assert "Orbital Strike 100.0% → 0.0%" in said.stdout and "orbital_strike" not in said.stdout
    zh = cli("balance", "compare", "1", "2", "--db", db, "--lang", "zh-Hans")
    assert "轨道打击 100.0% → 0.0%" in zh.stdout
    # the web pages: the bundled cards only
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    app = create_app(WebSettings(cards=[CARDS], db_url=str(db), cache=tmp_path / "cache", data=tmp_path / "data"))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        for lang, name in (("en", "Orbital Strike"), ("zh-Hans", "轨道打击")):
            page = client.get(f"/balance/1?lang={lang}").text
            assert f"<td>{name}</td>" in page and "orbital_strike" not in page, lang
            compared = client.get(f"/balance/compare?a=1&b=2&lang={lang}").text
            assert name in compared and "orbital_strike" not in compared, lang


def test_the_pool_s_own_name_comes_first_and_an_old_run_is_as_before() -> None:
    from toolkit.balance.report import namer, with_kept

    kept = {"en": {"card": {"frag": "Kept Frag", "gone": "Gone Card"}}, "zh-Hans": {"card": {"gone": "旧卡"}}}
    names = with_kept(lambda kind, record_id: "Frag Grenade" if record_id == "frag" else record_id, kept, "en")
    assert (names("card", "frag"), names("card", "gone"), names("card", "other")) == ("Frag Grenade", "Gone Card",
                                                                                        "other")  # fmt: skip
    assert with_kept(lambda kind, record_id: record_id, kept, "zh-Hans")("card", "gone") == "旧卡"
    plain = namer([], "en")
    assert with_kept(plain, None, "en") is plain  # a run kept before: no names, its ids as before
    run = {"label": "a", "meta": META, "figures": figures(_deals([(True, True)] * 2))}
    assert compare(run, run)["names"] == {}
