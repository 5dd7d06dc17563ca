"""The card editor's "$schema" as a tester found it (round 70): a new record of a designer's set that has no schema
folder above it was given the path from the set down through the server's folders to Dossier's own schemas
(``../../../../../work/main/schema/tactics/card.schema.json``), in the file written and in the editor's answers,
though no answer of the server shows its paths. The set now gets its own copy (``my-set/.schema``, as
``dossier schema --out my-set/.schema`` makes it) and the record points there."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CARDS, SCHEMA, writing_client
from toolkit.paths import SCHEMA_DIR
from toolkit.web.settings import WebSettings

CARD = {
    "back": "personal", "category": "item", "game": "tactics", "id": "sweep_gadget", "kind": "card",
    "name": {"en": "Sweep Gadget", "zh-Hans": "扫描小玩意"}, "text": ["响应：本单位移动 0-2。"],
    "cost": {"mortgage": 1, "tap": False},
}  # fmt: skip
OWN = str(SCHEMA_DIR / "tactics" / "card.schema.json")


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """The served pool (tmp/pool/cards with its schema/ beside it) and a designer's set elsewhere (tmp/desk/my-set),
    with no schema folder above it: as a set kept outside the server's checkout."""
    shutil.copytree(SCHEMA, tmp_path / "pool" / "schema")
    shutil.copytree(CARDS, tmp_path / "pool" / "cards")
    (tmp_path / "desk" / "my-set").mkdir(parents=True)
    monkeypatch.setattr("toolkit.paths.CARDS_DIR", tmp_path / "pool" / "cards")
    return {"cards": tmp_path / "pool" / "cards", "set": tmp_path / "desk" / "my-set", "tmp": tmp_path}


@pytest.fixture
def editor(places: dict[str, Path]) -> Iterator[Any]:
    from toolkit.web.routes.editor import wait_for_reload

    tmp = places["tmp"]
    settings = WebSettings(cards=[places["cards"], places["set"]], db_url=str(tmp / "web.db"), cache=tmp / "cache",
                           data=tmp / "data")  # fmt: skip
    for client in writing_client(settings):
        yield client
        wait_for_reload(client.app.state.web)


def _config(page: str) -> dict[str, Any]:
    found = re.search(r'id="ed-config">(.*?)</script>', page, re.S)
    assert found is not None
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def _leaks(text: str, places: dict[str, Path]) -> list[str]:
    """The server's own folders named in ``text``: the checkout's (Dossier's schemas) and the test's."""
    found = [p for p in (str(SCHEMA_DIR.parent), str(places["tmp"])) if p.strip("/") in text]
    for climbed in re.finditer(r"((?:\.\./)+)([^\"'\s\\]*schema\.json)", text):  # a path up, then down: where to?
        if not climbed.group(2).startswith(("schema/", ".schema/")):
            found.append(climbed.group(0))
    return found


def test_a_new_record_of_a_set_without_schemas_points_at_the_set_s_own_copy(
    editor: Any, places: dict[str, Path]
) -> None:
    page = editor.get("/editor/new", params={"kindref": "tactics/card", "id": "zz_probe", "root": "1", "lang": "en"})
    assert page.status_code == 200
    assert _leaks(page.text, places) == [], _leaks(page.text, places)
    config = _config(page.text)
    rel = config["new"]["rel"]
    folder = places["set"] / os.path.dirname(rel)
    wanted = os.path.relpath(places["set"] / ".schema" / "tactics" / "card.schema.json", folder)
    assert json.loads(config["text"])["$schema"] == wanted and wanted.endswith(".schema/tactics/card.schema.json")
    # the check as one types: no "$schema does not resolve" while the copy is not made (the save makes it)
    check = editor.post("/editor/check", json={"root": 1, "path": rel, "text": config["text"], "canonical": True,
                                               "preview": False, "lang": "en"})  # fmt: skip
    assert not [f for f in check.json()["findings"] if f["code"].startswith("card.schema_ref")]
    assert not (places["set"] / ".schema").exists()  # (a look writes nothing)
    # the save: the record points at the set's copy, which it makes, as `dossier schema --out my-set/.schema` would
    path = os.path.join(os.path.dirname(rel), "sweep_gadget.json")
    saved = editor.post("/editor/save", json={"root": 1, "path": path, "text": json.dumps(CARD, ensure_ascii=False),
                                              "new": True, "lang": "en"})  # fmt: skip
    assert saved.status_code == 200, saved.text
    assert _leaks(saved.text, places) == [], _leaks(saved.text, places)
    written = json.loads((places["set"] / path).read_text(encoding="utf-8"))
    assert written["$schema"] == wanted
    copy = places["set"] / ".schema" / "tactics" / "card.schema.json"
    assert copy.read_bytes() == (SCHEMA_DIR / "tactics" / "card.schema.json").read_bytes()
    assert sorted(p.relative_to(places["set"] / ".schema") for p in (places["set"] / ".schema").rglob("*.json")) == \
        sorted(p.relative_to(SCHEMA_DIR) for p in SCHEMA_DIR.rglob("*.schema.json"))  # fmt: skip
    assert not [f for f in saved.json()["findings"] if f["code"].startswith("card.schema_ref")], saved.json()
    # the next new record of that folder (a sibling's "$schema") points there too
    again = editor.get("/editor/new", params={"kindref": "tactics/card", "id": "zz_two", "root": "1", "lang": "en"})
    assert _leaks(again.text, places) == []


def test_a_record_pointing_through_the_server_s_folders_is_pointed_at_the_set_s_copy(
    editor: Any, places: dict[str, Path]
) -> None:
    folder = places["set"] / "tactics" / "cards"
    leaked = os.path.relpath(OWN, folder)  # what the editor wrote before: ../../../…/schema/tactics/card.schema.json
    assert not leaked.startswith("../" * leaked.count("../") + "schema/")  # (it goes down through other folders)
    text = json.dumps({**CARD, "$schema": leaked}, ensure_ascii=False)
    saved = editor.post("/editor/save", json={"root": 1, "path": "tactics/cards/sweep_gadget.json", "text": text,
                                              "new": True, "lang": "en"})  # fmt: skip
    assert saved.status_code == 200, saved.text
    assert json.loads(saved.json()["text"])["$schema"] == "../../.schema/tactics/card.schema.json"
    assert _leaks(saved.text, places) == []
    # a path of the designer's own choosing (a URL, their own folder) stays as written
    mine = {**CARD, "id": "sweep_gadget2", "name": {"en": "Sweep Gadget 2", "zh-Hans": "扫描小玩意二"},
            "$schema": "https://example.org/schemas/tactics/card.schema.json"}  # fmt: skip
    kept = editor.post("/editor/save", json={"root": 1, "path": "tactics/cards/sweep_gadget2.json", "new": True,
                                             "text": json.dumps(mine, ensure_ascii=False), "lang": "en"})  # fmt: skip
    assert kept.status_code == 200, kept.text
    assert json.loads(kept.json()["text"])["$schema"] == mine["$schema"]


def test_the_bundled_layout_keeps_its_path(editor: Any, places: dict[str, Path]) -> None:
    """A record of the served cards (schema/ beside them, above the record) keeps ``../../../schema/…``: no copy."""
    page = editor.get("/editor/new", params={"kindref": "tactics/card", "id": "zz_probe", "root": "0", "lang": "en"})
    config = _config(page.text)
    assert json.loads(config["text"])["$schema"] == "../../../schema/tactics/card.schema.json"
    assert not (places["cards"] / ".schema").exists()
