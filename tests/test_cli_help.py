"""Every command's help speaks of the games' rules, never of Dossier's internal documents.

Users do not have the design notes, the seed rule texts or the rulings table, so
help may not cite them ("seed 003", "RULINGS C2-C9", "T5", "§11.7"): it says the
rule itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

INTERNAL = re.compile(
    r"\bseeds?\s*0\d\d\b"  # the seed documents: seed 000, seed 003 §2
    r"|\bRULINGS\b|\brulings?\s+[TNC]\d"  # the rulings table and its ids
    r"|\b[TNC]\d{1,2}(?:\s*[-–]\s*[TNC]?\d{1,2})?\b(?![-.\d]*\s*(?:pt|mm|px))"  # ruling ids: T5, C2-C9, N1
    r"|§\s*\d"  # sections of the seed documents
    r"|\bDESIGN\.md\b|\bissue note\b"
    r"|\b(?:toolkit|validators|bench|tests)/[\w/]*\.py\b",  # the project's source files
    re.IGNORECASE,
)


def commands() -> Iterator[list[str]]:
    from toolkit.cli._help import command_paths

    return command_paths()


COMMANDS = list(commands())


def test_the_walk_finds_the_commands() -> None:
    found = {" ".join(path) for path in COMMANDS}
    assert {"", "lint", "crossfire", "crossfire deal", "crossfire resolve", "deck", "text render"} <= found


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "dossier")
@pytest.mark.slow
def test_help_names_no_internal_document(path: list[str], lang: str) -> None:
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "300", "DOSSIER_LANG": lang})
    assert result.exit_code == 0, result.output
    found = [line.strip() for line in result.stdout.splitlines() if INTERNAL.search(line)]
    assert not found, f"dossier {' '.join(path)} --help cites an internal document: {found}"


@pytest.mark.parametrize(
    ("text", "internal"),
    [
        ("Deal roles as seed 003 says", True),
        ("Resolve a table (RULINGS C2-C9)", True),
        ("trigger order (§11.7)", True),
        ("as T5 rules", True),
        ("Add up rounds (C10)", True),
        ("--seed Seed of the shuffles; same seed, same deal.", False),
        ("6 pt text", False),
        ("N cards", False),
    ],
)
def test_the_pattern(text: str, internal: bool) -> None:
    assert bool(INTERNAL.search(text)) is internal
