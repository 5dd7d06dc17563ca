"""What a seat is shown of the log never tells which unit a face-down enemy is: not the entries its own ability writes
as it resolves (a condition, an attack's modifier, the targets as written, the timing), nor its names, in either
language (a tester's games, 15 rounds of 双雄, one seat played at random against the heuristic player, §8.4, T23)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_tactics_screen_s60 import DUO, RECORDS
from toolkit.cli._lang import LogNames
from toolkit.engine.phrase import Phrase
from toolkit.engine.tactics.session import TacticsSession, TacticsSetup, view
from toolkit.engine.tactics.state import Unit, hidden_from
from toolkit.text import parse_cached, render

NAMES = {lang: LogNames(RECORDS, lang) for lang in ("en", "zh-Hans")}
REFS = ("unit", "target", "card", "what", "attack", "by", "weapon", "obstacle")  # fields that name a unit or card


def _strings(value: Any) -> Iterator[str]:
    """Every string in a log entry's value (a sentence of the engine's: its fields)."""
    if isinstance(value, Phrase):
        for field in value.fields.values():
            yield from _strings(field)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def _texts(unit: Unit) -> dict[str, list[str]]:
    """The text of ``unit``'s abilities in each language (as its record has it, and as the log renders it)."""
    zh = list(unit.record.text or [])
    return {"zh-Hans": zh, "en": [render(parse_cached(text), "en") for text in zh]}


def _names(unit: Unit) -> list[str]:
    return [unit.record.name.en, unit.record.name.zh_hans, unit.record.id]


def _causes(session: TacticsSession) -> dict[int, Unit]:
    """Each entry of the game's log (by seq) written while a unit's own ability resolved, or soon after: from the
    entry that began it (a trigger, an ability used: its ``source`` the unit's record, its ``card`` or ``unit`` the
    unit) up to the next entry that begins an ability, or the end of the turn."""
    units = {str(u): u for p in session.game.players for u in (*p.units, *p.standby, *p.lost) if isinstance(u, Unit)}
    out: dict[int, Unit] = {}
    cause: Unit | None = None
    for event in session.game.log:
        if event.kind == "turn_end":
            cause = None
        if "ability" in event.data:
            named = [units.get(str(event.data.get(key))) for key in ("card", "unit")]
            cause = next((u for u in named if u is not None and u.record.id == event.data.get("source")), None)
        if cause is not None:
            out[event.seq] = cause
    return out


def _leaks(session: TacticsSession, seat: int, since: int) -> list[str]:
    """What the entries after ``since`` of the log ``seat`` is shown now say of a unit face down to it: its names
    anywhere; in an entry its own ability wrote, a field whose words are a piece of its text."""
    game = session.game
    hidden = [u for u in game.units() if hidden_from(u, seat) and u.kind == "agent"]
    causes = _causes(session)
    found: list[str] = []
    for entry in view(game, seat)["log"]:
        if entry["seq"] <= since:
            continue
        lines = {lang: names.line(entry) for lang, names in NAMES.items()}
        for unit in hidden:
            for name in _names(unit):
                if any(name in s for s in _strings(entry)) or any(name in line for line in lines.values()):
                    found.append(f"{name}: {lines['en']}")
            if causes.get(entry["seq"]) is not unit:
                continue
            for lang, names in NAMES.items():
                texts = [text.lower() for text in _texts(unit)[lang]]
                for key, value in entry.items():
                    if key in ("seq", "event", "player", *REFS) or value == "hidden":
                        continue
                    words = str(names.say(key, value)).strip("“”「」").lower()
                    if len(words) > 3 and any(words in text for text in texts):
                        found.append(f"{key} ({lang}): {lines[lang]}")
    return found


def _play(seed: int, seat: int) -> Iterator[tuple[TacticsSession, int]]:
    """A tester's game: ``seat`` played at random (the end of a main phase taken 3 times in 10), the other by the
    heuristic player; the session at each of the seat's decisions, and how many entries of the log it had at the
    one before."""
    setup = dict(DUO[0], seed=seed, rounds=15)
    setup["players"] = ["human", "heuristic"] if seat == 1 else ["heuristic", "human"]
    session = TacticsSession(RECORDS, TacticsSetup.from_json(setup))
    rng = random.Random(seed)
    since = 0
    while session.pending is not None:
        yield session, since
        since = len(session.game.log)
        decision = session.pending
        options = decision.options
        session.apply((options[-1] if decision.kind == "action" and rng.random() < 0.3 else rng.choice(options)).label)


@pytest.mark.parametrize(("seed", "seat"), [(11, 1), (12, 1), (2, 1), (6, 2), (5, 2)])
@pytest.mark.slow
def test_no_entry_tells_the_other_seat_which_unit_a_face_down_one_is(seed: int, seat: int) -> None:
    """Since session 68 an agent's own ability turns it face up as it is used, its triggered ones too (§8.4, docs/
    rulings.md): no entry of one is shown while it is face down (it was, masked, and still told which unit it was:
    only 蜂后 and 假面 have a 登场时), and an enemy using its own is shown turning face up."""
    resolved = 0  # entries a face-down enemy's own ability wrote while it was face down, as the seat saw them
    used = 0  # enemies shown turning face up as they used their own ability
    for session, since in _play(seed, seat):
        leaks = _leaks(session, seat, since)
        assert not leaks, leaks[:5]
        causes = _causes(session)
        resolved += sum(1 for seq, u in causes.items() if seq > since and hidden_from(u, seat))
        used += sum(1 for e in view(session.game, seat)["log"] if e["seq"] > since and e["event"] == "exposed"
                    and e["player"] != seat and str(e["reason"]) == "uses its own ability (§8.4)")  # fmt: skip
    assert not resolved, "a face-down enemy's own ability resolved while it stayed face down"
    assert used, "no enemy used its own ability: the game tells nothing"


@pytest.mark.slow
def test_a_face_down_agent_turns_face_up_before_its_own_text_changes_an_attack() -> None:
    """Session 68 (§8.4 "使用其能力…时"): 山猫's "攻击前：如果本单位处于隐蔽状态，本次攻击命中骰结果 +1。" turns it face up
    first, then its trigger, its condition (read face down: it holds) and the attack's number changed are shown in
    words. (Before, they were shown with their words hidden and the unit as its handle, which still told which unit it
    was.)"""
    shown: dict[int, dict[str, Any]] = {}
    for session, since in _play(11, 1):
        shown.update((e["seq"], e) for e in view(session.game, 1)["log"] if e["seq"] > since)
    modifiers = [e for e in shown.values() if e["event"] == "attack_modifier" and e["player"] == 2]
    assert modifiers
    for entry in modifiers:
        condition, trigger, exposed = shown[entry["seq"] - 1], shown[entry["seq"] - 2], shown[entry["seq"] - 3]
        assert (exposed["event"], exposed["unit"], str(exposed["reason"])) == (
            "exposed", entry["attack"], "uses its own ability (§8.4)")
        assert (trigger["event"], trigger["timing"], trigger["source"]) == ("trigger", "before_attack", "lynx")
        assert (condition["event"], condition["condition"], condition["holds"]) == ("condition", "本单位处于隐蔽状态", True)
        assert (entry["stat"], entry["delta"]) == ("hit_result", 1)
