"""The web app, sweep 72:

- the deck builder's card search offers what an identity's own deck rules allow, as the validator reads them: other
  factions' agendas (``out_of_faction_agendas``), none of a forbidden faction (``forbid_faction``);
- the search help under the card search box shows only codes that work on the served cards (the bundled cards have
  no NetrunnerDB set codes, cycles or release dates);
- a deck's downloads have one clean name whatever the format.
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

from tests.web.conftest import CARDS, SCHEMA, writing_client
from toolkit.web.settings import WebSettings

ROOT = Path(__file__).resolve().parents[1]
IDENTITY = "hb_mirror_foundry"
OWN_RULES = [
    {"rule": "copy_limit", "max": 1},
    {"rule": "out_of_faction_agendas", "per_faction": 1},
    {"rule": "forbid_faction", "faction": "jinteki"},
]


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> WebSettings:
    """A copy of the bundled cards, Mirror Foundry given deck rules of its own (as the sweep's pool had it)."""
    root = tmp_path_factory.mktemp("s72")
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    path = root / "cards" / "netrunner" / "identities" / f"{IDENTITY}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deck_rules"] = OWN_RULES
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return WebSettings(cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "web-cache",
                       data=root / "web-data")  # fmt: skip


@pytest.fixture(scope="module")
def client(settings: WebSettings) -> Iterator[Any]:
    yield from writing_client(settings)


def netrunner(client: Any) -> dict[str, Any]:
    return dict(client.app.state.web.deck_pool.rules.game("netrunner").records)


def offered(client: Any, q: str, identity: str = IDENTITY) -> list[str]:
    params = {"game": "netrunner", "identity": identity, "q": q, "limit": 500}
    answer = client.get("/api/decks/cards", params=params)
    assert answer.status_code == 200, answer.text
    return [r["id"] for r in answer.json()["results"]]


def legal_alone(client: Any, card_id: str, identity: str = IDENTITY) -> bool:
    """Whether the validator lets a deck of ``identity`` hold one copy of ``card_id`` (no finding about that card
    other than the deck's size, points and influence, which one card cannot meet)."""
    deck = {"game": "netrunner", "mode": "standard", "name": "t", "identity": identity, "cards": {card_id: 1}}
    body = client.post("/api/decks/analyze", json={"deck": deck, "lang": "en"}).json()
    assert not [f for f in body["findings"] if f["code"] == "deck.schema"], body["findings"]
    about = {"deck.agenda.faction", "deck.faction.forbidden", "deck.side", "deck.agenda.per_faction"}
    return not [f for f in body["findings"] if f["code"] in about]


# ---------------------------------------------------------------------- 1. the identity's own rules in the builder


def test_an_identity_that_takes_other_factions_agendas_is_offered_them(client: Any) -> None:
    records = netrunner(client)
    identity = records[IDENTITY]
    ids = offered(client, "t:agenda")
    others = [i for i in ids if records[i].faction not in (identity.faction, "neutral_corp")]
    assert others, "the validator lets Mirror Foundry take other factions' agendas"
    assert all(legal_alone(client, i) for i in others)


def test_an_identity_is_offered_no_card_of_a_faction_it_forbids(client: Any) -> None:
    records = netrunner(client)
    jinteki = [r.id for r in records.values() if getattr(r, "faction", None) == "jinteki" and r.kind == "card"]
    assert jinteki and not legal_alone(client, jinteki[0])
    assert offered(client, "f:jinteki") == []
    assert not {i for i in offered(client, "") if records[i].faction == "jinteki"}


def test_the_builder_offers_exactly_what_the_validator_allows(client: Any) -> None:
    records = netrunner(client)
    shown = set(offered(client, "t:agenda")) | set(offered(client, "f:jinteki"))
    agendas = [r.id for r in records.values() if getattr(r, "type", None) == "agenda"]
    jinteki = [r.id for r in records.values() if r.kind == "card" and getattr(r, "faction", None) == "jinteki"]
    for card_id in sorted(set(agendas) | set(jinteki)):
        if getattr(records[card_id], "side", None) in ("corp", None):
            assert (card_id in shown) == legal_alone(client, card_id), card_id


def test_an_identity_without_own_rules_still_sees_only_its_own_and_neutral_agendas(client: Any) -> None:
    records = netrunner(client)
    ids = offered(client, "t:agenda", "weyland_skyward_holdings")
    assert ids and {records[i].faction for i in ids} <= {"weyland", "neutral_corp"}


# ---------------------------------------------------------------------- 2. the search help's codes work here


def help_text(page: str) -> str:
    found = re.search(r'<p id="q-help"[^>]*>(.*?)</p>', page, re.S)
    assert found is not None
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


CODE = re.compile(r"(?<![\w:<>=])([a-z]+(?::|<=|>=|<|>)[\w-]+)")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_every_code_the_search_help_shows_answers(client: Any, lang: str) -> None:
    said = help_text(client.get("/cards", params={"lang": lang}).text)
    codes = [c for c in CODE.findall(said) if c != "key:value"]  # (the form of a term, not one)
    assert "f:hb" in codes and len(codes) >= 5, said
    for code in codes:
        answer = client.get("/api/search", params={"q": code, "lang": lang})
        assert answer.status_code == 200, (code, answer.text)


def test_the_search_help_names_no_set_cycle_or_date_the_cards_do_not_hold(client: Any) -> None:
    said = help_text(client.get("/cards", params={"lang": "en"}).text)
    assert "e:core" not in said and "c:sc19" not in said and "r<2017" not in said
    assert "e:dossier_demo" in said  # a set the served cards hold, as an example
    assert "NetrunnerDB" in said  # and what the codes and dates need


def test_the_set_key_help_offers_no_code_the_cards_do_not_hold(client: Any) -> None:
    from toolkit.web import vocab

    web = client.app.state.web
    keys = {k["names"][0]: k["help"] for k in vocab.search_keys("en", web)}
    assert "e:core" not in keys["set"] and "`e:dossier_demo`" in keys["set"]
    assert "r<2017" not in keys["released"]


# ---------------------------------------------------------------------- 3. one clean download name


FORMATS = [("nrdb", ".txt"), ("text", ".txt"), ("jinteki", ".txt"), ("json", ".json"), ("o8d", ".o8d")]


@pytest.mark.parametrize(("fmt", "ext"), FORMATS)
def test_a_download_is_named_alike_in_every_format(client: Any, fmt: str, ext: str) -> None:
    deck = json.loads((ROOT / "examples/decks/netrunner/runner-criminal-fingers.json").read_text(encoding="utf-8"))
    api = client.post("/api/decks/export", json={"deck": deck, "to": fmt, "lang": "en"}).json()
    assert api["filename"] == "Fingers-Night-Raid-on-the-Archives" + ext
    page = client.post("/decks/export?lang=en", data={"deck": json.dumps(deck), "to": fmt})
    assert page.status_code == 200
    assert 'filename="Fingers-Night-Raid-on-the-Archives' + ext + '"' in page.headers["content-disposition"]


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Fingers: Night Raid on the Archives", "Fingers-Night-Raid-on-the-Archives"),
        ("  --Mirror!!  (v2)...", "Mirror-v2"),
        ("指尖：档案库夜袭", "指尖-档案库夜袭"),
        ("?!", "deck"),
    ],
)
def test_export_filename_makes_one_clean_name(name: str, stem: str) -> None:
    from toolkit.models.deck import Deck
    from toolkit.web import deckwork

    deck = Deck.model_validate({"game": "netrunner", "mode": "standard", "name": name, "identity": "x", "cards": {}})
    names = {deckwork.export_filename(deck, fmt)[: -len(ext)] for fmt, ext in FORMATS}
    assert names == {stem}


@pytest.fixture(scope="module")
def nrdb_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The bundled cards with NetrunnerDB's set list as an import leaves it: their set is Core Set (``e:core``) of a
    cycle ``sc19``, released in 2012."""
    root = tmp_path_factory.mktemp("s72-nrdb")
    shutil.copytree(SCHEMA, root / "schema")
    shutil.copytree(CARDS, root / "cards")
    path = root / "cards" / "netrunner" / "game.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sets"] = [{"id": "dossier_demo", "code": "core", "cycle": "sc19", "released": "2012-09-06",
                     "name": {"en": "Core Set", "zh-Hans": "基础系列"}}]  # fmt: skip
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    settings = WebSettings(cards=[root / "cards"], db_url=str(root / "web.db"), cache=root / "web-cache",
                           data=root / "web-data")  # fmt: skip
    yield from writing_client(settings)


def test_with_netrunnerdbs_sets_the_help_shows_its_codes(nrdb_client: Any) -> None:
    from toolkit.web import vocab

    said = help_text(nrdb_client.get("/cards", params={"lang": "en"}).text)
    assert "f:hb, e:core, c:sc19, r<2017" in said and "imported" not in said
    for code in ("e:core", "c:sc19", "r<2017"):
        assert nrdb_client.get("/api/search", params={"q": code}).status_code == 200, code
    keys = {k["names"][0]: k["help"] for k in vocab.search_keys("en", nrdb_client.app.state.web)}
    assert "`e:core`" in keys["set"] and "`r<2017`" in keys["released"]
