"""Crossfire (sweep 75, helper 786): every role slip fits, and a slip that cannot names no seat; a name that reads
as a seat's label in either language is refused; the docs say a protector's aim is never blank; a role's text
follows the table's house rule protester_counts_as_bystander."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from tests.test_crossfire_web_fixes import create, room_of
from tests.test_crossfire_web_s72 import text_of
from tests.web.conftest import writing_client
from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, NameRefused, clean_names, is_seat_label
from toolkit.errors import DossierError

ROOT = Path(__file__).resolve().parent.parent
COUNTS = "protester_counts_as_bystander"


@pytest.fixture(scope="module")
def game() -> Crossfire:
    return Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    from toolkit.web.settings import WebSettings

    yield from writing_client(WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                                          data=tmp_path / "data"))  # fmt: skip


# ---------------------------------------------------------------- 1. every slip fits; the error names no seat


def test_the_enforcer_s_table_prints_its_slips(cli: Any, tmp_path: Path) -> None:
    """Before the fix: "slip 7 (Seat 7): the role's text does not fit its slip even at 5 pt", exit 2, no PDF."""
    out = tmp_path / "q.pdf"
    result = cli("--lang", "en", "crossfire", "deal", "-n", "7", "--seed", "3", "--special", "enforcer", "--slips", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


def _slip_sizes(game: Crossfire, mode: str, players: int, specials: list[str], seed: int, lang: str) -> float:
    """The flap text's size the slips of this deal are printed at (raises when one does not fit)."""
    from toolkit.cli.crossfire import slips_for
    from toolkit.engine.crossfire_cards import role_cards
    from toolkit.sheets import slips

    public = {"sniper": 1} if mode == "sniper" else None
    deal = game.deal(mode, players, specials, seed=seed, dealer=2 if public else 1, public_seats=public)
    cards = slips_for(role_cards(game, deal, {}, lang))
    fonts = slips._fonts(cards)
    w, h = (slips.A4[0] - 2 * slips.MARGIN) / slips.COLUMNS, (slips.A4[1] - 2 * slips.MARGIN) / slips.ROWS
    box = slips._flap_box(w, h)
    return min(slips._layout_flap(slip, *box, fonts, slips.MAX_SIZE).size for slip in cards)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize(
    ("players", "specials"),
    [
        (7, ["enforcer"]),  # the deals the sweep found (seeds 2, 3): the Enforcer's text and four cards seen
        (7, ["enforcer", "peacekeeper"]),
        (7, ["enforcer", "supporter"]),
        (10, ["bodyguard", "enforcer"]),
        (5, ["enforcer"]),
        (8, ["bodyguard", "bomber"]),
        (9, ["peacekeeper", "protester"]),
    ],
)
def test_every_slip_fits_with_room_to_spare(game: Crossfire, players: int, specials: list[str], lang: str) -> None:
    for seed in range(4):
        assert _slip_sizes(game, "crossfire", players, specials, seed, lang) >= 5.5, (seed, specials)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_sniper_mode_slips_fit(game: Crossfire, lang: str) -> None:
    for players in (7, 10):
        assert _slip_sizes(game, "sniper", players, [], 1, lang) >= 5.5


def test_the_cards_seen_are_set_smaller(game: Crossfire) -> None:
    from toolkit.cli.crossfire import slips_for
    from toolkit.engine.crossfire_cards import role_cards
    from toolkit.sheets import slips

    deal = game.deal("crossfire", 7, ["enforcer"], seed=3)
    slip = slips_for(role_cards(game, deal, {}, "en"))[6]
    assert slip.small_rows == 1 and slip.rows[-1][0] == "Cards you saw in the deal"
    flap = slips._layout_flap(slip, 240.0, 200.0, slips._fonts([slip]), slips.MAX_SIZE)
    sizes = [size for _label, _indent, _lines, size in flap.rows]
    assert sizes[-1] < sizes[0] == flap.size


def test_a_slip_that_does_not_fit_names_no_seat_and_no_role() -> None:
    from toolkit.sheets.slips import Slip, slips_pdf

    def slip(seat: int, text: str) -> Slip:
        return Slip(seat_label=f"Seat {seat}", name=None, role="Enforcer", team="blue team", team_color="blue",
                    rows=(("You win", text),))  # fmt: skip

    with pytest.raises(DossierError) as caught:
        slips_pdf([slip(1, "You win."), slip(2, "If you are not hit, you win. " * 60)])
    message = caught.value.message
    assert "does not fit" in message and "5 pt" in message
    assert "Seat" not in message and "slip 2" not in message and "Enforcer" not in message, message


def test_the_deal_refusing_its_slips_says_no_seat(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolkit.sheets import slips

    monkeypatch.setattr(slips, "MIN_SIZE", 40.0)  # nothing fits
    monkeypatch.setattr(slips, "MAX_SIZE", 40.0)
    out = tmp_path / "q.pdf"
    result = cli("--lang", "en", "crossfire", "deal", "-n", "7", "--seed", "3", "--special", "enforcer", "--slips", out)
    assert result.exit_code == 2 and not out.exists()
    assert "does not fit" in result.output and "Seat" not in result.output and "seat" not in result.output


# ---------------------------------------------------------------- 2. a name that reads as a seat's label


@pytest.mark.parametrize("name", ["seat 3", "Seat 3", "SEAT  3", "seat3", "3 号座位", "3号座位", " 12 号 座位 "])
def test_a_seat_label_in_either_language_is_refused(name: str) -> None:
    assert is_seat_label(name)
    with pytest.raises(NameRefused, match="mistaken for a seat number") as caught:
        clean_names([(1, "Ana"), (2, name)])
    assert caught.value.seat == 2


@pytest.mark.parametrize("name", ["Ana", "座位", "号座位", "3", "Seat 3 Ana", "李 3 号", "seats 3", "Seat three"])
def test_other_names_are_kept(name: str) -> None:
    assert not is_seat_label(name)
    assert clean_names([(1, name)]) == {1: " ".join(name.split())}


def test_the_web_form_refuses_a_chinese_seat_label(client: Any) -> None:
    """Before the fix a table with name_1="3 号座位" was made, and its score showed two rows "3 号座位"."""
    answer = client.post("/crossfire?lang=en", data={"mode": "crossfire", "players": "7", "name_1": "3 号座位"},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 400, answer.status_code
    assert "would be mistaken for a seat number in the score" in text_of(answer.text)


# ---------------------------------------------------------------- 3. a protector's aim is never blank


def test_the_resolve_help_says_a_protector_names_whom_it_protects(cli: Any) -> None:
    result = cli("--lang", "en", "crossfire", "resolve", "--help")
    said = " ".join(result.output.split())
    assert "unarmed players may leave it out, but a protector (Bodyguard, Peacekeeper) names whom it protects" in said


def test_the_tutorial_says_a_protector_names_whom_it_protects() -> None:
    en = " ".join((ROOT / "docs/tutorials/crossfire-table.md").read_text(encoding="utf-8").split())
    zh = "".join((ROOT / "docs/tutorials/crossfire-table.zh.md").read_text(encoding="utf-8").split())
    assert "unarmed players may leave it empty, but a protector (Bodyguard, Peacekeeper) names whom it protects" in en
    assert "没有武器的玩家可以留空，但保护者（保镖、维和者）要填上他保护的玩家" in zh


def test_the_form_does_not_say_a_protector_may_be_left_blank(game: Crossfire) -> None:
    from toolkit.web.routes.crossfire import _aims_help

    guarded = game.deal("crossfire", 7, ["bodyguard"], seed=1)
    said = _aims_help(game, guarded, False, "en")
    assert "Unarmed players may be left blank, but not the Bodyguard, who names whom it protects." in said, said
    plain = game.deal("crossfire", 7, [], seed=1)
    assert _aims_help(game, plain, False, "en").endswith("Unarmed players may be left blank.")


def test_the_engine_refuses_a_blank_protector_as_the_docs_now_say(game: Crossfire) -> None:
    deal = game.deal("crossfire", 7, ["bodyguard"], seed=1)
    table = deal.to_json()
    for player in table["players"]:
        player["aim"] = [player["seat"] % 7 + 1]
    game.table(table, "t.json")  # every aim given: taken
    guard = next(p for p in table["players"] if p["role"] == "bodyguard")
    guard["aim"] = []
    with pytest.raises(DossierError, match=rf"/players/{guard['seat'] - 1}/aim"):
        game.table(table, "t.json")


# ---------------------------------------------------------------- 4. the Protester's text follows the house rule


@pytest.mark.parametrize("role", ["protester", "supporter"])
def test_the_role_text_follows_the_house_rule(game: Crossfire, role: str) -> None:
    from toolkit.engine.crossfire_cards import NOT_A_BYSTANDER, role_card

    deal = game.deal("crossfire", 7, [role], seed=1)
    seat = next(s for s, r in deal.roles.items() if r == role)
    default = role_card(game, deal, seat, None, "en").play
    assert "You count as a Bystander." in default and NOT_A_BYSTANDER not in default
    assert role_card(game, deal, seat, None, "en", {COUNTS: True}).play == default
    off = role_card(game, deal, seat, None, "en", {COUNTS: False}).play
    assert "You count as a Bystander." not in off and off.count(NOT_A_BYSTANDER) == 1
    assert len(off) == len(default)  # said in the place of the sentence it replaces, the rest kept
    other = next(s for s, r in deal.roles.items() if r == "bystander" or r == "agent")
    plain = role_card(game, deal, other, None, "en").play
    assert role_card(game, deal, other, None, "en", {COUNTS: False}).play == plain


def test_the_private_page_follows_the_table_s_house_rule(client: Any) -> None:
    # every box of the mode unticked: both house rules off
    host = create(
        client, mode="crossfire", players="7", special=["protester"], host="moderator", house_rules="crossfire"
    )
    room = room_of(client, host)
    assert room.current is not None
    seat = next(s for s, r in room.current.to_deal().roles.items() if r == "protester")
    page = text_of(client.get(f"/crossfire/p/{room.seat_tokens[seat]}?lang=en").text)
    assert "Protester" in page
    assert "You count as a Bystander" not in page, page
    assert "House rule at this table: you do not count as a Bystander." in page
