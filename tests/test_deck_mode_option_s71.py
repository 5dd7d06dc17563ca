"""s71: `deck validate --mode` with a mode the rules leave unspecified: the finding is the option's, at no line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
DUO_LIST = ROOT / "examples/decks/tactics/duo-list.txt"


def _run(args: list[str], lang: str = "en") -> object:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "100"})


def test_deck_validate_with_an_incomplete_mode_by_option_names_no_line_s71() -> None:
    given = _run(["deck", "validate", DUO_LIST, "--mode", "梦魇通廊", "-f", "json"])
    assert given.exit_code == 1, given.output
    [finding] = json.loads(given.stdout)[0]["findings"]
    assert (
        finding["code"] == "deck.mode.incomplete"
        and finding.get("line") is None
        and finding["message"].startswith("--mode: ")
    ), finding
    text = _run(["deck", "validate", DUO_LIST, "--mode", "nightmare"])
    assert f"{DUO_LIST}: error deck.mode.incomplete: --mode: the rules leave" in text.stdout, text.stdout
