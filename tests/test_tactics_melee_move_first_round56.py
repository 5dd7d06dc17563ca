"""T21 / seed 000 §14.8: "攻击时结算所有写有“攻击时”的能力。近战攻击时，攻击者可以先移动0-1。该移动会改变攻击者的位置
和朝向，影响后续的距离和视野判定" — a melee attacker's 0-1 move comes first, then the 攻击时 abilities resolve (from
where it stands after the move)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT


def _log(cli, *decks: str, seed: int) -> list[dict]:
    ex = ROOT / "examples" / "decks" / "tactics"
    args = [a for d in decks for a in ("--decks", ex / d)]
    result = cli("simulate", "tactics", *args, "--seed", seed, "--turns", 20, "--format", "json", "--lang", "en")
    assert result.exit_code == 0, result.output[-500:]
    return list(json.loads(result.stdout)["log"])


@pytest.mark.slow
def test_the_melee_move_comes_before_the_on_attack_abilities(cli) -> None:
    moves = before = 0
    for seed in (1, 2):
        log = _log(cli, "melee.json", "melee-demolition.json", "melee-recon.json", seed=seed)
        for i, event in enumerate(log):
            if event.get("event") != "move" or "13.1" not in str(event.get("reason")):
                continue
            moves += 1
            start = max(j for j in range(i) if log[j].get("event") == "attack")
            on_attack = [e for e in log[start:i] if e.get("event") == "trigger" and e.get("timing") == "on_attack"]
            assert not on_attack, log[start : i + 1]  # (攻击前 abilities come before, at the declaration)
            after = [e for e in log[i:] if e.get("event") in ("trigger", "hit_roll", "attack")]
            after = [e for e in after if e.get("event") != "trigger" or e.get("timing") == "on_attack"][:1]
            before += bool(after and after[0].get("event") == "trigger")
    assert moves, "no melee move in these games: the test would prove nothing"
    assert before, "no melee move followed by an 攻击时 ability in these games: the test would prove nothing"
