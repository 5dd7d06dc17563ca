"""Round 57, Netrunner in play: the win at seven points before a stolen agenda's damage, trigger labels by id,
triggers whose condition does not hold (neither offered nor logged), a scripted part shown as its printed
paragraph, the terminal's Archives and points, placing advancement counters, coverage's options for netrunner,
the scenario's set-up lines and the heuristic runner's care with damage.

Fixture cards only (``zz_r57_…`` scripts, our own English); the bundled identities.
"""

from __future__ import annotations

from typing import Any

from toolkit.cli._lang import LogNames
from toolkit.engine.netrunner.players import HeuristicRunner
from toolkit.engine.netrunner.scripts import Builder, Exec, card, click, this_card
from toolkit.engine.netrunner.terminal import describe

from .scripts.kit import agenda, bundled, events, play
from .scripts.kit import card as fixture


@card("zz_r57_sore", paragraphs=(0,), summary="When stolen: 2 net damage.")
def _sore(b: Builder) -> None:
    b.when("agenda_stolen", lambda x: x.game.damage("net", 2), only=this_card)


@card("zz_r57_ward", paragraphs=(0,), summary="When the runner approaches this card's server: the corp gains 1.")
def _ward(b: Builder) -> None:
    def approached(x: Exec) -> None:
        server = x.game.server_of(x.card)
        if server is not None and x.event.get("server") == server.name:
            x.game.gain_credits("corp", 1, "ward")

    b.when("approach_server", approached)


@card("zz_r57_twice", paragraphs=(0, 1), summary="Two click abilities: gain 1 credit; gain 2 credits.")
def _twice(b: Builder) -> None:
    b.paid([click()], lambda x: x.game.gain_credits("runner", 1, "one"))
    b.paragraph(1).paid([click()], lambda x: x.game.gain_credits("runner", 2, "two"))


SORE = agenda("zz_r57_sore", ["When the Runner steals this agenda, do 2 net damage."], points=3, requirement=5)
WARD = fixture("zz_r57_ward", "upgrade", ["Whenever the Runner approaches this server, gain 1[credit]."],
               rez_cost=0, trash_cost=9)  # fmt: skip
TWICE = fixture("zz_r57_twice", "resource",
                ["[click]<strong>:</strong> Take the small purse.", "[click]<strong>:</strong> Take the big purse."],
                cost=0)  # fmt: skip
PLAIN = agenda("zz_r57_plain", ["Nothing happens."], points=2, requirement=3)
RECORDS = [*bundled(), SORE, WARD, TWICE, PLAIN]
FILLER = ["neutral_plywood_screen"] * 3  # (corp cards)
GRIP = "backup_mirror"  # (a runner card)


WARDED = {"root": [{"card": "zz_r57_ward", "rezzed": True}]}  # a server with a rezzed ward in its root


# ---------------------------------------------------------------- 1. seven points win before the stolen damage


def test_stealing_the_seventh_point_wins_before_the_agenda_s_damage() -> None:
    """Seed 001: "如果任何時刻，一位玩家的分數區有七點議案分數，他立刻贏得游戲勝利" (at any moment): the steal that
    brings the seventh point wins before the agenda's when-stolen damage could flatline the runner."""
    corp = {"deck": FILLER, "servers": {"remote1": {"root": [{"card": "zz_r57_sore"}]}}}
    runner = {"hand": [GRIP], "clicks": 4, "score_area": ["zz_r57_plain", "zz_r57_plain"]}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp, runner=runner)
    g = r.game
    assert g.winner == "runner" and "7" in str(g.end_reason.fields["n"])
    assert events(r, "damage") == [] and events(r, "flatline") == []
    kinds = [e.kind for e in g.log]
    assert kinds.index("steal") < kinds.index("game_over") and "trigger" not in kinds[kinds.index("steal") :]


def test_a_steal_short_of_seven_still_deals_its_damage() -> None:
    corp = {"deck": FILLER, "servers": {"remote1": {"root": [{"card": "zz_r57_sore"}]}}}
    runner = {"hand": [GRIP] * 3, "clicks": 4}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp, runner=runner)
    assert r.game.winner is None and [e["amount"] for e in events(r, "damage")] == [2]


# ---------------------------------------------------------------- 2 and 3. triggers: labels by id; only live ones


def _approach_rnd(servers: dict[str, Any]) -> Any:
    """A run on R&D, played until the first decision after the runner approaches the server."""
    return play(RECORDS, ["run:rnd", "continue"], corp={"deck": FILLER, "servers": servers}, runner={"clicks": 4})


def test_two_live_triggers_are_ordered_by_their_id_labels() -> None:
    r = _approach_rnd({"rnd": {"root": [{"card": "zz_r57_ward", "rezzed": True}] * 2}})
    assert r.pending is not None and r.pending.kind == "order"
    labels = [o.label for o in r.pending.options]
    assert len(labels) == 2 and all(a.startswith("trigger:zz_r57_ward#") and a.endswith(":approach_server")
                                    for a in labels)  # fmt: skip
    r = play(RECORDS, ["run:rnd", "continue", labels[1]], corp={"deck": FILLER, "servers": {"rnd": {"root": [
        {"card": "zz_r57_ward", "rezzed": True}] * 2}}}, runner={"clicks": 4})  # fmt: skip
    assert len([t for t in events(r, "trigger") if t["source"].startswith("zz_r57")]) == 2 and [e["reason"] for e in events(r, "credits")] == ["ward", "ward"]


def test_a_trigger_whose_condition_does_not_hold_is_neither_offered_nor_logged() -> None:
    r = _approach_rnd({"rnd": WARDED, "archives": WARDED})
    assert r.pending is None or r.pending.kind != "order"  # one live trigger: nothing to order
    rnd_ward = r.game.servers["rnd"].root[0]
    assert [t["source"] for t in events(r, "trigger") if t["source"].startswith("zz_r57")] == [str(rnd_ward)]
    assert [e["reason"] for e in events(r, "credits")] == ["ward"]


# ---------------------------------------------------------------- 4. a scripted part as its printed paragraph


def test_a_scripted_ability_shows_its_printed_paragraph() -> None:
    r = play(RECORDS, [], runner={"rig": [{"card": "zz_r57_twice"}], "clicks": 4})
    shown = {o.label: str(o.text) for o in r.pending.options if o.label.startswith("use:zz_r57_twice")}
    texts = [t for label, t in sorted(shown.items())]
    assert len(texts) == 2 and "Take the small purse." in texts[0] and "Take the big purse." in texts[1]
    assert not any("card script" in t or "卡牌脚本" in t or "<strong>" in t for t in texts)


# ---------------------------------------------------------------- 5 and 6. the terminal: Archives, points


def test_the_terminal_names_archives_once_and_counts_points_in_the_singular() -> None:
    corp = {"deck": FILLER, "discard": ["neutral_plywood_screen"], "score_area": []}
    runner = {"score_area": [], "clicks": 4}
    r = play([*RECORDS, agenda("zz_r57_one", ["Worth one."], points=1, requirement=2)], [], corp=corp,
             runner={**runner, "score_area": ["zz_r57_one"]})  # fmt: skip
    lines = describe(r.game.view(1), "en", LogNames(r.game.records, "en"))
    archives = [line for line in lines if "Archives" in line]
    assert len(archives) == 1 and "contents:" in archives[0] and "unrezzed" not in archives[0]
    assert any("1 point," in line for line in lines) and any("0 points," in line for line in lines)


# ---------------------------------------------------------------- 7. placing is not advancing


def test_placing_advancement_counters_is_not_logged_as_advancing() -> None:
    corp = {"deck": FILLER, "clicks": 3, "servers": {"remote1": {"root": [{"card": "zz_r57_plain"}]}}}
    r = play(RECORDS, ["advance:zz_r57_plain"], corp=corp, active="corp")
    g = r.game
    target = g.servers["remote1"].root[0]
    assert len(events(r, "advancement")) == 1
    g.place_advancement(target, 2)
    assert len(events(r, "advancement")) == 1 and target.advancement == 3
    assert events(r, "counter")[-1]["change"] == 2


# ---------------------------------------------------------------- 8. coverage refuses what netrunner ignores


def test_netrunner_coverage_refuses_games_and_seed(cli: Any) -> None:
    result = cli("text", "coverage", "--game", "netrunner", "--games", "3", "--seed", "2", "--lang", "en")
    assert result.exit_code == 2
    message = (result.stderr or result.output).strip()
    assert len(message.splitlines()) == 1 and "--games, --seed" in message and "plays no games" in message
    assert "Traceback" not in result.output


# ---------------------------------------------------------------- 9. the scenario's set-up lines


def test_the_scenario_s_identity_lines_say_its_credits_and_deck() -> None:
    r = play(RECORDS, [], corp={"deck": FILLER[:2], "credits": 7}, runner={"credits": 0, "deck": []})
    lines = {e.data["side"]: e.data for e in r.game.log if e.kind == "identity"}
    assert (lines["corp"]["credits"], lines["corp"]["deck"]) == (7, 2)
    assert (lines["runner"]["credits"], lines["runner"]["deck"]) == (0, 0)


# ---------------------------------------------------------------- 10. the heuristic runner and damage


def test_the_heuristic_runner_draws_rather_than_run_into_damage_it_cannot_take() -> None:
    corp = {"identity": "jinteki_silent_garden", "deck": FILLER,
            "servers": {"rnd": {"ice": [{"card": "neutral_plywood_screen"}]}}}  # fmt: skip
    r = play(RECORDS, [], corp=corp, runner={"hand": [GRIP], "deck": [GRIP] * 3, "clicks": 4})
    g = r.game
    player = HeuristicRunner(__import__("random").Random(1))
    assert player.damage_risk(g, "rnd") >= 2 and player.damage_risk(g, "rnd") >= len(g.runner.hand)
    assert r.pending is not None
    choice = player.decide(g, r.pending)
    assert not choice.startswith("run:") and choice == "draw"
