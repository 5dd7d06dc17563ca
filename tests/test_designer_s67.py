"""A designer's set in sweep 67: importing a sheet again removes the records it wrote and no longer holds; a row
with the id of a pool record is imported as `dossier lint` reads it (a warning, card.id.pool); a set folder alone
is printed, searched and shown among the pool it plays among (its agents and factions named); and a deck's
"did you mean" offers the cards of its own side."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import CARDS, ROOT
from .sheet_util import DRESSING, HEADER, QUICK, write
from .sheet_util import import_sheet as _import
from .sheet_util import manifest as _manifest


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # (no cards/ here: the pool is the bundled one)
    return tmp_path


# ---------------------------------------------------------------- 1. a row renamed or removed


def test_a_renamed_row_replaces_its_old_record(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    write(sheet, HEADER + DRESSING + "fast_draw,快速抽枪,Fast Draw,skill,personal,,你抽 2 张牌。,2\n")
    result = _import(cli, sheet, into)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (into / "cards").iterdir()) == ["fast_draw.json", "field_dressing.json"]
    assert sorted(_manifest(into)) == ["cards/fast_draw.json", "cards/field_dressing.json"]
    deck = json.loads((into / ".dossier-import" / "my_cards.deck.json").read_text("utf-8"))
    assert deck["cards"] == {"fast_draw": 2, "field_dressing": 3}
    linted = cli("lint", into)
    assert linted.exit_code == 0 and "quick_draw" not in linted.output, linted.output


def test_a_new_id_for_the_same_names_is_not_refused_as_a_duplicate_of_itself(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    write(sheet, HEADER + DRESSING + QUICK.replace("quick_draw,", "quick_draw_v2,"))
    result = _import(cli, sheet, into)
    assert result.exit_code == 0, result.output
    assert "card.name.duplicate" not in result.output
    assert not (into / "cards" / "quick_draw.json").exists()
    assert (into / "cards" / "quick_draw_v2.json").is_file()


def test_the_import_says_what_it_removed(here: Path) -> None:
    from toolkit.importers.spreadsheet import import_csv

    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    import_csv(sheet, game="tactics", kind="card", into=into, pool=[CARDS])
    write(sheet, HEADER + DRESSING)
    old = into / "cards" / "quick_draw.json"
    would = import_csv(sheet, game="tactics", kind="card", into=into, pool=[CARDS], dry_run=True)
    assert would.removed == [old] and old.is_file()  # (a dry run removes nothing)
    done = import_csv(sheet, game="tactics", kind="card", into=into, pool=[CARDS])
    assert done.errors == 0 and done.removed == [old] and not old.exists()
    assert old not in done.written


def test_only_the_records_this_sheet_wrote_are_removed(cli, here: Path) -> None:
    """A file written by hand, one another sheet wrote and one of this sheet's edited since all stay (the last
    with a warning); only the sheet's own, as it wrote them, go."""
    into = here / "set4"
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK + "steady_hands,稳手,Steady Hands,skill,personal,,"
                  "你抽 1 张牌。,1\n")  # fmt: skip
    other = write(here / "other.csv", HEADER + "spare_clip,备用弹匣,Spare Clip,item,personal,1,你抽 1 张牌。,1\n")
    assert _import(cli, sheet, into).exit_code == 0
    assert _import(cli, other, into).exit_code == 0
    by_hand = into / "cards" / "hand_made.json"
    by_hand.write_text((into / "cards" / "spare_clip.json").read_text("utf-8").replace("spare_clip", "hand_made")
                       .replace("备用弹匣", "手工牌").replace("Spare Clip", "Hand Made"), encoding="utf-8")  # fmt: skip
    edited = into / "cards" / "steady_hands.json"
    edited.write_text(edited.read_text("utf-8").replace("你抽 1 张牌。", "你抽 3 张牌。"), encoding="utf-8")
    write(sheet, HEADER + DRESSING)  # quick_draw and steady_hands are no longer in it
    result = _import(cli, sheet, into)
    assert result.exit_code == 0, result.output
    assert not (into / "cards" / "quick_draw.json").exists()
    for kept in ("spare_clip.json", "hand_made.json", "steady_hands.json", "field_dressing.json"):
        assert (into / "cards" / kept).is_file(), kept
    assert "steady_hands.json" in result.stderr and "warning csv.kept" in result.stderr, result.output
    assert "cards/spare_clip.json" in _manifest(into)


def test_a_refused_import_removes_nothing(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    before = (into / ".dossier-import" / "manifest.json").read_bytes()
    write(sheet, HEADER + DRESSING.replace(",item,", ",itemx,"))  # quick_draw gone, and a bad cell
    result = _import(cli, sheet, into)
    assert result.exit_code == 1, result.output
    assert (into / "cards" / "quick_draw.json").is_file()
    assert (into / ".dossier-import" / "manifest.json").read_bytes() == before


# ---------------------------------------------------------------- 2. a row with the id of a pool record


def test_a_revised_pool_card_imports_with_the_warning_lint_gives(cli, here: Path) -> None:
    sheet = write(
        here / "rev.csv",
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,text\n"
        "adrenaline_shot,肾上腺素针,Adrenaline Shot,item,personal,1,响应：本单位获得 3 点临时生命值。\n",
    )
    result = _import(cli, sheet, here / "rev")
    assert result.exit_code == 0, result.output
    assert "card.id.duplicate" not in result.output and "card.name.duplicate" not in result.output
    (line,) = [ln for ln in result.stderr.splitlines() if "card.id.pool" in ln]
    assert line.startswith(f"{sheet}: row 2, column A (id): warning card.id.pool: ")
    assert (here / "rev" / "cards" / "adrenaline_shot.json").is_file()
    linted = cli("lint", here / "rev")
    assert linted.exit_code == 0 and "card.id.pool" in linted.output, linted.output


def test_an_exported_game_imports_into_a_set_folder(cli, here: Path) -> None:
    out = here / "t.csv"
    exported = cli("export", "csv", "--game", "tactics", "--out", out)
    assert exported.exit_code == 0, exported.output
    result = _import(cli, out, here / "rt")
    assert result.exit_code == 0, result.output
    assert ": error " not in result.stderr


def test_a_pool_id_within_the_pool_is_still_a_duplicate(cli, here: Path) -> None:
    """With the set folder listed in the pool, a row with a pool record's id is a second record of it, as
    `lint --cards cards --cards set` says."""
    sheet = write(
        here / "rev.csv",
        "id,name.zh-Hans,name.en,category,back,cost.mortgage,text\n"
        "adrenaline_shot,肾上腺素针二,Adrenaline Shot II,item,personal,1,响应：本单位获得 3 点临时生命值。\n",
    )
    into = here / "rev"
    into.mkdir()
    result = _import(cli, sheet, into, "--cards", CARDS, "--cards", into)
    assert result.exit_code == 1, result.output
    assert "card.id.duplicate" in result.stderr


# ---------------------------------------------------------------- 3. a set folder alone, printed and searched


def _set_card(folder: Path, game: str, data: dict[str, Any]) -> Path:
    from toolkit.jsonio import canonical_dumps

    path = folder / "cards" / f"{data['id']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {**data, "game": game, "kind": "card"}
    data["$schema"] = os.path.relpath(ROOT / "schema" / game / "card.schema.json", path.parent)
    path.write_text(canonical_dumps(data), encoding="utf-8")
    return path


ANVIL_TALON = {"agent": "anvil", "back": "personal", "category": "skill", "id": "anvil_talon",
               "name": {"en": "Anvil Talon", "zh-Hans": "铁砧爪"}, "text": ["对距离 0-1 内的目标单位造成 2 点伤害。"]}  # fmt: skip
GLASS_WALL = {"deck_limit": 3, "faction": "haas_bioroid", "id": "hb_glass_wall", "influence": 1,
              "name": {"en": "Glass Wall", "zh-Hans": "玻璃墙"}, "rez_cost": 3, "set": "dossier_demo", "strength": 4,
              "subtypes": ["barrier"], "text": ["[subroutine] 终止潜袭。"], "type": "ice", "unique": False}  # fmt: skip


def test_print_of_a_set_alone_reads_it_among_the_pool(here: Path) -> None:
    from toolkit.cli.sheets import _select

    _set_card(here / "set6", "tactics", ANVIL_TALON)
    _set_card(here / "set7", "netrunner", GLASS_WALL)
    tactics = _select(["anvil_talon"], None, None, None, None, [here / "set6"])
    assert [r.id for r in tactics.records] == ["anvil_talon"]
    agent = tactics.catalog.get("tactics", "anvil", "agent")  # (the badge and "Exclusive: Anvil")
    assert agent is not None and agent.name.en == "Anvil"
    netrunner = _select(["hb_glass_wall"], None, None, None, None, [here / "set7"])
    faction = netrunner.catalog.get("netrunner", "haas_bioroid", "faction")
    assert faction is not None and faction.name.en == "Haas-Bioroid"


def test_print_of_a_set_alone_prints_its_own_cards_only(cli, here: Path) -> None:
    _set_card(here / "set6", "tactics", ANVIL_TALON)
    result = cli("print", "--cards", here / "set6", "--game", "tactics", "--png", here / "png")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (here / "png").iterdir()) == ["back-tactics-personal.png", "tactics-anvil_talon.png"]
    unknown = cli("print", "--cards", here / "set6", "adrenaline_shot", "--png", here / "png2")
    assert unknown.exit_code != 0  # (a pool card is not the set's to print)


def test_search_and_show_of_a_set_alone_name_its_agent_and_faction(cli, here: Path) -> None:
    _set_card(here / "set6", "tactics", ANVIL_TALON)
    _set_card(here / "set7", "netrunner", GLASS_WALL)
    found = cli("search", "--cards", here / "set6", "anvil")
    assert found.exit_code == 0, found.output
    assert "agent Anvil" in found.stdout and "agent anvil" not in found.stdout, found.stdout
    assert "1 record" in found.stdout  # (the set's records only)
    shown = cli("show", "--cards", here / "set7", "hb_glass_wall")
    assert shown.exit_code == 0, shown.output
    assert "Haas-Bioroid" in shown.stdout.splitlines()[2], shown.stdout


# ---------------------------------------------------------------- 4. did you mean: the deck's side first


def _netrunner_records() -> dict[str, Any]:
    from toolkit.catalog import load_catalog

    return {r.id: r for r in load_catalog([CARDS / "netrunner"]).records}


def test_a_json_decks_slip_is_offered_its_own_sides_cards() -> None:
    from toolkit.decks.formats import unresolved
    from toolkit.models.deck import Deck

    records = _netrunner_records()
    runner = Deck(game="netrunner", mode="standard", name="r", identity="cassia_rust_moreau",
                  cards={"lattice_gate": 1})  # fmt: skip
    (finding,) = unresolved(runner, records)
    assert "did you mean 'lattice_memory'" in finding.message and "hb_lattice_gate" not in finding.message
    corp = Deck(game="netrunner", mode="standard", name="c", identity="hb_mirror_foundry", cards={"lattice_gate": 1})
    (finding,) = unresolved(corp, records)
    assert "did you mean 'hb_lattice_gate'" in finding.message and "lattice_memory" not in finding.message


def test_suggest_ids_prefers_and_falls_back() -> None:
    from toolkit.decks.formats import suggest_ids

    assert suggest_ids("lattice_gate", ["hb_lattice_gate", "lattice_memory"], prefer={"lattice_memory"}) == (
        "; did you mean 'lattice_memory'?"
    )
    assert suggest_ids("lattice_gate", ["hb_lattice_gate", "lattice_memory"], prefer={"hedge_fund"}) == (
        "; did you mean 'hb_lattice_gate', 'lattice_memory'?"
    )


@pytest.mark.parametrize(
    ("identity", "first", "absent"),
    [("Cassia \"Rust\" Moreau", "'Lattice Memory'", "'Lattice Gate'"),
     ("Haas-Bioroid: Mirror Foundry", "'Lattice Gate'", "'Lattice Memory'")],
)  # fmt: skip
def test_a_lists_slip_is_offered_its_own_sides_cards(cli, tmp_path: Path, identity: str, first: str,
                                                     absent: str) -> None:  # fmt: skip
    for where, body in (("before", f"1x {identity}\n3x Lattice Gat\n"), ("after", f"3x Lattice Gat\n1x {identity}\n")):
        deck = write(tmp_path / f"{where}.txt", "# game: netrunner\n# mode: standard\n" + body)
        result = cli("deck", "validate", deck)
        (line,) = [ln for ln in result.output.splitlines() if "deck.card.unknown" in ln]
        assert f"did you mean {first}" in line and absent not in line, line


def test_an_octgn_decks_slip_is_offered_its_own_sides_cards(cli, tmp_path: Path) -> None:
    """The identity's section after the cards: the slip is told once the identity is known."""
    deck = write(
        tmp_path / "runner.o8d",
        '<?xml version="1.0" encoding="utf-8"?>\n<deck game="0f38e453-26df-4c04-9d67-6d43de939c77">\n'
        '  <section name="R&amp;D / Stack">\n    <card qty="3" id="x">Lattice Gat</card>\n  </section>\n'
        '  <section name="Identity">\n    <card qty="1" id="y">Cassia "Rust" Moreau</card>\n  </section>\n'
        "  <notes><![CDATA[name: Runner\nmode: standard]]></notes>\n</deck>\n",
    )
    result = cli("deck", "validate", deck)
    (line,) = [ln for ln in result.output.splitlines() if "deck.card.unknown" in ln]
    assert line.startswith(f"{deck}:4:") and "did you mean 'Lattice Memory'" in line and "'Lattice Gate'" not in line


# ---------------------------------------------------------------- what the patches of files of other fixers add

_CLI_SAYS_REMOVED = "removed" in (ROOT / "toolkit" / "cli" / "importer.py").read_text("utf-8")
_VALIDATE_BY_SIDE = "side_ids" in (ROOT / "validators" / "deck.py").read_text("utf-8")


@pytest.mark.skipif(not _CLI_SAYS_REMOVED, reason="toolkit/cli/importer.py: patch /tmp/fix700/importer.patch")
def test_the_import_csv_command_says_what_it_removed(cli, here: Path) -> None:
    sheet = write(here / "my-cards.csv", HEADER + DRESSING + QUICK)
    into = here / "set4"
    assert _import(cli, sheet, into).exit_code == 0
    write(sheet, HEADER + DRESSING)
    would = _import(cli, sheet, into, "--dry-run")
    assert "would remove 1 record this sheet made before and no longer holds" in would.stdout, would.output
    result = _import(cli, sheet, into)
    assert f"{sheet}: removed 1 record this sheet made before and no longer holds: " in result.stdout, result.output
    assert "quick_draw.json" in result.stdout


@pytest.mark.skipif(not _VALIDATE_BY_SIDE, reason="validators/deck.py: patch /tmp/fix700/validators-deck.patch")
def test_deck_validate_offers_a_json_decks_slip_its_own_sides_cards(cli, tmp_path: Path) -> None:
    deck = tmp_path / "runner.json"
    deck.write_text(json.dumps({"game": "netrunner", "mode": "standard", "name": "r",
                                "identity": "cassia_rust_moreau", "cards": {"lattice_gate": 1}}), encoding="utf-8")  # fmt: skip
    result = cli("deck", "validate", deck)
    (line,) = [ln for ln in result.output.splitlines() if "deck.card.unknown" in ln]
    assert "did you mean 'lattice_memory'?" in line and "hb_lattice_gate" not in line, line
