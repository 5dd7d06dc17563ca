"""`dossier crossfire … --cards A --cards B` reads both folders, as every command's --cards does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS


@pytest.mark.parametrize("command", [["deal", "--players", "7", "--format", "json"],
                                     ["simulate", "--players", "7", "--games", "3"]])  # fmt: skip
def test_every_cards_folder_given_is_read(cli: Any, tmp_path: Path, command: list[str]) -> None:
    """Only the last --cards was kept: the bundled roles then a designer's (here empty) set read as the set
    alone, "the card pool has no crossfire roles"."""
    own = tmp_path / "my-set"
    own.mkdir()
    result = cli("crossfire", *command, "--cards", CARDS / "crossfire", "--cards", own, "--seed", "1", "--lang", "en")
    assert result.exit_code == 0, result.output
