"""The Liberation-cycle corp card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import agenda, bundled, card, corp, events, labels, play, runner

# ---------------------------------------------------------------- fixtures (our own wording)

ARMED = card(
    "armed_asset_protection",
    "operation",
    ["You gain 3[credit], plus 1[credit] per distinct card type face up in Archives, plus 2[credit] more when one "
     "of those is an agenda."],  # fmt: skip
    cost=2,
)
DIGITAL = card("your_digital_life", "operation", ["One credit to you per card held in HQ."], cost=2)
MINDSCAPING = card(
    "mindscaping",
    "operation",
    ["Pick one: gain 4[credit], draw 2 cards and put a card from HQ on top of R&D; or do net damage equal to the "
     "Runner's tags (at most 3)."],  # fmt: skip
    cost=2,
)
GREASING = card(
    "greasing_the_palm",
    "operation",
    ["You gain 5[credit]. Then you may install a card from HQ, and may remove a tag to advance it once."],
    cost=3,
)
OPPO = card(
    "oppo_research",
    "operation",
    ["Playable only after a runner turn that stole or trashed a Corp card.",
     "Once it resolves, the Corp's action phase is over.",
     "Give the Runner 2 tags.",
     "Threat 3: you may pay 5[credit] for 2 more tags."],  # fmt: skip
    cost=2,
    subtypes=["terminal", "gray_ops"],
)
BRING = card(
    "bring_them_home",
    "operation",
    ["Playable only after a runner turn that stole or trashed a Corp card.",
     "Once it resolves, the Corp's action phase is over.",
     "Two random grip cards are revealed and go on top of the stack.",
     "Threat 3: for 2[credit], a random grip card is revealed and shuffled into the stack."],  # fmt: skip
    cost=0,
    subtypes=["terminal", "black_ops"],
)
HOSPITALITY = card(
    "corporate_hospitality",
    "operation",
    ["Playing it costs one more [click].",
     "Take 6[credit] and two draws, then return one Archives card to HQ."],  # fmt: skip
    cost=4,
    subtypes=["double", "transaction"],
)
PIVOT = card(
    "pivot",
    "operation",
    ["Playing it costs one more [click].",
     "Look through R&D for an operation or agenda, show it and put it in HQ; shuffle R&D.",
     "Threat 3: you may play or install a card from HQ."],  # fmt: skip
    cost=1,
    subtypes=["double"],
)
SUDDEN = card(
    "sudden_commandment",
    "operation",
    ["Two draws; afterwards an operation from HQ that is not terminal may be played.",
     "Threat 3: if no other mandate was played this turn, you may pay 3[credit] for an extra [click]."],  # fmt: skip
    cost=1,
    subtypes=["mandate"],
)
BUSINESS = card(
    "business_as_usual",
    "operation",
    ["Pick one: advance up to 2 advanceable installed cards once each; or clear the virus counters of one "
     "installed card.",
     "Threat 3: you may also do the other one."],  # fmt: skip
    cost=0,
    subtypes=["gray_ops"],
)
THREE = "neutral_charter_renewal"  # a bundled 3-point agenda (no standing text): a threat of 3 in a score area
OPERATIONS = [ARMED, DIGITAL, MINDSCAPING, GREASING, OPPO, BRING, HOSPITALITY, PIVOT, SUDDEN, BUSINESS]
RECORDS = [*bundled(), *OPERATIONS]


def test_every_operation_fixture_is_executable() -> None:
    for record in OPERATIONS:
        assert record.reading.status == "executable", record.id
    assert OPPO.reading.read == [2] and OPPO.reading.scripted == [0, 1, 3]


def test_armed_asset_protection_counts_face_up_types_in_archives() -> None:
    r = play(RECORDS, ["play:armed_asset_protection"], active="corp",
             corp=corp(clicks=2, credits=2, hand=["armed_asset_protection"],
                       discard=["neutral_pilot_scheme", "jinteki_quiet_harvest", "nbn_static_veil",
                                "nbn_ad_revenue_share"], discard_facedown=["nbn_billboard_network"]))  # fmt: skip
    assert r.game.corp.credits == 2 - 2 + 3 + 3 + 2  # agenda, operation and ice; the face-down asset does not count


def test_your_digital_life_pays_for_the_cards_in_hq() -> None:
    r = play(RECORDS, ["play:your_digital_life"], active="corp",
             corp=corp(clicks=2, credits=2, hand=["your_digital_life", "nbn_static_veil", "nbn_static_veil"]))
    assert r.game.corp.credits == 2 - 2 + 2


def test_mindscaping_damages_by_tags_or_draws_and_stacks_rnd() -> None:
    r = play(RECORDS, ["play:mindscaping", "damage"], active="corp",
             corp=corp(clicks=2, hand=["mindscaping"]),
             runner=runner(tags=2, hand=["spark_of_insight"] * 3))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and len(r.game.runner.discard) == 2
    r = play(RECORDS, ["play:mindscaping", "credits", "nbn_static_veil"], active="corp",
             corp=corp(clicks=2, hand=["mindscaping", "nbn_static_veil"], deck=["hb_lattice_gate"] * 3))
    g = r.game
    assert g.corp.credits == 5 - 2 + 4
    assert [c.id for c in g.corp.hand] == ["hb_lattice_gate", "hb_lattice_gate"]
    assert g.corp.deck[-1].id == "nbn_static_veil"  # on top of R&D


def test_greasing_the_palm_installs_and_trades_a_tag_for_an_advancement() -> None:
    r = play(RECORDS, ["play:greasing_the_palm", "neutral_board_resolution", "yes"], active="corp",
             corp=corp(clicks=2, credits=3, hand=["greasing_the_palm", "neutral_board_resolution"]),
             runner=runner(tags=1))  # fmt: skip
    g = r.game
    agenda = g.servers["remote1"].root[0]
    assert g.corp.credits == 5 and agenda.advancement == 1 and g.runner.tags == 0


def _steal_then(corp_side: dict[str, Any], decisions: list[str], **runner_side: Any) -> Any:
    """The runner (1 click) steals an agenda from remote1; then the corp's turn and ``decisions``."""
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    return play(RECORDS, ["run:remote1", "continue", *decisions], active="runner",
                corp=corp(servers=servers, **corp_side), runner=runner(clicks=1, **runner_side))  # fmt: skip


def test_oppo_research_needs_a_steal_and_ends_the_action_phase() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=3, hand=["oppo_research"]))
    assert not any(o.startswith("play:oppo_research") for o in labels(r))  # nothing stolen or trashed
    r = _steal_then({"hand": ["oppo_research"], "score_area": [THREE], "credits": 9}, ["play:oppo_research", "yes"])
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_board_resolution"]
    assert g.runner.tags == 4 and g.corp.credits == 9 - 2 - 5
    assert g.active == "runner" and g.corp.clicks == 0  # the corp's turn ended with 2 clicks left


def test_bring_them_home_stacks_grip_cards() -> None:
    grip = ["light_fingers", "overnight_takeout", "night_shift_bonus"]
    r = _steal_then({"hand": ["bring_them_home"], "score_area": [THREE]}, ["play:bring_them_home", "yes"], hand=grip)
    g = r.game
    assert g.corp.credits == 5 - 2 and g.runner.hand == [] and len(g.runner.deck) == 6
    assert len([e for e in events(r, "move") if e.get("to") == "stack"]) == 3
    assert g.active == "runner"


def test_corporate_hospitality_costs_two_clicks() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=1, hand=["corporate_hospitality"], credits=9))
    assert not any(o.startswith("play:corporate_hospitality") for o in labels(r))
    r = play(RECORDS, ["play:corporate_hospitality"], active="corp",
             corp=corp(clicks=3, credits=4, hand=["corporate_hospitality"], discard=["nbn_static_veil"]))
    g = r.game
    assert g.corp.clicks == 1 and g.corp.credits == 6
    assert sorted(c.id for c in g.corp.hand) == ["nbn_static_veil"] + ["neutral_plywood_screen"] * 2


def test_pivot_searches_rnd_and_with_a_threat_plays_from_hq() -> None:
    r = play(RECORDS, ["play:pivot", "jinteki_quiet_harvest"], active="corp",
             corp=corp(clicks=3, credits=2, hand=["pivot"], score_area=[THREE],
                       deck=["nbn_static_veil", "jinteki_quiet_harvest", "hb_lattice_gate"]))  # fmt: skip
    g = r.game
    assert g.corp.clicks == 1 and g.corp.credits == 2 - 1 - 1 + 4
    assert sorted(c.id for c in g.corp.discard) == ["jinteki_quiet_harvest", "pivot"]
    assert len(g.corp.deck) == 2


def test_sudden_commandment_plays_an_operation_and_buys_a_click() -> None:
    r = play(RECORDS, ["play:sudden_commandment", "jinteki_quiet_harvest", "yes"], active="corp",
             corp=corp(clicks=2, credits=2, hand=["sudden_commandment"], score_area=[THREE],
                       deck=["jinteki_quiet_harvest", "nbn_static_veil"]))  # fmt: skip
    g = r.game
    assert g.corp.credits == 2 - 1 - 1 + 4 - 3
    assert g.corp.clicks == 2  # 2 - 1 + 1
    assert [c.id for c in g.corp.hand] == ["nbn_static_veil"]


def test_business_as_usual_advances_and_with_a_threat_purges_a_card() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    rig = [{"card": "hive_siphon", "counters": {"virus": 3}}]
    r = play(RECORDS, ["play:business_as_usual", "advance", "neutral_board_resolution", "yes"], active="corp",
             corp=corp(clicks=2, hand=["business_as_usual"], servers=servers, score_area=[THREE]),
             runner=runner(rig=rig))  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 1
    assert not g.runner.rig[0].counters.get("virus")


# ---------------------------------------------------------------- agendas


FUJII = agenda("fujii_asset_retrieval", ["Scored or stolen: 2 net damage to the Runner."], 3, 5)
SEE_HOW = agenda(
    "see_how_they_run",
    ["On scoring: 1 tag for the Runner, then a psi game; unequal bids do 1 core damage, equal ones 1 net damage."],
    2,
    4,
)
ORACLE = agenda(
    "oracle_thinktank",
    ["The thief takes 1 tag.", "[click], drop a Runner tag: this agenda goes back into R&D from the Runner's area."],
    1,
    3,
)
SALVO = agenda("salvo_testing", ["Each agenda you score (this one too) may do 1 core damage."], 3, 5)
KINGMAKING = agenda(
    "kingmaking",
    ["On scoring: draw at most 3 cards, then you may move an agenda of 1 point or less from HQ to your score "
     "area."],  # fmt: skip
    2,
    4,
)
BASALT = agenda(
    "the_basalt_spire",
    ["If stolen, you may take a card from Archives into HQ.",
     "When you score this agenda, place 2 agenda counters on it.",
     "Once each turn, paying one of its agenda counters and R&D's top card (trashed), return an Archives card to HQ."],
    3,
    5,
)  # fmt: skip
SISYPHUS = agenda(
    "sisyphus_protocol",
    ["Once a turn, when the Runner gets past a rezzed code gate or sentry, you may pay 1[credit] or trash a card "
     "from HQ to make them face it again."],  # fmt: skip
    2,
    5,
)
EMINENT = agenda(
    "eminent_domain",
    ["From HQ: [click], 1[credit], reveal and trash it to install and rez a card for 5[credit] less.",
     "On scoring: you may search R&D for a card and install and rez it for free."],  # fmt: skip
    1,
    3,
)
STOKE = agenda(
    "stoke_the_embers",
    ["On scoring: gain 3[credit] and advance an installed card once.",
     "Installed from somewhere other than HQ: you may reveal it for 2[credit] and an advancement."],  # fmt: skip
    2,
    4,
)
AGENDAS = [FUJII, SEE_HOW, ORACLE, SALVO, KINGMAKING, BASALT, SISYPHUS, EMINENT, STOKE]
RECORDS += AGENDAS


def _score(card_id: str, advancement: int, decisions: list[str], **corp_side: Any) -> Any:
    servers = {"remote1": {"root": [{"card": card_id, "counters": {"advancement": advancement}}]}}
    servers.update(corp_side.pop("servers", {}))
    return play(RECORDS, [f"score:{card_id}", *decisions], active="corp",
                corp=corp(clicks=2, servers=servers, **corp_side), runner=corp_side.pop("runner", None) or runner(
                    hand=["spark_of_insight"] * 3))  # fmt: skip


def test_agenda_readings() -> None:
    assert BASALT.reading.read == [1] and BASALT.reading.scripted == [0, 2]
    for record in (FUJII, SEE_HOW, SALVO, KINGMAKING, BASALT, SISYPHUS, EMINENT, ORACLE, STOKE):
        assert record.reading.status == "executable"


def test_fujii_asset_retrieval_hurts_when_scored_and_when_stolen() -> None:
    r = _score("fujii_asset_retrieval", 5, [])
    assert len(r.game.runner.hand) == 1
    servers = {"remote1": {"root": [{"card": "fujii_asset_retrieval"}]}}
    r = play(RECORDS, ["run:remote1", "continue"], active="runner",
             corp=corp(servers=servers), runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.runner.score_area


def test_see_how_they_run_tags_then_plays_a_psi_game() -> None:
    r = _score("see_how_they_run", 4, ["bid:0", "bid:1"])
    g = r.game
    assert g.runner.tags == 1 and g.runner.brain_damage == 1 and len(g.runner.hand) == 2
    r = _score("see_how_they_run", 4, ["bid:1", "bid:1"])
    assert r.game.runner.brain_damage == 0 and len(r.game.runner.hand) == 2 and r.game.corp.credits == 4


def test_oracle_thinktank_tags_its_thief() -> None:
    servers = {"remote1": {"root": [{"card": "oracle_thinktank"}]}}
    r = play(RECORDS, ["run:remote1", "continue"], active="runner", corp=corp(servers=servers), runner=runner())
    assert r.game.runner.tags == 1


def test_salvo_testing_does_core_damage_on_each_score() -> None:
    r = _score("salvo_testing", 5, ["yes"])
    assert r.game.runner.brain_damage == 1
    more = {"remote2": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 4}}]}}
    r = _score("salvo_testing", 5, ["yes", "score:neutral_board_resolution", "no"], servers=more)
    assert r.game.runner.brain_damage == 1 and r.game.corp.score_area[-1].id == "neutral_board_resolution"


def test_kingmaking_draws_and_banks_a_small_agenda() -> None:
    r = _score("kingmaking", 4, ["2", "neutral_pilot_scheme"],
               deck=["neutral_pilot_scheme", "nbn_static_veil", "nbn_static_veil"])  # fmt: skip
    g = r.game
    assert sorted(c.id for c in g.corp.score_area) == ["kingmaking", "neutral_pilot_scheme"]
    assert g.agenda_points("corp") == 3 and [c.id for c in g.corp.hand] == ["nbn_static_veil"]


def test_the_basalt_spire_refills_hq_from_archives() -> None:
    servers = {"remote1": {"root": [{"card": "the_basalt_spire"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "nbn_static_veil"], active="runner",
             corp=corp(servers=servers, discard=["nbn_static_veil", "hb_lattice_gate"]), runner=runner())
    assert [c.id for c in r.game.corp.hand] == ["nbn_static_veil"]
    r = _score("the_basalt_spire", 5, [], discard=["nbn_static_veil"], deck=["hb_lattice_gate"] * 2)
    spire = r.game.corp.score_area[0]
    assert spire.counters == {"agenda": 2}
    use = next(o for o in labels(r) if o.startswith("use:the_basalt_spire"))
    r = _score("the_basalt_spire", 5, [use, "nbn_static_veil"], discard=["nbn_static_veil"],
               deck=["hb_lattice_gate"] * 2)  # fmt: skip
    g = r.game
    assert g.corp.score_area[0].counters == {"agenda": 1} and [c.id for c in g.corp.hand] == ["nbn_static_veil"]
    assert [c.id for c in g.corp.discard] == ["hb_lattice_gate"] and len(g.corp.deck) == 1
    assert use not in labels(r)  # once a turn


def test_sisyphus_protocol_makes_the_runner_meet_the_ice_again() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "break:shade_key/0", "pay", "break:shade_key/0", "continue"], active="runner",
             corp=corp(servers=servers, score_area=["sisyphus_protocol"]),
             runner=runner(rig=[{"card": "shade_key"}]))  # fmt: skip
    g = r.game
    assert g.corp.credits == 4 and g.runner.credits == 3
    assert len(events(r, "encounter")) == 2 and g.run_history[-1][2]


def test_eminent_domain_installs_and_rezzes_from_rnd_for_free() -> None:
    r = _score("eminent_domain", 3, ["yes", "weyland_ore_refinery"], deck=["weyland_ore_refinery", "nbn_static_veil"])
    g = r.game
    refinery = next(c for c in g.installed("corp") if c.id == "weyland_ore_refinery")
    assert refinery.rezzed and g.corp.credits == 5 and len(g.corp.deck) == 1


def test_stoke_the_embers_pays_and_advances() -> None:
    more = {"remote2": {"root": [{"card": "neutral_board_resolution"}]}}
    r = _score("stoke_the_embers", 4, [], servers=more)
    g = r.game
    assert g.corp.credits == 8 and g.servers["remote2"].root[0].advancement == 1


# ---------------------------------------------------------------- ice


def ice(card_id: str, english: list[str], rez: int, strength: int, subtypes: list[str], **fields: Any) -> Any:
    return card(card_id, "ice", english, rez_cost=rez, strength=strength, subtypes=subtypes, **fields)


VALENTAO = ice(
    "valentao",
    ["Rezzing it also costs you 1 bad publicity or removing a Runner tag.",
     "[subroutine] Gain 2[credit].",
     "[subroutine] The Runner loses 2[credit].",
     "[subroutine] The run ends when your credit pool is bigger than the Runner's."],
    5, 6, ["code_gate", "illicit"],
)  # fmt: skip
PIRANHAS = ice(
    "piranhas",
    ["Rezzing it also costs you 1 bad publicity or removing a Runner tag.",
     "[subroutine] You may draw 1 card.",
     "[subroutine] Do 1 net damage.",
     "[subroutine] The run ends when HQ holds more cards than the grip."],
    5, 6, ["code_gate", "illicit", "ap"],
)  # fmt: skip
CAPACITOR = ice(
    "capacitor",
    ["2 strength more while the Runner has a tag.",
     "[subroutine] A credit for you per Runner tag.",
     "[subroutine] End the run."],
    4, 3, ["barrier"],
)  # fmt: skip
BOTO = ice(
    "boto",
    ["Threat 4: 2 strength more.",
     "[subroutine] Do 2 net damage.",
     "[subroutine] Discarding an HQ card to Archives, you may stop the run.",
     "[subroutine] Discarding an HQ card to Archives, you may stop the run."],
    6, 4, ["barrier", "ap"],
)  # fmt: skip
LOGJAM = ice(
    "logjam",
    ["Advanceable; 1 strength more per advancement counter on it.",
     "Rezzed: it gets 1 advancement counter, and 1 more per card type face up in Archives.",
     "[subroutine] Gain 2[credit]. End the run.",
     "[subroutine] End the run.",
     "[subroutine] End the run."],
    6, 0, ["barrier"],
)  # fmt: skip
TREE_LINE = ice(
    "tree_line",
    ["From HQ: [click], 1[credit], reveal and trash it for 3 advancements on an installed ice.",
     "Advanceable; 1 strength more per advancement counter on it.",
     "[subroutine] Gain 1[credit]. End the run."],
    4, 4, ["barrier", "expendable"],
)  # fmt: skip
SERAPH = ice(
    "seraph",
    ["On encounter the Runner picks: lose 3[credit], suffer 2 net damage or take 1 tag.",
     "[subroutine] The Runner loses 3[credit].",
     "[subroutine] Do 2 net damage.",
     "[subroutine] Give the Runner 1 tag."],
    10, 5, ["sentry", "ap", "observer", "deep_net"], unique=True,
)  # fmt: skip
JAGUARUNDI = ice(
    "jaguarundi",
    ["Threat 4: on encounter the Runner takes 1 tag unless they spend [click].",
     "[subroutine] Give the Runner 1 tag.",
     "[subroutine] If the Runner is tagged, do 1 core damage."],
    4, 3, ["sentry", "ap"],
)  # fmt: skip
PHONEUTRIA = ice(
    "phoneutria",
    ["Passing it with 4 or more grip cards costs the Runner 1 tag.",
     "[subroutine] Do 1 net damage.",
     "[subroutine] Do 1 net damage."],
    4, 2, ["sentry", "ap", "observer"],
)  # fmt: skip
ATTINI = ice(
    "attini",
    ["Threat 3: the Runner spends no credits while its subroutines resolve.",
     "[subroutine] The Runner may pay 2[credit]; otherwise they suffer 1 net damage.",
     "[subroutine] The Runner may pay 2[credit]; otherwise they suffer 1 net damage.",
     "[subroutine] The Runner may pay 2[credit]; otherwise they suffer 1 net damage."],
    6, 5, ["code_gate", "ap"],
)  # fmt: skip
MIC = ice(
    "m_i_c",
    ["[trash] during a run on its server: the run ends, unless the Runner spends [click].",
     "[subroutine] The Runner loses [click].",
     "[subroutine] The Runner loses [click].",
     "[subroutine] End the run."],
    6, 4, ["code_gate"],
)  # fmt: skip
STARLIT = ice(
    "starlit_knight",
    ["Threat 4: on encounter it gets one more end-the-run subroutine per Runner tag, last, until the run ends.",
     "[subroutine] Give the Runner 1 tag.",
     "[subroutine] Give the Runner 1 tag."],
    5, 2, ["sentry", "observer"],
)  # fmt: skip
SOROCABAN = ice(
    "sorocaban_blade",
    ["One encounter with it trashes one Runner card at most.",
     "[subroutine] A resource of the Runner's goes to the heap.",
     "[subroutine] Hardware of the Runner's goes to the heap.",
     "[subroutine] A program of the Runner's goes to the heap."],
    4, 2, ["sentry", "destroyer"],
)  # fmt: skip
HAMMER = ice(
    "hammer",
    ["Only killers break more than 1 of its printed subroutines in an encounter.",
     "[subroutine] Give the Runner 1 tag.",
     "[subroutine] A resource or hardware of the Runner's goes to the heap.",
     "[subroutine] A program of the Runner's that is no killer, fracter or decoder goes to the heap."],
    6, 4, ["sentry", "destroyer", "observer"],
)  # fmt: skip
TATU = ice(
    "tatu_bola",
    ["Passed: you may trade it for an ice from HQ (installed unrezzed, free) and gain 4[credit].",
     "[subroutine] End the run."],
    2, 1, ["barrier"],
)  # fmt: skip
ABLATIVE = ice(
    "ablative_barrier",
    ["Threat 3: rezzed during a run on its server, you may install a non-agenda from HQ or Archives in or "
     "before another server.",
     "[subroutine] End the run."],
    2, 1, ["barrier"],
)  # fmt: skip
VSA = ice(
    "virtual_service_agent",
    ["Passed after an encounter where no decoder broke its subroutine: the Runner takes 1 tag.",
     "[subroutine] The Runner loses 1[credit]."],
    2, 2, ["code_gate", "observer"],
)  # fmt: skip
TRIBUTARY = ice(
    "tributary",
    ["At the first run of each turn, you may move it out to be the outermost ice of the server attacked.",
     "[subroutine] Optionally one draw; optionally one HQ ice put before a different server at no cost.",
     "[subroutine] Every ice is 2 stronger until the run ends."],
    3, 4, ["code_gate"], unique=True,
)  # fmt: skip
DESCENT = ice(
    "descent",
    ["From HQ: [click], 1[credit], reveal and trash it: draw, then shuffle up to 2 agendas back into R&D.",
     "At the start of your turn you may return it to HQ.",
     "[subroutine] End the run."],
    2, 1, ["code_gate", "expendable"],
)  # fmt: skip
CLOUD_EATER = ice(
    "cloud_eater",
    ["Each encounter with it ends, if rezzed this turn, with 2 tags or 3 net damage for the Runner, or a Runner "
     "card trashed.",
     "[subroutine] One of the Runner's installed cards goes to the heap.",
     "[subroutine] Give the Runner 2 tags.",
     "[subroutine] Do 3 net damage."],
    10, 6, ["sentry", "ap", "destroyer", "observer"], unique=True,
)  # fmt: skip
ICE = [VALENTAO, PIRANHAS, CAPACITOR, BOTO, LOGJAM, TREE_LINE, SERAPH, JAGUARUNDI, PHONEUTRIA, ATTINI, MIC, STARLIT,
       SOROCABAN, HAMMER, TATU, ABLATIVE, VSA, TRIBUTARY, DESCENT, CLOUD_EATER]  # fmt: skip
RECORDS += ICE
FOUR = [THREE, "neutral_pilot_scheme"]  # a threat of 4


def _run(server: str, ice_list: list[dict[str, Any]], decisions: list[str], corp_side: dict[str, Any] | None = None,
         **runner_side: Any) -> Any:  # fmt: skip
    """The runner runs ``server`` protected by ``ice_list`` (innermost first), then ``decisions``."""
    side = dict(corp_side or {})
    servers = side.pop("servers", {})
    servers.setdefault(server, {})["ice"] = ice_list
    return play(RECORDS, [f"run:{server}", *decisions], active="runner",
                corp=corp(servers=servers, **side), runner=runner(**runner_side))  # fmt: skip


def _ended(r: Any) -> bool:
    return any(e.get("ended") for e in events(r, "end_run"))


def test_ice_readings() -> None:
    assert VALENTAO.reading.read == [1, 2] and VALENTAO.reading.scripted == [0, 3]
    assert LOGJAM.reading.read == [2, 3, 4] and SOROCABAN.reading.scripted == [0, 1, 2, 3]
    for record in ICE:
        assert record.reading.status == "executable", record.id


def test_valentao_costs_a_tag_to_rez_and_ends_the_run_for_the_richer_corp() -> None:
    r = _run("hq", [{"card": "valentao"}], ["rez:valentao", "remove_tag"], {"credits": 10}, tags=1)
    g = r.game
    assert g.runner.tags == 0 and g.corp.bad_publicity == 0
    assert g.corp.credits == 10 - 5 + 2 and g.runner.credits == 3 and _ended(r)


def test_piranhas_costs_bad_publicity_and_ends_the_run_when_hq_is_bigger() -> None:
    r = _run("hq", [{"card": "piranhas"}], ["rez:piranhas", "yes"], {"credits": 10, "hand": ["nbn_static_veil"]},
             hand=["spark_of_insight"])  # fmt: skip
    g = r.game
    assert g.corp.bad_publicity == 1 and len(g.corp.hand) == 2 and g.runner.hand == [] and _ended(r)
    r = _run("hq", [{"card": "piranhas", "rezzed": True}], ["no"], hand=["spark_of_insight"] * 3)
    assert not _ended(r)


def test_capacitor_grows_with_tags_and_pays_per_tag() -> None:
    r = _run("hq", [{"card": "capacitor", "rezzed": True}], [], tags=2)
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 5
    assert g.corp.credits == 7 and _ended(r)


def test_boto_trades_a_card_from_hq_for_the_end_of_the_run() -> None:
    r = _run("hq", [{"card": "boto", "rezzed": True}], ["yes", "nbn_static_veil"], {"score_area": FOUR, "hand": ["nbn_static_veil"] * 2},
             hand=["spark_of_insight"] * 3)  # fmt: skip
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 6
    assert len(g.runner.hand) == 1 and len(g.corp.hand) == 1 and not g.corp.discard[0].faceup and _ended(r)


def test_logjam_is_advanced_on_rez_by_the_types_in_archives() -> None:
    r = _run("hq", [{"card": "logjam"}], ["rez:logjam"],
             {"credits": 6, "discard": ["neutral_pilot_scheme", "jinteki_quiet_harvest", "nbn_ad_revenue_share"]})
    g = r.game
    logjam = g.servers["hq"].ice[0]
    assert logjam.advancement == 3 and g.strength_of(logjam) == 3 and g.corp.credits == 2 and _ended(r)


def test_tree_line_can_be_advanced() -> None:
    servers = {"hq": {"ice": [{"card": "tree_line"}]}}
    r = play(RECORDS, ["advance:tree_line"], active="corp", corp=corp(clicks=3, servers=servers))
    tree = r.game.servers["hq"].ice[0]
    assert tree.advancement == 1 and r.game.strength_of(tree) == 5


def test_seraph_taxes_the_encounter() -> None:
    r = _run("hq", [{"card": "seraph", "rezzed": True}], ["lose"], credits=10, hand=["spark_of_insight"] * 4)
    g = r.game
    assert g.runner.credits == 4 and len(g.runner.hand) == 2 and g.runner.tags == 1
    r = _run("hq", [{"card": "seraph", "rezzed": True}], ["tag"], credits=10, hand=["spark_of_insight"] * 4)
    assert r.game.runner.credits == 7 and r.game.runner.tags == 2


def test_jaguarundi_asks_for_a_click_under_threat() -> None:
    r = _run("hq", [{"card": "jaguarundi", "rezzed": True}], ["yes"], {"score_area": FOUR},
             hand=["spark_of_insight"] * 3)  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2 and g.runner.tags == 1 and g.runner.brain_damage == 1
    r = _run("hq", [{"card": "jaguarundi", "rezzed": True}], [], hand=["spark_of_insight"] * 3)
    assert r.game.runner.clicks == 3 and r.game.runner.tags == 1  # no threat: no question


def test_phoneutria_tags_a_full_grip_when_passed() -> None:
    r = _run("hq", [{"card": "phoneutria", "rezzed": True}], ["continue"], hand=["spark_of_insight"] * 6)
    assert r.game.runner.tags == 1 and len(r.game.runner.hand) == 4
    r = _run("hq", [{"card": "phoneutria", "rezzed": True}], ["continue"], hand=["spark_of_insight"] * 5)
    assert r.game.runner.tags == 0


def test_attini_lets_the_runner_pay_unless_threatened() -> None:
    r = _run("hq", [{"card": "attini", "rezzed": True}], ["yes", "no", "yes", "continue"],
             hand=["spark_of_insight"] * 3)  # fmt: skip
    assert r.game.runner.credits == 1 and len(r.game.runner.hand) == 2
    r = _run("hq", [{"card": "attini", "rezzed": True}], ["continue"], {"score_area": [THREE]},
             hand=["spark_of_insight"] * 4)  # fmt: skip
    assert r.game.runner.credits == 5 and len(r.game.runner.hand) == 1


def test_m_i_c_trashes_itself_to_end_the_run() -> None:
    r = _run("hq", [{"card": "m_i_c", "rezzed": True}], ["use:m_i_c/0", "no"])
    g = r.game
    assert _ended(r) and [c.id for c in g.corp.discard] == ["m_i_c"] and not events(r, "encounter")
    r = _run("hq", [{"card": "m_i_c", "rezzed": True}], ["use:m_i_c/0", "yes"])
    assert not _ended(r) and r.game.runner.clicks == 2


def test_starlit_knight_gains_end_the_run_subroutines_per_tag() -> None:
    r = _run("hq", [{"card": "starlit_knight", "rezzed": True}], [], {"score_area": FOUR}, tags=1)
    g = r.game
    assert g.runner.tags == 3 and _ended(r)
    assert [e["subroutines"] for e in events(r, "encounter")] == [3]  # (2 of its text, 1 gained as it was met)
    assert len(events(r, "subroutine")) == 3
    r = _run("hq", [{"card": "starlit_knight", "rezzed": True}], ["continue"], tags=1)
    assert not _ended(r) and r.game.runner.tags == 3


def test_sorocaban_blade_trashes_one_card_an_encounter() -> None:
    rig = [{"card": "garage_lab"}, {"card": "debug_lamp"}, {"card": "hive_siphon"}]
    r = _run("hq", [{"card": "sorocaban_blade", "rezzed": True}], ["continue"], rig=rig)
    assert sorted(c.id for c in r.game.runner.rig) == ["debug_lamp", "hive_siphon"]


def test_hammer_spares_icebreakers() -> None:
    rig = [{"card": "debug_lamp"}, {"card": "shade_key"}, {"card": "hive_siphon"}]
    r = _run("hq", [{"card": "hammer", "rezzed": True}], ["continue"], rig=rig)
    assert [c.id for c in r.game.runner.rig] == ["shade_key"] and r.game.runner.tags == 1


def test_tatu_bola_swaps_itself_for_ice_from_hq() -> None:
    r = _run("hq", [{"card": "tatu_bola", "rezzed": True}], ["break:frame_hammer/0", "nbn_static_veil", "continue"],
             {"hand": ["nbn_static_veil"]}, rig=[{"card": "frame_hammer"}])  # fmt: skip
    g = r.game
    new = g.servers["hq"].ice[0]
    assert new.id == "nbn_static_veil" and not new.rezzed
    assert g.corp.credits == 9 and [c.id for c in g.corp.hand] == ["tatu_bola"]


def test_ablative_barrier_installs_elsewhere_when_rezzed_in_a_run() -> None:
    r = _run("hq", [{"card": "ablative_barrier"}], ["rez:ablative_barrier", "nbn_static_veil", "rnd"],
             {"score_area": [THREE], "discard": ["nbn_static_veil"]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["rnd"].ice] == ["nbn_static_veil"] and g.corp.credits == 3 and _ended(r)


def test_virtual_service_agent_tags_unless_a_decoder_broke_it() -> None:
    r = _run("hq", [{"card": "virtual_service_agent", "rezzed": True}], ["continue"])
    assert r.game.runner.tags == 1 and r.game.runner.credits == 4
    r = _run("hq", [{"card": "virtual_service_agent", "rezzed": True}], ["break:shade_key/0", "continue"],
             rig=[{"card": "shade_key"}])  # fmt: skip
    assert r.game.runner.tags == 0 and r.game.runner.credits == 4


def test_tributary_moves_to_the_attacked_server_and_installs_ice() -> None:
    servers = {"hq": {"ice": [{"card": "tributary", "rezzed": True}]}}
    r = _run("rnd", [], ["yes", "yes", "nbn_static_veil", "archives", "continue"],
             {"servers": servers, "hand": ["nbn_static_veil"], "deck": ["hb_lattice_gate"] * 2})  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["rnd"].ice] == ["tributary"] and not g.servers["hq"].ice
    assert [c.id for c in g.servers["archives"].ice] == ["nbn_static_veil"] and g.corp.credits == 5
    assert [c.id for c in g.corp.hand] == ["hb_lattice_gate"]


def test_descent_goes_back_to_hq_when_the_turn_begins() -> None:
    servers = {"hq": {"ice": [{"card": "descent", "rezzed": True}]}}
    r = play(RECORDS, ["credit", "yes"], active="runner", corp=corp(servers=servers), runner=runner(clicks=1))
    g = r.game
    assert not g.servers["hq"].ice and "descent" in [c.id for c in g.corp.hand]


def test_cloud_eater_bites_when_an_encounter_ends_the_turn_it_was_rezzed() -> None:
    rig = [{"card": "debug_lamp"}]
    r = _run("hq", [{"card": "cloud_eater"}], ["rez:cloud_eater", "tags", "continue"], {"credits": 10},
             rig=rig, hand=["spark_of_insight"] * 5)  # fmt: skip
    g = r.game
    assert g.runner.rig == [] and g.runner.tags == 4 and len(g.runner.hand) == 2
    r = _run("hq", [{"card": "cloud_eater", "rezzed": True}], ["continue"], rig=rig, hand=["spark_of_insight"] * 5)
    assert r.game.runner.tags == 2  # rezzed before this turn: no bite


# ---------------------------------------------------------------- assets, upgrades and identities


def asset(card_id: str, english: list[str], rez: int, trash: int, type_: str = "asset", **fields: Any) -> Any:
    return card(card_id, type_, english, rez_cost=rez, trash_cost=trash, **fields)


def identity(card_id: str, english: list[str], faction: str) -> Any:
    """A corp identity fixture of ``card_id`` with our own ``english``, read as the import reads it."""
    reading = read_card(english, "identity", None, card_id=card_id)
    data = {
        "game": "netrunner", "kind": "identity", "id": card_id, "side": "corp", "faction": faction,
        "min_deck_size": 40, "influence_limit": 15, "set": "dossier_demo", "subtypes": ["division"],
        "name": {"zh-Hans": card_id, "en": card_id}, "text": reading.texts(), "printed_text": {"en": english},
        "reading": reading.record(),
    }  # fmt: skip
    return RECORD_ADAPTER.validate_python(data)


B_1001 = asset("b_1001", ["Drop a Runner tag, during a run on a different server: the run ends."], 1, 3,
               unique=True)  # fmt: skip
CHARLOTTE = asset(
    "charlotte_cacador",
    ["You can advance this asset.",
     "As your turn starts you may take an advancement counter off it for 4[credit] and a card.",
     "[trash] and spend one of its advancement counters: 3[credit] for you."],
    0, 2, unique=True,
)  # fmt: skip
JANAINA = asset(
    "janaina_jk_dumont_kindelan",
    ["When your turn begins, place 3[credit] on this asset.",
     "[click], return it to HQ: take its credits, and you may install a card from HQ."],
    1, 1, unique=True,
)  # fmt: skip
BEHOLD = asset(
    "behold",
    ["The Runner shows it when accessing it in R&D.",
     "Accessed outside Archives: you may pay 4[credit] for 2 Runner tags."],
    0, 0,
)  # fmt: skip
ANGELIQUE = asset(
    "angelique_garza_correa",
    ["Threat 3 → from HQ: [click], 1[credit], reveal and trash it for 1 meat damage.",
     "Accessed while rezzed: you may pay 2[credit] for 2 meat damage."],
    0, 2, type_="upgrade", unique=True,
)  # fmt: skip
BALANCED = asset(
    "balanced_coverage",
    ["As your turn starts you may name a card type and peek at the top of R&D; on a match you may show it for "
     "2[credit]."],  # fmt: skip
    1, 3,
)
FEDERAL = asset(
    "federal_fundraising",
    ["As your turn starts you may look at the top 3 of R&D and reorder them; then, with no ice before this "
     "server, you may draw a card."],  # fmt: skip
    0, 2,
)
COHORT = asset(
    "cohort_guidance_program",
    ["As your turn starts you may either trash a card from HQ for 2[credit] and a draw, or flip a face-down "
     "Archives card up for an advancement counter on an installed card."],  # fmt: skip
    1, 2,
)
HEARTS = asset(
    "hearts_and_minds",
    ["As your turn starts you may shift an advancement counter between installed cards; with no ice before this "
     "server you may also add one to an advanceable card."],  # fmt: skip
    1, 2,
)
POWERS = asset(
    "the_powers_that_be",
    ["After each agenda you score, you may install a card from HQ or Archives for free."],
    1, 3, unique=True,
)  # fmt: skip
VOVO = asset(
    "vovo_ozetti",
    ["Ice before this server rezzes for 2[credit] less.",
     "Threat 4: cards in this root rez for 2[credit] less.",
     "As your turn ends you may move it to another root."],
    1, 2, type_="upgrade", unique=True,
)  # fmt: skip
HOLO = asset(
    "the_holo_man",
    ["As your turn starts you may move it to another root.",
     "Once a turn, [click], 4[credit]: 2 advancement counters on a card in or before this server, 3 if you "
     "installed nothing from HQ this turn."],
    2, 2, type_="upgrade", unique=True,
)  # fmt: skip
ISAAC = asset(
    "isaac_liberdade",
    ["Advanced ice before this server is 2 stronger.",
     "Moved to a root: you may advance an unadvanced ice before that server once.",
     "As your turn ends you may move it to another root."],
    3, 2, type_="upgrade", unique=True,
)  # fmt: skip
ADRIAN = asset(
    "adrian_seis",
    ["A successful run here starts a psi game that limits what the Runner may access.",
     "As your turn ends you may move it to another root."],
    0, 2, type_="upgrade", unique=True,
)  # fmt: skip
EPIPHANY = identity(
    "epiphany_analytica_nations_undivided",
    ["The first steal or trash of a Corp card by the Runner each turn puts a power counter here.",
     "[click], spend a power counter from here: peek at R&D's top 3 and maybe install one."],
    "nbn",
)  # fmt: skip
NUVEM = identity(
    "nuvem_sa_law_of_the_land",
    ["Each operation (or expendable card's action) you complete lets you peek at R&D's top card and maybe bin it.",
     "Binning an R&D card first in one of your turns pays 2[credit]."],
    "weyland",
)  # fmt: skip
PLACED = [B_1001, CHARLOTTE, JANAINA, BEHOLD, ANGELIQUE, BALANCED, FEDERAL, COHORT, HEARTS, POWERS, VOVO, HOLO, ISAAC,
          ADRIAN, EPIPHANY, NUVEM]  # fmt: skip
RECORDS += PLACED


def _corp_turn(decisions: list[str], corp_side: dict[str, Any] | None = None, **runner_side: Any) -> Any:
    """The runner ends its turn (1 click: a credit); the corp's turn begins; ``decisions``."""
    return play(RECORDS, ["credit", *decisions], active="runner", corp=corp(**(corp_side or {})),
                runner=runner(clicks=1, **runner_side))  # fmt: skip


def _remote(*cards: dict[str, Any], ice_list: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"root": list(cards), "ice": ice_list or []}


def test_placed_readings() -> None:
    assert CHARLOTTE.reading.read == [0] and JANAINA.reading.read == [0]
    for record in PLACED:
        assert record.reading.status == "executable", record.id


def test_b_1001_spends_a_tag_to_end_a_run_elsewhere() -> None:
    servers = {"remote1": _remote({"card": "b_1001", "rezzed": True})}
    r = play(RECORDS, ["run:hq", "continue", "use:b_1001/0"], active="runner", corp=corp(servers=servers),
             runner=runner(tags=1))  # fmt: skip
    assert _ended(r) and r.game.runner.tags == 0
    r = play(RECORDS, ["run:remote1", "continue"], active="runner", corp=corp(servers=servers), runner=runner(tags=1))
    assert "use:b_1001#3/0" not in labels(r) and r.game.runner.tags == 1  # not on its own server


def test_charlotte_cacador_cashes_advancement_counters() -> None:
    servers = {"remote1": _remote({"card": "charlotte_cacador", "rezzed": True, "counters": {"advancement": 2}})}
    r = _corp_turn(["yes", "use:charlotte_cacador/2"], {"servers": servers})
    g = r.game
    assert g.corp.credits == 5 + 4 + 3 and len(g.corp.hand) == 2
    assert [c.id for c in g.corp.discard] == ["charlotte_cacador"]


def test_janaina_returns_to_hq_with_her_credits() -> None:
    servers = {"remote1": _remote({"card": "janaina_jk_dumont_kindelan", "rezzed": True, "credits": 6})}
    r = play(RECORDS, ["use:janaina_jk_dumont_kindelan/1", "janaina_jk_dumont_kindelan"], active="corp",
             corp=corp(clicks=3, servers=servers))  # fmt: skip
    g = r.game
    assert g.corp.credits == 11 and g.corp.clicks == 2
    assert [c.id for c in g.servers["remote2"].root] == ["janaina_jk_dumont_kindelan"] and "remote1" not in g.servers


def test_behold_is_revealed_and_tags() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "yes", "leave"], active="runner",
             corp=corp(deck=["behold"], credits=5), runner=runner())  # fmt: skip
    g = r.game
    assert g.runner.tags == 2 and g.corp.credits == 1 and events(r, "reveal")


def test_angelique_hurts_when_accessed_rezzed() -> None:
    servers = {"remote1": _remote({"card": "angelique_garza_correa", "rezzed": True})}
    r = play(RECORDS, ["run:remote1", "continue", "yes", "leave"], active="runner", corp=corp(servers=servers),
             runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.corp.credits == 3


def test_balanced_coverage_pays_for_a_good_guess() -> None:
    servers = {"remote1": _remote({"card": "balanced_coverage", "rezzed": True})}
    r = _corp_turn(["ice", "yes"], {"servers": servers})
    assert r.game.corp.credits == 7
    r = _corp_turn(["agenda"], {"servers": servers})
    assert r.game.corp.credits == 5


def test_federal_fundraising_arranges_rnd_and_draws_without_ice() -> None:
    servers = {"remote1": _remote({"card": "federal_fundraising", "rezzed": True})}
    deck = ["nbn_static_veil", "hb_lattice_gate", "jinteki_quiet_harvest", "neutral_plywood_screen"]
    r = _corp_turn(["yes", "jinteki_quiet_harvest", "nbn_static_veil", "yes"], {"servers": servers, "deck": deck})
    g = r.game
    # drawn: quiet harvest (the trigger), then static veil (the mandatory draw); lattice gate is next
    assert [c.id for c in g.corp.hand] == ["jinteki_quiet_harvest", "nbn_static_veil"]
    assert [c.id for c in g.corp.deck] == ["neutral_plywood_screen", "hb_lattice_gate"]


def test_cohort_guidance_program_trades_a_card_for_credits() -> None:
    servers = {"remote1": _remote({"card": "cohort_guidance_program", "rezzed": True})}
    r = _corp_turn(["hq"], {"servers": servers, "hand": ["nbn_static_veil"]})
    g = r.game
    assert g.corp.credits == 7 and len(g.corp.hand) == 2 and len(g.corp.discard) == 1
    more = {**servers, "remote2": _remote({"card": "neutral_board_resolution"})}
    r = _corp_turn(["archives", "neutral_board_resolution"], {"servers": more, "discard_facedown": ["nbn_static_veil"]})
    g = r.game
    assert g.corp.discard[0].faceup and g.servers["remote2"].root[0].advancement == 1


def test_hearts_and_minds_moves_and_adds_advancement_counters() -> None:
    servers = {
        "remote1": _remote({"card": "hearts_and_minds", "rezzed": True}),
        "remote2": _remote({"card": "neutral_board_resolution", "counters": {"advancement": 2}}),
        "remote3": _remote({"card": "hb_cortex_mapping"}),
    }
    r = _corp_turn(["neutral_board_resolution", "hb_cortex_mapping"], {"servers": servers})
    g = r.game
    assert g.servers["remote2"].root[0].advancement == 1 and g.servers["remote3"].root[0].advancement == 2


def test_the_powers_that_be_installs_for_free_on_each_score() -> None:
    servers = {
        "remote1": _remote({"card": "the_powers_that_be", "rezzed": True}),
        "remote2": _remote({"card": "neutral_board_resolution", "counters": {"advancement": 4}}),
    }
    r = play(RECORDS, ["score:neutral_board_resolution", "weyland_slag_rampart", "hq"], active="corp",
             corp=corp(clicks=2, servers=servers, credits=0, discard=["weyland_slag_rampart"],
                       hand=["nbn_static_veil"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["weyland_slag_rampart"] and g.corp.credits == 0


def test_vovo_ozetti_cheapens_ice_and_moves_at_turn_end() -> None:
    servers = {"remote1": _remote({"card": "vovo_ozetti", "rezzed": True}, ice_list=[{"card": "hb_lattice_gate"}])}
    r = play(RECORDS, ["run:remote1", "rez:hb_lattice_gate"], active="runner", corp=corp(servers=servers, credits=0),
             runner=runner())  # fmt: skip
    assert r.game.servers["remote1"].ice[0].rezzed and r.game.corp.credits == 0
    r = play(RECORDS, ["credit", "yes", "hq"], active="corp", corp=corp(clicks=1, servers=servers))
    g = r.game
    assert [c.id for c in g.servers["hq"].root] == ["vovo_ozetti"] and not g.servers["remote1"].root


def test_the_holo_man_advances_its_server() -> None:
    servers = {"remote1": _remote({"card": "the_holo_man", "rezzed": True},
                                  {"card": "neutral_board_resolution"})}  # fmt: skip
    r = play(RECORDS, ["use:the_holo_man/1", "neutral_board_resolution"], active="corp",
             corp=corp(clicks=3, servers=servers))  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[1].advancement == 3 and g.corp.credits == 1
    assert not any(o.startswith("use:the_holo_man") for o in labels(r))  # once a turn
    r = play(RECORDS, ["install:nbn_static_veil@hq", "use:the_holo_man/1", "neutral_board_resolution"],
             active="corp", corp=corp(clicks=3, servers=servers, hand=["nbn_static_veil"]))  # fmt: skip
    assert r.game.servers["remote1"].root[1].advancement == 2  # a card was installed from HQ this turn
    r = _corp_turn(["yes", "hq"], {"servers": servers})
    assert [c.id for c in r.game.servers["hq"].root] == ["the_holo_man"]


def test_isaac_and_adrian_move_at_turn_end() -> None:
    servers = {"remote1": _remote({"card": "isaac_liberdade", "rezzed": True}, {"card": "adrian_seis", "rezzed": True})}
    r = play(RECORDS, ["credit", "isaac_liberdade: your_turn_end", "yes", "hq", "yes", "rnd"], active="corp", corp=corp(clicks=1, servers=servers))
    g = r.game
    moved = {c.id for s in ("hq", "rnd") for c in g.servers[s].root}
    assert moved == {"isaac_liberdade", "adrian_seis"} and "remote1" not in g.servers


def test_epiphany_analytica_counts_the_first_steal_and_digs_in_rnd() -> None:
    servers = {"remote1": _remote({"card": "neutral_board_resolution"})}
    deck = ["hb_lattice_gate", "weyland_ore_refinery", "nbn_static_veil", "hb_lattice_gate"]
    r = play(RECORDS, ["run:remote1", "continue", "run:hq", "continue"], active="runner",
             corp=corp(identity="epiphany_analytica_nations_undivided", servers=servers, deck=deck,
                       hand=["nbn_ad_revenue_share"]),
             runner=runner(clicks=2))  # fmt: skip
    g = r.game
    assert g.corp.identity.counters == {"power": 1}  # the first steal of the turn only
    use = "use:epiphany_analytica_nations_undivided/2"
    assert any(o.startswith("use:epiphany_analytica_nations_undivided#") for o in labels(r))
    r = play(RECORDS, ["run:remote1", "continue", "run:hq", "continue", use, "weyland_ore_refinery"],
             active="runner",
             corp=corp(identity="epiphany_analytica_nations_undivided", servers=servers, deck=deck,
                       hand=["nbn_ad_revenue_share"]),
             runner=runner(clicks=2))  # fmt: skip
    g = r.game
    assert "power" not in g.corp.identity.counters and g.corp.clicks == 2
    assert [c.id for c in g.installed("corp")] == ["weyland_ore_refinery"] and len(g.corp.deck) == 2


def test_epiphany_counts_a_card_trashed_from_hq() -> None:
    r = play(RECORDS, ["run:hq", "continue", "trash:nbn_billboard_network"], active="runner",
             corp=corp(identity="epiphany_analytica_nations_undivided", hand=["nbn_billboard_network"]),
             runner=runner(clicks=2))  # fmt: skip
    assert r.game.corp.identity.counters == {"power": 1}


def test_nuvem_looks_at_rnd_after_each_operation() -> None:
    r = play(RECORDS, ["play:jinteki_quiet_harvest", "yes"], active="corp",
             corp=corp(identity="nuvem_sa_law_of_the_land", clicks=2, hand=["jinteki_quiet_harvest"],
                       deck=["nbn_static_veil", "hb_lattice_gate"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.deck] == ["hb_lattice_gate"] and [c.id for c in g.corp.discard][-1] == "nbn_static_veil"
    assert g.corp.credits == 5 - 1 + 4 + 2  # the first card trashed from R&D this turn pays 2


def test_nuvem_pays_only_for_the_first_card_trashed_from_rnd_in_a_turn() -> None:
    r = play(RECORDS, ["play:jinteki_quiet_harvest", "yes", "play:jinteki_quiet_harvest", "yes"], active="corp",
             corp=corp(identity="nuvem_sa_law_of_the_land", clicks=3, hand=["jinteki_quiet_harvest"] * 2,
                       deck=["nbn_static_veil", "hb_lattice_gate", "hb_lattice_gate"]))  # fmt: skip
    g = r.game
    assert len(g.corp.deck) == 1 and g.corp.credits == 5 + 3 + 3 + 2
    r = play(RECORDS, ["run:rnd", "continue", "trash:nbn_billboard_network"], active="runner",
             corp=corp(identity="nuvem_sa_law_of_the_land", deck=["nbn_billboard_network"]), runner=runner())  # fmt: skip
    assert r.game.corp.credits == 5 and len(r.game.corp.discard) == 1  # the runner's trash pays nothing


# ---------------------------------------------------------------- cards that answer every rez


CYBERSAND = asset(
    "cybersand_harvester",
    ["Every ice you rez puts 2[credit] on it.",
     "Its credits may pay install costs.",
     "[trash]: take all its credits."],
    2, 4,
)  # fmt: skip
PROTOTYPE = asset(
    "working_prototype",
    ["Every card you rez (this one too) puts a power counter on it.",
     "[click], hosted power counter: Gain 3[credit].",
     "[click], spend 5 of its power counters: 6[credit] for you, and one Runner resource back on the stack."],
    1, 2, subtypes=["hostile"],
)  # fmt: skip
STEGODON = agenda(
    "stegodon_mk_iv",
    ["In a run during which ice was derezzed, icebreakers are 2 weaker.",
     "Once a turn, as a run begins, you may derez an ice away from the attacked server for 1[credit]."],
    1,
    3,
)  # fmt: skip
THUNDERBOLT = identity(
    "thunderbolt_armaments_peace_through_power",
    ["AP or destroyer ice you rez in a run is 1 stronger and gets a last subroutine until the run ends: the run "
     "ends unless the Runner trashes one of their installed cards."],  # fmt: skip
    "haas_bioroid",
)
REZ_CARDS = [CYBERSAND, PROTOTYPE, STEGODON, THUNDERBOLT]
RECORDS += REZ_CARDS


def test_rez_card_readings() -> None:
    for record in REZ_CARDS:
        assert record.reading.status == "executable", record.id
    assert PROTOTYPE.reading.read == [1] and PROTOTYPE.reading.scripted == [0, 2]


def test_cybersand_harvester_banks_credits_for_installs() -> None:
    servers = {"remote1": _remote({"card": "cybersand_harvester", "rezzed": True}),
               "hq": {"ice": [{"card": "hb_lattice_gate"}]}}  # fmt: skip
    r = _run("hq", [{"card": "hb_lattice_gate"}], ["rez:hb_lattice_gate"], {"servers": servers})
    assert r.game.servers["remote1"].root[0].credits == 2 and r.game.corp.credits == 3
    servers = {"remote1": _remote({"card": "cybersand_harvester", "rezzed": True, "credits": 4}),
               "hq": {"ice": [{"card": "hb_lattice_gate"}]}}  # fmt: skip
    r = play(RECORDS, ["install:nbn_static_veil@hq", "use:cybersand_harvester/1"], active="corp",
             corp=corp(clicks=3, credits=0, servers=servers, hand=["nbn_static_veil"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["hb_lattice_gate", "nbn_static_veil"]
    assert g.corp.credits == 3 and [c.id for c in g.corp.discard] == ["cybersand_harvester"]


def test_working_prototype_counts_rezzes_and_pays_out() -> None:
    servers = {"remote1": _remote({"card": "working_prototype"}), "remote2": _remote({"card": "nbn_press_office"})}
    r = play(RECORDS, ["rez:working_prototype", "rez:nbn_press_office"], active="corp",
             corp=corp(clicks=3, servers=servers))  # fmt: skip
    assert r.game.servers["remote1"].root[0].counters == {"power": 2}
    servers = {"remote1": _remote({"card": "working_prototype", "rezzed": True, "counters": {"power": 5}})}
    r = play(RECORDS, ["use:working_prototype/2"], active="corp", corp=corp(clicks=3, servers=servers),
             runner=runner(rig=[{"card": "garage_lab"}]))  # fmt: skip
    g = r.game
    assert g.corp.credits == 11 and g.runner.rig == [] and g.runner.deck[-1].id == "garage_lab"
    assert "power" not in g.servers["remote1"].root[0].counters


def test_stegodon_derezzes_ice_and_weakens_icebreakers() -> None:
    servers = {"rnd": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}
    r = _run("hq", [{"card": "hb_lattice_gate", "rezzed": True}], ["nbn_static_veil"],
             {"servers": servers, "score_area": ["stegodon_mk_iv"]}, rig=[{"card": "shade_key"}])  # fmt: skip
    g = r.game
    assert not g.servers["rnd"].ice[0].rezzed and g.corp.credits == 6
    assert g.strength_of(g.runner.rig[0]) == 0 and "boost:" in " ".join(labels(r))
    assert not any(o.startswith("break:") for o in labels(r))  # 2 - 2 = 0 against a strength-2 code gate


def test_thunderbolt_armaments_arms_ap_ice_rezzed_in_a_run() -> None:
    r = _run("hq", [{"card": "jinteki_needle_choir"}], ["rez:jinteki_needle_choir", "no"],
             {"identity": "thunderbolt_armaments_peace_through_power"}, hand=["spark_of_insight"] * 3,
             rig=[{"card": "garage_lab"}])  # fmt: skip
    g = r.game
    choir = g.servers["hq"].ice[0]
    assert events(r, "encounter")[0]["strength"] == 2 and g.strength_of(choir) == 1  # +1 for the run only
    assert _ended(r) and len(g.runner.hand) == 1 and g.runner.rig
    r = _run("hq", [{"card": "jinteki_needle_choir"}], ["rez:jinteki_needle_choir", "yes", "continue"],
             {"identity": "thunderbolt_armaments_peace_through_power"}, hand=["spark_of_insight"] * 3,
             rig=[{"card": "garage_lab"}])  # fmt: skip
    assert not _ended(r) and r.game.runner.rig == []


# ---------------------------------------------------------------- the third pass: cards the engine can now do

ACTIVE_POLICING = card(
    "active_policing",
    "operation",
    ["Playable only after a runner turn that stole or trashed a Corp card.",
     "Once it resolves, the Corp's action phase is over.",
     "You may install a card from HQ; the Runner's next turn starts with one [click] fewer.",
     "Threat 3: for 2[credit] more, the Runner's next turn starts with yet another [click] fewer."],  # fmt: skip
    cost=0,
    subtypes=["terminal", "gray_ops"],
)
SLASH = agenda(
    "slash_and_burn_agriculture",
    ["From HQ: [click], 1[credit], reveal and trash it for 2 advancement counters on an advanceable installed card."],
    2,
    4,
    subtypes=["expansion", "expendable"],
)
LIGHTNING = agenda(
    "lightning_laboratory",
    ["When you score this agenda, place 1 agenda counter on it.",
     "As any run begins you may spend its agenda counter to rez up to 2 ice before the attacked server for free; "
     "that turn ends with 2 ice before that server derezzed."],  # fmt: skip
    2,
    4,
)
LYCIAN = ice(
    "lycian_multi_munition",
    ["Rezzed: pick at least one of barrier, code gate and sentry; it is of those types while it stays rezzed.",
     "Every turn ends with it derezzed.",
     "[subroutine] As a code gate: the Runner loses [click] and 1[credit].",
     "[subroutine] As a sentry: a Runner program goes to the heap.",
     "[subroutine] As a barrier: you take 1[credit] and the run stops."],
    3, 1, ["mythic", "destroyer"], unique=True,
)  # fmt: skip
BRASILIA = asset(
    "brasilia_government_grid",
    ["Once a turn, rezzing ice during a run on this server, you may derez some other installed ice: the new one is "
     "3 stronger until the run ends.",
     "A server holds one region at most."],
    0, 3, type_="upgrade", subtypes=["region"],
)  # fmt: skip
DANIELA = asset(
    "daniela_jorge_inacio",
    ["The Runner trashes it only by also sending 2 random grip cards to the bottom of the stack.",
     "Persistent: stealing an agenda from this server costs the Runner the same."],
    2, 2, type_="upgrade", unique=True,
)  # fmt: skip
TUCANA = asset(
    "tucana",
    ["Remote roots only.",
     "Persistent: an agenda scored or stolen from this root lets you fetch an ice from R&D (shuffled after), "
     "installed and rezzed for 3[credit] less in all."],
    2, 1, type_="upgrade", unique=True,
)  # fmt: skip
FRONT = asset(
    "front_company",
    ["Rezzable in your own turn only.",
     "A turn's first run may not target a remote server.",
     "A turn's first Archives run does 2 net damage as it begins, while no ice guards this server."],
    2, 2, unique=True,
)  # fmt: skip
WAGE = asset(
    "wage_workers",
    ["Finishing an action you have now taken exactly 3 times this turn gives you [click]."],
    2, 4, unique=True,
)  # fmt: skip
WARM = asset(
    "warm_reception",
    ["As your turn starts you may install a card from HQ, unscorable this turn; then, with no ice before this "
     "server, you may derez this asset to derez another installed card."],  # fmt: skip
    1, 2,
)
A_TEIA = identity(
    "a_teia_ip_recovery",
    ["Two remote servers at most.",
     "Your first install each turn in or before a remote server lets you install an HQ card free in or before "
     "another remote server, unscorable this turn."],
    "jinteki",
)  # fmt: skip
AI_BREAKER = card("liberation_test_ai", "program", ["1[credit]: Break 1 sentry subroutine."], cost=1,
                  memory_cost=1, strength=9, subtypes=["icebreaker", "ai"])  # fmt: skip
AI_DOUBLE = card("liberation_test_ai_double", "program", ["1[credit]: Break up to 2 sentry subroutines."], cost=1,
                 memory_cost=1, strength=9, subtypes=["icebreaker", "ai"])  # fmt: skip
KILLER = card("liberation_test_killer", "program", ["1[credit]: Break 1 sentry subroutine."], cost=1,
              memory_cost=1, strength=9, subtypes=["icebreaker", "killer"])  # fmt: skip
THIRD = [ACTIVE_POLICING, SLASH, LIGHTNING, LYCIAN, BRASILIA, DANIELA, TUCANA, FRONT, WAGE, WARM, A_TEIA]
RECORDS += [*THIRD, AI_BREAKER, AI_DOUBLE, KILLER]


def test_third_pass_readings() -> None:
    for record in THIRD:
        assert record.reading.status == "executable", record.id
    assert LIGHTNING.reading.read == [0] and LIGHTNING.reading.scripted == [1]


def test_active_policing_installs_and_takes_the_runners_clicks() -> None:
    r = _steal_then({"hand": ["active_policing", "nbn_static_veil"], "score_area": [THREE]},
                    ["play:active_policing", "nbn_static_veil", "hq", "yes"])  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["nbn_static_veil"] and g.corp.credits == 3
    assert g.active == "runner" and g.runner.clicks == 2  # 4 less 1, less 1 more for 2 credits
    r = _steal_then({"hand": ["active_policing"]}, ["play:active_policing", "done"])
    assert r.game.active == "runner" and r.game.runner.clicks == 3 and r.game.corp.credits == 5


def test_slash_and_burn_advances_from_hq() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}
    r = play(RECORDS, ["use:slash_and_burn_agriculture/0"], active="corp",
             corp=corp(clicks=3, servers=servers, hand=["slash_and_burn_agriculture"]))  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 2 and g.corp.clicks == 2 and g.corp.credits == 4
    assert [c.id for c in g.corp.discard] == ["slash_and_burn_agriculture"] and not g.corp.discard[0].faceup
    assert events(r, "reveal")[0]["zone"] == "hq"
    r = play(RECORDS, [], active="corp", corp=corp(clicks=3, hand=["slash_and_burn_agriculture"]))
    assert not any(o.startswith("use:slash_and_burn") for o in labels(r))  # nothing to advance


def test_lightning_laboratory_rezzes_for_the_run_and_derezzes_at_turn_end() -> None:
    servers = {"remote1": {"root": [{"card": "lightning_laboratory", "counters": {"advancement": 4}}]},
               "hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "hb_lattice_gate"}]}}  # fmt: skip
    decisions = ["score:lightning_laboratory", "credit", "run:hq", "yes", "hb_lattice_gate", "neutral_plywood_screen"]
    r = play(RECORDS, decisions, active="corp", corp=corp(clicks=1, servers=servers))
    g = r.game
    assert all(c.rezzed for c in g.servers["hq"].ice) and g.corp.credits == 6  # free rezzes
    assert "agenda" not in g.corp.score_area[0].counters and _ended(r)
    r = play(RECORDS, [*decisions, "credit", "credit", "credit", "hb_lattice_gate"], active="corp",
             corp=corp(clicks=1, servers=servers))  # fmt: skip
    assert not any(c.rezzed for c in r.game.servers["hq"].ice) and r.game.active == "corp"


def test_lycian_multi_munition_takes_the_subtypes_chosen_until_the_turn_ends() -> None:
    r = _run("hq", [{"card": "lycian_multi_munition"}], ["rez:lycian_multi_munition", "code_gate", "sentry", "done",
             "continue"], rig=[{"card": "hive_siphon"}])  # fmt: skip
    g = r.game
    lycian = g.servers["hq"].ice[0]
    assert {"code_gate", "sentry"} <= set(lycian.subtypes) and "barrier" not in lycian.subtypes
    assert g.runner.clicks == 2 and g.runner.credits == 4 and g.runner.rig == [] and not _ended(r)
    assert g.corp.credits == 2
    r = _run("hq", [{"card": "lycian_multi_munition"}], ["rez:lycian_multi_munition", "barrier", "done", "credit",
             "credit", "credit"])  # fmt: skip
    g = r.game
    lycian = g.servers["hq"].ice[0]
    assert _ended(r) and g.corp.credits == 3  # 5 - 3 + 1
    assert not lycian.rezzed and lycian.subtypes == ("mythic", "destroyer") and g.active == "corp"


def test_brasilia_derezzes_other_ice_to_strengthen_the_rezzed_one() -> None:
    servers = {"remote1": _remote({"card": "brasilia_government_grid", "rezzed": True},
                                  ice_list=[{"card": "hb_lattice_gate"}]),
               "rnd": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, ["run:remote1", "rez:hb_lattice_gate", "nbn_static_veil"], active="runner",
             corp=corp(servers=servers), runner=runner())  # fmt: skip
    g = r.game
    assert not g.servers["rnd"].ice[0].rezzed and events(r, "encounter")[0]["strength"] == 5
    assert _ended(r) and g.strength_of(g.servers["remote1"].ice[0]) == 2  # +3 for that run only
    r = play(RECORDS, ["install:brasilia_government_grid@remote1"], active="corp",
             corp=corp(clicks=3, hand=["brasilia_government_grid"],
                       servers={"remote1": _remote({"card": "jinteki_torii_grid"})}))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["brasilia_government_grid"]
    assert [c.id for c in g.corp.discard] == ["jinteki_torii_grid"]


def _daniela_run(decisions: list[str], hand: int) -> Any:
    servers = {"remote1": _remote({"card": "daniela_jorge_inacio", "rezzed": True},
                                  {"card": "neutral_board_resolution"})}  # fmt: skip
    return play(RECORDS, ["run:remote1", "continue", *decisions], active="runner", corp=corp(servers=servers),
                runner=runner(hand=["light_fingers"] * hand))  # fmt: skip


def test_daniela_makes_stealing_cost_two_grip_cards() -> None:
    r = _daniela_run(["leave", "steal:neutral_board_resolution"], 3)
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_board_resolution"]
    assert len(g.runner.hand) == 1 and [c.id for c in g.runner.deck[:2]] == ["light_fingers"] * 2
    r = _daniela_run(["daniela_jorge_inacio"], 1)  # too few cards: neither trashing her nor stealing is possible
    g = r.game
    assert not g.runner.score_area and len(g.servers["remote1"].root) == 2 and events(r, "steal_declined")


def test_daniela_trashed_still_taxes_the_steal_in_that_run() -> None:
    r = _daniela_run(["trash:daniela_jorge_inacio", "steal:neutral_board_resolution"], 4)
    g = r.game
    assert [c.id for c in g.corp.discard] == ["daniela_jorge_inacio"] and g.runner.credits == 3
    assert g.runner.hand == [] and len(g.runner.deck) == 7 and len(g.runner.score_area) == 1


def test_tucana_is_remote_only_and_fetches_ice_when_an_agenda_is_scored() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(clicks=3, hand=["tucana"]))
    assert any(o.startswith("install:tucana") and o.endswith("@new") for o in labels(r))
    assert not any(o.startswith("install:tucana") and o.endswith("@hq") for o in labels(r))
    servers = {"remote1": _remote({"card": "tucana", "rezzed": True},
                                  {"card": "neutral_board_resolution", "counters": {"advancement": 4}})}  # fmt: skip
    r = play(RECORDS, ["score:neutral_board_resolution", "yes", "weyland_slag_rampart", "hq"], active="corp",
             corp=corp(clicks=3, servers=servers, deck=["weyland_slag_rampart", "neutral_plywood_screen"]))  # fmt: skip
    g = r.game
    rampart = g.servers["hq"].ice[0]
    assert rampart.id == "weyland_slag_rampart" and rampart.rezzed
    assert g.corp.credits == 5 - max(0, int(rampart.record.rez_cost or 0) - 3)


def test_tucana_trashed_by_the_runner_still_answers_the_steal() -> None:
    servers = {"remote1": _remote({"card": "tucana", "rezzed": True}, {"card": "neutral_board_resolution"})}
    r = play(RECORDS, ["run:remote1", "continue", "trash:tucana", "yes", "hq"], active="runner",
             corp=corp(servers=servers, deck=["hb_lattice_gate"]), runner=runner())  # fmt: skip
    g = r.game
    assert len(g.runner.score_area) == 1 and [c.id for c in g.corp.discard] == ["tucana"]
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 5  # 2 to rez, 3 less


def test_front_company_restricts_runs_and_hurts_on_archives() -> None:
    servers = {"remote1": _remote({"card": "front_company", "rezzed": True})}
    r = play(RECORDS, [], active="runner", corp=corp(servers=servers), runner=runner())
    assert "run:remote1" not in labels(r) and "run:hq" in labels(r)
    r = play(RECORDS, ["run:hq", "continue"], active="runner", corp=corp(servers=servers), runner=runner())
    assert "run:remote1" in labels(r)
    r = play(RECORDS, ["run:archives", "continue", "run:archives", "continue"], active="runner",
             corp=corp(servers=servers), runner=runner(hand=["light_fingers"] * 3))  # fmt: skip
    assert len(r.game.runner.hand) == 1  # only the first Archives run of the turn
    guarded = {"remote1": _remote({"card": "front_company", "rezzed": True}, ice_list=[{"card": "nbn_static_veil"}])}
    r = play(RECORDS, ["run:archives", "continue"], active="runner", corp=corp(servers=guarded),
             runner=runner(hand=["light_fingers"] * 3))  # fmt: skip
    assert len(r.game.runner.hand) == 3


def test_front_company_is_rezzed_in_the_corps_turn_only() -> None:
    servers = {"remote1": _remote({"card": "front_company"})}
    r = play(RECORDS, [], active="runner", corp=corp(servers=servers), runner=runner())
    front = r.game.servers["remote1"].root[0]
    assert not r.game.can_rez(front)
    r = play(RECORDS, ["rez:front_company"], active="corp", corp=corp(clicks=3, servers=servers))
    assert r.game.servers["remote1"].root[0].rezzed


def test_wage_workers_pays_a_click_for_the_third_same_action() -> None:
    servers = {"remote1": _remote({"card": "wage_workers", "rezzed": True})}
    r = play(RECORDS, ["credit", "credit", "credit"], active="corp", corp=corp(clicks=3, servers=servers))
    g = r.game
    assert g.corp.clicks == 1 and g.corp.credits == 8
    r = play(RECORDS, ["credit", "credit", "credit", "credit"], active="corp", corp=corp(clicks=3, servers=servers))
    assert r.game.active == "runner"  # the fourth credit gave no click: the turn is over
    r = play(RECORDS, ["credit", "draw", "credit"], active="corp", corp=corp(clicks=3, servers=servers))
    assert r.game.active == "runner"


def test_warm_reception_installs_unscorably_and_derezzes() -> None:
    servers = {"remote1": _remote({"card": "warm_reception", "rezzed": True}),
               "remote2": _remote({"card": "nbn_press_office", "rezzed": True})}  # fmt: skip
    r = _corp_turn(["neutral_pilot_scheme", "nbn_press_office", "advance:neutral_pilot_scheme",
                    "advance:neutral_pilot_scheme"],
                   {"servers": servers, "hand": ["neutral_pilot_scheme"], "credits": 5})  # fmt: skip
    g = r.game
    scheme = g.servers["remote3"].root[0]
    assert scheme.advancement == 2 and not any(o.startswith("score:") for o in labels(r))
    assert not g.servers["remote1"].root[0].rezzed and not g.servers["remote2"].root[0].rezzed


def test_a_teia_limits_remotes_and_installs_a_second_card_for_free() -> None:
    servers = {"remote2": _remote(ice_list=[{"card": "nbn_static_veil"}])}
    r = play(RECORDS, ["install:nbn_billboard_network@new", "hb_lattice_gate"], active="corp",
             corp=corp(identity="a_teia_ip_recovery", clicks=3, servers=servers,
                       hand=["nbn_billboard_network", "hb_lattice_gate", "jinteki_clone_nursery"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote2"].ice] == ["nbn_static_veil", "hb_lattice_gate"] and g.corp.credits == 5
    assert not any(o.startswith("install:jinteki_clone_nursery") and o.endswith("@new") for o in labels(r))
    r = play(RECORDS, ["install:nbn_billboard_network@new", "neutral_pilot_scheme", "advance:neutral_pilot_scheme",
                       "advance:neutral_pilot_scheme"], active="corp",
             corp=corp(identity="a_teia_ip_recovery", clicks=3,
                       hand=["nbn_billboard_network", "neutral_pilot_scheme"]))  # fmt: skip
    g = r.game
    assert g.servers["remote2"].root[0].advancement == 2 and not any(o.startswith("score:") for o in labels(r))


# ---------------------------------------------------------------- what the third pass added to earlier scripts


def test_hand_abilities_of_expendable_cards() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["use:tree_line/0"], active="corp", corp=corp(clicks=3, servers=servers, hand=["tree_line"]))
    g = r.game
    assert g.servers["hq"].ice[0].advancement == 3 and g.corp.credits == 4 and g.corp.clicks == 2
    r = play(RECORDS, ["use:descent/0", "neutral_board_resolution", "neutral_pilot_scheme"], active="corp",
             corp=corp(clicks=3, hand=["descent", "neutral_board_resolution"], discard=["neutral_pilot_scheme"],
                       deck=["nbn_static_veil"]))  # fmt: skip
    g = r.game
    assert sorted(c.id for c in g.corp.deck) == ["neutral_board_resolution", "neutral_pilot_scheme"]
    assert [c.id for c in g.corp.hand] == ["nbn_static_veil"] and [c.id for c in g.corp.discard] == ["descent"]
    r = play(RECORDS, [], active="corp", corp=corp(clicks=3, hand=["angelique_garza_correa"]))
    assert not any(o.startswith("use:angelique") for o in labels(r))  # no threat of 3
    r = play(RECORDS, ["use:angelique_garza_correa/0"], active="corp",
             corp=corp(clicks=3, hand=["angelique_garza_correa"], score_area=[THREE]),
             runner=runner(hand=["light_fingers"] * 2))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.corp.credits == 4


def test_eminent_domain_from_hq_installs_and_rezzes_5_credits_cheaper() -> None:
    servers = {"hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "neutral_plywood_screen"}]}}
    r = play(RECORDS, ["use:eminent_domain/0", "hq"], active="corp",
             corp=corp(clicks=3, credits=3, servers=servers, hand=["eminent_domain", "hb_sentinel_frame"]))  # fmt: skip
    g = r.game
    frame = g.servers["hq"].ice[-1]
    assert frame.id == "hb_sentinel_frame" and frame.rezzed
    assert g.corp.credits == 3 - 1 - (2 + 5 - 5)  # the ability's credit, then 2 to install and 5 to rez, 5 off


def test_hammer_lets_only_killers_break_a_second_printed_subroutine() -> None:
    rig = [{"card": "liberation_test_ai"}, {"card": "liberation_test_killer"}]
    r = _run("hq", [{"card": "hammer", "rezzed": True}], ["break:liberation_test_ai/0", "sub:1"], rig=rig)
    assert not any(o.startswith("break:liberation_test_ai") for o in labels(r))
    assert any(o.startswith("break:liberation_test_killer") for o in labels(r))
    r = _run("hq", [{"card": "hammer", "rezzed": True}], ["break:liberation_test_ai_double/0", "sub:1", "sub:2"],
             rig=[{"card": "liberation_test_ai_double"}])  # fmt: skip
    g = r.game
    assert [e["index"] for e in events(r, "subroutine")] == [2, 3] and events(r, "break_failed")
    assert g.runner.tags == 0 and g.runner.rig == []  # the tag broken; the AI program trashed by the third


def test_tributary_last_subroutine_strengthens_every_ice_for_the_run() -> None:
    servers = {"rnd": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}
    r = _run("hq", [{"card": "tributary", "rezzed": True}], ["no", "done", "no"], {"servers": servers},
             rig=[{"card": "shade_key"}])  # fmt: skip
    g = r.game
    veil, tributary = g.servers["rnd"].ice[0], g.servers["hq"].ice[0]
    assert g.current_run is not None and g.strength_of(veil) == 3 and g.strength_of(tributary) == 6
    r = _run("hq", [{"card": "tributary", "rezzed": True}], ["no", "done", "no", "continue"], {"servers": servers},
             rig=[{"card": "shade_key"}])  # fmt: skip
    assert r.game.current_run is None and r.game.strength_of(r.game.servers["rnd"].ice[0]) == 1


def test_isaac_strengthens_advanced_ice_and_advances_where_he_arrives() -> None:
    servers = {"remote1": _remote({"card": "isaac_liberdade", "rezzed": True},
                                  ice_list=[{"card": "nbn_static_veil", "counters": {"advancement": 1}}]),
               "hq": {"ice": [{"card": "hb_lattice_gate"}]}}  # fmt: skip
    r = play(RECORDS, ["credit", "yes", "hq", "hb_lattice_gate"], active="corp", corp=corp(clicks=1, servers=servers))
    g = r.game
    assert g.strength_of(g.servers["remote1"].ice[0]) == 1  # he left: no more +2
    gate = g.servers["hq"].ice[0]
    assert gate.advancement == 1 and g.strength_of(gate) == 4
    r = play(RECORDS, [], active="corp", corp=corp(clicks=1, servers=servers))
    assert r.game.strength_of(r.game.servers["remote1"].ice[0]) == 3


def test_adrian_seis_limits_access_by_the_psi_game() -> None:
    servers = {"remote1": _remote({"card": "adrian_seis", "rezzed": True}, {"card": "neutral_board_resolution"})}
    r = play(RECORDS, ["run:remote1", "continue", "bid:0", "bid:1", "leave"], active="runner",
             corp=corp(servers=servers), runner=runner())  # fmt: skip
    g = r.game
    assert [e.get("card") for e in events(r, "access")] == [str(g.servers["remote1"].root[0])]
    assert not g.runner.score_area  # the bids differed: only Adrian was accessed
    r = play(RECORDS, ["run:remote1", "continue", "bid:1", "bid:1"], active="runner",
             corp=corp(servers=servers), runner=runner())  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_board_resolution"]
    assert all("adrian" not in str(e.get("card")) for e in events(r, "access"))


def test_nuvem_also_answers_an_expendable_cards_action() -> None:
    servers = {"hq": {"ice": [{"card": "nbn_static_veil"}]}}
    r = play(RECORDS, ["use:tree_line/0", "yes"], active="corp",
             corp=corp(identity="nuvem_sa_law_of_the_land", clicks=3, servers=servers, hand=["tree_line"],
                       deck=["hb_lattice_gate", "nbn_static_veil"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.deck] == ["nbn_static_veil"] and len(g.corp.discard) == 2


# ---------------------------------------------------------------- the fourth pass


def test_oracle_thinktank_goes_back_into_rnd_for_a_click_and_a_tag() -> None:
    servers = {"remote1": {"root": [{"card": "oracle_thinktank"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "use:oracle_thinktank/1"], active="runner",
             corp=corp(servers=servers), runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert g.runner.tags == 0 and not g.runner.score_area and g.agenda_points("runner") == 0
    assert "oracle_thinktank" in [c.id for c in g.corp.deck] and g.corp.clicks == 2
    r = play(RECORDS, ["run:remote1", "continue", "remove_tag"], active="runner",
             corp=corp(servers=servers), runner=runner(clicks=2))  # fmt: skip
    assert not any(label.startswith("use:oracle_thinktank") for label in labels(r))  # no tag: nothing to pay with


def test_stoke_the_embers_installed_from_archives_may_be_revealed_for_credits_and_an_advancement() -> None:
    servers = {
        "remote1": {"root": [{"card": "the_powers_that_be", "rezzed": True}]},
        "remote2": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 4}}]},
    }
    r = play(RECORDS, ["score:neutral_board_resolution", "stoke_the_embers", "yes", "the_powers_that_be"],
             active="corp", corp=corp(clicks=2, servers=servers, credits=0, discard=["stoke_the_embers"]))  # fmt: skip
    g = r.game
    stoke = next(c for c in g.installed("corp") if c.id == "stoke_the_embers")
    powers = next(c for c in g.installed("corp") if c.id == "the_powers_that_be")
    assert g.corp.credits == 2 and powers.advancement == 1 and stoke.advancement == 0
    assert events(r, "reveal")[-1]["card"] == str(stoke)
    r = play(RECORDS, ["install:stoke_the_embers@new"], active="corp", corp=corp(hand=["stoke_the_embers"]))
    assert r.game.corp.credits == 5 and not events(r, "reveal")  # from HQ: nothing to reveal
