"""``render(ability, lang) -> str``: canonical zh-Hans text, or English.

The zh-Hans rendering is the canonical spelling of the language: Arabic numerals
with one space where they touch Chinese (``你抽 2 张牌。``), ranges ``0-2``,
signed modifiers ``+1``, ``3[credit]`` glued, full-width ``：，。``, card names in
``「」``. ``parse(render(a)) == a`` for every ability ``a`` the parser returns;
``dossier text fmt`` rewrites card files with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal

from toolkit import i18n

from . import ast as A
from . import vocab as V

Lang = Literal["zh-Hans", "en"]
LANGS: tuple[Lang, ...] = ("zh-Hans", "en")  # the languages text is rendered in


def render(node: A.Node, lang: str = "zh-Hans") -> str:
    """Text of an :class:`~toolkit.text.ast.Ability` (or any smaller node) in ``lang``: zh-Hans for Chinese, English
    for any other output language (:func:`toolkit.i18n.text_lang`: a language a catalog adds, ``fr``, reads the
    English); a tag of no language of ours is refused (ValueError)."""
    if lang == "zh-Hans":
        return _tidy_zh(_ZH.node(node))
    if lang == "en":
        return _EN.node(node)
    ours = i18n.asked(lang)  # another output language, the pseudo-locale, or a tag of one (zh-CN, en-US)
    if ours is None:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(i18n.LANGS)}")
    return render(node, i18n.text_lang(ours))


def _tidy_zh(text: str) -> str:
    if "  " in text:  # (most texts have no run of spaces)
        text = _SPACE_RUN.sub(" ", text)
    text = _SPACE_BEFORE_MARK.sub("", text)
    text = _SPACE_AFTER_MARK.sub("", text)
    return text.strip()


# compiled once: every text lint checks is rendered (re.sub with a pattern's text looks it up in re's cache)
_SPACE_RUN = re.compile(r" {2,}")
_SPACE_BEFORE_MARK = re.compile(r" +(?=[，。：；」])")
_SPACE_AFTER_MARK = re.compile(r"(?<=[，。：；「]) +")


def _signed(value: int) -> str:
    return f"{value:+d}"


# ---------------------------------------------------------------- zh-Hans


class _Zh:
    """Canonical zh-Hans text, one method per node type."""

    def node(self, node: A.Node) -> str:
        if isinstance(node, A.Ability):
            return self.ability(node)
        if isinstance(node, A.Sentence):
            return self.seq(node.effects) + "。"
        if isinstance(node, A.Fixed | A.Target | A.Chosen | A.Cells):
            return self.ref(node)
        if type(node) in _ZH_CONDITIONS:
            return self.cond(node)
        if type(node) in _ZH_COSTS:
            return self.cost(node)
        return self.seq((node,))

    def ability(self, a: A.Ability) -> str:
        body = "".join(self.seq(s.effects) + "。" for s in a.sentences)
        costs = "，".join(self.cost(c) for c in a.costs)
        if a.kind == "effect":
            return body
        if a.kind == "triggered":
            return f"{V.zh(V.TIMINGS if a.timing in V.TIMINGS else V.SCRIPT_TIMINGS, a.timing or '')}：{body}"
        if a.kind == "active":
            return f"主动 {costs}：{body}"
        if a.kind in ("response", "special"):
            word = "响应" if a.kind == "response" else "特殊"
            return f"{word} {costs}：{body}" if costs else f"{word}：{body}"
        if a.kind == "paid":
            return f"{costs}：{body}"
        if a.kind == "runner_score_area":
            return f"在潜袭者的分数区时：{body}"
        return f"[subroutine] {body}"

    def cost(self, c: A.Node) -> str:
        return _ZH_COSTS[type(c)](c)

    def seq(self, effects: tuple[A.Effect, ...]) -> str:
        first = effects[0]
        if isinstance(first, A.If):
            return f"如果{self.cond(first.condition)}，{self.seq(first.effects)}"
        if isinstance(first, A.Until):
            return f"直到{V.zh(V.DURATIONS, first.until)}，{self.seq(first.effects)}"
        if isinstance(first, A.ForEachCounter):
            return f"本牌上每有 {first.per} 个{V.zh(V.COUNTER_KINDS, first.kind)}，{self.seq(first.effects)}"
        if isinstance(first, A.YouMay):
            head, *rest = first.effects
            text = self.clause(head)
            text = text[1:] if text.startswith("你") else text
            return "你可以" + "".join([text, *("，" + self.clause(e) for e in rest)])
        return "，".join(self.clause(e) for e in effects)

    def clause(self, e: A.Effect) -> str:
        render = _ZH_EFFECTS.get(type(e))
        if render is None:
            if isinstance(e, A.If | A.Until | A.YouMay | A.ForEachCounter):
                return self.seq((e,))
            raise ValueError(f"cannot render {type(e).__name__} as an effect")
        return render(self, e)

    def ref(self, r: A.Node) -> str:
        if isinstance(r, A.Fixed):
            return V.zh(V.FIXED_REFS, r.ref)
        if isinstance(r, A.Target):
            noun = V.zh(V.UNIT_NOUNS, r.noun) if r.noun else ""
            if r.within is not None:
                return f"距离 {r.within[0]}-{r.within[1]} 内的目标{noun}"
            return f"目标{noun}"
        if isinstance(r, A.Chosen):
            return f"你选择的 {r.count} 个{V.zh(V.UNIT_NOUNS, r.noun)}"
        if isinstance(r, A.Cells):
            return self.cells(r)
        raise ValueError(f"not a reference: {type(r).__name__}")

    def cells(self, c: A.Cells) -> str:
        return f"距离 {c.within[0]}-{c.within[1]} 内的 {c.count} 个{V.zh(V.TERRAIN_NOUNS, c.terrain)}"

    def cond(self, c: A.Node) -> str:
        return _ZH_CONDITIONS[type(c)](self, c)


def _party_zh(who: str) -> str:
    return {"you": "你", "runner": "潜袭者", "corp": "公司", "opponent": "对手"}[who]


def _server_zh(e: A.Run) -> str:
    if e.count is None:
        return V.zh(V.NR_ZONES, e.server)
    return f" {e.count} 台{V.zh(V.SERVER_KINDS, e.server)}"


def _run_on_zh(server: str) -> str:
    return V.zh(V.SERVER_KINDS, server) if server in V.SERVER_KINDS else V.zh(V.NR_ZONES, server)


def _role_zh(role: str) -> str:
    word = V.zh(V.ROLES, role)
    return f" {word} " if word.isascii() else word


_ZH_COSTS: dict[type, Callable[[Any], str]] = {
    A.TapCost: lambda c: "横置",
    A.MortgageCost: lambda c: f"-{c.count}",
    A.DiscardCost: lambda c: f"弃 {c.count} 张牌",
    A.ClickCost: lambda c: "[click]" * c.count,
    A.CreditCost: lambda c: f"{c.count}[credit]",
    A.TrashCost: lambda c: "[trash]",
    A.CounterCost: lambda c: f"移除本牌上 {c.count} 个{V.zh(V.COUNTER_KINDS, c.kind)}",
}

_ZH_CONDITIONS: dict[type, Callable[[_Zh, Any], str]] = {
    A.IsState: lambda z, c: z.ref(c.ref) + V.zh(V.STATES, c.state),
    A.IsKind: lambda z, c: f"{z.ref(c.ref)}是{V.zh(V.UNIT_NOUNS, c.noun)}",
    A.HpAtMost: lambda z, c: f"{z.ref(c.ref)}的生命值不多于 {c.value} 点",
    A.IsDestroyed: lambda z, c: f"{z.ref(c.ref)}被消灭",
    A.HandAtMost: lambda z, c: f"你的手牌不多于 {c.count} 张",
    A.MortgageNotEmpty: lambda z, c: "你的抵押区有牌",
    A.CreditsAtMost: lambda z, c: f"你的信用点不多于 {c.value}",
    A.NoHand: lambda z, c: "你没有手牌",
    A.ShopEmpty: lambda z, c: "矩阵商店没有牌",
    A.ResultAtLeast: lambda z, c: f"结果不小于 {c.value}",
    A.RunnerTagged: lambda z, c: "潜袭者被锁定",
    A.RunSuccessful: lambda z, c: "潜袭成功",
    A.TraceResult: lambda z, c: "追踪成功" if c.success else "追踪失败",
    A.PsiResult: lambda z, c: "双方出价相同" if c.equal else "双方出价不同",
    A.CountersAtLeast: lambda z, c: f"本牌上至少有 {c.value} 个{V.zh(V.COUNTER_KINDS, c.kind)}",
    A.RunOn: lambda z, c: "本次潜袭针对" + _run_on_zh(c.server),
    A.EncounteringSubtype: lambda z, c: f"正在遭遇的防火墙是{V.zh(V.ICE_SUBTYPES, c.subtype)}",
    A.RunInProgress: lambda z, c: "潜袭者正在潜袭",
    A.YouHit: lambda z, c: f"你击中{_role_zh(c.role)}",
    A.YouShot: lambda z, c: "你被击中",
    A.YouNotShot: lambda z, c: "你未被击中",
    A.TeamWon: lambda z, c: f"{V.zh(V.TEAMS, c.team)}获胜",
    A.NoneShot: lambda z, c: f"没有{_role_zh(c.role)}被击中",
    A.All: lambda z, c: "且".join(z.cond(p) for p in c.parts),
}

_ZH_EFFECTS: dict[type, Callable[[_Zh, Any], str]] = {
    A.Draw: lambda z, e: f"你抽 {e.count} 张牌",
    A.Buy: lambda z, e: f"你购买 {e.count} 张牌",
    A.Discard: lambda z, e: f"{_party_zh(e.who)}弃 {e.count} 张牌",
    A.Search: lambda z, e: (
        f"你从矩阵商店搜寻 {e.count} 张「{e.name}」" if e.source == "shop" else f"你搜寻 {e.count} 张「{e.name}」"
    ),
    A.SearchType: lambda z, e: (
        f"你从{V.zh(V.NR_ZONES, e.zone)}搜寻 {e.count} 张{V.zh(V.NR_TYPES, e.card_type)}，展示后加入你的手牌"
    ),
    A.Reveal: lambda z, e: f"你翻牌直到翻出 {e.count} 张{V.zh(V.CATEGORIES, e.category)}",
    A.Mulligan: lambda z, e: f"你调度 {e.count} 次",
    A.Mortgage: lambda z, e: f"你抵押 {e.count} 张手牌",
    A.GainToken: lambda z, e: f"你获得 {e.count} 张「{e.name}」",
    A.GainCredits: lambda z, e: f"{_party_zh(e.who)}获得 {e.count}[credit]",
    A.LoseCredits: lambda z, e: f"{_party_zh(e.who)}失去 {e.count}[credit]",
    A.GainClicks: lambda z, e: f"{_party_zh(e.who)}获得 " + "[click]" * e.count,
    A.LoseClicks: lambda z, e: f"{_party_zh(e.who)}失去 " + "[click]" * e.count,
    A.GainTags: lambda z, e: f"{_party_zh(e.who)}获得 {e.count} 个锁定标记",
    A.RemoveTags: lambda z, e: f"你移除 {e.count} 个锁定标记",
    A.GainBadPublicity: lambda z, e: f"你获得 {e.count} 个负面声誉",
    A.Roll: lambda z, e: f"你投掷 {e.count} 枚六面骰",
    A.Deploy: lambda z, e: f"你部署 {e.count} 名待命特工",
    A.Run: lambda z, e: f"你对{_server_zh(e)}发起潜袭",
    A.Access: lambda z, e: f"你额外读取 {e.count} 张牌",
    A.Install: lambda z, e: f"你安装 {e.count} 个{V.zh(V.NR_TYPES, e.card_type)}",
    A.RezFree: lambda z, e: f"你激活 {e.count} 张牌，无视其全部激活费用",
    A.PlayerLimit: lambda z, e: (
        f"{_party_zh(e.who)}的{V.zh(V.PLAYER_LIMITS, e.stat)} {_signed(e.delta)}"
        + ("[mu]" if e.stat == "memory" else "")
    ),
    A.CountsAs: lambda z, e: f"你视为{_role_zh(e.role)}",
    A.PublicRole: lambda z, e: "你的角色公开",
    A.Protect: lambda z, e: f"你不射击；你保护你指向的玩家：抵消 {e.bullets} 发射向该玩家的子弹",
    A.Guns: lambda z, e: f"你有 {e.count} 把枪：你可以同时指向 {e.count} 名不同的玩家，各射 {e.shots} 发",
    A.SniperMarks: lambda z, e: (
        f"你将与刺客数量相等的射击卡放到你认定是刺客的玩家面前，可以只放一部分；同一名玩家面前至多 {e.per_player} 张"
    ),
    A.Win: lambda z, e: "你获胜",
    A.Lose: lambda z, e: "你落败",
    A.SoleWin: lambda z, e: "你单独获胜，其他所有玩家落败",
    A.ShooterLoses: lambda z, e: "击中你的玩家落败",
    A.Heal: lambda z, e: f"{z.ref(e.ref)}回复 {e.amount} 点生命值",
    A.GainShield: lambda z, e: f"{z.ref(e.ref)}获得 {e.amount} 点护盾值",
    A.GainTempHp: lambda z, e: f"{z.ref(e.ref)}获得 {e.amount} 点临时生命值",
    A.GainVision: lambda z, e: f"{z.ref(e.ref)}获得{V.zh(V.VISIONS, e.vision)}",
    A.Move: lambda z, e: f"{z.ref(e.ref)}移动 0-移速" if e.speed else f"{z.ref(e.ref)}移动 {e.low}-{e.high}",
    A.Modify: lambda z, e: f"{z.ref(e.ref)}{V.zh(V.UNIT_STATS, e.stat)} {_signed(e.delta)}",
    A.Cannot: lambda z, e: z.ref(e.ref) + V.zh(V.CANNOT, e.action),
    A.BasicAttack: lambda z, e: f"{z.ref(e.ref)}进行 {e.count} {V.zh(V.BASIC_ATTACKS, e.kind)}",
    A.AttackWith: lambda z, e: f"{z.ref(e.ref)}使用「{e.name}」攻击 {e.count} 次",
    A.SelfDestruct: lambda z, e: f"{z.ref(e.ref)}自毁",
    A.AttackMod: lambda z, e: f"本次攻击{V.zh(V.ATTACK_STATS, e.stat)} {_signed(e.delta)}",
    A.Damage: lambda z, e: f"对{z.ref(e.ref)}造成 {e.amount} 点伤害",
    A.Tap: lambda z, e: f"横置{z.ref(e.ref)}",
    A.Reset: lambda z, e: f"重置{z.ref(e.ref)}",
    A.Destroy: lambda z, e: f"消灭{z.ref(e.ref)}",
    A.Expose: lambda z, e: f"暴露{z.ref(e.ref)}",
    A.Remove: lambda z, e: f"移除{z.ref(e.ref)}",
    A.Switch: lambda z, e: "切换",
    A.TakeControl: lambda z, e: f"你获得{z.ref(e.ref)}的操控权",
    A.DestroyTerrain: lambda z, e: f"消灭{z.cells(e.cells)}",
    A.RestoreTerrain: lambda z, e: f"恢复{z.cells(e.cells)}",
    A.TypedDamage: lambda z, e: f"造成 {e.amount} {V.zh(V.DAMAGE_KINDS, e.kind)}",
    A.EndRun: lambda z, e: "终止潜袭",
    A.Trash: lambda z, e: f"销毁 {e.count} 个{V.zh(V.NR_TYPES, e.card_type)}",
    A.BreakSubroutine: lambda z, e: (
        f"破解{'任意数量的' if e.any_number else f' {e.count} 个'}{V.zh(V.ICE_SUBTYPES, e.subtype)}子进程"
    ),
    A.Strength: lambda z, e: f"强度 {_signed(e.delta)}",
    A.PlaceCredits: lambda z, e: f"在本牌上放置 {e.amount}[credit]",
    A.PlaceAdvancement: lambda z, e: f"在本牌上放置 {e.amount} 个推进标记",
    A.AdvanceInstalled: lambda z, e: f"在 {e.cards} 张已安装的牌上放置 {e.amount} 个推进标记",
    A.TakeCredits: lambda z, e: f"从本牌上拿取 {e.amount}[credit]",
    A.PlaceCounters: lambda z, e: f"在本牌上放置 {e.amount} 个{V.zh(V.COUNTER_KINDS, e.kind)}",
    A.RemoveCounters: lambda z, e: f"从本牌上移除 {e.amount} 个{V.zh(V.COUNTER_KINDS, e.kind)}",
    A.Purge: lambda z, e: "清除病毒指示物",
    A.Scripted: lambda z, e: f"执行卡牌脚本（{e.card} 第 {e.paragraph + 1} 段）",
    A.InstallHosted: lambda z, e: f"你将 {e.count} 个{V.zh(V.NR_TYPES, e.card_type)}安装在本牌上",
    A.RecurringCredits: lambda z, e: f"本牌有 {e.amount} 点循环信用点，只能用于{V.zh(V.RECURRING_USES, e.use)}",
    A.Trace: lambda z, e: f"追踪[{e.base}]",
    A.Psi: lambda z, e: "进行心灵博弈",
    A.JackOut: lambda z, e: "你退出潜袭",
    A.PreventDamage: lambda z, e: f"防止 {e.amount} " + ("点伤害" if e.kind == "any" else V.zh(V.DAMAGE_KINDS, e.kind)),
    A.AvoidTags: lambda z, e: f"避免 {e.count} 个锁定标记",
    A.PreventTrash: lambda z, e: f"防止 {e.count} 张你已安装的牌被销毁",
    A.CanBeAdvanced: lambda z, e: "本牌可以被推进",
}

_ZH = _Zh()


# ---------------------------------------------------------------- English


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _En:
    """English text, for players who do not read Chinese (not parsed back)."""

    def node(self, node: A.Node) -> str:
        if isinstance(node, A.Ability):
            return self.ability(node)
        if isinstance(node, A.Sentence):
            return self.sentence(node)
        if isinstance(node, A.Fixed | A.Target | A.Chosen | A.Cells):
            return self.ref(node)
        if type(node) in _EN_CONDITIONS:
            return self.cond(node)
        if type(node) in _EN_COSTS:
            return _EN_COSTS[type(node)](node)
        return self.seq((node,))

    def sentence(self, s: A.Sentence) -> str:
        return _cap(self.seq(s.effects)) + "."

    def ability(self, a: A.Ability) -> str:
        body = " ".join(self.sentence(s) for s in a.sentences)
        costs = ", ".join(_EN_COSTS[type(c)](c) for c in a.costs)
        if a.kind == "effect":
            return body
        if a.kind == "triggered":
            return f"{V.en(V.TIMINGS if a.timing in V.TIMINGS else V.SCRIPT_TIMINGS, a.timing or '')}: {body}"
        if a.kind in ("active", "response", "special"):
            word = {"active": "Action", "response": "Response", "special": "Special"}[a.kind]
            return f"{word} — {_cap(costs)}: {body}" if costs else f"{word}: {body}"
        if a.kind == "paid":
            return f"{_cap(costs)}: {body}"
        if a.kind == "runner_score_area":
            return f"While in the runner's score area: {body}"
        return f"[subroutine] {body}"

    def seq(self, effects: tuple[A.Effect, ...]) -> str:
        first = effects[0]
        if isinstance(first, A.If):
            return f"if {self.cond(first.condition)}, {self.seq(first.effects)}"
        if isinstance(first, A.Until):
            return f"{V.en(V.DURATIONS, first.until)}, {self.seq(first.effects)}"
        if isinstance(first, A.ForEachCounter):
            kind = V.en(V.COUNTER_KINDS, first.kind)
            counted = f"each {kind}" if first.per == 1 else f"every {_plural(first.per, kind)}"
            return f"for {counted} on this card, {self.seq(first.effects)}"
        if isinstance(first, A.YouMay):
            head, *rest = first.effects
            text = self.clause(head)
            text = text[4:] if text.startswith("you ") else text
            return "you may " + ", then ".join([text, *(self.clause(e) for e in rest)])
        return ", then ".join(self.clause(e) for e in effects)

    def clause(self, e: A.Effect) -> str:
        render = _EN_EFFECTS.get(type(e))
        if render is None:
            if isinstance(e, A.If | A.Until | A.YouMay | A.ForEachCounter):
                return self.seq((e,))
            raise ValueError(f"cannot render {type(e).__name__} as an effect")
        return render(self, e)

    def ref(self, r: A.Node) -> str:
        if isinstance(r, A.Fixed):
            return V.en(V.FIXED_REFS, r.ref)
        if isinstance(r, A.Target):
            text = f"target {V.en(V.UNIT_NOUNS, r.noun)}" if r.noun else "the target"
            if r.within is not None:
                text += f" within range {r.within[0]}-{r.within[1]}"
            return text
        if isinstance(r, A.Chosen):
            noun = V.en(V.UNIT_NOUNS, r.noun)
            return f"{_plural(r.count, noun, noun if noun.endswith('equipment') else None)} of your choice"
        if isinstance(r, A.Cells):
            return self.cells(r)
        raise ValueError(f"not a reference: {type(r).__name__}")

    def cells(self, c: A.Cells) -> str:
        return f"{_plural(c.count, V.en(V.TERRAIN_NOUNS, c.terrain))} within range {c.within[0]}-{c.within[1]}"

    def cond(self, c: A.Node) -> str:
        return _EN_CONDITIONS[type(c)](self, c)


def _party_en(who: str, verb: str) -> str:
    if who == "you":
        return f"you {verb}"
    subject = {"runner": "the runner", "corp": "the corp", "opponent": "your opponent"}[who]
    return f"{subject} {verb}es" if verb.endswith(("s", "sh", "ch")) else f"{subject} {verb}s"


def _possessive_en(who: str) -> str:
    return {"you": "your", "runner": "the runner's", "corp": "the corp's", "opponent": "your opponent's"}[who]


def _nr_types_en(count: int, card_type: str) -> str:
    """``1 program``, ``2 programs``, ``2 pieces of hardware``."""
    word = V.en(V.NR_TYPES, card_type)
    if count == 1:
        return f"1 {word}"
    return f"{count} " + (word.replace("piece of", "pieces of", 1) if word.startswith("piece of") else word + "s")


def _role_en(role: str) -> str:
    return V.en(V.ROLES, role)


def _stat_change_en(who: str, stat: str, word: str, delta: int) -> str:
    """A unit's or an attack's stat change as card English (``word`` the stat's noun): ``takes 1 less damage``
    (damage taken), ``deals 2 more damage`` (an attack's damage), ``gets +1 to its hit die results``, else
    ``gets -1 move speed``. The text never writes a change of 0 (the parser refuses it)."""
    if stat in ("damage_taken", "damage"):
        verb = "takes" if stat == "damage_taken" else "deals"
        return f"{who} {verb} {abs(delta)} {'more' if delta > 0 else 'less'} damage"
    if stat == "hit_result":
        return f"{who} gets {_signed(delta)} to its {word}"
    return f"{who} gets {_signed(delta)} {word}"


_EN_COSTS: dict[type, Callable[[Any], str]] = {
    A.TapCost: lambda c: "tap",
    A.MortgageCost: lambda c: f"mortgage {c.count}",
    A.DiscardCost: lambda c: f"discard {_plural(c.count, 'card')}",
    A.ClickCost: lambda c: "[click]" * c.count,
    A.CreditCost: lambda c: f"{c.count}[credit]",
    A.TrashCost: lambda c: "[trash]",
    A.CounterCost: lambda c: f"remove {_plural(c.count, V.en(V.COUNTER_KINDS, c.kind))} from this card",
}

_EN_CONDITIONS: dict[type, Callable[[_En, Any], str]] = {
    A.IsState: lambda n, c: f"{n.ref(c.ref)} is {V.en(V.STATES, c.state)}",
    A.IsKind: lambda n, c: f"{n.ref(c.ref)} is {_article(V.en(V.UNIT_NOUNS, c.noun))}",
    A.HpAtMost: lambda n, c: f"{n.ref(c.ref)} has at most {c.value} HP",
    A.IsDestroyed: lambda n, c: f"{n.ref(c.ref)} was destroyed",
    A.HandAtMost: lambda n, c: f"you have at most {_plural(c.count, 'card')} in hand",
    A.MortgageNotEmpty: lambda n, c: "your mortgage zone holds cards",
    A.CreditsAtMost: lambda n, c: f"you have at most {c.value}[credit]",
    A.NoHand: lambda n, c: "you have no cards in hand",
    A.ShopEmpty: lambda n, c: "the matrix shop is empty",
    A.ResultAtLeast: lambda n, c: f"the result is at least {c.value}",
    A.RunnerTagged: lambda n, c: "the runner is tagged",
    A.RunSuccessful: lambda n, c: "the run is successful",
    A.TraceResult: lambda n, c: "the trace is successful" if c.success else "the trace is unsuccessful",
    A.PsiResult: lambda n, c: "the bids are equal" if c.equal else "the bids differ",
    A.CountersAtLeast: lambda n, c: f"this card has at least {_plural(c.value, V.en(V.COUNTER_KINDS, c.kind))}",
    A.RunOn: lambda n, c: (
        "this run is on "
        + (_article(V.en(V.SERVER_KINDS, c.server)) if c.server in V.SERVER_KINDS else V.en(V.NR_ZONES, c.server))
    ),
    A.EncounteringSubtype: lambda n, c: f"the ice being encountered is {_article(V.en(V.ICE_SUBTYPES, c.subtype))}",
    A.RunInProgress: lambda n, c: "the runner is making a run",
    A.YouHit: lambda n, c: f"you hit {_article(_role_en(c.role))}",
    A.YouShot: lambda n, c: "you are hit",
    A.YouNotShot: lambda n, c: "you are not hit",
    A.TeamWon: lambda n, c: f"{V.en(V.TEAMS, c.team)} wins",
    A.NoneShot: lambda n, c: f"no {_role_en(c.role)} is hit",
    A.All: lambda n, c: " and ".join(n.cond(p) for p in c.parts),
}


def _server_en(e: A.Run) -> str:
    if e.count is None:
        return V.en(V.NR_ZONES, e.server)
    return _plural(e.count, V.en(V.SERVER_KINDS, e.server))


_EN_EFFECTS: dict[type, Callable[[_En, Any], str]] = {
    A.Draw: lambda n, e: f"you draw {_plural(e.count, 'card')}",
    A.Buy: lambda n, e: f"you buy {_plural(e.count, 'card')}",
    A.Discard: lambda n, e: f"{_party_en(e.who, 'discard')} {_plural(e.count, 'card')}",
    A.Search: lambda n, e: (
        f"you search {'the matrix shop' if e.source == 'shop' else 'your deck'} for {e.count} 「{e.name}」"
    ),
    A.SearchType: lambda n, e: (
        f"you search your {V.en(V.NR_ZONES, e.zone)} for {e.count} {V.en(V.NR_TYPES, e.card_type)},"
        " reveal it and add it to your hand"
    ),
    A.Reveal: lambda n, e: f"you reveal cards until you reveal {_plural(e.count, V.en(V.CATEGORIES, e.category))}",
    A.Mulligan: lambda n, e: "you mulligan once" if e.count == 1 else f"you mulligan {e.count} times",
    A.Mortgage: lambda n, e: f"you mortgage {_plural(e.count, 'card')} from your hand",
    A.GainToken: lambda n, e: f"you gain {e.count} 「{e.name}」",
    A.GainCredits: lambda n, e: f"{_party_en(e.who, 'gain')} {e.count}[credit]",
    A.LoseCredits: lambda n, e: f"{_party_en(e.who, 'lose')} {e.count}[credit]",
    A.GainClicks: lambda n, e: f"{_party_en(e.who, 'gain')} " + "[click]" * e.count,
    A.LoseClicks: lambda n, e: f"{_party_en(e.who, 'lose')} " + "[click]" * e.count,
    A.GainTags: lambda n, e: f"{_party_en(e.who, 'take')} {_plural(e.count, 'tag')}",
    A.RemoveTags: lambda n, e: f"you remove {_plural(e.count, 'tag')}",
    A.GainBadPublicity: lambda n, e: f"you take {e.count} bad publicity",
    A.Roll: lambda n, e: f"you roll {_plural(e.count, 'six-sided die', 'six-sided dice')}",
    A.Deploy: lambda n, e: f"you deploy {_plural(e.count, 'standby agent')}",
    A.Run: lambda n, e: f"you make a run on {_server_en(e)}",
    A.Access: lambda n, e: f"you access {_plural(e.count, 'additional card')}",
    A.Install: lambda n, e: f"you install {e.count} {V.en(V.NR_TYPES, e.card_type)}",
    A.RezFree: lambda n, e: f"you rez {_plural(e.count, 'card')}, ignoring all of its rez costs",
    A.PlayerLimit: lambda n, e: (
        f"{_possessive_en(e.who)} {V.en(V.PLAYER_LIMITS, e.stat)} {_signed(e.delta)}"
        + ("[mu]" if e.stat == "memory" else "")
    ),
    A.CountsAs: lambda n, e: f"you count as {_article(_role_en(e.role))}",
    A.PublicRole: lambda n, e: "your role is public",
    A.Protect: lambda n, e: (
        "you do not shoot; you protect the player you point at: "
        f"cancel {_plural(e.bullets, 'bullet')} fired at that player"
    ),
    A.Guns: lambda n, e: (
        f"you have {_plural(e.count, 'gun')}: you may point at {e.count} different players at once,"
        f" firing {_plural(e.shots, 'shot')} at each"
    ),
    A.SniperMarks: lambda n, e: (
        "you place as many shot cards as there are Assassins in front of the players you believe are"
        f" Assassins, possibly fewer; at most {e.per_player} in front of one player"
    ),
    A.Win: lambda n, e: "you win",
    A.Lose: lambda n, e: "you lose",
    A.SoleWin: lambda n, e: "you alone win and every other player loses",
    A.ShooterLoses: lambda n, e: "the player who hit you loses",
    A.Heal: lambda n, e: f"{n.ref(e.ref)} heals {e.amount} HP",
    A.GainShield: lambda n, e: f"{n.ref(e.ref)} gains {e.amount} shield",
    A.GainTempHp: lambda n, e: f"{n.ref(e.ref)} gains {e.amount} temporary HP",
    A.GainVision: lambda n, e: f"{n.ref(e.ref)} gains {V.en(V.VISIONS, e.vision)}",
    A.Move: lambda n, e: (
        f"{n.ref(e.ref)} moves up to its move speed" if e.speed else f"{n.ref(e.ref)} moves {e.low}-{e.high}"
    ),
    A.Modify: lambda n, e: _stat_change_en(n.ref(e.ref), e.stat, V.en(V.UNIT_STATS, e.stat), e.delta),
    A.Cannot: lambda n, e: f"{n.ref(e.ref)} {V.en(V.CANNOT, e.action)}",
    A.BasicAttack: lambda n, e: f"{n.ref(e.ref)} makes {_plural(e.count, V.en(V.BASIC_ATTACKS, e.kind))}",
    A.AttackWith: lambda n, e: f"{n.ref(e.ref)} attacks {_plural(e.count, 'time')} with 「{e.name}」",
    A.SelfDestruct: lambda n, e: f"{n.ref(e.ref)} self-destructs",
    A.AttackMod: lambda n, e: _stat_change_en("this attack", e.stat, V.en(V.ATTACK_STATS, e.stat), e.delta),
    A.Damage: lambda n, e: f"deal {e.amount} damage to {n.ref(e.ref)}",
    A.Tap: lambda n, e: f"tap {n.ref(e.ref)}",
    A.Reset: lambda n, e: f"reset {n.ref(e.ref)}",
    A.Destroy: lambda n, e: f"destroy {n.ref(e.ref)}",
    A.Expose: lambda n, e: f"expose {n.ref(e.ref)}",
    A.Remove: lambda n, e: f"remove {n.ref(e.ref)}",
    A.Switch: lambda n, e: "switch",
    A.TakeControl: lambda n, e: f"you gain control of {n.ref(e.ref)}",
    A.DestroyTerrain: lambda n, e: f"destroy {n.cells(e.cells)}",
    A.RestoreTerrain: lambda n, e: f"restore {n.cells(e.cells)}",
    A.TypedDamage: lambda n, e: f"do {e.amount} {V.en(V.DAMAGE_KINDS, e.kind)}",
    A.EndRun: lambda n, e: "end the run",
    A.Trash: lambda n, e: f"trash {e.count} {V.en(V.NR_TYPES, e.card_type)}",
    A.BreakSubroutine: lambda n, e: (
        f"break any number of {V.en(V.ICE_SUBTYPES, e.subtype)} subroutines"
        if e.any_number
        else f"break {e.count} {V.en(V.ICE_SUBTYPES, e.subtype)} subroutine" + ("s" if e.count != 1 else "")
    ),
    A.Strength: lambda n, e: f"strength {_signed(e.delta)}",
    A.PlaceCredits: lambda n, e: f"place {e.amount}[credit] on this card",
    A.PlaceAdvancement: lambda n, e: f"place {_plural(e.amount, 'advancement counter')} on this card",
    A.AdvanceInstalled: lambda n, e: (
        f"place {_plural(e.amount, 'advancement counter')} on {_plural(e.cards, 'installed card')}"
    ),
    A.TakeCredits: lambda n, e: f"take {e.amount}[credit] from this card",
    A.PlaceCounters: lambda n, e: f"place {_plural(e.amount, V.en(V.COUNTER_KINDS, e.kind))} on this card",
    A.RemoveCounters: lambda n, e: f"remove {_plural(e.amount, V.en(V.COUNTER_KINDS, e.kind))} from this card",
    A.Purge: lambda n, e: "purge virus counters",
    A.Scripted: lambda n, e: f"run the card script ({e.card}, paragraph {e.paragraph + 1})",
    A.InstallHosted: lambda n, e: f"you install {_nr_types_en(e.count, e.card_type)} on this card",
    A.RecurringCredits: lambda n, e: (
        f"this card has {_plural(e.amount, 'recurring credit')}, to be spent only on {V.en(V.RECURRING_USES, e.use)}"
    ),
    A.Trace: lambda n, e: f"trace[{e.base}]",
    A.Psi: lambda n, e: "play a psi game",
    A.JackOut: lambda n, e: "you jack out",
    A.PreventDamage: lambda n, e: (
        f"prevent {e.amount} " + ("damage" if e.kind == "any" else V.en(V.DAMAGE_KINDS, e.kind))
    ),
    A.AvoidTags: lambda n, e: f"avoid {_plural(e.count, 'tag')}",
    A.PreventTrash: lambda n, e: f"prevent {e.count} of your installed cards from being trashed",
    A.CanBeAdvanced: lambda n, e: "this card can be advanced",
}

_EN = _En()
