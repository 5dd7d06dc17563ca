"""The words of the ability language: id -> (zh-Hans word, English word) per vocabulary.

The grammar (``ability.lark``) spells the Chinese words; the parser maps them to
these ids and the renderer maps ids back. A test checks that every vocabulary
here matches its terminal in the grammar, so the two never drift apart.
"""

from __future__ import annotations

Vocabulary = dict[str, tuple[str, str]]

TIMINGS: Vocabulary = {
    "turn_start": ("回合开始时", "At the start of the turn"),
    "turn_end": ("回合结束时", "At the end of the turn"),
    "on_play": ("打出时", "When played"),
    "on_enter": ("登场时", "When it enters play"),
    "before_attack": ("攻击前", "Before attacking"),
    "on_attack": ("攻击时", "When attacking"),
    "after_attack": ("攻击后", "After attacking"),
    "after_attacked": ("被攻击后", "After being attacked"),
    "on_damaged": ("受到伤害时", "When damaged"),
    "on_destroyed": ("消灭时", "When destroyed"),
    "after_destroyed": ("消灭后", "After being destroyed"),
    "after_lost": ("失联后", "After being lost"),
    "after_move": ("移动后", "After moving"),
    "on_exposed": ("暴露时", "When exposed"),
    "your_turn_start": ("你的回合开始时", "When your turn begins"),
    "your_turn_end": ("你的回合结束时", "When your turn ends"),
    "agenda_scored": ("当你计分本议案时", "When you score this agenda"),
    "agenda_stolen": ("当潜袭者窃取本议案时", "When the runner steals this agenda"),
    "installed": ("当你安装本牌时", "When you install this card"),
    "run_successful": ("当潜袭成功时", "When a run is successful"),
    "rezzed": ("当你激活本牌时", "When you rez this card"),
    "run_begins": ("每当潜袭者发起潜袭时", "Whenever the runner makes a run"),
}

# Timings only card scripts use (toolkit/engine/netrunner/scripts): no ability-language form; rendered in logs.
SCRIPT_TIMINGS: Vocabulary = {
    "run_ends": ("当潜袭结束时", "When a run ends"),
    "approach_server": ("当潜袭者接近服务器时", "When the runner approaches the server"),
    "encounter": ("当潜袭者遭遇防火墙时", "When the runner encounters a piece of ice"),
    "pass_ice": ("当潜袭者通过防火墙时", "When the runner passes a piece of ice"),
    "breach": ("当潜袭者侵入服务器时", "When the runner breaches a server"),
    "access": ("当潜袭者读取一张牌时", "When the runner accesses a card"),
    "any_installed": ("当一张牌被安装时", "When a card is installed"),
    "any_scored": ("当一个议案被计分时", "When an agenda is scored"),
    "any_stolen": ("当一个议案被窃取时", "When an agenda is stolen"),
    "tags_taken": ("当潜袭者获得锁定标记时", "When the runner takes tags"),
    "trashed": ("当一张牌被销毁时", "When a card is trashed"),
    "played": ("当一张事件或行动被打出时", "When an event or operation is played"),
    "advanced": ("当一张牌被推进时", "When a card is advanced"),
    "emptied": ("当本牌被用尽时", "When this card is empty"),
    "any_rezzed": ("当一张牌被激活时", "When a card is rezzed"),
    "action_phase_ends": ("你的行动阶段结束时", "When your action phase ends"),
    "approach_ice": ("当潜袭者接近防火墙时", "When the runner approaches a piece of ice"),
    "credits_gained": ("当一方获得信用点时", "When a side gains credits"),
    "damage_done": ("当潜袭者受到伤害时", "When the runner takes damage"),
    "tags_removed": ("当锁定标记被移除时", "When tags are removed"),
    "purged": ("当病毒指示物被清除时", "When virus counters are purged"),
    "forfeited": ("当一个议案被放弃时", "When an agenda is forfeited"),
    "action_taken": ("当一方完成一个行动时", "When a side finishes an action"),
    "turn_begins": ("当任一方的回合开始时", "When either side's turn begins"),
    "turn_ends": ("当任一方的回合结束时", "When either side's turn ends"),
    "subroutine_broken": ("当一个子进程被破解时", "When a subroutine is broken"),
    "encounter_ends": ("当遭遇结束时", "When an encounter ends"),
    "setup": ("在抽取起始手牌前", "Before the opening hands are drawn"),
    "cards_drawn": ("当一方抽牌后", "When a side has drawn cards"),
    "playing": ("当一张事件或行动被打出、尚未结算时", "When an event or operation is played, before it resolves"),
    "derezzed": ("当一张牌被停用时", "When a card is derezzed"),
    "ability_used": ("当一个付费能力被使用时", "When a paid ability is used"),
}

# Token types of the grammar's timing alternatives -> timing id.
TIMING_TOKENS: dict[tuple[str, ...], str] = {
    ("TURN_START",): "turn_start",
    ("TURN_END",): "turn_end",
    ("ON_PLAY",): "on_play",
    ("ON_ENTER",): "on_enter",
    ("BEFORE_ATTACK",): "before_attack",
    ("ON_ATTACK",): "on_attack",
    ("AFTER_ATTACK",): "after_attack",
    ("AFTER_ATTACKED",): "after_attacked",
    ("ON_DAMAGED",): "on_damaged",
    ("DESTROY", "WHEN"): "on_destroyed",
    ("DESTROY", "AFTER"): "after_destroyed",
    ("AFTER_LOST",): "after_lost",
    ("AFTER_MOVE",): "after_move",
    ("EXPOSE", "WHEN"): "on_exposed",
    ("SCORE_THIS",): "agenda_scored",
    ("STOLEN_THIS",): "agenda_stolen",
    ("INSTALL_THIS",): "installed",
    ("RUN_SUCCESS_WHEN",): "run_successful",
    ("REZ_THIS",): "rezzed",
    ("RUN_BEGINS",): "run_begins",
}
YOUR_TIMING_TOKENS: dict[str, str] = {"TURN_START": "your_turn_start", "TURN_END": "your_turn_end"}

DURATIONS: Vocabulary = {
    "turn_end": ("回合结束", "until the end of the turn"),
    "your_next_turn_start": ("你的下个回合开始", "until the start of your next turn"),
}

FIXED_REFS: Vocabulary = {
    "self_unit": ("本单位", "this unit"),
    "wearer": ("佩戴者", "the wearer"),
    "attached": ("贴附单位", "the attached unit"),
    "this_card": ("本牌", "this card"),
    "attacker": ("攻击者", "the attacker"),
    "attack_target": ("本次攻击的目标", "the target of this attack"),
}

UNIT_NOUNS: Vocabulary = {
    "unit": ("单位", "unit"),
    "friendly_unit": ("己方单位", "friendly unit"),
    "enemy_unit": ("敌方单位", "enemy unit"),
    "agent": ("特工", "agent"),
    "friendly_agent": ("己方特工", "friendly agent"),
    "enemy_agent": ("敌方特工", "enemy agent"),
    "minion": ("随从", "minion"),
    "friendly_minion": ("己方随从", "friendly minion"),
    "enemy_minion": ("敌方随从", "enemy minion"),
    "obstacle": ("障碍", "obstacle"),
    "equipment": ("装备", "equipment"),
    "enemy_equipment": ("敌方装备", "enemy equipment"),
}

# Terrain a cell reference names (§4.1 "地板、墙体、楼梯、断墙、坑洞"); 地形 is any cell.
TERRAIN_NOUNS: Vocabulary = {
    "wall": ("墙体", "wall"),
    "floor": ("地板", "floor cell"),
    "broken_wall": ("断墙", "broken wall"),
    "pit": ("坑洞", "pit"),
    "terrain": ("地形", "cell"),
}

UNIT_STATS: Vocabulary = {
    "move": ("移速", "move speed"),
    "max_hp": ("生命值上限", "maximum HP"),
    "damage_taken": ("受到的伤害", "damage taken"),
    "range": ("攻击距离", "attack range"),
    "hit_result": ("攻击命中骰结果", "hit die results"),
}

CANNOT: Vocabulary = {
    "move": ("无法移动", "cannot move"),
    "attack": ("无法攻击", "cannot attack"),
    "respond": ("无法使用响应", "cannot use responses"),
}

BASIC_ATTACKS: Vocabulary = {
    "strike": ("次袭击", "strike"),
    "counter": ("次反击", "counterattack"),
}

VISIONS: Vocabulary = {"rear": ("背向视野", "rear vision"), "side": ("侧向视野", "side vision")}

STATES: Vocabulary = {"hidden": ("处于隐蔽状态", "hidden"), "exposed": ("处于暴露状态", "exposed")}

TEAMS: Vocabulary = {"blue": ("蓝队", "the blue team"), "red": ("红队", "the red team")}

ATTACK_STATS: Vocabulary = {
    "hit_result": ("命中骰结果", "hit die results"),
    "speed": ("攻速", "attack speed"),
    "damage": ("的伤害", "damage"),
}

CATEGORIES: Vocabulary = {
    "equipment": ("装备牌", "equipment card"),
    "skill": ("技能牌", "skill card"),
    "item": ("道具牌", "item card"),
    "status": ("状态牌", "status card"),
    "minion": ("随从牌", "minion card"),
}

NR_ZONES: Vocabulary = {
    "stack": ("存储栈", "stack"),
    "heap": ("堆阵", "heap"),
    "grip": ("操控器", "grip"),
    "rnd": ("研发中心", "R&D"),
    "hq": ("总部", "HQ"),
    "archives": ("档案库", "Archives"),
}

SERVER_KINDS: Vocabulary = {
    "central": ("中央服务器", "central server"),
    "remote": ("远程服务器", "remote server"),
}

NR_TYPES: Vocabulary = {
    "program": ("程序", "program"),
    "hardware": ("硬件", "piece of hardware"),
    "resource": ("资源", "resource"),
    "event": ("事件", "event"),
    "ice": ("防火墙", "piece of ice"),
    "asset": ("资产", "asset"),
    "upgrade": ("升级", "upgrade"),
    "agenda": ("议案", "agenda"),
    "operation": ("事务", "operation"),
}

ICE_SUBTYPES: Vocabulary = {
    "barrier": ("屏障", "barrier"),
    "code_gate": ("代码门", "code gate"),
    "sentry": ("哨兵", "sentry"),
    "trap": ("陷阱", "trap"),
}

DAMAGE_KINDS: Vocabulary = {
    "meat": ("点肢体伤害", "meat damage"),
    "net": ("点网域伤害", "net damage"),
    "brain": ("点脑部伤害", "brain damage"),
}

PLAYER_LIMITS: Vocabulary = {
    "hand_size": ("手牌上限", "maximum hand size"),
    "link": ("链接强度", "link strength"),
    "memory": ("内存上限", "memory limit"),
}

COUNTER_KINDS: Vocabulary = {
    "virus": ("病毒指示物", "virus counter"),
    "power": ("能量指示物", "power counter"),
    "agenda": ("议案指示物", "agenda counter"),
    "advancement": ("推进标记", "advancement counter"),
}

RECURRING_USES: Vocabulary = {
    "icebreaker": ("支付破解器的能力", "icebreaker abilities"),
    "trace": ("提升追踪强度", "trace strength"),
    "install": ("安装", "installing"),
    "rez": ("激活", "rezzing"),
}

ROLES: Vocabulary = {
    "vip": ("VIP", "VIP"),
    "agent": ("特工", "Agent"),
    "assassin": ("刺客", "Assassin"),
    "decoy": ("诱饵", "Decoy"),
    "red_decoy": ("红诱饵", "Red Decoy"),
    "blue_decoy": ("蓝诱饵", "Blue Decoy"),
    "bystander": ("旁观者", "Bystander"),
    "bodyguard": ("保镖", "Bodyguard"),
    "enforcer": ("执行者", "Enforcer"),
    "bomber": ("炸弹客", "Bomber"),
    "peacekeeper": ("维和者", "Peacekeeper"),
    "protester": ("抗议者", "Protester"),
    "supporter": ("支持者", "Supporter"),
    "sniper": ("狙击手", "Sniper"),
}

# Grammar terminal -> its vocabulary (for the consistency test and the parser).
TERMINALS: dict[str, Vocabulary] = {
    "UNIT_NOUN": UNIT_NOUNS,
    "TERRAIN_NOUN": TERRAIN_NOUNS,
    "STAT": UNIT_STATS,
    "CANNOT": CANNOT,
    "ATTACK_KIND": BASIC_ATTACKS,
    "VISION": VISIONS,
    "STATE": STATES,
    "TEAM": TEAMS,
    "CATEGORY": CATEGORIES,
    "NR_ZONE": NR_ZONES,
    "SERVER_KIND": SERVER_KINDS,
    "NR_TYPE": NR_TYPES,
    "ICE_SUBTYPE": ICE_SUBTYPES,
    "DAMAGE_KIND": DAMAGE_KINDS,
    "COUNTER_KIND": COUNTER_KINDS,
    "RECURRING_USE": RECURRING_USES,
    "ROLE": ROLES,
}


def reverse(vocabulary: Vocabulary) -> dict[str, str]:
    """zh word -> id."""
    return {zh: key for key, (zh, _) in vocabulary.items()}


def zh(vocabulary: Vocabulary, key: str) -> str:
    return vocabulary[key][0]


def en(vocabulary: Vocabulary, key: str) -> str:
    return vocabulary[key][1]
