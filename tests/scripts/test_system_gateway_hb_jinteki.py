"""The Haas-Bioroid and Jinteki System Gateway card scripts, each played through a scenario that checks what
changes. The fixtures' paragraphs are our own wording (template-read ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import BASE, bundled, card, card_in, ended, events, ids, play


def identity(card_id: str, english: list[str], faction: str) -> Any:
    """A corp identity fixture of ``card_id`` with our own ``english`` paragraphs, read as the import reads them."""
    reading = read_card(english, "identity", None, card_id=card_id)
    data = {
        **{k: v for k, v in BASE.items() if k not in ("kind", "deck_limit", "unique", "influence")},
        "id": card_id,
        "kind": "identity",
        "side": "corp",
        "faction": faction,
        "subtypes": ["megacorp"],
        "min_deck_size": 45,
        "influence_limit": 15,
        "text": reading.texts(),
        "name": {"zh-Hans": card_id, "en": card_id},
        "printed_text": {"en": english},
        "reading": reading.record(),
    }
    return RECORD_ADAPTER.validate_python(data)


ANOETIC = card("anoetic_void", "upgrade",
               ["When the Runner reaches this server you may spend 2[credit] and bin 2 HQ cards; then the run is over."],
               rez_cost=0, trash_cost=1, unique=True, faction="jinteki")  # fmt: skip
ANSEL = card("ansel_1_0", "ice",
             ["The Runner (only) may give up [click] to break one subroutine here.",
              "[subroutine] One installed Runner card goes to the heap.",
              "[subroutine] Optionally install a card out of HQ or Archives.",
              "[subroutine] Until the run is over the Runner steals and trashes no Corp card."],
             rez_cost=6, strength=4, subtypes=["sentry", "bioroid", "destroyer"], faction="haas_bioroid")  # fmt: skip
BRAN = card("bran_1_0", "ice",
            ["The Runner (only) may give up [click] to break one subroutine here.",
             "[subroutine] Optionally put a piece of ice from HQ or Archives just inside this one, for free.",
             "[subroutine] End the run.", "[subroutine] End the run."],
            rez_cost=6, strength=6, subtypes=["barrier", "bioroid"], faction="haas_bioroid")  # fmt: skip
DIVINER = card("diviner", "ice",
               ["[subroutine] 1 net damage; should the binned card cost an odd amount to play or install, the run ends."],
               rez_cost=2, strength=3, subtypes=["code_gate", "ap"], faction="jinteki")  # fmt: skip
HANSEI = card("hansei_review", "operation", ["Take 10[credit], then bin a card from HQ if HQ is not empty."],
              cost=5, subtypes=["transaction"], faction="jinteki")  # fmt: skip
KARUNA = card("karuna", "ice", ["[subroutine] 2 net damage, after which the Runner can leave the run.",
                                "[subroutine] Do 2 net damage."],
              rez_cost=4, strength=3, subtypes=["sentry", "ap"], faction="jinteki")  # fmt: skip
LONGEVITY = card("longevity_serum", "agenda",
                 ["On scoring, bin as many HQ cards as you like, then put as many as 3 Archives cards back into R&D "
                  "and shuffle.", "Limit 1 per deck."],
                 agenda_points=2, advancement_requirement=3, deck_limit=1, subtypes=["research"],
                 faction="jinteki")  # fmt: skip
LUMINAL = card("luminal_transubstantiation", "agenda",
               ["On scoring: [click][click][click] for you, and no more scoring for you this turn.",
                "Limit 1 per deck."],
               agenda_points=2, advancement_requirement=3, deck_limit=1, subtypes=["research"],
               faction="haas_bioroid")  # fmt: skip
MANEGARM = card("manegarm_skunkworks", "upgrade",
                ["When the Runner reaches this server, the run is over unless they give 2 clicks or 5 credits."],
                rez_cost=2, trash_cost=3, unique=True, faction="haas_bioroid")  # fmt: skip
NEUROSPIKE = card("neurospike", "operation", ["Net damage: one per printed agenda point you scored this turn."],
                  cost=3, subtypes=["gray_ops"], faction="jinteki")  # fmt: skip
NICO = card("nico_campaign", "asset",
            ["Rezzing it loads 9[credit] onto it; once it holds none, bin it and draw a card.",
             "When your turn begins, take 3[credit] from this asset."],
            rez_cost=2, trash_cost=2, subtypes=["advertisement"], faction="haas_bioroid")  # fmt: skip
SEAMLESS = card("seamless_launch", "operation",
                ["2 advancement counters onto one installed card you did not install during this turn."],
                cost=1, faction="haas_bioroid")  # fmt: skip
SPRINT = card("sprint", "operation", ["Three cards drawn, then two HQ cards shuffled back into R&D."],
              cost=0, faction="haas_bioroid")  # fmt: skip
URTICA = card("urtica_cipher", "asset",
              ["You can advance this asset.",
               "Accessed while installed: 2 net damage and 1 more per advancement counter on it."],
              rez_cost=0, trash_cost=2, subtypes=["ambush"], faction="jinteki")  # fmt: skip
PRECISION = identity("haas_bioroid_precision_design",
                     ["You get +1 maximum hand size.",
                      "Each time you score an agenda you may return 1 Archives card to HQ."], "haas_bioroid")  # fmt: skip
RESTORING = identity("jinteki_restoring_humanity",
                     ["After your discard phase, 1[credit] for you if Archives holds a facedown card."],
                     "jinteki")  # fmt: skip

FIXTURES = [ANOETIC, ANSEL, BRAN, DIVINER, HANSEI, KARUNA, LONGEVITY, MANEGARM, NEUROSPIKE, NICO, SEAMLESS,
            SPRINT, URTICA, PRECISION, RESTORING, LUMINAL]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]
GRIP = ["light_fingers", "overnight_takeout", "spark_of_insight", "bench_night", "bin_diving"]


def test_the_readings() -> None:
    for fixture in FIXTURES:
        assert fixture.reading.status == "executable", fixture.id
    assert ANSEL.reading.scripted == [0, 1, 2, 3]
    assert BRAN.reading.scripted == [0, 1] and BRAN.reading.read == [2, 3]
    assert KARUNA.reading.read == [1] and NICO.reading.read == [1] and URTICA.reading.read == [0]
    assert PRECISION.reading.read == [0] and PRECISION.reading.scripted == [1]
    # the limit line is read as the deck-building rule when the import knows the card's deck limit
    assert LONGEVITY.reading.scripted == [0] and LONGEVITY.reading.rules == [1]
    assert LUMINAL.reading.scripted == [0] and LUMINAL.reading.rules == [1]
    english = LONGEVITY.printed_text.en
    assert read_card(english, "agenda", None, card_id="longevity_serum", deck_limit=1).status == "executable"


# ---------------------------------------------------------------- Haas-Bioroid


def test_ansel_click_break_then_install_from_archives() -> None:
    runner = {"rig": [{"card": "garage_lab"}]}
    corp = {"discard": ["neutral_records_vault"],
            "servers": {"hq": {"ice": [{"card": "ansel_1_0", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "clickbreak:ansel_1_0", "sub:1", "done", "neutral_records_vault"], corp=corp,
             runner=runner)  # fmt: skip
    g = r.game
    assert g.runner.clicks == 2  # 4 - 1 (run) - 1 lost to break
    assert ids(g.runner.rig) == ["garage_lab"]  # the trashing subroutine was broken
    assert events(r, "encounter")[0]["subroutines"] == 3
    vault = card_in(r, g.installed("corp"), "neutral_records_vault")
    assert vault is not None and not vault.rezzed and g.corp.discard == []
    # unbroken, the first subroutine trashes the runner's only installed card; the corp declines to install
    r2 = play(RECORDS, ["run:hq", "done"], corp=corp, runner=runner)
    assert r2.game.runner.rig == [] and ids(r2.game.runner.discard) == ["garage_lab"]
    assert r2.game.runner.clicks == 3 and ids(r2.game.corp.discard) == ["neutral_records_vault"]


def test_ansels_last_subroutine_keeps_the_runner_from_stealing_this_run() -> None:
    corp = {"hand": ["neutral_board_resolution"], "servers": {"hq": {"ice": [{"card": "ansel_1_0", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "clickbreak:ansel_1_0", "sub:1", "clickbreak:ansel_1_0", "sub:2", "done",
                       "continue"], corp=corp)  # fmt: skip
    g = r.game
    assert events(r, "steal_forbidden") and g.runner.score_area == [] and ids(g.corp.hand) == ["neutral_board_resolution"]
    assert not g.forbidden("steal")  # lifted when the run ended


def test_bran_installs_ice_inward_and_the_runner_meets_it_next() -> None:
    corp = {"hand": ["neutral_plywood_screen"], "servers": {"hq": {"ice": [{"card": "bran_1_0", "rezzed": True}]}}}
    decisions = ["run:hq", "clickbreak:bran_1_0", "sub:2", "clickbreak:bran_1_0", "sub:3", "done",
                 "neutral_plywood_screen", "continue", "rez:neutral_plywood_screen"]  # fmt: skip
    r = play(RECORDS, decisions, corp=corp)
    g = r.game
    assert ids(g.servers["hq"].ice) == ["neutral_plywood_screen", "bran_1_0"]  # innermost first
    assert g.corp.hand == [] and g.corp.credits == 5  # installed free; plywood rezzes for 0
    assert [e["ice"] for e in events(r, "encounter")] == [str(c) for c in reversed(g.servers["hq"].ice)]
    assert ended(r) and g.runner.clicks == 1  # 4 - 1 (run) - 2 lost to break


def test_manegarm_takes_clicks_or_credits_or_ends_the_run() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "manegarm_skunkworks", "rezzed": True}]}}}
    r = play(RECORDS, ["run:remote1", "continue", "spend"], corp=corp)
    assert r.game.runner.clicks == 1 and r.game.runner.credits == 5 and not ended(r)
    assert events(r, "run_successful")
    r = play(RECORDS, ["run:remote1", "continue", "pay"], corp=corp)
    assert r.game.runner.clicks == 3 and r.game.runner.credits == 0 and not ended(r)
    r = play(RECORDS, ["run:remote1", "continue", "end"], corp=corp)
    assert ended(r) and not events(r, "run_successful") and r.game.runner.credits == 5
    # with neither 2 clicks nor 5 credits there is nothing to choose: the run ends
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp, runner={"credits": 4, "clicks": 2})
    assert ended(r) and r.game.runner.clicks == 1


def test_nico_pays_out_then_is_trashed_and_draws() -> None:
    runner_turn = ["credit"] * 4
    decisions = ["rez:nico_campaign", *runner_turn, *["credit"] * 3, *runner_turn, *["credit"] * 3, *runner_turn]
    deck = ["neutral_plywood_screen", "neutral_checksum_gate", "neutral_patrol_script", "neutral_records_vault",
            "jinteki_quiet_harvest"]  # fmt: skip
    corp = {"clicks": 0, "credits": 2, "deck": deck,
            "servers": {"remote1": {"root": [{"card": "nico_campaign"}]}}}  # fmt: skip
    r = play(RECORDS, decisions, corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.discard) == ["nico_campaign"]
    assert len(g.corp.hand) == 4  # 3 mandatory draws and 1 from the emptied campaign
    assert g.corp.credits == 0 + 9 + 6  # 2 - 2 (rez), 3 x 3 taken, 2 x 3 clicked
    assert events(r, "emptied")


def test_seamless_launch_skips_cards_installed_this_turn() -> None:
    corp = {"hand": ["seamless_launch", "neutral_board_resolution"],
            "servers": {"remote1": {"root": [{"card": "weyland_tripmine_lot"}]}}}  # fmt: skip
    r = play(RECORDS, ["install:neutral_board_resolution@new", "play:seamless_launch"], corp=corp, active="corp")
    g = r.game
    old = card_in(r, g.installed("corp"), "weyland_tripmine_lot")
    new = card_in(r, g.installed("corp"), "neutral_board_resolution")
    assert old.advancement == 2 and new.advancement == 0 and g.corp.credits == 4
    # only a card installed this turn: nothing to target, so the operation cannot be played
    r = play(RECORDS, ["install:neutral_board_resolution@new"], corp={"hand": corp["hand"]}, active="corp")
    assert "play:seamless_launch" not in [o.label.split("#")[0] for o in r.pending.options]


def test_sprint_draws_three_and_returns_two() -> None:
    deck = ["neutral_plywood_screen", "neutral_checksum_gate", "neutral_patrol_script", "neutral_records_vault"]
    corp = {"hand": ["sprint", "jinteki_quiet_harvest"], "deck": deck}
    r = play(RECORDS, ["play:sprint", "jinteki_quiet_harvest", "neutral_plywood_screen"], corp=corp, active="corp")
    g = r.game
    assert sorted(ids(g.corp.hand)) == ["neutral_checksum_gate", "neutral_patrol_script"]
    assert sorted(ids(g.corp.deck)) == ["jinteki_quiet_harvest", "neutral_plywood_screen", "neutral_records_vault"]
    assert events(r, "shuffle")


def test_precision_design_recovers_a_card_when_scoring() -> None:
    corp = {"identity": "haas_bioroid_precision_design", "discard": ["jinteki_quiet_harvest"],
            "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}}  # fmt: skip
    r = play(RECORDS, ["score:neutral_pilot_scheme", "jinteki_quiet_harvest"], corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.hand) == ["jinteki_quiet_harvest"] and g.corp.discard == []
    assert ids(g.corp.score_area) == ["neutral_pilot_scheme"] and g.hand_size("corp") == 6
    r = play(RECORDS, ["score:neutral_pilot_scheme", "done"], corp=corp, active="corp")
    assert r.game.corp.hand == [] and ids(r.game.corp.discard) == ["jinteki_quiet_harvest"]


def test_luminal_transubstantiation_gives_three_clicks_and_stops_scoring_for_the_turn() -> None:
    corp = {"clicks": 1, "servers": {
        "remote1": {"root": [{"card": "luminal_transubstantiation", "counters": {"advancement": 3}}]},
        "remote2": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}}  # fmt: skip
    r = play(RECORDS, ["score:luminal_transubstantiation"], corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.score_area) == ["luminal_transubstantiation"] and g.corp.clicks == 4
    labels = [o.label for o in r.pending.options]
    assert not [label for label in labels if label.startswith("score:")] and "credit" in labels
    # the ban ends with the turn: next turn the other agenda may be scored
    r = play(RECORDS, ["score:luminal_transubstantiation", "credit", "credit", "credit", "credit", "credit",
                       "credit", "credit", "credit", "score:neutral_pilot_scheme"],
             corp={**corp, "deck": ["hb_quarterly_review"] * 3}, runner={"deck": GRIP}, active="corp")  # fmt: skip
    assert ids(r.game.corp.score_area) == ["luminal_transubstantiation", "neutral_pilot_scheme"]


# ---------------------------------------------------------------- Jinteki


def test_anoetic_void_ends_the_run_for_2_credits_and_2_cards() -> None:
    corp = {"hand": ["neutral_plywood_screen", "neutral_checksum_gate", "neutral_patrol_script"],
            "servers": {"hq": {"root": [{"card": "anoetic_void", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:hq", "continue", "yes", "neutral_plywood_screen", "neutral_checksum_gate"], corp=corp)
    g = r.game
    assert ended(r) and not events(r, "access")
    assert g.corp.credits == 3 and ids(g.corp.hand) == ["neutral_patrol_script"]
    assert sorted(ids(g.corp.discard)) == ["neutral_checksum_gate", "neutral_plywood_screen"]
    assert not any(c.faceup for c in g.corp.discard)
    r = play(RECORDS, ["run:hq", "continue", "no", "hq"], corp=corp)
    assert not ended(r) and events(r, "access") and r.game.corp.credits == 5


def test_diviner_ends_the_run_when_the_trashed_card_costs_an_odd_amount() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "diviner", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"hand": ["light_fingers"]})  # costs 1
    assert ended(r) and ids(r.game.runner.discard) == ["light_fingers"]
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"hand": ["overnight_takeout"]})  # costs 0
    assert not ended(r) and ids(r.game.runner.discard) == ["overnight_takeout"]
    assert r.pending is not None and r.pending.kind == "jack_out"


def test_hansei_review_gains_10_and_trashes_a_card_from_hq() -> None:
    r = play(RECORDS, ["play:hansei_review"], corp={"hand": ["hansei_review", "jinteki_quiet_harvest"], "clicks": 1}, active="corp")
    g = r.game
    assert g.corp.credits == 10 and g.corp.hand == []
    harvest = card_in(r, g.corp.discard, "jinteki_quiet_harvest")
    assert harvest is not None and not harvest.faceup
    r = play(RECORDS, ["play:hansei_review"], corp={"hand": ["hansei_review"], "clicks": 1}, active="corp")
    assert r.game.corp.credits == 10 and ids(r.game.corp.discard) == ["hansei_review"]


def test_karuna_lets_the_runner_jack_out_after_the_first_subroutine() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "karuna", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "jack_out"], corp=corp, runner={"hand": GRIP})
    assert len(r.game.runner.hand) == 3 and events(r, "jack_out")[0]["jacked_out"]
    assert len(events(r, "subroutine")) == 1
    r = play(RECORDS, ["run:hq", "continue"], corp=corp, runner={"hand": GRIP})
    assert len(r.game.runner.hand) == 1 and len(events(r, "subroutine")) == 2


def test_longevity_serum_trashes_from_hq_and_shuffles_archives_back() -> None:
    corp = {"hand": ["neutral_plywood_screen", "neutral_checksum_gate"], "discard": ["jinteki_quiet_harvest"],
            "servers": {"remote1": {"root": [{"card": "longevity_serum", "counters": {"advancement": 3}}]}}}  # fmt: skip
    decisions = ["score:longevity_serum", "neutral_plywood_screen", "done", "neutral_plywood_screen",
                 "jinteki_quiet_harvest"]  # fmt: skip
    r = play(RECORDS, decisions, corp=corp, active="corp")
    g = r.game
    assert ids(g.corp.score_area) == ["longevity_serum"] and ids(g.corp.hand) == ["neutral_checksum_gate"]
    assert g.corp.discard == [] and sorted(ids(g.corp.deck)) == ["jinteki_quiet_harvest", "neutral_plywood_screen"]


def test_neurospike_counts_agendas_scored_this_turn_only() -> None:
    corp = {"hand": ["neurospike"], "clicks": 1, "score_area": ["neutral_board_resolution"],
            "servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "counters": {"advancement": 2}}]}}}  # fmt: skip
    r = play(RECORDS, ["score:neutral_pilot_scheme", "play:neurospike"], corp=corp, runner={"hand": GRIP}, active="corp")
    assert len(r.game.runner.hand) == 4 and r.game.corp.credits == 2  # 1 point scored this turn
    r = play(RECORDS, ["play:neurospike"], corp=corp, runner={"hand": GRIP}, active="corp")
    assert len(r.game.runner.hand) == 5 and not events(r, "damage")


def test_urtica_cipher_hurts_by_its_advancement() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "urtica_cipher", "counters": {"advancement": 2}}]}}}
    r = play(RECORDS, ["run:remote1", "continue", "done"], corp=corp, runner={"hand": GRIP})
    assert events(r, "damage")[0]["amount"] == 4 and len(r.game.runner.hand) == 1


def test_restoring_humanity_gains_with_a_facedown_card_in_archives() -> None:
    corp = {"identity": "jinteki_restoring_humanity", "clicks": 0, "discard_facedown": ["jinteki_quiet_harvest"]}
    assert play(RECORDS, [], corp=corp, active="corp").game.corp.credits == 6
    corp = {"identity": "jinteki_restoring_humanity", "clicks": 0, "discard": ["jinteki_quiet_harvest"]}
    assert play(RECORDS, [], corp=corp, active="corp").game.corp.credits == 5
