"""The Ashes-cycle corp card scripts, each played through a scenario that checks what changes. The fixtures'
paragraphs are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp, events, identity, labels, last_run_successful, play, runner

ETR = "[subroutine] End the run."


def ice(card_id: str, rezzed: bool = True, **counters: int) -> dict[str, Any]:
    return {"card": card_id, "rezzed": rezzed, "counters": counters}


def on(server: str, *ice_ids: Any, root: list[Any] | None = None) -> dict[str, Any]:
    """Servers for a position: ``server`` protected by ``ice_ids`` (innermost first) with ``root``."""
    placed = [i if isinstance(i, dict) else ice(i) for i in ice_ids]
    return {server: {"ice": placed, "root": [r if isinstance(r, dict) else {"card": r} for r in root or []]}}


# ---------------------------------------------------------------- fixtures (our own wording)

AFSHAR = card(
    "afshar",
    "ice",
    ["Guarding HQ, at most one printed subroutine of it can be broken per encounter.",
     "[subroutine] The Runner loses 2[credit].",
     ETR],  # fmt: skip
    rez_cost=3, strength=1, subtypes=["code_gate"], faction="weyland_consortium",
)  # fmt: skip
AKHET = card(
    "akhet",
    "ice",
    ["You can advance this ice.",
     "With 3 or more advancement counters on it, 3 stronger and at most one printed subroutine breakable per "
     "encounter.",
     "[subroutine] The Corp takes 1[credit] and puts 1 advancement counter on some installed card.",
     ETR],  # fmt: skip
    rez_cost=3, strength=2, subtypes=["barrier"], faction="weyland_consortium",
)  # fmt: skip
COLOSSUS = card(
    "colossus",
    "ice",
    ["Advanceable; every advancement counter on it adds 1 strength.",
     "[subroutine] One tag for the Runner, or two once it carries 3 or more advancement counters.",
     "[subroutine] A program of the Runner goes to the heap; with 3 or more advancement counters a resource "
     "follows it."],  # fmt: skip
    rez_cost=6, strength=4, subtypes=["sentry", "destroyer"], faction="weyland_consortium",
)  # fmt: skip
CONGRATULATIONS = card(
    "congratulations",
    "ice",
    ["Each time the Runner gets past this ice, the Corp takes 1[credit].",
     "[subroutine] The Corp takes 2[credit] and the Runner takes 1[credit]."],  # fmt: skip
    rez_cost=1, strength=3, subtypes=["code_gate", "advertisement"], faction="nbn",
)  # fmt: skip
DRAFTER = card(
    "drafter",
    "ice",
    ["[subroutine] The Corp may take a card of Archives back into HQ.",
     "[subroutine] The Corp may install a card of Archives or HQ for free."],  # fmt: skip
    rez_cost=3, strength=3, subtypes=["sentry"], faction="haas_bioroid",
)  # fmt: skip
ENGRAM = card(
    "engram_flush",
    "ice",
    ["As the Runner meets it, the Corp names a card type; during that encounter, each grip reveal by its "
     "subroutines lets the Corp bin one shown card of that type.",
     "[subroutine] Show the grip.", "[subroutine] Show the grip."],  # fmt: skip
    rez_cost=2, strength=5, subtypes=["code_gate", "observer"], faction="jinteki",
)  # fmt: skip
F2P = card(
    "f2p",
    "ice",
    ["The Runner alone, and only while carrying no tag, may pay 2[credit] to break one subroutine here.",
     "[subroutine] One installed Runner card returns to the grip.",
     "[subroutine] Give the Runner 1 tag."],  # fmt: skip
    rez_cost=4, strength=5, subtypes=["sentry"], faction="nbn",
)  # fmt: skip
GOLD_FARMER = card(
    "gold_farmer",
    "ice",
    ["Every printed subroutine the Runner breaks here costs them 1[credit].",
     "[subroutine] The run is over unless the Runner hands over 3[credit].",
     "[subroutine] The run is over unless the Runner hands over 3[credit]."],  # fmt: skip
    rez_cost=3, strength=1, subtypes=["barrier"], faction="nbn",
)  # fmt: skip
HAGEN = card(
    "hagen",
    "ice",
    ["1 weaker for every icebreaker installed.",
     "[subroutine] Bin an installed program that is neither decoder nor fracter nor killer.",
     ETR],  # fmt: skip
    rez_cost=4, strength=6, subtypes=["barrier", "destroyer"], faction="haas_bioroid",
)  # fmt: skip
KONJIN = card(
    "konjin",
    "ice",
    ["As the Runner meets it, a psi game; on different bids the Corp may send the Runner through another rezzed "
     "ice first, then this encounter carries on."],  # fmt: skip
    rez_cost=3, strength=3, subtypes=["mythic", "psi"], faction="jinteki", unique=True,
)  # fmt: skip
LOOT_BOX = card(
    "loot_box",
    "ice",
    ["[subroutine] The run is over unless the Runner hands over 2[credit].",
     "[subroutine] Show the top 3 of the stack; one goes to the grip and the Corp takes credits equal to its "
     "cost; the stack is shuffled and this ice binned."],  # fmt: skip
    rez_cost=0, strength=3, subtypes=["trap"], faction="nbn",
)  # fmt: skip
SAISENTAN = card(
    "saisentan",
    "ice",
    ["As the Runner meets it, the Corp names a card type; in that encounter, each card of that type its "
     "subroutines' net damage bins brings 1 more net damage.",
     "[subroutine] Do 1 net damage.", "[subroutine] Do 1 net damage.", "[subroutine] Do 1 net damage."],  # fmt: skip
    rez_cost=5, strength=2, subtypes=["sentry", "ap", "observer"], faction="jinteki",
)  # fmt: skip
SANDSTONE = card(
    "sandstone",
    "ice",
    ["Meeting it puts a virus counter on it.", "1 weaker for each virus counter it carries.", ETR],
    rez_cost=3, strength=6, subtypes=["barrier"], faction="weyland_consortium",
)  # fmt: skip
TREBUCHET = card(
    "trebuchet",
    "ice",
    ["When you rez this ice, take 1 bad publicity.",
     "[subroutine] Bin one installed Runner card.",
     "[subroutine] Trace 6: on success, the Runner can neither steal nor bin Corp cards until the run is over."],
    rez_cost=7, strength=6, subtypes=["sentry", "illicit", "destroyer", "tracer"], faction="weyland_consortium",
)  # fmt: skip
TYR = card(
    "tyr",
    "ice",
    ["The Runner alone may give up [click] to break one subroutine here; the Corp then has 1 more [click] in "
     "its coming turn.",
     "[subroutine] Do 2 core damage.",
     "[subroutine] Bin one installed Runner card; the Corp takes 3[credit].",
     ETR],  # fmt: skip
    rez_cost=10, strength=7, subtypes=["sentry", "bioroid", "ap", "destroyer"], faction="haas_bioroid",
    unique=True,
)  # fmt: skip
WINCHESTER = card(
    "winchester",
    "ice",
    ["[subroutine] Trace[4]. If the trace is successful, trash 1 program.",
     "[subroutine] Trace[3]. If the trace is successful, trash 1 piece of hardware.",
     "Guarding HQ, it has one more subroutine after the others: a trace 3 that ends the run on success."],
    rez_cost=4, strength=4, subtypes=["sentry", "destroyer", "tracer"], faction="weyland_consortium",
)  # fmt: skip
RIME = card(
    "rime",
    "ice",
    ["In runs on its server, the Corp may rez it whenever non-ice cards may be rezzed.",
     "Every ice guarding its server is 1 stronger.",
     "[subroutine] The Runner loses 1[credit]."],  # fmt: skip
    rez_cost=0, strength=0, subtypes=["mythic"],
)  # fmt: skip
ICE = [AFSHAR, AKHET, COLOSSUS, CONGRATULATIONS, DRAFTER, ENGRAM, F2P, GOLD_FARMER, HAGEN, KONJIN, LOOT_BOX, RIME, SAISENTAN,
       SANDSTONE, TREBUCHET, TYR, WINCHESTER]  # fmt: skip

CALVIN = card(
    "calvin_b4l3y",
    "asset",
    ["Usable once a turn, [click]: the Corp draws 2 cards.",
     "Binned by the Runner, it lets the Corp draw 2 cards if it wishes."],  # fmt: skip
    rez_cost=0, trash_cost=3, subtypes=["bioroid"], faction="haas_bioroid", unique=True,
)  # fmt: skip
NANOETCHING = card(
    "nanoetching_matrix",
    "asset",
    ["Usable once a turn, [click]: the Corp takes 2[credit].",
     "Binned by the Runner, it lets the Corp take 2[credit] if it wishes."],  # fmt: skip
    rez_cost=0, trash_cost=3, subtypes=["industrial"], faction="haas_bioroid",
)  # fmt: skip
OVERWRITER = card(
    "cerebral_overwriter",
    "asset",
    ["You can advance this asset.",
     "Accessed while installed, it lets the Corp pay 3[credit] for core damage equal to its advancement "
     "counters."],  # fmt: skip
    rez_cost=0, trash_cost=0, subtypes=["ambush"], faction="haas_bioroid",
)  # fmt: skip
DAILY_QUEST = card(
    "daily_quest",
    "asset",
    ["The Corp can rez it in its own action phase only.",
     "Successful runs on its server pay the Runner 2[credit].",
     "As the Corp's turn starts, it takes 3[credit] unless the Runner ran this server successfully in their "
     "previous turn."],  # fmt: skip
    rez_cost=1, trash_cost=3, faction="nbn",
)  # fmt: skip
PORTAL = card(
    "public_health_portal",
    "asset",
    ["As the Corp's turn starts, the top of R&D is shown and the Corp takes 2[credit]."],
    rez_cost=3, trash_cost=2, subtypes=["facility"], faction="jinteki",
)  # fmt: skip
ROUGHNECK = card(
    "roughneck_repair_squad",
    "asset",
    ["[click][click][click]: The Corp takes 6[credit], then may shed 1 bad publicity."],
    rez_cost=0, trash_cost=3, subtypes=["industrial"], faction="weyland_consortium",
)  # fmt: skip
TIERED = card(
    "tiered_subscription",
    "asset",
    ["The Corp takes 1[credit] as the first run of each turn starts."],
    rez_cost=0, trash_cost=3, subtypes=["advertisement"], faction="nbn",
)  # fmt: skip
VAPORFRAME = card(
    "vaporframe_fabricator",
    "asset",
    ["Usable once a turn, [click]: install a card of HQ for free.",
     "Binned by the Runner, it lets the Corp install a card of HQ for free anywhere but the root of its "
     "server."],  # fmt: skip
    rez_cost=2, trash_cost=3, subtypes=["industrial"], faction="haas_bioroid",
)  # fmt: skip
WALL = card(
    "wall_to_wall",
    "asset",
    ["As the Corp's turn starts: with another asset rezzed, pick one of these; otherwise up to three, in any "
     "order: draw a card; take 1[credit]; advance an installed ice once; take this asset back to HQ."],  # fmt: skip
    rez_cost=1, trash_cost=3, subtypes=["advertisement"], faction="weyland_consortium", unique=True,
)  # fmt: skip
RESONATOR = card(
    "storgotic_resonator",
    "asset",
    ["The first time in a turn the Corp bins a card of the Runner identity's faction, from wherever, a power "
     "counter goes here.",
     "[click], hosted power counter: Do 1 net damage."],  # fmt: skip
    rez_cost=2, trash_cost=2, subtypes=["hostile"], faction="jinteki", unique=True,
)  # fmt: skip
ASSETS = [CALVIN, NANOETCHING, OVERWRITER, DAILY_QUEST, PORTAL, RESONATOR, ROUGHNECK, TIERED, VAPORFRAME, WALL]

CAYAMBE = card(
    "cayambe_grid",
    "upgrade",
    ["As the Corp's turn starts, one ice guarding this server gets an advancement counter.",
     "As the Runner reaches this server, they hand over 2[credit] per advanced ice guarding it or the run is "
     "over.",
     "A server holds one region at most."],  # fmt: skip
    rez_cost=3, trash_cost=3, subtypes=["region"], faction="weyland_consortium",
)  # fmt: skip
DROP_RATES = card(
    "increased_drop_rates",
    "upgrade",
    ["Accessed in R&D, it is shown to all.",
     "Accessing it, the Runner takes 1 tag or the Corp sheds 1 bad publicity."],  # fmt: skip
    rez_cost=0, trash_cost=2, subtypes=["ambush"], faction="nbn",
)  # fmt: skip
LA_COSTA = card(
    "la_costa_grid",
    "upgrade",
    ["Only for remote servers.",
     "As the Corp's turn starts, a card in this server's root gets an advancement counter.",
     "A server holds one region at most."],  # fmt: skip
    rez_cost=3, trash_cost=4, subtypes=["region", "seedy"], faction="jinteki",
)  # fmt: skip
TRANQUILITY = card(
    "tranquility_home_grid",
    "upgrade",
    ["Only for remote servers.",
     "The Corp's first install of a turn into this server's root pays 2[credit] or draws a card, as it likes.",
     "A server holds one region at most."],  # fmt: skip
    rez_cost=1, trash_cost=4, subtypes=["region"], faction="haas_bioroid",
)  # fmt: skip
UPGRADES = [CAYAMBE, DROP_RATES, LA_COSTA, TRANQUILITY]

ARCHITECT = card(
    "architect_deployment_test",
    "agenda",
    ["Once scored, the Corp looks at the top 5 of R&D and may install and rez one of them for free."],
    agenda_points=2, advancement_requirement=4, subtypes=["research"], faction="haas_bioroid",
)  # fmt: skip
DIVESTED = card(
    "divested_trust",
    "agenda",
    ["When the Runner steals some other agenda, the Corp may forfeit this one to take 5[credit] and the "
     "stolen agenda into HQ."],  # fmt: skip
    agenda_points=1, advancement_requirement=3, faction="weyland_consortium",
)  # fmt: skip
FALSE_LEAD = card(
    "false_lead",
    "agenda",
    ["Forfeit it: a Runner with 2 [click] or more left loses [click][click]."],
    agenda_points=1, advancement_requirement=3, subtypes=["security"],
)  # fmt: skip
FLOWER = card(
    "flower_sermon",
    "agenda",
    ["When you score this agenda, place 5 agenda counters on it.",
     "Once a turn, spend an agenda counter here: show the top of R&D, draw 2 cards, then put a card of HQ on "
     "top of R&D."],  # fmt: skip
    agenda_points=2, advancement_requirement=4, faction="jinteki",
)  # fmt: skip
REMASTERED = card(
    "remastered_edition",
    "agenda",
    ["When you score this agenda, place 1 agenda counter on it.",
     "Spend an agenda counter here: one installed card gets an advancement counter."],  # fmt: skip
    agenda_points=2, advancement_requirement=4, subtypes=["expansion"], faction="nbn",
)  # fmt: skip
STING = card(
    "sting",
    "agenda",
    ["Scored or stolen, it does 1 net damage plus 1 for each Sting! in the other side's score area."],
    agenda_points=1, advancement_requirement=3, subtypes=["ambush"], faction="jinteki",
)  # fmt: skip
TRANSPORT = card(
    "transport_monopoly",
    "agenda",
    ["When you score this agenda, place 2 agenda counters on it.",
     "Once a turn during a run, spend an agenda counter here: that run cannot become successful."],  # fmt: skip
    agenda_points=2, advancement_requirement=4, subtypes=["initiative"], faction="weyland_consortium",
)  # fmt: skip
CYBERDEX = card(
    "cyberdex_sandbox",
    "agenda",
    ["The Corp's first purge in a turn pays it 4[credit].",
     "When you score this agenda, you may purge virus counters."],  # fmt: skip
    agenda_points=2, advancement_requirement=4, subtypes=["security"],
)  # fmt: skip
YAGI_UDA = card(
    "project_yagi_uda",
    "agenda",
    ["Once scored, it gets an agenda counter for every advancement counter it had beyond 3.",
     "In a run only, spend an agenda counter here: a card of HQ trades places with a card in the root of, or "
     "guarding, the server run on; the Runner may then jack out."],  # fmt: skip
    agenda_points=2, advancement_requirement=3, subtypes=["research"], faction="jinteki",
)  # fmt: skip
MEGAPRIX = card(
    "megaprix_qualifier",
    "agenda",
    ["Scored while another Megaprix Qualifier sits in a score area, it gets an agenda counter.",
     "With an agenda counter on it, it is worth 1 point more."],  # fmt: skip
    agenda_points=1, advancement_requirement=3, faction="haas_bioroid",
)  # fmt: skip
AGENDAS = [ARCHITECT, CYBERDEX, MEGAPRIX, DIVESTED, FALSE_LEAD, FLOWER, REMASTERED, STING, TRANSPORT, YAGI_UDA]

COMPLETE_IMAGE = card(
    "complete_image",
    "operation",
    ["Playable while the Runner has 3+ agenda points and ran successfully in their previous turn.",
     "Once it resolves, the Corp's action phase is over.",
     "Name a card and do 1 net damage; while the damage bins a card of that name, do it all again."],  # fmt: skip
    cost=4, subtypes=["terminal", "gray_ops"], faction="jinteki",
)  # fmt: skip
DRM = card(
    "digital_rights_management",
    "operation",
    ["Playable unless the Runner ran HQ successfully in their previous turn.",
     "Fetch an agenda from R&D into HQ, shown to all (R&D is shuffled); then the Corp may install a card of HQ "
     "in a remote server's root.",
     "No agenda can be scored for the rest of the turn."],  # fmt: skip
    cost=1, faction="nbn",
)  # fmt: skip
FOCUS = card(
    "focus_group",
    "operation",
    ["Playable after a successful run in the Runner's previous turn.",
     "Name a card type and show the grip; the Corp may pay X[credit], X no more than the shown cards of that "
     "type, to put X advancement counters on one installed card."],  # fmt: skip
    cost=3, faction="nbn",
)  # fmt: skip
FULLY = card(
    "fully_operational",
    "operation",
    ["Pick 2[credit] or 2 cards, once, and once more per remote server with a card in its root and ice in front "
     "of it."],  # fmt: skip
    cost=1, faction="haas_bioroid",
)  # fmt: skip
GAME_OVER = card(
    "game_over",
    "operation",
    ["Playable after the Runner stole an agenda in their previous turn.",
     "Name a Runner card type: each installed card of it except icebreakers is binned unless the Runner pays "
     "3[credit] to keep it.",
     "Take 1 bad publicity."],  # fmt: skip
    cost=4, subtypes=["illicit", "gray_ops"], faction="nbn",
)  # fmt: skip
RED_LEVEL = card(
    "red_level_clearance",
    "operation",
    ["Two different ones, in the order the Corp likes: draw 2 cards; take 2[credit]; install a non-agenda card "
     "of HQ; gain [click]."],  # fmt: skip
    cost=1, subtypes=["transaction"], faction="haas_bioroid",
)  # fmt: skip
SCAPENET = card(
    "scapenet",
    "operation",
    ["Playable after a successful run in the Runner's previous turn.",
     "Trace 7: on success one installed chip or virtual card leaves the game."],  # fmt: skip
    cost=1, subtypes=["gray_ops"], faction="haas_bioroid",
)  # fmt: skip
SECURE = card(
    "secure_and_protect",
    "operation",
    ["Playing it costs one more [click].",
     "Fetch an ice from R&D, shown to all (R&D is shuffled), and install it in front of a central server for "
     "3[credit] less."],  # fmt: skip
    cost=1, subtypes=["double"], faction="weyland_consortium",
)  # fmt: skip
LOCKDOWN = "Playable with no lockdown active; it stays in play until the Corp's next turn starts."
ARGUS = card(
    "argus_crackdown",
    "operation",
    [LOCKDOWN, "Each successful run on a server with ice in front of it costs the Runner 2 meat damage."],
    cost=0, subtypes=["lockdown", "gray_ops"], faction="weyland_consortium",
)  # fmt: skip
PRECOG = card(
    "hyoubu_precog_manifold",
    "operation",
    [LOCKDOWN, "As it is played, the Corp picks a server.",
     "Each successful run there brings a psi game; on different bids the run is over."],  # fmt: skip
    cost=0, subtypes=["lockdown", "psi"], faction="jinteki",
)  # fmt: skip
KAKURENBO = card(
    "kakurenbo",
    "operation",
    ["Playing it costs two more [click].",
     "Bin as many HQ cards as the Corp likes and flip Archives face down; the Corp may install a card of Archives "
     "in a remote server's root with 2 advancement counters on it.",
     "Afterwards it leaves the game."],  # fmt: skip
    cost=2, subtypes=["triple"], faction="jinteki",
)  # fmt: skip
NEXT_COMMAND = card(
    "next_activation_command",
    "operation",
    [LOCKDOWN, "All ice is 2 stronger.", "The Runner breaks subroutines with icebreakers only."],
    cost=0, subtypes=["lockdown"], faction="haas_bioroid",
)  # fmt: skip
SYNC = card(
    "sync_rerouting",
    "operation",
    [LOCKDOWN, "As each run starts, the Runner pays 4[credit] or takes 1 tag."],
    cost=0, subtypes=["lockdown"], faction="nbn",
)  # fmt: skip
OPERATIONS = [ARGUS, COMPLETE_IMAGE, DRM, FOCUS, FULLY, GAME_OVER, PRECOG, KAKURENBO, NEXT_COMMAND, RED_LEVEL,
              SCAPENET, SECURE, SYNC]  # fmt: skip

MIRRORMORPH = identity(
    "mirrormorph_endless_iteration",
    "corp",
    ["Once the Corp's first three actions of a turn are all different, it may take 1[credit] or a fourth, "
     "different action that costs it [click] less."],  # fmt: skip
    faction="haas_bioroid", subtypes=["division"],
)  # fmt: skip
IDENTITIES = [MIRRORMORPH]
PARTIAL = {"rime", "next_activation_command"}  # a paragraph the engine cannot run stays unread
FIXTURES = [*ICE, *ASSETS, *UPGRADES, *AGENDAS, *OPERATIONS, *IDENTITIES]
RECORDS = [*bundled(), *FIXTURES]


def test_every_fixture_runs_whole_but_the_partial_ones() -> None:
    for record in FIXTURES:
        expected = "partial" if record.id in PARTIAL else "executable"
        assert record.reading.status == expected, record.id
    assert AKHET.reading.read == [0, 3] and AKHET.reading.scripted == [1, 2]
    assert TREBUCHET.reading.read == [0] and TREBUCHET.reading.scripted == [1, 2]
    assert SAISENTAN.reading.scripted == [0, 1, 2, 3]


# ---------------------------------------------------------------- ice


def test_akhet_gains_a_credit_and_advances_then_ends_the_run() -> None:
    r = play(RECORDS, ["run:hq"], corp=corp(servers=on("hq", "akhet")), runner=runner(clicks=1))
    g = r.game
    akhet = g.servers["hq"].ice[0]
    assert g.corp.credits == 6 and akhet.advancement == 1
    assert not last_run_successful(r)


def test_colossus_grows_with_advancement_and_hits_harder_at_three() -> None:
    rig = [{"card": "hermit_shell"}, {"card": "garage_lab"}]
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers=on("hq", ice("colossus", advancement=3))),
             runner=runner(clicks=1, rig=rig))  # fmt: skip
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 7
    assert g.runner.tags == 2 and g.runner.rig == []
    assert sorted(c.id for c in g.runner.discard) == ["garage_lab", "hermit_shell"]
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers=on("hq", ice("colossus", advancement=1))),
             runner=runner(clicks=1, rig=rig))  # fmt: skip
    assert r.game.runner.tags == 1 and [c.id for c in r.game.runner.rig] == ["garage_lab"]


def test_congratulations_pays_both_sides_and_the_corp_again_when_passed() -> None:
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers=on("hq", "congratulations")), runner=runner(clicks=1))
    g = r.game
    assert g.corp.credits == 5 + 2 + 1 and g.runner.credits == 5 + 1
    assert last_run_successful(r)


def test_drafter_fetches_from_archives_and_installs_for_free() -> None:
    r = play(RECORDS, ["run:hq", "nbn_static_veil", "nbn_billboard_network", "continue"],
             corp=corp(servers=on("hq", "drafter"), discard=["nbn_static_veil"], hand=["nbn_billboard_network"],
                       credits=0),
             runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["nbn_billboard_network"]
    assert g.corp.discard == [] and g.corp.credits == 0
    assert "nbn_static_veil" in [c.id for c in g.corp.hand]


def test_engram_flush_bins_revealed_cards_of_the_named_type() -> None:
    grip = ["spark_of_insight", "spark_of_insight", "garage_lab"]
    r = play(RECORDS, ["run:hq", "event", "spark_of_insight", "done", "continue"],
             corp=corp(servers=on("hq", "engram_flush")), runner=runner(clicks=1, hand=grip))  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard] == ["spark_of_insight"]
    assert sorted(c.id for c in g.runner.hand) == ["garage_lab", "spark_of_insight"]
    assert len(events(r, "reveal")) == 2


def test_f2p_lets_an_untagged_runner_buy_breaks_and_bounces_a_card() -> None:
    rig = [{"card": "garage_lab"}]
    r = play(RECORDS, ["run:hq", "yes", "sub:2", "no", "continue"],
             corp=corp(servers=on("hq", "f2p")), runner=runner(clicks=1, rig=rig))  # fmt: skip
    g = r.game
    assert g.runner.credits == 3 and g.runner.tags == 0  # the tag subroutine was bought off
    assert g.runner.rig == [] and [c.id for c in g.runner.hand] == ["garage_lab"]
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers=on("hq", "f2p")),
             runner=runner(clicks=1, rig=rig, tags=1))  # fmt: skip
    assert r.game.runner.credits == 5 and r.game.runner.tags == 2  # tagged: no break offered
    assert [c.id for c in r.game.runner.hand] == ["garage_lab"]


def test_gold_farmer_charges_for_each_break() -> None:
    r = play(RECORDS, ["run:hq", "break:frame_hammer/0", "sub:1", "break:frame_hammer/0", "continue"],
             corp=corp(servers=on("hq", "gold_farmer")), runner=runner(clicks=1, rig=[{"card": "frame_hammer"}]))
    assert r.game.runner.credits == 5 - 2 - 2 and last_run_successful(r)


def test_gold_farmer_ends_the_run_unless_paid_each_time() -> None:
    r = play(RECORDS, ["run:hq", "pay"], corp=corp(servers=on("hq", "gold_farmer")),
             runner=runner(clicks=1, credits=4))  # fmt: skip
    assert r.game.runner.credits == 1 and not last_run_successful(r)  # the second 3[credit] was not there
    r = play(RECORDS, ["run:hq", "pay", "pay", "continue"], corp=corp(servers=on("hq", "gold_farmer")),
             runner=runner(clicks=1, credits=6))  # fmt: skip
    assert r.game.runner.credits == 0 and last_run_successful(r)


def test_hagen_weakens_per_icebreaker_and_bins_other_programs() -> None:
    rig = [{"card": "gray_rat"}, {"card": "hermit_shell"}]
    r = play(RECORDS, ["run:hq"], corp=corp(servers=on("hq", "hagen")), runner=runner(clicks=1, rig=rig))
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 5
    assert [c.id for c in g.runner.rig] == ["gray_rat"] and [c.id for c in g.runner.discard] == ["hermit_shell"]
    assert not last_run_successful(r)


def test_konjin_sends_the_runner_through_other_ice_on_different_bids() -> None:
    servers = {**on("hq", "konjin"), **on("rnd", "nbn_static_veil")}
    r = play(RECORDS, ["run:hq", "bid:1", "bid:0", "nbn_static_veil"], corp=corp(servers=servers),
             runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert g.corp.credits == 4 and not last_run_successful(r)
    assert [e["ice"] for e in events(r, "encounter")] == [str(g.servers["hq"].ice[0]), str(g.servers["rnd"].ice[0])]
    r = play(RECORDS, ["run:hq", "bid:1", "bid:1", "continue"], corp=corp(servers=servers), runner=runner(clicks=1))
    assert len(events(r, "encounter")) == 1 and last_run_successful(r)


def test_loot_box_hands_a_stack_card_over_for_its_cost_and_goes() -> None:
    stack = ["light_fingers", "garage_lab", "spark_of_insight", "bench_night"]
    r = play(RECORDS, ["run:hq", "pay", "garage_lab", "continue"], corp=corp(servers=on("hq", "loot_box"), credits=0),
             runner=runner(clicks=1, deck=stack))  # fmt: skip
    g = r.game
    assert g.runner.credits == 3 and g.corp.credits == 4
    assert [c.id for c in g.runner.hand] == ["garage_lab"] and len(g.runner.deck) == 3
    assert g.servers["hq"].ice == [] and [c.id for c in g.corp.discard] == ["loot_box"]
    assert len(events(r, "reveal")) == 1 and events(r, "shuffle")


def test_saisentan_adds_damage_for_the_named_type() -> None:
    grip = ["spark_of_insight"] * 7
    r = play(RECORDS, ["run:hq", "event"], corp=corp(servers=on("hq", "saisentan")), runner=runner(clicks=1, hand=grip))
    assert len(r.game.runner.hand) == 1 and len(r.game.runner.discard) == 6
    r = play(RECORDS, ["run:hq", "hardware", "continue"], corp=corp(servers=on("hq", "saisentan")),
             runner=runner(clicks=1, hand=grip))  # fmt: skip
    assert len(r.game.runner.hand) == 4


def test_sandstone_weakens_each_time_it_is_met() -> None:
    r = play(RECORDS, ["run:hq", "done"], corp=corp(servers=on("hq", "sandstone")),
             runner=runner(clicks=1, rig=[{"card": "frame_hammer"}]))  # fmt: skip
    g = r.game
    stone = g.servers["hq"].ice[0]
    assert stone.counters == {"virus": 1} and g.strength_of(stone) == 5
    assert not last_run_successful(r)


def test_trebuchet_bins_a_card_and_a_trace_protects_the_agendas() -> None:
    r = play(RECORDS, ["run:hq", "pay:0", "pay:0", "continue"],
             corp=corp(servers=on("hq", "trebuchet"), hand=["neutral_board_resolution"]),
             runner=runner(clicks=1, rig=[{"card": "garage_lab"}]))  # fmt: skip
    g = r.game
    assert g.runner.rig == [] and g.runner.score_area == []
    assert "neutral_board_resolution" in [c.id for c in g.corp.hand] and events(r, "steal_forbidden")
    assert not g.forbidden("steal")  # only for that run


def test_tyr_click_breaks_give_the_corp_clicks_next_turn() -> None:
    r = play(RECORDS, ["run:hq", "clickbreak:tyr", "sub:1", "clickbreak:tyr", "sub:3", "continue"],
             corp=corp(servers=on("hq", "tyr"), credits=0), runner=runner(clicks=3, rig=[{"card": "garage_lab"}]))
    g = r.game
    assert g.runner.rig == [] and g.runner.brain_damage == 0 and last_run_successful(r)
    assert g.active == "corp" and g.corp.clicks == 3 + 2 and g.corp.credits == 3


def test_winchester_gains_an_end_the_run_trace_protecting_hq() -> None:
    r = play(RECORDS, ["run:hq", "pay:0", "pay:0", "pay:0", "pay:0", "pay:0", "pay:0"],
             corp=corp(servers=on("hq", "winchester")), runner=runner(clicks=1))  # fmt: skip
    assert len(events(r, "trace")) == 3 and not last_run_successful(r)
    r = play(RECORDS, ["run:rnd", "pay:0", "pay:0", "pay:0", "pay:0", "continue"],
             corp=corp(servers=on("rnd", "winchester")), runner=runner(clicks=1))  # fmt: skip
    assert len(events(r, "trace")) == 2 and last_run_successful(r)


# ---------------------------------------------------------------- assets


def _runner_trashes(card_id: str, decisions: list[str], **corp_side: Any) -> Any:
    """The runner (1 click, 5 credits) runs remote1, where ``card_id`` is rezzed, and trashes it."""
    servers = on("remote1", root=[{"card": card_id, "rezzed": True}])
    return play(RECORDS, ["run:remote1", "continue", "trash:" + card_id, *decisions],
                corp=corp(servers=servers, **corp_side), runner=runner(clicks=1))  # fmt: skip


def test_calvin_draws_once_a_turn_and_when_binned() -> None:
    servers = on("remote1", root=[{"card": "calvin_b4l3y", "rezzed": True}])
    r = play(RECORDS, ["use:calvin_b4l3y/0"], active="corp", corp=corp(servers=servers, clicks=2))
    g = r.game
    assert len(g.corp.hand) == 2 and g.corp.clicks == 1
    assert "use:" + g.servers["remote1"].root[0].ref + "/0" not in labels(r)  # once a turn
    r = _runner_trashes("calvin_b4l3y", ["yes"])
    assert len(r.game.corp.hand) == 2 + 1  # 2 drawn, then the corp's mandatory draw
    assert [c.id for c in r.game.corp.discard] == ["calvin_b4l3y"]


def test_nanoetching_matrix_pays_once_a_turn_and_when_binned() -> None:
    servers = on("remote1", root=[{"card": "nanoetching_matrix", "rezzed": True}])
    r = play(RECORDS, ["use:nanoetching_matrix/0"], active="corp", corp=corp(servers=servers, clicks=2))
    assert r.game.corp.credits == 7 and not any(o.startswith("use:nanoetching") for o in labels(r))
    r = _runner_trashes("nanoetching_matrix", ["yes"])
    assert r.game.corp.credits == 7 and r.game.runner.credits == 2


def test_cerebral_overwriter_burns_the_runners_brain() -> None:
    servers = on("remote1", root=[{"card": "cerebral_overwriter", "counters": {"advancement": 2}}])
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "leave"], corp=corp(servers=servers),
             runner=runner(clicks=1, hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    assert g.corp.credits == 2 and g.runner.brain_damage == 2 and len(g.runner.hand) == 1


def test_daily_quest_pays_the_runner_and_the_corp_when_left_alone() -> None:
    servers = on("remote1", root=[{"card": "daily_quest", "rezzed": True}])
    r = play(RECORDS, ["run:remote1", "continue", "leave"], corp=corp(servers=servers),
             runner=runner(clicks=1))  # fmt: skip
    assert r.game.runner.credits == 7 and r.game.corp.credits == 5  # it ran there: nothing for the corp
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers=servers), runner=runner(clicks=1))
    assert r.game.runner.credits == 5 and r.game.corp.credits == 8


def test_public_health_portal_shows_the_top_of_rnd_and_pays() -> None:
    servers = on("remote1", root=[{"card": "public_health_portal", "rezzed": True}])
    r = play(RECORDS, [], corp=corp(servers=servers), runner=runner(clicks=0))
    assert r.game.corp.credits == 7 and len(events(r, "reveal")) == 1


def test_roughneck_repair_squad_pays_six_and_may_clean_up() -> None:
    servers = on("remote1", root=[{"card": "roughneck_repair_squad", "rezzed": True}])
    r = play(RECORDS, ["use:roughneck_repair_squad/0", "yes"], active="corp",
             corp=corp(servers=servers, bad_publicity=2))  # fmt: skip
    g = r.game
    assert g.corp.credits == 11 and g.corp.bad_publicity == 1 and g.corp.clicks == 0


def test_tiered_subscription_pays_for_the_first_run_of_a_turn_only() -> None:
    servers = on("remote1", root=[{"card": "tiered_subscription", "rezzed": True}])
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=corp(servers=servers),
             runner=runner(clicks=2))  # fmt: skip
    assert r.game.corp.credits == 6 and len(r.game.run_history) == 2


def test_vaporframe_installs_for_free_and_not_back_into_its_root() -> None:
    servers = on("remote1", root=[{"card": "vaporframe_fabricator", "rezzed": True}])
    r = play(RECORDS, ["use:vaporframe_fabricator/0", "hq"], active="corp",
             corp=corp(servers=servers, hand=["weyland_slag_rampart"], credits=0, clicks=2))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["weyland_slag_rampart"] and g.corp.credits == 0
    servers = {"remote1": {"ice": [ice("nbn_static_veil", rezzed=False)],
                           "root": [{"card": "vaporframe_fabricator", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, ["run:remote1", "continue", "trash:vaporframe_fabricator", "neutral_records_vault"],
             corp=corp(servers=servers, hand=["neutral_records_vault"], credits=0),
             runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote2"].root] == ["neutral_records_vault"]
    assert g.servers["remote1"].root == []


def test_wall_to_wall_resolves_up_to_three_alone_and_one_otherwise() -> None:
    servers = {**on("hq", ice("nbn_static_veil", rezzed=False)),
               **on("remote1", root=[{"card": "wall_to_wall", "rezzed": True}])}  # fmt: skip
    r = play(RECORDS, ["advance", "credit", "hq"], corp=corp(servers=servers), runner=runner(clicks=0))
    g = r.game
    assert g.servers["hq"].ice[0].advancement == 1 and g.corp.credits == 6
    assert "wall_to_wall" in [c.id for c in g.corp.hand] and "remote1" not in g.servers
    servers = {**servers, **on("remote2", root=[{"card": "neutral_records_vault", "rezzed": True}])}
    r = play(RECORDS, ["draw"], corp=corp(servers=servers), runner=runner(clicks=0))
    g = r.game
    assert len(g.corp.hand) == 2 and g.corp.credits == 5  # 1 drawn by it, 1 the mandatory draw


# ---------------------------------------------------------------- upgrades


def test_cayambe_grid_advances_its_ice_and_taxes_the_approach() -> None:
    servers = {"remote1": {"ice": [ice("nbn_static_veil", rezzed=False)],
                           "root": [{"card": "cayambe_grid", "rezzed": True}]}}  # fmt: skip
    r = play(RECORDS, [], corp=corp(servers=servers), runner=runner(clicks=0))
    assert r.game.servers["remote1"].ice[0].advancement == 1
    servers["remote1"]["ice"] = [ice("nbn_static_veil", rezzed=False, advancement=1),
                                 ice("nbn_static_veil", rezzed=False, advancement=2),
                                 ice("nbn_static_veil", rezzed=False)]  # fmt: skip
    r = play(RECORDS, ["run:remote1", "continue", "continue", "continue", "pay"],
             corp=corp(servers=servers, credits=0), runner=runner(clicks=1, credits=5))  # fmt: skip
    assert r.game.runner.credits == 1 and last_run_successful(r)  # 2 advanced ice: 4[credit]
    r = play(RECORDS, ["run:remote1", "continue", "continue", "continue"], corp=corp(servers=servers, credits=0),
             runner=runner(clicks=1, credits=3))  # fmt: skip
    assert r.game.runner.credits == 3 and not last_run_successful(r)


def test_cayambe_grid_is_the_only_region_of_its_server() -> None:
    servers = on("remote1", root=["weyland_perimeter_grid"])
    r = play(RECORDS, ["install:cayambe_grid@remote1"], active="corp",
             corp=corp(servers=servers, hand=["cayambe_grid"]))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["cayambe_grid"]
    assert [c.id for c in g.corp.discard] == ["weyland_perimeter_grid"]


def test_increased_drop_rates_costs_a_tag_or_a_bad_publicity() -> None:
    deck = ["increased_drop_rates", "neutral_plywood_screen", "neutral_plywood_screen"]
    r = play(RECORDS, ["run:rnd", "continue", "tag", "leave"], corp=corp(deck=deck, bad_publicity=1),
             runner=runner(clicks=1))  # fmt: skip
    assert r.game.runner.tags == 1 and r.game.corp.bad_publicity == 1
    assert [[name.split("#")[0] for name in e["cards"]] for e in events(r, "reveal")] == [["increased_drop_rates"]]
    r = play(RECORDS, ["run:rnd", "continue", "refuse", "leave"], corp=corp(deck=deck, bad_publicity=1),
             runner=runner(clicks=1))  # fmt: skip
    assert r.game.runner.tags == 0 and r.game.corp.bad_publicity == 0


# ---------------------------------------------------------------- agendas


def _score(card_id: str, decisions: list[str], advancement: int = 2, **corp_side: Any) -> Any:
    """The corp advances ``card_id`` (in remote1 with ``advancement`` counters, its requirement less one) once
    and scores it; then ``decisions``."""
    servers = on("remote1", root=[{"card": card_id, "counters": {"advancement": advancement}}])
    return play(RECORDS, ["advance:" + card_id, "score:" + card_id, *decisions], active="corp",
                corp=corp(servers=servers, **corp_side))  # fmt: skip


def test_architect_deployment_test_installs_and_rezzes_from_the_top_of_rnd() -> None:
    deck = ["neutral_plywood_screen", "weyland_ore_refinery", "nbn_static_veil"]
    r = _score("architect_deployment_test", ["weyland_ore_refinery"], advancement=3,
               deck=deck, credits=1)  # fmt: skip
    g = r.game
    refinery = g.servers["remote2"].root[0]
    assert refinery.id == "weyland_ore_refinery" and refinery.rezzed and g.corp.credits == 0
    assert len(g.corp.deck) == 2 and len(events(r, "reveal")[0]["cards"]) == 3


def test_divested_trust_takes_a_stolen_agenda_back() -> None:
    servers = on("remote1", root=["neutral_board_resolution"])
    r = play(RECORDS, ["run:remote1", "continue", "yes"], corp=corp(servers=servers, score_area=["divested_trust"]),
             runner=runner(clicks=1))  # fmt: skip
    g = r.game
    assert g.runner.score_area == [] and g.corp.score_area == [] and g.corp.credits == 10
    assert "neutral_board_resolution" in [c.id for c in g.corp.hand]
    assert [c.id for c in g.removed] == ["divested_trust"]


def test_false_lead_costs_the_runner_two_clicks() -> None:
    servers = on("hq", ice("nbn_static_veil", rezzed=False))
    r = play(RECORDS, ["run:hq", "use:false_lead/0"], corp=corp(servers=servers, score_area=["false_lead"]),
             runner=runner(clicks=4))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 1 and g.corp.score_area == [] and [c.id for c in g.removed] == ["false_lead"]


def test_flower_sermon_draws_two_and_stacks_one() -> None:
    r = _score("flower_sermon", ["use:flower_sermon/1", "hb_lattice_gate"], advancement=3,
               deck=["hb_lattice_gate", "nbn_static_veil", "neutral_checksum_gate"])  # fmt: skip
    g = r.game
    sermon = g.corp.score_area[0]
    assert sermon.counters == {"agenda": 4} and g.corp.deck[-1].id == "hb_lattice_gate"
    assert [c.id for c in g.corp.hand] == ["nbn_static_veil"] and len(events(r, "reveal")) == 1
    assert "use:" + sermon.ref + "/1" not in labels(r)  # once a turn


def test_remastered_edition_spends_its_counter_on_an_advancement() -> None:
    servers = {**on("remote1", root=[{"card": "remastered_edition", "counters": {"advancement": 3}}]),
               **on("remote2", root=["neutral_board_resolution"])}  # fmt: skip
    r = play(RECORDS, ["advance:remastered_edition", "score:remastered_edition", "use:remastered_edition/1"],
             active="corp", corp=corp(servers=servers))  # fmt: skip
    g = r.game
    assert g.corp.score_area[0].counters == {} and g.servers["remote2"].root[0].advancement == 1


def test_sting_hurts_more_for_each_sting_across_the_table() -> None:
    grip = ["spark_of_insight"] * 5
    r = play(RECORDS, ["advance:sting", "score:sting"], active="corp",
             corp=corp(servers=on("remote1", root=[{"card": "sting", "counters": {"advancement": 2}}])),
             runner=runner(hand=grip, score_area=["sting"]))  # fmt: skip
    assert len(r.game.runner.hand) == 3
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=on("remote1", root=["sting"]),
                                                            score_area=["sting", "sting"]),
             runner=runner(clicks=1, hand=grip))  # fmt: skip
    assert len(r.game.runner.hand) == 2


def test_transport_monopoly_keeps_a_run_from_success() -> None:
    servers = {**on("hq", ice("nbn_static_veil", rezzed=False)),
               **on("remote1", root=[{"card": "transport_monopoly", "counters": {"advancement": 3}}])}  # fmt: skip
    scored = ["advance:transport_monopoly", "score:transport_monopoly", "credit"]  # the corp's turn ends
    r = play(RECORDS, [*scored, "run:hq", "use:transport_monopoly/1", "done", "continue"], active="corp",
             corp=corp(servers=servers, clicks=2, hand=["neutral_board_resolution"], credits=1),
             runner=runner())  # fmt: skip
    g = r.game
    assert not last_run_successful(r) and g.runner.score_area == [] and g.corp.score_area[0].counters == {"agenda": 1}
    assert "use:transport_monopoly/1" not in [label.split("#")[0] + "/1" for label in labels(r)]


def test_rime_strengthens_the_ice_of_its_server_while_rezzed() -> None:
    servers = {"hq": {"ice": [ice("nbn_static_veil"), ice("rime")], "root": []}, **on("rnd", "nbn_static_veil")}
    g = play(RECORDS, [], active="corp", corp=corp(servers=servers)).game
    assert [g.strength_of(c) for c in g.servers["hq"].ice] == [2, 1] and g.strength_of(g.servers["rnd"].ice[0]) == 1
    servers["hq"]["ice"][1] = ice("rime", rezzed=False)
    g = play(RECORDS, [], active="corp", corp=corp(servers=servers)).game
    assert [g.strength_of(c) for c in g.servers["hq"].ice] == [1, 0]


def test_storgotic_resonator_charges_on_the_first_faction_card_binned_each_turn() -> None:
    servers = {**on("hq", "jinteki_needle_choir"),
               **on("remote1", root=[{"card": "storgotic_resonator", "rezzed": True}])}  # fmt: skip
    grip = ["spark_of_insight"] * 5  # shaper cards, as the runner's identity
    r = play(RECORDS, ["run:hq", "continue", "run:hq", "continue"], corp=corp(servers=servers),
             runner=runner(clicks=2, hand=grip))  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 1 and g.servers["remote1"].root[0].counters == {"power": 1}
    r = play(RECORDS, ["run:hq", "continue"], corp=corp(servers=servers),
             runner=runner(clicks=1, hand=["light_fingers"] * 3))  # fmt: skip
    assert r.game.servers["remote1"].root[0].counters == {}  # criminal cards: not the identity's faction


def test_daily_quest_is_rezzed_in_the_corps_action_phase_only() -> None:
    servers = on("remote1", root=["daily_quest"])
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp(servers=servers), runner=runner(clicks=1))
    assert not events(r, "rez") and not any(o.startswith("rez:") for o in labels(r))
    r = play(RECORDS, ["rez:daily_quest"], active="corp", corp=corp(servers=servers))
    assert r.game.servers["remote1"].root[0].rezzed and r.game.corp.credits == 4


def test_cyberdex_sandbox_pays_for_the_first_purge_of_a_turn() -> None:
    r = play(RECORDS, ["purge", "purge"], active="corp", corp=corp(clicks=6, score_area=["cyberdex_sandbox"]))
    assert r.game.corp.credits == 9 and len(events(r, "purge")) == 2


def test_project_yagi_uda_swaps_a_card_of_hq_into_the_attacked_server() -> None:
    servers = {**on("remote1", root=[{"card": "project_yagi_uda", "counters": {"advancement": 4}}]),
               **on("remote2", root=["neutral_board_resolution"])}  # fmt: skip
    scored = ["advance:project_yagi_uda", "score:project_yagi_uda", "credit"]  # 5 advancement counters: 2 agenda counters
    r = play(RECORDS, [*scored, "run:remote2", "continue", "use:project_yagi_uda/1",
                       "no", "done", "leave"],
             active="corp", corp=corp(servers=servers, clicks=2, credits=1, hand=["nbn_billboard_network"]))
    g = r.game
    assert g.corp.score_area[0].counters == {"agenda": 1}
    assert [c.id for c in g.servers["remote2"].root] == ["nbn_billboard_network"]
    assert "neutral_board_resolution" in [c.id for c in g.corp.hand] and g.runner.score_area == []


# ---------------------------------------------------------------- operations


def _played_then(card_id: str, decisions: list[str], **corp_side: Any) -> Any:
    """The corp (1 click) plays ``card_id``; the runner's turn follows, with ``decisions``."""
    return play(RECORDS, ["play:" + card_id, *decisions], active="corp",
                corp=corp(clicks=1, hand=[card_id], **corp_side), runner=runner(hand=["spark_of_insight"] * 5))


def test_argus_crackdown_hurts_successful_runs_on_iced_servers_until_the_corps_turn() -> None:
    servers = on("hq", ice("nbn_static_veil", rezzed=False))
    r = _played_then("argus_crackdown", ["run:hq", "continue", "run:rnd", "continue"], servers=servers, credits=0)
    g = r.game
    assert len(g.runner.hand) == 3 and [c.id for c in g.in_play] == ["argus_crackdown"]
    r = _played_then("argus_crackdown", ["credit"] * 4, servers=servers)
    assert r.game.in_play == [] and "argus_crackdown" in [c.id for c in r.game.corp.discard]
    r = play(RECORDS, ["play:argus_crackdown"], active="corp", corp=corp(hand=["argus_crackdown", "sync_rerouting"]))
    assert not any(o.startswith("play:sync_rerouting") for o in labels(r))  # one lockdown at a time


def test_hyoubu_precog_manifold_ends_runs_on_its_server_on_different_bids() -> None:
    r = play(RECORDS, ["play:hyoubu_precog_manifold", "hq", "run:hq", "continue", "bid:1", "bid:0"], active="corp",
             corp=corp(clicks=1, hand=["hyoubu_precog_manifold", "neutral_board_resolution"]))  # fmt: skip
    g = r.game
    assert not last_run_successful(r) and events(r, "breach_replaced") and g.runner.score_area == []
    r = play(RECORDS, ["play:hyoubu_precog_manifold", "hq", "run:hq", "continue", "bid:1", "bid:1"], active="corp",
             corp=corp(clicks=1, hand=["hyoubu_precog_manifold", "neutral_board_resolution"]))  # fmt: skip
    assert last_run_successful(r) and [c.id for c in r.game.runner.score_area] == ["neutral_board_resolution"]


def test_kakurenbo_bins_hq_hides_archives_and_plants_an_advanced_card() -> None:
    r = play(RECORDS, ["play:kakurenbo", "nbn_static_veil", "done", "neutral_board_resolution"], active="corp",
             corp=corp(clicks=3, hand=["kakurenbo", "nbn_static_veil", "neutral_pilot_scheme"],
                       discard=["nbn_billboard_network", "neutral_board_resolution"]))  # fmt: skip
    g = r.game
    agenda = g.servers["remote1"].root[0]
    assert agenda.id == "neutral_board_resolution" and agenda.advancement == 2 and g.corp.clicks == 0
    assert sorted(c.id for c in g.corp.discard) == ["nbn_billboard_network", "nbn_static_veil"]
    assert not any(c.faceup for c in g.corp.discard)
    assert [c.id for c in g.removed] == ["kakurenbo"] and [c.id for c in g.corp.hand] == ["neutral_pilot_scheme"]


def test_next_activation_command_strengthens_every_ice() -> None:
    servers = {**on("hq", "nbn_static_veil"), **on("rnd", ice("hb_lattice_gate", rezzed=False))}
    r = play(RECORDS, ["play:next_activation_command"], active="corp",
             corp=corp(servers=servers, hand=["next_activation_command"]))  # fmt: skip
    g = r.game
    assert g.strength_of(g.servers["hq"].ice[0]) == 3 and g.strength_of(g.servers["rnd"].ice[0]) == 4


def test_sync_rerouting_taxes_each_run_with_credits_or_a_tag() -> None:
    r = _played_then("sync_rerouting", ["run:hq", "pay", "continue", "run:hq", "continue"])
    g = r.game
    assert g.runner.credits == 1 and g.runner.tags == 1


def _after_runner_turn(runner_decisions: list[str], corp_decisions: list[str], corp_side: dict[str, Any],
                       **runner_side: Any) -> Any:  # fmt: skip
    """The runner (1 click) takes ``runner_decisions``; then the corp's turn and ``corp_decisions``."""
    return play(RECORDS, [*runner_decisions, *corp_decisions], corp=corp(**corp_side),
                runner=runner(clicks=1, **runner_side))  # fmt: skip


def test_complete_image_names_cards_while_the_damage_finds_them() -> None:
    corp_side = {"hand": ["complete_image"], "credits": 4}
    r = _after_runner_turn(["run:rnd", "continue"], [], corp_side, score_area=["neutral_charter_renewal"])
    assert any(o.startswith("play:complete_image") for o in labels(r))
    names = ["spark_of_insight"] * 3 + ["light_fingers"]
    r = _after_runner_turn(["run:rnd", "continue"], ["play:complete_image", *names], corp_side,
                           score_area=["neutral_charter_renewal"], hand=["spark_of_insight"] * 3)  # fmt: skip
    g = r.game
    assert g.runner.hand == [] and g.winner == "corp"  # the fourth damage found an empty grip
    r = _after_runner_turn(["run:rnd", "continue"], ["play:complete_image", "light_fingers"], corp_side,
                           score_area=["neutral_charter_renewal"], hand=["spark_of_insight"] * 3)  # fmt: skip
    assert len(r.game.runner.hand) == 2 and r.game.active == "runner"  # the corp's action phase ended
    r = _after_runner_turn(["run:rnd", "continue"], [], corp_side, score_area=["neutral_pilot_scheme"])
    assert not any(o.startswith("play:complete_image") for o in labels(r))  # 1 agenda point only
    r = _after_runner_turn(["credit"], [], corp_side, score_area=["neutral_charter_renewal"])
    assert not any(o.startswith("play:complete_image") for o in labels(r))  # no successful run


def test_digital_rights_management_fetches_and_installs_an_agenda_but_no_score_this_turn() -> None:
    deck = ["neutral_plywood_screen", "neutral_board_resolution", "nbn_static_veil"]
    r = play(RECORDS, ["play:digital_rights_management", "neutral_board_resolution", "neutral_board_resolution"],
             active="corp",
             corp=corp(hand=["digital_rights_management"], deck=deck, clicks=2))  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["neutral_board_resolution"] and g.forbidden("score")
    assert len(g.corp.deck) == 2 and events(r, "shuffle")
    r = _after_runner_turn(["run:hq", "continue"], [], {"hand": ["digital_rights_management"]})
    assert not any(o.startswith("play:digital_rights") for o in labels(r))


def test_focus_group_advances_by_the_revealed_cards_of_a_type() -> None:
    servers = on("remote1", root=["neutral_board_resolution"])
    r = _after_runner_turn(["run:rnd", "continue"], ["play:focus_group", "event", "2"],
                           {"hand": ["focus_group"], "servers": servers, "credits": 6},
                           hand=["spark_of_insight", "light_fingers", "garage_lab"])  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 2 and g.corp.credits == 6 - 3 - 2
    assert len(events(r, "reveal")) == 1


def test_fully_operational_repeats_for_iced_remotes_with_a_root() -> None:
    servers = {**on("remote1", "nbn_static_veil", root=["nbn_billboard_network"]),
               **on("remote2", root=["neutral_records_vault"])}  # fmt: skip
    r = play(RECORDS, ["play:fully_operational", "credits", "draw"], active="corp",
             corp=corp(hand=["fully_operational"], servers=servers, clicks=1))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 - 1 + 2 and len(g.corp.hand) == 2  # two choices: one remote counts


def test_game_over_bins_a_card_type_unless_the_runner_pays() -> None:
    servers = on("remote1", root=["neutral_board_resolution"])
    rig = [{"card": "garage_lab"}, {"card": "dockside_tipster"}, {"card": "gray_rat"}, {"card": "hermit_shell"}]
    r = _after_runner_turn(["run:remote1", "continue"], ["play:game_over", "resource", "yes"],
                           {"hand": ["game_over"], "servers": servers}, rig=rig, credits=5)  # fmt: skip
    g = r.game
    assert sorted(c.id for c in g.runner.rig) == ["garage_lab", "gray_rat", "hermit_shell"]
    assert [c.id for c in g.runner.discard] == ["dockside_tipster"] and g.runner.credits == 2
    assert g.corp.bad_publicity == 1
    r = _after_runner_turn(["run:hq", "continue"], [], {"hand": ["game_over"]}, rig=rig)
    assert not any(o.startswith("play:game_over") for o in labels(r))  # nothing stolen


def test_red_level_clearance_resolves_two_different_choices() -> None:
    r = play(RECORDS, ["play:red_level_clearance", "click", "install"], active="corp",
             corp=corp(hand=["red_level_clearance", "nbn_billboard_network", "neutral_board_resolution"], clicks=1))
    g = r.game
    assert [c.id for c in g.servers["remote1"].root] == ["nbn_billboard_network"] and g.corp.clicks == 1
    assert [c.id for c in g.corp.hand] == ["neutral_board_resolution"] and g.corp.credits == 4  # the agenda stays


def test_scapenet_traces_a_chip_or_virtual_card_out_of_the_game() -> None:
    rig = [{"card": "lattice_memory"}, {"card": "dormant_account"}, {"card": "garage_lab"}]
    r = _after_runner_turn(["run:rnd", "continue"], ["play:scapenet", "pay:0", "pay:0", "lattice_memory"],
                           {"hand": ["scapenet"]}, rig=rig)  # fmt: skip
    g = r.game
    assert [c.id for c in g.removed] == ["lattice_memory"] and len(g.runner.rig) == 2 and g.runner.discard == []


def test_secure_and_protect_installs_ice_from_rnd_for_less() -> None:
    servers = on("hq", "nbn_static_veil", "nbn_static_veil", "nbn_static_veil", "nbn_static_veil")
    deck = ["neutral_plywood_screen", "weyland_slag_rampart", "hb_quarterly_review"]
    r = play(RECORDS, ["play:secure_and_protect", "weyland_slag_rampart", "hq"], active="corp",
             corp=corp(hand=["secure_and_protect"], deck=deck, servers=servers, clicks=2, credits=2))  # fmt: skip
    g = r.game
    assert g.servers["hq"].ice[-1].id == "weyland_slag_rampart" and g.corp.credits == 2 - 1 - 1
    assert g.corp.clicks == 0 and len(g.corp.deck) == 2
    r = play(RECORDS, [], active="corp", corp=corp(hand=["secure_and_protect"], clicks=1))
    assert not any(o.startswith("play:secure_and_protect") for o in labels(r))  # a second click is needed


def test_afshar_allows_one_printed_break_per_encounter_protecting_hq() -> None:
    rig = [{"card": "cog_key"}]
    r = play(RECORDS, ["run:hq", "break:cog_key/0", "sub:1"], corp=corp(servers=on("hq", "afshar")),
             runner=runner(clicks=1, rig=rig))  # fmt: skip
    assert r.game.runner.credits == 4 and not last_run_successful(r)  # the end-the-run subroutine stayed
    r = play(RECORDS, ["run:rnd", "break:cog_key/0", "sub:1", "break:cog_key/0", "continue"],
             corp=corp(servers=on("rnd", "afshar")), runner=runner(clicks=1, rig=rig))  # fmt: skip
    assert r.game.runner.credits == 3 and last_run_successful(r)


def test_akhet_hardens_with_three_advancement_counters() -> None:
    decisions = ["run:hq", "boost:frame_hammer/1", "boost:frame_hammer/1", "break:frame_hammer/0", "sub:2",
                 "continue"]  # fmt: skip
    r = play(RECORDS, decisions, corp=corp(servers=on("hq", ice("akhet", advancement=3))),
             runner=runner(clicks=1, rig=[{"card": "frame_hammer"}]))  # fmt: skip
    g = r.game
    akhet = g.servers["hq"].ice[0]
    assert g.strength_of(akhet) == 5 and akhet.advancement == 4 and g.corp.credits == 6
    assert g.runner.credits == 2 and last_run_successful(r)


def test_la_costa_grid_goes_in_remotes_and_advances_its_root() -> None:
    servers = on("remote1", root=[{"card": "la_costa_grid", "rezzed": True}, "neutral_board_resolution"])
    r = play(RECORDS, ["neutral_board_resolution"], corp=corp(servers=servers, hand=["la_costa_grid"]),
             runner=runner(clicks=0))  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[1].advancement == 1
    installs = [o for o in labels(r) if o.startswith("install:la_costa_grid")]
    assert installs and all(not o.endswith(("@hq", "@rnd", "@archives")) for o in installs)


def test_tranquility_home_grid_pays_for_the_first_install_in_its_root() -> None:
    servers = on("remote1", root=[{"card": "tranquility_home_grid", "rezzed": True}])
    r = play(RECORDS, ["install:nbn_billboard_network@remote1", "credits", "install:neutral_central_auditor@remote1"],
             active="corp", corp=corp(servers=servers, hand=["nbn_billboard_network", "neutral_central_auditor"]))
    g = r.game
    assert len(g.servers["remote1"].root) == 3 and g.corp.credits == 7 and g.corp.clicks == 1


def test_megaprix_qualifier_is_worth_more_as_the_second_copy() -> None:
    servers = on("remote1", root=[{"card": "megaprix_qualifier", "counters": {"advancement": 2}}])
    r = play(RECORDS, ["advance:megaprix_qualifier", "score:megaprix_qualifier"], active="corp",
             corp=corp(servers=servers, score_area=["megaprix_qualifier"]))  # fmt: skip
    assert r.game.agenda_points("corp") == 1 + 2
    r = play(RECORDS, ["advance:megaprix_qualifier", "score:megaprix_qualifier"], active="corp",
             corp=corp(servers=servers))  # fmt: skip
    assert r.game.agenda_points("corp") == 1


# ---------------------------------------------------------------- identities


def test_mirrormorph_rewards_three_different_actions() -> None:
    hand = ["nbn_billboard_network", "hb_quarterly_review", "nbn_static_veil"]
    three = ["credit", "draw", "install:nbn_billboard_network@new"]
    side = {"identity": "mirrormorph_endless_iteration", "clicks": 4, "hand": hand, "deck": ["nbn_static_veil"] * 6}
    r = play(RECORDS, [*three, "action"], active="corp", corp=corp(**side))  # the only other action: play it
    g = r.game
    assert g.corp.clicks == 1 and g.corp.credits == 5 + 1 - 1 and len(g.corp.hand) == 1 + 1 + 3
    assert [c.id for c in g.corp.discard] == ["hb_quarterly_review"]
    r = play(RECORDS, [*three, "credit"], active="corp", corp=corp(**side))
    assert r.game.corp.credits == 7 and r.game.corp.clicks == 1
    r = play(RECORDS, ["credit", "credit", "draw"], active="corp", corp=corp(**side))
    assert r.game.corp.credits == 7 and r.game.corp.clicks == 1 and r.pending.kind == "action"  # no choice offered
