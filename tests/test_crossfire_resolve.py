"""Crossfire tables resolved by the script of seed 003 and RULINGS C2-C9 (tables written for these tests)."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, TableError

from .conftest import CARDS


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def table(*players: str, mode: str = "crossfire", marks: list[int] | None = None, **options: bool) -> dict[str, Any]:
    """Players in seat order 1, 2, …, each 'role>aim,aim' (or just 'role' for no aim)."""
    rows = []
    for seat, spec in enumerate(players, start=1):
        role, _, aims = spec.partition(">")
        rows.append({"seat": seat, "role": role, "aim": [int(a) for a in aims.split(",") if a]})
    data: dict[str, Any] = {"mode": mode, "players": rows}
    if marks is not None:
        data["marks"] = marks
    if options:
        data["options"] = options
    return data


CASES = [
    # (name, table, team, shot, winners)
    (
        "an assassin shot by an agent does not fire (C2)",
        table("vip>2", "agent>3", "assassin>1", "red_decoy>3", "bystander>1"),
        "blue",
        [3],
        [1, 2, 5],
    ),
    (
        "the VIP hit: red wins; a shot red decoy wins",
        table("vip>2", "agent>4", "assassin>1", "red_decoy>1", "bystander>1"),
        "red",
        [1, 4],
        [3, 4, 5],
    ),
    (
        "an agent who hits a bystander loses although blue wins",
        table("vip>2", "agent>5", "assassin>2", "red_decoy>3", "bystander>1"),
        "blue",
        [2, 5],
        [1],
    ),
    (
        "stacked protectors cancel two bullets (C3)",
        table("vip>3", "bodyguard>1", "peacekeeper>1", "assassin>1", "assassin>1", "agent>7", "bystander>1"),
        "blue",
        [7],
        [1, 2],
    ),
    (
        "one protector cancels the first bullet only; the peacekeeper saves the bystander",
        table("vip>3", "bodyguard>1", "peacekeeper>7", "assassin>1", "assassin>1", "agent>7", "bystander>1"),
        "red",
        [1],
        [3, 4, 5, 7],
    ),
    (
        "protection holds when the protector is hit (C3 default)",
        table("vip>2", "bodyguard>1", "agent>2", "assassin>1", "bystander>1"),
        "blue",
        [2],
        [1, 2, 3, 5],
    ),
    (
        "protection_lost_when_hit: a protector hit by the agents no longer protects",
        table("vip>2", "bodyguard>1", "agent>2", "assassin>1", "bystander>1", protection_lost_when_hit=True),
        "red",
        [1, 2],
        [4, 5],
    ),
    (
        "the agents' bullet reaches a protected player first and is the one cancelled",
        table("vip>3", "agent>1", "bodyguard>1", "assassin>1", "bystander>1"),
        "red",
        [1],
        [4, 5],
    ),
    (
        "the bomber not shot wins alone (C8)",
        table("vip>2", "agent>3", "assassin>1", "bomber>1", "bystander>1"),
        "blue",
        [3],
        [4],
    ),
    (
        "the bomber shot: teams as usual, the bomber loses",
        table("vip>2", "agent>4", "assassin>1", "bomber>1", "bystander>1"),
        "red",
        [1, 4],
        [3, 5],
    ),
    (
        "decoys: shot wins; blue decoy shot and blue wins; red decoy neither (C7)",
        table("vip>2", "agent>4", "assassin>5", "decoy>1", "blue_decoy>1", "red_decoy>1"),
        "blue",
        [4, 5],
        [1, 2, 4, 5],
    ),
    (
        "the enforcer fires two bullets in the agents' volley (C4)",
        table("vip>2", "enforcer>3,4", "assassin>1", "assassin>1", "assassin>1", "agent>5", "bystander>1"),
        "blue",
        [3, 4, 5],
        [1, 2, 6, 7],
    ),
    (
        "a protester hit: the shooter loses; the protester counts as a bystander for the peacekeeper (C6)",
        table("vip>2", "agent>7", "assassin>1", "assassin>5", "protester>1", "peacekeeper>2", "decoy>1"),
        "red",
        [1, 5, 7],
        [3, 7],
    ),
    (
        "protester_counts_as_bystander off: the peacekeeper wins, the shooter still loses by the protester's text",
        table(
            "vip>2",
            "agent>7",
            "assassin>1",
            "assassin>5",
            "protester>1",
            "peacekeeper>2",
            "decoy>1",
            protester_counts_as_bystander=False,
        ),
        "red",
        [1, 5, 7],
        [3, 6, 7],
    ),
    (
        "the supporter wins when not hit and blue wins",
        table("vip>2", "agent>3", "assassin>1", "supporter>1", "red_decoy>1"),
        "blue",
        [3],
        [1, 2, 4],
    ),
    (
        "unarmed pointing does nothing (C2 step 1)",
        table("vip>3", "agent>4", "bystander>1", "assassin>2", "decoy>4"),
        "blue",
        [4],
        [1, 2, 3],
    ),
    (
        "friendly fire: an agent who hits the VIP makes red win",
        table("vip>2", "agent>1", "assassin>2", "decoy>1", "bystander>1"),
        "red",
        [1, 2],
        [3, 5],
    ),
    # sniper mode (C9)
    (
        "sniper: all assassins marked -> blue",
        table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[4, 5]),
        "blue",
        [4, 5],
        [1, 2, 3, 6],
    ),
    (
        "sniper: the VIP marked -> red",
        table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[2]),
        "red",
        [2],
        [4, 5, 6],
    ),
    (
        "sniper: a bystander marked -> red, and the sniper loses",
        table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[6]),
        "red",
        [6],
        [4, 5],
    ),
    (
        "sniper: a surviving assassin hits the VIP and no bystander -> red",
        table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[3, 4]),
        "red",
        [2, 3, 4],
        [4, 5, 6],
    ),
    (
        "sniper: the VIP hit but a bystander too -> blue",
        table("sniper", "vip", "agent", "assassin>2", "assassin>6", "bystander", mode="sniper", marks=[]),
        "blue",
        [2, 6],
        [1, 3],
    ),
    (
        "sniper: the VIP missed -> blue; a marked assassin does not fire",
        table("sniper", "vip", "agent", "assassin>2", "assassin>3", "bystander", mode="sniper", marks=[4]),
        "blue",
        [3, 4],
        [1, 2, 3, 6],
    ),
    (
        "sniper: a marked protester counts as a bystander -> red at once",
        table(
            "sniper", "vip", "agent", "assassin>2", "assassin>2", "protester", "blue_decoy", mode="sniper", marks=[6]
        ),
        "red",
        [6],
        [4, 5],
    ),
    (
        "sniper: protester_counts_as_bystander off -> the assassins fire",
        table(
            "sniper",
            "vip",
            "agent",
            "assassin>2",
            "assassin>2",
            "protester",
            "blue_decoy",
            mode="sniper",
            marks=[6],
            protester_counts_as_bystander=False,
        ),
        "red",
        [2, 6],
        [4, 5],
    ),
    (
        "sniper mode with the bomber not shot",
        table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bomber", mode="sniper", marks=[4, 5]),
        "blue",
        [4, 5],
        [6],
    ),
]


@pytest.mark.parametrize(("name", "data", "team", "shot", "winners"), CASES, ids=[c[0] for c in CASES])
def test_resolve(
    game: Crossfire, name: str, data: dict[str, Any], team: str, shot: list[int], winners: list[int]
) -> None:
    outcome = game.resolve(game.table(data, set_up=False))
    assert outcome.to_json() == {"team": team, "shot": shot, "winners": winners}


def test_every_role_is_covered() -> None:
    roles = {p["role"] for _, data, *_ in CASES for p in data["players"]}
    assert roles == {p.stem for p in (CARDS / "crossfire" / "roles").glob("*.json")}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (table("vip>1", "agent>3", "assassin>1", "decoy>1", "bystander>1"), "seat 1 (VIP) aims at itself"),
        (table("vip>2", "enforcer>3,3", "assassin>1", "decoy>1", "bystander>1"), "aims twice at seat 3"),
        (  # (one target is enough since sweep 69: an Enforcer points at 1 or 2 players)
            table("vip>2", "enforcer", "assassin>1", "decoy>1", "bystander>1"),
            "seat 2 (Enforcer) points at 0 players and must point at 1 or 2",
        ),
        (
            table("vip>2", "agent>3,4", "assassin>1", "decoy>1", "bystander>1"),
            "seat 2 (Agent) points at 2 players and must point at 1",
        ),
        (
            table("vip>2", "agent", "assassin>1", "decoy>1", "bystander>1"),
            "seat 2 (Agent) points at 0 players and must point at 1",
        ),
        (table("vip>2", "bodyguard", "assassin>1", "decoy>1", "bystander>1"), "seat 2 (Bodyguard) points at 0 players and must point at 1"),
        (
            table("vip>2", "agent>9", "assassin>1", "decoy>1", "bystander>1"),
            "aims at seat 9, which is not at the table",
        ),
        (table("vip>2", "agent>3", "spy>1", "decoy>1", "bystander>1"), "unknown role 'spy'"),
        (table("vip>2", "vip>3", "assassin>1", "decoy>1", "bystander>1"), "exactly one VIP, not 2"),
        (table("vip>2", "agent>3", "assassin>1", "decoy>1", "sniper"), "the Sniper plays only in sniper mode"),
        (table("vip>2", "agent>3", "assassin>1", "decoy>1", "bystander>1", marks=[3]), "only in sniper mode"),
        (table("vip>2", "agent>3", "assassin>1", "decoy>1", "bystander>1", mode="duel"), "unknown mode 'duel'"),
        (
            table("vip>2", "agent>3", "assassin>1", "decoy>1", "bystander>1", house=True),
            "/options/house: unknown option",
        ),
        (
            table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[4, 5, 6]),
            "3 shot cards, but the Sniper holds 2",
        ),
        (
            table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[4, 4]),
            "two shot cards in front of one player",
        ),
        (
            table("sniper", "vip", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[1]),
            "cannot mark themselves",
        ),
        (
            table("sniper", "vip>1", "agent", "assassin>2", "assassin>2", "bystander", mode="sniper", marks=[]),
            "only Assassins do",
        ),
        (
            table("sniper", "vip", "agent", "assassin", "assassin>2", "bystander", mode="sniper", marks=[]),
            "seat 4 (Assassin) points at 0 players and must point at 1",
        ),
        (
            {
                "mode": "crossfire",
                "players": [{"seat": 1, "role": r} for r in ("vip", "agent", "assassin", "decoy", "agent")],
            },
            "seat 1 is taken twice",
        ),
        ({"mode": "crossfire", "players": []}, "non-empty list"),
        ([], "a table is a JSON object"),
    ],
)
def test_illegal_tables_are_refused(game: Crossfire, data: Any, message: str) -> None:
    with pytest.raises(TableError) as info:
        game.table(data, "t.json", set_up=False)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("t.json: ")


def test_roles_follow_their_text_not_their_id(game_copy: Any) -> None:
    """Change a role's win text and the outcome follows: the interpreter executes the text."""
    import json

    root = game_copy("crossfire")
    path = root / "roles" / "bystander.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["win"] = ["如果你被击中且红队获胜，你获胜。"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    changed = Crossfire.from_records(load_catalog([root]).records)
    data_table = table("vip>2", "agent>4", "assassin>1", "decoy>1", "bystander>1")
    assert changed.resolve(changed.table(data_table, set_up=False)).winners == [3, 4]
    data_table = table("vip>2", "agent>4", "assassin>5", "decoy>1", "bystander>1")
    assert changed.resolve(changed.table(data_table, set_up=False)).winners == [1, 2, 4]


def test_role_fields_agree_with_their_text(game: Crossfire) -> None:
    for role_id, record in game.records.items():
        rules = game.roles[role_id]
        assert rules.protects == record.protects, role_id
        assert rules.marks == record.marks, role_id
        assert (rules.guns if rules.shoots or rules.protects else 0) == record.guns, role_id
        if record.counts_as:
            assert record.counts_as in rules.counts_as, role_id
