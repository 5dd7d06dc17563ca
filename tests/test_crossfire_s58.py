"""Crossfire, sweep 58: what the screen shows beside slips, tables the Sniper decided, the cards seen one per look,
pools whose modes cannot deal, the special roles in any order, a set-up left without an Assassin, which hand counts,
the moderator's script, usage errors, a round no one won, the help's example, the file of a bad role text, the
docs' VIP sentence, the wording of seats and values."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CARDS, ROOT
from toolkit.catalog import load_catalog
from toolkit.cli import app
from toolkit.engine.crossfire import SCRIPT, Crossfire, RequestError, TableError
from toolkit.engine.crossfire_cards import BOTH_HANDS, RIGHT_HAND, role_card, role_cards
from toolkit.i18n import t as i18n_t
from toolkit.models.crossfire import role_set
from toolkit.web.crossfire_rooms import RoomError, RoomStore

BASE = "http://127.0.0.1:8000"
CSRF = "test-csrf-token-0123456789abcdef"
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"]


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def seated(mode: str, *roles: str, marks: list[int] | None = None, aims: dict[int, list[int]] | None = None) -> Any:
    """A table of ``roles`` in seat order (``aims``: seat -> seats), without aims unless given."""
    players = [{"seat": seat, "role": role} for seat, role in enumerate(roles, start=1)]
    for seat, aim in (aims or {}).items():
        players[seat - 1]["aim"] = aim
    table: dict[str, Any] = {"mode": mode, "players": players}
    if marks is not None:
        table["marks"] = marks
    return table


SNIPER_6 = ("vip", "agent", "assassin", "assassin", "bystander", "sniper")
BODYGUARD_7 = ("vip", "bodyguard", "agent", "assassin", "assassin", "decoy", "bystander")


# ---------------------------------------------------------------- 1. --slips keeps the roles off the screen


def test_slips_refuse_json_as_private_does(tmp_path: Path) -> None:
    """The help: with --private or --slips the screen shows only what every player may know. The JSON of a deal
    holds every role and the seed: --slips with --format json is refused, as --private is, before any file."""
    slips = tmp_path / "s.pdf"
    result = run(
        "crossfire", "deal", "-n", 5, "--lang", "en", "--slips", slips, "-f", "json", "--out", tmp_path / "t.json"
    )
    assert result.exit_code == 2
    assert result.stdout == "" and '"role"' not in result.output
    assert "--slips keeps the roles off the screen; it cannot be used with --format json" in result.stderr
    assert list(tmp_path.iterdir()) == []  # neither the slips nor the table written
    assert run("crossfire", "deal", "-n", 5, "--slips", slips, "--lang", "en").exit_code == 0  # text: public only


# ---------------------------------------------------------------- 2. a table the Sniper's shot cards decided


@pytest.mark.parametrize(("marks", "team"), [([1], "red"), ([5], "red"), ([3, 4], "blue")])
def test_assassins_need_no_aim_once_the_shot_cards_decided(game: Crossfire, marks: list[int], team: str) -> None:
    """Seed 003: the Sniper hitting the VIP or a Bystander means red, every Assassin hit blue; only "若尚未分出胜负"
    do the Assassins reveal and point. A table with no Assassin's aim then resolves, by either reading of it."""
    table = seated("sniper", *SNIPER_6, marks=marks)
    assert game._fast_table(table) is not None  # the fast path reads it too
    assert game.resolve(game.table(table)).team == team
    aimed = seated("sniper", *SNIPER_6, marks=marks, aims={3: [2], 4: [2]})  # an aim given anyway changes nothing
    if 3 not in marks:
        assert game.resolve(game.table(aimed)).team == team


def test_an_undecided_table_still_needs_the_assassins_aims(game: Crossfire) -> None:
    with pytest.raises(TableError, match=r"/players/3/aim: .*must point at 1"):
        game.table(seated("sniper", *SNIPER_6, marks=[3]))
    with pytest.raises(TableError, match=r"/players/2/aim: .*must point at 1"):
        game.table(seated("sniper", *SNIPER_6, marks=[]))


def test_the_cli_resolves_a_vip_the_sniper_hit(tmp_path: Path) -> None:
    result = run("crossfire", "resolve", write(tmp_path / "t.json", seated("sniper", *SNIPER_6, marks=[1])),
                 "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("team: Red team\nshot: 1\n")


@pytest.mark.parametrize("plays", [False, True])
def test_the_web_resolves_a_vip_the_sniper_hit(game: Crossfire, tmp_path: Path, plays: bool) -> None:
    """The host ticks only the VIP's shot card and resolves: no Assassin is asked for a target."""
    store = RoomStore(tmp_path)
    room = store.create(game, "sniper", 6, {}, [], seed=1, host_plays=plays)
    assert room.current is not None
    deal = room.current.to_deal()
    vip = next(seat for seat, role in deal.roles.items() if role == "vip")
    assert game.marks_decide("sniper", deal.roles, [vip])
    others = {s: [vip] for s in deal.roles if s != vip and s not in deal.public} if plays else {}
    resolved = store.resolve(game, room, others, [vip], str)  # a host who plays enters a target for every seat
    assert resolved.outcome is not None and resolved.outcome["team"] == "red"  # (a refusal never tells roles)
    if plays:  # the outcome showed every role: a host who plays cannot play the round again knowing them
        with pytest.raises(RoomError, match="cannot open a resolved round again"):
            store.reopen(room)
        return
    store.reopen(room)
    with pytest.raises(RoomError, match="an Assassin without a shot card"):  # undecided: the Assassins point
        store.resolve(game, room, {}, [], str)


# ---------------------------------------------------------------- 3. the cards seen: one per look


def _looks(deal: Any, seat: int) -> int:
    """How many times ``seat`` looked at a card: dealt, passed, and once per shuffle of their own card."""
    return 2 + sum(seat in trio for _by, trio in deal.shuffles)


@pytest.mark.parametrize("seed", range(12))
def test_a_card_that_came_back_is_seen_again(game: Crossfire, seed: int) -> None:
    """At the table two cards of one role cannot be told apart: the list has one entry per look (its role), so it
    never tells a player whether the card that came back was the same physical card."""
    deal = game.deal("crossfire", 7, seed=seed)
    for seat, seen in deal.seen.items():
        assert len(seen) == _looks(deal, seat)
        assert seen[-1] == deal.roles[seat]  # the last look is the card kept
    cards = role_cards(game, deal, {}, "en")
    assert [len(card.seen) for card in cards] == [_looks(deal, seat) for seat in deal.roles]  # the private pages


def test_the_reported_deal_lists_every_look() -> None:
    """`deal -n 7 --seed 1`: seat 6 looked three times, and the Agent that came back is listed again."""
    out = run("crossfire", "deal", "-n", 7, "--seed", 1, "--lang", "en").stdout
    # (each look says where the card came from since sweep 69; a long row wraps onto lines of its own)
    joined = re.sub(r"\n {10,}(?=\S)", " ", out)
    seen = ("Agent (dealt to you, passed to your left neighbour, seat 7); Assassin (passed to you by your right "
            "neighbour, seat 5); Agent (after seat 7 shuffled)")
    assert re.search(r"^ +6 +Agent +" + re.escape(seen) + "$", joined, re.M), out


# ---------------------------------------------------------------- 4. a mode that cannot deal names its file


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    shutil.copytree(CARDS / "crossfire", tmp_path / "pool")
    return tmp_path / "pool"


def _edit_mode(pool: Path, players: int, role: str, count: int) -> Path:
    path = pool / "modes" / "crossfire.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    next(c for c in data["compositions"] if c["players"] == players)["roles"][role] = count
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args", [["deal", "-n", 8], ["deal", "-n", 8, "-f", "json"], ["simulate", "-n", 8, "-k", 5], ["deal", "-n", 5]]
)
def test_a_composition_naming_an_unknown_role_is_one_line(pool: Path, args: list[Any]) -> None:
    path = _edit_mode(pool, 8, "ninja", 1)
    result = run("crossfire", *args, "--cards", pool, "--lang", "en")
    assert result.exit_code == 1
    assert result.stdout == "" and "Traceback" not in result.output
    assert result.stderr == f"dossier: error: {path}: crossfire mode 'crossfire': role 'ninja' does not exist\n"


def test_a_composition_of_the_wrong_size_is_refused(pool: Path) -> None:
    path = _edit_mode(pool, 7, "agent", 3)  # 8 roles for 7 seats: a card would be dropped
    result = run("crossfire", "deal", "-n", 7, "--cards", pool, "--lang", "en")
    assert result.exit_code == 1
    assert f"{path}: crossfire mode 'crossfire': the 7-player composition deals 8 roles" in result.stderr


# ---------------------------------------------------------------- 5. the special roles in any order

ORDERS = [
    ("bomber", "protester", "peacekeeper"),
    ("peacekeeper", "bomber", "protester"),
    ("protester", "peacekeeper", "bomber"),
]


def test_the_same_special_roles_give_the_same_set_up_in_any_order(game: Crossfire) -> None:
    sets = {json.dumps(role_set(game.modes["crossfire"], 7, order)) for order in ORDERS}
    assert len(sets) == 1
    assert {json.dumps(dict(game.setup("crossfire", 7, order))) for order in ORDERS} == sets


@pytest.mark.parametrize("order", ORDERS)
def test_deal_and_deck_new_take_the_special_roles_in_any_order(tmp_path: Path, order: tuple[str, ...]) -> None:
    specials = [arg for role in order for arg in ("--special", role)]
    result = run("crossfire", "deal", "-n", 7, "--seed", 3, "--lang", "en", *specials)
    assert result.exit_code == 0, result.output
    setup = "set-up: Agent ×1, Assassin ×1, Bomber ×1, Decoy ×1, Peacekeeper ×1, Protester ×1, VIP ×1"
    assert setup in result.stdout
    made = run("deck", "new", "--game", "crossfire", "--mode", "crossfire", "--players", 7, *specials,
               "--out", tmp_path / "d.json")  # fmt: skip
    assert made.exit_code == 0, made.output


# ---------------------------------------------------------------- 6. a set-up left without an Assassin


@pytest.mark.parametrize("command", [["deal"], ["simulate", "-k", 5]])
def test_a_set_up_without_an_assassin_is_refused(command: list[Any]) -> None:
    # (since sweep 69 a special role joins a table at most once: two Peacekeepers are refused before their set-up
    # lacks an Assassin; tests/test_crossfire_s69.py has a mode whose one Peacekeeper takes its last Assassin)
    result = run("crossfire", *command, "-n", 7, "--special", "peacekeeper", "--special", "peacekeeper", "--lang", "en")
    assert result.exit_code == 2
    assert result.stderr == "dossier: error: --special: Peacekeeper joins a table at most once\n"


def test_the_engine_refuses_it_too(game: Crossfire) -> None:
    with pytest.raises(RequestError, match="joins a table at most once") as refused:
        game.setup("crossfire", 8, ["peacekeeper", "peacekeeper"])
    assert refused.value.option == "special" and refused.value.exit_code == 2


# ---------------------------------------------------------------- 7. which hand counts


def test_a_set_up_with_a_two_gun_role_says_which_hand_counts(game: Crossfire) -> None:
    deal = game.deal("crossfire", 7, ["enforcer"], seed=2)
    for seat, role in deal.roles.items():
        card = role_card(game, deal, seat, None, "en")
        wanted = i18n_t("en", BOTH_HANDS if role == "enforcer" else RIGHT_HAND)
        assert wanted in card.play, (role, card.play)
        assert "right hand" in i18n_t("en", RIGHT_HAND)
    plain = game.deal("crossfire", 7, ["bomber"], seed=2)
    for card in role_cards(game, plain, {}, "en"):
        assert not any("both hands" in line for line in card.play)


def test_the_slips_say_it(game: Crossfire) -> None:
    from toolkit.cli.crossfire import slips_for

    deal = game.deal("crossfire", 8, ["enforcer"], seed=5)
    for slip in slips_for(role_cards(game, deal, {}, "en")):
        assert any("right hand" in text or "both of yours are guns" in text for _label, text in slip.rows), slip


def test_the_private_page_of_a_both_hands_table_says_it(tmp_path: Path) -> None:
    with _client(tmp_path) as (client, web):
        host = _create(client, {"mode": "crossfire", "players": "7", "special": ["enforcer"], "host": "plays"})
        from toolkit.web.routes.crossfire import rooms

        room = rooms(web).host(host.rsplit("/", 1)[1])
        assert room is not None and room.current is not None
        deal = room.current.to_deal()
        seat = next(s for s, r in deal.roles.items() if r == "agent")
        page = client.get(f"/crossfire/p/{room.seat_tokens[seat]}?lang=en").text
        assert i18n_t("en", RIGHT_HAND) in page
        host_page = client.get(host + "?lang=en").text
        assert "points at (right hand)" in host_page and "points at (left hand)" in host_page


# ---------------------------------------------------------------- 8. the moderator's script

CROSSFIRE_LINES = [SCRIPT[k] for k in ("unarmed", "agents", "agents_hit", "vip", "personal")]


def test_resolve_reads_the_script_with_the_protection_at_its_step(tmp_path: Path) -> None:
    """t/bg_one.json: the Bodyguard cancels the Assassin's bullet at the VIP; the output said only "not hit"."""
    table = seated("crossfire", *BODYGUARD_7, aims={2: [1], 3: [7], 4: [1], 5: [6]})
    path = write(tmp_path / "t.json", table)
    out = run("crossfire", "resolve", path, "--lang", "en").stdout
    script = out.split("the moderator's script:\n", 1)[1]
    assert [line.split(". ", 1)[1] for line in script.splitlines() if re.match(r"  \d\. ", line)] == CROSSFIRE_LINES
    assert "     hands down: seat 1, seat 6, seat 7\n" in script
    assert "     revealed: seat 2, seat 3\n" in script  # the Bodyguard counts as an Agent
    step3, step4 = script.split("  4. ")[0].split("  3. ")[1], script.split("  4. ")[1].split("  5. ")[0]
    assert "seat 7 hit by seat 3" in step3
    assert "seat 1 protected by seat 2 against the bullet of seat 4" in step4 and "seat 6 hit by seat 5" in step4
    assert "the VIP is not hit: Blue team wins" in step4
    data = json.loads(run("crossfire", "resolve", path, "-f", "json", "--lang", "en").stdout)
    assert [step["line"] for step in data["script"]] == CROSSFIRE_LINES
    players = {p["seat"]: p for p in data["players"]}
    assert players[1]["protected"] == [{"step": 4, "from": 4, "by": 2}] and players[1]["hit_at"] is None
    assert players[7]["hit_at"] == 3 and players[6]["hit_at"] == 4


def test_the_sniper_s_script_stops_when_the_shot_cards_decide(tmp_path: Path) -> None:
    decided = json.loads(run("crossfire", "resolve", write(tmp_path / "a.json", seated("sniper", *SNIPER_6, marks=[1])),
                             "-f", "json").stdout)  # fmt: skip
    assert [s["key"] for s in decided["script"]] == ["marks", "personal"] and decided["script"][0]["team"] == "red"
    table = seated("sniper", *SNIPER_6, marks=[3], aims={4: [1]})
    played = json.loads(run("crossfire", "resolve", write(tmp_path / "b.json", table), "-f", "json").stdout)
    assert [s["key"] for s in played["script"]] == ["marks", "assassins", "reveal", "personal"]
    assert played["script"][1]["seats"] == [4] and played["script"][1]["hits"] == [{"seat": 1, "by": [4]}]


def test_the_script_in_chinese_is_the_seed_s() -> None:
    """Seed 003 §三, word for word (fails until the Chinese of the script is in the catalog)."""
    zh = [i18n_t("zh-Hans", line) for line in CROSSFIRE_LINES[:4]]
    assert zh == ["没有持械的人，请把手放下。", "特工，翻开你们的身份卡。", "被特工击中的人，把手放下并翻开身份卡。",
                  "VIP，翻开你的身份卡。你被击中了吗？"]  # fmt: skip


def test_the_host_page_shows_the_script_before_and_after(tmp_path: Path) -> None:
    with _client(tmp_path) as (client, web):
        host = _create(client, {"mode": "crossfire", "players": "7", "special": ["bodyguard"]})
        page = client.get(host + "?lang=en").text
        lines = re.search(r'id="cf-script-lines"[^>]*>(.*?)</ol>', page, re.S)
        assert lines is not None and [html_text(li) for li in re.findall(r"<li>(.*?)</li>", lines.group(1))] == (
            CROSSFIRE_LINES
        )
        from toolkit.web.routes.crossfire import rooms

        room = rooms(web).host(host.rsplit("/", 1)[1])
        assert room is not None and room.current is not None
        roles = room.current.to_deal().roles
        seat = {role: s for s, role in roles.items()}
        aims: dict[str, Any] = {f"aim_{s}": [] for s in roles}
        aims[f"aim_{seat['bodyguard']}"] = [str(seat["vip"])]
        aims[f"aim_{seat['agent']}"] = [str(seat["decoy"])]
        aims.update({f"aim_{s}": [str(seat["vip"])] for s, r in roles.items() if r == "assassin"})
        done = client.post(host + "/resolve?lang=en", data=aims)
        assert done.status_code == 200, done.text[:300]
        script = re.search(r'id="cf-script"[^>]*>(.*?)</ol>', done.text, re.S)
        assert script is not None
        text = html_text(script.group(1))
        assert "VIP, reveal your role card. Were you hit?" in text
        assert f"protected by {NAMES[seat['bodyguard'] - 1]} (seat {seat['bodyguard']})" in text


# ---------------------------------------------------------------- 9. usage errors name the option, exit 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "-n", 4], "--players: Crossfire mode is for 5-10 players, not 4"),
        (["deal", "-n", 7, "--special", "foo"], "--special: no crossfire role is called 'foo'"),
        (["deal", "-n", 7, "--mode", "foo"], "--mode: unknown mode 'foo'; the crossfire modes are crossfire, sniper"),
        (["deal", "-n", 7, "--dealer", 9], "--dealer: dealer seat 9 is not at a 7-player table"),
        (["deal", "-n", 7, "--mode", "sniper", "--sniper", 9], "--sniper: the Sniper sits at seat 9"),
        (["simulate", "-n", 4, "-k", 3], "--players: Crossfire mode is for 5-10 players, not 4"),
        (["simulate", "-n", 7, "-k", 3, "--special", "foo"], "--special: no crossfire role is called 'foo'"),
    ],
)
def test_a_bad_option_is_a_usage_error_naming_it(args: list[Any], message: str) -> None:
    result = run("crossfire", *args, "--lang", "en")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"dossier: error: {message}"), result.stderr


def test_a_bad_table_file_stays_exit_1(tmp_path: Path) -> None:
    result = run(
        "crossfire", "resolve", write(tmp_path / "t.json", seated("crossfire", "vip", "agent")), "--lang", "en"
    )
    assert result.exit_code == 1 and "t.json: /players: Crossfire mode is for 5-10 players, not 2" in result.stderr


# ---------------------------------------------------------------- 10. a round no one won


def test_no_winner_when_no_one_scored(tmp_path: Path) -> None:
    """t/nowin.json: the Agent hits the VIP, the Assassins hit the Bystander: no one wins the round."""
    table = seated("crossfire", "vip", "agent", "assassin", "assassin", "blue_decoy", "bystander",
                   aims={2: [1], 3: [6], 4: [6]})  # fmt: skip
    data = json.loads(run("crossfire", "score", write(tmp_path / "t.json", table), "-f", "json").stdout)
    assert data["winners"] == [] and not any(row["winner"] for row in data["scores"])
    text = run("crossfire", "score", tmp_path / "t.json", "--lang", "en").stdout
    assert "winner" not in text


# ---------------------------------------------------------------- 11. the help keeps its example


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_resolve_help_keeps_the_example_as_written(lang: str) -> None:
    out = run("crossfire", "resolve", "--help", "--lang", lang).stdout
    assert '\n    "players": [\n' in out
    assert '\n      {"seat": 7, "name": "Gus", "role": "bomber"}\n' in out


# ---------------------------------------------------------------- 12. a bad role text names its file


def test_a_bad_role_text_names_the_file_as_lint_does(pool: Path) -> None:
    path = pool / "roles" / "decoy.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["win"] = ["如果你被击中了吗，你获胜。"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run("crossfire", "deal", "-n", 7, "--cards", pool, "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"dossier: error: {path}: crossfire role 'decoy': /win/0: column 7 of the text: ")


# ---------------------------------------------------------------- 13. the docs' VIP sentence


def test_the_rulings_say_the_vip_wins_with_blue_only_unhit(game: Crossfire) -> None:
    """In sniper mode blue wins with the VIP hit when the Assassins hit a Bystander too: the VIP loses."""
    table = seated("sniper", *SNIPER_6, marks=[], aims={3: [1], 4: [5]})
    outcome = game.resolve(game.table(table))
    assert outcome.team == "blue" and 1 not in outcome.winners
    for page in ("rulings.md", "rulings.zh.md"):
        text = " ".join((ROOT / "docs" / page).read_text(encoding="utf-8").split())
        assert "the VIP wins when blue wins" not in text and "蓝队获胜时 VIP 获胜" not in text
    english = " ".join((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8").split())
    assert "the VIP wins with blue only when not hit" in english


# ---------------------------------------------------------------- 14. wording


@pytest.mark.parametrize(("value", "shown"), [(True, "true"), (["3"], '["3"]'), ("x", '"x"')])
def test_table_errors_quote_values_as_json(game: Crossfire, value: Any, shown: str) -> None:
    table = seated("crossfire", "vip", "agent", "assassin", "red_decoy", "bystander", aims={2: [3], 3: [1]})
    table["players"][0]["aim"] = value
    with pytest.raises(TableError, match=re.escape(f"a list of seat numbers, not {shown}")):
        game.table(table)


def test_the_chinese_names_a_seat_one_way_and_says_point(game: Crossfire) -> None:
    """The role cards and the web say "3 号座位" and 指向 (fails until the corrected Chinese is in the catalog)."""
    from toolkit.i18n import use_lang

    table = seated("crossfire", "vip", "agent", "assassin", "red_decoy", "bystander", aims={2: [2], 3: [1]})
    with use_lang("zh-Hans"), pytest.raises(TableError) as refused:
        game.table(table, "t.json")
    assert "2 号座位（特工）指向了自己" in refused.value.message
    with use_lang("zh-Hans"), pytest.raises(RequestError) as joined:
        game.setup("crossfire", 5, ["peacekeeper"])
    assert "维和者只能在" in joined.value.message  # no space after a Chinese role name


# ---------------------------------------------------------------- helpers for the web


class _client:  # noqa: N801 - used as a context manager, like a function
    """A TestClient of the app over the bundled cards whose writes pass the same-site checks; (client, web)."""

    def __init__(self, tmp_path: Path) -> None:
        from fastapi.testclient import TestClient

        from toolkit.web.app import create_app
        from toolkit.web.settings import WebSettings

        self.app = create_app(WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                                          data=tmp_path / "data"))  # fmt: skip
        self.client = TestClient(self.app, base_url=BASE)

    def __enter__(self) -> tuple[Any, Any]:
        client = self.client.__enter__()
        client.cookies.set("csrf", CSRF)
        client.headers.update({"Origin": BASE, "X-CSRF-Token": CSRF})
        return client, self.app.state.web

    def __exit__(self, *exc: object) -> None:
        self.client.__exit__(*exc)


def _create(client: Any, data: dict[str, Any]) -> str:
    data = {**data, **{f"name_{i}": n for i, n in enumerate(NAMES[: int(data["players"])], start=1)}}
    answer = client.post("/crossfire?lang=en", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"])


def html_text(fragment: str) -> str:
    import html

    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())
