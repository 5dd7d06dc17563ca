"""Two ways the runner learnt what HQ holds, and the corp what the grip held (stop 64):

1. An install that could not be made said why to both sides (``install failed (reason: no asset in the hand can be
   installed)``): the reason is the hand's, and its side's own; the other side is shown nothing of it, or, when the
   side said yes to a "you may install …", its declining (what it is shown when the side says no).
2. A card that came out of HQ or R&D face up (an operation played, a card trashed or stolen there) was shown to the
   runner by its own number, and the numbers follow the order of R&D when the game began (the decks are shuffled,
   then numbered): the runner learnt when the card was drawn. It now gets a number of the runner's own then, in
   games of two people and against the machine alike.
3. The same the other way: a runner card come out of the grip or the stack (an event played, a card installed,
   trashed from the grip or milled) was shown to the corp by its own number, its place in the shuffled stack; the
   corp now knows it by a number of its own (from CORP_VIEW_BASE), and a card still in the grip or the stack by its
   name only; the runner's view and log are as they were.

Each test reads the seat's view as the page and ``/api/play/ID`` give it (:meth:`NetrunnerSession.view`), or the
log as the seat is shown it (:meth:`NetrunnerGame.seen_log`, what that view is made of)."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.netrunner.game import CORP_VIEW_BASE, VIEW_BASE
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scenario import set_up
from toolkit.engine.netrunner.session import PERSON, NetrunnerSession, example_deck, new_record, revealed
from toolkit.engine.phrase import Phrase
from toolkit.i18n.words import N_
from toolkit.models.scenario import Scenario

from .conftest import CARDS
from .scripts.kit import card, corp, play, runner

CORP, RUNNER = 1, 2

# our own wording of cards whose scripts install from a hidden zone (tests/scripts/kit.py: the import's reading)
MODDED = card("modded", "event", ["Install a program or a piece of hardware from your grip, paying 3[credit] less."],
              cost=0, faction="shaper")  # fmt: skip
BUILDING_BLOCKS = card("building_blocks", "operation", ["Show a barrier from HQ, then install it and rez it without "
                                                        "paying any cost."], cost=0)  # fmt: skip


@cache
def pool() -> list[Any]:
    """The bundled records (the web app's games: the example decks are built from them)."""
    return list(load_catalog([CARDS / "netrunner"]).records)


@cache
def records() -> list[Any]:
    """The bundled records and the fixtures, for positions laid out by a scenario."""
    return [*pool(), MODDED, BUILDING_BLOCKS]


def session(seed: int, corp_id: str, runner_id: str, machine: str, side: str) -> NetrunnerSession:
    """A new game as the web app starts it: the person on ``side``, the other side ``machine`` (or a person)."""
    recs = pool()
    decks = {"corp": example_deck(recs, corp_id), "runner": example_deck(recs, runner_id)}
    other = "runner" if side == "corp" else "corp"
    record = new_record(recs, decks[side], side, seed, theirs=decks[other], people=machine == PERSON)
    return NetrunnerSession(recs, record, side, machine)


def answer(s: NetrunnerSession, until: Any = None, limit: int = 600) -> None:
    """Answer the pending decisions as the heuristic players would (both sides' in a game of two people), until
    ``until(s)`` holds, the game ends or ``limit`` decisions were taken."""
    seed = int(s.record["seed"])
    players = {CORP: make_policy("heuristic", "corp", seed), RUNNER: make_policy("heuristic", "runner", seed)}
    for _ in range(limit):
        if s.pending is None or (until is not None and until(s)):
            return
        s.apply(players[s.pending.seat].decide(s.game, s.pending))


def log_of(s: NetrunnerSession, seat: int) -> list[dict[str, Any]]:
    return list(s.view(seat=seat)["log"])


# ---------------------------------------------------------------- 1. an install that could not be made


def test_the_runner_is_not_told_that_hq_holds_no_asset_to_install_against_the_machine() -> None:
    # seed 13: the machine's Silent Garden says yes to "install 1 asset" as each turn ends, HQ holding none at times
    s = session(13, "jinteki_silent_garden", "zero_weaver", "heuristic", "runner")
    answer(s, limit=120)
    failed = [e for e in log_of(s, CORP) if e["event"] == "install_failed"]
    assert failed and "asset" in failed[0]["reason"]  # (the corp sees why)
    shown = log_of(s, RUNNER)
    assert not [e for e in shown if e["event"] == "install_failed"]
    assert "in the hand" not in json.dumps(shown, ensure_ascii=False)
    by_seq = {e["seq"]: e for e in shown}
    for entry in failed:  # the runner is shown the corp's declining, as when it says no
        assert by_seq[entry["seq"]] == {"seq": entry["seq"], "event": "declined", "player": CORP,
                                        "text": "你安装 1 个资产。", "visible": "all"}  # fmt: skip


def test_the_runner_is_not_told_that_hq_holds_no_asset_to_install_between_two_people() -> None:
    s = session(13, "jinteki_silent_garden", "zero_weaver", PERSON, "corp")
    answer(s, limit=120)
    assert [e for e in log_of(s, CORP) if e["event"] == "install_failed"]
    assert not [e for e in log_of(s, RUNNER) if e["event"] == "install_failed"]


def test_saying_yes_to_installing_what_hq_does_not_hold_looks_to_the_runner_as_saying_no() -> None:
    # 你可以安装 1 个防火墙。你可以安装 1 个资产。 with neither in HQ: yes to both, or no to both
    def shown(answers: list[str]) -> list[dict[str, Any]]:
        r = play(records(), ["play:neutral_rapid_deployment", *answers], active="corp",
                 corp=corp(hand=["neutral_rapid_deployment", "neutral_pilot_scheme"], credits=5))  # fmt: skip
        start = next(i for i, e in enumerate(r.game.seen_log(RUNNER)) if e.kind == "play")
        return [e.to_json() for e in r.game.seen_log(RUNNER)[start:]]

    said_yes, said_no = shown(["yes", "yes"]), shown(["no", "no"])
    assert said_yes == said_no
    assert [e["event"] for e in said_no].count("declined") == 2


def test_the_corp_is_not_told_that_the_grip_holds_no_program_to_install() -> None:
    # the runner's "you may" (Field Assembly) and a card script's own failure (Modded): the grip is the runner's
    r = play(records(), ["play:field_assembly", "yes"], runner=runner(hand=["field_assembly", "spark_of_insight"]))
    assert [e.kind for e in r.game.seen_log(RUNNER)].count("install_failed") == 1
    assert "install_failed" not in [e.kind for e in r.game.seen_log(CORP)]
    assert "declined" in [e.kind for e in r.game.seen_log(CORP)]
    r = play(records(), ["play:modded"], runner=runner(hand=["modded", "spark_of_insight"]))
    assert [e.kind for e in r.game.seen_log(RUNNER)].count("install_failed") == 1
    assert "install_failed" not in [e.kind for e in r.game.seen_log(CORP)]


def test_an_operation_with_no_card_of_hq_to_install_tells_the_runner_nothing_of_hq() -> None:
    r = play(records(), ["play:building_blocks"], active="corp",
             corp=corp(hand=["building_blocks", "neutral_pilot_scheme"], credits=5))  # fmt: skip
    assert [e.kind for e in r.game.seen_log(CORP)].count("install_failed") == 1
    assert "install_failed" not in [e.kind for e in r.game.seen_log(RUNNER)]


# ---------------------------------------------------------------- 2. the numbers of cards come out of HQ or R&D


def _corp_numbers(s: NetrunnerSession) -> set[int]:
    """The numbers of the corp's cards (but its identity): none of them is ever the runner's to see."""
    return {c.uid for c in [*s.game.corp.deck, *s.game.corp.hand]}


def _numbers_shown_to_the_runner(s: NetrunnerSession) -> set[int]:
    text = json.dumps(s.view(seat=RUNNER), ensure_ascii=False, default=str)
    return {int(n) for n in re.findall(r"#(\d+)", text)} | {int(n) for n in re.findall(r'"uid": (\d+)', text)}


def _played_by_the_corp(s: NetrunnerSession) -> bool:
    return any(e.kind == "play" and e.player == CORP for e in s.game.log)


def test_an_operation_played_between_two_people_is_shown_to_the_runner_by_a_new_number() -> None:
    # hot-seat seed 22: Budget Reallocation, in HQ since the opening hand, was shown as #44 (the 2nd card of R&D)
    s = session(22, "weyland_skyward_holdings", "zero_weaver", PERSON, "corp")
    secret = _corp_numbers(s)
    answer(s, until=_played_by_the_corp)
    played = next(e for e in s.game.log if e.kind == "play" and e.player == CORP)
    own = int(played.data["card"].rpartition("#")[2])
    assert own in secret
    seen = next(e for e in log_of(s, RUNNER) if e["seq"] == played.seq)
    number = int(seen["card"].rpartition("#")[2])
    assert number >= VIEW_BASE and number != own
    assert next(e for e in log_of(s, CORP) if e["seq"] == played.seq)["card"] == played.data["card"]
    assert not _numbers_shown_to_the_runner(s) & secret


def test_no_number_of_a_corp_card_reaches_the_runner_in_either_kind_of_game() -> None:
    for machine, side in ((PERSON, "corp"), ("heuristic", "runner")):
        s = session(22, "weyland_skyward_holdings", "zero_weaver", machine, side)
        secret = _corp_numbers(s)
        for _ in range(16):  # (a look every 25 decisions: the view, the log and the pending decision's labels)
            answer(s, limit=25)
            assert not _numbers_shown_to_the_runner(s) & secret, (machine, len(s.labels))
            if s.pending is None:
                break
        kinds = {e["event"] for e in log_of(s, RUNNER) if re.search(r"#1\d{3}\b", json.dumps(e, ensure_ascii=False))}
        assert {"play", "trashed", "steal"} <= kinds, (machine, kinds)  # played, trashed and stolen from HQ/R&D


def test_a_card_of_r_and_d_trashed_face_up_is_new_to_the_runner_by_its_new_number() -> None:
    # the top card of R&D goes to Archives face up, never named while in R&D: the runner sees it by its new number,
    # and an undo across that would take back what it saw (NetrunnerSession.undo: "seen")
    game = set_up(records(), Scenario.model_validate({
        "game": "netrunner", "name": "mill", "active": "runner",
        "corp": {"identity": "weyland_skyward_holdings", "credits": 5, "deck": ["neutral_pilot_scheme"] * 3},
        "runner": {"identity": "zero_weaver", "credits": 5, "deck": ["spark_of_insight"] * 3}}))  # fmt: skip
    after = game.clone()
    top = after.corp.deck.pop()
    after.to_discard(top, "trashed")
    seen = after.seen_log(RUNNER)[-1].data["card"]
    assert int(seen.rpartition("#")[2]) >= VIEW_BASE and str(top) != seen
    assert after.view(RUNNER)["corp"]["archives"][0]["uid"] == int(seen.rpartition("#")[2])
    assert revealed(game, after, RUNNER)


def test_a_game_saved_with_the_old_numbers_replays_and_seeing_a_played_card_still_stops_an_undo() -> None:
    # (seed 32: the heuristic runner of stop 68 plays seed 22 otherwise, and no longer accesses Archives there)
    s = session(32, "weyland_skyward_holdings", "zero_weaver", PERSON, "corp")
    answer(s)
    assert s.pending is None
    own = {h: uid for uid, h in [*s.game.handles.items(), *((u, h) for h, u in s.game.dropped.items())]}
    old = [re.sub(r"#(\d+)", lambda m: f"#{own.get(int(m[1]), int(m[1]))}", label) for label in s.labels]
    assert old != s.labels  # (the runner's order of accesses in Archives named cards trashed from HQ by their uids)
    again = NetrunnerSession(pool(), {**s.record, "decisions": old}, "corp", PERSON)
    assert again.labels == s.labels and again.game.log.to_json() == s.game.log.to_json()
    # the runner undoing across the corp's playing an operation would take back what it saw
    labels = s.labels
    played = next(i for i in range(len(labels)) if labels[i].startswith("play:neutral_budget_reallocation"))
    before = NetrunnerSession(pool(), {**s.record, "decisions": labels[:played]}, "corp", PERSON)
    after = NetrunnerSession(pool(), {**s.record, "decisions": labels[: played + 1]}, "corp", PERSON)
    assert revealed(before.game, after.game, RUNNER)


# ---------------------------------------------------------------- 3. the same the other way: the runner's cards
# The runner's cards are numbered once the stack is shuffled too: a card played, installed (the runner installs face
# up), trashed from the grip or milled from the stack was shown to the corp by its own number (``Overnight
# Takeout#86``), telling the corp when it was drawn. The corp now knows it by a number of its own (CORP_VIEW_BASE on,
# a range no other number meets), and a runner card still in the grip or the stack by its name only (``@grip`` in
# the corp's options); the runner's view and log are as they were.


def _runner_numbers(s: NetrunnerSession) -> set[int]:
    """The numbers of the runner's cards (but its identity): none of them is ever the corp's to see."""
    return {c.uid for c in [*s.game.runner.deck, *s.game.runner.hand]}


def _numbers_shown_to_the_corp(s: NetrunnerSession) -> set[int]:
    text = json.dumps(s.view(seat=CORP), ensure_ascii=False, default=str)
    return {int(n) for n in re.findall(r"#(\d+)", text)} | {int(n) for n in re.findall(r'"uid": (\d+)', text)}


def _played_by_the_runner(s: NetrunnerSession) -> bool:
    return any(e.kind == "play" and e.player == RUNNER for e in s.game.log)


def test_an_event_played_between_two_people_is_shown_to_the_corp_by_a_new_number() -> None:
    s = session(22, "weyland_skyward_holdings", "zero_weaver", PERSON, "corp")
    secret = _runner_numbers(s)
    answer(s, until=_played_by_the_runner)
    played = next(e for e in s.game.log if e.kind == "play" and e.player == RUNNER)
    own = int(played.data["card"].rpartition("#")[2])
    assert own in secret
    seen = next(e for e in log_of(s, CORP) if e["seq"] == played.seq)
    number = int(seen["card"].rpartition("#")[2])
    assert number >= CORP_VIEW_BASE and number == s.game.corp_uid(next(c for c in s.game.runner.discard
                                                                            if c.uid == own))  # fmt: skip
    # the runner is shown its own card as it was: by its own number
    assert next(e for e in log_of(s, RUNNER) if e["seq"] == played.seq)["card"] == played.data["card"]
    assert not _numbers_shown_to_the_corp(s) & secret


@pytest.mark.slow
def test_no_number_of_a_runner_card_reaches_the_corp_in_either_kind_of_game() -> None:
    for seed in (18, 22, 23):
        for machine in (PERSON, "heuristic"):  # (the person on the corp: the machine plays the runner)
            s = session(seed, "weyland_skyward_holdings", "zero_weaver", machine, "corp")
            secret = _runner_numbers(s)
            for _ in range(16):  # (a look every 25 decisions: the view, the log and the pending decision's labels)
                answer(s, limit=25)
                assert not _numbers_shown_to_the_corp(s) & secret, (seed, machine, len(s.labels))
                if s.pending is None:
                    break
            shown = [json.dumps(e, ensure_ascii=False) for e in log_of(s, CORP)]
            kinds = {e["event"] for e, text in zip(log_of(s, CORP), shown, strict=True) if re.search(r"#5\d{3}\b", text)}
            assert {"play", "install", "trashed"} <= kinds, (seed, machine, kinds)
            # the runner's log names its own cards by their own numbers, as the full log does, and no corp handle
            runner_log = json.dumps(log_of(s, RUNNER), ensure_ascii=False)
            assert not re.search(r"#5\d{3}\b", runner_log)
            view = s.view(seat=RUNNER)["runner"]
            assert [c["uid"] for c in view["rig"]] == [c.uid for c in s.game.runner.rig if c.host is None]
            assert [c["uid"] for c in view["heap"]] == [c.uid for c in s.game.runner.discard]


@pytest.mark.slow
def test_the_corp_s_trashing_a_resource_names_it_by_the_corp_s_number_and_an_old_save_replays() -> None:
    # hot-seat seed 23: the corp trashes the tagged runner's resources (trash_resource:basement_flat#78 then; seed 22
    # did, before the heuristic runner of stop 68 played it otherwise)
    s = session(23, "weyland_skyward_holdings", "zero_weaver", PERSON, "corp")
    answer(s)
    assert s.pending is None
    corp_labels = [d["label"] for d in s.game.decisions if d["seat"] == CORP]
    trashing = [x for x in corp_labels if x.startswith("trash_resource:")]
    assert trashing and all(int(x.rpartition("#")[2]) >= CORP_VIEW_BASE for x in trashing)
    # a game saved before named those cards by their own numbers (the labels it recorded, as checked against the
    # tree before this change): it replays to the same game, its labels read as today's
    own = {h: uid for uid, h in [*s.game.corp_handles.items(), *((u, h) for h, u in s.game.corp_dropped.items())]}
    old = [re.sub(r"#(\d+)", lambda m: f"#{own.get(int(m[1]), int(m[1]))}", label) for label in s.labels]
    assert old != s.labels and "trash_resource:basement_flat#78" in old
    again = NetrunnerSession(pool(), {**s.record, "decisions": old}, "corp", PERSON)
    assert again.labels == s.labels and again.game.log.to_json() == s.game.log.to_json()
    assert again.view(seat=RUNNER) == s.view(seat=RUNNER)
    assert [f["label"] for f in again.frames()] == [f["label"] for f in s.frames()]


def test_the_corp_undoing_across_the_runner_s_playing_an_event_would_take_back_what_it_saw() -> None:
    s = session(22, "weyland_skyward_holdings", "zero_weaver", PERSON, "corp")
    answer(s, until=_played_by_the_runner)
    labels = s.labels
    played = max(i for i, d in enumerate(s.game.decisions) if d["seat"] == RUNNER)
    before = NetrunnerSession(pool(), {**s.record, "decisions": labels[:played]}, "corp", PERSON)
    after = NetrunnerSession(pool(), {**s.record, "decisions": labels[: played + 1]}, "corp", PERSON)
    assert _played_by_the_runner(after) and not _played_by_the_runner(before)
    assert revealed(before.game, after.game, CORP)


def _grip_position() -> Any:
    return set_up(records(), Scenario.model_validate({
        "game": "netrunner", "name": "grip", "active": "corp",
        "corp": {"identity": "weyland_skyward_holdings", "credits": 5, "deck": ["neutral_pilot_scheme"] * 3},
        "runner": {"identity": "zero_weaver", "credits": 5, "deck": ["spark_of_insight"] * 3,
                   "hand": ["spark_of_insight", "modded", "spark_of_insight"]}}))  # fmt: skip


def test_a_runner_card_of_the_grip_is_named_to_the_corp_by_its_name_only() -> None:
    # a card paid for before it leaves the grip, searched from the stack or revealed there: the corp is told its
    # name (the runner its number, as before)
    game = _grip_position()
    card = game.runner.hand[1]
    entry = game.log.add("reveal", RUNNER, card=str(card), zone="grip")
    assert next(e for e in game.seen_log(CORP) if e.seq == entry.seq).data["card"] == card.name
    assert next(e for e in game.seen_log(RUNNER) if e.seq == entry.seq).data["card"] == str(card)
    paying = game.log.add("pay", RUNNER, credits=1, reason=Phrase(N_("playing {card}"), card=str(card)))
    assert str(card) not in str(next(e for e in game.seen_log(CORP) if e.seq == paying.seq).data["reason"])
    assert game.log.to_json()[-1]["reason"] == f"playing {card}"  # (the full log as it was)


def test_the_corp_chooses_among_cards_of_the_grip_by_where_they_are_and_an_old_label_finds_its_copy() -> None:
    game = _grip_position()
    asked: list[Any] = []

    class Corp:
        def decide(self, g: Any, decision: Any) -> str:
            asked.append(decision)
            return str(decision.options[-1].label)

    game.policies[CORP] = Corp()
    first, _, second = game.runner.hand
    chosen = game.choose("corp", "target", "trash a card from the grip", list(game.runner.hand))
    labels = [o.label for o in asked[0].options]
    assert labels == ["modded@grip", "spark_of_insight@grip", "spark_of_insight@grip~2"]  # (by label: stop 68)
    assert not re.search(r"#\d", json.dumps([str(o.text) for o in asked[0].options], ensure_ascii=False))
    assert chosen is second
    # a game saved before named the second copy by its number: that copy, not the first
    game.replay.append(f"spark_of_insight#{second.uid}")
    assert game.choose("corp", "target", "trash a card from the grip", list(game.runner.hand)) is second
    game.replay.append(f"spark_of_insight#{first.uid}")
    assert game.choose("corp", "target", "trash a card from the grip", list(game.runner.hand)) is first
    game.replay.append("modded")  # (a scenario's label without a number: the card of that id)
    assert game.choose("corp", "target", "trash a card from the grip", list(game.runner.hand)).id == "modded"
