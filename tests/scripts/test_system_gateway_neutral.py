"""The neutral System Gateway card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from .kit import bundled, card, events, play

REGOLITH = card(
    "regolith_mining_license",
    "asset",
    ["When this asset is rezzed, load 15[credit] onto it; once it holds none, trash it.",
     "[click]: Take 3[credit] from this asset."],  # fmt: skip
    rez_cost=2,
    trash_cost=3,
)
RED_TEAM = card(
    "red_team",
    "resource",
    ["When this resource is installed, load 12[credit] onto it; once it holds none, trash it.",
     "[click]: Run a central server not yet run this turn; on success take 3[credit] from this resource."],  # fmt: skip
    cost=5,
)
OVERCLOCK = card(
    "overclock",
    "event",
    ["Put 5[credit] on this event and run a server of your choice; those credits pay for anything in that run."],
    subtypes=["run"], cost=1,
)  # fmt: skip
RECORDS = [*bundled(), REGOLITH, RED_TEAM, OVERCLOCK]


def test_the_reading_counts_script_paragraphs_and_keeps_template_ones() -> None:
    assert REGOLITH.reading.status == "executable"
    assert REGOLITH.reading.scripted == [0] and REGOLITH.reading.read == [1]
    assert RED_TEAM.reading.scripted == [0, 1] and RED_TEAM.text == []


def test_a_loaded_asset_pays_out_and_is_trashed_when_empty() -> None:
    uses = ["use:regolith_mining_license/2"] * 5
    r = play(RECORDS, ["rez:regolith_mining_license", *uses], active="corp",
             corp={"clicks": 5, "credits": 2, "servers": {"remote1": {"root": [{"card": "regolith_mining_license"}]}}})
    g = r.game
    assert g.corp.credits == 15  # 2 - 2 (rez) + 5 x 3
    assert [c.id for c in g.corp.discard] == ["regolith_mining_license"]
    assert events(r, "emptied")


def test_red_team_runs_each_central_once_a_turn_and_takes_credits() -> None:
    r = play(RECORDS, ["install:red_team", "use:red_team/2", "hq", "continue"],
             runner={"hand": ["red_team"], "credits": 5, "clicks": 3})  # fmt: skip
    g = r.game
    red = next(c for c in g.runner.rig if c.id == "red_team")
    assert red.credits == 9 and g.runner.credits == 3  # 5 - 5 (install) + 3
    options = [o.label for o in r.pending.options] if r.pending else []
    assert "use:" + red.ref + "/2" in options
    r2 = play(RECORDS, ["install:red_team", "use:red_team/2", "hq", "continue", "use:red_team/2"],
              runner={"hand": ["red_team"], "credits": 5, "clicks": 3})  # fmt: skip
    assert "hq" not in [o.label for o in r2.pending.options]


def test_overclock_pays_for_breaking_with_its_own_credits() -> None:
    assert OVERCLOCK.reading.status == "executable"
    corp = {"hand": ["neutral_emergency_audit"], "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    r = play(RECORDS, ["play:overclock", "hq", "break:cog_key/0", "continue"], corp=corp,
             runner={"hand": ["overclock"], "rig": [{"card": "cog_key"}], "credits": 1})  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 0 and not g.in_play
    assert next(c for c in g.runner.discard if c.id == "overclock").credits == 0


VERBAL = card("verbal_plasticity", "resource", ["Your first draw action of each turn gets you 2 cards rather than 1."],
              subtypes=["genetics"], cost=3, unique=True)  # fmt: skip


def test_verbal_plasticity_doubles_the_first_draw_action_of_a_turn() -> None:
    assert VERBAL.reading.status == "executable"
    deck = ["overnight_takeout", "spark_of_insight", "light_fingers", "night_shift_bonus", "bench_night"]
    r = play([*RECORDS, VERBAL], ["draw", "draw"], runner={"rig": [{"card": "verbal_plasticity"}], "deck": deck})
    assert len(r.game.runner.hand) == 3 and len(r.game.runner.deck) == 2  # 2, then 1
    r = play([*RECORDS, VERBAL], ["draw", "install:verbal_plasticity", "draw"],
             runner={"hand": ["verbal_plasticity"], "deck": deck})  # fmt: skip
    assert len(r.game.runner.hand) == 2  # the first draw action came before it was installed
