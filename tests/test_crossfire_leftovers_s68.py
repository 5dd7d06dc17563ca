"""Crossfire leftovers (sweep 68): the public Sniper's slip is not told to stay folded; the web reference says the
moderator's aims form asks the same of every seat; a role text with more guns than a role may hold is told what
the rules allow (not a value the schema refuses); the end of a round on the web says who won and why, seat by seat.

The Chinese of this sweep's new messages comes with the catalogue (/tmp/fix708/zh.json); the Chinese checked here
is what the catalogue holds already (role texts, teams, the moderator's script)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from tests.test_crossfire_web_fixes import create, room_of
from tests.test_crossfire_web_s67 import _settings
from tests.web.conftest import writing_client
from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire
from toolkit.engine.crossfire_cards import role_card, role_cards
from toolkit.i18n import use_lang
from toolkit.models.crossfire import CrossfireRole
from validators.crossfire_lint import role_field_problems

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


# ---------------------------------------------------------------- 1. the Sniper's slip


def test_the_public_sniper_s_card_tells_it_to_lay_the_slip_face_up(game: Crossfire) -> None:
    deal = game.deal("sniper", 7, seed=1, public_seats={"sniper": 3})
    sniper = role_card(game, deal, 3, None, "en")
    assert sniper.role == "Sniper"
    for key in ("keep", "fold"):
        assert "fold" not in sniper.labels[key].replace("Do not fold", ""), sniper.labels[key]
        assert "where no one else can see" not in sniper.labels[key]
    assert "face up in front of you" in sniper.labels["keep"]
    assert sniper.labels["fold"].startswith("Do not fold")
    for seat in (1, 2, 4, 5, 6, 7):  # the dealt roles stay secret
        other = role_card(game, deal, seat, None, "en")
        assert other.labels["keep"].startswith("Keep folded"), other.labels["keep"]
        assert "Open it only where no one else can see" in other.labels["fold"]


def test_a_card_s_words_are_not_shared_with_the_public_card(game: Crossfire) -> None:
    deal = game.deal("sniper", 7, seed=1, public_seats={"sniper": 3})
    cards = role_cards(game, deal, {}, "en")
    assert cards[2].labels["keep"] != cards[0].labels["keep"]
    assert role_card(game, deal, 1, None, "en").labels["keep"].startswith("Keep folded")  # (no dict changed in place)


def _cell_text(page: Any, index: int) -> str:
    from toolkit.sheets.slips import A4, COLUMNS, MARGIN, ROWS

    w, h = (A4[0] - 2 * MARGIN) / COLUMNS, (A4[1] - 2 * MARGIN) / ROWS
    row, column = divmod(index, COLUMNS)
    box = (MARGIN + column * w, MARGIN + row * h, MARGIN + (column + 1) * w, MARGIN + (row + 1) * h)
    return " ".join((page.crop(box).extract_text() or "").split())


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_sniper_s_printed_slip_is_not_told_to_stay_folded(cli: Any, tmp_path: Path, lang: str) -> None:
    pdfplumber = pytest.importorskip("pdfplumber")
    out = tmp_path / "slips.pdf"
    result = cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--sniper", "3", "--seed", "1", "--slips", out,
                 "--lang", lang)  # fmt: skip
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        sniper, other = _cell_text(page, 2), _cell_text(page, 0)
    secret = "Keep folded" if lang == "en" else "请保持折叠"
    assert ("Sniper" if lang == "en" else "狙击手") in sniper
    assert secret not in sniper, sniper
    assert ("where no one else can see" if lang == "en" else "只在别人看不到时打开") not in sniper, sniper
    assert secret in other, other  # a dealt role's slip still is
    if lang == "en":
        assert "face up in front of you" in sniper and "Do not fold" in sniper, sniper


# ---------------------------------------------------------------- 2. the reference: the moderator's form


def test_the_web_reference_says_the_moderator_s_form_asks_the_same_of_every_seat() -> None:
    en = " ".join((ROOT / "docs/reference/web.md").read_text(encoding="utf-8").split())
    zh = "".join((ROOT / "docs/reference/web.zh.md").read_text(encoding="utf-8").split())
    said = re.search(r"only moderates \(the default: the host page holds every role, folded away, and its aims form "
                     r"has the same menus for every seat", en)  # fmt: skip
    assert said, "the moderator's form is not described"
    assert "who holds two guns" in en.split("only moderates", 1)[1].split("or plays too", 1)[0]
    assert "who the Assassins are" in en.split("only moderates", 1)[1].split("or plays too", 1)[0]
    moderator = zh.split("主持人要么只主持", 1)[1].split("要么也参与游戏", 1)[0]
    assert "指向表单为每个座位列出同样的菜单" in moderator, moderator
    assert "谁持有两把枪" in moderator and "谁是刺客" in moderator, moderator


# ---------------------------------------------------------------- 3. more guns than a role may hold


def _enforcer(guns_text: int, guns: int = 2) -> CrossfireRole:
    data = json.loads((CARDS / "crossfire/roles/enforcer.json").read_text(encoding="utf-8"))
    data["guns"] = guns
    data["text"][1] = f"你有 {guns_text} 把枪：你可以同时指向 {guns_text} 名不同的玩家，各射 1 发。"
    return CrossfireRole.model_validate(data)


def test_the_schema_the_model_and_the_check_agree_on_the_most_guns() -> None:
    from validators.crossfire_lint import most_guns

    schema = json.loads((ROOT / "schema/crossfire/role.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["guns"]["maximum"] == most_guns() == 2
    with pytest.raises(ValueError):
        _enforcer(2, guns=most_guns() + 1)


@pytest.mark.parametrize("guns", [3, 5])
def test_a_text_with_more_guns_than_a_role_holds_is_told_what_the_rules_allow(guns: int) -> None:
    with use_lang("en"):
        found = role_field_problems(_enforcer(guns), "'enforcer'")
    assert len(found) == 1, found
    pointer, message = found[0]
    assert pointer == "/text/1"  # the text is what is wrong: guns cannot say it
    assert f"should be {guns}" not in message and "guns should be" not in message, message
    assert f"你有 {guns} 把枪" in message
    assert "at most 2 guns" in message and "Enforcer" in message, message
    with use_lang("en"):  # a text within the rules, with a field that says otherwise, is told as before
        fitting = dict(role_field_problems(_enforcer(2, guns=1), "'enforcer'"))
    assert fitting["/guns"].endswith("guns should be 2"), fitting


@pytest.mark.lang_default
def test_the_most_guns_message_in_chinese(cli: Any, tmp_path: Path) -> None:
    import shutil

    shutil.copytree(CARDS / "crossfire", tmp_path / "crossfire")
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    role = tmp_path / "crossfire/roles/enforcer.json"
    data = json.loads(role.read_text(encoding="utf-8"))
    data["text"][1] = "你有 3 把枪：你可以同时指向 3 名不同的玩家，各射 1 发。"
    role.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = cli("lint", tmp_path / "crossfire")
    assert result.exit_code == 1
    line = next(x for x in result.output.splitlines() if "card.role.field" in x)
    assert "guns 应为 3" not in line, line
    assert "enforcer.json:" in line and "你有 3 把枪" in line


# ---------------------------------------------------------------- 4. the end of a round on the web


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    yield from writing_client(_settings(tmp_path))


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _rows(page: str) -> dict[str, list[str]]:
    """The outcome's table of players: the row header (the player) -> the cells' text."""
    table = page.split('id="cf-outcome-seats"', 1)[1].split("</table>", 1)[0]
    rows: dict[str, list[str]] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>", 1)[1], flags=re.S):
        head = re.search(r'<th scope="row">(.*?)</th>', row, flags=re.S)
        assert head, row
        rows[_text(head.group(1))] = [_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
    return rows


def _shoot_the_vip(client: Any, host: str) -> tuple[dict[int, str], dict[str, list[str]]]:
    """Every Agent shoots the Bystander, every Assassin the VIP, everyone else points at the next seat: red wins,
    the Agents lose by their own text, the Decoy is not hit."""
    room = room_of(client, host)
    assert room.current is not None
    roles = room.current.to_deal().roles
    vip = next(s for s, r in roles.items() if r == "vip")
    bystander = next(s for s, r in roles.items() if r == "bystander")
    aims = {}
    for seat, role in roles.items():
        target = {"agent": bystander, "assassin": vip}.get(role, seat % len(roles) + 1)
        aims[f"aim_{seat}"] = str(target)
    answer = client.post(f"{host}/resolve?lang=en", data=aims, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:400]
    return roles, aims


def test_the_end_of_a_round_says_who_won_why_and_every_seat_s_shots(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", host="moderator")
    roles, aims = _shoot_the_vip(client, host)
    page = client.get(host + "?lang=en").text
    outcome = page.split('id="outcome"', 1)[1].split("</section>", 1)[0]
    why = _text(outcome.split('id="cf-why"', 1)[1].split("</ul>", 1)[0])
    assert "The VIP is hit: Red team wins" in why, why  # (the script's line, begun with a capital)
    assert "Blue team loses" in why, why
    # a heading for the players' table, a caption-like label, and row headers
    assert re.search(r'<h3 id="cf-seats-h">Every player</h3>', outcome), outcome[:2000]
    assert 'aria-labelledby="cf-seats-h"' in outcome
    head = _text(outcome.split('id="cf-outcome-seats"', 1)[1].split("</thead>", 1)[0])
    for column in ("Player", "Role", "Team", "Points at", "Hit", "Result", "Why"):
        assert column in head, head
    rows = _rows(outcome)
    assert len(rows) == 7
    names = {"vip": "VIP", "agent": "Agent", "assassin": "Assassin", "decoy": "Decoy", "bystander": "Bystander"}
    vip = next(s for s, r in roles.items() if r == "vip")
    for seat, role in roles.items():
        role_cell, team, points, hit, result, reasons = rows[f"Seat {seat}"]
        assert role_cell == names[role]
        target = f"Seat {aims[f'aim_{seat}']}"
        assert target in points, (seat, role, points)
        if role in ("vip", "decoy", "bystander"):
            assert "unarmed: no effect" in points, points
        if role == "agent":
            assert team == "Blue team" and result == "loses"
            assert 'Met: "If you hit a Bystander, you lose."' in reasons, reasons
            assert 'Not met: "If the blue team wins, you win."' in reasons, reasons
        if role == "assassin":
            assert team == "Red team" and result == "wins"
            assert 'Met: "If the red team wins, you win."' in reasons, reasons
        if role == "decoy":
            assert team == "No team" and result == "loses" and hit == "not hit"
            assert 'Not met: "If you are hit, you win."' in reasons, reasons
        if role == "vip":
            assert hit.startswith("hit by ") and result == "loses"
    assert all(f"Seat {s}" in rows[f"Seat {vip}"][3] for s, r in roles.items() if r == "assassin")


@pytest.mark.lang_default
def test_the_end_of_a_round_in_chinese(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", host="moderator")
    roles, _aims = _shoot_the_vip(client, host)
    page = client.get(host + "?lang=zh-Hans").text
    outcome = page.split('id="outcome"', 1)[1].split("</section>", 1)[0]
    assert "VIP 被击中：红队获胜" in _text(outcome.split('id="cf-why"', 1)[1].split("</ul>", 1)[0])
    rows = _rows(outcome)
    for seat, role in roles.items():
        cells = rows[f"{seat} 号座位"]
        if role == "agent":
            assert cells[0] == "特工" and cells[1] == "蓝队" and cells[4] == "负"
            assert "如果你击中旁观者，你落败。" in cells[5] and "如果蓝队获胜，你获胜。" in cells[5], cells
        if role == "assassin":
            assert cells[1] == "红队" and cells[4] == "胜" and "如果红队获胜，你获胜。" in cells[5]


def test_the_end_of_a_sniper_round_names_the_shot_cards(client: Any) -> None:
    host = create(client, mode="sniper", players="6", sniper_seat="3", host="moderator")
    room = room_of(client, host)
    assert room.current is not None
    roles = room.current.to_deal().roles
    assassins = sorted(s for s, r in roles.items() if r == "assassin")
    data = {"mark": [str(s) for s in assassins]}  # every Assassin hit: blue wins at once
    assert client.post(f"{host}/resolve?lang=en", data=data, follow_redirects=False).status_code == 303
    page = client.get(host + "?lang=en").text
    outcome = page.split('id="outcome"', 1)[1].split("</section>", 1)[0]
    assert "Every Assassin is hit: Blue team wins" in _text(outcome.split('id="cf-why"', 1)[1].split("</ul>", 1)[0])
    rows = _rows(outcome)
    sniper = rows["Seat 3"]
    assert sniper[0] == "Sniper" and sniper[4] == "wins"
    assert all(f"Seat {s}" in sniper[2] for s in assassins) and "shot cards" in sniper[2], sniper
    for seat in assassins:
        assert rows[f"Seat {seat}"][3] == "hit by Seat 3"


def test_a_protected_player_s_row_says_whose_bullet_was_cancelled(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", special=["bodyguard"], host="moderator")
    room = room_of(client, host)
    assert room.current is not None
    roles = room.current.to_deal().roles
    vip = next(s for s, r in roles.items() if r == "vip")
    guard = next(s for s, r in roles.items() if r == "bodyguard")
    aims = {f"aim_{s}": str(vip if r in ("assassin", "bodyguard") else (s % 7 + 1 if s % 7 + 1 != vip else (s + 1) % 7 + 1))
            for s, r in roles.items()}  # fmt: skip
    assert client.post(f"{host}/resolve?lang=en", data=aims, follow_redirects=False).status_code == 303
    rows = _rows(client.get(host + "?lang=en").text.split('id="outcome"', 1)[1])
    assert rows[f"Seat {guard}"][2] == f"protects Seat {vip}"
    assert f"protected by Seat {guard} against the bullet of" in rows[f"Seat {vip}"][3], rows[f"Seat {vip}"]


def test_nothing_of_the_end_shows_before_it(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", host="plays", host_seat="2")
    page = client.get(host + "?lang=en").text
    assert 'id="outcome"' not in page and 'id="cf-outcome-seats"' not in page and 'id="cf-why"' not in page
    room = room_of(client, host)
    assert room.current is not None
    for role in set(room.current.to_deal().roles.values()):
        name = {"vip": "VIP", "agent": "Agent", "assassin": "Assassin", "decoy": "Decoy", "bystander": "Bystander"}
        assert f"<td>{name[role]}</td>" not in page
    _shoot_the_vip(client, host)
    after = client.get(host + "?lang=en").text
    assert 'id="cf-outcome-seats"' in after  # the outcome turns every card


def _table(game: Crossfire, roles: dict[int, str], aims: dict[int, list[int]], mode: str = "crossfire") -> Any:
    data = {"mode": mode, "players": [{"seat": s, "role": r, "aim": aims.get(s, [])} for s, r in roles.items()]}
    return game.table(data)


def _report(game: Crossfire, roles: dict[int, str], aims: dict[int, list[int]]) -> dict[int, tuple[str, list[str]]]:
    from toolkit.engine.crossfire import aims_line, why_lines

    table = _table(game, roles, aims)
    outcome = game.resolve(table)

    def who(seat: int) -> str:
        return f"Seat {seat}"

    return {
        r.seat: (aims_line(r, who, "en"), why_lines(r, who, "en", game.records, roles))
        for r in game.report(table, outcome)
    }


def test_a_protester_s_text_is_why_its_shooter_lost(game: Crossfire) -> None:
    roles = {1: "vip", 2: "agent", 3: "assassin", 4: "assassin", 5: "agent", 6: "decoy", 7: "protester"}
    aims = {1: [2], 2: [7], 3: [1], 4: [1], 5: [3], 6: [1], 7: [1]}
    report = _report(game, roles, aims)
    assert report[2][1] == [
        'Met: "If you hit a Bystander, you lose."',  # (the Protester counts as a Bystander: RULINGS C6)
        'Not met: "If the blue team wins, you win."',
        'hit Seat 7 (Protester): "If you are hit, the player who hit you loses."',
    ]
    assert report[3][0] == "Seat 1 (hit by an Agent first: did not fire)"  # RULINGS C2
    assert report[4] == ("Seat 1", ['Met: "If the red team wins, you win."'])
    assert report[7][0] == "Seat 1 (unarmed: no effect)"


def test_a_bomber_who_won_alone_is_why_everyone_else_lost(game: Crossfire) -> None:
    roles = {1: "vip", 2: "agent", 3: "assassin", 4: "assassin", 5: "agent", 6: "decoy", 7: "bomber"}
    aims = {1: [2], 2: [3], 3: [5], 4: [5], 5: [4], 6: [1], 7: [1]}
    report = _report(game, roles, aims)
    assert report[7][1] == ['Met: "If you are not hit, you alone win and every other player loses."']
    for seat in range(1, 7):
        assert report[seat][1][-1] == "the Bomber at Seat 7 wins alone and every other player loses", report[seat]
    assert 'Met: "If the blue team wins, you win."' in report[2][1]  # the team won, and lost with everyone else


def test_the_web_reference_describes_the_end_of_a_round() -> None:
    en = " ".join((ROOT / "docs/reference/web.md").read_text(encoding="utf-8").split())
    zh = "".join((ROOT / "docs/reference/web.zh.md").read_text(encoding="utf-8").split())
    assert "a table of every player (its row headers are the players)" in en
    assert "None of it is on the page before the round is resolved" in en
    assert "每位玩家的表格（行标题是玩家）" in zh and "一局结算之前，页面上没有其中任何内容" in zh
