"""Crossfire on the web (sweep 72): a table plays the house rules of RULINGS C3 and C6 its host chose on the create
form (stored with the room, passed to the resolution as `dossier crossfire resolve` reads a table's "options", told
on the host page and on every private page), and the host page brackets its asides the way its language does."""

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
from toolkit.web.crossfire_rooms import Room

LOST = "protection_lost_when_hit"
COUNTS = "protester_counts_as_bystander"


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    from toolkit.web.settings import WebSettings

    yield from writing_client(WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                                          data=tmp_path / "data"))  # fmt: skip


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def checkbox(page: str, element_id: str) -> str:
    found = re.search(rf'<input[^>]*\bid="{element_id}"[^>]*>', page)
    assert found, element_id
    return found.group(0)


def seats_of(room: Room) -> dict[str, list[int]]:
    assert room.current is not None
    by_role: dict[str, list[int]] = {}
    for seat, role in sorted(room.current.to_deal().roles.items()):
        by_role.setdefault(role, []).append(seat)
    return by_role


def team_of(client: Any, host: str) -> str:
    found = re.search(r'<p id="cf-team" class="cf-team-(\w+)">', client.get(host + "?lang=en").text)
    assert found, "no outcome on the host page"
    return found.group(1)


# ---------------------------------------------------------------- 1. the house rules of a table


def test_the_create_form_offers_both_house_rules_with_each_mode_s_defaults(client: Any) -> None:
    """Before the fix the form had no such field. The defaults are the mode records' (RULINGS C3: off; C6: on)."""
    page = client.get("/crossfire?lang=en").text
    for mode in ("crossfire", "sniper"):
        lost, counts = checkbox(page, f"cf-option-{mode}-{LOST}"), checkbox(page, f"cf-option-{mode}-{COUNTS}")
        assert 'type="checkbox"' in lost and " checked" not in lost, lost
        assert 'type="checkbox"' in counts and " checked" in counts, counts
    words = text_of(page)
    assert "A protector who is hit protects no one afterwards" in words
    assert "The Protester and the Supporter count as Bystanders" in words
    chinese = text_of(client.get("/crossfire?lang=zh-Hans").text)
    assert "被击中的保护者此后不再保护任何人" in chinese and "抗议者和支持者算作旁观者" in chinese


def test_a_table_without_house_rule_fields_plays_the_mode_s_defaults(client: Any) -> None:
    """A post without the form's house-rule fields (an older form, a script) gets the rulings' defaults, as the CLI
    does for a table without "options"; a form that shows them and leaves a box unticked turns that rule off."""
    room = room_of(client, create(client, mode="crossfire", players="7", host="moderator"))
    assert room.options == {LOST: False, COUNTS: True}
    shown = {"house_rules": "crossfire", "option_crossfire": [LOST]}
    room = room_of(client, create(client, mode="crossfire", players="7", host="moderator", **shown))
    assert room.options == {LOST: True, COUNTS: False}
    # the boxes of the mode not chosen say nothing of this table
    other = {"house_rules": ["sniper", "crossfire"], "option_sniper": [LOST], "option_crossfire": [COUNTS]}
    room = room_of(client, create(client, mode="crossfire", players="7", host="moderator", **other))
    assert room.options == {LOST: False, COUNTS: True}


def _protector_hit(client: Any, **options: Any) -> str:
    """The table of cases/plh_on.json: the Agent hits the Bodyguard, who protects the VIP, at whom one Assassin
    fires. The team that wins."""
    host = create(client, mode="crossfire", players="7", special=["bodyguard"], host="moderator", **options)
    seats = seats_of(room_of(client, host))
    (vip,), (guard,), (agent,), (first, second) = seats["vip"], seats["bodyguard"], seats["agent"], seats["assassin"]
    aims = {f"aim_{guard}": str(vip), f"aim_{agent}": str(guard), f"aim_{first}": str(vip),
            f"aim_{second}": str(seats["decoy"][0])}  # fmt: skip
    answer = client.post(f"{host}/resolve?lang=en", data=aims, follow_redirects=False)
    assert answer.status_code == 303, text_of(answer.text)[:800]
    return team_of(client, host)


def test_protection_lost_when_hit_chosen_on_the_form_decides_the_round_as_the_cli_does(client: Any) -> None:
    """`dossier crossfire resolve cases/plh_on.json`: Red team (the VIP shot); without the rule: Blue team. Before
    the fix the web table played the default whatever the host wanted: Blue team both times."""
    on = {"house_rules": "crossfire", "option_crossfire": [LOST, COUNTS]}
    assert _protector_hit(client, **on) == "red"
    assert _protector_hit(client) == "blue"


def _shot_card_on_the_protester(client: Any, **options: Any) -> str:
    """Sniper mode: the Sniper's only shot card is in front of the Protester; the Assassins fire at others than
    the VIP if they fire. The team that wins."""
    host = create(client, mode="sniper", players="7", special=["protester"], sniper_seat="1", host="moderator",
                  **options)  # fmt: skip
    seats = seats_of(room_of(client, host))
    first, second = seats["assassin"]
    aims = {f"aim_{first}": str(seats["agent"][0]), f"aim_{second}": str(seats["blue_decoy"][0])}
    answer = client.post(f"{host}/resolve?lang=en", data={**aims, "mark": str(seats["protester"][0])},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303, text_of(answer.text)[:800]
    return team_of(client, host)


def test_protester_counts_as_bystander_turned_off_on_the_form_lets_the_assassins_fire(client: Any) -> None:
    """RULINGS C6 off: a shot card on the Protester hits no Bystander, the Assassins fire and miss the VIP: blue.
    With the default the Sniper hit a Bystander: red. Before the fix: red both times."""
    assert _shot_card_on_the_protester(client) == "red"
    assert _shot_card_on_the_protester(client, house_rules="sniper") == "blue"


def test_a_moderator_is_asked_for_the_assassins_targets_when_the_rule_is_off(client: Any) -> None:
    """With C6 off the shot card on the Protester decides nothing, so the Assassins reveal and point: the form asks
    for their targets in its own words (before the fix the check took the mode's default and let the engine refuse
    the table in its words, or took the round as decided)."""
    host = create(client, mode="sniper", players="7", special=["protester"], sniper_seat="1", host="moderator",
                  house_rules="sniper")  # fmt: skip
    seats = seats_of(room_of(client, host))
    answer = client.post(f"{host}/resolve?lang=en", data={"mark": str(seats["protester"][0])})
    assert answer.status_code == 400
    assert "an Assassin without a shot card reveals and points: enter their target" in text_of(answer.text)
    assert "Seat " in text_of(answer.text) and "/players" not in answer.text


def test_the_host_page_and_every_private_page_state_the_table_s_house_rules(client: Any) -> None:
    """Before the fix no page said which house rules the table plays. A page states the rules the set-up gives a
    say (a protector, a Protester), so it names no role the table was not told of."""
    host = create(client, mode="crossfire", players="7", special=["bodyguard", "protester"], host="moderator",
                  house_rules="crossfire", option_crossfire=[LOST])  # fmt: skip
    room = room_of(client, host)
    told = ["House rules", "A protector who is hit protects no one afterwards.",
            "The Protester and the Supporter do not count as Bystanders."]  # fmt: skip
    page = text_of(client.get(host + "?lang=en").text)
    assert all(line in page for line in told), page
    for seat in (2, 5):
        private = text_of(client.get(f"/crossfire/p/{room.seat_tokens[seat]}?lang=en").text)
        assert all(line in private for line in told), private
    defaults = room_of(client, create(client, mode="crossfire", players="7", special=["bodyguard", "protester"]))
    private = text_of(client.get(f"/crossfire/p/{defaults.seat_tokens[1]}?lang=zh-Hans").text)
    assert "即使保护者被击中，保护仍然有效。" in private and "抗议者和支持者算作旁观者。" in private
    guarded = room_of(client, create(client, mode="crossfire", players="7", special=["bodyguard"]))
    private = text_of(client.get(f"/crossfire/p/{guarded.seat_tokens[1]}?lang=en").text)
    assert "A protector's protection holds even if the protector is hit." in private
    assert "Protester" not in private and "Supporter" not in private
    plain = room_of(client, create(client, mode="crossfire", players="7"))
    assert "House rules" not in text_of(client.get(f"/crossfire/p/{plain.seat_tokens[1]}?lang=en").text)


def test_a_refused_form_keeps_the_house_rules_as_ticked(client: Any) -> None:
    data = {"mode": "crossfire", "players": "7", "name_1": "Ana", "name_2": "ana", "house_rules": "crossfire",
            "option_crossfire": [LOST]}  # fmt: skip
    page = client.post("/crossfire?lang=en", data=data).text
    assert 'id="cf-error"' in page
    assert " checked" in checkbox(page, f"cf-option-crossfire-{LOST}")
    assert " checked" not in checkbox(page, f"cf-option-crossfire-{COUNTS}")


def test_a_room_stored_before_house_rules_still_loads_and_plays_the_defaults(game: Crossfire, tmp_path: Path) -> None:
    from toolkit.web.crossfire_rooms import RoomStore

    store = RoomStore(tmp_path)
    room = store.create(game, "crossfire", 7, {}, ["bodyguard"], seed=3, options={LOST: True})
    assert room.options == {LOST: True, COUNTS: True}
    stored = room.to_json()
    assert stored["options"] == {LOST: True, COUNTS: True}
    assert Room.from_json(stored).options == room.options
    del stored["options"]  # a room saved before this field
    old = Room.from_json(stored)
    assert old.options == {}
    assert old.current is not None
    assert "options" not in old.current.table(old.names, old.options)  # the mode's own rules, as before
    assert room.current is not None
    assert room.current.table(room.names, room.options)["options"] == {LOST: True, COUNTS: True}


# ---------------------------------------------------------------- 2. brackets in the page's language


def test_the_chinese_host_page_brackets_its_asides_in_full_width(client: Any) -> None:
    """Before the fix: ``狙击手 <span …>(公开)</span>`` and ``Ana（1 号座位） (你的座位)``."""
    plays = create(client, mode="sniper", players="6", sniper_seat="1", host="plays", host_seat="1", name_1="Ana")
    assert 'Ana（1 号座位）<span class="muted small">（你的座位）</span>' in client.get(plays + "?lang=zh-Hans").text
    assert 'Ana (seat 1)<span class="muted small"> (your seat)</span>' in client.get(plays + "?lang=en").text
    moderated = create(client, mode="sniper", players="6", sniper_seat="1", host="moderator")
    chinese = client.get(moderated + "?lang=zh-Hans").text
    assert '<td>狙击手<span class="muted small">（公开）</span></td>' in chinese
    assert "(公开)" not in chinese and "(你的座位)" not in chinese
    assert '<td>Sniper<span class="muted small"> (public)</span></td>' in client.get(moderated + "?lang=en").text
