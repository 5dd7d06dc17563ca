"""A deck's name in each language: the example decks carry Chinese and English names, shown in the reader's
language by the commands and the web, kept through every format Dossier writes and reads back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit.models.deck import Deck

from .conftest import ROOT

EX = ROOT / "examples" / "decks"


def test_every_example_deck_has_a_name_in_each_language() -> None:
    for path in sorted(EX.glob("*/*.json")):
        name = Deck.model_validate(json.loads(path.read_text(encoding="utf-8"))).name
        assert not isinstance(name, str) and name.zh_hans and name.en, (path, name)
    for path in sorted(EX.glob("*/*.txt")):
        directives = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith("# name")]
        assert [d.split(":")[0] for d in directives] == ["# name", "# name.en"], (path, directives)  # (it last)


@pytest.mark.parametrize(("lang", "shown"), [("en", "Duo: Hawk Eye and White Coat"), ("zh-Hans", "双雄：鹰眼与白衣")])
def test_the_name_shown_is_the_readers(cli, lang: str, shown: str) -> None:
    stats = cli("deck", "stats", EX / "tactics" / "duo.json", "--lang", lang)
    assert stats.exit_code == 0, stats.output
    assert stats.stdout.startswith(shown), stats.stdout
    listed = cli("deck", "show", EX / "tactics" / "duo-list.txt", "--lang", lang)
    assert listed.stdout.splitlines()[0] == f"# name: {shown}", listed.stdout


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_text_list_keeps_both_names_both_ways(cli, tmp_path: Path, lang: str) -> None:
    text, back = tmp_path / "deck.txt", tmp_path / "deck.json"
    assert cli("deck", "convert", EX / "tactics" / "duo.json", "--to", "text", "--out", text, "--lang", lang).exit_code == 0
    assert cli("deck", "convert", text, "--to", "json", "--out", back).exit_code == 0
    again = json.loads(back.read_text(encoding="utf-8"))["name"]
    assert again == json.loads((EX / "tactics" / "duo.json").read_text(encoding="utf-8"))["name"]


def test_a_name_in_one_string_and_the_title() -> None:
    one = Deck.model_validate({"game": "tactics", "mode": "duel", "name": "My deck"})
    assert one.title("en") == one.title("zh-Hans") == "My deck"
    both = Deck.model_validate({"game": "tactics", "mode": "duel", "name": {"zh-Hans": "甲", "en": "A"}})
    assert (both.title("en"), both.title("zh-Hans"), both.title("fr")) == ("A", "甲", "甲")
    with pytest.raises(ValueError):
        Deck.model_validate({"game": "tactics", "mode": "duel", "name": {"en": "no Chinese"}})


def test_the_nrdb_export_names_the_deck_in_english(cli) -> None:
    out = cli("deck", "convert", EX / "netrunner" / "corp-hb-tireless-hands.json", "--to", "nrdb", "--out", "-")
    assert out.stdout.splitlines()[0] == "Tireless Hands: Standard Rush", out.stdout
