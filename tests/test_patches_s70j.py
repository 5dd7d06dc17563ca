"""s70j's fixes that live in files outside helper 730's list (applied with the patches in /tmp/fix730): the web
menu's short game name in a search, the text command's error place, a deck list's headings, a flag's default in
help, balance's lists with Chinese commas. Put at tests/test_patches_s70j.py with the patches."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli import app


def _run(args: list[str], lang: str = "zh-Hans") -> object:
    return CliRunner().invoke(app, args, env={"DOSSIER_LANG": lang, "COLUMNS": "100"})


def test_search_reads_the_web_menus_short_game_name_s70j() -> None:
    short = _run(["search", "游戏:谍战", "--format", "ids"])
    full = _run(["search", "游戏:谍战特工", "--format", "ids"])
    assert short.exit_code == 0, short.output
    assert short.stdout == full.stdout and short.stdout.strip()


def test_text_render_says_its_place_as_lint_does_s70j() -> None:
    result = _run(["text", "render", "你抽两张牌然后飞。"])
    assert result.exit_code == 1
    assert "<text>:1:6：意外的" in result.stderr, result.stderr
    english = _run(["text", "render", "你抽两张牌然后飞。"], "en")
    assert "<text>:1:6: " in english.stderr, english.stderr


def test_a_deck_lists_headings_use_the_languages_brackets_s70j(tmp_path: Path) -> None:
    deck = {"game": "crossfire", "mode": "crossfire", "name": "五人局", "players": 5,
            "cards": {"agent": 1, "assassin": 1, "bystander": 1, "red_decoy": 1, "vip": 1}}  # fmt: skip
    (tmp_path / "d.json").write_text(json.dumps(deck, ensure_ascii=False), encoding="utf-8")
    chinese = _run(["deck", "convert", str(tmp_path / "d.json"), "--to", "text"])
    assert chinese.exit_code == 0, chinese.output
    headings = [line for line in chinese.stdout.splitlines() if line.startswith("## ")]
    assert headings and all(line.endswith("）") and " (" not in line for line in headings), headings
    english = _run(["deck", "convert", str(tmp_path / "d.json"), "--to", "text"], "en")
    assert any(line.startswith("## ") and line.endswith(")") for line in english.stdout.splitlines()), english.stdout


def test_an_on_off_flags_default_is_the_flag_s70j() -> None:
    result = _run(["balance", "crossfire", "--help"])
    assert "[默认：--save]" in result.stdout and "默认：save]" not in result.stdout, result.stdout
    english = _run(["balance", "crossfire", "--help"], "en")
    assert "[default: save]" in " ".join(english.stdout.split())  # (typer's own English page)


def test_balance_lists_split_on_chinese_commas_s70j() -> None:
    result = _run(["balance", "crossfire", "--players", "6，6", "--no-save"])
    assert result.exit_code == 2
    assert "--players '6，6'：6 出现了两次" in result.stderr, result.stderr
