"""The Reign and Reverie card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from .kit import bundled, card, corp, events, identity, ids, labels, play, runner


def find(zone: list[Any], card_id: str) -> Any:
    """The first card of ``card_id`` in ``zone``, or None."""
    return next((c for c in zone if c.id == card_id), None)


def loose(r: Any) -> list[str]:
    """The pending options' labels without their ``#uid`` parts."""
    return [label.split("#")[0] + ("/" + label.split("/")[-1] if "/" in label else "") for label in labels(r)]


def rezzed(*card_ids: str) -> list[dict[str, Any]]:
    return [{"card": i, "rezzed": True} for i in card_ids]


# ---------------------------------------------------------------- fixtures (our own wording)

GUINEA_PIG = card(
    "guinea_pig",
    "event",
    ["Every card in your grip goes to your heap, trashed.", "Gain 10[credit]."],
    cost=4, faction="anarch",
)  # fmt: skip
OFFICE_SUPPLIES = card(
    "office_supplies",
    "event",
    ["Each point of [link] you have takes 1[credit] off what this event costs to play.",
     "Choose one: take 4[credit], or draw 4 cards."],  # fmt: skip
    cost=4, faction="sunny_lebeau",
)  # fmt: skip
INSIGHT = card(
    "insight",
    "event",
    ["Playing it takes one more [click].",
     "The Corp may put the 4 cards on top of R&D in whatever order it likes, having seen them.",
     "Then those 4 top cards of R&D are shown to both players."],  # fmt: skip
    subtypes=["double"], cost=0, faction="shaper",
)  # fmt: skip
DIVIDE = card(
    "divide_and_conquer",
    "event",
    ["Make a run on Archives. On success, once Archives is breached, breach HQ and afterwards R&D, where no card "
     "in their roots is accessed."],  # fmt: skip
    subtypes=["run"], cost=3, faction="anarch",
)  # fmt: skip
ALGERNON = card(
    "algernon",
    "program",
    ["As your turn starts you may spend 2[credit] for an extra [click]; if you took it and no run of yours succeeds "
     "this turn, this program is trashed as the turn ends."],  # fmt: skip
    cost=0, memory_cost=1, unique=True, faction="adam",
)  # fmt: skip
BANKROLL = card(
    "bankroll",
    "program",
    ["After each of your successful runs you may put 1[credit] from the bank on this program.",
     "[trash]: Collect every credit sitting on this program."],  # fmt: skip
    cost=1, memory_cost=1, faction="criminal",
)  # fmt: skip
CRADLE = card(
    "cradle",
    "program",
    ["Its strength drops by 1 for every card you hold in your grip.",
     "Interface → 2[credit]: Break any number of <strong>code gate</strong> subroutines."],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=4, strength=5, memory_cost=1, faction="anarch",
)  # fmt: skip
IKA = card(
    "ika",
    "program",
    ["2[credit]: Move this program onto a piece of ice, which hosts it.",
     "Interface → 1[credit]: break as many as 2 subroutines of the sentry hosting this program.",
     "2[credit]: +3 strength."],  # fmt: skip
    subtypes=["icebreaker", "killer", "trojan"], cost=0, strength=2, memory_cost=1, faction="shaper",
)  # fmt: skip
KYUBAN = card(
    "kyuban",
    "program",
    ["It can only be installed hosted on a piece of ice.",
     "Each time you get past the ice hosting it, take 2[credit]."],  # fmt: skip
    subtypes=["trojan"], cost=0, memory_cost=1, faction="shaper",
)  # fmt: skip
TYCOON = card(
    "tycoon",
    "program",
    ["Interface → 1[credit]: Break up to 2 <strong>barrier</strong> subroutines.", "2[credit]: +3 strength.",
     "When an encounter in which this program broke at least one subroutine is over, the Corp takes 2[credit]."],
    subtypes=["icebreaker", "fracter"], cost=1, strength=1, memory_cost=1, faction="criminal",
)  # fmt: skip
ROUTER = card(
    "hijacked_router",
    "hardware",
    ["Each time the Corp makes a new server, it loses 1[credit].",
     "After your successful run on Archives you may trash this hardware; then the Corp loses 3[credit]."],
    cost=2, unique=True, faction="anarch",
)  # fmt: skip
MACHE = card(
    "mache",
    "hardware",
    ["Once per turn, when you first trash a card you are accessing, you may put as many power counters here as "
     "that card's trash cost.",
     "Spend 3 power counters from this hardware: Draw 1 card."],  # fmt: skip
    cost=1, unique=True, faction="shaper",
)  # fmt: skip
MINDS_EYE = card(
    "minds_eye",
    "hardware",
    ["+1[mu]",
     "Whenever you make a successful run on R&D, you may place 1 power counter on this card.",
     "[click], spend 3 power counters from this hardware: breach R&D, leaving its root unaccessed.",
     "Only one console may be installed per player."],  # fmt: skip
    subtypes=["console"], cost=3, unique=True, faction="shaper",
)  # fmt: skip
PARAGON = card(
    "paragon",
    "hardware",
    ["+1[mu]",
     "On your first successful run of a turn you may take 1[credit] and check your top stack card, then may "
     "send that card to the bottom of the stack.",
     "Only one console may be installed per player."],  # fmt: skip
    subtypes=["console"], cost=3, unique=True, faction="criminal",
)  # fmt: skip
PATCHWORK = card(
    "patchwork",
    "hardware",
    ["+1[mu]",
     "Once a turn, as you are about to play or install a card, you may trash another card from your grip to pay "
     "2[credit] less for it.",
     "Only one console may be installed per player."],  # fmt: skip
    subtypes=["console"], cost=4, unique=True, faction="anarch",
)  # fmt: skip
DISTRICT_99 = card(
    "district_99",
    "resource",
    ["Once per turn, the first time one of your programs or hardware is trashed from anywhere, you may add 1 "
     "power counter to this resource.",
     "[click], spend 3 power counters from this resource: take a card of your identity's faction from your heap "
     "into your grip."],  # fmt: skip
    subtypes=["location", "seedy"], cost=3, unique=True, faction="anarch",
)  # fmt: skip
MISS_BONES = card(
    "miss_bones",
    "resource",
    ["As she is installed she receives 12[credit] from the bank; she is trashed as soon as none are left.",
     "Her credits pay only for trashing installed cards."],  # fmt: skip
    subtypes=["connection"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
PSYCH_MIKE = card(
    "psych_mike",
    "resource",
    ["When the turn's first successful run on R&D is over, you may gain 1[credit] per card you accessed from R&D "
     "in it."],  # fmt: skip
    subtypes=["connection"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
AKIKO = identity(
    "akiko_nisei_head_case",
    "runner",
    ["Each breach of R&D starts a psi game with the Corp; with matching bids you access 1 more card."],
    faction="shaper", base_link=1, influence_limit=12,
)  # fmt: skip
LIZA = identity(
    "liza_talking_thunder_prominent_legislator",
    "runner",
    ["The first time in a turn that a run of yours on a central server succeeds, draw 2 cards and take 1 tag."],
    faction="criminal", base_link=0,
)  # fmt: skip
GNAT = identity(
    "nathaniel_gnat_hall_one_of_a_kind",
    "runner",
    ["As your turn starts, take 1[credit] if your grip holds no more than 2 cards."],
    faction="anarch", base_link=0,
)  # fmt: skip
ATTITUDE = card(
    "attitude_adjustment",
    "operation",
    ["Draw 2 cards, then show up to 2 agendas from HQ and/or Archives: 2[credit] for each, and they are shuffled "
     "into R&D."],  # fmt: skip
    cost=2, faction="nbn",
)  # fmt: skip
BUILDING_BLOCKS = card(
    "building_blocks",
    "operation",
    ["Show a barrier from HQ, then install it and rez it without paying any cost."],
    cost=5, faction="weyland_consortium",
)  # fmt: skip
DIVERT_POWER = card(
    "divert_power",
    "operation",
    ["Turn face down as many of your cards as you like, then you may rez a card for 3[credit] less per card turned "
     "face down this way."],  # fmt: skip
    cost=2, faction="haas_bioroid",
)  # fmt: skip
FAST_BREAK = card(
    "fast_break",
    "operation",
    ["Count the agendas the Runner has scored or stolen: gain that many [credit], draw up to that many cards, and "
     "install up to that many cards in or in front of one remote server."],  # fmt: skip
    cost=4, faction="haas_bioroid",
)  # fmt: skip
GAME_CHANGER = card(
    "game_changer",
    "operation",
    ["You get a [click] for every agenda in the Runner's score area; afterwards this operation leaves the game "
     "rather than going to Archives."],  # fmt: skip
    cost=6, faction="haas_bioroid",
)  # fmt: skip
TOO_BIG = card(
    "too_big_to_fail",
    "operation",
    ["It can be played only while you hold under 10[credit].", "Gain 7[credit] and take 1 bad publicity."],
    subtypes=["transaction", "illicit"], cost=0, faction="weyland_consortium",
)  # fmt: skip
UNDER_THE_BUS = card(
    "under_the_bus",
    "operation",
    ["It can be played only if the Runner accessed some card on their previous turn.",
     "One installed connection resource is trashed, and you take 1 bad publicity."],  # fmt: skip
    subtypes=["gray_ops", "illicit"], cost=1, faction="weyland_consortium",
)  # fmt: skip
EAVESDROP = card(
    "eavesdrop",
    "operation",
    ["Host this operation on a piece of ice as a condition; each time the Runner encounters that ice, Trace[3]: "
     "on success the Runner takes 1 tag."],  # fmt: skip
    subtypes=["gray_ops", "condition"], cost=1, faction="nbn",
)  # fmt: skip
BROAD_DAYLIGHT = card(
    "broad_daylight",
    "agenda",
    ["On scoring it you may take 1 bad publicity; then it gets 1 agenda counter per bad publicity you have.",
     "Once per turn → [click], spend 1 agenda counter from it: 2 meat damage to the Runner."],  # fmt: skip
    subtypes=["security"], agenda_points=2, advancement_requirement=4, faction="weyland_consortium",
)  # fmt: skip
HYPERLOOP = card(
    "hyperloop_extension",
    "agenda",
    ["The Corp takes 3[credit] when this agenda is scored or when it is stolen."],
    subtypes=["expansion"], agenda_points=1, advancement_requirement=3, faction="haas_bioroid",
)  # fmt: skip
JUMON = card(
    "jumon",
    "agenda",
    ["As your turn ends, put 2 advancement counters on one card in the root of a remote server."],
    subtypes=["research"], agenda_points=2, advancement_requirement=6, faction="jinteki",
)  # fmt: skip
ISOBEL = card(
    "api_s_keeper_isobel",
    "asset",
    ["As your turn starts you may take 1 advancement counter off an installed card for 3[credit]."],
    subtypes=["character"], rez_cost=2, trash_cost=4, unique=True, faction="jinteki",
)  # fmt: skip
DRUDGE_WORK = card(
    "drudge_work",
    "asset",
    ["It is loaded with 3 power counters when rezzed and is trashed once it holds none.",
     "[click], spend 1 power counter from it: show an agenda from HQ or Archives, gain [credit] equal to its "
     "agenda points and shuffle it into R&D."],  # fmt: skip
    rez_cost=2, trash_cost=3, faction="weyland_consortium",
)  # fmt: skip
LADY_LIBERTY = card(
    "lady_liberty",
    "asset",
    ["When your turn begins, place 1 power counter on this asset.",
     "[click][click][click]: an agenda from HQ whose points equal the power counters here goes to your score "
     "area.",
     "A server may hold only one region.",
     "Limit 1 per deck."],  # fmt: skip
    subtypes=["region", "ritzy"], rez_cost=5, trash_cost=4, unique=True, deck_limit=1, faction="neutral_corp",
)  # fmt: skip
SIU = card(
    "siu",
    "asset",
    ["As your turn starts you may trash this asset to start Trace[3]; on success the Runner takes 1 tag."],
    rez_cost=3, trash_cost=1, unique=True, faction="nbn",
)  # fmt: skip
NEUROSTASIS = card(
    "neurostasis",
    "asset",
    ["This card can be advanced.",
     "When it is accessed you may pay 3[credit]: pick 1 installed Runner card per advancement counter on it; the "
     "Runner shuffles those into the stack."],  # fmt: skip
    subtypes=["ambush"], rez_cost=0, trash_cost=1, faction="jinteki",
)  # fmt: skip
ARELLA = card(
    "arella_salvatore",
    "upgrade",
    ["Each time an agenda is scored out of this server you may install a card from HQ at no cost and put 1 "
     "advancement counter on it."],  # fmt: skip
    subtypes=["sysop"], rez_cost=2, trash_cost=5, unique=True, faction="nbn",
)  # fmt: skip
GIORDANO = card(
    "giordano_memorial_field",
    "upgrade",
    ["When a run on this server succeeds, it ends unless the Runner pays 2[credit] per agenda in their score "
     "area."],  # fmt: skip
    subtypes=["facility"], rez_cost=3, trash_cost=3, unique=True, faction="haas_bioroid",
)  # fmt: skip
DARUMA = card(
    "daruma",
    "upgrade",
    ["As the Runner approaches this server you may trash this upgrade to trade a card in this root for a card in "
     "another root or an agenda, asset or upgrade from HQ; after such a trade the Runner may jack out."],
    rez_cost=1, trash_cost=2, faction="jinteki",
)  # fmt: skip
HYDRA = card(
    "hydra",
    "ice",
    ["[subroutine] A tagged Runner suffers 3 net damage; an untagged one takes 1 tag.",
     "[subroutine] You get 5[credit] if the Runner is tagged; an untagged Runner takes 1 tag.",
     "[subroutine] The run ends if the Runner is tagged; an untagged Runner takes 1 tag."],  # fmt: skip
    subtypes=["sentry", "ap"], rez_cost=10, strength=6, faction="nbn",
)  # fmt: skip
MERIDIAN = card(
    "meridian",
    "ice",
    ["[subroutine] You take 4[credit] and the run is over, unless the Runner puts this ice in their score area as "
     "an agenda worth -1 point."],  # fmt: skip
    subtypes=["barrier"], rez_cost=3, strength=4, faction="haas_bioroid",
)  # fmt: skip
GATEKEEPER = card(
    "gatekeeper",
    "ice",
    ["On the turn you rez it, this ice has +6 strength.",
     "[subroutine] Draw as many as 3 cards; then show as many as 3 agendas from HQ and/or Archives and shuffle "
     "them into R&D.",
     "[subroutine] End the run."],  # fmt: skip
    subtypes=["code_gate"], rez_cost=3, strength=0, faction="haas_bioroid",
)  # fmt: skip
OTOROSHI = card(
    "otoroshi",
    "ice",
    ["[subroutine] You may put up to 3 advancement counters on a card in a remote server's root; if you do, the "
     "Runner accesses it unless they pay 3[credit]."],  # fmt: skip
    subtypes=["sentry"], rez_cost=2, strength=5, faction="jinteki",
)  # fmt: skip
THIMBLERIG = card(
    "thimblerig",
    "ice",
    ["As your turn starts and each time the Runner gets past this ice, you may trade its place with another "
     "installed piece of ice.",
     "[subroutine] End the run."],  # fmt: skip
    subtypes=["code_gate"], rez_cost=2, strength=0, faction="jinteki",
)  # fmt: skip
PEEPING_TOM = card(
    "peeping_tom",
    "ice",
    ["When it is encountered you name a card type and the grip is shown; until the run ends this ice has, per "
     "shown card of that type, a subroutine ending the run unless the Runner takes 1 tag."],  # fmt: skip
    subtypes=["code_gate"], rez_cost=4, strength=4, faction="nbn",
)  # fmt: skip
BLOCKCHAIN = card(
    "blockchain",
    "ice",
    ["For every 2 face-up transaction operations in Archives this ice has another copy of its credit subroutine, "
     "ahead of the rest.",
     "[subroutine] You gain 1[credit] and the Runner loses 1[credit].",
     "[subroutine] End the run."],  # fmt: skip
    subtypes=["barrier"], rez_cost=7, strength=4, faction="weyland_consortium",
)  # fmt: skip
SPORTSMETAL = identity(
    "sportsmetal_go_big_or_go_home",
    "corp",
    ["Each time either player scores or steals an agenda, choose: take 2[credit] or draw 2 cards."],
    faction="haas_bioroid",
)  # fmt: skip

CARDS = [GUINEA_PIG, OFFICE_SUPPLIES, INSIGHT, DIVIDE, ALGERNON, BANKROLL, CRADLE, IKA, KYUBAN, TYCOON, ROUTER, MACHE,
         MINDS_EYE, PARAGON, DISTRICT_99, MISS_BONES, PSYCH_MIKE, ATTITUDE, BUILDING_BLOCKS, DIVERT_POWER,
         FAST_BREAK, GAME_CHANGER, TOO_BIG, UNDER_THE_BUS, EAVESDROP, BROAD_DAYLIGHT, HYPERLOOP, JUMON, ISOBEL,
         DRUDGE_WORK, LADY_LIBERTY, SIU, NEUROSTASIS, ARELLA, GIORDANO, DARUMA, HYDRA, MERIDIAN, GATEKEEPER,
         OTOROSHI, THIMBLERIG, PEEPING_TOM, BLOCKCHAIN]  # fmt: skip
IDENTITIES = [AKIKO, LIZA, GNAT, SPORTSMETAL]
RECORDS = [*bundled(), *CARDS, PATCHWORK, *IDENTITIES]


def test_every_fixture_is_executable_and_template_lines_stay_read() -> None:
    for record in CARDS + IDENTITIES:
        assert record.reading.status == "executable", record.id
    assert GUINEA_PIG.reading.read == [1] and TOO_BIG.reading.read == [1] and NEUROSTASIS.reading.read == [0]
    assert CRADLE.reading.read == [1] and IKA.reading.read == [2] and TYCOON.reading.read == [0, 1]
    assert MINDS_EYE.reading.read == [0, 1] and PARAGON.reading.read == [0] and LADY_LIBERTY.reading.read == [0]
    assert BLOCKCHAIN.reading.read == [1, 2] and GATEKEEPER.reading.read == [2] and THIMBLERIG.reading.read == [1]
    assert PATCHWORK.reading.status == "partial" and PATCHWORK.reading.scripted == [2]


# ---------------------------------------------------------------- runner: events


def test_guinea_pig_trashes_the_grip_then_pays_10() -> None:
    r = play(RECORDS, ["play:guinea_pig"],
             runner=runner(hand=["guinea_pig", "spark_of_insight", "overnight_takeout"], credits=5))  # fmt: skip
    g = r.game
    assert g.runner.hand == [] and sorted(ids(g.runner.discard)) == ["guinea_pig", "overnight_takeout",
                                                                     "spark_of_insight"]  # fmt: skip
    assert g.runner.credits == 11  # 5 - 4 + 10


def test_office_supplies_costs_less_with_link_and_gives_a_choice() -> None:
    rig = [{"card": "pocket_terminal"}]  # +1 link
    r = play(RECORDS, ["play:office_supplies", "credits"], runner=runner(hand=["office_supplies"], credits=3, rig=rig))
    assert r.game.runner.credits == 4  # 3 - 3 + 4
    r = play(RECORDS, ["play:office_supplies", "draw"],
             runner=runner(hand=["office_supplies"], credits=3, rig=rig, deck=["spark_of_insight"] * 5))  # fmt: skip
    assert r.game.runner.credits == 0 and len(r.game.runner.hand) == 4
    r = play(RECORDS, [], runner=runner(hand=["office_supplies"], credits=3))  # no link: 4 credits needed
    assert not any(label.startswith("play:office_supplies") for label in labels(r))


def test_insight_costs_a_click_more_and_shows_the_corps_order() -> None:
    top = ["neutral_plywood_screen", "nbn_static_veil", "neutral_checksum_gate", "hb_lattice_gate", "jinteki_quiet_harvest"]
    r = play(RECORDS, ["play:insight", "hb_lattice_gate", "neutral_checksum_gate", "nbn_static_veil"],
             corp=corp(deck=top), runner=runner(hand=["insight"], clicks=4))  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2
    assert ids(list(reversed(g.corp.deck))) == ["hb_lattice_gate", "neutral_checksum_gate", "nbn_static_veil",
                                                "neutral_plywood_screen", "jinteki_quiet_harvest"]  # fmt: skip
    shown = [e for e in events(r, "reveal") if e.get("zone") == "rnd"]
    assert [c.split("#")[0] for c in shown[-1]["cards"]] == [str(c).split("#")[0] for c in reversed(g.corp.deck[-4:])]


def test_divide_and_conquer_breaches_archives_then_hq_and_rnd_without_their_roots() -> None:
    servers = {"hq": {"root": rezzed("hb_director_hale")}}
    r = play(RECORDS, ["play:divide_and_conquer", "continue"],
             corp=corp(hand=["neutral_pilot_scheme"], deck=["nbn_open_channel_act", "neutral_plywood_screen"],
                       discard=["neutral_emergency_audit"], servers=servers),
             runner=runner(hand=["divide_and_conquer"], credits=3))  # fmt: skip
    g = r.game
    assert sorted(ids(g.runner.score_area)) == ["nbn_open_channel_act", "neutral_pilot_scheme"]
    accessed = [e["card"] for e in events(r, "access") if "card" in e]
    assert accessed[0] == str(find(g.corp.discard, "neutral_emergency_audit")) and len(accessed) == 3
    assert str(find(g.servers["hq"].root, "hb_director_hale")) not in accessed
    assert find(g.servers["hq"].root, "hb_director_hale") is not None and g.run_history[-1][2]


# ---------------------------------------------------------------- runner: programs


def to_runner_turn(**corp_fields: Any) -> dict[str, Any]:
    """A corp with no click left: its turn ends and the runner's begins."""
    return corp(clicks=0, **corp_fields)


def test_algernon_buys_a_click_and_is_trashed_after_a_turn_without_success() -> None:
    rig = [{"card": "algernon"}]
    r = play(RECORDS, ["yes", *["credit"] * 5], active="corp", corp=to_runner_turn(),
             runner=runner(rig=rig, credits=4))  # fmt: skip
    g = r.game
    assert g.active == "corp" and find(g.runner.discard, "algernon") is not None
    assert g.runner.credits == 7  # 4 - 2 + 5
    r = play(RECORDS, ["yes", "run:archives", "continue", *["credit"] * 4], active="corp", corp=to_runner_turn(),
             runner=runner(rig=rig, credits=4))  # fmt: skip
    assert r.game.active == "corp" and find(r.game.runner.rig, "algernon") is not None
    r = play(RECORDS, ["no", *["credit"] * 4], active="corp", corp=to_runner_turn(), runner=runner(rig=rig, credits=4))
    assert r.game.active == "corp" and find(r.game.runner.rig, "algernon") is not None and r.game.runner.credits == 8


def test_bankroll_banks_a_credit_per_successful_run_and_pays_out_when_trashed() -> None:
    r = play(RECORDS, ["run:hq", "continue", "yes", "run:archives", "done", "continue", "yes", "use:bankroll/1"],
             runner=runner(rig=[{"card": "bankroll"}], credits=5))  # fmt: skip
    g = r.game
    assert find(g.runner.discard, "bankroll") is not None and g.runner.credits == 7


def test_cradle_loses_strength_for_each_card_in_the_grip() -> None:
    hq = {"hq": {"ice": rezzed("hb_lattice_gate")}}
    r = play(RECORDS, ["run:hq"], corp=corp(servers=hq),
             runner=runner(rig=[{"card": "cradle"}], hand=["spark_of_insight"] * 3, credits=5))  # fmt: skip
    cradle = find(r.game.runner.rig, "cradle")
    assert r.game.strength_of(cradle) == 2 and "break:cradle/0" in loose(r)
    r = play(RECORDS, ["run:hq"], corp=corp(servers=hq),
             runner=runner(rig=[{"card": "cradle"}], hand=["spark_of_insight"] * 7, credits=5))  # fmt: skip
    assert r.game.strength_of(find(r.game.runner.rig, "cradle")) == 0 and "break:cradle/0" not in loose(r)


def test_ika_breaks_only_the_sentry_hosting_it() -> None:
    hq = {"hq": {"ice": rezzed("neutral_patrol_script")}}
    r = play(RECORDS, ["run:hq"], corp=corp(servers=hq), runner=runner(rig=[{"card": "ika"}], credits=5))
    assert "use:ika/1" not in loose(r) and "use:ika/0" in loose(r)  # not hosted: no break, but it may move there
    r = play(RECORDS, ["use:ika/0", "run:hq", "use:ika/1", "continue"], corp=corp(servers=hq),
             runner=runner(rig=[{"card": "ika"}], credits=5))  # fmt: skip
    g = r.game
    ika = find(g.runner.rig, "ika")
    assert ika is not None and ika.host is g.servers["hq"].ice[0] and g.runner.credits == 2  # 5 - 2 - 1
    assert [e["index"] for e in events(r, "break")] == [1] and g.run_history[-1][2]


def test_kyuban_sits_on_ice_and_pays_when_the_runner_passes_it() -> None:
    hq = {"hq": {"ice": [{"card": "neutral_plywood_screen"}]}}
    r = play(RECORDS, ["install:kyuban", "run:hq", "done", "continue"], corp=corp(servers=hq),
             runner=runner(hand=["kyuban"], credits=5))  # fmt: skip
    g = r.game
    assert find(g.runner.rig, "kyuban").host is g.servers["hq"].ice[0] and g.runner.credits == 7
    r = play(RECORDS, [], runner=runner(hand=["kyuban"], credits=5))  # no ice to go on
    assert not any(label.startswith("install:kyuban") for label in labels(r))


def test_tycoon_pays_the_corp_after_an_encounter_it_broke_in() -> None:
    hq = {"hq": {"ice": rezzed("nbn_static_veil")}}
    r = play(RECORDS, ["run:hq", "break:tycoon/0", "continue"], corp=corp(servers=hq, credits=5),
             runner=runner(rig=[{"card": "tycoon"}], credits=5))  # fmt: skip
    g = r.game
    assert g.corp.credits == 7 and g.runner.credits == 4 and g.run_history[-1][2]
    r = play(RECORDS, ["run:hq", "done"], corp=corp(servers=hq, credits=5),
             runner=runner(rig=[{"card": "tycoon"}], credits=5))  # fmt: skip
    assert r.game.corp.credits == 5  # nothing broken: nothing paid


# ---------------------------------------------------------------- runner: hardware


def test_hijacked_router_taxes_new_servers_and_can_be_cashed_in_on_archives() -> None:
    r = play(RECORDS, ["install:neutral_records_vault@new", "install:hb_director_hale@remote1"], active="corp",
             corp=corp(hand=["neutral_records_vault", "hb_director_hale"], credits=5),
             runner=runner(rig=[{"card": "hijacked_router"}]))  # fmt: skip
    assert r.game.corp.credits == 4  # one new server
    r = play(RECORDS, ["run:archives", "continue", "yes"], corp=corp(credits=5),
             runner=runner(rig=[{"card": "hijacked_router"}]))  # fmt: skip
    assert r.game.corp.credits == 2 and find(r.game.runner.discard, "hijacked_router") is not None


def test_mache_charges_on_the_first_accessed_trash_and_draws_with_3_counters() -> None:
    remote = {"remote1": {"root": [{"card": "neutral_records_vault"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "trash:neutral_records_vault", "yes", "use:mache/1"],
             corp=corp(servers=remote), runner=runner(rig=[{"card": "mache", "counters": {"power": 1}}], credits=5))
    g = r.game
    assert find(g.runner.rig, "mache").counters.get("power", 0) == 0 and len(g.runner.hand) == 1
    assert g.runner.credits == 3


def test_minds_eye_breaches_rnd_without_its_root() -> None:
    rnd = {"rnd": {"root": rezzed("hb_director_hale")}}
    r = play(RECORDS, ["use:minds_eye/2"],
             corp=corp(deck=["nbn_open_channel_act", "neutral_plywood_screen"], servers=rnd),
             runner=runner(rig=[{"card": "minds_eye", "counters": {"power": 3}}], clicks=4))  # fmt: skip
    g = r.game
    assert ids(g.runner.score_area) == ["nbn_open_channel_act"] and g.runner.clicks == 3
    assert not find(g.runner.rig, "minds_eye").counters and g.current_run is None
    assert str(find(g.servers["rnd"].root, "hb_director_hale")) not in [e.get("card") for e in events(r, "access")]
    r = play(RECORDS, [], runner=runner(rig=[{"card": "pocket_terminal"}], hand=["minds_eye"]))
    assert not any(label.startswith("install:minds_eye") for label in labels(r))  # one console


def test_paragon_at_the_first_success_gains_and_may_bottom_the_top_card() -> None:
    deck = ["spark_of_insight", "overnight_takeout"]
    r = play(RECORDS, ["run:archives", "continue", "yes", "yes", "run:archives", "continue"],
             runner=runner(rig=[{"card": "paragon"}], deck=deck, credits=0))  # fmt: skip
    g = r.game
    assert g.runner.credits == 1 and ids(list(reversed(g.runner.deck))) == ["overnight_takeout", "spark_of_insight"]
    assert r.pending is not None and r.pending.kind == "action"  # nothing asked at the second success


def test_patchwork_is_one_console_per_player() -> None:
    r = play(RECORDS, [], runner=runner(rig=[{"card": "pocket_terminal"}], hand=["patchwork"], credits=9))
    assert not any(label.startswith("install:patchwork") for label in labels(r))
    r = play(RECORDS, ["install:patchwork"], runner=runner(hand=["patchwork"], credits=9))
    assert find(r.game.runner.rig, "patchwork") is not None


# ---------------------------------------------------------------- runner: resources and identities


def test_district_99_charges_when_a_program_is_trashed_and_fetches_from_the_heap() -> None:
    hq = {"hq": {"ice": rezzed("neutral_patrol_script")}}
    rig = [{"card": "district_99"}, {"card": "cog_key"}]
    r = play(RECORDS, ["run:hq", "yes"], corp=corp(servers=hq), runner=runner(rig=rig))
    g = r.game
    assert find(g.runner.discard, "cog_key") is not None
    assert find(g.runner.rig, "district_99").counters == {"power": 1}
    heap = ["static_spore", "cog_key"]
    r = play(RECORDS, ["use:district_99/2"],
             runner=runner(identity="cassia_rust_moreau", rig=[{"card": "district_99", "counters": {"power": 3}}],
                           discard=heap))  # fmt: skip
    g = r.game
    assert ids(g.runner.hand) == ["static_spore"] and ids(g.runner.discard) == ["cog_key"]
    assert not find(g.runner.rig, "district_99").counters


def test_miss_bones_credits_trash_installed_cards_only() -> None:
    remote = {"remote1": {"root": [{"card": "neutral_records_vault"}]}}
    r = play(RECORDS, ["install:miss_bones", "run:remote1", "continue", "done", "trash:neutral_records_vault"],
             corp=corp(servers=remote), runner=runner(hand=["miss_bones"], credits=2))  # fmt: skip
    g = r.game
    assert find(g.corp.discard, "neutral_records_vault") is not None and g.runner.credits == 0
    assert find(g.runner.rig, "miss_bones").credits == 10
    r = play(RECORDS, ["install:miss_bones", "run:hq", "continue"],
             corp=corp(hand=["jinteki_clone_nursery"]), runner=runner(hand=["miss_bones"], credits=2))  # fmt: skip
    assert r.pending is not None and r.pending.kind == "action"  # a card in HQ: her credits cannot trash it
    assert find(r.game.runner.rig, "miss_bones").credits == 12


def test_psych_mike_pays_for_rnd_accesses_of_the_first_successful_rnd_run() -> None:
    deck = ["jinteki_quiet_harvest", "nbn_ad_revenue_share", "neutral_emergency_audit", "hb_quarterly_review"]
    r = play(RECORDS, ["play:late_night_dig", "continue", "yes", "run:rnd", "continue"],
             corp=corp(deck=deck), runner=runner(rig=[{"card": "psych_mike"}], hand=["late_night_dig"], credits=2))
    g = r.game
    assert g.runner.credits == 2  # 2 - 2 + 2 accessed cards; nothing at the second run
    assert r.pending is not None and r.pending.kind == "action"


def test_akiko_accesses_one_more_rnd_card_when_the_bids_match() -> None:
    deck = ["jinteki_quiet_harvest", "nbn_ad_revenue_share", "neutral_emergency_audit"]
    r = play(RECORDS, ["run:rnd", "continue", "bid:1", "bid:1"], corp=corp(deck=deck),
             runner=runner(identity="akiko_nisei_head_case", credits=5))  # fmt: skip
    g = r.game
    assert len([e for e in events(r, "access") if "card" in e]) == 2 and g.runner.credits == 4
    r = play(RECORDS, ["run:rnd", "continue", "bid:1", "bid:0"], corp=corp(deck=deck),
             runner=runner(identity="akiko_nisei_head_case", credits=5))  # fmt: skip
    assert len([e for e in events(r, "access") if "card" in e]) == 1


def test_akiko_also_plays_for_a_minds_eye_breach() -> None:
    deck = ["jinteki_quiet_harvest", "nbn_ad_revenue_share", "neutral_emergency_audit"]
    r = play(RECORDS, ["use:minds_eye/2", "bid:0", "bid:0"], corp=corp(deck=deck),
             runner=runner(identity="akiko_nisei_head_case", rig=[{"card": "minds_eye", "counters": {"power": 3}}]))
    assert len([e for e in events(r, "access") if "card" in e]) == 2 and r.game.current_run is None


def test_liza_draws_and_takes_a_tag_at_the_first_central_success() -> None:
    who = runner(identity="liza_talking_thunder_prominent_legislator", deck=["spark_of_insight"] * 4)
    r = play(RECORDS, ["run:hq", "continue", "run:archives", "continue"], runner=who)
    g = r.game
    assert len(g.runner.hand) == 2 and g.runner.tags == 1


def test_nathaniel_gains_at_turn_start_with_a_small_grip() -> None:
    gnat = "nathaniel_gnat_hall_one_of_a_kind"
    r = play(RECORDS, [], active="corp", corp=to_runner_turn(),
             runner=runner(identity=gnat, hand=["spark_of_insight"] * 2, credits=0))  # fmt: skip
    assert r.game.active == "runner" and r.game.runner.credits == 1
    r = play(RECORDS, [], active="corp", corp=to_runner_turn(),
             runner=runner(identity=gnat, hand=["spark_of_insight"] * 3, credits=0))  # fmt: skip
    assert r.game.active == "runner" and r.game.runner.credits == 0


# ---------------------------------------------------------------- corp: operations


def to_corp_turn(**runner_fields: Any) -> dict[str, Any]:
    """A runner with no click left: its turn ends and the corp's begins."""
    return runner(clicks=0, **runner_fields)


def test_attitude_adjustment_draws_then_recycles_agendas_for_credits() -> None:
    r = play(RECORDS, ["play:attitude_adjustment", "neutral_pilot_scheme", "nbn_open_channel_act"], active="corp",
             corp=corp(hand=["attitude_adjustment", "neutral_pilot_scheme"], discard=["nbn_open_channel_act"],
                       deck=["neutral_plywood_screen"] * 3, credits=5))  # fmt: skip
    g = r.game
    assert g.corp.credits == 7 and len(g.corp.hand) == 2 and len(g.corp.deck) == 3
    assert sorted(c.id for c in g.corp.deck if c.type == "agenda") == ["nbn_open_channel_act", "neutral_pilot_scheme"]
    assert ids(g.corp.discard) == ["attitude_adjustment"]


def test_building_blocks_installs_and_rezzes_a_barrier_for_free() -> None:
    r = play(RECORDS, ["play:building_blocks", "hq"], active="corp",
             corp=corp(hand=["building_blocks", "weyland_slag_rampart"], credits=5))  # fmt: skip
    g = r.game
    ice = find(g.servers["hq"].ice, "weyland_slag_rampart")
    assert ice is not None and ice.rezzed and g.corp.credits == 0


def test_divert_power_derezzes_to_rez_another_card_cheaper() -> None:
    servers = {"hq": {"ice": rezzed("nbn_static_veil")}, "remote1": {"root": rezzed("nbn_billboard_network")},
               "remote2": {"root": [{"card": "weyland_ore_refinery"}]}}  # fmt: skip
    r = play(RECORDS, ["play:divert_power", "nbn_static_veil", "nbn_billboard_network", "weyland_ore_refinery"],
             active="corp", corp=corp(hand=["divert_power"], servers=servers, credits=2))  # fmt: skip
    g = r.game
    assert g.servers["remote2"].root[0].rezzed and g.corp.credits == 0  # 5 - 6: free
    assert not g.servers["hq"].ice[0].rezzed and not g.servers["remote1"].root[0].rezzed and not g.lasting


def test_fast_break_gains_draws_and_installs_in_one_remote() -> None:
    r = play(RECORDS, ["play:fast_break", "n:1", "neutral_records_vault", "neutral_plywood_screen"], active="corp",
             corp=corp(hand=["fast_break", "neutral_plywood_screen", "neutral_records_vault"],
                       deck=["jinteki_quiet_harvest"] * 3, credits=4),
             runner=runner(score_area=["neutral_pilot_scheme", "neutral_pilot_scheme"]))  # fmt: skip
    g = r.game
    remote = g.servers["remote1"]
    assert ids(remote.root) == ["neutral_records_vault"] and ids(remote.ice) == ["neutral_plywood_screen"]
    assert g.corp.credits == 2 and ids(g.corp.hand) == ["jinteki_quiet_harvest"]


def test_game_changer_gives_clicks_and_leaves_the_game() -> None:
    r = play(RECORDS, ["play:game_changer"], active="corp", corp=corp(hand=["game_changer"], credits=6, clicks=3),
             runner=runner(score_area=["neutral_pilot_scheme", "neutral_pilot_scheme"]))  # fmt: skip
    g = r.game
    assert g.corp.clicks == 4 and g.corp.credits == 0
    assert find(g.removed, "game_changer") is not None and find(g.corp.discard, "game_changer") is None


def test_too_big_to_fail_needs_fewer_than_10_credits() -> None:
    r = play(RECORDS, [], active="corp", corp=corp(hand=["too_big_to_fail"], credits=10))
    assert not any(label.startswith("play:too_big_to_fail") for label in labels(r))
    r = play(RECORDS, ["play:too_big_to_fail"], active="corp", corp=corp(hand=["too_big_to_fail"], credits=9))
    assert r.game.corp.credits == 16 and r.game.corp.bad_publicity == 1


def test_under_the_bus_follows_an_access_and_trashes_a_connection() -> None:
    rig = [{"card": "backroom_bookie"}]
    r = play(RECORDS, ["run:hq", "continue", "play:under_the_bus"],
             corp=corp(hand=["under_the_bus"], deck=["neutral_plywood_screen"] * 2),
             runner=runner(rig=rig, clicks=1))  # fmt: skip
    g = r.game
    assert find(g.runner.discard, "backroom_bookie") is not None and g.corp.bad_publicity == 1
    r = play(RECORDS, ["credit"], corp=corp(hand=["under_the_bus"]), runner=runner(rig=rig, clicks=1))
    assert r.game.active == "corp" and not any(label.startswith("play:under_the_bus") for label in labels(r))


def test_eavesdrop_traces_whenever_its_host_is_encountered() -> None:
    hq = {"hq": {"ice": rezzed("nbn_static_veil")}}
    r = play(RECORDS, ["play:eavesdrop", "run:hq", "pay:0", "pay:0"], active="corp",
             corp=corp(hand=["eavesdrop"], servers=hq, clicks=1), runner=runner(credits=5))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and find(g.in_play, "eavesdrop") is not None and not g.run_history[-1][2]
    g.trash(g.servers["hq"].ice[0], "test", by="corp")  # its host leaves play: it goes with it
    assert find(g.in_play, "eavesdrop") is None and find(g.corp.discard, "eavesdrop") is not None


# ---------------------------------------------------------------- corp: agendas, assets and upgrades


def scoring(card_id: str, advancement: int, **fields: Any) -> dict[str, Any]:
    """A corp with ``card_id`` in remote1's root, advanced ``advancement`` times (ready to score)."""
    root = [{"card": card_id, "counters": {"advancement": advancement}}]
    servers = {"remote1": {"root": root + fields.pop("root", [])}}
    return corp(servers=servers, **fields)


def test_broad_daylight_counts_bad_publicity_and_spends_counters_on_meat_damage() -> None:
    r = play(RECORDS, ["score:broad_daylight", "yes", "use:broad_daylight/1"], active="corp",
             corp=scoring("broad_daylight", 4, bad_publicity=1, clicks=3),
             runner=runner(hand=["spark_of_insight"] * 3))  # fmt: skip
    g = r.game
    daylight = find(g.corp.score_area, "broad_daylight")
    assert g.corp.bad_publicity == 2 and daylight.counters == {"agenda": 1}
    assert len(g.runner.hand) == 1 and g.corp.clicks == 2
    assert "use:broad_daylight/1" not in loose(r)  # once per turn


def test_hyperloop_extension_pays_the_corp_when_scored_or_stolen() -> None:
    r = play(RECORDS, ["score:hyperloop_extension"], active="corp", corp=scoring("hyperloop_extension", 3, credits=0))
    assert r.game.corp.credits == 3
    r = play(RECORDS, ["run:remote1", "continue"], corp=scoring("hyperloop_extension", 0, credits=0))
    assert r.game.corp.credits == 3 and ids(r.game.runner.score_area) == ["hyperloop_extension"]


def test_jumon_advances_a_remote_root_card_as_the_corps_turn_ends() -> None:
    servers = {"remote1": {"root": [{"card": "neutral_records_vault"}]}}
    r = play(RECORDS, ["end"], active="corp", corp=corp(score_area=["jumon"], servers=servers, clicks=0))
    g = r.game
    assert g.active == "runner" and g.servers["remote1"].root[0].advancement == 2


def test_isobel_trades_an_advancement_counter_for_3_credits() -> None:
    servers = {"remote1": {"root": rezzed("api_s_keeper_isobel")},
               "remote2": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 2}}]}}
    r = play(RECORDS, ["neutral_board_resolution"], corp=corp(servers=servers, credits=0), runner=to_corp_turn())
    g = r.game
    assert g.active == "corp" and g.corp.credits == 3 and g.servers["remote2"].root[0].advancement == 1


def test_drudge_work_recycles_agendas_for_their_points_until_empty() -> None:
    remote = {"remote1": {"root": [{"card": "drudge_work"}]}}
    r = play(RECORDS, ["rez:drudge_work", "use:drudge_work/2"], active="corp",
             corp=corp(hand=["nbn_open_channel_act"], servers=remote, credits=5))  # fmt: skip
    g = r.game
    assert g.corp.credits == 5 and g.servers["remote1"].root[0].counters == {"power": 2}  # 5 - 2 + 2 points
    assert find(g.corp.deck, "nbn_open_channel_act") is not None and not g.corp.hand
    uses = ["use:drudge_work/2", "neutral_pilot_scheme"] * 2 + ["use:drudge_work/2"]  # the last agenda: no choice
    r = play(RECORDS, ["rez:drudge_work", *uses], active="corp",
             corp=corp(hand=["neutral_pilot_scheme"] * 3, servers=remote, credits=5))  # fmt: skip
    g = r.game
    assert find(g.corp.discard, "drudge_work") is not None and g.corp.credits == 6 and "remote1" not in g.servers


def test_lady_liberty_adds_an_agenda_of_the_exact_points_without_scoring_it() -> None:
    remote = {"remote1": {"root": [{"card": "lady_liberty", "rezzed": True, "counters": {"power": 2}}]}}
    r = play(RECORDS, ["use:lady_liberty/1"], active="corp",
             corp=corp(hand=["nbn_open_channel_act", "neutral_pilot_scheme"], servers=remote, credits=0))  # fmt: skip
    g = r.game
    assert ids(g.corp.score_area) == ["nbn_open_channel_act"] and g.agenda_points("corp") == 2
    assert g.corp.clicks == 0 and g.corp.credits == 0 and not events(r, "score")  # not scored: no 4 credits
    region = {"remote1": {"root": rezzed("nbn_relay_tower_grid")}}
    r = play(RECORDS, ["install:lady_liberty@remote1"], active="corp", corp=corp(hand=["lady_liberty"], servers=region))
    assert ids(r.game.servers["remote1"].root) == ["lady_liberty"]
    assert find(r.game.corp.discard, "nbn_relay_tower_grid") is not None


def test_siu_trashes_itself_for_a_trace() -> None:
    remote = {"remote1": {"root": rezzed("siu")}}
    r = play(RECORDS, ["yes", "pay:0", "pay:0"], corp=corp(servers=remote), runner=to_corp_turn())
    g = r.game
    assert g.active == "corp" and g.runner.tags == 1 and find(g.corp.discard, "siu") is not None


def test_neurostasis_shuffles_runner_cards_back_for_3_credits() -> None:
    remote = {"remote1": {"root": [{"card": "neurostasis", "counters": {"advancement": 2}}]}}
    rig = [{"card": "cog_key"}, {"card": "spare_laptop"}, {"card": "backroom_bookie"}]
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "cog_key", "spare_laptop", "leave"],
             corp=corp(servers=remote, credits=5), runner=runner(rig=rig, deck=[]))  # fmt: skip
    g = r.game
    assert ids(g.runner.rig) == ["backroom_bookie"] and sorted(ids(g.runner.deck)) == ["cog_key", "spare_laptop"]
    assert g.corp.credits == 2


def test_arella_installs_from_hq_for_free_with_an_advancement_counter() -> None:
    corp_side = scoring("neutral_board_resolution", 4, root=rezzed("arella_salvatore"),
                        hand=["neutral_records_vault"], credits=0)  # fmt: skip
    r = play(RECORDS, ["score:neutral_board_resolution", "neutral_records_vault", "new remote"], active="corp",
             corp=corp_side)  # fmt: skip
    g = r.game
    vault = find(g.servers["remote2"].root, "neutral_records_vault")
    assert vault is not None and vault.advancement == 1 and g.corp.credits == 0


def test_giordano_ends_a_successful_run_unless_the_runner_pays() -> None:
    remote = {"remote1": {"root": rezzed("giordano_memorial_field")}}
    who = runner(score_area=["neutral_pilot_scheme"], credits=5)
    r = play(RECORDS, ["run:remote1", "continue", "pay", "leave"], corp=corp(servers=remote), runner=who)
    assert r.game.runner.credits == 3 and r.game.run_history[-1][2]
    r = play(RECORDS, ["run:remote1", "continue", "end"], corp=corp(servers=remote), runner=who)
    assert r.game.runner.credits == 5 and not r.game.run_history[-1][2]
    assert not [e for e in events(r, "access") if "card" in e]


def test_daruma_swaps_a_card_of_hq_into_its_server_and_lets_the_runner_jack_out() -> None:
    remote = {"remote1": {"root": [*rezzed("daruma"), {"card": "neutral_records_vault"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "nbn_open_channel_act", "jack_out"],
             corp=corp(servers=remote, hand=["nbn_open_channel_act"]))  # fmt: skip
    g = r.game
    assert ids(g.servers["remote1"].root) == ["nbn_open_channel_act"] and ids(g.corp.hand) == ["neutral_records_vault"]
    assert find(g.corp.discard, "daruma") is not None and not g.run_history[-1][2] and not g.runner.score_area


# ---------------------------------------------------------------- corp: ice and identity


def test_hydra_tags_an_untagged_runner_and_punishes_a_tagged_one() -> None:
    hq = {"hq": {"ice": rezzed("hydra")}}
    r = play(RECORDS, ["run:hq"], corp=corp(servers=hq, credits=0), runner=runner(hand=["spark_of_insight"] * 4))
    g = r.game
    assert g.runner.tags == 1 and g.corp.credits == 5 and not g.run_history[-1][2]  # tag, then 5 credits, end
    assert len(g.runner.hand) == 4
    r = play(RECORDS, ["run:hq"], corp=corp(servers=hq, credits=0),
             runner=runner(hand=["spark_of_insight"] * 4, tags=1))  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and len(g.runner.hand) == 1 and g.corp.credits == 5 and not g.run_history[-1][2]


def test_meridian_ends_the_run_unless_the_runner_takes_it_as_minus_one_point() -> None:
    hq = {"hq": {"ice": rezzed("meridian")}}
    r = play(RECORDS, ["run:hq", "end"], corp=corp(servers=hq, credits=0))
    assert r.game.corp.credits == 4 and not r.game.run_history[-1][2]
    r = play(RECORDS, ["run:hq", "score", "continue"], corp=corp(servers=hq, credits=0))
    g = r.game
    assert ids(g.runner.score_area) == ["meridian"] and g.agenda_points("runner") == -1
    assert not g.servers["hq"].ice and g.corp.credits == 0 and g.run_history[-1][2]


def test_gatekeeper_is_strong_on_its_rez_turn_and_recycles_agendas() -> None:
    hq = {"hq": {"ice": [{"card": "gatekeeper"}]}}
    r = play(RECORDS, ["run:hq", "rez:gatekeeper", "n:1", "neutral_pilot_scheme"],
             corp=corp(servers=hq, hand=["neutral_pilot_scheme"], deck=["jinteki_quiet_harvest"] * 2, credits=3))
    g = r.game
    assert [e["strength"] for e in events(r, "encounter")] == [6]
    assert ids(g.corp.hand) == ["jinteki_quiet_harvest"] and find(g.corp.deck, "neutral_pilot_scheme") is not None
    assert not g.run_history[-1][2]
    r = play(RECORDS, [], corp=corp(servers={"hq": {"ice": rezzed("gatekeeper")}}))
    assert r.game.strength_of(r.game.servers["hq"].ice[0]) == 0  # rezzed on an earlier turn


def test_otoroshi_advances_a_remote_card_the_runner_must_pay_to_avoid() -> None:
    servers = {"hq": {"ice": rezzed("otoroshi")}, "remote1": {"root": [{"card": "neutral_records_vault"}]}}
    r = play(RECORDS, ["run:hq", "done", "neutral_records_vault", "n:3"], corp=corp(servers=servers), runner=runner(credits=5))
    assert r.pending is not None and r.pending.kind == "choice"
    assert "neutral_records_vault" not in str(r.pending.prompt) and "Records" not in str(r.pending.prompt)
    r = play(RECORDS, ["run:hq", "done", "neutral_records_vault", "n:3", "access", "leave", "continue", "done"],
             corp=corp(servers=servers), runner=runner(credits=5))  # fmt: skip
    g = r.game
    vault = g.servers["remote1"].root[0]
    assert vault.advancement == 3 and str(vault) in [e.get("card") for e in events(r, "access")]
    r = play(RECORDS, ["run:hq", "done", "neutral_records_vault", "n:2", "pay", "continue", "done"], corp=corp(servers=servers),
             runner=runner(credits=5))  # fmt: skip
    assert r.game.runner.credits == 2 and r.game.servers["remote1"].root[0].advancement == 2


def test_thimblerig_swaps_at_turn_start_and_when_passed() -> None:
    servers = {"hq": {"ice": rezzed("thimblerig")}, "remote1": {"ice": [{"card": "neutral_plywood_screen"}],
                                                               "root": [{"card": "neutral_records_vault"}]}}
    r = play(RECORDS, ["neutral_plywood_screen"], corp=corp(servers=servers), runner=to_corp_turn())
    g = r.game
    assert ids(g.servers["hq"].ice) == ["neutral_plywood_screen"] and ids(g.servers["remote1"].ice) == ["thimblerig"]
    rnd = {"hq": {"ice": rezzed("thimblerig")}, "rnd": {"ice": rezzed("neutral_checksum_gate")}}
    r = play(RECORDS, ["run:hq", "break:cog_key/0", "neutral_checksum_gate", "continue"], corp=corp(servers=rnd),
             runner=runner(rig=[{"card": "cog_key"}], credits=5))  # fmt: skip
    g = r.game
    assert ids(g.servers["rnd"].ice) == ["thimblerig"] and ids(g.servers["hq"].ice) == ["neutral_checksum_gate"]


def test_peeping_tom_gains_a_tag_toll_for_each_card_of_the_named_type() -> None:
    hq = {"hq": {"ice": rezzed("peeping_tom")}}
    grip = ["spark_of_insight", "overnight_takeout", "cog_key"]
    r = play(RECORDS, ["run:hq", "event", "tag", "end"], corp=corp(servers=hq), runner=runner(hand=grip))
    g = r.game
    assert g.runner.tags == 1 and not g.run_history[-1][2]
    assert len([e for e in events(r, "subroutine")]) == 2
    r = play(RECORDS, ["run:hq", "hardware", "continue"], corp=corp(servers=hq), runner=runner(hand=grip))
    assert r.game.run_history[-1][2] and not events(r, "subroutine")


def test_blockchain_repeats_its_credit_subroutine_for_transactions_in_archives() -> None:
    hq = {"hq": {"ice": rezzed("blockchain")}}
    archives = ["jinteki_quiet_harvest", "jinteki_quiet_harvest", "nbn_ad_revenue_share", "nbn_ad_revenue_share"]
    r = play(RECORDS, ["run:hq"], corp=corp(servers=hq, discard=archives, credits=5), runner=runner(credits=5))
    g = r.game
    assert g.corp.credits == 8 and g.runner.credits == 2 and not g.run_history[-1][2]
    assert len(events(r, "subroutine")) == 4
    r = play(RECORDS, ["run:hq"], corp=corp(servers=hq, discard=archives[:1], credits=5), runner=runner(credits=5))
    assert r.game.corp.credits == 6 and len(events(r, "subroutine")) == 2


def test_sportsmetal_gains_or_draws_when_an_agenda_is_scored_or_stolen() -> None:
    sports = "sportsmetal_go_big_or_go_home"
    r = play(RECORDS, ["score:hyperloop_extension", "credits"], active="corp",
             corp=scoring("hyperloop_extension", 3, identity=sports, credits=0))  # fmt: skip
    assert r.game.corp.credits == 5  # 3 from the agenda, 2 from the identity
    r = play(RECORDS, ["run:remote1", "continue", "draw"],
             corp=scoring("neutral_board_resolution", 0, identity=sports, hand=[]))  # fmt: skip
    assert len(r.game.corp.hand) == 2
