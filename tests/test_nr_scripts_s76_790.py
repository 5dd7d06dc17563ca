"""Netrunner card scripts: summaries in the glossary's words, and "choose N different" cards offering only the
modes that can change the game (Key Performance Indicators, Red Level Clearance, Bahia Bands, Into the Depths)."""

from __future__ import annotations

import re

from toolkit.engine.netrunner import scripts as S

from .scripts import test_ashes_corp as ashes
from .scripts import test_borealis_runner as borealis
from .scripts import test_elevation_corp as elevation
from .scripts import test_liberation_runner as liberation
from .scripts.kit import events, labels, play

# the older names of terms the glossary (one English name per term) names otherwise
RETIRED = {"core damage": "brain damage", "advancement token": "advancement counter"}


def test_no_script_summary_uses_a_term_the_glossary_does_not() -> None:
    said = [(card_id, old) for card_id, script in S.scripts().items() for old in RETIRED
            if re.search(r"\b" + r"\s+".join(old.split()) + r"\b", script.summary, re.IGNORECASE)]  # fmt: skip
    assert said == []
    assert S.script_for("sentinel_defense_program") is not None
    assert "brain damage" in S.script_for("sentinel_defense_program").summary  # type: ignore[union-attr]


# ---------------------------------------------------------------- Key Performance Indicators


def test_key_performance_indicators_leaves_out_the_draw_with_r_and_d_empty() -> None:
    r = play(elevation.RECORDS, ["play:key_performance_indicators"], active="corp",
             corp={"hand": ["key_performance_indicators", "weyland_slag_rampart"],
                   "servers": {"remote1": {"root": [{"card": "neutral_board_resolution"}]}}})  # fmt: skip
    assert labels(r) == ["ice", "advance", "credits"]


def test_key_performance_indicators_resolves_the_one_mode_that_can_do_something() -> None:
    r = play(elevation.RECORDS, ["play:key_performance_indicators"], active="corp",
             corp={"hand": ["key_performance_indicators", "hb_quarterly_review"]})  # fmt: skip
    g = r.game  # only the credits can: they are gained, no second mode is asked (and R&D is never drawn from)
    assert g.corp.credits == 6 and [c.id for c in g.corp.hand] == ["hb_quarterly_review"]  # 5 - 1 + 2
    assert not g.over and r.pending.kind == "action"


def test_key_performance_indicators_offers_the_draw_with_cards_in_r_and_d() -> None:
    r = play(elevation.RECORDS, ["play:key_performance_indicators"], active="corp",
             corp={"hand": ["key_performance_indicators"], "deck": ["hb_quarterly_review"]})  # fmt: skip
    assert labels(r) == ["draw", "credits"]


# ---------------------------------------------------------------- the same fault elsewhere


def test_red_level_clearance_leaves_out_the_draw_and_an_install_with_nothing_to_install() -> None:
    r = play(ashes.RECORDS, ["play:red_level_clearance"], active="corp",
             corp={"hand": ["red_level_clearance", "neutral_board_resolution"], "clicks": 1})  # fmt: skip
    assert labels(r) == ["credits", "click"]  # R&D is empty; the only card of HQ is an agenda
    r = play(ashes.RECORDS, ["play:red_level_clearance"], active="corp",
             corp={"hand": ["red_level_clearance", "nbn_billboard_network"], "deck": ["hb_quarterly_review"]})  # fmt: skip
    assert labels(r) == ["draw", "credits", "install", "click"]


def test_bahia_bands_offers_only_what_can_change_the_game() -> None:
    corp = {"servers": {"remote1": {"root": [{"card": "nbn_billboard_network"}]}}}
    r = play(liberation.MORE, ["play:bahia_bands", "remote1", "continue", "done"], corp=corp,
             runner={"hand": ["bahia_bands"], "credits": 2})  # fmt: skip
    # no stack to draw, no grip to install, no tag to remove: the credits on it, the one option, then no other
    assert [e["amount"] for e in events(r, "place_credits")] == [4] and r.pending.kind == "trash"  # the access
    r = play(liberation.MORE, ["play:bahia_bands", "remote1", "continue", "done"], corp=corp,
             runner={"hand": ["bahia_bands"], "credits": 2, "tags": 1, "deck": ["gray_rat"]})  # fmt: skip
    assert labels(r) == ["draw", "tag", "credits"]


def test_into_the_depths_leaves_out_an_empty_stack_and_nothing_to_charge() -> None:
    corp = {"hand": borealis.OPS, "credits": 0,
            "servers": {"hq": {"ice": [{"card": "hb_lattice_gate"}, {"card": "neutral_patrol_script"}]}}}  # fmt: skip
    r = play(borealis.RECORDS, ["play:into_the_depths", "hq", "continue", "continue"], corp=corp,
             runner={"hand": ["into_the_depths"]})  # fmt: skip
    # two ice passed, but only the credits can change the game: they are gained, no second option is asked
    assert r.game.runner.credits == 8 and r.pending.kind != "target"  # 5 - 1 + 4
