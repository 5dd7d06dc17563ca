"""Frozen AST nodes of the ability language.

One :class:`Ability` per ability string. Nodes are frozen, slotted dataclasses
whose fields are plain values, tuples and other nodes, so two parses of the same
meaning compare equal: ``parse(render(ast)) == ast``. Every node carries a
``span`` (start and end offsets in the text it was parsed from), which is left
out of comparisons, hashing and ``repr``.

Vocabulary values are English ids (``"enemy_unit"``, ``"code_gate"``); their
Chinese and English words live in :mod:`toolkit.text.vocab`.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal

Span = tuple[int, int]

AbilityKind = Literal["effect", "triggered", "active", "response", "special", "paid", "subroutine", "runner_score_area"]
FixedRefId = Literal["self_unit", "wearer", "attached", "this_card", "attacker", "attack_target"]
UnitNoun = Literal[
    "unit",
    "friendly_unit",
    "enemy_unit",
    "agent",
    "friendly_agent",
    "enemy_agent",
    "minion",
    "friendly_minion",
    "enemy_minion",
    "obstacle",
    "equipment",
    "enemy_equipment",
]
TerrainNoun = Literal["wall", "floor", "broken_wall", "pit", "terrain"]
Party = Literal["you", "runner", "corp", "opponent"]
CounterKind = Literal["virus", "power", "agenda", "advancement"]


@dataclass(frozen=True, slots=True)
class Node:
    """Base of every node: ``span`` is where it was read from (not compared)."""

    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)


# ---------------------------------------------------------------- who


@dataclass(frozen=True, slots=True)
class Fixed(Node):
    """本单位, 佩戴者, 贴附单位, 本牌, 攻击者, 本次攻击的目标."""

    ref: FixedRefId


@dataclass(frozen=True, slots=True)
class Target(Node):
    """目标<单位> (needs range and vision, §11.6), optionally 距离 a-b 内的目标<单位>."""

    noun: UnitNoun | None = None
    within: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Chosen(Node):
    """你选择的 N 个<单位> (a choice: no vision needed, §11.6)."""

    count: int
    noun: UnitNoun


Ref = Fixed | Target | Chosen


@dataclass(frozen=True, slots=True)
class Cells(Node):
    """距离 a-b 内的 N 个<地形>: cells of the map (坐标, §4.1) of one terrain, chosen by the player among those
    at distance a-b from 本单位 (not a 目标: no vision needed). ``terrain``: 墙体 (an intact wall, at distance
    1 or more: one step past its nearest open neighbour), 地板 (floor or outdoor floor, not a pit), 断墙, 坑洞,
    or 地形 (any cell)."""

    count: int
    terrain: TerrainNoun
    within: tuple[int, int]


# ---------------------------------------------------------------- costs


@dataclass(frozen=True, slots=True)
class TapCost(Node):
    """横置: tap the card or unit that has the ability."""


@dataclass(frozen=True, slots=True)
class MortgageCost(Node):
    """-X: mortgage X cards from hand (§8.2)."""

    count: int


@dataclass(frozen=True, slots=True)
class DiscardCost(Node):
    """弃 X 张牌."""

    count: int


@dataclass(frozen=True, slots=True)
class ClickCost(Node):
    """[click] (netrunner), repeated for more than one."""

    count: int


@dataclass(frozen=True, slots=True)
class CreditCost(Node):
    """X[credit] (netrunner)."""

    count: int


@dataclass(frozen=True, slots=True)
class TrashCost(Node):
    """[trash]: trash this card (netrunner)."""


@dataclass(frozen=True, slots=True)
class CounterCost(Node):
    """移除本牌上 X 个<指示物> (netrunner): remove counters (advancement counters too) from this card."""

    kind: CounterKind
    count: int


Cost = TapCost | MortgageCost | DiscardCost | ClickCost | CreditCost | TrashCost | CounterCost


# ---------------------------------------------------------------- conditions


@dataclass(frozen=True, slots=True)
class IsState(Node):
    """<对象>处于隐蔽状态 / 处于暴露状态."""

    ref: Ref
    state: Literal["hidden", "exposed"]


@dataclass(frozen=True, slots=True)
class IsKind(Node):
    """<对象>是<单位> (目标是特工, 佩戴者是特工)."""

    ref: Ref
    noun: UnitNoun


@dataclass(frozen=True, slots=True)
class HpAtMost(Node):
    """<对象>的生命值不多于 X 点."""

    ref: Ref
    value: int


@dataclass(frozen=True, slots=True)
class IsDestroyed(Node):
    """<对象>被消灭 (本次攻击的目标被消灭)."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class HandAtMost(Node):
    """你的手牌不多于 X 张."""

    count: int


@dataclass(frozen=True, slots=True)
class MortgageNotEmpty(Node):
    """你的抵押区有牌."""


@dataclass(frozen=True, slots=True)
class CreditsAtMost(Node):
    """你的信用点不多于 X."""

    value: int


@dataclass(frozen=True, slots=True)
class NoHand(Node):
    """你没有手牌."""


@dataclass(frozen=True, slots=True)
class ShopEmpty(Node):
    """矩阵商店没有牌."""


@dataclass(frozen=True, slots=True)
class ResultAtLeast(Node):
    """结果不小于 X (the last die rolled)."""

    value: int


@dataclass(frozen=True, slots=True)
class RunnerTagged(Node):
    """潜袭者被锁定."""


@dataclass(frozen=True, slots=True)
class RunSuccessful(Node):
    """潜袭成功."""


@dataclass(frozen=True, slots=True)
class TraceResult(Node):
    """追踪成功 / 追踪失败 (the last trace)."""

    success: bool


@dataclass(frozen=True, slots=True)
class PsiResult(Node):
    """双方出价相同 / 双方出价不同 (the last psi game)."""

    equal: bool


@dataclass(frozen=True, slots=True)
class CountersAtLeast(Node):
    """本牌上至少有 X 个<指示物>."""

    kind: CounterKind
    value: int


@dataclass(frozen=True, slots=True)
class RunOn(Node):
    """本次潜袭针对<服务器>: 研发中心 / 总部 / 档案库 (``rnd``, ``hq``, ``archives``), 中央服务器 (``central``:
    any of the three) or 远程服务器 (``remote``)."""

    server: str


@dataclass(frozen=True, slots=True)
class EncounteringSubtype(Node):
    """正在遭遇的防火墙是<子类型>."""

    subtype: str


@dataclass(frozen=True, slots=True)
class RunInProgress(Node):
    """潜袭者正在潜袭."""


@dataclass(frozen=True, slots=True)
class YouHit(Node):
    """你击中<角色> (crossfire)."""

    role: str


@dataclass(frozen=True, slots=True)
class YouShot(Node):
    """你被击中 (crossfire)."""


@dataclass(frozen=True, slots=True)
class YouNotShot(Node):
    """你未被击中 (crossfire)."""


@dataclass(frozen=True, slots=True)
class TeamWon(Node):
    """蓝队获胜 / 红队获胜 (crossfire)."""

    team: Literal["blue", "red"]


@dataclass(frozen=True, slots=True)
class NoneShot(Node):
    """没有<角色>被击中 (crossfire)."""

    role: str


@dataclass(frozen=True, slots=True)
class All(Node):
    """<条件>且<条件>…: every part holds."""

    parts: tuple[Condition, ...]


Condition = (
    IsState
    | IsKind
    | HpAtMost
    | IsDestroyed
    | HandAtMost
    | MortgageNotEmpty
    | CreditsAtMost
    | NoHand
    | ShopEmpty
    | ResultAtLeast
    | RunnerTagged
    | RunSuccessful
    | TraceResult
    | PsiResult
    | CountersAtLeast
    | RunOn
    | EncounteringSubtype
    | RunInProgress
    | YouHit
    | YouShot
    | YouNotShot
    | TeamWon
    | NoneShot
    | All
)


# ---------------------------------------------------------------- effects: the player


@dataclass(frozen=True, slots=True)
class Draw(Node):
    """你抽 X 张牌."""

    count: int


@dataclass(frozen=True, slots=True)
class Buy(Node):
    """你购买 X 张牌 (from the matrix shop, or draw in modes without one, §2.2)."""

    count: int


@dataclass(frozen=True, slots=True)
class Discard(Node):
    """你弃 X 张牌 / 对手弃 X 张牌."""

    count: int
    who: Literal["you", "opponent"] = "you"


@dataclass(frozen=True, slots=True)
class Search(Node):
    """你搜寻 1 张「名称」 (personal deck) / 你从矩阵商店搜寻 1 张「名称」."""

    count: int
    name: str
    source: Literal["deck", "shop"] = "deck"


@dataclass(frozen=True, slots=True)
class SearchType(Node):
    """你从<牌库区>搜寻 1 张<类型>，展示后加入你的手牌 (netrunner)."""

    zone: str
    count: int
    card_type: str


@dataclass(frozen=True, slots=True)
class Reveal(Node):
    """你翻牌直到翻出 1 张<类别>牌 (§7.5)."""

    count: int
    category: str


@dataclass(frozen=True, slots=True)
class Mulligan(Node):
    """你调度 X 次."""

    count: int


@dataclass(frozen=True, slots=True)
class Mortgage(Node):
    """你抵押 X 张手牌."""

    count: int


@dataclass(frozen=True, slots=True)
class GainToken(Node):
    """你获得 1 张「衍生牌名」."""

    count: int
    name: str


@dataclass(frozen=True, slots=True)
class GainCredits(Node):
    """你获得 X[credit]."""

    count: int
    who: Party = "you"


@dataclass(frozen=True, slots=True)
class LoseCredits(Node):
    """你失去 X[credit] / 潜袭者失去 X[credit] / 公司失去 X[credit]."""

    count: int
    who: Party = "you"


@dataclass(frozen=True, slots=True)
class GainClicks(Node):
    """你获得 [click]…."""

    count: int
    who: Party = "you"


@dataclass(frozen=True, slots=True)
class LoseClicks(Node):
    """潜袭者失去 [click]…."""

    count: int
    who: Party = "runner"


@dataclass(frozen=True, slots=True)
class GainTags(Node):
    """潜袭者获得 X 个锁定标记."""

    count: int
    who: Party = "runner"


@dataclass(frozen=True, slots=True)
class RemoveTags(Node):
    """你移除 X 个锁定标记."""

    count: int


@dataclass(frozen=True, slots=True)
class GainBadPublicity(Node):
    """你获得 X 个负面声誉."""

    count: int


@dataclass(frozen=True, slots=True)
class Roll(Node):
    """你投掷 X 枚六面骰."""

    count: int


@dataclass(frozen=True, slots=True)
class Deploy(Node):
    """你部署 X 名待命特工."""

    count: int


@dataclass(frozen=True, slots=True)
class Run(Node):
    """你对<服务器>发起潜袭; ``count`` for 1 台中央服务器 / 1 台远程服务器."""

    server: str
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Access(Node):
    """你额外读取 X 张牌."""

    count: int


@dataclass(frozen=True, slots=True)
class Install(Node):
    """你安装 X 个<类型> (usually 你可以安装)."""

    count: int
    card_type: str


@dataclass(frozen=True, slots=True)
class RezFree(Node):
    """你激活 X 张牌，无视其全部激活费用."""

    count: int


@dataclass(frozen=True, slots=True)
class PlayerLimit(Node):
    """你的手牌上限 +X / 你的内存上限 +X[mu] / 你的链接强度 +X; also 潜袭者的… (``who="runner"``) and
    公司的手牌上限 ±X (``who="corp"``)."""

    stat: Literal["hand_size", "memory", "link"]
    delta: int
    who: Party = "you"


# ---------------------------------------------------------------- effects: crossfire


@dataclass(frozen=True, slots=True)
class CountsAs(Node):
    """你视为<角色>."""

    role: str


@dataclass(frozen=True, slots=True)
class PublicRole(Node):
    """你的角色公开."""


@dataclass(frozen=True, slots=True)
class Protect(Node):
    """你不射击；你保护你指向的玩家：抵消 X 发射向该玩家的子弹."""

    bullets: int


@dataclass(frozen=True, slots=True)
class Guns(Node):
    """你有 N 把枪：你可以同时指向 N 名不同的玩家，各射 X 发."""

    count: int
    shots: int


@dataclass(frozen=True, slots=True)
class SniperMarks(Node):
    """The Sniper's shot cards: one per Assassin, fewer allowed, at most X in front of one player."""

    per_player: int


@dataclass(frozen=True, slots=True)
class Win(Node):
    """你获胜."""


@dataclass(frozen=True, slots=True)
class Lose(Node):
    """你落败."""


@dataclass(frozen=True, slots=True)
class SoleWin(Node):
    """你单独获胜，其他所有玩家落败."""


@dataclass(frozen=True, slots=True)
class ShooterLoses(Node):
    """击中你的玩家落败."""


# ---------------------------------------------------------------- effects: units and cards


@dataclass(frozen=True, slots=True)
class Heal(Node):
    """<对象>回复 X 点生命值."""

    ref: Ref
    amount: int


@dataclass(frozen=True, slots=True)
class GainShield(Node):
    """<对象>获得 X 点护盾值 (own shield, capped, §8.3)."""

    ref: Ref
    amount: int


@dataclass(frozen=True, slots=True)
class GainTempHp(Node):
    """<对象>获得 X 点临时生命值."""

    ref: Ref
    amount: int


@dataclass(frozen=True, slots=True)
class GainVision(Node):
    """<对象>获得背向视野 / 侧向视野."""

    ref: Ref
    vision: Literal["rear", "side"]


@dataclass(frozen=True, slots=True)
class Move(Node):
    """<对象>移动 a-b; with ``speed``, <对象>移动 0-移速: up to the unit's 移速 (with its modifiers), ``low`` and
    ``high`` 0 (the engine gives the steps: :meth:`toolkit.engine.tactics.board.BoardRules.move_allowance`)."""

    ref: Ref
    low: int
    high: int
    speed: bool = False


@dataclass(frozen=True, slots=True)
class Modify(Node):
    """<对象>移速 / 生命值上限 / 受到的伤害 / 攻击距离 / 攻击命中骰结果 ±X (continuous)."""

    ref: Ref
    stat: Literal["move", "max_hp", "damage_taken", "range", "hit_result"]
    delta: int


@dataclass(frozen=True, slots=True)
class Cannot(Node):
    """<对象>无法移动 / 无法攻击 / 无法使用响应."""

    ref: Ref
    action: Literal["move", "attack", "respond"]


@dataclass(frozen=True, slots=True)
class BasicAttack(Node):
    """<对象>进行 X 次袭击 / 反击."""

    ref: Ref
    kind: Literal["strike", "counter"]
    count: int


@dataclass(frozen=True, slots=True)
class AttackWith(Node):
    """<对象>使用「名称」攻击 X 次."""

    ref: Ref
    name: str
    count: int


@dataclass(frozen=True, slots=True)
class SelfDestruct(Node):
    """本牌自毁 (§14.5)."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class AttackMod(Node):
    """本次攻击命中骰结果 / 攻速 / 的伤害 ±X."""

    stat: Literal["hit_result", "speed", "damage"]
    delta: int


@dataclass(frozen=True, slots=True)
class Damage(Node):
    """对<对象>造成 X 点伤害."""

    ref: Ref
    amount: int


@dataclass(frozen=True, slots=True)
class Tap(Node):
    """横置<对象>."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class Reset(Node):
    """重置<对象>."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class Destroy(Node):
    """消灭<对象>."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class Expose(Node):
    """暴露<对象>."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class Remove(Node):
    """移除<对象> (移除本牌)."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class Switch(Node):
    """切换 (reversible cards, §7.4.1)."""


@dataclass(frozen=True, slots=True)
class TakeControl(Node):
    """你获得<对象>的操控权 (§5.4, T11): the unit card and everything attached move to your player board; the
    owner keeps ownership. Only a unit a hostile player controls changes control (never an obstacle, §5.2, nor
    a teammate's unit, §5.3). Under 直到…, control goes back to the owner when the duration ends."""

    ref: Ref


@dataclass(frozen=True, slots=True)
class DestroyTerrain(Node):
    """消灭<地形> (§4.2, T20): a wall becomes a broken wall, a floor a pit; a broken wall or a pit is restored."""

    cells: Cells


@dataclass(frozen=True, slots=True)
class RestoreTerrain(Node):
    """恢复<地形> (§4.2 "恢复原地形", T20): a broken wall becomes a wall again, a pit a floor; units in a cell
    that becomes a wall are moved out by their controller."""

    cells: Cells


# ---------------------------------------------------------------- effects: netrunner


@dataclass(frozen=True, slots=True)
class TypedDamage(Node):
    """造成 X 点肢体伤害 / 网域伤害 / 脑部伤害."""

    kind: Literal["meat", "net", "brain"]
    amount: int


@dataclass(frozen=True, slots=True)
class EndRun(Node):
    """终止潜袭."""


@dataclass(frozen=True, slots=True)
class Trash(Node):
    """销毁 X 个<类型>."""

    count: int
    card_type: str


@dataclass(frozen=True, slots=True)
class BreakSubroutine(Node):
    """破解 X 个<子类型>子进程; with ``any_number``, 破解任意数量的<子类型>子进程: as many as the runner picks, up to
    every unbroken one, ``count`` then :data:`~toolkit.text.limits.MAX_COUNT` (the most a text may count: what a
    reckoning of breaks per payment reads)."""

    count: int
    subtype: str
    any_number: bool = False


@dataclass(frozen=True, slots=True)
class Strength(Node):
    """强度 ±X."""

    delta: int


@dataclass(frozen=True, slots=True)
class PlaceCredits(Node):
    """在本牌上放置 X[credit]."""

    amount: int


@dataclass(frozen=True, slots=True)
class PlaceAdvancement(Node):
    """在本牌上放置 X 个推进标记."""

    amount: int


@dataclass(frozen=True, slots=True)
class AdvanceInstalled(Node):
    """在 N 张已安装的牌上放置 X 个推进标记."""

    cards: int
    amount: int


@dataclass(frozen=True, slots=True)
class TakeCredits(Node):
    """从本牌上拿取 X[credit]."""

    amount: int


@dataclass(frozen=True, slots=True)
class PlaceCounters(Node):
    """在本牌上放置 X 个<指示物> (病毒指示物 / 能量指示物 / 议案指示物; 推进标记 is :class:`PlaceAdvancement`)."""

    kind: CounterKind
    amount: int


@dataclass(frozen=True, slots=True)
class RemoveCounters(Node):
    """从本牌上移除 X 个<指示物> (推进标记 too)."""

    kind: CounterKind
    amount: int


@dataclass(frozen=True, slots=True)
class Purge(Node):
    """清除病毒指示物."""


@dataclass(frozen=True, slots=True)
class Scripted(Node):
    """A part of a card script (:mod:`toolkit.engine.netrunner.scripts`): the behaviour of paragraph
    ``paragraph`` of the printed text of card ``card``, written in Python. Never parsed from text: a
    script builds it; it renders (for logs) but has no ability-language form to read back."""

    card: str
    paragraph: int
    part: int = 0


@dataclass(frozen=True, slots=True)
class InstallHosted(Node):
    """你将 X 个<类型>安装在本牌上 (hosted on this card)."""

    count: int
    card_type: str


@dataclass(frozen=True, slots=True)
class RecurringCredits(Node):
    """本牌有 X 点循环信用点，只能用于<用途> (支付破解器的能力 / 提升追踪强度 / 安装 / 激活)."""

    amount: int
    use: str


@dataclass(frozen=True, slots=True)
class Trace(Node):
    """追踪[X]: a trace of base strength X (then 如果追踪成功 / 如果追踪失败)."""

    base: int


@dataclass(frozen=True, slots=True)
class Psi(Node):
    """进行心灵博弈 (then 如果双方出价相同 / 如果双方出价不同)."""


@dataclass(frozen=True, slots=True)
class JackOut(Node):
    """你退出潜袭."""


@dataclass(frozen=True, slots=True)
class PreventDamage(Node):
    """防止 X 点肢体伤害 / 网域伤害 / 脑部伤害, or 防止 X 点伤害 (``kind="any"``)."""

    kind: Literal["meat", "net", "brain", "any"]
    amount: int


@dataclass(frozen=True, slots=True)
class AvoidTags(Node):
    """避免 X 个锁定标记."""

    count: int


@dataclass(frozen=True, slots=True)
class PreventTrash(Node):
    """防止 X 张你已安装的牌被销毁."""

    count: int


@dataclass(frozen=True, slots=True)
class CanBeAdvanced(Node):
    """本牌可以被推进."""


# ---------------------------------------------------------------- structure


@dataclass(frozen=True, slots=True)
class If(Node):
    """如果<条件>，<效果>: the rest of the sentence happens only if the condition holds."""

    condition: Condition
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class YouMay(Node):
    """你可以<效果>: the player chooses whether it happens (§7.3.2)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Until(Node):
    """直到回合结束 / 直到你的下个回合开始，<持续效果>."""

    until: Literal["turn_end", "your_next_turn_start"]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ForEachCounter(Node):
    """本牌上每有 X 个<指示物>，<效果>: the rest of the sentence happens once for each ``per`` counters on
    this card."""

    kind: CounterKind
    per: int
    effects: tuple[Effect, ...]


Effect = Node
"""Any effect node above (costs, conditions and refs are nodes too, but never stand as effects)."""


@dataclass(frozen=True, slots=True)
class Sentence(Node):
    """One sentence, ending in 。; its effects resolve in order."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Ability(Node):
    """One ability: kind, timing (triggered), costs (active, response, special, paid), sentences."""

    kind: AbilityKind
    sentences: tuple[Sentence, ...]
    timing: str | None = None
    costs: tuple[Cost, ...] = ()


def walk(node: Any) -> Any:
    """Every node under ``node`` (itself included), depth first, in field order."""
    if isinstance(node, Node):
        yield node
        names = _FIELD_NAMES.get(node.__class__)
        if names is None:
            names = _field_names(node.__class__)
        for name in names:
            yield from walk(getattr(node, name))
    elif isinstance(node, tuple):
        for item in node:
            yield from walk(item)


# per node class, its fields but the span, in order (what walk visits): dataclasses.fields builds its tuple anew
# at each call
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls) if f.name != "span")
    return names


def to_json(node: Any) -> Any:
    """A JSON-ready view: ``{"node": "Draw", "count": 2}``; spans as ``[start, end]``."""
    if isinstance(node, Node):
        out: dict[str, Any] = {"node": type(node).__name__}
        for f in fields(node):
            if f.name != "span":
                out[f.name] = to_json(getattr(node, f.name))
        if node.span is not None:
            out["span"] = list(node.span)
        return out
    if isinstance(node, tuple):
        return [to_json(item) for item in node]
    return node


def dump(node: Any, indent: int = 0) -> str:
    """An indented, human-readable outline of a node: one line per node, scalar fields inline."""
    pad = "  " * indent
    if isinstance(node, tuple):
        return "\n".join(dump(item, indent) for item in node)
    if not isinstance(node, Node):
        return pad + repr(node)
    scalars: list[str] = []
    children: list[str] = []
    for f in fields(node):
        if f.name == "span":
            continue
        value = getattr(node, f.name)
        if isinstance(value, Node) or (isinstance(value, tuple) and value and isinstance(value[0], Node)):
            children.append(f"{pad}  {f.name}:\n" + dump(value, indent + 2))
        elif value not in (None, ()):
            scalars.append(f"{f.name}={value!r}" if not isinstance(value, str) else f"{f.name}={value}")
    head = pad + type(node).__name__ + (" " + " ".join(scalars) if scalars else "")
    if node.span is not None:
        head += f"  @{node.span[0]}-{node.span[1]}"
    return "\n".join([head, *children])


NODE_TYPES: dict[str, type[Node]] = {
    cls.__name__: cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Node) and cls is not Node
}


def _slot_setter(cls: type, name: str) -> Any:
    """The ``__set__`` of the slot ``name`` of ``cls`` (or of a base): it sets the field of a frozen node as
    ``object.__setattr__`` does, without looking the name up."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return vars(klass)[name].__set__
    raise AttributeError(name)  # pragma: no cover - every field of a slotted dataclass is a slot


def _fast_init(cls: type[Node]) -> None:
    """Give the node class ``cls`` an ``__init__`` of the same signature (parameters, defaults, keyword-only
    span) that sets each slot through its descriptor. The one dataclasses writes for a frozen class sets each
    field with ``object.__setattr__(self, name, value)`` (its ``__setattr__`` refuses), which looks the
    name up again; this one is a third faster, and parsing a text makes a handful of nodes. The class stays
    the dataclass it is (fields, equality, hashing, repr, frozen). A class this does not model (a
    ``__post_init__``, a default factory, a field out of ``__init__``) keeps its own."""
    if hasattr(cls, "__post_init__"):
        return
    positional: list[str] = []
    keyword: list[str] = []
    lines: list[str] = []
    names: dict[str, Any] = {}
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING:
            return
        names[f"_set_{f.name}"] = _slot_setter(cls, f.name)
        parameter = f.name
        if f.default is not MISSING:
            names[f"_default_{f.name}"] = f.default
            parameter += f"=_default_{f.name}"
        (keyword if f.kw_only else positional).append(parameter)
        lines.append(f"    _set_{f.name}(self, {f.name})")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    exec(f"def __init__({signature}):\n" + "\n".join(lines or ["    pass"]) + "\n", names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init  # type: ignore[method-assign]


_CLASSES: tuple[type[Node], ...] = (Node, *NODE_TYPES.values())
for _cls in _CLASSES:
    _fast_init(_cls)
del _cls, _CLASSES


def from_json(data: Any) -> Any:
    """Inverse of :func:`to_json` (spans included); raises ``ValueError`` on unknown nodes."""
    if isinstance(data, dict):
        name = data.get("node")
        cls = NODE_TYPES.get(str(name))
        if cls is None:
            raise ValueError(f"unknown node {name!r}")
        kwargs = {k: from_json(v) for k, v in data.items() if k not in ("node", "span")}
        span = data.get("span")
        return cls(**kwargs, span=tuple(span) if span else None)
    if isinstance(data, list):
        return tuple(from_json(item) for item in data)
    return data
