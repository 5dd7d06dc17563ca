"""The Liberation cycle's runner card scripts, each played through a scenario that checks what changes."""

from __future__ import annotations

from typing import Any

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import bundled, card, card_in, events, loose, play, rig


def identity(card_id: str, english: list[str], faction: str, **fields: Any) -> Any:
    """A runner identity fixture of ``card_id`` with our own ``english`` paragraphs (kit.card makes cards)."""
    reading = read_card(english, "identity", None, card_id=card_id)
    data = {
        "kind": "identity",
        "game": "netrunner",
        "id": card_id,
        "side": "runner",
        "faction": faction,
        "min_deck_size": 45,
        "influence_limit": 15,
        "base_link": 0,
        "set": "dossier_demo",
        "name": {"zh-Hans": card_id, "en": card_id},
        "text": reading.texts(),
        "printed_text": {"en": english},
        "reading": reading.record(),
        **fields,
    }
    return RECORD_ADAPTER.validate_python(data)


THREAT = "(Active while any player has {n} or more agenda points.)"

SHIBBOLETH = card(
    "shibboleth",
    "program",
    [f"Threat 4 → This breaker's strength is lowered by 2. {THREAT.format(n=4)}",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
     "2[credit]: +2 strength."],  # fmt: skip
    subtypes=["icebreaker", "decoder"], cost=1, strength=3, memory_cost=1, faction="criminal",
)  # fmt: skip
COALESCENCE = card(
    "coalescence",
    "program",
    ["When you install this program, place 2 power counters on it.",
     "Spend one of its power counters: take 2[credit]. Only in your own turn."],  # fmt: skip
    cost=2, memory_cost=1, faction="shaper",
)  # fmt: skip
FRIEND = card(
    "friend_of_a_friend",
    "resource",
    ["[click], [trash]: Gain 5[credit] and remove 1 tag.",
     "[click], [trash]: if you have no tags, take 9[credit] and then 1 tag."],  # fmt: skip
    subtypes=["connection"], cost=3, faction="anarch",
)  # fmt: skip
PRESSURE_SPIKE = card(
    "pressure_spike",
    "program",
    ["Interface → 1[credit]: Break 1 <strong>barrier</strong> subroutine.",
     "2[credit]: +3 strength.",
     f"Threat 4 → 2[credit]: this breaker gains 9 strength; at most once in a run. {THREAT.format(n=4)}"],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=4, strength=1, memory_cost=1, faction="shaper",
)  # fmt: skip
HANNAH = card(
    "hannah_wheels_pilintra",
    "resource",
    ["Once each turn, [click]: get a click back and run a remote server; should that run fail, take a tag as it "
     "ends.",
     "[click], [trash]: Gain [click][click]. Remove 1 tag."],  # fmt: skip
    subtypes=["connection"], cost=2, unique=True, faction="anarch",
)  # fmt: skip
LILYPAD = card(
    "lilypad",
    "hardware",
    ["+2[mu]",
     "Each turn, when your first program install happens, you may draw a card.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=4, unique=True, faction="shaper",
)  # fmt: skip
HERMES = card(
    "hermes",
    "hardware",
    ["+1[mu]",
     "Each time either side scores or steals an agenda, return an installed unrezzed card to HQ.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
LAGO = card(
    "lago_paranoa_shelter",
    "resource",
    ["On the Corp's first root install of a turn, you may trash your stack's top card and draw 1."],
    subtypes=["connection", "location"], cost=2, unique=True, faction="anarch",
)  # fmt: skip
MANUEL = card(
    "manuel_lattes_de_moura",
    "resource",
    ["While tagged, each HQ or R&D breach accesses 1 more card.",
     f"Threat 3 → The Corp trashing this with the basic action must also trash a card from HQ. {THREAT.format(n=3)}"],
    subtypes=["connection"], cost=2, unique=True, faction="anarch",
)  # fmt: skip
PRETTY_MARY = card(
    "pretty_mary_da_silva",
    "resource",
    ["On an R&D breach that already allows 2 or more accesses, you may access 1 more."],
    subtypes=["connection", "seedy"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
VALENTINA = card(
    "valentina_ferreira_carvalho",
    "resource",
    ["Each time you get rid of tags, take 1[credit].",
     f"Threat 3 → Installed in your turn, this lets you remove a tag or take 2[credit]. {THREAT.format(n=3)}"],
    subtypes=["connection"], cost=2, unique=True,
)  # fmt: skip
AMELIA = card(
    "amelia_earhart",
    "resource",
    ["After a run on HQ or R&D in which you accessed at least 3 cards, add a power counter here.",
     "As your turn starts, you may spend 3 power counters here and trash this to make the Corp lose 10[credit]."],
    subtypes=["virtual", "companion"], cost=0, unique=True, faction="criminal",
)  # fmt: skip
SKIMMING = card(
    "chrysopoeian_skimming",
    "event",
    ["The Corp chooses whether to show an agenda from HQ: if shown, you get [click] and a card; if not, you see "
     "the top 3 cards of R&D."],
    cost=1, faction="criminal",
)  # fmt: skip
THE_PRICE = card(
    "the_price",
    "event",
    ["Put the top 4 cards of your stack in your heap; you may install one of them at 3[credit] off."],
    cost=1, faction="anarch",
)  # fmt: skip
MEETING = card(
    "meeting_of_minds",
    "event",
    ["Name connection or virtual; you may fetch a resource of that subtype from your stack into your grip.",
     "Show as many cards of that subtype from your grip as you like: 1[credit] for each."],  # fmt: skip
    cost=4, faction="criminal",
)  # fmt: skip
EYE = card(
    "eye_for_an_eye",
    "event",
    ["You cannot play this while tagged.",
     "Run HQ; on success take a tag, and the breach accesses 1 more card.",
     "Access → Trash a card from your grip: trash the accessed card."],  # fmt: skip
    subtypes=["run"], cost=1, faction="anarch",
)  # fmt: skip
SLAP_VANDAL = card(
    "slap_vandal",
    "program",
    ["Goes on a piece of ice only.",
     "Interface → 1[credit]: break a subroutine of the ice this is on; once in an encounter."],  # fmt: skip
    subtypes=["icebreaker", "ai", "trojan"], cost=1, strength=6, memory_cost=1, faction="shaper",
)  # fmt: skip
LIVING_MURAL = card(
    "living_mural",
    "program",
    ["Goes on a piece of ice only.",
     f"Threat 4 → Installed, it has 3 more strength until the turn ends. {THREAT.format(n=4)}",
     "Interface → 1[credit]: break a subroutine of a sentry guarding this server.",
     "1[credit]: +2 strength."],  # fmt: skip
    subtypes=["icebreaker", "killer", "trojan"], cost=3, strength=1, memory_cost=1, faction="shaper",
)  # fmt: skip
UMBRELLA = card(
    "umbrella",
    "program",
    ["It interfaces only with ice that hosts a trojan.",
     "Interface → 2[credit]: break as many as 3 code gate subroutines; if any broke, either player may draw 1."],
    subtypes=["icebreaker", "decoder", "weapon"], cost=3, strength=5, memory_cost=1, faction="shaper",
)  # fmt: skip
LOBISOMEM = card(
    "lobisomem",
    "program",
    ["Add a power counter here on install, and each time this breaks every subroutine of a code gate.",
     "Interface → 1[credit]: Break 1 <strong>code gate</strong> subroutine.",
     "Interface → X[credit] and one power counter here: break X barrier subroutines.",
     "1[credit]: +2 strength."],  # fmt: skip
    subtypes=["icebreaker", "decoder", "fracter"], cost=8, strength=2, memory_cost=2, faction="shaper",
)  # fmt: skip
CURUPIRA = card(
    "curupira",
    "program",
    ["Encountering a barrier, you may spend 3 power counters here to bypass it.",
     "Each time this breaks every subroutine of a piece of ice, add a power counter here.",
     "Interface → 1[credit]: Break 1 <strong>barrier</strong> subroutine.",
     "1[credit]: +1 strength."],  # fmt: skip
    subtypes=["icebreaker", "fracter"], cost=3, strength=1, memory_cost=1, faction="criminal",
)  # fmt: skip
PICHACAO = card(
    "pichacao",
    "program",
    ["Goes on a piece of ice only.",
     "Passing the ice it is on, you may take [click]; unless that is your first click gained during a run this "
     "turn, return this to your grip."],  # fmt: skip
    subtypes=["trojan"], cost=1, memory_cost=1, faction="shaper",
)  # fmt: skip
MUSE = card(
    "muse",
    "program",
    ["On install, find a program that is not a daemon in your stack, heap or grip (shuffle the stack after) and "
     "install it: a trojan onto a piece of ice, anything else onto this program."],
    subtypes=["daemon"], cost=2, memory_cost=1, faction="shaper",
)  # fmt: skip
CUPELLATION = card(
    "cupellation",
    "program",
    ["This can host 1 card at most.",
     "Access → 1[credit]: put the accessed card (not an agenda) faceup on this program, uninstalling it.",
     "On an HQ breach while this hosts a Corp card, you may pay 1[credit] and trash this to access 2 more cards."],
    cost=1, memory_cost=1, faction="criminal",
)  # fmt: skip
WIZARDS_CHEST = card(
    "the_wizards_chest",
    "hardware",
    ["Usable only after successful runs on all three central servers in this turn.",
     "[trash]: name hardware, program or resource; turn over stack cards until 2 of that type show, install one "
     "of the two for free if you like, and shuffle the others back."],  # fmt: skip
    cost=0, unique=True, faction="anarch",
)  # fmt: skip
MERCURY = identity(
    "mercury_chrome_libertador",
    ["Once each turn → Breaching HQ or R&D in a run in which you broke no subroutine, you may access 1 more card."],
    "criminal", subtypes=["bioroid"],
)  # fmt: skip
SEBASTIAO = identity(
    "sebastiao_souza_pessoa_activist_organizer",
    ["When you go from no tags to some, you may install a connection from your grip at 2[credit] off.",
     "The Corp trashing a connection with the basic action must also trash a card from HQ."],  # fmt: skip
    "anarch", subtypes=["g_mod"],
)  # fmt: skip
ARISSANA = identity(
    "arissana_rocha_nahu_street_artist",
    ["Once each turn → 0[credit]: during a run, install a program from your grip, paying for it; when the run "
     "ends, trash it unless it is a trojan."],
    "shaper", subtypes=["natural"],
)  # fmt: skip

FIXTURES = [SHIBBOLETH, COALESCENCE, FRIEND, PRESSURE_SPIKE, HANNAH, LILYPAD, HERMES, LAGO, MANUEL, PRETTY_MARY,
            VALENTINA, AMELIA, SKIMMING, THE_PRICE, MEETING, EYE, SLAP_VANDAL, LIVING_MURAL, UMBRELLA, LOBISOMEM,
            CURUPIRA, PICHACAO, MUSE, CUPELLATION, WIZARDS_CHEST, MERCURY, SEBASTIAO, ARISSANA]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]
WHOLE = [SHIBBOLETH, COALESCENCE, FRIEND, LILYPAD, HERMES, LAGO, PRETTY_MARY, AMELIA, SKIMMING, THE_PRICE, MEETING,
         SLAP_VANDAL, LIVING_MURAL, UMBRELLA, LOBISOMEM, MUSE, CUPELLATION, WIZARDS_CHEST, MERCURY, ARISSANA,
         PRESSURE_SPIKE, HANNAH, PICHACAO]  # fmt: skip
FOUR_POINTS = ["nbn_total_coverage", "neutral_pilot_scheme"]  # 3 + 1 agenda points
OPS = ["hb_quarterly_review", "jinteki_quiet_harvest", "nbn_ad_revenue_share"]  # no trash cost, nothing to steal


def test_the_readings_are_whole_where_every_paragraph_is_scripted_or_read() -> None:
    for fixture in WHOLE:
        assert fixture.reading.status == "executable", fixture.id
    for fixture in (VALENTINA, EYE, CURUPIRA, MANUEL, SEBASTIAO):
        assert fixture.reading.status == "executable", fixture.id
    assert HANNAH.reading.read == [1] and HANNAH.reading.scripted == [0]


def test_shibboleth_loses_strength_under_threat() -> None:
    setup = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    calm = play(RECORDS, ["run:hq"], corp=setup, runner={"rig": [{"card": "shibboleth"}]})
    assert calm.game.strength_of(rig(calm, "shibboleth")) == 3
    assert "break:shibboleth/0" in loose(calm)
    tense = play(RECORDS, ["run:hq"], corp={**setup, "score_area": FOUR_POINTS}, runner={"rig": [{"card": "shibboleth"}]})
    assert tense.game.strength_of(rig(tense, "shibboleth")) == 1
    assert "boost:shibboleth/1" in loose(tense) and "break:shibboleth/0" not in loose(tense)


def test_coalescence_pays_from_its_counters_in_the_runners_turn_only() -> None:
    r = play(RECORDS, ["use:coalescence/1"], runner={"rig": [{"card": "coalescence", "counters": {"power": 2}}]})
    assert r.game.runner.credits == 7
    assert rig(r, "coalescence").counters == {"power": 1}
    corp_turn = play(RECORDS, [], active="corp", runner={"rig": [{"card": "coalescence", "counters": {"power": 2}}]})
    assert corp_turn.game.actions.paid_options("runner", window="run") == []


def test_friend_of_a_friend_trades_a_tag_for_nine_credits_only_when_untagged() -> None:
    r = play(RECORDS, ["use:friend_of_a_friend/1"], runner={"rig": [{"card": "friend_of_a_friend"}]})
    g = r.game
    assert (g.runner.credits, g.runner.tags, g.runner.clicks) == (14, 1, 3)
    assert card_in(r, g.runner.discard, "friend_of_a_friend") is not None
    tagged = play(RECORDS, [], runner={"rig": [{"card": "friend_of_a_friend"}], "tags": 1})
    assert "use:friend_of_a_friend/1" not in loose(tagged) and "use:friend_of_a_friend/0" in loose(tagged)


def test_pressure_spike_jumps_nine_strength_once_a_run_under_threat() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True}]}}, "score_area": FOUR_POINTS}
    r = play(RECORDS, ["run:hq", "use:pressure_spike/2"], corp=corp,
             runner={"rig": [{"card": "pressure_spike"}], "credits": 6})  # fmt: skip
    assert r.game.strength_of(rig(r, "pressure_spike")) == 10 and r.game.runner.credits == 4
    assert "break:pressure_spike/0" in loose(r) and "use:pressure_spike/2" not in loose(r)
    calm = play(RECORDS, ["run:hq"], corp={**corp, "score_area": []}, runner={"rig": [{"card": "pressure_spike"}]})
    assert "use:pressure_spike/2" not in loose(calm) and "boost:pressure_spike/1" in loose(calm)


def test_hannah_runs_a_remote_for_free_and_tags_on_failure_once_a_turn() -> None:
    walled = {"servers": {"remote1": {"ice": [{"card": "nbn_static_veil", "rezzed": True}],
                                      "root": [{"card": "neutral_board_resolution"}]}}}  # fmt: skip
    r = play(RECORDS, ["use:hannah_wheels_pilintra/0"], corp=walled, runner={"rig": [{"card": "hannah_wheels_pilintra"}]})
    g = r.game
    assert (g.runner.clicks, g.runner.tags) == (4, 1)
    assert "use:hannah_wheels_pilintra/0" not in loose(r)
    open_ = {"servers": {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}}
    r2 = play(RECORDS, ["use:hannah_wheels_pilintra/0", "continue"], corp=open_,
              runner={"rig": [{"card": "hannah_wheels_pilintra"}]})  # fmt: skip
    assert r2.game.runner.tags == 0 and [c.id for c in r2.game.runner.score_area] == ["neutral_board_resolution"]


def test_lilypad_draws_on_the_first_program_of_the_turn_and_is_the_only_console() -> None:
    runner = {"hand": ["lilypad", "gray_rat", "sleeve_blade"], "deck": ["spark_of_insight", "light_fingers"],
              "credits": 9}  # fmt: skip
    r = play(RECORDS, ["install:lilypad", "install:gray_rat", "yes", "install:sleeve_blade"], runner=runner)
    g = r.game
    assert [c.id for c in g.runner.hand] == ["spark_of_insight"] and len(g.runner.deck) == 1
    assert g.memory_limit() == 7  # the identity gives 1 too
    r2 = play(RECORDS, [], runner={"hand": ["lilypad"], "rig": [{"card": "modular_rigframe"}], "credits": 9})
    assert "install:lilypad" not in loose(r2)


def test_hermes_returns_an_unrezzed_card_to_hq_when_an_agenda_is_scored() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]},
                        "remote2": {"root": [{"card": "nbn_billboard_network"}]}}}  # fmt: skip
    r = play(RECORDS, ["score:neutral_pilot_scheme"], active="corp", corp=corp, runner={"rig": [{"card": "hermes"}]})
    g = r.game
    assert [c.id for c in g.corp.hand] == ["nbn_billboard_network"] and "remote2" not in g.servers
    assert g.memory_limit() == 6  # the identity gives 1 too
    r2 = play(RECORDS, [], runner={"hand": ["hermes"], "rig": [{"card": "pocket_terminal"}]})
    assert "install:hermes" not in loose(r2)


def test_lago_paranoa_shelter_cycles_on_the_first_corp_root_install() -> None:
    r = play(RECORDS, ["install:nbn_billboard_network@new", "yes", "install:nbn_press_office@new"], active="corp",
             corp={"hand": ["nbn_billboard_network", "nbn_press_office"]},
             runner={"rig": [{"card": "lago_paranoa_shelter"}], "deck": ["light_fingers", "spark_of_insight"]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.discard] == ["light_fingers"]
    assert [c.id for c in g.runner.hand] == ["spark_of_insight"]


def test_manuel_accesses_more_while_tagged() -> None:
    r = play(RECORDS, ["run:rnd", "continue"], corp={"deck": OPS}, runner={"rig": [{"card": "manuel_lattes_de_moura"}], "tags": 1})
    assert len([e for e in events(r, "access") if "card" in e]) == 2
    r2 = play(RECORDS, ["run:rnd", "continue"], corp={"deck": OPS}, runner={"rig": [{"card": "manuel_lattes_de_moura"}]})
    assert len([e for e in events(r2, "access") if "card" in e]) == 1


def test_pretty_mary_adds_an_access_to_a_multi_access_rnd_breach() -> None:
    r = play(RECORDS, ["play:late_night_dig", "continue", "yes"], corp={"deck": OPS},
             runner={"rig": [{"card": "pretty_mary_da_silva"}], "hand": ["late_night_dig"]})  # fmt: skip
    assert len([e for e in events(r, "access") if "card" in e]) == 3
    plain = play(RECORDS, ["run:rnd", "continue"], corp={"deck": OPS}, runner={"rig": [{"card": "pretty_mary_da_silva"}]})
    assert len([e for e in events(plain, "access") if "card" in e]) == 1


def test_mercury_adds_an_access_when_nothing_was_broken() -> None:
    r = play(RECORDS, ["run:hq", "continue", "yes"], corp={"hand": OPS},
             runner={"identity": "mercury_chrome_libertador"})  # fmt: skip
    assert len([e for e in events(r, "access") if "card" in e]) == 2
    guarded = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}
    r2 = play(RECORDS, ["run:hq", "break:rockbit_drill/0", "continue"], corp=guarded,
              runner={"identity": "mercury_chrome_libertador", "rig": [{"card": "rockbit_drill"}]})  # fmt: skip
    assert len([e for e in events(r2, "access") if "card" in e]) == 1


def test_valentina_removes_a_tag_or_pays_when_installed_under_threat() -> None:
    runner = {"hand": ["valentina_ferreira_carvalho"], "tags": 1}
    r = play(RECORDS, ["install:valentina_ferreira_carvalho", "tag"], corp={"score_area": ["nbn_total_coverage"]},
             runner=runner)  # fmt: skip
    assert (r.game.runner.tags, r.game.runner.credits) == (0, 4)  # 5 - 2, and 1 for the tag removed
    r2 = play(RECORDS, ["install:valentina_ferreira_carvalho", "credits"], corp={"score_area": ["nbn_total_coverage"]},
              runner=runner)  # fmt: skip
    assert (r2.game.runner.tags, r2.game.runner.credits) == (1, 5)
    calm = play(RECORDS, ["install:valentina_ferreira_carvalho"], runner=runner)
    assert calm.game.runner.credits == 3 and calm.pending is not None and calm.pending.kind == "action"


def test_sebastiao_installs_a_connection_cheaply_on_the_first_tag() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "weyland_watchdog_drone", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "yes"], corp=corp,
             runner={"identity": "sebastiao_souza_pessoa_activist_organizer", "hand": ["dockside_tipster"]})  # fmt: skip
    g = r.game
    assert rig(r, "dockside_tipster") is not None and g.runner.credits == 4 and g.runner.tags == 1
    r2 = play(RECORDS, ["run:hq"], corp=corp,
              runner={"identity": "sebastiao_souza_pessoa_activist_organizer", "hand": ["dockside_tipster"],
                      "tags": 1})  # fmt: skip
    assert rig(r2, "dockside_tipster") is None and r2.game.runner.tags == 2


def test_amelia_counts_big_runs_and_cashes_them_in() -> None:
    r = play(RECORDS, ["play:layer_sweep", "continue"], corp={"deck": OPS},
             runner={"rig": [{"card": "amelia_earhart"}], "hand": ["layer_sweep"]})  # fmt: skip
    assert rig(r, "amelia_earhart").counters == {"power": 1}
    r2 = play(RECORDS, ["amelia_earhart: your_turn_start", "yes"], active="corp", corp={"clicks": 0, "credits": 12, "deck": OPS},
              runner={"rig": [{"card": "amelia_earhart", "counters": {"power": 3}}]})  # fmt: skip
    assert r2.game.corp.credits == 2 and card_in(r2, r2.game.runner.discard, "amelia_earhart") is not None


def test_chrysopoeian_skimming_gives_a_click_and_card_or_a_look_at_rnd() -> None:
    corp = {"hand": ["neutral_pilot_scheme"], "deck": OPS}
    runner = {"hand": ["chrysopoeian_skimming"], "deck": ["light_fingers"]}
    r = play(RECORDS, ["play:chrysopoeian_skimming", "yes"], corp=corp, runner=runner)
    assert r.game.runner.clicks == 4 and [c.id for c in r.game.runner.hand] == ["light_fingers"]
    r2 = play(RECORDS, ["play:chrysopoeian_skimming", "no"], corp=corp, runner=runner)
    assert r2.game.runner.clicks == 3 and not r2.game.runner.hand
    seen = [e for e in r2.game.log if e.kind == "reveal"]
    assert len(seen[0].data["cards"]) == 3 and seen[0].visible == (2,)


def test_the_price_mills_four_and_installs_one_cheaply() -> None:
    r = play(RECORDS, ["play:the_price", "yes", "falcon_protocol"],
             runner={"hand": ["the_price"], "deck": ["gray_rat", "falcon_protocol", "light_fingers", "spark_of_insight",
                                                     "overnight_takeout"]})  # fmt: skip
    g = r.game
    assert rig(r, "falcon_protocol") is not None and g.runner.credits == 4  # 5 - 1, and 3 - 3 for the install
    assert sorted(c.id for c in g.runner.discard) == ["gray_rat", "light_fingers", "spark_of_insight", "the_price"]
    assert [c.id for c in g.runner.deck] == ["overnight_takeout"]


def test_meeting_of_minds_fetches_and_pays_for_revealed_connections() -> None:
    r = play(RECORDS, ["play:meeting_of_minds", "connection", "yes", "old_school_mentor", "dockside_tipster"],
             runner={"hand": ["meeting_of_minds", "old_school_mentor", "light_fingers"],
                     "deck": ["dockside_tipster", "dormant_account"]})  # fmt: skip
    g = r.game
    assert sorted(c.id for c in g.runner.hand) == ["dockside_tipster", "light_fingers", "old_school_mentor"]
    assert g.runner.credits == 3  # 5 - 4 + 2


def test_eye_for_an_eye_runs_hq_for_a_tag_and_an_extra_access() -> None:
    r = play(RECORDS, ["play:eye_for_an_eye", "continue"], corp={"hand": OPS}, runner={"hand": ["eye_for_an_eye"]})
    assert r.game.runner.tags == 1 and len([e for e in events(r, "access") if "card" in e]) == 2
    tagged = play(RECORDS, [], runner={"hand": ["eye_for_an_eye"], "tags": 1})
    assert "play:eye_for_an_eye" not in loose(tagged)


def test_slap_vandal_breaks_one_host_subroutine_an_encounter() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}
    r = play(RECORDS, ["install:slap_vandal", "run:hq", "use:slap_vandal/0", "sub:2"], corp=corp,
             runner={"hand": ["slap_vandal"], "rig": [{"card": "cog_key"}]})  # fmt: skip
    vandal = rig(r, "slap_vandal")
    assert vandal.host is not None and vandal.host.id == "hb_archivist_mk2"
    assert [e["index"] for e in events(r, "break")] == [2]
    assert "boost:cog_key/1" in loose(r) and "use:slap_vandal/0" not in loose(r)  # still encountering, used up
    r2 = play(RECORDS, ["install:slap_vandal", "run:hq", "use:slap_vandal/0", "sub:2", "continue"], corp=corp,
              runner={"hand": ["slap_vandal"]})  # fmt: skip
    assert r2.game.runner.clicks == 1 and r2.game.run_history[-1][2]  # 4 - install - run - the unbroken subroutine


def test_living_mural_sits_on_ice_and_breaks_sentries_of_its_server() -> None:
    corp = {"hand": OPS, "score_area": FOUR_POINTS,
            "servers": {"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["install:living_mural", "run:hq", "use:living_mural/1", "continue"], corp=corp,
             runner={"hand": ["living_mural"]})  # fmt: skip
    g = r.game
    mural = rig(r, "living_mural")
    assert mural is not None and g.strength_of(mural) == 4 and g.run_history[-1][2]
    assert g.runner.credits == 1  # 5 - 3 - 1
    calm = play(RECORDS, ["install:living_mural", "run:hq"], corp={**corp, "score_area": []},
                runner={"hand": ["living_mural"]})  # fmt: skip
    assert calm.game.strength_of(rig(calm, "living_mural")) == 1
    assert "use:living_mural/1" not in loose(calm) and "boost:living_mural/2" in loose(calm)


def test_umbrella_breaks_code_gates_hosting_a_trojan_and_offers_draws() -> None:
    corp = {"hand": OPS, "deck": ["neutral_emergency_audit"],
            "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}  # fmt: skip
    runner = {"hand": ["slap_vandal"], "rig": [{"card": "umbrella"}], "deck": ["light_fingers"]}
    r = play(RECORDS, ["install:slap_vandal", "run:hq", "use:umbrella/0", "sub:1", "yes", "no", "continue"],
             corp=corp, runner=runner)  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 2 and g.run_history[-1][2]
    assert [c.id for c in g.runner.hand] == ["light_fingers"] and g.runner.credits == 2
    bare = play(RECORDS, ["run:hq"], corp=corp, runner={"rig": [{"card": "umbrella"}]})
    assert "use:umbrella/0" not in loose(bare)


def test_lobisomem_counts_broken_code_gates_and_spends_counters_on_barriers() -> None:
    gate = {"servers": {"hq": {"ice": [{"card": "nbn_subscription_gate", "rezzed": True}]}}}
    r = play(RECORDS, ["install:lobisomem", "run:hq", "boost:lobisomem/4", "break:lobisomem/2", "sub:1",
                       "break:lobisomem/2", "continue"],
             corp=gate, runner={"hand": ["lobisomem"], "credits": 11})  # fmt: skip
    assert rig(r, "lobisomem").counters == {"power": 2}
    wall = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True}]}}}
    r2 = play(RECORDS, ["run:hq", "boost:lobisomem/4", "boost:lobisomem/4", "use:lobisomem/3", "pay:1", "continue"],
              corp=wall, runner={"rig": [{"card": "lobisomem", "counters": {"power": 1}}]})  # fmt: skip
    assert rig(r2, "lobisomem").counters == {} and r2.game.runner.credits == 2 and r2.game.run_history[-1][2]


def test_curupira_gains_a_counter_for_a_fully_broken_ice() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "break:curupira/2", "continue"], corp=corp, runner={"rig": [{"card": "curupira"}]})
    assert rig(r, "curupira").counters == {"power": 1}


def test_pichacao_gives_a_click_and_comes_home_the_second_time() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}}
    r = play(RECORDS, ["install:pichacao", "run:hq", "done", "yes", "continue"], corp=corp, runner={"hand": ["pichacao"]})
    assert r.game.runner.clicks == 3 and rig(r, "pichacao") is not None
    r2 = play(RECORDS, ["install:pichacao", "run:hq", "done", "yes", "continue", "run:hq", "done", "yes", "continue"], corp=corp,
              runner={"hand": ["pichacao"]})  # fmt: skip
    assert r2.game.runner.clicks == 3 and rig(r2, "pichacao") is None
    assert [c.id for c in r2.game.runner.hand] == ["pichacao"]


def test_muse_fetches_a_program_and_hosts_it() -> None:
    r = play(RECORDS, ["install:muse", "gray_rat"], runner={"hand": ["muse"], "deck": ["gray_rat", "light_fingers"],
                                                            "discard": ["sleeve_blade"]})  # fmt: skip
    g = r.game
    rat = rig(r, "gray_rat")
    assert rat is not None and rat.host is rig(r, "muse") and g.runner.credits == 1
    assert [c.id for c in g.runner.discard] == ["sleeve_blade"]
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}}
    r2 = play(RECORDS, ["install:muse"], corp=corp,
              runner={"hand": ["muse"], "discard": ["slap_vandal"]})  # fmt: skip
    assert rig(r2, "slap_vandal").host.id == "nbn_static_veil"


def test_cupellation_hosts_an_accessed_card_then_cashes_it_in_on_hq() -> None:
    corp = {"hand": OPS, "servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}
    r = play(RECORDS, ["run:remote1", "continue", "done", "yes", "run:hq", "continue", "yes"], corp=corp,
             runner={"rig": [{"card": "cupellation"}]})  # fmt: skip
    g = r.game
    assert len([e for e in events(r, "access") if "card" in e]) == 4
    assert card_in(r, g.corp.discard, "nbn_billboard_network") is not None and "remote1" not in g.servers
    assert card_in(r, g.runner.discard, "cupellation") is not None and g.runner.credits == 3


def test_arissana_installs_during_a_run_and_trashes_non_trojans_after() -> None:
    r = play(RECORDS, ["run:hq", "use:arissana_rocha_nahu_street_artist/0", "continue"],
             runner={"identity": "arissana_rocha_nahu_street_artist", "hand": ["gray_rat"]})  # fmt: skip
    g = r.game
    assert card_in(r, g.runner.discard, "gray_rat") is not None and g.runner.credits == 3
    assert "use:arissana_rocha_nahu_street_artist/0" not in loose(r)


def test_the_wizards_chest_needs_three_central_runs_and_installs_for_free() -> None:
    runner = {"rig": [{"card": "the_wizards_chest"}], "deck": ["dockside_tipster", "gray_rat", "cortex_sleeve",
                                                                "sleeve_blade", "old_school_mentor"]}  # fmt: skip
    early = play(RECORDS, [], runner=runner)
    assert "use:the_wizards_chest/0" not in loose(early)
    runs = ["run:hq", "continue", "run:rnd", "continue", "run:archives", "continue"]
    r = play(RECORDS, [*runs, "use:the_wizards_chest/0", "program", "yes", "sleeve_blade"], runner=runner)
    g = r.game
    assert rig(r, "sleeve_blade") is not None and g.runner.credits == 5
    assert sorted(c.id for c in g.runner.deck) == ["cortex_sleeve", "dockside_tipster", "gray_rat", "old_school_mentor"]


def test_arissana_keeps_a_trojan_installed_during_a_run() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "nbn_static_veil"}]}}}
    r = play(RECORDS, ["run:hq", "use:arissana_rocha_nahu_street_artist/0", "done", "continue"], corp=corp,
             runner={"identity": "arissana_rocha_nahu_street_artist", "hand": ["slap_vandal"]})  # fmt: skip
    vandal = rig(r, "slap_vandal")
    assert vandal is not None and vandal.host.id == "nbn_static_veil" and r.game.run_history[-1][2]


# ---------------------------------------------------------------- the second pass


AIRBLADEX = card(
    "airbladex_jsrf_ed",
    "hardware",
    ["Installed, it takes 3 power counters; once they are all gone it goes to the heap.",
     "Spend a power counter here: stop 1 net damage, only while running.",
     "Spend a power counter here: cancel a piece of ice's on-encounter effect."],  # fmt: skip
    subtypes=["vehicle"], cost=1, unique=True, faction="shaper",
)  # fmt: skip
ALARM = card(
    "alarm_clock",
    "hardware",
    ["As your turn starts you may run HQ; on the first ice you meet in that run, [click][click] may bypass it."],
    cost=2, unique=True, faction="criminal",
)  # fmt: skip
AMANUENSIS = card(
    "amanuensis",
    "hardware",
    ["+1[mu]",
     "Ending your turn tagged puts a power counter here.",
     "When you shed tags, a power counter from here may draw you 2 cards.",
     "You may have only one console installed."],  # fmt: skip
    subtypes=["console"], cost=2, unique=True, faction="anarch",
)  # fmt: skip
ARRUACEIRAS = card(
    "arruaceiras_crew",
    "resource",
    ["Once each turn → take a tag: the ice you face is 2 weaker until this encounter ends.",
     "[trash] and 2[credit]: the ice you face goes to Archives if its strength is 0 or lower."],  # fmt: skip
    subtypes=["connection", "seedy"], cost=2, faction="anarch",
)  # fmt: skip
ASHEN = card(
    "ashen_epilogue",
    "event",
    ["Put your grip and heap into your stack and shuffle; the top 5 stack cards leave the game; draw 5.",
     "This event leaves the game as well."],  # fmt: skip
    cost=5,
)  # fmt: skip
AUDREY = card(
    "audrey_v2",
    "program",
    ["Each card you trash as you access it adds a virus counter here.",
     "Interface → a virus counter from here: break as many as 2 subroutines of any ice.",
     "Put a grip card in your heap: this gets 3 more strength."],  # fmt: skip
    subtypes=["icebreaker", "ai", "virus"], cost=3, strength=0, memory_cost=2, faction="anarch",
)  # fmt: skip
BAHIA = card(
    "bahia_bands",
    "event",
    ["Run any server. On success pick 2 different ones: draw 2; install from your grip 1[credit] cheaper; lose a "
     "tag; or put 4[credit] here to pay trash costs during this run."],
    subtypes=["run"], cost=2,
)  # fmt: skip
BEATRIZ = card(
    "beatriz_friere_gonzalez",
    "resource",
    ["[click][click]: Run HQ; on success breach R&D rather than HQ, with 1 more access."],
    subtypes=["connection"], cost=2, unique=True, faction="shaper",
)  # fmt: skip
BURNER = card(
    "burner",
    "event",
    ["Run HQ. On success, rather than breach, show 3 random HQ cards and put 2 of them on top of or under R&D."],
    subtypes=["run"], cost=1, faction="shaper",
)  # fmt: skip
CAPYBARA = card(
    "capybara",
    "hardware",
    ["When you bypass a piece of ice, you may take this out of the game to derez that ice."],
    cost=2, unique=True, faction="criminal",
)  # fmt: skip
CATALOGUER = card(
    "cataloguer",
    "hardware",
    ["Installed, it takes 2 power counters; once they are all gone it goes to the heap.",
     "After a successful R&D run you may spend a power counter here to order the top 4 of R&D instead of "
     "breaching.",
     "[click] and a power counter from here: breach R&D, if you ran R&D successfully this turn."],  # fmt: skip
    cost=2, faction="shaper",
)  # fmt: skip
DEBBIE = card(
    "debbie_downtown_moreira",
    "resource",
    [f"Threat 4 → Installed, it gets 2[credit]. {THREAT.format(n=4)}",
     "Each run event you play puts 1[credit] here.",
     "[click]: Run any server; credits here pay for anything during that run."],  # fmt: skip
    subtypes=["connection"], cost=1, unique=True, faction="criminal",
)  # fmt: skip
ERU = card(
    "eru_ayase_pessoa",
    "resource",
    ["Once each turn → [click] and a tag: Run Archives; on success breach R&D rather than Archives.",
     f"Threat 3 → Breaching R&D in a run on Archives gives 1 more access. {THREAT.format(n=3)}"],  # fmt: skip
    subtypes=["connection", "clone"], cost=2, unique=True, faction="anarch",
)  # fmt: skip
HELIAMPHORA = card(
    "heliamphora",
    "program",
    ["Once per Archives breach, a card you would access there may be parked face up here instead.",
     "A purge makes the Corp trash 2 random cards of HQ, and this program goes to the heap."],  # fmt: skip
    subtypes=["virus"], cost=1, memory_cost=1, faction="anarch",
)  # fmt: skip
JULI = card(
    "juli_moreira_lee",
    "resource",
    ["Installed, it takes 4 power counters; once they are all gone it goes to the heap.",
     "Your first action on an installed resource each turn spends a counter here for [click]."],  # fmt: skip
    subtypes=["connection"], cost=2, unique=True, faction="criminal",
)  # fmt: skip
LASER = card(
    "laser_pointer",
    "program",
    ["Meeting AP, destroyer or observer ice, you may trash this to bypass it."],
    subtypes=["weapon"], cost=2, memory_cost=1, faction="criminal",
)  # fmt: skip
MALANDRAGEM = card(
    "malandragem",
    "program",
    ["Installed, it takes 2 power counters; once they are all gone it leaves the game.",
     "Once each turn → meeting ice of strength 3 or less, you may spend a counter here to bypass it.",
     f"Threat 4 → Meeting any ice, you may take this out of the game to bypass it. {THREAT.format(n=4)}"],
    cost=4, memory_cost=1, faction="criminal",
)  # fmt: skip
MONKEYWRENCH = card(
    "monkeywrench",
    "program",
    ["Goes on a piece of ice only.",
     "Its ice is 2 weaker; every other ice of that server is 1 weaker."],  # fmt: skip
    subtypes=["trojan"], cost=2, memory_cost=1, faction="anarch",
)  # fmt: skip
PHYSARUM = card(
    "physarum_entangler",
    "program",
    ["Goes on a piece of ice only.",
     "Meeting its ice, unless a barrier, you may pay 1[credit] per subroutine on it to bypass it.",
     "A purge sends this program to the heap."],  # fmt: skip
    subtypes=["virus", "trojan"], cost=0, memory_cost=1, faction="criminal",
)  # fmt: skip
PRIVILEGED = card(
    "privileged_access",
    "event",
    ["You cannot play this while tagged.",
     "Run Archives. On success take a tag rather than breach.",
     "Taking that tag, you may install a resource from your heap at 2[credit] off.",
     f"Threat 3 → Taking that tag, you may install a program from your heap. {THREAT.format(n=3)}"],  # fmt: skip
    subtypes=["run"], cost=0, faction="anarch",
)  # fmt: skip
S_DOBRADO = card(
    "s_dobrado",
    "event",
    ["Run a central server; the first ice you meet in that run is bypassed.",
     f"Threat 4 → The second ice you meet in that run, [click] may bypass it. {THREAT.format(n=4)}"],  # fmt: skip
    subtypes=["run"], cost=2, faction="criminal",
)  # fmt: skip
SOLIDARITY = card(
    "solidarity_badge",
    "hardware",
    ["Your first trash of a Corp card each turn puts a power counter here.",
     "As your turn starts, a counter from here may draw you a card or remove a tag."],  # fmt: skip
    subtypes=["chip"], cost=1, unique=True, faction="anarch",
)  # fmt: skip
SPREE = card(
    "spree",
    "event",
    ["Put 3 power counters here, then run any server.",
     "A power counter from here: move an installed trojan onto a piece of ice guarding the server run."],  # fmt: skip
    subtypes=["run"], cost=0, faction="shaper",
)  # fmt: skip
TRICK_SHOT = card(
    "trick_shot",
    "event",
    ["Put 4[credit] here; they pay for anything during runs.",
     "Run R&D; on success put 2[credit] more here and access 1 more card.",
     "As that run ends you may run a remote server."],  # fmt: skip
    subtypes=["run"], cost=1, faction="shaper",
)  # fmt: skip
URBAN_ART = card(
    "urban_art_vernissage",
    "resource",
    ["As your turn starts you may return an installed trojan that is no virus to your grip; then 2[credit] go here.",
     "Credits here pay for installing cards."],  # fmt: skip
    subtypes=["job", "ritzy"], cost=2, faction="shaper",
)  # fmt: skip
WINDOW = card(
    "window_of_opportunity",
    "event",
    ["You may install a program or hardware from your grip.",
     "Run any server; as it begins derez a piece of ice guarding it, which the Corp may rez for free as the run "
     "ends."],  # fmt: skip
    subtypes=["run"], cost=1, faction="criminal",
)  # fmt: skip

SECOND = [AIRBLADEX, ALARM, AMANUENSIS, ARRUACEIRAS, ASHEN, AUDREY, BAHIA, BEATRIZ, BURNER, CAPYBARA, CATALOGUER,
          DEBBIE, ERU, HELIAMPHORA, JULI, LASER, MALANDRAGEM, MONKEYWRENCH, PHYSARUM, PRIVILEGED, S_DOBRADO,
          SOLIDARITY, SPREE, TRICK_SHOT, URBAN_ART, WINDOW]  # fmt: skip
MORE = [*RECORDS, *SECOND]
HQ_WALL = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}


def test_the_second_pass_readings() -> None:
    for fixture in SECOND:
        partial = fixture is AIRBLADEX  # its prevention of a "when encountered" ability is not modelled
        assert fixture.reading.status == ("partial" if partial else "executable"), fixture.id
    assert AMANUENSIS.reading.read == [0] and AMANUENSIS.reading.scripted == [1, 2, 3]


def test_airbladex_and_juli_are_loaded_and_trashed_once_empty() -> None:
    r = play(MORE, ["install:airbladex_jsrf_ed", "install:juli_moreira_lee"],
             runner={"hand": ["airbladex_jsrf_ed", "juli_moreira_lee"]})  # fmt: skip
    g = r.game
    blade, juli = rig(r, "airbladex_jsrf_ed"), rig(r, "juli_moreira_lee")
    assert blade.counters == {"power": 3} and juli.counters == {"power": 4}
    g.add_counters(blade, "power", -3)
    assert card_in(r, g.runner.discard, "airbladex_jsrf_ed") is not None and rig(r, "juli_moreira_lee") is juli


def test_alarm_clock_runs_hq_at_the_turn_start_and_bypasses_the_first_ice_for_two_clicks() -> None:
    r = play(MORE, ["alarm_clock: your_turn_start", "yes", "yes", "continue"], active="corp", corp={**HQ_WALL, "clicks": 0},
             runner={"rig": [{"card": "alarm_clock"}]})  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2 and g.run_history[-1] == (2, "hq", True)
    assert events(r, "bypass") and not events(r, "subroutine")
    declined = play(MORE, ["alarm_clock: your_turn_start", "yes", "no"], active="corp", corp={**HQ_WALL, "clicks": 0},
                    runner={"rig": [{"card": "alarm_clock"}]})  # fmt: skip
    assert declined.game.runner.clicks == 4 and declined.game.run_history[-1] == (2, "hq", False)


def test_amanuensis_charges_when_tagged_and_draws_when_tags_go() -> None:
    r = play(MORE, [], runner={"rig": [{"card": "amanuensis"}], "tags": 1, "clicks": 0})
    assert rig(r, "amanuensis").counters == {"power": 1} and r.game.memory_limit() == 6
    r2 = play(MORE, ["remove_tag", "yes"], runner={"rig": [{"card": "amanuensis", "counters": {"power": 1}}],
                                                   "tags": 1, "deck": ["light_fingers", "spark_of_insight"]})  # fmt: skip
    g = r2.game
    assert len(g.runner.hand) == 2 and rig(r2, "amanuensis").counters == {} and g.runner.tags == 0
    r3 = play(MORE, [], runner={"hand": ["amanuensis"], "rig": [{"card": "pocket_terminal"}]})
    assert "install:amanuensis" not in loose(r3)


def test_arruaceiras_crew_weakens_the_ice_for_a_tag_then_trashes_it() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    r = play(MORE, ["run:hq", "use:arruaceiras_crew/0", "use:arruaceiras_crew/1", "continue"], corp=corp,
             runner={"rig": [{"card": "arruaceiras_crew"}]})  # fmt: skip
    g = r.game
    assert card_in(r, g.corp.discard, "hb_lattice_gate") is not None and g.runner.tags == 1
    assert g.runner.credits == 3 and card_in(r, g.runner.discard, "arruaceiras_crew") is not None
    assert g.run_history[-1][2]
    strong = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True}]}}}
    r2 = play(MORE, ["run:hq", "use:arruaceiras_crew/0"], corp=strong, runner={"rig": [{"card": "arruaceiras_crew"}]})
    g2 = r2.game
    assert [e["strength"] for e in events(r2, "strength")] == [3]  # still 3: no trash offered, the wall ended the run
    assert g2.strength_of(g2.servers["hq"].ice[0]) == 5 and not g2.run_history[-1][2]  # the encounter is over


def test_ashen_epilogue_recycles_and_removes_five_cards_and_itself() -> None:
    r = play(MORE, ["play:ashen_epilogue"],
             runner={"hand": ["ashen_epilogue", "gray_rat", "sleeve_blade"], "discard": ["light_fingers", "cortex_sleeve"],
                     "deck": ["spark_of_insight", "overnight_takeout", "debug_lamp", "rot_worm", "veneer_layer",
                              "signal_relay"]})  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 5 and not g.runner.deck and not g.runner.discard
    assert len(g.removed) == 6 and "ashen_epilogue" in [c.id for c in g.removed] and g.runner.credits == 0


def test_audrey_counts_accessed_trashes_and_breaks_with_counters() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}
    r = play(MORE, ["run:remote1", "continue", "done", "trash:nbn_billboard_network"], corp=corp,
             runner={"rig": [{"card": "audrey_v2"}]})  # fmt: skip
    assert rig(r, "audrey_v2").counters == {"virus": 1}
    gate = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}
    r2 = play(MORE, ["run:hq", "use:audrey_v2/2", "light_fingers", "use:audrey_v2/2", "use:audrey_v2/1", "sub:1",
                     "continue"], corp=gate,
              runner={"rig": [{"card": "audrey_v2", "counters": {"virus": 1}}],
                      "hand": ["light_fingers", "spark_of_insight"]})  # fmt: skip
    g = r2.game
    assert len(events(r2, "break")) == 2 and g.run_history[-1][2] and g.runner.clicks == 3
    assert not g.runner.hand and len(g.runner.discard) == 2 and rig(r2, "audrey_v2").counters == {}


def test_bahia_bands_draws_and_pays_a_trash_cost_from_its_credits() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}
    r = play(MORE, ["play:bahia_bands", "remote1", "continue", "done", "credits", "trash:nbn_billboard_network"],
             corp=corp, runner={"hand": ["bahia_bands"], "credits": 2, "deck": ["light_fingers", "gray_rat"]})  # fmt: skip
    g = r.game
    assert card_in(r, g.corp.discard, "nbn_billboard_network") is not None and g.runner.credits == 0
    assert len(g.runner.hand) == 2 and card_in(r, g.runner.discard, "bahia_bands").credits == 0


def test_beatriz_breaches_rnd_instead_of_hq_with_an_extra_access() -> None:
    r = play(MORE, ["use:beatriz_friere_gonzalez/0", "continue"], corp={"hand": OPS, "deck": OPS},
             runner={"rig": [{"card": "beatriz_friere_gonzalez"}]})  # fmt: skip
    g = r.game
    accessed = [e for e in events(r, "access") if "card" in e]
    assert [e["server"] for e in accessed] == ["rnd", "rnd"] and g.runner.clicks == 2
    assert g.run_history[-1] == (1, "hq", True)


def test_burner_puts_revealed_hq_cards_on_rnd() -> None:
    r = play(MORE, ["play:burner", "continue", "jinteki_quiet_harvest", "top", "hb_quarterly_review", "bottom"],
             corp={"hand": OPS, "deck": ["neutral_emergency_audit"]}, runner={"hand": ["burner"]})  # fmt: skip
    g = r.game
    assert [c.id for c in g.corp.deck] == ["hb_quarterly_review", "neutral_emergency_audit", "jinteki_quiet_harvest"]
    assert [c.id for c in g.corp.hand] == ["nbn_ad_revenue_share"] and not [e for e in events(r, "access") if "card" in e]


def test_capybara_derezzes_bypassed_ice() -> None:
    r = play(MORE, ["run:hq", "yes", "capybara: pass_ice", "yes", "continue"], corp=HQ_WALL,
             runner={"rig": [{"card": "capybara"}, {"card": "curupira", "counters": {"power": 3}}]})  # fmt: skip
    g = r.game
    assert not g.servers["hq"].ice[0].rezzed and "capybara" in [c.id for c in g.removed] and g.run_history[-1][2]


def test_cataloguer_orders_the_top_of_rnd_instead_of_breaching() -> None:
    deck = ["hb_quarterly_review", "jinteki_quiet_harvest", "nbn_ad_revenue_share", "neutral_emergency_audit", "weyland_cargo_dividend"]
    r = play(MORE, ["run:rnd", "continue", "yes", "neutral_emergency_audit", "hb_quarterly_review",
                    "nbn_ad_revenue_share"], corp={"deck": deck},
             runner={"rig": [{"card": "cataloguer", "counters": {"power": 2}}]})  # fmt: skip
    g = r.game
    top = [c.id for c in reversed(g.corp.deck)]
    assert top == ["neutral_emergency_audit", "hb_quarterly_review", "nbn_ad_revenue_share", "jinteki_quiet_harvest",
                   "weyland_cargo_dividend"]  # fmt: skip
    assert rig(r, "cataloguer").counters == {"power": 1} and not [e for e in events(r, "access") if "card" in e]


def test_debbie_collects_credits_and_spends_them_in_her_run() -> None:
    corp = {"score_area": FOUR_POINTS, "hand": OPS,
            "servers": {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}}  # fmt: skip
    r = play(MORE, ["install:debbie_downtown_moreira", "play:lobby_crash"], corp=corp,
             runner={"hand": ["debbie_downtown_moreira", "lobby_crash"], "credits": 3})  # fmt: skip
    assert rig(r, "debbie_downtown_moreira").credits == 3  # 2 on install under threat, 1 for the run event
    r2 = play(MORE, ["use:debbie_downtown_moreira/2", "hq", "break:cog_key/0", "continue"], corp=corp,
              runner={"rig": [{"card": "debbie_downtown_moreira", "credits": 1}, {"card": "cog_key"}], "credits": 0})  # fmt: skip
    g = r2.game
    assert g.run_history[-1][2] and rig(r2, "debbie_downtown_moreira").credits == 0


def test_eru_runs_archives_for_a_tag_and_breaches_rnd_with_more_under_threat() -> None:
    r = play(MORE, ["use:eru_ayase_pessoa/0", "continue"], corp={"deck": OPS, "score_area": ["nbn_total_coverage"]},
             runner={"rig": [{"card": "eru_ayase_pessoa"}]})  # fmt: skip
    g = r.game
    accessed = [e for e in events(r, "access") if "card" in e]
    assert [e["server"] for e in accessed] == ["rnd", "rnd"] and g.runner.tags == 1
    assert "use:eru_ayase_pessoa/0" not in loose(r)
    calm = play(MORE, ["use:eru_ayase_pessoa/0", "continue"], corp={"deck": OPS},
                runner={"rig": [{"card": "eru_ayase_pessoa"}]})  # fmt: skip
    assert len([e for e in events(calm, "access") if "card" in e]) == 1


def test_heliamphora_makes_a_purge_cost_two_hq_cards() -> None:
    r = play(MORE, ["purge"], active="corp", corp={"hand": OPS}, runner={"rig": [{"card": "heliamphora"}]})
    g = r.game
    assert len(g.corp.hand) == 1 and len(g.corp.discard) == 2 and card_in(r, g.runner.discard, "heliamphora")


def test_laser_pointer_bypasses_ap_ice_only() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}
    r = play(MORE, ["run:hq", "yes", "continue"], corp=corp, runner={"rig": [{"card": "laser_pointer"}]})
    g = r.game
    assert g.run_history[-1][2] and card_in(r, g.runner.discard, "laser_pointer") is not None
    r2 = play(MORE, ["run:hq"], corp=HQ_WALL, runner={"rig": [{"card": "laser_pointer"}]})
    assert rig(r2, "laser_pointer") is not None and r2.game.runner.clicks == 3  # the wall ended the run


def test_malandragem_spends_counters_on_weak_ice_and_leaves_the_game() -> None:
    r = play(MORE, ["install:malandragem", "run:hq", "yes", "continue"], corp=HQ_WALL,
             runner={"hand": ["malandragem"]})  # fmt: skip
    assert rig(r, "malandragem").counters == {"power": 1} and r.game.run_history[-1][2]
    again = play(MORE, ["run:hq", "yes", "continue"], corp=HQ_WALL,
                 runner={"rig": [{"card": "malandragem", "counters": {"power": 1}}]})  # fmt: skip
    assert rig(again, "malandragem") is None  # laid out with its counter, loaded: it empties and leaves the game
    assert "malandragem" in [c.id for c in again.game.removed]
    strong = {"hand": OPS, "score_area": FOUR_POINTS,
              "servers": {"hq": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True}]}}}  # fmt: skip
    r3 = play(MORE, ["install:malandragem", "run:hq", "yes", "continue"], corp=strong, runner={"hand": ["malandragem"]})
    assert "malandragem" in [c.id for c in r3.game.removed] and r3.game.run_history[-1][2]


def test_malandragem_leaves_the_game_once_empty() -> None:
    r = play(MORE, ["install:malandragem", "run:hq", "yes", "continue"], corp=HQ_WALL, runner={"hand": ["malandragem"]})
    r.game.add_counters(rig(r, "malandragem"), "power", -1)
    assert "malandragem" in [c.id for c in r.game.removed] and not r.game.runner.discard


def test_monkeywrench_weakens_its_ice_and_the_rest_of_the_server() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "weyland_slag_rampart", "rezzed": True},
                                       {"card": "hb_archivist_mk2", "rezzed": True}]},
                        "rnd": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}  # fmt: skip
    r = play(MORE, ["install:monkeywrench", "weyland_slag_rampart"], corp=corp, runner={"hand": ["monkeywrench"]})
    g = r.game
    rampart, archivist = g.servers["hq"].ice
    assert (g.strength_of(rampart), g.strength_of(archivist), g.strength_of(g.servers["rnd"].ice[0])) == (3, 3, 2)


def test_physarum_bypasses_its_host_for_a_credit_per_subroutine_and_dies_to_a_purge() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}
    r = play(MORE, ["install:physarum_entangler", "run:hq", "yes", "continue"], corp=corp,
             runner={"hand": ["physarum_entangler"]})  # fmt: skip
    g = r.game
    assert g.runner.credits == 3 and g.run_history[-1][2] and g.runner.clicks == 2
    r2 = play(MORE, ["purge"], active="corp", runner={"rig": [{"card": "physarum_entangler"}]})
    assert card_in(r2, r2.game.runner.discard, "physarum_entangler") is not None


def test_privileged_access_trades_the_breach_for_a_tag_and_heap_installs() -> None:
    r = play(MORE, ["play:privileged_access", "continue", "dockside_tipster", "gray_rat"],
             corp={"score_area": ["nbn_total_coverage"], "discard": ["nbn_total_coverage"]},
             runner={"hand": ["privileged_access"], "discard": ["dockside_tipster", "gray_rat"]})  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and rig(r, "dockside_tipster") and rig(r, "gray_rat")
    assert g.runner.credits == 2 and not g.runner.score_area  # 5 - 1 - 2; nothing accessed in Archives
    tagged = play(MORE, [], runner={"hand": ["privileged_access"], "tags": 1})
    assert "play:privileged_access" not in loose(tagged)


def test_s_dobrado_bypasses_the_first_ice_and_a_click_the_second_under_threat() -> None:
    two = {"hand": OPS, "score_area": FOUR_POINTS,
           "servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True},
                                      {"card": "neutral_plywood_screen", "rezzed": True}]}}}  # fmt: skip
    r = play(MORE, ["play:s_dobrado", "hq", "continue", "yes", "continue"], corp=two, runner={"hand": ["s_dobrado"]})
    g = r.game
    assert g.run_history[-1][2] and len(events(r, "bypass")) == 2 and g.runner.clicks == 2
    calm = play(MORE, ["play:s_dobrado", "hq", "continue"], corp={**two, "score_area": []}, runner={"hand": ["s_dobrado"]})
    assert not calm.game.run_history[-1][2] and len(events(calm, "bypass")) == 1


def test_solidarity_badge_charges_on_the_first_trash_and_pays_out_at_the_turn_start() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]},
                        "remote2": {"root": [{"card": "nbn_press_office"}]}}}  # fmt: skip
    r = play(MORE, ["run:remote1", "continue", "done", "trash:nbn_billboard_network", "run:remote2", "continue",
                    "done", "trash:nbn_press_office"], corp=corp, runner={"rig": [{"card": "solidarity_badge"}], "credits": 9})  # fmt: skip
    assert rig(r, "solidarity_badge").counters == {"power": 1}
    r2 = play(MORE, ["solidarity_badge: your_turn_start", "tag"], active="corp", corp={"clicks": 0},
              runner={"rig": [{"card": "solidarity_badge", "counters": {"power": 1}}], "tags": 1})  # fmt: skip
    assert r2.game.runner.tags == 0 and rig(r2, "solidarity_badge").counters == {}


def test_spree_moves_a_trojan_onto_the_ice_of_the_server_run() -> None:
    corp = {"hand": OPS, "servers": {"rnd": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]},
                                     "hq": {"ice": [{"card": "hb_archivist_mk2", "rezzed": True}]}}}  # fmt: skip
    r = play(MORE, ["install:slap_vandal", "hb_lattice_gate", "play:spree", "hq", "use:spree/1"], corp=corp,
             runner={"hand": ["slap_vandal", "spree"]})  # fmt: skip
    vandal = rig(r, "slap_vandal")
    assert vandal.host.id == "hb_archivist_mk2"
    spree = next(c for c in r.game.in_play if c.id == "spree")
    assert spree.counters == {"power": 2}


def test_trick_shot_pays_during_runs_accesses_more_and_runs_a_remote() -> None:
    corp = {"deck": OPS, "servers": {"rnd": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]},
                                     "remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}}  # fmt: skip
    r = play(MORE, ["play:trick_shot", "break:cog_key/0", "continue", "yes", "continue"], corp=corp,
             runner={"hand": ["trick_shot"], "rig": [{"card": "cog_key"}], "credits": 1})  # fmt: skip
    g = r.game
    assert len([e for e in events(r, "access") if e.get("server") == "rnd" and "card" in e]) == 2
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"] and g.runner.credits == 0


def test_urban_art_returns_a_trojan_for_credits_that_pay_installs() -> None:
    corp = {"clicks": 0, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}]}}}
    runner = {"rig": [{"card": "urban_art_vernissage"}, {"card": "slap_vandal"}], "credits": 0}
    r = play(MORE, ["urban_art_vernissage: your_turn_start", "slap_vandal", "install:slap_vandal"], active="corp",
             corp=corp, runner=runner)  # fmt: skip
    g = r.game
    vandal = rig(r, "slap_vandal")
    assert vandal is not None and vandal.host.id == "hb_lattice_gate" and g.runner.credits == 1  # the identity's 1
    assert rig(r, "urban_art_vernissage").credits == 1  # 2 placed, 1 paid for the install


def test_window_of_opportunity_installs_and_derezzes_for_the_run() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}}
    r = play(MORE, ["play:window_of_opportunity", "sleeve_blade", "hq", "done", "continue", "yes"], corp=corp,
             runner={"hand": ["window_of_opportunity", "sleeve_blade"]})  # fmt: skip
    g = r.game
    assert rig(r, "sleeve_blade") is not None and g.run_history[-1][2] and g.servers["hq"].ice[0].rezzed
    r2 = play(MORE, ["play:window_of_opportunity", "done", "hq", "done", "continue", "no"], corp=corp,
              runner={"hand": ["window_of_opportunity", "sleeve_blade"]})  # fmt: skip
    assert not r2.game.servers["hq"].ice[0].rezzed


def test_eye_for_an_eye_trashes_an_accessed_agenda_for_a_grip_card() -> None:
    r = play(RECORDS, ["play:eye_for_an_eye", "continue", "yes"], corp={"hand": ["neutral_pilot_scheme"]},
             runner={"hand": ["eye_for_an_eye", "light_fingers"]})  # fmt: skip
    g = r.game
    assert not g.runner.score_area and card_in(r, g.corp.discard, "neutral_pilot_scheme") is not None
    assert sorted(c.id for c in g.runner.discard) == ["eye_for_an_eye", "light_fingers"] and g.runner.tags == 1
    later = play(RECORDS, ["run:hq", "continue"], corp={"hand": ["neutral_pilot_scheme"]},
                 runner={"hand": ["light_fingers"], "discard": ["eye_for_an_eye"]})  # fmt: skip
    assert [c.id for c in later.game.runner.score_area] == ["neutral_pilot_scheme"]  # only in its own run


def test_valentina_gains_a_credit_whenever_tags_are_removed() -> None:
    r = play(RECORDS, ["remove_tag"], runner={"rig": [{"card": "valentina_ferreira_carvalho"}], "tags": 2})
    assert (r.game.runner.tags, r.game.runner.credits) == (1, 4)  # 5 - 2 for the action + 1


# ---------------------------------------------------------------- the third pass


BANNER = card(
    "banner",
    "program",
    ["Interface → 2[credit]: until this encounter is over, nothing the barrier you face does can end the run."],
    subtypes=["icebreaker", "fracter", "weapon"], cost=4, strength=5, memory_cost=1, faction="anarch",
)  # fmt: skip
SACI = card(
    "saci",
    "program",
    ["Goes on a piece of ice only.",
     "Each time its ice is rezzed or turned face down again, take 3[credit]."],  # fmt: skip
    subtypes=["trojan"], cost=1, memory_cost=1, faction="criminal",
)  # fmt: skip
BOI_TATA = card(
    "boi_tata",
    "program",
    ["Once you have trashed an installed card of yours this turn, this program's paid abilities are 1[credit] "
     "cheaper.",
     "Interface → 2[credit]: Break up to 2 <strong>sentry</strong> subroutines.",
     "3[credit]: +3 strength."],  # fmt: skip
    subtypes=["icebreaker", "killer"], cost=3, strength=1, memory_cost=1, faction="anarch",
)  # fmt: skip
JEITINHO = card(
    "jeitinho",
    "hardware",
    ["As your turn ends, with successful runs on HQ, R&D and Archives behind you this turn, you may move this to "
     "your score area as a 0-point assassination agenda; holding 3 assassination agendas there wins you the game.",
     f"Threat 3 → Bypassing ice, you may spend [click] to install this from your heap. {THREAT.format(n=3)}"],  # fmt: skip
    subtypes=["weapon"], cost=1, unique=True, faction="criminal",
)  # fmt: skip
THIRD = [BANNER, SACI, BOI_TATA, JEITINHO]
ALL = [*MORE, *THIRD]


def test_the_third_pass_readings() -> None:
    for fixture in (BANNER, SACI, BOI_TATA, CATALOGUER, HELIAMPHORA, JULI):
        assert fixture.reading.status == "executable", fixture.id
    assert BOI_TATA.reading.scripted == [0, 1, 2] and BOI_TATA.reading.read == []
    assert AIRBLADEX.reading.scripted == [0, 1] and JEITINHO.reading.scripted == [0, 1]
    assert JEITINHO.reading.status == "executable"


def test_airbladex_prevents_net_damage_during_a_run() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}
    runner = {"rig": [{"card": "airbladex_jsrf_ed", "counters": {"power": 3}}], "hand": ["light_fingers"] * 3}
    r = play(ALL, ["run:hq", "use:airbladex_jsrf_ed/2", "use:airbladex_jsrf_ed/2", "continue"], corp=corp,
             runner=runner)  # fmt: skip
    g = r.game
    assert len(g.runner.hand) == 3 and rig(r, "airbladex_jsrf_ed").counters == {"power": 1} and g.run_history[-1][2]
    r = play(ALL, ["run:hq", "use:airbladex_jsrf_ed/2", "done", "continue"], corp=corp, runner=runner)
    assert len(r.game.runner.hand) == 2  # one prevented, one taken
    kaori = {"clicks": 0, "deck": OPS, "servers": {"remote1": {"root": [{"card": "jinteki_elder_kaori", "rezzed": True}]}}}
    r = play(ALL, [], active="corp", corp=kaori, runner=runner)
    assert len(r.game.runner.hand) == 2 and r.game.active == "runner"  # no run: nothing offered against it


def test_cataloguer_breaches_rnd_again_for_a_click_and_a_counter() -> None:
    deck = ["neutral_pilot_scheme", "hb_quarterly_review"]
    runner = {"hand": ["cataloguer"]}
    r = play(ALL, ["install:cataloguer", "run:rnd", "continue", "no", "use:cataloguer/3"], corp={"deck": deck},
             runner=runner)  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["neutral_pilot_scheme"]  # the breach accessed the top card
    assert rig(r, "cataloguer").counters == {"power": 1} and g.current_run is None and g.runner.clicks == 1
    r = play(ALL, ["install:cataloguer"], corp={"deck": deck}, runner=runner)
    assert "use:cataloguer/3" not in loose(r)  # no successful R&D run yet this turn


def test_heliamphora_hosts_a_card_of_archives_instead_of_its_access() -> None:
    corp = {"discard": ["neutral_pilot_scheme"], "discard_facedown": ["hb_quarterly_review"]}
    runner = {"rig": [{"card": "heliamphora"}]}
    r = play(ALL, ["run:archives", "continue", "neutral_pilot_scheme"], corp=corp, runner=runner)
    g = r.game
    helia = rig(r, "heliamphora")
    assert [c.id for c in helia.hosted] == ["neutral_pilot_scheme"] and not g.runner.score_area
    assert [e["card"] for e in events(r, "access") if "card" in e] == [str(g.corp.discard[0])]
    options = play(ALL, ["run:archives", "continue"], corp=corp, runner=runner).pending.options
    assert any(o.label.startswith("facedown#") for o in options)  # the face-down card is not named


def test_juli_gives_a_click_for_the_first_action_on_a_resource_each_turn() -> None:
    runner = {"rig": [{"card": "juli_moreira_lee", "counters": {"power": 4}}, {"card": "garage_lab"}], "credits": 0}
    r = play(ALL, ["use:garage_lab/0", "use:garage_lab/0"], runner=runner)
    g = r.game
    assert g.runner.clicks == 3 and g.runner.credits == 4  # 4 - 1 + 1 - 1
    assert rig(r, "juli_moreira_lee").counters == {"power": 3}


def test_banner_keeps_a_barrier_from_ending_the_run() -> None:
    r = play(ALL, ["run:hq", "use:banner/0", "continue"], corp=HQ_WALL, runner={"rig": [{"card": "banner"}],
                                                                              "credits": 2})  # fmt: skip
    g = r.game
    assert g.run_history[-1][2] and g.runner.credits == 0 and events(r, "subroutine")
    assert not g.lasting
    r = play(ALL, ["run:hq", "done"], corp=HQ_WALL, runner={"rig": [{"card": "banner"}], "credits": 2})
    assert r.game.run_history[-1][2] is False


def test_saci_pays_when_its_ice_is_rezzed_or_derezzed() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "neutral_checksum_gate"}]}}}
    r = play(ALL, ["install:saci", "run:hq", "rez:neutral_checksum_gate"], corp=corp, runner={"hand": ["saci"]})
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.runner.credits == 7  # 5 - 1 + 3
    rezzed = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}}
    r = play(ALL, ["install:saci", "play:window_of_opportunity", "hq", "done", "continue", "yes"], corp=rezzed,
             runner={"hand": ["saci", "window_of_opportunity"]})  # fmt: skip
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.runner.credits == 9  # 5 - 1 - 1 + 3 (derezzed) + 3 (rezzed again)


def test_boi_tata_costs_less_after_trashing_an_installed_card() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}
    r = play(ALL, ["run:hq", "use:boi_tata/1", "continue"], corp=corp,
             runner={"rig": [{"card": "boi_tata"}], "credits": 2})  # fmt: skip
    assert r.game.run_history[-1][2] and r.game.runner.credits == 0 and len(events(r, "break")) == 1
    r = play(ALL, ["use:overdrive_cell/0", "run:hq", "use:boi_tata/1", "continue"], corp=corp,
             runner={"rig": [{"card": "boi_tata"}, {"card": "overdrive_cell"}], "credits": 2})  # fmt: skip
    assert r.game.run_history[-1][2] and r.game.runner.credits == 1
    r = play(ALL, ["use:overdrive_cell/0", "install:boi_tata", "run:hq", "use:boi_tata/1", "continue"], corp=corp,
             runner={"rig": [{"card": "overdrive_cell"}], "hand": ["boi_tata"], "credits": 4})  # fmt: skip
    assert r.game.run_history[-1][2] and r.game.runner.credits == 0  # 4 - 3 - 1: trashed before it was installed


def test_jeitinho_joins_the_score_area_after_three_central_runs() -> None:
    runs = ["run:hq", "continue", "run:rnd", "continue", "run:archives", "continue"]
    runner = {"rig": [{"card": "jeitinho"}], "clicks": 3, "identity": "ada_voss_tinker"}
    r = play(ALL, [*runs, "yes"], corp={"hand": OPS, "deck": OPS}, runner=runner)
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["jeitinho"] and g.runner.rig == [] and g.winner is None
    assert "assassination" in g.runner.score_area[0].subtypes and g.agenda_points("runner") == 0
    r = play(ALL, runs[:4], corp={"hand": OPS, "deck": OPS}, runner={**runner, "clicks": 2})
    assert rig(r, "jeitinho") is not None and not r.game.runner.score_area


def test_three_assassination_agendas_win_the_game() -> None:
    from toolkit.engine.netrunner.decisions import Stepper
    from toolkit.engine.netrunner.scenario import set_up
    from toolkit.models.scenario import Scenario

    data = {"game": "netrunner", "name": "jeitinho", "active": "runner",
            "corp": {"identity": "weyland_iron_ledger", "hand": OPS, "deck": OPS},
            "runner": {"identity": "ada_voss_tinker", "rig": [{"card": "jeitinho"}], "clicks": 3}}  # fmt: skip
    g = set_up(ALL, Scenario.model_validate(data))
    for _ in range(2):  # two earlier copies in the score area
        earlier = g.new_card("jeitinho", "runner")
        earlier.gained_subtypes.append("assassination")
        g.runner.score_area.append(earlier)
    g.replay.extend(["run:hq", "continue", "run:rnd", "continue", "run:archives", "continue", "yes"])
    Stepper(g, lambda: g.play_game(10, resume=True)).start()
    assert g.winner == "runner" and len(g.runner.score_area) == 3


# ---------------------------------------------------------------- the fourth pass

STRIKE_FUND = card(
    "strike_fund",
    "event",
    ["Gain 4[credit].", "Should this event be trashed out of your grip or stack, you may take 2[credit]."],
    cost=2, faction="anarch",
)  # fmt: skip
FOURTH = [STRIKE_FUND]
EVERY = [*ALL, *FOURTH]


def test_the_fourth_pass_readings() -> None:
    assert STRIKE_FUND.reading.status == "executable" and STRIKE_FUND.reading.read == [0]


def test_strike_fund_trashed_from_the_grip_by_damage_may_pay_2() -> None:
    corp = {"hand": OPS, "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}
    r = play(EVERY, ["run:hq", "yes", "continue"], corp=corp, runner={"hand": ["strike_fund", "spark_of_insight"]})
    g = r.game
    assert sorted(c.id for c in g.runner.discard) == ["spark_of_insight", "strike_fund"] and g.runner.credits == 7
    r = play(EVERY, ["play:strike_fund"], runner={"hand": ["strike_fund"]})
    assert r.game.runner.credits == 5 - 2 + 4  # played, it goes to the heap without being trashed from the grip


def test_jeitinho_comes_back_from_the_heap_for_a_click_when_ice_is_bypassed_at_threat_3() -> None:
    corp = {"hand": OPS, "score_area": ["hb_endless_shift"],
            "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}  # fmt: skip
    runner = {"identity": "ada_voss_tinker", "discard": ["jeitinho"], "rig": [{"card": "laser_pointer"}], "clicks": 2}
    r = play(EVERY, ["run:hq", "yes", "yes", "continue"], corp=corp, runner=runner)
    g = r.game
    assert rig(r, "jeitinho") is not None and g.runner.clicks == 0 and g.runner.credits == 5 - 1
    assert [c.id for c in g.runner.discard] == ["laser_pointer"]
    r = play(EVERY, ["run:hq", "yes"], corp={**corp, "score_area": []}, runner=runner)
    assert r.pending.kind == "jack_out" and [c.id for c in r.game.runner.discard] == ["jeitinho", "laser_pointer"]


# ---------------------------------------------------------------- the fifth pass


def _trash_resource(resource: str, runner: dict[str, Any], *paid: str, **corp: Any) -> Any:
    """The corp's basic action of trashing ``resource`` (the runner tagged; the corp has 2 cards in HQ), ``paid``
    naming the cards of HQ chosen for extra costs."""
    layout = {"clicks": 1, "credits": 5, "hand": ["hb_quarterly_review", "jinteki_quiet_harvest"], **corp}
    return play(EVERY, [f"trash_resource:{resource}", *paid], active="corp", corp=layout,
                runner={"tags": 1, **runner})  # fmt: skip


def test_manuel_costs_the_corp_a_card_of_hq_to_trash_at_threat_3() -> None:
    manuel = {"rig": [{"card": "manuel_lattes_de_moura"}]}
    r = _trash_resource("manuel_lattes_de_moura", manuel, "hb_quarterly_review", score_area=["nbn_total_coverage"])
    g = r.game
    assert [c.id for c in g.runner.discard] == ["manuel_lattes_de_moura"] and g.corp.credits == 3
    assert [c.id for c in g.corp.discard] == ["hb_quarterly_review"] and len(g.corp.hand) == 1
    assert not g.corp.discard[0].faceup  # trashed from HQ: face down
    r = _trash_resource("manuel_lattes_de_moura", manuel)  # no threat: no extra cost
    assert rig(r, "manuel_lattes_de_moura") is None and not r.game.corp.discard and len(r.game.corp.hand) == 2
    r = play(EVERY, [], active="corp", corp={"clicks": 1, "score_area": ["nbn_total_coverage"]},
             runner={"tags": 1, **manuel})  # fmt: skip
    assert "trash_resource:manuel_lattes_de_moura" not in loose(r)  # HQ is empty: the cost cannot be paid


def test_sebastiao_costs_the_corp_a_card_of_hq_to_trash_a_connection() -> None:
    runner = {"identity": "sebastiao_souza_pessoa_activist_organizer",
              "rig": [{"card": "dockside_tipster"}, {"card": "garage_lab"}]}  # fmt: skip
    r = _trash_resource("dockside_tipster", runner, "hb_quarterly_review")
    g = r.game
    assert rig(r, "dockside_tipster") is None and [c.id for c in g.corp.discard] == ["hb_quarterly_review"]
    r = _trash_resource("garage_lab", runner)  # a location: no extra cost
    assert rig(r, "garage_lab") is None and not r.game.corp.discard and len(r.game.corp.hand) == 2
    r = play(EVERY, [], active="corp", corp={"clicks": 1}, runner={"tags": 1, **runner})
    assert "trash_resource:dockside_tipster" not in loose(r) and "trash_resource:garage_lab" in loose(r)
    both = {**runner, "rig": [{"card": "manuel_lattes_de_moura"}]}  # a connection under threat: both costs apply
    r = _trash_resource("manuel_lattes_de_moura", both, "hb_quarterly_review", score_area=["nbn_total_coverage"])
    assert rig(r, "manuel_lattes_de_moura") is None and len(r.game.corp.discard) == 2 and not r.game.corp.hand
