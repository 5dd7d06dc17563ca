"""Round 58: Netrunner decks as the real pool showed them.

- the ban list a deck names (NetrunnerDB's ``mwl_code``, the deck's ``ban_list``) is the one every command checks
  it under, and it is kept on convert (JSON, text, nrdb, .o8d) and by the web;
- a deck named after a card reads back from the nrdb export; a misspelt identity is said, not taken as the name;
  ``x3 Name`` is a card line;
- the nrdb export and ``deck stats`` count influence as the validator does (universal faction cost, global
  penalty), the export writes the agenda band the validator asks for and the printings of the format's pool;
- NetrunnerDB's v3 decklist is read; findings name what they apply (the copy limit's rule, the identity kept, the
  ban list as written and the format's lists, the agenda band's size); a deck JSON's bad name is one finding and
  the deck is still checked; ``# mode: Standard`` is standard;
- ``deck new`` offers the identities a partial name finds and refuses one the format allows no deck of.

The pool is tests/fixtures/netrunner_pool (invented cards), with formats and ban lists added here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.decks import NameIndex, read_deck, render_deck
from toolkit.decks.exports import nrdb_options
from toolkit.models.deck import Deck
from validators.deck import DeckPool, validate_deck

from .conftest import NETRUNNER_POOL, pool_with_ban_lists

POOL_DIR = NETRUNNER_POOL
# The runner deck of tests/test_deck_exports.py by the fixture's printing codes (NetrunnerDB's v2 deck JSON).
CODES = {"50001": 1, "50002": 3, "50006": 3, "51003": 2, "50008": 3, "51004": 3, "50007": 3}
SLOTS = {"ember_script": 3, "static_hymn": 3, "kiln_rig": 2, "backroom_ledger": 3, "glasswing": 3, "quiet_wire": 3}


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _ban_list(list_id: str, name: str, **verdicts: Any) -> dict[str, Any]:
    return {"id": list_id, "date_start": "2024-01-01", "name": {"en": name, "zh-Hans": name}, "banned": [],
            "restricted": [], "restricted_limit": 1, **verdicts}  # fmt: skip


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    """The fixture pool with named ban lists (Old List bans Glasswing; New List, in force, restricts Backroom
    Ledger; Cost List gives Quiet Wire universal faction cost; Penalty List lowers the limit per Ember Script),
    a format of the first set only, an identity for the starter game only, Orbis's own copy limit of one and
    Lantern Node's limit of one per deck."""
    ban_lists = [
        _ban_list("old_list", "Old List", banned=["glasswing"]),
        _ban_list("cost_list", "Cost List", universal_faction_cost={"quiet_wire": 1}),
        _ban_list("penalty_list", "Penalty List", global_penalty={"ember_script": 1}),
        _ban_list("new_list", "New List", restricted=["backroom_ledger"]),
    ]
    pool = pool_with_ban_lists(tmp_path, ban_lists, in_force="new_list")
    data = json.loads((pool / "modes" / "standard.json").read_text(encoding="utf-8"))
    first = {**data, "id": "first_light_only", "name": {"en": "First Light", "zh-Hans": "初光"},
             "sets": ["first_light"], "ban_lists": [], "ban_list": None}  # fmt: skip
    write(pool / "modes" / "first_light_only.json", json.dumps(first, ensure_ascii=False, indent=2))
    nell = json.loads((pool / "identities" / "nell_ashgrove_spark_thief.json").read_text(encoding="utf-8"))
    starter = {**nell, "id": "nell_ashgrove_first_spark", "starter_only": True,
               "name": {"en": "Nell Ashgrove: First Spark", "zh-Hans": "内尔·灰林：初始火花"},
               "printings": [{"code": "50099", "position": 99, "quantity": 1, "set": "first_light"}]}  # fmt: skip
    write(pool / "identities" / "nell_ashgrove_first_spark.json", json.dumps(starter, ensure_ascii=False, indent=2))
    orbis_path = pool / "identities" / "orbis_meridian_quiet_tides.json"
    orbis = json.loads(orbis_path.read_text(encoding="utf-8"))
    orbis["deck_rules"] = [*orbis.get("deck_rules", []), {"rule": "copy_limit", "max": 1}]
    write(orbis_path, json.dumps(orbis, ensure_ascii=False, indent=2))
    lantern_path = pool / "cards" / "lantern_node.json"
    write(lantern_path, json.dumps({**json.loads(lantern_path.read_text(encoding="utf-8")), "deck_limit": 1}))
    return pool


@pytest.fixture
def index(pool: Path) -> tuple[NameIndex, DeckPool]:
    records = load_catalog([pool]).records
    return NameIndex(records), DeckPool(records)


def read(path: Path, names: NameIndex, **kw: Any) -> Any:
    kw.setdefault("default_modes", {"netrunner": "standard"})
    return read_deck(path, names, **kw)


def api_answer(**deck: Any) -> dict[str, Any]:
    inner = {"id": 7, "name": "Spark Run", "mwl_code": "OLD-LIST", "cards": CODES, **deck}
    return {"data": [inner], "total": 1, "success": True, "version_number": "2.0", "last_updated": "2025-01-01"}


def codes(findings: Any) -> list[str]:
    return [f.code for f in findings]


# ------------------------------------------------------------------ 1, 10: the ban list a deck names


def test_the_deck_keeps_the_ban_list_it_names_and_every_command_checks_it_there(
    cli: Any, pool: Path, tmp_path: Path
) -> None:
    """NetrunnerDB's ``mwl_code`` is the deck's ``ban_list``: convert keeps it in every format that reads back,
    and validate checks each converted file under it (Old List bans Glasswing; New List, in force, does not)."""
    source = write(tmp_path / "spark.json", json.dumps(api_answer(), indent=2))
    first = cli("deck", "validate", source, "--cards", pool, "--lang", "en")
    assert first.exit_code == 1 and "Glasswing is banned in Standard (Old List)" in first.output, first.output
    for fmt, name in (("json", "c.json"), ("text", "c.txt"), ("nrdb", "c.nrdb.txt"), ("o8d", "c.o8d")):
        out = tmp_path / name
        converted = cli("deck", "convert", source, "--to", fmt, "--out", out, "--cards", pool, "--lang", "en")
        assert converted.exit_code == 0, converted.output
        again = cli("deck", "validate", out, "--cards", pool, "--lang", "en")
        assert again.exit_code == 1 and "(Old List)" in again.output, (fmt, again.output)
        assert "deck.banlist.unknown" not in again.output
    assert json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))["ban_list"] == "old-list"
    assert "\n# ban_list: old-list\n" in (tmp_path / "c.txt").read_text(encoding="utf-8")
    assert (tmp_path / "c.nrdb.txt").read_text(encoding="utf-8").endswith("Format: standard\nBan list: old-list\n")
    chosen = cli("deck", "validate", tmp_path / "c.json", "--cards", pool, "--lang", "en", "--banlist", "new_list")
    assert chosen.exit_code == 0 and "New List" in chosen.output, chosen.output  # --banlist still wins


def test_validate_deck_checks_a_deck_under_its_own_ban_list(index: tuple[NameIndex, DeckPool]) -> None:
    _, rules = index
    deck = Deck(game="netrunner", mode="standard", name="s", identity="nell_ashgrove_spark_thief", cards=SLOTS)
    assert "deck.banned" not in codes(validate_deck(deck, rules).findings)
    named = deck.model_copy(update={"ban_list": "old_list"})
    report = validate_deck(named, rules)
    assert "deck.banned" in codes(report.findings) and report.ban is not None and report.ban.id == "old_list"
    assert validate_deck(named, rules, ban_list="new_list").ban.id == "new_list"  # type: ignore[union-attr]


def test_a_ban_list_the_format_lacks_is_quoted_as_written_with_the_formats_lists(
    cli: Any, pool: Path, tmp_path: Path
) -> None:
    source = write(tmp_path / "bogus.json", json.dumps(api_answer(mwl_code="bogus-list"), indent=2))
    result = cli("deck", "validate", source, "--cards", pool, "--lang", "en")
    [line] = [ln for ln in result.output.splitlines() if "deck.banlist.unknown" in ln]
    assert "warning deck.banlist.unknown: the deck names the ban list 'bogus-list', which Standard does not " \
        "have (its ban lists: old_list, cost_list, penalty_list, new_list); it is checked under the one in " \
        "force" in line, line  # fmt: skip
    assert '"mwl_code"' in source.read_text(encoding="utf-8").splitlines()[int(line.split(":")[1]) - 1]
    assert "· Standard · New List · legal" in result.output  # (the list in force)


def test_the_web_checks_an_imported_deck_under_the_ban_list_it_names(pool: Path, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    settings = WebSettings(cards=[pool], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                           data=tmp_path / "data")  # fmt: skip
    base = "http://127.0.0.1:8000"
    text = json.dumps(api_answer())
    with TestClient(create_app(settings), base_url=base) as client:
        client.cookies.set("csrf", "t" * 32)
        client.headers.update({"Origin": base, "X-CSRF-Token": "t" * 32})
        for route in ("/api/decks/import", "/api/decks/validate"):
            answer = client.post(route, json={"text": text, "filename": "spark.json", "lang": "en"}).json()
            assert not answer["legal"] and "Old List" in answer["summary"], (route, answer)
        imported = client.post("/api/decks/import", json={"text": text, "lang": "en"}).json()["deck"]
        assert imported["ban_list"] == "old-list"
        again = client.post("/api/decks/validate", json={"deck": imported, "lang": "en"}).json()
        assert "Old List" in again["summary"]


# ------------------------------------------------------------------ 2, 3: names, identities, x3


@pytest.mark.parametrize("name", ["Glasswing", "glasswing", "Ember Script"])
def test_a_deck_named_after_a_card_reads_back_from_the_nrdb_export(
    index: tuple[NameIndex, DeckPool], tmp_path: Path, name: str
) -> None:
    names, rules = index
    deck = Deck(game="netrunner", mode="standard", name=name, identity="nell_ashgrove_spark_thief", cards=SLOTS)
    path = write(tmp_path / "d.txt", render_deck(deck, "nrdb", rules.game("netrunner").records.get))
    loaded = read(path, names)
    assert loaded.findings == [] and loaded.deck is not None
    assert (loaded.deck.name, loaded.deck.cards) == (name, deck.cards)
    plain = read(write(tmp_path / "p.txt", f"{name}\n\nNell Ashgrove: Spark Thief\n3x Quiet Wire\n"), names)
    assert plain.findings == [] and plain.deck is not None and plain.deck.name == name


def test_a_card_without_a_count_and_no_identity_after_it_is_still_said(
    index: tuple[NameIndex, DeckPool], tmp_path: Path
) -> None:
    names, _ = index
    loaded = read(write(tmp_path / "d.txt", "Glasswing\n3x Quiet Wire\n"), names)
    assert codes(loaded.findings) == ["deck.count.missing"]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("Nell Ashgrov: Spark Thief\n3x Quiet Wire\n", 1),
        ("Spark Run\n\nNel Ashgrove: Spark Thief (First Light)\n\n3x Quiet Wire\n", 3),
        ("\nNell Ashgrove: Spark Thef\n3x Quiet Wire\n", 2),
    ],
)
def test_a_misspelt_identity_is_said_with_the_identity_meant(
    index: tuple[NameIndex, DeckPool], tmp_path: Path, text: str, line: int
) -> None:
    names, _ = index
    loaded = read(write(tmp_path / "d.txt", text), names)
    [finding] = loaded.findings
    assert (finding.code, finding.line) == ("deck.identity.unknown", line)
    assert finding.message.endswith("; did you mean 'Nell Ashgrove: Spark Thief'?"), finding.message
    assert loaded.deck is not None and "Spark Th" not in str(loaded.deck.name)


def test_a_deck_name_unlike_every_identity_stays_the_name(index: tuple[NameIndex, DeckPool], tmp_path: Path) -> None:
    names, _ = index
    loaded = read(write(tmp_path / "d.txt", "Spark Run\n3x Quiet Wire\n"), names)
    assert loaded.findings == [] and loaded.deck is not None and loaded.deck.name == "Spark Run"


def test_x3_before_a_name_is_a_card_line_and_no_line_after_the_identity_is_the_name(
    index: tuple[NameIndex, DeckPool], tmp_path: Path
) -> None:
    names, _ = index
    loaded = read(write(tmp_path / "d.txt", "Nell Ashgrove: Spark Thief\nx3 Ember Script\n3x Quiet Wire\n"), names)
    assert loaded.findings == [] and loaded.deck is not None
    assert loaded.deck.cards == {"ember_script": 3, "quiet_wire": 3} and loaded.deck.name == "d"
    unread = read(write(tmp_path / "e.txt", "Nell Ashgrove: Spark Thief\nThree Ember Script\n3x Quiet Wire\n"), names)
    assert codes(unread.findings) == ["deck.line.unplaced"] and unread.deck is not None and unread.deck.name == "e"


# ------------------------------------------------------------------ 4, 11, 12: the nrdb export and deck stats


def _nrdb(rules: DeckPool, deck: Deck) -> str:
    game = rules.game("netrunner")
    report = validate_deck(deck, rules)
    return str(render_deck(deck, "nrdb", game.records.get, **nrdb_options(report, game.game_record)))


def test_the_nrdb_export_counts_influence_as_the_validator(index: tuple[NameIndex, DeckPool]) -> None:
    _, rules = index
    deck = Deck(game="netrunner", mode="standard", name="s", identity="nell_ashgrove_spark_thief",
                cards={"quiet_wire": 3, "ember_script": 3})  # fmt: skip
    costed = _nrdb(rules, deck.model_copy(update={"ban_list": "cost_list"}))
    assert "3x Quiet Wire (First Light) •••" in costed.splitlines()  # universal faction cost, in faction
    assert "3 influence spent (max 15, available 12)" in costed
    lowered = _nrdb(rules, deck.model_copy(update={"ban_list": "penalty_list"}))
    assert "0 influence spent (max 12, available 12)" in lowered  # 15 less one per Ember Script


def test_deck_stats_counts_influence_as_the_validator(cli: Any, pool: Path, tmp_path: Path) -> None:
    listed = "# ban_list: cost_list\nNell Ashgrove: Spark Thief\n3x Quiet Wire\n2x Kiln Rig\n"
    path = write(tmp_path / "d.txt", listed)
    data = json.loads(cli("deck", "stats", path, "--cards", pool, "--format", "json").output)
    assert data["influence"] == {"lattice": 6, "universal faction cost": 3}
    assert (data["influence_spent"], data["influence_limit"]) == (9, 15)
    text = cli("deck", "stats", path, "--cards", pool, "--lang", "en").output
    assert "universal faction cost 3" in text and "influence spent 9/15" in " ".join(text.split())


def test_a_small_corp_deck_has_the_minimums_agenda_band_in_the_export_and_the_finding(
    index: tuple[NameIndex, DeckPool],
) -> None:
    _, rules = index
    deck = Deck(game="netrunner", mode="standard", name="c", identity="orbis_meridian_quiet_tides",
                cards={"harbor_charter": 1})  # fmt: skip
    [finding] = [f for f in validate_deck(deck, rules).findings if f.code == "deck.agenda.points"]
    assert finding.message == "2 agenda points; a deck below the minimum size counts as 12 cards, which need 6–7"
    assert "2 agenda points (between 6 and 7)" in _nrdb(rules, deck)


def test_the_nrdb_export_of_an_old_format_writes_the_printings_it_knew(index: tuple[NameIndex, DeckPool]) -> None:
    _, rules = index
    deck = Deck(game="netrunner", mode="first_light_only", name="s", identity="nell_ashgrove_spark_thief",
                cards={"kiln_rig": 2, "quiet_wire": 3})  # fmt: skip
    text = _nrdb(rules, deck)
    assert "2x Kiln Rig (First Light) ••••• •" in text.splitlines() and "Cards up to First Light" in text
    assert "2x Kiln Rig (Second Wave) ••••• •" in _nrdb(rules, deck.model_copy(update={"mode": "standard"}))


# ------------------------------------------------------------------ 5, 7: NetrunnerDB's JSON


def v3_decklist(**attributes: Any) -> dict[str, Any]:
    return {"id": "0000", "type": "decklists", "attributes": {"identity_card_id": "nell_ashgrove_spark_thief",
            "name": "Spark Run", "notes": "Fast.", "card_slots": SLOTS, "side_id": "runner", **attributes}}  # fmt: skip


@pytest.mark.parametrize(
    "data",
    [{"data": v3_decklist(), "meta": {}}, {"data": [v3_decklist()], "meta": {}}, v3_decklist()],
    ids=["answer", "list", "resource"],
)
def test_netrunnerdbs_v3_decklist_is_read(index: tuple[NameIndex, DeckPool], tmp_path: Path, data: Any) -> None:
    names, _ = index
    loaded = read(write(tmp_path / "v3.json", json.dumps(data, indent=2)), names)
    assert loaded.findings == []
    assert loaded.deck == Deck(game="netrunner", mode="standard", name="Spark Run", description="Fast.",
                               identity="nell_ashgrove_spark_thief", cards=SLOTS)  # fmt: skip


def test_a_v3_decklist_with_a_second_identity_and_an_unknown_card(
    index: tuple[NameIndex, DeckPool], tmp_path: Path
) -> None:
    names, _ = index
    data = {"data": v3_decklist(card_slots={**SLOTS, "orbis_meridian_quiet_tides": 1, "nope": 2})}
    loaded = read(write(tmp_path / "v3.json", json.dumps(data, indent=2)), names)
    assert [(f.code, f.message) for f in loaded.findings] == [
        ("deck.identity.count", "a deck has one identity; 'Orbis Meridian: Quiet Tides' makes it more "
         "('Nell Ashgrove: Spark Thief' is kept)"),
        ("deck.card.unknown", "no netrunner card has id 'nope'"),
    ]  # fmt: skip


def test_a_second_identity_in_netrunnerdbs_json_is_named_with_the_one_kept(
    index: tuple[NameIndex, DeckPool], tmp_path: Path
) -> None:
    names, _ = index
    path = write(tmp_path / "two.json", json.dumps(api_answer(cards={**CODES, "50020": 1}), indent=2))
    [finding] = read(path, names).findings
    assert finding.code == "deck.identity.count" and finding.message == (
        "a deck has one identity; 'Orbis Meridian: Quiet Tides' (printing code '50020') makes it more "
        "('Nell Ashgrove: Spark Thief' is kept)"
    )


# ------------------------------------------------------------------ 6: which rule limits the copies


@pytest.mark.parametrize(
    ("identity", "cards", "expected"),
    [
        ("nell_ashgrove_spark_thief", {"quiet_wire": 4},
         "4 copies of Quiet Wire; Standard allows at most 3 of each card"),
        ("orbis_meridian_quiet_tides", {"salt_archive": 2},
         "2 copies of Salt Archive; Orbis Meridian: Quiet Tides allows at most 1 of each card"),
        ("orbis_meridian_quiet_tides", {"lantern_node": 2},
         "2 copies of Lantern Node; the card itself allows at most 1 per deck"),
    ],
)  # fmt: skip
def test_copies_over_names_the_rule_it_applies(
    index: tuple[NameIndex, DeckPool], identity: str, cards: dict[str, int], expected: str
) -> None:
    _, rules = index
    deck = Deck(game="netrunner", mode="standard", name="d", identity=identity, cards=cards)
    [finding] = [f for f in validate_deck(deck, rules).findings if f.code == "deck.copies.over"]
    assert finding.message == expected


# ------------------------------------------------------------------ 8, 9: deck new


def test_deck_new_offers_the_identities_a_partial_name_finds(cli: Any, pool: Path, tmp_path: Path) -> None:
    result = cli("deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", "Nell", "--out",
                 tmp_path / "n.json", "--cards", pool, "--lang", "en")  # fmt: skip
    assert result.exit_code == 2 and not (tmp_path / "n.json").exists()
    assert "did you mean 'Nell Ashgrove: First Spark', 'Nell Ashgrove: Spark Thief'?" in result.output, result.output


@pytest.mark.parametrize("fill", [[], ["--fill"]], ids=["scaffold", "fill"])
def test_deck_new_refuses_an_identity_for_the_starter_game(
    cli: Any, pool: Path, tmp_path: Path, fill: list[str]
) -> None:
    result = cli("deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", "Nell Ashgrove: First Spark",
                 "--out", tmp_path / "n.json", "--cards", pool, "--lang", "en", *fill)  # fmt: skip
    assert result.exit_code == 2 and not (tmp_path / "n.json").exists()
    assert "--identity: Nell Ashgrove: First Spark is for the starter game only" in result.output, result.output
    assert "banned" not in result.output


def test_fill_deck_says_a_starter_identity_is_for_the_starter_game(pool: Path) -> None:
    from toolkit.decks.netrunner_fill import fill_deck
    from toolkit.errors import DossierError

    with pytest.raises(DossierError, match="for the starter game only"):
        fill_deck(load_catalog([pool]).records, "nell_ashgrove_first_spark", "standard")


# ------------------------------------------------------------------ 13, 14: names and modes as written


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ({"en": "x"}, '/name: a name in each language needs "zh-Hans", as {"zh-Hans": …, "en": …}'),
        (5, '/name: expected a string or a name in each language, {"zh-Hans": …, "en": …}'),
        ("", "/name: expected at least 1 character"),
    ],
)
def test_a_bad_deck_name_is_one_finding_and_the_deck_is_still_checked(
    cli: Any, pool: Path, tmp_path: Path, name: Any, message: str
) -> None:
    deck = {"game": "netrunner", "mode": "standard", "name": name, "identity": "nell_ashgrove_spark_thief",
            "cards": {"quiet_wire": 4}}  # fmt: skip
    path = write(tmp_path / "d.json", json.dumps(deck, indent=2))
    result = cli("deck", "validate", path, "--cards", pool, "--lang", "en")
    schema = [ln for ln in result.output.splitlines() if "deck.schema" in ln]
    assert len(schema) == 1 and schema[0].endswith(message), result.output
    assert "deck.copies.over" in result.output and "illegal (3 errors)" in result.output  # (size, copies, name)


@pytest.mark.parametrize(("given", "mode"), [("Standard", "standard"), ("FIRST_LIGHT_ONLY", "first_light_only")])
def test_netrunnerdbs_json_takes_the_mode_option_by_name(
    index: tuple[NameIndex, DeckPool], tmp_path: Path, given: str, mode: str
) -> None:
    names, _ = index
    loaded = read(write(tmp_path / "v3.json", json.dumps(v3_decklist())), names, mode=given)
    assert loaded.findings == [] and loaded.deck is not None and loaded.deck.mode == mode


def test_netrunnerdbs_json_with_a_mode_option_naming_no_mode_lists_the_modes(
    index: tuple[NameIndex, DeckPool], tmp_path: Path
) -> None:
    """`--mode 标准` was refused as "mode: expected an id", naming no mode the pool has (a list or a JSON deck of
    ours lists them)."""
    names, _ = index
    loaded = read(write(tmp_path / "v3.json", json.dumps(v3_decklist())), names, mode="标准")
    assert [f.code for f in loaded.findings] == ["deck.mode.unknown"], loaded.findings
    assert "standard" in loaded.findings[0].message and loaded.deck is None


@pytest.mark.parametrize("written", ["Standard", "STANDARD", "first_light_ONLY"])
def test_a_mode_line_is_read_in_any_case(index: tuple[NameIndex, DeckPool], tmp_path: Path, written: str) -> None:
    names, _ = index
    loaded = read(write(tmp_path / "d.txt", f"# mode: {written}\nNell Ashgrove: Spark Thief\n3x Quiet Wire\n"), names)
    assert loaded.findings == [] and loaded.deck is not None and loaded.deck.mode == written.lower()
