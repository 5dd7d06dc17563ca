"""Records of the tactical agents game (seed 000, id ``tactics``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import partial
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    StringConstraints,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import InitErrorDetails

from toolkit.i18n import N_, current_lang, tr, word

from .common import (
    ART_DOC,
    MAX_ABILITIES,
    AbilityText,
    ArtPath,
    GameBase,
    ModeBase,
    Names,
    PlayerRange,
    RecordBase,
    RecordModel,
    Rule,
    Slug,
    Term,
    UniqueList,
    own_rules,
    problem,
    problems,
    unread,
)

Category = Literal["equipment", "skill", "item", "status", "minion"]
Back = Literal["personal", "shop"]
AttackStyle = Literal["melee", "ranged"]
EquipmentSize = Literal["carried", "normal", "heavy"]
SLOTS_BY_SIZE: dict[str, int] = {"carried": 0, "normal": 1, "heavy": 2}
StatusTarget = Literal[
    "any_unit",
    "friendly_unit",
    "enemy_unit",
    "agent",
    "friendly_agent",
    "enemy_agent",
    "minion",
    "none",
]
Victory = Literal["last_squad_standing", "first_blood"]
UserKind = Literal["agent", "minion"]


def _at(field: str | tuple[str | int, ...], value: object, message: str) -> ValidationError:
    """A check of a whole record told at one of its fields (``field``, or its path inside the record; ``value``:
    what it holds, None for a field left out, which is told where it belongs) (:func:`~.common.problem`): a model
    validator's own ``ValueError`` has no place, and lint would place it at the start of the file. The message is in
    the current language, as a ``value_error``'s. (A record with several checks of its own raises all their problems
    at once: :func:`~.common.own_rules`.)"""
    return problems("TacticsRecord", [problem(field, value, message)])


class Vision(RecordModel):
    """Front vision is always there; rear and side vision are extra arrows (§6.1)."""

    rear: bool = Field(default=False, description="背向视野: an arrow behind the piece too.")
    side: bool = Field(default=False, description="侧向视野: arrows to the left and right too.")


class Distance(RecordModel):
    """An inclusive distance band, e.g. 0-1 or 2-5."""

    min: int = Field(ge=0, le=30)
    max: int = Field(ge=0, le=30)

    @model_validator(mode="after")
    def _ordered(self) -> Distance:
        if self.min > self.max:
            raise ValueError(tr("range min {min} is greater than max {max}", min=self.min, max=self.max))
        return self


class AttackProfile(RecordModel):
    """An attack: melee or ranged, subtype, attack speed (hit dice rolled) and range."""

    style: AttackStyle = Field(description="近战 melee or 射击 ranged.")
    subtype: Slug | None = Field(default=None, description="Attack subtype id from the game's attack_subtypes.")
    speed: int = Field(ge=1, le=10, description="攻速: how many hit dice the attack rolls.")
    range: Distance = Field(description="攻击距离.")
    through_walls: bool = Field(default=False, description="穿墙: range is counted ignoring walls.")


class Cost(RecordModel):
    """Cost to play a command card: mortgage X cards from hand (-X) and/or tap."""

    mortgage: int = Field(default=0, ge=0, le=20, description="-X: cards from hand put into the mortgage zone.")
    tap: bool = Field(default=False, description="横置: the playing agent taps.")


class Equipment(RecordModel):
    """What an equipment card adds: slots, attack, shield, who may wear it."""

    size: EquipmentSize = Field(
        default="normal",
        description="carried (随身/徒手, 0 slots), normal (1 slot) or heavy (重型, 2 slots).",
    )
    attack: AttackProfile | None = Field(default=None, description="Attack profile, for weapons.")
    shield: int | None = Field(default=None, ge=1, le=20, description="护盾值 printed on the equipment.")
    users: UniqueList[UserKind] = Field(
        default_factory=lambda: list[UserKind](["agent"]),
        min_length=1,
        description="Kinds of unit that may legally wear it.",
    )

    @property
    def slots(self) -> int:
        return SLOTS_BY_SIZE[self.size]


class Status(RecordModel):
    """What a status card attaches to ('none': it cannot be attached directly, §7.3.2)."""

    target: StatusTarget


class Reverse(RecordModel):
    """The reverse face of a reversible card (倒转牌, §7.4.1)."""

    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, min_length=1, description="Abilities of the reverse face.")
    playable: bool = Field(default=True, description="False: this face cannot be played directly.")
    active_when_tapped: Literal["front", "reverse"] = Field(
        default="reverse",
        description="The face marked 此面生效, the only one active while the card is tapped.",
    )
    switch: bool = Field(default=False, description="切换: may be turned over after it is reset.")


class Token(RecordModel):
    """Token card (衍生牌): made during play, never in a deck."""

    max_in_play: int = Field(ge=1, le=20, description="How many of this token one player may have in play.")


class TacticsGame(GameBase):
    kind: Literal["game"]
    game: Literal["tactics"]
    hit_die: list[int] = Field(
        min_length=6,
        max_length=6,
        description="Damage dealt by hit-die faces 1..6 (RULINGS T9).",
    )
    hand_limit: int = Field(default=8, ge=1, description="Base hand limit (§8.2).")
    equipment_slots: int = Field(default=2, ge=0, description="Equipment slots per unit (§7.3.1).")
    self_shield_cap: int = Field(default=6, ge=0, description="Most own shield a unit can gain (§8.3).")
    temp_hp_cap: int = Field(
        default=6,
        ge=0,
        description="Most temporary HP a unit holds: the red d6 that marks it (§8.3; a reading: the d6 stops at 6).",
    )
    opening_hand: int = Field(default=3, ge=0, description="Cards drawn at setup (§3.1).")
    agent_subtypes: list[Term] = Field(default_factory=list, description="Agent subtype vocabulary.")
    attack_subtypes: list[Term] = Field(default_factory=list, description="Attack subtype vocabulary.")


class TacticsRuleDeckSize(RecordModel):
    rule: Literal["deck_size"]
    min: int | None = Field(default=None, ge=0, description="Fewest command cards; null: no minimum.")
    max: int | None = Field(default=None, ge=0, description="Most command cards; null: no maximum (§7.1).")

    @model_validator(mode="after")
    def _ordered(self) -> TacticsRuleDeckSize:
        """A minimum past the maximum: no deck could keep the rule."""
        if self.min is not None and self.max is not None and self.min > self.max:
            raise _at("min", self.min, tr("min {min} is greater than max {max}", min=self.min, max=self.max))
        return self


class TacticsRuleSquadSize(RecordModel):
    """Squad between the mode's starting_agents and max_agents."""

    rule: Literal["squad_size"]


class TacticsRuleUniqueNames(RecordModel):
    rule: Literal["unique_names"]
    of: Literal["command", "agent"]


class TacticsRuleSimple(RecordModel):
    """Rules without parameters."""

    rule: Literal["exclusive_needs_agent", "no_tokens", "no_shop_cards"]


TacticsDeckRule = Annotated[
    TacticsRuleDeckSize | TacticsRuleSquadSize | TacticsRuleUniqueNames | TacticsRuleSimple,
    Field(discriminator="rule"),
]


class ModePlayers(PlayerRange):
    """How many players a mode is for: ``min`` to ``max``, or only the ``counts`` listed (双雄: 2 or 4)."""

    counts: list[int] | None = Field(
        default=None,
        description="The only player counts the mode is for, when not every count from min to max is "
        '(§15.2 双雄 "2 或 4 人": [2, 4]); increasing, from min to max.',
    )

    @model_validator(mode="after")
    def _counts(self) -> ModePlayers:
        counts = self.counts
        if counts is not None and (
            not counts or counts[0] != self.min or counts[-1] != self.max or counts != sorted(set(counts))
        ):
            raise _at(
                "counts",
                counts,
                tr(
                    "counts {counts}: give each player count once, in increasing order, from min {min} to max {max}",
                    counts=counts,
                    min=self.min,
                    max=self.max,
                ),
            )
        return self

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Without ``counts`` when the mode takes every count from min to max (as a map's players are written)."""
        data: dict[str, Any] = handler(self)
        if self.counts is None:
            data.pop("counts", None)
        return data

    def allowed(self) -> list[int]:
        """The player counts the mode is for: ``counts``, else every count from ``min`` to ``max``."""
        return list(self.counts) if self.counts is not None else list(range(self.min, self.max + 1))


# What a mode whose rules are complete must say, and what it may leave to a default. A mode marked
# ``status: "incomplete"`` (梦魇通廊, RULINGS T6) says only what the rule documents say: these stay null.
MODE_REQUIRED = ("starting_agents", "max_agents", "matrix_shop", "scene_obstacles")
MODE_DEFAULTS: dict[str, object] = {"hidden_agents": True, "teams": "none", "deployment_zones": 2}
_UNSPECIFIED = " Null (left out) only in a mode with status 'incomplete', whose rules the documents leave unspecified."


class TacticsMode(ModeBase):
    model_config = {
        **ModeBase.model_config,
        "json_schema_extra": {
            "anyOf": [
                {"properties": {"status": {"const": "incomplete"}}, "required": ["status"]},
                {"required": list(MODE_REQUIRED), "properties": {k: {"not": {"type": "null"}} for k in MODE_REQUIRED}},
            ]
        },
    }

    kind: Literal["mode"]
    game: Literal["tactics"]
    players: ModePlayers
    starting_agents: int | None = Field(default=None, ge=0, le=10, description="起始特工数量." + _UNSPECIFIED)
    max_agents: int | None = Field(default=None, ge=0, le=10, description="最大特工数量." + _UNSPECIFIED)
    matrix_shop: bool | None = Field(
        default=None, description="Whether the mode uses the matrix shop (else buy = draw)." + _UNSPECIFIED
    )
    scene_obstacles: Literal["none", "standard"] | None = Field(
        default=None, description="场景障碍设置." + _UNSPECIFIED
    )
    hidden_agents: bool | None = Field(
        default=None, description="Agents start hidden (单挑: false); default true." + _UNSPECIFIED
    )
    teams: Literal["none", "teams", "free_for_all"] | None = Field(
        default=None, description="组队 / 混战; default 'none'." + _UNSPECIFIED
    )
    victory: UniqueList[Victory] = Field(default_factory=list, description="Victory conditions.")
    first_blood_points: int | None = Field(default=None, ge=1, description="Points that win 先发制人.")
    draw_phase: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list, description="What the draw phase does.")
    deck_rules: list[TacticsDeckRule] = Field(default_factory=list, description="Deck rules as data.")
    agents_count_toward_deck_size: bool = Field(
        default=False, description="House rule (RULINGS T1): agent cards count toward deck size."
    )
    discard_from_mortgage: bool = Field(
        default=False, description="House rule (RULINGS T8): end-of-turn discard may take mortgaged cards."
    )
    climb_cost: int = Field(
        default=2, ge=1, le=10, description="House rule (RULINGS T18): steps of a move a climb out of a pit costs."
    )
    units_impede: bool = Field(
        default=False, description="House rule (RULINGS T17): units that are not obstacles also give cover."
    )
    deployment_zones: int | None = Field(
        default=None,
        ge=1,
        le=6,
        description="How many numbered deployment zones (1..N) a map made for this mode must have (RULINGS T19); "
        "default 2." + _UNSPECIFIED,
    )

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: object) -> object:
        """A complete mode's defaults (hidden agents, no teams, zones 1-2); an incomplete mode gets none."""
        if isinstance(data, dict) and data.get("status", "complete") != "incomplete":
            missing = {k: v for k, v in MODE_DEFAULTS.items() if data.get(k) is None}
            if missing:
                data = {**data, **missing}
        return data

    @model_validator(mode="wrap")
    @classmethod
    def _rules(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """The mode's own checks, each told (with its fields' problems, as far as they tell)."""
        return own_rules(cls, data, handler, (_mode_required, _mode_agents, _mode_first_blood))


def _mode_required(mode: Any) -> Iterator[InitErrorDetails]:
    """What a complete mode must say (told where the first one left out belongs)."""
    if mode.status == "incomplete":
        return
    missing = [k for k in MODE_REQUIRED if not unread(mode, k) and getattr(mode, k) is None]
    if missing:
        fields = tr(", ").join(missing)
        yield problem(missing[0], None, tr("{fields}: required unless the mode's {status} is {incomplete}",
                                           fields=fields, status="status", incomplete="'incomplete'"))  # fmt: skip


def _mode_agents(mode: Any) -> Iterator[InitErrorDetails]:
    """No more starting agents than the most a squad may have."""
    start, most = mode.starting_agents, mode.max_agents
    if start is not None and most is not None and start > most:
        message = tr("{field} {value} is greater than {other} {limit}", field="starting_agents", value=start,
                     other="max_agents", limit=most)  # fmt: skip
        yield problem("starting_agents", start, message)


def _mode_first_blood(mode: Any) -> Iterator[InitErrorDetails]:
    """先发制人 needs its points."""
    if "first_blood" in mode.victory and mode.first_blood_points is None:
        message = tr("{field} {value} needs {other}", field="victory", value="'first_blood'",
                     other="first_blood_points")  # fmt: skip
        yield problem(("victory", list(mode.victory).index("first_blood")), "first_blood", message)


class TacticsAgent(RecordBase):
    """An agent card (特工牌): symbol, HP, move speed, vision, abilities."""

    kind: Literal["agent"]
    game: Literal["tactics"]
    private: bool = Field(default=False, description="列兵: generic agent, no symbol, no exclusive cards.")
    symbol: str | None = Field(
        default=None, min_length=1, max_length=4, description="特工标志 printed on its exclusive cards."
    )
    subtypes: UniqueList[Slug] = Field(default_factory=list, description="Agent subtype ids (game agent_subtypes).")
    hp: int = Field(ge=1, le=50, description="生命值上限.")
    move: int = Field(ge=0, le=10, description="移速.")
    vision: Vision = Field(default_factory=Vision)
    attacks: UniqueList[Slug] = Field(
        default_factory=lambda: ["brawl", "sidearm"], description="Built-in attacks (特工自带攻击)."
    )
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list, description="Abilities, top to bottom.")
    art: ArtPath | None = Field(default=None, description=ART_DOC)

    @model_validator(mode="after")
    def _symbol(self) -> TacticsAgent:
        if self.private and self.symbol is not None:
            raise _at("symbol", self.symbol, tr("a private has no agent symbol"))
        if not self.private and self.symbol is None:
            raise _at("symbol", None, tr("an agent that is not a private needs a symbol"))
        return self


class Deployment(RecordModel):
    """Where and how a minion enters play (printed on the minion card)."""

    position: Literal["same_coordinate", "adjacent", "within", "deployment_zone"] = Field(
        description="Relative to the agent that played the card, or any deployment zone."
    )
    distance: int | None = Field(default=None, ge=0, le=30, description="For 'within': the most distance.")
    hidden: bool = Field(default=False, description="Enters hidden (else exposed).")
    tapped: bool = Field(default=False, description="Enters tapped.")

    @model_validator(mode="after")
    def _distance(self) -> Deployment:
        if (self.position == "within") != (self.distance is not None):
            raise _at(
                "distance",
                self.distance,
                tr(
                    "{field} is given exactly when {other} is {value}",
                    field="distance",
                    other="position",
                    value="'within'",
                ),
            )
        return self


class TacticsMinion(RecordBase):
    """A minion unit (随从), deployed by a minion command card."""

    kind: Literal["unit"]
    game: Literal["tactics"]
    type: Literal["minion"]
    hp: int = Field(ge=1, le=50)
    move: int = Field(ge=0, le=10)
    vision: Vision = Field(default_factory=Vision)
    attack: AttackProfile | None = Field(default=None, description="Its own attack (随从牌面自带攻击).")
    deploy: Deployment
    can_use_command_cards: bool = Field(default=False, description="Marked minions may use command cards.")
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list)
    art: ArtPath | None = Field(default=None, description=ART_DOC)


class TacticsObstacle(RecordBase):
    """An obstacle (障碍): a neutral unit, hostile to all; scene obstacles start on the map."""

    kind: Literal["unit"]
    game: Literal["tactics"]
    type: Literal["obstacle"]
    obstacle: Literal["normal", "scene"] = Field(description="普通障碍 or 场景障碍.")
    hp: int = Field(ge=1, le=50)
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list)
    art: ArtPath | None = Field(default=None, description=ART_DOC)


TacticsUnit = Annotated[TacticsMinion | TacticsObstacle, Field(discriminator="type")]


class TacticsAbility(RecordBase):
    """A basic ability from the basic-ability reference card (行进, 袭击, …)."""

    kind: Literal["ability"]
    game: Literal["tactics"]
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, min_length=1)


class TacticsAttack(RecordBase):
    """A built-in attack every agent has (格斗, 制式手枪)."""

    kind: Literal["attack"]
    game: Literal["tactics"]
    attack: AttackProfile
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list)


# what a card of a category with a field of its own lacks without it (a sentence each: "an equipment card")
CATEGORY_NEEDS: dict[str, str] = {
    "equipment": N_("an equipment card needs the {field} field"),
    "status": N_("a status card needs the {field} field"),
    "minion": N_("a minion card needs the {field} field"),
}


def _category_word(category: str) -> str:
    """A category (``equipment``, ``skill``, …) inside an error message: the id in English (the glossary's word),
    else the category's word in the current language (装备, 技能, …), as the engine's errors word card types."""
    lang = current_lang()
    return category if lang == "en" else word("type", category, lang)


class TacticsCard(RecordBase):
    """A command card (指令牌)."""

    kind: Literal["card"]
    game: Literal["tactics"]
    category: Category = Field(description="装备 equipment, 技能 skill, 道具 item, 状态 status, 随从 minion.")
    back: Back = Field(default="personal", description="personal (black back) or shop (gold, 矩阵商店).")
    agent: Slug | None = Field(default=None, description="Exclusive card (专用牌): the agent whose symbol it bears.")
    cost: Cost = Field(default_factory=Cost)
    text: list[AbilityText] = Field(max_length=MAX_ABILITIES, default_factory=list, description="Abilities (front face), top to bottom.")
    equipment: Equipment | None = None
    status: Status | None = None
    minion: Slug | None = Field(default=None, description="For minion cards: the unit id it deploys.")
    reverse: Reverse | None = Field(default=None, description="Reversible cards: the reverse face.")
    art: ArtPath | None = Field(default=None, description=ART_DOC)
    token: Token | None = Field(default=None, description="Token cards: per-player limit in play.")
    flavor: Names | None = None

    @model_validator(mode="wrap")
    @classmethod
    def _rules(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """The card's own checks, each told (with its fields' problems, as far as they tell)."""
        return own_rules(cls, data, handler, _CARD_RULES)

    @property
    def is_response(self) -> bool:
        """响应牌: the first ability is a response (§7.4.3)."""
        return bool(self.text) and self.text[0].startswith("响应")


def _category_field(category: str, card: Any) -> Iterator[InitErrorDetails]:
    """A category's own field (equipment, status, minion): given exactly for a card of that category."""
    value = getattr(card, category)
    if card.category == category and value is None:
        yield problem(category, None, tr(CATEGORY_NEEDS[category], field=repr(category)))
    elif card.category != category and value is not None:
        message = tr(
            "{field} is only for {category} cards, not {other}",
            field=repr(category),
            category=_category_word(category),
            other=_category_word(card.category),
        )
        yield problem(category, value, message)


def _token_not_shop(card: Any) -> Iterator[InitErrorDetails]:
    if card.token is not None and card.back == "shop":
        yield problem("token", card.token, tr("a token card is never a matrix shop card"))


def _shop_is_generic(card: Any) -> Iterator[InitErrorDetails]:
    if card.back == "shop" and card.agent is not None:
        yield problem("agent", card.agent, tr("matrix shop cards are generic: no agent symbol"))


_CARD_RULES: tuple[Rule, ...] = (
    *(partial(_category_field, category) for category in ("equipment", "status", "minion")),
    _token_not_shop,
    _shop_is_generic,
)


# The map legend (RULINGS T13): one character per cell -> its terrain. Zone digits and '*' are floor.
MAP_LEGEND: dict[str, str] = {
    ".": "floor",
    ",": "outdoor",
    "#": "wall",
    "%": "broken_wall",
    "o": "pit",
    "=": "stairs",
    "*": "floor",
    "1": "floor",
    "2": "floor",
    "3": "floor",
    "4": "floor",
    "5": "floor",
    "6": "floor",
}
MAP_LEGEND_TEXT = (
    "'.' floor, ',' outdoor floor, '#' wall, '%' broken wall, 'o' pit, '=' stairs, "
    "'*' scene obstacle spot, '1'..'6' deployment zone"
)
MAP_MAX_SIDE = 64

MapRow = Annotated[
    str,
    StringConstraints(min_length=1, max_length=MAP_MAX_SIDE),
    Field(description=f"One row of cells, west to east: {MAP_LEGEND_TEXT}."),
]


def map_row_problems(rows: list[str]) -> list[tuple[str, int, int, str]]:
    """Ragged rows and unknown characters of a map: (code, x, y, message) each, in reading order.

    A row is ragged when its length is not the map's width: the length most rows have (a tie: row 0's, else the
    first such row's), so only the odd rows are blamed, a short row 0 too. Shared by the model (which rejects the
    map) and lint (which locates every problem).
    """
    found: list[tuple[str, int, int, str]] = []
    if not rows:
        return found
    widths = Counter(len(row) for row in rows)
    most = max(widths.values())
    width = next(len(row) for row in rows if widths[len(row)] == most)  # (row 0's, when it is one of the most)
    for y, row in enumerate(rows):
        if len(row) != width:
            if len(rows[0]) == width:
                message = tr("row {y} has {n} cells; row 0 has {width}", y=y, n=len(row), width=width)
            else:
                message = tr("row {y} has {n} cells; most rows have {width}", y=y, n=len(row), width=width)
            found.append(("map.rows.ragged", min(len(row), width), y, message))
        for x, char in enumerate(row):
            if char not in MAP_LEGEND:
                message = tr("unknown character {char} at cell {x},{y} (row {y}, column {x})", char=repr(char), x=x, y=y)
                found.append(("map.rows.char", x, y, message))
    return found


def map_legend_text() -> str:
    """:data:`MAP_LEGEND_TEXT` in the current language (the schema's description keeps the English)."""
    return tr(
        "{floor} floor, {outdoor} outdoor floor, {wall} wall, {broken} broken wall, {pit} pit, {stairs} stairs, "
        "{spot} scene obstacle spot, {zones} deployment zone",
        floor="'.'",
        outdoor="','",
        wall="'#'",
        broken="'%'",
        pit="'o'",
        stairs="'='",
        spot="'*'",
        zones="'1'..'6'",
    )


class TacticsMap(RecordBase):
    """A map (RULINGS T13): a rectangular grid of cells written as rows of legend characters."""

    kind: Literal["map"] = Field(description="Record kind: a map.")
    game: Literal["tactics"] = Field(description="Maps belong to the tactics game.")
    rows: list[MapRow] = Field(
        min_length=1,
        max_length=MAP_MAX_SIDE,
        description=(
            "The grid, north at the top: row y, character x is cell x,y. "
            f"All rows have the same length. Legend: {MAP_LEGEND_TEXT}."
        ),
    )
    adjacency: Literal[4, 8] = Field(
        default=4, description="4: cells sharing a side are adjacent (RULINGS T14); 8: diagonals too."
    )
    modes: UniqueList[Slug] = Field(min_length=1, description="Ids of the modes the map is made for.")
    players: PlayerRange = Field(description="How many players the map suits.")
    summary: Names | None = Field(default=None, description="One-paragraph description.")

    @field_validator("rows")
    @classmethod
    def _grid(cls, rows: list[str]) -> list[str]:
        found = map_row_problems(rows)
        if found:
            shown = tr("; ").join(message for _, _, _, message in found[:5])
            if len(found) > 5:
                shown = tr("{problems} (and {n} more)", problems=shown, n=len(found) - 5)
            raise ValueError(
                tr(
                    "the map is not a rectangle of legend characters: {problems} (legend: {legend})",
                    problems=shown,
                    legend=map_legend_text(),
                )
            )
        return rows

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)


TacticsRecord = Annotated[
    TacticsGame
    | TacticsMode
    | TacticsAgent
    | TacticsUnit
    | TacticsAbility
    | TacticsAttack
    | TacticsCard
    | TacticsMap,
    Field(discriminator="kind"),
]

__all__ = [
    "AttackProfile",
    "Cost",
    "Deployment",
    "Distance",
    "Equipment",
    "MAP_LEGEND",
    "MAP_LEGEND_TEXT",
    "MODE_DEFAULTS",
    "MODE_REQUIRED",
    "ModePlayers",
    "Names",
    "Reverse",
    "Status",
    "TacticsAbility",
    "TacticsAgent",
    "TacticsAttack",
    "TacticsCard",
    "TacticsDeckRule",
    "TacticsGame",
    "TacticsMap",
    "TacticsMinion",
    "TacticsMode",
    "TacticsObstacle",
    "TacticsRecord",
    "Token",
    "Vision",
    "map_legend_text",
    "map_row_problems",
]
