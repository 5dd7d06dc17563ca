"""Stop 68's Netrunner leftovers (found by earlier sweeps, fixed here):

1. The play session took only ``search:1`` by name for a searching opponent, so the terminal made it as that and
   told it its time afterwards: its moves before the person's first decision thought 1 s. A session takes ``search``
   with any time ``--think`` offers (``search:SECONDS``) and its player thinks that long from its first move.
2. The corp's options naming cards of the grip came in the grip's order (the order the runner drew them: the
   corp would learn which card came in last); they follow the rule the runner's options of HQ cards follow: in the
   order of their labels, in the places they took among the others.
3. Smash Night's "trash 1 asset" (an effect naming a card type) and a face-down asset: a face-down card is of no type
   to the runner (its identity stays hidden), but one the runner accessed where it still is, it knows: it was not
   offered, though the runner knew it for an asset (and the machine's runners count it as known).
4. Searching the stack (or R&D) for a card offers "find nothing": a player searching a hidden zone may fail to find
   (with one match the card was taken without asking).
5. Plascrete Carapace's last counter: paid as the cost of its prevention, the card emptied and was trashed before
   the prevention was logged; the card is trashed once its ability has resolved.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.scripts.kit import corp, play, runner
from tests.test_netrunner_engine_s66 import GRIP, RECORDS
from tests.test_netrunner_hidden_s64 import _grip_position
from tests.test_netrunner_rules import RECORDS as PLAIN_RECORDS
from tests.test_netrunner_rules import events, scenario
from toolkit.engine.core import EngineError
from toolkit.engine.netrunner import search as nr_search
from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record

CORP, RUNNER = 1, 2


def labels(r: Any) -> list[str]:
    return [o.label for o in r.pending.options]


# ---------------------------------------------------------------- 1. a searching opponent with its own time


def _record(side: str = "runner", seed: int = 5) -> dict[str, Any]:
    identity = "zero_weaver" if side == "runner" else "hb_tireless_hands"
    return new_record(PLAIN_RECORDS, example_deck(PLAIN_RECORDS, identity), side, seed)


def _thinking(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The time the searching player thinks at each of its decisions, as it makes them."""
    seen: list[float] = []
    decide = nr_search.SearchPolicy.decide

    def recorded(self: Any, game: Any, decision: Any) -> str:
        seen.append(self.think)
        return decide(self, game, decision)

    monkeypatch.setattr(nr_search.SearchPolicy, "decide", recorded)
    return seen


@pytest.mark.parametrize("machine", ["search:0.05", "search:0.2", "search"])
def test_a_session_takes_a_searching_opponent_with_any_time(machine: str) -> None:
    session = NetrunnerSession(PLAIN_RECORDS, _record("corp"), "corp", machine)
    assert session.machine == machine and session.pending is not None
    again = NetrunnerSession.from_json(PLAIN_RECORDS, session.to_json())
    assert again.machine == machine


def test_the_searching_opponent_thinks_its_time_from_its_first_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The corp moves first: every decision it makes before the runner's first is made thinking 0.05 s."""
    seen = _thinking(monkeypatch)
    session = NetrunnerSession(PLAIN_RECORDS, _record("runner"), "runner", "search:0.05")
    assert session.pending is not None and session.pending.seat == RUNNER
    assert seen and set(seen) == {0.05}
    assert session.game.policies[CORP].think == 0.05


def test_the_terminal_s_searching_opponent_thinks_its_time_from_its_first_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """`dossier play netrunner --vs search --think 0.05`: the terminal's session makes its player with its time
    (it made it as search:1 and told it its time after the moves made before the person's first decision)."""
    from toolkit.cli.play import _Machine

    seen = _thinking(monkeypatch)
    record = _record("runner")
    made = _Machine(record, "corp", "search:0.05", 5).session(PLAIN_RECORDS, record, "runner")
    assert made.machine == "search:0.05" and made.pending is not None and made.pending.seat == RUNNER
    assert seen and set(seen) == {0.05}


@pytest.mark.parametrize("machine", ["search:0", "search:61", "search:x", "searching", "search:"])
def test_a_bad_searching_opponent_is_refused_as_no_machine(machine: str) -> None:
    with pytest.raises(EngineError, match="not a game against the machine"):
        NetrunnerSession(PLAIN_RECORDS, _record("corp"), "corp", machine)


# ---------------------------------------------------------------- 2. the corp's options of grip cards


class _Asks:
    def __init__(self) -> None:
        self.asked: list[Any] = []

    def decide(self, game: Any, decision: Any) -> str:
        self.asked.append(decision)
        return str(decision.options[0].label)


def _grip_labels(order: list[int]) -> list[str]:
    game = _grip_position()  # the grip: spark_of_insight, modded, spark_of_insight
    game.runner.hand[:] = [game.runner.hand[i] for i in order]
    corp_player = _Asks()
    game.policies[CORP] = corp_player
    game.choose("corp", "target", "trash a card from the grip", list(game.runner.hand))
    return [o.label for o in corp_player.asked[0].options]


def test_the_corp_s_options_of_grip_cards_are_in_the_order_of_their_labels() -> None:
    assert _grip_labels([0, 1, 2]) == ["modded@grip", "spark_of_insight@grip", "spark_of_insight@grip~2"]


@pytest.mark.parametrize("order", [[1, 0, 2], [0, 2, 1], [2, 1, 0]])
def test_the_grip_s_order_does_not_show_in_the_corp_s_options(order: list[int]) -> None:
    """The runner's grip is in the order it drew its cards: the corp's options are the same whatever it is."""
    assert _grip_labels(order) == _grip_labels([0, 1, 2])


def test_the_corp_s_other_options_keep_their_places() -> None:
    """Only the grip's cards are put in order, in the places they took: the stack's cards (named by their place)
    and any other option stay where they were."""
    game = _grip_position()
    corp_player = _Asks()
    game.policies[CORP] = corp_player
    stack_top = game.runner.deck[0]
    game.choose("corp", "target", "pick", [game.runner.hand[0], stack_top, game.runner.hand[1]])
    got = [o.label for o in corp_player.asked[0].options]
    assert got[1].startswith("spark_of_insight@stack:") and got[0] == "modded@grip"
    assert got[2] == "spark_of_insight@grip"


# ---------------------------------------------------------------- 3. Smash Night and a face-down asset

REMOTE_ASSET = {"remote1": {"root": [{"card": "neutral_paper_subsidiary"}]}}


def _smash(decisions: list[str], servers: dict[str, Any] | None = None) -> Any:
    return scenario(decisions, runner={"credits": 8, "hand": ["smash_night"]},
                    corp={"hand": [], "servers": servers or REMOTE_ASSET})  # fmt: skip


SMASH = ["play:smash_night", "continue", "done"]
LOOKED = ["run:remote1", "continue", "done", "leave", "done"]  # the runner accesses the face-down asset, leaves it


def test_smash_night_trashes_a_face_down_asset_the_runner_accessed_where_it_is() -> None:
    r = _smash([*LOOKED, *SMASH])
    g = r.game
    assert [c.id for c in g.corp.discard] == ["neutral_paper_subsidiary"] and "remote1" not in g.servers
    assert not [e for e in events(r, "trash_failed")]
    trashed = [e.data["reason"] for e in g.seen_log(RUNNER) if e.kind == "trashed" and "纸面子公司#" in e.data["card"]]
    assert [str(reason) for reason in trashed] == ["trashed by the runner"]


def test_smash_night_still_finds_no_face_down_asset_the_runner_has_not_seen() -> None:
    """Its identity stays hidden: an unseen face-down card is of no type to the runner (the engine's reading)."""
    r = _smash(SMASH)
    g = r.game
    assert [e["reason"].message for e in events(r, "trash_failed")] == ["no installed {type} the {side} can see"]
    assert not g.corp.discard
    assert r.pending is not None and r.pending.kind == "trash"  # (then accessed as any run accesses it)


def test_a_card_the_runner_accessed_is_offered_by_its_face_down_handle_only() -> None:
    """Two candidates: the rezzed asset by name, the face-down one it knows by its place and handle only."""
    servers = {**REMOTE_ASSET, "remote2": {"root": [{"card": "nbn_billboard_network", "rezzed": True}]}}
    r = _smash([*LOOKED, "play:smash_night", "remote1", "continue", "done"], servers)
    assert r.pending is not None and r.pending.kind == "target" and r.pending.seat == RUNNER
    texts = [str(o.text) for o in r.pending.options]
    facedown = [o for o in r.pending.options if o.label.startswith("facedown#")]
    assert len(facedown) == 1 and "纸面子公司" not in str(facedown[0].text) and "paper" not in facedown[0].label
    assert any("remote1" in t for t in texts)


def test_a_card_moved_since_the_runner_saw_it_is_a_stranger_again() -> None:
    r = _smash(LOOKED)
    g = r.game
    card = g.servers["remote1"].root[0]
    assert g.seen_type(card, "runner") == "asset"
    g.hide(card)  # (gone out of its sight and face down again: a new handle)
    assert g.seen_type(card, "runner") is None and g.seen_type(card, "corp") == "asset"


# ---------------------------------------------------------------- 4. searching the stack may find nothing

STACK = ["spark_of_insight", "backup_mirror", "spark_of_insight"]


def _bench(decisions: list[str], stack: list[str] | None = None) -> Any:
    return scenario(decisions, runner={"credits": 5, "hand": ["bench_night"], "deck": stack or STACK})


def test_searching_the_stack_offers_find_nothing() -> None:
    r = _bench(["play:bench_night"])
    assert r.pending is not None and r.pending.kind == "search" and r.pending.seat == RUNNER
    assert [label.split("#")[0] for label in labels(r)] == ["backup_mirror", "nothing"]
    assert str(r.pending.options[-1].text) == "find nothing"


def test_finding_nothing_leaves_the_stack_shuffled_and_the_hand_as_it_was() -> None:
    r = _bench(["play:bench_night", "nothing"])
    g = r.game
    assert not g.runner.hand and sorted(c.id for c in g.runner.deck) == sorted(STACK)
    assert events(r, "search_failed") and not events(r, "search")
    assert events(r, "shuffle")[-1]["zone"] == "stack"


def test_finding_the_card_adds_it_to_the_grip() -> None:
    r = _bench(["play:bench_night", "backup_mirror"])
    assert [c.id for c in r.game.runner.hand] == ["backup_mirror"] and events(r, "search")


def test_a_search_with_no_match_asks_nothing() -> None:
    r = _bench(["play:bench_night"], ["spark_of_insight"] * 3)
    assert r.pending is not None and r.pending.kind == "action" and events(r, "search_failed")


def test_in_a_game_of_two_people_a_search_with_no_match_is_asked_all_the_same() -> None:
    """Whether the runner is asked tells the corp (who sees it wait) nothing of the stack: "find nothing" alone."""
    from toolkit.engine.netrunner import Stepper
    from toolkit.engine.netrunner.scenario import set_up

    from .test_netrunner_rules import scenario_of

    runner_side = {"credits": 5, "hand": ["bench_night"], "deck": ["spark_of_insight"] * 3}
    game = set_up(PLAIN_RECORDS, scenario_of([], "runner", None, runner_side))
    game.people = True
    stepper = Stepper(game, lambda: game.play_game(50, resume=True)).start()
    played = False
    while stepper.pending is not None and stepper.pending.kind != "search":
        offered = stepper.pending.labels()
        bench = [x for x in offered if x.startswith("play:bench_night")]
        assert not (played and bench), "the search was not asked"
        played = played or bool(bench)
        stepper.apply(bench[0] if bench else "done" if "done" in offered else offered[0])
    assert stepper.pending is not None and stepper.pending.seat == RUNNER
    assert stepper.pending.labels() == ["nothing"]


def test_a_game_saved_before_find_nothing_replays_its_search() -> None:
    """A game saved before this version took the only match without being asked: its next label is the next
    decision's, and the search takes the card as it did then."""
    r = _bench(["play:bench_night", "credit"])
    g = r.game
    assert [c.id for c in g.runner.hand] == ["backup_mirror"] and g.runner.credits == 5 - 1 + 1  # (the event, a credit)
    assert [d["label"].split("#")[0] for d in g.decisions if d["kind"] == "search"] == ["backup_mirror"]


# ---------------------------------------------------------------- 5. Plascrete's last counter


def _carapace(decisions: list[str], power: int) -> Any:
    return play(RECORDS, decisions, corp=corp(servers={"hq": {"ice": [{"card": "weyland_crane_arm", "rezzed": True}]}}),
                runner=runner(hand=GRIP, rig=[{"card": "plascrete_carapace", "counters": {"power": power}}]))  # fmt: skip


def _use(r: Any) -> str:
    return next(x for x in labels(r) if x.startswith("use:plascrete_carapace"))


def test_the_last_counter_s_prevention_is_logged_before_the_carapace_is_trashed() -> None:
    first = _carapace(["run:hq"], 1)
    r = _carapace(["run:hq", _use(first)], 1)
    kinds = [e.kind for e in r.game.log]
    used = kinds.index("use")
    order = [k for k in kinds[used:] if k in ("counter", "prevent", "emptied", "trashed", "damage")]
    assert order == ["counter", "prevent", "emptied", "trashed", "damage"], kinds[used:]
    assert [c.id for c in r.game.runner.discard if c.id == "plascrete_carapace"] == ["plascrete_carapace"]
    assert events(r, "damage")[0]["amount"] == 1


def test_a_carapace_with_counters_left_stays() -> None:
    first = _carapace(["run:hq"], 2)
    r = _carapace(["run:hq", _use(first)], 2)
    assert "emptied" not in [e.kind for e in r.game.log]
    assert any(c.id == "plascrete_carapace" for c in r.game.runner.rig)
