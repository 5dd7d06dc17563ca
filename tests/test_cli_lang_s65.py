"""``--lang en-XA`` (the pseudo-locale translators check their layouts with) before a command, or after a group,
is the pseudo-locale as it is after the command or in DOSSIER_LANG: not plain English."""

from __future__ import annotations

from typing import Any

from toolkit.paths import CARDS_DIR

MAPS = str(CARDS_DIR / "tactics" / "maps")


def test_the_pseudo_locale_before_the_command(cli: Any) -> None:
    after = cli("lint", MAPS, "--lang", "en-XA")
    before = cli("--lang", "en-XA", "lint", MAPS)
    assert after.exit_code == before.exit_code == 0
    assert "‹" in after.output and before.output == after.output


def test_the_pseudo_locale_after_a_group(cli: Any) -> None:
    deck = str(CARDS_DIR.parent / "examples" / "decks" / "tactics" / "duel.json")
    result = cli("deck", "--lang", "en-XA", "validate", deck)
    assert result.exit_code == 0, result.output
    assert "‹" in result.output and "çóɱɱáñđ" in result.output
