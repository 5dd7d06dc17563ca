"""Decks, round 66: `deck new --fill --executable-only` refuses an identity the interpreter does not run whole;
`deck stats` reads --mode and --banlist as `deck validate` does; the nrdb text keeps the deck's name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from .conftest import NETRUNNER_POOL, ROOT, pool_with_ban_lists

EX = ROOT / "examples" / "decks"

# ------------------------------------------------------------------ 1: --executable-only and the identity

# An identity written for this test (no real card's text): its printed English was not read into ability text.
UNREAD_IDENTITY = {
    "base_link": None,
    "deck_rules": [],
    "faction": "weyland",
    "game": "netrunner",
    "id": "weyland_unread_annex",
    "influence_limit": 12,
    "kind": "identity",
    "min_deck_size": 40,
    "name": {"en": "Weyland Consortium: Unread Annex", "zh-Hans": "威兰财团：未读附楼"},
    "printed_text": {"en": ["Whenever the annex opens, consult a clause no template reads."]},
    "reading": {"status": "printed_only", "unread": [{"index": 0, "reason": "not_in_grammar"}]},
    "set": "dossier_demo",
    "side": "corp",
    "subtypes": ["division"],
    "text": [],
}


@pytest.fixture
def unread_pool(game_copy: Any) -> Path:
    """The bundled netrunner pool with :data:`UNREAD_IDENTITY` beside its identities."""
    root: Path = game_copy("netrunner")
    path = root / "identities" / "weyland_unread_annex.json"
    path.write_text(json.dumps(UNREAD_IDENTITY, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return root


def test_executable_only_refuses_an_identity_the_interpreter_does_not_run(
    cli: Any, tmp_path: Path, unread_pool: Path
) -> None:
    out = tmp_path / "b.json"
    args = ("deck", "new", "--cards", unread_pool, "--game", "netrunner", "--mode", "standard", "--identity",
            "weyland_unread_annex", "--fill", "--seed", "1", "--out", out)  # fmt: skip
    refused = cli(*args, "--executable-only")
    assert refused.exit_code == 2 and not out.exists(), refused.output
    [line] = refused.stderr.strip().splitlines()  # one line, naming the option and the identity
    assert "--executable-only" in line and "weyland_unread_annex" in line and "not executable" in line, line
    assert "Traceback" not in refused.stderr
    # the identity alone is why: without --executable-only the deck is filled, and a runnable identity is taken
    assert cli(*args).exit_code == 0 and out.exists()
    runnable = cli("deck", "new", "--cards", unread_pool, "--game", "netrunner", "--mode", "standard", "--identity",
                   "weyland_iron_ledger", "--fill", "--executable-only", "--seed", "1", "--out", tmp_path / "w.json")  # fmt: skip
    assert runnable.exit_code == 0, runnable.output


def test_the_refused_identity_is_one_simulate_strict_refuses(unread_pool: Path) -> None:
    """--executable-only and `simulate --strict` judge the identity alike (the deck's inert titles)."""
    from toolkit.catalog import load_catalog
    from toolkit.decks.netrunner_fill import fill_deck
    from toolkit.decks.stats import inert_titles
    from toolkit.errors import DossierError

    records = load_catalog([unread_pool]).records
    deck = fill_deck(records, "weyland_unread_annex", "standard", seed=1)
    by_id = {r.id: r for r in records}
    assert [(i.id, i.kind) for i in inert_titles(deck, by_id.get)] == [("weyland_unread_annex", "identity")]
    with pytest.raises(DossierError, match="not executable"):
        fill_deck(records, "weyland_unread_annex", "standard", seed=1, executable_only=True)
    runnable = fill_deck(records, "weyland_iron_ledger", "standard", seed=1, executable_only=True)
    assert inert_titles(runnable, by_id.get) == []


# ------------------------------------------------------------------ 2: deck stats --mode, --banlist


def _two_formats(tmp_path: Path) -> Path:
    """The netrunner fixture pool with a second format, ``eternal`` (Eternal), beside ``standard``."""
    pool = tmp_path / "pool"
    shutil.copytree(NETRUNNER_POOL, pool)
    data = json.loads((pool / "modes" / "standard.json").read_text(encoding="utf-8"))
    data.update(id="eternal", name={"en": "Eternal", "zh-Hans": "永恒赛制"})
    (pool / "modes" / "eternal.json").write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return pool


NELL_LIST = "Spark List\n\nNell Ashgrove: Spark Thief\n\n3x Quiet Wire\n2x Glasswing\n"


def test_deck_stats_reads_the_mode_as_deck_validate_does(cli: Any, tmp_path: Path) -> None:
    pool = _two_formats(tmp_path)
    deck = tmp_path / "je2.txt"  # a list without a Format line
    deck.write_text(NELL_LIST, encoding="utf-8")
    plain = cli("deck", "stats", deck, "--cards", pool)
    assert plain.exit_code == 0 and "(netrunner, Standard)" in plain.stdout.splitlines()[0], plain.output
    for named in ("eternal", "Eternal", "ETERNAL"):  # its id or its name, as `deck validate --mode` takes it
        told = cli("deck", "stats", deck, "--cards", pool, "--mode", named)
        assert told.exit_code == 0 and "(netrunner, Eternal)" in told.stdout.splitlines()[0], told.output
    as_json = tmp_path / "d.json"  # a deck that names its mode: --mode stands instead
    assert cli("deck", "convert", deck, "--cards", pool, "--to", "json", "--out", as_json).exit_code == 0
    told = cli("deck", "stats", as_json, "--cards", pool, "--mode", "eternal")
    assert told.exit_code == 0 and "(netrunner, Eternal)" in told.stdout.splitlines()[0], told.output
    unknown = cli("deck", "stats", deck, "--cards", pool, "--mode", "nowhere")
    checked = cli("deck", "validate", deck, "--cards", pool, "--mode", "nowhere")
    assert unknown.exit_code == 2 and checked.exit_code == 1, unknown.output  # (validate: the deck's finding)
    assert unknown.stderr.removeprefix("dossier: error: ").strip() in checked.stdout, checked.output
    assert "--mode 'nowhere'" in unknown.stderr and "eternal" in unknown.stderr


def test_a_tactics_list_without_a_mode_line_is_counted_under_the_mode_given(cli: Any, tmp_path: Path) -> None:
    text = (EX / "tactics" / "duo-list.txt").read_text(encoding="utf-8")
    deck = tmp_path / "list.txt"
    deck.write_text("\n".join(ln for ln in text.splitlines() if not ln.startswith("# mode")) + "\n", encoding="utf-8")
    unnamed = cli("deck", "stats", deck)
    assert unnamed.exit_code == 1 and "--mode" in unnamed.stderr, unnamed.output  # the finding advises it
    told = cli("deck", "stats", deck, "--mode", "duo")
    assert told.exit_code == 0 and "(tactics, Duo)" in told.stdout.splitlines()[0], told.output
    wrong = cli("deck", "stats", deck, "--mode", "duo", "--banlist", "any")
    assert wrong.exit_code == 2 and "--banlist is for netrunner decks" in wrong.stderr, wrong.output


def test_deck_stats_counts_influence_under_the_ban_list_given(cli: Any, tmp_path: Path) -> None:
    ban_lists = [
        {"id": "old_list", "date_start": "2020-01-01", "name": {"en": "Old List", "zh-Hans": "旧表"},
         "universal_faction_cost": {"glasswing": 1}},
        {"id": "new_list", "date_start": "2024-01-01", "name": {"en": "New List", "zh-Hans": "新表"}},
    ]  # fmt: skip
    pool = pool_with_ban_lists(tmp_path, ban_lists)
    deck = tmp_path / "list.txt"
    deck.write_text(NELL_LIST, encoding="utf-8")

    def spent(*more: str) -> int:
        result = cli("deck", "stats", deck, "--cards", pool, "--format", "json", *more)
        assert result.exit_code == 0, result.output
        return int(json.loads(result.stdout)["influence_spent"])

    assert spent("--banlist", "old_list") == spent() + 2  # a point more for each of the two Glasswings
    assert spent("--banlist", "new_list") == spent()
    unknown = cli("deck", "stats", deck, "--cards", pool, "--banlist", "nope")
    assert unknown.exit_code == 2 and "--banlist 'nope'" in unknown.stderr and "old_list" in unknown.stderr


def test_the_shared_options_are_the_ones_deck_validate_takes() -> None:
    import inspect

    from toolkit.cli import deck

    for command in (deck.validate, deck.stats):
        params = inspect.signature(command).parameters
        assert params["mode"].annotation == "DeckModeOption" and params["banlist"].annotation == "DeckBanlistOption"


# ------------------------------------------------------------------ 3: the nrdb text keeps the deck's name


def test_the_nrdb_export_writes_the_name_as_typed_and_reads_it_back(cli: Any, tmp_path: Path) -> None:
    source = json.loads((EX / "netrunner" / "corp-hb-tireless-hands.json").read_text(encoding="utf-8"))
    for name in ("Precision Rush", "Haas: Rush ‘99’", "精准快攻", "Hedge Fund"):
        deck = tmp_path / "hb.json"
        deck.write_text(json.dumps({**source, "name": name}, ensure_ascii=False), encoding="utf-8")
        out = tmp_path / "rt.txt"
        assert cli("deck", "convert", deck, "--to", "nrdb", "--out", out, "--force").exit_code == 0
        assert out.read_text(encoding="utf-8").splitlines()[0] == name
        back = cli("deck", "convert", out, "--to", "json")
        assert back.exit_code == 0 and json.loads(back.stdout)["name"] == name, back.output


def test_a_deck_made_by_deck_new_exports_under_its_name(cli: Any, tmp_path: Path) -> None:
    made = tmp_path / "corp.json"
    assert cli("deck", "new", "--game", "netrunner", "--mode", "standard", "--identity", "weyland_iron_ledger",
               "--fill", "--seed", "2", "--name", "Iron Wall", "--out", made).exit_code == 0  # fmt: skip
    text = cli("deck", "convert", made, "--to", "nrdb")
    assert text.exit_code == 0 and text.stdout.splitlines()[0] == "Iron Wall", text.output


@pytest.mark.parametrize("name", ["3x Rush", "x3 Rush", "# Rush", "Event (3)", "Format: eternal", "Cards up to X"])
def test_a_name_that_would_read_as_a_card_or_the_footer_reads_back_all_the_same(
    cli: Any, tmp_path: Path, name: str
) -> None:
    """A name the text reader would take for a card line, a comment, a section or the footer is not the first
    line: the identity is, and the name is the list's ``# name:`` line at the end."""
    source = json.loads((EX / "netrunner" / "corp-hb-tireless-hands.json").read_text(encoding="utf-8"))
    deck = tmp_path / "hb.json"
    deck.write_text(json.dumps({**source, "name": name}, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "rt.txt"
    assert cli("deck", "convert", deck, "--to", "nrdb", "--out", out).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("Haas-Bioroid") and lines[-1] == f"# name: {name}"
    back = cli("deck", "convert", out, "--to", "json")
    assert back.exit_code == 0, back.output
    assert (json.loads(back.stdout)["name"], json.loads(back.stdout)["mode"]) == (name, "standard")


def test_a_record_given_as_a_deck_is_said_to_be_one(cli: Any) -> None:
    """Every command that reads a deck (here `deck validate`) says a map file is a map, in one finding, not the
    seven deck fields it lacks or has too many of."""
    hideout = ROOT / "cards" / "tactics" / "maps" / "hideout.json"
    result = cli("deck", "validate", hideout, "--lang", "en")
    assert result.exit_code != 0
    said = [line for line in result.output.splitlines() if ": error deck." in line]
    assert len(said) == 1 and "deck.not_deck" in said[0] and "tactics map 'hideout', not a deck" in said[0], said
