"""Sweep 60, `print` and `play`: a deck prints (and plays) in its own language where nothing else chose one; a
Ctrl-C during `print --png DIR` leaves the old folder whole (or none), never a half-filled one; a file where --out
names a folder is said to be one; an unknown id of a printed deck gets the "did you mean" of `deck validate`."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app

from .conftest import ROOT

EX = ROOT / "examples" / "decks"
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def _english(cli: Any, tmp_path: Path, source: Path, name: str) -> Path:
    """``source`` written as a text list with English names (`deck convert --to text --lang en`)."""
    converted = cli("deck", "convert", source, "--to", "text", "--lang", "en")
    assert converted.exit_code == 0, converted.output
    path = tmp_path / name
    path.write_text(converted.stdout, encoding="utf-8")
    return path


def _pdf_text(path: Path) -> str:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


# ---------------------------------------------------------------- 1: the deck's own language


@pytest.mark.lang_default
def test_print_deck_prints_in_the_decks_own_language(cli: Any, tmp_path: Path) -> None:
    deck = _english(cli, tmp_path, EX / "tactics" / "duo-rival.txt", "en.txt")
    out = tmp_path / "e.pdf"
    result = cli("print", "--deck", deck, "--out", out)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{out}: 17 cards on 2 pages"), result.stdout
    text = _pdf_text(out)
    assert "Gale" in text and "Lynx" in text and not CJK.search(text), text[:200]
    # --lang still wins: the same list printed in Chinese
    result = cli("print", "--deck", deck, "--out", out, "--lang", "zh-Hans")
    assert result.exit_code == 0 and "17 张牌" in result.stdout
    assert "烈风" in _pdf_text(out)


@pytest.mark.lang_default
def test_print_of_a_json_deck_keeps_the_default(cli: Any, tmp_path: Path) -> None:
    """A JSON deck names ids, no language: the default (zh-Hans) prints, as `deck validate` speaks it."""
    result = cli("print", "--deck", EX / "tactics" / "duel.json", "--out", tmp_path / "d.pdf")
    assert result.exit_code == 0 and "张牌" in result.stdout


def _play(*args: Any) -> Any:
    return CliRunner().invoke(app, ["play", *map(str, args), "--plain", "--seed", "1"], input="")


@pytest.mark.lang_default
def test_play_tactics_speaks_the_decks_own_language(cli: Any, tmp_path: Path) -> None:
    deck = _english(cli, tmp_path, EX / "tactics" / "duo-rival.txt", "en.txt")
    log = _play("tactics", "--decks", deck).stdout
    first = log.lstrip().splitlines()[0]
    assert "set-up (mode: Duo" in first and not CJK.search(log), log[:300]
    assert "准备（模式：双雄" in _play("tactics", "--decks", deck, "--lang", "zh-Hans").stdout


@pytest.mark.lang_default
def test_play_netrunner_speaks_the_decks_own_language(cli: Any, tmp_path: Path) -> None:
    corp = _english(cli, tmp_path, EX / "netrunner" / "corp-hb-tireless-hands.json", "corp.txt")
    runner = _english(cli, tmp_path, EX / "netrunner" / "runner-criminal-fingers.json", "runner.txt")
    log = _play("netrunner", "--decks", corp, "--decks", runner).stdout
    assert "set-up (game: netrunner" in log and "Haas-Bioroid: Tireless Hands" in log, log[:300]
    assert "准备" in _play("netrunner", "--decks", corp, "--decks", runner, "--lang", "zh-Hans").stdout


# ---------------------------------------------------------------- 2: Ctrl-C during --png DIR


def _interrupted_after(monkeypatch: pytest.MonkeyPatch, images: int) -> None:
    """The PNG rasterizer raises KeyboardInterrupt (Ctrl-C) after ``images`` images."""
    from toolkit.sheets import render

    real = render.iter_pdf_pngs

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        for index, data in enumerate(real(*args, **kwargs)):
            if index == images:
                raise KeyboardInterrupt
            yield data

    monkeypatch.setattr(render, "iter_pdf_pngs", interrupted)


def _tree(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


CARDS = ("tactics/jackdaw", "tactics/egret", "tactics/med_kit", "crossfire/vip")


def test_ctrl_c_during_png_leaves_no_half_filled_new_folder(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _interrupted_after(monkeypatch, 2)
    folder = tmp_path / "pngs"
    result = cli("print", *CARDS, "--png", folder)
    assert result.exit_code != 0 and isinstance(result.exception, KeyboardInterrupt | SystemExit)
    assert not folder.exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # nor the temporary folder the images went into


def test_ctrl_c_during_png_leaves_an_existing_folder_whole(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "pngs"
    assert cli("print", *CARDS, "--png", folder, "--bleed", "2").exit_code == 0
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    before = _tree(folder)
    _interrupted_after(monkeypatch, 2)
    result = cli("print", *CARDS, "--png", folder)  # other images (no bleed): none of them may land
    assert result.exit_code != 0
    assert _tree(folder) == before


def test_png_into_an_existing_folder_replaces_its_images_and_keeps_the_rest(cli: Any, tmp_path: Path) -> None:
    folder = tmp_path / "pngs"
    assert cli("print", *CARDS, "--png", folder, "--bleed", "2").exit_code == 0
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    before = _tree(folder)
    result = cli("print", *CARDS, "--png", folder)
    assert result.exit_code == 0, result.output
    after = _tree(folder)
    assert sorted(after) == sorted(before) and after["notes.txt"] == b"mine\n"
    assert all(after[name] != before[name] for name in after if name.endswith(".png"))


def test_a_killed_png_run_is_swept_by_the_next(cli: Any, tmp_path: Path) -> None:
    left = tmp_path / ".pngs.dossier-tmp-999999-0001"  # what a run killed long ago left beside a new folder
    left.mkdir()
    (left / "tactics-jackdaw.png").write_bytes(b"half")
    old = time.time() - 3600
    os.utime(left, (old, old))
    assert cli("print", "tactics/jackdaw", "--png", tmp_path / "pngs").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pngs"]


# ---------------------------------------------------------------- 3: a file where --out names a folder


@pytest.mark.parametrize("under", ["n.txt/x.pdf", "n.txt/sub/x.pdf"])
def test_out_under_a_file_says_it_is_not_a_directory(cli: Any, tmp_path: Path, under: str) -> None:
    (tmp_path / "n.txt").write_text("hi\n", encoding="utf-8")
    out = tmp_path / under
    result = cli("print", "--deck", EX / "tactics" / "duel.json", "--out", out)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"dossier: error: --out {out}: {tmp_path / 'n.txt'} is not a directory"
    missing = tmp_path / "nodir" / "x.pdf"  # a folder that is not there is still said to be missing
    result = cli("print", "--deck", EX / "tactics" / "duel.json", "--out", missing)
    assert result.exit_code == 2 and "does not exist" in result.stderr


# ---------------------------------------------------------------- 4: "did you mean" for a printed deck


def _finding(output: str, code: str) -> str:
    return next(line for line in output.splitlines() if code in line)


@pytest.mark.parametrize(
    ("field", "wrong", "right"), [("cards", "med_kitt", "med_kit"), ("agents", "mistblad", "mistblade")]
)
def test_print_deck_says_did_you_mean_as_deck_validate_does(
    cli: Any, tmp_path: Path, field: str, wrong: str, right: str
) -> None:
    data = json.loads((EX / "tactics" / "duel.json").read_text(encoding="utf-8"))
    if field == "cards":
        data["cards"] = {(wrong if k == right else k): n for k, n in data["cards"].items()}
    else:
        data["agents"] = [wrong if a == right else a for a in data["agents"]]
    assert wrong in json.dumps(data)
    deck = tmp_path / "bad.json"
    deck.write_text(json.dumps(data, indent=1), encoding="utf-8")
    printed = cli("print", "--deck", deck, "--out", tmp_path / "x.pdf")
    assert printed.exit_code == 1 and not (tmp_path / "x.pdf").exists()
    code = "deck.card.unknown" if field == "cards" else "deck.agent.unknown"
    line = _finding(printed.stderr, code)
    assert f"did you mean '{right}'?" in line, line
    assert line == _finding(cli("deck", "validate", deck).output, code)  # the same words, at the same place


def test_an_illegal_deck_still_prints_and_a_print_only_deck_is_still_checked(cli: Any, tmp_path: Path) -> None:
    data = json.loads((EX / "tactics" / "duel.json").read_text(encoding="utf-8"))
    data["cards"] = dict(list(data["cards"].items())[:2])  # too few cards for the mode: prints all the same
    small = tmp_path / "small.json"
    small.write_text(json.dumps(data), encoding="utf-8")
    assert cli("print", "--deck", small, "--out", tmp_path / "s.pdf").exit_code == 0
    sheet = {"cards": {"med_kitt": 2}, "game": "tactics", "mode": "print", "name": "sheet"}  # an imported sheet's
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    result = cli("print", "--deck", path, "--out", tmp_path / "p.pdf")
    assert result.exit_code == 1 and "deck.card.unknown" in result.stderr and "'med_kitt'" in result.stderr
