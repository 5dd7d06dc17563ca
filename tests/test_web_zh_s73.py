"""The web app for a Chinese-speaking user, sweep 73:

- ``派系:中立`` (``f:中立``) finds both neutral factions, as ``f:neutral`` does; a faction one character off is
  offered by the name the pages show it by (中立（公司）), once;
- the equipment size Normal is 普通 everywhere (the printed card and the editor's menu said 常规), and the search
  takes 常规 too (sheets printed before);
- a sort named as the Sort menu names it (费用, ``Cost``; the menu's whole label) is taken; an unknown one lists the
  sorts with their names in the page's language (joined with 、 in Chinese), as ``t:x`` lists its values;
- the menus of /play bracket a deck's mode and a map's modes in the language's brackets;
- deck import quotes an unknown card's name (and the names offered) as the language quotes names: 「档案库劫」;
- an unknown game of a card page lists the games by name, each id in brackets;
- the bundled Netrunner cards' set has a name (Dossier Demo, 演示系列), shown on card pages, not its id.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import CARDS, copied_settings, writing_client
from toolkit import i18n

ZH = {"lang": "zh-Hans"}  # (asked of every request: the client keeps the language cookie of the last page)
EN = {"lang": "en"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app over a copy of the bundled cards (it changes nothing in them)."""
    yield from writing_client(copied_settings(tmp_path_factory.mktemp("s73zh")))


def ids(client: Any, q: str, **params: Any) -> list[str]:
    answer = client.get("/api/search", params={"q": q, "limit": 500, **ZH, **params})
    assert answer.status_code == 200, answer.text
    return [r["id"] for r in answer.json()["results"]]


def problem(client: Any, q: str) -> str:
    answer = client.get("/api/search", params={"q": q, **ZH})
    assert answer.status_code == 400, answer.text
    return str(answer.json()["detail"]["problem"])


def page_text(markup: str) -> str:
    markup = re.sub(r"(?s)<(script|style)\b.*?</\1>", "", markup)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


# ---------------------------------------------------------------- 1. 中立


@pytest.mark.parametrize("q", ["派系:中立", "f:中立", "F:中立 t:议案"])
def test_neutral_in_chinese_finds_both_neutral_factions(client: Any, q: str) -> None:
    """Before: 未知的派系 '中立'；是不是 中立公司？"""
    english = q.replace("派系:中立", "f:neutral").replace("F:中立", "f:neutral").replace("f:中立", "f:neutral")
    found = ids(client, q, game="netrunner")
    assert found and found == ids(client, english, game="netrunner")
    catalog = client.app.state.web.catalog
    factions = {getattr(catalog.get("netrunner", i, "card"), "faction", None) for i in found}
    assert factions == {"neutral_corp", "neutral_runner"} or (q.endswith("议案") and factions == {"neutral_corp"})


def test_a_faction_nearly_named_is_offered_by_its_shown_name_once(client: Any) -> None:
    """Before: 是不是 中立公司、中立（公司）？ (a folded spelling the pages never show, and the name twice)."""
    said = problem(client, "f:中立公")
    assert "中立（公司）" in said and "中立公司" not in said, said
    assert said.count("中立（公司）") == 1, said


# ---------------------------------------------------------------- 2. 普通


def test_size_normal_is_one_word_in_chinese() -> None:
    """The printed card and the editor's menu (the card-face word) said 常规; search, lint and card pages 普通."""
    from toolkit.search import vocab
    from toolkit.sheets.labels import EQUIPMENT_SIZE

    context, message = EQUIPMENT_SIZE["normal"]  # type: ignore[misc]
    face = i18n.tc("zh-Hans", context, message)
    assert face == vocab.SIZES["normal"][0] == i18n.tc("zh-Hans", "equipment size", "normal") == "普通"


def test_the_search_takes_the_old_printed_size_word(client: Any) -> None:
    """Before: 未知的尺寸 '常规'."""
    normal = ids(client, "尺寸:普通")
    assert normal and ids(client, "尺寸:常规") == normal == ids(client, "size:normal")


# ---------------------------------------------------------------- 3. sorts


def menu_labels(client: Any, lang: str) -> dict[str, str]:
    """The Sort menu of /cards: value -> label."""
    text = client.get("/cards", params={"lang": lang}).text
    menu = re.search(r'(?s)<select[^>]*name="sort"[^>]*>(.*?)</select>', text)
    assert menu is not None
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)<', menu[1])
    return {value: html.unescape(label).strip() for value, label in options}


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_a_sort_named_as_the_menu_names_it_is_taken(client: Any, lang: str) -> None:
    """Before: 未知的排序 '费用'; the menu's own words were refused."""
    labels = menu_labels(client, lang)
    assert labels["cost"] == ("费用" if lang == "zh-Hans" else "Cost")
    for value, label in labels.items():
        if not value or "," in label or "，" in label:
            continue
        for spelling in (label, "-" + label):
            answer = client.get("/api/search", params={"q": "t:议案", "sort": spelling, "game": "netrunner"})
            assert answer.status_code == 200, (spelling, answer.text)
            expected = ("-" if spelling.startswith("-") else "") + value
            assert answer.json()["sort"] in (spelling, expected)
            assert ids(client, "t:议案", sort=spelling, game="netrunner") == ids(client, "t:议案", sort=expected,
                                                                                  game="netrunner")  # fmt: skip


def test_the_menus_whole_label_is_its_sort_on_the_page(client: Any) -> None:
    """/cards?sort=费用，从高到低 (a link written with the menu's label) sorts as -cost and keeps the menu on it."""
    labels = menu_labels(client, "zh-Hans")
    for value in ("cost", "-cost", "-release", "name"):
        answer = client.get("/cards", params={"q": "t:议案", "game": "netrunner", "sort": labels[value], **ZH})
        assert answer.status_code == 200, page_text(answer.text)[:500]
        assert re.search(rf'<option value="{re.escape(value)}"[^>]*selected', answer.text), value


def test_the_cli_takes_a_chinese_sort(cli: Any) -> None:
    chinese = cli("search", "t:议案", "--game", "netrunner", "--sort", "-费用")
    english = cli("search", "t:议案", "--game", "netrunner", "--sort", "-cost")
    assert chinese.exit_code == 0, chinese.stderr
    assert chinese.stdout == english.stdout


def test_an_unknown_sort_lists_the_sorts_by_name_in_chinese(client: Any) -> None:
    """Before: 可选 name, cost, faction, …（前加 '-'：降序）."""
    api = client.get("/api/search", params={"q": "x", "sort": "价格", **ZH})
    assert api.status_code == 400
    said = api.json()["detail"]["message"]
    page = page_text(client.get("/cards", params={"q": "x", "sort": "价格", **ZH}).text)
    for text in (said, page):
        assert "name（名称）、cost（费用）、faction（派系）" in text, text[:800]
        assert "name, cost" not in text
    english = client.get("/api/search", params={"q": "x", "sort": "price", **EN}).json()["detail"]["message"]
    assert "name, cost, faction, type, set, release, strength, influence" in english


# ---------------------------------------------------------------- 4. /play


def test_play_menus_bracket_modes_in_chinese_brackets(client: Any) -> None:
    """Before: 单挑：铁砧破门 (单挑), 码头货栈 (双雄、专家)."""
    text = client.get("/play", params=ZH).text
    labels = {name: re.findall(r"<option[^>]*>([^<]*)</option>", html.unescape(body))
              for name, body in re.findall(r'(?s)<select id="pl-(deck|map)"[^>]*>(.*?)</select>', text)}  # fmt: skip
    assert labels["deck"][1:] and labels["map"][1:]
    for label in labels["deck"][1:] + labels["map"][1:]:
        assert "(" not in label and ")" not in label and re.search(r"（[^）]+）", label), label
    assert "码头货栈（双雄、专家）" in labels["map"]
    english = client.get("/play", params=EN).text
    assert "Dockyard Depot (Duo, Expert)" in html.unescape(english)


# ---------------------------------------------------------------- 5. deck import


def test_unknown_cards_of_a_deck_are_quoted_as_chinese_quotes_names(client: Any) -> None:
    """Before: 没有名为 '档案库劫' 的牌；是否想写 '档案库劫案'？"""
    text = "# game: netrunner\n维拉·“指尖”·索恩\n3 档案库劫\n1 No Such Card\n"
    findings = client.post("/api/decks/validate", json={"text": text, "lang": "zh-Hans"}).json()["findings"]
    unknown = [f["message"] for f in findings if f["code"] == "deck.card.unknown"]
    assert unknown[0].startswith("矩阵潜袭中没有名为「档案库劫」的牌；是否想写「档案库劫案」"), unknown
    assert unknown[1].startswith("矩阵潜袭中没有名为「No Such Card」的牌；是否想写「"), unknown
    assert not any("'" in message for message in unknown)
    english = client.post("/api/decks/validate", json={"text": text, "lang": "en"}).json()["findings"]
    assert any(f["message"].startswith("no netrunner card is called 'No Such Card'") for f in english)


def test_an_unknown_identity_line_is_quoted_as_chinese_quotes_names(client: Any) -> None:
    text = "# game: netrunner\n维拉·指尖·索\n3 档案库劫案\n"
    findings = client.post("/api/decks/validate", json={"text": text, "lang": "zh-Hans"}).json()["findings"]
    [said] = [f["message"] for f in findings if f["code"] == "deck.identity.unknown"]
    assert "「维拉·指尖·索」" in said and "「维拉·“指尖”·索恩」" in said and "'" not in said, said


def test_unknown_cards_of_an_octgn_deck_are_quoted_so_too(client: Any) -> None:
    o8d = ('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n'
           '<deck game="0f38e453-26df-4c04-9d67-6d43de939c77"><section name="Cards">'
           '<card qty="3" id="00000000-0000-0000-0000-000000000000">档案库劫</card></section></deck>\n')  # fmt: skip
    answer = client.post("/api/decks/validate", json={"text": o8d, "lang": "zh-Hans"}).json()
    unknown = [f["message"] for f in answer["findings"] if f["code"] == "deck.card.unknown"]
    assert unknown and unknown[0].startswith("矩阵潜袭中没有名为「档案库劫」的牌；是否想写「档案库劫案」"), answer


# ---------------------------------------------------------------- 6. unknown game


def test_an_unknown_game_of_a_card_page_lists_games_by_name(client: Any) -> None:
    """Before: 未知的游戏 'foo'；现有游戏：tactics, netrunner, crossfire."""
    said = page_text(client.get("/cards/foo/x", params=ZH).text)
    assert "特工战术（tactics）、矩阵潜袭（netrunner）、谍战特工（crossfire）" in said, said[:600]
    english = page_text(client.get("/cards/foo/x", params=EN).text)
    assert "Tactics (tactics), " in english, english[:600]


# ---------------------------------------------------------------- 7. the demo set's name


@pytest.mark.parametrize(("lang", "name"), [(ZH, "演示系列"), (EN, "Dossier Demo")])
def test_a_netrunner_card_page_names_the_demo_set(client: Any, lang: dict[str, str], name: str) -> None:
    """Before: 印刷版本 showed the set id dossier_demo."""
    text = client.get("/cards/netrunner/archive_heist", params=lang).text
    printings = re.search(r'(?s)<table id="printings">(.*?)</table>', text)
    assert printings is not None
    assert name in printings[1] and "dossier_demo" not in printings[1]


def test_the_demo_sets_chinese_name_has_no_latin_letters() -> None:
    game = json.loads((CARDS / "netrunner" / "game.json").read_text(encoding="utf-8"))
    [demo] = [s for s in game["sets"] if s["id"] == "dossier_demo"]
    assert demo["name"]["en"] == "Dossier Demo" and not re.search(r"[A-Za-z]", demo["name"]["zh-Hans"])
