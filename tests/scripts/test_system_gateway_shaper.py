"""The System Gateway Shaper and neutral runner card scripts, each played through a scenario that checks
what changes."""

from __future__ import annotations

from typing import Any

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import bundled, card, card_in, events, labels, play

CREATIVE = card("creative_commission", "event", ["Take 5[credit]; a runner with clicks left gives up one [click]."],
                cost=1, faction="shaper")  # fmt: skip
VRCATION = card("vrcation", "event", ["Draw four cards; a runner with clicks left gives up one [click]."],
                cost=1, faction="shaper")  # fmt: skip
JAILBREAK = card("jailbreak", "event", ["Run HQ or R&D; on success draw a card and access one more card there."],
                 cost=0, subtypes=["run"])  # fmt: skip
CONDUIT = card(
    "conduit",
    "program",
    ["After a successful R&D run is over, you may add a virus counter here.",
     "[click]: Run R&D; on success access one more card there per virus counter here."],  # fmt: skip
    cost=4,
    memory_cost=1,
    subtypes=["virus"],
    faction="shaper",
)
ECHELON = card(
    "echelon",
    "program",
    ["Stronger by one for every installed icebreaker, counting itself.",
     "Interface → 1[credit]: Break 1 sentry subroutine.",
     "3[credit]: +2 strength."],  # fmt: skip
    cost=3,
    strength=0,
    memory_cost=1,
    subtypes=["icebreaker", "killer"],
    faction="shaper",
)
UNITY = card(
    "unity",
    "program",
    ["Interface → 1[credit]: Break 1 code gate subroutine.",
     "1[credit]: stronger by one per installed icebreaker (itself too)."],  # fmt: skip
    cost=3,
    strength=1,
    memory_cost=1,
    subtypes=["icebreaker", "decoder"],
    faction="shaper",
)
MAYFLY = card(
    "mayfly",
    "program",
    ["Interface, 1[credit]: break a subroutine of any kind; the program goes to the heap after this run.",
     "1[credit]: +1 strength."],  # fmt: skip
    cost=1,
    strength=1,
    memory_cost=2,
    subtypes=["icebreaker", "ai"],
)
DZMZ = card("dzmz_optimizer", "hardware", ["+1[mu]", "Each turn your first program install is 1[credit] cheaper."],
            cost=2, faction="shaper")  # fmt: skip
PANTOGRAPH = card(
    "pantograph",
    "hardware",
    ["+1[mu]",
     "Each time the Corp scores or you steal an agenda: take 1[credit], then you may install a card from your grip.",
     "Only one console may be installed at a time."],  # fmt: skip
    cost=2,
    unique=True,
    subtypes=["console"],
    faction="shaper",
)
TELEWORK = card(
    "telework_contract",
    "resource",
    ["Installing it puts 9[credit] on it; once it holds none, it is trashed.",
     "One use per turn, [click]: move 3[credit] from it to your pool."],  # fmt: skip
    cost=1,
    subtypes=["job"],
    faction="shaper",
)


def _identity(card_id: str, english: list[str], **fields: Any) -> Any:
    reading = read_card(english, "identity", card_id=card_id)
    data = {
        "id": card_id,
        "kind": "identity",
        "game": "netrunner",
        "side": "runner",
        "set": "dossier_demo",
        "name": {"zh-Hans": card_id, "en": card_id},
        "text": reading.texts(),
        "printed_text": {"en": english},
        "reading": reading.record(),
        **fields,
    }
    return RECORD_ADAPTER.validate_python(data)


TAO = _identity(
    "tao_salonga_telepresence_magician",
    ["Each time an agenda is scored or stolen, you may exchange the places of two installed pieces of ice."],
    faction="shaper",
    min_deck_size=45,
    influence_limit=15,
    base_link=0,
    subtypes=["natural"],
)
MINE = [CREATIVE, VRCATION, JAILBREAK, CONDUIT, ECHELON, UNITY, MAYFLY, DZMZ, PANTOGRAPH, TELEWORK, TAO]
RECORDS = [*bundled(), *MINE]
OPS = ["jinteki_quiet_harvest", "nbn_ad_revenue_share", "neutral_emergency_audit", "weyland_cargo_dividend"]


def _rig(r: Any, card_id: str) -> Any:
    return card_in(r, r.game.runner.rig, card_id)


def test_every_fixture_is_executable_and_keeps_template_paragraphs() -> None:
    assert all(f.reading.status == "executable" for f in MINE)
    assert ECHELON.reading.scripted == [0] and ECHELON.reading.read == [1, 2]
    assert UNITY.reading.scripted == [1] and UNITY.reading.read == [0]
    assert MAYFLY.reading.scripted == [0] and MAYFLY.reading.read == [1]
    assert DZMZ.reading.read == [0] and PANTOGRAPH.reading.read == [0] and PANTOGRAPH.reading.scripted == [1, 2]


def test_creative_commission_gains_five_and_takes_a_click_only_when_one_is_left() -> None:
    r = play(RECORDS, ["play:creative_commission"], runner={"hand": ["creative_commission"], "clicks": 3})
    assert r.game.runner.credits == 9 and r.game.runner.clicks == 1  # 5 - 1 + 5; one click played, one lost
    r = play(RECORDS, ["play:creative_commission"], runner={"hand": ["creative_commission"], "clicks": 1},
             corp={"deck": OPS})  # fmt: skip
    assert r.game.runner.credits == 9
    assert not [e for e in events(r, "clicks") if e.get("side") == "runner" and "reason" not in e]  # no click lost


def test_vrcation_draws_four_and_takes_a_click() -> None:
    deck = ["light_fingers", "spark_of_insight", "gray_rat", "sleeve_blade", "rust_yard"]
    r = play(RECORDS, ["play:vrcation"], runner={"hand": ["vrcation"], "deck": deck, "clicks": 3})
    g = r.game
    assert len(g.runner.hand) == 4 and len(g.runner.deck) == 1
    assert g.runner.clicks == 1 and g.runner.credits == 4


def test_jailbreak_draws_and_accesses_one_more_card_from_the_chosen_server() -> None:
    r = play(RECORDS, ["play:jailbreak", "rnd", "continue"],
             runner={"hand": ["jailbreak"], "deck": ["light_fingers"], "clicks": 3}, corp={"deck": OPS})  # fmt: skip
    assert [c.id for c in r.game.runner.hand] == ["light_fingers"]
    assert len([e for e in events(r, "access") if e.get("card")]) == 2
    r = play(RECORDS, ["play:jailbreak", "hq", "continue"],
             runner={"hand": ["jailbreak"], "deck": ["light_fingers"], "clicks": 3}, corp={"hand": OPS})  # fmt: skip
    assert len([e for e in events(r, "access") if e.get("card")]) == 2 and len(r.game.runner.hand) == 1


def test_jailbreak_that_fails_draws_nothing() -> None:
    corp = {"deck": OPS, "servers": {"rnd": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True}]}}}
    r = play(RECORDS, ["play:jailbreak", "rnd"],
             runner={"hand": ["jailbreak"], "deck": ["light_fingers"], "clicks": 3}, corp=corp)  # fmt: skip
    assert r.game.runner.hand == [] and not [e for e in events(r, "access") if e.get("card")]


def test_conduit_runs_rnd_accessing_more_per_counter_then_may_add_one() -> None:
    r = play(RECORDS, ["use:conduit/1", "continue", "yes"],
             runner={"rig": [{"card": "conduit", "counters": {"virus": 2}}], "clicks": 3}, corp={"deck": OPS})  # fmt: skip
    assert len([e for e in events(r, "access") if e.get("card")]) == 3
    assert _rig(r, "conduit").counters["virus"] == 3
    assert r.game.runner.clicks == 2


def test_conduit_adds_nothing_after_other_runs_or_when_declined() -> None:
    r = play(RECORDS, ["run:hq", "continue"], runner={"rig": [{"card": "conduit"}], "clicks": 3},
             corp={"hand": OPS})  # fmt: skip
    assert "yes" not in labels(r) and not _rig(r, "conduit").counters
    r = play(RECORDS, ["run:rnd", "continue", "no"], runner={"rig": [{"card": "conduit"}], "clicks": 3},
             corp={"deck": OPS})  # fmt: skip
    assert not _rig(r, "conduit").counters


def test_echelon_is_stronger_per_installed_icebreaker() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_patrol_script", "rezzed": True}]}}}
    rig = [{"card": "echelon"}, {"card": "gray_rat"}]
    r = play(RECORDS, ["run:hq", "break:echelon/0"], runner={"rig": rig, "clicks": 3}, corp=corp)
    assert r.game.strength_of(_rig(r, "echelon")) == 2
    assert [e["by"] for e in events(r, "break")] == [str(_rig(r, "echelon"))]
    assert r.game.runner.credits == 4
    r = play(RECORDS, ["run:hq"], runner={"rig": [{"card": "echelon"}], "clicks": 3}, corp=corp)
    assert r.game.strength_of(_rig(r, "echelon")) == 1
    assert not any(label.startswith("break:echelon") for label in labels(r))


def test_unity_boosts_by_the_number_of_icebreakers_then_breaks() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_checksum_gate", "rezzed": True}]}}}
    rig = [{"card": "unity"}, {"card": "gray_rat"}]
    r = play(RECORDS, ["run:hq", "use:unity/1", "break:unity/0", "continue"], runner={"rig": rig, "clicks": 3},
             corp=corp)  # fmt: skip
    assert [e["delta"] for e in events(r, "strength")] == [2]
    assert len(events(r, "break")) == 1 and not events(r, "end_run")
    assert r.game.runner.credits == 3  # 1 to boost, 1 to break


def test_mayfly_breaks_any_subroutine_and_is_trashed_when_the_run_ends() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "neutral_plywood_screen", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "use:mayfly/0", "continue"], runner={"rig": [{"card": "mayfly"}], "clicks": 3},
             corp=corp)  # fmt: skip
    g = r.game
    assert len(events(r, "break")) == 1 and not [e for e in events(r, "end_run") if e.get("ended")]
    assert _rig(r, "mayfly") is None and [c.id for c in g.runner.discard] == ["mayfly"]
    assert g.runner.credits == 4


def test_mayfly_unused_stays_installed() -> None:
    r = play(RECORDS, ["run:hq", "continue"], runner={"rig": [{"card": "mayfly"}], "clicks": 3})
    assert _rig(r, "mayfly") is not None


def test_dzmz_makes_only_the_first_program_of_the_turn_cheaper() -> None:
    r = play(RECORDS, ["install:gray_rat", "install:sleeve_blade"],
             runner={"rig": [{"card": "dzmz_optimizer"}], "hand": ["gray_rat", "sleeve_blade"], "clicks": 3})  # fmt: skip
    assert r.game.runner.credits == 2  # 5 - 1 - 2
    r = play(RECORDS, ["install:gray_rat", "install:dzmz_optimizer", "install:sleeve_blade"],
             runner={"hand": ["gray_rat", "dzmz_optimizer", "sleeve_blade"], "credits": 6, "clicks": 4})  # fmt: skip
    assert r.game.runner.credits == 0  # a program came first this turn: no discount
    assert _rig(r, "sleeve_blade") is not None


def test_pantograph_pays_and_installs_when_an_agenda_is_stolen() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "hb_cortex_mapping"}]}}}
    r = play(RECORDS, ["run:remote1", "continue", "yes"],
             runner={"rig": [{"card": "pantograph"}], "hand": ["gray_rat"], "clicks": 3}, corp=corp)  # fmt: skip
    g = r.game
    assert [c.id for c in g.runner.score_area] == ["hb_cortex_mapping"]
    assert _rig(r, "gray_rat") is not None and g.runner.credits == 4  # 5 + 1 - 2


def test_pantograph_pays_when_the_corp_scores_and_the_install_may_be_declined() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "hb_cortex_mapping", "counters": {"advancement": 3}}]}},
            "clicks": 3}  # fmt: skip
    r = play(RECORDS, ["score:hb_cortex_mapping", "no"], active="corp", corp=corp,
             runner={"rig": [{"card": "pantograph"}], "hand": ["gray_rat"]})  # fmt: skip
    assert r.game.runner.credits == 6 and [c.id for c in r.game.runner.hand] == ["gray_rat"]


def test_pantograph_is_not_installed_beside_another_console() -> None:
    r = play(RECORDS, [], runner={"rig": [{"card": "pocket_terminal"}], "hand": ["pantograph"], "clicks": 3})
    assert not any(label.startswith("install:pantograph") for label in labels(r))
    r = play(RECORDS, ["install:pantograph"], runner={"hand": ["pantograph"], "clicks": 3})
    assert _rig(r, "pantograph") is not None and r.game.memory_limit() == 6  # 4 + 1 (identity) + 1


def test_telework_contract_pays_three_once_a_turn_and_is_trashed_when_empty() -> None:
    r = play(RECORDS, ["install:telework_contract", "use:telework_contract/2"],
             runner={"hand": ["telework_contract"], "clicks": 3})  # fmt: skip
    tele = _rig(r, "telework_contract")
    assert tele.credits == 6 and r.game.runner.credits == 7  # 5 - 1 + 3
    assert not any(label.startswith("use:telework_contract") for label in labels(r))
    turn = ["credit"] * 3
    r = play(RECORDS, ["install:telework_contract", "use:telework_contract/2", *turn, "use:telework_contract/2",
                       "credit", "credit", "credit", *turn, "use:telework_contract/2"],
             runner={"hand": ["telework_contract"], "clicks": 2}, corp={"deck": OPS})  # fmt: skip
    assert _rig(r, "telework_contract") is None and events(r, "emptied")
    assert [c.id for c in r.game.runner.discard] == ["telework_contract"]


def test_tao_swaps_two_pieces_of_ice_when_an_agenda_is_scored() -> None:
    corp = {
        "servers": {
            "hq": {"ice": [{"card": "neutral_plywood_screen"}, {"card": "neutral_patrol_script", "rezzed": True}]},
            "rnd": {"ice": [{"card": "hb_lattice_gate"}]},
            "remote1": {"root": [{"card": "hb_cortex_mapping", "counters": {"advancement": 3}}]},
        },
        "clicks": 3,
    }
    runner = {"identity": "tao_salonga_telepresence_magician"}
    # the runner names unrezzed ice by its place only: facedown#<uid> (the plywood screen is #3, the lattice gate #5)
    r = play(RECORDS, ["score:hb_cortex_mapping", "yes", "facedown#3", "facedown#5"],
             active="corp", corp=corp, runner=runner)  # fmt: skip
    g = r.game
    assert [c.id for c in g.servers["hq"].ice] == ["hb_lattice_gate", "neutral_patrol_script"]
    assert [c.id for c in g.servers["rnd"].ice] == ["neutral_plywood_screen"]
    assert len(events(r, "move")) == 2
    r = play(RECORDS, ["score:hb_cortex_mapping", "no"], active="corp", corp=corp, runner=runner)
    assert [c.id for c in r.game.servers["rnd"].ice] == ["hb_lattice_gate"]
