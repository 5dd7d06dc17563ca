"""A crossfire role's team, where people read it, is a name (Blue team, Red team, No team; 蓝队, 红队, 无阵营), not
the bare code; the API's code fields stay codes."""

from __future__ import annotations

import html
import re
from typing import Any

from .conftest import ROOT

DECK = ROOT / "examples" / "decks" / "crossfire" / "crossfire-9-specials.json"
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"]
WORDS = {"en": {"blue": "Blue team", "red": "Red team", "none": "No team"},
         "zh-Hans": {"blue": "蓝队", "red": "红队", "none": "无阵营"}}  # fmt: skip


def test_the_vocabulary_names_teams_as_a_reader_expects() -> None:
    from toolkit.i18n import word

    for lang, words in WORDS.items():
        assert {code: word("team", code, lang) for code in words} == words, lang


def test_the_analysis_keeps_the_code_and_names_the_team(client: Any) -> None:
    import json

    deck = json.loads(DECK.read_text(encoding="utf-8"))
    for lang, words in WORDS.items():
        body = client.post(f"/api/decks/analyze?lang={lang}", json={"deck": deck, "lang": lang}).json()
        rows = {row["id"]: row for row in body["rows"]}
        for role, team in (("agent", "blue"), ("assassin", "red"), ("bystander", "none")):
            assert rows[role]["group"] == team  # the code
            assert rows[role]["group_name"] == words[team], (lang, rows[role])
        labels = body["stats"]["labels"]["by_type"]
        assert labels == {code: words[code] for code in labels}


def _create(client: Any, lang: str) -> str:
    data: dict[str, Any] = {"mode": "sniper", "players": "7", "special": []}
    data.update({f"name_{i}": n for i, n in enumerate(NAMES, start=1)})
    response = client.post(f"/crossfire?lang={lang}", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return str(response.headers["location"])


def _teams_column(page: str) -> list[str]:
    table = page.split('id="cf-roles"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>.*?</tr>", table, re.S)
    return [html.unescape(re.findall(r"<td>(.*?)</td>", row, re.S)[2]) for row in rows]


def test_the_host_page_names_the_teams(client: Any) -> None:
    from toolkit.web.routes.crossfire import rooms

    for lang, words in WORDS.items():
        host = _create(client, lang)
        page = client.get(f"{host}?lang={lang}").text
        room = rooms(client.app.state.web).host(host.rsplit("/", 1)[1])
        assert room is not None and room.current is not None
        deal = room.current.to_deal()
        teams = {role: record.team for role, record in _roles(client.app.state.web.catalog).items()}
        assert _teams_column(page) == [words[teams[deal.roles[seat]]] for seat in sorted(deal.roles)], lang
        assassins = [str(s) for s, r in deal.roles.items() if r == "assassin"]
        resolved = client.post(f"{host}/resolve?lang={lang}", data={"mark": assassins}).text
        winner = html.unescape(re.findall(r'id="cf-team"[^>]*>([^<]*)<', resolved)[0])
        assert winner == {"en": "Blue team wins", "zh-Hans": "蓝队获胜"}[lang], winner
        rounds = [html.unescape(r) for r in re.findall(r"<li>([^<]*)</li>", resolved.split('id="cf-scores"', 1)[1])]
        assert rounds and rounds[0].startswith({"en": "Round 1: Blue team wins; winners ",
                                                "zh-Hans": "第 1 局：蓝队获胜；获胜者 "}[lang]), rounds  # fmt: skip


def _roles(catalog: Any) -> dict[str, Any]:
    return {r.id: r for r in catalog.records if getattr(r, "game", None) == "crossfire" and r.kind == "role"}
