"""The words around the names in output, in each output language: one table, key → {zh-Hans, en}.

Names come from the records (``name.zh_hans``, ``name.en``); the words around them
(headings, column titles, labels, summary words such as legal / 合法) come from
:data:`MESSAGES`, so that a command prints one language: the one ``--lang`` (or
``lang = …`` in the settings, or a deck's own language) chose. Error messages on
stderr are English and are not here. JSON keys are never translated.

It imports nothing of ours, so every layer may use it (``decks``, ``search``,
``validators``, ``cli``), like :mod:`toolkit.textwidth`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

LANGS = ("zh-Hans", "en")
DEFAULT_LANG = "zh-Hans"

# key → {lang: text}; "en.one" is the English text when the count ``n`` is 1.
MESSAGES: dict[str, dict[str, str]] = {
    # punctuation and small words
    "sep": {"en": ", ", "zh-Hans": "、"},
    "yes": {"en": "yes", "zh-Hans": "是"},
    "no": {"en": "no", "zh-Hans": "否"},
    "none": {"en": "none", "zh-Hans": "无"},
    "written": {"en": "{path}: written", "zh-Hans": "{path}：已写入"},
    # search, show
    "search.id": {"en": "ID", "zh-Hans": "ID"},
    "search.type": {"en": "TYPE", "zh-Hans": "类型"},
    "search.name": {"en": "NAME", "zh-Hans": "名称"},
    "search.stats": {"en": "STATS", "zh-Hans": "属性"},
    "search.count": {"en": "{n} records", "en.one": "{n} record", "zh-Hans": "共 {n} 条记录"},
    "search.none": {"en": "no records match", "zh-Hans": "没有匹配的记录"},
    "show.map": {"en": "map (x → east, y ↓ south):", "zh-Hans": "地图（x → 东，y ↓ 南）："},
    "show.text": {"en": "text:", "zh-Hans": "能力："},
    "show.reverse": {"en": "reverse:", "zh-Hans": "倒面："},
    "show.win": {"en": "win:", "zh-Hans": "胜利条件："},
    "show.draw_phase": {"en": "draw phase:", "zh-Hans": "抽牌阶段："},
    "show.printed": {"en": "printed text ({lang}):", "zh-Hans": "印刷文字（{lang}）："},
    "lang.zh-Hans": {"en": "zh-Hans", "zh-Hans": "中文"},
    "lang.en": {"en": "en", "zh-Hans": "英文"},
    "show.flavor": {"en": "flavor:", "zh-Hans": "风味文字："},
    "show.file": {"en": "file: {path}", "zh-Hans": "文件：{path}"},
    # what a card is: tactics categories, netrunner types, crossfire teams (deck headings, stats)
    "type.equipment": {"en": "Equipment", "zh-Hans": "装备"},
    "type.skill": {"en": "Skill", "zh-Hans": "技能"},
    "type.item": {"en": "Item", "zh-Hans": "道具"},
    "type.status": {"en": "Status", "zh-Hans": "状态"},
    "type.minion": {"en": "Minion", "zh-Hans": "随从"},
    "type.agenda": {"en": "Agenda", "zh-Hans": "议案"},
    "type.asset": {"en": "Asset", "zh-Hans": "资产"},
    "type.operation": {"en": "Operation", "zh-Hans": "事务"},
    "type.ice": {"en": "Ice", "zh-Hans": "防火墙"},
    "type.upgrade": {"en": "Upgrade", "zh-Hans": "升级"},
    "type.hardware": {"en": "Hardware", "zh-Hans": "硬件"},
    "type.resource": {"en": "Resource", "zh-Hans": "资源"},
    "type.program": {"en": "Program", "zh-Hans": "程序"},
    "type.event": {"en": "Event", "zh-Hans": "事件"},
    "type.identity": {"en": "Identity", "zh-Hans": "特性"},
    "type.agent": {"en": "Agents", "zh-Hans": "特工"},
    "type.role": {"en": "Roles", "zh-Hans": "角色"},
    "team.blue": {"en": "blue", "zh-Hans": "蓝队"},
    "team.red": {"en": "red", "zh-Hans": "红队"},
    "team.none": {"en": "none", "zh-Hans": "无阵营"},
    "side.corp": {"en": "corp", "zh-Hans": "公司"},
    "side.runner": {"en": "runner", "zh-Hans": "潜袭者"},
    "generic": {"en": "generic", "zh-Hans": "通用"},
    # deck validate: the summary line
    "deck.size": {"en": "{n} {counted} ({bound})", "zh-Hans": "{n} {counted}（{bound}）"},
    "deck.counted.all": {"en": "cards and agents", "zh-Hans": "张牌和特工"},
    "deck.counted.command": {"en": "command cards", "zh-Hans": "张指令牌"},
    "deck.min": {"en": "min {n}", "zh-Hans": "至少 {n}"},
    "deck.squad": {"en": "{n} agents ({bound})", "en.one": "{n} agent ({bound})", "zh-Hans": "{n} 名特工（{bound}）"},
    "deck.cards": {"en": "{n} cards", "en.one": "{n} card", "zh-Hans": "{n} 张牌"},
    "deck.cards_min": {"en": "{n} cards (min {min})", "zh-Hans": "{n} 张牌（至少 {min}）"},
    "deck.influence": {"en": "{spent}/{limit} influence", "zh-Hans": "影响力 {spent}/{limit}"},
    "deck.points": {"en": "{n}/{limit} points", "zh-Hans": "禁限分 {n}/{limit}"},
    "deck.agenda_points": {"en": "{n} agenda points ({bound})", "zh-Hans": "议案分数 {n}（{bound}）"},
    "deck.no_ban_list": {"en": "no ban list", "zh-Hans": "无禁限表"},
    "deck.players": {"en": "{n} players", "zh-Hans": "{n} 名玩家"},
    "deck.legal": {"en": "legal", "zh-Hans": "合法"},
    "deck.illegal": {"en": "illegal ({n} errors)", "en.one": "illegal ({n} error)", "zh-Hans": "不合法（{n} 个错误）"},
    # deck stats, odds, draft
    "stats.head": {"en": "{name} ({game}, {mode}): {n} cards", "zh-Hans": "{name}（{game}，{mode}）：{n} 张牌"},
    "stats.by_type": {"en": "by type", "zh-Hans": "按类型"},
    "stats.by_faction": {"en": "by faction", "zh-Hans": "按派系"},
    "stats.by_agent": {"en": "by agent", "zh-Hans": "按特工"},
    "stats.cost_curve": {"en": "cost curve", "zh-Hans": "费用曲线"},
    "stats.influence": {"en": "influence", "zh-Hans": "影响力"},
    "stats.agenda_points": {"en": "agenda points", "zh-Hans": "议案分数"},
    "odds.card": {"en": "card", "zh-Hans": "卡牌"},
    "odds.copies": {"en": "n", "zh-Hans": "张数"},
    "odds.hand": {"en": "hand", "zh-Hans": "起手"},
    "odds.turn": {"en": "T{n}", "zh-Hans": "T{n}"},
    "draft.face_up": {"en": "face up: {row}", "zh-Hans": "明牌：{row}"},
    "draft.picks": {"en": "player {n} picks", "zh-Hans": "玩家 {n} 选择"},
    "draft.takes": {"en": "player {n} takes {agent}", "zh-Hans": "玩家 {n} 选择了 {agent}"},
    "draft.squad": {"en": "player {n}: {agents} + {privates}", "zh-Hans": "玩家 {n}：{agents} + {privates}"},
    # simulate, text run: the log and the result
    "log.player": {"en": "player {n}", "zh-Hans": "玩家 {n}"},
    "log.table": {"en": "table", "zh-Hans": "公共"},
    "log.seen_by": {"en": " (seen by {who})", "zh-Hans": "（仅 {who} 可见）"},
    "log.shop": {"en": "shop: {n}", "zh-Hans": "矩阵商店：{n}"},
    "log.state": {"en": "{who}: {numbers}", "zh-Hans": "{who}：{numbers}"},
    "log.side_state": {"en": "{side} ({identity}): {numbers}", "zh-Hans": "{side}（{identity}）：{numbers}"},
    "sim.result": {
        "en": "result: {winners} after {rounds} round(s) ({reason})",
        "zh-Hans": "结果：{winners}，共 {rounds} 轮（{reason}）",
    },
    "sim.nobody": {"en": "nobody", "zh-Hans": "无人获胜"},
    "sim.game_over": {"en": "game over: the {side} wins ({reason})", "zh-Hans": "游戏结束：{side}获胜（{reason}）"},
    "sim.inert": {
        "en": "no executable text: {titles} of {of_titles} titles ({cards} of {of_cards} cards, identities included) "
        "in the two decks",
        "zh-Hans": "两副牌组中无可执行文本的牌：{of_titles} 种中的 {titles} 种（{of_cards} 张中的 {cards} 张，含特性卡牌）",
    },
    "sim.inert_tail": {
        "en": "; their abilities do not happen in the simulation:",
        "zh-Hans": "；它们的能力在模拟中不会发生：",
    },
    "sim.identity": {"en": " (identity)", "zh-Hans": "（特性）"},
    # map show, measure
    "map.title": {
        "en": "{id}: {name}, {width}x{height}, {adjacency}-adjacency",
        "zh-Hans": "{id}：{name}，{width}x{height}，{adjacency} 邻接",
    },
    "map.legend": {
        "en": "legend: . floor  , outdoor  # wall  % broken wall  o pit  = stairs  * obstacle spot  "
        "1-6 deployment zone",
        "zh-Hans": "图例：. 地板  , 室外  # 墙体  % 断墙  o 坑洞  = 楼梯  * 障碍物位置  1-6 部署区",
    },
    "map.zone": {
        "en": "zone {zone}: {n} cells ({cells})",
        "en.one": "zone {zone}: {n} cell ({cells})",
        "zh-Hans": "部署区 {zone}：{n} 格（{cells}）",
    },
    "map.no_zones": {"en": "zones: none", "zh-Hans": "部署区：无"},
    "map.spots": {"en": "obstacle spots: {n}", "zh-Hans": "障碍物位置：{n}"},
    "measure.distance": {"en": "distance: {value}", "zh-Hans": "距离：{value}"},
    "measure.no_path": {"en": "none (no path around the walls)", "zh-Hans": "无（绕不过墙体）"},
    "measure.through_wall": {"en": "through_wall: {value}", "zh-Hans": "穿墙距离：{value}"},
    "measure.in_vision": {
        "en": "in_vision: {value} (facing {facing}, {bands})",
        "zh-Hans": "在视野内：{value}（朝向 {facing}，{bands}）",
    },
    "measure.in_sight": {"en": "in_sight: {value}", "zh-Hans": "视线畅通：{value}"},
    "measure.cover": {"en": "cover: {value}", "zh-Hans": "掩体：{value}"},
    "band.front": {"en": "front", "zh-Hans": "正面"},
    "band.side": {"en": "side", "zh-Hans": "侧向"},
    "band.rear": {"en": "rear", "zh-Hans": "背向"},
    # crossfire
    "cf.seat": {"en": "seat", "zh-Hans": "座位"},
    "cf.name": {"en": "name", "zh-Hans": "玩家"},
    "cf.role": {"en": "role", "zh-Hans": "角色"},
    "cf.seen": {"en": "seen", "zh-Hans": "见过的牌"},
    "cf.who": {"en": "{seat} ({name})", "zh-Hans": "{seat}（{name}）"},
    "card.player": {"en": "player {seat}", "zh-Hans": "{seat} 号玩家"},
    "card.player_named": {"en": "player {seat} ({name})", "zh-Hans": "{seat} 号玩家（{name}）"},
    "cf.header": {
        "en": "{mode}, {n} players{seed}, dealer {dealer}",
        "zh-Hans": "{mode}，{n} 名玩家{seed}，发牌人 {dealer}",
    },
    "cf.seed": {"en": ", seed {seed}", "zh-Hans": "，种子 {seed}"},
    "cf.setup": {"en": "set-up: {roles}", "zh-Hans": "配置：{roles}"},
    "cf.public": {
        "en": "{seat} is the public {role} (not dealt)",
        "zh-Hans": "{seat}是公开的{role}（不发牌）",
    },
    "cf.shuffles": {
        "en": "{seat} shuffles the cards of seats {seats}",
        "zh-Hans": "{seat}洗混 {seats} 号座位的牌",
    },
    "cf.slips": {
        "en": "{path}: {n} role slips written; cut them apart and fold each flap up before handing them out",
        "zh-Hans": "{path}：已写入 {n} 张身份纸条；裁开并把每张的下半部分向上折起后再发给玩家",
    },
    "cf.slips_title": {"en": "Crossfire role slips, {n} players", "zh-Hans": "谍战特工身份纸条，{n} 名玩家"},
    "cf.slips_footer": {
        "en": "Crossfire / 谍战特工 · {mode} · {n} players · cut along the grey lines, fold each flap up along the "
        "dashed line",
        "zh-Hans": "谍战特工 · {mode} · {n} 名玩家 · 沿灰线裁开，沿虚线把下半部分向上折起",
    },
    "cf.table_written": {
        "en": "{path}: the deal written (roles included); fill in each player's aim after the shooting, then resolve it",
        "zh-Hans": "{path}：已写入这次发牌（含角色）；开枪后填入每位玩家的指向，再结算",
    },
    "cf.reveal_start": {
        "en": "Each player will now see only their own role.",
        "zh-Hans": "现在每位玩家只会看到自己的角色。",
    },
    "cf.reveal_done": {
        "en": "All {n} players have seen their roles. Start the {minutes}-minute discussion; when it ends, "
        "everyone points at once.",
        "zh-Hans": "{n} 名玩家都已看过自己的角色。开始 {minutes} 分钟的讨论；结束时所有人同时指向。",
    },
    "cf.reveal_done_seconds": {
        "en": "All {n} players have seen their roles. Start the {seconds}-second discussion; when it ends, "
        "everyone points at once.",
        "zh-Hans": "{n} 名玩家都已看过自己的角色。开始 {seconds} 秒的讨论；结束时所有人同时指向。",
    },
    "cf.reveal_after": {
        "en": "After the shooting, write the table (roles as revealed, who pointed at whom) and resolve it.",
        "zh-Hans": "开枪后写下牌桌（亮出的角色、谁指向谁）并结算。",
    },
    "card.pass_to": {
        "en": "Pass to {player}. Press Enter when only they can see the screen. ",
        "zh-Hans": "请交给{player}。只有他能看到屏幕时按回车。",
    },
    "card.your_role": {"en": "{player}, your role:", "zh-Hans": "{player}，你的角色："},
    "card.hide": {"en": "Press Enter to hide. ", "zh-Hans": "按回车隐藏。"},
    "cf.team": {"en": "team: {team}", "zh-Hans": "获胜阵营：{team}"},
    "cf.shot": {"en": "shot: {seats}", "zh-Hans": "被击中：{seats}"},
    "cf.winners": {"en": "winners: {seats}", "zh-Hans": "获胜者：{seats}"},
    "cf.hit_by": {"en": "hit by {seats}", "zh-Hans": "被 {seats} 击中"},
    "cf.not_hit": {"en": "not hit", "zh-Hans": "未被击中"},
    "cf.wins": {"en": "wins", "zh-Hans": "胜"},
    "cf.loses": {"en": "loses", "zh-Hans": "负"},
    "cf.seat_n": {"en": "seat {seat}", "zh-Hans": "{seat} 号座位"},
    "cf.seat_named": {"en": "seat {seat} ({name})", "zh-Hans": "{seat} 号座位（{name}）"},
    "cf.rounds": {"en": "{n} round(s)", "zh-Hans": "共 {n} 局"},
    "cf.winner": {"en": "winner", "zh-Hans": "获胜"},
    # crossfire role cards (terminal and printed slips)
    "card.team": {"en": "Team", "zh-Hans": "阵营"},
    "card.win": {"en": "You win", "zh-Hans": "胜利条件"},
    "card.play": {"en": "How it plays", "zh-Hans": "玩法"},
    "card.seen": {"en": "Cards you saw in the deal", "zh-Hans": "发牌时你见过的牌"},
    "card.seat": {"en": "Seat {seat}", "zh-Hans": "{seat} 号座位"},
    "card.blue": {"en": "blue team: keep the VIP from being hit", "zh-Hans": "蓝队（保护方）：确保 VIP 不被击中"},
    "card.red": {"en": "red team: get the VIP hit", "zh-Hans": "红队（刺杀方）：让 VIP 被击中"},
    "card.none": {"en": "no team: only your own goal counts", "zh-Hans": "无阵营：只看个人胜负"},
    "card.armed": {
        "en": "Armed: when everyone points, your pointing can hit.",
        "zh-Hans": "持械：开枪时你的指向可以击中玩家。",
    },
    "card.unarmed": {"en": "Unarmed: your pointing hits no one.", "zh-Hans": "不持械：你的指向不产生击杀效果。"},
    "card.sniper_assassin": {
        "en": "Armed: if the Sniper's shot cards do not decide the game, you point at a player and fire.",
        "zh-Hans": "持械：若狙击手的射击卡未分出胜负，你指向 1 名玩家开枪。",
    },
    "card.sniper_other": {
        "en": "In sniper mode you do not point; only the Assassins fire.",
        "zh-Hans": "狙击手模式中你不指向任何人；只有刺客开枪。",
    },
    "card.public": {"en": "Your role is public: play it face up.", "zh-Hans": "你的角色公开：身份卡面朝上摆在面前。"},
    "card.fold": {
        "en": "Fold the flap up along the dashed line. Open it only where no one else can see.",
        "zh-Hans": "沿虚线把下半部分向上折起。只在别人看不到时打开。",
    },
    "card.keep": {
        "en": "Keep folded. Open only where no one else can see.",
        "zh-Hans": "请保持折叠，只在别人看不到时打开。",
    },
    "card.sep": {"en": ", ", "zh-Hans": "、"},
    "card.join": {"en": " ", "zh-Hans": ""},
    "card.colon": {"en": ": ", "zh-Hans": "："},
    # ---- web (`dossier serve`): page words; keys start with "web." ----
    "web.app": {"en": "Dossier", "zh-Hans": "Dossier 卡牌库"},
    "web.nav": {"en": "Main", "zh-Hans": "主导航"},
    "web.nav.cards": {"en": "Cards", "zh-Hans": "卡牌"},
    "web.nav.decks": {"en": "Decks", "zh-Hans": "牌组"},
    "web.nav.editor": {"en": "Editor", "zh-Hans": "编辑器"},
    "web.nav.print": {"en": "Print", "zh-Hans": "打印"},
    "web.nav.crossfire": {"en": "Crossfire", "zh-Hans": "谍战"},
    "web.lang.label": {"en": "Language", "zh-Hans": "语言"},
    "web.skip": {"en": "Skip to content", "zh-Hans": "跳到正文"},
    "web.api": {"en": "API", "zh-Hans": "API"},
    "web.error": {"en": "Error", "zh-Hans": "错误"},
    "web.not_found": {"en": "Not found: {what}", "zh-Hans": "未找到：{what}"},
    "web.game": {"en": "Game", "zh-Hans": "游戏"},
    "web.game.any": {"en": "All games", "zh-Hans": "全部游戏"},
    "web.game.tactics": {"en": "Tactics", "zh-Hans": "特工战术"},
    "web.game.netrunner": {"en": "Netrunner", "zh-Hans": "矩阵潜袭"},
    "web.game.crossfire": {"en": "Crossfire", "zh-Hans": "谍战特工"},
    "web.search.label": {"en": "Search", "zh-Hans": "搜索"},
    "web.search.button": {"en": "Search", "zh-Hans": "搜索"},
    "web.search.help": {
        "en": "key:value terms, ANDed: t:ice o<=3, f:criminal, legal:standard; a bare word searches names and text.",
        "zh-Hans": "“键:值”条件，同时满足：t:装备 攻速>=2、f:criminal、legal:standard；单独的词搜索名称与文本。",
    },
    "web.search.examples": {"en": "Try", "zh-Hans": "试试"},
    "web.search.keys": {"en": "All search keys", "zh-Hans": "全部搜索键"},
    "web.search.more": {"en": "Show more", "zh-Hans": "显示更多"},
    "web.search.column": {"en": "column {n}", "zh-Hans": "第 {n} 列"},
    "web.results": {"en": "Results", "zh-Hans": "结果"},
    "web.card.fields": {"en": "Fields", "zh-Hans": "字段"},
    "web.card.text": {"en": "Ability text", "zh-Hans": "能力文本"},
    "web.card.text.text": {"en": "Text", "zh-Hans": "能力"},
    "web.card.text.reverse": {"en": "Reverse", "zh-Hans": "倒面"},
    "web.card.text.win": {"en": "Win", "zh-Hans": "胜利条件"},
    "web.card.text.draw_phase": {"en": "Draw phase", "zh-Hans": "抽牌阶段"},
    "web.card.unparsed": {"en": "(not in the ability language; shown as stored)", "zh-Hans": "（不是能力语言，按原文显示）"},
    "web.card.printed": {"en": "Printed text", "zh-Hans": "印刷文字"},
    "web.card.flavor": {"en": "Flavor", "zh-Hans": "风味文字"},
    "web.card.printings": {"en": "Printings", "zh-Hans": "印刷版本"},
    "web.card.set": {"en": "Set", "zh-Hans": "系列"},
    "web.card.code": {"en": "Code", "zh-Hans": "编号"},
    "web.card.quantity": {"en": "Copies", "zh-Hans": "数量"},
    "web.card.illustrator": {"en": "Illustrator", "zh-Hans": "画师"},
    "web.card.legality": {"en": "Legality", "zh-Hans": "合法性"},
    "web.card.format": {"en": "Format", "zh-Hans": "赛制"},
    "web.card.ban_list": {"en": "Ban list", "zh-Hans": "禁限表"},
    "web.card.in_pool": {"en": "In pool", "zh-Hans": "在卡池中"},
    "web.card.banned": {"en": "Banned", "zh-Hans": "禁用"},
    "web.card.restricted": {"en": "Restricted", "zh-Hans": "限制"},
    "web.card.legal": {"en": "Legal", "zh-Hans": "合法"},
    "web.card.not_legal": {"en": "Not legal", "zh-Hans": "不合法"},
    "web.card.image": {"en": "{name}, as printed", "zh-Hans": "{name}（印刷效果）"},
    "web.card.file": {"en": "File", "zh-Hans": "文件"},
    "web.card.json": {"en": "Record (JSON)", "zh-Hans": "记录（JSON）"},
    "web.card.edit": {"en": "Edit this card", "zh-Hans": "编辑此卡"},
    "web.card.add_to_deck": {"en": "Add to deck", "zh-Hans": "加入牌组"},
    "web.back_to_search": {"en": "Back to search", "zh-Hans": "返回搜索"},
    "web.deck.title": {"en": "Deck builder", "zh-Hans": "牌组构筑"},
    "web.deck.new": {"en": "New deck", "zh-Hans": "新牌组"},
    "web.deck.name": {"en": "Deck name", "zh-Hans": "牌组名称"},
    "web.deck.mode": {"en": "Mode", "zh-Hans": "模式"},
    "web.deck.format": {"en": "Format", "zh-Hans": "赛制"},
    "web.deck.identity": {"en": "Identity", "zh-Hans": "特性"},
    "web.deck.identity.none": {"en": "(choose an identity)", "zh-Hans": "（选择特性）"},
    "web.deck.agents": {"en": "Squad (agents)", "zh-Hans": "小队（特工）"},
    "web.deck.players": {"en": "Players", "zh-Hans": "玩家人数"},
    "web.deck.specials": {"en": "Special roles", "zh-Hans": "特殊角色"},
    "web.deck.deal_roles": {"en": "Set the roles", "zh-Hans": "生成角色配置"},
    "web.deck.cards": {"en": "Cards", "zh-Hans": "卡牌"},
    "web.deck.empty": {"en": "No cards yet: search below and add some.", "zh-Hans": "还没有卡牌：在下方搜索并加入。"},
    "web.deck.add": {"en": "Add one {name}", "zh-Hans": "加入一张{name}"},
    "web.deck.remove": {"en": "Remove one {name}", "zh-Hans": "移除一张{name}"},
    "web.deck.count": {"en": "Copies of {name}", "zh-Hans": "{name}的张数"},
    "web.deck.findings": {"en": "Findings", "zh-Hans": "检查结果"},
    "web.deck.no_findings": {"en": "No findings.", "zh-Hans": "没有问题。"},
    "web.deck.checking": {"en": "Checking…", "zh-Hans": "检查中…"},
    "web.deck.search": {"en": "Find cards to add", "zh-Hans": "查找要加入的卡牌"},
    "web.deck.stats": {"en": "Statistics", "zh-Hans": "统计"},
    "web.deck.odds": {"en": "Draw odds", "zh-Hans": "抽牌概率"},
    "web.deck.turns": {"en": "Turns", "zh-Hans": "回合数"},
    "web.deck.per_turn": {"en": "Cards per turn", "zh-Hans": "每回合抽牌"},
    "web.deck.hand": {"en": "Sample hand", "zh-Hans": "示例起手"},
    "web.deck.draw": {"en": "Draw a hand", "zh-Hans": "抽一手牌"},
    "web.deck.import": {"en": "Import", "zh-Hans": "导入"},
    "web.deck.paste": {
        "en": "Paste a deck (Dossier JSON, text list, NetrunnerDB, jinteki, .o8d)",
        "zh-Hans": "粘贴牌组（Dossier JSON、文本列表、NetrunnerDB、jinteki、.o8d）",
    },
    "web.deck.upload": {"en": "Or upload a deck file", "zh-Hans": "或上传牌组文件"},
    "web.deck.import_button": {"en": "Import", "zh-Hans": "导入"},
    "web.deck.export": {"en": "Export", "zh-Hans": "导出"},
    "web.deck.export_as": {"en": "Download as", "zh-Hans": "下载格式"},
    "web.deck.download": {"en": "Download", "zh-Hans": "下载"},
    "web.deck.save": {"en": "Save", "zh-Hans": "保存"},
    "web.deck.saved": {"en": "Saved.", "zh-Hans": "已保存。"},
    "web.deck.saved_decks": {"en": "Saved decks", "zh-Hans": "已保存的牌组"},
    "web.deck.no_saved": {"en": "No saved decks yet.", "zh-Hans": "还没有保存的牌组。"},
    "web.deck.open": {"en": "Open", "zh-Hans": "打开"},
    "web.deck.delete": {"en": "Delete", "zh-Hans": "删除"},
    "web.deck.share": {"en": "Share link", "zh-Hans": "分享链接"},
    "web.deck.copy": {"en": "Copy", "zh-Hans": "复制"},
    "web.deck.copied": {"en": "Copied.", "zh-Hans": "已复制。"},
    "web.deck.start": {"en": "Start a deck", "zh-Hans": "开始构筑"},
    "web.deck.examples": {"en": "Example decks", "zh-Hans": "示例牌组"},
    "web.deck.total": {"en": "{n} cards", "en.one": "{n} card", "zh-Hans": "{n} 张"},
    "web.deck.noscript": {
        "en": "The deck builder needs JavaScript; the API (/docs) works without it.",
        "zh-Hans": "牌组构筑需要 JavaScript；API（/docs）无需 JavaScript。",
    },
}


# ---- web (`dossier serve`), engineer W2's pages: crossfire moderator (web.cf.), card editor (web.ed.),
# print (web.pr.). Kept apart from the entries above so both lists can grow without touching each other.
WEB_PAGES_MESSAGES: dict[str, dict[str, str]] = {
    # crossfire moderator
    "web.cf.title": {"en": "Crossfire moderator", "zh-Hans": "谍战特工主持"},
    "web.cf.intro": {
        "en": "Deal the roles for a table: every player opens a private link (or scans its QR code) that shows only "
        "their own role. Then enter where everyone pointed, resolve, and keep the score over the rounds.",
        "zh-Hans": "为一桌玩家发身份：每位玩家打开自己的私密链接（或扫二维码），只能看到自己的角色。"
        "随后录入每个人的指向，结算，并跨多局记分。",
    },
    "web.cf.mode": {"en": "Mode", "zh-Hans": "模式"},
    "web.cf.players": {"en": "Players", "zh-Hans": "玩家人数"},
    "web.cf.sniper_seat": {"en": "Sniper's seat", "zh-Hans": "狙击手座位"},
    "web.cf.random": {"en": "random", "zh-Hans": "随机"},
    "web.cf.names": {"en": "Players' names", "zh-Hans": "玩家名字"},
    "web.cf.names_help": {
        "en": "In seat order, clockwise from the dealer (seat 1). Optional; the score follows names over rounds.",
        "zh-Hans": "按座位顺序，从发牌人（1 号座位）起顺时针。可不填；记分按名字跨局累计。",
    },
    "web.cf.seat_name": {"en": "Seat {seat}", "zh-Hans": "{seat} 号座位"},
    "web.cf.who": {"en": "Seat {seat}", "zh-Hans": "{seat} 号座位"},
    "web.cf.who_named": {"en": "{name} (seat {seat})", "zh-Hans": "{name}（{seat} 号）"},
    "web.cf.seat_col": {"en": "Player", "zh-Hans": "玩家"},
    "web.cf.role": {"en": "Role", "zh-Hans": "角色"},
    "web.cf.team": {"en": "Team", "zh-Hans": "阵营"},
    "web.cf.seen": {"en": "Cards seen", "zh-Hans": "见过的牌"},
    "web.cf.setup": {"en": "Set-up: {roles}", "zh-Hans": "配置：{roles}"},
    "web.cf.team_line": {"en": "Winning team: {team}", "zh-Hans": "获胜阵营：{team}"},
    "web.cf.shot_line": {"en": "Hit: {seats}", "zh-Hans": "被击中：{seats}"},
    "web.cf.winners_line": {"en": "Winners: {seats}", "zh-Hans": "获胜者：{seats}"},
    "web.cf.hit_by": {"en": "hit by {seats}", "zh-Hans": "被{seats}击中"},
    "web.cf.specials": {"en": "Special roles ({mode})", "zh-Hans": "特殊角色（{mode}）"},
    "web.cf.range": {"en": "{low}-{high} players", "zh-Hans": "{low}-{high} 人"},
    "web.cf.deal": {"en": "Deal", "zh-Hans": "发牌"},
    "web.cf.new_table": {"en": "New table", "zh-Hans": "新开一桌"},
    "web.cf.no_table": {
        "en": "No such table: the link is wrong or the table was ended.",
        "zh-Hans": "没有这一桌：链接有误，或该桌已结束。",
    },
    "web.cf.host_title": {"en": "Crossfire table, round {n}", "zh-Hans": "谍战特工牌桌 · 第 {n} 局"},
    "web.cf.summary": {"en": "{mode}, {n} players, dealer {dealer}.", "zh-Hans": "{mode}，{n} 名玩家，发牌人 {dealer}。"},
    "web.cf.host_keep": {
        "en": "This page is the host's: it shows every role. Keep its address to come back to the table.",
        "zh-Hans": "本页属于主持人，显示所有角色。保存本页地址，以便回到这一桌。",
    },
    "web.cf.host_keep_plays": {
        "en": "This page is the host's; you play too, so it shows no secret role before the outcome. Keep its "
        "address to come back to the table.",
        "zh-Hans": "本页属于主持人；你也参与游戏，所以结算前不显示任何秘密角色。保存本页地址，以便回到这一桌。",
    },
    "web.cf.host_link": {"en": "Host link", "zh-Hans": "主持人链接"},
    "web.cf.announce": {"en": "Tell the table", "zh-Hans": "向全桌宣布"},
    "web.cf.discussion": {"en": "Discussion: {minutes} minutes.", "zh-Hans": "讨论时间：{minutes} 分钟。"},
    "web.cf.discussion_seconds": {"en": "Discussion: {seconds} seconds.", "zh-Hans": "讨论时间：{seconds} 秒。"},
    "web.cf.links": {"en": "Private links", "zh-Hans": "私密链接"},
    "web.cf.links_help": {
        "en": "Each player scans their own code or opens their own link; it shows only their role and the cards they "
        "saw. The links stay the same for the next rounds.",
        "zh-Hans": "每位玩家扫描自己的二维码或打开自己的链接，只显示自己的角色和见过的牌。之后各局链接不变。",
    },
    "web.cf.qr_title": {"en": "QR code of the private link of {who}", "zh-Hans": "{who}的私密链接二维码"},
    "web.cf.link_of": {"en": "Private link of {who}", "zh-Hans": "{who}的私密链接"},
    "web.cf.copy_of": {"en": "Copy the private link of {who}", "zh-Hans": "复制{who}的私密链接"},
    "web.cf.copy": {"en": "Copy", "zh-Hans": "复制"},
    "web.cf.copied": {"en": "Copied", "zh-Hans": "已复制"},
    "web.cf.open": {"en": "Open the link", "zh-Hans": "打开链接"},
    "web.cf.roles": {"en": "Roles (host only)", "zh-Hans": "角色（仅主持人）"},
    "web.cf.roles_show": {"en": "Show every role", "zh-Hans": "显示所有角色"},
    "web.cf.public": {"en": "public", "zh-Hans": "公开"},
    "web.cf.aims": {"en": "Where everyone pointed", "zh-Hans": "每个人的指向"},
    "web.cf.aims_help": {
        "en": "After the countdown everyone points at once. Enter each armed player's target (the Enforcer two); "
        "the Bodyguard's and the Peacekeeper's pointing protects. Unarmed players may be left blank.",
        "zh-Hans": "倒数结束后全员同时指向。录入每位持械玩家指向的目标（执行者两个）；保镖与维和者的指向为保护。"
        "不持械的玩家可以留空。",
    },
    "web.cf.aims_help_sniper": {
        "en": "Mark the players in front of whom the Sniper put a shot card, and each Assassin's target.",
        "zh-Hans": "勾选狙击手放了射击卡的玩家，并录入每位刺客指向的目标。",
    },
    "web.cf.aims_help_plays": {
        "en": "After the countdown everyone points at once. Enter where each player pointed (both players for "
        "someone who pointed with both hands). Roles are applied when you resolve: an unarmed player's pointing "
        "has no effect, a protector's protects.",
        "zh-Hans": "倒数结束后全员同时指向。录入每位玩家指向的人（双手指向的玩家录入两个）。结算时才按角色处理："
        "不持械玩家的指向没有效果，保护者的指向为保护。",
    },
    "web.cf.aims_help_sniper_plays": {
        "en": "Mark the players in front of whom the Sniper put a shot card; then enter the target of each "
        "Assassin who revealed and pointed. Other players' entries have no effect.",
        "zh-Hans": "勾选狙击手放了射击卡的玩家；再录入每位翻开身份并指向的刺客的目标。其他玩家的录入没有效果。",
    },
    "web.cf.host_role": {"en": "The host", "zh-Hans": "主持人"},
    "web.cf.host_moderates": {
        "en": "moderates only (does not play): the host page shows every role",
        "zh-Hans": "只主持（不参与游戏）：主持页面显示所有角色",
    },
    "web.cf.host_plays": {
        "en": "plays too: the host page shows no secret role until the round is resolved",
        "zh-Hans": "也参与游戏：结算前主持页面不显示任何秘密角色",
    },
    "web.cf.hidden_roles": {
        "en": "You play too, so this page shows no secret role until the round is resolved; open your own "
        "private link to see yours. The outcome reveals every role, as the cards are turned at the end.",
        "zh-Hans": "你也参与游戏，所以结算前本页不显示任何秘密角色；请打开你自己的私密链接查看你的角色。"
        "结算结果会像最后亮牌一样显示所有角色。",
    },
    "web.cf.points_at": {"en": "Points at", "zh-Hans": "指向"},
    "web.cf.aim_of": {"en": "{who} points at (gun {k})", "zh-Hans": "{who}指向（第 {k} 把枪）"},
    "web.cf.shot_card": {"en": "Sniper's shot card", "zh-Hans": "狙击手射击卡"},
    "web.cf.mark_of": {"en": "shot card before {who}", "zh-Hans": "{who}面前有射击卡"},
    "web.cf.resolve": {"en": "Resolve", "zh-Hans": "结算"},
    "web.cf.outcome": {"en": "Round {n}: outcome", "zh-Hans": "第 {n} 局结果"},
    "web.cf.hit": {"en": "Hit", "zh-Hans": "中弹"},
    "web.cf.result": {"en": "Result", "zh-Hans": "胜负"},
    "web.cf.next": {"en": "Deal the next round", "zh-Hans": "发下一局"},
    "web.cf.reopen": {"en": "Correct the aims", "zh-Hans": "修改指向"},
    "web.cf.score": {"en": "Score", "zh-Hans": "积分"},
    "web.cf.points": {"en": "Points", "zh-Hans": "得分"},
    "web.cf.history": {"en": "Rounds", "zh-Hans": "各局"},
    "web.cf.round_line": {"en": "Round {n}: {team} team; winners {winners}", "zh-Hans": "第 {n} 局：{team}获胜；获胜者 {winners}"},
    "web.cf.no_score": {"en": "No round resolved yet.", "zh-Hans": "还没有结算的局。"},
    "web.cf.end": {"en": "End this table", "zh-Hans": "结束这一桌"},
    "web.cf.your_role": {"en": "Your role", "zh-Hans": "你的角色"},
    "web.cf.round": {"en": "round {n}", "zh-Hans": "第 {n} 局"},
    "web.cf.show": {"en": "Show my role", "zh-Hans": "显示我的角色"},
    "web.cf.hide": {"en": "Hide my role", "zh-Hans": "隐藏我的角色"},
    "web.cf.private_help": {
        "en": "Keep this page to yourself. It changes to your new role when the host deals the next round.",
        "zh-Hans": "请勿给别人看本页。主持人发下一局时，本页会换成你的新角色。",
    },
    "web.cf.new_round": {"en": "A new round was dealt; loading your new role…", "zh-Hans": "新的一局已发牌，正在载入你的新角色…"},
    # card editor
    "web.ed.title": {"en": "Card editor", "zh-Hans": "卡牌编辑器"},
    "web.ed.intro": {
        "en": "Open a record of the served card directories, or start a new one. The form follows the kind's "
        "JSON Schema; the lint findings and the printed card update as you type.",
        "zh-Hans": "打开所服务卡牌目录中的记录，或新建一张。表单依据该类记录的 JSON Schema 生成；"
        "检查结果与印刷效果随输入实时更新。",
    },
    "web.ed.readonly": {
        "en": "The server was started with card files, not directories: there is nothing the editor may write.",
        "zh-Hans": "服务器以卡牌文件而非目录启动：编辑器没有可写入的位置。",
    },
    "web.ed.open": {"en": "Open a record", "zh-Hans": "打开记录"},
    "web.ed.filter": {"en": "Filter", "zh-Hans": "筛选"},
    "web.ed.filter_hint": {"en": "id, name, kind or path", "zh-Hans": "ID、名称、类别或路径"},
    "web.ed.count": {"en": "{n} records", "en.one": "{n} record", "zh-Hans": "共 {n} 条记录"},
    "web.ed.new": {"en": "New card", "zh-Hans": "新建卡牌"},
    "web.ed.new_help": {
        "en": "A new record starts from its kind's template: every required field at its first value. "
        "It is written only when you save it without lint errors.",
        "zh-Hans": "新记录从该类记录的模板开始：所有必填字段取首个可选值。只有在没有检查错误时保存才会写入文件。",
    },
    "web.ed.new_title": {"en": "New", "zh-Hans": "新建"},
    "web.ed.kind": {"en": "Kind of record", "zh-Hans": "记录类别"},
    "web.ed.type": {"en": "Type", "zh-Hans": "类型"},
    "web.ed.id": {"en": "Id (the file name)", "zh-Hans": "ID（即文件名）"},
    "web.ed.id_help": {
        "en": "Lower-case letters and digits, single _ or - between them, e.g. smoke_grenade.",
        "zh-Hans": "小写字母与数字，中间可用单个 _ 或 -，如 smoke_grenade。",
    },
    "web.ed.name_zh": {"en": "Name (Chinese)", "zh-Hans": "名称（中文）"},
    "web.ed.start": {"en": "Start", "zh-Hans": "开始"},
    "web.ed.back": {"en": "All records", "zh-Hans": "全部记录"},
    "web.ed.raw": {"en": "Raw JSON", "zh-Hans": "原始 JSON"},
    "web.ed.raw_label": {"en": "The record as JSON", "zh-Hans": "记录的 JSON"},
    "web.ed.form": {"en": "Record form", "zh-Hans": "记录表单"},
    "web.ed.noscript": {
        "en": "The editor needs JavaScript; `dossier lint` and a text editor do the same job.",
        "zh-Hans": "编辑器需要 JavaScript；也可以用文本编辑器配合 `dossier lint`。",
    },
    "web.ed.save": {"en": "Save", "zh-Hans": "保存"},
    "web.ed.side": {"en": "Findings and preview", "zh-Hans": "检查结果与预览"},
    "web.ed.findings": {"en": "Lint findings", "zh-Hans": "检查结果"},
    "web.ed.policy": {
        "en": "A record with lint errors is not saved (the card pool loads only when every record is valid); "
        "warnings do not stop saving. Saving writes the canonical form, as `dossier fmt`.",
        "zh-Hans": "有检查错误的记录不会保存（只有所有记录都有效时卡池才能载入）；警告不影响保存。"
        "保存时写入规范格式，与 `dossier fmt` 相同。",
    },
    "web.ed.preview": {"en": "Printed card", "zh-Hans": "印刷效果"},
    "web.ed.preview_alt": {"en": "The card as `dossier print` draws it", "zh-Hans": "`dossier print` 绘制的卡面"},
    "web.ed.preview_invalid": {
        "en": "The preview appears when the record is valid.",
        "zh-Hans": "记录有效后显示预览。",
    },
    "web.ed.preview_none": {"en": "A {kind} has no printed card.", "zh-Hans": "{kind} 类记录没有印刷卡面。"},
    "web.ed.refused": {
        "en": "Not saved: {n} lint errors; fix them first.",
        "en.one": "Not saved: 1 lint error; fix it first.",
        "zh-Hans": "未保存：有 {n} 个检查错误，请先修正。",
    },
    "web.ed.saved": {"en": "Saved {path}.", "zh-Hans": "已保存 {path}。"},
    "web.ed.reload_failed": {
        "en": "But the card pool did not reload: {message}",
        "zh-Hans": "但卡池未能重新载入：{message}",
    },
    "web.ed.no_record": {"en": "No record {ref} in the card directories.", "zh-Hans": "卡牌目录中没有记录 {ref}。"},
    # words of the editor's script
    "web.ed.js.record": {"en": "Record", "zh-Hans": "记录"},
    "web.ed.js.add_field": {"en": "Add {name}", "zh-Hans": "添加{name}"},
    "web.ed.js.remove_field": {"en": "Remove {name}", "zh-Hans": "移除{name}"},
    "web.ed.js.add_item": {"en": "Add to {name}", "zh-Hans": "添加到{name}"},
    "web.ed.js.add_entry": {"en": "Add an entry", "zh-Hans": "添加一项"},
    "web.ed.js.remove": {"en": "Remove", "zh-Hans": "移除"},
    "web.ed.js.remove_item": {"en": "Remove {what}", "zh-Hans": "移除{what}"},
    "web.ed.js.up": {"en": "Move {what} up", "zh-Hans": "上移{what}"},
    "web.ed.js.down": {"en": "Move {what} down", "zh-Hans": "下移{what}"},
    "web.ed.js.key": {"en": "Key", "zh-Hans": "键"},
    "web.ed.js.json_invalid": {"en": "Not valid JSON yet.", "zh-Hans": "还不是有效的 JSON。"},
    "web.ed.js.form_unavailable": {
        "en": "No form for this record (its game or kind is unknown); edit it as raw JSON.",
        "zh-Hans": "此记录没有表单（游戏或类别未知），请以原始 JSON 编辑。",
    },
    "web.ed.js.raw_invalid": {
        "en": "The JSON does not parse into a record; fix it before going back to the form.",
        "zh-Hans": "JSON 无法解析为记录；请先修正再切回表单。",
    },
    "web.ed.js.checking": {"en": "Checking…", "zh-Hans": "检查中…"},
    "web.ed.js.check_failed": {"en": "The check failed; is the server running?", "zh-Hans": "检查失败；服务器是否在运行？"},
    "web.ed.js.no_findings": {"en": "No findings", "zh-Hans": "没有问题"},
    "web.ed.js.one_error": {"en": "1 error", "zh-Hans": "1 个错误"},
    "web.ed.js.n_errors": {"en": "{n} errors", "zh-Hans": "{n} 个错误"},
    "web.ed.js.one_warning": {"en": "1 warning", "zh-Hans": "1 个警告"},
    "web.ed.js.n_warnings": {"en": "{n} warnings", "zh-Hans": "{n} 个警告"},
    "web.ed.js.sep": {"en": ", ", "zh-Hans": "，"},
    "web.ed.js.line_col": {"en": "line {line}, column {column}", "zh-Hans": "第 {line} 行第 {column} 列"},
    "web.ed.js.preview_invalid": {"en": "The preview appears when the record is valid.", "zh-Hans": "记录有效后显示预览。"},
    "web.ed.js.saving": {"en": "Saving…", "zh-Hans": "保存中…"},
    "web.ed.js.save_failed": {"en": "Saving failed; is the server running?", "zh-Hans": "保存失败；服务器是否在运行？"},
    # field names the form shows (else the schema's title)
    "web.ed.field.name": {"en": "Name", "zh-Hans": "名称"},
    "web.ed.field.zh-Hans": {"en": "Chinese (zh-Hans)", "zh-Hans": "中文（zh-Hans）"},
    "web.ed.field.en": {"en": "English (en)", "zh-Hans": "英文（en）"},
    "web.ed.field.text": {"en": "Ability text", "zh-Hans": "能力文本"},
    "web.ed.field.win": {"en": "Win condition", "zh-Hans": "胜利条件"},
    "web.ed.field.flavor": {"en": "Flavor text", "zh-Hans": "风味文字"},
    "web.ed.field.id": {"en": "Id", "zh-Hans": "ID"},
    "web.ed.field.kind": {"en": "Kind", "zh-Hans": "类别"},
    "web.ed.field.game": {"en": "Game", "zh-Hans": "游戏"},
    "web.ed.field.type": {"en": "Type", "zh-Hans": "类型"},
    "web.ed.field.cost": {"en": "Cost", "zh-Hans": "费用"},
    "web.ed.field.category": {"en": "Category", "zh-Hans": "分类"},
    "web.ed.field.back": {"en": "Card back", "zh-Hans": "卡背"},
    "web.ed.field.faction": {"en": "Faction", "zh-Hans": "派系"},
    "web.ed.field.side": {"en": "Side", "zh-Hans": "阵营方"},
    "web.ed.field.subtypes": {"en": "Subtypes", "zh-Hans": "子类型"},
    "web.ed.field.influence": {"en": "Influence", "zh-Hans": "影响力"},
    "web.ed.field.art": {"en": "Art", "zh-Hans": "卡图"},
    "web.ed.field.team": {"en": "Team", "zh-Hans": "阵营"},
    "web.ed.field.$schema": {"en": "JSON Schema ($schema)", "zh-Hans": "JSON Schema（$schema）"},
    # print
    "web.pr.title": {"en": "Print", "zh-Hans": "打印"},
    "web.pr.intro": {
        "en": "Card sheets as `dossier print` draws them: choose the cards and the options, download the PDF.",
        "zh-Hans": "与 `dossier print` 相同的卡牌排版：选择卡牌与选项，下载 PDF。",
    },
    "web.pr.what": {"en": "Cards to print", "zh-Hans": "要打印的卡牌"},
    "web.pr.source.paste": {"en": "Paste a deck", "zh-Hans": "粘贴牌组"},
    "web.pr.source.upload": {"en": "Upload a deck file", "zh-Hans": "上传牌组文件"},
    "web.pr.source.saved": {"en": "A saved deck", "zh-Hans": "已保存的牌组"},
    "web.pr.source.search": {"en": "A search", "zh-Hans": "搜索结果"},
    "web.pr.deck": {"en": "Deck list", "zh-Hans": "牌组列表"},
    "web.pr.deck_help": {
        "en": "Any format `dossier deck` reads: Dossier JSON, a text list (3x Name), NetrunnerDB or jinteki.net "
        "text, OCTGN .o8d. Each card prints as often as the deck has it.",
        "zh-Hans": "`dossier deck` 能读取的任何格式：Dossier JSON、文本列表（3x 名称）、NetrunnerDB 或 jinteki.net "
        "文本、OCTGN .o8d。每张卡按牌组中的张数打印。",
    },
    "web.pr.file": {"en": "Deck file", "zh-Hans": "牌组文件"},
    "web.pr.saved": {"en": "Saved deck", "zh-Hans": "已保存的牌组"},
    "web.pr.no_saved": {"en": "No saved decks yet", "zh-Hans": "还没有保存的牌组"},
    "web.pr.query": {"en": "Search (one copy of each card found)", "zh-Hans": "搜索（每张找到的卡打印一份）"},
    "web.pr.options": {"en": "Options", "zh-Hans": "选项"},
    "web.pr.card": {"en": "Card size", "zh-Hans": "卡牌尺寸"},
    "web.pr.card.poker": {"en": "Poker, 63×88 mm", "zh-Hans": "扑克，63×88 毫米"},
    "web.pr.card.bridge": {"en": "Bridge, 57×89 mm", "zh-Hans": "桥牌，57×89 毫米"},
    "web.pr.card.mini": {"en": "Mini, 44×67 mm", "zh-Hans": "迷你，44×67 毫米"},
    "web.pr.card.tarot": {"en": "Tarot, 70×120 mm", "zh-Hans": "塔罗，70×120 毫米"},
    "web.pr.card.custom": {"en": "Other size…", "zh-Hans": "其他尺寸…"},
    "web.pr.card_custom": {"en": "Size WxH in mm", "zh-Hans": "尺寸 宽x高（毫米）"},
    "web.pr.page": {"en": "Paper", "zh-Hans": "纸张"},
    "web.pr.lang": {"en": "Language on the cards", "zh-Hans": "卡面语言"},
    "web.pr.lang.zh-Hans": {"en": "Chinese", "zh-Hans": "中文"},
    "web.pr.lang.en": {"en": "English", "zh-Hans": "英文"},
    "web.pr.bleed": {"en": "Bleed (mm, 0-3)", "zh-Hans": "出血（毫米，0-3）"},
    "web.pr.gutter": {"en": "Gutter (mm)", "zh-Hans": "卡间距（毫米）"},
    "web.pr.auto": {"en": "automatic", "zh-Hans": "自动"},
    "web.pr.grid": {"en": "Cards per page (CxR)", "zh-Hans": "每页卡数（列x行）"},
    "web.pr.backs": {"en": "Backs", "zh-Hans": "卡背"},
    "web.pr.backs.none": {"en": "No backs", "zh-Hans": "不印卡背"},
    "web.pr.backs.long-edge": {"en": "Duplex, long edge", "zh-Hans": "双面，长边翻转"},
    "web.pr.backs.short-edge": {"en": "Duplex, short edge", "zh-Hans": "双面，短边翻转"},
    "web.pr.back_dx": {"en": "Move backs right (mm)", "zh-Hans": "卡背右移（毫米）"},
    "web.pr.back_dy": {"en": "Move backs up (mm)", "zh-Hans": "卡背上移（毫米）"},
    "web.pr.options_help": {
        "en": "The gutter defaults to twice the bleed; the grid to as many cards as fit. Read the back offsets "
        "off the alignment page, printed duplex at 100 %.",
        "zh-Hans": "卡间距默认为出血的两倍；每页卡数默认尽量多放。卡背偏移可从按 100% 双面打印的对齐测试页上读出。",
    },
    "web.pr.crop": {"en": "Crop marks", "zh-Hans": "裁切线"},
    "web.pr.force": {
        "en": "Print anyway when a card's text does not fit or a character is missing",
        "zh-Hans": "即使文字放不下或缺少字形也打印",
    },
    "web.pr.download": {"en": "Download PDF", "zh-Hans": "下载 PDF"},
    "web.pr.calibrate": {"en": "Download the duplex alignment page", "zh-Hans": "下载双面对齐测试页"},
}
MESSAGES.update(WEB_PAGES_MESSAGES)

def lang_of(lang: str | None) -> str:
    """``lang`` when it is an output language, else the default (zh-Hans)."""
    return lang if lang in LANGS else DEFAULT_LANG


def t(key: str, lang: str, /, **fields: Any) -> str:
    """The text of ``key`` in ``lang`` with ``fields`` filled in (``n=1`` picks the English singular)."""
    entry = MESSAGES[key]
    text = entry["en.one"] if lang == "en" and fields.get("n") == 1 and "en.one" in entry else entry[lang_of(lang)]
    return text.format(**fields) if fields else text


def table(prefix: str, lang: str) -> dict[str, str]:
    """Every entry under ``prefix.`` in ``lang``, keyed by the rest of its key (``card.`` → ``{"team": …}``)."""
    return {key[len(prefix) + 1 :]: t(key, lang) for key in MESSAGES if key.startswith(prefix + ".")}


def word(kind: str, value: str, lang: str) -> str:
    """A vocabulary word (``type``, ``team``, ``side``, ``band``) in ``lang``; the value itself when it has none."""
    key = f"{kind}.{value}"
    return t(key, lang) if key in MESSAGES else value


def name_of(record: Any, lang: str) -> str:
    """A record's name in ``lang``: the English name when asked and there is one, else the zh-Hans name."""
    name = record.name
    return str((name.en if lang == "en" else None) or name.zh_hans)


def namer(lookup: Any, lang: str) -> Any:
    """id → the record's name in ``lang`` through ``lookup`` (id → record or None); the id when there is none."""

    def name(record_id: str) -> str:
        record = lookup(record_id)
        return name_of(record, lang) if record is not None else record_id

    return name


def other_name(record: Any, lang: str) -> str | None:
    """The record's name in the other language, when it has one that differs from :func:`name_of`."""
    other = record.name.zh_hans if lang == "en" else record.name.en
    return str(other) if other and other != name_of(record, lang) else None


def _cjk(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F") and unicodedata.category(char).startswith("L")


def script_lang(text: str) -> str | None:
    """zh-Hans when ``text`` has a Chinese character, en when it has Latin letters and none, else None."""
    if any(_cjk(c) for c in text):
        return "zh-Hans"
    return "en" if any(c.isalpha() and c.isascii() for c in text) else None


def majority(langs: Iterable[str | None]) -> str | None:
    """The language most of ``langs`` are in (None and ties count for nothing)."""
    counts: dict[str, int] = {}
    for lang in langs:
        if lang is not None:
            counts[lang] = counts.get(lang, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    winners = [lang for lang, n in counts.items() if n == best]
    return winners[0] if len(winners) == 1 else None


__all__ = [
    "DEFAULT_LANG",
    "LANGS",
    "MESSAGES",
    "lang_of",
    "majority",
    "name_of",
    "other_name",
    "script_lang",
    "t",
    "table",
    "word",
]
