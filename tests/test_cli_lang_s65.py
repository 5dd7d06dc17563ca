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


def test_deck_convert_says_written_on_standard_output_as_deck_new_does(cli: Any, tmp_path: Any) -> None:
    deck = str(CARDS_DIR.parent / "examples" / "decks" / "tactics" / "duel.json")
    out = tmp_path / "duel.txt"
    result = cli("deck", "convert", deck, "--to", "text", "--out", str(out), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert f"{out}: written" in result.stdout and "written" not in result.stderr
    made = tmp_path / "new.json"
    result = cli("deck", "new", "--game", "tactics", "--mode", "duel", "--out", str(made), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "written" in result.stdout


def test_the_chinese_refusal_to_replace_a_users_file_has_no_stray_space(cli: Any, tmp_path: Any) -> None:
    mine = tmp_path / "mine.svg"
    mine.write_text('<svg xmlns="http://www.w3.org/2000/svg"><!-- mine --></svg>', encoding="utf-8")
    result = cli("map", "render", "dockyard", "-o", str(mine), "--lang", "zh-Hans")
    assert result.exit_code == 2
    assert "已存在且不是本工具写出的 SVG 图片；不予替换（如要替换，请加 --force）" in result.output
