"""Tactics saves and the Chinese game log, sweep 76 (helper 792).

1. The refusal of a saved game whose cards changed since counts the machine's changed cards, face up since or not
   (the file keeps no record of what was shown: a replay on the changed cards could show what the person never saw).
2. A Chinese log and screen of one game name a player one way: 玩家1, as the log's seat label (P{seat}) does.
3. A list in a Chinese log line has no ASCII brackets (点数：3、4); English keeps them ([3, 4]).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.conftest import ROOT
from tests.test_tactics_decisions import RECORDS, _setup
from toolkit.cli import app
from toolkit.cli._lang import LogNames, seat_label
from toolkit.engine.keys import Cursor
from toolkit.engine.tactics.screen import screen
from toolkit.engine.tactics.session import TacticsSession, view
from toolkit.i18n import t, tn

DUEL = ROOT / "examples" / "decks" / "tactics" / "duel.json"


def _played(decisions: int = 40) -> TacticsSession:
    """A duel of the person (seat 1, first option each time) against the machine, whose squad and deck it made up."""
    session = TacticsSession(RECORDS, _setup("duel", ["human", "heuristic"], seed=3), made_up=frozenset({2}))
    for _ in range(decisions):
        assert session.pending is not None
        session.apply(session.pending.options[0].label)
    return session


def _changed(ids: set[str]) -> list[Any]:
    """The records with each card or agent of ``ids`` changed in a field the fingerprint covers and the game does not
    play (its art): the saved game replays as it was played."""
    out: list[Any] = []
    for record in RECORDS:
        if getattr(record, "id", None) in ids and getattr(record, "kind", None) in ("card", "agent"):
            out.append(record.model_copy(update={"art": f"../art/{record.id}-new.png"}))
        else:
            out.append(record)
    return out


# ---------------------------------------------------------------- 1. the machine's changed cards are counted


def test_the_machine_s_changed_cards_are_counted_even_once_played_face_up() -> None:
    # The file keeps no record of what its seat was shown, and replaying the game on cards that changed may show a
    # card the person never saw: the machine's changed cards are counted, never named, face up since or not.
    from toolkit.cli.play import _refuse_changed_cards
    from toolkit.errors import DossierError

    session = _played()
    setup, machine = session.setup, session.game.player(2)
    mine = set(setup.squads[0]) | set(setup.decks[0])
    data = session.to_json(sealed=True)
    played = sorted({c.id for c in machine.discard} - mine)[0]  # (the machine's, discarded face up)
    mortgaged = sorted({c.id for c in machine.mortgage} - mine - {played})[0]  # (face down)
    with pytest.raises(DossierError) as refused:
        _refuse_changed_cards(Path("g.json"), _changed({played, mortgaged}), data, force=False)
    said = str(refused.value)
    assert "(2 of the machine's cards)" in said, said
    assert played not in said and mortgaged not in said, said


# ---------------------------------------------------------------- 2. one form of a player's name in Chinese

_PLAYER = re.compile(r"玩家\s*\d")
_SEAT_MESSAGES = (  # the tactics engine's and the Chinese game log's sentences that name a player by seat
    ("player {n}", {"n": 1}),
    ("player {seat} cannot play {card} now", {"seat": 1, "card": "雾刃#1"}),
    ("player {seat} cannot discard {count}: the hand holds {n}", {"seat": 1, "count": 2, "n": 1}),
    ("{agent} ({id}) is in the squads of players {seats}", {"agent": "雾刃", "id": "mistblade", "seats": "1、2"}),
)


def _forms(text: str) -> set[str]:
    return {re.sub(r"\d", "N", found) for found in _PLAYER.findall(text)}


def test_a_chinese_log_and_screen_of_one_game_name_a_player_one_way() -> None:
    one = {re.sub(r"\d", "N", seat_label(1, "zh-Hans"))}
    assert one == {"玩家N"}
    session = _played(12)
    out = io.StringIO()
    console = Console(file=out, width=150, height=80, color_system=None)
    console.print(screen(session, 1, "zh-Hans", LogNames(RECORDS, "zh-Hans"), Cursor(0), "", 80, console=console))
    drawn = out.getvalue()
    assert _forms(drawn) == one, drawn
    played = CliRunner().invoke(app, ["play", "tactics", "--decks", str(DUEL), "--seed", "5", "--plain", "--lang",
                                      "zh-Hans"], input="1\n" * 8)  # fmt: skip
    assert _forms(played.output) == one, played.output
    ran = CliRunner().invoke(app, ["text", "run", "主动 横置：你抽 1 张牌。", "--lang", "zh-Hans"])
    assert ran.exit_code == 0, ran.output
    assert _forms(ran.output) == one, ran.output  # (its log's lines and who may see one)
    for message, fields in _SEAT_MESSAGES:
        assert _forms(t("zh-Hans", message, **fields)) == one, message
    paying = tn("zh-Hans", "player {seat} cannot pay {cost}: {n} card can be mortgaged",
                "player {seat} cannot pay {cost}: {n} cards can be mortgaged", 1, seat=1, cost="-2", n=1)  # fmt: skip
    assert _forms(paying) == one, paying


# ---------------------------------------------------------------- 3. no ASCII brackets round a Chinese log's list


def test_a_list_in_a_chinese_log_line_has_no_ascii_brackets() -> None:
    entry = {"seq": 12, "event": "deploy_dice", "player": 1, "faces": [3, 4], "squad": ["mistblade"], "cards": []}
    zh = LogNames(RECORDS, "zh-Hans").line(entry)
    assert "[" not in zh and "]" not in zh, zh
    assert "3、4" in zh and "雾刃" in zh and "—" in zh, zh
    en = LogNames(RECORDS, "en").line(entry)
    assert "[3, 4]" in en and "[Mistblade]" in en and "[]" in en, en
    names = LogNames(RECORDS, "zh-Hans")
    lines = [names.line(entry) for entry in view(_played(12).game, 1)["log"]]  # (a game's: dice, squads)
    assert lines and not any("[" in line or "]" in line for line in lines), [x for x in lines if "[" in x]
