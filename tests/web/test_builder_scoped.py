"""The deck builder scoped to the deck (issue 24, part 3): a format offers the identities of its pool, the card
search shows the format's pool and the identity's side with influence costs, rows show the influence they
spend, a pasted list names every line it could not place, downloads carry their extension, and a poisoned
share link renders harmlessly.

The pool is a copy of the bundled cards with a second format, ``tiny``, whose card pool is the demo set only:
two identities and one card are moved to a set outside it (``later_set``).
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, CARDS, SCHEMA, TEST_CSRF, served
from toolkit.web.settings import WebSettings

OUTSIDE_TINY = {"zero_weaver", "weyland_iron_ledger"}  # identities of later_set: not in tiny's pool
LATER_CARD = "archive_heist"  # a criminal event of later_set
POISON = "</script><!--<script>alert(1)//\u2028\u2029"


def make_pool(root: Path) -> Path:
    """The bundled cards (and schema) under ``root``, with the ``tiny`` format; returns the cards directory."""
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    netrunner = root / "cards" / "netrunner"

    def move(path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["set"] = "later_set"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")

    for identity in OUTSIDE_TINY:
        move(netrunner / "identities" / f"{identity}.json")
    move(netrunner / "cards" / f"{LATER_CARD}.json")
    standard = json.loads((netrunner / "modes" / "standard.json").read_text(encoding="utf-8"))
    standard.update(id="tiny", name={"en": "Tiny", "zh-Hans": "小赛制"}, sets=["dossier_demo"])
    (netrunner / "modes" / "tiny.json").write_text(json.dumps(standard, ensure_ascii=False, indent=2), encoding="utf-8")
    return root / "cards"


def settings_for(root: Path) -> WebSettings:
    return WebSettings(
        cards=[make_pool(root)], db_url=str(root / "web.db"), cache=root / "web-cache", data=root / "web-data"
    )


@pytest.fixture(scope="module")
def scoped_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A TestClient over the pool with the tiny format (it changes nothing: shared by the module)."""
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    app = create_app(settings_for(tmp_path_factory.mktemp("scoped")))
    with TestClient(app, base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c


@pytest.fixture
def scoped_server(tmp_path: Path) -> Iterator[str]:
    """The app over the pool with the tiny format, served by uvicorn in a thread (as ``live_server``)."""
    with served(settings_for(tmp_path)) as url:
        yield url


def records(client: Any) -> dict[str, Any]:
    """The netrunner records of the pool (the app's own deck pool)."""
    return dict(client.app.state.web.deck_pool.rules.game("netrunner").records)


def side_of(client: Any, record_id: str) -> str:
    pool = records(client)
    record = pool[record_id]
    return str(getattr(record, "side", None) or pool[record.faction].side)


def share(deck: dict[str, Any]) -> str:
    raw = json.dumps(deck, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def boot_of(html: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert match, "no boot JSON"
    return dict(json.loads(match.group(1)))


# ---------------------------------------------------------------------- identities of the format


def test_a_format_offers_the_identities_of_its_pool(scoped_client: Any) -> None:
    games = scoped_client.get("/api/decks/options", params={"lang": "en"}).json()["games"]
    modes = {m["id"]: m for m in games["netrunner"]["modes"]}
    every = {i["id"] for i in games["netrunner"]["identities"]}
    assert set(modes["standard"]["identities"]) == every  # no set list: every identity
    assert set(modes["tiny"]["identities"]) == every - OUTSIDE_TINY
    boot = boot_of(scoped_client.get("/decks/build", params={"game": "netrunner", "mode": "tiny"}).text)
    tiny = [m for m in boot["options"]["netrunner"]["modes"] if m["id"] == "tiny"][0]
    assert OUTSIDE_TINY.isdisjoint(tiny["identities"])


# ---------------------------------------------------------------------- the scoped search


def test_search_shows_the_format_pool_and_the_identity_side(scoped_client: Any) -> None:
    pool = records(scoped_client)
    params = {"q": "k:card", "mode": "tiny", "identity": "vera_fingers_thorne", "limit": 500, "lang": "en"}
    body = scoped_client.get("/api/decks/cards", params=params).json()
    assert body["scope"]["format"] == "tiny" and body["scope"]["side"] == "runner"
    ids = {r["id"] for r in body["results"]}
    assert ids and LATER_CARD not in ids  # outside tiny's pool
    assert {side_of(scoped_client, i) for i in ids} == {"runner"}
    for r in body["results"]:
        card = pool[r["id"]]
        assert r["influence"] == (0 if card.faction == "criminal" else card.influence)
    assert any(r["influence"] for r in body["results"]), "out-of-faction cards show their influence"
    # the same words in standard (every set) find the card of later_set
    params["mode"] = "standard"
    standard = scoped_client.get("/api/decks/cards", params=params).json()
    assert LATER_CARD in {r["id"] for r in standard["results"]}


def test_search_without_identity_offers_the_pool_identities(scoped_client: Any) -> None:
    body = scoped_client.get("/api/decks/cards", params={"q": "k:identity", "mode": "tiny", "lang": "en"}).json()
    ids = {r["id"] for r in body["results"]}
    assert ids and ids.isdisjoint(OUTSIDE_TINY)
    both = scoped_client.get("/api/decks/cards", params={"q": "k:card", "mode": "tiny", "limit": 500}).json()
    assert {side_of(scoped_client, r["id"]) for r in both["results"]} == {"runner", "corp"}


def test_other_factions_agendas_are_left_out(scoped_client: Any) -> None:
    pool = records(scoped_client)
    params = {"q": "t:agenda", "mode": "standard", "identity": "weyland_skyward_holdings", "limit": 500}
    results = scoped_client.get("/api/decks/cards", params=params).json()["results"]
    factions = {pool[r["id"]].faction for r in results}
    assert factions and factions <= {"weyland", "neutral_corp"}
    agendas = [r for r in pool.values() if getattr(r, "type", None) == "agenda"]
    assert any(a.faction not in factions for a in agendas), "the pool has other factions' agendas to leave out"


def test_a_malformed_query_names_its_column(scoped_client: Any) -> None:
    response = scoped_client.get("/api/decks/cards", params={"q": "cost>>1", "mode": "tiny", "lang": "en"})
    assert response.status_code == 400
    assert response.json()["detail"]["query"] == "cost>>1"


# ---------------------------------------------------------------------- influence per row


def test_each_row_says_its_influence_and_they_sum_to_the_total(scoped_client: Any) -> None:
    pool = records(scoped_client)
    runner = [
        r.id
        for r in pool.values()
        if getattr(r, "kind", None) == "card" and side_of(scoped_client, r.id) == "runner" and r.influence
    ]
    out = [c for c in runner if pool[c].faction != "criminal"][:3]
    mine = [c for c in runner if pool[c].faction == "criminal"][:2]
    deck = {"game": "netrunner", "mode": "standard", "name": "t", "identity": "vera_fingers_thorne",
            "cards": {c: 2 for c in out + mine}}  # fmt: skip
    body = scoped_client.post("/api/decks/analyze", json={"deck": deck, "lang": "en"}).json()
    rows = {r["id"]: r["influence_spent"] for r in body["rows"]}
    assert all(rows[c] == 2 * pool[c].influence for c in out)
    assert all(rows[c] == 0 for c in mine)
    assert body["influence"]["spent"] == sum(rows.values())
    assert body["influence"]["limit"] == pool["vera_fingers_thorne"].influence_limit


# ---------------------------------------------------------------------- lines a pasted list could not place

PASTED = '# game: netrunner\n# mode: standard\nMy list\n1x Vera "Fingers" Thorne\ngarbage here\n2x No Such Card\n'


def test_a_pasted_list_names_every_line_it_could_not_place(scoped_client: Any) -> None:
    body = scoped_client.post("/api/decks/import", json={"text": PASTED, "lang": "en"}).json()
    assert body["deck"] is not None and body["deck"]["name"] == "My list"
    placed = {f["line"]: f for f in body["findings"] if f["line"] in (5, 6)}
    assert placed[5]["code"] == "deck.line.unplaced" and "'garbage here'" in placed[5]["message"]
    assert placed[6]["code"] == "deck.card.unknown" and "No Such Card" in placed[6]["message"]
    errors = [f for f in body["findings"] if f["severity"] == "error"]
    assert body["errors"] == len(errors) >= 2
    assert f"({body['errors']} errors)" in body["summary"]
    # the builder sends them back with each change: still named and counted
    carried = [{k: f[k] for k in ("code", "message", "line", "file")} for f in placed.values()]
    again = scoped_client.post("/api/decks/analyze", json={"deck": body["deck"], "lang": "en", "carried": carried})
    again_body = again.json()
    assert {(f["code"], f["line"]) for f in again_body["findings"]} >= {(f["code"], f["line"]) for f in carried}
    assert again_body["errors"] == body["errors"]
    # a line that reads is no finding; nor is a NetrunnerDB heading
    clean = '# game: netrunner\nMy list\n1x Vera "Fingers" Thorne\nEvent (3)\n3x Archive Heist\n'
    findings = scoped_client.post("/api/decks/import", json={"text": clean, "lang": "en"}).json()["findings"]
    assert not [f for f in findings if f["code"] == "deck.line.unplaced"]


def test_carried_findings_keep_to_reading_codes(scoped_client: Any) -> None:
    deck = {"game": "netrunner", "mode": "standard", "name": "t", "cards": {}}
    carried = [{"code": "deck.legal", "message": "x", "line": 2}, {"code": "deck.count", "message": "", "line": 3},
               {"code": "deck.count", "message": "y", "line": "4"}]  # fmt: skip
    body = scoped_client.post("/api/decks/analyze", json={"deck": deck, "lang": "en", "carried": carried}).json()
    kept = [(f["code"], f["line"]) for f in body["findings"] if f["file"] == "deck.txt"]
    assert kept == [("deck.line.unplaced", 2)]


# ---------------------------------------------------------------------- downloads


@pytest.mark.parametrize(("fmt", "ext"), [("nrdb", ".txt"), ("text", ".txt"), ("jinteki", ".txt"), ("json", ".json"),
                                          ("o8d", ".o8d")])  # fmt: skip
def test_downloads_are_named_with_their_extension(scoped_client: Any, fmt: str, ext: str) -> None:
    deck = json.loads((Path(__file__).parents[2] / "examples/decks/netrunner/runner-criminal-fingers.json").read_text())
    response = scoped_client.post("/decks/export", data={"deck": json.dumps(deck), "to": fmt})
    assert response.status_code == 200
    disposition = response.headers["content-disposition"]
    name = disposition.split('filename="')[1].split('"')[0]
    assert name.endswith(ext) and len(name) > len(ext)
    assert disposition.split("filename*=UTF-8''")[1].endswith(ext)
    api = scoped_client.post("/api/decks/export", json={"deck": deck, "to": fmt}).json()
    assert api["filename"].endswith(ext)


# ---------------------------------------------------------------------- the poisoned share link


def test_script_json_escapes_for_a_script_element() -> None:
    from toolkit.web.templating import script_json, templates

    value = {"name": POISON + "&<>", "n": [1, "\u2028"]}
    text = str(script_json(value))
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    assert json.loads(text) == value
    assert templates.env.filters["script_json"] is script_json


def test_a_poisoned_share_link_renders_harmlessly(scoped_client: Any) -> None:
    deck = {"game": "netrunner", "mode": "standard", "name": POISON, "cards": {}}
    html = scoped_client.get("/decks/build", params={"d": share(deck), "lang": "en"}).text
    boot = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert boot is not None and "<" not in boot.group(1) and "\u2028" not in boot.group(1)
    assert boot_of(html)["deck"]["name"] == POISON
    assert "<!--<script>" not in html
    # no inline event handler or javascript: URL; every inline script is data or carries the nonce
    assert not re.search(r"\son[a-z]+=", html) and "javascript:" not in html
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag or 'type="application/json"' in tag or "nonce=" in tag, tag


# ---------------------------------------------------------------------- in a real browser


def ready(page: Any) -> None:
    """The builder has answered its last change (no string evaluated: the page's CSP forbids eval)."""
    page.locator('#builder[aria-busy="false"]').wait_for()


@pytest.mark.slow
def test_browser_builder_scoped_to_format_and_identity(scoped_server: str, page: Any) -> None:
    page.goto(scoped_server + "/decks/build?game=netrunner&mode=tiny&lang=en")
    ready(page)
    offered = set(page.locator("#deck-identity option").evaluate_all("(os) => os.map((o) => o.value)")) - {""}
    assert offered and offered.isdisjoint(OUTSIDE_TINY) and "vera_fingers_thorne" in offered
    page.select_option("#deck-mode", "standard")
    page.locator('#deck-identity option[value="zero_weaver"]').wait_for(state="attached")
    page.select_option("#deck-mode", "tiny")
    page.select_option("#deck-identity", "vera_fingers_thorne")
    page.locator("#card-scope").filter(has_text="Tiny for").wait_for()
    links = page.locator("#card-results tbody tr a")
    links.first.wait_for()
    hrefs = links.evaluate_all("(as) => as.map((a) => a.getAttribute('href'))")
    ids = {h.split("/")[3].split("?")[0] for h in hrefs}
    with_side = {i: records_side(i) for i in ids}
    assert set(with_side.values()) == {"runner"} and LATER_CARD not in ids
    # an out-of-faction card shows its dots; added, its row shows them and the total counts them
    row = page.locator("#card-results tbody tr").filter(has=page.locator(".pips")).first
    row.locator("button[data-add]").click()
    row.locator("button[data-add]").click()
    page.locator("#decklist .pips .visually-hidden").first.wait_for(state="attached")
    page.locator("#influence-total").filter(has_text=re.compile(r"Influence: [1-9]\d* of \d+")).wait_for()
    # (the second copy's answer may come after the first's: wait for the row to show both, on a busy machine too)
    page.locator("#decklist .pips [aria-hidden=true]").filter(has_text=re.compile("●●")).first.wait_for()
    dots = page.locator("#decklist .pips [aria-hidden=true]").first.inner_text()
    assert set(dots) == {"●"} and len(dots) >= 2


def records_side(record_id: str) -> str:
    """A bundled netrunner record's side, from its files (the side of its faction)."""
    netrunner = CARDS / "netrunner"
    for folder in ("cards", "identities"):
        path = netrunner / folder / f"{record_id}.json"
        if path.is_file():
            record = json.loads(path.read_text(encoding="utf-8"))
            if record.get("side"):
                return str(record["side"])
            faction = json.loads((netrunner / "factions" / f"{record['faction']}.json").read_text(encoding="utf-8"))
            return str(faction["side"])
    raise AssertionError(f"no bundled netrunner record {record_id}")


def test_browser_pasted_unknown_line_is_named_until_dismissed(scoped_server: str, page: Any) -> None:
    page.goto(scoped_server + "/decks/build?game=netrunner&lang=en")
    ready(page)
    page.fill("#import-text", PASTED)
    page.click("#import button[type=submit]")
    page.locator('#unplaced-list li[data-line="5"]').filter(has_text="garbage here").wait_for()
    page.locator('#unplaced-list li[data-line="6"]').filter(has_text="No Such Card").wait_for()
    imported = page.locator("#import-result p").inner_text()  # the import's verdict, every line counted
    before = int(re.search(r"\((\d+) errors?\)", imported).group(1))  # type: ignore[union-attr]
    assert before >= 3  # the two lines and the deck's size
    summary = page.locator("#summary")
    summary.filter(has_text=f"({before} errors)").wait_for()  # the builder counts them too
    assert page.locator("#findings li").filter(has_text="garbage here").count() == 0  # listed once, above
    assert page.input_value("#import-text") == PASTED  # kept, to fix and import again
    page.locator('#unplaced-list li[data-line="5"] button').click()
    summary.filter(has_text=f"({before - 1} error").wait_for()
    assert page.locator('#unplaced-list li[data-line="6"]').count() == 1
    assert page.locator("#unplaced").is_visible()


def test_browser_poisoned_share_link_is_harmless(scoped_server: str, page: Any) -> None:
    dialogs: list[str] = []

    def refuse(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    deck = {"game": "netrunner", "mode": "standard", "name": POISON, "cards": {}}
    page.goto(scoped_server + "/decks/build?lang=en&d=" + share(deck))
    ready(page)
    assert page.input_value("#deck-name") == POISON
    page.select_option("#deck-identity", "vera_fingers_thorne")
    page.locator("#findings li[data-code='deck.size.min']").wait_for()
    page.locator("#card-results button[data-add]").first.click()
    page.locator("#decklist tbody tr[data-id]").first.wait_for()
    assert dialogs == []


def test_the_import_form_opens_the_builder_with_the_lines_named(scoped_client: Any) -> None:
    response = scoped_client.post("/decks/import", data={"text": PASTED}, params={"lang": "en"})
    assert response.status_code == 200  # the builder itself, not a redirect that would lose the lines
    boot = boot_of(response.text)
    assert boot["deck"]["name"] == "My list"
    assert {(c["code"], c["line"]) for c in boot["carried"]} == {("deck.line.unplaced", 5), ("deck.card.unknown", 6)}
