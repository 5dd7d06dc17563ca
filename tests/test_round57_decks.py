"""Round 57: deck verdicts and set-up (tactics, crossfire)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, TableError
from toolkit.engine.tactics.base import player_counts

from .conftest import CARDS, ROOT


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _table(*roles: str) -> dict[str, Any]:
    return {"mode": "crossfire", "players": [{"seat": i, "role": r} for i, r in enumerate(roles, 1)]}


# 1. 双雄 is for 2 or 4 players (§15.2, T22)


def test_duo_takes_two_or_four_players_and_refuses_three(cli: Any) -> None:
    """§15.2 "双雄模式（2 或 4 人）" (the index's "2-4 人模式" read with it: docs/rulings.md) and T22's two sides."""
    modes = {r.id: r for r in load_catalog([CARDS / "tactics"]).records if r.kind == "mode"}
    assert player_counts(modes["duo"]) == [2, 4]
    assert player_counts(modes["melee"]) == [2, 3, 4]
    deck = ROOT / "examples" / "decks" / "tactics" / "duo.json"
    result = cli("simulate", "tactics", "--decks", deck, "--decks", deck, "--decks", deck, "--turns", "1")
    assert result.exit_code != 0
    assert "Duo is for 2 or 4 players, not 3" in result.stderr
    assert "Traceback" not in result.output


# 2. --special takes a role's name in either language; an unknown name is unknown


@pytest.mark.parametrize("given", ["保镖", "Bodyguard", "bodyguard"])
def test_deal_takes_a_special_role_by_name(cli: Any, given: str) -> None:
    result = cli("crossfire", "deal", "-n", "5", "--special", given, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["setup"]["bodyguard"] == 1


def test_an_unknown_special_role_is_unknown(cli: Any, tmp_path: Path) -> None:
    result = cli("crossfire", "deal", "-n", "5", "--special", "bodygard")
    assert result.exit_code != 0
    assert "no crossfire role is called 'bodygard'; did you mean 'Bodyguard'?" in result.stderr
    out = tmp_path / "r.json"
    made = cli("deck", "new", "--game", "crossfire", "--mode", "crossfire", "--players", "5", "--special", "保镖",
               "--out", out)  # fmt: skip
    assert made.exit_code == 0, made.output
    assert json.loads(out.read_text(encoding="utf-8"))["cards"]["bodyguard"] == 1


# 3. resolve checks the role mix as deck validate does


def test_resolve_refuses_two_bombers_and_a_table_of_enforcers(game: Crossfire) -> None:
    # (a special role joins a table at most once since sweep 69: said before what a second one would replace)
    with pytest.raises(TableError, match="Bomber joins a table at most once"):
        game.table(_table("vip", "bomber", "bomber", "assassin", "agent"))
    with pytest.raises(TableError, match="Enforcer joins a table at most once"):
        game.table(_table("vip", "enforcer", "enforcer", "enforcer", "enforcer"))
    # a dealt set-up is read
    dealt = _table("vip", "bomber", "red_decoy", "assassin", "agent")
    dealt["players"][3]["aim"] = [1]
    dealt["players"][4]["aim"] = [4]
    assert len(game.table(dealt).seats) == 5


# 4. the Enforcer turns either decoy into an Assassin (C4)


@pytest.mark.parametrize("decoy", ["red_decoy", "blue_decoy"])
def test_enforcer_takes_either_decoy(cli: Any, tmp_path: Path, decoy: str) -> None:
    left = "blue_decoy" if decoy == "red_decoy" else "red_decoy"
    cards = {"vip": 1, "agent": 2, "enforcer": 1, "assassin": 4, left: 1, "bystander": 1}
    deck = _write(tmp_path / "p10.json", {"game": "crossfire", "mode": "crossfire", "name": "x", "cards": cards,
                                          "players": 10})  # fmt: skip
    result = cli("deck", "validate", deck)
    assert result.exit_code == 0, result.output
    # the Bystander goes only when no decoy is left
    cards = {"vip": 1, "agent": 2, "enforcer": 1, "assassin": 4, "red_decoy": 1, "blue_decoy": 1}
    _write(deck, {"game": "crossfire", "mode": "crossfire", "name": "x", "cards": cards, "players": 10})
    assert cli("deck", "validate", deck).exit_code == 1


# 5. a role set without a player count: one verdict for JSON and text


def test_a_text_role_set_without_players_is_missing_its_count(cli: Any, tmp_path: Path) -> None:
    roles = "# game: crossfire\n# mode: crossfire\n1x VIP\n1x Agent\n1x Assassin\n1x Bystander\n1x Red Decoy\n"
    text = tmp_path / "r.txt"
    text.write_text(roles, encoding="utf-8")
    result = cli("deck", "validate", text)
    assert result.exit_code == 1
    assert "deck.players.missing" in result.stdout
    text.write_text("# players: 6\n" + roles, encoding="utf-8")
    assert "deck.players.count" in cli("deck", "validate", text).stdout


# 6. deck new refuses a squad the mode forbids and options of other games


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("--mode", "duel", "--agent", "寒鸦", "--agent", "白鹭"), "Duel allows at most 1"),
        (("--mode", "duo", "--agent", "寒鸦", "--agent", "寒鸦"), "in the squad twice"),
        (("--mode", "duo", "--identity", "x"), "--identity is for netrunner decks, not tactics"),
        (("--mode", "duo", "--fill", "--identity", "x"), "--fill is for netrunner decks, not tactics"),
        (("--mode", "duo", "--players", "3"), "--players is for crossfire decks, not tactics"),
    ],
)
def test_deck_new_refuses_what_the_mode_or_game_does_not_take(cli: Any, tmp_path: Path, args: Any, expected: str) -> None:
    out = tmp_path / "d.json"
    result = cli("deck", "new", "--game", "tactics", "--out", out, *args)
    assert result.exit_code == 2, result.output
    assert expected in result.stderr
    assert not out.exists()


# 7. deck size counts only cards that may be in a deck


def test_a_token_does_not_fill_a_deck(cli: Any, tmp_path: Path) -> None:
    data = json.loads((ROOT / "examples" / "decks" / "tactics" / "duo.json").read_text(encoding="utf-8"))
    tokens = [r.id for r in load_catalog([CARDS / "tactics"]).records if getattr(r, "token", None) is not None]
    while sum(data["cards"].values()) >= 15:
        data["cards"].pop(sorted(data["cards"])[0])
    data["cards"][tokens[0]] = 15 - sum(data["cards"].values())
    result = cli("deck", "validate", _write(tmp_path / "t.json", data))
    assert "deck.size.min" in result.stdout and "deck.token" in result.stdout


# 8. names in the reader's language


def test_chinese_findings_name_roles_and_modes(cli: Any, tmp_path: Path) -> None:
    deck = _write(tmp_path / "p.json", {"game": "crossfire", "mode": "crossfire", "name": "x", "players": 6,
                                        "cards": {"vip": 1, "assassin": 1, "blue_decoy": 1, "bystander": 2,
                                                  "peacekeeper": 1}})  # fmt: skip
    result = cli("deck", "validate", "--lang", "zh-Hans", deck)
    assert "维和者" in result.stdout and "'peacekeeper'" not in result.stdout


# 9. --banlist is for netrunner decks


def test_banlist_on_a_tactics_deck(cli: Any) -> None:
    result = cli("deck", "validate", "--banlist", "foo", ROOT / "examples" / "decks" / "tactics" / "duo.json")
    assert result.exit_code == 1  # the deck's finding (s72: the other decks given are still checked)
    assert "error deck.banlist.unknown: --banlist is for netrunner decks, not tactics" in result.stdout


# 10. the aim error reads the right way round


def test_an_empty_aim_says_what_the_seat_must_point_at(game: Crossfire) -> None:
    data = _table("vip", "bomber", "red_decoy", "assassin", "agent")
    with pytest.raises(TableError, match=r"seat 4 \(Assassin\) points at 0 players and must point at 1"):
        game.table(data)


# 11. deck new points "$schema" at the nearest schema/


def test_deck_new_points_at_the_nearest_schema(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "schema").mkdir()
    (tmp_path / "schema" / "deck.schema.json").write_text("{}", encoding="utf-8")
    (tmp_path / "decks").mkdir()
    out = tmp_path / "decks" / "d.json"
    assert cli("deck", "new", "--game", "tactics", "--mode", "duo", "--out", out).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["$schema"] == "../schema/deck.schema.json"


# 12. a JSON deck whose game the pool lacks is told so, as a text list is


def test_a_pool_without_the_game(cli: Any) -> None:
    result = cli("deck", "validate", "--cards", CARDS / "netrunner", ROOT / "examples" / "decks" / "tactics" / "duo.json")
    assert "has no tactics cards" in result.stdout
    assert "no mode" not in result.stdout


# 14. leftovers are named


def test_players_line_in_a_tactics_list_and_json(cli: Any, tmp_path: Path) -> None:
    listing = tmp_path / "t.txt"
    listing.write_text("# game: tactics\n# mode: duo\n# players: 3\n", encoding="utf-8")
    assert "t.txt:3:1: error deck.schema: '# players:' is for crossfire role sets" in cli("deck", "validate", listing).stdout
    data = json.loads((ROOT / "examples" / "decks" / "tactics" / "duo.json").read_text(encoding="utf-8"))
    data["players"] = 3
    text = json.dumps(data, indent=2)
    line = text.splitlines().index('  "players": 3') + 1
    deck = tmp_path / "p.json"
    deck.write_text(text, encoding="utf-8")
    assert f"p.json:{line}:3: error deck.schema: /players" in cli("deck", "validate", deck).stdout


def test_a_draft_script_too_long_is_warned_about(cli: Any, tmp_path: Path) -> None:
    script = tmp_path / "p.txt"
    script.write_text("1\n" * 12, encoding="utf-8")
    result = cli("draft", "--seed", "3", "--script", script)
    assert result.exit_code == 0, result.output
    assert "the draft is over" in result.stderr and "not used" in result.stderr


def test_counts_read_as_numbers_in_chinese(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player counts a mode takes, joined as numbers are in Chinese ("2 或 4 名玩家", not "2或4 名玩家")."""
    monkeypatch.setenv("DOSSIER_LANG", "zh-Hans")
    deck = ROOT / "examples" / "decks" / "tactics" / "duo.json"
    result = cli("simulate", "tactics", "--decks", deck, "--decks", deck, "--decks", deck, "--turns", "1")
    assert result.exit_code != 0
    assert "2 或 4 名玩家" in result.stderr, result.stderr
