"""An option naming a file to write, given an empty value (``--out "$F"`` with F unset), is refused in one line
naming the option (exit 2): not read as the working folder ``.``, which then failed as "``.``: is a directory" or
"``--slips .``: expected a .pdf file name", a path the user never typed (toolkit/cli/_options.py: OUTPUT_FILE)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli.app import app

from .conftest import CARDS, ROOT, SCHEMA

DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["crossfire", "deal", "--players", "5", "--out", ""], "--out"),
        (["crossfire", "deal", "--players", "5", "--slips", ""], "--slips"),
        (["print", "--game", "crossfire", "--out", ""], "--out"),
        (["print", DUEL, "--tts", ""], "--tts"),
        (["export", "csv", "--game", "tactics", "--out", ""], "--out"),
        (["export", "csv", "--game", "tactics", "-o", ""], "--out"),
        (["deck", "new", "--game", "tactics", "--mode", "duel", "--out", ""], "--out"),
        (["deck", "convert", DUEL, "--to", "text", "--out", ""], "--out"),
        (["map", "render", "dockyard", "--out", ""], "--out"),
    ],
    ids=["deal-out", "deal-slips", "print", "tts", "export", "export-o", "new", "convert", "map"],
)
def test_an_empty_output_path_is_refused_naming_the_option(
    args: list[object], option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for lang, said in (("en", f"{option}: an empty path names no file or folder"), ("zh-Hans", f"{option}：空路径")):
        result = CliRunner().invoke(app, [str(a) for a in args], env={"DOSSIER_LANG": lang})
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and said in lines[0], result.stderr
        assert "." not in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_a_named_output_file_is_still_written(tmp_path: Path) -> None:
    out = tmp_path / "duel.txt"
    result = CliRunner().invoke(app, ["deck", "convert", str(DUEL), "--to", "text", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.is_file()


def test_a_dash_still_means_standard_output() -> None:
    result = CliRunner().invoke(app, ["export", "csv", "--game", "tactics", "--out", "-"], env={"DOSSIER_LANG": "en"})
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("id,")


# ---- `dossier fonts check`: a count of characters in a real plural form, not "1 character(s)"


def _rare_pool(folder: Path, name: str) -> Path:
    """A copy of the bundled crossfire roles whose VIP is called ``name`` (tests/test_sheets_font_fallback.py)."""
    from .test_sheets_font_fallback import rare_card

    def copy(game: str) -> Path:
        shutil.copytree(SCHEMA, folder / "schema")
        shutil.copytree(CARDS / game, folder / "cards" / game)
        return folder / "cards" / game

    return rare_card(folder, copy, name)


def test_fonts_check_counts_characters_in_plural_forms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.sheets import fonts
    from toolkit.sheets.fonts import FontFile

    from .test_sheets_font_fallback import NOWHERE, RARE, make_ttf

    other = "鱻"  # U+9C7B: not in the bundled subset either
    installed = make_ttf(tmp_path / "rare.ttf", RARE + other, "Rare Han")
    monkeypatch.setattr(fonts, "find_system_fonts", lambda chars, limit=8: [FontFile(installed, 0, "Rare Han")])
    one = _rare_pool(tmp_path / "one", f"{RARE}{NOWHERE}VIP")
    result = CliRunner().invoke(app, ["fonts", "check", "--cards", str(one)], env={"DOSSIER_LANG": "en"})
    assert result.exit_code == 1, result.output
    assert f"1 character prints in the installed font Rare Han ({installed}): {RARE}" in result.stdout
    assert "no font has 1 character: " in result.stdout and "(s)" not in result.stdout
    two = _rare_pool(tmp_path / "two", f"{RARE}{other}{NOWHERE}\U000f0002VIP")
    result = CliRunner().invoke(app, ["fonts", "check", "--cards", str(two)], env={"DOSSIER_LANG": "en"})
    assert result.exit_code == 1, result.output
    assert f"2 characters print in the installed font Rare Han ({installed}): " in result.stdout
    assert "no font has 2 characters: " in result.stdout and "(s)" not in result.stdout
