"""The System Gateway NBN, Weyland Consortium and neutral corp card scripts, each played through a scenario
that checks what changes."""

from __future__ import annotations

from typing import Any

from toolkit.importers.nrdb_text import read_card
from toolkit.models import RECORD_ADAPTER

from .kit import bundled, card, card_in, events, labels, play


def identity(card_id: str, english: list[str], faction: str) -> Any:
    """A corp identity fixture of ``card_id`` with our own ``english``, read as the import reads it."""
    reading = read_card(english, "identity", None, card_id=card_id)
    data = {
        "game": "netrunner",
        "kind": "identity",
        "id": card_id,
        "side": "corp",
        "faction": faction,
        "min_deck_size": 40,
        "influence_limit": 15,
        "subtypes": ["megacorp"],
        "set": "dossier_demo",
        "name": {"zh-Hans": card_id, "en": card_id},
        "text": reading.texts(),
        "printed_text": {"en": english},
        "reading": reading.record(),
    }
    return RECORD_ADAPTER.validate_python(data)


WEY = "weyland_consortium"
BALLISTA = card("ballista", "ice", ["[subroutine] The Corp picks: one installed program is trashed, or the run ends."],
                rez_cost=5, strength=4, subtypes=["sentry", "destroyer"], faction=WEY)  # fmt: skip
FUNHOUSE = card("funhouse", "ice", ["On encounter the Runner must accept 1 tag, otherwise the run is over.",
                                    "[subroutine] The Runner pays 4[credit] or gets 1 tag."],
                rez_cost=5, strength=4, subtypes=["code_gate"], faction="nbn")  # fmt: skip
PALISADE = card("palisade", "ice", ["Guarding a remote server, this ice has 2 more strength.",
                                    "[subroutine] End the run."], rez_cost=3, strength=2, subtypes=["barrier"])  # fmt: skip
PHAROS = card("pharos", "ice", ["This ice may be advanced; holding 3 or more advancement counters it is 5 stronger.",
                                "[subroutine] Give the Runner 1 tag.", "[subroutine] End the run.",
                                "[subroutine] End the run."], rez_cost=7, strength=5, subtypes=["barrier"],
              faction=WEY)  # fmt: skip
PING = card("ping", "ice", ["Rezzed while a run on its own server is under way, it gives the Runner 1 tag.",
                            "[subroutine] End the run."], rez_cost=2, strength=1, subtypes=["barrier"],
            faction="nbn")  # fmt: skip
WHITESPACE = card("whitespace", "ice", ["[subroutine] The Runner loses 3[credit].",
                                        "[subroutine] The run stops if the Runner holds 6[credit] or fewer."],
                  rez_cost=2, strength=0, subtypes=["code_gate"])  # fmt: skip
CLEARINGHOUSE = card("clearinghouse", "asset", ["You can advance this asset.",
                                                "As your turn starts you may trash it: the Runner then suffers 1 meat "
                                                "damage per advancement counter it held."],
                     rez_cost=0, trash_cost=3, subtypes=["hostile"], faction=WEY)  # fmt: skip
SPIN_DOCTOR = card("spin_doctor", "asset", ["When you rez this asset, draw 2 cards.",
                                            "Take it out of the game: up to 2 cards go from Archives back into R&D, "
                                            "which is then shuffled."],
                   rez_cost=0, trash_cost=2, subtypes=["character"], faction="nbn")  # fmt: skip
MALAPERT = card("malapert_data_vault", "upgrade", ["Each time an agenda in this server's root is scored, you may "
                                                   "look through R&D for a card other than an agenda, show it and "
                                                   "put it in HQ, then shuffle R&D."],
                rez_cost=1, trash_cost=4, unique=True, faction=WEY)  # fmt: skip
ORBITAL = card("orbital_superiority", "agenda", ["On scoring: a tagged Runner suffers 4 meat damage; an untagged "
                                                 "one gets 1 tag."],
               agenda_points=2, advancement_requirement=4, subtypes=["security"])  # fmt: skip
SEND = card("send_a_message", "agenda", ["Scored or stolen: you may rez one installed ice at no cost at all."],
            agenda_points=3, advancement_requirement=5, subtypes=["security"])  # fmt: skip
HEADLINE_TEXT = ["Scored or stolen, it hands the Runner 1 tag.", "Limit 1 per deck."]
HEADLINE = card("tomorrows_headline", "agenda", HEADLINE_TEXT[:1], agenda_points=2, advancement_requirement=3,
                subtypes=["ambush"], faction="nbn", deck_limit=1)  # fmt: skip
PLANOGRAM = card("predictive_planogram", "operation", ["Pick one: take 3[credit], or draw 3 cards; with the Runner "
                                                       "tagged you may take both."],
                 cost=0, subtypes=["transaction"], faction="nbn")  # fmt: skip
PUBLIC_TRAIL = card("public_trail", "operation", ["Playable only after a successful run by the Runner in their "
                                                  "previous turn.", "The Runner pays 8[credit] or gets 1 tag."],
                    cost=4, subtypes=["gray_ops"], faction="nbn")  # fmt: skip
RETRIBUTION = card("retribution", "operation", ["Playable only while the Runner is tagged.",
                                                "One installed program or hardware of the Runner's is trashed."],
                   cost=1, subtypes=["gray_ops"], faction=WEY)  # fmt: skip
REALITY_PLUS = identity("nbn_reality_plus", ["The first tag the Runner gets each turn brings you 2[credit] or 2 cards."],
                        "nbn")  # fmt: skip
BUILT_TO_LAST = identity("weyland_consortium_built_to_last", ["Advancing a card that held no advancement counters "
                                                              "earns you 2[credit]."], WEY)  # fmt: skip
AMAZE = card("amaze_amusements", "upgrade", ["Persistent: a run here that ends after the Runner stole an agenda in "
                                             "it leaves the Runner with 2 tags."],
             rez_cost=1, trash_cost=3, unique=True, faction="nbn")  # fmt: skip
FIXTURES = [BALLISTA, FUNHOUSE, PALISADE, PHAROS, PING, WHITESPACE, CLEARINGHOUSE, SPIN_DOCTOR, MALAPERT, ORBITAL,
            SEND, HEADLINE, PLANOGRAM, PUBLIC_TRAIL, RETRIBUTION, REALITY_PLUS, BUILT_TO_LAST, AMAZE]  # fmt: skip
RECORDS = [*bundled(), *FIXTURES]
QUIET = "hb_mirror_foundry"  # a corp identity without a triggered ability


def test_every_fixture_is_whole_with_its_script() -> None:
    for fixture in FIXTURES:
        assert fixture.reading.status == "executable", fixture.id
    assert PHAROS.reading.scripted == [0] and PHAROS.reading.read == [1, 2, 3]
    assert WHITESPACE.reading.read == [0] and WHITESPACE.reading.scripted == [1]
    assert CLEARINGHOUSE.reading.read == [0] and SPIN_DOCTOR.reading.read == [0]
    # the limit line is the deck rule the import reads against deck_limit
    full = read_card(HEADLINE_TEXT, "agenda", card_id="tomorrows_headline", deck_limit=1)
    assert full.status == "executable" and full.record()["rules"] == [1]


# ---------------------------------------------------------------- ice


def test_ballista_trashes_the_program_the_corp_picks_or_ends_the_run() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "ballista", "rezzed": True}]}}}
    runner = {"rig": [{"card": "rot_worm"}, {"card": "hermit_shell"}]}
    r = play(RECORDS, ["run:hq"], corp=corp, runner=runner)
    assert labels(r) == [f"{c.ref}" for c in r.game.runner.rig] + ["end_run"]
    r = play(RECORDS, ["run:hq", "rot_worm"], corp=corp, runner=runner)
    g = r.game
    assert [c.id for c in g.runner.discard] == ["rot_worm"] and g.current_run is not None
    assert "continue" in labels(r)  # the run goes on
    r = play(RECORDS, ["run:hq", "end_run"], corp=corp, runner=runner)
    g = r.game
    assert len(g.runner.rig) == 2 and g.run_history == [(1, "hq", False)]


def test_ballista_ends_the_run_when_the_runner_has_no_program() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "ballista", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"rig": [{"card": "lattice_memory"}]})
    assert r.game.run_history == [(1, "hq", False)] and len(r.game.runner.rig) == 1


def test_funhouse_asks_for_a_tag_on_encounter_then_taxes_four_credits() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "funhouse", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp)
    assert labels(r) == ["take_tag", "end_run"]
    r = play(RECORDS, ["run:hq", "take_tag", "pay"], corp=corp)
    g = r.game
    assert g.runner.tags == 1 and g.runner.credits == 1 and "continue" in labels(r)
    r = play(RECORDS, ["run:hq", "take_tag", "take_tag"], corp=corp)
    assert r.game.runner.tags == 2 and r.game.runner.credits == 5
    r = play(RECORDS, ["run:hq", "end_run"], corp=corp)
    g = r.game
    assert g.runner.tags == 0 and g.runner.credits == 5 and g.run_history == [(1, "hq", False)]


def test_funhouse_tags_a_runner_who_cannot_pay() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "funhouse", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq", "take_tag"], corp=corp, runner={"credits": 3})
    assert r.game.runner.tags == 2 and r.game.runner.credits == 3 and "continue" in labels(r)


def test_palisade_is_stronger_on_a_remote_server() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "palisade", "rezzed": True}]},
                                           "remote1": {"ice": [{"card": "palisade", "rezzed": True}],
                                                       "root": [{"card": "neutral_records_vault", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["run:remote1"], corp=corp, runner={"rig": [{"card": "fine_line_cutter"}]})
    g = r.game
    central, remote = g.servers["hq"].ice[0], g.servers["remote1"].ice[0]
    assert g.strength_of(central) == 2 and g.strength_of(remote) == 4
    assert events(r, "encounter")[0]["strength"] == 4


def test_pharos_can_be_advanced_and_gets_five_strength_at_three_counters() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "pharos", "counters": {"advancement": 2}}]}}}
    r = play(RECORDS, [], active="corp", corp=corp)
    pharos = r.game.servers["hq"].ice[0]
    assert f"advance:{pharos.ref}" in labels(r) and r.game.strength_of(pharos) == 5
    r = play(RECORDS, ["advance:pharos"], active="corp", corp=corp)
    pharos = r.game.servers["hq"].ice[0]
    assert pharos.advancement == 3 and r.game.strength_of(pharos) == 10 and r.game.corp.credits == 4


def test_ping_tags_when_rezzed_during_a_run_on_its_server() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "ping"}]}}}
    r = play(RECORDS, ["run:hq", "rez:ping"], corp=corp)
    g = r.game
    assert g.runner.tags == 1 and g.corp.credits == 3 and g.run_history == [(1, "hq", False)]


def test_whitespace_ends_the_run_only_for_a_poor_runner() -> None:
    corp = {"identity": QUIET, "servers": {"hq": {"ice": [{"card": "whitespace", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"credits": 9})
    assert r.game.runner.credits == 6 and r.game.run_history == [(1, "hq", False)]
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"credits": 10})
    assert r.game.runner.credits == 7 and r.game.current_run is not None and "continue" in labels(r)


# ---------------------------------------------------------------- assets and upgrades


def corp_turn_start(corp: dict[str, Any], runner: dict[str, Any] | None = None,
                    decisions: list[str] | None = None) -> Any:  # fmt: skip
    """The runner (no clicks left) ends its turn; the corp's turn begins."""
    corp = {"identity": QUIET, "deck": ["neutral_plywood_screen"] * 3, **corp}
    return play(RECORDS, decisions or [], corp=corp, runner={"clicks": 0, **(runner or {})})


def test_clearinghouse_may_be_trashed_at_turn_start_for_meat_damage() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "clearinghouse", "rezzed": True,
                                              "counters": {"advancement": 2}}]}}}  # fmt: skip
    runner = {"hand": ["light_fingers", "swapped_papers", "spark_of_insight"]}
    r = corp_turn_start(corp, runner)
    assert labels(r) == ["yes", "no"]
    r = corp_turn_start(corp, runner, ["yes"])
    g = r.game
    assert len(g.runner.hand) == 1 and len(g.runner.discard) == 2
    assert [c.id for c in g.corp.discard] == ["clearinghouse"] and "remote1" not in g.servers
    r = corp_turn_start(corp, runner, ["no"])
    assert len(r.game.runner.hand) == 3 and r.game.servers["remote1"].root[0].advancement == 2


def test_spin_doctor_leaves_the_game_to_shuffle_archives_into_rnd() -> None:
    archives = ["neutral_plywood_screen", "hb_lattice_gate", "nbn_static_veil"]
    corp = {"identity": QUIET, "discard": archives, "deck": ["neutral_checksum_gate"],
            "servers": {"remote1": {"root": [{"card": "spin_doctor", "rezzed": True}]}}}  # fmt: skip
    r = play(RECORDS, ["use:spin_doctor/1", "hb_lattice_gate", "neutral_plywood_screen"], active="corp", corp=corp)
    g = r.game
    assert sorted(c.id for c in g.corp.deck) == ["hb_lattice_gate", "neutral_checksum_gate", "neutral_plywood_screen"]
    assert [c.id for c in g.corp.discard] == ["nbn_static_veil"]
    assert "remote1" not in g.servers and not card_in(r, g.corp.discard, "spin_doctor")
    assert events(r, "removed") and g.corp.clicks == 3  # no click spent
    r = play(RECORDS, ["use:spin_doctor/1", "nbn_static_veil", "done"], active="corp", corp=corp)
    assert len(r.game.corp.deck) == 2 and len(r.game.corp.discard) == 2


def test_spin_doctor_draws_two_when_rezzed() -> None:
    corp = {"identity": QUIET, "deck": ["neutral_plywood_screen"] * 3,
            "servers": {"remote1": {"root": [{"card": "spin_doctor"}]}}}  # fmt: skip
    r = play(RECORDS, ["rez:spin_doctor"], active="corp", corp=corp)
    assert len(r.game.corp.hand) == 2
    assert not any(o.startswith("use:spin_doctor") for o in labels(r))  # Archives is empty


def malapert_corp(where: str = "remote1") -> dict[str, Any]:
    servers: dict[str, Any] = {"remote1": {"root": [{"card": "malapert_data_vault"}]}}
    servers.setdefault(where, {"root": []})["root"].append(
        {"card": "neutral_board_resolution", "counters": {"advancement": 3}})
    return {"identity": QUIET, "deck": ["neutral_plywood_screen", "nbn_open_channel_act", "hb_quarterly_review"],
            "servers": servers}  # fmt: skip


def test_malapert_data_vault_fetches_a_non_agenda_when_its_root_scores() -> None:
    steps = ["rez:malapert_data_vault", "advance:neutral_board_resolution", "score:neutral_board_resolution"]
    r = play(RECORDS, steps, active="corp", corp=malapert_corp())
    assert labels(r) == ["yes", "no"]
    r = play(RECORDS, [*steps, "yes"], active="corp", corp=malapert_corp())
    assert sorted(labels(r)) == sorted(c.ref for c in r.game.corp.deck if c.type != "agenda")
    r = play(RECORDS, [*steps, "yes", "hb_quarterly_review"], active="corp", corp=malapert_corp())
    g = r.game
    assert [c.id for c in g.corp.hand] == ["hb_quarterly_review"] and len(g.corp.deck) == 2
    assert events(r, "search") and events(r, "shuffle")


def test_malapert_data_vault_ignores_agendas_scored_elsewhere() -> None:
    steps = ["rez:malapert_data_vault", "advance:neutral_board_resolution", "score:neutral_board_resolution"]
    r = play(RECORDS, steps, active="corp", corp=malapert_corp("remote2"))
    g = r.game
    assert g.agenda_points("corp") == 2 and not g.corp.hand and "yes" not in labels(r)


# ---------------------------------------------------------------- agendas


def scoring(agenda: str, counters: int, **corp: Any) -> dict[str, Any]:
    root = [{"card": agenda, "counters": {"advancement": counters}}]
    return {"identity": QUIET, "servers": {"remote1": {"root": root}, **corp.pop("servers", {})}, **corp}


def test_orbital_superiority_tags_or_punishes_a_tagged_runner() -> None:
    r = play(RECORDS, ["score:orbital_superiority"], active="corp", corp=scoring("orbital_superiority", 4))
    assert r.game.runner.tags == 1 and r.game.agenda_points("corp") == 2
    hand = ["light_fingers", "swapped_papers", "spark_of_insight", "overnight_takeout", "night_shift_bonus"]
    r = play(RECORDS, ["score:orbital_superiority"], active="corp", corp=scoring("orbital_superiority", 4),
             runner={"tags": 1, "hand": hand})  # fmt: skip
    g = r.game
    assert g.runner.tags == 1 and len(g.runner.hand) == 1 and len(g.runner.discard) == 4


def test_send_a_message_rezzes_ice_for_free_when_scored() -> None:
    corp = scoring("send_a_message", 5, servers={"hq": {"ice": [{"card": "neutral_patrol_script"}]}})
    r = play(RECORDS, ["score:send_a_message"], active="corp", corp=corp)
    assert labels(r) == ["yes", "no"]
    r = play(RECORDS, ["score:send_a_message", "yes"], active="corp", corp=corp)
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.corp.credits == 5


def test_send_a_message_rezzes_ice_when_stolen_and_ping_tags_only_on_its_own_server() -> None:
    servers = {"hq": {"ice": [{"card": "ping"}]}, "remote1": {"root": [{"card": "send_a_message"}]}}
    corp = {"identity": QUIET, "servers": servers}
    r = play(RECORDS, ["run:remote1", "continue", "yes"], corp=corp)
    g = r.game
    assert g.agenda_points("runner") == 3 and g.servers["hq"].ice[0].rezzed
    assert g.runner.tags == 0 and g.corp.credits == 5
    r = play(RECORDS, ["run:remote1", "continue", "no"], corp=corp)
    assert not r.game.servers["hq"].ice[0].rezzed


def test_tomorrows_headline_tags_when_scored_or_stolen() -> None:
    r = play(RECORDS, ["score:tomorrows_headline"], active="corp", corp=scoring("tomorrows_headline", 3))
    assert r.game.runner.tags == 1
    corp = {"identity": QUIET, "servers": {"remote1": {"root": [{"card": "tomorrows_headline"}]}}}
    r = play(RECORDS, ["run:remote1", "continue"], corp=corp)
    assert r.game.runner.tags == 1 and r.game.agenda_points("runner") == 2


# ---------------------------------------------------------------- operations


def test_predictive_planogram_gives_one_or_both_when_tagged() -> None:
    corp = {"identity": QUIET, "hand": ["predictive_planogram"], "deck": ["neutral_plywood_screen"] * 4}
    r = play(RECORDS, ["play:predictive_planogram"], active="corp", corp=corp)
    assert labels(r) == ["credits", "cards"]
    r = play(RECORDS, ["play:predictive_planogram", "cards"], active="corp", corp=corp)
    assert len(r.game.corp.hand) == 3 and r.game.corp.credits == 5
    r = play(RECORDS, ["play:predictive_planogram", "both"], active="corp", corp=corp, runner={"tags": 1})
    assert len(r.game.corp.hand) == 3 and r.game.corp.credits == 8


def test_public_trail_needs_a_successful_run_last_turn_and_taxes_eight() -> None:
    corp = {"identity": QUIET, "hand": ["public_trail"], "deck": ["neutral_plywood_screen"] * 3, "credits": 6}
    r = play(RECORDS, [], active="corp", corp=corp)
    assert not any(o.startswith("play:public_trail") for o in labels(r))
    r = play(RECORDS, ["run:archives", "continue", "play:public_trail"], corp=corp, runner={"clicks": 1})
    g = r.game
    assert g.turns == 2 and g.runner.tags == 1 and g.corp.credits == 2
    r = play(RECORDS, ["run:archives", "continue", "play:public_trail", "pay"], corp=corp,
             runner={"clicks": 1, "credits": 9})  # fmt: skip
    assert r.game.runner.tags == 0 and r.game.runner.credits == 1
    r = play(RECORDS, ["run:archives", "jack_out"], corp=corp, runner={"clicks": 1})
    assert r.game.turns == 2 and not any(o.startswith("play:public_trail") for o in labels(r))


def test_retribution_needs_a_tag_and_trashes_a_program_or_hardware() -> None:
    corp = {"identity": QUIET, "hand": ["retribution"]}
    runner = {"rig": [{"card": "lattice_memory"}, {"card": "rot_worm"}, {"card": "garage_lab"}]}
    r = play(RECORDS, [], active="corp", corp=corp, runner=runner)
    assert not any(o.startswith("play:retribution") for o in labels(r))
    r = play(RECORDS, ["play:retribution"], active="corp", corp=corp, runner={**runner, "tags": 1})
    assert sorted(labels(r)) == sorted(c.ref for c in r.game.runner.rig if c.id != "garage_lab")
    r = play(RECORDS, ["play:retribution", "lattice_memory"], active="corp", corp=corp, runner={**runner, "tags": 1})
    g = r.game
    assert [c.id for c in g.runner.discard] == ["lattice_memory"] and g.corp.credits == 4


# ---------------------------------------------------------------- identities


def test_reality_plus_pays_out_for_the_first_tag_of_a_turn_only() -> None:
    corp = {"identity": "nbn_reality_plus", "hand": ["nbn_exclusive_scoop"] * 2, "credits": 10,
            "deck": ["neutral_plywood_screen"] * 3}  # fmt: skip
    r = play(RECORDS, ["play:nbn_exclusive_scoop"], active="corp", corp=corp)
    assert labels(r) == ["credits", "cards"]
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "credits", "play:nbn_exclusive_scoop"], active="corp", corp=corp)
    g = r.game
    assert g.runner.tags == 2 and g.corp.credits == 6 and not g.corp.hand  # 10 - 3 + 2 - 3
    r = play(RECORDS, ["play:nbn_exclusive_scoop", "cards"], active="corp", corp=corp)
    assert len(r.game.corp.hand) == 3


def test_built_to_last_pays_for_advancing_a_card_without_counters() -> None:
    corp = {"identity": "weyland_consortium_built_to_last",
            "servers": {"remote1": {"root": [{"card": "neutral_board_resolution"}]},
                        "remote2": {"root": [{"card": "clearinghouse", "counters": {"advancement": 1}}]}}}  # fmt: skip
    r = play(RECORDS, ["advance:neutral_board_resolution", "advance:neutral_board_resolution",
                       "advance:clearinghouse"], active="corp", corp=corp)  # fmt: skip
    g = r.game
    assert g.servers["remote1"].root[0].advancement == 2 and g.servers["remote2"].root[0].advancement == 2
    assert g.corp.credits == 4  # 5 - 3 (advancing) + 2 (the first counter on the agenda only)


def test_amaze_amusements_tags_a_runner_who_stole_in_a_run_on_its_server() -> None:
    assert AMAZE.reading.status == "executable"
    servers = {"remote1": {"root": [{"card": "amaze_amusements", "rezzed": True}, {"card": "neutral_board_resolution"}]}}
    r = play(RECORDS, ["run:remote1", "continue", "leave"], corp={"identity": QUIET, "servers": servers})
    assert len(r.game.runner.score_area) == 1 and r.game.runner.tags == 2
    r = play(RECORDS, ["run:remote1", "continue", "trash:amaze_amusements"],
             corp={"identity": QUIET, "servers": servers})  # fmt: skip
    g = r.game
    assert g.runner.tags == 2 and [c.id for c in g.corp.discard] == ["amaze_amusements"]  # persistent
    alone = {"remote1": {"root": [{"card": "amaze_amusements", "rezzed": True}]},
             "remote2": {"root": [{"card": "neutral_board_resolution"}]}}  # fmt: skip
    r = play(RECORDS, ["run:remote1", "continue", "leave", "run:remote2", "continue"],
             corp={"identity": QUIET, "servers": alone})  # fmt: skip
    assert len(r.game.runner.score_area) == 1 and r.game.runner.tags == 0  # stolen in a run elsewhere
