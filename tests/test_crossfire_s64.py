"""Crossfire, sweep 64: `deal --slips` keeps a file that is there unless --force, names with control characters
are refused, a missing glyph on the slips is told with advice that applies to `deal` (exit 1, as `print`), the
place in a table follows the language's colon, and counts are said in real plural forms."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CARDS
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.crossfire import Crossfire, NameRefused, TableError, clean_names
from toolkit.i18n import use_lang


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def one_error(result: Any, code: int) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def dealt(tmp_path: Path, name: str = "t.json", players: int = 5) -> dict[str, Any]:
    """A deal of ``players`` as `deal --out` writes it, every armed player's aim filled in with a legal seat."""
    out = tmp_path / name
    assert run("crossfire", "deal", "-n", players, "--seed", "3", "--out", out, "--lang", "en").exit_code == 0
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    out.unlink()
    for player in data["players"]:
        if player["role"] in ("agent", "assassin"):
            player["aim"] = [1 if player["seat"] != 1 else 2]
    return data


# ---------------------------------------------------------------- 2. --slips keeps a file that is there


def test_slips_keep_a_card_sheet_unless_force(tmp_path: Path) -> None:
    """`print --out sheet.pdf` then `deal --slips sheet.pdf`: the sheet (a PDF Dossier wrote) is kept, one line,
    exit 2, nothing dealt on the screen; with --force it is replaced by the slips."""
    sheet = tmp_path / "sheet.pdf"
    assert run("print", "smoke_grenade", "--out", sheet).exit_code == 0
    before = sheet.read_bytes()
    result = run("crossfire", "deal", "-n", 5, "--slips", sheet, "--lang", "en")
    line = one_error(result, 2)
    assert f"{sheet}: already exists; use --force to replace it" in line
    assert result.stdout == "" and sheet.read_bytes() == before
    forced = run("crossfire", "deal", "-n", 5, "--slips", sheet, "--force", "--lang", "en")
    assert forced.exit_code == 0, forced.output
    assert sheet.read_bytes() != before and "5 role slips written" in forced.stdout


def test_slips_of_a_round_in_play_are_kept(tmp_path: Path) -> None:
    slips = tmp_path / "slips.pdf"
    assert run("crossfire", "deal", "-n", 6, "--slips", slips, "--lang", "en").exit_code == 0
    before = slips.read_bytes()
    line = one_error(run("crossfire", "deal", "-n", 6, "--slips", slips, "--lang", "en"), 2)
    assert "already exists" in line and "--force" in line
    assert slips.read_bytes() == before


def test_force_keeps_a_pdf_of_ones_own_and_is_for_out_or_slips(tmp_path: Path) -> None:
    """--force replaces an earlier output only, as for --out (a filled-in table is kept): a user's own PDF stays."""
    mine = tmp_path / "mine.pdf"
    mine.write_bytes(b"%PDF-1.4\n% the user's own\n")
    line = one_error(run("crossfire", "deal", "-n", 5, "--slips", mine, "--force", "--lang", "en"), 2)
    assert "is not a PDF file Dossier wrote" in line and mine.read_bytes() == b"%PDF-1.4\n% the user's own\n"
    line = one_error(run("crossfire", "deal", "-n", 5, "--force", "--lang", "en"), 2)
    assert "--force is for --out FILE and --slips FILE.pdf" in line


def test_deal_help_says_what_force_replaces() -> None:
    result = run("crossfire", "deal", "--help")
    text = " ".join(result.stdout.split())
    assert "for --slips, role slips or another PDF Dossier wrote" in text
    assert "kept unless --force is given" in text


# ---------------------------------------------------------------- 3. names with control characters


def test_names_with_control_characters_are_refused(tmp_path: Path) -> None:
    escape = "A\x1b[2J\x1b[31mB"
    result = run("crossfire", "deal", "-n", 5, "--names", f"{escape},b,c,d,e", "--lang", "en")
    line = one_error(result, 2)
    assert "\x1b" not in result.output and result.stdout == ""
    assert line.startswith("dossier: error: --names: the name of seat 1, 'A\\x1b[2J\\x1b[31mB', holds the control")
    assert "U+001B" in line
    names = ("a", "b\x07", "c", "d", "e")
    result = run("crossfire", "deal", "-n", 5, *(arg for name in names for arg in ("--name", name)))
    assert "\x07" not in result.output and "the name of seat 2" in one_error(result, 2)


def test_a_table_name_with_control_characters_names_the_file_and_pointer(tmp_path: Path) -> None:
    data = dealt(tmp_path)
    data["players"][1]["name"] = "a\nb\x1b[31m"
    table = write(tmp_path / "n.json", data)
    for command in ("resolve", "score"):
        result = run("crossfire", command, table, "--lang", "en")
        line = one_error(result, 1)
        assert "\x1b" not in result.output
        place = f"{table}: /players/1/name: "
        assert place + "the name of seat 2, 'a\\nb\\x1b[31m', holds the control character" in line


@pytest.mark.parametrize("name", ["x\x00y", "x\x7fy", "x\x9by", "x\u202ey", "x\u2066y"])
def test_clean_names_refuses_what_reorders_or_controls(name: str) -> None:
    with pytest.raises(NameRefused, match="control character"):
        clean_names([(3, name)])
    kept = clean_names([(1, "Ana\tMaria\n"), (2, "👩\u200d💻")])  # spaces made one, a joiner kept
    assert kept == {1: "Ana Maria", 2: "👩\u200d💻"}


# ---------------------------------------------------------------- 4. a glyph no font has, on the slips


def test_a_missing_glyph_on_the_slips_gives_advice_for_deal(tmp_path: Path) -> None:
    pool = tmp_path / "pool"
    import shutil

    shutil.copytree(CARDS / "crossfire", pool)
    role = pool / "roles" / "bomber.json"
    record = json.loads(role.read_text(encoding="utf-8"))
    record["name"]["en"] = "Bo\U00020000mber"
    write(role, record)
    slips = tmp_path / "p.pdf"
    line = one_error(
        run("crossfire", "deal", "--cards", pool, "-n", 7, "--special", "bomber", "--slips", slips, "--lang", "en"), 1
    )  # exit 1, as `dossier print` for the same problem
    assert "slips: no font has '\U00020000' (U+20000)" in line
    assert "--font" not in line  # deal has no --font
    assert "install a font that has it" in line and "`dossier fonts check`" in line
    assert not slips.exists()


# ---------------------------------------------------------------- 5. the place in a table, in the language's colon


@pytest.mark.lang_default
def test_the_place_in_a_table_follows_the_language(tmp_path: Path) -> None:
    data = dealt(tmp_path)
    data["players"][0]["aim"] = []  # seat 1 is armed: it must point
    armed = next(p for p in data["players"] if p["role"] in ("agent", "assassin"))
    armed["aim"] = []
    table = write(tmp_path / "x4.json", data)
    pointer = f"/players/{data['players'].index(armed)}/aim"
    zh = one_error(run("crossfire", "resolve", table), 1)
    assert f"{table}：{pointer}：" in zh and ": /" not in zh, zh
    en = one_error(run("crossfire", "resolve", table, "--lang", "en"), 1)
    assert f"{table}: {pointer}: " in en


def test_every_place_of_the_engine_follows_the_language(game: Crossfire) -> None:
    bad_tables: list[Any] = [
        {"mode": "nope", "players": []},
        {"players": "x"},
        {"players": [{"seat": 1, "role": "vip"}] * 5, "options": {"x": True}},
        {"players": [{"seat": 0, "role": "vip"}] * 5},
        {"players": [{"seat": 1, "role": "nope"}] * 5},
        {"players": [{"seat": 1, "role": "vip", "name": "a\x1bb"}] * 5},
    ]
    for data in bad_tables:
        with use_lang("zh-Hans"), pytest.raises(TableError) as caught:
            game.table(data, "t.json")
        assert caught.value.message.startswith("t.json：/"), caught.value.message
        assert ": /" not in caught.value.message
        with use_lang("en"), pytest.raises(TableError) as caught:
            game.table(data, "t.json")
        assert caught.value.message.startswith("t.json: /"), caught.value.message


# ---------------------------------------------------------------- 6. real plural forms


def test_score_counts_rounds_in_real_plurals(tmp_path: Path) -> None:
    one = write(tmp_path / "a.json", dealt(tmp_path, "a0.json"))
    two = write(tmp_path / "b.json", dealt(tmp_path, "b0.json"))
    assert run("crossfire", "score", one, two, "--lang", "en").stdout.splitlines()[0] == "2 rounds"
    assert run("crossfire", "score", one, "--lang", "en").stdout.splitlines()[0] == "1 round"


@pytest.mark.parametrize(("aim", "said"), [([3, 4], "points at 2 players and must point at 1"),
                                           ([], "points at 0 players and must point at 1; fill in")])  # fmt: skip
def test_aims_are_counted_in_real_plurals(game: Crossfire, aim: list[int], said: str) -> None:
    table = {"players": [{"seat": s, "role": r} for s, r in enumerate(("vip", "agent", "assassin", "bystander",
                                                                       "red_decoy"), start=1)]}  # fmt: skip
    table["players"][1]["aim"] = aim
    table["players"][2]["aim"] = [1]
    with pytest.raises(TableError) as caught:
        game.table(table, "t.json")
    assert said in caught.value.message and "(s)" not in caught.value.message
    table = {"players": [{"seat": s, "role": r} for s, r in enumerate(("vip", "enforcer", "assassin", "decoy",
                                                                       "bystander"), start=1)]}  # fmt: skip
    table["players"][1]["aim"] = []  # (one target is enough since sweep 69: an Enforcer points at 1 or 2 players)
    table["players"][2]["aim"] = [1]
    with pytest.raises(TableError) as caught:
        game.table(table, "t.json", set_up=False)
    assert "seat 2 (Enforcer) points at 0 players and must point at 1 or 2" in caught.value.message
