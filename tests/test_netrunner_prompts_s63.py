"""Netrunner decisions a player reads: a prevention window says what it prevents, a label typed in another case is
understood, and a draw that empties R&D says the cards it drew before the game ends (stop 63's rules sweep)."""

from __future__ import annotations

import pytest

from toolkit.engine.core import EngineError

from .scripts.kit import bundled, events, play, rig

RECORDS = bundled()
SCOOP = {"identity": "weyland_skyward_holdings", "credits": 8, "clicks": 3,
         "hand": ["nbn_exclusive_scoop", "weyland_asset_seizure"], "deck": ["neutral_pilot_scheme"]}  # fmt: skip
RIG = {"credits": 3, "hand": ["gray_rat"], "deck": [],
       "rig": [{"card": "forged_alibi"}, {"card": "backup_mirror"}, {"card": "spare_laptop"}]}  # fmt: skip


def test_a_trash_prevention_window_names_the_card_and_one_tag_is_one() -> None:
    """The runner was asked "prevent 1 trashing?" whichever card was to go, and "prevent 1 tags?"."""
    tagged = play(RECORDS, ["play:nbn_exclusive_scoop"], corp=SCOOP, runner=RIG, active="corp")
    assert tagged.pending.kind == "prevent" and str(tagged.pending.prompt) == "prevent 1 tag?"
    trashed = play(RECORDS, ["play:nbn_exclusive_scoop", "done", "trash_resource:forged_alibi"], corp=SCOOP,
                   runner=RIG, active="corp")  # fmt: skip
    alibi = str(rig(trashed, "forged_alibi"))
    assert trashed.pending.kind == "prevent" and str(trashed.pending.prompt) == f"prevent {alibi} from being trashed?"


def test_a_label_typed_in_another_case_is_understood() -> None:
    """`Keep`, `KEEP` and `Run:HQ` were "not an option" (`  keep  ` was: only spaces were forgiven)."""
    result = play(RECORDS, [], corp=SCOOP, runner=RIG, active="corp")
    decision = result.pending
    label = decision.options[0].label
    assert decision.find(label.upper()) is decision.options[0]
    with pytest.raises(EngineError, match="NO_SUCH"):
        decision.find("NO_SUCH")


def test_a_draw_that_empties_rnd_says_what_it_drew_before_the_game_ends() -> None:
    """Quarterly Review (draw 2) with one card in R&D: the line of the cards drawn came after "game over"."""
    corp = {"identity": "hb_tireless_hands", "credits": 5, "clicks": 3, "deck": ["neutral_pilot_scheme"],
            "hand": ["hb_quarterly_review", "hb_efficiency_mandate"],
            "servers": {"remote1": {"root": [{"card": "hb_efficiency_mandate", "counters": {"advancement": 4}}]}}}
    result = play(RECORDS, ["play:hb_quarterly_review"], corp=corp, active="corp")
    kinds = [e.kind for e in result.game.log]
    assert result.game.over and kinds.index("drew") < kinds.index("game_over")
    assert events(result, "drew")[-1]["cards"] == 1
    # the operation is put away (in Archives) but unsaid: "trashed (played)" followed "game over"
    assert kinds[kinds.index("game_over") + 1 :] == ["simulation_end"]
    assert [c.id for c in result.game.player("corp").discard] == ["hb_quarterly_review"]
