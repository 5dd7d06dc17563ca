"""The card editor at scale and for new records (sweep 66):

- a check lints only the edited record: the other files' own checks are taken from an earlier check while they are
  unchanged, and the answer names a few of the records a change breaks, counting the rest;
- a save of a large pool answers before the pool reloads, and the editor's pages wait for the reload;
- a new record of a set folder that is not there yet has its "$schema" checked as `dossier lint` does after the save;
- a new record's template starts with no error: the fields it leaves empty are listed as fields to fill in;
- a field with findings says so to screen readers (aria-invalid, aria-describedby), in Chromium.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import BASE, TEST_CSRF, in_chromium, served
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCHEMA = ROOT / "schema"
FACTION = "netrunner/factions/haas_bioroid.json"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp/cards (a copy of the bundled cards), tmp/schema and an empty set folder tmp/my-set."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS, tmp_path / "cards")
    (tmp_path / "my-set").mkdir()
    monkeypatch.setattr("toolkit.paths.CARDS_DIR", tmp_path / "cards")
    return tmp_path


def settings_of(base: Path) -> WebSettings:
    return WebSettings(
        cards=[base / "cards", base / "my-set"], db_url=str(base / "web.db"), cache=base / "web-cache",
        data=base / "web-data",
    )  # fmt: skip


@pytest.fixture
def client(base: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app
    from toolkit.web.routes.editor import wait_for_reload

    app = create_app(settings_of(base))
    with TestClient(app, base_url=BASE) as c:
        c.cookies.set("csrf", TEST_CSRF)
        c.headers.update({"Origin": BASE, "X-CSRF-Token": TEST_CSRF})
        yield c
        wait_for_reload(app.state.web)


def check(client: Any, rel: str, text: str, root: int = 0, **more: Any) -> dict[str, Any]:
    body = {"root": root, "path": rel, "text": text, "canonical": True, "preview": False, "lang": "en", **more}
    response = client.post("/editor/check", json=body)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def new_record(client: Any, kindref: str, record_id: str, name: str = "", type_: str | None = None) -> dict[str, Any]:
    """The editor's config of a new record in my-set (its path in "new", its template in "text")."""
    params = {"kindref": kindref, "id": record_id, "name": name, "root": "1", "lang": "en"}
    if type_ is not None:
        params["type"] = type_
    page = client.get("/editor/new", params=params)
    assert page.status_code == 200, page.text[:500]
    found = re.search(r'id="ed-config">(.*?)</script>', page.text, re.S)
    assert found is not None
    config: dict[str, Any] = json.loads(found.group(1))
    return config


# ---------------------------------------------------------------- a check lints the edited record, not the game


def test_a_check_takes_the_other_files_as_an_earlier_check_left_them(
    client: Any, base: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tester's 1.2 s per keystroke at 10,000 records: every check linted every file of the game again."""
    import validators.lint

    checked: list[str] = []
    real = validators.lint._check_file

    def counting(entry: Any, disk: Any) -> None:
        checked.append(str(entry.source.path))
        real(entry, disk)

    monkeypatch.setattr(validators.lint, "_check_file", counting)
    text = (base / "cards" / FACTION).read_text(encoding="utf-8")
    first = check(client, FACTION, text)
    files = len(list((base / "cards" / "netrunner").rglob("*.json")))
    assert first["errors"] == 0 and len(set(checked)) == files  # the first check reads the game once
    checked.clear()
    again = check(client, FACTION, text)
    assert again == first
    # the edited record, and the few records lint reads whole (the game, its formats): not the 160 cards
    whole = {str(p) for p in (base / "cards" / "netrunner").glob("*.json")}
    whole |= {str(p) for p in (base / "cards" / "netrunner" / "modes").glob("*.json")}
    assert set(checked) <= whole | {str(base / "cards" / FACTION)}, sorted(set(checked))
    # a card changed on disk since is checked again, and only it
    card = sorted((base / "cards" / "netrunner" / "cards").glob("*.json"))[0]
    card.write_text(card.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    checked.clear()
    check(client, FACTION, text)
    assert str(card) in checked and len(set(checked) - whole) == 2  # the card and the edited record


def lint_oracle(base: Path, rel: str, text: str) -> tuple[list[str], dict[str, list[Any]]]:
    """What `dossier lint` says of the game of ``rel`` with ``text`` in its place: the files (but ``rel``) that get an
    error they do not have now, and every file's findings (code, message, line, column)."""
    from collections import Counter

    from toolkit.catalog import context_sources
    from toolkit.jsonio import Source
    from validators.lint import lint_sources

    path = base / "cards" / rel
    sources, _ = context_sources([path])
    edited = [Source(path, text=text), *sources[1:]]

    def errors(found: list[Any]) -> Counter[str]:
        return Counter(str(f.file) for f in found if f.severity == "error" and f.file != str(path))

    now = lint_sources(edited).findings
    grown = errors(now) - errors(lint_sources(sources).findings)
    said: dict[str, list[Any]] = {}
    for f in now:
        said.setdefault(str(f.file), []).append([f.code, f.message, f.line, f.column])
    return sorted(grown), said


def test_a_change_that_breaks_many_records_names_a_few_and_counts_them(client: Any, base: Path) -> None:
    """A faction's new id breaks every card of the faction (620 in the tester's pool: 515 KB an answer)."""
    from toolkit.jsonio import canonical_dumps
    from toolkit.web.routes.editor import SHOWN_OTHERS

    data = json.loads((base / "cards" / FACTION).read_text(encoding="utf-8"))
    data["id"] = "haas_bioroid_x"
    text = json.dumps(data, ensure_ascii=False)
    broken, said = lint_oracle(base, FACTION, canonical_dumps(data))
    assert len(broken) > SHOWN_OTHERS + 5  # (the bundled game: some 20 cards of the faction)
    result = check(client, FACTION, text)
    breaks = result["breaks"]
    assert breaks["count"] == len(broken) and breaks["more"] == len(broken) - SHOWN_OTHERS
    assert breaks["message"].startswith(f"This change breaks {len(broken)} other records")
    shown = [r["file"] for r in breaks["records"]]
    assert len(shown) == SHOWN_OTHERS and all(f.startswith("cards/netrunner/") for f in shown)
    assert {f"cards/{Path(b).relative_to(base / 'cards').as_posix()}" for b in broken} >= set(shown)
    # the findings of those few only, each `dossier lint`'s word for word
    others = result["others"]
    assert {f["file"] for f in others} == set(shown) and result["others_more"] >= len(broken) - SHOWN_OTHERS
    for finding in others:
        full = str(base / finding["file"])
        assert [finding[k] for k in ("code", "message", "line", "column")] in [
            [c, m.replace(str(base / "cards") + "/", "cards/"), line, col] for c, m, line, col in said[full]
        ]
    assert len(json.dumps(result)) < 20_000


def test_a_save_that_breaks_many_records_names_a_few(client: Any, base: Path) -> None:
    from toolkit.web.routes.editor import SHOWN_OTHERS

    path = base / "cards" / FACTION
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["en"] = "Haas-Bioroid Renamed"  # (nothing names it by its English name: nothing breaks)
    saved = client.post("/editor/save", json={"root": 0, "path": FACTION, "text": json.dumps(data), "base": digest(path)})
    assert saved.status_code == 200 and saved.json()["breaks"] is None
    data["side"] = "runner"  # its corp cards and identities are now of a runner faction
    response = client.post(
        "/editor/save", json={"root": 0, "path": FACTION, "text": json.dumps(data), "base": digest(path), "lang": "en"}
    )
    body = response.json()
    assert response.status_code == 200, body
    n = body["breaks"]["count"]
    files = ", ".join(r["file"] for r in body["breaks"]["records"])
    assert len(body["breaks"]["records"]) == SHOWN_OTHERS
    assert body["breaks"]["message"] == (
        f"It broke {n} other records, which get lint errors they did not have: {files} and {n - SHOWN_OTHERS} more "
        "records. Fix those records next."
    )


# ---------------------------------------------------------------- a save answers before a large pool reloads


def test_a_large_pool_reloads_after_the_save_answers_and_the_editor_waits_for_it(
    client: Any, base: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """4 s a save at 10,000 records: the answer waited for the pool's reload."""
    import toolkit.web.routes.editor as editor
    from toolkit.web.app import WebState

    monkeypatch.setattr(editor, "SYNC_RELOAD_RECORDS", 0, raising=False)  # (the bundled pool: one of 10,000 records)
    web: WebState = client.app.state.web
    gate, started = threading.Event(), threading.Event()
    reload = WebState.reload

    def slow(self: WebState) -> None:  # a reload of 10,000 records, as long as the test keeps the gate shut
        started.set()
        gate.wait(60)
        reload(self)

    monkeypatch.setattr(WebState, "reload", slow)
    path = base / "cards" / FACTION
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"]["en"] = "Haas-Bioroid Prime"
    answers: dict[str, Any] = {}

    def save() -> None:
        body = {"root": 0, "path": FACTION, "text": json.dumps(data), "base": digest(path), "lang": "en"}
        answers["save"] = client.post("/editor/save", json=body)

    def index() -> None:
        answers["index"] = client.get("/editor", params={"q": "Haas-Bioroid Prime", "lang": "en"})

    def search() -> None:  # (not the editor's: every page that reads the pool waits for it, app.py's PoolWatch)
        answers["search"] = client.get("/api/search", params={"q": "Haas-Bioroid Prime", "lang": "en"})

    saving = threading.Thread(target=save)
    listing = threading.Thread(target=index)
    searching = threading.Thread(target=search)
    try:
        saving.start()
        saving.join(10)
        assert not saving.is_alive(), "the save waited for the reload"
        assert answers["save"].status_code == 200 and answers["save"].json()["saved"] is True
        assert json.loads(path.read_text(encoding="utf-8"))["name"]["en"] == "Haas-Bioroid Prime"
        assert started.wait(10) and editor.reload_under_way(web)
        listing.start()
        searching.start()
        listing.join(1.0)
        assert listing.is_alive()  # the editor's index waits for the pool that has the saved record
        assert searching.is_alive()  # and so does the search
    finally:
        gate.set()
        saving.join(30)
        for thread in (listing, searching):
            if thread.ident is not None:
                thread.join(60)
    assert "haas_bioroid.json" in answers["index"].text  # found by its new name
    faction: Any = web.catalog.get("netrunner", "haas_bioroid", "faction")
    assert faction.name.en == "Haas-Bioroid Prime"


# ---------------------------------------------------------------- a new record in a set folder not made yet


def test_a_new_record_of_a_new_set_folder_has_its_schema_checked_as_lint_does_after_the_save(
    client: Any, base: Path
) -> None:
    """``"$schema" … does not resolve`` for the template of my-set/cards/x.json (my-set/cards/ is not there yet),
    while `dossier lint my-set` says nothing of the saved file."""
    config = new_record(client, "netrunner/card", "my_ice", "我的冰", "ice")
    assert config["new"]["rel"] == "cards/my_ice.json" and not (base / "my-set" / "cards").exists()
    record = json.loads(config["text"])
    assert record["$schema"] == "../../schema/netrunner/card.schema.json"
    record["faction"] = "haas_bioroid"
    text = json.dumps(record, ensure_ascii=False)
    result = check(client, "cards/my_ice.json", text, root=1)
    assert not [f for f in result["findings"] if f["code"].startswith("card.schema_ref")], result["findings"]
    saved = client.post("/editor/save", json={"root": 1, "path": "cards/my_ice.json", "text": text, "new": True})
    assert saved.status_code == 200, saved.text
    from toolkit.catalog import context_sources, discover, pool_context
    from validators.lint import lint_sources

    sources, wanted = context_sources(discover([base / "my-set"]))
    sources += pool_context(sources, wanted, [base / "cards"])
    linted = lint_sources(sources, wanted).findings
    assert [f.code for f in linted] == [f["code"] for f in result["findings"]]  # the same findings, none of $schema


# ---------------------------------------------------------------- a new record's template


def kinds() -> list[tuple[str, str | None]]:
    from toolkit.web.routes.editor import _kinds

    return [(f"{k['game']}/{k['kind']}", t) for k in _kinds("en") for t in (k["types"] or [None])]


@pytest.mark.parametrize("name", ["新记录", ""])
@pytest.mark.slow
def test_every_new_record_starts_with_no_error_and_lists_the_fields_to_fill_in(
    client: Any, base: Path, name: str
) -> None:
    """A faction's template had '' for its colour, a role an empty win list: errors before anything was typed."""
    for kindref, type_ in kinds():
        config = new_record(client, kindref, "new_one", name, type_)
        rel, text = config["new"]["rel"], config["text"]
        fresh = check(client, rel, text, root=1, fresh=True)
        assert fresh["findings"] == [] and fresh["errors"] == 0 and fresh["warnings"] == 0, (kindref, type_, fresh)
        record = json.loads(text)
        for item in fresh["to_fill"]:  # each a field the template left empty, said plainly
            keys = item["pointer"].split("/")[1:]
            value: Any = record
            for key in keys:
                value = value.get(key) if isinstance(value, dict) else None
            assert value in (None, "", [], {}), (kindref, item)
            assert item["message"] == f"{item['field']}: to fill in"
        # once saved (tried) or touched, they are the errors lint says
        plain = check(client, rel, text, root=1)
        blanks = sorted(item["pointer"] for item in fresh["to_fill"])
        assert sorted({f["pointer"] for f in plain["findings"] if f["severity"] == "error"}) == blanks, kindref
        if blanks:
            touched = check(client, rel, text, root=1, fresh=True, touched=blanks[:1])
            assert [f["pointer"] for f in touched["findings"]] == blanks[:1]
            assert [item["pointer"] for item in touched["to_fill"]] == blanks[1:]
    faction = new_record(client, "netrunner/faction", "new_one", name)
    assert [i["pointer"] for i in check(client, faction["new"]["rel"], faction["text"], 1, fresh=True)["to_fill"]] == [
        "/color", *(["/name/zh-Hans"] if not name else [])
    ]


def test_a_new_tactics_mode_starts_valid(client: Any) -> None:
    """Its template lacked the players, and a complete mode's settings: it starts as an incomplete mode."""
    config = new_record(client, "tactics/mode", "new_mode", "新模式")
    record = json.loads(config["text"])
    assert record["status"] == "incomplete" and record["players"] == {"max": 1, "min": 1}
    result = check(client, config["new"]["rel"], config["text"], root=1, fresh=True)
    assert result["errors"] == 0 and result["to_fill"] == []


# ---------------------------------------------------------------- screen readers, in Chromium


@pytest.mark.slow
def test_a_field_with_an_error_is_invalid_and_described_by_it(base: Path) -> None:
    """markFindings marked a field .ed-bad only: no aria-invalid, and its aria-describedby named its help alone."""
    color = '[data-pointer="/color"] input'

    def described(page: Any) -> str:
        return str(page.evaluate(
            """(sel) => { const c = document.querySelector(sel);
                return (c.getAttribute("aria-describedby") || "").split(/\\s+/).filter(Boolean)
                  .map(id => document.getElementById(id).textContent).join(" | "); }""",
            color,
        ))  # fmt: skip

    def settle(page: Any) -> None:
        page.wait_for_function("() => document.getElementById('ed-status').textContent === ''")

    def drive(page: Any) -> None:
        page.wait_for_selector("#ed-root[data-ready]")
        settle(page)
        page.wait_for_selector("#ed-summary:has-text('1 field to fill in')")
        assert page.locator('[data-pointer="/color"].ed-todo').count() == 1
        assert page.locator(color).get_attribute("aria-invalid") is None  # not touched: not an error yet
        assert "To fill in" in described(page)
        assert page.locator("#ed-findings li.todo").inner_text() == "Color: to fill in"
        page.locator(color).fill("#12")
        page.wait_for_selector("#ed-summary:has-text('1 error')")
        assert page.locator(color).get_attribute("aria-invalid") == "true"
        said = described(page)
        assert "does not match" in said and "#12" in said, said  # the error is read with the field
        page.locator(color).fill("#123456")
        page.wait_for_selector("#ed-summary:has-text('No findings')")
        assert page.locator(color).get_attribute("aria-invalid") is None
        assert "does not match" not in described(page)

    with served(settings_of(base)) as url:
        in_chromium(f"{url}/editor/new?kindref=netrunner/faction&id=my_faction&name=我的派系&root=1&lang=en", drive)
