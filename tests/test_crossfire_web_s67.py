"""Crossfire on the web (sweep 67): the moderator's aims form has the same shape for every seat (it tells no role
beside the folded list), a refused form marks and focuses its field, the host page's tables mark the player column
alike, and the Sniper is told that a shot card on a Bystander or the VIP hands red the win."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from tests.test_crossfire_web_fixes import create, room_of
from tests.web.conftest import writing_client
from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire
from toolkit.engine.crossfire_cards import role_card


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def _settings(tmp_path: Path) -> Any:
    from toolkit.web.settings import WebSettings

    return WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                       data=tmp_path / "data")  # fmt: skip


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    yield from writing_client(_settings(tmp_path))


def aim_menus(page: str) -> dict[int, int]:
    """Seat -> how many "points at" menus its row of the aims form has."""
    form = page.split('id="cf-aims-form"', 1)[1].split("</form>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", form, flags=re.S)[1:]
    counts = {}
    for number, row in enumerate(rows, start=1):
        counts[number] = len(re.findall(rf'<select id="cf-aim-{number}-\d+"', row))
    return counts


def tag(page: str, element_id: str) -> str:
    found = re.search(rf'<(?:input|select)[^>]*\bid="{element_id}"[^>]*>', page)
    assert found, element_id
    return found.group(0)


# ---------------------------------------------------------------- 1. the moderator's form tells no role


def test_the_moderator_s_crossfire_form_has_two_menus_for_every_seat(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", special=["enforcer", "bodyguard"], host="moderator")
    room = room_of(client, host)
    assert room.current is not None
    assert "enforcer" in room.current.to_deal().roles.values()
    menus = aim_menus(client.get(host + "?lang=en").text)
    assert menus == {seat: 2 for seat in range(1, 8)}


def test_the_moderator_s_sniper_form_asks_every_seat_but_the_sniper(client: Any) -> None:
    host = create(client, mode="sniper", players="6", sniper_seat="3", host="moderator")
    page = client.get(host + "?lang=en").text
    assert aim_menus(page) == {1: 1, 2: 1, 3: 0, 4: 1, 5: 1, 6: 1}


def test_the_moderator_s_extra_entries_have_no_effect_and_a_missing_gun_is_still_refused(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", special=["enforcer"], host="moderator")
    room = room_of(client, host)
    assert room.current is not None
    roles = room.current.to_deal().roles
    enforcer = next(s for s, r in roles.items() if r == "enforcer")
    both = {f"aim_{s}": [str(s % 7 + 1), str((s + 1) % 7 + 1)] for s in range(1, 8)}
    # (an Enforcer pointing at one player is taken since sweep 69; one pointing at no one is refused)
    short = dict(both, **{f"aim_{enforcer}": ["", ""]})
    refused = client.post(f"{host.replace('/crossfire/host/', '/crossfire/host/')}/resolve?lang=en", data=short)
    assert refused.status_code == 400
    assert "enter where this player pointed" in html.unescape(refused.text)
    answer = client.post(f"{host}/resolve?lang=en", data=both, follow_redirects=False)
    assert answer.status_code == 303
    room = room_of(client, host)
    assert room.current is not None and room.current.aims is not None
    for seat, role in roles.items():
        fired = room.current.aims.get(seat, [])
        assert len(fired) == max(room_game(client).roles[role].aims_crossfire), (seat, role, fired)


def room_game(client: Any) -> Any:
    from toolkit.web.routes.crossfire import game_of

    return game_of(client.app.state.web)


def test_the_moderator_s_sniper_entries_of_a_bystander_have_no_effect(client: Any) -> None:
    host = create(client, mode="sniper", players="6", sniper_seat="3", host="moderator")
    aims = {f"aim_{s}": str(s % 6 + 1) for s in (1, 2, 4, 5, 6)}
    assert client.post(f"{host}/resolve?lang=en", data=aims, follow_redirects=False).status_code == 303
    room = room_of(client, host)
    assert room.current is not None and room.current.aims is not None
    roles = room.current.to_deal().roles
    assert {s for s in room.current.aims} == {s for s, r in roles.items() if r == "assassin"}


# ---------------------------------------------------------------- 7. a refused form marks and focuses its field


def test_a_name_given_twice_marks_the_second_seat(client: Any) -> None:
    data = {"mode": "crossfire", "players": "7", "name_1": "Ana", "name_3": "ana", "host": "moderator"}
    page = client.post("/crossfire?lang=en", data=data).text
    assert 'id="cf-error"' in page
    third, first, second = tag(page, "cf-name-3"), tag(page, "cf-name-1"), tag(page, "cf-name-2")
    assert 'aria-invalid="true"' in third and "cf-error" in third and "autofocus" in third
    assert 'aria-invalid="true"' in first and "autofocus" not in first
    assert "aria-invalid" not in second


def test_an_assassin_s_missing_target_marks_its_menu(client: Any) -> None:
    host = create(client, mode="sniper", players="6", sniper_seat="3", host="moderator")
    room = room_of(client, host)
    assert room.current is not None
    assassin = min(s for s, r in room.current.to_deal().roles.items() if r == "assassin")
    refused = client.post(f"{host}/resolve?lang=en", data={})
    assert refused.status_code == 400
    menu = tag(refused.text, f"cf-aim-{assassin}-0")
    assert 'aria-invalid="true"' in menu and "cf-error" in menu and "autofocus" in menu
    assert refused.text.count('aria-invalid="true"') == 1


def test_the_host_page_s_tables_mark_the_player_column_as_row_headers(client: Any) -> None:
    host = create(client, mode="crossfire", players="5", name_1="Ana", host="moderator")
    aims = {f"aim_{s}": str(s % 5 + 1) for s in range(1, 6)}
    assert client.post(f"{host}/resolve?lang=en", data=aims, follow_redirects=False).status_code == 303
    page = client.get(host + "?lang=en").text
    outcome = page.split('id="cf-outcome-h"', 1)[1].split("</table>", 1)[0]
    scores = page.split('id="cf-scores"', 1)[1].split("</table>", 1)[0]
    for table in (outcome, scores):
        assert '<th scope="row">Ana (seat 1)</th>' in table or '<th scope="row">Ana</th>' in table, table[:600]
        assert "<tr><td>" not in table


@pytest.mark.slow
def test_the_refused_fields_take_the_focus(tmp_path: Path) -> None:
    from tests.web.conftest import in_chromium, served

    def drive(page: Any) -> None:
        page.fill("#cf-name-1", "Ana")
        page.fill("#cf-name-3", "Ana")
        page.click("#cf-deal")
        page.wait_for_selector("#cf-error")
        assert page.evaluate("document.activeElement.id") == "cf-name-3"
        assert page.get_attribute("#cf-name-3", "aria-invalid") == "true"
        page.fill("#cf-name-3", "Bo")
        page.select_option("#cf-mode", "sniper")
        page.select_option("#cf-players", "6")
        page.select_option("#cf-sniper-sniper", "3")
        page.click("#cf-deal")
        page.wait_for_selector("#cf-aims-form")
        rows = page.locator("#cf-roles tbody tr")
        assassin = None
        for i in range(rows.count()):
            cells = rows.nth(i).locator("th, td")
            if (cells.nth(1).text_content() or "").strip().startswith("Assassin"):
                assassin = i + 1
                break
        assert assassin is not None
        page.click("#cf-resolve")
        page.wait_for_selector("#cf-error")
        assert page.evaluate("document.activeElement.id") == f"cf-aim-{assassin}-0"
        assert "cf-error" in (page.get_attribute(f"#cf-aim-{assassin}-0", "aria-describedby") or "")

    with served(_settings(tmp_path)) as url:
        in_chromium(f"{url}/crossfire?lang=en", drive)


# ---------------------------------------------------------------- 8. the Sniper is told what its shot cards do


def test_the_sniper_s_card_says_a_bystander_or_the_vip_hit_hands_red_the_win(game: Crossfire) -> None:
    deal = game.deal("sniper", 7, seed=1, public_seats={"sniper": 3})
    words = ("Bystander or the VIP", "red wins")  # (the Chinese comes with the catalogue: /tmp/fix704/zh.json)
    card = role_card(game, deal, 3, None, "en")
    assert any(all(w in line for w in words) for line in card.play), card.play
    for seat in (1, 2, 4, 5, 6, 7):
        other = role_card(game, deal, seat, None, "en")
        assert not any("Bystander or the VIP" in line for line in other.play), other.play


def test_the_sniper_s_private_page_says_so_and_does_not_say_to_hide_a_public_role(client: Any) -> None:
    host = create(client, mode="sniper", players="6", sniper_seat="3", host="moderator")
    room = room_of(client, host)
    page = html.unescape(client.get(f"/crossfire/p/{room.seat_tokens[3]}?lang=en").text)
    assert re.search(r"Bystander or the VIP[^<]*red", page), page
    assert "Keep this page to yourself" not in page
    assert "public" in page.split('id="cf-keep"', 1)[1].split("</p>", 1)[0]
    other = html.unescape(client.get(f"/crossfire/p/{room.seat_tokens[1]}?lang=en").text)
    assert "Keep this page to yourself" in other


def test_the_sniper_s_slip_says_so(cli: Any, tmp_path: Path) -> None:
    pdfplumber = pytest.importorskip("pdfplumber")
    out = tmp_path / "slips.pdf"
    result = cli("crossfire", "deal", "-n", "7", "--mode", "sniper", "--sniper", "3", "--slips", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    # (two slips side by side: their lines interleave in the extracted text, so the sentence is found in its pieces)
    assert re.search(r"in front of a Bystander or\b", text) and "the VIP, red wins" in text, text[:3000]
