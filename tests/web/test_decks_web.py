"""The deck builder: the JSON API (TestClient, fast) and the page in a real Chromium (Playwright).

The API must say what `dossier deck validate`, `deck convert`, `deck stats` and `deck odds` say for
the same deck: the tests compare with the CLI run in-process on the same files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples" / "decks"
FINGERS = EXAMPLES / "netrunner" / "runner-criminal-fingers.json"
FINGERS_LIST = EXAMPLES / "netrunner" / "runner-criminal-fingers-list.txt"
DUO = EXAMPLES / "tactics" / "duo.json"


def cli_summary(cli: Any, path: Path, *args: str) -> str:
    """The summary line `dossier deck validate` prints for ``path`` (after ``path: ``)."""
    result = cli("deck", "validate", str(path), *args)
    return result.stdout.strip().splitlines()[-1].split(": ", 1)[1]


# ---------------------------------------------------------------------- validate


@pytest.mark.parametrize("path", [FINGERS, FINGERS_LIST, DUO, EXAMPLES / "crossfire" / "crossfire-9-specials.json"])
def test_validate_says_what_the_cli_says(ro_client: Any, cli: Any, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    body = ro_client.post("/api/decks/validate", json={"text": text, "filename": path.name, "lang": "en"}).json()
    assert body["legal"] is True
    assert body["findings"] == []
    assert body["summary"] == cli_summary(cli, path, "--lang", "en")


def test_findings_of_an_illegal_deck_match_the_cli(ro_client: Any, cli: Any, tmp_path: Path) -> None:
    deck = json.loads(FINGERS.read_text(encoding="utf-8"))
    deck["cards"]["archive_heist"] = 5  # over the copy limit
    del deck["cards"]["data_ramble"]  # and under the minimum size
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(deck, ensure_ascii=False), encoding="utf-8")
    body = ro_client.post("/api/decks/validate", json={"deck": deck, "lang": "en"}).json()
    assert body["legal"] is False
    codes = sorted(f["code"] for f in body["findings"])
    cli_out = cli("deck", "validate", str(path), "--lang", "en").stdout
    assert codes == sorted(re.findall(r"error (deck\.[a-z_.]+):", cli_out))
    assert body["summary"] == cli_summary(cli, path, "--lang", "en")
    assert all("\n" not in f["message"] for f in body["findings"])


def test_findings_speak_the_page_language(ro_client: Any) -> None:
    """The findings of the rules in the language asked for: Chinese on a Chinese page, the CLI's English on
    an English one; the same codes and places either way."""
    deck = json.loads(FINGERS.read_text(encoding="utf-8"))
    deck["cards"]["archive_heist"] = 5
    del deck["cards"]["data_ramble"]
    del deck["identity"]
    zh = ro_client.post("/api/decks/validate", json={"deck": deck, "lang": "zh-Hans"}).json()["findings"]
    en = ro_client.post("/api/decks/validate", json={"deck": deck, "lang": "en"}).json()["findings"]
    assert [(f["code"], f["pointer"], f["line"]) for f in zh] == [(f["code"], f["pointer"], f["line"]) for f in en]
    by_code = {f["code"]: f["message"] for f in zh}
    assert by_code["deck.identity.missing"].startswith("牌组没有特性；"), by_code  # (and how to give one)
    assert "5 张" in by_code["deck.copies.over"] and "至多 3 张" in by_code["deck.copies.over"]
    assert {f["code"]: f["message"] for f in en}["deck.identity.missing"].startswith("the deck has no identity; ")


def test_a_list_with_unknown_names_reports_them_with_lines(ro_client: Any) -> None:
    text = '# game: netrunner\n1x Vera "Fingers" Thorne\n3x No Such Card\n'
    body = ro_client.post("/api/decks/validate", json={"text": text, "lang": "en"}).json()
    unknown = [f for f in body["findings"] if f["code"].endswith("unknown")]
    assert unknown and unknown[0]["line"] == 3 and unknown[0]["file"] == "the pasted list"  # (no scratch file's name)
    assert body["legal"] is False
    assert unknown[0]["message"].startswith("no netrunner card is called 'No Such Card'")
    zh = ro_client.post("/api/decks/validate", json={"text": text, "lang": "zh-Hans"}).json()["findings"]
    [unknown_zh] = [f for f in zh if f["code"] == unknown[0]["code"]]
    assert unknown_zh["line"] == 3 and unknown_zh["message"].startswith("矩阵潜袭中没有名为「No Such Card」的牌")


@pytest.mark.parametrize(
    "body, status",
    [({}, 400), ({"deck": {}, "text": "x"}, 400), ({"text": "x", "format": "pdf"}, 400), ({"text": 3}, 422)],
)
def test_bad_requests_are_one_line(ro_client: Any, body: dict[str, Any], status: int) -> None:
    response = ro_client.post("/api/decks/validate", json=body)
    assert response.status_code == status
    if status == 400:
        assert "\n" not in response.json()["detail"]


# ---------------------------------------------------------------------- import, export


@pytest.mark.parametrize("fmt", ["json", "text", "nrdb", "jinteki", "o8d"])
def test_export_is_deck_convert_and_reads_back(ro_client: Any, cli: Any, fmt: str) -> None:
    deck = json.loads(FINGERS.read_text(encoding="utf-8"))
    out = ro_client.post("/api/decks/export", json={"deck": deck, "to": fmt, "lang": "zh-Hans"}).json()
    converted = cli("deck", "convert", str(FINGERS), "--to", fmt, "--lang", "zh-Hans").stdout
    if fmt != "json":  # the CLI writes a "$schema" relative to its --out
        assert out["content"] == converted
    back = ro_client.post(
        "/api/decks/import", json={"text": out["content"], "filename": out["filename"], "mode": "standard"}
    ).json()
    if fmt == "jinteki":  # jinteki.net's list has no identity line; the identity is chosen there
        assert back["deck"]["cards"].items() >= {"archive_heist": 3}.items()
    else:
        assert back["deck"]["identity"] == deck["identity"]
        assert back["deck"]["cards"] == deck["cards"]
        assert back["legal"] is True


def test_download_has_a_file_name(ro_client: Any) -> None:
    deck = json.loads(FINGERS.read_text(encoding="utf-8"))
    response = ro_client.post("/decks/export", data={"deck": json.dumps(deck), "to": "o8d"})
    assert response.status_code == 200
    assert 'filename="' in response.headers["content-disposition"]
    assert response.headers["content-disposition"].split('filename="')[1].split('"')[0].endswith(".o8d")
    assert response.text.startswith("<?xml")


def test_netrunner_formats_refuse_other_games(ro_client: Any) -> None:
    deck = json.loads(DUO.read_text(encoding="utf-8"))
    response = ro_client.post("/api/decks/export", json={"deck": deck, "to": "o8d"})
    assert response.status_code == 400 and "\n" not in response.json()["detail"]


def test_upload_a_deck_file(ro_client: Any) -> None:
    o8d = ro_client.post(
        "/api/decks/export", json={"deck": json.loads(FINGERS.read_text(encoding="utf-8")), "to": "o8d"}
    ).json()["content"]
    response = ro_client.post(
        "/api/decks/import/file", files={"file": ("fingers.o8d", o8d.encode(), "application/xml")}
    )
    assert response.status_code == 200
    assert response.json()["deck"]["identity"] == "vera_fingers_thorne"
    assert response.json()["share"]


def test_import_form_opens_the_builder_or_shows_findings(ro_client: Any) -> None:
    ok = ro_client.post(
        "/decks/import", data={"text": FINGERS_LIST.read_text(encoding="utf-8")}, follow_redirects=False
    )
    assert ok.status_code == 303 and ok.headers["location"].startswith("/decks/build?d=")
    bad = ro_client.post("/decks/import", data={"text": "{not json"})
    assert bad.status_code == 400 and "deck.json" in bad.text


# ---------------------------------------------------------------------- stats, odds, share, roles


def test_stats_odds_and_draw_are_the_clis(ro_client: Any, cli: Any) -> None:
    deck = json.loads(DUO.read_text(encoding="utf-8"))
    stats = ro_client.post("/api/decks/stats", json={"deck": deck}).json()
    assert {k: stats[k] for k in json.loads(cli("deck", "stats", str(DUO), "--format", "json").stdout)} == json.loads(
        cli("deck", "stats", str(DUO), "--format", "json").stdout
    )
    odds = ro_client.post("/api/decks/odds", json={"deck": deck, "turns": 2}).json()
    expected = json.loads(cli("deck", "odds", str(DUO), "--turns", "2", "--format", "json").stdout)
    assert odds["seen"] == expected["seen"]
    assert [c["p"] for c in odds["cards"]] == [c["p"] for c in expected["cards"]]
    hand = ro_client.post("/api/decks/draw", json={"deck": deck, "seed": 7}).json()["hand"]
    assert [c["id"] for c in hand] == [
        re.search(r"\((\w+)\)$", line).group(1)  # type: ignore[union-attr]
        for line in cli("deck", "draw", str(DUO), "--seed", "7").stdout.splitlines()
    ]


def test_analyze_gives_everything_the_builder_shows(ro_client: Any) -> None:
    deck = json.loads(FINGERS.read_text(encoding="utf-8"))
    body = ro_client.post("/api/decks/analyze", json={"deck": deck, "lang": "en"}).json()
    assert body["legal"] and body["summary"].endswith("legal")
    assert sum(r["count"] for r in body["rows"]) == 45
    assert body["stats"]["cost_curve"] and body["odds"]["cards"]
    assert body["extra"]["identity"]["id"] == "vera_fingers_thorne"
    shared = ro_client.get(f"/api/decks/share/{body['share']}").json()["deck"]
    assert shared["cards"] == deck["cards"] and shared["identity"] == deck["identity"]


@pytest.mark.parametrize(("deck_file", "stray"), [("tactics/duo.json", "anvil"), ("tactics/duo.json", "dockyard"),
                                                 ("netrunner/runner-anarch-rust.json", "anarch")])  # fmt: skip
def test_analyze_takes_a_deck_naming_a_record_that_is_no_card(ro_client: Any, deck_file: str, stray: str) -> None:
    """An agent, a map or a faction among a deck's cards is a finding of the deck, not a server error."""
    deck = json.loads((ROOT / "examples" / "decks" / deck_file).read_text(encoding="utf-8"))
    deck["cards"][stray] = 1
    response = ro_client.post("/api/decks/analyze", json={"deck": deck, "lang": "en"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert not body["legal"] and any(r["id"] == stray for r in body["rows"])


@pytest.mark.parametrize("code", ["not-a-code", "A" * 10, ""])
def test_a_damaged_share_code_is_one_line(ro_client: Any, code: str) -> None:
    response = ro_client.get(f"/decks/build?d={code}x&lang=en")
    assert response.status_code == 400 and "share code" in response.text  # (the API's status: sweep 67)


def test_crossfire_roles_and_builder_options(ro_client: Any) -> None:
    roles = ro_client.post("/api/decks/roles", json={"mode": "crossfire", "players": 6}).json()["cards"]
    assert sum(roles.values()) == 6
    bad = ro_client.post("/api/decks/roles", json={"mode": "crossfire", "players": 6, "specials": ["nobody"]})
    assert bad.status_code == 400
    options = ro_client.get("/api/decks/options?lang=en").json()
    assert {"tactics", "netrunner", "crossfire"} <= set(options["games"])
    assert any(i["id"] == "vera_fingers_thorne" for i in options["games"]["netrunner"]["identities"])
    assert options["formats"]["o8d"]


# ---------------------------------------------------------------------- saved decks


def test_save_list_open_delete(client: Any, web_settings: Any) -> None:
    deck = json.loads(DUO.read_text(encoding="utf-8"))
    saved = client.post("/api/decks/saved", json={"deck": deck}).json()
    path = web_settings.data_path / "decks" / f"{saved['id']}.json"
    assert path.is_file() and json.loads(path.read_text(encoding="utf-8"))["agents"] == deck["agents"]
    listed = client.get("/api/decks/saved").json()["decks"]
    assert [d["id"] for d in listed] == [saved["id"]] and listed[0]["cards"] == 16
    again = client.post("/api/decks/saved", json={"deck": {**deck, "name": "renamed"}, "id": saved["id"]}).json()
    assert again["id"] == saved["id"]
    assert client.get(f"/api/decks/saved/{saved['id']}").json()["deck"]["name"] == "renamed"
    assert "renamed" in client.get("/decks").text
    assert client.delete(f"/api/decks/saved/{saved['id']}").status_code == 200
    assert client.get(f"/api/decks/saved/{saved['id']}").status_code == 404


@pytest.mark.parametrize("deck_id", ["../etc/passwd", "a/b", "UPPER", ".hidden"])
def test_saved_ids_never_name_a_path(ro_client: Any, deck_id: str) -> None:
    response = ro_client.get(f"/api/decks/saved/{deck_id}")
    assert response.status_code in (400, 404)


def test_saving_needs_a_same_site_request(bare_client: Any) -> None:
    deck = json.loads(DUO.read_text(encoding="utf-8"))
    response = bare_client.post("/api/decks/saved", json={"deck": deck}, headers={"Origin": "https://evil.example"})
    assert response.status_code == 403


# ---------------------------------------------------------------------- in Chromium


def add_cards(page: Any, cards: dict[str, int]) -> None:
    """Find each card with the builder's search box and press its + button as many times as it has copies."""
    for card_id, count in cards.items():
        page.fill("#card-q", f"id:{card_id}")
        page.press("#card-q", "Enter")
        button = page.locator(f'#card-results button[data-add="{card_id}"]')
        button.wait_for()
        for _ in range(count):
            button.click()
        page.locator(f'#card-results [data-have="{card_id}"]').filter(has_text=f"×{count}").wait_for()


def wait_summary(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => document.getElementById('summary').textContent.includes(t) && "
        "document.getElementById('builder').getAttribute('aria-busy') === 'false'",
        arg=text,
    )


@pytest.mark.slow
def test_build_a_netrunner_deck_from_illegal_to_legal(live_server: str, page: Any) -> None:
    deck = json.loads(FINGERS.read_text(encoding="utf-8"))
    page.goto(live_server + "/decks/build?game=netrunner&mode=standard&lang=en")
    wait_summary(page, "illegal")
    assert page.locator('#findings li[data-code="deck.identity.missing"]').count() == 1
    page.select_option("#deck-identity", deck["identity"])
    page.locator('#findings li[data-code="deck.size.min"]').wait_for()
    cards = dict(deck["cards"])
    lobby = cards.pop("lobby_crash")
    add_cards(page, cards)
    add_cards(page, {"lobby_crash": 4})  # one more than a title allows
    page.locator('#findings li[data-code="deck.copies.over"]').wait_for()
    assert page.locator('#findings li[data-code="deck.size.min"]').count() == 0
    # follow the finding: take Lobby Crash back down to the deck's own count
    page.fill("#card-q", "id:lobby_crash")
    page.press("#card-q", "Enter")
    for _ in range(4 - lobby):
        page.locator('#card-results button[data-remove="lobby_crash"]').click()
    wait_summary(page, "45 cards (min 45) · 4/15 influence · legal")
    assert page.locator("#findings li.error").count() == 0
    assert page.locator("#chart-cost").count() == 1
    assert page.locator("#odds table tbody tr").count() == len(deck["cards"])
    share = page.input_value("#share-url")
    assert "/decks/build?d=" in share
    page.click("#save-deck")
    page.locator("#save-status").filter(has_text="Saved").wait_for()
    page.goto(share)
    wait_summary(page, "legal")
    assert page.input_value("#deck-identity") == deck["identity"]


def test_paste_a_netrunnerdb_export_and_download_o8d(live_server: str, page: Any, ro_client: Any) -> None:
    deck = json.loads(FINGERS.read_text(encoding="utf-8"))
    nrdb = ro_client.post("/api/decks/export", json={"deck": deck, "to": "nrdb"}).json()["content"]
    page.goto(live_server + "/decks/build?game=netrunner&lang=en")
    page.fill("#import-text", nrdb)
    page.click("#import button[type=submit]")
    page.locator("#import-result .message.ok").wait_for()
    wait_summary(page, "legal")
    assert page.input_value("#deck-identity") == "vera_fingers_thorne"
    page.select_option("#export-to", "o8d")
    with page.expect_download() as info:
        page.click("#export-button")
    download = info.value
    assert download.suggested_filename.endswith(".o8d")
    text = Path(download.path()).read_text(encoding="utf-8")
    assert text.startswith("<?xml") and 'section name="Identity"' in text


def test_build_a_tactics_squad_and_deck(live_server: str, page: Any) -> None:
    deck = json.loads(DUO.read_text(encoding="utf-8"))
    page.goto(live_server + "/decks/build?game=tactics&mode=duo&lang=en")
    wait_summary(page, "illegal")
    for agent in deck["agents"]:
        page.check(f"#agent-{agent}")
    add_cards(page, deck["cards"])
    wait_summary(page, "16 command cards (min 15) · 2 agents (2) · legal")
    assert page.locator("#chart-types").count() == 1
    page.click("#draw-hand")
    page.locator("#hand li").first.wait_for()
    assert page.locator("#hand li").count() == 3


def test_builder_on_a_phone(live_server: str, phone_page: Any) -> None:
    phone_page.goto(live_server + "/decks/build?game=netrunner&lang=zh-Hans")
    wait_summary(phone_page, "不合法")
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    assert phone_page.locator("label[for=deck-identity]").is_visible()
