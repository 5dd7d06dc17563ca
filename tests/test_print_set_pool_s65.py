"""``dossier print --deck DECK --cards my-set`` reads its pool as every deck command does (toolkit/config.py:
pool_catalog, among_pool): a designer's set folder alone plays among the pool read when no folder is named, so a
deck that ``deck validate --cards my-set`` calls legal prints (it was refused with a deck.card.unknown finding for
every bundled card and agent). A deck most of whose names the pool lacks gets the pool hint `deck validate` gives;
one slip among known names is refused as before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.cli.app import app

from .conftest import ROOT
from .test_set_pools_s64 import FIELD_DRESSING  # (a designer's new card)

EX = ROOT / "examples" / "decks" / "tactics"


@pytest.fixture
def new_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # (no cards/ here: the pool the set plays among is the bundled one)
    folder = tmp_path / "new-set"
    (folder / "cards").mkdir(parents=True)
    (folder / "cards" / "field_dressing.json").write_text(json.dumps(FIELD_DRESSING, ensure_ascii=False) + "\n",
                                                         encoding="utf-8")  # fmt: skip
    return folder


def _deck(tmp_path: Path, *swaps: tuple[str, str]) -> Path:
    result = CliRunner().invoke(app, ["deck", "convert", str(EX / "duel.json"), "--to", "text"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path


def _size() -> int:
    data = json.loads((EX / "duel.json").read_text(encoding="utf-8"))
    return len(data["agents"]) + sum(data["cards"].values())


def test_print_deck_with_a_set_folder_alone_plays_among_the_pool(new_set: Path, tmp_path: Path) -> None:
    deck = _deck(tmp_path, ("1x Med Kit", "1x Field Dressing"))  # a card of the set, the rest bundled
    checked = CliRunner().invoke(app, ["deck", "validate", "--cards", str(new_set), str(deck)])
    assert checked.exit_code == 0, checked.output  # (the deck commands accept it)
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(app, ["print", "--deck", str(deck), "--cards", str(new_set), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "deck.card.unknown" not in result.output
    assert re.search(rf"x\.pdf: {_size()} cards\b", result.stdout), result.stdout
    assert out.read_bytes().startswith(b"%PDF")


def test_print_deck_of_another_pool_gets_the_pool_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = "# game: tactics\n# mode: duel\n\n## Agents\n1x Nobody Here\n\n## Cards\n1x Nothing Such\n1x Med Kit\n"
    deck = tmp_path / "other.txt"
    deck.write_text(text, encoding="utf-8")
    checked = CliRunner().invoke(app, ["deck", "validate", str(deck)])
    assert "may not be the one you mean" in checked.output, checked.output
    result = CliRunner().invoke(app, ["print", "--deck", str(deck), "--out", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1
    assert result.output.count("may not be the one you mean") == 1, result.output
    assert "cannot print this deck" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_print_deck_with_a_really_unknown_card_is_refused(new_set: Path, tmp_path: Path) -> None:
    deck = _deck(tmp_path, ("1x Med Kit", "1x Field Dresing"))  # a slip: in neither the set nor the pool
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(app, ["print", "--deck", str(deck), "--cards", str(new_set), "--out", str(out)])
    assert result.exit_code == 1
    assert result.output.count("deck.card.unknown") == 1, result.output
    assert "Field Dresing" in result.output and "cannot print this deck" in result.output
    assert "may not be the one you mean" not in result.output  # (one slip among known names: no pool hint)
    assert not out.exists()
