"""Crossfire, session 66: the host page's pointing help names only the roles of the set-up that point with two guns
or protect, and a one-gun seat's select says no "gun 1"; a Sniper seat off the table is said to be off the table,
and on the web any seat may be the Sniper (seat 1 too: seat 2 then deals first, seed 003 "另选 1 名非狙击手玩家任
发牌人"); a player aiming at themselves is told so before any count of aims."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CARDS
from tests.test_crossfire_web_fixes import create, room_of
from tests.web.conftest import writing_client
from toolkit.cli import app

ROLE_WORDS = ("Enforcer", "Bodyguard", "Peacekeeper")


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    from toolkit.web.settings import WebSettings

    yield from writing_client(WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                                          data=tmp_path / "data"))  # fmt: skip


def aims_help(page: str) -> str:
    found = re.findall(r'id="cf-aims-help">(.*?)</p>', page, flags=re.S)
    assert found, page[:2000]
    return html.unescape(found[0])


def labels(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'<label for="cf-aim-[^"]*" class="cf-vh">(.*?)</label>', page)]


# ---------------------------------------------------------------- 1. the pointing help names the set-up's roles only


@pytest.mark.parametrize("players", ["5", "7"])
def test_a_set_up_without_two_guns_or_protectors_names_none(client: Any, players: str) -> None:
    """The tester's table: /crossfire, 5 or 7 players, only Bomber ticked, moderating host."""
    host = create(client, mode="crossfire", players=players, special=["bomber"])
    page = client.get(host + "?lang=en").text
    said = aims_help(page)
    assert "Enter each armed player's target." in said and "Unarmed players may be left blank." in said
    assert not any(word in said for word in ROLE_WORDS), said
    assert "two" not in said and "protect" not in said, said
    found = labels(page)
    assert found and all(label.endswith(" points at") for label in found), found  # no "(gun 1)": one gun each
    assert "gun" not in " ".join(found)


@pytest.mark.parametrize(
    ("specials", "named", "unnamed"),
    [
        (["bodyguard"], ["Bodyguard"], ["Enforcer", "Peacekeeper"]),
        (["peacekeeper"], ["Peacekeeper"], ["Enforcer", "Bodyguard"]),
        (["enforcer"], ["Enforcer"], ["Bodyguard", "Peacekeeper"]),
        (["enforcer", "bodyguard"], ["Enforcer", "Bodyguard"], ["Peacekeeper"]),
    ],
)
@pytest.mark.slow
def test_the_help_names_the_roles_at_the_table(client: Any, specials: list[str], named: list[str],
                                                unnamed: list[str]) -> None:  # fmt: skip
    host = create(client, mode="crossfire", players="7", special=specials)
    page = client.get(host + "?lang=en").text
    said = aims_help(page)
    assert all(word in said for word in named), said
    assert not any(word in said for word in unnamed), said
    assert ("both hands" in said) == ("enforcer" in specials)
    assert ("protects" in said) == any(s in specials for s in ("bodyguard", "peacekeeper"))
    found = labels(page)
    if "enforcer" in specials:  # everyone points with both hands: the right hand's and the left hand's
        assert any(label.endswith("(right hand)") for label in found) and any("(left hand)" in x for x in found)
    else:
        assert all(label.endswith(" points at") for label in found), found


def test_a_playing_host_hears_of_protectors_only_when_the_set_up_has_one(client: Any) -> None:
    plain = aims_help(client.get(create(client, mode="crossfire", players="7", special=["bomber"], host="plays")
                                 + "?lang=en").text)  # fmt: skip
    assert "protect" not in plain and not any(word in plain for word in ROLE_WORDS), plain
    guarded = aims_help(client.get(create(client, mode="crossfire", players="7", special=["bodyguard"], host="plays")
                                   + "?lang=en").text)  # fmt: skip
    assert "a protector's protects" in guarded and not any(word in guarded for word in ROLE_WORDS), guarded


# ---------------------------------------------------------------- 2. the Sniper's seat


@pytest.mark.parametrize("seat", ["7", "0"])
def test_the_cli_says_a_sniper_seat_off_the_table_is_off_the_table(seat: str) -> None:
    result = run("crossfire", "deal", "--players", "6", "--mode", "sniper", "--sniper", seat, "--lang", "en")
    assert result.exit_code != 0
    assert f"the Sniper sits at seat {seat}, which is not at a 6-player table (seats 1 to 6)" in result.output, result.output
    assert "non-dealer" not in result.output


def test_the_cli_says_why_the_dealer_s_seat_is_refused() -> None:
    result = run("crossfire", "deal", "--players", "6", "--mode", "sniper", "--sniper", "1", "--dealer", "1",
                 "--lang", "en")  # fmt: skip
    assert result.exit_code != 0 and "the dealer sits there" in result.output, result.output
    moved = run("crossfire", "deal", "-n", "6", "--mode", "sniper", "--sniper", "1", "--dealer", "2", "--seed", "3",
                "--format", "json")  # fmt: skip
    assert moved.exit_code == 0, moved.output
    players = {p["seat"]: p for p in json.loads(moved.stdout)["players"]}
    assert players[1]["role"] == "sniper"


def test_the_form_offers_seat_one_for_the_sniper(client: Any) -> None:
    page = client.get("/crossfire?lang=en").text
    select = re.findall(r'<select id="cf-sniper-sniper" name="sniper_seat">(.*?)</select>', page, flags=re.S)
    assert select and '<option value="1">1</option>' in select[0], select


def test_the_sniper_at_seat_one_and_seat_two_deals(client: Any) -> None:
    names = {f"name_{i}": n for i, n in enumerate(["Ana", "Bo", "Cy", "Di", "Ed", "Fay"], start=1)}
    host = create(client, mode="sniper", players="6", sniper_seat="1", **names)
    deal = room_of(client, host).current.to_deal()
    assert deal.public == {1: "sniper"} and deal.dealer == 2
    page = html.unescape(client.get(host + "?lang=en").text)
    assert "Ana (seat 1) is the public Sniper" in page and "dealer Bo (seat 2)" in page


def test_the_form_refuses_a_sniper_seat_off_the_table(client: Any) -> None:
    answer = client.post("/crossfire?lang=en", data={"mode": "sniper", "players": "6", "sniper_seat": "7"})
    assert answer.status_code == 400
    assert "the Sniper's seat: 7 is not between 1 and 6" in html.unescape(answer.text)


# ---------------------------------------------------------------- 3. aiming at oneself is said first


@pytest.mark.parametrize(
    ("seat", "aim"),
    [(2, [2]), (2, [2, 3]), (3, [3, 4])],
)
def test_an_aim_at_oneself_is_said_before_the_count(tmp_path: Path, seat: int, aim: list[int]) -> None:
    roles = ["vip", "enforcer", "agent", "assassin", "assassin", "assassin", "bystander"]
    aims = {2: [3, 4], 3: [4], 4: [1], 5: [1], 6: [1]}
    aims[seat] = aim
    players = [{"seat": s, "role": r, **({"aim": aims[s]} if s in aims else {})} for s, r in enumerate(roles, 1)]
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"mode": "crossfire", "players": players}), encoding="utf-8")
    result = run("crossfire", "resolve", path, "--lang", "en")
    assert result.exit_code != 0
    assert "aims at itself; no one may point at themselves" in result.output, result.output
    assert "must point at" not in result.output
