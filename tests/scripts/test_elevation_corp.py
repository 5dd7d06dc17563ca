"""The Elevation corp card and identity scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import bundled, card, events, labels, play


def _identity(card_id: str, english: list[str], **fields: Any) -> Any:
    reading = read_card(english, "identity", card_id=card_id)
    data = {
        "id": card_id,
        "kind": "identity",
        "game": "netrunner",
        "side": "corp",
        "set": "dossier_demo",
        "name": {"zh-Hans": card_id, "en": card_id},
        "text": reading.texts(),
        "printed_text": {"en": english},
        "reading": reading.record(),
        "min_deck_size": 40,
        "influence_limit": 15,
        "subtypes": ["division"],
        **fields,
    }
    return RECORD_ADAPTER.validate_python(data)


# ---------------------------------------------------------------- fixtures (our own wording of each paragraph)

ANTHILL = card(
    "anthill_excavation_contract",
    "asset",
    ["Rezzing it loads 8[credit] onto it; once it holds none, it goes to Archives.",
     "When your turn begins, take 4[credit] from this asset and draw 1 card."],  # fmt: skip
    rez_cost=3,
    trash_cost=1,
)
OTTO = card(
    "otto_campaign",
    "asset",
    ["Rezzing it loads 6[credit] onto it; emptied, it is trashed and you gain [click][click].",
     "When your turn begins, take 2[credit] from this asset."],  # fmt: skip
    rez_cost=2,
    trash_cost=2,
)
FLYSWATTER = card(
    "flyswatter",
    "ice",
    ["Rezzed while its own server is being run, it purges every virus counter.", "[subroutine] End the run."],
    rez_cost=2,
    strength=0,
    subtypes=["code_gate"],
)
DOOMSCROLL = card(
    "doomscroll",
    "ice",
    ["[subroutine] Give the Runner 1 tag.", "[subroutine] Do 1 net damage.",
     "[subroutine] A Runner carrying 2 or more tags suffers 2 net damage."],  # fmt: skip
    rez_cost=3,
    strength=3,
    subtypes=["sentry", "ap", "observer"],
)
N_POT = card(
    "n_pot",
    "ice",
    ["The Runner alone may pay 3[credit] to break one of its subroutines.", "[subroutine] End the run.",
     "[subroutine] The run ends at threat level 2 or higher.",
     "[subroutine] The run ends at threat level 4 or higher."],  # fmt: skip
    rez_cost=4,
    strength=4,
    subtypes=["code_gate"],
)
EMPIRICIST = card(
    "empiricist",
    "ice",
    ["[subroutine] You draw a card, then may put one card of HQ on top of R&D.",
     "[subroutine] Do 1 net damage. Give the Runner 1 tag.", "[subroutine] Do 2 net damage."],  # fmt: skip
    rez_cost=7,
    strength=5,
    subtypes=["sentry", "ap", "observer"],
)
SYAILENDRA = card(
    "syailendra",
    "ice",
    ["You can advance this ice.",
     "Encountered while it holds 3 or more advancement counters, it lets you put 1 advancement counter on an "
     "installed card that can be advanced.",
     "[subroutine] Optionally put 1 advancement counter on an installed card that can be advanced.",
     "[subroutine] The Runner loses 2[credit].", "[subroutine] Do 1 net damage."],  # fmt: skip
    rez_cost=4,
    strength=5,
    subtypes=["code_gate", "ap"],
)
SCATTER = card(
    "scatter_field",
    "ice",
    ["As the lone ice of its server it is 4 stronger.", "[subroutine] Optionally install a card from HQ.",
     "[subroutine] End the run."],  # fmt: skip
    rez_cost=3,
    strength=0,
    subtypes=["code_gate"],
)
BUMI = card(
    "bumi_1_0",
    "ice",
    ["Rezzed while its own server is being run, it lets you trash an installed trojan.",
     "Only the Runner, by giving up a click, may break one of its subroutines.",
     "[subroutine] Trash 1 installed program.", "[subroutine] Do 1 core damage."],  # fmt: skip
    rez_cost=3,
    strength=3,
    subtypes=["sentry", "bioroid", "ap", "destroyer"],
)
BIAWAK = card(
    "biawak",
    "ice",
    ["Forfeiting an agenda while rezzing it covers 10[credit] of the cost.",
     "[subroutine] You choose: a program is trashed, or the run ends.",
     "[subroutine] You choose: a resource is trashed, or the run ends.", "[subroutine] End the run."],  # fmt: skip
    rez_cost=14,
    strength=6,
    subtypes=["sentry", "destroyer"],
)
LAMPLIGHTER = card(
    "lamplighter",
    "ice",
    ["Once an agenda of this server or its root is scored or stolen, this ice goes to Archives.",
     "[subroutine] The Runner pays 3[credit] or takes 1 tag.", "[subroutine] End the run if the Runner is tagged."],  # fmt: skip
    rez_cost=2,
    strength=3,
    subtypes=["sentry", "observer"],
)
SEMAK = card(
    "semak_samun",
    "ice",
    ["Only fracters can break its printed subroutine.", "[subroutine] The Runner suffers 3 net damage, or the run ends."],
    rez_cost=3,
    strength=3,
    subtypes=["barrier", "ap"],
)
MYCOWEB = card(
    "mycoweb",
    "ice",
    ["[subroutine] Optionally install ice from Archives at no cost.",
     "[subroutine] Optionally rez a piece of installed ice for 2[credit] less.",
     "[subroutine] One subroutine of a rezzed sentry resolves.",
     "[subroutine] One subroutine of a different rezzed code gate resolves."],  # fmt: skip
    rez_cost=8,
    strength=5,
    subtypes=["code_gate"],
)
IDIOSYNCRESIS = card(
    "idiosyncresis",
    "asset",
    ["You can advance this asset.",
     "When your turn begins you may trash it: for each advancement counter on it gain 3[credit] and the Runner "
     "loses 2[credit]."],  # fmt: skip
    rez_cost=1,
    trash_cost=2,
    subtypes=["hostile"],
)
BYTE = card(
    "byte",
    "asset",
    ["Accessed in R&D, it is shown to both players.",
     "Accessed anywhere but Archives, it lets you pay 4[credit] to give 1 tag and do 3 net damage."],  # fmt: skip
    rez_cost=0,
    trash_cost=0,
    subtypes=["ambush"],
)
HUMANOID = card(
    "humanoid_resources",
    "asset",
    ["[click][click][click], [trash]: gain 4[credit], draw 3, install up to 2 cards from HQ, then optionally play "
     "an operation from HQ."],  # fmt: skip
    rez_cost=1,
    trash_cost=1,
)
PHAT = card(
    "phat_gioan_baotixita",
    "asset",
    ["Each time your discard phase ends, add a power counter here.",
     "For the first agenda scored or stolen in a turn you may remove up to 2 power counters here; do 1 net damage "
     "and 1 more for each counter removed."],  # fmt: skip
    rez_cost=1,
    trash_cost=3,
    unique=True,
    subtypes=["executive"],
)
PLUTUS = card(
    "plutus",
    "asset",
    ["To rez it, also forfeit an agenda, or reveal and trash 3 cards from HQ.",
     "When your turn begins you may play a transaction operation from Archives; afterwards it leaves the game."],  # fmt: skip
    rez_cost=0,
    trash_cost=3,
    unique=True,
    subtypes=["deep_net"],
)
PLAZA = card(
    "public_access_plaza",
    "asset",
    ["When your turn begins, gain 1[credit].",
     "Threat 2: trashed by the Runner while it is rezzed, it hands them 1 tag."],  # fmt: skip
    rez_cost=1,
    trash_cost=2,
    faction="nbn",
)
MERCIA = card(
    "mercia_b4ll4rd",
    "upgrade",
    ["As your action phase ends you may install ice from HQ for 1[credit] less; if you do, this upgrade moves "
     "into the root of the server that ice guards."],  # fmt: skip
    rez_cost=2,
    trash_cost=2,
    unique=True,
    subtypes=["bioroid", "academic"],
    faction="haas_bioroid",
)
TRENDSETTING = card(
    "aggressive_trendsetting",
    "agenda",
    ["In each Runner turn, the first time they trash an installed Corp card they may spend [click]; if they do "
     "not, your next turn has one more [click]."],  # fmt: skip
    agenda_points=1,
    advancement_requirement=3,
    subtypes=["initiative"],
)
KESSLEROID = card(
    "kessleroid",
    "ice",
    ["The Runner may not trash it while it is rezzed.", "[subroutine] End the run.", "[subroutine] End the run."],
    rez_cost=2,
    strength=1,
    subtypes=["barrier"],
)
GREENMAIL = card(
    "greenmail",
    "agenda",
    ["When you score this agenda, gain 2[credit].", "Forfeited by you, it pays you 4[credit]."],
    agenda_points=1,
    advancement_requirement=2,
    subtypes=["expansion"],
)
NEXT_BIG_THING = card(
    "next_big_thing",
    "agenda",
    ["Scored or stolen, it receives 1 agenda counter.",
     "[click], hosted agenda counter: draw 4 and shuffle any cards of HQ into R&D; usable from either score area."],  # fmt: skip
    agenda_points=3,
    advancement_requirement=5,
    subtypes=["initiative"],
)
EMBEDDED = card(
    "embedded_reporting",
    "agenda",
    ["Dividends 2: on scoring, 2 agenda counters here for each advancement counter beyond the requirement.",
     "As your discard phase ends you may spend an agenda counter here to find an operation in R&D, reveal it, "
     "shuffle, and put it on top."],  # fmt: skip
    agenda_points=2,
    advancement_requirement=3,
    subtypes=["initiative"],
)
OFF_THE_BOOKS = card(
    "off_the_books",
    "agenda",
    ["Dividends 1: on scoring, 1 agenda counter here for each advancement counter beyond the requirement.",
     "As your discard phase ends you may spend an agenda counter here to find a card in R&D and reveal it "
     "(shuffling R&D); install it for free, or else add it to HQ."],  # fmt: skip
    agenda_points=2,
    advancement_requirement=3,
    subtypes=["initiative"],
)
INGATAN = card(
    "project_ingatan",
    "agenda",
    ["Dividends 1: on scoring, 1 agenda counter here for each advancement counter beyond the requirement.",
     "As your discard phase ends you may spend an agenda counter here to install a card of Archives for free."],  # fmt: skip
    agenda_points=2,
    advancement_requirement=3,
    subtypes=["research"],
)
SERICULTURE = card(
    "sericulture_expansion",
    "agenda",
    ["Dividends 1: on scoring, 1 agenda counter here for each advancement counter beyond the requirement.",
     "As your discard phase ends you may spend an agenda counter here to put 2 advancement counters on an "
     "installed card."],  # fmt: skip
    agenda_points=2,
    advancement_requirement=3,
    subtypes=["expansion"],
)
BIGGER_PICTURE = card(
    "bigger_picture",
    "operation",
    ["Only while the Runner is tagged.",
     "Choose: the Runner takes 1 tag; or take away tags, the Runner losing 5[credit] per tag and you gaining "
     "what they lose."],  # fmt: skip
    cost=0,
    subtypes=["gray_ops"],
)
IP_ENFORCEMENT = card(
    "ip_enforcement",
    "operation",
    ["Extra cost: take away X tags.",
     "Install an agenda of exactly X printed points from the Runner's score area; with the Runner still tagged, "
     "it gets 1 advancement counter."],  # fmt: skip
    cost=1,
    subtypes=["gray_ops"],
)
KPI = card(
    "key_performance_indicators",
    "operation",
    ["Two different of: draw 1 and shuffle 1 card of HQ into R&D; install ice from HQ for free; add 1 "
     "advancement counter to a card you can advance; gain 2[credit]."],  # fmt: skip
    cost=1,
    subtypes=["transaction"],
)
MEASURED = card(
    "measured_response",
    "operation",
    ["Only at threat level 4 or more, after a successful run by the Runner in their previous turn.",
     "The Runner pays 8[credit] or suffers 4 meat damage."],  # fmt: skip
    cost=5,
    subtypes=["black_ops"],
)
PEER_REVIEW = card(
    "peer_review",
    "operation",
    ["Show every card of HQ but one.",
     "Gain 7[credit]; you may install a card from HQ in the root of a remote server."],  # fmt: skip
    cost=4,
    subtypes=["transaction"],
)
PETTY_CASH = card(
    "petty_cash",
    "operation",
    ["Only before your first action of the turn is complete.",
     "Gain 5[credit]; played from anywhere but HQ, also gain [click].",
     "[click]: play it from Archives, then it leaves the game."],  # fmt: skip
    cost=3,
    subtypes=["transaction"],
)
TOP_DOWN = card(
    "top_down_solutions",
    "operation",
    ["Draw 2, then install up to 2 cards of HQ one by one."],
    cost=2,
)
TOUCH_UPS = card(
    "touch_ups",
    "operation",
    ["Extra cost: spend [click].",
     "Put 2 advancement counters on a card you can advance; if so, name a card type, see the grip, and have up "
     "to 2 of those cards shuffled into the stack."],  # fmt: skip
    cost=2,
    subtypes=["double"],
)
AI_BREAKER = card("elevation_test_ai_breaker", "program", ["1[credit]: Break 1 barrier subroutine."], cost=1,
                  memory_cost=1, strength=9, subtypes=["icebreaker", "ai"])  # fmt: skip
TROJAN = card("elevation_test_trojan", "program", ["Nothing happens."], cost=1, memory_cost=1, subtypes=["trojan"])
LEO = _identity(
    "leo_construction_labor_solutions",
    ["Once a turn, trash a rezzed bioroid card in or protecting the attacked server to end the run."],
    faction="haas_bioroid",
)
POETRI = _identity(
    "poetri_luxury_brands_all_the_rage",
    ["When you score, look at the top 3 of R&D; you may install one of them that is not an agenda.",
     "When an agenda is stolen, you may install a card of HQ that is not an agenda."],  # fmt: skip
    faction="haas_bioroid",
)
UNTAIAN = _identity(
    "pt_untaian_lifes_building_blocks",
    ["As your discard phase ends with 3 or fewer cards in HQ, you may pay 1[credit] to put an advancement counter "
     "on an unrezzed card you can advance."],  # fmt: skip
    faction="jinteki",
)
SYNAPSE = _identity(
    "synapse_global_faster_than_thought",
    ["The first tag removed in a turn lets you reveal and install a card of HQ for free.",
     "[click] and taking away 1 of the Runner's tags: you get 2[credit]."],  # fmt: skip
    faction="nbn",
)

FIXTURES = [
    KESSLEROID, GREENMAIL, ANTHILL, OTTO, FLYSWATTER, DOOMSCROLL, N_POT, EMPIRICIST, SYAILENDRA, SCATTER, BUMI, BIAWAK, LAMPLIGHTER, SEMAK,
    MYCOWEB, IDIOSYNCRESIS, BYTE, HUMANOID, PHAT, PLUTUS, TRENDSETTING, NEXT_BIG_THING, EMBEDDED, OFF_THE_BOOKS,
    INGATAN, SERICULTURE, BIGGER_PICTURE, IP_ENFORCEMENT, KPI, MEASURED, PEER_REVIEW, PETTY_CASH, TOP_DOWN,
    TOUCH_UPS, TROJAN, LEO, POETRI, UNTAIAN, SYNAPSE, PLAZA, MERCIA, AI_BREAKER,
]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]
FULL = [ANTHILL, OTTO, FLYSWATTER, DOOMSCROLL, EMPIRICIST, SYAILENDRA, SCATTER, LAMPLIGHTER, MYCOWEB, IDIOSYNCRESIS,
        BYTE, HUMANOID, PHAT, TRENDSETTING, EMBEDDED, OFF_THE_BOOKS, INGATAN, SERICULTURE, BIGGER_PICTURE,
        IP_ENFORCEMENT, KPI, MEASURED, PEER_REVIEW, TOP_DOWN, TOUCH_UPS, LEO, POETRI, UNTAIAN, BUMI, PLUTUS,
        SYNAPSE, PLAZA, MERCIA, BIAWAK, SEMAK, N_POT, KESSLEROID, GREENMAIL, NEXT_BIG_THING, PETTY_CASH]  # fmt: skip


def _remote(g: Any, card_id: str) -> Any:
    return next((c for s in g.servers.values() for c in s.ice + s.root if c.id == card_id), None)


def _runner(hand: int = 0, **more: Any) -> dict[str, Any]:
    return {"hand": ["overnight_takeout"] * hand, **more}


# ---------------------------------------------------------------- readings


@pytest.mark.parametrize("fixture", FULL, ids=lambda f: f.id)
def test_every_paragraph_of_a_fully_scripted_card_is_read(fixture: Any) -> None:
    assert fixture.reading.status == "executable"


# ---------------------------------------------------------------- ice


def test_flyswatter_rezzed_on_its_own_run_purges_virus_counters() -> None:
    r = play(RECORDS, ["run:hq", "rez:flyswatter"],
             corp={"servers": {"hq": {"ice": [{"card": "flyswatter"}]}}},
             runner={"rig": [{"card": "hive_siphon", "counters": {"virus": 2}}]})  # fmt: skip
    g = r.game
    assert not g.runner.rig[0].counters and events(r, "purge")
    assert g.corp.credits == 3 and events(r, "end_run")[-1]["ended"]


def test_doomscroll_third_subroutine_needs_two_tags() -> None:
    ice = {"servers": {"hq": {"ice": [{"card": "doomscroll", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=ice, runner=_runner(4, tags=1))
    assert r.game.runner.tags == 2 and len(r.game.runner.hand) == 1  # 1 net, then 2 net with 2 tags
    r = play(RECORDS, ["run:hq"], corp=ice, runner=_runner(4))
    assert r.game.runner.tags == 1 and len(r.game.runner.hand) == 3  # 1 net only


def test_n_pot_ends_the_run_by_threat_level() -> None:
    breaks = ["run:hq", "done", "boost:cog_key/1", "boost:cog_key/1", "break:cog_key/0", "sub:1"]
    ice = {"hq": {"ice": [{"card": "n_pot", "rezzed": True}]}}
    runner = {"credits": 10, "rig": [{"card": "cog_key"}]}
    r = play(RECORDS, [*breaks, "done"], corp={"score_area": ["nbn_ratings_mandate"], "servers": ice}, runner=runner)
    assert events(r, "run_end")[-1]["successful"] is False  # threat 2: the second subroutine ends it
    r = play(RECORDS, [*breaks, "break:cog_key/0", "sub:2", "done", "continue"],
             corp={"score_area": ["nbn_ratings_mandate", "neutral_pilot_scheme"], "servers": ice}, runner=runner)  # fmt: skip
    assert events(r, "run_end")[-1]["successful"] is True  # threat 3: the third does not
    r = play(RECORDS, [*breaks, "break:cog_key/0", "sub:2", "done"],
             corp={"score_area": ["nbn_ratings_mandate"], "servers": ice},
             runner={**runner, "score_area": ["hb_cortex_mapping", "nbn_ratings_mandate"]})  # fmt: skip
    assert events(r, "run_end")[-1]["successful"] is False  # threat 4 (the runner's points count too)


def test_n_pot_subroutines_broken_by_the_runner_for_3_credits_each() -> None:
    ice = {"hq": {"ice": [{"card": "n_pot", "rezzed": True}]}}
    r = play(RECORDS, ["run:hq", "pay", "sub:1", "pay", "sub:2", "pay", "continue"], corp={"servers": ice},
             runner={"credits": 10})  # fmt: skip
    g = r.game
    assert g.runner.credits == 1 and len(events(r, "break")) == 3 and events(r, "run_end")[-1]["successful"]
    r = play(RECORDS, ["run:hq", "pay", "sub:2"], corp={"servers": ice}, runner={"credits": 5})
    assert r.game.runner.credits == 2 and events(r, "run_end")[-1]["successful"] is False  # no 3 more: sub 1 fires


def test_kessleroid_rezzed_cannot_be_trashed_by_the_runner() -> None:
    servers = {"rnd": {"ice": [{"card": "kessleroid", "rezzed": True}]}, "archives": {"ice": [{"card": "kessleroid"}]}}
    r = play(RECORDS, ["play:fuse_burst", "hq", "continue"], corp={"servers": servers},
             runner={"hand": ["fuse_burst"], "credits": 6})  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["rnd"].ice] == ["kessleroid"] and not g.servers["archives"].ice
    assert [c.id for c in g.corp.discard] == ["kessleroid"]


def test_greenmail_pays_4_credits_when_the_corp_forfeits_it() -> None:
    r = play(RECORDS, ["rez:plutus"], active="corp",
             corp={"servers": {"remote1": {"root": [{"card": "plutus"}]}}, "score_area": ["greenmail"],
                   "credits": 1})  # fmt: skip
    g = r.game
    assert not g.corp.score_area and g.corp.credits == 5 and [c.id for c in g.removed] == ["greenmail"]


def test_empiricist_draws_and_stacks_a_card_from_hq_on_r_and_d() -> None:
    r = play(RECORDS, ["run:archives", "yes", "nbn_billboard_network"],
             corp={"hand": ["nbn_billboard_network"], "deck": ["neutral_plywood_screen", "hb_quarterly_review"],
                   "servers": {"archives": {"ice": [{"card": "empiricist", "rezzed": True}]}}},
             runner=_runner(4))  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.hand] == ["neutral_plywood_screen"]
    assert g.corp.deck[-1].id == "nbn_billboard_network" and len(g.corp.deck) == 2
    assert g.runner.tags == 1 and len(g.runner.hand) == 1  # then 1 net damage, a tag and 2 net damage


def test_syailendra_advances_when_encountered_loaded_and_by_its_first_subroutine() -> None:
    r = play(RECORDS, ["run:hq", "yes", "neutral_board_resolution", "yes", "neutral_board_resolution"],
             corp={"servers": {"hq": {"ice": [{"card": "syailendra", "rezzed": True, "counters": {"advancement": 3}}]},
                               "remote1": {"root": [{"card": "neutral_board_resolution"}]}}},
             runner=_runner(2))  # fmt: skip
    g = r.game
    assert _remote(g, "neutral_board_resolution").advancement == 2
    assert g.runner.credits == 3 and len(g.runner.hand) == 1


def test_syailendra_with_fewer_counters_does_not_trigger_on_encounter() -> None:
    r = play(RECORDS, ["run:hq", "no"],
             corp={"servers": {"hq": {"ice": [{"card": "syailendra", "rezzed": True, "counters": {"advancement": 2}}]},
                               "remote1": {"root": [{"card": "neutral_board_resolution"}]}}},
             runner=_runner(2))  # fmt: skip
    assert [d["kind"] for d in r.game.decisions].count("optional") == 1  # the subroutine's only
    assert _remote(r.game, "neutral_board_resolution").advancement == 0 and r.game.runner.credits == 3


def test_scatter_field_is_stronger_alone_and_installs_from_hq() -> None:
    r = play(RECORDS, ["run:hq", "nbn_billboard_network"],
             corp={"hand": ["nbn_billboard_network"], "servers": {"hq": {"ice": [{"card": "scatter_field", "rezzed": True}]},
                   "rnd": {"ice": [{"card": "scatter_field"}, {"card": "neutral_plywood_screen"}]}}})  # fmt: skip
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 4 and g.strength_of(g.servers["rnd"].ice[0]) == 0
    assert _remote(g, "nbn_billboard_network") is not None and not g.corp.hand
    assert events(r, "run_end")[-1]["successful"] is False


def test_bumi_rezzed_on_its_run_trashes_a_trojan() -> None:
    r = play(RECORDS, ["run:hq", "rez:bumi_1_0", "elevation_test_trojan", "done"],
             corp={"servers": {"hq": {"ice": [{"card": "bumi_1_0"}]}}},
             runner=_runner(2, rig=[{"card": "elevation_test_trojan"}, {"card": "rot_worm"}]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard][:1] == ["elevation_test_trojan"]
    assert not g.runner.rig and g.runner.brain_damage == 1  # then its subroutines: a program, 1 core damage


def test_biawak_lets_the_corp_trash_a_program_or_end_the_run() -> None:
    r = play(RECORDS, ["run:hq", "rot_worm", "end_run"],
             corp={"servers": {"hq": {"ice": [{"card": "biawak", "rezzed": True}]}}},
             runner={"rig": [{"card": "rot_worm"}, {"card": "garage_lab"}]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.rig] == ["garage_lab"] and [c.id for c in g.runner.discard] == ["rot_worm"]
    assert events(r, "end_run")[-1]["ended"] and events(r, "run_end")[-1]["successful"] is False


def test_lamplighter_tags_unless_paid_and_ends_the_run_of_a_tagged_runner() -> None:
    ice = {"servers": {"hq": {"ice": [{"card": "lamplighter", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "refuse"], corp=ice)
    assert r.game.runner.tags == 1 and events(r, "run_end")[-1]["successful"] is False
    r = play(RECORDS, ["run:hq", "pay", "continue"], corp=ice)
    assert r.game.runner.tags == 0 and r.game.runner.credits == 2 and events(r, "run_end")[-1]["successful"]


def test_lamplighter_is_trashed_when_an_agenda_is_stolen_from_its_server() -> None:
    r = play(RECORDS, ["run:remote1", "pay", "continue"],
             corp={"servers": {"remote1": {"ice": [{"card": "lamplighter", "rezzed": True}],
                                           "root": [{"card": "neutral_pilot_scheme"}]}}})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"]
    assert [c.id for c in g.corp.discard] == ["lamplighter"]


def test_lamplighter_is_trashed_when_an_agenda_is_scored_from_its_root_only() -> None:
    decisions = ["install:neutral_pilot_scheme@remote1", "advance:neutral_pilot_scheme",
                 "advance:neutral_pilot_scheme", "score:neutral_pilot_scheme", "lamplighter: any_scored"]  # fmt: skip
    corp = {"hand": ["neutral_pilot_scheme"], "servers": {"remote1": {"ice": [{"card": "lamplighter", "rezzed": True}]},
            "hq": {"ice": [{"card": "lamplighter", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, decisions, active="corp", corp=corp)
    g = r.game
    assert [c.id for c in g.corp.score_area] == ["neutral_pilot_scheme"]
    assert [c.id for c in g.corp.discard] == ["lamplighter"] and g.servers["hq"].ice  # HQ's stays


def test_semak_samun_ends_the_run_unless_the_runner_takes_3_net_damage() -> None:
    ice = {"servers": {"hq": {"ice": [{"card": "semak_samun", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "take_damage", "continue"], corp=ice, runner=_runner(4))
    assert len(r.game.runner.hand) == 1 and events(r, "run_end")[-1]["successful"]
    r = play(RECORDS, ["run:hq", "end_run"], corp=ice, runner=_runner(4))
    assert len(r.game.runner.hand) == 4 and events(r, "run_end")[-1]["successful"] is False


def test_mycoweb_subroutines() -> None:
    r = play(RECORDS, ["run:hq", "neutral_plywood_screen", "rnd", "neutral_checksum_gate", "nbn_banner_storm", "sub:1"],
             corp={"discard": ["neutral_plywood_screen"], "credits": 1,
                   "servers": {"hq": {"ice": [{"card": "mycoweb", "rezzed": True}]},
                               "archives": {"ice": [{"card": "neutral_patrol_script", "rezzed": True},
                                                    {"card": "neutral_checksum_gate"}]},
                               "remote1": {"ice": [{"card": "nbn_banner_storm", "rezzed": True}]}}},
             runner={"rig": [{"card": "rot_worm"}]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["rnd"].ice] == ["neutral_plywood_screen"]  # from Archives, for free
    assert g.servers["archives"].ice[1].rezzed and g.corp.credits == 2  # 1 + 1 (the identity) - 0 (2 less than 1)
    assert [c.id for c in g.runner.discard] == ["rot_worm"]  # the sentry's subroutine
    assert g.runner.credits == 4  # the code gate's first subroutine


# ---------------------------------------------------------------- assets


def test_anthill_is_loaded_when_rezzed_and_pays_out_at_turn_start() -> None:
    r = play(RECORDS, ["rez:anthill_excavation_contract", "credit", "credit", "credit", "credit", "credit", "credit",
                       "credit"], active="corp",
             corp={"deck": ["hb_quarterly_review"] * 3,
                   "servers": {"remote1": {"root": [{"card": "anthill_excavation_contract"}]}}})  # fmt: skip
    g = r.game
    anthill = _remote(g, "anthill_excavation_contract")
    assert anthill.credits == 4 and g.corp.credits == 5 - 3 + 3 + 4  # rez, 3 clicks, then the corp's next turn
    assert len(g.corp.hand) == 2  # its draw and the mandatory draw


def test_otto_campaign_is_loaded_and_gives_two_clicks_once_empty() -> None:
    r = play(RECORDS, ["rez:otto_campaign"], active="corp",
             corp={"servers": {"remote1": {"root": [{"card": "otto_campaign"}]}}})  # fmt: skip
    g = r.game
    otto = _remote(g, "otto_campaign")
    assert otto.credits == 6 and g.corp.credits == 3
    otto.credits = 2
    clicks = g.corp.clicks
    g.fire("your_turn_start", [otto])  # its template paragraph takes the last 2
    assert g.corp.clicks == clicks + 2 and [c.id for c in g.corp.discard] == ["otto_campaign"]


def _to_corp_turn(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any] | None = None) -> Any:
    """The runner spends its last click; the corp's turn begins and ``decisions`` follow."""
    corp = {"deck": ["hb_quarterly_review"] * 3, **corp}
    return play(RECORDS, ["credit", *decisions], corp=corp, runner={"clicks": 1, **(runner or {})})


def test_idiosyncresis_trashed_at_turn_start_pays_per_advancement_counter() -> None:
    r = _to_corp_turn(["yes"], {"servers": {"remote1": {"root": [
        {"card": "idiosyncresis", "rezzed": True, "counters": {"advancement": 2}}]}}})  # fmt: skip
    g = r.game
    assert g.corp.credits == 11 and g.runner.credits == 6 - 4
    assert [c.id for c in g.corp.discard] == ["idiosyncresis"]


def test_byte_revealed_in_r_and_d_and_punishing_when_paid() -> None:
    r = play(RECORDS, ["run:rnd", "continue", "yes"], corp={"deck": ["byte"]}, runner=_runner(4))
    g = r.game
    assert events(r, "reveal")[0]["zone"] == "rnd"
    assert g.runner.tags == 1 and len(g.runner.hand) == 1 and g.corp.credits == 1
    r = play(RECORDS, ["run:archives", "continue"], corp={"discard": ["byte"]}, runner=_runner(4))
    assert len(r.game.runner.hand) == 4 and r.game.corp.credits == 5  # in Archives: nothing to pay for


def test_humanoid_resources_gains_draws_installs_and_plays() -> None:
    r = play(RECORDS, ["use:humanoid_resources/0", "nbn_billboard_network", "neutral_plywood_screen", "hq",
                       "hb_quarterly_review"], active="corp",
             corp={"hand": ["nbn_billboard_network"],
                   "deck": ["neutral_plywood_screen", "hb_quarterly_review", "neutral_records_vault"] + ["hb_lattice_gate"] * 3,
                   "servers": {"remote1": {"root": [{"card": "humanoid_resources", "rezzed": True}]}}})  # fmt: skip
    g = r.game
    assert g.corp.clicks == 0 and g.corp.credits == 5 + 4 - 1  # Quarterly Review costs 1
    assert _remote(g, "nbn_billboard_network") is not None and g.servers["hq"].ice[0].id == "neutral_plywood_screen"
    assert sorted(c.id for c in g.corp.hand) == ["hb_lattice_gate"] * 3 + ["neutral_records_vault"]
    assert {c.id for c in g.corp.discard} == {"humanoid_resources", "hb_quarterly_review"}


def test_phat_gioan_charges_at_discard_end_and_bites_on_the_first_agenda() -> None:
    r = play(RECORDS, ["credit"], active="corp",
             corp={"clicks": 1, "servers": {"remote1": {"root": [{"card": "phat_gioan_baotixita", "rezzed": True}]}}})  # fmt: skip
    assert _remote(r.game, "phat_gioan_baotixita").counters == {"power": 1}
    r = play(RECORDS, ["score:neutral_pilot_scheme", "2"], active="corp",
             corp={"servers": {"remote1": {"root": [{"card": "phat_gioan_baotixita", "rezzed": True,
                                                     "counters": {"power": 3}}]},
                               "remote2": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}},
             runner=_runner(4))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and _remote(r.game, "phat_gioan_baotixita").counters == {"power": 1}


def test_plutus_plays_a_transaction_from_archives_and_removes_it() -> None:
    r = _to_corp_turn(["nbn_ad_revenue_share"], {"discard": ["nbn_ad_revenue_share", "hb_quarterly_review"],
                      "servers": {"remote1": {"root": [{"card": "plutus", "rezzed": True}]}}})  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 - 2 + 5 and [c.id for c in g.corp.discard] == ["hb_quarterly_review"]
    assert events(r, "removed_from_game") and [c.id for c in g.removed] == ["nbn_ad_revenue_share"]


def test_petty_cash_played_by_plutus_from_archives_also_gives_a_click() -> None:
    r = _to_corp_turn(["petty_cash"], {"credits": 6, "discard": ["petty_cash"],
                      "servers": {"remote1": {"root": [{"card": "plutus", "rezzed": True}]}}})  # fmt: skip
    g = r.game
    assert g.corp.credits == 6 - 3 + 5 and g.corp.clicks == 4 and not g.corp.discard


# ---------------------------------------------------------------- agendas


def test_aggressive_trendsetting_gives_a_click_unless_the_runner_spends_one() -> None:
    corp = {"credits": 0, "deck": ["hb_quarterly_review"] * 2, "score_area": ["aggressive_trendsetting"],
            "servers": {"remote1": {"root": [{"card": "anthill_excavation_contract"}]},
                        "remote2": {"root": [{"card": "weyland_ore_refinery"}]}}}  # fmt: skip
    trash_both = ["run:remote1", "continue", "trash:anthill_excavation_contract"]
    r = play(RECORDS, [*trash_both, "no", "run:remote2", "continue", "trash:weyland_ore_refinery", "credit",
                       "credit"], corp=corp, runner={"clicks": 4})  # fmt: skip
    assert r.game.active == "corp" and r.game.corp.clicks == 4  # only the first trash of the turn counts
    r = play(RECORDS, [*trash_both, "yes"], corp=corp, runner={"clicks": 4})
    assert r.game.runner.clicks == 2  # the run and the click it spent
    assert not _remote(r.game, "anthill_excavation_contract")


def test_next_big_thing_gets_an_agenda_counter_when_stolen() -> None:
    r = play(RECORDS, ["run:remote1", "continue"],
             corp={"servers": {"remote1": {"root": [{"card": "next_big_thing"}]}}})  # fmt: skip
    assert r.game.runner.score_area[0].counters == {"agenda": 1}
    r = play(RECORDS, ["score:next_big_thing"], active="corp",
             corp={"servers": {"remote1": {"root": [{"card": "next_big_thing", "counters": {"advancement": 5}}]}}})  # fmt: skip
    assert r.game.corp.score_area[0].counters == {"agenda": 1}


def _overadvanced(agenda: str, decisions: list[str], **corp: Any) -> Any:
    """The corp lays 2 more advancement counters on ``agenda`` (2 of the 3 it needs already), scores it with one
    over, and ends its turn with 2 credit clicks. (The advance action stops at the requirement.)"""
    setup = {"deck": ["hb_quarterly_review"], "hand": ["hb_calibration_cycle"], **corp}
    servers = setup.setdefault("servers", {})
    pick = [agenda] if servers else []  # which installed card the operation advances, when there is a choice
    servers["remote1"] = {"root": [{"card": agenda, "counters": {"advancement": 2}}]}
    return play(RECORDS, ["play:hb_calibration_cycle", *pick, f"score:{agenda}", "credit", "credit", *decisions],
                active="corp", corp=setup)  # fmt: skip


def test_embedded_reporting_pays_dividends_and_stacks_an_operation() -> None:
    r = _overadvanced("embedded_reporting", [], deck=["hb_quarterly_review"])
    assert r.game.corp.score_area[0].counters == {"agenda": 2}  # dividends 2 for 1 advancement over
    r = _overadvanced("embedded_reporting", ["yes"],
                      deck=["nbn_billboard_network", "neutral_emergency_audit", "neutral_plywood_screen"])
    g = r.game
    assert g.corp.score_area[0].counters == {"agenda": 1} and g.corp.deck[-1].id == "neutral_emergency_audit"
    assert events(r, "reveal") and events(r, "shuffle")


def test_a_dividends_agenda_scored_without_excess_gets_no_counter() -> None:
    r = play(RECORDS, ["score:off_the_books", "credit", "credit", "credit"], active="corp",
             corp={"deck": ["hb_quarterly_review"],
                   "servers": {"remote1": {"root": [{"card": "off_the_books", "counters": {"advancement": 3}}]}}})  # fmt: skip
    assert not r.game.corp.score_area[0].counters and "yes" not in str(r.game.decisions)


def test_off_the_books_installs_the_card_found_or_adds_it_to_hq() -> None:
    r = _overadvanced("off_the_books", ["yes", "nbn_billboard_network", "yes"],
                      deck=["nbn_billboard_network", "neutral_emergency_audit"])
    g = r.game
    assert _remote(g, "nbn_billboard_network") is not None and not g.corp.score_area[0].counters
    r = _overadvanced("off_the_books", ["yes", "nbn_billboard_network", "no"],
                      deck=["nbn_billboard_network", "neutral_emergency_audit"])
    assert "nbn_billboard_network" in [c.id for c in r.game.corp.hand]


def test_project_ingatan_installs_from_archives_for_free() -> None:
    r = _overadvanced("project_ingatan", ["yes", "hq"], credits=4,
                      discard=["weyland_slag_rampart", "hb_quarterly_review"],
                      servers={"hq": {"ice": [{"card": "neutral_plywood_screen"}]}})  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["neutral_plywood_screen", "weyland_slag_rampart"]
    assert g.corp.credits == 4 - 2 + 2  # the operation, two credit clicks: the second ice cost nothing


def test_sericulture_expansion_places_two_advancement_counters() -> None:
    r = _overadvanced("sericulture_expansion", ["end", "yes"],
                      servers={"remote2": {"root": [{"card": "weyland_tripmine_lot"}]}})  # fmt: skip
    assert _remote(r.game, "weyland_tripmine_lot").advancement == 2


# ---------------------------------------------------------------- operations


def test_bigger_picture_needs_a_tagged_runner_and_cashes_tags_in() -> None:
    r = play(RECORDS, [], active="corp", corp={"hand": ["bigger_picture"]})
    assert not [label for label in labels(r) if label.startswith("play:")]
    r = play(RECORDS, ["play:bigger_picture", "remove", "2"], active="corp",
             corp={"hand": ["bigger_picture"], "deck": ["hb_quarterly_review"]},
             runner={"tags": 3, "credits": 8})  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and g.runner.credits == 0 and g.corp.credits == 5 + 8  # lost 8 of the 10 asked
    r = play(RECORDS, ["play:bigger_picture", "tag"], active="corp", corp={"hand": ["bigger_picture"]},
             runner={"tags": 1})  # fmt: skip
    assert r.game.runner.tags == 2


def test_ip_enforcement_takes_back_a_stolen_agenda() -> None:
    r = play(RECORDS, ["play:ip_enforcement", "2"], active="corp", corp={"hand": ["ip_enforcement"]},
             runner={"tags": 3, "score_area": ["neutral_pilot_scheme", "hb_cortex_mapping"]})  # fmt: skip
    g = r.game
    agenda = _remote(g, "hb_cortex_mapping")
    assert agenda is not None and agenda.advancement == 1  # one tag is left
    assert g.runner.tags == 1 and [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"]
    r = play(RECORDS, ["play:ip_enforcement", "1"], active="corp", corp={"hand": ["ip_enforcement"]},
             runner={"tags": 1, "score_area": ["neutral_pilot_scheme"]})  # fmt: skip
    assert _remote(r.game, "neutral_pilot_scheme").advancement == 0 and not r.game.runner.score_area


def test_key_performance_indicators_resolves_two_different_modes() -> None:
    r = play(RECORDS, ["play:key_performance_indicators", "ice", "hq", "draw", "nbn_billboard_network"],
             active="corp", corp={"hand": ["key_performance_indicators", "weyland_slag_rampart", "nbn_billboard_network"],
                                  "deck": ["hb_quarterly_review"], "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]}}})  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["neutral_plywood_screen", "weyland_slag_rampart"]
    assert g.corp.credits == 4 and [c.id for c in g.corp.hand] == ["hb_quarterly_review"]
    assert [c.id for c in g.corp.deck] == ["nbn_billboard_network"]
    r = play(RECORDS, ["play:key_performance_indicators", "credits"], active="corp",
             corp={"hand": ["key_performance_indicators"],
                   "servers": {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}})  # fmt: skip
    assert r.game.corp.credits == 6 and _remote(r.game, "neutral_board_resolution").advancement == 1


def test_measured_response_after_a_successful_run_at_threat_four() -> None:
    corp = {"hand": ["measured_response"], "deck": ["hb_quarterly_review"], "credits": 6,
            "score_area": ["hb_cortex_mapping", "nbn_ratings_mandate"]}  # fmt: skip
    r = play(RECORDS, ["run:archives", "continue", "play:measured_response", "refuse"], corp=corp,
             runner=_runner(5, clicks=1, credits=9))  # fmt: skip
    assert len(r.game.runner.hand) == 1 and r.game.runner.credits == 9
    r = play(RECORDS, ["run:archives", "continue", "play:measured_response", "pay"], corp=corp,
             runner=_runner(5, clicks=1, credits=9))  # fmt: skip
    assert len(r.game.runner.hand) == 5 and r.game.runner.credits == 1
    r = play(RECORDS, ["credit"], corp=corp, runner={"clicks": 1})
    assert "play:measured_response" not in " ".join(labels(r))  # no run last turn


def test_peer_review_reveals_all_but_one_and_installs_in_a_remote() -> None:
    r = play(RECORDS, ["play:peer_review", "weyland_slag_rampart", "nbn_billboard_network"], active="corp",
             corp={"hand": ["peer_review", "weyland_slag_rampart", "nbn_billboard_network"]})  # fmt: skip
    g = r.game
    assert events(r, "reveal")[0]["cards"] == [str(_remote(g, "nbn_billboard_network"))]
    assert g.corp.credits == 5 - 4 + 7 and g.servers["remote1"].root[0].id == "nbn_billboard_network"


def test_petty_cash_only_as_the_first_action() -> None:
    r = play(RECORDS, ["play:petty_cash"], active="corp", corp={"hand": ["petty_cash"], "deck": ["hb_quarterly_review"]})
    assert r.game.corp.credits == 7 and r.game.corp.clicks == 2  # from HQ: no click back
    r = play(RECORDS, ["credit"], active="corp", corp={"hand": ["petty_cash"]})
    assert "play:petty_cash" not in " ".join(labels(r))


def test_top_down_solutions_draws_and_installs_two() -> None:
    r = play(RECORDS, ["play:top_down_solutions", "nbn_billboard_network", "neutral_plywood_screen", "rnd"],
             active="corp", corp={"hand": ["top_down_solutions"],
                                  "deck": ["nbn_billboard_network", "neutral_plywood_screen", "hb_lattice_gate"]})  # fmt: skip
    g = r.game
    assert _remote(g, "nbn_billboard_network") is not None and g.servers["rnd"].ice[0].id == "neutral_plywood_screen"
    assert not g.corp.hand and g.corp.credits == 3


def test_touch_ups_costs_a_click_and_shuffles_grip_cards_into_the_stack() -> None:
    corp = {"hand": ["touch_ups"], "servers": {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}}
    grip = {"hand": ["rot_worm", "cog_key", "garage_lab"]}
    r = play(RECORDS, [], active="corp", corp={**corp, "clicks": 1}, runner=grip)
    assert "play:touch_ups" not in " ".join(labels(r))
    r = play(RECORDS, ["play:touch_ups", "program", "rot_worm", "cog_key"], active="corp", corp=corp, runner=grip)
    g = r.game
    assert g.corp.clicks == 1 and _remote(g, "neutral_board_resolution").advancement == 2
    assert [c.id for c in g.runner.hand] == ["garage_lab"] and sorted(c.id for c in g.runner.deck) == ["cog_key", "rot_worm"]
    assert len(events(r, "reveal")[0]["cards"]) == 3


# ---------------------------------------------------------------- identities


def test_leo_construction_trashes_a_bioroid_to_end_the_run() -> None:
    r = play(RECORDS, ["run:hq", "use:leo_construction_labor_solutions/0"],
             corp={"identity": "leo_construction_labor_solutions",
                   "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}})  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.discard] == ["hb_archivist_mk2"] and events(r, "run_end")[-1]["successful"] is False
    r = play(RECORDS, ["run:hq"],
             corp={"identity": "leo_construction_labor_solutions",
                   "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}})  # fmt: skip
    assert events(r, "run_end")[-1]["successful"] is False and not r.game.corp.discard  # not a bioroid: no offer


def test_poetri_installs_from_r_and_d_on_a_score_and_from_hq_on_a_steal() -> None:
    r = play(RECORDS, ["score:neutral_pilot_scheme", "nbn_billboard_network"], active="corp",
             corp={"identity": "poetri_luxury_brands_all_the_rage",
                   "deck": ["nbn_billboard_network", "hb_cortex_mapping", "hb_quarterly_review", "neutral_records_vault"],
                   "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}})  # fmt: skip
    g = r.game
    assert _remote(g, "nbn_billboard_network") is not None and len(g.corp.deck) == 3
    r = play(RECORDS, ["run:remote1", "continue", "weyland_slag_rampart", "hq"],
             corp={"identity": "poetri_luxury_brands_all_the_rage", "credits": 0,
                   "hand": ["weyland_slag_rampart", "hb_cortex_mapping"],
                   "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}})  # fmt: skip
    assert r.game.servers["hq"].ice[0].id == "weyland_slag_rampart"


def test_pt_untaian_advances_an_unrezzed_card_as_the_discard_phase_ends() -> None:
    r = play(RECORDS, ["credit", "yes"], active="corp",
             corp={"identity": "pt_untaian_lifes_building_blocks", "clicks": 1, "hand": ["hb_quarterly_review"],
                   "servers": {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}})  # fmt: skip
    g = r.game
    assert _remote(g, "neutral_board_resolution").advancement == 1 and g.corp.credits == 5


def test_synapse_global_cashes_a_tag() -> None:
    r = play(RECORDS, [], active="corp", corp={"identity": "synapse_global_faster_than_thought"})
    assert not [label for label in labels(r) if label.startswith("use:")]
    r = play(RECORDS, ["use:synapse_global_faster_than_thought/1"], active="corp",
             corp={"identity": "synapse_global_faster_than_thought"}, runner={"tags": 2})  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and g.corp.credits == 7 and g.corp.clicks == 2


# ---------------------------------------------------------------- second pass


def test_bumi_subroutines_broken_by_the_runner_losing_clicks() -> None:
    r = play(RECORDS, ["run:hq", "clickbreak:bumi_1_0", "sub:1", "clickbreak:bumi_1_0", "continue"],
             corp={"servers": {"hq": {"ice": [{"card": "bumi_1_0", "rezzed": True}]}}},
             runner=_runner(2, clicks=3, rig=[{"card": "rot_worm"}]))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 0 and [c.id for c in g.runner.rig] == ["rot_worm"] and g.runner.brain_damage == 0
    assert len(events(r, "break")) == 2 and events(r, "run_end")[-1]["successful"]


def test_plutus_costs_an_agenda_or_three_cards_of_hq_to_rez() -> None:
    plutus = {"servers": {"remote1": {"root": [{"card": "plutus"}]}}}
    r = play(RECORDS, [], active="corp", corp={**plutus, "hand": ["hb_quarterly_review"] * 2})
    assert not [label for label in labels(r) if label.startswith("rez:")]  # neither cost can be paid
    hand = ["hb_quarterly_review", "nbn_ad_revenue_share", "neutral_emergency_audit"]
    r = play(RECORDS, ["rez:plutus", "hb_quarterly_review", "nbn_ad_revenue_share"], active="corp",
             corp={**plutus, "hand": hand})  # fmt: skip
    g = r.game
    assert _remote(g, "plutus").rezzed and not g.corp.hand and len(g.corp.discard) == 3
    assert not any(c.faceup for c in g.corp.discard) and events(r, "reveal")[-1]["cards"]
    r = play(RECORDS, ["rez:plutus", "forfeit"], active="corp",
             corp={**plutus, "hand": hand, "score_area": ["neutral_pilot_scheme"]})  # fmt: skip
    g = r.game
    assert _remote(g, "plutus").rezzed and len(g.corp.hand) == 3 and not g.corp.score_area
    assert [c.id for c in g.removed] == ["neutral_pilot_scheme"]


def test_synapse_global_installs_for_free_on_the_first_tag_removed_in_a_turn() -> None:
    corp = {"identity": "synapse_global_faster_than_thought", "credits": 0,
            "hand": ["neutral_records_vault", "neutral_plywood_screen"]}  # fmt: skip
    r = play(RECORDS, ["remove_tag", "neutral_records_vault", "remove_tag"], corp=corp,
             runner={"tags": 2, "credits": 4})  # fmt: skip
    g = r.game
    vault = _remote(g, "neutral_records_vault")
    assert vault is not None and not vault.rezzed and g.corp.credits == 0 and g.runner.tags == 0
    assert [c.id for c in g.corp.hand] == ["neutral_plywood_screen"]  # the second removal gave nothing
    assert events(r, "reveal")[0]["cards"] == [str(vault)]
    r = play(RECORDS, ["remove_tag", "done"], corp=corp, runner={"tags": 1, "credits": 4})
    assert len(r.game.corp.hand) == 2  # the corp may decline


def test_public_access_plaza_tags_the_runner_who_trashes_it_at_threat_2() -> None:
    plaza = {"servers": {"remote1": {"root": [{"card": "public_access_plaza", "rezzed": True}]}}}
    trash = ["run:remote1", "continue", "trash:public_access_plaza"]
    r = play(RECORDS, trash, corp={**plaza, "score_area": ["nbn_ratings_mandate"]})
    assert r.game.runner.tags == 1 and r.game.runner.credits == 3
    r = play(RECORDS, trash, corp={**plaza, "score_area": ["neutral_pilot_scheme"]})
    assert r.game.runner.tags == 0 and [c.id for c in r.game.corp.discard] == ["public_access_plaza"]
    unrezzed = {"servers": {"remote1": {"root": [{"card": "public_access_plaza"}]}}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:public_access_plaza"],
             corp={**unrezzed, "score_area": ["nbn_ratings_mandate"]})  # fmt: skip
    assert r.game.runner.tags == 0 and [c.id for c in r.game.corp.discard] == ["public_access_plaza"]


def test_mercia_installs_ice_cheaper_and_follows_it() -> None:
    corp = {"clicks": 1, "credits": 1, "hand": ["weyland_slag_rampart"],
            "servers": {"remote1": {"root": [{"card": "mercia_b4ll4rd", "rezzed": True}]},
                        "hq": {"ice": [{"card": "neutral_plywood_screen"}]}}}  # fmt: skip
    r = play(RECORDS, ["credit", "weyland_slag_rampart", "hq"], active="corp", corp=corp)
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["neutral_plywood_screen", "weyland_slag_rampart"]
    assert [c.id for c in g.servers["hq"].root] == ["mercia_b4ll4rd"] and "remote1" not in g.servers
    assert g.corp.credits == 2  # 1 + 1 for the click, the second ice of HQ costing 1 - 1
    r = play(RECORDS, ["credit", "done"], active="corp", corp=corp)
    assert "remote1" in r.game.servers and len(r.game.corp.hand) == 1


def test_biawak_may_be_rezzed_by_forfeiting_an_agenda_for_10_credits_of_its_cost() -> None:
    ice = {"hq": {"ice": [{"card": "biawak"}]}}
    r = play(RECORDS, ["run:hq"], corp={"credits": 13, "servers": ice})
    assert not [label for label in labels(r) if label.startswith("rez:")]  # 14 credits, nothing to forfeit
    r = play(RECORDS, ["run:hq", "rez:biawak"], corp={"credits": 5, "score_area": ["neutral_pilot_scheme"],
                                                      "servers": ice})  # fmt: skip
    g = r.game
    biawak = _remote(g, "biawak")
    assert biawak.rezzed and g.corp.credits == 1 and [c.id for c in g.removed] == ["neutral_pilot_scheme"]
    assert events(r, "run_end")[-1]["successful"] is False  # nothing to trash: the subroutines end the run
    corp = {"credits": 20, "score_area": ["neutral_pilot_scheme"], "servers": ice}
    r = play(RECORDS, ["run:hq", "rez:biawak", "pay"], corp=corp)
    assert r.game.corp.credits == 6 and [c.id for c in r.game.corp.score_area] == ["neutral_pilot_scheme"]
    r = play(RECORDS, ["run:hq", "rez:biawak", "forfeit"], corp=corp)
    assert r.game.corp.credits == 16 and not r.game.corp.score_area


def test_mycoweb_rezzing_biawak_for_2_less_still_lets_an_agenda_pay_for_10() -> None:
    corp = {"credits": 2, "score_area": ["neutral_pilot_scheme"],
            "servers": {"hq": {"ice": [{"card": "mycoweb", "rezzed": True}]}, "rnd": {"ice": [{"card": "biawak"}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "biawak"], corp=corp, runner={"credits": 0})
    g = r.game
    # 2 + 1 (the identity, as the run begins) - (14 - 2 - 10): the forfeit still pays its part
    assert _remote(g, "biawak").rezzed and g.corp.credits == 1 and not g.corp.score_area


def test_semak_samun_breaks_only_for_fracters() -> None:
    ice = {"servers": {"hq": {"ice": [{"card": "semak_samun", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=ice, runner=_runner(4, rig=[{"card": "elevation_test_ai_breaker"}]))
    assert not [label for label in labels(r) if label.startswith("break:")]
    assert r.pending is not None and r.pending.kind == "optional"  # straight to the subroutine's choice
    r = play(RECORDS, ["run:hq"], corp=ice, runner=_runner(4, rig=[{"card": "rockbit_drill"}]))
    assert [label for label in labels(r) if label.startswith(("break:", "boost:"))]


# ---------------------------------------------------------------- the fourth pass

AU_CO = _identity(
    "au_co_the_gold_standard_in_clones",
    ["Each time you deal damage, or trash any cards out of HQ at once, this identity gets 1 power counter.",
     "As your turn begins you may take 2 power counters off it to see R&D's top 3 cards: one goes to Archives, "
     "the others to HQ."],  # fmt: skip
    faction="jinteki",
)
FOURTH = [AU_CO]
FOURTH_RECORDS = [*RECORDS, *FOURTH]


def test_the_fourth_pass_readings() -> None:
    for fixture in [*FOURTH, NEXT_BIG_THING, PETTY_CASH]:
        assert fixture.reading.status == "executable", fixture.id


def test_next_big_thing_draws_4_and_shuffles_hq_cards_back_from_the_corps_score_area() -> None:
    deck = ["hb_quarterly_review"] * 2 + ["neutral_emergency_audit"] * 4
    r = play(RECORDS, ["score:next_big_thing", "use:next_big_thing/2", "hb_quarterly_review", "done"], active="corp",
             corp={"deck": deck, "hand": ["hb_quarterly_review"],
                   "servers": {"remote1": {"root": [{"card": "next_big_thing", "counters": {"advancement": 5}}]}}})  # fmt: skip
    g = r.game
    agenda = g.corp.score_area[0]
    assert agenda.counters == {} and g.corp.clicks == 2
    assert len(g.corp.hand) == 1 + 4 - 1 and len(g.corp.deck) == 6 - 4 + 1
    assert events(r, "shuffle")[-1]["zone"] == "rnd"


def test_next_big_thing_is_used_by_the_corp_from_the_runners_score_area() -> None:
    deck = ["neutral_emergency_audit"] * 8
    r = play(RECORDS, ["run:remote1", "continue", "use:next_big_thing/3", "done"], runner={"clicks": 1},
             corp={"deck": deck, "servers": {"remote1": {"root": [{"card": "next_big_thing"}]}}})  # fmt: skip
    g = r.game
    assert g.runner.score_area[0].counters == {} and g.agenda_points("runner") == 3
    assert len(g.corp.hand) == 1 + 4 and g.corp.clicks == 2  # the mandatory draw, then 4


def test_petty_cash_is_played_from_archives_with_a_click_before_any_other_action() -> None:
    corp = {"discard": ["petty_cash"], "credits": 3}
    r = play(RECORDS, ["use:petty_cash/1"], active="corp", corp=corp)
    g = r.game
    assert g.corp.credits == 3 - 3 + 5 and g.corp.clicks == 3 - 1 + 1  # the click back: not played from HQ
    assert not g.corp.discard and [c.id for c in g.removed] == ["petty_cash"]
    r = play(RECORDS, ["credit"], active="corp", corp=corp)
    assert not any(label.startswith("use:petty_cash") for label in labels(r))  # an action is already finished


def test_au_co_counts_damage_and_each_trash_from_hq_once() -> None:
    au_co = {"identity": "au_co_the_gold_standard_in_clones"}
    corp = {**au_co, "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}
    r = play(FOURTH_RECORDS, ["run:hq", "continue"], corp=corp, runner=_runner(3))
    assert r.game.corp.identity.counters == {"power": 1} and len(r.game.runner.hand) == 1
    hand = ["hb_quarterly_review"] * 3 + ["neutral_emergency_audit"]
    servers = {"remote1": {"root": [{"card": "plutus"}]}}
    r = play(FOURTH_RECORDS, ["rez:plutus", "hb_quarterly_review", "hb_quarterly_review",
                              "hb_quarterly_review"], active="corp", corp={**au_co, "hand": hand, "servers": servers})  # fmt: skip
    g = r.game
    assert len(g.corp.discard) == 3 and g.corp.identity.counters == {"power": 1}  # 3 cards at once: 1 counter
    r = play(FOURTH_RECORDS, ["run:hq", "continue", "trash:jinteki_clone_nursery"], runner={"credits": 5},
             corp={**au_co, "hand": ["jinteki_clone_nursery"]})  # fmt: skip
    assert len(r.game.corp.discard) == 1 and r.game.corp.identity.counters == {}  # the runner trashed it


def test_au_co_spends_2_counters_to_sort_the_top_3_of_rnd() -> None:
    deck = ["neutral_plywood_screen", "jinteki_clone_nursery", "hb_quarterly_review", "neutral_emergency_audit"]
    corp = {"identity": "au_co_the_gold_standard_in_clones", "deck": deck,
            "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}  # fmt: skip
    runs = ["run:hq", "continue"] * 2  # 2 net damage twice: 2 power counters
    r = play(FOURTH_RECORDS, [*runs, "yes", "hb_quarterly_review"], corp=corp, runner=_runner(5, clicks=2))
    g = r.game
    assert g.corp.identity.counters == {} and [c.id for c in g.corp.discard] == ["hb_quarterly_review"]
    assert sorted(c.id for c in g.corp.hand) == ["jinteki_clone_nursery", "neutral_emergency_audit",
                                                 "neutral_plywood_screen"]  # 2 looked at, then the mandatory draw
    r = play(FOURTH_RECORDS, [*runs, "no"], corp=corp, runner=_runner(5, clicks=2))
    assert r.game.corp.identity.counters == {"power": 2} and len(r.game.corp.hand) == 1


# ---------------------------------------------------------------- the fifth pass

PROPRIONEGATION = card(
    "proprionegation",
    "agenda",
    ["When you score this agenda, place 1 agenda counter on it.",
     "Hosted agenda counter: during a run only, the Runner is sent to the outermost position of Archives, "
     "approaching whatever ice is there."],  # fmt: skip
    agenda_points=2,
    advancement_requirement=4,
    subtypes=["security"],
    faction="jinteki",
)
MITRA = card(
    "mitra_aman",
    "upgrade",
    ["As the Runner approaches ice of this server, you may trash this upgrade for 3[credit]; then you may trade "
     "the approached ice for a piece of ice of Archives or HQ."],  # fmt: skip
    rez_cost=0,
    trash_cost=3,
    unique=True,
    subtypes=["clone"],
    faction="jinteki",
)
MAHKOTA = card(
    "mahkota_langit_grid",
    "upgrade",
    ["Two recurring credits sit on this upgrade.",
     "Those credits pay only to rez assets in this root and ice protecting this server.",
     "Persistent → Assets in this root cost the Runner 2[credit] more to trash.",
     "A server holds one region at most."],  # fmt: skip
    rez_cost=2,
    trash_cost=2,
    subtypes=["region"],
)
ZWICKY = _identity(
    "the_zwicky_group_invisible_hands",
    ["Your first credit gain of a turn that comes from an agenda's or an operation's ability lets you draw 1 card."],
    faction="weyland_consortium",
    subtypes=["unsubstantiated"],
)
FIFTH = [PROPRIONEGATION, MITRA, MAHKOTA, ZWICKY]
FIFTH_RECORDS = [*RECORDS, *FIFTH]


def test_the_fifth_pass_readings() -> None:
    for fixture in FIFTH:
        assert fixture.reading.status == "executable", fixture.id
    assert PROPRIONEGATION.reading.read == [0] and PROPRIONEGATION.reading.scripted == [1]
    assert MAHKOTA.reading.scripted == [0, 1, 2, 3]


def test_proprionegation_sends_the_runner_to_archives_for_a_counter() -> None:
    placed = {"card": "proprionegation", "counters": {"advancement": 4}}
    corp = {"clicks": 1, "hand": ["hb_quarterly_review"], "deck": ["neutral_records_vault"] * 2,
            "servers": {"remote1": {"root": [placed]}, "archives": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}  # fmt: skip
    scored = ["score:proprionegation", "credit"]  # scored in the corp's turn; then the runner's turn
    r = play(FIFTH_RECORDS, [*scored, "run:hq", "continue", "use:proprionegation/1"], corp=corp, active="corp",
             runner=_runner(2))  # fmt: skip
    g = r.game
    assert g.corp.score_area[0].counters == {} and events(r, "run_moved")[0]["to"] == "archives"
    assert [e["ice"] for e in events(r, "encounter")] and g.run_history[-1][1:] == ("archives", False)
    assert not [e for e in events(r, "access") if "card" in e]  # the barrier at Archives ended the run
    r = play(FIFTH_RECORDS, [*scored, "run:hq", "continue", "done"], corp=corp, active="corp", runner=_runner(2))
    assert r.game.run_history[-1][1:] == ("hq", True) and r.game.corp.score_area[0].counters == {"agenda": 1}
    r = play(FIFTH_RECORDS, ["run:hq", "continue"], corp={**corp, "servers": {}, "score_area": ["proprionegation"]},
             runner=_runner(2))  # fmt: skip
    assert r.game.run_history[-1][1:] == ("hq", True)  # no counter: nothing to use, the run goes on


def test_proprionegation_gets_its_counter_when_scored() -> None:
    placed = {"card": "proprionegation", "counters": {"advancement": 4}}
    r = play(FIFTH_RECORDS, ["score:proprionegation"], active="corp", corp={"servers": {"remote1": {"root": [placed]}}})
    assert r.game.corp.score_area[0].counters == {"agenda": 1}


def test_mitra_aman_pays_3_and_swaps_the_approached_ice() -> None:
    server = {"ice": [{"card": "nbn_static_veil", "rezzed": True}], "root": [{"card": "mitra_aman", "rezzed": True}]}
    corp = {"hand": ["jinteki_needle_choir"], "discard": ["neutral_plywood_screen"], "servers": {"remote1": server}}
    r = play(FIFTH_RECORDS, ["run:remote1", "yes", "jinteki_needle_choir"], corp=corp, runner=_runner(2))
    g = r.game
    choir = g.servers["remote1"].ice[0]
    assert choir.id == "jinteki_needle_choir" and not choir.rezzed and g.corp.credits == 5 + 3
    assert [c.id for c in g.corp.hand] == ["nbn_static_veil"] and not g.corp.hand[0].rezzed
    assert [c.id for c in g.corp.discard] == ["neutral_plywood_screen", "mitra_aman"]
    assert r.pending.kind == "rez" and "rez:jinteki_needle_choir" in [o.label.split("#")[0] for o in r.pending.options]
    r = play(FIFTH_RECORDS, ["run:remote1", "yes", "neutral_plywood_screen", "done", "continue"], corp=corp,
             runner=_runner(2))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote1"].ice] == ["neutral_plywood_screen"]
    veil = next(c for c in g.corp.discard if c.id == "nbn_static_veil")
    assert veil.faceup and g.run_history[-1][1:] == ("remote1", True)  # the new ice stays unrezzed: passed
    r = play(FIFTH_RECORDS, ["run:remote1", "no"], corp=corp, runner=_runner(2))
    g = r.game
    assert g.corp.credits == 5 and [c.id for c in g.servers["remote1"].root] == ["mitra_aman"]
    assert [e["ice"] for e in events(r, "encounter")]  # kept: the barrier is met and ends the run


def test_mahkota_langit_grid_credits_rez_only_its_own_server() -> None:
    remote1 = {"ice": [{"card": "neutral_checksum_gate"}],
               "root": [{"card": "mahkota_langit_grid", "rezzed": True, "credits": 2}, {"card": "nbn_press_office"}]}
    remote2 = {"root": [{"card": "nbn_billboard_network"}]}
    corp = {"credits": 0, "servers": {"remote1": remote1, "remote2": remote2}}
    r = play(FIFTH_RECORDS, ["rez:nbn_press_office"], active="corp", corp=corp)
    g = r.game
    grid = _remote(g, "mahkota_langit_grid")
    assert _remote(g, "nbn_press_office").rezzed and grid.credits == 0 and g.corp.credits == 0
    r = play(FIFTH_RECORDS, [], active="corp", corp=corp)
    assert "rez:nbn_press_office" in [o.split("#")[0] for o in labels(r)]
    assert "rez:nbn_billboard_network" not in [o.split("#")[0] for o in labels(r)]  # another server's asset
    r = play(FIFTH_RECORDS, ["run:remote1", "rez:neutral_checksum_gate"], corp=corp, runner=_runner(2))
    assert _remote(r.game, "neutral_checksum_gate").rezzed and _remote(r.game, "mahkota_langit_grid").credits == 1


def test_mahkota_langit_grid_refills_when_rezzed_and_as_the_corps_turn_begins() -> None:
    corp = {"credits": 2, "servers": {"remote1": {"root": [{"card": "mahkota_langit_grid"}]}}}
    r = play(FIFTH_RECORDS, ["rez:mahkota_langit_grid"], active="corp", corp=corp)
    assert _remote(r.game, "mahkota_langit_grid").credits == 2 and r.game.corp.credits == 0
    grid = {"card": "mahkota_langit_grid", "rezzed": True, "credits": 0}
    r = play(FIFTH_RECORDS, ["credit"], corp={"deck": ["hb_quarterly_review"], "servers": {"remote1": {"root": [grid]}}},
             runner={"clicks": 1})  # the runner's last click; then the corp's turn begins  # fmt: skip
    assert r.game.active == "corp" and _remote(r.game, "mahkota_langit_grid").credits == 2


def test_mahkota_langit_grid_raises_trash_costs_in_its_root_even_once_trashed() -> None:
    root = [{"card": "mahkota_langit_grid", "rezzed": True}, {"card": "nbn_press_office", "rezzed": True}]
    corp = {"servers": {"remote1": {"root": root}}}
    r = play(FIFTH_RECORDS, ["run:remote1", "continue", "trash:mahkota_langit_grid"], corp=corp,
             runner=_runner(credits=7))  # fmt: skip
    g = r.game
    office = _remote(g, "nbn_press_office")
    assert [c.id for c in g.corp.discard] == ["mahkota_langit_grid"] and g.trash_cost(office) == 3 + 2
    assert r.pending.kind == "trash" and g.runner.credits == 5
    r = play(FIFTH_RECORDS, ["run:remote1", "continue", "trash:mahkota_langit_grid", "trash:nbn_press_office"],
             corp=corp, runner=_runner(credits=7))  # fmt: skip
    g = r.game
    assert g.runner.credits == 0 and "remote1" not in g.servers
    r = play(FIFTH_RECORDS, ["run:remote1", "continue", "leave"], corp=corp, runner=_runner(credits=7))
    assert r.game.trash_cost(_remote(r.game, "nbn_press_office")) == 5  # still installed: still 2 more
    r = play(FIFTH_RECORDS, ["run:remote1", "continue", "trash:mahkota_langit_grid", "leave"], corp=corp,
             runner=_runner(credits=7))  # fmt: skip
    assert r.game.current_run is None and r.game.trash_cost(_remote(r.game, "nbn_press_office")) == 3  # run over


def test_mahkota_langit_grid_is_the_only_region_of_its_server() -> None:
    corp = {"hand": ["mahkota_langit_grid"], "servers": {"remote1": {"root": [{"card": "jinteki_torii_grid"}]}}}
    r = play(FIFTH_RECORDS, ["install:mahkota_langit_grid@remote1"], active="corp", corp=corp)
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["mahkota_langit_grid"]
    assert [c.id for c in g.corp.discard] == ["jinteki_torii_grid"]


def test_zwicky_draws_on_the_first_credits_from_an_agenda_or_operation_each_turn() -> None:
    deck = ["hb_quarterly_review", "neutral_records_vault", "nbn_press_office"]
    corp = {"identity": "the_zwicky_group_invisible_hands", "deck": deck, "clicks": 3,
            "hand": ["jinteki_quiet_harvest", "nbn_ad_revenue_share"]}  # fmt: skip
    r = play(FIFTH_RECORDS, ["credit", "play:jinteki_quiet_harvest", "yes", "play:nbn_ad_revenue_share"],
             active="corp", corp=corp)  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 + 1 - 1 + 4 - 2 + 5 and [c.id for c in g.corp.hand] == ["hb_quarterly_review"]
    assert not [d for d in g.decisions if d["kind"] == "optional"][1:]  # asked once only
    placed = {"card": "neutral_charter_renewal", "counters": {"advancement": 5}}
    r = play(FIFTH_RECORDS, ["score:neutral_charter_renewal", "yes"], active="corp",
             corp={**corp, "servers": {"remote1": {"root": [placed]}}})  # fmt: skip
    assert r.game.corp.credits == 5 + 2 and len(r.game.corp.hand) == 3
    r = play(FIFTH_RECORDS, ["play:jinteki_quiet_harvest", "no", "play:nbn_ad_revenue_share"], active="corp",
             corp=corp)  # fmt: skip
    assert len(r.game.corp.hand) == 0 and r.game.corp.credits == 5 - 1 + 4 - 2 + 5
