"""Stop 67 sweep fixes: the rulings page on a lost target (目标丢失) and on when targets are chosen (§11.5) says
what the engine does, and ``simulate tactics`` / ``play tactics`` take ``--mode`` as ``deck validate`` does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.conftest import ROOT
from tests.tactics_util import board_game, events, hand, put
from toolkit.cli import app
from toolkit.engine.core import Decider

DOCS = ROOT / "docs"
TACTICS = ROOT / "examples" / "decks" / "tactics"
DUO, DUO_RIVAL, EXPERT = TACTICS / "duo.json", TACTICS / "duo-rival.txt", TACTICS / "expert.json"


def _bullet(page: str, start: str) -> str:
    """The bullet of ``docs/<page>`` that starts with ``start`` (its wrapped lines joined)."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith(start))
    out = [lines[first].strip()]
    for line in lines[first + 1 :]:
        if not line.strip() or line.strip().startswith("- "):
            break
        out.append(line.strip())
    return " ".join(out)


class _Asked(Decider):
    """The first option, always; keeps the prompts."""

    def __init__(self, pick: Any = None) -> None:
        self.prompts: list[str] = []
        self.pick = pick

    def choose(self, player: int, prompt: Any, options: Any) -> Any:
        options = list(options)
        self.prompts.append(str(prompt))
        if self.pick is not None:
            chosen = self.pick(player, str(prompt), options)
            if chosen is not None:
                return chosen
        return options[0]


def _sidearm_attack(distance: int) -> tuple[Any, _Asked]:
    """Gale (seat 1) strikes Jackdaw (seat 2) with the Sidearm (制式手枪, range 1-4) from ``distance`` cells."""

    def pick(seat: int, prompt: str, options: list[Any]) -> Any:
        if prompt.startswith("attack of"):
            return next(o for o in options if str(o) == "制式手枪")
        if prompt.startswith("target of"):
            return next(o for o in options if "寒鸦" in str(o))
        return None

    asked = _Asked(pick)
    game = board_game(decider=asked, rows=["........"] * 8)
    put(game, 1, "gale", (0, 4), "e")
    put(game, 2, "jackdaw", (distance, 4), "w")
    game.active = 1
    strike = next(
        a for a in game.legal_actions(1) if a.kind == "ability" and a.source.record.id == "strike"  # type: ignore[union-attr]
    )
    game.take(strike)
    return game, asked


# 6. a lost target: 攻击后 resolves (without the text aimed at the target); no 被攻击后, no counterattack


def test_lost_target_engine_resolves_after_attacking_but_no_after_attacked_nor_counter() -> None:
    lost, asked = _sidearm_attack(7)  # distance 7 > 4
    assert events(lost, "target_lost") and not events(lost, "hit_roll")
    timings = [e.data["timing"] for e in events(lost, "trigger")]
    assert "after_attack" in timings and "after_attacked" not in timings, timings
    assert not any("counterattack" in p for p in asked.prompts), asked.prompts
    hit, asked = _sidearm_attack(3)  # (in range: the counterattack is offered, so the check above can fail)
    assert not [e for e in events(hit, "target_lost") if e.player == 1], list(hit.log)
    assert any("counterattack" in p for p in asked.prompts), asked.prompts


def test_rulings_page_says_after_attacking_resolves_after_a_lost_target() -> None:
    en = _bullet("rulings.md", "- A lost target")
    assert 'no "After attacking"' not in en and "ends the attack" not in en, en
    assert "不结算这段对目标生效的能力文字" in en and "§13.1" in en, en
    assert "(攻击后) still resolves" in en and "被攻击后" in en and "counterattack" in en, en
    zh = _bullet("rulings.zh.md", "- 目标丢失")
    assert "没有攻击后" not in zh and "结束这次攻击" not in zh, zh
    assert "不结算这段对目标生效的能力文字" in zh and "攻击后仍然结算" in zh and "被攻击后" in zh, zh


# 7. targets are chosen when the action is determined, before the responses (§11.5)


def test_flashbang_target_is_chosen_before_the_responses() -> None:
    asked = _Asked(lambda seat, prompt, options: options[0] if "respond" in prompt and seat == 2 else None)
    game = board_game(rows=["........"] * 8, decider=asked)
    put(game, 1, "gale", (0, 4), "e")
    put(game, 2, "jackdaw", (2, 4), "w")
    hand(game, 1, "flashbang", "med_kit")
    hand(game, 2, "tactical_roll")
    game.active = 1
    play = next(a for a in game.legal_actions(1) if a.kind == "play" and a.card.id == "flashbang")  # type: ignore[union-attr]
    start = len(game.log)
    game.take(play)
    kinds = [e.kind for e in list(game.log)[start:]]
    assert kinds.index("target_chosen") < kinds.index("respond") < kinds.index("resolve"), kinds


def test_rulings_page_says_targets_are_chosen_before_the_responses() -> None:
    en = _bullet("rulings.md", "- Targets in card text")
    assert "chosen when the effect resolves" not in en and "responses come before" not in en, en
    assert "§11.5" in en and "为该行动选择选项、对象或目标" in en and "before the response window" in en, en
    assert "§11.6" in en, en
    zh = _bullet("rulings.zh.md", "- 卡牌文本中的目标")
    assert "在效果结算时选择" not in zh and "晚选" not in zh, zh
    assert "§11.5" in zh and "为该行动选择选项、对象或目标" in zh and "响应时机之前" in zh and "§11.6" in zh, zh


# 8. --mode of simulate tactics and play tactics: the decks read, checked and played in that mode


def _run(*args: Any, answers: str = "") -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], input=answers)


def test_simulate_tactics_plays_the_decks_in_the_mode_given() -> None:
    base = ["simulate", "tactics", "--decks", DUO, "--decks", DUO_RIVAL, "--turns", 1, "--lang", "en"]
    for name in ("melee", "Melee", "混战"):  # its id or its name, in either language
        played = _run(*base, "--mode", name, "--format", "json")
        assert played.exit_code == 0, played.output
        setup = next(e for e in json.loads(played.stdout)["log"] if e["event"] == "setup")
        assert setup["mode"] == "melee", setup
    own = _run(*base, "--format", "json")  # (without it: the decks' own mode)
    assert own.exit_code == 0 and next(e for e in json.loads(own.stdout)["log"] if e["event"] == "setup")["mode"] == "duo"


def test_simulate_tactics_checks_the_decks_in_the_mode_given() -> None:
    short = _run("simulate", "tactics", "--decks", DUO, "--decks", DUO_RIVAL, "--mode", "expert", "--lang", "en")
    assert short.exit_code == 1 and "Expert needs at least 20" in short.output, short.output
    assert "refusing to simulate" in short.output
    squad = _run("simulate", "tactics", "--decks", DUO, "--decks", EXPERT, "--mode", "duo", "--lang", "en")
    assert squad.exit_code == 1 and "Duo allows at most 2" in squad.output, squad.output
    unknown = _run("simulate", "tactics", "--decks", DUO, "--decks", DUO_RIVAL, "--mode", "nope", "--lang", "en")
    assert unknown.exit_code == 2 and "--mode 'nope': tactics has no such mode" in unknown.output, unknown.output
    unspecified = _run("simulate", "tactics", "--decks", DUO, "--mode", "nightmare", "--lang", "en")
    assert unspecified.exit_code == 1 and "Nightmare Corridor" in unspecified.output, unspecified.output
    banlist = _run("simulate", "tactics", "--decks", DUO, "--decks", DUO_RIVAL, "--banlist", "x", "--lang", "en")
    assert banlist.exit_code == 2 and "--banlist is for netrunner decks, not tactics" in banlist.output


def test_play_tactics_plays_in_the_mode_given(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    base = ["play", "tactics", "--decks", DUO, "--plain", "--lang", "en", "--seed", 1]
    played = _run(*base, "--mode", "melee", "--save", saved)
    assert played.exit_code == 0, played.output
    assert "set-up (mode: Melee" in played.output, played.output
    assert json.loads(saved.read_text(encoding="utf-8"))["setup"]["mode"] == "melee"
    short = _run(*base, "--mode", "expert")
    assert short.exit_code == 1 and "Expert needs at least 20" in short.output, short.output
    assert "refusing to play" in short.output
    again = _run("play", "tactics", "--load", saved, "--plain", "--mode", "melee")
    assert again.exit_code == 2 and "--mode does not go with --load" in again.output, again.output
