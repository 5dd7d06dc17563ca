"""Stop 69's Netrunner rules fixes (found by a read-only sweep of the engine):

1. The runner had no paid-ability window in the corp's turn: a tagged runner holding a card that removes a tag was
   never asked before an operation's "if the runner is tagged" resolved. The published turn structure gives both
   players a window at the corp's draw phase, between its actions and in its discard phase; the runner is asked
   there (as the corp is in the runner's turn) only when it has a paid ability it can use.
2. "For each counter, do 1 damage" dealt N damages of 1: a prevention covered the first point only, a window opened
   per point. It is one event of N damage (N12); tags and credits gained likewise; other effects stay repeated.
3. ``dossier play netrunner``: the runner could undo a run after the machine corp chose not to rez inside it (it
   learned the corp would not rez). A pass inside a run is a machine decision that revealed something.
4. Archives: the cards accessed there were all left face up. Seed 001: "在潜袭者读取所有的卡牌后，将所有未被窃取或销毁的
   卡牌按照原状态放回" (once the runner has accessed every card, those not stolen or trashed go back as they were).
5. A boost was offered once every subroutine was broken (it does nothing then).
7. Scenarios laid out what the engine never makes: a card hosted on a card that cannot host it, advancement
   counters on a runner card, two regions in one server. Each is refused naming the card and the field.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import ROOT
from tests.scripts.kit import bundled, corp, events, play, runner
from tests.scripts.test_core_set import PARASITE
from toolkit.catalog import load_catalog
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scenario import ScenarioError
from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record
from toolkit.models import RECORD_ADAPTER

BASE = {"deck_limit": 3, "game": "netrunner", "influence": 0, "kind": "card", "set": "dossier_demo", "unique": False}


def _own(card_id: str, type_: str, text: list[str], **fields: Any) -> Any:
    """A card of our own, written in the ability language."""
    faction = "neutral_runner" if type_ in ("program", "hardware", "resource", "event") else "neutral_corp"
    data = {**BASE, "id": card_id, "type": type_, "text": text, "faction": faction, "subtypes": [],
            "name": {"zh-Hans": card_id, "en": card_id}, **fields}  # fmt: skip
    return RECORD_ADAPTER.validate_python(data)


NET_TRAP = _own("s69_net_trap", "asset", ["本牌可以被推进。", "当潜袭成功时：本牌上每有 1 个推进标记，造成 1 点网域伤害。"],
                rez_cost=0, trash_cost=9)  # fmt: skip
TAG_TRAP = _own("s69_tag_trap", "asset", ["本牌可以被推进。", "当潜袭成功时：本牌上每有 1 个推进标记，潜袭者获得 1 个锁定标记。"],
                rez_cost=0, trash_cost=9)  # fmt: skip
PAYOUT = _own(
    "s69_payout", "program", ["当潜袭成功时：本牌上每有 1 个病毒指示物，你获得 1[credit]。"], cost=0, memory_cost=1
)
READER = _own(
    "s69_reader", "program", ["当潜袭成功时：本牌上每有 1 个病毒指示物，你抽 1 张牌。"], cost=0, memory_cost=1
)
VEIL = _own("s69_veil", "resource", ["[trash]：避免 2 个锁定标记。"], cost=0)
HOST = _own("s69_host", "hardware", ["[click]：你将 1 个程序安装在本牌上。"], cost=0)
RECORDS = [*bundled(), NET_TRAP, TAG_TRAP, PAYOUT, READER, VEIL, HOST, PARASITE]

RUNNER, CORP = 2, 1


def _kinds(r: Any, seat: int) -> list[str]:
    return [d["kind"] for d in r.game.decisions if d["seat"] == seat]


# ---------------------------------------------------------------- 1. the runner's windows in the corp's turn

TAGGED = {"tags": 1, "hand": ["gray_rat", "shade_key", "light_fingers", "spark_of_insight", "night_shift_bonus"]}
STRIKE = {"credits": 10, "hand": ["weyland_orbital_strike", "weyland_cargo_dividend"]}


def _use(r: Any, card_id: str) -> str:
    return next(o.label for o in r.pending.options if o.label.startswith(f"use:{card_id}"))


def test_a_tagged_runner_removes_its_tag_between_the_corp_s_actions() -> None:
    """The sweep's repro: Orbital Strike-like ("if the runner is tagged, 4 meat damage") played by the corp's second
    click; the runner's card that trashes itself to remove a tag is offered after the corp's first action."""
    r = play(
        RECORDS, ["credit"], active="corp", corp=corp(**STRIKE), runner=runner(rig=[{"card": "hush_box"}], **TAGGED)
    )
    assert r.pending is not None and r.pending.seat == RUNNER and r.pending.kind == "paid"
    assert r.pending.labels()[-1] == "done" and any(o.startswith("use:hush_box") for o in r.pending.labels())
    use = _use(r, "hush_box")
    r = play(RECORDS, ["credit", use, "play:weyland_orbital_strike"], active="corp", corp=corp(**STRIKE),
             runner=runner(rig=[{"card": "hush_box"}], **TAGGED))  # fmt: skip
    assert r.game.runner.tags == 0 and not events(r, "damage") and len(r.game.runner.hand) == 5
    assert [e["holds"] for e in events(r, "condition")] == [False]


def test_the_runner_is_asked_nothing_when_it_has_nothing_to_use() -> None:
    """Without a card it can use there (none, or one that removes a tag while it has none), nothing is asked and
    nothing logged: games without such cards play as before."""
    for rig, tags in (([], 1), ([{"card": "hush_box"}], 0)):
        r = play(RECORDS, ["credit", "play:weyland_orbital_strike"], active="corp", corp=corp(**STRIKE),
                 runner=runner(rig=rig, **{**TAGGED, "tags": tags}))  # fmt: skip
        assert _kinds(r, RUNNER) == [] and r.pending is not None and r.pending.seat == CORP


def test_the_runner_s_windows_at_the_corp_s_turn_end_and_start() -> None:
    """After the corp's last action the window is its discard phase's (the corp's turn ends); the next corp turn's
    draw phase has one too (before the corp's turn-start abilities and its draw)."""
    side = runner(rig=[{"card": "hush_box"}], **TAGGED)
    r = play(RECORDS, ["credit"], active="corp", corp=corp(clicks=1, **STRIKE), runner=side)
    assert r.pending is not None and r.pending.seat == RUNNER and r.pending.kind == "paid"
    assert r.pending.prompt.message == "the corp's turn ends: use a paid ability?"
    r = play(RECORDS, ["credit", "done", "credit", "credit", "credit", "credit", "end"], active="corp",
             corp=corp(clicks=1, **STRIKE), runner=side)  # fmt: skip
    assert r.game.active == "corp" and r.pending is not None and r.pending.seat == RUNNER
    assert r.pending.prompt.message == "the corp's turn begins: use a paid ability?"
    assert r.game.turns == 3 and not events(r, "mandatory_draw")  # (before the corp's draw)
    assert _kinds(r, RUNNER).count("paid") == 1  # (the first window, passed; the second waits)


@pytest.mark.parametrize("player", ["heuristic", "random", "search:1"])
def test_the_machine_players_answer_the_runner_s_new_window(player: str) -> None:
    r = play(
        RECORDS, ["credit"], active="corp", corp=corp(**STRIKE), runner=runner(rig=[{"card": "hush_box"}], **TAGGED)
    )
    label = make_policy(player, "runner", 1).decide(r.game, r.pending)
    assert label in r.pending.labels()
    if player == "heuristic":
        assert label == "done"


# ---------------------------------------------------------------- 2. one event of the total


def test_damage_for_each_counter_is_one_event_that_one_prevention_covers() -> None:
    """N12: "do 1 net damage for each counter" with 2 counters is 2 net damage, once: "prevent 2 net damage" prevents
    it all, in one window."""
    servers = {"remote1": {"root": [{"card": "s69_net_trap", "rezzed": True, "counters": {"advancement": 2}}]}}
    side = runner(hand=["gray_rat", "shade_key", "light_fingers"], rig=[{"card": "grounding_mesh"}])
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers), runner=side)
    assert r.pending is not None and r.pending.kind == "prevent"
    assert r.pending.prompt.fields["n"] == 2
    r = play(RECORDS, ["run:remote1", "continue", _use(r, "grounding_mesh")], corp=corp(servers=servers), runner=side)
    assert not events(r, "damage") and len(r.game.runner.hand) == 3
    assert [e["amount"] for e in events(r, "prevent")] == [2]
    assert _kinds(r, RUNNER).count("prevent") == 1


def test_meat_damage_for_each_counter_is_one_damage_event() -> None:
    servers = {"remote1": {"root": [{"card": "weyland_tripmine_lot", "rezzed": True, "counters": {"advancement": 3}}]}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers),
             runner=runner(hand=["gray_rat", "shade_key", "light_fingers", "spark_of_insight"]))  # fmt: skip
    damage = events(r, "damage")
    assert [(e["damage"], e["amount"], len(e["trashed"])) for e in damage] == [("meat", 3, 3)]
    assert len(r.game.runner.hand) == 1


def test_tags_and_credits_for_each_counter_come_at_once() -> None:
    servers = {"remote1": {"root": [{"card": "s69_tag_trap", "rezzed": True, "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "s69_veil"}]))  # fmt: skip
    assert r.pending is not None and r.pending.kind == "prevent" and r.pending.prompt.fields["n"] == 2
    r = play(RECORDS, ["run:remote1", "continue", _use(r, "s69_veil")], corp=corp(servers=servers),
             runner=runner(rig=[{"card": "s69_veil"}]))  # fmt: skip
    assert r.game.runner.tags == 0 and not events(r, "tags")
    r = play(
        RECORDS, ["run:archives", "continue"], runner=runner(rig=[{"card": "s69_payout", "counters": {"virus": 3}}])
    )
    gained = [e for e in events(r, "credits") if e.get("amount") == 3]
    assert len(gained) == 1 and r.game.runner.credits == 5 + 3


def test_other_effects_for_each_counter_stay_repeated() -> None:
    """A draw for each counter is a draw each time (drawing is not one event of the total)."""
    r = play(
        RECORDS, ["run:archives", "continue"], runner=runner(rig=[{"card": "s69_reader", "counters": {"virus": 2}}])
    )
    assert len(events(r, "draw")) == 2 and len(r.game.runner.hand) == 2


# ---------------------------------------------------------------- 3. undo after the machine passed inside a run

NR_RECORDS = list(load_catalog([ROOT / "cards" / "netrunner"]).records)


def _session(seed: int) -> NetrunnerSession:
    record = new_record(NR_RECORDS, example_deck(NR_RECORDS, "zero_weaver"), "runner", seed)
    session = NetrunnerSession(NR_RECORDS, record, "runner", "heuristic")
    while session.pending is not None and session.pending.kind != "action":
        session.apply(session.pending.labels()[0])  # (the mulligan: kept)
    return session


def test_a_run_the_machine_corp_passed_a_rez_in_cannot_be_undone() -> None:
    """The sweep's repro: the runner runs R&D, the machine corp could rez a card there and does not; taking the run
    back would tell the runner the corp would not rez (and give it its click back)."""
    session = _session(59)
    start = len(session.game.decisions)
    session.apply("run:rnd")
    after = session.game.decisions[start + 1 :]
    assert after and all(d["seat"] == CORP and d["kind"] == "rez" and d["label"] == "done" for d in after)
    assert not session.undo() and session.refused == "machine"


def test_a_click_for_a_credit_with_the_corp_passing_between_actions_is_undone() -> None:
    """The exception kept: the machine corp's pass in its window between the runner's actions (outside a run)."""
    for seed in range(1, 80):
        session = _session(seed)
        start = len(session.game.decisions)
        session.apply("credit")
        after = session.game.decisions[start + 1 :]
        if after and all(d["seat"] == CORP and d["label"] == "done" for d in after):
            assert session.undo() and session.refused is None
            return
    pytest.fail("no seed with a corp pass between the runner's actions")


# ---------------------------------------------------------------- 4. Archives: back as they were


def test_cards_accessed_face_down_in_archives_stay_face_down() -> None:
    r = play(RECORDS, ["run:archives", "continue"],
             corp=corp(discard=["hb_quarterly_review"], discard_facedown=["weyland_cargo_dividend"]))  # fmt: skip
    assert r.pending is not None and r.pending.kind == "access"
    down = next(o for o in r.pending.options if o.label.startswith("facedown#"))  # (never its id or name)
    assert "cargo" not in str(down.text) and "cargo" not in down.label
    labels = r.pending.labels()
    r = play(RECORDS, ["run:archives", "continue", down.label],
             corp=corp(discard=["hb_quarterly_review"], discard_facedown=["weyland_cargo_dividend"]))  # fmt: skip
    faces = {c.id: c.faceup for c in r.game.corp.discard}
    assert faces == {"hb_quarterly_review": True, "weyland_cargo_dividend": False}
    assert len(events(r, "access")) == 2 and r.game.runner_knows(next(c for c in r.game.corp.discard if not c.faceup))
    seen = r.game.view(RUNNER)["corp"]["archives"]
    assert [c["id"] for c in seen] == ["hb_quarterly_review", None]
    assert len(labels) == 2


def test_a_face_down_agenda_in_archives_is_still_stolen() -> None:
    r = play(RECORDS, ["run:archives", "continue"], corp=corp(discard_facedown=["neutral_pilot_scheme"]))
    assert [c.id for c in r.game.runner.score_area] == ["neutral_pilot_scheme"]


def test_an_older_label_naming_an_archives_card_face_up_replays() -> None:
    """A game saved before named a card of Archives it turned face up by its id and the runner's number for it; the
    same card is now offered face down by that number: the label replays to it."""
    side = corp(discard_facedown=["weyland_cargo_dividend", "hb_quarterly_review"])
    r = play(RECORDS, ["run:archives", "continue"], corp=side)
    second = r.pending.options[1]
    old = f"{second.value.id}#{second.label.removeprefix('facedown#')}"
    again = play(RECORDS, ["run:archives", "continue", old], corp=side)
    first = next(e for e in events(again, "access"))
    assert first["card"].startswith(second.value.name)


# ---------------------------------------------------------------- 5. boosts once every subroutine is broken


def test_no_boost_once_every_subroutine_is_broken() -> None:
    side = runner(credits=10, rig=[{"card": "burner_dongle"}, {"card": "wildcard_key"}])
    ice = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp(credits=10, **ice), runner=side)
    assert any(o.startswith("boost:wildcard_key") for o in r.pending.labels())  # (strength 1 against 2)
    r = play(RECORDS, ["run:hq", next(o for o in r.pending.labels() if o.startswith("use:burner_dongle")
                                      or o.startswith("break:burner_dongle"))], corp=corp(credits=10, **ice),
             runner=side)  # fmt: skip
    assert events(r, "break") and not any(o.startswith("boost:") for o in (r.pending.labels() if r.pending else []))


# ---------------------------------------------------------------- 7. positions the engine never makes


def _refused(pointer: str, **sides: Any) -> str:
    with pytest.raises(ScenarioError) as caught:
        play(RECORDS, [], **sides)
    assert caught.value.pointer == pointer, str(caught.value)
    return str(caught.value)


def test_a_card_hosted_on_a_card_that_cannot_host_it_is_refused() -> None:
    said = _refused("/runner/rig/0/hosted/0", runner=runner(rig=[{"card": "signal_relay",
                                                                    "hosted": [{"card": "gray_rat"}]}]))  # fmt: skip
    assert "gray_rat" in said and "signal_relay" in said
    ice = [{"card": "neutral_plywood_screen", "rezzed": True, "hosted": [{"card": "blight_culture"}]}]
    _refused("/corp/servers/hq/ice/0/hosted/0", corp=corp(servers={"hq": {"ice": ice}}), runner=runner())
    # hosts the engine makes: a card whose text hosts programs, a program that goes only on rezzed ice
    play(RECORDS, [], runner=runner(rig=[{"card": "s69_host", "hosted": [{"card": "gray_rat"}]}]))
    ice = [{"card": "neutral_plywood_screen", "rezzed": True, "hosted": [{"card": "parasite"}]}]
    r = play(RECORDS, [], corp=corp(servers={"hq": {"ice": ice}}), runner=runner())
    assert [c.id for c in r.game.servers["hq"].ice[0].hosted] == ["parasite"]
    ice = [{"card": "neutral_plywood_screen", "hosted": [{"card": "parasite"}]}]  # (unrezzed: no)
    _refused("/corp/servers/hq/ice/0/hosted/0", corp=corp(servers={"hq": {"ice": ice}}), runner=runner())
    # a card whose text hosts programs hosts no hardware
    _refused("/runner/rig/0/hosted/0", runner=runner(rig=[{"card": "s69_host", "hosted": [{"card": "signal_relay"}]}]))


def test_advancement_counters_on_a_runner_card_are_refused() -> None:
    said = _refused("/runner/rig/0/counters/advancement",
                    runner=runner(rig=[{"card": "gray_rat", "counters": {"advancement": 3}}]))  # fmt: skip
    assert "gray_rat" in said
    servers = {"remote1": {"root": [{"card": "weyland_tripmine_lot", "counters": {"advancement": 3}}]}}
    play(RECORDS, [], corp=corp(servers=servers), runner=runner(rig=[{"card": "gray_rat", "counters": {"virus": 1}}]))


def test_two_regions_in_one_server_are_refused() -> None:
    root = [{"card": "jinteki_torii_grid"}, {"card": "nbn_relay_tower_grid"}]
    said = _refused("/corp/servers/hq/root/1", corp=corp(servers={"hq": {"root": root}}), runner=runner())
    assert "nbn_relay_tower_grid" in said and "jinteki_torii_grid" in said
    root = [{"card": "jinteki_torii_grid"}]
    play(
        RECORDS,
        [],
        corp=corp(servers={"hq": {"root": root}, "rnd": {"root": [{"card": "nbn_relay_tower_grid"}]}}),
        runner=runner(),
    )  # (one in each server)


def test_installing_a_region_trashes_the_region_there() -> None:
    """Limit 1 region per server, the engine's for every region (as 1 console per player): the region there is
    trashed as the new one is installed."""
    root = [{"card": "jinteki_torii_grid"}]
    r = play(RECORDS, ["install:nbn_relay_tower_grid@hq"], active="corp",
             corp=corp(hand=["nbn_relay_tower_grid"], servers={"hq": {"root": root}}))  # fmt: skip
    assert [c.id for c in r.game.servers["hq"].root] == ["nbn_relay_tower_grid"]
    assert [c.id for c in r.game.corp.discard] == ["jinteki_torii_grid"]
