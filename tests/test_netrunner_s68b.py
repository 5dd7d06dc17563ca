"""Stop 68's Netrunner fixes (found by the sweeps of the real card pool and of the play session):

1. The heuristic runner ran into damage it could see: a face-up agenda that hurts when it is accessed (City Works
   Project-like), a rezzed ambush. It counted only unknown face-down cards, and nothing before the corp had dealt
   damage. Known damage that would flatline it (N4: damage greater than the grip) is never run into; less is a
   cost it weighs.
2. The heuristic runner stalled: it ran every turn into rezzed ice it could not break whose subroutine ends the run
   (a card script's, read by its printed text), losing its credits, and drew only with fewer than 3 cards. It
   does not run into such ice, nor play a run event into it, and draws for an icebreaker it lacks.
3. Ice trashed while the runner encountered it was "passed" in the log as "unrezzed ice" (read after it left play),
   and what fires as ice is passed fired: it is not passed, and the run goes on inward from the movement step (ice
   trashed as it is approached too: the position then named the outer ice, met again).
4. A scenario refused a runner program hosted on corp ice; the engine hosts one there (a Parasite).
5. A scenario's identity started without its recurring credits (N10).
6. A scenario decision naming a copy by a number no option has (``play:account_siphon#99``) played the first copy:
   it is refused as a label that is no option is; a label without a number still names the first copy.
7. Boosts: one that lasts the run is offered while the breaker already matches the ice (it matters for the ice
   further in); one for the encounter only is not (it does nothing then, and can be bought later in the encounter).
8. The runner could undo its psi bid once both bids were revealed and bid again: a decision after which the other
   side's secret bid was revealed cannot be undone (N7; a trace hides nothing: the corp pays first, N6).
9. English prompts said "trash a ice": "an ice", "an asset" …
10. The heuristic runner values a run on Archives by what it may know: never the type of a face-down card there.
11. A person's saved file (``dossier play netrunner --save``) held the machine's decisions in plain text (the cards
    it installed face down): they are sealed, as a tactics save seals them; the seed stays, as there.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.scripts.kit import bundled, card, corp, play, runner
from toolkit.engine.netrunner.players import HeuristicRunner, _ends_run
from toolkit.engine.netrunner.scripts import Builder, Exec, credit
from toolkit.engine.netrunner.scripts import card as script

# our own wording of two real cards' effects (their ids give them their card scripts)
CITY_WORKS = card(
    "city_works_project",
    "agenda",
    ["It is installed face up.",
     "When accessed while installed, do 2 meat damage and 1 additional meat damage for each advancement counter on "
     "it."],
    subtypes=["public"], agenda_points=3, advancement_requirement=5, faction="weyland_consortium",
)  # fmt: skip
PULSE = card(
    "pulse",
    "ice",
    ["Rezzed in a run on its own server: the Runner's clicks go down by one.",
     "[subroutine] The Runner loses 1[credit] per rezzed harmonic ice.",
     "[subroutine] End the run unless the Runner spends a click."],
    rez_cost=3, strength=1, subtypes=["code_gate", "harmonic"],
)  # fmt: skip


@script("zz_ice_cutter", paragraphs=(0,), summary="Approaching or encountering ice: trash it.")
def _ice_cutter(b: Builder) -> None:
    def cut(x: Exec) -> None:
        run = x.game.current_run
        if run is not None and 0 < run.position <= len(x.game.servers[run.server].ice):
            x.game.trash(x.game.servers[run.server].ice[run.position - 1], "zz_ice_cutter", by="runner")

    def usable(g: Any, c: Any, window: str) -> bool:
        run = g.current_run
        return window in ("encounter", "run") and run is not None and run.step in ("approach", "encounter")

    b.paid([], cut, usable=usable)


@script("zz_pass_meter", paragraphs=(0,), summary="Whenever the runner passes a piece of ice, gain 1 credit.")
def _pass_meter(b: Builder) -> None:
    b.when("pass_ice", lambda x: x.game.gain_credits("runner", 1, "zz_pass_meter"))


@script("zz_long_blade", paragraphs=(1,), summary="1 credit: +1 strength until the run is over.")
def _long_blade(b: Builder) -> None:
    def boost(x: Exec) -> None:
        held = x.card.notes.get("run_boost")
        run = x.game.current_run
        x.card.notes["run_boost"] = (run, held[1] + 1 if held is not None and held[0] is run else 1)

    def strength(g: Any, c: Any) -> int:
        held = c.notes.get("run_boost")
        return int(held[1]) if held is not None and g.current_run is not None and held[0] is g.current_run else 0

    b.paragraph(1).strength(strength)
    b.paid([credit(1)], boost, role="boost", usable=lambda g, c, w: w == "encounter")


@script("zz_growing_wall", paragraphs=(1,), summary="Encountered: it gains an end-the-run subroutine per counter.")
def _growing_wall(b: Builder) -> None:
    def encountered(x: Exec) -> None:
        from toolkit.engine.netrunner.state import Sub
        from toolkit.text import parse_cached

        run = x.game.current_run
        if run is None or run.encounter is None:
            return
        for _ in range(x.card.advancement):
            run.encounter.subs.append(Sub(len(run.encounter.subs) + 1, parse_cached("[subroutine] 终止潜袭。")))
        x.game.log.add("gain_subroutines", 1, ice=str(x.card), count=x.card.advancement,
                       subroutines=len(run.encounter.subs))  # fmt: skip

    b.when("encounter", encountered, only=lambda x: x.event.get("ice") is x.card and x.card.advancement > 0)


GROWING_WALL = card("zz_growing_wall", "ice", ["It can be advanced.", "Met: one run-ending subroutine per counter."],
                    rez_cost=0, strength=1, subtypes=["barrier"])  # fmt: skip
LONG_BLADE = card("zz_long_blade", "program", ["1[credit]: Break 1 code gate subroutine.",
                                               "1[credit]: +1 strength for what is left of this run."],
                  cost=0, memory_cost=1, strength=2, subtypes=["icebreaker", "decoder"])  # fmt: skip
ICE_CUTTER = card("zz_ice_cutter", "resource", ["While you face a piece of ice, you may trash it."], cost=0)
PASS_METER = card("zz_pass_meter", "resource", ["Each piece of ice you get past pays you 1[credit]."], cost=0)
# a program whose text hosts it on rezzed ice (its id gives it its card script: "hosts")
PARASITE = card("parasite", "program", ["It goes only onto a rezzed piece of ice.", "Each turn it grows a virus counter.",
                                        "Its host is 1 weaker per virus counter here.", "A host at 0 strength is trashed."],
                cost=2, memory_cost=1, subtypes=["virus", "trojan"], faction="anarch")  # fmt: skip
RECORDS = [*bundled(), CITY_WORKS, PULSE, ICE_CUTTER, PASS_METER, LONG_BLADE, GROWING_WALL, PARASITE]


def _runner_choice(r: Any) -> str:
    """What the heuristic runner chooses at the position's pending decision."""
    assert r.pending is not None and r.pending.seat == 2
    return HeuristicRunner(random.Random(0)).decide(r.game, r.pending)


# ---------------------------------------------------------------- 1. damage the runner can see


def _city_works(advancement: int, grip: int, credits: int = 5) -> Any:
    """A face-up City Works Project with ``advancement`` counters alone in remote1; the runner with ``grip`` cards.
    R&D and HQ are empty (nothing else is worth a run)."""
    servers = {"remote1": {"root": [{"card": "city_works_project", "counters": {"advancement": advancement}}]}}
    r = play(RECORDS, [], corp=corp(servers=servers, deck=[], hand=[]),
             runner=runner(hand=["spark_of_insight"] * grip, credits=credits))  # fmt: skip
    agenda = r.game.servers["remote1"].root[0]
    agenda.rezzed = True  # face up, as its script installs it
    return r


def test_the_runner_counts_a_face_up_agenda_s_access_damage() -> None:
    r = _city_works(2, 3)
    assert HeuristicRunner(random.Random(0)).known_damage(r.game, "remote1") == 4  # 2, and 1 per counter


def test_the_runner_does_not_run_into_access_damage_that_flatlines_it() -> None:
    """N4: 4 meat damage with 3 cards in the grip flatlines the runner: the run is not worth an agenda."""
    r = _city_works(2, 3)
    assert _runner_choice(r) != "run:remote1"


@pytest.mark.parametrize(("grip", "flatlines"), [(3, True), (4, False), (6, False)])
def test_damage_as_great_as_the_grip_is_no_flatline(grip: int, flatlines: bool) -> None:
    """N4: the runner is flatlined when the damage exceeds the cards in the grip (4 damage, 4 cards: it lives)."""
    r = _city_works(2, grip)
    player = HeuristicRunner(random.Random(0))
    assert player.too_hurt(r.game, "remote1") is flatlines


def test_known_damage_below_a_flatline_is_a_cost() -> None:
    """With cards to spare the agenda is worth its damage; the damage still weighs against the run."""
    player = HeuristicRunner(random.Random(0))
    r = _city_works(1, 6)
    assert player.hurt_cost(r.game, "remote1") > 0
    assert _runner_choice(r) == "run:remote1"
    r = _city_works(0, 6)
    assert player.hurt_cost(r.game, "remote1") < player.hurt_cost(_city_works(1, 6).game, "remote1")


def test_a_rezzed_ambush_is_known_damage_even_before_the_corp_has_dealt_any() -> None:
    """A rezzed asset that does 2 net damage when the run succeeds, the runner with 1 card: a flatline, though
    this corp (Weyland) has dealt no damage yet."""
    servers = {"remote1": {"root": [{"card": "jinteki_hollow_shrine", "rezzed": True}]}}
    r = play(RECORDS, [], corp=corp(identity="weyland_iron_ledger", servers=servers, deck=[], hand=[]),
             runner=runner(hand=["spark_of_insight"], credits=5))  # fmt: skip
    assert _runner_choice(r) != "run:remote1"
    player = HeuristicRunner(random.Random(0))
    assert not player.hurts(r.game) and player.known_damage(r.game, "remote1") == 2
    assert player.too_hurt(r.game, "remote1")


def test_an_unknown_face_down_card_is_no_known_damage() -> None:
    """The same asset face down: the runner cannot know what it is (a guess, counted only against a corp that
    hurts)."""
    servers = {"remote1": {"root": [{"card": "jinteki_hollow_shrine"}]}}
    r = play(RECORDS, [], corp=corp(identity="weyland_iron_ledger", servers=servers, deck=[], hand=[]),
             runner=runner(hand=["spark_of_insight"], credits=5))  # fmt: skip
    assert HeuristicRunner(random.Random(0)).known_damage(r.game, "remote1") == 0


# ---------------------------------------------------------------- 2. no stall before ice it cannot break


def _pulsed(hand: list[str], credits: int = 3, **runner_fields: Any) -> Any:
    """Rezzed Pulse-like ice (a code gate whose card script's subroutine ends the run) on HQ and R&D; Archives
    empty; the runner with no icebreaker."""
    ice = {"ice": [{"card": "pulse", "rezzed": True}]}
    return play(RECORDS, [], corp=corp(servers={"hq": ice, "rnd": ice}, hand=["neutral_plywood_screen"]),
                runner=runner(hand=hand, credits=credits, deck=["spark_of_insight"] * 5, **runner_fields))  # fmt: skip


def test_the_runner_does_not_run_into_rezzed_ice_it_cannot_break_that_ends_the_run() -> None:
    r = _pulsed(["backup_mirror", "basement_flat", "forged_alibi"])
    player = HeuristicRunner(random.Random(0))
    assert player.path_cost(r.game, "hq") is None and player.path_cost(r.game, "rnd") is None
    assert not _runner_choice(r).startswith("run:")


def test_the_runner_draws_for_an_icebreaker_it_lacks() -> None:
    """Three cards in the grip, none of them a decoder: it draws (it drew only with fewer than 3 cards)."""
    r = _pulsed(["backup_mirror", "basement_flat", "forged_alibi"], credits=0)
    assert _runner_choice(r) == "draw"


def test_the_runner_with_the_icebreaker_in_its_grip_installs_it_or_saves_for_it() -> None:
    r = _pulsed(["shade_key", "basement_flat", "forged_alibi"], credits=5)
    assert _runner_choice(r).startswith("install:shade_key")
    r = _pulsed(["shade_key", "basement_flat", "forged_alibi"], credits=1)
    assert _runner_choice(r) == "credit"  # (no more cards: the decoder it holds wants credits)


def test_the_runner_plays_no_run_event_into_ice_it_cannot_break() -> None:
    r = _pulsed(["lobby_crash", "late_night_dig"], credits=6)
    assert not _runner_choice(r).startswith(("play:", "run:"))


def test_a_card_script_s_subroutine_that_ends_the_run_is_read_from_its_printed_text() -> None:
    """The printed text of a card script's subroutine ("end the run unless …") says it ends the run; the one
    that takes credits does not."""
    r = _pulsed([], credits=0)
    ice = r.game.servers["hq"].ice[0]
    subs = [a for a in r.game.abilities(ice) if a.kind == "subroutine"]
    assert [_ends_run(a, ice) for a in subs] == [False, True]


def test_ice_that_gained_subroutines_and_ended_a_run_is_not_run_into_again() -> None:
    """Ice whose subroutines a card script adds as it is met (Masvingo-like: none in its text) ended the run: the
    runner does not count it free to get through next time (it ran into it every click)."""
    ice = {"ice": [{"card": "zz_growing_wall", "rezzed": True, "counters": {"advancement": 1}}]}
    fields = {"corp": corp(servers={"hq": ice, "rnd": ice}, hand=["neutral_plywood_screen"]),
              "runner": runner(hand=["basement_flat"], credits=5, deck=["spark_of_insight"] * 5)}  # fmt: skip
    r = play(RECORDS, [], **fields)
    player = HeuristicRunner(random.Random(0))
    assert player.path_cost(r.game, "hq") == 0  # (never met: nothing in its text to break)
    r = play(RECORDS, ["run:hq"], **fields)
    assert any(e.kind == "end_run" for e in r.game.log) and r.pending is not None and r.pending.kind == "action"
    assert player.path_cost(r.game, "hq") is None
    assert player.path_cost(r.game, "rnd") == 0  # (the copy on R&D it has not met: it cannot know it)
    assert _runner_choice(r) != "run:hq"


# ---------------------------------------------------------------- 10. Archives, as the runner may know it


@pytest.mark.parametrize("facedown", [["neutral_plywood_screen"], ["hb_efficiency_mandate"]])
def test_the_runner_values_archives_without_the_types_of_face_down_cards(facedown: list[str]) -> None:
    r = play(RECORDS, [], corp=corp(discard_facedown=facedown), runner=runner())
    assert HeuristicRunner(random.Random(0)).value(r.game, "archives") == 0.8


@pytest.mark.parametrize(("faceup", "worth"), [(["neutral_plywood_screen"], 0.0), (["hb_efficiency_mandate"], 0.8)])
def test_a_face_up_agenda_in_archives_is_worth_a_run(faceup: list[str], worth: float) -> None:
    r = play(RECORDS, [], corp=corp(discard=faceup), runner=runner())
    assert HeuristicRunner(random.Random(0)).value(r.game, "archives") == worth


# ---------------------------------------------------------------- 8. no undo once the other side's bid is revealed


def _at_psi(machine: str = "heuristic") -> Any:
    """A runner's game against HB (seed 8): a run on remote1 into Reading Gate, rezzed: its psi game asks the
    runner's bid (the corp bid first, in secret). In a game of two people the corp's decisions are the heuristic
    corp's."""
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.session import PERSON, NetrunnerSession, example_deck, new_record

    recs = bundled()
    record = new_record(recs, example_deck(recs, "zero_weaver"), "runner", 8, people=machine == PERSON)
    s = NetrunnerSession(recs, record, "runner", machine)
    corp_player = make_policy("heuristic", "corp", 8)
    mine = iter(["keep", "install:rockbit_drill#87", "run:remote1"])
    while s.pending is not None and not (s.pending.kind == "psi" and s.pending.seat == 2):
        s.apply(next(mine) if s.pending.seat == 2 else corp_player.decide(s.game, s.pending))
    assert s.pending is not None and s.pending.kind == "psi" and s.pending.seat == 2
    return s


def test_a_psi_bid_cannot_be_undone_once_the_bids_are_revealed() -> None:
    """N7: both bids are revealed together. The runner bids last: once it has, it has seen the corp's bid, and
    taking its own back would let it bid again knowing it (web.md: undo only while the decision revealed
    nothing)."""
    from toolkit.engine.netrunner.session import UNDO_REFUSALS
    from toolkit.i18n import t

    s = _at_psi()
    s.apply("bid:1")
    psi = [e for e in s.view(seat=2)["log"] if e["event"] == "psi"]
    assert psi and psi[-1]["corp"] in (0, 1, 2)  # (the corp's bid, shown to the runner)
    labels = s.labels
    assert not s.undo(2) and s.refused == "bid"
    assert s.labels == labels
    assert t("en", UNDO_REFUSALS["bid"]) == ("the other side's secret bid has been revealed since your last decision, "
                                             "so it cannot be undone")  # fmt: skip


def test_nor_between_two_people() -> None:
    s = _at_psi("person")
    s.apply("bid:1")
    assert not s.undo(2)  # (the corp is asked next: ``asked``; once it has decided, ``other``)
    while s.pending is not None and s.pending.seat == 1:
        s.apply("done" if "done" in s.pending.labels() else s.pending.labels()[0])
    assert not s.undo(2) and s.refused in ("other", "bid")


# ---------------------------------------------------------------- 11. a person's saved file seals the machine's


def _played(side: str = "runner", decisions: int = 12) -> Any:
    """A game against the heuristic machine (seed 5), the person's side answered by its heuristic player too."""
    from toolkit.engine.netrunner.players import make_policy
    from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record

    recs = bundled()
    identity = "zero_weaver" if side == "runner" else "hb_tireless_hands"
    s = NetrunnerSession(recs, new_record(recs, example_deck(recs, identity), side, 5), side, "heuristic")
    me = make_policy("heuristic", side, 5)
    for _ in range(decisions):
        if s.pending is None:
            break
        s.apply(me.decide(s.game, s.pending))
    return s


@pytest.mark.parametrize("side", ["runner", "corp"])
def test_the_saved_file_seals_the_machine_s_decisions_and_keeps_the_person_s(side: str) -> None:
    s = _played(side)
    kept = s.saved(sealed=True)
    plain = s.saved()
    seat = 2 if side == "runner" else 1
    mine = [d["seat"] == seat for d in s.game.decisions]
    assert any(mine) and not all(mine)
    for label, sealed, own in zip(plain["decisions"], kept["decisions"], mine, strict=True):
        assert sealed == label if own else (sealed.startswith("sealed:") and label not in sealed)
    assert kept["seed"] == plain["seed"]  # (as a tactics save keeps it: the game is replayed from it)


def test_the_machine_corp_s_face_down_installs_are_not_in_the_file_in_plain_text() -> None:
    """The runner's file: the corp's ``install:<card>#<n>@<server>`` named the card it installed face down."""
    import json

    s = _played("runner")
    installs = [d["label"] for d in s.game.decisions if d["seat"] == 1 and d["label"].startswith("install:")]
    assert installs
    text = json.dumps(s.saved(sealed=True)["decisions"])
    for label in installs:
        assert label.split(":", 1)[1].split("#")[0] not in text  # (the decks list every card: the person's own)
    assert installs[0] in json.dumps(s.saved()["decisions"])


@pytest.mark.parametrize("side", ["runner", "corp"])
def test_a_sealed_file_replays_the_same_game(side: str) -> None:
    from toolkit.engine.netrunner.session import NetrunnerSession

    s = _played(side)
    again = NetrunnerSession(bundled(), s.saved(sealed=True), side, "heuristic")
    assert again.labels == s.labels and again.game.log.to_json() == s.game.log.to_json()
    assert again.saved(sealed=True) == s.saved(sealed=True)  # (saved again: sealed again, the same)


def test_replay_game_opens_sealed_decisions_and_a_file_of_before_reads_as_it_was() -> None:
    from toolkit.engine.netrunner.saved import opened, replay_game

    s = _played("runner")
    kept = s.saved(sealed=True)
    assert opened(kept)["decisions"] == s.labels
    assert opened(s.saved()) == s.saved()  # (a file saved before sealing: its labels as they are)
    game = replay_game(bundled(), kept)
    assert list(game.replay) == s.labels


def test_a_sealed_decision_changed_by_hand_is_refused_as_the_label_it_is() -> None:
    from toolkit.engine.core import EngineError
    from toolkit.engine.netrunner.session import NetrunnerSession

    s = _played("runner")
    kept = s.saved(sealed=True)
    broken = list(kept["decisions"])
    first = next(i for i, x in enumerate(broken) if x.startswith("sealed:"))
    broken[first] = "sealed:%%%"
    with pytest.raises(EngineError):
        NetrunnerSession(bundled(), {**kept, "decisions": broken}, "runner", "heuristic")


# ---------------------------------------------------------------- 3. ice trashed while it is encountered


def _drive(corp_fields: dict[str, Any], runner_fields: dict[str, Any], steps: list[str]) -> Any:
    """The position played by ``steps``, each the start of the label of an option of the pending decision (the
    first that starts so), the position laid out again for each (the labels name cards by numbers the game gives)."""
    labels: list[str] = []
    r = play(RECORDS, labels, corp=corp_fields, runner=runner_fields)
    for step in steps:
        assert r.pending is not None, (labels, step)
        labels.append(next(o.label for o in r.pending.options if o.label.startswith(step)))
        r = play(RECORDS, labels, corp=corp_fields, runner=runner_fields)
    return r


def _cut_run(steps: list[str], ice: list[dict[str, Any]] | None = None) -> Any:
    """A run on HQ through Reading Gate (outermost) and a wall, both rezzed, the runner able to trash the ice it
    faces and paid for each ice it passes."""
    ice = ice or [{"card": "neutral_plywood_screen", "rezzed": True}, {"card": "hb_reading_gate", "rezzed": True}]
    return _drive(
        corp(servers={"hq": {"ice": ice}}, hand=["hb_efficiency_mandate"], credits=0),
        runner(rig=[{"card": "zz_ice_cutter"}, {"card": "zz_pass_meter"}], credits=0),
        ["run:hq", *steps],
    )


def _kinds(r: Any) -> list[tuple[str, str]]:
    return [(e.kind, str(e.data.get("ice") or e.data.get("card") or "")) for e in r.game.log
            if e.kind in ("approach", "encounter", "trashed", "pass", "run_successful", "access")]  # fmt: skip


def test_ice_trashed_while_encountered_is_not_passed_and_the_run_goes_on_inward() -> None:
    """CR/N5: ice that leaves play during its encounter is not passed (what fires as ice is passed does not fire)
    and the run goes on to the next position inward, from the movement step; the log names the ice as it was
    (never "unrezzed ice")."""
    r = _cut_run(["done", "use:zz_ice_cutter"])
    assert r.pending is not None and r.pending.kind == "jack_out"  # (the movement step, after the gate)
    log = _kinds(r)
    gate = next(ice for kind, ice in log if kind == "encounter")
    assert ("trashed", gate) in log
    assert not [k for k in log if k[0] == "pass"]
    assert r.game.runner.credits == 0  # (nothing paid for passing ice)
    assert "unrezzed ice" not in str([e.data for e in r.game.log])
    r = _cut_run(["done", "use:zz_ice_cutter", "continue", "done", "use:zz_ice_cutter", "continue"])
    log = _kinds(r)
    approached = [ice for kind, ice in log if kind == "approach"]
    trashed = [ice for kind, ice in log if kind == "trashed"]
    assert approached == trashed and len(approached) == 2 and approached[0] == gate
    assert ("run_successful", "") in log and not [k for k in log if k[0] == "pass"]
    assert r.game.runner.credits == 0


def test_ice_trashed_while_approached_is_not_met_again() -> None:
    """The middle of three pieces of ice trashed as it is approached: the run goes on to the innermost (it met the
    outer one again: the position then named it)."""
    ice = [{"card": "neutral_plywood_screen", "rezzed": True}, {"card": "neutral_patrol_script"},
           {"card": "nbn_banner_storm", "rezzed": True}]  # fmt: skip
    r = _cut_run(["done", "done", "continue", "use:zz_ice_cutter", "done", "continue", "done", "done"], ice)
    log = _kinds(r)
    encountered = [ice for kind, ice in log if kind == "encounter"]
    assert len(encountered) <= 2 and encountered[0] != encountered[-1]  # the outer one once, then the inner one
    assert [kind for kind, _ in log].count("pass") == 1  # (the outer one)
    assert [kind for kind, _ in log].count("approach") == 3


# ---------------------------------------------------------------- 4. a runner card hosted on corp ice


def test_a_scenario_hosts_a_runner_program_on_corp_ice() -> None:
    """The engine hosts a program on ice (a Parasite) and the schema says ``hosted`` holds runner cards: a scenario
    lays one out on the ice, in the rig, hosted there (it leaves with its host, N9). (Stop 69: only a card the engine
    hosts there, as Parasite's text does; a program whose text says nothing of it is refused.)"""
    ice = [{"card": "neutral_plywood_screen", "rezzed": True, "hosted": [{"card": "parasite",
                                                                          "counters": {"virus": 2}}]}]  # fmt: skip
    r = play(RECORDS, [], corp=corp(servers={"hq": {"ice": ice}}), runner=runner())
    host = r.game.servers["hq"].ice[0]
    hosted = [c for c in r.game.runner.rig if c.id == "parasite"]
    assert len(hosted) == 1 and hosted[0].host is host and host.hosted == hosted
    assert hosted[0].counters == {"virus": 2}
    r.game.trash(host, "test")
    assert not [c for c in r.game.runner.rig if c.id == "parasite"]


def test_only_runner_cards_are_hosted_on_corp_ice() -> None:
    from toolkit.engine.netrunner.scenario import ScenarioError

    ice = [{"card": "neutral_plywood_screen", "hosted": [{"card": "hb_efficiency_mandate"}]}]
    with pytest.raises(ScenarioError, match="/corp/servers/hq/ice/0/hosted/0"):
        play(RECORDS, [], corp=corp(servers={"hq": {"ice": ice}}), runner=runner())


# ---------------------------------------------------------------- 5. an identity's recurring credits


def _identity(card_id: str, side: str, text: list[str]) -> Any:
    from toolkit.models import RECORD_ADAPTER

    data = {"game": "netrunner", "kind": "identity", "id": card_id, "side": side, "faction": f"neutral_{side}",
            "subtypes": [], "name": {"zh-Hans": card_id, "en": card_id}, "text": text, "min_deck_size": 40,
            "influence_limit": 15, **({"base_link": 0} if side == "runner" else {})}  # fmt: skip
    return RECORD_ADAPTER.validate_python(data)


TRACER_RUNNER = _identity("zz_trace_dodger", "runner", ["本牌有 2 点循环信用点，只能用于提升追踪强度。"])


def test_a_scenario_s_identity_starts_with_its_recurring_credits() -> None:
    """N10: refilled at the start of its controller's turn; a scenario laid out in the middle of the runner's turn has
    them as a game would (a trace's link raised with them)."""
    r = play([*RECORDS, TRACER_RUNNER], [], corp=corp(), runner=runner(identity="zz_trace_dodger", credits=0))
    identity = r.game.runner.identity
    assert identity.recurring == 2
    assert r.game.available("runner", "trace") == 2 and r.game.available("runner", None) == 0


# ---------------------------------------------------------------- 6. a decision naming a copy that is not there


def test_a_scenario_decision_naming_a_wrong_copy_is_refused_naming_the_decision() -> None:
    """``play:spark_of_insight#99`` where the grip holds another copy: refused as a wrong id is (it played the first
    copy), the message naming the decision, the label and the options."""
    from toolkit.engine.core import EngineError

    r = play(RECORDS, [], runner=runner(hand=["spark_of_insight"]))
    offered = next(o.label for o in r.pending.options if o.label.startswith("play:spark_of_insight#"))
    wrong = offered.rsplit("#", 1)[0] + "#99"
    assert wrong != offered
    with pytest.raises(EngineError) as caught:
        play(RECORDS, [wrong], runner=runner(hand=["spark_of_insight"]))
    message = str(caught.value)
    assert message.startswith("decision 1 (") and repr(wrong) in message and offered in message
    with pytest.raises(EngineError, match="is not an option"):
        play(RECORDS, ["play:no_such_card#9"], runner=runner(hand=["spark_of_insight"]))


def test_a_label_without_a_number_still_names_the_first_copy() -> None:
    r = play(RECORDS, ["play:spark_of_insight"], runner=runner(hand=["spark_of_insight", "spark_of_insight"]))
    assert [e.data["card"] for e in r.game.log if e.kind == "play"]
    assert sum(1 for c in r.game.runner.hand if c.id == "spark_of_insight") == 1 + 3  # one left, three drawn


def test_the_right_number_plays_that_copy() -> None:
    r = play(RECORDS, [], runner=runner(hand=["spark_of_insight", "spark_of_insight"]))
    second = [o.label for o in r.pending.options if o.label.startswith("play:spark_of_insight#")][1]
    r = play(RECORDS, [second], runner=runner(hand=["spark_of_insight", "spark_of_insight"]))
    played = [e.data["card"] for e in r.game.log if e.kind == "play"]
    assert played and played[0].endswith("#" + second.rsplit("#", 1)[1])


# ---------------------------------------------------------------- 9. "an ice", never "a ice"


def _said_en(value: Any) -> str:
    from toolkit.engine.core import said
    from toolkit.i18n import use_lang

    with use_lang("en"):
        return said(value)


def test_the_prompt_to_trash_ice_says_an_ice() -> None:
    """Fuse Burst-like: a successful run on a central trashes 1 piece of ice (销毁 1 个防火墙), the runner's choice of
    two."""
    ice = [{"card": "neutral_plywood_screen"}, {"card": "neutral_plywood_screen"}]
    r = play(RECORDS, ["play:fuse_burst", "hq", "continue"], corp=corp(servers={"rnd": {"ice": ice}}, hand=[]),
             runner=runner(hand=["fuse_burst"], credits=6))  # fmt: skip
    assert r.pending is not None and r.pending.kind == "target"
    assert _said_en(r.pending.prompt).startswith("trash an ice") and "a ice" not in _said_en(r.pending.prompt)


@pytest.mark.parametrize(
    ("card_type", "words"),
    [
        ("ice", "trash an ice"),
        ("asset", "trash an asset"),
        ("program", "trash a program"),
        ("hardware", "trash a hardware"),
    ],
)
def test_the_article_fits_the_type(card_type: str, words: str) -> None:
    from toolkit.engine.netrunner.state import a_or_an
    from toolkit.engine.phrase import Phrase, Term
    from toolkit.i18n.words import N_

    prompt = Phrase(a_or_an(card_type, N_("trash a {type}"), N_("trash an {type}")), type=Term("type", card_type))
    assert _said_en(prompt) == words


# ---------------------------------------------------------------- 7. boosts while they may matter


def _boosts(r: Any) -> list[str]:
    return [o.label for o in r.pending.options if o.label.startswith(("boost:", "use:zz_long_blade"))]


def test_a_boost_that_lasts_the_run_is_offered_once_the_breaker_matches_the_ice() -> None:
    """N5: any number of boosts; one that lasts the run matters for the ice further in (Gordian Blade-like): offered
    while the breaker is as strong as the ice already, and the strength carries to the next ice."""
    ice = [{"card": "weyland_customs_checkpoint", "rezzed": True}, {"card": "neutral_checksum_gate", "rezzed": True}]
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": ice}}),
             runner=runner(rig=[{"card": "zz_long_blade"}], credits=9))  # fmt: skip
    assert r.pending is not None and r.pending.kind == "break"  # the gate: strength 2, the blade 2
    assert _boosts(r)


def test_a_boost_for_this_encounter_only_is_offered_while_it_does_something() -> None:
    """An encounter's boost of a breaker as strong as the ice does nothing (it can be bought later in the encounter,
    should the ice grow): offered only to a weaker breaker."""
    ice = [{"card": "neutral_checksum_gate", "rezzed": True}]
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": ice}}),
             runner=runner(rig=[{"card": "shade_key"}], credits=5))  # fmt: skip
    assert r.pending is not None and r.pending.kind == "break" and not _boosts(r)
    r = play(RECORDS, ["run:hq"], corp=corp(servers={"hq": {"ice": ice}}),
             runner=runner(rig=[{"card": "wildcard_key"}], credits=5))  # fmt: skip
    assert _boosts(r)
