"""`dossier print --tts FILE.png` writes FILE.json, a Tabletop Simulator saved object loading the sheets as a deck:
the structure toolkit/sheets/tts.py documents, one card per card of the deck, CardIDs at their sheet positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from PIL import Image, ImageChops, ImageStat

from toolkit.jsonio import canonical_dumps
from toolkit.sheets.render import TtsSheet
from toolkit.sheets.tts import image_url, saved_object, sheet_positions

SHEET = {
    "type": "object",
    "required": ["FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"],
    "additionalProperties": False,
    "properties": {
        "FaceURL": {"type": "string", "minLength": 1},
        "BackURL": {"type": "string", "minLength": 1},
        "NumWidth": {"type": "integer", "minimum": 1, "maximum": 10},
        "NumHeight": {"type": "integer", "minimum": 1, "maximum": 7},
        "BackIsHidden": {"const": True},
        "UniqueBack": {"type": "boolean"},
        "Type": {"const": 0},
    },
}
TRANSFORM = {
    "type": "object",
    "required": ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"],
    "additionalProperties": {"type": "number"},
}
OBJECT = {
    "required": ["GUID", "Name", "Transform", "Nickname", "Description"],
    "properties": {
        "GUID": {"type": "string", "pattern": "^[0-9a-f]{6}$"},
        "Transform": TRANSFORM,
        "Nickname": {"type": "string"},
        "Description": {"type": "string"},
    },
}
CARD = {
    "type": "object",
    "allOf": [OBJECT],
    "required": ["CardID", "CustomDeck"],
    "properties": {
        "Name": {"const": "Card"},
        "CardID": {"type": "integer", "minimum": 100},
        "CustomDeck": {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "patternProperties": {"^[1-9][0-9]*$": SHEET},
            "additionalProperties": False,
        },
    },
}
DECK = {
    "type": "object",
    "allOf": [OBJECT],
    "required": ["DeckIDs", "CustomDeck", "ContainedObjects"],
    "properties": {
        "Name": {"const": "DeckCustom"},
        "DeckIDs": {"type": "array", "items": {"type": "integer"}, "minItems": 2},
        "CustomDeck": {
            "type": "object",
            "minProperties": 1,
            "patternProperties": {"^[1-9][0-9]*$": SHEET},
            "additionalProperties": False,
        },
        "ContainedObjects": {"type": "array", "items": CARD, "minItems": 2},
    },
}
SAVED_OBJECT = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["SaveName", "ObjectStates"],
    "properties": {
        "SaveName": {"type": "string"},
        "ObjectStates": {"type": "array", "minItems": 1, "maxItems": 1, "items": {"oneOf": [DECK, CARD]}},
    },
}


def validate(data: dict[str, Any]) -> dict[str, Any]:
    """Check the documented structure and its cross-references; returns the one object."""
    jsonschema.Draft202012Validator(SAVED_OBJECT).validate(data)
    state: dict[str, Any] = data["ObjectStates"][0]
    cards = state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]
    if state["Name"] == "DeckCustom":
        assert state["DeckIDs"] == [card["CardID"] for card in cards]
    for card in cards:
        ((key, sheet),) = card["CustomDeck"].items()
        assert card["CardID"] // 100 == int(key)
        assert card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"]
        if state["Name"] == "DeckCustom":
            assert state["CustomDeck"][key] == sheet
    return state


def cards_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]


def local_file(url: str) -> Path:
    assert url.startswith("file:///")
    return Path("/" + url.removeprefix("file:///"))


def cell(sheet: Path, card_id: int, columns: int, rows: int) -> Image.Image:
    with Image.open(sheet) as image:
        width, height = image.size[0] // columns, image.size[1] // rows
        slot = card_id % 100
        x, y = slot % columns, slot // columns
        return image.convert("RGB").crop((x * width, y * height, (x + 1) * width, (y + 1) * height))


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_a_deck_becomes_a_custom_deck_of_as_many_cards(cli, tmp_path: Path) -> None:
    deck = tmp_path / "five.json"
    deck.write_text(
        canonical_dumps(
            {
                "game": "crossfire",
                "mode": "crossfire",
                "name": "five",
                "players": 5,
                "cards": {"agent": 2, "vip": 1, "assassin": 2},
            }
        ),
        encoding="utf-8",
    )
    out = tmp_path / "tts" / "five.png"
    out.parent.mkdir()
    result = cli("print", "--deck", deck, "--tts", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert f"{out.with_suffix('.json')}: Tabletop Simulator saved object, a deck of 5 cards from 1 sheet" in (
        result.stdout
    )
    data = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    state = validate(data)
    assert state["Name"] == "DeckCustom" and state["Nickname"] == "five" and data["SaveName"] == "five"
    assert [c["Nickname"] for c in cards_of(state)] == ["Agent", "Agent", "Assassin", "Assassin", "VIP"]
    assert state["DeckIDs"] == [100, 101, 102, 103, 104]
    sheet = state["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"], sheet["UniqueBack"]) == (5, 1, False)
    assert local_file(sheet["FaceURL"]) == out.resolve() and local_file(sheet["BackURL"]).is_file()
    assert cards_of(state)[4]["Description"] == "If you are not hit and the blue team wins, you win."


def test_card_ids_point_at_the_cards_on_the_sheet(cli, tmp_path: Path) -> None:
    """Each card's CardID cell of the face sheet shows that card: the same pixels as the card printed alone."""
    names = ["crossfire/vip", "crossfire/assassin", "crossfire/bodyguard", "crossfire/vip"]
    out = tmp_path / "deck.png"
    assert cli("print", *names, "--tts", out).exit_code == 0
    state = validate(json.loads(out.with_suffix(".json").read_text(encoding="utf-8")))
    sheet = state["CustomDeck"]["1"]
    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
    for name, card in zip(names, cards_of(state), strict=True):
        alone = tmp_path / f"{name.split('/')[1]}.png"
        if not alone.exists():
            assert cli("print", name, "--tts", alone).exit_code == 0
        with Image.open(alone) as image:
            expected = image.convert("RGB")
        found = cell(local_file(sheet["FaceURL"]), card["CardID"], columns, rows)
        assert found.size == expected.size
        assert difference(found, expected) < 2.0, name
        others = [n for n in names if n != name]
        other = cell(local_file(sheet["FaceURL"]), state["DeckIDs"][names.index(others[0])], columns, rows)
        assert difference(other, expected) > 5.0  # the comparison tells cards apart


@pytest.mark.lang_default
def test_several_sheets_are_several_custom_decks(cli, tmp_path: Path) -> None:
    out = tmp_path / "big.png"
    result = cli("print", *(["crossfire/vip", "crossfire/assassin"] * 40), "--tts", out)
    assert result.exit_code == 0, result.output
    state = validate(json.loads(out.with_suffix(".json").read_text(encoding="utf-8")))
    assert len(state["ContainedObjects"]) == 80
    assert sorted(state["CustomDeck"]) == ["1", "2"]
    first, second = state["CustomDeck"]["1"], state["CustomDeck"]["2"]
    assert local_file(first["FaceURL"]).name == "big-1.png" and local_file(second["FaceURL"]).name == "big-2.png"
    assert first["BackURL"] == second["BackURL"] and local_file(first["BackURL"]).name == "big-back.png"
    assert (first["NumWidth"], first["NumHeight"], second["NumWidth"], second["NumHeight"]) == (10, 7, 10, 2)
    assert state["DeckIDs"] == [*range(100, 169), *range(200, 211)]
    assert [c["Nickname"] for c in state["ContainedObjects"][68:70]] == ["VIP", "刺客"]  # the order carries over


def test_different_backs_are_unique_backs(cli, tmp_path: Path) -> None:
    out = tmp_path / "mixed.png"
    result = cli("print", "tactics/anvil", "tactics/anti_materiel_rifle", "crossfire/vip", "--tts", out)
    assert result.exit_code == 0, result.output
    state = validate(json.loads(out.with_suffix(".json").read_text(encoding="utf-8")))
    sheet = state["CustomDeck"]["1"]
    assert sheet["UniqueBack"] is True and local_file(sheet["BackURL"]).name == "mixed-back.png"
    with Image.open(local_file(sheet["BackURL"])) as back, Image.open(local_file(sheet["FaceURL"])) as face:
        assert back.size == face.size  # a back sheet in the face sheet's grid


def test_one_card_is_a_card_object(cli, tmp_path: Path) -> None:
    out = tmp_path / "one.png"
    assert cli("print", "tactics/anti_materiel_rifle", "--tts", out, "--lang", "en").exit_code == 0
    state = validate(json.loads(out.with_suffix(".json").read_text(encoding="utf-8")))
    assert state["Name"] == "Card" and state["CardID"] == 100
    assert state["Nickname"] == "Anti-Materiel Rifle"
    assert state["Description"].splitlines()[1] == "The wearer gets -1 move speed."


def test_url_base_writes_urls_for_hosting(cli, tmp_path: Path) -> None:
    out = tmp_path / "deck.png"
    base = "https://example.org/decks/"
    assert cli("print", "crossfire/vip", "crossfire/assassin", "--tts", out, "--tts-url-base", base).exit_code == 0
    sheet = validate(json.loads(out.with_suffix(".json").read_text(encoding="utf-8")))["CustomDeck"]["1"]
    assert (sheet["FaceURL"], sheet["BackURL"]) == (f"{base}deck.png", f"{base}deck-back.png")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tts-url-base", "https://example.org", "--out", "{tmp}/x.pdf"], "--tts-url-base applies to --tts"),
        (["--tts", "{tmp}/x.png", "--tts-url-base", "example.org"], "expected a URL"),
    ],
)
def test_tts_option_errors(cli, tmp_path: Path, args: list[str], message: str) -> None:
    result = cli("print", "crossfire/vip", *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert result.exit_code == 2 and message in result.stderr


def test_a_json_file_that_is_not_a_saved_object_is_never_replaced(cli, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(
        canonical_dumps({"game": "crossfire", "mode": "crossfire", "name": "d", "players": 5, "cards": {"vip": 1}}),
        encoding="utf-8",
    )
    mine = deck.read_bytes()
    as_deck = cli("print", "--deck", deck, "--tts", tmp_path / "deck.png")
    assert as_deck.exit_code == 2 and "the deck file" in as_deck.stderr
    other = tmp_path / "notes.json"
    other.write_text('{"mine": true}\n', encoding="utf-8")
    refused = cli("print", "crossfire/vip", "--tts", tmp_path / "notes.png")
    assert refused.exit_code == 2 and "is not a Tabletop Simulator saved object" in refused.stderr
    assert other.read_text(encoding="utf-8") == '{"mine": true}\n' and deck.read_bytes() == mine
    assert not (tmp_path / "notes.png").exists()
    first = cli("print", "crossfire/vip", "--tts", tmp_path / "again.png")
    second = cli("print", "crossfire/vip", "crossfire/vip", "--tts", tmp_path / "again.png")
    assert first.exit_code == 0 and second.exit_code == 0  # our own saved object is replaced
    assert validate(json.loads((tmp_path / "again.json").read_text(encoding="utf-8")))["Name"] == "DeckCustom"


def fake_sheet(count: int, columns: int, rows: int) -> TtsSheet:
    return TtsSheet(b"", columns, rows, count, columns * 10, rows * 14)


class Named:
    """A stand-in record: what the saved object reads of a card."""

    def __init__(self, index: int, back: str = "role") -> None:
        self.game, self.kind, self.id = "crossfire", back, f"c{index}"
        self.text: list[str] = []
        self.name = type("N", (), {"zh_hans": f"牌{index}", "en": f"Card {index}"})()


def test_sheet_positions_follow_the_sheets() -> None:
    faces = [fake_sheet(69, 10, 7), fake_sheet(69, 10, 7), fake_sheet(3, 3, 1)]
    positions = sheet_positions(faces)
    assert positions[0] == (1, 0) and positions[68] == (1, 68) and positions[69] == (2, 0) and positions[-1] == (3, 2)
    records = [Named(i) for i in range(141)]
    data = saved_object(records, faces, [fake_sheet(1, 1, 1)], ["a", "b", "c"], ["back"], name="many", lang="en")
    state = validate(data)
    assert [card["CardID"] for card in state["ContainedObjects"]][-4:] == [268, 300, 301, 302]
    assert state["ContainedObjects"][-1]["Nickname"] == "Card 140"
    assert state["CustomDeck"]["3"] == {
        "BackIsHidden": True,
        "BackURL": "back",
        "FaceURL": "c",
        "NumHeight": 1,
        "NumWidth": 3,
        "Type": 0,
        "UniqueBack": False,
    }
    with pytest.raises(ValueError, match="do not hold"):
        saved_object(records[:-1], faces, [fake_sheet(1, 1, 1)], ["a", "b", "c"], ["back"], name="x")


def test_image_urls() -> None:
    assert image_url(Path("/tmp/a b/deck.png")) == "file:///tmp/a b/deck.png"
    assert image_url(Path("/tmp/x/deck 1.png"), "https://h.example/d") == "https://h.example/d/deck%201.png"
