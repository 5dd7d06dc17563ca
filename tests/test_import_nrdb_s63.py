"""`dossier import netrunnerdb`: a v1 import gives v2's card ids and faces, a re-import never deletes what a user
wrote, a broken rule number leaves its card out, a truncated file is said to be truncated, and a face without a
title is named as its card.

The checkouts are invented here, in NetrunnerDB's two layouts side by side (as a real checkout has them): the v2
ids are the ones NetrunnerDB's own rule (``textToId``) gives the titles.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.errors import DossierError
from toolkit.i18n import use_lang
from toolkit.importers import import_netrunnerdb
from toolkit.importers.marker import FILES, MARKER
from toolkit.importers.netrunnerdb import card_slug, slugify

FLIP_FRONT = "When your turn ends, if you made no run this turn, flip this identity."
FLIP_BACK = "When your turn begins, draw 1 card."

# (v2 id, title, stripped title, type, side, faction, text, v2-only fields)
CARDS: list[tuple[str, str, str, str, str, str, str, dict[str, Any]]] = [
    ("quinns_ledger", "Quinn's Ledger", "Quinn's Ledger", "event", "runner", "anarch", "Gain 3[credit].", {}),
    ("i_ve_got_this", "I've Got This", "I've Got This", "event", "runner", "anarch", "Gain 2[credit].", {}),
    (
        "where_you_re_welcome",
        "Where You’re Welcome",
        "Where You're Welcome",
        "event",
        "runner",
        "anarch",
        "Draw 1 card.",
        {},
    ),
    ("zoryas_cafe", "Zorya’s Café", "Zorya's Cafe", "event", "runner", "anarch", "Gain 1[credit].", {}),
    (
        "vessa_morrow_two_minds",
        "Vessa Morrow: Two Minds",
        "Vessa Morrow: Two Minds",
        "identity",
        "runner",
        "anarch",
        FLIP_FRONT,
        {"faces": [{"text": FLIP_BACK}]},  # a back face without a title of its own
    ),
    (
        "halcyon_works_one_voice",
        "Halcyon Works: One Voice",
        "Halcyon Works: One Voice",
        "identity",
        "corp",
        "haas_bioroid",
        "Gain 1[credit].",
        {},
    ),
]


def dump(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def write_checkout(root: Path, cards: list[tuple[str, str, str, str, str, str, str, dict[str, Any]]] = CARDS) -> Path:
    """Both layouts of one invented pack: ``v2/`` and the v1 ``pack/``, ``packs.json``…"""
    factions = [("anarch", "Anarch", "runner"), ("haas_bioroid", "Haas-Bioroid", "corp")]
    dump(root / "v2" / "factions.json", [{"id": f, "name": n, "side_id": s, "is_mini": False} for f, n, s in factions])
    dump(root / "factions.json", [{"code": f.replace("_", "-"), "name": n, "side_code": s} for f, n, s in factions])
    dump(root / "packs.json", [{"code": "tp", "cycle_code": "tc", "name": "Test Pack", "date_release": "2030-01-01"}])
    dump(root / "cycles.json", [{"code": "tc", "name": "Test Cycle", "position": 1, "rotated": False}])
    dump(
        root / "v2" / "card_sets.json",
        [{"id": "test_pack", "name": "Test Pack", "card_cycle_id": "test_cycle", "legacy_code": "tp"}],
    )
    pack, printings = [], []
    for number, (card_id, title, stripped, kind, side, faction, text, extra) in enumerate(cards, 1):
        code = f"9{number:04d}"
        v2: dict[str, Any] = {
            "id": card_id,
            "title": title,
            "stripped_title": stripped,
            "card_type_id": f"{side}_identity" if kind == "identity" else kind,
            "side_id": side,
            "faction_id": faction,
            "text": text,
            "is_unique": False,
            "deck_limit": 1 if kind == "identity" else 3,
        }
        v1: dict[str, Any] = {
            "code": code,
            "title": title,
            "stripped_title": stripped,
            "type_code": kind,
            "side_code": side,
            "faction_code": faction.replace("_", "-"),
            "text": text,
            "pack_code": "tp",
            "position": number,
            "quantity": 3,
            "uniqueness": False,
            "deck_limit": v2["deck_limit"],
        }
        if kind == "identity":
            v2.update(minimum_deck_size=40, influence_limit=15)
            v1.update(minimum_deck_size=40, influence_limit=15)
            if side == "runner":
                v2["base_link"] = v1["base_link"] = 0
        else:
            v2.update(cost=0, influence_cost=1)
            v1.update(cost=0, faction_cost=1)
        faces = extra.get("faces", [])
        if faces:  # v1 writes the other face into the text, after "Flip side:"
            v1["text"] = "\n".join([text, "Flip side:", *(face["text"] for face in faces)])
        v2.update(extra)
        dump(root / "v2" / "cards" / f"{card_id}.json", v2)
        pack.append(v1)
        printings.append({"id": code, "card_id": card_id, "card_set_id": "test_pack", "position": number})
    dump(root / "pack" / "tp.json", pack)
    dump(root / "v2" / "printings" / "test_pack.json", printings)
    return root


def records(into: Path) -> dict[str, dict[str, Any]]:
    out = {}
    for folder in ("cards", "identities"):
        for path in sorted((into / folder).glob("*.json")):
            out[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    return out


def imported(root: Path, into: Path, layout: str = "auto") -> Any:
    with use_lang("en"):
        return import_netrunnerdb(root, into, layout=layout)


# ---- 1: a v1 import gives the ids (and faces) a v2 import gives


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("I've Got This", "i_ve_got_this"),  # an apostrophe inside a word is a break, as NetrunnerDB has it
        ("Where You’re Welcome", "where_you_re_welcome"),  # a typographic apostrophe is one
        ("Quinn's Ledger", "quinns_ledger"),  # an apostrophe before one last letter is dropped
        ("An Offer You Can’t Refuse", "an_offer_you_cant_refuse"),
        ("Zorya’s Café", "zoryas_cafe"),
        ("Paule\u02bcs Caf\u00e9", "paules_cafe"),  # (a modifier letter apostrophe)
    ],
)
def test_slugify_makes_netrunnerdb_ids(title: str, slug: str) -> None:
    assert slugify(title) == slug


def test_card_ids_netrunnerdb_gave_otherwise() -> None:
    """The two cards whose v2 ids NetrunnerDB did not make by its rule."""
    assert card_slug("Na'Not'K") == "na_not_k"
    assert card_slug('"Knickknack" O\'Brian') == "knickknack_obrian"
    assert card_slug("Quinn's Ledger") == "quinns_ledger"


def test_v1_gives_the_v2_ids_and_faces(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "repo")
    imported(root, tmp_path / "v2", "v2")
    imported(root, tmp_path / "v1", "v1")
    v2, v1 = records(tmp_path / "v2"), records(tmp_path / "v1")
    assert sorted(v1) == sorted(v2) == sorted(card[0] for card in CARDS)
    for card_id, record in v2.items():
        other = v1[card_id]
        for key in ("text", "reading", "printed_text", "name", "faces"):
            assert other.get(key) == record.get(key), (card_id, key)
    identity = v1["vessa_morrow_two_minds"]
    # the back's paragraph is the back's: not read into the front's abilities
    assert identity["printed_text"]["en"] == [FLIP_FRONT]
    assert identity["text"] == [] and identity["reading"]["status"] == "printed_only"
    assert identity["faces"] == [{"name": identity["name"], "printed_text": {"en": [FLIP_BACK]}}]


def test_facade_sides_become_faces(tmp_path: Path) -> None:
    """v1 writes each face of a facade identity as a paragraph "Side 1: …"."""
    sides = ["When you flip this identity, gain 1[credit].", "When you flip this identity, draw 1 card."]
    text = "\n".join(
        ["[click][click][click]: Flip this identity.", *(f"Side {n}: {s}" for n, s in enumerate(sides, 1))]
    )
    card: tuple[str, str, str, str, str, str, str, dict[str, Any]] = (
        "kiln_labs_many_rooms", "Kiln Labs: Many Rooms", "Kiln Labs: Many Rooms", "identity", "corp", "haas_bioroid",
        text, {},
    )  # fmt: skip
    root = write_checkout(tmp_path / "repo", [card])
    imported(root, tmp_path / "v1", "v1")
    record = records(tmp_path / "v1")["kiln_labs_many_rooms"]
    assert record["printed_text"]["en"] == ["[click][click][click]: Flip this identity."]
    assert [face["printed_text"]["en"] for face in record["faces"]] == [[side] for side in sides]


def test_a_face_without_a_title_is_named_as_its_card(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "repo")
    imported(root, tmp_path / "v2", "v2")
    record = records(tmp_path / "v2")["vessa_morrow_two_minds"]
    assert record["faces"][0]["name"] == {"zh-Hans": "Vessa Morrow: Two Minds", "en": "Vessa Morrow: Two Minds"}
    # the card's own name has the English standing in, and so has the face's, named as the card
    assert record["untranslated"] == ["/name/zh-Hans", "/faces/0/name/zh-Hans"]


# ---- 2: a re-import never deletes what a user wrote


def test_reimport_refuses_to_delete_a_users_files(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "repo")
    into = tmp_path / "pool"
    imported(root, into)
    (into / "my-deck.txt").write_text("3 Quinn's Ledger\n", encoding="utf-8")
    (into / "custom").mkdir()
    (into / "custom" / "my_card.json").write_text("{}", encoding="utf-8")
    (into / ".DS_Store").write_bytes(b"\0")  # (a desktop's, nobody's work)
    with pytest.raises(DossierError) as caught:
        imported(root, into)
    message = caught.value.message
    assert "2 files the earlier import did not write: custom/my_card.json, my-deck.txt." in message
    assert ".DS_Store" not in message and "move them out" in message
    assert (into / "my-deck.txt").read_text(encoding="utf-8") == "3 Quinn's Ledger\n"
    assert (into / "custom" / "my_card.json").is_file()


def test_reimport_refuses_to_lose_an_edited_record(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "repo")
    into = tmp_path / "pool"
    imported(root, into)
    edited = into / "cards" / "quinns_ledger.json"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Quinn's Ledger", "Quinn's Big Ledger"), "utf-8")
    with pytest.raises(DossierError, match="A file the earlier import wrote was changed since: cards/quinns_ledger"):
        imported(root, into)
    assert "Big Ledger" in edited.read_text(encoding="utf-8")


def test_reimport_replaces_what_the_import_wrote(tmp_path: Path) -> None:
    """The folder is still replaced as a whole: a card the new import does not have is gone with the old one."""
    root = write_checkout(tmp_path / "repo")
    into = tmp_path / "pool"
    imported(root, into)
    marker = json.loads((into / MARKER).read_text(encoding="utf-8"))
    assert "cards/quinns_ledger.json" in marker[FILES] and "game.json" in marker[FILES]
    assert MARKER not in marker[FILES]
    (root / "v2" / "cards" / "quinns_ledger.json").unlink()
    imported(root, into)
    assert not (into / "cards" / "quinns_ledger.json").exists() and (into / "cards" / "zoryas_cafe.json").is_file()


def test_reimport_over_an_older_marker(tmp_path: Path) -> None:
    """A marker that does not list what it wrote: a file of the shape an import writes is its; any other file
    stops the import."""
    root = write_checkout(tmp_path / "repo")
    into = tmp_path / "pool"
    imported(root, into)
    marker = json.loads((into / MARKER).read_text(encoding="utf-8"))
    del marker[FILES]
    (into / MARKER).write_text(json.dumps(marker), encoding="utf-8")
    (into / "cards" / "old_card.json").write_text("{}", encoding="utf-8")  # (an older import's, by its shape)
    (into / "notes.md").write_text("mine", encoding="utf-8")
    with pytest.raises(DossierError, match="a file the earlier import did not write: notes.md"):
        imported(root, into)
    (into / "notes.md").unlink()
    imported(root, into)
    assert not (into / "cards" / "old_card.json").exists()


def test_reimport_refusal_on_the_command_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from toolkit.cli import app

    root = write_checkout(tmp_path / "repo")
    into = tmp_path / "pool"
    imported(root, into)
    (into / "my-deck.txt").write_text("deck", encoding="utf-8")
    result = CliRunner().invoke(app, ["import", "netrunnerdb", str(root), "--into", str(into), "--lang", "en"])
    assert result.exit_code == 2
    assert "did not write: my-deck.txt" in result.output
    assert (into / "my-deck.txt").is_file()


# ---- 5: a broken rule number leaves its card out


@pytest.mark.parametrize(
    ("layout", "key", "value"),
    [("v2", "cost", "five"), ("v2", "influence_cost", "two"), ("v2", "cost", 10**12), ("v1", "cost", "five")],
)
@pytest.mark.slow
def test_a_broken_number_leaves_the_card_out(tmp_path: Path, layout: str, key: str, value: Any) -> None:
    root = write_checkout(tmp_path / "repo")
    if layout == "v2":
        path = root / "v2" / "cards" / "quinns_ledger.json"
        card = json.loads(path.read_text(encoding="utf-8"))
        card[key] = value
        dump(path, card)
        pointer = f"/{key}"
    else:
        path = root / "pack" / "tp.json"
        pack = json.loads(path.read_text(encoding="utf-8"))
        pack[0][key] = value
        dump(path, pack)
        pointer = f"/0/{key}"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.lstrip().startswith(f'"{key}"'))
    column = len(lines[line - 1]) - len(lines[line - 1].lstrip()) + 1
    into = tmp_path / "pool"
    report = imported(root, into, layout)
    assert not (into / "cards" / "quinns_ledger.json").exists()  # (not an X-cost card, nor one of no influence)
    assert (into / "cards" / "zoryas_cafe.json").is_file()
    said = [w for w in report.warnings if f"{path}:{line}:{column}: {pointer}: expected" in w]
    assert len(said) == 1, report.warnings
    assert said[0].endswith("; left out, and the card with it (without this number its rules would change)")


def test_x_is_still_a_cost_of_x(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "repo")
    path = root / "v2" / "cards" / "quinns_ledger.json"
    card = json.loads(path.read_text(encoding="utf-8"))
    card["cost"] = "X"
    dump(path, card)
    into = tmp_path / "pool"
    report = imported(root, into, "v2")
    assert records(into)["quinns_ledger"]["cost"] is None and not any("/cost" in w for w in report.warnings)


# ---- 6: a file cut short in the middle of a character


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_truncated_file_is_said_to_be_truncated(tmp_path: Path, bom: bytes) -> None:
    root = write_checkout(tmp_path / "repo")
    path = root / "v2" / "cards" / "zoryas_cafe.json"
    data = path.read_bytes()
    cut = data.index("é".encode()) + 1  # the first of the two bytes of é
    path.write_bytes(bom + data[:cut])
    line = data[:cut].count(b"\n") + 1
    column = len(data[data.rfind(b"\n", 0, cut) + 1 : cut - 1].decode("utf-8")) + 1
    with pytest.raises(DossierError) as caught:
        imported(root, tmp_path / "pool", "v2")
    message = caught.value.message
    assert caught.value.exit_code == 1
    assert message == (
        f"{path}: the file ends in the middle of a character, at line {line}, column {column} (byte "
        f"{len(bom) + cut - 1}): it is cut short (truncated)"
    )


def test_a_bad_byte_inside_is_still_not_utf8(tmp_path: Path) -> None:
    root = write_checkout(tmp_path / "repo")
    path = root / "v2" / "cards" / "zoryas_cafe.json"
    data = path.read_bytes()
    cut = data.index("é".encode()) + 1
    path.write_bytes(data[:cut] + data[cut + 1 :])  # the second byte of é lost inside the file
    with pytest.raises(DossierError, match=r"not UTF-8 at line \d+, column \d+ \(byte"):
        imported(root, tmp_path / "pool", "v2")
