"""Crossfire, round 56b: the host's Sniper keeps their seat while the deal goes round (the dealer is another player),
aims the table reader's own checks refuse are refused by its fast path too, the English help names the game in
English."""

from __future__ import annotations

import copy
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, TableError
from toolkit.web.crossfire_rooms import Room, RoomStore

BASE = "http://127.0.0.1:8000"
CSRF = "test-csrf-token-0123456789abcdef"
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"]


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def _settle(store: RoomStore, game: Crossfire, room: Room) -> None:
    """Resolve the current sniper-mode round: the Sniper marks every Assassin (blue wins, no one else points)."""
    assert room.current is not None
    deal = room.current.to_deal()
    store.resolve(game, room, {}, [s for s, r in deal.roles.items() if r == "assassin"])


# ---------------------------------------------------------------- the Sniper the host chose holds every round


@pytest.mark.parametrize("sniper", [2, 3, 7])
def test_the_host_s_sniper_holds_and_the_deal_skips_their_seat(game: Crossfire, tmp_path: Path, sniper: int) -> None:
    """Seed 003, Sniper mode: "公开选出 1 名狙击手……另选 1 名非狙击手玩家任发牌人" (the Sniper chosen in the
    open; another player, not the Sniper, deals): round after round the host's Sniper keeps the seat and never
    deals."""
    store = RoomStore(tmp_path)
    room = store.create(game, "sniper", 7, {}, [], sniper_seat=sniper, seed=1)
    dealers = []
    for seed in range(2, 17):  # two turns of the table and more
        assert room.current is not None
        deal = room.current.to_deal()
        assert deal.public == {sniper: "sniper"}  # never moved to another seat
        assert deal.roles[sniper] == "sniper" and list(deal.roles.values()).count("sniper") == 1
        assert deal.dealer != sniper
        dealers.append(deal.dealer)
        _settle(store, game, room)
        store.deal_next(game, room, seed=seed)
    turn = [s for s in range(1, 8) if s != sniper]
    assert dealers[:6] == turn and dealers[6:12] == turn  # one seat clockwise a round, past the Sniper


def test_a_sniper_at_seat_one_does_not_deal_the_first_round(game: Crossfire, tmp_path: Path) -> None:
    store = RoomStore(tmp_path)
    room = store.create(game, "sniper", 6, {}, [], sniper_seat=1, seed=4)
    assert room.current is not None and room.current.to_deal().public == {1: "sniper"}
    dealers = []
    for seed in range(5, 11):
        assert room.current is not None and room.current.to_deal().public == {1: "sniper"}
        dealers.append(room.current.deal["dealer"])
        _settle(store, game, room)
        store.deal_next(game, room, seed=seed)
    assert dealers == [2, 3, 4, 5, 6, 2]  # from seat 6 the deal goes past the Sniper's seat 1


def test_without_a_chosen_sniper_the_deal_goes_round_every_seat(game: Crossfire, tmp_path: Path) -> None:
    store = RoomStore(tmp_path)
    room = store.create(game, "sniper", 6, {}, [], seed=4)
    dealers = []
    for seed in range(5, 12):
        assert room.current is not None
        deal = room.current.to_deal()
        assert len(deal.public) == 1 and deal.dealer not in deal.public
        dealers.append(deal.dealer)
        _settle(store, game, room)
        store.deal_next(game, room, seed=seed)
    assert dealers == [1, 2, 3, 4, 5, 6, 1]


def test_the_host_page_round_three_keeps_cy_the_sniper(tmp_path: Path) -> None:
    """The user's report: a table of 7, Sniper seat 3; after two "Deal the next round" the host page said "dealer Cy
    (seat 3)" and "Gus (seat 7) is the public Sniper"."""
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.routes.crossfire import rooms
    from toolkit.web.settings import WebSettings

    app = create_app(WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                                 data=tmp_path / "data"))  # fmt: skip
    with TestClient(app, base_url=BASE) as client:
        client.cookies.set("csrf", CSRF)
        client.headers.update({"Origin": BASE, "X-CSRF-Token": CSRF})
        data: dict[str, Any] = {"mode": "sniper", "players": "7", "sniper_seat": "3"}
        data.update({f"name_{i}": n for i, n in enumerate(NAMES, start=1)})
        answer = client.post("/crossfire?lang=en", data=data, follow_redirects=False)
        assert answer.status_code == 303, answer.text[:500]
        host = str(answer.headers["location"])
        room = rooms(app.state.web).host(host.rsplit("/", 1)[1])
        assert room is not None
        for number in (1, 2, 3):
            assert room.current is not None
            deal = room.current.to_deal()
            page = html.unescape(client.get(host + "?lang=en").text)
            assert "Cy (seat 3) is the public Sniper" in page, number
            assert not re.search(r"(Ana|Bo|Di|Ed|Fay|Gus) \(seat \d\) is the public Sniper", page)
            assert f"dealer {NAMES[deal.dealer - 1]} (seat {deal.dealer})" in page
            assert deal.dealer == {1: 1, 2: 2, 3: 4}[number]
            marks = [str(s) for s, r in deal.roles.items() if r == "assassin"]
            assert client.post(host + "/resolve?lang=en", data={"mark": marks}).status_code == 200
            if number < 3:
                assert client.post(host + "/next?lang=en").status_code == 200


def test_the_cli_refuses_a_dealer_at_the_sniper_s_seat(cli: Any) -> None:
    """`crossfire deal` deals one round: a --dealer at the --sniper's seat is refused, the Sniper is not moved."""
    result = cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--sniper", "3", "--dealer", "3", "--seed", "1")
    assert result.exit_code != 0 and "seat 3" in result.output and "non-dealer" in result.output
    moved = cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--sniper", "3", "--dealer", "4", "--seed", "1",
                "--format", "json")  # fmt: skip
    assert moved.exit_code == 0
    assert '"dealer": 4' in moved.stdout and re.search(r'"seat": 3,\s*"role": "sniper",\s*"public": true', moved.stdout)


# ---------------------------------------------------------------- aims: 0, false, "" are not "no aim"


def _table(game: Crossfire) -> tuple[dict[str, Any], int]:
    """A filled-in 5-player crossfire table and the index of an unarmed player."""
    deal = game.deal("crossfire", 5, seed=1).to_json()
    table: dict[str, Any] = {"mode": deal["mode"], "players": []}
    unarmed = -1
    for i, p in enumerate(deal["players"]):
        rules = game.roles[p["role"]]
        armed = rules.shoots or rules.protects
        table["players"].append({"seat": p["seat"], "role": p["role"], "aim": [p["seat"] % 5 + 1] if armed else []})
        if not armed and unarmed < 0:
            unarmed = i
    assert unarmed >= 0
    return table, unarmed


@pytest.mark.parametrize("value", [0, False, "", True, -2])
def test_an_aim_that_is_no_list_of_seats_is_refused(game: Crossfire, value: Any) -> None:
    table, unarmed = _table(game)
    table["players"][unarmed]["aim"] = value
    with pytest.raises(TableError, match=re.escape(f"a list of seat numbers, not {json.dumps(value)}")):  # as JSON
        game.table(table)


@pytest.mark.parametrize("value", [None, [], "missing"])
def test_no_aim_is_still_no_aim(game: Crossfire, value: Any) -> None:
    table, unarmed = _table(game)
    if value == "missing":
        del table["players"][unarmed]["aim"]
    else:
        table["players"][unarmed]["aim"] = value
    game.resolve(game.table(copy.deepcopy(table)))


def test_resolve_refuses_an_aim_of_zero(cli: Any, game: Crossfire, tmp_path: Path) -> None:
    import json

    table, unarmed = _table(game)
    table["players"][unarmed]["aim"] = 0
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    result = cli("crossfire", "resolve", path)
    assert result.exit_code != 0 and "a list of seat numbers, not 0" in result.output


# ---------------------------------------------------------------- the help names the game in its language


def test_the_english_help_names_crossfire_only(cli: Any) -> None:
    result = cli("crossfire", "--help")
    assert result.exit_code == 0
    assert "Crossfire: deal the roles" in result.stdout
    assert "谍战特工" not in result.stdout and "Crossfire /" not in result.stdout


@pytest.mark.lang_default
def test_the_chinese_help_names_the_game_in_chinese(cli: Any) -> None:
    result = cli("crossfire", "--help")  # the default language (needs the catalog's translation of the new help)
    assert result.exit_code == 0
    assert "谍战特工" in result.stdout
