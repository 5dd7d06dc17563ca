"""Session 73's Netrunner log fixes: a payment's log adds up (the run's bad-publicity credits spent get an entry of
their own, as recurring credits do, and the pay entry says what came from the credit pool); the replay page names
the sides as the other logs do (corp/runner, 公司/潜袭者), not P1/P2; "game over" is logged with no actor, as the
"the game ends" line after it is."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.test_netrunner_rules import RECORDS, events, scenario
from toolkit.cli._lang import LogNames
from toolkit.engine.netrunner.replay import render_replay
from toolkit.i18n import word

REFINERY = {"remote1": {"root": [{"card": "weyland_ore_refinery", "rezzed": True}]}}  # trash cost 3


def pool_changes(r: Any, side: str) -> list[int]:
    """What ``side``'s pool lost at each of its pay entries, read from the log alone (the previous credits count)."""
    credits = next(e["credits"] for e in events(r, "identity") if e["side"] == side)
    lost: list[int] = []
    for e in r.game.log:
        if e.kind == "pay" and e.data.get("side") == side:
            lost.append(credits - e.data["credits_left"])
            credits = e.data["credits_left"]
        elif e.data.get("side") == side and isinstance(e.data.get("credits"), int) and e.kind != "pay":
            credits = e.data["credits"]
    return lost


# ---------------------------------------------------------------- 1. a payment's log adds up


def test_bad_publicity_credits_spent_have_their_own_entry_and_the_pay_entry_says_the_pool_s_part() -> None:
    """2 bad publicity, 2 credits, a trash cost of 3: 2 from the bad-publicity credits, 1 from the pool."""
    r = scenario(["run:remote1", "continue", "trash:weyland_ore_refinery"],
                 corp={"bad_publicity": 2, "servers": REFINERY}, runner={"credits": 2})  # fmt: skip
    assert r.game.runner.credits == 1
    spent = events(r, "bad_publicity_credits")
    assert [(e["spent"], e["left"]) for e in spent] == [(2, 0)], spent
    pay = [e for e in events(r, "pay") if e["side"] == "runner"][-1]
    assert (pay["credits"], pay["from_pool"], pay["credits_left"]) == (3, 1, 1), pay
    assert pool_changes(r, "runner")[-1] == pay["from_pool"]  # the pool's part is what the pool lost
    kinds = [e.kind for e in r.game.log]
    assert kinds.index("bad_publicity_credits") < len(kinds) - 1 - kinds[::-1].index("pay")  # spent, then paid


def test_recurring_credits_spent_leave_the_pool_s_part_in_the_pay_entry() -> None:
    """Piggyback Rack's recurring credit pays 1 of Cog Key's install cost of 4; the pool (5) pays 3 and keeps 2."""
    r = scenario(
        ["use:piggyback_rack#4/1"],
        runner={"hand": ["cog_key"], "rig": [{"card": "piggyback_rack"}, {"card": "breaker_coprocessor"}]},
    )
    recurring = [e for e in events(r, "recurring") if "spent" in e]
    assert [(e["spent"], e["left"]) for e in recurring] == [(1, 0)], recurring
    pay = [e for e in events(r, "pay") if e["side"] == "runner"][-1]
    assert (pay["credits"], pay["from_pool"], pay["credits_left"]) == (4, 3, 2), pay
    assert pay["credits"] == pay["from_pool"] + sum(e["spent"] for e in recurring)


def test_a_payment_from_the_pool_alone_says_so() -> None:
    r = scenario(["run:remote1", "continue", "trash:weyland_ore_refinery"], corp={"servers": REFINERY})
    pay = [e for e in events(r, "pay") if e["side"] == "runner"][-1]
    assert (pay["credits"], pay["from_pool"], pay["credits_left"]) == (3, 3, 2), pay
    assert not events(r, "bad_publicity_credits")


def test_the_new_entry_and_field_are_worded() -> None:
    r = scenario(["run:remote1", "continue", "trash:weyland_ore_refinery"],
                 corp={"bad_publicity": 2, "servers": REFINERY}, runner={"credits": 2})  # fmt: skip
    names = LogNames(RECORDS, "en")
    lines = [names.line(e.to_json()) for e in r.game.log if e.kind in ("bad_publicity_credits", "pay")]
    assert any(re.search(r"\bbad publicity credits \(spent: 2, left: 0\b", line) for line in lines), lines
    assert any("pay (side: runner, credits: 3, from the pool: 1, credits left: 1" in line for line in lines), lines
    assert not any("_" in line.split("(")[0] for line in lines), lines  # no code for a word


# ---------------------------------------------------------------- 2. the replay page names the sides


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_replay_page_names_the_sides_as_the_other_logs_do(lang: str) -> None:
    r = scenario(["credit"], corp={"servers": REFINERY})
    frames = [{"label": "x", "state": r.game.view(), "events": [e.to_json() for e in r.game.log]}]
    page = render_replay(frames, "t", lang, LogNames(RECORDS, lang))
    items = re.findall(r'<li data-frame="0">([^<]*)', page)
    corp, runner = word("side", "corp", lang), word("side", "runner", lang)
    assert any(re.match(rf"\s*\d+ {re.escape(corp)} ", item) for item in items), items
    assert any(re.match(rf"\s*\d+ {re.escape(runner)} ", item) for item in items), items
    assert not any(re.match(r"\s*\d+ (P[12]|玩家[12]) ", item) for item in items), items


# ---------------------------------------------------------------- 3. "game over" has no actor


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_game_over_is_logged_with_no_actor(lang: str) -> None:
    """The corp must draw from an empty R&D: the runner wins, but did not do it; nor does the winner's side."""
    r = scenario(["credit"] * 4, runner={"clicks": 4}, corp={"deck": []})
    over = [e for e in r.game.log if e.kind == "game_over"]
    assert len(over) == 1 and over[0].data["winner"] == "runner"
    assert over[0].player is None and "player" not in over[0].to_json()
    names = LogNames(RECORDS, lang)
    line = names.line(over[0].to_json(), lambda seat: word("side", {1: "corp", 2: "runner"}[seat], lang))
    first = line.split()[1]
    assert first not in (word("side", "corp", lang), word("side", "runner", lang)), line
    assert over[0].visible == "all"
