"""A typed answer naming a card by its number names that copy: a number none of the options has is refused rather
than taken as another copy of the same card (the answer without the number still names the first copy)."""

from __future__ import annotations

import pytest

from toolkit.engine.core import EngineError
from toolkit.engine.decisions import Decision, Option


def _decision() -> Decision:
    labels = ["install:sure_gamble#3", "install:sure_gamble#5", "credit"]
    return Decision(seat=1, kind="action", prompt="action", options=[Option(label, label) for label in labels])


def test_a_number_no_option_has_is_refused() -> None:
    with pytest.raises(EngineError, match="install:sure_gamble#7"):
        _decision().find("install:sure_gamble#7")


def test_a_number_an_option_has_names_that_copy_and_no_number_the_first() -> None:
    decision = _decision()
    assert decision.find("install:sure_gamble#5").label == "install:sure_gamble#5"
    assert decision.find("install:sure_gamble").label == "install:sure_gamble#3"
    assert decision.find("Install:Sure_Gamble#5").label == "install:sure_gamble#5"
