"""A replay step's marks: an effect's target lost while an attack resolves (an 攻击时 or 移动后 ability's, told
with the effect's ``ref``) is not the attack's; the attack's own dice are still drawn after it."""

from __future__ import annotations

from typing import Any

from toolkit.board.draw import step_marks

UNITS: list[dict[str, Any]] = [
    {"uid": 20, "id": "lynx", "name": "Lynx", "seat": 2, "kind": "agent", "pos": [0, 7], "facing": "e"},
    {"uid": 1, "id": "jackdaw", "name": "Jackdaw", "seat": 1, "kind": "agent", "pos": [1, 7], "facing": "w"},
]
STATE = {"map": "tiny", "units": UNITS}
ATTACK = {"event": "attack", "unit": "山猫#20", "target": "寒鸦#1", "counter": False}
DICE = {"event": "hit_dice", "faces": [5, 6, 4], "results": [5, 6, 4], "damage": 4}


def test_an_effect_s_target_lost_leaves_the_attack_s_dice_drawn() -> None:
    lost = {"event": "target_lost", "target": "寒鸦#1", "ref": "距离 0-2 内的目标敌方单位"}
    marks = step_marks(STATE, [ATTACK, lost, DICE])
    assert [g.role for g in marks.over] == ["attack", "dice"]


def test_the_attack_s_own_target_lost_is_its_miss() -> None:
    lost = {"event": "target_lost", "unit": "山猫#20", "target": "寒鸦#1", "distance": 3, "range": [0, 1]}
    marks = step_marks(STATE, [ATTACK, lost])
    assert [g.role for g in marks.over] == ["attack", "miss"]
