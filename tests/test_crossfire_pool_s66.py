"""Crossfire over a pool with a role whose text the engine cannot run, sweep 66.

A designer's set folder holds a new role whose text is ``你抽 1 张牌。``: lint only warns of it
(``text.form.unsupported``: "does nothing there"), but the moderator's page answered 503 for everyone with
"…/tester.json: crossfire role 'tester': /text/0: Draw is no crossfire result" (the engine's class name, also in
Chinese, and the server's absolute path), and ``dossier crossfire deal/resolve`` refused every table. Now the role is
left out (named once, with its file as the editor names it, in the page's language), every other role still
deals, and a table or a special role that asks for it is refused naming its place. A role a mode needs is still
an error, named without the server's path and in words of the card text.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS, ROOT

from .web.conftest import writing_client
from .web.test_crossfire_table import error_of

TESTER: dict[str, Any] = {
    "armed": False,
    "game": "crossfire",
    "guns": 0,
    "id": "tester",
    "kind": "role",
    "name": {"en": "Tester", "zh-Hans": "测试员"},
    "protects": False,
    "special": False,
    "team": "none",
    "text": ["你抽 1 张牌。"],
    "win": ["如果你未被击中，你获胜。"],
}


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


@pytest.fixture
def myset(tmp_path: Path) -> Path:
    """A set folder holding one new role, ``tester``, whose text the crossfire engine does not run."""
    _write(tmp_path / "myset" / "roles" / "tester.json", TESTER)
    return tmp_path / "myset"


@pytest.fixture
def pool(tmp_path: Path) -> Path:
    """A copy of the bundled crossfire cards (with schema/ beside them)."""
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    shutil.copytree(CARDS / "crossfire", tmp_path / "cards" / "crossfire")
    return tmp_path / "cards" / "crossfire"


def _client(tmp_path: Path, *cards: Path) -> Iterator[Any]:
    from toolkit.web.settings import WebSettings

    settings = WebSettings(
        cards=list(cards), db_url=str(tmp_path / "web.db"), cache=tmp_path / "web-cache", data=tmp_path / "web-data"
    )
    yield from writing_client(settings)


@pytest.fixture
def client(tmp_path: Path, pool: Path, myset: Path) -> Iterator[Any]:
    """The app over the bundled crossfire cards and the set folder."""
    yield from _client(tmp_path, pool, myset)


# ---------------------------------------------------------------- 1, 2. the web page


@pytest.mark.parametrize(("lang", "words"), [("en", "你抽 1 张牌 (you draw 1 card)"), ("zh-Hans", "你抽 1 张牌")])
def test_the_moderator_page_leaves_the_role_out_and_names_it_once(
    client: Any, tmp_path: Path, lang: str, words: str
) -> None:
    page = client.get(f"/crossfire?lang={lang}")
    assert page.status_code == 200, page.text[:400]
    assert 'id="cf-error"' not in page.text  # a note, not an alert: the tables work
    found = re.search(r'<p class="message" id="cf-notice">(.*?)</p>', page.text, re.S)
    assert found is not None
    said = html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))
    assert said.count("myset/roles/tester.json") == 1 and words in said
    assert "/text/0" in said
    assert str(tmp_path) not in page.text and "Draw" not in page.text  # no server path, no class name
    assert 'value="tester"' not in page.text  # not offered
    if lang == "en":
        assert "left out of every table" in said
    # the table still deals, with the other roles
    dealt = client.post(f"/crossfire?lang={lang}", data={"mode": "crossfire", "players": "7"}, follow_redirects=False)
    assert dealt.status_code == 303
    host = client.get(dealt.headers["location"] + f"?lang={lang}")
    assert host.status_code == 200 and "Tester" not in host.text and "测试员" not in host.text


def test_asking_for_the_role_as_a_special_is_refused_naming_it(client: Any, tmp_path: Path) -> None:
    data = {"mode": "crossfire", "players": "7", "special": ["tester"]}
    refused = client.post("/crossfire?lang=en", data=data, follow_redirects=False)
    assert refused.status_code == 400
    said = error_of(refused.text)
    assert "myset/roles/tester.json: crossfire role 'tester': /text/0: 你抽 1 张牌 (you draw 1 card)" in said
    assert said.count("tester.json") == 1  # the refusal names it: the page's note does not again
    assert str(tmp_path) not in refused.text and "Draw" not in refused.text


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_role_a_mode_needs_is_still_an_error_without_the_servers_path(tmp_path: Path, pool: Path, lang: str) -> None:
    decoy = pool / "roles" / "decoy.json"
    data = json.loads(decoy.read_text(encoding="utf-8"))
    data["text"] = ["你抽 1 张牌。"]
    _write(decoy, data)
    for client in _client(tmp_path, pool):
        page = client.get(f"/crossfire?lang={lang}")
        assert page.status_code == 503
        said = error_of(page.text)
        assert said.startswith("crossfire/roles/decoy.json") and "/text/0" in said and "你抽 1 张牌" in said
        assert str(tmp_path) not in page.text and "Draw" not in page.text


# ---------------------------------------------------------------- the command line


TABLE = [("vip", 2), ("agent", 4), ("assassin", 1), ("decoy", 1), ("bystander", 1)]  # seat: role, aim


def _table(tmp_path: Path, last: str = "bystander") -> Path:
    players = [{"seat": s, "role": r, "aim": [a]} for s, (r, a) in enumerate(TABLE, start=1)]
    players[-1]["role"] = last
    players.append({"seat": 6, "role": "agent", "aim": [3]})
    players.append({"seat": 7, "role": "assassin", "aim": [1]})
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"mode": "crossfire", "players": players}), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_deal_leaves_the_role_out_and_warns_once(cli: Any, myset: Path, lang: str) -> None:
    result = cli("crossfire", "deal", "-n", 7, "--cards", myset, "--seed", 1, "--lang", lang)
    assert result.exit_code == 0, result.output
    assert result.stderr.count("tester.json") == 1 and "/text/0" in result.stderr and "你抽 1 张牌" in result.stderr
    assert "Draw" not in result.stderr and "测试员" not in result.stdout and "Tester" not in result.stdout


def test_resolve_reads_a_table_without_the_role(cli: Any, myset: Path, tmp_path: Path) -> None:
    result = cli("crossfire", "resolve", _table(tmp_path), "--cards", myset, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("tester.json") == 1


def test_a_table_or_a_special_asking_for_the_role_is_refused_with_its_place(
    cli: Any, myset: Path, tmp_path: Path
) -> None:
    result = cli("crossfire", "resolve", _table(tmp_path, "tester"), "--cards", myset, "--lang", "en")
    assert result.exit_code != 0
    error = result.stderr.splitlines()[-1]
    assert re.search(r"t\.json: /players/4/role: left out of every table .*tester\.json: crossfire role 'tester': "
                     r"/text/0: 你抽 1 张牌 \(you draw 1 card\)", error), error  # fmt: skip
    result = cli("crossfire", "deal", "-n", 7, "--cards", myset, "--special", "Tester", "--lang", "en")
    assert result.exit_code == 2
    error = result.stderr.splitlines()[-1]
    assert error.startswith("dossier: error: --special: left out of every table") and "tester.json" in error


def test_the_engine_words_an_unrun_condition_and_result_in_the_card_texts_words() -> None:
    from toolkit.engine.crossfire import compile_role
    from toolkit.errors import DossierError
    from toolkit.i18n import use_lang
    from toolkit.models.crossfire import CrossfireRole

    for text, words in (("你抽 1 张牌。", "你抽 1 张牌"), ("如果你没有手牌，你获胜。", "你没有手牌")):
        record = CrossfireRole.model_validate({**TESTER, "text": [text]})
        for lang in ("en", "zh-Hans"):
            with use_lang(lang), pytest.raises(DossierError) as info:
                compile_role(record, "myset/roles/tester.json")
            assert info.value.message.startswith("myset/roles/tester.json")
            assert words in info.value.message and "Draw" not in info.value.message
            assert "NoHand" not in info.value.message


def test_a_role_text_that_does_not_parse_is_told_in_crossfire_s_words() -> None:
    """The engine tells a role's text that does not parse as lint does: with the words a crossfire text may write
    (no Netrunner credits or bad publicity offered)."""
    from toolkit.engine.crossfire import compile_role
    from toolkit.errors import DossierError
    from toolkit.i18n import use_lang
    from toolkit.models.crossfire import CrossfireRole

    role = CrossfireRole.model_validate({**TESTER, "id": "mystic", "text": ["你获得 3 信用点。"]})
    with use_lang("en"), pytest.raises(DossierError) as raised:
        compile_role(role)
    said = raised.value.message
    assert "column" in said and "[credit]" not in said and "负面声誉" not in said, said
