"""Session 66's Netrunner engine fixes: a card a scenario places with its load (credits or counters) empties and is
trashed as in a game; the additional cost to steal an agenda is offered in words (paying it and stealing, or leaving
the agenda), not by its labels; damage a card's effect does is logged as done by that card's side; a card hosted on a
card that is trashed is logged trashed after its host. The fixtures' paragraphs are our own wording (template-read
ones in the formulas the templates read)."""

from __future__ import annotations

from typing import Any

from tests.scripts.kit import bundled, card, corp, events, ids, play, runner
from tests.scripts.test_core_set import PARASITE
from toolkit.engine.netrunner.scenario import set_up
from toolkit.engine.phrase import Phrase
from toolkit.models.scenario import Scenario

ADONIS = card("adonis_campaign", "asset",
              ["Rezzing it loads 12[credit] onto it; once it holds none it goes to the trash.",
               "When your turn begins, take 3[credit] from this asset."],
              rez_cost=4, trash_cost=3, subtypes=["advertisement"], faction="haas_bioroid")  # fmt: skip
PLASCRETE = card("plascrete_carapace", "hardware", ["Install it with 4 power counters; trash it once they are gone.",
                                                    "Interrupt: a hosted power counter prevents 1 meat damage."],
                 cost=3, subtypes=["gear"])  # fmt: skip
NAPD = card("napd_contract", "agenda", ["Each bad publicity of the Corp raises its requirement by 1.",
            "Stealing it costs the Runner 4[credit] more."], advancement_requirement=4, agenda_points=2)  # fmt: skip
OBOKATA = card("obokata_protocol", "agenda", ["Stealing it also costs the Runner 4 net damage."],
               agenda_points=3, advancement_requirement=5, subtypes=["ambush"], faction="jinteki")  # fmt: skip
SNARE = card("snare", "asset",
             ["Accessed in R&D, it is shown to both players.",
              "Accessed outside Archives, it lets the Corp spend 4[credit] for 1 tag plus 3 net damage to the Runner."],
             rez_cost=0, trash_cost=0, subtypes=["ambush"], faction="jinteki")  # fmt: skip
URTICA = card("urtica_cipher", "asset",
              ["You can advance this asset.",
               "Accessed while installed: 2 net damage and 1 more per advancement counter on it."],
              rez_cost=0, trash_cost=2, subtypes=["ambush"], faction="jinteki")  # fmt: skip

RECORDS = [*bundled(), ADONIS, PLASCRETE, NAPD, OBOKATA, SNARE, URTICA, PARASITE]
GRIP = ["spark_of_insight"] * 5


def go(decisions: list[str], corp_fields: dict[str, Any] | None = None,
       runner_fields: dict[str, Any] | None = None, active: str = "runner") -> Any:  # fmt: skip
    return play(RECORDS, decisions, corp=corp(**(corp_fields or {})), runner=runner(**(runner_fields or {})),
                active=active)  # fmt: skip


def position(corp_fields: dict[str, Any], runner_fields: dict[str, Any]) -> Any:
    data = {"game": "netrunner", "name": "s66", "active": "runner", "corp": corp(**corp_fields),
            "runner": runner(**runner_fields)}  # fmt: skip
    return set_up(RECORDS, Scenario.model_validate(data))


def kinds(result: Any) -> list[str]:
    return [e.kind for e in result.game.log]


# ---------------------------------------------------------------- a placed card with its load empties


def test_a_placed_campaign_with_its_last_credits_empties_and_is_trashed() -> None:
    """Adonis Campaign placed rezzed with 3 credits: the corp's turn takes them, and it is empty, so it goes."""
    servers = {"remote1": {"root": [{"card": "adonis_campaign", "rezzed": True, "credits": 3}]}}
    r = go(["credit"], {"credits": 5, "servers": servers}, {"clicks": 1})
    g = r.game
    assert g.active == "corp" and g.corp.credits == 8
    assert [e["card"] for e in events(r, "emptied")] and ids(g.corp.discard) == ["adonis_campaign"]
    assert "remote1" not in g.servers
    assert kinds(r).index("emptied") < max(i for i, k in enumerate(kinds(r)) if k == "trashed")


def test_a_placed_carapace_with_its_counters_is_trashed_once_they_are_gone() -> None:
    game = position({}, {"rig": [{"card": "plascrete_carapace", "counters": {"power": 4}}]})
    carapace = game.runner.rig[0]
    assert carapace.notes.get("loaded") == "power"
    game.add_counters(carapace, "power", -3)
    assert carapace in game.runner.rig
    game.add_counters(carapace, "power", -1)
    assert carapace not in game.runner.rig and ids(game.runner.discard) == ["plascrete_carapace"]
    assert [e.kind for e in game.log][-3:] == ["emptied", "trigger", "trashed"]


def test_a_card_placed_without_its_load_is_not_loaded() -> None:
    """Placed with none of what it is loaded with, the loading has not happened: nothing empties."""
    game = position({"servers": {"remote1": {"root": [{"card": "adonis_campaign", "rezzed": True}]}}},
                    {"rig": [{"card": "plascrete_carapace"}]})  # fmt: skip
    assert "loaded" not in game.runner.rig[0].notes
    assert "loaded" not in game.servers["remote1"].root[0].notes


def test_a_counter_of_another_kind_does_not_load_it() -> None:
    game = position({}, {"rig": [{"card": "plascrete_carapace", "counters": {"virus": 2}}]})
    assert "loaded" not in game.runner.rig[0].notes


# ---------------------------------------------------------------- the additional cost to steal, in words


def test_the_additional_cost_to_steal_is_offered_in_words() -> None:
    servers = {"remote1": {"root": [{"card": "napd_contract"}]}}
    r = go(["run:remote1", "continue"], {"servers": servers})
    pending = r.pending
    assert pending is not None and pending.kind == "steal"
    steal, leave = pending.options
    assert steal.label == "steal:napd_contract" and leave.label == "leave"
    agenda = pending.prompt.fields["card"]  # (the agenda as the runner knows it)
    assert agenda.startswith("napd_contract#")
    for option in (steal, leave):
        assert isinstance(option.text, Phrase) and option.text != option.label
        assert option.text.fields == {"card": agenda}
    assert steal.text.message == "pay the cost and steal {card}"
    assert leave.text.message == "leave {card} where it is"  # (not the trash prompt's "leave it")


# ---------------------------------------------------------------- who did the damage


def damage_by(result: Any) -> list[str | None]:
    return [e["by"] and e["by"].code for e in events(result, "damage")]


def test_an_ambush_s_damage_is_the_corp_s() -> None:
    servers = {"remote1": {"root": [{"card": "snare"}]}}
    r = go(["run:remote1", "continue", "done", "yes"], {"credits": 4, "servers": servers}, {"hand": GRIP})
    assert damage_by(r) == ["corp"] and len(r.game.runner.hand) == 2


def test_an_accessed_asset_s_damage_is_the_corp_s() -> None:
    servers = {"remote1": {"root": [{"card": "urtica_cipher", "counters": {"advancement": 1}}]}}
    r = go(["run:remote1", "continue", "done"], {"servers": servers}, {"hand": GRIP})
    assert damage_by(r) == ["corp"] and len(r.game.runner.hand) == 2


def test_damage_an_agenda_costs_to_steal_is_the_corp_s() -> None:
    servers = {"remote1": {"root": [{"card": "obokata_protocol"}]}}
    r = go(["run:remote1", "continue", "steal:obokata_protocol"], {"servers": servers}, {"hand": GRIP})
    assert damage_by(r) == ["corp"] and ids(r.game.runner.score_area) == ["obokata_protocol"]


# ---------------------------------------------------------------- a host leaves play before what it hosts


def test_a_host_is_logged_trashed_before_the_card_it_hosted() -> None:
    """Parasite on a strength-1 ice: its counter at the runner's turn start brings the ice to 0; the ice is trashed
    (and logged) first, then Parasite with it."""
    hq = {"hq": {"ice": [{"card": "nbn_static_veil", "rezzed": True}]}}
    r = go(["install:parasite", "credit", "credit", "credit"], {"servers": hq},
           {"hand": ["parasite"], "credits": 2, "clicks": 1})  # fmt: skip
    g = r.game
    assert g.active == "runner" and ids(g.corp.discard) == ["nbn_static_veil"] and ids(g.runner.discard) == ["parasite"]
    trashed = [e.data for e in g.log if e.kind == "trashed"]
    assert [t["card"].split("#")[0] for t in trashed] == [g.corp.discard[0].name, g.runner.discard[0].name]
    assert str(trashed[1]["reason"]).startswith("its host ")
