"""The web card editor and card art: art is found only inside the card folder of its record (an absolute path or one
leading out is refused by print, the preview and lint: card.art.outside at the "art" field), the editor's check
needs what a save needs beyond loopback, leaving the page with unsaved work asks first, a save takes `dossier fmt`'s
"$schema" step, a tactics card's "Status" field has its own help, and a new tactics card starts valid."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.test_editor_s58 import set_card
from tests.web.conftest import BASE, TEST_CSRF, in_chromium, served, writing_client
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCHEMA = ROOT / "schema"
MINE = "cards/my_card.json"  # in the designer's set folder my-set (root 1)
MAGENTA = (255, 0, 255)  # the secret image's colour: never in a preview
GREEN = (0, 200, 0)  # the set's own art


def write_card(folder: Path, record_id: str, **fields: Any) -> Path:
    """A tactics skill card of the set folder ``folder`` (my-set/cards/<id>.json), in canonical form."""
    return set_card(folder, record_id, "我的卡", "你抽 1 张牌。", **fields)


def picture(path: Path, colour: tuple[int, int, int]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (800, 600), colour).save(path)
    return path


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tmp/cards (a copy of the bundled cards), tmp/schema, the set folder tmp/my-set (my_card, and its art
    my-set/art/ok.png) and, outside every card folder, tmp/secret/secret.png."""
    shutil.copytree(SCHEMA, tmp_path / "schema")
    shutil.copytree(CARDS, tmp_path / "cards")
    write_card(tmp_path / "my-set", "my_card")
    picture(tmp_path / "my-set" / "art" / "ok.png", GREEN)
    picture(tmp_path / "secret" / "secret.png", MAGENTA)
    monkeypatch.setattr("toolkit.paths.CARDS_DIR", tmp_path / "cards")
    return tmp_path


def settings_of(base: Path, **more: Any) -> WebSettings:
    cards = [base / "cards", base / "my-set"]
    return WebSettings(
        cards=cards, db_url=str(base / "web.db"), cache=base / "web-cache", data=base / "web-data", **more
    )


@pytest.fixture
def client(base: Path) -> Iterator[Any]:
    """The app over the pool [cards, my-set] on loopback, its writes passing the same-site checks."""
    yield from writing_client(settings_of(base))


def with_fields(base: Path, **fields: Any) -> str:
    data = json.loads((base / "my-set" / MINE).read_text(encoding="utf-8"))
    data.update(fields)
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def check_body(text: str, preview: bool = True) -> dict[str, Any]:
    return {"root": 1, "path": MINE, "text": text, "canonical": True, "preview": preview, "lang": "en"}


def colours(data_url: str) -> set[tuple[int, int, int]]:
    png = base64.b64decode(data_url.split(",", 1)[1])
    with Image.open(io.BytesIO(png)) as image:
        small = image.convert("RGB").resize((120, 168))
        return {small.getpixel((x, y)) for x in range(0, 120, 2) for y in range(0, 168, 2)}  # type: ignore[misc]


def near(found: set[tuple[int, int, int]], colour: tuple[int, int, int]) -> bool:
    return any(all(abs(a - b) <= 12 for a, b in zip(pixel, colour, strict=True)) for pixel in found)


# ---------------------------------------------------------------- art stays inside its card folder


def test_the_preview_never_shows_a_file_outside_the_card_folders(client: Any, base: Path) -> None:
    """The sweep's case: "art": "/tmp/secret.png" (or "../../../../tmp/secret.png") showed the server's file."""
    shown = client.post("/editor/check", json=check_body(with_fields(base, art="../art/ok.png"))).json()
    assert near(colours(shown["preview"]["image"]), GREEN)  # the set's own art is drawn
    assert not [f for f in shown["findings"] if f["code"].startswith("card.art")]
    secret = base / "secret" / "secret.png"
    escaping = os.path.relpath(secret, base / "my-set" / "cards")  # ../../secret/secret.png
    for art in (str(secret), escaping, "../" * 12 + str(secret).lstrip("/")):
        text = with_fields(base, art=art)
        result = client.post("/editor/check", json=check_body(text)).json()
        image = result["preview"]["image"]
        assert image is not None and not near(colours(image), MAGENTA), art
        assert [i["code"] for i in result["preview"]["issues"]] == ["sheet.art.outside"], art
        [finding] = [f for f in result["findings"] if f["code"].startswith("card.art")]
        line = next(n for n, t in enumerate(text.splitlines(), 1) if '"art"' in t)
        assert (finding["code"], finding["severity"], finding["line"], finding["column"]) == (
            "card.art.outside",
            "error",
            line,
            3,
        ), art
        if art == escaping:  # where it leads is not said: only what was typed
            assert str(base / "secret") not in json.dumps(result)
        digest = hashlib.sha256((base / "my-set" / MINE).read_bytes()).hexdigest()
        saved = client.post("/editor/save", json={"root": 1, "path": MINE, "text": text, "base": digest})
        assert saved.status_code == 422 and "card.art.outside" in saved.text  # never saved


def test_check_beyond_loopback_needs_what_a_save_needs(base: Path) -> None:
    """`dossier serve --host 0.0.0.0`: another client, without the write token or the same-site headers, got the
    preview (200, with Origin: http://evil.example too)."""
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    token, here = "a-write-token-of-enough-length", "http://dossier.example:8000"
    body = check_body(with_fields(base, art="../art/ok.png"))
    with TestClient(create_app(settings_of(base, host="0.0.0.0", token=token)), base_url=here) as c:
        assert c.post("/editor/check", json=body).status_code == 403  # no token, no Origin, no CSRF
        c.cookies.set("csrf", TEST_CSRF)
        same_site = {"Origin": here, "X-CSRF-Token": TEST_CSRF}
        evil = c.post("/editor/check", json=body, headers={**same_site, "Origin": "http://evil.example",
                                                           "X-Dossier-Token": token})  # fmt: skip
        assert evil.status_code == 403 and "evil.example" in evil.json()["detail"]
        tokenless = c.post("/editor/check?lang=en", json=body, headers=same_site)
        assert tokenless.status_code == 403 and "write token" in tokenless.json()["detail"]
        save = {"root": 1, "path": MINE, "text": body["text"], "base": None}
        assert c.post("/editor/save?lang=en", json=save, headers=same_site).json() == tokenless.json()  # the same
        allowed = c.post("/editor/check", json=body, headers={**same_site, "X-Dossier-Token": token})
        assert allowed.status_code == 200 and near(colours(allowed.json()["preview"]["image"]), GREEN)


def test_loopback_check_is_as_before(base: Path) -> None:
    from fastapi.testclient import TestClient

    from toolkit.web.app import create_app

    with TestClient(create_app(settings_of(base)), base_url=BASE) as bare:
        assert bare.post("/editor/check", json=check_body(with_fields(base), preview=False)).status_code == 200


def test_resolve_refuses_absolute_and_escaping_paths(tmp_path: Path) -> None:
    from toolkit.sheets import art

    card = tmp_path / "game" / "cards" / "x.json"
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "game.json").write_text('{"game": "tactics", "kind": "game"}', encoding="utf-8")
    secret = picture(tmp_path / "secret.png", MAGENTA)
    for written in (str(secret), "../../secret.png"):
        path = art.resolve(written, card)
        assert isinstance(path, art.RefusedPath), written
        found = art.problem(path)
        assert found is not None and found.kind == "outside"
        with pytest.raises(art.ArtError):
            art.picture(path, 10, 10)
        with pytest.raises(PermissionError):
            path.stat()
    assert art.resolve("../art/a.png", card) == tmp_path / "game" / "art" / "a.png"  # inside the game directory
    assert art.resolve("../../secret.png", tmp_path / "set" / "cards" / "x.json") == secret  # no folder known
    with art.within([tmp_path / "set"]):  # the card folders served
        assert isinstance(art.resolve("../../secret.png", tmp_path / "set" / "cards" / "x.json"), art.RefusedPath)
        assert art.resolve("../art/a.png", tmp_path / "set" / "cards" / "x.json") == tmp_path / "set" / "art" / "a.png"
        assert isinstance(art.resolve("a.png", None), art.RefusedPath)
    (tmp_path / "set" / "art").mkdir(parents=True)
    (tmp_path / "set" / "art" / "link.png").symlink_to(secret)
    with art.within([tmp_path / "set"]):  # a link out of the served folder is not followed
        assert isinstance(art.resolve("../art/link.png", tmp_path / "set" / "cards" / "x.json"), art.RefusedPath)


def test_lint_reports_art_outside_the_card_folder(cli: Any, game_copy: Any, tmp_path: Path) -> None:
    game = game_copy("tactics")
    picture(tmp_path / "secret.png", MAGENTA)
    files = []
    for record_id, written in (
        ("adrenaline_shot", str(tmp_path / "secret.png")),
        ("ambush_flare", "../../../secret.png"),
    ):
        path = game / "cards" / f"{record_id}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["art"] = written
        text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        path.write_text(text, encoding="utf-8")
        line = next(n for n, t in enumerate(text.splitlines(), 1) if '"art"' in t)
        files.append((path, line, written))
    result = cli("lint", game)
    assert result.exit_code == 1
    for path, line, written in files:
        assert f"{path}:{line}:3: error card.art.outside: " in result.stdout, result.stdout
        assert f"art {written!r}" in result.stdout


def test_lint_of_a_set_reports_an_absolute_art_path(cli: Any, base: Path) -> None:
    """A set (no game.json) read alone: an absolute path is refused all the same."""
    path = write_card(base / "my-set", "my_card", art=str(base / "secret" / "secret.png"))
    line = next(n for n, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if '"art"' in t)
    result = cli("lint", "--cards", base / "cards", base / "my-set")
    assert f"{path}:{line}:3: error card.art.outside: " in result.stdout, result.stdout


def test_print_draws_a_grey_box_for_art_outside(game_copy: Any, tmp_path: Path) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.sheets.fonts import bundled
    from toolkit.sheets.geometry import SheetSpec
    from toolkit.sheets.render import render_cards

    game = game_copy("tactics")
    secret = picture(tmp_path / "secret.png", MAGENTA)
    path = game / "cards" / "adrenaline_shot.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "art": str(secret)}, ensure_ascii=False), encoding="utf-8")
    catalog = load_catalog([game])
    record = catalog.get("tactics", "adrenaline_shot", "card")
    sheet = render_cards([record], SheetSpec(), bundled(), catalog, False)
    assert [i.code for i in sheet.issues] == ["sheet.art.outside"]
    import pdfplumber

    with pdfplumber.open(io.BytesIO(sheet.pdf)) as document:
        assert document.pages[0].images == []  # the grey box, not the picture


# ---------------------------------------------------------------- a save takes fmt's "$schema" step


def test_save_takes_fmts_schema_step(client: Any, base: Path) -> None:
    from toolkit.paths import SCHEMA_DIR

    path = base / "my-set" / MINE
    nearest = "../../schema/tactics/card.schema.json"  # tmp/schema, above the set
    far = os.path.relpath(SCHEMA_DIR / "tactics" / "card.schema.json", path.parent)  # Dossier's own
    assert far != nearest
    for text in (with_fields(base, **{"$schema": far}), json.dumps({k: v for k, v in json.loads(with_fields(base)).items()
                                                                     if k != "$schema"})):  # fmt: skip
        checked = client.post("/editor/check", json=check_body(text, preview=False)).json()
        assert checked["errors"] == 0, checked["findings"]  # the check lints what saving writes
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        saved = client.post("/editor/save", json={"root": 1, "path": MINE, "text": text, "base": digest, "lang": "en"})
        assert saved.status_code == 200, saved.text
        assert json.loads(path.read_text(encoding="utf-8"))["$schema"] == nearest
        from toolkit.cli.app import add_schema_ref  # what `dossier fmt` does to the same record

        data = json.loads(text)
        add_schema_ref(path, data)
        assert data["$schema"] == nearest


# ---------------------------------------------------------------- a new tactics card starts valid


def editor_config(page: str) -> dict[str, Any]:
    import re

    found = re.search(r'id="ed-config">(.*?)</script>', page, re.S)
    assert found is not None, page[:2000]
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def test_a_new_tactics_card_starts_valid(client: Any) -> None:
    from toolkit.models import parse_record

    page = client.get("/editor/new", params={"kindref": "tactics/card", "id": "fresh", "name": "新卡", "lang": "en"})
    config = editor_config(page.text)
    record = json.loads(config["text"])
    assert record["category"] == "equipment" and record["equipment"] == {}
    parse_record(record)  # valid
    body = {"root": config["new"]["root"], "path": config["new"]["rel"], "text": config["text"], "canonical": True,
            "preview": False, "lang": "en"}  # fmt: skip
    checked = client.post("/editor/check", json=body).json()
    assert checked["errors"] == 0, checked["findings"]


@pytest.mark.parametrize(
    ("category", "words"),
    [
        ("equipment", "an equipment card needs the 'equipment' field"),
        ("status", "a status card needs the 'status' field"),
        ("minion", "a minion card needs the 'minion' field"),
    ],
)
def test_a_card_without_its_categorys_field_says_so_grammatically(category: str, words: str) -> None:
    from pydantic import ValidationError

    from toolkit.i18n import use_lang
    from toolkit.models import parse_record

    record = {"game": "tactics", "kind": "card", "id": "x", "name": {"zh-Hans": "卡"}, "category": category}
    with use_lang("en"), pytest.raises(ValidationError) as caught:
        parse_record(record)
    assert words in str(caught.value)


# ---------------------------------------------------------------- a card's Status help; leaving asks first


def test_a_cards_status_field_has_its_own_help(client: Any) -> None:
    from toolkit.web.vocab import field_words

    page = client.get("/editor/edit", params={"root": 0, "path": "tactics/cards/adrenaline_shot.json", "lang": "en"})
    config = editor_config(page.text)
    mode_help = field_words("en")[1]["status"]
    assert mode_help.startswith("Incomplete where the rule documents")
    card_help = config["kind_help"]["tactics/card"]["status"]
    assert card_help != mode_help and "status card" in card_help
    assert config["kind_help"]["netrunner/card"]["reading/status"].startswith("`executable`")


LEAVING = """() => { const e = new Event("beforeunload", { cancelable: true }); window.dispatchEvent(e);
  return e.defaultPrevented; }"""


@pytest.mark.slow
def test_unsaved_work_is_not_lost_by_leaving_and_the_status_help_in_chromium(base: Path) -> None:
    from toolkit.paths import SCHEMA_DIR

    far = os.path.relpath(SCHEMA_DIR / "tactics" / "card.schema.json", base / "my-set" / "cards")  # Dossier's own
    card = {"category": "status", "status": {"target": "enemy_unit"}, "$schema": far}
    write_card(base / "my-set", "my_card", **card)
    schema_field = '[data-pointer="/$schema"] input'

    def drive(page: Any) -> None:
        page.wait_for_selector("#ed-root[data-ready]")
        page.wait_for_function("() => document.getElementById('ed-status').textContent === ''")
        status = page.locator('fieldset[data-pointer="/status"] > .ed-help')
        assert status.inner_text().startswith("What a status card is attached to")
        assert page.evaluate(LEAVING) is False  # nothing edited: leaving asks nothing
        page.locator('[data-pointer="/text/0"] textarea').fill("你抽 2 张牌。")
        assert page.evaluate(LEAVING) is True  # an unsaved edit: the browser asks
        asked: list[str] = []

        def answer(dialog: Any) -> None:  # stay on the page
            asked.append(dialog.type)
            dialog.dismiss()

        page.on("dialog", answer)
        page.close(run_before_unload=True)
        page.wait_for_timeout(500)
        assert asked == ["beforeunload"] and not page.is_closed()
        assert page.locator(schema_field).input_value() == far
        page.click("#ed-save")
        page.wait_for_selector("#ed-message.ok")
        assert page.evaluate(LEAVING) is False  # saved
        assert page.locator(schema_field).input_value() == "../../schema/tactics/card.schema.json"  # as written
        page.locator('[data-pointer="/text/0"] textarea').fill("你抽 3 张牌。")
        assert page.evaluate(LEAVING) is True
        page.evaluate(
            "() => window.dispatchEvent(new CustomEvent('dossier:lang-switch', { detail: { lang: 'zh-Hans' } }))"
        )
        assert page.evaluate(LEAVING) is False  # the language switch keeps the work for the reload

    with served(settings_of(base)) as url:
        in_chromium(f"{url}/editor/edit?root=1&path={MINE}&lang=en", drive)
    assert json.loads((base / "my-set" / MINE).read_text(encoding="utf-8"))["text"] == ["你抽 2 张牌。"]
