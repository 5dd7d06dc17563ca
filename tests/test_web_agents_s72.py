"""The web app, sweep 72: the deck builder's card search reads its squad (``agents=``) as everything else reads
an agent.

- an agent is named by id, by name in either language or by symbol (as search's ``agent:`` key and a deck list
  name one), and the id is what the answer marks and reports;
- repeated ``agents=`` parameters and comma-separated lists alike make the squad;
- an agent that is no agent of the game is a 400 naming it (as an unknown ``identity=`` or ``mode=`` is), never a
  squad silently missing one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import copied_settings, writing_client

SNIPER = "longbow_sniper_rifle"  # Jackdaw's exclusive card
GALES = "gales_order"  # Gale's


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A TestClient over a copy of the bundled cards (it changes nothing: shared by the module)."""
    yield from writing_client(copied_settings(tmp_path_factory.mktemp("agents_s72")))


def cards(client: Any, agents: Any, q: str = "", lang: str = "en") -> Any:
    params: dict[str, Any] = {"game": "tactics", "q": q, "limit": 500, "lang": lang}
    if agents is not None:
        params["agents"] = agents
    return client.get("/api/decks/cards", params=params)


def outside(client: Any, agents: Any, q: str = "") -> dict[str, Any]:
    """Each exclusive card's ``outside_squad``, by id, for the squad ``agents``."""
    answer = cards(client, agents, q)
    assert answer.status_code == 200, answer.text
    return {r["id"]: r["outside_squad"] for r in answer.json()["results"] if "outside_squad" in r}


@pytest.mark.parametrize("named", ["jackdaw", "Jackdaw", "JACKDAW", "寒鸦", "鸦"])
def test_an_agent_is_named_by_id_name_in_either_language_or_symbol(client: Any, named: str) -> None:
    marks = outside(client, named, "longbow")
    assert marks == {SNIPER: False}
    answer = cards(client, named, "longbow")
    assert answer.json()["scope"]["agents"] == ["jackdaw"]  # the squad as ids, whatever it was called


def test_a_name_of_two_words_names_its_agent(client: Any) -> None:
    marks = outside(client, "Queen Bee,蜂后")
    queen_bees = [card for card, out in marks.items() if out is False]
    assert queen_bees and all(out for card, out in marks.items() if card not in queen_bees)
    assert cards(client, "Queen Bee").json()["scope"]["agents"] == ["queen_bee"]


@pytest.mark.parametrize("agents", [["jackdaw", "gale"], "jackdaw,gale", "jackdaw, gale", ["Jackdaw", "烈风"],
                                    ["jackdaw,gale"]])  # fmt: skip
def test_repeated_parameters_and_a_comma_separated_list_make_one_squad(client: Any, agents: Any) -> None:
    marks = outside(client, agents)
    assert marks[SNIPER] is False and marks[GALES] is False
    assert marks["cinder_grenade_launcher"] is True  # Cinder's: not in the squad


@pytest.mark.parametrize("agents", ["nobody", ["jackdaw", "nobody"], "jackdaw,nobody", "鬼魂"])
def test_an_agent_of_no_agent_is_a_400_naming_it(client: Any, agents: Any) -> None:
    answer = cards(client, agents, "longbow")
    assert answer.status_code == 400, answer.text
    bad = "鬼魂" if agents == "鬼魂" else "nobody"
    assert repr(bad) in answer.json()["detail"], answer.text
    assert "agent" in answer.json()["detail"]


def test_a_card_is_not_an_agent(client: Any) -> None:
    """A name found, but of a card, names no agent of the squad."""
    answer = cards(client, SNIPER, "longbow")
    assert answer.status_code == 400, answer.text
    assert repr(SNIPER) in answer.json()["detail"]


def test_the_400_is_said_as_an_unknown_identity_is(client: Any) -> None:
    """The same family of message as ``identity=`` (``no netrunner identity 'x'``), in the page's language too."""
    for lang in ("en", "zh-Hans"):
        answer = cards(client, "nobody", "longbow", lang=lang)
        assert answer.status_code == 400, answer.text
        identity = client.get("/api/decks/cards", params={"game": "netrunner", "identity": "nobody", "lang": lang})
        assert identity.status_code == 400
        said, told = answer.json()["detail"], identity.json()["detail"]
        assert said.endswith("'nobody'") and told.endswith("'nobody'")
        if lang == "en":
            assert said == "no tactics agent 'nobody'"


def test_no_squad_said_and_an_empty_squad_still_answer(client: Any) -> None:
    assert outside(client, None, "longbow") == {SNIPER: None}  # not said: not marked
    assert outside(client, "", "longbow") == {SNIPER: True}  # a squad of no agents (the builder's new deck)
    assert outside(client, "private,private", "longbow") == {SNIPER: True}  # privates may repeat (T2)


def test_what_the_builder_sends_is_accepted(client: Any) -> None:
    """decks.js sends the squad's ids joined with commas (``agents=`` even when empty), privates repeated."""
    for agents in ("", "private", "jackdaw,private,private,gale"):
        answer = cards(client, agents, "")
        assert answer.status_code == 200, answer.text
