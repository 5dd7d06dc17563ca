"""s71: a missing cards/ beside what `dossier examples` wrote (without --with-cards) says the command that adds it."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
DUO_LIST = ROOT / "examples/decks/tactics/duo-list.txt"


def _run(args: list[str], lang: str = "en") -> object:
    return CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang, "COLUMNS": "100"})


# ---- 5. `dossier lint cards` where `dossier examples` wrote no cards/: the command that adds it


def test_a_missing_cards_folder_beside_the_examples_says_how_to_add_it_s71(tmp_path: Path) -> None:
    out = tmp_path / "D"
    assert _run(["examples", "--out", out]).exit_code == 0
    for args in (["lint", out / "cards"], ["deck", "validate", "--cards", out / "cards", DUO_LIST]):
        missing = _run(args)
        assert missing.exit_code == 2, missing.output
        assert missing.stderr == (
            f"dossier: error: {out / 'cards'}: no such file or directory; dossier examples --out {out} --with-cards "
            "adds it (the folder was made without --with-cards)\n"
        )
    other = _run(["lint", tmp_path / "cards"])  # (no examples/ beside it: the plain line)
    assert other.stderr == f"dossier: error: {tmp_path / 'cards'}: no such file or directory\n", other.stderr
