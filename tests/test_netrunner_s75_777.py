"""Netrunner's log, view and replay as a sweep found them (stop 75): a face-down card the runner accessed is shown to
it by name, the prevent entry words the damage and names the card saved, the corp's own face-down card trashed is
trashed (not discarded), a mulligan is logged before its new hand, a replay frame's caption is the decision whose
entries it shows, its icons stay in the line, and an undo refused for cards seen says cards, not units."""

from __future__ import annotations

from typing import Any

from toolkit.catalog import load_catalog
from toolkit.cli._lang import LogNames
from toolkit.decks import NameIndex, read_deck
from toolkit.engine.netrunner import NetrunnerGame
from toolkit.engine.netrunner.players import make_policy
from toolkit.engine.netrunner.scenario import run_scenario
from toolkit.engine.netrunner.terminal import describe
from toolkit.engine.simulate import simulate_netrunner
from toolkit.models.scenario import Scenario

from .conftest import CARDS, ROOT

RECORDS = list(load_catalog([CARDS / "netrunner"]).records)
CORP, RUNNER = 1, 2
EX = ROOT / "examples" / "decks" / "netrunner"


def play(decisions: list[str], corp: dict[str, Any], runner: dict[str, Any], active: str) -> Any:
    data = {"game": "netrunner", "name": "s75", "active": active, "corp": corp, "runner": runner,
            "decisions": decisions}  # fmt: skip
    return run_scenario(RECORDS, Scenario.model_validate(data))


def lines(game: NetrunnerGame, kind: str, lang: str = "en", seat: int | None = None) -> list[str]:
    names = LogNames(RECORDS, lang)
    entries = game.seen_log(seat) if seat is not None else list(game.log)
    return [names.line(e.to_json()) for e in entries if e.kind == kind]


# ---------------------------------------------------------------- 1. a face-down card the runner knows


VAULTS = {"identity": "weyland_skyward_holdings", "credits": 5, "deck": ["neutral_pilot_scheme"] * 3,
          "servers": {"remote1": {"root": [{"card": "neutral_records_vault"}]},
                      "remote2": {"root": [{"card": "neutral_records_vault"}]}}}  # fmt: skip
LIN = {"identity": "blank_lin", "credits": 5, "clicks": 4, "deck": ["light_fingers"] * 5}


def test_the_runner_s_table_names_a_face_down_card_it_accessed_where_it_stays() -> None:
    """The run on remote 1 accessed Records Vault, left in place: the runner's table said "face-down card" for it,
    though the runner knows it (its machine player uses that); the other vault, never seen, stays nameless."""
    result = play(["run:remote1", "continue", "done", "leave", "done"], VAULTS, LIN, "runner")
    game = result.game
    assert result.pending is not None and result.pending.kind == "action"
    one, two = (s["root"][0] for s in game.view(RUNNER)["corp"]["servers"] if s["name"] in ("remote1", "remote2"))
    assert one["name"] == {"zh-Hans": "档案保管库", "en": "Records Vault"} and one["id"] is None
    assert one["faceup"] is False and one["type"] == "asset"
    assert two["name"] is None and two["type"] is None
    english = describe(game.view(RUNNER), "en")
    assert "  remote1: no ice; root: face-down card (Records Vault)" in english
    assert "  remote2: no ice; root: face-down card" in english
    corp = [s["root"][0] for s in game.view(CORP)["corp"]["servers"] if s["name"] == "remote1"]
    assert corp[0]["id"] == "neutral_records_vault"  # (the corp's own view: the card itself, as before)


# ---------------------------------------------------------------- 2, 3. the prevent entry


MESH = {"identity": "vera_fingers_thorne", "clicks": 4, "credits": 2, "hand": ["light_fingers"],
        "deck": ["light_fingers"], "rig": [{"card": "grounding_mesh"}]}  # fmt: skip
CHOIR = {"identity": "jinteki_silent_garden", "credits": 10, "deck": ["neutral_plywood_screen"] * 2,
         "servers": {"hq": {"ice": [{"card": "jinteki_needle_choir", "rezzed": True}]}}}  # fmt: skip


def test_a_prevented_damage_is_worded_and_a_trash_prevented_names_the_card_saved() -> None:
    """``kind: net`` (种类：net) and, for a trash, ``kind: —`` with no word of the card Backup Mirror saved."""
    damage = play(["run:hq", "use:grounding_mesh/0"], CHOIR, MESH, "runner").game
    [entry] = [e for e in damage.log if e.kind == "prevent"]
    assert entry.data["damage"] == "net" and "kind" not in entry.data
    [english] = lines(damage, "prevent")
    assert english.endswith("prevent (card: Grounding Mesh#8, what: damage, damage: net damage, amount: 2)")
    [chinese] = lines(damage, "prevent", "zh-Hans")
    assert "伤害：网域伤害" in chinese and "net" not in chinese and "种类" not in chinese

    corp = {"identity": "weyland_skyward_holdings", "clicks": 3, "credits": 10, "deck": ["neutral_plywood_screen"] * 2}
    runner = {"identity": "vera_fingers_thorne", "credits": 0, "tags": 1, "hand": ["light_fingers"],
              "deck": ["light_fingers"], "rig": [{"card": "backup_mirror"}, {"card": "dockside_tipster"},
                                                 {"card": "garage_lab"}]}  # fmt: skip
    trash = play(["trash_resource:garage_lab", "use:backup_mirror/0"], corp, runner, "corp").game
    [entry] = [e for e in trash.log if e.kind == "prevent"]
    assert "kind" not in entry.data and "damage" not in entry.data
    for seat in (CORP, RUNNER):
        [said] = lines(trash, "prevent", seat=seat)
        assert said.endswith("prevent (card: Backup Mirror#7, what: trashing, target: Garage Lab#9, amount: 1)")
        assert "—" not in said
    [chinese] = lines(trash, "prevent", "zh-Hans")
    assert "目标：车库实验室#9" in chinese


# ---------------------------------------------------------------- 4. the corp's own face-down card trashed


def test_the_corp_trashing_its_face_down_card_is_a_trash_not_a_discard() -> None:
    """Installing over its unrezzed card was logged ``discarded`` / ``discarded face down`` (弃置), the words of a
    card discarded from HQ; a trash of a card in play is 销毁."""
    corp = {"identity": "weyland_skyward_holdings", "clicks": 3, "credits": 0, "deck": ["neutral_plywood_screen"],
            "hand": ["neutral_checksum_gate", "weyland_forced_merger"],
            "servers": {"hq": {"ice": [{"card": "neutral_plywood_screen"}]},
                        "remote1": {"root": [{"card": "neutral_records_vault"}]}}}  # fmt: skip
    runner = {"identity": "vera_fingers_thorne", "credits": 3, "deck": ["light_fingers"]}
    game = play(["install:neutral_checksum_gate@hq+trash", "install:weyland_forced_merger@remote1"], corp, runner,
                "corp").game  # fmt: skip
    kinds = [e.kind for e in game.log]
    assert "discarded" not in kinds and "discarded_facedown" not in kinds
    assert kinds.count("trashed") == 2 and kinds.count("trashed_facedown") == 2
    corp_seen = [e.kind for e in game.seen_log(CORP) if e.kind.startswith(("trashed", "discarded"))]
    runner_seen = [e for e in game.seen_log(RUNNER) if e.kind.startswith(("trashed", "discarded"))]
    assert corp_seen == ["trashed", "trashed"]
    assert [e.kind for e in runner_seen] == ["trashed_facedown"] * 2 and all(e.data["cards"] == 1 for e in runner_seen)
    assert [e.data["card"].split("#")[1] for e in game.log if e.kind == "trashed"] == ["6", "7"]
    english = lines(game, "trashed", seat=CORP)
    assert english[1].endswith("trashed (card: Records Vault#7, reason: installing a card in remote server 1)")


def test_a_card_discarded_from_hq_is_still_discarded() -> None:
    corp = {"identity": "weyland_skyward_holdings", "clicks": 0, "credits": 5, "deck": ["neutral_pilot_scheme"] * 3,
            "hand": ["neutral_pilot_scheme"] * 2}  # fmt: skip
    result = play([], corp, {"identity": "blank_lin", "deck": ["light_fingers"] * 5}, "corp")
    g = result.game
    g.to_discard(g.corp.hand.pop(), "discarded", faceup=False)
    g.to_discard(g.corp.hand.pop(), "over hand size", faceup=False, discarded=True)
    assert [e.kind for e in g.log][-4:] == ["discarded", "discarded_facedown"] * 2


# ---------------------------------------------------------------- 5. a mulligan before its new hand


class Mulligans:
    """Mulligans, then plays as the heuristic player."""

    def __init__(self, side: str) -> None:
        self.inner = make_policy("heuristic", side, 1)

    def decide(self, game: NetrunnerGame, decision: Any) -> str:
        return "mulligan" if decision.kind == "mulligan" else self.inner.decide(game, decision)


def decks() -> dict[str, Any]:
    names = NameIndex(RECORDS)
    out = {}
    for side, name in (("corp", "corp-weyland-skyward.json"), ("runner", "runner-anarch-rust.json")):
        deck = read_deck(EX / name, names).deck
        assert deck is not None
        out[side] = deck
    return out


def test_a_mulligan_is_logged_before_the_new_hand_and_says_the_hand_went_back() -> None:
    """The new hand's draws came before the ``mulligan`` entry, and the shuffle back was never said."""
    game = NetrunnerGame(RECORDS, seed=3, decks=decks(), policies={"corp": Mulligans("corp"),
                                                                   "runner": Mulligans("runner")})  # fmt: skip
    game.play_game(max_turns=1)
    events = list(game.log)
    for side, seat, zone in (("corp", CORP, "rnd"), ("runner", RUNNER, "stack")):
        at = next(i for i, e in enumerate(events) if e.kind == "mulligan" and e.data["side"] == side)
        assert events[at].data["mulligan"] is True and events[at].data["hand"] == 5
        back = events[at + 1]
        assert (back.kind, back.player, back.data["cards"], back.data["zone"]) == ("shuffled_into", seat, 5, zone)
        drawn = [e for e in events[at + 2 : at + 7]]
        assert [e.kind for e in drawn] == ["draw"] * 5 and events[at + 7].kind == "drew"
    # the hand the runner drew as its mulligan's before the entries moved (`dossier play netrunner` at seed 3: the
    # corp keeps, the runner mulligans): the same cards, the random draws unchanged
    kept = NetrunnerGame(RECORDS, seed=3, decks=decks(), policies={"corp": make_policy("heuristic", "corp", 3),
                                                                   "runner": Mulligans("runner")})  # fmt: skip
    kept.play_game(max_turns=1)
    again = list(kept.log)
    at = next(i for i, e in enumerate(again) if e.kind == "mulligan" and e.data["side"] == "runner")
    assert [e.data["card"].split("#")[1] for e in again[at + 2 : at + 7]] == ["75", "74", "55", "50", "86"]
    english = lines(game, "shuffled_into")[-1]
    assert english.endswith("shuffled in (cards: 5, zone: stack)")


# ---------------------------------------------------------------- 6. the replay


def test_a_replay_frame_is_captioned_with_the_decision_whose_entries_it_shows() -> None:
    """Each frame's caption named the decision taken in it while its entries were those of the one before: the first
    action of a turn showed the turn's start under "action: …"."""
    from toolkit.engine.netrunner.replay import render_replay

    frames: list[dict[str, Any]] = []
    hb = {"corp": "corp-hb-tireless-hands.json", "runner": "runner-anarch-rust.json"}
    names = NameIndex(RECORDS)
    chosen = {side: read_deck(EX / name, names).deck for side, name in hb.items()}
    simulate_netrunner(RECORDS, chosen, 6, 1, frames=frames)  # type: ignore[arg-type]
    actions = [f for f in frames if (f.get("step") or {}).get("kind") == "action"]
    assert len(actions) > 10
    for frame in actions:  # an action's frame: its click spent (and its credits paid) and the action first
        kinds = [e["event"] for e in frame["events"]]
        assert kinds[:1] == ["score"] or (kinds[0] == "clicks" and "action" in kinds[1:3]), (frame["label"], kinds)
    mulligans = [f for f in frames if (f.get("step") or {}).get("kind") == "mulligan"]
    assert [e["event"] for e in mulligans[0]["events"]][:1] == ["mulligan"]
    assert frames[0]["label"] == "set-up" and frames[-1]["label"] == "end" and "step" not in frames[-1]
    page = render_replay(frames, "t", "en")
    assert "#board .table svg.icon { display: inline;" in page  # (over the page's `#board svg {display: block}`)


# ---------------------------------------------------------------- 7. undo refused


def test_an_undo_refused_for_cards_seen_says_cards_not_units() -> None:
    from toolkit.engine.netrunner.session import UNDO_REFUSALS
    from toolkit.engine.tactics.session import UNDO_REFUSALS as TACTICS

    assert UNDO_REFUSALS["seen"] == "you have seen new cards since your last decision, so it cannot be undone"
    assert TACTICS["seen"] != UNDO_REFUSALS["seen"] and UNDO_REFUSALS["rolled"] == TACTICS["rolled"]
