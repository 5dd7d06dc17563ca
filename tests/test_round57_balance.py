"""Round 57: the balance lab with 3 players plays only the modes allowed for 3 (no 双雄), a worker speaks the run's
language, p-values never print as 0 and `compare --json` gives every test, the pair tables say what they leave
out; the keyboard draft asks again after a typo and stops in one translated line; crossfire: the sniper-mode
Agent's slip has no line about hitting, `score` refuses a table given twice or named in some tables only, and a
private deal hides even a given seed."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.pty_util import at_keyboard as _keyboard
from toolkit.errors import DossierError

TABLE = [{"seat": 1, "name": "A", "role": "vip"}, {"seat": 2, "name": "B", "role": "agent", "aim": [3]},
         {"seat": 3, "name": "C", "role": "assassin", "aim": [1]}, {"seat": 4, "name": "D", "role": "red_decoy"},
         {"seat": 5, "name": "E", "role": "bystander"}]  # fmt: skip


def _records() -> list[Any]:
    from toolkit.cli.deck import load_pool

    return list(load_pool(None).records)


def test_three_players_play_no_duo_and_duo_is_refused_up_front() -> None:
    from toolkit.balance.games import check_modes, playable_modes

    records = _records()
    assert "duo" not in playable_modes(records, 3)
    assert "melee" in playable_modes(records, 3)
    assert "duo" in playable_modes(records, 4)
    with pytest.raises(DossierError, match="--modes 'duo'"):
        check_modes(records, ["duo"], 3)


def test_a_worker_plays_in_the_runs_language() -> None:
    from toolkit.balance.runner import _in_lang
    from toolkit.i18n import tr

    def play(records: Any, specs: Any) -> list[dict[str, Any]]:
        return [{"error": tr("nothing moved beyond noise")}]

    assert _in_lang("en", play, [], []) == [{"error": "nothing moved beyond noise"}]
    assert _in_lang("zh-Hans", play, [], [])[0]["error"] != "nothing moved beyond noise"


def _run(rate: float, n: int) -> dict[str, Any]:
    score = rate * n
    row = {"agent": "anvil", "n": n, "score": score, "rate": rate, "low": rate - 0.01, "high": rate + 0.01}
    seat = {"seat": 1, "n": n, "score": n / 2, "rate": 0.5, "low": 0.49, "high": 0.51}
    return {"label": f"r{rate}", "meta": {"game": "tactics", "card_set": "a"},
            "figures": {"agents": [row], "seats": [seat]}}  # fmt: skip


def test_a_p_value_too_small_is_a_bound_never_zero() -> None:
    from toolkit.balance.report import comparison
    from toolkit.balance.store import P_FLOOR, compare, two_proportion

    assert two_proportion(9000, 10000, 1000, 10000)[1] == P_FLOOR > 0
    result = compare(_run(0.9, 10000), _run(0.1, 10000))
    (moved,) = result["moved"]
    assert moved["bound"] is True and moved["p"] > 0 and moved["p_holm"] > 0
    line = comparison(result, lambda kind, key: key, "en")["groups"][0]["rows"][0]["line"]
    assert "p < 1e-300" in line and "p = 0" not in line, line


def test_compare_json_gives_every_test(cli: Any, tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path, rate in ((a, 0.5), (b, 0.52)):
        run = _run(rate, 100)
        path.write_text(json.dumps({"meta": {**run["meta"], "seed": 1}, "figures": run["figures"]}), encoding="utf-8")
    result = cli("balance", "compare", a, b, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["moved"] == [] and data["tests"] == 2 == len(data["tested"])
    test = next(t for t in data["tested"] if t["table"] == "agents")
    assert {"before", "after", "z", "p", "p_holm"} <= set(test) and test["before"]["n"] == 100


def test_the_pair_tables_say_how_many_pairs_they_leave_out() -> None:
    from toolkit.balance.figures import figures
    from toolkit.balance.report import report_body

    sides = [{"seat": 1, "agents": ["anvil", "gale"], "cards": [], "played": []},
             {"seat": 2, "agents": ["egret", "jackdaw"], "cards": [], "played": []}]  # fmt: skip
    games = [{"index": i, "mode": "duel", "map": "hideout", "winners": [1 + i % 2], "reason": "last_squad_standing",
              "rounds": 5, "sides": sides} for i in range(4)]  # fmt: skip
    data = figures(games)
    assert data["pairs_together"] == [] and data["pairs_left_out"] == {"least": 20, "pairs_together": 2,
                                                                       "pairs_against": 4}  # fmt: skip
    meta = {"seed": 1, "decider": "heuristic", "modes": ["duel"], "card_set": "a" * 64, "game": "tactics"}
    body = report_body(meta, data, {}, lambda kind, key: key, "en")
    assert "2 pairs seen fewer than 20 times are left out" in body
    assert "4 pairs seen fewer than 20 times are left out" in body




@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.slow
def test_a_typo_at_the_keyboard_is_said_and_asked_again_and_ctrl_d_is_one_line() -> None:
    out, code = _keyboard(["draft", "--seed", "1", "--lang", "en"], ["1\n", "x\n", "2\n", "\x04"])
    assert "'x' is not face up; choose from" in out, out
    assert "player 2 takes" in out, out
    assert "end of input: the draft stopped before every pick was made" in out and "Aborted" not in out, out
    assert code == 1


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
@pytest.mark.slow
def test_ctrl_c_in_the_draft_is_one_translated_line_and_exit_130() -> None:
    out, code = _keyboard(["draft", "--seed", "1", "--lang", "zh-Hans"], ["1\n", "\x03"])
    assert "Aborted" not in out and code == 130, out
    assert "Ctrl-C" in out, out


def test_the_sniper_mode_agent_slip_has_no_line_about_hitting() -> None:
    """The role cards of slips and of the web's seats alike (role_cards)."""
    from toolkit.cli.crossfire import _records as crossfire_records
    from toolkit.engine.crossfire import Crossfire
    from toolkit.engine.crossfire_cards import role_cards

    game = Crossfire.from_records(crossfire_records(None))
    deal = game.deal("sniper", 8, ["protester"], seed=5)
    cards = {c.role: c for c in role_cards(game, deal, {}, "en")}
    assert cards["Agent"].play == ["In sniper mode you do not point; only the Assassins fire."]
    assert "If you hit a Bystander, you lose." in cards["Assassin"].play  # the Assassins do fire
    crossfire = game.deal("crossfire", 8, [], seed=5)
    agent = next(c for c in role_cards(game, crossfire, {}, "en") if c.role == "Agent")
    assert "If you hit a Bystander, you lose." in agent.play


def test_score_refuses_a_table_given_twice_and_names_in_some_tables_only(cli: Any, tmp_path: Path) -> None:
    named, unnamed = tmp_path / "t1.json", tmp_path / "t2.json"
    named.write_text(json.dumps({"mode": "crossfire", "players": TABLE}), encoding="utf-8")
    bare = [{k: v for k, v in p.items() if k != "name"} for p in TABLE]
    unnamed.write_text(json.dumps({"mode": "crossfire", "players": bare}), encoding="utf-8")
    twice = cli("crossfire", "score", named, tmp_path / "." / "t1.json", "--lang", "en")
    assert twice.exit_code == 2 and "the same file as" in twice.stderr, twice.output
    link = tmp_path / "link.json"
    link.symlink_to(named)
    assert cli("crossfire", "score", named, link, "--lang", "en").exit_code == 2
    mixed = cli("crossfire", "score", named, unnamed, "--lang", "en")
    assert mixed.exit_code == 2 and "name them in every table or in none" in mixed.stderr, mixed.output
    assert cli("crossfire", "score", named, unnamed.with_name("t1.json"), "--lang", "en").exit_code == 2
    ok = cli("crossfire", "score", unnamed, "--lang", "en")
    assert ok.exit_code == 0, ok.output


def test_a_private_deal_hides_even_a_given_seed(cli: Any, tmp_path: Path) -> None:
    hidden = cli("crossfire", "deal", "-n", "8", "--seed", "5", "--lang", "en", "--slips", tmp_path / "s.pdf")
    assert hidden.exit_code == 0, hidden.output
    assert "seed" not in hidden.stdout, hidden.stdout
    shown = cli("crossfire", "deal", "-n", "8", "--seed", "5", "--lang", "en")
    assert "seed 5" in shown.stdout
