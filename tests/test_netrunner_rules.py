"""Netrunner rules, one scenario each, quoting the line of seed 001 or the ruling it checks.

Every scenario is a position and decision labels (``dossier scenario run`` takes the
same data from a file). Cards made for a rule and not in the bundled pool are written
here (our own text), so each rule is checked on the smallest position that shows it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import NetrunnerGame, Stepper
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scenario import run_scenario
from toolkit.models import RECORD_ADAPTER
from toolkit.models.scenario import NetrunnerState, Scenario

from .conftest import CARDS

BASE = {"deck_limit": 3, "game": "netrunner", "influence": 0, "kind": "card", "set": "dossier_demo", "unique": False}


def _card(card_id: str, type_: str, text: list[str], **fields: Any) -> Any:
    faction = "neutral_runner" if type_ in ("program", "hardware", "resource", "event") else "neutral_corp"
    data = {
        **BASE,
        "id": card_id,
        "type": type_,
        "text": text,
        "faction": faction,
        "subtypes": [],
        "name": {"zh-Hans": card_id, "en": card_id},
        **fields,
    }
    return RECORD_ADAPTER.validate_python(data)


EXTRA = [
    _card("t_keeper", "resource", ["[trash]：防止 1 张你已安装的牌被销毁。"], cost=0),
    _card(
        "t_small_breaker",
        "program",
        ["1[credit]：破解 1 个屏障子进程。"],
        cost=0,
        memory_cost=1,
        strength=1,
        subtypes=["icebreaker", "fracter"],
    ),
    _card(
        "t_virus",
        "program",
        ["当你安装本牌时：在本牌上放置 3 个病毒指示物。", "[click]，移除本牌上 1 个病毒指示物：你获得 2[credit]。"],
        cost=1,
        memory_cost=1,
        subtypes=["virus"],
    ),
    _card(
        "t_counter_reader",
        "program",
        ["当潜袭成功时：本牌上每有 1 个病毒指示物，你获得 1[credit]。"],
        cost=0,
        memory_cost=1,
    ),
    _card("t_big_program", "program", [], cost=0, memory_cost=3),
    _card("t_console", "hardware", ["你的内存上限 +2[mu]。"], cost=0, subtypes=["console"]),
    _card("t_host", "hardware", ["[click]：你将 1 个程序安装在本牌上。"], cost=0),
    _card("t_stash", "hardware", ["本牌有 2 点循环信用点，只能用于支付破解器的能力。"], cost=0),
    _card(
        "t_breaker",
        "program",
        ["1[credit]：破解 1 个屏障子进程。"],
        cost=0,
        memory_cost=1,
        strength=5,
        subtypes=["icebreaker", "fracter"],
    ),
    _card("t_shield", "resource", ["[trash]：防止 2 点网域伤害。"], cost=0),
    _card("t_veil", "resource", ["[trash]：避免 1 个锁定标记。"], cost=0),
    _card("t_exit", "resource", ["[trash]：你退出潜袭。"], cost=0),
    _card(
        "t_wall",
        "ice",
        ["[subroutine] 终止潜袭。", "[subroutine] 终止潜袭。"],
        rez_cost=0,
        strength=1,
        subtypes=["barrier"],
    ),
    _card("t_net", "ice", ["[subroutine] 造成 2 点网域伤害。"], rez_cost=0, strength=9, subtypes=["sentry"]),
    _card(
        "t_tracer",
        "ice",
        ["[subroutine] 追踪[3]。如果追踪成功，潜袭者获得 1 个锁定标记。如果追踪失败，你获得 1[credit]。"],
        rez_cost=0,
        strength=9,
        subtypes=["sentry", "tracer"],
    ),
    _card("t_psi", "upgrade", ["当潜袭成功时：进行心灵博弈。如果双方出价不同，终止潜袭。"], rez_cost=0, trash_cost=9),
    _card(
        "t_trap",
        "asset",
        ["本牌可以被推进。", "当潜袭成功时：本牌上每有 1 个推进标记，造成 1 点网域伤害。"],
        rez_cost=0,
        trash_cost=9,
    ),
    _card(
        "t_battery",
        "asset",
        ["当你激活本牌时：在本牌上放置 2 个能量指示物。", "[click]，移除本牌上 1 个能量指示物：你获得 3[credit]。"],
        rez_cost=1,
        trash_cost=3,
    ),
    _card(
        "t_burden", "agenda", ["在潜袭者的分数区时：潜袭者的手牌上限 -1。"], advancement_requirement=3, agenda_points=1
    ),
    _card("t_purge", "operation", ["清除病毒指示物。"], cost=0),
    _card("t_wreck", "operation", ["销毁 1 个硬件。"], cost=0),
]
RECORDS = [*load_catalog([CARDS / "netrunner"]).records, *EXTRA]


def scenario_of(
    decisions: list[str],
    active: str = "runner",
    corp: dict[str, Any] | None = None,
    runner: dict[str, Any] | None = None,
    **extra: Any,
) -> Scenario:
    """A test position: Weyland Iron Ledger against Zero Weaver, 5 credits each, ``corp`` and ``runner`` over them."""
    data = {
        "game": "netrunner",
        "name": "test",
        "active": active,
        "corp": {"identity": "weyland_iron_ledger", "credits": 5, **(corp or {})},
        "runner": {"identity": "zero_weaver", "credits": 5, **(runner or {})},
        "decisions": decisions,
        **extra,
    }
    return Scenario.model_validate(data)


def scenario(
    decisions: list[str],
    active: str = "runner",
    corp: dict[str, Any] | None = None,
    runner: dict[str, Any] | None = None,
    **extra: Any,
) -> Any:
    return run_scenario(RECORDS, scenario_of(decisions, active, corp, runner, **extra))


def events(result: Any, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in result.game.log if e.kind == kind]


# ---------------------------------------------------------------- the run (N5)


def test_run_steps_in_order() -> None:
    """N5: initiation → approach (the corp may rez) → encounter → movement (pass, may jack out) → success → access."""
    r = scenario(
        ["run:hq", "rez:t_wall", "done"],
        corp={"servers": {"hq": {"ice": [{"card": "t_wall"}]}}, "hand": ["neutral_pilot_scheme"]},
        runner={"rig": [{"card": "t_breaker"}], "credits": 3},
    )
    kinds = [
        e.kind
        for e in r.game.log
        if e.kind
        in ("run", "approach", "rez", "encounter", "break", "subroutine", "pass", "run_successful", "access", "steal")
    ]
    # the runner let both subroutines fire: "终止潜袭" ends the run at the first
    assert kinds == ["run", "approach", "rez", "encounter", "subroutine"]
    assert events(r, "run_end")[-1]["successful"] is False


def test_breaking_subroutine_by_subroutine_paying_as_you_go() -> None:
    """N5: "break subroutines one at a time … paying as it goes": 1 credit breaks one of two subroutines."""
    r = scenario(
        ["run:hq", "break:t_breaker/0", "sub:2"],
        corp={"servers": {"hq": {"ice": [{"card": "t_wall", "rezzed": True}]}}},
        runner={"rig": [{"card": "t_breaker"}], "credits": 1},
    )
    breaks = events(r, "break")
    assert [(b["index"], b["by"].split("#")[0]) for b in breaks] == [(2, "t_breaker")]
    assert [s["index"] for s in events(r, "subroutine")] == [1]
    assert r.game.runner.credits == 0


def test_any_number_of_breakers_on_one_ice() -> None:
    """N5: "the runner breaks subroutines one at a time, with any number of breakers"."""
    r = scenario(["run:hq", "break:t_small_breaker/0", "sub:1", "break:t_breaker/0", "continue"],
                 corp={"servers": {"hq": {"ice": [{"card": "t_wall", "rezzed": True}]}}},
                 runner={"rig": [{"card": "t_small_breaker"}, {"card": "t_breaker"}], "credits": 2})
    assert [b["by"].split("#")[0] for b in events(r, "break")] == ["t_small_breaker", "t_breaker"]
    assert events(r, "run_end")[-1]["successful"] is True


def test_jacking_out_makes_the_run_unsuccessful() -> None:
    """N5 / seed: "在潜袭者突破所有保护…后，他将有最后一次机会退出": jacking out, nothing is accessed."""
    r = scenario(["run:rnd", "jack_out"], corp={"deck": ["neutral_pilot_scheme"]})
    assert events(r, "jack_out")[0]["jacked_out"] is True
    assert not events(r, "access") and not r.game.runner.score_area
    assert events(r, "run_end")[-1]["successful"] is False


def test_a_jack_out_text_is_a_paid_ability_of_the_run() -> None:
    """N5: the basic jack out is a movement choice; a paid ability that jacks out is offered in the run's paid-ability
    windows (here the approach's; an encounter's too: tests/test_run_timing_s63.py)."""
    r = scenario(
        ["run:rnd", "use:t_exit/0"], runner={"rig": [{"card": "t_exit"}]}, corp={"deck": ["neutral_pilot_scheme"]}
    )
    assert events(r, "jack_out")[0]["jacked_out"] is True and not events(r, "steal")


def test_assets_and_upgrades_rez_at_a_run_window() -> None:
    """Seed: "当一个资产或升级被安装后，公司几乎能在任何时刻支付激活费用来激活它": rezzed during the run."""
    r = scenario(
        ["run:remote1", "continue", "rez:t_battery", "leave"],
        corp={"servers": {"remote1": {"root": [{"card": "t_battery"}]}}},
    )
    assert events(r, "rez")[0]["card"].startswith("t_battery")
    assert r.game.view()["corp"]["servers"][-1]["root"][0]["counters"] == {"power": 2}


# ---------------------------------------------------------------- clicks, memory (N11)


def test_every_click_must_be_spent() -> None:
    """N11 / seed: "必须在他的行动阶段中花费他所有的时点": no option ends the phase while clicks are left."""
    game = NetrunnerGame(RECORDS, seed=1, policies={})
    stepper = Stepper(game, lambda: game.play_game(2)).start()
    seen = 0
    while stepper.pending is not None and seen < 200:
        d = stepper.pending
        if d.kind == "action" and game.player(game.active).clicks > 0:
            assert "end" not in d.labels()
        stepper.apply("credit" if "credit" in d.labels() else d.options[0].label)
        seen += 1
    assert game.turns == 2


def test_memory_is_rechecked_when_the_limit_drops() -> None:
    """N11 / seed: "他所安装程序的内存费用总和始终不能超过潜袭者的内存上限": a console trashed, programs go."""
    r = scenario(
        ["play:t_wreck", "t_big_program"],
        active="corp",
        corp={"hand": ["t_wreck"]},
        runner={"rig": [{"card": "t_console"}, {"card": "t_big_program"}, {"card": "t_big_program"}]},
    )
    game = r.game
    assert game.memory_used() == 3 <= game.memory_limit() < 6
    assert any(e["reason"] == "over the memory limit" for e in events(r, "trashed"))


# ---------------------------------------------------------------- counters, purge, hosting, recurring


def test_virus_counters_are_spent_and_purged() -> None:
    """N9: "virus counters stay until spent or purged; purging removes every virus counter"."""
    r = scenario(
        ["use:t_virus/1"],
        runner={"rig": [{"card": "t_virus", "counters": {"virus": 3}}], "clicks": 1},
        expect={"runner.rig.0.counters.virus": 2},
    )
    assert r.passed and r.game.runner.credits == 7
    r = scenario(
        ["purge"], active="corp", corp={"clicks": 3}, runner={"rig": [{"card": "t_virus", "counters": {"virus": 3}}]}
    )
    assert events(r, "purge")[0]["removed"] == 3 and r.game.view()["runner"]["rig"][0].get("counters", {}) == {}


def test_for_each_counter() -> None:
    """The ability language: 本牌上每有 1 个病毒指示物，… repeats for each counter."""
    r = scenario(["run:archives", "continue"], runner={"rig": [{"card": "t_counter_reader", "counters": {"virus": 2}}]})
    assert r.game.runner.credits == 7


def test_hosted_cards_leave_with_their_host() -> None:
    """N9: "cards hosted on it are trashed with it"."""
    r = scenario(
        ["play:t_wreck"],
        runner={"rig": [{"card": "t_host", "hosted": [{"card": "t_virus"}]}]},
        corp={"hand": ["t_wreck"]},
        active="corp",
    )
    heap = {c.id for c in r.game.runner.discard}
    assert heap == {"t_host", "t_virus"}


def test_installing_a_hosted_program() -> None:
    r = scenario(["use:t_host/0"], runner={"rig": [{"card": "t_host"}], "hand": ["t_virus"], "clicks": 1})
    assert events(r, "host")[0]["host"].startswith("t_host")
    assert r.game.view()["runner"]["rig"][0]["hosted"][0]["id"] == "t_virus"


def test_recurring_credits_pay_for_icebreakers_only_and_refill() -> None:
    """N10: "refilled to N at the start of its controller's turn; spent only on what the card says"."""
    r = scenario(
        ["run:hq", "break:t_breaker/0", "sub:1", "break:t_breaker/0", "continue"],
        corp={"servers": {"hq": {"ice": [{"card": "t_wall", "rezzed": True}]}}},
        runner={"rig": [{"card": "t_stash"}, {"card": "t_breaker"}], "credits": 0, "clicks": 1},
    )
    assert len(events(r, "break")) == 2 and r.game.runner.credits == 0
    stash = next(c for c in r.game.runner.rig if c.id == "t_stash")
    assert stash.recurring == 0
    r.game.begin_turn("runner")
    assert stash.recurring == 2


# ---------------------------------------------------------------- traces and psi games


@pytest.mark.parametrize(("corp_pays", "runner_pays", "tagged"), [(0, 0, True), (1, 4, False), (2, 4, True)])
def test_trace(corp_pays: int, runner_pays: int, tagged: bool) -> None:
    """N6: "the trace succeeds when the corp's strength is greater than the runner's link strength (a tie fails)"."""
    r = scenario(
        ["run:hq", f"pay:{corp_pays}", f"pay:{runner_pays}"],
        corp={"servers": {"hq": {"ice": [{"card": "t_tracer", "rezzed": True}]}}},
        runner={"credits": 10},
    )
    trace = events(r, "trace")[0]
    assert trace["strength"] == 3 + corp_pays and trace["link_strength"] == r.game.link() + runner_pays
    assert trace["successful"] is tagged and (r.game.runner.tags == 1) is tagged


def test_a_trace_takes_any_credits_a_side_can_pay() -> None:
    """N6: "the corp pays any credits, +1 strength each; then the runner pays any credits" (no cap at 50)."""
    position = {"corp": {"credits": 60, "servers": {"hq": {"ice": [{"card": "t_tracer", "rezzed": True}]}}},
                "runner": {"credits": 80}}  # fmt: skip
    r = scenario(["run:hq"], **position)  # type: ignore[arg-type]
    assert r.pending.kind == "trace_corp" and [o.label for o in r.pending.options][-1] == "pay:60"
    r = scenario(["run:hq", "pay:55"], **position)  # type: ignore[arg-type]
    assert r.pending.kind == "trace_runner" and [o.label for o in r.pending.options][-1] == "pay:80"
    r = scenario(["run:hq", "pay:55", "pay:58"], **position)  # type: ignore[arg-type]
    trace = events(r, "trace")[0]
    assert trace["strength"] == 3 + 55 and trace["link_strength"] == r.game.link() + 58 and not trace["successful"]


def test_psi_bids_are_hidden_until_both_are_made() -> None:
    """N7: "Neither side's choice is visible to the other before both have chosen"."""
    data = {
        "game": "netrunner",
        "name": "psi",
        "active": "runner",
        "corp": {"identity": "weyland_iron_ledger", "servers": {"hq": {"root": [{"card": "t_psi", "rezzed": True}]}}},
        "runner": {"identity": "zero_weaver"},
        "decisions": ["run:hq", "continue", "bid:2"],
    }
    r = run_scenario(RECORDS, Scenario.model_validate(data))
    pending = r.pending
    assert pending is not None and pending.kind == "psi" and pending.seat == 2
    runner_view = r.game.view(2)
    assert "psi" not in [e.kind for e in r.game.log.seen_by(2)]
    assert "bid" not in str(runner_view)


@pytest.mark.parametrize(("runner_bid", "ended"), [(2, False), (1, True)])
def test_psi_equal_or_different(runner_bid: int, ended: bool) -> None:
    r = scenario(
        ["run:hq", "continue", "bid:2", f"bid:{runner_bid}"],
        corp={"servers": {"hq": {"root": [{"card": "t_psi", "rezzed": True}]}}},
    )
    psi = events(r, "psi")[0]
    assert (psi["corp"], psi["runner"], psi["equal"]) == (2, runner_bid, runner_bid == 2)
    assert bool(events(r, "end_run") and events(r, "end_run")[-1]["ended"]) is ended


# ---------------------------------------------------------------- prevention (N12)


def test_damage_is_prevented_before_it_happens() -> None:
    """N12: "used in the window the event opens, before it happens; they reduce or cancel it"."""
    r = scenario(
        ["run:hq", "use:t_shield/0"],
        corp={"servers": {"hq": {"ice": [{"card": "t_net", "rezzed": True}]}}},
        runner={"rig": [{"card": "t_shield"}], "hand": ["t_virus"]},
    )
    assert events(r, "prevent")[0]["amount"] == 2 and not events(r, "damage")
    assert [c.id for c in r.game.runner.hand] == ["t_virus"]


def test_trashing_is_prevented() -> None:
    """N12: an effect that would trash an installed runner card opens the window first."""
    r = scenario(["play:t_wreck", "use:t_keeper/0"], active="corp", corp={"hand": ["t_wreck"]},
                 runner={"rig": [{"card": "t_console"}, {"card": "t_keeper"}]})
    assert [c.id for c in r.game.runner.rig] == ["t_console"]
    assert events(r, "prevent")[0]["what"] == "trash" and [c.id for c in r.game.runner.discard] == ["t_keeper"]


def test_tags_are_avoided() -> None:
    r = scenario(
        ["run:hq", "pay:0", "pay:0", "use:t_veil/0"],
        corp={"servers": {"hq": {"ice": [{"card": "t_tracer", "rezzed": True}]}}},
        runner={"rig": [{"card": "t_veil"}]},
    )
    assert r.game.runner.tags == 0 and events(r, "prevent")[0]["what"] == "tags"


# ---------------------------------------------------------------- Archives, advancing, agendas


def test_archives_face_down_cards_are_hidden_from_the_runner() -> None:
    """Seed: "公司也可以随时查看档案库中牌面朝下的卡牌，但潜袭者不能如此做"; accessed, they go back as they were
    ("将所有未被窃取或销毁的卡牌按照原状态放回"): face down."""
    r = scenario([], active="corp", corp={"discard": ["t_purge"], "discard_facedown": ["neutral_pilot_scheme"]})
    runner_view = r.game.view(2)["corp"]["archives"]
    assert [c["id"] for c in runner_view] == ["t_purge", None]
    assert [c["id"] for c in r.game.view(1)["corp"]["archives"]] == ["t_purge", "neutral_pilot_scheme"]
    r = scenario(["run:archives", "continue"], corp={"discard_facedown": ["t_purge"]})
    assert [c["faceup"] for c in r.game.view(2)["corp"]["archives"]] == [False]


def test_a_card_whose_text_allows_it_is_advanced_and_fires() -> None:
    """Seed: "其它类型的卡牌仅能在规则文字框说明允许下才能被推进…即使未激活也能被推进"."""
    r = scenario(
        ["advance:t_trap"], active="corp", corp={"clicks": 1, "servers": {"remote1": {"root": [{"card": "t_trap"}]}}}
    )
    assert r.game.servers["remote1"].root[0].advancement == 1
    r = scenario(
        ["run:remote1", "continue"],
        runner={"hand": ["t_virus", "t_virus", "t_virus"]},
        corp={"servers": {"remote1": {"root": [{"card": "t_trap", "rezzed": True, "counters": {"advancement": 2}}]}}},
    )
    assert sum(d["amount"] for d in events(r, "damage")) == 2


def test_agenda_text_in_the_runners_score_area() -> None:
    """An agenda that says so works from the runner's score area: 在潜袭者的分数区时：潜袭者的手牌上限 -1。"""
    r = scenario([], runner={"score_area": ["t_burden"]})
    assert r.game.hand_size("runner") == 4 and r.game.hand_size("corp") == 5


# ---------------------------------------------------------------- the mulligan (N8) and decisions as data


def test_mulligan_corp_then_runner_once_each() -> None:
    """N8 / seed: "公司可以选择执行一次重新调度…接着，潜袭者可以决定是否重新调度…他必须保留他第二次的手牌"."""
    game = NetrunnerGame(RECORDS, seed=3, policies={})
    stepper = Stepper(game, lambda: game.play_game(1)).start()
    first = stepper.pending
    assert first is not None and (first.kind, first.seat, first.labels()) == ("mulligan", 1, ["keep", "mulligan"])
    before = [c.uid for c in game.corp.hand]
    stepper.apply("mulligan")
    assert stepper.pending is not None and (stepper.pending.kind, stepper.pending.seat) == ("mulligan", 2)
    assert len(game.corp.hand) == 5 and [c.uid for c in game.corp.hand] != before
    stepper.apply("keep")
    assert [e.data["mulligan"] for e in game.log if e.kind == "mulligan"] == [True, False]


def test_a_game_is_its_seed_and_its_decisions() -> None:
    """DESIGN "Decisions as data": replaying the labels rebuilds the same state and log."""
    policies = {s: make_policy("heuristic", s, 5) for s in ("corp", "runner")}
    first = NetrunnerGame(RECORDS, seed=5, policies=policies)
    first.play_game(30)
    again = NetrunnerGame(RECORDS, seed=5, policies={})
    again.replay.extend(d["label"] for d in first.decisions)
    again.play_game(30)
    assert again.log.to_json() == first.log.to_json() and again.view() == first.view()


def test_the_state_matches_its_schema() -> None:
    policies = {s: make_policy("random", s, 2) for s in ("corp", "runner")}
    game = NetrunnerGame(RECORDS, seed=2, policies=policies)
    game.play_game(12)
    for seat in (None, 1, 2):
        NetrunnerState.model_validate(game.view(seat))


def test_a_label_that_is_not_an_option_names_the_options() -> None:
    with pytest.raises(EngineError, match=r"'run:nowhere' is not an option; options: .*run:hq"):
        scenario(["run:nowhere"])


def test_random_policy_is_seeded() -> None:
    def play(seed: int) -> list[Any]:
        game = NetrunnerGame(
            RECORDS, seed=seed, policies={s: make_policy("random", s, seed) for s in ("corp", "runner")}
        )
        game.play_game(20)
        return game.log.to_json()

    assert play(4) == play(4) != play(6)
    assert random.Random(1).random() == random.Random(1).random()


@pytest.mark.parametrize(
    ("text", "symbols"),
    [("[subroutine] 追踪[3]。", ["subroutine"]), ("追踪 [2]。", []), ("2[credit]：破解 1 个[bogus]。", ["credit", "bogus"])],
)
def test_a_trace_base_is_no_symbol_for_the_lint(text: str, symbols: list[str]) -> None:
    from validators.lint import SYMBOL_REF

    assert SYMBOL_REF.findall(text) == symbols
