"""Card scripts (toolkit.engine.netrunner.scripts): how the import counts them, and each hook the engine asks.

The scripts here are registered under ids no real card has (``zz_…``), for fixture records written for
these tests; the real cards' scripts are tested in tests/scripts/.
"""

from __future__ import annotations

import pytest

from toolkit.engine.core import said
from toolkit.engine.netrunner import scripts as S
from toolkit.engine.netrunner.scripts import Builder, Exec, ScriptError, card, click, credit
from toolkit.importers.nrdb_text import read_card
from toolkit.text import ast as A
from toolkit.text import render

from .scripts.kit import bundled, events, play
from .scripts.kit import card as fixture


@card("zz_discount_rig", paragraphs=(0,), summary="Programs cost 1 credit less to install.")
def _discount(b: Builder) -> None:
    b.install_cost(lambda g, this, other: -1 if other.type == "program" else 0)


@card("zz_tag_only", paragraphs=(0,), summary="Playable only while the runner is tagged; gain 4 credits.")
def _tag_only(b: Builder) -> None:
    b.may_play(lambda g, c: g.runner.tags > 0).play(lambda x: x.do("你获得 4[credit]。"))


@card("zz_leech", paragraphs=(0, 1), summary="Installed only on a piece of ice; gain 1 credit when the host is met.")
def _leech(b: Builder) -> None:
    b.hosts(lambda g, c: [ice for s in g.servers.values() for ice in s.ice])

    def paid_off(x: Exec) -> None:
        if x.event.get("ice") is x.card.host:
            x.do("你获得 1[credit]。")

    b.paragraph(1).when("encounter", paid_off)


@card("zz_tripwire", paragraphs=(0, 1), summary="Encountered: the runner loses 1 credit; +1 strength per tag.")
def _tripwire(b: Builder) -> None:
    def on_encounter(x: Exec) -> None:
        if x.event.get("ice") is x.card:
            x.do("潜袭者失去 1[credit]。")

    b.when("encounter", on_encounter)
    b.paragraph(1).strength(lambda g, c: g.runner.tags)


@card("zz_once", paragraphs=(0,), summary="Once per turn, click: gain 3 credits.")
def _once(b: Builder) -> None:
    b.paid([click()], lambda x: x.do("你获得 3[credit]。"), once_per_turn=True)


@card("zz_pricey_rez", paragraphs=(0,), summary="While rezzed, rezzing other cards costs 1 credit more.")
def _pricey(b: Builder) -> None:
    b.rez_cost(lambda g, this, other: 1 if other is not this else 0)


DISCOUNT = fixture("zz_discount_rig", "hardware", ["Programs cost 1 credit less to install here."], cost=0)
TAG_ONLY = fixture("zz_tag_only", "operation", ["Only while the Runner is tagged: gain 4 credits."], cost=0)
LEECH = fixture("zz_leech", "program", ["Goes only on ice.", "Paid when its host is met."], cost=0, memory_cost=1)
TRIPWIRE = fixture("zz_tripwire", "ice", ["On encounter the Runner loses 1[credit].", "Stronger per tag.",
                                          "[subroutine] End the run."], rez_cost=0, strength=1, subtypes=["barrier"])  # fmt: skip
ONCE = fixture("zz_once", "resource", ["Click once a turn for 3 credits."], cost=0)
PRICEY = fixture("zz_pricey_rez", "asset", ["Other rezzes cost more."], rez_cost=0, trash_cost=1)
RECORDS = [*bundled(), DISCOUNT, TAG_ONLY, LEECH, TRIPWIRE, ONCE, PRICEY]


# ---------------------------------------------------------------- the import's verdict


def test_script_paragraphs_count_as_read_and_the_rest_is_read_by_templates() -> None:
    assert TRIPWIRE.reading.status == "executable"
    assert TRIPWIRE.reading.scripted == [0, 1] and TRIPWIRE.reading.read == [2]
    assert TRIPWIRE.text == ["[subroutine] 终止潜袭。"]


def test_a_card_without_a_script_stays_unread() -> None:
    reading = read_card(["Goes only on ice."], "program", card_id="zz_no_such_script")
    assert reading.status == "printed_only" and reading.record()["unread"][0]["reason"] == "no_template"


def test_a_limit_per_deck_is_the_deck_rule_only_when_it_matches_deck_limit() -> None:
    assert read_card(["Limit 1 per deck.", "Gain 2[credit]."], "operation", deck_limit=1).record() == {
        "status": "executable",
        "read": [1],
        "rules": [0],
    }
    assert read_card(["Limit 1 per deck."], "operation", deck_limit=3).status == "printed_only"
    assert read_card(["Limit 1 per deck."], "operation").status == "printed_only"


def test_a_bundled_card_of_the_same_id_never_runs_the_script() -> None:
    from toolkit.engine.netrunner.game import NetrunnerGame

    plain = fixture("zz_once", "resource", ["[click]: Gain 1[credit]."], cost=0)
    unscripted = plain.model_copy(update={"reading": None, "text": ["[click]：你获得 1[credit]。"]})
    game = NetrunnerGame([*bundled(), unscripted], seed=1)
    this = game.new_card("zz_once", "runner")
    assert game.script_of(this) is None
    assert [render(a) for a in game.abilities(this)] == ["[click]：你获得 1[credit]。"]


# ---------------------------------------------------------------- building a script


def test_a_script_refuses_unknown_timings_paragraphs_and_text() -> None:
    with pytest.raises(ScriptError, match="unknown timing"):
        card("zz_bad_timing", (0,), "x")(lambda b: b.when("teatime", lambda x: None))
    with pytest.raises(ScriptError, match="paragraph 3"):
        card("zz_bad_paragraph", (0,), "x")(lambda b: b.paragraph(3))
    with pytest.raises(ScriptError, match="adds nothing"):
        card("zz_empty", (0,), "x")(lambda b: None)
    with pytest.raises(ScriptError, match="two scripts"):
        card("zz_once", (0,), "again")(lambda b: b.play(lambda x: None))
    assert "zz_bad_timing" not in S.scripts()


def test_a_scripted_part_renders_in_both_languages() -> None:
    node = A.Scripted("zz_once", 0, 0)
    assert render(A.Ability("effect", (A.Sentence((node,)),))) == "执行卡牌脚本（zz_once 第 1 段）。"
    assert "card script (zz_once, paragraph 1)" in render(A.Ability("effect", (A.Sentence((node,)),)), "en")


# ---------------------------------------------------------------- the hooks the engine asks


def test_an_install_cost_hook_lowers_what_the_runner_pays() -> None:
    r = play(RECORDS, ["install:gray_rat"], runner={"hand": ["gray_rat"], "credits": 2, "rig": [{"card": "zz_discount_rig"}]})
    assert r.game.runner.credits == 1  # gray rat costs 2, one less here
    assert any(c.id == "gray_rat" for c in r.game.runner.rig)


def test_a_play_restriction_keeps_the_card_out_of_the_options() -> None:
    r = play(RECORDS, [], active="corp", corp={"hand": ["zz_tag_only"], "clicks": 3})
    assert not any(o.label.startswith("play:zz_tag_only") for o in r.pending.options)
    r = play(RECORDS, ["play:zz_tag_only"], active="corp", corp={"hand": ["zz_tag_only"], "clicks": 1},
             runner={"tags": 1})  # fmt: skip
    assert r.game.corp.credits == 9


def test_a_hosted_install_goes_on_the_chosen_ice_and_needs_one() -> None:
    r = play(RECORDS, [], runner={"hand": ["zz_leech"], "clicks": 3})
    assert not any(o.label.startswith("install:zz_leech") for o in r.pending.options)
    corp = {"servers": {"hq": {"ice": [{"card": "zz_tripwire"}]}, "rnd": {"ice": [{"card": "hb_lattice_gate"}]}}}
    r = play(RECORDS, ["install:zz_leech"], corp=corp, runner={"hand": ["zz_leech"], "clicks": 3})
    # the runner sees the face-down ice it may host on only by where it is, never by name or id
    assert all(o.label.startswith("facedown#") for o in r.pending.options)
    assert "hb_lattice_gate" not in str([(o.label, o.text) for o in r.pending.options])
    lattice = r.game.servers["rnd"].ice[0]
    r = play(RECORDS, ["install:zz_leech", f"facedown#{lattice.uid}"], corp=corp,
             runner={"hand": ["zz_leech"], "clicks": 3})  # fmt: skip
    leech = next(c for c in r.game.runner.rig if c.id == "zz_leech")
    assert leech.host is not None and leech.host.id == "hb_lattice_gate"
    corp["servers"]["rnd"]["ice"][0]["rezzed"] = True
    r = play(RECORDS, ["install:zz_leech", "hb_lattice_gate", "run:rnd"], corp=corp,
             runner={"hand": ["zz_leech"], "clicks": 3, "credits": 0})  # fmt: skip
    assert r.game.runner.credits == 1 and events(r, "encounter")


def test_an_encounter_trigger_and_a_strength_hook() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "zz_tripwire", "rezzed": True}]}}}
    r = play(RECORDS, ["run:hq"], corp=corp, runner={"credits": 5, "tags": 2})
    assert r.game.runner.credits == 4
    assert events(r, "encounter")[0]["strength"] == 3  # printed 1, +1 per tag
    assert events(r, "run_end")[-1]["successful"] is False  # its template-read subroutine ended the run


def test_once_per_turn_is_offered_once_a_turn() -> None:
    r = play(RECORDS, ["use:zz_once/0"], runner={"rig": [{"card": "zz_once"}], "clicks": 3, "credits": 0})
    assert r.game.runner.credits == 3
    assert not any(o.label.startswith("use:zz_once") for o in r.pending.options)


def test_a_rez_cost_hook_changes_what_the_corp_pays() -> None:
    corp = {"clicks": 3, "credits": 3,
            "servers": {"remote1": {"root": [{"card": "zz_pricey_rez", "rezzed": True}]},
                        "hq": {"ice": [{"card": "zz_tripwire"}]}}}  # fmt: skip
    from toolkit.engine.netrunner.scenario import set_up
    from toolkit.models.scenario import Scenario

    game = set_up(RECORDS, Scenario.model_validate({"game": "netrunner", "name": "rez", "active": "corp",
                                                    "corp": {"identity": "weyland_iron_ledger", **corp},
                                                    "runner": {"identity": "zero_weaver"}}))  # fmt: skip
    tripwire = game.servers["hq"].ice[0]
    assert game.rez_cost(tripwire) == 1
    game.rez(tripwire)
    assert game.corp.credits == 2 and events_of(game, "rez")[-1]["cost"] == 1


def events_of(game: object, kind: str) -> list[dict[str, object]]:
    return [e.data for e in game.log if e.kind == kind]  # type: ignore[attr-defined]


def test_every_real_script_claims_paragraphs_and_adds_parts() -> None:
    for card_id, script in S.scripts().items():
        assert script.paragraphs, card_id
        assert script.summary.strip(), card_id
        assert all(p.paragraph in script.paragraphs for p in script.parts), card_id
    assert credit(2) == A.CreditCost(2)


# ---------------------------------------------------------------- what scripts may ask of the game


@card("zz_bioroid", paragraphs=(0,), summary="The runner may lose a click to break one of its subroutines.")
def _bioroid(b: Builder) -> None:
    b.runner_break(clicks=1, count=1)


@card("zz_double", paragraphs=(0,), summary="Costs one more click to play; gain 5 credits.")
def _double(b: Builder) -> None:
    b.play_clicks(1).play(lambda x: x.do("你获得 5[credit]。"))


@card("zz_lockdown", paragraphs=(0,), summary="The corp cannot score this turn; the action phase ends.")
def _lockdown(b: Builder) -> None:
    def lock(x: Exec) -> None:
        x.forbid("score", "turn")
        x.game.end_action_phase = True

    b.play(lock)


@card("zz_tax_run", paragraphs=(0,), summary="Run HQ; during it the corp's rezzes cost 2 more; removed from the game.")
def _tax_run(b: Builder) -> None:
    def run(x: Exec) -> None:
        x.lasting("rez_cost", lambda g, this, other: 2, until="run")
        x.remove_from_game()
        x.run_on("hq")

    b.play(run)


@card("zz_cheap_self", paragraphs=(0,), summary="Costs 2 less to install.")
def _cheap_self(b: Builder) -> None:
    b.own_install_cost(lambda g, this, other: -2 if other is this else 0)


BIOROID = fixture("zz_bioroid", "ice", ["The Runner may give up a click to break one here.", "[subroutine] End the run."],
                  rez_cost=0, strength=9, subtypes=["barrier", "bioroid"])  # fmt: skip
DOUBLE = fixture("zz_double", "operation", ["Takes an extra click; gain 5 credits."], cost=0)
LOCKDOWN = fixture("zz_lockdown", "event", ["No scoring this turn; stop acting."], cost=0)
TAX_RUN = fixture("zz_tax_run", "event", ["Run HQ; rezzing costs 2 more then; gone afterwards."], cost=0)
CHEAP_SELF = fixture("zz_cheap_self", "hardware", ["Two cheaper to install."], cost=3)
MORE = [*RECORDS, BIOROID, DOUBLE, LOCKDOWN, TAX_RUN, CHEAP_SELF]


def test_the_runner_loses_a_click_to_break_a_bioroid_subroutine() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "zz_bioroid", "rezzed": True}]}}}
    r = play(MORE, ["run:hq", "clickbreak:zz_bioroid", "continue"], corp=corp, runner={"clicks": 4})
    assert r.game.runner.clicks == 2  # the run and the lost click
    assert events(r, "break") and events(r, "run_end")[-1]["successful"] is True
    r = play(MORE, ["run:hq"], corp=corp, runner={"clicks": 1})  # no click left to lose: nothing to offer
    assert events(r, "run_end")[-1]["successful"] is False


def test_an_additional_click_cost_is_paid_and_needed() -> None:
    r = play(MORE, [], active="corp", corp={"hand": ["zz_double"], "clicks": 1})
    assert not any(o.label.startswith("play:zz_double") for o in r.pending.options)
    r = play(MORE, ["play:zz_double"], active="corp", corp={"hand": ["zz_double"], "clicks": 2, "credits": 0})
    assert r.game.corp.credits == 5 and r.game.corp.clicks == 0


def test_a_forbidden_score_and_an_ended_action_phase() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "neutral_board_resolution", "counters": {"advancement": 5}}]}}}
    r = play(MORE, ["play:zz_lockdown"], runner={"hand": ["zz_lockdown"], "clicks": 3}, corp=corp)
    g = r.game
    assert g.runner.clicks == 0 and g.forbidden("score") is False  # the phase ended; lifted at the turn's end
    assert [e["action"] for e in events(r, "action")][:1] == ["runner_play"]
    assert events(r, "forbidden")[0]["what"] == "score" and "runner_draw" not in [e["action"] for e in events(r, "action")]


def test_a_lasting_rez_cost_outlives_the_event_and_ends_with_the_run() -> None:
    corp = {"credits": 3, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}]}}}
    r = play(MORE, ["play:zz_tax_run", "rez:hb_lattice_gate"], runner={"hand": ["zz_tax_run"], "clicks": 1}, corp=corp)
    g = r.game
    assert [c.id for c in g.removed] == ["zz_tax_run"] and g.runner.discard == []
    assert [e["cost"] for e in events(r, "rez")] == [4]  # lattice gate costs 2, +2 during the run
    assert g.lasting == []


def test_a_card_may_lower_its_own_install_cost_from_the_grip() -> None:
    r = play(MORE, ["install:zz_cheap_self"], runner={"hand": ["zz_cheap_self"], "credits": 1, "clicks": 1})
    assert r.game.runner.credits == 0 and any(c.id == "zz_cheap_self" for c in r.game.runner.rig)


def test_trashing_from_hq_takes_the_card_out_of_hq_face_down() -> None:
    from toolkit.engine.netrunner.scenario import set_up
    from toolkit.models.scenario import Scenario

    game = set_up(MORE, Scenario.model_validate({"game": "netrunner", "name": "hq", "corp": {
        "identity": "weyland_iron_ledger", "hand": ["neutral_board_resolution"]}, "runner": {"identity": "zero_weaver"}}))  # fmt: skip
    agenda = game.corp.hand[0]
    game.trash(agenda, "test", by="corp")
    assert game.corp.hand == [] and game.corp.discard == [agenda] and not agenda.faceup
    game.rez  # noqa: B018 - the corp's own derez of a card not rezzed is nothing
    game.derez(agenda, "test")
    assert not agenda.rezzed


@card("zz_wallet", paragraphs=(0, 1), summary="Loaded with 4 credits, spendable on installs; trashed once empty.")
def _wallet(b: Builder) -> None:
    from toolkit.engine.netrunner.scripts import load

    load(b, "credit", 4, on="installed")
    b.paragraph(1).spend_hosted(lambda g, this, purpose: purpose == "install")


@card("zz_sidestep", paragraphs=(0,), summary="When a run begins, the runner may bypass the first ice it approaches.")
def _sidestep(b: Builder) -> None:
    b.when("run_begins", lambda x: x.bypass())


@card("zz_slip", paragraphs=(0,), summary="0 credits: bypass the ice being encountered.")
def _slip(b: Builder) -> None:
    b.paid([], lambda x: x.bypass(), usable=lambda g, c, w: w == "encounter")


WALLET = fixture("zz_wallet", "resource", ["Loaded with 4 credits on install; gone when empty.", "Its credits pay installs."],
                 cost=0)  # fmt: skip
SIDESTEP = fixture("zz_sidestep", "resource", ["Runs skip their first ice."], cost=0)
SLIP = fixture("zz_slip", "program", ["Slip past the ice met."], cost=0, memory_cost=1)
HOSTING = [*MORE, WALLET, SIDESTEP, SLIP]


def test_hosted_credits_pay_only_for_what_the_card_allows_and_empty_it() -> None:
    r = play(HOSTING, ["install:zz_wallet", "install:gray_rat"],
             runner={"hand": ["zz_wallet", "gray_rat"], "credits": 0, "clicks": 2})  # fmt: skip
    g = r.game
    wallet = next(c for c in g.runner.rig if c.id == "zz_wallet")
    assert wallet.credits == 2 and g.runner.credits == 0 and any(c.id == "gray_rat" for c in g.runner.rig)
    assert g.available("runner") == 0 and g.available("runner", "install") == 2  # not for anything else
    r = play(HOSTING, ["install:zz_wallet", "install:gray_rat", "install:zz_discount_rig"],
             runner={"hand": ["zz_wallet", "gray_rat", "zz_discount_rig"], "credits": 0, "clicks": 3})  # fmt: skip
    assert [c.id for c in r.game.runner.discard] == []  # 2 + 0 spent: 2 left
    r = play(HOSTING, ["install:zz_wallet", "install:gray_rat", "install:gray_rat"],
             runner={"hand": ["zz_wallet", "gray_rat", "gray_rat"], "credits": 0, "clicks": 3})  # fmt: skip
    assert [c.id for c in r.game.runner.discard] == ["zz_wallet"]  # emptied by the second install: trashed


def test_bypassing_the_next_ice_and_the_ice_encountered() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "zz_tripwire", "rezzed": True}]}}}
    r = play(HOSTING, ["run:hq", "continue"], corp=corp, runner={"rig": [{"card": "zz_sidestep"}], "credits": 5})
    assert events(r, "bypass") and not events(r, "encounter") and r.game.runner.credits == 5
    assert events(r, "run_end")[-1]["successful"] is True
    r = play(HOSTING, ["run:hq", "use:zz_slip/0", "continue"], corp=corp, runner={"rig": [{"card": "zz_slip"}]})
    assert events(r, "encounter") and events(r, "bypass") and not events(r, "subroutine")
    assert events(r, "run_end")[-1]["successful"] is True


@card("zz_dividend", paragraphs=(0,), summary="When scored: gain 1 credit per advancement counter past 3.")
def _dividend(b: Builder) -> None:
    b.when("agenda_scored", lambda x: x.game.gain_credits(x.side, max(0, x.event["advancement"] - 3), "dividend"))


@card("zz_pricey_ice", paragraphs=(0, 1), summary="Rezzing it also costs a tag on the runner... of 2 credits more; "
      "it cannot be trashed.")  # fmt: skip
def _pricey_ice(b: Builder) -> None:
    def can(g: object, c: object) -> bool:
        return bool(x_runner_tagged(g))

    b.rez_requires(can, lambda g, c: g.remove_tags(1))
    b.paragraph(1).untrashable()


def x_runner_tagged(game: object) -> int:
    return game.runner.tags  # type: ignore[attr-defined, no-any-return]


@card("zz_listener", paragraphs=(0,), summary="Counts what the engine announces.")
def _listener(b: Builder) -> None:
    for timing in ("approach_ice", "tags_removed", "purged", "credits_gained", "damage_done", "forfeited"):
        b.when(timing, lambda x, t=timing: x.card.notes.setdefault("heard", []).append(t))


DIVIDEND = fixture("zz_dividend", "agenda", ["Pays for extra advancement when scored."], agenda_points=2,
                   advancement_requirement=3)  # fmt: skip
PRICEY_ICE = fixture("zz_pricey_ice", "ice", ["Rez only by clearing a runner tag.", "Never trashed.",
                                              "[subroutine] End the run."], rez_cost=0, strength=5, subtypes=["barrier"])  # fmt: skip
LISTENER = fixture("zz_listener", "hardware", ["Hears the table."], cost=0)
LAST = [*HOSTING, DIVIDEND, PRICEY_ICE, LISTENER]


def test_an_agenda_may_be_advanced_past_its_requirement_and_the_score_says_how_far() -> None:
    corp = {"clicks": 2, "credits": 5, "servers": {"remote1": {"root": [{"card": "zz_dividend", "counters": {"advancement": 3}}]}}}
    r = play(LAST, ["advance:zz_dividend", "score:zz_dividend"], active="corp", corp=corp)
    g = r.game
    assert [c.id for c in g.corp.score_area] == ["zz_dividend"]
    assert events(r, "credits")[0] == {"side": "corp", "amount": 1, "credits": 5, "reason": "dividend"}  # 4 past 3


def test_a_face_down_cards_counters_are_hidden_from_the_runner() -> None:
    corp = {"clicks": 1, "credits": 5, "servers": {"remote1": {"root": [{"card": "zz_dividend"}]}}}
    r = play(LAST, ["advance:zz_dividend"], active="corp", corp=corp)
    seen = [e for e in r.game.log.seen_by(2) if e.kind in ("counter", "advancement")]
    assert seen == [] and any(e.kind == "counter_facedown" for e in r.game.log.seen_by(2))


def test_an_additional_rez_cost_and_a_card_that_cannot_be_trashed() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "zz_pricey_ice"}]}}}
    r = play(LAST, ["run:hq"], corp=corp, runner={"tags": 0})
    assert "rez:zz_pricey_ice" not in [o.label.split("#")[0] for o in (r.pending.options if r.pending else [])]
    r = play(LAST, ["run:hq", "rez:zz_pricey_ice"], corp=corp, runner={"tags": 1})
    g = r.game
    assert g.servers["hq"].ice[0].rezzed and g.runner.tags == 0
    assert g.trash(g.servers["hq"].ice[0], "test", by="runner") is False and g.servers["hq"].ice


def test_the_new_timings_are_announced() -> None:
    corp = {"servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}]}}, "score_area": ["zz_dividend"]}
    r = play(LAST, ["run:hq", "done", "continue"], corp=corp, runner={"rig": [{"card": "zz_listener"}], "tags": 1, "hand": ["gray_rat", "gray_rat"]})
    g = r.game
    listener = next(c for c in g.runner.rig if c.id == "zz_listener")
    g.remove_tags(1)
    g.purge()
    g.gain_credits("corp", 1)
    g.damage("net", 1)
    g.forfeit(g.corp.score_area[0], "test")
    heard = listener.notes["heard"]
    for timing in ("approach_ice", "tags_removed", "purged", "credits_gained", "damage_done", "forfeited"):
        assert timing in heard, timing
    assert g.corp.score_area == [] and g.removed[-1].id == "zz_dividend"


@card("zz_pressure", paragraphs=(0, 1), summary="A current: every piece of ice gets +1 strength while it is in play.")
def _pressure(b: Builder) -> None:
    from toolkit.engine.netrunner.scripts import current

    current(b)
    b.paragraph(1).strength_all(lambda g, this, other: 1 if other.type == "ice" else 0)


@card("zz_heist", paragraphs=(0,), summary="Run HQ; if successful, gain 4 credits instead of breaching it.")
def _heist(b: Builder) -> None:
    def run(x: Exec) -> None:
        x.run_on("hq")
        x.instead_of_breach(lambda: x.game.gain_credits("runner", 4, "heist"))

    b.play(run)


PRESSURE = fixture("zz_pressure", "operation", ["Stays until an agenda changes hands.", "Ice is a bit stronger."],
                   cost=0, subtypes=["current"])  # fmt: skip
HEIST = fixture("zz_heist", "event", ["Run HQ; on success take 4 credits and skip the breach."], cost=0)
FINAL = [*LAST, PRESSURE, HEIST]


def test_a_current_stays_in_play_changes_ice_and_leaves_when_an_agenda_is_stolen() -> None:
    corp = {"hand": ["zz_pressure"], "clicks": 1, "servers": {"hq": {"ice": [{"card": "hb_lattice_gate", "rezzed": True}]}}}
    r = play(FINAL, ["play:zz_pressure"], active="corp", corp=corp)
    g = r.game
    lattice = g.servers["hq"].ice[0]
    assert [c.id for c in g.in_play] == ["zz_pressure"] and g.strength_of(lattice) == 3  # printed 2
    assert g.view()["corp"]["in_play"][0]["id"] == "zz_pressure"
    g.steal(g.new_card("zz_dividend", "corp"))
    assert g.in_play == [] and [c.id for c in g.corp.discard] == ["zz_pressure"] and g.strength_of(lattice) == 2


def test_instead_of_breaching_nothing_is_accessed() -> None:
    corp = {"hand": ["zz_dividend"]}
    r = play(FINAL, ["play:zz_heist", "continue"], corp=corp, runner={"hand": ["zz_heist"], "credits": 0, "clicks": 1})
    g = r.game
    assert g.runner.credits == 4 and events(r, "breach_replaced") and not events(r, "access")
    assert g.runner.score_area == []


def test_a_card_that_left_play_remembers_what_was_on_it() -> None:
    r = play(FINAL, ["install:zz_wallet"], runner={"hand": ["zz_wallet"], "clicks": 1})
    g = r.game
    wallet = next(c for c in g.runner.rig if c.id == "zz_wallet")
    g.add_counters(wallet, "virus", 2)
    g.trash(wallet, "test", by="runner")
    assert wallet.credits == 0 and wallet.counters == {}
    assert wallet.last_known == {"rezzed": False, "counters": {"virus": 2}, "credits": 4}


@card("zz_scripted_breaker", paragraphs=(0, 1), summary="1 credit: break 1 barrier subroutine; 1 credit: +1 strength.")
def _scripted_breaker(b: Builder) -> None:
    def breaks(g: object, c: object, w: str) -> bool:
        run = g.current_run  # type: ignore[attr-defined]
        enc = run.encounter if run is not None else None
        return w == "encounter" and enc is not None and "barrier" in enc.ice.subtypes and g.strength_of(c) >= g.strength_of(enc.ice)  # type: ignore[attr-defined]

    def boost(x: Exec) -> None:
        x.card.strength_bonus += 1

    b.paid([credit(1)], lambda x: x.break_subroutines(1, "barrier"), usable=breaks, role="break")
    b.paragraph(1).paid([credit(1)], boost, usable=lambda g, c, w: w == "encounter", role="boost")


SCRIPTED_BREAKER = fixture("zz_scripted_breaker", "program", ["Cuts barriers for a credit.", "Grows for a credit."],
                           cost=0, memory_cost=1, strength=1, subtypes=["icebreaker", "fracter"])  # fmt: skip


def test_the_heuristic_runner_pumps_and_breaks_with_a_scripted_breaker() -> None:
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.scenario import set_up
    from toolkit.models.scenario import Scenario

    data = {"game": "netrunner", "name": "breaker", "active": "runner",
            "corp": {"identity": "weyland_iron_ledger", "servers": {"hq": {"ice": [{"card": "zz_bioroid", "rezzed": True}]}}},
            "runner": {"identity": "zero_weaver", "credits": 20, "rig": [{"card": "zz_scripted_breaker"}]}}  # fmt: skip
    game = set_up([*FINAL, SCRIPTED_BREAKER], Scenario.model_validate(data))
    game.policies = {1: make_policy("heuristic", "corp", 0), 2: make_policy("heuristic", "runner", 0)}
    game.runs.make_run("hq")
    game.runs.finish_run()
    log = [e for e in game.log if e.kind in ("break", "run_end")]
    assert [e.kind for e in log] == ["break", "run_end"] and log[-1].data["successful"] is True
    assert game.runner.credits == 20 - 8 - 1  # eight boosts to strength 9, one break


@card("zz_red_tape", paragraphs=(0, 1, 2), summary="Agendas need 1 more advancement; worth 1 point to the corp; "
      "+2 hand size for the corp.")  # fmt: skip
def _red_tape(b: Builder) -> None:
    b.requirement(lambda g, this, agenda: 1)
    b.paragraph(1).points(lambda g, this, side: 1 if side == "corp" else 0)
    b.paragraph(2).limit(lambda g, this, side, stat: 2 if (side, stat) == ("corp", "hand_size") else 0)


@card("zz_remote_only", paragraphs=(0,), summary="Installed only in a remote server.")
def _remote_only(b: Builder) -> None:
    b.install_servers(lambda g, c, server: server == "new remote" or g.servers[server].remote)


@card("zz_stubborn", paragraphs=(0, 1), summary="Fracters cannot break it; it rezzes for 3 less.")
def _stubborn(b: Builder) -> None:
    b.unbreakable(lambda g, ice, breaker: "fracter" in breaker.subtypes)
    b.paragraph(1).own_rez_cost(lambda g, this, card: -3)


RED_TAPE = fixture("zz_red_tape", "asset", ["Agendas need one more.", "Counts as a point.", "Bigger HQ."], rez_cost=0,
                   trash_cost=1)  # fmt: skip
REMOTE_ONLY = fixture("zz_remote_only", "upgrade", ["Remotes only."], rez_cost=0, trash_cost=1)
STUBBORN = fixture("zz_stubborn", "ice", ["No fracter cuts it.", "Cheap to rez.", "[subroutine] End the run."],
                   rez_cost=5, strength=1, subtypes=["barrier"])  # fmt: skip
HOOKS = [*FINAL, SCRIPTED_BREAKER, RED_TAPE, REMOTE_ONLY, STUBBORN]


def test_requirement_points_and_hand_size_hooks() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "zz_red_tape", "rezzed": True}]},
                        "remote2": {"root": [{"card": "zz_dividend", "counters": {"advancement": 3}}]}}}  # fmt: skip
    r = play(HOOKS, [], active="corp", corp={**corp, "clicks": 1})
    g = r.game
    agenda = g.servers["remote2"].root[0]
    assert g.advancement_requirement(agenda) == 4 and not g.scorable(agenda)
    assert g.agenda_points("corp") == 1 and g.agenda_points("runner") == 0
    assert g.hand_size("corp") == g.rules.hand_size + 2


def test_install_servers_and_unbreakable_and_own_rez_cost() -> None:
    r = play(HOOKS, [], active="corp", corp={"hand": ["zz_remote_only"], "clicks": 1})
    installs = [o.label for o in r.pending.options if o.label.startswith("install:zz_remote_only")]
    assert installs and all(label.endswith("@new") for label in installs)
    corp = {"credits": 2, "servers": {"hq": {"ice": [{"card": "zz_stubborn"}]}}}
    runner = {"credits": 20, "rig": [{"card": "zz_scripted_breaker"}]}
    r = play(HOOKS, ["run:hq", "rez:zz_stubborn"], corp=corp, runner=runner)
    g = r.game
    assert events(r, "rez")[0]["cost"] == 2  # printed 5, 3 less
    stubborn = g.servers["hq"].ice[0]
    assert not g.may_break(stubborn, next(c for c in g.runner.rig if c.id == "zz_scripted_breaker"))


def test_a_broken_subroutine_is_announced_and_damage_as_a_cost_is_not_prevented() -> None:
    @card("zz_ear", paragraphs=(0,), summary="Counts the subroutines broken.")
    def _ear(b: Builder) -> None:
        b.when("subroutine_broken", lambda x: x.card.notes.__setitem__("broken", x.card.notes.get("broken", 0) + 1))

    ear = fixture("zz_ear", "hardware", ["Counts breaks."], cost=0)
    corp = {"servers": {"hq": {"ice": [{"card": "zz_bioroid", "rezzed": True}]}}}
    r = play([*HOOKS, ear], ["run:hq", "clickbreak:zz_bioroid", "continue"], corp=corp,
             runner={"clicks": 4, "rig": [{"card": "zz_ear"}], "hand": ["gray_rat"]})  # fmt: skip
    g = r.game
    assert next(c for c in g.runner.rig if c.id == "zz_ear").notes["broken"] == 1
    g.damage("net", 1, preventable=False)
    assert g.runner.hand == [] and not events(r, "prevention")


def test_an_effect_waits_for_the_run_to_end_even_when_its_card_is_gone() -> None:
    @card("zz_persistent", paragraphs=(0,), summary="Run HQ; when that run ends successfully, gain 3 credits.")
    def _persistent(b: Builder) -> None:
        def run(x: Exec) -> None:
            x.when_run_ends(lambda r, ok: x.game.gain_credits("runner", 3 if ok else 0, "persistent"))
            x.run_on("hq")

        b.play(run)

    persistent = fixture("zz_persistent", "event", ["Run HQ, paid 3 when it ends well."], cost=0)
    r = play([*HOOKS, persistent], ["play:zz_persistent", "continue"],
             runner={"hand": ["zz_persistent"], "credits": 0, "clicks": 1})  # fmt: skip
    assert r.game.runner.credits == 3 and r.game.at_run_end == []
    assert [c.id for c in r.game.runner.discard] == ["zz_persistent"]


def test_a_trigger_that_does_not_concern_its_card_stays_silent() -> None:
    @card("zz_picky", paragraphs=(0,), summary="When this card's own ice is encountered... (never here).")
    def _picky(b: Builder) -> None:
        b.when("encounter", lambda x: x.do("你获得 1[credit]。"), only=lambda x: x.event.get("ice") is x.card.host)

    picky = fixture("zz_picky", "hardware", ["Pays only on its host."], cost=0)
    corp = {"servers": {"hq": {"ice": [{"card": "zz_bioroid", "rezzed": True}]}}}
    r = play([*HOOKS, picky], ["run:hq"], corp=corp, runner={"rig": [{"card": "zz_picky"}], "credits": 0})
    assert events(r, "encounter") and not [e for e in events(r, "trigger") if e["timing"] == "encounter"]
    assert r.game.runner.credits == 0


def test_subtypes_gained_for_a_run_blank_cards_scoring_limits_and_steal_costs() -> None:
    @card("zz_shifter", paragraphs=(0,), summary="When encountered, it becomes a sentry too for this run.")
    def _shifter(b: Builder) -> None:
        b.when("encounter", lambda x: x.gain_subtypes(x.card, ["sentry"], until="run"),
               only=lambda x: x.event.get("ice") is x.card)  # fmt: skip

    @card("zz_veto", paragraphs=(0,), summary="Agendas with no advancement past their requirement cannot be scored.")
    def _veto(b: Builder) -> None:
        b.may_score(lambda g, this, agenda: agenda.advancement > (g.advancement_requirement(agenda) or 0))

    @card("zz_toll", paragraphs=(0,), summary="To steal it, the runner also pays 3 credits.")
    def _toll(b: Builder) -> None:
        b.steal_requires(lambda g, c: g.can_pay("runner", 3), lambda g, c: g.pay("runner", 3, "toll"))

    shifter = fixture("zz_shifter", "ice", ["Becomes a sentry when met.", "[subroutine] End the run."], rez_cost=0,
                      strength=9, subtypes=["barrier"])  # fmt: skip
    veto = fixture("zz_veto", "asset", ["Scoring needs one extra counter."], rez_cost=0, trash_cost=1)
    toll = fixture("zz_toll", "agenda", ["Costs 3 to steal."], agenda_points=1, advancement_requirement=2)
    records = [*HOOKS, shifter, veto, toll]
    corp = {"servers": {"hq": {"ice": [{"card": "zz_shifter", "rezzed": True}]}}}
    r = play(records, ["run:hq"], corp=corp)
    g = r.game
    assert events(r, "encounter")[0]["subtypes"] == ["barrier"]
    assert g.servers["hq"].ice[0].subtypes == ("barrier",)  # the run ended: the sentry subtype went with it
    assert any(e.kind == "run_end" for e in g.log)
    # blank: no abilities while blank
    ice = g.servers["hq"].ice[0]
    g.blanks[ice.uid] = "turn"
    assert g.abilities(ice) == []
    g.lift("turn")
    assert g.abilities(ice)
    # may_score
    corp = {"clicks": 1, "servers": {"remote1": {"root": [{"card": "zz_veto", "rezzed": True}]},
                                     "remote2": {"root": [{"card": "zz_toll", "counters": {"advancement": 2}}]}}}  # fmt: skip
    r = play(records, [], active="corp", corp=corp)
    assert not any(o.label.startswith("score:") for o in r.pending.options)
    # steal costs: paid when the runner can and agrees; declined leaves the agenda
    corp = {"servers": {"remote1": {"root": [{"card": "zz_toll"}]}}}
    r = play(records, ["run:remote1", "continue", "steal:zz_toll"], corp=corp, runner={"credits": 5})
    assert [c.id for c in r.game.runner.score_area] == ["zz_toll"] and r.game.runner.credits == 2
    r = play(records, ["run:remote1", "continue", "leave"], corp=corp, runner={"credits": 5})
    assert r.game.runner.score_area == [] and events(r, "steal_declined")


def test_a_scripted_prevention_answers_its_window_only_and_knows_the_card() -> None:
    @card("zz_shield", paragraphs=(0,), summary="[trash]: prevent a program from being trashed.")
    def _shield(b: Builder) -> None:
        from toolkit.engine.netrunner.scripts import trash_self

        def only_programs(g: object, c: object, w: str) -> bool:
            window = g.window  # type: ignore[attr-defined]
            return w == "trash" and window is not None and window["card"] is not None and window["card"].type == "program"

        b.paid([trash_self()], lambda x: x.game.prevent("trash", 1, x.card), usable=only_programs, role="prevent_trash")

    shield = fixture("zz_shield", "hardware", ["Saves a program from the trash."], cost=0)
    r = play([*HOOKS, shield], [], runner={"rig": [{"card": "zz_shield"}, {"card": "gray_rat"}, {"card": "zz_wallet"}]})
    g = r.game
    assert not any(o.label.startswith("use:zz_shield") for o in r.pending.options)  # not outside its window
    g.policies = {2: type("Yes", (), {"decide": staticmethod(lambda game, d: next(
        (o.label for o in d.options if o.label.startswith("use:zz_shield")), d.options[-1].label))})()}  # fmt: skip
    rat = next(c for c in g.runner.rig if c.id == "gray_rat")
    assert g.trash(rat, "test", by="corp") is False and rat in g.runner.rig  # saved: the shield went instead
    assert [c.id for c in g.runner.discard] == ["zz_shield"]
    wallet = next(c for c in g.runner.rig if c.id == "zz_wallet")
    assert g.trash(wallet, "test", by="corp") is True  # not a program: no shield to offer


def test_hand_abilities_runs_forbidden_a_run_kept_clicks_next_turn_and_remote_limits() -> None:
    @card("zz_from_hq", paragraphs=(0,), summary="Click, reveal and trash this from HQ: gain 3 credits.")
    def _from_hq(b: Builder) -> None:
        def cash(x: Exec) -> None:
            x.game.trash(x.card, "revealed and trashed from HQ", by="corp")
            x.do("你获得 3[credit]。")

        b.paid([click()], cash, zone="hand")

    @card("zz_gatekeeper", paragraphs=(0, 1, 2), summary="No runs on Archives; the end of a run by a barrier is "
          "prevented; one remote server at most.")  # fmt: skip
    def _gatekeeper(b: Builder) -> None:
        b.may_run(lambda g, this, server: server != "archives")
        b.paragraph(1).keep_run(lambda g, this, by: by is not None and "barrier" in by.subtypes)
        b.paragraph(2).all_install_servers(lambda g, this, card, server: server != "new remote" or
                                           not any(s.remote for s in g.servers.values()))  # fmt: skip

    from_hq = fixture("zz_from_hq", "agenda", ["Cash it in from HQ."], agenda_points=1, advancement_requirement=2)
    gate = fixture("zz_gatekeeper", "asset", ["No Archives runs.", "Barriers cannot end runs.", "One remote."],
                   rez_cost=0, trash_cost=1)  # fmt: skip
    records = [*HOOKS, from_hq, gate]
    r = play(records, ["use:zz_from_hq/0"], active="corp", corp={"hand": ["zz_from_hq"], "clicks": 1, "credits": 0})
    assert r.game.corp.credits == 3 and [c.id for c in r.game.corp.discard] == ["zz_from_hq"]
    corp = {"servers": {"remote1": {"root": [{"card": "zz_gatekeeper", "rezzed": True}]},
                        "hq": {"ice": [{"card": "zz_stubborn", "rezzed": True}]}}}  # fmt: skip
    r = play(records, [], corp=corp)
    runs = [o.label for o in r.pending.options if o.label.startswith("run:")]
    assert "run:archives" not in runs and "run:hq" in runs
    r = play(records, ["run:hq", "continue"], corp=corp)
    assert events(r, "run_end")[-1]["successful"] is True  # the barrier's subroutine could not end it
    r = play(records, [], active="corp", corp={**corp, "hand": ["zz_dividend"], "clicks": 1})
    assert not any(o.label.endswith("@new") for o in r.pending.options)
    g = r.game
    from toolkit.engine.netrunner.scripts import Exec as X
    from toolkit.engine.netrunner.state import Context

    X(g, Context("corp", g.corp.identity)).next_turn_clicks("runner", -1)
    g.begin_turn("runner")
    assert g.runner.clicks == 3


def test_a_trashed_card_says_where_it_was() -> None:
    @card("zz_witness", paragraphs=(0,), summary="Notes where each trashed card was.")
    def _witness(b: Builder) -> None:
        b.when("trashed", lambda x: x.card.notes.setdefault("zones", []).append(x.event["zone"]))

    witness = fixture("zz_witness", "hardware", ["Watches the trash."], cost=0)
    r = play([*HOOKS, witness], [], runner={"rig": [{"card": "zz_witness"}, {"card": "gray_rat"}], "hand": ["gray_rat"]})
    g = r.game
    g.trash(next(c for c in g.runner.rig if c.id == "gray_rat"), "test", by="corp")
    g.trash(g.runner.hand[0], "test", by="corp")
    assert next(c for c in g.runner.rig if c.id == "zz_witness").notes["zones"] == ["installed", "hand"]


ORDER: list[str] = []


@card("zz_corp_ear", paragraphs=(0,), summary="Notes when the corp hears a purge.")
def _corp_ear(b: Builder) -> None:
    b.when("purged", lambda x: ORDER.append("corp"))


@card("zz_runner_ear", paragraphs=(0,), summary="Notes when the runner hears a purge.")
def _runner_ear(b: Builder) -> None:
    b.when("purged", lambda x: ORDER.append("runner"))


def test_the_active_sides_triggers_resolve_first() -> None:
    ears = [fixture("zz_corp_ear", "asset", ["Hears purges."], rez_cost=0, trash_cost=1),
            fixture("zz_runner_ear", "hardware", ["Hears purges."], cost=0)]  # fmt: skip
    corp = {"servers": {"remote1": {"root": [{"card": "zz_corp_ear", "rezzed": True}]}}}
    for active, first in (("corp", "corp"), ("runner", "runner")):
        ORDER.clear()
        r = play([*HOOKS, *ears], [], active=active, corp=corp, runner={"rig": [{"card": "zz_runner_ear"}]})
        r.game.purge()
        assert ORDER[0] == first and sorted(ORDER) == ["corp", "runner"]


def test_a_run_effect_cannot_run_a_server_a_card_forbids() -> None:
    @card("zz_any_run", paragraphs=(0,), summary="Run any server.")
    def _any_run(b: Builder) -> None:
        b.play(lambda x: x.run_on("any"))

    @card("zz_no_archives", paragraphs=(0,), summary="The runner cannot run Archives.")
    def _no_archives(b: Builder) -> None:
        b.may_run(lambda g, this, server: server != "archives")

    any_run = fixture("zz_any_run", "event", ["Run anywhere."], cost=0)
    wall = fixture("zz_no_archives", "asset", ["Archives is closed."], rez_cost=0, trash_cost=1)
    corp = {"servers": {"remote1": {"root": [{"card": "zz_no_archives", "rezzed": True}]}}}
    r = play([*HOOKS, any_run, wall], ["play:zz_any_run"], corp=corp, runner={"hand": ["zz_any_run"]})
    assert r.pending is not None and sorted(o.label for o in r.pending.options) == ["hq", "remote1", "rnd"]
    g = r.game
    assert g.runs.choose_server("archives") is None and events(r, "run_failed")


def test_a_run_moved_to_another_server_and_a_success_counted_elsewhere() -> None:
    @card("zz_detour", paragraphs=(0,), summary="When the runner passes a piece of ice, move the run to R&D.")
    def _detour(b: Builder) -> None:
        b.when("pass_ice", lambda x: x.move_run("rnd"), only=lambda x: x.run is not None and x.run.server == "hq")

    @card("zz_backdoor", paragraphs=(0,), summary="Run Archives; if successful, it is a successful run on HQ instead.")
    def _backdoor(b: Builder) -> None:
        def run(x: Exec) -> None:
            x.success_on("hq")
            x.run_on("archives")

        b.play(run)

    detour = fixture("zz_detour", "hardware", ["Passing ice sends the run to R&D."], cost=0)
    backdoor = fixture("zz_backdoor", "event", ["Archives, but HQ on success."], cost=0)
    records = [*HOOKS, detour, backdoor]
    corp = {"servers": {"hq": {"ice": [{"card": "zz_stubborn"}]}, "rnd": {"ice": [{"card": "hb_lattice_gate"}]}},
            "deck": ["neutral_board_resolution"]}  # fmt: skip
    r = play(records, ["run:hq", "done", "done", "continue"], corp=corp,
             runner={"rig": [{"card": "zz_detour"}]})  # fmt: skip
    assert events(r, "run_moved") and [e["server"] for e in events(r, "run_end")] == ["rnd"]
    r = play(records, ["play:zz_backdoor", "continue"], corp={"hand": ["hb_lattice_gate"]},
             runner={"hand": ["zz_backdoor"]})  # fmt: skip
    assert events(r, "run_redirected") and events(r, "run_successful")[0]["server"] == "hq"
    assert [e.get("server") for e in events(r, "access")] == ["hq"]


def test_parts_that_work_from_archives_a_score_area_and_before_the_opening_hand() -> None:
    @card("zz_echo_archive", paragraphs=(0, 1), summary="In Archives: at turn start, back to HQ; from the runner's "
          "score area the corp may, for a click, gain 2 credits.")  # fmt: skip
    def _echo(b: Builder) -> None:
        def back(x: Exec) -> None:
            x.game.corp.discard.remove(x.card)
            x.game.corp.hand.append(x.card)

        b.when("your_turn_start", back, zone="discard")
        b.paragraph(1).paid([click()], lambda x: x.game.gain_credits("corp", 2, "stolen"), zone="stolen")

    @card("zz_setter", paragraphs=(0,), summary="Before the opening hand: set the top card of the stack aside.")
    def _setter(b: Builder) -> None:
        b.when("setup", lambda x: x.game.set_aside["runner"].append(x.game.runner.deck.pop()))

    echo = fixture("zz_echo_archive", "agenda", ["Climbs back from Archives.", "Pays its old owner."],
                   agenda_points=1, advancement_requirement=2)  # fmt: skip
    records = [*HOOKS, echo]
    r = play(records, [], active="runner", corp={"discard": ["zz_echo_archive"]})
    g = r.game
    assert echo.reading.status == "executable"
    g.begin_turn("corp")
    assert [c.id for c in g.corp.hand][-1] == "zz_echo_archive" and g.corp.discard == []
    r = play(records, [], active="corp", corp={"clicks": 1, "credits": 0}, runner={"score_area": ["zz_echo_archive"]})
    assert any(o.label.startswith("use:zz_echo_archive") for o in r.pending.options)
    from toolkit.engine.netrunner.game import NetrunnerGame

    setter = fixture("zz_setter", "resource", ["Sets a card aside first."], cost=0)
    ident = next(r for r in bundled() if r.kind == "identity" and r.id == "zero_weaver")
    scripted_ident = ident.model_copy(update={"id": "zz_setter", "reading": setter.reading, "text": []})
    game = NetrunnerGame([*bundled(), scripted_ident], seed=2, identities={"runner": "zz_setter"})
    assert len(game.set_aside["runner"]) == 1 and len(game.runner.hand) == game.rules.hand_size


def test_installs_say_where_the_card_came_from_and_damage_who_did_it() -> None:
    @card("zz_log", paragraphs=(0,), summary="Notes each install's origin and each damage's source.")
    def _log(b: Builder) -> None:
        b.when("any_installed", lambda x: x.card.notes.setdefault("origins", []).append(x.event["origin"]))
        b.when("damage_done", lambda x: x.card.notes.setdefault("by", []).append(x.event["by"]))

    log = fixture("zz_log", "hardware", ["Keeps a log."], cost=0)
    r = play([*HOOKS, log], ["install:gray_rat"], runner={"hand": ["gray_rat", "gray_rat"], "clicks": 2,
             "rig": [{"card": "zz_log"}], "discard": ["gray_rat"]})  # fmt: skip
    g = r.game
    assert not g.over
    from toolkit.engine.netrunner.scripts import Exec as X
    from toolkit.engine.netrunner.state import Context

    X(g, Context("runner", g.runner.identity)).install_from(g.runner.discard[0], g.runner.discard, free=True)
    g.run_text("造成 1 点网域伤害。", "corp")
    notes = next(c for c in g.runner.rig if c.id == "zz_log").notes
    assert notes["origins"] == ["hand", "discard"] and notes["by"] == ["corp"]


def test_a_lasting_install_ban_and_the_moment_a_card_is_played() -> None:
    @card("zz_freeze", paragraphs=(0,), summary="As it is played: the runner cannot install for the rest of the turn.")
    def _freeze(b: Builder) -> None:
        def freeze(x: Exec) -> None:
            if x.event.get("card") is x.card:
                x.lasting("may_install_all", lambda g, this, c: c.side != "runner", until="turn")

        b.when("playing", freeze)

    freeze = fixture("zz_freeze", "operation", ["No runner installs this turn."], cost=0)
    records = [*HOOKS, freeze]
    r = play(records, ["play:zz_freeze"], active="corp", corp={"hand": ["zz_freeze"], "clicks": 2, "deck": ["zz_dividend"]})
    g = r.game
    assert events(r, "play") and not g.may_install(g.new_card("gray_rat", "runner"))
    g.lift("turn")
    assert g.may_install(g.new_card("gray_rat", "runner"))


def test_an_access_count_lowered_to_nothing_accesses_nothing() -> None:
    @card("zz_muffle", paragraphs=(0,), summary="When a run is successful, the runner accesses 1 fewer card.")
    def _muffle(b: Builder) -> None:
        def fewer(x: Exec) -> None:
            if x.run is not None:
                x.run.extra_access -= 1

        b.when("run_successful", fewer)

    muffle = fixture("zz_muffle", "hardware", ["Accesses one card fewer."], cost=0)
    for server, corp in (("rnd", {"deck": ["zz_dividend", "zz_dividend"]}), ("hq", {"hand": ["zz_dividend"]})):
        r = play([*HOOKS, muffle], [f"run:{server}", "continue"], corp=corp, runner={"rig": [{"card": "zz_muffle"}]})
        assert events(r, "run_successful") and events(r, "access") == [{"server": server, "cards": 0}]
        assert r.game.runner.score_area == []


def test_two_parts_of_one_card_on_one_timing_can_be_told_apart_when_ordered() -> None:
    @card("zz_twins", paragraphs=(0, 1), summary="When a turn begins: gain 1 credit; and draw 1 card.")
    def _twins(b: Builder) -> None:
        b.when("turn_begins", lambda x: x.do("你获得 1[credit]。"))
        b.paragraph(1).when("turn_begins", lambda x: x.do("你抽 1 张牌。"))

    twins = fixture("zz_twins", "resource", ["Pays at each turn.", "Draws at each turn."], cost=0)
    r = play([*HOOKS, twins], [], runner={"rig": [{"card": "zz_twins"}], "deck": ["gray_rat"]})
    g = r.game
    g.policies = {}

    asked: list[list[str]] = []
    shown: list[str] = []
    g.waiter = lambda d: (asked.append([o.label for o in d.options]), shown.append(said(d.options[-1].text)),
                          d.options[-1].label)[2]  # fmt: skip
    g.fire("turn_begins", g.everyone(), side="runner")
    # labelled by id (the same in any language), told apart; the words shown say which of the two
    assert asked and len(set(asked[0])) == 2 and all(a.startswith("trigger:zz_twins#") for a in asked[0])
    assert shown[0].endswith("(2)")
    assert g.runner.credits == 6 and len(g.runner.hand) == 1


def test_a_run_moved_in_its_last_movement_step_goes_through_the_new_servers_ice() -> None:
    @card("zz_mover", paragraphs=(0,), summary="0 credits, once per turn: move the run to R&D.")
    def _mover(b: Builder) -> None:
        b.paid([], lambda x: x.move_run("rnd"), once_per_turn=True,
               usable=lambda g, c, w: w == "run" and g.current_run is not None and g.current_run.server == "hq")  # fmt: skip

    mover = fixture("zz_mover", "resource", ["Moves the run to R&D."], cost=0)
    corp = {"servers": {"rnd": {"ice": [{"card": "hb_lattice_gate"}]}}, "deck": ["zz_dividend", "zz_dividend"]}
    r = play([*HOOKS, mover], ["run:hq", "use:zz_mover/0", "continue"], corp=corp, runner={"rig": [{"card": "zz_mover"}]})
    assert events(r, "run_moved") and events(r, "approach")[-1]["server"] == "rnd"


def test_draw_bonus_trash_cost_extra_costs_on_trashing_resources_blocked_success_and_credit_sources() -> None:
    @card("zz_toolkit", paragraphs=(0, 1, 2, 3), summary="The corp draws 1 more; accessed cards cost 2 more to trash; "
          "trashing a resource costs the corp 1 more credit; runs on remotes cannot be successful.")  # fmt: skip
    def _toolkit(b: Builder) -> None:
        b.draw_bonus(lambda g, this, side, count: 1 if side == "corp" else 0)
        b.paragraph(1).trash_cost(lambda g, this, card: 2)
        b.paragraph(2).trash_resource_requires(lambda g, c: g.can_pay("corp", 1), lambda g, c: g.pay("corp", 1, "tax"))
        b.paragraph(3).blocks_success(lambda g, this, run: run.server.startswith("remote"))

    @card("zz_earner", paragraphs=(0, 1), summary="Click: gain 2 credits; notes which card gave each credit gain.")
    def _earner(b: Builder) -> None:
        b.paid([click()], lambda x: x.do("你获得 2[credit]。"))
        b.paragraph(1).when("credits_gained", lambda x: x.card.notes.setdefault("sources", []).append(x.event["source"]))

    kit = fixture("zz_toolkit", "asset", ["Draw more.", "Dearer trashing.", "Taxed trashing.", "No remote success."],
                  rez_cost=0, trash_cost=1)  # fmt: skip
    earner = fixture("zz_earner", "resource", ["Click for 2.", "Knows who paid."], cost=0)
    records = [*HOOKS, kit, earner]
    corp = {"credits": 5, "deck": ["zz_dividend"] * 4, "servers": {"remote1": {"root": [{"card": "zz_toolkit", "rezzed": True}]}}}
    r = play(records, [], active="corp", corp={**corp, "clicks": 1})
    g = r.game
    assert g.draw("corp", 1) == 2 and g.trash_cost(g.servers["remote1"].root[0]) == 3
    r = play(records, ["run:remote1", "continue"], corp=corp, runner={"rig": [{"card": "zz_earner"}], "credits": 9})
    assert events(r, "success_blocked") and not events(r, "access") and events(r, "run_end")[-1]["successful"] is False
    r = play(records, ["use:zz_earner/0"], corp=corp, runner={"rig": [{"card": "zz_earner"}], "clicks": 2})
    earned = next(c for c in r.game.runner.rig if c.id == "zz_earner")
    assert earned.notes["sources"] == [earned]
    r = play(records, ["trash_resource:zz_earner"], active="corp",
             corp={**corp, "clicks": 2, "credits": 3}, runner={"rig": [{"card": "zz_earner"}], "tags": 1})  # fmt: skip
    assert r.game.corp.credits == 3 - 2 - 1 and [c.id for c in r.game.runner.discard] == ["zz_earner"]
