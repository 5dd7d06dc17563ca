"""The System Update 2021 corp card scripts, each played through a scenario that checks what changes. The
fixtures' paragraphs are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, card_in, corp_card, ended, events, identity, ids, labels, play

ICE_WALL = card("ice_wall", "ice",
                ["The Corp may advance this ice, which is 1 stronger per advancement counter it carries.",
                 "[subroutine] End the run."],
                rez_cost=1, strength=1, subtypes=["barrier"], faction="weyland_consortium")  # fmt: skip
WRAPAROUND = card("wraparound", "ice",
                  ["Seven points stronger as long as no fracter is installed.", "[subroutine] End the run."],
                  rez_cost=2, strength=0, subtypes=["barrier"], faction="nbn")  # fmt: skip
LOTUS = card("lotus_field", "ice", ["No effect can bring its strength down.", "[subroutine] End the run."],
             rez_cost=5, strength=4, subtypes=["code_gate"], faction="jinteki")  # fmt: skip
POP_UP = card("pop_up_window", "ice",
              ["As the Runner meets this ice, the Corp takes 1[credit].",
               "[subroutine] The run is over unless the Runner hands over 1[credit]."],
              rez_cost=0, strength=0, subtypes=["code_gate", "advertisement"], faction="nbn")  # fmt: skip
TOLLBOOTH = card("tollbooth", "ice",
                 ["As the Runner meets this ice, it hands over 3[credit] when it has them; if not, the run is over.",
                  "[subroutine] End the run."],
                 rez_cost=8, strength=5, subtypes=["code_gate"], faction="nbn")  # fmt: skip
ELI = card("eli_1_0", "ice",
           ["A Runner-only option: giving up [click] breaks one subroutine here.",
            "[subroutine] End the run.", "[subroutine] End the run."],
           rez_cost=3, strength=4, subtypes=["barrier", "bioroid"], faction="haas_bioroid")  # fmt: skip
RAVANA = card("ravana_1_0", "ice",
              ["A Runner-only option: giving up [click] breaks one subroutine here.",
               "[subroutine] Fire one subroutine of some other rezzed bioroid ice.",
               "[subroutine] Fire one subroutine of some other rezzed bioroid ice."],
              rez_cost=3, strength=5, subtypes=["code_gate", "bioroid"], faction="haas_bioroid")  # fmt: skip
SWORDSMAN = card("swordsman", "ice",
                 ["AI programs have no way to break the subroutines here.",
                  "[subroutine] One installed AI program goes to the heap.", "[subroutine] Do 1 net damage."],
                 rez_cost=3, strength=2, subtypes=["sentry", "ap", "destroyer"], faction="jinteki")  # fmt: skip
HORTUM = card("hortum", "ice",
              ["Advanceable; carrying 3+ advancement counters, it cannot be broken by AI programs.",
               "[subroutine] The Corp takes 1[credit], or 4[credit] while it carries 3+ advancement counters.",
               "[subroutine] The run is over; carrying 3+ advancement counters, first fetch up to 2 R&D cards to HQ."],
              rez_cost=4, strength=4, subtypes=["code_gate"], faction="weyland_consortium")  # fmt: skip
RONIN = card("ronin", "asset",
             ["You can advance this asset.",
              "[click], [trash]: 3 net damage to the Runner, allowed once 4+ advancement counters sit here."],
             rez_cost=0, trash_cost=2, subtypes=["hostile"], faction="jinteki")  # fmt: skip
REVERSED = card("reversed_accounts", "asset",
                ["You can advance this asset.",
                 "[click], [trash]: The Runner is down 4[credit] per advancement counter that sat here."],
                rez_cost=0, trash_cost=3, subtypes=["hostile"], faction="nbn")  # fmt: skip
MARILYN = card("marilyn_campaign", "asset",
               ["Rezzing it loads 8[credit] onto it; once it holds none it goes to the trash.",
                "When your turn begins, take 2[credit] from this asset.",
                "Should it be trashed, the Corp may shuffle it into R&D rather than put it in Archives."],
               rez_cost=2, trash_cost=3, subtypes=["advertisement"], faction="haas_bioroid")  # fmt: skip
HOKUSAI = card("hokusai_grid", "upgrade",
               ["Each successful run on this server hurts the Runner for 1 net damage.",
                "A server holds one region at most."],
               rez_cost=2, trash_cost=4, subtypes=["region"], faction="jinteki")  # fmt: skip
MAGNET = card("magnet", "ice",
              ["Rezzing it, move onto it one installed program that sits on a piece of ice.",
               "Programs it hosts have no abilities and gain none.", "[subroutine] End the run."],
              rez_cost=3, strength=3, subtypes=["code_gate"], faction="haas_bioroid")  # fmt: skip
CRISIUM = card("crisium_grid", "upgrade",
               ["Nothing may declare a run on this server successful.", "A server holds one region at most."],
               rez_cost=3, trash_cost=5, subtypes=["region"], faction="weyland_consortium")  # fmt: skip
SANSAN = card("sansan_city_grid", "upgrade",
              ["Agendas in this root need one advancement counter fewer.", "A server holds one region at most."],
              rez_cost=6, trash_cost=5, subtypes=["region"], faction="nbn")  # fmt: skip
SNARE = card("snare", "asset",
             ["Accessed in R&D, it is shown to both players.",
              "Accessed outside Archives, it lets the Corp spend 4[credit] for 1 tag plus 3 net damage to the Runner."],
             rez_cost=0, trash_cost=0, subtypes=["ambush"], faction="jinteki")  # fmt: skip
HOUSE = card("house_of_knives", "agenda",
             ["When you score this agenda, place 3 agenda counters on it.",
              "Spend an agenda counter here: 1 net damage; in a run only, and once per run."],
             agenda_points=1, advancement_requirement=3, subtypes=["security"], faction="jinteki")  # fmt: skip
LICENSE = card("license_acquisition", "agenda",
               ["On scoring, you may put an asset or upgrade from HQ or Archives into play, rezzed, free of any cost."],
               agenda_points=1, advancement_requirement=3, subtypes=["expansion"], faction="nbn")  # fmt: skip
ATLAS = card("project_atlas", "agenda",
             ["On scoring, it gets an agenda counter per advancement counter beyond the third.",
              "Spend an agenda counter here: fetch any R&D card, show it, put it in HQ."],
             agenda_points=2, advancement_requirement=3, subtypes=["research"], faction="weyland_consortium")  # fmt: skip
VITRUVIUS = card("project_vitruvius", "agenda",
                 ["On scoring, it gets an agenda counter per advancement counter beyond the third.",
                  "Spend an agenda counter here: bring one Archives card back to HQ."],
                 agenda_points=2, advancement_requirement=3, subtypes=["research"], faction="haas_bioroid")  # fmt: skip
ARCHIVED = card("archived_memories", "operation", ["Bring one Archives card back to HQ."],
                cost=0, faction="haas_bioroid")  # fmt: skip
CELEBRITY = card("celebrity_gift", "operation",
                 ["Playing it takes one more [click].", "Show as many as 5 HQ cards; 2[credit] per card shown."],
                 cost=3, subtypes=["double"], faction="jinteki")  # fmt: skip
PSYCHOGRAPHICS = card("psychographics", "operation",
                      ["X may not exceed the number of tags on the Runner.",
                       "X advancement counters onto one installed card that may be advanced."],
                      cost=None, faction="nbn")  # fmt: skip
TRICK = card("trick_of_light", "operation",
             ["Pick an installed card that may be advanced; shift as many as 2 advancement counters onto it from "
              "one other card."],
             cost=1, faction="jinteki")  # fmt: skip
PUNITIVE = card("punitive_counterstrike", "operation",
                ["Trace at 5; on success, meat damage equal to the printed points of the agendas stolen in the "
                 "Runner's previous turn."],
                cost=3, subtypes=["black_ops"], faction="weyland_consortium")  # fmt: skip
SUBLIMINAL = card("subliminal_messaging", "operation",
                  ["Gain 1[credit].", "Your first copy of it played in a turn also hands you [click].",
                   "At your turn's start, from Archives, if the Runner made no run last turn, it may come back to HQ."],
                  cost=0, subtypes=["gray_ops"])  # fmt: skip
ARCHITECTS = identity("haas_bioroid_architects_of_tomorrow", "corp",
                      ["Once a turn, as the Runner gets past a rezzed bioroid ice, you may rez a bioroid card for "
                       "4[credit] less."],
                      faction="haas_bioroid", subtypes=["megacorp"], influence_limit=12)  # fmt: skip
EVOLUTION = identity("jinteki_personal_evolution", "corp", ["Each agenda scored or stolen: 1 net damage."],
                     faction="jinteki", subtypes=["megacorp"])  # fmt: skip
NEAR_EARTH = identity("near_earth_hub_broadcast_center", "corp",
                      ["Your first new remote server in a turn also draws you a card."],
                      faction="nbn", subtypes=["division"], influence_limit=17)  # fmt: skip
BETTER_WORLD = identity("weyland_consortium_building_a_better_world", "corp",
                        ["Each transaction operation you play: 1[credit] for you."],
                        faction="weyland_consortium", subtypes=["megacorp"])  # fmt: skip
ARCHER = card("archer", "ice",
              ["Rezzing it also costs you one of your scored agendas, forfeited.", "[subroutine] Gain 2[credit].",
               "[subroutine] Trash 1 installed program.", "[subroutine] Trash 1 installed program.",
               "[subroutine] End the run."],
              rez_cost=4, strength=6, subtypes=["sentry", "destroyer"], faction="weyland_consortium")  # fmt: skip
TOWN = card("corporate_town", "asset",
            ["Rezzing it also costs you one of your scored agendas, forfeited.",
             "As your turn begins you may bin one installed resource, and nothing can stop that."],
            rez_cost=1, trash_cost=5, faction="weyland_consortium")  # fmt: skip
TROUBLESHOOTER = card("corporate_troubleshooter", "upgrade",
                      ["Pay X[credit] and bin this upgrade: one rezzed ice guarding this server is X stronger until "
                       "the turn is over."],
                      rez_cost=0, trash_cost=2, faction="haas_bioroid")  # fmt: skip
BEALE = card("project_beale", "agenda",
             ["On scoring, one agenda counter here per 2 advancement counters beyond the third.",
              "Each agenda counter here adds an agenda point to its worth."],
             agenda_points=2, advancement_requirement=3, subtypes=["research"], faction="nbn")  # fmt: skip
AI_BREAKER = card("su21_test_ai_breaker", "program",
                  ["1[credit]: Break 1 sentry subroutine.", "1[credit]: Break 1 code gate subroutine.",
                   "1[credit]: +1 strength."],
                  cost=1, memory_cost=1, strength=5, subtypes=["icebreaker", "ai"])  # fmt: skip
AI_PROGRAM = card("su21_test_ai_program", "program", ["An AI program with no text of interest."],
                  cost=1, memory_cost=1, subtypes=["icebreaker", "ai"])  # fmt: skip

FULL = [ICE_WALL, WRAPAROUND, LOTUS, POP_UP, TOLLBOOTH, ELI, RAVANA, RONIN, REVERSED, MARILYN, HOKUSAI, SNARE,
        HOUSE, LICENSE, ATLAS, VITRUVIUS, ARCHIVED, CELEBRITY, PSYCHOGRAPHICS, TRICK, PUNITIVE, ARCHITECTS,
        EVOLUTION, NEAR_EARTH, BETTER_WORLD, ARCHER, TOWN, TROUBLESHOOTER, SWORDSMAN, HORTUM, SANSAN, BEALE,
        MAGNET, SUBLIMINAL, CRISIUM]  # fmt: skip
PARTIAL: list[Any] = []
RECORDS = [*bundled(), *FULL, *PARTIAL, AI_PROGRAM, AI_BREAKER]
GRIP = ["light_fingers", "overnight_takeout", "spark_of_insight", "bench_night", "bin_diving"]


def test_the_readings() -> None:
    for fixture in FULL:
        assert fixture.reading.status == "executable", fixture.id
    assert ICE_WALL.reading.scripted == [0] and ICE_WALL.reading.read == [1]
    assert ELI.reading.read == [1, 2] and RONIN.reading.read == [0] and MARILYN.reading.read == [1]
    assert HOUSE.reading.read == [0] and HOUSE.reading.scripted == [1]
    for fixture in PARTIAL:
        assert fixture.reading.status == "partial", fixture.id
    assert SWORDSMAN.reading.scripted == [0, 1] and SWORDSMAN.reading.read == [2]
    assert HORTUM.reading.scripted == [0, 1, 2] and CRISIUM.reading.scripted == [0, 1]
    assert SANSAN.reading.scripted == [0, 1] and BEALE.reading.scripted == [0, 1]
    assert SUBLIMINAL.reading.read == [0] and SUBLIMINAL.reading.scripted == [1, 2]
    assert ARCHER.reading.scripted == [0] and ARCHER.reading.read == [1, 2, 3, 4]
    assert TOWN.reading.scripted == [0, 1] and TROUBLESHOOTER.reading.scripted == [0]


# ---------------------------------------------------------------- ice


def test_ice_wall_is_advanced_and_grows() -> None:
    corp = {"clicks": 3, "credits": 5, "servers": {"hq": {"ice": [{"card": "ice_wall", "rezzed": True}]}}}
    r = play(RECORDS, ["advance:ice_wall", "advance:ice_wall"], corp=corp, active="corp")
    wall = corp_card(r, "ice_wall")
    assert wall.advancement == 2 and r.game.strength_of(wall) == 3
    assert r.game.corp.credits == 3 and r.game.corp.clicks == 1


def test_wraparound_is_strong_until_a_fracter_is_installed() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "wraparound", "rezzed": True}]}}}
    r = play(RECORDS, ["install:rockbit_drill"], corp=corp, runner={"hand": ["rockbit_drill"]})
    wrap = corp_card(r, "wraparound")
    assert card_in(r, r.game.runner.rig, "rockbit_drill") is not None
    assert r.game.strength_of(wrap) == 0
    r.game.runner.rig.clear()
    assert r.game.strength_of(wrap) == 7


def test_lotus_field_keeps_its_strength() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "lotus_field", "rezzed": True}]}}}
    r = play(RECORDS, [], corp=corp)
    lotus = corp_card(r, "lotus_field")
    lotus.strength_bonus = -3  # what a runner card lowering its strength does
    assert r.game.strength_of(lotus) == 4
    lotus.strength_bonus = 2
    assert r.game.strength_of(lotus) == 6


def test_pop_up_window_pays_the_corp_and_asks_the_runner() -> None:
    corp = {"credits": 5, "servers": {"hq": {"ice": [{"card": "pop_up_window", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "pay", "continue"], corp=corp, runner={"credits": 3})
    assert r.game.corp.credits == 6 and r.game.runner.credits == 2 and not ended(r)
    r2 = play(RECORDS, ["run:hq", "end_run"], corp=corp, runner={"credits": 3})
    assert r2.game.corp.credits == 6 and r2.game.runner.credits == 3 and ended(r2)
    r3 = play(RECORDS, ["run:hq"], corp=corp, runner={"credits": 0})
    assert ended(r3)  # nothing to pay with: the run ends without a question


def test_tollbooth_takes_3_credits_or_ends_the_run() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "tollbooth", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"credits": 5})
    assert r.game.runner.credits == 2
    assert ended(r)  # then its subroutine fires: the runner has no breaker
    r2 = play(RECORDS, ["run:hq"], corp=corp, runner={"credits": 2})
    assert r2.game.runner.credits == 2 and ended(r2)
    assert not events(r2, "subroutine")  # the run ended on the encounter, before any subroutine


def test_eli_subroutines_broken_with_clicks() -> None:
    corp = {"hand": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "eli_1_0", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "yes", "sub:1", "yes", "continue"], corp=corp)
    assert r.game.runner.clicks == 1 and not ended(r)  # 4 - 1 (run) - 2
    assert len(events(r, "break")) == 2 and events(r, "access")
    r2 = play(RECORDS, ["run:hq", "yes", "sub:2", "no"], corp=corp)
    assert r2.game.runner.clicks == 2 and ended(r2)


def test_ravana_fires_subroutines_of_another_bioroid() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "ravana_1_0", "rezzed": True}]},
                        "rnd": {"ice": [{"card": "hb_warden_unit", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "no", "sub:1", "sub:2"], corp=corp)
    assert r.game.runner.clicks == 2  # 4 - 1 (run) - 1 (the warden's first subroutine)
    assert ended(r)
    r2 = play(RECORDS, ["run:hq", "no"], corp={"servers": {"hq": {"ice": [{"card": "ravana_1_0", "rezzed": True}]}}})
    assert not ended(r2) and len(events(r2, "subroutine_failed")) == 2


def test_swordsman_trashes_an_ai_program() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "swordsman", "rezzed": True}]}}}
    runner = {"hand": GRIP, "rig": [{"card": "su21_test_ai_program"}, {"card": "sleeve_blade"}]}
    r = play(RECORDS, ["run:hq", "done"], corp=corp, runner=runner)
    g = r.game
    assert ids(g.runner.rig) == ["sleeve_blade"]
    assert "su21_test_ai_program" in ids(g.runner.discard) and len(g.runner.hand) == 4


def test_hortum_pays_more_and_searches_with_3_counters() -> None:
    deck = ["nbn_static_veil", "hb_lattice_gate", "neutral_records_vault"]
    corp = {"credits": 5, "deck": deck,
            "servers": {"hq": {"ice": [{"card": "hortum", "rezzed": True, "counters": {"advancement": 3}}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "hb_lattice_gate", "neutral_records_vault"], corp=corp)
    g = r.game
    assert g.corp.credits == 9 and ended(r)
    assert sorted(ids(g.corp.hand)) == ["hb_lattice_gate", "neutral_records_vault"] and ids(g.corp.deck) == deck[:1]
    corp["servers"] = {"hq": {"ice": [{"card": "hortum", "rezzed": True}]}}
    r2 = play(RECORDS, ["run:hq"], corp=corp)
    assert r2.game.corp.credits == 6 and ended(r2) and not r2.game.corp.hand


# ---------------------------------------------------------------- assets and upgrades


def test_ronin_needs_4_counters() -> None:
    def corp(n: int) -> dict[str, Any]:
        placed = {"card": "ronin", "rezzed": True, "counters": {"advancement": n}}
        return {"clicks": 3, "deck": ["hb_quarterly_review"], "servers": {"remote1": {"root": [placed]}}}

    r = play(RECORDS, ["use:ronin/1"], corp=corp(4), runner={"hand": GRIP}, active="corp")
    g = r.game
    assert len(g.runner.hand) == 2 and len(g.runner.discard) == 3
    assert ids(g.corp.discard) == ["ronin"] and g.corp.clicks == 2
    r2 = play(RECORDS, [], corp=corp(3), runner={"hand": GRIP}, active="corp")
    assert not [o for o in labels(r2) if o.startswith("use:ronin")]


def test_reversed_accounts_drains_4_per_counter() -> None:
    placed = {"card": "reversed_accounts", "rezzed": True, "counters": {"advancement": 2}}
    corp = {"clicks": 3, "deck": ["hb_quarterly_review"], "servers": {"remote1": {"root": [placed]}}}
    r = play(RECORDS, ["use:reversed_accounts/1"], corp=corp, runner={"credits": 10}, active="corp")
    g = r.game
    assert g.runner.credits == 2 and ids(g.corp.discard) == ["reversed_accounts"] and g.corp.clicks == 2


def test_marilyn_campaign_may_go_back_into_rnd() -> None:
    corp = {"clicks": 1, "credits": 5, "servers": {"remote1": {"root": [{"card": "marilyn_campaign"}]}}}
    decisions = ["rez:marilyn_campaign", "run:remote1", "continue", "trash:marilyn_campaign", "yes"]
    r = play(RECORDS, decisions, corp=corp, runner={"credits": 5}, active="corp")
    g = r.game
    assert ids(g.corp.deck) == ["marilyn_campaign"] and not g.corp.discard
    assert g.runner.credits == 2 and g.corp.credits == 4  # 5 - 2 (rez) + 1


def test_marilyn_campaign_is_loaded_and_stays_in_archives_when_trashed_unrezzed() -> None:
    corp = {"clicks": 1, "credits": 5, "servers": {"remote1": {"root": [{"card": "marilyn_campaign"}]}}}
    r = play(RECORDS, ["rez:marilyn_campaign"], corp=corp, active="corp")
    assert corp_card(r, "marilyn_campaign").credits == 8
    corp = {"clicks": 1, "hand": ["marilyn_campaign"]}
    decisions = ["install:marilyn_campaign@new", "end", "run:remote1", "continue", "done", "trash:marilyn_campaign"]
    r2 = play(RECORDS, decisions, corp=corp, runner={"credits": 5}, active="corp")
    assert ids(r2.game.corp.discard) == ["marilyn_campaign"]  # never rezzed: no shuffling back
    assert r2.pending is None or r2.pending.kind != "optional"


def test_hokusai_grid_hurts_and_keeps_one_region() -> None:
    grid: dict[str, Any] = {"servers": {"remote1": {"root": [{"card": "hokusai_grid", "rezzed": True}]}}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=grid, runner={"hand": GRIP})
    assert len(r.game.runner.hand) == 4 and len(r.game.runner.discard) == 1
    corp = {**grid, "clicks": 2, "hand": ["crisium_grid", "sansan_city_grid"]}
    r2 = play(RECORDS, ["install:crisium_grid@remote1"], corp=corp, active="corp")
    g = r2.game
    assert ids(g.servers["remote1"].root) == ["crisium_grid"] and ids(g.corp.discard) == ["hokusai_grid"]
    r3 = play(RECORDS, ["install:crisium_grid@remote1", "install:sansan_city_grid@remote1"], corp=corp, active="corp")
    assert ids(r3.game.servers["remote1"].root) == ["sansan_city_grid"]
    assert not r3.game.corp.discard[-1].faceup  # the unrezzed region goes face down


def test_snare_in_rnd_tags_and_hurts() -> None:
    corp = {"credits": 5, "deck": ["snare"]}
    r = play(RECORDS, ["run:rnd", "continue", "yes"], corp=corp, runner={"hand": GRIP})
    g = r.game
    assert g.corp.credits == 1 and g.runner.tags == 1 and len(g.runner.hand) == 2
    assert events(r, "reveal")
    r2 = play(RECORDS, ["run:archives", "continue"], corp={"discard": ["snare"]}, runner={"hand": GRIP})
    assert r2.game.runner.tags == 0 and len(r2.game.runner.hand) == 5
    r3 = play(RECORDS, ["run:hq", "continue"], corp={"credits": 2, "hand": ["snare"]}, runner={"hand": GRIP})
    assert r3.game.runner.tags == 0 and r3.pending.kind != "optional"  # 3 credits (2 + 1 from the identity)


def test_snare_quotes_the_paragraph_that_lets_the_corp_pay() -> None:
    """Snare!'s one trigger does both paragraphs; its log line quoted the R&D reveal's paragraph on an access in
    HQ, where only the paying paragraph applies."""
    r = play(RECORDS, ["run:hq", "continue", "yes"], corp={"credits": 5, "hand": ["snare"]}, runner={"hand": GRIP})
    assert r.game.runner.tags == 1
    texts = [e["text"] for e in events(r, "trigger") if e["source"].startswith("snare#")]
    assert texts == ["Accessed outside Archives, it lets the Corp spend 4[credit] for 1 tag plus 3 net damage to the "
                     "Runner."]  # fmt: skip


# ---------------------------------------------------------------- agendas


def test_house_of_knives_once_per_run() -> None:
    placed = {"card": "house_of_knives", "counters": {"advancement": 3}}
    corp = {"identity": "hb_mirror_foundry", "clicks": 0, "credits": 0,
            "servers": {"remote1": {"root": [placed]}, "hq": {"ice": [{"card": "nbn_static_veil"}]}}}  # fmt: skip
    # a corp window as the ice is approached, another after it is passed: the second one offers nothing
    decisions = ["score:house_of_knives", "run:hq", "use:house_of_knives/1", "continue"]
    r = play(RECORDS, decisions, corp=corp, runner={"hand": GRIP}, active="corp")
    g = r.game
    knives = card_in(r, g.corp.score_area, "house_of_knives")
    assert knives.counters["agenda"] == 2 and len(g.runner.hand) == 4
    assert r.pending.kind == "action" and r.pending.seat == 2  # the run is over: the runner's next action
    r2 = play(RECORDS, [*decisions, "run:hq", "use:house_of_knives/1", "continue"], corp=corp, runner={"hand": GRIP},
              active="corp")  # fmt: skip
    assert card_in(r2, r2.game.corp.score_area, "house_of_knives").counters["agenda"] == 1
    assert len(r2.game.runner.hand) == 3


def test_license_acquisition_installs_and_rezzes_for_free() -> None:
    placed = {"card": "license_acquisition", "counters": {"advancement": 3}}
    corp = {"clicks": 1, "credits": 0, "deck": ["hb_quarterly_review"], "discard": ["hb_chief_engineer_okafor"],
            "servers": {"remote1": {"root": [placed]}}}  # fmt: skip
    r = play(RECORDS, ["score:license_acquisition", "hb_chief_engineer_okafor"], corp=corp, active="corp")
    g = r.game
    okafor = corp_card(r, "hb_chief_engineer_okafor")
    assert okafor.rezzed and g.corp.credits == 0 and not g.corp.discard
    assert ids(g.corp.score_area) == ["license_acquisition"]


def test_project_atlas_counts_counters_past_3_and_searches() -> None:
    # an agenda that can be scored is not advanced further: a card placing counters takes it past 3
    placed = {"card": "project_atlas", "counters": {"advancement": 3}}
    corp = {"clicks": 3, "credits": 5, "hand": ["hb_calibration_cycle"],
            "deck": ["hb_quarterly_review", "neutral_records_vault", "nbn_static_veil"],
            "servers": {"remote1": {"root": [placed]}}}  # fmt: skip
    decisions = ["play:hb_calibration_cycle", "score:project_atlas", "use:project_atlas/1", "nbn_static_veil"]
    r = play(RECORDS, decisions, corp=corp, active="corp")
    g = r.game
    atlas = card_in(r, g.corp.score_area, "project_atlas")
    assert atlas.counters.get("agenda") == 1  # 5 advancement counters: 2 agenda counters, 1 spent
    assert ids(g.corp.hand) == ["nbn_static_veil"] and len(g.corp.deck) == 2
    assert [e["card"] for e in events(r, "search")] == [str(g.corp.hand[0])]  # seen by both players


def test_project_vitruvius_brings_back_archives_cards() -> None:
    placed = {"card": "project_vitruvius", "counters": {"advancement": 3}}
    corp = {"clicks": 3, "hand": ["hb_calibration_cycle"], "deck": ["hb_quarterly_review"],
            "discard": ["neutral_records_vault", "nbn_static_veil"], "servers": {"remote1": {"root": [placed]}}}  # fmt: skip
    decisions = ["play:hb_calibration_cycle", "score:project_vitruvius", "use:project_vitruvius/1", "nbn_static_veil",
                 "use:project_vitruvius/1", "neutral_records_vault"]  # fmt: skip
    r = play(RECORDS, decisions, corp=corp, active="corp")
    g = r.game
    vitruvius = card_in(r, g.corp.score_area, "project_vitruvius")
    assert not vitruvius.counters.get("agenda") and ids(g.corp.discard) == ["hb_calibration_cycle"]
    assert sorted(ids(g.corp.hand)) == ["nbn_static_veil", "neutral_records_vault"]
    assert not [o for o in labels(r) if o.startswith("use:project_vitruvius")]
    r2 = play(RECORDS, ["score:project_vitruvius"], corp=corp, active="corp")
    assert not card_in(r2, r2.game.corp.score_area, "project_vitruvius").counters  # exactly 3: no counter


# ---------------------------------------------------------------- operations


def test_archived_memories_returns_a_facedown_card_unseen() -> None:
    corp = {"hand": ["archived_memories"], "discard_facedown": ["hb_quarterly_review", "nbn_static_veil"],
            "deck": ["neutral_records_vault"]}  # fmt: skip
    r = play(RECORDS, ["play:archived_memories", "nbn_static_veil"], corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.hand) == ["nbn_static_veil"]
    assert ids(g.corp.discard) == ["hb_quarterly_review", "archived_memories"]
    moved = [e for e in g.log if e.kind == "move"]
    assert moved and moved[0].visible == (1,) and events(r, "move_facedown")


def test_celebrity_gift_costs_a_click_more_and_pays_per_card_shown() -> None:
    hand = ["celebrity_gift", "hb_quarterly_review", "nbn_static_veil", "neutral_records_vault"]
    corp = {"clicks": 3, "credits": 5, "hand": hand, "deck": ["hb_lattice_gate"]}
    decisions = ["play:celebrity_gift", "hb_quarterly_review", "nbn_static_veil", "done"]
    r = play(RECORDS, decisions, corp=corp, active="corp")
    g = r.game
    assert g.corp.credits == 6 and g.corp.clicks == 1  # 5 - 3 + 2 x 2; 3 - 1 - 1
    assert len(events(r, "reveal")) == 2 and len(g.corp.hand) == 3
    r2 = play(RECORDS, [], corp={**corp, "clicks": 1}, active="corp")
    assert not [o for o in labels(r2) if o.startswith("play:celebrity_gift")]


def test_psychographics_places_x_counters_up_to_the_tags() -> None:
    corp = {"credits": 5, "hand": ["psychographics"], "deck": ["hb_lattice_gate"],
            "servers": {"remote1": {"root": [{"card": "hb_cortex_mapping"}]}}}  # fmt: skip
    r = play(RECORDS, ["play:psychographics", "x:2"], corp=corp, runner={"tags": 2}, active="corp")
    g = r.game
    assert corp_card(r, "hb_cortex_mapping").advancement == 2 and g.corp.credits == 3
    r2 = play(RECORDS, ["play:psychographics"], corp=corp, runner={"tags": 3}, active="corp")
    assert [o.label for o in r2.pending.options] == ["x:3", "x:2", "x:1", "x:0"]


def test_trick_of_light_moves_2_counters() -> None:
    corp = {"credits": 5, "hand": ["trick_of_light"], "deck": ["hb_lattice_gate"],
            "servers": {"remote1": {"root": [{"card": "hb_cortex_mapping"}]},
                        "remote2": {"root": [{"card": "weyland_tripmine_lot", "counters": {"advancement": 3}}]}}}  # fmt: skip
    decisions = ["play:trick_of_light", "hb_cortex_mapping", "weyland_tripmine_lot", "n:2"]
    r = play(RECORDS, decisions, corp=corp, active="corp")
    assert corp_card(r, "hb_cortex_mapping").advancement == 2 and corp_card(r, "weyland_tripmine_lot").advancement == 1
    assert r.game.corp.credits == 4


def test_punitive_counterstrike_counts_the_agendas_stolen_last_turn() -> None:
    corp = {"hand": ["punitive_counterstrike"], "deck": ["hb_lattice_gate", "nbn_static_veil"], "credits": 5,
            "servers": {"remote1": {"root": [{"card": "hb_cortex_mapping"}]}}}  # fmt: skip
    runner = {"hand": GRIP, "clicks": 1}
    decisions = ["run:remote1", "continue", "play:punitive_counterstrike", "pay:0", "pay:0"]
    r = play(RECORDS, decisions, corp=corp, runner=runner)
    g = r.game
    assert ids(g.runner.score_area) == ["hb_cortex_mapping"]
    assert events(r, "trace")[0]["successful"]
    assert len(g.runner.hand) == 3 and g.corp.credits == 2  # 2 meat damage; 5 - 3
    r2 = play(RECORDS, ["credit", "play:punitive_counterstrike", "pay:0", "pay:0"], corp=corp, runner=runner)
    assert len(r2.game.runner.hand) == 5  # nothing stolen: no damage


def test_subliminal_messaging_gives_a_click_once_a_turn() -> None:
    corp = {"clicks": 3, "credits": 0, "hand": ["subliminal_messaging", "subliminal_messaging"],
            "deck": ["hb_lattice_gate"]}  # fmt: skip
    r = play(RECORDS, ["play:subliminal_messaging", "play:subliminal_messaging"], corp=corp, active="corp")
    g = r.game
    assert g.corp.credits == 2 and g.corp.clicks == 2  # 3 - 1 + 1 - 1


def test_subliminal_messaging_comes_back_from_archives_after_a_turn_without_runs() -> None:
    corp = {"discard": ["subliminal_messaging"], "deck": ["hb_lattice_gate"] * 2}
    r = play(RECORDS, ["credit", "yes"], corp=corp, runner={"clicks": 1})
    g = r.game
    assert ids(g.corp.hand) == ["subliminal_messaging", "hb_lattice_gate"] and not g.corp.discard
    assert events(r, "reveal")[-1]["cards"] == [str(g.corp.hand[0])]
    r = play(RECORDS, ["run:hq", "continue"], corp=corp, runner={"clicks": 1})
    g = r.game
    assert ids(g.corp.discard) == ["subliminal_messaging"] and ids(g.corp.hand) == ["hb_lattice_gate"]
    assert r.pending.kind == "action"  # nothing was offered: the runner ran


# ---------------------------------------------------------------- identities


def test_architects_of_tomorrow_rezzes_a_bioroid_cheaper_after_a_pass() -> None:
    corp = {"identity": "haas_bioroid_architects_of_tomorrow", "credits": 3,
            "servers": {"hq": {"ice": [{"card": "eli_1_0", "rezzed": True}]},
                        "rnd": {"ice": [{"card": "hb_warden_unit"}]}}}  # fmt: skip
    decisions = ["run:hq", "yes", "sub:1", "yes", "hb_warden_unit", "continue"]
    r = play(RECORDS, decisions, corp=corp)
    g = r.game
    assert corp_card(r, "hb_warden_unit").rezzed and g.corp.credits == 1  # 6 - 4
    r2 = play(RECORDS, ["run:hq", "yes", "sub:1", "yes", "done", "continue"], corp=corp)
    assert not corp_card(r2, "hb_warden_unit").rezzed and r2.game.corp.credits == 3


def test_personal_evolution_hurts_on_scores_and_steals() -> None:
    corp = {"identity": "jinteki_personal_evolution", "clicks": 0,
            "servers": {"remote1": {"root": [{"card": "hb_cortex_mapping", "counters": {"advancement": 3}}]},
                        "remote2": {"root": [{"card": "neutral_pilot_scheme"}]}}}  # fmt: skip
    r = play(RECORDS, ["score:hb_cortex_mapping", "run:remote2", "continue"], corp=corp, runner={"hand": GRIP},
             active="corp")  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["neutral_pilot_scheme"] and len(g.runner.hand) == 3


def test_near_earth_hub_draws_for_the_first_new_remote() -> None:
    corp = {"identity": "near_earth_hub_broadcast_center", "clicks": 3,
            "hand": ["neutral_records_vault", "nbn_press_office", "nbn_static_veil"],
            "deck": ["hb_lattice_gate", "hb_quarterly_review"]}  # fmt: skip
    decisions = ["install:nbn_static_veil@hq", "install:neutral_records_vault@new", "install:nbn_press_office@new"]
    r = play(RECORDS, decisions, corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.hand) == ["hb_lattice_gate"] and len(g.corp.deck) == 1


def test_building_a_better_world_pays_for_transactions() -> None:
    corp = {"identity": "weyland_consortium_building_a_better_world", "credits": 5, "deck": ["hb_lattice_gate"],
            "hand": ["nbn_ad_revenue_share", "nbn_exclusive_scoop"]}  # fmt: skip
    r = play(RECORDS, ["play:nbn_ad_revenue_share", "play:nbn_exclusive_scoop"], corp=corp, active="corp")
    assert r.game.corp.credits == 6 and r.game.runner.tags == 1  # 5 - 2 + 5 + 1, then - 3 (not a transaction)


# ---------------------------------------------------------------- second pass: forfeits, a lasting strength


def test_archer_is_rezzed_only_by_forfeiting_an_agenda() -> None:
    ice = {"hq": {"ice": [{"card": "archer"}]}}
    r = play(RECORDS, ["run:hq"], corp={"servers": ice}, runner={"hand": GRIP})
    assert "rez:archer" not in " ".join(labels(r))  # nothing to forfeit: the corp is not even asked
    assert not corp_card(r, "archer").rezzed
    corp = {"credits": 5, "score_area": ["neutral_board_resolution"], "servers": ice}
    r2 = play(RECORDS, ["run:hq", "rez:archer"], corp=corp,
              runner={"hand": GRIP, "rig": [{"card": "rockbit_drill"}]})  # fmt: skip
    g = r2.game
    assert corp_card(r2, "archer").rezzed and not g.corp.score_area and g.agenda_points("corp") == 0
    assert ids(g.removed) == ["neutral_board_resolution"] and events(r2, "forfeit")
    assert g.corp.credits == 5 - 4 + 2 and ids(g.runner.discard) == ["rockbit_drill"] and ended(r2)


def test_corporate_town_costs_an_agenda_and_trashes_a_resource_past_prevention() -> None:
    town = {"card": "corporate_town"}
    r = play(RECORDS, [], corp={"servers": {"remote1": {"root": [town]}}}, active="corp")
    assert not [o for o in labels(r) if o.startswith("rez:")]
    r2 = play(RECORDS, ["rez:corporate_town"], active="corp",
              corp={"score_area": ["neutral_pilot_scheme"], "servers": {"remote1": {"root": [town]}}})  # fmt: skip
    assert corp_card(r2, "corporate_town").rezzed and ids(r2.game.removed) == ["neutral_pilot_scheme"]
    assert r2.game.corp.credits == 4
    corp = {"deck": ["hb_quarterly_review"] * 3,
            "servers": {"remote1": {"root": [{"card": "corporate_town", "rezzed": True}]}}}  # fmt: skip
    runner = {"clicks": 1, "rig": [{"card": "garage_lab"}, {"card": "backup_mirror"}]}
    r3 = play(RECORDS, ["credit", "garage_lab"], corp=corp, runner=runner)
    g = r3.game
    assert ids(g.runner.discard) == ["garage_lab"] and ids(g.runner.rig) == ["backup_mirror"]  # no window opened
    r4 = play(RECORDS, ["credit", "done"], corp=corp, runner=runner)
    assert ids(r4.game.runner.rig) == ["garage_lab", "backup_mirror"]  # the corp may decline


def test_corporate_troubleshooter_raises_the_ice_for_the_rest_of_the_turn() -> None:
    corp = {"credits": 6, "servers": {"remote1": {
        "ice": [{"card": "neutral_plywood_screen", "rezzed": True}],
        "root": [{"card": "corporate_troubleshooter", "rezzed": True}, {"card": "neutral_records_vault"}]}}}  # fmt: skip
    runner = {"clicks": 2, "credits": 3, "rig": [{"card": "rockbit_drill"}]}
    r = play(RECORDS, ["run:remote1"], corp=corp, runner=runner)
    assert any(o.startswith("use:corporate_troubleshooter") for o in labels(r))
    boost = ["run:remote1", "use:corporate_troubleshooter/0", "x:4", "done"]
    r = play(RECORDS, [*boost, "done"], corp=corp, runner=runner)
    g = r.game
    screen = corp_card(r, "neutral_plywood_screen")
    printed = int(screen.record.strength)
    assert g.corp.credits == 2 and ids(g.corp.discard) == ["corporate_troubleshooter"]
    assert g.strength_of(screen) == printed + 4 and ended(r)  # the drill cannot be raised that far: the run ends
    assert ids(g.runner.rig) == ["rockbit_drill"] and g.runner.credits == 3
    r2 = play(RECORDS, [*boost, "done", "credit", "done"], corp={**corp, "deck": ["hb_quarterly_review"] * 2},
              runner=runner)  # fmt: skip
    assert r2.game.active == "corp" and r2.game.strength_of(corp_card(r2, "neutral_plywood_screen")) == printed
    r3 = play(RECORDS, [], corp=corp, active="corp")
    assert not [o for o in labels(r3) if o.startswith("use:corporate_troubleshooter")]  # no run: no use


def _breaks(r: Any) -> list[str]:
    return [o for o in labels(r) if o.startswith(("break:", "boost:"))]


def _asked_to_break(r: Any) -> bool:
    return any(d["kind"] == "break" for d in r.game.decisions) or bool(_breaks(r))


def test_swordsman_cannot_be_broken_by_ai_programs() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "swordsman", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"hand": GRIP, "rig": [{"card": "su21_test_ai_breaker"}]})
    assert not _asked_to_break(r) and len(r.game.runner.hand) == 4
    assert ids(r.game.runner.discard)[0] == "su21_test_ai_breaker"  # its subroutines fired: the AI was trashed
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"rig": [{"card": "sleeve_blade"}]})
    assert any(o.startswith(("break:sleeve_blade", "boost:sleeve_blade")) for o in _breaks(r))


def test_hortum_is_advanced_and_shuts_out_ai_programs_at_3_counters() -> None:
    r = play(RECORDS, ["advance:hortum"], active="corp",
             corp={"servers": {"hq": {"ice": [{"card": "hortum", "counters": {"advancement": 2}}]}}})  # fmt: skip
    assert corp_card(r, "hortum").advancement == 3 and r.game.corp.credits == 4
    runner = {"rig": [{"card": "su21_test_ai_breaker"}]}
    r = play(RECORDS, ["run:hq"], runner=runner,
             corp={"servers": {"hq": {"ice": [{"card": "hortum", "rezzed": True, "counters": {"advancement": 2}}]}}})  # fmt: skip
    assert any(o.startswith("break:su21_test_ai_breaker") for o in _breaks(r))
    r = play(RECORDS, ["run:hq"], runner=runner, corp={"deck": ["neutral_records_vault"], "servers": {
        "hq": {"ice": [{"card": "hortum", "rezzed": True, "counters": {"advancement": 3}}]}}})  # fmt: skip
    assert not _asked_to_break(r)  # the subroutines fire: 4 credits, then the search of R&D before the run ends
    r = play(RECORDS, ["run:hq", "neutral_records_vault"], runner=runner, corp={"deck": ["neutral_records_vault"],
             "servers": {"hq": {"ice": [{"card": "hortum", "rezzed": True, "counters": {"advancement": 3}}]}}})  # fmt: skip
    assert r.game.corp.credits == 5 + 4 and ended(r) and ids(r.game.corp.hand) == ["neutral_records_vault"]


def test_sansan_city_grid_lowers_the_requirement_of_agendas_in_its_root() -> None:
    root = [{"card": "neutral_board_resolution", "counters": {"advancement": 3}}]
    r = play(RECORDS, ["score:neutral_board_resolution"], active="corp",
             corp={"servers": {"remote1": {"root": [*root, {"card": "sansan_city_grid", "rezzed": True}]}}})  # fmt: skip
    assert ids(r.game.corp.score_area) == ["neutral_board_resolution"]
    r = play(RECORDS, [], active="corp",
             corp={"servers": {"remote1": {"root": [*root, {"card": "sansan_city_grid"}]},
                               "remote2": {"root": [{"card": "sansan_city_grid", "rezzed": True}]}}})  # fmt: skip
    assert not [o for o in labels(r) if o.startswith("score:")]  # unrezzed here, rezzed elsewhere: no help


def test_project_beale_is_worth_a_point_more_per_2_extra_counters() -> None:
    def scored(advancement: int) -> Any:
        placed = {"card": "project_beale", "counters": {"advancement": advancement}}
        return play(RECORDS, ["score:project_beale"], active="corp",
                    corp={"servers": {"remote1": {"root": [placed]}}})  # fmt: skip

    r = scored(7)
    beale = r.game.corp.score_area[0]
    assert beale.counters == {"agenda": 2} and r.game.agenda_points("corp") == 4
    r = scored(6)
    assert r.game.corp.score_area[0].counters == {"agenda": 1} and r.game.agenda_points("corp") == 3
    r = scored(4)
    assert not r.game.corp.score_area[0].counters and r.game.agenda_points("corp") == 2


def test_magnet_takes_a_program_off_another_ice_and_silences_it() -> None:
    ice = [{"card": "magnet"}, {"card": "nbn_static_veil", "rezzed": True}]
    r = play(RECORDS, [], active="corp", corp={"servers": {"hq": {"ice": ice}}}, runner={"rig": [{"card": "cog_key"}]})
    g = r.game
    magnet, veil = g.servers["hq"].ice
    key = g.runner.rig[0]
    key.host = veil  # a program hosted on a piece of ice (as a card that installs on ice leaves it)
    veil.hosted.append(key)
    assert g.abilities(key)
    g.rez(magnet)
    assert key.host is magnet and magnet.hosted == [key] and not veil.hosted
    assert g.abilities(key) == [] and g.corp.credits == 2
    g.derez(magnet, "test")
    assert g.abilities(key)  # derezzed, the magnet no longer silences it
    g.rez(magnet, free=True)
    assert g.abilities(key) == []
    g.trash(magnet, "test")
    assert ids(g.runner.discard) == ["cog_key"] and g.abilities(key) and key.uid not in g.blanks


# ---------------------------------------------------------------- the fifth pass

DAILY = card("daily_business_show", "asset",
             ["[interrupt] → Your first draw of each turn gets 1 extra card; one of the cards so drawn then goes to "
              "the bottom of R&D."],
             rez_cost=2, trash_cost=4, subtypes=["cast"], faction="nbn")  # fmt: skip
FIFTH = [DAILY]
FIFTH_RECORDS = [*RECORDS, *FIFTH]
DECK = ["neutral_plywood_screen", "nbn_static_veil", "jinteki_quiet_harvest", "hb_quarterly_review",
        "neutral_records_vault", "nbn_press_office", "neutral_checksum_gate"]  # fmt: skip


def test_the_fifth_pass_readings() -> None:
    for fixture in FIFTH:
        assert fixture.reading.status == "executable", fixture.id


def test_crisium_grid_keeps_runs_on_its_server_from_succeeding() -> None:
    root = [{"card": "crisium_grid", "rezzed": True}, {"card": "nbn_press_office", "rezzed": True}]
    corp = {"servers": {"remote1": {"root": root}, "hq": {"root": [{"card": "nbn_broadcast_booth", "rezzed": True}]}}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp, runner={"hand": GRIP, "credits": 5})
    g = r.game
    assert g.run_history[-1][1:] == ("remote1", False) and not ended(r)  # not successful, and not ended by a card
    assert not [e for e in events(r, "access") if "card" in e] and events(r, "success_blocked")
    corp["servers"]["remote1"]["root"] = [{"card": "crisium_grid"}, {"card": "nbn_press_office", "rezzed": True}]
    r = play(RECORDS, ["run:remote1", "continue", "done", "leave", "leave"], corp=corp, runner={"hand": GRIP})
    assert r.game.run_history[-1][1:] == ("remote1", True)
    r = play(RECORDS, ["run:hq", "continue", "done", "leave", "leave"], corp={**corp, "hand": ["nbn_press_office"]},
             runner={"hand": GRIP})  # fmt: skip
    assert r.game.run_history[-1][1:] == ("hq", True)  # another server: its run succeeds


def test_daily_business_show_draws_one_more_and_bottoms_one_once_a_turn() -> None:
    show = {"card": "daily_business_show", "rezzed": True}
    corp = {"clicks": 2, "deck": DECK, "hand": ["neutral_emergency_audit"], "servers": {"remote1": {"root": [show]}}}
    r = play(FIFTH_RECORDS, ["play:neutral_emergency_audit", "nbn_static_veil", "draw"], active="corp", corp=corp)
    g = r.game  # R&D's top card comes first in the layout; the game's deck lists the bottom first
    assert ids(g.corp.deck) == ["nbn_static_veil", "neutral_checksum_gate", "nbn_press_office"]  # then 1 drawn
    assert sorted(ids(g.corp.hand)) == sorted(["neutral_plywood_screen", "jinteki_quiet_harvest",
                                               "hb_quarterly_review", "neutral_records_vault"])  # fmt: skip
    assert g.corp.clicks == 0 and not g.corp.deck[0].faceup
    two = {**corp, "clicks": 1, "servers": {"remote1": {"root": [show]}, "remote2": {"root": [dict(show)]}}}
    r = play(FIFTH_RECORDS, ["play:neutral_emergency_audit", "daily_business_show: cards_drawn", "nbn_static_veil",
                             "hb_quarterly_review"], active="corp", corp=two)  # fmt: skip
    g = r.game
    assert len(g.corp.hand) == 5 - 2 and sorted(ids(g.corp.deck)[:2]) == ["hb_quarterly_review", "nbn_static_veil"]
    idle = {"remote1": {"root": [{"card": "daily_business_show"}]}}
    r = play(FIFTH_RECORDS, ["draw"], active="corp", corp={**corp, "clicks": 1, "servers": idle})
    assert ids(r.game.corp.hand) == ["neutral_emergency_audit", "neutral_plywood_screen"]  # unrezzed: no bonus
