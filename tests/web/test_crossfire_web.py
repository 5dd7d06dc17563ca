"""The Crossfire moderator: tables, private links that show one role only, aims, resolution, score, restarts."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire
from toolkit.engine.crossfire_cards import role_card
from toolkit.i18n import name_of
from toolkit.i18n import t as i18n_t
from toolkit.web.crossfire_rooms import MAX_AGE, Room, RoomError, RoomStore, clean_names

from .conftest import BASE, CARDS, SCHEMA, TEST_CSRF

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"]


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def role_names(game: Crossfire, lang: str = "en") -> dict[str, str]:
    return {rid: name_of(record, lang) for rid, record in game.records.items()}


def create(
    client: Any,
    players: int = 7,
    specials: tuple[str, ...] = ("bomber",),
    mode: str = "crossfire",
    host: str | None = None,
) -> str:
    data: dict[str, Any] = {"mode": mode, "players": str(players), "special": list(specials)}
    if host is not None:
        data["host"] = host
    data.update({f"name_{i}": n for i, n in enumerate(NAMES[:players], start=1)})
    response = client.post("/crossfire?lang=en", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return str(response.headers["location"])


def private_links(page_html: str) -> dict[int, str]:
    return {int(seat): html.unescape(url) for seat, url in re.findall(r'id="cf-url-(\d+)" value="([^"]+)"', page_html)}


def error_of(page_html: str) -> str:
    found = re.findall(r'id="cf-error">([^<]*)<', page_html)
    return html.unescape(found[0]) if found else ""


def visible_text(page_html: str) -> str:
    """The page's main text without the role's own texts (team, win, play: they may name other roles, as the
    Agent's "If you hit a Bystander, you lose."; they are the same for every holder of the role)."""
    main = page_html.split('<main id="main"', 1)[1].split("</main>", 1)[0]
    main = re.sub(r"<style>.*?</style>|<script>.*?</script>", " ", main, flags=re.S)
    main = re.sub(r'<dd(?! id="cf-seen")[^>]*>.*?</dd>', " ", main, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", main))


# ---------------------------------------------------------------- the room store (no app)


def test_rooms_survive_a_restart_and_tokens_find_only_their_seat(game: Crossfire, tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "crossfire")
    room = store.create(game, "crossfire", 7, clean_names(NAMES, 7), ["bomber"], seed=7)
    assert (tmp_path / "crossfire").stat().st_mode & 0o077 == 0  # only the user reads the secrets
    again = RoomStore(tmp_path / "crossfire")
    loaded = again.host(room.host_token)
    assert loaded is not None and loaded.to_json() == room.to_json()
    for seat, token in room.seat_tokens.items():
        assert again.seat(token) == (loaded, seat)
    assert again.host(room.seat_tokens[1]) is None  # a player's link is not the host's
    assert again.seat(room.host_token) is None
    assert again.seat("A" * 24) is None and again.host("../../etc") is None
    assert len(set(room.seat_tokens.values()) | {room.host_token}) == 8
    assert all(len(t) >= 24 for t in room.seat_tokens.values())


def test_old_rooms_are_dropped(game: Crossfire, tmp_path: Path) -> None:
    now = [1000.0]
    store = RoomStore(tmp_path, clock=lambda: now[0])
    room = store.create(game, "crossfire", 5, {}, [])
    now[0] += MAX_AGE + 1
    assert RoomStore(tmp_path, clock=lambda: now[0]).host(room.host_token) is None
    assert not list(tmp_path.glob("*.json"))


def test_rounds_resolve_and_score_by_name(game: Crossfire, tmp_path: Path) -> None:
    store = RoomStore(tmp_path)
    room = store.create(game, "crossfire", 7, clean_names(NAMES, 7), ["bomber"], seed=7)
    with pytest.raises(RoomError, match="not resolved yet"):
        store.deal_next(game, room)
    deal = room.rounds[0].to_deal()
    assert deal == game.deal("crossfire", 7, ["bomber"], seed=7)  # the stored deal is the engine's
    aims = aim_everyone(game, room)
    store.resolve(game, room, aims, [])
    table = game.table(room.rounds[0].table(room.names))
    expected = game.resolve(table)
    assert room.rounds[0].outcome is not None and room.rounds[0].outcome["winners"] == expected.winners
    store.deal_next(game, room, seed=8)
    assert room.current is not None and room.current.deal["dealer"] == 2
    store.resolve(game, room, aim_everyone(game, room), [])
    scores = store.score(game, room)
    assert {row["player"] for row in scores} == set(NAMES)
    assert sum(row["score"] for row in scores) == sum(len(r.outcome["winners"]) for r in room.rounds if r.outcome)


def aim_everyone(game: Crossfire, room: Room) -> dict[int, list[int]]:
    """Every armed player points at the next seats (as many as they have guns)."""
    assert room.current is not None
    deal = room.current.to_deal()
    aims = {}
    for seat, role in deal.roles.items():
        rules = game.roles[role]
        guns = max(rules.aims_sniper if deal.sniper else rules.aims_crossfire)
        if rules.shoots or rules.protects:
            aims[seat] = [(seat + k) % room.players + 1 for k in range(guns)]
    return aims


@pytest.mark.parametrize(
    "names, message",
    [
        (["Ana", "ana"], "names tell players apart"),
        (["x" * 41], "longer than 40"),
        (["seat 2"], "mistaken for a seat number"),
    ],
)
def test_bad_names(names: list[str], message: str) -> None:
    with pytest.raises(RoomError, match=message):
        clean_names(names, 5)


# ---------------------------------------------------------------- pages (TestClient)


@pytest.fixture(scope="module")
def cf_app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app for the page tests of this module (they only add tables; the cards stay as they are)."""
    import shutil

    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("crossfire-web")
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    settings = WebSettings(
        cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "cache", data=root / "data"
    )
    return create_app(settings)


@pytest.fixture
def client(cf_app: Any) -> Any:
    from fastapi.testclient import TestClient

    with TestClient(cf_app, base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c


@pytest.fixture
def bare_client(cf_app: Any) -> Any:
    from fastapi.testclient import TestClient

    with TestClient(cf_app, base_url=BASE) as c:
        yield c


def deal_of(client: Any, host: str) -> Any:
    from toolkit.web.routes.crossfire import rooms

    room = rooms(client.app.state.web).host(host.rsplit("/", 1)[1])
    assert room is not None and room.current is not None
    return room.current.to_deal()


def test_deal_shows_each_player_only_their_role(client: Any, game: Crossfire) -> None:
    host = create(client)
    page = client.get(host)
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    links = private_links(page.text)
    assert sorted(links) == list(range(1, 8))
    assert page.text.count("<svg") >= 7  # a QR code per seat
    names = role_names(game)
    for seat, url in links.items():
        private = client.get(url)
        assert private.status_code == 200
        text = visible_text(private.text)
        role = re.findall(r'id="cf-role">([^<]*)<', private.text)[0]
        seen = re.findall(r'id="cf-seen">([^<]*)<', private.text)
        # each card seen says where it came from since sweep 69 ("Decoy (passed to you by your right neighbour,
        # seat 2)"), the cards apart by "; "
        shown = {role, *(entry.split(" (")[0] for entry in (html.unescape(seen[0]).split("; ") if seen else []))}
        for other in set(names.values()) - shown:  # no role but this player's own and the ones they saw
            assert not re.search(rf"\b{re.escape(other)}\b", text), (seat, other)
        for n, name in enumerate(NAMES, start=1):
            assert bool(re.search(rf"\b{name}\b", text)) == (n == seat)  # no other player's name either
        for other_url in links.values():
            assert other_url == url or other_url.rsplit("/", 1)[1] not in private.text
        card = role_card(game, deal_of(client, host), seat, NAMES[seat - 1], "en")
        assert card.role == role and card.seen == (html.unescape(seen[0]).split("; ") if seen else [])
        for line in card.win + card.play:  # the role's own texts, as on the printed slip
            assert html.escape(line, quote=False) in private.text


@pytest.mark.parametrize(
    "path", ["/crossfire/p/AAAAAAAAAAAAAAAAAAAAAAAA", "/crossfire/p/x", "/crossfire/host/AAAAAAAAAAAAAAAAAAAAAAAA"]
)
def test_wrong_tokens_are_404(client: Any, path: str) -> None:
    create(client)
    response = client.get(path)
    assert response.status_code == 404
    assert "cf-role" not in response.text
    assert client.get(path.replace("/p/", "/p/") + "/state").status_code == 404 if "/p/" in path else True


def test_the_host_is_the_only_one_who_can_act(client: Any, bare_client: Any) -> None:
    host = create(client)
    link = private_links(client.get(host).text)[1]
    token = link.rsplit("/", 1)[1]
    # a player's token is no host token
    assert client.post(f"/crossfire/host/{token}/next").status_code == 404
    # a cross-site form is refused before anything happens
    assert bare_client.post(host.replace("http://127.0.0.1:8000", "") + "/delete").status_code == 403
    assert client.get(host).status_code == 200


def test_bad_aims_are_one_line_and_keep_what_was_entered(client: Any) -> None:
    host = create(client)
    response = client.post(host + "/resolve", data={"aim_1": "2", "aim_2": "9"})
    assert response.status_code == 400
    message = error_of(response.text)
    assert message and "\n" not in message
    assert "seat 9" in message or "9" in message
    response = client.post(host + "/resolve", data={"aim_1": "2"})
    assert response.status_code == 400 and "enter where this player pointed" in error_of(response.text)
    assert re.search(r'<option value="2" selected>', response.text)


def test_resolve_next_round_and_score(client: Any, game: Crossfire, cf_app: Any) -> None:
    host = create(client)
    token = host.rsplit("/", 1)[1]
    from toolkit.web.routes.crossfire import rooms

    room = rooms(cf_app.state.web).host(token)
    assert room is not None
    aims = aim_everyone(game, room)
    data = {f"aim_{seat}": [str(s) for s in targets] for seat, targets in aims.items()}
    response = client.post(host + "/resolve?lang=en", data=data)
    assert response.status_code == 200, error_of(response.text)
    assert 'id="cf-team"' in response.text and 'id="cf-scores"' in response.text
    link = private_links(response.text)[3]
    assert client.get(link + "/state").json() == {"round": 1}
    response = client.post(host + "/next")
    assert response.status_code == 200 and "round 2" in response.text
    assert client.get(link + "/state").json() == {"round": 2}
    assert private_links(response.text)[3] == link  # a player keeps one link over the rounds


def secret_role_names(game: Crossfire, deal: Any, lang: str = "en") -> set[str]:
    """Names of the roles a host who plays must not see: every dealt role but the public ones."""
    names = role_names(game, lang)
    return {names[r] for seat, r in deal.roles.items() if seat not in deal.public}


def host_page_text(page_html: str) -> str:
    """The host page's text but its announcements and help (the set-up lists the roles in play, as the host
    tells the table; the help says what Assassins do; the moderator's script names the roles it speaks to):
    what it says of each seat."""
    from toolkit.engine.crossfire import SCRIPT

    text = visible_text(page_html)
    text = re.sub(r"(Set-up|配置)[:：][^\n]*", " ", text)
    for line in SCRIPT.values():
        text = text.replace(html.unescape(i18n_t("en", line)), " ")
    return text.replace(html.unescape(i18n_t(
        "en",
        "Mark the players in front of whom the Sniper put a shot card; then enter the target of each "
        "Assassin who revealed and pointed. Other players' entries have no effect.",
    )), " ")


def test_the_host_moderates_only_by_default(client: Any) -> None:
    assert 'id="cf-host-moderator" name="host" value="moderator" checked' in client.get("/crossfire").text
    page = client.get(create(client)).text
    assert 'id="cf-roles"' in page and "cf-roles-hidden" not in page


@pytest.mark.parametrize("specials", [("bomber",), ("enforcer",)])
def test_a_host_who_plays_sees_no_secret_role(client: Any, game: Crossfire, specials: tuple[str, ...]) -> None:
    host = create(client, 7, specials, host="plays")
    response = client.get(host + "?lang=en")
    page = response.text
    deal = deal_of(client, host)
    assert 'id="cf-roles"' not in page and 'id="cf-roles-hidden"' in page
    text = host_page_text(page)
    for name in secret_role_names(game, deal):
        assert not re.search(rf"\b{re.escape(name)}\b", text), name
    assert not re.search(r"\b(blue|red)\b", text, re.I)  # no team either
    guns = 2 if "enforcer" in specials else 1
    for seat in range(1, 8):  # the same aim fields for every seat: nothing tells who is armed
        assert len(re.findall(rf'id="cf-aim-{seat}-\d"', page)) == guns, seat
    # a blank seat is refused without naming its role; so is a second aim at one player
    response = client.post(host + "/resolve?lang=en", data={"aim_1": "2"})
    assert response.status_code == 400
    message = error_of(response.text)
    assert "everyone points" in message and not any(n in message for n in secret_role_names(game, deal))
    assert not any(r in message for r in deal.roles.values())
    assert 'id="cf-roles"' not in response.text
    # everyone points at the next seat (and the one after, for a second gun): the page fits aims to roles
    data = {f"aim_{seat}": [str((seat + k) % 7 + 1) for k in range(guns)] for seat in range(1, 8)}
    response = client.post(host + "/resolve?lang=en", data=data)
    assert response.status_code == 200, error_of(response.text)
    assert 'id="cf-team"' in response.text  # the outcome reveals every role, as the cards are turned
    outcome = response.text.split('id="outcome"', 1)[1]
    names = role_names(game)
    for role in deal.roles.values():
        assert names[role] in outcome
    from toolkit.web.routes.crossfire import rooms

    room = rooms(client.app.state.web).host(host.rsplit("/", 1)[1])
    assert room is not None and room.current is not None and room.current.outcome is not None
    fitted = [  # what the rules make of the pointing: each role fires as many guns as it has, unarmed none
        {"seat": s, "role": r, "aim": [int(a) for a in data[f"aim_{s}"]][: max(game.roles[r].aims_crossfire)]}
        for s, r in deal.roles.items()
    ]
    expected = game.resolve(game.table({"mode": "crossfire", "players": fitted}))
    assert room.current.outcome["winners"] == expected.winners


def test_a_host_who_plays_in_sniper_mode(client: Any, game: Crossfire) -> None:
    host = create(client, 7, (), "sniper", host="plays")
    page = client.get(host + "?lang=en").text
    deal = deal_of(client, host)
    assert deal.public and 'id="cf-roles"' not in page
    text = host_page_text(page)
    for name in secret_role_names(game, deal) - {role_names(game)[r] for r in deal.public.values()}:
        assert not re.search(rf"\b{re.escape(name)}\b", text), name
    assassins = [seat for seat, role in deal.roles.items() if role == "assassin"]
    everyone = {f"aim_{seat}": str(seat % 7 + 1) for seat in range(1, 8) if seat not in deal.public}
    response = client.post(host + "/resolve?lang=en", data={"mark": [str(s) for s in assassins], **everyone})
    assert response.status_code == 200, error_of(response.text)  # the others' entries have no effect
    assert "blue" in re.findall(r'id="cf-team"[^>]*>([^<]*)<', response.text)[0].lower()


def test_impossible_set_up_is_one_line(client: Any) -> None:
    response = client.post("/crossfire?lang=en", data={"mode": "crossfire", "players": "4"})
    assert response.status_code == 400
    assert error_of(response.text) == "Crossfire mode is for 5-10 players, not 4"
    response = client.post("/crossfire", data={"mode": "crossfire", "players": "5", "special": "peacekeeper"})
    assert response.status_code == 400 and error_of(response.text) == "Peacekeeper joins Crossfire mode with 7-10 players, not 5"


def test_sniper_mode_marks(client: Any, game: Crossfire, cf_app: Any) -> None:
    host = create(client, 7, (), "sniper")
    page = client.get(host).text
    assert 'name="mark"' in page
    from toolkit.web.routes.crossfire import rooms

    room = rooms(cf_app.state.web).host(host.rsplit("/", 1)[1])
    assert room is not None and room.current is not None
    deal = room.current.to_deal()
    assassins = [s for s, r in deal.roles.items() if r == "assassin"]
    response = client.post(host + "/resolve", data={"mark": [str(s) for s in assassins]})
    assert response.status_code == 200, error_of(response.text)
    assert "blue" in re.findall(r'id="cf-team"[^>]*>([^<]*)<', response.text)[0].lower() or "蓝" in response.text


def test_pages_in_chinese(client: Any) -> None:
    page = client.get("/crossfire?lang=zh-Hans")
    assert "谍战特工主持" in page.text
    host = create(client)
    private = client.get(private_links(client.get(host).text)[1] + "?lang=zh-Hans")
    assert "你的角色" in private.text and "阵营" in private.text


# ---------------------------------------------------------------- through Chromium


def deal_in_the_browser(page: Any, live_server: str, *checks: str) -> None:
    """Deal a 7-player table of NAMES from the host form, with the boxes ``checks`` ticked; on the host page."""
    page.goto(f"{live_server}/crossfire?lang=en")
    page.select_option("#cf-players", "7")
    for seat, name in enumerate(NAMES, start=1):
        page.fill(f"#cf-name-{seat}", name)
    for box in checks:
        page.check(box)
    page.click("#cf-deal")
    page.wait_for_url("**/crossfire/host/**")


@pytest.mark.slow
def test_deal_and_open_two_private_links(live_server: str, page: Any, phone_page: Any) -> None:
    deal_in_the_browser(page, live_server, "#cf-special-crossfire-bodyguard")
    page.click("#cf-roles summary")
    rows = page.locator("#cf-roles tbody tr").all_inner_texts()
    roles = {n + 1: row.split("\t")[1].strip() for n, row in enumerate(rows)}
    assert "Bodyguard" in roles.values()
    first, second = next(
        (a, b) for a in roles for b in roles if a < b and roles[a] != roles[b]
    )  # two players who hold different roles
    links = {seat: page.input_value(f"#cf-url-{seat}") for seat in (first, second)}
    seen_roles = {}
    for seat, view in ((first, phone_page), (second, page)):
        view.goto(links[seat] + "?lang=en")
        assert not view.locator("#cf-role").is_visible()  # hidden until the player asks
        view.click("#cf-reveal summary")
        role = view.locator("#cf-role").inner_text().strip()
        seen = view.locator("#cf-seen").inner_text().split("; ") if view.locator("#cf-seen").count() else []
        seen = [entry.split(" (")[0] for entry in seen]  # (each says where it came from since sweep 69)
        assert role == roles[seat]
        seen_roles[seat] = role
        content = visible_text(view.content())
        for other in set(roles.values()) - {role, *seen}:
            assert not re.search(rf"\b{re.escape(other)}\b", content), (seat, other)
        for n, name in enumerate(NAMES, start=1):
            assert bool(re.search(rf"\b{name}\b", content)) == (n == seat)
    assert seen_roles[first] != seen_roles[second]


@pytest.mark.slow
def test_a_host_who_plays_deals_and_resolves_without_seeing_roles(live_server: str, page: Any) -> None:
    deal_in_the_browser(page, live_server, "#cf-special-crossfire-enforcer", "#cf-host-plays")
    assert page.locator("#cf-roles").count() == 0 and page.locator("#cf-roles-hidden").is_visible()
    main = page.locator("main").inner_text()
    setup = next(line for line in main.splitlines() if line.startswith("Set-up:"))
    assert "Enforcer" in setup  # the set-up is announced to everyone
    assert "Enforcer" not in main.replace(setup, "")  # but no seat's role is shown
    for seat in range(1, 8):  # two aim fields at every seat: nothing tells who holds the two guns
        assert page.locator(f"[id^='cf-aim-{seat}-']").count() == 2
        page.select_option(f"#cf-aim-{seat}-0", str(seat % 7 + 1))
        page.select_option(f"#cf-aim-{seat}-1", str((seat + 1) % 7 + 1))
    page.click("#cf-resolve")
    page.wait_for_selector("#cf-team")
    outcome = page.locator("#outcome").inner_text()
    assert "Enforcer" in outcome and "VIP" in outcome  # the outcome turns every card
