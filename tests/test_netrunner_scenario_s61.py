"""Scenario positions the rules do not allow, refused naming the place (session 61's sweep): programs over the memory
limit (no one is there to trash one: it was "nobody decides", half in English), an empty remote server (the game has
none, yet the runner could run on it), a rezzed agenda (silently laid out face down), a corp card in the rig or hosted
on a runner card (said to be put in the runner's deck)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_netrunner_rules import RECORDS
from toolkit.engine.netrunner.scenario import ScenarioError, run_scenario, set_up
from toolkit.i18n import t, use_lang
from toolkit.models.scenario import Scenario

ONE_MU = ["sleeve_blade", "cog_key", "shade_key", "rockbit_drill", "wildcard_key", "gray_rat", "pry_script"]


def _scenario(corp: dict[str, Any] | None = None, runner: dict[str, Any] | None = None, **extra: Any) -> Scenario:
    return Scenario.model_validate({
        "game": "netrunner", "name": "t", "active": "runner",
        "corp": {"identity": "weyland_iron_ledger", "credits": 5, **(corp or {})},
        "runner": {"identity": "zero_weaver", "credits": 5, **(runner or {})}, "decisions": [], **extra,
    })  # fmt: skip


def _refused(scenario: Scenario, lang: str = "en") -> ScenarioError:
    with use_lang(lang), pytest.raises(ScenarioError) as refused:
        set_up(RECORDS, scenario)
    return refused.value


def _rig(ids: list[str]) -> list[dict[str, str]]:
    return [{"card": x} for x in ids]


# a: over the memory limit


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_programs_over_the_memory_limit_are_refused_at_the_rig(lang: str) -> None:
    error = _refused(_scenario(runner={"rig": _rig(ONE_MU)}), lang)
    assert error.pointer == "/runner/rig"
    assert str(error) == t(lang, "{where}: the programs use {used} memory units; the limit is {limit}",
                           where="/runner/rig", used=7, limit=5)  # fmt: skip
    assert "nobody" not in str(error) and "没有人" not in str(error)


def test_programs_at_the_memory_limit_are_laid_out() -> None:
    game = set_up(RECORDS, _scenario(runner={"rig": _rig(ONE_MU[:5])}))
    assert game.memory_used() == game.memory_limit() == 5 and len(game.runner.rig) == 5


# b: an empty remote server


def test_an_empty_remote_server_is_refused_naming_it() -> None:
    error = _refused(_scenario(corp={"servers": {"remote1": {}}}))
    assert error.pointer == "/corp/servers/remote1" and str(error).startswith("/corp/servers/remote1: ")
    with pytest.raises(ScenarioError):  # (it was laid out, and the runner made a successful run on it)
        run_scenario(RECORDS, _scenario(corp={"servers": {"remote1": {}}}, decisions=["run:remote1"]))


def test_a_remote_with_ice_only_and_an_empty_central_server_are_laid_out() -> None:
    game = set_up(RECORDS, _scenario(corp={"servers": {"remote1": {"ice": [{"card": "t_wall"}]}, "hq": {}}}))
    assert "remote1" in game.servers and [c.id for c in game.servers["remote1"].ice] == ["t_wall"]


# c: a rezzed agenda


def test_a_rezzed_agenda_is_refused_at_its_rezzed_field() -> None:
    placed = {"servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme", "rezzed": True}]}}}
    error = _refused(_scenario(corp=placed))
    assert error.pointer == "/corp/servers/remote1/root/0/rezzed"
    assert str(error).startswith("/corp/servers/remote1/root/0/rezzed: ") and "agenda" in str(error)
    game = set_up(RECORDS, _scenario(corp={"servers": {"remote1": {"root": [{"card": "neutral_pilot_scheme"}]}}}))
    assert game.servers["remote1"].root[0].rezzed is False  # face down, as it was asked
    asset = {"servers": {"remote1": {"root": [{"card": "t_battery", "rezzed": True}]}}}
    rezzed = set_up(RECORDS, _scenario(corp=asset))
    assert rezzed.servers["remote1"].root[0].rezzed is True  # an asset is rezzed as asked


# d: a card of the other side where it was put


@pytest.mark.parametrize(("lang", "deck"), [("en", "deck"), ("zh-Hans", "牌组")])
@pytest.mark.parametrize(("side", "placed", "pointer"), [
    ("runner", {"rig": [{"card": "t_wreck"}]}, "/runner/rig/0/card"),
    ("runner", {"rig": [{"card": "sleeve_blade", "hosted": [{"card": "t_wreck"}]}]}, "/runner/rig/0/hosted/0/card"),
    ("corp", {"servers": {"remote1": {"root": [{"card": "sleeve_blade"}]}}}, "/corp/servers/remote1/root/0/card"),
], ids=["rig", "hosted", "server"])  # fmt: skip
def test_a_card_of_the_other_side_is_refused_naming_where_it_was_put(side: str, placed: dict[str, Any], pointer: str,
                                                                    lang: str, deck: str) -> None:  # fmt: skip
    error = _refused(_scenario(**{side: placed}), lang)
    assert error.pointer == pointer and str(error).startswith(pointer), str(error)
    assert deck not in str(error)
    if "hosted" in pointer:
        assert "'sleeve_blade'" in str(error)  # the host, named
    messages = {
        "/runner/rig/0/card": "{where}: {id} is a {owner} card; the rig holds only runner cards",
        "/runner/rig/0/hosted/0/card": "{where}: {id} is a {owner} card; only runner cards can be hosted on {host}",
        "/corp/servers/remote1/root/0/card": "{where}: {id} is a {owner} card; the corp's servers hold only corp cards",
    }
    from toolkit.engine.core import side_word

    with use_lang(lang):
        owner = side_word("runner" if side == "corp" else "corp")
        wanted = t(lang, messages[pointer], where=pointer, id=repr(placed_id(placed)), owner=owner,
                   host="'sleeve_blade'")  # fmt: skip
    assert str(error) == wanted


def placed_id(placed: dict[str, Any]) -> str:
    """The id of the card of the other side in ``placed``."""
    if "servers" in placed:
        return str(placed["servers"]["remote1"]["root"][0]["card"])
    first = placed["rig"][0]
    return str(first["hosted"][0]["card"] if first.get("hosted") else first["card"])
