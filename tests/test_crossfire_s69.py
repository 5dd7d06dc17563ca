"""Crossfire, sweep 69: the hands of the aims form (a left-hand entry is the left hand's), an Enforcer who points at
one player, a one-gun player's both hands at one player, a mode's own special roles, compositions without exactly
one VIP or against the mode's rules, the fast and the thorough check of a table alike, the web's role sets checked
as `deck new` checks them, a special role joining once, which neighbour each card seen came from, and the help of
`balance --margin`."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests import test_crossfire_web_fixes as web_fixes
from tests.conftest import CARDS
from tests.test_crossfire_web_fixes import create, room_of
from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, RequestError, TableError
from toolkit.engine.crossfire_cards import role_card
from toolkit.errors import DossierError
from toolkit.i18n import use_lang
from toolkit.models.crossfire import CrossfireMode, SetupError, composition_problem, role_set
from toolkit.web.crossfire_rooms import RoomError, RoomStore

RECORDS = load_catalog([CARDS / "crossfire"]).records
ROLES = [r for r in RECORDS if r.kind == "role"]
MODES = {r.id: r for r in RECORDS if r.kind == "mode"}
UNARMED = ("vip", "bystander", "decoy", "red_decoy", "blue_decoy")


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(RECORDS)


store = web_fixes.store  # (the web fixes' fixtures: a store in memory, a client whose writes pass)
client = web_fixes.client


def mode_with(mode_id: str = "crossfire", **changes: Any) -> CrossfireMode:
    """The bundled mode with ``changes``: ``compositions`` as {players: roles} replacing those counts' roles, the rest
    as fields."""
    data = MODES[mode_id].model_dump(mode="json", by_alias=True, exclude_none=True)
    for players, roles in changes.pop("compositions", {}).items():
        for comp in data["compositions"]:
            if comp["players"] == players:
                comp["roles"] = roles
    data.update(changes)
    return CrossfireMode.model_validate(data)


def select(page: str, element_id: str) -> str:
    found = re.search(rf'<select id="{element_id}".*?</select>', page, flags=re.S)
    assert found, element_id
    return found.group(0)


def chosen(menu: str) -> str | None:
    found = re.search(r'<option value="(\d*)" selected>', menu)
    return found.group(1) if found else None


# ---------------------------------------------------------------- 1. a left-hand entry stays the left hand's


def test_a_left_hand_entry_is_kept_in_its_hand(client: Any) -> None:
    from toolkit.web.routes.crossfire import _aims_from

    class Form:
        def __init__(self, data: dict[str, list[str]]) -> None:
            self.data = data

        def getlist(self, key: str) -> list[str]:
            return self.data.get(key, [])

    room = room_of(client, create(client, mode="crossfire", players="7", special=["enforcer"], host="moderator"))
    aims, _marks = _aims_from(Form({"aim_1": ["", "5"], "aim_2": ["3", ""], "aim_3": ["", ""]}), room)
    assert aims == {1: [None, 5], 2: [3]}


def test_the_moderator_s_left_hand_only_entry_does_not_fire_as_the_right_hand(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", special=["enforcer"], host="moderator")
    room = room_of(client, host)
    assert room.current is not None
    roles = room.current.to_deal().roles
    armed = next(s for s, r in roles.items() if r in ("agent", "assassin"))
    target = armed % 7 + 1
    data = {f"aim_{s}": [str(s % 7 + 1), ""] for s in range(1, 8)}
    data[f"aim_{armed}"] = ["", str(target)]
    refused = client.post(f"{host}/resolve?lang=en", data=data)
    assert refused.status_code == 400, refused.text[:300]
    right, left = select(refused.text, f"cf-aim-{armed}-0"), select(refused.text, f"cf-aim-{armed}-1")
    assert 'aria-invalid="true"' in right and chosen(right) is None  # the right hand is the one missing
    assert chosen(left) == str(target)  # the entry is shown again in the menu it came from


def test_an_unarmed_player_s_left_hand_only_entry_has_no_effect(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", special=["enforcer"], host="moderator")
    room = room_of(client, host)
    assert room.current is not None
    roles = room.current.to_deal().roles
    unarmed = next(s for s, r in roles.items() if r in UNARMED)
    data = {f"aim_{s}": [str(s % 7 + 1), ""] for s in range(1, 8)}
    data[f"aim_{unarmed}"] = ["", str(unarmed % 7 + 1)]
    answer = client.post(f"{host}/resolve?lang=en", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    room = room_of(client, host)
    assert room.current is not None and room.current.aims is not None
    assert room.current.aims.get(unarmed, []) == []


def test_a_playing_host_s_left_hand_only_entry_is_refused_at_the_right_hand(game: Crossfire, store: RoomStore) -> None:
    with use_lang("en"):
        room = store.create(game, "crossfire", 7, {}, ["enforcer"], seed=3, host_plays=True)
        aims: dict[int, list[int | None]] = {s: [s % 7 + 1] for s in range(1, 8)}
        aims[4] = [None, 6]
        with pytest.raises(RoomError) as refused:
            store.resolve(game, room, aims, [], str)
        assert refused.value.aim == (4, 0) and "Seat 4" in refused.value.message


# ---------------------------------------------------------------- 5. a one-gun player's two hands


def test_a_playing_host_may_enter_one_hand_or_both_at_one_player(game: Crossfire, store: RoomStore) -> None:
    with use_lang("en"):
        room = store.create(game, "crossfire", 7, {}, ["enforcer"], seed=3, host_plays=True)
        assert room.current is not None
        roles = room.current.to_deal().roles
        enforcer = next(s for s, r in roles.items() if r == "enforcer")
        same = {s: [s % 7 + 1, s % 7 + 1] for s in range(1, 8)}  # both hands at the same player
        done = store.resolve(game, room, same, [], str)
        assert done.aims is not None and done.outcome is not None
        assert done.aims[enforcer] == [enforcer % 7 + 1]  # (counted once)
        done.outcome = None
        right = {s: [s % 7 + 1] for s in range(1, 8)}  # the right hands only
        assert store.resolve(game, room, right, [], str).outcome is not None


def test_the_moderator_refuses_two_aims_at_one_player_of_the_enforcer_only(game: Crossfire, store: RoomStore) -> None:
    with use_lang("en"):
        room = store.create(game, "crossfire", 7, {}, ["enforcer"], seed=3)
        assert room.current is not None
        roles = room.current.to_deal().roles
        enforcer = next(s for s, r in roles.items() if r == "enforcer")
        agent = next(s for s, r in roles.items() if r == "agent")
        aims: dict[int, list[int | None]] = {s: [s % 7 + 1, (s + 1) % 7 + 1] for s in range(1, 8)}
        aims[agent] = [agent % 7 + 1, agent % 7 + 1]  # a one-gun role: its left hand is not counted
        done = store.resolve(game, room, aims, [], str)
        assert done.aims is not None and done.aims[agent] == [agent % 7 + 1]
        done.outcome = None
        aims[enforcer] = [enforcer % 7 + 1, enforcer % 7 + 1]
        with pytest.raises(RoomError, match="two aims at the same player") as refused:
            store.resolve(game, room, aims, [], str)
        assert refused.value.aim == (enforcer, 1)


# ---------------------------------------------------------------- 7. an Enforcer points at one player or two


def _enforcer_table(game: Crossfire) -> tuple[dict[str, Any], int]:
    deal = game.deal("crossfire", 7, ["enforcer"], seed=1)
    players = []
    for seat, role in deal.roles.items():
        rules = game.roles[role]
        count = rules.guns if rules.shoots or rules.protects else 1
        players.append({"seat": seat, "role": role, "aim": [(seat + k) % 7 + 1 for k in range(count)]})
    enforcer = next(i for i, p in enumerate(players) if p["role"] == "enforcer")
    return {"mode": "crossfire", "players": players}, enforcer


def test_an_enforcer_may_point_at_one_player(game: Crossfire) -> None:
    data, i = _enforcer_table(game)
    data["players"][i]["aim"] = data["players"][i]["aim"][:1]
    table = game.table(data)  # the fast check
    assert table.aims[i] == (table.seats.index(data["players"][i]["aim"][0]),)
    named = json.loads(json.dumps(data))
    named["players"][0]["name"] = "Ana "  # a name to clean: the thorough check
    assert game.table(named).aims[i] == table.aims[i]
    outcome = game.resolve(table)
    assert len([s for s, by in outcome.hit_by.items() if data["players"][i]["seat"] in by]) <= 1


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_an_enforcer_still_points_at_different_players_and_at_someone(game: Crossfire, lang: str) -> None:
    data, i = _enforcer_table(game)
    first = data["players"][i]["aim"][0]
    with use_lang(lang):
        data["players"][i]["aim"] = [first, first]
        with pytest.raises(TableError):
            game.table(data)
        data["players"][i]["aim"] = []
        with pytest.raises(TableError) as refused:
            game.table(data)
    if lang == "en":
        assert "must point at 1 or 2" in refused.value.message


def test_the_enforcer_s_card_says_it_may_point_at_one_player(game: Crossfire) -> None:
    deal = game.deal("crossfire", 7, ["enforcer"], seed=1)
    seat = next(s for s, r in deal.roles.items() if r == "enforcer")
    card = role_card(game, deal, seat, None, "en")
    assert any("one player or two different players" in line for line in card.play), card.play


def test_the_rulings_page_gives_both_readings() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs"
    en, zh = (docs / "rulings.md").read_text(encoding="utf-8"), (docs / "rulings.zh.md").read_text(encoding="utf-8")
    assert "an Enforcer points at 1 or 2 players" in en and "执行者指向 1 或 2 名玩家" in zh
    assert "each special role joins a table at most once" in en and "每个特殊角色在一桌中至多加入一次" in zh


# ---------------------------------------------------------------- 8. a special role joins once


TWICE = ["bomber", "bomber", "peacekeeper"]


def test_a_deal_refuses_a_special_role_twice(game: Crossfire) -> None:
    with use_lang("en"), pytest.raises(RequestError, match="Bomber joins a table at most once"):
        game.deal("crossfire", 7, TWICE)
    with use_lang("en"), pytest.raises(RequestError, match="Enforcer joins a table at most once"):
        game.simulate("crossfire", 7, 10, specials=["enforcer", "enforcer"])


def test_deck_validate_and_resolve_refuse_a_special_role_twice(game: Crossfire) -> None:
    from toolkit.models.deck import Deck
    from validators.deck import DeckPool, validate_deck

    cards = {"agent": 1, "assassin": 1, "bomber": 2, "decoy": 1, "peacekeeper": 1, "vip": 1}
    deck = Deck(game="crossfire", mode="crossfire", name="x", players=7, cards=cards)
    with use_lang("en"):
        errors = [f.message for f in validate_deck(deck, DeckPool(RECORDS)).findings if f.severity == "error"]
        assert any("Bomber joins a table at most once" in m for m in errors), errors
        roles = [role for role, n in cards.items() for _ in range(n)]
        table = {"mode": "crossfire", "players": [{"seat": s, "role": r} for s, r in enumerate(roles, start=1)]}
        for p in table["players"]:
            if game.roles[p["role"]].shoots or game.roles[p["role"]].protects:
                p["aim"] = [p["seat"] % 7 + 1]
        with pytest.raises(TableError, match="Bomber joins a table at most once"):
            game.table(table)


def test_the_web_refuses_a_special_role_twice(client: Any, game: Crossfire, store: RoomStore) -> None:
    answer = client.post("/api/decks/roles?lang=en", json={"mode": "crossfire", "players": 7, "specials": TWICE})
    assert answer.status_code == 400 and "Bomber joins a table at most once" in answer.json()["detail"]
    with use_lang("en"), pytest.raises(DossierError, match="at most once"):
        store.create(game, "crossfire", 7, {}, TWICE)


def test_a_special_role_already_in_the_set_up_does_not_join_again() -> None:
    mode = mode_with(compositions={6: {"agent": 1, "assassin": 2, "bomber": 1, "bystander": 1, "vip": 1}})
    with use_lang("en"), pytest.raises(SetupError, match="Bomber joins a table at most once"):
        role_set(mode, 6, ["bomber"], lambda r: r.replace("_", " ").title())


# ---------------------------------------------------------------- 2. a special role of the mode's own composition


def test_a_mode_s_own_special_role_is_a_set_up_it_deals() -> None:
    from toolkit.models.deck import Deck
    from validators.deck import DeckPool, validate_deck

    own = {"agent": 1, "assassin": 1, "bomber": 1, "red_decoy": 1, "vip": 1}
    mode = mode_with(compositions={5: own})
    assert composition_problem(mode, 5, own, ["bomber"]) is None
    records = [*ROLES, mode, MODES["sniper"]]
    deck = Deck(game="crossfire", mode="crossfire", name="x", players=5, cards=own)
    assert validate_deck(deck, DeckPool(records)).legal
    game = Crossfire.from_records(records)
    deal = game.deal("crossfire", 5, seed=2)
    players = [{"seat": s, "role": r, "aim": [s % 5 + 1]} for s, r in deal.roles.items()]
    game.resolve(game.table({"mode": "crossfire", "players": players}))
    assert game.simulate("crossfire", 5, 20)


# ---------------------------------------------------------------- 3. a composition has exactly one VIP, and keeps the mode's rules


@pytest.mark.parametrize(
    ("roles", "words"),
    [
        ({"assassin": 1, "red_decoy": 1, "bystander": 1, "vip": 2}, "VIP ×2; a table has exactly one VIP"),
        ({"agent": 1, "assassin": 1, "red_decoy": 1, "bystander": 2}, "VIP ×0; a table has exactly one VIP"),
    ],
)
def test_a_composition_without_exactly_one_vip_is_refused(roles: dict[str, int], words: str) -> None:
    mode = mode_with(compositions={5: roles}, deck_rules=[{"rule": "player_count"}, {"rule": "composition"}])
    with use_lang("en"), pytest.raises(DossierError) as refused:
        Crossfire.from_records([*ROLES, mode])
    assert "5-player composition" in refused.value.message and words in refused.value.message


def test_a_composition_against_the_mode_s_own_rules_is_refused() -> None:
    rules = [*MODES["crossfire"].model_dump(mode="json")["deck_rules"], {"rule": "role_count", "role": "decoy", "min": 1}]
    mode = mode_with(deck_rules=rules)
    with use_lang("en"), pytest.raises(DossierError) as refused:
        Crossfire.from_records([*ROLES, mode])
    assert "5-player composition" in refused.value.message and "Decoy ×0" in refused.value.message


def test_lint_s_mode_checks_find_the_compositions_located() -> None:
    from validators.crossfire_lint import mode_composition_problems

    rules = [*MODES["crossfire"].model_dump(mode="json")["deck_rules"], {"rule": "role_count", "role": "decoy", "min": 1}]
    mode = mode_with(compositions={6: {"agent": 1, "assassin": 2, "blue_decoy": 1, "bystander": 1, "vip": 2}},
                     deck_rules=rules)  # fmt: skip
    with use_lang("en"):
        found = mode_composition_problems(mode, {r.id: r for r in ROLES}, "crossfire mode 'crossfire'")
    places = [pointer for pointer, _message in found]
    assert "/compositions/1/roles/vip" in places, found
    assert "/compositions/0/roles" in places  # no Decoy at 5 players, as the mode's own rule asks
    assert all(pointer.startswith("/compositions/") for pointer in places)
    assert not mode_composition_problems(MODES["crossfire"], {r.id: r for r in ROLES}, "x")
    assert not mode_composition_problems(MODES["sniper"], {r.id: r for r in ROLES}, "x")


def test_lint_reports_a_composition_with_two_vips(tmp_path: Path) -> None:
    # (the bundled layout inside tmp_path: the files' "$schema" refs climb to a schema/ beside cards/)
    pool = tmp_path / "cards" / "crossfire"
    shutil.copytree(CARDS / "crossfire", pool)
    shutil.copytree(CARDS.parent / "schema", tmp_path / "schema")
    path = pool / "modes" / "crossfire.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["compositions"][0]["roles"] = {"assassin": 1, "bystander": 1, "red_decoy": 1, "vip": 2}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    from typer.testing import CliRunner

    from toolkit.cli.app import app

    result = CliRunner().invoke(app, ["--lang", "en", "lint", "--no-cache", str(pool)])
    assert result.exit_code == 1, result.output
    assert re.search(r"modes/crossfire\.json:\d+:\d+: error card\.mode\.composition: .*VIP ×2", result.output)


# ---------------------------------------------------------------- 4. one table, one verdict


def _table(game: Crossfire, mode: str = "crossfire") -> dict[str, Any]:
    if mode == "sniper":
        return {
            "mode": "sniper",
            "players": [
                {"seat": 1, "role": "assassin", "aim": [3]},
                {"seat": 2, "role": "sniper"},
                {"seat": 3, "role": "vip"},
                {"seat": 4, "role": "agent"},
                {"seat": 5, "role": "assassin", "aim": [3]},
                {"seat": 6, "role": "bystander"},
            ],
        }
    deal = game.deal("crossfire", 7, seed=1)
    players = []
    for seat, role in deal.roles.items():
        rules = game.roles[role]
        players.append({"seat": seat, "role": role, "aim": [seat % 7 + 1] if rules.shoots or rules.protects else []})
    return {"mode": "crossfire", "players": players}


ODD = [
    ("crossfire", "marks", 0),
    ("crossfire", "marks", False),
    ("crossfire", "marks", ""),
    ("crossfire", "marks", {}),
    ("crossfire", "options", 0),
    ("crossfire", "options", []),
    ("crossfire", "options", None),
    ("crossfire", "options", ""),
    ("sniper", "marks", [True, 5.0]),
    ("sniper", "marks", [1.0]),
    ("sniper", "marks", [True]),
    ("sniper", "marks", 0),
    ("sniper", "marks", {}),
    ("sniper", "options", []),
]


@pytest.mark.parametrize(("mode", "key", "value"), ODD)
def test_the_fast_check_refuses_what_the_thorough_one_refuses(
    game: Crossfire, mode: str, key: str, value: Any
) -> None:
    data = {**_table(game, mode), key: value}
    with use_lang("en"):
        with pytest.raises(TableError) as thorough:
            game._checked_table(json.loads(json.dumps(data)), "t.json")
        with pytest.raises(TableError) as told:
            game.table(json.loads(json.dumps(data)), "t.json")
    assert told.value.message == thorough.value.message


def test_a_table_the_checks_take_is_taken_by_both(game: Crossfire) -> None:
    for mode in ("crossfire", "sniper"):
        for extra in ({}, {"marks": []}, {"marks": None}, {"options": {}}):
            if mode == "crossfire" or "marks" in extra or not extra or extra == {"options": {}}:
                data = {**_table(game, mode), **extra}
                assert game._fast_table(json.loads(json.dumps(data))) is not None, (mode, extra)
                game._checked_table(json.loads(json.dumps(data)), "t.json")


# ---------------------------------------------------------------- 6. the web's role sets are checked as `deck new` checks them


def _pool_with_rule(tmp_path: Path) -> Path:
    shutil.copytree(CARDS / "crossfire", tmp_path / "pool" / "crossfire")
    path = tmp_path / "pool" / "crossfire" / "modes" / "crossfire.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deck_rules"].append({"rule": "role_count", "role": "bystander", "max": 1})  # the Peacekeeper adds one
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return tmp_path / "pool"


def test_the_web_s_role_set_is_refused_as_deck_new_refuses_it(cli: Any, tmp_path: Path) -> None:
    from toolkit.web.deckwork import DeckPoolView
    from toolkit.web.deckwork import role_set as web_role_set

    pool = _pool_with_rule(tmp_path)
    out = tmp_path / "roles.json"
    result = cli("--lang", "en", "deck", "new", "--cards", pool, "--game", "crossfire", "--mode", "crossfire",
                 "--players", "7", "--special", "peacekeeper", "--out", out)  # fmt: skip
    assert result.exit_code == 2 and not out.exists(), result.output
    said = result.stderr.strip().removeprefix("dossier: error: --special: ")
    assert "Bystander ×2" in said, said
    view = DeckPoolView(load_catalog([pool / "crossfire"]).records)
    with use_lang("en"), pytest.raises(DossierError) as refused:
        web_role_set(view, "crossfire", 7, ["peacekeeper"])
    assert refused.value.message == said


# ---------------------------------------------------------------- 9. which neighbour each card seen came from


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_cards_seen_say_which_neighbour_they_came_from(game: Crossfire, lang: str) -> None:

    deal = game.deal("crossfire", 7, seed=5)
    words = {"en": ("left neighbour", "right neighbour"), "zh-Hans": ("左邻", "右邻")}[lang]
    for seat in deal.roles:
        card = role_card(game, deal, seat, None, lang)
        left, right = seat % 7 + 1, (seat - 2) % 7 + 1
        assert words[0] in card.seen[0] and str(left) in card.seen[0], card.seen
        assert words[1] in card.seen[1] and str(right) in card.seen[1], card.seen
        name = {"en": game.records[deal.seen[seat][1]].name.en, "zh-Hans": game.records[deal.seen[seat][1]].name.zh_hans}
        assert card.seen[1].startswith(name[lang])
        assert len(card.seen) == len(deal.seen[seat])


def test_the_private_page_and_the_host_page_say_which_neighbour(client: Any) -> None:
    host = create(client, mode="crossfire", players="7", host="moderator")
    room = room_of(client, host)
    page = html.unescape(client.get(f"/crossfire/p/{room.seat_tokens[3]}?lang=en").text)
    seen = re.search(r'id="cf-seen">([^<]*)<', page)
    assert seen and "left neighbour, seat 4" in seen.group(1) and "right neighbour, seat 2" in seen.group(1)
    moderator = html.unescape(client.get(f"{host}?lang=en").text)
    assert "left neighbour, seat 4" in moderator


def test_the_slips_and_the_private_screen_say_which_neighbour(game: Crossfire) -> None:
    from toolkit.cli.crossfire import card_lines, slips_for
    from toolkit.engine.crossfire_cards import role_cards

    deal = game.deal("crossfire", 7, seed=5)
    cards = role_cards(game, deal, {}, "en")
    rows = dict(slips_for(cards)[0].rows)
    assert "left neighbour, seat 2" in rows["Cards you saw in the deal"]
    assert any("right neighbour, seat 7" in line for line in card_lines(cards[0]))


# ---------------------------------------------------------------- 10. the help of --margin


def test_the_margin_help_is_true_of_crossfire(cli: Any) -> None:
    def margin(game: str) -> str:
        result = cli("--lang", "en", "balance", game, "--help")
        return " ".join(result.output.split()).split("--margin", 1)[1].split("[default", 1)[0]

    crossfire = margin("crossfire")
    assert "the average seat's win rate" in crossfire and "50% ±" not in crossfire, crossfire
    assert "50%" in margin("tactics") and "its side's win rate" in margin("netrunner")


def test_a_set_up_that_loses_its_last_assassin_is_still_refused() -> None:
    """(What two Peacekeepers did before a special role joined once: one takes the last Assassin of this mode.)"""
    mode = mode_with(compositions={7: {"agent": 2, "assassin": 1, "bystander": 1, "decoy": 1, "red_decoy": 1,
                                       "vip": 1}})  # fmt: skip
    game = Crossfire.from_records([*ROLES, mode, MODES["sniper"]])
    with use_lang("en"), pytest.raises(RequestError, match="^Assassin ×0; Crossfire mode needs at least 1$") as told:
        game.setup("crossfire", 7, ["peacekeeper"])
    assert told.value.option == "special"
