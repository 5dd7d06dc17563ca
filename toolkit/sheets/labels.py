"""Every word and mark the layouts print that does not come from a record.

Kept in one table so that :mod:`toolkit.sheets.fontbuild` puts each of their
characters into the bundled font subset, so that a user's font is cut down
and checked with them (``dossier print --font``), and so the words follow the
glossary. A test reads the drawing modules and fails on a non-ASCII string
that is not here.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"

TACTICS_CATEGORY = {
    "equipment": "装备",
    "skill": "技能",
    "item": "道具",
    "status": "状态",
    "minion": "随从",
}
EQUIPMENT_SIZE = {"carried": "随身", "normal": "常规", "heavy": "重型"}
ATTACK_STYLE = {"melee": "近战", "ranged": "射击"}
STATUS_TARGET = {
    "any_unit": "任意单位",
    "friendly_unit": "己方单位",
    "enemy_unit": "敌方单位",
    "agent": "特工",
    "friendly_agent": "己方特工",
    "enemy_agent": "敌方特工",
    "minion": "随从",
    "none": "不可直接贴附",
}
DEPLOY_POSITION = {
    "same_coordinate": "同一坐标",
    "adjacent": "相邻坐标",
    "within": "距离 {n} 内",
    "deployment_zone": "任意部署区",
}
USERS = {"agent": "特工", "minion": "随从"}
OBSTACLE = {"normal": "障碍", "scene": "场景障碍"}

NETRUNNER_TYPE = {
    "operation": "事务",
    "agenda": "议案",
    "ice": "防火墙",
    "upgrade": "升级",
    "asset": "资产",
    "hardware": "硬件",
    "resource": "资源",
    "program": "程序",
    "event": "事件",
    "identity": "特性卡牌",
}
SIDE = {"corp": "公司", "runner": "潜袭者"}
TEAM = {"blue": "蓝队", "red": "红队", "none": "无阵营"}

WORDS = {
    "agent": "特工",
    "private": "列兵",
    "unit": "单位",
    "hp": "生命",
    "move": "移速",
    "vision": "视野",
    "front": "前",
    "rear": "背向",
    "side": "侧向",
    "speed": "攻速",
    "range": "距离",
    "through_walls": "穿墙",
    "shield": "护盾",
    "slots": "槽位",
    "cost": "费用",
    "tap": "横置",
    "exclusive": "专用",
    "response": "响应",
    "shop": "矩阵商店",
    "personal": "个人牌库",
    "token": "衍生牌",
    "max_in_play": "场上至多 {n} 张",
    "target": "贴附",
    "deploys": "部署",
    "hidden": "隐蔽",
    "exposed": "暴露",
    "tapped": "横置登场",
    "uses_commands": "可使用指令牌",
    "users": "可用",
    "reverse": "倒面",
    "active_face": "此面生效",
    "switch": "切换",
    "not_playable": "不可直接打出",
    "attacks": "自带攻击",
    "strength": "强度",
    "trash_cost": "销毁",
    "memory": "内存",
    "influence": "影响力",
    "agenda_points": "议案分数",
    "advancement": "推进需求",
    "min_deck": "牌组下限",
    "influence_limit": "影响力上限",
    "unlimited": "无限",
    "link": "链接",
    "unique": "唯一",
    "neutral": "中立",
    "armed": "持械",
    "unarmed": "徒手",
    "guns": "双枪",
    "protects": "保护",
    "marks": "狙击标记",
    "special": "特殊角色",
    "standard": "标准角色",
    "counts_as": "视为",
    "win": "胜利条件",
    "role": "身份",
    "calibrate_title": "双面对齐测试页",
    "calibrate_front": "正面",
    "calibrate_back": "背面",
}

CALIBRATE_LINES = (
    "以 100% 实际尺寸打印，不要“适合页面”。",
    "量一量：标尺应为 100 mm，卡框应为 {card}。",
    "双面打印（{duplex}），对着光看背面：",
    "正面十字落在背面刻度上的读数，",
    "加到 --back-dx / --back-dy 上。",
)
DUPLEX_WORDS = {"long-edge": "长边翻转", "short-edge": "短边翻转", "none": "单面"}

SYMBOLS = {
    "separator": " · ",  # between subtypes and the parts of a type line
    "unique": "◆ ",  # before a unique card's name
    "colon": "：",  # after a type, before its subtypes
    "enumeration": "、",  # between the users of a piece of equipment
    "ellipsis": "…",  # a cut English name
    "times": "×",  # card sizes on the calibration page
    "plus_minus": "±",
    "bullet": "•",  # list items of printed text (markup.BULLET in plain text)
    "no_break_space": "\xa0",  # NetrunnerDB's text keeps them
}


def all_strings() -> Iterator[str]:
    """Every string above (the ``{n}`` templates included) and every string of the bundled card
    templates (the backs' labels, …), for the font subset and the glyph checks."""
    tables = (
        TACTICS_CATEGORY,
        EQUIPMENT_SIZE,
        ATTACK_STYLE,
        STATUS_TARGET,
        DEPLOY_POSITION,
        USERS,
        OBSTACLE,
        NETRUNNER_TYPE,
        SIDE,
        TEAM,
        WORDS,
        DUPLEX_WORDS,
        SYMBOLS,
    )
    for table in tables:
        yield from table.values()
    yield from CALIBRATE_LINES
    yield from template_strings()


@functools.lru_cache(maxsize=1)
def template_strings(directory: Path = TEMPLATE_DIR) -> tuple[str, ...]:
    """Every string value of the card templates (``toolkit/sheets/templates/**.json``) that is not ASCII."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if not value.isascii():
                found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(directory.rglob("*.json")) if directory.is_dir() else []:
        try:
            walk(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue  # a broken template is reported where templates are read
    return tuple(sorted(found))
