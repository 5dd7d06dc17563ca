"""Modes as the rule documents give them: 梦魇通廊 unspecified (RULINGS T6), 双雄 for 2 or 4 players (§15.2);
``simulate --map`` only on a map made for the game; what simulate says of cards read in part."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from toolkit.catalog import load_catalog
from toolkit.engine.core import EngineError
from toolkit.engine.tactics.game import default_map
from toolkit.jsonio import canonical_dumps
from toolkit.models import parse_record

from .conftest import CARDS, ROOT
from .test_map_lint import lint_lines, map_data, write_map

EX = ROOT / "examples" / "decks" / "tactics"
RECORDS = load_catalog([CARDS / "tactics"]).records
MODES: dict[str, Any] = {r.id: r for r in RECORDS if r.kind == "mode"}  # type: ignore[attr-defined]
GUESSES = (
    "starting_agents",
    "max_agents",
    "matrix_shop",
    "scene_obstacles",
    "hidden_agents",
    "teams",
    "deployment_zones",
)


@pytest.fixture
def tactics(game_copy: Any) -> Path:
    root: Path = game_copy("tactics")
    for stale in (root / "maps").glob("*.json"):
        stale.unlink()
    return root


def _mode(**fields: Any) -> dict[str, Any]:
    data = json.loads((CARDS / "tactics" / "modes" / "duel.json").read_text(encoding="utf-8"))
    data.update(fields)
    return data


# --- 1. 梦魇通廊: only what the seed says -----------------------------------------------------------------------


def test_nightmare_fills_in_nothing_the_seed_does_not_say() -> None:
    nightmare = MODES["nightmare"]
    assert nightmare.status == "incomplete"
    assert {k: getattr(nightmare, k) for k in GUESSES} == dict.fromkeys(GUESSES)
    data = json.loads((CARDS / "tactics" / "modes" / "nightmare.json").read_text(encoding="utf-8"))
    assert not set(GUESSES) & set(data)


def test_show_nightmare_prints_no_default_as_its_rules(cli: Any, tmp_path: Path) -> None:
    db = tmp_path / "cards.db"
    assert cli("db", "build", "--db", db, "--cards", CARDS).exit_code == 0
    shown = cli("show", "--db", db, "tactics/nightmare").stdout
    fields = dict(line.split(None, 1) for line in shown.splitlines()[3:] if line.startswith("  "))
    assert {k: fields[k] for k in GUESSES} == dict.fromkeys(GUESSES, "—")


def test_a_complete_mode_still_needs_its_numbers_and_keeps_its_defaults() -> None:
    data = _mode()
    del data["starting_agents"], data["matrix_shop"]
    with pytest.raises(ValidationError, match="starting_agents, matrix_shop: required unless"):
        parse_record(data)
    duel: Any = parse_record(_mode(hidden_agents=None))  # a default, not a gap, in a complete mode
    assert (duel.hidden_agents, duel.teams, duel.deployment_zones) == (True, "none", 2)
    bare: Any = parse_record(_mode(id="bare", status="incomplete", deck_rules=[], victory=[], **dict.fromkeys(GUESSES)))
    assert bare.max_agents is None


def test_lint_asks_nothing_of_a_map_for_an_incomplete_mode(tactics: Path, cli: Any) -> None:
    loose = _mode(id="loose", name={"zh-Hans": "松散", "en": "Loose"}, status="incomplete", scene_obstacles="standard",
                  deployment_zones=4)  # fmt: skip
    (tactics / "modes" / "loose.json").write_text(canonical_dumps(loose), encoding="utf-8")
    rows = ["1...", "....", "...."]  # one zone, no obstacle cell
    for mode in ("nightmare", "loose"):
        data = map_data(rows, [mode], id=f"for_{mode}", name={"zh-Hans": mode}, players={"min": 1, "max": 4})
        assert lint_lines(cli, write_map(tactics, data)) == [], mode
    duo = map_data(rows, ["duo"], id="for_duo", name={"zh-Hans": "duo"}, players={"min": 2, "max": 4})  # still checked
    codes = sorted(line.split(": ")[1].split()[1] for line in lint_lines(cli, write_map(tactics, duo)))
    assert codes == ["map.obstacles.few", "map.zone.missing"]


# --- 3. 梦魇通廊's errors say why ------------------------------------------------------------------------------------


def test_text_run_in_nightmare_says_its_rules_are_unspecified(cli: Any) -> None:
    result = cli("text", "run", "你抽 1 张牌。", "--mode", "nightmare", "--players", "1")
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        "dossier: error: the rules leave Nightmare Corridor (nightmare) unspecified, so no game of it can be played\n"
    )


def test_no_map_message_says_player_in_the_singular() -> None:
    with pytest.raises(EngineError) as caught:
        default_map(RECORDS, "duel", 1)
    assert "no tactics map is made for duel with 1 player (" in str(caught.value)
    with pytest.raises(EngineError, match="with 5 players"):
        default_map(RECORDS, "duel", 5)


@pytest.mark.parametrize("count", [1, 5])
def test_simulate_nightmare_decks_says_the_rules_are_unspecified(cli: Any, tmp_path: Path, count: int) -> None:
    deck = json.loads((EX / "expert.json").read_text(encoding="utf-8"))
    path = tmp_path / "nm.json"
    path.write_text(json.dumps({**deck, "mode": "nightmare"}, ensure_ascii=False), encoding="utf-8")
    result = cli("simulate", "tactics", *[a for _ in range(count) for a in ("--decks", path)])
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"dossier: error: {path}: the rules leave Nightmare Corridor (nightmare) unspecified, so no game of it "
        "can be played\n"
    )
    chinese = cli("simulate", "tactics", "--decks", path, "--lang", "zh-Hans")
    assert "梦魇通廊" in chinese.stderr and "--decks" not in chinese.stderr  # (its words: /tmp/fix3/zh.json)
    other = cli("simulate", "tactics", "--decks", EX / "expert.json")  # any other mode: the deck count
    assert other.exit_code == 2 and "--decks takes 2 to 4 deck files (one per player), not 1" in other.stderr


# --- 2. simulate --map: a map made for the game ---------------------------------------------------------------------


def test_simulate_refuses_a_map_not_made_for_the_mode_or_the_players(cli: Any) -> None:
    melee = ["--decks", EX / "melee.json", "--decks", EX / "melee-recon.json", "--decks", EX / "melee-demolition.json"]
    result = cli("simulate", "tactics", *melee, "--map", "hideout", "--seed", "1", "--turns", "1")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr == (
        "dossier: error: --map 'hideout': Hideout is made for Duel (2 players); these decks are for Melee (3 players)\n"
    )
    duel = cli("simulate", "tactics", "--decks", EX / "duel.json", "--decks", EX / "duel-rival.json",
               "--map", "dockyard", "--turns", "1")  # fmt: skip
    assert duel.exit_code == 2
    assert "Dockyard Depot is made for Duo, Expert (2 players); these decks are for Duel (2 players)" in duel.stderr
    fits = cli("simulate", "tactics", *melee, "--map", "headquarters", "--seed", "1", "--turns", "1")
    assert fits.exit_code == 0, fits.output
    assert "map: Headquarters" in fits.stdout.splitlines()[0]


# --- 4. 双雄: 2 or 4 players, as data --------------------------------------------------------------------------------


def test_duo_is_for_2_or_4_players_in_its_data() -> None:
    duo = MODES["duo"]
    assert duo.players.counts == [2, 4]
    assert duo.players.allowed() == [2, 4]
    assert MODES["melee"].players.allowed() == [2, 3, 4]
    assert "counts" not in MODES["melee"].model_dump()["players"]  # written only where it says something


@pytest.mark.parametrize("counts", [[2, 3, 3, 4], [4, 2], [2, 3], [3, 4], []])
def test_player_counts_must_run_from_min_to_max(counts: list[int]) -> None:
    with pytest.raises(ValidationError, match="give each player count once, in increasing order"):
        parse_record(_mode(players={"min": 2, "max": 4, "counts": counts}))


# --- 5. cards read in part: their other paragraphs run -----------------------------------------------------------


def test_the_header_says_what_does_not_run_and_a_part_read_card_its_paragraphs() -> None:
    from toolkit.cli.simulate import _inert_lines

    entry = {"side": "runner", "name": "AirbladeX", "kind": "card", "copies": 2, "reason": "partial: 3"}
    inert = {"titles": 1, "of_titles": 20, "cards": 2, "of_cards": 45, "list": [entry]}
    head, runner = _inert_lines(inert, "en")
    assert head == (
        "text the simulation does not run: 1 of 20 titles (2 of 45 cards, identities included) in the two decks; "
        "that text does nothing in the simulation (a card read in part: only the paragraphs named, its other "
        "paragraphs run):"
    )
    assert "no executable text" not in head and "their abilities do not happen" not in head
    assert runner == "  runner: AirbladeX ×2 (in part: paragraph 3 not read)"
    two = _inert_lines({**inert, "list": [{**entry, "reason": "partial: 2, 3"}]}, "en")
    assert two[1].endswith("(in part: paragraphs 2, 3 not read)")
    zh_head, zh_runner = _inert_lines(inert, "zh-Hans")
    assert zh_runner.startswith("  潜袭者：AirbladeX ×2") and zh_head  # (the words: /tmp/fix3/zh*.json)
