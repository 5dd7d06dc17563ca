"""Crossfire on the web, sweep 64: "End this table" asks first (a page that needs no script, as /play's resign
does), names with control characters are refused by the form, and an engine's refusal loses its pointer in
either language's colon."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.conftest import CARDS
from toolkit.catalog import load_catalog
from toolkit.engine.crossfire import Crossfire, TableError
from toolkit.i18n import use_lang
from toolkit.web.crossfire_rooms import Room, in_form_terms

from .test_crossfire_table import NAMES, create, error_of, path_of


def forms(page: str) -> list[tuple[str, str, str]]:
    """(method, action, inner html) of each form of ``page``."""
    found = re.findall(r'<form method="(\w+)" action="([^"]+)"[^>]*>(.*?)</form>', page, flags=re.S)
    return [(method, html.unescape(action), inner) for method, action, inner in found]


def test_end_this_table_asks_first(client: Any) -> None:
    host = create(client)
    token = host.rsplit("/", 1)[1]
    page = client.get(host).text
    # the host page's button opens the question (a GET form, no script); it posts nothing
    ((method, action, inner),) = [f for f in forms(page) if 'id="cf-end"' in f[2]]
    assert method == "get" and path_of(action) == f"/crossfire/host/{token}/end"
    assert "csrf_token" not in inner and f"/crossfire/host/{token}/delete" not in page
    asked = client.get(f"/crossfire/host/{token}/end?lang=en")
    assert asked.status_code == 200 and asked.headers["cache-control"] == "no-store"
    assert "End this table?" in asked.text and "It cannot be undone." in asked.text
    ((method, action, inner),) = forms(asked.text)
    assert method == "post" and path_of(action) == f"/crossfire/host/{token}/delete"
    assert 'name="csrf_token"' in inner and '<button type="submit" id="cf-end-confirm">End this table</button>' in inner
    back = re.search(r'<a href="([^"]+)" id="cf-end-back">Back to the table</a>', inner)
    assert back is not None and path_of(html.unescape(back.group(1))) == f"/crossfire/host/{token}"
    assert "tabindex" not in inner  # a button and a link: both reached with the keyboard
    assert client.get(host).status_code == 200  # asking deleted nothing
    # confirmed: the table is gone
    assert client.post(action, data={}, follow_redirects=False).status_code == 303
    assert client.get(host).status_code == 404
    assert client.get(f"/crossfire/host/{token}/end?lang=en").status_code == 404


def test_end_this_table_in_chinese_counts_the_rounds(client: Any) -> None:
    host = create(client, lang="zh-Hans")
    token = host.rsplit("/", 1)[1]
    asked = client.get(f"/crossfire/host/{token}/end?lang=zh-Hans")
    assert asked.status_code == 200 and 'lang="zh-Hans"' in asked.text
    assert ">结束这一桌</button>" in asked.text and ">回到这一桌</a>" in asked.text
    assert "round resolved" not in client.get(f"/crossfire/host/{token}/end?lang=en").text
    aims: dict[str, list[str]] = {}  # each select of the host's form: its k-th player, so no gun aims twice
    for seat, k, options in re.findall(r'<select id="cf-aim-(\d+)-(\d+)" name="aim_\d+">(.*?)</select>',
                                       client.get(host).text, flags=re.S):  # fmt: skip
        targets = re.findall(r'<option value="(\d+)"', options)
        aims.setdefault(f"aim_{seat}", []).append(targets[int(k)])
    assert aims and client.post(f"{host}/resolve", data=aims).status_code == 200
    asked = client.get(f"/crossfire/host/{token}/end?lang=en").text
    assert "with its score, 1 round resolved," in asked


def test_a_name_with_a_control_character_is_refused_by_the_form(client: Any) -> None:
    data: dict[str, Any] = {"mode": "crossfire", "players": "7", "special": ["bomber"]}
    data.update({f"name_{i}": n for i, n in enumerate(NAMES, start=1)})
    data["name_2"] = "B\x1b[31mo"
    response = client.post("/crossfire?lang=en", data=data)
    assert response.status_code == 400
    assert "the name of seat 2, 'B\\x1b[31mo', holds the control character U+001B" in error_of(response.text)
    assert "\x1b" not in error_of(response.text)  # (the field keeps what was typed, to be corrected)


@pytest.mark.parametrize(("lang", "source"), [("en", "round 1"), ("zh-Hans", "第 1 轮")])
def test_an_engine_refusal_loses_its_pointer_in_either_colon(lang: str, source: str) -> None:
    game = Crossfire.from_records(load_catalog([CARDS / "crossfire"]).records)
    room = Room(id="0" * 16, host_token="h" * 24, seat_tokens={}, mode="crossfire", players=7, names={2: "Bo"},
                specials=[])  # fmt: skip
    roles = game.deal("crossfire", 7, seed=1).roles
    table: dict[str, Any] = {"players": [{"seat": s, "role": r, "aim": [s % 7 + 1]} for s, r in roles.items()]}
    table["players"][1]["aim"] = [3, 4]
    with use_lang(lang), pytest.raises(TableError) as caught:
        game.table(table, source)
    message = caught.value.message
    assert message.startswith(source + ("：/players/1/aim：" if lang != "en" else ": /players/1/aim: ")), message
    with use_lang(lang):
        shown = in_form_terms(game, room, message)
    assert "/players" not in shown and shown.startswith(source + ("：Bo" if lang != "en" else ": Bo")), shown
