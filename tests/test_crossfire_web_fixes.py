"""Crossfire on the web: a host who plays learns no role from a refusal (sniper mode too), the moderator's refusals
say it in the form's words, the "opened" marks start again each round, the forms offer only what the rules allow
(no shot card before the Sniper, only the player counts of the mode), the Sniper saw no card."""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from tests.web.conftest import BASE, writing_client
from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, TableError
from toolkit.i18n import use_lang
from toolkit.web.crossfire_rooms import Room, RoomError, RoomStore, in_form_terms


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RoomStore:
    """A store that keeps its rooms in memory only (thousands of trial resolutions write no file)."""
    rooms = RoomStore(tmp_path)
    monkeypatch.setattr(rooms, "save", lambda room: None)
    return rooms


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """A TestClient of the app over the bundled cards whose writes pass the same-site checks."""
    from toolkit.web.settings import WebSettings

    yield from writing_client(WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                                          data=tmp_path / "data"))  # fmt: skip


def create(client: Any, **data: Any) -> str:
    """A new table through the form; the host page's path."""
    answer = client.post("/crossfire?lang=en", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return "/" + str(answer.headers["location"]).split("/", 3)[3]


def room_of(client: Any, host: str) -> Room:
    from toolkit.web.routes.crossfire import rooms

    room = rooms(client.app.state.web).host(host.rsplit("/", 1)[1])
    assert room is not None and room.current is not None
    return room


def error_of(page: str) -> str:
    found = re.findall(r'id="cf-error">(.*?)</p>', page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found[0])) if found else ""


# ---------------------------------------------------------------- 1. a host who plays learns no role from a refusal


def _answer(game: Crossfire, store: RoomStore, room: Room, aims: dict[int, list[int]], marks: list[int]) -> str:
    """What the host who plays is told: the refusal, else "resolved" (the round is opened again for the next try)."""
    try:
        store.resolve(game, room, aims, marks, str)
    except RoomError as exc:
        return exc.message
    assert room.current is not None
    room.current.outcome = None
    return "resolved"


def _entries(players: int, public: set[int], guns: int) -> list[tuple[dict[int, list[int]], list[int]]]:
    """Aims and shot cards a host may send: nothing, every seat but one, every seat, shot cards with and without the
    others' targets, too many shot cards, one in front of the Sniper, a second aim at one player, an aim at oneself."""
    seats = [s for s in range(1, players + 1) if s not in public]

    def aim(seat: int) -> list[int]:
        return [(seat + k) % players + 1 for k in range(guns)]

    everyone = {s: aim(s) for s in seats}
    cases: list[tuple[dict[int, list[int]], list[int]]] = [({}, []), (everyone, [])]
    cases += [({s: a for s, a in everyone.items() if s != left}, []) for left in seats]
    cases += [({s: aim(s)[:1] for s in seats}, [])]
    cases += [({seats[0]: [seats[1], seats[1]]}, []), ({seats[0]: [seats[0]]}, [])]
    if public:  # sniper mode: the shot cards
        for marks in itertools.chain(itertools.combinations(seats, 1), itertools.combinations(seats, 2)):
            cases.append(({}, list(marks)))
            cases.append(({s: a for s, a in everyone.items() if s not in marks}, list(marks)))
            cases.append(({s: a for s, a in everyone.items() if s not in marks[1:]}, list(marks[:1])))
        cases += [(everyone, seats[:3]), (everyone, [next(iter(public))])]
    return cases


@pytest.mark.parametrize(
    ("mode", "players", "specials"),
    [("sniper", 7, ()), ("sniper", 6, ()), ("crossfire", 7, ("enforcer",)), ("crossfire", 6, ())],
)
@pytest.mark.slow
def test_a_host_who_plays_is_told_the_same_whoever_holds_which_role(
    game: Crossfire, store: RoomStore, mode: str, players: int, specials: tuple[str, ...]
) -> None:
    """Every way to deal the secret roles to the seats gets the same refusals: before the fix, at a sniper table,
    "Seat 2 is an Assassin without a shot card, who reveals and points" named the Assassins one by one."""
    with use_lang("en"):
        room = store.create(game, mode, players, {}, list(specials), seed=3, host_plays=True)
        assert room.current is not None
        deal = room.current.to_deal()
        public = set(deal.public)
        secret = [p for p in room.current.deal["players"] if int(p["seat"]) not in public]
        guns = 2 if specials else 1
        cases = _entries(players, public, guns)
        seen: dict[int, str] = {}
        assignments = sorted(set(itertools.permutations(str(p["role"]) for p in secret)))
        for roles in assignments[:: max(1, len(assignments) // 240)]:
            for player, role in zip(secret, roles, strict=True):
                player["role"] = role
            for i, (aims, marks) in enumerate(cases):
                told = _answer(game, store, room, aims, marks)
                if told != "resolved":
                    assert not re.search(r"\((assassin|vip|agent|bystander|decoy|enforcer)|is an", told, re.I), told
                assert seen.setdefault(i, told) == told, (roles, aims, marks)
        assert "resolved" in seen.values() and len(set(seen.values())) > 3  # the cases do reach both answers


def test_the_playing_host_s_sniper_form_asks_every_seat_without_a_shot_card(game: Crossfire, store: RoomStore) -> None:
    with use_lang("en"):
        room = store.create(game, "sniper", 7, {}, [], seed=1, host_plays=True)
        assert room.current is not None
        deal = room.current.to_deal()
        first = min(s for s in range(1, 8) if s not in deal.public)
        with pytest.raises(RoomError, match=rf"^Seat {first}: enter a target for every player without a shot card"):
            store.resolve(game, room, {}, [], str)
        vip = next(s for s, r in deal.roles.items() if r == "vip")
        others = {s: [vip if s != vip else s % 7 + 1] for s in range(1, 8) if s not in deal.public and s != vip}
        done = store.resolve(game, room, others, [vip], str)  # the shot cards decided: the targets have no effect
        assert done.outcome is not None and done.outcome["team"] == "red"
        assert done.aims == {s: a for s, a in others.items() if deal.roles[s] == "assassin"}


# ---------------------------------------------------------------- 4. the moderator's refusals in the form's words


@pytest.mark.parametrize(
    ("lang", "aims", "marks", "expected"),
    [
        ("en", {1: [1]}, [], "Ana points at themselves; no one may"),
        ("zh-Hans", {1: [1]}, [], "Ana指向了自己；任何人都不可以"),
        # (two aims at one player are refused of the Enforcer only, since sweep 69: tests/test_crossfire_s69.py; a
        # left hand at oneself is refused of anyone)
        ("en", {1: [2, 1]}, [], "Ana points at themselves; no one may"),
        ("en", {}, [1, 2, 4], "3 shot cards, but the Sniper holds 2 (one per Assassin)"),
    ],
)
def test_the_moderator_is_told_in_the_form_s_words(
    game: Crossfire, store: RoomStore, lang: str, aims: dict[int, list[int]], marks: list[int], expected: str
) -> None:
    """Before the fix: "round 1: /players/0/aim: seat 1 (VIP) aims at itself…" (zh "第 1 轮: /players/0/aim：…")."""
    with use_lang(lang):
        room = store.create(game, "sniper" if marks else "crossfire", 7, {1: "Ana"}, [], seed=1, sniper_seat=3)
        everyone = {s: [s % 7 + 1] for s in range(1, 8)}
        with pytest.raises(RoomError) as refused:
            store.resolve(game, room, {**everyone, **aims} if not marks else aims, marks, str)
        assert refused.value.message == expected


def test_an_engine_refusal_loses_its_pointer_and_names_the_seat_as_the_form_does(game: Crossfire) -> None:
    """What the checks before the engine's leave to it (a changed pool, say) is said as the form says it."""
    from toolkit.i18n import name_of

    room = Room(id="0" * 16, host_token="h" * 24, seat_tokens={}, mode="crossfire", players=7, names={2: "Bo"},
                specials=[])  # fmt: skip
    roles = game.deal("crossfire", 7, seed=1).roles
    table: dict[str, Any] = {
        "mode": "crossfire",
        "players": [{"seat": s, "role": r, "aim": [s % 7 + 1]} for s, r in roles.items()],
    }
    table["players"][1]["aim"] = [3, 4]  # seat 2 points twice
    en, zh = (name_of(game.records[roles[2]], lang) for lang in ("en", "zh-Hans"))
    for lang, moderator, plays in [
        ("en", f"round 1: Bo ({en}) points at 2 players and must point at ", "round 1: Bo points at 2 players"),
        ("zh-Hans", f"第 1 轮：Bo（{zh}）指向了 2 名玩家", "第 1 轮：Bo指向了 2 名"),
    ]:
        with use_lang(lang):
            try:
                game.table(table, "round 1" if lang == "en" else "第 1 轮")
            except TableError as exc:
                message = exc.message
            else:
                raise AssertionError("the engine took a player who points at two")
            assert "/players/1/aim" in message  # the engine's words, for a table file
            shown = in_form_terms(game, room, message, lambda role, lang=lang: name_of(game.records[role], lang))
            assert shown.startswith(moderator) and "/players" not in shown, shown
            assert in_form_terms(game, room, message).startswith(plays)


def test_the_moderator_s_page_says_it_without_a_pointer(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", name_1="Ana")
    data = {f"aim_{s}": str(s % 7 + 1) for s in range(2, 8)} | {"aim_1": "1"}
    for lang, expected in [
        ("en", "Ana points at themselves; no one may"),
        ("zh-Hans", "Ana指向了自己；任何人都不可以"),
    ]:
        refused = client.post(f"{host}/resolve?lang={lang}", data=data)
        assert refused.status_code == 400 and error_of(refused.text) == expected


def test_a_host_who_plays_cannot_open_a_resolved_round_again(client: Any) -> None:
    """The outcome shows every role: a host who plays who could open the round again would play it knowing them
    (resolve with made-up aims, read the roles, then place the shot cards). A moderator may correct the aims."""
    for plays, kept in (("plays", False), ("moderator", True)):
        host = create(client, mode="crossfire", players="7", host=plays)
        aims = {f"aim_{s}": str(s % 7 + 1) for s in range(1, 8)}
        assert client.post(host + "/resolve", data=aims, follow_redirects=False).status_code == 303
        page = client.get(host + "?lang=en").text
        assert ('id="cf-reopen"' in page) is kept
        answer = client.post(host + "/reopen?lang=en", follow_redirects=False)
        if kept:
            assert answer.status_code == 303
            continue
        assert answer.status_code == 400
        assert error_of(answer.text) == "a host who plays cannot open a resolved round again: its outcome showed every role"
        room = room_of(client, host)
        assert room.current is not None and room.current.resolved


# ---------------------------------------------------------------- 5. "opened" starts again each round


def test_the_opened_marks_start_again_with_the_next_round(client: Any, tmp_path: Path) -> None:
    host = create(client, mode="crossfire", players="7")
    room = room_of(client, host)
    from fastapi.testclient import TestClient

    with TestClient(client.app, base_url=BASE) as phone:  # another browser: a player's phone
        for seat in (1, 2):
            assert phone.get(f"/crossfire/p/{room.seat_tokens[seat]}").status_code == 200
    assert client.get(host + "/state").json()["opened"] == [1, 2]
    aims = {f"aim_{s}": str(s % 7 + 1) for s in range(1, 8)}
    assert client.post(host + "/resolve", data=aims, follow_redirects=False).status_code == 303
    assert client.get(host + "/state").json()["opened"] == [1, 2]  # the round is not over until the next deal
    assert client.post(host + "/next", follow_redirects=False).status_code == 303
    assert client.get(host + "/state").json() == {"round": 2, "opened": []}
    page = client.get(host + "?lang=en").text
    assert page.count('<span class="cf-opened-yes" hidden>') == 7
    again = RoomStore(tmp_path / "data" / "crossfire").host(room.host_token)  # as saved
    assert again is not None and again.opened == []


# ---------------------------------------------------------------- 10. the forms offer what the rules allow


@pytest.mark.parametrize("plays", ["moderator", "plays"])
def test_no_shot_card_is_offered_before_the_sniper(client: Any, plays: str) -> None:
    host = create(client, mode="sniper", players="7", sniper_seat="5", host=plays)
    for lang in ("en", "zh-Hans"):
        page = client.get(f"{host}?lang={lang}").text
        offered = sorted(int(s) for s in re.findall(r'name="mark" value="(\d+)"', page))
        assert offered == [1, 2, 3, 4, 6, 7]
        assert 'id="cf-mark-5"' in page  # the Sniper's row says why it has none
    assert "the Sniper places the shot cards" in client.get(f"{host}?lang=en").text


@pytest.mark.parametrize("saved_before", [False, True])
def test_the_sniper_saw_no_card(client: Any, saved_before: bool) -> None:
    """The host page's "Cards seen" is empty for the Sniper, who is dealt no card: as the engine deals now, and for a
    table saved when the deal listed the Sniper's own card as seen."""
    host = create(client, mode="sniper", players="7", sniper_seat="5")
    room = room_of(client, host)
    assert room.current is not None
    if saved_before:
        for player in room.current.deal["players"]:
            if player["seat"] == 5:
                player["seen"] = ["sniper"]
    page = client.get(host + "?lang=en").text
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", page, flags=re.S)
    seen = {html.unescape(re.sub(r"<[^>]+>", "", who)): cards for who, _role, _team, cards in rows}
    assert seen["Seat 5"] == "" and all(seen[f"Seat {s}"] for s in (1, 2, 3, 4, 6, 7))


def test_the_new_table_form_gives_each_mode_its_player_counts(client: Any) -> None:
    page = client.get("/crossfire?lang=en").text
    assert re.search(r'<option value="sniper" data-min="6" data-max="10"', page)
    assert re.search(r'<option value="crossfire" data-min="5" data-max="10"', page)
    assert '<span data-range="sniper" hidden>6-10 players</span>' in page
    assert '<span data-range="sniper" hidden>6-10 人</span>' in client.get("/crossfire?lang=zh-Hans").text


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.slow
def test_the_player_menu_follows_the_mode_from_the_keyboard(tmp_path: Path, lang: str) -> None:
    """In sniper mode (6-10 players) the menu offers no 5, the keyboard skips it, and a 5 chosen before moves."""
    from tests.web.conftest import in_chromium, served
    from toolkit.web.settings import WebSettings

    def drive(page: Any) -> None:
        page.select_option("#cf-players", "5")
        page.focus("#cf-mode")
        page.keyboard.press("ArrowDown")  # crossfire -> sniper, from the keyboard
        assert page.input_value("#cf-mode") == "sniper"
        assert page.input_value("#cf-players") == "6"
        assert page.locator('#cf-players option[value="5"]').is_disabled()
        assert page.locator('[data-range="sniper"]').is_visible()
        assert not page.locator('[data-range="crossfire"]').is_visible()
        page.focus("#cf-players")
        page.keyboard.press("ArrowUp")  # 5 is skipped: the menu stays at 6
        assert page.input_value("#cf-players") == "6"
        page.keyboard.press("ArrowDown")
        assert page.input_value("#cf-players") == "7"
        # the Sniper's seat and the host's seat follow the player count
        assert page.locator('#cf-sniper-sniper option[value="8"]').is_disabled()
        assert page.locator('#cf-host-seat option[value="8"]').is_disabled()
        assert not page.locator('#cf-host-seat option[value="7"]').is_disabled()
        page.focus("#cf-mode")
        page.keyboard.press("ArrowUp")  # back to crossfire: 5 again
        assert not page.locator('#cf-players option[value="5"]').is_disabled()

    settings = WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                           data=tmp_path / "data")  # fmt: skip
    with served(settings) as url:
        in_chromium(f"{url}/crossfire?lang={lang}", drive)
